/* solver.h - the contract every puzzle and every solver meets.
 *
 * A puzzle knows its judge formats, its independent checker and its corpus
 * generators; a solver knows one algorithm.  Instances and answers are plain
 * fixed-size structs, so a batch is a flat array the harness owns:
 *
 *     const pz_solver *s = pz_find_solver("flip", "gf2");
 *     s->solve(inst, ans, scratch);          // scratch: s->scratch_size bytes
 *     if (s->puzzle->check(inst, ans, &why) != PZ_VALID) ...
 *
 * A solver never prints and never allocates in solve().  Its scratch is
 * zeroed once by the harness and kept across calls in the same thread, so a
 * solver may cache per-size tables in it.
 *
 * Instances past a fixed struct (toggle boards up to 4096x4096) keep the
 * flat arrays: their struct holds a header and their rows live in an arena
 * the harness resets per batch (arena.h, pz_puzzle.wide below); a solver
 * whose per-size work outgrows scratch_size does it in resize(), outside the
 * timer, and frees it in release().
 */
#ifndef PZ_SOLVER_H
#define PZ_SOLVER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The part of the contract a plug-in sees (flags, the puzzles' structs). */
#include "../include/puzzlebench/puzzlebench.h"
/* Bad input, as the read and setup functions below report it. */
#include "error.h"

/* The line reader (io.h) and the arena (arena.h) are passed by pointer. */
typedef struct pz_reader pz_reader;
typedef struct pz_arena pz_arena;

typedef enum pz_verdict { PZ_VALID = 0, PZ_INVALID = 1 } pz_verdict;

/* What a solver's answer that checks proves (pz_puzzle's proof): its claim
 * replayed by the checker (presses, a placement, an impossibility
 * certificate); a claim that rests on agreement (an Impossible with nothing
 * to replay); or a claim a solver must prove and did not (a Tetravex
 * Possible with no placement), which fails. */
typedef enum pz_proof { PZ_OWES_PROOF = -1, PZ_UNPROVEN = 0, PZ_PROVEN = 1 } pz_proof;

/* Corpus parameters from a spec such as "random:rows=6:cols=6:count=1e6".
 * -1 (or "") means not given; a generator's setup fills its defaults.
 * digits=peak gives digits PZ_DIGITS_PEAK, which a setup that knows it
 * replaces by its number for the size (Tetravex: the hardness peak). */
enum { PZ_DIGITS_PEAK = 1001 };
typedef struct pz_params {
    int rows, cols, n, digits;
    int rows_to, cols_to; /* a sweep of sizes: "rows=8..4096" gives rows 8, rows_to 4096 */
    char mode[16];
    long long count;
    uint64_t seed;
    /* Set by setup: the corpus holds instances past the puzzle's fixed
     * struct, so the harness runs it through puzzle->wide and make_in. */
    int wide;
} pz_params;

/* A sweep's sides (rows=8..4096): from doubling up to to, the last one to
 * itself.  pz_sweep_sides gives how many, pz_sweep_side the i-th. */
static inline int pz_sweep_sides(int from, int to)
{
    int k = 1;
    for (long s = from; s < to; s *= 2)
        k++;
    return k;
}
static inline int pz_sweep_side(int from, int to, int i)
{
    long s = from;
    while (i-- > 0 && s < to)
        s *= 2;
    return s < to ? (int)s : to;
}

/* A corpus kind: a pure function from an index to an instance. */
typedef struct pz_generator {
    const char *kind;                      /* "exhaustive", "random" */
    const char *keys;                      /* what it accepts, with defaults, for help */
    int (*setup)(pz_params *, pz_error *); /* validate, default, set count */
    void (*make)(const pz_params *, uint64_t index, void *inst);
    /* Optional (NULL: make() for each index): instances first .. first +
     * count - 1 into the flat array insts, each exactly as make() makes it.
     * A batch pays the size's constants and the calls once, not per board. */
    void (*make_batch)(const pz_params *, uint64_t first, size_t count, void *insts);
    /* Optional: make for a corpus whose setup set wide; what does not fit
     * the instance's struct goes to the arena. */
    void (*make_in)(const pz_params *, uint64_t index, void *inst, pz_arena *);
} pz_generator;

