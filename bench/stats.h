/* stats.h - what the harness knows of a solver's times and counts.
 *
 * A tally is a sum: the tallies of threads, batches or shards add up to the
 * tally of the whole, so a run merges the same way on 1 thread or 16, in 1
 * shard or 100.
 */
#ifndef PZ_STATS_H
#define PZ_STATS_H

/* Batches by their time per instance: class b holds the times t (in ns)
 * with b <= 8 (log2 t + 8) < b + 1, so the classes are 9% wide and reach
 * from 1/256 ns to 2^40 ns.  A batch counts once per instance in it. */
enum { PZ_SPREAD = 384 };
int pz_spread_class(double ns);
double pz_spread_ns(int cls); /* the middle of the class */

/* What one solver did over the run. */
typedef struct pz_tally {
    long long ran, skipped, invalid, disagree;
    double seconds;              /* CLOCK_MONOTONIC, summed over threads */
    double cpu_seconds;          /* the threads' CPU time: without preemption */
    long long spread[PZ_SPREAD]; /* instances by their batch's ns per instance */
    double worst_ns;             /* the slowest batch's ns per instance (with */
    long long worst_index;       /* --batch 1, an instance's), its first index */
} pz_tally;

/* Adds one solver's tally to another: counts and times summed, the worst
 * batch kept (on a tie, the one at the lower index). */
void pz_tally_add(pz_tally *to, const pz_tally *from);

/* The time per instance below which a fraction q of the instances lie. */
double pz_quantile(const pz_tally *, double q);

/* A batch of ns per instance whose first instance is at index (called
 * before t->ran counts the batch): the slowest so far is kept. */
void pz_tally_worst(pz_tally *t, double ns, long long index);

#endif
