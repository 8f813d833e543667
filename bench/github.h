/* github.h - a result under GitHub Actions (GITHUB_ACTIONS=true, or
 * pz_github set by --github): its Markdown report appended to the job's step
 * summary ($GITHUB_STEP_SUMMARY), and each failure listed as an ::error
 * workflow command on stdout, which the run's page shows as an annotation
 * (of the corpus file's line where the instance came from a file). */
#ifndef PZ_GITHUB_H
#define PZ_GITHUB_H

#include "result.h"

extern int pz_github;
int pz_github_on(void);
void pz_github_report(const pz_result *);
/* A stress's (schema.h's pz_stress_report): its verdicts in the summary, an
 * ::error line for each failure shown. */
void pz_github_stress(const void *stress_report);
/* A comparison's Markdown in the summary, an ::error line for each solver
 * slower and for answers that differ. */
struct pz_comparison;
void pz_github_comparison(const struct pz_comparison *);

#endif
