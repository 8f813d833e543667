/* stress.c - the engine of `puzzlebench stress` (see stress.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sys/stat.h>

#include "../util/util.h"
#include "engine.h"
#include "plan.h"
#include "shrink.h"
#include "stress.h"

enum {
    WINDOW = 64,           /* batches judged between two merges */
    GEN_OUTPUT = 64 << 20, /* bytes a generator may write */
    CULPRITS = 64,         /* instances of a failed input tried alone for its culprit */
    PILOT_WALL_MS = 2000,  /* a pilot's wall clock, at most (after its first run) */
    PILOT_BATCH = 4096,    /* instances of a pilot's run, at most */
};

const char *const pz_stress_names[PZ_STRESS_PROGS] = {"--exec", "--against"};

/* One thread's tools: the reference, the run buffers, one batch's arrays. */
typedef struct worker {
    pz_stress *s;
    pz_reference ref;
    pz_proc run, genrun; /* genrun.out: a generator's input, while in is set */
    long long cap;       /* instances the arrays below hold */
    char *insts, *expected;
    unsigned char *known; /* 0: expected[i] is unknown, the checker alone judges */
    char *got;            /* the reference program's answers as read */
    unsigned char *v[PZ_STRESS_PROGS];
    char *mine; /* the reference's answer, to test the corpus's against */
    char *jury; /* the corpus's NAME.ans, for messages; NULL for a generated corpus */
    char **genargv;
    char seed[24];  /* the generator's last word */
    const char *in; /* the programs' input as generated; NULL: rendered from insts */
    size_t inlen;
    int who;            /* the program being run: 0 --exec, 1 --against */
    int pilot;          /* indices are the pilot's */
    long long lo, base; /* index of insts[0] in the engine's terms; judged offset */
    pz_stress_tally *t; /* NULL for runs outside the batches */
    int isolated;       /* this batch has a culprit already */
    int stopped;        /* a run of this batch was not made: the stop came */
    int part;           /* with --gen: the first failing instance heard, or -1 */
    pz_outcome partv;
    char why[256]; /* the last failure heard (with --gen, the first) */
} worker;

static void *at(const char *base, size_t size, long long i)
{
    return (char *)base + (size_t)i * size;
}

long long pz_stress_judged(const pz_stress *s)
{
    long long r = s->sample;
    return (s->end + r - 1) / r - (s->first + r - 1) / r;
}

/* The corpus index (or seed index) of the engine's index j. */
static long long index_of(const worker *w, long long j)
{
    return w->pilot ? pz_pilot_index((int)j, w->s->count) : j * w->s->sample;
}

static void tally_init(pz_stress_tally *t)
{
    for (int k = 0; k < PZ_STRESS_PROGS; k++)
        for (int o = 0; o < PZ_OUTCOMES; o++)
            t->prog[k].first[o] = -1;
}

static void add_failure(pz_stress_tally *t, long long index, int who, int part, pz_outcome o,
                        const char *why)
{
    t->failures++;
    if (t->nfails < PZ_STRESS_KEEP) {
        pz_stress_failure *f = &t->fails[t->nfails++];
        f->index = index;
        f->who = who;
        f->part = part;
        f->v = o;
        snprintf(f->why, sizeof f->why, "%s", why);
    }
}

/* Records a failure's reason; the counts are kept by tally_one() and
 * charge().  With --gen, only the first failure of the input is heard: the
 * input is judged as a whole (judge_input). */
static void note(void *ctx, long long i, pz_outcome o, const char *why)
{
    worker *w = ctx;
    if (w->s->gen.cmd) {
        if (w->part < 0) {
            w->part = (int)(w->base + i);
            w->partv = o;
            snprintf(w->why, sizeof w->why, "%s", why);
        }
        return;
    }
    snprintf(w->why, sizeof w->why, "%s", why);
    if (w->t)
        add_failure(w->t, index_of(w, w->lo + w->base + i), w->who, -1, o, why);
}

static void tally_one(pz_stress_tally *t, int who, long long index, pz_outcome o)
{
    t->prog[who].count[o]++;
    if (t->prog[who].first[o] < 0)
        t->prog[who].first[o] = index;
}

/* Room for n instances in every array of the batch. */
static void ensure(worker *w, long long n)
{
    const pz_puzzle *p = w->s->p;
    if (n <= w->cap)
        return;
    n = n > 2 * w->cap ? n : 2 * w->cap;
    free(w->insts);
    free(w->expected);
    free(w->known);
    free(w->got);
    w->insts = pz_xcalloc((size_t)n, p->inst_size);
    w->expected = pz_xcalloc((size_t)n, p->ans_size);
    w->got = pz_xcalloc((size_t)n, p->ans_size);
    w->known = pz_xcalloc((size_t)n, 1);
    for (int k = 0; k < PZ_STRESS_PROGS; k++) {
        free(w->v[k]);
        w->v[k] = pz_xcalloc((size_t)n, 1);
    }
    w->cap = n;
}

/* A run over the corpus: its CPU time and peak memory into the program's. */
static void counted(pz_stress_prog *g, const pz_proc *run)
{
    g->runs++;
    g->cpu_s += run->cpu_s;
    g->rss_kb += run->peak_kb;
    if (run->peak_kb > g->rss_kb_max)
        g->rss_kb_max = run->peak_kb;
}

/* A run that ended by itself within the limits: its CPU time per instance. */
static void timed(pz_stress_prog *g, const pz_proc *run, long long n, long long index)
{
    pz_tally *t = &g->time;
    double ns = run->cpu_s * 1e9 / (double)n;
    g->timed_runs++;
    pz_tally_worst(t, ns, index);
    t->ran += n;
    t->cpu_seconds += run->cpu_s;
    t->seconds += run->wall_s;
    pz_spread_add(&t->spread, pz_spread_class(ns), n);
}

