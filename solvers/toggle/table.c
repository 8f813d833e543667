/* table - the press matrix's inverse as byte tables (method of four Russians).
 *
 * Idea: a board of at most 64 cells packs into a word (cell (r, c) at bit
 * r*n + c), and where the press matrix A is invertible its answer is linear
 * in it: x = A^-1 b.  Cut b into chunks of at most 8 cells (its rows where
 * n <= 8, else the bytes of the packed board) and tabulate A^-1 on every
 * value of every chunk: x is the XOR of one look-up a chunk.  Where A is
 * singular the same tables give a particular answer P b and the dots
 * K_i . b with a basis K of ker A (A is symmetric, so a y with y A = 0 is a
 * press pattern that changes nothing): a dot of 1 proves b has no answer,
 * with K_i the certificate; else the answers are P b + span(K), the canonical
 * one found by walking its 2^nullity members.  Flip Game's all-on goal adds
 * the all-on board's entries.
 * Cost: in prepare, once for every size of at most 64 cells: an elimination
 * of A (one word a row) and its tables, 1.9 MB in all, a few ms.  Per
 * board: one look-up a chunk (5x6: five), the presses unpacked into rows;
 * on a singular size, the dots as well and at most 2^6 coset members (6 is
 * the largest nullity there is to 64 cells, at 6x8 and 8x6).
 * Limits: m * n <= 64: every Flip Game size, Lights Out to 64 cells.
 */
#include <stdlib.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "toggle.h"

enum { CELLS = 64, MAX_NULLITY = 6, ROW_COLS = 8 };

/* A size's tables: chunk k's entry for value v at x[(k << width) + v].  A
 * set of presses is packed, but for the fast sizes (invertible, at most 8
 * rows and 8 columns), whose entries hold row r in byte r, so that the
 * answer's rows are the entry's bytes (the weight and the tie-break, the
 * lowest differing bit, read either layout alike). */
typedef struct sized sized;
typedef size_t run_fn(const sized *, const tg_board *, tg_answer *, size_t count);
struct sized {
    int m, n, chunks, width; /* width: n where n <= 8 (a chunk a row), else 8 */
    int nullity, fast;
    uint64_t mask;          /* a row's cells */
    size_t stride;          /* 2^width: from a chunk's table to the next's */
    run_fn *flip, *lo;      /* fast sizes: the puzzles' runs (below), the rows a constant */
    uint64_t on_x, on_dots; /* the entries of the all-on board */
    uint64_t kern[MAX_NULLITY];
    uint64_t *x;    /* P b */
    uint64_t *dots; /* bit i: K_i . b; NULL where A is invertible */
};

static sized *by_size[CELLS + 1][CELLS + 1]; /* [m][n], m * n <= 64 */
static run_fn *const flip_rows[ROW_COLS + 1], *const lo_rows[ROW_COLS + 1]; /* below */

/* What pressing the packed set x does on an m x n board. */
static uint64_t press(uint64_t x, int m, int n)
{
    uint64_t first = 0, all = tg_mask(m * n);
    for (int r = 0; r < m; r++)
        first |= 1ull << (r * n);
    uint64_t last = first << (n - 1), up = n < 64 ? x >> n : 0, down = n < 64 ? x << n : 0;
    return (x ^ ((x << 1) & ~first) ^ ((x >> 1) & ~last) ^ up ^ down) & all;
}

/* Eliminates A of an m x n board: col[j] = P e_j (the particular answer to
 * the board of cell j alone) and dcol[j] its dots; the kernel into t. */
