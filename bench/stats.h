/* stats.h - the histogram of batch times, and the statistics that compare
 * two sets of times.  (A solver's tally of counts and times is result.h's.)
 */
#ifndef PZ_STATS_H
#define PZ_STATS_H

/* Batches by their time per instance, in a log-linear histogram: an octave
 * [2^e, 2^(e+1)) is cut into PZ_PER_OCTAVE classes of equal width, so a
 * class is at most 1/256 (0.39%) of its times wide and its middle is within
 * 0.2% of every time in it: three significant digits are the measurement's.
 * The classes reach from 1/256 ns to 2^40 ns (18 minutes); a batch counts
 * once per instance in it.  Older reports had 64 classes an octave (1.6%
 * wide), and before them 8 (9%): pz_spread_reclass maps one of those onto
 * the class of its middle. */
enum { PZ_PER_OCTAVE = 256, PZ_OCTAVES = 48, PZ_SPREAD = PZ_PER_OCTAVE * PZ_OCTAVES };
int pz_spread_class(double ns);
double pz_spread_ns(int cls);                   /* the middle of the class */
int pz_spread_reclass(int old, int per_octave); /* per_octave 8 or 64 */
int pz_spread_class8(int old);                  /* pz_spread_reclass(old, 8) */

/* Repetitions of a run that `run --repeat K` keeps apart, at most. */
enum { PZ_REPEAT = 100 };

/* A spread: the classes that hold instances, in rising order, each with its
 * count.  Only the classes a run met take memory, so a tally stays small
 * at any resolution; {0} is the empty spread.
 *
 *     pz_spread s = {0};
 *     pz_spread_add(&s, pz_spread_class(ns), instances);   // a batch
 *     double median = pz_spread_quantile(&s, 0.5);
 *     pz_spread_free(&s);
 */
typedef struct pz_spread_bin {
    int cls;
    long long count;
} pz_spread_bin;
typedef struct pz_spread {
    pz_spread_bin *bin;
    int n, cap;
} pz_spread;
void pz_spread_add(pz_spread *, int cls, long long count);
void pz_spread_merge(pz_spread *to, const pz_spread *from);
void pz_spread_free(pz_spread *);
long long pz_spread_total(const pz_spread *);
int pz_spread_same(const pz_spread *, const pz_spread *); /* class by class */
long long pz_spread_at(const pz_spread *, int cls);       /* the count of a class */
/* The time per instance below which a fraction q of the instances lie (the
 * middle of its class); 0 for an empty spread. */
double pz_spread_quantile(const pz_spread *, double q);
/* The median absolute deviation from the median, the same way; 0 for none. */
double pz_spread_mad(const pz_spread *);

/* The mean of n values, their standard deviation and the 95% confidence
 * interval of the mean (Student's t; with n < 2 the interval is NaN). */
typedef struct pz_mean {
    double mean, sd, lo, hi;
} pz_mean;
pz_mean pz_mean_ci(const double *x, int n);

/* How a time grows with a size: the exponent b of time ~ size^b, fitted by
 * least squares on log-log over n points (size > 0, time > 0; others left
 * out), with its 95% interval (Student's t on n - 2 degrees of freedom, as
 * Google Benchmark's complexity fit reads a slope).  With two points the
 * exponent alone (lo, hi NaN); with fewer, all NaN. */
typedef struct pz_growth {
    double exponent, lo, hi;
    int n; /* the points fitted */
} pz_growth;
pz_growth pz_growth_fit(const double *size, const double *time, int n);

/* The two-sided 97.5% quantile of Student's t with df degrees of freedom. */
double pz_t975(int df);

/* A time and how many observations it stands for (1 for a repetition; for a
 * histogram class, the batches in it). */
typedef struct pz_sample {
    double ns, weight;
} pz_sample;

/* A spread's classes as samples weighted so that they count batches (a
 * spread counts instances; a solver that ran on a sample has fewer instances
 * a batch, never fewer than one); *n of them, to free. */
pz_sample *pz_spread_samples(const pz_spread *, long long batches, int *n);

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

/* compare's significance level, and the change that counts by default (in
 * percent for the help texts). */
#define PZ_ALPHA 0.05
enum { PZ_THRESHOLD_PCT = 5 };
#define PZ_THRESHOLD (PZ_THRESHOLD_PCT / 100.0)

/* The verdict on a ratio NEW/BASE: with a test (p not NaN) "slower" or
 * "faster" when p < PZ_ALPHA and the whole 95% interval lo..hi lies beyond
 * the threshold (a NaN interval never does), else "same"; without one the
 * ratio alone against the threshold, "~slower", "~faster" or "~same"; "not
 * comparable" for a NaN ratio. */
const char *pz_speed_verdict(double ratio, double lo, double hi, double p, double threshold);

/* One side of a comparison of times: a solver of a run's report, or a
 * micro-benchmark. */
typedef struct pz_times {
    pz_sample *batch; /* a run's batches: its spread's classes (pz_spread_samples) */
    int nbatch;
    pz_sample *rep; /* the repetitions' times per instance */
    int nrep;
    int per_octave;  /* the classes of the repetitions' times; 0: exact times */
    int aggregate;   /* only the mean and deviation of reps repetitions */
    double mean, sd; /* (micro-benchmarks) */
    long long reps;
    long long ran;   /* 0: not run */
    double headline; /* a run's headline (result.h's pz_tally_headline), the */
    int cold;        /* time shown for it, and the untested ratio's; 0: none */
} pz_times;

/* Two sides compared, NEW against BASE.  Over independent samples (the
 * repetitions of both, two or more each; or both files' means over two or
 * more repetitions each): the ratio NEW/BASE with its 95% interval and p
 * (pz_compare_times, widened by a class of the coarser side; pz_welch on
 * means), and the verdict slower or faster when p < PZ_ALPHA and the whole
 * interval lies beyond the threshold, else same.  Otherwise the batches of
 * one pass (or a benchmark's one run) stand for each side: they share one
 * state of the machine and are no samples of the run's time, so only the
 * ratio of the medians is given and its verdict against the threshold
 * alone, marked "~".  Where both sides have a run's headline (pz_times),
 * those are the times shown (base, now), and the untested ratio is theirs. */
typedef struct pz_versus {
    double base, now, ratio, lo, hi, p; /* NaN where there is none */
    const char *verdict;                /* also "not run", "not comparable" */
    const char *over;                   /* "repetitions", "batches", "means" */
    int nbase, nnew;                    /* the samples of each side */
    int independent;                    /* p, interval and a tested verdict */
    int base_cold, now_cold;            /* base or now is a cold headline */
} pz_versus;
pz_versus pz_versus_times(const pz_times *base, const pz_times *now, double threshold);

#endif
