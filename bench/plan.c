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
    pz_scratch_free(s, sp.scratch);
    if (sp.arena)
        pz_arena_free(sp.arena);
    free(sp.insts);
    free(sp.ans);
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
    double each = r->fit ? r->cpu / (double)r->fit : 0, fits = (double)r->fit / (double)r->tried;
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
    double share = budget / n;
    double make = making(c) * (double)c->count / n; /* each solver's part */
    double solving[PZ_RUN_SOLVERS];                 /* each solver's, and judging, all passes */
    batches k = {.size = pz_run_batch(c, c->count, o),
                 .wall_cost = pz_clock_cost(pz_now),
                 .threads = o->threads > 0 ? o->threads : omp_get_max_threads()};
    k.count = ceil((double)c->count / k.size);
    k.cpu_cost = pz_clock_cost(pz_cpu_now) + 2 * k.wall_cost;
    k.passes = (o->repeat > 1 ? o->repeat : 1) + (o->warmup != 0);
    long long sample = 1;
    for (int s = 0; s < n; s++) {
        long long r = 1;
        if (pz_stop_signal) /* caught by the caller: the run reports nothing done */
            return -1;
        pilot(c, o->solvers[s], &o->budget, share, &k, &rows[s]);
        solving[s] = rows[s].estimate;
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
                double each = r->cpu / (double)r->fit, m = fmax(k.size / (double)sample, 1);
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
    int passes = (o->repeat > 1 ? o->repeat : 1) + (o->warmup != 0);
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
    pz_span(whole, sizeof whole, o->planned);
    fprintf(f, "  %-10s %s of CPU for the run as planned\n", "in all", whole);
}
