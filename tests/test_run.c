/* test_run.c - the harness: corpus specs, shards, samples, determinism,
 * failures found, shrunk and saved, and corpora written and read back. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "testing.h"
#include "../cli/cli.h"
#include "../bench/report.h"
#include "../bench/schema.h"
#include "../bench/shrink.h"
#include "../solvers/toggle/toggle.h"
#include "../util/util.h"

static pz_corpus open_ok(const pz_puzzle *p, const char *spec)
{
    pz_corpus c;
    pz_error e;
    if (pz_corpus_open(&c, p, spec, &e))
        fail_msg("%s: %s", spec, e.msg);
    return c;
}

static const char *open_error(const pz_puzzle *p, const char *spec)
{
    static pz_error e;
    pz_corpus c;
    if (!pz_corpus_open(&c, p, spec, &e))
        fail_msg("%s: expected an error", spec);
    return e.msg;
}

static void test_specs_good(void **state)
{
    static const struct {
        const char *spec, *canonical;
        long long count;
    } cases[] = {
        {"flip:exhaustive", "flip:exhaustive:rows=4:cols=4", 65536},
        {"flip:exhaustive:rows=2:cols=3", "flip:exhaustive:rows=2:cols=3", 64},
        {"flip:random:rows=6:cols=6:count=1e6:seed=7",
         "flip:random:rows=6:cols=6:count=1000000:seed=7", 1000000},
        {"flip:random", "flip:random:rows=4:cols=4:count=1000:seed=1", 1000},
        {"flip:random:count=2.5e3:cols=2", "flip:random:rows=4:cols=2:count=2500:seed=1", 2500},
        {"lightsout:random", "lightsout:random:rows=5:cols=6:count=1000:seed=1", 1000},
        {"lightsout:exhaustive", "lightsout:exhaustive:rows=5:cols=6", 1ll << 30},
        {"lightsout:random:rows=64:cols=64:count=0",
         "lightsout:random:rows=64:cols=64:count=0:seed=1", 0},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const pz_puzzle *p = strncmp(cases[i].spec, "flip", 4) ? &pz_lightsout : &pz_flip;
        pz_corpus c = open_ok(p, cases[i].spec);
        assert_string_equal(c.spec, cases[i].canonical);
        assert_int_equal(c.count, cases[i].count);
        assert_null(c.expected);
        pz_corpus_close(&c);
    }
    pz_corpus c = open_ok(&pz_flip, pz_test_path("corpus/flip/poj1753.in"));
    assert_int_equal(c.count, 21);
    assert_non_null(pz_corpus_expected(&c, 20));
    pz_corpus_close(&c);
}

static void test_specs_bad(void **state)
{
    char want[1024], flip_random[512];
    (void)state;
    snprintf(flip_random, sizeof flip_random, "%s", pz_test_accepts(&pz_flip, "random"));
    assert_string_equal(open_error(&pz_flip, "flip:foo"),
                        "unknown corpus kind 'foo': expected flip:exhaustive, flip:random or "
                        "flip:ones (their keys: puzzlebench list flip), or a file NAME.in (a path "
                        "that exists or has a '/' is read as a file: ./NAME)");
    snprintf(want, sizeof want,
             "flip:random:rows=4097: expected rows and cols from 1 to 4096 (a sweep: rows=A..B, "
             "A <= B)%s",
             flip_random);
    assert_string_equal(open_error(&pz_flip, "flip:random:rows=4097"), want);
    snprintf(want, sizeof want, "flip:random:bogus=1: unknown key 'bogus'%s", flip_random);
    assert_string_equal(open_error(&pz_flip, "flip:random:bogus=1"), want);
    snprintf(want, sizeof want, "flip:random:rows: expected key=value, found 'rows'%s",
             flip_random);
    assert_string_equal(open_error(&pz_flip, "flip:random:rows"), want);
    snprintf(want, sizeof want,
             "flip:random:count=1.5: expected count= a whole number from 0 to 1e15 (1000 or 1e6), "
             "found '1.5'%s",
             flip_random);
    assert_string_equal(open_error(&pz_flip, "flip:random:count=1.5"), want);
    snprintf(want, sizeof want,
             "flip:random:seed=-3: expected seed= a whole number below 2^64-1, "
             "found '-3'%s",
             flip_random);
    assert_string_equal(open_error(&pz_flip, "flip:random:seed=-3"), want);
    snprintf(want, sizeof want,
             "flip:exhaustive:count=5: an exhaustive corpus takes no count= or seed=%s",
             pz_test_accepts(&pz_flip, "exhaustive"));
    assert_string_equal(open_error(&pz_flip, "flip:exhaustive:count=5"), want);
    snprintf(want, sizeof want,
             "lightsout:exhaustive:rows=7:cols=7: expected at most 40 cells for an exhaustive "
             "corpus (2^40 boards)%s",
             pz_test_accepts(&pz_lightsout, "exhaustive"));
    assert_string_equal(open_error(&pz_lightsout, "lightsout:exhaustive:rows=7:cols=7"), want);
    assert_string_equal(open_error(&pz_flip, "lightsout:random"),
                        "corpus 'lightsout:random' is for lightsout, not flip");
    assert_string_equal(
        open_error(&pz_flip, "nosuchpuzzle:random"),
        "expected a corpus flip:exhaustive, flip:random or flip:ones (their keys: "
        "puzzlebench list flip), or a file NAME.in; found 'nosuchpuzzle:random' (a path "
        "that exists or has a '/' is read as a file: ./NAME)");
    assert_string_equal(open_error(&pz_flip, "/nonexistent/x.in"),
                        "cannot read corpus file /nonexistent/x.in: No such file or directory");
}

/* The shards of any corpus are contiguous, in order, and cover it once. */
static void test_shards(void **state)
{
    static const long long counts[] = {0, 1, 5, 7, 1000, 65536, 1000000000000000ll};
    static const long long ns[] = {1, 2, 3, 7, 16, 64, 1000};
    pz_shard sh;
    pz_error e;
    char s[64];
    (void)state;
    for (size_t i = 0; i < sizeof counts / sizeof *counts; i++)
        for (size_t j = 0; j < sizeof ns / sizeof *ns; j++) {
            long long next = 0, biggest = 0, smallest = counts[i];
            for (long long k = 0; k < ns[j]; k++) {
                snprintf(s, sizeof s, "%lld/%lld", k, ns[j]);
                assert_int_equal(pz_parse_shard(s, counts[i], &sh, &e), 0);
                assert_int_equal(sh.first, next);
                assert_true(sh.end >= sh.first);
                next = sh.end;
                biggest = sh.end - sh.first > biggest ? sh.end - sh.first : biggest;
                smallest = sh.end - sh.first < smallest ? sh.end - sh.first : smallest;
            }
            assert_int_equal(next, counts[i]);
            assert_true(biggest - smallest <= 1); /* fair shares */
        }
    assert_int_equal(pz_parse_shard(NULL, 99, &sh, &e), 0);
    assert_int_equal(sh.first, 0);
    assert_int_equal(sh.end, 99);
    static const char *const bad[] = {"3/3", "1", "-1/2", "1/0", "a/b", "1/2x", "", "1/"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_int_equal(pz_parse_shard(bad[i], 99, &sh, &e), -1);
        snprintf(s, sizeof s, "found '%s'", bad[i]);
        assert_non_null(strstr(e.msg, "expected --shard K/N with 0 <= K < N (shards count "
                                      "from 0)"));
        assert_non_null(strstr(e.msg, s));
    }
    long long every;
    assert_int_equal(pz_parse_sample("1/64", &every, &e), 0);
    assert_int_equal(every, 64);
    assert_int_equal(pz_parse_sample("2/64", &every, &e), -1);
    assert_string_equal(e.msg, "expected --sample 1/R with R >= 1 (slow solvers take every R-th "
                               "instance), found '2/64'");
    assert_int_equal(pz_parse_sample("1/0", &every, &e), -1);
}

