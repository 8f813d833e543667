/* cli.h - the `puzzlebench` subcommands and what they share. */
#ifndef PZ_CLI_H
#define PZ_CLI_H

#include "../solvers/solver.h"

/* Exit statuses of every subcommand. */
enum { PZ_EXIT_OK = 0, PZ_EXIT_FAIL = 1, PZ_EXIT_USAGE = 2 };

/* Prints "puzzlebench: ..." to stderr; returns PZ_EXIT_USAGE. */
int pz_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints a pz_error as "file:line: msg" (or "file:line:col: msg"); returns PZ_EXIT_USAGE. */
int pz_report(const pz_error *);

/* Matches "--name VALUE" or "--name=VALUE" at argv[*i]; advances *i. */
int pz_option(int argc, char **argv, int *i, const char *name, const char **value);

/* Reports are written atomically: to a temporary file renamed over path when
 * closed (a path that is not a regular file, a pipe or /dev/stdout, is written in
 * place); tmp (len bytes) gets the temporary name.  NULL or -1 with a message on
 * stderr, also for a name too long for tmp.  In report.c. */
FILE *pz_atomic_open(const char *path, char *tmp, size_t len);
int pz_atomic_close(FILE *, const char *tmp, const char *path);
/* A JSON string of len bytes; bytes outside printable ASCII are escaped. */
void pz_json_string(FILE *, const char *s, size_t len);

/* Seconds on the monotonic clock, and this thread's CPU time: unlike the
 * wall clock it stops while another process has the core, which on a shared
 * machine is much of the time. */
double pz_now(void);
double pz_cpu_now(void);

/* Prepares a solver, or every registered one (tables before any timing);
 * a failure is fatal. */
void pz_prepare(const pz_solver *);
void pz_prepare_all(void);

/* The subcommands; each returns an exit status. */
int pz_cmd_list(int argc, char **argv);
int pz_cmd_solve(int argc, char **argv);
int pz_cmd_run(int argc, char **argv);
int pz_cmd_gen(int argc, char **argv);
int pz_cmd_check(int argc, char **argv);
int pz_cmd_stress(int argc, char **argv);
int pz_cmd_merge(int argc, char **argv);
int pz_cmd_info(int argc, char **argv);

#endif