typedef struct pz_puzzle {
    const char *name;  /* "flip" */
    const char *title; /* "Flip Game (POJ 1753)" */
    size_t inst_size, ans_size;
    /* One instance in the judge's input format: 1 read, 0 clean end, -1 bad. */
    int (*read)(pz_reader *, void *inst, pz_error *);
    /* A judge input of total instances of one size, written in parts so a
     * corpus of any size streams: insts are its instances first .. first +
     * count - 1.  The header goes out with the part at first == 0, a trailer
     * with the part that ends at total.  One call (f, v, n, 0, n) writes it
     * whole. */
    void (*write_input)(FILE *, const void *insts, size_t count, uint64_t first, uint64_t total);
    /* The judge's output for instance k (from 1). */
    void (*write_answer)(FILE *, unsigned long long k, const void *inst, const void *ans);
    /* The judge's output for instance k: 1 read, 0 clean end, -1 bad. */
    int (*read_answer)(pz_reader *, unsigned long long k, const void *inst, void *ans, pz_error *);
    /* Independent of every solver: replays the witness on the board. */
    pz_verdict (*check)(const void *inst, const void *ans, const char **why);
    /* Answers are canonical, so this compares what the judge would print. */
    int (*same)(const void *inst, const void *a, const void *b);
    const pz_generator *generators; /* ends with kind == NULL */
    /* The k-th simpler neighbour of inst (from 0): 1 made, 0 no more. */
    int (*shrink)(const void *inst, int k, void *simpler);
    /* "4x4", "n=5": the size class of an instance, for reports. */
    void (*size)(const void *inst, char *buf, size_t len);
    /* The histogram class of an answer, 0 <= class < PZ_CLASSES: the move
     * count, Impossible, Possible...  Called once per instance, so it must
     * be cheap; with name != NULL it also spells the class ("4",
     * "Impossible"), for reports. */
    int (*classify)(const void *inst, const void *ans, char *name, size_t len);
    /* Optional (NULL: check() and classify() for each instance): checks
     * answer j against instance j of the flat arrays insts and answers for
     * j = 0, 1, ... exactly as check() does, storing classify()'s class of
     * each answer that checks in classes[j]; stops at the first answer that
     * does not check and returns how many did (count: all of them).  The
     * harness checks a billion answers this way with the size's constants
     * and the calls paid once per batch; a failure goes the single way.
     * It accepts only answers that proof() calls PZ_PROVEN: the harness
     * counts them certified; any other goes the single way too.  Where
     * same is not NULL (another solver's answers to the same instances),
     * it also stops at the first j where same's answer is not the same as
     * answers' in the sense of same_batch (below): the harness checks the
     * reference's answers and compares another solver's in one pass. */
    size_t (*check_batch)(const void *insts, const void *answers, const void *same, size_t count,
                          int *classes);
    /* Variable-size instances (optional).  inst_size and ans_size stay fixed
     * headers, so a batch is still a flat array and small instances keep
     * their exact path; an instance too big for its struct (a toggle board
     * past 64x64) keeps a header there and its rows in an arena.  wide is
     * the same puzzle (the same name and formats) whose functions take
     * instances of every size; the harness uses it for a corpus whose
     * setup set params.wide or whose file holds such an instance, and
     * nowhere else.  A wide puzzle's wide is itself. */
    const struct pz_puzzle *wide;
    /* Wide puzzles: sizes the rows of an answer to inst (in the arena),
     * before a solver fills it, outside any timer. */
    void (*answer_in)(const void *inst, void *ans, pz_arena *);
    /* Optional: writes the answer "unknown" to inst, for a game whose search
     * its budget cut (pz_poll): the judge's output spells it, check()
     * accepts it (it claims nothing) and classify() gives PZ_CLASS_UNKNOWN.
     * NULL: the puzzle's solvers answer every instance in full. */
    void (*unknown)(const void *inst, void *ans);
    /* Optional: one instance's search split into pieces at depth (gen
     * --pieces), each an instance of its own, in order: inst has an answer
     * if some piece has, none if no piece has, and no piece is part of
     * another.  emit(ctx, piece) for each; the search's nodes above them, or
     * -1 with why if depth does not fit inst. */
    long long (*pieces)(const void *inst, int depth, void (*emit)(void *ctx, const void *piece),
                        void *ctx, char *why, size_t len);
    /* Optional (NULL: every answer that checks is PZ_PROVEN): what an answer
     * that check() accepts proves, from what it carries.  Independent of the
     * solvers, as check() is.  A judge's text carries no witness, so this
     * is asked of solvers' answers only. */
    pz_proof (*proof)(const void *inst, const void *ans);
    /* Optional (NULL: same() for each): compares answer j of a and of b
     * to instance j of insts, for j = 0, 1, ..., and returns how many from
     * the first are the same in everything check(), proof() and classify()
     * read, so that each of them says of b's answer what it says of a's.
     * It stops at the first pair that differs in any of it (where same()
     * may still call them the same: that pair goes the single way).  With
     * check_batch, the harness's path for three solvers or more: the
     * reference's answers checked (and the next solver's compared) by
     * check_batch, the others' compared with them by this. */
    size_t (*same_batch)(const void *insts, const void *a, const void *b, size_t count);
} pz_puzzle;

