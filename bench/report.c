/* report.c - a run's result as a terminal summary, JSON, CSV and Markdown.
 *
 * The JSON's shape is bench/schema.c's; the terminal and Markdown forms say
 * in one line where and from what the result was made (its context).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "report.h"
#include "schema.h"

static double ns_per(double seconds, long long n)
{
    return n > 0 ? seconds * 1e9 / (double)n : 0;
}

/* The result's context in one line: the build, the machine, the date. */
static void context_line(FILE *f, const pz_result *r, const char *prefix, const char *end)
{
    pz_context now;
    char line[1024];
    if (!r->context)
        pz_context_gather(&now, r->opts.threads, time(NULL));
    fprintf(f, "%s%s%s", prefix, pz_context_line(r->context ? r->context : &now, line, sizeof line),
            end);
}

/* A solver's timing cells.  The headline (cpu) is the median of the warm
 * batches' CPU time per instance: CPU time, as the thread's clock stops
 * while another process has the core (on a shared machine, much of the
 * time); the median, as it shrugs off the batches slowed all the same
 * (caches, frequency); warm batches, as a solver's first batch in a thread
 * meets new scratch and cold caches (those are shown apart, cold).  mad is
 * the median's median absolute deviation, in percent of it; range the
 * fastest and the slowest warm batch; relative the CPU time against the
 * baseline's on the same instances (pz_relative); wall the monotonic
 * clock's mean over every batch, which a loaded machine inflates. */
typedef pz_cells cells;

/* A spread's cells: its median (cpu), MAD and range. */
static void spread_cells(cells *c, const pz_spread *sp)
{
    char lo[16], hi[16];
    double median = pz_spread_quantile(sp, 0.5), mad = pz_spread_mad(sp) / median;
    pz_span(c->cpu, sizeof c->cpu, 1e-9 * median);
    /* below a class's width (1/PZ_PER_OCTAVE), the spread is not measured;
     * from 1000% whole percents, so that the cell keeps within its 7
     * columns (a batch of a few ns beside the clock's steps) */
    snprintf(c->mad, sizeof c->mad,
             mad < 1.0 / PZ_PER_OCTAVE ? "<%.1f%%"
             : mad < 10                ? "%.1f%%"
                                       : "%.0f%%",
             mad < 1.0 / PZ_PER_OCTAVE ? 100.0 / PZ_PER_OCTAVE : 100 * mad);
    pz_span(lo, sizeof lo, 1e-9 * pz_spread_quantile(sp, 0));
    pz_span(hi, sizeof hi, 1e-9 * pz_spread_quantile(sp, 1));
    snprintf(c->range, sizeof c->range, "%s..%s", lo, hi);
}

static cells timing(const pz_result *r, int s, int base)
{
    const pz_tally *t = &r->tally[s];
    cells c = {"-", "-", "-", "-", "-", "-"};
    double ratio;
    if (!t->ran)
        return c;
    if (t->cpu_spread.n) {
        spread_cells(&c, &t->cpu_spread);
    }
    if (base >= 0 && pz_relative(r, s, base, &ratio, NULL)) {
        /* three significant digits, as the times have */
        double unit = ratio < 9.995 ? 0.01 : ratio < 99.95 ? 0.1 : pow(10, floor(log10(ratio)) - 2);
        snprintf(c.relative, sizeof c.relative, "%.*fx",
                 unit < 0.05  ? 2
                 : unit < 0.5 ? 1
                              : 0,
                 round(ratio / unit) * unit);
    }
    if (t->cold_ran)
        pz_span(c.cold, sizeof c.cold, 1e-9 * ns_per(t->cold_cpu_seconds, t->cold_ran));
    pz_span(c.wall, sizeof c.wall, 1e-9 * ns_per(t->seconds, t->ran));
    return c;
}

/* The width of the solver column: the longest name (a plug-in's FILE.so:NAME). */
static int name_width(const pz_result *r)
{
    int w = 10;
    for (int s = 0; s < r->opts.nsolvers; s++)
        if ((int)strlen(r->opts.solvers[s]->name) > w)
            w = (int)strlen(r->opts.solvers[s]->name);
    return w;
}

static int sampled(const pz_result *r, int s)
{
    return (r->opts.slow >> s) & 1;
}

