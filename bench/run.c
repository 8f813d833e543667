/* run.c - `puzzlebench run`: batches that solve, time, check, compare.
 *
 * A shard of the corpus is cut into batches that the engine (engine.c) hands
 * to threads.  For a batch a thread makes the instances, then each solver
 * solves every instance it takes under one timer (the monotonic clock and
 * the thread's CPU clock), so timing costs nothing per instance, and a
 * batch too short for the clocks is timed again in a loop (settle), the
 * next ones like it standing in untimed (stands_in); then
 * every answer goes through the puzzle's checker and is compared with the
 * reference.  Counts are sums and failures are kept by index, so the result
 * does not depend on which thread took which batch.  The reference is the
 * corpus's expected answer where it has one, else the first answer that
 * checks in reference order (judge.h), else the answer of the first solver
 * in that order that took the instance.
 *
 * A wide corpus (solver.h: boards past 64x64) runs the same way through the
 * puzzle's wide twin.  Each thread has an arena, reset before each batch,
 * for the rows of the batch's boards and of every answer (sized by
 * answer_in before the timer), so memory follows the boards the batch
 * holds; batches are one instance unless --batch says otherwise, and each
 * solver's resize() does its per-size work before the timer.
 */
#include <errno.h>
#include <math.h>
#include <omp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../solvers/arena.h"
#include "../solvers/io.h"
#include "../util/util.h"
#include "engine.h"
#include "judge.h"
#include "run.h"

/* What happened to one solver on one instance of a batch.  CUT: its
 * search was cut by the game's budget (run --budget): no answer, "unknown"
 * (the puzzle's unknown() wrote it), counted apart and never checked. */
enum {
    NOT_ASKED,
    SKIPPED,
    CUT,
    RAN,
    FAILED, /* solve() returned an error */
    STRAY   /* solve() stopped (PZ_STOPPED) with no budget cutting it and no signal */
};

/* A batch's buffers may take this much memory per thread, at most. */
#define BATCH_BYTES (1ll << 30)

typedef struct worker {
    char *inst;                /* the batch's instances */
    char *ans[PZ_RUN_SOLVERS]; /* each solver's answers */
    char *spare;               /* answers of a pass timed again (settle), made when first needed */
    unsigned char *took[PZ_RUN_SOLVERS];
    void *scratch[PZ_RUN_SOLVERS]; /* kept across batches: solvers cache tables */
    int *todo;
    int *sample;    /* again_on_sample's instances */
    int *classes;   /* check_batch's classes of the reference's answers */
    unsigned given; /* a bit a solver: it took every instance of the batch and answered */
    pz_tally tally[PZ_RUN_SOLVERS];
    PZ_COUNTS(PZ_DECLARE) /* this thread's part of the result's */
    long long *hist;
    char (*names)[PZ_NAME];
    pz_failure keep[PZ_KEEP]; /* this thread's first failures by index */
    int nkeep;
    char warm[PZ_RUN_SOLVERS];         /* the solver has had a batch in this thread and pass (a
                                        * pass makes its workers anew: keep it so) */
    int timed[PZ_RUN_SOLVERS];         /* warm batches timed in this thread and pass */
    long long untimed[PZ_RUN_SOLVERS]; /* batches left to stand in untimed (stands_in) */
    double per_wall[PZ_RUN_SOLVERS], per_cpu[PZ_RUN_SOLVERS]; /* their times an instance */
    int per_size[PZ_RUN_SOLVERS];                             /* and their size (batch_size_of) */
    pz_arena *arena;              /* a wide corpus's: the batch's rows */
    char *expected;               /* the batch's expected answers, where the corpus has them */
    pz_reference ref;             /* ours, against an expected answer a solver disputes */
    char *mine;                   /* its answer; NULL until first needed */
    char *other;                  /* its answer without a solver, to agree with it */
    double *tree[PZ_RUN_SOLVERS]; /* with a budget: a CUT game's tree by its estimate */
} worker;

typedef struct job {
    const pz_corpus *c;
    const pz_run_opts *o;
    int expected; /* the corpus has expected answers */
    int batch;
    int order[PZ_RUN_SOLVERS];  /* the solvers in reference order */
    double wall_cost, cpu_cost; /* what reading each clock costs */
    pz_result *res;
    int nfail;       /* in res->fail, before pz_keep_first */
    int rep;         /* the pass over the shard: -1 the warm-up, then 0 .. repeat - 1 */
    int read_failed; /* a streamed corpus could not be read: read_error says why */
    pz_error read_error;
    char *ans_name;      /* the expected answers' file, for messages */
    int game_threads;    /* threads a game may search on (solver.h) */
    pz_batch_cost *cost; /* a pilot's batch (pz_batch_pilot): its parts timed; NULL in a run */
    int stand_in;        /* a pilot's: stand in wherever the rule's times allow (stands_in) */
    double lap_cost;     /* a pilot's: what reading the CPU clock costs on average (lap) */
} job;

/* At least 64 batches, so threads share uneven work; at most PZ_BATCH
 * instances, so a batch's working set stays in cache. */
int pz_default_batch(long long instances)
{
    long long b = instances / 64;
    return b < 1 ? 1 : b > PZ_BATCH ? PZ_BATCH : (int)b;
}

static int is_wide(const pz_corpus *c)
{
    return c->puzzle->wide == c->puzzle;
}

/* The batch a run uses: the one asked for or the default, never more than
 * the shard, so a batch's buffers never outgrow the instances there are.  A
 * wide corpus's boards may take megabytes each: one a batch by default. */
int pz_run_batch(const pz_corpus *c, long long total, const pz_run_opts *o)
{
    long long b = o->batch > 0 ? o->batch : is_wide(c) ? 1 : pz_default_batch(total);
    return (int)(b > total ? (total > 0 ? total : 1) : b);
}

static int batch_size(const pz_corpus *c, const pz_shard *sh, const pz_run_opts *o)
{
    return pz_run_batch(c, sh->end - sh->first, o);
}

static long long batch_bytes(const pz_puzzle *p, const pz_run_opts *o, long long b)
{
    /* the instances, todo and classes, and each solver's answers and took */
    return b *
           (long long)(p->inst_size + 2 * sizeof(int) + (size_t)o->nsolvers * (p->ans_size + 1));
}

int pz_run_check(const pz_corpus *c, const pz_shard *sh, const pz_run_opts *o, pz_error *e)
{
    long long b = batch_size(c, sh, o), bytes = batch_bytes(c->puzzle, o, b);
    if (bytes > BATCH_BYTES)
        return pz_fail(e, NULL,
                       "run: --batch %lld needs %lld MiB of buffers per thread here, more than "
                       "the %lld MiB allowed: give a smaller batch (at most %lld)",
                       b, bytes >> 20, BATCH_BYTES >> 20,
                       BATCH_BYTES / batch_bytes(c->puzzle, o, 1));
    return 0;
}

/* How an answer differs from the reference's (with), which the judge prints
 * otherwise: in its class (the count, Impossible, Possible), or in the
 * witness the judge's output shows (malloc'd). */
static char *how_differs(const job *jb, const void *inst, const void *with, const void *ans,
                         const char *refname)
{
    const pz_puzzle *p = jb->c->puzzle;
    char mine[PZ_NAME], theirs[PZ_NAME];
    int a = p->classify(inst, ans, mine, sizeof mine),
        b = p->classify(inst, with, theirs, sizeof theirs);
    if (a != b)
        return pz_xasprintf("%s where %s has %s", mine, refname, theirs);
    return pz_xasprintf("%s as %s, but another witness in the judge's output", mine, refname);
}

