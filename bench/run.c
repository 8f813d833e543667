/* run.c - `puzzlebench run`: OpenMP batches that solve, time, check, compare.
 *
 * A shard of the corpus is cut into batches; threads take batches
 * (schedule(dynamic)).  For a batch a thread makes the instances, then each
 * solver solves every instance it takes under one CLOCK_MONOTONIC timer, so
 * timing costs nothing per instance; then every answer goes through the
 * puzzle's checker and is compared with the reference.  Counts are sums and
 * failures are kept by index, so the result does not depend on which thread
 * took which batch.  The reference is the corpus's expected answer where it
 * has one, else the answer of the first solver (registry order) that took
 * the instance and whose answer checks, else of the first that took it.
 */
#include <errno.h>
#include <math.h>
#include <omp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "judge.h"
#include "run.h"

/* What happened to one solver on one instance of a batch. */
enum { NOT_ASKED, SKIPPED, RAN, FAILED /* solve() returned an error */ };

typedef struct worker {
    char *inst;                       /* the batch's instances */
    char *ans[PZ_RUN_SOLVERS];        /* each solver's answers */
    unsigned char *took[PZ_RUN_SOLVERS];
    void *scratch[PZ_RUN_SOLVERS];    /* kept across batches: solvers cache tables */
    int *todo;
    pz_tally tally[PZ_RUN_SOLVERS];
    long long instances, failures, unanswered, expected_invalid, checked;
    double check_seconds;
    long long *hist;
    char (*names)[PZ_NAME];
    pz_failure keep[PZ_KEEP];         /* this thread's first failures by index */
    int nkeep;
} worker;

typedef struct job {
    const pz_corpus *c;
    const pz_run_opts *o;
    int batch;
    double wall_cost, cpu_cost;       /* what reading each clock costs */
} job;

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
    stop_signal = sig;
}

/* The least time between two readings of a clock: its own cost, which a
 * timed batch of few instances would otherwise charge to the solver. */
static double clock_cost(double (*clock)(void))
{
    double best = 1;
    for (int i = 0; i < 64; i++) {
        double a = clock(), b = clock();
        if (b - a < best)
            best = b - a;
    }
    return best;
}

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        pz_fatal("out of memory");
    return p;
}

int pz_parse_shard(const char *s, long long count, pz_shard *sh, pz_error *e)
{
    long long k = 0, n = 1;
    const char *p = s;
    if (s && (!pz_parse_uint(&p, 1ll << 40, &k) || *p++ != '/' ||
              !pz_parse_uint(&p, 1ll << 40, &n) || *p || n < 1 || k >= n))
        return pz_fail(e, NULL, "expected --shard K/N with 0 <= K < N (shards count from 0), "
                       "found '%s'", s);
    sh->k = k;
    sh->n = n;
    sh->first = (long long)((__int128)count * k / n);
    sh->end = (long long)((__int128)count * (k + 1) / n);
    return 0;
}

int pz_parse_sample(const char *s, long long *every, pz_error *e)
{
    const char *p = s;
    long long one;
    if (!pz_parse_uint(&p, 1, &one) || one != 1 || *p++ != '/' ||
        !pz_parse_uint(&p, 1ll << 50, every) || *p || *every < 1)
        return pz_fail(e, NULL, "expected --sample 1/R with R >= 1 (slow solvers take every "
                       "R-th instance), found '%s'", s);
    return 0;
}

int pz_spread_class(double ns)
{
    double c = ns > 0 ? 8 * (log2(ns) + 8) : 0;
    return c < 0 ? 0 : c >= PZ_SPREAD ? PZ_SPREAD - 1 : (int)c;
}

double pz_spread_ns(int cls)
{
    return exp2((cls + 0.5) / 8 - 8);
}

double pz_quantile(const pz_tally *t, double q)
{
    long long seen = 0, total = 0;
    for (int b = 0; b < PZ_SPREAD; b++)
        total += t->spread[b];
    for (int b = 0; b < PZ_SPREAD; b++)
        if (total && (seen += t->spread[b]) >= q * (double)total)
            return pz_spread_ns(b);
    return 0;
}