/* "a b c" with a separator, for the one-line forms of judge text. */
static void flat(FILE *f, const char *text, const char *sep)
{
    for (const char *t = text; *t; t++)
        if (*t != '\n')
            putc(*t, f);
        else if (t[1])
            fputs(sep, f);
}

/* Instances ran and not one answer was certified or agreed: every solver
 * skipped them, was cut or sampled out, which proves nothing (an empty
 * shard is fine). */
int pz_nothing_checked(const pz_result *r)
{
    return pz_result_verdict(r) == PZ_RESULT_UNCHECKED;
}

long long pz_unknown_games(const pz_result *r)
{
    long long n = 0;
    for (int s = 0; s < r->opts.nsolvers; s++)
        n += r->tally[s].unknown;
    return n;
}

/* A run with --budget, or with games it cut: its table has a column of
 * them, and a note says what the budget was and how large their trees. */
static int budgeted(const pz_result *r)
{
    return pz_budget_on(&r->opts.budget) || pz_unknown_games(r);
}

static void unknown_note(FILE *f, const pz_result *r)
{
    char budget[64];
    int n = 0;
    if (!budgeted(r))
        return;
    pz_budget_text(&r->opts.budget, budget, sizeof budget);
    fprintf(f, "Unknown, no answer within --budget %s a game:", budget);
    for (int s = 0; s < r->opts.nsolvers; s++) {
        const pz_tally *t = &r->tally[s];
        if (!t->unknown)
            continue;
        fprintf(f, "%s %s %lld", n++ ? ";" : "", r->opts.solvers[s]->name, t->unknown);
        if (t->estimated)
            fprintf(f, ", trees of %.2g nodes by estimate", t->tree / (double)t->estimated);
        if (t->estimated && t->estimated < t->unknown)
            fprintf(f, " (of %lld)", t->estimated);
        if (!t->estimated)
            fputs(", no estimate", f);
    }
    fputs(n ? ".\n" : " none.\n", f);
}

/* The games no solver answered within the budget, for the status line: a
 * budget's games are no failure, but said on the line that says OK. */
static const char *unknown_part(const pz_result *r, char *buf, size_t len)
{
    long long n = r->hist[PZ_CLASS_UNKNOWN];
    int at = 0;
    *buf = 0;
    if (n)
        at = snprintf(buf, len, "; %lld of the %lld instances unknown (cut by the budget)", n,
                      r->instances);
    if (r->not_run && at >= 0 && (size_t)at < len)
        snprintf(buf + at, len - (size_t)at, "; %lld of the %lld instances not run (sampled out)",
                 r->not_run, r->instances);
    return buf;
}

/* What became of the answers, by class (result.h's PZ_ANSWERS), where not
 * every answer that ran was certified. */
static void classes_line(FILE *f, const pz_result *r)
{
    long long n[PZ_NANSWERS], other = 0;
    for (int a = 0; a < PZ_NANSWERS; a++) {
        n[a] = pz_answers(r, (pz_answer)a);
        other += a != PZ_ANSWER_CERTIFIED && a != PZ_ANSWER_NOT_RUN ? n[a] : 0;
    }
    if (!other)
        return;
    fputs("Answers by class:", f);
    for (int a = 0, k = 0; a < PZ_NANSWERS; a++)
        if (n[a])
            fprintf(f, "%s %s %lld", k++ ? "," : "", pz_answer_names[a], n[a]);
    fputs(".\n", f);
}

static void status_line(FILE *f, const pz_result *r, const char *bold)
{
    char unk[192];
    if (r->partial)
        fprintf(f, "%sPARTIAL%s: interrupted after %lld of %lld instances. ", bold, bold,
                r->instances, r->shard.end - r->shard.first);
    if (r->failures)
        fprintf(f,
                "%sFAIL%s: %lld instance%s with an answer that fails its check or "
                "disagrees.\n",
                bold, bold, r->failures, r->failures > 1 ? "s" : "");
    else if (pz_nothing_checked(r) && !r->checked && !pz_unknown_games(r))
        fprintf(f, "%sFAIL%s: nothing was checked: no solver answered any of the %lld instances.\n",
                bold, bold, r->instances);
    else if (pz_nothing_checked(r))
        fprintf(f,
                "%sFAIL%s: nothing was checked: no answer to the %lld instances was certified or "
                "agreed (%lld unknown, cut by the budget; %lld not run).\n",
                bold, bold, r->instances, pz_answers(r, PZ_ANSWER_UNKNOWN),
                pz_answers(r, PZ_ANSWER_NOT_RUN));
    else if (r->unanswered)
        /* Boards no solver takes (a sweep past a solver's sizes) prove
         * nothing: said on the line that says OK, not only in the histogram. */
        fprintf(f,
                "%sOK%s: every answer checks and agrees; no solver answered %lld of the %lld "
                "instances%s.\n",
                bold, bold, r->unanswered, r->instances, unknown_part(r, unk, sizeof unk));
    else
        fprintf(f, "%sOK%s: every answer checks and agrees%s.\n", bold, bold,
                unknown_part(r, unk, sizeof unk));
}

