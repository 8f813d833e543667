/* puzzlebench/puzzlebench.h - the contract a solver built apart from
 * puzzlebench meets, to be loaded as a plug-in:
 *
 *     puzzlebench run flip --plugin ./mine.so --corpus flip:exhaustive:rows=4:cols=4
 *     PUZZLEBENCH_PLUGINS=./mine.so:./other.so puzzlebench list
 *
 * A plug-in is a shared object that defines the entry point pz_plugin_entry()
 * (the macro PZ_PLUGIN below writes it), which gives the contract version it
 * was built against and its solvers.  Each solver names its puzzle by string
 * ("flip", "lightsout", "tetravex") and takes that puzzle's instance and
 * answer structs, declared below.  puzzlebench lists, runs, checks with the
 * puzzle's independent checker, compares with the reference and times a
 * plug-in's solvers exactly as its own, under the name FILE:NAME (the
 * plug-in's file name without its directory, then the solver's name:
 * "mine.so:rowenum"), which is also what --solver and --solvers take.
 *
 * Refused, with a message and exit status 2 (check: 3, its bad usage): a
 * plug-in without the entry point, one built for another contract version,
 * one whose solver names an unknown puzzle, and one whose solver's name is
 * already a solver of its puzzle (built in or from another plug-in).
 *
 * What a solver must do:
 *   - solve() neither prints nor allocates, and does not keep state outside
 *     its scratch: it may run on many threads at once, each call with its
 *     own scratch (scratch_size bytes, zeroed once and kept across the calls
 *     of one thread, so it may cache per-size tables there).  prepare() (may
 *     be NULL) runs once, before any timing, on one thread: tables shared
 *     read-only by every solve() go there.
 *   - fits() says whether the solver takes an instance; its limits, in
 *     words, are in limits.  A toggle board with m == 0 is one past 64x64,
 *     whose rows the harness holds elsewhere: fits() must refuse it.
 *   - solve() returns 0 and writes the puzzle's canonical answer, every
 *     field the comments of the structs name (the answer is not zeroed
 *     first; what they do not name is not read); the harness checks every
 *     answer and compares it with the reference's.  Writing past the answer
 *     or the scratch is writing into another instance's; a sanitizer build
 *     of puzzlebench (-DPZ_SANITIZE=ON) aborts, naming the solver.
 *   - flags: 0, or PZ_SLOW (run on a sample with `run --sample`), or with
 *     PZ_EXPONENTIAL as well; PZ_REF is the harness's own and is refused.
 *
 * A complete plug-in, built with
 *     cc $(pkg-config --cflags puzzlebench) -O2 -shared -fPIC mine.c -o mine.so
 * or with CMake: find_package(puzzlebench) and
 * target_link_libraries(mine PRIVATE puzzlebench::contract):
 *
 *     #include <puzzlebench/puzzlebench.h>
 *
 *     // Tetravex: is every game of one tile Possible?  (A real one searches.)
 *     static int fits(const void *inst)
 *     {
 *         return ((const pz_tetravex_game *)inst)->n <= 1;  // a piece of one is a game
 *     }
 *     static int solve(const void *inst, void *ans, void *scratch)
 *     {
 *         const pz_tetravex_game *g = inst;
 *         pz_tetravex_answer *a = ans;
 *         (void)scratch;
 *         a->possible = a->has = 1;
 *         for (int i = 0; i < g->n * g->n; i++)
 *             a->at[i] = (uint8_t)i;
 *         return 0;
 *     }
 *     static const pz_plugin_solver one = {
 *         .puzzle = "tetravex", .name = "one", .summary = "games of one tile",
 *         .limits = "n <= 1", .fits = fits, .solve = solve,
 *     };
 *     PZ_PLUGIN(&one)
 */
#ifndef PUZZLEBENCH_PUZZLEBENCH_H
#define PUZZLEBENCH_PUZZLEBENCH_H

#include <stddef.h>
#include <stdint.h>

/* The version of this contract: the layouts and the entry point below.  A
 * plug-in built against another version is refused. */
