/* cli.c - what the subcommands share: messages, options, reports. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "../bench/output.h"
#include "../bench/report.h"

int pz_usage(const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fputs("puzzlebench: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return PZ_EXIT_USAGE;
}

int pz_print_error_in(const char *cmd, const pz_error *e)
{
    fflush(stdout);
    if (cmd)
        fprintf(stderr, "puzzlebench: %s: ", cmd);
    if (e->line && e->col)
        fprintf(stderr, "%s:%ld:%ld: %s\n", e->file, e->line, e->col, e->msg);
    else if (e->line)
        fprintf(stderr, "%s:%ld: %s\n", e->file, e->line, e->msg);
    else if (e->file[0])
        fprintf(stderr, "%s: %s\n", e->file, e->msg);
    else
        fprintf(stderr, "%s%s\n", cmd ? "" : "puzzlebench: ", e->msg);
    return PZ_EXIT_USAGE;
}

int pz_print_error(const pz_error *e)
{
    return pz_print_error_in(NULL, e);
}

void pz_guard_stdio(void)
{
    for (int fd = 0; fd < 3; fd++)
        if (fcntl(fd, F_GETFD) < 0 && errno == EBADF)
            open("/dev/null", fd ? O_RDONLY : O_WRONLY); /* takes fd, the lowest free */
}

int pz_check_stdout(void)
{
    static int reported;
    int err;
    errno = 0;
    if (!fflush(stdout) && !ferror(stdout))
        return 0;
    err = errno;
    if (!reported++)
        fprintf(stderr, "puzzlebench: cannot write the output%s%s\n", err ? ": " : "",
                err ? strerror(err) : "");
    return -1;
}

enum {
    MAX_OPTIONS = 32, /* options of one command */
    HELP_COLUMN = 21, /* where the option lines' help starts */
};

/* The plug-ins of $PUZZLEBENCH_PLUGINS, then those given, where c takes
 * them: 0, or PZ_EXIT_USAGE after the message. */
static int load_plugins(const pz_command_line *c, const char **paths, int n)
{
    pz_error e;
    int takes = 0;
    for (const pz_option *o = c->options; o->name; o++)
        takes |= o->plugins;
    if (!takes)
        return 0;
    if (pz_plugin_load_env(&e))
        return pz_print_error(&e);
    for (int i = 0; i < n; i++)
        if (pz_plugin_load(paths[i], &e))
            return pz_print_error(&e);
    return 0;
}

/* After getopt's "unrecognized option '--corpos'": "did you mean '--corpus'?".
 * An unrecognized long option is one no name starts with (glibc takes a
 * unique prefix and calls several ambiguous). */
static void suggest_option(const pz_command_line *c, const char *prefix, const char *arg)
{
    pz_suggest s;
    char word[72], hint[PZ_HINT_SIZE];
    size_t len;
    if (optopt || strncmp(arg, "--", 2))
        return;
    len = strcspn(arg + 2, "=");
    if (len >= sizeof word)
        return;
    memcpy(word, arg + 2, len);
    word[len] = 0;
    pz_suggest_init(&s, word);
    for (const pz_option *o = c->options; o->name; o++) {
        if (!strncmp(o->name, word, len))
            return;
        pz_suggest_offer(&s, o->name);
    }
    if (*pz_suggestion(&s, "did you mean '--%s'?", hint, sizeof hint))
        fprintf(stderr, "%s: %s\n", prefix, hint);
}

