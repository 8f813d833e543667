/* mrv - most-constrained cell first, over kind masks, pruned by counting.
 *
 * Idea: fill the cells in no fixed order: at every node pick the empty cell
 * with the fewest kinds that fit it (a cell with none ends the branch at
 * once, wherever it is: forward checking on the whole board).  Each empty
 * cell keeps the AND of the masks its placed neighbours demand (by[side][d]
 * as in count.c), so its candidates are one more AND with the kinds left and
 * a popcount.  The counting checks of count.c hold for any order of filling
 * (tx_counts in tetravex.h: the supply of each side against every empty
 * cell's demands, the border balance) and run at every node.
 * Cost: a scan of all empty cells per node, several times count's cost per
 * node; it pays when forced cells abound (games with many numbers, solvable
 * games, boards of 6x6 and up), less on impossible games with few numbers.
 * Limits: n <= 8.
 */
#include "tetravex.h"

typedef struct search {
    int n, nn;
    tx_kinds ks;
    uint64_t avail;                   /* kinds with tiles left */
    uint64_t empty;                   /* cells not yet filled */
    uint64_t by[4][TX_DIGITS + 1];
    uint64_t fit[TX_CELLS];           /* kinds its placed neighbours allow */
    uint8_t kind[TX_CELLS];
} search;

/* The neighbour of cell on side s, or -1 off the board. */
static int neighbour(int n, int cell, int s)
{
    int r = cell / n, c = cell % n;
    switch (s) {
    case TX_TOP: return r > 0 ? cell - n : -1;
    case TX_RIGHT: return c + 1 < n ? cell + 1 : -1;
    case TX_BOTTOM: return r + 1 < n ? cell + n : -1;
    default: return c > 0 ? cell - 1 : -1;
    }
}

static int place(search *s, const tx_counts *in)
{
    int n = s->n, best = -1, fewest = 65;
    if (!s->empty)
        return 1;
    for (uint64_t e = s->empty; e; e &= e - 1) {
        int cell = __builtin_ctzll(e), q = __builtin_popcountll(s->fit[cell] & s->avail);
        if (q < fewest) {
            if (!q)
                return 0;
            fewest = q, best = cell;
        }
    }
    int nb[4];
    unsigned placed = 0;
    uint64_t saved[4];
    for (int side = 0; side < 4; side++) {
        nb[side] = neighbour(n, best, side);
        if (nb[side] >= 0 && !(s->empty >> nb[side] & 1))
            placed |= 1u << side;
        if (nb[side] >= 0)
            saved[side] = s->fit[nb[side]];
    }
    s->empty &= ~(1ull << best);
    for (uint64_t m = s->fit[best] & s->avail; m; m &= m - 1) {
        int k = __builtin_ctzll(m);
        const uint8_t *sd = s->ks.side[k];
        tx_counts x = *in;
        if (!tx__take(&x, sd, best / n, best % n, n, placed))
            continue;
        if (!--s->ks.count[k])
            s->avail &= ~(1ull << k);
        s->kind[best] = (uint8_t)k;
        for (int side = 0; side < 4; side++)
            if (nb[side] >= 0 && !(placed >> side & 1))
                s->fit[nb[side]] &= s->by[side ^ 2][sd[side]];
        if (place(s, &x))
            return 1;
        for (int side = 0; side < 4; side++)
            if (nb[side] >= 0)
                s->fit[nb[side]] = saved[side];
        s->ks.count[k]++;
        s->avail |= 1ull << k;
    }
    s->empty |= 1ull << best;
    return 0;
}

static int mrv_fits(const void *inst) { return ((const tx_game *)inst)->n <= TX_MAX; }

static int mrv(const void *inst, void *ans, void *scratch)
{
    const tx_game *g = inst;
    search s = { .n = g->n, .nn = g->n * g->n };
    tx_counts x;
    (void)scratch;
    tx__kinds(g, &s.ks);
    tx__masks(&s.ks, s.by);
    s.avail = s.by[TX_TOP][TX_ANY];
    s.empty = s.nn == 64 ? ~0ull : (1ull << s.nn) - 1;
    for (int c = 0; c < s.nn; c++)
        s.fit[c] = s.avail;
    tx__impossible(ans);
    if (tx__counts(&s.ks, s.n, &x) && place(&s, &x))
        tx__witness(g, &s.ks, s.kind, ans);
    return 0;
}

TX_SOLVER(mrv, "most-constrained cell first over kind masks, pruned by counting",
          "n <= 8", mrv_fits, NULL, 0, mrv);