/* A batch of ns per instance whose first instance run is at index (called
 * before t->ran counts the batch). */
static void keep_worst(pz_tally *t, double ns, long long index)
{
    if (!t->ran || ns > t->worst_ns || (ns == t->worst_ns && index < t->worst_index)) {
        t->worst_ns = ns;
        t->worst_index = index;
    }
}

void pz_tally_add(pz_tally *to, const pz_tally *from)
{
    if (from->ran)
        keep_worst(to, from->worst_ns, from->worst_index);
    to->ran += from->ran;
    to->skipped += from->skipped;
    to->invalid += from->invalid;
    to->disagree += from->disagree;
    to->seconds += from->seconds;
    to->cpu_seconds += from->cpu_seconds;
    for (int b = 0; b < PZ_SPREAD; b++)
        to->spread[b] += from->spread[b];
}

/* At least 64 batches, so threads share uneven work; at most PZ_BATCH
 * instances, so a batch's working set stays in cache. */
int pz_default_batch(long long instances)
{
    long long b = instances / 64;
    return b < 1 ? 1 : b > PZ_BATCH ? PZ_BATCH : (int)b;
}

/* One instance as a whole judge input, or its answer (ans not NULL). */
static char *text_of(const pz_puzzle *p, const void *inst, const void *ans)
{
    size_t len;
    return ans ? pz_render_answers(p, 1, inst, ans, 1, &len) : pz_render_input(p, inst, 1, &len);
}

void pz_failure_free(pz_failure *f)
{
    free(f->inst);
    free(f->input);
    free(f->expected);
    for (int s = 0; s < PZ_RUN_SOLVERS; s++)
        free(f->answer[s]);
    memset(f, 0, sizeof *f);
}

/* Keeps the failure if it is among this thread's first PZ_KEEP by index. */
static void keep_failure(const job *jb, worker *w, long long index, int j, const void *expected,
                         const char *ewhy, const char **why, unsigned differ, int ref)
{
    const pz_puzzle *p = jb->c->puzzle;
    const void *inst = w->inst + (size_t)j * p->inst_size;
    int at = w->nkeep;
    while (at > 0 && w->keep[at - 1].index > index)
        at--;
    if (at == PZ_KEEP)
        return;
    if (w->nkeep == PZ_KEEP)
        pz_failure_free(&w->keep[--w->nkeep]);
    memmove(&w->keep[at + 1], &w->keep[at], (size_t)(w->nkeep - at) * sizeof *w->keep);
    w->nkeep++;
    pz_failure *f = &w->keep[at];
    memset(f, 0, sizeof *f);
    f->index = index;
    f->inst = xcalloc(1, p->inst_size);
    memcpy(f->inst, inst, p->inst_size);
    f->input = text_of(p, inst, NULL);
    f->expected = expected ? text_of(p, inst, expected) : NULL;
    f->expected_why = ewhy;
    f->disagree = differ;
    f->reference = ref;
    for (int s = 0; s < jb->o->nsolvers; s++)
        if (w->took[s][j] >= RAN) {
            f->answer[s] = w->took[s][j] == FAILED
                               ? xcalloc(1, 1)   /* no answer to show */
                               : text_of(p, inst, w->ans[s] + (size_t)j * p->ans_size);
            f->why[s] = why[s];
        }
}

/* Checks every answer to instance j of the batch, compares it with the
 * reference, and counts. */
