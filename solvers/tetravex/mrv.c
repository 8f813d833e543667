#ifndef W
/* mrv - most-constrained cell first, with restarts, over kind masks, pruned
 * by counting and arc consistency.
 *
 * Idea: fill the cells in no fixed order: at every node pick the empty cell
 * with the fewest kinds that fit it (a cell with none ends the branch at
 * once, wherever it is: forward checking on the whole board).  Each empty
 * cell keeps the AND of the masks its placed neighbours demand (by[side][d]
 * as in countsearch.c), so its candidates are one more AND with the kinds left and
 * a popcount.  The counting checks of countsearch.c hold for any order of filling
 * (counts in txset.h) and run at every node.
 * Restarts: a dynamic order is sometimes led by its first choices into a
 * subtree it cannot refute quickly.  So the search runs with a node budget,
 * TX_MRV_FIRST doubled at each run, and each run breaks ties between
 * equally constrained cells and orders the kinds differently (from a hash
 * of the run's number; run 0 takes the first cell and kind): complete, at
 * most about twice the last run.  A run cut by its budget can also go on
 * where it stopped (tx__mrv_go: the path to the cut replayed), which is how
 * the portfolio races several orders.
 * Arc consistency (TX_ARC in tetravex.h, on games with more than 4
 * numbers): a kind stays in an empty cell's domain only if every empty
 * neighbour can still show the number on their shared edge; AC-3 from the
 * cell just filled, each cell's numbers per side kept as bit masks so a
 * revision is a few mask tests, on domains of at most SMALL kinds to 8x8
 * and LARGE above (arc_most()).
 * All-different as a matching (TX_MATCH) and Hall's condition on the
 * border numbers (TX_HALL, TX_HALL_PRUNE): see match() and hall() below;
 * off by default, since the portfolio gains nothing from them.  What each
 * inference cuts and costs: results/tetravex.md, "Inference".
 * Cost: a scan of the narrowed cells and arc consistency at every node,
 * tens of times count's node; it pays where kinds are many and boards large.
 * Limits: n <= 12.  The search is compiled three times (this file includes
 * itself): sets of one word for n <= 8, two to 11x11, three above (txset.h).
 */
#include "../rng.h"
#include "tetravex.h"

int tx__arc_most = -1;

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
 * with TX_FEW numbers or fewer, where it costs more than it saves; on larger
 * games, on domains of at most SMALL kinds to 8x8 and LARGE above: revising
 * every domain cuts a little more for far more a node (results/tetravex.md,
 * "Inference").  tx__arc_most >= 0 overrides the size, for measuring. */
enum { SMALL = 12, LARGE = 20 };

/* numbers: tx__numbers(g). */
static int arc_most(const tx_game *g, int numbers)
{
    if (!(tx__infer & TX_ARC) || (numbers <= TX_FEW && !(tx__infer & TX_ARC_FEW)))
        return -1;
    return tx__arc_most >= 0 ? tx__arc_most : g->n <= 8 ? SMALL : LARGE;
}

/* The checks of TX_MATCH, TX_HALL and TX_HALL_PRUNE that apply to this
 * game: each on every game when on (for measuring); and with TX_HALL_FEW,
 * TX_HALL_PRUNE on games with TX_HALL_MOST numbers or fewer, where it pays mrv
 * alone; with 4 numbers and more it costs more than it saves
 * (results/tetravex.md, "Inference"). */
static unsigned checks(int numbers)
{
    unsigned on = tx__infer & (TX_MATCH | TX_HALL | TX_HALL_PRUNE);
    if (tx__infer & TX_HALL_FEW && numbers <= TX_HALL_MOST)
        on |= TX_HALL_PRUNE;
    return on & TX_HALL_PRUNE ? on | TX_HALL : on;
}

/* One unit of demand for number d into a line's cells (hall()): can[d] has
 * the cells that can show d, held[i] the number cell i took, *open the cells
 * that took none, *seen the cells this search reached.  A cell reached that
 * holds another number passes it on if that number finds another cell
 * (an augmenting path); 1 if the unit found a cell. */
