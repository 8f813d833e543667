/* schema.c - the report of a run as JSON: its one writer and its one reader.
 *
 * The JSON is made to be merged (`puzzlebench merge`): counts and histogram
 * classes are sums, the failures listed are the first PZ_KEEP by corpus
 * index (so the first PZ_KEEP of all shards' lists, by index, are those of
 * the whole corpus), and the batches' spread of times is a histogram.  The
 * timing values -- wall_s, real_wall_s (a merge's only), seconds,
 * cpu_seconds, ns_per_instance, ns_p10/median/p90, cpu_ns_per_instance,
 * ns_worst, worst_index, spread, repetitions, relative, ns_per_answer -- the peak
 * memory (peak_rss_bytes), the run's threads and batch and its context
 * are all that may differ between two runs of one corpus; numbers are
 * written at full precision (17 digits), so a report read back is the result
 * written.  A spread's classes are those of bench/stats.h, spread_per_octave
 * of them an octave (8 in older reports, read into today's classes).
 *
 * A solver's fields and the run's counts are result.h's lists, which the
 * writer writes and the reader reads, each field by its kind; the rest of the
 * report is written and read below in the order it appears.
 */
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

#include "../util/util.h"
#include "schema.h"
#include "stress.h"

/* The bound on every count read: above any corpus (a count is at most 1e15)
 * and low enough that no sum of counts checked below can overflow. */
static const long long MAXC = PZ_MAX_COUNT;

/* A field every report has, or one older reports may lack (result.h). */
#define PZ__SINCE_OLD 1
#define PZ__SINCE_NEW 0

static double ns_per(double seconds, long long n)
{
    return n > 0 ? seconds * 1e9 / (double)n : 0;
}

static json_t *str(const char *s)
{
    return pz_jstr(s, strlen(s));
}

void pz_hash_text(uint64_t hash, char buf[PZ_HASH_TEXT])
{
    snprintf(buf, PZ_HASH_TEXT, "xxh3-64:%016llx", (unsigned long long)hash);
}

const char *pz_hash_or_none(int has, uint64_t hash, char buf[PZ_HASH_TEXT])
{
    if (!has)
        return "none";
    pz_hash_text(hash, buf);
    return buf;
}

int pz_corpus_generated(const pz_corpus *c)
{
    size_t n = strlen(c->puzzle->name);
    return !strncmp(c->spec, c->puzzle->name, n) && c->spec[n] == ':';
}

/* ---------------------------------------------------------------- context */

json_t *pz_context_json(const pz_context *c)
{
    json_t *o = json_object();
    if (!o)
        pz_fatal("out of memory");
    pz_jset(o, "date", str(c->date));
    pz_jset(o, "host", str(c->host));
    pz_jset(o, "cpu", str(c->cpu));
    pz_jset(o, "cores", json_integer(c->cores));
    pz_jset(o, "memory_bytes", json_integer(c->memory_bytes));
    pz_jset(o, "os", str(c->os));
    pz_jset(o, "compiler", str(c->compiler));
    pz_jset(o, "build_type", str(c->build_type));
    pz_jset(o, "flags", str(c->flags));
    pz_jset(o, "commit", str(c->commit));
    pz_jset(o, "dirty", json_boolean(c->dirty));
    pz_jset(o, "version", str(c->version));
    pz_jset(o, "threads", json_integer(c->threads));
    if (c->corpus_hash[0])
        pz_jset(o, "corpus_hash", str(c->corpus_hash));
    return o;
}

/* The context's corpus_hash where it has one (older reports have none). */
static int read_corpus_hash(const pz_jval *o, pz_context *c, pz_error *e)
{
    pz_jval v = pz_jget(o, "corpus_hash");
    unsigned long long h;
    int end = 0;
    if (!v.v)
        return 0;
    if (!json_is_string(v.v) || sscanf(json_string_value(v.v), "xxh3-64:%16llx%n", &h, &end) != 1 ||
        end != 24 || json_string_length(v.v) != 24)
        return pz_jfail(e, &v, "expected \"corpus_hash\" to be \"xxh3-64:\" and 16 hex digits");
    pz_hash_text(h, c->corpus_hash);
    return 0;
}

int pz_context_read(const pz_jval *o, pz_context *c, pz_error *e)
{
    memset(c, 0, sizeof *c);
    return pz_jneed_strbuf(o, "date", c->date, sizeof c->date, e) ||
                   pz_jneed_strbuf(o, "host", c->host, sizeof c->host, e) ||
                   pz_jneed_strbuf(o, "cpu", c->cpu, sizeof c->cpu, e) ||
                   pz_jneed_int(o, "cores", 0, MAXC, &c->cores, e) ||
                   pz_jneed_int(o, "memory_bytes", 0, MAXC, &c->memory_bytes, e) ||
                   pz_jneed_strbuf(o, "os", c->os, sizeof c->os, e) ||
                   pz_jneed_strbuf(o, "compiler", c->compiler, sizeof c->compiler, e) ||
                   pz_jneed_strbuf(o, "build_type", c->build_type, sizeof c->build_type, e) ||
                   pz_jneed_strbuf(o, "flags", c->flags, sizeof c->flags, e) ||
                   pz_jneed_strbuf(o, "commit", c->commit, sizeof c->commit, e) ||
                   pz_jneed_bool(o, "dirty", &c->dirty, e) ||
                   pz_jneed_strbuf(o, "version", c->version, sizeof c->version, e) ||
                   pz_jneed_int(o, "threads", 0, MAXC, &c->threads, e) || read_corpus_hash(o, c, e)
               ? -1
               : 0;
}

/* ----------------------------------------------------------------- writer */

static int sampled(const pz_result *r, int s)
{
    return (r->opts.slow >> s) & 1;
}

/* A file corpus's content hashes; null for a generated corpus. */
static json_t *content_json(const pz_corpus *c)
{
    char h[PZ_HASH_TEXT];
    json_t *o;
    if (c->gen || !(c->has_in_hash || c->has_ans_hash))
        return json_null();
    o = json_object();
    if (!o)
        pz_fatal("out of memory");
    pz_hash_text(c->in_hash, h);
    pz_jset(o, "in", c->has_in_hash ? json_string(h) : json_null());
    pz_hash_text(c->ans_hash, h);
    pz_jset(o, "ans", c->has_ans_hash ? json_string(h) : json_null());
    return o;
}

/* What a result was made from, for its context: a corpus file's content
 * hash (of its bytes), else a generated corpus's canonical spec hashed; ""
 * for a file whose bytes could not be hashed (a pipe). */
static void corpus_hash(const pz_corpus *c, char buf[PZ_HASH_TEXT])
{
    size_t n = strlen(c->puzzle->name);
    buf[0] = 0;
    if (c->has_in_hash)
        pz_hash_text(c->in_hash, buf);
    else if (c->gen || (!strncmp(c->spec, c->puzzle->name, n) && c->spec[n] == ':'))
        pz_hash_text(XXH3_64bits(c->spec, strlen(c->spec)), buf);
}

/* A spread as [class, instances] pairs, its classes in rising order. */
static json_t *spread_json(const pz_spread *sp)
{
    json_t *a = json_array();
    if (!a)
        pz_fatal("out of memory");
    for (int i = 0; i < sp->n; i++)
        pz_jappend(a, json_pack("[iI]", sp->bin[i].cls, (json_int_t)sp->bin[i].count));
    return a;
}

/* A solver's K repetitions (run --repeat K): each one's CPU and wall time
 * per instance and its spread of batch times, with each one's median batch
 * (what compare compares, as it shrugs off the batches another process
 * slowed) and the mean of the CPU times with its 95% interval. */
static json_t *repetitions_json(const pz_tally *t, int k)
{
    double ns[PZ_REPEAT];
    json_t *o = json_object(), *cpu = json_array(), *wall = json_array(), *med = json_array(),
           *spreads = json_array();
    if (!o || !cpu || !wall || !med || !spreads)
        pz_fatal("out of memory");
    for (int i = 0; i < k; i++) {
        ns[i] = ns_per(t->rep_cpu_seconds[i], t->ran);
        pz_jappend(cpu, json_real(ns[i]));
        pz_jappend(wall, json_real(ns_per(t->rep_seconds[i], t->ran)));
        pz_jappend(med, json_real(pz_spread_quantile(&t->rep_spread[i], 0.5)));
        pz_jappend(spreads, spread_json(&t->rep_spread[i]));
    }
    pz_mean m = pz_mean_ci(ns, k);
    pz_jset(o, "ns", cpu);
    pz_jset(o, "wall_ns", wall);
    pz_jset(o, "median_ns", med);
    pz_jset(o, "spreads", spreads);
    pz_jset(o, "mean", json_real(m.mean));
    pz_jset(o, "sd", json_real(m.sd));
    pz_jset(o, "ci_low", json_real(m.lo));
    pz_jset(o, "ci_high", json_real(m.hi));
    return o;
}

