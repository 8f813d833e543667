/* iddfs - iterative-deepening depth-first search over press sets.
 *
 * Idea: for k = 0, 1, 2, ... look depth-first for a set of exactly k presses
 * that reaches a goal.  The search decides the cells in row-major order and
 * tries "leave it" before "press it", so the first set found at the first k
 * that has one is the canonical answer.  No knowledge of the puzzle's
 * algebra is used: it is the textbook search, kept as the plain reference.
 * Cost: sum over k of C(mn, k) leaves; 2^(mn) for a board with no answer.
 * Limits: m * n <= 25 cells.
 */
#include "toggle.h"

typedef struct search {
    int cells;
    uint64_t press[TG_MAX]; /* what pressing cell i does */
    uint64_t goal[2];
    int goals;
    uint64_t found;
} search;

static int iddfs_fits(int m, int n)
{
    return m * n <= 25;
}

static int dfs(search *s, int i, int k, uint64_t state, uint64_t set)
{
    if (!k) {
        for (int g = 0; g < s->goals; g++)
            if (state == s->goal[g]) {
                s->found = set;
                return 1;
            }
        return 0;
    }
    if (s->cells - i < k)
        return 0;
    return dfs(s, i + 1, k, state, set) ||
           dfs(s, i + 1, k - 1, state ^ s->press[i], set | 1ull << i);
}

static int iddfs(const tg_board *bd, unsigned goals, tg_answer *a, void *scratch)
{
    int m = bd->m, n = bd->n;
    search s = {.cells = m * n};
    uint64_t state = tg_pack(bd, s.press);
    (void)scratch;
    if (goals & TG_OFF)
        s.goal[s.goals++] = 0;
    if (goals & TG_ON)
        s.goal[s.goals++] = tg_mask(s.cells);
    a->weight = -1;
    a->has = 0;
    for (int k = 0; k <= s.cells; k++) {
        /* A depth takes at most 2^25 nodes, a tenth of a second: the stop
         * is polled between depths, costing the nodes nothing. */
        if (pz_stopped())
            return PZ_STOPPED;
        if (dfs(&s, 0, k, state, 0)) {
            a->weight = k;
            a->has = TG_PRESSES;
            tg_unpack_rows(s.found, m, n, a->x);
            break;
        }
    }
    return 0;
}

TG_SOLVER(iddfs, "iterative-deepening DFS over press sets, no algebra", "cells <= 25", iddfs_fits,
          0, NULL);
