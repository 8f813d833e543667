/* txset.h - sets of kinds or cells as W 64-bit words, for the searches.
 *
 * A board to 8x8 has at most 64 cells and 64 kinds, so one word holds a set
 * and the searches' inner loops are single AND, popcount and ctz
 * instructions; a board to 12x12 needs 144 bits, three words.  Rather than
 * paying three words on every board, a search is written once over `set`
 * and compiled twice: the file defines W (1 or 3), includes this header,
 * then its body, and repeats with the other W (countsearch.c, mrv.c):
 *
 *     #define W 1
 *     #include "txset.h"
 *     ... static int place(...) using set, s_and, s_pop ...
 *
 * so `set` and the s_* names below stand for the W-word versions until the
 * next inclusion.  With W = 1 the compiler sees plain uint64_t code, as
 * if the search were written for one word.
 */
#include <stdint.h>
#include <string.h>

#ifndef W
#error "txset.h: define W (words per set) first"
#endif

#define TX_CAT_(a, b) a##b
#define TX_CAT(a, b) TX_CAT_(a, b)

#undef set
#undef s_zero
#undef s_first_n
#undef s_and
#undef s_or
#undef s_andnot
#undef s_any
#undef s_has
#undef s_add
#undef s_del
#undef s_count
#undef s_pop
#undef s_from
#undef s_below
#undef s_masks
#undef cnt
#undef counts
#undef s_counts
#undef s_take

#define set TX_CAT(tx_set_, W)
#define s_zero TX_CAT(s_zero_, W)
#define s_first_n TX_CAT(s_first_n_, W)
#define s_and TX_CAT(s_and_, W)
#define s_or TX_CAT(s_or_, W)
#define s_andnot TX_CAT(s_andnot_, W)
#define s_any TX_CAT(s_any_, W)
#define s_has TX_CAT(s_has_, W)
#define s_add TX_CAT(s_add_, W)
#define s_del TX_CAT(s_del_, W)
#define s_count TX_CAT(s_count_, W)
#define s_pop TX_CAT(s_pop_, W)
#define s_from TX_CAT(s_from_, W)
#define s_below TX_CAT(s_below_, W)
#define s_masks TX_CAT(s_masks_, W)
#define cnt TX_CAT(tx_cnt_, W)
#define counts TX_CAT(tx_counts_, W)
#define s_counts TX_CAT(s_counts_, W)
#define s_take TX_CAT(s_take_, W)

typedef struct set {
    uint64_t w[W];
} set;

static inline set s_zero(void)
{
    set a;
    for (int i = 0; i < W; i++)
        a.w[i] = 0;
    return a;
}

/* The elements 0 .. n-1. */
static inline set s_first_n(int n)
{
    set a;
    for (int i = 0; i < W; i++) {
        int k = n - 64 * i;
        a.w[i] = k >= 64 ? ~0ull : k <= 0 ? 0 : (1ull << k) - 1;
    }
    return a;
}

static inline set s_and(set a, set b)
{
    for (int i = 0; i < W; i++)
        a.w[i] &= b.w[i];
    return a;
}

static inline set s_or(set a, set b)
{
    for (int i = 0; i < W; i++)
        a.w[i] |= b.w[i];
    return a;
}

static inline set s_andnot(set a, set b)
{
    for (int i = 0; i < W; i++)
        a.w[i] &= ~b.w[i];
    return a;
}

static inline int s_any(set a)
{
    uint64_t x = 0;
    for (int i = 0; i < W; i++)
        x |= a.w[i];
    return x != 0;
}

static inline int s_has(const set *a, int k)
{
    return a->w[k >> 6] >> (k & 63) & 1;
}

static inline void s_add(set *a, int k)
{
    a->w[k >> 6] |= 1ull << (k & 63);
}

static inline void s_del(set *a, int k)
{
    a->w[k >> 6] &= ~(1ull << (k & 63));
}

static inline int s_count(set a)
{
    int c = 0;
    for (int i = 0; i < W; i++)
        c += __builtin_popcountll(a.w[i]);
    return c;
}