/* Keeps the failure if it is among this thread's first PZ_KEEP by index. */
static void keep_failure(const job *jb, worker *w, long long index, int j, const void *expected,
                         const char *ewhy, const char *refuted, const char **why, unsigned differ,
                         int ref, const void *with)
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
    /* A wide instance's rows are in the batch's arena: it is kept as text
     * alone, and not shrunk. */
    f->inst = is_wide(jb->c) ? NULL : pz_xmemdup(inst, p->inst_size);
    f->input = pz_render_one(p, inst, NULL);
    f->expected = expected ? pz_render_one(p, inst, expected) : NULL;
    f->expected_why = ewhy;
    f->refuted = refuted ? pz_xstrndup(refuted, strlen(refuted)) : NULL;
    f->disagree = differ;
    f->reference = ref;
    for (int s = 0; s < jb->o->nsolvers; s++)
        if (w->took[s][j] >= RAN || (w->took[s][j] == CUT && p->unknown)) {
            f->answer[s] = w->took[s][j] >= FAILED
                               ? pz_xcalloc(1, 1) /* no answer to show */
                               : pz_render_one(p, inst, w->ans[s] + (size_t)j * p->ans_size);
            f->why[s] = why[s];
            if ((differ >> s) & 1)
                f->how[s] = how_differs(jb, inst, with, w->ans[s] + (size_t)j * p->ans_size,
                                        ref >= 0           ? jb->o->solvers[ref]->name
                                        : with == expected ? "the expected answer"
                                                           : "our reference");
        }
}

/* Our reference (judge.h) on inst, into out (w->mine or w->other), from a
 * built-in solver other than except (NULL: any): 1; 0 where none takes the
 * instance or none's answer checks; -1 where run --budget (when budgeted)
 * cut its search, as it cuts the solvers': the agreement is then unknown. */
static int reference(const job *jb, worker *w, const void *inst, const pz_solver *except,
                     char **out, int budgeted)
{
    const pz_puzzle *p = jb->c->puzzle;
    pz_error e;
    if (!w->ref.puzzle)
        pz_reference_init(&w->ref, p, NULL);
    if (!*out)
        *out = pz_xcalloc_lines(1, p->ans_size);
    w->ref.arena = w->arena; /* a wide answer's rows: the batch's, as the others' */
    pz_game_start(budgeted && pz_budget_on(&jb->o->budget) ? &jb->o->budget : NULL);
    if (pz_reference_solve_except(&w->ref, inst, *out, except, &e))
        return 0;
    return p->classify(inst, *out, NULL, 0) == PZ_CLASS_UNKNOWN ? -1 : 1;
}

/* Two answers agree when the judge prints the same for both: the same
 * canonical answer, or another witness of the same output (a press set of
 * as many presses, where the judge prints the count). */
static int judge_same(const pz_puzzle *p, const void *inst, const void *a, const void *b)
{
    if (p->same(inst, a, b))
        return 1;
    char *x = pz_render_one(p, inst, a), *y = pz_render_one(p, inst, b);
    int same = !strcmp(x, y);
    free(x);
    free(y);
    return same;
}

/* Why a solver's answer that the checker accepts still fails, or NULL. */
static const char *answer_fails(const pz_puzzle *p, const void *inst, const void *ans, int *proven)
{
    pz_proof pf = p->proof ? p->proof(inst, ans) : PZ_PROVEN;
    *proven = pf == PZ_PROVEN;
    if (p->classify(inst, ans, NULL, 0) == PZ_CLASS_UNKNOWN)
        return "the solver answered unknown, and no budget cut it";
    if (pf == PZ_OWES_PROOF)
        return "the answer claims what it does not prove (a Possible without its placement, "
               "a count without its presses)";
    return NULL;
}

/* One instance's answers as check_and_compare learns them, a bit a solver:
 * which ran (answered: without an error or a stray stop), were cut, asked
 * at all, fail (bad, with why), carry their proof, are trusted (certified
 * or agreed) and differ from the reference. */
typedef struct judged {
    const void *inst;
    int j;
    unsigned ran, answered, cut, asked, bad, proven, trusted, differ;
    unsigned unsure; /* nothing proves it, and the budget cut our reference's search */
    const char *why[PZ_RUN_SOLVERS];
} judged;

#define ANSWER(w, p, s, j) ((w)->ans[s] + (size_t)(j) * (p)->ans_size)

/* Each answer through the checker and its proof; the budget's cuts counted. */
static void check_each(const job *jb, worker *w, judged *a)
{
    const pz_puzzle *p = jb->c->puzzle;
    for (int s = 0; s < jb->o->nsolvers; s++) {
        int t = w->took[s][a->j], pr = 0;
        const void *ans = ANSWER(w, p, s, a->j);
        a->asked |= (unsigned)(t != NOT_ASKED) << s;
        w->tally[s].not_run += t == NOT_ASKED; /* sampled out */
        a->why[s] = NULL;
        if (t == CUT) { /* no answer within the budget: counted apart */
            double tree = w->tree[s][a->j];
            a->cut |= 1u << s;
            w->tally[s].unknown++;
            if (tree == tree) /* not NaN: the search estimated it */
                w->tally[s].estimated++, w->tally[s].tree += tree;
        }
        if (t < RAN)
            continue;
        a->ran |= 1u << s;
        a->answered |= (unsigned)(t == RAN) << s;
        if (t == FAILED)
            a->why[s] = "the solver reported an error";
        else if (t == STRAY)
            a->why[s] = "the solver stopped (PZ_STOPPED) with no budget and no signal";
        else if (p->check(a->inst, ans, &a->why[s]) != PZ_VALID)
            ;
        else if (!(a->why[s] = answer_fails(p, a->inst, ans, &pr))) {
            a->proven |= (unsigned)pr << s;
            continue;
        }
        a->bad |= 1u << s;
        w->tally[s].invalid++;
    }
    w->checked += __builtin_popcount(a->ran);
}

/* Each answer that checks: certified by its proof, or agreed by the same
 * judge output from an independent built-in solver of the run, else from
 * our reference solved without it (never from the jury alone: its answer
 * is what is checked, not a witness); else it fails. */
static void trust_each(const job *jb, worker *w, judged *a)
{
    const pz_puzzle *p = jb->c->puzzle;
    const pz_run_opts *o = jb->o;
    a->trusted = a->proven;
    for (int s = 0; s < o->nsolvers; s++) {
        const pz_solver *sv = o->solvers[s];
        const void *ans = ANSWER(w, p, s, a->j);
        if (!(((a->ran & ~a->bad & ~a->proven) >> s) & 1))
            continue;
        for (int u = 0; u < o->nsolvers && !((a->trusted >> s) & 1); u++)
            if (u != s && (((a->ran & ~a->bad) >> u) & 1) && pz_builtin(o->solvers[u]) &&
                o->solvers[u] != sv && judge_same(p, a->inst, ANSWER(w, p, u, a->j), ans))
                a->trusted |= 1u << s;
        if ((a->trusted >> s) & 1)
            continue;
        int ours = reference(jb, w, a->inst, pz_builtin(sv) ? sv : NULL, &w->other, 1);
        if (ours > 0 && judge_same(p, a->inst, w->other, ans)) {
            a->trusted |= 1u << s;
            continue;
        }
        if (ours < 0) { /* the budget cut the agreement: unknown, as a cut search */
            a->unsure |= 1u << s;
            continue;
        }
        a->why[s] = ours ? "nothing proves it (no certificate), and the built-in reference "
                           "answers otherwise"
                         : "nothing proves it (no certificate), and no independent built-in "
                           "solver takes the instance to agree";
        a->bad |= 1u << s;
        w->tally[s].invalid++;
    }
}