#define PZ_CONTRACT_VERSION 2

/* A solver's flags: PZ_REF, a reference (the harness's solvers only);
 * PZ_SLOW, run on a sample; PZ_EXPONENTIAL, a search whose time explodes on
 * the hard instances of sizes it takes. */
enum { PZ_REF = 1, PZ_SLOW = 2, PZ_EXPONENTIAL = 4 };

/* Flip Game ("flip") and Lights Out ("lightsout"): an m x n board, 1..64
 * each; bit c of b[r] is cell (r, c), 1 for black (Flip Game) or lit (Lights
 * Out).  Pressing a cell toggles it and its orthogonal neighbours.  The goal
 * is all off, or, for Flip Game only, all on as well. */
enum { PZ_TOGGLE_MAX = 64 };
typedef struct pz_toggle_board {
    uint8_t m, n;              /* m == 0: a board past 64x64, for fits() to refuse */
    uint64_t b[PZ_TOGGLE_MAX]; /* rows 0 .. m-1; bits past column n-1 zero */
    uint8_t pad_[56];
} pz_toggle_board;

/* What an answer carries, in has. */
enum { PZ_TOGGLE_PRESSES = 1, PZ_TOGGLE_CERTS = 2 };

/* The canonical answer: weight, the fewest presses that reach a goal, and in
 * x (rows 0 .. m-1, has PZ_TOGGLE_PRESSES) the press set of that many
 * presses that is smallest read as a string of bits, cell (0, 0) first, then
 * (0, 1), ...: the one every solver gives.  No goal reachable: weight -1,
 * and optionally (has PZ_TOGGLE_CERTS) for each goal g (0 all off, 1 all
 * on) a certificate cert[g], rows y with y A = 0 and y . (b + g) = 1, A the
 * press matrix over GF(2); the checker verifies them.  Without them an
 * Impossible is trusted only where a built-in solver gives it too; a count
 * without its presses is never. */
typedef struct pz_toggle_answer {
    int weight;
    int has;
    uint64_t x[PZ_TOGGLE_MAX];
    uint64_t cert[2][PZ_TOGGLE_MAX];
    uint8_t pad_[56];
} pz_toggle_answer;

/* Tetravex ("tetravex"): n x n tiles (n 0..12), tile i with the numbers
 * 0..9 of its four sides; can they be laid, without rotation, so that every
 * two neighbours show the same number on their shared edge?  fixed > 0
 * (since version 2): a piece of a game's search (`gen --pieces`), whose
 * tiles 0 .. fixed-1 must sit, in that order, on the first cells of the
 * square grown from the corner: (0,0); then column w beside the w x w
 * square, top down; then row w below it, left to right.  A solver that
 * does not search pieces refuses them in fits(). */
enum { PZ_TETRAVEX_MAX = 12, PZ_TETRAVEX_CELLS = PZ_TETRAVEX_MAX * PZ_TETRAVEX_MAX };
enum { PZ_TETRAVEX_TOP = 0, PZ_TETRAVEX_RIGHT = 1, PZ_TETRAVEX_BOTTOM = 2, PZ_TETRAVEX_LEFT = 3 };
typedef struct pz_tetravex_game {
    uint8_t n;
    uint8_t tile[PZ_TETRAVEX_CELLS][4]; /* [i][TOP..LEFT], i < n*n */
    uint8_t fixed;                      /* 0: a whole game */
} pz_tetravex_game;

/* possible: 1 or 0.  With possible 1, has 1 and at[] the witness: the tile
 * at each cell, row-major, each tile once; the checker lays it out (a
 * Possible without it fails).  An Impossible is trusted where a built-in
 * solver gives it too.
 * PZ_TETRAVEX_UNKNOWN: no answer, the game's search was cut by its budget
 * (the harness writes it: a solver returns PZ_STOPPED). */
