/* cgroup.c - a cgroup v2 of its own for each run (see cgroup.h).
 *
 * Where we may make one (under our own cgroup, found from /proc/self/cgroup
 * and /proc/self/mountinfo, or under PZ_CGROUP), each run gets one: its
 * cpu.stat counts every process the program made, also those that ended
 * between two looks, left its group, or that nobody reaped; cgroup.kill
 * ends them all at once, whatever session they are in.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <time.h>
#include <unistd.h>
#include <linux/magic.h>

#include "../solvers/solver.h"
#include "../util/util.h"
#include "cgroup.h"

enum { MAX_LIVE = 256 };

/* The numbers in the file at path, up to max: system calls only, so the
 * signal handler may use it. */
int pz__read_pids(int dir, const char *path, pid_t *pids, int max)
{
    char buf[4096];
    int fd = openat(dir, path, O_RDONLY | O_CLOEXEC), n = 0;
    ssize_t len;
    long v = -1;
    if (fd < 0)
        return 0;
    while (n < max && (len = read(fd, buf, sizeof buf)) > 0)
        for (ssize_t i = 0; i < len && n < max; i++)
            if (buf[i] >= '0' && buf[i] <= '9') {
                v = (v < 0 ? 0 : v * 10) + (buf[i] - '0');
            } else if (v >= 0) {
                pids[n++] = (pid_t)v;
                v = -1;
            }
    if (v >= 0 && n < max) /* a number cut by the end of a read is rare: the file is small */
        pids[n++] = (pid_t)v;
    close(fd);
    return n;
}

/* The cgroup v2 directory each run's cgroup is made in (-1: none), what it
 * is, or why there is none; the runs' cgroups, puzzlebench-PID-SEQ, each
 * listed (by SEQ) before it is made and until it is removed, for the signal
 * handler to end and remove (0: a free place). */
static int cg_parent = -1;
static char *cg_where, *cg_why;
static int cg_seq, cg_fallbacks;
static int cg_live[MAX_LIVE];
/* The signal handler sets cg_stopping, then waits while cg_making says a
 * thread is between its check of cg_stopping and the end of its mkdir: so a
 * cgroup is either never made or made before the handler removes them all. */
static int cg_stopping, cg_making;

/* "puzzlebench-PID-SEQ/" and file (may be "") into buf: system calls only. */
static void cg_name(char *buf, int seq, const char *file)
{
    char *p = buf, num[24];
    const char *parts[] = {"puzzlebench-", "", "-", "", file[0] ? "/" : "", file};
    long vals[] = {getpid(), seq};
    for (int i = 0, v = 0; i < 6; i++) {
        if (i == 1 || i == 3) {
            int k = 0;
            for (long x = vals[v++]; x || !k; x /= 10)
                num[k++] = (char)('0' + x % 10);
            while (k)
                *p++ = num[--k];
            continue;
        }
        for (const char *q = parts[i]; *q; q++)
            *p++ = *q;
    }
    *p = 0;
}

/* Kills every process in the run's cgroup: cgroup.kill (Linux 5.14), else
 * each pid in cgroup.procs until none is left.  System calls only. */
static void cg_kill(int seq)
{
    char path[96];
    pid_t pids[256];
    int fd, n;
    cg_name(path, seq, "cgroup.kill");
    if ((fd = openat(cg_parent, path, O_WRONLY | O_CLOEXEC)) >= 0) {
        int done = write(fd, "1", 1) == 1;
        close(fd);
        if (done)
            return;
    }
    cg_name(path, seq, "cgroup.procs");
    for (int round = 0; round < 1000 && (n = pz__read_pids(cg_parent, path, pids, 256)) > 0;
         round++)
        for (int i = 0; i < n; i++)
            kill(pids[i], SIGKILL);
}

/* Removes the run's cgroup once its killed processes have left it (a zombie
 * no longer holds it): up to about 5 seconds on a loaded machine.  While it
 * is busy, whatever is in it is killed again every 10 ms: a process forked
 * while cgroup.kill ran can escape it (seen on Linux 6.18 in about one of
 * 3000 runs of tests/progs' swarm: a grandchild spun on, and its cgroup was
 * left behind).  System calls only. */
static int cg_remove(int seq)
{
    char name[64];
    struct timespec pause = {0, 1000000};
    cg_name(name, seq, "");
    for (int i = 0; i < 5000; i++) {
        if (!unlinkat(cg_parent, name, AT_REMOVEDIR) || errno == ENOENT)
            return 0;
        if (errno != EBUSY)
            return -1;
        if (i % 10 == 9)
            cg_kill(seq);
        nanosleep(&pause, NULL);
    }
    return -1;
}

