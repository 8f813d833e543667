/* stats.h - the histogram of batch times, and the statistics that compare
 * two sets of times.  (A solver's tally of counts and times is result.h's.)
 */
#ifndef PZ_STATS_H
#define PZ_STATS_H

/* Batches by their time per instance, in a log-linear histogram: an octave
 * [2^e, 2^(e+1)) is cut into PZ_PER_OCTAVE classes of equal width, so a
 * class is at most 1/64 of its times wide and its middle is within 0.8% of
 * every time in it.  The classes reach from 1/256 ns to 2^40 ns (18 minutes);
 * a batch counts once per instance in it.  Old reports had 8 classes an
 * octave, each 9% wide: pz_spread_class8 maps one of those onto these. */
enum { PZ_PER_OCTAVE = 64, PZ_OCTAVES = 48, PZ_SPREAD = PZ_PER_OCTAVE * PZ_OCTAVES };
int pz_spread_class(double ns);
double pz_spread_ns(int cls); /* the middle of the class */
int pz_spread_class8(int old);

/* Repetitions of a run that `run --repeat K` keeps apart, at most. */
enum { PZ_REPEAT = 100 };

/* The time per instance below which a fraction q of a spread's instances lie. */
double pz_spread_quantile(const long long *spread, double q);

/* The mean of n values, their standard deviation and the 95% confidence
 * interval of the mean (Student's t; with n < 2 the interval is NaN). */
typedef struct pz_mean {
    double mean, sd, lo, hi;
} pz_mean;
pz_mean pz_mean_ci(const double *x, int n);

/* The two-sided 97.5% quantile of Student's t with df degrees of freedom. */
double pz_t975(int df);

/* A time and how many observations it stands for (1 for a repetition; for a
 * histogram class, the batches in it). */
typedef struct pz_sample {
    double ns, weight;
} pz_sample;

/* Two sets of times compared: the Mann-Whitney U test, and the ratio B/A
 * as the Hodges-Lehmann estimate (the median of the ratios of every time of
 * B to every time of A) with the 95% confidence interval that inverts the
 * test.  Exact for small samples of weight 1 without ties; else the normal
 * approximation with the tie correction and a continuity correction. */
typedef struct pz_shift {
    double u;      /* pairs in which B's time is the larger, ties counting half */
    double p;      /* two-sided */
    double ratio;  /* B/A */
    double lo, hi; /* the interval; NaN when the samples are too small for 95% */
    int exact;
} pz_shift;
pz_shift pz_compare_times(const pz_sample *a, int na, const pz_sample *b, int nb);

/* The weighted median of n samples (sorted here by time): between the
 * middle two where equal weights split evenly; NaN for none. */
double pz_weighted_median(pz_sample *s, int n);

/* Student's t distribution: P(|T| > t) with df > 0 degrees of freedom. */
double pz_t_two_sided(double t, double df);

/* Welch's t test on two means, each with its standard deviation and count
 * (means > 0, counts >= 2): p two-sided, the ratio B/A of the means, and
 * its 95% interval by the delta method on the log scale.  The ratio alone
 * (p, lo and hi NaN) where a count is below 2 or both deviations are 0. */
pz_shift pz_welch(double mean_a, double sd_a, long long n_a, double mean_b, double sd_b,
                  long long n_b);

#endif
