/* html.c - the HTML views (html.h): a run's result, a comparison and a
 * history as pages a browser shows without a script or a network.  The
 * figures are the text views' (report.h's pz_timing_cells, the verdict
 * line, comparison.h's rows); what the page adds is what text cannot show:
 * each solver's warm batches as a strip on a time axis (log where they span
 * a decade), relative speed as bars, the answers' histogram, the ratios of
 * a comparison against the threshold band, a history as lines over builds.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../solvers/error.h"
#include "../util/util.h"
#include "html.h"
#include "report.h"
#include "schema.h"
#include "stress.h"
#include "svg.h"

static const char style[] =
    "body{font-family:sans-serif;margin:1.5em auto;max-width:1000px;color:#222;padding:0 1em}"
    "h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}h3{font-size:1em}"
    "table{border-collapse:collapse;margin:.5em 0}"
    "td,th{border-bottom:1px solid #ddd;padding:.2em .6em;text-align:right}"
    "td:first-child,th:first-child{text-align:left}"
    "th{background:#f3f3f3}.num{font-variant-numeric:tabular-nums}"
    ".ok{color:#1a7f37;font-weight:bold}.fail{color:#c62828;font-weight:bold}"
    ".verdict{font-size:1.1em;padding:.4em .6em;background:#f6f8fa;border-left:4px solid #888}"
    "pre{background:#f6f8fa;padding:.5em;overflow-x:auto}"
    "dl{display:grid;grid-template-columns:max-content auto;gap:.1em 1em}dt{color:#555}"
    "dd{margin:0;overflow-wrap:anywhere}.note{color:#555;font-size:.9em}"
    "svg{display:block;margin:.4em 0;max-width:100%;height:auto}";

void pz_html_begin(FILE *f, const char *title)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>", f);
    pz_escape(f, title, PZ_HTML);
    fprintf(f, "</title>\n<style>%s</style>\n</head><body>\n", style);
}

void pz_html_end(FILE *f)
{
    fputs("</body></html>\n", f);
}

/* A line of text made by a writer of the text views, as HTML. */
static void status_html(FILE *f, const pz_result *r)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        pz_fatal("out of memory");
    pz_write_status(m, r, "");
    fclose(m);
    if (len && buf[len - 1] == '\n')
        buf[len - 1] = 0;
    int ok = !strncmp(buf, "OK", 2);
    fprintf(f, "<p class=\"verdict\"><span class=\"%s\">%s</span>", ok ? "ok" : "fail",
            ok                            ? "OK"
            : !strncmp(buf, "PARTIAL", 7) ? "PARTIAL"
                                          : "FAIL");
    pz_escape(f, buf + (ok ? 2 : !strncmp(buf, "PARTIAL", 7) ? 7 : 4), PZ_HTML);
    fputs("</p>\n", f);
    free(buf);
}

static void cell(FILE *f, const char *text)
{
    fputs("<td class=\"num\">", f);
    pz_escape(f, text, PZ_HTML);
    fputs("</td>", f);
}

static void table(FILE *f, const pz_result *r, int base)
{
    int cut = pz_budget_on(&r->opts.budget) || pz_unknown_games(r), cold = 0;
    fprintf(f,
            "<table><tr><th>solver</th><th>ran</th><th>skipped</th><th>invalid</th>"
            "<th>disagree</th>%s<th>cpu</th><th>mad</th><th>min..max</th><th>relative</th>"
            "<th>cold</th><th>wall</th></tr>\n",
            cut ? "<th>unknown</th>" : "");
    for (int s = 0; s < r->opts.nsolvers; s++) {
        const pz_tally *t = &r->tally[s];
        pz_cells c = pz_timing_cells(r, s, base);
        fputs("<tr><td>", f);
        pz_escape(f, r->opts.solvers[s]->name, PZ_HTML);
        fprintf(f,
                "%s</td><td class=\"num\">%lld</td><td class=\"num\">%lld</td>"
                "<td class=\"num\">%lld</td><td class=\"num\">%lld</td>",
                (r->opts.slow >> s) & 1 ? " (sampled)" : "", t->ran, t->skipped, t->invalid,
                t->disagree);
        if (cut)
            fprintf(f, "<td class=\"num\">%lld</td>", t->unknown);
        cold |= c.headline_cold;
        cell(f, c.cpu);
        cell(f, c.mad);
        cell(f, c.range);
        cell(f, c.relative);
        cell(f, c.cold);
        cell(f, c.wall);
        fputs("</tr>\n", f);
    }
    fputs("</table>\n<p class=\"note\">cpu, the headline: the median of the warm batches' CPU "
          "time per instance; mad its median absolute deviation; min..max the fastest and "
          "slowest warm batch; relative the CPU time over the baseline's on the same "
          "instances; cold the first batches of each thread; wall the monotonic clock's mean "
          "over every batch.",
          f);
    if (cold)
        fputs(" cpu (cold): " PZ_COLD_SOLVER
              "; the cold batches' mean CPU time per instance, without mad or range.",
              f);
    fputs("</p>\n", f);
}

/* Batch times on one time axis, a row for each of n named spreads (empty
 * ones left out): a tick per class of a spread as tall as the share of
 * instances in it, its median a black bar.  heading: the chart's. */