static void histogram_line(FILE *f, const pz_result *r, const char *sep)
{
    int first = 1;
    for (int k = 0; k < PZ_CLASSES; k++)
        if (r->hist[k]) {
            fprintf(f, "%s%s: %lld", first ? "" : sep, r->names[k], r->hist[k]);
            first = 0;
        }
    if (r->unanswered)
        fprintf(f, "%sno valid answer: %lld", first ? "" : sep, r->unanswered);
    if (r->not_run)
        fprintf(f, "%snot run: %lld", first && !r->unanswered ? "" : sep, r->not_run);
}

/* The terminal's histogram: every class where they fit on a line or two,
 * else the most frequent ones and how many more the JSON report has (a 20x20
 * run has about 90 classes). */
enum { TOP_CLASSES = 12 };

static void answers_line(FILE *f, const pz_result *r)
{
    int top[TOP_CLASSES], ntop = 0, classes = 0;
    for (int k = 0; k < PZ_CLASSES; k++)
        classes += r->hist[k] != 0;
    if (classes <= TOP_CLASSES) {
        fputs("Answers: ", f);
        histogram_line(f, r, ", ");
        fputc('\n', f);
        return;
    }
    /* The TOP_CLASSES largest, by count and then by class, largest first. */
    for (int k = 0; k < PZ_CLASSES; k++) {
        int i;
        if (!r->hist[k])
            continue;
        for (i = ntop; i > 0 && r->hist[top[i - 1]] < r->hist[k]; i--)
            if (i < TOP_CLASSES)
                top[i] = top[i - 1];
        if (i < TOP_CLASSES) {
            top[i] = k;
            if (ntop < TOP_CLASSES)
                ntop++;
        }
    }
    /* Broken between pairs within 80 columns, so a terminal never cuts a number. */
    int col = fprintf(f, "Answers, the %d most frequent of %d classes:", ntop, classes);
    for (int i = 0; i < ntop; i++) {
        char pair[64];
        int len = snprintf(pair, sizeof pair, " %s: %lld%s", r->names[top[i]], r->hist[top[i]],
                           i + 1 < ntop ? "," : ";");
        if (col + len > 80) {
            fputs("\n ", f);
            col = 1;
        }
        col += fprintf(f, "%s", pair);
    }
    fprintf(f, "\n  %d more (see --json)", classes - ntop);
    if (r->unanswered)
        fprintf(f, "; no valid answer: %lld", r->unanswered);
    if (r->not_run)
        fprintf(f, "; not run: %lld", r->not_run);
    fputc('\n', f);
}

static void sample_note(FILE *f, const pz_result *r)
{
    if (!r->opts.slow)
        return;
    fputs("Sampled: ", f);
    for (int s = 0, n = 0; s < r->opts.nsolvers; s++)
        if (sampled(r, s))
            fprintf(f, "%s%s", n++ ? ", " : "", r->opts.solvers[s]->name);
    fprintf(f, " ran only on instances whose index is a multiple of %lld.\n", r->opts.sample);
}

/* Where each solver's slowest batch starts, so its worst instance can be run
 * again alone. */
static void worst_note(FILE *f, const pz_result *r)
{
    int n = 0;
    for (int s = 0; s < r->opts.nsolvers; s++)
        if (r->tally[s].ran)
            fprintf(f, "%s%s %lld",
                    n++                  ? ", "
                    : r->opts.batch == 1 ? "Slowest instance, by index: "
                                         : "Slowest batch, by its first index: ",
                    r->opts.solvers[s]->name, r->tally[s].worst_index);
    if (n)
        fputs(".\n", f);
}