static void judge(const job *jb, worker *w, long long index, int j)
{
    const pz_puzzle *p = jb->c->puzzle;
    const pz_run_opts *o = jb->o;
    const void *inst = w->inst + (size_t)j * p->inst_size;
    const void *expected = pz_corpus_expected(jb->c, index), *ref = expected;
    const char *why[PZ_RUN_SOLVERS], *ewhy = NULL;
    unsigned ran = 0, bad = 0, differ = 0;
    int refsolver = -1, refok;
    for (int s = 0; s < o->nsolvers; s++) {
        int t = w->took[s][j];
        why[s] = NULL;
        if (t < RAN)
            continue;
        ran |= 1u << s;
        w->checked++;
        if (t == FAILED)
            why[s] = "the solver reported an error";
        else if (p->check(inst, w->ans[s] + (size_t)j * p->ans_size, &why[s]) == PZ_VALID)
            why[s] = NULL;
        if (why[s]) {
            bad |= 1u << s;
            w->tally[s].invalid++;
        }
    }
    if (expected) {
        if (p->check(inst, expected, &ewhy) == PZ_VALID)
            ewhy = NULL;
        else
            w->expected_invalid++;
        refok = !ewhy;
    } else if (ran) {
        unsigned pick = (ran & ~bad) ? ran & ~bad : ran;
        refsolver = __builtin_ctz(pick);
        ref = w->ans[refsolver] + (size_t)j * p->ans_size;
        refok = !((bad >> refsolver) & 1);
    } else {
        refok = 0;
    }
    for (int s = 0; s < o->nsolvers; s++)
        if (((ran >> s) & 1) && s != refsolver && w->took[s][j] != FAILED &&
            !p->same(inst, ref, w->ans[s] + (size_t)j * p->ans_size)) {
            differ |= 1u << s;
            w->tally[s].disagree++;
        }
    if (refok) {
        int k = p->classify(inst, ref, NULL, 0);
        if (k < 0 || k >= PZ_CLASSES)
            pz_fatal("%s: classify() gave class %d, outside 0..%d", p->name, k, PZ_CLASSES - 1);
        if (!w->hist[k]++)
            p->classify(inst, ref, w->names[k], PZ_NAME);
    } else {
        w->unanswered++;
    }
    if (bad || differ || ewhy) {
        w->failures++;
        keep_failure(jb, w, index, j, expected, ewhy, why, differ, refsolver);
    }
}

static void run_batch(const job *jb, worker *w, long long lo, long long hi)
{
    const pz_puzzle *p = jb->c->puzzle;
    const pz_run_opts *o = jb->o;
    size_t isz = p->inst_size, asz = p->ans_size;
    int n = (int)(hi - lo);
    for (int j = 0; j < n; j++)
        pz_corpus_get(jb->c, lo + j, w->inst + (size_t)j * isz);
    for (int s = 0; s < o->nsolvers; s++) {
        const pz_solver *sv = o->solvers[s];
        unsigned char *took = w->took[s];
        char *ans = w->ans[s];
        void *scratch = w->scratch[s];
        int sampled = (o->slow >> s) & 1, count = 0, skipped = 0;
        for (int j = 0; j < n; j++) {
            took[j] = NOT_ASKED;
            if (sampled && (lo + j) % o->sample)
                continue;
            if (!sv->fits(w->inst + (size_t)j * isz)) {
                took[j] = SKIPPED;
                skipped++;
                continue;
            }
            took[j] = RAN;
            w->todo[count++] = j;
        }
        double c0 = pz_cpu_now(), t0 = pz_now(), t;
        for (int k = 0; k < count; k++) {
            int j = w->todo[k];
            if (sv->solve(w->inst + (size_t)j * isz, ans + (size_t)j * asz, scratch))
                took[j] = FAILED;
        }
        t = fmax(pz_now() - t0 - jb->wall_cost, 0);
        w->tally[s].cpu_seconds += fmax(pz_cpu_now() - c0 - jb->cpu_cost - 2 * jb->wall_cost, 0);
        w->tally[s].seconds += t;
        w->tally[s].skipped += skipped;
        if (count) {
            double ns = t * 1e9 / count;
            keep_worst(&w->tally[s], ns, lo + w->todo[0]);
            w->tally[s].spread[pz_spread_class(ns)] += count;
            w->tally[s].ran += count;
        }
    }
    double t0 = pz_now();
    for (int j = 0; j < n; j++)
        judge(jb, w, lo + j, j);
    w->check_seconds += pz_now() - t0;
    w->instances += n;
}

