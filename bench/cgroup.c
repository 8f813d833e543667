/* cgroup.c - a cgroup v2 of its own for each run (see cgroup.h).
 *
 * Where we may make one (under our own cgroup, found from /proc/self/cgroup
 * and /proc/self/mountinfo, or under PZ_CGROUP), each run gets one: its
 * cpu.stat counts every process the program made, also those that ended
 * between two looks, left its group, or that nobody reaped; cgroup.kill
 * ends them all at once, whatever session they are in.  The memory and pids
 * controllers limit the run as a whole (memory.max with memory.swap.max 0,
 * pids.max; MLE from memory.events): in that cgroup v2 where its
 * cgroup.controllers lists them and they can be enabled in its
 * cgroup.subtree_control (the root, or a cgroup that holds no process, as
 * PZ_CGROUP may name), else in cgroup v1 hierarchies of them, as a hybrid
 * system has (memory.limit_in_bytes and memory.memsw.limit_in_bytes,
 * memory.failcnt and oom_control).  A stress killed with SIGKILL cannot
 * remove its runs' cgroups: the next one ends those whose PID is gone.
 */
#define _GNU_SOURCE
#include <dirent.h>
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

/* Where each run's cgroup is made: place 0 is the cgroup v2 directory
 * (cg_parent, -1: none; what it is, or why there is none), which counts CPU
 * time and kills; the memory and pids controllers are there too where they
 * can be enabled, else in cgroup v1 hierarchies of their own (places 1 and
 * 2), else nowhere (cg_nolimit says why).  The runs' cgroups,
 * puzzlebench-PID-SEQ in every place, are each listed (by SEQ) before they
 * are made and until they are removed, for the signal handler to end and
 * remove (0: a free place). */
enum { CTL_MEMORY = 1, CTL_PIDS = 2, PLACES = 3 };
typedef struct place {
    int fd;       /* the directory; -1: none */
    int v1;       /* a cgroup v1 hierarchy: no cgroup.kill, other file names */
    unsigned ctl; /* the controllers it limits the run with */
    char *where;
} place;
static place places[PLACES] = {{-1, 0, 0, NULL}, {-1, 1, 0, NULL}, {-1, 1, 0, NULL}};
#define cg_parent (places[0].fd)
#define cg_where (places[0].where)
static char *cg_why, *cg_nolimit;
static int cg_seq, cg_fallbacks, cg_unlimited;
static int cg_live[MAX_LIVE];
/* The signal handler sets cg_stopping, then waits while cg_making says a
 * thread is between its check of cg_stopping and the end of its mkdir: so a
 * cgroup is either never made or made before the handler removes them all. */
static int cg_stopping, cg_making;

