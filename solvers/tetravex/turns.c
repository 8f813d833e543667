/* turns - count's row-major search on the eight orientations of the board,
 * in turn, with restarts.
 *
 * Idea: turning or mirroring the board (and every tile with it) gives a game
 * with the same answer, but not the same search: row-major from another
 * corner meets other numbers first, and the number of nodes count's search needs
 * to refute an impossible game varies by orders of magnitude between the
 * eight orientations (results/tetravex.md, "Which orderings pay").  So
 * run count's search on each orientation with a node budget, 2000 nodes
 * doubled every round, until one finishes.  The answer is the same; a
 * placement found on a turned board is turned back.
 * Cost: at most about 16 times the nodes of the best orientation (8 per
 * round, the rounds doubling), against count's one orientation taken as it
 * comes; easy games finish in the first run.
 * Limits: n <= 12.
 */
#include <limits.h>

#include "tetravex.h"

enum { FIRST_BUDGET = 2000 };

int tx__turns(const tx_game *g, long long *budget, tx_answer *a)
{
    int n = g->n, nn = n * n;
    tx_game turned[8];
    tx_answer found;
    tx_kinds ks;
    uint8_t kind[8][TX_CELLS]; /* each orientation's last path, */
    int resume[8] = {0};       /* and the step its last run was cut at */
    for (int o = 0; o < 8; o++)
        tx__turn(g, o, &turned[o]);
    tx__impossible(a);
    for (int round = 0;; round++)
        for (int o = 0; o < 8; o++) {
            long long run = round < 40 ? (long long)FIRST_BUDGET << round : LLONG_MAX;
            if (run > *budget)
                run = *budget;
            long long given = run;
            resume[o] = 0;
            int rc = tx__count_resume(&turned[o], TX_ROWS, &run, &ks, kind[o], &resume[o]);
            *budget -= given - (run > 0 ? run : 0);
            if (rc == 0)
                return 0;
            if (rc == 1) {
                /* Tile i of the turned game is tile i of the game. */
                tx__witness(&turned[o], &ks, kind[o], &found);
                for (int c = 0; c < nn; c++)
                    a->at[c] = found.at[tx__turn_cell(o, n, c)];
                a->possible = a->has = 1;
                return 1;
            }
            if (*budget <= 0)
                return -1;
            if (pz_poll(0)) {
                /* How far it got: the share of its tree the furthest of
                 * the orientations' last runs searched (each run starts
                 * anew, so that is how far turns is from its end). */
                double done = 0;
                for (int t = 0; t < 8; t++)
                    if (resume[t]) {
                        double d = tx__count_done(&turned[t], TX_ROWS, kind[t], resume[t]);
                        done = d > done ? d : done;
                    }
                pz_estimate(done);
                return -1;
            }
        }
}

static int turns(const void *inst, void *ans, void *scratch)
{
    long long budget = LLONG_MAX;
    (void)scratch;
    /* no budget: only a stop cuts it */
    return tx__turns(inst, &budget, ans) < 0 ? PZ_STOPPED : 0;
}

TX_SOLVER(turns, "count's search on the 8 orientations of the board in turn, with restarts",
          "n <= 12, whole games", tx__fits, 0, NULL);
