/* merge.c - `puzzlebench merge`: the reports of a run's shards back into one.
 *
 * The shards of a run are contiguous ranges of one corpus, and a report
 * holds sums and the first PZ_KEEP failures by index, so the merge is the
 * report of the unsharded run: the counts, the histogram and the failures
 * exactly; the timings summed.  wall_s is the sum of the shards' wall times
 * (the work, as one process running the shards one after another would have
 * taken it: how long the sharded run took is for whoever ran it to say);
 * threads and batch are the largest any shard used.
 *
 * Refused, with exit status 2: a file that is not a well-formed report
 * (file:line:col: what was expected), shards of different runs (another
 * puzzle, corpus, solver set, sampling or reference), a partial shard, and
 * a set of shards that is not each K/N of one N exactly once.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../bench/json.h"
#include "../bench/run.h"

typedef struct shard {
    const char *path;
    pz_json_doc d;
    pz_shard sh;
} shard;

/* What every shard of one run has in common, read from its first shard. */
typedef struct header {
    const char *puzzle, *corpus, *reference;
    long long count, sample;
    int nsolvers;
    const char *solver[PZ_RUN_SOLVERS];
    int sampled[PZ_RUN_SOLVERS];
} header;

typedef struct merge {
    shard *shards;
    int n;
    header h;
    pz_corpus corpus;
    pz_result res;
    pz_failure *fail; /* every shard's listed failures */
    int nfail, capfail;
} merge;

static const long long MAXC = (long long)1 << 62; /* a count no report comes near */

/* The header of shard s, checked against the first shard's where there is one. */
static int read_header(merge *m, shard *s, header *h, pz_error *e)
{
    const pz_json_doc *d = &s->d;
    const pz_json *root = d->root, *list, *v;
    if (root->type != PZ_JSON_OBJECT)
        return pz_json_fail(e, d, root, "expected a report (an object), found %s",
                            pz_json_what(root));
    if (pz_json_need_str(d, root, "puzzle", &h->puzzle, e) ||
        pz_json_need_str(d, root, "corpus", &h->corpus, e) ||
        pz_json_need_int(d, root, "corpus_instances", 0, MAXC, &h->count, e) ||
        pz_json_need_str(d, root, "reference", &h->reference, e) ||
        pz_json_need_int(d, root, "sample", 1, MAXC, &h->sample, e) ||
        !(list = pz_json_need(d, root, "solvers", PZ_JSON_ARRAY, e)))
        return -1;
    if (!pz_find_puzzle(h->puzzle))
        return pz_json_fail(e, d, pz_json_get(root, "puzzle"),
                            "expected a puzzle of this build (see puzzlebench list), found \"%s\"",
                            h->puzzle);
    if (strcmp(h->reference, "expected") && strcmp(h->reference, "first valid solver"))
        return pz_json_fail(e, d, pz_json_get(root, "reference"),
                            "expected \"reference\" to be \"expected\" or \"first valid solver\"");
    if (list->n < 1 || list->n > PZ_RUN_SOLVERS)
        return pz_json_fail(e, d, list, "expected 1 to %d solvers", PZ_RUN_SOLVERS);
    h->nsolvers = 0;
    for (v = list->child; v; v = v->next) {
        int i = h->nsolvers++;
        if (pz_json_need_str(d, v, "name", &h->solver[i], e) ||
            pz_json_need_bool(d, v, "sampled", &h->sampled[i], e))
            return -1;
        if (!pz_find_solver(h->puzzle, h->solver[i]))
            return pz_json_fail(e, d, pz_json_get(v, "name"),
                                "expected a solver of %s in this build, found \"%s\"", h->puzzle,
                                h->solver[i]);
    }
    if (s == m->shards)
        return 0;

    /* Another shard: of the same run as the first, or refused. */
    const header *h0 = &m->h;
    const char *path0 = m->shards[0].path;
    static const char *const keys[] = {"puzzle", "corpus", "reference"};
    const char *mine[] = {h->puzzle, h->corpus, h->reference};
    const char *theirs[] = {h0->puzzle, h0->corpus, h0->reference};
    for (int k = 0; k < 3; k++)
        if (strcmp(mine[k], theirs[k]))
            return pz_json_fail(e, d, pz_json_get(root, keys[k]),
                                "expected %s \"%s\" as in %s, found \"%s\": a shard of another run",
                                keys[k], theirs[k], path0, mine[k]);
    if (h->count != h0->count)
        return pz_json_fail(e, d, pz_json_get(root, "corpus_instances"),
                            "expected %lld instances in the corpus as in %s, found %lld", h0->count,
                            path0, h->count);
    if (h->sample != h0->sample)
        return pz_json_fail(e, d, pz_json_get(root, "sample"),
                            "expected sample %lld as in %s, found %lld: a shard of another run",
                            h0->sample, path0, h->sample);
    int same = h->nsolvers == h0->nsolvers;
    for (int i = 0; same && i < h->nsolvers; i++)
        same = !strcmp(h->solver[i], h0->solver[i]) && h->sampled[i] == h0->sampled[i];
    if (!same) {
        char want[512] = "";
        size_t len = 0;
        for (int i = 0; i < h0->nsolvers && len < sizeof want; i++)
            len += (size_t)snprintf(want + len, sizeof want - len, "%s%s%s", i ? ", " : "",
                                    h0->solver[i], h0->sampled[i] ? " (sampled)" : "");
        return pz_json_fail(e, d, list, "expected the solvers of %s: %s; a shard of another run",
                            path0, want);
    }
    return 0;
}