static void strip_rows(FILE *f, const char *heading, const char *const *name,
                       const pz_spread *const *sp, int n)
{
    double lo = INFINITY, hi = 0;
    int rows = 0;
    for (int k = 0; k < n; k++) {
        if (!sp[k]->n)
            continue;
        rows++;
        lo = fmin(lo, pz_spread_quantile(sp[k], 0));
        hi = fmax(hi, pz_spread_quantile(sp[k], 1));
    }
    if (!rows)
        return;
    int logx = hi >= 10 * lo;
    pz_svg g;
    fprintf(f, "<h3>%s%s</h3>\n", heading, logx ? " (log axis)" : "");
    pz_svg_begin(&g, f, 900, 60 + 40 * rows, heading);
    g.left = 110;
    pz_svg_range(&g.x, lo, hi, logx);
    g.y = (pz_svg_axis){0, rows, 0};
    pz_svg_axes(&g, "CPU time per instance (each tick a class of batches, its height their share)",
                NULL, pz_svg_ns, NULL);
    for (int k = 0, row = rows; k < n; k++) {
        const char *colour = pz_svg_colour(name[k]);
        char text[96], span[16];
        long long most = 1;
        if (!sp[k]->n)
            continue;
        double y = --row + 0.5, median = pz_spread_quantile(sp[k], 0.5);
        for (int i = 0; i < sp[k]->n; i++)
            if (sp[k]->bin[i].count > most)
                most = sp[k]->bin[i].count;
        for (int i = 0; i < sp[k]->n; i++) {
            double x = pz_spread_ns(sp[k]->bin[i].cls),
                   h = 0.05 + 0.35 * sqrt(sp[k]->bin[i].count / (double)most);
            pz_svg_line(&g, x, y - h, x, y + h, colour, 1.5, 0);
        }
        pz_span(span, sizeof span, 1e-9 * median);
        snprintf(text, sizeof text, "%s: median %s", name[k], span);
        pz_svg_rect(&g, median, y - 0.45, median, y + 0.45, "#000", 1, text);
        pz_svg_line(&g, median, y - 0.45, median, y + 0.45, "#000", 2.5, 0);
        pz_svg_text(&g, g.x.lo, y, -6, 4, "end", name[k]);
        pz_svg_text(&g, median, y + 0.45, 4, 10, "start", span);
    }
    pz_svg_end(&g);
}

/* Each solver's warm batches on one time axis (the median is the headline). */
static void strip(FILE *f, const pz_result *r)
{
    const char *name[PZ_RUN_SOLVERS];
    const pz_spread *sp[PZ_RUN_SOLVERS];
    for (int s = 0; s < r->opts.nsolvers; s++) {
        name[s] = r->opts.solvers[s]->name;
        sp[s] = &r->tally[s].cpu_spread;
    }
    strip_rows(f, "Warm batches: CPU time per instance", name, sp, r->opts.nsolvers);
}

/* Relative speed: each solver's CPU time over the baseline's, a bar on a
 * log axis, with the repetitions' interval where there is one. */
static void relative(FILE *f, const pz_result *r, int base)
{
    double ratio[PZ_RUN_SOLVERS], lo = 1, hi = 1;
    int rows = 0, whiskers = 0;
    for (int s = 0; s < r->opts.nsolvers; s++) {
        double a, b;
        if (base < 0 || !pz_relative(r, s, base, &ratio[s], NULL)) {
            ratio[s] = NAN;
            continue;
        }
        rows++;
        lo = fmin(lo, ratio[s]);
        hi = fmax(hi, ratio[s]);
        if (pz_relative_interval(r, s, base, NULL, &a, &b)) {
            lo = fmin(lo, a);
            hi = fmax(hi, b);
            whiskers = 1;
        }
    }
    if (rows < 2)
        return;
    pz_svg g;
    fprintf(f, "<h3>Relative speed: CPU time over %s's on the same instances</h3>\n",
            r->opts.solvers[base]->name);
    pz_svg_begin(&g, f, 900, 60 + 28 * rows, "relative speed");
    g.left = 110;
    pz_svg_range(&g.x, lo, hi, 1);
    g.y = (pz_svg_axis){0, rows, 0};
    pz_svg_axes(&g,
                whiskers ? "times the baseline's (whiskers: 95% interval over the passes)"
                         : "times the baseline's",
                NULL, pz_svg_ratio, NULL);
    pz_svg_line(&g, 1, 0, 1, rows, "#555", 1, 1);
    for (int s = 0, row = rows; s < r->opts.nsolvers; s++) {
        const char *name = r->opts.solvers[s]->name;
        double y, a, b;
        char text[64];
        if (isnan(ratio[s]))
            continue;
        y = --row + 0.5;
        snprintf(text, sizeof text, "%s: %.3gx", name, ratio[s]);
        pz_svg_rect(&g, fmin(1, ratio[s]), y - 0.3, fmax(1, ratio[s]), y + 0.3, pz_svg_colour(name),
                    0.8, text);
        if (pz_relative_interval(r, s, base, NULL, &a, &b)) {
            pz_svg_line(&g, a, y, b, y, "#000", 1.5, 0);
            pz_svg_line(&g, a, y - 0.15, a, y + 0.15, "#000", 1.5, 0);
            pz_svg_line(&g, b, y - 0.15, b, y + 0.15, "#000", 1.5, 0);
        }
        pz_svg_text(&g, g.x.lo, y, -6, 4, "end", name);
        pz_svg_text(&g, fmax(1, ratio[s]), y, 4, 4, "start", text + strlen(name) + 2);
    }
    pz_svg_end(&g);
    if (!whiskers && pz_relative_none(r, base))
        fprintf(f, "<p>Relative over the passes: %s.</p>\n", pz_relative_none(r, base));
}

/* A sweep's sizes as a table, each size's headline (pz_tally_size: cold
 * where the size had no warm batch): 1 if a row is cold. */
