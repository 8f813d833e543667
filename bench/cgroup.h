/* cgroup.h - a cgroup v2 of its own for each run of an external program.
 *
 *     pz__cg_setup();                    // once: where runs' cgroups go
 *     pz__cgroup cg;
 *     if (!pz__cg_make(&cg, &limits) && pz__cg_join(&cg, pid)) ...  // pid in it
 *     pz__cg_cpu(&cg);                   // CPU seconds of all it ran
 *     pz__cg_kill(&cg);                  // everything in it, any session
 *     pz__cg_end(&cg);                   // removed once empty
 *
 * Internal to the process runner (bench/exec.c); the functions the signal
 * handler calls make system calls only.
 */
#ifndef PZ_CGROUP_H
#define PZ_CGROUP_H

#include <stddef.h>
#include <sys/types.h>

typedef struct pz__cgroup {
    int seq;   /* puzzlebench-PID-SEQ; 0: none */
    int live;  /* its place in the list the signal handler walks */
    int procs; /* cgroup.procs, open until the program is in */
    int stat;  /* cpu.stat */
} pz__cgroup;

/* A run's limits as a whole, where a controller holds them (0: none). */
typedef struct pz__cg_limits {
    long long memory_bytes; /* memory, no swap */
    int tasks;              /* processes and threads */
} pz__cg_limits;

/* Finds where runs get cgroups (our own cgroup v2, or PZ_CGROUP) and proves
 * it by making one; then where the memory and pids controllers are (in
 * cgroup v2, else in v1 hierarchies); then ends the cgroups and processes
 * that stress runs killed with SIGKILL left there (says so on stderr). */
void pz__cg_setup(void);
/* A cgroup for one run, with the limits set: 0, or -1 when none was made
 * (the run falls back to the process tree, and pz__cg_accounting counts
 * it). */
int pz__cg_make(pz__cgroup *, const pz__cg_limits *);
/* Moves pid into it: 1, or 0 when that failed (the cgroup is then removed,
 * and the run falls back as above). */
int pz__cg_join(pz__cgroup *, pid_t pid);
/* The CPU seconds every process in it has used, from cpu.stat. */
double pz__cg_cpu(const pz__cgroup *);
/* Whether the run hit its memory limit (memory.events' max or oom_kill, or
 * v1's failcnt or oom_kill); *oom_kills, how many the kernel killed for it. */
int pz__cg_memory_hits(const pz__cgroup *, long long *oom_kills);
/* The most memory the run's cgroup held at once, in bytes (memory.peak in
 * v2, memory.max_usage_in_bytes in v1); 0 where it has none. */
long long pz__cg_memory_peak(const pz__cgroup *);
/* Kills every process in it.  System calls only. */
void pz__cg_kill(const pz__cgroup *);
/* Closes and removes it once its processes have left (up to 5 s). */
void pz__cg_end(pz__cgroup *);
/* For the signal handler, system calls only: no cgroup is made from now on
 * (waits up to a second for one being made); kills everything in every
 * run's cgroup; removes those that are empty, returning 1 while some are
 * left. */
void pz__cg_stop(void);
void pz__cg_kill_all(void);
int pz__cg_remove_all(void);
/* Whose CPU time a run is charged, in a phrase (see pz_exec_accounting). */
const char *pz__cg_accounting(char *buf, size_t len);
/* Where a run's memory and processes are limited as a whole, or why not;
 * *whole: 1 when both are. */
const char *pz__cg_limiting(char *buf, size_t len, int *whole);
/* The numbers in the file at path (relative to dir), up to max.  System
 * calls only. */
int pz__read_pids(int dir, const char *path, pid_t *pids, int max);

#endif
