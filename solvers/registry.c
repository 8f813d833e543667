/* registry.c - the lists of puzzles and solvers that registry.h names, in
 * its order, and lookups by name.
 */
#include <stdlib.h>
#include <string.h>

#include "solver.h"

#define DECLARE_SOLVER(p, s, f) extern const pz_solver pz_solver_##p##_##s;
PZ_SOLVERS(DECLARE_SOLVER)

#define LIST_PUZZLE(p) &pz_##p,
#define LIST_SOLVER(p, s, f) &pz_solver_##p##_##s,
const pz_puzzle *const pz_puzzles[] = {PZ_PUZZLES(LIST_PUZZLE) NULL};
static const pz_solver *const builtin[] = {PZ_SOLVERS(LIST_SOLVER) NULL};
const pz_solver *const *pz_solvers = builtin;

int pz_builtin(const pz_solver *s)
{
    for (const pz_solver *const *b = builtin; *b; b++)
        if (*b == s)
            return 1;
    return 0;
}

/* The list once a plug-in's solvers join it: the built-in ones, then the
 * added ones in the order added.  Solvers are never removed. */
static const pz_solver **grown;

void pz__register(const pz_solver *s)
{
    size_t n = 0;
    while (pz_solvers[n])
        n++;
    const pz_solver **more = realloc(grown, (n + 2) * sizeof *grown);
    if (!more)
        pz_fatal("out of memory");
    if (!grown)
        memcpy(more, builtin, n * sizeof *more);
    grown = more;
    grown[n] = s;
    grown[n + 1] = NULL;
    pz_solvers = grown;
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

void *pz_scratch_new(const pz_solver *s)
{
    void *m = calloc(1, s->scratch_size ? s->scratch_size : 1);
    if (!m)
        pz_fatal("out of memory");
    return m;
}

void pz_scratch_free(const pz_solver *s, void *scratch)
{
    if (scratch && s->release)
        s->release(scratch);
    free(scratch);
}