/* The program w->who on instances [a, b) of the batch: the run's own
 * verdict, and when it ran clean (PZ_AC), *judged answers judged into its
 * verdicts.  After the stop no run starts: PZ_OUTCOMES, and w->stopped. */
static pz_outcome run_range(worker *w, long long a, long long b, long long *judged)
{
    pz_stress *s = w->s;
    const pz_puzzle *p = s->p;
    const pz_program *prog = &s->prog[w->who];
    int against = s->prog[1].cmd != NULL;
    pz_proc_limits lim = s->lim;
    size_t inlen, explen;
    w->part = -1;
    if (pz_stop_signal) {
        w->stopped = 1;
        return PZ_OUTCOMES;
    }
    char *in = w->in ? NULL : pz_render_input(p, at(w->insts, p->inst_size, a), b - a, &inlen),
         *exp;
    exp = pz_render_answers(p, 1, at(w->insts, p->inst_size, a), at(w->expected, p->ans_size, a),
                            b - a, &explen);
    free(exp);
    lim.output_cap = pz_output_cap(explen);
    pz_proc_run(prog->path, prog->argv, &lim, w->in ? w->in : in, w->in ? w->inlen : inlen,
                &w->run);
    free(in);
#pragma omp atomic
    s->runs++;
    if (w->t) {
        pz_stress_prog *pt = &w->t->prog[w->who];
        counted(pt, &w->run);
        if (w->run.outcome == PZ_AC)
            timed(pt, &w->run, b - a, index_of(w, w->lo + a));
    }
    if (w->run.outcome != PZ_AC) {
        snprintf(w->why, sizeof w->why, "%s", w->run.why);
        return w->run.outcome;
    }
    w->base = a;
    pz_judging how = {.by_class = against,
                      .known = against ? w->known + a : NULL,
                      .answers = w->who == 1 ? at(w->got, p->ans_size, a) : NULL};
    *judged = pz_judge_text(p, at(w->insts, p->inst_size, a), at(w->expected, p->ans_size, a),
                            b - a, w->run.out, w->run.len, &how, w->v[w->who] + a, note, w);
    return PZ_AC;
}

/* Gives every instance of [a, b) the verdict o; unseen: not run alone. */
static void charge(worker *w, long long a, long long b, pz_outcome o, int unseen, const char *why)
{
    w->base = 0;
    w->t->prog[w->who].charged[o] += unseen ? b - a : 0;
    for (long long i = a; i < b; i++) {
        w->v[w->who][i] = (unsigned char)o;
        tally_one(w->t, w->who, index_of(w, w->lo + i), o);
        note(w, i, o, why);
    }
}

/* Judges instances [a, b) of the batch, each with its own verdict where it
 * can.  A run that fails as a whole hides which instance failed, so it is cut
 * in halves, down to the culprit; an answer that cannot be read hides the
 * ones after it, so they run again.  Once the batch has a culprit, this stops:
 * a program failing everywhere would otherwise cost a run per instance. */
static void judge_range(worker *w, long long a, long long b)
{
    long long n = 0;
    char why[256];
    pz_outcome o = run_range(w, a, b, &n);
    if (o == PZ_OUTCOMES)
        return;
    if (o != PZ_AC) {
        if (b - a > 1 && !w->isolated) {
            long long mid = a + (b - a) / 2;
#pragma omp atomic
            w->s->split++;
            judge_range(w, a, mid);
            if (!w->stopped)
                judge_range(w, mid, b);
            return;
        }
        if (b - a > 1)
            snprintf(why, sizeof why, "%.200s, in a run of %lld not cut again", w->run.why, b - a);
        else
            snprintf(why, sizeof why, "%s", w->run.why);
        w->isolated = 1;
        charge(w, a, b, o, b - a > 1, why);
        return;
    }
    for (long long i = a; i < a + n; i++)
        tally_one(w->t, w->who, index_of(w, w->lo + i), (pz_outcome)w->v[w->who][i]);
    if (a + n < b) {
        if (!w->isolated) {
            w->isolated = 1;
            judge_range(w, a + n, b);
        } else {
            snprintf(why, sizeof why,
                     "not judged alone: charged with instance %lld, after "
                     "which its run's output could not be read strictly",
                     index_of(w, w->lo + a + n - 1));
            charge(w, a + n, b, (pz_outcome)w->v[w->who][a + n - 1], 1, why);
        }
    }
}

/* Our reference's answer to instance k of the batch (its index i; -1: an
 * instance of no corpus, whose jury answer is none), into expected and
 * known; t's counts where t.  With --against, a board no solver of ours
 * takes is unknown here; without, it is an error (-1, e).  1: the stop came. */
