/* bigalgos.c - the big-board algorithms (big.h) in the registry's order,
 * and by name: for the tests and the measuring tools, which time and
 * cross-check the algorithms without the harness.
 *
 * A room of its own, apart from bigsolvers.c: the listing walks the registry,
 * whose lines name the big solvers, whose files call bigsolvers.c's hooks; so
 * bigsolvers.c knows neither the registry nor the solvers that use it.
 */
#include <string.h>

#include "big.h"

/* The big solvers are the registry's toggle solvers whose file declares an
 * algorithm with TG_BIG_SOLVER.  Each registry line's name has a weak
 * reference to tg_big_NAME here, which the linker leaves NULL where no file
 * defines one; walking pz_solvers links every solver's file in. */
#define WEAK_ALGO(p, s, f) extern const tg_bigalgo tg_big_##s __attribute__((weak));
PZ_SOLVERS(WEAK_ALGO)
#undef WEAK_ALGO
#define NAMED_ALGO(p, s, f) {#s, &tg_big_##s},
static const struct {
    const char *name;
    const tg_bigalgo *algo;
} algos[] = {PZ_SOLVERS(NAMED_ALGO)};
#undef NAMED_ALGO

static const tg_bigalgo *algo_of(const pz_solver *s)
{
    for (size_t k = 0; k < sizeof algos / sizeof *algos; k++)
        if (algos[k].algo && !strcmp(algos[k].name, s->name))
            return algos[k].algo;
    return NULL;
}

const tg_bigalgo *tg_big_algo(int i)
{
    for (const pz_solver *const *s = pz_solvers; *s; s++)
        if ((*s)->puzzle == &pz_lightsout && algo_of(*s) && i-- == 0)
            return algo_of(*s);
    return NULL;
}

const tg_bigalgo *tg_big_find(const char *name)
{
    const tg_bigalgo *a;
    for (int i = 0; (a = tg_big_algo(i)); i++)
        if (!strcmp(tg_bigalgo_name(a), name))
            return a;
    return NULL;
}