/* How a list of failures looks: the terminal's or Markdown's. */
typedef struct style {
    const char *item, *part, *quote, *invalid, *differs, *refuted;
} style;

static const style plain = {"  ", "\n    ", "", "  INVALID: ", "  DIFFERS", "  REFUTED: "};
static const style markdown = {"- ", ", ", "`", " (invalid: ", " (differs", " (refuted: "};

/* The first few failures: each instance, the expected answer, every answer. */
static void list_failures(FILE *f, const pz_result *r, const style *st)
{
    const char *close = *st->quote ? ")" : "";
    for (int i = 0; i < r->nfail && i < 5; i++) {
        const pz_failure *x = &r->fail[i];
        fprintf(f, "%sindex %lld: %s", st->item, x->index, st->quote);
        flat(f, x->input, " / ");
        fputs(st->quote, f);
        for (int s = -1; s < r->opts.nsolvers; s++) {
            const char *ans = s < 0 ? x->expected : x->answer[s];
            const char *why = s < 0 ? x->expected_why : x->why[s];
            if (!ans)
                continue;
            fprintf(f, "%s%s: %s", st->part, s < 0 ? "expected" : r->opts.solvers[s]->name,
                    st->quote);
            flat(f, ans, " / ");
            fputs(st->quote, f);
            if (why)
                fprintf(f, "%s%s%s", st->invalid, why, close);
            if (s < 0 && x->refuted)
                fprintf(f, "%s%s%s", st->refuted, x->refuted, close);
            if (s >= 0 && (x->disagree >> s) & 1 && x->how[s])
                fprintf(f, "%s: %s%s", st->differs, x->how[s], close);
            else if (s >= 0 && (x->disagree >> s) & 1)
                fprintf(f, "%s%s", st->differs, close);
        }
        fputc('\n', f);
    }
    if (r->failures > 5) /* the JSON report (--json F) lists the first PZ_KEEP */
        fprintf(f, "%s... and %lld more not shown; a JSON report (--json F) lists the first %d\n",
                st->item, r->failures - 5, r->nfail);
}

/* A solver's K repetitions (run --repeat K) as CPU times per instance, and
 * as wall times.  The CPU time is what repetitions are compared by: on a
 * shared machine a repetition's wall time is mostly what other processes
 * took (a preemption of 4 ms doubles a repetition of 2 ms), its CPU time
 * is not. */
static int repetitions(const pz_result *r, int s, double *ns, double *wall)
{
    const pz_tally *t = &r->tally[s];
    int k = r->opts.repeat > 1 ? r->opts.repeat : 0;
    if (!t->ran)
        return 0;
    for (int i = 0; i < k; i++) {
        ns[i] = ns_per(t->rep_cpu_seconds[i], t->ran);
        wall[i] = ns_per(t->rep_seconds[i], t->ran);
    }
    return k;
}

/* With --repeat K: each solver's mean time per instance over the K
 * repetitions, their standard deviation and the mean's 95% interval. */
static void repetitions_note(FILE *f, const pz_result *r)
{
    double ns[PZ_REPEAT], wall[PZ_REPEAT];
    if (r->opts.repeat < 2)
        return;
    fprintf(f,
            "  repeated %d times%s, the solvers in turn; CPU time per instance, mean +- sd "
            "[95%% CI]:\n",
            r->opts.repeat, r->opts.warmup ? " after a warm-up" : "");
    for (int s = 0; s < r->opts.nsolvers; s++) {
        int k = repetitions(r, s, ns, wall);
        if (!k)
            continue;
        pz_mean m = pz_mean_ci(ns, k);
        char mean[16], sd[16], lo[16], hi[16];
        pz_span(mean, sizeof mean, 1e-9 * m.mean);
        pz_span(sd, sizeof sd, 1e-9 * m.sd);
        pz_span(lo, sizeof lo, 1e-9 * m.lo);
        pz_span(hi, sizeof hi, 1e-9 * m.hi);
        fprintf(f, "  %-*s %s +- %s [%s, %s]\n", name_width(r), r->opts.solvers[s]->name, mean, sd,
                lo, hi);
    }
    int base = pz_baseline(r), n = 0;
    for (int s = 0; s < r->opts.nsolvers && base >= 0; s++) {
        double ratio, lo, hi;
        if (!pz_relative_interval(r, s, base, &ratio, &lo, &hi))
            continue;
        if (!n++)
            fprintf(f, "  relative over the passes, CPU time over %s's [95%% CI]:\n",
                    r->opts.solvers[base]->name);
        fprintf(f, "  %-*s %.3gx [%.3g, %.3g]\n", name_width(r), r->opts.solvers[s]->name, ratio,
                lo, hi);
    }
}