/* A solver's like: against each solver of the run, by its place, the
 * instances both solved in the same warm batches and this solver's CPU
 * seconds on them. */
static json_t *like_json(const double *cpu_seconds, const long long *ran, int nsolvers)
{
    json_t *o = json_object(), *cpu = json_array(), *n = json_array();
    if (!o || !cpu || !n)
        pz_fatal("out of memory");
    for (int u = 0; u < nsolvers; u++) {
        pz_jappend(cpu, json_real(cpu_seconds[u]));
        pz_jappend(n, json_integer(ran[u]));
    }
    pz_jset(o, "solved", n);
    pz_jset(o, "cpu_seconds", cpu);
    return o;
}

/* What a solver's headline (cpu_ns_median, mad, min, max) is of: its warm
 * batches, or where it had none its cold ones (result.h). */
static const char *headline_of(const pz_tally *t)
{
    pz_headline h;
    return !pz_tally_headline(t, &h) ? "none" : h.cold ? "cold batches" : "warm batches";
}

/* A sweep's sizes that the solver timed: each one's place in the sweep, its
 * board, and its headline as a solver's (pz_tally_size): the instances it
 * is of (once a pass), CPU ns per instance, median, MAD, min and max, and
 * what it is of; then what they are read from: the warm batches' spread,
 * the cold batches' instances and CPU seconds. */
static json_t *sizes_json(const pz_tally *t, int repeat)
{
    json_t *a = json_array();
    if (!a)
        pz_fatal("out of memory");
    for (int k = 0; k < PZ_SIZES; k++) {
        pz_tally one = pz_tally_size(t, k);
        pz_headline h;
        if (!pz_tally_headline(&one, &h))
            continue;
        json_t *o = json_object();
        if (!o)
            pz_fatal("out of memory");
        pz_jset(o, "size", json_integer(k));
        pz_jset(o, "rows", json_integer(t->sizes_rows[k]));
        pz_jset(o, "cols", json_integer(t->sizes_cols[k]));
        pz_jset(o, "instances", json_integer(one.ran / (repeat > 1 ? repeat : 1)));
        pz_jset(o, "cpu_ns_median", json_real(h.median));
        pz_jset(o, "cpu_ns_mad", json_real(h.mad));
        pz_jset(o, "cpu_ns_min", json_real(h.min));
        pz_jset(o, "cpu_ns_max", json_real(h.max));
        pz_jset(o, "headline", json_string(headline_of(&one)));
        if (t->sizes[k].n) {
            pz_jset(o, "cpu_spread_per_octave", json_integer(PZ_PER_OCTAVE));
            pz_jset(o, "cpu_spread", spread_json(&t->sizes[k]));
        }
        if (one.cold_ran) {
            pz_jset(o, "cold_ran", json_integer(one.cold_ran));
            pz_jset(o, "cold_cpu_seconds", json_real(one.cold_cpu_seconds));
        }
        pz_jappend(a, o);
    }
    return a;
}

/* How the sizes' medians grow with the cells: time ~ cells^exponent. */
static json_t *growth_json(const pz_tally *t)
{
    pz_growth g = pz_tally_growth(t);
    json_t *o = json_object();
    if (!o)
        pz_fatal("out of memory");
    pz_jset(o, "exponent", isfinite(g.exponent) ? json_real(g.exponent) : json_null());
    pz_jset(o, "ci_low", isfinite(g.lo) ? json_real(g.lo) : json_null());
    pz_jset(o, "ci_high", isfinite(g.hi) ? json_real(g.hi) : json_null());
    pz_jset(o, "sizes", json_integer(g.n));
    pz_jset(o, "of", json_string("cpu_ns_median against rows * cols, least squares on log-log"));
    return o;
}

/* Each kind of a solver's field, written into o (the solver's object). */
#define WRITE(kind, m, key, ...) WRITE_##kind(m, key)
#define WRITE_COUNT(m, key) pz_jset(o, key, json_integer(PZ_VALUE(COUNT, t, m)));
#define WRITE_AT(m, key) pz_jset(o, key, json_integer(PZ_VALUE(AT, t, m)));
#define WRITE_REAL(m, key) pz_jset(o, key, json_real(PZ_VALUE(REAL, t, m)));
#define WRITE_WORST(m, key) pz_jset(o, key, json_real(PZ_VALUE(WORST, t, m)));
#define WRITE_FIGURE(m, key) pz_jset(o, key, json_real(PZ_VALUE(FIGURE, t, m)));
#define WRITE_REPS(m, key)                                                                         \
    if (repeat > 1 && t->ran)                                                                      \
        pz_jset(o, key, repetitions_json(t, repeat));
#define WRITE_SPREAD(m, key)                                                                       \
    pz_jset(o, key "_per_octave", json_integer(PZ_PER_OCTAVE));                                    \
    pz_jset(o, key, spread_json(&t->m));
#define WRITE_LIKE(m, key) pz_jset(o, key, like_json(t->m##_cpu_seconds, t->m##_ran, nsolvers));
#define WRITE_SIZES(m, key)                                                                        \
    if (pz_tally_sizes(t)) {                                                                       \
        pz_jset(o, key, sizes_json(t, repeat));                                                    \
        pz_jset(o, "growth", growth_json(t));                                                      \
    }

void pz_tally_json(json_t *o, const pz_tally *t, int repeat, int nsolvers)
{
    PZ_TALLY(WRITE)
}

/* A solver's relative speed, as the views print it: its CPU time over the
 * baseline's on the instances both solved in warm batches (pz_relative,
 * the table's), and with --repeat the ratio of its passes to the
 * baseline's with its 95% interval, or why there is none; null where it
 * has none.  Written from the fields it is computed from, never read. */
static json_t *relative_json(const pz_result *r, int s)
{
    int base = pz_baseline(r);
    long long both;
    double ratio, hl, lo, hi;
    if (base < 0 || !pz_relative(r, s, base, &ratio, &both))
        return json_null();
    json_t *o = json_object();
    if (!o)
        pz_fatal("out of memory");
    pz_jset(o, "baseline", str(r->opts.solvers[base]->name));
    pz_jset(o, "ratio", json_real(ratio));
    pz_jset(o, "instances", json_integer(both));
    if (s != base && r->opts.repeat > 1) {
        json_t *p = json_object();
        if (!p)
            pz_fatal("out of memory");
        int has = pz_relative_interval(r, s, base, &hl, &lo, &hi);
        pz_jset(p, "ratio", has ? json_real(hl) : json_null());
        pz_jset(p, "ci_low", has ? json_real(lo) : json_null());
        pz_jset(p, "ci_high", has ? json_real(hi) : json_null());
        if (!has && pz_relative_none(r, base))
            pz_jset(p, "none", str(pz_relative_none(r, base)));
        pz_jset(p, "of",
                str("each pass's CPU time per instance over the baseline's: "
                    "Hodges-Lehmann ratio, 95% interval"));
        pz_jset(o, "passes", p);
    }
    return o;
}

static json_t *solver_json(const pz_result *r, int s)
{
    json_t *o = json_object();
    if (!o)
        pz_fatal("out of memory");
    pz_jset(o, "name", str(r->opts.solvers[s]->name));
    pz_jset(o, "sampled", json_boolean(sampled(r, s)));
    pz_jset(o, "headline", str(headline_of(&r->tally[s])));
    pz_jset(o, "relative", relative_json(r, s));
    pz_tally_json(o, &r->tally[s], r->opts.repeat, r->opts.nsolvers);
    return o;
}

