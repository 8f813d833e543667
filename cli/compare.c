/* compare.c - `puzzlebench compare BASE NEW`: is NEW slower than BASE?
 *
 * Two reports of `run` or `merge` on one corpus (or two Google Benchmark JSON
 * files of puzzlebench-micro) are compared solver by solver (benchmark by
 * benchmark): the ratio NEW/BASE of the time per instance with its 95%
 * confidence interval, the p-value of the Mann-Whitney U test, and a
 * verdict.  The samples are the repetitions where both reports have them
 * (`run --repeat K`, or micro-benchmarks run with --benchmark_repetitions),
 * else the batches, read from the reports' histograms of batch times; a
 * run's report is read by the one schema reader (bench/schema.h), which
 * checks it whole and keeps every pass's spread of batch times.  The
 * ratio is the Hodges-Lehmann estimate: the median of the ratios of every
 * NEW time to every BASE time, so it moves with neither outliers nor the
 * batches another process slowed; its interval is the one the U test
 * inverts (bench/stats.h).  A micro-benchmark file that kept only the
 * aggregates (mean, standard deviation, repetitions) gets Welch's t test on
 * the means instead, and the ratio of the means.
 *
 * A pass's time is its 5th-percentile batch, not its median batch.  On this
 * 2-core machine shared by other builds, a pass meets the machine in two
 * states: running alone, and sharing its core, when gf2 takes twice as long
 * (rowenum 1.2-1.3 times); the share of each state in a pass wanders from
 * pass to pass, and the median with it (by 20-40% between passes, which made
 * the intervals of five passes wider than a 20% slowdown).  The fastest
 * batches of a pass are those that ran alone as long as some did, so the
 * pass's 5th percentile stays within a class or two from pass to pass.
 * Pairing the batches of the two runs (batch k holds the same instances in
 * both) would not help: within one state a batch's time varies by 1-5%, the
 * states by 20-100%.  What no statistic of two runs can tell apart is a
 * machine that sat in one state through one whole run and in the other
 * through the other: both solvers of the run then move alike, and only the
 * threshold and the spread of the passes stand against it.  The 5th
 * percentile measures the fast batches: on a corpus whose batches differ in
 * content (an exhaustive one, in index order), a change that slows only the
 * hard batches shows in the median, not here.
 *
 * A verdict is `slower` or `faster` when the difference is significant
 * (p < 0.05) and the whole 95% interval of the ratio lies beyond the
 * threshold (5%): significantly slower by more than the threshold.  Else
 * `same`: not significant, or not shown to be beyond the threshold.  The
 * answers are compared too: instances, answer histogram, each solver's
 * counts and the failures listed must match.
 */
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "../bench/gbench.h"
#include "../bench/schema.h"
#include "../bench/stats.h"

enum { RUN, MICRO };
static const double ALPHA = 0.05;
/* A pass's time: this quantile of its batch times (see the top of the file). */
static const double PASS_QUANTILE = 0.05;

/* One solver of a report, or one micro-benchmark. */
typedef struct entry {
    const char *name;
    pz_sample *hist; /* the histogram's classes, weighted by their batches */
    int nhist;
    pz_sample *rep; /* the repetitions' times per instance */
    int nrep;
    int octave;      /* the histogram's classes an octave */
    int aggregate;   /* only the mean and sd of reps repetitions */
    double mean, sd; /* (micro-benchmarks) */
    long long reps;
    long long ran;
} entry;

typedef struct report {
    const char *path;
    pz_jdoc doc;        /* the file as JSON: micro-benchmarks are read from it */
    pz_report_doc *run; /* a run report, read by the one schema reader (bench/schema.h) */
    pz_gbench gb;       /* a Google Benchmark file, read by bench/gbench.h */
    int kind;
    entry *e;
    int n;
} report;

/* "puzzlebench: compare: FILE: what"; returns -1. */
static int bad(const report *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int bad(const report *r, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "puzzlebench: compare: %s: ", r->path);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return -1;
}

static entry *find(report *r, const char *name)
{
    for (int i = 0; i < r->n; i++)
        if (!strcmp(r->e[i].name, name))
            return &r->e[i];
    return NULL;
}

/* "puzzlebench: compare: FILE:LINE:COL: what"; returns -1. */
static int fail(const pz_error *e)
{
    fputs("puzzlebench: compare: ", stderr);
    if (e->line && e->col)
        fprintf(stderr, "%s:%ld:%ld: ", e->file, e->line, e->col);
    else if (e->line)
        fprintf(stderr, "%s:%ld: ", e->file, e->line);
    else if (e->file[0])
        fprintf(stderr, "%s: ", e->file);
    fprintf(stderr, "%s\n", e->msg);
    return -1;
}

/* A Google Benchmark file's benchmarks, read and checked by bench/gbench.h:
 * their repetitions, or where the file kept only aggregates, the mean,
 * standard deviation and repetitions of each. */
