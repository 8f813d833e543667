/* stress.c - the engine of `puzzlebench stress` (see stress.h). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../util/util.h"
#include "engine.h"
#include "shrink.h"
#include "stress.h"

enum {
    KEEP = PZ_STRESS_KEEP,
    WINDOW = 256, /* batches judged between two merges */
    SHRINK_RUNS = PZ_STRESS_SHRINK_RUNS,
};

typedef pz_stress stress;
typedef pz_stress_tally tally;
typedef pz_stress_failure failure;
typedef pz_example example;

/* One thread's tools: the reference, the run buffers, one batch's arrays. */
typedef struct worker {
    stress *s;
    pz_reference ref;
    pz_proc run;
    char *insts, *expected;
    char *mine; /* the reference's answer, to test the corpus's against */
    char *jury; /* the corpus's NAME.ans, for messages; NULL for a generated corpus */
    unsigned char *v;
    long long lo, base; /* corpus index of insts[0]; judged offset */
    tally *t;           /* NULL for runs outside the batches */
    int isolated;       /* this batch has a culprit already */
    int stopped;        /* a run of this batch was not made: the stop came */
    char why[256];      /* the last failure heard */
} worker;

static void *at(const char *base, size_t size, long long i)
{
    return (char *)base + (size_t)i * size;
}

/* Records a failure's reason; the counts are kept by tally_one() and charge(). */
static void note(void *ctx, long long i, pz_outcome o, const char *why)
{
    worker *w = ctx;
    tally *t = w->t;
    snprintf(w->why, sizeof w->why, "%s", why);
    if (t && t->nfails < KEEP) {
        failure *f = &t->fails[t->nfails++];
        f->index = w->lo + w->base + i;
        f->v = o;
        snprintf(f->why, sizeof f->why, "%s", why);
    }
}

static void tally_one(tally *t, long long index, pz_outcome o)
{
    t->count[o]++;
    if (t->first[o] < 0)
        t->first[o] = index;
}

/* The program on instances [a, b) of the batch: the run's own verdict, and
 * when it ran clean (PZ_AC), *judged answers judged into w->v.  After the
 * stop no run starts: PZ_OUTCOMES, and w->stopped. */
static pz_outcome run_range(worker *w, long long a, long long b, long long *judged)
{
    stress *s = w->s;
    const pz_puzzle *p = s->p;
    pz_proc_limits lim = s->lim;
    size_t inlen, explen;
    if (pz_stop_signal) {
        w->stopped = 1;
        return PZ_OUTCOMES;
    }
    char *in = pz_render_input(p, at(w->insts, p->inst_size, a), b - a, &inlen), *exp;
    exp = pz_render_answers(p, 1, at(w->insts, p->inst_size, a), at(w->expected, p->ans_size, a),
                            b - a, &explen);
    free(exp);
    lim.output_cap = explen * 64 > explen + (64u << 20) ? explen + (64u << 20) : explen * 64;
    if (lim.output_cap < 64u << 10)
        lim.output_cap = 64u << 10;
    pz_proc_run(s->path, s->argv, &lim, in, inlen, &w->run);
    free(in);
#pragma omp atomic
    s->runs++;
    if (w->run.outcome != PZ_AC) {
        snprintf(w->why, sizeof w->why, "%s", w->run.why);
        return w->run.outcome;
    }
    w->base = a;
    *judged = pz_judge_output(p, at(w->insts, p->inst_size, a), at(w->expected, p->ans_size, a),
                              b - a, w->run.out, w->run.len, w->v + a, note, w);
    return PZ_AC;
}