static int hall_unit(const uint32_t *can, int8_t *held, uint32_t *open, int d, uint32_t *seen)
{
    uint32_t cand = can[d] & ~*seen;
    if (cand & *open) {
        int i = __builtin_ctz(cand & *open);
        *open &= ~(1u << i);
        held[i] = (int8_t)d;
        return 1;
    }
    *seen |= cand;
    for (; cand; cand &= cand - 1) {
        int i = __builtin_ctz(cand);
        if (hall_unit(can, held, open, held[i], seen)) {
            held[i] = (int8_t)d;
            return 1;
        }
    }
    return 0;
}

/* The border lines (bits 1 << side) whose Hall condition (TX_HALL) filling
 * cell can change: those it is on or next to (its neighbour's domain
 * shrank), and both lines of column 0 and the last column if it is on one
 * of them (bal[0] moved), the same for rows.  A line whose cells changed
 * only by a kind running out elsewhere is not checked again: a weaker
 * check, still sound. */
static unsigned near_lines(int n, int cell)
{
    int r = cell / n, c = cell % n;
    return (unsigned)(c <= 1 || c == n - 1) << TX_LEFT |
           (unsigned)(c >= n - 2 || c == 0) << TX_RIGHT |
           (unsigned)(r <= 1 || r == n - 1) << TX_TOP |
           (unsigned)(r >= n - 2 || r == 0) << TX_BOTTOM;
}

#define W 1
#include "mrv.c"
#undef W
#define W 2
#include "mrv.c"
#undef W
#define W 3
#include "mrv.c"
#undef W

int tx__mrv_run(const tx_game *g, int run, long long *nodes, double *done, tx_answer *a)
{
    double share;
    return tx__mrv_try(g, run, (long long)TX_MRV_FIRST << (run < 40 ? run : 40), nodes,
                       done ? done : &share, a);
}

int tx__mrv_try(const tx_game *g, int run, long long budget, long long *nodes, double *done,
                tx_answer *a)
{
    tx_mrv m = {.run = run};
    return tx__mrv_go(g, &m, budget, nodes, done, a);
}

int tx__mrv_go(const tx_game *g, tx_mrv *m, long long budget, long long *nodes, double *done,
               tx_answer *a)
{
    return g->n <= 8    ? mrv_run_1(g, m, budget, nodes, done, a)
           : g->n <= 11 ? mrv_run_2(g, m, budget, nodes, done, a)
                        : mrv_run_3(g, m, budget, nodes, done, a);
}

static int mrv(const void *inst, void *ans, void *scratch)
{
    long long nodes;
    double done;
    (void)scratch;
    tx__impossible(ans);
    for (int run = 0; tx__mrv_run(inst, run, &nodes, &done, ans) < 0; run++)
        if (pz_poll(0)) {
            pz_estimate(done); /* the run in hand's share: each run starts anew */
            return PZ_STOPPED;
        }
    return 0;
}

TX_SOLVER(mrv, "most-constrained cell first over kind masks, counting, restarts", "n <= 12",
          tx__fits_pieces, 0, NULL);

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
    set avail;   /* kinds with tiles left */
    set empty;   /* cells not yet filled */
    set touched; /* cells whose fit may be less than every kind (the others' is) */
    set by[4][TX_DIGITS + 1];
    set fit[TX_CELLS];      /* kinds its placed neighbours allow */
    int8_t nb[TX_CELLS][4]; /* neighbour() of each cell and side */
    int most;               /* TX_ARC: revise domains up to this size (0: all); -1: off */
    uint64_t sh[TX_CELLS];  /* TX_ARC: the numbers fit shows, bits 16 side + d */
    const struct TX_CAT(tables_, W) * t; /* TX_ARC */
    uint8_t kind[TX_CELLS];
    long long budget;       /* nodes left in the slice (tx__slice); below 0: cut */
    long long rest;         /* nodes left in this run after the slice */
    uint32_t tie[TX_CELLS]; /* this run's tie-breaking between cells */
    uint8_t rot[TX_CELLS];  /* and the kind each cell tries first */
    double done;            /* after a cut: the share of the tree searched */
    int depth;              /* the cells filled */
    int resume;             /* depths below this one go on along path */
    tx_mrv *path;           /* the path to go on from (depths below path->depth), and after
                               a cut the path to it */
    unsigned check;         /* TX_MATCH, TX_HALL: the checks on */
    /* TX_MATCH's matching, made anew at each node: the cells matched to
     * each kind and how many (zero between nodes), each cell's kind, the
     * kinds with a tile not matched, the kinds an augmenting search
     * reached. */
    set holds[TX_CELLS];
    uint8_t used[TX_CELLS];
    uint8_t mate[TX_CELLS];
    set open, seen;
    uint8_t line[4][TX_MAX]; /* TX_HALL: the cells of each border line */
    set lines[4];            /* and as sets */
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
        s_add(&s->touched, cell);
        requeue(s, u, cell, shows(s, dom), &queue);
    }
    return 1;
}