static int read_micro(report *r)
{
    pz_error e;
    if (pz_gbench_read(&r->gb, &r->doc, &e))
        return fail(&e);
    r->e = pz_xcalloc((size_t)r->gb.n + 1, sizeof *r->e);
    for (int i = 0; i < r->gb.n; i++) {
        const pz_gbench_entry *g = &r->gb.e[i];
        entry *x = &r->e[r->n++];
        x->name = g->name;
        x->ran = 1;
        x->aggregate = g->aggregate;
        x->mean = g->mean;
        x->sd = g->sd;
        x->reps = g->reps;
        x->rep = pz_xcalloc((size_t)g->nns + 1, sizeof *x->rep);
        for (int k = 0; k < g->nns; k++)
            x->rep[x->nrep++] = (pz_sample){g->ns[k], 1};
    }
    return 0;
}

/* A spread's classes as samples, weighted so that they count the batches
 * (a spread counts instances; a solver that ran on a sample has fewer
 * instances a batch, never fewer than one). */
static pz_sample *batch_classes(const pz_spread *spread, long long batches, int *n)
{
    long long counted = pz_spread_total(spread);
    pz_sample *x = pz_xcalloc((size_t)spread->n + 1, sizeof *x);
    long long b = batches < counted ? batches : counted;
    *n = 0;
    for (int i = 0; i < spread->n; i++)
        x[(*n)++] = (pz_sample){pz_spread_ns(spread->bin[i].cls),
                                (double)spread->bin[i].count * (double)b / (double)counted};
    return x;
}

/* A run report's solvers: each one's histogram of batches and, with
 * repetitions, each pass's time (its PASS_QUANTILE batch: a class of the
 * pass's spread). */
static int read_run(report *r)
{
    const pz_result *res = &r->run->res;
    if (res->partial)
        return bad(r, "expected a whole run, found a partial one (interrupted): run it again");
    long long batch = res->opts.batch;
    long long batches = batch > 0 ? (res->instances + batch - 1) / batch : res->instances;
    r->e = pz_xcalloc((size_t)res->opts.nsolvers + 1, sizeof *r->e);
    for (int s = 0; s < res->opts.nsolvers; s++) {
        entry *e = &r->e[r->n++];
        const pz_tally *t = &res->tally[s];
        e->name = res->opts.solvers[s]->name;
        e->ran = t->ran;
        e->octave = r->run->per_octave[s];
        e->hist = batch_classes(&t->spread, batches, &e->nhist);
        if (res->opts.repeat < 2 || !t->ran)
            continue;
        e->rep = pz_xcalloc((size_t)res->opts.repeat, sizeof *e->rep);
        for (int k = 0; k < res->opts.repeat; k++)
            e->rep[e->nrep++] =
                (pz_sample){pz_spread_quantile(&t->rep_spread[k], PASS_QUANTILE), 1};
    }
    return 0;
}
static int load(report *r)
{
    pz_error e;
    if (pz_jdoc_read(&r->doc, r->path, &e))
        return fail(&e);
    json_t *root = r->doc.root;
    if (json_is_object(root) && json_is_string(json_object_get(root, "puzzle")) &&
        json_object_get(root, "solvers")) {
        r->kind = RUN;
        r->run = pz_xcalloc(1, sizeof *r->run); /* it lives at its address */
        if (pz_report_parse(r->run, r->path, r->doc.text, r->doc.len, &e)) {
            free(r->run);
            r->run = NULL;
            return fail(&e);
        }
        return read_run(r);
    }
    if (json_is_object(root) && json_is_object(json_object_get(root, "context")) &&
        json_object_get(root, "benchmarks")) {
        r->kind = MICRO;
        return read_micro(r);
    }
    return bad(r, "expected a report of puzzlebench run or merge (with \"puzzle\" and "
                  "\"solvers\") or a Google Benchmark JSON file (\"context\", \"benchmarks\")");
}

static void report_free(report *r)
{
    for (int i = 0; i < r->n; i++) {
        free(r->e[i].hist);
        free(r->e[i].rep);
    }
    free(r->e);
    if (r->run) {
        pz_report_free(r->run);
        free(r->run);
    }
    pz_gbench_free(&r->gb);
    pz_jdoc_free(&r->doc);
}

/* How two reports differ beyond their times (builds, machines, the corpus
 * checked the old way), a line each, printed above the table. */
typedef struct notes {
    char line[16][1400];
    int n;
} notes;

