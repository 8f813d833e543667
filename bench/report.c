/* report.c - a run's result as a terminal summary, JSON, CSV and Markdown.
 *
 * The JSON's shape is bench/schema.c's; the terminal and Markdown forms say
 * in one line where and from what the result was made (its context).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sys/ioctl.h>

#include "../util/util.h"
#include "report.h"
#include "schema.h"

static double ns_per(double seconds, long long n)
{
    return n > 0 ? seconds * 1e9 / (double)n : 0;
}

/* The result's context in one line: the build, the machine, the date. */
static const char *context_text(const pz_result *r, char *line, size_t len)
{
    pz_context now;
    if (!r->context)
        pz_context_gather(&now, r->opts.threads, time(NULL));
    return pz_context_line(r->context ? r->context : &now, line, len);
}

static void context_line(FILE *f, const pz_result *r, const char *prefix, const char *end)
{
    char line[1024];
    fprintf(f, "%s%s%s", prefix, context_text(r, line, sizeof line), end);
}

void pz_wrapped(FILE *f, const char *text, int width, const char *first, const char *next)
{
    int col = fprintf(f, "%s", first), start = col;
    for (const char *w = text, *end; *w; w = *end ? end + 1 : end) {
        end = strchr(w, ' ');
        if (!end)
            end = w + strlen(w);
        int len = (int)(end - w);
        if (col > start && col + 1 + len > width) {
            fputc('\n', f);
            col = start = fprintf(f, "%s", next);
        }
        col += fprintf(f, "%s%.*s", col > start ? " " : "", len, w);
    }
    fputc('\n', f);
}

int pz_text_width(FILE *f)
{
    const char *env = getenv("COLUMNS");
    struct winsize ws;
    int fd = fileno(f);
    if (env && atoi(env) > 0)
        return atoi(env);
    if (fd >= 0 && isatty(fd) && !ioctl(fd, TIOCGWINSZ, &ws) && ws.ws_col > 0)
        return ws.ws_col;
    return 100;
}

enum { GAP = 2 }; /* spaces between two columns of a table */

int pz_table_fit(pz_table_row *rows, int nrows, int ncols, const int *drop, int ndrop, int width,
                 int *w, int *on)
{
    int total = 2;
    for (int k = 0; k < ncols; k++) {
        for (int i = 0; i < nrows; i++)
            if ((int)strlen(rows[i][k]) > w[k])
                w[k] = (int)strlen(rows[i][k]);
        total += on[k] ? w[k] + (k ? GAP : 0) : 0;
    }
    for (int d = 0; d < ndrop && total > width; d++)
        if (on[drop[d]]) {
            on[drop[d]] = 0;
            total -= w[drop[d]] + GAP;
        }
    return total;
}

void pz_table_print(FILE *f, pz_table_row *rows, int nrows, int ncols, const int *w, const int *on,
                    unsigned left)
{
    for (int i = 0; i < nrows; i++) {
        int last = 0; /* no spaces after the last cell */
        for (int k = 0; k < ncols; k++)
            last = on[k] ? k : last;
        for (int k = 0; k < ncols; k++) {
            if (!on[k])
                continue;
            int pad = w[k] - (int)strlen(rows[i][k]), lefted = !k || (left >> k) & 1;
            fprintf(f, "%*s%*s%s", k ? GAP : 2, "", lefted ? 0 : pad, "", rows[i][k]);
            if (lefted && k < last)
                fprintf(f, "%*s", pad, "");
        }
        fputc('\n', f);
    }
}

/* A solver's timing cells.  The headline (cpu) is the median of the warm
 * batches' CPU time per instance (result.h's pz_tally_headline): CPU time,
 * as the thread's clock stops while another process has the core (on a
 * shared machine, much of the time); the median, as it shrugs off the
 * batches slowed all the same (caches, frequency); warm batches, as a
 * solver's first batch in a thread meets new scratch and cold caches (those
 * are shown apart, cold).  mad is the median's median absolute deviation,
 * in percent of it; range the fastest and the slowest warm batch; relative
 * the CPU time against the baseline's on the same instances (pz_relative);
 * wall the monotonic clock's mean over every batch, which a loaded machine
 * inflates.  A solver without a warm batch has its cold mean as headline,
 * "(cold)", and no mad nor range. */
