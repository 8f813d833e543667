/* test_registry.c - the registry's lines, and every registered solver
 * cross-checked against every other solver of its puzzle and against the
 * independent checker at awkward sizes (testing.h: pz_test_cross).
 *
 * Nothing here names a solver: a solver registered with one line in
 * solvers/registry.h is checked here unasked.  What a puzzle contributes is
 * its cases below, the sizes where solvers are most likely to be wrong: the
 * smallest, the thinnest, the widest, every board of a few cells.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../solvers/rng.h"
#include "../solvers/toggle/toggle.h"
#include "testing.h"

/* Every line names a puzzle that is registered, no name is taken twice, the
 * lookups find each, and every puzzle has a reference. */
static void test_lines(void **state)
{
    (void)state;
    for (const pz_solver *const *s = pz_solvers; *s; s++) {
        const pz_solver *sv = *s;
        int listed = 0;
        for (const pz_puzzle *const *p = pz_puzzles; *p; p++)
            listed += *p == sv->puzzle;
        assert_int_equal(listed, 1);
        assert_ptr_equal(pz_find_solver(sv->puzzle->name, sv->name), sv);
        assert_int_equal(sv->flags & ~(unsigned)(PZ_REF | PZ_SLOW | PZ_EXPONENTIAL), 0);
        assert_non_null(sv->fits);
        assert_non_null(sv->solve);
        assert_true(sv->summary && *sv->summary && sv->limits && *sv->limits);
    }
    for (const pz_puzzle *const *p = pz_puzzles; *p; p++) {
        int refs = 0, others = 0;
        assert_ptr_equal(pz_find_puzzle((*p)->name), *p);
        for (const pz_solver *const *s = pz_solvers; *s; s++) {
            if ((*s)->puzzle != *p)
                continue;
            /* The harness still takes the reference as the first solver in the
             * list that takes an instance (bench/run.c, shrink.c, judge.c):
             * until it asks for PZ_REF, the references lead the list. */
            if (((*s)->flags & PZ_REF) && others)
                fail_msg("%s/%s is marked PZ_REF but follows a solver that is not", (*p)->name,
                         (*s)->name);
            refs += ((*s)->flags & PZ_REF) != 0;
            others += !((*s)->flags & PZ_REF);
        }
        if (!refs)
            fail_msg("%s has no solver marked PZ_REF in solvers/registry.h", (*p)->name);
    }
    assert_null(pz_find_solver("flip", "no-such-solver"));
    assert_null(pz_find_puzzle("chess"));
}

/* Cross-checks the corpus whose spec fmt spells. */
static void spec(pz_test_cross *x, long long slow, int hard, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void spec(pz_test_cross *x, long long slow, int hard, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    pz_test_cross_spec(x, buf, slow, hard, NULL, NULL);
}

/* Flip and Lights Out: every board of up to 10 cells, random boards of every
 * size to 8x8, and the thinnest and widest shapes that fit the puzzle's
 * largest side.  The slow searches take about 32 boards of each small size
 * (their limits keep them off the large ones). */
static void toggle_cases(pz_test_cross *x, const char *puzzle, int maxside)
{
    static const int shapes[][2] = {{1, 64},  {64, 1},  {2, 63},  {63, 2},  {3, 64},  {64, 3},
                                    {20, 21}, {21, 20}, {20, 64}, {64, 20}, {64, 64}, {17, 33}};
    for (int m = 1; m <= 10; m++)
        for (int n = 1; m * n <= 10; n++)
            if (m <= maxside && n <= maxside)
                spec(x, (1ll << (m * n)) / 32 + 1, 0, "%s:exhaustive:rows=%d:cols=%d", puzzle, m,
                     n);
    for (int m = 1; m <= 8; m++)
        for (int n = 1; n <= 8; n++) {
            spec(x, 4, 0, "%s:random:rows=%d:cols=%d:count=16:seed=%d", puzzle, m, n, 8 * m + n);
            spec(x, 8, 0, "%s:random:rows=%d:cols=%d:count=8:seed=%d:mode=solvable", puzzle, m, n,
                 8 * m + n);
        }
    /* Every other size of at most 64 cells (a board in one word), solvable
     * boards too: a singular size's random board mostly has no answer.  The
     * slow searches take the first board of each. */
    for (int m = 1; m <= 64 && m <= maxside; m++)
        for (int n = 1; m * n <= 64 && n <= maxside; n++)
            if (m > 8 || n > 8) {
                spec(x, 4, 0, "%s:random:rows=%d:cols=%d:count=4:seed=%d", puzzle, m, n, m * n);
                spec(x, 4, 0, "%s:random:rows=%d:cols=%d:count=4:seed=%d:mode=solvable", puzzle, m,
                     n, m * n);
            }
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++)
        if (shapes[i][0] <= maxside && shapes[i][1] <= maxside)
            spec(x, 1, 0, "%s:random:rows=%d:cols=%d:count=4:seed=%zu", puzzle, shapes[i][0],
                 shapes[i][1], i);
}

static void flip_cases(pz_test_cross *x, const char *puzzle)
{
    toggle_cases(x, puzzle, 8); /* the Flip Game's boards go to 8x8 */
}

static void lightsout_cases(pz_test_cross *x, const char *puzzle)
{
    toggle_cases(x, puzzle, 64);
}

/* Tetravex: every game of one tile over a few numbers, every 2x2 game over
 * two, and random games of every mode for n = 2..5 and several counts of
 * numbers (one number: every side alike).  5x5 games over fewer than ten
 * numbers are the hard ones (the exponential searches take seconds). */
