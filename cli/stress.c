/* stress.c - `puzzlebench stress`: judge-format programs under limits.
 *
 * The options, the help and the report; the runs themselves are
 * bench/stress.c's.  The verdict rules are in usage() below, which is what
 * `--help` prints.
 */
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <sys/stat.h>

#include "cli.h"
#include "../bench/github.h"
#include "../bench/html.h"
#include "../bench/bmf.h"
#include "../bench/junit.h"
#include "../bench/report.h"
#include "../bench/schema.h"
#include "../bench/source.h"
#include "../bench/stress.h"
#include "../solvers/io.h"

enum {
    SHOW_LINES = 20, /* of a text in the report (and PZ_STRESS_SHOW_BYTES) */
    MAX_JOBS = 256,
    /* The options' defaults, for parse() and the help alike. */
    BATCH_DEFAULT = 1,
    TIME_DEFAULT_MS = 1000,
    WALL_MORE_MS = 500, /* the wall limit: twice the time limit and this */
    MEMORY_DEFAULT_MB = 256,
    SHOW_DEFAULT = 3,
};

#define STRESS_OPTIONS(X)                                                                          \
    X(EXEC, "exec", 0, "'CMD ARGS'",                                                               \
      "the program, split into words as told below; or its\n"                                      \
      "source, FILE.c, FILE.cpp or FILE.py (below)")                                               \
    X(CORPUS, "corpus", 0, "SPEC", "PUZZLE:KIND[:key=value]... or a judge-format FILE.in")         \
    X(GEN, "gen", 0, "'CMD ARGS'",                                                                 \
      "instead of --corpus, a generator: run once per seed, the seed\n"                            \
      "its last argument, it writes one judge input (below)")                                      \
    X(SEEDS, "seeds", 0, "A..B", "the generator's seeds (default 1..100)")                         \
    X(AGAINST, "against", 0, "'CMD ARGS'",                                                         \
      "a second program, the reference (a brute force): run on\n"                                  \
      "the same inputs under the same limits (below)")                                             \
    X(BATCH, "batch", 0, "B", "instances per run, in one judge input (default %d)",                \
      .num = BATCH_DEFAULT)                                                                        \
    X(TIME, "time-limit", 0, "MS", "CPU time per run (default %d)", .num = TIME_DEFAULT_MS)        \
    X(WALL, "wall-limit", 0, "MS", "wall-clock time per run (default 2 x time limit + %d)",        \
      .num = WALL_MORE_MS)                                                                         \
    X(MEMORY, "memory-limit", 0, "MB", "memory per run (default %d; 0: none)",                     \
      .num = MEMORY_DEFAULT_MB)                                                                    \
    X(JOBS, "jobs", 0, "J", "programs run at once (default 1, at most %d)", .num = MAX_JOBS)       \
    X(SHARD, "shard", 0, "K/N",                                                                    \
      "only shard K of N (0 <= K < N) of the corpus or the seeds:\n"                               \
      "a contiguous share; the N shards together are all, once")                                   \
    X(TIME_BUDGET, "time-budget", 0, "S",                                                          \
      "CPU seconds for the whole stress (default %d; 'none' lifts\n"                               \
      "it): a generated corpus, or --gen's seeds, of a thousand or\n"                              \
      "more is first timed on a pilot (the table on stderr); past it,\n"                           \
      "only indices that are multiples of a power of ten R are\n"                                  \
      "judged, or stress refuses if under a hundred would be",                                     \
      .num = PZ_TIME_BUDGET)                                                                       \
    X(SOLVER, "solver", 0, "S", "the reference solver")                                            \
    X(RUN_AS, "run-as", 0, "USER", "as root, run the program as USER (default nobody)")            \
    X(SHOW, "show", 0, "N", "failing instances shown in full (default %d)", .num = SHOW_DEFAULT)   \
    X(ANY_SIZE, "shrink-any-size", 0, NULL, "let shrinking change the board size too")             \
    X(SAVE, "save", 0, "DIR",                                                                      \
      "write the inputs of the first failures (at most %d) and the\n"                              \
      "shrunk ones to DIR (made if need be), each as NAME.in with\n"                               \
      "NAME.ans, the expected answers: PUZZLE-INDEX, PUZZLE-seed-S;\n"                             \
      "without it, those shown and shrunk go where run saves its\n"                                \
      "own (see run --help)",                                                                      \
      .num = PZ_STRESS_SAVE)                                                                       \
    X(JSON, "json", 0, "F",                                                                        \
      "also write the report to F (atomically); an interrupted\n"                                  \
      "one beside F: X.json -> X.partial.json")                                                    \
    X(HTML, "html", 0, "F", "also write the report to F as one HTML page (no script)")             \
    PZ_CI_OPTIONS(X)

enum { STRESS_OPTIONS(PZ_OPTION_ID) O_HELP, NOPTIONS };
static const pz_option options[] = {STRESS_OPTIONS(PZ_OPTION) PZ_HELP_OPTION PZ_END_OPTIONS};
static void usage(FILE *);
const pz_command_line pz_stress_command = {
    .name = "stress",
    .args = "PUZZLE --exec 'CMD ARGS' (--corpus SPEC | --gen 'CMD ARGS') [options]",
    .summary = "a judge-format program on a corpus, under limits: AC WA PE TLE MLE RE OLE",
    .options = options,
    .help = usage,
    .run = pz_cmd_stress,
};

/* How CMD becomes a program: its words, or a source built once. */
static void help_command(FILE *f)
{
    fputs("\n"
          "CMD is split into words once, without a shell.  Blanks separate words; '...'\n"
          "keeps what is inside as it is; \"...\" too, except that \\\" and \\\\ stand for \"\n"
          "and \\; outside quotes, \\ keeps the next character.  Nothing else is special:\n"
          "no variables, globbing, redirection or pipes.  A name without '/' is looked up\n"
          "in PATH.  One word ending in .c, .cpp (.cc, .cxx) or .py is a source, built as\n"
          "judges build it: gcc -O2 -std=gnu11 -lm, g++ -O2 -std=gnu++17, or run by\n"
          "python3; once, into a cache keyed by the hash of the source and the command\n"
          "(PUZZLEBENCH_CACHE, else $XDG_CACHE_HOME/puzzlebench or ~/.cache/puzzlebench).\n"
          "A source that does not compile ends stress with the compiler's message, exit 2.\n"
          "--gen and --against take sources the same way.\n",
          f);
}

