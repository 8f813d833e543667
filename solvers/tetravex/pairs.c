/* pairs - count's search, a cell's candidates a set of kinds looked up by
 * the pair (left number, top number), its whole state in a struct.
 *
 * Idea: the search of countsearch.c and square.c (the same cells in the same
 * order, the same kinds in the same order, the same counting checks: the
 * same tree, node for node), written as a loop over a stack of steps: a
 * cell's top and left neighbours come before it in either order, so its
 * candidates are one AND of the set of kinds with that left and that top
 * (made once) and the set of kinds with a tile left, taken smallest first
 * by count-trailing-zeros.  The counts of the checks are kept in place
 * and undone on the way back rather than copied at every node: inside the
 * board two supplies, on the top and left edges three and a balance, at
 * offsets made once for each kind; the corners, right and bottom edges by
 * the general code; all tested before they are taken.  A kind that passes
 * has the next step's candidates looked at before that step is entered
 * (their pair made from the kind, not read back): a leaf (none left; half
 * the nodes of 9x9 games with 10 numbers) is counted and left at once, its
 * kind never taken nor laid.  So a cut leaves everything in tx_pairs: the
 * next call goes on from there, nothing replayed (the portfolio's slices).
 * Cost: a node is an AND of one to three words, a ctz, two to four counts
 * tested, and past a leaf taken and undone: 91 to 98 instructions on 8x8
 * to 9x9 games with 10 numbers, about 11 ns on 9x9 (results/tetravex.md,
 * "A cheaper node").
 * Limits: n <= 12; a piece's pins (pieces.c) are laid first, in the square
 * order only.
 */
#include <limits.h>
#include <string.h>

#include "../rng.h"
#include "tetravex.h"

enum { NOSTEP = TX_CELLS }; /* no neighbour */

/* by[l][t]: the kinds showing l on the left and t on the top (TX_ANY: any
 * number there); avail: every kind. */
static void make_sets(tx_pairs *p)
{
    memset(p->by, 0, sizeof p->by);
    memset(p->avail, 0, sizeof p->avail);
    for (int k = 0; k < p->ks.nk; k++) {
        uint64_t bit = 1ull << (k & 63);
        int l = p->ks.side[k][TX_LEFT], t = p->ks.side[k][TX_TOP], w = k >> 6;
        p->by[w][l * (TX_ANY + 1) + t] |= bit;
        p->by[w][l * (TX_ANY + 1) + TX_ANY] |= bit;
        p->by[w][TX_ANY * (TX_ANY + 1) + t] |= bit;
        p->by[w][TX_ANY * (TX_ANY + 1) + TX_ANY] |= bit;
        p->avail[w] |= bit;
    }
    p->words = p->ks.nk > 64 ? (p->ks.nk + 63) / 64 : 1;
}

/* The counts with no tile placed (as s_counts in txset.h); 0 if they show
 * no solution already.  cnt's rows: the supplies of each side, then the
 * balances across and down; slack: free - pos of txset.h's counts.  The
 * supplies of right and bottom sides keep their values at the root: a kind
 * taken has a tile left, so they could never go below 0. */
enum { ACROSS = 4, DOWN = 5 };
static int counts_at_root(tx_pairs *p)
{
    int16_t(*c)[TX_DIGITS] = p->cnt;
    memset(p->cnt, 0, sizeof p->cnt);
    p->slack[0] = p->slack[1] = p->n;
    for (int k = 0; k < p->ks.nk; k++)
        for (int s = 0; s < 4; s++)
            c[s][p->ks.side[k][s]] += p->ks.count[k];
    for (int d = 0; d < TX_DIGITS; d++) {
        c[ACROSS][d] = (int16_t)(c[TX_LEFT][d] - c[TX_RIGHT][d]);
        c[DOWN][d] = (int16_t)(c[TX_TOP][d] - c[TX_BOTTOM][d]);
        for (int h = 0; h < 2; h++)
            p->slack[h] -= c[ACROSS + h][d] > 0 ? c[ACROSS + h][d] : 0;
    }
    return (p->slack[0] >= 0 && p->slack[1] >= 0) || !TX_BALANCE;
}

/* Takes kind k off the counts for a cell at the board's edges edge (bit s:
 * on the edge at side s), as s_take (txset.h): its top and left face placed
 * tiles unless on the edge, its right and bottom face empty cells unless on
 * the edge.  0 if the counts show the empty cells can no longer be filled;
 * untake_at() undoes it either way. */
