/* square - count's search, the cells filled as a square grown from the
 * corner.
 *
 * Idea: a complete search on games with many numbers (tiles nearly all
 * distinct) visits about every locally consistent partial board of the
 * shapes its order goes through, and a shape's count is about t!/(t-k)! /
 * d^e for k cells with e inner edges out of t tiles with d numbers.  Row by
 * row, the whole first row is held by one edge a cell: on 8x8 with 10
 * numbers about 1e8 boards of one row; grown as a square (tx__order: the
 * w x w corner, then column w beside it, then row w below), every cell off
 * the first row and column is held by two, and the peak falls to about
 * 1e5.  The counting checks and the kind masks are countsearch.c's, unchanged;
 * each cell still has its top and left neighbours placed, so a node costs
 * what count's does.
 * Limits: n <= 12.  With 2 or 3 numbers the border balance, which count
 * meets on its whole first row, is what prunes, and the square meets it
 * late: more nodes than count, hopeless on some large boards that count
 * solves at once (results/tetravex.md, "Which orderings pay").
 */
#include "tetravex.h"

static int square(const void *inst, void *ans, void *scratch)
{
    (void)scratch;
    return tx__count_solve(inst, TX_SQUARE, ans);
}

TX_SOLVER(square, "count's search over kind masks, the cells filled as a square from the corner",
          "n <= 12", tx__fits_pieces, 0, NULL);
