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
 *  - fewer (race_rows()): count's searches row by row from all eight
 *    orientations, the first going on from the first slice (tx__count_part:
 *    a slice replays the path to its cut; whether pairs' searches, whose node is
 *    the cheaper, would race better here is not measured: results/tetravex.md,
 *    "The portfolio with few numbers"), half the time in equal shares
 *    (there a placement turns up long before any estimate means much), and
 *    mrv's runs restarted with doubling budgets, let in when one is cheap
 *    beside what the leader has left, when mrv's own estimate is smaller,
 *    and to keep a fifth of the time.
 * Work is counted in count's nodes, an mrv node weighed by its measured cost
 * (tx__mrv_weight), so a game takes the same path on every machine and the
 * tests hold it to its members in nodes (bench/tools/tetravex-bar.h).
 * Cost: the estimate after each slice (a walk of the path); beside the best
 * member, a factor that the race keeps near 1 where the estimates are right.
 * Limits: n <= 12, as its members.  A Possible game where one member is lucky
 * early, and a game whose trees are all vast, cost several times the best
 * member (results/tetravex.md, "The portfolio").
 */
#include <string.h>

#include "tetravex.h"

/* The race's tuning, budgets in count's nodes.  A change is judged by the
 * portfolio's nodes against its members' over random games and the corpus
 * files (build/tetravex-nodes --search portfolio LABEL SPEC...:
 * results/tetravex.md, "The portfolio"). */
enum {
    FIRST = 4096,     /* each search's first slice and any slice's least: the easy
                         games end within it, before any estimate means much */
    SLICE = 4,        /* the leader's next slice: 1/SLICE of its work so far, so a
                         search's estimate is looked at again as its work grows */
    SWITCH = 4,       /* a new leader only when it looks this many times nearer
                         its end (rows), so that estimates that waver cost no hops */
    SWITCH_MANY = 8,  /* the same among the square's corners and mrv's runs */
    TICKET = 4,       /* few numbers: mrv's next run when it costs at most
                         1/TICKET of what the leader has left, */
    CEILING = 1,      /* ... and leaves mrv's work within CEILING times the
                         searches' (large boards' estimates are vast); */
    SURE = 2,         /* or when mrv's tree, by its estimate, is 1/SURE of
                         the leader's rest; */
    SHARE = 4,        /* or to keep mrv a 1/(SHARE+1) part of the time */
    TREE_AT = 16,     /* a cut mrv run past 1/TREE_AT of its tree, */
    TREE_MIN = 4000,  /* having run this many nodes, estimates its tree */
    ROOM = 4,         /* mrv's next budget: ROOM times that tree at least */
    MRV_RUNS = 4,     /* many numbers: mrv's runs raced beside the corners */
    MRV_LEAST = 1000, /* ... and a slice's least budget in mrv's own nodes */
};
#define HALL 2.6 /* an mrv node with Hall's condition, against one without */

/* The state of the count searches: the scratch. */
typedef struct pool {
    int order;         /* TX_SQUARE with many numbers, TX_ROWS with few */
    int orients, step; /* search o on orientation o * step, o < orients */
    tx_game turned[8];
    tx_pairs search[8];        /* many numbers: each search where it stopped (pairs.c) */
    uint8_t path[8][TX_CELLS]; /* few numbers: each search's path (countsearch.c) */
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

/* A stop (pz_poll: the slices and runs poll it too, and end as cut): 1 after
 * telling pz_estimate how far the race got. */
static int stopped(const pool *p)
{
    if (!pz_poll(0))
        return 0;
    estimate(p);
    return 1;
}

/* The member of the first count to give the next slice: the first not yet
 * tried, else the leader *lead, kept unless another has factor times fewer
 * nodes left by its estimate. */
static int leader(const pool *p, int count, int factor, int *lead)
{
    for (int i = 0; i < count; i++)
        if (!p->work[i])
            return i;
    int min = 0;
    for (int i = 1; i < count; i++)
        if (left(p, i) < left(p, min))
            min = i;
    if (left(p, min) * factor < left(p, *lead))
        *lead = min;
    return *lead;
}

/* The leader's next slice: 1/SLICE of its work so far, FIRST at least. */
static long long next_slice(const pool *p, int i)
{
    return p->work[i] / SLICE > FIRST ? p->work[i] / SLICE : FIRST;
}

/* Gives member i, a search (i < p->orients) or one of mrv's runs, a slice of
 * budget of count's nodes, as slice(). */
static int slice_any(pool *p, const tx_game *g, int i, long long budget, double weight,
                     tx_answer *a)
{
    if (i < p->orients)
        return slice(p, i, budget, a);
    long long nodes, mine = (long long)((double)budget / weight);
    int rc = tx__mrv_go(g, &p->runs[i - p->orients], mine > MRV_LEAST ? mine : MRV_LEAST, &nodes,
                        &p->done[i], a);
    p->work[i] += (long long)((double)nodes * weight);
    return rc;
}

/* The race with many numbers: the square's corners and MRV_RUNS of mrv's
 * runs (each an order of its own, gone on with after a cut), all on the same
 * footing: after a first slice each, the member with the fewest nodes left by
 * its estimate, mrv's weighed as count's, gets slices of its work (SLICE),
 * until another looks SWITCH_MANY times nearer its end.  mrv's orders differ
 * ten times in their trees on some 9x9 games, where one run at a time,
 * restarted with a doubled budget, spent more than the best order's whole
 * tree. */
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
        if (stopped(p))
            return PZ_STOPPED;
        int best = leader(p, all, SWITCH_MANY, &lead);
        long long before = p->work[best];
        int rc = slice_any(p, g, best, next_slice(p, best), weight, a);
        *(best < p->orients ? &p->counted : &p->mrv) += p->work[best] - before;
        if (rc >= 0)
            return 0;
    }
}

