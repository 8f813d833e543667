/* svg.h - charts as inline SVG for the HTML reports: a plot area with a
 * linear or log axis each way, its ticks and grid, and the marks drawn on
 * it (points, lines, bars, intervals, bands).  Written straight to a FILE;
 * the browser needs no script and no font file to show it.
 *
 *     pz_svg g;
 *     pz_svg_begin(&g, f, 640, 200, "gf2's batch times");
 *     pz_svg_range(&g.x, 8, 30, 1);                // log: 8 ns to 30 ns
 *     pz_svg_range(&g.y, 0, 2, 0);
 *     pz_svg_axes(&g, "CPU time per instance", NULL, pz_svg_ns, NULL);
 *     pz_svg_point(&g, 12.5, 1, 3, pz_svg_colour("gf2"), NULL);
 *     pz_svg_end(&g);
 */
#ifndef PZ_SVG_H
#define PZ_SVG_H

#include <stdio.h>

typedef struct pz_svg_axis {
    double lo, hi; /* the ends, after pz_svg_range has widened them */
    int log;       /* a log10 axis */
} pz_svg_axis;

typedef struct pz_svg {
    FILE *f;
    int w, h;                     /* the picture, in CSS pixels */
    int left, right, top, bottom; /* the plot area's margins */
    pz_svg_axis x, y;
} pz_svg;

/* A tick's label for a value of an axis. */
typedef void pz_svg_label(char *buf, size_t len, double v);
pz_svg_label pz_svg_ns;    /* nanoseconds: "12.3 ns", "4.5 ms" */
pz_svg_label pz_svg_ratio; /* "1.5x" */
pz_svg_label pz_svg_count; /* "1200", "3e+06" */

/* Opens the picture (title: what a screen reader says of it). */
void pz_svg_begin(pz_svg *, FILE *, int w, int h, const char *title);
/* An axis over [lo, hi], widened a little so no mark sits on the frame;
 * log: a log10 axis (lo and hi must then be > 0). */
void pz_svg_range(pz_svg_axis *, double lo, double hi, int log);
/* The frame, grid, ticks and labels; a NULL label function: no ticks. */
void pz_svg_axes(pz_svg *, const char *xtitle, const char *ytitle, pz_svg_label *x,
                 pz_svg_label *y);
/* A value's place on the picture. */
double pz_svg_x(const pz_svg *, double v);
double pz_svg_y(const pz_svg *, double v);

/* Marks, in data coordinates; tip: a tooltip (a <title>), or NULL. */
void pz_svg_point(pz_svg *, double x, double y, double r, const char *colour, const char *tip);
void pz_svg_line(pz_svg *, double x0, double y0, double x1, double y1, const char *colour,
                 double width, int dashed);
/* A rectangle from (x0, y0) to (x1, y1); opacity 0..1. */
void pz_svg_rect(pz_svg *, double x0, double y0, double x1, double y1, const char *colour,
                 double opacity, const char *tip);
/* Text at a data point; anchor "start", "middle" or "end"; dx, dy in pixels. */
void pz_svg_text(pz_svg *, double x, double y, double dx, double dy, const char *anchor,
                 const char *text);
/* A polyline through n points (NaN or, on a log axis, non-positive ones skipped). */
void pz_svg_path(pz_svg *, const double *x, const double *y, int n, const char *colour);
void pz_svg_end(pz_svg *);

/* One colour per solver name, the same as scripts/chart.sh gives it. */
const char *pz_svg_colour(const char *name);

#endif
