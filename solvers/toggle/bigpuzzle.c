/* bigpuzzle.c - the wide toggle puzzles: Flip Game and Lights Out on boards
 * of every size, through the harness.
 *
 * A corpus of boards past the puzzle's own sizes runs through the wide
 * puzzle (solver.h's pz_puzzle.wide): the same formats and rules, functions
 * that take a board of either kind (toggle.h's tg_board: up to 64x64 in its
 * array, past that a header with rows in the harness's arena).  Small boards
 * go to puzzle.c's functions unchanged, big ones to big.h's independent
 * checker and its canonical answers, marked where they are not proven fewest.
 * The narrow puzzles never call in here, so the corpora of 64x64 and below
 * keep their exact path.
 */
#include <string.h>

#include "../arena.h"
#include "../rng.h"
#include "big.h"

pz_verdict tg_wide_check(const tg_board *bd, const tg_answer *a, unsigned goals, const char **why)
{
    if (!tg_is_big(bd))
        return tg_check(bd, a, goals, why);
    if (a->weight != a->big.weight || (a->has & (TG_PRESSES | TG_CERTS)) != a->big.has) {
        *why = "the answer's count or kind differs from its board's";
        return PZ_INVALID;
    }
    return tg_big_check(&bd->big, &a->big, goals, why);
}

int tg_wide_same(const void *inst, const void *pa, const void *pb)
{
    const tg_answer *a = pa, *b = pb;
    if (tg_is_big(inst))
        return tg_big_same(&a->big, &b->big);
    return !((a->has ^ b->has) & TG_NOT_FEWEST) && tg_same(inst, pa, pb);
}

/* A big board has no smaller neighbours here: its failures are shown whole. */
int tg_wide_shrink(const void *inst, int k, void *simpler)
{
    return tg_is_big(inst) ? 0 : tg_shrink(inst, k, simpler);
}

void tg_wide_size(const void *inst, char *buf, size_t len)
{
    const tg_board *bd = inst;
    if (tg_is_big(bd))
        snprintf(buf, len, "%dx%d", bd->big.m, bd->big.n);
    else
        tg_size(inst, buf, len);
}

/* The press count up to 64x64's cells; past it one class; answers not
 * proven fewest in a class of their own, so reports mark them (on a small
 * board tg_classify does, for the small puzzle too). */
int tg_wide_classify(const void *inst, const void *ans, char *name, size_t len)
{
    const tg_answer *a = ans;
    if (tg_is_big(inst) && a->weight >= 0 && !a->big.fewest) {
        if (name)
            snprintf(name, len, "not proven fewest");
        return TG_CLASS_UNPROVEN;
    }
    if (a->weight > TG_MAX * TG_MAX) {
        if (name)
            snprintf(name, len, "more than %d", TG_MAX * TG_MAX);
        return TG_CLASS_MORE;
    }
    return tg_classify(inst, ans, name, len);
}

static void arena_board(tg_big *b, int m, int n, pz_arena *arena)
{
    b->m = m;
    b->n = n;
    b->w = tg_big_words(n);
    b->row = pz_arena_alloc(arena, (size_t)m * b->w * sizeof *b->row);
}

void tg_wide_answer_in(const void *inst, void *ans, unsigned goals, pz_arena *arena)
{
    const tg_board *bd = inst;
    tg_answer *a = ans;
    if (!tg_is_big(bd))
        return;
    int m = bd->big.m, n = bd->big.n;
    a->weight = -1;
    a->has = 0;
    tg_bigans_init(&a->big);
    arena_board(&a->big.x, m, n, arena);
    for (int g = 0; g < 2; g++)
        if (goals & (1u << g))
            arena_board(&a->big.cert[g], m, n, arena);
}

/* Boards past 64x64 are big; so are the small sizes whose kernel gf2 does not
 * search (61x61, 62x64, 64x62), so that their answers, not proven fewest, are
 * marked as big answers are and the small solvers skip them by their form. */
int tg_wide_big_size(int m, int n)
{
    return m > TG_MAX || n > TG_MAX || tg_nullity(m, n) > TG_BIG_SEARCH_NULLITY;
}

void tg_wide_board(tg_board *bd, int m, int n, pz_arena *arena)
{
    if (!tg_wide_big_size(m, n)) {
        bd->m = (uint8_t)m;
        bd->n = (uint8_t)n;
        memset(bd->b, 0, (size_t)m * sizeof *bd->b);
        return;
    }
    bd->m = bd->n = 0;
    arena_board(&bd->big, m, n, arena);
}

