/* plan.c - a pilot of each solver, and a budget (see plan.h). */
#include <math.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "../solvers/arena.h"
#include "../solvers/rng.h"
#include "../util/util.h"
#include "engine.h"
#include "plan.h"

/* The pilot's indices come from their own stream, never from the corpus's
 * seed, so a corpus and its pilot do not line up. */
enum { PILOT_SEED = 0x706c616e };

double pz_pilot_cap(double share)
{
    double floor = PZ_PILOT_CPU_MS / 50 * 1e-3; /* under it, the pilot's own limit serves */
    return share / PZ_PILOT_MIN > floor ? share / PZ_PILOT_MIN : floor;
}

long long pz_pilot_index(int k, long long count)
{
    pz_rng r = pz_rng_at(PILOT_SEED, (uint64_t)k);
    return (long long)pz_rng_below(&r, (uint64_t)count);
}

int pz_plan_budget(const char *text, double *seconds, pz_error *e)
{
    char *end;
    *seconds = PZ_TIME_BUDGET;
    if (!text)
        return 0;
    if (!strcmp(text, "none")) {
        *seconds = 0;
        return 0;
    }
    *seconds = strtod(text, &end);
    if (end == text || *end || !(*seconds > 0) || *seconds > 1e12)
        return pz_fail(e, NULL,
                       "expected --time-budget S with S > 0 seconds, or 'none', found '%s'", text);
    return 0;
}

void pz_pilot_run(pz_pilot_step *step, void *ctx, int parts, double wall_ms, pz_pilot *out)
{
    double t0 = pz_now();
    memset(out, 0, sizeof *out);
    for (int k = 0; k < PZ_PILOT; k++) {
        double sum = 0;
        int rc;
        if (pz_stop_signal || (rc = step(ctx, k, out->cpu)) < 0) {
            out->cut = 1;
            return;
        }
        out->steps = k + 1;
        for (int p = 0; p < parts; p++)
            sum += out->cpu[p];
        if (rc > 0 || sum * 1000 >= PZ_PILOT_CPU_MS ||
            (wall_ms && (pz_now() - t0) * 1000 >= wall_ms))
            return;
    }
}

/* A run's batches as its timers see them: instances a batch, batches, and
 * the costs of its clocks in a wall and in a CPU interval (as run.c's
 * settle counts them); and the passes over the corpus (--repeat K, and
 * --warmup's), each making, solving and timing it all again, the last one
 * alone judging the answers; and the threads that take them. */
typedef struct batches {
    double size, count, wall_cost, cpu_cost, passes;
    int threads;
} batches;

/* The CPU seconds a run's re-timing loop (pz_settle_next) spends after a
 * pass of pass seconds: the loop's rule walked with the pass's time; into
 * *resolved (if not NULL) the passes it solves again. */
static double settle_cost(double pass, const batches *k, long long *resolved)
{
    double spent = 0, wall = pass + k->wall_cost, cpu = pass + k->cpu_cost;
    long long passes = 1, again = 0;
    pass = pass > 1e-9 ? pass : 1e-9; /* an empty pass costs a call */
    while ((passes = pz_settle_next(passes, wall, cpu, k->wall_cost, k->cpu_cost))) {
        wall = (double)passes * pass + k->wall_cost;
        cpu = (double)passes * pass + k->cpu_cost;
        spent += cpu;
        again += passes;
    }
    if (resolved)
        *resolved = again;
    return spent;
}

/* A solver's pilot for run: its tools, and what its steps came to. */
typedef struct solver_pilot {
    const pz_corpus *c;
    const pz_solver *s;
    pz_budget capped;        /* the user's budget for each game, with the pilot's cap on its CPU */
    const pz_budget *budget; /* the user's, if any: given each pass of the re-timing loop */
    double cap;
    char *insts, *ans; /* a place for each pilot instance and its answer (one: wide) */
    void *scratch;
    pz_arena *arena;
    long long solved;
    double cold; /* wide: the first solves of those solved again */
    const batches *k;
    pz_plan_row *row;
} solver_pilot;

/* What a run does with an answer besides solving it: checks it, asks for
 * its proof, and counts it under its class.  Timed by the pilot, as a
 * run's checker costs as much as a fast solver or more. */
