/* test_answers.c - every answer accounted for: random mixes of solvers that
 * answer wrongly in each way a plug-in can (an Impossible with no
 * certificate or a bad one, a count without its presses, a wrong count, a
 * Possible without its placement or with a bad one, "unknown" or PZ_STOPPED
 * with no budget, an error), built-in solvers, budgets, samples, batches,
 * threads and jury files with wrong or "unknown" answers.  No mix may pass
 * (pz_result_verdict OK) with a wrong or unchecked answer, and no mix
 * without one may fail; every solver's answers fall in exactly one class
 * (result.h's PZ_ANSWERS).  Then `check`, in this process, on random
 * outputs and juries, spoilt in each way a printed answer can be (below
 * check_mix); stress's mixes, which run programs, are cli_answers.sh's. */
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "testing.h"
#include "../bench/result.h"
#include "../bench/run.h"
#include "../cli/cli.h"
#include "../solvers/rng.h"
#include "../solvers/tetravex/tetravex.h"
#include "../solvers/toggle/toggle.h"

/* The ways a wrong solver answers, on the instances its rate picks. */
enum {
    RIGHT,    /* the base solver's answer: never wrong */
    NO_CERT,  /* flip: Impossible, no certificate */
    BAD_CERT, /* flip: Impossible with a certificate that does not check */
    NO_PRESS, /* flip: the count without its presses */
    COUNT,    /* flip: the count plus one, the presses as they were */
    SAY_YES,  /* tetravex: Possible without a placement */
    SAY_NO,   /* tetravex: Impossible */
    SWAP,     /* tetravex: the placement with two cells swapped */
    UNKNOWN,  /* tetravex: "unknown", with no budget cutting it */
    STOP,     /* PZ_STOPPED with no budget and no signal */
    ERROR,    /* solve() returns an error */
    WAYS
};
static const char *const way_names[WAYS] = {"right",   "no_cert", "bad_cert", "no_press",
                                            "count",   "say_yes", "say_no",   "swap",
                                            "unknown", "stop",    "error"};

static const pz_solver *base[2]; /* the truth: flip gf2, tetravex mrv */
static int rate, salt;           /* of 64 instances, those a wrong solver spoils */
static atomic_long wrong_given;  /* wrong or unprovable answers given */
static pz_solver wrong[2][WAYS]; /* [puzzle][way], like plug-ins: not built in */

static uint64_t hash_of(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t h = 0xcbf29ce484222325ull ^ (uint64_t)salt;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h ^ (h >> 29);
}

static int flip_way(int way, const void *inst, void *ans, void *scratch)
{
    tg_answer *a = ans;
    int rc = base[0]->solve(inst, ans, scratch);
    if (rc || way == RIGHT || (int)(hash_of(inst, sizeof(tg_board)) % 64) >= rate)
        return rc;
    switch (way) {
    case NO_CERT:
        wrong_given += a->weight >= 0; /* right where it is Impossible: agreed */
        a->weight = -1, a->has = 0;
        return 0;
    case BAD_CERT:
        a->weight = -1, a->has = TG_CERTS;
        memset(a->cert, 0, sizeof a->cert);
        wrong_given++;
        return 0;
    case NO_PRESS:
        wrong_given += a->weight >= 0;
        if (a->weight >= 0)
            a->has = 0;
        return 0;
    case COUNT:
        wrong_given += a->weight >= 0;
        if (a->weight >= 0)
            a->weight++;
        return 0;
    case STOP:
        wrong_given++;
        return PZ_STOPPED;
    default: /* ERROR */
        wrong_given++;
        return 1;
    }
}