int tg_big_searched_size(int m, int n)
{
    static _Thread_local int lm, ln, lok;
    if (m <= TG_MAX && n <= TG_MAX)
        return tg_nullity(m, n) <= TG_BIG_SEARCH_NULLITY;
    if (m != lm || n != ln) {
        int k, on;
        if (tg_big_facts(m, n, &k, &on))
            return -1;
        lok = k <= TG_BIG_SEARCH_NULLITY &&
              ((uint64_t)m * (uint64_t)n << k) <= 1ull << TG_BIG_SEARCH_LOG;
        lm = m;
        ln = n;
    }
    return lok;
}

/* ---- corpora ---- */

/* Sizes the puzzle's own corpora do not take, or whose answers the small
 * solvers cannot prove fewest (Lights Out 61x61, 62x64, 64x62). */
static int wide_size(int m, int n, int narrow)
{
    return m > narrow || n > narrow || tg_nullity(m, n) > TG_BIG_SEARCH_NULLITY; /* n, m <= 64 */
}

/* A sweep (rows=8..4096): the sides from rows doubling up to rows_to, the
 * last one rows_to itself (solver.h's pz_sweep_side); cols likewise
 * (cols=8..4096), or fixed (cols=64), or, not given, the rows' (square
 * boards). */

/* The size of instance index: (m, n); count is the boards of each size. */
static void size_of(const pz_params *p, long long count, uint64_t index, int *m, int *n)
{
    if (p->rows_to < 0) {
        *m = p->rows;
        *n = p->cols;
        return;
    }
    int i = (int)(index / (uint64_t)count);
    *m = pz_sweep_side(p->rows, p->rows_to, i);
    *n = p->cols_to >= 0 ? pz_sweep_side(p->cols, p->cols_to, i) : p->cols;
}

/* Boards of each size: a sweep's count= is per size. */
static long long per_size(const pz_params *p)
{
    return p->rows_to < 0 ? p->count : p->count / pz_sweep_sides(p->rows, p->rows_to);
}

static int setup_sizes(pz_params *p, int max, int narrow, const char *keys, pz_error *e)
{
    if (p->n >= 0 || p->digits >= 0)
        return pz_fail(e, NULL, "expected only %s", keys);
    if (p->rows_to >= 0 && p->cols < 0 && p->cols_to < 0) {
        p->cols = p->rows;
        p->cols_to = p->rows_to;
    }
    if (p->rows < 0)
        p->rows = 4;
    if (p->cols < 0)
        p->cols = 4;
    if (p->rows < 1 || p->rows > max || p->cols < 1 || p->cols > max ||
        (p->rows_to >= 0 && (p->rows_to < p->rows || p->rows_to > max)) ||
        (p->cols_to >= 0 && (p->cols_to < p->cols || p->cols_to > max)))
        return pz_fail(e, NULL, "expected rows and cols from 1 to %d (a sweep: rows=A..B, A <= B)",
                       max);
    if (p->cols_to >= 0 && p->rows_to < 0)
        return pz_fail(e, NULL,
                       "expected a sweep of rows beside one of cols (rows=A..B:cols=C..D)");
    if (p->cols_to >= 0 &&
        pz_sweep_sides(p->rows, p->rows_to) != pz_sweep_sides(p->cols, p->cols_to))
        return pz_fail(e, NULL, "expected sweeps of rows and cols with as many sizes each");
    p->wide = p->rows_to >= 0 || wide_size(p->rows, p->cols, narrow);
    if (p->rows_to >= 0) {
        long long k = pz_sweep_sides(p->rows, p->rows_to);
        if (p->count > (1ll << 50) / k)
            return pz_fail(e, NULL, "expected a sweep of at most 2^50 boards");
        p->count *= k;
    }
    return 0;
}

int tg_wide_setup_random(pz_params *p, int narrow, pz_error *e)
{
    if (p->count < 0)
        p->count = 1000;
    if (p->seed == (uint64_t)-1)
        p->seed = 1;
    if (p->mode[0] && strcmp(p->mode, "solvable"))
        return pz_fail(e, NULL,
                       "expected mode=solvable, or no mode= (each cell at random), found mode=%s",
                       p->mode);
    return setup_sizes(p, TG_BIG_MAX, narrow, "rows=, cols=, count=, seed=, mode=solvable", e);
}

int tg_wide_setup_ones(pz_params *p, int narrow, pz_error *e)
{
    if (p->seed != (uint64_t)-1)
        return pz_fail(e, NULL,
                       "expected only rows=, cols=, count= (the all-on board takes no seed=)");
    if (p->count < 0)
        p->count = 1;
    if (p->mode[0])
        return pz_fail(e, NULL,
                       "expected only rows=, cols=, count= (the all-on board takes no mode=)");
    return setup_sizes(p, TG_BIG_ONE_MAX, narrow, "rows=, cols=, count=", e);
}

