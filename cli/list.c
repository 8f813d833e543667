/* list.c - `puzzlebench list`: puzzles, solvers with their limits and the
 * flags of their registry lines, corpus kinds. */
#include "cli.h"

/* list has no options but the help; the table keeps its help like the others'. */
#define LIST_OPTIONS(X)

enum { LIST_OPTIONS(PZ_OPTION_ID) O_HELP, NOPTIONS };
static const pz_option options[] = {LIST_OPTIONS(PZ_OPTION) PZ_HELP_OPTION PZ_END_OPTIONS};
static void help(FILE *);
static const pz_command_line command = {.name = "list", .options = options, .help = help};

static void help(FILE *f)
{
    pz_print_usage(f, &command, "");
    fputs("The puzzles, each with its solvers and their limits, and the corpus kinds\n"
          "with their keys and defaults.\n"
          "\n",
          f);
    pz_print_options(f, options);
}

int pz_cmd_list(int argc, char **argv)
{
    const char *value[NOPTIONS];
    int first, status;
    if ((status = pz_parse_options(&command, NULL, argc, argv, value, &first)) >= 0)
        return status;
    if (first < argc)
        return pz_usage("list: unexpected argument '%s' (list takes none)", argv[first]);
    pz_prepare_all();
    for (const pz_puzzle *const *p = pz_puzzles; *p; p++) {
        printf("%s  %s\n  solvers (the references first):\n", (*p)->name, (*p)->title);
        for (const pz_solver *const *s = pz_solvers; *s; s++)
            if ((*s)->puzzle == *p)
                printf("    %-10s %s [%s]%s%s%s\n", (*s)->name, (*s)->summary, (*s)->limits,
                       (*s)->flags & PZ_REF ? " [reference]" : "",
                       (*s)->flags & PZ_SLOW ? " [slow]" : "",
                       (*s)->flags & PZ_EXPONENTIAL ? " [exponential]" : "");
        printf("  corpora:\n");
        for (const pz_generator *g = (*p)->generators; g->kind; g++)
            printf("    %s:%s:%s\n", (*p)->name, g->kind, g->keys);
        printf("    FILE.in (judge format; expected answers in FILE.ans)\n\n");
    }
    return PZ_EXIT_OK;
}
