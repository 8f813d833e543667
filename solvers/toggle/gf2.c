/* gf2 - Gaussian elimination over GF(2) on the first-row system, then the
 * kernel searched for the fewest presses.
 *
 * Idea: light chasing makes every row's presses a function of row 0's, and
 * what is left on the last row is affine in row 0: residue(f) = c + R f with
 * R an n x n matrix over GF(2).  Eliminating R once per board size (cached in
 * the scratch) gives a particular first row f0 = P c and a basis of ker R.
 * Each kernel vector chased from an empty board is a press pattern that
 * changes nothing, so the answers are X0 + span(K), and the canonical one is
 * a minimum-weight member of that coset.  With no answer, some K_i has
 * K_i . (b + goal) = 1; since A is symmetric, K_i A = 0, so K_i is the
 * certificate the checker verifies.  On small boards (at most 64 cells and
 * 8 columns, 5x6 among them) X0 and the dots K_i . b are linear in the
 * board, so they are tabulated per size and row (the method of four
 * Russians) and the kernel is walked by a Gray code on single words; larger
 * boards weigh the coset by Walsh-Hadamard transforms of 2^16 entries.
 *
 * Cost: per size, n chases and an n x n elimination (and m 2^n table entries
 * for a small board); per board and goal, m lookups (small) or two chases;
 * then, on a solvable board, 2^nullity coset members: five lookups at 5x6
 * (nullity 0), no search at all on a board with no answer (the times by
 * nullity: results/lightsout.md, "Solvable boards of singular sizes").
 * Limits: nullity <= 32, i.e. every size up to 64x64 but 61x61 (nullity 40),
 * 62x64 and 64x62 (36): a minimum-weight coset member is NP-hard in general,
 * and there a board has 2^36 members or more.
 */
#include <stdint.h>
#include <string.h>

#include "toggle.h"

enum { MAX_NULLITY = 32, SMALL_CELLS = 64, SMALL_COLS = 8, LOW_BITS = 16 };

/* What the board that is v on row r (and off elsewhere) needs and leaves. */
typedef struct entry {
    uint64_t x;    /* its particular presses, bit r * n + c */
    uint64_t dots; /* bit i: K_i . board */
} entry;

typedef struct system {
    int m, n, nullity;             /* m == 0: empty */
    int small;                     /* m * n <= 64 and n <= 8: the tables hold */
    uint64_t inv[TG_MAX];          /* bit j of f0 = parity(inv[j] & c) */
    uint64_t kern[TG_MAX][TG_MAX]; /* nullity press patterns that do nothing */
    uint64_t pkern[SMALL_CELLS];   /* small: the same, packed */
    entry table[SMALL_CELLS / SMALL_COLS << SMALL_COLS]; /* small: row r at r << n */
    entry on;                                            /* small: the all-on board */
    /* Large: cell p = r * n + c is in K_i for the set bits i of its column
     * lo[p] | hi[p] << LOW_BITS; and the Walsh-Hadamard transform's array. */
    uint16_t lo[TG_MAX * TG_MAX];
    uint16_t hi[TG_MAX * TG_MAX];
    int16_t wht[1 << LOW_BITS];
} system_t;

/* The particular presses X0 for rows b toward goalrow; returns what they leave
 * on the last row (0: b is solvable). */
static uint64_t particular(const system_t *s, const uint64_t *b, uint64_t goalrow, uint64_t *x)
{
    uint64_t c, f = 0;
    x[0] = 0;
    c = tg_chase(b, s->m, s->n, goalrow, x);
    for (int j = 0; j < s->n; j++)
        f |= (uint64_t)__builtin_parityll(s->inv[j] & c) << j;
    x[0] = f;
    return tg_chase(b, s->m, s->n, goalrow, x);
}

/* Bit k: the dot product of kernel vector k with rows b + goal (every row
 * goalrow); b can reach the goal only if all of them are 0. */
static uint64_t kernel_dots(const system_t *s, const uint64_t *b, uint64_t goalrow)
{
    uint64_t dots = 0;
    for (int k = 0; k < s->nullity; k++) {
        int dot = 0;
        for (int r = 0; r < s->m; r++)
            dot ^= __builtin_parityll(s->kern[k][r] & (b[r] ^ goalrow));
        dots |= (uint64_t)dot << k;
    }
    return dots;
}

/* The packed X0 and kernel dots of rows b (goal all off). */
static entry tabulate(const system_t *s, const uint64_t *b)
{
    uint64_t x[TG_MAX];
    entry e = {0, 0};
    particular(s, b, 0, x);
    e.x = tg_pack_rows(x, s->m, s->n);
    e.dots = kernel_dots(s, b, 0);
    return e;
}

