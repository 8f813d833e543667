/* toggle.h - press-and-toggle games: Flip Game and Lights Out share this.
 *
 * Idea: pressing a cell toggles it and its orthogonal neighbours; presses
 * commute and two of one cell cancel, so an answer is a set x of cells, and
 * x solves the board b when b + A x is a goal (all off; for Flip Game also
 * all on), A being the press matrix over GF(2).  The canonical answer is the
 * fewest presses, ties broken by the smallest press set read as a row-major
 * bit string (cell (0,0) first): every solver returns exactly that set, so
 * solvers are compared bit for bit.
 * Limits: m x n up to 64x64 here, bit c of row[r] the cell (r, c).  Past
 * that boards are big.h's (the same answer where the kernel is searched,
 * elsewhere one marked not proven fewest) and reach the harness through the
 * wide puzzles (bigpuzzle.c) as a tg_board whose m = n = 0 holds a tg_big.
 * Cost: the helpers below work a row in a few word operations; each
 * solver's file opens with its own cost.  The puzzles are puzzle.h's.
 */
#ifndef PZ_TOGGLE_H
#define PZ_TOGGLE_H

#include <stdint.h>
#include <string.h>

#include "../solver.h"

enum { TG_MAX = 64 };

enum { TG_OFF = 1, TG_ON = 2 }; /* the goal boards */

/* A board of any size (big.h): m rows of w words from row, the bits past
 * column n - 1 zero. */
typedef struct tg_big {
    int m, n;
    size_t w;      /* words per row */
    uint64_t *row; /* m * w words, NULL for an empty board */
} tg_big;

enum { TG_PRESSES = 1, TG_CERTS = 2 }; /* what an answer carries */
/* With TG_PRESSES: the press set is big.h's canonical answer beyond the
 * searched kernel, not proven to be the fewest presses. */
enum { TG_NOT_FEWEST = 4 };

/* An answer on a big board; like tg_answer, with boards in place of arrays. */
typedef struct tg_bigans {
    long weight;    /* presses, or -1: no answer */
    int has;        /* TG_PRESSES | TG_CERTS */
    int fewest;     /* 1: the fewest presses; 0: not proven fewest */
    tg_big x;       /* the canonical press set */
    tg_big cert[2]; /* weight -1: per goal (0 off, 1 on) */
} tg_bigans;

/* An instance of either puzzle: up to 64x64 in b; past that (only in the
 * wide puzzles, solver.h) m = n = 0 and the board is big, its rows in the
 * harness's arena.  Both structs are a whole number of 64-byte cache lines
 * (the padding), so in a batch whose array starts on a line a small board's
 * size and rows, and an answer's count and presses, are one line each rather
 * than two for most of them (results/harness.md, "Cache lines"). */
typedef struct tg_board {
    uint8_t m, n;
    union {
        uint64_t b[TG_MAX];
        tg_big big;
    };
    uint8_t pad_[56];
} tg_board;

static inline int tg_is_big(const tg_board *bd)
{
    return bd->m == 0;
}

/* An answer: the number of presses, or -1 for no answer.  To a big board,
 * weight and has are also in big, which holds the rest. */
typedef struct tg_answer {
    int weight;
    int has; /* TG_PRESSES | TG_CERTS, and TG_NOT_FEWEST */
    union {
        struct {
            uint64_t x[TG_MAX]; /* the canonical press set */
            /* weight -1: for each goal g (0 off, 1 on) of the puzzle, y with
             * y A = 0 and y . (b + g) = 1, which proves g unreachable. */
            uint64_t cert[2][TG_MAX];
        };
        tg_bigans big;
    };
    uint8_t pad_[56];
} tg_answer;

_Static_assert(sizeof(tg_board) % 64 == 0 && sizeof(tg_answer) % 64 == 0,
               "tg_board and tg_answer fill whole cache lines");

/* The histogram classes past the press counts of 64x64 boards (solver.h). */
enum {
    TG_CLASS_NONE = 64 * 64 + 1,    /* Impossible */
    TG_CLASS_MORE = 64 * 64 + 2,    /* the fewest, more presses than 64x64 has cells */
    TG_CLASS_UNPROVEN = 64 * 64 + 3 /* not proven fewest */
};