/* Which shard s is, that it is whole, and how long it took. */
static int read_range(merge *m, shard *s, pz_error *e)
{
    const pz_json_doc *d = &s->d;
    const pz_json *root = d->root, *range;
    long long instances, threads, batch;
    int partial;
    double wall;
    pz_shard want;
    char spec[64];
    if (!(range = pz_json_need(d, root, "shard", PZ_JSON_OBJECT, e)) ||
        pz_json_need_int(d, range, "n", 1, MAXC, &s->sh.n, e) ||
        pz_json_need_int(d, range, "k", 0, s->sh.n - 1, &s->sh.k, e) ||
        pz_json_need_int(d, range, "first", 0, m->h.count, &s->sh.first, e) ||
        pz_json_need_int(d, range, "end", s->sh.first, m->h.count, &s->sh.end, e) ||
        pz_json_need_int(d, root, "instances", 0, MAXC, &instances, e) ||
        pz_json_need_bool(d, root, "partial", &partial, e) ||
        pz_json_need_int(d, root, "threads", 0, MAXC, &threads, e) ||
        pz_json_need_int(d, root, "batch", 0, MAXC, &batch, e) ||
        pz_json_need_num(d, root, "wall_s", &wall, e))
        return -1;
    int warmup = 0;
    if (pz_json_get(root, "warmup") && pz_json_need_bool(d, root, "warmup", &warmup, e))
        return -1;
    m->res.opts.warmup |= warmup;
    snprintf(spec, sizeof spec, "%lld/%lld", s->sh.k, s->sh.n);
    if (pz_parse_shard(spec, m->h.count, &want, e))
        return pz_json_fail(e, d, range, "expected a shard K/N, found %s", spec);
    if (want.first != s->sh.first || want.end != s->sh.end)
        return pz_json_fail(e, d, range,
                            "expected shard %s of %lld instances to be [%lld, %lld), "
                            "found [%lld, %lld)",
                            spec, m->h.count, want.first, want.end, s->sh.first, s->sh.end);
    if (partial)
        return pz_json_fail(e, d, pz_json_get(root, "partial"),
                            "expected a whole shard, found shard %s partial (interrupted after "
                            "%lld of %lld instances): run it again",
                            spec, instances, s->sh.end - s->sh.first);
    if (instances != s->sh.end - s->sh.first)
        return pz_json_fail(e, d, pz_json_get(root, "instances"),
                            "expected %lld instances in shard %s, found %lld",
                            s->sh.end - s->sh.first, spec, instances);
    pz_result *r = &m->res;
    r->instances += instances;
    r->wall_s += wall;
    if (threads > r->opts.threads)
        r->opts.threads = (int)(threads < 1 << 20 ? threads : 1 << 20);
    if (batch > r->opts.batch)
        r->opts.batch = (int)(batch < 1 << 30 ? batch : 1 << 30);
    return 0;
}

/* A solver's batch times: [class, instances] pairs, added up.  A report
 * without spread_per_octave has the 8 classes an octave of old, each
 * counted in the class of its middle. */
