/* puzzle.c - what Flip Game and Lights Out share beyond the algorithms. */
#include <string.h>

#include "toggle.h"

/* The board after pressing every cell of x, one cell at a time. */
static void replay(const tg_board *bd, const uint64_t *x, uint64_t *out)
{
    int m = bd->m, n = bd->n;
    memcpy(out, bd->b, (size_t)m * sizeof *out);
    for (int r = 0; r < m; r++)
        for (int c = 0; c < n; c++) {
            if (!((x[r] >> c) & 1))
                continue;
            out[r] ^= 1ull << c;
            if (c > 0) out[r] ^= 1ull << (c - 1);
            if (c + 1 < n) out[r] ^= 1ull << (c + 1);
            if (r > 0) out[r - 1] ^= 1ull << c;
            if (r + 1 < m) out[r + 1] ^= 1ull << c;
        }
}

static int uniform(const uint64_t *rows, int m, uint64_t value)
{
    for (int r = 0; r < m; r++)
        if (rows[r] != value)
            return 0;
    return 1;
}

pz_verdict tg_check(const tg_board *bd, const tg_answer *a, unsigned goals, const char **why)
{
    uint64_t out[TG_MAX], mask = tg_mask(bd->n);
    int m = bd->m;
    *why = "";
    if (a->weight < -1 || a->weight > m * bd->n)
        return *why = "press count out of range", PZ_INVALID;
    if (a->weight >= 0 && (a->has & TG_PRESSES)) {
        int w = 0;
        for (int r = 0; r < m; r++) {
            if (a->x[r] & ~mask)
                return *why = "a press outside the board", PZ_INVALID;
            w += __builtin_popcountll(a->x[r]);
        }
        if (w != a->weight)
            return *why = "the press count is not the number of presses", PZ_INVALID;
        replay(bd, a->x, out);
        if (!((goals & TG_OFF) && uniform(out, m, 0)) && !((goals & TG_ON) && uniform(out, m, mask)))
            return *why = "the presses do not reach a goal board", PZ_INVALID;
    }
    if (a->weight < 0 && (a->has & TG_CERTS))
        for (int g = 0; g < 2; g++) {
            if (!(goals & (1u << g)))
                continue;
            /* y A = 0 (A is symmetric: pressing y changes nothing) and y . (b + g) = 1 */
            tg_board empty = { .m = bd->m, .n = bd->n };
            int dot = 0;
            replay(&empty, a->cert[g], out);
            if (!uniform(out, m, 0) || uniform(a->cert[g], m, 0))
                return *why = "a certificate is not in the kernel of the press matrix", PZ_INVALID;
            for (int r = 0; r < m; r++)
                dot ^= __builtin_parityll(a->cert[g][r] & (bd->b[r] ^ (g ? mask : 0)));
            if (!dot)
                return *why = "a certificate does not separate the board from the goal", PZ_INVALID;
        }
    return PZ_VALID;
}

int tg_same(const void *inst, const void *pa, const void *pb)
{
    const tg_board *bd = inst;
    const tg_answer *a = pa, *b = pb;
    if (a->weight != b->weight)
        return 0;
    if ((a->has & TG_PRESSES) && (b->has & TG_PRESSES))
        return !memcmp(a->x, b->x, (size_t)bd->m * sizeof *a->x);
    return 1;
}

/* Neighbours: each light or black piece turned off, then the board without
 * its last row, its first row, its last column, its first column. */
int tg_shrink(const void *inst, int k, void *simpler)
{
    const tg_board *bd = inst;
    tg_board *s = simpler;
    *s = *bd;
    for (int r = 0; r < bd->m; r++) {
        int on = __builtin_popcountll(bd->b[r]);
        if (k < on) {
            uint64_t v = bd->b[r];
            while (k--)
                v &= v - 1;
            s->b[r] &= ~(v & -v);
            return 1;
        }
        k -= on;
    }
    if (k < 2 && bd->m > 1) {
        s->m--;
        if (k == 1)
            memmove(s->b, s->b + 1, s->m * sizeof *s->b);
        s->b[s->m] = 0;
        return 1;
    }
    k -= bd->m > 1 ? 2 : 0;
    if (k < 2 && bd->n > 1) {
        s->n--;
        for (int r = 0; r < s->m; r++)
            s->b[r] = (k == 1 ? s->b[r] >> 1 : s->b[r]) & tg_mask(s->n);
        return 1;
    }
    return 0;
}

void tg_size(const void *inst, char *buf, size_t len)
{
    const tg_board *bd = inst;
    snprintf(buf, len, "%dx%d", bd->m, bd->n);
}

/* The press count, or "Impossible" in the last class. */
int tg_classify(const void *inst, const void *ans, char *name, size_t len)
{
    const tg_answer *a = ans;
    (void)inst;
    if (name)
        snprintf(name, len, a->weight < 0 ? "Impossible" : "%d", a->weight);
    return a->weight < 0 ? PZ_CLASSES - 1 : a->weight;
}

int tg_setup(pz_params *p, int maxside, int exhaustive, pz_error *e)
{
    if (p->rows < 0) p->rows = 4;
    if (p->cols < 0) p->cols = 4;
    if (p->rows < 1 || p->rows > maxside || p->cols < 1 || p->cols > maxside)
        return pz_fail(e, NULL, "expected rows and cols from 1 to %d", maxside);
    if (p->n >= 0 || p->digits >= 0 || p->mode[0])
        return pz_fail(e, NULL, "expected only rows=, cols=%s", exhaustive ? "" : ", count=, seed=");
    if (exhaustive) {
        if (p->count >= 0 || p->seed != (uint64_t)-1)
            return pz_fail(e, NULL, "an exhaustive corpus takes no count= or seed=");
        if (p->rows * p->cols > 40)
            return pz_fail(e, NULL, "expected at most 40 cells for an exhaustive corpus (2^40 boards)");
        p->count = 1ll << (p->rows * p->cols);
    } else {
        if (p->count < 0) p->count = 1000;
        if (p->seed == (uint64_t)-1) p->seed = 1;
    }
    return 0;
}

void tg_make_exhaustive(const pz_params *p, uint64_t index, void *inst)
{
    tg_board *bd = inst;
    bd->m = (uint8_t)p->rows;
    bd->n = (uint8_t)p->cols;
    for (int r = 0; r < p->rows; r++)
        bd->b[r] = (index >> (r * p->cols)) & tg_mask(p->cols);
}

void tg_make_random(const pz_params *p, uint64_t index, void *inst)
{
    tg_board *bd = inst;
    pz_rng rng = pz_rng_at(p->seed, index);
    bd->m = (uint8_t)p->rows;
    bd->n = (uint8_t)p->cols;
    for (int r = 0; r < p->rows; r++)
        bd->b[r] = pz_rng_next(&rng) & tg_mask(p->cols);
}