/* A sweep: each solver's warm batches size by size (the headline's cells
 * of each size), and under them how each solver's time grows with the
 * cells, from the sizes' medians.  md: as Markdown. */
static void sizes_table(FILE *f, const pz_result *r, int md)
{
    int any = 0, reps = r->opts.repeat > 1 ? r->opts.repeat : 1;
    for (int s = 0; s < r->opts.nsolvers; s++)
        any |= pz_tally_sizes(&r->tally[s]) > 0;
    if (!any)
        return;
    if (md)
        fputs("\n| solver | board | instances | cpu | mad | min..max |\n"
              "|:--|--:|--:|--:|--:|--:|\n",
              f);
    else
        fprintf(f, "\n  %-*s %11s %9s %9s %7s %20s\n", name_width(r), "by size", "board",
                "instances", "cpu", "mad", "min..max");
    for (int s = 0; s < r->opts.nsolvers; s++)
        for (int k = 0; k < PZ_SIZES; k++) {
            const pz_tally *t = &r->tally[s];
            cells c;
            char board[24];
            if (!t->sizes[k].n)
                continue;
            spread_cells(&c, &t->sizes[k]);
            snprintf(board, sizeof board, "%dx%d", t->sizes_rows[k], t->sizes_cols[k]);
            if (md)
                fprintf(f, "| %s | %s | %lld | %s | %s | %s |\n", r->opts.solvers[s]->name, board,
                        pz_spread_total(&t->sizes[k]) / reps, c.cpu, c.mad, c.range);
            else
                fprintf(f, "  %-*s %11s %9lld %9s %7s %20s\n", name_width(r),
                        r->opts.solvers[s]->name, board, pz_spread_total(&t->sizes[k]) / reps,
                        c.cpu, c.mad, c.range);
        }
    if (md)
        fputc('\n', f);
    for (int s = 0; s < r->opts.nsolvers; s++) {
        pz_growth g = pz_tally_growth(&r->tally[s]);
        if (isnan(g.exponent))
            continue;
        fprintf(f, "%s%s: time ~ cells^%.2f", md ? "" : "  ", r->opts.solvers[s]->name, g.exponent);
        if (!isnan(g.lo))
            fprintf(f, " [%.2f, %.2f]", g.lo, g.hi);
        fprintf(f, " over %d sizes%s\n", g.n, md ? "." : "");
    }
}

/* With --repeat K: the ratio of solver s's passes to base's (each pass's
 * CPU time per instance), the Hodges-Lehmann estimate and its 95%
 * interval, as compare computes it; 0 without repetitions. */
int pz_relative_interval(const pz_result *r, int s, int base, double *ratio, double *lo, double *hi)
{
    const pz_tally *t = &r->tally[s], *b = &r->tally[base];
    pz_sample x[PZ_REPEAT], y[PZ_REPEAT];
    int k = r->opts.repeat;
    if (k < 2 || s == base || !t->ran || !b->ran)
        return 0;
    for (int i = 0; i < k; i++) {
        x[i] = (pz_sample){1e9 * b->rep_cpu_seconds[i] / (double)b->ran, 1};
        y[i] = (pz_sample){1e9 * t->rep_cpu_seconds[i] / (double)t->ran, 1};
    }
    pz_shift sh = pz_compare_times(x, k, y, k);
    if (ratio)
        *ratio = sh.ratio;
    *lo = sh.lo;
    *hi = sh.hi;
    return !isnan(sh.lo);
}

/* A merge's wall_s is the work of its shards, summed; how long the sharded run
 * took, from the first shard's start to the last one's end, is beside it.  The
 * starts are known to the second (the context's date), and so is this. */
static void real_wall(FILE *f, const pz_result *r)
{
    if (r->merged)
        fprintf(f, " summed over the shards, about %.0f s real", r->real_wall_s);
}

