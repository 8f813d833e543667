/* count - the classic row-major search over kinds of identical tiles, made
 * fast by kind masks and the counting checks at every node.
 *
 * Idea: the search of countsearch.c, the cells filled row by row from the
 * top-left corner, as the classic accepted solution fills them.
 * Cost and limits: countsearch.c's (n <= 12); with many numbers the square
 * order (square.c) needs far fewer nodes, and the corner it starts from
 * matters a great deal (turns.c).  Whole games only: a piece's pins lie in
 * the square order.
 */
#include "tetravex.h"

static int count(const void *inst, void *ans, void *scratch)
{
    (void)scratch;
    return tx__count_solve(inst, TX_ROWS, ans);
}

TX_SOLVER(count, "row-major search over kind masks, pruned by counting at every node",
          "n <= 12, whole games", tx__fits, 0, NULL);
