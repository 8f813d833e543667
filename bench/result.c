/* result.c - a result's fields combined, derived and compared, each as its
 * line in result.h says. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../solvers/io.h"
#include "../util/util.h"
#include "result.h"

int pz_parse_shard(const char *s, long long count, pz_shard *sh, pz_error *e)
{
    long long k = 0, n = 1;
    const char *p = s;
    if (s && (!pz_parse_uint(&p, 1ll << 40, &k) || *p++ != '/' ||
              !pz_parse_uint(&p, 1ll << 40, &n) || *p || n < 1 || k >= n))
        return pz_fail(e, NULL,
                       "expected --shard K/N with 0 <= K < N (shards count from 0), "
                       "found '%s'",
                       s);
    sh->k = k;
    sh->n = n;
    sh->first = (long long)((__int128)count * k / n);
    sh->end = (long long)((__int128)count * (k + 1) / n);
    return 0;
}

void pz_tally_worst(pz_tally *t, double ns, long long index)
{
    if (!t->ran || ns > t->worst_ns || (ns == t->worst_ns && index < t->worst_index)) {
        t->worst_ns = ns;
        t->worst_index = index;
    }
}

/* Each kind's way of adding from into to.  WORST goes first, while to->ran
 * still says whether to has a batch of its own. */
#define WORST_FIRST(kind, m, ...) WORST_FIRST_##kind(m)
#define WORST_FIRST_WORST(m)                                                                       \
    if (from->ran)                                                                                 \
        pz_tally_worst(to, from->m, from->worst_index);
#define WORST_FIRST_COUNT(m)
#define WORST_FIRST_REAL(m)
#define WORST_FIRST_FIGURE(m)
#define WORST_FIRST_AT(m)
#define WORST_FIRST_REPS(m)
#define WORST_FIRST_SPREAD(m)
#define WORST_FIRST_SIZES(m)
#define WORST_FIRST_LIKE(m)

