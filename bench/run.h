/* run.h - the batch engine behind `puzzlebench run` (its result: result.h).
 *
 *     pz_run_opts o = { .solvers = {gf2, rowenum}, .nsolvers = 2, .sample = 1,
 *                       .threads = 2 };
 *     pz_shard sh;
 *     pz_result res;
 *     pz_parse_shard("0/4", corpus.count, &sh, &e);
 *     pz_run(&corpus, &sh, &o, &res);
 *     pz_write_json(stdout, &res);
 *     pz_result_free(&res);
 *
 * Everything in a result but the timings depends only on the corpus, the
 * shard and the options: never on the number of threads or the batch size.
 */
#ifndef PZ_RUN_H
#define PZ_RUN_H

#include "corpus.h"
#include "result.h"

enum {
    PZ_SHRINK = 3,   /* failures shrunk and saved as regressions */
    PZ_BATCH = 1024, /* the largest default batch */
};

int pz_default_batch(long long instances);

/* The batch a run of total instances uses: o's, else the default (one a
 * batch for a wide corpus), never more than total. */
int pz_run_batch(const pz_corpus *, long long total, const pz_run_opts *o);

/* A solver's pass over a batch that reads fewer than 20 times what its
 * clocks cost is timed again in rounds of passes (run.c's settle): given
 * the last round's passes and its wall and CPU intervals as read (clock
 * costs in them), the passes of the next round, or 0 when it was long
 * enough.  The plan walks the same rule to estimate what it costs. */
long long pz_settle_next(long long passes, double wall, double cpu, double wall_cost,
                         double cpu_cost);

/* Of a pass's batches on threads threads, each a solver's pass too short
 * for the clocks that is timed again with resolved passes more (settle),
 * how many are timed: the rest stand in for them untimed (run.c's
 * stands_in).  The plan counts what timing costs so. */
double pz_timed_batches(double batches, int threads, long long resolved);

/* A pilot's batches through a run's own path (plan.c): each made, solved
 * and timed by every solver of the options, checked and compared, as a
 * batch of a run on one thread, and its parts' CPU seconds read apart
 * (each less what its reading costs):
 *
 *     pz_batch_pilot *bp = pz_batch_pilot_new(&corpus, &opts);
 *     pz_batch_cost cost;
 *     pz_batch_pilot_run(bp, 1024 * k, 1024, 0, &cost);  // a run's batch k
 *     pz_batch_pilot_free(bp);
 *
 * stand_in 0: every solver's pass is timed, and timed again if short, as
 * a run's first batches are; 1: a pass stands in for the last timed one
 * untimed wherever its times allow it, as most of a long run's do
 * (run.c's stands_in), and the parts are not read (make, solve and check
 * stay 0): reading the CPU clock, a system call, slows what follows it,
 * so the caller reads it around many such batches.  The pilot's worker is
 * the run's: its first batch is cold, the others warm. */
typedef struct pz_batch_cost {
    double make;                        /* making the instances */
    double solve;                       /* every solver: its pass, its timers, settle's passes */
    double check;                       /* checking and comparing every answer */
    double own[PZ_RUN_SOLVERS];         /* each solver's pass as the run times it */
    long long took[PZ_RUN_SOLVERS];     /* the instances it took */
    long long resolved[PZ_RUN_SOLVERS]; /* the passes settle solved again */
} pz_batch_cost;

typedef struct pz_batch_pilot pz_batch_pilot;
pz_batch_pilot *pz_batch_pilot_new(const pz_corpus *, const pz_run_opts *);
/* Batch [lo, lo + n) into *cost (zeroed first): 0, or 1 if a stop came. */
int pz_batch_pilot_run(pz_batch_pilot *, long long lo, int n, int stand_in, pz_batch_cost *);
void pz_batch_pilot_free(pz_batch_pilot *);

/* The passes a run makes over its shard: --repeat K's K (at least 1), and
 * the --warmup pass before them. */
int pz_run_passes(const pz_run_opts *);

/* Refuses options whose batch buffers would not fit in memory (the batch is
 * at most the shard, then at most 1 GiB of buffers per thread): 0, or -1 with e. */
int pz_run_check(const pz_corpus *, const pz_shard *, const pz_run_opts *, pz_error *);

/* Runs the shard of the corpus; 0, or -1 when a signal cut it short.  A
 * signal stops the searches in hand (pz_stop, puzzlebench.h); the batches
 * finished before it are the result, marked partial. */
int pz_run(const pz_corpus *, const pz_shard *, const pz_run_opts *, pz_result *);

#endif
