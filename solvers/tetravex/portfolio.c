/* portfolio - searches of count's tree from several corners and mrv's runs,
 * in one thread, each next slice of time to the one nearest its end.
 *
 * Idea: no single order wins every game, and which one will is not known in
 * advance; but a search that is cut can say how far it got.  Each kind at a
 * node taken as an equal share of it, the path of the cut gives the share of
 * the tree behind it (Knuth's estimate), and work over share estimates the
 * whole tree.  After a first slice each, the member with the fewest nodes
 * left by its estimate gets slices of a quarter of its work, until another
 * looks SWITCH times nearer its end.  The members, by the game:
 *  - more than TX_FEW numbers (race_many()): pairs.c's searches (count's
 *    tree, resumable) in the square order from four corners, and MRV_RUNS
 *    of mrv's runs, each an order of its own, also gone on with after a cut;
 *  - fewer (race()): count's searches row by row from all eight
 *    orientations, the first going on from the first slice (tx__count_part:
 *    a slice replays the path to its cut; a node costs about two thirds of
 *    pairs' there, see results/tetravex.md), half the time in equal shares
 *    (there a placement turns up long before any estimate means much), and
 *    mrv's runs restarted with doubling budgets, let in when one is cheap
 *    beside what the leader has left, when mrv's own estimate is smaller,
 *    and to keep a fifth of the time.
 * Work is counted in count's nodes, an mrv node weighed by its measured cost
 * (tx__mrv_weight), so a game takes the same path on every machine and the
 * tests hold it to its members in nodes (tx__bar).
 * Cost: the estimate after each slice (a walk of the path); beside the best
 * member, a factor that the race keeps near 1 where the estimates are right.
 * Limits: n <= 12, as its members.  A Possible game where one member is lucky
 * early, and a game whose trees are all vast, cost several times the best
 * member (results/tetravex.md, "The portfolio").
 */
#include <string.h>

#include "tetravex.h"

enum {
    FIRST = 4096,    /* count nodes: each search's first slice */
    TICKET = 4,      /* mrv's next run: at most this part of the leader's rest */
    SHARE = 4,       /* mrv's floor: a 1/(SHARE+1) part of the time */
    SWITCH = 4,      /* a new leader: this many times nearer its end (rows) */
    SWITCH_SQ = 8,   /* the same for the square's corners */
    SURE = 2,        /* mrv's run when its tree is this much smaller */
    CEILING = 1,     /* tickets: mrv's work at most this many times the searches' */
    TREE_AT = 16,    /* a cut mrv run past this part of its tree estimates it */
    TREE_MIN = 4000, /* ... if it ran this many nodes */
    ROOM = 4,        /* mrv's next budget: this many times that estimate */
    MRV_RUNS = 4,    /* many numbers: mrv's runs raced with the searches */
};
#define HALL 2.6 /* an mrv node with Hall's condition, against one without */

/* The state of the count searches: the scratch. */
typedef struct pool {
    int order;         /* TX_SQUARE with many numbers, TX_ROWS with few */
    int orients, step; /* search o on orientation o * step, o < orients */
    tx_game turned[8];
    tx_pairs search[8];        /* many numbers: each search where it stopped (pairs.c) */
    uint8_t path[8][TX_CELLS]; /* few numbers: each search's path (count.c) */
    int resume[8];             /* ... and the step it goes on from */
    long long work[8];         /* nodes spent */
    double done[8];            /* the share of its tree behind it */
    long long counted;         /* nodes of the searches */
    long long mrv;             /* mrv's nodes, in count's (weighted) */
    long long fair;            /* the searches' nodes given in equal shares (few numbers) */
    long long raced;           /* and those given to the leader */
    tx_mrv runs[MRV_RUNS];     /* many numbers: mrv's runs, members after the searches */
    tx_kinds ks;               /* the first slice's (count's search) */
    uint8_t kind[TX_CELLS];
} pool;

/* Gives orientation o a slice of budget nodes: 1 found (a filled), 0 no
 * solution, -1 cut; p->work[o] and p->done[o] follow. */
