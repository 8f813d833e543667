/* verify.c - `puzzlebench verify`: a problem package's submissions judged
 * against it, as problemtools' verifyproblem does for what we can judge.
 *
 * The package's own input validators check every input; each submission
 * (source by extension, bench/source.h) runs on every test in stress's
 * sandbox (bench/exec.h) under the package's limits, is judged by the
 * package's own output validator, and must get the verdict its folder
 * names.  The rules are in help() below, which --help prints.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "../bench/source.h"
#include "../bench/stress.h"

enum {
    ACCEPTED = 42, /* a validator's exit statuses */
    WRONG = 43,
    WALL_MORE_MS = 500,       /* the wall limit: twice the time limit and this */
    MEMORY_DEFAULT_MB = 2048, /* Kattis's, where problem.yaml sets none */
    VALIDATOR_S = 60,         /* CPU seconds of a validator's run */
};

/* A submission's verdicts, Kattis's names. */
typedef enum verdict { V_AC, V_WA, V_TLE, V_RTE, V_OLE, V_CE, VERDICTS } verdict;
static const char *const verdict_names[VERDICTS] = {"AC", "WA", "TLE", "RTE", "OLE", "CE"};
/* The folders of submissions/ and the verdict each expects. */
static const struct {
    const char *folder;
    verdict expect;
} folders[] = {
    {"accepted", V_AC},
    {"wrong_answer", V_WA},
    {"time_limit_exceeded", V_TLE},
    {"run_time_error", V_RTE},
};
enum { FOLDERS = sizeof folders / sizeof *folders };

#define VERIFY_OPTIONS(X)                                                                          \
    X(TIME, "time-limit", 0, "S",                                                                  \
      "CPU seconds a test (default: problem.yaml's limits:\n"                                      \
      "time_limit, else the file .timelimit)")                                                     \
    X(MEMORY, "memory-limit", 0, "MB",                                                             \
      "memory a test, in MiB (default: problem.yaml's limits:\n"                                   \
      "memory, else %d)",                                                                          \
      .num = MEMORY_DEFAULT_MB)

enum { VERIFY_OPTIONS(PZ_OPTION_ID) O_HELP, NOPTIONS };
static const pz_option options[] = {VERIFY_OPTIONS(PZ_OPTION) PZ_HELP_OPTION PZ_END_OPTIONS};
static void help(FILE *);
const pz_command_line pz_verify_command = {
    .name = "verify",
    .args = "DIR [--time-limit S] [--memory-limit MB]",
    .summary = "judge a problem package's submissions: each must get its folder's verdict",
    .options = options,
    .help = help,
    .run = pz_cmd_verify,
};

static void help(FILE *f)
{
    pz_print_usage(f, &pz_verify_command);
    fputs("\n"
          "Judges the problem package in DIR (the Kattis/ICPC format, as puzzlebench\n"
          "package writes it, or made elsewhere):\n"
          "  1. every input, data/sample/*.in then data/secret/*.in (each with its .ans),\n"
          "     goes to every input validator on stdin, which must exit 42;\n"
          "  2. each submission in submissions/accepted, wrong_answer,\n"
          "     time_limit_exceeded and run_time_error is built by its extension (.c with\n"
          "     gcc -O2 -std=gnu11 -lm, .cpp with g++ -O2 -std=gnu++17, .py run by\n"
          "     python3; built once, into the cache PUZZLEBENCH_CACHE or\n"
          "     ~/.cache/puzzlebench) and run on the tests in that order, each under the\n"
          "     time limit (CPU; the wall clock at twice it and half a second) and the\n"
          "     memory limit, in stress's sandbox (puzzlebench stress --help);\n"
          "  3. the output validator judges each output, called as\n"
          "         validator INPUT JUDGE_ANSWER FEEDBACK_DIR < OUTPUT\n"
          "     (42 right, 43 wrong, its reason in FEEDBACK_DIR/judgemessage.txt); with\n"
          "     validation: default in problem.yaml (or none given and no\n"
          "     output_validators/), the output's words must be the answer's.\n"
          "A submission's verdict is its first test that is not AC, else AC: WA (the\n"
          "validator said 43), TLE (over the time limit), RTE (a non-zero exit, a\n"
          "signal, or the memory limit), OLE (64 times the answer's size), CE (it did\n"
          "not build).  It must be the verdict its folder names.  A validator is a\n"
          "source file (.c, .cpp or .py), or a folder holding one; anything else, and\n"
          "submissions of other languages or folders, are named on stderr and skipped.\n"
          "\n"
          "Prints a row a submission: its verdict and the one expected, the test that\n"
          "gave it (or the slowest, when AC), and the slowest test's CPU time against the\n"
          "limit.\n"
          "\n"
          "options:\n",
          f);
    pz_print_options(f, options);
    fputs("\nExit status: 0 every submission got the verdict of its folder; 1 some did not,\n"
          "or there was none; 2 bad usage or a malformed package: no problem.yaml, no test,\n"
          "an input without its .ans, no time limit, an input a validator refuses, a\n"
          "validator that does not build, or one that exits other than 42 or 43.\n",
          f);
}

