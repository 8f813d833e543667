/* gbench.c - a Google Benchmark JSON file read and checked (gbench.h).
 *
 * A benchmark's time is per item where it counts items (puzzlebench-micro's
 * items are instances: 1e9 / items_per_second), else per iteration
 * (real_time in its time_unit).  A standard deviation is of real_time, per
 * iteration: it is scaled to per item as its mean was.
 */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "gbench.h"

static const struct {
    const char *unit;
    double ns;
} units[] = {{"ns", 1}, {"us", 1e3}, {"ms", 1e6}, {"s", 1e9}};

/* Fills e at v with 'benchmark "NAME": what' (no name: what); returns -1. */
static int bad(pz_error *e, const pz_jval *v, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int bad(pz_error *e, const pz_jval *v, const char *name, const char *fmt, ...)
{
    char msg[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (name)
        return pz_jfail(e, v, "benchmark \"%.100s\": %s", name, msg);
    return pz_jfail(e, v, "%s", msg);
}

/* A message of jsonio.h about benchmark name's value, named; returns -1. */
static int named(pz_error *e, const char *name)
{
    char msg[sizeof e->msg + 128];
    snprintf(msg, sizeof msg, "benchmark \"%.100s\": %s", name, e->msg);
    if (snprintf(e->msg, sizeof e->msg, "%s", msg) >= (int)sizeof e->msg)
        e->msg[sizeof e->msg - 1] = 0; /* cut short: it still names the benchmark */
    return -1;
}

/* Member key of b as a number: finite, above 0 (at least 0 with zero_ok). */
static int time_of(const pz_jval *b, const char *name, const char *key, int zero_ok, double *x,
                   pz_error *e)
{
    pz_jval v = pz_jget(b, key);
    const char *want = zero_ok ? "a number at least 0" : "a number above 0";
    if (!v.v)
        return bad(e, b, name, "expected a member \"%s\" (%s)", key, want);
    *x = json_is_number(v.v) ? json_number_value(v.v) : NAN;
    if (!json_is_number(v.v))
        return bad(e, &v, name, "expected \"%s\" to be %s, found %s", key, want, pz_jwhat(v.v));
    if (!isfinite(*x) || *x < 0 || (*x == 0 && !zero_ok))
        return bad(e, &v, name, "expected \"%s\" to be %s, found %g", key, want, *x);
    return 0;
}

/* real_time of b in ns, by its time_unit. */
static int real_ns(const pz_jval *b, const char *name, int zero_ok, double *ns, pz_error *e)
{
    pz_jval u = pz_jget(b, "time_unit");
    double t;
    if (!u.v)
        return bad(e, b, name, "expected a member \"time_unit\" (ns, us, ms or s)");
    for (size_t k = 0; json_is_string(u.v) && k < sizeof units / sizeof *units; k++)
        if (!strcmp(json_string_value(u.v), units[k].unit)) {
            if (time_of(b, name, "real_time", zero_ok, &t, e))
                return -1;
            *ns = t * units[k].ns;
            return 0;
        }
    if (!json_is_string(u.v))
        return bad(e, &u, name, "expected \"time_unit\" to be ns, us, ms or s, found %s",
                   pz_jwhat(u.v));
    return bad(e, &u, name, "expected \"time_unit\" to be ns, us, ms or s, found \"%.40s\"",
               json_string_value(u.v));
}

/* b's time per item (per iteration where it counts no items), in ns; and
 * per_item, what a per-iteration time is multiplied by to be per item. */
static int item_ns(const pz_jval *b, const char *name, double *ns, double *per_item, pz_error *e)
{
    double t, ips;
    if (real_ns(b, name, 0, &t, e))
        return -1;
    *ns = t;
    *per_item = 1;
    if (!pz_jget(b, "items_per_second").v)
        return 0;
    if (time_of(b, name, "items_per_second", 0, &ips, e))
        return -1;
    *ns = 1e9 / ips;
    *per_item = *ns / t;
    return 0;
}

/* Member key of o, where present, as a string (else ""). */
static int opt_str(const pz_jval *o, const char *key, const char **s, pz_error *e)
{
    pz_jval v = pz_jget(o, key);
    *s = "";
    if (!v.v)
        return 0;
    if (!json_is_string(v.v))
        return bad(e, &v, NULL, "expected \"%s\" to be a string, found %s", key, pz_jwhat(v.v));
    *s = json_string_value(v.v);
    return 0;
}

static int read_context(pz_gbench *g, const pz_jval *root, pz_error *e)
{
    pz_jval c = pz_jget(root, "context"), v;
    if (!json_is_object(c.v))
        return bad(e, root, NULL, "expected a member \"context\" (an object)");
    if (opt_str(&c, "host_name", &g->host, e) ||
        opt_str(&c, "library_build_type", &g->build_type, e))
        return -1;
    if ((v = pz_jget(&c, "num_cpus")).v && pz_jneed_int(&c, "num_cpus", 1, INT_MAX, &g->cpus, e))
        return -1;
    if ((v = pz_jget(&c, "mhz_per_cpu")).v && pz_jneed_num(&c, "mhz_per_cpu", 0, &g->mhz, e))
        return -1;
    return 0;
}

static pz_gbench_entry *find(pz_gbench *g, const char *name)
{
    for (int i = 0; i < g->n; i++)
        if (!strcmp(g->e[i].name, name))
            return &g->e[i];
    return NULL;
}

/* Where an entry's aggregates were found, for the checks at the end. */
typedef struct seen {
    pz_jval mean, sd; /* v NULL: none */
    double sd_ns;     /* the deviation, per iteration */
    double per_item;  /* the mean's per item over per iteration */
} seen;

/* Benchmark b of a list of n: its iteration's time added to its entry, or
 * its mean or stddev aggregate noted in at[]; a failed run (error_occurred)
 * and other aggregates (median, cv) are passed over.  -1 with e filled. */
static int read_entry(pz_gbench *g, seen *at, size_t n, const pz_jval *b, pz_error *e)
{
    pz_jval name = pz_jget(b, "run_name"), v;
    const char *type = "iteration", *agg = "";
    int failed = 0;
    if (!json_is_object(b->v))
        return bad(e, b, NULL, "expected a benchmark (an object), found %s", pz_jwhat(b->v));
    if (!name.v)
        name = pz_jget(b, "name");
    if (!json_is_string(name.v))
        return bad(e, name.v ? &name : b, NULL, "expected \"run_name\" or \"name\" to be a string");
    const char *id = json_string_value(name.v);
    if ((v = pz_jget(b, "error_occurred")).v && pz_jneed_bool(b, "error_occurred", &failed, e))
        return named(e, id);
    if (failed)
        return 0;
    if ((v = pz_jget(b, "run_type")).v &&
        (!json_is_string(v.v) ||
         (strcmp(type = json_string_value(v.v), "iteration") && strcmp(type, "aggregate"))))
        return bad(e, &v, id, "expected \"run_type\" to be \"iteration\" or \"aggregate\"");
    int aggregate = !strcmp(type, "aggregate");
    if (aggregate && pz_jneed_str(b, "aggregate_name", &agg, e))
        return named(e, id);
    if (aggregate && strcmp(agg, "mean") && strcmp(agg, "stddev"))
        return 0; /* median, cv: not read */
    pz_gbench_entry *x = find(g, id);
    if (!x) {
        x = &g->e[g->n++];
        x->name = id;
        x->ns = pz_xcalloc(n + 1, sizeof *x->ns);
        x->mean = x->sd = NAN;
    }
    seen *s = &at[x - g->e];
    double ns, per_item;
    if (!aggregate) {
        if (item_ns(b, id, &ns, &per_item, e))
            return -1;
        x->ns[x->nns++] = ns;
    } else if (!strcmp(agg, "stddev")) {
        if (real_ns(b, id, 1, &s->sd_ns, e))
            return -1;
        s->sd = *b;
    } else {
        long long reps;
        if (item_ns(b, id, &ns, &per_item, e))
            return -1;
        if (pz_jneed_int(b, "repetitions", 1, INT_MAX, &reps, e))
            return named(e, id);
        x->mean = ns;
        x->reps = reps;
        s->mean = *b;
        s->per_item = per_item;
    }
    return 0;
}

/* Each entry from its iterations where it has any, else from its mean and
 * stddev aggregates (at[]); -1 with e filled for a stddev without a mean. */
static int settle(pz_gbench *g, const seen *at, pz_error *e)
{
    for (int k = 0; k < g->n; k++) {
        pz_gbench_entry *x = &g->e[k];
        const seen *s = &at[k];
        if (x->nns) { /* iterations win over aggregates */
            x->aggregate = 0;
            x->mean = x->sd = NAN;
            continue;
        }
        if (!s->mean.v)
            return bad(e, &s->sd, x->name, "expected a \"mean\" aggregate beside this \"stddev\"");
        x->aggregate = 1;
        x->sd = s->sd.v ? s->sd_ns * s->per_item : NAN;
    }
    return 0;
}

int pz_gbench_read(pz_gbench *g, const pz_jdoc *doc, pz_error *e)
{
    pz_jval root = pz_jroot(doc), list = pz_jget(&root, "benchmarks");
    size_t n;
    seen *at;
    int rc = 0;
    memset(g, 0, sizeof *g);
    if (!json_is_object(root.v))
        return bad(e, &root, NULL, "expected a Google Benchmark file (an object), found %s",
                   pz_jwhat(root.v));
    if (read_context(g, &root, e))
        return -1;
    if (!json_is_array(list.v))
        return bad(e, list.v ? &list : &root, NULL, "expected \"benchmarks\" to be an array");
    n = json_array_size(list.v);
    g->e = pz_xcalloc(n + 1, sizeof *g->e);
    at = pz_xcalloc(n + 1, sizeof *at);
    for (size_t i = 0; i < n && !rc; i++) {
        pz_jval b = pz_jelem(&list, i);
        rc = read_entry(g, at, n, &b, e);
    }
    rc = rc ? rc : settle(g, at, e);
    free(at);
    if (rc)
        pz_gbench_free(g);
    return rc;
}

void pz_gbench_free(pz_gbench *g)
{
    for (int i = 0; i < g->n; i++)
        free(g->e[i].ns);
    free(g->e);
    g->e = NULL;
    g->n = 0;
}