static void worker_init(worker *w, const job *jb)
{
    const pz_puzzle *p = jb->c->puzzle;
    size_t b = (size_t)jb->batch;
    w->inst = xcalloc(b, p->inst_size);
    w->todo = xcalloc(b, sizeof *w->todo);
    w->hist = xcalloc(PZ_CLASSES, sizeof *w->hist);
    w->names = xcalloc(PZ_CLASSES, sizeof *w->names);
    for (int s = 0; s < jb->o->nsolvers; s++) {
        w->ans[s] = xcalloc(b, p->ans_size);
        w->took[s] = xcalloc(b, 1);
        w->scratch[s] = jb->o->solvers[s]->scratch_size
                            ? xcalloc(1, jb->o->solvers[s]->scratch_size) : NULL;
    }
}

static void worker_free(worker *w)
{
    free(w->inst);
    free(w->todo);
    free(w->hist);
    free(w->names);
    for (int s = 0; s < PZ_RUN_SOLVERS; s++) {
        free(w->ans[s]);
        free(w->took[s]);
        free(w->scratch[s]);
    }
    for (int i = 0; i < w->nkeep; i++)
        pz_failure_free(&w->keep[i]);
}

static void show_progress(long long done, long long total, double start, int last)
{
    double t = pz_now() - start;
    if (last) {
        fputs("\r\033[K", stderr);
        return;
    }
    fprintf(stderr, "\r\033[Krun: %lld/%lld (%.1f%%) %.0f s", done, total,
            100.0 * (double)done / (double)total, t);
    if (done > 0)
        fprintf(stderr, ", about %.0f s left", t * (double)(total - done) / (double)done);
}

static int by_index(const void *a, const void *b)
{
    long long x = ((const pz_failure *)a)->index, y = ((const pz_failure *)b)->index;
    return (x > y) - (x < y);
}

int pz_keep_first(pz_failure *f, int n)
{
    if (n)                       /* qsort must not get NULL, even for no elements */
        qsort(f, (size_t)n, sizeof *f, by_index);
    while (n > PZ_KEEP)
        pz_failure_free(&f[--n]);
    return n;
}

/* Sums the workers into res; their first failures merge in index order. */
static void merge(pz_result *res, worker *ws, int nw)
{
    pz_failure *all = xcalloc((size_t)nw * PZ_KEEP, sizeof *all);
    int n = 0;
    res->hist = xcalloc(PZ_CLASSES, sizeof *res->hist);
    res->names = xcalloc(PZ_CLASSES, sizeof *res->names);
    for (int t = 0; t < nw; t++) {
        worker *w = &ws[t];
        for (int s = 0; s < res->opts.nsolvers; s++)
            pz_tally_add(&res->tally[s], &w->tally[s]);
        res->instances += w->instances;
        res->failures += w->failures;
        res->unanswered += w->unanswered;
        res->expected_invalid += w->expected_invalid;
        res->checked += w->checked;
        res->check_seconds += w->check_seconds;
        for (int k = 0; k < PZ_CLASSES; k++)
            if (w->hist[k]) {
                res->hist[k] += w->hist[k];
                memcpy(res->names[k], w->names[k], PZ_NAME);
            }
        memcpy(all + n, w->keep, (size_t)w->nkeep * sizeof *all);
        n += w->nkeep;
        w->nkeep = 0;
    }
    res->fail = all;
    res->nfail = pz_keep_first(all, n);
}