/* An algorithm: fill a->x (and a->cert where it can) for goals on b. */
typedef int tg_solve_fn(const tg_board *b, unsigned goals, tg_answer *a, void *scratch);
typedef int tg_fits_fn(int m, int n);

static inline uint64_t tg_mask(int n)
{
    return n >= 64 ? ~0ull : (1ull << n) - 1;
}

/* The number of bits set in v.  Built for plain x86-64 (no POPCNT
 * instruction), GCC calls a library routine for __builtin_popcountll, a call
 * that costs more than the count below at a few nanoseconds a board
 * (results/harness.md, "Where the time goes"). */
static inline int tg_popcount(uint64_t v)
{
#if defined(__x86_64__) && !defined(__POPCNT__)
    v -= (v >> 1) & 0x5555555555555555ull;
    v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((v * 0x0101010101010101ull) >> 56);
#else
    return __builtin_popcountll(v);
#endif
}

/* What one row of presses p does to its own row. */
static inline uint64_t tg_spread(uint64_t p, uint64_t mask)
{
    return (p ^ (p << 1) ^ (p >> 1)) & mask;
}

/* Is x smaller than y as a row-major bit string (the tie-break)? */
static inline int tg_lexless(const uint64_t *x, const uint64_t *y, int m)
{
    for (int r = 0; r < m; r++) {
        uint64_t d = x[r] ^ y[r];
        if (d)
            return !(x[r] & d & -d);
    }
    return 0;
}

static inline int tg_weight(const uint64_t *x, int m)
{
    int w = 0;
    for (int r = 0; r < m; r++)
        w += tg_popcount(x[r]);
    return w;
}

/* Rows of an m x n board (or set of presses) packed into one word, cell
 * (r, c) at bit r*n + c (m*n <= 64), and back. */
static inline uint64_t tg_pack_rows(const uint64_t *rows, int m, int n)
{
    uint64_t v = 0;
    for (int r = 0; r < m; r++)
        v |= rows[r] << (r * n);
    return v;
}

static inline void tg_unpack_rows(uint64_t v, int m, int n, uint64_t *rows)
{
    for (int r = 0; r < m; r++)
        rows[r] = (v >> (r * n)) & tg_mask(n);
}

/* tg_lexless on packed sets. */
static inline int tg_packed_less(uint64_t x, uint64_t y)
{
    uint64_t d = x ^ y;
    return d && !(x & d & -d);
}

/* The canonical member of x + span(kern[0..k-1]), packed sets: the fewest
 * presses, then the smallest string, by a Gray code walk of the 2^k members. */
static inline uint64_t tg_coset_min(uint64_t x, const uint64_t *kern, int k)
{
    uint64_t cur = x;
    int w = tg_popcount(x);
    for (uint64_t i = 1; i < (1ull << k); i++) {
        cur ^= kern[__builtin_ctzll(i)];
        int cw = tg_popcount(cur);
        if (cw < w || (cw == w && tg_packed_less(cur, x))) {
            x = cur;
            w = cw;
        }
    }
    return x;
}

/* The board packed (tg_pack_rows), and what pressing each cell does to it:
 * the searches over states use these. */
static inline uint64_t tg_pack(const tg_board *bd, uint64_t *press)
{
    int m = bd->m, n = bd->n;
    for (int r = 0; r < m; r++) {
        for (int c = 0; c < n; c++) {
            uint64_t p = 1ull << (r * n + c);
            if (c > 0)
                p |= 1ull << (r * n + c - 1);
            if (c + 1 < n)
                p |= 1ull << (r * n + c + 1);
            if (r > 0)
                p |= 1ull << ((r - 1) * n + c);
            if (r + 1 < m)
                p |= 1ull << ((r + 1) * n + c);
            press[r * n + c] = p;
        }
    }
    return tg_pack_rows(bd->b, m, n);
}

/* Light chasing: given row 0 of the presses in x[0], press under every cell
 * of row r that differs from the goal row, for r = 0..m-2.  Returns the last
 * row's cells that still differ from the goal (0: x solves b). */
static inline uint64_t tg_chase(const uint64_t *b, int m, int n, uint64_t goalrow, uint64_t *x)
{
    uint64_t mask = tg_mask(n), above = 0;
    for (int r = 0; r + 1 < m; r++) {
        x[r + 1] = b[r] ^ tg_spread(x[r], mask) ^ above ^ goalrow;
        above = x[r];
    }
    return b[m - 1] ^ tg_spread(x[m - 1], mask) ^ above ^ goalrow;
}

