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

#include "cli.h"
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
    int reps;
    long long ran;
    const pz_tally *t; /* a run's solver: its counts */
    json_t *obj;       /* a micro-benchmark */
} entry;

typedef struct report {
    const char *path;
    pz_jdoc doc;        /* the file as JSON: micro-benchmarks are read from it */
    pz_report_doc *run; /* a run report, read by the one schema reader (bench/schema.h) */
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

/* The member key of obj, of the JSON type wanted, or a message naming it. */
static json_t *need(const report *r, json_t *obj, const char *where, const char *key,
                    json_type type)
{
    static const char *const what[] = {"an object", "an array", "a string", "a whole number",
                                       "a number",  "true",     "false",    "null"};
    json_t *v = json_object_get(obj, key);
    int ok = v && (json_typeof(v) == type || (type == JSON_REAL && json_is_number(v)) ||
                   (type == JSON_TRUE && json_is_boolean(v)));
    if (!ok) {
        bad(r, "%s%s\"%s\": expected %s%s", where, *where ? ": " : "", key,
            type == JSON_TRUE ? "true or false" : what[type], v ? "" : ", found none");
        return NULL;
    }
    return v;
}

static double number(json_t *v)
{
    return json_number_value(v);
}

static int by_ns(const void *a, const void *b)
{
    double x = ((const pz_sample *)a)->ns, y = ((const pz_sample *)b)->ns;
    return (x > y) - (x < y);
}

/* The weighted median of the samples (sorted here). */
static double median(pz_sample *s, int n)
{
    double total = 0, seen = 0;
    qsort(s, (size_t)n, sizeof *s, by_ns);
    for (int i = 0; i < n; i++)
        total += s[i].weight;
    for (int i = 0; i < n; i++)
        if ((seen += s[i].weight) >= total / 2 * (1 - 1e-12)) {
            /* an even number of equal weights: between the middle two */
            if (i + 1 < n && fabs(seen - total / 2) < 1e-9 * total)
                return (s[i].ns + s[i + 1].ns) / 2;
            return s[i].ns;
        }
    return NAN;
}

/* A Google Benchmark time in ns: per item where the benchmark counts items
 * (puzzlebench-micro's items are instances), else per iteration. */
static double micro_ns(json_t *b)
{
    static const struct {
        const char *unit;
        double ns;
    } units[] = {{"ns", 1}, {"us", 1e3}, {"ms", 1e6}, {"s", 1e9}};
    json_t *items = json_object_get(b, "items_per_second");
    if (items && json_is_number(items) && number(items) > 0)
        return 1e9 / number(items);
    const char *u = json_string_value(json_object_get(b, "time_unit"));
    double scale = 1;
    for (size_t k = 0; u && k < sizeof units / sizeof *units; k++)
        if (!strcmp(u, units[k].unit))
            scale = units[k].ns;
    return number(json_object_get(b, "real_time")) * scale;
}

static entry *find(report *r, const char *name)
{
    for (int i = 0; i < r->n; i++)
        if (!strcmp(r->e[i].name, name))
            return &r->e[i];
    return NULL;
}

/* Benchmarks by run name: their repetitions, or where the file kept only
 * aggregates, the mean, standard deviation and repetitions of each. */
static int read_micro(report *r)
{
    json_t *list = need(r, r->doc.root, "", "benchmarks", JSON_ARRAY), *b;
    size_t i, n;
    if (!list)
        return -1;
    n = json_array_size(list);
    r->e = pz_xcalloc(n + 1, sizeof *r->e);
    json_array_foreach(list, i, b)
    {
        char where[64];
        json_t *name, *type;
        snprintf(where, sizeof where, "benchmarks[%zu]", i);
        if (!json_is_object(b))
            return bad(r, "%s: expected an object", where);
        name = json_object_get(b, "run_name");
        if (!name && !(name = need(r, b, where, "name", JSON_STRING)))
            return -1;
        if (!json_is_string(name) || !need(r, b, where, "real_time", JSON_REAL))
            return -1;
        if (json_is_true(json_object_get(b, "error_occurred")))
            continue;
        type = json_object_get(b, "run_type");
        const char *agg = json_string_value(json_object_get(b, "aggregate_name"));
        int aggregate =
            type && json_is_string(type) && !strcmp(json_string_value(type), "aggregate");
        if (aggregate && (!agg || (strcmp(agg, "mean") && strcmp(agg, "stddev"))))
            continue;
        entry *e = find(r, json_string_value(name));
        if (!e) {
            e = &r->e[r->n++];
            e->name = json_string_value(name);
            e->rep = pz_xcalloc(n + 1, sizeof *e->rep);
            e->obj = b;
            e->ran = 1;
        }
        if (!aggregate) {
            e->rep[e->nrep++] = (pz_sample){micro_ns(b), 1};
            continue;
        }
        json_t *reps = json_object_get(b, "repetitions");
        e->aggregate = 1;
        e->reps = json_is_integer(reps) ? (int)json_integer_value(reps) : 0;
        if (!strcmp(agg, "mean"))
            e->mean = micro_ns(b);
        else /* the spread of times: items_per_second's is not a time's */
            e->sd = number(json_object_get(b, "real_time"));
    }
    for (int k = 0; k < r->n; k++) {
        entry *e = &r->e[k];
        if (e->nrep) { /* iterations win over aggregates */
            e->aggregate = 0;
        } else if (e->mean > 0) {
            /* the standard deviation, in the time unit: scaled as the mean was */
            json_t *b = e->obj;
            double t = number(json_object_get(b, "real_time"));
            e->sd *= t > 0 ? micro_ns(b) / t : 0;
        }
    }
    return 0;
}

/* A spread's classes as samples, weighted so that they count the batches
 * (a spread counts instances; a solver that ran on a sample has fewer
 * instances a batch, never fewer than one). */
static pz_sample *batch_classes(const long long *spread, long long batches, int *n)
{
    long long counted = 0;
    pz_sample *x;
    *n = 0;
    for (int c = 0; c < PZ_SPREAD; c++)
        counted += spread[c];
    x = pz_xcalloc((size_t)PZ_SPREAD, sizeof *x);
    long long b = batches < counted ? batches : counted;
    for (int c = 0; c < PZ_SPREAD; c++)
        if (spread[c])
            x[(*n)++] =
                (pz_sample){pz_spread_ns(c), (double)spread[c] * (double)b / (double)counted};
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
        e->t = t;
        e->octave = r->run->per_octave[s];
        e->hist = batch_classes(t->spread, batches, &e->nhist);
        if (!res->rep_spread[s])
            continue;
        e->rep = pz_xcalloc((size_t)res->opts.repeat, sizeof *e->rep);
        for (int k = 0; k < res->opts.repeat; k++) {
            const long long *pass = res->rep_spread[s] + (size_t)k * PZ_SPREAD;
            e->rep[e->nrep++] = (pz_sample){pz_spread_quantile(pass, PASS_QUANTILE), 1};
        }
    }
    return 0;
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
    pz_jdoc_free(&r->doc);
}

