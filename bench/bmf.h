/* bmf.h - Bencher Metric Format, the JSON that Bencher (`bencher run
 * --adapter json`) and services like it take as it is: for each benchmark
 * ("PUZZLE/CORPUS/SOLVER") the measure "latency", each solver's headline
 * time (the median CPU time per instance of its warm batches, in ns) with the
 * 95% interval of that median; a solver without a warm batch (one instance
 * a thread) "latency-cold" instead, its cold headline without an interval;
 * for stress, each program's:
 *
 *     {"flip/flip:exhaustive/gf2": {"latency": {"value": 7.07,
 *                                               "lower_value": 6.9,
 *                                               "upper_value": 7.3}}}
 */
#ifndef PZ_BMF_H
#define PZ_BMF_H

#include <stdio.h>

#include "result.h"

/* The median of a spread of CPU times per instance (a run's solver: its warm
 * batches, cpu_spread; a stress's program: its runs), in ns, and the 95%
 * interval of that median by the order statistics of its batches (of batch
 * instances each); 0 where the spread is empty. */
int pz_spread_headline(const pz_spread *, long long batch, double *value, double *lo, double *hi);
void pz_write_bmf(FILE *, const pz_result *);
/* Several results in one document (`report X.json... --bmf F`). */
void pz_write_bmf_results(FILE *, const pz_result *const *, int n);
/* A stress's (schema.h's pz_stress_report): "stress/PUZZLE/CORPUS/CMD" for
 * each program, its CPU time per instance. */
void pz_write_bmf_stress(FILE *, const void *stress_report);

#endif
