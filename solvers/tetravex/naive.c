/* naive - row-major backtracking over single tiles.
 *
 * Idea: fill the cells in row-major order; at each cell try every unused
 * tile whose left matches its left neighbour's right and whose top matches
 * the bottom of the tile above.
 * Cost: identical tiles are tried one after the other, so every placement
 * that fails is repeated once per ordering of the duplicates: up to
 * (n^2)! nodes; fine for unique tiles, hopeless for few numbers.
 * Limits: n <= 4: with few numbers the duplicates make larger boards
 * hopeless.
 */
#include <string.h>

#include "tetravex.h"

typedef struct search {
    const tx_game *g;
    int n, nn;
    uint64_t used;
    uint8_t at[TX_CELLS];
    const uint8_t *pin[TX_CELLS]; /* a piece's pinned tile's sides at each cell, or NULL */
    unsigned nodes;
    int stopped; /* pz_poll() said stop: every node returns at once */
} search;

static int place(search *s, int cell)
{
    const uint8_t(*tile)[4] = s->g->tile;
    if (cell == s->nn)
        return 1;
    if (s->stopped || (!(++s->nodes & TX_POLL) && (s->stopped = pz_poll(TX_POLL + 1))))
        return 0;
    int c = cell % s->n;
    for (int t = 0; t < s->nn; t++) {
        if (s->used >> t & 1 || (s->pin[cell] && memcmp(s->pin[cell], tile[t], 4)))
            continue;
        if (c > 0 && tile[t][TX_LEFT] != tile[s->at[cell - 1]][TX_RIGHT])
            continue;
        if (cell >= s->n && tile[t][TX_TOP] != tile[s->at[cell - s->n]][TX_BOTTOM])
            continue;
        s->used |= 1ull << t;
        s->at[cell] = (uint8_t)t;
        if (place(s, cell + 1))
            return 1;
        s->used &= ~(1ull << t);
    }
    return 0;
}

static int naive_fits(const void *inst)
{
    return ((const tx_game *)inst)->n <= 4;
}

static int naive(const void *inst, void *ans, void *scratch)
{
    const tx_game *g = inst;
    tx_answer *a = ans;
    search s = {.g = g, .n = g->n, .nn = g->n * g->n};
    uint8_t order[TX_CELLS];
    (void)scratch;
    tx__order(s.n, TX_SQUARE, order);
    for (int i = 0; i < g->fixed; i++)
        s.pin[order[i]] = g->tile[i];
    tx__impossible(a);
    if (place(&s, 0)) {
        for (int c = 0; c < s.nn; c++)
            a->at[c] = s.at[c];
        a->possible = a->has = 1;
    }
    return s.stopped ? PZ_STOPPED : 0;
}

TX_SOLVER(naive, "row-major backtracking over single tiles", "n <= 4", naive_fits, 0, NULL);
