/* rref - the word-parallel elimination over GF(2) of the big boards: a
 * matrix brought to reduced row echelon form by Gauss-Jordan with the method
 * of four Russians.  Pivots are found 32 columns at a time, and every other
 * row is then cleared of them in one sweep, XORing four combinations of
 * pivot rows, one per group of 8 columns, each looked up in a table of the
 * group's 256 combinations (built by a Gray code).  big.c's kernels, chase
 * (its .eliminate) and dense use it.
 * Cost: for r rows of c bits, about r^2 c / 4096 passes of four table words.
 * Limits: none of its own (the callers' sizes); -1 where a table cannot be
 * allocated.
 */
#include <stdlib.h>
#include <string.h>

#include "big.h"

/* Pivots are found GROUPS * 8 columns at a time; each group of 8 has a table. */
enum { GROUP = 8, GROUPS = 4, STRIPE = GROUP * GROUPS };

static inline int bit(const uint64_t *row, int c)
{
    return (int)((row[c / 64] >> (c % 64)) & 1);
}

static inline void xor_into(uint64_t *restrict a, const uint64_t *restrict b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        a[i] ^= b[i];
}

/* row ^= t0 ^ t1 ^ t2 ^ t3: one pass over the row for four tables. */
static inline void xor4_into(uint64_t *restrict row, const uint64_t *restrict t0,
                             const uint64_t *restrict t1, const uint64_t *restrict t2,
                             const uint64_t *restrict t3, size_t n)
{
    for (size_t i = 0; i < n; i++)
        row[i] ^= t0[i] ^ t1[i] ^ t2[i] ^ t3[i];
}

static void swap_rows(uint64_t *a, uint64_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t t = a[i];
        a[i] = b[i];
        b[i] = t;
    }
}

int tg__big_eliminate(uint64_t *a, int rows, size_t stride, int pcols, int *pivcol)
{
    size_t entries = (size_t)1 << GROUP;
    uint64_t *table = malloc(GROUPS * entries * stride * sizeof *table);
    int rank = 0;
    if (!table)
        return -1;
    for (int s = 0; s < pcols && rank < rows; s += STRIPE) {
        int e = s + STRIPE < pcols ? s + STRIPE : pcols, kk = 0, pc[STRIPE];
        size_t w0 = (size_t)s / 64, len = stride - w0;
        uint64_t *prow[STRIPE];
        /* Pivots of this stripe, the rows searched kept clear of the pivots
         * found so far; the pivot rows kept clear of each other's columns. */
        for (int c = s; c < e && rank + kk < rows; c++) {
            int found = -1;
            for (int r = rank + kk; r < rows && found < 0; r++) {
                uint64_t *row = a + (size_t)r * stride;
                for (int t = 0; t < kk; t++)
                    if (bit(row, pc[t]))
                        xor_into(row + w0, prow[t] + w0, len);
                if (bit(row, c))
                    found = r;
            }
            if (found < 0)
                continue;
            uint64_t *p = a + (size_t)(rank + kk) * stride;
            if (found != rank + kk)
                swap_rows(p + w0, a + (size_t)found * stride + w0, len);
            for (int t = 0; t < kk; t++)
                if (bit(prow[t], c))
                    xor_into(prow[t] + w0, p + w0, len);
            prow[kk] = p;
            pc[kk++] = c;
        }
        if (!kk)
            continue;
        /* Per group of 8 columns, the combinations of its pivot rows and which
         * one each value of the group's byte asks for.  The pivot rows are
         * zero in each other's columns, so the groups do not interfere. */
        uint8_t map[GROUPS][1 << GROUP];
        const uint64_t *tab[GROUPS];
        for (int q = 0; q < GROUPS; q++) {
            int first = 0, nq = 0;
            uint64_t *tq = table + (size_t)q * entries * len;
            while (first < kk && pc[first] < s + q * GROUP)
                first++;
            while (first + nq < kk && pc[first + nq] < s + (q + 1) * GROUP)
                nq++;
            for (int v = 0; v < 1 << GROUP; v++) {
                map[q][v] = 0;
                for (int t = 0; t < nq; t++)
                    map[q][v] |= (uint8_t)(((v >> (pc[first + t] - s - q * GROUP)) & 1) << t);
            }
            memset(tq, 0, len * sizeof *tq);
            for (int i = 1; i < 1 << nq; i++) {
                int low = __builtin_ctz((unsigned)i);
                uint64_t *dst = tq + (size_t)i * len;
                const uint64_t *src = tq + (size_t)(i ^ (1 << low)) * len;
                const uint64_t *pr = prow[first + low] + w0;
                for (size_t j = 0; j < len; j++)
                    dst[j] = src[j] ^ pr[j];
            }
            tab[q] = tq;
        }
        int shift = s % 64;
        for (int r = 0; r < rows; r++) {
            if (r >= rank && r < rank + kk)
                continue;
            uint64_t *row = a + (size_t)r * stride + w0;
            uint32_t v = (uint32_t)(row[0] >> shift);
            int i0 = map[0][v & 0xff], i1 = map[1][(v >> 8) & 0xff];
            int i2 = map[2][(v >> 16) & 0xff], i3 = map[3][v >> 24];
            if (i0 | i1 | i2 | i3)
                xor4_into(row, tab[0] + (size_t)i0 * len, tab[1] + (size_t)i1 * len,
                          tab[2] + (size_t)i2 * len, tab[3] + (size_t)i3 * len, len);
        }
        for (int t = 0; t < kk; t++)
            pivcol[rank + t] = pc[t];
        rank += kk;
    }
    free(table);
    return rank;
}
