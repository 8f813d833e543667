/* lightsout.c - a Lights Out solver as a puzzlebench plug-in: light chasing.
 *
 * The presses of the first row decide all the others: row r + 1 must press
 * exactly the cells of row r still lit, and the board is solved when the last
 * row ends dark.  Every first row of an n-column board is tried (2^n of them,
 * m rows each), keeping the fewest presses, ties going to the press set first
 * in row-major bit order, which is the answer puzzlebench wants.
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
    for (uint64_t first = 0; first <= mask; first++) {
        uint64_t prev = 0, row = first, left = 0;
        int w = 0;
        for (int r = 0; r < b->m; r++) {
            x[r] = row;
            w += __builtin_popcountll(row);
            left = b->b[r] ^ prev ^ spread(row, mask); /* row r's lights so far */
            prev = row;
            row = left; /* pressed below them, they go out */
        }
        if (!left &&
            (a->weight < 0 || w < a->weight || (w == a->weight && before(x, a->x, b->m)))) {
            a->weight = w;
            a->has = PZ_TOGGLE_PRESSES;
            for (int r = 0; r < b->m; r++)
                a->x[r] = x[r];
        }
    }
    return 0;
}

static const pz_plugin_solver firstrow = {
    .puzzle = "lightsout",
    .name = "firstrow",
    .summary = "light chasing from every first row (an example plug-in)",
    .limits = "n <= 16",
    .fits = fits,
    .solve = solve,
};

PZ_PLUGIN(&firstrow)
