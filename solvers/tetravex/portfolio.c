/* portfolio - count's search from the eight corners and mrv's runs, one
 * thread, each next slice of time to the member that looks nearest its end.
 *
 * Idea: no single order is best (results/tetravex.md): count's row-major
 * search is fast from one corner and hopeless from another, and mrv wins
 * where count's trees are large.  Which one wins a game is not known in
 * advance, but a search that is cut can say how far it has got: each kind
 * at a node taken as an equal share of it, the path of the cut gives the
 * share of the tree behind it (Knuth's estimate of search progress;
 * tx__count_part, tx__mrv_try), so its work so far over that share
 * estimates its whole tree.  Sharing time equally between members costs up
 * to as many times the best member as there are members (the first
 * portfolio, which gave mrv half the time and count's corner a quarter,
 * took 3.7 to 4 times count where count won); racing on the estimates
 * spends nearly all of it on the one that looks nearest its end:
 *  - count's search on each of the eight turns and mirrors of the board
 *    (as turns.c), resumable (tx__count_part: a cut search goes on where it
 *    stopped, at the price of replaying its path), so the slices of an
 *    orientation add up to its search with nothing done twice.  Each gets a
 *    first slice of FIRST nodes (orientation 0, count itself, first: the
 *    easy games end there); then the one with the fewest nodes left by its
 *    estimate gets slices of a quarter of its work so far (so that replays
 *    stay a small cost).  A leader keeps the time until another looks
 *    SWITCH times nearer its end: the estimates are noisy, and a switch on
 *    noise leaves two half-done searches;
 *  - mrv's runs (tx__mrv_try: its restarts, each run a new order), whole
 *    runs: a ticket when the next run costs a TICKET-th of what count's
 *    leader has left (and mrv has not had CEILING times the corners' work:
 *    on 12x12 games the estimates run to 1e15 nodes); the sure way when the
 *    tree its last run estimated is SURE times smaller than that; and
 *    always when it has had less than a 1/(SHARE+1) part of the time.  Its
 *    budget doubles at each run, or jumps to 3 times the tree estimated by a
 *    run cut past a sixteenth of it.
 * Work is counted in count's nodes, an mrv node weighing 1 + n^2/16 of them
 * (it scans the empty cells: measured 2.3 times count's cost a node at 5x5,
 * 3.8 to 5 times at 8x8, 9 times at 10x10), so the portfolio's choices do
 * not hang on the clock: the same game takes the same path on every machine,
 * and tests hold it to its members in nodes (tx__portfolio).
 * Cost: a slice's replay of its path and the counting state set up again
 * (small beside FIRST nodes), and the estimate on the path of a cut.
 * Measured (CPU, results/tetravex.md "The portfolio"): on the 100 perturbed
 * 8x8 games with 10 numbers of issue 17, 15 s in all (the first version
 * 56.5 s), the worst game 0.88 s (was 2.5 s), within twice the best single
 * solver plus a millisecond on 93 games (the first version: 27 of the first
 * 43), up to 3.5 times on the others (games of 10 to 260 ms); on games with 3
 * numbers from 9x9 up, where the estimates say nothing (the trees are vast
 * and a placement turns up long before their end), 2 to 54 ms where count,
 * mrv or turns take under 3 ms.
 * Limits: n <= 12, as its members.
 */
#include "tetravex.h"

enum {
    FIRST = 4096,     /* count nodes: each orientation's first slice */
    MRV_FIRST = 1000, /* mrv nodes: mrv's first run */
    TICKET = 4,       /* mrv's next run: at most this part of count's best */
    SHARE = 4,        /* mrv's floor: a 1/(SHARE+1) part of the time */
    SWITCH = 4,       /* a new leader: this many times nearer its end */
    SURE = 2,         /* mrv's run when its tree is this much smaller */
    CEILING = 4,      /* tickets: mrv's work at most this many times count's */
};

/* The state of the eight count searches: the scratch. */
typedef struct pool {
    tx_game turned[8];
    uint8_t kind[8][TX_CELLS]; /* each search's path */
    int resume[8];
    long long work[8]; /* nodes spent */
    double done[8];    /* the share of its tree behind it */
    long long counted; /* nodes of the eight */
    long long mrv;     /* mrv's nodes, in count's (weighted) */
} pool;

