/* test_bigboards.c - the big-board machinery (toggle/big.h): the nullity of
 * every n x n to 300 and of rectangular sizes against computations that
 * share nothing with the solvers' path; the three big solvers against each
 * other and against gf2 (Lights Out and Flip Game) up to 64x64; answers
 * replayed by the checker and certificates verified at the awkward widths
 * 63, 64, 65, 127, 128, 129, 4095 and 4096; the canonical answer beyond the
 * search. */
#include <stdlib.h>
#include <string.h>

#include <m4ri/m4ri.h>

#include "testing.h"
#include "../solvers/toggle/big.h"
#include "../solvers/arena.h"

/* A159257 (OEIS): the nullity of the n x n Lights Out matrix, n = 1..40. */
static const int a159257[40] = {0, 0, 0,  4, 2, 0, 0, 0, 8,  0,  6, 0,  0,  4, 0, 8, 2, 0, 16, 0,
                                0, 0, 14, 4, 0, 0, 0, 0, 10, 20, 0, 20, 16, 4, 6, 0, 0, 0, 32, 0};

/* The press matrix's nullity and *on (pz_test_press_kernel); kern (if not
 * NULL, mn rows of mn bytes, row-major cells): a kernel basis in reduced
 * echelon form on its leading cells, lead[i] the leading cell of vector i. */
static int dense_nullity(int m, int n, int *on, uint8_t *kern, int *lead)
{
    int cells = m * n, k = pz_test_press_kernel(m, n, on, kern);
    if (kern) {
        int r = 0;
        for (int col = 0; col < cells && r < k; col++) {
            int p = r;
            while (p < k && !kern[(size_t)p * cells + col])
                p++;
            if (p == k)
                continue;
            for (int j = 0; j < cells; j++) {
                uint8_t t = kern[(size_t)p * cells + j];
                kern[(size_t)p * cells + j] = kern[(size_t)r * cells + j];
                kern[(size_t)r * cells + j] = t;
            }
            for (int i = 0; i < k; i++)
                if (i != r && kern[(size_t)i * cells + col])
                    for (int j = 0; j < cells; j++)
                        kern[(size_t)i * cells + j] ^= kern[(size_t)r * cells + j];
            lead[r++] = col;
        }
        assert_int_equal(r, k);
    }
    return k;
}

/* The nullity by light chasing each first-row cell down an empty board
 * (the columns of the transfer matrix, as gf2 builds it, but on rows of
 * many words) and M4RI's rank: neither the transfer polynomial nor our
 * elimination. */
static int chased_nullity(int m, int n)
{
    size_t w = tg_big_words(n);
    uint64_t *x = calloc((size_t)(m + 1) * w, sizeof *x);
    mzd_t *R = mzd_init(n, n);
    assert_non_null(x);
    for (int j = 0; j < n; j++) {
        memset(x, 0, (size_t)(m + 1) * w * sizeof *x);
        x[j / 64] = 1ull << (j % 64);
        for (int r = 0; r < m; r++) { /* x[r + 1] = T x[r] + x[r - 1] */
            const uint64_t *cur = x + (size_t)r * w;
            uint64_t *next = x + (size_t)(r + 1) * w;
            for (size_t u = 0; u < w; u++) {
                uint64_t left = u + 1 < w ? cur[u + 1] << 63 : 0, right = u ? cur[u - 1] >> 63 : 0;
                next[u] = cur[u] ^ (cur[u] << 1 | right) ^ (cur[u] >> 1 | left) ^
                          (r ? x[(size_t)(r - 1) * w + u] : 0);
            }
            if (n % 64)
                next[w - 1] &= (1ull << (n % 64)) - 1;
        }
        for (int i = 0; i < n; i++)
            mzd_write_bit(R, i, j, (int)((x[(size_t)m * w + (size_t)i / 64] >> (i % 64)) & 1));
    }
    int rank = (int)mzd_echelonize_m4ri(R, 0, 0);
    mzd_free(R);
    free(x);
    return n - rank;
}

static int facts_nullity(int m, int n, int *on)
{
    int k;
    assert_int_equal(tg_big_facts(m, n, &k, on), 0);
    return k;
}

