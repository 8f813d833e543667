/* big.h - Lights Out and Flip Game on big boards: m x n up to 4096 x 4096 in
 * corpora, and a single board (the all-on one) up to 10 000 x 10 000.
 *
 * A board is m rows of w = ceil(n / 64) words; bit c % 64 of word c / 64 of
 * row r is the cell (r, c), and the bits past column n - 1 are zero.  Memory
 * is m * w words: 2 MB for 4096 x 4096, 12.5 MB for 10 000 x 10 000.  The
 * rules are those of toggle.h (a press toggles its cell and the orthogonal
 * neighbours; an answer is a set of presses x with b + A x a goal board).
 *
 *     tg_bigsys *s = tg_bigsys_new(tg_big_find("chase"));   // per solver and thread
 *     tg_bigans a;
 *     tg_bigans_init(&a);
 *     if (tg_big_solve(s, &board, TG_OFF, &a) == 0 &&
 *         tg_big_check(&board, &a, TG_OFF, &why) != PZ_VALID) ...
 *     tg_bigans_free(&a);
 *     tg_bigsys_free(s);
 *
 * Canonical answers.  Let k be the nullity of A (2^k answers per solvable
 * board).  Where k <= 32 and m * n * 2^k <= 2^44 (the fewest-press search
 * below then takes at most 2^28 cell steps; every size up to 64x64 with
 * nullity <= 32 is inside, so the answers are gf2's bit for bit), the answer
 * is toggle.h's: the fewest presses, ties broken by the smallest press set
 * read as a row-major bit string (cell (0,0) first), and it is marked fewest.
 * Beyond, the answer is the smallest press set as a row-major bit string
 * among all 2^k answers, marked not proven fewest.  Both are defined by the
 * board alone, so every solver returns the same set; in terms of a basis,
 * the second is the answer whose coordinates are zero in the kernel basis in
 * reduced echelon form on row 0 (a kernel vector is fixed by its row 0, so
 * every basis vector has a distinct leading cell in row 0, which the answer
 * leaves off).
 *
 * Flip Game (goals TG_OFF | TG_ON) answers the fewest flips where the search
 * above applies; beyond, tg_big_solve returns TG_BIG_OUTSIDE and the size is
 * reported as outside the solver's limits.
 *
 * No answer: for each goal g a certificate y, a press set that changes
 * nothing (y A = 0) with y . (b + g) = 1; tg_big_check verifies it, as it
 * replays presses, without sharing code with the solvers.
 */
#ifndef PZ_BIG_H
#define PZ_BIG_H

#include <stddef.h>
#include <stdint.h>

#include "toggle.h"

enum {
    TG_BIG_MAX = 4096,          /* a side, in corpora */
    TG_BIG_ONE_MAX = 10000,     /* a side, for one board solved alone */
    TG_BIG_SEARCH_NULLITY = 32, /* the fewest-press search: nullity <= 32 */
    TG_BIG_SEARCH_LOG = 44,     /* and cells * 2^nullity <= 2^44 */
};

/* tg_big_solve's results besides 0 (solved or certified). */
enum { TG_BIG_OUTSIDE = 1, TG_BIG_NOMEM = -1 };

static inline uint64_t *tg_big_row(const tg_big *b, int r)
{
    return b->row + (size_t)r * b->w;
}
static inline size_t tg_big_words(int n)
{
    return ((size_t)n + 63) / 64;
}

/* Boards (big.c).  tg_big_init sizes b (zeroed), reusing its memory where it
 * is large enough: 0, or -1 out of memory. */
void tg_big_zero(tg_big *); /* an empty board with no memory */
int tg_big_init(tg_big *, int m, int n);
void tg_big_free(tg_big *);
void tg_big_ones(tg_big *); /* every light on */
/* The random board (seed, index): the same stream as tg_make_random for n <= 64. */
void tg_big_random(tg_big *, uint64_t seed, uint64_t index);
void tg_big_from_small(tg_big *, const tg_board *);   /* b must be sized */
void tg_big_to_small(const tg_big *, uint64_t *rows); /* n <= 64 */
long tg_big_weight(const tg_big *);
int tg_big_equal(const tg_big *, const tg_big *);
void tg_bigans_init(tg_bigans *);
void tg_bigans_free(tg_bigans *);