static int take_at(tx_pairs *p, const uint8_t *sd, unsigned edge)
{
    int16_t(*c)[TX_DIGITS] = p->cnt;
    int low = 0;
    if (!(edge & 1 << TX_RIGHT))
        low |= --c[TX_LEFT][sd[TX_RIGHT]];
    if (!(edge & 1 << TX_BOTTOM))
        low |= --c[TX_TOP][sd[TX_BOTTOM]];
    if (edge & 1 << TX_TOP) {
        low |= --c[TX_TOP][sd[TX_TOP]];
        p->slack[1] -= c[DOWN][sd[TX_TOP]]-- <= 0;
    }
    if (edge & 1 << TX_LEFT) {
        low |= --c[TX_LEFT][sd[TX_LEFT]];
        p->slack[0] -= c[ACROSS][sd[TX_LEFT]]-- <= 0;
    }
    if (edge & 1 << TX_RIGHT)
        p->slack[0] -= c[ACROSS][sd[TX_RIGHT]]++ >= 0;
    if (edge & 1 << TX_BOTTOM)
        p->slack[1] -= c[DOWN][sd[TX_BOTTOM]]++ >= 0;
    return (low >= 0 || !TX_SUPPLY) && ((p->slack[0] | p->slack[1]) >= 0 || !TX_BALANCE);
}

static void untake_at(tx_pairs *p, const uint8_t *sd, unsigned edge)
{
    int16_t(*c)[TX_DIGITS] = p->cnt;
    if (!(edge & 1 << TX_RIGHT))
        c[TX_LEFT][sd[TX_RIGHT]]++;
    if (!(edge & 1 << TX_BOTTOM))
        c[TX_TOP][sd[TX_BOTTOM]]++;
    if (edge & 1 << TX_TOP) {
        c[TX_TOP][sd[TX_TOP]]++;
        p->slack[1] += ++c[DOWN][sd[TX_TOP]] <= 0;
    }
    if (edge & 1 << TX_LEFT) {
        c[TX_LEFT][sd[TX_LEFT]]++;
        p->slack[0] += ++c[ACROSS][sd[TX_LEFT]] <= 0;
    }
    if (edge & 1 << TX_RIGHT)
        p->slack[0] += --c[ACROSS][sd[TX_RIGHT]] >= 0;
    if (edge & 1 << TX_BOTTOM)
        p->slack[1] += --c[DOWN][sd[TX_BOTTOM]] >= 0;
}

/* take_at() where most cells are, its work at offsets into cnt made once
 * for each kind k (ops[j][k], a row j for each use, so that k indexes
 * them all).  Inside the board two supplies (R_SUP, B_SUP: the cells right
 * and below need a left R and a top B), each on its own side.  On the top
 * edge (not a corner) a top T more and the balance down (T_SUP, T_BAL), on
 * the left edge a left L and the balance across (L_SUP, L_BAL): there two
 * supplies may be one (T_TWICE, L_TWICE: 1 if so).  fits() tests the counts
 * before anything is taken, so a kind that passes can be taken later or
 * not at all (a leaf); take() takes it, untake() gives it back.  The
 * corners and the right and bottom edges go through the general code. */
enum { R_SUP, B_SUP, T_SUP, T_BAL, L_SUP, L_BAL, T_TWICE, L_TWICE, R_PAIR, B_PAIR, NO_T, NO_L };
_Static_assert(NO_L + 1 == sizeof((tx_pairs *)0)->ops / sizeof((tx_pairs *)0)->ops[0],
               "tx_pairs' ops: a row a use");

static inline int fits(tx_pairs *p, unsigned k, unsigned edge)
{
    const int16_t *c = &p->cnt[0][0];
    const uint8_t(*o)[TX_CELLS] = p->ops;
    int low = (c[o[R_SUP][k]] - 1) | (c[o[B_SUP][k]] - 1), slack = 0;
    if (edge == 1 << TX_TOP) {
        low = (c[o[R_SUP][k]] - 1) | (c[o[B_SUP][k]] - 1 - o[T_TWICE][k]) |
              (c[o[T_SUP][k]] - 1 - o[T_TWICE][k]);
        slack = p->slack[1] - (c[o[T_BAL][k]] <= 0);
    } else if (edge == 1 << TX_LEFT) {
        low = (c[o[R_SUP][k]] - 1 - o[L_TWICE][k]) | (c[o[B_SUP][k]] - 1) |
              (c[o[L_SUP][k]] - 1 - o[L_TWICE][k]);
        slack = p->slack[0] - (c[o[L_BAL][k]] <= 0);
    } else if (edge) {
        int ok = take_at(p, p->ks.side[k], edge);
        untake_at(p, p->ks.side[k], edge);
        return ok;
    }
    return ((TX_SUPPLY ? low : 0) | (TX_BALANCE ? slack : 0)) >= 0;
}

