/* test_flip.c - Flip Game: reader, checker, and every registered solver
 * cross-checked on the official boards, every 4x4 board and every size. */
#include <stdlib.h>
#include <string.h>

#include "testing.h"
#include "../solvers/toggle/toggle.h"

static void test_reader_good(void **state)
{
    void *v;
    pz_error e;
    (void)state;
    /* whitespace between boards, no final newline */
    long n = pz_test_read(&pz_flip, "bwwb\nbbwb\nbwwb\nbwww\n\n  \nwwww\nwwww\nwwww\nwwwb", &v, &e);
    assert_int_equal(n, 2);
    tg_board *b = v;
    assert_int_equal(b[0].m, 4);
    assert_int_equal(b[0].b[0], 0x9); /* b w w b: columns 0 and 3 */
    assert_int_equal(b[1].b[3], 0x8);
    free(v);
    n = pz_test_read(&pz_flip, "2 3\nbwb\nwww\n\nbbb\nbbb\n", &v, &e);
    assert_int_equal(n, 2);
    b = v;
    assert_int_equal(b[1].m, 2);
    assert_int_equal(b[1].n, 3);
    assert_int_equal(b[0].b[0], 0x5);
    free(v);
}

/* Every solver and the official answers agree on corpus/flip/poj1753. */
static void test_official(void **state)
{
    pz_test_cross *x = pz_test_cross_new(&pz_flip);
    (void)state;
    assert_int_equal(pz_test_cross_spec(x, "corpus/flip/poj1753.in", 1, 0, NULL, NULL), 21);
    pz_test_cross_free(x);
}

static void test_checker(void **state)
{
    tg_board b = {.m = 4, .n = 4, .b = {0x9, 0xb, 0x9, 0x1}}; /* the sample */
    tg_answer a = {.weight = 4, .has = TG_PRESSES};
    const char *why;
    (void)state;
    pz_find_solver("flip", "gf2")->prepare();
    void *scratch = pz_test_scratch(pz_find_solver("flip", "rowenum"));
    pz_find_solver("flip", "rowenum")->solve(&b, &a, scratch);
    pz_test_scratch_free(pz_find_solver("flip", "rowenum"), scratch);
    assert_int_equal(pz_flip.check(&b, &a, &why), PZ_VALID);
    a.x[2] ^= 1; /* one press off */
    assert_int_equal(pz_flip.check(&b, &a, &why), PZ_INVALID);
    a.x[2] ^= 1;
    a.weight = 3; /* count lies */
    assert_int_equal(pz_flip.check(&b, &a, &why), PZ_INVALID);
    a.weight = 4;
    a.x[0] |= 1ull << 5; /* off the board */
    assert_int_equal(pz_flip.check(&b, &a, &why), PZ_INVALID);
    /* Impossible: gf2's certificates check; a wrong one does not. */
    tg_board imp = {.m = 4, .n = 4, .b = {0x0, 0x2, 0x0, 0x0}};
    const pz_solver *gf2 = pz_find_solver("flip", "gf2");
    scratch = pz_test_scratch(gf2);
    pz_test_solve(gf2, &imp, &a, scratch);
    pz_test_scratch_free(gf2, scratch);
    assert_int_equal(a.weight, -1);
    assert_int_equal(a.has, TG_CERTS);
    a.cert[1][0] ^= 1;
    assert_int_equal(pz_flip.check(&imp, &a, &why), PZ_INVALID);
    memset(a.cert[0], 0, sizeof a.cert[0]);
    assert_int_equal(pz_flip.check(&imp, &a, &why), PZ_INVALID);
}

/* All solvers agree bit for bit on the boards; returns how many had answers.
 * The slow ones take every slow-th board. */
static long cross_check(const pz_params *p, const pz_generator *g, long count, int *maxw, long slow)
{
    pz_test_cross *x = pz_test_cross_new(&pz_flip);
    long solvable = 0;
    for (long i = 0; i < count; i++) {
        tg_board b;
        g->make(p, (uint64_t)i, &b);
        const tg_answer *ref = pz_test_cross_one(x, &b, NULL, i % slow == 0, 0, g->kind, i);
        assert_non_null(ref);
        solvable += ref->weight >= 0;
        if (ref->weight > *maxw)
            *maxw = ref->weight;
    }
    pz_test_cross_free(x);
    return solvable;
}

static pz_params params(int rows, int cols, long long count)
{
    pz_params p = {.rows = rows, .cols = cols, .n = -1, .digits = -1, .count = count, .seed = 7};
    return p;
}

/* Every 4x4 board: 4096 solvable, none needs more than 6 moves.  The slow
 * searches take a fixed stride here; scripts/regress runs them on every board. */
static void test_exhaustive_4x4(void **state)
{
    pz_params p = params(4, 4, -1);
    pz_error e;
    int maxw = -1;
    (void)state;
    p.seed = (uint64_t)-1;
    assert_int_equal(pz_flip.generators[0].setup(&p, &e), 0);
    assert_int_equal(p.count, 65536);
    assert_int_equal(cross_check(&p, &pz_flip.generators[0], p.count, &maxw, 8), 4096);
    assert_int_equal(maxw, 6);
}

/* Every board of up to 12 cells, and random boards of every size to 8x8. */
static void test_all_sizes(void **state)
{
    int maxw = -1;
    (void)state;
    for (int m = 1; m <= 8; m++)
        for (int n = 1; n <= 8; n++) {
            pz_params p = params(m, n, -1);
            if (m * n <= 12) {
                p.seed = (uint64_t)-1;
                cross_check(&p, &pz_flip.generators[0], 1l << (m * n), &maxw, 1);
            }
            p = params(m, n, m * n <= 16 ? 40 : 4); /* iddfs: 2^(mn) per Impossible */
            cross_check(&p, &pz_flip.generators[1], p.count, &maxw, 1);
        }
}

/* flip:random is mostly Impossible (94% at 4x4), so a program that misprints
 * the count passes most of it; random:mode=solvable never is Impossible. */
static void test_random_solvable(void **state)
{
    static const char *const specs[] = {
        "flip:random:mode=solvable:count=1000",
        "flip:random:rows=3:cols=7:mode=solvable:count=300:seed=9",
        "flip:random:rows=8:cols=8:mode=solvable:count=100:seed=2",
        "flip:random:rows=1:cols=1:mode=solvable:count=20",
    };
    long long n, solvable;
    (void)state;
    assert_true(pz_test_solvable(&pz_flip, "flip:random:count=1000", &n) < 150);
    assert_int_equal(n, 1000);
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++)
        if ((solvable = pz_test_solvable(&pz_flip, specs[i], &n)) != n)
            fail_msg("%s: %lld of %lld boards Impossible", specs[i], n - solvable, n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reader_good), cmocka_unit_test(test_official),
        cmocka_unit_test(test_checker),     cmocka_unit_test(test_exhaustive_4x4),
        cmocka_unit_test(test_all_sizes),   cmocka_unit_test(test_random_solvable),
    };
    pz_test_filter();
    return cmocka_run_group_tests_name("flip", tests, NULL, NULL);
}