/* The timing columns' legend, one text for both tables: in the text table
 * wrapped to 80 columns in parentheses, in Markdown one line. */
static void legend(FILE *f, const pz_result *r, int base, int text)
{
    char s[1024];
    const char *w, *end;
    snprintf(s, sizeof s,
             "cpu: the median of the warm batches' CPU time per instance, on the thread's CPU "
             "clock; mad: its median absolute deviation; min..max: the fastest and the slowest "
             "warm batch; a batch is warm but for a solver's first in each thread and pass, "
             "whose mean is cold; relative: CPU time over %s's on the same instances, in the "
             "warm batches both solved whole; wall: the monotonic clock's mean over every batch",
             base >= 0 ? r->opts.solvers[base]->name : "the fastest");
    if (!text) {
        fprintf(f, "%s.\n", s);
        return;
    }
    int col = fprintf(f, "  (");
    for (w = s; *w; w = *end ? end + 1 : end) {
        end = strchr(w, ' ');
        if (!end)
            end = w + strlen(w);
        int len = (int)(end - w) + !*end; /* the last word with its ')' */
        if (col > 3 && col + 1 + len > 80) {
            fputc('\n', f);
            col = fprintf(f, "   ");
        }
        col += fprintf(f, "%s%.*s", col > 3 ? " " : "", (int)(end - w), w);
    }
    fputs(")\n", f);
}

/* The solvers whose relative speed is over fewer instances than the warm
 * ones they solved (a sweep past their sizes, a sample), and how many. */
static void relative_note(FILE *f, const pz_result *r, int base, const char *prefix)
{
    int n = 0, reps = r->opts.repeat > 1 ? r->opts.repeat : 1;
    for (int s = 0; s < r->opts.nsolvers && base >= 0; s++) {
        const pz_tally *t = &r->tally[s];
        long long both, warm = pz_spread_total(&t->cpu_spread) / reps;
        double ratio;
        if (s == base || !t->ran)
            continue;
        if (!pz_relative(r, s, base, &ratio, &both))
            fprintf(f, "%s %s none%s", n++ ? "," : prefix, r->opts.solvers[s]->name,
                    sampled(r, s) ? " (sampled)" : "");
        else if (both < warm)
            fprintf(f, "%s %s %lld of its %lld", n++ ? "," : prefix, r->opts.solvers[s]->name, both,
                    warm);
    }
    if (n)
        fputs(".\n", f);
}

void pz_write_summary(FILE *f, const pz_result *r)
{
    const pz_corpus *c = r->corpus;
    char mean[16];
    fprintf(f, "%s  %s", c->puzzle->name, c->spec);
    if (r->shard.n > 1)
        fprintf(f, "  shard %lld/%lld [%lld, %lld)", r->shard.k, r->shard.n, r->shard.first,
                r->shard.end);
    fprintf(f, "\n%lld instances, %d thread%s, %.2f s", r->instances, r->opts.threads,
            r->opts.threads > 1 ? "s" : "", r->wall_s);
    real_wall(f, r);
    fputc('\n', f);
    context_line(f, r, "", "\n\n");
    int w = name_width(r), base = pz_baseline(r);
    int cut = budgeted(r); /* a column of the games cut by the budget */
    fprintf(f, "  %-*s %12s %8s %8s %8s%s  %s\n", w, "", "", "", "", "", cut ? "         " : "",
            "--------- CPU time per instance, warm batches ---------");
    fprintf(f, "  %-*s %12s %8s %8s %8s", w, "solver", "ran", "skipped", "invalid", "disagree");
    if (cut)
        fprintf(f, " %8s", "unknown");
    fprintf(f, " %9s %7s %20s %9s %9s %9s\n", "cpu", "mad", "min..max", "relative", "cold", "wall");
    for (int s = 0; s < r->opts.nsolvers; s++) {
        const pz_tally *t = &r->tally[s];
        cells c = timing(r, s, base);
        fprintf(f, "  %-*s %12lld %8lld %8lld %8lld", w, r->opts.solvers[s]->name, t->ran,
                t->skipped, t->invalid, t->disagree);
        if (cut)
            fprintf(f, " %8lld", t->unknown);
        fprintf(f, " %9s %7s %20s %9s %9s %9s\n", c.cpu, c.mad, c.range, c.relative, c.cold,
                c.wall);
    }
    pz_span(mean, sizeof mean, 1e-9 * ns_per(r->check_seconds, r->checked));
    fprintf(f, "  %-*s %12lld answers checked and compared, %s each\n", w, "checker", r->checked,
            mean);
    legend(f, r, base, 1);
    relative_note(f, r, base, "Relative over fewer instances:");
    repetitions_note(f, r);
    sizes_table(f, r, 0);
    worst_note(f, r);
    fputc('\n', f);
    sample_note(f, r);
    unknown_note(f, r);
    answers_line(f, r);
    if (r->expected_invalid)
        fprintf(f, "Expected answers that fail the checker: %lld\n", r->expected_invalid);
    if (r->jury_refuted)
        fprintf(f,
                "The jury is wrong: our reference refutes %lld of the expected answers (REFUTED\n"
                "below), where the solvers that differ from them are counted as disagreeing\n",
                r->jury_refuted);
    if (r->jury_unknown)
        fprintf(f,
                "The jury gave no answer (\"unknown\") to %lld instances: our reference stands "
                "in there\n",
                r->jury_unknown);
    classes_line(f, r);
    status_line(f, r, "");
    list_failures(f, r, &plain);
}