#define augment TX_CAT(augment_, W)
#define match TX_CAT(match_, W)
#define hall TX_CAT(hall_, W)

/* Cell c (unmatched) into the matching: a kind of its domain with a tile
 * not matched, or one whose tiles' cells can move to another kind of their
 * domains (an augmenting path; the kinds reached are marked in seen all at
 * once, each explored by the frame that marked it, so a search visits a
 * kind at most once).  1 if c found a tile. */
static int augment(search *s, int c)
{
    set cand = s_andnot(s_and(s->fit[c], s->avail), s->seen), f = s_and(cand, s->open);
    int k = s_pop(&f), c2;
    if (k >= 0) {
        s->mate[c] = (uint8_t)k;
        s_add(&s->holds[k], c);
        if (++s->used[k] == s->ks.count[k])
            s_del(&s->open, k);
        return 1;
    }
    s->seen = s_or(s->seen, cand);
    while ((k = s_pop(&cand)) >= 0)
        for (set h = s->holds[k]; (c2 = s_pop(&h)) >= 0;)
            if (augment(s, c2)) { /* c2 moved to a kind beyond k: c takes its tile */
                s_del(&s->holds[k], c2);
                s_add(&s->holds[k], c);
                s->mate[c] = (uint8_t)k;
                return 1;
            }
    return 0;
}

/* All-different over the tiles as a matching (TX_MATCH): every empty cell
 * must get a tile of a kind in its domain (fit & avail, after arc
 * consistency when that is on), no kind more tiles than it has left: a
 * b-matching of the cells into the kinds, each kind of capacity its count.
 * By Hall's theorem it exists iff every set S of empty cells has at least
 * |S| tiles of the kinds their domains allow.  A cell whose domain is every
 * kind left allows all the tiles left, which are as many as the empty
 * cells; so a set holding one never fails, and only the cells with a
 * smaller domain (those near placed tiles) need matching: fewer cells, and
 * the common case is a greedy pass where each finds a free tile at once.
 * The matching is made anew at each node (keeping it across nodes would
 * need undoing on every way out); 0 if some cell cannot be matched. */