void tg_wide_make_random(const pz_params *p, uint64_t index, void *inst, pz_arena *arena)
{
    tg_board *bd = inst;
    int m, n;
    size_of(p, per_size(p), index, &m, &n);
    if (!tg_wide_big_size(m, n)) { /* the narrow corpora's stream */
        pz_params q = *p;
        q.rows = m;
        q.cols = n;
        tg_make_random(&q, index, inst);
        return;
    }
    tg_wide_board(bd, m, n, arena);
    tg_big_random(&bd->big, p->seed, index);
}

/* mode=solvable.  out = the presses x (m rows of w words, n columns) made on
 * the all-off board: each press toggles its cell and its four neighbours. */
static void press_all(uint64_t *out, const uint64_t *x, int m, size_t w, int n)
{
    const uint64_t last = n % 64 ? (1ull << (n % 64)) - 1 : ~0ull;
    for (int r = 0; r < m; r++) {
        const uint64_t *row = x + (size_t)r * w, *up = r > 0 ? row - w : row, *down = row + w;
        uint64_t *o = out + (size_t)r * w;
        for (size_t i = 0; i < w; i++) {
            uint64_t v = row[i] ^ (row[i] << 1) ^ (row[i] >> 1);
            if (i > 0)
                v ^= row[i - 1] >> 63;
            if (i + 1 < w)
                v ^= row[i + 1] << 63;
            if (r > 0)
                v ^= up[i];
            if (r + 1 < m)
                v ^= down[i];
            o[i] = v;
        }
        o[w - 1] &= last;
    }
}

/* The presses are the random board (seed, index) of the default mode, drawn
 * row by row as it is; for Flip Game (colours 2) the next draw's low bit
 * then says whether the board starts all black instead of all white.  Such a
 * board is solvable: the same presses undo it. */
static void make_solvable(uint64_t *rows, uint64_t *x, int m, int n, uint64_t seed, uint64_t index,
                          int colours)
{
    size_t w = tg_big_words(n);
    const uint64_t last = n % 64 ? (1ull << (n % 64)) - 1 : ~0ull;
    pz_rng rng = pz_rng_at(seed, index);
    for (int r = 0; r < m; r++) {
        for (size_t i = 0; i < w; i++)
            x[(size_t)r * w + i] = pz_rng_next(&rng);
        x[(size_t)r * w + w - 1] &= last;
    }
    press_all(rows, x, m, w, n);
    if (colours == 2 && (pz_rng_next(&rng) & 1))
        for (int r = 0; r < m; r++) {
            for (size_t i = 0; i < w; i++)
                rows[(size_t)r * w + i] = ~rows[(size_t)r * w + i];
            rows[(size_t)r * w + w - 1] &= last;
        }
}

void tg_make_solvable(const pz_params *p, uint64_t index, void *inst, int colours)
{
    tg_board *bd = inst;
    uint64_t x[TG_MAX];
    bd->m = (uint8_t)p->rows;
    bd->n = (uint8_t)p->cols;
    make_solvable(bd->b, x, p->rows, p->cols, p->seed, index, colours);
}

void tg_wide_make_solvable(const pz_params *p, uint64_t index, void *inst, pz_arena *arena,
                           int colours)
{
    tg_board *bd = inst;
    int m, n;
    size_of(p, per_size(p), index, &m, &n);
    if (!tg_wide_big_size(m, n)) {
        pz_params q = *p;
        q.rows = m;
        q.cols = n;
        tg_make_solvable(&q, index, inst, colours);
        return;
    }
    tg_wide_board(bd, m, n, arena);
    make_solvable(bd->big.row, pz_arena_alloc(arena, (size_t)m * bd->big.w * sizeof(uint64_t)), m,
                  n, p->seed, index, colours);
}

void tg_make_ones(const pz_params *p, uint64_t index, void *inst)
{
    tg_board *bd = inst;
    (void)index;
    bd->m = (uint8_t)p->rows;
    bd->n = (uint8_t)p->cols;
    for (int r = 0; r < p->rows; r++)
        bd->b[r] = tg_mask(p->cols);
}

void tg_wide_make_ones(const pz_params *p, uint64_t index, void *inst, pz_arena *arena)
{
    tg_board *bd = inst;
    int m, n;
    size_of(p, per_size(p), index, &m, &n);
    tg_wide_board(bd, m, n, arena);
    if (!tg_is_big(bd))
        for (int r = 0; r < m; r++)
            bd->b[r] = tg_mask(n);
    else
        tg_big_ones(&bd->big);
}