static void note(notes *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(notes *x, const char *fmt, ...)
{
    va_list ap;
    if (x->n == (int)(sizeof x->line / sizeof *x->line))
        return;
    va_start(ap, fmt);
    vsnprintf(x->line[x->n++], sizeof *x->line, fmt, ap);
    va_end(ap);
}

/* The same corpus content: the hash each report's context records (of the
 * file's bytes, or of a generated corpus's spec); for an older report
 * without it, what merge checks of its shards (the file's content hashes in
 * corpus_content), said in a note. */
static int same_content(report *a, report *b, notes *n)
{
    const pz_context *xa = &a->run->context, *xb = &b->run->context;
    const pz_corpus *ca = &a->run->corpus, *cb = &b->run->corpus;
    char h[PZ_HASH_TEXT], k[PZ_HASH_TEXT];
    if (xa->corpus_hash[0] && xb->corpus_hash[0]) {
        if (strcmp(xa->corpus_hash, xb->corpus_hash))
            return bad(b,
                       "expected the corpus content %s of %s, found %s: %s is another corpus "
                       "(or changed) between the runs, and their times do not compare",
                       xa->corpus_hash, a->path, xb->corpus_hash, cb->spec);
    } else {
        char who[300];
        if (!xa->corpus_hash[0] && !xb->corpus_hash[0])
            snprintf(who, sizeof who, "%.140s or %.140s", a->path, b->path);
        else
            snprintf(who, sizeof who, "%.280s", xa->corpus_hash[0] ? b->path : a->path);
        note(n,
             "Corpus: no content hash in the context of %s (older reports): the corpus is "
             "checked as merge checks shards, by its spec and the file's content hash.",
             who);
        for (int i = 0; i < 2; i++)
            if (!pz_corpus_generated(i ? cb : ca) && !(i ? cb : ca)->has_in_hash)
                return bad(i ? b : a,
                           "expected the content hash of the corpus file %s, found none: its "
                           "runs cannot be told apart from another file's",
                           ca->spec);
        if (ca->has_in_hash != cb->has_in_hash || ca->in_hash != cb->in_hash)
            return bad(b,
                       "expected the corpus file's content %s as in %s, found %s: the corpus "
                       "changed between the runs, or is another file",
                       pz_hash_or_none(ca->has_in_hash, ca->in_hash, h), a->path,
                       pz_hash_or_none(cb->has_in_hash, cb->in_hash, k));
    }
    if (ca->has_ans_hash != cb->has_ans_hash || ca->ans_hash != cb->ans_hash)
        return bad(b,
                   "expected the expected answers' content %s as in %s, found %s: the .ans "
                   "changed between the runs, or is another file",
                   pz_hash_or_none(ca->has_ans_hash, ca->ans_hash, h), a->path,
                   pz_hash_or_none(cb->has_ans_hash, cb->ans_hash, k));
    return 0;
}

/* A build type whose times are a user's: optimised. */
static int optimised(const char *build_type)
{
    return !strcasecmp(build_type, "Release") || !strcasecmp(build_type, "RelWithDebInfo") ||
           !strcasecmp(build_type, "MinSizeRel");
}

static const char *or_none(const char *s)
{
    return *s ? s : "(none)";
}

/* run --budget: a difference of budgets, and each solver's games cut by it
 * where the two runs differ in them (a cut game is timed at its budget, so
 * its times are not of the same work). */
static void budget_notes(const pz_result *x, const pz_result *y, notes *n)
{
    char bx[64], by[64];
    pz_budget_text(&x->opts.budget, bx, sizeof bx);
    pz_budget_text(&y->opts.budget, by, sizeof by);
    if (strcmp(bx, by))
        note(n, "Differs: budget: %s (base), %s (new).", bx, by);
    for (int s = 0; s < x->opts.nsolvers; s++)
        for (int k = 0; k < y->opts.nsolvers; k++)
            if (!strcmp(x->opts.solvers[s]->name, y->opts.solvers[k]->name) &&
                x->tally[s].unknown != y->tally[k].unknown)
                note(n,
                     "Differs: %s's games cut by the budget (unknown): %lld (base), %lld (new); "
                     "a cut game is timed at its budget.",
                     x->opts.solvers[s]->name, x->tally[s].unknown, y->tally[k].unknown);
}

/* Each difference of build and machine a note; an unoptimised build against
 * an optimised one refused unless mixed (--allow-mixed-builds). */
static int same_build(report *a, report *b, int mixed, notes *n)
{
    if (a->kind == MICRO) {
        const pz_gbench *x = &a->gb, *y = &b->gb;
        const char *what[] = {"host", "library build type"}, *s[] = {x->host, x->build_type},
                   *t[] = {y->host, y->build_type};
        for (int k = 0; k < 2; k++)
            if (strcmp(s[k], t[k]))
                note(n, "Differs: %s: %s (base), %s (new).", what[k], or_none(s[k]), or_none(t[k]));
        if (x->cpus != y->cpus)
            note(n, "Differs: CPUs: %lld (base), %lld (new).", x->cpus, y->cpus);
        if (x->mhz != y->mhz)
            note(n, "Differs: MHz per CPU: %g (base), %g (new).", x->mhz, y->mhz);
        return 0;
    }
    const pz_context *x = &a->run->context, *y = &b->run->context;
    const char *what[] = {"build type", "compiler", "flags", "host", "CPU"},
               *s[] = {x->build_type, x->compiler, x->flags, x->host, x->cpu},
               *t[] = {y->build_type, y->compiler, y->flags, y->host, y->cpu};
    if (optimised(x->build_type) != optimised(y->build_type) && !mixed)
        return bad(b,
                   "expected an %s build as %s is (build type %s), found build type %s: the "
                   "times of an unoptimised build do not compare with an optimised one's "
                   "(compare them anyway with --allow-mixed-builds)",
                   optimised(x->build_type) ? "optimised" : "unoptimised", a->path,
                   or_none(x->build_type), or_none(y->build_type));
    for (int k = 0; k < 5; k++)
        if (strcmp(s[k], t[k]))
            note(n, "Differs: %s: %s (base), %s (new).", what[k], or_none(s[k]), or_none(t[k]));
    if (x->threads != y->threads)
        note(n, "Differs: threads: %lld (base), %lld (new).", x->threads, y->threads);
    budget_notes(&a->run->res, &b->run->res, n);
    if (strcmp(x->commit, y->commit) || x->dirty != y->dirty)
        note(n, "Differs: commit: %s%s (base), %s%s (new).", x->commit, x->dirty ? " (dirty)" : "",
             y->commit, y->dirty ? " (dirty)" : "");
    return 0;
}

/* Reports of one corpus and shard, its content and a comparable build, or
 * exit status 2 after saying why. */
static int same_run(report *a, report *b, int mixed, notes *n)
{
    if (a->kind != b->kind)
        return bad(b, "expected %s as %s is, found %s",
                   a->kind == RUN ? "a run report" : "a Google Benchmark file", a->path,
                   b->kind == RUN ? "a run report" : "a Google Benchmark file");
    if (a->kind == MICRO)
        return same_build(a, b, mixed, n);
    const pz_corpus *ca = &a->run->corpus, *cb = &b->run->corpus;
    const pz_shard *sa = &a->run->res.shard, *sb = &b->run->res.shard;
    const char *keys[] = {"puzzle", "corpus"}, *x[] = {ca->puzzle->name, ca->spec},
               *y[] = {cb->puzzle->name, cb->spec};
    for (int k = 0; k < 2; k++)
        if (strcmp(x[k], y[k]))
            return bad(b,
                       "expected %s \"%s\" as in %s, found \"%s\": reports of different runs "
                       "do not compare",
                       keys[k], x[k], a->path, y[k]);
    if (ca->count != cb->count)
        return bad(b, "expected %lld instances in the corpus as in %s, found %lld", ca->count,
                   a->path, cb->count);
    if (sa->k != sb->k || sa->n != sb->n)
        return bad(b, "expected shard %lld/%lld as in %s, found shard %lld/%lld", sa->k, sa->n,
                   a->path, sb->k, sb->n);
    if (same_content(a, b, n))
        return -1;
    return same_build(a, b, mixed, n);
}

/* One line of the comparison. */
typedef struct row {
    const char *name;
    double base, now, ratio, lo, hi, p;
    const char *verdict;
    const char *over; /* "repetitions", "batches", "means" */
    int nbase, nnew;
    int independent; /* over independent samples: p, interval and a tested verdict */
} row;

static int samples_of(const pz_sample *s, int n)
{
    double w = 0;
    for (int i = 0; i < n; i++)
        w += s[i].weight;
    return (int)lround(w);
}

/* Over independent samples: the repetitions of both (at least two each),
 * or both files' means over at least two repetitions each.  Else the batches
 * of one pass (or a benchmark's one run) stand for each: they share the
 * pass's machine state and are no samples of the run's time, so only the
 * ratio of the medians is given, and its verdict against the threshold
 * alone, marked "~". */
static row compare_one(const entry *a, const entry *b, double threshold)
{
    row w = {a->name, NAN, NAN, NAN, NAN, NAN, NAN, "same", "batches", 0, 0, 0};
    if (!a->ran || !b->ran) {
        w.verdict = "not run";
        return w;
    }
    if (a->aggregate && b->aggregate) {
        pz_shift s = pz_welch(a->mean, a->sd, a->reps, b->mean, b->sd, b->reps);
        w.over = "means";
        w.base = a->mean;
        w.now = b->mean;
        w.nbase = (int)a->reps;
        w.nnew = (int)b->reps;
        w.ratio = s.ratio;
        w.lo = s.lo;
        w.hi = s.hi;
        w.p = s.p;
        w.independent = !isnan(s.p);
    } else if (!a->aggregate && !b->aggregate && a->nrep >= 2 && b->nrep >= 2) {
        pz_shift s = pz_compare_times(a->rep, a->nrep, b->rep, b->nrep);
        w.over = "repetitions";
        w.base = pz_weighted_median(a->rep, a->nrep);
        w.now = pz_weighted_median(b->rep, b->nrep);
        w.ratio = s.ratio;
        w.lo = s.lo;
        w.hi = s.hi;
        w.p = s.p;
        w.independent = 1;
        if (a->octave && b->octave) {
            /* A run's times (a pass's) are known to within a histogram
             * class: the interval widens by the width of a class of the
             * coarser report. */
            int per = a->octave < b->octave ? a->octave : b->octave;
            double width = per == 8 ? exp2(1.0 / 8) : 1 + 1.0 / per;
            w.lo /= width;
            w.hi *= width;
        }
        w.nbase = a->nrep;
        w.nnew = b->nrep;
    } else {
        /* A run's batches (its passes' together), a benchmark's one run or
         * its mean: the ratio of the medians (or means), untested. */
        const entry *x[2] = {a, b};
        double *t[2] = {&w.base, &w.now};
        int *n[2] = {&w.nbase, &w.nnew};
        for (int k = 0; k < 2; k++) {
            const entry *y = x[k];
            if (y->aggregate) {
                *t[k] = y->mean;
                *n[k] = (int)y->reps;
                w.over = "means";
            } else if (y->hist) {
                *t[k] = pz_weighted_median(y->hist, y->nhist);
                *n[k] = samples_of(y->hist, y->nhist);
            } else {
                *t[k] = pz_weighted_median(y->rep, y->nrep);
                *n[k] = y->nrep;
                if (strcmp(w.over, "means"))
                    w.over = "repetitions";
            }
        }
        w.ratio = w.now / w.base;
        if (!(w.ratio > 0 && isfinite(w.ratio)))
            w.ratio = NAN;
        w.verdict = isnan(w.ratio)            ? "not comparable"
                    : w.ratio > 1 + threshold ? "~slower"
                    : w.ratio < 1 - threshold ? "~faster"
                                              : "~same";
        return w;
    }
    /* Slower: significantly slower by more than the threshold, so the whole
     * interval lies beyond it (and the test rejects equality); on a shared
     * machine the ratio itself wanders further than 5% between two runs. */
    if (isnan(w.ratio))
        w.verdict = "not comparable";
    else if (w.p < ALPHA && w.lo > 1 + threshold)
        w.verdict = "slower";
    else if (w.p < ALPHA && w.hi < 1 - threshold)
        w.verdict = "faster";
    return w;
}

/* "3.21 ns", "189 ns", "460 us", "1.2 s" */
static void duration(char *buf, size_t len, double ns)
{
    static const char *const unit[] = {"ns", "us", "ms", "s"};
    int u = 0;
    if (isnan(ns)) {
        snprintf(buf, len, "-");
        return;
    }
    while (u < 3 && ns >= 999.5)
        ns /= 1000, u++;
    snprintf(buf, len, "%.4g %s", ns, unit[u]);
}

static void fixed(char *buf, size_t len, const char *fmt, double x)
{
    if (isnan(x))
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, fmt, x);
}