/* What confines a run: its session, limits, cgroups and user. */
static void help_sandbox(FILE *f)
{
    fprintf(f,
            "\n"
            "Each run is a session of its own, with RLIMIT_CPU (the time limit rounded up\n"
            "to seconds, plus one: a backstop), RLIMIT_AS (the memory limit, per process),\n"
            "RLIMIT_FSIZE (the output cap) and RLIMIT_CORE 0.  Where a cgroup v2 can be made\n"
            "(under our own cgroup, or under the directory PZ_CGROUP names), each run gets\n"
            "one: the CPU time of a run is that of every process in it, however short-lived,\n"
            "unreaped or far from its session, and all of them are killed when the program\n"
            "ends or breaks a limit.  With it, the run's memory (RAM, no swap) and its\n"
            "processes (at most %d at once, threads included) are limited for the run as a\n"
            "whole, by the memory and pids controllers: in that cgroup v2 where they can be\n"
            "enabled, else in cgroup v1 hierarchies of them.  Where they cannot be, memory\n"
            "is limited per process only (RLIMIT_AS: six processes may each take nearly the\n"
            "limit) and processes not at all; stress says so on stderr.  Without a cgroup\n"
            "(cgroup v1 only, or PZ_CGROUP=none) the CPU time is that of the run's process\n"
            "tree, polled from /proc: a child its parent never reaps counts too, but a\n"
            "process that lives and ends between two polls after its parent ended does not;\n"
            "at the end of the run, every process of its session and of the tree seen is\n"
            "killed, and one that started a session of its own unseen is killed at the end\n"
            "of stress, when every process left below it is (stress is their subreaper), as\n"
            "it is at once on SIGHUP or on a second SIGINT or SIGTERM.  The report says which\n"
            "(\"CPU time charged to a run\", \"memory and processes limited\").  The cgroups of\n"
            "a stress killed with SIGKILL (puzzlebench-PID-*, PID ended) are ended, and all\n"
            "that ran in them, when the next stress starts; without cgroups, what such a\n"
            "stress left runs on.\n"
            "\n"
            "As root, the program runs as the user --run-as names (nobody by default; root\n"
            "to run it as root), with no supplementary groups and no new privileges, once\n"
            "it is in its cgroups: it can neither leave them nor signal stress.  If that\n"
            "user cannot read and run the program, it runs as root, with a warning.  Not\n"
            "isolated, even so: the file system (it reads and writes what its user may,\n"
            "/tmp for one), the network, and the processes of its user: runs at once\n"
            "(--jobs) are the same user and may signal each other; there is no PID\n"
            "namespace.  Not as root, the program is our own user and may signal stress.\n"
            "The generator and the reference program (--gen, --against) run the same way.\n",
            PZ_PROC_TASKS);
}

/* The verdicts, and how a batch's runs give them. */
static void help_verdicts(FILE *f)
{
    fprintf(f,
            "On a terminal, a progress line on stderr.  Verdicts, the first that applies:\n"
            "  OLE  more than %d x the expected output (at least %d KiB, at most %d MiB more\n"
            "       than expected) on stdout or on stderr, or a file written past that: killed\n"
            "  TLE  CPU time over the time limit (a busy program is stopped there), or wall\n"
            "       clock over the wall limit (killed)\n"
            "  MLE  the run failed as for RE and its peak resident memory (ru_maxrss) reached\n"
            "       half the memory limit: allocations fail at the limit, and a program that\n"
            "       runs out has touched much of it.  One that asks for a huge block at once\n"
            "       and dies has touched little, and is RE.  Or the run's processes together\n"
            "       reached the memory limit of its cgroup: one was killed by the kernel for\n"
            "       it, or the run failed after reaching it.\n"
            "  RE   a non-zero exit status, or killed by a signal\n"
            "  Then the output is read answer by answer in the judge's strict format (a\n"
            "  missing final newline, CRLF line ends and blank lines at the end are accepted):\n"
            "  WA   the answer fails the checker, differs from the reference, cannot be read,\n"
            "       or is missing; output after the last answer makes the last one WA\n"
            "  PE   the answer cannot be read, but the output from it to the end, split at\n"
            "       whitespace, equals the expected words: right content, wrong layout\n"
            "  AC   otherwise\n"
            "\n"
            "A batch of B is one judge input of B instances, in each puzzle's own format:\n"
            "  flip       B boards one after another (after a line \"m n\" for boards that are\n"
            "             not 4x4).  POJ 1753 gives a program ONE board: a correct program\n"
            "             that reads one board answers only the first of a batch and gets WA\n"
            "             on the rest, so judge such a program with --batch 1 (the default);\n"
            "             --batch B > 1 is for programs that read boards to the end of input.\n"
            "  lightsout  the count line N = B, then B puzzles: POJ 1222's format, any B.\n"
            "  tetravex   B games, then the line 0: ZOJ 1008's format, any B.\n"
            "\n"
            "Limits apply per run, i.e. per batch.  A batch that fails as a whole (OLE, TLE,\n"
            "MLE, RE) is cut in halves that are run again, down to the instance that fails;\n"
            "once a batch has such a culprit, a failing part of it is not cut again and all\n"
            "its instances get its verdict.  After an answer that cannot be read, the rest\n"
            "of the batch is run again (once per batch; then it gets that answer's verdict).\n"
            "The summary counts apart the instances given a verdict this way; --batch 1\n"
            "judges every instance alone.\n",
            PZ_OLE_TIMES, PZ_OLE_MIN_KIB, PZ_OLE_MORE_MIB);
}

/* The failures shown, and the shrinking. */
static void help_failures(FILE *f)
{
    fprintf(f,
            "\n"
            "The first failures are run again alone and shown: input, expected and received\n"
            "output, and the start of stderr.  The first WA and the first RE instance are\n"
            "shrunk: the first simpler neighbour (as the puzzle defines them) that still\n"
            "gets the same verdict alone replaces it, until none does (at most %d runs);\n"
            "the board size is kept unless --shrink-any-size, since judge programs often\n"
            "read only the judge's size.\n",
            PZ_STRESS_SHRINK_RUNS);
}