/* The independent checker (bigcheck.c): replays the presses cell by cell
 * and verifies certificates, sharing no code with the solvers. */
pz_verdict tg_big_check(const tg_big *b, const tg_bigans *a, unsigned goals, const char **why);
/* The answers agree: the same press count and, both having presses, the same set. */
int tg_big_same(const tg_bigans *a, const tg_bigans *b);

/* An algorithm for the system of a size: a big solver's (TG_BIG_SOLVER
 * below), the i-th in the registry's order from 0 (NULL past the last), or
 * the one named name (NULL: none); bigalgos.c. */
typedef struct tg_bigalgo tg_bigalgo;
const tg_bigalgo *tg_big_algo(int i);
const tg_bigalgo *tg_big_find(const char *name);
const char *tg_bigalgo_name(const tg_bigalgo *);
const char *tg_bigalgo_limits(const tg_bigalgo *);
int tg_bigalgo_fits(const tg_bigalgo *, int m, int n);
/* Does the solver take m x n boards toward goals?  Flip Game's (TG_OFF |
 * TG_ON) also needs the kernel searched: nullity <= 32 and m * n * 2^nullity
 * <= 2^44.  Costs tg_big_facts for Flip Game (the per-size elimination). */
int tg_big_fits(const tg_bigalgo *, int m, int n, unsigned goals);

/* A solver's state for one thread: the work done once per size (transfer
 * matrix, its echelon form, the kernel) and the boards it solves in. */
typedef struct tg_bigsys tg_bigsys;
tg_bigsys *tg_bigsys_new(const tg_bigalgo *);
void tg_bigsys_free(tg_bigsys *);
/* The per-size work for m x n (done by tg_big_solve on a size change): 0, or
 * TG_BIG_OUTSIDE (the algorithm's limits), or TG_BIG_NOMEM. */
int tg_big_prepare(tg_bigsys *, int m, int n);
int tg_big_nullity(const tg_bigsys *);  /* of the prepared size */
int tg_big_searched(const tg_bigsys *); /* its answers are fewest */
/* Solves b toward goals (TG_OFF, or TG_OFF | TG_ON); a's boards are sized
 * here (memory already of the size, as the harness's answer_in gives, is
 * reused, never freed).  Returns 0, TG_BIG_OUTSIDE or TG_BIG_NOMEM. */
int tg_big_solve(tg_bigsys *, const tg_big *b, unsigned goals, tg_bigans *a);

/* Are the answers at m x n the fewest (the kernel searched, as above)?  1,
 * 0, or -1 out of memory; past 64x64 it costs tg_big_facts, so the last
 * size's answer is kept, per thread. */
int tg_big_searched_size(int m, int n);

/* Facts of an m x n size (1 <= m, n <= 10 000): the nullity of A, and
 * whether the all-on board can be turned off; 0, or -1 out of memory. */
int tg_big_facts(int m, int n, int *nullity, int *on_solvable);

/* For the algorithm files (not callers).  The chase frame: boards with
 * m < n are solved transposed, so the system has min(m, n) unknowns. */
struct tg_bigalgo {
    const char *name, *summary, *limits;
    int (*fits)(int m, int n);
    /* Chase algorithms: a is [R | I], rows rows of stride words, R's pcols
     * columns first and I from word stride / 2.  Brings it to reduced row
     * echelon form over R's columns (the row operations applied to whole
     * rows); returns the rank of R with its pivot columns in pivcol, or -1
     * out of memory. */
    int (*eliminate)(uint64_t *a, int rows, size_t stride, int pcols, int *pivcol);
    /* Whole-matrix algorithms instead (eliminate NULL): the per-size work,
     * which gives the nullity and a kernel basis as nullity boards of m rows
     * of tg_big_words(n) words each; then one answer of rows b + goal (on: all
     * on), written to x: 1, or 0 when there is none. */
    void *(*prepare)(int m, int n, int *nullity, uint64_t **kernel);
    int (*particular)(void *state, const tg_big *b, int on, tg_big *x);
    void (*release)(void *state);
};

