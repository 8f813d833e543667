/* bigsolvers.c - the big-board algorithms (big.h) as solvers of both toggle
 * puzzles, for boards of every size: what TG_BIG_SOLVER's solvers share.
 *
 * A board up to 64x64 is copied into a big board in scratch and its answer
 * copied back, so the small corpora cross-check these solvers against gf2 and
 * the others bit for bit; a big board (the wide puzzles only) is solved in
 * place, into answer rows the harness sized in its arena (answer_in).  The
 * per-size work (big.c: the transfer matrix, its elimination, the kernel)
 * lives in scratch and is done by resize, outside the timer, so a corpus of
 * one size pays it once per thread.
 *
 * Limits: each algorithm's sides (big.h), and for Flip Game the sizes whose
 * kernel can be searched for the fewest flips (nullity <= 32 and cells *
 * 2^nullity <= 2^44); beyond, Flip Game is outside the limits and Lights
 * Out's answer is marked not proven fewest (TG_NOT_FEWEST).
 */
#include "big.h"

static void board_size(const tg_board *bd, int *m, int *n)
{
    *m = tg_is_big(bd) ? bd->big.m : bd->m;
    *n = tg_is_big(bd) ? bd->big.n : bd->n;
}

int tg__bigsolver_fits(const tg_bigalgo *algo, const void *inst, unsigned goals)
{
    int m, n;
    board_size(inst, &m, &n);
    return tg_bigalgo_fits(algo, m, n) && (!(goals & TG_ON) || tg_big_searched_size(m, n) == 1);
}

int tg__bigsolver_prepare(void)
{
    tg_nullity(1, 1); /* the facts of small sizes (facts.c), before any thread asks */
    return 0;
}

int tg__bigsolver_resize(const tg_bigalgo *algo, void *scratch, const void *inst)
{
    tg__bigscratch *s = scratch;
    const tg_board *bd = inst;
    int m, n;
    board_size(bd, &m, &n);
    if (!s->sys && !(s->sys = tg_bigsys_new(algo)))
        return -1;
    if (tg_big_prepare(s->sys, m, n))
        return -1;
    if (tg_is_big(bd))
        return 0;
    /* The small board's copies, so solve allocates nothing at this size. */
    return tg_big_init(&s->b, m, n) || tg_big_init(&s->a.x, m, n) ||
                   tg_big_init(&s->a.cert[0], m, n) || tg_big_init(&s->a.cert[1], m, n)
               ? -1
               : 0;
}

void tg__bigsolver_release(void *scratch)
{
    tg__bigscratch *s = scratch;
    tg_bigsys_free(s->sys);
    tg_big_free(&s->b);
    tg_bigans_free(&s->a);
    s->sys = NULL;
}

int tg__bigsolver_solve(const tg_bigalgo *algo, const void *inst, unsigned goals, void *ans,
                        void *scratch)
{
    tg__bigscratch *s = scratch;
    const tg_board *bd = inst;
    tg_answer *a = ans;
    int m, n;
    board_size(bd, &m, &n);
    /* resize was called for this size outside the timer, or it is done here */
    if (!s->sys || (!tg_is_big(bd) && (s->b.m != m || s->b.n != n)))
        if (tg__bigsolver_resize(algo, scratch, bd))
            return -1;
    if (tg_is_big(bd)) {
        if (tg_big_solve(s->sys, &bd->big, goals, &a->big))
            return -1;
        a->weight = (int)a->big.weight;
        a->has = a->big.has | (a->big.weight >= 0 && !a->big.fewest ? TG_NOT_FEWEST : 0);
        return 0;
    }
    tg_big_from_small(&s->b, bd);
    if (tg_big_solve(s->sys, &s->b, goals, &s->a))
        return -1;
    a->weight = (int)s->a.weight;
    a->has = s->a.has | (s->a.weight >= 0 && !s->a.fewest ? TG_NOT_FEWEST : 0);
    if (s->a.has & TG_PRESSES)
        tg_big_to_small(&s->a.x, a->x);
    for (int g = 0; g < 2; g++)
        if ((s->a.has & TG_CERTS) && (goals & (1u << g)))
            tg_big_to_small(&s->a.cert[g], a->cert[g]);
    return 0;
}
