/* result.h - a run's result, its fields listed once.
 *
 * What a run found is two lists of fields: each solver's tally (PZ_TALLY)
 * and the run's own counts (PZ_COUNTS).  Everything that handles a field
 * expands these lists: the structs (pz_tally and pz_result, here), a
 * thread's part added into the result (run.c) and shards into their merge
 * (merge.c), both through pz_tally_add and PZ_COMBINE; the JSON report
 * written and read (schema.c); the CSV (report.c); and compare's check that
 * two runs of one corpus gave the same answers (pz_result_differs).  So a
 * field is one line:
 *
 *     X(COUNT, unknown, "unknown", 14, "%lld", FREE, NEW)  // in PZ_TALLY
 *
 * and it is summed, merged, written, read (as 0 from older reports), put in
 * the CSV and compared, with nothing else to change.  tests/test_result.c
 * walks the lists through all of them, and runs again in a build with one
 * more field (PZ_TEST_FIELD below).
 */
#ifndef PZ_RESULT_H
#define PZ_RESULT_H

#include <stddef.h>

#include "../util/context.h"
#include "corpus.h"
#include "stats.h"

/* Each solver's tally, in the order of a solver's object in the JSON report.
 *
 *     X(kind, member, key, csv, format, compare, since)
 *
 * kind, what the field is and how two tallies combine:
 *   COUNT    a long long, summed
 *   REAL     a double, summed (seconds, or nodes)
 *   FIGURE   derived from the others by pz_figure_MEMBER(): written, not
 *            stored; read only to check that it is a number
 *   WORST    the slowest batch's ns per instance, a double: the larger of
 *            two, with its index (the AT field worst_index; on a tie, the
 *            lower index)
 *   AT       that index, a long long, combined with WORST; -1 in the
 *            report where the solver ran nothing
 *   REPS     with run --repeat K, each repetition's wall and CPU seconds
 *            and spread of batch times (MEMBER_seconds, MEMBER_cpu_seconds,
 *            MEMBER_spread), summed repetition by repetition
 *   SPREAD   batches' times per instance, a pz_spread (stats.h), summed
 *            class by class; in the JSON with KEY_per_octave before it
 *   SIZES    a sweep's (corpus.h's pz_corpus_size) batches size by size:
 *            each size's rows and cols (MEMBER_rows, MEMBER_cols), the
 *            spread of its warm batches' CPU ns per instance, as
 *            cpu_spread's, and its cold batches' instances and CPU seconds
 *            (MEMBER_cold_ran, MEMBER_cold_cpu_seconds); summed size by
 *            size.  A batch across two sizes counts in neither.
 *            In the JSON only for a sweep, with the fitted growth after it
 *   LIKE     for each other solver of the run (by its place), the CPU
 *            seconds and instances of the batches in which both solved the
 *            same instances (MEMBER_cpu_seconds, MEMBER_ran), summed
 * key: the JSON member and the CSV column.
 * csv: the field's place among a solver's columns of the CSV (after the
 *   run's own: puzzle ... sampled), for the scalar kinds (COUNT, REAL,
 *   FIGURE, WORST, AT), each its own; 0 for the others, not in the CSV.
 *   A new field takes the next free number.
 * format: its CSV cell, of a long long (COUNT, AT) or a double.
 * compare: EQUAL, two runs of one corpus and shard must have it equal
 *   (compare and its tests check it); CLASS, a count of an answer class
 *   (PZ_ANSWERS below): equal too, but where a budget cut games, each may
 *   differ by as many as the other run's unknown; FREE, it may differ (a
 *   timing, the shape of the run, or unknown: a CPU budget cuts by the
 *   clock, and compare notes it apart).
 * since: OLD, every report has it; NEW, older reports may lack it (read as 0).
 *
 * A batch is cold when it is the first its thread runs in a pass: its
 * scratch and caches are new.  The steady figures (cpu_spread and what is
 * derived from it, like) are of the warm batches, the others; the cold ones
 * are counted apart (cold_...).
 */