static void test_nullity(void **state)
{
    int on, on2;
    (void)state;
    for (int n = 1; n <= 40; n++) {
        assert_int_equal(facts_nullity(n, n, &on), a159257[n - 1]);
        assert_int_equal(dense_nullity(n, n, &on2, NULL, NULL), a159257[n - 1]);
        assert_int_equal(on, on2);
    }
    for (int m = 1; m <= 20; m++)
        for (int n = 1; n <= 20; n++) {
            assert_int_equal(facts_nullity(m, n, &on), dense_nullity(m, n, &on2, NULL, NULL));
            assert_int_equal(on, on2);
        }
    for (int m = 1; m <= 64; m += 3) /* gf2's table, for every size it knows */
        for (int n = 1; n <= 64; n++) {
            assert_int_equal(facts_nullity(m, n, &on), tg_nullity(m, n));
            assert_int_equal(on, tg_on_solvable(m, n));
        }
    for (int n = 41; n <= 300; n++)
        assert_int_equal(facts_nullity(n, n, &on), chased_nullity(n, n));
    static const int rect[][2] = {{300, 7},   {7, 300},   {129, 65}, {65, 129},
                                  {500, 127}, {1000, 64}, {4096, 3}, {2, 4095}};
    for (size_t i = 0; i < sizeof rect / sizeof *rect; i++) {
        int m = rect[i][0], n = rect[i][1];
        int k = facts_nullity(m, n, &on);
        assert_int_equal(k, chased_nullity(m > n ? m : n, m > n ? n : m));
        assert_int_equal(k, facts_nullity(n, m, &on2));
        assert_int_equal(on, on2);
    }
}

/* Solves b with every big solver that fits, checks each answer, and
 * asserts they agree bit for bit; the answer in *out (the first solver's). */
static void solve_all(tg_bigsys **sys, const tg_big *b, unsigned goals, tg_bigans *out)
{
    int have = 0;
    for (int s = 0; tg_big_algo(s); s++) {
        tg_bigans a;
        const char *why;
        if (!tg_bigalgo_fits(tg_big_algo(s), b->m, b->n))
            continue;
        tg_bigans_init(&a);
        int rc = tg_big_solve(sys[s], b, goals, &a);
        assert_int_equal(rc == TG_BIG_OUTSIDE, !tg_big_fits(tg_big_algo(s), b->m, b->n, goals));
        if (rc == TG_BIG_OUTSIDE) { /* Flip Game beyond the search: for all alike */
            assert_true(goals & TG_ON);
            assert_false(tg_big_searched(sys[s]));
            tg_bigans_free(&a);
            continue;
        }
        assert_int_equal(rc, 0);
        if (tg_big_check(b, &a, goals, &why) != PZ_VALID)
            fail_msg("%dx%d: %s: %s", b->m, b->n, tg_bigalgo_name(tg_big_algo(s)), why);
        if (a.weight < 0)
            assert_int_equal(a.has, TG_CERTS);
        if (!have) {
            *out = a;
            have = 1;
            continue;
        }
        if (!tg_big_same(out, &a))
            fail_msg("%dx%d: %s says %ld, %s says %ld (or other presses)", b->m, b->n,
                     tg_bigalgo_name(tg_big_algo(0)), out->weight, tg_bigalgo_name(tg_big_algo(s)),
                     a.weight);
        tg_bigans_free(&a);
    }
    if (!have)
        tg_bigans_init(out);
}

static tg_bigsys **new_systems(void)
{
    static tg_bigsys *sys[8];
    for (int s = 0; tg_big_algo(s); s++) {
        assert_true(s < 8);
        assert_non_null(sys[s] = tg_bigsys_new(tg_big_algo(s)));
    }
    return sys;
}

static void free_systems(tg_bigsys **sys)
{
    for (int s = 0; tg_big_algo(s); s++)
        tg_bigsys_free(sys[s]);
}

/* Random presses on an empty board (odd index: a solvable board), or a
 * random board (even index). */