enum { PZ_TETRAVEX_UNKNOWN = 255 };
typedef struct pz_tetravex_answer {
    uint8_t possible;
    uint8_t has;
    uint8_t at[PZ_TETRAVEX_CELLS];
} pz_tetravex_answer;

/* Stopping a search.  The harness sets pz_stop (pz_set_stop; a signal
 * handler may: the store is lock-free) to end every search soon: a search
 * that can run long polls pz_stopped() every few thousand nodes and, when
 * it says so, unwinds, and solve() returns PZ_STOPPED with no answer: the
 * game is unknown where its budget cut it, dropped where a signal came, and
 * the solver's failure otherwise (as is an "unknown" answer it writes
 * itself).  Any other nonzero return of solve() is a failure.  A game's
 * budget is seen at the same poll (pz_poll below).  pz_stop is read and
 * written only atomically; a plug-in reaches it in the program that loads
 * it. */
enum { PZ_STOPPED = 2 };
extern int pz_stop;
static inline int pz_stopped(void)
{
    return __atomic_load_n(&pz_stop, __ATOMIC_RELAXED);
}
static inline void pz_set_stop(int on)
{
    __atomic_store_n(&pz_stop, on, __ATOMIC_RELAXED);
}

/* Budgets.  `run --budget` and `solve --budget` give each game nodes or CPU
 * seconds (or both), counted on the thread that solves it.  A long search
 * calls pz_poll() every few thousand nodes, with the nodes it searched
 * since its last poll (0 if it does not count them): nonzero means stop
 * (pz_stop is set, or the game's budget is spent), and the search unwinds
 * and solve() returns PZ_STOPPED, as for a signal.  A search cut by its
 * budget first calls pz_estimate() with the share of its tree it had
 * searched, 0 < done <= 1, if it can tell (each choice at a node taken as
 * an equal share of it: Knuth's estimate of a search's progress); the
 * harness answers the game "unknown", its tree estimated as the nodes
 * polled over that share.  Without a budget pz_poll() is pz_stopped(). */
int pz_poll(long long nodes);
void pz_estimate(double done);

/* One solver of a plug-in.  Every field but prepare is required. */
typedef struct pz_plugin_solver {
    const char *puzzle;  /* "flip", "lightsout" or "tetravex" */
    const char *name;    /* letters, digits, '_' and '-': "rowenum" */
    unsigned flags;      /* 0, PZ_SLOW, PZ_SLOW | PZ_EXPONENTIAL */
    const char *summary; /* one line for `puzzlebench list` */
    const char *limits;  /* what fits() takes, in words: "m, n <= 8" */
    int (*fits)(const void *inst);
    int (*prepare)(void); /* NULL, or once before any timing: 0 ok */
    size_t scratch_size;
    int (*solve)(const void *inst, void *ans, void *scratch); /* 0 ok */
} pz_plugin_solver;

/* What the entry point returns: the version built against, and the solvers
 * in display order, ending with NULL. */
typedef struct pz_plugin {
    int contract; /* PZ_CONTRACT_VERSION; the first field in every version */
    const pz_plugin_solver *const *solvers;
} pz_plugin;

/* The entry point, looked up by this name. */
#define PZ_PLUGIN_ENTRY "pz_plugin_entry"

#ifdef __cplusplus
#define PZ_PLUGIN_LINKAGE extern "C" __attribute__((visibility("default")))
#else
#define PZ_PLUGIN_LINKAGE __attribute__((visibility("default")))
#endif

/* PZ_PLUGIN(&a, &b): the entry point, offering the solvers a and b. */
#define PZ_PLUGIN(...)                                                                             \
    static const pz_plugin_solver *const pz_plugin_solvers_[] = {__VA_ARGS__, NULL};               \
    PZ_PLUGIN_LINKAGE const pz_plugin *pz_plugin_entry(void);                                      \
    const pz_plugin *pz_plugin_entry(void)                                                         \
    {                                                                                              \
        static const pz_plugin plugin = {PZ_CONTRACT_VERSION, pz_plugin_solvers_};                 \
        return &plugin;                                                                            \
    }

#endif
