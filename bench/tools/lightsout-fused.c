/* lightsout-fused.c - the speed of light for an exhaustive Lights Out sweep:
 * every board of one size solved by the press matrix's inverse, the answer
 * checked by replaying its presses, and the presses counted, all in one loop
 * with nothing else in it.  results/harness.md sets `puzzlebench run` beside
 * it.  It has its own elimination, tables and replay: it shares no code with
 * the solvers or the checker it is measured against.
 *
 * A board is its index, packed (cell (r, c) at bit r*n + c).  The inverse is
 * cut into byte tables (four Russians): the answer is the XOR of one look-up
 * per byte of the board.  The replay is five shifts and masks on the packed
 * answer; the histogram of press counts must be C(cells, k), the inverse
 * being a bijection.  OpenMP threads take blocks of boards.
 */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

enum { MAX_CELLS = 40, CHUNKS = (MAX_CELLS + 7) / 8, BLOCK = 1 << 16 };

typedef struct shape {
    int n, cells;
    uint64_t notfirst, notlast, all; /* every cell but column 0, but column n-1; every cell */
} shape;

static uint64_t replay(const shape *s, uint64_t x)
{
    return (x ^ ((x << 1) & s->notfirst) ^ ((x >> 1) & s->notlast) ^ (x << s->n) ^ (x >> s->n)) &
           s->all;
}

/* tab[k][v]: the answer to the board v << 8k; 0 if the press matrix is
 * singular. */
static int invert(const shape *s, uint64_t tab[CHUNKS][256])
{
    uint64_t row[MAX_CELLS], inv[MAX_CELLS], col[MAX_CELLS] = {0};
    for (int p = 0; p < s->cells; p++) {
        row[p] = replay(s, 1ull << p);
        inv[p] = 1ull << p;
    }
    for (int j = 0; j < s->cells; j++) { /* Gauss-Jordan: row j ends as e_j */
        int p = j;
        while (p < s->cells && !((row[p] >> j) & 1))
            p++;
        if (p == s->cells)
            return 0;
        uint64_t r = row[p], v = inv[p];
        row[p] = row[j], inv[p] = inv[j];
        row[j] = r, inv[j] = v;
        for (int i = 0; i < s->cells; i++)
            if (i != j && ((row[i] >> j) & 1))
                row[i] ^= r, inv[i] ^= v;
    }
    for (int i = 0; i < s->cells; i++) /* column j of the inverse: bit i from row i */
        for (int j = 0; j < s->cells; j++)
            col[j] |= ((inv[i] >> j) & 1) << i;
    memset(tab, 0, sizeof(uint64_t) * CHUNKS * 256);
    for (int k = 0; k < CHUNKS; k++)
        for (int v = 1; v < 256 && 8 * k < s->cells; v++) {
            int bit = 8 * k + __builtin_ctz((unsigned)v);
            tab[k][v] = tab[k][v & (v - 1)] ^ (bit < s->cells ? col[bit] : 0);
        }
    return 1;
}

/* Boards lo .. hi - 1: the replays that fail, counts into hist. */
static inline __attribute__((always_inline)) long long sweep(const shape *s,
                                                             const uint64_t tab[CHUNKS][256],
                                                             uint64_t lo, uint64_t hi,
                                                             long long *hist, const int chunks)
{
    long long bad = 0;
    for (uint64_t b = lo; b < hi; b++) {
        uint64_t x = 0;
        for (int k = 0; k < chunks; k++)
            x ^= tab[k][(b >> (8 * k)) & 255];
        bad += replay(s, x) != b;
        hist[__builtin_popcountll(x)]++;
    }
    return bad;
}

static double cpu_seconds(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-6;
}

static int usage(FILE *f, int status)
{
    fputs("usage: lightsout-fused [ROWS COLS]\n"
          "Every Lights Out board of ROWS x COLS (default 5 x 6, 2^30 boards; at most 40\n"
          "cells, an invertible press matrix) solved by byte tables of the inverse,\n"
          "checked by replaying the presses and counted, in one loop on OpenMP's\n"
          "threads.  Prints the boards, the CPU time of the process and the press\n"
          "counts; exit status 1 if a replay fails or the counts are not C(cells, k),\n"
          "2 on bad usage.\n",
          f);
    return status;
}

int main(int argc, char **argv)
{
    static uint64_t tab[CHUNKS][256];
    long long hist[MAX_CELLS + 1] = {0}, bad = 0, binomial = 1;
    int m = 5, n = 6;
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))
        return usage(stdout, 0);
    if (argc == 3) {
        char *e1, *e2;
        m = (int)strtol(argv[1], &e1, 10);
        n = (int)strtol(argv[2], &e2, 10);
        if (*e1 || *e2 || e1 == argv[1] || e2 == argv[2] || m < 1 || n < 1 || m * n > MAX_CELLS) {
            fprintf(stderr,
                    "lightsout-fused: expected ROWS and COLS of at most %d cells, "
                    "found '%s' '%s'\n",
                    MAX_CELLS, argv[1], argv[2]);
            return 2;
        }
    } else if (argc != 1) {
        return usage(stderr, 2);
    }
    shape s = {.n = n, .cells = m * n, .all = (1ull << (m * n)) - 1};
    uint64_t first = 0;
    for (int r = 0; r < m; r++)
        first |= 1ull << (r * n);
    s.notfirst = ~first;
    s.notlast = ~(first << (n - 1));
    if (!invert(&s, tab)) {
        fprintf(stderr, "lightsout-fused: the press matrix of %dx%d is singular\n", m, n);
        return 2;
    }
    const uint64_t total = 1ull << s.cells;
    const int chunks = (s.cells + 7) / 8;
    double t0 = omp_get_wtime(), c0 = cpu_seconds();
#pragma omp parallel reduction(+ : bad)
    {
        long long local[MAX_CELLS + 1] = {0};
#pragma omp for schedule(dynamic)
        for (uint64_t lo = 0; lo < total; lo += BLOCK) {
            uint64_t hi = lo + BLOCK < total ? lo + BLOCK : total;
            switch (chunks) { /* the look-ups a constant number */
            case 1:
                bad += sweep(&s, tab, lo, hi, local, 1);
                break;
            case 2:
                bad += sweep(&s, tab, lo, hi, local, 2);
                break;
            case 3:
                bad += sweep(&s, tab, lo, hi, local, 3);
                break;
            case 4:
                bad += sweep(&s, tab, lo, hi, local, 4);
                break;
            default:
                bad += sweep(&s, tab, lo, hi, local, 5);
                break;
            }
        }
#pragma omp critical
        for (int k = 0; k <= s.cells; k++)
            hist[k] += local[k];
    }
    double cpu = cpu_seconds() - c0, wall = omp_get_wtime() - t0;
    for (int k = 0; k <= s.cells; k++) {
        bad += hist[k] != binomial;
        binomial = binomial * (s.cells - k) / (k + 1);
    }
    printf("%dx%d: %llu boards, %d threads, %.2f s of CPU (%.2f ns a board), %.2f s wall; "
           "%lld failures\npresses:",
           m, n, (unsigned long long)total, omp_get_max_threads(), cpu, cpu / (double)total * 1e9,
           wall, bad);
    for (int k = 0; k <= s.cells; k++)
        printf(" %d: %lld%s", k, hist[k], k < s.cells ? "," : "\n");
    return bad != 0;
}