/* "puzzlebench-PID-SEQ/" and file (may be "") into buf: system calls only. */
static void cg_name_of(char *buf, long pid, int seq, const char *file)
{
    char *p = buf, num[24];
    const char *parts[] = {"puzzlebench-", "", "-", "", file[0] ? "/" : "", file};
    long vals[] = {pid, seq};
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

static void cg_name(char *buf, int seq, const char *file)
{
    cg_name_of(buf, getpid(), seq, file);
}

/* Kills every process in the cgroup name/ of a place: cgroup.kill (Linux
 * 5.14) on cgroup v2, else each pid in cgroup.procs until none is left.
 * System calls only. */
static void kill_in(const place *pl, const char *name)
{
    char path[128];
    pid_t pids[256];
    int fd, n, len = (int)strlen(name);
    memcpy(path, name, (size_t)len);
    if (!pl->v1) {
        memcpy(path + len, "/cgroup.kill", sizeof "/cgroup.kill");
        if ((fd = openat(pl->fd, path, O_WRONLY | O_CLOEXEC)) >= 0) {
            int done = write(fd, "1", 1) == 1;
            close(fd);
            if (done)
                return;
        }
    }
    memcpy(path + len, "/cgroup.procs", sizeof "/cgroup.procs");
    for (int round = 0; round < 1000 && (n = pz__read_pids(pl->fd, path, pids, 256)) > 0; round++)
        for (int i = 0; i < n; i++)
            kill(pids[i], SIGKILL);
}

/* Removes the cgroup name/ in every place once its killed processes have
 * left it (a zombie no longer holds it): up to about 5 seconds on a loaded
 * machine.  While one is busy, whatever is in it is killed again every
 * 10 ms: a process forked while cgroup.kill ran can escape it (seen on Linux
 * 6.18 in about one of 3000 runs of tests/progs' swarm: a grandchild spun
 * on, and its cgroup was left behind).  System calls only. */
static int remove_named(const char *name)
{
    struct timespec pause = {0, 1000000};
    int failed = 0;
    for (int k = 0; k < PLACES; k++) {
        int i = 0;
        if (places[k].fd < 0)
            continue;
        for (; i < 5000; i++) {
            if (!unlinkat(places[k].fd, name, AT_REMOVEDIR) || errno == ENOENT)
                break;
            if (errno != EBUSY) {
                i = 5000;
                break;
            }
            if (i % 10 == 9)
                for (int m = 0; m < PLACES; m++)
                    if (places[m].fd >= 0)
                        kill_in(&places[m], name);
            nanosleep(&pause, NULL);
        }
        failed |= i == 5000;
    }
    return failed ? -1 : 0;
}

/* Kills every process in the run's cgroups.  System calls only. */
static void cg_kill(int seq)
{
    char name[64];
    cg_name(name, seq, "");
    for (int k = 0; k < PLACES; k++)
        if (places[k].fd >= 0)
            kill_in(&places[k], name);
}

static int cg_remove(int seq)
{
    char name[64];
    cg_name(name, seq, "");
    return remove_named(name);
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

/* Whether the comma-separated list holds word. */
static int listed(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; (p = strstr(p, word)); p += n)
        if ((p == list || p[-1] == ',') && (!p[n] || p[n] == ','))
            return 1;
    return 0;
}

/* Our own cgroup directory: in cgroup v2 (ctl NULL), from the "0::PATH" line
 * of /proc/self/cgroup, or in the cgroup v1 hierarchy of the controller ctl,
 * from its "N:...,ctl,...:PATH" line; under the mount that holds it.  NULL
 * with *why set when there is none. */
static char *own_dir(const char *ctl, char **why)
{
    FILE *f = fopen("/proc/self/cgroup", "re");
    char *line = NULL, *path = NULL, *dir = NULL;
    size_t cap = 0;
    *why = NULL;
    if (!f) {
        if (asprintf(why, "cannot read /proc/self/cgroup: %s", strerror(errno)) < 0)
            pz_fatal("out of memory");
        return NULL;
    }
    while (!path && getline(&line, &cap, f) > 0) {
        char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
        line[strcspn(line, "\n")] = 0;
        if (!c2)
            continue;
        *c2 = 0;
        if (ctl ? listed(c1 + 1, ctl) : !strncmp(line, "0:", 2) && !c1[1])
            path = pz_xstrndup(c2 + 1, strlen(c2 + 1));
    }
    fclose(f);
    if (!path) {
        free(line);
        if ((ctl ? asprintf(why, "no cgroup v1 hierarchy of %s", ctl)
                 : asprintf(why, "no cgroup v2 hierarchy (only v1: no \"0::\" line in "
                                 "/proc/self/cgroup)")) < 0)
            pz_fatal("out of memory");
        return NULL;
    }
    /* mountinfo: ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS... - TYPE SOURCE SUPER */
    if (!(f = fopen("/proc/self/mountinfo", "re"))) {
        if (asprintf(why, "cannot read /proc/self/mountinfo: %s", strerror(errno)) < 0)
            pz_fatal("out of memory");
        free(line);
        free(path);
        return NULL;
    }
    while (!dir && getline(&line, &cap, f) > 0) {
        char *save = NULL, *field[5] = {0}, *dash = strstr(line, " - ");
        if (!dash || strncmp(dash + 3, ctl ? "cgroup " : "cgroup2 ", ctl ? 7 : 8))
            continue;
        if (ctl) { /* the super options, after the source, name the controllers */
            char *super = strchr(dash + 10, ' ');
            if (!super || !listed(strtok_r(super + 1, " \n", &save), ctl))
                continue;
        }
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
    if (!dir && asprintf(why, "no cgroup%s mount holds our cgroup %s (see /proc/self/mountinfo)",
                         ctl ? "" : "2", path) < 0)
        pz_fatal("out of memory");
    free(path);
    return dir;
}

/* Writes text to the file at path under dir: 0, or -1 with errno. */
static int put(int dir, const char *path, const char *text)
{
    int fd = openat(dir, path, O_WRONLY | O_CLOEXEC), done;
    if (fd < 0)
        return -1;
    done = write(fd, text, strlen(text)) == (ssize_t)strlen(text);
    int saved = errno;
    close(fd);
    errno = saved;
    return done ? 0 : -1;
}

/* The number after "key " in the small file at path under dir (key NULL: the
 * file's first number); 0 when there is none. */
static long long count_in(int dir, const char *path, const char *key)
{
    char buf[1024];
    int fd = openat(dir, path, O_RDONLY | O_CLOEXEC);
    ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof buf - 1);
    const char *p = buf;
    if (fd >= 0)
        close(fd);
    if (n <= 0)
        return 0;
    buf[n] = 0;
    if (key) {
        size_t k = strlen(key);
        for (p = buf; (p = strstr(p, key)); p += k)
            if ((p == buf || p[-1] == '\n') && p[k] == ' ')
                break;
        if (!p)
            return 0;
        p += k;
    }
    return strtoll(p, NULL, 10);
}

/* Ends the runs' cgroups that a stress run left behind in a place when it
 * was killed (SIGKILL): puzzlebench-PID-SEQ whose PID is no process; their
 * processes are killed and the cgroups removed.  Returns how many. */
static int end_stale(int k)
{
    int dup = fcntl(places[k].fd, F_DUPFD_CLOEXEC, 0), ended = 0;
    DIR *d = dup >= 0 ? fdopendir(dup) : NULL;
    struct dirent *e;
    if (!d) {
        if (dup >= 0)
            close(dup);
        return 0;
    }
    while ((e = readdir(d))) {
        long pid;
        int seq, at = 0;
        if (sscanf(e->d_name, "puzzlebench-%ld-%d%n", &pid, &seq, &at) != 2 || e->d_name[at] ||
            pid == getpid() || kill((pid_t)pid, 0) == 0 || errno == EPERM)
            continue; /* not a run's cgroup, or its stress still runs */
        kill_in(&places[k], e->d_name);
        for (int m = 0; m < PLACES; m++)
            if (m != k && places[m].fd >= 0)
                kill_in(&places[m], e->d_name);
        ended += !remove_named(e->d_name);
    }
    closedir(d);
    return ended;
}

/* The controllers of our cgroup v2 directory that its runs' cgroups may
 * have: those it lists that can be enabled in its cgroup.subtree_control
 * (not where it holds processes of its own, as our own cgroup does, unless
 * it is the root). */
static unsigned v2_controllers(void)
{
    static const char *names[] = {"memory", "pids"};
    char buf[512];
    unsigned ctl = 0;
    int fd = openat(cg_parent, "cgroup.controllers", O_RDONLY | O_CLOEXEC);
    ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof buf - 1);
    if (fd >= 0)
        close(fd);
    buf[n > 0 ? n : 0] = 0;
    for (int i = 0; i < 2; i++) {
        char plus[16], *w;
        snprintf(plus, sizeof plus, "+%s", names[i]);
        for (w = buf; (w = strstr(w, names[i])); w++)
            if ((w == buf || w[-1] == ' ') &&
                (!w[strlen(names[i])] || strchr(" \n", w[strlen(names[i])])))
                break;
        if (w && !put(cg_parent, "cgroup.subtree_control", plus))
            ctl |= i ? CTL_PIDS : CTL_MEMORY;
    }
    return ctl;
}