static void tetravex_cases(pz_test_cross *x, const char *puzzle)
{
    static const char *const modes[] = {"solvable", "perturbed", "tiles"};
    static const int digits[] = {1, 2, 3, 5, 10};
    for (size_t d = 0; d < sizeof digits / sizeof *digits; d++)
        spec(x, 16, 0, "%s:exhaustive:n=1:digits=%d", puzzle, digits[d]);
    spec(x, 64, 0, "%s:exhaustive:n=2:digits=2", puzzle);
    for (int n = 2; n <= 5; n++)
        for (size_t m = 0; m < sizeof modes / sizeof *modes; m++)
            for (size_t d = 0; d < sizeof digits / sizeof *digits; d++)
                if (digits[d] > 1 || strcmp(modes[m], "perturbed")) /* a number must change */
                    spec(x, n < 4 ? 1 : 4, n == 5 && digits[d] < 10,
                         "%s:random:n=%d:digits=%d:mode=%s:count=12:seed=%d", puzzle, n, digits[d],
                         modes[m], 10 * n + (int)d);
}

static const struct {
    const char *puzzle;
    void (*cases)(pz_test_cross *, const char *puzzle);
} cases[] = {
    {"flip", flip_cases},
    {"lightsout", lightsout_cases},
    {"tetravex", tetravex_cases},
};

/* Every registered puzzle has cases, and every solver of it took some and
 * was compared with another on some. */
static void test_cross_check(void **state)
{
    (void)state;
    for (const pz_puzzle *const *p = pz_puzzles; *p; p++) {
        size_t k = 0;
        while (k < sizeof cases / sizeof *cases && strcmp(cases[k].puzzle, (*p)->name))
            k++;
        if (k == sizeof cases / sizeof *cases)
            fail_msg("%s: no cases for the cross-check: add them to tests/test_registry.c",
                     (*p)->name);
        pz_test_cross *x = pz_test_cross_new(*p);
        cases[k].cases(x, (*p)->name);
        pz_test_cross_covered(x);
        pz_test_cross_free(x);
    }
}

/* solve_batch against solve() for every solver that has one: batches of
 * runs of one size (sizes it takes, a few cells for the slow searches),
 * from every start; the same bytes in every answer, and a stop seen. */
static void test_solve_batch(void **state)
{
    static const int sizes[][2] = {{5, 6}, {4, 4}, {1, 1}, {3, 4}, {8, 8}, {6, 8},  {1, 64},
                                   {2, 6}, {9, 7}, {5, 5}, {2, 2}, {3, 3}, {16, 4}, {4, 3}};
    enum { N = 300 };
    const pz_puzzle *puzzles[] = {&pz_flip, &pz_lightsout};
    long solvers = 0;
    (void)state;
    for (const pz_solver *const *s = pz_solvers; *s; s++) {
        const pz_solver *sv = *s;
        if (!sv->solve_batch)
            continue;
        assert_true(sv->puzzle == puzzles[0] || sv->puzzle == puzzles[1]);
        size_t isz = sv->puzzle->inst_size, asz = sv->puzzle->ans_size;
        char *inst = calloc(N, isz), *one = calloc(N, asz), *many = calloc(N, asz);
        void *scratch = pz_test_scratch(sv);
        pz_rng rng = pz_rng_at(23, (uint64_t)solvers);
        int taken = 0, maxside = sv->puzzle == &pz_flip ? 8 : 64;
        for (int j = 0, left = 0, k = 0; j < N; j++, left--) {
            if (left <= 0) { /* a run of 1 to 40 boards of a size the solver takes */
                do
                    k = (int)pz_rng_below(&rng, sizeof sizes / sizeof *sizes);
                while (((sv->flags & PZ_SLOW) && sizes[k][0] * sizes[k][1] > 12) ||
                       sizes[k][0] > maxside || sizes[k][1] > maxside);
                left = 1 + (int)pz_rng_below(&rng, 40);
            }
            pz_params p = {.rows = sizes[k][0], .cols = sizes[k][1], .seed = 5};
            tg_make_random(&p, (uint64_t)j, inst + (size_t)j * isz);
            if (!sv->fits(inst + (size_t)j * isz)) { /* a size it does not take: another */
                left = 0, j--;
                continue;
            }
            taken++;
        }
        for (int j = 0; j < N; j++)
            pz_test_solve(sv, inst + (size_t)j * isz, one + (size_t)j * asz, scratch);
        for (int t = 0; t < 40; t++) {
            size_t j = t ? pz_rng_below(&rng, N) : 0, len = t ? pz_rng_below(&rng, N - j + 1) : N;
            memset(many, 0, (size_t)N * asz);
            memcpy(many, one, j * asz);
            assert_int_equal(sv->solve_batch(inst + j * isz, many + j * asz, len, scratch), len);
            memcpy(many + (j + len) * asz, one + (j + len) * asz, (N - j - len) * asz);
            if (memcmp(one, many, (size_t)N * asz))
                fail_msg("%s/%s: solve_batch differs from solve() on [%zu, %zu)", sv->puzzle->name,
                         sv->name, j, j + len);
        }
        pz_set_stop(1);
        assert_int_equal(sv->solve_batch(inst, many, N, scratch), 0);
        pz_set_stop(0);
        assert_int_equal(taken, N);
        pz_test_scratch_free(sv, scratch);
        free(inst);
        free(one);
        free(many);
        solvers++;
    }
    assert_true(solvers >= 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lines),
        cmocka_unit_test(test_solve_batch),
        cmocka_unit_test(test_cross_check),
    };
    pz_test_filter();
    return cmocka_run_group_tests_name("registry", tests, NULL, NULL);
}
