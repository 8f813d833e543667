/* exec.c - one run of an external program under limits (see exec.h).
 *
 * Why each piece is there:
 * - fork and execv, no shell: the command was split into words once, so no
 *   character of it is special to anything but our own quoting rules.
 * - Between fork and execv the child makes only system calls (async-signal
 *   safe), since other threads may hold locks in the parent.
 * - The child leads its own process group, so one kill(-pid, SIGKILL) ends it
 *   and everything it forked; we are a child subreaper, so its orphans are
 *   handed to us and reaped by waitpid(-pid) rather than left as zombies.
 * - A pidfd tells us when the program itself ended even while a grandchild
 *   still holds its pipes open; its CPU clock lets us stop a busy loop at the
 *   time limit rather than at RLIMIT_CPU's whole seconds.
 * - A cgroup v2 of its own per run, where we may make one (under our own
 *   cgroup, found from /proc/self/cgroup and /proc/self/mountinfo, or under
 *   PZ_CGROUP): its cpu.stat counts every process the program made, also
 *   those that ended between two looks, left its group, or that nobody
 *   reaped; cgroup.kill ends them all at once, whatever session they are in.
 *   Without one (cgroup v1 only, no right to make one, PZ_CGROUP=none) the
 *   CPU of the process tree is polled from /proc, which misses processes
 *   that live and end between two polls once their parent is gone.
 * - setrlimit: RLIMIT_CPU (the limit rounded up, plus a second: a backstop),
 *   RLIMIT_AS (the memory limit), RLIMIT_FSIZE (files it writes, at the
 *   output cap) and RLIMIT_CORE 0.  Not RLIMIT_NPROC: it counts every process
 *   of the user, not of the run, and root ignores it; the group kill bounds a
 *   fork storm to the time limit.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/pidfd.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/magic.h>

#include "../util/util.h"
#include "exec.h"

enum { MAX_GROUPS = 256, TICK_MS = 10 };

int pz_split_command(const char *cmd, char ***argv, pz_error *e)
{
    size_t n = 0, len = strlen(cmd);
    char **v = calloc(len / 2 + 2, sizeof *v), *word = malloc(len + 1);
    const char *s = cmd;
    if (!v || !word)
        pz_fatal("out of memory");
    for (;;) {
        size_t w = 0;
        while (*s == ' ' || *s == '\t' || *s == '\n')
            s++;
        if (!*s)
            break;
        while (*s && *s != ' ' && *s != '\t' && *s != '\n') {
            if (*s == '\'') {
                const char *q = strchr(s + 1, '\'');
                if (!q) {
                    pz_fail(e, NULL, "--exec: expected a closing ' in: %s", cmd);
                    goto fail;
                }
                memcpy(word + w, s + 1, (size_t)(q - s - 1));
                w += (size_t)(q - s - 1);
                s = q + 1;
            } else if (*s == '"') {
                for (s++; *s && *s != '"'; s++) {
                    if (*s == '\\' && (s[1] == '"' || s[1] == '\\'))
                        s++;
                    word[w++] = *s;
                }
                if (!*s) {
                    pz_fail(e, NULL, "--exec: expected a closing \" in: %s", cmd);
                    goto fail;
                }
                s++;
            } else if (*s == '\\') {
                if (!s[1]) {
                    pz_fail(e, NULL, "--exec: expected a character after the last \\ in: %s", cmd);
                    goto fail;
                }
                word[w++] = s[1];
                s += 2;
            } else {
                word[w++] = *s++;
            }
        }
        if (!(v[n++] = strndup(word, w)))
            pz_fatal("out of memory");
    }
    free(word);
    if (!n) {
        free(v);
        return pz_fail(e, NULL, "--exec: expected a command, found nothing");
    }
    *argv = v;
    return 0;
fail:
    free(word);
    pz_free_words(v);
    return -1;
}

void pz_free_words(char **argv)
{
    for (char **p = argv; *p; p++)
        free(*p);
    free(argv);
}

static int runnable(const char *path)
{
    struct stat st;
    return !stat(path, &st) && S_ISREG(st.st_mode) && !access(path, X_OK);
}

int pz_find_program(const char *name, char *path, size_t len)
{
    const char *dirs = getenv("PATH");
    if (strchr(name, '/'))
        return snprintf(path, len, "%s", name) < (int)len && runnable(path) ? 0 : -1;
    for (const char *d = dirs ? dirs : "/usr/bin:/bin", *end;; d = end + 1) {
        int dlen = (int)((end = strchrnul(d, ':')) - d); /* empty: the current directory */
        if (snprintf(path, len, "%.*s%s%s", dlen, d, dlen ? "/" : "", name) < (int)len &&
            runnable(path))
            return 0;
        if (!*end)
            return -1;
    }
}

