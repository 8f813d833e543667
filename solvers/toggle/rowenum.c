/* rowenum - row-by-row enumeration, the classic light-chasing search.
 *
 * Idea: once the presses of row 0 are chosen, every later row is forced:
 * press under each cell of the row above that differs from the goal.  Try
 * all 2^n first rows for each goal and keep the canonical answer (fewest
 * presses, then the smallest row-major string) among those that leave the
 * last row right.
 * Speed: chasing is linear over GF(2), so first row f leaves c + L(f) on the
 * last row, where c is what the board leaves with no first-row presses and
 * L(f) what f leaves on an empty board.  L is tabulated once per size for all
 * 2^n first rows (in the scratch, built along a Gray code); a board then
 * costs one chase to find c, a scan of the table that tries every first row
 * (f works iff L(f) = c), and one more chase per first row that works.  Up
 * to 8 columns the table is a byte a first row, and a vector compare tries
 * 16 first rows at once, its mask naming those that work; up to 8 rows the
 * chases unroll.  A board more than 2 columns wider than tall is transposed
 * first, so the search runs over its shorter side (a transpose costs more
 * than 2 columns save); each answer found is transposed back before the
 * canonical comparison, so the tie-break stays the board's own.
 * Cost: per size, 2^min(m,n) table words; per board and goal, two chases,
 * 2^min(m,n) compares and a chase per answer.  5x6: 64 compares in four
 * vector instructions, about 210 instructions a board (callgrind).
 * Limits: min(m, n) <= 20 (a table of 4 MiB); any other side up to 64.
 */
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "toggle.h"

enum { MAX_SIDE = 20, BLOCK = 16, NONE = 0xffffffffu, BYTE_SIDE = 8, GROUP = 64 };

typedef struct table {
    int m, n;                                      /* the size searched (transposed if wide) */
    _Alignas(16) uint8_t small[(1u << BYTE_SIDE)]; /* L(f) where n <= 8; 0xff pads to a group */
    uint32_t left[(1u << MAX_SIDE) + BLOCK];       /* L(f); NONE pads to a block */
} table;

static int rowenum_fits(int m, int n)
{
    return m <= MAX_SIDE || n <= MAX_SIDE;
}

static int transposes(int m, int n)
{
    return n > m + 2 || n > MAX_SIDE;
}

/* out (n rows of m bits) = the transpose of in (m rows of n bits). */
static void transpose(const uint64_t *in, int m, int n, uint64_t *out)
{
    memset(out, 0, (size_t)n * sizeof *out);
    for (int r = 0; r < m; r++)
        for (uint64_t v = in[r]; v; v &= v - 1)
            out[__builtin_ctzll(v)] |= 1ull << r;
}

/* Whether some entry of the block p[0..BLOCK-1] is c: four-lane vector
 * compares (GCC's vector extension, SSE2 on x86-64), no branch per entry. */
typedef uint32_t lanes __attribute__((vector_size(16)));

static inline int block_has(const uint32_t *p, uint32_t c)
{
    lanes any = {0, 0, 0, 0}, v;
    for (int i = 0; i < BLOCK; i += 4) {
        memcpy(&v, p + i, sizeof v);
        any |= (lanes)(v == c);
    }
    return (any[0] | any[1] | any[2] | any[3]) != 0;
}

/* Which of the GROUP byte entries from p (16-byte aligned) are c, a bit each. */
static inline uint64_t group_hits(const uint8_t *p, uint8_t c)
{
    uint64_t hits = 0;
#ifdef __SSE2__
    const __m128i k = _mm_set1_epi8((char)c);
    for (int i = 0; i < GROUP / 16; i++) {
        __m128i eq = _mm_cmpeq_epi8(_mm_load_si128((const __m128i *)(p + 16 * i)), k);
        hits |= (uint64_t)(uint16_t)_mm_movemask_epi8(eq) << (16 * i);
    }
#else
    for (int i = 0; i < GROUP; i++)
        hits |= (uint64_t)(p[i] == c) << i;
#endif
    return hits;
}