#define PZ_TALLY(X)                                                                                \
    X(COUNT, ran, "ran", 1, "%lld", EQUAL, OLD)                /* instances solved */              \
    X(COUNT, skipped, "skipped", 2, "%lld", EQUAL, OLD)        /* too big for the solver */        \
    X(COUNT, invalid, "invalid", 3, "%lld", EQUAL, OLD)        /* answers that fail the check */   \
    X(COUNT, disagree, "disagree", 4, "%lld", EQUAL, OLD)      /* differ from the reference */     \
    X(REAL, seconds, "seconds", 5, "%.6f", FREE, OLD)          /* CLOCK_MONOTONIC, all threads */  \
    X(REAL, cpu_seconds, "cpu_seconds", 10, "%.6f", FREE, OLD) /* the threads' CPU time */         \
    X(FIGURE, ns_per_instance, "ns_per_instance", 6, "%.2f", FREE, OLD)                            \
    X(FIGURE, ns_p10, "ns_p10", 7, "%.4g", FREE, OLD) /* of spread: wall, every batch */           \
    X(FIGURE, ns_median, "ns_median", 8, "%.4g", FREE, OLD)                                        \
    X(FIGURE, ns_p90, "ns_p90", 9, "%.4g", FREE, OLD)                                              \
    X(FIGURE, cpu_ns_per_instance, "cpu_ns_per_instance", 11, "%.2f", FREE, OLD)                   \
    X(FIGURE, cpu_ns_median, "cpu_ns_median", 17, "%.4g", FREE, NEW) /* pz_tally_headline */       \
    X(FIGURE, cpu_ns_mad, "cpu_ns_mad", 18, "%.4g", FREE, NEW) /* its median abs. deviation */     \
    X(FIGURE, cpu_ns_min, "cpu_ns_min", 19, "%.4g", FREE, NEW) /* the headline's range */          \
    X(FIGURE, cpu_ns_max, "cpu_ns_max", 20, "%.4g", FREE, NEW)                                     \
    X(COUNT, cold_batches, "cold_batches", 21, "%lld", FREE, NEW) /* over every pass */            \
    X(COUNT, cold_ran, "cold_ran", 22, "%lld", FREE, NEW)                                          \
    X(REAL, cold_seconds, "cold_seconds", 23, "%.6f", FREE, NEW)                                   \
    X(REAL, cold_cpu_seconds, "cold_cpu_seconds", 24, "%.6f", FREE, NEW)                           \
    X(WORST, worst_ns, "ns_worst", 12, "%.4g", FREE, OLD)                                          \
    X(REPS, rep, "repetitions", 0, "", FREE, OLD)                                                  \
    X(AT, worst_index, "worst_index", 13, "%lld", FREE, OLD)                                       \
    X(SPREAD, spread, "spread", 0, "", FREE, OLD)         /* wall ns per instance, every batch */  \
    X(SPREAD, cpu_spread, "cpu_spread", 0, "", FREE, NEW) /* CPU ns per instance, warm batches */  \
    X(LIKE, like, "like", 0, "", FREE, NEW) /* warm, as cpu_seconds: the mean of the passes */     \
    X(COUNT, unknown, "unknown", 14, "%lld", FREE, NEW)      /* of ran, cut by --budget */         \
    X(COUNT, estimated, "estimated", 15, "%lld", FREE, NEW)  /* of those, with a tree estimate */  \
    X(REAL, tree, "tree", 16, "%.4g", FREE, NEW)             /* their trees' nodes, summed */      \
    X(SIZES, sizes, "sizes", 0, "", FREE, NEW)               /* a sweep's batches, size by size */ \
    X(COUNT, certified, "certified", 25, "%lld", CLASS, NEW) /* PZ_ANSWERS below, of ran */        \
    X(COUNT, agreed, "agreed", 26, "%lld", CLASS, NEW)                                             \
    X(COUNT, failed, "failed", 27, "%lld", CLASS, NEW)                                             \
    X(COUNT, not_run, "not_run", 28, "%lld", CLASS, NEW)    /* sampled out: not asked */           \
    X(COUNT, unchecked, "unchecked", 29, "%lld", FREE, NEW) /* of unknown: answered, unchecked */  \
    PZ_TEST_TALLY(X)

