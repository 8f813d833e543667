/* context.c - the provenance of a result: the build (known when it was
 * compiled) and the machine and moment (found now). */
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "context.h"
#include "pz_build.h"  /* PZ_VERSION, PZ_COMPILER, PZ_BUILD_TYPE, PZ_FLAGS */
#include "pz_commit.h" /* PZ_COMMIT, PZ_DIRTY */

/* The first "model name" of /proc/cpuinfo (x86, and most ARM kernels), or "". */
static void cpu_model(char *buf, size_t len)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    buf[0] = 0;
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (strncmp(line, "model name", 10) || !colon)
            continue;
        colon += 1 + (colon[1] == ' ');
        colon[strcspn(colon, "\n")] = 0;
        snprintf(buf, len, "%s", colon);
        break;
    }
    fclose(f);
}

void pz_context_gather(pz_context *c, long long threads, time_t started)
{
    struct utsname u;
    struct tm tm;
    char model[256];
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    memset(c, 0, sizeof *c);
    if (gmtime_r(&started, &tm))
        strftime(c->date, sizeof c->date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    if (!uname(&u)) {
        snprintf(c->host, sizeof c->host, "%s", u.nodename);
        snprintf(c->os, sizeof c->os, "%s %s", u.sysname, u.release);
        snprintf(c->cpu, sizeof c->cpu, "%s", u.machine);
    }
    cpu_model(model, sizeof model);
    if (model[0])
        snprintf(c->cpu, sizeof c->cpu, "%s", model);
    snprintf(c->compiler, sizeof c->compiler, "%s", PZ_COMPILER);
    snprintf(c->build_type, sizeof c->build_type, "%s", PZ_BUILD_TYPE);
    snprintf(c->flags, sizeof c->flags, "%s", PZ_FLAGS);
    snprintf(c->commit, sizeof c->commit, "%s", PZ_COMMIT);
    snprintf(c->version, sizeof c->version, "%s", PZ_VERSION);
    c->dirty = PZ_DIRTY;
    c->cores = sysconf(_SC_NPROCESSORS_ONLN);
    c->memory_bytes = pages > 0 && page > 0 ? (long long)pages * page : 0;
    c->threads = threads;
}

const char *pz_context_line(const pz_context *c, char *buf, size_t len)
{
    static const char *const unit[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double mem = (double)c->memory_bytes;
    int u = 0;
    while (u < 4 && mem >= 1024)
        mem /= 1024, u++;
    snprintf(buf, len,
             "puzzlebench %s at %.12s%s, %s %s, on %s (%s, %lld cores, %.1f %s, %s), %lld "
             "thread%s, %s",
             c->version, c->commit, c->dirty ? " (dirty)" : "", c->compiler, c->build_type, c->host,
             c->cpu, c->cores, mem, unit[u], c->os, c->threads, c->threads == 1 ? "" : "s",
             c->date);
    return buf;
}