/* The generator and the reference program. */
static void help_gen_against(FILE *f)
{
    fprintf(f,
            "\n"
            "A generator (--gen 'CMD ARGS') makes the corpus instead: for each seed S of\n"
            "--seeds it runs as CMD ARGS S, under the limits above and with no input, and\n"
            "writes one judge input, read by the puzzle's reader (as a corpus file is).\n"
            "That input, as written, is one run of each program, judged as a whole: its\n"
            "verdict is the run's, else its first failing answer's, and the counts are of\n"
            "seeds.  Seeds are indices as a corpus's instances are: --shard cuts them, and\n"
            "--seeds A..B runs again from any seed (an interrupted stress says where it\n"
            "stopped).  The failing instance of the first failing input (for a run that\n"
            "failed as a whole, the first of its instances that fails alone so) is shrunk\n"
            "as above.  A generator that fails (TLE, RE, ...), writes nothing, or writes\n"
            "what the reader refuses ends stress with a message naming the seed, exit 2.\n"
            "\n"
            "The reference program (--against 'CMD ARGS', a slow sure brute force) runs\n"
            "first on every input, as the program does, and its answers are judged by the\n"
            "checker and, where one of our solvers takes the board, against our reference\n"
            "(class against class: the move count, Impossible or Possible), so a wrong\n"
            "reference program is caught.  The program is then judged against its answer\n"
            "where that stood, else against ours, class against class: two different\n"
            "valid answers are both right, the fewest count must agree.  Where neither\n"
            "stands, the checker alone judges it (the summary counts these).  A corpus\n"
            "file's NAME.ans is not used.  The summary gives each program's verdicts and\n"
            "its CPU time per instance in the runs that ended within the limits (median,\n"
            "10th-90th percentile, mean), and the ratio --exec/--against with its 95%%\n"
            "interval and the verdict `puzzlebench compare` gives (slower or faster when\n"
            "p < %g and the interval lies beyond %d%%, else same; the runs are the\n"
            "samples).\n",
            PZ_ALPHA, PZ_THRESHOLD_PCT);
}

/* An interrupted stress, a wrong jury, and the exit status. */
static void help_end(FILE *f)
{
    fputs("\n"
          "Interrupted by SIGINT or SIGTERM, stress starts no more runs; the runs under way\n"
          "end as they would have (within their limits), and it reports what it judged by\n"
          "then, marked PARTIAL: the verdicts of the batches finished, the first failures\n"
          "with their input and expected output (not run again alone, nor shrunk), and\n"
          "with --json X the report in X.partial.json.  A second signal ends it at once.\n"
          "\n"
          "Against a corpus file's NAME.ans, our reference solver solves every instance too:\n"
          "where its answer, which passes the checker, refutes the jury's (the board is\n"
          "solvable where NAME.ans says it is not, or not where it says it is, or a count\n"
          "is not the fewest), the jury is wrong: the program is judged against the\n"
          "reference's answer there, the report says so (\"the jury is wrong\"), and the\n"
          "run fails.\n"
          "\n"
          "Exit status: 0 every instance AC (of both programs, with --against); 1\n"
          "otherwise, or the jury is wrong, or no instance in the corpus (nothing was\n"
          "judged); 2 bad usage, a bad corpus, a program that cannot be found, a\n"
          "generator that fails, or a stress the time budget refuses; 130 (SIGINT) or\n"
          "143 (SIGTERM) when interrupted.\n",
          f);
}

static void usage(FILE *f)
{
    pz_print_usage(f, &pz_stress_command);
    fputs("\n"
          "Runs CMD, a program that reads the judge's input on stdin and prints the judge's\n"
          "output, on every instance of the corpus, and judges each answer against the\n"
          "reference: a corpus file's NAME.ans, else the first answer that checks, from the\n"
          "reference solvers first (--solver S to pick one).  The corpus may come from your\n"
          "generator instead (--gen), and the reference from your brute force (--against).\n"
          "\n"
          "flip:random's boards are mostly Impossible (Lights Out's at singular sizes, as\n"
          "4x4 and 5x5, too): add mode=solvable (flip:random:mode=solvable:count=1000) for\n"
          "solvable boards only, so that a wrong count cannot hide behind Impossible.\n"
          "\n"
          "options:\n",
          f);
    pz_print_options(f, options);
    help_command(f);
    help_sandbox(f);
    help_verdicts(f);
    help_failures(f);
    help_gen_against(f);
    help_end(f);
}

static int number(const char *opt, const char *val, long long min, long long max, long long *out)
{
    char *end;
    long long v = strtoll(val, &end, 10);
    if (end == val || *end || v < min || v > max)
        return pz_usage("stress: %s expects a whole number from %lld to %lld, found '%s'", opt, min,
                        max, val);
    *out = v;
    return 0;
}

/* A text of the report: non-printable bytes escaped, long ones cut. */
static void print_text(FILE *f, const char *title, const char *s, size_t len)
{
    size_t i, lines = 0;
    fprintf(f, "--- %s ---\n", title);
    for (i = 0; i < len && i < PZ_STRESS_SHOW_BYTES && lines < SHOW_LINES; i++) {
        unsigned char c = (unsigned char)s[i];
        lines += c == '\n';
        if (c == '\n' || c == '\t' || (c >= 32 && c < 127))
            putc(c, f);
        else
            fprintf(f, "\\x%02x", c);
    }
    if (i < len)
        fprintf(f, "%s[... %zu more bytes]\n", s[i - 1] == '\n' ? "" : "\n", len - i);
    else if (!len)
        fputs("[nothing]\n", f);
    else if (s[len - 1] != '\n')
        fputs("\n[no newline at the end]\n", f);
}

/* "instance 5", or with --gen "seed 17"; then ": --against" for the
 * reference program's. */
static const char *where(const pz_stress *s, long long index, int who, char *buf, size_t len)
{
    snprintf(buf, len, "%s %lld%s", s->gen.cmd ? "seed" : "instance",
             s->gen.cmd ? s->seed0 + index : index, who ? ": --against" : "");
    return buf;
}

/* A failure's reason, with --gen led by the instance of the input it is of. */
static const char *reason(int part, const char *why, char *buf, size_t len)
{
    if (part < 0)
        return why;
    snprintf(buf, len, "its instance %d: %s", part + 1, why);
    return buf;
}

