/* engine.c - batches to threads, parts merged in index order (see engine.h).
 *
 * Threads take batch numbers from one shared counter rather than from an
 * OpenMP loop, so a stop ends the job at once: a loop over 10^12 batches
 * would still walk every one of them to skip it.
 */
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../solvers/solver.h"
#include "../util/util.h"
#include "engine.h"
#include "progress.h"

enum { WINDOW = 256 };

static int stopped(const pz_engine *e)
{
    return e->stop && *e->stop;
}

/* A job's state, shared by its threads. */
typedef struct job {
    pz_engine *e;
    long long window;     /* batches a window, at most */
    long long next, done; /* the next batch of the window; instances done */
    int halt, gave_up;    /* halt changes only between windows, where all threads see it */
    char *parts;          /* the window's parts, or NULL */
    unsigned char *ok;    /* ok[b]: batch b of the window ran to its end */
    pz_progress bar;
} job;

/* The end of the batch that starts at lo. */
static long long batch_end(const pz_engine *e, long long lo)
{
    return lo + e->batch < e->end ? lo + e->batch : e->end;
}

/* Takes the next batch of the window at w0 (of wn batches), reading its
 * input first where the engine has a load: its number, wn or more when
 * none is left. */
static long long take(job *j, void *w, long long w0, long long wn)
{
    pz_engine *e = j->e;
    long long b;
    int failed = 0;
    if (e->load) {
        /* The batch taken and its input read in one step. */
#pragma omp critical(pz_engine_load)
        {
            b = j->next++;
            if (b < wn && !stopped(e)) {
                long long lo = e->first + (w0 + b) * e->batch;
                failed = e->load(e->ctx, w, lo, batch_end(e, lo)) != 0;
            }
        }
    } else {
#pragma omp atomic capture
        b = j->next++;
    }
    if (failed) {
#pragma omp atomic write
        j->gave_up = 1;
    }
    return b;
}

/* One thread's batches of the window at w0, until none is left or a stop. */
static void run_window(job *j, void *w, long long w0, long long wn)
{
    pz_engine *e = j->e;
    for (;;) {
        int quit;
        long long b = take(j, w, w0, wn);
#pragma omp atomic read
        quit = j->gave_up;
        if (b >= wn || quit || stopped(e))
            break;
        long long lo = e->first + (w0 + b) * e->batch, hi = batch_end(e, lo);
        void *part = j->parts ? j->parts + (size_t)b * e->part_size : NULL;
        if (part)
            memset(part, 0, e->part_size);
        if (e->run(e->ctx, w, lo, hi, part)) {
            /* It gave up at the stop: nothing after it is merged, and what
             * it holds is dropped here. */
            if (part && e->drop)
                e->drop(e->ctx, part);
#pragma omp atomic write
            j->gave_up = 1;
            break;
        }
        if (j->ok)
            j->ok[b] = 1;
        __atomic_add_fetch(&j->bar.finished, hi - lo, __ATOMIC_RELAXED);
        if (!j->parts) {
#pragma omp atomic
            j->done += hi - lo;
        }
    }
}

/* The window's parts merged in index order up to the first that did not
 * run, the rest dropped; halts the job at a gap, a give-up or a stop.  One
 * thread, between barriers. */
static void merge_window(job *j, long long w0, long long wn)
{
    pz_engine *e = j->e;
    long long k = 0;
    for (; k < wn && j->ok[k]; k++) {
        long long lo = e->first + (w0 + k) * e->batch;
        j->done += batch_end(e, lo) - lo;
        if (e->merge && e->merge(e->ctx, j->parts + (size_t)k * e->part_size))
            j->halt = 1;
    }
    for (long long b = k; b < wn && e->drop; b++)
        if (j->ok[b])
            e->drop(e->ctx, j->parts + (size_t)b * e->part_size);
    if (k < wn || j->gave_up || stopped(e))
        j->halt = 1;
    memset(j->ok, 0, (size_t)j->window);
    j->next = 0;
    __atomic_store_n(&j->bar.finished, j->done, __ATOMIC_RELAXED);
}

void pz_engine_run(pz_engine *e)
{
    long long total = e->end - e->first, nbatches = (total + e->batch - 1) / e->batch;
    int threads = e->threads > 0 ? e->threads : omp_get_max_threads(), used = 1;
    job j = {.e = e, .window = e->part_size ? (e->window > 0 ? e->window : WINDOW) : nbatches};
    char *workers = pz_xcalloc((size_t)threads, e->worker_size ? e->worker_size : 1);
    j.parts = e->part_size ? pz_xcalloc((size_t)j.window, e->part_size) : NULL;
    j.ok = e->part_size ? pz_xcalloc((size_t)j.window, 1) : NULL;
    j.bar = (pz_progress){.name = e->progress,
                          .unit = e->progress_unit,
                          .cpu = e->progress_cpu,
                          .total = total,
                          .start = pz_now(),
                          .tty = isatty(2)};
    pthread_t drawer;
    int drawing = pz_progress_start(&j.bar, &drawer);

#pragma omp parallel num_threads(threads)
    {
        void *w = workers + (size_t)omp_get_thread_num() * e->worker_size;
        if (e->init)
            e->init(e->ctx, w);
#pragma omp single nowait
        used = omp_get_num_threads();
        for (long long w0 = 0; w0 < nbatches; w0 += j.window) {
            long long wn = nbatches - w0 < j.window ? nbatches - w0 : j.window;
            if (j.halt)
                break;
            run_window(&j, w, w0, wn);
            if (!j.parts)
                break;
#pragma omp barrier
#pragma omp single
            merge_window(&j, w0, wn);
            /* its barrier: every thread sees halt and next */
        }
    }
    if (drawing)
        pz_progress_stop(&j.bar, drawer);
    for (int t = 0; t < threads; t++)
        if (e->finish)
            e->finish(e->ctx, workers + (size_t)t * e->worker_size);
    e->done = j.done;
    e->used = used;
    free(workers);
    free(j.parts);
    free(j.ok);
}
