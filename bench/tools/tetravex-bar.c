/* tetravex-bar.c - the portfolio's yardstick in nodes (tetravex-bar.h). */
#include "tetravex-bar.h"

/* What count, square, mrv and turns each spend alone on g, in count's
 * nodes, a solver still going past cap counting as what it had spent by
 * then: the best of them, its name in *which. */
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