static int sizes_table(FILE *f, const pz_result *r)
{
    int cold = 0, reps = r->opts.repeat > 1 ? r->opts.repeat : 1;
    fputs("<h2>Size by size</h2>\n<table><tr><th>solver</th><th>board</th><th>instances</th>"
          "<th>cpu</th><th>mad</th><th>min..max</th></tr>\n",
          f);
    for (int s = 0; s < r->opts.nsolvers; s++)
        for (int k = 0; k < PZ_SIZES; k++) {
            const pz_tally *t = &r->tally[s];
            pz_tally one = pz_tally_size(t, k);
            pz_headline h;
            char a[16], b[16], c[16], mad[16], range[40];
            if (!pz_tally_headline(&one, &h))
                continue;
            pz_span(a, sizeof a, 1e-9 * h.median);
            pz_span(b, sizeof b, 1e-9 * h.min);
            pz_span(c, sizeof c, 1e-9 * h.max);
            snprintf(mad, sizeof mad, h.cold ? "-" : "%.1f%%", 100 * h.mad / h.median);
            snprintf(range, sizeof range, h.cold ? "-" : "%s..%s", b, c);
            cold |= h.cold;
            fputs("<tr><td>", f);
            pz_escape(f, r->opts.solvers[s]->name, PZ_HTML);
            fprintf(f,
                    "</td><td class=\"num\">%dx%d</td><td class=\"num\">%lld</td>"
                    "<td class=\"num\">%s%s</td><td class=\"num\">%s</td>"
                    "<td class=\"num\">%s</td></tr>\n",
                    t->sizes_rows[k], t->sizes_cols[k], one.ran / reps, a, h.cold ? " (cold)" : "",
                    mad, range);
        }
    fputs("</table>\n", f);
    return cold;
}

/* A sweep: its sizes' table (each size's headline, pz_tally_size: cold
 * where the size had no warm batch), and each solver's median time per
 * instance against the cells of the board, log-log, a point per warm size
 * joined (a cold one is left out, as the growth leaves it, and the title
 * says so), the fitted growth dashed and said beside the solver's name. */
static void sweep(FILE *f, const pz_result *r)
{
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {0, 0};
    int any = 0;
    for (int s = 0; s < r->opts.nsolvers; s++)
        for (int k = 0; k < PZ_SIZES; k++) {
            const pz_tally *t = &r->tally[s];
            double cells = (double)t->sizes_rows[k] * t->sizes_cols[k];
            if (!t->sizes[k].n)
                continue;
            any = 1;
            lo[0] = fmin(lo[0], cells);
            hi[0] = fmax(hi[0], cells);
            lo[1] = fmin(lo[1], pz_spread_quantile(&t->sizes[k], 0.5));
            hi[1] = fmax(hi[1], pz_spread_quantile(&t->sizes[k], 0.5));
        }
    int sized = 0, cold;
    for (int s = 0; s < r->opts.nsolvers; s++)
        sized |= pz_tally_sizes(&r->tally[s]) > 0;
    if (!sized)
        return;
    cold = sizes_table(f, r);
    if (!any) { /* every size cold: nothing to draw */
        fputs("<p>cpu (cold): no warm batch of any size; no chart.</p>\n", f);
        return;
    }
    fprintf(f,
            "%s<h3>CPU time per instance against the board's cells (log-log; "
            "dashed: the fitted growth%s)</h3>\n",
            cold ? "<p>cpu (cold): " PZ_COLD_SIZE "; its cpu is the cold batches' mean "
                   "CPU time per instance.</p>\n"
                 : "",
            cold ? "; the cold sizes left out" : "");
    pz_svg g;
    pz_svg_begin(&g, f, 900, 340, "time against size");
    g.right = 230;
    pz_svg_range(&g.x, lo[0], hi[0], 1);
    pz_svg_range(&g.y, lo[1], hi[1], 1);
    pz_svg_axes(&g, "cells (rows x cols)", "CPU time per instance", pz_svg_count, pz_svg_ns);
    for (int s = 0, row = 0; s < r->opts.nsolvers; s++) {
        const pz_tally *t = &r->tally[s];
        const char *name = r->opts.solvers[s]->name, *colour = pz_svg_colour(name);
        double x[PZ_SIZES], y[PZ_SIZES], mx = 0, my = 0;
        int n = 0;
        for (int k = 0; k < PZ_SIZES; k++)
            if (t->sizes[k].n) {
                char tip[96], span[16];
                x[n] = (double)t->sizes_rows[k] * t->sizes_cols[k];
                y[n] = pz_spread_quantile(&t->sizes[k], 0.5);
                pz_span(span, sizeof span, 1e-9 * y[n]);
                snprintf(tip, sizeof tip, "%s %dx%d: %s", name, t->sizes_rows[k], t->sizes_cols[k],
                         span);
                pz_svg_point(&g, x[n], y[n], 3.5, colour, tip);
                mx += log(x[n]);
                my += log(y[n]);
                n++;
            }
        if (!n)
            continue;
        pz_svg_path(&g, x, y, n, colour);
        pz_growth gr = pz_tally_growth(t);
        char label[96];
        if (!isnan(gr.exponent)) {
            /* the fitted line through the means of the logs */
            double a = my / n - gr.exponent * mx / n;
            pz_svg_line(&g, x[0], exp(a) * pow(x[0], gr.exponent), x[n - 1],
                        exp(a) * pow(x[n - 1], gr.exponent), colour, 1, 1);
            if (isnan(gr.lo))
                snprintf(label, sizeof label, "%s: ~ cells^%.2f", name, gr.exponent);
            else
                snprintf(label, sizeof label, "%s: ~ cells^%.2f [%.2f, %.2f]", name, gr.exponent,
                         gr.lo, gr.hi);
        } else {
            snprintf(label, sizeof label, "%s", name);
        }
        fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"%s\">", g.w - g.right + 10,
                g.top + 14 + 16 * row++, colour);
        pz_escape(f, label, PZ_HTML);
        fputs("</text>\n", f);
    }
    pz_svg_end(&g);
}