static void make_board(tg_big *b, int m, int n, uint64_t seed, uint64_t index)
{
    assert_int_equal(tg_big_init(b, m, n), 0);
    tg_big_random(b, seed, index);
    if (!(index & 1))
        return;
    tg_big x = {0};
    assert_int_equal(tg_big_init(&x, m, n), 0);
    memcpy(x.row, b->row, (size_t)m * b->w * sizeof *b->row);
    memset(b->row, 0, (size_t)m * b->w * sizeof *b->row);
    for (int r = 0; r < m; r++)
        for (int c = 0; c < n; c++)
            if ((tg_big_row(&x, r)[c / 64] >> (c % 64)) & 1)
                for (int d = 0; d < 5; d++) {
                    static const int dr[5] = {0, -1, 1, 0, 0}, dc[5] = {0, 0, 0, -1, 1};
                    int rr = r + dr[d], cc = c + dc[d];
                    if (rr >= 0 && rr < m && cc >= 0 && cc < n)
                        tg_big_row(b, rr)[cc / 64] ^= 1ull << (cc % 64);
                }
    tg_big_free(&x);
}

/* The big solvers against gf2 (both puzzles) on sizes up to 64x64 whose
 * nullity keeps gf2's search short. */
static void test_against_gf2(void **state)
{
    static const int sizes[][2] = {{1, 1},   {1, 2},   {2, 3},   {4, 4},   {5, 5},   {5, 6},
                                   {9, 9},   {3, 7},   {7, 3},   {16, 16}, {19, 19}, {24, 24},
                                   {64, 4},  {4, 64},  {20, 40}, {63, 63}, {64, 64}, {1, 64},
                                   {64, 1},  {30, 30}, {33, 59}, {59, 33}, {64, 9},  {9, 64},
                                   {11, 11}, {23, 23}, {64, 63}, {17, 55}, {55, 17}, {8, 8}};
    tg_bigsys **sys = new_systems();
    (void)state;
    for (int puzzle = 0; puzzle < 2; puzzle++) {
        const pz_solver *gf2 = pz_find_solver(puzzle ? "flip" : "lightsout", "gf2");
        unsigned goals = puzzle ? TG_OFF | TG_ON : TG_OFF;
        void *scratch = pz_test_scratch(gf2);
        for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
            int m = sizes[i][0], n = sizes[i][1], k = tg_nullity(m, n);
            /* Beyond nullity 20 a solvable board's search takes about a second
             * (gf2's too): a random board there, which has a certificate. */
            int count = k > 20 ? 1 : m * n > 1000 ? 4 : 12;
            for (int j = 0; j < count; j++) {
                tg_big b = {0};
                tg_board sb = {.m = (uint8_t)m, .n = (uint8_t)n};
                tg_answer ref;
                tg_bigans a;
                make_board(&b, m, n, 7, (uint64_t)j);
                tg_big_to_small(&b, sb.b);
                pz_test_solve(gf2, &sb, &ref, scratch);
                solve_all(sys, &b, goals, &a);
                assert_int_equal(a.weight, ref.weight);
                assert_int_equal(a.fewest, 1);
                if (ref.weight >= 0) {
                    uint64_t x[TG_MAX];
                    tg_big_to_small(&a.x, x);
                    if (memcmp(x, ref.x, (size_t)m * sizeof *x))
                        fail_msg("%dx%d board %d: other presses than gf2", m, n, j);
                }
                tg_bigans_free(&a);
                tg_big_free(&b);
            }
        }
        pz_test_scratch_free(gf2, scratch);
    }
    free_systems(sys);
}

/* Beyond the search (61x61: nullity 40) the answer is the smallest string:
 * zero on the leading cells of a reduced echelon kernel basis that the test
 * finds by its own elimination.  Also sizes inside it with big boards. */
static void test_canonical(void **state)
{
    static const int sizes[][2] = {{61, 61}, {62, 64}, {64, 62}, {9, 9}, {23, 23}};
    tg_bigsys **sys = new_systems();
    (void)state;
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        int m = sizes[i][0], n = sizes[i][1], cells = m * n, on;
        uint8_t *kern = malloc((size_t)cells * (size_t)cells);
        int *lead = malloc((size_t)cells * sizeof *lead);
        assert_non_null(kern);
        int k = dense_nullity(m, n, &on, kern, lead);
        assert_int_equal(k, tg_nullity(m, n));
        for (uint64_t j = 1; j < 6; j += 2) {
            tg_big b = {0};
            tg_bigans a;
            make_board(&b, m, n, 9, j);
            solve_all(sys, &b, TG_OFF, &a);
            assert_true(a.weight >= 0);
            assert_int_equal(a.fewest, k <= 32);
            if (k > 32)
                for (int v = 0; v < k; v++) {
                    int r = lead[v] / n, c = lead[v] % n;
                    assert_int_equal(r, 0); /* a kernel vector leads in row 0 */
                    if ((tg_big_row(&a.x, r)[c / 64] >> (c % 64)) & 1)
                        fail_msg("%dx%d: the answer has the leading cell %d of basis vector %d", m,
                                 n, lead[v], v);
                }
            tg_bigans_free(&a);
            tg_big_free(&b);
        }
        free(kern);
        free(lead);
    }
    free_systems(sys);
}

