/* gbench.h - a Google Benchmark JSON file (puzzlebench-micro
 * --benchmark_out), read and checked for what compare uses of it.
 *
 *     pz_gbench g;
 *     if (pz_gbench_read(&g, &doc, &e))   // doc: the file, parsed (jsonio.h)
 *         return fail(&e);                // "m.json:12:7: benchmark "set/flip/gf2/small": ..."
 *     ... g.e[i]: each benchmark's times, or its mean and deviation ...
 *     pz_gbench_free(&g);
 *
 * Nothing is taken as it comes: every time is a finite number above 0 (a
 * deviation at least 0) in a known unit, items_per_second where given is
 * above 0, a count of repetitions is a whole number from 1 to INT_MAX, and a
 * benchmark of aggregates has its mean.  A benchmark that reported an error
 * (error_occurred) is left out, and so are aggregates other than the mean
 * and the standard deviation (median, cv).
 */
#ifndef PZ_GBENCH_H
#define PZ_GBENCH_H

#include "jsonio.h"

/* One benchmark, by its run name. */
typedef struct pz_gbench_entry {
    const char *name; /* into the document */
    double *ns;       /* each iteration run's time per item (an instance), else */
    int nns;          /* per iteration, in ns: one a repetition */
    int aggregate;    /* no iteration runs: only the aggregates' */
    double mean, sd;  /* mean and standard deviation, in ns as ns[] are, */
    long long reps;   /* over this many repetitions */
} pz_gbench_entry;

/* A file's benchmarks and the context it names, its strings "" where absent. */
typedef struct pz_gbench {
    pz_gbench_entry *e;
    int n;
    const char *host, *build_type; /* host_name, library_build_type */
    long long cpus;                /* num_cpus, 0 where absent */
    double mhz;                    /* mhz_per_cpu, 0 where absent */
} pz_gbench;

/* Reads the benchmarks of doc (a parsed file that lives as long as g): 0,
 * or -1 with e at the value at fault, naming the benchmark and the field. */
int pz_gbench_read(pz_gbench *g, const pz_jdoc *doc, pz_error *e);
void pz_gbench_free(pz_gbench *g);

#endif