/* The jury's answer (expected), checked: the reference, or where it is
 * "unknown" (a budgeted solve's, no jury answer) ours; NULL if neither. */
static const void *jury_reference(const job *jb, worker *w, const judged *a, const void *expected,
                                  const char **ewhy)
{
    const pz_puzzle *p = jb->c->puzzle;
    if (p->check(a->inst, expected, ewhy) != PZ_VALID) {
        w->expected_invalid++;
        return NULL;
    }
    *ewhy = NULL;
    if (p->classify(a->inst, expected, NULL, 0) != PZ_CLASS_UNKNOWN)
        return expected;
    w->jury_unknown++;
    return reference(jb, w, a->inst, NULL, &w->mine, 1) > 0 ? w->mine : NULL;
}

/* A trusted answer differs from the jury's: does our reference refute the
 * jury (as check and stress ask)?  Then why, in jury; the jury's answer
 * stays the reference. */
static const char *jury_refuted(const job *jb, worker *w, const judged *a, long long index,
                                const void *expected, char *jury, size_t cap)
{
    const pz_puzzle *p = jb->c->puzzle;
    for (int s = 0; s < jb->o->nsolvers; s++)
        if (((a->trusted >> s) & 1) && !judge_same(p, a->inst, expected, ANSWER(w, p, s, a->j))) {
            if (reference(jb, w, a->inst, NULL, &w->mine, 0) <= 0 ||
                !pz_jury_refuted(p, (unsigned long long)index + 1, a->inst, expected, w->mine,
                                 jb->ans_name, jury, cap))
                return NULL;
            w->jury_refuted++;
            return jury;
        }
    return NULL;
}

/* The classes counted, and the instance in the histogram (by the
 * reference's class k, where there is a reference) or apart. */
static void count_instance(const job *jb, worker *w, const judged *a, const void *ref, int k)
{
    const pz_puzzle *p = jb->c->puzzle;
    for (int s = 0; s < jb->o->nsolvers; s++) {
        unsigned bit = 1u << s;
        if ((a->bad | a->differ) & bit)
            w->tally[s].failed++;
        else if (a->trusted & a->proven & bit)
            w->tally[s].certified++;
        else if (a->trusted & bit)
            w->tally[s].agreed++;
        else if (a->unsure & bit)
            w->tally[s].unknown++, w->tally[s].unchecked++;
    }
    if (ref) {
        if (!w->hist[k]++)
            p->classify(a->inst, ref, w->names[k], PZ_NAME);
    } else if ((a->cut || a->unsure) && !(a->ran & ~a->unsure)) { /* every one was cut */
        if (!w->hist[PZ_CLASS_UNKNOWN]++)
            snprintf(w->names[PZ_CLASS_UNKNOWN], PZ_NAME, "%s", PZ_UNKNOWN_NAME);
    } else if (!a->asked) { /* sampled out by every solver */
        w->not_run++;
    } else {
        w->unanswered++;
    }
}

/* Checks every answer to instance j of the batch, gives each its class
 * (result.h's PZ_ANSWERS), compares it with the reference, and counts.
 * This runs once per instance beside the solvers it measures, so it touches
 * only what it needs: the answers of the solvers that took the instance,
 * and the reference's class.  The reference is the jury's answer, else the
 * first trusted answer in reference order, else ours. */
static void check_and_compare(const job *jb, worker *w, long long index, int j)
{
    const pz_puzzle *p = jb->c->puzzle;
    const int ns = jb->o->nsolvers;
    const void *expected = w->expected ? w->expected + (size_t)j * p->ans_size : NULL;
    const void *ref = NULL, *cmp;
    const char *ewhy = NULL, *refuted = NULL;
    char jury[512];
    int refsolver = -1, k = -1;
    judged a = {.inst = w->inst + (size_t)j * p->inst_size, .j = j};
    check_each(jb, w, &a);
    if (expected)
        ref = jury_reference(jb, w, &a, expected, &ewhy);
    trust_each(jb, w, &a);
    if (!expected) {
        if ((refsolver = pz_reference_pick(jb->order, ns, a.trusted)) >= 0)
            ref = ANSWER(w, p, refsolver, j);
        else if (a.ran && reference(jb, w, a.inst, NULL, &w->mine, 1) > 0)
            ref = w->mine; /* none trusted: ours, to show what is right */
    }
    if (ref && ((k = p->classify(a.inst, ref, NULL, 0)) < 0 || k >= PZ_CLASSES))
        pz_fatal("%s: classify() gave class %d, outside 0..%d", p->name, k, PZ_CLASSES - 1);
    if (ref && ref == expected)
        refuted = jury_refuted(jb, w, &a, index, expected, jury, sizeof jury);
    cmp = ref ? ref : ewhy ? expected : NULL; /* an invalid expected answer: still compared */
    for (int s = 0; s < ns && cmp; s++)
        if (((a.answered >> s) & 1) && s != refsolver &&
            !judge_same(p, a.inst, cmp, ANSWER(w, p, s, j))) {
            a.differ |= 1u << s;
            w->tally[s].disagree++;
        }
    count_instance(jb, w, &a, ref, k);
    if (a.bad || a.differ || ewhy || refuted) {
        w->failures++;
        keep_failure(jb, w, index, j, expected, ewhy, refuted, a.why, a.differ, refsolver, cmp);
    }
}

/* The end of the run of instances from j that every solver took and
 * answered (took: RAN), at most end. */
static int given_run(const job *jb, const worker *w, int j, int end)
{
    for (int s = 0; s < jb->o->nsolvers; s++)
        if (!((w->given >> s) & 1)) {
            int e = j;
            while (e < end && w->took[s][e] == RAN)
                e++;
            end = e;
        }
    return end;
}

/* What one hook (check_batch on the reference's answers, or same_batch on
 * another solver's) is known to say of a batch: yes to [.., ok), and where
 * ok < asked, no to ok. */
typedef struct known {
    int ok, asked;
} known;

/* How far from j, at most end, the reference's answers pass check_batch
 * (classes != NULL: into classes, with solver s's compared with them where
 * s >= 0) or solver s's pass same_batch against them, asking only what
 * *kn does not know: so a hook that passed a long run is not asked again
 * after another stopped early, and the batch costs each hook one pass, not
 * one a stop. */
static int passes(const job *jb, const worker *w, int s, int j, int end, int *classes, known *kn)
{
    const pz_puzzle *p = jb->c->puzzle;
    const size_t isz = p->inst_size, asz = p->ans_size;
    if (j < kn->ok && (kn->ok >= end || kn->ok < kn->asked))
        return kn->ok < end ? kn->ok : end;
    int from = j > kn->ok ? j : kn->ok;
    size_t m = (size_t)(end - from), at = (size_t)from * asz;
    const char *in = w->inst + (size_t)from * isz, *ref = w->ans[jb->order[0]] + at;
    const char *ans = s >= 0 ? w->ans[s] + at : NULL;
    kn->ok = from + (int)(classes ? p->check_batch(in, ref, ans, m, classes + from)
                                  : p->same_batch(in, ref, ans, m));
    kn->asked = end;
    return kn->ok;
}

/* check_batch_many's histogram, off its loop: the reference's answer j
 * is the first of its class k, which is named, or k is out of range. */
static __attribute__((noinline, cold)) void new_class(const job *jb, const worker *w, int j, int k)
{
    const pz_puzzle *p = jb->c->puzzle;
    if ((unsigned)k >= PZ_CLASSES)
        pz_fatal("%s: classify() gave class %d, outside 0..%d", p->name, k, PZ_CLASSES - 1);
    p->classify(w->inst + (size_t)j * p->inst_size, w->ans[jb->order[0]] + (size_t)j * p->ans_size,
                w->names[k], PZ_NAME);
}