int pz_run(const pz_corpus *c, const pz_shard *sh, const pz_run_opts *o, pz_result *res)
{
    long long total = sh->end - sh->first, done = 0;
    int threads = o->threads > 0 ? o->threads : omp_get_max_threads(), used = 1;
    job jb = { c, o, o->batch > 0 ? o->batch : pz_default_batch(total), clock_cost(pz_now),
               clock_cost(pz_cpu_now) };
    long long nbatches = (total + jb.batch - 1) / jb.batch;
    struct sigaction sa, oldint, oldterm;
    worker *ws = xcalloc((size_t)threads, sizeof *ws);
    double start, next = 0;

    memset(res, 0, sizeof *res);
    res->corpus = c;
    res->expected = c->expected != NULL;
    res->shard = *sh;
    res->opts = *o;
    res->opts.batch = jb.batch;
    for (int s = 0; s < o->nsolvers; s++)
        pz_prepare(o->solvers[s]);

    /* The first signal stops the run after the batches in hand; a second
     * one, with the default action restored, ends the process at once. */
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = (int)SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    stop_signal = 0;
    sigaction(SIGINT, &sa, &oldint);
    sigaction(SIGTERM, &sa, &oldterm);
    if (oldint.sa_handler == SIG_IGN)         /* ignored by whoever started us: stay so */
        sigaction(SIGINT, &oldint, NULL);
    if (oldterm.sa_handler == SIG_IGN)
        sigaction(SIGTERM, &oldterm, NULL);

    start = pz_now();
#pragma omp parallel num_threads(threads)
    {
        worker *w = &ws[omp_get_thread_num()];
        worker_init(w, &jb);
#pragma omp single nowait
        used = omp_get_num_threads();
#pragma omp for schedule(dynamic, 1)
        for (long long b = 0; b < nbatches; b++) {
            if (stop_signal)
                continue;
            long long lo = sh->first + b * jb.batch;
            long long hi = lo + jb.batch < sh->end ? lo + jb.batch : sh->end;
            run_batch(&jb, w, lo, hi);
            if (o->progress) {
                double t;
#pragma omp atomic
                done += hi - lo;
                if (omp_get_thread_num() == 0 && (t = pz_now()) > next) {
                    long long d;
#pragma omp atomic read
                    d = done;
                    show_progress(d, total, start, 0);
                    next = t + 0.5;
                }
            }
        }
    }
    res->wall_s = pz_now() - start;
    if (o->progress)
        show_progress(done, total, start, 1);
    sigaction(SIGINT, &oldint, NULL);
    sigaction(SIGTERM, &oldterm, NULL);

    res->opts.threads = used;
    merge(res, ws, threads);
    for (int t = 0; t < threads; t++)
        worker_free(&ws[t]);
    free(ws);
    res->signal = stop_signal;
    res->partial = res->instances < total;
    return res->partial ? -1 : 0;
}

void pz_result_free(pz_result *res)
{
    for (int i = 0; i < res->nfail; i++)
        pz_failure_free(&res->fail[i]);
    free(res->fail);
    free(res->hist);
    free(res->names);
    res->fail = NULL;
    res->hist = NULL;
    res->names = NULL;
    res->nfail = 0;
}

/* Shrinking ------------------------------------------------------------ */

typedef struct shrinker {
    const pz_puzzle *p;
    const pz_solver *solvers[PZ_RUN_SOLVERS];
    void *scratch[PZ_RUN_SOLVERS];
    char *ans;                        /* one answer per solver */
    int n;
    int ref;                          /* after fails(): the first valid answer, or -1 */
    unsigned bad;                     /* after fails(): the answers the checker rejects */
    double deadline;                  /* shrinking stops trying then */
    int late;                         /* and says so */
} shrinker;

/* Does inst still show a failure: an answer the checker rejects, or two
 * answers that check and differ?  Leaves every answer in k->ans and the
 * first that checks, in registry order, in k->ref. */
static int fails(shrinker *k, const void *inst)
{
    const pz_puzzle *p = k->p;
    const char *why;
    unsigned bad = 0;
    int differ = 0;
    k->ref = -1;
    for (int s = 0; s < k->n; s++) {
        char *a = k->ans + (size_t)s * p->ans_size;
        if (!k->solvers[s]->fits(inst))
            continue;
        if (k->solvers[s]->solve(inst, a, k->scratch[s]) || p->check(inst, a, &why) != PZ_VALID)
            bad |= 1u << s;
        else if (k->ref < 0)
            k->ref = s;
        else
            differ |= !p->same(inst, k->ans + (size_t)k->ref * p->ans_size, a);
    }
    k->bad = bad;
    return bad || differ;
}

static uint64_t fnv1a(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return h;
}

static int write_text(const char *path, const char *text)
{
    char tmp[4200];
    FILE *f = pz_atomic_open(path, tmp, sizeof tmp);
    if (!f)
        return -1;
    fputs(text, f);
    return pz_atomic_close(f, tmp, path);
}

/* Shrinking a failure of slow solvers on a big board could take hours: it
 * stops, with the smallest failing instance so far, after SHRINK_SECONDS. */