/* mrv's runs with few numbers, restarted: run is the next one's order, next
 * its budget in mrv's nodes, tree mrv's tree by a run's estimate (0: none
 * yet). */
typedef struct restarts {
    int run;
    long long next;
    double tree;
} restarts;

/* Whether mrv's next run goes before the leader's next slice, rest the
 * nodes the leader has left: a ticket, cheap beside that rest (and mrv not
 * ahead of the searches: on large boards the estimates are vast and would
 * let mrv take all the time); or the sure way, its tree by its estimate
 * half of the leader's; or its floor, the run it starts counted in
 * (counting only what mrv had spent let one run take several times the
 * searches' work). */
static int mrv_turn(const pool *p, const restarts *r, double weight, double rest)
{
    double cost = (double)r->next * weight;
    int ticket = cost * TICKET <= rest && p->mrv + cost <= (double)p->counted * CEILING;
    int sure = r->tree > 0 && r->tree * weight * SURE <= rest;
    return ticket || sure || (p->mrv + cost) * SHARE <= p->counted;
}

/* mrv's next run, as slice().  A run that got a fair way (1/TREE_AT, and
 * TREE_MIN nodes: shorter runs misjudge) says how large a tree is: the next
 * run has room for ROOM times that, or twice the last budget.  Orders'
 * trees differ, and a budget is no cost to a run that ends within it. */
static int mrv_restart(const tx_game *g, pool *p, restarts *r, double weight, tx_answer *a)
{
    long long nodes;
    double done;
    int rc = tx__mrv_try(g, r->run++, r->next, &nodes, &done, a);
    p->mrv += (long long)((double)nodes * weight);
    if (rc >= 0)
        return rc;
    r->next *= 2;
    if (done >= 1.0 / TREE_AT && nodes >= TREE_MIN) {
        r->tree = (double)nodes / done;
        if (r->tree * ROOM > (double)r->next)
            r->next = (long long)(r->tree * ROOM);
    }
    return rc;
}

/* The searches' next slice with few numbers, as slice(): to the leader
 * best, or while the equal shares are behind, to the search with the least
 * work.  Half the searches' time goes in equal shares, as turns.c shares
 * it: there the Possible games' trees are vast, a placement turns up long
 * before any search nears its end, and the estimates say nothing of which
 * one will find it. */
static int rows_slice(pool *p, int best, tx_answer *a)
{
    long long budget = next_slice(p, best);
    int fair = p->fair < p->raced;
    if (fair) {
        best = 0;
        for (int o = 1; o < p->orients; o++)
            if (p->work[o] < p->work[best])
                best = o;
        budget = p->work[best] > FIRST ? p->work[best] : FIRST;
    }
    long long before = p->work[best];
    int rc = slice(p, best, budget, a);
    p->counted += p->work[best] - before;
    *(fair ? &p->fair : &p->raced) += p->work[best] - before;
    return rc;
}

/* The race with few numbers: count's searches row by row, the leader kept
 * unless another looks SWITCH times nearer its end, and mrv's runs let in
 * between its slices once every search has had one. */
static int race_rows(const tx_game *g, tx_answer *a, pool *p)
{
    restarts r = {.next = TX_MRV_FIRST};
    double weight = tx__mrv_weight(g);
    int lead = 0;
    for (;;) {
        if (stopped(p))
            return PZ_STOPPED;
        int best = leader(p, p->orients, SWITCH, &lead);
        double rest = p->work[best] ? left(p, best) : 0;
        int rc = p->work[best] && mrv_turn(p, &r, weight, rest) ? mrv_restart(g, p, &r, weight, a)
                                                                : rows_slice(p, best, a);
        if (rc >= 0)
            return 0; /* found, or a whole search found nothing */
    }
}

/* The race; p->counted and p->mrv say what it cost. */
static int race(const tx_game *g, tx_answer *a, pool *p)
{
    tx__impossible(a);
    p->counted = p->mrv = p->fair = p->raced = 0;
    p->order = tx__numbers(g) > TX_FEW ? TX_SQUARE : TX_ROWS;
    p->step = p->order == TX_SQUARE ? 2 : 1;
    p->orients = 8 / p->step;
    for (int o = 0; o < p->orients; o++) {
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
    p->counted = FIRST - (first > 0 ? first : 0);
    if (rc == 1)
        tx__witness(g, &p->ks, p->kind, a);
    if (rc >= 0)
        return 0;
    for (int o = 0; o < p->orients; o++) {
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
    p->work[0] = p->counted;
    p->done[0] = share;
    return race_rows(g, a, p);
}

int tx__portfolio(const tx_game *g, tx_answer *a, void *scratch, long long *work)
{
    pool *p = scratch;
    int rc = race(g, a, p);
    *work = p->counted + p->mrv;
    return rc;
}

static int portfolio(const void *inst, void *ans, void *scratch)
{
    long long work;
    /* Given several threads, with many numbers: corners.c's search on all
     * of them (the four corners at once, on estimates), in place of the race. */
    if (pz_game_threads() > 1 && tx__numbers(inst) > TX_FEW)
        return tx__split(inst, pz_game_threads(), 1, ans, scratch, &work, NULL);
    return tx__portfolio(inst, ans, scratch, &work);
}

TX_SOLVER(portfolio,
          "count's search from several corners (resumable) and mrv's runs, raced on estimates",
          "n <= 12, whole games", tx__fits,
          sizeof(pool) > TX_SPLIT_SCRATCH ? sizeof(pool) : TX_SPLIT_SCRATCH, NULL);
