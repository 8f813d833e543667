/* stats.c - tallies of solver times, and their quantiles. */
#include <math.h>

#include "stats.h"

int pz_spread_class(double ns)
{
    double c = ns > 0 ? 8 * (log2(ns) + 8) : 0;
    return c < 0 ? 0 : c >= PZ_SPREAD ? PZ_SPREAD - 1 : (int)c;
}

double pz_spread_ns(int cls)
{
    return exp2((cls + 0.5) / 8 - 8);
}

double pz_quantile(const pz_tally *t, double q)
{
    long long seen = 0, total = 0;
    for (int b = 0; b < PZ_SPREAD; b++)
        total += t->spread[b];
    for (int b = 0; b < PZ_SPREAD; b++)
        if (total && (seen += t->spread[b]) >= q * (double)total)
            return pz_spread_ns(b);
    return 0;
}

void pz_tally_worst(pz_tally *t, double ns, long long index)
{
    if (!t->ran || ns > t->worst_ns || (ns == t->worst_ns && index < t->worst_index)) {
        t->worst_ns = ns;
        t->worst_index = index;
    }
}

void pz_tally_add(pz_tally *to, const pz_tally *from)
{
    if (from->ran)
        pz_tally_worst(to, from->worst_ns, from->worst_index);
    to->ran += from->ran;
    to->skipped += from->skipped;
    to->invalid += from->invalid;
    to->disagree += from->disagree;
    to->seconds += from->seconds;
    to->cpu_seconds += from->cpu_seconds;
    for (int b = 0; b < PZ_SPREAD; b++)
        to->spread[b] += from->spread[b];
}
