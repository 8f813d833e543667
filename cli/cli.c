/* cli.c - what the subcommands share: messages, options, reports. */
#include <stdarg.h>
#include <string.h>

#include "cli.h"
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

int pz_print_error(const pz_error *e)
{
    fflush(stdout);
    if (e->line && e->col)
        fprintf(stderr, "%s:%ld:%ld: %s\n", e->file, e->line, e->col, e->msg);
    else if (e->line)
        fprintf(stderr, "%s:%ld: %s\n", e->file, e->line, e->msg);
    else if (e->file[0])
        fprintf(stderr, "%s: %s\n", e->file, e->msg);
    else
        fprintf(stderr, "puzzlebench: %s\n", e->msg);
    return PZ_EXIT_USAGE;
}

int pz_option(int argc, char **argv, int *i, const char *name, const char **value)
{
    size_t len = strlen(name);
    if (strncmp(argv[*i], name, len))
        return 0;
    if (argv[*i][len] == '=') {
        *value = argv[*i] + len + 1;
        return 1;
    }
    if (argv[*i][len] || *i + 1 >= argc)
        return 0;
    *value = argv[++*i];
    return 1;
}

int pz_puzzle_arg(const char *cmd, const char *arg, const pz_puzzle **p)
{
    if (arg[0] == '-')
        return pz_usage("%s: unknown option or missing value '%s' (try %s --help)", cmd, arg, cmd);
    if (*p)
        return pz_usage("%s: one puzzle at a time, found '%s' too", cmd, arg);
    if (!(*p = pz_find_puzzle(arg)))
        return pz_usage("%s: unknown puzzle '%s' (see puzzlebench list)", cmd, arg);
    return 0;
}

int pz_open_shard(const char *cmd, const pz_puzzle *p, const char *spec, const char *shard,
                  pz_corpus *c, pz_shard *sh)
{
    pz_error e;
    if (!p)
        return pz_usage("%s: which puzzle? (see puzzlebench list)", cmd);
    if (!spec)
        return pz_usage("%s: --corpus SPEC is required (e.g. %s:%s)", cmd, p->name,
                        p->generators[0].kind);
    if (pz_corpus_open(c, p, spec, &e))
        return pz_print_error(&e);
    if (pz_parse_shard(shard, c->count, sh, &e)) {
        pz_corpus_close(c);
        return pz_print_error(&e);
    }
    return 0;
}

int pz_write_reports(const pz_result *r, const char *json, const char *csv, const char *md)
{
    int tostdout =
        (json && !strcmp(json, "-")) || (csv && !strcmp(csv, "-")) || (md && !strcmp(md, "-"));
    pz_write_summary(tostdout ? stderr : stdout, r);
    if ((json && pz_write_report(json, pz_write_json, r)) ||
        (csv && pz_write_report(csv, pz_write_csv, r)) ||
        (md && pz_write_report(md, pz_write_markdown, r)))
        return PZ_EXIT_USAGE;
    return r->failures ? PZ_EXIT_FAIL : PZ_EXIT_OK;
}