static void judge(const pz_puzzle *p, const void *inst, const void *ans)
{
    const char *why;
    if (p->check(inst, ans, &why) == PZ_VALID && (!p->proof || p->proof(inst, ans) == PZ_PROVEN))
        p->classify(inst, ans, NULL, 0);
}

/* A wide corpus's batch, its one instance solved last in wall and cpu
 * seconds as read: solved again as the run's re-timing loop does (run.c's
 * settle: pz_settle_next's passes under one pair of readings), and the
 * loop's CPU seconds.  The loop is run, not walked with the solve's time:
 * one solve of a small board under a clock a hundred times as long reads
 * mostly the clock's noise, and the walk, whose rounds are set by that
 * time, came out 1.4 times under what a sweep of 2x2 to 4x4 boards spent. */
static double settle_again(const solver_pilot *sp, const void *inst, void *ans, double wall,
                           double cpu)
{
    const batches *k = sp->k;
    long long passes = 1;
    double spent = 0;
    pz_game_start(NULL);
    while ((passes = pz_settle_next(passes, wall, cpu, k->wall_cost, k->cpu_cost)) &&
           !pz_stop_signal) {
        double c0 = pz_cpu_now(), t0 = pz_now();
        for (long long r = 0; r < passes; r++) {
            if (sp->budget)
                pz_game_start(sp->budget);
            sp->s->solve(inst, ans, sp->scratch);
        }
        wall = pz_now() - t0;
        cpu = pz_cpu_now() - c0;
        spent += cpu;
    }
    return spent;
}

/* Step k of a solver's pilot: instance k of the pilot, timed alone, so a
 * slow solver stops at the pilot's CPU limit; one that passes the cap is
 * too slow, and its last. */
static int solver_step(void *ctx, int k, double *cpu)
{
    solver_pilot *sp = ctx;
    const pz_puzzle *p = sp->c->puzzle;
    const pz_solver *s = sp->s;
    pz_plan_row *row = sp->row;
    size_t at = sp->c->params.wide ? 0 : (size_t)row->fit;
    char *inst = sp->insts + at * p->inst_size, *ans = sp->ans + at * p->ans_size;
    pz_corpus_get(sp->c, pz_pilot_index(k, sp->c->count), inst);
    row->tried++;
    if (!s->fits(inst))
        return 0;
    row->fit++;
    if (sp->arena) {
        pz_arena_reset(sp->arena);
        p->answer_in(inst, ans, sp->arena);
    }
    if (s->resize && s->resize(sp->scratch, inst))
        return 0;
    double t = pz_cpu_now();
    pz_game_start(&sp->capped); /* run --budget: each game as the run gives it */
    int failed = s->solve(inst, ans, sp->scratch);
    t = pz_cpu_now() - t;
    *cpu += t;
    row->too_slow = t >= sp->cap;
    sp->solved += !failed;
    if (sp->c->params.wide && !failed && t < sp->cap / 2) {
        /* A wide corpus's batch is one instance, made and solved as the
         * last was, of its size: its time is this one's solved again, warm
         * (the pilot's sizes come in no order), and after it the run's loop
         * that times a short pass again. */
        pz_game_start(&sp->capped);
        double warm = pz_cpu_now(), wall = pz_now();
        s->solve(inst, ans, sp->scratch);
        wall = pz_now() - wall;
        warm = pz_cpu_now() - warm;
        *cpu += warm;
        sp->cold += t;
        double again = settle_again(sp, inst, ans, wall, warm);
        *cpu += again; /* the pilot's limit counts it; the solving (row->cpu) does not */
        row->settle += again;
    }
    if (!failed) {
        t = pz_cpu_now();
        judge(p, inst, ans);
        row->check += pz_cpu_now() - t;
    }
    return row->too_slow;
}

/* A fast solver's pilot again, as a run's batch times it: every pilot
 * instance solved in a loop until the loop is long enough for the clock,
 * then every answer judged in a loop likewise. */
