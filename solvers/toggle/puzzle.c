/* puzzle.c - what Flip Game and Lights Out share beyond the algorithms. */
#include <stddef.h>
#include <string.h>

#include "../rng.h"
#include "toggle.h"

/* Row r of board b after pressing every cell of x: it is toggled by the
 * presses in it and beside them, and by those in the rows above and below.
 * Written out here, row by row, rather than taken from the algorithms. */
static inline uint64_t replay_row(const uint64_t *b, const uint64_t *x, int r, int m, uint64_t mask)
{
    uint64_t up = r > 0 ? x[r - 1] : 0, down = r + 1 < m ? x[r + 1] : 0;
    return b[r] ^ x[r] ^ ((x[r] << 1) & mask) ^ (x[r] >> 1) ^ up ^ down;
}

/* Row by row, for boards that do not pack (below): the presses are replayed,
 * counted and compared with the goals in one pass. */
static const char *check_rows(const tg_board *bd, const tg_answer *a, unsigned goals)
{
    int m = bd->m, w = 0;
    uint64_t mask = tg_mask(bd->n), outside = 0, on = 0, off = 0;
    for (int r = 0; r < m; r++) {
        uint64_t out = replay_row(bd->b, a->x, r, m, mask);
        outside |= a->x[r] & ~mask;
        w += tg_popcount(a->x[r]);
        on |= out;         /* a light left on */
        off |= out ^ mask; /* a light left off */
    }
    if (outside)
        return "a press outside the board";
    if (w != a->weight)
        return "the press count is not the number of presses";
    if (!((goals & TG_OFF) && !on) && !((goals & TG_ON) && !off))
        return "the presses do not reach a goal board";
    return NULL;
}

/* Boards of at most 64 cells (and fewer than 64 columns) are checked by the
 * billion (every 5x6 Lights Out board), so they are checked word-parallel: a
 * board and a set of presses packed in one word each, cell (r, c) at bit
 * r*n + c, and every press replayed on every cell at once, with shifts by one
 * cell (a row's ends masked off) and by one row.  The packing is written
 * here, not taken from the algorithms: the last row first, each row shifting
 * the ones below it up by n. */
typedef struct packed {
    uint64_t first, all; /* column 0 of every row; every cell */
    unsigned n;
} packed;

static inline int packable(const tg_board *bd)
{
    return bd->m * bd->n <= 64 && bd->n < 64;
}

/* What pressing every cell of x does to a packed board. */
static inline uint64_t replay_packed(const packed *k, uint64_t x)
{
    uint64_t last = k->first << (k->n - 1);
    return (x ^ ((x << 1) & ~k->first) ^ ((x >> 1) & ~last) ^ (x >> k->n) ^ (x << k->n)) & k->all;
}

static inline const char *check_packed(const tg_board *bd, const tg_answer *a, unsigned goals)
{
    const unsigned n = bd->n, cells = bd->m * n;
    const uint64_t *br = bd->b + bd->m, *xr = a->x + bd->m;
    const uint64_t mask = tg_mask((int)n);
    uint64_t b = 0, x = 0, rows = 0; /* rows: every row of x, or'd */
    packed k = {0, cells == 64 ? ~0ull : (1ull << cells) - 1, n};
    while (xr > a->x) {
        uint64_t v = *--xr;
        b = (b << n) | (*--br & mask);
        x = (x << n) | v;
        rows |= v;
        k.first = (k.first << n) | 1;
    }
    if (rows >> n)
        return "a press outside the board";
    if (tg_popcount(x) != a->weight)
        return "the press count is not the number of presses";
    uint64_t out = b ^ replay_packed(&k, x);
    if (!((goals & TG_OFF) && !out) && !((goals & TG_ON) && out == k.all))
        return "the presses do not reach a goal board";
    return NULL;
}