/* Reports of one corpus and shard, or exit status 2 after saying why. */
static int same_run(report *a, report *b)
{
    if (a->kind != b->kind)
        return bad(b, "expected %s as %s is, found %s",
                   a->kind == RUN ? "a run report" : "a Google Benchmark file", a->path,
                   b->kind == RUN ? "a run report" : "a Google Benchmark file");
    if (a->kind == MICRO)
        return 0;
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
    return 0;
}

static const char *ordinal(long long i)
{
    return i % 10 == 1 && i % 100 != 11   ? "st"
           : i % 10 == 2 && i % 100 != 12 ? "nd"
           : i % 10 == 3 && i % 100 != 13 ? "rd"
                                          : "th";
}

/* Where the answers of two runs differ, in a few words; NULL if they do not. */
static const char *answers_differ(report *a, report *b, char *buf, size_t len)
{
    static const char *const keys[] = {"instances", "failures", "unanswered", "expected_invalid"};
    static const char *const counts[] = {"ran", "skipped", "invalid", "disagree"};
    const pz_result *x = &a->run->res, *y = &b->run->res;
    const long long vx[] = {x->instances, x->failures, x->unanswered, x->expected_invalid};
    const long long vy[] = {y->instances, y->failures, y->unanswered, y->expected_invalid};
    for (int k = 0; k < 4; k++)
        if (vx[k] != vy[k]) {
            snprintf(buf, len, "%s: %lld in BASE, %lld in NEW", keys[k], vx[k], vy[k]);
            return buf;
        }
    for (int k = 0; k < PZ_CLASSES; k++)
        if (x->hist[k] != y->hist[k] || (x->hist[k] && strcmp(x->names[k], y->names[k])))
            return snprintf(buf, len, "the histograms of answers differ"), buf;
    for (int i = 0; i < x->nfail || i < y->nfail; i++)
        if (i >= x->nfail || i >= y->nfail || x->fail[i].index != y->fail[i].index)
            return snprintf(buf, len, "the failures listed differ (the %d%s)", i + 1,
                            ordinal(i + 1)),
                   buf;
    for (int i = 0; i < a->n; i++) {
        entry *w = find(b, a->e[i].name);
        if (!w)
            continue;
        const pz_tally *p = a->e[i].t, *q = w->t;
        const long long cp[] = {p->ran, p->skipped, p->invalid, p->disagree};
        const long long cq[] = {q->ran, q->skipped, q->invalid, q->disagree};
        for (int k = 0; k < 4; k++)
            if (cp[k] != cq[k]) {
                snprintf(buf, len, "%s %s: %lld in BASE, %lld in NEW", a->e[i].name, counts[k],
                         cp[k], cq[k]);
                return buf;
            }
    }
    return NULL;
}
/* One line of the comparison. */
typedef struct row {
    const char *name;
    double base, now, ratio, lo, hi, p;
    const char *verdict;
    const char *over; /* "repetitions", "batches", "means" */
    int nbase, nnew;
} row;

