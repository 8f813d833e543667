/* registry.c - the one list of puzzles and solvers.
 *
 * Adding a solver is a file and a line here: the command line, the harness,
 * the tests and the micro-benchmarks all walk these lists.  Within a puzzle,
 * solvers are listed fastest first; the first that fits an instance is the
 * reference the others are compared with when a corpus has no answers.
 */
#include <string.h>

#include "solver.h"

#define PZ_PUZZLES(X) \
    X(flip)           \
    X(lightsout)      \
    X(tetravex)

#define PZ_SOLVERS(X)      \
    X(flip, gf2)           \
    X(flip, rowenum)       \
    X(flip, bfs)           \
    X(flip, iddfs)         \
    X(lightsout, gf2)      \
    X(lightsout, rowenum)  \
    X(lightsout, bfs)      \
    X(lightsout, iddfs)    \
    X(tetravex, portfolio) \
    X(tetravex, turns)     \
    X(tetravex, mrv)       \
    X(tetravex, count)     \
    X(tetravex, sat)       \
    X(tetravex, gecode)    \
    X(tetravex, kinds)     \
    X(tetravex, naive)

#define DECLARE_PUZZLE(p) extern const pz_puzzle pz_##p;
#define DECLARE_SOLVER(p, s) extern const pz_solver pz_solver_##p##_##s;
PZ_PUZZLES(DECLARE_PUZZLE)
PZ_SOLVERS(DECLARE_SOLVER)

#define LIST_PUZZLE(p) &pz_##p,
#define LIST_SOLVER(p, s) &pz_solver_##p##_##s,
const pz_puzzle *const pz_puzzles[] = { PZ_PUZZLES(LIST_PUZZLE) NULL };
const pz_solver *const pz_solvers[] = { PZ_SOLVERS(LIST_SOLVER) NULL };

const pz_puzzle *pz_find_puzzle(const char *name)
{
    for (const pz_puzzle *const *p = pz_puzzles; *p; p++)
        if (!strcmp((*p)->name, name))
            return *p;
    return NULL;
}

const pz_solver *pz_find_solver(const char *puzzle, const char *name)
{
    for (const pz_solver *const *s = pz_solvers; *s; s++)
        if (!strcmp((*s)->puzzle->name, puzzle) && !strcmp((*s)->name, name))
            return *s;
    return NULL;
}
