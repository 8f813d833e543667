/* merge.c - `puzzlebench merge`: the reports of a run's shards back into one.
 *
 * The shards of a run are contiguous ranges of one corpus, and a report
 * holds sums and the first PZ_KEEP failures by index, so the merge is the
 * report of the unsharded run: the counts, the histogram and the failures
 * exactly; the timings summed.  wall_s is the sum of the shards' wall times
 * (the work, as one process running the shards one after another would have
 * taken it), and real_wall_s how long the sharded run took: from the earliest
 * start of a shard (its context's date, to the second) to the latest end
 * (its start and its wall time; a merged report's own real_wall_s); threads,
 * batch and peak_rss_bytes are the largest any shard used; the context is
 * shard 0's.
 *
 * Nothing in a shard is trusted: each is read by the one report reader
 * (bench/schema.h), which checks every count against the shard's range and
 * the others, and then against the first shard given.  Refused, with exit
 * status 2: a file that is not a well-formed report (file:line:col: what was
 * expected), shards of different runs (another puzzle, corpus, corpus
 * content, solver set, sampling, reference or number of repetitions),
 * shards of different builds (another commit, unless --allow-mixed-builds),
 * a partial shard, and a set of shards that is not each K/N of one N
 * exactly once.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "../bench/github.h"
#include "../bench/output.h"
#include "../bench/report.h"
#include "../bench/schema.h"

typedef struct merge {
    pz_report_doc **shards; /* each at its own address: a report points into itself */
    const char **paths;
    int n;
    int mixed; /* --allow-mixed-builds */
    pz_corpus corpus;
    pz_context context;
    pz_result res;
    pz_failure *fail; /* every shard's listed failures */
    int nfail;
} merge;

/* A file corpus's content in shard i against the first shard's. */
static int same_content(const merge *m, int i, pz_error *e)
{
    const pz_corpus *c = &m->shards[i]->corpus, *c0 = &m->shards[0]->corpus;
    char a[PZ_HASH_TEXT], b[PZ_HASH_TEXT];
    if (!pz_corpus_generated(c) && !c->has_in_hash)
        return pz_report_fail(e, m->shards[i], "corpus_content",
                              "expected the content hash of the corpus file %s, found none: "
                              "its shards cannot be told apart from another file's",
                              c->spec);
    if (c->has_in_hash != c0->has_in_hash || c->in_hash != c0->in_hash)
        return pz_report_fail(e, m->shards[i], "corpus_content.in",
                              "expected the corpus file's content %s as in %s, found %s: the "
                              "corpus changed between shards, or is another file",
                              pz_hash_or_none(c0->has_in_hash, c0->in_hash, a), m->paths[0],
                              pz_hash_or_none(c->has_in_hash, c->in_hash, b));
    if (c->has_ans_hash != c0->has_ans_hash || c->ans_hash != c0->ans_hash)
        return pz_report_fail(e, m->shards[i], "corpus_content.ans",
                              "expected the expected answers' content %s as in %s, found %s: "
                              "the .ans changed between shards, or is another file",
                              pz_hash_or_none(c0->has_ans_hash, c0->ans_hash, a), m->paths[0],
                              pz_hash_or_none(c->has_ans_hash, c->ans_hash, b));
    return 0;
}

/* Days from 1970-01-01 to the date y-m-d of the proleptic Gregorian calendar. */
static long long days_from_civil(long long y, int m, int d)
{
    y -= m <= 2;
    long long era = (y >= 0 ? y : y - 399) / 400, yoe = y - era * 400;
    long long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    return era * 146097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719468;
}

/* When a shard started, in seconds since 1970 (UTC): its context's date,
 * 2026-11-30T15:19:09Z; 0, or -1 with e filled. */
enum { DAY = 86400 };

