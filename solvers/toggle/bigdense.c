/* bigdense - elimination of the whole press matrix: the plain baseline.
 *
 * Idea: the m n x m n press matrix A, augmented with the identity, brought
 * to reduced row echelon form (our word-parallel elimination, rref.c):
 * the rows with a pivot give a particular answer x = E b, the rows without
 * one tell whether b has an answer, the free columns give the kernel.  It
 * knows nothing of light chasing, which makes it a check on the others.
 *
 * Cost: per size, O((mn)^3 / 512) word operations on a matrix of 2 (mn)^2
 * bits; per board, O((mn)^2 / 64).  At 64x64 the per-size work is hundreds
 * of times the chase solvers' (results/lightsout.md, "Big boards").
 * Limits: m n <= 4096 cells (the matrix is then 4 MB).
 */
#include <stdlib.h>
#include <string.h>

#include "big.h"

enum { DENSE_CELLS = 4096 };

typedef struct dense {
    int m, n, cells, rank;
    size_t cw, stride; /* words of cells bits; of a row of [A | I] */
    uint64_t *e;       /* [A | I] in reduced echelon form */
    int *pivcol;
    uint64_t *v; /* a board as one vector */
} dense;

static void dense_release(void *state)
{
    dense *d = state;
    if (d) {
        free(d->e);
        free(d->pivcol);
        free(d->v);
        free(d);
    }
}

static void *dense_prepare(int m, int n, int *nullity, uint64_t **kernel)
{
    dense *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->m = m;
    d->n = n;
    d->cells = m * n;
    d->cw = tg_big_words(d->cells);
    d->stride = 2 * d->cw;
    d->e = calloc((size_t)d->cells * d->stride, sizeof *d->e);
    d->pivcol = calloc((size_t)d->cells, sizeof *d->pivcol);
    d->v = calloc(d->cw, sizeof *d->v);
    if (!d->e || !d->pivcol || !d->v) {
        dense_release(d);
        return NULL;
    }
#define SET(i, j) (d->e[(size_t)(i)*d->stride + (size_t)(j) / 64] |= 1ull << ((j) % 64))
    for (int r = 0; r < m; r++)
        for (int c = 0; c < n; c++) {
            int i = r * n + c;
            SET(i, i);
            if (r > 0)
                SET(i, i - n);
            if (r + 1 < m)
                SET(i, i + n);
            if (c > 0)
                SET(i, i - 1);
            if (c + 1 < n)
                SET(i, i + 1);
            SET(i, (int)d->cw * 64 + i);
        }
#undef SET
    d->rank = tg__big_eliminate(d->e, d->cells, d->stride, d->cells, d->pivcol);
    if (d->rank < 0) {
        dense_release(d);
        return NULL;
    }
    int k = d->cells - d->rank;
    size_t bw = tg_big_words(n), bsize = (size_t)m * bw;
    uint64_t *kern = calloc((size_t)k * bsize + 1, sizeof *kern);
    if (!kern) {
        dense_release(d);
        return NULL;
    }
    for (int j = 0, p = 0, i = 0; j < d->cells; j++) { /* a vector per free column */
        if (p < d->rank && d->pivcol[p] == j) {
            p++;
            continue;
        }
        uint64_t *kv = kern + (size_t)i++ * bsize;
        kv[(size_t)(j / n) * bw + (size_t)(j % n) / 64] |= 1ull << (j % n % 64);
        for (int q = 0; q < d->rank; q++)
            if ((d->e[(size_t)q * d->stride + (size_t)j / 64] >> (j % 64)) & 1) {
                int c = d->pivcol[q];
                kv[(size_t)(c / n) * bw + (size_t)(c % n) / 64] |= 1ull << (c % n % 64);
            }
    }
    *nullity = k;
    *kernel = kern;
    return d;
}

static int dot(const uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++)
        v ^= a[i] & b[i];
    return __builtin_parityll(v);
}

static int dense_particular(void *state, const tg_big *b, int on, tg_big *x)
{
    dense *d = state;
    memset(d->v, 0, d->cw * sizeof *d->v);
    for (int r = 0; r < d->m; r++)
        for (int c = 0; c < d->n; c++) {
            int i = r * d->n + c;
            uint64_t cell = (tg_big_row(b, r)[c / 64] >> (c % 64)) & 1;
            d->v[i / 64] |= (cell ^ (uint64_t)on) << (i % 64);
        }
    for (int q = d->rank; q < d->cells; q++)
        if (dot(d->e + (size_t)q * d->stride + d->cw, d->v, d->cw))
            return 0;
    memset(x->row, 0, (size_t)x->m * x->w * sizeof *x->row);
    for (int p = 0; p < d->rank; p++)
        if (dot(d->e + (size_t)p * d->stride + d->cw, d->v, d->cw)) {
            int c = d->pivcol[p];
            tg_big_row(x, c / d->n)[(c % d->n) / 64] |= 1ull << (c % d->n % 64);
        }
    return 1;
}

static int dense_fits(int m, int n)
{
    return m * n <= DENSE_CELLS;
}

TG_BIG_SOLVER(dense, "elimination of the whole press matrix (the baseline)", "m * n <= 4096 cells",
              dense_fits, .prepare = dense_prepare, .particular = dense_particular,
              .release = dense_release);
