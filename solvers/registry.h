/* registry.h - the one list of puzzles and solvers.
 *
 * Adding a solver is a file and a line here: the command line, the harness,
 * the tests and the micro-benchmarks all walk the lists that registry.c
 * makes of these, and the solver's declaring macro (PZ_SOLVER) takes its
 * flags from its line, so a solver without a line does not compile.
 */
#ifndef PZ_REGISTRY_H
#define PZ_REGISTRY_H

#define PZ_PUZZLES(X)                                                                              \
    X(flip)                                                                                        \
    X(lightsout)                                                                                   \
    X(tetravex)

/* Each solver: its puzzle, its name, and its flags (solver.h).  PZ_REF: a
 * reference, whose answers the others are compared with where a corpus has
 * none: the first answer that checks from the PZ_REF solvers, then from the
 * others, each in this order (judge.h, pz_reference_order; test_registry
 * also keeps the references at the head of their puzzle's lines).  PZ_SLOW:
 * run only on the sample with `run --sample`, and on a stride of the
 * instances in the tests' cross-check.  PZ_EXPONENTIAL: a search without the
 * pruning that keeps the others polynomial in practice, seconds a game on the
 * hard instances of sizes it takes; the cross-check gives it only the cases
 * its puzzle does not call hard.  Beyond that the order is the display
 * order of `puzzlebench list` and of reports: not an order of speed, which
 * hangs on the boards (results/). */
#define PZ_SOLVERS(X)                                                                              \
    X(flip, gf2, PZ_REF)                                                                           \
    X(flip, rowenum, 0)                                                                            \
    X(flip, table, 0)                                                                              \
    X(flip, bfs, PZ_SLOW)                                                                          \
    X(flip, iddfs, PZ_SLOW)                                                                        \
    X(flip, chase, 0)                                                                              \
    X(flip, m4ri, 0)                                                                               \
    X(flip, dense, 0)                                                                              \
    X(lightsout, gf2, PZ_REF)                                                                      \
    X(lightsout, rowenum, 0)                                                                       \
    X(lightsout, table, 0)                                                                         \
    X(lightsout, bfs, PZ_SLOW)                                                                     \
    X(lightsout, iddfs, PZ_SLOW)                                                                   \
    X(lightsout, chase, 0)                                                                         \
    X(lightsout, m4ri, 0)                                                                          \
    X(lightsout, dense, 0)                                                                         \
    X(tetravex, portfolio, PZ_REF)                                                                 \
    X(tetravex, turns, PZ_REF)                                                                     \
    X(tetravex, mrv, 0)                                                                            \
    X(tetravex, square, PZ_SLOW)                                                                   \
    X(tetravex, pairs, PZ_SLOW)                                                                    \
    X(tetravex, split, PZ_SLOW)                                                                    \
    X(tetravex, corners, PZ_SLOW)                                                                  \
    X(tetravex, count, PZ_SLOW)                                                                    \
    X(tetravex, sat, PZ_SLOW)                                                                      \
    X(tetravex, gecode, PZ_SLOW)                                                                   \
    X(tetravex, kinds, PZ_SLOW | PZ_EXPONENTIAL)                                                   \
    X(tetravex, naive, PZ_SLOW | PZ_EXPONENTIAL)

/* Plug-ins (plugin.c; their contract is include/puzzlebench/puzzlebench.h).
 * pz_plugin_load appends the solvers of the shared object at path to
 * pz_solvers, named FILE:NAME (FILE: the path's last component), all of them
 * or, when one is refused, none: 0, or -1 with e saying why (file: path).
 * pz_plugin_load_env loads each of $PUZZLEBENCH_PLUGINS's colon-separated
 * paths, the first time it is called. */
struct pz_error;
int pz_plugin_load(const char *path, struct pz_error *e);
int pz_plugin_load_env(struct pz_error *e);
/* Appends s to pz_solvers (a copy of the built-in list the first time). */
struct pz_solver;
void pz__register(const struct pz_solver *s);

#endif