static int reference(worker *w, long long k, long long i, pz_stress_tally *t, pz_error *e)
{
    pz_stress *s = w->s;
    const pz_puzzle *p = s->p;
    void *inst = at(w->insts, p->inst_size, k), *exp = at(w->expected, p->ans_size, k);
    int corpus = i >= 0 && !s->gen.cmd && !s->prog[1].cmd;
    const void *known = corpus && !s->corpus.stream ? pz_corpus_expected(&s->corpus, i) : NULL;
    int jury = corpus && (known || (s->corpus.stream && pz_corpus_has_expected(&s->corpus)));
    double cpu = pz_cpu_now();
    int rc = 0;
    w->known[k] = 1;
    if (jury) {
        char why[sizeof t->jury_why];
        pz_error ignored;
        if (known) /* else load read it */
            memcpy(exp, known, p->ans_size);
        /* The jury's answer, unless our reference refutes it (a solver
         * that takes the board is needed only for that). */
        int none = p->classify(inst, exp, NULL, 0) == PZ_CLASS_UNKNOWN;
        if (pz_reference_solve(&w->ref, inst, w->mine, none ? e : &ignored)) {
            /* "unknown" (a budgeted solve's) is no jury answer: without
             * ours, there is nothing to judge against */
            rc = pz_stop_signal ? 1 : none ? -1 : 0;
        } else if (none) {
            if (t)
                t->jury_unknown++;
            memcpy(exp, w->mine, p->ans_size);
        } else if (t && pz_jury_refuted(p, (unsigned long long)i + 1, inst, exp, w->mine, w->jury,
                                        why, sizeof why)) {
            if (!t->jury++) {
                t->jury_first = i;
                snprintf(t->jury_why, sizeof t->jury_why, "%s", why);
            }
            memcpy(exp, w->mine, p->ans_size);
        }
    } else if (pz_reference_solve(&w->ref, inst, exp, e)) {
        if (pz_stop_signal) { /* a search cut short by the stop */
            rc = 1;
        } else if (s->prog[1].cmd) {
            w->known[k] = 0;
            memset(exp, 0, p->ans_size);
        } else {
            rc = -1;
        }
    }
    if (t)
        t->ref_cpu_s += pz_cpu_now() - cpu;
    return rc;
}

/* After the reference program's runs on instances [0, n): where its answer
 * stood, it is the expected one. */
static void take_against(worker *w, long long n, pz_stress_tally *t)
{
    const pz_puzzle *p = w->s->p;
    for (long long k = 0; k < n; k++) {
        if (w->v[1][k] == PZ_AC) {
            memcpy(at(w->expected, p->ans_size, k), at(w->got, p->ans_size, k), p->ans_size);
            w->known[k] = 1;
        } else if (!w->known[k] && t) {
            t->unreferenced++;
        }
    }
}

/* Batch [lo, hi) of a corpus into t; 1 when the stop came before its last
 * run began. */
static int judge_instances(worker *w, long long lo, long long hi, pz_stress_tally *t)
{
    pz_stress *s = w->s;
    const pz_puzzle *p = s->p;
    for (long long j = lo; j < hi; j++) {
        long long k = j - lo, i = index_of(w, j);
        if (!s->corpus.stream) /* a stream's batch came with its answers (load) */
            pz_corpus_get(&s->corpus, i, at(w->insts, p->inst_size, k));
        if (pz_stop_signal)
            return 1;
        int rc = reference(w, k, i, t, &t->error);
        if (rc > 0)
            return 1;
        if (rc < 0) {
            char msg[sizeof t->error.msg];
            snprintf(msg, sizeof msg, "instance %lld: %.200s", i, t->error.msg);
            memcpy(t->error.msg, msg, sizeof msg);
            t->bad = 1;
            return 0;
        }
    }
    t->instances += hi - lo;
    w->lo = lo;
    w->t = t;
    w->in = NULL;
    for (int who = s->prog[1].cmd ? 1 : 0; who >= 0; who--) {
        w->who = who;
        w->isolated = 0;
        w->stopped = 0;
        judge_range(w, 0, hi - lo);
        if (w->stopped)
            break;
        if (who == 1)
            take_against(w, hi - lo, t);
    }
    w->t = NULL;
    return w->stopped;
}

/* With --gen: runs the generator for seed index i, reads its input into the
 * batch's arrays and sets w->in; how many instances it holds, or -1 with e. */
static long long generate(worker *w, long long i, pz_stress_tally *t, pz_error *e)
{
    pz_stress *s = w->s;
    const pz_puzzle *p = s->p;
    pz_proc_limits lim = s->lim;
    long long seed = s->seed0 + i;
    void *insts;
    char name[64];
    snprintf(w->seed, sizeof w->seed, "%lld", seed);
    lim.output_cap = GEN_OUTPUT;
    pz_proc_run(s->gen.path, w->genargv, &lim, NULL, 0, &w->genrun);
    if (t) {
        t->gen_runs++;
        t->gen_cpu_s += w->genrun.cpu_s;
    }
    if (w->genrun.outcome != PZ_AC) {
        const char *err = w->genrun.err;
        int len = (int)strcspn(err, "\n");
        return pz_fail(e, NULL, "--gen: the generator failed on seed %lld: %s: %s%s%.*s%s", seed,
                       pz_outcome_names[w->genrun.outcome], w->genrun.why,
                       len ? " (its stderr: \"" : "", len > 100 ? 100 : len, err, len ? "\")" : "");
    }
    snprintf(name, sizeof name, "--gen seed %lld's input", seed);
    FILE *f = w->genrun.len ? fmemopen(w->genrun.out, w->genrun.len, "r") : fopen("/dev/null", "r");
    if (!f)
        pz_fatal("out of memory");
    long long n = pz_read_all(p, f, name, &insts, e);
    fclose(f);
    if (n < 0)
        return -1;
    if (n == 0) {
        free(insts);
        return pz_fail(e, NULL, "--gen: seed %lld: the generator wrote no %s instance", seed,
                       p->name);
    }
    ensure(w, n);
    memcpy(w->insts, insts, (size_t)n * p->inst_size);
    free(insts);
    w->in = w->genrun.out;
    w->inlen = w->genrun.len;
    return n;
}