static int match(search *s)
{
    set e = s->empty, late = s_zero(), done = s_zero(), cells = s_zero();
    int c, ok = 1, most = 0, q[TX_CELLS], many[TX_CELLS + 1];
    /* A failing set S of t cells has fewer than t tiles in their domains,
     * so each of its cells has a domain of fewer than t kinds: there is one
     * only if some t has t cells with domains under t kinds, and then it is
     * among the cells with domains under the largest such t (most).  Most
     * nodes have none, and skip the matching. */
    for (int t = 0; t <= s->nn; t++)
        many[t] = 0;
    while ((c = s_pop(&e)) >= 0) {
        set dom = s_and(s->fit[c], s->avail);
        if (!s_any(s_andnot(s->avail, dom)))
            continue; /* every kind left: never in a failing set */
        q[c] = s_count(dom);
        many[q[c] < s->nn ? q[c] : s->nn]++;
        s_add(&cells, c);
    }
    for (int t = 1, under = many[0]; t <= s->nn; under += many[t++])
        if (under >= t)
            most = t;
    if (!most)
        return 1;
    s->open = s->avail;
    for (e = cells; (c = s_pop(&e)) >= 0;) {
        if (q[c] >= most)
            continue;
        set f = s_and(s_and(s->fit[c], s->avail), s->open);
        int k = s_pop(&f);
        if (k < 0) {
            s_add(&late, c);
            continue;
        }
        s->mate[c] = (uint8_t)k;
        s_add(&s->holds[k], c);
        s_add(&done, c);
        if (++s->used[k] == s->ks.count[k])
            s_del(&s->open, k);
    }
    while (ok && (c = s_pop(&late)) >= 0) {
        s->seen = s_zero();
        ok = augment(s, c);
        if (ok)
            s_add(&done, c);
    }
    while ((c = s_pop(&done)) >= 0) { /* holds and used back to zero */
        s->holds[s->mate[c]] = s_zero();
        s->used[s->mate[c]] = 0;
    }
    return ok;
}

/* Hall's condition on the border numbers (TX_HALL).  By the argument of
 * the counts (txset.h), in any completion of the board the empty cells of
 * column 0 show d on their left sides exactly bal[0][d] times more often
 * than the empty cells of the last column show it on their right sides.  So
 * at least bal[0][d] empty cells of column 0 show d on the left, and at
 * least -bal[0][d] of the last column show d on the right; the same for row
 * 0 and the last row with bal[1].  A cell shows one number on a side, and
 * only one that some kind of its domain shows there: so on each of the four
 * border lines the units of demand (bal[d] of each number d) must be
 * matched into the line's empty cells, each cell taking one unit of a
 * number its domain shows.  The counting check (pos <= free) is the case
 * where every cell can show every number; after placed neighbours and arc
 * consistency a cell's domain shows few numbers, and then the demand can
 * fail while the counts pass.  At most n units into n cells, by augmenting
 * paths over bit masks of the line (hall_unit): a few dozen operations
 * where any number is in demand, none where the balance is even. */
static int hall(search *s, const counts *x, undo *u, set *queue, unsigned lines)
{
    int n = s->n;
    for (int side = 0; side < 4; side++) {
        if (!(lines >> side & 1))
            continue;
        int h = side == TX_LEFT || side == TX_RIGHT ? 0 : 1;
        int sign = side == TX_LEFT || side == TX_TOP ? 1 : -1;
        int need[TX_DIGITS], in[TX_DIGITS], p = 0, units = 0;
        for (int d = 0; d < TX_DIGITS; d++) {
            need[d] = sign * x->bal[h][d];
            if (need[d] > 0)
                units += need[d], in[p++] = d;
        }
        if (!units)
            continue;
        /* A cell whose domain is every kind left can show every number in
         * demand (a number in demand is on some tile left); if there are
         * as many such cells as units, the line holds. */
        uint32_t can[TX_DIGITS], open = 0, some = 0;
        int8_t held[TX_MAX];
        const uint8_t *cell = s->line[side];
        for (int i = 0, whole = 0; i < n; i++) {
            if (!s_has(&s->empty, cell[i]))
                continue;
            open |= 1u << i;
            if (s_any(s_andnot(s->avail, s->fit[cell[i]])))
                some |= 1u << i;
            else if (++whole >= units)
                goto next;
        }
        for (int j = 0; j < p; j++) {
            int d = in[j];
            can[d] = open & ~some;
            for (uint32_t m = some; m; m &= m - 1) {
                int i = __builtin_ctz(m);
                if (s_any(s_and(s_and(s->fit[cell[i]], s->avail), s->by[side][d])))
                    can[d] |= 1u << i;
            }
        }
        uint32_t left = open;
        for (int j = 0; j < p; j++)
            for (int unit = 0; unit < need[in[j]]; unit++) {
                uint32_t seen = 0;
                if (!hall_unit(can, held, &left, in[j], &seen))
                    return 0;
            }
        /* TX_HALL_PRUNE: a number in demand that only as many cells can show
         * as it needs must be shown by each of them: their domains keep
         * only the kinds showing it (a tight set of one number; larger
         * tight sets cut little more for a dearer node, so they are left).  The changed domains are
         * saved in *u, and with arc consistency on, their neighbours go into *queue. */
        for (int j = 0; s->check & TX_HALL_PRUNE && j < p; j++) {
            int d = in[j];
            if (__builtin_popcount(can[d]) != need[d])
                continue;
            for (uint32_t m = can[d]; m; m &= m - 1) {
                int c = cell[__builtin_ctz(m)];
                set dom = s_and(s->fit[c], s->avail), keep = s_and(dom, s->by[side][d]);
                if (!s_any(s_andnot(dom, keep)))
                    continue;
                if (!s_any(keep))
                    return 0; /* a cell with every kind, where no tile shows d */
                save(s, u, c);
                s->fit[c] = keep;
                s_add(&s->touched, c);
                if (s->most >= 0)
                    requeue(s, u, c, shows(s, keep), queue);
            }
        }
    next:;
    }
    return 1;
}