static int tetravex_way(int way, const void *inst, void *ans, void *scratch)
{
    const tx_game *g = inst;
    tx_answer *a = ans;
    const char *why;
    int rc = base[1]->solve(inst, ans, scratch);
    if (rc || way == RIGHT || (int)(hash_of(inst, sizeof *g) % 64) >= rate)
        return rc; /* PZ_STOPPED here is the budget's: the harness sees it cut */
    switch (way) {
    case SAY_YES:
        a->possible = 1, a->has = 0;
        wrong_given++; /* a Possible owes its placement */
        return 0;
    case SAY_NO:
        wrong_given += a->possible == 1;
        a->possible = 0, a->has = 0;
        return 0;
    case SWAP:
        if (a->possible == 1 && g->n >= 2) {
            uint8_t t = a->at[0];
            a->at[0] = a->at[1], a->at[1] = t;
            wrong_given += pz_tetravex.check(inst, ans, &why) != PZ_VALID;
        }
        return 0;
    case UNKNOWN:
        a->possible = PZ_TETRAVEX_UNKNOWN, a->has = 0;
        wrong_given++;
        return 0;
    case STOP:
        wrong_given++;
        return PZ_STOPPED;
    default: /* ERROR */
        wrong_given++;
        return 1;
    }
}

#define WAY(w)                                                                                     \
    static int flip_##w(const void *i, void *a, void *s)                                           \
    {                                                                                              \
        return flip_way(w, i, a, s);                                                               \
    }                                                                                              \
    static int tetravex_##w(const void *i, void *a, void *s)                                       \
    {                                                                                              \
        return tetravex_way(w, i, a, s);                                                           \
    }
WAY(RIGHT)
WAY(NO_CERT)
WAY(BAD_CERT)
WAY(NO_PRESS)
WAY(COUNT)
WAY(SAY_YES)
WAY(SAY_NO)
WAY(SWAP)
WAY(UNKNOWN)
WAY(STOP)
WAY(ERROR)
#define ROW(w)                                                                                     \
    {                                                                                              \
        flip_##w, tetravex_##w                                                                     \
    }
static int (*const solve_of[WAYS][2])(const void *, void *, void *) = {
    ROW(RIGHT),  ROW(NO_CERT), ROW(BAD_CERT), ROW(NO_PRESS), ROW(COUNT), ROW(SAY_YES),
    ROW(SAY_NO), ROW(SWAP),    ROW(UNKNOWN),  ROW(STOP),     ROW(ERROR)};
/* The ways that apply to each puzzle. */
static const int flip_ways[] = {RIGHT, NO_CERT, BAD_CERT, NO_PRESS, COUNT, STOP, ERROR};
static const int tetravex_ways[] = {RIGHT, SAY_YES, SAY_NO, SWAP, UNKNOWN, STOP, ERROR};

static int setup(void **state)
{
    (void)state;
    base[0] = pz_find_solver("flip", "gf2");
    base[1] = pz_find_solver("tetravex", "mrv");
    for (int q = 0; q < 2; q++) {
        pz_prepare(base[q]);
        for (int w = 0; w < WAYS; w++) {
            wrong[q][w] = *base[q];
            wrong[q][w].name = way_names[w];
            wrong[q][w].flags = 0;
            wrong[q][w].solve = solve_of[w][q];
            wrong[q][w].solve_batch = NULL; /* every answer through solve_of */
        }
    }
    return 0;
}

/* The corpus of a mix: generated, or written to a file with a jury's
 * answers, some wrong (*jury_wrong: how many) or "unknown". */