/* check_batch's way, where the puzzle checks (and with several solvers,
 * compares) batches: over a run of instances every solver answered, the
 * reference's answers (the first solver in reference order) through
 * check_batch, which compares the next solver's with them in the same
 * pass, and each further solver's through same_batch.  Both pass another
 * solver's answer only where it is the same as the reference's in
 * everything the checker reads: so the checker's verdict on it is the
 * reference's, and it is counted certified as check_and_compare() counts
 * it.  The first instance any of them stops at goes to check_and_compare()
 * from the start. */
static void check_batch_many(const job *jb, worker *w, long long lo, int n)
{
    const int ns = jb->o->nsolvers, first = jb->order[0], next = jb->order[ns > 1];
    int *classes = w->classes, k;
    long long *hist = w->hist, accepted = 0;
    known check = {0, 0}, same[PZ_RUN_SOLVERS] = {{0, 0}};
    for (int j = 0; j < n;) {
        int end = given_run(jb, w, j, n);
        if (end > j)
            end = passes(jb, w, ns > 1 ? next : -1, j, end, classes, &check);
        for (int s = 0; s < ns && end > j; s++)
            if (s != first && s != next)
                end = passes(jb, w, s, j, end, NULL, &same[s]);
        accepted += end - j;
        for (; j < end; j++)
            if ((unsigned)(k = classes[j]) >= PZ_CLASSES || !hist[k]++)
                new_class(jb, w, j, k);
        if (j < n) { /* not taken, failed, not checking or differing: the full way */
            check_and_compare(jb, w, lo + j, j);
            j++;
        }
    }
    w->checked += accepted * ns;
    for (int s = 0; s < ns; s++)
        w->tally[s].certified += accepted; /* check_batch accepts proven answers only */
}

/* Checks and compares the batch.  Most instances have every answer taken, checking,
 * proven and the same: those go through a short path with the batch's constants in
 * registers, which counts them as check_and_compare() would; any other instance (or one
 * where the short path finds a failure) goes to check_and_compare() from the start. */
static void check_batch(const job *jb, worker *w, long long lo, int n)
{
    const pz_puzzle *p = jb->c->puzzle;
    pz_verdict (*check)(const void *, const void *, const char **) = p->check;
    int (*same)(const void *, const void *, const void *) = p->same;
    int (*classify)(const void *, const void *, char *, size_t) = p->classify;
    pz_proof (*proof)(const void *, const void *) = p->proof;
    const int ns = jb->o->nsolvers, first = jb->order[0];
    const size_t isz = p->inst_size, asz = p->ans_size;
    long long *hist = w->hist, checked = 0;
    if (jb->expected) {
        for (int j = 0; j < n; j++)
            check_and_compare(jb, w, lo + j, j);
        return;
    }
    if (p->check_batch && (ns == 1 || p->same_batch)) { /* the puzzle checks batches */
        check_batch_many(jb, w, lo, n);
        return;
    }
    if (ns == 1) { /* one solver: the same path, with its arrays in registers */
        const unsigned char *took = w->took[0];
        const char *inst = w->inst, *ans = w->ans[0], *why;
        for (int j = 0; j < n; j++, inst += isz, ans += asz) {
            if (took[j] != RAN || check(inst, ans, &why) != PZ_VALID ||
                (proof && proof(inst, ans) != PZ_PROVEN)) {
                check_and_compare(jb, w, lo + j, j);
                continue;
            }
            int k = classify(inst, ans, NULL, 0);
            if (k < 0 || k >= PZ_CLASSES)
                pz_fatal("%s: classify() gave class %d, outside 0..%d", p->name, k, PZ_CLASSES - 1);
            if (!hist[k]++)
                classify(inst, ans, w->names[k], PZ_NAME);
            checked++;
        }
        w->checked += checked;
        w->tally[0].certified += checked;
        return;
    }
    for (int j = 0; j < n; j++) {
        const char *inst = w->inst + (size_t)j * isz, *why;
        const char *ref = w->ans[first] + (size_t)j * asz;
        int s = 0;
        while (s < ns && w->took[s][j] == RAN)
            s++;
        if (s < ns)
            goto slow;
        for (s = 0; s < ns; s++)
            if (check(inst, w->ans[s] + (size_t)j * asz, &why) != PZ_VALID ||
                (proof && proof(inst, w->ans[s] + (size_t)j * asz) != PZ_PROVEN))
                goto slow;
        for (s = 0; s < ns; s++)
            if (s != first && !same(inst, ref, w->ans[s] + (size_t)j * asz))
                goto slow;
        int k = classify(inst, ref, NULL, 0);
        if (k < 0 || k >= PZ_CLASSES)
            pz_fatal("%s: classify() gave class %d, outside 0..%d", p->name, k, PZ_CLASSES - 1);
        if (!hist[k]++)
            classify(inst, ref, w->names[k], PZ_NAME);
        checked += ns;
        for (s = 0; s < ns; s++)
            w->tally[s].certified++;
        continue;
    slow:
        check_and_compare(jb, w, lo + j, j);
    }
    w->checked += checked;
}

/* One solver's part of a batch: what it took, and its times. */
typedef struct solver_batch {
    int count, skipped;     /* instances it took (todo[0 .. count)), and too big for it */
    int all;                /* it took every one: no todo list to walk */
    int cold;               /* its first batch in its thread and pass */
    long long first;        /* the index of the first it took */
    unsigned long long set; /* which it took (instance_set) */
    double wall, cpu;       /* over them, the clocks' own cost taken off */
    /* with solvers on a sample: again_on_sample's times and counts, by sampled solver */
    double again[PZ_RUN_SOLVERS];
    int again_n[PZ_RUN_SOLVERS];
} solver_batch;

/* Which of the batch's instances a solver took (todo[0 .. count), by their
 * place in the batch), as a hash: two solvers that took the same ones have
 * the same.  0 stands for all of them. */
static unsigned long long instance_set(const int *todo, int count)
{
    unsigned long long h = 0xcbf29ce484222325ull ^ (unsigned long long)count;
    for (int k = 0; k < count; k++)
        h = (h ^ (unsigned long long)todo[k]) * 0x100000001b3ull;
    return h | 1;
}

/* The sweep's size of a batch's instances (corpus.h), -1 where the corpus
 * is no sweep, -2 where the batch spans two sizes. */
static int batch_size_of(const pz_corpus *c, long long lo, int n, int *rows, int *cols)
{
    int size = pz_corpus_size(c, lo, rows, cols);
    return size >= 0 && size != pz_corpus_size(c, lo + n - 1, NULL, NULL) ? -2 : size;
}

/* A timed pass over a batch into the solvers' tallies: times per instance
 * into the spreads, a cold batch (a solver's first in its thread and pass:
 * new scratch, cold caches) apart from the warm ones; and for each two
 * solvers that took the same instances, both warm, the CPU time of each
 * (like). */
