/* list.c - `puzzlebench list`: puzzles, solvers with their limits and the
 * flags of their registry lines, corpus kinds. */
#include "cli.h"

int pz_cmd_list(int argc, char **argv)
{
    (void)argc, (void)argv;
    pz_prepare_all();
    for (const pz_puzzle *const *p = pz_puzzles; *p; p++) {
        printf("%s  %s\n  solvers (fastest first):\n", (*p)->name, (*p)->title);
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