/* The groups running now, for the signal handler to kill. */
static int groups[MAX_GROUPS];

static int enlist(pid_t pid)
{
    for (int i = 0; i < MAX_GROUPS; i++) {
        int none = 0;
        if (__atomic_compare_exchange_n(&groups[i], &none, pid, 0, __ATOMIC_SEQ_CST,
                                        __ATOMIC_SEQ_CST))
            return i;
    }
    return -1;
}

/* The numbers in the file at path, up to max: system calls only, so the
 * signal handler may use it. */
static int read_pids(int dir, const char *path, pid_t *pids, int max)
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

/* "/proc/ID/task/TID/children" for id (0: self) into buf: no stdio. */
static void children_path(char *buf, pid_t id, const char *tid)
{
    char *p = buf;
    const char *parts[] = {"/proc/", "", "/task/", tid, "/children"};
    char num[24];
    int k = 0;
    if (id) {
        for (pid_t v = id; v; v /= 10)
            num[k++] = (char)('0' + v % 10);
        num[k] = 0;
        for (int i = 0; i < k / 2; i++) {
            char t = num[i];
            num[i] = num[k - 1 - i];
            num[k - 1 - i] = t;
        }
    }
    parts[1] = id ? num : "self";
    for (int i = 0; i < 5; i++)
        for (const char *q = parts[i]; *q; q++)
            *p++ = *q;
    *p = 0;
}

/* The children of process id (0: ourselves), of all its threads: system
 * calls only (getdents64, not opendir), for the signal handler. */