enum { BARS = 48 };

/* The reference answers by class: a bar each, the BARS most frequent where
 * there are more (in class order). */
static void histogram(FILE *f, const pz_result *r)
{
    int k[BARS], n = 0, classes = 0;
    long long most = 0, floor = 0;
    for (int c = 0; c < PZ_CLASSES; c++)
        classes += r->hist[c] != 0;
    if (!classes)
        return;
    if (classes > BARS) { /* the BARS-th largest count is the floor */
        long long *v = pz_xcalloc((size_t)classes, sizeof *v);
        int m = 0;
        for (int c = 0; c < PZ_CLASSES; c++)
            if (r->hist[c])
                v[m++] = r->hist[c];
        for (int i = 0; i < BARS; i++) /* a partial selection sort, descending */
            for (int j = i + 1; j < m; j++)
                if (v[j] > v[i]) {
                    long long x = v[i];
                    v[i] = v[j];
                    v[j] = x;
                }
        floor = v[BARS - 1];
        free(v);
    }
    for (int c = 0; c < PZ_CLASSES && n < BARS; c++)
        if (r->hist[c] && r->hist[c] >= floor) {
            k[n++] = c;
            if (r->hist[c] > most)
                most = r->hist[c];
        }
    fprintf(f, "<h2>Answers</h2>\n");
    if (classes > n)
        fprintf(f,
                "<p class=\"note\">The %d most frequent of %d classes; the JSON report has "
                "them all.</p>\n",
                n, classes);
    pz_svg g;
    pz_svg_begin(&g, f, 900, 260, "the histogram of answers");
    g.bottom = 70;
    pz_svg_range(&g.y, 0, (double)most, 0);
    g.x = (pz_svg_axis){0, n, 0};
    pz_svg_axes(&g, NULL, "instances", NULL, pz_svg_count);
    for (int i = 0; i < n; i++) {
        char text[PZ_NAME + 32];
        snprintf(text, sizeof text, "%s: %lld", r->names[k[i]], r->hist[k[i]]);
        pz_svg_rect(&g, i + 0.1, 0, i + 0.9, (double)r->hist[k[i]], "#4c78a8", 0.9, text);
        if (n <= 24 || i % ((n + 23) / 24) == 0)
            fprintf(f,
                    "<text transform=\"translate(%.1f,%.1f) rotate(-45)\" "
                    "text-anchor=\"end\">",
                    pz_svg_x(&g, i + 0.5), pz_svg_y(&g, 0) + 12);
        else
            continue;
        pz_escape(f, r->names[k[i]], PZ_HTML);
        fputs("</text>\n", f);
    }
    pz_svg_end(&g);
    fputs("<p class=\"num\">", f);
    for (int c = 0, first = 1; c < PZ_CLASSES; c++)
        if (r->hist[c]) {
            fprintf(f, "%s", first ? "" : ", ");
            pz_escape(f, r->names[c], PZ_HTML);
            fprintf(f, ": %lld", r->hist[c]);
            first = 0;
        }
    if (r->unanswered)
        fprintf(f, "; no valid answer: %lld", r->unanswered);
    fputs("</p>\n", f);
}

/* Each failure listed: the instance and every answer in judge format. */
static void failures(FILE *f, const pz_result *r)
{
    if (!r->nfail)
        return;
    fprintf(f, "<h2>Failures</h2>\n<p>The first %d by index.</p>\n", r->nfail);
    for (int i = 0; i < r->nfail; i++) {
        const pz_failure *x = &r->fail[i];
        fprintf(f, "<h3>index %lld</h3>\n<pre>", x->index);
        pz_escape(f, x->input, PZ_HTML);
        fputs("</pre>\n", f);
        for (int s = -1; s < r->opts.nsolvers; s++) {
            const char *ans = s < 0 ? x->expected : x->answer[s];
            const char *why = s < 0 ? x->expected_why : x->why[s];
            if (!ans)
                continue;
            fputs("<p>", f);
            pz_escape(f, s < 0 ? "expected" : r->opts.solvers[s]->name, PZ_HTML);
            if (why) {
                fputs(" <span class=\"fail\">invalid</span>: ", f);
                pz_escape(f, why, PZ_HTML);
            }
            if (s < 0 && x->refuted) {
                fputs(" <span class=\"fail\">refuted</span>: ", f);
                pz_escape(f, x->refuted, PZ_HTML);
            }
            if (s >= 0 && (x->disagree >> s) & 1)
                fputs(" <span class=\"fail\">differs</span>", f);
            fputs("</p>\n<pre>", f);
            pz_escape(f, ans, PZ_HTML);
            fputs("</pre>\n", f);
        }
    }
}

static void item(FILE *f, const char *key, const char *value)
{
    fprintf(f, "<dt>%s</dt><dd>", key);
    pz_escape(f, value, PZ_HTML);
    fputs("</dd>\n", f);
}

