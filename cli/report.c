/* report.c - `puzzlebench report X.json... --html F`: saved reports of run
 * or merge as one HTML page (bench/html.h), a section each, and with --bmf
 * their headlines in Bencher Metric Format (bench/bmf.h); or with
 * --history, a history.csv of scripts/regress as a page of lines over the
 * builds.  The reports are read by the one schema reader (bench/schema.h),
 * so a page shows what the report holds, checked as compare checks it.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../bench/bmf.h"
#include "../bench/html.h"
#include "../bench/report.h"
#include "../bench/schema.h"

#define REPORT_OPTIONS(X)                                                                          \
    X(HTML, "html", 0, "F", "the page (F '-' is stdout)")                                          \
    X(BMF, "bmf", 0, "F",                                                                          \
      "each solver's headline in Bencher Metric Format, as run --bmf\n"                            \
      "writes it (F '-' is stdout)")                                                               \
    X(HISTORY, "history", 0, "CSV",                                                                \
      "a history.csv of scripts/regress instead of reports: a chart\n"                             \
      "per run, a line per solver over the builds")

enum { REPORT_OPTIONS(PZ_OPTION_ID) O_HELP, NOPTIONS };
static const pz_option options[] = {REPORT_OPTIONS(PZ_OPTION) PZ_HELP_OPTION PZ_END_OPTIONS};
static void help(FILE *);
const pz_command_line pz_report_command = {
    .name = "report",
    .args = "X.json... [--html F] [--bmf F] | --history CSV --html F",
    .summary = "saved reports (or a history.csv) as one self-contained HTML page",
    .options = options,
    .help = help,
    .run = pz_cmd_report,
};

static void help(FILE *f)
{
    pz_print_usage(f, &pz_report_command);
    fputs("\n"
          "Writes reports of `puzzlebench run` or `merge` as one HTML page, a section each:\n"
          "the verdict, the table as run prints it, each solver's warm batch times on one\n"
          "axis (log where they span a decade), relative speed, the histogram of answers,\n"
          "the failures in judge format and where the run was made.  The page is one file:\n"
          "inline CSS and SVG, no script and nothing fetched.  `run`, `merge` and `compare`\n"
          "write the same page for their own result with --html F; --bmf F writes the\n"
          "reports' headlines as run --bmf does (scripts/history's rows are made of it).\n"
          "With --history, a\n"
          "history.csv (date,commit,run,puzzle,solver,ns,...; scripts/regress and\n"
          "scripts/history append to it) becomes a chart per run, a line per solver over\n"
          "the builds, and the steps scripts/history found (steps.csv beside it) are\n"
          "marked at their commits.\n"
          "\n",
          f);
    pz_print_options(f, options);
    fputs("\nExit status: 0 the page is written; 2 bad usage or a report that does not read.\n", f);
}

typedef struct pages {
    pz_report_doc *doc;
    int n;
} pages;

static void write_pages(FILE *f, const void *what)
{
    const pages *p = what;
    char *title = pz_xasprintf("puzzlebench: %d report%s", p->n, p->n > 1 ? "s" : "");
    pz_html_begin(f, title);
    for (int i = 0; i < p->n; i++)
        pz_html_result(f, &p->doc[i].res);
    pz_html_end(f);
    free(title);
}

static void write_bmf(FILE *f, const void *what)
{
    const pages *p = what;
    const pz_result **r = pz_xcalloc((size_t)p->n, sizeof *r);
    for (int i = 0; i < p->n; i++)
        r[i] = &p->doc[i].res;
    pz_write_bmf_results(f, r, p->n);
    free(r);
}

/* A history file: its text, its rows pointing into it. */
typedef struct history {
    const char *path;
    char *text;
    pz_history_row *row;
    int n;
    pz_history_step *step; /* steps.csv beside it, of scripts/history */
    int nsteps;
} history;

static void write_history(FILE *f, const void *what)
{
    const history *h = what;
    char *title = pz_xasprintf("puzzlebench history: %s", h->path);
    pz_history_html(f, title, h->row, h->n, h->step, h->nsteps);
    free(title);
}

enum { FIELDS = 16 };

/* Splits a CSV line in place into at most FIELDS fields (quotes removed,
 * "" inside quotes one quote); their count, or -1 for an unclosed quote. */
