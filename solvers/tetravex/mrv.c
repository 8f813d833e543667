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
 * Arc consistency (TX_ARC in tetravex.h, on games with more than 4
 * numbers): a kind stays in an empty cell's domain only if every empty
 * neighbour can still show the number on their shared edge; AC-3 from the
 * cell just filled, each cell's numbers per side kept as bit masks so a
 * revision is a few mask tests.  On 8x8 games with 10 numbers it cuts mrv's
 * nodes 11 times (all domains revised: 38 times, at 12 times the cost a
 * node), so to 8x8 only domains of at most 12 kinds are revised; above 8x8
 * every domain is, since there the cut grows faster than the cost.  With 4
 * numbers or fewer it cuts less than it costs (results/tetravex.md,
 * "Inference").
 * Cost: a scan of all empty cells per node, several times count's cost per
 * node; it pays on games with many numbers and on boards of 6x6 and up.
 * Limits: n <= 12.  The search is compiled twice (this file includes
 * itself): with one-word sets of kinds and cells for n <= 8, three words
 * above (txset.h).
 */
#include "tetravex.h"

int tx__arc_most = -1;

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

/* Whether and how far mrv's search keeps arc consistency (TX_ARC): off
 * with FEW numbers or fewer, where it costs more than it saves; on larger
 * games, on domains of at most SMALL kinds to 8x8, on all of them above
 * (results/tetravex.md, "Inference").  tx__arc_most >= 0 overrides the
 * size, for measuring. */
enum { FEW = 4, SMALL = 12 };

static int arc_most(const tx_game *g)
{
    int seen[TX_DIGITS] = {0}, distinct = 0;
    for (int i = 0; i < g->n * g->n; i++)
        for (int s = 0; s < 4; s++)
            distinct += !seen[g->tile[i][s]]++;
    if (!(tx__infer & TX_ARC) || (distinct <= FEW && !(tx__infer & TX_ARC_FEW)))
        return -1;
    return tx__arc_most >= 0 ? tx__arc_most : g->n <= 8 ? SMALL : 0;
}

#define W 1
#include "mrv.c"
#undef W
#define W 3
#include "mrv.c"
#undef W

int tx__mrv_run(const tx_game *g, int run, long long *nodes, tx_answer *a)
{
    double done;
    return tx__mrv_try(g, run, (long long)FIRST_BUDGET << (run < 40 ? run : 40), nodes, &done, a);
}

