/* bigchase - light chasing down to the shorter side's system, solved by our
 * own word-parallel elimination over GF(2).
 *
 * Idea: big.c chases the board down its longer side, so the presses are
 * fixed by the first row f (w = min(m, n) unknowns) and the last row is left
 * with c + R f.  R, the transfer matrix, is a Toeplitz-plus-Hankel matrix
 * built from one polynomial (big.c).  Once per size, [R | I] is brought to
 * reduced row echelon form here: the rows with a pivot give f = E c, the
 * others (the left kernel) tell whether a board has an answer, and the free
 * columns give the kernel.  A board then costs two chases and w dot products
 * of w bits, plus the canonical choice among its 2^nullity answers.
 *
 * The elimination is Gauss-Jordan by the method of four Russians: pivots are
 * found 8 columns at a time among the rows not yet used, and every other row
 * is then cleared of those 8 columns with one XOR of a combination of the
 * pivot rows, looked up in a table of the 256 combinations built by a Gray
 * code.  So each row is swept once per 8 pivots, not once per pivot.
 *
 * Cost: per size, O(w^3 / 512) word operations on [R | I] (w rows of 2w
 * bits); per board, O(m n / 64) for the chases and O(w^2 / 64) for E c.
 * Limits: sides up to 10 000 (per size, [R | I] is 25 MB at w = 10 000).
 * Measured (build/bigboards-speed, one thread of this shared machine; see
 * results/lightsout.md for the runs beside njpipeorgan/LightsOut): the
 * all-on 4000 x 4000 board solved whole in 0.2 s, 10 000 x 10 000 in 3.3 s;
 * a random 1024 x 1024 board in 0.3 ms after 3 ms of per-size work.
 */
#include <stdlib.h>
#include <string.h>

#include "big.h"

enum { STRIPE = 8 };

static inline void xor_into(uint64_t *restrict a, const uint64_t *restrict b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        a[i] ^= b[i];
}

static inline int bit(const uint64_t *row, int c) { return (int)((row[c / 64] >> (c % 64)) & 1); }

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
    uint64_t *table = malloc(((size_t)1 << STRIPE) * stride * sizeof *table);
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
        /* The 2^kk combinations, and which one each value of the stripe's
         * byte asks for. */
        uint8_t map[1 << STRIPE];
        int shift = s % 64;
        for (int v = 0; v < 1 << STRIPE; v++) {
            map[v] = 0;
            for (int t = 0; t < kk; t++)
                map[v] |= (uint8_t)(((v >> (pc[t] - s)) & 1) << t);
        }
        memset(table, 0, len * sizeof *table);
        for (int i = 1; i < 1 << kk; i++) {
            int low = __builtin_ctz((unsigned)i);
            uint64_t *dst = table + (size_t)i * len, *src = table + (size_t)(i ^ (1 << low)) * len;
            const uint64_t *pr = prow[low] + w0;
            for (size_t j = 0; j < len; j++)
                dst[j] = src[j] ^ pr[j];
        }
        for (int r = 0; r < rows; r++) {
            if (r >= rank && r < rank + kk)
                continue;
            uint64_t *row = a + (size_t)r * stride + w0;
            int idx = map[(row[0] >> shift) & ((1u << STRIPE) - 1)];
            if (idx)
                xor_into(row, table + (size_t)idx * len, len);
        }
        for (int t = 0; t < kk; t++)
            pivcol[rank + t] = pc[t];
        rank += kk;
    }
    free(table);
    return rank;
}

static int chase_fits(int m, int n) { return m <= TG_BIG_ONE_MAX && n <= TG_BIG_ONE_MAX; }

const tg_bigalgo tg_big_chase = {
    "chase", "light chasing to the shorter side's system, our own four-Russians elimination",
    "sides up to 10000", chase_fits, tg__big_eliminate, NULL, NULL, NULL,
};
