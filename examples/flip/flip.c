/* flip.c - a Flip Game solver as a puzzlebench plug-in: row-by-row enumeration.
 *
 * For either goal (all white, all black) the presses of the first row decide
 * the others: row r + 1 presses exactly the cells of row r not yet at the
 * goal, and the goal is reached when the last row ends there.  Every first
 * row (2^n) is tried for both goals, keeping the fewest presses, ties going
 * to the press set first in row-major bit order, as puzzlebench wants.
 */
#include <puzzlebench/puzzlebench.h>

static uint64_t spread(uint64_t p, uint64_t mask)
{
    return (p ^ (p << 1) ^ (p >> 1)) & mask;
}

/* Is x before y, as bit strings with cell (0, 0) first? */
static int before(const uint64_t *x, const uint64_t *y, int m)
{
    for (int r = 0; r < m; r++)
        if (x[r] != y[r])
            return !(x[r] & (x[r] ^ y[r]) & -(x[r] ^ y[r]));
    return 0;
}

static int fits(const void *inst)
{
    const pz_toggle_board *b = inst;
    return b->m >= 1 && b->n >= 1 && b->n <= 16; /* m == 0: a big board */
}

static int solve(const void *inst, void *ans, void *scratch)
{
    const pz_toggle_board *b = inst;
    pz_toggle_answer *a = ans;
    uint64_t mask = (1ull << b->n) - 1, x[PZ_TOGGLE_MAX];
    (void)scratch;
    a->weight = -1;
    a->has = 0;
    for (int g = 0; g < 2; g++) {
        uint64_t goal = g ? mask : 0;
        for (uint64_t first = 0; first <= mask; first++) {
            uint64_t prev = 0, row = first, off = 0;
            int w = 0;
            for (int r = 0; r < b->m; r++) {
                x[r] = row;
                w += __builtin_popcountll(row);
                off = b->b[r] ^ prev ^ spread(row, mask) ^ goal; /* row r's cells off the goal */
                prev = row;
                row = off;
            }
            if (!off &&
                (a->weight < 0 || w < a->weight || (w == a->weight && before(x, a->x, b->m)))) {
                a->weight = w;
                a->has = PZ_TOGGLE_PRESSES;
                for (int r = 0; r < b->m; r++)
                    a->x[r] = x[r];
            }
        }
    }
    return 0;
}

static const pz_plugin_solver rows = {
    .puzzle = "flip",
    .name = "rows",
    .summary = "every first row, for both goals (an example plug-in)",
    .limits = "n <= 16",
    .fits = fits,
    .solve = solve,
};

PZ_PLUGIN(&rows)
