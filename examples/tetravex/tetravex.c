/* tetravex.c - a Tetravex solver as a puzzlebench plug-in: plain backtracking.
 *
 * Cells are filled row-major; each takes, in turn, every unused tile whose
 * left side matches its left neighbour's right and whose top matches its
 * upper neighbour's bottom.  Exponential in the worst case (flagged so), it
 * stops at the first layout, which is the witness.  The recursion is at most
 * n*n = 25 deep and keeps its state in the scratch.  Every 4096 nodes it
 * polls the harness (pz_poll: its stop flag and the game's budget, for
 * run --budget), and a stopped search answers PZ_STOPPED.
 */
#include <puzzlebench/puzzlebench.h>

typedef struct search {
    const pz_tetravex_game *g;
    uint8_t used[PZ_TETRAVEX_CELLS];
    uint8_t *at;
    unsigned nodes;
} search;

/* 1 placed, 0 no layout, -1 stopped. */
static int place(search *s, int cell)
{
    const pz_tetravex_game *g = s->g;
    int n = g->n, r = cell / n, c = cell % n;
    if (cell == n * n)
        return 1;
    if (++s->nodes % 4096 == 0 && pz_poll(4096))
        return -1;
    for (int t = 0; t < n * n; t++) {
        if (s->used[t])
            continue;
        if (c && g->tile[s->at[cell - 1]][PZ_TETRAVEX_RIGHT] != g->tile[t][PZ_TETRAVEX_LEFT])
            continue;
        if (r && g->tile[s->at[cell - n]][PZ_TETRAVEX_BOTTOM] != g->tile[t][PZ_TETRAVEX_TOP])
            continue;
        s->used[t] = 1;
        s->at[cell] = (uint8_t)t;
        int placed = place(s, cell + 1);
        if (placed)
            return placed;
        s->used[t] = 0;
    }
    return 0;
}

/* Whole games only: a piece (fixed > 0) pins tiles this search ignores. */
static int fits(const void *inst)
{
    const pz_tetravex_game *g = inst;
    return g->n <= 5 && !g->fixed;
}

static int solve(const void *inst, void *ans, void *scratch)
{
    pz_tetravex_answer *a = ans;
    search *s = scratch;
    s->g = inst;
    s->at = a->at;
    for (int t = 0; t < PZ_TETRAVEX_CELLS; t++)
        s->used[t] = 0;
    int placed = place(s, 0);
    if (placed < 0)
        return PZ_STOPPED;
    a->possible = a->has = (uint8_t)placed;
    return 0;
}

static const pz_plugin_solver backtrack = {
    .puzzle = "tetravex",
    .name = "backtrack",
    .flags = PZ_SLOW | PZ_EXPONENTIAL,
    .summary = "row-major backtracking, tile by tile (an example plug-in)",
    .limits = "n <= 5, whole games",
    .fits = fits,
    .scratch_size = sizeof(search),
    .solve = solve,
};

PZ_PLUGIN(&backtrack)
