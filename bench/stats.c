/* stats.c - the histogram of batch times, its quantiles, and the statistics
 * that compare two sets of times. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "stats.h"

enum { LOWEST = -8 }; /* the first class's octave: 2^-8 ns */

int pz_spread_class(double ns)
{
    int e;
    if (!(ns > 0)) /* zero, negative or NaN */
        return 0;
    double m = frexp(ns, &e); /* ns = m 2^e, 1/2 <= m < 1 */
    int octave = e - 1 - LOWEST;
    if (octave < 0)
        return 0;
    if (octave >= PZ_OCTAVES)
        return PZ_SPREAD - 1;
    return octave * PZ_PER_OCTAVE + (int)((2 * m - 1) * PZ_PER_OCTAVE);
}

double pz_spread_ns(int cls)
{
    int octave = cls / PZ_PER_OCTAVE, sub = cls % PZ_PER_OCTAVE;
    return ldexp(1 + (sub + 0.5) / PZ_PER_OCTAVE, octave + LOWEST);
}

/* An old class's middle, reclassed: of 8 an octave, class b held
 * 8 (log2 t + 8) in [b, b + 1); of 64, the log-linear classes above. */
int pz_spread_reclass(int old, int per_octave)
{
    if (per_octave == 8)
        return pz_spread_class(exp2((old + 0.5) / 8 - 8));
    int octave = old / per_octave, sub = old % per_octave;
    return pz_spread_class(ldexp(1 + (sub + 0.5) / per_octave, octave + LOWEST));
}

int pz_spread_class8(int old)
{
    return pz_spread_reclass(old, 8);
}

