/* toggle.c - helpers the toggle algorithms share. */
#include "toggle.h"

int tg_weight(const uint64_t *x, int m)
{
    int w = 0;
    for (int r = 0; r < m; r++)
        w += __builtin_popcountll(x[r]);
    return w;
}

uint64_t tg_chase(const uint64_t *b, int m, int n, uint64_t goalrow, uint64_t *x)
{
    uint64_t mask = tg_mask(n), above = 0;
    for (int r = 0; r + 1 < m; r++) {
        x[r + 1] = b[r] ^ tg_spread(x[r], mask) ^ above ^ goalrow;
        above = x[r];
    }
    return b[m - 1] ^ tg_spread(x[m - 1], mask) ^ above ^ goalrow;
}