/* check_certificate (below) on a board that packs. */
static const char *check_certificate_packed(const tg_board *bd, const uint64_t *y, uint64_t goalrow)
{
    const unsigned n = bd->n, cells = bd->m * n;
    uint64_t d = 0, v = 0, rows = 0; /* d: the board's difference from the goal */
    packed k = {0, cells == 64 ? ~0ull : (1ull << cells) - 1, n};
    for (int r = bd->m - 1; r >= 0; r--) {
        d = (d << n) | ((bd->b[r] ^ goalrow) & tg_mask((int)n));
        v = (v << n) | y[r];
        rows |= y[r];
        k.first = (k.first << n) | 1;
    }
    if ((rows >> n) || !v || replay_packed(&k, v))
        return "a certificate is not in the kernel of the press matrix";
    if (!__builtin_parityll(v & d))
        return "a certificate does not separate the board from the goal";
    return NULL;
}

/* y A = 0 (A is symmetric: pressing y changes nothing) and y . (b + g) = 1. */
static const char *check_certificate(const tg_board *bd, const uint64_t *y, uint64_t goalrow)
{
    static const uint64_t empty[TG_MAX];
    uint64_t mask = tg_mask(bd->n), any = 0, stray = 0;
    int dot = 0;
    for (int r = 0; r < bd->m; r++) {
        any |= y[r];
        stray |= replay_row(empty, y, r, bd->m, mask) | (y[r] & ~mask);
        dot ^= __builtin_parityll(y[r] & (bd->b[r] ^ goalrow));
    }
    if (stray || !any)
        return "a certificate is not in the kernel of the press matrix";
    if (!dot)
        return "a certificate does not separate the board from the goal";
    return NULL;
}

/* What tg_check does outside its fast case: the range of the count, boards
 * of more than 64 cells, certificates. */
static __attribute__((noinline)) const char *check_other(const tg_board *bd, const tg_answer *a,
                                                         unsigned goals)
{
    const char *bad = NULL;
    if (a->weight < -1 || a->weight > bd->m * bd->n)
        bad = "press count out of range";
    else if (a->weight >= 0 && (a->has & TG_PRESSES))
        bad = packable(bd) ? check_packed(bd, a, goals) : check_rows(bd, a, goals);
    else if (a->weight < 0 && (a->has & TG_CERTS))
        for (int g = 0; g < 2 && !bad; g++)
            if (goals & (1u << g))
                bad = packable(bd)
                          ? check_certificate_packed(bd, a->cert[g], g ? tg_mask(bd->n) : 0)
                          : check_certificate(bd, a->cert[g], g ? tg_mask(bd->n) : 0);
    return bad;
}

pz_verdict tg_check(const tg_board *bd, const tg_answer *a, unsigned goals, const char **why)
{
    const char *bad =
        a->weight >= 0 && a->weight <= bd->m * bd->n && (a->has & TG_PRESSES) && packable(bd)
            ? check_packed(bd, a, goals)
            : check_other(bd, a, goals);
    *why = bad ? bad : "";
    return bad ? PZ_INVALID : PZ_VALID;
}

/* An answer's count and flags, which lie end to end just before its
 * presses, as one word. */
enum { HEAD = offsetof(tg_answer, x) };
_Static_assert(offsetof(tg_answer, weight) < HEAD && offsetof(tg_answer, has) < HEAD &&
                   HEAD == sizeof(uint64_t),
               "an answer's count and flags are the word before its presses");

static inline uint64_t head(const tg_answer *a)
{
    uint64_t h;
    memcpy(&h, a, sizeof h);
    return h;
}

/* Whether a and b are the same in everything tg_check, tg_proof and
 * tg_classify read, on a board of m rows (M where it is not 0, a constant
 * where inlined): the count, what the answer carries, and the presses and
 * the goals' certificates it carries.  The common answer, presses alone,
 * is one memcmp of its count, flags and rows, which lie end to end. */
static inline __attribute__((always_inline)) int
same_checked(const tg_answer *a, const tg_answer *b, unsigned m, unsigned goals, const unsigned M)
{
    const unsigned rows = M ? M : m;
    if (a->has == TG_PRESSES)
        return !memcmp(a, b, HEAD + rows * sizeof *a->x);
    if (a->weight != b->weight || a->has != b->has)
        return 0;
    uint64_t d = 0;
    for (unsigned r = 0; r < rows; r++) {
        if (a->has & TG_PRESSES)
            d |= a->x[r] ^ b->x[r];
        for (int g = 0; g < 2; g++)
            if ((a->has & TG_CERTS) && (goals & (1u << g)))
                d |= a->cert[g][r] ^ b->cert[g][r];
    }
    return !d;
}