static inline void take(tx_pairs *p, unsigned k, unsigned edge)
{
    int16_t *c = &p->cnt[0][0];
    const uint8_t(*o)[TX_CELLS] = p->ops;
    if (!edge) {
        c[o[R_SUP][k]]--, c[o[B_SUP][k]]--;
    } else if (edge == 1 << TX_TOP) {
        c[o[R_SUP][k]]--, c[o[B_SUP][k]]--, c[o[T_SUP][k]]--;
        p->slack[1] -= c[o[T_BAL][k]]-- <= 0;
    } else if (edge == 1 << TX_LEFT) {
        c[o[R_SUP][k]]--, c[o[B_SUP][k]]--, c[o[L_SUP][k]]--;
        p->slack[0] -= c[o[L_BAL][k]]-- <= 0;
    } else {
        take_at(p, p->ks.side[k], edge);
    }
}

static inline void untake(tx_pairs *p, unsigned k, unsigned edge)
{
    int16_t *c = &p->cnt[0][0];
    const uint8_t(*o)[TX_CELLS] = p->ops;
    if (!edge) {
        c[o[R_SUP][k]]++, c[o[B_SUP][k]]++;
    } else if (edge == 1 << TX_TOP) {
        c[o[R_SUP][k]]++, c[o[B_SUP][k]]++, c[o[T_SUP][k]]++;
        p->slack[1] += ++c[o[T_BAL][k]] <= 0;
    } else if (edge == 1 << TX_LEFT) {
        c[o[R_SUP][k]]++, c[o[B_SUP][k]]++, c[o[L_SUP][k]]++;
        p->slack[0] += ++c[o[L_BAL][k]] <= 0;
    } else {
        untake_at(p, p->ks.side[k], edge);
    }
}

/* Step s's candidates (the set of its neighbours' numbers, TX_ANY where it
 * has none) are by[w][pair_of(p, s)] in each word w, before those with no
 * tile left are taken out. */
static inline unsigned pair_of(const tx_pairs *p, long s)
{
    return (unsigned)p->pair[0][s] + p->pair[1][s];
}

/* pair_of(p, s + 1) with kind k laid at step s, not read back from what
 * lay() writes. */
static inline unsigned next_pair(const tx_pairs *p, long s, unsigned k)
{
    return (unsigned)(&p->pair[0][0])[p->next_at[s]] + (&p->ops[0][0])[p->next_op[s] + k];
}

/* Kind k laid at step s: its numbers in the pairs of the steps right of it
 * and below it (NOSTEP where none: a slot no step reads). */
static inline void lay(tx_pairs *p, long s, unsigned k)
{
    p->pair[0][p->right_of[s]] = p->ops[R_PAIR][k];
    p->pair[1][p->below[s]] = p->ops[B_PAIR][k];
}

/* rem[][s]: step s's candidates with a tile left, in W words. */
static inline void enter(tx_pairs *p, long s, const int W)
{
    unsigned by = pair_of(p, s);
    for (int w = 0; w < W; w++)
        p->rem[w][s] = p->by[w][by] & p->avail[w];
}

