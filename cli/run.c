/* run.c - `puzzlebench run`: the options, the help, and the run itself
 * (bench/run.c) with its reports and saved regressions. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "../bench/github.h"
#include "../bench/engine.h"
#include "../bench/plan.h"
#include "../bench/output.h"
#include "../bench/report.h"
#include "../bench/select.h"
#include "../bench/shrink.h"
#include "../solvers/io.h"

int pz_parse_sample(const char *s, long long *every, pz_error *e)
{
    const char *p = s;
    long long one;
    if (!pz_parse_uint(&p, 1, &one) || one != 1 || *p++ != '/' ||
        !pz_parse_uint(&p, 1ll << 50, every) || *p || *every < 1)
        return pz_fail(e, NULL,
                       "expected --sample 1/R with R >= 1 (slow solvers take every "
                       "R-th instance), found '%s'",
                       s);
    return 0;
}

/* The options of run, one line each: they make the help and getopt's table. */
#define RUN_OPTIONS(X)                                                                             \
    X(CORPUS, "corpus", 0, "SPEC", "PUZZLE:KIND[:key=value]... or a judge-format FILE.in")         \
    X(SOLVERS, "solvers", 0, "A,B", "the solvers to run (default: all of the puzzle's)")           \
    X(THREADS, "threads", 0, "T", "OpenMP threads (default: OMP_NUM_THREADS or the cores)")        \
    X(SHARD, "shard", 0, "K/N",                                                                    \
      "only shard K of N (0 <= K < N): a contiguous share of the\n"                                \
      "indices; the N shards together are the corpus, once")                                       \
    X(SAMPLE, "sample", 0, "1/R",                                                                  \
      "slow solvers run only on instances whose index is a multiple\n"                             \
      "of R; the slow ones are those marked slow in `puzzlebench list`,\n"                         \
      "or those given with --slow")                                                                \
    X(SLOW, "slow", 0, "A,B", "the solvers --sample applies to")                                   \
    X(TIME_BUDGET, "time-budget", 0, "S",                                                          \
      "CPU seconds for the whole corpus (default %d; 'none' lifts it):\n"                          \
      "without --sample, a generated corpus of a thousand instances or\n"                          \
      "more is first estimated on a pilot of each solver (the table\n"                             \
      "on stderr), and a solver whose estimate passes its equal share\n"                           \
      "runs on a sample 1/R (R a power of ten), or is dropped if that\n"                           \
      "leaves it under a hundred instances",                                                       \
      .num = PZ_TIME_BUDGET)                                                                       \
    X(BUDGET, "budget", 0, "B",                                                                    \
      "each solver's budget for each game: CPU seconds (2s, 0.5s),\n"                              \
      "nodes of its search (1e7n) or both (2s,1e7n); a game it does\n"                             \
      "not finish within it has the answer unknown, with the size of\n"                            \
      "its tree as the search estimates it, counted apart and never\n"                             \
      "a failure (default none: every game searched to the end).\n"                                \
      "Tetravex's solvers only: nodes of the searches, sat's\n"                                    \
      "conflicts, Gecode's nodes")                                                                 \
    X(PLAN, "plan", 0, NULL,                                                                       \
      "print the options the estimate chose (--solvers, --sample,\n"                               \
      "--slow, --time-budget none) on stdout and run nothing: for\n"                               \
      "the shards of one run, which must all choose alike")                                        \
    X(BATCH, "batch", 0, "B",                                                                      \
      "instances per batch (default: the shard / 64, at most %d,\n"                                \
      "or 1 on boards past Flip Game's 8x8 or Lights Out's 64x64\n"                                \
      "(and its 61x61, 62x64, 64x62) and on sweeps; never more\n"                                  \
      "than the shard, nor 1 GiB of buffers a thread)",                                            \
      .num = PZ_BATCH)                                                                             \
    X(REPEAT, "repeat", 0, "K",                                                                    \
      "K passes (1 to %d) over the shard, one after another, each\n"                               \
      "timing every batch for every solver, the solvers taking\n"                                  \
      "turns in an order rotated each pass; the report gives each\n"                               \
      "solver's K CPU times per instance (and wall times) with\n"                                  \
      "their mean, standard deviation and 95%% confidence interval,\n"                             \
      "and each pass's median batch and spread of batch times (for\n"                              \
      "`puzzlebench compare`, which takes its 5th percentile);\n"                                  \
      "the answers are checked once",                                                              \
      .num = PZ_REPEAT)                                                                            \
    X(WARMUP, "warmup", 0, NULL, "an untimed pass over the shard first")                           \
    X(JSON, "json", 0, "F",                                                                        \
      "the JSON report (F '-' is stdout); reports are written\n"                                   \
      "through a temporary file, and those of an interrupted run\n"                                \
      "beside F: X.json -> X.partial.json")                                                        \
    X(CSV, "csv", 0, "F", "the CSV report (F '-' is stdout)")                                      \
    X(MD, "md", 0, "F", "the Markdown report (F '-' is stdout)")                                   \
    X(HTML, "html", 0, "F",                                                                        \
      "the report as one HTML page (F '-' is stdout): the table,\n"                                \
      "each solver's batch times, relative speed, the answers,\n"                                  \
      "the failures and provenance, with no script or network")                                    \
    PZ_CI_OPTIONS(X)                                                                               \
    PZ_SUMMARY_OPTIONS(X)                                                                          \
    X(SAVE, "save", 0, "DIR",                                                                      \
      "where shrunk failures go (default corpus/regressions where\n"                               \
      "there is a corpus/ here, else regressions/ beside the first\n"                              \
      "report, or here)")                                                                          \
    X(NO_SAVE, "no-save", 0, NULL, "do not shrink or save failures")                               \
    PZ_PLUGIN_OPTION(X)

