/* shrink.h - failures made small and kept as regressions. */
#ifndef PZ_SHRINK_H
#define PZ_SHRINK_H

#include "run.h"

/* Greedy shrinking: from inst, take the first simpler neighbour (the
 * puzzle's shrink) for which still(ctx, neighbour) holds, again and again,
 * until none does or still() has been asked max_tries times.  The result
 * goes to out; returns the number of steps taken. */
int pz_shrink_greedy(const pz_puzzle *, const void *inst, void *out,
                     int (*still)(void *ctx, const void *inst), void *ctx, long max_tries);

/* Shrinks the first PZ_SHRINK failures and writes each as DIR/PUZZLE-HASH.in
 * with .ans; returns how many new files it wrote. */
int pz_save_regressions(const pz_result *, const char *dir);

#endif