static void tally_batch(const job *jb, worker *w, int rep, int reps, long long lo, int n,
                        const solver_batch *b)
{
    const pz_run_opts *o = jb->o;
    /* a sweep's size, where the batch holds one */
    int rows = 0, cols = 0, size = batch_size_of(jb->c, lo, n, &rows, &cols);
    if (size >= PZ_SIZES)
        size = -1;
    for (int s = 0; s < o->nsolvers; s++) {
        pz_tally *t = &w->tally[s];
        const solver_batch *x = &b[s];
        /* seconds and cpu_seconds are those of one pass: the mean of the passes */
        t->cpu_seconds += x->cpu / reps;
        t->seconds += x->wall / reps;
        if (x->count) {
            double ns = x->wall * 1e9 / x->count;
            int cls = pz_spread_class(ns);
            pz_tally_worst(t, ns, x->first);
            pz_spread_add(&t->spread, cls, x->count);
            if (reps > 1)
                pz_spread_add(&t->rep_spread[rep], cls, x->count);
        }
        if (x->cold) {
            t->cold_batches++;
            t->cold_ran += x->count;
            t->cold_seconds += x->wall;
            t->cold_cpu_seconds += x->cpu;
            if (size >= 0) { /* the size's figure where it has no warm batch */
                t->sizes_cold_ran[size] += x->count;
                t->sizes_cold_cpu_seconds[size] += x->cpu;
                t->sizes_rows[size] = rows;
                t->sizes_cols[size] = cols;
            }
        } else if (x->count) {
            int cls = pz_spread_class(x->cpu * 1e9 / x->count);
            pz_spread_add(&t->cpu_spread, cls, x->count);
            if (size >= 0) {
                pz_spread_add(&t->sizes[size], cls, x->count);
                t->sizes_rows[size] = rows;
                t->sizes_cols[size] = cols;
            }
            for (int u = 0; u < o->nsolvers; u++)
                if (u != s && !b[u].cold && b[u].count == x->count && b[u].set == x->set &&
                    ((o->slow >> u) & 1) == ((o->slow >> s) & 1)) { /* else again_on_sample */
                    t->like_cpu_seconds[u] += x->cpu / reps;
                    t->like_ran[u] += rep == 0 ? x->count : 0;
                }
        }
        if (reps > 1) {
            t->rep_seconds[rep] += x->wall;
            t->rep_cpu_seconds[rep] += x->cpu;
        }
        if (rep == 0) {
            t->skipped += x->skipped;
            t->ran += x->count;
        }
    }
}

/* Like with like between a solver on the sample (v) and one that is not
 * (s), where s solved v's instances again (again_on_sample), both warm. */
static void tally_sampled(worker *w, const pz_run_opts *o, int rep, int reps, const solver_batch *b)
{
    for (int s = 0; s < o->nsolvers && o->slow; s++)
        for (int v = 0; v < o->nsolvers; v++)
            if (!((o->slow >> s) & 1) && b[s].count && b[v].count &&
                b[s].again_n[v] == b[v].count && !b[s].cold && !b[v].cold) {
                w->tally[s].like_cpu_seconds[v] += b[s].again[v] / reps;
                w->tally[v].like_cpu_seconds[s] += b[v].cpu / reps;
                w->tally[s].like_ran[v] += rep == 0 ? b[v].count : 0;
                w->tally[v].like_ran[s] += rep == 0 ? b[v].count : 0;
            }
}

/* solve() of solver s on instance j returned rc, not 0, and no signal
 * came: what it took.  PZ_STOPPED where the game's budget cut it is CUT,
 * its answer unknown (the puzzle's unknown() writes it); PZ_STOPPED with no
 * budget, or one the budget did not cut, is the solver's failure (STRAY);
 * any other code, an error (FAILED). */
static unsigned char ended(const job *jb, worker *w, int s, int j, int rc, int budgeted)
{
    const pz_puzzle *p = jb->c->puzzle;
    pz_game_end end;
    if (rc != PZ_STOPPED)
        return FAILED;
    if (!budgeted || !pz_game_cut(&end))
        return STRAY;
    w->tree[s][j] = end.tree;
    if (p->unknown)
        p->unknown(w->inst + (size_t)j * p->inst_size, w->ans[s] + (size_t)j * p->ans_size);
    return CUT;
}

/* The batch's instances, made (or copied from a file, with its expected
 * answers) into w->inst; a stream's were read by load_batch. */
static void make_instances(const job *jb, worker *w, long long lo, int n)
{
    const pz_corpus *c = jb->c;
    size_t isz = c->puzzle->inst_size, asz = c->puzzle->ans_size;
    if (c->stream)
        return;
    if (w->arena)
        pz_arena_reset(w->arena);
    if (c->gen && w->arena) {
        for (int j = 0; j < n; j++)
            c->gen->make_in(&c->params, (uint64_t)(lo + j), w->inst + (size_t)j * isz, w->arena);
    } else if (c->gen && c->gen->make_batch) {
        c->gen->make_batch(&c->params, (uint64_t)lo, (size_t)n, w->inst);
    } else if (c->gen) {
        void (*make)(const pz_params *, uint64_t, void *) = c->gen->make;
        for (int j = 0; j < n; j++)
            make(&c->params, (uint64_t)(lo + j), w->inst + (size_t)j * isz);
    } else {
        memcpy(w->inst, (const char *)c->insts + (size_t)lo * isz, (size_t)n * isz);
        if (c->expected)
            memcpy(w->expected, (const char *)c->expected + (size_t)lo * asz, (size_t)n * asz);
    }
}

/* Which instances solver s takes (w->took, w->todo), and outside any
 * timer what it needs for them: the answers' rows, its per-size work. */
static void select_instances(const job *jb, worker *w, long long lo, int n, int s, solver_batch *b)
{
    const pz_puzzle *p = jb->c->puzzle;
    const pz_run_opts *o = jb->o;
    const pz_solver *sv = o->solvers[s];
    size_t isz = p->inst_size;
    unsigned char *took = w->took[s];
    int sampled = (o->slow >> s) & 1;
    b->all = !sampled && sv->fits_batch && sv->fits_batch(w->inst, (size_t)n) == (size_t)n;
    b->count = b->skipped = 0;
    if (b->all) {
        memset(took, RAN, (size_t)n);
        b->count = n;
    }
    for (int j = 0; j < n && !b->all; j++) {
        took[j] = NOT_ASKED;
        if (sampled && (lo + j) % o->sample)
            continue;
        if (!sv->fits(w->inst + (size_t)j * isz)) {
            took[j] = SKIPPED;
            b->skipped++;
            continue;
        }
        took[j] = RAN;
        w->todo[b->count++] = j;
    }
    if (w->arena) /* the rows of the answers */
        for (int k = 0; k < b->count; k++) {
            int j = b->all ? k : w->todo[k];
            p->answer_in(w->inst + (size_t)j * isz, w->ans[s] + (size_t)j * p->ans_size, w->arena);
        }
    if (sv->resize && b->count) /* solve() redoes what failed */
        (void)sv->resize(w->scratch[s], w->inst + (size_t)(b->all ? 0 : w->todo[0]) * isz);
}

/* One pass of solver s over m instances of the batch (list: their places
 * in it; NULL: the first m, in order), the answers into out, each game
 * given the budget, if any: how many it got through before a stop.  In
 * the pass whose answers count (first), a solve that did not answer is
 * ended()'s to class, and *failed says that one did not. */
static int solve_pass(const job *jb, worker *w, int s, const int *list, int m, char *out,
                      const pz_budget *budget, int first, int *failed)
{
    size_t isz = jb->c->puzzle->inst_size, asz = jb->c->puzzle->ans_size;
    const pz_solver *sv = jb->o->solvers[s];
    int (*solve)(const void *, void *, void *) = sv->solve;
    void *scratch = w->scratch[s];
    int k = 0, rc;
    if (!list && sv->solve_batch && !budget) /* one call; the instance it stops at, the loop's */
        k = (int)sv->solve_batch(w->inst, out, (size_t)m, scratch);
    for (; k < m && !pz_stop_signal; k++) {
        int j = list ? list[k] : k;
        if (budget)
            pz_game_start(budget);
        if ((rc = solve(w->inst + (size_t)j * isz, out + (size_t)j * asz, scratch)) == PZ_STOPPED &&
            pz_stop_signal)
            break;
        if (rc && first) /* not every answer given: the check's full way */
            w->took[s][j] = ended(jb, w, s, j, rc, budget != NULL), *failed = 1;
    }
    return k;
}