typedef struct result {
    const report *a, *b;
    row *rows;
    int n;
    double threshold;
    const char *answers; /* NULL: the same (or micro-benchmarks) */
    int slower, faster, same, other;
    int approx; /* rows without independent samples (verdicts marked ~) */
    char *only; /* names in one report only */
    const notes *notes;
} result;

/* The header line: what is compared, over what. */
static void title(FILE *f, const result *x, const char *code)
{
    if (x->a->kind == RUN)
        fprintf(f, "%s  %s%s%s", x->a->run->corpus.puzzle->name, code, x->a->run->corpus.spec,
                code);
    else
        fputs("micro-benchmarks", f);
    fprintf(f, ": %s%s%s (base) against %s%s%s (new)\n", code, x->a->path, code, code, x->b->path,
            code);
    for (int i = 0; i < x->notes->n; i++)
        fprintf(f, "%s%s\n", *code ? "\n" : "", x->notes->line[i]);
}

static void what(FILE *f, const result *x)
{
    if (x->a->kind == RUN)
        fputs("Times are per instance: the median of the repetitions (each a pass's "
              "5th-percentile batch:\nthe pass's speed where the machine let it run), or of "
              "the batches where a report has\nno repetitions.",
              f);
    else
        fputs("Times are per instance (per item): the median of the repetitions, or the mean "
              "where a\nfile kept only aggregates.",
              f);
    if (x->approx < x->n)
        fprintf(f,
                "  ratio: new/base, the median of the ratios of every new time to every\nbase "
                "time, with its 95%% confidence interval; p: the Mann-Whitney U test (Welch's t\n"
                "test on means).  slower/faster: p < %.2f and the whole CI beyond %g%%.\n",
                ALPHA, 100 * x->threshold);
    if (x->approx)
        fprintf(f,
                "%sNo independent samples%s: without repetitions (run --repeat K, "
                "--benchmark_repetitions)\na report is one pass, whose batches share one state "
                "of the machine.  ratio: new/base\nof the medians, untested (no p, no CI); "
                "~slower/~faster: the ratio alone beyond %g%%,\nnot shown significant.  Repeat "
                "both runs (--repeat 5) for a test.\n",
                x->approx < x->n ? "" : "\n", x->approx < x->n ? " in the rows marked ~" : "",
                100 * x->threshold);
}

