/* comparison.h - two reports compared: the rows, their verdicts counted,
 * and the comparison as text, Markdown and JSON.
 *
 *     static pz_comparison x;             // its notes are large
 *     x = (pz_comparison){.base = "a.json", .now = "b.json", .run = 1,
 *                         .puzzle = "flip", .spec = spec, .threshold = 0.05};
 *     pz_comparison_note(&x, "Differs: host: %s (base), %s (new).", a, b);
 *     pz_comparison_add(&x, "gf2", &base_times, &new_times);  // a row
 *     pz_comparison_classes(&x, base_classes, new_classes);    // a run's row
 *     pz_comparison_text(stdout, &x);
 *     pz_comparison_free(&x);
 */
#ifndef PZ_COMPARISON_H
#define PZ_COMPARISON_H

#include <stdio.h>

#include "result.h"
#include "stats.h"

enum { PZ_NOTES = 16, PZ_NOTE = 1400 };

typedef struct pz_row {
    const char *name; /* the solver's or benchmark's */
    pz_versus v;
    int classes;                   /* a run's: its answers by class (result.h's PZ_ANSWERS), */
    long long cls[2][PZ_NANSWERS]; /* in base and in new */
} pz_row;

typedef struct pz_comparison {
    const char *base, *now;    /* the reports' paths */
    int run;                   /* reports of run or merge; else Google Benchmark files */
    const char *puzzle, *spec; /* a run's */
    double threshold;          /* the change that counts, a fraction */
    pz_row *rows;
    int n;
    int slower, faster, same, other; /* the rows by verdict (~ counted with the tested) */
    int approx;                      /* rows without independent samples (marked ~) */
    const char *answers;             /* where the answers differ; NULL: the same (or micro) */
    char *only;                      /* names in one report only; NULL: none */
    char note[PZ_NOTES][PZ_NOTE];    /* differences of build and machine, printed above */
    int nnotes;
} pz_comparison;

void pz_comparison_note(pz_comparison *, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A row: name in both reports, its times in each. */
void pz_comparison_add(pz_comparison *, const char *name, const pz_times *base,
                       const pz_times *now);
/* The last row's answers by class in base and in new (a run's solver). */
void pz_comparison_classes(pz_comparison *, const long long base[PZ_NANSWERS],
                           const long long now[PZ_NANSWERS]);
/* A name in one report only: side is "base" or "new". */
void pz_comparison_only(pz_comparison *, const char *name, const char *side);
void pz_comparison_free(pz_comparison *);

/* A row's time on one side (now: the new report's) as the views print it:
 * "8.64 ns", a cold headline "78.1 us (cold)"; buf, of at least 32. */
const char *pz_versus_span(const pz_versus *, int now, char *buf, size_t len);

void pz_comparison_text(FILE *, const pz_comparison *);
void pz_comparison_md(FILE *, const pz_comparison *);
void pz_comparison_json(FILE *, const pz_comparison *);

#endif