/* Takes the smallest element out of *a and returns it; -1 if *a is empty. */
static inline int s_pop(set *a)
{
    for (int i = 0; i < W; i++)
        if (a->w[i]) {
            int k = __builtin_ctzll(a->w[i]);
            a->w[i] &= a->w[i] - 1;
            return 64 * i + k;
        }
    return -1;
}

/* The elements >= k, and those < k (0 <= k < 64 W). */
static inline set s_from(set a, int k)
{
    for (int i = 0; i < W; i++) {
        int j = k - 64 * i;
        if (j >= 64)
            a.w[i] = 0;
        else if (j > 0)
            a.w[i] &= ~0ull << j;
    }
    return a;
}

static inline set s_below(set a, int k)
{
    return s_andnot(a, s_from(a, k));
}

/* The kinds showing each number on each side: by[s][d]; by[s][TX_ANY] holds
 * every kind, for a side with no neighbour placed. */
static inline void s_masks(const tx_kinds *ks, set by[4][TX_DIGITS + 1])
{
    for (int s = 0; s < 4; s++)
        for (int d = 0; d <= TX_DIGITS; d++)
            by[s][d] = s_zero();
    for (int k = 0; k < ks->nk; k++)
        for (int s = 0; s < 4; s++) {
            s_add(&by[s][ks->side[k][s]], k);
            s_add(&by[s][TX_ANY], k);
        }
}

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
 * bottom, with row 0.
 *
 * A search copies the counts at every node: bytes to 8x8 (64 tiles at
 * most), 16 bits above (144 tiles), since 16 bits everywhere cost the small
 * boards measurably (results/tetravex.md, "Boards to 12x12"). */
#if W == 1
typedef int8_t cnt;
#else
typedef int16_t cnt;
#endif

typedef struct counts {
    cnt supply[4][TX_DIGITS];
    cnt bal[2][TX_DIGITS];
    cnt pos[2];  /* the positive parts of bal[0], bal[1] summed */
    cnt free[2]; /* empty cells in column 0, in row 0 */
} counts;

/* The counts with no tile placed; 0 if they already show no solution. */
static inline int s_counts(const tx_kinds *ks, int n, counts *x)
{
    memset(x, 0, sizeof *x);
    x->free[0] = x->free[1] = (cnt)n;
    for (int k = 0; k < ks->nk; k++)
        for (int s = 0; s < 4; s++)
            x->supply[s][ks->side[k][s]] += (cnt)ks->count[k];
    for (int d = 0; d < TX_DIGITS; d++)
        for (int h = 0; h < 2; h++) {
            /* h = 0: left (3) against right (1); h = 1: top (0) against bottom (2). */
            x->bal[h][d] =
                (cnt)(x->supply[h ? TX_TOP : TX_LEFT][d] - x->supply[h ? TX_BOTTOM : TX_RIGHT][d]);
            x->pos[h] += x->bal[h][d] > 0 ? x->bal[h][d] : 0;
        }
    return (x->pos[0] <= x->free[0] && x->pos[1] <= x->free[1]) || !TX_BALANCE;
}

/* Takes tile sd off the counts for cell (r, c) of an n x n board; bit s of
 * placed says the neighbour on side s is placed.  0 if the counts show the
 * empty cells can no longer be filled. */
static inline int s_take(counts *x, const uint8_t *sd, int r, int c, int n, unsigned placed)
{
    const int border[4] = {r == 0, c == n - 1, r == n - 1, c == 0};
    int ok = 1;
    for (int s = 0; s < 4; s++) {
        cnt *own = &x->supply[s][sd[s]], *facing = &x->supply[s ^ 2][sd[s]];
        if (placed >> s & 1)
            continue;      /* the tile meets the demand of that neighbour */
        ok &= --*own >= 0; /* one tile fewer for the other demands */
        if (!border[s])
            ok &= --*facing >= 0; /* the empty neighbour now needs sd[s] */
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
    return (ok || !TX_SUPPLY) &&
           ((x->pos[0] <= x->free[0] && x->pos[1] <= x->free[1]) || !TX_BALANCE);
}
