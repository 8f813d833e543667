/* plan.c - a pilot of each solver, and a budget (see plan.h). */
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

/* A solver's pilot for run: its tools, and what its steps came to. */
typedef struct solver_pilot {
    const pz_corpus *c;
    const pz_solver *s;
    pz_budget capped; /* the user's budget for each game, with the pilot's cap on its CPU */
    double cap;
    char *insts, *ans; /* a place for each pilot instance and its answer (one: wide) */
    void *scratch;
    pz_arena *arena;
    long long solved;
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
                  pz_plan_row *row)
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
                       .row = row};
    pz_pilot done;
    if (!(sp.capped.cpu_s > 0) || sp.capped.cpu_s > sp.cap)
        sp.capped.cpu_s = sp.cap;
    memset(row, 0, sizeof *row);
    row->solver = s;
    pz_prepare(s);
    pz_pilot_run(solver_step, &sp, 1, 0, &done);
    row->cpu = done.cpu[0];
    if (!wide && row->fit && row->cpu * 1000 < PZ_PILOT_CPU_MS / 50)
        again_in_loops(&sp, budget);
    /* One that fits nothing costs nothing; a failure costs what an answer does. */
    long long timed = sp.solved ? sp.solved : row->fit;
    double fits = (double)c->count * (double)row->fit / (double)row->tried;
    row->estimate = timed ? (row->cpu + row->check) / (double)timed * fits : 0;
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

/* The CPU seconds a run takes to make an instance of c: the pilot's
 * instances made in a loop until it is long enough for the clock. */
static double making(const pz_corpus *c)
{
    char *inst = pz_xcalloc(1, c->puzzle->inst_size);
    long long made = 0;
    double t = pz_cpu_now(), spent;
    do
        pz_corpus_get(c, pz_pilot_index((int)(made % PZ_PILOT), c->count), inst);
    while (++made % PZ_PILOT ||
           ((spent = pz_cpu_now() - t) * 1000 < PZ_PILOT_CPU_MS / 50 && !pz_stop_signal));
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
    long long sample = 1;
    for (int s = 0; s < n; s++) {
        long long r;
        if (pz_stop_signal) /* caught by the caller: the run reports nothing done */
            return -1;
        pilot(c, o->solvers[s], &o->budget, share, &rows[s]);
        rows[s].estimate += make;
        rows[s].verdict =
            rows[s].too_slow ? PZ_DROPPED : pz_plan_fit(rows[s].estimate, share, c->count, &r);
        if (rows[s].verdict == PZ_SAMPLED && r > sample)
            sample = r;
    }
    if (pz_stop_signal)
        return -1;
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
    return changed;
}

void pz_plan_print(FILE *f, const pz_plan_row *rows, int n, const pz_run_opts *o, double budget,
                   long long count)
{
    char each[32], whole[32], share[32], cap[32];
    pz_span(share, sizeof share, budget / n);
    pz_span(cap, sizeof cap, pz_pilot_cap(budget / n));
    fprintf(f,
            "run: estimated from a pilot of each solver, its answers checked (budget %.15g s\n"
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
}