/* With --gen: program w->who on the input of n instances (index i), judged
 * as a whole: the verdict of its run, else of its first failing answer
 * (w->part, w->why; -1 for the run).  Into t where t. */
static pz_outcome judge_input(worker *w, long long n, long long i, pz_stress_tally *t)
{
    long long judged = 0;
    w->part = -1;
    w->base = 0;
    w->t = NULL; /* the verdict is the input's, below */
    pz_outcome o = run_range(w, 0, n, &judged);
    if (t && o != PZ_OUTCOMES) { /* run_range timed nothing without w->t */
        pz_stress_prog *pt = &t->prog[w->who];
        counted(pt, &w->run);
        if (o == PZ_AC)
            timed(pt, &w->run, n, i);
    }
    if (o == PZ_OUTCOMES)
        return o;
    if (o != PZ_AC) {
        memset(w->v[w->who], o, (size_t)n);
    } else {
        for (long long k = judged; k < n; k++) /* after an answer that cannot be read */
            w->v[w->who][k] = w->v[w->who][judged - 1];
        if (w->part >= 0)
            o = w->partv;
    }
    if (t) {
        tally_one(t, w->who, i, o);
        if (o != PZ_AC)
            add_failure(t, i, w->who, w->part, o, w->why);
    }
    return o;
}

/* With --gen: the input of seed index i made, referenced and judged, the
 * reference program first, then the program unless upto is 1.  The verdict
 * of the last program run, or PZ_OUTCOMES after the stop; the input's
 * instances in *n, or -1 with e for an error (the generator's, or no
 * reference). */
static pz_outcome one_seed(worker *w, long long i, int upto, pz_stress_tally *t, long long *n,
                           pz_error *e)
{
    pz_stress *s = w->s;
    pz_outcome o = PZ_OUTCOMES;
    if ((*n = generate(w, i, t, e)) < 0)
        return o;
    for (long long k = 0; k < *n; k++) {
        int rc = reference(w, k, i, t, e);
        if (rc > 0)
            return PZ_OUTCOMES;
        if (rc < 0) {
            char msg[sizeof e->msg];
            snprintf(msg, sizeof msg, "--gen: seed %lld, instance %lld of its input: %.200s",
                     s->seed0 + i, k + 1, e->msg);
            memcpy(e->msg, msg, sizeof msg);
            *n = -1;
            return o;
        }
    }
    if (t)
        t->instances += *n;
    for (int who = s->prog[1].cmd ? 1 : 0; who >= upto; who--) {
        w->who = who;
        if ((o = judge_input(w, *n, i, t)) == PZ_OUTCOMES)
            return o;
        if (who == 1)
            take_against(w, *n, t);
    }
    return o;
}

/* Batch [lo, hi) of seeds into t; 1 when the stop came. */
static int judge_seeds(worker *w, long long lo, long long hi, pz_stress_tally *t)
{
    for (long long j = lo; j < hi; j++) {
        long long n;
        if (pz_stop_signal)
            return 1;
        if (one_seed(w, index_of(w, j), 0, t, &n, &t->error) == PZ_OUTCOMES && n >= 0)
            return 1;
        if (n < 0) {
            t->bad = 1;
            return 0;
        }
    }
    return 0;
}

/* Batch [lo, hi) into its tally, for the engine; 1 when the stop came
 * before its last run began: it gave up, and counts for nothing.  Runs under
 * way at the stop end as they would have (the programs do not get the
 * signal: each run is a session of its own), so they count. */
static int batch(void *ctx, void *wv, long long lo, long long hi, void *part)
{
    worker *w = wv;
    (void)ctx;
    tally_init(part);
    return w->s->gen.cmd ? judge_seeds(w, lo, hi, part) : judge_instances(w, lo, hi, part);
}

/* The corpus's tally, which the engine merges the batches' into. */
typedef struct job {
    pz_stress *s;
    pz_stress_tally *all;
    int read_failed; /* a streamed corpus could not be read again: */
    pz_error read_error;
} job;

/* A streamed corpus's batch, read in index order under the engine's lock. */
static int load(void *ctx, void *wv, long long lo, long long hi)
{
    job *jb = ctx;
    worker *w = wv;
    const pz_corpus *c = &jb->s->corpus;
    if (!pz_corpus_read(c, lo, hi, w->insts, pz_corpus_has_expected(c) ? w->expected : NULL, NULL,
                        &jb->read_error))
        return 0;
    jb->read_failed = 1;
    return -1;
}

/* A batch's tally into the whole, in index order; after a batch with an
 * error, no more windows start. */
static void tally_merge(pz_stress_tally *all, const pz_stress_tally *t)
{
    for (int k = 0; k < PZ_STRESS_PROGS; k++) {
        pz_stress_prog *a = &all->prog[k];
        const pz_stress_prog *b = &t->prog[k];
        for (int o = 0; o < PZ_OUTCOMES; o++) {
            a->count[o] += b->count[o];
            a->charged[o] += b->charged[o];
            if (a->first[o] < 0)
                a->first[o] = b->first[o];
        }
        a->runs += b->runs;
        a->timed_runs += b->timed_runs;
        a->cpu_s += b->cpu_s;
        a->rss_kb += b->rss_kb;
        if (b->rss_kb_max > a->rss_kb_max)
            a->rss_kb_max = b->rss_kb_max;
        pz_tally_add(&a->time, &b->time);
    }
    for (int i = 0; i < t->nfails && all->nfails < PZ_STRESS_KEEP; i++)
        all->fails[all->nfails++] = t->fails[i];
    all->failures += t->failures;
    if (t->bad && !all->bad) {
        all->bad = 1;
        all->error = t->error;
    }
    if (t->jury && !all->jury) {
        all->jury_first = t->jury_first;
        memcpy(all->jury_why, t->jury_why, sizeof all->jury_why);
    }
    all->jury += t->jury;
    all->unreferenced += t->unreferenced;
    all->jury_unknown += t->jury_unknown;
    all->instances += t->instances;
    all->gen_runs += t->gen_runs;
    all->gen_cpu_s += t->gen_cpu_s;
    all->ref_cpu_s += t->ref_cpu_s;
}

