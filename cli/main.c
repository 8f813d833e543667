/* main.c - `puzzlebench`: the command line. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Each command's name, usage and summary come from its own table. */
static const pz_command_line *const commands[] = {
    &pz_list_command,
    &pz_solve_command,
    &pz_run_command,
    &pz_gen_command,
    &pz_check_command,
    &pz_stress_command,
    &pz_merge_command,
    &pz_compare_command,
    &pz_report_command,
    &pz_info_command,
    &pz_package_command,
    &pz_verify_command,
    NULL,
};

#define MAIN_OPTIONS(X) X(VERSION, "version", 0, NULL, "the version, on stdout")

enum { MAIN_OPTIONS(PZ_OPTION_ID) O_HELP, NOPTIONS };
static const pz_option options[] = {MAIN_OPTIONS(PZ_OPTION) PZ_HELP_OPTION PZ_END_OPTIONS};
static void usage(FILE *);
static const pz_command_line line = {
    .name = "puzzlebench", .options = options, .help = usage, .stop = 1};

static void usage(FILE *f)
{
    fputs("usage: puzzlebench COMMAND [ARGS]\n"
          "       puzzlebench [--help | --version]\n"
          "       puzzlebench help [corpus | COMMAND]\n\ncommands:\n",
          f);
    for (const pz_command_line *const *c = commands; *c; c++)
        fprintf(f, "  %-8s %s\n           %s\n", (*c)->name, (*c)->args, (*c)->summary);
    fputs("\nEvery command takes -h or --help (or: puzzlebench help COMMAND); \"--\" ends the\n"
          "options.  puzzlebench help corpus: the grammar of a corpus spec, every kind.\n"
          "\noptions:\n",
          f);
    pz_print_options(f, options);
    fputs("\nExit status: 0 success; 1 a disagreement, a failed check, a wrong answer or (for\n"
          "compare) a slower solver; 2 bad usage or bad input (reported as file:line: what\n"
          "was expected).  But check exits with testlib's codes (as above; 3 for bad usage),\n"
          "and an interrupted run with 130 or 143; each command's --help gives its own.\n",
          f);
}

/* help [corpus | COMMAND]: the usage, the corpus grammar, or COMMAND --help. */
static int help(int argc, char **argv)
{
    char hint[PZ_HINT_SIZE], flag[] = "--help";
    pz_suggest s;
    if (argc == 1)
        return usage(stdout), PZ_EXIT_OK;
    if (argc > 2)
        return pz_usage("help: expected one topic, corpus or a command, found '%s' too", argv[2]);
    if (!strcmp(argv[1], "corpus"))
        return pz_help_corpus(stdout), PZ_EXIT_OK;
    pz_suggest_init(&s, argv[1]);
    pz_suggest_offer(&s, "corpus");
    for (const pz_command_line *const *c = commands; *c; c++) {
        if (!strcmp(argv[1], (*c)->name)) {
            char *args[] = {argv[1], flag, NULL};
            return (*c)->run(2, args);
        }
        pz_suggest_offer(&s, (*c)->name);
    }
    return pz_usage("help: no topic '%s'%s (topics: corpus and the commands)", argv[1],
                    pz_suggestion(&s, "; did you mean '%s'?", hint, sizeof hint));
}

static int dispatch(int argc, char **argv)
{
    const char *value[NOPTIONS];
    char hint[PZ_HINT_SIZE];
    pz_suggest s;
    int first, status;
    if (argc < 2)
        return usage(stderr), PZ_EXIT_USAGE;
    if ((status = pz_parse_options(&line, "puzzlebench", argc, argv, value, &first)) >= 0)
        return status;
    if (value[O_VERSION])
        return printf("puzzlebench %s\n", pz_version()), PZ_EXIT_OK;
    if (first == argc)
        return usage(stderr), PZ_EXIT_USAGE;
    if (!strcmp(argv[first], "help"))
        return help(argc - first, argv + first);
    for (const pz_command_line *const *c = commands; *c; c++)
        if (!strcmp(argv[first], (*c)->name))
            return (*c)->run(argc - first, argv + first);
    pz_suggest_init(&s, argv[first]);
    for (const pz_command_line *const *c = commands; *c; c++)
        pz_suggest_offer(&s, (*c)->name);
    pz_suggest_offer(&s, "help");
    pz_usage("unknown command '%s'%s (try puzzlebench --help)", argv[first],
             pz_suggestion(&s, "; did you mean '%s'?", hint, sizeof hint));
    return PZ_EXIT_USAGE;
}

/* Every command's output is checked once more here: lost output is an error. */
int main(int argc, char **argv)
{
    int rc;
    pz_guard_stdio();
    rc = dispatch(argc, argv);
    if (pz_check_stdout() && (rc == PZ_EXIT_OK || rc == PZ_EXIT_FAIL))
        rc = PZ_EXIT_USAGE;
    return rc;
}
