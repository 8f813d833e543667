/* svg.c - charts as inline SVG (svg.h): the axes and their ticks, and the
 * marks.  Ticks on a log axis are the powers of ten, with 2 and 5 between
 * them where the axis spans under three decades and every digit where it
 * spans under one; on a linear axis steps of 1, 2 or 5 times a power of ten,
 * about six of them. */
#include <math.h>
#include <string.h>

#include "../util/util.h"
#include "svg.h"

void pz_svg_ns(char *buf, size_t len, double v)
{
    pz_span(buf, len, 1e-9 * v);
}

void pz_svg_ratio(char *buf, size_t len, double v)
{
    snprintf(buf, len, "%gx", v);
}

void pz_svg_count(char *buf, size_t len, double v)
{
    snprintf(buf, len, "%g", v);
}

const char *pz_svg_colour(const char *name)
{
    static const char *const known[][2] = {
        {"gf2", "#1f77b4"},   {"rowenum", "#ff7f0e"},   {"bfs", "#2ca02c"},
        {"iddfs", "#d62728"}, {"chase", "#6a3d9a"},     {"m4ri", "#17becf"},
        {"dense", "#7f7f7f"}, {"portfolio", "#1f77b4"}, {"turns", "#9467bd"},
        {"mrv", "#8c564b"},   {"square", "#2ca02c"},    {"count", "#e377c2"},
        {"sat", "#7f7f7f"},   {"gecode", "#ff7f0e"},    {"kinds", "#bcbd22"},
        {"naive", "#17becf"},
    };
    static const char *const other[] = {"#393b79", "#637939", "#8c6d31", "#843c39",
                                        "#7b4173", "#3182bd", "#e6550d", "#31a354"};
    unsigned h = 5381;
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (!strcmp(name, known[i][0]))
            return known[i][1];
    for (const char *s = name; *s; s++) /* a plug-in's: by a hash of its name */
        h = h * 33 + (unsigned char)*s;
    return other[h % (sizeof other / sizeof *other)];
}

void pz_svg_begin(pz_svg *g, FILE *f, int w, int h, const char *title)
{
    *g = (pz_svg){.f = f, .w = w, .h = h, .left = 70, .right = 20, .top = 12, .bottom = 44};
    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" role=\"img\" font-family=\"sans-serif\" font-size=\"11\">"
            "<title>",
            w, h, w, h);
    pz_escape(f, title, PZ_HTML);
    fputs("</title>\n", f);
}

void pz_svg_range(pz_svg_axis *a, double lo, double hi, int log)
{
    a->log = log;
    if (log) {
        if (!(lo > 0))
            lo = hi > 0 ? hi / 10 : 1;
        if (!(hi >= lo))
            hi = lo;
        double pad = pow(hi / lo, 0.05);
        if (pad < 1.1)
            pad = 1.1;
        a->lo = lo / pad;
        a->hi = hi * pad;
    } else {
        if (!(hi > lo))
            hi = lo + (lo ? fabs(lo) : 1);
        double pad = 0.05 * (hi - lo);
        a->lo = lo < 0 || lo - pad >= 0 ? lo - pad : 0;
        a->hi = hi + pad;
    }
}

static double place(const pz_svg_axis *a, double v, double from, double to)
{
    double t = a->log ? (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo))
                      : (v - a->lo) / (a->hi - a->lo);
    return from + t * (to - from);
}

double pz_svg_x(const pz_svg *g, double v)
{
    return place(&g->x, v, g->left, g->w - g->right);
}

double pz_svg_y(const pz_svg *g, double v)
{
    return place(&g->y, v, g->h - g->bottom, g->top);
}

enum { TICKS = 64 };

/* Steps of 1, 2 or 5 times a power of ten over [lo, hi], about six. */
static int steps(double lo, double hi, double *t)
{
    int n = 0;
    double raw = (hi - lo) / 6, p = pow(10, floor(log10(raw))), step;
    step = raw / p < 1.5 ? p : raw / p < 3.5 ? 2 * p : raw / p < 7.5 ? 5 * p : 10 * p;
    for (double v = ceil(lo / step) * step; v <= hi && n < TICKS; v += step)
        t[n++] = fabs(v) < 1e-9 * step ? 0 : v;
    return n;
}

/* The axis's ticks into t: at most TICKS of them; their count.  A log axis
 * of less than half a decade has the linear steps. */
static int ticks(const pz_svg_axis *a, double *t)
{
    int n = 0;
    double span = a->log ? log10(a->hi / a->lo) : 0;
    if (!a->log || span < 0.5)
        return steps(a->lo, a->hi, t);
    static const double all[] = {1, 2, 3, 4, 5, 6, 7, 8, 9}, some[] = {1, 2, 5}, one[] = {1};
    const double *m = span < 1 ? all : span < 3 ? some : one;
    int nm = span < 1 ? 9 : span < 3 ? 3 : 1, step = span > 12 ? 2 : 1;
    for (int e = (int)floor(log10(a->lo)); e <= (int)ceil(log10(a->hi)); e += step)
        for (int i = 0; i < nm && n < TICKS; i++) {
            double v = m[i] * pow(10, e);
            if (v >= a->lo && v <= a->hi)
                t[n++] = v;
        }
    return n;
}