static int place_at(search *s, const counts *in);

/* filled: the cell just filled, or -1 at the root. */
static int place(search *s, const counts *in, int filled)
{
    if (!s_any(s->empty))
        return 1;
    if (s->most < 0 && !s->check)
        return place_at(s, in);
    /* The revised domains hold for the whole subtree: kept in fit, and put
     * back as they were on the way out. */
    undo u;
    set queue = s_zero(), touched = s->touched;
    int ok = 1;
    u.saved = s_zero();
    u.m = 0;
    if (s->most >= 0) {
        if (filled < 0)
            for (int c = 0; c < s->nn; c++)
                s->sh[c] = shows(s, s_and(s->fit[c], s->avail)), queue = s->empty;
        else
            for (int side = 0; side < 4; side++) {
                int nb = s->nb[filled][side];
                if (nb >= 0 && s_has(&s->empty, nb))
                    requeue(s, &u, nb, shows(s, s_and(s->fit[nb], s->avail)), &queue);
            }
        ok = arc(s, &u, queue);
    }
    if (ok && s->check & TX_HALL) {
        queue = s_zero();
        /* The lines near the cell just filled, and with arc consistency
         * those holding a cell it revised. */
        unsigned lines = filled < 0 ? 0xf : near_lines(s->n, filled);
        for (int side = 0; side < 4; side++)
            if (s_any(s_and(u.saved, s->lines[side])))
                lines |= 1u << side;
        ok = hall(s, in, &u, &queue, lines);
        if (ok && s_any(queue))
            ok = arc(s, &u, queue);
    }
    if (ok && s->check & TX_MATCH)
        ok = match(s);
    if (ok && place_at(s, in))
        return 1;
    while (u.m--) {
        s->fit[u.cell[u.m]] = u.fit[u.m];
        s->sh[u.cell[u.m]] = u.sh[u.m];
    }
    s->touched = touched;
    return 0;
}

