/* test_stats.c - the time histogram's quantiles, the mean and its interval,
 * and the U test with its ratio and interval, each against a computation
 * done another way: by brute force, by enumeration or by the formula. */
#include <math.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "testing.h"
#include "../cli/cli.h"
#include "../bench/report.h"
#include "../bench/stats.h"

/* Every time from 1/100 ns to 10^10 ns comes back from its class within 1%,
 * and the classes rise with the times. */
static void test_classes(void **state)
{
    int last = -1;
    (void)state;
    for (double ns = 0.01; ns < 1e10; ns *= 1.0007) {
        int c = pz_spread_class(ns);
        assert_true(c >= last);
        assert_true(fabs(pz_spread_ns(c) / ns - 1) < 0.0079);
        last = c;
    }
    assert_int_equal(pz_spread_class(0), 0);
    assert_int_equal(pz_spread_class(-1), 0);
    assert_int_equal(pz_spread_class(NAN), 0);
    assert_int_equal(pz_spread_class(1e-9), 0);
    assert_int_equal(pz_spread_class(1e30), PZ_SPREAD - 1);
    assert_int_equal(pz_spread_class(ldexp(1, 40) * 0.999), PZ_SPREAD - 1);
    /* An old class (8 an octave, 9% wide) lands in the class of its middle. */
    assert_int_equal(pz_spread_class8(64), pz_spread_class(exp2(0.5 / 8)));
    assert_true(fabs(pz_spread_ns(pz_spread_class8(100)) / exp2(100.5 / 8 - 8) - 1) < 0.008);
}

/* Exact to three digits: every class is at most 0.5% wide, its
 * middle within 0.2% of every time in it, so times 0.5% apart never share a
 * class; and a sparse spread keeps its classes in order, merged class by
 * class. */
static void test_resolution(void **state)
{
    pz_spread a = {0}, b = {0};
    (void)state;
    for (double ns = 0.01; ns < 1e10; ns *= 1.0007) {
        int c = pz_spread_class(ns);
        assert_true(fabs(pz_spread_ns(c) / ns - 1) < 0.002);
        assert_true(pz_spread_ns(c + 1) / pz_spread_ns(c) - 1 < 0.005);
        assert_true(pz_spread_class(ns * 1.005) > c);
    }
    for (int i = 0; i < 1000; i++) /* 1000 batches, 20.00 .. 29.99 ns */
        pz_spread_add(i % 2 ? &a : &b, pz_spread_class(20 + 0.01 * i), 10);
    pz_spread_merge(&a, &b);
    assert_int_equal(pz_spread_total(&a), 10000);
    for (int i = 1; i < a.n; i++)
        assert_true(a.bin[i - 1].cls < a.bin[i].cls);
    assert_true(fabs(pz_spread_quantile(&a, 0.5) / 24.995 - 1) < 0.003);
    assert_true(fabs(pz_spread_quantile(&a, 0) / 20 - 1) < 0.002);
    assert_true(fabs(pz_spread_quantile(&a, 1) / 29.99 - 1) < 0.002);
    /* the median absolute deviation of times even from 20 to 30 ns: 2.5 ns */
    assert_true(fabs(pz_spread_mad(&a) / 2.5 - 1) < 0.02);
    /* older reports' classes, 64 an octave: to the class of their middle */
    assert_true(fabs(pz_spread_ns(pz_spread_reclass(64 * 13 + 3, 64)) / (32 * (1 + 3.5 / 64)) - 1) <
                0.002);
    pz_spread_free(&a);
    pz_spread_free(&b);
}

/* The one printer of durations: three significant digits, the unit that
 * fits, "-" for no time (NaN), a sign for the low end of an interval. */
static void test_span(void **state)
{
    static const struct {
        double s;
        const char *want;
    } cases[] = {{3.214e-9, "3.21 ns"}, {189.4e-9, "189 ns"},   {999.4e-9, "999 ns"},
                 {999.6e-9, "1 us"},    {460.2e-6, "460 us"},   {1.234, "1.23 s"},
                 {0, "0 ns"},           {-5.25e-6, "-5.25 us"}, {NAN, "-"},
                 {450, "7.5 min"},      {7200, "2.0 h"},        {259200, "3 days"}};
    char buf[32];
    (void)state;
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        pz_span(buf, sizeof buf, cases[k].s);
        assert_string_equal(buf, cases[k].want);
    }
}