static void build_tables(system_t *s)
{
    int m = s->m, n = s->n;
    uint64_t b[TG_MAX] = {0};
    for (int k = 0; k < s->nullity; k++)
        s->pkern[k] = tg_pack_rows(s->kern[k], m, n);
    for (int r = 0; r < m; r++) {
        entry *t = s->table + (r << n);
        t[0] = (entry){0, 0};
        for (uint64_t v = 1; v < 1ull << n; v++) {
            uint64_t low = v & -v;
            if (v == low) { /* one light: eliminate; others by linearity */
                b[r] = v;
                t[v] = tabulate(s, b);
                b[r] = 0;
            } else {
                t[v].x = t[low].x ^ t[v ^ low].x;
                t[v].dots = t[low].dots ^ t[v ^ low].dots;
            }
        }
    }
    for (int r = 0; r < m; r++)
        b[r] = tg_mask(n);
    s->on = tabulate(s, b);
}

static const uint64_t zero[TG_MAX];

/* Eliminates R for an m x n board into s (facts.c), then the tables of a
 * small board or the kernel's columns of a large one.  col[j], column j of
 * R, is what first row e_j leaves on the last row of an empty board.  Kept
 * out of line, as is the general solver, so the small boards' path stays
 * lean. */
__attribute__((noinline)) static void eliminate(int m, int n, const uint64_t *col, system_t *s)
{
    s->m = m;
    s->n = n;
    s->nullity = tg__first_row_system(m, n, col, s->inv, s->kern);
    s->small = m * n <= SMALL_CELLS && n <= SMALL_COLS;
    if (s->small)
        build_tables(s);
    else
        for (int r = 0, p = 0; r < m; r++)
            for (int c = 0; c < n; c++, p++) {
                uint32_t g = 0;
                for (int i = 0; i < s->nullity && i < MAX_NULLITY; i++)
                    g |= (uint32_t)((s->kern[i][r] >> c) & 1) << i;
                s->lo[p] = (uint16_t)(g & 0xffff);
                s->hi[p] = (uint16_t)(g >> LOW_BITS);
            }
}

/* The facts of every size (facts.c), which fits reads, before any timing. */
static int gf2_prepare(void)
{
    tg_nullity(1, 1);
    return 0;
}

static int gf2_fits(int m, int n)
{
    return tg_nullity(m, n) <= MAX_NULLITY;
}

static inline int solve_small(const system_t *s, const tg_board *bd, unsigned goals, tg_answer *a)
{
    int m = s->m, n = s->n, best = -1;
    uint64_t mask = tg_mask(n), x = 0, dots = 0, bestx = 0;
    const entry *t = s->table;
    for (int r = 0; r < m; r++, t += 1 << n) {
        const entry *e = &t[bd->b[r] & mask];
        x ^= e->x;
        dots ^= e->dots;
    }
    for (int g = 0; g < 2; g++) {
        if (!(goals & (1u << g)))
            continue;
        uint64_t gx = g ? x ^ s->on.x : x, gd = g ? dots ^ s->on.dots : dots;
        if (gd) { /* K_i . (b + goal) = 1: unreachable */
            memcpy(a->cert[g], s->kern[__builtin_ctzll(gd)], (size_t)m * sizeof *a->cert[g]);
            continue;
        }
        if (s->nullity)
            gx = tg_coset_min(gx, s->pkern, s->nullity);
        int w = tg_popcount(gx);
        if (best < 0 || w < best || (w == best && tg_packed_less(gx, bestx))) {
            best = w;
            bestx = gx;
        }
    }
    a->weight = best;
    a->has = best >= 0 ? TG_PRESSES : TG_CERTS;
    if (best >= 0)
        tg_unpack_rows(bestx, m, n, a->x);
    return 0;
}

/* p[j], q[j] = p[j] + q[j], p[j] - q[j]: the compiler vectorizes it. */
static void butterfly(int16_t *restrict p, int16_t *restrict q, uint32_t len)
{
    for (uint32_t j = 0; j < len; j++) {
        int16_t u = p[j], v = q[j];
        p[j] = (int16_t)(u + v);
        q[j] = (int16_t)(u - v);
    }
}

/* In place: a[c] becomes the sum over g of a[g] (-1)^(c.g), for size entries.
 * The first three stages run eight entries at a time, in registers. */
static void walsh_hadamard(int16_t *a, uint32_t size)
{
    uint32_t len = 1;
    if (size >= 8)
        for (uint32_t i = 0; i < size; i += 8, len = 8) {
            int16_t v[8];
            memcpy(v, a + i, sizeof v);
            for (int l = 1; l < 8; l <<= 1)
                for (int j = 0; j < 8; j++)
                    if (!(j & l)) {
                        int16_t u = v[j], w = v[j + l];
                        v[j] = (int16_t)(u + w);
                        v[j + l] = (int16_t)(u - w);
                    }
            memcpy(a + i, v, sizeof v);
        }
    for (; len < size; len <<= 1)
        for (uint32_t i = 0; i < size; i += len << 1)
            butterfly(a + i, a + i + len, len);
}

