/* rowenum - row-by-row enumeration, the classic light-chasing search.
 *
 * Idea: once the presses of row 0 are chosen, every later row is forced:
 * press under each cell of the row above that differs from the goal.  Try
 * all 2^n first rows for each goal and keep the canonical answer (fewest
 * presses, then the smallest row-major string).
 * Cost: 2^n * m row operations per goal, whatever the board.
 * Limits: n <= 20 columns (a million first rows); any number of rows.
 */
#include <string.h>

#include "toggle.h"

static int rowenum_fits(int m, int n)
{
    (void)m;
    return n <= 20;
}

static int rowenum(const tg_board *bd, unsigned goals, tg_answer *a, void *scratch)
{
    int m = bd->m, n = bd->n;
    uint64_t x[TG_MAX];
    (void)scratch;
    a->weight = -1;
    a->has = 0;
    for (int g = 0; g < 2; g++) {
        if (!(goals & (1u << g)))
            continue;
        for (uint64_t f = 0; f < (1ull << n); f++) {
            x[0] = f;
            if (tg_chase(bd->b, m, n, g ? tg_mask(n) : 0, x))
                continue;
            int w = tg_weight(x, m);
            if (a->weight < 0 || w < a->weight ||
                (w == a->weight && tg_lexless(x, a->x, m))) {
                a->weight = w;
                memcpy(a->x, x, (size_t)m * sizeof *x);
            }
        }
    }
    a->has = a->weight >= 0 ? TG_PRESSES : 0;
    return 0;
}

TG_SOLVER(rowenum, "row-by-row enumeration: all first rows, the rest forced",
          "columns <= 20", rowenum_fits, 0, NULL);
