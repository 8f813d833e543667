/* list.c - `puzzlebench list [PUZZLE]`: puzzles, solvers with their limits
 * and the flags of their registry lines, corpus kinds; every line within
 * LIST_WIDTH columns, long ones wrapped at spaces under their own text. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

enum { LIST_WIDTH = 100, SOLVER_COLUMN = 15, KIND_COLUMN = 8 };

#define LIST_OPTIONS(X) PZ_PLUGIN_OPTION(X)

enum { LIST_OPTIONS(PZ_OPTION_ID) O_HELP, NOPTIONS };
static const pz_option options[] = {LIST_OPTIONS(PZ_OPTION) PZ_HELP_OPTION PZ_END_OPTIONS};
static void help(FILE *);
const pz_command_line pz_list_command = {
    .name = "list",
    .args = "[PUZZLE]",
    .summary = "puzzles, solvers with their limits, corpus kinds",
    .options = options,
    .help = help,
    .run = pz_cmd_list,
};

static void help(FILE *f)
{
    pz_print_usage(f, &pz_list_command);
    fputs("The puzzles (or only PUZZLE), each with its solvers and their limits, and the\n"
          "corpus kinds with their keys and defaults (puzzlebench help corpus: the grammar).\n"
          "\n",
          f);
    pz_print_options(f, options);
}

/* Prints text from column col on, wrapped at spaces so that no line passes
 * LIST_WIDTH, continuation lines indented to column indent; a word longer
 * than a line stands alone on its line. */
static void wrap(FILE *f, int col, int indent, const char *text)
{
    const char *p = text;
    while (*p) {
        size_t room = (size_t)(LIST_WIDTH - col), len = strlen(p), cut = len;
        if (len > room) {
            cut = room;
            while (cut > 0 && p[cut] != ' ')
                cut--;
            if (cut == 0) /* one long word: up to its end */
                cut = strcspn(p, " ");
        }
        fprintf(f, "%.*s\n", (int)cut, p);
        p += cut;
        while (*p == ' ')
            p++;
        if (*p)
            col = fprintf(f, "%*s", indent, "");
    }
}

static void list_puzzle(const pz_puzzle *p)
{
    printf("%s  %s\n  solvers (the references first):\n", p->name, p->title);
    for (const pz_solver *const *s = pz_solvers; *s; s++)
        if ((*s)->puzzle == p) {
            char *text = pz_xasprintf("%s [%s]%s%s%s", (*s)->summary, (*s)->limits,
                                      (*s)->flags & PZ_REF ? " [reference]" : "",
                                      (*s)->flags & PZ_SLOW ? " [slow]" : "",
                                      (*s)->flags & PZ_EXPONENTIAL ? " [exponential]" : "");
            /* A long name (a plug-in's FILE.so:NAME) has its text below it. */
            int col = strlen((*s)->name) < LIST_WIDTH / 2
                          ? printf("    %-10s ", (*s)->name)
                          : (printf("    %s\n", (*s)->name), printf("%*s", SOLVER_COLUMN, ""));
            wrap(stdout, col, SOLVER_COLUMN, text);
            free(text);
        }
    printf("  corpora:\n");
    for (const pz_generator *g = p->generators; g->kind; g++) {
        char *text = pz_xasprintf("%s:%s:%s", p->name, g->kind, g->keys);
        wrap(stdout, printf("    "), KIND_COLUMN, text);
        free(text);
    }
    printf("    FILE.in (judge format; expected answers in FILE.ans)\n\n");
}

/* The grammar of a corpus spec: the keys set_key (bench/corpus.c) reads, the
 * sweep solvers/toggle/bigpuzzle.c makes, then every puzzle's kinds from
 * their generator tables, so the keys and defaults are written once. */
void pz_help_corpus(FILE *f)
{
    fputs("A corpus (run, gen and stress --corpus SPEC) is a spec or a file:\n"
          "  PUZZLE:KIND[:KEY=VALUE]...  generated: a pure function from an index to an\n"
          "                              instance, so any shard is made alone, anywhere\n"
          "  PATH                        a judge-format input; the expected answers, if any,\n"
          "                              in NAME.ans beside NAME.in (or PATH.ans).  A path\n"
          "                              that exists or has a '/' is a file: ./flip:x.in\n"
          "\n"
          "Keys (a kind takes those its line below names; a later one replaces an earlier):\n"
          "  rows=M, cols=N  board sides, whole numbers; random and ones also take a sweep\n"
          "                  rows=A..B: the sides from A doubling while below B, then B\n"
          "                  (rows=9..2304: 9 18 36 72 144 288 576 1152 2304); cols=C..D\n"
          "                  beside it sweeps as many sizes, a fixed cols=C stays, no cols\n"
          "                  follows rows (square boards); count= is then per size\n"
          "  n=, digits=     Tetravex's side and number of digits\n"
          "  count=C         instances: a whole number, as 1000, 1e5 or 2.5e3 (to 1e15)\n"
          "  seed=S          below 2^64-1; instance i comes from (seed, i) alone, so it is\n"
          "                  the same on any number of threads and in any shard\n"
          "  mode=WORD       a variant of the kind, where its line names one\n"
          "Reports give the canonical spec: every key spelt out, defaults included.\n"
          "\n"
          "Kinds, with their defaults:\n",
          f);
    for (const pz_puzzle *const *p = pz_puzzles; *p; p++)
        for (const pz_generator *g = (*p)->generators; g->kind; g++) {
            char *text = pz_xasprintf("%s:%s:%s", (*p)->name, g->kind, g->keys);
            wrap(f, fprintf(f, "  "), KIND_COLUMN - 2, text);
            free(text);
        }
}

int pz_cmd_list(int argc, char **argv)
{
    const char *value[NOPTIONS];
    const pz_puzzle *one = NULL;
    int first, status;
    if ((status = pz_parse_options(&pz_list_command, NULL, argc, argv, value, &first)) >= 0)
        return status;
    for (int i = first; i < argc; i++)
        if ((status = pz_puzzle_arg("list", argv[i], &one)))
            return status;
    pz_prepare_all();
    for (const pz_puzzle *const *p = pz_puzzles; *p; p++)
        if (!one || *p == one)
            list_puzzle(*p);
    return PZ_EXIT_OK;
}
