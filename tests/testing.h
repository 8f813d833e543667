/* testing.h - helpers every cmocka test program shares. */
#ifndef PZ_TESTING_H
#define PZ_TESTING_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "../solvers/solver.h"

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

/* Prepares the solver; its scratch, with a canary past the end checked on free. */
void *pz_test_scratch(const pz_solver *);
void pz_test_scratch_free(const pz_solver *, void *);

/* Solves and asserts the answer passes the independent checker. */
void pz_test_solve(const pz_solver *, const void *inst, void *ans, void *scratch);

/* The judge's output for one answer, in a static buffer. */
const char *pz_test_output(const pz_puzzle *, unsigned long long k, const void *inst,
                           const void *ans);

#endif
