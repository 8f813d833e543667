/* pieces - one game's search cut into pieces that machines search apart.
 *
 * Idea: the square order's search (countsearch.c) visits, at its step D, every
 * locally consistent way to fill the first D cells of the square grown
 * from the corner; below each is a subtree of its own, and the subtrees
 * cover the tree once.  So each node at step D is a piece: the game with
 * those D cells pinned (a game whose first D tiles sit, in order, on the
 * first D cells of the square order: tx_game.fixed), searched alone.  The
 * game is Possible when some piece is, Impossible when every piece is;
 * the search's nodes are those above step D and its pieces'
 * (tx__count_pieces).  `puzzlebench gen tetravex --corpus G --pieces D` writes them,
 * `run` or scripts/shard runs them, and the histogram of the merged report
 * gives the game's answer.
 * Cost: the nodes above step D, once; about d^-e t!/(t-D)! pieces for t
 * tiles, d numbers and e edges inside the first D cells (10x10 with 10
 * numbers: about 1e4 at D = 4, 1e5 at D = 6).
 * Limits: the pins are the square order's first cells: searches in that
 * order start below them (square and pairs, and any search told the pins:
 * mrv, sat, gecode, kinds, naive); count, turns and the portfolio refuse
 * pieces.
 */
#include <string.h>

#include "tetravex.h"

int tx__fits_pieces(const void *inst)
{
    return ((const tx_game *)inst)->n <= TX_MAX;
}

void tx__pins(const tx_game *g, const tx_kinds *ks, int *pin)
{
    uint8_t order[TX_CELLS];
    tx__order(g->n, TX_SQUARE, order);
    for (int c = 0; c < g->n * g->n; c++)
        pin[c] = -1;
    for (int i = 0; i < g->fixed; i++)
        pin[order[i]] = tx__kind_of(ks, g->tile[i]);
}

void tx__piece(const tx_game *g, const tx_kinds *ks, const uint8_t *kind, int depth, tx_game *piece)
{
    int nn = g->n * g->n, at = 0;
    uint8_t order[TX_CELLS], used[TX_CELLS] = {0};
    tx__order(g->n, TX_SQUARE, order);
    memset(piece, 0, sizeof *piece);
    piece->n = g->n;
    for (int i = 0; i < depth; i++) {
        int t = 0;
        while (t < nn && (used[t] || memcmp(g->tile[t], ks->side[kind[order[i]]], 4)))
            t++;
        if (t == nn)
            pz_fatal("tetravex: a piece pins more tiles of a kind than its game has");
        used[t] = 1;
        memcpy(piece->tile[at++], g->tile[t], 4);
    }
    for (int t = 0; t < nn; t++)
        if (!used[t])
            memcpy(piece->tile[at++], g->tile[t], 4);
    piece->fixed = (uint8_t)depth;
}

/* The puzzle's pieces hook (solver.h), on tx__count_pieces. */
typedef struct relay {
    const tx_game *g;
    int depth;
    void (*emit)(void *ctx, const void *piece);
    void *ctx;
} relay;

static void one(void *ctx, const tx_kinds *ks, const uint8_t *kind)
{
    const relay *r = ctx;
    tx_game piece;
    tx__piece(r->g, ks, kind, r->depth, &piece);
    r->emit(r->ctx, &piece);
}

long long tx__pieces(const void *inst, int depth, void (*emit)(void *ctx, const void *piece),
                     void *ctx, char *why, size_t len)
{
    const tx_game *g = inst;
    relay r = {g, depth, emit, ctx};
    long long top;
    if (depth < g->fixed || depth > g->n * g->n) {
        snprintf(why, len, "expected a depth from %d to %d for this game of %d cells%s", g->fixed,
                 g->n * g->n, g->n * g->n, g->fixed ? " (a piece already)" : "");
        return -1;
    }
    tx__count_pieces(g, depth, &top, one, &r);
    return top;
}