static void print_example(FILE *f, const pz_example *ex)
{
    if (!ex->input) /* no reference for it: nothing was run */
        return;
    if (ex->alone == PZ_OUTCOMES)
        fprintf(f, "not run again alone: interrupted\n");
    else if (ex->alone == PZ_AC)
        fprintf(f, "alone it gets AC: the failure depends on the other instances of its run\n");
    else if (ex->alone != ex->seen)
        fprintf(f, "alone: %s: %s\n", pz_outcome_names[ex->alone], ex->why);
    if (ex->saved)
        fprintf(f, "saved as %s, with its expected answers beside it (.ans)\n", ex->saved);
    print_text(f, "input", ex->input, ex->inlen);
    print_text(f, "expected output", ex->expected, ex->explen);
    if (ex->received)
        print_text(f, "received output", ex->received, ex->reclen);
    if (ex->errors && *ex->errors)
        print_text(f, "start of its stderr", ex->errors, strlen(ex->errors));
}

static const char *signal_name(int sig)
{
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "a signal";
}

/* The report as JSON, through the one writer (schema.h); interrupted (sig),
 * it goes beside the path asked for, as run's does: X.json -> X.partial.json. */
static int write_json(const pz_stress_report *r)
{
    const pz_stress *s = r->s;
    char *tmp, *partial = r->sig && strcmp(s->json, "-") ? pz_partial_path(s->json) : NULL;
    const char *path = partial ? partial : s->json;
    json_t *o = pz_stress_report_json(r);
    FILE *f = pz_atomic_open(path, &tmp);
    if (f)
        pz_jdump(f, o); /* a failed write shows at the close */
    json_decref(o);
    int rc = !f || pz_atomic_close(f, tmp, path) ? PZ_EXIT_USAGE : 0;
    if (partial && !rc)
        fprintf(stderr, "puzzlebench: interrupted: the partial report is %s (%s is as it was)\n",
                partial, s->json);
    free(partial);
    return rc;
}

/* A program option: its words and the file it runs; 0, or an exit status. */
static int program(pz_program *g, const char *opt, const char *cmd)
{
    pz_error e;
    char *msg;
    g->cmd = cmd;
    if (pz_split_option(opt, cmd, &g->argv, &e))
        return pz_print_error(&e);
    /* One word naming a source (.c, .cpp, .py): built as judges build it. */
    if (!g->argv[1] && pz_source_language(g->argv[0])) {
        char **argv;
        if (pz_source_build(g->argv[0], &argv, g->path, sizeof g->path, &msg)) {
            pz_usage("stress: %s: %s", opt, msg);
            free(msg);
            return PZ_EXIT_USAGE;
        }
        pz_free_words(g->argv);
        g->argv = argv;
        return 0;
    }
    if (pz_find_program(g->argv[0], g->path, sizeof g->path))
        return pz_usage("stress: %s%scannot run '%s': no such executable file%s",
                        strcmp(opt, "--exec") ? opt : "", strcmp(opt, "--exec") ? ": " : "",
                        g->argv[0], strchr(g->argv[0], '/') ? "" : " in PATH");
    return 0;
}

/* --seeds A..B: 0, or an exit status. */
static int parse_seeds(pz_stress *s, const char *text)
{
    const char *p = text;
    long long a = 1, b = 100;
    if (text && (!pz_parse_uint(&p, 1ll << 62, &a) || strncmp(p, "..", 2) ||
                 (p += 2, !pz_parse_uint(&p, 1ll << 62, &b)) || *p || b < a || b - a >= 1ll << 40))
        return pz_usage("stress: expected --seeds A..B with 0 <= A <= B (at most 2^40 seeds), "
                        "found '%s'",
                        text);
    s->seed0 = a;
    s->count = b - a + 1;
    return 0;
}

/* The numeric options, checked against their ranges, into s (their
 * defaults where not given): 0, or an exit status. */
static int limits(pz_stress *s, const char *const *value)
{
    /* The numeric options, their ranges and defaults (wall: -1, from the time). */
    static const struct {
        int opt;
        long long min, max, init;
    } nums[] = {
        {O_BATCH, 1, 1 << 20, BATCH_DEFAULT},
        {O_TIME, 1, 3600000, TIME_DEFAULT_MS},
        {O_WALL, 1, 7200000, -1},
        {O_MEMORY, 0, 1 << 20, MEMORY_DEFAULT_MB},
        {O_JOBS, 1, MAX_JOBS, 1},
        {O_SHOW, 0, PZ_STRESS_KEEP, SHOW_DEFAULT},
    };
    long long val[NOPTIONS];
    for (size_t k = 0; k < sizeof nums / sizeof *nums; k++) {
        char name[32];
        int o = nums[k].opt;
        val[o] = nums[k].init;
        snprintf(name, sizeof name, "--%s", options[o].name);
        if (value[o] && number(name, value[o], nums[k].min, nums[k].max, &val[o]))
            return PZ_EXIT_USAGE;
    }
    s->batch = val[O_BATCH];
    s->jobs = (int)val[O_JOBS];
    s->show = (int)val[O_SHOW];
    s->lim.time_ms = (long)val[O_TIME];
    s->lim.wall_ms = (long)(val[O_WALL] < 0 ? 2 * val[O_TIME] + WALL_MORE_MS : val[O_WALL]);
    s->lim.memory_mb = (long)val[O_MEMORY];
    return 0;
}

/* The puzzle (the one argument), and which options go together: 0, or an
 * exit status. */
static int puzzle_and_options(pz_stress *s, int argc, char **argv, int first,
                              const char *const *value)
{
    const char *spec = value[O_CORPUS], *gen = value[O_GEN];
    char hint[PZ_HINT_SIZE];
    for (int i = first; i < argc; i++) {
        if (!s->p) {
            if (!(s->p = pz_find_puzzle(argv[i])))
                return pz_usage("stress: unknown puzzle '%s'%s (see puzzlebench list)", argv[i],
                                pz_puzzle_hint(argv[i], hint));
        } else {
            return pz_usage("stress: unexpected argument '%s'", argv[i]);
        }
    }
    if (!s->p || !value[O_EXEC] || (!spec && !gen))
        return pz_usage(
            "stress: expected PUZZLE --exec 'CMD' --corpus SPEC, or --gen 'CMD' for the "
            "corpus (see --help)");
    if (spec && gen)
        return pz_usage("stress: --corpus and --gen both make the corpus: expected one of them");
    if (value[O_SEEDS] && !gen)
        return pz_usage("stress: --seeds A..B are the seeds of --gen, which is not given");
    if (gen && value[O_BATCH])
        return pz_usage("stress: --batch is for --corpus: with --gen each seed's input is one run");
    if (value[O_SOLVER] && !(s->only = pz_find_solver(s->p->name, value[O_SOLVER])))
        return pz_usage("stress: %s has no solver '%s'%s (see puzzlebench list)", s->p->name,
                        value[O_SOLVER], pz_solver_hint(s->p, value[O_SOLVER], hint));
    return 0;
}