/* tg_check and tg_classify over a batch (pz_puzzle's check_batch).  The
 * common answer, presses with a count in range on a board that packs, is
 * accepted here as check_packed accepts it, with the size's masks computed
 * once for a run of boards of one size, and with the number of rows a
 * constant for the compiler where it is at most 8, so the packing unrolls.
 * Every answer this path does not accept, right or wrong, goes to tg_check
 * itself, so the two cannot differ.  Another solver's answers to the same
 * boards (same) are compared with them in the same pass: the rows are in
 * registers for the packing already. */
typedef struct run_size {
    uint16_t mn; /* the m and n bytes of a board of the size, as stored */
    unsigned m, n, cells;
    uint64_t mask, all, notfirst, notlast; /* notfirst: every cell but column 0 */
} run_size;

/* How many answers from the first, to boards of size k, are accepted, and
 * where o is not NULL (a constant where inlined), the same as o's in all
 * that the checker reads of an answer it accepts: the count and flags (one
 * word) and the rows of presses. */
static inline __attribute__((always_inline)) size_t
accept_run(const tg_board *bd, const tg_answer *a, const tg_answer *o, size_t count, int *classes,
           const run_size *k, const unsigned M, const unsigned goals)
{
    const unsigned m = M ? M : k->m, n = k->n, cells = k->cells;
    const uint64_t mask = k->mask, all = k->all, notfirst = k->notfirst, notlast = k->notlast;
    const uint16_t mn = k->mn;
    size_t j;
    for (j = 0; j < count; j++) {
        uint16_t size;
        memcpy(&size, &bd[j].m, sizeof size);
        unsigned w = (unsigned)a[j].weight;
        if (size != mn || w > cells || (a[j].has & (TG_PRESSES | TG_NOT_FEWEST)) != TG_PRESSES)
            break;
        uint64_t b = 0, x = 0, stray = 0, differ = 0;
        if (o)
            differ = head(&a[j]) ^ head(&o[j]);
        for (unsigned r = m; r-- > 0;) {
            uint64_t v = a[j].x[r];
            b = (b << n) | (bd[j].b[r] & mask);
            x = (x << n) | v;
            stray |= v;
            if (o)
                differ |= v ^ o[j].x[r];
        }
        uint64_t out =
            b ^ ((x ^ ((x << 1) & notfirst) ^ ((x >> 1) & notlast) ^ (x >> n) ^ (x << n)) & all);
        if ((stray & ~mask) || (unsigned)tg_popcount(x) != w ||
            !(((goals & TG_OFF) && !out) || ((goals & TG_ON) && out == all)) || differ)
            break;
        classes[j] = (int)w;
    }
    return j;
}

/* accept_run with the goals and the rows (up to 8) constants. */
static inline __attribute__((always_inline)) size_t
accept_rows(const tg_board *bd, const tg_answer *a, const tg_answer *o, size_t count, int *classes,
            const run_size *k, const unsigned goals)
{
    // clang-format off
    switch (k->m) {
#define ROWS(M) case M: return accept_run(bd, a, o, count, classes, k, M, goals);
    ROWS(1) ROWS(2) ROWS(3) ROWS(4) ROWS(5) ROWS(6) ROWS(7) ROWS(8)
#undef ROWS
    default: return accept_run(bd, a, o, count, classes, k, 0, goals);
    }
    // clang-format on
}

static inline __attribute__((always_inline)) size_t accept(const tg_board *bd, const tg_answer *a,
                                                           const tg_answer *o, size_t count,
                                                           int *classes, const run_size *k,
                                                           unsigned goals)
{
    if (goals == TG_OFF)
        return accept_rows(bd, a, o, count, classes, k, TG_OFF);
    if (goals == (TG_OFF | TG_ON))
        return accept_rows(bd, a, o, count, classes, k, TG_OFF | TG_ON);
    return 0;
}

/* The answer that accept_run leaves: tg_check's verdict, and the class. */
static __attribute__((noinline)) int check_one(const tg_board *bd, const tg_answer *a,
                                               unsigned goals)
{
    const char *why;
    if (tg_check(bd, a, goals, &why) != PZ_VALID || tg_proof(bd, a) != PZ_PROVEN)
        return -1; /* the single way: an Impossible without certificates rests on agreement */
    return tg_classify(bd, a, NULL, 0);
}