/* A test: its name (data/secret/NAME), input and answer. */
typedef struct test {
    char *name, *in, *ans;
    size_t inlen, anslen;
} test;

/* A program built from a source: its command and what it is called. */
typedef struct program {
    char *name; /* as found in the package: input_validators/validate.c */
    char **argv;
    char path[4096];
} program;

typedef struct package {
    const char *dir;
    test *tests;
    int ntests;
    program *inval;
    int ninval;
    program outval; /* outval.argv NULL: the default validator (words) */
    pz_proc_limits lim;
    char work[4096]; /* our folder for the validators' files */
    int bad;         /* malformed: exit 2 */
} package;

static char *read_whole(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n;
    *len = 0;
    if (!f)
        return NULL;
    do {
        if (*len + 65536 + 1 > cap)
            buf = realloc(buf, cap = 2 * cap + 65536 + 1);
        if (!buf)
            pz_fatal("out of memory");
        n = fread(buf + *len, 1, cap - *len - 1, f);
        *len += n;
    } while (n > 0);
    int err = ferror(f);
    fclose(f);
    if (err) {
        free(buf);
        errno = EIO;
        return NULL;
    }
    buf[*len] = 0;
    return buf;
}

/* problem.yaml's "validation" and "limits:" "time_limit", "memory": the
 * lines "key: value" at the top, and under "limits:" indented. */
typedef struct yaml {
    char validation[32];
    double time_s;
    long memory_mb;
} yaml;

static void read_yaml(const char *text, yaml *y)
{
    int in_limits = 0;
    for (const char *line = text; line && *line; line = strchr(line, '\n'), line += !!line) {
        char copy[256], key[32], val[64];
        snprintf(copy, sizeof copy, "%.*s", (int)strcspn(line, "\n"), line);
        int indent = (int)strspn(copy, " ");
        if (sscanf(copy + indent, "%31[a-z_]: %63[^#]", key, val) != 2) {
            if (sscanf(copy + indent, "%31[a-z_]:", key) == 1 && !indent)
                in_limits = !strcmp(key, "limits");
            continue;
        }
        if (!indent)
            in_limits = 0;
        if (!indent && !strcmp(key, "validation"))
            sscanf(val, "%31s", y->validation);
        else if (indent && in_limits && !strcmp(key, "time_limit"))
            y->time_s = strtod(val, NULL);
        else if (indent && in_limits && !strcmp(key, "memory"))
            y->memory_mb = strtol(val, NULL, 10);
    }
}

static int names_of(const char *dir, struct dirent ***list)
{
    return scandir(dir, list, NULL, alphasort);
}