/* --exec, --against and --gen, found or built, and the user they run as:
 * 0, or an exit status. */
static int programs(pz_stress *s, const char *const *value)
{
    int status;
    if ((status = program(&s->prog[0], "--exec", value[O_EXEC])) ||
        (value[O_AGAINST] && (status = program(&s->prog[1], "--against", value[O_AGAINST]))) ||
        (value[O_GEN] && (status = program(&s->gen, "--gen", value[O_GEN]))))
        return status;
    /* Each program's file, and a script's source, which its user must read. */
    const char *paths[6];
    int npaths = 0;
    for (int k = 0; k < 3; k++) {
        const pz_program *g = k < PZ_STRESS_PROGS ? &s->prog[k] : &s->gen;
        if (!g->cmd)
            continue;
        paths[npaths++] = g->path;
        if (g->argv[1] && pz_source_language(g->argv[1])) /* python3 FILE.py */
            paths[npaths++] = g->argv[1];
    }
    if (pz_exec_user(value[O_RUN_AS], paths, npaths))
        return pz_usage("stress: --run-as: no user '%s'", value[O_RUN_AS]);
    return 0;
}

/* --save DIR, made if need be: 0, or an exit status. */
static int save_dir(const pz_stress *s)
{
    struct stat st;
    if (s->save && stat(s->save, &st) && errno == ENOENT && mkdir(s->save, 0777))
        return pz_usage("stress: --save %s: cannot make the directory: %s", s->save,
                        strerror(errno));
    if (s->save && (stat(s->save, &st) || !S_ISDIR(st.st_mode) || access(s->save, W_OK)))
        return pz_usage("stress: --save %s: expected a directory we may write to", s->save);
    return 0;
}

/* The indices: --gen's seeds, or the corpus opened (spec): 0, or an exit
 * status. */
static int indices(pz_stress *s, const char *spec, const char *seeds)
{
    pz_error e;
    if (!spec)
        return parse_seeds(s, seeds);
    if (pz_corpus_open_stream(&s->corpus, s->p, spec, &e))
        return pz_print_error(&e);
    if (s->corpus.puzzle != s->p) {
        pz_corpus_close(&s->corpus);
        return pz_usage("stress: %s holds boards past %s's own sizes, which stress does not take",
                        spec, s->p->name);
    }
    s->count = s->corpus.count;
    return 0;
}

/* No path written is one read (the programs, the corpus and its answers):
 * 0, or an exit status. */
static int clashes(const pz_stress *s, const char *spec)
{
    char *ans = spec ? pz_ans_path(spec) : NULL;
    if (ans && access(ans, F_OK)) /* none beside the corpus */
        free(ans), ans = NULL;
    pz_path io[] = {{"--exec", s->prog[0].path, 0},
                    {"--against", s->prog[1].path, 0},
                    {"--gen", s->gen.path, 0},
                    {"the corpus", spec, 0},
                    {"the expected answers", ans, 0},
                    {"--json", s->json, 1},
                    {"--html", s->html, 1},
                    {"--junit", s->junit, 1},
                    {"--bmf", s->bmf, 1}};
    int status = pz_check_clash("stress", io, (int)(sizeof io / sizeof *io));
    free(ans);
    return status;
}

static int parse(pz_stress *s, int argc, char **argv, double *budget)
{
    const char *value[NOPTIONS];
    pz_error e;
    int first, status;
    if ((status = pz_parse_options(&pz_stress_command, NULL, argc, argv, value, &first)) >= 0)
        return status ? status : -1;
    if ((status = limits(s, value)))
        return status;
    s->json = value[O_JSON];
    s->html = value[O_HTML];
    s->junit = value[O_JUNIT];
    s->bmf = value[O_BMF];
    pz_github |= value[O_GITHUB] != NULL;
    s->save = value[O_SAVE];
    s->any_size = value[O_ANY_SIZE] != NULL;
    s->sample = 1;
    if ((status = puzzle_and_options(s, argc, argv, first, value)) || (status = programs(s, value)))
        return status;
    if (pz_plan_budget(value[O_TIME_BUDGET], budget, &e))
        return pz_usage("stress: %s", e.msg);
    if ((status = save_dir(s)) || (status = indices(s, value[O_CORPUS], value[O_SEEDS])) ||
        (status = clashes(s, value[O_CORPUS])))
        return status;
    pz_shard sh;
    if (pz_parse_shard(value[O_SHARD], s->count, &sh, &e))
        return pz_usage("stress: %s", e.msg);
    s->first = sh.first;
    s->end = sh.end;
    return 0;
}

/* Each program's CPU time per instance, a row each in a table fitted to
 * the text's width (report.h's pz_table_fit: 10-90%, mean and runs go
 * first), and with two programs their ratio. */
