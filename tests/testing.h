/* testing.h - helpers every cmocka test program shares. */
#ifndef PZ_TESTING_H
#define PZ_TESTING_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../solvers/solver.h"

/* Runs only the tests whose names match PZ_TEST_FILTER (cmocka's filter,
 * "*" a wildcard), where it is set: call before running them. */
void pz_test_filter(void);

/* PZ_SOURCE_DIR/rel (ctest sets it; "." otherwise).  Static buffer. */
const char *pz_test_path(const char *rel);

/* Reads every instance of a judge-format text: returns the count, or -1 with e. */
long pz_test_read(const pz_puzzle *, const char *text, void **insts, pz_error *e);
/* Reads a whole file's instances (asserts it reads cleanly). */
long pz_test_read_file(const pz_puzzle *, const char *rel, void **insts);
/* Reads the answers of a .ans file for the given instances (asserts success). */
void *pz_test_read_answers(const pz_puzzle *, const char *rel, const void *insts, long count);

/* The error a text gives: asserts the reader fails, returns "line: msg". */
const char *pz_test_read_error(const pz_puzzle *, const char *text);

/* What a corpus spec's error adds, " (flip:random accepts KEYS)", made from
 * the generator's own keys, so no test copies them.  Static buffer. */
const char *pz_test_accepts(const pz_puzzle *, const char *kind);

/* Prepares the solver; its scratch, with canaries before and past the end
 * checked on free. */
void *pz_test_scratch(const pz_solver *);
void pz_test_scratch_free(const pz_solver *, void *);

/* Solves and asserts the answer passes the independent checker. */
void pz_test_solve(const pz_solver *, const void *inst, void *ans, void *scratch);

/* The m x n press matrix of Lights Out (a press toggles a cell and its four
 * neighbours) by plain dense elimination, a pivot at a time, independent of
 * every solver's reduction: its nullity; *on: the all-on board is in its
 * image; kern, if not NULL, room for nullity vectors of m*n bytes: a basis
 * of its kernel, one vector per free column, cells row-major, 0 or 1. */
int pz_test_press_kernel(int m, int n, int *on, uint8_t *kern);

/* The cross-check: every registered solver of a puzzle against every other,
 * against a corpus's expected answers and against the independent checker,
 * with canaries around each solver's scratch and answer.  It walks the
 * registry, so a solver registered with one line is checked unasked:
 *
 *     pz_test_cross *x = pz_test_cross_new(&pz_flip);
 *     pz_test_cross_spec(x, "flip:random:rows=3:cols=7:count=50", 5, 0);
 *     pz_test_cross_free(x);
 *
 * Scratch is kept across every instance a cross-check sees, sizes mixed, as
 * the harness keeps it within a thread. */
typedef struct pz_test_cross pz_test_cross;
pz_test_cross *pz_test_cross_new(const pz_puzzle *);
/* Every solver that takes inst solves it, except that one marked PZ_SLOW
 * does only where slow is set, and one marked PZ_EXPONENTIAL only where hard
 * is not.  Each answer must pass the checker and agree with the others and
 * with expected (unless NULL).  Returns the agreed answer (valid until the
 * next call), or NULL where no solver took inst; what and index name the
 * instance in failure messages. */
const void *pz_test_cross_one(pz_test_cross *, const void *inst, const void *expected, int slow,
                              int hard, const char *what, long long index);
/* The same for every instance of a corpus spec (a relative file path is
 * taken from the source tree): solvers marked PZ_SLOW take every slow-th
 * (0: none).  visit, if not NULL, hears each instance with its agreed
 * answer.  Returns how many instances some solver answered. */
typedef void pz_test_visit(void *ctx, const void *inst, const void *ans);
long long pz_test_cross_spec(pz_test_cross *, const char *spec, long long slow, int hard,
                             pz_test_visit *visit, void *ctx);
/* Hears every solver's answer after the checker passed it, for what a
 * puzzle's tests demand beyond the checker. */
typedef void pz_test_each(const pz_solver *, const void *inst, const void *ans);
void pz_test_cross_each(pz_test_cross *, pz_test_each *);
/* Asserts every solver of the puzzle answered some instance and was
 * compared with another solver's answer on some instance. */
void pz_test_cross_covered(const pz_test_cross *);
/* Checks the canaries and frees. */
void pz_test_cross_free(pz_test_cross *);

/* How many of the *count instances of a corpus spec have an answer whose class is not
 * "Impossible" (the histogram's name), cross-checked by the solvers not
 * marked PZ_SLOW; and that the spec's batch maker, which the harness's
 * threads use, makes each instance exactly as the one-at-a-time maker. */
long long pz_test_solvable(const pz_puzzle *, const char *spec, long long *count);

/* The judge's output for one answer, in a static buffer. */
const char *pz_test_output(const pz_puzzle *, unsigned long long k, const void *inst,
                           const void *ans);

#endif
