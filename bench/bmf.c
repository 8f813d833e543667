/* bmf.c - a result in Bencher Metric Format (bmf.h). */
#include "bmf.h"

#include <jansson.h>
#include <math.h>

#include "schema.h"
#include "stress.h"

int pz_spread_headline(const pz_spread *t, long long batch, double *value, double *lo, double *hi)
{
    long long n = pz_spread_total(t);
    if (n <= 0)
        return 0;
    /* The median of b batches lies between its order statistics at
     * 0.5 -+ 0.98 / sqrt(b) with 95% confidence (the normal approximation of
     * the binomial); the spread counts instances, batch of them a batch. */
    batch = batch > 0 ? batch : 1;
    double b = (double)(n + batch - 1) / (double)batch, h = 0.98 / sqrt(b < 1 ? 1 : b);
    *value = pz_spread_quantile(t, 0.5);
    *lo = pz_spread_quantile(t, h < 0.5 ? 0.5 - h : 0);
    *hi = pz_spread_quantile(t, h < 0.5 ? 0.5 + h : 1);
    return 1;
}

/* Adds benchmark name's latency, where the spread t has a median. */
static void add(json_t *doc, const char *name, const pz_spread *t, long long batch)
{
    double v, lo, hi;
    if (pz_spread_headline(t, batch, &v, &lo, &hi))
        json_object_set_new(doc, name,
                            json_pack("{s:{s:f,s:f,s:f}}", "latency", "value", v, "lower_value", lo,
                                      "upper_value", hi));
}

static void dump(FILE *f, json_t *doc)
{
    /* all 17 digits: each value the JSON report's figure, to the last digit */
    json_dumpf(doc, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
    fputc('\n', f);
    json_decref(doc);
}

/* Adds each solver of r: its headline (result.h's pz_tally_headline) as
 * "latency" with the 95% interval of that median; a solver without a
 * warm batch has its cold batches' mean, as the table's "(cold)", under
 * "latency-cold" and without an interval, so that no series mixes the
 * two. */
static void add_result(json_t *doc, const pz_result *r)
{
    char name[1024];
    for (int s = 0; s < r->opts.nsolvers; s++) {
        const pz_tally *t = &r->tally[s];
        pz_headline h;
        if (!pz_tally_headline(t, &h))
            continue;
        snprintf(name, sizeof name, "%s/%s/%s", r->corpus->puzzle->name, r->corpus->spec,
                 r->opts.solvers[s]->name);
        if (h.cold)
            json_object_set_new(doc, name,
                                json_pack("{s:{s:f}}", "latency-cold", "value", h.median));
        else
            add(doc, name, &t->cpu_spread, r->opts.batch);
    }
}

void pz_write_bmf(FILE *f, const pz_result *r)
{
    pz_write_bmf_results(f, &r, 1);
}

void pz_write_bmf_results(FILE *f, const pz_result *const *r, int n)
{
    json_t *doc = json_object();
    for (int i = 0; i < n; i++)
        add_result(doc, r[i]);
    dump(f, doc);
}

void pz_write_bmf_stress(FILE *f, const void *report)
{
    const pz_stress_report *r = report;
    const pz_stress *s = r->s;
    json_t *doc = json_object();
    char name[1024];
    for (int k = 0; k < (s->prog[1].cmd ? PZ_STRESS_PROGS : 1); k++) {
        snprintf(name, sizeof name, "stress/%s/%s/%s", s->p->name,
                 s->gen.cmd ? s->gen.cmd : s->corpus.spec, s->prog[k].cmd);
        add(doc, name, &r->all->prog[k].time.spread, s->batch);
    }
    dump(f, doc);
}
