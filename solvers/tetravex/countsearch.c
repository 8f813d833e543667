#ifndef W
/* countsearch - count's search: a search over kinds as bit masks, pruned by
 * counting, in any order of the cells.  The count, square and turns
 * solvers, the portfolio and the pieces hook (pieces.c) run it.
 *
 * Idea: the classic row-major search over kinds of identical tiles (count.c),
 * made fast two ways.  Candidates: by[left][d] and by[top][d] are the sets of
 * kinds (bit masks, txset.h) showing d on their left and top, so the kinds
 * that fit a cell are one AND with the kinds that have tiles left.
 * Pruning at every node, O(1), kept incrementally (counts in txset.h):
 *  - border balance: for each number d, the remaining tiles showing d on
 *    their left beyond those showing d on their right can only sit in
 *    column 0 (and top against bottom, row 0); inside the board a tile
 *    leaves this balance unchanged, so the search learns on the border that
 *    the rest cannot fit, long before it gets there;
 *  - supply: the empty cells below the tiles placed each need a tile with
 *    the top they face, so for every d there must be enough tiles left with
 *    top d (and the same for every side).
 * Cost: a node is a few mask operations and the two checks; with few
 * numbers the checks cut the tree by orders of magnitude for about half the
 * cost of a node (results/tetravex.md, "Which checks pay").  Which corner it
 * starts from matters a great deal (turns.c), and so does the order: the
 * same search fills a square grown from the corner in square.c
 * (tx__order), far better with many numbers, worse with few.
 * Limits: n <= 12.  The search is compiled twice (this file includes
 * itself): with one-word masks for n <= 8, three words above.
 */
#include <limits.h>

#include "tetravex.h"

#define W 1
#include "countsearch.c"
#undef W
#define W 3
#include "countsearch.c"
#undef W

int tx__count_search(const tx_game *g, long long *budget, tx_kinds *ks, uint8_t *kind)
{
    int resume = 0;
    return tx__count_resume(g, TX_ROWS, budget, ks, kind, &resume);
}

int tx__count_resume(const tx_game *g, int order, long long *budget, tx_kinds *ks, uint8_t *kind,
                     int *resume)
{
    return g->n <= 8 ? count_search_1(g, order, budget, ks, kind, resume)
                     : count_search_3(g, order, budget, ks, kind, resume);
}

double tx__count_done(const tx_game *g, int order, const uint8_t *kind, int cut)
{
    return g->n <= 8 ? count_done_1(g, order, kind, cut) : count_done_3(g, order, kind, cut);
}

int tx__count_part(const tx_game *g, int order, long long *budget, tx_kinds *ks, uint8_t *kind,
                   int *resume, double *done)
{
    int rc = tx__count_resume(g, order, budget, ks, kind, resume);
    *done = rc >= 0 ? 1 : tx__count_done(g, order, kind, *resume);
    return rc;
}

void tx__count_pieces(const tx_game *g, int depth, long long *top,
                      void (*emit)(void *ctx, const tx_kinds *ks, const uint8_t *kind), void *ctx)
{
    *top = 0;
    if (depth < g->fixed || depth > g->n * g->n)
        pz_fatal("tetravex: pieces at step %d of a game with %d cells, %d of them fixed", depth,
                 g->n * g->n, g->fixed);
    if (g->n <= 8)
        pieces_1(g, depth, top, emit, ctx);
    else
        pieces_3(g, depth, top, emit, ctx);
}

int tx__count_solve(const tx_game *g, int order, tx_answer *a)
{
    tx_kinds ks;
    uint8_t kind[TX_CELLS];
    long long budget = LLONG_MAX;
    int resume = 0;
    double done;
    tx__impossible(a);
    /* No budget of its own: only pz_poll() cuts it (a stop, or the game's
     * budget), and then it says how far it got. */
    int rc = tx__count_part(g, order, &budget, &ks, kind, &resume, &done);
    if (rc == 1)
        tx__witness(g, &ks, kind, a);
    if (rc < 0)
        pz_estimate(done);
    return rc < 0 ? PZ_STOPPED : 0;
}