/* Corrupted answers and certificates fail the checker. */
static void test_checker(void **state)
{
    tg_bigsys **sys = new_systems();
    tg_big b = {0};
    tg_bigans a;
    const char *why;
    (void)state;
    /* 100 x 130 (nullity > 0): a random board with no answer. */
    int found = 0;
    for (uint64_t j = 0; j < 40 && !found; j += 2) {
        make_board(&b, 99, 131, 3, j);
        solve_all(sys, &b, TG_OFF, &a);
        if (a.weight < 0) {
            found = 1;
            tg_big *y = &a.cert[0];
            assert_int_equal(tg_big_check(&b, &a, TG_OFF, &why), PZ_VALID);
            tg_big_row(y, 50)[1] ^= 1ull << 3;
            assert_int_equal(tg_big_check(&b, &a, TG_OFF, &why), PZ_INVALID);
            assert_string_equal(why, "a certificate is not in the kernel of the press matrix");
            tg_big_row(y, 50)[1] ^= 1ull << 3;
            int r = 0;
            while (!tg_big_row(y, r)[0] && !tg_big_row(y, r)[1] && !tg_big_row(y, r)[2])
                r++;
            uint64_t *br = tg_big_row(&b, r), *yr = tg_big_row(y, r);
            int u = yr[0] ? 0 : yr[1] ? 1 : 2;
            br[u] ^= yr[u] & -yr[u];
            assert_int_equal(tg_big_check(&b, &a, TG_OFF, &why), PZ_INVALID);
            assert_string_equal(why, "a certificate does not separate the board from the goal");
        }
        tg_bigans_free(&a);
    }
    assert_true(found);
    /* Flip Game: 128 x 128 (nullity 56) is outside the search, said so. */
    make_board(&b, 128, 128, 3, 0);
    tg_bigans_init(&a);
    assert_int_equal(tg_big_solve(sys[0], &b, TG_OFF | TG_ON, &a), TG_BIG_OUTSIDE);
    assert_false(tg_big_fits(tg_big_find("chase"), 128, 128, TG_OFF | TG_ON));
    assert_true(tg_big_fits(tg_big_find("chase"), 128, 128, TG_OFF));
    assert_true(tg_big_fits(tg_big_find("chase"), 64, 64, TG_OFF | TG_ON));
    assert_false(tg_big_fits(tg_big_find("dense"), 65, 64, TG_OFF));
    tg_bigans_free(&a);
    make_board(&b, 200, 70, 3, 1);
    solve_all(sys, &b, TG_OFF, &a);
    assert_true(a.weight >= 0);
    tg_big_row(&a.x, 100)[1] ^= 1ull << 5;
    assert_int_equal(tg_big_check(&b, &a, TG_OFF, &why), PZ_INVALID);
    tg_big_row(&a.x, 100)[1] ^= 1ull << 5;
    a.weight++;
    assert_int_equal(tg_big_check(&b, &a, TG_OFF, &why), PZ_INVALID);
    assert_string_equal(why, "the press count is not the number of presses");
    a.weight--;
    tg_big_row(&a.x, 100)[1] |= 1ull << 10; /* column 74 of 70 */
    assert_int_equal(tg_big_check(&b, &a, TG_OFF, &why), PZ_INVALID);
    assert_string_equal(why, "a press outside the board");
    tg_bigans_free(&a);
    tg_big_free(&b);
    free_systems(sys);
}

/* One board per awkward width, as the width and as the height, square up
 * to 129; the chase solvers at 4095 and 4096. */