int pz_parse_options(const pz_command_line *c, const char *prefix, int argc, char **argv,
                     const char **value, int *first)
{
    struct option longs[MAX_OPTIONS + 1];
    char shorts[2 * MAX_OPTIONS + 2], name[64], *arg0 = argv[0];
    int n = 0, len = 0, k, status = -1, nops = 0, nplugins = 0;
    const char **plugins = pz_xcalloc((size_t)argc, sizeof *plugins);

    /* '+': options end at the first operand.  '-': operands come back in
     * order as option 1, wherever they are and whatever POSIXLY_CORRECT says. */
    shorts[len++] = c->stop ? '+' : '-';

    for (; c->options[n].name; n++) {
        const pz_option *o = &c->options[n];
        if (n == MAX_OPTIONS)
            pz_fatal("%s: more than %d options", c->name, MAX_OPTIONS);
        /* Long-only options are told apart by values above any letter. */
        longs[n] = (struct option){o->name, o->metavar ? required_argument : no_argument, NULL,
                                   o->letter ? o->letter : 256 + n};
        if (o->letter) {
            shorts[len++] = (char)o->letter;
            if (o->metavar)
                shorts[len++] = ':';
        }
        value[n] = NULL;
    }
    longs[n] = (struct option){NULL, 0, NULL, 0};
    shorts[len] = '\0';

    /* getopt prints its messages after argv[0]: it is the prefix meanwhile.
     * optind 0 makes glibc start afresh, as a second call in a process needs. */
    snprintf(name, sizeof name, "%s%s", prefix ? "" : "puzzlebench: ", prefix ? prefix : c->name);
    argv[0] = name;
    optind = 0;
    opterr = 1;
    while (status < 0 && (k = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
        if (k == '?') {
            suggest_option(c, name, argv[optind - 1]);
            status = PZ_EXIT_USAGE;
            break;
        }
        if (k == 1) {
            /* The operands so far go to the slots of what was read before
             * them, which are no longer needed: nops < optind always. */
            argv[++nops] = optarg;
            continue;
        }
        /* Short or long, an option comes back as its longs[].val. */
        int i = 0;
        while (i < n && longs[i].val != k)
            i++;
        if (i == n)
            pz_fatal("%s: getopt_long returned an option not in the table", c->name);
        k = i;
        value[k] = c->options[k].metavar ? optarg : "";
        if (c->options[k].plugins) /* loaded below, once the options are read */
            plugins[nplugins++] = optarg;
        if (!strcmp(c->options[k].name, "help")) {
            c->help(stdout);
            status = PZ_EXIT_OK;
        }
    }
    argv[0] = arg0;
    if (status < 0 && (n = load_plugins(c, plugins, nplugins)))
        status = n;
    free(plugins);
    /* The operands read in the loop, then those after "--", end argv. */
    *first = optind - nops;
    memmove(argv + *first, argv + 1, (size_t)nops * sizeof *argv);
    return status;
}

void pz_print_usage(FILE *f, const pz_command_line *c)
{
    fprintf(f, "usage: puzzlebench %s %s\n", c->name, c->args);
}

void pz_print_options(FILE *f, const pz_option *o)
{
    for (; o->name; o++) {
        char text[1024];
        int col;
        if (o->letter)
            col = fprintf(f, "  -%c, --%s", o->letter, o->name);
        else
            col = fprintf(f, "  --%s", o->name);
        if (o->metavar)
            col += fprintf(f, " %s", o->metavar);
        if (col > HELP_COLUMN - 2) {
            fputc('\n', f);
            col = 0;
        }
        /* A "%d" in the text stands for num: a limit named in the code. */
        snprintf(text, sizeof text, o->help, o->num);
        for (const char *line = text, *end; *line; line = *end ? end + 1 : end) {
            end = strchr(line, '\n');
            if (!end)
                end = line + strlen(line);
            fprintf(f, "%*s%.*s\n", HELP_COLUMN - col, "", (int)(end - line), line);
            col = 0;
        }
    }
}

const char *pz_puzzle_hint(const char *name, char buf[PZ_HINT_SIZE])
{
    pz_suggest s;
    pz_suggest_init(&s, name);
    for (const pz_puzzle *const *p = pz_puzzles; *p; p++)
        pz_suggest_offer(&s, (*p)->name);
    return pz_suggestion(&s, "; did you mean '%s'?", buf, PZ_HINT_SIZE);
}

const char *pz_solver_hint(const pz_puzzle *p, const char *name, char buf[PZ_HINT_SIZE])
{
    pz_suggest s;
    pz_suggest_init(&s, name);
    for (const pz_solver *const *v = pz_solvers; *v; v++)
        if ((*v)->puzzle == p)
            pz_suggest_offer(&s, (*v)->name);
    return pz_suggestion(&s, "; did you mean '%s'?", buf, PZ_HINT_SIZE);
}

int pz_puzzle_arg(const char *cmd, const char *arg, const pz_puzzle **p)
{
    char hint[PZ_HINT_SIZE];
    if (*p)
        return pz_usage("%s: one puzzle at a time, found '%s' too", cmd, arg);
    if (!(*p = pz_find_puzzle(arg)))
        return pz_usage("%s: unknown puzzle '%s'%s (see puzzlebench list)", cmd, arg,
                        pz_puzzle_hint(arg, hint));
    return 0;
}

int pz_open_shard(const char *cmd, const pz_puzzle *p, const char *spec, const char *shard,
                  int stream, pz_corpus *c, pz_shard *sh)
{
    pz_error e;
    if (!p)
        return pz_usage("%s: which puzzle? (see puzzlebench list)", cmd);
    if (!spec)
        return pz_usage("%s: --corpus SPEC is required (e.g. %s:%s)", cmd, p->name,
                        p->generators[0].kind);
    if ((stream ? pz_corpus_open_stream : pz_corpus_open)(c, p, spec, &e))
        return pz_print_error(&e);
    if (pz_parse_shard(shard, c->count, sh, &e)) {
        pz_corpus_close(c);
        return pz_print_error(&e);
    }
    return 0;
}

int pz_check_clash(const char *cmd, const pz_path *paths, int n)
{
    int a, b;
    if (!pz_path_clash(paths, n, &a, &b))
        return 0;
    if (!paths[a].output) /* the output second, as it is written over the other */
        return pz_usage("%s: %s %s is %s %s, which %s reads: expected a file of its own", cmd,
                        paths[b].what, paths[b].path, paths[a].what, paths[a].path, cmd);
    return pz_usage("%s: %s %s and %s %s are one file: expected a file for each", cmd,
                    paths[b].what, paths[b].path, paths[a].what, paths[a].path);
}

int pz_check_output(const char *cmd, const char *opt, const char *path)
{
    struct stat st;
    char *dir;
    const char *slash;
    int err = 0;
    if (!strcmp(path, "-"))
        return 0;
    if (!*path)
        return pz_usage("%s: %s expects a file name, found ''", cmd, opt);
    if (!stat(path, &st)) {
        if (S_ISDIR(st.st_mode))
            err = EISDIR;
        else if (access(path, W_OK))
            err = errno;
        if (err || !S_ISREG(st.st_mode)) /* a device or a pipe is written in place */
            return err ? pz_usage("%s: cannot write %s %s: %s", cmd, opt, path, strerror(err)) : 0;
    } else if (errno != ENOENT) {
        return pz_usage("%s: cannot write %s %s: %s", cmd, opt, path, strerror(errno));
    }
    /* A report is written to a temporary file in its directory, then renamed. */
    slash = strrchr(path, '/');
    dir =
        slash ? pz_xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : pz_xstrndup(".", 1);
    if (stat(dir, &st))
        err = errno;
    else if (!S_ISDIR(st.st_mode))
        err = ENOTDIR;
    else if (access(dir, W_OK | X_OK))
        err = errno;
    free(dir);
    if (err)
        return pz_usage("%s: cannot write %s %s: %s", cmd, opt, path, strerror(err));
    return 0;
}

int pz_check_outputs(const char *cmd, const char *const out[])
{
    int status = 0;
    for (int i = 0; i < PZ_OUTS && !status; i++)
        if (out[i])
            status = pz_check_output(cmd, pz_output_option[i], out[i]);
    return status;
}

char *pz_save_dir(const char *given, const char *const reports[], int n)
{
    struct stat st;
    if (given)
        return pz_xasprintf("%s", given);
    if (!stat("corpus", &st) && S_ISDIR(st.st_mode))
        return pz_xasprintf("corpus/regressions");
    for (int i = 0; i < n; i++)
        if (reports[i] && strcmp(reports[i], "-")) {
            const char *slash = strrchr(reports[i], '/');
            if (slash)
                return pz_xasprintf("%.*s/regressions", (int)(slash - reports[i]), reports[i]);
            break;
        }
    return pz_xasprintf("regressions");
}
