/* solve.c - `puzzlebench solve`: judge mode. */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../bench/judge.h"
#include "../solvers/arena.h"
#include "../solvers/io.h"

#define SOLVE_OPTIONS(X)                                                                           \
    X(SOLVER, "solver", 0, "S",                                                                    \
      "this solver only (default: the reference answer, the first\n"                               \
      "that checks from the reference solvers, then the others)")                                  \
    X(BUDGET, "budget", 0, "B",                                                                    \
      "each Tetravex game's budget: CPU seconds (2s, 0.5s), nodes of\n"                            \
      "the search (1e7n) or both (2s,1e7n); a game not finished within\n"                          \
      "it is answered \"Game k: unknown\", our own word (no judge's),\n"                           \
      "with a line on stderr: the nodes searched and the size of the\n"                            \
      "tree by the search's estimate (default none: every game is\n"                               \
      "searched to the end, as the judge wants)")                                                  \
    X(THREADS, "threads", 0, "T",                                                                  \
      "search each game on T threads, where the solver splits its\n"                               \
      "search (Tetravex with more than 4 numbers: the default and split);\n"                       \
      "its CPU time is that of every thread (default 1)")                                          \
    PZ_PLUGIN_OPTION(X)

enum { SOLVE_OPTIONS(PZ_OPTION_ID) O_HELP, NOPTIONS };
static const pz_option options[] = {SOLVE_OPTIONS(PZ_OPTION) PZ_HELP_OPTION PZ_END_OPTIONS};
static void help(FILE *);
const pz_command_line pz_solve_command = {
    .name = "solve",
    .args = "PUZZLE [--solver S] [FILE]",
    .summary = "judge mode: the judge's input (FILE or stdin) to its output on stdout",
    .options = options,
    .help = help,
    .run = pz_cmd_solve,
};

static void help(FILE *f)
{
    pz_print_usage(f, &pz_solve_command);
    fputs("Reads the judge's input from FILE (or stdin, also as FILE '-') and prints the\n"
          "judge's output.\n"
          "\n",
          f);
    pz_print_options(f, options);
}

static volatile sig_atomic_t stop_signal;

/* SIGINT or SIGTERM: the search in hand stops (pz_stop), the answers
 * printed so far stay whole, and the process exits 128 + the signal; a
 * second signal, with the default action back, ends it at once.  Without
 * SA_RESTART a read waiting on a pipe returns, so the stop is seen there
 * too. */
static void on_signal(int sig)
{
    stop_signal = sig;
    pz_set_stop(1);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
}

static void catch_signals(void)
{
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    static const int sigs[] = {SIGINT, SIGTERM};
    for (int i = 0; i < 2; i++)
        if (!sigaction(sigs[i], NULL, &old) && old.sa_handler != SIG_IGN)
            sigaction(sigs[i], &sa, NULL);
}

/* A game cut by its budget: what it spent and how large its tree looks. */
static void cut_note(unsigned long long k, const pz_budget *b)
{
    pz_game_end end;
    char budget[64];
    pz_game_cut(&end);
    pz_budget_text(b, budget, sizeof budget);
    fflush(stdout); /* the answer line first, where both go to one terminal */
    fprintf(stderr, "puzzlebench: solve: game %llu: unknown, cut by --budget %s after %lld nodes",
            k, budget, end.nodes);
    if (end.tree == end.tree)
        fprintf(stderr, "; its tree by the search's estimate: %.3g nodes (%.3g%% searched)\n",
                end.tree, 100 * end.done);
    else
        fputs("; the search gives no estimate of its tree\n", stderr);
}

int pz_cmd_solve(int argc, char **argv)
{
    const char *value[NOPTIONS], *path = NULL;
    const pz_puzzle *p = NULL;
    char hint[PZ_HINT_SIZE];
    int first, status;
    if ((status = pz_parse_options(&pz_solve_command, NULL, argc, argv, value, &first)) >= 0)
        return status;
    const char *solver = value[O_SOLVER];
    pz_budget budget = {0, 0};
    pz_error e;
    if (value[O_BUDGET] && pz_parse_budget(value[O_BUDGET], &budget, &e))
        return pz_usage("solve: %s", e.msg);
    if (value[O_THREADS]) {
        const char *t = value[O_THREADS];
        long long v;
        if (!pz_parse_uint(&t, 1024, &v) || *t || v < 1)
            return pz_usage("solve: expected --threads T with 1 <= T <= 1024, found '%s'",
                            value[O_THREADS]);
        pz_set_game_threads((int)v);
    }
    for (int i = first; i < argc; i++) {
        if (!p) {
            if (!(p = pz_find_puzzle(argv[i])))
                return pz_usage("solve: unknown puzzle '%s'%s (see puzzlebench list)", argv[i],
                                pz_puzzle_hint(argv[i], hint));
        } else if (!path) {
            path = argv[i];
        } else {
            return pz_usage("solve: one input file at most");
        }
    }
    if (!p)
        return pz_usage("solve: which puzzle? (see puzzlebench list)");
    const pz_solver *only = NULL;
    if (solver && !(only = pz_find_solver(p->name, solver)))
        return pz_usage("solve: %s has no solver '%s'%s (see puzzlebench list)", p->name, solver,
                        pz_solver_hint(p, solver, hint));

    FILE *in = stdin;
    if (path && strcmp(path, "-") && !(in = fopen(path, "r")))
        return pz_usage("solve: cannot open %s: %s", path, strerror(errno));
    pz_prepare_all();
    catch_signals();
    /* Boards of every size: the wide twin reads them, their rows and their
     * answers' in an arena given back after each board is answered. */
    pz_arena *arena = p->wide ? pz_arena_new() : NULL;
    if (p->wide)
        p = p->wide;
    pz_reference ref;
    void *inst = calloc(1, p->inst_size), *ans = calloc(1, p->ans_size);
    pz_reader r;
    int rc = 0;
    status = PZ_EXIT_OK;
    unsigned long long k = 0;
    static char obuf[1 << 16];
    setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
    pz_reader_init(&r, in, path && strcmp(path, "-") ? path : "stdin");
    r.arena = arena;
    pz_reference_init(&ref, p, only);
    ref.arena = arena;
    while (!stop_signal &&
           ((arena ? pz_arena_reset(arena) : (void)0), (rc = p->read(&r, inst, &e)) == 1)) {
        pz_game_start(&budget);
        int failed = pz_reference_solve(&ref, inst, ans, &e);
        if (stop_signal) /* its answer may be cut short: none is printed */
            break;
        if (failed) {
            status = pz_usage("%s:%ld: %s", r.name, r.line, e.msg);
            break;
        }
        p->write_answer(stdout, ++k, inst, ans);
        if (p->classify(inst, ans, NULL, 0) == PZ_CLASS_UNKNOWN)
            cut_note(k, &budget);
        if (ferror(stdout)) /* a lost write: no point solving the rest */
            break;
    }
    if (rc < 0 && !stop_signal) /* a read the signal cut is no error */
        status = pz_print_error(&e);
    else if (rc == 0 && !k && !r.line && !stop_signal) /* no line at all: no judge input */
        status = pz_print_error(
            (pz_fail(&e, NULL, "%s: expected a %s board, found an empty input", r.name, p->name),
             &e));
    if (pz_check_stdout())
        status = PZ_EXIT_USAGE;
    if (stop_signal)
        status = 128 + stop_signal;
    pz_reference_free(&ref);
    pz_arena_free(arena);
    free(inst);
    free(ans);
    pz_reader_free(&r);
    if (in != stdin)
        fclose(in);
    return status;
}