static void build(table *t, int m, int n)
{
    static const uint64_t zero[TG_MAX];
    uint64_t x[TG_MAX];
    uint32_t count = 1u << n;
    t->m = m;
    t->n = n;
    t->left[0] = 0;
    for (uint32_t f = 1; f < count; f++) {
        uint32_t low = f & -f;
        if (f == low) {
            x[0] = f;
            t->left[f] = (uint32_t)tg_chase(zero, m, n, 0, x);
        } else {
            t->left[f] = t->left[low] ^ t->left[f ^ low];
        }
    }
    for (uint32_t i = 0; i < BLOCK; i++)
        t->left[count + i] = NONE;
    for (uint32_t f = 0; n <= BYTE_SIDE && f < sizeof t->small; f++)
        t->small[f] = f < count ? (uint8_t)t->left[f] : 0xff; /* c < 0xff past 2^n */
}

/* The search on b, m rows of n searched (transposed if wide), with M the
 * number of rows where it is not 0 (a constant where inlined, so the
 * chases and the answer's rows unroll): for each first row f that leaves
 * the last row right, f chased and kept in a if it is the canonical answer
 * so far. */
static inline __attribute__((always_inline)) void search(const table *t, const tg_board *bd,
                                                         const uint64_t *b, int wide, int m_, int n,
                                                         unsigned goals, tg_answer *a, const int M)
{
    const int m = M ? M : m_, rows = M ? M : bd->m; /* rows: the answer's */
    uint64_t x[TG_MAX], back[TG_MAX];
    const uint64_t *found = wide ? back : x;
    for (int g = 0; g < 2; g++) {
        if (!(goals & (1u << g)))
            continue;
        uint64_t goalrow = g ? tg_mask(n) : 0;
        x[0] = 0;
        uint32_t c = (uint32_t)tg_chase(b, m, n, goalrow, x);
        for (uint32_t f0 = 0; f0 < 1u << n; f0 += n <= BYTE_SIDE ? GROUP : BLOCK) {
            uint64_t hits = 0;
            if (n <= BYTE_SIDE)
                hits = group_hits(t->small + f0, (uint8_t)c);
            else if (block_has(t->left + f0, c))
                for (uint32_t f = 0; f < BLOCK; f++)
                    hits |= (uint64_t)(t->left[f0 + f] == c) << f;
            for (; hits; hits &= hits - 1) {
                x[0] = f0 + (uint32_t)__builtin_ctzll(hits);
                tg_chase(b, m, n, goalrow, x);
                if (wide)
                    transpose(x, m, n, back);
                int w = tg_weight(found, rows);
                if (a->weight < 0 || w < a->weight ||
                    (w == a->weight && tg_lexless(found, a->x, rows))) {
                    a->weight = w;
                    for (int r = 0; r < rows; r++)
                        a->x[r] = found[r];
                }
            }
        }
    }
}

/* Inlined into each puzzle's entry point, so the goals are a constant there. */
__attribute__((always_inline)) static inline int rowenum(const tg_board *bd, unsigned goals,
                                                         tg_answer *a, void *scratch)
{
    table *t = scratch;
    int wide = transposes(bd->m, bd->n);
    int m = wide ? bd->n : bd->m, n = wide ? bd->m : bd->n;
    uint64_t tb[TG_MAX];
    const uint64_t *b = bd->b;
    if (wide) {
        transpose(bd->b, bd->m, bd->n, tb);
        b = tb;
    }
    if (t->m != m || t->n != n)
        build(t, m, n);
    a->weight = -1;
    // clang-format off
    switch (wide ? 0 : m) { /* up to 8 rows a constant, so the chases unroll */
#define ROWS(M) case M: search(t, bd, b, 0, M, n, goals, a, M); break;
    ROWS(1) ROWS(2) ROWS(3) ROWS(4) ROWS(5) ROWS(6) ROWS(7) ROWS(8)
#undef ROWS
    default: search(t, bd, b, wide, m, n, goals, a, 0);
    }
    // clang-format on
    a->has = a->weight >= 0 ? TG_PRESSES : 0;
    return 0;
}

TG_SOLVER(rowenum, "row-by-row enumeration: all first rows, the rest forced",
          "the shorter side <= 20, the longer <= 64", rowenum_fits, sizeof(table), NULL);
