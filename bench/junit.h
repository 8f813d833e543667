/* junit.h - JUnit XML, the view of a result that CI servers read (Jenkins,
 * GitLab, GitHub's test reporters): a testsuite per run (puzzle and corpus),
 * in it a testcase per solver, failed where an answer of the solver failed
 * its check or differed (the message names the first such instance, its body
 * gives it in judge format), and a testcase "verdict" failed exactly where
 * the run's exit status is 1, so the XML and the status never disagree.
 * Instances a solver did not answer (unknown: cut by a budget; not run:
 * sampled out or too big for it) are testcases of their own, skipped, with
 * the reason.  tests/junit.xsd is the schema a test holds the XML to.
 *
 *     pz_junit_begin(f);
 *     pz_junit_result(f, &res);     // once per run
 *     pz_junit_end(f);
 */
#ifndef PZ_JUNIT_H
#define PZ_JUNIT_H

#include <stdio.h>

#include "result.h"

void pz_junit_begin(FILE *);
void pz_junit_result(FILE *, const pz_result *);
void pz_junit_end(FILE *);
/* A whole document of one result. */
void pz_write_junit(FILE *, const pz_result *);
/* A whole document of a stress (schema.h's pz_stress_report): a testcase
 * per program (--exec, --against), failed with its first failure (the
 * instance, the expected and the received output), and "verdict". */
struct pz_stress_report;
void pz_write_junit_stress(FILE *, const void *stress_report);

/* check's verdict on an OUTPUT: testlib's status (0 ok, 1 wrong answer, 2
 * presentation error, 3 checker failure), the first failing case (from 1; 0
 * none) and why, as one testcase for OUTPUT. */
typedef struct pz_junit_check {
    const char *puzzle, *input, *output;
    int status;
    long long answers, at;
    const char *why;
} pz_junit_check;
void pz_write_junit_check(FILE *, const void *junit_check);

#endif
