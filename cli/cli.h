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
/* The same after "puzzlebench: CMD: " (compare names itself: two files). */
int pz_print_error_in(const char *cmd, const pz_error *);

/* Standard streams that are closed get /dev/null, opened the wrong way round,
 * so a write to a closed stdout fails (and is reported) instead of landing in
 * the next file opened.  Once at start-up. */
void pz_guard_stdio(void);
/* Flushes stdout: 0, or -1 after one message (only the first time) when a
 * write failed (a full disk, a closed stdout).  Long writers call it to stop
 * early; main calls it before exiting, so no command exits 0 with its output
 * lost. */
int pz_check_stdout(void);

/* One option of a command.  A command's options are one table, from which
 * both getopt_long's array and the help's option lines are made, so the two
 * cannot drift.  Commands write the table as an X-macro list,
 *     #define OPTIONS(X) X(CORPUS, "corpus", 0, "SPEC", "what it is") ...
 * expanded once into an enum of indices O_CORPUS... (PZ_OPTION_ID, then O_HELP)
 * and once into the table (PZ_OPTION, then PZ_HELP_OPTION: -h, --help, and
 * PZ_END_OPTIONS).  A sixth argument may set the num: .num = PZ_BATCH. */
typedef struct pz_option {
    const char *name;    /* the long name, without "--"; NULL ends a table */
    const char *metavar; /* the value's name in the help; NULL: a flag, no value */
    int letter;          /* the short option, or 0 */
    const char *help;    /* lines separated by '\n'; "%d" in it stands for num */
    int num;
    int plugins; /* each value is a plug-in to load (PZ_PLUGIN_OPTION) */
} pz_option;

#define PZ_OPTION(id, name_, letter_, metavar_, help_, ...)                                        \
    {.name = name_, .metavar = metavar_, .letter = letter_, .help = help_, __VA_ARGS__},
#define PZ_OPTION_ID(id, ...) O_##id,
#define PZ_HELP_OPTION                                                                             \
    {.name = "help", .letter = 'h', .help = "this help, on stdout (exit status 0)"},
/* --plugin FILE.so, repeatable, in the tables of the commands that run
 * solvers: once the options are read, pz_parse_options loads the plug-ins
 * of $PUZZLEBENCH_PLUGINS and then each one given, in order (registry.h). */
#define PZ_PLUGIN_OPTION(X)                                                                        \
    X(PLUGIN, "plugin", 0, "FILE.so",                                                              \
      "load a plug-in's solvers, named FILE.so:NAME (repeatable,\n"                                \
      "and PUZZLEBENCH_PLUGINS=A.so:B.so); the contract is the\n"                                  \
      "installed header puzzlebench/puzzlebench.h",                                                \
      .plugins = 1)
/* The reports for CI, in the tables of run and merge (bench/junit.h,
 * bench/bmf.h, bench/report.h's pz_github_report). */
#define PZ_CI_OPTIONS(X)                                                                           \
    X(JUNIT, "junit", 0, "F",                                                                      \
      "the report as JUnit XML (F '-' is stdout), as CI servers\n"                                 \
      "read it: a testcase per solver, failed with the first failing\n"                            \
      "instance in judge format; unknown and not run instances skipped")                           \
    X(BMF, "bmf", 0, "F",                                                                          \
      "each solver's headline time and its 95%% interval in Bencher\n"                             \
      "Metric Format (F '-' is stdout), as `bencher run` takes it")                                \
    X(GITHUB, "github", 0, NULL,                                                                   \
      "as under GitHub Actions (GITHUB_ACTIONS=true): the Markdown\n"                              \
      "report appended to $GITHUB_STEP_SUMMARY, an ::error line on\n"                              \
      "stdout for each failure listed")
/* The terminal summary's (run, merge): report.h's pz_summary_legend and
 * pz_summary_quiet. */
#define PZ_SUMMARY_OPTIONS(X)                                                                      \
    X(LEGEND, "legend", 0, NULL,                                                                   \
      "the table's legend under it, what each column is (by default\n"                             \
      "only on a terminal, the first table of the command)")                                       \
    X(QUIET, "quiet", 0, NULL,                                                                     \
      "the verdict line alone on stdout (OK, FAIL ...): no table,\n"                               \
      "no estimate and no progress on stderr")
/* Sets them from the options' values. */
#define PZ_SUMMARY_SET(value)                                                                      \
    (pz_summary_legend = (value)[O_LEGEND] != NULL, pz_summary_quiet = (value)[O_QUIET] != NULL)
#define PZ_END_OPTIONS                                                                             \
    {                                                                                              \
        NULL, NULL, 0, NULL, 0, 0                                                                  \
    }

