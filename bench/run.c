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

#include "../util/util.h"
#include "judge.h"
#include "run.h"

/* What happened to one solver on one instance of a batch. */
enum { NOT_ASKED, SKIPPED, RAN, FAILED /* solve() returned an error */ };

typedef struct worker {
    char *inst;                /* the batch's instances */
    char *ans[PZ_RUN_SOLVERS]; /* each solver's answers */
    unsigned char *took[PZ_RUN_SOLVERS];
    void *scratch[PZ_RUN_SOLVERS]; /* kept across batches: solvers cache tables */
    int *todo;
    pz_tally tally[PZ_RUN_SOLVERS];
    long long *rep_spread[PZ_RUN_SOLVERS]; /* with --repeat: see pz_result */
    long long instances, failures, unanswered, expected_invalid, checked;
    double check_seconds;
    long long *hist;
    char (*names)[PZ_NAME];
    pz_failure keep[PZ_KEEP]; /* this thread's first failures by index */
    int nkeep;
} worker;

typedef struct job {
    const pz_corpus *c;
    const pz_run_opts *o;
    int batch;
    double wall_cost, cpu_cost; /* what reading each clock costs */
} job;

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
    stop_signal = sig;
}

int pz_parse_shard(const char *s, long long count, pz_shard *sh, pz_error *e)
{
    long long k = 0, n = 1;
    const char *p = s;
    if (s && (!pz_parse_uint(&p, 1ll << 40, &k) || *p++ != '/' ||
              !pz_parse_uint(&p, 1ll << 40, &n) || *p || n < 1 || k >= n))
        return pz_fail(e, NULL,
                       "expected --shard K/N with 0 <= K < N (shards count from 0), "
                       "found '%s'",
                       s);
    sh->k = k;
    sh->n = n;
    sh->first = (long long)((__int128)count * k / n);
    sh->end = (long long)((__int128)count * (k + 1) / n);
    return 0;
}

/* At least 64 batches, so threads share uneven work; at most PZ_BATCH
 * instances, so a batch's working set stays in cache. */
int pz_default_batch(long long instances)
{
    long long b = instances / 64;
    return b < 1 ? 1 : b > PZ_BATCH ? PZ_BATCH : (int)b;
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
    f->inst = pz_xcalloc(1, p->inst_size);
    memcpy(f->inst, inst, p->inst_size);
    f->input = pz_render_one(p, inst, NULL);
    f->expected = expected ? pz_render_one(p, inst, expected) : NULL;
    f->expected_why = ewhy;
    f->disagree = differ;
    f->reference = ref;
    for (int s = 0; s < jb->o->nsolvers; s++)
        if (w->took[s][j] >= RAN) {
            f->answer[s] = w->took[s][j] == FAILED
                               ? pz_xcalloc(1, 1) /* no answer to show */
                               : pz_render_one(p, inst, w->ans[s] + (size_t)j * p->ans_size);
            f->why[s] = why[s];
        }
}

/* Checks every answer to instance j of the batch, compares it with the
 * reference, and counts. */
static void check_and_compare(const job *jb, worker *w, long long index, int j)
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

/* One pass over a batch: each solver solves it, the solvers in an order
 * rotated from one repetition to the next (run --repeat K makes K passes over
 * the shard, each a pass over every batch; --warmup an untimed pass, rep -1,
 * first).  The answers are checked in the last pass. */
static void run_batch(const job *jb, worker *w, long long lo, long long hi, int rep)
{
    const pz_puzzle *p = jb->c->puzzle;
    const pz_run_opts *o = jb->o;
    size_t isz = p->inst_size, asz = p->ans_size;
    int n = (int)(hi - lo), reps = o->repeat > 1 ? o->repeat : 1;
    for (int j = 0; j < n; j++)
        pz_corpus_get(jb->c, lo + j, w->inst + (size_t)j * isz);
    for (int i = 0; i < o->nsolvers; i++) {
        int s = rep > 0 ? (i + rep) % o->nsolvers : i;
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
        if (rep < 0)
            continue;
        pz_tally *tl = &w->tally[s];
        double cpu = fmax(pz_cpu_now() - c0 - jb->cpu_cost - 2 * jb->wall_cost, 0);
        /* seconds and cpu_seconds are those of one pass: the mean of the passes */
        tl->cpu_seconds += cpu / reps;
        tl->seconds += t / reps;
        if (count) {
            double ns = t * 1e9 / count;
            pz_tally_worst(tl, ns, lo + w->todo[0]);
            tl->spread[pz_spread_class(ns)] += count;
            if (reps > 1)
                w->rep_spread[s][(size_t)rep * PZ_SPREAD + pz_spread_class(ns)] += count;
        }
        if (reps > 1) {
            tl->rep_seconds[rep] += t;
            tl->rep_cpu_seconds[rep] += cpu;
        }
        if (rep == 0) {
            tl->skipped += skipped;
            tl->ran += count;
        }
    }
    if (rep < reps - 1)
        return;
    double t0 = pz_now();
    for (int j = 0; j < n; j++)
        check_and_compare(jb, w, lo + j, j);
    w->check_seconds += pz_now() - t0;
    w->instances += n;
}

