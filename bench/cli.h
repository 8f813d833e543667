/* cli.h - the `puzzlebench` subcommands and what they share. */
#ifndef PZ_CLI_H
#define PZ_CLI_H

#include "../solvers/solver.h"

/* Exit statuses of every subcommand. */
enum { PZ_EXIT_OK = 0, PZ_EXIT_FAIL = 1, PZ_EXIT_USAGE = 2 };

/* Prints "puzzlebench: ..." to stderr; returns PZ_EXIT_USAGE. */
int pz_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints a pz_error as "file:line: msg"; returns PZ_EXIT_USAGE. */
int pz_report(const pz_error *);

/* Matches "--name VALUE" or "--name=VALUE" at argv[*i]; advances *i. */
int pz_option(int argc, char **argv, int *i, const char *name, const char **value);

/* Prepares every registered solver once (tables before any timing). */
void pz_prepare_all(void);

/* The subcommands; each returns an exit status. */
int pz_cmd_list(int argc, char **argv);
int pz_cmd_solve(int argc, char **argv);
int pz_cmd_check(int argc, char **argv);
int pz_cmd_stress(int argc, char **argv);
int pz_cmd_info(int argc, char **argv);

#endif