static int split(char *line, char **field)
{
    int n = 0;
    char *w = line, *r = line;
    for (;;) {
        if (n == FIELDS)
            return n;
        field[n++] = w;
        if (*r == '"') {
            for (r++;; r++) {
                if (!*r)
                    return -1;
                if (*r == '"' && r[1] == '"')
                    *w++ = *r++;
                else if (*r == '"')
                    break;
                else
                    *w++ = *r;
            }
            r++;
        }
        while (*r && *r != ',')
            *w++ = *r++;
        if (!*r) {
            *w = 0;
            return n;
        }
        *w++ = 0;
        r++;
    }
}

static int column(char **field, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(field[i], name))
            return i;
    return -1;
}

/* A positive time, or NaN where the cell is empty and may be. */
static int time_cell(const char *s, int empty_ok, double *v)
{
    char *end;
    if (!*s && empty_ok) {
        *v = NAN;
        return 0;
    }
    errno = 0;
    *v = strtod(s, &end);
    return *s && !*end && !errno && *v > 0 && isfinite(*v) ? 0 : -1;
}

static int read_history(history *h)
{
    FILE *f = fopen(h->path, "r");
    size_t len = 0;
    char *line = NULL, *field[FIELDS];
    int col[8] = {-1, -1, -1, -1, -1, -1, -1, -1}, nf = 0, lineno = 0, status = 0;
    static const char *const need[] = {"commit", "run", "solver", "ns"};
    if (!f)
        return pz_usage("report: cannot read --history %s: %s", h->path, strerror(errno));
    while (!status && getline(&line, &len, f) > 0) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        int n = split(line, field);
        if (lineno == 1) {
            for (int k = 0; k < 4 && !status; k++)
                if ((col[k] = column(field, n, need[k])) < 0)
                    status = pz_usage("report: %s:1: expected a header naming commit, run, "
                                      "solver and ns (scripts/regress's history.csv), found "
                                      "no '%s'",
                                      h->path, need[k]);
            col[4] = column(field, n, "ci_low_ns");
            col[5] = column(field, n, "ci_high_ns");
            col[6] = column(field, n, "build_type");
            col[7] = column(field, n, "host");
            nf = n;
            continue;
        }
        if (n != nf) {
            status = pz_usage("report: %s:%d: expected %d comma-separated fields as in the "
                              "header, found %d",
                              h->path, lineno, nf, n);
            break;
        }
        pz_history_row row = {0};
        if (time_cell(field[col[3]], 1, &row.ns)) {
            status = pz_usage("report: %s:%d: expected a positive time in ns, found '%s'", h->path,
                              lineno, field[col[3]]);
            break;
        }
        if (isnan(row.ns)) /* a run that timed nothing */
            continue;
        row.lo = row.hi = NAN;
        if (col[4] >= 0 && time_cell(field[col[4]], 1, &row.lo))
            row.lo = NAN;
        if (col[5] >= 0 && time_cell(field[col[5]], 1, &row.hi))
            row.hi = NAN;
        /* a build is its commit, with its build type and host where known */
        row.build =
            pz_xasprintf("%s%s%s%s%s", field[col[0]], col[6] >= 0 && *field[col[6]] ? " " : "",
                         col[6] >= 0 ? field[col[6]] : "", col[7] >= 0 && *field[col[7]] ? " " : "",
                         col[7] >= 0 ? field[col[7]] : "");
        row.run = pz_xasprintf("%s", field[col[1]]);
        row.solver = pz_xasprintf("%s", field[col[2]]);
        h->row = realloc(h->row, (size_t)(h->n + 1) * sizeof *h->row);
        if (!h->row)
            pz_fatal("out of memory");
        h->row[h->n++] = row;
    }
    if (!status && lineno == 0)
        status = pz_usage("report: %s: expected a header line, found an empty file", h->path);
    free(line);
    fclose(f);
    return status;
}

/* The steps scripts/history wrote beside the history (steps.csv: run,
 * puzzle, solver, commit, subject, ratio, ci_low, ci_high, verdict), where
 * there is such a file; a row it cannot read is left out. */