static int read_spread(const shard *s, const pz_json *solver, pz_tally *t, pz_error *e)
{
    const pz_json_doc *d = &s->d;
    const pz_json *list = pz_json_need(d, solver, "spread", PZ_JSON_ARRAY, e);
    long long per = 8;
    if (!list)
        return -1;
    if (pz_json_get(solver, "spread_per_octave") &&
        pz_json_need_int(d, solver, "spread_per_octave", 8, PZ_PER_OCTAVE, &per, e))
        return -1;
    if (per != 8 && per != PZ_PER_OCTAVE)
        return pz_json_fail(e, d, pz_json_get(solver, "spread_per_octave"),
                            "expected spread_per_octave %d (or 8, of older reports), found %lld",
                            PZ_PER_OCTAVE, per);
    int classes = per == 8 ? 384 : PZ_SPREAD;
    for (const pz_json *v = list->child; v; v = v->next) {
        const pz_json *b = v->child, *n = b ? b->next : NULL;
        if (v->type != PZ_JSON_ARRAY || v->n != 2 || !b->is_int || b->i < 0 || b->i >= classes ||
            !n->is_int || n->i < 0 || n->i > MAXC)
            return pz_json_fail(e, d, v, "expected a pair [class, instances] with 0 <= class < %d",
                                classes);
        t->spread[per == 8 ? pz_spread_class8((int)b->i) : b->i] += n->i;
    }
    return 0;
}

/* Each repetition's spread of batch times (run --repeat K), added up. */
static int read_rep_spreads(merge *m, const shard *s, const pz_json *reps, int solver_no, int k,
                            pz_error *e)
{
    const pz_json_doc *d = &s->d;
    const pz_json *list = pz_json_need(d, reps, "spreads", PZ_JSON_ARRAY, e), *one, *v;
    int i = 0;
    if (!list)
        return -1;
    if ((int)list->n != k)
        return pz_json_fail(e, d, list, "expected %d spreads, one a repetition", k);
    long long **to = &m->res.rep_spread[solver_no];
    if (!*to)
        *to = pz_xcalloc((size_t)k * PZ_SPREAD, sizeof **to);
    for (one = list->child; one; one = one->next, i++) {
        if (one->type != PZ_JSON_ARRAY)
            return pz_json_fail(e, d, one, "expected a spread: [[class, instances], ...]");
        for (v = one->child; v; v = v->next) {
            const pz_json *b = v->child, *n = b ? b->next : NULL;
            if (v->type != PZ_JSON_ARRAY || v->n != 2 || !b->is_int || b->i < 0 ||
                b->i >= PZ_SPREAD || !n->is_int || n->i < 0 || n->i > MAXC)
                return pz_json_fail(e, d, v,
                                    "expected a pair [class, instances] with 0 <= class < %d",
                                    PZ_SPREAD);
            (*to)[(size_t)i * PZ_SPREAD + b->i] += n->i;
        }
    }
    return 0;
}

/* A solver's times per instance of each repetition (run --repeat K), as
 * seconds, which add up over shards; every shard repeated K times alike. */
static int read_repetitions(merge *m, const shard *s, const pz_json *solver, int solver_no,
                            pz_tally *t, pz_error *e)
{
    const pz_json_doc *d = &s->d;
    const pz_json *reps = pz_json_get(solver, "repetitions"), *ns, *wall, *x;
    int k = 0, kw = 0, want = m->res.opts.repeat;
    if (!reps)
        k = 1;
    else if (!(ns = pz_json_need(d, reps, "ns", PZ_JSON_ARRAY, e)) ||
             !(wall = pz_json_need(d, reps, "wall_ns", PZ_JSON_ARRAY, e)))
        return -1;
    else {
        for (x = ns->child; x; x = x->next, k++) {
            if (x->type != PZ_JSON_NUMBER || x->d < 0 || k >= PZ_REPEAT)
                return pz_json_fail(e, d, x, "expected at most %d times in ns", PZ_REPEAT);
            t->rep_cpu_seconds[k] = x->d * (double)t->ran / 1e9;
        }
        for (x = wall->child; x; x = x->next, kw++) {
            if (x->type != PZ_JSON_NUMBER || x->d < 0 || kw >= k)
                return pz_json_fail(e, d, x, "expected %d times in wall_ns as in ns", k);
            t->rep_seconds[kw] = x->d * (double)t->ran / 1e9;
        }
        if (read_rep_spreads(m, s, reps, solver_no, k, e))
            return -1;
    }
    if (want && k != want)
        return pz_json_fail(e, d, reps ? reps : solver,
                            "expected %d repetitions as in the shards before, found %d", want, k);
    m->res.opts.repeat = k;
    return 0;
}