static int slice(pool *p, int o, long long budget, tx_answer *a)
{
    tx_answer found;
    tx_kinds ks;
    long long left = budget;
    int n = p->turned[o].n, rc;
    if (p->order == TX_SQUARE) {
        rc = tx__pairs_run(&p->search[o], &left);
        p->done[o] = tx__pairs_done(&p->search[o]);
        if (rc == 1)
            tx__pairs_answer(&p->turned[o], &p->search[o], &found);
    } else {
        rc = tx__count_part(&p->turned[o], p->order, &left, &ks, p->path[o], &p->resume[o],
                            &p->done[o]);
        if (rc == 1)
            tx__witness(&p->turned[o], &ks, p->path[o], &found);
    }
    p->work[o] += budget - (left > 0 ? left : 0);
    if (rc == 1) {
        /* Tile i of the turned game is tile i of the game. */
        for (int c = 0; c < n * n; c++)
            a->at[c] = found.at[tx__turn_cell(o * p->step, n, c)];
        a->possible = a->has = 1;
    }
    return rc;
}

/* An mrv node's cost in count's nodes, measured (tetravex-nodes, ns a node
 * of mrv over count's; results/tetravex.md): with arc consistency (above
 * TX_FEW numbers, as mrv.c's arc_most) about n^2 / 4; without it 1 + n^2 /
 * 48; with Hall's condition (3 numbers or fewer) HALL times that. */
double tx__mrv_weight(const tx_game *g)
{
    int n = g->n, numbers = tx__numbers(g);
    if ((tx__infer & TX_ARC) && numbers > TX_FEW)
        return n * n / 4.0;
    return (1 + n * n / 48.0) * ((tx__infer & TX_HALL_FEW) && numbers <= TX_HALL_MOST ? HALL : 1);
}

/* The nodes orientation o has left by its estimate. */
static double left(const pool *p, int o)
{
    double d = p->done[o] > 1e-12 ? p->done[o] : 1e-12;
    return (double)p->work[o] * (1 - d) / d;
}

/* The race's members: the searches, and with many numbers mrv's runs. */
static int members(const pool *p)
{
    return p->orients + (p->order == TX_SQUARE ? MRV_RUNS : 0);
}

/* A race cut by its budget: the share of its work done, as its work so far
 * over that and what the search nearest its end has left (pz_estimate). */
static void estimate(const pool *p)
{
    double work = (double)(p->counted + p->mrv), rest = -1;
    for (int o = 0; o < members(p); o++)
        if (p->work[o] && (rest < 0 || left(p, o) < rest))
            rest = left(p, o);
    if (rest >= 0 && work > 0)
        pz_estimate(work / (work + rest));
}

/* Gives member i, a search (i < p->orients) or one of mrv's runs, a slice of
 * budget of count's nodes, as slice(). */
static int slice_any(pool *p, const tx_game *g, int i, long long budget, double weight,
                     tx_answer *a)
{
    if (i < p->orients)
        return slice(p, i, budget, a);
    long long nodes, mine = (long long)((double)budget / weight);
    int rc =
        tx__mrv_go(g, &p->runs[i - p->orients], mine > 1000 ? mine : 1000, &nodes, &p->done[i], a);
    p->work[i] += (long long)((double)nodes * weight);
    return rc;
}

/* The race with many numbers: the square's corners and MRV_RUNS of mrv's
 * runs (each an order of its own, gone on with after a cut), all on the same
 * footing: after a first slice each, the member with the fewest nodes left by
 * its estimate, mrv's weighed as count's, gets a quarter of its work, until
 * another looks SWITCH_SQ times nearer its end.  mrv's orders differ ten
 * times in their trees on some 9x9 games, where one run at a time, restarted
 * with a doubled budget, spent more than the best order's whole tree. */