static int started(const pz_report_doc *s, double *t, pz_error *e)
{
    static const int mdays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int y, mo, d, h, mi, sec, end = 0;
    const char *date = s->context.date;
    if (sscanf(date, "%4d-%2d-%2dT%2d:%2d:%2dZ%n", &y, &mo, &d, &h, &mi, &sec, &end) != 6 ||
        end != 20 || date[end] || y < 1970 || mo < 1 || mo > 12 || d < 1 || d > mdays[mo - 1] ||
        h > 23 || mi > 59 || sec > 60 || h < 0 || mi < 0 || sec < 0)
        return pz_report_fail(e, s, "context.date",
                              "expected the date the run started, as 2026-11-30T15:19:09Z (UTC), "
                              "found \"%s\"",
                              date);
    *t = (double)(days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + sec);
    /* A run ended before now (a day's slack for clocks set apart): a date
     * to come, or a wall time past now, would make the real time a lie. */
    double now = (double)time(NULL) + DAY;
    const pz_result *r = &s->res;
    double wall = r->merged ? r->real_wall_s : r->wall_s;
    if (*t > now)
        return pz_report_fail(e, s, "context.date",
                              "expected the date the run started, no later than now, found "
                              "\"%s\"",
                              date);
    if (!(wall <= now - *t))
        return pz_report_fail(e, s, r->merged ? "real_wall_s" : "wall_s",
                              "expected the run's wall time in seconds, at most the %.0f s from "
                              "its start (%s) to now, found %g",
                              now - DAY - *t, date, wall);
    return 0;
}

/* Shard i against the first shard: of the same run and build, or refused. */
static int same_run(const merge *m, int i, pz_error *e)
{
    const pz_report_doc *s = m->shards[i], *s0 = m->shards[0];
    const pz_result *r = &s->res, *r0 = &s0->res;
    const char *path0 = m->paths[0];
    if (r->partial)
        return pz_report_fail(e, s, "partial",
                              "expected a whole shard, found shard %lld/%lld partial (interrupted "
                              "after %lld of %lld instances): run it again",
                              r->shard.k, r->shard.n, r->instances, r->shard.end - r->shard.first);
    if (!i)
        return same_content(m, i, e);
    if (r->corpus->puzzle != r0->corpus->puzzle)
        return pz_report_fail(e, s, "puzzle",
                              "expected puzzle \"%s\" as in %s, found \"%s\": a shard of another "
                              "run",
                              r0->corpus->puzzle->name, path0, r->corpus->puzzle->name);
    if (strcmp(r->corpus->spec, r0->corpus->spec))
        return pz_report_fail(e, s, "corpus",
                              "expected corpus \"%s\" as in %s, found \"%s\": a shard of another "
                              "run",
                              r0->corpus->spec, path0, r->corpus->spec);
    if (r->corpus->count != r0->corpus->count)
        return pz_report_fail(e, s, "corpus_instances",
                              "expected %lld instances in the corpus as in %s, found %lld",
                              r0->corpus->count, path0, r->corpus->count);
    if (same_content(m, i, e))
        return -1;
    if (r->expected != r0->expected)
        return pz_report_fail(e, s, "reference",
                              "expected reference \"%s\" as in %s: a shard of another run",
                              r0->expected ? "expected" : "first valid solver", path0);
    if (r->opts.sample != r0->opts.sample)
        return pz_report_fail(e, s, "sample",
                              "expected sample %lld as in %s, found %lld: a shard of another run",
                              r0->opts.sample, path0, r->opts.sample);
    if (r->opts.repeat != r0->opts.repeat)
        return pz_report_fail(e, s, "repeat",
                              "expected %d repetitions as in %s, found %d: every shard of a run "
                              "is repeated alike",
                              r0->opts.repeat > 1 ? r0->opts.repeat : 1, path0,
                              r->opts.repeat > 1 ? r->opts.repeat : 1);
    if (memcmp(&r->opts.budget, &r0->opts.budget, sizeof r->opts.budget)) {
        char want[64], found[64];
        pz_budget_text(&r0->opts.budget, want, sizeof want);
        pz_budget_text(&r->opts.budget, found, sizeof found);
        return pz_report_fail(e, s, "budget",
                              "expected --budget %s as in %s, found %s: every shard of a run has "
                              "one budget",
                              want, path0, found);
    }
    int same = r->opts.nsolvers == r0->opts.nsolvers && r->opts.slow == r0->opts.slow;
    for (int k = 0; same && k < r->opts.nsolvers; k++)
        same = r->opts.solvers[k] == r0->opts.solvers[k];
    if (!same) {
        char want[1024] = "";
        size_t len = 0;
        for (int k = 0; k < r0->opts.nsolvers && len < sizeof want; k++)
            len += (size_t)snprintf(want + len, sizeof want - len, "%s%s%s", k ? ", " : "",
                                    r0->opts.solvers[k]->name,
                                    (r0->opts.slow >> k) & 1 ? " (sampled)" : "");
        return pz_report_fail(
            e, s, "solvers", "expected the solvers of %s: %s; a shard of another run", path0, want);
    }
    const pz_context *c = r->context, *c0 = r0->context;
    if (!m->mixed && (strcmp(c->commit, c0->commit) || c->dirty != c0->dirty))
        return pz_report_fail(e, s, "context.commit",
                              "expected commit %s%s as in %s, found %s%s: shards of different "
                              "builds (merge them anyway with --allow-mixed-builds)",
                              c0->commit, c0->dirty ? " (dirty)" : "", path0, c->commit,
                              c->dirty ? " (dirty)" : "");
    return 0;
}