static int is_dir(const char *path)
{
    struct stat st;
    return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* The tests of data/SUB (NAME.in with NAME.ans), in name order. */
static void read_tests(package *k, const char *sub)
{
    char *dir = pz_xasprintf("%s/data/%s", k->dir, sub);
    struct dirent **list;
    int n = is_dir(dir) ? names_of(dir, &list) : 0;
    for (int i = 0; i < n; i++) {
        const char *name = list[i]->d_name;
        size_t len = strlen(name);
        char *path = pz_xasprintf("%s/%s", dir, name);
        if (len > 3 && !strcmp(name + len - 3, ".in") && !is_dir(path)) {
            test *t;
            k->tests = realloc(k->tests, (size_t)(k->ntests + 1) * sizeof *k->tests);
            if (!k->tests)
                pz_fatal("out of memory");
            t = &k->tests[k->ntests];
            t->name = pz_xasprintf("data/%s/%.*s", sub, (int)len - 3, name);
            char *ans = pz_xasprintf("%s/%.*s.ans", dir, (int)len - 3, name);
            t->ans = NULL;
            if (!(t->in = read_whole(path, &t->inlen)))
                k->bad = pz_usage("verify: cannot read %s: %s", path, strerror(errno));
            else if (!(t->ans = read_whole(ans, &t->anslen)))
                k->bad =
                    pz_usage("verify: %s.in has no answer %s: %s", t->name, ans, strerror(errno));
            if (t->ans) {
                k->ntests++;
            } else {
                free(t->name);
                free(t->in);
            }
            free(ans);
        } else if (name[0] != '.' && is_dir(path)) {
            fprintf(stderr, "puzzlebench: verify: skipped data/%s/%s: test groups are not read\n",
                    sub, name);
        }
        free(path);
        free(list[i]);
    }
    if (n > 0)
        free(list);
    free(dir);
}

/* A source file at path, or the one source in the folder at path: 0
 * built, 1 skipped (named on stderr), -1 failed (the message printed). */
static int build(const char *path, const char *name, program *g)
{
    char *msg, *src = NULL;
    if (is_dir(path)) {
        struct dirent **list;
        int n = names_of(path, &list), found = 0;
        for (int i = 0; i < n; i++) {
            if (pz_source_language(list[i]->d_name) && !found++)
                src = pz_xasprintf("%s/%s", path, list[i]->d_name);
            free(list[i]);
        }
        if (n > 0)
            free(list);
        if (found != 1) {
            fprintf(stderr,
                    "puzzlebench: verify: skipped %s: a folder without exactly one .c, .cpp or "
                    ".py source (%d)\n",
                    name, found);
            free(src);
            return 1;
        }
    } else if (pz_source_language(path)) {
        src = pz_xstrndup(path, strlen(path));
    } else {
        fprintf(stderr, "puzzlebench: verify: skipped %s: not a .c, .cpp or .py source\n", name);
        return 1;
    }
    g->name = pz_xstrndup(name, strlen(name));
    int rc = pz_source_build(src, &g->argv, g->path, sizeof g->path, &msg);
    if (rc) {
        fflush(stdout);
        fprintf(stderr, "puzzlebench: verify: %s\n", msg);
        free(msg);
    }
    free(src);
    return rc;
}

/* The programs of a validators' folder. */
static int build_all(package *k, const char *sub, program **out)
{
    char *dir = pz_xasprintf("%s/%s", k->dir, sub);
    struct dirent **list;
    int n = is_dir(dir) ? names_of(dir, &list) : 0, count = 0;
    *out = pz_xcalloc((size_t)n + 1, sizeof **out);
    for (int i = 0; i < n; i++) {
        char *path = pz_xasprintf("%s/%s", dir, list[i]->d_name);
        char *name = pz_xasprintf("%s/%s", sub, list[i]->d_name);
        int rc = list[i]->d_name[0] == '.' ? 1 : build(path, name, &(*out)[count]);
        if (rc < 0) {
            k->bad = PZ_EXIT_USAGE;
            free((*out)[count].name);
        }
        count += rc == 0;
        free(path);
        free(name);
        free(list[i]);
    }
    if (n > 0)
        free(list);
    free(dir);
    return count;
}

/* A validator's run: its exit status, or -1 after a message (it did not end
 * by itself); its stderr in run->err. */
static int run_validator(const package *k, const program *g, char **args, const char *in,
                         size_t inlen, pz_proc *run)
{
    int n = 0;
    while (g->argv[n])
        n++;
    char **argv = pz_xcalloc((size_t)n + 4, sizeof *argv);
    memcpy(argv, g->argv, (size_t)n * sizeof *argv);
    for (int i = 0; args && args[i]; i++)
        argv[n + i] = args[i];
    pz_proc_limits lim = {VALIDATOR_S * 1000, 2 * VALIDATOR_S * 1000, 0, 1 << 20};
    (void)k;
    pz_proc_run(g->path, argv, &lim, in, inlen, run);
    free(argv);
    if (run->outcome == PZ_AC || run->outcome == PZ_RE)
        return run->status;
    pz_usage("verify: %s: %s", g->name, run->why);
    return -1;
}

/* Every input through every input validator: 0, or -1 after the messages. */
static int validate_inputs(package *k)
{
    pz_proc run = {0};
    int bad = 0;
    for (int t = 0; t < k->ntests; t++)
        for (int v = 0; v < k->ninval; v++) {
            int status =
                run_validator(k, &k->inval[v], NULL, k->tests[t].in, k->tests[t].inlen, &run);
            if (status == ACCEPTED)
                continue;
            if (status >= 0)
                pz_usage("verify: %s.in: %s exits %d%s: %.*s", k->tests[t].name, k->inval[v].name,
                         status, status == WRONG ? " (refused)" : "", (int)strcspn(run.err, "\n"),
                         run.err);
            bad = -1;
        }
    pz_proc_free(&run);
    return bad;
}

/* The words of a and b the same (the default validator's rule)? */
static int same_words(const char *a, const char *b)
{
    for (;;) {
        a += strspn(a, " \t\r\n\f\v");
        b += strspn(b, " \t\r\n\f\v");
        size_t la = strcspn(a, " \t\r\n\f\v"), lb = strcspn(b, " \t\r\n\f\v");
        if (la != lb || memcmp(a, b, la))
            return 0;
        if (!la)
            return 1;
        a += la;
        b += lb;
    }
}

/* Writes path whole: 0, or -1 after a message. */
static int put(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(text, 1, len, f) != len || fclose(f)) {
        pz_usage("verify: cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* An output judged: V_AC or V_WA (why: the validator's reason); -1 after a
 * message when the validator failed. */
static int judge(package *k, const test *t, const pz_proc *out, char *why, size_t len)
{
    char in[4200], ans[4200], fb[4200], msg[4300];
    *why = 0;
    if (!k->outval.argv) {
        if (same_words(out->out ? out->out : "", t->ans))
            return V_AC;
        snprintf(why, len, "its words are not the answer's");
        return V_WA;
    }
    snprintf(in, sizeof in, "%s/input", k->work);
    snprintf(ans, sizeof ans, "%s/answer", k->work);
    snprintf(fb, sizeof fb, "%s/feedback/", k->work);
    snprintf(msg, sizeof msg, "%sjudgemessage.txt", fb);
    remove(msg);
    char *args[] = {in, ans, fb, NULL};
    pz_proc run = {0};
    int status = run_validator(k, &k->outval, args, out->out, out->len, &run), rc = -1;
    size_t n;
    char *text = read_whole(msg, &n);
    if (text)
        snprintf(why, len, "%.*s", (int)strcspn(text, "\n"), text);
    if (status == ACCEPTED || status == WRONG)
        rc = status == ACCEPTED ? V_AC : V_WA;
    else if (status >= 0)
        pz_usage("verify: %s on %s exits %d, neither 42 nor 43: %s", k->outval.name, t->name,
                 status, text ? why : run.err);
    free(text);
    pz_proc_free(&run);
    return rc;
}

/* One submission on the tests, to its first failure. */
typedef struct row {
    verdict got;
    int at;      /* the test that gave got, or the slowest: -1 none */
    int slowest; /* -1: none ran */
    double slowest_s;
    char why[256];
} row;

static int run_submission(package *k, const program *g, row *r)
{
    pz_proc run = {0};
    char path[4200];
    r->got = V_AC;
    r->at = r->slowest = -1;
    r->slowest_s = 0;
    for (int t = 0; t < k->ntests && r->got == V_AC; t++) {
        const test *x = &k->tests[t];
        snprintf(path, sizeof path, "%s/input", k->work);
        if (put(path, x->in, x->inlen))
            return -1;
        snprintf(path, sizeof path, "%s/answer", k->work);
        if (put(path, x->ans, x->anslen))
            return -1;
        k->lim.output_cap = pz_output_cap(x->anslen);
        pz_proc_run(g->path, g->argv, &k->lim, x->in, x->inlen, &run);
        if (r->slowest < 0 || run.cpu_s > r->slowest_s) {
            r->slowest = t;
            r->slowest_s = run.cpu_s;
        }
        switch (run.outcome) {
        case PZ_AC: {
            int v = judge(k, x, &run, r->why, sizeof r->why);
            if (v < 0) {
                pz_proc_free(&run);
                return -1;
            }
            r->got = (verdict)v;
            break;
        }
        case PZ_TLE:
            r->got = V_TLE;
            break;
        case PZ_OLE:
            r->got = V_OLE;
            break;
        default: /* RE, MLE */
            r->got = V_RTE;
            break;
        }
        if (run.outcome != PZ_AC)
            snprintf(r->why, sizeof r->why, "%s", run.why);
        if (r->got != V_AC)
            r->at = t;
    }
    if (r->at < 0)
        r->at = r->slowest;
    pz_proc_free(&run);
    return 0;
}

/* Reads the package: its limits, tests and validators.  0, or an exit status. */
static int open_package(package *k, const char *time_opt, const char *memory_opt)
{
    size_t len;
    yaml y = {"", 0, 0};
    char *path, *text;
    if (!is_dir(k->dir))
        return pz_usage("verify: %s is not a folder", k->dir);
    path = pz_xasprintf("%s/problem.yaml", k->dir);
    if (!(text = read_whole(path, &len))) {
        pz_usage("verify: %s: cannot read: %s (not a problem package?)", path, strerror(errno));
        free(path);
        return PZ_EXIT_USAGE;
    }
    read_yaml(text, &y);
    free(text);
    free(path);
    path = pz_xasprintf("%s/.timelimit", k->dir);
    if (!y.time_s && (text = read_whole(path, &len))) {
        y.time_s = strtod(text, NULL);
        free(text);
    }
    free(path);
    char *end;
    if (time_opt && (!((y.time_s = strtod(time_opt, &end)) > 0) || *end || y.time_s > 3600))
        return pz_usage("verify: --time-limit expects seconds above 0, to 3600, found '%s'",
                        time_opt);
    if (memory_opt && ((y.memory_mb = strtol(memory_opt, &end, 10)) < 1 || *end))
        return pz_usage("verify: --memory-limit expects MiB, 1 or more, found '%s'", memory_opt);
    if (!(y.time_s > 0))
        return pz_usage("verify: %s: no time limit in problem.yaml (limits: time_limit) or "
                        ".timelimit: give --time-limit S",
                        k->dir);
    k->lim.time_ms = (long)(y.time_s * 1000 + 0.5);
    k->lim.wall_ms = 2 * k->lim.time_ms + WALL_MORE_MS;
    k->lim.memory_mb = y.memory_mb > 0 ? y.memory_mb : MEMORY_DEFAULT_MB;
    read_tests(k, "sample");
    read_tests(k, "secret");
    if (k->bad)
        return PZ_EXIT_USAGE;
    if (!k->ntests)
        return pz_usage("verify: %s: no test (data/sample/*.in, data/secret/*.in)", k->dir);
    k->ninval = build_all(k, "input_validators", &k->inval);
    program *outs;
    int nout = build_all(k, "output_validators", &outs), rc = 0;
    int custom = !strcmp(y.validation, "custom") || (!y.validation[0] && nout);
    if (k->bad)
        rc = PZ_EXIT_USAGE;
    else if (custom && !nout)
        rc = pz_usage("verify: %s: validation is custom, but output_validators/ holds no "
                      "validator we can build",
                      k->dir);
    else if (nout > 1)
        rc = pz_usage("verify: %s: output_validators/ holds %d validators, expected one", k->dir,
                      nout);
    else if (custom) {
        k->outval = outs[0]; /* kept: not freed below */
        nout = 0;
    }
    for (int i = 0; i < nout; i++) { /* those not kept */
        pz_free_words(outs[i].argv);
        free(outs[i].name);
    }
    free(outs);
    if (rc)
        return rc;
    if (!k->ninval)
        fprintf(stderr, "puzzlebench: verify: no input validator: the inputs are not checked\n");
    return 0;
}

static void print_row(const package *k, const char *name, verdict expect, const row *r)
{
    char slow[32], limit[32];
    pz_span(slow, sizeof slow, r->slowest_s);
    pz_span(limit, sizeof limit, (double)k->lim.time_ms / 1000);
    printf("%-36s %-5s %-5s %-22s %s of %s  %s\n", name, verdict_names[expect],
           verdict_names[r->got], r->at >= 0 ? k->tests[r->at].name : "-",
           r->slowest >= 0 ? slow : "-", limit, r->got == expect ? "ok" : "WRONG");
    if (r->got != expect && r->why[0])
        printf("  %s\n", r->why);
}

/* A submission: its program (argv NULL: it did not build) and folder. */
typedef struct submission {
    program g;
    int folder;
} submission;

/* The submissions of the four folders, built; others named and skipped. */
static int find_submissions(package *k, submission **out)
{
    char *dir = pz_xasprintf("%s/submissions", k->dir);
    struct dirent **list;
    int n = is_dir(dir) ? names_of(dir, &list) : 0, count = 0;
    *out = NULL;
    for (int i = 0; i < n; i++) {
        const char *f = list[i]->d_name;
        int known = 0;
        for (int j = 0; j < FOLDERS; j++)
            known |= !strcmp(f, folders[j].folder);
        if (!known && f[0] != '.')
            fprintf(stderr, "puzzlebench: verify: skipped submissions/%s: not a verdict's folder\n",
                    f);
        free(list[i]);
    }
    if (n > 0)
        free(list);
    for (int j = 0; j < FOLDERS; j++) {
        char *sub = pz_xasprintf("%s/%s", dir, folders[j].folder);
        n = is_dir(sub) ? names_of(sub, &list) : 0;
        for (int i = 0; i < n; i++) {
            char *path = pz_xasprintf("%s/%s", sub, list[i]->d_name);
            char *name = pz_xasprintf("submissions/%s/%s", folders[j].folder, list[i]->d_name);
            program g = {0};
            int rc = list[i]->d_name[0] == '.' ? 1 : build(path, name, &g);
            if (rc <= 0) {
                if (!(*out = realloc(*out, (size_t)(count + 1) * sizeof **out)))
                    pz_fatal("out of memory");
                (*out)[count++] = (submission){g, j};
            }
            free(path);
            free(name);
            free(list[i]);
        }
        if (n > 0)
            free(list);
        free(sub);
    }
    free(dir);
    return count;
}

/* Each submission judged: how many got the wrong verdict, or -1 (malformed). */
static int judge_submissions(package *k, submission *subs, int n)
{
    int wrong = 0;
    printf("%-36s %-5s %-5s %-22s %s\n", "submission", "want", "got", "test", "slowest CPU time");
    for (int s = 0; s < n && wrong >= 0; s++) {
        row r = {.got = V_CE,
                 .at = -1,
                 .slowest = -1,
                 .why = "it did not build (the message is on stderr)"};
        verdict expect = folders[subs[s].folder].expect;
        if (subs[s].g.argv && run_submission(k, &subs[s].g, &r)) {
            wrong = -1;
            break;
        }
        print_row(k, subs[s].g.name, expect, &r);
        wrong += r.got != expect;
    }
    return wrong;
}

/* What a program's user must read and run: its file, and a script. */
static void add_paths(const program *g, const char **paths, int *n)
{
    paths[(*n)++] = g->path;
    if (g->argv[1] && pz_source_language(g->argv[1]))
        paths[(*n)++] = g->argv[1];
}

int pz_cmd_verify(int argc, char **argv)
{
    const char *value[NOPTIONS];
    package k = {0};
    int first, rc;
    if ((rc = pz_parse_options(&pz_verify_command, NULL, argc, argv, value, &first)) >= 0)
        return rc;
    if (argc - first != 1)
        return pz_usage("verify: expected one DIR, the package (see --help)");
    k.dir = argv[first];
    pz_exec_setup();
    if ((rc = open_package(&k, value[O_TIME], value[O_MEMORY])))
        goto out;
    snprintf(k.work, sizeof k.work, "%s/puzzlebench-verify-XXXXXX",
             getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    char fb[4200];
    /* As root the programs run as nobody: our files must be theirs to read. */
    if (!mkdtemp(k.work) || chmod(k.work, 0755) ||
        (snprintf(fb, sizeof fb, "%s/feedback", k.work), mkdir(fb, 0777)) || chmod(fb, 0777)) {
        rc = pz_usage("verify: cannot make a folder in %s: %s", k.work, strerror(errno));
        goto out;
    }
    submission *subs;
    int nsubs = find_submissions(&k, &subs);
    /* As root the programs run as nobody, if nobody may run every one. */
    const char **paths = pz_xcalloc(2 * (size_t)(nsubs + k.ninval + 1), sizeof *paths);
    int npaths = 0;
    for (int s = 0; s < nsubs; s++)
        if (subs[s].g.argv)
            add_paths(&subs[s].g, paths, &npaths);
    for (int v = 0; v < k.ninval; v++)
        add_paths(&k.inval[v], paths, &npaths);
    if (k.outval.argv)
        add_paths(&k.outval, paths, &npaths);
    pz_exec_user(NULL, paths, npaths);
    free(paths);
    if (validate_inputs(&k)) {
        rc = PZ_EXIT_USAGE;
    } else {
        printf("verify %s: %d tests, time limit %g s, memory %ld MiB, output validator %s\n", k.dir,
               k.ntests, (double)k.lim.time_ms / 1000, k.lim.memory_mb,
               k.outval.argv ? k.outval.name : "the words of the answer (validation: default)");
        int wrong = judge_submissions(&k, subs, nsubs);
        if (wrong < 0)
            rc = PZ_EXIT_USAGE;
        else if (!nsubs)
            rc = (pz_usage("verify: %s: no submission to judge", k.dir), PZ_EXIT_FAIL);
        else
            rc = wrong ? PZ_EXIT_FAIL : PZ_EXIT_OK;
        if (wrong >= 0 && nsubs)
            printf("\n%s: %d of %d submission%s got the verdict of %s folder\n",
                   wrong ? "FAILED" : "OK", nsubs - wrong, nsubs, nsubs == 1 ? "" : "s",
                   nsubs == 1 ? "its" : "their");
    }
    for (int s = 0; s < nsubs; s++) {
        if (subs[s].g.argv)
            pz_free_words(subs[s].g.argv);
        free(subs[s].g.name);
    }
    free(subs);
    char *cmd[] = {"input", "answer", "feedback/judgemessage.txt", "feedback", NULL};
    for (int i = 0; cmd[i]; i++) {
        snprintf(fb, sizeof fb, "%s/%s", k.work, cmd[i]);
        remove(fb);
    }
    remove(k.work);
out:
    pz_end_strays();
    for (int t = 0; t < k.ntests; t++) {
        free(k.tests[t].name);
        free(k.tests[t].in);
        free(k.tests[t].ans);
    }
    free(k.tests);
    for (int v = 0; v < k.ninval; v++) {
        pz_free_words(k.inval[v].argv);
        free(k.inval[v].name);
    }
    free(k.inval);
    if (k.outval.argv) {
        pz_free_words(k.outval.argv);
        free(k.outval.name);
    }
    return rc;
}
