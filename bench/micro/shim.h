/* shim.h - Google Benchmark for C: a benchmark is a C callback and a pointer.
 *
 * The library is C++; this header is all the C side sees of it.  A benchmark
 * runs its whole body once per call, with only the keep-running loop timed:
 *
 *     static void bench(pz_micro_state *st, void *arg)
 *     {
 *         setup(arg);                                // not timed
 *         while (pz_micro_keep_running(st))
 *             work(arg);                             // timed
 *         pz_micro_set_items(st, pz_micro_iterations(st) * ITEMS_PER_CALL);
 *     }
 *
 *     int main(int argc, char **argv)
 *     {
 *         pz_micro_register("group/name", bench, arg);
 *         return pz_micro_main(argc, argv);          // the usual --benchmark_* flags
 *     }
 */
#ifndef PZ_MICRO_SHIM_H
#define PZ_MICRO_SHIM_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pz_micro_state pz_micro_state; /* a benchmark::State */
typedef void pz_micro_fn(pz_micro_state *, void *arg);

/* How a counter is reported. */
enum {
    PZ_MICRO_VALUE = 0, /* as given */
    PZ_MICRO_RATE = 1,  /* divided by the measured seconds */
    PZ_MICRO_INVERT = 2 /* then inverted: seconds per unit */
};

/* Registers fn(state, arg) under name (copied); arg must outlive the run. */
void pz_micro_register(const char *name, pz_micro_fn *fn, void *arg);

/* True while the library wants more iterations; times what it brackets. */
int pz_micro_keep_running(pz_micro_state *);
long long pz_micro_iterations(const pz_micro_state *);

/* Items processed in all iterations: reported as items_per_second. */
void pz_micro_set_items(pz_micro_state *, long long items);
void pz_micro_counter(pz_micro_state *, const char *name, double value, int how);

/* A short text shown beside the results ("label" in the JSON). */
void pz_micro_label(pz_micro_state *, const char *label);

/* Marks this run failed with a reason: an error in place of its timings. */
void pz_micro_skip(pz_micro_state *, const char *why);

/* Parses the --benchmark_* flags, runs what they select; an exit status. */
int pz_micro_main(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif
