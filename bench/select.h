/* select.h - the solvers of a run, chosen by name in one walk of the
 * registry:
 *
 *     pz_run_opts o = {.sample = 1};
 *     if (pz_select_solvers(&pz_flip, "gf2,bfs", "bfs", &o, &e)) ... e.msg
 */
#ifndef PZ_SELECT_H
#define PZ_SELECT_H

#include "result.h"

/* Fills o->solvers (in registry order), o->nsolvers and o->slow with p's
 * solvers named in list ("a,b"; NULL: every one of p's), those named in
 * slow ("c"; NULL: those marked PZ_SLOW) marked slow.  0, or -1 with e: a
 * name p has no solver of (with the nearest), one named twice, an empty
 * list, a --slow solver not run, or more than PZ_RUN_SOLVERS. */
int pz_select_solvers(const pz_puzzle *p, const char *list, const char *slow, pz_run_opts *o,
                      pz_error *e);

#endif