enum { RUN_OPTIONS(PZ_OPTION_ID) O_HELP, NOPTIONS };
static const pz_option options[] = {RUN_OPTIONS(PZ_OPTION) PZ_HELP_OPTION PZ_END_OPTIONS};
static void help(FILE *);
const pz_command_line pz_run_command = {
    .name = "run",
    .args = "PUZZLE --corpus SPEC [--solvers A,B] [--threads T] [--shard K/N] [...]",
    .summary = "solve, check, compare and time every instance of a corpus (run --help)",
    .options = options,
    .help = help,
    .run = pz_cmd_run,
};

static void help(FILE *f)
{
    pz_print_usage(f, &pz_run_command);
    fprintf(f,
            "\n"
            "Solves every instance of the corpus (or its shard) with each solver, checks every\n"
            "answer with the puzzle's independent checker, and compares it with the reference:\n"
            "the corpus's expected answer (FILE.ans) where there is one, else the first answer\n"
            "that checks from the reference solvers (gf2; for Tetravex the portfolio, then\n"
            "turns), then from the others, in `puzzlebench list` order.  Per solver it reports\n"
            "what ran, was skipped (fits() refused it), failed the check (invalid) or differed\n"
            "from the reference (disagree), and the time per instance: the median of the warm\n"
            "batches' CPU time (the headline; a solver's first batch in a thread is cold, shown\n"
            "apart) with its median absolute deviation and range, the CPU time against the\n"
            "fastest solver's on the same instances (relative), and the wall clock's mean;\n"
            "the index where the slowest batch starts (with --batch 1, the slowest instance).\n"
            "A solver with no warm batch (one instance a thread) has its cold batches' mean as\n"
            "headline, marked \"(cold)\"; the repeat line (--repeat) gives each headline again\n"
            "and the passes' own means apart, compare and the reports the same headline.  The\n"
            "table fits $COLUMNS, else the terminal, else 100 columns: where it is wider it drops\n"
            "wall, cold, min..max, skipped, relative, mad, unknown, disagree and invalid, in this\n"
            "order (--md, --json and --html keep them all).\n"
            "How the timings are made and read: results/README.md.  The first %d\n"
            "failures by index are listed in full; the first %d that fail among the solvers\n"
            "themselves (not only against FILE.ans), on boards of the puzzle's own sizes (not\n"
            "big boards), are shrunk and saved as DIR/PUZZLE-HASH.in with the reference's .ans.\n"
            "\n",
            PZ_KEEP, PZ_SHRINK);
    pz_print_options(f, options);
    fputs("\n"
          "Exit status: 0 every answer checks and agrees; 1 an answer fails its check or\n"
          "differs from the reference, an answer went unchecked (an Impossible nothing\n"
          "proves whose reference --budget cut: raise --budget), or no answer was\n"
          "checked at all (every solver skipped every instance, or\n"
          "the corpus has none: \"no instance in the corpus\"; games cut by --budget\n"
          "count as neither);\n"
          "2 bad usage or input; 130 (SIGINT) or 143 (SIGTERM) when interrupted: a signal\n"
          "stops every search within a second, the batches finished before it are\n"
          "reported, marked partial, in X.partial.json beside the report X.json (a batch\n"
          "the signal came in counts for nothing, and no failure is shrunk).  A second\n"
          "signal ends the process at once.\n",
          f);
}

