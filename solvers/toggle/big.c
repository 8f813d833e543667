/* big.c - what the big-board solvers share: boards, light chasing on rows of
 * many words, the transfer matrix of a size, the kernel in its canonical
 * basis, the canonical answer and certificates.  The algorithms (bigchase.c,
 * bigm4ri.c, bigdense.c) differ in how they solve the system of a size.
 *
 * The chase frame.  A board of m >= n rows is chased down its rows: once the
 * first row f of presses is chosen, row r + 1 must be pressed under every
 * light row r leaves on, and what the last row leaves is c + R f, R being
 * the n x n transfer matrix.  A board of m < n is transposed first, so the
 * system has min(m, n) unknowns and the chase runs max(m, n) rows.
 *
 * The transfer matrix.  With T the tridiagonal matrix of one row's presses
 * on its own row, the chase is x[r + 1] = T x[r] + x[r - 1], so R = P_h(T)
 * for the polynomials P_0 = 1, P_1 = x, P_{r+1} = x P_r + P_{r-1} (h rows).
 * T = I + S, S the adjacency of a path of w vertices; S is the cycle of
 * L = 2w + 2 vertices restricted to the vectors that are mirror-symmetric
 * about the vertices -1 and w (zero there), which over GF(2) the cycle's
 * adjacency keeps.  So R is the cycle's convolution by q = P_h(1 + x + 1/x)
 * in GF(2)[x]/(x^L + 1), restricted: R[i][j] = q[i - j] + q[i + j + 2], a
 * Toeplitz-plus-Hankel matrix given by L bits.  q costs h steps of L/64
 * words, R w rows of w/64 words: O(hw/64 + w^2/64), where chasing the w
 * unknowns symbolically (as njpipeorgan/LightsOut does) costs O(h w^2/64).
 * The elimination of R, O(w^3/64), is all that is left of the per-size work.
 */
#include <stdlib.h>
#include <string.h>

#include "../rng.h"
#include "big.h"

/* ---- boards ---- */

void tg_big_zero(tg_big *b)
{
    b->m = b->n = 0;
    b->w = 0;
    b->row = NULL;
}

int tg_big_init(tg_big *b, int m, int n)
{
    size_t w = tg_big_words(n), need = (size_t)m * w;
    if (!b->row || (size_t)b->m * b->w < need) {
        free(b->row);
        b->row = calloc(need ? need : 1, sizeof *b->row);
        if (!b->row) {
            tg_big_zero(b);
            return -1;
        }
    } else {
        memset(b->row, 0, need * sizeof *b->row);
    }
    b->m = m;
    b->n = n;
    b->w = w;
    return 0;
}

void tg_big_free(tg_big *b)
{
    free(b->row);
    tg_big_zero(b);
}

static inline uint64_t last_mask(int n)
{
    return n % 64 ? (1ull << (n % 64)) - 1 : ~0ull;
}

void tg_big_ones(tg_big *b)
{
    for (int r = 0; r < b->m; r++) {
        uint64_t *row = tg_big_row(b, r);
        for (size_t i = 0; i < b->w; i++)
            row[i] = ~0ull;
        row[b->w - 1] = last_mask(b->n);
    }
}

void tg_big_random(tg_big *b, uint64_t seed, uint64_t index)
{
    pz_rng rng = pz_rng_at(seed, index);
    for (int r = 0; r < b->m; r++) {
        uint64_t *row = tg_big_row(b, r);
        for (size_t i = 0; i < b->w; i++)
            row[i] = pz_rng_next(&rng);
        row[b->w - 1] &= last_mask(b->n);
    }
}

void tg_big_from_small(tg_big *b, const tg_board *s)
{
    for (int r = 0; r < s->m; r++)
        tg_big_row(b, r)[0] = s->b[r];
}

void tg_big_to_small(const tg_big *b, uint64_t *rows)
{
    for (int r = 0; r < b->m; r++)
        rows[r] = tg_big_row(b, r)[0];
}

long tg_big_weight(const tg_big *b)
{
    long w = 0;
    for (size_t i = 0; i < (size_t)b->m * b->w; i++)
        w += tg_popcount(b->row[i]);
    return w;
}