/* Where and from what a report was made; the list left open, for more. */
static void context_items(FILE *f, const pz_context *c)
{
    char buf[96];
    fputs("<h2>Provenance</h2>\n<dl>\n", f);
    item(f, "date", c->date);
    snprintf(buf, sizeof buf, "%s%s", c->commit, c->dirty ? " (dirty)" : "");
    item(f, "commit", buf);
    item(f, "version", c->version);
    item(f, "build type", c->build_type);
    item(f, "compiler", c->compiler);
    item(f, "flags", c->flags);
    item(f, "host", c->host);
    item(f, "CPU", c->cpu);
    item(f, "OS", c->os);
    snprintf(buf, sizeof buf, "%lld cores, %.1f GiB", c->cores,
             (double)c->memory_bytes / (1 << 30));
    item(f, "machine", buf);
    if (c->corpus_hash[0])
        item(f, "corpus content", c->corpus_hash);
}

/* Where and from what the result was made. */
static void provenance(FILE *f, const pz_result *r)
{
    pz_context now;
    const pz_context *c = r->context;
    if (!c) {
        pz_context_gather(&now, r->opts.threads, time(NULL));
        c = &now;
    }
    context_items(f, c);
    fputs("</dl>\n", f);
}

void pz_html_result(FILE *f, const pz_result *r)
{
    const pz_corpus *c = r->corpus;
    int base = pz_baseline(r);
    fputs("<section>\n<h1>", f);
    pz_escape(f, c->puzzle->name, PZ_HTML);
    fputs(": <code>", f);
    pz_escape(f, c->spec, PZ_HTML);
    fputs("</code></h1>\n", f);
    status_html(f, r);
    fprintf(f, "<p>%lld instances", r->instances);
    if (r->shard.n > 1)
        fprintf(f, " (shard %lld/%lld: [%lld, %lld))", r->shard.k, r->shard.n, r->shard.first,
                r->shard.end);
    fprintf(f, ", %d thread%s, %.2f s", r->opts.threads, r->opts.threads > 1 ? "s" : "", r->wall_s);
    if (r->merged)
        fprintf(f, " summed over the shards, about %.0f s real", r->real_wall_s);
    if (r->opts.repeat > 1)
        fprintf(f, "; %d passes%s", r->opts.repeat, r->opts.warmup ? " after a warm-up" : "");
    if (r->peak_rss_bytes) { /* 0: a report older than the figure */
        char mem[32];
        pz_bytes(mem, sizeof mem, (double)r->peak_rss_bytes);
        fprintf(f, "; peak resident set %s%s", mem, r->merged ? ", the largest of a shard's" : "");
    }
    fputs(".</p>\n<h2>Solvers</h2>\n", f);
    table(f, r, base);
    strip(f, r);
    relative(f, r, base);
    sweep(f, r);
    histogram(f, r);
    failures(f, r);
    provenance(f, r);
    fputs("</section>\n", f);
}

void pz_write_html(FILE *f, const pz_result *r)
{
    char *title = pz_xasprintf("puzzlebench run %s %s", r->corpus->puzzle->name, r->corpus->spec);
    pz_html_begin(f, title);
    pz_html_result(f, r);
    pz_html_end(f);
    free(title);
}

static void fixed(FILE *f, const char *fmt, double x)
{
    fputs("<td class=\"num\">", f);
    if (isnan(x))
        fputs("-", f);
    else
        fprintf(f, fmt, x);
    fputs("</td>", f);
}

/* Each row's ratio NEW/BASE on a log axis, its 95% interval a whisker, the
 * threshold's band [1 - t, 1 + t] shaded: a whisker wholly right of the
 * band is slower, wholly left faster. */
static void ratios(FILE *f, const pz_comparison *x)
{
    double lo = 1 - x->threshold, hi = 1 + x->threshold;
    int rows = 0;
    for (int i = 0; i < x->n; i++) {
        const pz_versus *v = &x->rows[i].v;
        if (isnan(v->ratio))
            continue;
        rows++;
        lo = fmin(lo, isnan(v->lo) ? v->ratio : fmin(v->lo, v->ratio));
        hi = fmax(hi, isnan(v->hi) ? v->ratio : fmax(v->hi, v->ratio));
    }
    if (!rows)
        return;
    pz_svg g;
    pz_svg_begin(&g, f, 900, 60 + 36 * rows, "each ratio NEW/BASE with its interval");
    g.left = 140;
    pz_svg_range(&g.x, fmax(lo, 1e-6), hi, 1);
    g.y = (pz_svg_axis){0, rows, 0};
    pz_svg_axes(&g, "NEW/BASE (shaded: within the threshold; whiskers: 95% interval)", NULL,
                pz_svg_ratio, NULL);
    pz_svg_rect(&g, 1 - x->threshold, 0, 1 + x->threshold, rows, "#9e9e9e", 0.25, "threshold");
    pz_svg_line(&g, 1, 0, 1, rows, "#555", 1, 1);
    for (int i = 0, row = rows; i < x->n; i++) {
        const pz_versus *v = &x->rows[i].v;
        char text[96];
        if (isnan(v->ratio))
            continue;
        double y = --row + 0.5;
        const char *colour = !strcmp(v->verdict + (*v->verdict == '~'), "slower")   ? "#c62828"
                             : !strcmp(v->verdict + (*v->verdict == '~'), "faster") ? "#1a7f37"
                                                                                    : "#333";
        if (!isnan(v->lo) && !isnan(v->hi)) {
            pz_svg_line(&g, v->lo, y, v->hi, y, colour, 1.5, 0);
            pz_svg_line(&g, v->lo, y - 0.15, v->lo, y + 0.15, colour, 1.5, 0);
            pz_svg_line(&g, v->hi, y - 0.15, v->hi, y + 0.15, colour, 1.5, 0);
        }
        snprintf(text, sizeof text, "%s: %.3fx %s", x->rows[i].name, v->ratio, v->verdict);
        pz_svg_point(&g, v->ratio, y, 4, colour, text);
        pz_svg_text(&g, g.x.lo, y, -6, 4, "end", x->rows[i].name);
        pz_svg_text(&g, isnan(v->hi) ? v->ratio : fmax(v->ratio, v->hi), y, 8, 4, "start",
                    text + strlen(x->rows[i].name) + 2);
    }
    pz_svg_end(&g);
}