/* Gives every instance of [a, b) the verdict o; unseen: not run alone. */
static void charge(worker *w, long long a, long long b, pz_outcome o, int unseen, const char *why)
{
    w->base = 0;
    w->t->charged[o] += unseen ? b - a : 0;
    for (long long i = a; i < b; i++) {
        tally_one(w->t, w->lo + i, o);
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
        tally_one(w->t, w->lo + i, (pz_outcome)w->v[i]);
    if (a + n < b) {
        if (!w->isolated) {
            w->isolated = 1;
            judge_range(w, a + n, b);
        } else {
            snprintf(why, sizeof why,
                     "not judged alone: charged with instance %lld, after "
                     "which its run's output could not be read strictly",
                     w->lo + a + n - 1);
            charge(w, a + n, b, (pz_outcome)w->v[a + n - 1], 1, why);
        }
    }
}

/* Batch [lo, hi) into its tally, for the engine; 1 when the stop came
 * before its last run began: it gave up, and counts for nothing.  Runs under
 * way at the stop end as they would have (the programs do not get the
 * signal: each run is a session of its own), so they count. */
static int batch(void *ctx, void *wv, long long lo, long long hi, void *part)
{
    worker *w = wv;
    stress *s = w->s;
    const pz_puzzle *p = s->p;
    tally *t = part;
    (void)ctx;
    for (int o = 0; o < PZ_OUTCOMES; o++)
        t->first[o] = -1;
    for (long long i = lo; i < hi; i++) {
        void *inst = at(w->insts, p->inst_size, i - lo),
             *exp = at(w->expected, p->ans_size, i - lo);
        const void *known = s->corpus.stream ? NULL : pz_corpus_expected(&s->corpus, i);
        if (!s->corpus.stream) /* a stream's batch came with its answers (load) */
            pz_corpus_get(&s->corpus, i, inst);
        if (pz_stop_signal)
            return 1;
        if (known || (s->corpus.stream && pz_corpus_has_expected(&s->corpus))) {
            char why[sizeof t->jury_why];
            pz_error e;
            if (known) /* else load read it */
                memcpy(exp, known, p->ans_size);
            /* The jury's answer, unless our reference refutes it (a solver
             * that takes the board is needed only for that). */
            if (pz_reference_solve(&w->ref, inst, w->mine, &e)) {
                if (pz_stop_signal)
                    return 1;
            } else if (pz_jury_refuted(p, (unsigned long long)i + 1, inst, exp, w->mine, w->jury,
                                       why, sizeof why)) {
                if (!t->jury++) {
                    t->jury_first = i;
                    snprintf(t->jury_why, sizeof t->jury_why, "%s", why);
                }
                memcpy(exp, w->mine, p->ans_size);
            }
        } else if (pz_reference_solve(&w->ref, inst, exp, &t->error)) {
            if (pz_stop_signal) /* a search cut short by the stop */
                return 1;
            char msg[sizeof t->error.msg];
            snprintf(msg, sizeof msg, "instance %lld: %.200s", i, t->error.msg);
            memcpy(t->error.msg, msg, sizeof msg);
            t->bad = 1;
            return 0;
        }
    }
    w->lo = lo;
    w->t = t;
    w->isolated = 0;
    w->stopped = 0;
    judge_range(w, 0, hi - lo);
    w->t = NULL;
    return w->stopped;
}

/* The corpus's tally, which the engine merges the batches' into. */
typedef struct job {
    stress *s;
    tally *all;
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

/* A batch's tally into the whole, in index order; after a batch without a
 * reference, no more windows start. */
static int merge(void *ctx, void *part)
{
    tally *all = ((job *)ctx)->all;
    const tally *t = part;
    for (int o = 0; o < PZ_OUTCOMES; o++) {
        all->count[o] += t->count[o];
        all->charged[o] += t->charged[o];
        if (all->first[o] < 0)
            all->first[o] = t->first[o];
    }
    for (int i = 0; i < t->nfails && all->nfails < KEEP; i++)
        all->fails[all->nfails++] = t->fails[i];
    if (t->bad && !all->bad) {
        all->bad = 1;
        all->error = t->error;
    }
    if (t->jury && !all->jury) {
        all->jury_first = t->jury_first;
        memcpy(all->jury_why, t->jury_why, sizeof all->jury_why);
    }
    all->jury += t->jury;
    return all->bad;
}

/* Buffers for n instances at a time (at most the corpus: a batch never has more). */
static void worker_init(worker *w, stress *s, long long n)
{
    if (n > s->corpus.count)
        n = s->corpus.count > 0 ? s->corpus.count : 1;
    memset(w, 0, sizeof *w);
    w->s = s;
    pz_reference_init(&w->ref, s->p, s->only);
    w->insts = pz_xcalloc((size_t)n, s->p->inst_size);
    w->expected = pz_xcalloc((size_t)n, s->p->ans_size);
    w->v = pz_xcalloc((size_t)n, 1);
    w->mine = pz_xcalloc(1, s->p->ans_size);
    w->jury = s->corpus.gen ? NULL : pz_ans_path(s->corpus.spec);
}

static void worker_free(worker *w)
{
    pz_reference_free(&w->ref);
    pz_proc_free(&w->run);
    free(w->insts);
    free(w->expected);
    free(w->v);
    free(w->mine);
    free(w->jury);
}

static void init(void *ctx, void *w)
{
    stress *s = ((job *)ctx)->s;
    worker_init(w, s, s->batch);
}

static void finish(void *ctx, void *w)
{
    (void)ctx;
    if (((worker *)w)->s) /* a thread that never started has none */
        worker_free(w);
}

/* Runs inst alone: its verdict (PZ_OUTCOMES when no solver takes it), and
 * the report's texts in ex when given. */
static pz_outcome run_alone(worker *w, const void *inst, example *ex)
{
    const pz_puzzle *p = w->s->p;
    long long n = 0;
    pz_error e;
    memcpy(w->insts, inst, p->inst_size);
    if (pz_reference_solve(&w->ref, inst, w->expected, &e))
        return PZ_OUTCOMES;
    w->lo = 0;
    w->t = NULL;
    w->why[0] = 0;
    pz_outcome o = run_range(w, 0, 1, &n);
    if (o == PZ_OUTCOMES) { /* after the stop: the input and the expected output only */
        if (ex) {
            ex->input = pz_render_input(p, inst, 1, &ex->inlen);
            ex->expected = pz_render_answers(p, 1, inst, w->expected, 1, &ex->explen);
            ex->alone = PZ_OUTCOMES;
        }
        return o;
    }
    if (o == PZ_AC)
        o = (pz_outcome)w->v[0];
    if (ex) {
        ex->input = pz_render_input(p, inst, 1, &ex->inlen);
        ex->expected = pz_render_answers(p, 1, inst, w->expected, 1, &ex->explen);
        ex->reclen = w->run.len;
        ex->received = pz_xstrndup(w->run.out ? w->run.out : "", w->run.len);
        ex->errors = pz_xstrndup(w->run.err, strlen(w->run.err));
        ex->alone = o;
        snprintf(ex->why, sizeof ex->why, "%s", o == PZ_AC ? "" : w->why);
    }
    return o;
}

void pz_example_free(example *ex)
{
    free(ex->input);
    free(ex->expected);
    free(ex->received);
    free(ex->errors);
}

/* Does the candidate still get the verdict alone? */
typedef struct shrinking {
    worker *w;
    pz_outcome target;
} shrinking;

static int still_fails(void *ctx, const void *cand)
{
    shrinking *c = ctx;
    return !pz_stop_signal && run_alone(c->w, cand, NULL) == c->target;
}

/* ex holds start's run alone; it gets the smallest instance's instead: the
 * first neighbour that still gets the verdict alone, at the same size unless
 * --shrink-any-size, at most SHRINK_RUNS runs. */
static void shrink(worker *w, const void *start, pz_outcome target, example *ex)
{
    const pz_puzzle *p = w->s->p;
    shrinking c = {w, target};
    if (pz_stop_signal)
        return;
    pz_shrink_limits lim = {
        .tries = 64L * SHRINK_RUNS, .runs = SHRINK_RUNS, .same_size = !w->s->any_size};
    pz_shrunk done;
    char *cur = pz_xmalloc(p->inst_size);
    pz_shrink(p, start, cur, still_fails, &c, &lim, &done);
    ex->steps += done.steps;
    ex->runs += (int)done.runs;
    if (done.steps) {
        pz_example_free(ex);
        run_alone(w, cur, ex);
    }
    free(cur);
}

double pz_stress_corpus(stress *s, tally *all)
{
    job jb = {s, all, 0, {"", 0, 0, ""}};
    pz_engine e = {.first = 0,
                   .end = s->corpus.count,
                   .batch = s->batch,
                   .threads = s->jobs,
                   .ctx = &jb,
                   .worker_size = sizeof(worker),
                   .init = init,
                   .run = batch,
                   .load = s->corpus.stream ? load : NULL,
                   .part_size = sizeof(tally),
                   .window = WINDOW,
                   .merge = merge,
                   .finish = finish,
                   /* a line on a terminal for a long run: how far, how long to go */
                   .stop = &pz_stop_signal,
                   .progress = "stress"};
    double start = pz_now();
    for (int o = 0; o < PZ_OUTCOMES; o++)
        all->first[o] = -1;
    pz_engine_run(&e);
    if (jb.read_failed && !all->bad) {
        all->bad = 1;
        all->error = jb.read_error;
    }
    s->done = e.done;
    return pz_now() - start;
}

/* The first failures, and the first WA and RE shrunk, each run alone. */
void pz_stress_examine(stress *s, const tally *all, example *ex, int *nex, example *shrunk,
                       int *nshrunk)
{
    static const pz_outcome targets[2] = {PZ_WA, PZ_RE};
    worker w;
    char *inst = pz_xmalloc(s->p->inst_size);
    worker_init(&w, s, 1);
    for (*nex = 0; *nex < s->show && *nex < all->nfails; ++*nex) {
        example *e = &ex[*nex];
        e->index = all->fails[*nex].index;
        e->seen = all->fails[*nex].v;
        pz_corpus_get(&s->corpus, e->index, inst);
        run_alone(&w, inst, e);
    }
    for (int i = 0; i < 2; i++) {
        example *e = &shrunk[*nshrunk];
        if (all->first[targets[i]] < 0 || pz_stop_signal) /* interrupted: no shrinking */
            continue;
        e->index = all->first[targets[i]];
        e->seen = targets[i];
        pz_corpus_get(&s->corpus, e->index, inst);
        if (run_alone(&w, inst, e) == targets[i])
            shrink(&w, inst, targets[i], e);
        ++*nshrunk;
    }
    worker_free(&w);
    free(inst);
}