/* The memory and pids controllers for the runs: in cgroup v2 where they can
 * be, else in our own cgroup v1 hierarchies of them; a cgroup made there and
 * removed proves each.  cg_nolimit says what is missing, and why. */
static void limits_setup(void)
{
    static const char *names[] = {"memory", "pids"};
    char probe[64], *why[2] = {NULL, NULL};
    places[0].ctl = v2_controllers();
    cg_name(probe, 0, "");
    for (int i = 0; i < 2; i++) {
        place *pl = &places[1 + i];
        unsigned bit = i ? CTL_PIDS : CTL_MEMORY;
        char *dir;
        if (places[0].ctl & bit)
            continue;
        if (!(dir = own_dir(names[i], &why[i])))
            continue;
        if ((pl->fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0 ||
            (mkdirat(pl->fd, probe, 0755) && errno != EEXIST) ||
            unlinkat(pl->fd, probe, AT_REMOVEDIR)) {
            if (asprintf(&why[i], "cannot make a cgroup in %s: %s", dir, strerror(errno)) < 0)
                pz_fatal("out of memory");
            if (pl->fd >= 0)
                close(pl->fd);
            pl->fd = -1;
            free(dir);
            continue;
        }
        pl->ctl = bit;
        pl->where = dir;
    }
    if ((why[0] || why[1]) &&
        asprintf(&cg_nolimit, "%s%s%s%s%s%s%s", why[0] ? "no memory cgroup (" : "",
                 why[0] ? why[0] : "", why[0] ? ")" : "", why[0] && why[1] ? ", " : "",
                 why[1] ? "no pids cgroup (" : "", why[1] ? why[1] : "", why[1] ? ")" : "") < 0)
        pz_fatal("out of memory");
    free(why[0]);
    free(why[1]);
}

/* Where runs get cgroups of their own: PZ_CGROUP (a cgroup v2 directory, or
 * "none"), else our own cgroup; a cgroup made and removed there proves it.
 * Then the controllers that limit a run, and the end of what earlier stress
 * runs left there when they were killed. */
void pz__cg_setup(void)
{
    const char *env = getenv("PZ_CGROUP");
    char *dir, probe[64];
    struct statfs fs;
    int stale = 0;
    if (env && !strcmp(env, "none")) {
        cg_none("PZ_CGROUP=none");
        return;
    }
    if (env && *env)
        dir = pz_xstrndup(env, strlen(env));
    else if (!(dir = own_dir(NULL, &cg_why)))
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
    if (cg_parent < 0)
        return;
    limits_setup();
    for (int k = 0; k < PLACES; k++)
        if (places[k].fd >= 0)
            stale += end_stale(k);
    if (stale)
        fprintf(stderr,
                "puzzlebench: ended %d cgroup%s left by stress runs that were killed "
                "(puzzlebench-PID-*, in %s), and what ran in them\n",
                stale, stale > 1 ? "s" : "", cg_where);
}

/* Sets the run's limits in its new cgroup in place pl: 0, or -1. */
static int set_limits(const place *pl, int seq, const pz__cg_limits *lim)
{
    char path[96], num[32];
    if ((pl->ctl & CTL_MEMORY) && lim->memory_bytes > 0) {
        snprintf(num, sizeof num, "%lld", lim->memory_bytes);
        cg_name(path, seq, pl->v1 ? "memory.limit_in_bytes" : "memory.max");
        if (put(pl->fd, path, num))
            return -1;
        /* no swap: memory.swap.max 0 (v2), memory+swap at the limit (v1) */
        cg_name(path, seq, pl->v1 ? "memory.memsw.limit_in_bytes" : "memory.swap.max");
        if (put(pl->fd, path, pl->v1 ? num : "0") && errno != ENOENT)
            return -1;
    }
    if ((pl->ctl & CTL_PIDS) && lim->tasks > 0) {
        snprintf(num, sizeof num, "%d", lim->tasks);
        cg_name(path, seq, "pids.max");
        if (put(pl->fd, path, num))
            return -1;
    }
    return 0;
}

int pz__cg_make(pz__cgroup *cg, const pz__cg_limits *lim)
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
    int made = cg->live >= 0;
    for (int k = 0; made && k < PLACES; k++)
        if (places[k].fd >= 0)
            made = !mkdirat(places[k].fd, name, 0755);
    __atomic_sub_fetch(&cg_making, 1, __ATOMIC_SEQ_CST);
    for (int k = 0; made && k < PLACES; k++)
        if (places[k].fd >= 0)
            made = !set_limits(&places[k], seq, lim);
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
    }
    if (cg->live >= 0)
        cg_remove(seq);
    if (cg->live >= 0)
        __atomic_store_n(&cg_live[cg->live], 0, __ATOMIC_SEQ_CST);
    *cg = (pz__cgroup){0, -1, -1, -1};
    __atomic_add_fetch(&cg_fallbacks, 1, __ATOMIC_SEQ_CST);
    return -1;
}

