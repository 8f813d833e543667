/* report.h - a run's result as a terminal summary, JSON, CSV and Markdown (the
 * JSON's shape, and its reader, are in schema.h). */
#ifndef PZ_REPORT_H
#define PZ_REPORT_H

#include "result.h"

/* The terminal summary: the table fitted to the width of $COLUMNS, else of
 * the terminal, else 100 columns; the columns' legend where
 * pz_summary_legend (--legend) or, the first time in the process, on a
 * terminal; the verdict line alone where pz_summary_quiet (--quiet). */
void pz_write_summary(FILE *, const pz_result *);
/* The width a text view fits: $COLUMNS where it is set, else the terminal's
 * where f is one, else 100 (a log, a file). */
int pz_text_width(FILE *);
/* Text broken between words to lines of at most width columns: the first
 * line after first, the others after next (a longer word stays whole). */
void pz_wrapped(FILE *, const char *text, int width, const char *first, const char *next);
/* A text table as every text view prints it: rows[0] the head, then a row
 * each; the first column left-aligned, the others right-aligned, two
 * spaces apart, the whole indented by two (pz_table_print's left: a bit
 * for each other column left-aligned too).  pz_table_fit widens each
 * column (w, set beforehand to its least width) to its cells and, where
 * the table is wider than width, turns columns off (on, set beforehand to
 * 1 for each column shown) in the order of drop until it fits; a column
 * not in drop stays.  It returns the table's width, pz_table_print prints
 * it. */
enum { PZ_TABLE_COLUMNS = 12 };
typedef char pz_table_row[PZ_TABLE_COLUMNS][48];
int pz_table_fit(pz_table_row *, int nrows, int ncols, const int *drop, int ndrop, int width,
                 int *w, int *on);
void pz_table_print(FILE *, pz_table_row *, int nrows, int ncols, const int *w, const int *on,
                    unsigned left);
extern int pz_summary_legend, pz_summary_quiet;
/* A run of instances where no answer at all was checked: a failure. */
int pz_nothing_checked(const pz_result *);
/* The games cut by run --budget, summed over the solvers. */
long long pz_unknown_games(const pz_result *);
void pz_write_json(FILE *, const pz_result *);
/* A solver's timing cells as the tables give them, against the baseline
 * base (pz_baseline): the headline cpu, mad, min..max, relative, cold, wall
 * ("-" where there is none), so every view prints the same figures. */
typedef struct pz_cells {
    char cpu[24], mad[16], range[40], relative[16], cold[16], wall[16];
    int headline_cold; /* no warm batch: cpu is the cold mean, "(cold)" */
} pz_cells;
/* Why a headline is cold, a solver's and a sweep's size's, in every view's
 * note: "cpu (cold): " WHY "; ...". */
#define PZ_COLD_SOLVER "no warm batch (one batch a thread: too few instances)"
#define PZ_COLD_SIZE                                                                               \
    "no warm batch of that size (a thread's first batch is cold: on one thread, the sweep's "      \
    "first size)"
pz_cells pz_timing_cells(const pz_result *, int s, int base);
/* The verdict line (OK, FAIL, PARTIAL ...), bold the mark around its word. */
void pz_write_status(FILE *, const pz_result *, const char *bold);
/* The same line into buf, without its newline; returns buf. */
const char *pz_status_text(const pz_result *, char *buf, size_t len);
void pz_write_csv(FILE *, const pz_result *);
void pz_write_markdown(FILE *, const pz_result *);
/* Writes PATH through a temporary file and rename(), or to stdout for "-",
 * so no reader ever sees half a report; 0 ok, else a message on stderr.
 * pz_write_file is the same for anything write(f, what) writes (compare's
 * comparison): the one writer of reports. */
int pz_write_report(const char *path, void (*write)(FILE *, const pz_result *), const pz_result *);
int pz_write_file(const char *path, void (*write)(FILE *, const void *), const void *what);

/* Where the report of an interrupted command goes, beside the complete one
 * it must not replace: "X.json" -> "X.partial.json", "X" -> "X.partial"
 * (malloc'd). */
char *pz_partial_path(const char *path);

/* Whether a whole result fails: an answer failed or none was checked (the
 * exit status 1 of run and merge). */
int pz_result_fails(const pz_result *);

#endif