static void eliminate(sized *t, uint64_t *col, uint64_t *dcol)
{
    const int m = t->m, n = t->n, cells = m * n;
    uint64_t row[CELLS], ops[CELLS];
    int piv[CELLS], rank = 0;
    for (int p = 0; p < cells; p++) {
        row[p] = press(1ull << p, m, n);
        ops[p] = 1ull << p;
    }
    for (int j = 0; j < cells; j++) { /* reduced row echelon form; ops: the row operations */
        int p = rank;
        while (p < cells && !((row[p] >> j) & 1))
            p++;
        if (p == cells)
            continue;
        uint64_t r = row[p], o = ops[p];
        row[p] = row[rank], ops[p] = ops[rank];
        row[rank] = r, ops[rank] = o;
        for (int i = 0; i < cells; i++)
            if (i != rank && ((row[i] >> j) & 1))
                row[i] ^= r, ops[i] ^= o;
        piv[rank++] = j;
    }
    t->nullity = cells - rank;
    if (t->nullity > MAX_NULLITY)
        pz_fatal("table: %dx%d has nullity %d, more than %d", m, n, t->nullity, MAX_NULLITY);
    /* Row i < rank of the system says x[piv[i]] = ops[i] . b (the free
     * cells 0); a row past the rank, ops[i] . b = 0, its ops[i] in ker A. */
    for (int j = 0; j < cells; j++) {
        col[j] = dcol[j] = 0;
        for (int i = 0; i < rank; i++)
            col[j] |= ((ops[i] >> j) & 1) << piv[i];
        for (int k = 0; k < t->nullity; k++)
            dcol[j] |= ((ops[rank + k] >> j) & 1) << k;
        if (!t->nullity && press(col[j], m, n) != 1ull << j)
            pz_fatal("table: the inverse of %dx%d is wrong at cell %d", m, n, j);
    }
    for (int k = 0; k < t->nullity; k++)
        if (press(t->kern[k] = ops[rank + k], m, n))
            pz_fatal("table: a kernel vector of %dx%d changes the board", m, n);
}

/* The packed set x with row r in byte r (m, n <= 8). */
static uint64_t bytewise(uint64_t x, int m, int n)
{
    uint64_t v = 0;
    for (int r = 0; r < m; r++)
        v |= ((x >> (r * n)) & tg_mask(n)) << (8 * r);
    return v;
}

/* Chunk k's entries of the values v: the XOR of c[bit] over v's bits. */
static void tabulate(const sized *t, const uint64_t *c, uint64_t *tab)
{
    const int cells = t->m * t->n;
    for (int k = 0; k < t->chunks; k++) {
        int at = k * t->width, bits = cells - at < t->width ? cells - at : t->width;
        uint64_t *e = tab + ((size_t)k << t->width);
        e[0] = 0;
        for (uint32_t v = 1; v < 1u << bits; v++)
            e[v] = e[v & (v - 1)] ^ c[at + __builtin_ctz(v)];
    }
}

static sized *every;

/* Every size of at most 64 cells, once: eliminated, then tabulated. */
static int table_prepare(void)
{
    size_t nsizes = 0, entries = 0, at = 0;
    if (every)
        return 0;
    for (int m = 1; m <= CELLS; m++)
        nsizes += (size_t)(CELLS / m);
    sized *all = calloc(nsizes, sizeof *all);
    uint64_t(*col)[2][CELLS] = malloc(nsizes * sizeof *col); /* P e_j and its dots, a size */
    if (!all || !col)
        goto fail;
    for (int m = 1, i = 0; m <= CELLS; m++)
        for (int n = 1; m * n <= CELLS; n++, i++) {
            sized *t = &all[i];
            t->m = m;
            t->n = n;
            t->width = n <= ROW_COLS ? n : 8;
            t->chunks = n <= ROW_COLS ? m : (m * n + 7) / 8;
            eliminate(t, col[i][0], col[i][1]);
            t->mask = tg_mask(n);
            t->stride = (size_t)1 << t->width;
            t->fast = !t->nullity && m <= ROW_COLS && n <= ROW_COLS;
            if (t->fast) {
                for (int j = 0; j < m * n; j++)
                    col[i][0][j] = bytewise(col[i][0][j], m, n);
                t->flip = flip_rows[m];
                t->lo = lo_rows[m];
            }
            entries += (size_t)(t->nullity ? 2 : 1) * ((size_t)t->chunks << t->width);
        }
    uint64_t *pool = malloc(entries * sizeof *pool);
    if (!pool)
        goto fail;
    for (size_t i = 0; i < nsizes; i++) {
        sized *t = &all[i];
        size_t size = (size_t)t->chunks << t->width;
        t->x = pool + at;
        tabulate(t, col[i][0], t->x);
        at += size;
        if (t->nullity) {
            t->dots = pool + at;
            tabulate(t, col[i][1], t->dots);
            at += size;
        }
        for (int j = 0; j < t->m * t->n; j++) {
            t->on_x ^= col[i][0][j];
            t->on_dots ^= col[i][1][j];
        }
        by_size[t->m][t->n] = t;
    }
    free(col);
    every = all;
    return 0;
fail:
    free(all);
    free(col);
    return -1;
}