/* The first bin whose class is at least cls. */
static int bin_at(const pz_spread *s, int cls)
{
    int lo = 0, hi = s->n;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (s->bin[mid].cls < cls)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

void pz_spread_add(pz_spread *s, int cls, long long count)
{
    int i = bin_at(s, cls);
    if (count <= 0)
        return;
    if (i < s->n && s->bin[i].cls == cls) {
        s->bin[i].count += count;
        return;
    }
    if (s->n == s->cap) {
        pz_spread_bin *more =
            pz_xmalloc((size_t)(s->cap = s->cap ? 2 * s->cap : 16) * sizeof *more);
        if (s->n)
            memcpy(more, s->bin, (size_t)s->n * sizeof *more);
        free(s->bin);
        s->bin = more;
    }
    memmove(&s->bin[i + 1], &s->bin[i], (size_t)(s->n - i) * sizeof *s->bin);
    s->bin[i] = (pz_spread_bin){cls, count};
    s->n++;
}

long long pz_spread_at(const pz_spread *s, int cls)
{
    int i = bin_at(s, cls);
    return i < s->n && s->bin[i].cls == cls ? s->bin[i].count : 0;
}

void pz_spread_merge(pz_spread *to, const pz_spread *from)
{
    for (int i = 0; i < from->n; i++)
        pz_spread_add(to, from->bin[i].cls, from->bin[i].count);
}

void pz_spread_free(pz_spread *s)
{
    free(s->bin);
    *s = (pz_spread){0};
}

int pz_spread_same(const pz_spread *a, const pz_spread *b)
{
    if (a->n != b->n)
        return 0;
    for (int i = 0; i < a->n; i++)
        if (a->bin[i].cls != b->bin[i].cls || a->bin[i].count != b->bin[i].count)
            return 0;
    return 1;
}

long long pz_spread_total(const pz_spread *s)
{
    long long total = 0;
    for (int i = 0; i < s->n; i++)
        total += s->bin[i].count;
    return total;
}

double pz_spread_quantile(const pz_spread *s, double q)
{
    long long seen = 0, total = pz_spread_total(s);
    for (int i = 0; i < s->n; i++)
        if ((seen += s->bin[i].count) >= q * (double)total)
            return pz_spread_ns(s->bin[i].cls);
    return 0;
}

double pz_spread_mad(const pz_spread *s)
{
    double median = pz_spread_quantile(s, 0.5), mad;
    pz_sample *dev = pz_xcalloc((size_t)s->n + 1, sizeof *dev);
    for (int i = 0; i < s->n; i++)
        dev[i] = (pz_sample){fabs(pz_spread_ns(s->bin[i].cls) - median), (double)s->bin[i].count};
    mad = s->n ? pz_weighted_median(dev, s->n) : 0;
    free(dev);
    return mad;
}

pz_growth pz_growth_fit(const double *size, const double *time, int n)
{
    pz_growth g = {NAN, NAN, NAN, 0};
    double sx = 0, sy = 0, sxx = 0, sxy = 0, see = 0;
    for (int i = 0; i < n; i++)
        if (size[i] > 0 && time[i] > 0) {
            double x = log(size[i]), y = log(time[i]);
            sx += x, sy += y, sxx += x * x, sxy += x * y;
            g.n++;
        }
    double dxx = g.n < 2 ? 0 : sxx - sx * sx / g.n;
    if (!(dxx > 0))
        return g;
    g.exponent = (sxy - sx * sy / g.n) / dxx;
    if (g.n < 3)
        return g;
    double a = (sy - g.exponent * sx) / g.n;
    for (int i = 0; i < n; i++)
        if (size[i] > 0 && time[i] > 0) {
            double e = log(time[i]) - a - g.exponent * log(size[i]);
            see += e * e;
        }
    double half = pz_t975(g.n - 2) * sqrt(see / (g.n - 2) / dxx);
    g.lo = g.exponent - half;
    g.hi = g.exponent + half;
    return g;
}

double pz_t975(int df)
{
    static const double table[] = {NAN,   12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365,
                                   2.306, 2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
                                   2.120, 2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069,
                                   2.064, 2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
    const double z = 1.959964;
    if (df < 1)
        return NAN;
    if (df < (int)(sizeof table / sizeof *table))
        return table[df];
    /* The Cornish-Fisher expansion: within 0.001 from 30 degrees up. */
    return z + (z * z * z + z) / (4.0 * df) +
           (5 * pow(z, 5) + 16 * z * z * z + 3 * z) / (96.0 * df * df);
}

pz_mean pz_mean_ci(const double *x, int n)
{
    pz_mean m = {0, NAN, NAN, NAN};
    double ss = 0;
    if (n < 1)
        return (pz_mean){NAN, NAN, NAN, NAN};
    for (int i = 0; i < n; i++)
        m.mean += x[i] / n;
    if (n < 2)
        return m;
    for (int i = 0; i < n; i++)
        ss += (x[i] - m.mean) * (x[i] - m.mean);
    m.sd = sqrt(ss / (n - 1));
    double half = pz_t975(n - 1) * m.sd / sqrt(n);
    m.lo = m.mean - half;
    m.hi = m.mean + half;
    return m;
}

/* Times are compared on a log scale (so a ratio is a shift); a time of 0
 * (a batch faster than the clock's resolution) counts as the least class. */
static double logtime(double ns)
{
    return log(fmax(ns, 1.0 / 512));
}

typedef struct point {
    double x, w;
    int set; /* 0: A, 1: B */
} point;

static int by_x(const void *p, const void *q)
{
    double a = ((const point *)p)->x, b = ((const point *)q)->x;
    return (a > b) - (a < b);
}

/* The number of orderings of m A's and n B's with U = u, for every u: the
 * exact null distribution, scaled so the total is 1. */
static double *u_distribution(int m, int n)
{
    int max = m * n;
    /* f[i][j][u] by the recurrence f(i, j, u) = f(i-1, j, u-j) + f(i, j-1, u),
     * kept one i at a time. */
    double *prev = pz_xcalloc((size_t)(n + 1) * (max + 1), sizeof *prev);
    double *cur = pz_xcalloc((size_t)(n + 1) * (max + 1), sizeof *cur);
    for (int j = 0; j <= n; j++)
        prev[(size_t)j * (max + 1)] = 1; /* i = 0: one ordering, U = 0 */
    for (int i = 1; i <= m; i++) {
        for (int j = 0; j <= n; j++)
            for (int u = 0; u <= max; u++) {
                double v = u >= j ? prev[(size_t)j * (max + 1) + u - j] : 0;
                if (j > 0)
                    v += cur[(size_t)(j - 1) * (max + 1) + u];
                cur[(size_t)j * (max + 1) + u] = v;
            }
        double *t = prev;
        prev = cur;
        cur = t;
    }
    double *dist = pz_xcalloc((size_t)max + 1, sizeof *dist), total = 0;
    for (int u = 0; u <= max; u++)
        total += dist[u] = prev[(size_t)n * (max + 1) + u];
    for (int u = 0; u <= max; u++)
        dist[u] /= total;
    free(prev);
    free(cur);
    return dist;
}

typedef struct diff {
    double d, w;
} diff;

static int by_d(const void *p, const void *q)
{
    double a = ((const diff *)p)->d, b = ((const diff *)q)->d;
    return (a > b) - (a < b);
}

/* The smallest difference with at least weight k at or below it. */
static double at_weight(const diff *d, size_t n, double k)
{
    double seen = 0;
    for (size_t i = 0; i < n; i++)
        if ((seen += d[i].w) >= k * (1 - 1e-12))
            return d[i].d;
    return d[n - 1].d;
}

pz_shift pz_compare_times(const pz_sample *a, int na, const pz_sample *b, int nb)
{
    pz_shift s = {0, NAN, NAN, NAN, NAN, 0};
    double n1 = 0, n2 = 0, rank = 0, r2 = 0, ties = 0;
    int n = 0, unit = 1, tied = 0;
    point *pt = pz_xcalloc((size_t)(na + nb) + 1, sizeof *pt);
    for (int i = 0; i < na + nb; i++) {
        const pz_sample *x = i < na ? &a[i] : &b[i - na];
        if (!(x->weight > 0))
            continue;
        pt[n++] = (point){logtime(x->ns), x->weight, i >= na};
        *(i < na ? &n1 : &n2) += x->weight;
        unit &= x->weight == 1;
    }
    if (n1 <= 0 || n2 <= 0) {
        free(pt);
        return s;
    }
    qsort(pt, (size_t)n, sizeof *pt, by_x);

    /* Midranks, B's rank sum and the ties, group by group. */
    for (int i = 0; i < n;) {
        int j = i;
        double w = 0, wb = 0;
        for (; j < n && pt[j].x == pt[i].x; j++) {
            w += pt[j].w;
            wb += pt[j].set ? pt[j].w : 0;
        }
        tied |= j - i > 1;
        r2 += wb * (rank + (w + 1) / 2);
        ties += w * w * w - w;
        rank += w;
        i = j;
    }
    s.u = r2 - n2 * (n2 + 1) / 2;

    /* The differences log B_j - log A_i of every pair, with their weights. */
    size_t nd = 0;
    diff *d = pz_xcalloc((size_t)na * (size_t)nb + 1, sizeof *d);
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++)
            if (a[i].weight > 0 && b[j].weight > 0)
                d[nd++] = (diff){logtime(b[j].ns) - logtime(a[i].ns), a[i].weight * b[j].weight};
    qsort(d, nd, sizeof *d, by_d);
    double pairs = n1 * n2, k; /* the CI is the k-th smallest difference to the k-th largest */
    if (unit && fmod(pairs, 2) == 0) /* the middle two, averaged */
        s.ratio = exp((at_weight(d, nd, pairs / 2) + at_weight(d, nd, pairs / 2 + 1)) / 2);
    else
        s.ratio = exp(at_weight(d, nd, unit ? ceil(pairs / 2) : pairs / 2));

    if (unit && !tied && na <= 50 && nb <= 50) {
        double *dist = u_distribution(na, nb), below = 0, above = 0;
        int c = -1;
        s.exact = 1;
        for (int u = 0; u <= na * nb; u++) {
            if (u <= s.u + 1e-9)
                below += dist[u];
            if (u >= s.u - 1e-9)
                above += dist[u];
        }
        s.p = fmin(1, 2 * fmin(below, above));
        for (double cum = 0; c < na * nb && (cum += dist[c + 1]) <= 0.025;)
            c++;
        k = c + 1; /* P(U <= c) <= 2.5%: the interval from the (c+1)-th difference */
        free(dist);
    } else {
        double mean = pairs / 2, N = n1 + n2;
        double var = N > 1 ? pairs / 12 * ((N + 1) - ties / (N * (N - 1))) : 0;
        double dev = fabs(s.u - mean) - 0.5;
        s.p = var > 0 ? fmin(1, erfc(fmax(dev, 0) / sqrt(2 * var))) : 1;
        k = floor(mean - 1.959964 * sqrt(var));
    }
    if (k >= 1) {
        s.lo = exp(at_weight(d, nd, k));
        s.hi = exp(at_weight(d, nd, pairs - k + 1));
    }
    free(d);
    free(pt);
    return s;
}

static int by_ns(const void *p, const void *q)
{
    double a = ((const pz_sample *)p)->ns, b = ((const pz_sample *)q)->ns;
    return (a > b) - (a < b);
}

double pz_weighted_median(pz_sample *s, int n)
{
    double total = 0, seen = 0;
    qsort(s, (size_t)n, sizeof *s, by_ns);
    for (int i = 0; i < n; i++)
        total += s[i].weight;
    for (int i = 0; i < n; i++)
        if ((seen += s[i].weight) >= total / 2 * (1 - 1e-12)) {
            /* an even number of equal weights: between the middle two */
            if (i + 1 < n && fabs(seen - total / 2) < 1e-9 * total)
                return (s[i].ns + s[i + 1].ns) / 2;
            return s[i].ns;
        }
    return NAN;
}

/* By Simpson's rule over the density from 0 to |t|. */
double pz_t_two_sided(double t, double df)
{
    double c = exp(lgamma((df + 1) / 2) - lgamma(df / 2)) / sqrt(df * M_PI), sum = 0;
    int steps = 2000;
    t = fabs(t);
    if (t > 1e3)
        return 0;
    double h = t / steps;
    for (int i = 0; i <= steps; i++) {
        double x = i * h, f = c * pow(1 + x * x / df, -(df + 1) / 2);
        sum += f * (i == 0 || i == steps ? 1 : i % 2 ? 4 : 2);
    }
    return fmax(0, fmin(1, 1 - 2 * sum * h / 3));
}

pz_shift pz_welch(double mean_a, double sd_a, long long n_a, double mean_b, double sd_b,
                  long long n_b)
{
    pz_shift s = {NAN, NAN, mean_b / mean_a, NAN, NAN, 0};
    if (n_a < 2 || n_b < 2)
        return s;
    double va = sd_a * sd_a / (double)n_a, vb = sd_b * sd_b / (double)n_b;
    if (!(va + vb > 0))
        return s;
    double df = (va + vb) * (va + vb) / (va * va / (double)(n_a - 1) + vb * vb / (double)(n_b - 1));
    s.p = pz_t_two_sided((mean_b - mean_a) / sqrt(va + vb), df);
    double rel = sqrt(va / (mean_a * mean_a) + vb / (mean_b * mean_b));
    double t = pz_t975((int)df < 1 ? 1 : (int)df);
    s.lo = s.ratio * exp(-t * rel);
    s.hi = s.ratio * exp(t * rel);
    return s;
}

pz_sample *pz_spread_samples(const pz_spread *spread, long long batches, int *n)
{
    long long counted = pz_spread_total(spread);
    pz_sample *x = pz_xcalloc((size_t)spread->n + 1, sizeof *x);
    long long b = batches < counted ? batches : counted;
    *n = 0;
    for (int i = 0; i < spread->n; i++)
        x[(*n)++] = (pz_sample){pz_spread_ns(spread->bin[i].cls),
                                (double)spread->bin[i].count * (double)b / (double)counted};
    return x;
}

static int samples_of(const pz_sample *s, int n)
{
    double w = 0;
    for (int i = 0; i < n; i++)
        w += s[i].weight;
    return (int)lround(w);
}

/* Runs' headlines, where both sides have one, are the times shown. */
static void headlines(pz_versus *w, const pz_times *a, const pz_times *b)
{
    if (!(a->headline > 0 && b->headline > 0))
        return;
    w->base = a->headline;
    w->base_cold = a->cold;
    w->now = b->headline;
    w->now_cold = b->cold;
}

pz_versus pz_versus_times(const pz_times *a, const pz_times *b, double threshold)
{
    pz_versus w = {NAN, NAN, NAN, NAN, NAN, NAN, "same", "batches", 0, 0, 0, 0, 0};
    if (!a->ran || !b->ran) {
        w.verdict = "not run";
        return w;
    }
    if (a->aggregate && b->aggregate) {
        pz_shift s = pz_welch(a->mean, a->sd, a->reps, b->mean, b->sd, b->reps);
        w.over = "means";
        w.base = a->mean;
        w.now = b->mean;
        w.nbase = (int)a->reps;
        w.nnew = (int)b->reps;
        w.ratio = s.ratio;
        w.lo = s.lo;
        w.hi = s.hi;
        w.p = s.p;
        w.independent = !isnan(s.p);
    } else if (!a->aggregate && !b->aggregate && a->nrep >= 2 && b->nrep >= 2) {
        pz_shift s = pz_compare_times(a->rep, a->nrep, b->rep, b->nrep);
        w.over = "repetitions";
        w.base = pz_weighted_median(a->rep, a->nrep);
        w.now = pz_weighted_median(b->rep, b->nrep);
        w.ratio = s.ratio;
        w.lo = s.lo;
        w.hi = s.hi;
        w.p = s.p;
        w.independent = 1;
        if (a->per_octave && b->per_octave) {
            /* A run's times (a pass's) are known to within a histogram
             * class: the interval widens by the width of a class of the
             * coarser report. */
            int per = a->per_octave < b->per_octave ? a->per_octave : b->per_octave;
            double width = per == 8 ? exp2(1.0 / 8) : 1 + 1.0 / per;
            w.lo /= width;
            w.hi *= width;
        }
        w.nbase = a->nrep;
        w.nnew = b->nrep;
        headlines(&w, a, b);
    } else {
        /* A run's batches (its passes' together), a benchmark's one run or
         * its mean: the ratio of the medians (or means), untested. */
        const pz_times *x[2] = {a, b};
        double *t[2] = {&w.base, &w.now};
        int *n[2] = {&w.nbase, &w.nnew};
        for (int k = 0; k < 2; k++) {
            const pz_times *y = x[k];
            if (y->aggregate) {
                *t[k] = y->mean;
                *n[k] = (int)y->reps;
                w.over = "means";
            } else if (y->batch) {
                *t[k] = pz_weighted_median(y->batch, y->nbatch);
                *n[k] = samples_of(y->batch, y->nbatch);
            } else {
                *t[k] = pz_weighted_median(y->rep, y->nrep);
                *n[k] = y->nrep;
                if (strcmp(w.over, "means"))
                    w.over = "repetitions";
            }
        }
        headlines(&w, a, b);
        w.ratio = w.now / w.base;
        if (!(w.ratio > 0 && isfinite(w.ratio)))
            w.ratio = NAN;
        w.verdict = pz_speed_verdict(w.ratio, NAN, NAN, NAN, threshold);
        return w;
    }
    w.verdict = pz_speed_verdict(w.ratio, w.lo, w.hi, w.p, threshold);
    return w;
}

/* Slower: significantly slower by more than the threshold, so the whole
 * interval lies beyond it (and the test rejects equality); on a shared
 * machine the ratio itself wanders further than 5% between two runs. */
const char *pz_speed_verdict(double ratio, double lo, double hi, double p, double threshold)
{
    if (isnan(ratio))
        return "not comparable";
    if (isnan(p)) /* untested */
        return ratio > 1 + threshold ? "~slower" : ratio < 1 - threshold ? "~faster" : "~same";
    return p < PZ_ALPHA && lo > 1 + threshold   ? "slower"
           : p < PZ_ALPHA && hi < 1 - threshold ? "faster"
                                                : "same";
}