int tg_big_equal(const tg_big *a, const tg_big *b)
{
    return a->m == b->m && a->n == b->n &&
           !memcmp(a->row, b->row, (size_t)a->m * a->w * sizeof *a->row);
}

void tg_bigans_init(tg_bigans *a)
{
    a->weight = -1;
    a->has = 0;
    a->fewest = 0;
    tg_big_zero(&a->x);
    tg_big_zero(&a->cert[0]);
    tg_big_zero(&a->cert[1]);
}

void tg_bigans_free(tg_bigans *a)
{
    tg_big_free(&a->x);
    tg_big_free(&a->cert[0]);
    tg_big_free(&a->cert[1]);
}

/* Is x smaller than y as a row-major bit string (the tie-break)? */
static int big_lexless(const tg_big *x, const tg_big *y)
{
    for (size_t i = 0; i < (size_t)x->m * x->w; i++) {
        uint64_t d = x->row[i] ^ y->row[i];
        if (d)
            return !(x->row[i] & d & -d);
    }
    return 0;
}

/* ---- rows of many words ---- */

static inline void xor_words(uint64_t *restrict a, const uint64_t *restrict b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        a[i] ^= b[i];
}

static inline int dot_words(const uint64_t *a, const uint64_t *b, size_t n)
{
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++)
        v ^= a[i] & b[i];
    return __builtin_parityll(v);
}

/* Light chasing in a frame of h rows of w bits (W words): x[0] given, row
 * r + 1 pressed under what row r leaves lit (b NULL: an empty board; on: the
 * goal is all on).  What the last row leaves goes to res. */
static void chase(const uint64_t *b, int h, int w, int on, uint64_t *x, uint64_t *res)
{
    size_t W = tg_big_words(w);
    uint64_t lastm = last_mask(w);
    for (int r = 0; r < h; r++) {
        const uint64_t *cur = x + (size_t)r * W, *above = r ? cur - W : NULL;
        const uint64_t *br = b ? b + (size_t)r * W : NULL;
        uint64_t *out = r + 1 < h ? x + (size_t)(r + 1) * W : res;
        for (size_t i = 0; i < W; i++) {
            uint64_t p = cur[i];
            uint64_t v = p ^ (p << 1) ^ (p >> 1);
            if (i > 0)
                v ^= cur[i - 1] >> 63;
            if (i + 1 < W)
                v ^= cur[i + 1] << 63;
            if (above)
                v ^= above[i];
            if (br)
                v ^= br[i];
            if (on)
                v ^= ~0ull;
            out[i] = v;
        }
        out[W - 1] &= lastm;
    }
}

/* a[64], a 64 x 64 bit block, transposed in place: bit j of a[i] and bit i of
 * a[j] change places. */
static void transpose64(uint64_t *a)
{
    static const uint64_t masks[6] = {0x00000000ffffffffull, 0x0000ffff0000ffffull,
                                      0x00ff00ff00ff00ffull, 0x0f0f0f0f0f0f0f0full,
                                      0x3333333333333333ull, 0x5555555555555555ull};
    for (int j = 32, s = 0; j; j >>= 1, s++)
        for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
            uint64_t t = ((a[k] >> j) ^ a[k + j]) & masks[s];
            a[k] ^= t << j;
            a[k + j] ^= t;
        }
}

/* dst (cols x rows, stride dw) = src (rows x cols, stride sw) transposed. */
static void transpose(const uint64_t *src, int rows, int cols, size_t sw, uint64_t *dst, size_t dw)
{
    uint64_t blk[64];
    for (int bi = 0; bi * 64 < rows; bi++)
        for (int bj = 0; bj * 64 < cols; bj++) {
            for (int t = 0; t < 64; t++)
                blk[t] = bi * 64 + t < rows ? src[(size_t)(bi * 64 + t) * sw + (size_t)bj] : 0;
            transpose64(blk);
            for (int t = 0; t < 64 && bj * 64 + t < cols; t++)
                dst[(size_t)(bj * 64 + t) * dw + (size_t)bi] = blk[t];
        }
}

/* ---- the system of a size ---- */