void tx__pairs_init(tx_pairs *p, const tx_game *g, int order)
{
    int n = g->n, step_of[TX_CELLS];
    p->n = n;
    p->nn = n * n;
    tx__kinds(g, &p->ks);
    tx__order(n, order, p->cell);
    for (int s = 0; s < p->nn; s++)
        step_of[p->cell[s]] = s;
    for (int s = 0; s < p->nn; s++) {
        int cell = p->cell[s], r = cell / n, c = cell % n;
        p->right_of[s] = c < n - 1 ? (uint8_t)step_of[cell + 1] : NOSTEP;
        p->below[s] = r < n - 1 ? (uint8_t)step_of[cell + n] : NOSTEP;
        p->pair[0][s] = TX_ANY * (TX_ANY + 1); /* until its neighbours are laid */
        p->pair[1][s] = TX_ANY;
        p->edge[s] = (uint8_t)((r == 0) << TX_TOP | (c == n - 1) << TX_RIGHT |
                               (r == n - 1) << TX_BOTTOM | (c == 0) << TX_LEFT);
    }
    for (int k = 0; k < p->ks.nk; k++) {
        const uint8_t *sd = p->ks.side[k];
        uint8_t(*o)[TX_CELLS] = p->ops;
        o[R_SUP][k] = (uint8_t)(TX_LEFT * TX_DIGITS + sd[TX_RIGHT]);
        o[B_SUP][k] = (uint8_t)(TX_TOP * TX_DIGITS + sd[TX_BOTTOM]);
        o[T_SUP][k] = (uint8_t)(TX_TOP * TX_DIGITS + sd[TX_TOP]);
        o[T_BAL][k] = (uint8_t)(DOWN * TX_DIGITS + sd[TX_TOP]);
        o[L_SUP][k] = (uint8_t)(TX_LEFT * TX_DIGITS + sd[TX_LEFT]);
        o[L_BAL][k] = (uint8_t)(ACROSS * TX_DIGITS + sd[TX_LEFT]);
        o[T_TWICE][k] = sd[TX_TOP] == sd[TX_BOTTOM];
        o[L_TWICE][k] = sd[TX_LEFT] == sd[TX_RIGHT];
        o[R_PAIR][k] = (uint8_t)(sd[TX_RIGHT] * (TX_ANY + 1)); /* the pair of the step right */
        o[B_PAIR][k] = sd[TX_BOTTOM];                          /* and of the step below */
        o[NO_T][k] = TX_ANY;                                   /* no neighbour: any number */
        o[NO_L][k] = TX_ANY * (TX_ANY + 1);
    }
    /* Step s + 1 is right of step s or below it, or has no neighbour on
     * one side (a new row or ring): in both orders s + 1's pair is one
     * part laid before s and one that s's kind gives (or TX_ANY). */
    for (int s = 0; s + 1 < p->nn; s++) {
        int next = p->cell[s + 1], r = next / n, c = next % n, side, row;
        if (p->right_of[s] == s + 1)
            side = 1, row = R_PAIR;
        else if (p->below[s] == s + 1)
            side = 0, row = B_PAIR;
        else if (c == 0)
            side = 1, row = NO_L;
        else if (r == 0)
            side = 0, row = NO_T;
        else
            pz_fatal("tetravex: step %d of the order has neighbours on both sides before it",
                     s + 1);
        p->next_at[s] = (uint16_t)(side * (TX_CELLS + 1) + s + 1);
        p->next_op[s] = (uint16_t)(row * TX_CELLS);
    }
    make_sets(p);
    p->step = p->base = 0;
    p->until = p->nn;
    p->state = p->nn == 0 ? TX_PAIRS_FOUND : counts_at_root(p) ? TX_PAIRS_HELD : TX_PAIRS_NONE;
    if (g->fixed && order != TX_SQUARE)
        pz_fatal("tetravex: a piece's pins are the first cells of the square order");
    /* A piece's pins (tetravex.h): tile s's kind on step s, laid as the
     * search would lay it (it must fit its neighbours and the counts), no
     * node counted; the search stays below them. */
    for (int s = 0; s < g->fixed && p->state == TX_PAIRS_HELD; s++) {
        int k = tx__kind_of(&p->ks, g->tile[s]);
        if (!(p->by[k >> 6][pair_of(p, s)] >> (k & 63) & 1) || !p->ks.count[k] ||
            !fits(p, (unsigned)k, p->edge[s])) {
            p->state = TX_PAIRS_NONE;
            break;
        }
        take(p, (unsigned)k, p->edge[s]);
        if (!--p->ks.count[k])
            p->avail[k >> 6] &= ~(1ull << (k & 63));
        p->kind[s] = (uint8_t)k;
        lay(p, s, k);
        p->step = p->base = s + 1;
    }
    if (p->state == TX_PAIRS_HELD && p->step == p->nn)
        p->state = TX_PAIRS_FOUND;
    if (p->state == TX_PAIRS_HELD)
        enter(p, p->step, TX_WORDS);
}