/* A batch's tally's own memory (its programs' spreads), for a part merged
 * or dropped. */
static void drop(void *ctx, void *part)
{
    pz_stress_tally *t = part;
    (void)ctx;
    for (int k = 0; k < PZ_STRESS_PROGS; k++)
        pz_tally_free(&t->prog[k].time);
}

static int merge(void *ctx, void *part)
{
    pz_stress_tally *all = ((job *)ctx)->all;
    tally_merge(all, part);
    drop(ctx, part);
    return all->bad;
}

/* Buffers for n instances at a time (at most the corpus: a batch never has more). */
static void worker_init(worker *w, pz_stress *s, long long n)
{
    if (n > s->count)
        n = s->count > 0 ? s->count : 1;
    memset(w, 0, sizeof *w);
    w->s = s;
    pz_reference_init(&w->ref, s->p, s->only);
    ensure(w, n);
    w->mine = pz_xcalloc(1, s->p->ans_size);
    w->jury = s->gen.cmd || s->corpus.gen ? NULL : pz_ans_path(s->corpus.spec);
    if (s->gen.cmd) { /* its words, then the seed */
        int words = 0;
        while (s->gen.argv[words])
            words++;
        w->genargv = pz_xcalloc((size_t)words + 2, sizeof *w->genargv);
        memcpy(w->genargv, s->gen.argv, (size_t)words * sizeof *w->genargv);
        w->genargv[words] = w->seed;
    }
}

static void worker_free(worker *w)
{
    pz_reference_free(&w->ref);
    pz_proc_free(&w->run);
    pz_proc_free(&w->genrun);
    free(w->insts);
    free(w->expected);
    free(w->known);
    free(w->got);
    for (int k = 0; k < PZ_STRESS_PROGS; k++)
        free(w->v[k]);
    free(w->mine);
    free(w->jury);
    free(w->genargv);
}

static void init(void *ctx, void *w)
{
    pz_stress *s = ((job *)ctx)->s;
    worker_init(w, s, s->batch);
}

static void finish(void *ctx, void *w)
{
    (void)ctx;
    if (((worker *)w)->s) /* a thread that never started has none */
        worker_free(w);
}

/* The texts of the report from the last run of w->who, on instances [0, n)
 * with their expected answers. */
static void texts(worker *w, long long n, pz_outcome o, pz_example *ex)
{
    const pz_puzzle *p = w->s->p;
    ex->input = w->in ? pz_xstrndup(w->in, w->inlen) : pz_render_input(p, w->insts, n, &ex->inlen);
    if (w->in)
        ex->inlen = w->inlen;
    ex->expected = pz_render_answers(p, 1, w->insts, w->expected, n, &ex->explen);
    ex->alone = o;
    if (o == PZ_OUTCOMES) /* after the stop: the input and the expected output only */
        return;
    ex->reclen = w->run.len;
    ex->received = pz_xstrndup(w->run.out ? w->run.out : "", w->run.len);
    ex->errors = pz_xstrndup(w->run.err, strlen(w->run.err));
    snprintf(ex->why, sizeof ex->why, "%s", o == PZ_AC ? "" : w->why);
}

/* Runs inst alone, program who (the reference program first, with
 * --against; lean: only where no solver of ours takes inst, as a shrink
 * needs no more): its verdict (PZ_OUTCOMES when there is no reference for
 * it, or after the stop), and the report's texts in ex when given. */
static pz_outcome run_alone(worker *w, const void *inst, int who, int lean, pz_example *ex)
{
    pz_stress *s = w->s;
    const pz_puzzle *p = s->p;
    long long n = 0;
    pz_error e;
    pz_outcome o = PZ_OUTCOMES;
    ensure(w, 1);
    memcpy(w->insts, inst, p->inst_size);
    w->lo = 0;
    w->t = NULL;
    w->in = NULL;
    w->why[0] = 0;
    if (reference(w, 0, -1, NULL, &e))
        return PZ_OUTCOMES;
    for (int k = s->prog[1].cmd ? 1 : 0; k >= who; k--) {
        if (k == 1 && who == 0 && lean && w->known[0])
            continue;
        w->who = k;
        o = run_range(w, 0, 1, &n);
        if (o == PZ_AC)
            o = (pz_outcome)w->v[k][0];
        else if (o != PZ_OUTCOMES)
            w->v[k][0] = (unsigned char)o;
        if (o == PZ_OUTCOMES)
            break;
        if (k == 1)
            take_against(w, 1, NULL);
    }
    if (ex)
        texts(w, 1, o, ex);
    return o;
}

void pz_example_free(pz_example *ex)
{
    free(ex->input);
    free(ex->expected);
    free(ex->received);
    free(ex->errors);
    free(ex->saved);
    ex->input = ex->expected = ex->received = ex->errors = ex->saved = NULL;
    ex->inlen = ex->explen = ex->reclen = 0;
}

/* Does the candidate still get the verdict alone? */
typedef struct shrinking {
    worker *w;
    pz_outcome target;
} shrinking;

static int still_fails(void *ctx, const void *cand)
{
    shrinking *c = ctx;
    return !pz_stop_signal && run_alone(c->w, cand, 0, 1, NULL) == c->target;
}

