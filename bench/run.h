/* run.h - the batch engine behind `puzzlebench run`, and its reports.
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

#include "../util/context.h"
#include "corpus.h"
#include "result.h"

enum {
    PZ_KEEP = 20,    /* failures listed in full: the first by index */
    PZ_SHRINK = 3,   /* failures shrunk and saved as regressions */
    PZ_BATCH = 1024, /* the largest default batch */
    PZ_NAME = 24,    /* a histogram class's name */
};

/* Shard k of n (from 0): the contiguous indices [first, end) of the corpus. */
typedef struct pz_shard {
    long long k, n, first, end;
} pz_shard;

/* "K/N"; NULL means the whole corpus (0/1). */
int pz_parse_shard(const char *s, long long count, pz_shard *, pz_error *);
typedef struct pz_run_opts {
    const pz_solver *solvers[PZ_RUN_SOLVERS]; /* in registry order */
    int nsolvers;
    unsigned slow;    /* bit s: solvers[s] runs on the sample only */
    long long sample; /* the sample: indices i with i % sample == 0 */
    int threads;      /* 0: OpenMP's default */
    int batch;        /* 0: the default (see pz_default_batch); at most the shard */
    int progress;     /* a progress line on stderr */
    int repeat;       /* each batch timed this many times (0 or 1: once; at most PZ_REPEAT) */
    int warmup;       /* an untimed pass over each batch first */
    pz_budget budget; /* each solver's each game: none, or nodes and CPU seconds */
} pz_run_opts;

int pz_default_batch(long long instances);

/* An instance where some answer failed its check or differs from the
 * reference, with every answer as the judge would see it. */
typedef struct pz_failure {
    long long index;          /* in the corpus */
    void *inst;               /* a copy, for shrinking */
    char *input;              /* the instance as a whole judge input */
    char *expected;           /* the corpus's answer, or NULL */
    const char *expected_why; /* NULL: the expected answer checks */
    char *refuted;            /* why our reference refutes the expected answer (judge.h), or NULL */
    char *answer[PZ_RUN_SOLVERS];    /* NULL: not asked or did not fit */
    const char *why[PZ_RUN_SOLVERS]; /* NULL: checks */
    unsigned disagree;               /* bit s: differs from the reference */
    int reference;                   /* the solver that was the reference; -1 expected */
} pz_failure;

typedef struct pz_result {
    const pz_corpus *corpus;
    int expected; /* the reference is the corpus's expected answers */
    pz_shard shard;
    pz_run_opts opts;     /* with the threads and batch size used */
    PZ_COUNTS(PZ_DECLARE) /* instances, failures, ...: result.h */
    double wall_s;
    int merged;         /* a merge of shards, which has real_wall_s: */
    double real_wall_s; /* from its shards' first start to their last end */
    pz_tally tally[PZ_RUN_SOLVERS];
    long long *hist;        /* PZ_CLASSES counts of reference answers */
    char (*names)[PZ_NAME]; /* each class spelled, where its count > 0 */
    pz_failure *fail;       /* the first PZ_KEEP failures by index */
    int nfail;
    const pz_context *context; /* where and from what; NULL: this process, now */
    int partial;               /* interrupted: only the finished batches */
    int signal;                /* the signal that interrupted it */
    int read_failed;           /* a streamed corpus file could not be read: */
    pz_error read_error;       /* why */
} pz_result;

/* Sorts failures by index and frees all but the first PZ_KEEP; returns how
 * many are kept. */
int pz_keep_first(pz_failure *, int n);
void pz_failure_free(pz_failure *);

/* Refuses options whose batch buffers would not fit in memory (the batch is
 * at most the shard, then at most 1 GiB of buffers per thread): 0, or -1 with e. */
int pz_run_check(const pz_corpus *, const pz_shard *, const pz_run_opts *, pz_error *);

/* Runs the shard of the corpus; 0, or -1 when a signal cut it short.  A
 * signal stops the searches in hand (pz_stop, solver.h); the batches
 * finished before it are the result, marked partial. */
int pz_run(const pz_corpus *, const pz_shard *, const pz_run_opts *, pz_result *);
void pz_result_free(pz_result *);

/* Where the answers of two results of one corpus and shard differ, in a few
 * words into buf ("instances: 5 in BASE, 4 in NEW"); NULL if they do not:
 * every EQUAL field of result.h's lists (a solver's where both results have
 * the solver, by name), the histogram of answers and the failures listed. */
const char *pz_result_differs(const pz_result *base, const pz_result *now, char *buf, size_t len);

/* Like with like: the solver the others are compared with, -1 if none has
 * warm batches: of those that ran the most instances, the fastest on the
 * instances they both solved.  pz_relative gives solver s's CPU
 * time over base's, both over the warm batches in which they solved the
 * same instances (*both of them, if both is not NULL); 0 if there are none
 * (s == base: 1, over its warm instances). */
int pz_baseline(const pz_result *);
int pz_relative(const pz_result *, int s, int base, double *ratio, long long *both);

/* A histogram of answer classes added into another, with the classes' names. */
void pz_hist_add(long long *to, char (*to_names)[PZ_NAME], const long long *from,
                 char (*from_names)[PZ_NAME]);

#endif
