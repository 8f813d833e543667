/* tetravex.h - Gnome Tetravex (ZOJ 1008): can n x n tiles be laid edge to edge?
 *
 * A game has n*n tiles, each with four numbers 0..9 on its top, right,
 * bottom and left; tiles are placed without rotation so that every two
 * adjacent tiles show the same number on their shared edge.  n is 0..8 (the
 * judge's limit is 5; 0 is a valid struct, trivially Possible, but the judge
 * format cannot carry it since a line "0" ends the input).
 *
 * The solvers share the kinds of a game (identical tiles merged, with counts)
 * and the witness builder here; the checker in tetravex.c shares nothing
 * with them.
 */
#ifndef PZ_TETRAVEX_H
#define PZ_TETRAVEX_H

#include <stdint.h>

#include "../solver.h"

enum { TX_MAX = 8, TX_CELLS = TX_MAX * TX_MAX, TX_DIGITS = 10 };
enum { TX_TOP = 0, TX_RIGHT = 1, TX_BOTTOM = 2, TX_LEFT = 3 };

typedef struct tx_game {
    uint8_t n;
    uint8_t tile[TX_CELLS][4];        /* [i][TX_TOP..TX_LEFT], i < n*n */
} tx_game;

typedef struct tx_answer {
    uint8_t possible;
    uint8_t has;                      /* at[] is filled (a judge's output carries none) */
    uint8_t at[TX_CELLS];             /* the tile at each cell, row-major */
} tx_answer;

/* Identical tiles merged: kind k has side[k] and count[k] tiles, in the order
 * of their first appearance in the game. */
typedef struct tx_kinds {
    int nk;
    uint8_t side[TX_CELLS][4];
    uint8_t count[TX_CELLS];
} tx_kinds;

void tx__kinds(const tx_game *, tx_kinds *);

/* fits() of the solvers that take every board of the puzzle (n <= TX_MAX). */
int tx__fits(const void *inst);

/* Turns a placement of kinds (kind[cell], row-major) into a witness: each
 * cell gets the first tile of its kind not yet used.  Sets possible and has. */
void tx__witness(const tx_game *, const tx_kinds *, const uint8_t *kind, tx_answer *);

/* The answer for a game whose search found nothing. */
static inline void tx__impossible(tx_answer *a)
{
    a->possible = 0;
    a->has = 0;
}

/* The kinds showing each number on each side: by[s][d]; by[s][TX_ANY] holds
 * every kind, for a side with no neighbour placed. */
enum { TX_ANY = TX_DIGITS };
void tx__masks(const tx_kinds *, uint64_t by[4][TX_DIGITS + 1]);

/* Counting over the tiles not yet placed, kept at every node of a search
 * whatever order it fills the cells in.
 *
 * supply[s][d]: the tiles left showing d on side s, less the empty cells
 * whose neighbour on side s is placed and shows d: each needs one of them.
 *
 * bal[0][d] = supply[left][d] - supply[right][d]: every empty cell's left
 * side is either on the border, or faces a placed tile (counted in supply),
 * or faces another empty cell's right side, and those pairs show the same
 * number; so the positive parts of bal[0] must fit in the empty cells of
 * column 0 (and the negative parts in the last column, which is the same
 * condition).  Placing a tile off the border leaves bal unchanged: it moves
 * only when a border cell is filled.  bal[1] is the same for top against
 * bottom, with row 0. */
typedef struct tx_counts {
    int8_t supply[4][TX_DIGITS];
    int8_t bal[2][TX_DIGITS];
    int8_t pos[2];                    /* the positive parts of bal[0], bal[1] summed */
    int8_t free[2];                   /* empty cells in column 0, in row 0 */
} tx_counts;

/* The counts with no tile placed; 0 if they already show no solution. */
int tx__counts(const tx_kinds *, int n, tx_counts *);

/* The counting test alone: 1 if the game passes it at the root. */
int tx__count_test(const tx_game *);

/* To measure what each check is worth, a build with -DTX_NO_SUPPLY or
 * -DTX_NO_BALANCE leaves it out (results/tetravex.md); normal builds have
 * both. */
#ifdef TX_NO_SUPPLY
#define TX_SUPPLY 0
#else
#define TX_SUPPLY 1
#endif
#ifdef TX_NO_BALANCE
#define TX_BALANCE 0
#else
#define TX_BALANCE 1
#endif

/* Takes tile sd off the counts for cell (r, c) of an n x n board; bit s of
 * placed says the neighbour on side s is placed.  0 if the counts show the
 * empty cells can no longer be filled. */
static inline int tx__take(tx_counts *x, const uint8_t *sd, int r, int c, int n, unsigned placed)
{
    const int border[4] = { r == 0, c == n - 1, r == n - 1, c == 0 };
    int ok = 1;
    for (int s = 0; s < 4; s++) {
        int8_t *own = &x->supply[s][sd[s]], *facing = &x->supply[s ^ 2][sd[s]];
        if (placed >> s & 1)
            continue;                 /* the tile meets the demand of that neighbour */
        ok &= --*own >= 0;            /* one tile fewer for the other demands */
        if (!border[s])
            ok &= --*facing >= 0;     /* the empty neighbour now needs sd[s] */
    }
    if (border[TX_LEFT]) {
        x->pos[0] -= x->bal[0][sd[TX_LEFT]]-- > 0;
        x->free[0]--;
    }
    if (border[TX_RIGHT])
        x->pos[0] += x->bal[0][sd[TX_RIGHT]]++ >= 0;
    if (border[TX_TOP]) {
        x->pos[1] -= x->bal[1][sd[TX_TOP]]-- > 0;
        x->free[1]--;
    }
    if (border[TX_BOTTOM])
        x->pos[1] += x->bal[1][sd[TX_BOTTOM]]++ >= 0;
    return (ok || !TX_SUPPLY) && ((x->pos[0] <= x->free[0] && x->pos[1] <= x->free[1]) || !TX_BALANCE);
}

/* The search of count.c, cut after *budget nodes (left in *budget on the
 * return): 1 with the kinds of ks placed in kind[], 0 if the game has no
 * solution, -1 if cut. */
int tx__count_search(const tx_game *, long long *budget, tx_kinds *ks, uint8_t *kind);

/* Registers the algorithm NAME as a Tetravex solver, with the arguments of
 * PZ_SOLVER (solver.h) in its order: FITS(game) says which games it takes,
 * and NAME(game, answer, scratch) solves. */
#define TX_SOLVER(NAME, SUMMARY, LIMITS, FITS, SCRATCH, PREPARE)                \
    PZ_SOLVER(tetravex, NAME, SUMMARY, LIMITS, FITS, SCRATCH, PREPARE, NAME)

extern const pz_puzzle pz_tetravex;

#endif