struct tg_bigsys {
    const tg_bigalgo *algo;
    int m, n;     /* 0: nothing prepared */
    int tr, h, w; /* chase frame: h rows of w bits (transposed: tr) */
    size_t W, NW; /* words of w bits, of n bits */
    int rank, nullity, searched;
    /* Chase algorithms: [R | I] in reduced echelon form, w rows of 2W words. */
    uint64_t *e;
    int *pivcol;
    /* Whole-matrix algorithms: their state. */
    void *dense;
    /* The canonical kernel basis: nullity rows of NW + W words, row 0 of the
     * vector then its first row in the chase frame, in reduced echelon form
     * on row 0; lead[i] is basis vector i's leading cell in row 0. */
    uint64_t *kb;
    int *lead;
    /* The search: bit i of g[r * n + c] is cell (r, c) of basis vector i. */
    uint32_t *g;
    int32_t *wht;
    /* Boards to work in. */
    tg_big bf, xf;          /* chase frame: the board (transposed), the presses */
    tg_big t0, t1, alt;     /* m x n: with a kernel; Flip Game's second goal */
    uint64_t *res, *f, *r0; /* W, W and NW + W words */
};

tg_bigsys *tg_bigsys_new(const tg_bigalgo *algo)
{
    tg_bigsys *s = calloc(1, sizeof *s);
    if (s)
        s->algo = algo;
    return s;
}

static void release(tg_bigsys *s)
{
    free(s->e);
    free(s->pivcol);
    if (s->dense)
        s->algo->release(s->dense);
    free(s->kb);
    free(s->lead);
    free(s->g);
    free(s->wht);
    tg_big_free(&s->bf);
    tg_big_free(&s->xf);
    tg_big_free(&s->t0);
    tg_big_free(&s->t1);
    tg_big_free(&s->alt);
    free(s->res);
    free(s->f);
    free(s->r0);
    const tg_bigalgo *algo = s->algo;
    memset(s, 0, sizeof *s);
    s->algo = algo;
}

void tg_bigsys_free(tg_bigsys *s)
{
    if (s) {
        release(s);
        free(s);
    }
}

const char *tg_bigalgo_name(const tg_bigalgo *a)
{
    return a->name;
}
const char *tg_bigalgo_limits(const tg_bigalgo *a)
{
    return a->limits;
}
int tg_bigalgo_fits(const tg_bigalgo *a, int m, int n)
{
    return m >= 1 && n >= 1 && a->fits(m, n);
}
static int searchable(int m, int n, int k)
{
    return k <= TG_BIG_SEARCH_NULLITY &&
           ((uint64_t)m * (uint64_t)n << k) <= 1ull << TG_BIG_SEARCH_LOG;
}

int tg_big_fits(const tg_bigalgo *a, int m, int n, unsigned goals)
{
    int k, on;
    if (!tg_bigalgo_fits(a, m, n))
        return 0;
    if (!(goals & TG_ON))
        return 1;
    return tg_big_facts(m, n, &k, &on) == 0 && searchable(m, n, k);
}

int tg_big_nullity(const tg_bigsys *s)
{
    return s->nullity;
}
int tg_big_searched(const tg_bigsys *s)
{
    return s->searched;
}

/* q = P_h(1 + x + 1/x) mod x^L + 1, L = 2w + 2, into q (words of L bits). */
static int transfer_poly(int h, int w, uint64_t *q)
{
    int L = 2 * w + 2;
    size_t LW = tg_big_words(L);
    uint64_t *prev = calloc(LW, sizeof *prev), *next = calloc(LW, sizeof *next), *cur = q;
    uint64_t lm = last_mask(L);
    if (!prev || !next) {
        free(prev);
        free(next);
        return -1;
    }
    memset(cur, 0, LW * sizeof *cur);
    cur[0] = 1;
    for (int r = 0; r < h; r++) {
        /* next = cur + x cur + cur / x + prev, cyclically in L bits */
        uint64_t top = (cur[(L - 1) / 64] >> ((L - 1) % 64)) & 1, low = cur[0] & 1;
        for (size_t i = 0; i < LW; i++) {
            uint64_t p = cur[i];
            uint64_t up = p << 1 | (i ? cur[i - 1] >> 63 : 0);
            uint64_t down = p >> 1 | (i + 1 < LW ? cur[i + 1] << 63 : 0);
            next[i] = p ^ up ^ down ^ prev[i];
        }
        next[LW - 1] &= lm; /* x^L wraps to 1, x^-1 to x^(L-1) */
        next[0] ^= top;
        next[(L - 1) / 64] ^= low << ((L - 1) % 64);
        memcpy(prev, cur, LW * sizeof *cur);
        memcpy(cur, next, LW * sizeof *cur);
    }
    free(prev);
    free(next);
    return 0;
}