/* Student's t distribution: P(|T| > t) with df degrees of freedom, by
 * Simpson's rule over the density (df >= 1). */
static double t_two_sided(double t, double df)
{
    double c = exp(lgamma((df + 1) / 2) - lgamma(df / 2)) / sqrt(df * M_PI), sum = 0;
    int steps = 2000;
    t = fabs(t);
    if (t > 1e3)
        return 0;
    double h = t / steps;
    for (int i = 0; i <= steps; i++) {
        double x = i * h, f = c * pow(1 + x * x / df, -(df + 1) / 2);
        sum += f * (i == 0 || i == steps ? 1 : i % 2 ? 4 : 2);
    }
    return fmax(0, fmin(1, 1 - 2 * sum * h / 3));
}

/* Welch's test on two means with their standard deviations and counts; the
 * ratio of the means with the delta method's interval on the log scale. */
static void welch(const entry *a, const entry *b, row *w)
{
    double va = a->sd * a->sd / a->reps, vb = b->sd * b->sd / b->reps;
    w->ratio = b->mean / a->mean;
    w->p = w->lo = w->hi = NAN;
    if (a->reps < 2 || b->reps < 2 || !(va + vb > 0))
        return;
    double df = (va + vb) * (va + vb) / (va * va / (a->reps - 1) + vb * vb / (b->reps - 1));
    w->p = t_two_sided((b->mean - a->mean) / sqrt(va + vb), df);
    double rel = sqrt(va / (a->mean * a->mean) + vb / (b->mean * b->mean));
    double t = pz_t975((int)df < 1 ? 1 : (int)df);
    w->lo = w->ratio * exp(-t * rel);
    w->hi = w->ratio * exp(t * rel);
}