/* Gives orientation o a slice of budget nodes: 1 found (a filled), 0 no
 * solution, -1 cut; p->work[o] and p->done[o] follow. */
static int slice(pool *p, int o, long long budget, tx_answer *a)
{
    tx_kinds ks;
    tx_answer found;
    long long left = budget;
    int n = p->turned[o].n;
    int rc =
        tx__count_part(&p->turned[o], TX_ROWS, &left, &ks, p->kind[o], &p->resume[o], &p->done[o]);
    p->work[o] += budget - (left > 0 ? left : 0);
    if (rc == 1) {
        /* Tile i of the turned game is tile i of the game. */
        tx__witness(&p->turned[o], &ks, p->kind[o], &found);
        for (int c = 0; c < n * n; c++)
            a->at[c] = found.at[tx__turn_cell(o, n, c)];
        a->possible = a->has = 1;
    }
    return rc;
}

/* The nodes orientation o has left by its estimate. */
static double left(const pool *p, int o)
{
    double d = p->done[o] > 1e-12 ? p->done[o] : 1e-12;
    return (double)p->work[o] * (1 - d) / d;
}

/* The race; p->counted and p->mrv say what it cost. */
static int race(const tx_game *g, tx_answer *a, pool *p)
{
    int nn = g->n * g->n, run = 0, lead = 0, o;
    long long *counted = &p->counted, *mrv = &p->mrv, next = MRV_FIRST, nodes;
    double weight = (16.0 + nn) / 16, done, tree = 0; /* mrv's tree by its estimate */
    tx__impossible(a);
    *counted = *mrv = 0;
    for (o = 0; o < 8; o++) {
        tx__turn(g, o, &p->turned[o]);
        p->resume[o] = 0;
        p->work[o] = 0;
        p->done[o] = 0;
    }
    /* Count itself first: the easy games end in its first slice. */
    int rc = slice(p, 0, FIRST, a);
    *counted = p->work[0];
    if (rc >= 0)
        return 0;
    for (;;) {
        /* The leader: the first orientation not yet tried, or the one with
         * the fewest nodes left, kept unless another has half as many. */
        int best = -1;
        for (o = 0; o < 8 && best < 0; o++)
            if (!p->work[o])
                best = o;
        if (best < 0) {
            int min = 0;
            for (o = 1; o < 8; o++)
                if (left(p, o) < left(p, min))
                    min = o;
            if (left(p, min) * SWITCH < left(p, lead))
                lead = min;
            best = lead;
        }
        double rest = p->work[best] ? left(p, best) : 0;
        /* mrv's next run: a ticket, cheap beside what count's best has left
         * (and mrv not yet far ahead of the corners: on large boards the
         * estimates run to 1e15 nodes and would let mrv take all the time);
         * or the sure way, its tree by its estimate half of count's; or mrv
         * behind its floor.  Not before every orientation has had a slice. */
        double cost = (double)next * weight;
        int ticket = cost * TICKET <= rest && *mrv + cost <= (double)*counted * CEILING;
        if (p->work[best] &&
            (ticket || (tree > 0 && tree * weight * SURE <= rest) || *mrv * SHARE < *counted)) {
            rc = tx__mrv_try(g, run++, next, &nodes, &done, a);
            *mrv += (long long)((double)nodes * weight);
            if (rc >= 0)
                return 0;
            /* A run that got a fair way (a sixteenth) says how large a
             * tree is: the next run has room for three times that, or twice
             * the last budget.  Orders' trees differ by 2 to 3 times, and a
             * budget is no cost to a run that ends within it; one cut at 91%
             * of a budget of 1.5 times the estimate cost game 3 of issue 17's
             * corpus a second. */
            next *= 2;
            if (done >= 1.0 / 16) {
                tree = (double)nodes / done;
                if (tree * 3 > (double)next)
                    next = (long long)(tree * 3);
            }
            continue;
        }
        long long budget = p->work[best] / 4 > FIRST ? p->work[best] / 4 : FIRST;
        long long before = p->work[best];
        rc = slice(p, best, budget, a);
        *counted += p->work[best] - before;
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

static int portfolio(const void *inst, void *ans, void *scratch)
{
    long long work;
    return tx__portfolio(inst, ans, scratch, &work);
}

TX_SOLVER(portfolio, "count from the 8 corners (resumable) and mrv's runs, raced on estimates",
          "n <= 12", tx__fits, sizeof(pool), NULL);
