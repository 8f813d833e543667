/* stress.h - the engine of `puzzlebench stress`: judge-format programs run
 * under limits over a corpus, and their failures run again alone and shrunk.
 *
 *     pz_stress s = {.p = puzzle, .batch = 1, .jobs = 2, ...};  // options (cli/stress.c)
 *     pz_stress_tally *all = ...;
 *     double wall = pz_stress_corpus(&s, all);      // all->prog[0].count[PZ_AC] ...
 *     pz_stress_examine(&s, all, ex, &nex, shrunk, &nshrunk);
 *
 * Batches of the corpus go to the program in the judge's input format; its
 * output is judged answer by answer (judge.c) against the reference answer
 * (judge.h).  The batch engine (engine.c) runs one program per thread at a
 * time and merges the batches in index order, so the result does not depend
 * on the number of jobs.  The verdict rules are in `puzzlebench stress --help`.
 *
 * Two more programs may take part.  A generator (--gen) makes the corpus:
 * run once per seed, the seed its last argument, it writes one judge input,
 * which goes to the programs as it is; the unit judged is then the seed's
 * input (a test), with the verdict of its first failing instance.  A second
 * program (--against, the user's brute force) is the reference: it runs on
 * the same inputs under the same limits, before the program, and its answers
 * are judged by the checker and by our reference solvers where they fit
 * (class against class); where its answer stands, the program is judged
 * against it, class against class, else against ours.
 */
#ifndef PZ_STRESS_H
#define PZ_STRESS_H

#include "corpus.h"
#include "engine.h"
#include "exec.h"
#include "judge.h"
#include "plan.h"

enum {
    PZ_STRESS_KEEP = 100,         /* failures kept with their reasons */
    PZ_STRESS_SHRINK_RUNS = 2000, /* runs one shrink may make */
    PZ_STRESS_PROGS = 2,          /* the program (--exec) and the reference (--against) */
    PZ_STRESS_SAVE = 20,          /* failing inputs saved with --save, at most */
    PZ_STRESS_SHOW_BYTES = 2048,  /* of a text in the report */
    /* A run's output cap (OLE): PZ_OLE_TIMES x the expected output, at least
     * PZ_OLE_MIN_KIB, at most PZ_OLE_MORE_MIB more than expected. */
    PZ_OLE_TIMES = 64,
    PZ_OLE_MIN_KIB = 64,
    PZ_OLE_MORE_MIB = 64,
};

/* The output cap of a run whose expected output is explen bytes (OLE past it). */
static inline size_t pz_output_cap(size_t explen)
{
    size_t cap = explen * PZ_OLE_TIMES, most = explen + ((size_t)PZ_OLE_MORE_MIB << 20);
    cap = cap > most ? most : cap;
    return cap < (size_t)PZ_OLE_MIN_KIB << 10 ? (size_t)PZ_OLE_MIN_KIB << 10 : cap;
}

/* The programs by their options: "--exec", "--against". */
extern const char *const pz_stress_names[PZ_STRESS_PROGS];

/* A program: its command as given, in words, and the file it runs.  A
 * generator's words have room for the seed after the last. */
typedef struct pz_program {
    const char *cmd; /* NULL: none */
    char **argv;
    char path[4096];
} pz_program;

typedef struct pz_stress_failure {
    long long index; /* in the corpus; with --gen, the seed is seed0 + index */
    int who;         /* 0 the program, 1 the reference program */
    int part;        /* with --gen, the failing instance of the input, or -1: the run */
    pz_outcome v;
    char why[256];
} pz_stress_failure;

/* What one program came to: its verdicts, and its times in the runs over
 * the corpus.  time.ran counts the instances of the runs that ended by
 * themselves within the limits (their CPU time tells the program's speed);
 * time.spread holds each such run's CPU time per instance, once per
 * instance of it. */
typedef struct pz_stress_prog {
    long long count[PZ_OUTCOMES];
    long long first[PZ_OUTCOMES];   /* the first index with each verdict, or -1 */
    long long charged[PZ_OUTCOMES]; /* of count: given their run's verdict unseen */
    long long runs;                 /* over the corpus, all */
    long long timed_runs;           /* of them, those that ended within the limits */
    double cpu_s;                   /* of all those runs */
    long long rss_kb, rss_kb_max;   /* their peak memory (pz_proc's peak_kb): summed, largest */
    pz_tally time;
} pz_stress_prog;

/* What a batch, or the whole corpus, came to. */
typedef struct pz_stress_tally {
    pz_stress_prog prog[PZ_STRESS_PROGS];
    pz_stress_failure fails[PZ_STRESS_KEEP]; /* the first failures, by index */
    int nfails;
    long long failures; /* all of them, of which fails holds the first */
    int bad;            /* an instance without a reference, a generator that failed: error */
    pz_error error;
    /* Expected answers of the corpus (NAME.ans) our reference refutes
     * (pz_jury_refuted): the program is judged against the reference's
     * answer there, and the run fails. */
    long long jury, jury_first; /* how many; the first index */
    char jury_why[512];
    long long jury_unknown;      /* expected answers "unknown": no jury answer, ours instead */
    long long unreferenced;      /* --against failed and no solver of ours fits: checker alone */
    long long instances;         /* instances judged (with --gen, the seeds' inputs held them) */
    double gen_cpu_s, ref_cpu_s; /* the generator's runs, our reference's solving */
    long long gen_runs;
} pz_stress_tally;

