/* run.h - the batch engine behind `puzzlebench run` (its result: result.h).
 *
 *     pz_run_opts o = { .solvers = {gf2, rowenum}, .nsolvers = 2, .sample = 1,
 *                       .threads = 2 };
 *     pz_shard sh;
 *     pz_result res;
 *     pz_parse_shard("0/4", corpus.count, &sh, &e);
 *     pz_run(&corpus, &sh, &o, &res);
 *     pz_write_json(stdout, &res);
 *     pz_result_free(&res);
 *
 * Everything in a result but the timings depends only on the corpus, the
 * shard and the options: never on the number of threads or the batch size.
 */
#ifndef PZ_RUN_H
#define PZ_RUN_H

#include "corpus.h"
#include "result.h"

enum {
    PZ_SHRINK = 3,   /* failures shrunk and saved as regressions */
    PZ_BATCH = 1024, /* the largest default batch */
};

int pz_default_batch(long long instances);

/* Refuses options whose batch buffers would not fit in memory (the batch is
 * at most the shard, then at most 1 GiB of buffers per thread): 0, or -1 with e. */
int pz_run_check(const pz_corpus *, const pz_shard *, const pz_run_opts *, pz_error *);

/* Runs the shard of the corpus; 0, or -1 when a signal cut it short.  A
 * signal stops the searches in hand (pz_stop, solver.h); the batches
 * finished before it are the result, marked partial. */
int pz_run(const pz_corpus *, const pz_shard *, const pz_run_opts *, pz_result *);

#endif
