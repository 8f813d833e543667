/* compare.c - `puzzlebench compare BASE NEW`: is NEW slower than BASE?
 *
 * Reads two reports of `run` or `merge` on one corpus (the one schema
 * reader, bench/schema.h) or two Google Benchmark files (bench/gbench.h),
 * refuses what does not compare (another corpus, its content, an
 * unoptimised build against an optimised one) and notes every other
 * difference of build and machine, makes each solver's times (a run's
 * headline, its batches, and with --repeat each pass's 5th-percentile
 * batch), and hands
 * them to bench/comparison.h, whose rows are stats.h's pz_versus_times.
 * Why a pass's 5th percentile, and how to read the verdicts:
 * results/README.md.
 */
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "../bench/github.h"
#include "../bench/comparison.h"
#include "../bench/gbench.h"
#include "../bench/html.h"
#include "../bench/report.h"
#include "../bench/schema.h"
#include "../bench/stats.h"

enum { RUN, MICRO };
/* A pass's time: this quantile of its batch times (see the top of the file). */
static const double PASS_QUANTILE = 0.05;

/* One solver of a report, or one micro-benchmark. */
typedef struct entry {
    const char *name;
    pz_times t;
    long long cls[PZ_NANSWERS]; /* a run's solver: its answers by class */
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
    pz_print_error_in("compare", e);
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
        entry *e = &r->e[r->n++];
        pz_times *x = &e->t;
        e->name = g->name;
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
        for (int a = 0; a < PZ_NANSWERS; a++)
            e->cls[a] = pz_tally_answers(t, (pz_answer)a);
        e->t.ran = t->ran;
        e->t.per_octave = r->run->per_octave[s];
        pz_headline h;
        e->t.batch = pz_spread_samples(&t->spread, batches, &e->t.nbatch);
        if (pz_tally_headline(t, &h)) {
            e->t.headline = h.median;
            e->t.cold = h.cold;
        }
        if (res->opts.repeat < 2 || !t->ran)
            continue;
        e->t.rep = pz_xcalloc((size_t)res->opts.repeat, sizeof *e->t.rep);
        for (int k = 0; k < res->opts.repeat; k++)
            e->t.rep[e->t.nrep++] =
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
        free(r->e[i].t.batch);
        free(r->e[i].t.rep);
    }
    free(r->e);
    if (r->run) {
        pz_report_free(r->run);
        free(r->run);
    }
    pz_gbench_free(&r->gb);
    pz_jdoc_free(&r->doc);
}

/* The same corpus content: the hash each report's context records (of the
 * file's bytes, or of a generated corpus's spec); for an older report
 * without it, what merge checks of its shards (the file's content hashes in
 * corpus_content), said in a note. */