static void again_in_loops(solver_pilot *sp, const pz_budget *budget)
{
    const pz_puzzle *p = sp->c->puzzle;
    pz_plan_row *row = sp->row;
    const size_t isz = p->inst_size, asz = p->ans_size;
    for (int judging = 0; judging < 2; judging++) {
        long long rounds = 0;
        double t = pz_cpu_now(), spent;
        do {
            for (long long i = 0; i < row->fit; i++) {
                const char *inst = sp->insts + (size_t)i * isz;
                char *ans = sp->ans + (size_t)i * asz;
                if (judging) {
                    judge(p, inst, ans);
                    continue;
                }
                pz_game_start(budget);
                sp->s->solve(inst, ans, sp->scratch);
            }
            rounds++;
        } while ((spent = pz_cpu_now() - t) * 1000 < PZ_PILOT_CPU_MS / 50 && !pz_stop_signal);
        *(judging ? &row->check : &row->cpu) = spent / (double)rounds;
    }
}

/* Times s on the pilot of c: fills tried, fit, cpu and estimate.  A fast
 * solver, whose single calls are as short as the clock's own cost, is
 * timed again over all its pilot instances in a loop, as a batch of a run
 * times it. */
static void pilot(const pz_corpus *c, const pz_solver *s, const pz_budget *budget, double share,
                  const batches *k, pz_plan_row *row)
{
    const pz_puzzle *p = c->puzzle;
    int wide = c->params.wide;
    solver_pilot sp = {.c = c,
                       .s = s,
                       .capped = *budget,
                       .cap = pz_pilot_cap(share),
                       .insts = pz_xcalloc(PZ_PILOT, p->inst_size),
                       .ans = pz_xcalloc(wide ? 1 : PZ_PILOT, p->ans_size),
                       .scratch = pz_scratch_new(s),
                       .arena = wide ? pz_arena_new() : NULL,
                       .k = k,
                       .row = row};
    pz_pilot done;
    if (!(sp.capped.cpu_s > 0) || sp.capped.cpu_s > sp.cap)
        sp.capped.cpu_s = sp.cap;
    sp.budget = pz_budget_on(budget) ? budget : NULL;
    memset(row, 0, sizeof *row);
    row->solver = s;
    pz_prepare(s);
    pz_pilot_run(solver_step, &sp, 1, 0, &done);
    row->cpu = done.cpu[0] - sp.cold - row->settle; /* the pilot's limit counted all three */
    if (!wide && row->fit && row->cpu * 1000 < PZ_PILOT_CPU_MS / 50)
        again_in_loops(&sp, budget);
    /* One that fits nothing costs nothing; a failure costs what an answer does. */
    long long timed = sp.solved ? sp.solved : row->fit;
    double fits = (double)c->count * (double)row->fit / (double)row->tried;
    row->estimate = timed ? (k->passes * row->cpu + row->check) / (double)timed * fits : 0;
    row->alone_cpu = row->cpu;
    pz_scratch_free(s, sp.scratch);
    if (sp.arena)
        pz_arena_free(sp.arena);
    free(sp.insts);
    free(sp.ans);
}

/* A fast solver's CPU seconds per instance solving one call each, as it
 * does on a sample (run.c solves a sampled solver's instances one by one). */
static double alone_each(const pz_plan_row *r)
{
    return r->fit ? (r->batched ? r->alone_cpu : r->cpu) / (double)r->fit : 0;
}

static void add_cost(pz_batch_cost *into, const pz_batch_cost *b, int n)
{
    into->make += b->make;
    into->solve += b->solve;
    into->check += b->check;
    for (int s = 0; s < n; s++) {
        into->own[s] += b->own[s];
        into->took[s] += b->took[s];
        into->resolved[s] += b->resolved[s];
    }
}

/* The fast solvers of a generated corpus again, together, on batches of
 * the run through its own path (pz_batch_pilot): one call each costs them
 * as much as their work, where a run's batch is made, solved and checked
 * in one call each (the puzzle's batch hooks), and a short pass is timed
 * again or stands in untimed.  Batches at fixed pseudo-random places of
 * the run's grid (the first, cold, warms the worker and counts not) are
 * timed as a run's first ones, at least PZ_PILOT / 2 of them and a tenth
 * of the pilot's CPU, at most half of it; then the same batches stand in,
 * in rounds under one reading of the clock, until a tenth again.  They
 * set each solver's solving (the batches' split by its share of the run's
 * own times), its judging (an equal share of the checking and comparing),
 * what a timed batch costs more than one standing in, and into *make the
 * making of an instance.  0 if no solver is fast enough (a batch of its
 * under a hundredth of the pilot's CPU) or a stop came. */