/* The median, p10 and p90 of batches 1% apart are told apart, within 1%:
 * the old classes 9% wide gave the same median for times 8% apart. */
static void test_quantiles(void **state)
{
    static pz_tally t, u;
    (void)state;
    for (int i = 0; i < 100; i++) /* 100 batches of 10 instances: 20.0 .. 29.9 ns */
        pz_spread_add(&t.spread, pz_spread_class(20 + 0.1 * i), 10);
    assert_true(fabs(pz_quantile(&t, 0.5) / 24.95 - 1) < 0.01);
    assert_true(fabs(pz_quantile(&t, 0.1) / 20.95 - 1) < 0.01);
    assert_true(fabs(pz_quantile(&t, 0.9) / 28.95 - 1) < 0.01);
    pz_spread_add(&u.spread, pz_spread_class(23.63), 1);
    assert_true(fabs(pz_quantile(&u, 0.5) / 23.63 - 1) < 0.008);
    /* 23.63 and 24.2 ns shared an old class (100); now each has its own. */
    assert_int_equal((int)(8 * (log2(23.63) + 8)), (int)(8 * (log2(24.2) + 8)));
    assert_true(pz_spread_class(24.2) > pz_spread_class(23.63));
    /* Tallies add class by class, repetitions too. */
    pz_tally_free(&u);
    u.rep_seconds[2] = 1.5;
    pz_tally_add(&u, &t);
    pz_tally_add(&u, &t);
    assert_true(fabs(pz_quantile(&u, 0.5) / 24.95 - 1) < 0.01);
    assert_true(u.rep_seconds[2] == 1.5);
    pz_tally_free(&t);
    pz_tally_free(&u);
}

static void test_mean(void **state)
{
    double x[] = {10, 12, 11, 13, 9};
    (void)state;
    pz_mean m = pz_mean_ci(x, 5);
    assert_true(fabs(m.mean - 11) < 1e-12);
    assert_true(fabs(m.sd - sqrt(2.5)) < 1e-12);
    assert_true(fabs(m.hi - (11 + 2.776 * sqrt(2.5) / sqrt(5))) < 1e-9);
    assert_true(fabs(m.lo - (11 - 2.776 * sqrt(2.5) / sqrt(5))) < 1e-9);
    m = pz_mean_ci(x, 1);
    assert_true(m.mean == 10 && isnan(m.sd) && isnan(m.lo));
    assert_true(fabs(pz_t975(30) - 2.042) < 1e-9);
    assert_true(fabs(pz_t975(31) - 2.040) < 0.001);
    assert_true(fabs(pz_t975(120) - 1.980) < 0.001);
}

/* P(U <= u) and P(U >= u) by enumerating every way of choosing which 5 of
 * the 10 pooled values are A's. */
static double enumerate_p(const double *pool, int n, int m, double u)
{
    double below = 0, above = 0, total = 0;
    for (unsigned mask = 0; mask < 1u << n; mask++) {
        if (__builtin_popcount(mask) != m)
            continue;
        double v = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                if ((mask >> i & 1) && !(mask >> j & 1) && pool[j] > pool[i])
                    v++;
        total++;
        below += v <= u;
        above += v >= u;
    }
    return fmin(1, 2 * fmin(below, above) / total);
}

/* B = 1.5 A, no ties: U, the exact p-value, and the ratio exactly 1.5 (the
 * differences of logs are the shift plus a set symmetric about 0). */
