/* comparison.c - two reports compared, solver by solver (or benchmark by
 * benchmark): each row's statistics (pz_versus_times, stats.c), the verdicts
 * counted, and the comparison as text, Markdown and JSON.  Reading and
 * checking the reports is `compare`'s (cli/compare.c). */
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../solvers/error.h"
#include "../util/util.h"
#include "comparison.h"
#include "report.h"

void pz_comparison_note(pz_comparison *x, const char *fmt, ...)
{
    va_list ap;
    if (x->nnotes == PZ_NOTES)
        return;
    va_start(ap, fmt);
    vsnprintf(x->note[x->nnotes++], sizeof *x->note, fmt, ap);
    va_end(ap);
}

void pz_comparison_add(pz_comparison *x, const char *name, const pz_times *base,
                       const pz_times *now)
{
    pz_row *row;
    x->rows = realloc(x->rows, (size_t)(x->n + 1) * sizeof *x->rows);
    if (!x->rows)
        pz_fatal("out of memory");
    row = &x->rows[x->n++];
    row->name = name;
    row->classes = 0;
    row->v = pz_versus_times(base, now, x->threshold);
    const char *v = row->v.verdict + (row->v.verdict[0] == '~');
    x->approx += row->v.verdict[0] == '~';
    if (!strcmp(v, "slower"))
        x->slower++;
    else if (!strcmp(v, "faster"))
        x->faster++;
    else if (!strcmp(v, "same"))
        x->same++;
    else
        x->other++;
}

void pz_comparison_classes(pz_comparison *x, const long long base[PZ_NANSWERS],
                           const long long now[PZ_NANSWERS])
{
    pz_row *row = &x->rows[x->n - 1];
    row->classes = 1;
    memcpy(row->cls[0], base, sizeof row->cls[0]);
    memcpy(row->cls[1], now, sizeof row->cls[1]);
}

void pz_comparison_only(pz_comparison *x, const char *name, const char *side)
{
    size_t have = x->only ? strlen(x->only) : 0;
    char *more = pz_xasprintf("%s%s%s (%s)", have ? x->only : "", have ? ", " : "", name, side);
    free(x->only);
    x->only = more;
}

void pz_comparison_free(pz_comparison *x)
{
    free(x->rows);
    free(x->only);
    x->rows = NULL;
    x->only = NULL;
}

static void fixed(char *buf, size_t len, const char *fmt, double x)
{
    if (isnan(x))
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, fmt, x);
}

const char *pz_versus_span(const pz_versus *v, int now, char *buf, size_t len)
{
    pz_span(buf, len, 1e-9 * (now ? v->now : v->base));
    if (now ? v->now_cold : v->base_cold)
        strncat(buf, " (cold)", len - strlen(buf) - 1);
    return buf;
}

/* The header line: what is compared, over what. */
static void title(FILE *f, const pz_comparison *x, const char *code)
{
    if (x->run)
        fprintf(f, "%s  %s%s%s", x->puzzle, code, x->spec, code);
    else
        fputs("micro-benchmarks", f);
    fprintf(f, ": %s%s%s (base) against %s%s%s (new)\n", code, x->base, code, code, x->now, code);
    for (int i = 0; i < x->nnotes; i++)
        fprintf(f, "%s%s\n", *code ? "\n" : "", x->note[i]);
}

static void what(FILE *f, const pz_comparison *x)
{
    if (x->run)
        fputs("base, new: each report's headline, as run's table gives it (cpu): the median "
              "of the\nwarm batches' CPU time per instance; \"(cold)\", no warm batch: the "
              "cold batches' mean.\nWith repetitions the ratio is of the passes instead, each "
              "pass's 5th-percentile batch\n(wall: the pass's speed where the machine let it "
              "run).\n",
              f);
    else
        fputs("Times are per instance (per item): the median of the repetitions, or the mean "
              "where a\nfile kept only aggregates.\n",
              f);
    if (x->approx < x->n)
        fprintf(f,
                "ratio: new/base, the median of the ratios of every new time to every base "
                "time,\nwith its 95%% confidence interval; p: the Mann-Whitney U test (Welch's t "
                "test on\nmeans).  slower/faster: p < %.2f and the whole CI beyond %g%%.\n",
                PZ_ALPHA, 100 * x->threshold);
    if (x->approx)
        fprintf(f,
                "No independent samples%s: without repetitions (run --repeat K, "
                "--benchmark_repetitions)\na report is one pass, whose batches share one state "
                "of the machine.  ratio: new/base\nof the times shown, untested (no p, no CI); "
                "~slower/~faster: the ratio alone beyond %g%%,\nnot shown significant.  Repeat "
                "both runs (--repeat 5) for a test.\n",
                x->approx < x->n ? " in the rows marked ~" : "", 100 * x->threshold);
}

/* "slower" or "faster" when every one of two or more solvers is: what a
 * machine slower through the whole of one run looks like (as does a change
 * that slows them all); NULL otherwise. */