static int by_k(const void *a, const void *b)
{
    const pz_report_doc *x = *(pz_report_doc *const *)a, *y = *(pz_report_doc *const *)b;
    return (x->res.shard.k > y->res.shard.k) - (x->res.shard.k < y->res.shard.k);
}

/* Every shard K/N of one N, each once: else a message listing what is wrong. */
static int complete(merge *m)
{
    char msg[1024];
    size_t len = 0;
    long long n = m->shards[0]->res.shard.n, missing = 0;
    for (int i = 1; i < m->n; i++)
        if (m->shards[i]->res.shard.n != n)
            return pz_usage("merge: %s is shard %lld/%lld, %s is shard %lld/%lld: the shards of "
                            "one run have one N",
                            m->paths[0], m->shards[0]->res.shard.k, n, m->paths[i],
                            m->shards[i]->res.shard.k, m->shards[i]->res.shard.n);
    /* The paths follow their reports through the sort: each report's name is its path. */
    qsort(m->shards, (size_t)m->n, sizeof *m->shards, by_k);
    for (int i = 1; i < m->n; i++)
        if (m->shards[i]->res.shard.k == m->shards[i - 1]->res.shard.k && len < sizeof msg)
            len += (size_t)snprintf(
                msg + len, sizeof msg - len, "%sshard %lld/%lld twice (%s and %s)", len ? "; " : "",
                m->shards[i]->res.shard.k, n, m->shards[i - 1]->doc.name, m->shards[i]->doc.name);
    for (long long k = 0, i = 0; k < n; k++) {
        while (i < m->n && m->shards[i]->res.shard.k < k)
            i++;
        if (i < m->n && m->shards[i]->res.shard.k == k)
            continue;
        const char *sep = missing ? ", " : len ? "; missing shards " : "missing shards ";
        if (missing++ < 10 && len < sizeof msg)
            len += (size_t)snprintf(msg + len, sizeof msg - len, "%s%lld/%lld", sep, k, n);
    }
    if (missing > 10 && len < sizeof msg)
        snprintf(msg + len, sizeof msg - len, " and %lld more", missing - 10);
    if (len)
        return pz_usage("merge: %s", msg);
    return 0;
}

