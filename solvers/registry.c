/* registry.c - the one list of puzzles and solvers.
 *
 * Adding a solver is a file and a line here: the command line, the harness,
 * the tests and the micro-benchmarks all walk these lists.
 */
#include <string.h>

#include "solver.h"

#define PZ_PUZZLES(X) \
    X(flip)           \
    X(lightsout)      \
    X(tetravex)

/* Each solver: its puzzle, its name, and its flags.  PZ_REF: a reference,
 * whose answers the others are compared with where a corpus has none (the
 * first of them that takes an instance and whose answer checks); PZ_SLOW:
 * run only on the sample with `run --sample`.  The order is the display
 * order of `puzzlebench list` and of reports, fastest first. */
#define PZ_SOLVERS(X)                  \
    X(flip, gf2, PZ_REF)               \
    X(flip, rowenum, 0)                \
    X(flip, bfs, PZ_SLOW)              \
    X(flip, iddfs, PZ_SLOW)            \
    X(lightsout, gf2, PZ_REF)          \
    X(lightsout, rowenum, 0)           \
    X(lightsout, bfs, PZ_SLOW)         \
    X(lightsout, iddfs, PZ_SLOW)       \
    X(tetravex, turns, PZ_REF)         \
    X(tetravex, mrv, 0)                \
    X(tetravex, count, PZ_SLOW)        \
    X(tetravex, sat, PZ_SLOW)          \
    X(tetravex, kinds, PZ_SLOW)        \
    X(tetravex, naive, PZ_SLOW)

#define DECLARE_PUZZLE(p) extern const pz_puzzle pz_##p;
#define DECLARE_SOLVER(p, s, f) extern const pz_solver pz_solver_##p##_##s;
PZ_PUZZLES(DECLARE_PUZZLE)
PZ_SOLVERS(DECLARE_SOLVER)

#define LIST_PUZZLE(p) &pz_##p,
#define LIST_SOLVER(p, s, f) &pz_solver_##p##_##s,
const pz_puzzle *const pz_puzzles[] = { PZ_PUZZLES(LIST_PUZZLE) NULL };
const pz_solver *const pz_solvers[] = { PZ_SOLVERS(LIST_SOLVER) NULL };

#define FLAGS_SOLVER(p, s, f) f,
static const unsigned flags[] = { PZ_SOLVERS(FLAGS_SOLVER) 0 };

unsigned pz_solver_flags(const pz_solver *s)
{
    for (size_t i = 0; pz_solvers[i]; i++)
        if (pz_solvers[i] == s)
            return flags[i];
    return 0;
}

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

void pz_prepare(const pz_solver *s)
{
    if (s->prepare && s->prepare())
        pz_fatal("%s/%s: prepare failed", s->puzzle->name, s->name);
}

void pz_prepare_all(void)
{
    for (const pz_solver *const *s = pz_solvers; *s; s++)
        pz_prepare(*s);
}
