/* exec.c - one run of an external program under limits (see exec.h).
 *
 * Why each piece is there:
 * - fork and execv, no shell: the command was split into words once, so no
 *   character of it is special to anything but our own quoting rules.
 * - Between fork and execv the child makes only system calls (async-signal
 *   safe), since other threads may hold locks in the parent.
 * - The child leads its own session (and so group), so one kill(-pid,
 *   SIGKILL) ends it and everything it forked that stayed there; we are a
 *   child subreaper, so its orphans are handed to us and reaped rather than
 *   left as zombies, and a daemon it starts (double fork, setsid) stays below
 *   us, to be killed with its run's cgroup or at the end.
 * - As root, the child becomes an unprivileged user (nobody, or --run-as)
 *   once it is in its cgroups, with no new privileges: it can then neither
 *   write the cgroup files (to leave its cgroup) nor signal us.
 * - A pidfd tells us when the program itself ended even while a grandchild
 *   still holds its pipes open; its CPU clock lets us stop a busy loop at the
 *   time limit rather than at RLIMIT_CPU's whole seconds.
 * - A cgroup v2 of its own per run, where we may make one (bench/cgroup.c):
 *   its cpu.stat counts every process the program made, also those that
 *   ended between two looks, left its group, or that nobody reaped;
 *   cgroup.kill ends them all at once, whatever session they are in; the
 *   memory and pids controllers (in it, or in v1 hierarchies) limit the run
 *   as a whole.  Without one (cgroup v1 only, no right to make one,
 *   PZ_CGROUP=none) the CPU of the process tree is polled from /proc, which
 *   misses processes that live and end between two polls once their parent
 *   is gone, and at its end every process of the run's session and of the
 *   tree seen is killed.
 * - setrlimit: RLIMIT_CPU (the limit rounded up, plus a second: a backstop),
 *   RLIMIT_AS (the memory limit, per process: the fallback where no memory
 *   cgroup can be made), RLIMIT_FSIZE (files it writes, at the output cap)
 *   and RLIMIT_CORE 0.  Not RLIMIT_NPROC: it counts every process of the
 *   user, not of the run; pids.max bounds a fork storm, else the kill at the
 *   end of the run does.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <grp.h>
#include <pwd.h>
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
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../util/util.h"
#include "cgroup.h"
#include "exec.h"
#include "source.h"

enum { MAX_GROUPS = 256, TICK_MS = 10, RUN_TASKS = PZ_PROC_TASKS };

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
            n += pz__read_pids(AT_FDCWD, path, pids + n, max - n);
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

const char *pz_exec_accounting(char *buf, size_t len)
{
    return pz__cg_accounting(buf, len);
}

const char *pz_exec_limiting(char *buf, size_t len)
{
    int whole;
    return pz__cg_limiting(buf, len, &whole);
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
    pz__cg_stop();
    for (int round = 0, left = 1; left && round < 5000; round++) {
        if (round)
            nanosleep(&pause, NULL);
        pz__cg_kill_all();
        for (int i = 0; i < MAX_GROUPS; i++) {
            int g = __atomic_load_n(&groups[i], __ATOMIC_SEQ_CST);
            if (g > 0) {
                kill(-g, SIGKILL);
                kill(g, SIGKILL);
            }
        }
        kill_descendants();
        left = pz__cg_remove_all();
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

void pz_exec_setup(void)
{
    struct sigaction sa = {.sa_handler = on_signal};
    char why[1024];
    int whole;
    pz__cg_setup();
    pz__cg_limiting(why, sizeof why, &whole);
    if (!whole)
        fprintf(stderr,
                "puzzlebench: warning: the memory limit holds per process (RLIMIT_AS) and the "
                "number of processes is not limited, not per run as a whole: %s\n",
                why);
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

/* Whom the program runs as: as root, an unprivileged user (pz_exec_user). */
static int drop;
static uid_t drop_uid;
static gid_t drop_gid;