/* The run's counts that the JSON has at place (PZ_HEAD, ...), into o. */
static void counts_json(json_t *o, const pz_result *r, int place)
{
#define WRITE_COUNTS(kind, m, key, where, ...)                                                     \
    if (PZ_##where == place)                                                                       \
        pz_jset(o, key, PZ__JSON_##kind(r->m));
#define PZ__JSON_COUNT(x) json_integer(x)
#define PZ__JSON_REAL(x) json_real(x)
    PZ_COUNTS(WRITE_COUNTS)
}

static json_t *failure_json(const pz_result *r, const pz_failure *x)
{
    json_t *o = json_object(), *answers = json_array();
    if (!o || !answers)
        pz_fatal("out of memory");
    pz_jset(o, "index", json_integer(x->index));
    pz_jset(o, "input", str(x->input));
    pz_jset(o, "reference",
            str(x->reference < 0 ? "expected" : r->opts.solvers[x->reference]->name));
    if (x->expected) {
        pz_jset(o, "expected", str(x->expected));
        if (x->expected_why)
            pz_jset(o, "invalid", str(x->expected_why));
        if (x->refuted)
            pz_jset(o, "refuted", str(x->refuted));
    }
    for (int s = 0; s < r->opts.nsolvers; s++)
        if (x->answer[s]) {
            json_t *a = json_object();
            if (!a)
                pz_fatal("out of memory");
            pz_jset(a, "solver", str(r->opts.solvers[s]->name));
            pz_jset(a, "answer", str(x->answer[s]));
            pz_jset(a, "agrees", json_boolean(!((x->disagree >> s) & 1)));
            if (x->why[s])
                pz_jset(a, "invalid", str(x->why[s]));
            if (x->how[s])
                pz_jset(a, "differs", str(x->how[s]));
            pz_jappend(answers, a);
        }
    pz_jset(o, "answers", answers);
    return o;
}

json_t *pz_report_json(const pz_result *r)
{
    const pz_corpus *c = r->corpus;
    pz_context now;
    const pz_context *ctx = r->context;
    json_t *o = json_object(), *solvers = json_array(), *hist = json_array(), *fails = json_array(),
           *checker;
    if (!o || !solvers || !hist || !fails)
        pz_fatal("out of memory");
    if (!ctx)
        pz_context_gather(&now, r->opts.threads, time(NULL));
    else
        now = *ctx;
    corpus_hash(c, now.corpus_hash);
    pz_jset(o, "context", pz_context_json(&now));
    pz_jset(o, "puzzle", str(c->puzzle->name));
    pz_jset(o, "corpus", str(c->spec));
    pz_jset(o, "corpus_instances", json_integer(c->count));
    pz_jset(o, "corpus_content", content_json(c));
    pz_jset(o, "shard",
            json_pack("{sIsIsIsI}", "k", (json_int_t)r->shard.k, "n", (json_int_t)r->shard.n,
                      "first", (json_int_t)r->shard.first, "end", (json_int_t)r->shard.end));
    counts_json(o, r, PZ_HEAD);
    pz_jset(o, "partial", json_boolean(r->partial));
    pz_jset(o, "reference", str(r->expected ? "expected" : "first valid solver"));
    pz_jset(o, "sample", json_integer(r->opts.sample));
    pz_jset(o, "threads", json_integer(r->opts.threads));
    pz_jset(o, "batch", json_integer(r->opts.batch));
    pz_jset(o, "wall_s", json_real(r->wall_s));
    if (r->merged) /* wall_s is then the shards' sum */
        pz_jset(o, "real_wall_s", json_real(r->real_wall_s));
    pz_jset(o, "peak_rss_bytes", json_integer(r->peak_rss_bytes));
    if (r->opts.repeat > 1 || r->opts.warmup) {
        pz_jset(o, "repeat", json_integer(r->opts.repeat > 1 ? r->opts.repeat : 1));
        pz_jset(o, "warmup", json_boolean(r->opts.warmup));
    }
    if (pz_budget_on(&r->opts.budget)) { /* run --budget, as it reads */
        char budget[64];
        pz_budget_text(&r->opts.budget, budget, sizeof budget);
        pz_jset(o, "budget", str(budget));
    }
    for (int s = 0; s < r->opts.nsolvers; s++)
        pz_jappend(solvers, solver_json(r, s));
    pz_jset(o, "solvers", solvers);
    if (!(checker = json_object()))
        pz_fatal("out of memory");
    counts_json(checker, r, PZ_CHECKER);
    pz_jset(checker, "ns_per_answer", json_real(ns_per(r->check_seconds, r->checked)));
    pz_jset(o, "checker", checker);
    counts_json(o, r, PZ_TAIL);
    for (int k = 0; k < PZ_CLASSES; k++)
        if (r->hist[k])
            pz_jappend(hist, json_pack("{sisosI}", "class", k, "answer", str(r->names[k]), "count",
                                       (json_int_t)r->hist[k]));
    pz_jset(o, "histogram", hist);
    for (int i = 0; i < r->nfail; i++)
        pz_jappend(fails, failure_json(r, &r->fail[i]));
    pz_jset(o, "disagreements", fails);
    return o;
}

/* ------------------------------------------------------- a stress's writer */

/* A text of the report, cut as the terminal's is. */
static json_t *text(const char *s, size_t len)
{
    return pz_jstr(s, len < PZ_STRESS_SHOW_BYTES ? len : PZ_STRESS_SHOW_BYTES);
}

static json_t *str_or_null(const char *s)
{
    return s ? str(s) : json_null();
}

/* A number, or null where it is none (NaN). */
static json_t *real_or_null(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

static json_t *example_json(const pz_stress *s, const char *key, const pz_example *ex)
{
    json_t *o = json_object();
    if (!o)
        pz_fatal("out of memory");
    pz_jset(o, key, json_integer(ex->index));
    if (s->gen.cmd) {
        pz_jset(o, "seed", json_integer(s->seed0 + ex->index));
        pz_jset(o, "part", ex->part >= 0 ? json_integer(ex->part) : json_null());
    }
    pz_jset(o, "program", str(pz_stress_names[ex->who]));
    pz_jset(o, "verdict", str(pz_outcome_names[ex->seen]));
    pz_jset(o, "alone", str(ex->alone < PZ_OUTCOMES ? pz_outcome_names[ex->alone] : ""));
    pz_jset(o, "why", text(ex->why, strlen(ex->why)));
    pz_jset(o, "input", text(ex->input, ex->inlen));
    pz_jset(o, "expected", text(ex->expected, ex->explen));
    pz_jset(o, "received", ex->received ? text(ex->received, ex->reclen) : json_null());
    pz_jset(o, "stderr", ex->errors ? text(ex->errors, strlen(ex->errors)) : json_null());
    pz_jset(o, "saved", str_or_null(ex->saved));
    return o;
}

/* Verdict counts by name. */
static json_t *verdicts_json(const long long *count)
{
    json_t *o = json_object();
    if (!o)
        pz_fatal("out of memory");
    for (int v = 0; v < PZ_OUTCOMES; v++)
        pz_jset(o, pz_outcome_names[v], json_integer(count[v]));
    return o;
}

static json_t *program_json(const pz_stress *s, const pz_stress_tally *all, int k)
{
    const pz_stress_prog *g = &all->prog[k];
    pz_stress_speed v = pz_stress_speed_of(g);
    json_t *o = json_object();
    if (!o)
        pz_fatal("out of memory");
    pz_jset(o, "name", str(pz_stress_names[k]));
    pz_jset(o, "command", str_or_null(s->prog[k].cmd));
    pz_jset(o, "verdicts", verdicts_json(g->count));
    pz_jset(o, "charged", verdicts_json(g->charged));
    pz_jset(o, "runs", json_integer(g->runs));
    pz_jset(o, "cpu_s", json_real(g->cpu_s));
    pz_jset(o, "timed_runs", json_integer(g->timed_runs));
    pz_jset(o, "timed_instances", json_integer(g->time.ran));
    pz_jset(o, "cpu_s_per_instance",
            json_pack("{sosososo}", "median", real_or_null(v.median), "p10", real_or_null(v.p10),
                      "p90", real_or_null(v.p90), "mean", real_or_null(v.mean)));
    /* each run's peak memory (exec.h): their mean and the largest (null: no run) */
    pz_jset(o, "peak_memory_bytes_per_run",
            json_pack("{soso}", "mean",
                      g->runs ? json_integer(g->rss_kb * 1024 / g->runs) : json_null(), "max",
                      g->runs ? json_integer(g->rss_kb_max * 1024) : json_null()));
    return o;
}

json_t *pz_stress_report_json(const pz_stress_report *r)
{
    const pz_stress *s = r->s;
    const pz_stress_tally *all = r->all;
    json_t *o = json_object(), *fails = json_array(), *exs = json_array(), *shr = json_array(),
           *progs = json_array();
    char how[1024];
    if (!o || !fails || !exs || !shr || !progs)
        pz_fatal("out of memory");
    pz_jset(o, "context", pz_context_json(r->ctx));
    pz_jset(o, "command", str("stress"));
    pz_jset(o, "puzzle", str(s->p->name));
    pz_jset(o, "corpus", str_or_null(s->gen.cmd ? NULL : s->corpus.spec));
    pz_jset(o, "exec", str_or_null(s->prog[0].cmd));
    pz_jset(o, "against", str_or_null(s->prog[1].cmd));
    pz_jset(o, "gen", str_or_null(s->gen.cmd));
    if (s->gen.cmd)
        pz_jset(o, "seeds",
                json_pack("[II]", (json_int_t)s->seed0, (json_int_t)(s->seed0 + s->count - 1)));
    pz_jset(o, "unit", str(s->gen.cmd ? "seed" : "instance"));
    pz_jset(o, "instances", json_integer(s->count));
    pz_jset(o, "shard",
            json_pack("{sIsI}", "first", (json_int_t)s->first, "end", (json_int_t)s->end));
    pz_jset(o, "sample", json_integer(s->sample));
    pz_jset(o, "batch", json_integer(s->gen.cmd ? 1 : s->batch));
    pz_jset(o, "jobs", json_integer(s->jobs));
    pz_jset(o, "time_limit_ms", json_integer(s->lim.time_ms));
    pz_jset(o, "wall_limit_ms", json_integer(s->lim.wall_ms));
    pz_jset(o, "memory_limit_mb", json_integer(s->lim.memory_mb));
    pz_jset(o, "cpu_charged", str(pz_exec_accounting(how, sizeof how)));
    pz_jset(o, "memory_and_processes_limited", str(pz_exec_limiting(how, sizeof how)));
    pz_jset(o, "run_as", str(pz_exec_who(how, sizeof how)));
    pz_jset(o, "runs", json_integer(s->corpus_runs));
    pz_jset(o, "report_runs", json_integer(s->runs - s->corpus_runs));
    pz_jset(o, "split_runs", json_integer(s->split));
    pz_jset(o, "wall_s", json_real(r->wall));
    pz_jset(o, "partial", json_boolean(r->sig != 0));
    pz_jset(o, "signal", json_integer(r->sig));
    pz_jset(o, "judged", json_integer(s->done));
    pz_jset(o, "judged_instances", json_integer(all->instances));
    pz_jset(o, "unreferenced", json_integer(all->unreferenced));
    pz_jset(o, "jury_refuted", json_integer(all->jury));
    pz_jset(o, "jury_unknown", json_integer(all->jury_unknown));
    pz_jset(o, "jury_first", json_integer(all->jury ? all->jury_first : -1));
    pz_jset(o, "jury_why", str(all->jury_why));
    pz_jset(o, "verdicts", verdicts_json(all->prog[0].count));
    pz_jset(o, "charged", verdicts_json(all->prog[0].charged));
    for (int k = 0; k < (s->prog[1].cmd ? PZ_STRESS_PROGS : 1); k++)
        pz_jappend(progs, program_json(s, all, k));
    pz_jset(o, "programs", progs);
    if (s->prog[1].cmd) {
        pz_stress_versus v = pz_stress_compare(all);
        pz_jset(o, "exec_vs_against",
                json_pack("{sososososs}", "ratio", real_or_null(v.shift.ratio), "lo",
                          real_or_null(v.shift.lo), "hi", real_or_null(v.shift.hi), "p",
                          real_or_null(v.shift.p), "verdict", v.verdict));
    }
    pz_jset(o, "generator_runs", json_integer(all->gen_runs));
    pz_jset(o, "generator_cpu_s", json_real(all->gen_cpu_s));
    pz_jset(o, "reference_cpu_s", json_real(all->ref_cpu_s));
    for (int i = 0; i < all->nfails; i++) {
        const pz_stress_failure *f = &all->fails[i];
        json_t *x = json_pack("{sIssssso}", "index", (json_int_t)f->index, "program",
                              pz_stress_names[f->who], "verdict", pz_outcome_names[f->v], "why",
                              str(f->why));
        if (s->gen.cmd) {
            pz_jset(x, "seed", json_integer(s->seed0 + f->index));
            pz_jset(x, "part", f->part >= 0 ? json_integer(f->part) : json_null());
        }
        pz_jappend(fails, x);
    }
    pz_jset(o, "failures", fails);
    for (int i = 0; i < r->nex; i++)
        pz_jappend(exs, example_json(s, "index", &r->ex[i]));
    pz_jset(o, "examples", exs);
    for (int i = 0; i < r->nshrunk; i++) {
        json_t *x = example_json(s, "from", &r->shrunk[i]);
        pz_jset(x, "steps", json_integer(r->shrunk[i].steps));
        pz_jset(x, "runs", json_integer(r->shrunk[i].runs));
        pz_jappend(shr, x);
    }
    pz_jset(o, "shrunk", shr);
    pz_jset(o, "saved", json_integer(r->saved));
    pz_jset(o, "all_ac", json_boolean(r->all_ac));
    return o;
}

/* ----------------------------------------------------------------- reader */

typedef struct reader {
    pz_report_doc *rep;
    pz_jval root;
    pz_error *e;
} reader;

/* Instances of [first, end) whose index is a multiple of sample. */
static long long multiples(long long first, long long end, long long sample)
{
    return (end + sample - 1) / sample - (first + sample - 1) / sample;
}

static int read_content(reader *rd)
{
    pz_corpus *c = &rd->rep->corpus;
    pz_jval o = pz_jget(&rd->root, "corpus_content");
    static const char *const keys[] = {"in", "ans"};
    uint64_t *hash[] = {&c->in_hash, &c->ans_hash};
    int *has[] = {&c->has_in_hash, &c->has_ans_hash};
    if (!o.v)
        return pz_jfail(rd->e, &rd->root, "expected a member \"corpus_content\" in this object");
    if (json_is_null(o.v))
        return 0;
    if (!json_is_object(o.v))
        return pz_jfail(rd->e, &o, "expected \"corpus_content\" to be null or an object, found %s",
                        pz_jwhat(o.v));
    for (int i = 0; i < 2; i++) {
        pz_jval v = pz_jget(&o, keys[i]);
        unsigned long long h;
        int end = 0;
        if (!v.v)
            return pz_jfail(rd->e, &o, "expected a member \"%s\" in this object", keys[i]);
        if (json_is_null(v.v))
            continue;
        if (!json_is_string(v.v) ||
            sscanf(json_string_value(v.v), "xxh3-64:%16llx%n", &h, &end) != 1 || end != 24 ||
            json_string_length(v.v) != 24)
            return pz_jfail(
                rd->e, &v, "expected \"%s\" to be null or \"xxh3-64:\" and 16 hex digits", keys[i]);
        *hash[i] = h;
        *has[i] = 1;
    }
    return 0;
}

/* The run's counts that the JSON has at place (PZ_HEAD, ...), from o, each
 * at most the bound its line in result.h gives. */
static int read_counts_at(reader *rd, const pz_jval *o, int place)
{
    pz_result *r = &rd->rep->res;
#define READ_COUNTS(kind, m, key, where, most, same, since)                                        \
    if (PZ_##where == place && (PZ__SINCE_##since || pz_jget(o, key).v) &&                         \
        READ_COUNTS_##kind(m, key, most))                                                          \
        return -1;
#define READ_COUNTS_COUNT(m, key, most) pz_jneed_int(o, key, 0, most, &r->m, rd->e)
#define READ_COUNTS_REAL(m, key, most) pz_jneed_num(o, key, 0, &r->m, rd->e)
    PZ_COUNTS(READ_COUNTS)
    return 0;
}

/* The puzzle, the corpus and the shard: what the counts are checked against. */
static int read_header(reader *rd)
{
    pz_report_doc *rep = rd->rep;
    pz_result *r = &rep->res;
    pz_corpus *c = &rep->corpus;
    const pz_jval *root = &rd->root;
    pz_error *e = rd->e;
    pz_jval ctx, sh;
    char name[64], ref[32], spec[64];
    const char *corpus;
    long long threads, batch;
    pz_shard want;
    if (!json_is_object(root->v))
        return pz_jfail(e, root, "expected a report (an object), found %s", pz_jwhat(root->v));
    if (pz_jneed(root, "context", JSON_OBJECT, &ctx, e) ||
        pz_context_read(&ctx, &rep->context, e) ||
        pz_jneed_strbuf(root, "puzzle", name, sizeof name, e))
        return -1;
    if (!(c->puzzle = pz_find_puzzle(name))) {
        pz_jval v = pz_jget(root, "puzzle");
        return pz_jfail(
            e, &v, "expected a puzzle of this build (see puzzlebench list), found \"%s\"", name);
    }
    if (pz_jneed_str(root, "corpus", &corpus, e))
        return -1;
    c->spec = pz_xstrndup(corpus, strlen(corpus)); /* freed by pz_report_free */
    if (pz_jneed_int(root, "corpus_instances", 0, MAXC, &c->count, e) || read_content(rd) ||
        pz_jneed(root, "shard", JSON_OBJECT, &sh, e) ||
        pz_jneed_int(&sh, "k", 0, MAXC, &r->shard.k, e) ||
        pz_jneed_int(&sh, "n", r->shard.k + 1, MAXC, &r->shard.n, e) ||
        pz_jneed_int(&sh, "first", 0, c->count, &r->shard.first, e) ||
        pz_jneed_int(&sh, "end", r->shard.first, c->count, &r->shard.end, e))
        return -1;
    snprintf(spec, sizeof spec, "%lld/%lld", r->shard.k, r->shard.n);
    if (pz_parse_shard(spec, c->count, &want, e))
        return pz_jfail(e, &sh, "expected a shard K/N, found %s", spec);
    if (want.first != r->shard.first || want.end != r->shard.end)
        return pz_jfail(e, &sh,
                        "expected shard %s of %lld instances to be [%lld, %lld), found [%lld, "
                        "%lld)",
                        spec, c->count, want.first, want.end, r->shard.first, r->shard.end);
    if (read_counts_at(rd, root, PZ_HEAD) || pz_jneed_bool(root, "partial", &r->partial, e))
        return -1;
    if (!r->partial && r->instances != r->shard.end - r->shard.first) {
        pz_jval v = pz_jget(root, "instances");
        return pz_jfail(e, &v, "expected %lld instances in shard %s, found %lld",
                        r->shard.end - r->shard.first, spec, r->instances);
    }
    if (pz_jneed_strbuf(root, "reference", ref, sizeof ref, e))
        return -1;
    if (strcmp(ref, "expected") && strcmp(ref, "first valid solver")) {
        pz_jval v = pz_jget(root, "reference");
        return pz_jfail(e, &v,
                        "expected \"reference\" to be \"expected\" or \"first valid solver\"");
    }
    r->expected = !strcmp(ref, "expected");
    if (pz_jneed_int(root, "sample", 1, MAXC, &r->opts.sample, e) ||
        pz_jneed_int(root, "threads", 0, 1 << 20, &threads, e) ||
        pz_jneed_int(root, "batch", 0, 1 << 30, &batch, e) ||
        pz_jneed_num(root, "wall_s", 0, &r->wall_s, e))
        return -1;
    /* a merge's, written only there */
    if ((r->merged = pz_jget(root, "real_wall_s").v != NULL) &&
        pz_jneed_num(root, "real_wall_s", 0, &r->real_wall_s, e))
        return -1;
    /* older reports have none: 0, not known */
    if (pz_jget(root, "peak_rss_bytes").v &&
        pz_jneed_int(root, "peak_rss_bytes", 0, MAXC, &r->peak_rss_bytes, e))
        return -1;
    r->opts.threads = (int)threads;
    r->opts.batch = (int)batch;
    /* run --repeat K and --warmup, written only when used */
    long long repeat = 0;
    if (pz_jget(root, "repeat").v && pz_jneed_int(root, "repeat", 1, PZ_REPEAT, &repeat, e))
        return -1;
    if (pz_jget(root, "warmup").v && pz_jneed_bool(root, "warmup", &r->opts.warmup, e))
        return -1;
    /* run --budget, written only when given */
    char budget[64];
    if (pz_jget(root, "budget").v && (pz_jneed_strbuf(root, "budget", budget, sizeof budget, e) ||
                                      pz_parse_budget(budget, &r->opts.budget, e))) {
        pz_jval v = pz_jget(root, "budget");
        return pz_jfail(e, &v, "expected a budget as run --budget takes it (2s, 1e7n, 2s,1e7n)");
    }
    r->opts.repeat = (int)repeat;
    return 0;
}

/* A spread's [class, instances] pairs into to, each class once, their sum
 * at most MAXC (a spread holds an instance once a repetition).  per is its
 * classes an octave: PZ_PER_OCTAVE, or the 64 or 8 of older reports, each
 * counted in the class of its middle. */
static int read_pairs(reader *rd, const pz_jval *list, int per, pz_spread *to, long long *sum)
{
    int classes = per * PZ_OCTAVES;
    *sum = 0;
    for (size_t i = 0; i < json_array_size(list->v); i++) {
        pz_jval v = pz_jelem(list, i);
        json_t *b = json_array_get(v.v, 0), *n = json_array_get(v.v, 1);
        if (!json_is_array(v.v) || json_array_size(v.v) != 2 || !json_is_integer(b) ||
            json_integer_value(b) < 0 || json_integer_value(b) >= classes || !json_is_integer(n) ||
            json_integer_value(n) < 1 || json_integer_value(n) > MAXC)
            return pz_jfail(rd->e, &v,
                            "expected a pair [class, instances] with 0 <= class < %d and "
                            "instances >= 1",
                            classes);
        int k = (int)json_integer_value(b);
        if (per != PZ_PER_OCTAVE)
            k = pz_spread_reclass(k, per);
        if (pz_spread_at(to, k))
            return pz_jfail(rd->e, &v, "expected each class once, found class %lld again",
                            (long long)json_integer_value(b));
        if (json_integer_value(n) > MAXC - *sum)
            return pz_jfail(rd->e, &v, "expected a spread of at most %lld instances, found more",
                            MAXC);
        pz_spread_add(to, k, json_integer_value(n));
        *sum += json_integer_value(n);
    }
    return 0;
}

/* The classes an octave of the spread at key, from KEY_per_octave: today's
 * PZ_PER_OCTAVE, or 64 or (where it is missing) 8, of older reports. */
static int per_octave(reader *rd, const pz_jval *solver, const char *key, int *per)
{
    char name[64];
    long long k = 8;
    snprintf(name, sizeof name, "%s_per_octave", key);
    if (pz_jget(solver, name).v && pz_jneed_int(solver, name, 8, PZ_PER_OCTAVE, &k, rd->e))
        return -1;
    if (k != 8 && k != 64 && k != PZ_PER_OCTAVE) {
        pz_jval v = pz_jget(solver, name);
        return pz_jfail(rd->e, &v, "expected %s %d (or 64 or 8, of older reports), found %lld",
                        name, PZ_PER_OCTAVE, k);
    }
    *per = (int)k;
    return 0;
}

/* A solver's spread of batch times at key, into to; sum: its instances. */
static int read_spread(reader *rd, const pz_jval *solver, const char *key, pz_spread *to,
                       long long *sum)
{
    pz_jval list;
    int per = 0;
    if (per_octave(rd, solver, key, &per) || pz_jneed(solver, key, JSON_ARRAY, &list, rd->e))
        return -1;
    return read_pairs(rd, &list, per, to, sum);
}

/* A solver's like: two arrays of a number for each solver of the run. */
static int read_like(reader *rd, const pz_jval *solver, const char *key, double *cpu,
                     long long *ran)
{
    pz_jval o, c, n;
    int k = rd->rep->res.opts.nsolvers;
    if (pz_jneed(solver, key, JSON_OBJECT, &o, rd->e) ||
        pz_jneed(&o, "solved", JSON_ARRAY, &n, rd->e) ||
        pz_jneed(&o, "cpu_seconds", JSON_ARRAY, &c, rd->e))
        return -1;
    if ((int)json_array_size(c.v) != k || (int)json_array_size(n.v) != k)
        return pz_jfail(rd->e, &o,
                        "expected \"solved\" and \"cpu_seconds\" of %d numbers, one a solver", k);
    for (int u = 0; u < k; u++) {
        pz_jval x = pz_jelem(&c, (size_t)u), y = pz_jelem(&n, (size_t)u);
        if (!json_is_number(x.v) || !(json_number_value(x.v) >= 0))
            return pz_jfail(rd->e, &x, "expected a number of at least 0, found %s", pz_jwhat(x.v));
        if (!json_is_integer(y.v) || json_integer_value(y.v) < 0 || json_integer_value(y.v) > MAXC)
            return pz_jfail(rd->e, &y, "expected a whole number from 0 to %lld", MAXC);
        cpu[u] = json_number_value(x.v);
        ran[u] = json_integer_value(y.v);
    }
    return 0;
}

/* A sweep's sizes (sizes_json), where the report has them: each place once,
 * a board of sides 1 to 10 000, a spread of warm batches or cold batches'
 * instances and CPU seconds or both; every size's instances together at
 * most the warm ones (cpu_spread, read before), and the cold ones at most
 * the cold ones (cold_ran).  Its figures and headline are derived, not
 * read. */
static int read_sizes(reader *rd, const pz_jval *solver, const char *key, pz_tally *t)
{
    pz_jval list;
    long long all = 0, warm = pz_spread_total(&t->cpu_spread), cold = 0;
    if (!pz_jget(solver, key).v)
        return 0;
    if (pz_jneed(solver, key, JSON_ARRAY, &list, rd->e))
        return -1;
    for (size_t i = 0; i < json_array_size(list.v); i++) {
        pz_jval o = pz_jelem(&list, i);
        long long k, rows, cols, sum = 0;
        if (!json_is_object(o.v))
            return pz_jfail(rd->e, &o, "expected a size (an object), found %s", pz_jwhat(o.v));
        if (pz_jneed_int(&o, "size", 0, PZ_SIZES - 1, &k, rd->e) ||
            pz_jneed_int(&o, "rows", 1, 10000, &rows, rd->e) ||
            pz_jneed_int(&o, "cols", 1, 10000, &cols, rd->e))
            return -1;
        if (t->sizes[k].n || t->sizes_cold_ran[k]) {
            pz_jval v = pz_jget(&o, "size");
            return pz_jfail(rd->e, &v, "expected each size once, found size %lld again", k);
        }
        if ((pz_jget(&o, "cpu_spread").v || !pz_jget(&o, "cold_ran").v) &&
            read_spread(rd, &o, "cpu_spread", &t->sizes[k], &sum))
            return -1;
        if (pz_jget(&o, "cold_ran").v &&
            (pz_jneed_int(&o, "cold_ran", 1, MAXC, &t->sizes_cold_ran[k], rd->e) ||
             pz_jneed_num(&o, "cold_cpu_seconds", 0, &t->sizes_cold_cpu_seconds[k], rd->e)))
            return -1;
        if ((cold += t->sizes_cold_ran[k]) > t->cold_ran)
            return pz_jfail(rd->e, &o,
                            "expected the sizes to hold at most the %lld instances of the cold "
                            "batches (cold_ran), found %lld",
                            t->cold_ran, cold);
        t->sizes_rows[k] = (int)rows;
        t->sizes_cols[k] = (int)cols;
        if ((all += sum) > warm)
            return pz_jfail(rd->e, &o,
                            "expected the sizes to hold at most the %lld instances of the warm "
                            "batches (cpu_spread), found %lld",
                            warm, all);
    }
    return 0;
}

/* k numbers of at least min in the array at key of obj, into x[]. */
static int read_numbers(reader *rd, const pz_jval *obj, const char *key, int k, double min,
                        double *x)
{
    pz_jval list;
    if (pz_jneed(obj, key, JSON_ARRAY, &list, rd->e))
        return -1;
    if ((int)json_array_size(list.v) != k)
        return pz_jfail(rd->e, &list, "expected %d numbers in \"%s\", one a repetition, found %zu",
                        k, key, json_array_size(list.v));
    for (int i = 0; i < k; i++) {
        pz_jval v = pz_jelem(&list, (size_t)i);
        if (!json_is_number(v.v) || json_number_value(v.v) < min)
            return pz_jfail(rd->e, &v, "expected a number of at least %g, found %s", min,
                            pz_jwhat(v.v));
        x[i] = json_number_value(v.v);
    }
    return 0;
}

/* A solver's repetitions (run --repeat K): there exactly when the run was
 * repeated and the solver ran; each repetition's spread holds every
 * instance the solver ran.  Its times per instance are read back as the
 * seconds they were made of; median_ns and the mean's statistics are
 * derived, only checked to be numbers. */
static int read_repetitions(reader *rd, const pz_jval *v, int s, const char *name)
{
    pz_result *r = &rd->rep->res;
    pz_tally *t = &r->tally[s];
    pz_error *e = rd->e;
    pz_jval reps = pz_jget(v, "repetitions"), spreads;
    int k = r->opts.repeat;
    double ns[PZ_REPEAT];
    if (k < 2 || !t->ran) {
        if (reps.v)
            return pz_jfail(e, &reps, "expected no repetitions of %s: the run was %s", name,
                            k < 2 ? "not repeated" : "repeated, but the solver ran nothing");
        return 0;
    }
    if (pz_jneed(v, "repetitions", JSON_OBJECT, &reps, e) ||
        read_numbers(rd, &reps, "ns", k, 0, ns))
        return -1;
    for (int i = 0; i < k; i++)
        t->rep_cpu_seconds[i] = ns[i] * (double)t->ran / 1e9;
    if (read_numbers(rd, &reps, "wall_ns", k, 0, ns))
        return -1;
    for (int i = 0; i < k; i++)
        t->rep_seconds[i] = ns[i] * (double)t->ran / 1e9;
    if (read_numbers(rd, &reps, "median_ns", k, 0, ns) ||
        pz_jneed_num(&reps, "mean", 0, &(double){0}, e) ||
        pz_jneed_num(&reps, "sd", 0, &(double){0}, e) ||
        pz_jneed_num(&reps, "ci_low", -DBL_MAX, &(double){0}, e) ||
        pz_jneed_num(&reps, "ci_high", -DBL_MAX, &(double){0}, e) ||
        pz_jneed(&reps, "spreads", JSON_ARRAY, &spreads, e))
        return -1;
    if ((int)json_array_size(spreads.v) != k)
        return pz_jfail(e, &spreads, "expected %d spreads, one a repetition, found %zu", k,
                        json_array_size(spreads.v));
    for (int i = 0; i < k; i++) {
        pz_jval one = pz_jelem(&spreads, (size_t)i);
        long long sum;
        if (!json_is_array(one.v))
            return pz_jfail(e, &one, "expected a spread: [[class, instances], ...], found %s",
                            pz_jwhat(one.v));
        if (read_pairs(rd, &one, rd->rep->per_octave[s], &t->rep_spread[i], &sum))
            return -1;
        if (sum != t->ran)
            return pz_jfail(e, &one,
                            "expected the spread of repetition %d of %s to hold its %lld "
                            "instances, found %lld",
                            i + 1, name, t->ran, sum);
    }
    return 0;
}

/* Each kind of a solver's field, read from v (the solver's object) into t;
 * a NEW field may be missing (an older report's): 0. */
#define READ(kind, m, key, csv, fmt, same, since)                                                  \
    if ((PZ__SINCE_##since || pz_jget(v, key).v) && READ_##kind(m, key))                           \
        return -1;
#define READ_COUNT(m, key) pz_jneed_int(v, key, 0, MAXC, &t->m, e)
#define READ_AT(m, key) pz_jneed_int(v, key, -1, MAXC, &t->m, e)
#define READ_REAL(m, key) pz_jneed_num(v, key, 0, &t->m, e)
#define READ_WORST(m, key) pz_jneed_num(v, key, 0, &t->m, e)
#define READ_FIGURE(m, key) pz_jneed_num(v, key, 0, &(double){0}, e)
#define READ_REPS(m, key) read_repetitions(rd, v, s, name)
#define READ_SPREAD(m, key) read_spread(rd, v, key, &t->m, &(long long){0})
#define READ_LIKE(m, key) read_like(rd, v, key, t->m##_cpu_seconds, t->m##_ran)
#define READ_SIZES(m, key) read_sizes(rd, v, key, t)

/* Solver s's counts against its shard: the solver was given every
 * instance of it (a sampled one, those whose index is a multiple of the
 * sample) and each of them it ran or skipped; each answer in one class. */
static int check_counts(reader *rd, const pz_jval *v, int s, const char *name, int smp)
{
    pz_result *r = &rd->rep->res;
    pz_error *e = rd->e;
    pz_tally *t = &r->tally[s];
    long long given = smp ? multiples(r->shard.first, r->shard.end, r->opts.sample)
                          : r->shard.end - r->shard.first;
    pz_jval at = pz_jget(v, "ran");
    if (!r->partial && t->ran + t->skipped != given)
        return pz_jfail(e, &at,
                        "expected ran + skipped of %s to be the %lld instances of shard "
                        "[%lld, %lld) it was given, found %lld + %lld",
                        name, given, r->shard.first, r->shard.end, t->ran, t->skipped);
    if (r->partial && t->ran + t->skipped > (given < r->instances ? given : r->instances))
        return pz_jfail(e, &at,
                        "expected ran + skipped of %s to be at most the %lld instances done, "
                        "found %lld + %lld",
                        name, given < r->instances ? given : r->instances, t->ran, t->skipped);
    if (t->invalid > t->ran || t->disagree > t->ran) {
        pz_jval bad = pz_jget(v, t->invalid > t->ran ? "invalid" : "disagree");
        return pz_jfail(e, &bad, "expected at most the %lld answers %s gave, found %lld", t->ran,
                        name, t->invalid > t->ran ? t->invalid : t->disagree);
    }
    if (t->unknown > t->ran || t->estimated > t->unknown) { /* run --budget's games */
        pz_jval bad = pz_jget(v, t->unknown > t->ran ? "unknown" : "estimated");
        return pz_jfail(e, &bad, "expected at most the %lld %s of %s, found %lld",
                        t->unknown > t->ran ? t->ran : t->unknown,
                        t->unknown > t->ran ? "games it ran" : "games cut", name,
                        t->unknown > t->ran ? t->unknown : t->estimated);
    }
    /* The answer classes (result.h): each answer in one.  An older report
     * has none: its answers that were not cut and did not fail count as
     * certified, as they were judged then. */
    long long classes = t->certified + t->agreed + t->unknown + t->failed;
    if (!pz_jget(v, "certified").v) {
        long long failed = t->invalid + t->disagree;
        t->failed = failed < t->ran - t->unknown ? failed : t->ran - t->unknown;
        t->certified = t->ran - t->unknown - t->failed;
    } else if (classes > t->ran || (!r->partial && classes != t->ran)) {
        pz_jval c = pz_jget(v, "certified");
        return pz_jfail(e, &c,
                        "expected certified + agreed + unknown + failed of %s to be the %lld "
                        "answers it gave, found %lld",
                        name, t->ran, classes);
    }
    return 0;
}

/* Solver s's times against its counts: the spread holds each instance once
 * a repetition (run --repeat K times every batch K times), the warm and
 * cold batches no more (older reports have neither; a merge of older and
 * newer shards, some); like-with-like and the worst index in range. */
static int check_times(reader *rd, const pz_jval *v, int s, const char *name)
{
    pz_result *r = &rd->rep->res;
    pz_error *e = rd->e;
    pz_tally *t = &r->tally[s];
    long long spread = pz_spread_total(&t->spread), reps = r->opts.repeat > 1 ? r->opts.repeat : 1;
    if (spread != t->ran * reps) {
        pz_jval sp = pz_jget(v, "spread");
        if (reps > 1)
            return pz_jfail(e, &sp,
                            "expected the spread of %s to hold its %lld instances %lld times "
                            "(repeat %lld), found %lld",
                            name, t->ran, reps, reps, spread);
        return pz_jfail(e, &sp, "expected the spread of %s to hold its %lld instances, found %lld",
                        name, t->ran, spread);
    }
    long long warm = pz_spread_total(&t->cpu_spread);
    if (warm + t->cold_ran > t->ran * reps || t->cold_batches > t->cold_ran) {
        pz_jval sp = pz_jget(v, "cpu_spread");
        return pz_jfail(e, &sp,
                        "expected the warm batches' %lld instances and the cold batches' %lld "
                        "(in %lld batches) to be at most the %lld instances of %s's spread",
                        warm, t->cold_ran, t->cold_batches, t->ran * reps, name);
    }
    for (int u = 0; u < r->opts.nsolvers; u++)
        if (t->like_ran[u] > t->ran || (u == s && t->like_ran[u])) {
            pz_jval lk = pz_jget(v, "like");
            return pz_jfail(e, &lk,
                            "expected %s's instances like another solver's to be at most the "
                            "%lld it ran, none of its own, found %lld for solver %d",
                            name, t->ran, t->like_ran[u], u + 1);
        }
    if (t->ran ? t->worst_index < r->shard.first || t->worst_index >= r->shard.end
               : t->worst_index != -1) {
        pz_jval w = pz_jget(v, "worst_index");
        if (t->ran)
            return pz_jfail(e, &w, "expected \"worst_index\" in the shard [%lld, %lld), found %lld",
                            r->shard.first, r->shard.end, t->worst_index);
        return pz_jfail(e, &w, "expected \"worst_index\" -1 for a solver that ran nothing");
    }
    return 0;
}

/* Solver s: its name (once, of this build), its tally's fields, then its
 * counts and times checked against each other. */
static int read_solver(reader *rd, const pz_jval *v, int s)
{
    pz_result *r = &rd->rep->res;
    pz_error *e = rd->e;
    pz_tally *t = &r->tally[s];
    char name[64];
    int smp;
    const char *puzzle = rd->rep->corpus.puzzle->name;
    if (!json_is_object(v->v))
        return pz_jfail(e, v, "expected a solver (an object), found %s", pz_jwhat(v->v));
    if (pz_jneed_strbuf(v, "name", name, sizeof name, e) || pz_jneed_bool(v, "sampled", &smp, e))
        return -1;
    if (!(r->opts.solvers[s] = pz_find_solver(puzzle, name))) {
        pz_jval n = pz_jget(v, "name");
        return pz_jfail(e, &n, "expected a solver of %s in this build, found \"%s\"", puzzle, name);
    }
    for (int i = 0; i < s; i++)
        if (r->opts.solvers[i] == r->opts.solvers[s]) {
            pz_jval n = pz_jget(v, "name");
            return pz_jfail(e, &n, "expected each solver once, found %s again", name);
        }
    r->opts.slow |= (unsigned)smp << s;
    /* the repetitions' spreads are of the classes of the solver's spread */
    if (per_octave(rd, v, "spread", &rd->rep->per_octave[s]))
        return -1;
    PZ_TALLY(READ)
    return check_counts(rd, v, s, name, smp) || check_times(rd, v, s, name) ? -1 : 0;
}

static int read_solvers(reader *rd)
{
    pz_result *r = &rd->rep->res;
    pz_jval list;
    if (pz_jneed(&rd->root, "solvers", JSON_ARRAY, &list, rd->e))
        return -1;
    if (json_array_size(list.v) < 1 || json_array_size(list.v) > PZ_RUN_SOLVERS)
        return pz_jfail(rd->e, &list, "expected 1 to %d solvers", PZ_RUN_SOLVERS);
    r->opts.nsolvers = (int)json_array_size(list.v);
    for (int s = 0; s < r->opts.nsolvers; s++) {
        pz_jval v = pz_jelem(&list, (size_t)s);
        if (read_solver(rd, &v, s))
            return -1;
    }
    return 0;
}

/* The checker and the run's counts: each answer given was checked once, and
 * no count exceeds the instances. */
static int read_counts(reader *rd)
{
    pz_result *r = &rd->rep->res;
    pz_error *e = rd->e;
    pz_jval checker, v;
    long long answers = 0;
    if (pz_jneed(&rd->root, "checker", JSON_OBJECT, &checker, e) ||
        read_counts_at(rd, &checker, PZ_CHECKER) ||
        pz_jneed_num(&checker, "ns_per_answer", 0, &(double){0}, e))
        return -1;
    for (int s = 0; s < r->opts.nsolvers; s++) /* a game cut by the budget has no answer */
        answers += r->tally[s].ran - r->tally[s].unknown;
    if (r->checked != answers) {
        v = pz_jget(&checker, "answers");
        return pz_jfail(e, &v, "expected the %lld answers the solvers gave, found %lld", answers,
                        r->checked);
    }
    return read_counts_at(rd, &rd->root, PZ_TAIL);
}

static int read_histogram(reader *rd)
{
    pz_result *r = &rd->rep->res;
    pz_error *e = rd->e;
    pz_jval list;
    long long sum = 0;
    if (pz_jneed(&rd->root, "histogram", JSON_ARRAY, &list, e))
        return -1;
    for (size_t i = 0; i < json_array_size(list.v); i++) {
        pz_jval v = pz_jelem(&list, i);
        long long k, count;
        char name[PZ_NAME];
        if (pz_jneed_int(&v, "class", 0, PZ_CLASSES - 1, &k, e) ||
            pz_jneed_strbuf(&v, "answer", name, sizeof name, e) ||
            pz_jneed_int(&v, "count", 1, r->instances, &count, e))
            return -1;
        if (!*name) {
            pz_jval a = pz_jget(&v, "answer");
            return pz_jfail(e, &a, "expected an answer class of 1 to %d characters", PZ_NAME - 1);
        }
        if (r->hist[k])
            return pz_jfail(e, &v, "expected each class once, found class %lld again", k);
        /* PZ_CLASSES counts of up to MAXC each could overflow the sum. */
        if (count > MAXC - sum)
            return pz_jfail(e, &v,
                            "expected the histogram to add up to the %lld instances, "
                            "found more",
                            r->instances);
        memcpy(r->names[k], name, sizeof name);
        r->hist[k] = count;
        sum += count;
    }
    if (sum + r->unanswered != r->instances)
        return pz_jfail(e, &list,
                        "expected the histogram (%lld) and the unanswered instances (%lld) to "
                        "add up to the %lld instances",
                        sum, r->unanswered, r->instances);
    return 0;
}

/* The solver named by member key of v, as an index into the run's solvers. */
static int solver_index(reader *rd, const pz_jval *v, const char *key, int expected_ok, int *index)
{
    const pz_result *r = &rd->rep->res;
    const char *name;
    if (pz_jneed_str(v, key, &name, rd->e))
        return -1;
    if (expected_ok && !strcmp(name, "expected")) {
        *index = -1;
        return 0;
    }
    for (int i = 0; i < r->opts.nsolvers; i++)
        if (!strcmp(r->opts.solvers[i]->name, name)) {
            *index = i;
            return 0;
        }
    pz_jval n = pz_jget(v, key);
    return pz_jfail(rd->e, &n, "expected one of the run's solvers%s, found \"%s\"",
                    expected_ok ? " or \"expected\"" : "", name);
}

static int read_failure(reader *rd, const pz_jval *v, long long after, pz_failure *f)
{
    pz_result *r = &rd->rep->res;
    pz_error *e = rd->e;
    pz_jval answers;
    const char *text;
    if (!json_is_object(v->v))
        return pz_jfail(e, v, "expected a failure (an object), found %s", pz_jwhat(v->v));
    if (pz_jneed_int(v, "index", after + 1, r->shard.end - 1, &f->index, e) ||
        pz_jneed_str(v, "input", &text, e))
        return -1;
    f->input = pz_xstrndup(text, strlen(text));
    if (solver_index(rd, v, "reference", 1, &f->reference) ||
        pz_jneed(v, "answers", JSON_ARRAY, &answers, e))
        return -1;
    if (pz_jget(v, "expected").v) {
        if (pz_jneed_str(v, "expected", &text, e))
            return -1;
        f->expected = pz_xstrndup(text, strlen(text));
        if (pz_jget(v, "invalid").v && pz_jneed_str(v, "invalid", &f->expected_why, e))
            return -1;
        if (pz_jget(v, "refuted").v) {
            if (pz_jneed_str(v, "refuted", &text, e))
                return -1;
            f->refuted = pz_xstrndup(text, strlen(text));
        }
    }
    for (size_t k = 0; k < json_array_size(answers.v); k++) {
        pz_jval x = pz_jelem(&answers, k);
        int i = 0, agrees;
        if (solver_index(rd, &x, "solver", 0, &i) || pz_jneed_str(&x, "answer", &text, e) ||
            pz_jneed_bool(&x, "agrees", &agrees, e))
            return -1;
        if (f->answer[i])
            return pz_jfail(e, &x, "expected one answer of %s, found two",
                            r->opts.solvers[i]->name);
        f->answer[i] = pz_xstrndup(text, strlen(text));
        if (!agrees)
            f->disagree |= 1u << i;
        if (pz_jget(&x, "invalid").v && pz_jneed_str(&x, "invalid", &f->why[i], e))
            return -1;
        if (pz_jget(&x, "differs").v) { /* since the answer classes */
            if (pz_jneed_str(&x, "differs", &text, e))
                return -1;
            f->how[i] = pz_xstrndup(text, strlen(text));
        }
    }
    return 0;
}

/* The first failures by index, as many as the run keeps of its failures. */
static int read_failures(reader *rd)
{
    pz_result *r = &rd->rep->res;
    pz_jval list;
    long long want = r->failures < PZ_KEEP ? r->failures : PZ_KEEP, after;
    if (pz_jneed(&rd->root, "disagreements", JSON_ARRAY, &list, rd->e))
        return -1;
    if ((long long)json_array_size(list.v) != want)
        return pz_jfail(rd->e, &list, "expected the first %lld failures listed, found %zu", want,
                        json_array_size(list.v));
    r->fail = pz_xcalloc((size_t)want, sizeof *r->fail);
    after = r->shard.first - 1;
    for (long long i = 0; i < want; i++) {
        pz_jval v = pz_jelem(&list, (size_t)i);
        r->nfail++;
        if (read_failure(rd, &v, after, &r->fail[i]))
            return -1;
        after = r->fail[i].index;
    }
    return 0;
}

/* Reads the report in rep->doc; frees everything on an error. */
static int read_report(pz_report_doc *rep, pz_error *e)
{
    reader rd = {rep, pz_jroot(&rep->doc), e};
    rep->res.corpus = &rep->corpus;
    rep->res.context = &rep->context;
    rep->res.hist = pz_xcalloc(PZ_CLASSES, sizeof *rep->res.hist);
    rep->res.names = pz_xcalloc(PZ_CLASSES, sizeof *rep->res.names);
    if (read_header(&rd) || read_solvers(&rd) || read_counts(&rd) || read_histogram(&rd) ||
        read_failures(&rd)) {
        pz_report_free(rep);
        return -1;
    }
    return 0;
}

int pz_report_parse(pz_report_doc *rep, const char *name, const char *text, size_t len, pz_error *e)
{
    memset(rep, 0, sizeof *rep);
    return pz_jdoc_parse(&rep->doc, name, text, len, e) ? -1 : read_report(rep, e);
}

int pz_report_read(pz_report_doc *rep, const char *path, pz_error *e)
{
    memset(rep, 0, sizeof *rep);
    return pz_jdoc_read(&rep->doc, path, e) ? -1 : read_report(rep, e);
}

void pz_report_free(pz_report_doc *rep)
{
    free(rep->corpus.spec);
    rep->corpus.spec = NULL;
    pz_result_free(&rep->res);
    pz_jdoc_free(&rep->doc);
}

int pz_report_fail(pz_error *e, const pz_report_doc *rep, const char *path, const char *fmt, ...)
{
    pz_jval chain[16];
    char buf[256], msg[512], *save = NULL;
    int n = 0;
    va_list ap;
    chain[0] = pz_jroot(&rep->doc);
    snprintf(buf, sizeof buf, "%s", path);
    for (char *step = strtok_r(buf, ".", &save); step && n + 1 < 16;
         step = strtok_r(NULL, ".", &save)) {
        pz_jval next = json_is_array(chain[n].v) ? pz_jelem(&chain[n], strtoul(step, NULL, 10))
                                                 : pz_jget(&chain[n], step);
        if (!next.v)
            break;
        chain[n + 1] = next;
        chain[n + 1].up = &chain[n];
        n++;
    }
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return pz_jfail(e, &chain[n], "%s", msg);
}