/* x becomes the canonical member of x + span(kernel), on a large board.
 * Cell p of x + sum c_i K_i is x_p + c.g_p, g_p being bit p of each K_i.
 * Split c = (lo, hi), lo the first (up to) 16 bits.  For one hi, cell p is
 * s_p + lo.g_p,lo with s_p = x_p + hi.g_p,hi, so the weight is
 * (N - T(lo)) / 2, T being the Walsh-Hadamard transform of A, where A[v] adds
 * (-1)^s_p over the cells with g_p,lo = v.  One pass over the cells and one
 * transform give the weights of all 2^16 lo, a few operations each, where a
 * Gray code walk over the kernel takes m words (and m popcounts) each. */
static void lightest_rows(system_t *s, uint64_t *x)
{
    int m = s->m, n = s->n, k = s->nullity, lobits = k < LOW_BITS ? k : LOW_BITS;
    int best = tg_weight(x, m);
    uint32_t size = 1u << lobits;
    uint64_t bestx[TG_MAX], cand[TG_MAX];
    memcpy(bestx, x, (size_t)m * sizeof *x);
    for (uint32_t hi = 0; hi < 1u << (k - lobits); hi++) {
        int16_t top = INT16_MIN;
        memset(s->wht, 0, size * sizeof *s->wht);
        for (int r = 0, p = 0; r < m; r++)
            for (int c = 0; c < n; c++, p++) {
                int bit = (int)((x[r] >> c) & 1) ^ __builtin_parity(hi & s->hi[p]);
                s->wht[s->lo[p]] += (int16_t)(1 - 2 * bit);
            }
        walsh_hadamard(s->wht, size);
        for (uint32_t lo = 0; lo < size; lo++)
            top = s->wht[lo] > top ? s->wht[lo] : top;
        int w = (m * n - top) / 2;
        if (w > best)
            continue;
        for (uint32_t lo = 0; lo < size; lo++) { /* ties: the smallest string */
            if (s->wht[lo] != top)
                continue;
            uint32_t c = lo | hi << LOW_BITS;
            memcpy(cand, x, (size_t)m * sizeof *x);
            for (int i = 0; i < k; i++)
                if ((c >> i) & 1)
                    for (int r = 0; r < m; r++)
                        cand[r] ^= s->kern[i][r];
            if (w < best || tg_lexless(cand, bestx, m)) {
                best = w;
                memcpy(bestx, cand, (size_t)m * sizeof *x);
            }
        }
    }
    memcpy(x, bestx, (size_t)m * sizeof *x);
}

__attribute__((noinline)) static int solve_any(system_t *s, const tg_board *bd, unsigned goals,
                                               tg_answer *a)
{
    int m = s->m, certs = 1;
    uint64_t x[TG_MAX];
    a->weight = -1;
    for (int g = 0; g < 2; g++) {
        if (!(goals & (1u << g)))
            continue;
        uint64_t goalrow = g ? tg_mask(s->n) : 0;
        if (particular(s, bd->b, goalrow, x)) { /* unreachable: certify */
            uint64_t dots = kernel_dots(s, bd->b, goalrow);
            if (dots)
                memcpy(a->cert[g], s->kern[__builtin_ctzll(dots)], (size_t)m * sizeof *x);
            certs &= dots != 0;
            continue;
        }
        if (s->nullity)
            lightest_rows(s, x);
        int w = tg_weight(x, m);
        if (a->weight < 0 || w < a->weight || (w == a->weight && tg_lexless(x, a->x, m))) {
            a->weight = w;
            memcpy(a->x, x, (size_t)m * sizeof *x);
        }
    }
    a->has = a->weight >= 0 ? TG_PRESSES : certs ? TG_CERTS : 0;
    return 0;
}

/* A new board size: its columns of R, then the elimination and tables. */
__attribute__((noinline)) static void resize(system_t *s, int m, int n)
{
    uint64_t col[TG_MAX], x[TG_MAX];
    for (int j = 0; j < n; j++) {
        x[0] = 1ull << j;
        col[j] = tg_chase(zero, m, n, 0, x);
    }
    eliminate(m, n, col, s);
}

/* Inlined into each puzzle's entry point, so the goals are a constant there. */
__attribute__((always_inline)) static inline int gf2(const tg_board *bd, unsigned goals,
                                                     tg_answer *a, void *scratch)
{
    system_t *s = scratch;
    if (s->m != bd->m || s->n != bd->n)
        resize(s, bd->m, bd->n);
    return s->small ? solve_small(s, bd, goals, a) : solve_any(s, bd, goals, a);
}

TG_SOLVER(gf2, "GF(2) elimination of the first-row system, kernel searched",
          "nullity <= 32: every size to 64x64 but 61x61, 62x64 and 64x62", gf2_fits,
          sizeof(system_t), gf2_prepare);