static void headline_cells(pz_cells *c, const pz_headline *h)
{
    char lo[16], hi[16];
    double mad = h->mad / h->median;
    pz_span(c->cpu, sizeof c->cpu, 1e-9 * h->median);
    if ((c->headline_cold = h->cold)) {
        strcat(c->cpu, " (cold)");
        return;
    }
    /* below a class's width (1/PZ_PER_OCTAVE), the spread is not measured;
     * from 1000% whole percents, so that the cell keeps within its 7
     * columns (a batch of a few ns beside the clock's steps) */
    snprintf(c->mad, sizeof c->mad,
             mad < 1.0 / PZ_PER_OCTAVE ? "<%.1f%%"
             : mad < 10                ? "%.1f%%"
                                       : "%.0f%%",
             mad < 1.0 / PZ_PER_OCTAVE ? 100.0 / PZ_PER_OCTAVE : 100 * mad);
    pz_span(lo, sizeof lo, 1e-9 * h->min);
    pz_span(hi, sizeof hi, 1e-9 * h->max);
    snprintf(c->range, sizeof c->range, "%s..%s", lo, hi);
}

pz_cells pz_timing_cells(const pz_result *r, int s, int base)
{
    const pz_tally *t = &r->tally[s];
    pz_cells c = {"-", "-", "-", "-", "-", "-", 0};
    pz_headline h;
    double ratio;
    if (!t->ran)
        return c;
    if (pz_tally_headline(t, &h))
        headline_cells(&c, &h);
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

/* The solvers whose headline is cold, said under a table: "a, b", or "". */
static const char *cold_headlines(const pz_result *r, char *buf, size_t len)
{
    size_t at = 0;
    *buf = 0;
    for (int s = 0; s < r->opts.nsolvers && at < len; s++)
        if (r->tally[s].ran && pz_timing_cells(r, s, -1).headline_cold)
            at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? ", " : "",
                                   r->opts.solvers[s]->name);
    return buf;
}

/* Under a table (text at width, or Markdown's with width 0), the solvers
 * whose headline is cold. */
