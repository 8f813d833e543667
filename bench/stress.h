/* stress.h - the engine of `puzzlebench stress`: judge-format programs run
 * under limits over a corpus, and their failures run again alone and shrunk.
 *
 *     pz_stress s = {.p = puzzle, .batch = 1, .jobs = 2, ...};  // options (cli/stress.c)
 *     pz_stress_tally *all = ...;
 *     double wall = pz_stress_corpus(&s, all);      // all->count[PZ_AC] ...
 *     pz_stress_examine(&s, all, ex, &nex, shrunk, &nshrunk);
 *
 * Batches of the corpus go to the program in the judge's input format; its
 * output is judged answer by answer (judge.c) against the reference answer
 * (judge.h).  The batch engine (engine.c) runs one program per thread at a
 * time and merges the batches in index order, so the result does not depend
 * on the number of jobs.  The verdict rules are in `puzzlebench stress --help`.
 */
#ifndef PZ_STRESS_H
#define PZ_STRESS_H

#include "corpus.h"
#include "engine.h"
#include "exec.h"
#include "judge.h"

enum {
    PZ_STRESS_KEEP = 100,         /* failures kept with their reasons */
    PZ_STRESS_SHRINK_RUNS = 2000, /* runs one shrink may make */
};

typedef struct pz_stress_failure {
    long long index;
    pz_outcome v;
    char why[256];
} pz_stress_failure;

/* What a batch, or the whole corpus, came to. */
typedef struct pz_stress_tally {
    long long count[PZ_OUTCOMES];
    long long first[PZ_OUTCOMES];            /* the first index with each verdict, or -1 */
    long long charged[PZ_OUTCOMES];          /* of count: given their run's verdict unseen */
    pz_stress_failure fails[PZ_STRESS_KEEP]; /* the first failures, by index */
    int nfails;
    int bad; /* an instance without a reference: error */
    pz_error error;
    /* Expected answers of the corpus (NAME.ans) our reference refutes
     * (pz_jury_refuted): the program is judged against the reference's
     * answer there, and the run fails. */
    long long jury, jury_first; /* how many; the first index */
    char jury_why[512];
} pz_stress_tally;

/* A stress job: its options, then its counts of runs. */
typedef struct pz_stress {
    const pz_puzzle *p;
    pz_corpus corpus;
    const pz_solver *only; /* the reference solver asked for, or NULL */
    const char *exec, *json;
    char **argv;
    char path[4096];
    pz_proc_limits lim;           /* output_cap is set per run */
    long long batch, runs, split; /* runs: all; split: failed whole and cut */
    long long corpus_runs;        /* of the runs, those over the corpus */
    long long done;               /* instances judged: all but after a stop */
    int jobs, show, any_size;
} pz_stress;

/* A failing instance run alone, with the three texts of the report. */
typedef struct pz_example {
    long long index;
    pz_outcome seen, alone;
    char why[256];
    char *input, *expected, *received, *errors; /* errors: the start of stderr */
    size_t inlen, explen, reclen;
    int steps, runs; /* for a shrunk one */
} pz_example;

/* Judges the whole corpus into all; the wall-clock seconds it took.  With
 * the stop caught (engine.h), a signal ends it between two runs: the batches
 * judged by then are all (instances [0, s->done)); runs under way finish. */
double pz_stress_corpus(pz_stress *, pz_stress_tally *all);
/* The first s->show failures run alone into ex, and the first WA and RE
 * instance run alone and shrunk into shrunk.  After a signal no run starts:
 * an example has its input and expected output only, and alone PZ_OUTCOMES. */
void pz_stress_examine(pz_stress *, const pz_stress_tally *all, pz_example *ex, int *nex,
                       pz_example *shrunk, int *nshrunk);
void pz_example_free(pz_example *);

#endif