/* The solvers', the checker's and the run's counts, added up. */
static int read_counts(merge *m, shard *s, pz_error *e)
{
    const pz_json_doc *d = &s->d;
    const pz_json *root = d->root, *v, *checker;
    pz_result *r = &m->res;
    long long n[3];
    double seconds;
    int i = 0;
    for (v = pz_json_get(root, "solvers")->child; v; v = v->next, i++) {
        pz_tally t = {0};
        if (pz_json_need_int(d, v, "ran", 0, MAXC, &t.ran, e) ||
            pz_json_need_int(d, v, "skipped", 0, MAXC, &t.skipped, e) ||
            pz_json_need_int(d, v, "invalid", 0, MAXC, &t.invalid, e) ||
            pz_json_need_int(d, v, "disagree", 0, MAXC, &t.disagree, e) ||
            pz_json_need_num(d, v, "seconds", &t.seconds, e) ||
            pz_json_need_num(d, v, "cpu_seconds", &t.cpu_seconds, e) ||
            pz_json_need_num(d, v, "ns_worst", &t.worst_ns, e) ||
            pz_json_need_int(d, v, "worst_index", -1, MAXC, &t.worst_index, e) ||
            read_spread(s, v, &t, e) || read_repetitions(m, s, v, i, &t, e))
            return -1;
        pz_tally_add(&r->tally[i], &t);
    }
    if (!(checker = pz_json_need(d, root, "checker", PZ_JSON_OBJECT, e)) ||
        pz_json_need_int(d, checker, "answers", 0, MAXC, &n[0], e) ||
        pz_json_need_num(d, checker, "seconds", &seconds, e))
        return -1;
    r->checked += n[0];
    r->check_seconds += seconds;
    if (pz_json_need_int(d, root, "failures", 0, MAXC, &n[0], e) ||
        pz_json_need_int(d, root, "unanswered", 0, MAXC, &n[1], e) ||
        pz_json_need_int(d, root, "expected_invalid", 0, MAXC, &n[2], e))
        return -1;
    r->failures += n[0];
    r->unanswered += n[1];
    r->expected_invalid += n[2];
    return 0;
}

static int read_histogram(merge *m, shard *s, pz_error *e)
{
    const pz_json_doc *d = &s->d;
    const pz_json *list = pz_json_need(d, d->root, "histogram", PZ_JSON_ARRAY, e);
    pz_result *r = &m->res;
    if (!list)
        return -1;
    for (const pz_json *v = list->child; v; v = v->next) {
        long long k, count;
        const char *name;
        if (pz_json_need_int(d, v, "class", 0, PZ_CLASSES - 1, &k, e) ||
            pz_json_need_str(d, v, "answer", &name, e) ||
            pz_json_need_int(d, v, "count", 0, MAXC, &count, e))
            return -1;
        if (!*name || strlen(name) >= PZ_NAME)
            return pz_json_fail(e, d, pz_json_get(v, "answer"),
                                "expected an answer class of 1 to %d characters", PZ_NAME - 1);
        if (r->names[k][0] && strcmp(r->names[k], name))
            return pz_json_fail(e, d, pz_json_get(v, "answer"),
                                "expected class %lld to be \"%s\" as in the shards before, found "
                                "\"%s\"",
                                k, r->names[k], name);
        snprintf(r->names[k], PZ_NAME, "%s", name);
        r->hist[k] += count;
    }
    return 0;
}

static char *copy(const char *s)
{
    char *c = strdup(s);
    if (!c)
        pz_fatal("out of memory");
    return c;
}

/* The solver named by member key of v, as an index into the run's solvers. */
static int solver_index(const merge *m, const shard *s, const pz_json *v, const char *key,
                        int expected_ok, int *index, pz_error *e)
{
    const char *name;
    if (pz_json_need_str(&s->d, v, key, &name, e))
        return -1;
    if (expected_ok && !strcmp(name, "expected")) {
        *index = -1;
        return 0;
    }
    for (int i = 0; i < m->h.nsolvers; i++)
        if (!strcmp(m->h.solver[i], name)) {
            *index = i;
            return 0;
        }
    return pz_json_fail(e, &s->d, pz_json_get(v, key),
                        "expected one of the run's solvers%s, found \"%s\"",
                        expected_ok ? " or \"expected\"" : "", name);
}

