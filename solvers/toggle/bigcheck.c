/* bigcheck.c - the independent checker of big boards.
 *
 * It shares no code with the solvers: a copy of the board is toggled press
 * by press, five cells at a time (one press, its neighbours that exist), and
 * then compared with the goals; a certificate is pressed onto an empty board
 * the same way, which must stay empty, and its dot product with the board
 * plus the goal must be odd.  Its cost is a few word operations per press
 * (results/lightsout.md, "Big boards", has its times).
 */
#include <stdlib.h>
#include <string.h>

#include "big.h"

static void toggle(uint64_t *cells, size_t w, int r, int c)
{
    cells[(size_t)r * w + (size_t)c / 64] ^= 1ull << (c % 64);
}

/* Presses every cell of x onto cells (m x n, w words a row); returns the
 * number of presses, or -1 for a press outside the board. */
static long press_all(uint64_t *cells, const tg_big *x)
{
    long count = 0;
    for (int r = 0; r < x->m; r++)
        for (size_t u = 0; u < x->w; u++)
            for (uint64_t v = tg_big_row(x, r)[u]; v; v &= v - 1) {
                int c = (int)(u * 64) + __builtin_ctzll(v);
                if (c >= x->n)
                    return -1;
                toggle(cells, x->w, r, c);
                if (r > 0)
                    toggle(cells, x->w, r - 1, c);
                if (r + 1 < x->m)
                    toggle(cells, x->w, r + 1, c);
                if (c > 0)
                    toggle(cells, x->w, r, c - 1);
                if (c + 1 < x->n)
                    toggle(cells, x->w, r, c + 1);
                count++;
            }
    return count;
}

/* Every cell of cells (m x n) equal to value: whole words, then the last
 * word's cells of the row. */
static int uniform(const uint64_t *cells, int m, int n, size_t w, int value)
{
    uint64_t full = value ? ~0ull : 0, tail = n % 64 ? (1ull << (n % 64)) - 1 : ~0ull;
    for (int r = 0; r < m; r++) {
        const uint64_t *row = cells + (size_t)r * w;
        for (size_t u = 0; u + 1 < w; u++)
            if (row[u] != full)
                return 0;
        if ((row[w - 1] & tail) != (full & tail))
            return 0;
    }
    return 1;
}

static const char *check_presses(const tg_big *b, const tg_bigans *a, unsigned goals)
{
    size_t words = (size_t)b->m * b->w;
    uint64_t *cells = malloc(words * sizeof *cells + 1);
    const char *bad = NULL;
    if (!cells)
        return "the checker is out of memory";
    memcpy(cells, b->row, words * sizeof *cells);
    long count = press_all(cells, &a->x);
    if (count < 0)
        bad = "a press outside the board";
    else if (count != a->weight)
        bad = "the press count is not the number of presses";
    else if (!((goals & TG_OFF) && uniform(cells, b->m, b->n, b->w, 0)) &&
             !((goals & TG_ON) && uniform(cells, b->m, b->n, b->w, 1)))
        bad = "the presses do not reach a goal board";
    free(cells);
    return bad;
}

static const char *check_certificate(const tg_big *b, const tg_big *y, int on)
{
    size_t words = (size_t)b->m * b->w;
    uint64_t *cells = calloc(words + 1, sizeof *cells);
    const char *bad = NULL;
    if (!cells)
        return "the checker is out of memory";
    if (y->m != b->m || y->n != b->n || !y->row)
        bad = "a certificate of another size";
    else if (press_all(cells, y) <= 0 || !uniform(cells, b->m, b->n, b->w, 0))
        bad = "a certificate is not in the kernel of the press matrix";
    if (!bad) {
        /* y . (b + goal): the cells where y and b + goal are both 1. */
        long both = 0;
        uint64_t goal = on ? ~0ull : 0;
        for (size_t i = 0; i < words; i++)
            both += __builtin_popcountll(y->row[i] & (b->row[i] ^ goal));
        if (!(both & 1))
            bad = "a certificate does not separate the board from the goal";
    }
    free(cells);
    return bad;
}

pz_verdict tg_big_check(const tg_big *b, const tg_bigans *a, unsigned goals, const char **why)
{
    const char *bad = NULL;
    if (a->weight < -1 || a->weight > (long)b->m * b->n)
        bad = "press count out of range";
    else if (a->weight >= 0 && (a->has & TG_PRESSES)) {
        if (a->x.m != b->m || a->x.n != b->n || !a->x.row)
            bad = "presses of another size";
        else
            bad = check_presses(b, a, goals);
    } else if (a->weight < 0 && (a->has & TG_CERTS))
        for (int g = 0; g < 2 && !bad; g++)
            if (goals & (1u << g))
                bad = check_certificate(b, &a->cert[g], g);
    *why = bad ? bad : "";
    return bad ? PZ_INVALID : PZ_VALID;
}

int tg_big_same(const tg_bigans *a, const tg_bigans *b)
{
    if (a->weight != b->weight || a->fewest != b->fewest)
        return 0;
    if ((a->has & TG_PRESSES) && (b->has & TG_PRESSES))
        return a->x.m == b->x.m && a->x.n == b->x.n &&
               !memcmp(a->x.row, b->x.row, (size_t)a->x.m * a->x.w * sizeof *a->x.row);
    return 1;
}
