/* engine.c - batches to threads, parts merged in index order (see engine.h).
 *
 * Threads take batch numbers from one shared counter rather than from an
 * OpenMP loop, so a stop ends the job at once: a loop over 10^12 batches
 * would still walk every one of them to skip it.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "engine.h"

enum { WINDOW = 256 };

static void show_progress(const char *name, long long done, long long total, double start, int last)
{
    double t = pz_now() - start;
    if (last) {
        fputs("\r\033[K", stderr);
        return;
    }
    fprintf(stderr, "\r\033[K%s: %lld/%lld instances (%.1f%%), %.0f s", name, done, total,
            100.0 * (double)done / (double)total, t);
    if (done > 0)
        fprintf(stderr, ", about %.0f s left", t * (double)(total - done) / (double)done);
}

static int stopped(const pz_engine *e)
{
    return e->stop && *e->stop;
}

void pz_engine_run(pz_engine *e)
{
    long long total = e->end - e->first, nbatches = (total + e->batch - 1) / e->batch;
    long long window = e->part_size ? (e->window > 0 ? e->window : WINDOW) : nbatches;
    long long next = 0, done = 0; /* the next batch of the window; instances done */
    int threads = e->threads > 0 ? e->threads : omp_get_max_threads(), used = 1;
    int halt = 0, gave_up = 0; /* halt changes only between windows, where all threads see it */
    char *workers = pz_xcalloc((size_t)threads, e->worker_size ? e->worker_size : 1);
    char *parts = e->part_size ? pz_xcalloc((size_t)window, e->part_size) : NULL;
    unsigned char *ok = e->part_size ? pz_xcalloc((size_t)window, 1) : NULL;
    double start = pz_now(), shown = 0;

#pragma omp parallel num_threads(threads)
    {
        void *w = workers + (size_t)omp_get_thread_num() * e->worker_size;
        if (e->init)
            e->init(e->ctx, w);
#pragma omp single nowait
        used = omp_get_num_threads();
        for (long long w0 = 0; w0 < nbatches; w0 += window) {
            long long wn = nbatches - w0 < window ? nbatches - w0 : window, b;
            if (halt)
                break;
            for (;;) {
                int quit;
#pragma omp atomic capture
                b = next++;
#pragma omp atomic read
                quit = gave_up;
                if (b >= wn || quit || stopped(e))
                    break;
                long long lo = e->first + (w0 + b) * e->batch;
                long long hi = lo + e->batch < e->end ? lo + e->batch : e->end;
                void *part = parts ? parts + (size_t)b * e->part_size : NULL;
                if (part)
                    memset(part, 0, e->part_size);
                if (e->run(e->ctx, w, lo, hi, part)) {
                    /* It gave up at the stop: nothing after it is merged. */
#pragma omp atomic write
                    gave_up = 1;
                    break;
                }
                if (ok)
                    ok[b] = 1;
                if (!parts) {
#pragma omp atomic
                    done += hi - lo;
                }
                if (e->progress && !parts && omp_get_thread_num() == 0) {
                    double t = pz_now();
                    if (t > shown) {
                        long long d;
#pragma omp atomic read
                        d = done;
                        show_progress(e->progress, d, total, start, 0);
                        shown = t + 0.5;
                    }
                }
            }
            if (!parts)
                break;
#pragma omp barrier
#pragma omp single
            {
                long long k = 0;
                for (; k < wn && ok[k]; k++) {
                    long long lo = e->first + (w0 + k) * e->batch;
                    done += (lo + e->batch < e->end ? lo + e->batch : e->end) - lo;
                    if (e->merge && e->merge(e->ctx, parts + (size_t)k * e->part_size))
                        halt = 1;
                }
                if (k < wn || gave_up || stopped(e))
                    halt = 1;
                memset(ok, 0, (size_t)window);
                next = 0;
                if (e->progress)
                    show_progress(e->progress, done, total, start, 0);
            } /* its barrier: every thread sees halt and next */
        }
    }
    if (e->progress)
        show_progress(e->progress, done, total, start, 1);
    for (int t = 0; t < threads; t++)
        if (e->finish)
            e->finish(e->ctx, workers + (size_t)t * e->worker_size);
    e->done = done;
    e->used = used;
    free(workers);
    free(parts);
    free(ok);
}