static void test_widths(void **state)
{
    static const int widths[] = {63, 64, 65, 127, 128, 129, 4095, 4096};
    tg_bigsys **sys = new_systems();
    (void)state;
    for (size_t i = 0; i < sizeof widths / sizeof *widths; i++) {
        int w = widths[i], shapes[3][2] = {{3, w}, {w, 5}, {w, w}};
        for (int s = 0; s < 3; s++) {
            int m = shapes[s][0], n = shapes[s][1];
            if (s == 2 && w > 1024 && w != 4096)
                continue; /* 4096 x 4096 for both: the largest corpus board */
            int k, on;
            assert_int_equal(tg_big_facts(m, n, &k, &on), 0);
            /* A random board and a solvable one, but where the search takes
             * a second (64x64, nullity 28; test_against_gf2 has it). */
            for (uint64_t j = 0; j < (k > 20 && k <= 32 ? 1u : 2u); j++) {
                tg_big b = {0};
                tg_bigans a;
                make_board(&b, m, n, 21, j);
                solve_all(sys, &b, TG_OFF, &a);
                tg_bigans_free(&a);
                if (m * n <= 1 << 16 && (k <= 20 || j == 0)) {
                    solve_all(sys, &b, TG_OFF | TG_ON, &a);
                    tg_bigans_free(&a);
                }
                tg_big_free(&b);
            }
        }
    }
    free_systems(sys);
}

/* The all-on board, solved and checked, square and not. */
static void test_ones(void **state)
{
    static const int sizes[][2] = {{5, 5},     {100, 100},   {257, 257},
                                   {300, 299}, {1000, 1000}, {30, 2000}};
    tg_bigsys **sys = new_systems();
    (void)state;
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        int m = sizes[i][0], n = sizes[i][1], k, on;
        tg_big b = {0};
        tg_bigans a;
        assert_int_equal(tg_big_init(&b, m, n), 0);
        tg_big_ones(&b);
        solve_all(sys, &b, TG_OFF, &a);
        assert_int_equal(tg_big_facts(m, n, &k, &on), 0);
        assert_int_equal(a.weight >= 0, on);
        tg_bigans_free(&a);
        tg_big_free(&b);
    }
    free_systems(sys);
}

/* The wide puzzles as the harness drives them: a board and answers in an
 * arena, each registered big solver through its contract (resize, solve,
 * release), the answers checked and compared; a tampered answer rejected; an
 * answer marked fewest where the others are not differs. */
static void test_wide_contract(void **state)
{
    const pz_puzzle *p = pz_lightsout.wide;
    const char *names[] = {"chase", "m4ri"}, *why;
    pz_arena *arena = pz_arena_new();
    tg_board bd;
    tg_answer a[2];
    pz_params prm = {.rows = 65, .cols = 65, .rows_to = -1, .cols_to = -1, .count = 1};
    (void)state;
    assert_non_null(p);
    assert_ptr_equal(p->wide, p);
    assert_ptr_equal(pz_lightsout.answer_in, NULL); /* the narrow puzzle's path is untouched */
    tg_wide_make_ones(&prm, 0, &bd, arena);
    assert_true(tg_is_big(&bd));
    for (int i = 0; i < 2; i++) {
        const pz_solver *s = pz_find_solver("lightsout", names[i]);
        void *scratch = pz_test_scratch(s);
        assert_true(s->fits(&bd));
        p->answer_in(&bd, &a[i], arena);
        assert_int_equal(s->resize(scratch, &bd), 0);
        assert_int_equal(s->solve(&bd, &a[i], scratch), 0);
        assert_int_equal(p->check(&bd, &a[i], &why), PZ_VALID);
        assert_true(a[i].has & TG_NOT_FEWEST); /* 65x65: nullity 42, past the search */
        pz_test_scratch_free(s, scratch);
    }
    assert_true(p->same(&bd, &a[0], &a[1]));
    char name[32];
    assert_int_equal(p->classify(&bd, &a[0], name, sizeof name), TG_CLASS_UNPROVEN);
    assert_string_equal(name, "not proven fewest");
    /* The fewest flag is compared, */
    a[1].big.fewest = 1;
    assert_false(p->same(&bd, &a[0], &a[1]));
    a[1].big.fewest = 0;
    /* a press taken away is seen by the checker, */
    a[1].big.x.row[0] ^= 1;
    assert_int_equal(p->check(&bd, &a[1], &why), PZ_INVALID);
    a[1].big.x.row[0] ^= 1;
    /* and so is a count that is not the answer's own. */
    a[1].weight++;
    assert_int_equal(p->check(&bd, &a[1], &why), PZ_INVALID);
    /* A board with no answer (one light on, 65x65): its certificate checks,
     * and a certificate with a cell changed does not. */
    tg_big_random(&bd.big, 0, 0);
    memset(bd.big.row, 0, (size_t)bd.big.m * bd.big.w * sizeof *bd.big.row);
    bd.big.row[0] = 1;
    const pz_solver *s = pz_find_solver("lightsout", "chase");
    void *scratch = pz_test_scratch(s);
    p->answer_in(&bd, &a[0], arena);
    assert_int_equal(s->solve(&bd, &a[0], scratch), 0);
    pz_test_scratch_free(s, scratch);
    assert_int_equal(a[0].weight, -1);
    assert_true(a[0].has & TG_CERTS);
    assert_int_equal(p->check(&bd, &a[0], &why), PZ_VALID);
    a[0].big.cert[0].row[bd.big.w] ^= 2;
    assert_int_equal(p->check(&bd, &a[0], &why), PZ_INVALID);
    pz_arena_free(arena);
}