static void test_exact(void **state)
{
    double av[] = {1.1, 2.3, 3.2, 4.5, 5.4}, pool[10];
    pz_sample a[5], b[5];
    (void)state;
    for (int i = 0; i < 5; i++) {
        a[i] = (pz_sample){av[i], 1};
        b[i] = (pz_sample){1.5 * av[i], 1};
        pool[i] = av[i];
        pool[5 + i] = 1.5 * av[i];
    }
    pz_shift s = pz_compare_times(a, 5, b, 5);
    double u = 0;
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++)
            u += b[j].ns > a[i].ns;
    assert_true(s.exact);
    assert_true(s.u == u);
    assert_true(fabs(s.p - enumerate_p(pool, 10, 5, u)) < 1e-12);
    assert_true(fabs(s.ratio - 1.5) < 1e-12);
    assert_true(s.lo < 1.5 && s.hi > 1.5);

    /* Wholly apart: U = 25, p = 2/252; the interval from the 3rd to the
     * 23rd of the 25 ratios (P(U <= 2) = 4/252 <= 2.5% < P(U <= 3)). */
    for (int i = 0; i < 5; i++)
        b[i].ns = 10 * av[i];
    s = pz_compare_times(a, 5, b, 5);
    assert_true(s.u == 25);
    assert_true(fabs(s.p - 2.0 / 252) < 1e-12);
    double r[25];
    int n = 0;
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++)
            r[n++] = b[j].ns / a[i].ns;
    for (int i = 0; i < 25; i++) /* sort */
        for (int j = i + 1; j < 25; j++)
            if (r[j] < r[i]) {
                double t = r[i];
                r[i] = r[j];
                r[j] = t;
            }
    assert_true(fabs(s.lo - r[2]) < 1e-9 && fabs(s.hi - r[22]) < 1e-9);
    assert_true(fabs(s.ratio - r[12]) < 1e-9);

    /* A sample compared with itself: U in the middle, p = 1, ratio 1. */
    s = pz_compare_times(a, 5, a, 5);
    assert_true(s.p == 1 && fabs(s.ratio - 1) < 1e-12);
    /* One time each: nothing to say. */
    s = pz_compare_times(a, 1, b, 1);
    assert_true(s.p == 1 && isnan(s.lo) && isnan(s.hi));
}

/* Weighted samples (a histogram's classes) take the normal approximation
 * with the tie correction; a class of weight 3 is three times of weight 1. */
static void test_normal(void **state)
{
    pz_sample a = {10, 10}, b = {20, 10};
    (void)state;
    pz_shift s = pz_compare_times(&a, 1, &b, 1);
    double ties = 2 * (1000 - 10), var = 100.0 / 12 * (21 - ties / (20 * 19));
    assert_false(s.exact);
    assert_true(s.u == 100);
    assert_true(fabs(s.p - erfc((50 - 0.5) / sqrt(2 * var))) < 1e-12);
    assert_true(fabs(s.ratio - 2) < 1e-12 && fabs(s.lo - 2) < 1e-12 && fabs(s.hi - 2) < 1e-12);

    pz_sample w[] = {{1, 3}, {2, 1}, {4, 2}}, x[] = {{1.5, 2}, {3, 4}};
    pz_sample wu[] = {{1, 1}, {1, 1}, {1, 1}, {2, 1}, {4, 1}, {4, 1}};
    pz_sample xu[] = {{1.5, 1}, {1.5, 1}, {3, 1}, {3, 1}, {3, 1}, {3, 1}};
    pz_shift p = pz_compare_times(w, 3, x, 2), q = pz_compare_times(wu, 6, xu, 6);
    assert_false(q.exact); /* ties */
    assert_true(p.u == q.u && fabs(p.p - q.p) < 1e-12);
    assert_true(fabs(p.ratio - q.ratio) < 1e-12);

    /* 2000 batches a side, 3% apart, with a 10% spread: found, and the
     * ratio's interval holds 1.03. */
    pz_sample *c = calloc(2000, sizeof *c), *d = calloc(2000, sizeof *d);
    srand(7);
    for (int i = 0; i < 2000; i++) {
        double noise = 1 + 0.1 * (rand() / (double)RAND_MAX - 0.5);
        double other = 1 + 0.1 * (rand() / (double)RAND_MAX - 0.5);
        c[i] = (pz_sample){100 * noise, 1};
        d[i] = (pz_sample){103 * other, 1};
    }
    s = pz_compare_times(c, 2000, d, 2000);
    assert_true(s.p < 1e-6);
    assert_true(s.lo < 1.03 && s.hi > 1.03 && s.hi - s.lo < 0.01);
    free(c);
    free(d);
}

/* Test-only solvers, never registered: gf2's answer, then a busy wait until
 * the thread has spent 40 us on the instance ("steady"), or 40 us in the base
 * build and 52 us in the slower one ("knob"), so that the true slowdown is
 * 1.3 whatever else runs on the machine; and what the knob spent on each
 * instance is kept, so the test knows the true slowdown to the last
 * overshoot of a clock reading.  Their reports name them gf2 and rowenum:
 * compare reads reports through the one schema reader, which knows the
 * solvers of this build only. */
extern const pz_solver pz_solver_lightsout_gf2;
static double target[2]; /* seconds an instance: "steady", "knob" */
enum { CALLS = 1 << 12 };
static double spent[CALLS]; /* seconds the knob spent on each instance */
static int calls;