size_t tg_check_batch(const void *insts, const void *answers, const void *same, size_t count,
                      int *classes, unsigned goals)
{
    const tg_board *bd = insts;
    const tg_answer *a = answers, *o = same;
    run_size k = {0};
    size_t j = 0;
    while (j < count) {
        uint16_t size;
        memcpy(&size, &bd[j].m, sizeof size);
        if ((size != k.mn || !k.m) && bd[j].m && bd[j].n && packable(&bd[j])) {
            k.mn = size;
            k.m = bd[j].m;
            k.n = bd[j].n;
            k.cells = k.m * k.n;
            k.mask = tg_mask((int)k.n);
            k.all = k.cells >= 64 ? ~0ull : (1ull << k.cells) - 1;
            uint64_t first = 0;
            for (unsigned r = 0; r < k.m; r++)
                first = (first << k.n) | 1;
            k.notfirst = ~first;
            k.notlast = ~(first << (k.n - 1));
        }
        if (k.m)
            j += o ? accept(bd + j, a + j, o + j, count - j, classes + j, &k, goals)
                   : accept(bd + j, a + j, NULL, count - j, classes + j, &k, goals);
        if (j == count)
            break;
        if ((classes[j] = check_one(&bd[j], &a[j], goals)) < 0 ||
            (o && !same_checked(&a[j], &o[j], bd[j].m, goals, 0)))
            break;
        j++;
    }
    return j;
}

/* The same count, and where both carry presses, the same presses. */
int tg_same(const void *inst, const void *a, const void *b)
{
    const tg_answer *p = a, *q = b;
    const unsigned m = ((const tg_board *)inst)->m;
    if (p->weight != q->weight)
        return 0;
    if (!(p->has & q->has & TG_PRESSES))
        return 1;
    uint64_t d = 0;
    for (unsigned r = 0; r < m; r++)
        d |= p->x[r] ^ q->x[r];
    return !d;
}

/* How many pairs from the first are the same, on boards of M rows. */
static inline __attribute__((always_inline)) size_t same_run(const tg_board *bd, const tg_answer *a,
                                                             const tg_answer *b, size_t count,
                                                             unsigned goals, const unsigned M)
{
    size_t j = 0;
    while (j < count && bd[j].m == M && same_checked(&a[j], &b[j], M, goals, M))
        j++;
    return j;
}

/* pz_puzzle's same_batch: same_checked over a batch, the rows of a run of
 * boards of up to 8 rows compared unrolled. */
size_t tg_same_batch(const void *insts, const void *as, const void *bs, size_t count,
                     unsigned goals)
{
    const tg_board *bd = insts;
    const tg_answer *a = as, *b = bs;
    size_t j = 0;
    while (j < count) {
        switch (bd[j].m) {
#define RUN(M)                                                                                     \
    case M:                                                                                        \
        j += same_run(bd + j, a + j, b + j, count - j, goals, M);                                  \
        break;
            RUN(1) RUN(2) RUN(3) RUN(4) RUN(5) RUN(6) RUN(7) RUN(8)
#undef RUN
        }
        if (j == count)
            break;
        if (!same_checked(&a[j], &b[j], bd[j].m, goals, 0)) /* not the same, or past 8 rows */
            return j;
        j++;
    }
    return j;
}

/* Neighbours: each light or black piece turned off, then the board without
 * its last row, its first row, its last column, its first column. */