static int race_many(const tx_game *g, tx_answer *a, pool *p)
{
    int lead = 0, all = members(p);
    double weight = tx__mrv_weight(g);
    for (int r = 0; r < MRV_RUNS; r++) {
        p->runs[r] = (tx_mrv){.run = r};
        p->work[p->orients + r] = 0;
        p->done[p->orients + r] = 0;
    }
    for (;;) {
        if (pz_poll(0)) { /* the slices and runs poll it, and end as cut */
            estimate(p);
            return PZ_STOPPED;
        }
        int best = -1;
        for (int i = 0; i < all && best < 0; i++)
            if (!p->work[i])
                best = i;
        if (best < 0) {
            int min = 0;
            for (int i = 1; i < all; i++)
                if (left(p, i) < left(p, min))
                    min = i;
            if (left(p, min) * SWITCH_SQ < left(p, lead))
                lead = min;
            best = lead;
        }
        long long budget = p->work[best] / 4 > FIRST ? p->work[best] / 4 : FIRST;
        long long before = p->work[best];
        int rc = slice_any(p, g, best, budget, weight, a);
        *(best < p->orients ? &p->counted : &p->mrv) += p->work[best] - before;
        if (rc >= 0)
            return 0;
    }
}

/* The race; p->counted and p->mrv say what it cost. */
static int race(const tx_game *g, tx_answer *a, pool *p)
{
    int run = 0, lead = 0, o;
    long long *counted = &p->counted, *mrv = &p->mrv, next = TX_MRV_FIRST, nodes;
    double weight = tx__mrv_weight(g), done, tree = 0; /* mrv's tree by its estimate */
    tx__impossible(a);
    *counted = *mrv = p->fair = p->raced = 0;
    p->order = tx__numbers(g) > TX_FEW ? TX_SQUARE : TX_ROWS;
    p->step = p->order == TX_SQUARE ? 2 : 1;
    p->orients = 8 / p->step;
    for (o = 0; o < p->orients; o++) {
        p->work[o] = 0;
        p->done[o] = 0;
    }
    /* The board as given first, by count's search, which needs no setup:
     * the easy games end in its first slice, before the searches are set up
     * (on a 2x2 game that costs more than the search). */
    long long first = FIRST;
    int resume = 0;
    double share;
    int rc = tx__count_part(g, p->order, &first, &p->ks, p->kind, &resume, &share);
    *counted = FIRST - (first > 0 ? first : 0);
    if (rc == 1)
        tx__witness(g, &p->ks, p->kind, a);
    if (rc >= 0)
        return 0;
    for (o = 0; o < p->orients; o++) {
        tx__turn(g, o * p->step, &p->turned[o]);
        if (p->order == TX_SQUARE)
            tx__pairs_init(&p->search[o], &p->turned[o], p->order);
        p->resume[o] = 0;
    }
    if (p->order == TX_SQUARE)
        return race_many(g, a, p);
    /* Row by row, orientation 0 (the board as given) is the first slice's
     * search: it goes on from there rather than over again. */
    memcpy(p->path[0], p->kind, sizeof p->path[0]);
    p->resume[0] = resume;
    p->work[0] = *counted;
    p->done[0] = share;
    for (;;) {
        if (pz_poll(0)) { /* the slices and runs poll it, and end as cut */
            estimate(p);
            return PZ_STOPPED;
        }
        /* The leader: the first search not yet tried, or the one with the
         * fewest nodes left, kept unless another has SWITCH times fewer. */
        int best = -1;
        for (o = 0; o < p->orients && best < 0; o++)
            if (!p->work[o])
                best = o;
        if (best < 0) {
            int min = 0;
            for (o = 1; o < p->orients; o++)
                if (left(p, o) < left(p, min))
                    min = o;
            if (left(p, min) * (p->order == TX_SQUARE ? SWITCH_SQ : SWITCH) < left(p, lead))
                lead = min;
            best = lead;
        }
        double rest = p->work[best] ? left(p, best) : 0;
        /* mrv's next run: a ticket, cheap beside what the leader has left
         * (and mrv not ahead of the searches: on large boards the estimates
         * are vast and would let mrv take all the time); or the sure way,
         * its tree by its estimate half of the leader's; or its floor, the
         * run it starts counted in (counting only what mrv had spent let
         * one run take several times the searches' work).  Not before every
         * search has had a slice. */
        double cost = (double)next * weight;
        int ticket = cost * TICKET <= rest && *mrv + cost <= (double)*counted * CEILING;
        int sure = tree > 0 && tree * weight * SURE <= rest;
        if (p->work[best] && (ticket || sure || (*mrv + cost) * SHARE <= *counted)) {
            rc = tx__mrv_try(g, run++, next, &nodes, &done, a);
            *mrv += (long long)((double)nodes * weight);
            if (rc >= 0)
                return 0;
            /* A run that got a fair way (a sixteenth, and TREE_MIN nodes:
             * shorter runs misjudge) says how large a tree is: the next run
             * has room for ROOM times that, or twice the last budget.
             * Orders' trees differ, and a budget is no cost to a run that
             * ends within it. */
            next *= 2;
            if (done >= 1.0 / TREE_AT && nodes >= TREE_MIN) {
                tree = (double)nodes / done;
                if (tree * ROOM > (double)next)
                    next = (long long)(tree * ROOM);
            }
            continue;
        }
        /* With few numbers, half the searches' time goes in equal shares,
         * as turns.c shares it: there the Possible games' trees are vast, a
         * placement turns up long before any search nears its end, and the
         * estimates say nothing of which one will find it. */
        long long budget = p->work[best] / 4 > FIRST ? p->work[best] / 4 : FIRST;
        int fair = p->order == TX_ROWS && p->fair < p->raced;
        if (fair) {
            for (o = best = 0; o < p->orients; o++)
                if (p->work[o] < p->work[best])
                    best = o;
            budget = p->work[best] > FIRST ? p->work[best] : FIRST;
        }
        long long before = p->work[best];
        rc = slice(p, best, budget, a);
        *counted += p->work[best] - before;
        *(fair ? &p->fair : &p->raced) += p->work[best] - before;
        if (rc >= 0)
            return 0; /* found, or a whole search found nothing */
    }
}