/* A pass over the instances of a batch may be as short as reading the
 * clocks (a microsecond for the thread's CPU clock on some machines), and
 * its time, less their cost, mere noise: so a pass that took fewer than
 * CLOCK_COSTS times what its clocks cost is timed again, repeated in a
 * loop under one pair of readings (the answers into w->spare, the batch's
 * own untouched), more passes each round, until the loop is long enough.
 * wall and cpu: the pass's times as read, the clocks' cost in them; into
 * *wall_pass and *cpu_pass, a pass's times without it (at least 95% of the
 * times read: nothing is clamped), and into *resolved the passes solved
 * again.  Why 20: a reading's cost varies by about 15% of it, so the
 * loop's time is right within 1%; at 100, batches of a thousand boards of
 * the fastest solvers would be solved some twenty times, their answers hot
 * in cache, and read up to twice as fast as once (results/README.md).  1
 * if a stop came. */
enum { CLOCK_COSTS = 20 };
long long pz_settle_next(long long passes, double wall, double cpu, double wall_cost,
                         double cpu_cost)
{
    if (wall >= CLOCK_COSTS * wall_cost && cpu >= CLOCK_COSTS * cpu_cost)
        return 0;
    /* passes to be long enough on both clocks by a quarter, and at least
     * twice as many as the last round (a clock that read no time counts a
     * nanosecond) */
    double more = 1.25 * fmax(CLOCK_COSTS * wall_cost / fmax(wall, 1e-9),
                              CLOCK_COSTS * cpu_cost / fmax(cpu, 1e-9));
    return more > 2 ? (long long)fmin(ceil(more * (double)passes), 1e12) : 2 * passes;
}

/* Timing a short pass again (settle) costs resolved passes more: so once
 * a solver has had TIMED_FIRST warm batches timed in its thread and pass
 * (a short run is timed whole, as its statistics need), after a warm pass
 * timed again its next batches that are as short, of the same size, stand
 * in for it, solved once and not timed (time_solver): four times as many
 * as resolved, so that timing again costs at most a fifth of the solving,
 * and at most UNTIMED_MAX, so that one batch in 64 is timed. */
enum { TIMED_FIRST = 32, UNTIMED_MAX = 63 };
static long long untimed_after(long long resolved)
{
    return resolved < UNTIMED_MAX / 4 ? 4 * resolved : UNTIMED_MAX;
}

double pz_timed_batches(double batches, int threads, long long resolved)
{
    double first = fmin(batches, (double)threads * (1 + TIMED_FIRST)); /* with the cold ones */
    return first + (batches - first) / (double)(1 + untimed_after(resolved));
}

static int settle(const job *jb, worker *w, int s, const int *list, int m, const pz_budget *budget,
                  double wall, double cpu, double *wall_pass, double *cpu_pass, long long *resolved)
{
    const pz_puzzle *p = jb->c->puzzle;
    /* the wall interval holds one reading of the wall clock; the CPU
     * interval, one of the CPU clock and the two of the wall clock */
    double wall_cost = jb->wall_cost, cpu_cost = jb->cpu_cost + 2 * jb->wall_cost;
    long long passes = 1, next;
    *resolved = 0;
    while ((next = pz_settle_next(passes, wall, cpu, wall_cost, cpu_cost))) {
        if (passes == 1 && !w->spare)
            w->spare = pz_xcalloc_lines((size_t)jb->batch, p->ans_size);
        if (passes == 1 && w->arena) /* the spare answers' rows, as the batch's */
            for (int k = 0; k < m; k++) {
                int j = list ? list[k] : k;
                p->answer_in(w->inst + (size_t)j * p->inst_size, w->spare + (size_t)j * p->ans_size,
                             w->arena);
            }
        passes = next;
        *resolved += passes;
        double c0 = pz_cpu_now(), t0 = pz_now(), h0 = pz_helper_cpu();
        for (long long r = 0; r < passes; r++)
            if (solve_pass(jb, w, s, list, m, w->spare, budget, 0, NULL) < m || pz_stop_signal)
                return 1;
        wall = pz_now() - t0;
        cpu = pz_cpu_now() - c0 + pz_helper_cpu() - h0;
    }
    *wall_pass = (wall - wall_cost) / (double)passes;
    *cpu_pass = (cpu - cpu_cost) / (double)passes;
    return 0;
}

/* Whether solver s's pass over m instances may stand in for a timed one
 * (time_solver): it is warm, TIMED_FIRST have been timed, and after its
 * last timed pass, short and of this size, fewer than untimed_after() have
 * stood in; this one would be as short.  Only in a generated corpus, whose batches of a size are
 * alike, and without a game's budget. */
static int stands_in(const job *jb, const worker *w, int s, int m, int size,
                     const pz_budget *budget)
{
    double wall_cost = jb->wall_cost, cpu_cost = jb->cpu_cost + 2 * jb->wall_cost;
    /* a pilot's batch asks for either end of the rule's counts: timed as a
     * run's first batches are, or standing in as most of a long run's do */
    int counted = jb->cost ? jb->stand_in : w->untimed[s] > 0 && w->timed[s] >= TIMED_FIRST;
    return counted && w->warm[s] && size == w->per_size[s] && size != -2 && jb->c->gen &&
           !is_wide(jb->c) && !budget &&
           pz_settle_next(1, w->per_wall[s] * m + wall_cost, w->per_cpu[s] * m + cpu_cost,
                          wall_cost, cpu_cost);
}

/* Solver s on the instances it took, under one timer (settle's, if that
 * is too short): 1 if a stop came (the batch then counts for nothing),
 * else 0.  Each game gets the budget, if any; a solve that did not answer
 * is ended()'s to class.
 *
 * A pass that may stand in (stands_in) is solved once, its answers checked
 * as any, and reads only the monotonic clock (tens of nanoseconds, where
 * the CPU clock may take a microsecond or more): if that says it was as
 * short, it takes the last timed pass's times per instance, so the run's
 * times and spreads are those of the timed passes, each counted for the
 * instances it stands for; if not (a slow instance, the thread descheduled)
 * it is timed after all, solved again. */
static int time_solver(const job *jb, worker *w, int n, int s, int size, solver_batch *b,
                       const pz_budget *budget)
{
    const int *list = b->all ? NULL : w->todo;
    int failed = !b->all, m = b->all ? n : b->count, k, in = stands_in(jb, w, s, m, size, budget);
    double wall_cost = jb->wall_cost, cpu_cost = jb->cpu_cost + 2 * jb->wall_cost;
    long long resolved;
    /* CPU: this thread's, and its helpers' on a game split across threads */
    double c0 = in ? 0 : pz_cpu_now(), t0 = pz_now(), h0 = pz_helper_cpu(), wall, cpu;
    k = solve_pass(jb, w, s, list, m, w->ans[s], budget, 1, &failed);
    wall = pz_now() - t0;
    cpu = in ? 0 : pz_cpu_now() - c0 + pz_helper_cpu() - h0;
    w->given = (w->given & ~(1u << s)) | (unsigned)!failed << s;
    /* Stopped, or the signal came during the batch (its last instance may
     * have been cut): the batch counts for nothing. */
    if (k < m || pz_stop_signal)
        return 1;
    if (in && pz_settle_next(1, wall, wall, wall_cost, cpu_cost)) { /* as short: it stands in */
        w->untimed[s]--;
        b->wall = w->per_wall[s] * m;
        b->cpu = w->per_cpu[s] * m;
        return 0;
    }
    if (in) { /* longer than it would stand for: timed, solved again */
        if (!w->spare)
            w->spare = pz_xcalloc_lines((size_t)jb->batch, jb->c->puzzle->ans_size);
        c0 = pz_cpu_now(), t0 = pz_now(), h0 = pz_helper_cpu();
        if (solve_pass(jb, w, s, list, m, w->spare, NULL, 0, NULL) < m || pz_stop_signal)
            return 1;
        wall = pz_now() - t0;
        cpu = pz_cpu_now() - c0 + pz_helper_cpu() - h0;
    }
    if (settle(jb, w, s, list, m, budget, wall, cpu, &b->wall, &b->cpu, &resolved))
        return 1;
    if (jb->cost)
        jb->cost->resolved[s] += resolved;
    /* a warm pass timed again: the next ones as short may stand in for it */
    w->timed[s] += w->warm[s];
    w->untimed[s] = w->warm[s] && m ? untimed_after(resolved) : 0;
    w->per_wall[s] = m ? b->wall / m : 0;
    w->per_cpu[s] = m ? b->cpu / m : 0;
    w->per_size[s] = size;
    return 0;
}