static const char *alike(const pz_comparison *x)
{
    if (x->n < 2 || (x->slower < x->n && x->faster < x->n))
        return NULL;
    return x->slower ? "slower" : "faster";
}

/* A run's answers by class, solver by solver: each class either report
 * has, "BASE -> NEW" where they differ (the answers differ then, unless a
 * budget's unknown games account for it). */
static void classes(FILE *f, const pz_comparison *x, const char *item)
{
    if (!x->run)
        return;
    fprintf(f, "Answers by class (base -> new where they differ):\n");
    for (int i = 0; i < x->n; i++) {
        const pz_row *row = &x->rows[i];
        int any = 0;
        if (!row->classes)
            continue;
        fprintf(f, "%s%s:", item, row->name);
        for (int a = 0; a < PZ_NANSWERS; a++) {
            long long b = row->cls[0][a], n = row->cls[1][a];
            if (!b && !n)
                continue;
            fprintf(f, "%s %s %lld", any++ ? "," : "", pz_answer_names[a], b);
            if (b != n)
                fprintf(f, " -> %lld", n);
        }
        fputs(any ? "\n" : " none\n", f);
    }
}

static void summary_line(FILE *f, const pz_comparison *x)
{
    fprintf(f, "%d slower, %d faster, %d same", x->slower, x->faster, x->same);
    if (x->other)
        fprintf(f, ", %d not compared", x->other);
    fprintf(f, " (threshold %g%%)", 100 * x->threshold);
    if (x->approx)
        fprintf(f, "; %d of them untested (~: no independent samples)", x->approx);
    if (x->only && *x->only)
        fprintf(f, "; in one report only: %s", x->only);
    fputs(".\n", f);
    if (alike(x))
        fprintf(f,
                "Every %s is %s: a change that made them all %s, or a machine that was slower "
                "through\nthe whole of the %s run; a second pair of runs tells which (see "
                "compare --help).\n",
                x->run ? "solver" : "benchmark", alike(x), alike(x), x->slower ? "new" : "base");
    if (x->run)
        fprintf(f, x->answers ? "Answers differ: %s.\n" : "Answers: the same.\n", x->answers);
}

/* The text table fits the text's width (report.h's pz_table_fit): samples,
 * p and the interval go first, in this order. */
void pz_comparison_text(FILE *f, const pz_comparison *x)
{
    enum { X_NAME, X_BASE, X_NEW, X_RATIO, X_CI, X_P, X_VERDICT, X_SAMPLES, XCOLUMNS };
    static const int drop[] = {X_SAMPLES, X_P, X_CI};
    int w[XCOLUMNS] = {10, 11}, on[XCOLUMNS] = {1, 1, 1, 1, 1, 1, 1, 1};
    pz_table_row *rows = pz_xcalloc((size_t)x->n + 1, sizeof *rows);
    const char *heads[XCOLUMNS] = {x->run ? "solver" : "benchmark",
                                   "base",
                                   "new",
                                   "ratio",
                                   "95% CI",
                                   "p",
                                   "verdict",
                                   "samples (base, new)"};
    w[X_NEW] = w[X_BASE]; /* a cold headline is wider */
    for (int k = 0; k < XCOLUMNS; k++)
        snprintf(rows[0][k], sizeof rows[0][k], "%s", heads[k]);
    for (int i = 0; i < x->n; i++) {
        const pz_row *row = &x->rows[i];
        const pz_versus *v = &row->v;
        char(*cell)[48] = rows[i + 1], lo[16], hi[16];
        snprintf(cell[X_NAME], sizeof cell[X_NAME], "%s", row->name);
        pz_versus_span(v, 0, cell[X_BASE], sizeof cell[X_BASE]);
        pz_versus_span(v, 1, cell[X_NEW], sizeof cell[X_NEW]);
        fixed(cell[X_RATIO], sizeof cell[X_RATIO], "%.3f", v->ratio);
        fixed(lo, sizeof lo, "%.3f", v->lo);
        fixed(hi, sizeof hi, "%.3f", v->hi);
        snprintf(cell[X_CI], sizeof cell[X_CI], "%s..%s", lo, hi);
        fixed(cell[X_P], sizeof cell[X_P], v->p < 1e-4 ? "%.0e" : "%.4f", v->p);
        snprintf(cell[X_VERDICT], sizeof cell[X_VERDICT], "%s", v->verdict);
        snprintf(cell[X_SAMPLES], sizeof cell[X_SAMPLES], "%d, %d %s", v->nbase, v->nnew, v->over);
    }
    title(f, x, "");
    fputc('\n', f);
    pz_table_fit(rows, x->n + 1, XCOLUMNS, drop, (int)(sizeof drop / sizeof *drop),
                 pz_text_width(f), w, on);
    pz_table_print(f, rows, x->n + 1, XCOLUMNS, w, on, 1u << X_VERDICT | 1u << X_SAMPLES);
    free(rows);
    fputc('\n', f);
    what(f, x);
    classes(f, x, "  ");
    summary_line(f, x);
}