/* "slower" or "faster" when every one of two or more solvers is: what a
 * machine slower through the whole of one run looks like (as does a change
 * that slows them all); NULL otherwise. */
static const char *alike(const result *x)
{
    if (x->n < 2 || (x->slower < x->n && x->faster < x->n))
        return NULL;
    return x->slower ? "slower" : "faster";
}

static void summary_line(FILE *f, const result *x)
{
    fprintf(f, "%d slower, %d faster, %d same", x->slower, x->faster, x->same);
    if (x->other)
        fprintf(f, ", %d not compared", x->other);
    fprintf(f, " (threshold %g%%)", 100 * x->threshold);
    if (x->approx)
        fprintf(f, "; %d of them untested (~: no independent samples)", x->approx);
    if (x->only && *x->only)
        fprintf(f, "; in one report only: %s", x->only);
    fputs(".\n", f);
    if (alike(x))
        fprintf(f,
                "Every %s is %s: a change that made them all %s, or a machine that was slower "
                "through\nthe whole of the %s run; a second pair of runs tells which (see "
                "compare --help).\n",
                x->a->kind == RUN ? "solver" : "benchmark", alike(x), alike(x),
                x->slower ? "new" : "base");
    if (x->a->kind == RUN)
        fprintf(f, x->answers ? "Answers differ: %s.\n" : "Answers: the same.\n", x->answers);
}

