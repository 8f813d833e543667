/* kinds - the classic accepted solution: identical tiles merged into kinds.
 *
 * Idea: count the tiles of each kind (the same four numbers); fill the cells
 * in row-major order, trying at each cell every kind with tiles left whose
 * left and top match the neighbours already placed.
 * What makes it work on the judge: a kind is tried once however many tiles
 * it has, so duplicates no longer multiply the search.
 * Cost: every node scans all kinds; games with few numbers (2 or 3) have
 * few kinds but a huge search tree, and nothing prunes before a cell has no
 * candidate: seconds for a random 5x5 game with two or three numbers, far
 * longer for 6x6 and up.
 * Limits: any n up to 12 (the time is the limit).
 */
#include "tetravex.h"

typedef struct search {
    tx_kinds ks;
    int n, nn;
    uint8_t kind[TX_CELLS];
    int pin[TX_CELLS]; /* a piece's pinned kind of each cell, or -1 */
    unsigned nodes;
    int stopped; /* pz_poll() said stop: every node returns at once */
} search;

static int place(search *s, int cell)
{
    const uint8_t(*side)[4] = s->ks.side;
    if (cell == s->nn)
        return 1;
    if (s->stopped || (!(++s->nodes & TX_POLL) && (s->stopped = pz_poll(TX_POLL + 1))))
        return 0;
    int c = cell % s->n;
    for (int k = 0; k < s->ks.nk; k++) {
        if (!s->ks.count[k] || (s->pin[cell] >= 0 && k != s->pin[cell]))
            continue;
        if (c > 0 && side[k][TX_LEFT] != side[s->kind[cell - 1]][TX_RIGHT])
            continue;
        if (cell >= s->n && side[k][TX_TOP] != side[s->kind[cell - s->n]][TX_BOTTOM])
            continue;
        s->ks.count[k]--;
        s->kind[cell] = (uint8_t)k;
        if (place(s, cell + 1))
            return 1;
        s->ks.count[k]++;
    }
    return 0;
}

static int kinds(const void *inst, void *ans, void *scratch)
{
    const tx_game *g = inst;
    search s = {.n = g->n, .nn = g->n * g->n};
    (void)scratch;
    tx__kinds(g, &s.ks);
    tx__pins(g, &s.ks, s.pin);
    tx__impossible(ans);
    if (place(&s, 0))
        tx__witness(g, &s.ks, s.kind, ans);
    return s.stopped ? PZ_STOPPED : 0;
}

TX_SOLVER(kinds, "row-major backtracking over kinds of identical tiles (the classic)", "n <= 12",
          tx__fits_pieces, 0, NULL);