static int children_of(pid_t id, pid_t *pids, int max)
{
    char dir[48], path[96], buf[4096];
    int fd, n = 0;
    long len;
    children_path(dir, id, "");
    dir[strlen(dir) - strlen("/children")] = 0; /* "/proc/ID/task/" */
    if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
        return 0;
    while (n < max && (len = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0)
        for (long off = 0; off < len && n < max;) {
            struct dirent64 *d = (struct dirent64 *)(buf + off);
            off += d->d_reclen;
            if (d->d_name[0] == '.')
                continue;
            children_path(path, id, d->d_name);
            n += read_pids(AT_FDCWD, path, pids + n, max - n);
        }
    close(fd);
    return n;
}

/* Kills our children, their groups (a child that made a session of its own
 * leads a group that may hold more) and then, as each is reaped and its
 * children are handed to us (we are their subreaper), those: until none is
 * left.  System calls only.  Returns how many were reaped. */
static int kill_descendants(void)
{
    pid_t pids[256];
    int n, ended = 0;
    while (waitpid(-1, NULL, WNOHANG) > 0)
        ended++;
    for (int round = 0; round < 1000 && (n = children_of(0, pids, 256)) > 0; round++) {
        for (int i = 0; i < n; i++) {
            kill(-pids[i], SIGKILL);
            kill(pids[i], SIGKILL);
        }
        for (int i = 0; i < n; i++)
            if (waitpid(pids[i], NULL, 0) > 0)
                ended++;
    }
    return ended;
}

/* ---------------------------------------------------------------- cgroups */

/* The cgroup v2 directory each run's cgroup is made in (-1: none), what it
 * is, or why there is none; the runs' cgroups, puzzlebench-PID-SEQ, each
 * listed (by SEQ) before it is made and until it is removed, for the signal
 * handler to end and remove (0: a free place). */
static int cg_parent = -1;
static char *cg_where, *cg_why;
static int cg_seq, cg_fallbacks;
static int cg_live[MAX_GROUPS];
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
    for (int round = 0; round < 1000 && (n = read_pids(cg_parent, path, pids, 256)) > 0; round++)
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
static void cg_setup(void)
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

/* A cgroup for one run: its number, with its cgroup.procs (to move the
 * program in) and cpu.stat open, and its place in cg_live; 0 when none was
 * made (the run falls back to the process tree from /proc, and the report
 * says how many did). */
static int cg_make(int *procs, int *stat, int *live)
{
    char name[96];
    int seq;
    if (cg_parent < 0)
        return 0;
    __atomic_add_fetch(&cg_making, 1, __ATOMIC_SEQ_CST);
    if (__atomic_load_n(&cg_stopping, __ATOMIC_SEQ_CST)) {
        __atomic_sub_fetch(&cg_making, 1, __ATOMIC_SEQ_CST);
        return 0;
    }
    seq = __atomic_add_fetch(&cg_seq, 1, __ATOMIC_SEQ_CST);
    *live = -1;
    for (int i = 0; i < MAX_GROUPS && *live < 0; i++) {
        int none = 0;
        if (__atomic_compare_exchange_n(&cg_live[i], &none, seq, 0, __ATOMIC_SEQ_CST,
                                        __ATOMIC_SEQ_CST))
            *live = i;
    }
    cg_name(name, seq, "");
    int made = *live >= 0 && !mkdirat(cg_parent, name, 0755);
    __atomic_sub_fetch(&cg_making, 1, __ATOMIC_SEQ_CST);
    if (made) {
        cg_name(name, seq, "cgroup.procs");
        *procs = openat(cg_parent, name, O_WRONLY | O_CLOEXEC);
        cg_name(name, seq, "cpu.stat");
        *stat = openat(cg_parent, name, O_RDONLY | O_CLOEXEC);
        if (*procs >= 0 && *stat >= 0)
            return seq;
        if (*procs >= 0)
            close(*procs);
        if (*stat >= 0)
            close(*stat);
        cg_remove(seq);
    }
    if (*live >= 0)
        __atomic_store_n(&cg_live[*live], 0, __ATOMIC_SEQ_CST);
    __atomic_add_fetch(&cg_fallbacks, 1, __ATOMIC_SEQ_CST);
    return 0;
}

const char *pz_exec_accounting(char *buf, size_t len)
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

/* Every group we made, then every process left below us: a program's
 * children that started sessions of their own escape the group kill, and
 * would outlive us.  The other threads run on meanwhile: no new cgroup is
 * made once cg_stopping is set, but a thread may still move a program it
 * just forked into its cgroup after the kill, so the kill is repeated until
 * every cgroup is gone (5 seconds at most). */
static void on_signal(int sig)
{
    struct timespec pause = {0, 1000000};
    char name[64];
    __atomic_store_n(&cg_stopping, 1, __ATOMIC_SEQ_CST);
    /* A second at most: the handler may run on the thread in cg_make. */
    for (int i = 0; i < 1000 && __atomic_load_n(&cg_making, __ATOMIC_SEQ_CST); i++)
        nanosleep(&pause, NULL);
    for (int round = 0, left = 1; left && round < 5000; round++) {
        if (round)
            nanosleep(&pause, NULL);
        for (int i = 0; i < MAX_GROUPS; i++) {
            int g = __atomic_load_n(&groups[i], __ATOMIC_SEQ_CST);
            int seq = __atomic_load_n(&cg_live[i], __ATOMIC_SEQ_CST);
            if (seq > 0)
                cg_kill(seq);
            if (g > 0)
                kill(-g, SIGKILL);
        }
        kill_descendants();
        left = 0;
        for (int i = 0; i < MAX_GROUPS; i++) {
            int seq = __atomic_load_n(&cg_live[i], __ATOMIC_SEQ_CST);
            if (seq <= 0)
                continue;
            cg_name(name, seq, "");
            if (unlinkat(cg_parent, name, AT_REMOVEDIR) && errno == EBUSY)
                left = 1;
        }
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

void pz_exec_setup(void)
{
    struct sigaction sa = {.sa_handler = on_signal};
    cg_setup();
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT};
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    /* While the handler runs, a second signal waits: it must finish the kill. */
    for (int i = 0; i < 5; i++)
        sigaddset(&sa.sa_mask, sigs[i]);
    for (int i = 0; i < 5; i++)
        sigaction(sigs[i], &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}

int pz_end_strays(void)
{
    return kill_descendants();
}

/* The child, between fork and execv: system calls only. */
static _Noreturn void child(const char *path, char *const argv[], const struct rlimit *rl, int in,
                            int out, int err, int go)
{
    static const int resources[] = {RLIMIT_CPU, RLIMIT_AS, RLIMIT_FSIZE, RLIMIT_CORE};
    static const int defaults[] = {SIGPIPE, SIGINT, SIGTERM, SIGHUP};
    struct sigaction dfl = {.sa_handler = SIG_DFL};
    sigset_t none;
    char byte;
    /* Not a step before the parent has moved us into the run's cgroup, or
     * failed to: a byte on go either way. */
    while (go >= 0 && read(go, &byte, 1) < 0 && errno == EINTR)
        ;
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0)
        _exit(127);
    close_range(3, ~0u, 0);
    for (int i = 0; i < 4; i++)
        sigaction(defaults[i], &dfl, NULL);
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    for (int i = 0; i < 4; i++)
        if (rl[i].rlim_cur != RLIM_INFINITY && setrlimit(resources[i], &rl[i]))
            _exit(127);
    execv(path, argv);
    _exit(127);
}

/* The CPU time of a run's whole process tree, polled from /proc: a child
 * that burns CPU while its parent never reaps it is in no rusage of ours or
 * the program's.  Every process seen below the program is remembered (pid and
 * start time, so a reused pid is not counted), also after it leaves the group
 * or is handed to us; its time is utime + stime + the time of the children it
 * reaped (cutime + cstime), so a process reaped within the tree is counted
 * once, by its parent. */
enum { TREE_MAX = 1024 };

typedef struct tree {
    pid_t pid[TREE_MAX];
    unsigned long long start[TREE_MAX];
    int n;
    double cpu_s; /* the most seen */
} tree;

/* /proc/PID/stat: start time and CPU ticks (own and reaped children's); 0 ok. */
static int proc_stat(pid_t pid, unsigned long long *start, unsigned long long *ticks)
{
    char path[48], buf[1024], *p;
    unsigned long long ut, st, cut, cst;
    int fd, n;
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
        return -1;
    n = (int)read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return -1;
    buf[n] = 0;
    /* After the name in parentheses (which may hold anything): state is
     * field 3; utime, stime, cutime, cstime are 14-17; starttime is 22. */
    if (!(p = strrchr(buf, ')')) ||
        sscanf(p + 2,
               "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu %*d %*d %*d "
               "%*d %llu",
               &ut, &st, &cut, &cst, start) != 5)
        return -1;
    *ticks = ut + st + cut + cst;
    return 0;
}

static void tree_add(tree *t, pid_t pid)
{
    unsigned long long start, ticks;
    for (int i = 0; i < t->n; i++)
        if (t->pid[i] == pid)
            return;
    if (t->n < TREE_MAX && !proc_stat(pid, &start, &ticks)) {
        t->pid[t->n] = pid;
        t->start[t->n++] = start;
    }
}

/* The tree's CPU seconds now (never less than before). */
static double tree_cpu(tree *t)
{
    static long hz;
    unsigned long long sum = 0, start, ticks;
    pid_t kids[256];
    if (!hz)
        hz = sysconf(_SC_CLK_TCK);
    for (int i = 0; i < t->n; i++) { /* t->n grows as children are found */
        if (proc_stat(t->pid[i], &start, &ticks) || start != t->start[i])
            continue; /* gone: its time is in its parent's cutime */
        sum += ticks;
        int n = children_of(t->pid[i], kids, 256);
        for (int k = 0; k < n; k++)
            tree_add(t, kids[k]);
    }
    if ((double)sum / (double)hz > t->cpu_s)
        t->cpu_s = (double)sum / (double)hz;
    return t->cpu_s;
}

/* One of the program's output pipes: the first `keep` bytes kept, all counted. */
typedef struct sink {
    int fd;
    char *buf;
    size_t len, cap, keep, total;
    int grows; /* buf may be realloc'd up to keep */
} sink;

/* Reads what the pipe holds now: 1 while it is open, 0 at its end. */
static int pull(sink *k, size_t limit)
{
    char scrap[1 << 14];
    while (k->total <= limit) {
        ssize_t n;
        int into_buf = k->len < k->keep;
        if (into_buf && k->len == k->cap && k->grows) {
            k->cap = k->cap ? 2 * k->cap : 1 << 16;
            if (k->cap > k->keep)
                k->cap = k->keep;
            if (!(k->buf = realloc(k->buf, k->cap + 1)))
                pz_fatal("out of memory");
        }
        into_buf = k->len < k->cap;
        n = into_buf ? read(k->fd, k->buf + k->len, k->cap - k->len)
                     : read(k->fd, scrap, sizeof scrap);
        if (n > 0) {
            k->len += into_buf ? (size_t)n : 0;
            k->total += (size_t)n;
        } else if (n == 0 || errno != EINTR) {
            return n < 0 && errno == EAGAIN;
        }
    }
    return 1;
}

static void say(pz_proc *run, pz_outcome o, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void say(pz_proc *run, pz_outcome o, const char *fmt, ...)
{
    va_list ap;
    run->outcome = o;
    va_start(ap, fmt);
    vsnprintf(run->why, sizeof run->why, fmt, ap);
    va_end(ap);
}

void pz_proc_run(const char *path, char *const argv[], const pz_proc_limits *lim, const char *in,
                 size_t inlen, pz_proc *run)
{
    int pin[2], pout[2], perr[2], pidfd, slot, status = 0;
    int exited = 0, timed_out = 0, cpu_out = 0, ole = 0;
    size_t written = 0;
    rlim_t cpu = (rlim_t)(lim->time_ms + 999) / 1000 + 1;
    struct rlimit rl[4] = {
        {cpu, cpu + 1},
        {RLIM_INFINITY, RLIM_INFINITY},
        {lim->output_cap, lim->output_cap},
        {0, 0},
    };
    sink out = {.buf = run->out, .cap = run->cap, .keep = lim->output_cap + 1, .grows = 1};
    sink err = {.buf = run->err, .cap = sizeof run->err - 1, .keep = sizeof run->err - 1};
    struct rusage ru;
    clockid_t clock;
    double start, deadline;
    if (lim->memory_mb > 0)
        rl[1].rlim_cur = rl[1].rlim_max = (rlim_t)lim->memory_mb << 20;
    int cgprocs = -1, cgstat = -1, go[2] = {-1, -1}, live = -1;
    int seq = cg_make(&cgprocs, &cgstat, &live);
    if (pipe2(pin, O_CLOEXEC) || pipe2(pout, O_CLOEXEC) || pipe2(perr, O_CLOEXEC) ||
        (seq && pipe2(go, O_CLOEXEC)))
        pz_fatal("cannot make a pipe: %s", strerror(errno));
    start = pz_now();
    deadline = start + (double)lim->wall_ms / 1000;
    pid_t pid = fork();
    if (pid < 0)
        pz_fatal("cannot fork: %s", strerror(errno));
    if (pid == 0)
        child(path, argv, rl, pin[0], pout[1], perr[1], go[0]);
    setpgid(pid, pid); /* as the child does: whichever runs first */
    slot = enlist(pid);
    if (seq) { /* the child waits for this: into its cgroup, then a byte on go */
        char num[24];
        int len = snprintf(num, sizeof num, "%d", (int)pid);
        if (write(cgprocs, num, (size_t)len) != len) {
            close(cgstat);
            cgstat = -1;
            cg_remove(seq);
            __atomic_store_n(&cg_live[live], 0, __ATOMIC_SEQ_CST);
            seq = 0;
            __atomic_add_fetch(&cg_fallbacks, 1, __ATOMIC_SEQ_CST);
        }
        close(cgprocs);
        if (write(go[1], "", 1) != 1)
            pz_fatal("cannot start the program: %s", strerror(errno));
        close(go[0]);
        close(go[1]);
    }
    close(pin[0]);
    close(pout[1]);
    close(perr[1]);
    out.fd = pout[0];
    err.fd = perr[0];
    fcntl(pin[1], F_SETFL, O_NONBLOCK);
    fcntl(out.fd, F_SETFL, O_NONBLOCK);
    fcntl(err.fd, F_SETFL, O_NONBLOCK);
    pidfd = pidfd_open(pid, 0);
    int has_clock = !clock_getcpuclockid(pid, &clock); /* CPU clock ids are negative */
    tree *tr = pz_xcalloc(1, sizeof *tr);
    if (!seq)
        tree_add(tr, pid);
    int infd = pin[1];
    if (!inlen) {
        close(infd);
        infd = -1;
    }
    while (!exited && !ole) {
        struct pollfd fds[4];
        int nf = 0, iin = -1, iout = -1, ierr = -1, ipid = -1;
        struct timespec used;
        siginfo_t si = {0};
        double left = deadline - pz_now();
        if (left <= 0) {
            timed_out = 1;
            break;
        }
        if (infd >= 0)
            fds[iin = nf++] = (struct pollfd){infd, POLLOUT, 0};
        if (out.fd >= 0)
            fds[iout = nf++] = (struct pollfd){out.fd, POLLIN, 0};
        if (err.fd >= 0)
            fds[ierr = nf++] = (struct pollfd){err.fd, POLLIN, 0};
        if (pidfd >= 0)
            fds[ipid = nf++] = (struct pollfd){pidfd, POLLIN, 0};
        int ms = (int)(left * 1000) + 1;
        if (poll(fds, (nfds_t)nf, ms < TICK_MS ? ms : TICK_MS) < 0 && errno != EINTR)
            pz_fatal("poll: %s", strerror(errno));
        if (iin >= 0 && fds[iin].revents) {
            ssize_t n = write(infd, in + written, inlen - written);
            if (n > 0)
                written += (size_t)n;
            if (written == inlen || (n < 0 && errno != EAGAIN && errno != EINTR)) {
                close(infd); /* done, or the program closed its stdin */
                infd = -1;
            }
        }
        if (iout >= 0 && fds[iout].revents && !pull(&out, lim->output_cap)) {
            close(out.fd);
            out.fd = -1;
        }
        if (ierr >= 0 && fds[ierr].revents && !pull(&err, lim->output_cap)) {
            close(err.fd);
            err.fd = -1;
        }
        ole = out.total > lim->output_cap || err.total > lim->output_cap;
        if (ipid >= 0 && fds[ipid].revents)
            exited = 1;
        else if (pidfd < 0 && !waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) &&
                 si.si_pid == pid)
            exited = 1;
        if (!exited && has_clock && !clock_gettime(clock, &used) &&
            (double)used.tv_sec * 1000 + (double)used.tv_nsec * 1e-6 > (double)lim->time_ms) {
            cpu_out = 1;
            break;
        }
        if (!exited && (seq ? cg_cpu(cgstat) : tree_cpu(tr)) * 1000 > (double)lim->time_ms) {
            cpu_out = 1;
            break;
        }
    }
    if (!seq)
        tree_cpu(tr); /* what the tree used, before the kill: children may still run */
    /* What it wrote before it ended is in the pipes now; a grandchild may
     * still hold them open, so take what is there and stop. */
    if (exited && !ole) {
        if (out.fd >= 0)
            pull(&out, lim->output_cap);
        if (err.fd >= 0)
            pull(&err, lim->output_cap);
        ole = out.total > lim->output_cap || err.total > lim->output_cap;
    }
    if (seq)
        cg_kill(seq);    /* all the program made, in whatever group or session */
    kill(-pid, SIGKILL); /* the program if it still runs, and all it left behind */
    while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR)
        ;
    while (waitpid(-pid, NULL, 0) > 0 || errno == EINTR)
        ;
    if (seq) {
        /* All of it has ended: cpu.stat holds what it used, to the end. */
        if (cg_cpu(cgstat) > tr->cpu_s)
            tr->cpu_s = cg_cpu(cgstat);
        close(cgstat);
        cg_remove(seq);
        __atomic_store_n(&cg_live[live], 0, __ATOMIC_SEQ_CST);
    }
    if (slot >= 0)
        __atomic_store_n(&groups[slot], 0, __ATOMIC_SEQ_CST);
    int fds[] = {infd, out.fd, err.fd, pidfd};
    for (int i = 0; i < 4; i++)
        if (fds[i] >= 0)
            close(fds[i]);

    run->out = out.buf;
    run->cap = out.cap;
    run->len = out.len < lim->output_cap ? out.len : lim->output_cap;
    if (run->out)
        run->out[run->len] = 0;
    run->err[err.len] = 0;
    run->wall_s = pz_now() - start;
    run->cpu_s = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                 (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
    if (tr->cpu_s > run->cpu_s)
        run->cpu_s = tr->cpu_s;
    free(tr);
    run->maxrss_kb = ru.ru_maxrss;
    run->why[0] = 0;
    int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    int failed = sig || WEXITSTATUS(status);
    if (ole)
        say(run, PZ_OLE, "more than %zu bytes on %s (killed)", lim->output_cap,
            out.total > lim->output_cap ? "stdout" : "stderr");
    else if (sig == SIGXFSZ)
        say(run, PZ_OLE, "a file grew past %zu bytes (SIGXFSZ)", lim->output_cap);
    else if (cpu_out || sig == SIGXCPU || run->cpu_s * 1000 > (double)lim->time_ms)
        say(run, PZ_TLE, "CPU time %.3f s, limit %.3f s%s", run->cpu_s, (double)lim->time_ms / 1000,
            cpu_out || sig ? " (killed)" : "");
    else if (timed_out)
        say(run, PZ_TLE, "wall clock %.3f s, limit %.3f s (killed; CPU time %.3f s)", run->wall_s,
            (double)lim->wall_ms / 1000, run->cpu_s);
    else if (failed && lim->memory_mb > 0 && run->maxrss_kb >= lim->memory_mb * 1024 / 2)
        say(run, PZ_MLE, "peak memory %ld MiB of the %ld MiB limit, then %s %d",
            run->maxrss_kb / 1024, lim->memory_mb, sig ? "signal" : "exit status",
            sig ? sig : WEXITSTATUS(status));
    else if (sig)
        say(run, PZ_RE, "killed by signal %d (%s)", sig, sigdescr_np(sig));
    else if (failed)
        say(run, PZ_RE, "exit status %d%s", WEXITSTATUS(status),
            WEXITSTATUS(status) == 127 ? " (the program could not be run?)" : "");
    else
        run->outcome = PZ_AC;
}

void pz_proc_free(pz_proc *run)
{
    free(run->out);
    run->out = NULL;
    run->cap = 0;
}