/* Like with like for the solvers that run on a sample: solver s, which
 * does not, solves again under a CPU timer of its own the instances of the
 * batch that each sampled solver v takes (where s took them all), so that
 * the two compare on the same instances, at a cost of 1/R of s's time.
 * Right after s's own batch, as warm as it; the answers are the same.
 * cpu[v] and m[v] (0: none) are its time and their number; 1 if a stop came. */
static int again_on_sample(const job *jb, worker *w, long long lo, int n, int s, double *cpu,
                           int *m)
{
    const pz_run_opts *o = jb->o;
    size_t isz = jb->c->puzzle->inst_size;
    for (int v = 0; v < o->nsolvers; v++) {
        int k = 0, taken = 1;
        m[v] = 0;
        if (!((o->slow >> v) & 1))
            continue;
        for (long long j = (o->sample - lo % o->sample) % o->sample; j < n && taken; j += o->sample)
            if (o->solvers[v]->fits(w->inst + (size_t)j * isz)) {
                taken = w->took[s][j] == RAN;
                w->sample[k++] = (int)j;
            }
        if (!taken || !k)
            continue;
        double c0 = pz_cpu_now(), t0 = pz_now(), h0 = pz_helper_cpu(), wall;
        if (solve_pass(jb, w, s, w->sample, k, w->ans[s], NULL, 0, NULL) < k || pz_stop_signal)
            return 1;
        wall = pz_now() - t0;
        long long resolved;
        if (settle(jb, w, s, w->sample, k, NULL, wall, pz_cpu_now() - c0 + pz_helper_cpu() - h0,
                   &wall, &cpu[v], &resolved))
            return 1;
        m[v] = k;
    }
    return 0;
}

/* A pilot's batch (jb->cost): the CPU seconds since the reading at since
 * into *into, less the reading's own cost; the reading now. */
static double lap(const job *jb, double *into, double since)
{
    double t = pz_cpu_now();
    *into += t - since - jb->lap_cost;
    return t;
}

/* One batch, for the engine: 1 if a stop came before every solver was done
 * (the batch is dropped whole: nothing of it has been counted), else 0.
 * With run --repeat K the shard is passed over K times (after an untimed
 * pass with --warmup), the solvers in an order rotated from one pass to the
 * next; the answers are checked in the last pass.  Each solver's instances
 * are selected, then solved under its timer; the pass is tallied, and in
 * the last pass checked. */
static int run_batch(void *ctx, void *wv, long long lo, long long hi, void *part)
{
    const job *jb = ctx;
    worker *w = wv;
    const pz_run_opts *o = jb->o;
    int n = (int)(hi - lo), rep = jb->rep, reps = o->repeat > 1 ? o->repeat : 1;
    int size = batch_size_of(jb->c, lo, n, NULL, NULL);
    solver_batch b[PZ_RUN_SOLVERS];
    /* --budget: each solver's each game gets it (budget.c) */
    const pz_budget *budget = pz_budget_on(&o->budget) ? &o->budget : NULL;
    (void)part;
    pz_batch_cost *cost = jb->cost && !jb->stand_in ? jb->cost : NULL; /* its laps */
    double t = cost ? pz_cpu_now() : 0;
    if (!budget) /* no game's budget left on this thread from before (a pilot's) */
        pz_game_start(NULL);
    make_instances(jb, w, lo, n);
    if (cost)
        t = lap(jb, &cost->make, t);
    for (int i = 0; i < o->nsolvers; i++) {
        int s = rep > 0 ? (i + rep) % o->nsolvers : i;
        solver_batch *x = &b[s];
        select_instances(jb, w, lo, n, s, x);
        if (time_solver(jb, w, n, s, size, x, budget))
            return 1;
        memset(x->again_n, 0, sizeof x->again_n); /* with a budget: no like with like */
        if (o->slow && !((o->slow >> s) & 1) && x->count && !budget &&
            again_on_sample(jb, w, lo, n, s, x->again, x->again_n))
            return 1;
        x->first = x->count ? lo + (x->all ? 0 : w->todo[0]) : 0;
        x->set = x->count == n ? 0 : instance_set(w->todo, x->count);
        if (jb->cost)
            jb->cost->own[s] += x->cpu, jb->cost->took[s] += x->count;
    }
    if (cost)
        t = lap(jb, &cost->solve, t);
    if (rep >= 0) {
        for (int s = 0; s < o->nsolvers; s++) {
            b[s].cold = b[s].count && !w->warm[s];
            w->warm[s] |= b[s].count > 0;
        }
        tally_batch(jb, w, rep, reps, lo, n, b);
        tally_sampled(w, o, rep, reps, b);
    }
    if (rep < reps - 1)
        return 0;
    double t0 = pz_now();
    check_batch(jb, w, lo, n);
    w->check_seconds += pz_now() - t0;
    w->instances += n;
    if (cost)
        lap(jb, &cost->check, t);
    return 0;
}

static void worker_init(void *ctx, void *wv)
{
    const job *jb = ctx;
    worker *w = wv;
    const pz_puzzle *p = jb->c->puzzle;
    size_t b = (size_t)jb->batch;
    pz_set_game_threads(jb->game_threads);       /* solver.h: one game on several threads */
    w->inst = pz_xcalloc_lines(b, p->inst_size); /* lines: see tg_board */
    w->todo = pz_xcalloc(b, sizeof *w->todo);
    w->sample = pz_xcalloc(b, sizeof *w->sample);
    w->classes = pz_xcalloc(b, sizeof *w->classes); /* check_batch_many's */
    w->hist = pz_xcalloc(PZ_CLASSES, sizeof *w->hist);
    w->names = pz_xcalloc(PZ_CLASSES, sizeof *w->names);
    if (is_wide(jb->c))
        w->arena = pz_arena_new();
    if (jb->expected)
        w->expected = pz_xcalloc_lines(b, p->ans_size);
    for (int s = 0; s < jb->o->nsolvers; s++) {
        w->ans[s] = pz_xcalloc_lines(b, p->ans_size);
        w->took[s] = pz_xcalloc(b, 1);
        if (pz_budget_on(&jb->o->budget))
            w->tree[s] = pz_xcalloc(b, sizeof *w->tree[s]);
        w->scratch[s] = pz_scratch_new(jb->o->solvers[s]);
    }
}

/* What a worker holds but its sums and first failures. */
static void worker_free(const job *jb, worker *w)
{
    free(w->inst);
    free(w->spare);
    free(w->todo);
    free(w->sample);
    free(w->classes);
    free(w->hist);
    free(w->names);
    for (int s = 0; s < PZ_RUN_SOLVERS; s++) {
        free(w->ans[s]);
        free(w->took[s]);
        free(w->tree[s]);
        if (w->scratch[s])
            pz_scratch_free(jb->o->solvers[s], w->scratch[s]);
    }
    pz_arena_free(w->arena);
    free(w->expected);
    if (w->ref.puzzle)
        pz_reference_free(&w->ref);
    free(w->mine);
    free(w->other);
}