void pz_svg_axes(pz_svg *g, const char *xtitle, const char *ytitle, pz_svg_label *xl,
                 pz_svg_label *yl)
{
    FILE *f = g->f;
    double t[TICKS], x0 = g->left, x1 = g->w - g->right, y0 = g->h - g->bottom, y1 = g->top;
    char buf[32];
    int n;
    fprintf(f,
            "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"#fbfbfb\" "
            "stroke=\"#999\"/>\n",
            x0, y1, x1 - x0, y0 - y1);
    for (int i = 0, n = xl ? ticks(&g->x, t) : 0; i < n; i++) {
        double x = pz_svg_x(g, t[i]);
        xl(buf, sizeof buf, t[i]);
        fprintf(f,
                "<line x1=\"%.1f\" y1=\"%g\" x2=\"%.1f\" y2=\"%g\" stroke=\"#ddd\"/>"
                "<text x=\"%.1f\" y=\"%g\" text-anchor=\"middle\">%s</text>\n",
                x, y1, x, y0, x, y0 + 14, buf);
    }
    n = yl ? ticks(&g->y, t) : 0;
    for (int i = 0; i < n; i++) {
        double y = pz_svg_y(g, t[i]);
        yl(buf, sizeof buf, t[i]);
        fprintf(f,
                "<line x1=\"%g\" y1=\"%.1f\" x2=\"%g\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                "<text x=\"%g\" y=\"%.1f\" text-anchor=\"end\" dy=\"4\">%s</text>\n",
                x0, y, x1, y, x0 - 4, y, buf);
    }
    if (xtitle) {
        fprintf(f, "<text x=\"%g\" y=\"%d\" text-anchor=\"middle\">", (x0 + x1) / 2, g->h - 8);
        pz_escape(f, xtitle, PZ_HTML);
        fputs("</text>\n", f);
    }
    if (ytitle) {
        fprintf(f, "<text transform=\"translate(12,%g) rotate(-90)\" text-anchor=\"middle\">",
                (y0 + y1) / 2);
        pz_escape(f, ytitle, PZ_HTML);
        fputs("</text>\n", f);
    }
}

static void tip(FILE *f, const char *text, const char *tag)
{
    if (!text) {
        fputs("/>\n", f);
        return;
    }
    fputs("><title>", f);
    pz_escape(f, text, PZ_HTML);
    fprintf(f, "</title></%s>\n", tag);
}

void pz_svg_point(pz_svg *g, double x, double y, double r, const char *colour, const char *text)
{
    fprintf(g->f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%g\" fill=\"%s\"", pz_svg_x(g, x),
            pz_svg_y(g, y), r, colour);
    tip(g->f, text, "circle");
}

void pz_svg_line(pz_svg *g, double x0, double y0, double x1, double y1, const char *colour,
                 double width, int dashed)
{
    fprintf(g->f,
            "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
            "stroke-width=\"%g\"%s/>\n",
            pz_svg_x(g, x0), pz_svg_y(g, y0), pz_svg_x(g, x1), pz_svg_y(g, y1), colour, width,
            dashed ? " stroke-dasharray=\"4 3\"" : "");
}

void pz_svg_rect(pz_svg *g, double x0, double y0, double x1, double y1, const char *colour,
                 double opacity, const char *text)
{
    double a = pz_svg_x(g, x0), b = pz_svg_x(g, x1), c = pz_svg_y(g, y0), d = pz_svg_y(g, y1);
    fprintf(g->f,
            "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
            "fill-opacity=\"%.3g\"",
            fmin(a, b), fmin(c, d), fabs(b - a), fabs(d - c), colour, opacity);
    tip(g->f, text, "rect");
}

void pz_svg_text(pz_svg *g, double x, double y, double dx, double dy, const char *anchor,
                 const char *text)
{
    fprintf(g->f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">", pz_svg_x(g, x) + dx,
            pz_svg_y(g, y) + dy, anchor);
    pz_escape(g->f, text, PZ_HTML);
    fputs("</text>\n", g->f);
}

void pz_svg_path(pz_svg *g, const double *x, const double *y, int n, const char *colour)
{
    int k = 0;
    fputs("<polyline fill=\"none\" stroke-width=\"1.5\" points=\"", g->f);
    for (int i = 0; i < n; i++) {
        if (isnan(x[i]) || isnan(y[i]) || (g->x.log && !(x[i] > 0)) || (g->y.log && !(y[i] > 0)))
            continue;
        fprintf(g->f, "%s%.1f,%.1f", k++ ? " " : "", pz_svg_x(g, x[i]), pz_svg_y(g, y[i]));
    }
    fprintf(g->f, "\" stroke=\"%s\"/>\n", colour);
}

void pz_svg_end(pz_svg *g)
{
    fputs("</svg>\n", g->f);
}
