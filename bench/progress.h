/* progress.h - a job's progress on stderr, drawn by a thread of its own so
 * that a slow batch does not silence it: on a terminal one line redrawn
 * four times a second, elsewhere (a CI log) a line every 30 s.  It counts
 * what the workers add to finished, atomically.  Its time left is what the
 * plan's CPU seconds (cpu) leave, at the pace this process and its ended
 * children have spent CPU so far (threads and the machine's load in it);
 * with no plan, or once the job has spent it, the pace of finished:
 *
 *     pz_progress bar = {.name = "run", .total = n, .start = pz_now(), .tty = isatty(2)};
 *     pthread_t t;
 *     int drawing = pz_progress_start(&bar, &t);
 *     ... __atomic_add_fetch(&bar.finished, k, __ATOMIC_RELAXED) ...
 *     if (drawing) pz_progress_stop(&bar, t);
 */
#ifndef PZ_PROGRESS_H
#define PZ_PROGRESS_H

#include <pthread.h>

typedef struct pz_progress {
    const char *name, *unit;   /* "NAME: done/total UNIT"; unit NULL: "instances" */
    long long total, finished; /* finished: written by the workers, atomically */
    double start;              /* pz_now() at the start */
    double cpu;                /* the plan's CPU seconds for the job (0: none) */
    double cpu0;               /* the process's CPU at the start (set by start) */
    int tty, quit;
    pthread_mutex_t lock;
    pthread_cond_t wake;
} pz_progress;

/* Starts the drawing thread (none without a name or a total): 1 started. */
int pz_progress_start(pz_progress *, pthread_t *);
/* Stops it, clearing its line on a terminal. */
void pz_progress_stop(pz_progress *, pthread_t);

#endif