/* No report is written over the corpus, its answers or another report. */
static int check_clash(const pz_corpus *c, const char *spec, const char *const out[PZ_OUTS])
{
    char *ans = c->gen ? NULL : pz_ans_path(spec);
    if (ans && access(ans, F_OK)) /* none beside the corpus */
        free(ans), ans = NULL;
    pz_path paths[2 + PZ_OUTS] = {{"the corpus", c->gen ? NULL : spec, 0},
                                  {"the expected answers", ans, 0}};
    for (int i = 0; i < PZ_OUTS; i++)
        paths[2 + i] = (pz_path){pz_output_option[i], out[i], 1};
    int status = pz_check_clash("run", paths, 2 + PZ_OUTS);
    free(ans);
    return status;
}

/* A whole number from 1 to max, or 0. */
static int whole(const char *s, int max)
{
    long long v;
    return pz_parse_uint(&s, max, &v) && !*s ? (int)v : 0;
}

/* The solvers of rows[0 .. n) the plan dropped, as "a,b", into buf. */
static const char *dropped(const pz_plan_row *rows, int n, char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = 0;
    for (int s = 0; s < n && at < len; s++)
        if (rows[s].verdict == PZ_DROPPED)
            at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? "," : "", rows[s].solver->name);
    return buf;
}

/* The time budget: without a sample of the user's, a pilot of each solver
 * and the plan it makes (plan.h).  With only, the plan's options on stdout,
 * and on a second line "# dropped: A,B" the solvers it dropped.  A plan
 * that drops every solver runs nothing: exit 2.  -1 to go on with the run,
 * else the exit status. */
static int plan(const pz_corpus *c, pz_run_opts *o, const char *budget, int sampled, int only)
{
    pz_plan_row rows[PZ_RUN_SOLVERS];
    pz_run_opts before = *o;
    char drop[PZ_RUN_SOLVERS * 64];
    double seconds;
    pz_error e;
    if (pz_plan_budget(budget, &seconds, &e))
        return pz_usage("run: %s", e.msg);
    if (sampled && only)
        return pz_usage("run: --plan makes the sample: it takes no --sample or --slow");
    int planned = !seconds ? -1 : pz_plan(c, o, seconds, rows);
    if (only && pz_stop_signal) /* the pilot was cut: no plan to print */
        return 128 + pz_stop_signal;
    if (planned >= 0 && !pz_summary_quiet)
        pz_plan_print(stderr, rows, before.nsolvers, o, seconds, c->count);
    if (planned >= 0 && !o->nsolvers)
        return pz_usage("run: the time budget of %.15g s drops every solver (%s), so nothing "
                        "would run; --time-budget none runs them whole",
                        seconds, dropped(rows, before.nsolvers, drop, sizeof drop));
    if (!only)
        return -1;
    for (int s = 0; s < o->nsolvers; s++)
        printf("%s%s", s ? "," : "--solvers ", o->solvers[s]->name);
    if (o->slow) {
        printf(" --sample 1/%lld --slow ", o->sample);
        for (int s = 0, k = 0; s < o->nsolvers; s++)
            if ((o->slow >> s) & 1)
                printf("%s%s", k++ ? "," : "", o->solvers[s]->name);
    }
    puts(" --time-budget none");
    if (planned > 0 && *dropped(rows, before.nsolvers, drop, sizeof drop))
        printf("# dropped: %s\n", drop);
    return PZ_EXIT_OK;
}

/* The options that shape the run into o: the solvers, --sample, --threads,
 * --batch, --budget and --repeat.  0, or the exit status, told. */