/* Facts about the m x n press matrix A (facts.c; the first call builds a
 * table for every size): its nullity, and whether the all-on board is in its
 * image (can be turned all off). */
int tg_nullity(int m, int n);
int tg_on_solvable(int m, int n);
/* The first-row system (facts.c): R's columns col[j] (what first row e_j
 * leaves on the last row of an empty m x n board) in reduced row echelon
 * form.  Bit j of a particular first row for residue c is parity(inv[j] &
 * c); kern[k], for k below the nullity returned, is a press pattern that
 * changes nothing, chased down all m rows. */
int tg__first_row_system(int m, int n, const uint64_t *col, uint64_t *inv,
                         uint64_t (*kern)[TG_MAX]);

/* What the two toggle puzzles share (puzzle.c): the checker, which replays
 * presses cell by cell and shares no code with the algorithms, comparison,
 * generators and shrinking. */
pz_verdict tg_check(const tg_board *, const tg_answer *, unsigned goals, const char **why);
int tg_same(const void *inst, const void *a, const void *b);
int tg_shrink(const void *inst, int k, void *simpler);
void tg_size(const void *inst, char *buf, size_t len);
int tg_classify(const void *inst, const void *ans, char *name, size_t len);
/* pz_puzzle's proof: presses, or certificates for Impossible (which
 * tg_check replayed, goal by goal); an Impossible without them rests on
 * agreement. */
pz_proof tg_proof(const void *inst, const void *ans);
int tg_setup(pz_params *, int maxside, int exhaustive, pz_error *);
void tg_make_exhaustive(const pz_params *, uint64_t index, void *inst);
void tg_make_random(const pz_params *, uint64_t index, void *inst);
/* The batch forms of check with classify, of comparison, and of the
 * exhaustive make (pz_puzzle's check_batch and same_batch, pz_generator's
 * make_batch). */
size_t tg_check_batch(const void *insts, const void *answers, const void *same, size_t count,
                      int *classes, unsigned goals);
size_t tg_same_batch(const void *insts, const void *a, const void *b, size_t count, unsigned goals);
void tg_make_exhaustive_batch(const pz_params *, uint64_t first, size_t count, void *insts);
void tg_make_random_batch(const pz_params *, uint64_t first, size_t count, void *insts);

/* The wide puzzles (bigpuzzle.c; solver.h's pz_puzzle.wide): the same
 * functions for boards of every size, big ones through big.h, small ones
 * through the functions above. */
pz_verdict tg_wide_check(const tg_board *, const tg_answer *, unsigned goals, const char **why);
int tg_wide_same(const void *inst, const void *a, const void *b);
int tg_wide_shrink(const void *inst, int k, void *simpler);
void tg_wide_size(const void *inst, char *buf, size_t len);
int tg_wide_classify(const void *inst, const void *ans, char *name, size_t len);
void tg_wide_answer_in(const void *inst, void *ans, unsigned goals, pz_arena *);
/* Random boards up to TG_BIG_MAX (big.h) a side, the all-on board up to
 * TG_BIG_ONE_MAX, and sweeps of sizes (rows=8..4096: the sides doubling, the
 * last one 4096; count= boards of each size): setup and make for corpora.
 * narrow is the largest side the puzzle's own corpora take (8 for Flip
 * Game, 64 for Lights Out); setup sets params.wide past it. */
int tg_wide_setup_random(pz_params *, int narrow, pz_error *);
int tg_wide_setup_ones(pz_params *, int narrow, pz_error *);
void tg_make_ones(const pz_params *, uint64_t index, void *inst); /* narrow corpora */
void tg_wide_make_random(const pz_params *, uint64_t index, void *inst, pz_arena *);
/* mode=solvable: the default mode's random board taken as presses and made
 * on a board of one colour, so every board is solvable; colours 2 (Flip
 * Game) draws that colour, 1 (Lights Out) starts all off.  A pure function
 * of (seed, index), as the default mode. */
void tg_make_solvable(const pz_params *, uint64_t index, void *inst, int colours);
void tg_wide_make_solvable(const pz_params *, uint64_t index, void *inst, pz_arena *, int colours);
void tg_wide_make_ones(const pz_params *, uint64_t index, void *inst, pz_arena *);
/* A board's rows for a reader or a maker: m x n, zeroed, in the arena where
 * tg_wide_big_size says it is big, else in bd->b. */