static void write_text(FILE *f, const result *x)
{
    int width = 10;
    for (int i = 0; i < x->n; i++)
        if ((int)strlen(x->rows[i].name) > width)
            width = (int)strlen(x->rows[i].name);
    title(f, x, "");
    fprintf(f, "\n  %-*s %11s %11s %7s %17s %9s %-8s %s\n", width,
            x->a->kind == RUN ? "solver" : "benchmark", "base", "new", "ratio", "95% CI", "p",
            "verdict", "samples (base, new)");
    for (int i = 0; i < x->n; i++) {
        const row *w = &x->rows[i];
        char base[24], now[24], ratio[24], ci[48], lo[16], hi[16], p[24];
        duration(base, sizeof base, w->base);
        duration(now, sizeof now, w->now);
        fixed(ratio, sizeof ratio, "%.3f", w->ratio);
        fixed(lo, sizeof lo, "%.3f", w->lo);
        fixed(hi, sizeof hi, "%.3f", w->hi);
        snprintf(ci, sizeof ci, "%s..%s", lo, hi);
        fixed(p, sizeof p, w->p < 1e-4 ? "%.0e" : "%.4f", w->p);
        fprintf(f, "  %-*s %11s %11s %7s %17s %9s %-8s %d, %d %s\n", width, w->name, base, now,
                ratio, ci, p, w->verdict, w->nbase, w->nnew, w->over);
    }
    fputc('\n', f);
    what(f, x);
    summary_line(f, x);
}

static void write_md(FILE *f, const result *x)
{
    fputs("### ", f);
    title(f, x, "`");
    fprintf(f,
            "\n| %s | base | new | ratio | 95%% CI | p | verdict | samples |\n"
            "|:--|--:|--:|--:|--:|--:|:--|--:|\n",
            x->a->kind == RUN ? "solver" : "benchmark");
    for (int i = 0; i < x->n; i++) {
        const row *w = &x->rows[i];
        char base[24], now[24], ratio[24], lo[16], hi[16], p[24];
        duration(base, sizeof base, w->base);
        duration(now, sizeof now, w->now);
        fixed(ratio, sizeof ratio, "%.3f", w->ratio);
        fixed(lo, sizeof lo, "%.3f", w->lo);
        fixed(hi, sizeof hi, "%.3f", w->hi);
        fixed(p, sizeof p, w->p < 1e-4 ? "%.0e" : "%.4f", w->p);
        fprintf(f, "| %s | %s | %s | %s | %s..%s | %s | %s%s%s | %d, %d %s |\n", w->name, base, now,
                ratio, lo, hi, p, strstr(w->verdict, "same") ? "" : "**", w->verdict,
                strstr(w->verdict, "same") ? "" : "**", w->nbase, w->nnew, w->over);
    }
    fputc('\n', f);
    what(f, x);
    fputc('\n', f);
    summary_line(f, x);
}

