/* clock.c - the clocks the harness times with. */
#include <math.h>
#include <stdio.h>
#include <time.h>

#include <sys/resource.h>

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

double pz_process_cpu(void)
{
    struct rusage u[2];
    double s = 0;
    getrusage(RUSAGE_SELF, &u[0]);
    getrusage(RUSAGE_CHILDREN, &u[1]);
    for (int k = 0; k < 2; k++)
        s += (double)u[k].ru_utime.tv_sec + (double)u[k].ru_utime.tv_usec * 1e-6 +
             (double)u[k].ru_stime.tv_sec + (double)u[k].ru_stime.tv_usec * 1e-6;
    return s;
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

void pz_span(char *buf, size_t len, double s)
{
    static const char *const unit[] = {"ns", "us", "ms", "s"};
    double v = s * 1e9;
    int u = 0;
    if (isnan(s)) {
        snprintf(buf, len, "-");
        return;
    }
    if (s < 0) { /* the low end of an interval, say */
        *buf = '-';
        pz_span(buf + (len > 1), len > 1 ? len - 1 : len, -s);
        return;
    }
    if (s >= 172800)
        snprintf(buf, len, "%.0f days", s / 86400);
    else if (s >= 6000)
        snprintf(buf, len, "%.1f h", s / 3600);
    else if (s >= 100)
        snprintf(buf, len, "%.1f min", s / 60);
    else {
        while (u < 3 && v >= 999.5)
            v /= 1000, u++;
        snprintf(buf, len, "%.3g %s", v, unit[u]);
    }
}
