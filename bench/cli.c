/* cli.c - what the subcommands share: messages, options, preparation. */
#include <stdarg.h>
#include <string.h>
#include <time.h>

#include "cli.h"

static double seconds(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

double pz_now(void)
{
    return seconds(CLOCK_MONOTONIC);
}

double pz_cpu_now(void)
{
    return seconds(CLOCK_THREAD_CPUTIME_ID);
}

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

int pz_report(const pz_error *e)
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

void pz_prepare(const pz_solver *s)
{
    if (s->prepare && s->prepare())
        pz_fatal("%s/%s: prepare failed", s->puzzle->name, s->name);
}

void pz_prepare_all(void)
{
    for (const pz_solver *const *s = pz_solvers; *s; s++)
        pz_prepare(*s);
}