static void cold_note(FILE *f, const pz_result *r, int width)
{
    char names[512], text[1024];
    if (!*cold_headlines(r, names, sizeof names))
        return;
    snprintf(
        text, sizeof text,
        "cpu (cold): " PZ_COLD_SOLVER
        " for %s; its cpu is the cold batches' mean CPU time per instance, without mad or range.",
        names);
    if (width)
        pz_wrapped(f, text, width < 80 ? width : 80, "  ", "  ");
    else
        fprintf(f, "%s\n", text);
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

/* Answers given that the budget kept from being checked (result.h). */
static long long unchecked(const pz_result *r)
{
    long long n = 0;
    for (int s = 0; s < r->opts.nsolvers; s++)
        n += r->tally[s].unchecked;
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

void pz_write_status(FILE *f, const pz_result *r, const char *bold)
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
    else if (pz_nothing_checked(r) && unchecked(r))
        fprintf(f,
                "%sFAIL%s: %lld answer%s not checked: nothing proves them, and the budget cut "
                "the built-in\nreference's search before it could agree (a larger --budget "
                "checks them).\n",
                bold, bold, unchecked(r), unchecked(r) > 1 ? "s" : "");
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

/* One item of a list of the terminal's, " name: count," say, broken
 * before it where it would pass width (col: the line's columns so far), so
 * a terminal never cuts a number. */
static void list_item(FILE *f, int *col, int width, const char *text)
{
    int len = (int)strlen(text);
    if (*col > 1 && *col + len > width) {
        fputc('\n', f);
        *col = 0;
    }
    *col += fprintf(f, "%s", text);
}

static void answers_line(FILE *f, const pz_result *r, int width)
{
    int top[PZ_CLASSES], ntop = 0, classes = 0, col;
    char item[96];
    for (int k = 0; k < PZ_CLASSES; k++)
        if (r->hist[k])
            top[classes++] = k;
    if (classes <= TOP_CLASSES) {
        ntop = classes;
        col = fprintf(f, "Answers:");
    } else {
        /* The TOP_CLASSES largest, by count and then by class, largest first. */
        ntop = 0;
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
        col = fprintf(f, "Answers, the %d most frequent of %d classes:", ntop, classes);
        width = width < 80 ? width : 80; /* a list on lines of 80 at most, as before */
    }
    for (int i = 0; i < ntop; i++) {
        snprintf(item, sizeof item, " %s: %lld%s", r->names[top[i]], r->hist[top[i]],
                 i + 1 < ntop || classes <= TOP_CLASSES ? "," : ";");
        if (i + 1 == ntop && classes <= TOP_CLASSES && !r->unanswered && !r->not_run)
            item[strlen(item) - 1] = 0;
        list_item(f, &col, width, item);
    }
    if (classes > TOP_CLASSES) {
        fputc('\n', f);
        col = fprintf(f, "  %d more (see --json)%s", classes - ntop,
                      r->unanswered || r->not_run ? ";" : "");
    }
    if (r->unanswered) {
        snprintf(item, sizeof item, " no valid answer: %lld%s", r->unanswered,
                 r->not_run ? (classes > TOP_CLASSES ? ";" : ",") : "");
        list_item(f, &col, width, item);
    }
    if (r->not_run) {
        snprintf(item, sizeof item, " not run: %lld", r->not_run);
        list_item(f, &col, width, item);
    }
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

/* With --repeat K: each solver's relative over the passes with its 95%
 * interval (pz_relative_interval), or why there is none (pz_relative_none):
 * the text's lines (width > 0), or a Markdown paragraph (width 0). */
static void relative_passes(FILE *f, const pz_result *r, int width)
{
    int base = pz_baseline(r), n = 0, md = !width;
    const char *none = pz_relative_none(r, base);
    for (int s = 0; s < r->opts.nsolvers && base >= 0; s++) {
        double ratio, lo, hi;
        if (!pz_relative_interval(r, s, base, &ratio, &lo, &hi))
            continue;
        if (!n++)
            fprintf(f,
                    md ? "\nRelative over the passes, CPU time over %s's [95%% CI]:"
                       : "  relative over the passes, CPU time over %s's [95%% CI]:\n",
                    r->opts.solvers[base]->name);
        if (md)
            fprintf(f, "%s %s %.3gx [%.3g, %.3g]", n > 1 ? ";" : "", r->opts.solvers[s]->name,
                    ratio, lo, hi);
        else
            fprintf(f, "  %-*s %.3gx [%.3g, %.3g]\n", name_width(r), r->opts.solvers[s]->name,
                    ratio, lo, hi);
    }
    if (n && md)
        fputs(".\n", f);
    else if (!n && none && md)
        fprintf(f, "\nRelative over the passes: %s.\n", none);
    else if (!n && none) {
        char text[160];
        snprintf(text, sizeof text, "relative over the passes: %s", none);
        pz_wrapped(f, text, width, "  ", "  ");
    }
}

/* With --repeat K: each solver's headline (cpu, the table's: over the
 * warm batches of every pass), and how the passes varied: each pass's own
 * mean CPU time per instance (cold batches too), their mean, standard
 * deviation and the mean's 95% interval. */
static void repetitions_note(FILE *f, const pz_result *r, int width)
{
    double ns[PZ_REPEAT], wall[PZ_REPEAT];
    char text[256];
    if (r->opts.repeat < 2)
        return;
    snprintf(text, sizeof text,
             "repeated %d times%s, the solvers in turn: each solver's cpu (the table's, over "
             "every pass), and how the passes varied: each pass's mean CPU time per instance, "
             "cold batches too, as pass mean +- sd [95%% CI]:",
             r->opts.repeat, r->opts.warmup ? " after a warm-up" : "");
    pz_wrapped(f, text, width, "  ", "  ");
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
        char head[96], pass[96];
        snprintf(head, sizeof head, "  %-*s cpu %s;", name_width(r), r->opts.solvers[s]->name,
                 pz_timing_cells(r, s, -1).cpu);
        snprintf(pass, sizeof pass, "pass mean %s +- %s [%s, %s]", mean, sd, lo, hi);
        /* the passes on a line of their own where both pass the width */
        if ((int)(strlen(head) + 1 + strlen(pass)) <= width)
            fprintf(f, "%s %s\n", head, pass);
        else {
            fprintf(f, "%s\n", head);
            pz_wrapped(f, pass, width, "    ", "      ");
        }
    }
    relative_passes(f, r, width);
}

/* A sweep: each solver's batches size by size (the headline's cells of
 * each size, pz_tally_size: cold where the size had no warm batch), and
 * under them how each solver's time grows with the cells, from the warm
 * sizes' medians.  The text table (width > 0) fits width as the solvers'
 * does, dropping min..max, mad and instances in this order; Markdown's
 * (width 0) has them all. */
static void sizes_table(FILE *f, const pz_result *r, int width)
{
    enum { S_SOLVER, S_BOARD, S_INSTANCES, S_CPU, S_MAD, S_RANGE, SCOLUMNS };
    static const int drop[] = {S_RANGE, S_MAD, S_INSTANCES};
    int nrows = 1, reps = r->opts.repeat > 1 ? r->opts.repeat : 1, md = !width, cold = 0;
    int w[SCOLUMNS] = {name_width(r)}, on[SCOLUMNS] = {1, 1, 1, 1, 1, 1};
    for (int s = 0; s < r->opts.nsolvers; s++)
        nrows += pz_tally_sizes(&r->tally[s]);
    if (nrows == 1)
        return;
    pz_table_row *rows = pz_xcalloc((size_t)nrows, sizeof *rows);
    static const char *const heads[SCOLUMNS] = {"by size", "board", "instances",
                                                "cpu",     "mad",   "min..max"};
    for (int k = 0; k < SCOLUMNS; k++)
        strcpy(rows[0][k], heads[k]);
    for (int s = 0, i = 1; s < r->opts.nsolvers; s++)
        for (int k = 0; k < PZ_SIZES; k++) {
            const pz_tally *t = &r->tally[s];
            pz_tally one = pz_tally_size(t, k);
            pz_headline h;
            pz_cells c = {"-", "-", "-", "-", "-", "-", 0};
            if (!pz_tally_headline(&one, &h))
                continue;
            headline_cells(&c, &h);
            cold |= h.cold;
            snprintf(rows[i][S_SOLVER], sizeof rows[i][S_SOLVER], "%s", r->opts.solvers[s]->name);
            snprintf(rows[i][S_BOARD], sizeof rows[i][S_BOARD], "%dx%d", t->sizes_rows[k],
                     t->sizes_cols[k]);
            snprintf(rows[i][S_INSTANCES], sizeof rows[i][S_INSTANCES], "%lld", one.ran / reps);
            snprintf(rows[i][S_CPU], sizeof rows[i][S_CPU], "%s", c.cpu);
            snprintf(rows[i][S_MAD], sizeof rows[i][S_MAD], "%s", c.mad);
            snprintf(rows[i][S_RANGE], sizeof rows[i][S_RANGE], "%s", c.range);
            i++;
        }
    if (md) {
        fputs("\n| solver | board | instances | cpu | mad | min..max |\n"
              "|:--|--:|--:|--:|--:|--:|\n",
              f);
        for (int i = 1; i < nrows; i++)
            fprintf(f, "| %s | %s | %s | %s | %s | %s |\n", rows[i][0], rows[i][1], rows[i][2],
                    rows[i][3], rows[i][4], rows[i][5]);
        fputc('\n', f);
    } else {
        fputc('\n', f);
        pz_table_fit(rows, nrows, SCOLUMNS, drop, (int)(sizeof drop / sizeof *drop), width, w, on);
        pz_table_print(f, rows, nrows, SCOLUMNS, w, on, 0);
    }
    free(rows);
    if (cold) {
        const char *text = "cpu (cold): " PZ_COLD_SIZE "; its cpu is the cold batches' "
                           "mean CPU time per instance, without mad or range, and the growth "
                           "leaves it out.";
        if (md)
            fprintf(f, "%s\n", text);
        else
            pz_wrapped(f, text, width < 80 ? width : 80, "  ", "  ");
    }
    for (int s = 0; s < r->opts.nsolvers; s++) {
        pz_growth g = pz_tally_growth(&r->tally[s]);
        char text[160];
        int at;
        if (isnan(g.exponent))
            continue;
        at = snprintf(text, sizeof text, "%s: time ~ cells^%.2f", r->opts.solvers[s]->name,
                      g.exponent);
        if (!isnan(g.lo))
            at += snprintf(text + at, sizeof text - (size_t)at, " [%.2f, %.2f]", g.lo, g.hi);
        snprintf(text + at, sizeof text - (size_t)at, " over %d sizes%s", g.n, md ? "." : "");
        if (md)
            fprintf(f, "%s\n", text);
        else
            pz_wrapped(f, text, width, "  ", "    ");
    }
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
 * wrapped to the summary's width in parentheses, in Markdown one line. */
static void legend(FILE *f, const pz_result *r, int base, int width)
{
    char s[1024];
    snprintf(s, sizeof s,
             "cpu: the median of the warm batches' CPU time per instance, on the thread's CPU "
             "clock; mad: its median absolute deviation; min..max: the fastest and the slowest "
             "warm batch; a batch is warm but for a solver's first in each thread and pass, "
             "whose mean is cold; relative: CPU time over %s's on the same instances, in the "
             "warm batches both solved whole; wall: the monotonic clock's mean over every "
             "batch%s",
             base >= 0 ? r->opts.solvers[base]->name : "the fastest",
             width ? "; where the table is wider than the terminal (or 100 columns off one), "
                     "it drops wall, cold, min..max, skipped, relative, mad, unknown, disagree "
                     "and invalid, in this order, until it fits: --md and --json have them all)"
                   : ".");
    if (width)
        pz_wrapped(f, s, width < 80 ? width : 80, "  (", "   ");
    else
        fprintf(f, "%s\n", s);
}

/* The text table's columns, in their order.  Where the table is wider than
 * the summary (pz_text_width), columns go in the order of DROP, first to
 * last, until it fits: the solver, ran and cpu always stay. */
enum {
    C_SOLVER,
    C_RAN,
    C_SKIPPED,
    C_INVALID,
    C_DISAGREE,
    C_UNKNOWN,
    C_CPU,
    C_MAD,
    C_RANGE,
    C_RELATIVE,
    C_COLD,
    C_WALL,
    NCOLUMNS
};
static const char *const heads[NCOLUMNS] = {"solver",   "ran",      "skipped", "invalid",
                                            "disagree", "unknown",  "cpu",     "mad",
                                            "min..max", "relative", "cold",    "wall"};
static const int DROP[] = {C_WALL, C_COLD,    C_RANGE,    C_SKIPPED, C_RELATIVE,
                           C_MAD,  C_UNKNOWN, C_DISAGREE, C_INVALID};
/* The text table of the solvers, fitted to width. */
static void summary_table(FILE *f, const pz_result *r, int base, int width)
{
    int n = r->opts.nsolvers, w[NCOLUMNS], on[NCOLUMNS];
    pz_table_row *rows = pz_xcalloc((size_t)n + 1, sizeof *rows);
    for (int k = 0; k < NCOLUMNS; k++) {
        on[k] = k != C_UNKNOWN || budgeted(r);
        w[k] = k == C_SOLVER ? name_width(r) : 0; /* as the checker's line under it */
        strcpy(rows[0][k], heads[k]);
    }
    for (int s = 0; s < n; s++) {
        const pz_tally *t = &r->tally[s];
        pz_cells c = pz_timing_cells(r, s, base);
        const char *text[NCOLUMNS] = {r->opts.solvers[s]->name,
                                      NULL,
                                      NULL,
                                      NULL,
                                      NULL,
                                      NULL,
                                      c.cpu,
                                      c.mad,
                                      c.range,
                                      c.relative,
                                      c.cold,
                                      c.wall};
        long long count[NCOLUMNS] = {0, t->ran, t->skipped, t->invalid, t->disagree, t->unknown};
        for (int k = 0; k < NCOLUMNS; k++) {
            if (text[k])
                snprintf(rows[s + 1][k], sizeof rows[s + 1][k], "%s", text[k]);
            else
                snprintf(rows[s + 1][k], sizeof rows[s + 1][k], "%lld", count[k]);
        }
    }
    int total =
        pz_table_fit(rows, n + 1, NCOLUMNS, DROP, (int)(sizeof DROP / sizeof *DROP), width, w, on);
    /* Over the headline's columns, what they are. */
    const char *what = "warm batches' CPU time per instance";
    int at = 2 + w[C_SOLVER], span = 0;
    for (int k = 1; k < C_CPU; k++)
        at += on[k] ? GAP + w[k] : 0;
    for (int k = C_CPU; k <= C_RANGE; k++)
        span += on[k] ? GAP + w[k] : 0;
    int len = (int)strlen(what), dashes = span - GAP - len - 2;
    if (dashes < 2)
        dashes = 0;
    at += GAP;
    if (at + len + (dashes ? dashes + 2 : 0) > total)
        at = total - len - (dashes ? dashes + 2 : 0);
    fprintf(f, "%*s%.*s%s%s%s%.*s\n", at > 0 ? at : 0, "", dashes / 2,
            "----------------------------------------", dashes ? " " : "", what, dashes ? " " : "",
            dashes - dashes / 2, "----------------------------------------");
    pz_table_print(f, rows, n + 1, NCOLUMNS, w, on, 0);
    free(rows);
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

/* The peak memory, under the table: the process's peak resident set, or a
 * merge's largest of its shards'; nothing where no report gave it. */
static const char *peak_memory(const pz_result *r, char *buf, size_t len)
{
    if (!r->peak_rss_bytes)
        return NULL;
    pz_bytes(buf, len, (double)r->peak_rss_bytes);
    return buf;
}

static void memory_line(FILE *f, const pz_result *r, int width)
{
    char mem[32], head[64], text[96];
    if (!peak_memory(r, mem, sizeof mem))
        return;
    snprintf(head, sizeof head, "  %-*s  ", name_width(r), "memory");
    snprintf(text, sizeof text, "%s peak resident set%s", mem,
             r->merged ? ", the largest of a shard's" : "");
    pz_wrapped(f, text, width, head, "    ");
}

int pz_summary_legend, pz_summary_quiet;

void pz_write_summary(FILE *f, const pz_result *r)
{
    static int legend_shown; /* on a terminal, the first summary's */
    const pz_corpus *c = r->corpus;
    char mean[16], line[1024];
    int width = pz_text_width(f), base = pz_baseline(r);
    if (pz_summary_quiet) {
        pz_write_status(f, r, "");
        return;
    }
    fprintf(f, "%s  %s", c->puzzle->name, c->spec);
    if (r->shard.n > 1)
        fprintf(f, "  shard %lld/%lld [%lld, %lld)", r->shard.k, r->shard.n, r->shard.first,
                r->shard.end);
    fprintf(f, "\n%lld instances, %d thread%s, %.2f s", r->instances, r->opts.threads,
            r->opts.threads > 1 ? "s" : "", r->wall_s);
    real_wall(f, r);
    fputc('\n', f);
    context_text(r, line, sizeof line);
    pz_wrapped(f, line, width, "", "  ");
    fputc('\n', f);
    summary_table(f, r, base, width);
    pz_span(mean, sizeof mean, 1e-9 * ns_per(r->check_seconds, r->checked));
    char checker[64], checked[96];
    snprintf(checker, sizeof checker, "  %-*s  ", name_width(r), "checker");
    snprintf(checked, sizeof checked, "%lld answers checked and compared, %s each", r->checked,
             mean);
    pz_wrapped(f, checked, width, checker, "    ");
    memory_line(f, r, width);
    if (pz_summary_legend || (!legend_shown && fileno(f) >= 0 && isatty(fileno(f)))) {
        legend(f, r, base, width);
        legend_shown = 1;
    }
    cold_note(f, r, width);
    relative_note(f, r, base, "Relative over fewer instances:");
    repetitions_note(f, r, width < 80 ? width : 80);
    sizes_table(f, r, width);
    worst_note(f, r);
    fputc('\n', f);
    sample_note(f, r);
    unknown_note(f, r);
    answers_line(f, r, width);
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
    pz_write_status(f, r, "");
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

/* A sweep's size in the CSV: the solver's row again for one size, with
 * the figures sizes[] has in the JSON (the size's headline, pz_tally_size:
 * CPU ns per instance, median, MAD, min, max) and its other fields empty;
 * the size's place, board, instances (once a pass) and what its headline
 * is of (as the JSON's headline: "warm batches" or "cold batches") in five
 * more columns, empty in the solver's own row.  A run of one size has
 * neither. */
static int size_figure(const char *key)
{
    static const char *const keys[] = {"cpu_ns_median", "cpu_ns_mad", "cpu_ns_min", "cpu_ns_max"};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        if (!strcmp(key, keys[i]))
            return 1;
    return 0;
}

#define CSV_SIZE(kind, m, key, csv, fmt, ...) CSV_SIZE_##kind(m, key, csv, fmt)
#define CSV_SIZE_SCALAR(kind, m, key, csv, fmt)                                                    \
    if (csv == col) {                                                                              \
        putc(',', f);                                                                              \
        if (size_figure(key))                                                                      \
            fprintf(f, fmt, PZ_VALUE(kind, &one, m));                                              \
    }
#define CSV_SIZE_COUNT(m, key, csv, fmt) CSV_SIZE_SCALAR(COUNT, m, key, csv, fmt)
#define CSV_SIZE_AT(m, key, csv, fmt) CSV_SIZE_SCALAR(AT, m, key, csv, fmt)
#define CSV_SIZE_REAL(m, key, csv, fmt) CSV_SIZE_SCALAR(REAL, m, key, csv, fmt)
#define CSV_SIZE_WORST(m, key, csv, fmt) CSV_SIZE_SCALAR(WORST, m, key, csv, fmt)
#define CSV_SIZE_FIGURE(m, key, csv, fmt) CSV_SIZE_SCALAR(FIGURE, m, key, csv, fmt)
#define CSV_SIZE_REPS(m, key, csv, fmt)
#define CSV_SIZE_SPREAD(m, key, csv, fmt)
#define CSV_SIZE_LIKE(m, key, csv, fmt)
#define CSV_SIZE_SIZES(m, key, csv, fmt)

/* The run's columns of solver s's rows. */
static void csv_head(FILE *f, const pz_result *r, int s)
{
    csv_field(f, r->corpus->puzzle->name);
    putc(',', f);
    csv_field(f, r->corpus->spec);
    fprintf(f, ",%lld/%lld,%lld,%d,%d,%s,%d", r->shard.k, r->shard.n, r->instances, r->partial,
            r->opts.threads, r->opts.solvers[s]->name, sampled(r, s));
}

void pz_write_csv(FILE *f, const pz_result *r)
{
    int columns = csv_columns(), sweep = 0, reps = r->opts.repeat > 1 ? r->opts.repeat : 1;
    for (int s = 0; s < r->opts.nsolvers; s++)
        sweep |= pz_tally_sizes(&r->tally[s]) > 0;
    fputs("puzzle,corpus,shard,instances,partial,threads,solver,sampled", f);
    for (int col = 1; col <= columns; col++) {
        PZ_TALLY(CSV_KEY)
    }
    fputs(sweep ? ",size,rows,cols,size_instances,size_headline\n" : "\n", f);
    for (int s = 0; s < r->opts.nsolvers; s++) {
        const pz_tally *t = &r->tally[s];
        csv_head(f, r, s);
        for (int col = 1; col <= columns; col++) {
            PZ_TALLY(CSV_CELL)
        }
        fputs(sweep ? ",,,,,\n" : "\n", f);
        for (int k = 0; k < PZ_SIZES; k++) {
            pz_tally one = pz_tally_size(t, k); /* its figures are the size's */
            pz_headline h;
            if (!pz_tally_headline(&one, &h))
                continue;
            csv_head(f, r, s);
            for (int col = 1; col <= columns; col++) {
                PZ_TALLY(CSV_SIZE)
            }
            fprintf(f, ",%d,%d,%d,%lld,%s\n", k, t->sizes_rows[k], t->sizes_cols[k], one.ran / reps,
                    h.cold ? "cold batches" : "warm batches");
        }
    }
}

void pz_write_markdown(FILE *f, const pz_result *r)
{
    const pz_corpus *c = r->corpus;
    char mean[16], mem[32];
    fprintf(f, "### %s: `%s`", c->puzzle->name, c->spec);
    if (r->shard.n > 1)
        fprintf(f, " (shard %lld/%lld)", r->shard.k, r->shard.n);
    fprintf(f, "\n\n%lld instances, %d thread%s, %.2f s", r->instances, r->opts.threads,
            r->opts.threads > 1 ? "s" : "", r->wall_s);
    real_wall(f, r);
    fputs(". ", f);
    pz_write_status(f, r, "**");
    context_line(f, r, "\n", ".\n");
    int base = pz_baseline(r), cut = budgeted(r);
    fprintf(f,
            "\n| solver | ran | skipped | invalid | disagree |%s cpu | mad | min..max | relative "
            "| cold | wall |\n|:--|--:|--:|--:|--:|%s--:|--:|--:|--:|--:|--:|\n",
            cut ? " unknown |" : "", cut ? "--:|" : "");
    for (int s = 0; s < r->opts.nsolvers; s++) {
        const pz_tally *t = &r->tally[s];
        pz_cells c = pz_timing_cells(r, s, base);
        fprintf(f, "| %s%s | %lld | %lld | %lld | %lld |", r->opts.solvers[s]->name,
                sampled(r, s) ? " (sampled)" : "", t->ran, t->skipped, t->invalid, t->disagree);
        if (cut)
            fprintf(f, " %lld |", t->unknown);
        fprintf(f, " %s | %s | %s | %s | %s | %s |\n", c.cpu, c.mad, c.range, c.relative, c.cold,
                c.wall);
    }
    fputc('\n', f);
    legend(f, r, base, 0);
    cold_note(f, r, 0);
    relative_note(f, r, base, "Relative over fewer instances:");
    relative_passes(f, r, 0);
    sizes_table(f, r, 0);
    pz_span(mean, sizeof mean, 1e-9 * ns_per(r->check_seconds, r->checked));
    fprintf(f, "\nChecker: %lld answers, %s each. ", r->checked, mean);
    if (peak_memory(r, mem, sizeof mem))
        fprintf(f, "Peak resident set: %s%s. ", mem, r->merged ? ", the largest of a shard's" : "");
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