/* Room for every press count of a 64x64 board, a class for "none", two for
 * big boards (toggle.h): counts past 64x64's, and answers not proven fewest;
 * and the last, "unknown", for every puzzle: an instance whose searches
 * were cut by their budget (pz_poll), counted apart, never a failure. */
enum { PZ_CLASSES = 64 * 64 + 5, PZ_CLASS_UNKNOWN = PZ_CLASSES - 1 };
#define PZ_UNKNOWN_NAME "unknown"

/* A game's budget (budget.c; the poll and the estimate are in
 * puzzlebench.h): nodes and CPU seconds a game, 0 for no limit.
 *
 *     pz_game_start(&budget);            // on the thread that solves it
 *     if (s->solve(inst, ans, scratch) == PZ_STOPPED && pz_game_cut(&end))
 *         ... the game is unknown; end.tree is its tree by the estimate
 */
typedef struct pz_budget {
    long long nodes;
    double cpu_s;
} pz_budget;
/* "2s", "0.5s" (CPU seconds), "1e7n" (nodes), "2s,1e7n", or "none". */
int pz_parse_budget(const char *s, pz_budget *, pz_error *);
/* The form pz_parse_budget reads: "none", "2s", "1e7n", "2s,30000n". */
void pz_budget_text(const pz_budget *, char *buf, size_t len);
static inline int pz_budget_on(const pz_budget *b)
{
    return b && (b->nodes || b->cpu_s > 0);
}
/* The next game on this thread gets budget b (NULL or none: no limit). */
void pz_game_start(const pz_budget *b);
/* After its solve(): 1 if the budget cut the game, and in end (if not
 * NULL) the nodes polled, the share done the search gave (0: none) and
 * its tree by that estimate (NaN: none). */
typedef struct pz_game_end {
    long long nodes;
    double done, tree;
} pz_game_end;
int pz_game_cut(pz_game_end *end);

/* One game on several threads (budget.c).  The threads a game may search on:
 * 1 unless the harness set more for this thread's games (`solve --threads
 * T`, or `run` with fewer games than threads).  A solver that splits its
 * search (tetravex's split.c) starts helper threads and, from the game's
 * own thread, hands their nodes and CPU seconds to the game with
 * pz_game_helpers() (nonzero: stop, as pz_poll); they count in the game's
 * budget, and pz_helper_cpu() sums their CPU on this thread, all games told,
 * which `run` adds to the solver's CPU time. */
void pz_set_game_threads(int threads);
int pz_game_threads(void);
int pz_game_helpers(long long nodes, double cpu_s);
double pz_helper_cpu(void);
/* This thread's CPU time in seconds (CLOCK_THREAD_CPUTIME_ID). */
double pz_thread_cpu(void);

/* What the registry line (registry.h) says of a solver beside its puzzle and
 * name: PZ_REF, PZ_SLOW, PZ_EXPONENTIAL (puzzlebench.h). */

