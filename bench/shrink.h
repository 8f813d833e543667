/* shrink.h - failures made small and kept as regressions. */
#ifndef PZ_SHRINK_H
#define PZ_SHRINK_H

#include "run.h"

/* How far one shrink may go; 0 means no limit. */
typedef struct pz_shrink_limits {
    long tries;     /* neighbours made */
    long runs;      /* neighbours tried with still() */
    double seconds; /* time spent */
    int same_size;  /* only neighbours of the starting size (the puzzle's size()) */
} pz_shrink_limits;

/* What a shrink did. */
typedef struct pz_shrunk {
    int steps; /* neighbours taken */
    long runs; /* still() asked */
    int late;  /* stopped by the time limit */
} pz_shrunk;

/* Greedy shrinking, the one used by run and stress: from inst, take the
 * first simpler neighbour (the puzzle's shrink) for which still(ctx,
 * neighbour) holds, again and again, until none does or a limit is reached.
 * The result goes to out. */
void pz_shrink(const pz_puzzle *, const void *inst, void *out,
               int (*still)(void *ctx, const void *inst), void *ctx, const pz_shrink_limits *,
               pz_shrunk *);

/* Shrinks the first PZ_SHRINK failures and writes each as DIR/PUZZLE-HASH.in
 * with .ans; returns how many new files it wrote. */
int pz_save_regressions(const pz_result *, const char *dir);

#endif