static void print_speeds(const pz_stress *s, const pz_stress_tally *all, int width)
{
    enum { P_PROGRAM, P_MEDIAN, P_RANGE, P_MEAN, P_RUNS, PCOLUMNS };
    static const int drop[] = {P_RANGE, P_MEAN, P_RUNS};
    pz_table_row rows[1 + PZ_STRESS_PROGS] = {
        {"program", "median", "10-90%", "mean", "timed runs"}};
    int n = s->prog[1].cmd ? PZ_STRESS_PROGS : 1, w[PCOLUMNS] = {0}, on[PCOLUMNS] = {1, 1, 1, 1, 1};
    char a[20], b[20], text[256];
    pz_wrapped(stdout, "CPU time per instance, in the runs that ended within the limits:", width,
               "", "  ");
    for (int k = 0; k < n; k++) {
        const pz_stress_prog *g = &all->prog[k];
        pz_stress_speed v = pz_stress_speed_of(g);
        char *cell[PCOLUMNS] = {rows[k + 1][0], rows[k + 1][1], rows[k + 1][2], rows[k + 1][3],
                                rows[k + 1][4]};
        size_t len = sizeof rows[k + 1][0];
        snprintf(cell[P_PROGRAM], len, "%s", pz_stress_names[k]);
        snprintf(cell[P_RUNS], len, "%lld of %lld", g->timed_runs, g->runs);
        if (!g->time.ran) {
            for (int c = P_MEDIAN; c <= P_MEAN; c++)
                strcpy(cell[c], "-");
            continue;
        }
        pz_span(cell[P_MEDIAN], len, v.median);
        pz_span(a, sizeof a, v.p10);
        pz_span(b, sizeof b, v.p90);
        snprintf(cell[P_RANGE], len, "%s..%s", a, b);
        pz_span(cell[P_MEAN], len, v.mean);
    }
    pz_table_fit(rows, n + 1, PCOLUMNS, drop, (int)(sizeof drop / sizeof *drop), width, w, on);
    pz_table_print(stdout, rows, n + 1, PCOLUMNS, w, on, 0);
    if (n == PZ_STRESS_PROGS) {
        pz_stress_versus v = pz_stress_compare(all);
        if (isnan(v.shift.ratio))
            snprintf(text, sizeof text, "--exec/--against: %s", v.verdict);
        else if (isnan(v.shift.lo) || isnan(v.shift.p))
            snprintf(text, sizeof text, "--exec/--against: %.3g (too few runs for an interval): %s",
                     v.shift.ratio, v.verdict);
        else
            snprintf(text, sizeof text,
                     "--exec/--against: %.3g (95%% interval %.3g..%.3g, p %.2g): %s", v.shift.ratio,
                     v.shift.lo, v.shift.hi, v.shift.p, v.verdict);
        pz_wrapped(stdout, text, width, "  ", "    ");
    }
}

/* Each program's peak memory a run (exec.h's peak_kb): the mean over its
 * runs and the largest, a table as the CPU times' (mean and runs go
 * first). */
static void print_memory(const pz_stress *s, const pz_stress_tally *all, int width)
{
    enum { M_PROGRAM, M_MEAN, M_MOST, M_RUNS, MCOLUMNS };
    static const int drop[] = {M_RUNS, M_MEAN};
    pz_table_row rows[1 + PZ_STRESS_PROGS] = {{"program", "mean", "at most", "runs"}};
    int n = s->prog[1].cmd ? PZ_STRESS_PROGS : 1, w[MCOLUMNS] = {0}, on[MCOLUMNS] = {1, 1, 1, 1};
    pz_wrapped(stdout,
               "Peak memory a run (its cgroup's peak where the run has one, else ru_maxrss):",
               width, "", "  ");
    for (int k = 0; k < n; k++) {
        const pz_stress_prog *g = &all->prog[k];
        size_t len = sizeof rows[k + 1][0];
        snprintf(rows[k + 1][M_PROGRAM], len, "%s", pz_stress_names[k]);
        snprintf(rows[k + 1][M_RUNS], len, "%lld", g->runs);
        if (!g->runs) {
            strcpy(rows[k + 1][M_MEAN], "-");
            strcpy(rows[k + 1][M_MOST], "-");
            continue;
        }
        pz_bytes(rows[k + 1][M_MEAN], len, (double)g->rss_kb * 1024 / (double)g->runs);
        pz_bytes(rows[k + 1][M_MOST], len, (double)g->rss_kb_max * 1024);
    }
    pz_table_fit(rows, n + 1, MCOLUMNS, drop, (int)(sizeof drop / sizeof *drop), width, w, on);
    pz_table_print(stdout, rows, n + 1, MCOLUMNS, w, on, 0);
}

/* The report's head: what was judged, by which programs, under what limits. */
static void report_head(const pz_stress *s, const pz_stress_tally *all, double wall,
                        const pz_context *ctx)
{
    char line[1024];
    const char *unit = s->gen.cmd ? "seed" : "instance";
    long long total = pz_stress_judged(s);
    if (s->gen.cmd)
        printf("stress %s: %lld seeds %lld..%lld of a generator, %lld instances in their inputs, "
               "%lld runs (%d job%s), %.2f s\n",
               s->p->name, s->count, s->seed0, s->seed0 + s->count - 1, all->instances,
               s->corpus_runs, s->jobs, s->jobs > 1 ? "s" : "", wall);
    else
        printf("stress %s: %lld instances of %s, %lld runs of up to %lld (%d job%s), %.2f s\n",
               s->p->name, s->corpus.count, s->corpus.spec, s->corpus_runs, s->batch, s->jobs,
               s->jobs > 1 ? "s" : "", wall);
    if (s->end - s->first < s->count || s->sample > 1) {
        printf("judged: %lld %ss", total, unit);
        if (s->end - s->first < s->count && s->gen.cmd)
            printf(", of the shard: seeds %lld..%lld", s->seed0 + s->first, s->seed0 + s->end - 1);
        else if (s->end - s->first < s->count)
            printf(", of the shard [%lld, %lld)", s->first, s->end);
        if (s->sample > 1)
            printf(", 1 in %lld (sampled for the time budget)", s->sample);
        putchar('\n');
    }
    if (s->runs > s->corpus_runs)
        printf("then %lld run%s of one %s, for the failures shown and shrunk below\n",
               s->runs - s->corpus_runs, s->runs - s->corpus_runs > 1 ? "s" : "",
               s->gen.cmd ? "input" : "instance");
    printf("program: %s\n", s->prog[0].cmd);
    if (s->prog[1].cmd)
        printf("reference program (--against): %s\n", s->prog[1].cmd);
    if (s->gen.cmd)
        printf("generator (--gen): %s SEED\n", s->gen.cmd);
    pz_wrapped(stdout, pz_context_line(ctx, line, sizeof line), pz_text_width(stdout), "", "  ");
    printf("limits per run: CPU %ld ms, wall %ld ms, memory ", s->lim.time_ms, s->lim.wall_ms);
    if (s->lim.memory_mb)
        printf("%ld MiB", s->lim.memory_mb);
    else
        printf("unlimited");
    printf(", output %d x expected\n", PZ_OLE_TIMES);
    printf("CPU time charged to a run: %s\n", pz_exec_accounting(line, sizeof line));
    printf("memory and processes limited: %s\n", pz_exec_limiting(line, sizeof line));
    printf("program run as: %s\n", pz_exec_who(line, sizeof line));
}