/* The search on sets of W words, W a constant where it is inlined, so each
 * of the three copies has its word loops unrolled. */
static inline __attribute__((always_inline)) int run(tx_pairs *p, long long *budget, const int W)
{
    long long slice = 0, rest = *budget;
    long s = p->step; /* long: it indexes every array, not widened each time */
    int rc = -1;
    const int until = p->until;
    uint64_t m[TX_WORDS] = {0}; /* step s's candidates not yet tried (rem[s] out of the loop) */
    switch (p->state) {
    case TX_PAIRS_FOUND:
        return 1;
    case TX_PAIRS_NONE:
        return 0;
    case TX_PAIRS_HELD: /* the node in hand (the root, or the one a cut held) is paid */
        if (!tx__slice(&slice, &rest))
            goto out;
        p->state = TX_PAIRS_ON;
        break;
    case TX_PAIRS_SPLIT: /* a split's node: its subtree is another's */
        for (int w = 0; w < TX_WORDS; w++)
            p->rem[w][s] = 0;
        p->state = TX_PAIRS_ON;
    }
    for (int w = 0; w < W; w++)
        m[w] = p->rem[w][s];
    for (;;) {
        /* The first candidate (constant indices keep m in registers). */
        unsigned k;
        if (m[0])
            k = (unsigned)__builtin_ctzll(m[0]), m[0] &= m[0] - 1;
        else if (W > 1 && m[1])
            k = 64 + (unsigned)__builtin_ctzll(m[1]), m[1] &= m[1] - 1;
        else if (W > 2 && m[2])
            k = 128 + (unsigned)__builtin_ctzll(m[2]), m[2] &= m[2] - 1;
        else { /* no candidate left: back to the step before */
            if (s == p->base) {
                rc = 0, p->state = TX_PAIRS_NONE;
                goto out;
            }
            k = p->kind[--s];
            p->ks.count[k]++;
            p->avail[k >> 6] |= 1ull << (k & 63);
            untake(p, k, p->edge[s]);
            for (int x = 0; x < W; x++)
                m[x] = p->rem[x][s];
            continue;
        }
        unsigned edge = p->edge[s];
        if (!fits(p, k, edge))
            continue;
        /* The next step's candidates, looked at before it is entered: a
         * leaf (none) is entered, paid for and left at once, its kind
         * never taken nor laid (unless the run stops there, or the slice
         * ends). */
        unsigned by = 0;
        if (s + 1 != until) {
            uint64_t any = 0;
            by = next_pair(p, s, k);
            for (int x = 0; x < W; x++)
                any |= p->by[x][by] & p->avail[x];
            if (!any && slice > 0) {
                slice--;
                continue;
            }
        }
        take(p, k, edge);
        lay(p, s, k);
        if (!--p->ks.count[k])
            p->avail[k >> 6] &= ~(1ull << (k & 63));
        p->kind[s] = (uint8_t)k;
        for (int x = 0; x < W; x++)
            p->rem[x][s] = m[x];
        if (++s == until) {
            if (s == p->nn) {
                rc = 1, p->state = TX_PAIRS_FOUND;
                goto out;
            }
            enter(p, s, W);
            for (int x = 0; x < W; x++)
                m[x] = p->rem[x][s];
            rc = 2, p->state = TX_PAIRS_SPLIT;
            goto out;
        }
        for (int x = 0; x < W; x++) /* k may be gone */
            m[x] = p->by[x][by] & p->avail[x];
        /* A node is a step entered; the budget is taken in slices, so a
         * node pays one decrement and test for it. */
        if (--slice < 0 && !tx__slice(&slice, &rest)) {
            p->state = TX_PAIRS_HELD;
            goto out;
        }
    }
out:
    p->step = (int)s;
    if (s < p->nn)
        for (int w = 0; w < W; w++)
            p->rem[w][s] = m[w];
    *budget = slice < 0 ? slice : slice + rest;
    return rc;
}

int tx__pairs_run(tx_pairs *p, long long *budget)
{
    return p->words == 1   ? run(p, budget, 1)
           : p->words == 2 ? run(p, budget, 2)
                           : run(p, budget, 3);
}

void tx__pairs_split(tx_pairs *p, int depth)
{
    if (depth <= p->step || depth >= p->nn)
        pz_fatal("tetravex: a split at step %d of a search at step %d of %d", depth, p->step,
                 p->nn);
    p->until = depth;
}

