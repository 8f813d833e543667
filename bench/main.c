/* main.c - `puzzlebench`: the command line. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef struct command {
    const char *name, *args, *help;
    int (*run)(int argc, char **argv);
} command;

static const command commands[] = {
    { "list", "", "puzzles, solvers with their limits, corpus kinds", pz_cmd_list },
    { "solve", "PUZZLE [--solver S] [FILE]",
      "judge mode: the judge's input (FILE or stdin) to its output on stdout", pz_cmd_solve },
    { "check", "PUZZLE INPUT OUTPUT [ANSWER]",
      "a checker for judges: exit 0 ok, 1 wrong answer, 2 presentation error, 3 failure",
      pz_cmd_check },
    { "stress", "PUZZLE --exec 'CMD' --corpus SPEC [--batch B] [--time-limit MS] ...",
      "run a judge-format program on a corpus under limits: AC WA PE TLE MLE RE OLE",
      pz_cmd_stress },
    { "info", "PUZZLE:rows=M:cols=N",
      "facts about a board size: rank, nullity, solvable boards (flip, lightsout)", pz_cmd_info },
    { NULL, NULL, NULL, NULL },
};

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
    if (e->line)
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

void pz_prepare_all(void)
{
    for (const pz_solver *const *s = pz_solvers; *s; s++)
        if ((*s)->prepare && (*s)->prepare())
            pz_fatal("%s/%s: prepare failed", (*s)->puzzle->name, (*s)->name);
}

static void usage(FILE *f)
{
    fputs("usage: puzzlebench COMMAND [ARGS]\n\ncommands:\n", f);
    for (const command *c = commands; c->name; c++)
        fprintf(f, "  %-8s %s\n           %s\n", c->name, c->args, c->help);
    fputs("\nExit status: 0 success; 1 a disagreement, a failed check or a wrong answer;\n"
          "2 bad usage or bad input (reported as file:line: what was expected).\n", f);
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage(stderr), PZ_EXIT_USAGE;
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help"))
        return usage(stdout), PZ_EXIT_OK;
    for (const command *c = commands; c->name; c++)
        if (!strcmp(argv[1], c->name))
            return c->run(argc - 1, argv + 1);
    pz_usage("unknown command '%s' (try puzzlebench --help)", argv[1]);
    return PZ_EXIT_USAGE;
}