int tx__mrv_try(const tx_game *g, int run, long long budget, long long *nodes, double *done,
                tx_answer *a)
{
    return g->n <= 8 ? mrv_run_1(g, run, budget, nodes, done, a)
                     : mrv_run_3(g, run, budget, nodes, done, a);
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
#define tables TX_CAT(tables_, W)

/* For arc consistency, made once a run (and left uninitialized, so free,
 * when it is off): the numbers of each kind, bits 16 side + d; the kinds
 * showing on a side one of a set of numbers. */
typedef struct tables {
    uint64_t kbits[TX_CELLS];
    set any[4][1 << TX_DIGITS];
} tables;

typedef struct search {
    int n, nn;
    tx_kinds ks;
    set avail; /* kinds with tiles left */
    set empty; /* cells not yet filled */
    set by[4][TX_DIGITS + 1];
    set fit[TX_CELLS];      /* kinds its placed neighbours allow */
    int8_t nb[TX_CELLS][4]; /* neighbour() of each cell and side */
    int most;               /* TX_ARC: revise domains up to this size (0: all); -1: off */
    uint64_t sh[TX_CELLS];  /* TX_ARC: the numbers fit shows, bits 16 side + d */
    const struct TX_CAT(tables_, W) * t; /* TX_ARC */
    uint8_t kind[TX_CELLS];
    long long budget;       /* nodes left in this run; below 0: cut */
    uint32_t tie[TX_CELLS]; /* this run's tie-breaking between cells */
    uint8_t rot[TX_CELLS];  /* and the kind each cell tries first */
    double done;            /* after a cut: the share of the tree searched */
} search;

#define arc TX_CAT(arc_, W)
#define place TX_CAT(place_, W)
#define place_at TX_CAT(place_at_, W)
#define shows TX_CAT(shows_, W)
#define requeue TX_CAT(requeue_, W)

/* The numbers the kinds of dom show on each side: bits 16 s + d.  A small
 * domain is read kind by kind, a large one number by number. */
static inline uint64_t shows(const search *s, set dom)
{
    uint64_t m = 0;
    int k;
    if (s_count(dom) <= 2 * TX_DIGITS) {
        while ((k = s_pop(&dom)) >= 0)
            m |= s->t->kbits[k];
        return m;
    }
    for (int side = 0; side < 4; side++)
        for (int d = 0; d < TX_DIGITS; d++)
            m |= (uint64_t)s_any(s_and(dom, s->by[side][d])) << (16 * side + d);
    return m;
}

/* What arc() changed, to put back on the way out: each cell's fit and sh
 * before its first change at this node. */
typedef struct TX_CAT(undo_, W) {
    set saved; /* the cells saved */
    int m;
    uint8_t cell[TX_CELLS];
    set fit[TX_CELLS];
    uint64_t sh[TX_CELLS];
} TX_CAT(undo_, W);
#define undo TX_CAT(undo_, W)

#define save TX_CAT(save_, W)
static inline void save(search *s, undo *u, int cell)
{
    if (s_has(&u->saved, cell))
        return;
    s_add(&u->saved, cell);
    u->cell[u->m] = (uint8_t)cell;
    u->fit[u->m] = s->fit[cell];
    u->sh[u->m++] = s->sh[cell];
}

/* Cell's numbers are now now; the empty neighbours facing a side that lost
 * a number go into *queue. */
static inline void requeue(search *s, undo *u, int cell, uint64_t now, set *queue)
{
    uint64_t lost = s->sh[cell] & ~now;
    if (!lost)
        return;
    save(s, u, cell);
    s->sh[cell] = now;
    for (int side = 0; side < 4; side++) {
        int nb = s->nb[cell][side];
        if (lost >> 16 * side & 0x3ff && nb >= 0 && s_has(&s->empty, nb))
            s_add(queue, nb);
    }
}

/* Arc consistency on the edges between empty cells (TX_ARC): a kind stays
 * in an empty cell's domain (fit & avail) only if, on each side, the empty
 * neighbour there still has a kind showing the same number on the shared
 * edge.  AC-3 over a set of cells to revise: at the root every empty cell,
 * then the neighbours of every cell that no longer shows some number on
 * their side.  What each cell shows is kept in sh[] and only recomputed
 * when its domain shrinks: a kind used up elsewhere leaves sh[] a superset,
 * which loses some pruning, never soundness.  The revised domains are
 * written to fit, the old ones saved in *u.  0 if a domain empties. */
static int arc(search *s, undo *u, set queue)
{
    int cell;
    while ((cell = s_pop(&queue)) >= 0) {
        set dom = s_and(s->fit[cell], s->avail);
        int cut = 0;
        if (s->most && s_count(dom) > s->most)
            continue; /* see the opening comment */
        for (int side = 0; side < 4; side++) {
            int nb = s->nb[cell][side];
            if (nb < 0 || !s_has(&s->empty, nb))
                continue;
            unsigned m = (unsigned)(s->sh[nb] >> 16 * (side ^ 2)) & 0x3ff;
            if (!((unsigned)(s->sh[cell] >> 16 * side) & ~m))
                continue; /* every number it shows is supported */
            dom = s_and(dom, s->t->any[side][m]);
            cut = 1;
        }
        if (!cut)
            continue;
        if (!s_any(dom))
            return 0;
        save(s, u, cell);
        s->fit[cell] = dom;
        requeue(s, u, cell, shows(s, dom), &queue);
    }
    return 1;
}

static int place_at(search *s, const counts *in);

/* filled: the cell just filled, or -1 at the root. */
static int place(search *s, const counts *in, int filled)
{
    if (!s_any(s->empty))
        return 1;
    if (s->most < 0)
        return place_at(s, in);
    /* The revised domains hold for the whole subtree: kept in fit, and put
     * back as they were on the way out. */
    undo u;
    set queue = s_zero();
    u.saved = s_zero();
    u.m = 0;
    if (filled < 0)
        for (int c = 0; c < s->nn; c++)
            s->sh[c] = shows(s, s_and(s->fit[c], s->avail)), queue = s->empty;
    else
        for (int side = 0; side < 4; side++) {
            int nb = s->nb[filled][side];
            if (nb >= 0 && s_has(&s->empty, nb))
                requeue(s, &u, nb, shows(s, s_and(s->fit[nb], s->avail)), &queue);
        }
    if (arc(s, &u, queue) && place_at(s, in))
        return 1;
    while (u.m--) {
        s->fit[u.cell[u.m]] = u.fit[u.m];
        s->sh[u.cell[u.m]] = u.sh[u.m];
    }
    return 0;
}

static int place_at(search *s, const counts *in)
{
    int n = s->n, best = -1, cell;
    uint64_t bestkey = ~0ull;
    if (--s->budget < 0) {
        s->done = 0;
        return 0;
    }
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
    int rot = s->rot[best], k = -1;
    for (int pass = 0; pass < (W == 1 ? 1 : 2); pass++) {
#if W == 1
        set m = {{rot ? fit.w[0] >> rot | fit.w[0] << (64 - rot) : fit.w[0]}};
#else
        set m = pass ? s_below(fit, rot) : s_from(fit, rot);
#endif
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
            if (place(s, &x, best))
                return 1;
            for (int side = 0; side < 4; side++)
                if (nb[side] >= 0)
                    s->fit[nb[side]] = saved[side];
            s->ks.count[k]++;
            s_add(&s->avail, k);
        }
    }
    s_add(&s->empty, best);
    /* Cut below k: the share done here is the kinds before k in this run's
     * order and what the cut child had done, each kind an equal share (as
     * count.c's); only the cut's path pays for it. */
    if (s->budget < 0) {
        int before = k >= rot ? s_count(s_below(s_from(fit, rot), k))
                              : s_count(s_from(fit, rot)) + s_count(s_below(fit, k));
        s->done = (before + s->done) / s_count(fit);
    }
    return 0;
}