/* The shards' sum: the result of the whole corpus, as `run` would have made it. */
static void add_up(merge *m)
{
    pz_result *r = &m->res, *r0 = &m->shards[0]->res;
    int mixed = 0;
    m->corpus = *r0->corpus;
    m->context = *r0->context;
    r->corpus = &m->corpus;
    r->context = &m->context;
    r->expected = r0->expected;
    r->shard = (pz_shard){0, 1, 0, m->corpus.count};
    r->opts.nsolvers = r0->opts.nsolvers;
    r->opts.sample = r0->opts.sample;
    r->opts.slow = r0->opts.slow;
    r->opts.repeat = r0->opts.repeat;
    r->opts.budget = r0->opts.budget;
    memcpy(r->opts.solvers, r0->opts.solvers, sizeof r->opts.solvers);
    r->hist = pz_xcalloc(PZ_CLASSES, sizeof *r->hist);
    r->names = pz_xcalloc(PZ_CLASSES, sizeof *r->names);
    for (int i = 0; i < m->n; i++) {
        pz_result *s = &m->shards[i]->res;
#define ADD(kind, f, ...) PZ_COMBINE(kind, r->f, s->f);
        PZ_COUNTS(ADD)
#undef ADD
        r->wall_s += s->wall_s;
        if (s->peak_rss_bytes > r->peak_rss_bytes)
            r->peak_rss_bytes = s->peak_rss_bytes;
        if (s->opts.threads > r->opts.threads)
            r->opts.threads = s->opts.threads;
        if (s->opts.batch > r->opts.batch)
            r->opts.batch = s->opts.batch;
        r->opts.warmup |= s->opts.warmup;
        for (int k = 0; k < r->opts.nsolvers; k++)
            pz_tally_add(&r->tally[k], &s->tally[k]);
        pz_hist_add(r->hist, r->names, s->hist, s->names);
        /* The failures move to the merged result (their texts are copies;
         * their reasons stay in the shards' documents, freed after writing). */
        m->fail = realloc(m->fail, (size_t)(m->nfail + s->nfail) * sizeof *m->fail + 1);
        if (!m->fail)
            pz_fatal("out of memory");
        memcpy(m->fail + m->nfail, s->fail, (size_t)s->nfail * sizeof *s->fail);
        m->nfail += s->nfail;
        s->nfail = 0;
        mixed |= strcmp(m->shards[i]->context.commit, m->context.commit) ||
                 m->shards[i]->context.dirty != m->context.dirty;
        m->context.dirty |= m->shards[i]->context.dirty;
    }
    /* How long the sharded run took, from the first start to the last end.
     * The starts are whole seconds since the epoch: they are subtracted
     * first, so a wall time of a few ms is not lost in the sum's rounding. */
    double first = 0, last = 0, *start = pz_xcalloc((size_t)m->n, sizeof *start);
    for (int i = 0; i < m->n; i++) {
        pz_error unused;
        started(m->shards[i], &start[i], &unused); /* checked as it was read */
        if (!i || start[i] < first)
            first = start[i];
    }
    for (int i = 0; i < m->n; i++) {
        const pz_result *s = &m->shards[i]->res;
        double end = (start[i] - first) + (s->merged ? s->real_wall_s : s->wall_s);
        if (!i || end > last)
            last = end;
    }
    free(start);
    r->merged = 1;
    r->real_wall_s = last;
    if (mixed) /* --allow-mixed-builds: no one commit to name */
        snprintf(m->context.commit, sizeof m->context.commit, "mixed");
    m->context.threads = r->opts.threads;
    r->fail = m->fail;
    r->nfail = pz_keep_first(m->fail, m->nfail);
    m->fail = NULL;
    m->nfail = 0;
}

/* A class named differently in two shards: a shard of another build or a tampered one. */
static int same_names(const merge *m, pz_error *e)
{
    for (int k = 0; k < PZ_CLASSES; k++)
        for (int i = 1; i < m->n; i++) {
            const pz_result *s = &m->shards[i]->res;
            for (int j = 0; j < i && s->hist[k]; j++) {
                const pz_result *t = &m->shards[j]->res;
                if (t->hist[k] && strcmp(t->names[k], s->names[k]))
                    return pz_report_fail(e, m->shards[i], "histogram",
                                          "expected class %d to be \"%s\" as in %s, found \"%s\"",
                                          k, t->names[k], m->shards[j]->doc.name, s->names[k]);
            }
        }
    return 0;
}

#define MERGE_OPTIONS(X)                                                                           \
    X(JSON, "json", 0, "F", "the merged JSON report (F '-' is stdout), as run writes it")          \
    X(CSV, "csv", 0, "F", "the merged CSV report")                                                 \
    X(MD, "md", 0, "F", "the merged Markdown report")                                              \
    X(HTML, "html", 0, "F", "the merged report as an HTML page")                                   \
    PZ_CI_OPTIONS(X)                                                                               \
    PZ_SUMMARY_OPTIONS(X)                                                                          \
    X(ALLOW_MIXED_BUILDS, "allow-mixed-builds", 0, NULL,                                           \
      "merge shards built from different commits too; the merged\n"                                \
      "context then names commit \"mixed\"")

enum { MERGE_OPTIONS(PZ_OPTION_ID) O_HELP, NOPTIONS };
static const pz_option options[] = {MERGE_OPTIONS(PZ_OPTION) PZ_HELP_OPTION PZ_END_OPTIONS};
static void help(FILE *);
const pz_command_line pz_merge_command = {
    .name = "merge",
    .args = "REPORT... [--json F] [--csv F] [--md F] [--html F] [--junit F] [...]",
    .summary = "the JSON reports of a run's shards as one report of the whole corpus",
    .options = options,
    .help = help,
    .run = pz_cmd_merge,
};