void pz_write_json(FILE *f, const pz_result *r)
{
    json_t *o = pz_report_json(r);
    pz_jdump(f, o); /* a failed write shows in the stream's error flag */
    json_decref(o);
}

/* A CSV field: quoted where it holds a comma, a quote or a line break. */
static void csv_field(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\n")) {
        fputs(s, f);
        return;
    }
    putc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            putc('"', f);
        putc(*s, f);
    }
    putc('"', f);
}

/* The solver's fields in the CSV: those with a column (result.h), in the
 * order of their columns. */
static int csv_columns(void)
{
    int most = 0;
#define MOST(kind, m, key, csv, ...)                                                               \
    if (csv > most)                                                                                \
        most = csv;
    PZ_TALLY(MOST)
    return most;
}

#define CSV_KEY(kind, m, key, csv, ...)                                                            \
    if (csv == col)                                                                                \
        fputs("," key, f);
#define CSV_CELL(kind, m, key, csv, fmt, ...) CSV_CELL_##kind(m, csv, fmt)
#define CSV_SCALAR(kind, m, csv, fmt)                                                              \
    if (csv == col)                                                                                \
        fprintf(f, "," fmt, PZ_VALUE(kind, t, m));
#define CSV_CELL_COUNT(m, csv, fmt) CSV_SCALAR(COUNT, m, csv, fmt)
#define CSV_CELL_AT(m, csv, fmt) CSV_SCALAR(AT, m, csv, fmt)
#define CSV_CELL_REAL(m, csv, fmt) CSV_SCALAR(REAL, m, csv, fmt)
#define CSV_CELL_WORST(m, csv, fmt) CSV_SCALAR(WORST, m, csv, fmt)
#define CSV_CELL_FIGURE(m, csv, fmt) CSV_SCALAR(FIGURE, m, csv, fmt)
#define CSV_CELL_REPS(m, csv, fmt)
#define CSV_CELL_SPREAD(m, csv, fmt)
#define CSV_CELL_LIKE(m, csv, fmt)
#define CSV_CELL_SIZES(m, csv, fmt)

void pz_write_csv(FILE *f, const pz_result *r)
{
    int columns = csv_columns();
    fputs("puzzle,corpus,shard,instances,partial,threads,solver,sampled", f);
    for (int col = 1; col <= columns; col++) {
        PZ_TALLY(CSV_KEY)
    }
    fputc('\n', f);
    for (int s = 0; s < r->opts.nsolvers; s++) {
        const pz_tally *t = &r->tally[s];
        csv_field(f, r->corpus->puzzle->name);
        putc(',', f);
        csv_field(f, r->corpus->spec);
        fprintf(f, ",%lld/%lld,%lld,%d,%d,%s,%d", r->shard.k, r->shard.n, r->instances, r->partial,
                r->opts.threads, r->opts.solvers[s]->name, sampled(r, s));
        for (int col = 1; col <= columns; col++) {
            PZ_TALLY(CSV_CELL)
        }
        fputc('\n', f);
    }
}