int tg_wide_big_size(int m, int n);
void tg_wide_board(tg_board *, int m, int n, pz_arena *);
/* Row r of a board of either kind, and its words. */
static inline uint64_t *tg_rows(tg_board *bd, int r)
{
    return tg_is_big(bd) ? bd->big.row + (size_t)r * bd->big.w : bd->b + r;
}

/* Registers the algorithm NAME as a solver of both toggle puzzles, with the
 * arguments of PZ_SOLVER (solver.h) in its order: FITS(m, n) says which
 * sizes it takes (never a big board's), and NAME(board, goals, answer,
 * scratch) solves; the batch form (solve_batch) calls it in a loop, where
 * it is inlined.  TG_SOLVER_BATCH takes the algorithm's own batch form
 * instead, BATCH(boards, goals, answers, count, scratch), as solve_batch. */
extern const pz_puzzle pz_flip, pz_lightsout;
#define TG_FLIP_GOALS (TG_OFF | TG_ON)
#define TG_LIGHTSOUT_GOALS TG_OFF
#define TG_SOLVER(NAME, SUMMARY, LIMITS, FITS, SCRATCH, PREPARE)                                   \
    static inline __attribute__((always_inline)) size_t each_(const tg_board *b, unsigned goals,   \
                                                              tg_answer *a, size_t count, void *s) \
    {                                                                                              \
        size_t j = 0;                                                                              \
        while (j < count && !pz_stopped() && !NAME(&b[j], goals, &a[j], s))                        \
            j++;                                                                                   \
        return j;                                                                                  \
    }                                                                                              \
    TG_SOLVER_BATCH(NAME, SUMMARY, LIMITS, FITS, SCRATCH, PREPARE, each_)
#define TG_SOLVER_BATCH(NAME, SUMMARY, LIMITS, FITS, SCRATCH, PREPARE, BATCH)                      \
    static int fits_(const void *i)                                                                \
    {                                                                                              \
        return !tg_is_big(i) && FITS(((const tg_board *)i)->m, ((const tg_board *)i)->n);          \
    }                                                                                              \
    static size_t fits_batch_(const void *insts, size_t count)                                     \
    {                                                                                              \
        const tg_board *b = insts;                                                                 \
        size_t j = 0;                                                                              \
        uint16_t mn, next; /* the m and n bytes, compared at once */                               \
        while (j < count && b[j].m && FITS(b[j].m, b[j].n)) /* once a run of one size; m 0: big */ \
            for (memcpy(&mn, &b[j].m, 2); ++j < count && (memcpy(&next, &b[j].m, 2), next == mn);) \
                ;                                                                                  \
        return j;                                                                                  \
    }                                                                                              \
    static int flip_solve_(const void *i, void *a, void *s)                                        \
    {                                                                                              \
        return NAME((const tg_board *)i, TG_FLIP_GOALS, (tg_answer *)a, s);                        \
    }                                                                                              \
    static int lo_solve_(const void *i, void *a, void *s)                                          \
    {                                                                                              \
        return NAME((const tg_board *)i, TG_LIGHTSOUT_GOALS, (tg_answer *)a, s);                   \
    }                                                                                              \
    static size_t flip_batch_(const void *i, void *a, size_t count, void *s)                       \
    {                                                                                              \
        return BATCH((const tg_board *)i, TG_FLIP_GOALS, (tg_answer *)a, count, s);                \
    }                                                                                              \
    static size_t lo_batch_(const void *i, void *a, size_t count, void *s)                         \
    {                                                                                              \
        return BATCH((const tg_board *)i, TG_LIGHTSOUT_GOALS, (tg_answer *)a, count, s);           \
    }                                                                                              \
    PZ_SOLVER(flip, NAME, SUMMARY, LIMITS, fits_, SCRATCH, PREPARE, flip_solve_,                   \
              .fits_batch = fits_batch_, .solve_batch = flip_batch_);                              \
    PZ_SOLVER(lightsout, NAME, SUMMARY, LIMITS, fits_, SCRATCH, PREPARE, lo_solve_,                \
              .fits_batch = fits_batch_, .solve_batch = lo_batch_)

#endif