void pz_comparison_md(FILE *f, const pz_comparison *x)
{
    fputs("### ", f);
    title(f, x, "`");
    fprintf(f,
            "\n| %s | base | new | ratio | 95%% CI | p | verdict | samples |\n"
            "|:--|--:|--:|--:|--:|--:|:--|--:|\n",
            x->run ? "solver" : "benchmark");
    for (int i = 0; i < x->n; i++) {
        const pz_row *row = &x->rows[i];
        const pz_versus *w = &row->v;
        char base[32], now[32], ratio[24], lo[16], hi[16], p[24];
        pz_versus_span(w, 0, base, sizeof base);
        pz_versus_span(w, 1, now, sizeof now);
        fixed(ratio, sizeof ratio, "%.3f", w->ratio);
        fixed(lo, sizeof lo, "%.3f", w->lo);
        fixed(hi, sizeof hi, "%.3f", w->hi);
        fixed(p, sizeof p, w->p < 1e-4 ? "%.0e" : "%.4f", w->p);
        fprintf(f, "| %s | %s | %s | %s | %s..%s | %s | %s%s%s | %d, %d %s |\n", row->name, base,
                now, ratio, lo, hi, p, strstr(w->verdict, "same") ? "" : "**", w->verdict,
                strstr(w->verdict, "same") ? "" : "**", w->nbase, w->nnew, w->over);
    }
    fputc('\n', f);
    what(f, x);
    fputc('\n', f);
    classes(f, x, "- ");
    if (x->run)
        fputc('\n', f);
    summary_line(f, x);
}

/* Each class's key, as the run report's (result.h's PZ_TALLY member). */
#define KEY(c, member, ...) #member,
static const char *const result_key[PZ_NANSWERS] = {PZ_ANSWERS(KEY)};
#undef KEY

static json_t *real(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

void pz_comparison_json(FILE *f, const pz_comparison *x)
{
    json_t *root = json_object(), *list = json_array();
    json_object_set_new(root, "base", json_string(x->base));
    json_object_set_new(root, "new", json_string(x->now));
    json_object_set_new(root, "kind", json_string(x->run ? "run" : "micro"));
    if (x->run) {
        json_object_set_new(root, "puzzle", json_string(x->puzzle));
        json_object_set_new(root, "corpus", json_string(x->spec));
    }
    json_object_set_new(root, "threshold_pct", json_real(100 * x->threshold));
    json_object_set_new(root, "alpha", json_real(PZ_ALPHA));
    json_object_set_new(root, "independent_samples", json_boolean(!x->approx));
    json_t *notes = json_array();
    for (int i = 0; i < x->nnotes; i++)
        json_array_append_new(notes, json_string(x->note[i]));
    json_object_set_new(root, "differences", notes);
    for (int i = 0; i < x->n; i++) {
        const pz_row *row = &x->rows[i];
        const pz_versus *w = &row->v;
        json_t *one =
            json_pack("{s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:s, s:s, s:i, s:i, s:b}", "name",
                      row->name, "base_ns", real(w->base), "new_ns", real(w->now), "ratio",
                      real(w->ratio), "ci_low", real(w->lo), "ci_high", real(w->hi), "p_value",
                      real(w->p), "verdict", w->verdict, "samples", w->over, "base_samples",
                      w->nbase, "new_samples", w->nnew, "independent", w->independent);
        if (row->classes) { /* "classes": {"certified": {"base": B, "new": N}, ...} */
            json_t *cls = json_object();
            for (int a = 0; a < PZ_NANSWERS; a++)
                json_object_set_new(cls, result_key[a],
                                    json_pack("{s:I, s:I}", "base", (json_int_t)row->cls[0][a],
                                              "new", (json_int_t)row->cls[1][a]));
            json_object_set_new(one, "classes", cls);
        }
        json_array_append_new(list, one);
    }
    for (int i = 0; i < x->n && x->run; i++) { /* a headline without warm batches */
        json_t *row = json_array_get(list, (size_t)i);
        json_object_set_new(row, "base_cold", json_boolean(x->rows[i].v.base_cold));
        json_object_set_new(row, "new_cold", json_boolean(x->rows[i].v.now_cold));
    }
    json_object_set_new(root, "solvers", list);
    json_object_set_new(root, "answers",
                        !x->run      ? json_null()
                        : x->answers ? json_string("differ")
                                     : json_string("same"));
    if (x->answers)
        json_object_set_new(root, "answers_differ", json_string(x->answers));
    json_object_set_new(root, "slower", json_integer(x->slower));
    json_object_set_new(root, "faster", json_integer(x->faster));
    json_object_set_new(root, "same", json_integer(x->same));
    if (alike(x))
        json_object_set_new(root, "all_alike", json_string(alike(x)));
    json_dumpf(root, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
    fputc('\n', f);
    json_decref(root);
}