#else /* the search over W-word sets */
#include "txset.h"

#define search TX_CAT(search_, W)
#define place TX_CAT(place_, W)

typedef struct search {
    int n, nn;
    tx_kinds ks;
    set avail; /* kinds with tiles left */
    set by[4][TX_DIGITS + 1];
    uint8_t *kind;
    long long budget;        /* nodes left in the slice (tx__slice); below 0: cut */
    long long rest;          /* nodes left after the slice */
    int resume;              /* replay kind[] on the steps before this one */
    int cut;                 /* the step whose node the budget ran out on */
    uint8_t order[TX_CELLS]; /* the cell of each step (tx__order) */
} search;

static int place(search *s, int step, const counts *in)
{
    if (step == s->nn)
        return 1;
    int n = s->n, cell = s->order[step], r = cell / n, c = cell % n, k;
    const uint8_t(*side)[4] = s->ks.side;
    unsigned placed = (r > 0) << TX_TOP | (c > 0) << TX_LEFT;
    if (--s->budget < 0 && !tx__slice(&s->budget, &s->rest)) {
        s->cut = step;
        return 0;
    }
    set m = s_and(s_and(s->avail, s->by[TX_LEFT][c ? side[s->kind[cell - 1]][TX_RIGHT] : TX_ANY]),
                  s->by[TX_TOP][r ? side[s->kind[cell - n]][TX_BOTTOM] : TX_ANY]);
    /* Resuming a cut search: the kinds below the path's were refuted
     * before the cut, so start at the path's kind and go on from there. */
    if (step < s->resume)
        m = s_from(m, s->kind[cell]);
    else
        s->resume = 0;
    while (s->budget >= 0 && (k = s_pop(&m)) >= 0) {
        counts x = *in;
        if (!s_take(&x, side[k], r, c, n, placed))
            continue;
        if (!--s->ks.count[k])
            s_del(&s->avail, k);
        s->kind[cell] = (uint8_t)k;
        if (place(s, step + 1, &x))
            return 1;
        s->ks.count[k]++;
        s_add(&s->avail, k);
    }
    return 0;
}

/* A piece's pins (g->fixed, in the square order): tile i's kind laid on
 * step i for i < fixed, as place() would lay it, but no node counted (the
 * piece's tree is the subtree below them): 0 if one does not fit, and the
 * piece has no placement. */
static int TX_CAT(lay_, W)(search *s, const tx_game *g, counts *x)
{
    int n = s->n;
    const uint8_t(*side)[4] = s->ks.side;
    for (int step = 0; step < g->fixed; step++) {
        int cell = s->order[step], r = cell / n, c = cell % n,
            k = tx__kind_of(&s->ks, g->tile[step]);
        unsigned placed = (r > 0) << TX_TOP | (c > 0) << TX_LEFT;
        set m =
            s_and(s_and(s->avail, s->by[TX_LEFT][c ? side[s->kind[cell - 1]][TX_RIGHT] : TX_ANY]),
                  s->by[TX_TOP][r ? side[s->kind[cell - n]][TX_BOTTOM] : TX_ANY]);
        if (!s_has(&m, k) || !s_take(x, side[k], r, c, n, placed))
            return 0;
        if (!--s->ks.count[k])
            s_del(&s->avail, k);
        s->kind[cell] = (uint8_t)k;
    }
    return 1;
}

static void TX_CAT(setup_, W)(search *s, const tx_game *g, int order)
{
    if (g->fixed && order != TX_SQUARE)
        pz_fatal("tetravex: a piece's pins are the first cells of the square order");
    tx__order(s->n, order, s->order);
    tx__kinds(g, &s->ks);
    s_masks(&s->ks, s->by);
    s->avail = s->by[TX_TOP][TX_ANY];
}

