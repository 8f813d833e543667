/* output.h - every report of a result written, each view by its option: the
 * text summary and report.h's JSON, CSV and Markdown, html.h's page,
 * junit.h's XML, bmf.h's metrics and github.h's summary.  The one room that
 * calls every view, so that no view calls back into it. */
#ifndef PZ_OUTPUT_H
#define PZ_OUTPUT_H

#include "result.h"

/* The reports run and merge write, each a path or NULL, by their option:
 * out[PZ_OUT_JSON] for --json ... (pz_output_option). */
enum { PZ_OUT_JSON, PZ_OUT_CSV, PZ_OUT_MD, PZ_OUT_HTML, PZ_OUT_JUNIT, PZ_OUT_BMF, PZ_OUTS };
extern const char *const pz_output_option[PZ_OUTS]; /* "--json", ... */

/* The summary (on stderr when a report goes to stdout), then each report
 * whose path is not NULL (for a partial result, beside it: X.partial.json),
 * then GitHub's (github.h): -1 if a report could not be written
 * (after a message), else 1 if the result fails, else 0. */
int pz_write_reports(const pz_result *, const char *const out[PZ_OUTS]);

#endif