/* What became of one solver's answer to one instance: exactly one of these
 * classes, and nothing else decides whether a run is OK (pz_result_verdict).
 *
 *     X(CLASS, member, name, exit, what)
 *
 * member: the tally's count of the class (unknown is the budget's count
 * above; not run adds up not_run, sampled out, and skipped, too big for the
 * solver).  exit: what the class does to the exit status: PASS (0, with at
 * least one answer certified or agreed), APART (counted apart, never a pass
 * and never a failure) or FAIL (1).  A solver's ran is certified + agreed +
 * unknown + failed.  Reports written before these counts have none of
 * them: read, a solver's answers that were not unknown, invalid or
 * disagreeing are counted certified (schema.c), as they were then judged.
 */
#define PZ_ANSWERS(X)                                                                              \
    X(CERTIFIED, certified, "certified", PASS,                                                     \
      "the checker replayed its witness: presses, a placement or an impossibility certificate")    \
    X(AGREED, agreed, "agreed", PASS,                                                              \
      "nothing to replay (an Impossible without certificate), and an independent built-in "        \
      "solver gave the same judge output")                                                         \
    X(UNKNOWN, unknown, "unknown", APART,                                                          \
      "cut by the budget the user set (--budget); or answered, with nothing to replay, where "     \
      "the budget cut the built-in reference before it could agree (unchecked: no pass)")          \
    X(NOT_RUN, not_run, "not run", APART,                                                          \
      "sampled out or dropped by the plan, or too big for the solver (skipped)")                   \
    X(FAILED, failed, "failed", FAIL,                                                              \
      "fails its check, differs from the reference, owes a proof, no one could certify or "        \
      "agree with it, or the solver erred (an error, or unknown or stopped with no budget)")

#define PZ__ANSWER_ENUM(c, ...) PZ_ANSWER_##c,
typedef enum pz_answer { PZ_ANSWERS(PZ__ANSWER_ENUM) PZ_NANSWERS } pz_answer;
#undef PZ__ANSWER_ENUM
enum { PZ_PASS, PZ_APART, PZ_FAIL };
extern const char *const pz_answer_names[PZ_NANSWERS];
extern const char *const pz_answer_what[PZ_NANSWERS];

/* The run's own counts, each the sum of its threads' and its shards'.
 *
 *     X(kind, member, key, place, most, compare, since)
 *
 * kind: COUNT or REAL, as above.  place, where the JSON report has it:
 * HEAD after "shard", CHECKER in the "checker" object, TAIL after it.
 * most: the largest count a report may give (an expression in the result r
 * read so far; unused for REAL).  compare and since: as above.  The run's
 * wall time, threads and batch are not here: they are the run's shape,
 * measured once, not sums.
 */
#define PZ_COUNTS(X)                                                                               \
    X(COUNT, instances, "instances", HEAD, r->shard.end - r->shard.first, EQUAL, OLD) /* done */   \
    X(COUNT, checked, "answers", CHECKER, PZ_MAX_COUNT, FREE, OLD) /* the solvers' ran, summed */  \
    X(REAL, check_seconds, "seconds", CHECKER, 0, FREE, OLD)                                       \
    X(COUNT, failures, "failures", TAIL, r->instances, EQUAL, OLD)     /* one fails or differs */  \
    X(COUNT, unanswered, "unanswered", TAIL, r->instances, EQUAL, OLD) /* no valid reference */    \
    X(COUNT, expected_invalid, "expected_invalid", TAIL, r->expected ? r->instances : 0, EQUAL,    \
      OLD)                                                                                         \
    X(COUNT, jury_refuted, "jury_refuted", TAIL, r->expected ? r->instances : 0, EQUAL, NEW)       \
    /* expected answers our reference refutes (judge.h) */                                         \
    X(COUNT, jury_unknown, "jury_unknown", TAIL, r->expected ? r->instances : 0, EQUAL, NEW)       \
    /* expected answers "unknown": no jury answer, our reference stands in */                      \
    X(COUNT, not_run, "not_run", TAIL, r->instances, EQUAL, NEW) /* no solver was asked */

/* A test build adds one field, to show that the line is all a field takes. */
#ifdef PZ_TEST_FIELD
#define PZ_TEST_TALLY(X) X(COUNT, test_count, "test_count", 99, "%lld", EQUAL, NEW)
#else
#define PZ_TEST_TALLY(X)
#endif