/* R into rows w x w of stride words (a zeroed area): R[i][j] = q[j - i] +
 * q[i + j + 2], indices mod L (q is symmetric: q[t] = q[-t]). */
static int transfer_matrix(int h, int w, uint64_t *a, size_t stride)
{
    int L = 2 * w + 2;
    size_t LW = tg_big_words(L), W = tg_big_words(w), QW = tg_big_words(2 * L + 128);
    uint64_t *q = calloc(LW, sizeof *q), *qq = calloc(QW + 1, sizeof *qq);
    if (!q || !qq || transfer_poly(h, w, q)) {
        free(q);
        free(qq);
        return -1;
    }
    for (int t = 0; t < 2 * L + 128; t++) /* qq[t] = q[t mod L] */
        if ((q[(t % L) / 64] >> ((t % L) % 64)) & 1)
            qq[t / 64] |= 1ull << (t % 64);
    for (int i = 0; i < w; i++) {
        uint64_t *row = a + (size_t)i * stride;
        for (size_t u = 0; u < W; u++) {
            size_t s1 = (size_t)((64 * (long)u - i) % L + L) % (size_t)L;
            size_t s2 = (size_t)(i + 2 + 64 * (long)u) % (size_t)L;
            uint64_t v = 0;
            for (int k = 0; k < 2; k++) {
                size_t s = k ? s2 : s1, o = s % 64, wi = s / 64;
                v ^= o ? qq[wi] >> o | qq[wi + 1] << (64 - o) : qq[wi];
            }
            row[u] = v;
        }
        row[W - 1] &= last_mask(w);
    }
    free(q);
    free(qq);
    return 0;
}

/* The kernel vector of the first row v (chase frame), as a board of the
 * original frame in out (sized m x n). */
static void expand(tg_bigsys *s, const uint64_t *v, tg_big *out)
{
    memcpy(s->xf.row, v, s->W * sizeof *v);
    chase(NULL, s->h, s->w, 0, s->xf.row, s->res);
    for (size_t i = 0; i < s->W; i++)
        if (s->res[i])
            pz_fatal("big: a kernel vector of %dx%d leaves lights on", s->m, s->n);
    if (s->tr)
        transpose(s->xf.row, s->h, s->w, s->W, out->row, out->w);
    else
        memcpy(out->row, s->xf.row, (size_t)s->h * s->W * sizeof *v);
}

/* The canonical basis from any basis of the kernel, given by first rows in
 * the chase frame (nullity rows of W words); then the search's table. */