void pz_comparison_html(FILE *f, const pz_comparison *x)
{
    char span[32];
    pz_html_begin(f, "puzzlebench compare");
    fputs("<section>\n<h1>", f);
    if (x->run) {
        pz_escape(f, x->puzzle, PZ_HTML);
        fputs(": <code>", f);
        pz_escape(f, x->spec, PZ_HTML);
        fputs("</code>", f);
    } else {
        fputs("micro-benchmarks", f);
    }
    fputs("</h1>\n<p><code>", f);
    pz_escape(f, x->base, PZ_HTML);
    fputs("</code> (base) against <code>", f);
    pz_escape(f, x->now, PZ_HTML);
    fprintf(f, "</code> (new); threshold %g%%.</p>\n", 100 * x->threshold);
    int bad = x->slower || x->answers;
    fprintf(f,
            "<p class=\"verdict\"><span class=\"%s\">%s</span>: %d slower, %d faster, %d the "
            "same, %d not compared%s%s.</p>\n",
            bad ? "fail" : "ok", bad ? "FAIL" : "OK", x->slower, x->faster, x->same, x->other,
            x->approx ? "; marked ~, untested (no repetitions in both)" : "",
            x->answers ? "; the answers differ" : "");
    if (x->answers) {
        fputs("<p class=\"fail\">The answers differ: ", f);
        pz_escape(f, x->answers, PZ_HTML);
        fputs("</p>\n", f);
    }
    for (int i = 0; i < x->nnotes; i++) {
        fputs("<p class=\"note\">", f);
        pz_escape(f, x->note[i], PZ_HTML);
        fputs("</p>\n", f);
    }
    fputs("<table><tr><th>name</th><th>base</th><th>new</th><th>ratio</th><th>95% interval</th>"
          "<th>p</th><th>over</th><th>verdict</th></tr>\n",
          f);
    for (int i = 0; i < x->n; i++) {
        const pz_versus *v = &x->rows[i].v;
        fputs("<tr><td>", f);
        pz_escape(f, x->rows[i].name, PZ_HTML);
        fputs("</td>", f);
        cell(f, pz_versus_span(v, 0, span, sizeof span));
        cell(f, pz_versus_span(v, 1, span, sizeof span));
        fixed(f, "%.3fx", v->ratio);
        if (isnan(v->lo))
            cell(f, "-");
        else
            fprintf(f, "<td class=\"num\">%.3f..%.3f</td>", v->lo, v->hi);
        fixed(f, "%.3g", v->p);
        cell(f, v->over ? v->over : "-");
        cell(f, v->verdict);
        fputs("</tr>\n", f);
    }
    fputs("</table>\n", f);
    if (x->run)
        fputs("<p class=\"note\">base, new: each report's headline, as its run page gives it "
              "(cpu): the median of the warm batches' CPU time per instance; (cold), no warm "
              "batch: the cold batches' mean.  With repetitions the ratio and its interval are "
              "of the passes instead, each pass's 5th-percentile batch.</p>\n",
              f);
    if (x->only) {
        fputs("<p class=\"note\">In one report only: ", f);
        pz_escape(f, x->only, PZ_HTML);
        fputs(".</p>\n", f);
    }
    ratios(f, x);
    fputs("</section>\n", f);
    pz_html_end(f);
}

/* The builds in the order of their first row, into order[]; their count. */
static int builds(const pz_history_row *h, int n, const char **order)
{
    int nb = 0;
    for (int i = 0; i < n; i++) {
        int b = 0;
        while (b < nb && strcmp(order[b], h[i].build))
            b++;
        if (b == nb)
            order[nb++] = h[i].build;
    }
    return nb;
}

static int index_of(const char **list, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(list[i], s))
            return i;
    return -1;
}

/* The steps of run on its chart: a red line at the build of each step's
 * commit (the build's name begins with it), its text beside it. */
static void history_steps(pz_svg *g, const char *run, const char **order, int nb,
                          const pz_history_step *step, int nsteps)
{
    int at[64] = {0};
    for (int i = 0; i < nsteps; i++) {
        size_t len = strlen(step[i].commit);
        if (strcmp(step[i].run, run) || !len)
            continue;
        for (int b = 0; b < nb && b < 64; b++)
            if (!strncmp(order[b], step[i].commit, len) &&
                (!order[b][len] || order[b][len] == ' ')) {
                double x[2] = {b, b}, y[2] = {g->y.lo, g->y.hi};
                pz_svg_path(g, x, y, 2, "#c0392b");
                pz_svg_text(g, b, g->y.hi, 4, 12 + 14 * at[b]++, "start", step[i].text);
                break;
            }
    }
}