static pz_corpus corpus_of(pz_rng *rng, int q, char *dir, long long *jury_wrong, int *jury)
{
    static const char *const specs[2][3] = {
        {"flip:random:rows=4:cols=4:count=%d:seed=%d", "flip:random:rows=3:cols=5:count=%d:seed=%d",
         "flip:random:rows=2:cols=3:count=%d:seed=%d"},
        {"tetravex:random:n=2:digits=2:mode=perturbed:count=%d:seed=%d",
         "tetravex:random:n=3:digits=3:mode=perturbed:count=%d:seed=%d",
         "tetravex:random:n=3:mode=tiles:count=%d:seed=%d"}};
    const pz_puzzle *p = q ? &pz_tetravex : &pz_flip;
    char spec[160], in[600], ansp[600];
    pz_corpus c;
    pz_error e;
    int count = 1 + (int)pz_rng_below(rng, 60);
    snprintf(spec, sizeof spec, specs[q][pz_rng_below(rng, 3)], count,
             (int)pz_rng_below(rng, 1000));
    *jury_wrong = 0;
    *jury = pz_rng_below(rng, 3) == 0;
    if (pz_corpus_open(&c, p, spec, &e))
        fail_msg("%s: %s", spec, e.msg);
    if (!*jury)
        return c;
    /* The jury: the truth, spoilt at a rate of its own. */
    snprintf(in, sizeof in, "%s/jury.in", dir);
    snprintf(ansp, sizeof ansp, "%s/jury.ans", dir);
    FILE *fi = fopen(in, "w"), *fa = fopen(ansp, "w");
    assert_non_null(fi);
    assert_non_null(fa);
    char *insts = calloc((size_t)count, p->inst_size), *ans = calloc(1, p->ans_size);
    void *scratch = pz_scratch_new(base[q]);
    int spoil = (int)pz_rng_below(rng, 3) * 8;
    for (int i = 0; i < count; i++) {
        char *inst = insts + (size_t)i * p->inst_size;
        pz_corpus_get(&c, i, inst);
        pz_game_start(NULL);
        assert_int_equal(base[q]->solve(inst, ans, scratch), 0);
        if ((int)pz_rng_below(rng, 64) < spoil) {
            if (q == 0) { /* another count, or Impossible for a count */
                tg_answer *a = (tg_answer *)ans;
                a->weight = a->weight < 0 ? 1 : a->weight + 1 + (int)pz_rng_below(rng, 2) * -100;
                if (a->weight < 0)
                    a->weight = -1;
                a->has = 0;
                (*jury_wrong)++;
            } else if (pz_rng_below(rng, 2)) { /* no answer: our reference stands in */
                p->unknown(inst, ans);
            } else {
                tx_answer *a = (tx_answer *)ans;
                a->possible = !a->possible, a->has = 0;
                (*jury_wrong)++;
            }
        }
        p->write_answer(fa, (unsigned long long)i + 1, inst, ans);
    }
    p->write_input(fi, insts, (size_t)count, 0, (uint64_t)count);
    fclose(fi);
    fclose(fa);
    free(insts);
    free(ans);
    pz_scratch_free(base[q], scratch);
    pz_corpus_close(&c);
    if (pz_corpus_open(&c, p, in, &e))
        fail_msg("%s: %s", in, e.msg);
    return c;
}

/* One mix: a random corpus, solvers, options; its verdict checked against
 * what the wrong solvers gave.  Returns the verdict. */