/* Batch times go into classes 1/PZ_PER_OCTAVE of an octave wide; quantiles
 * come back within a class. */
static void test_spread(void **state)
{
    pz_tally t = {0};
    (void)state;
    assert_int_equal(pz_spread_class(1), 8 * PZ_PER_OCTAVE);
    assert_int_equal(pz_spread_class(2), 9 * PZ_PER_OCTAVE);
    assert_int_equal(pz_spread_class(1.5), 8 * PZ_PER_OCTAVE + PZ_PER_OCTAVE / 2);
    assert_int_equal(pz_spread_class(0), 0);
    assert_int_equal(pz_spread_class(1e30), PZ_SPREAD - 1);
    pz_spread_add(&t.spread, pz_spread_class(100), 80); /* 80 instances at 100 ns, 20 at 1 ms */
    pz_spread_add(&t.spread, pz_spread_class(1e6), 20);
    assert_true(pz_quantile(&t, 0.5) > 95 && pz_quantile(&t, 0.5) < 105);
    assert_true(pz_quantile(&t, 0.8) < 105);
    assert_true(pz_quantile(&t, 0.9) > 0.95e6 && pz_quantile(&t, 0.9) < 1.05e6);
    pz_tally_free(&t);
}

/* Removes the members that hold timings or the run's shape, at any depth. */
static void drop_timings(json_t *v)
{
    static const char *const timing[] = {"context",        "wall_s",          "seconds",
                                         "cpu_seconds",    "ns_per_instance", "ns_per_answer",
                                         "threads",        "batch",           "ns_p10",
                                         "ns_median",      "ns_p90",          "cpu_ns_per_instance",
                                         "ns_worst",       "worst_index",     "spread",
                                         "peak_rss_bytes", "relative"};
    for (size_t k = 0; json_is_object(v) && k < sizeof timing / sizeof *timing; k++)
        json_object_del(v, timing[k]);
        /* and every other field of a solver that may differ (result.h) */
#define DROP(kind, m, key, csv, fmt, same, since)                                                  \
    if (json_is_object(v) && !PZ_##same)                                                           \
        json_object_del(v, key);
    PZ_TALLY(DROP)
    for (void *it = json_object_iter(v); it; it = json_object_iter_next(v, it))
        drop_timings(json_object_iter_value(it));
    for (size_t i = 0; i < json_array_size(v); i++)
        drop_timings(json_array_get(v, i));
}

/* A JSON report without its timings or the run's shape. */
static char *json_without_timings(const pz_result *r)
{
    json_t *o = pz_report_json(r);
    char *out;
    drop_timings(o);
    out = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(o);
    return out;
}

static pz_run_opts opts(const char *puzzle, const char *names, int threads, int batch)
{
    pz_run_opts o = {.sample = 1, .threads = threads, .batch = batch};
    char buf[256], *save = NULL;
    snprintf(buf, sizeof buf, "%s", names);
    for (char *n = strtok_r(buf, ",", &save); n; n = strtok_r(NULL, ",", &save)) {
        o.solvers[o.nsolvers] = pz_find_solver(puzzle, n);
        assert_non_null(o.solvers[o.nsolvers]);
        o.nsolvers++;
    }
    return o;
}

static pz_result run(const pz_corpus *c, const char *shard, const pz_run_opts *o)
{
    pz_shard sh;
    pz_result r;
    pz_error e;
    assert_int_equal(pz_parse_shard(shard, c->count, &sh, &e), 0);
    assert_int_equal(pz_run(c, &sh, o, &r), 0);
    return r;
}

extern const pz_solver pz_solver_flip_gf2;

/* A deliberately wrong flip solver: gf2's answer with the first press of
 * row 0 toggled whenever the board has three black pieces or more and an
 * answer exists.  Its answers then fail the checker. */
static int liar_solve(const void *inst, void *ans, void *scratch)
{
    const tg_board *b = inst;
    tg_answer *a = ans;
    int black = 0;
    pz_solver_flip_gf2.solve(inst, ans, scratch);
    for (int r = 0; r < b->m; r++)
        black += __builtin_popcountll(b->b[r]);
    if (black >= 3 && a->weight >= 0) {
        a->weight += (a->x[0] & 1) ? -1 : 1;
        a->x[0] ^= 1;
    }
    return 0;
}

static pz_solver liar;

static void make_liar(void)
{
    liar = pz_solver_flip_gf2;
    liar.name = "liar";
    liar.solve = liar_solve;
    liar.solve_batch = NULL; /* solve() for each: its own */
    liar.flags = 0;          /* not a reference */
}

/* A flip solver that is not a reference, whose answers check but are not
 * canonical where the board has several: gf2's presses plus a nonzero set
 * that changes nothing (the 4x4 press matrix has a kernel). */
static uint64_t kernel4[4];

static int other_solve(const void *inst, void *ans, void *scratch)
{
    tg_answer *a = ans;
    pz_solver_flip_gf2.solve(inst, ans, scratch);
    if (a->weight >= 0 && ((const tg_board *)inst)->m == 4 && ((const tg_board *)inst)->n == 4) {
        for (int r = 0; r < 4; r++)
            a->x[r] ^= kernel4[r];
        a->weight = tg_weight(a->x, 4);
    }
    return 0;
}

static pz_solver other;

static void make_other(void)
{
    for (unsigned y = 1; y < 1u << 16 && !kernel4[0]; y++) { /* the first y with y A = 0 */
        uint64_t x[4], out = 0;
        for (int i = 0; i < 4; i++)
            x[i] = (y >> (4 * i)) & 15;
        for (int i = 0; i < 4; i++)
            out |= (x[i] ^ ((x[i] << 1) & 15) ^ (x[i] >> 1) ^ (i ? x[i - 1] : 0) ^
                    (i < 3 ? x[i + 1] : 0));
        if (!out)
            memcpy(kernel4, x, sizeof x);
    }
    assert_true(kernel4[0] | kernel4[1] | kernel4[2] | kernel4[3]);
    other = pz_solver_flip_gf2;
    other.name = "other";
    other.solve = other_solve;
    other.solve_batch = NULL; /* solve() for each: its own */
    other.flags = 0;          /* not a reference */
}

/* The reference is the first answer that checks among the solvers flagged
 * PZ_REF, then the others: listed first, a solver that is not a reference
 * does not become one (it did when the first listed answer that checked was
 * the reference). */
static void test_reference_first(void **state)
{
    pz_corpus c = open_ok(&pz_flip, "flip:random:count=500:seed=4");
    pz_run_opts o = {.sample = 1, .threads = 2};
    pz_result r;
    (void)state;
    make_other();
    o.solvers[o.nsolvers++] = &other;
    o.solvers[o.nsolvers++] = &pz_solver_flip_gf2;
    r = run(&c, NULL, &o);
    assert_true(r.failures > 0);
    assert_int_equal(r.tally[0].invalid + r.tally[1].invalid, 0);
    assert_int_equal(r.tally[0].disagree, r.failures); /* other differs from gf2 */
    assert_int_equal(r.tally[1].disagree, 0);
    assert_int_equal(r.fail[0].reference, 1);
    assert_int_equal(r.unanswered, 0);
    pz_result_free(&r);
    pz_corpus_close(&c);
}

/* One thread or two, any batch size: the same report but for timings. */
static void test_determinism(void **state)
{
    pz_corpus c = open_ok(&pz_flip, "flip:random:rows=3:cols=4:count=5000:seed=3");
    pz_run_opts o1 = opts("flip", "gf2,rowenum,bfs,iddfs", 1, 1000);
    pz_run_opts o2 = opts("flip", "gf2,rowenum,bfs,iddfs", 2, 7);
    pz_result r1, r2;
    char *j1, *j2;
    (void)state;
    make_liar();
    for (int round = 0; round < 2; round++) {
        if (round) { /* with failures: more than PZ_KEEP of them */
            o1.solvers[o1.nsolvers++] = &liar;
            o2.solvers[o2.nsolvers++] = &liar;
            o2.batch = 0;
        }
        r1 = run(&c, NULL, &o1);
        r2 = run(&c, NULL, &o2);
        assert_int_equal(r1.instances, 5000);
        assert_int_equal(r2.opts.threads, 2);
        j1 = json_without_timings(&r1);
        j2 = json_without_timings(&r2);
        assert_string_equal(j1, j2);
        assert_int_equal(r1.failures > PZ_KEEP, round);
        assert_int_equal(r1.nfail, round ? PZ_KEEP : 0);
        free(j1);
        free(j2);
        pz_result_free(&r1);
        pz_result_free(&r2);
    }
    pz_corpus_close(&c);
}

/* Shards' counts and histograms add up to the whole corpus's, and their
 * failure lists hold the whole list. */
static void test_shards_add_up(void **state)
{
    pz_corpus c = open_ok(&pz_flip, "flip:exhaustive");
    pz_run_opts o = opts("flip", "gf2,rowenum", 2, 0);
    pz_result whole, part;
    long long hist[PZ_CLASSES] = {0}, ran = 0, failures = 0;
    long long firsts[3 * PZ_KEEP];
    int nfirsts = 0;
    (void)state;
    make_liar();
    o.solvers[o.nsolvers++] = &liar;
    whole = run(&c, NULL, &o);
    assert_int_equal(whole.instances, 65536);
    assert_int_equal(whole.hist[TG_CLASS_NONE], 61440); /* Impossible */
    assert_int_equal(whole.hist[6], 256);               /* the most moves: 6 */
    for (int k = 0; k < 3; k++) {
        char s[16];
        snprintf(s, sizeof s, "%d/3", k);
        part = run(&c, s, &o);
        for (int i = 0; i < PZ_CLASSES; i++)
            hist[i] += part.hist[i];
        ran += part.tally[2].ran;
        failures += part.failures;
        for (int i = 0; i < part.nfail; i++)
            firsts[nfirsts++] = part.fail[i].index;
        pz_result_free(&part);
    }
    assert_memory_equal(hist, whole.hist, sizeof hist);
    assert_int_equal(ran, 65536);
    assert_int_equal(failures, whole.failures);
    for (int i = 0; i < PZ_KEEP; i++) /* shards in order: already sorted */
        assert_int_equal(firsts[i], whole.fail[i].index);
    pz_result_free(&whole);
    pz_corpus_close(&c);
}

/* Slow solvers take the instances whose index is a multiple of R. */
static void test_sample(void **state)
{
    pz_corpus c = open_ok(&pz_flip, "flip:random:count=1000:seed=9");
    pz_run_opts o = opts("flip", "gf2,rowenum,bfs,iddfs", 2, 0);
    pz_result r;
    (void)state;
    o.sample = 7;
    o.slow = 1u << 2 | 1u << 3;
    r = run(&c, "1/2", &o); /* indices 500..999: 504, 511, ..., 994 */
    assert_int_equal(r.tally[0].ran, 500);
    assert_int_equal(r.tally[2].ran, 71);
    assert_int_equal(r.tally[3].ran, 71);
    assert_int_equal(r.failures, 0);
    pz_result_free(&r);
    pz_corpus_close(&c);
}

/* gf2, but 30 ms longer on one board of 2x3: rows 101 and 011. */
static int is_slow(const tg_board *b)
{
    return b->b[0] == 5 && b->b[1] == 6;
}

static int sleepy_solve(const void *inst, void *ans, void *scratch)
{
    if (is_slow(inst))
        nanosleep(&(struct timespec){.tv_nsec = 30000000}, NULL);
    return pz_solver_flip_gf2.solve(inst, ans, scratch);
}

/* The slowest batch is kept per solver, through threads and shards alike:
 * with one board a batch, the slow board is found by its index. */
static void test_worst(void **state)
{
    pz_corpus c = open_ok(&pz_flip, "flip:exhaustive:rows=2:cols=3");
    pz_run_opts o = opts("flip", "gf2", 2, 1);
    pz_solver sleepy = pz_solver_flip_gf2;
    pz_tally a = {.ran = 1, .worst_ns = 5, .worst_index = 9}, b = {0};
    pz_result whole, half[2];
    long long slow = -1;
    (void)state;
    pz_tally_add(&b, &a); /* into an empty tally */
    assert_int_equal(b.worst_index, 9);
    a.worst_index = 4; /* a tie: the lower index */
    pz_tally_add(&b, &a);
    assert_int_equal(b.worst_index, 4);
    a = (pz_tally){.ran = 1, .worst_ns = 1, .worst_index = 0};
    pz_tally_add(&b, &a); /* faster: no change */
    assert_int_equal(b.worst_index, 4);
    assert_int_equal(b.ran, 3);

    for (long long i = 0; i < c.count; i++) {
        tg_board x;
        pz_corpus_get(&c, i, &x);
        if (is_slow(&x))
            slow = i;
    }
    assert_true(slow >= 0);
    sleepy.name = "sleepy";
    sleepy.solve = sleepy_solve;
    sleepy.solve_batch = NULL; /* solve() for each: its own */
    o.solvers[o.nsolvers++] = &sleepy;
    whole = run(&c, NULL, &o);
    half[0] = run(&c, "0/2", &o);
    half[1] = run(&c, "1/2", &o);
    assert_int_equal(whole.tally[1].worst_index, slow);
    assert_true(whole.tally[1].worst_ns >= 30e6);
    pz_tally_add(&half[0].tally[1], &half[1].tally[1]);
    assert_int_equal(half[0].tally[1].worst_index, slow);
    assert_int_equal(half[0].tally[1].ran, c.count);
    pz_result_free(&whole);
    pz_result_free(&half[0]);
    pz_result_free(&half[1]);
    pz_corpus_close(&c);
}

/* A batch that would stand in for a timed one (run.c's stands_in) but
 * reads longer is timed after all: on 4096 boards in batches of 8, one
 * thread, the 16 slow boards' sleeps (30 ms each) are in the solver's
 * times, and its slowest batch is one of theirs. */
static void test_stand_in(void **state)
{
    pz_corpus c = open_ok(&pz_flip, "flip:exhaustive:rows=3:cols=4");
    pz_run_opts o = opts("flip", "gf2", 1, 8);
    pz_solver sleepy = pz_solver_flip_gf2;
    pz_result r;
    long long slow = 0;
    (void)state;
    for (long long i = 0; i < c.count; i++) {
        tg_board x;
        pz_corpus_get(&c, i, &x);
        slow += is_slow(&x);
    }
    assert_int_equal(slow, 16);
    sleepy.name = "sleepy";
    sleepy.solve = sleepy_solve;
    sleepy.solve_batch = NULL;
    o.solvers[o.nsolvers++] = &sleepy;
    r = run(&c, NULL, &o);
    assert_int_equal(r.tally[1].ran, c.count);
    assert_true(r.tally[1].seconds >= 16 * 30e-3);
    assert_true(r.tally[1].worst_ns >= 30e6 / 8);
    assert_true(r.tally[0].seconds < 16 * 30e-3);
    pz_result_free(&r);
    pz_corpus_close(&c);
}

static void spit(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* run's batch buffers: zeroed, at the start of a cache line, whatever the
 * sizes (tg_board's padding counts on it). */
static void test_calloc_lines(void **state)
{
    static const size_t sizes[][2] = {{1, 1}, {0, 0}, {3, 520}, {1024, 576}, {7, 1600}, {5, 1}};
    (void)state;
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        size_t n = sizes[i][0] ? sizes[i][0] : 1, size = sizes[i][1] ? sizes[i][1] : 1;
        unsigned char *p = pz_xcalloc_lines(sizes[i][0], sizes[i][1]);
        assert_int_equal((uintptr_t)p % 64, 0);
        for (size_t k = 0; k < n * size; k++)
            assert_int_equal(p[k], 0);
        memset(p, 0xff, n * size); /* all of it is ours (ASan) */
        free(p);
    }
}

/* A solver alone takes the puzzle's batch paths (check_batch, make_batch);
 * a copy of the puzzle without them takes the ones an instance at a time.
 * With the liar, whose answers fail here and there within a batch, at batch
 * sizes that cut anywhere, both give the same counts, histogram and
 * failures. */
static void test_batch_paths(void **state)
{
    static const char *const specs[] = {"flip:random:rows=4:cols=4:count=3000:seed=9",
                                        "flip:exhaustive:rows=3:cols=5",
                                        "flip:random:rows=5:cols=3:count=2000:seed=2"};
    static const int batches[] = {1, 7, 1000};
    pz_puzzle plain = pz_flip;
    pz_generator gens[8];
    (void)state;
    make_liar();
    for (int g = 0; (gens[g] = pz_flip.generators[g]).kind; g++)
        gens[g].make_batch = NULL;
    plain.generators = gens;
    plain.check_batch = NULL;
    assert_non_null(pz_flip.check_batch);
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++)
        for (size_t b = 0; b < sizeof batches / sizeof *batches; b++) {
            pz_corpus ca = open_ok(&pz_flip, specs[i]), cb = open_ok(&plain, specs[i]);
            pz_run_opts o = {.sample = 1, .threads = 2, .batch = batches[b]};
            o.solvers[o.nsolvers++] = &liar;
            pz_result ra = run(&ca, NULL, &o), rb = run(&cb, NULL, &o);
            assert_true(ra.failures > 0 && ra.checked > ra.failures);
            assert_int_equal(ra.instances, rb.instances);
            assert_int_equal(ra.checked, rb.checked);
            assert_int_equal(ra.failures, rb.failures);
            assert_int_equal(ra.unanswered, rb.unanswered);
            assert_int_equal(ra.tally[0].invalid, rb.tally[0].invalid);
            assert_int_equal(ra.tally[0].disagree, rb.tally[0].disagree);
            assert_memory_equal(ra.hist, rb.hist, PZ_CLASSES * sizeof *ra.hist);
            for (int k = 0; k < PZ_CLASSES; k++)
                if (ra.hist[k])
                    assert_string_equal(ra.names[k], rb.names[k]);
            assert_int_equal(ra.nfail, rb.nfail);
            for (int k = 0; k < ra.nfail; k++) {
                assert_int_equal(ra.fail[k].index, rb.fail[k].index);
                assert_string_equal(ra.fail[k].why[0], rb.fail[k].why[0]);
                assert_string_equal(ra.fail[k].input, rb.fail[k].input);
                assert_string_equal(ra.fail[k].answer[0], rb.fail[k].answer[0]);
            }
            pz_result_free(&ra);
            pz_result_free(&rb);
            pz_corpus_close(&ca);
            pz_corpus_close(&cb);
        }
}

/* Several solvers take the batch path too (check_batch for each solver's
 * answers, same_batch against the reference's): the liar's answers, which
 * fail the checker, and other's, which check but differ, are caught inside
 * batches wherever they fall, listed before or after the built-in solvers,
 * with the same report, failures and all, as the path an instance at a
 * time (the puzzle without the batch hooks). */
static void test_batch_paths_many(void **state)
{
    static const char *const specs[] = {"flip:random:rows=4:cols=4:count=3000:seed=9",
                                        "flip:exhaustive:rows=4:cols=4"};
    static const int batches[] = {1, 7, 1000};
    pz_puzzle plain = pz_flip;
    (void)state;
    make_liar();
    make_other();
    plain.check_batch = NULL;
    plain.same_batch = NULL;
    assert_non_null(pz_flip.same_batch);
    for (int set = 0; set < 4; set++)
        for (size_t i = 0; i < sizeof specs / sizeof *specs; i++)
            for (size_t b = 0; b < sizeof batches / sizeof *batches; b++) {
                pz_corpus ca = open_ok(&pz_flip, specs[i]), cb = open_ok(&plain, specs[i]);
                pz_run_opts o = opts("flip", set & 1 ? "gf2,rowenum" : "rowenum", 2, batches[b]);
                pz_solver *wrong = set < 2 ? &liar : &other;
                if (set & 1) /* listed last, else first */
                    o.solvers[o.nsolvers++] = wrong;
                else {
                    memmove(&o.solvers[1], &o.solvers[0], sizeof *o.solvers);
                    o.solvers[0] = wrong;
                    o.nsolvers++;
                }
                int at = set & 1 ? 2 : 0;
                pz_result ra = run(&ca, NULL, &o), rb = run(&cb, NULL, &o);
                long long disagree = 0;
                for (int s = 0; s < o.nsolvers; s++)
                    disagree += ra.tally[s].disagree;
                assert_true(ra.failures > 0 && ra.checked > ra.failures);
                if (set < 2) /* the liar's answers fail their check */
                    assert_int_equal(ra.tally[at].invalid, ra.failures);
                else /* other's check, and differ from the built-in solvers' */
                    assert_true(ra.tally[at].invalid == 0 && disagree >= ra.failures);
                assert_int_equal(ra.tally[at].certified + ra.tally[at].failed, ra.tally[at].ran);
                char *ja = json_without_timings(&ra), *jb = json_without_timings(&rb);
                assert_string_equal(ja, jb);
                free(ja);
                free(jb);
                pz_result_free(&ra);
                pz_result_free(&rb);
                pz_corpus_close(&ca);
                pz_corpus_close(&cb);
            }
}

/* A Lights Out solver that is gf2 but for one board of the 5x6 sweep, the
 * one of index 8969 (rows 9, 12, 2), in the middle of a batch: its answer
 * there has a press more, counted, so it does not check. */
extern const pz_solver pz_solver_lightsout_gf2;

static int one_wrong_solve(const void *inst, void *ans, void *scratch)
{
    const tg_board *b = inst;
    tg_answer *a = ans;
    pz_solver_lightsout_gf2.solve(inst, ans, scratch);
    if (b->b[0] == 9 && b->b[1] == 12 && b->b[2] == 2 && !b->b[3] && !b->b[4]) {
        a->x[4] ^= 1;
        a->weight = tg_weight(a->x, 5);
    }
    return 0;
}

/* The batch path's checks of several solvers (check_batch on the
 * reference's answers, comparing the next solver's in the same pass, and
 * same_batch for any further one) each catch one wrong answer inside a
 * batch, wherever the wrong solver is listed: one failure, that answer
 * alone not certified. */
static void test_batch_one_wrong(void **state)
{
    static const char *const sets[] = {"gf2", "rowenum", "gf2,rowenum", "rowenum,gf2"};
    pz_corpus c = open_ok(&pz_lightsout, "lightsout:exhaustive:rows=5:cols=6");
    pz_solver wrong = pz_solver_lightsout_gf2;
    (void)state;
    wrong.name = "wrong";
    wrong.solve = one_wrong_solve;
    wrong.solve_batch = NULL;
    wrong.flags = 0; /* not a reference */
    for (size_t i = 0; i < sizeof sets / sizeof *sets; i++)
        for (int last = 0; last < 2; last++) {
            pz_run_opts o = opts("lightsout", sets[i], 1, 1024);
            int at = last ? o.nsolvers : 0;
            memmove(&o.solvers[at + 1], &o.solvers[at],
                    (size_t)(o.nsolvers - at) * sizeof *o.solvers);
            o.solvers[at] = &wrong;
            o.nsolvers++;
            pz_result r = run(&c, "0/65536", &o); /* 16384 boards, 16 batches */
            assert_int_equal(r.instances, 16384);
            assert_int_equal(r.failures, 1);
            assert_int_equal(r.nfail, 1);
            assert_int_equal(r.fail[0].index, 8969);
            for (int s = 0; s < o.nsolvers; s++) {
                assert_int_equal(r.tally[s].ran, 16384);
                assert_int_equal(r.tally[s].certified, 16384 - (s == at));
                assert_int_equal(r.tally[s].invalid, s == at);
            }
            pz_result_free(&r);
        }
    pz_corpus_close(&c);
}

/* The liar is caught, its first failures shrink to boards where no simpler
 * neighbour still fails, and the files written replay as regressions. */
static void test_shrink_and_save(void **state)
{
    char dir[] = "/tmp/pz-test-run-XXXXXX", path[256], cmd[300];
    pz_corpus c = open_ok(&pz_flip, "flip:random:count=300:seed=5");
    pz_run_opts o = opts("flip", "gf2", 2, 0);
    pz_result r;
    (void)state;
    make_liar();
    o.solvers[o.nsolvers++] = &liar;
    r = run(&c, NULL, &o);
    assert_true(r.failures > 0);
    assert_int_equal(r.tally[1].invalid, r.failures);
    assert_int_equal(r.tally[1].disagree, r.failures);
    assert_int_equal(r.tally[0].invalid + r.tally[0].disagree, 0);
    assert_null(r.fail[0].why[0]);
    assert_string_equal(r.fail[0].why[1], "the presses do not reach a goal board");
    assert_int_equal(r.fail[0].reference, 0);
    assert_non_null(mkdtemp(dir));
    int wrote = pz_save_regressions(&r, dir);
    assert_true(wrote >= 1 && wrote <= PZ_SHRINK);
    assert_int_equal(pz_save_regressions(&r, dir), 0); /* known already */
    pz_result_free(&r);
    pz_corpus_close(&c);

    /* Each saved board is a smallest one: three black pieces, and solvable. */
    snprintf(cmd, sizeof cmd, "ls %s/flip-*.in", dir);
    FILE *ls = popen(cmd, "r");
    int files = 0;
    while (fgets(path, sizeof path, ls)) {
        path[strcspn(path, "\n")] = 0;
        pz_corpus reg = open_ok(&pz_flip, path);
        const tg_board *b = reg.insts;
        int black = 0;
        assert_int_equal(reg.count, 1);
        assert_non_null(reg.expected);
        for (int i = 0; i < b->m; i++)
            black += __builtin_popcountll(b->b[i]);
        assert_int_equal(black, 3);
        assert_true(((const tg_answer *)reg.expected)->weight >= 0);
        pz_run_opts good = opts("flip", "gf2,rowenum,bfs,iddfs", 1, 0);
        pz_result rr = run(&reg, NULL, &good);
        assert_int_equal(rr.failures, 0);
        pz_result_free(&rr);
        o.threads = 1;
        rr = run(&reg, NULL, &o);
        assert_int_equal(rr.failures, 1);
        pz_result_free(&rr);
        pz_corpus_close(&reg);
        unlink(path);
        strcpy(path + strlen(path) - 3, ".ans");
        unlink(path);
        files++;
    }
    pclose(ls);
    assert_true(files >= 1);
    assert_int_equal(rmdir(dir), 0);
}

/* A corpus file NAME.in with its NAME.ans in a directory of its own. */
typedef struct file_corpus {
    char dir[32], in[64], ans[64];
    pz_corpus c;
} file_corpus;

static void file_corpus_make(file_corpus *f, const pz_puzzle *p, const char *in, const char *ans)
{
    strcpy(f->dir, "/tmp/pz-test-run-XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    snprintf(f->in, sizeof f->in, "%s/c.in", f->dir);
    snprintf(f->ans, sizeof f->ans, "%s/c.ans", f->dir);
    spit(f->in, in);
    spit(f->ans, ans);
    f->c = open_ok(p, f->in);
}

static void file_corpus_free(file_corpus *f)
{
    pz_corpus_close(&f->c);
    unlink(f->in);
    unlink(f->ans);
    assert_int_equal(rmdir(f->dir), 0);
}

/* An expected answer that is wrong: every solver disagrees with it, the
 * checker cannot refute a bare move count (our reference does), and nothing
 * is shrunk. */
static void test_wrong_expected(void **state)
{
    pz_run_opts o = opts("flip", "gf2,rowenum,bfs,iddfs", 2, 0);
    file_corpus f;
    pz_result r;
    (void)state;
    file_corpus_make(&f, &pz_flip, "bwwb\nbbwb\nbwwb\nbwww\n\nwwww\nwwww\nwwww\nwwww\n", "5\n0\n");
    r = run(&f.c, NULL, &o);
    assert_int_equal(r.failures, 1);
    assert_int_equal(r.nfail, 1);
    assert_int_equal(r.fail[0].index, 0);
    assert_int_equal(r.fail[0].reference, -1);
    assert_string_equal(r.fail[0].expected, "5\n");
    assert_string_equal(r.fail[0].answer[3], "4\n");
    assert_int_equal(r.fail[0].disagree, 0xf);
    for (int s = 0; s < 4; s++)
        assert_int_equal(r.tally[s].disagree, 1);
    /* Our reference refutes it, and the result says so. */
    assert_int_equal(r.jury_refuted, 1);
    assert_non_null(strstr(r.fail[0].refuted, "c.ans has 5 (5), more than the fewest, 4"));
    assert_int_equal(pz_save_regressions(&r, f.dir), 0);
    pz_result_free(&r);
    file_corpus_free(&f);
}

/* Lights Out answers carry presses: a wrong matrix fails the checker. */
static void test_invalid_expected(void **state)
{
    pz_run_opts o = opts("lightsout", "gf2,rowenum", 1, 0);
    file_corpus f;
    pz_result r;
    (void)state;
    file_corpus_make(&f, &pz_lightsout, "1 1 3\n1 1 0\n", "PUZZLE #1\n0 0 1\n");
    r = run(&f.c, NULL, &o);
    assert_int_equal(r.failures, 1);
    assert_int_equal(r.expected_invalid, 1);
    assert_string_equal(r.fail[0].expected_why, "the presses do not reach a goal board");
    assert_string_equal(r.fail[0].answer[0], "PUZZLE #1\n1 0 0\n");
    assert_int_equal(r.unanswered, 1);
    pz_result_free(&r);
    file_corpus_free(&f);
}

/* A corpus written in parts, as `gen` writes it, reads back the same. */
static void test_written_reads_back(void **state)
{
    static const struct {
        const pz_puzzle *p;
        const char *spec;
    } cases[] = {
        {&pz_flip, "flip:random:rows=3:cols=7:count=100:seed=4"},
        {&pz_flip, "flip:exhaustive"},
        {&pz_lightsout, "lightsout:random:rows=9:cols=2:count=100:seed=4"},
        {&pz_lightsout, "lightsout:random:count=1000"},
    };
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        pz_corpus c = open_ok(cases[i].p, cases[i].spec);
        char *text = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&text, &len);
        tg_board part[7], *back;
        pz_error e;
        for (long long lo = 0; lo < c.count; lo += 7) {
            size_t n = c.count - lo < 7 ? (size_t)(c.count - lo) : 7;
            for (size_t j = 0; j < n; j++)
                pz_corpus_get(&c, lo + (long long)j, &part[j]);
            cases[i].p->write_input(f, part, n, (uint64_t)lo, (uint64_t)c.count);
        }
        fclose(f);
        assert_int_equal(pz_test_read(cases[i].p, text, (void **)&back, &e), c.count);
        for (long long k = 0; k < c.count; k++) {
            tg_board want;
            pz_corpus_get(&c, k, &want);
            assert_int_equal(back[k].m, want.m);
            assert_int_equal(back[k].n, want.n);
            assert_memory_equal(back[k].b, want.b, want.m * sizeof *want.b);
        }
        free(back);
        free(text);
        pz_corpus_close(&c);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_specs_good),
        cmocka_unit_test(test_specs_bad),
        cmocka_unit_test(test_shards),
        cmocka_unit_test(test_spread),
        cmocka_unit_test(test_worst),
        cmocka_unit_test(test_stand_in),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_reference_first),
        cmocka_unit_test(test_shards_add_up),
        cmocka_unit_test(test_sample),
        cmocka_unit_test(test_calloc_lines),
        cmocka_unit_test(test_batch_paths),
        cmocka_unit_test(test_batch_paths_many),
        cmocka_unit_test(test_batch_one_wrong),
        cmocka_unit_test(test_shrink_and_save),
        cmocka_unit_test(test_wrong_expected),
        cmocka_unit_test(test_invalid_expected),
        cmocka_unit_test(test_written_reads_back),
    };
    return cmocka_run_group_tests_name("run", tests, NULL, NULL);
}