static int batch_pilot(const pz_corpus *c, const pz_run_opts *o, const batches *k,
                       pz_plan_row *rows, double *make)
{
    pz_run_opts g = *o;
    int of[PZ_RUN_SOLVERS], n = 0, timed = 0, rounds = 0, stop = 0;
    long long size = (long long)k->size, nb = (long long)k->count, instances = 0;
    double spent = 0, standing = 0, t;
    enum { MOST = PZ_PILOT * 16 };
    if (!c->gen || c->params.wide || c->stream)
        return 0;
    for (int s = 0; s < o->nsolvers; s++) {
        const pz_plan_row *r = &rows[s];
        if (!r->too_slow && r->fit &&
            (r->cpu + r->check) / (double)r->fit * k->size * 1000 <= PZ_PILOT_CPU_MS / 100.0)
            g.solvers[n] = r->solver, of[n++] = s;
    }
    if (!n)
        return 0;
    g.nsolvers = n;
    g.slow = 0;
    g.sample = 1;
    pz_batch_pilot *bp = pz_batch_pilot_new(c, &g);
    pz_batch_cost sum = {0}, one;
    long long *lo = pz_xcalloc(MOST, sizeof *lo);
    for (int i = -1; !stop && i < MOST && spent * 1000 < PZ_PILOT_CPU_MS / 2 &&
                     (i < PZ_PILOT / 2 || spent * 1000 < PZ_PILOT_CPU_MS / 10);
         i++) {
        long long at = pz_pilot_index(i < 0 ? 0 : i, nb) * size;
        int m = (int)(c->count - at < size ? c->count - at : size);
        stop = pz_batch_pilot_run(bp, at, m, 0, &one);
        spent += one.make + one.solve + one.check;
        if (i >= 0 && !stop)
            add_cost(&sum, &one, n), lo[timed++] = at, instances += m;
    }
    for (t = pz_cpu_now(); !stop && timed && (!rounds || standing * 1000 < PZ_PILOT_CPU_MS / 10);
         rounds++, standing = pz_cpu_now() - t)
        for (int i = 0; i < timed && !stop; i++)
            stop = pz_batch_pilot_run(
                bp, lo[i], (int)(c->count - lo[i] < size ? c->count - lo[i] : size), 1, &one);
    pz_batch_pilot_free(bp);
    free(lo);
    if (!timed || stop || pz_stop_signal)
        return 0;
    standing /= rounds; /* a round: the timed batches, each standing in */
    double own = 0, judging = sum.check / (double)instances / n;
    for (int j = 0; j < n; j++)
        own += sum.own[j];
    *make = sum.make / (double)instances;
    double solving = standing - sum.make - sum.check; /* every solver's, standing in */
    for (int j = 0; j < n; j++) {
        pz_plan_row *r = &rows[of[j]];
        double share = own > 0 ? sum.own[j] / own : 1.0 / n;
        double each = solving * share / (double)instances; /* an instance of the corpus */
        if (!sum.took[j])
            continue; /* it fits none of them: as estimated one by one */
        r->batched = 1;
        r->cpu = each * (double)instances / (double)sum.took[j] * (double)r->fit;
        r->check = judging * (double)instances / (double)sum.took[j] * (double)r->fit;
        r->extra = fmax(sum.solve - solving, 0) * share / timed;
        r->resolved = llround((double)sum.resolved[j] / timed);
        r->estimate = (k->passes * each + judging) * (double)c->count;
    }
    return 1;
}

/* The least power of ten R with estimate / R within share. */
static long long rate(double estimate, double share)
{
    long long r = 1;
    while (estimate / (double)r > share && r < (1ll << 50) / 10)
        r *= 10;
    return r;
}