enum { SHRINK_SECONDS = 60 };

static int still_fails(void *ctx, const void *inst)
{
    shrinker *k = ctx;
    if (pz_now() > k->deadline)
        return !(k->late = 1);
    return fails(k, inst);
}

static int save_one(shrinker *k, const pz_failure *f, const char *dir)
{
    const pz_puzzle *p = k->p;
    char path[4096], ansp[4096], size[32], *in, *ans = NULL;
    int steps, wrote = 0, bad;
    void *small = xcalloc(1, p->inst_size);
    struct stat st;
    k->deadline = pz_now() + SHRINK_SECONDS;
    k->late = 0;
    steps = pz_shrink_greedy(p, f->inst, small, still_fails, k, 100000);
    bad = fails(k, small);
    in = text_of(p, small, NULL);
    /* The .ans holds the reference as in the run: the first answer, in
     * registry order, that the checker accepts.  Where one answer fails its
     * check, that is the other one; where both check and differ, it is the
     * reference solver's, which may be the wrong one: a person decides. */
    if (k->ref >= 0)
        ans = text_of(p, small, k->ans + (size_t)k->ref * p->ans_size);
    p->size(small, size, sizeof size);
    snprintf(path, sizeof path, "%s/%s-%012llx.in", dir, p->name,
             (unsigned long long)(fnv1a(in) >> 16));
    if (!bad) {
        fprintf(stderr, "puzzlebench: failure at index %lld does not reproduce\n", f->index);
    } else if (mkdir(dir, 0777) && errno != EEXIST) {
        fprintf(stderr, "puzzlebench: cannot make %s: %s; no regression saved\n", dir,
                strerror(errno));
    } else if (stat(path, &st) == 0) {
        fprintf(stderr, "puzzlebench: index %lld shrinks to %s, already there\n", f->index, path);
    } else if ((ans && write_text(pz_ans_path(path, ansp, sizeof ansp), ans)) ||
               write_text(path, in)) {
        fprintf(stderr, "puzzlebench: no regression saved for index %lld\n", f->index);
    } else {                          /* the .ans first: a .in never lacks its answer */
        wrote = 1;
        fprintf(stderr, "puzzlebench: index %lld shrinks in %d steps%s to a %s instance: wrote %s",
                f->index, steps, k->late ? " (then the time ran out)" : "", size, path);
        if (ans)
            fprintf(stderr, k->bad ? " and .ans (%s's answer, which checks)"
                                   : " and .ans (%s's: both answers check, review it)",
                    k->solvers[k->ref]->name);
        fputc('\n', stderr);
    }
    free(small);
    free(in);
    free(ans);
    return wrote;
}

int pz_save_regressions(const pz_result *res, const char *dir)
{
    shrinker k = { .p = res->corpus->puzzle };
    int wrote = 0, tried = 0;
    k.ans = xcalloc((size_t)res->opts.nsolvers, k.p->ans_size);
    for (int i = 0; i < res->nfail && tried < PZ_SHRINK; i++) {
        const pz_failure *f = &res->fail[i];
        k.n = 0;
        for (int s = 0; s < res->opts.nsolvers; s++)   /* the solvers that took it */
            if (f->answer[s])
                k.solvers[k.n++] = res->opts.solvers[s];
        for (int s = 0; s < k.n; s++) {
            free(k.scratch[s]);
            k.scratch[s] = xcalloc(1, k.solvers[s]->scratch_size);
        }
        /* A disagreement with a file's expected answer alone does not shrink:
         * the file is the regression already. */
        if (!fails(&k, f->inst))
            continue;
        tried++;
        wrote += save_one(&k, f, dir);
    }
    for (int s = 0; s < PZ_RUN_SOLVERS; s++)
        free(k.scratch[s]);
    free(k.ans);
    return wrote;
}

/* The command ------------------------------------------------------------ */

