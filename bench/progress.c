/* progress.c - a job's progress on stderr (see progress.h). */
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "../util/util.h"
#include "progress.h"

/* Wall seconds left: what the plan leaves at the pace of the CPU so far,
 * else at the pace of finished; -1: nothing to go by yet. */
static double time_left(const pz_progress *p, long long done, double t)
{
    double cpu = pz_process_cpu() - p->cpu0;
    if (p->cpu > 0 && cpu > 0 && cpu < p->cpu)
        return (p->cpu - cpu) * t / cpu;
    return done > 0 && t > 0 ? (double)(p->total - done) * t / (double)done : -1;
}

static void show(const pz_progress *p)
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
    double s = time_left(p, done, t);
    if (s >= 0) {
        pz_span(left, sizeof left, s);
        fprintf(stderr, ", about %s left", left);
    }
    fputs(p->tty ? "" : "\n", stderr);
}

static void *draw(void *arg)
{
    pz_progress *p = arg;
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

int pz_progress_start(pz_progress *p, pthread_t *t)
{
    pthread_condattr_t a;
    if (!p->name || p->total <= 0)
        return 0;
    p->cpu0 = pz_process_cpu();
    pthread_mutex_init(&p->lock, NULL);
    pthread_condattr_init(&a);
    pthread_condattr_setclock(&a, CLOCK_MONOTONIC);
    pthread_cond_init(&p->wake, &a);
    pthread_condattr_destroy(&a);
    return pthread_create(t, NULL, draw, p) == 0;
}

void pz_progress_stop(pz_progress *p, pthread_t t)
{
    pthread_mutex_lock(&p->lock);
    p->quit = 1;
    pthread_cond_signal(&p->wake);
    pthread_mutex_unlock(&p->lock);
    pthread_join(t, NULL);
    pthread_cond_destroy(&p->wake);
    pthread_mutex_destroy(&p->lock);
}