int pz_exec_user(const char *user, const char *const *paths, int n)
{
    struct passwd *pw;
    char *end;
    long id;
    if (geteuid() != 0)
        return 0;
    if (!user)
        user = "nobody";
    if (!strcmp(user, "root"))
        return 0;
    id = strtol(user, &end, 10);
    if (*user && !*end && id >= 0) {
        drop_uid = (uid_t)id;
        drop_gid = (pw = getpwuid(drop_uid)) ? pw->pw_gid : (gid_t)id;
    } else if ((pw = getpwnam(user))) {
        drop_uid = pw->pw_uid;
        drop_gid = pw->pw_gid;
    } else {
        return -1;
    }
    if (drop_uid == 0)
        return 0;
    /* Whether that user may read and run each program: asked as that user.
     * All run as one user, so one that it may not run makes it root. */
    for (int k = 0; k < n; k++) {
        pid_t pid;
        int status = 1;
        if ((pid = fork()) == 0)
            _exit(setgroups(0, NULL) || setgid(drop_gid) || setuid(drop_uid) ||
                  access(paths[k], R_OK | (pz_source_language(paths[k]) ? 0 : X_OK)));
        if (pid > 0)
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
                ;
        if (pid < 0 || !WIFEXITED(status) || WEXITSTATUS(status)) {
            fprintf(stderr,
                    "puzzlebench: warning: user %s (uid %d) cannot read and run %s: the "
                    "programs run as root, unconfined by their user\n",
                    user, (int)drop_uid, paths[k]);
            return 0;
        }
    }
    drop = 1;
    return 0;
}