static void read_steps(history *h)
{
    const char *slash = strrchr(h->path, '/');
    char *path = pz_xasprintf("%.*ssteps.csv", slash ? (int)(slash - h->path + 1) : 0, h->path);
    FILE *f = fopen(path, "r");
    char *line = NULL, *field[FIELDS];
    size_t len = 0;
    int col[5] = {-1, -1, -1, -1, -1}, nf = 0;
    static const char *const need[] = {"run", "solver", "commit", "ratio", "verdict"};
    free(path);
    if (!f)
        return;
    for (int lineno = 1; getline(&line, &len, f) > 0; lineno++) {
        line[strcspn(line, "\r\n")] = 0;
        int n = split(line, field), ok = 1;
        if (lineno == 1) {
            for (int k = 0; k < 5; k++)
                col[k] = column(field, n, need[k]);
            nf = n;
            continue;
        }
        for (int k = 0; k < 5; k++)
            ok &= col[k] >= 0 && n == nf;
        if (!ok)
            continue;
        h->step = realloc(h->step, (size_t)(h->nsteps + 1) * sizeof *h->step);
        if (!h->step)
            pz_fatal("out of memory");
        h->step[h->nsteps++] = (pz_history_step){
            pz_xasprintf("%s", field[col[0]]), pz_xasprintf("%s", field[col[2]]),
            pz_xasprintf("%s %.3gx %s", field[col[1]], atof(field[col[3]]), field[col[4]])};
    }
    free(line);
    fclose(f);
}

static void history_free(history *h)
{
    for (int i = 0; i < h->nsteps; i++) {
        free((char *)h->step[i].run);
        free((char *)h->step[i].commit);
        free((char *)h->step[i].text);
    }
    free(h->step);
    for (int i = 0; i < h->n; i++) {
        free((char *)h->row[i].build);
        free((char *)h->row[i].run);
        free((char *)h->row[i].solver);
    }
    free(h->row);
}

int pz_cmd_report(int argc, char **argv)
{
    const char *value[NOPTIONS];
    int first, status;
    pz_error e;

    if ((status = pz_parse_options(&pz_report_command, NULL, argc, argv, value, &first)) >= 0)
        return status;
    const char *html = value[O_HTML], *hist = value[O_HISTORY], *bmf = value[O_BMF];
    if (!html && !bmf)
        return pz_usage("report: expected --html F or --bmf F, what to write (try report --help)");
    if (hist && !html)
        return pz_usage("report: --history writes a page: expected --html F");
    if (hist && bmf)
        return pz_usage("report: --bmf takes reports, not --history");
    if ((html && (status = pz_check_output("report", "--html", html))) ||
        (bmf && (status = pz_check_output("report", "--bmf", bmf))))
        return status;
    /* the outputs are written over none of what they are made from */
    pz_path *paths = pz_xcalloc((size_t)(argc - first) + 3, sizeof *paths);
    int np = 0;
    for (int i = first; i < argc; i++)
        paths[np++] = (pz_path){"the report", argv[i], 0};
    paths[np++] = (pz_path){"--history", hist, 0};
    paths[np++] = (pz_path){"--html", html, 1};
    paths[np++] = (pz_path){"--bmf", bmf, 1};
    status = pz_check_clash("report", paths, np);
    free(paths);
    if (status)
        return status;
    if (hist) {
        history h = {.path = hist};
        if (argc > first)
            return pz_usage("report: --history takes no reports; found '%s'", argv[first]);
        status = read_history(&h);
        if (!status)
            read_steps(&h);
        if (!status && pz_write_file(html, write_history, &h))
            status = PZ_EXIT_USAGE;
        history_free(&h);
        return status;
    }
    if (argc == first)
        return pz_usage("report: expected reports X.json... of run or merge (try report --help)");
    pages p = {pz_xcalloc((size_t)(argc - first), sizeof *p.doc), 0};
    for (int i = first; i < argc && !status; i++)
        if (pz_report_read(&p.doc[p.n], argv[i], &e))
            status = pz_print_error_in("report", &e);
        else
            p.n++;
    if (!status && html && pz_write_file(html, write_pages, &p))
        status = PZ_EXIT_USAGE;
    if (!status && bmf && pz_write_file(bmf, write_bmf, &p))
        status = PZ_EXIT_USAGE;
    for (int i = 0; i < p.n; i++)
        pz_report_free(&p.doc[i]);
    free(p.doc);
    return status;
}