int tg_shrink(const void *inst, int k, void *simpler)
{
    const tg_board *bd = inst;
    tg_board *s = simpler;
    *s = *bd;
    for (int r = 0; r < bd->m; r++) {
        int on = tg_popcount(bd->b[r]);
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

pz_proof tg_proof(const void *inst, const void *ans)
{
    const tg_answer *a = ans;
    (void)inst;
    if (a->weight >= 0)
        return a->has & TG_PRESSES ? PZ_PROVEN : PZ_OWES_PROOF;
    return a->has & TG_CERTS ? PZ_PROVEN : PZ_UNPROVEN;
}

/* The press count, or "Impossible" in the last class. */
int tg_classify(const void *inst, const void *ans, char *name, size_t len)
{
    const tg_answer *a = ans;
    (void)inst;
    if (a->weight >= 0 && (a->has & TG_NOT_FEWEST)) { /* big.h's answer past its search */
        if (name)
            snprintf(name, len, "not proven fewest");
        return TG_CLASS_UNPROVEN;
    }
    if (name)
        snprintf(name, len, a->weight < 0 ? "Impossible" : "%d", a->weight);
    return a->weight < 0 ? TG_CLASS_NONE : a->weight;
}

int tg_setup(pz_params *p, int maxside, int exhaustive, pz_error *e)
{
    if (p->rows < 0)
        p->rows = 4;
    if (p->cols < 0)
        p->cols = 4;
    if (p->rows < 1 || p->rows > maxside || p->cols < 1 || p->cols > maxside)
        return pz_fail(e, NULL, "expected rows and cols from 1 to %d", maxside);
    if (p->n >= 0 || p->digits >= 0 || p->mode[0])
        return pz_fail(e, NULL, "expected only rows=, cols=%s",
                       exhaustive ? "" : ", count=, seed=");
    if (exhaustive) {
        if (p->count >= 0 || p->seed != (uint64_t)-1)
            return pz_fail(e, NULL, "an exhaustive corpus takes no count= or seed=");
        if (p->rows * p->cols > 40)
            return pz_fail(e, NULL,
                           "expected at most 40 cells for an exhaustive corpus (2^40 boards)");
        p->count = 1ll << (p->rows * p->cols);
    } else {
        if (p->count < 0)
            p->count = 1000;
        if (p->seed == (uint64_t)-1)
            p->seed = 1;
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

/* tg_make_exhaustive over a batch: the rows of consecutive boards are a
 * counter, so row 0 counts up and the rows above it are worked out again only
 * when it wraps; with at most 8 rows they are a constant number of registers
 * for the compiler.  A board's m and n bytes go in one store. */
static inline __attribute__((always_inline)) void make_run(tg_board *bd, uint64_t index,
                                                           size_t count, int m_, int n, const int M)
{
    const int m = M ? M : m_;
    const uint64_t mask = tg_mask(n);
    uint64_t row[M ? M : TG_MAX];
    tg_board size = {.m = (uint8_t)m, .n = (uint8_t)n};
    uint16_t mn;
    memcpy(&mn, &size.m, sizeof mn);
    while (count) {
        uint64_t v = index;
        for (int r = 0; r < m; r++, v >>= n)
            row[r] = v & mask;
        size_t run = (size_t)(mask - row[0]) + 1; /* until row 0 wraps */
        if (run > count)
            run = count;
        for (size_t i = 0; i < run; i++, bd++) {
            memcpy(&bd->m, &mn, sizeof mn);
            bd->b[0] = row[0] + i;
            for (int r = 1; r < m; r++)
                bd->b[r] = row[r];
        }
        index += run;
        count -= run;
    }
}

void tg_make_exhaustive_batch(const pz_params *p, uint64_t first, size_t count, void *insts)
{
    // clang-format off
    switch (p->rows) { /* up to 8 rows a constant */
#define ROWS(M) case M: make_run(insts, first, count, M, p->cols, M); break;
    ROWS(1) ROWS(2) ROWS(3) ROWS(4) ROWS(5) ROWS(6) ROWS(7) ROWS(8)
#undef ROWS
    default: make_run(insts, first, count, p->rows, p->cols, 0);
    }
    // clang-format on
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

/* tg_make_random over a batch. */
void tg_make_random_batch(const pz_params *p, uint64_t first, size_t count, void *insts)
{
    tg_board *bd = insts;
    const int m = p->rows, n = p->cols;
    const uint64_t mask = tg_mask(n), seed = p->seed;
    for (size_t i = 0; i < count; i++, bd++) {
        pz_rng rng = pz_rng_at(seed, first + i);
        bd->m = (uint8_t)m;
        bd->n = (uint8_t)n;
        for (int r = 0; r < m; r++)
            bd->b[r] = pz_rng_next(&rng) & mask;
    }
}
