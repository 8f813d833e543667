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

enum { WINDOW = 256 };

/* Progress on stderr, drawn by a thread of its own so that a slow batch
 * does not silence it: on a terminal one line redrawn four times a second,
 * elsewhere (a CI log) a line every 30 s.  It counts the instances of the
 * batches finished, merged or not. */
typedef struct progress {
    const char *name, *unit;
    long long total, finished; /* finished: written by the workers, atomically */
    double start;
    int tty, quit;
    pthread_mutex_t lock;
    pthread_cond_t wake;
} progress;

static void show(const progress *p)
{
    long long done = __atomic_load_n(&p->finished, __ATOMIC_RELAXED);
    double t = pz_now() - p->start, rate = t > 0 ? (double)done / t : 0;
    char spent[32], left[32];
    pz_span(spent, sizeof spent, t);
    fprintf(stderr,
            rate >= 100 ? "%s%s: %lld/%lld %s (%.1f%%), %.0f/s, %s"
                        : "%s%s: %lld/%lld %s (%.1f%%), %.2g/s, %s",
            p->tty ? "\r\033[K" : "", p->name, done, p->total, p->unit ? p->unit : "instances",
            100.0 * (double)done / (double)p->total, rate, spent);
    if (done > 0) {
        pz_span(left, sizeof left, (double)(p->total - done) / rate);
        fprintf(stderr, ", about %s left", left);
    }
    fputs(p->tty ? "" : "\n", stderr);
}

static void *draw(void *arg)
{
    progress *p = arg;
    long step_ms = p->tty ? 250 : 30000;
    pthread_mutex_lock(&p->lock);
    while (!p->quit) {
        struct timespec at;
        clock_gettime(CLOCK_MONOTONIC, &at);
        at.tv_sec += step_ms / 1000;
        at.tv_nsec += (step_ms % 1000) * 1000000L;
        if (at.tv_nsec >= 1000000000L)
            at.tv_sec++, at.tv_nsec -= 1000000000L;
        while (!p->quit && pthread_cond_timedwait(&p->wake, &p->lock, &at) == 0)
            ;
        if (!p->quit)
            show(p);
    }
    pthread_mutex_unlock(&p->lock);
    if (p->tty)
        fputs("\r\033[K", stderr);
    return NULL;
}

/* Starts the drawing thread (none without a name); 1 started. */
static int progress_start(progress *p, pthread_t *t)
{
    pthread_condattr_t a;
    if (!p->name || p->total <= 0)
        return 0;
    pthread_mutex_init(&p->lock, NULL);
    pthread_condattr_init(&a);
    pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
    pthread_cond_init(&p->wake, &a);
    pthread_condattr_destroy(&a);
    return pthread_create(t, NULL, draw, p) == 0;
}

static void progress_stop(progress *p, pthread_t t)
{
    pthread_mutex_lock(&p->lock);
    p->quit = 1;
    pthread_cond_signal(&p->wake);
    pthread_mutex_unlock(&p->lock);
    pthread_join(t, NULL);
    pthread_cond_destroy(&p->wake);
    pthread_mutex_destroy(&p->lock);
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
    progress bar = {.name = e->progress,
                    .unit = e->progress_unit,
                    .total = total,
                    .start = pz_now(),
                    .tty = isatty(2)};
    pthread_t drawer;
    int drawing = progress_start(&bar, &drawer);

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
                int quit, failed = 0;
                if (e->load) {
                    /* The batch taken and its input read in one step. */
#pragma omp critical(pz_engine_load)
                    {
                        b = next++;
                        if (b < wn && !stopped(e)) {
                            long long lo = e->first + (w0 + b) * e->batch;
                            failed = e->load(e->ctx, w, lo,
                                             lo + e->batch < e->end ? lo + e->batch : e->end) != 0;
                        }
                    }
                } else {
#pragma omp atomic capture
                    b = next++;
                }
                if (failed) {
#pragma omp atomic write
                    gave_up = 1;
                }
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
                    /* It gave up at the stop: nothing after it is merged,
                     * and what it holds is dropped here. */
                    if (part && e->drop)
                        e->drop(e->ctx, part);
#pragma omp atomic write
                    gave_up = 1;
                    break;
                }
                if (ok)
                    ok[b] = 1;
                __atomic_add_fetch(&bar.finished, hi - lo, __ATOMIC_RELAXED);
                if (!parts) {
#pragma omp atomic
                    done += hi - lo;
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
                for (long long j = k; j < wn && e->drop; j++)
                    if (ok[j])
                        e->drop(e->ctx, parts + (size_t)j * e->part_size);
                if (k < wn || gave_up || stopped(e))
                    halt = 1;
                memset(ok, 0, (size_t)window);
                next = 0;
                __atomic_store_n(&bar.finished, done, __ATOMIC_RELAXED);
            } /* its barrier: every thread sees halt and next */
        }
    }
    if (drawing)
        progress_stop(&bar, drawer);
    for (int t = 0; t < threads; t++)
        if (e->finish)
            e->finish(e->ctx, workers + (size_t)t * e->worker_size);
    e->done = done;
    e->used = used;
    free(workers);
    free(parts);
    free(ok);
}

volatile sig_atomic_t pz_stop_signal;
static struct sigaction old_int, old_term; /* what the signals did before the catch */

static void on_stop(int sig)
{
    pz_stop_signal = sig;
    pz_set_stop(1); /* every search stops too (solver.h) */
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
}

/* Catches not yet released: only the outermost catches and releases, so a
 * command may catch before its pilot and the run inside keep the stop. */
static int caught;

void pz_stop_catch(void)
{
    struct sigaction sa;
    if (caught++)
        return;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigemptyset(&sa.sa_mask); /* while the handler runs, the other signal waits */
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    pz_stop_signal = 0;
    pz_set_stop(0);
    sigaction(SIGINT, NULL, &old_int);
    sigaction(SIGTERM, NULL, &old_term);
    if (old_int.sa_handler != SIG_IGN)
        sigaction(SIGINT, &sa, NULL);
    if (old_term.sa_handler != SIG_IGN)
        sigaction(SIGTERM, &sa, NULL);
}

void pz_stop_release(void)
{
    if (!caught || --caught)
        return;
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
}