static int one_mix(pz_rng *rng, char *dir, int *counts)
{
    static const char *const builtins[2][3] = {{"gf2", "rowenum", "bfs"},
                                               {"mrv", "portfolio", "kinds"}};
    int q = (int)pz_rng_below(rng, 2);
    const int *ways = q ? tetravex_ways : flip_ways;
    long long jury_wrong;
    int jury;
    pz_corpus c = corpus_of(rng, q, dir, &jury_wrong, &jury);
    pz_run_opts o = {.sample = 1, .threads = 1 + (int)pz_rng_below(rng, 2)};
    pz_shard sh;
    pz_result r;
    pz_error e;
    unsigned used = 0;
    int nwrong = (int)pz_rng_below(rng, 3), nbuilt = (int)pz_rng_below(rng, 3);
    if (!nwrong && !nbuilt)
        nwrong = 1;
    for (int i = 0; i < nbuilt; i++) {
        const pz_solver *s = pz_find_solver(q ? "tetravex" : "flip", builtins[q][i]);
        assert_non_null(s);
        o.solvers[o.nsolvers++] = s;
    }
    for (int i = 0; i < nwrong; i++) {
        int w = ways[pz_rng_below(rng, 7)];
        if ((used >> w) & 1)
            continue;
        used |= 1u << w;
        o.solvers[o.nsolvers++] = &wrong[q][w];
    }
    rate = (int)pz_rng_below(rng, 4) * 16 + (int)pz_rng_below(rng, 2); /* 0 .. 49 of 64 */
    salt = (int)pz_rng_below(rng, 1 << 20);
    if (pz_rng_below(rng, 3) == 0) { /* some solvers on a sample only, as a plan does */
        o.sample = 2 + (long long)pz_rng_below(rng, 5);
        o.slow = (unsigned)pz_rng_below(rng, 1u << o.nsolvers);
    }
    if (!jury && pz_rng_below(rng, 3) == 0) /* a budget, which cuts mrv and portfolio */
        o.budget.nodes = 1 + (long long)pz_rng_below(rng, 3) * 40;
    o.batch = pz_rng_below(rng, 2) ? 0 : 1 + (int)pz_rng_below(rng, 9);
    wrong_given = 0;
    assert_int_equal(pz_parse_shard(NULL, c.count, &sh, &e), 0);
    assert_int_equal(pz_run(&c, &sh, &o, &r), 0);
    int verdict = pz_result_verdict(&r);
    long long not_run = 0;
    for (int s = 0; s < o.nsolvers; s++) {
        const pz_tally *t = &r.tally[s];
        /* each answer in one class; each instance ran, skipped or not asked */
        assert_int_equal(t->certified + t->agreed + t->unknown + t->failed, t->ran);
        assert_int_equal(t->ran + t->skipped + t->not_run, r.instances);
        not_run += t->not_run;
    }
    if (verdict == PZ_RESULT_OK) {
        if (wrong_given || (jury_wrong && !o.slow)) {
            fprintf(stderr, "a pass with %ld wrong answers given, %lld wrong jury answers:",
                    (long)wrong_given, jury_wrong);
            for (int s = 0; s < o.nsolvers; s++)
                fprintf(stderr, " %s%s (ran %lld: %lld %lld %lld %lld)", o.solvers[s]->name,
                        (o.slow >> s) & 1 ? " sampled" : "", r.tally[s].ran, r.tally[s].certified,
                        r.tally[s].agreed, r.tally[s].unknown, r.tally[s].failed);
            fprintf(stderr, " (%s, rate %d, sample %lld, budget %lld, batch %d)\n", c.spec, rate,
                    o.sample, o.budget.nodes, o.batch);
            fail();
        }
        assert_true(pz_answers(&r, PZ_ANSWER_CERTIFIED) + pz_answers(&r, PZ_ANSWER_AGREED) > 0);
        for (int s = 0; s < o.nsolvers; s++) /* no answer given passes unchecked */
            assert_int_equal(r.tally[s].unchecked, 0);
    }
    if (!wrong_given && !jury_wrong && verdict == PZ_RESULT_FAILED) {
        fprintf(stderr, "a failure with no wrong answer: %s (first failure at %lld)\n", c.spec,
                r.nfail ? r.fail[0].index : -1);
        for (int s = 0; s < o.nsolvers; s++)
            fprintf(stderr, " %s%s", o.solvers[s]->name,
                    r.nfail && r.fail[0].why[s] ? r.fail[0].why[s] : "");
        fputc('\n', stderr);
        fail();
    }
    counts[verdict]++;
    counts[3] += not_run > 0;
    pz_result_free(&r);
    pz_corpus_close(&c);
    return verdict;
}

/* check's mixes: OUTPUT is the truth in the judge's format, its answers
 * spoilt at a rate in each way a printed answer can be wrong (another count,
 * Impossible for a count and back, Possible for Impossible and back,
 * "unknown", an answer missing or one too many, a stray blank line), with
 * or without a jury's
 * ANSWER, itself spoilt (wrong, or "unknown").  check exits 0 only where
 * OUTPUT is the truth and the jury is whole and right; and does where they
 * are. */
enum {
    OUT_RIGHT,
    OUT_OTHER,
    OUT_FLIP_CLASS,
    OUT_UNKNOWN,
    OUT_MISSING,
    OUT_EXTRA,
    OUT_BLANK, /* a blank line before the answer: right words, wrong layout */
    OUT_WAYS
};

/* The truth's answer ans spoilt in way w (not the text's ways); 1 if it now
 * differs from the truth as the judge prints it. */
