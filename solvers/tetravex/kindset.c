/* kindset.c - what the tetravex solvers share: kinds, witnesses, counting. */
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
