/* kindset.c - what the tetravex solvers share: kinds, witnesses, counting. */
#include <string.h>

#include "tetravex.h"

int tx__fits(const void *inst)
{
    return ((const tx_game *)inst)->n <= TX_MAX;
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
    uint64_t used = 0;
    for (int c = 0; c < nn; c++) {
        int t = 0;
        while ((used >> t & 1) || memcmp(g->tile[t], ks->side[kind[c]], 4))
            t++;
        used |= 1ull << t;
        a->at[c] = (uint8_t)t;
    }
    a->possible = 1;
    a->has = 1;
}

void tx__masks(const tx_kinds *ks, uint64_t by[4][TX_DIGITS + 1])
{
    memset(by, 0, 4 * sizeof *by);
    for (int k = 0; k < ks->nk; k++)
        for (int s = 0; s < 4; s++) {
            by[s][ks->side[k][s]] |= 1ull << k;
            by[s][TX_ANY] |= 1ull << k;
        }
}

int tx__counts(const tx_kinds *ks, int n, tx_counts *x)
{
    memset(x, 0, sizeof *x);
    x->free[0] = x->free[1] = (int8_t)n;
    for (int k = 0; k < ks->nk; k++)
        for (int s = 0; s < 4; s++)
            x->supply[s][ks->side[k][s]] += (int8_t)ks->count[k];
    for (int d = 0; d < TX_DIGITS; d++)
        for (int h = 0; h < 2; h++) {
            /* h = 0: left (3) against right (1); h = 1: top (0) against bottom (2). */
            x->bal[h][d] = (int8_t)(x->supply[h ? TX_TOP : TX_LEFT][d] -
                                    x->supply[h ? TX_BOTTOM : TX_RIGHT][d]);
            x->pos[h] += x->bal[h][d] > 0 ? x->bal[h][d] : 0;
        }
    return (x->pos[0] <= x->free[0] && x->pos[1] <= x->free[1]) || !TX_BALANCE;
}

int tx__count_test(const tx_game *g)
{
    tx_kinds ks;
    tx_counts x;
    tx__kinds(g, &ks);
    return tx__counts(&ks, g->n, &x);
}