static int same_content(report *a, report *b, pz_comparison *n)
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
        pz_comparison_note(
            n,
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
static void budget_notes(const pz_result *x, const pz_result *y, pz_comparison *n)
{
    char bx[64], by[64];
    pz_budget_text(&x->opts.budget, bx, sizeof bx);
    pz_budget_text(&y->opts.budget, by, sizeof by);
    if (strcmp(bx, by))
        pz_comparison_note(n, "Differs: budget: %s (base), %s (new).", bx, by);
    for (int s = 0; s < x->opts.nsolvers; s++)
        for (int k = 0; k < y->opts.nsolvers; k++)
            if (!strcmp(x->opts.solvers[s]->name, y->opts.solvers[k]->name) &&
                x->tally[s].unknown != y->tally[k].unknown)
                pz_comparison_note(
                    n,
                    "Differs: %s's games cut by the budget (unknown): %lld (base), %lld (new); "
                    "a cut game is timed at its budget.",
                    x->opts.solvers[s]->name, x->tally[s].unknown, y->tally[k].unknown);
}

/* Each difference of build and machine a note; an unoptimised build against
 * an optimised one refused unless mixed (--allow-mixed-builds). */
static int same_build(report *a, report *b, int mixed, pz_comparison *n)
{
    if (a->kind == MICRO) {
        const pz_gbench *x = &a->gb, *y = &b->gb;
        const char *what[] = {"host", "library build type"}, *s[] = {x->host, x->build_type},
                   *t[] = {y->host, y->build_type};
        for (int k = 0; k < 2; k++)
            if (strcmp(s[k], t[k]))
                pz_comparison_note(n, "Differs: %s: %s (base), %s (new).", what[k], or_none(s[k]),
                                   or_none(t[k]));
        if (x->cpus != y->cpus)
            pz_comparison_note(n, "Differs: CPUs: %lld (base), %lld (new).", x->cpus, y->cpus);
        if (x->mhz != y->mhz)
            pz_comparison_note(n, "Differs: MHz per CPU: %g (base), %g (new).", x->mhz, y->mhz);
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
            pz_comparison_note(n, "Differs: %s: %s (base), %s (new).", what[k], or_none(s[k]),
                               or_none(t[k]));
    if (x->threads != y->threads)
        pz_comparison_note(n, "Differs: threads: %lld (base), %lld (new).", x->threads, y->threads);
    budget_notes(&a->run->res, &b->run->res, n);
    if (strcmp(x->commit, y->commit) || x->dirty != y->dirty)
        pz_comparison_note(n, "Differs: commit: %s%s (base), %s%s (new).", x->commit,
                           x->dirty ? " (dirty)" : "", y->commit, y->dirty ? " (dirty)" : "");
    return 0;
}

/* Reports of one corpus and shard, its content and a comparable build, or
 * exit status 2 after saying why. */
static int same_run(report *a, report *b, int mixed, pz_comparison *n)
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

#define COMPARE_OPTIONS(X)                                                                         \
    X(THRESHOLD, "threshold", 0, "PCT", "the change that counts, in percent (default %d)",         \
      .num = PZ_THRESHOLD_PCT)                                                                     \
    X(JSON, "json", 0, "F", "the comparison as JSON (F '-' is stdout)")                            \
    X(MD, "md", 0, "F", "the comparison as Markdown (F '-' is stdout)")                            \
    X(HTML, "html", 0, "F", "the comparison as an HTML page (F '-' is stdout)")                    \
    X(ALLOW_MIXED_BUILDS, "allow-mixed-builds", 0, NULL,                                           \
      "compare an unoptimised build (Debug) with an optimised one\n"                               \
      "(Release) too, the difference said above the table")                                        \
    X(GITHUB, "github", 0, NULL,                                                                   \
      "as under GitHub Actions (GITHUB_ACTIONS=true): the Markdown\n"                              \
      "appended to $GITHUB_STEP_SUMMARY, an ::error line on stdout\n"                              \
      "for each solver slower and for answers that differ")

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
    fprintf(
        f,
        "\n"
        "Compares two reports of `puzzlebench run` or `merge` on one corpus (or two Google\n"
        "Benchmark JSON files of puzzlebench-micro, benchmark by benchmark): for every solver\n"
        "in both, the time per instance in each (a run's headline, as its table gives it: the\n"
        "median of the warm batches' CPU time per instance), the ratio NEW/BASE with its 95%%\n"
        "confidence interval, the p-value of the Mann-Whitney U test over the repetitions (run\n"
        "--repeat K in both; --benchmark_repetitions; Welch's t test where a file kept only the\n"
        "means) and a verdict: slower or faster when p < %.2f and the whole interval lies\n"
        "beyond the threshold (significantly slower, or faster, by more than PCT%%), else same.\n"
        "\n"
        "Without repetitions in both there are no independent samples: one pass's batches\n"
        "share one state of the machine, so a test over them finds any two runs different.\n"
        "Such a comparison says so on a line, gives the ratio of the times only (no p, no\n"
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
        "counts and the failures listed must be the same.  Each solver's answers by class\n"
        "(certified, agreed, unknown, not run, failed) are shown under the table, base ->\n"
        "new where they differ; a class may differ only by the games a budget cut\n"
        "(unknown).  How the timings are made and read, in one place: results/README.md.\n"
        "\n",
        PZ_ALPHA);
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

/* The comparison's forms, for pz_write_file. */
static void as_json(FILE *f, const void *x)
{
    pz_comparison_json(f, x);
}
static void as_md(FILE *f, const void *x)
{
    pz_comparison_md(f, x);
}
static void as_html(FILE *f, const void *x)
{
    pz_comparison_html(f, x);
}

int pz_cmd_compare(int argc, char **argv)
{
    const char *value[NOPTIONS];
    report r[2] = {{0}, {0}};
    int first, status = PZ_EXIT_OK;
    char why[256];
    double pct = 100 * PZ_THRESHOLD;
    static pz_comparison x; /* its notes are large */

    if ((status = pz_parse_options(&pz_compare_command, NULL, argc, argv, value, &first)) >= 0)
        return status;
    status = PZ_EXIT_OK;
    const char *json = value[O_JSON], *md = value[O_MD], *html = value[O_HTML];
    const char *threshold = value[O_THRESHOLD];
    pz_github |= value[O_GITHUB] != NULL;
    if (argc - first < 2)
        return pz_usage("compare: expected two reports, BASE.json and NEW.json (try compare "
                        "--help)");
    if (argc - first > 2)
        return pz_usage("compare: two reports, BASE and NEW; found '%s' too", argv[first + 2]);
    if (threshold && parse_threshold(threshold, &pct))
        return pz_usage("compare: expected --threshold PCT with 0 <= PCT < 1000, found '%s'",
                        threshold);
    r[0].path = argv[first];
    r[1].path = argv[first + 1];
    pz_path paths[] = {{"BASE", r[0].path, 0},
                       {"NEW", r[1].path, 0},
                       {"--json", json, 1},
                       {"--md", md, 1},
                       {"--html", html, 1}};
    if ((status = pz_check_clash("compare", paths, 5)))
        return status;
    x = (pz_comparison){.base = r[0].path, .now = r[1].path, .threshold = pct / 100};
    if (load(&r[0]) || load(&r[1]) ||
        same_run(&r[0], &r[1], value[O_ALLOW_MIXED_BUILDS] != NULL, &x)) {
        report_free(&r[0]);
        report_free(&r[1]);
        return PZ_EXIT_USAGE;
    }
    if ((x.run = r[0].kind == RUN)) {
        x.puzzle = r[0].run->corpus.puzzle->name;
        x.spec = r[0].run->corpus.spec;
    }
    for (int i = 0; i < r[0].n; i++) {
        entry *b = find(&r[1], r[0].e[i].name);
        if (b)
            pz_comparison_add(&x, r[0].e[i].name, &r[0].e[i].t, &b->t);
        if (b && x.run)
            pz_comparison_classes(&x, r[0].e[i].cls, b->cls);
    }
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < r[k].n; i++)
            if (!find(&r[1 - k], r[k].e[i].name))
                pz_comparison_only(&x, r[k].e[i].name, k ? "new" : "base");
    if (x.run)
        x.answers = pz_result_differs(&r[0].run->res, &r[1].run->res, why, sizeof why);
    if (!x.n)
        status = pz_usage("compare: %s and %s have no %s in common", r[0].path, r[1].path,
                          x.run ? "solver" : "benchmark");
    else {
        int tostdout = (json && !strcmp(json, "-")) || (md && !strcmp(md, "-")) ||
                       (html && !strcmp(html, "-"));
        pz_comparison_text(tostdout ? stderr : stdout, &x);
        if (pz_github_on())
            pz_github_comparison(&x);
        if ((json && pz_write_file(json, as_json, &x)) || (md && pz_write_file(md, as_md, &x)) ||
            (html && pz_write_file(html, as_html, &x)))
            status = PZ_EXIT_USAGE;
        else if (x.other == x.n)
            status = pz_usage("compare: no %s of %s and %s could be compared (each not run, or "
                              "without a time in one of them)",
                              x.run ? "solver" : "benchmark", r[0].path, r[1].path);
        else if (x.slower || x.answers)
            status = PZ_EXIT_FAIL;
    }
    pz_comparison_free(&x);
    report_free(&r[0]);
    report_free(&r[1]);
    return status;
}
