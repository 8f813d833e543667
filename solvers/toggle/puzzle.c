/* puzzle.c - what Flip Game and Lights Out share beyond the algorithms. */
#include <string.h>

#include "toggle.h"

/* The board after pressing every cell of x: row r is toggled by the presses
 * in it and beside them, and by those in the rows above and below.  Row by
 * row, written out here rather than taken from the algorithms. */
static void replay(const uint64_t *b, const uint64_t *x, int m, int n, uint64_t *out)
{
    uint64_t mask = tg_mask(n);
    for (int r = 0; r < m; r++) {
        uint64_t up = r > 0 ? x[r - 1] : 0, down = r + 1 < m ? x[r + 1] : 0;
        out[r] = b[r] ^ x[r] ^ ((x[r] << 1) & mask) ^ (x[r] >> 1) ^ up ^ down;
    }
}

/* Lights Out boards of 5x6 are checked by the billion, so the presses are
 * replayed, counted and compared with the goals in one pass. */
static const char *check_presses(const tg_board *bd, const tg_answer *a, unsigned goals)
{
    int m = bd->m, n = bd->n, w = 0;
    uint64_t mask = tg_mask(n), outside = 0, on = 0, off = 0, out[TG_MAX];
    replay(bd->b, a->x, m, n, out);
    for (int r = 0; r < m; r++) {
        outside |= a->x[r] & ~mask;
        w += __builtin_popcountll(a->x[r]);
        on |= out[r];                 /* a light left on */
        off |= out[r] ^ mask;         /* a light left off */
    }
    if (outside)
        return "a press outside the board";
    if (w != a->weight)
        return "the press count is not the number of presses";
    if (!((goals & TG_OFF) && !on) && !((goals & TG_ON) && !off))
        return "the presses do not reach a goal board";
    return NULL;
}

pz_verdict tg_check(const tg_board *bd, const tg_answer *a, unsigned goals, const char **why)
{
    static const uint64_t empty[TG_MAX];
    uint64_t out[TG_MAX], mask = tg_mask(bd->n);
    int m = bd->m;
    *why = "";
    if (a->weight < -1 || a->weight > m * bd->n)
        return *why = "press count out of range", PZ_INVALID;
    if (a->weight >= 0 && (a->has & TG_PRESSES) && (*why = check_presses(bd, a, goals)))
        return PZ_INVALID;
    *why = "";
    if (a->weight < 0 && (a->has & TG_CERTS))
        for (int g = 0; g < 2; g++) {
            if (!(goals & (1u << g)))
                continue;
            /* y A = 0 (A is symmetric: pressing y changes nothing) and y . (b + g) = 1 */
            uint64_t any = 0, stray = 0;
            int dot = 0;
            replay(empty, a->cert[g], m, bd->n, out);
            for (int r = 0; r < m; r++) {
                any |= a->cert[g][r];
                stray |= out[r] | (a->cert[g][r] & ~mask);
                dot ^= __builtin_parityll(a->cert[g][r] & (bd->b[r] ^ (g ? mask : 0)));
            }
            if (stray || !any)
                return *why = "a certificate is not in the kernel of the press matrix", PZ_INVALID;
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

/* Neighbours, simplest last: each light or black piece turned off, then the
 * board without its last row, then without its last column. */
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
    if (k == 0 && bd->m > 1) {
        s->b[--s->m] = 0;
        return 1;
    }
    if (k == (bd->m > 1) && bd->n > 1) {
        s->n--;
        for (int r = 0; r < s->m; r++)
            s->b[r] &= tg_mask(s->n);
        return 1;
    }
    return 0;
}

void tg_size(const void *inst, char *buf, size_t len)
{
    const tg_board *bd = inst;
    snprintf(buf, len, "%dx%d", bd->m, bd->n);
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