/* The big solvers come from the registry alone: its toggle solvers whose file
 * declares them with TG_BIG_SOLVER, in its order, each a solver of both
 * puzzles through the shared hooks; no other solver has an algorithm.  A
 * new big solver passes this with no change here. */
static void test_big_registry(void **state)
{
    int flip = 0, lightsout = 0;
    (void)state;
    for (const pz_solver *const *s = pz_solvers; *s; s++) {
        int toggle = (*s)->puzzle == &pz_flip || (*s)->puzzle == &pz_lightsout;
        const tg_bigalgo *a = toggle ? tg_big_find((*s)->name) : NULL;
        assert_int_equal(a != NULL, (*s)->release == tg__bigsolver_release);
        if (!a)
            continue;
        assert_string_equal(tg_bigalgo_name(a), (*s)->name);
        assert_int_equal((*s)->scratch_size, sizeof(tg__bigscratch));
        assert_non_null((*s)->resize);
        assert_non_null(strstr((*s)->limits, tg_bigalgo_limits(a)));
        if ((*s)->puzzle == &pz_lightsout)
            assert_ptr_equal(tg_big_algo(lightsout++), a);
        else
            flip++;
    }
    assert_null(tg_big_algo(lightsout));
    assert_int_equal(flip, lightsout);
    assert_non_null(tg_big_find("chase"));
    assert_non_null(tg_big_find("m4ri"));
    assert_non_null(tg_big_find("dense"));
    assert_null(tg_big_find("gf2"));
    assert_null(tg_big_find("portfolio"));
}

/* The arena: aligned, zeroed, and its memory kept over a reset. */
static void test_arena(void **state)
{
    pz_arena *a = pz_arena_new();
    (void)state;
    for (int round = 0; round < 3; round++) {
        for (size_t n = 1; n < 1 << 22; n = n * 3 + 1) {
            unsigned char *p = pz_arena_alloc(a, n);
            assert_int_equal((uintptr_t)p % 64, 0);
            for (size_t i = 0; i < n; i += 4093)
                assert_int_equal(p[i], 0);
            memset(p, 0xA5, n);
        }
        assert_true(pz_arena_used(a) > 3 << 20); /* 1 + 4 + 13 + ... + 2391484 bytes */
        pz_arena_reset(a);
        assert_int_equal(pz_arena_used(a), 0);
    }
    pz_arena_free(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nullity),       cmocka_unit_test(test_against_gf2),
        cmocka_unit_test(test_canonical),     cmocka_unit_test(test_checker),
        cmocka_unit_test(test_widths),        cmocka_unit_test(test_ones),
        cmocka_unit_test(test_wide_contract), cmocka_unit_test(test_arena),
        cmocka_unit_test(test_big_registry),
    };
    pz_test_filter();
    return cmocka_run_group_tests_name("bigboards", tests, NULL, NULL);
}