static int canonical_basis(tg_bigsys *s, const uint64_t *first)
{
    int k = s->nullity;
    size_t stride = s->NW + s->W;
    s->kb = calloc((size_t)k * stride + 1, sizeof *s->kb);
    s->lead = calloc((size_t)k + 1, sizeof *s->lead);
    if (!s->kb || !s->lead)
        return -1;
    /* Two boards to work in, where there are 2^k answers to choose from. */
    if (k && (tg_big_init(&s->t0, s->m, s->n) || tg_big_init(&s->t1, s->m, s->n)))
        return -1;
    for (int i = 0; i < k; i++) {
        uint64_t *row = s->kb + (size_t)i * stride;
        memcpy(row + s->NW, first + (size_t)i * s->W, s->W * sizeof *row);
        if (!s->tr) {
            memcpy(row, first + (size_t)i * s->W, s->W * sizeof *row);
        } else { /* row 0 = the frame's column 0 */
            expand(s, first + (size_t)i * s->W, &s->t0);
            memcpy(row, s->t0.row, s->NW * sizeof *row);
        }
    }
    if (k && tg__big_eliminate(s->kb, k, stride, s->n, s->lead) != k)
        pz_fatal("big: the kernel of %dx%d is not fixed by row 0", s->m, s->n);
    s->searched = searchable(s->m, s->n, k);
    if (!s->searched || !k)
        return 0;
    size_t cells = (size_t)s->m * (size_t)s->n;
    int lobits = k < 16 ? k : 16;
    s->g = calloc(cells, sizeof *s->g);
    s->wht = calloc((size_t)1 << lobits, sizeof *s->wht);
    if (!s->g || !s->wht)
        return -1;
    for (int i = 0; i < k; i++) {
        expand(s, s->kb + (size_t)i * stride + s->NW, &s->t0);
        for (int r = 0; r < s->m; r++) {
            const uint64_t *row = tg_big_row(&s->t0, r);
            for (size_t u = 0; u < s->NW; u++)
                for (uint64_t v = row[u]; v; v &= v - 1)
                    s->g[(size_t)r * (size_t)s->n + u * 64 + (size_t)__builtin_ctzll(v)] |= 1u << i;
        }
    }
    return 0;
}

/* The chase algorithms' per-size work: R, its elimination, the kernel. */
static int prepare_chase(tg_bigsys *s)
{
    int w = s->w;
    size_t W = s->W, stride = 2 * W;
    s->e = calloc((size_t)w * stride, sizeof *s->e);
    s->pivcol = calloc((size_t)w, sizeof *s->pivcol);
    if (!s->e || !s->pivcol || transfer_matrix(s->h, w, s->e, stride))
        return -1;
    for (int i = 0; i < w; i++)
        s->e[(size_t)i * stride + W + (size_t)i / 64] |= 1ull << (i % 64);
    s->rank = s->algo->eliminate(s->e, w, stride, w, s->pivcol);
    if (s->rank < 0)
        return -1;
    s->nullity = w - s->rank;
    uint64_t *first = calloc((size_t)s->nullity * W + 1, sizeof *first);
    if (!first)
        return -1;
    for (int j = 0, p = 0, k = 0; j < w; j++) { /* a kernel vector per free column */
        if (p < s->rank && s->pivcol[p] == j) {
            p++;
            continue;
        }
        uint64_t *v = first + (size_t)k++ * W;
        v[j / 64] |= 1ull << (j % 64);
        for (int q = 0; q < s->rank; q++)
            if ((s->e[(size_t)q * stride + (size_t)j / 64] >> (j % 64)) & 1)
                v[s->pivcol[q] / 64] |= 1ull << (s->pivcol[q] % 64);
    }
    int rc = canonical_basis(s, first);
    free(first);
    return rc;
}

/* The whole-matrix algorithms' per-size work: their state and kernel. */
static int prepare_dense(tg_bigsys *s)
{
    uint64_t *kernel = NULL;
    s->dense = s->algo->prepare(s->m, s->n, &s->nullity, &kernel);
    if (!s->dense)
        return -1;
    s->rank = s->m * s->n - s->nullity;
    uint64_t *first = calloc((size_t)s->nullity * s->W + 1, sizeof *first);
    if (!first) {
        free(kernel);
        return -1;
    }
    size_t bw = tg_big_words(s->n);
    for (int k = 0; k < s->nullity; k++) { /* the first row of the chase frame */
        const uint64_t *kv = kernel + (size_t)k * (size_t)s->m * bw;
        uint64_t *v = first + (size_t)k * s->W;
        if (!s->tr)
            memcpy(v, kv, bw * sizeof *v);
        else
            for (int r = 0; r < s->m; r++)
                v[r / 64] |= (kv[(size_t)r * bw] & 1) << (r % 64);
    }
    free(kernel);
    int rc = canonical_basis(s, first);
    free(first);
    return rc;
}

