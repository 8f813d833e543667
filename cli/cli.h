/* cli.h - the `puzzlebench` subcommands and what they share.
 *
 * The command line is the top layer: it calls the harness (bench/), the
 * solvers and the utilities (util/); nothing calls it. */
#ifndef PZ_CLI_H
#define PZ_CLI_H

#include "../util/util.h"
#include "../bench/run.h"

/* Exit statuses of every subcommand. */
enum { PZ_EXIT_OK = 0, PZ_EXIT_FAIL = 1, PZ_EXIT_USAGE = 2 };

/* Prints "puzzlebench: ..." to stderr; returns PZ_EXIT_USAGE. */
int pz_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints a pz_error as "file:line: msg" (or "file:line:col: msg"); returns PZ_EXIT_USAGE. */
int pz_print_error(const pz_error *);

/* Matches "--name VALUE" or "--name=VALUE" at argv[*i]; advances *i. */
int pz_option(int argc, char **argv, int *i, const char *name, const char **value);

/* What run and gen share on the command line (CMD names the command in
 * messages): the one puzzle named, then the corpus and its shard.  Each
 * returns 0, or an exit status after a message. */
int pz_puzzle_arg(const char *cmd, const char *arg, const pz_puzzle **);
int pz_open_shard(const char *cmd, const pz_puzzle *, const char *spec, const char *shard,
                  pz_corpus *, pz_shard *);

/* "1/R" for run --sample: R >= 1. */
int pz_parse_sample(const char *s, long long *every, pz_error *);

/* The summary (on stderr when a report goes to stdout), then each report
 * whose path is not NULL; the exit status: PZ_EXIT_USAGE if a report could
 * not be written, else PZ_EXIT_FAIL if an answer failed, else PZ_EXIT_OK. */
int pz_write_reports(const pz_result *, const char *json, const char *csv, const char *md);

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