/* ex holds start's run alone; it gets the smallest instance's instead: the
 * first neighbour that still gets the verdict alone, at the same size unless
 * --shrink-any-size, at most PZ_STRESS_SHRINK_RUNS runs. */
static void shrink(worker *w, const void *start, pz_outcome target, pz_example *ex)
{
    const pz_puzzle *p = w->s->p;
    shrinking c = {w, target};
    if (pz_stop_signal)
        return;
    pz_shrink_limits lim = {.tries = 64L * PZ_STRESS_SHRINK_RUNS,
                            .runs = PZ_STRESS_SHRINK_RUNS,
                            .same_size = !w->s->any_size};
    pz_shrunk done;
    char *cur = pz_xmalloc(p->inst_size);
    pz_shrink(p, start, cur, still_fails, &c, &lim, &done);
    ex->steps += done.steps;
    ex->runs += (int)done.runs;
    if (done.steps) {
        pz_example_free(ex);
        run_alone(w, cur, 0, 0, ex);
    }
    free(cur);
}

double pz_stress_corpus(pz_stress *s, pz_stress_tally *all)
{
    job jb = {s, all, 0, {"", 0, 0, ""}};
    long long r = s->sample;
    pz_engine e = {.first = (s->first + r - 1) / r,
                   .end = (s->end + r - 1) / r,
                   .batch = s->gen.cmd ? 1 : s->batch,
                   .threads = s->jobs,
                   .ctx = &jb,
                   .worker_size = sizeof(worker),
                   .init = init,
                   .run = batch,
                   .load = s->corpus.stream ? load : NULL,
                   .part_size = sizeof(pz_stress_tally),
                   .window = WINDOW,
                   .merge = merge,
                   .drop = drop,
                   .finish = finish,
                   /* a line on a terminal for a long run: how far, how long to go */
                   .stop = &pz_stop_signal,
                   .progress = "stress",
                   .progress_unit = s->gen.cmd ? "seeds" : NULL,
                   .progress_cpu = s->planned};
    double start = pz_now();
    tally_init(all);
    pz_engine_run(&e);
    if (jb.read_failed && !all->bad) {
        all->bad = 1;
        all->error = jb.read_error;
    }
    s->done = e.done;
    return pz_now() - start;
}

/* The input of index i for the report, judged again: with --gen, made
 * again and judged whole; else the instance alone.  inst gets the instance
 * (with --gen, the failing one, part, where known). */
static pz_outcome again(worker *w, long long i, int who, int *part, char *inst, pz_example *ex)
{
    pz_stress *s = w->s;
    const pz_puzzle *p = s->p;
    if (!s->gen.cmd) {
        pz_corpus_get(&s->corpus, i, inst);
        return run_alone(w, inst, who, 0, ex);
    }
    long long n;
    pz_error e;
    if (pz_stop_signal) /* the input is made by a run, and none starts now */
        return PZ_OUTCOMES;
    pz_outcome o = one_seed(w, i, who, NULL, &n, &e);
    if (n < 0) { /* the generator failed this time: no example */
        if (ex)
            snprintf(ex->why, sizeof ex->why, "%.200s", e.msg);
        return PZ_OUTCOMES;
    }
    if (o == PZ_AC || o == PZ_OUTCOMES)
        w->part = -1;
    if (part)
        *part = w->part;
    if (ex)
        texts(w, n, o, ex);
    if (w->part >= 0)
        memcpy(inst, at(w->insts, p->inst_size, w->part), p->inst_size);
    else if (o == PZ_RE || o == PZ_TLE || o == PZ_MLE || o == PZ_OLE) {
        /* The run failed as a whole: its culprit is the first instance
         * that fails alone so, if any. */
        char *all = pz_xmemdup(w->insts, (size_t)n * p->inst_size);
        for (long long k = 0; k < n && k < CULPRITS && !pz_stop_signal; k++)
            if (run_alone(w, all + k * p->inst_size, who, 1, NULL) == o) {
                memcpy(inst, all + k * p->inst_size, p->inst_size);
                if (part)
                    *part = (int)k;
                break;
            }
        free(all);
    }
    return o;
}

/* Makes s->save once, before the first input saved to it (the default may
 * not exist yet); where it cannot be made, says so once.  1 if it is there. */
static int save_dir(const pz_stress *s, int *made)
{
    struct stat st;
    if (!*made) {
        *made = mkdir(s->save, 0777) && errno != EEXIST ? -1 : 1;
        if (*made > 0 && !stat(s->save, &st) && !S_ISDIR(st.st_mode))
            *made = -1, errno = ENOTDIR; /* a file of that name */
        if (*made < 0)
            fprintf(stderr,
                    "puzzlebench: stress: cannot make %s: %s; no failing input saved (--save "
                    "DIR saves them there)\n",
                    s->save, strerror(errno));
    }
    return *made > 0;
}

/* An input and its expected answers as DIR/NAME.in and .ans; the .in's
 * path, or NULL when it could not be written (said on stderr). */
static char *save(const pz_stress *s, int *made, const char *name, const pz_example *ex)
{
    if (!save_dir(s, made))
        return NULL;
    char *in = pz_xasprintf("%s/%s.in", s->save, name),
         *ans = pz_xasprintf("%s/%s.ans", s->save, name);
    const char *paths[2] = {in, ans}, *texts[2] = {ex->input, ex->expected};
    size_t lens[2] = {ex->inlen, ex->explen};
    int ok = 1;
    for (int k = 0; k < 2 && ok; k++) {
        char *tmp;
        FILE *f = pz_atomic_open(paths[k], &tmp);
        if (f)
            fwrite(texts[k], 1, lens[k], f);
        ok = f && !pz_atomic_close(f, tmp, paths[k]);
    }
    free(ans);
    if (!ok) {
        free(in);
        return NULL;
    }
    return in;
}