static int TX_CAT(count_search_, W)(const tx_game *g, int order, long long *budget, tx_kinds *ks,
                                    uint8_t *kind, int *resume)
{
    search s = {.n = g->n, .nn = g->n * g->n, .kind = kind, .rest = *budget, .resume = *resume};
    counts x;
    int found;
    TX_CAT(setup_, W)(&s, g, order);
    found = s_counts(&s.ks, s.n, &x) && TX_CAT(lay_, W)(&s, g, &x) && place(&s, g->fixed, &x);
    *budget = s.budget < 0 ? s.budget : s.budget + s.rest;
    *resume = s.budget < 0 && !found ? s.cut : 0;
    if (found)
        tx__kinds(g, ks);
    return found ? 1 : s.budget < 0 ? -1 : 0;
}

/* The share of count's tree behind a cut at step cut, on the path in
 * kind[]: at each step the kinds before the path's are done, each kind an
 * equal share of its step's subtree (Knuth's estimate of search progress),
 * folded from the cut up.  Found again from the path outside the search,
 * which so pays nothing for it. */
static double TX_CAT(count_done_, W)(const tx_game *g, int order, const uint8_t *kind, int cut)
{
    tx_kinds ks;
    set by[4][TX_DIGITS + 1], avail;
    int n = g->n, before[TX_CELLS], total[TX_CELLS];
    uint8_t at[TX_CELLS];
    double done = 0;
    tx__order(n, order, at);
    tx__kinds(g, &ks);
    s_masks(&ks, by);
    avail = by[TX_TOP][TX_ANY];
    for (int step = 0; step < cut; step++) {
        int cell = at[step], r = cell / n, c = cell % n, k = kind[cell];
        set m = s_and(s_and(avail, by[TX_LEFT][c ? ks.side[kind[cell - 1]][TX_RIGHT] : TX_ANY]),
                      by[TX_TOP][r ? ks.side[kind[cell - n]][TX_BOTTOM] : TX_ANY]);
        total[step] = step < g->fixed ? 1 : s_count(m); /* a piece's pins: its whole tree */
        before[step] = step < g->fixed ? 0 : s_count(s_below(m, k));
        if (!--ks.count[k])
            s_del(&avail, k);
    }
    for (int step = cut - 1; step >= 0; step--)
        done = (before[step] + done) / total[step];
    return done;
}

/* The nodes at step depth below the path in s->kind (tx__count_pieces):
 * place()'s candidates and checks, no budget; *top counts the nodes above. */
static void TX_CAT(spread_, W)(search *s, int step, int depth, const counts *in, long long *top,
                               void (*emit)(void *, const tx_kinds *, const uint8_t *), void *ctx)
{
    if (step == depth) {
        emit(ctx, &s->ks, s->kind);
        return;
    }
    int n = s->n, cell = s->order[step], r = cell / n, c = cell % n, k;
    const uint8_t(*side)[4] = s->ks.side;
    unsigned placed = (r > 0) << TX_TOP | (c > 0) << TX_LEFT;
    set m = s_and(s_and(s->avail, s->by[TX_LEFT][c ? side[s->kind[cell - 1]][TX_RIGHT] : TX_ANY]),
                  s->by[TX_TOP][r ? side[s->kind[cell - n]][TX_BOTTOM] : TX_ANY]);
    ++*top;
    while ((k = s_pop(&m)) >= 0) {
        counts x = *in;
        if (!s_take(&x, side[k], r, c, n, placed))
            continue;
        if (!--s->ks.count[k])
            s_del(&s->avail, k);
        s->kind[cell] = (uint8_t)k;
        TX_CAT(spread_, W)(s, step + 1, depth, &x, top, emit, ctx);
        s->ks.count[k]++;
        s_add(&s->avail, k);
    }
}

static void TX_CAT(pieces_, W)(const tx_game *g, int depth, long long *top,
                               void (*emit)(void *, const tx_kinds *, const uint8_t *), void *ctx)
{
    uint8_t kind[TX_CELLS];
    search s = {.n = g->n, .nn = g->n * g->n, .kind = kind};
    counts x;
    TX_CAT(setup_, W)(&s, g, TX_SQUARE);
    if (s_counts(&s.ks, s.n, &x) && TX_CAT(lay_, W)(&s, g, &x))
        TX_CAT(spread_, W)(&s, g->fixed, depth, &x, top, emit, ctx);
}

#undef search
#undef place
#endif