/* A stress job: its options, then its counts of runs. */
typedef struct pz_stress {
    const pz_puzzle *p;
    pz_corpus corpus;                 /* without --gen */
    pz_program prog[PZ_STRESS_PROGS]; /* prog[1].cmd NULL: no --against */
    pz_program gen;                   /* gen.cmd NULL: the corpus */
    long long seed0;                  /* with --gen: index i is seed seed0 + i */
    long long count;                  /* indices: the corpus's instances, or the seeds */
    long long first, end;             /* the shard: indices [first, end) */
    long long sample;                 /* indices judged: multiples of sample (1: all) */
    double planned;                   /* the plan's CPU seconds (0: none): its time left */
    const pz_solver *only;            /* the reference solver asked for, or NULL */
    const char *json, *html, *junit, *bmf, *save; /* reports: a path or NULL */
    pz_proc_limits lim;                           /* output_cap is set per run */
    long long batch, runs, split;                 /* runs: all; split: failed whole and cut */
    long long corpus_runs;                        /* of the runs, those over the corpus */
    long long done;                               /* indices judged: all but after a stop */
    int jobs, show, any_size;
    int save_shown; /* save is the default, not --save: only the failures shown and shrunk */
} pz_stress;

/* A failing instance run alone, with the three texts of the report. */
typedef struct pz_example {
    long long index;
    int who, part;
    pz_outcome seen, alone;
    char why[256];
    char *input, *expected, *received, *errors; /* errors: the start of stderr */
    size_t inlen, explen, reclen;
    int steps, runs; /* for a shrunk one */
    char *saved;     /* with --save, the file its input went to */
} pz_example;

/* The first index judged of a stress's shard, and the end: indices
 * first, first + sample, ... below end. */
long long pz_stress_judged(const pz_stress *);

/* Judges the whole corpus into all; the wall-clock seconds it took.  With
 * the stop caught (engine.h), a signal ends it between two runs: the batches
 * judged by then are all (the first s->done indices judged); runs under way
 * finish. */
double pz_stress_corpus(pz_stress *, pz_stress_tally *all);
/* The first s->show failures run alone into ex, and the program's first WA
 * and RE instance run alone and shrunk into shrunk.  After a signal no run
 * starts: an example has its input and expected output only, and alone
 * PZ_OUTCOMES.  With s->save, the inputs of the first failures (at most
 * PZ_STRESS_SAVE; with s->save_shown, those in ex, run no more) and the
 * shrunk ones are written there, each with its expected answers; saved
 * says how many.  A folder that cannot be made is said once on stderr. */
void pz_stress_examine(pz_stress *, const pz_stress_tally *all, pz_example *ex, int *nex,
                       pz_example *shrunk, int *nshrunk, int *saved);
void pz_example_free(pz_example *);

/* A program's CPU time per instance, in seconds, in its runs that ended
 * within the limits (NaN where none did). */
typedef struct pz_stress_speed {
    double median, p10, p90, mean;
} pz_stress_speed;
pz_stress_speed pz_stress_speed_of(const pz_stress_prog *);

/* The two programs' times compared as `compare` compares solvers: the ratio
 * --exec/--against (Hodges-Lehmann, with the 95% interval of the
 * Mann-Whitney U test) over their runs, each run one sample of its time per
 * instance; the verdict slower or faster when p < 0.05 and the whole
 * interval lies beyond 5%, else same ("~" before it where the runs are too
 * few for an interval; "not comparable" where a program timed no run). */
typedef struct pz_stress_versus {
    pz_shift shift;
    const char *verdict;
} pz_stress_versus;
pz_stress_versus pz_stress_compare(const pz_stress_tally *);

/* What a stress's pilot times apart: the programs (0 --exec, 1 --against),
 * the generator, our reference solvers, and stress itself: writing each
 * run's input, starting it (fork, exec, its cgroup, pipes), reading and
 * judging its output. */
enum { PZ_STRESS_GEN = PZ_STRESS_PROGS, PZ_STRESS_OURS, PZ_STRESS_SELF, PZ_STRESS_PARTS };

/* The time budget (plan.h) for a stress: each part timed on a pilot of the
 * corpus (pz_pilot_run: PZ_PILOT runs at most, of the batch's size up to
 * 4096, at the pilot's indices, until they spent PZ_PILOT_CPU_MS of CPU or
 * two seconds of wall clock).  Their estimates for the shard, and the
 * verdict for the whole against budget: s->sample set where sampled.  -1
 * when no pilot is made (a corpus file, fewer than PZ_PLAN_FROM indices, a
 * budget of 0), the stop came, or the pilot met an error (bad, error). */
typedef struct pz_stress_plan {
    long long tried;             /* pilot indices judged */
    double cpu[PZ_STRESS_PARTS]; /* by part, as above */
    double estimate[PZ_STRESS_PARTS];
    double total;
    pz_plan_verdict verdict;
    int bad; /* the pilot met an error (a failing generator): */
    pz_error error;
} pz_stress_plan;
int pz_stress_plan_make(pz_stress *, double budget, pz_stress_plan *);
void pz_stress_plan_print(FILE *, const pz_stress *, const pz_stress_plan *, double budget);

#endif
