/* tetravex-bar.h - the yardstick the portfolio is held to, in nodes, so
 * that no clock decides: what the single solvers it answers to (count,
 * square, mrv and turns) each spend alone on a game.  test_tetravex holds
 * the portfolio to it game by game; tetravex-nodes --search portfolio
 * measures it over corpora (results/tetravex.md, "The portfolio").
 *
 *     long long best;
 *     const char *which;
 *     tx__portfolio(&g, &a, scratch, &work);
 *     if (!tx__bar(&g, work, &best, &which))
 *         printf("%s alone: %lld nodes\n", which, best);
 */
#ifndef PZ_TETRAVEX_BAR_H
#define PZ_TETRAVEX_BAR_H

#include "../../solvers/tetravex/tetravex.h"

/* 1 if the portfolio's work on g is within twice the best of the single
 * solvers alone on g, in count's nodes (an mrv node weighted as the
 * portfolio weighs it, tx__mrv_weight), and TX_BAR_SLACK, its millisecond
 * (about that many of count's nodes: results/tetravex.md has their time);
 * *best is that solver's nodes, each cut past 2 * work + TX_BAR_SLACK (so a
 * lower bound), *which names it. */
enum { TX_BAR_SLACK = 50000 };
int tx__bar(const tx_game *g, long long work, long long *best, const char **which);

#endif