int tg_big_prepare(tg_bigsys *s, int m, int n)
{
    if (s->m == m && s->n == n)
        return 0;
    release(s);
    if (!tg_bigalgo_fits(s->algo, m, n))
        return TG_BIG_OUTSIDE;
    s->m = m;
    s->n = n;
    s->tr = m < n;
    s->h = s->tr ? n : m;
    s->w = s->tr ? m : n;
    s->W = tg_big_words(s->w);
    s->NW = tg_big_words(n);
    s->res = calloc(s->W, sizeof *s->res);
    s->f = calloc(s->W, sizeof *s->f);
    s->r0 = calloc(s->NW + s->W, sizeof *s->r0);
    if (!s->res || !s->f || !s->r0 || (s->tr && tg_big_init(&s->bf, s->h, s->w)) ||
        tg_big_init(&s->xf, s->h, s->w) ||
        (s->algo->eliminate ? prepare_chase(s) : prepare_dense(s))) {
        release(s);
        return TG_BIG_NOMEM;
    }
    return 0;
}

/* ---- answers ---- */

/* x becomes the smallest member of x + kernel as a row-major bit string:
 * basis vector i is added where x has cell (0, lead[i]), in lead order. */
static void smallest(tg_bigsys *s, tg_big *x)
{
    size_t stride = s->NW + s->W;
    uint64_t *r0 = s->r0; /* row 0, then the frame's first row */
    int any = 0;
    memcpy(r0, x->row, s->NW * sizeof *r0);
    memset(r0 + s->NW, 0, s->W * sizeof *r0);
    for (int i = 0; i < s->nullity; i++)
        if ((r0[s->lead[i] / 64] >> (s->lead[i] % 64)) & 1) {
            xor_words(r0, s->kb + (size_t)i * stride, stride);
            any = 1;
        }
    if (!any)
        return;
    memcpy(s->f, r0 + s->NW, s->W * sizeof *r0);
    expand(s, s->f, &s->t1);
    xor_words(x->row, s->t1.row, (size_t)x->m * x->w);
}

/* a[c] becomes the sum over g of a[g] (-1)^(c.g): in 16 bits where the
 * sums fit (boards of fewer than 2^15 cells), which the compiler vectorizes
 * 8 entries at a time, else in 32. */
#define BUTTERFLIES(T)                                                                             \
    static void butterfly_##T(T *restrict p, T *restrict q, uint32_t len)                          \
    {                                                                                              \
        for (uint32_t j = 0; j < len; j++) {                                                       \
            T u = p[j], v = q[j];                                                                  \
            p[j] = (T)(u + v);                                                                     \
            q[j] = (T)(u - v);                                                                     \
        }                                                                                          \
    }                                                                                              \
    static void walsh_hadamard_##T(T *a, uint32_t size)                                            \
    {                                                                                              \
        for (uint32_t len = 1; len < size; len <<= 1)                                              \
            for (uint32_t i = 0; i < size; i += len << 1)                                          \
                butterfly_##T(a + i, a + i + len, len);                                            \
    }
BUTTERFLIES(int16_t)
BUTTERFLIES(int32_t)

/* The weights of x + sum c_i K_i for the 2^lobits low halves of c with the
 * high half hi: (cells - wht[lo]) / 2; returns the largest wht[lo]. */
#define SPECTRUM(T)                                                                                \
    static int32_t spectrum_##T(const tg_bigsys *s, const tg_big *x, uint64_t hi, int lobits,      \
                                T *wht)                                                            \
    {                                                                                              \
        uint32_t size = 1u << lobits, lomask = size - 1;                                           \
        const uint32_t *g = s->g;                                                                  \
        memset(wht, 0, size * sizeof *wht);                                                        \
        for (int r = 0; r < s->m; r++) {                                                           \
            const uint64_t *row = tg_big_row(x, r);                                                \
            for (int c = 0; c < s->n; c++, g++) {                                                  \
                int bit = (int)((row[c / 64] >> (c % 64)) & 1) ^                                   \
                          __builtin_parityll(hi & (*g >> lobits));                                 \
                wht[*g & lomask] += (T)(1 - 2 * bit);                                              \
            }                                                                                      \
        }                                                                                          \
        walsh_hadamard_##T(wht, size);                                                             \
        T top = wht[0];                                                                            \
        for (uint32_t lo = 1; lo < size; lo++)                                                     \
            top = wht[lo] > top ? wht[lo] : top;                                                   \
        return top;                                                                                \
    }