void pz_write_markdown(FILE *f, const pz_result *r)
{
    const pz_corpus *c = r->corpus;
    char mean[16];
    fprintf(f, "### %s: `%s`", c->puzzle->name, c->spec);
    if (r->shard.n > 1)
        fprintf(f, " (shard %lld/%lld)", r->shard.k, r->shard.n);
    fprintf(f, "\n\n%lld instances, %d thread%s, %.2f s", r->instances, r->opts.threads,
            r->opts.threads > 1 ? "s" : "", r->wall_s);
    real_wall(f, r);
    fputs(". ", f);
    status_line(f, r, "**");
    context_line(f, r, "\n", ".\n");
    int base = pz_baseline(r), cut = budgeted(r);
    fprintf(f,
            "\n| solver | ran | skipped | invalid | disagree |%s cpu | mad | min..max | relative "
            "| cold | wall |\n|:--|--:|--:|--:|--:|%s--:|--:|--:|--:|--:|--:|\n",
            cut ? " unknown |" : "", cut ? "--:|" : "");
    for (int s = 0; s < r->opts.nsolvers; s++) {
        const pz_tally *t = &r->tally[s];
        cells c = timing(r, s, base);
        fprintf(f, "| %s%s | %lld | %lld | %lld | %lld |", r->opts.solvers[s]->name,
                sampled(r, s) ? " (sampled)" : "", t->ran, t->skipped, t->invalid, t->disagree);
        if (cut)
            fprintf(f, " %lld |", t->unknown);
        fprintf(f, " %s | %s | %s | %s | %s | %s |\n", c.cpu, c.mad, c.range, c.relative, c.cold,
                c.wall);
    }
    fputc('\n', f);
    legend(f, r, base, 0);
    relative_note(f, r, base, "Relative over fewer instances:");
    sizes_table(f, r, 1);
    pz_span(mean, sizeof mean, 1e-9 * ns_per(r->check_seconds, r->checked));
    fprintf(f, "\nChecker: %lld answers, %s each. ", r->checked, mean);
    worst_note(f, r);
    sample_note(f, r);
    unknown_note(f, r);
    fputs("Answers: ", f);
    histogram_line(f, r, ", ");
    fputs(".\n", f);
    if (r->nfail)
        fputc('\n', f);
    list_failures(f, r, &markdown);
    fputc('\n', f);
}

pz_cells pz_timing_cells(const pz_result *r, int s, int base)
{
    return timing(r, s, base);
}

void pz_write_status(FILE *f, const pz_result *r, const char *bold)
{
    status_line(f, r, bold);
}

int pz_write_file(const char *path, void (*write)(FILE *, const void *), const void *what)
{
    char *tmp;
    FILE *f;
    if (!strcmp(path, "-")) {
        write(stdout, what);
        return fflush(stdout) ? -1 : 0;
    }
    if (!(f = pz_atomic_open(path, &tmp)))
        return -1;
    write(f, what);
    return pz_atomic_close(f, tmp, path);
}

/* A result's writer, called through pz_write_file. */
typedef struct result_writer {
    void (*write)(FILE *, const pz_result *);
    const pz_result *r;
} result_writer;

static void write_result(FILE *f, const void *w)
{
    const result_writer *x = w;
    x->write(f, x->r);
}

int pz_write_report(const char *path, void (*write)(FILE *, const pz_result *), const pz_result *r)
{
    result_writer w = {write, r};
    return pz_write_file(path, write_result, &w);
}

char *pz_partial_path(const char *path)
{
    const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
    if (!dot || (slash && dot < slash) || dot == (slash ? slash + 1 : path))
        return pz_xasprintf("%s.partial", path);
    return pz_xasprintf("%.*s.partial%s", (int)(dot - path), path, dot);
}

const char *pz_status_text(const pz_result *r, char *buf, size_t len)
{
    FILE *m = fmemopen(buf, len, "w");
    buf[0] = 0;
    if (m) {
        pz_write_status(m, r, "");
        fclose(m);
    }
    buf[len - 1] = 0;
    buf[strcspn(buf, "\n")] = 0;
    return buf;
}

int pz_result_fails(const pz_result *r)
{
    return pz_result_verdict(r) != PZ_RESULT_OK;
}