static int table_fits(int m, int n)
{
    if (!every)
        pz_fatal("table: fits() called before prepare()");
    return m * n <= CELLS;
}

/* The entries of board b from tab (t->x or t->dots): a look-up a chunk. */
static uint64_t lookup(const sized *t, const uint64_t *tab, const tg_board *bd)
{
    const int m = t->m, n = t->n;
    const uint64_t mask = tg_mask(n);
    uint64_t v = 0, packed = 0;
    if (n <= ROW_COLS) {
        for (int r = 0; r < m; r++)
            v ^= tab[((size_t)r << n) + (bd->b[r] & mask)];
        return v;
    }
    for (int r = 0; r < m; r++)
        packed |= (bd->b[r] & mask) << (r * n);
    for (int k = 0; k < t->chunks; k++)
        v ^= tab[((size_t)k << 8) + ((packed >> (8 * k)) & 255)];
    return v;
}

static inline void unpack(uint64_t v, int m, int n, uint64_t *rows)
{
    const uint64_t mask = tg_mask(n);
    for (int r = 0; r < m; r++)
        rows[r] = (v >> (r * n)) & mask; /* r * n < 64 */
}

/* Any size: the goals' particular answers and dots, certificates, the
 * coset walked, the goals compared. */
__attribute__((noinline)) static int solve_any(const sized *t, const tg_board *bd, unsigned goals,
                                               tg_answer *a)
{
    const int m = t->m, n = t->n;
    uint64_t x = lookup(t, t->x, bd), dots = t->dots ? lookup(t, t->dots, bd) : 0, best = 0;
    int weight = -1;
    for (int g = 0; g < 2; g++) {
        if (!(goals & (1u << g)))
            continue;
        uint64_t gx = g ? x ^ t->on_x : x, gd = g ? dots ^ t->on_dots : dots;
        if (gd) { /* K_i . (b + goal) = 1: unreachable */
            unpack(t->kern[__builtin_ctzll(gd)], m, n, a->cert[g]);
            continue;
        }
        gx = tg_coset_min(gx, t->kern, t->nullity);
        int w = tg_popcount(gx);
        if (weight < 0 || w < weight || (w == weight && tg_packed_less(gx, best)))
            weight = w, best = gx;
    }
    a->weight = weight;
    a->has = weight >= 0 ? TG_PRESSES : TG_CERTS;
    if (weight >= 0)
        unpack(best, m, n, a->x);
    return 0;
}

/* A fast size's constants, out of t: the answers' stores could alias it. */
typedef struct fast {
    uint64_t mask, on_x;
    size_t stride;
    const uint64_t *tab;
} fast;

/* A fast size of M rows: a look-up a row, and for Flip Game the lighter
 * of the two goals; the rows of the answer are the bytes of the entry. */