/* The bound on every count read: above any corpus (a count is at most 1e15)
 * and low enough that no sum of counts can overflow. */
#define PZ_MAX_COUNT ((long long)1 << 52)

enum { PZ_EQUAL = 1, PZ_CLASS = 2, PZ_FREE = 0, PZ_HEAD = 0, PZ_CHECKER, PZ_TAIL };
enum { PZ_RUN_SOLVERS = 32 }; /* solvers in one run, at most */
enum { PZ_SIZES = 16 };       /* a sweep's sizes, at most: sides 1..10000 doubling are 15 */

/* A field's member, by kind (PZ_DECLARE expands a list into a struct's body). */
#define PZ_DECLARE(kind, member, ...) PZ__DECLARE_##kind(member)
#define PZ__DECLARE_COUNT(m) long long m;
#define PZ__DECLARE_REAL(m) double m;
#define PZ__DECLARE_FIGURE(m)
#define PZ__DECLARE_WORST(m) double m;
#define PZ__DECLARE_AT(m) long long m;
#define PZ__DECLARE_REPS(m)                                                                        \
    double m##_seconds[PZ_REPEAT], m##_cpu_seconds[PZ_REPEAT];                                     \
    pz_spread m##_spread[PZ_REPEAT];
#define PZ__DECLARE_SPREAD(m) pz_spread m;
#define PZ__DECLARE_SIZES(m)                                                                       \
    pz_spread m[PZ_SIZES];                                                                         \
    int m##_rows[PZ_SIZES], m##_cols[PZ_SIZES];                                                    \
    long long m##_cold_ran[PZ_SIZES];                                                              \
    double m##_cold_cpu_seconds[PZ_SIZES];
#define PZ__DECLARE_LIKE(m)                                                                        \
    double m##_cpu_seconds[PZ_RUN_SOLVERS];                                                        \
    long long m##_ran[PZ_RUN_SOLVERS];

/* How a run's count combines: to += from (both COUNT and REAL are sums). */
#define PZ_COMBINE(kind, to, from) PZ__COMBINE_##kind(to, from)
#define PZ__COMBINE_COUNT(to, from) (to) += (from)
#define PZ__COMBINE_REAL(to, from) (to) += (from)

/* What one solver did over the run: its fields are PZ_TALLY's. */
typedef struct pz_tally {
    PZ_TALLY(PZ_DECLARE)
} pz_tally;

/* Adds one solver's tally to another, each field as its kind says. */
void pz_tally_add(pz_tally *to, const pz_tally *from);
/* Frees what a tally holds (its spreads), leaving it empty. */
void pz_tally_free(pz_tally *);

/* A batch of ns per instance whose first instance is at index (called
 * before t->ran counts the batch): the slowest so far is kept. */
void pz_tally_worst(pz_tally *t, double ns, long long index);

/* The time per instance below which a fraction q of the instances lie:
 * of the wall spread (every batch). */
double pz_quantile(const pz_tally *, double q);

/* A solver's headline, the one figure of its time that every view prints
 * (the table, the repeat line, JSON's cpu_ns_median, compare, HTML): the
 * median of its warm batches' CPU time per instance, their median absolute
 * deviation and range (ns).  A solver with no warm batch (one batch a
 * thread and pass: a corpus of one instance) has its cold batches' mean
 * instead, marked cold, its MAD 0 and its range that mean.  0 where the
 * solver timed nothing. */
typedef struct pz_headline {
    double median, mad, min, max;
    int cold;
} pz_headline;
int pz_tally_headline(const pz_tally *, pz_headline *);

/* A sweep's sizes that a solver timed, at most PZ_SIZES; size k as a tally
 * of its own, whose headline (pz_tally_headline) is the size's figure: its
 * warm batches', or where it had none (a thread's first batch is cold: on
 * one thread, the sweep's first size) its cold batches' mean, marked cold;
 * ran, the instances of those batches over every pass.  It shares t's
 * spread: never freed.  And how the solver's time grows with the cells,
 * rows x cols, from the warm sizes' medians (stats.h's pz_growth_fit): the
 * exponent with its 95% interval. */
int pz_tally_sizes(const pz_tally *);
pz_tally pz_tally_size(const pz_tally *, int k);
pz_growth pz_tally_growth(const pz_tally *);