void pz_history_html(FILE *f, const char *title, const pz_history_row *h, int n,
                     const pz_history_step *step, int nsteps)
{
    const char **order = pz_xcalloc((size_t)n + 1, sizeof *order);
    const char **runs = pz_xcalloc((size_t)n + 1, sizeof *runs);
    int nb = builds(h, n, order), nr = 0;
    double *x = pz_xcalloc((size_t)nb + 1, sizeof *x), *y = pz_xcalloc((size_t)nb + 1, sizeof *y);
    pz_html_begin(f, title);
    fputs("<section>\n<h1>", f);
    pz_escape(f, title, PZ_HTML);
    fprintf(f,
            "</h1>\n<p>%d rows, %d builds; a chart per run, a line per solver over the builds "
            "in the order first measured (the last measurement of each build).</p>\n",
            n, nb);
    for (int i = 0; i < n; i++)
        if (index_of(runs, nr, h[i].run) < 0)
            runs[nr++] = h[i].run;
    for (int k = 0; k < nr; k++) {
        const char *solvers[64];
        int ns = 0;
        double lo = INFINITY, hi = 0;
        for (int i = 0; i < n; i++)
            if (!strcmp(h[i].run, runs[k])) {
                if (index_of(solvers, ns, h[i].solver) < 0 && ns < 64)
                    solvers[ns++] = h[i].solver;
                lo = fmin(lo, h[i].ns);
                hi = fmax(hi, h[i].ns);
            }
        fputs("<h2>", f);
        pz_escape(f, runs[k], PZ_HTML);
        fputs("</h2>\n", f);
        pz_svg g;
        pz_svg_begin(&g, f, 900, 300, runs[k]);
        g.bottom = 80;
        g.right = 110;
        pz_svg_range(&g.y, lo, hi, hi >= 10 * lo);
        g.x = (pz_svg_axis){-0.5, nb - 0.5, 0};
        pz_svg_axes(&g, NULL, "time per instance", NULL, pz_svg_ns);
        for (int b = 0; b < nb; b++) {
            fprintf(f, "<text transform=\"translate(%.1f,%.1f) rotate(-45)\" text-anchor=\"end\">",
                    pz_svg_x(&g, b), pz_svg_y(&g, g.y.lo) + 12);
            pz_escape(f, order[b], PZ_HTML);
            fputs("</text>\n", f);
        }
        for (int s = 0; s < ns; s++) {
            const char *colour = pz_svg_colour(solvers[s]);
            double last = NAN;
            for (int b = 0; b < nb; b++) {
                x[b] = b;
                y[b] = NAN;
            }
            for (int i = 0; i < n; i++)
                if (!strcmp(h[i].run, runs[k]) && !strcmp(h[i].solver, solvers[s]))
                    y[index_of(order, nb, h[i].build)] = h[i].ns;
            pz_svg_path(&g, x, y, nb, colour);
            for (int b = 0; b < nb; b++)
                if (!isnan(y[b])) {
                    char text[96], span[16];
                    pz_span(span, sizeof span, 1e-9 * y[b]);
                    snprintf(text, sizeof text, "%s at %s: %s", solvers[s], order[b], span);
                    pz_svg_point(&g, b, y[b], 3, colour, text);
                    last = y[b];
                }
            if (!isnan(last))
                pz_svg_text(&g, g.x.hi, last, 4, 4, "start", solvers[s]);
        }
        history_steps(&g, runs[k], order, nb, step, nsteps);
        pz_svg_end(&g);
    }
    fputs("</section>\n", f);
    pz_html_end(f);
    free(order);
    free(runs);
    free(x);
    free(y);
}

/* ---------------------------------------------------------------- stress */

/* A text of a stress's failure, cut as the terminal's is. */
static void stress_text(FILE *f, const char *title, const char *text, size_t len)
{
    char *cut = pz_xstrndup(text, len < PZ_STRESS_SHOW_BYTES ? len : PZ_STRESS_SHOW_BYTES);
    fprintf(f, "<p>%s%s</p>\n<pre>", title, len > PZ_STRESS_SHOW_BYTES ? " (its start)" : "");
    pz_escape(f, cut, PZ_HTML);
    fputs("</pre>\n", f);
    free(cut);
}

/* A failing instance (or seed) run alone, or shrunk: its verdict, why,
 * and texts. */
static void stress_example(FILE *f, const pz_stress *s, const char *what, const pz_example *e,
                           const char *why)
{
    fprintf(f, "<h3>%s: %s %lld: <span class=\"fail\">%s</span>: ", what,
            s->gen.cmd ? "seed" : "instance", s->gen.cmd ? s->seed0 + e->index : e->index,
            pz_outcome_names[e->seen]);
    pz_escape(f, why, PZ_HTML);
    fputs("</h3>\n", f);
    if (!e->input) /* nothing was run */
        return;
    if (e->alone != PZ_OUTCOMES && e->alone != e->seen) {
        fprintf(f, "<p>alone: %s: ", e->alone == PZ_AC ? "AC" : pz_outcome_names[e->alone]);
        pz_escape(
            f, e->alone == PZ_AC ? "the failure depends on the other instances of its run" : e->why,
            PZ_HTML);
        fputs("</p>\n", f);
    }
    stress_text(f, "input", e->input, e->inlen);
    stress_text(f, "expected output", e->expected, e->explen);
    if (e->received)
        stress_text(f, "received output", e->received, e->reclen);
    if (e->errors && *e->errors)
        stress_text(f, "start of its stderr", e->errors, strlen(e->errors));
}