/* The word-parallel elimination (rref.c): chase's, and big.c's and dense's. */
int tg__big_eliminate(uint64_t *a, int rows, size_t stride, int pcols, int *pivcol);

/* Declares the big-board solver NAME of both toggle puzzles (a line for each
 * in registry.h) on the algorithm tg_big_NAME, which it defines: SUMMARY for
 * `puzzlebench list`, SIDES (what FITS takes, in words), FITS(m, n), then
 * .eliminate, or .prepare, .particular and .release (tg_bigalgo above).  The
 * solvers take boards of every size (bigsolvers.c); each puzzle's limits add
 * where its answers are the fewest. */
#define TG_BIG_SOLVER(NAME, SUMMARY, SIDES, FITS, ...)                                             \
    extern const tg_bigalgo tg_big_##NAME;                                                         \
    const tg_bigalgo tg_big_##NAME = {                                                             \
        .name = #NAME, .summary = SUMMARY, .limits = SIDES, .fits = FITS, __VA_ARGS__};            \
    static int flip_fits_(const void *i)                                                           \
    {                                                                                              \
        return tg__bigsolver_fits(&tg_big_##NAME, i, TG_FLIP_GOALS);                               \
    }                                                                                              \
    static int lo_fits_(const void *i)                                                             \
    {                                                                                              \
        return tg__bigsolver_fits(&tg_big_##NAME, i, TG_LIGHTSOUT_GOALS);                          \
    }                                                                                              \
    static int flip_solve_(const void *i, void *a, void *s)                                        \
    {                                                                                              \
        return tg__bigsolver_solve(&tg_big_##NAME, i, TG_FLIP_GOALS, a, s);                        \
    }                                                                                              \
    static int lo_solve_(const void *i, void *a, void *s)                                          \
    {                                                                                              \
        return tg__bigsolver_solve(&tg_big_##NAME, i, TG_LIGHTSOUT_GOALS, a, s);                   \
    }                                                                                              \
    static int resize_(void *s, const void *i)                                                     \
    {                                                                                              \
        return tg__bigsolver_resize(&tg_big_##NAME, s, i);                                         \
    }                                                                                              \
    PZ_SOLVER(flip, NAME, SUMMARY, TG__BIG_FLIP_LIMITS(SIDES), flip_fits_, sizeof(tg__bigscratch), \
              tg__bigsolver_prepare, flip_solve_, .resize = resize_,                               \
              .release = tg__bigsolver_release);                                                   \
    PZ_SOLVER(lightsout, NAME, SUMMARY, TG__BIG_LO_LIMITS(SIDES), lo_fits_,                        \
              sizeof(tg__bigscratch), tg__bigsolver_prepare, lo_solve_, .resize = resize_,         \
              .release = tg__bigsolver_release)

/* For TG_BIG_SOLVER (bigsolvers.c): a solver's scratch and its hooks. */
typedef struct tg__bigscratch {
    tg_bigsys *sys; /* the per-size work, for the size of the last board */
    tg_big b;       /* a small board, copied */
    tg_bigans a;    /* its answer */
} tg__bigscratch;
int tg__bigsolver_fits(const tg_bigalgo *, const void *inst, unsigned goals);
int tg__bigsolver_prepare(void);
int tg__bigsolver_resize(const tg_bigalgo *, void *scratch, const void *inst);
void tg__bigsolver_release(void *scratch);
int tg__bigsolver_solve(const tg_bigalgo *, const void *inst, unsigned goals, void *ans,
                        void *scratch);
/* Each puzzle's limits in its own words: Flip Game takes only the sizes
 * whose kernel is searched; Lights Out takes every size and says where its
 * answer is not proven the fewest. */
#define TG__BIG_SEARCHED "nullity <= 32, cells * 2^nullity <= 2^44"
#define TG__BIG_FLIP_LIMITS(SIDES) SIDES ", where the kernel can be searched (" TG__BIG_SEARCHED ")"
#define TG__BIG_LO_LIMITS(SIDES)                                                                   \
    SIDES "; the fewest presses proven where the kernel is searched (" TG__BIG_SEARCHED            \
          "), elsewhere a solution marked not proven fewest"

#endif