/* The FIGURE fields: pz_figure_ns_median(t), ... */
#define PZ__FIGURE_FN(kind, member, ...) PZ__FIGURE_FN_##kind(member)
#define PZ__FIGURE_FN_FIGURE(m) double pz_figure_##m(const pz_tally *);
#define PZ__FIGURE_FN_COUNT(m)
#define PZ__FIGURE_FN_REAL(m)
#define PZ__FIGURE_FN_WORST(m)
#define PZ__FIGURE_FN_AT(m)
#define PZ__FIGURE_FN_REPS(m)
#define PZ__FIGURE_FN_SPREAD(m)
#define PZ__FIGURE_FN_SIZES(m)
#define PZ__FIGURE_FN_LIKE(m)
PZ_TALLY(PZ__FIGURE_FN)

/* A scalar field's value as a report gives it (AT: -1 where nothing ran). */
#define PZ_VALUE(kind, t, member) PZ__VALUE_##kind(t, member)
#define PZ__VALUE_COUNT(t, m) ((t)->m)
#define PZ__VALUE_REAL(t, m) ((t)->m)
#define PZ__VALUE_FIGURE(t, m) pz_figure_##m(t)
#define PZ__VALUE_WORST(t, m) ((t)->m)
#define PZ__VALUE_AT(t, m) ((t)->ran ? (t)->m : -1)

/* The result of a run, or of a merge of shards: the fields above, the
 * histogram of answers and the first failures, with their lifetime. */
enum {
    PZ_KEEP = 20, /* failures listed in full: the first by index */
    PZ_NAME = 24, /* a histogram class's name */
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
    double planned;   /* the plan's CPU seconds, every pass (pz_plan; 0: none): its time left */
    int repeat;       /* each batch timed this many times (0 or 1: once; at most PZ_REPEAT) */
    int warmup;       /* an untimed pass over each batch first */
    pz_budget budget; /* each solver's each game: none, or nodes and CPU seconds */
} pz_run_opts;

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
    char *how[PZ_RUN_SOLVERS];       /* where it differs: how (class, count, witness), or NULL */
    int reference;                   /* the solver that was the reference; -1 expected */
} pz_failure;

typedef struct pz_result {
    const pz_corpus *corpus;
    int expected; /* the reference is the corpus's expected answers */
    pz_shard shard;
    pz_run_opts opts;     /* with the threads and batch size used */
    PZ_COUNTS(PZ_DECLARE) /* instances, failures, ...: above */
    double wall_s;
    long long peak_rss_bytes; /* the process's peak resident set by the run's end (getrusage);
                               * a merge's, its shards' largest; 0: not known (older reports) */
    int merged;               /* a merge of shards, which has real_wall_s: */
    double real_wall_s;       /* from its shards' first start to their last end */
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
/* The run's verdict from the answer classes: 0 OK (no answer failed, every
 * answer given was checked, and some answer was certified or agreed, or
 * there was nothing to do); 1 an answer failed; 2 not checked: every answer
 * unknown or not run, or some answer given that the budget kept from being
 * checked (unchecked). */
enum { PZ_RESULT_OK, PZ_RESULT_FAILED, PZ_RESULT_UNCHECKED };
int pz_result_verdict(const pz_result *);
/* The answers of every solver in a class, summed (not run: with skipped);
 * and one solver's. */
long long pz_answers(const pz_result *, pz_answer);
long long pz_tally_answers(const pz_tally *, pz_answer);

/* Frees what a result holds (failures, histogram, tallies). */
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
/* With --repeat K: solver s's passes over base's (each pass's CPU time per
 * instance), the Hodges-Lehmann ratio and its 95% interval as compare
 * computes them (stats.h's pz_compare_times); 0 where there is none (too
 * few passes for 95%, or s is base).  pz_relative_none says why no solver
 * has one where it is for too few passes, in words; else NULL. */
int pz_relative_interval(const pz_result *, int s, int base, double *ratio, double *lo, double *hi);
const char *pz_relative_none(const pz_result *, int base);

/* A histogram of answer classes added into another, with the classes' names. */
void pz_hist_add(long long *to, char (*to_names)[PZ_NAME], const long long *from,
                 char (*from_names)[PZ_NAME]);

#endif
