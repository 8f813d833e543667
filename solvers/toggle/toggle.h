/* toggle.h - press-and-toggle games: Flip Game and Lights Out share this.
 *
 * A board has m rows and n columns (1..64 each); bit c of row[r] is the cell
 * (r, c).  Pressing a cell toggles it and its orthogonal neighbours.  Presses
 * commute and two presses of one cell cancel, so an answer is a set x of
 * cells: the board b is solved by x when b + A x is a goal board, A being the
 * press matrix over GF(2).  The goals are all off (Lights Out) or all off or
 * all on (Flip Game).
 *
 * Canonical answer: the fewest presses; among those, the smallest press set
 * read as a row-major bit string (cell (0,0) first).  Every algorithm returns
 * exactly that set, so solvers can be compared bit for bit.  Boards beyond
 * 64x64 are big.h's: the same answer where their kernel is searched, and
 * beyond it one canonical answer defined there, marked not proven fewest.
 */
#ifndef PZ_TOGGLE_H
#define PZ_TOGGLE_H

#include <stdint.h>
#include <string.h>

#include "../solver.h"

enum { TG_MAX = 64 };

enum { TG_OFF = 1, TG_ON = 2 }; /* the goal boards */

/* An instance of either puzzle.  Both structs are a whole number of 64-byte
 * cache lines (the padding), so in a batch whose array starts on a line a
 * small board's size and rows, and an answer's count and presses, are one
 * line each rather than two for most of them (the 5x6 sweep with gf2:
 * 2.04x -> 1.97x of gf2's CPU time, results/harness.md). */
typedef struct tg_board {
    uint8_t m, n;
    uint64_t b[TG_MAX];
    uint8_t pad_[56];
} tg_board;

enum { TG_PRESSES = 1, TG_CERTS = 2 }; /* what an answer carries */

/* An answer: the number of presses, or -1 for no answer. */
typedef struct tg_answer {
    int weight;
    int has;            /* TG_PRESSES | TG_CERTS */
    uint64_t x[TG_MAX]; /* the canonical press set */
    /* weight -1: for each goal g (0 off, 1 on) of the puzzle, y with y A = 0
     * and y . (b + g) = 1, which proves g unreachable. */
    uint64_t cert[2][TG_MAX];
    uint8_t pad_[56];
} tg_answer;

_Static_assert(sizeof(tg_board) % 64 == 0 && sizeof(tg_answer) % 64 == 0,
               "tg_board and tg_answer fill whole cache lines");

/* An algorithm: fill a->x (and a->cert where it can) for goals on b. */
typedef int tg_solve_fn(const tg_board *b, unsigned goals, tg_answer *a, void *scratch);
typedef int tg_fits_fn(int m, int n);

static inline uint64_t tg_mask(int n)
{
    return n >= 64 ? ~0ull : (1ull << n) - 1;
}

/* The number of bits set in v.  Built for plain x86-64 (no POPCNT
 * instruction), GCC calls a library routine for __builtin_popcountll; the
 * inline count below is about twice as fast, which matters at a few
 * nanoseconds a board. */
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

/* Facts about the m x n press matrix A (gf2.c; the first call builds a table
 * for every size): its nullity, and whether the all-on board is in its image
 * (can be turned all off). */
int tg_nullity(int m, int n);
int tg_on_solvable(int m, int n);

/* What the two toggle puzzles share (puzzle.c): the checker, which replays
 * presses cell by cell and shares no code with the algorithms, comparison,
 * generators and shrinking. */
pz_verdict tg_check(const tg_board *, const tg_answer *, unsigned goals, const char **why);
int tg_same(const void *inst, const void *a, const void *b);
int tg_shrink(const void *inst, int k, void *simpler);
void tg_size(const void *inst, char *buf, size_t len);
int tg_classify(const void *inst, const void *ans, char *name, size_t len);
int tg_setup(pz_params *, int maxside, int exhaustive, pz_error *);
void tg_make_exhaustive(const pz_params *, uint64_t index, void *inst);
void tg_make_random(const pz_params *, uint64_t index, void *inst);
/* The batch forms of check with classify, and of the exhaustive make
 * (pz_puzzle's check_batch, pz_generator's make_batch). */
size_t tg_check_batch(const void *insts, const void *answers, size_t count, int *classes,
                      unsigned goals);
void tg_make_exhaustive_batch(const pz_params *, uint64_t first, size_t count, void *insts);
void tg_make_random_batch(const pz_params *, uint64_t first, size_t count, void *insts);

/* Registers the algorithm NAME as a solver of both toggle puzzles, with the
 * arguments of PZ_SOLVER (solver.h) in its order: FITS(m, n) says which
 * sizes it takes, and NAME(board, goals, answer, scratch) solves. */
extern const pz_puzzle pz_flip, pz_lightsout;
#define TG_FLIP_GOALS (TG_OFF | TG_ON)
#define TG_LIGHTSOUT_GOALS TG_OFF
#define TG_SOLVER(NAME, SUMMARY, LIMITS, FITS, SCRATCH, PREPARE)                                   \
    static int fits_(const void *i)                                                                \
    {                                                                                              \
        return FITS(((const tg_board *)i)->m, ((const tg_board *)i)->n);                           \
    }                                                                                              \
    static size_t fits_batch_(const void *insts, size_t count)                                     \
    {                                                                                              \
        const tg_board *b = insts;                                                                 \
        size_t j = 0;                                                                              \
        uint16_t mn, next;                        /* the m and n bytes, compared at once */        \
        while (j < count && FITS(b[j].m, b[j].n)) /* FITS once for a run of one size */            \
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
    PZ_SOLVER(flip, NAME, SUMMARY, LIMITS, fits_, SCRATCH, PREPARE, flip_solve_,                   \
              .fits_batch = fits_batch_);                                                          \
    PZ_SOLVER(lightsout, NAME, SUMMARY, LIMITS, fits_, SCRATCH, PREPARE, lo_solve_,                \
              .fits_batch = fits_batch_)

#endif
