/* exec.h - one run of an external program under limits, without a shell.
 *
 *     char **argv;
 *     if (pz_split_command("./a.out --fast", &argv, &e) || pz_find_program(argv[0], path, ...))
 *         ...
 *     pz_proc run = { 0 };
 *     pz_proc_run(path, argv, &limits, input, input_len, &run);
 *     // run.outcome: PZ_AC when it ended by itself within the limits (its
 *     // output, run.out, is then for the judge), else TLE, MLE, RE or OLE.
 *
 * The program runs in its own session, in cgroups of its own where they can
 * be made (bench/cgroup.h), with setrlimit limits, as nobody when we are
 * root; its stdin fed and its stdout and stderr drained through non-blocking
 * pipes under one poll loop, so a program that writes much before it reads
 * cannot deadlock us.  When it ends or a limit is hit, its whole cgroup (or
 * session and process tree) is killed and reaped.
 */
#ifndef PZ_EXEC_H
#define PZ_EXEC_H

#include "command.h"
#include "judge.h"

/* The processes and threads a run may have at once, where a pids cgroup
 * holds them. */
enum { PZ_PROC_TASKS = 512 };

typedef struct pz_proc_limits {
    long time_ms;      /* CPU time of the run */
    long wall_ms;      /* wall clock of the run */
    long memory_mb;    /* of the run as a whole (cgroup), and address space */
    size_t output_cap; /* bytes on stdout, or on stderr, before OLE */
} pz_proc_limits;

typedef struct pz_proc {
    pz_outcome outcome; /* PZ_AC: ended by itself within the limits */
    char why[200];      /* for the others */
    char *out;          /* stdout, NUL-terminated; the buffer is reused */
    size_t len, cap;
    char err[512]; /* the start of stderr, NUL-terminated */
    double cpu_s, wall_s;
    long maxrss_kb;
    long peak_kb; /* its peak memory: its cgroup's (memory.peak), else maxrss_kb */
    int status;   /* its exit status, or -1 when a signal ended it */
} pz_proc;

/* Once per process before any run: reap orphaned grandchildren, kill running
 * groups on SIGINT, SIGTERM and SIGHUP, ignore SIGPIPE, and find where runs
 * get cgroups of their own. */
void pz_exec_setup(void);
/* Whose CPU time a run is charged, in a phrase: each run's cgroup v2 (where
 * one can be made under ours, or under PZ_CGROUP), else the process tree's
 * from /proc (PZ_CGROUP=none, or no cgroup v2), with the reason; into buf. */
const char *pz_exec_accounting(char *buf, size_t len);
/* As root, runs the programs as user (a name or a uid; NULL: nobody;
 * "root": as root) when that user may read and run each of the n paths
 * (read only, for a source: a script, source.h), else says so on stderr and
 * runs them as root.  Not as root: nothing.  0,
 * or -1 for a user that does not exist. */
int pz_exec_user(const char *user, const char *const *paths, int n) __attribute__((nonnull(2)));
/* Whom the program runs as, in a phrase. */
const char *pz_exec_who(char *buf, size_t len);
/* Where a run's memory and processes are limited as a whole (the memory and
 * pids cgroups), or, where they cannot be, why not. */
const char *pz_exec_limiting(char *buf, size_t len);
void pz_proc_run(const char *path, char *const argv[], const pz_proc_limits *, const char *in,
                 size_t inlen, pz_proc *);
void pz_proc_free(pz_proc *);
/* Once no run is left: kills and reaps the processes that left their run's
 * group (a new session escapes the group kill) and were handed to us as
 * their parents ended; returns how many. */
int pz_end_strays(void);

#endif