static int spoil_answer(pz_rng *rng, int q, int w, const void *inst, void *ans)
{
    if (q == 0) {
        tg_answer *a = ans;
        a->has = 0;
        if (w == OUT_FLIP_CLASS) { /* a count for Impossible, Impossible for a count */
            a->weight = a->weight < 0 ? (long)pz_rng_below(rng, 7) : -1;
            return 1;
        }
        if (w == OUT_OTHER) {
            a->weight = a->weight < 0 ? 0 : a->weight + 1;
            return 1;
        }
        return 0; /* flip has no "unknown" to print */
    }
    tx_answer *a = ans;
    if (w == OUT_UNKNOWN) {
        pz_tetravex.unknown(inst, ans);
        return 1;
    }
    if (w == OUT_FLIP_CLASS || w == OUT_OTHER) {
        a->possible = !a->possible, a->has = 0;
        return 1;
    }
    return 0;
}

/* Runs `puzzlebench check` in this process, its verdict line to /dev/null. */
static int check_quietly(int argc, char **argv)
{
    fflush(stderr);
    int saved = dup(2), null = open("/dev/null", O_WRONLY);
    assert_true(saved >= 0 && null >= 0);
    dup2(null, 2);
    int rc = pz_cmd_check(argc, argv);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    close(null);
    return rc;
}

static void check_mix(pz_rng *rng, const char *dir, int *counts)
{
    static const char *const specs[2][2] = {
        {"flip:random:rows=4:cols=4:count=%d:seed=%d",
         "flip:random:mode=solvable:count=%d:seed=%d"},
        {"tetravex:random:n=3:digits=3:mode=perturbed:count=%d:seed=%d",
         "tetravex:random:n=3:mode=tiles:count=%d:seed=%d"}};
    int q = (int)pz_rng_below(rng, 2), count = 1 + (int)pz_rng_below(rng, 30);
    const pz_puzzle *p = q ? &pz_tetravex : &pz_flip;
    char spec[120], in[600], out[600], ansp[600];
    pz_corpus c;
    pz_error e;
    snprintf(spec, sizeof spec, specs[q][pz_rng_below(rng, 2)], count,
             (int)pz_rng_below(rng, 1000));
    if (pz_corpus_open(&c, p, spec, &e))
        fail_msg("%s: %s", spec, e.msg);
    snprintf(in, sizeof in, "%s/check.in", dir);
    snprintf(out, sizeof out, "%s/check.out", dir);
    snprintf(ansp, sizeof ansp, "%s/check.ans", dir);
    FILE *fi = fopen(in, "w"), *fo = fopen(out, "w"), *fa = fopen(ansp, "w");
    assert_true(fi && fo && fa);
    char *insts = calloc((size_t)count, p->inst_size), *truth = calloc(1, p->ans_size),
         *ans = calloc(1, p->ans_size);
    void *scratch = pz_scratch_new(base[q]);
    int out_rate = (int)pz_rng_below(rng, 3) * 4, jury_rate = (int)pz_rng_below(rng, 3) * 4;
    int jury = pz_rng_below(rng, 2), out_wrong = 0, jury_wrong = 0, unknown = 0;
    for (int i = 0; i < count; i++) {
        char *inst = insts + (size_t)i * p->inst_size;
        unsigned long long k = (unsigned long long)i + 1;
        pz_corpus_get(&c, i, inst);
        pz_game_start(NULL);
        assert_int_equal(base[q]->solve(inst, truth, scratch), 0);
        int w = (int)pz_rng_below(rng, 64) < out_rate ? 1 + (int)pz_rng_below(rng, OUT_WAYS - 1)
                                                      : OUT_RIGHT;
        memcpy(ans, truth, p->ans_size);
        if (w == OUT_MISSING) { /* the answer left out: the rest move up */
            out_wrong++;
        } else {
            if (w == OUT_BLANK) {
                fputc('\n', fo);
                out_wrong++;
            }
            out_wrong += w != OUT_RIGHT && w != OUT_EXTRA && w != OUT_BLANK &&
                         spoil_answer(rng, q, w, inst, ans);
            p->write_answer(fo, k, inst, ans);
        }
        if (w == OUT_EXTRA && i + 1 == count) { /* an answer after the last */
            p->write_answer(fo, k + 1, inst, truth);
            out_wrong++;
        }
        memcpy(ans, truth, p->ans_size);
        if (jury && (int)pz_rng_below(rng, 64) < jury_rate) {
            if (q && pz_rng_below(rng, 2)) {
                p->unknown(inst, ans);
                unknown++;
            } else {
                jury_wrong += spoil_answer(
                    rng, q, pz_rng_below(rng, 2) ? OUT_OTHER : OUT_FLIP_CLASS, inst, ans);
            }
        }
        p->write_answer(fa, k, inst, ans);
    }
    p->write_input(fi, insts, (size_t)count, 0, (uint64_t)count);
    fclose(fi);
    fclose(fo);
    fclose(fa);
    char *argv[] = {"check", (char *)p->name, in, out, ansp, NULL};
    int rc = check_quietly(jury ? 5 : 4, argv);
    if (rc == 0 && (out_wrong || jury_wrong || unknown)) {
        fprintf(stderr, "check passed %d wrong answers, a jury with %d wrong and %d unknown: %s\n",
                out_wrong, jury_wrong, unknown, spec);
        fail();
    }
    if (!out_wrong && !jury_wrong && !unknown && rc != 0) {
        fprintf(stderr, "check failed (%d) right answers: %s%s\n", rc, spec, jury ? ", jury" : "");
        fail();
    }
    if (unknown) /* a jury's "unknown" is no jury answer: the checker fails */
        assert_int_equal(rc, 3);
    counts[rc]++;
    free(insts);
    free(truth);
    free(ans);
    pz_scratch_free(base[q], scratch);
    pz_corpus_close(&c);
}