static row compare_one(const entry *a, const entry *b, double threshold)
{
    row w = {a->name, NAN, NAN, NAN, NAN, NAN, NAN, "same", "batches", 0, 0};
    if (!a->ran || !b->ran) {
        w.verdict = "not run";
        return w;
    }
    if (a->aggregate || b->aggregate) {
        w.over = "means";
        w.base = a->mean;
        w.now = b->mean;
        w.nbase = a->reps;
        w.nnew = b->reps;
        if (a->aggregate && b->aggregate)
            welch(a, b, &w);
    } else {
        /* The repetitions where both have at least two, else the batches. */
        int reps = a->nrep >= 2 && b->nrep >= 2;
        pz_sample *sa = reps ? a->rep : a->hist, *sb = reps ? b->rep : b->hist;
        int na = reps ? a->nrep : a->nhist, nb = reps ? b->nrep : b->nhist;
        pz_shift s = pz_compare_times(sa, na, sb, nb);
        w.over = reps ? "repetitions" : "batches";
        w.base = median(sa, na);
        w.now = median(sb, nb);
        w.ratio = s.ratio;
        w.lo = s.lo;
        w.hi = s.hi;
        w.p = s.p;
        if (a->octave && b->octave) {
            /* A run's times (a pass's, a batch's) are known to within a
             * histogram class: the interval widens by the width of a class
             * of the coarser report. */
            int per = a->octave < b->octave ? a->octave : b->octave;
            double width = per == 8 ? exp2(1.0 / 8) : 1 + 1.0 / per;
            w.lo /= width;
            w.hi *= width;
        }
        for (int i = 0; i < na; i++)
            w.nbase += (int)lround(sa[i].weight);
        for (int i = 0; i < nb; i++)
            w.nnew += (int)lround(sb[i].weight);
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
    char *only; /* names in one report only */
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
}

static void what(FILE *f, const result *x)
{
    if (x->a->kind == RUN)
        fputs("Times are per instance: the median of the repetitions (each a pass's "
              "5th-percentile batch:\nthe pass's speed where the machine let it run), or of "
              "the batches where a report has\nno repetitions.  ",
              f);
    else
        fputs("Times are per instance (per item): the median of the repetitions, or the mean "
              "where a\nfile kept only aggregates.  ",
              f);
    fprintf(f,
            "ratio: new/base, the median of the ratios of every new time to every\nbase "
            "time, with its 95%% confidence interval; p: the Mann-Whitney U test (Welch's t\n"
            "test on means).  slower/faster: p < %.2f and the whole CI beyond %g%%.\n",
            ALPHA, 100 * x->threshold);
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
                ratio, lo, hi, p, strcmp(w->verdict, "same") ? "**" : "", w->verdict,
                strcmp(w->verdict, "same") ? "**" : "", w->nbase, w->nnew, w->over);
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
    for (int i = 0; i < x->n; i++) {
        const row *w = &x->rows[i];
        json_array_append_new(
            list, json_pack("{s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:s, s:s, s:i, s:i}", "name",
                            w->name, "base_ns", real(w->base), "new_ns", real(w->now), "ratio",
                            real(w->ratio), "ci_low", real(w->lo), "ci_high", real(w->hi),
                            "p_value", real(w->p), "verdict", w->verdict, "samples", w->over,
                            "base_samples", w->nbase, "new_samples", w->nnew));
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
    X(MD, "md", 0, "F", "the comparison as Markdown (F '-' is stdout)")

enum { COMPARE_OPTIONS(PZ_OPTION_ID) O_HELP, NOPTIONS };
static const pz_option options[] = {COMPARE_OPTIONS(PZ_OPTION) PZ_HELP_OPTION PZ_END_OPTIONS};
static void help(FILE *);
static const pz_command_line command = {.name = "compare", .options = options, .help = help};

static void help(FILE *f)
{
    pz_print_usage(f, &command, "BASE.json NEW.json [--threshold PCT] [--json F] [--md F]");
    fprintf(f,
            "\n"
            "Compares two reports of `puzzlebench run` or `merge` on one corpus (or two Google\n"
            "Benchmark JSON files of puzzlebench-micro, benchmark by benchmark): for every solver\n"
            "in both, the time per instance in each, the ratio NEW/BASE with its 95%% confidence\n"
            "interval, the p-value of the Mann-Whitney U test over the repetitions (run --repeat\n"
            "K; --benchmark_repetitions) or, without them, over the batches, and a verdict:\n"
            "slower or faster when p < %.2f and the whole interval lies beyond the threshold\n"
            "(significantly slower, or faster, by more than PCT%%), else same.\n"
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
            "The answers are compared too: instances, the histogram of answers, each solver's\n"
            "counts and the failures listed must be the same.\n"
            "\n",
            ALPHA);
    pz_print_options(f, options);
    fputs("\n"
          "Exit status: 0 no solver significantly slower by more than PCT% and the answers\n"
          "the same; 1 otherwise; 2 bad usage or input (reports of different puzzles,\n"
          "corpora or shards; a file that is not a whole report).\n",
          f);
}

int pz_cmd_compare(int argc, char **argv)
{
    const char *value[NOPTIONS], *paths[2];
    report r[2] = {{0}, {0}};
    int first, status = PZ_EXIT_OK;
    char why[256];
    double pct = 5;

    if ((status = pz_parse_options(&command, NULL, argc, argv, value, &first)) >= 0)
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
    if (threshold) {
        char *end;
        pct = strtod(threshold, &end);
        if (end == threshold || *end || !(pct >= 0 && pct < 1000))
            return pz_usage("compare: expected --threshold PCT with 0 <= PCT < 1000, found '%s'",
                            threshold);
    }
    r[0].path = paths[0];
    r[1].path = paths[1];
    if (load(&r[0]) || load(&r[1]) || same_run(&r[0], &r[1])) {
        report_free(&r[0]);
        report_free(&r[1]);
        return PZ_EXIT_USAGE;
    }

    result x = {
        &r[0], &r[1], pz_xcalloc((size_t)r[0].n + 1, sizeof *x.rows), 0, pct / 100, NULL, 0, 0, 0,
        0,     NULL};
    size_t onlylen = 0;
    x.only = pz_xcalloc(1, 1);
    for (int i = 0; i < r[0].n; i++) {
        entry *b = find(&r[1], r[0].e[i].name);
        if (!b)
            continue;
        row *w = &x.rows[x.n++];
        *w = compare_one(&r[0].e[i], b, x.threshold);
        if (!strcmp(w->verdict, "slower"))
            x.slower++;
        else if (!strcmp(w->verdict, "faster"))
            x.faster++;
        else if (!strcmp(w->verdict, "same"))
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
        x.answers = answers_differ(&r[0], &r[1], why, sizeof why);
    if (!x.n)
        status = pz_usage("compare: %s and %s have no %s in common", r[0].path, r[1].path,
                          r[0].kind == RUN ? "solver" : "benchmark");
    else {
        int tostdout = (json && !strcmp(json, "-")) || (md && !strcmp(md, "-"));
        write_text(tostdout ? stderr : stdout, &x);
        if ((json && write_file(json, write_json, &x)) || (md && write_file(md, write_md, &x)))
            status = PZ_EXIT_USAGE;
        else if (x.slower || x.answers)
            status = PZ_EXIT_FAIL;
    }
    free(x.rows);
    free(x.only);
    report_free(&r[0]);
    report_free(&r[1]);
    return status;
}