int pz__cg_join(pz__cgroup *cg, pid_t pid)
{
    char num[24], path[96];
    int len = snprintf(num, sizeof num, "%d", (int)pid);
    int joined = write(cg->procs, num, (size_t)len) == len;
    close(cg->procs);
    cg->procs = -1;
    /* Then the v1 hierarchies of memory and pids, before the program runs
     * (it waits for the parent's word): where one fails, the run goes on
     * without that limit (and the report counts it), since the program is
     * in the v2 cgroup already. */
    cg_name(path, cg->seq, "cgroup.procs");
    for (int k = 1; joined && k < PLACES; k++)
        if (places[k].fd >= 0 && put(places[k].fd, path, num)) {
            __atomic_add_fetch(&cg_unlimited, 1, __ATOMIC_SEQ_CST);
            break;
        }
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

int pz__cg_memory_hits(const pz__cgroup *cg, long long *oom_kills)
{
    char path[96];
    *oom_kills = 0;
    for (int k = 0; k < PLACES; k++) {
        const place *pl = &places[k];
        if (pl->fd < 0 || !(pl->ctl & CTL_MEMORY))
            continue;
        cg_name(path, cg->seq, pl->v1 ? "memory.oom_control" : "memory.events");
        *oom_kills = count_in(pl->fd, path, "oom_kill");
        if (pl->v1) {
            cg_name(path, cg->seq, "memory.failcnt");
            return *oom_kills > 0 || count_in(pl->fd, path, NULL) > 0;
        }
        return *oom_kills > 0 || count_in(pl->fd, path, "max") > 0;
    }
    return 0;
}

long long pz__cg_memory_peak(const pz__cgroup *cg)
{
    char path[96];
    for (int k = 0; k < PLACES; k++) {
        const place *pl = &places[k];
        if (pl->fd < 0 || !(pl->ctl & CTL_MEMORY))
            continue;
        cg_name(path, cg->seq, pl->v1 ? "memory.max_usage_in_bytes" : "memory.peak");
        return count_in(pl->fd, path, NULL);
    }
    return 0;
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
        for (int k = 0; k < PLACES; k++)
            if (places[k].fd >= 0 && unlinkat(places[k].fd, name, AT_REMOVEDIR) && errno == EBUSY)
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

const char *pz__cg_limiting(char *buf, size_t len, int *whole)
{
    static const char *files[2][2] = {{"memory.max", "pids.max"},
                                      {"memory.limit_in_bytes", "pids.max (v1)"}};
    size_t n = 0;
    buf[0] = 0;
    *whole = cg_parent >= 0 && !cg_nolimit;
    if (cg_parent < 0) {
        snprintf(buf, len, "per process only (no cgroup: %s)", cg_why ? cg_why : "not set up");
        return buf;
    }
    for (int k = 0; k < PLACES; k++)
        for (int c = 0; c < 2; c++)
            if (places[k].fd >= 0 && (places[k].ctl & (c ? CTL_PIDS : CTL_MEMORY)) && n < len)
                n += (size_t)snprintf(buf + n, len - n, "%s%s in %s", n ? ", " : "",
                                      files[places[k].v1][c], places[k].where);
    int fell = __atomic_load_n(&cg_unlimited, __ATOMIC_SEQ_CST);
    if (cg_nolimit && n < len)
        n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? "; " : "", cg_nolimit);
    if (fell && n < len)
        snprintf(buf + n, len - n, " (but not for %d run%s, which could not join them)", fell,
                 fell > 1 ? "s" : "");
    return buf;
}