static int place_at(search *s, const counts *in)
{
    int n = s->n, best = -1, cell;
    uint64_t bestkey = ~0ull;
    if (--s->budget < 0 && !tx__slice(&s->budget, &s->rest)) {
        s->done = 0;
        s->path->depth = s->depth;
        return 0;
    }
    /* The cells never narrowed allow every kind left, as many as any cell
     * can: the most constrained is among the others unless those allow as
     * many (then the ties are broken among all the empty cells). */
    for (int pass = 0; pass < 2; pass++) {
        best = -1, bestkey = ~0ull;
        for (set e = pass ? s->empty : s_and(s->empty, s->touched); (cell = s_pop(&e)) >= 0;) {
            int q = s_count(s_and(s->fit[cell], s->avail));
            uint64_t key = (uint64_t)q << 32 | s->tie[cell];
            if (!q)
                return 0;
            if (key < bestkey)
                bestkey = key, best = cell;
        }
        if (best >= 0 && (int)(bestkey >> 32) < s_count(s->avail))
            break;
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
    set touched = s->touched;
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
            /* Going on after a cut: the kinds before the path's were refuted
             * before it (the same state makes the same choice of cell). */
            if (s->depth < s->resume && k != s->path->kind[s->depth])
                continue;
            const uint8_t *sd = s->ks.side[k];
            counts x = *in;
            if (!s_take(&x, sd, best / n, best % n, n, placed))
                continue;
            if (!--s->ks.count[k])
                s_del(&s->avail, k);
            s->kind[best] = (uint8_t)k;
            for (int side = 0; side < 4; side++)
                if (nb[side] >= 0 && !(placed >> side & 1)) {
                    s->fit[nb[side]] = s_and(s->fit[nb[side]], s->by[side ^ 2][sd[side]]);
                    s_add(&s->touched, nb[side]);
                }
            s->depth++;
            int found = place(s, &x, best);
            s->depth--;
            if (found)
                return 1;
            if (s->resume > s->depth)
                s->resume = s->depth; /* the rest of this cell's kinds, and below, afresh */
            for (int side = 0; side < 4; side++)
                if (nb[side] >= 0)
                    s->fit[nb[side]] = saved[side];
            s->touched = touched;
            s->ks.count[k]++;
            s_add(&s->avail, k);
        }
    }
    s_add(&s->empty, best);
    /* Cut below k: the share done here is the kinds before k in this run's
     * order and what the cut child had done, each kind an equal share (as
     * countsearch.c's); only the cut's path pays for it. */
    if (s->budget < 0) {
        int before = k >= rot ? s_count(s_below(s_from(fit, rot), k))
                              : s_count(s_from(fit, rot)) + s_count(s_below(fit, k));
        s->done = (before + s->done) / s_count(fit);
        s->path->cell[s->depth] = (uint8_t)best;
        s->path->kind[s->depth] = (uint8_t)k;
    }
    return 0;
}

static int TX_CAT(mrv_run_, W)(const tx_game *g, tx_mrv *path, long long budget, long long *nodes,
                               double *done, tx_answer *ans)
{
    int run = path->run;
    tables t;
    int numbers = tx__numbers(g);
    search s = {.n = g->n,
                .nn = g->n * g->n,
                .most = arc_most(g, numbers),
                .t = &t,
                .check = checks(numbers)};
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
    if (g->fixed) { /* a piece's pins (tetravex.h): each such cell's one kind, narrowed */
        int pin[TX_CELLS];
        tx__pins(g, &s.ks, pin);
        for (int c = 0; c < s.nn; c++)
            if (pin[c] >= 0) {
                s.fit[c] = s_zero();
                s_add(&s.fit[c], pin[c]);
                s_add(&s.touched, c);
            }
    }
    for (int i = 0; i < s.n; i++) {
        s.line[TX_LEFT][i] = (uint8_t)(i * s.n);
        s.line[TX_RIGHT][i] = (uint8_t)(i * s.n + s.n - 1);
        s.line[TX_TOP][i] = (uint8_t)i;
        s.line[TX_BOTTOM][i] = (uint8_t)((s.n - 1) * s.n + i);
        for (int side = 0; side < 4; side++)
            s_add(&s.lines[side], s.line[side][i]);
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
    s.budget = 0;
    s.rest = budget;
    s.path = path;
    s.resume = path->depth;
    path->depth = 0;
    uint64_t salt = pz_mix64((uint64_t)run);
    for (int c = 0; run && c < s.nn; c++) { /* run 0: the first cell and kind */
        s.tie[c] = (uint32_t)(pz_mix64(salt ^ (uint64_t)c) >> 32);
        s.rot[c] = (uint8_t)(pz_mix64(salt + (uint64_t)c) % (W == 1 ? 64 : 192));
    }
    int found = place(&s, &x, -1);
    if (s.budget >= 0)
        path->depth = 0; /* an end: nothing to go on from */
    *nodes = budget - (s.budget < 0 ? 0 : s.budget + s.rest);
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
#undef augment
#undef match
#undef hall
#endif