static json_t *real(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

static void write_json(FILE *f, const result *x)
{
    json_t *root = json_object(), *list = json_array();
    json_object_set_new(root, "base", json_string(x->a->path));
    json_object_set_new(root, "new", json_string(x->b->path));
    json_object_set_new(root, "kind", json_string(x->a->kind == RUN ? "run" : "micro"));
    if (x->a->kind == RUN) {
        json_object_set_new(root, "puzzle", json_string(x->a->run->corpus.puzzle->name));
        json_object_set_new(root, "corpus", json_string(x->a->run->corpus.spec));
    }
    json_object_set_new(root, "threshold_pct", json_real(100 * x->threshold));
    json_object_set_new(root, "alpha", json_real(ALPHA));
    json_object_set_new(root, "independent_samples", json_boolean(!x->approx));
    json_t *notes = json_array();
    for (int i = 0; i < x->notes->n; i++)
        json_array_append_new(notes, json_string(x->notes->line[i]));
    json_object_set_new(root, "differences", notes);
    for (int i = 0; i < x->n; i++) {
        const row *w = &x->rows[i];
        json_array_append_new(
            list,
            json_pack("{s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:s, s:s, s:i, s:i, s:b}", "name",
                      w->name, "base_ns", real(w->base), "new_ns", real(w->now), "ratio",
                      real(w->ratio), "ci_low", real(w->lo), "ci_high", real(w->hi), "p_value",
                      real(w->p), "verdict", w->verdict, "samples", w->over, "base_samples",
                      w->nbase, "new_samples", w->nnew, "independent", w->independent));
    }
    json_object_set_new(root, "solvers", list);
    json_object_set_new(root, "answers",
                        x->a->kind != RUN ? json_null()
                        : x->answers      ? json_string("differ")
                                          : json_string("same"));
    if (x->answers)
        json_object_set_new(root, "answers_differ", json_string(x->answers));
    json_object_set_new(root, "slower", json_integer(x->slower));
    json_object_set_new(root, "faster", json_integer(x->faster));
    json_object_set_new(root, "same", json_integer(x->same));
    if (alike(x))
        json_object_set_new(root, "all_alike", json_string(alike(x)));
    json_dumpf(root, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
    fputc('\n', f);
    json_decref(root);
}

static int write_file(const char *path, void (*write)(FILE *, const result *), const result *x)
{
    char *tmp;
    FILE *f;
    if (!strcmp(path, "-")) {
        write(stdout, x);
        return fflush(stdout) ? -1 : 0;
    }
    if (!(f = pz_atomic_open(path, &tmp)))
        return -1;
    write(f, x);
    return pz_atomic_close(f, tmp, path);
}

#define COMPARE_OPTIONS(X)                                                                         \
    X(THRESHOLD, "threshold", 0, "PCT", "the change that counts, in percent (default 5)")          \
    X(JSON, "json", 0, "F", "the comparison as JSON (F '-' is stdout)")                            \
    X(MD, "md", 0, "F", "the comparison as Markdown (F '-' is stdout)")                            \
    X(ALLOW_MIXED_BUILDS, "allow-mixed-builds", 0, NULL,                                           \
      "compare an unoptimised build (Debug) with an optimised one\n"                               \
      "(Release) too, the difference said above the table")

enum { COMPARE_OPTIONS(PZ_OPTION_ID) O_HELP, NOPTIONS };
static const pz_option options[] = {COMPARE_OPTIONS(PZ_OPTION) PZ_HELP_OPTION PZ_END_OPTIONS};
static void help(FILE *);
const pz_command_line pz_compare_command = {
    .name = "compare",
    .args = "BASE.json NEW.json [--threshold PCT] [--allow-mixed-builds] [...]",
    .summary = "is NEW slower? ratios, 95% CIs and U tests over repeats; answers compared",
    .options = options,
    .help = help,
    .run = pz_cmd_compare,
};

static void help(FILE *f)
{
    pz_print_usage(f, &pz_compare_command);
    fprintf(f,
            "\n"
            "Compares two reports of `puzzlebench run` or `merge` on one corpus (or two Google\n"
            "Benchmark JSON files of puzzlebench-micro, benchmark by benchmark): for every solver\n"
            "in both, the time per instance in each, the ratio NEW/BASE with its 95%% confidence\n"
            "interval, the p-value of the Mann-Whitney U test over the repetitions (run --repeat\n"
            "K in both; --benchmark_repetitions; Welch's t test where a file kept only the means)\n"
            "and a verdict: slower or faster when p < %.2f and the whole interval lies beyond\n"
            "the threshold (significantly slower, or faster, by more than PCT%%), else same.\n"
            "\n"
            "Without repetitions in both there are no independent samples: one pass's batches\n"
            "share one state of the machine, so a test over them finds any two runs different.\n"
            "Such a comparison says so on a line, gives the ratio of the medians only (no p, no\n"
            "interval) and the verdict of that ratio against the threshold alone, marked as\n"
            "untested: ~slower, ~faster or ~same.  Repeat both runs (--repeat 5) for a test.\n"
            "\n"
            "A repetition's time is its pass's 5th-percentile batch time: on a shared machine\n"
            "a pass's batches run partly alone and partly beside another process (up to twice\n"
            "as slow), in shares that change from pass to pass; its fastest batches are those\n"
            "that ran alone, so this figure stays put where the median moves by 20-40%%.  It\n"
            "cannot tell a change of the code from a machine that was slow through the whole\n"
            "of one run: the threshold stands against that, and two runs that disagree for\n"
            "every solver alike deserve a second pair of runs.  The ratio, interval and test\n"
            "are over the passes: more passes (--repeat 10) give narrower intervals.\n"
            "\n"
            "What is compared must compare: the same puzzle, corpus spec, corpus content (the\n"
            "hash in each report's context: of the file's bytes, of a generated corpus's spec;\n"
            "for older reports, corpus_content as merge checks it, said so) and shard.  Every\n"
            "difference of build type, compiler, flags, host, CPU, threads and commit is said\n"
            "above the table; an unoptimised build (Debug, or no build type) against an\n"
            "optimised one (Release, RelWithDebInfo, MinSizeRel) is refused unless\n"
            "--allow-mixed-builds.  Google Benchmark files are checked field by field: times\n"
            "above 0 in ns, us, ms or s, a deviation at least 0, repetitions 1 to 2^31-1.\n"
            "\n"
            "The answers are compared too: instances, the histogram of answers, each solver's\n"
            "counts and the failures listed must be the same.\n"
            "\n",
            ALPHA);
    pz_print_options(f, options);
    fputs("\n"
          "Exit status: 0 no solver slower by more than PCT% (significantly, or ~slower\n"
          "without repetitions) and the answers the same; 1 otherwise; 2 bad usage or input\n"
          "(reports of different puzzles, corpora, corpus contents or shards; mixed builds;\n"
          "a file that is not a whole report or a valid Google Benchmark file; no solver\n"
          "that could be compared).\n",
          f);
}

/* --threshold PCT: a plain decimal number (digits, at most one point), below 1000. */
static int parse_threshold(const char *s, double *pct)
{
    size_t digits = strspn(s, "0123456789"), frac = 0;
    if (s[digits] == '.')
        frac = strspn(s + digits + 1, "0123456789");
    if (digits + frac == 0 || s[digits + (s[digits] == '.' ? 1 + frac : 0)])
        return -1;
    *pct = strtod(s, NULL);
    return *pct < 1000 ? 0 : -1;
}

int pz_cmd_compare(int argc, char **argv)
{
    const char *value[NOPTIONS], *paths[2];
    report r[2] = {{0}, {0}};
    int first, status = PZ_EXIT_OK;
    char why[256];
    double pct = 5;
    static notes n;

    if ((status = pz_parse_options(&pz_compare_command, NULL, argc, argv, value, &first)) >= 0)
        return status;
    status = PZ_EXIT_OK;
    const char *json = value[O_JSON], *md = value[O_MD], *threshold = value[O_THRESHOLD];
    if (argc - first < 2)
        return pz_usage("compare: expected two reports, BASE.json and NEW.json (try compare "
                        "--help)");
    if (argc - first > 2)
        return pz_usage("compare: two reports, BASE and NEW; found '%s' too", argv[first + 2]);
    paths[0] = argv[first];
    paths[1] = argv[first + 1];
    if (threshold && parse_threshold(threshold, &pct))
        return pz_usage("compare: expected --threshold PCT with 0 <= PCT < 1000, found '%s'",
                        threshold);
    r[0].path = paths[0];
    r[1].path = paths[1];
    n.n = 0;
    if (load(&r[0]) || load(&r[1]) ||
        same_run(&r[0], &r[1], value[O_ALLOW_MIXED_BUILDS] != NULL, &n)) {
        report_free(&r[0]);
        report_free(&r[1]);
        return PZ_EXIT_USAGE;
    }

    result x = {&r[0], &r[1],     pz_xcalloc((size_t)r[0].n + 1, sizeof *x.rows),
                0,     pct / 100, NULL,
                0,     0,         0,
                0,     0,         NULL,
                &n};
    size_t onlylen = 0;
    x.only = pz_xcalloc(1, 1);
    for (int i = 0; i < r[0].n; i++) {
        entry *b = find(&r[1], r[0].e[i].name);
        if (!b)
            continue;
        row *w = &x.rows[x.n++];
        *w = compare_one(&r[0].e[i], b, x.threshold);
        const char *v = w->verdict + (w->verdict[0] == '~');
        x.approx += w->verdict[0] == '~';
        if (!strcmp(v, "slower"))
            x.slower++;
        else if (!strcmp(v, "faster"))
            x.faster++;
        else if (!strcmp(v, "same"))
            x.same++;
        else
            x.other++;
    }
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < r[k].n; i++)
            if (!find(&r[1 - k], r[k].e[i].name)) {
                size_t len = strlen(r[k].e[i].name) + 16;
                x.only = realloc(x.only, onlylen + len);
                if (!x.only)
                    pz_fatal("out of memory");
                onlylen += (size_t)sprintf(x.only + onlylen, "%s%s (%s)", onlylen ? ", " : "",
                                           r[k].e[i].name, k ? "new" : "base");
            }
    if (r[0].kind == RUN)
        x.answers = pz_result_differs(&r[0].run->res, &r[1].run->res, why, sizeof why);
    if (!x.n)
        status = pz_usage("compare: %s and %s have no %s in common", r[0].path, r[1].path,
                          r[0].kind == RUN ? "solver" : "benchmark");
    else {
        int tostdout = (json && !strcmp(json, "-")) || (md && !strcmp(md, "-"));
        write_text(tostdout ? stderr : stdout, &x);
        if ((json && write_file(json, write_json, &x)) || (md && write_file(md, write_md, &x)))
            status = PZ_EXIT_USAGE;
        else if (x.other == x.n)
            status = pz_usage("compare: no %s of %s and %s could be compared (each not run, or "
                              "without a time in one of them)",
                              r[0].kind == RUN ? "solver" : "benchmark", r[0].path, r[1].path);
        else if (x.slower || x.answers)
            status = PZ_EXIT_FAIL;
    }
    free(x.rows);
    free(x.only);
    report_free(&r[0]);
    report_free(&r[1]);
    return status;
}