static inline __attribute__((always_inline)) void
solve_rows(const fast k, const tg_board *bd, tg_answer *a, const unsigned goals, const int M)
{
    const uint64_t *tab = k.tab;
    uint64_t x = 0;
    for (int r = 0; r < M; r++, tab += k.stride) /* (r * stride: vectorized, slower) */
        x ^= tab[bd->b[r] & k.mask];
    if (goals == (TG_OFF | TG_ON)) {
        uint64_t y = x ^ k.on_x;
        int wx = tg_popcount(x), wy = tg_popcount(y);
        if (wy < wx || (wy == wx && tg_packed_less(y, x)))
            x = y;
    } else if (goals != TG_OFF) {
        x ^= k.on_x;
    }
    a->weight = tg_popcount(x);
    a->has = TG_PRESSES;
#ifdef __SSE2__ /* bytes to words: three unpacks, a store every two rows */
    const __m128i z = _mm_setzero_si128(),
                  v = _mm_unpacklo_epi8(_mm_cvtsi64_si128((long long)x), z);
    const __m128i lo = _mm_unpacklo_epi16(v, z), hi = _mm_unpackhi_epi16(v, z);
    const __m128i w[4] = {_mm_unpacklo_epi32(lo, z), _mm_unpackhi_epi32(lo, z),
                          _mm_unpacklo_epi32(hi, z), _mm_unpackhi_epi32(hi, z)};
    for (int r = 0; r + 1 < M; r += 2)
        _mm_storeu_si128((__m128i *)(a->x + r), w[r / 2]);
    if (M & 1)
        _mm_storel_epi64((__m128i *)(a->x + M - 1), w[M / 2]);
#else
    for (int r = 0; r < M; r++)
        a->x[r] = (x >> (8 * r)) & 0xff;
#endif
}

static inline __attribute__((always_inline)) size_t run(const sized *t, const tg_board *bd,
                                                        tg_answer *a, size_t count,
                                                        const unsigned goals, const int M)
{
    const fast k = {t->mask, t->on_x, t->stride, t->x};
    uint16_t mn, next; /* the m and n bytes, compared at once */
    size_t j = 0;
    memcpy(&mn, &bd->m, sizeof mn);
    do
        solve_rows(k, bd + j, a + j, goals, M);
    while (++j < count && (memcpy(&next, &bd[j].m, sizeof next), next == mn));
    return j;
}

/* The run of boards of t's size from bd[0], at most count, for each puzzle:
 * how many were solved.  A fast board takes nanoseconds: the stop is seen
 * between runs. */
#define ROWS(M)                                                                                    \
    static size_t flip_##M(const sized *t, const tg_board *bd, tg_answer *a, size_t count)         \
    {                                                                                              \
        return run(t, bd, a, count, TG_FLIP_GOALS, M);                                             \
    }                                                                                              \
    static size_t lo_##M(const sized *t, const tg_board *bd, tg_answer *a, size_t count)           \
    {                                                                                              \
        return run(t, bd, a, count, TG_LIGHTSOUT_GOALS, M);                                        \
    }
ROWS(1)
ROWS(2)
ROWS(3)
ROWS(4)
ROWS(5)
ROWS(6)
ROWS(7)
ROWS(8)
static run_fn *const flip_rows[ROW_COLS + 1] = {NULL,   flip_1, flip_2, flip_3, flip_4,
                                                flip_5, flip_6, flip_7, flip_8};
static run_fn *const lo_rows[ROW_COLS + 1] = {NULL, lo_1, lo_2, lo_3, lo_4, lo_5, lo_6, lo_7, lo_8};

/* Inlined into each puzzle's entry point, so the goals are a constant there. */
__attribute__((always_inline)) static inline int table(const tg_board *bd, unsigned goals,
                                                       tg_answer *a, void *scratch)
{
    const sized *t = by_size[bd->m][bd->n];
    (void)scratch;
    if (!t->fast)
        return solve_any(t, bd, goals, a);
    (goals == TG_LIGHTSOUT_GOALS ? t->lo : t->flip)(t, bd, a, 1);
    return 0;
}

/* solve_batch: a run of one fast size in one call, any other board alone. */
__attribute__((always_inline)) static inline size_t
table_batch(const tg_board *bd, unsigned goals, tg_answer *a, size_t count, void *scratch)
{
    size_t j = 0;
    (void)scratch;
    while (j < count && !pz_stopped()) {
        const sized *t = by_size[bd[j].m][bd[j].n];
        if (t->fast)
            j += (goals == TG_LIGHTSOUT_GOALS ? t->lo : t->flip)(t, bd + j, a + j, count - j);
        else
            solve_any(t, bd + j, goals, a + j), j++;
    }
    return j;
}

TG_SOLVER_BATCH(table, "the inverse (or a kernel's coset) as byte tables, XOR of look-ups",
                "m * n <= 64 cells", table_fits, 0, table_prepare, table_batch);