void tx__pairs_below(tx_pairs *p)
{
    if (p->state != TX_PAIRS_SPLIT)
        pz_fatal("tetravex: a subtree taken where the search did not stop for one");
    p->base = p->step;
    p->until = p->nn;
    p->state = TX_PAIRS_HELD;
}

void tx__pairs_widths(const tx_pairs *p, tx_pairs *w, int probes, uint64_t seed, double *width)
{
    for (int s = 0; s <= p->nn; s++)
        width[s] = 0;
    if (p->state != TX_PAIRS_HELD)
        return;
    for (int i = 0; i < probes; i++) {
        pz_rng r = pz_rng_at(seed, (uint64_t)i);
        double paths = 1;
        int s = p->step, pick[TX_CELLS];
        memcpy(w, p, sizeof *w);
        width[s] += 1;
        for (; s < w->nn; s++) {
            int n = 0;
            for (int x = 0; x < w->words; x++) /* the candidates that pass the checks */
                for (uint64_t m = w->rem[x][s]; m; m &= m - 1) {
                    int k = 64 * x + __builtin_ctzll(m);
                    if (fits(w, (unsigned)k, w->edge[s]))
                        pick[n++] = k;
                }
            if (!n)
                break;
            int k = pick[pz_rng_below(&r, (uint64_t)n)];
            take(w, k, w->edge[s]);
            if (!--w->ks.count[k])
                w->avail[k >> 6] &= ~(1ull << (k & 63));
            w->kind[s] = (uint8_t)k;
            lay(w, s, k);
            paths *= n;
            if (s + 1 < w->nn)
                enter(w, s + 1, TX_WORDS);
            width[s + 1] += paths;
        }
    }
    for (int s = p->step; s <= p->nn; s++)
        width[s] /= probes;
}

void tx__pairs_answer(const tx_game *g, const tx_pairs *p, tx_answer *a)
{
    tx_kinds ks;
    uint8_t kind[TX_CELLS];
    tx__kinds(g, &ks);
    for (int s = 0; s < p->nn; s++)
        kind[p->cell[s]] = p->kind[s];
    tx__witness(g, &ks, kind, a);
}

/* The share of the tree behind p's path, and in *share that of the node the
 * path ends at: at each step of the path the kinds before its own are done,
 * each kind with a tile left an equal share of the step's subtree (Knuth's
 * estimate, as countsearch.c's), folded from the cut up.  The counts of each
 * step are the present ones with the kinds placed below it put back. */
static double path(const tx_pairs *p, double *share)
{
    uint8_t count[TX_CELLS];
    double done = 0;
    *share = 1;
    memcpy(count, p->ks.count, sizeof count);
    for (int s = p->step - 1; s >= p->base; s--) { /* a pin: its step's whole subtree */
        int k = p->kind[s], before = 0, total = 0;
        unsigned by = pair_of(p, s);
        count[k]++;
        for (int w = 0; w < p->words; w++)
            for (uint64_t m = p->by[w][by]; m; m &= m - 1) {
                int j = 64 * w + __builtin_ctzll(m);
                if (count[j]) {
                    total++;
                    before += j < k;
                }
            }
        done = (before + done) / total;
        *share /= total;
    }
    return done;
}

double tx__pairs_done(const tx_pairs *p)
{
    double share;
    if (p->state == TX_PAIRS_FOUND || p->state == TX_PAIRS_NONE)
        return 1;
    return path(p, &share);
}

double tx__pairs_share(const tx_pairs *p)
{
    double share;
    path(p, &share);
    return share;
}

static int pairs(const void *inst, void *ans, void *scratch)
{
    tx_pairs *p = scratch;
    long long budget = LLONG_MAX;
    tx__impossible(ans);
    tx__pairs_init(p, inst, TX_SQUARE);
    int rc = tx__pairs_run(p, &budget);
    if (rc == 1)
        tx__pairs_answer(inst, p, ans);
    if (rc < 0) /* no budget of its own: only pz_poll() cuts it */
        pz_estimate(tx__pairs_done(p));
    return rc < 0 ? PZ_STOPPED : 0;
}

TX_SOLVER(pairs, "square's search, a cell's kinds a set by its (left, top) numbers", "n <= 12",
          tx__fits_pieces, sizeof(tx_pairs), NULL);