SPECTRUM(int16_t)
SPECTRUM(int32_t)

/* x becomes the canonical member of x + kernel: the fewest presses, then the
 * smallest string.  As in gf2.c: cell p of x + sum c_i K_i is x_p + c.g_p;
 * for each value of c's high bits one pass over the cells and a Walsh-
 * Hadamard transform give the weights of all 2^16 low halves. */
static void fewest(tg_bigsys *s, tg_big *x)
{
    int k = s->nullity, m = s->m, n = s->n, lobits = k < 16 ? k : 16;
    uint32_t size = 1u << lobits;
    long best = tg_big_weight(x), cells = (long)m * n;
    int narrow = cells < 1 << 15;
    int16_t *w16 = (int16_t *)s->wht;
    tg_big *bestx = &s->t0, *cand = &s->t1;
    memcpy(bestx->row, x->row, (size_t)m * x->w * sizeof *x->row);
    for (uint64_t hi = 0; hi < 1ull << (k - lobits); hi++) {
        int32_t top = narrow ? spectrum_int16_t(s, x, hi, lobits, w16)
                             : spectrum_int32_t(s, x, hi, lobits, s->wht);
        long wt = (cells - top) / 2;
        if (wt > best)
            continue;
        for (uint32_t lo = 0; lo < size; lo++) { /* ties: the smallest string */
            if ((narrow ? w16[lo] : s->wht[lo]) != top)
                continue;
            uint64_t coef = lo | hi << lobits;
            const uint32_t *g = s->g;
            for (int r = 0; r < m; r++) {
                const uint64_t *row = tg_big_row(x, r);
                uint64_t *out = tg_big_row(cand, r);
                for (int c = 0; c < n; c++, g++) {
                    uint64_t bit = (uint64_t)__builtin_parityll(coef & *g) << (c % 64);
                    if (c % 64 == 0)
                        out[c / 64] = row[c / 64];
                    out[c / 64] ^= bit;
                }
            }
            if (wt < best || big_lexless(cand, bestx)) {
                best = wt;
                tg_big *t = bestx;
                bestx = cand;
                cand = t;
            }
        }
    }
    memcpy(x->row, bestx->row, (size_t)m * x->w * sizeof *x->row);
}

/* A particular answer of b toward one goal, in x (original frame): 1, or 0
 * when there is none. */
static int particular(tg_bigsys *s, const tg_big *b, int on, tg_big *x)
{
    if (!s->algo->eliminate)
        return s->algo->particular(s->dense, b, on, x);
    const uint64_t *bf = b->row;
    size_t W = s->W, stride = 2 * W;
    if (s->tr) {
        transpose(b->row, b->m, b->n, b->w, s->bf.row, W);
        bf = s->bf.row;
    }
    memset(s->xf.row, 0, W * sizeof *s->xf.row);
    chase(bf, s->h, s->w, on, s->xf.row, s->res);
    for (int q = s->rank; q < s->w; q++) /* the left kernel of R: consistency */
        if (dot_words(s->e + (size_t)q * stride + W, s->res, W))
            return 0;
    memset(s->f, 0, W * sizeof *s->f);
    for (int p = 0; p < s->rank; p++)
        if (dot_words(s->e + (size_t)p * stride + W, s->res, W))
            s->f[s->pivcol[p] / 64] |= 1ull << (s->pivcol[p] % 64);
    memcpy(s->xf.row, s->f, W * sizeof *s->f);
    chase(bf, s->h, s->w, on, s->xf.row, s->res);
    for (size_t i = 0; i < W; i++)
        if (s->res[i])
            pz_fatal("big: %s: the first row of %dx%d leaves lights on", s->algo->name, s->m, s->n);
    if (s->tr)
        transpose(s->xf.row, s->h, s->w, W, x->row, x->w);
    else
        memcpy(x->row, s->xf.row, (size_t)s->h * W * sizeof *x->row);
    return 1;
}

/* A certificate that b cannot reach the goal: the first basis vector y with
 * y . (b + goal) odd. */
