/* kindset.c - what the tetravex solvers share: kinds, the orders of the
 * cells, witnesses, counting. */
#include <string.h>

#include "tetravex.h"

#define W 3 /* tx__count_test: every n */
#include "txset.h"

unsigned tx__infer = TX_ARC;

int tx__numbers(const tx_game *g)
{
    int seen[TX_DIGITS] = {0}, d = 0;
    for (int i = 0; i < g->n * g->n; i++)
        for (int s = 0; s < 4; s++)
            d += !seen[g->tile[i][s]]++;
    return d;
}

int tx__fits(const void *inst)
{
    return ((const tx_game *)inst)->n <= TX_MAX && !((const tx_game *)inst)->fixed;
}

void tx__kinds(const tx_game *g, tx_kinds *ks)
{
    ks->nk = 0;
    for (int i = 0; i < g->n * g->n; i++) {
        int k = 0;
        while (k < ks->nk && memcmp(ks->side[k], g->tile[i], 4))
            k++;
        if (k == ks->nk) {
            memcpy(ks->side[k], g->tile[i], 4);
            ks->count[k] = 0;
            ks->nk++;
        }
        ks->count[k]++;
    }
}

int tx__kind_of(const tx_kinds *ks, const uint8_t *sides)
{
    for (int k = 0; k < ks->nk; k++)
        if (!memcmp(ks->side[k], sides, 4))
            return k;
    pz_fatal("tetravex: a tile of no kind of its game");
}

/* The cells of an n x n board in the order the search fills them: row by
 * row, or as a square grown from the corner (cell 0; then column w beside
 * the w x w square, top down; then row w below it, left to right: every
 * cell's top and left neighbours, where it has them, come before it, and
 * its right and bottom ones after). */
void tx__order(int n, int order, uint8_t *cell)
{
    for (int i = 0, w = 0; i < n * n; i++) {
        int j = i - w * w; /* step j of ring w: the w column cells, then w + 1 row cells */
        if (j > 2 * w)
            w++, j = 0;
        cell[i] = (uint8_t)(order == TX_ROWS ? i : j < w ? j * n + w : w * n + j - w);
    }
}

void tx__witness(const tx_game *g, const tx_kinds *ks, const uint8_t *kind, tx_answer *a)
{
    int nn = g->n * g->n;
    uint8_t used[TX_CELLS] = {0};
    for (int c = 0; c < nn; c++) {
        int t = 0;
        while (used[t] || memcmp(g->tile[t], ks->side[kind[c]], 4))
            t++;
        used[t] = 1;
        a->at[c] = (uint8_t)t;
    }
    a->possible = 1;
    a->has = 1;
}

int tx__count_test(const tx_game *g)
{
    tx_kinds ks;
    counts x;
    tx__kinds(g, &ks);
    return s_counts(&ks, g->n, &x);
}
