/* html.h - the HTML views: a run's result, a comparison, a history of runs,
 * each one self-contained page (inline CSS, inline SVG drawn by svg.h, no
 * script, nothing fetched), showing the figures the text views show.
 *
 *     pz_write_html(f, &res);                 // run, merge: one result
 *     pz_write_html_stress(f, &stress_report); // stress
 *
 *     pz_html_begin(f, "3 reports");          // report: several results
 *     for (...) pz_html_result(f, &doc[i].res);
 *     pz_html_end(f);
 */
#ifndef PZ_HTML_H
#define PZ_HTML_H

#include <stdio.h>

#include "comparison.h"
#include "run.h"

void pz_html_begin(FILE *, const char *title);
/* A result's section: its verdict, table, charts, answers, failures and
 * provenance. */
void pz_html_result(FILE *, const pz_result *);
void pz_html_end(FILE *);

/* A whole page: one result; a comparison; a stress (schema.h's
 * pz_stress_report, for pz_write_file). */
void pz_write_html(FILE *, const pz_result *);
void pz_comparison_html(FILE *, const pz_comparison *);
void pz_write_html_stress(FILE *, const void *stress_report);

/* A history: rows of (build, run, solver, ns, lo, hi), a chart per run with
 * a line per solver over the builds in their order. */
typedef struct pz_history_row {
    const char *build; /* the commit, and build type and host where they vary */
    const char *run, *solver;
    double ns, lo, hi; /* lo, hi: NaN where unknown */
} pz_history_row;
/* A step scripts/history found (its steps.csv): marked on run's chart at the
 * build of commit, with its text ("gf2 1.52x slower"). */
typedef struct pz_history_step {
    const char *run, *commit, *text;
} pz_history_step;
void pz_history_html(FILE *, const char *title, const pz_history_row *, int n,
                     const pz_history_step *, int nsteps);

#endif