/* The name a failure's input is saved under: PUZZLE-seed-S or PUZZLE-I. */
static void save_name(const pz_stress *s, long long i, const char *tail, char *buf, size_t len)
{
    if (s->gen.cmd)
        snprintf(buf, len, "%s-seed-%lld%s", s->p->name, s->seed0 + i, tail);
    else
        snprintf(buf, len, "%s-%lld%s", s->p->name, i, tail);
}

/* The first failures, and the program's first WA and RE shrunk, each run
 * alone (with --gen, each input made again and run whole). */
void pz_stress_examine(pz_stress *s, const pz_stress_tally *all, pz_example *ex, int *nex,
                       pz_example *shrunk, int *nshrunk, int *saved)
{
    static const pz_outcome targets[2] = {PZ_WA, PZ_RE};
    worker w;
    char *inst = pz_xmalloc(s->p->inst_size), name[96];
    long long last = -1;
    int made = 0;
    worker_init(&w, s, 1);
    *saved = 0;
    for (*nex = 0; *nex < s->show && *nex < all->nfails; ++*nex) {
        pz_example *e = &ex[*nex];
        const pz_stress_failure *f = &all->fails[*nex];
        e->index = f->index;
        e->who = f->who;
        e->part = f->part;
        e->seen = f->v;
        again(&w, f->index, f->who, NULL, inst, e);
    }
    /* The inputs of the failures shown, each once, as they were run. */
    for (int k = 0; s->save && s->save_shown && k < *nex; k++) {
        save_name(s, ex[k].index, "", name, sizeof name);
        if (ex[k].input && ex[k].index != last && (ex[k].saved = save(s, &made, name, &ex[k])))
            ++*saved;
        last = ex[k].index;
    }
    /* With --save, the inputs of the first failures, each once, with their answers. */
    for (int k = 0;
         s->save && !s->save_shown && k < all->nfails && *saved < PZ_STRESS_SAVE && !pz_stop_signal;
         k++) {
        const pz_stress_failure *f = &all->fails[k];
        pz_example e = {0};
        if (f->index == last)
            continue;
        last = f->index;
        if (again(&w, f->index, f->who, NULL, inst, &e) != PZ_OUTCOMES) {
            save_name(s, f->index, "", name, sizeof name);
            if ((e.saved = save(s, &made, name, &e)))
                ++*saved;
        }
        pz_example_free(&e);
    }
    for (int k = 0; k < 2; k++) {
        pz_example *e = &shrunk[*nshrunk];
        long long i = all->prog[0].first[targets[k]];
        if (i < 0 || pz_stop_signal) /* interrupted: no shrinking */
            continue;
        e->index = i;
        e->seen = targets[k];
        e->part = -1;
        if (!s->gen.cmd) {
            pz_corpus_get(&s->corpus, i, inst);
            if (run_alone(&w, inst, 0, 0, e) == targets[k])
                shrink(&w, inst, targets[k], e);
        } else {
            /* The input as judged; then its failing instance alone, if
             * that fails so too, shrunk. */
            again(&w, i, 0, &e->part, inst, e);
            if (e->part >= 0 && run_alone(&w, inst, 0, 1, NULL) == targets[k]) {
                pz_example_free(e);
                run_alone(&w, inst, 0, 0, e);
                shrink(&w, inst, targets[k], e);
            }
        }
        if (s->save && e->input && e->runs) {
            save_name(s, i, targets[k] == PZ_WA ? "-wa-shrunk" : "-re-shrunk", name, sizeof name);
            if ((e->saved = save(s, &made, name, e)))
                ++*saved;
        }
        ++*nshrunk;
    }
    worker_free(&w);
    free(inst);
}

/* A stress's pilot: its worker, tally, and the indices of a step. */
typedef struct stress_pilot {
    worker w;
    pz_stress_tally t;
    long long step;
    double cpu0; /* the process's CPU at the start (pz_process_cpu) */
} stress_pilot;

_Static_assert((int)PZ_STRESS_PARTS <= (int)PZ_PILOT_PARTS,
               "a stress's pilot times more parts than a pilot");

/* Step k of a stress's pilot: a batch of the pilot's indices, judged as the
 * stress judges; each part's CPU from the tally. */
static int stress_step(void *ctx, int k, double *cpu)
{
    stress_pilot *sp = ctx;
    long long lo = k * sp->step;
    if (batch(NULL, &sp->w, lo, lo + sp->step, &sp->t) || sp->t.bad)
        return -1;
    for (int g = 0; g < PZ_STRESS_PROGS; g++)
        cpu[g] = sp->t.prog[g].cpu_s;
    cpu[PZ_STRESS_GEN] = sp->t.gen_cpu_s;
    cpu[PZ_STRESS_OURS] = sp->t.ref_cpu_s;
    /* stress itself: the whole process's CPU and its ended runs', less
     * the parts above (each run's own CPU is in both) */
    double self = pz_process_cpu() - sp->cpu0;
    for (int p = 0; p < PZ_STRESS_SELF; p++)
        self -= cpu[p];
    cpu[PZ_STRESS_SELF] = self > 0 ? self : 0;
    return 0;
}