static void worker_init(worker *w, const job *jb)
{
    const pz_puzzle *p = jb->c->puzzle;
    size_t b = (size_t)jb->batch;
    w->inst = pz_xcalloc(b, p->inst_size);
    w->todo = pz_xcalloc(b, sizeof *w->todo);
    w->hist = pz_xcalloc(PZ_CLASSES, sizeof *w->hist);
    w->names = pz_xcalloc(PZ_CLASSES, sizeof *w->names);
    for (int s = 0; s < jb->o->nsolvers; s++) {
        w->ans[s] = pz_xcalloc(b, p->ans_size);
        w->took[s] = pz_xcalloc(b, 1);
        w->scratch[s] =
            jb->o->solvers[s]->scratch_size ? pz_xcalloc(1, jb->o->solvers[s]->scratch_size) : NULL;
        if (jb->o->repeat > 1)
            w->rep_spread[s] = pz_xcalloc((size_t)jb->o->repeat * PZ_SPREAD, sizeof(long long));
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
        free(w->rep_spread[s]);
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
    if (n) /* qsort must not get NULL, even for no elements */
        qsort(f, (size_t)n, sizeof *f, by_index);
    while (n > PZ_KEEP)
        pz_failure_free(&f[--n]);
    return n;
}

/* Sums the workers into res; their first failures merge in index order. */
static void merge(pz_result *res, worker *ws, int nw)
{
    pz_failure *all = pz_xcalloc((size_t)nw * PZ_KEEP, sizeof *all);
    int n = 0;
    res->hist = pz_xcalloc(PZ_CLASSES, sizeof *res->hist);
    res->names = pz_xcalloc(PZ_CLASSES, sizeof *res->names);
    for (int t = 0; t < nw; t++) {
        worker *w = &ws[t];
        for (int s = 0; s < res->opts.nsolvers; s++) {
            pz_tally_add(&res->tally[s], &w->tally[s]);
            size_t n = (size_t)res->opts.repeat * PZ_SPREAD;
            if (w->rep_spread[s] && !res->rep_spread[s])
                res->rep_spread[s] = pz_xcalloc(n, sizeof(long long));
            for (size_t k = 0; w->rep_spread[s] && k < n; k++)
                res->rep_spread[s][k] += w->rep_spread[s][k];
        }
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
    int reps = o->repeat > 1 ? o->repeat : 1, passes = reps + (o->warmup != 0);
    int threads = o->threads > 0 ? o->threads : omp_get_max_threads(), used = 1;
    job jb = {c, o, o->batch > 0 ? o->batch : pz_default_batch(total), pz_clock_cost(pz_now),
              pz_clock_cost(pz_cpu_now)};
    long long nbatches = (total + jb.batch - 1) / jb.batch;
    struct sigaction sa, oldint, oldterm;
    worker *ws = pz_xcalloc((size_t)threads, sizeof *ws);
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
    if (oldint.sa_handler == SIG_IGN) /* ignored by whoever started us: stay so */
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
        /* --repeat K: K passes over the shard, one after the other, so that
         * the repetitions meet the machine at K different times. */
        for (int rep = o->warmup ? -1 : 0; rep < reps; rep++) {
#pragma omp for schedule(dynamic, 1)
            for (long long b = 0; b < nbatches; b++) {
                if (stop_signal)
                    continue;
                long long lo = sh->first + b * jb.batch;
                long long hi = lo + jb.batch < sh->end ? lo + jb.batch : sh->end;
                run_batch(&jb, w, lo, hi, rep);
                if (o->progress) {
                    double t;
#pragma omp atomic
                    done += hi - lo;
                    if (omp_get_thread_num() == 0 && (t = pz_now()) > next) {
                        long long d;
#pragma omp atomic read
                        d = done;
                        show_progress(d, total * passes, start, 0);
                        next = t + 0.5;
                    }
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
    for (int s = 0; s < PZ_RUN_SOLVERS; s++) {
        free(res->rep_spread[s]);
        res->rep_spread[s] = NULL;
    }
    res->fail = NULL;
    res->hist = NULL;
    res->names = NULL;
    res->nfail = 0;
}