/* One listed failure, as the run kept it. */
static int read_failure(merge *m, shard *s, const pz_json *v, pz_failure *f, pz_error *e)
{
    const pz_json_doc *d = &s->d;
    const pz_json *answers, *x;
    const char *input, *text;
    if (pz_json_need_int(d, v, "index", s->sh.first, s->sh.end - 1, &f->index, e) ||
        pz_json_need_str(d, v, "input", &input, e) ||
        solver_index(m, s, v, "reference", 1, &f->reference, e) ||
        !(answers = pz_json_need(d, v, "answers", PZ_JSON_ARRAY, e)))
        return -1;
    f->input = copy(input);
    if (pz_json_get(v, "expected")) {
        if (pz_json_need_str(d, v, "expected", &text, e))
            return -1;
        f->expected = copy(text);
        if (pz_json_get(v, "invalid") && pz_json_need_str(d, v, "invalid", &f->expected_why, e))
            return -1;
    }
    for (x = answers->child; x; x = x->next) {
        int i = 0, agrees;
        if (solver_index(m, s, x, "solver", 0, &i, e) ||
            pz_json_need_str(d, x, "answer", &text, e) ||
            pz_json_need_bool(d, x, "agrees", &agrees, e))
            return -1;
        if (f->answer[i])
            return pz_json_fail(e, d, x, "expected one answer of %s, found two", m->h.solver[i]);
        f->answer[i] = copy(text);
        if (!agrees)
            f->disagree |= 1u << i;
        if (pz_json_get(x, "invalid") && pz_json_need_str(d, x, "invalid", &f->why[i], e))
            return -1;
    }
    return 0;
}

static int read_failures(merge *m, shard *s, pz_error *e)
{
    const pz_json_doc *d = &s->d;
    const pz_json *list = pz_json_need(d, d->root, "disagreements", PZ_JSON_ARRAY, e);
    if (!list)
        return -1;
    long long failures = pz_json_get(d->root, "failures")->i;
    if ((long long)list->n > (failures < PZ_KEEP ? failures : PZ_KEEP))
        return pz_json_fail(e, d, list, "expected the first %lld failures listed, found %zu",
                            failures < PZ_KEEP ? failures : PZ_KEEP, list->n);
    for (const pz_json *v = list->child; v; v = v->next) {
        if (m->nfail == m->capfail) {
            m->capfail = m->capfail ? 2 * m->capfail : 64;
            if (!(m->fail = realloc(m->fail, (size_t)m->capfail * sizeof *m->fail)))
                pz_fatal("out of memory");
        }
        pz_failure *f = &m->fail[m->nfail++];
        memset(f, 0, sizeof *f);
        if (read_failure(m, s, v, f, e))
            return -1;
    }
    return 0;
}

static int by_k(const void *a, const void *b)
{
    const shard *x = a, *y = b;
    return (x->sh.k > y->sh.k) - (x->sh.k < y->sh.k);
}