static double (*spin_clock)(void); /* the repetitions' CPU time, or the batches' wall time */

static int spin(int which, const void *inst, void *ans, void *scratch)
{
    double t0 = spin_clock(), t;
    int rc = pz_solver_lightsout_gf2.solve(inst, ans, scratch);
    while ((t = spin_clock()) - t0 < target[which])
        ;
    if (which == 1 && calls < CALLS)
        spent[calls++] = t - t0;
    return rc;
}

static int steady_solve(const void *inst, void *ans, void *scratch)
{
    return spin(0, inst, ans, scratch);
}

static int knob_solve(const void *inst, void *ans, void *scratch)
{
    return spin(1, inst, ans, scratch);
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* A run of the two spinning solvers, written as a JSON report; the time the
 * knob spent on an instance. */
static double spin_run(const char *path, double knob, int repeat)
{
    static pz_solver steady, slow;
    pz_corpus c;
    pz_shard sh;
    pz_result r;
    pz_error e;
    steady = pz_solver_lightsout_gf2;
    steady.name = "gf2"; /* "steady" */
    steady.solve = steady_solve;
    steady.solve_batch = NULL; /* solve() for each: its own */
    slow = steady;
    slow.name = "rowenum"; /* "knob" */
    slow.solve = knob_solve;
    slow.solve_batch = NULL; /* solve() for each: its own */
    pz_run_opts o = {.solvers = {&steady, &slow},
                     .nsolvers = 2,
                     .sample = 1,
                     .threads = 1,
                     .batch = 10,
                     .repeat = repeat,
                     .warmup = 1};
    /* Repetitions and batches are compared by their median batches, whose
     * times are wall times: the wait is on that clock. */
    spin_clock = pz_now;
    target[0] = 40e-6;
    target[1] = 40e-6 * knob;
    calls = 0;
    assert_int_equal(
        pz_corpus_open(&c, pz_find_puzzle("lightsout"), "lightsout:random:count=200", &e), 0);
    assert_int_equal(pz_parse_shard(NULL, c.count, &sh, &e), 0);
    assert_int_equal(pz_run(&c, &sh, &o, &r), 0);
    assert_int_equal(pz_write_report(path, pz_write_json, &r), 0);
    pz_result_free(&r);
    pz_corpus_close(&c);
    /* As the comparison sees it, by medians (a wait preempted at its end
     * overshoots by milliseconds). */
    qsort(spent, (size_t)calls, sizeof *spent, by_value);
    return spent[calls / 2];
}

/* `compare BASE NEW --json OUT`: its exit status, and the verdict, ratio and
 * interval of each solver. */
static int compare(const char *base, const char *now, const char *out, json_t **solvers)
{
    char *argv[] = {"compare", (char *)base, (char *)now, "--json", (char *)out, NULL};
    FILE *saved = stdout;
    stdout = fopen("/dev/null", "w");
    int rc = pz_cmd_compare(5, argv);
    fclose(stdout);
    stdout = saved;
    json_error_t err;
    json_t *root = json_load_file(out, 0, &err);
    assert_non_null(root);
    *solvers = json_incref(json_object_get(root, "solvers"));
    json_decref(root);
    return rc;
}

static const char *verdict(json_t *solvers, int i, double *ratio, double *lo, double *hi)
{
    json_t *s = json_array_get(solvers, (size_t)i);
    *ratio = json_number_value(json_object_get(s, "ratio"));
    *lo = json_number_value(json_object_get(s, "ci_low"));
    *hi = json_number_value(json_object_get(s, "ci_high"));
    return json_string_value(json_object_get(s, "verdict"));
}

/* A slowdown found: a build in which one solver is 30% slower is found
 * slower, with an interval within 5% of the slowdown as measured; the
 * other solver, and a run against itself, are the same.  Over
 * repetitions; then over the batches of one pass, which are no independent
 * samples: the ratio alone, untested (~slower, ~same), with no interval
 * and no p-value. */
static void test_slower(void **state)
{
    char dir[] = "/tmp/pz-stats-XXXXXX", base[64], now[64], out[64];
    json_t *s;
    double ratio, lo, hi;
    (void)state;
    assert_non_null(mkdtemp(dir));
    snprintf(base, sizeof base, "%s/base.json", dir);
    snprintf(now, sizeof now, "%s/new.json", dir);
    snprintf(out, sizeof out, "%s/cmp.json", dir);
    for (int repeat = 5; repeat >= 1; repeat -= 4) {
        double was = spin_run(base, 1, repeat), truth = spin_run(now, 1.3, repeat) / was;
        assert_true(fabs(truth / 1.3 - 1) < 0.05); /* the knob works */
        const char *mark = repeat > 1 ? "" : "~";
        char want[16];
        assert_int_equal(compare(base, now, out, &s), PZ_EXIT_FAIL);
        snprintf(want, sizeof want, "%ssame", mark);
        assert_string_equal(verdict(s, 0, &ratio, &lo, &hi), want);
        snprintf(want, sizeof want, "%sslower", mark);
        assert_string_equal(verdict(s, 1, &ratio, &lo, &hi), want);
        print_message("knob %.4fx slower, repeat %d: ratio %.4f [%.4f, %.4f]\n", truth, repeat,
                      ratio, lo, hi);
        /* truth is of the calls' medians, compare's ratio of each pass's
         * 5th-percentile batch: on a loaded machine they part by a few
         * percent (in CI under ASan, 1.2998 against [1.2252, 1.2773]). */
        if (repeat > 1)
            assert_true(lo <= truth * 1.05 && hi >= truth / 1.05);
        else /* no interval, no p-value */
            assert_true(json_is_null(json_object_get(json_array_get(s, 1), "ci_low")) &&
                        json_is_null(json_object_get(json_array_get(s, 1), "p_value")));
        json_decref(s);
        assert_int_equal(compare(base, base, out, &s), PZ_EXIT_OK);
        snprintf(want, sizeof want, "%ssame", mark);
        assert_string_equal(verdict(s, 0, &ratio, &lo, &hi), want);
        assert_string_equal(verdict(s, 1, &ratio, &lo, &hi), want);
        json_decref(s);
    }
    unlink(base);
    unlink(now);
    unlink(out);
    rmdir(dir);
}

/* The weighted median, Student's t tail and Welch's test, against values
 * computed by hand or by the formula. */
static void test_welch(void **state)
{
    pz_sample odd[] = {{5, 1}, {1, 1}, {3, 1}}, even[] = {{4, 1}, {1, 1}, {3, 1}, {2, 1}},
              heavy[] = {{1, 1}, {2, 5}, {9, 1}};
    (void)state;
    assert_true(pz_weighted_median(odd, 3) == 3);
    assert_true(pz_weighted_median(even, 4) == 2.5);
    assert_true(pz_weighted_median(heavy, 3) == 2);
    assert_true(isnan(pz_weighted_median(odd, 0)));
    /* t with 1 degree of freedom is Cauchy: P(|T| > 1) = 1/2; with many, normal. */
    assert_true(fabs(pz_t_two_sided(1, 1) - 0.5) < 1e-6);
    assert_true(fabs(pz_t_two_sided(1.959964, 1e6) - 0.05) < 1e-4);
    assert_true(fabs(pz_t_two_sided(pz_t975(10), 10) - 0.05) < 1e-3);
    assert_true(pz_t_two_sided(0, 5) == 1);
    /* Equal means: p 1, ratio 1, an interval around 1. */
    pz_shift w = pz_welch(100, 10, 5, 100, 10, 5);
    assert_true(fabs(w.p - 1) < 1e-9 && w.ratio == 1 && w.lo < 1 && w.hi > 1);
    /* Means 100 and 110, sd 5 in 10 repetitions each: t = 10 / sqrt(5) with
     * 18 degrees of freedom, p about 3e-4. */
    w = pz_welch(100, 5, 10, 110, 5, 10);
    assert_true(fabs(w.ratio - 1.1) < 1e-12);
    assert_true(fabs(w.p - pz_t_two_sided(10 / sqrt(5), 18)) < 1e-12 && w.p < 1e-3 && w.p > 1e-4);
    assert_true(w.lo > 1 && w.lo < 1.1 && w.hi > 1.1);
    /* One repetition, or no spread at all: the ratio alone. */
    w = pz_welch(100, 5, 1, 120, 5, 10);
    assert_true(w.ratio == 1.2 && isnan(w.p) && isnan(w.lo) && isnan(w.hi));
    w = pz_welch(100, 0, 5, 120, 0, 5);
    assert_true(w.ratio == 1.2 && isnan(w.p));
}

/* A measurement, not a test (run when PZ_MEASURE_TRIALS=N is set): a build
 * in which Lights Out's gf2 does 20% more real work (every fifth instance
 * solved twice: a test-only solver, never registered) against the build as
 * it is, N times, with run --repeat 5 --warmup on 10^7 boards 5x6, both
 * solvers in each run; it prints how often gf2 is found slower, and how
 * often rowenum, whose code did not change, is called slower.  With
 * PZ_MEASURE_KEEP=DIR each trial's reports stay in DIR (base-T.json,
 * new-T.json), to be compared again by another build of compare. */
extern const pz_solver pz_solver_lightsout_rowenum;
static int heavier;

static int gf2_twice(const void *inst, void *ans, void *scratch)
{
    static _Thread_local unsigned n;
    if (heavier && n++ % 5 == 0)
        pz_solver_lightsout_gf2.solve(inst, ans, scratch);
    return pz_solver_lightsout_gf2.solve(inst, ans, scratch);
}

static void measure_run(const char *path, int heavy)
{
    static pz_solver gf2;
    pz_corpus c;
    pz_shard sh;
    pz_result r;
    pz_error e;
    gf2 = pz_solver_lightsout_gf2;
    gf2.solve = gf2_twice;
    gf2.solve_batch = NULL; /* solve() for each: its own */
    heavier = heavy;
    pz_run_opts o = {.solvers = {&gf2, &pz_solver_lightsout_rowenum},
                     .nsolvers = 2,
                     .sample = 1,
                     .threads = 1,
                     .repeat = 5,
                     .warmup = 1};
    assert_int_equal(pz_corpus_open(&c, pz_find_puzzle("lightsout"),
                                    "lightsout:random:rows=5:cols=6:count=1e7", &e),
                     0);
    assert_int_equal(pz_parse_shard(NULL, c.count, &sh, &e), 0);
    assert_int_equal(pz_run(&c, &sh, &o, &r), 0);
    assert_int_equal(pz_write_report(path, pz_write_json, &r), 0);
    pz_result_free(&r);
    pz_corpus_close(&c);
}

static void measure(void **state)
{
    const char *env = getenv("PZ_MEASURE_TRIALS"), *keep = getenv("PZ_MEASURE_KEEP");
    int trials = env ? atoi(env) : 0, found = 0, falsely = 0;
    char dir[] = "/tmp/pz-measure-XXXXXX", base[PATH_MAX], now[PATH_MAX], out[64];
    (void)state;
    if (trials < 1)
        skip();
    assert_non_null(mkdtemp(dir));
    snprintf(base, sizeof base, "%s/base.json", dir);
    snprintf(now, sizeof now, "%s/new.json", dir);
    snprintf(out, sizeof out, "%s/cmp.json", dir);
    for (int t = 0; t < trials; t++) {
        json_t *s;
        double r0, lo0, hi0, r1, lo1, hi1;
        if (keep) { /* PZ_MEASURE_KEEP=DIR: each trial's reports stay there */
            snprintf(base, sizeof base, "%s/base-%d.json", keep, t + 1);
            snprintf(now, sizeof now, "%s/new-%d.json", keep, t + 1);
        }
        measure_run(base, 0);
        measure_run(now, 1);
        compare(base, now, out, &s);
        const char *v0 = verdict(s, 0, &r0, &lo0, &hi0), *v1 = verdict(s, 1, &r1, &lo1, &hi1);
        found += !strcmp(v0, "slower");
        falsely += !strcmp(v1, "slower");
        printf("trial %d: gf2 %s %.3f [%.3f, %.3f], rowenum %s %.3f [%.3f, %.3f]\n", t + 1, v0, r0,
               lo0, hi0, v1, r1, lo1, hi1);
        json_decref(s);
    }
    printf(
        "gf2 20%% slower found slower in %d of %d; rowenum unchanged called slower in %d of %d\n",
        found, trials, falsely, trials);
    if (!keep) {
        unlink(base);
        unlink(now);
    }
    unlink(out);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_classes), cmocka_unit_test(test_resolution),
        cmocka_unit_test(test_span),    cmocka_unit_test(test_quantiles),
        cmocka_unit_test(test_mean),    cmocka_unit_test(test_exact),
        cmocka_unit_test(test_normal),  cmocka_unit_test(test_slower),
        cmocka_unit_test(test_welch),   cmocka_unit_test(measure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