/* The CPU seconds the run's cgroup has used, from cpu.stat's usage_usec. */
static double cg_cpu(int fd)
{
    char buf[512];
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    const char *p;
    if (n <= 0)
        return 0;
    buf[n] = 0;
    p = strstr(buf, "usage_usec ");
    return p ? (double)strtoull(p + 11, NULL, 10) * 1e-6 : 0;
}

static void cg_none(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void cg_none(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (vasprintf(&cg_why, fmt, ap) < 0)
        pz_fatal("out of memory");
    va_end(ap);
    if (cg_parent >= 0)
        close(cg_parent);
    cg_parent = -1;
}

/* A mount point from /proc/self/mountinfo, its octal escapes (\040) undone. */
static void unescape(char *s)
{
    char *w = s;
    for (; *s; s++)
        if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' &&
            s[3] >= '0' && s[3] <= '7') {
            *w++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
            s += 3;
        } else {
            *w++ = *s;
        }
    *w = 0;
}

/* Our own cgroup v2 directory: the "0::PATH" line of /proc/self/cgroup under
 * the cgroup2 mount that holds it; NULL with cg_why set when there is none. */
static char *own_cgroup(void)
{
    FILE *f = fopen("/proc/self/cgroup", "re");
    char *line = NULL, *path = NULL, *dir = NULL;
    size_t cap = 0;
    if (!f) {
        cg_none("cannot read /proc/self/cgroup: %s", strerror(errno));
        return NULL;
    }
    while (!path && getline(&line, &cap, f) > 0)
        if (!strncmp(line, "0::", 3)) {
            line[strcspn(line, "\n")] = 0;
            path = pz_xstrndup(line + 3, strlen(line + 3));
        }
    fclose(f);
    if (!path) {
        free(line);
        cg_none("no cgroup v2 hierarchy (only v1: no \"0::\" line in /proc/self/cgroup)");
        return NULL;
    }
    /* mountinfo: ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS... - TYPE SOURCE ... */
    if (!(f = fopen("/proc/self/mountinfo", "re"))) {
        cg_none("cannot read /proc/self/mountinfo: %s", strerror(errno));
        free(line);
        free(path);
        return NULL;
    }
    while (!dir && getline(&line, &cap, f) > 0) {
        char *save = NULL, *field[5] = {0}, *dash = strstr(line, " - ");
        if (!dash || strncmp(dash + 3, "cgroup2 ", 8))
            continue;
        *dash = 0;
        field[0] = strtok_r(line, " ", &save);
        for (int i = 1; i < 5 && field[i - 1]; i++)
            field[i] = strtok_r(NULL, " ", &save);
        if (!field[4])
            continue;
        unescape(field[3]);
        unescape(field[4]);
        size_t rlen = strcmp(field[3], "/") ? strlen(field[3]) : 0;
        if (strncmp(path, field[3], rlen) || (path[rlen] && path[rlen] != '/'))
            continue; /* a mount of another part of the hierarchy */
        if (asprintf(&dir, "%s%s", field[4], path + rlen) < 0)
            pz_fatal("out of memory");
    }
    fclose(f);
    free(line);
    if (!dir)
        cg_none("no cgroup2 mount holds our cgroup %s (see /proc/self/mountinfo)", path);
    free(path);
    return dir;
}

/* Where runs get cgroups of their own: PZ_CGROUP (a cgroup v2 directory, or
 * "none"), else our own cgroup; a cgroup made and removed there proves it. */