static void certify(tg_bigsys *s, const tg_big *b, int on, tg_big *y)
{
    size_t stride = s->NW + s->W;
    uint64_t lastm = last_mask(s->n);
    for (int i = 0; i < s->nullity; i++) {
        expand(s, s->kb + (size_t)i * stride + s->NW, y);
        uint64_t v = 0;
        for (int r = 0; r < s->m; r++) {
            const uint64_t *yr = tg_big_row(y, r), *br = tg_big_row(b, r);
            for (size_t u = 0; u < b->w; u++)
                v ^= yr[u] & (br[u] ^ (on ? (u + 1 < b->w ? ~0ull : lastm) : 0));
        }
        if (__builtin_parityll(v))
            return;
    }
    pz_fatal("big: %dx%d: no kernel vector separates a board with no answer", s->m, s->n);
}

int tg_big_solve(tg_bigsys *s, const tg_big *b, unsigned goals, tg_bigans *a)
{
    int rc = tg_big_prepare(s, b->m, b->n);
    if (rc)
        return rc;
    if ((goals & TG_ON) && !s->searched)
        return TG_BIG_OUTSIDE; /* Flip Game: fewest flips or nothing */
    if (tg_big_init(&a->x, b->m, b->n))
        return TG_BIG_NOMEM;
    tg_big *x = &a->x, *alt = &s->alt;
    a->weight = -1;
    a->has = 0;
    a->fewest = s->searched;
    int certs = 1;
    for (int g = 0; g < 2; g++) {
        if (!(goals & (1u << g)))
            continue;
        tg_big *cur = a->weight < 0 ? x : alt;
        if (cur == alt && tg_big_init(alt, b->m, b->n))
            return TG_BIG_NOMEM;
        if (!particular(s, b, g, cur)) {
            if (tg_big_init(&a->cert[g], b->m, b->n))
                return TG_BIG_NOMEM;
            certify(s, b, g, &a->cert[g]);
            continue;
        }
        certs = 0;
        if (s->nullity && s->searched) {
            fewest(s, cur);
        } else if (s->nullity) {
            smallest(s, cur);
        }
        long wt = tg_big_weight(cur);
        if (a->weight < 0) {
            a->weight = wt;
        } else if (wt < a->weight || (wt == a->weight && big_lexless(cur, x))) {
            a->weight = wt;
            memcpy(x->row, cur->row, (size_t)b->m * x->w * sizeof *x->row);
        }
    }
    a->has = a->weight >= 0 ? TG_PRESSES : certs ? TG_CERTS : 0;
    return 0;
}

/* ---- facts of a size ---- */

int tg_big_facts(int m, int n, int *nullity, int *on_solvable)
{
    int h = m < n ? n : m, w = m < n ? m : n;
    size_t W = tg_big_words(w), stride = W + 1;
    uint64_t *a = calloc((size_t)w * stride, sizeof *a), *x = calloc((size_t)h * W, sizeof *x);
    int *piv = calloc((size_t)w, sizeof *piv);
    if (!a || !x || !piv || transfer_matrix(h, w, a, stride)) {
        free(a);
        free(x);
        free(piv);
        return -1;
    }
    /* The all-on board's residue in the last column: b is symmetric, so the
     * frame does not matter. */
    uint64_t *res = calloc(W, sizeof *res);
    if (!res) {
        free(a);
        free(x);
        free(piv);
        return -1;
    }
    tg_big ones = {0};
    if (tg_big_init(&ones, h, w) == 0) {
        tg_big_ones(&ones);
        chase(ones.row, h, w, 0, x, res);
        tg_big_free(&ones);
    } else {
        free(a), free(x), free(piv), free(res);
        return -1;
    }
    for (int i = 0; i < w; i++)
        a[(size_t)i * stride + W] = (res[i / 64] >> (i % 64)) & 1;
    int rank = tg__big_eliminate(a, w, stride, w, piv);
    int on = rank >= 0;
    for (int i = rank; on && i < w; i++)
        on = !(a[(size_t)i * stride + W] & 1);
    free(a);
    free(x);
    free(piv);
    free(res);
    if (rank < 0)
        return -1;
    *nullity = w - rank;
    *on_solvable = on;
    return 0;
}
