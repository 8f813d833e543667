/* engine.h - the one batch engine, under `run` and `stress`.
 *
 * A job is a range of corpus indices cut into batches; OpenMP threads take
 * the batches one at a time as they come free.  Each thread owns a worker
 * (its buffers, its solvers' scratch, its running sums).  A batch's work goes
 * either into its thread's worker, for sums whose order does not matter and
 * that are gathered once at the end, or into a part of its own, which the
 * engine merges with the others in index order, a window of batches at a
 * time, so what is merged never depends on which thread took which batch:
 *
 *     pz_engine e = {.first = 0, .end = n, .batch = 1024, .threads = 2, .ctx = &ctx,
 *                    .worker_size = sizeof(worker), .init = init, .run = run,
 *                    .finish = finish};
 *     pz_engine_run(&e);          // e.done: the instances of the batches done
 *
 * A stop (a signal's flag) is seen before every batch, and a batch may look
 * at it between its instances and give up: then that batch counts for
 * nothing, and no batch starts after it.
 */
#ifndef PZ_ENGINE_H
#define PZ_ENGINE_H

#include <signal.h>
#include <stddef.h>

#include "stop.h" /* the stop its callers give it */

typedef struct pz_engine {
    long long first, end; /* the indices [first, end) */
    long long batch;      /* instances per batch, at least 1 */
    int threads;          /* 0: OpenMP's default */
    void *ctx;            /* given to every callback */
    size_t worker_size;   /* each thread's worker: zeroed, then init() */
    void (*init)(void *ctx, void *worker);
    /* Batch [lo, hi) into the worker, or into part (zeroed) with part_size:
     * 0 done, else it saw the stop and gave up, and its work is dropped. */
    int (*run)(void *ctx, void *worker, long long lo, long long hi, void *part);
    /* Optional: reads batch [lo, hi)'s input into the worker before run.
     * Called under one lock as each batch is taken, so in index order (a
     * file is read through once, whatever the threads); nonzero: a read
     * failed, and no batch runs after it. */
    int (*load)(void *ctx, void *worker, long long lo, long long hi);
    size_t part_size; /* 0: batches work into their worker alone */
    int window;       /* with parts: batches merged at a time (default 256) */
    /* A batch's part, in index order; nonzero: no window starts after this one. */
    int (*merge)(void *ctx, void *part);
    /* Optional: a part that ran but is not merged (a batch after a stop, or
     * one whose run gave up), before the engine zeroes it: free what it
     * holds.  It may run on several threads at once, each on its own part. */
    void (*drop)(void *ctx, void *part);
    /* After the last batch, each worker in thread order: gather it and free it. */
    void (*finish)(void *ctx, void *worker);
    const volatile sig_atomic_t *stop; /* nonzero: stop; may be NULL */
    const char *progress;              /* on stderr as "NAME: done/total ...", or NULL */
    const char *progress_unit;         /* what it counts: "instances" (NULL), "seeds" */
    double progress_cpu;               /* the plan's CPU seconds for the job (0: none) */
    /* Filled by pz_engine_run: */
    long long done; /* instances of the batches done (and merged) */
    int used;       /* threads that ran */
} pz_engine;

void pz_engine_run(pz_engine *);

#endif
