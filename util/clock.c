/* clock.c - the clocks the harness times with. */
#include <time.h>

#include "util.h"

static double seconds(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

double pz_now(void)
{
    return seconds(CLOCK_MONOTONIC);
}

double pz_cpu_now(void)
{
    return seconds(CLOCK_THREAD_CPUTIME_ID);
}

double pz_clock_cost(double (*clock)(void))
{
    double best = 1;
    for (int i = 0; i < 64; i++) {
        double a = clock(), b = clock();
        if (b - a < best)
            best = b - a;
    }
    return best;
}
