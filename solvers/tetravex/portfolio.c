/* portfolio - count's search from the eight corners and mrv, interleaved in
 * one thread; the first answer wins.
 *
 * Idea: no single order is best (results/tetravex.md): count's row-major
 * search is lucky from one corner and hopeless from another, and mrv wins
 * where kinds are many, loses where they are few.  Each of them alone has a
 * heavy tail on some game, and which game is not known in advance.  So run
 * them side by side in time slices, single-threaded (the harness threads
 * across games):
 *  - count's search on each of the eight turns and mirrors of the board
 *    (as turns.c), but resumable (tx__count_resume: a cut search goes on
 *    where it stopped, at the price of replaying its path), so the slices
 *    of an orientation add up to its search with nothing done twice;
 *    orientation 0 is count itself and gets half of their share, the other
 *    seven the other half;
 *  - mrv's runs (tx__mrv_run: its restarts, the budget doubling each run),
 *    one whole run at a time, whenever mrv's time so far is behind the
 *    count searches' time.
 * Time is counted in nodes, an mrv node weighing 1 + n^2/14 count nodes
 * (it scans the empty cells: measured 2.3 times count's cost a node at 5x5,
 * 5 times at 8x8, 9 times at 10x10).  So the
 * portfolio spends about as much on mrv as on the count searches, and
 * within those about as much on count's own orientation as on the seven
 * others: when count alone would answer after N nodes, the portfolio
 * answers after about 4N of work (2N when mrv's run in progress is short);
 * when mrv alone would, after about 2 to 3 times its time; when turns would,
 * well within its time, since turns repeats each orientation's search from
 * the start at every round.
 * Cost: two clock-free counters and a switch every SLICE nodes or more.
 * Measured (CPU, results/tetravex.md): on the six slowest of 100 perturbed
 * 8x8 games with 10 numbers, 1.35 to 2.6 s, 1.6 to 2.1 times mrv where mrv
 * is best, 3.7 to 4 times count where count is (its corner gets a quarter
 * of the time); turns, the old default, ran out of 6 s on four of them.
 * Limits: n <= 12, as its members.
 */
#include "tetravex.h"

enum {
    SLICE = 4096, /* count nodes per slice, at least */
    FEW = 4,      /* numbers in a game with few */
};

/* The state of the eight count searches: the scratch. */
typedef struct pool {
    tx_game turned[8];
    uint8_t kind[8][TX_CELLS]; /* each search's path */
    int resume[8];
} pool;

/* Gives orientation o a slice of budget nodes: 1 found (a filled), 0 no
 * solution, -1 cut; *spent grows by the nodes used. */
static int slice(pool *p, int o, long long budget, long long *spent, tx_answer *a)
{
    tx_kinds ks;
    tx_answer found;
    long long left = budget;
    int n = p->turned[o].n;
    int rc = tx__count_resume(&p->turned[o], &left, &ks, p->kind[o], &p->resume[o]);
    *spent += budget - (left > 0 ? left : 0);
    if (rc == 1) {
        /* Tile i of the turned game is tile i of the game. */
        tx__witness(&p->turned[o], &ks, p->kind[o], &found);
        for (int c = 0; c < n * n; c++)
            a->at[c] = found.at[tx__turn_cell(o, n, c)];
        a->possible = a->has = 1;
    }
    return rc;
}

/* How many distinct numbers the game shows. */
static int numbers(const tx_game *g)
{
    int seen[TX_DIGITS] = {0}, distinct = 0;
    for (int i = 0; i < g->n * g->n; i++)
        for (int s = 0; s < 4; s++)
            distinct += !seen[g->tile[i][s]]++;
    return distinct;
}

static int portfolio(const void *inst, void *ans, void *scratch)
{
    const tx_game *g = inst;
    tx_answer *a = ans;
    pool *p = scratch;
    int n = g->n, nn = n * n, run = 0, next = 1, rc;
    long long counted = 0, mrv = 0, nodes;
    /* With few numbers (kinds repeat, the corner matters most: turns' games)
     * the eight orientations share equally and get two thirds of the time;
     * with many (mrv's and count's games), count's own orientation gets as
     * much as the seven others together, and the searches as much as mrv. */
    int few = numbers(g) <= FEW, ratio = few ? 2 : 1;
    for (int o = 0; o < 8; o++) {
        tx__turn(g, o, &p->turned[o]);
        p->resume[o] = 0;
    }
    tx__impossible(a);
    for (;;) {
        /* mrv's next run whenever it is behind. */
        while (mrv * ratio <= counted) {
            rc = tx__mrv_run(g, run++, &nodes, a);
            mrv += nodes * (14 + nn) / 14;
            if (rc >= 0)
                return 0;
        }
        /* Then the count searches catch up, in slices of budget nodes. */
        int group[8], m = 0;
        if (few)
            for (int o = 0; o < 8; o++)
                group[m++] = o;
        else {
            group[m++] = 0;
            group[m++] = next;
            next = next == 7 ? 1 : next + 1;
        }
        long long behind = mrv * ratio - counted;
        long long budget = behind > m * SLICE ? behind / m : SLICE;
        for (int i = 0; i < m; i++)
            if (slice(p, group[i], budget, &counted, a) >= 0)
                return 0; /* found, or a whole search found nothing */
    }
}

TX_SOLVER(portfolio, "count from the 8 corners (resumable) and mrv's runs, interleaved", "n <= 12",
          tx__fits, sizeof(pool), NULL);
