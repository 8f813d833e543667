/* cgroup.h - a cgroup v2 of its own for each run of an external program.
 *
 *     pz__cg_setup();                    // once: where runs' cgroups go
 *     pz__cgroup cg;
 *     if (!pz__cg_make(&cg) && pz__cg_join(&cg, pid)) ...  // pid is in it
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

/* Finds where runs get cgroups (our own cgroup v2, or PZ_CGROUP) and proves
 * it by making one. */
void pz__cg_setup(void);
/* A cgroup for one run: 0, or -1 when none was made (the run falls back to
 * the process tree, and pz__cg_accounting counts it). */
int pz__cg_make(pz__cgroup *);
/* Moves pid into it: 1, or 0 when that failed (the cgroup is then removed,
 * and the run falls back as above). */
int pz__cg_join(pz__cgroup *, pid_t pid);
/* The CPU seconds every process in it has used, from cpu.stat. */
double pz__cg_cpu(const pz__cgroup *);
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
/* The numbers in the file at path (relative to dir), up to max.  System
 * calls only. */
int pz__read_pids(int dir, const char *path, pid_t *pids, int max);

#endif