pz_plan_verdict pz_plan_fit(double estimate, double share, long long count, long long *sample)
{
    *sample = 1;
    if (estimate <= share)
        return PZ_WHOLE;
    *sample = rate(estimate, share);
    return count / *sample < PZ_PILOT_MIN ? PZ_DROPPED : PZ_SAMPLED;
}

/* What a run spends timing r's solver at a sample of 1 in R, beyond solving
 * each instance once: each batch's timer, and the loop that times again a
 * pass too short for the clocks, which on small boards costs more than
 * the solving. */
static double timing(const pz_plan_row *r, const batches *k, long long R)
{
    if (r->batched && R == 1) /* measured on the run's batches */
        return pz_timed_batches(k->count, k->threads, r->resolved) * r->extra;
    double each = alone_each(r), fits = (double)r->fit / (double)r->tried;
    double pass = k->size / (double)R * fits * each;
    if (r->settle > 0 && k->size == 1) { /* a wide corpus's: its instances' own */
        double ones = k->count / (double)R * fits;
        return k->count * (k->cpu_cost + settle_cost(0, k, NULL)) +
               ones * (r->settle / (double)r->fit - settle_cost(0, k, NULL));
    }
    /* a short pass: the batches that stand in for a timed one read no clock */
    long long again;
    double timed = k->cpu_cost + settle_cost(pass, k, &again);
    return pz_timed_batches(k->count, k->threads, again) * timed;
}

/* The CPU seconds a run takes to make an instance of c: one made untimed
 * (what is done once, lazy tables, an arena's growth, is no instance's),
 * then the pilot's instances in rounds of 1, 2, 4 ... 64, the clock read
 * once a round, until the clock has read enough: a few of the widest boards,
 * where each takes milliseconds. */
static double making(const pz_corpus *c)
{
    char *inst = pz_xcalloc(1, c->puzzle->inst_size);
    long long made = 0, round = 1;
    double t, spent;
    pz_corpus_get(c, pz_pilot_index(0, c->count), inst);
    t = pz_cpu_now();
    do {
        for (long long i = 0; i < round; i++, made++)
            pz_corpus_get(c, pz_pilot_index((int)(made % PZ_PILOT), c->count), inst);
        round = round < PZ_PILOT ? 2 * round : PZ_PILOT;
    } while ((spent = pz_cpu_now() - t) * 1000 < PZ_PILOT_CPU_MS / 50 && !pz_stop_signal);
    free(inst);
    return spent / (double)made;
}