static void test_check_mixes(void **state)
{
    char dir[] = "/tmp/pz-answers-XXXXXX", path[600];
    int counts[4] = {0}; /* by check's exit status */
    pz_rng rng = pz_rng_at(35, 1);
    const char *env = getenv("PZ_MIXES");
    int mixes = env ? atoi(env) : 3000;
    (void)state;
    clock_t cpu = clock();
    assert_non_null(mkdtemp(dir));
    for (int m = 0; m < mixes; m++)
        check_mix(&rng, dir, counts);
    print_message("%d check mixes: %d ok, %d wrong answer, %d presentation error, %d checker "
                  "failure (%.1f s of CPU)\n",
                  mixes, counts[0], counts[1], counts[2], counts[3],
                  (double)(clock() - cpu) / CLOCKS_PER_SEC);
    assert_true(counts[0] > mixes / 10 && counts[1] > mixes / 10 && counts[2] > 0 &&
                counts[3] > mixes / 20);
    const char *names[] = {"check.in", "check.out", "check.ans"};
    for (int k = 0; k < 3; k++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[k]);
        unlink(path);
    }
    rmdir(dir);
}

static void test_mixes(void **state)
{
    char dir[] = "/tmp/pz-answers-XXXXXX", path[600];
    int counts[4] = {0}; /* by verdict, and mixes with answers not run */
    pz_rng rng = pz_rng_at(35, 0);
    const char *env = getenv("PZ_MIXES");
    int mixes = env ? atoi(env) : 3000;
    clock_t cpu = clock();
    (void)state;
    assert_non_null(mkdtemp(dir));
    for (int m = 0; m < mixes; m++)
        one_mix(&rng, dir, counts);
    /* The mixture holds each kind of verdict, enough to mean something. */
    print_message("%d mixes: %d OK, %d failed, %d unchecked; %d with answers not run (%.1f s of "
                  "CPU)\n",
                  mixes, counts[0], counts[1], counts[2], counts[3],
                  (double)(clock() - cpu) / CLOCKS_PER_SEC);
    assert_true(counts[PZ_RESULT_OK] > mixes / 10 && counts[PZ_RESULT_FAILED] > mixes / 10 &&
                counts[PZ_RESULT_UNCHECKED] > 0 && counts[3] > 0);
    snprintf(path, sizeof path, "%s/jury.in", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/jury.ans", dir);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_mixes),
                                       cmocka_unit_test(test_check_mixes)};
    return cmocka_run_group_tests(tests, setup, NULL);
}