/* A command: its name, its line of usage and its one-line summary (which
 * `puzzlebench --help` lists, from these structs), its options and the rest
 * of its help: help(f) prints the usage line and the option lines
 * (pz_print_usage, pz_print_options) with its own text around them. */
typedef struct pz_command_line {
    const char *name;    /* the command, as in messages: "run" */
    const char *args;    /* after "puzzlebench run": "PUZZLE --corpus SPEC [...]" */
    const char *summary; /* what it does, in one line */
    const pz_option *options;
    void (*help)(FILE *);
    int (*run)(int argc, char **argv); /* argv[0] is the name; returns an exit status */
    int stop; /* options end at the first other argument (main's: a command's follow) */
} pz_command_line;

/* Reads argv (argv[0] is the command's name) with getopt_long against the
 * table: value[k] is the last value of option k ("" for a flag given), NULL
 * when absent; "--name VALUE", "--name=VALUE" and "-x VALUE" all work, and
 * "--" ends the options.  The other arguments, in order, are moved to
 * argv[*first .. argc-1].  Returns -1 to go on; 0 after the help (on
 * stdout); PZ_EXIT_USAGE after getopt's own message, given as
 * "PREFIX: option '--solver' requires an argument" (PREFIX NULL:
 * "puzzlebench: NAME"), or after a plug-in's refusal (PZ_PLUGIN_OPTION). */
int pz_parse_options(const pz_command_line *, const char *prefix, int argc, char **argv,
                     const char **value, int *first);
void pz_print_usage(FILE *, const pz_command_line *); /* "usage: puzzlebench NAME ARGS" */
void pz_print_options(FILE *, const pz_option *);

/* What run and gen share on the command line (CMD names the command in
 * messages): the one puzzle named, then the corpus and its shard.  Each
 * returns 0, or an exit status after a message.  stream: a corpus file is
 * streamed (pz_corpus_open_stream). */
int pz_puzzle_arg(const char *cmd, const char *arg, const pz_puzzle **);

/* "; did you mean 'lightsout'?" after a misspelt puzzle, or solver of p,
 * or "" where no name is near (util.h's pz_suggest), written into buf. */
enum { PZ_HINT_SIZE = 128 };
const char *pz_puzzle_hint(const char *name, char buf[PZ_HINT_SIZE]);
const char *pz_solver_hint(const pz_puzzle *, const char *name, char buf[PZ_HINT_SIZE]);
int pz_open_shard(const char *cmd, const pz_puzzle *, const char *spec, const char *shard,
                  int stream, pz_corpus *, pz_shard *);

/* "1/R" for run --sample: R >= 1. */
int pz_parse_sample(const char *s, long long *every, pz_error *);

/* Refuses (exit 2, naming both) paths of which one is written and is the
 * same file as another read or written (util.h's pz_path_clash): called
 * before any work.  0 where none clash. */
int pz_check_clash(const char *cmd, const pz_path *paths, int n);
/* Exit at once, not after the run, when a report cannot be written: the
 * path is "-", or a file that can be written or made (its directory exists
 * and is writable).  0, or PZ_EXIT_USAGE after a message naming opt. */
int pz_check_output(const char *cmd, const char *opt, const char *path);
/* pz_check_output for each report of out (bench/report.h's PZ_OUTS). */
int pz_check_outputs(const char *cmd, const char *const out[]);
/* Where failures are saved (run and stress): given (--save DIR); else
 * corpus/regressions in a checkout (or wherever a corpus/ folder is); else
 * regressions/ in the folder of the first of the n reports written to a
 * file, or here.  Malloc'd. */
char *pz_save_dir(const char *given, const char *const reports[], int n);

/* `puzzlebench help corpus`: the grammar of a corpus spec and every kind. */
void pz_help_corpus(FILE *);

/* The subcommands (main.c lists them, in its order); each run returns an
 * exit status. */
extern const pz_command_line pz_list_command, pz_solve_command, pz_run_command, pz_gen_command,
    pz_check_command, pz_stress_command, pz_merge_command, pz_compare_command, pz_report_command,
    pz_info_command, pz_package_command, pz_verify_command;
int pz_cmd_list(int argc, char **argv);
int pz_cmd_solve(int argc, char **argv);
int pz_cmd_run(int argc, char **argv);
int pz_cmd_gen(int argc, char **argv);
int pz_cmd_check(int argc, char **argv);
int pz_cmd_stress(int argc, char **argv);
int pz_cmd_merge(int argc, char **argv);
int pz_cmd_info(int argc, char **argv);
int pz_cmd_report(int argc, char **argv);
int pz_cmd_compare(int argc, char **argv);
int pz_cmd_package(int argc, char **argv);
int pz_cmd_verify(int argc, char **argv);

#endif