/* The verdicts and what else the runs came to. */
static void report_counts(const pz_stress *s, const pz_stress_tally *all, int saved, int strays,
                          int sig)
{
    const char *unit = s->gen.cmd ? "seed" : "instance";
    long long total = pz_stress_judged(s);
    for (int k = 0; k < (s->prog[1].cmd ? PZ_STRESS_PROGS : 1); k++) {
        printf("%s:", k ? "--against's verdicts" : "verdicts");
        for (int o = 0; o < PZ_OUTCOMES; o++)
            printf(" %s %lld%s", pz_outcome_names[o], all->prog[k].count[o],
                   o + 1 < PZ_OUTCOMES ? " " : "\n");
    }
    if (all->unreferenced)
        printf("judged by the checker alone (--against failed, and no solver of ours takes "
               "them): %lld instance%s\n",
               all->unreferenced, all->unreferenced > 1 ? "s" : "");
    if (sig) {
        printf("interrupted by %s: %lld of the %lld %ss judged, in the batches finished by\n"
               "then; the runs under way ended as they would have, and none started after it\n",
               signal_name(sig), s->done, total, unit);
        if (s->gen.cmd && s->sample == 1 && s->done > 0 && s->done < total)
            printf("judged seeds %lld..%lld; --seeds %lld..%lld judges the rest\n",
                   s->seed0 + s->first, s->seed0 + s->first + s->done - 1,
                   s->seed0 + s->first + s->done, s->seed0 + s->end - 1);
    }
    if (s->split)
        printf("%lld runs failed as a whole and were cut to find the culprits\n", s->split);
    for (int k = 0; k < PZ_STRESS_PROGS; k++) {
        long long charged = 0;
        for (int o = 0; o < PZ_OUTCOMES; o++)
            charged += all->prog[k].charged[o];
        if (!charged)
            continue;
        printf("of these, %scharged with the failed run they were in, not judged alone:",
               k ? "--against's " : "");
        for (int o = 0; o < PZ_OUTCOMES; o++)
            if (all->prog[k].charged[o])
                printf(" %s %lld", pz_outcome_names[o], all->prog[k].charged[o]);
        putchar('\n');
    }
    if (all->jury_unknown)
        printf("the jury gave no answer (\"unknown\") to %lld instance%s: judged against our\n"
               "reference's answer there\n",
               all->jury_unknown, all->jury_unknown > 1 ? "s" : "");
    if (all->jury)
        printf("the jury is wrong: our reference refutes the corpus's expected answer on %lld\n"
               "instance%s, where the program is judged against the reference's answer instead;\n"
               "the first, instance %lld: %s\n",
               all->jury, all->jury > 1 ? "s" : "", all->jury_first, all->jury_why);
    if (strays)
        printf("ended %d process%s that had left the process group of its run\n", strays,
               strays > 1 ? "es" : "");
    print_speeds(s, all, pz_text_width(stdout));
    print_memory(s, all, pz_text_width(stdout));
    if (saved)
        printf("saved: %d failing input%s in %s, each with its expected answers (.ans)\n", saved,
               saved > 1 ? "s" : "", s->save);
}

/* The failures: the first in full, more in a line each, and the shrunk. */
static void report_failures(const pz_stress *s, const pz_stress_tally *all, const pz_example *ex,
                            int nex, const pz_example *shrunk, int nshrunk)
{
    char at[64], why[320];
    for (int i = 0; i < nex; i++) {
        printf("\nfailure %d: %s: %s: %s\n", i + 1, where(s, ex[i].index, ex[i].who, at, sizeof at),
               pz_outcome_names[ex[i].seen],
               reason(all->fails[i].part, all->fails[i].why, why, sizeof why));
        print_example(stdout, &ex[i]);
    }
    int listed = nex;
    for (; listed < all->nfails && listed < nex + 10; listed++)
        printf("%sfailure %d: %s: %s: %s\n", listed == nex ? "\n" : "", listed + 1,
               where(s, all->fails[listed].index, all->fails[listed].who, at, sizeof at),
               pz_outcome_names[all->fails[listed].v],
               reason(all->fails[listed].part, all->fails[listed].why, why, sizeof why));
    if (all->failures > listed) /* the JSON report lists the first PZ_STRESS_KEEP */
        printf("... the first %d of %lld failures shown, %lld more not shown; a JSON report "
               "(--json F) lists the first %d\n",
               listed, all->failures, all->failures - listed, all->nfails);
    for (int i = 0; i < nshrunk; i++) {
        const pz_example *e = &shrunk[i];
        char from[96];
        if (s->gen.cmd && e->part >= 0)
            snprintf(from, sizeof from, "seed %lld's instance %d", s->seed0 + e->index,
                     e->part + 1);
        else
            where(s, e->index, 0, from, sizeof from);
        if (e->runs)
            printf("\nsmallest %s instance: shrunk from %s in %d step%s (%d runs%s): %s\n",
                   pz_outcome_names[e->seen], from, e->steps, e->steps == 1 ? "" : "s", e->runs,
                   e->runs >= PZ_STRESS_SHRINK_RUNS ? ", stopped at the limit" : "", e->why);
        else
            printf("\nfirst %s %s, not shrunk:\n", pz_outcome_names[e->seen], from);
        print_example(stdout, e);
    }
}

static void report(const pz_stress *s, const pz_stress_tally *all, const pz_example *ex, int nex,
                   const pz_example *shrunk, int nshrunk, int saved, double wall, int strays,
                   const pz_context *ctx, int sig)
{
    report_head(s, all, wall, ctx);
    report_counts(s, all, saved, strays, sig);
    report_failures(s, all, ex, nex, shrunk, nshrunk);
}

/* The reports asked for checked writable before any run, the folder the
 * failures go to without --save, and an empty corpus refused: 0, or an
 * exit status.  *save: the folder chosen, to free. */
static int outputs(pz_stress *s, char **save)
{
    int rc = 0;
    if (s->json)
        rc = pz_check_output("stress", "--json", s->json);
    if (rc == 0 && s->html)
        rc = pz_check_output("stress", "--html", s->html);
    if (rc == 0 && s->junit)
        rc = pz_check_output("stress", "--junit", s->junit);
    if (rc == 0 && s->bmf)
        rc = pz_check_output("stress", "--bmf", s->bmf);
    if (rc == 0 && !s->save) { /* the failures shown are saved where run saves its own */
        const char *reports[] = {s->json, s->html, s->junit, s->bmf};
        s->save = *save = pz_save_dir(NULL, reports, 4);
        s->save_shown = 1;
    }
    if (rc == 0 && !s->count) { /* every instance AC, of none, is not a pass */
        fflush(stdout);
        fprintf(stderr, "puzzlebench: stress: no instance in the corpus %s: nothing was judged\n",
                s->corpus.spec);
        rc = PZ_EXIT_FAIL;
    }
    return rc;
}

