/* memory.c - memory for a report: a process's peak, and bytes for a person. */
#include <stdio.h>
#include <sys/resource.h>

#include "util.h"

long long pz_peak_rss(void)
{
    struct rusage u;
    if (getrusage(RUSAGE_SELF, &u))
        return 0;
    return (long long)u.ru_maxrss * 1024; /* Linux gives KiB */
}

void pz_bytes(char *buf, size_t len, double bytes)
{
    static const char *const unit[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    while (u < 4 && bytes >= 1024)
        bytes /= 1024, u++;
    snprintf(buf, len, u ? "%.1f %s" : "%.0f %s", bytes, unit[u]);
}