/* Each program's verdicts, runs, CPU time per instance and peak memory. */
static void stress_table(FILE *f, const pz_stress *s, const pz_stress_tally *all, int n)
{
    fputs("<table><tr><th>program</th>", f);
    for (int o = 0; o < PZ_OUTCOMES; o++)
        fprintf(f, "<th>%s</th>", pz_outcome_names[o]);
    fputs("<th>runs</th><th>cpu median</th><th>10-90%</th><th>peak memory, mean</th>"
          "<th>largest</th></tr>\n",
          f);
    for (int k = 0; k < n; k++) {
        const pz_stress_prog *g = &all->prog[k];
        pz_stress_speed v = pz_stress_speed_of(g);
        char a[32], b[32], range[80];
        fputs("<tr><td>", f);
        pz_escape(f, pz_stress_names[k], PZ_HTML);
        fputs(" <code>", f);
        pz_escape(f, s->prog[k].cmd, PZ_HTML);
        fputs("</code></td>", f);
        for (int o = 0; o < PZ_OUTCOMES; o++)
            fprintf(f, "<td class=\"num\">%lld</td>", g->count[o]);
        fprintf(f, "<td class=\"num\">%lld</td>", g->runs);
        pz_span(a, sizeof a, v.median);
        cell(f, a);
        pz_span(a, sizeof a, v.p10);
        pz_span(b, sizeof b, v.p90);
        snprintf(range, sizeof range, "%s..%s", a, b);
        cell(f, isnan(v.p10) ? "-" : range);
        pz_bytes(a, sizeof a, g->runs ? (double)g->rss_kb * 1024 / (double)g->runs : 0);
        cell(f, g->runs ? a : "-");
        pz_bytes(a, sizeof a, (double)g->rss_kb_max * 1024);
        cell(f, g->runs ? a : "-");
        fputs("</tr>\n", f);
    }
    fputs("</table>\n<p class=\"note\">cpu: CPU time per instance in the runs that ended "
          "within the limits; peak memory: a run's (its cgroup's peak where the run has one, "
          "else ru_maxrss).</p>\n",
          f);
}

void pz_write_html_stress(FILE *f, const void *report)
{
    const pz_stress_report *r = report;
    const pz_stress *s = r->s;
    const pz_stress_tally *all = r->all;
    int n = s->prog[1].cmd ? PZ_STRESS_PROGS : 1, ok = r->all_ac && !all->jury;
    const char *what = s->gen.cmd ? s->gen.cmd : s->corpus.spec;
    char *title = pz_xasprintf("puzzlebench stress %s %s", s->p->name, what), buf[64];
    pz_html_begin(f, title);
    free(title);
    fputs("<section>\n<h1>stress ", f);
    pz_escape(f, s->p->name, PZ_HTML);
    fprintf(f, ": <code>%s", s->gen.cmd ? "--gen " : "");
    pz_escape(f, what, PZ_HTML);
    fprintf(f, "</code></h1>\n<p class=\"verdict\"><span class=\"%s\">%s</span>",
            ok ? "ok" : "fail",
            ok       ? "all AC"
            : r->sig ? "PARTIAL"
                     : "FAILED");
    if (r->sig)
        fprintf(f, ": interrupted after %lld of %lld", s->done, pz_stress_judged(s));
    if (all->jury)
        fprintf(f, ": the jury is wrong on %lld", all->jury);
    fprintf(f, "</p>\n<p>%lld %ss judged, %lld runs (%d job%s), %.2f s.</p>\n",
            r->sig ? s->done : pz_stress_judged(s), s->gen.cmd ? "seed" : "instance",
            s->corpus_runs, s->jobs, s->jobs > 1 ? "s" : "", r->wall);
    fputs("<h2>Programs</h2>\n", f);
    stress_table(f, s, all, n);
    if (n == PZ_STRESS_PROGS) {
        pz_stress_versus v = pz_stress_compare(all);
        fputs("<p>--exec/--against: ", f);
        if (!isnan(v.shift.ratio))
            fprintf(f, "%.3g ", v.shift.ratio);
        if (!isnan(v.shift.lo) && !isnan(v.shift.p))
            fprintf(f, "(95%% interval %.3g..%.3g, p %.2g) ", v.shift.lo, v.shift.hi, v.shift.p);
        pz_escape(f, v.verdict, PZ_HTML);
        fputs("</p>\n", f);
    }
    const char *name[PZ_STRESS_PROGS];
    const pz_spread *sp[PZ_STRESS_PROGS];
    for (int k = 0; k < n; k++)
        name[k] = pz_stress_names[k], sp[k] = &all->prog[k].time.spread;
    strip_rows(f, "Runs that ended within the limits: CPU time per instance", name, sp, n);
    if (r->nex || r->nshrunk)
        fputs("<h2>Failures</h2>\n", f);
    for (int i = 0; i < r->nex; i++) {
        snprintf(buf, sizeof buf, "failure %d", i + 1);
        stress_example(f, s, buf, &r->ex[i], all->fails[i].why);
    }
    for (int i = 0; i < r->nshrunk; i++)
        stress_example(f, s, r->shrunk[i].runs ? "smallest, shrunk from" : "first, not shrunk",
                       &r->shrunk[i], r->shrunk[i].why);
    context_items(f, r->ctx);
    snprintf(buf, sizeof buf, "CPU %ld ms, wall %ld ms, memory ", s->lim.time_ms, s->lim.wall_ms);
    fprintf(f, "<dt>limits per run</dt><dd>%s", buf);
    if (s->lim.memory_mb)
        fprintf(f, "%ld MiB</dd>\n", s->lim.memory_mb);
    else
        fputs("unlimited</dd>\n", f);
    fputs("</dl>\n</section>\n", f);
    pz_html_end(f);
}