typedef struct pz_solver {
    const char *name; /* "gf2" */
    const pz_puzzle *puzzle;
    unsigned flags;                /* PZ_REF, ...: from its registry line */
    const char *summary;           /* one line for `puzzlebench list` */
    const char *limits;            /* what fits() accepts, in words */
    int (*fits)(const void *inst); /* stated limits, never a silent skip */
    int (*prepare)(void);          /* one-time tables, before any timing; 0 ok */
    size_t scratch_size;
    int (*solve)(const void *inst, void *ans, void *scratch); /* 0 ok */
    /* Optional (NULL: fits() for each): how many of the count instances of
     * the flat array insts, from the first, fits() takes before the first
     * it does not.  A batch is mostly of one size, so this asks once. */
    size_t (*fits_batch)(const void *insts, size_t count);
    /* Optional (NULL: solve() for each): solves instances 0, 1, ... of the
     * flat arrays insts and answers exactly as solve() does, and returns how
     * many it solved before the first whose solve() did not return 0 (the
     * caller solves that one again, with solve(), for its code) or before
     * pz_stopped().  A fast solver's call per instance costs as much as its
     * work; this pays the call, the size's constants and the loop once. */
    size_t (*solve_batch)(const void *insts, void *answers, size_t count, void *scratch);
    /* Optional, for solvers whose work depends on an instance's size past
     * what scratch_size holds (the big-board solvers): resize does the
     * per-size work for inst's size outside the timer (0 ok, -1 out of
     * memory), and release frees what scratch came to hold.  Callers of
     * solve call release (pz_scratch_free) when done with a scratch. */
    int (*resize)(void *scratch, const void *inst);
    void (*release)(void *scratch);
} pz_solver;

/* A solver's scratch: zeroed scratch_size bytes (never NULL), and its end
 * (release, then free). */
void *pz_scratch_new(const pz_solver *);
void pz_scratch_free(const pz_solver *, void *scratch);

/* The registry (registry.h, registry.c): NULL-terminated lists in display
 * order; nothing but the order of `puzzlebench list` and of reports depends
 * on a solver's place in them.  pz_solvers is the built-in list, then the
 * solvers of the plug-ins loaded (pz_plugin_load). */
extern const pz_puzzle *const pz_puzzles[];
extern const pz_solver *const *pz_solvers;
const pz_puzzle *pz_find_puzzle(const char *name);
const pz_solver *pz_find_solver(const char *puzzle, const char *name);

/* Declares the solver PUZZLE/NAME, in every puzzle's files with the same
 * arguments in the same order; each puzzle's own macro (TG_SOLVER,
 * TX_SOLVER) adapts its algorithms' signatures and then comes here.  The
 * flags come from the solver's registry line: a solver without one does not
 * compile.  Optional hooks may follow SOLVE as designated initializers
 * (.fits_batch = f). */
#include "registry.h"
#define PZ__PUZZLE(p) extern const pz_puzzle pz_##p;
PZ_PUZZLES(PZ__PUZZLE)
#undef PZ__PUZZLE
#define PZ__FLAGS(p, s, f) PZ__FLAGS_##p##_##s = (f),
enum { PZ_SOLVERS(PZ__FLAGS) };
#undef PZ__FLAGS
#define PZ_SOLVER(PUZZLE, NAME, SUMMARY, LIMITS, FITS, SCRATCH, PREPARE, SOLVE, ...)               \
    const pz_solver pz_solver_##PUZZLE##_##NAME = {                                                \
        .name = #NAME,                                                                             \
        .puzzle = &pz_##PUZZLE,                                                                    \
        .flags = PZ__FLAGS_##PUZZLE##_##NAME,                                                      \
        .summary = SUMMARY,                                                                        \
        .limits = LIMITS,                                                                          \
        .fits = FITS,                                                                              \
        .prepare = PREPARE,                                                                        \
        .scratch_size = SCRATCH,                                                                   \
        .solve = SOLVE,                                                                            \
        ##__VA_ARGS__,                                                                             \
    }

/* Prepares a solver, or every registered one (tables before any timing);
 * a failure is fatal. */
void pz_prepare(const pz_solver *);
/* 1 for a solver of the registry's own list, 0 for a plug-in's. */
int pz_builtin(const pz_solver *);
void pz_prepare_all(void);

#endif
