#ifndef W
/* mrv - most-constrained cell first, with restarts, over kind masks, pruned
 * by counting.
 *
 * Idea: fill the cells in no fixed order: at every node pick the empty cell
 * with the fewest kinds that fit it (a cell with none ends the branch at
 * once, wherever it is: forward checking on the whole board).  Each empty
 * cell keeps the AND of the masks its placed neighbours demand (by[side][d]
 * as in count.c), so its candidates are one more AND with the kinds left and
 * a popcount.  The counting checks of count.c hold for any order of filling
 * (counts in txset.h) and run at every node.
 * Restarts: a dynamic order is sometimes led by its first choices into a
 * subtree it cannot refute quickly (on 6x6 and 7x7 games with three numbers,
 * a game count.c solves in a millisecond took minutes).  So the search runs
 * with a node budget, 10000 nodes doubled at each run, and each run breaks
 * ties between equally constrained cells and orders the kinds differently
 * (from a hash of the run's number; run 0 takes the first cell and kind).
 * The doubling keeps the search complete and costs at most about twice the
 * last run; and a lucky order refutes an impossible game in far fewer
 * nodes, so restarts shorten those too.
 * Cost: a scan of all empty cells per node, several times count's cost per
 * node; it pays on games with many numbers and on boards of 6x6 and up.
 * Limits: n <= 12.  The search is compiled twice (this file includes
 * itself): with one-word sets of kinds and cells for n <= 8, three words
 * above (txset.h).
 */
#include "tetravex.h"

enum { FIRST_BUDGET = 10000 };

/* The neighbour of cell on side s, or -1 off the board. */
static int neighbour(int n, int cell, int s)
{
    int r = cell / n, c = cell % n;
    switch (s) {
    case TX_TOP:
        return r > 0 ? cell - n : -1;
    case TX_RIGHT:
        return c + 1 < n ? cell + 1 : -1;
    case TX_BOTTOM:
        return r + 1 < n ? cell + n : -1;
    default:
        return c > 0 ? cell - 1 : -1;
    }
}

#define W 1
#include "mrv.c"
#undef W
#define W 3
#include "mrv.c"
#undef W

int tx__mrv_run(const tx_game *g, int run, long long *nodes, tx_answer *a)
{
    return g->n <= 8 ? mrv_run_1(g, run, nodes, a) : mrv_run_3(g, run, nodes, a);
}

static int mrv(const void *inst, void *ans, void *scratch)
{
    long long nodes;
    (void)scratch;
    tx__impossible(ans);
    for (int run = 0; tx__mrv_run(inst, run, &nodes, ans) < 0; run++)
        ;
    return 0;
}

TX_SOLVER(mrv, "most-constrained cell first over kind masks, counting, restarts", "n <= 12",
          tx__fits, 0, NULL);

#else /* the search over W-word sets */
#include "txset.h"

#define search TX_CAT(search_, W)
#define place TX_CAT(place_, W)

typedef struct search {
    int n, nn;
    tx_kinds ks;
    set avail; /* kinds with tiles left */
    set empty; /* cells not yet filled */
    set by[4][TX_DIGITS + 1];
    set fit[TX_CELLS]; /* kinds its placed neighbours allow */
    uint8_t kind[TX_CELLS];
    long long budget;       /* nodes left in this run; below 0: cut */
    uint32_t tie[TX_CELLS]; /* this run's tie-breaking between cells */
    uint8_t rot[TX_CELLS];  /* and the kind each cell tries first */
} search;

static int place(search *s, const counts *in)
{
    int n = s->n, best = -1, cell;
    uint64_t bestkey = ~0ull;
    if (!s_any(s->empty))
        return 1;
    if (--s->budget < 0)
        return 0;
    for (set e = s->empty; (cell = s_pop(&e)) >= 0;) {
        int q = s_count(s_and(s->fit[cell], s->avail));
        uint64_t key = (uint64_t)q << 32 | s->tie[cell];
        if (!q)
            return 0;
        if (key < bestkey)
            bestkey = key, best = cell;
    }
    int nb[4];
    unsigned placed = 0;
    set saved[4];
    for (int side = 0; side < 4; side++) {
        nb[side] = neighbour(n, best, side);
        if (nb[side] >= 0 && !s_has(&s->empty, nb[side]))
            placed |= 1u << side;
        if (nb[side] >= 0)
            saved[side] = s->fit[nb[side]];
    }
    s_del(&s->empty, best);
    /* The kinds in a rotated order: from rot up, then those below it (one
     * word: a rotation, one pass). */
    set fit = s_and(s->fit[best], s->avail);
    int rot = s->rot[best];
    for (int pass = 0; pass < (W == 1 ? 1 : 2); pass++) {
#if W == 1
        set m = {{rot ? fit.w[0] >> rot | fit.w[0] << (64 - rot) : fit.w[0]}};
#else
        set m = pass ? s_below(fit, rot) : s_from(fit, rot);
#endif
        int k;
        while (s->budget >= 0 && (k = s_pop(&m)) >= 0) {
#if W == 1
            k = (k + rot) & 63;
#endif
            const uint8_t *sd = s->ks.side[k];
            counts x = *in;
            if (!s_take(&x, sd, best / n, best % n, n, placed))
                continue;
            if (!--s->ks.count[k])
                s_del(&s->avail, k);
            s->kind[best] = (uint8_t)k;
            for (int side = 0; side < 4; side++)
                if (nb[side] >= 0 && !(placed >> side & 1))
                    s->fit[nb[side]] = s_and(s->fit[nb[side]], s->by[side ^ 2][sd[side]]);
            if (place(s, &x))
                return 1;
            for (int side = 0; side < 4; side++)
                if (nb[side] >= 0)
                    s->fit[nb[side]] = saved[side];
            s->ks.count[k]++;
            s_add(&s->avail, k);
        }
    }
    s_add(&s->empty, best);
    return 0;
}

static int TX_CAT(mrv_run_, W)(const tx_game *g, int run, long long *nodes, tx_answer *ans)
{
    search s = {.n = g->n, .nn = g->n * g->n};
    counts x;
    tx__kinds(g, &s.ks);
    s_masks(&s.ks, s.by);
    s.avail = s.by[TX_TOP][TX_ANY];
    s.empty = s_first_n(s.nn);
    for (int c = 0; c < s.nn; c++)
        s.fit[c] = s.avail;
    tx__impossible(ans);
    *nodes = 0;
    if (!s_counts(&s.ks, s.n, &x))
        return 0;
    long long budget = (long long)FIRST_BUDGET << (run < 40 ? run : 40);
    s.budget = budget;
    uint64_t salt = pz_mix64((uint64_t)run);
    for (int c = 0; run && c < s.nn; c++) { /* run 0: the first cell and kind */
        s.tie[c] = (uint32_t)(pz_mix64(salt ^ (uint64_t)c) >> 32);
        s.rot[c] = (uint8_t)(pz_mix64(salt + (uint64_t)c) % (64 * W));
    }
    int found = place(&s, &x);
    *nodes = budget - (s.budget < 0 ? 0 : s.budget);
    if (found) {
        tx__witness(g, &s.ks, s.kind, ans);
        return 1;
    }
    return s.budget >= 0 ? 0 : -1; /* the whole tree searched: no solution */
}

#undef search
#undef place
#endif