static int TX_CAT(mrv_run_, W)(const tx_game *g, int run, long long budget, long long *nodes,
                               double *done, tx_answer *ans)
{
    tables t;
    search s = {.n = g->n, .nn = g->n * g->n, .most = arc_most(g), .t = &t};
    counts x;
    tx__kinds(g, &s.ks);
    s_masks(&s.ks, s.by);
    s.avail = s.by[TX_TOP][TX_ANY];
    s.empty = s_first_n(s.nn);
    for (int c = 0; c < s.nn; c++) {
        s.fit[c] = s.avail;
        for (int side = 0; side < 4; side++)
            s.nb[c][side] = (int8_t)neighbour(s.n, c, side);
    }
    if (s.most >= 0) {
        for (int k = 0; k < s.ks.nk; k++) {
            t.kbits[k] = 0;
            for (int side = 0; side < 4; side++)
                t.kbits[k] |= 1ull << (16 * side + s.ks.side[k][side]);
        }
        for (int side = 0; side < 4; side++) {
            t.any[side][0] = s_zero();
            for (int m = 1; m < 1 << TX_DIGITS; m++)
                t.any[side][m] = s_or(t.any[side][m & (m - 1)], s.by[side][__builtin_ctz(m)]);
        }
    }
    tx__impossible(ans);
    *nodes = 0;
    *done = 1;
    if (!s_counts(&s.ks, s.n, &x))
        return 0;
    s.budget = budget;
    uint64_t salt = pz_mix64((uint64_t)run);
    for (int c = 0; run && c < s.nn; c++) { /* run 0: the first cell and kind */
        s.tie[c] = (uint32_t)(pz_mix64(salt ^ (uint64_t)c) >> 32);
        s.rot[c] = (uint8_t)(pz_mix64(salt + (uint64_t)c) % (64 * W));
    }
    int found = place(&s, &x, -1);
    *nodes = budget - (s.budget < 0 ? 0 : s.budget);
    *done = found || s.budget >= 0 ? 1 : s.done;
    if (found) {
        tx__witness(g, &s.ks, s.kind, ans);
        return 1;
    }
    return s.budget >= 0 ? 0 : -1; /* the whole tree searched: no solution */
}

#undef search
#undef tables
#undef place
#undef place_at
#undef arc
#undef shows
#undef requeue
#undef save
#undef undo
#endif