int tx__portfolio(const tx_game *g, tx_answer *a, void *scratch, long long *work)
{
    pool *p = scratch;
    int rc = race(g, a, p);
    *work = p->counted + p->mrv;
    return rc;
}

/* What count, square, mrv and turns each spend alone on g, in count's
 * nodes (an mrv node weighted as above), a solver still going past cap
 * counting as what it had spent by then: the best of them, its name in
 * *which.  The yardstick of issue 17's bar in nodes, so that no clock
 * decides (tx__bar). */
static long long best_alone(const tx_game *g, long long cap, const char **which)
{
    static const char *const name[] = {"count", "square", "mrv", "turns"};
    long long spent[4], nodes, budget;
    double weight = tx__mrv_weight(g);
    tx_kinds ks;
    uint8_t kind[TX_CELLS];
    tx_answer a;
    int resume, best = 0;
    for (int order = TX_ROWS; order <= TX_SQUARE; order++) { /* count, square */
        budget = cap;
        resume = 0;
        tx__count_resume(g, order, &budget, &ks, kind, &resume);
        spent[order] = cap - (budget > 0 ? budget : 0);
    }
    spent[2] = 0;
    for (int run = 0; spent[2] <= cap; run++) {
        int rc = tx__mrv_run(g, run, &nodes, NULL, &a);
        spent[2] += (long long)((double)nodes * weight);
        if (rc >= 0)
            break;
    }
    budget = cap;
    tx__turns(g, &budget, &a);
    spent[3] = cap - (budget > 0 ? budget : 0);
    for (int i = 1; i < 4; i++)
        if (spent[i] < spent[best])
            best = i;
    *which = name[best];
    return spent[best];
}

int tx__bar(const tx_game *g, long long work, long long *best, const char **which)
{
    *best = best_alone(g, 2 * work + TX_BAR_SLACK, which);
    return work <= 2 * *best + TX_BAR_SLACK;
}

static int portfolio(const void *inst, void *ans, void *scratch)
{
    long long work;
    return tx__portfolio(inst, ans, scratch, &work);
}

TX_SOLVER(portfolio,
          "count's search from several corners (resumable) and mrv's runs, raced on estimates",
          "n <= 12, whole games", tx__fits, sizeof(pool), NULL);