static void help(void)
{
    printf("usage: puzzlebench run PUZZLE --corpus SPEC [options]\n"
           "\n"
           "Solves every instance of the corpus (or its shard) with each solver, checks every\n"
           "answer with the puzzle's independent checker, and compares it with the reference:\n"
           "the corpus's expected answer (FILE.ans) where there is one, else the answer of the\n"
           "first solver (in `puzzlebench list` order) that takes the instance and whose answer\n"
           "checks.  Per solver it reports what ran, was skipped (fits() refused it),\n"
           "failed the check (invalid) or differed from the reference (disagree), and the\n"
           "time per instance: the mean, the median batch, the 10th-90th percentile of\n"
           "batches, the slowest batch (with --batch 1, the slowest instance) and the index\n"
           "where it starts, and CPU time.  The first %d failures by index are listed in\n"
           "full; the first %d are shrunk and saved as DIR/PUZZLE-HASH.in with the\n"
           "reference's .ans.\n"
           "\n"
           "  --corpus SPEC     PUZZLE:KIND[:key=value]... or a judge-format FILE.in\n"
           "  --solvers A,B     the solvers to run (default: all of the puzzle's)\n"
           "  --threads T       OpenMP threads (default: OMP_NUM_THREADS or the cores)\n"
           "  --shard K/N       only shard K of N (0 <= K < N): a contiguous share of the\n"
           "                    indices; the N shards together are the corpus, once\n"
           "  --sample 1/R      slow solvers run only on instances whose index is a multiple\n"
           "                    of R; the slow ones are those after the puzzle's first two in\n"
           "                    `puzzlebench list` order, or those given with --slow\n"
           "  --slow A,B        the solvers --sample applies to\n"
           "  --batch B         instances per batch (default: the shard / 64, at most %d)\n"
           "  --json F, --csv F, --md F\n"
           "                    reports (F '-' is stdout), written through a temporary file\n"
           "  --save DIR        where shrunk failures go (default corpus/regressions)\n"
           "  --no-save         do not shrink or save failures\n"
           "\n"
           "Exit status: 0 every answer checks and agrees; 1 an answer fails its check or\n"
           "differs from the reference; 2 bad usage or input; 130 (SIGINT) or 143 (SIGTERM)\n"
           "when interrupted: the batches finished by then are reported, marked partial.\n"
           "A second signal ends the process at once.\n",
           PZ_KEEP, PZ_SHRINK, PZ_BATCH);
}

/* Parses "a,b" into a set of p's solvers: bit r is its r-th in the registry. */
static int parse_solvers(const pz_puzzle *p, const char *list, unsigned long long *set,
                         const char *opt)
{
    char buf[512], names[512] = "", *save = NULL;
    size_t len = 0;
    *set = 0;
    for (int i = 0; pz_solvers[i]; i++)
        if (pz_solvers[i]->puzzle == p && len < sizeof names)
            len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", len ? ", " : "",
                                    pz_solvers[i]->name);
    snprintf(buf, sizeof buf, "%s", list);
    for (char *name = strtok_r(buf, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        int found = -1, rank = 0;
        for (int i = 0; pz_solvers[i] && found < 0; i++)
            if (pz_solvers[i]->puzzle == p && rank++ < 64 && !strcmp(pz_solvers[i]->name, name))
                found = rank - 1;
        if (found < 0)
            return pz_usage("run: %s: %s has no solver '%s' (solvers: %s)", opt, p->name, name,
                            names);
        if ((*set >> found) & 1)
            return pz_usage("run: %s: '%s' is listed twice", opt, name);
        *set |= 1ull << found;
    }
    if (!*set)
        return pz_usage("run: %s: expected solver names (solvers: %s)", opt, names);
    return 0;
}

int pz_puzzle_arg(const char *cmd, const char *arg, const pz_puzzle **p)
{
    if (arg[0] == '-')
        return pz_usage("%s: unknown option or missing value '%s' (try %s --help)", cmd, arg, cmd);
    if (*p)
        return pz_usage("%s: one puzzle at a time, found '%s' too", cmd, arg);
    if (!(*p = pz_find_puzzle(arg)))
        return pz_usage("%s: unknown puzzle '%s' (see puzzlebench list)", cmd, arg);
    return 0;
}