/* Adds a worker into the result (its first failures join the others, to be
 * sorted by index), then frees it. */
static void worker_finish(void *ctx, void *wv)
{
    job *jb = ctx;
    worker *w = wv;
    pz_result *res = jb->res;
    if (!w->hist) /* a thread that never started */
        return;
    for (int s = 0; s < res->opts.nsolvers; s++) {
        pz_tally_add(&res->tally[s], &w->tally[s]);
        pz_tally_free(&w->tally[s]);
    }
#define ADD(kind, m, ...) PZ_COMBINE(kind, res->m, w->m);
    PZ_COUNTS(ADD)
#undef ADD
    pz_hist_add(res->hist, res->names, w->hist, w->names);
    memcpy(res->fail + jb->nfail, w->keep, (size_t)w->nkeep * sizeof *w->keep);
    jb->nfail += w->nkeep;
    worker_free(jb, w);
}

/* A streamed corpus's batch, read in index order under the engine's lock. */
static int load_batch(void *ctx, void *wv, long long lo, long long hi)
{
    job *jb = ctx;
    worker *w = wv;
    if (w->arena)
        pz_arena_reset(w->arena);
    if (!pz_corpus_read(jb->c, lo, hi, w->inst, w->expected, w->arena, &jb->read_error))
        return 0;
    jb->read_failed = 1;
    return -1;
}

int pz_run(const pz_corpus *c, const pz_shard *sh, const pz_run_opts *o, pz_result *res)
{
    long long total = sh->end - sh->first;
    int threads = o->threads > 0 ? o->threads : omp_get_max_threads();
    job jb = {.c = c,
              .o = o,
              .expected = pz_corpus_has_expected(c),
              .batch = batch_size(c, sh, o),
              .wall_cost = pz_clock_cost(pz_now),
              .cpu_cost = pz_clock_cost(pz_cpu_now),
              .res = res,
              .game_threads = 1};
    /* Fewer games than threads: each game may be searched on threads /
     * games of them, by the solvers that split a search (solver.h). */
    if (total > 0 && total < threads) {
        jb.game_threads = threads / (int)total;
        threads = (int)total;
        omp_set_max_active_levels(2);
    }
    pz_engine e = {.first = sh->first,
                   .end = sh->end,
                   .batch = jb.batch,
                   .threads = threads,
                   .ctx = &jb,
                   .worker_size = sizeof(worker),
                   .init = worker_init,
                   .run = run_batch,
                   .load = c->stream ? load_batch : NULL,
                   .finish = worker_finish,
                   .stop = &pz_stop_signal,
                   .progress = o->progress ? "run" : NULL,
                   .progress_cpu = o->planned};

    memset(res, 0, sizeof *res);
    res->corpus = c;
    res->expected = jb.expected;
    res->shard = *sh;
    res->opts = *o;
    res->opts.batch = jb.batch;
    res->hist = pz_xcalloc(PZ_CLASSES, sizeof *res->hist);
    res->names = pz_xcalloc(PZ_CLASSES, sizeof *res->names);
    res->fail = pz_xcalloc((size_t)threads * PZ_KEEP, sizeof *res->fail);
    pz_reference_order(o->solvers, o->nsolvers, jb.order);
    for (int s = 0; s < o->nsolvers; s++)
        pz_prepare(o->solvers[s]);
    /* Our reference may be asked about an expected answer, or to agree with
     * an answer the checker cannot prove: its solvers are prepared too. */
    for (int s = 0; pz_solvers[s]; s++)
        if (pz_solvers[s]->puzzle == c->puzzle || pz_solvers[s]->puzzle->wide == c->puzzle)
            pz_prepare(pz_solvers[s]);
    if (jb.expected)
        jb.ans_name = pz_ans_path(c->spec);

    /* The first signal stops the run and its searches; a second one ends
     * the process at once (engine.h). */
    pz_stop_catch();

    /* --repeat K: K passes over the shard, one after the other, so that the
     * repetitions meet the machine at K different times. */
    double start = pz_now();
    int passes = pz_run_passes(o);
    char name[48];
    for (int pass = 0; pass < passes && !pz_stop_signal; pass++) {
        jb.rep = pass - (o->warmup != 0);
        /* the progress line counts a pass's instances, named when there are
         * several; its time left is the run's: this pass's share of the
         * plan and the later ones' (the plan is of every pass) */
        snprintf(name, sizeof name, "run, pass %d of %d", pass + 1, passes);
        e.progress = !o->progress ? NULL : passes > 1 ? name : "run";
        e.progress_cpu = o->planned * (passes - pass) / passes;
        pz_engine_run(&e);
    }
    res->wall_s = pz_now() - start;
    res->peak_rss_bytes = pz_peak_rss(); /* the pilot's and the corpus's memory too */
    pz_stop_release();

    res->opts.threads = e.used * jb.game_threads;
    free(jb.ans_name);
    res->nfail = pz_keep_first(res->fail, jb.nfail);
    res->signal = pz_stop_signal;
    if ((res->read_failed = jb.read_failed))
        res->read_error = jb.read_error;
    /* A signal during the last batch drops it: the run is partial. */
    res->partial = res->instances < total || pz_stop_signal;
    return res->partial ? -1 : 0;
}

int pz_run_passes(const pz_run_opts *o)
{
    return (o->repeat > 1 ? o->repeat : 1) + (o->warmup != 0);
}

/* A pilot's run: the job and the one worker its batches go through. */
struct pz_batch_pilot {
    pz_run_opts o;
    job jb;
    worker w;
};

pz_batch_pilot *pz_batch_pilot_new(const pz_corpus *c, const pz_run_opts *o)
{
    pz_batch_pilot *bp = pz_xcalloc(1, sizeof *bp);
    bp->o = *o;
    bp->o.repeat = 1; /* one pass, checked */
    bp->o.warmup = 0;
    bp->jb = (job){.c = c,
                   .o = &bp->o,
                   .batch = pz_run_batch(c, c->count, o),
                   .wall_cost = pz_clock_cost(pz_now),
                   .cpu_cost = pz_clock_cost(pz_cpu_now),
                   .game_threads = 1};
    pz_reference_order(bp->o.solvers, bp->o.nsolvers, bp->jb.order);
    /* a lap holds one reading: on average, not at best (pz_clock_cost), as
     * a fast solver's batch may take no more than a few readings */
    double t0 = pz_cpu_now(), t1 = t0;
    for (int i = 0; i < 256; i++)
        t1 = pz_cpu_now();
    bp->jb.lap_cost = (t1 - t0) / 256;
    worker_init(&bp->jb, &bp->w);
    return bp;
}

int pz_batch_pilot_run(pz_batch_pilot *bp, long long lo, int n, int stand_in, pz_batch_cost *cost)
{
    memset(cost, 0, sizeof *cost);
    bp->jb.cost = cost;
    bp->jb.stand_in = stand_in;
    return run_batch(&bp->jb, &bp->w, lo, lo + n, NULL);
}

void pz_batch_pilot_free(pz_batch_pilot *bp)
{
    for (int s = 0; s < bp->o.nsolvers; s++)
        pz_tally_free(&bp->w.tally[s]);
    for (int f = 0; f < bp->w.nkeep; f++)
        pz_failure_free(&bp->w.keep[f]);
    worker_free(&bp->jb, &bp->w);
    free(bp);
}