/* Every shard K/N of one N, each once: else a message listing what is wrong. */
static int complete(merge *m)
{
    char msg[1024];
    size_t len = 0;
    long long n = m->shards[0].sh.n, missing = 0;
    for (int i = 1; i < m->n; i++)
        if (m->shards[i].sh.n != n)
            return pz_usage("merge: %s is shard %lld/%lld, %s is shard %lld/%lld: the shards of "
                            "one run have one N",
                            m->shards[0].path, m->shards[0].sh.k, n, m->shards[i].path,
                            m->shards[i].sh.k, m->shards[i].sh.n);
    qsort(m->shards, (size_t)m->n, sizeof *m->shards, by_k);
    for (int i = 1; i < m->n; i++)
        if (m->shards[i].sh.k == m->shards[i - 1].sh.k && len < sizeof msg)
            len += (size_t)snprintf(msg + len, sizeof msg - len,
                                    "%sshard %lld/%lld twice (%s and %s)", len ? "; " : "",
                                    m->shards[i].sh.k, n, m->shards[i - 1].path, m->shards[i].path);
    for (long long k = 0, i = 0; k < n; k++) {
        while (i < m->n && m->shards[i].sh.k < k)
            i++;
        if (i < m->n && m->shards[i].sh.k == k)
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

#define MERGE_OPTIONS(X)                                                                           \
    X(JSON, "json", 0, "F", "the merged JSON report (F '-' is stdout), as run writes it")          \
    X(CSV, "csv", 0, "F", "the merged CSV report")                                                 \
    X(MD, "md", 0, "F", "the merged Markdown report")

enum { MERGE_OPTIONS(PZ_OPTION_ID) O_HELP, NOPTIONS };
static const pz_option options[] = {MERGE_OPTIONS(PZ_OPTION) PZ_HELP_OPTION PZ_END_OPTIONS};
static void help(FILE *);
static const pz_command_line command = {.name = "merge", .options = options, .help = help};

static void help(FILE *f)
{
    pz_print_usage(f, &command, "REPORT... [--json F] [--csv F] [--md F]");
    fputs("\n"
          "Merges the JSON reports of all N shards of one run (`run --shard K/N --json F`\n"
          "for K = 0 .. N-1, in any order) into the report of the whole corpus: the same\n"
          "as one unsharded run but for the timings, which are summed (wall_s is the sum\n"
          "of the shards' wall times).  Prints the summary; --json, --csv and --md write\n"
          "reports as `run` does.\n"
          "\n",
          f);
    pz_print_options(f, options);
    fputs("\n"
          "Refused (exit status 2): a report that does not read (file:line:col: what was\n"
          "expected), shards of different runs (puzzle, corpus, solvers, sample or\n"
          "reference), a partial shard, and missing or duplicated shards.\n"
          "Exit status otherwise as for run: 0 all agree; 1 a disagreement or failed check.\n",
          f);
}

static void merge_free(merge *m)
{
    for (int i = 0; i < m->n; i++)
        pz_json_free(&m->shards[i].d);
    for (int i = 0; i < m->nfail; i++)
        pz_failure_free(&m->fail[i]);
    free(m->fail);
    free(m->shards);
    pz_result_free(&m->res);
}

/* Reads every shard and adds it up: 0, or -1 with e filled or a message printed. */
static int read_all(merge *m, pz_error *e)
{
    for (int i = 0; i < m->n; i++) {
        shard *s = &m->shards[i];
        if (pz_json_read_file(&s->d, s->path, e) ||
            read_header(m, s, i ? &(header){0} : &m->h, e) || read_range(m, s, e) ||
            read_counts(m, s, e) || read_histogram(m, s, e) || read_failures(m, s, e))
            return -1;
    }
    return 0;
}

int pz_cmd_merge(int argc, char **argv)
{
    const char *value[NOPTIONS];
    merge m = {0};
    pz_error e;
    int first, status;

    if ((status = pz_parse_options(&command, NULL, argc, argv, value, &first)) >= 0)
        return status;
    const char *json = value[O_JSON], *csv = value[O_CSV], *md = value[O_MD];
    if (!(m.shards = calloc((size_t)argc, sizeof *m.shards)))
        pz_fatal("out of memory");
    for (int i = first; i < argc; i++)
        m.shards[m.n++].path = argv[i];
    if (!m.n) {
        merge_free(&m);
        return pz_usage("merge: which reports? (try merge --help)");
    }
    if (!(m.res.hist = calloc(PZ_CLASSES, sizeof *m.res.hist)) ||
        !(m.res.names = calloc(PZ_CLASSES, sizeof *m.res.names)))
        pz_fatal("out of memory");
    if (read_all(&m, &e)) {
        merge_free(&m);
        return pz_print_error(&e);
    }
    if (complete(&m)) {
        merge_free(&m);
        return PZ_EXIT_USAGE;
    }

    /* The result of the whole corpus, as `run` would have made it. */
    pz_result *r = &m.res;
    m.corpus.puzzle = pz_find_puzzle(m.h.puzzle);
    m.corpus.spec = (char *)m.h.corpus; /* the header lives as long as m */
    m.corpus.count = m.h.count;
    r->corpus = &m.corpus;
    r->expected = !strcmp(m.h.reference, "expected");
    r->shard = (pz_shard){0, 1, 0, m.h.count};
    r->opts.nsolvers = m.h.nsolvers;
    r->opts.sample = m.h.sample;
    for (int i = 0; i < m.h.nsolvers; i++) {
        r->opts.solvers[i] = pz_find_solver(m.h.puzzle, m.h.solver[i]);
        r->opts.slow |= (unsigned)m.h.sampled[i] << i;
    }
    r->fail = m.fail; /* the result owns them now */
    r->nfail = pz_keep_first(m.fail, m.nfail);
    m.fail = NULL;
    m.nfail = 0;

    status = pz_write_reports(r, json, csv, md);
    merge_free(&m);
    return status;
}