void pz__cg_setup(void)
{
    const char *env = getenv("PZ_CGROUP");
    char *dir, probe[64];
    struct statfs fs;
    if (env && !strcmp(env, "none")) {
        cg_none("PZ_CGROUP=none");
        return;
    }
    if (!(dir = env && *env ? pz_xstrndup(env, strlen(env)) : own_cgroup()))
        return;
    cg_where = dir;
    cg_name(probe, 0, "");
    if ((cg_parent = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
        cg_none("cannot open the cgroup %s: %s", dir, strerror(errno));
    else if (fstatfs(cg_parent, &fs) || fs.f_type != CGROUP2_SUPER_MAGIC)
        cg_none("%s is not a cgroup v2 directory", dir);
    else if (mkdirat(cg_parent, probe, 0755) && errno != EEXIST)
        cg_none("cannot make a cgroup in %s: %s", dir, strerror(errno));
    else if (faccessat(cg_parent, probe, W_OK, 0) || cg_remove(0))
        cg_none("cannot use a cgroup made in %s: %s", dir, strerror(errno));
}

int pz__cg_make(pz__cgroup *cg)
{
    char name[96];
    int seq;
    *cg = (pz__cgroup){0, -1, -1, -1};
    if (cg_parent < 0)
        return -1;
    __atomic_add_fetch(&cg_making, 1, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&cg_stopping, __ATOMIC_SEQ_CST)) {
        __atomic_sub_fetch(&cg_making, 1, __ATOMIC_SEQ_CST);
        return -1;
    }
    seq = __atomic_add_fetch(&cg_seq, 1, __ATOMIC_SEQ_CST);
    for (int i = 0; i < MAX_LIVE && cg->live < 0; i++) {
        int none = 0;
        if (__atomic_compare_exchange_n(&cg_live[i], &none, seq, 0, __ATOMIC_SEQ_CST,
                                        __ATOMIC_SEQ_CST))
            cg->live = i;
    }
    cg_name(name, seq, "");
    int made = cg->live >= 0 && !mkdirat(cg_parent, name, 0755);
    __atomic_sub_fetch(&cg_making, 1, __ATOMIC_SEQ_CST);
    if (made) {
        cg_name(name, seq, "cgroup.procs");
        cg->procs = openat(cg_parent, name, O_WRONLY | O_CLOEXEC);
        cg_name(name, seq, "cpu.stat");
        cg->stat = openat(cg_parent, name, O_RDONLY | O_CLOEXEC);
        if (cg->procs >= 0 && cg->stat >= 0) {
            cg->seq = seq;
            return 0;
        }
        if (cg->procs >= 0)
            close(cg->procs);
        if (cg->stat >= 0)
            close(cg->stat);
        cg_remove(seq);
    }
    if (cg->live >= 0)
        __atomic_store_n(&cg_live[cg->live], 0, __ATOMIC_SEQ_CST);
    *cg = (pz__cgroup){0, -1, -1, -1};
    __atomic_add_fetch(&cg_fallbacks, 1, __ATOMIC_SEQ_CST);
    return -1;
}

int pz__cg_join(pz__cgroup *cg, pid_t pid)
{
    char num[24];
    int len = snprintf(num, sizeof num, "%d", (int)pid);
    int joined = write(cg->procs, num, (size_t)len) == len;
    close(cg->procs);
    cg->procs = -1;
    if (!joined) {
        pz__cg_end(cg);
        __atomic_add_fetch(&cg_fallbacks, 1, __ATOMIC_SEQ_CST);
    }
    return joined;
}

double pz__cg_cpu(const pz__cgroup *cg)
{
    return cg_cpu(cg->stat);
}

void pz__cg_kill(const pz__cgroup *cg)
{
    cg_kill(cg->seq);
}

void pz__cg_end(pz__cgroup *cg)
{
    if (!cg->seq)
        return;
    if (cg->procs >= 0)
        close(cg->procs);
    if (cg->stat >= 0)
        close(cg->stat);
    cg_remove(cg->seq);
    __atomic_store_n(&cg_live[cg->live], 0, __ATOMIC_SEQ_CST);
    *cg = (pz__cgroup){0, -1, -1, -1};
}

void pz__cg_stop(void)
{
    struct timespec pause = {0, 1000000};
    __atomic_store_n(&cg_stopping, 1, __ATOMIC_SEQ_CST);
    /* A second at most: the handler may run on the thread in pz__cg_make. */
    for (int i = 0; i < 1000 && __atomic_load_n(&cg_making, __ATOMIC_SEQ_CST); i++)
        nanosleep(&pause, NULL);
}

void pz__cg_kill_all(void)
{
    for (int i = 0; i < MAX_LIVE; i++) {
        int seq = __atomic_load_n(&cg_live[i], __ATOMIC_SEQ_CST);
        if (seq > 0)
            cg_kill(seq);
    }
}

int pz__cg_remove_all(void)
{
    char name[64];
    int left = 0;
    for (int i = 0; i < MAX_LIVE; i++) {
        int seq = __atomic_load_n(&cg_live[i], __ATOMIC_SEQ_CST);
        if (seq <= 0)
            continue;
        cg_name(name, seq, "");
        if (unlinkat(cg_parent, name, AT_REMOVEDIR) && errno == EBUSY)
            left = 1;
    }
    return left;
}

const char *pz__cg_accounting(char *buf, size_t len)
{
    int fell = __atomic_load_n(&cg_fallbacks, __ATOMIC_SEQ_CST);
    if (cg_parent < 0)
        snprintf(buf, len, "the process tree's, polled from /proc (no cgroup: %s)",
                 cg_why ? cg_why : "not set up");
    else if (fell)
        snprintf(buf, len,
                 "each run's cgroup's, in %s (but %d run%s, whose cgroup could not be "
                 "made, the process tree's from /proc)",
                 cg_where, fell, fell > 1 ? "s" : "");
    else
        snprintf(buf, len, "each run's cgroup's, in %s", cg_where);
    return buf;
}