#define ADD(kind, m, ...) ADD_##kind(m)
#define ADD_COUNT(m) to->m += from->m;
#define ADD_REAL(m) to->m += from->m;
#define ADD_FIGURE(m)
#define ADD_WORST(m)
#define ADD_AT(m) /* with its WORST */
#define ADD_REPS(m)                                                                                \
    for (int r = 0; r < PZ_REPEAT; r++) {                                                          \
        to->m##_seconds[r] += from->m##_seconds[r];                                                \
        to->m##_cpu_seconds[r] += from->m##_cpu_seconds[r];                                        \
        pz_spread_merge(&to->m##_spread[r], &from->m##_spread[r]);                                 \
    }
#define ADD_SPREAD(m) pz_spread_merge(&to->m, &from->m);
#define ADD_SIZES(m)                                                                               \
    for (int k = 0; k < PZ_SIZES; k++)                                                             \
        if (from->m[k].n || from->m##_cold_ran[k]) {                                               \
            pz_spread_merge(&to->m[k], &from->m[k]);                                               \
            to->m##_cold_ran[k] += from->m##_cold_ran[k];                                          \
            to->m##_cold_cpu_seconds[k] += from->m##_cold_cpu_seconds[k];                          \
            to->m##_rows[k] = from->m##_rows[k];                                                   \
            to->m##_cols[k] = from->m##_cols[k];                                                   \
        }
#define ADD_LIKE(m)                                                                                \
    for (int s = 0; s < PZ_RUN_SOLVERS; s++) {                                                     \
        to->m##_cpu_seconds[s] += from->m##_cpu_seconds[s];                                        \
        to->m##_ran[s] += from->m##_ran[s];                                                        \
    }

void pz_tally_add(pz_tally *to, const pz_tally *from)
{
    PZ_TALLY(WORST_FIRST)
    PZ_TALLY(ADD)
}

#define FREE(kind, m, ...) FREE_##kind(m)
#define FREE_COUNT(m)
#define FREE_REAL(m)
#define FREE_FIGURE(m)
#define FREE_WORST(m)
#define FREE_AT(m)
#define FREE_REPS(m)                                                                               \
    for (int r = 0; r < PZ_REPEAT; r++)                                                            \
        pz_spread_free(&t->m##_spread[r]);
#define FREE_SPREAD(m) pz_spread_free(&t->m);
#define FREE_SIZES(m)                                                                              \
    for (int k = 0; k < PZ_SIZES; k++)                                                             \
        pz_spread_free(&t->m[k]);
#define FREE_LIKE(m)

void pz_tally_free(pz_tally *t)
{
    PZ_TALLY(FREE)
    memset(t, 0, sizeof *t);
}

double pz_quantile(const pz_tally *t, double q)
{
    return pz_spread_quantile(&t->spread, q);
}

static double ns_per(double seconds, long long n)
{
    return n > 0 ? seconds * 1e9 / (double)n : 0;
}

double pz_figure_ns_per_instance(const pz_tally *t)
{
    return ns_per(t->seconds, t->ran);
}
double pz_figure_ns_p10(const pz_tally *t)
{
    return pz_quantile(t, 0.1);
}
double pz_figure_ns_median(const pz_tally *t)
{
    return pz_quantile(t, 0.5);
}
double pz_figure_ns_p90(const pz_tally *t)
{
    return pz_quantile(t, 0.9);
}
double pz_figure_cpu_ns_per_instance(const pz_tally *t)
{
    return ns_per(t->cpu_seconds, t->ran);
}
int pz_tally_headline(const pz_tally *t, pz_headline *h)
{
    *h = (pz_headline){0, 0, 0, 0, 0};
    if (t->cpu_spread.n) {
        h->median = pz_spread_quantile(&t->cpu_spread, 0.5);
        h->mad = pz_spread_mad(&t->cpu_spread);
        h->min = pz_spread_quantile(&t->cpu_spread, 0);
        h->max = pz_spread_quantile(&t->cpu_spread, 1);
        return 1;
    }
    if (!t->cold_ran)
        return 0;
    h->median = h->min = h->max = ns_per(t->cold_cpu_seconds, t->cold_ran);
    h->cold = 1;
    return 1;
}

static pz_headline headline(const pz_tally *t)
{
    pz_headline h;
    pz_tally_headline(t, &h);
    return h;
}
double pz_figure_cpu_ns_median(const pz_tally *t)
{
    return headline(t).median;
}
double pz_figure_cpu_ns_mad(const pz_tally *t)
{
    return headline(t).mad;
}
double pz_figure_cpu_ns_min(const pz_tally *t)
{
    return headline(t).min;
}
double pz_figure_cpu_ns_max(const pz_tally *t)
{
    return headline(t).max;
}

int pz_tally_sizes(const pz_tally *t)
{
    int n = 0;
    for (int k = 0; k < PZ_SIZES; k++)
        n += t->sizes[k].n > 0 || t->sizes_cold_ran[k] > 0;
    return n;
}

pz_tally pz_tally_size(const pz_tally *t, int k)
{
    pz_tally one = {.cpu_spread = t->sizes[k],
                    .cold_ran = t->sizes_cold_ran[k],
                    .cold_cpu_seconds = t->sizes_cold_cpu_seconds[k]};
    one.ran = t->sizes[k].n ? pz_spread_total(&t->sizes[k]) : one.cold_ran;
    return one;
}

pz_growth pz_tally_growth(const pz_tally *t)
{
    double cells[PZ_SIZES], ns[PZ_SIZES];
    int n = 0;
    for (int k = 0; k < PZ_SIZES; k++)
        if (t->sizes[k].n) {
            cells[n] = (double)t->sizes_rows[k] * t->sizes_cols[k];
            ns[n++] = pz_spread_quantile(&t->sizes[k], 0.5);
        }
    return pz_growth_fit(cells, ns, n);
}

void pz_hist_add(long long *to, char (*to_names)[PZ_NAME], const long long *from,
                 char (*from_names)[PZ_NAME])
{
    for (int k = 0; k < PZ_CLASSES; k++)
        if (from[k]) {
            to[k] += from[k];
            memcpy(to_names[k], from_names[k], PZ_NAME);
        }
}

int pz_baseline(const pz_result *r)
{
    int best = -1;
    double ratio;
    for (int s = 0; s < r->opts.nsolvers; s++) {
        const pz_tally *t = &r->tally[s], *b = best < 0 ? NULL : &r->tally[best];
        if (!t->cpu_spread.n)
            continue;
        /* the most instances; among those, faster on the instances both solved */
        if (!b || t->ran > b->ran ||
            (t->ran == b->ran && pz_relative(r, s, best, &ratio, NULL) && ratio < 1))
            best = s;
    }
    return best;
}

int pz_relative(const pz_result *r, int s, int base, double *ratio, long long *both)
{
    const pz_tally *t = &r->tally[s], *b = &r->tally[base];
    int reps = r->opts.repeat > 1 ? r->opts.repeat : 1;
    if (s == base) {
        *ratio = 1;
        if (both)
            *both = pz_spread_total(&t->cpu_spread) / reps;
        return t->cpu_spread.n > 0;
    }
    if (!t->like_ran[base] || !(b->like_cpu_seconds[s] > 0))
        return 0;
    *ratio = t->like_cpu_seconds[base] / b->like_cpu_seconds[s];
    if (both)
        *both = t->like_ran[base];
    return 1;
}

int pz_relative_interval(const pz_result *r, int s, int base, double *ratio, double *lo, double *hi)
{
    const pz_tally *t = &r->tally[s], *b = &r->tally[base];
    pz_sample x[PZ_REPEAT], y[PZ_REPEAT];
    int k = r->opts.repeat;
    if (k < 2 || s == base || !t->ran || !b->ran)
        return 0;
    for (int i = 0; i < k; i++) {
        x[i] = (pz_sample){1e9 * b->rep_cpu_seconds[i] / (double)b->ran, 1};
        y[i] = (pz_sample){1e9 * t->rep_cpu_seconds[i] / (double)t->ran, 1};
    }
    pz_shift sh = pz_compare_times(x, k, y, k);
    if (ratio)
        *ratio = sh.ratio;
    *lo = sh.lo;
    *hi = sh.hi;
    return !isnan(sh.lo);
}

/* Mann-Whitney's interval needs 4 passes a side to reach 95% (3 and 3
 * reach 90% at best): said, so that none is not taken for no spread. */
const char *pz_relative_none(const pz_result *r, int base)
{
    if (base < 0 || r->opts.nsolvers < 2 || r->opts.repeat < 2 || r->opts.repeat >= 4)
        return NULL;
    return "no 95% interval from fewer than 4 passes (--repeat 4 or more gives one)";
}

static const char *ordinal(long long i)
{
    return i % 10 == 1 && i % 100 != 11   ? "st"
           : i % 10 == 2 && i % 100 != 12 ? "nd"
           : i % 10 == 3 && i % 100 != 13 ? "rd"
                                          : "th";
}

/* An EQUAL field that differs, said in buf: a count, else a time or an
 * array (no such field is EQUAL today). */
#define DIFFERS(kind, m, key, place, most, same, since)                                            \
    if (PZ_##same && x->m != y->m)                                                                 \
        return snprintf(buf, len, "%s: %lld in BASE, %lld in NEW", key, (long long)x->m,           \
                        (long long)y->m),                                                          \
               buf;
#define SOLVER_DIFFERS(kind, m, key, csv, fmt, same, since) SOLVER_DIFFERS_##kind(m, key, same)
#define SOLVER_DIFFERS_SCALAR(m, key, same, kind)                                                  \
    if (PZ_##same && PZ_VALUE(kind, p, m) != PZ_VALUE(kind, q, m))                                 \
        return snprintf(buf, len, "%s %s: %.17g in BASE, %.17g in NEW", name, key,                 \
                        (double)PZ_VALUE(kind, p, m), (double)PZ_VALUE(kind, q, m)),               \
               buf;
/* A class count (CLASS) may differ by as many as the other's unknown. */
#define SOLVER_DIFFERS_COUNT(m, key, same)                                                         \
    if (PZ_##same && (PZ_##same == PZ_CLASS ? p->m > q->m + q->unknown || q->m > p->m + p->unknown \
                                            : p->m != q->m))                                       \
        return snprintf(buf, len, "%s %s: %lld in BASE, %lld in NEW", name, key, p->m, q->m), buf;
#define SOLVER_DIFFERS_AT(m, key, same) SOLVER_DIFFERS_COUNT(m, key, same)
#define SOLVER_DIFFERS_REAL(m, key, same) SOLVER_DIFFERS_SCALAR(m, key, same, REAL)
#define SOLVER_DIFFERS_WORST(m, key, same) SOLVER_DIFFERS_SCALAR(m, key, same, WORST)
#define SOLVER_DIFFERS_FIGURE(m, key, same) SOLVER_DIFFERS_SCALAR(m, key, same, FIGURE)
#define SOLVER_DIFFERS_REPS(m, key, same)                                                          \
    if (PZ_##same && (memcmp(p->m##_seconds, q->m##_seconds, sizeof p->m##_seconds) ||             \
                      memcmp(p->m##_cpu_seconds, q->m##_cpu_seconds, sizeof p->m##_cpu_seconds)))  \
        return snprintf(buf, len, "%s %s differ", name, key), buf;
#define SOLVER_DIFFERS_SPREAD(m, key, same)                                                        \
    if (PZ_##same && !pz_spread_same(&p->m, &q->m))                                                \
        return snprintf(buf, len, "%s %s differ", name, key), buf;
#define SOLVER_DIFFERS_SIZES(m, key, same)                                                         \
    for (int k = 0; PZ_##same && k < PZ_SIZES; k++)                                                \
        if (!pz_spread_same(&p->m[k], &q->m[k]))                                                   \
            return snprintf(buf, len, "%s %s differ", name, key), buf;
#define SOLVER_DIFFERS_LIKE(m, key, same)                                                          \
    if (PZ_##same && (memcmp(p->m##_cpu_seconds, q->m##_cpu_seconds, sizeof p->m##_cpu_seconds) || \
                      memcmp(p->m##_ran, q->m##_ran, sizeof p->m##_ran)))                          \
        return snprintf(buf, len, "%s %s differ", name, key), buf;

const char *pz_result_differs(const pz_result *x, const pz_result *y, char *buf, size_t len)
{
    PZ_COUNTS(DIFFERS)
    /* Games cut by a budget (the class unknown) may have an answer in the
     * other run: each class may differ by as many as the other's unknown. */
    long long ux = x->hist[PZ_CLASS_UNKNOWN], uy = y->hist[PZ_CLASS_UNKNOWN];
    for (int k = 0; k < PZ_CLASS_UNKNOWN; k++)
        if (x->hist[k] > y->hist[k] + uy || y->hist[k] > x->hist[k] + ux ||
            (x->hist[k] && y->hist[k] && strcmp(x->names[k], y->names[k])))
            return snprintf(buf, len, "the histograms of answers differ%s",
                            ux || uy ? " beyond the unknown ones" : ""),
                   buf;
    for (int i = 0; i < x->nfail || i < y->nfail; i++)
        if (i >= x->nfail || i >= y->nfail || x->fail[i].index != y->fail[i].index)
            return snprintf(buf, len, "the failures listed differ (the %d%s)", i + 1,
                            ordinal(i + 1)),
                   buf;
    for (int s = 0; s < x->opts.nsolvers; s++)
        for (int k = 0; k < y->opts.nsolvers; k++) {
            const char *name = x->opts.solvers[s]->name;
            const pz_tally *p = &x->tally[s], *q = &y->tally[k];
            if (strcmp(name, y->opts.solvers[k]->name))
                continue;
            PZ_TALLY(SOLVER_DIFFERS)
        }
    return NULL;
}

void pz_failure_free(pz_failure *f)
{
    free(f->inst);
    free(f->input);
    free(f->expected);
    free(f->refuted);
    for (int s = 0; s < PZ_RUN_SOLVERS; s++) {
        free(f->answer[s]);
        free(f->how[s]);
    }
    memset(f, 0, sizeof *f);
}

static int by_index(const void *a, const void *b)
{
    long long x = ((const pz_failure *)a)->index, y = ((const pz_failure *)b)->index;
    return (x > y) - (x < y);
}

int pz_keep_first(pz_failure *f, int n)
{
    if (n) /* qsort must not get NULL, even for no elements */
        qsort(f, (size_t)n, sizeof *f, by_index);
    while (n > PZ_KEEP)
        pz_failure_free(&f[--n]);
    return n;
}

void pz_result_free(pz_result *res)
{
    for (int i = 0; i < res->nfail; i++)
        pz_failure_free(&res->fail[i]);
    free(res->fail);
    free(res->hist);
    free(res->names);
    res->fail = NULL;
    res->hist = NULL;
    res->names = NULL;
    res->nfail = 0;
    for (int s = 0; s < PZ_RUN_SOLVERS; s++)
        pz_tally_free(&res->tally[s]);
}

#define NAME(c, m, name, ...) name,
const char *const pz_answer_names[PZ_NANSWERS] = {PZ_ANSWERS(NAME)};
#undef NAME
#define WHAT(c, m, name, exit, what) what,
const char *const pz_answer_what[PZ_NANSWERS] = {PZ_ANSWERS(WHAT)};
#undef WHAT

long long pz_tally_answers(const pz_tally *t, pz_answer a)
{
    long long n = a == PZ_ANSWER_NOT_RUN ? t->skipped : 0;
#define COUNT(c, m, ...) n += a == PZ_ANSWER_##c ? t->m : 0;
    PZ_ANSWERS(COUNT)
#undef COUNT
    return n;
}

long long pz_answers(const pz_result *r, pz_answer a)
{
    long long n = 0;
    for (int s = 0; s < r->opts.nsolvers; s++)
        n += pz_tally_answers(&r->tally[s], a);
    return n;
}

int pz_result_verdict(const pz_result *r)
{
    if (r->failures || pz_answers(r, PZ_ANSWER_FAILED))
        return PZ_RESULT_FAILED;
    for (int s = 0; s < r->opts.nsolvers; s++)
        if (r->tally[s].unchecked) /* an answer given is never passed unchecked */
            return PZ_RESULT_UNCHECKED;
    if (r->instances > 0 && !pz_answers(r, PZ_ANSWER_CERTIFIED) && !pz_answers(r, PZ_ANSWER_AGREED))
        return PZ_RESULT_UNCHECKED;
    return PZ_RESULT_OK;
}