const char *pz_exec_who(char *buf, size_t len)
{
    uid_t uid = drop ? drop_uid : geteuid();
    struct passwd *pw = getpwuid(uid);
    snprintf(buf, len, "%s (uid %d%s), in a session of its own", pw ? pw->pw_name : "?", (int)uid,
             drop ? "" : ", ours");
    return buf;
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
    setsid(); /* a session and group of our own, before the parent can kill it */
    /* Not a step more before the parent has moved us into the run's cgroup,
     * or failed to: a byte on go either way. */
    while (go >= 0 && read(go, &byte, 1) < 0 && errno == EINTR)
        ;
    /* As root: an unprivileged user from now on, so the program cannot move
     * itself out of its cgroups or signal us (the death signal is set after,
     * as a change of user clears it). */
    if (drop && (setgroups(0, NULL) || setgid(drop_gid) || setuid(drop_uid)))
        _exit(127);
    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
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

/* /proc/PID/stat in buf, from field 3 on (after the name in parentheses,
 * which may hold anything), or NULL when the process is gone. */
static const char *stat_fields(pid_t pid, char *buf, size_t len)
{
    char path[48], *p;
    int fd, n;
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
        return NULL;
    n = (int)read(fd, buf, len - 1);
    close(fd);
    if (n <= 0)
        return NULL;
    buf[n] = 0;
    return (p = strrchr(buf, ')')) && p[1] == ' ' ? p + 2 : NULL;
}

/* /proc/PID/stat: start time and CPU ticks (own and reaped children's); 0 ok. */
static int proc_stat(pid_t pid, unsigned long long *start, unsigned long long *ticks)
{
    char buf[1024];
    const char *p = stat_fields(pid, buf, sizeof buf);
    unsigned long long ut, st, cut, cst;
    /* State is field 3; utime, stime, cutime, cstime are 14-17; starttime is 22. */
    if (!p || sscanf(p,
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

/* /proc/PID/stat's state and session; 0, or -1 when it is gone. */
static int proc_session(pid_t pid, char *state, pid_t *session)
{
    char buf[1024];
    const char *p = stat_fields(pid, buf, sizeof buf);
    int sid;
    if (!p || sscanf(p, "%c %*d %*d %d", state, &sid) != 2)
        return -1;
    *session = sid;
    return 0;
}

/* Without a cgroup, at the end of a run: kills every process of the run's
 * session (the program leads it; a child that only left its group is still
 * in it) and every process of its tree seen, also in sessions of their own,
 * until none is left (a process may fork as it is killed). */
static void end_session(pid_t sid, tree *t)
{
    struct timespec pause = {0, 1000000};
    for (int round = 0, found = 1; found && round < 100; round++) {
        DIR *d = opendir("/proc");
        struct dirent *e;
        found = 0;
        if (round)
            nanosleep(&pause, NULL);
        while (d && (e = readdir(d))) {
            char state;
            pid_t session, pid = (pid_t)atoi(e->d_name);
            if (pid > 0 && !proc_session(pid, &state, &session) && session == sid && state != 'Z' &&
                state != 'X') {
                kill(pid, SIGKILL);
                found = 1;
            }
        }
        if (d)
            closedir(d);
        for (int i = 0; i < t->n; i++) {
            unsigned long long start, ticks;
            char state;
            pid_t session;
            if (!proc_stat(t->pid[i], &start, &ticks) && start == t->start[i] &&
                !proc_session(t->pid[i], &state, &session) && state != 'Z' && state != 'X') {
                kill(t->pid[i], SIGKILL);
                found = 1;
            }
        }
    }
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

/* One run in progress: spawn starts it, watch feeds and drains it until it
 * ends or breaks a limit, reap ends all it made, verdict judges it. */
typedef struct job {
    const pz_proc_limits *lim;
    const char *in;
    size_t inlen, written;
    pid_t pid;
    int slot, infd, pidfd, has_clock;
    clockid_t clock;
    pz__cgroup cg; /* cg.seq 0: none, and tr is polled instead */
    tree *tr;
    sink out, err;
    double start, deadline;
    int exited, timed_out, cpu_out, ole, status;
    int mem_hit;        /* its cgroup hit the memory limit */
    long long mem_peak; /* its cgroup's peak memory, bytes; 0: none */
    long long oom_kills;
    struct rusage ru;
} job;

static void spawn(job *j, const char *path, char *const argv[])
{
    const pz_proc_limits *lim = j->lim;
    int pin[2], pout[2], perr[2], go[2] = {-1, -1};
    rlim_t cpu = (rlim_t)(lim->time_ms + 999) / 1000 + 1;
    struct rlimit rl[4] = {
        {cpu, cpu + 1},
        {RLIM_INFINITY, RLIM_INFINITY},
        {lim->output_cap, lim->output_cap},
        {0, 0},
    };
    if (lim->memory_mb > 0)
        rl[1].rlim_cur = rl[1].rlim_max = (rlim_t)lim->memory_mb << 20;
    pz__cg_limits whole = {(long long)lim->memory_mb << 20, RUN_TASKS};
    int incg = !pz__cg_make(&j->cg, &whole);
    if (pipe2(pin, O_CLOEXEC) || pipe2(pout, O_CLOEXEC) || pipe2(perr, O_CLOEXEC) ||
        (incg && pipe2(go, O_CLOEXEC)))
        pz_fatal("cannot make a pipe: %s", strerror(errno));
    j->start = pz_now();
    j->deadline = j->start + (double)lim->wall_ms / 1000;
    pid_t pid = j->pid = fork();
    if (pid < 0)
        pz_fatal("cannot fork: %s", strerror(errno));
    if (pid == 0)
        child(path, argv, rl, pin[0], pout[1], perr[1], go[0]);
    j->slot = enlist(pid);
    if (incg) { /* the child waits for this: into its cgroup, then a byte on go */
        pz__cg_join(&j->cg, pid);
        if (write(go[1], "", 1) != 1)
            pz_fatal("cannot start the program: %s", strerror(errno));
        close(go[0]);
        close(go[1]);
    }
    close(pin[0]);
    close(pout[1]);
    close(perr[1]);
    j->out.fd = pout[0];
    j->err.fd = perr[0];
    fcntl(pin[1], F_SETFL, O_NONBLOCK);
    fcntl(j->out.fd, F_SETFL, O_NONBLOCK);
    fcntl(j->err.fd, F_SETFL, O_NONBLOCK);
    j->pidfd = pidfd_open(pid, 0);
    j->has_clock = !clock_getcpuclockid(pid, &j->clock); /* CPU clock ids are negative */
    j->tr = pz_xcalloc(1, sizeof *j->tr);
    if (!j->cg.seq)
        tree_add(j->tr, pid);
    j->infd = pin[1];
    if (!j->inlen) {
        close(j->infd);
        j->infd = -1;
    }
}

/* Feeds stdin and drains stdout and stderr until the program ends, or its
 * output, CPU time or wall clock breaks a limit. */
static void watch(job *j)
{
    const pz_proc_limits *lim = j->lim;
    while (!j->exited && !j->ole) {
        struct pollfd fds[4];
        int nf = 0, iin = -1, iout = -1, ierr = -1, ipid = -1;
        struct timespec used;
        siginfo_t si = {0};
        double left = j->deadline - pz_now();
        if (left <= 0) {
            j->timed_out = 1;
            break;
        }
        if (j->infd >= 0)
            fds[iin = nf++] = (struct pollfd){j->infd, POLLOUT, 0};
        if (j->out.fd >= 0)
            fds[iout = nf++] = (struct pollfd){j->out.fd, POLLIN, 0};
        if (j->err.fd >= 0)
            fds[ierr = nf++] = (struct pollfd){j->err.fd, POLLIN, 0};
        if (j->pidfd >= 0)
            fds[ipid = nf++] = (struct pollfd){j->pidfd, POLLIN, 0};
        int ms = (int)(left * 1000) + 1;
        if (poll(fds, (nfds_t)nf, ms < TICK_MS ? ms : TICK_MS) < 0 && errno != EINTR)
            pz_fatal("poll: %s", strerror(errno));
        if (iin >= 0 && fds[iin].revents) {
            ssize_t n = write(j->infd, j->in + j->written, j->inlen - j->written);
            if (n > 0)
                j->written += (size_t)n;
            if (j->written == j->inlen || (n < 0 && errno != EAGAIN && errno != EINTR)) {
                close(j->infd); /* done, or the program closed its stdin */
                j->infd = -1;
            }
        }
        if (iout >= 0 && fds[iout].revents && !pull(&j->out, lim->output_cap)) {
            close(j->out.fd);
            j->out.fd = -1;
        }
        if (ierr >= 0 && fds[ierr].revents && !pull(&j->err, lim->output_cap)) {
            close(j->err.fd);
            j->err.fd = -1;
        }
        j->ole = j->out.total > lim->output_cap || j->err.total > lim->output_cap;
        if (ipid >= 0 && fds[ipid].revents)
            j->exited = 1;
        else if (j->pidfd < 0 && !waitid(P_PID, (id_t)j->pid, &si, WEXITED | WNOHANG | WNOWAIT) &&
                 si.si_pid == j->pid)
            j->exited = 1;
        if (!j->exited && j->has_clock && !clock_gettime(j->clock, &used) &&
            (double)used.tv_sec * 1000 + (double)used.tv_nsec * 1e-6 > (double)lim->time_ms) {
            j->cpu_out = 1;
            break;
        }
        if (!j->exited &&
            (j->cg.seq ? pz__cg_cpu(&j->cg) : tree_cpu(j->tr)) * 1000 > (double)lim->time_ms) {
            j->cpu_out = 1;
            break;
        }
    }
    if (!j->cg.seq)
        tree_cpu(j->tr); /* what the tree used, before the kill: children may still run */
    /* What it wrote before it ended is in the pipes now; a grandchild may
     * still hold them open, so take what is there and stop. */
    if (j->exited && !j->ole) {
        if (j->out.fd >= 0)
            pull(&j->out, lim->output_cap);
        if (j->err.fd >= 0)
            pull(&j->err, lim->output_cap);
        j->ole = j->out.total > lim->output_cap || j->err.total > lim->output_cap;
    }
}

/* Kills and reaps all the program made, removes its cgroup and closes its
 * pipes. */
static void reap(job *j)
{
    if (j->cg.seq)
        pz__cg_kill(&j->cg); /* all the program made, in whatever group or session */
    kill(-j->pid, SIGKILL);  /* the program if it still runs, and all it left behind */
    kill(j->pid, SIGKILL);   /* the same, if it has not made its session yet */
    if (!j->cg.seq)
        end_session(j->pid, j->tr);
    while (wait4(j->pid, &j->status, 0, &j->ru) < 0 && errno == EINTR)
        ;
    while (waitpid(-j->pid, NULL, 0) > 0 || errno == EINTR)
        ;
    if (j->cg.seq) {
        /* All of it has ended: cpu.stat holds what it used, to the end. */
        if (pz__cg_cpu(&j->cg) > j->tr->cpu_s)
            j->tr->cpu_s = pz__cg_cpu(&j->cg);
        j->mem_hit = pz__cg_memory_hits(&j->cg, &j->oom_kills);
        j->mem_peak = pz__cg_memory_peak(&j->cg);
        pz__cg_end(&j->cg);
    }
    if (j->slot >= 0)
        __atomic_store_n(&groups[j->slot], 0, __ATOMIC_SEQ_CST);
    int fds[] = {j->infd, j->out.fd, j->err.fd, j->pidfd};
    for (int i = 0; i < 4; i++)
        if (fds[i] >= 0)
            close(fds[i]);
}

/* The run's outputs, times and verdict, the first rule that applies. */
static void verdict(job *j, pz_proc *run)
{
    const pz_proc_limits *lim = j->lim;
    run->out = j->out.buf;
    run->cap = j->out.cap;
    run->len = j->out.len < lim->output_cap ? j->out.len : lim->output_cap;
    if (run->out)
        run->out[run->len] = 0;
    run->err[j->err.len] = 0;
    run->wall_s = pz_now() - j->start;
    run->cpu_s = (double)(j->ru.ru_utime.tv_sec + j->ru.ru_stime.tv_sec) +
                 (double)(j->ru.ru_utime.tv_usec + j->ru.ru_stime.tv_usec) * 1e-6;
    if (j->tr->cpu_s > run->cpu_s)
        run->cpu_s = j->tr->cpu_s;
    free(j->tr);
    run->maxrss_kb = j->ru.ru_maxrss;
    /* ru_maxrss counts the copy of us that was forked to exec the program
     * (exec keeps the larger of its and the program's peak); the run's
     * cgroup counts only what the program charged to it */
    run->peak_kb = j->mem_peak > 0 ? (long)(j->mem_peak >> 10) : run->maxrss_kb;
    run->why[0] = 0;
    int status = j->status, sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    int failed = sig || WEXITSTATUS(status);
    run->status = sig ? -1 : WEXITSTATUS(status);
    if (j->ole)
        say(run, PZ_OLE, "more than %zu bytes on %s (killed)", lim->output_cap,
            j->out.total > lim->output_cap ? "stdout" : "stderr");
    else if (sig == SIGXFSZ)
        say(run, PZ_OLE, "a file grew past %zu bytes (SIGXFSZ)", lim->output_cap);
    else if (j->cpu_out || sig == SIGXCPU || run->cpu_s * 1000 > (double)lim->time_ms)
        say(run, PZ_TLE, "CPU time %.3f s, limit %.3f s%s", run->cpu_s, (double)lim->time_ms / 1000,
            j->cpu_out || sig ? " (killed)" : "");
    else if (j->timed_out)
        say(run, PZ_TLE, "wall clock %.3f s, limit %.3f s (killed; CPU time %.3f s)", run->wall_s,
            (double)lim->wall_ms / 1000, run->cpu_s);
    else if (lim->memory_mb > 0 && (j->oom_kills > 0 || (failed && j->mem_hit)))
        say(run, PZ_MLE,
            "the run's processes together reached the %ld MiB limit (%lld killed "
            "by the kernel for it), then %s %d",
            lim->memory_mb, j->oom_kills, sig ? "signal" : "exit status",
            sig ? sig : WEXITSTATUS(status));
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

void pz_proc_run(const char *path, char *const argv[], const pz_proc_limits *lim, const char *in,
                 size_t inlen, pz_proc *run)
{
    job j = {
        .lim = lim,
        .in = in,
        .inlen = inlen,
        .out = {.buf = run->out, .cap = run->cap, .keep = lim->output_cap + 1, .grows = 1},
        .err = {.buf = run->err, .cap = sizeof run->err - 1, .keep = sizeof run->err - 1},
    };
    spawn(&j, path, argv);
    watch(&j);
    reap(&j);
    verdict(&j, run);
}

void pz_proc_free(pz_proc *run)
{
    free(run->out);
    run->out = NULL;
    run->cap = 0;
}
