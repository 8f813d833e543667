/* plan.h - a run's cost estimated before the work, held to a budget.
 *
 * Before a run of a generated corpus spends real time, each solver is timed
 * on a pilot: up to PZ_PILOT instances drawn at fixed pseudo-random indices
 * of the whole corpus (the same on every machine), stopping once it has
 * spent half a second of CPU.  Its time per instance, solving and judging
 * the answer (check, proof, class), times the instances it fits, its share
 * of making the corpus's instances, and what the run's timers cost (each
 * batch's, and the loop that times a pass too short for the clocks again:
 * pz_settle_next) is its estimate for the corpus, made, solved and timed
 * once a pass (--repeat K and --warmup's), judged once.  A fast solver
 * (a batch of the run's under a hundredth of the pilot's CPU) of a generated
 * corpus is timed again, beside the others as fast, on batches of the run
 * through the run's own path (pz_batch_pilot: the batch hooks, the checker
 * and the comparison, a short pass timed again or standing in untimed), as
 * one call each costs it as much as its work; its sample's figures stay
 * those of one call each, which is how a run solves a sample.  The plan's
 * sum counts what the process spent before the run too: its start and the
 * pilots.
 * Each solver has an equal share of the budget; one whose estimate passes
 * its share runs on a sample (the indices that are multiples of a power of
 * ten R, as --sample 1/R does), and one that would get fewer than
 * PZ_PILOT_MIN instances even so is dropped, with the options that run it
 * whole.  Each pilot instance runs under a CPU cap, its share over
 * PZ_PILOT_MIN (pz_pilot_cap): a solver whose instance passes it could not
 * run even PZ_PILOT_MIN within its share, so it is dropped as too slow to
 * estimate, and a search that polls its budget (pz_poll) stops there
 * instead of running for minutes:
 *
 *     pz_plan_row rows[PZ_RUN_SOLVERS];
 *     int nsolvers = opts.nsolvers;
 *     pz_plan(&corpus, &opts, 600, rows);     // opts.slow, opts.sample set
 *     pz_plan_print(stderr, rows, nsolvers, &opts, 600, corpus.count);
 *
 * The plan rests on timings, so it can differ from machine to machine: a
 * sharded run makes it once (run --plan) and hands the options to every
 * shard; the report records the sample, and merge refuses shards whose
 * samples differ.
 */
#ifndef PZ_PLAN_H
#define PZ_PLAN_H

#include <stdio.h>

#include "run.h"

enum {
    PZ_PILOT = 64,         /* pilot instances a solver, at most */
    PZ_PILOT_CPU_MS = 500, /* CPU a solver's pilot stops at */
    PZ_PILOT_MIN = 100,    /* a sample smaller than this drops the solver */
    PZ_PLAN_FROM = 1000,   /* corpora smaller than this always run whole */
    PZ_TIME_BUDGET = 600,  /* CPU seconds for a run, by default */
};

typedef enum pz_plan_verdict { PZ_WHOLE, PZ_SAMPLED, PZ_DROPPED } pz_plan_verdict;

typedef struct pz_plan_row {
    const pz_solver *solver;
    long long tried, fit; /* pilot instances made, and those the solver fits */
    double cpu;           /* CPU seconds it spent on the ones it fits (wide: solved again) */
    double check;         /* CPU seconds its answers took to judge (check, proof, class) */
    double settle;        /* wide: the loop's CPU seconds after each of those, summed */
    double estimate;      /* CPU seconds for the whole corpus: making, solving, judging, timing */
    double planned;       /* CPU seconds the run spends on it as planned (dropped: 0) */
    int too_slow;         /* a pilot instance passed the cap: dropped, not estimated */
    /* A fast solver of a generated corpus, timed again on batches of the run
     * (pz_batch_pilot): then cpu and check are per instance of those batches
     * times fit, extra is what a batch timed (and timed again) costs over
     * one that stands in, resolved the passes it is solved again; alone_cpu
     * keeps the one-call-each cpu, a sampled solver's way through a batch. */
    int batched;
    double extra, alone_cpu;
    long long resolved;
    pz_plan_verdict verdict;
} pz_plan_row;

/* Times o's solvers on a pilot of c and fits them to budget (CPU seconds
 * for the whole corpus): sets o->slow and o->sample, removes dropped
 * solvers from o, and fills rows[0 .. nsolvers before) in o's order.
 * Returns how many solvers were sampled or dropped; -1 if c is too small,
 * not generated, or o already has a sample (nothing timed, o unchanged). */
int pz_plan(const pz_corpus *c, pz_run_opts *o, double budget, pz_plan_row *rows);

/* A pilot, run's and stress's alike: steps 0, 1, ... made and timed by the
 * caller's step, until PZ_PILOT steps, PZ_PILOT_CPU_MS of CPU in all its
 * parts, wall_ms of wall clock (0: no limit), the stop (pz_stop_signal), or
 * the step's own word.  A part is what the caller times apart: a solver, or
 * stress's programs, generator, reference and itself. */
enum { PZ_PILOT_PARTS = 5 };

/* Makes and times step k (from 0), bringing cpu[part] (the CPU seconds each
 * part has spent so far) up to date: 0 to go on; 1 when it is the last
 * (it counts); -1 when it could not be made (the stop came, an error: it
 * does not count). */
typedef int pz_pilot_step(void *ctx, int k, double *cpu);

typedef struct pz_pilot {
    int steps;                  /* those that count */
    int cut;                    /* a step could not be made, or the stop came */
    double cpu[PZ_PILOT_PARTS]; /* each part's CPU seconds in those steps */
} pz_pilot;

/* Runs step(ctx, k, cpu) for parts parts (at most PZ_PILOT_PARTS) into
 * *out, as above. */
void pz_pilot_run(pz_pilot_step *step, void *ctx, int parts, double wall_ms, pz_pilot *out);

/* The CPU seconds one pilot instance may take against a share of the
 * budget: share / PZ_PILOT_MIN. */
double pz_pilot_cap(double share);

/* The index of pilot instance k (from 0) in a corpus of count: fixed
 * pseudo-random, the same on every machine. */
long long pz_pilot_index(int k, long long count);

/* The rule for one estimate (CPU seconds) against its share of the budget:
 * PZ_WHOLE within it; else PZ_SAMPLED, *sample the least power of ten that
 * brings it within, or PZ_DROPPED when count / *sample is under
 * PZ_PILOT_MIN. */
pz_plan_verdict pz_plan_fit(double estimate, double share, long long count, long long *sample);

/* --time-budget S (NULL: the default; "none": *seconds 0): 0, or -1 with e. */
int pz_plan_budget(const char *text, double *seconds, pz_error *e);

/* The estimate as a table, and for a dropped solver the options that run
 * it whole; n rows. */
void pz_plan_print(FILE *, const pz_plan_row *rows, int n, const pz_run_opts *o, double budget,
                   long long count);

#endif