/* A way out once runs may have begun: signals are ours no more, and what
 * the programs left behind is ended. */
static void release(void)
{
    pz_stop_release();
    pz_end_strays();
}

/* The time budget: a pilot and its table (plan.h).  -1 to go on, else the
 * exit status (the budget refuses the stress, or the pilot met an error). */
static int budget_plan(pz_stress *s, double budget)
{
    pz_stress_plan plan;
    if (!pz_stress_plan_make(s, budget, &plan)) {
        pz_stress_plan_print(stderr, s, &plan, budget);
        if (plan.verdict == PZ_DROPPED) {
            release();
            return PZ_EXIT_USAGE;
        }
    } else if (plan.bad) {
        release();
        return pz_print_error(&plan.error);
    }
    return -1;
}

/* The report's last line, and the exit status it gives (a signal aside);
 * *all_ac: every instance judged AC, and all of them judged. */
static int last_line(const pz_stress *s, const pz_stress_tally *all, int sig, int *all_ac)
{
    long long total = sig ? s->done : pz_stress_judged(s), ac = all->prog[0].count[PZ_AC];
    int wrong_ref = s->prog[1].cmd && all->prog[1].count[PZ_AC] != total;
    int ok = ac == total && !all->jury && !wrong_ref;
    int rc = ok && !sig ? PZ_EXIT_OK : PZ_EXIT_FAIL;
    char jury[96] = "";
    if (all->jury) /* the run fails, and says whose fault it is */
        snprintf(jury, sizeof jury, ": the jury is wrong on %lld instance%s", all->jury,
                 all->jury > 1 ? "s" : "");
    else if (wrong_ref)
        snprintf(jury, sizeof jury, ": --against fails on %lld %s%s",
                 total - all->prog[1].count[PZ_AC], s->gen.cmd ? "seed" : "instance",
                 total - all->prog[1].count[PZ_AC] > 1 ? "s" : "");
    if (sig) /* as run's summary says it */
        printf("\nPARTIAL: interrupted after %lld of %lld %ss. %s%s\n", s->done,
               pz_stress_judged(s), s->gen.cmd ? "seed" : "instance",
               ok ? "all AC so far" : "FAILED", jury);
    else
        printf("\n%s%s\n", rc ? "FAILED" : "all AC", jury);
    *all_ac = !sig && ac == total && (!s->prog[1].cmd || all->prog[1].count[PZ_AC] == total);
    return rc;
}

/* The reports besides the terminal's (JSON, JUnit, BMF, GitHub's): rc, or
 * PZ_EXIT_USAGE where one cannot be written. */
static int write_reports(const pz_stress_report *r, int rc)
{
    const pz_stress *s = r->s;
    if (s->json && write_json(r))
        rc = PZ_EXIT_USAGE;
    if ((s->html && pz_write_file(s->html, pz_write_html_stress, r)) ||
        (s->junit && pz_write_file(s->junit, pz_write_junit_stress, r)) ||
        (s->bmf && pz_write_file(s->bmf, pz_write_bmf_stress, r)))
        rc = PZ_EXIT_USAGE;
    if (pz_github_on())
        pz_github_stress(r);
    return rc;
}

/* The stress itself, once planned: the corpus judged, the failures run
 * again alone and shrunk (into ex and shrunk), every report written.  The
 * exit status. */
static int judge(pz_stress *s, pz_stress_tally *all, time_t started, pz_example *ex, int *nex,
                 pz_example *shrunk, int *nshrunk)
{
    int saved = 0, sig, all_ac, rc;
    double wall = pz_stress_corpus(s, all);
    pz_context ctx;
    pz_context_gather(&ctx, s->jobs, started);
    s->corpus_runs = s->runs;
    if (all->bad) {
        release();
        return pz_print_error(&all->error);
    }
    pz_stress_examine(s, all, ex, nex, shrunk, nshrunk, &saved);
    sig = pz_stop_signal;
    pz_stop_release();
    report(s, all, ex, *nex, shrunk, *nshrunk, saved, wall, pz_end_strays(), &ctx, sig);
    rc = last_line(s, all, sig, &all_ac);
    if (pz_check_stdout()) /* before the JSON: the terminal report is the first */
        rc = PZ_EXIT_USAGE;
    pz_stress_report r = {s, all, ex, *nex, shrunk, *nshrunk, saved, wall, &ctx, sig, all_ac};
    rc = write_reports(&r, rc);
    return sig ? 128 + sig : rc;
}

int pz_cmd_stress(int argc, char **argv)
{
    pz_stress s = {0};
    pz_stress_tally *all = pz_xcalloc(1, sizeof *all);
    pz_example ex[PZ_STRESS_KEEP] = {0}, shrunk[2] = {0};
    int nex = 0, nshrunk = 0, rc;
    double budget = 0;
    char *save = NULL;
    if ((rc = parse(&s, argc, argv, &budget)) == 0)
        rc = outputs(&s, &save);
    if (rc == 0) {
        pz_prepare_all();
        pz_exec_setup();
        pz_stop_catch(); /* over exec.h's handlers: a second signal is theirs */
        time_t started = time(NULL);
        if ((rc = budget_plan(&s, budget)) < 0)
            rc = judge(&s, all, started, ex, &nex, shrunk, &nshrunk);
    }
    for (int i = 0; i < nex; i++)
        pz_example_free(&ex[i]);
    for (int i = 0; i < nshrunk; i++)
        pz_example_free(&shrunk[i]);
    for (int k = 0; k < PZ_STRESS_PROGS; k++)
        if (s.prog[k].argv)
            pz_free_words(s.prog[k].argv);
    if (s.gen.argv)
        pz_free_words(s.gen.argv);
    if (!s.gen.cmd)
        pz_corpus_close(&s.corpus);
    for (int k = 0; k < PZ_STRESS_PROGS; k++)
        pz_tally_free(&all->prog[k].time);
    free(all);
    free(save);
    return rc < 0 ? PZ_EXIT_OK : rc;
}