static int run_options(const pz_puzzle *p, const char *const *value, pz_run_opts *o)
{
    const char *sample = value[O_SAMPLE], *threads = value[O_THREADS], *batch = value[O_BATCH];
    const char *repeat = value[O_REPEAT];
    pz_error e;
    if (pz_select_solvers(p, value[O_SOLVERS], value[O_SLOW], o, &e))
        return pz_print_error_in("run", &e);
    if (sample && pz_parse_sample(sample, &o->sample, &e))
        return pz_print_error(&e);
    if (threads && !(o->threads = whole(threads, 1024)))
        return pz_usage("run: expected --threads T with 1 <= T <= 1024, found '%s'", threads);
    if (batch && !(o->batch = whole(batch, 1 << 24)))
        return pz_usage("run: expected --batch B with 1 <= B <= %d, found '%s'", 1 << 24, batch);
    if (value[O_BUDGET] && pz_parse_budget(value[O_BUDGET], &o->budget, &e))
        return pz_print_error(&e);
    if (repeat && !(o->repeat = whole(repeat, PZ_REPEAT)))
        return pz_usage("run: expected --repeat K with 1 <= K <= %d, found '%s'", PZ_REPEAT,
                        repeat);
    if (o->sample == 1)
        o->slow = 0;
    o->progress = !pz_summary_quiet;
    return 0;
}

/* The run, its reports and its saved failures (into save, unless nosave):
 * the exit status. */
static int run_and_report(const pz_corpus *c, const pz_shard *sh, const pz_run_opts *o,
                          const char *const out[PZ_OUTS], const char *save, int nosave)
{
    time_t started = time(NULL);
    pz_context ctx;
    pz_result res;
    int status;
    pz_run(c, sh, o, &res);
    pz_stop_release();
    pz_context_gather(&ctx, res.opts.threads, started);
    res.context = &ctx;
    status = pz_write_reports(&res, out);
    status = status < 0 ? PZ_EXIT_USAGE : status ? PZ_EXIT_FAIL : PZ_EXIT_OK;
    /* Interrupted, the searches stay stopped (pz_stop): no shrinking. */
    if (res.failures && !nosave && !res.signal)
        pz_save_regressions(&res, save);
    if (res.read_failed)
        status = pz_print_error(&res.read_error);
    else if (res.partial)
        status = 128 + (res.signal ? res.signal : SIGINT);
    pz_result_free(&res);
    return status;
}

int pz_cmd_run(int argc, char **argv)
{
    const char *value[NOPTIONS];
    const pz_puzzle *p = NULL;
    pz_run_opts o = {.sample = 1};
    pz_corpus c;
    pz_shard sh;
    pz_error e;
    int first, status;

    if ((status = pz_parse_options(&pz_run_command, NULL, argc, argv, value, &first)) >= 0)
        return status;
    for (int i = first; i < argc; i++)
        if ((status = pz_puzzle_arg("run", argv[i], &p)))
            return status;
    const char *spec = value[O_CORPUS];
    const char *out[PZ_OUTS] = {value[O_JSON], value[O_CSV],   value[O_MD],
                                value[O_HTML], value[O_JUNIT], value[O_BMF]};
    char *save = pz_save_dir(value[O_SAVE], out, PZ_OUTS);
    o.warmup = value[O_WARMUP] != NULL;
    pz_github |= value[O_GITHUB] != NULL;
    PZ_SUMMARY_SET(value);
    if ((status = pz_check_outputs("run", out)) ||
        (status = pz_open_shard("run", p, spec, value[O_SHARD], 1, &c, &sh))) {
        free(save);
        return status;
    }
    if ((status = check_clash(&c, spec, out)) || (status = run_options(p, value, &o)))
        goto out;
    if (!c.count) { /* nothing to check is not an OK (an empty shard of a corpus is) */
        fflush(stdout);
        fprintf(stderr, "puzzlebench: run: no instance in the corpus %s: nothing was checked\n",
                c.spec);
        status = PZ_EXIT_FAIL;
        goto out;
    }
    if (pz_run_check(&c, &sh, &o, &e)) {
        status = pz_print_error(&e);
        goto out;
    }
    /* Caught before the pilot: a signal there stops it, and the run then
     * reports nothing done, partial, as it does for a signal at its start. */
    pz_stop_catch();
    if ((status = plan(&c, &o, value[O_TIME_BUDGET], value[O_SAMPLE] || value[O_SLOW],
                       value[O_PLAN] != NULL)) >= 0) {
        pz_stop_release();
        goto out;
    }
    status = run_and_report(&c, &sh, &o, out, save, value[O_NO_SAVE] != NULL);
out: /* the corpus holds its spec on the heap, so every way out closes it */
    pz_corpus_close(&c);
    free(save);
    return status;
}