int pz_stress_plan_make(pz_stress *s, double budget, pz_stress_plan *plan)
{
    long long indices = s->end - s->first;
    memset(plan, 0, sizeof *plan);
    if (budget <= 0 || s->count < PZ_PLAN_FROM || indices <= 0 || (!s->gen.cmd && !s->corpus.gen))
        return -1;
    stress_pilot *sp = pz_xcalloc(1, sizeof *sp);
    pz_pilot done;
    /* Runs of the batch's size, as the stress makes them: a program's start
     * is paid once a run, so smaller runs would overestimate it. */
    sp->step = s->gen.cmd ? 1 : s->batch < PILOT_BATCH ? s->batch : PILOT_BATCH;
    if (sp->step > s->count)
        sp->step = s->count;
    worker_init(&sp->w, s, sp->step);
    sp->w.pilot = 1;
    tally_init(&sp->t);
    sp->cpu0 = pz_process_cpu();
    pz_pilot_run(stress_step, sp, PZ_STRESS_PARTS, PILOT_WALL_MS, &done);
    plan->tried = done.steps * sp->step;
    memcpy(plan->cpu, done.cpu, sizeof plan->cpu);
    if ((plan->bad = sp->t.bad))
        plan->error = sp->t.error;
    worker_free(&sp->w);
    drop(NULL, &sp->t);
    free(sp);
    s->runs = s->split = 0; /* the pilot's runs are in its table, not the report's */
    if (done.cut || !plan->tried)
        return -1;
    for (int k = 0; k < PZ_STRESS_PARTS; k++) {
        plan->estimate[k] = plan->cpu[k] / (double)plan->tried * (double)indices;
        plan->total += plan->estimate[k];
    }
    long long sample;
    plan->verdict = pz_plan_fit(plan->total, budget, indices, &sample);
    if (plan->verdict == PZ_SAMPLED)
        s->sample = sample;
    s->planned = plan->verdict == PZ_DROPPED ? 0 : plan->total / (double)sample;
    return 0;
}

void pz_stress_plan_print(FILE *f, const pz_stress *s, const pz_stress_plan *plan, double budget)
{
    static const char *const parts[PZ_STRESS_PARTS - PZ_STRESS_PROGS] = {"--gen", "our solvers",
                                                                         "stress itself"};
    const char *unit = s->gen.cmd ? "seed" : "instance";
    char each[32], whole[32];
    long long indices = s->end - s->first;
    fprintf(f,
            "stress: estimated from a pilot of %lld %ss (budget %.15g s of CPU for the stress;\n"
            "        --time-budget none lifts it):\n",
            plan->tried, unit, budget);
    for (int k = 0; k < PZ_STRESS_PARTS; k++) {
        int prog = k < PZ_STRESS_PROGS;
        if ((prog && !s->prog[k].cmd) || (k == PZ_STRESS_GEN && !s->gen.cmd))
            continue; /* a part that took no part */
        pz_span(each, sizeof each, plan->cpu[k] / (double)plan->tried);
        pz_span(whole, sizeof whole, plan->estimate[k]);
        fprintf(f, "  %-13s %9s each, %10s for %lld %ss\n",
                prog ? pz_stress_names[k] : parts[k - PZ_STRESS_PROGS], each, whole, indices, unit);
    }
    pz_span(whole, sizeof whole, plan->total);
    fprintf(f, "  %-13s %9s       %10s: ", "in all", "", whole);
    if (plan->verdict == PZ_WHOLE)
        fputs("whole\n", f);
    else if (plan->verdict == PZ_SAMPLED)
        fprintf(f, "sampled, 1 in %lld (%lld %ss)\n", s->sample, pz_stress_judged(s), unit);
    else
        fprintf(f, "refused: under %d %ss at any sample; --time-budget none runs it whole\n",
                PZ_PILOT_MIN, unit);
}

pz_stress_speed pz_stress_speed_of(const pz_stress_prog *g)
{
    const pz_tally *t = &g->time;
    pz_stress_speed v = {NAN, NAN, NAN, NAN};
    if (t->ran) {
        v.median = pz_quantile(t, 0.5) * 1e-9;
        v.p10 = pz_quantile(t, 0.1) * 1e-9;
        v.p90 = pz_quantile(t, 0.9) * 1e-9;
        v.mean = t->cpu_seconds / (double)t->ran;
    }
    return v;
}

pz_stress_versus pz_stress_compare(const pz_stress_tally *all)
{
    pz_sample *x[PZ_STRESS_PROGS];
    int n[PZ_STRESS_PROGS] = {0};
    pz_stress_versus v = {{NAN, NAN, NAN, NAN, NAN, 0}, "not comparable"};
    for (int k = 0; k < PZ_STRESS_PROGS; k++) {
        const pz_tally *t = &all->prog[k].time;
        /* the spread counts instances: weighted back to runs */
        double per_run = t->ran ? (double)all->prog[k].timed_runs / (double)t->ran : 0;
        x[k] = pz_xcalloc((size_t)t->spread.n + 1, sizeof *x[k]);
        for (int i = 0; i < t->spread.n; i++)
            x[k][n[k]++] = (pz_sample){pz_spread_ns(t->spread.bin[i].cls),
                                       (double)t->spread.bin[i].count * per_run};
    }
    if (n[0] && n[1]) {
        /* Two programs' speeds judged by the rule of `puzzlebench compare`
         * (too few runs for an interval: the ratio alone, "~"). */
        pz_shift d = v.shift = pz_compare_times(x[1], n[1], x[0], n[0]);
        v.verdict = pz_speed_verdict(d.ratio, d.lo, d.hi, d.p, PZ_THRESHOLD);
    }
    free(x[0]);
    free(x[1]);
    return v;
}