int pz_plan(const pz_corpus *c, pz_run_opts *o, double budget, pz_plan_row *rows)
{
    int n = o->nsolvers, changed = 0, kept = 0;
    if (!c->gen || c->count < PZ_PLAN_FROM || o->sample != 1 || n == 0)
        return -1;
    double share = budget / n, make = 0;
    double solving[PZ_RUN_SOLVERS]; /* each solver's, and judging, all passes, one by one */
    batches k = {.size = pz_run_batch(c, c->count, o),
                 .wall_cost = pz_clock_cost(pz_now),
                 .threads = o->threads > 0 ? o->threads : omp_get_max_threads()};
    k.count = ceil((double)c->count / k.size);
    k.cpu_cost = pz_clock_cost(pz_cpu_now) + 2 * k.wall_cost;
    k.passes = pz_run_passes(o);
    long long sample = 1;
    for (int s = 0; s < n; s++) {
        if (pz_stop_signal) /* caught by the caller: the run reports nothing done */
            return -1;
        pilot(c, o->solvers[s], &o->budget, share, &k, &rows[s]);
        solving[s] = rows[s].estimate;
    }
    if (!batch_pilot(c, o, &k, rows, &make))
        make = making(c);
    if (pz_stop_signal)
        return -1;
    make *= (double)c->count / n; /* each solver's part */
    for (int s = 0; s < n; s++) {
        long long r = 1;
        rows[s].estimate += k.passes * (make + timing(&rows[s], &k, 1));
        rows[s].verdict =
            rows[s].too_slow ? PZ_DROPPED : pz_plan_fit(rows[s].estimate, share, c->count, &r);
        /* the timing's part shrinks less than by R */
        while (rows[s].verdict == PZ_SAMPLED &&
               solving[s] / (double)r + k.passes * (make + timing(&rows[s], &k, r)) > share)
            if (c->count / (r *= 10) < PZ_PILOT_MIN)
                rows[s].verdict = PZ_DROPPED;
        if (rows[s].verdict == PZ_SAMPLED && r > sample)
            sample = r;
    }
    if (pz_stop_signal)
        return -1;
    /* What the run will spend on each as planned: a sampled one's share;
     * one that runs whole also times again, like with like, its answers
     * to each sampled one's instances. */
    for (int s = 0; s < n; s++) {
        pz_plan_row *r = &rows[s];
        r->planned = r->verdict == PZ_WHOLE ? r->estimate : 0;
        if (r->verdict == PZ_SAMPLED)
            r->planned = solving[s] / (double)sample + k.passes * (make + timing(r, &k, sample));
        for (int v = 0; v < n && r->verdict == PZ_WHOLE; v++)
            if (rows[v].verdict == PZ_SAMPLED && r->fit) {
                double each = alone_each(r), m = fmax(k.size / (double)sample, 1);
                double pass = m * (double)rows[v].fit / (double)rows[v].tried * each;
                r->planned += k.passes * fmin(k.count, (double)c->count / (double)sample) *
                              (pass + k.cpu_cost + settle_cost(pass, &k, NULL));
            }
    }
    o->slow = 0;
    for (int s = 0; s < n; s++) {
        if (rows[s].verdict == PZ_DROPPED) {
            changed++;
            continue;
        }
        if (rows[s].verdict == PZ_SAMPLED)
            o->slow |= 1u << kept, changed++;
        o->solvers[kept++] = rows[s].solver;
    }
    o->nsolvers = kept;
    o->sample = o->slow ? sample : 1;
    o->planned = 0;
    for (int s = 0; s < n; s++)
        o->planned += rows[s].planned;
    return changed;
}

void pz_plan_print(FILE *f, const pz_plan_row *rows, int n, const pz_run_opts *o, double budget,
                   long long count)
{
    char each[32], whole[32], share[32], cap[32];
    pz_span(share, sizeof share, budget / n);
    pz_span(cap, sizeof cap, pz_pilot_cap(budget / n));
    int passes = pz_run_passes(o);
    fprintf(f, "run: estimated from a pilot of each solver, its answers checked");
    if (passes > 1)
        fprintf(f, ", %d passes", passes);
    fprintf(f,
            " (budget %.15g s\n"
            "     of CPU for the run, %s a solver; --time-budget none lifts it):\n",
            budget, share);
    for (int s = 0; s < n; s++) {
        const pz_plan_row *r = &rows[s];
        long long timed = r->fit;
        pz_span(each, sizeof each, timed ? (r->cpu + r->check) / (double)timed : 0);
        pz_span(whole, sizeof whole, r->estimate);
        fprintf(f, "  %-10s %3lld of %3lld fit, %9s each, %10s in all: ", r->solver->name, r->fit,
                r->tried, each, whole);
        if (r->verdict == PZ_WHOLE)
            fputs(r->fit ? "whole\n" : "whole (it fits none of the pilot)\n", f);
        else if (r->verdict == PZ_SAMPLED)
            fprintf(f, "sampled, 1 in %lld (%lld instances)\n", o->sample,
                    (count + o->sample - 1) / o->sample);
        else if (r->too_slow)
            fprintf(f,
                    "dropped (too slow to estimate: an instance passed %s of CPU);\n"
                    "             --solvers %s --time-budget none runs it whole\n",
                    cap, r->solver->name);
        else
            fprintf(f,
                    "dropped (under %d instances at any sample); --solvers %s\n"
                    "             --time-budget none runs it whole\n",
                    PZ_PILOT_MIN, r->solver->name);
    }
    /* what the process has spent by now (its start, preparing the solvers,
     * the pilots) is part of the run: a fast corpus's run costs less */
    double before = pz_process_cpu();
    pz_span(whole, sizeof whole, o->planned + before);
    pz_span(each, sizeof each, before);
    fprintf(f, "  %-10s %s of CPU for the run as planned, %s of it spent (start, pilot)\n",
            "in all", whole, each);
}