static void help(FILE *f)
{
    pz_print_usage(f, &pz_merge_command);
    fputs("\n"
          "Merges the JSON reports of all N shards of one run (`run --shard K/N --json F`\n"
          "for K = 0 .. N-1, in any order) into the report of the whole corpus: the same\n"
          "as one unsharded run but for the timings, which are summed (wall_s is the sum\n"
          "of the shards' wall times; with --repeat K, each repetition's too), and the\n"
          "context, which is shard 0's.  Beside the sum, real_wall_s (\"about N s real\"\n"
          "in the summary) is how long the sharded run took: from the earliest start of\n"
          "a shard (the date in its context, to the second) to the latest end (its start\n"
          "and its wall time).  Reports of older builds, whose batch spreads have 8\n"
          "classes an octave, are read into today's classes.  Prints the summary;\n"
          "--json, --csv, --md and --html write reports as `run` does.\n"
          "\n",
          f);
    pz_print_options(f, options);
    fputs("\n"
          "Refused (exit status 2): a report that does not read (file:line:col: what was\n"
          "expected), a count that does not fit its shard (a solver that ran more\n"
          "instances than the shard holds, a histogram that does not add up, ...), shards\n"
          "of different runs (puzzle, corpus, the content of a corpus file, solvers,\n"
          "sample, reference or --repeat K), shards built from different commits (unless\n"
          "--allow-mixed-builds), a partial shard, and missing or duplicated shards.\n"
          "Exit status otherwise as for run: 0 all agree; 1 a disagreement or failed check.\n",
          f);
}

static void merge_free(merge *m)
{
    for (int i = 0; i < m->n; i++)
        if (m->shards[i]) {
            pz_report_free(m->shards[i]);
            free(m->shards[i]);
        }
    for (int i = 0; i < m->nfail; i++)
        pz_failure_free(&m->fail[i]);
    free(m->fail);
    free(m->shards);
    free(m->paths);
    pz_result_free(&m->res);
}

/* Reads every shard and checks it against the first: 0, or -1 with e filled. */
static int read_all(merge *m, pz_error *e)
{
    for (int i = 0; i < m->n; i++) {
        m->shards[i] = pz_xcalloc(1, sizeof **m->shards);
        double t;
        if (pz_report_read(m->shards[i], m->paths[i], e) || same_run(m, i, e) ||
            started(m->shards[i], &t, e))
            return -1;
    }
    return same_names(m, e);
}

int pz_cmd_merge(int argc, char **argv)
{
    const char *value[NOPTIONS];
    merge m = {0};
    pz_error e;
    int first, status;

    if ((status = pz_parse_options(&pz_merge_command, NULL, argc, argv, value, &first)) >= 0)
        return status;
    const char *out[PZ_OUTS] = {value[O_JSON], value[O_CSV],   value[O_MD],
                                value[O_HTML], value[O_JUNIT], value[O_BMF]};
    pz_github |= value[O_GITHUB] != NULL;
    PZ_SUMMARY_SET(value);
    m.mixed = value[O_ALLOW_MIXED_BUILDS] != NULL;
    m.shards = pz_xcalloc((size_t)argc, sizeof *m.shards);
    m.paths = pz_xcalloc((size_t)argc, sizeof *m.paths);
    for (int i = first; i < argc; i++)
        m.paths[m.n++] = argv[i];
    if (!m.n) {
        merge_free(&m);
        return pz_usage("merge: which reports? (try merge --help)");
    }
    pz_path *paths = pz_xcalloc((size_t)m.n + PZ_OUTS, sizeof *paths);
    for (int i = 0; i < m.n; i++)
        paths[i] = (pz_path){"the shard", m.paths[i], 0};
    for (int i = 0; i < PZ_OUTS; i++)
        paths[m.n + i] = (pz_path){pz_output_option[i], out[i], 1};
    status = pz_check_clash("merge", paths, m.n + PZ_OUTS);
    free(paths);
    if (status) {
        merge_free(&m);
        return status;
    }
    if (read_all(&m, &e)) {
        merge_free(&m);
        return pz_print_error(&e);
    }
    if (complete(&m)) {
        merge_free(&m);
        return PZ_EXIT_USAGE;
    }
    add_up(&m);
    status = pz_write_reports(&m.res, out);
    status = status < 0 ? PZ_EXIT_USAGE : status ? PZ_EXIT_FAIL : PZ_EXIT_OK;
    merge_free(&m);
    return status;
}