int pz_open_shard(const char *cmd, const pz_puzzle *p, const char *spec, const char *shard,
                  pz_corpus *c, pz_shard *sh)
{
    pz_error e;
    if (!p)
        return pz_usage("%s: which puzzle? (see puzzlebench list)", cmd);
    if (!spec)
        return pz_usage("%s: --corpus SPEC is required (e.g. %s:%s)", cmd, p->name,
                        p->generators[0].kind);
    if (pz_corpus_open(c, p, spec, &e))
        return pz_report(&e);
    if (pz_parse_shard(shard, c->count, sh, &e)) {
        pz_corpus_close(c);
        return pz_report(&e);
    }
    return 0;
}

/* A whole number from 1 to max, or 0. */
static int whole(const char *s, int max)
{
    long long v;
    return pz_parse_uint(&s, max, &v) && !*s ? (int)v : 0;
}

int pz_cmd_run(int argc, char **argv)
{
    const char *spec = NULL, *solvers = NULL, *slow = NULL, *shard = NULL, *sample = NULL;
    const char *threads = NULL, *batch = NULL, *json = NULL, *csv = NULL, *md = NULL;
    const char *save = "corpus/regressions", *v;
    const pz_puzzle *p = NULL;
    pz_run_opts o = { .sample = 1 };
    unsigned long long set = 0, slowset = 0;
    pz_corpus c;
    pz_shard sh;
    pz_result res;
    pz_error e;
    int nosave = 0, status;

    for (int i = 1; i < argc; i++) {
        const char **opt = NULL;
        static const char *const names[] = { "--corpus", "--solvers", "--slow", "--shard",
                                             "--sample", "--threads", "--batch", "--json",
                                             "--csv", "--md", "--save" };
        const char **dest[] = { &spec, &solvers, &slow, &shard, &sample, &threads, &batch,
                                &json, &csv, &md, &save };
        for (size_t k = 0; k < sizeof names / sizeof *names && !opt; k++)
            if (pz_option(argc, argv, &i, names[k], &v))
                *(opt = dest[k]) = v;
        if (opt)
            continue;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return help(), PZ_EXIT_OK;
        if (!strcmp(argv[i], "--no-save"))
            nosave = 1;
        else if ((status = pz_puzzle_arg("run", argv[i], &p)))
            return status;
    }
    if ((status = pz_open_shard("run", p, spec, shard, &c, &sh)))
        return status;
    if (solvers && parse_solvers(p, solvers, &set, "--solvers"))
        return PZ_EXIT_USAGE;
    if (slow && parse_solvers(p, slow, &slowset, "--slow"))
        return PZ_EXIT_USAGE;
    if (sample && pz_parse_sample(sample, &o.sample, &e))
        return pz_report(&e);
    if (threads && !(o.threads = whole(threads, 1024)))
        return pz_usage("run: expected --threads T with 1 <= T <= 1024, found '%s'", threads);
    if (batch && !(o.batch = whole(batch, 1 << 24)))
        return pz_usage("run: expected --batch B with 1 <= B <= %d, found '%s'", 1 << 24, batch);
    for (int i = 0, rank = 0; pz_solvers[i]; i++) {
        if (pz_solvers[i]->puzzle != p || rank >= 64)
            continue;
        if (solvers ? (set >> rank) & 1 : 1) {
            if (o.nsolvers == PZ_RUN_SOLVERS)
                return pz_usage("run: at most %d solvers in one run", PZ_RUN_SOLVERS);
            if (slow ? (slowset >> rank) & 1 : rank >= 2)
                o.slow |= 1u << o.nsolvers;
            o.solvers[o.nsolvers++] = pz_solvers[i];
        } else if ((slowset >> rank) & 1) {
            return pz_usage("run: --slow %s is not among the solvers run", pz_solvers[i]->name);
        }
        rank++;
    }
    if (o.sample == 1)
        o.slow = 0;
    o.progress = isatty(2);

    pz_run(&c, &sh, &o, &res);
    status = pz_write_reports(&res, json, csv, md);
    if (res.failures && !nosave)
        pz_save_regressions(&res, save);
    if (res.partial)
        status = 128 + (res.signal ? res.signal : SIGINT);
    pz_result_free(&res);
    pz_corpus_close(&c);
    return status;
}
