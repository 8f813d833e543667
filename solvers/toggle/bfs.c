/* bfs - breadth-first search over board states with a visited bitmap.
 *
 * Idea: a board of mn cells is a state in 0..2^(mn)-1; one press is an edge.
 * Layer k holds the states first reached with k presses.  Next to each state
 * the search keeps the smallest press set (row-major string order) among
 * those of that length that reach it, so when a layer first contains a goal,
 * the goal's set is the canonical answer.  Presses commute, so a shortest
 * path never presses a cell twice and the path's set is its press set.
 * Cost: up to 2^rank states times mn edges; a board with no answer explores
 * its whole coset before saying so.
 * Limits: m * n <= 20 cells (the bitmap and the press sets take 12 MiB).
 */
#include "toggle.h"

enum { BITS = 20, STATES = 1 << BITS };

typedef struct space {
    uint64_t visited[STATES / 64];
    uint64_t best[STATES]; /* valid where visited */
    uint32_t queue[STATES];
} space;

static int bfs_fits(int m, int n)
{
    return m * n <= BITS;
}

static inline int seen(const space *s, uint32_t t)
{
    return (int)(s->visited[t >> 6] >> (t & 63)) & 1;
}

static int bfs(const tg_board *bd, unsigned goals, tg_answer *a, void *scratch)
{
    space *s = scratch;
    int m = bd->m, n = bd->n, cells = m * n, k = 0;
    uint64_t press[TG_MAX], found = 0;
    uint32_t start = (uint32_t)tg_pack(bd, press), head = 0, tail = 0;
    uint32_t all = (uint32_t)tg_mask(cells);
    s->visited[start >> 6] |= 1ull << (start & 63);
    s->best[start] = 0;
    s->queue[tail++] = start;
    a->weight = -1;
    for (;;) {
        /* Layer k is complete: is a goal in it? */
        int hit = 0;
        if ((goals & TG_OFF) && seen(s, 0) && __builtin_popcountll(s->best[0]) == k)
            found = s->best[0], hit = 1;
        if ((goals & TG_ON) && seen(s, all) && __builtin_popcountll(s->best[all]) == k &&
            (!hit || tg_packed_less(s->best[all], found)))
            found = s->best[all], hit = 1;
        if (hit) {
            a->weight = k;
            break;
        }
        if (head == tail)
            break;
        for (uint32_t end = tail; head < end; head++) {
            uint32_t from = s->queue[head];
            for (int i = 0; i < cells; i++) {
                uint32_t t = from ^ (uint32_t)press[i];
                uint64_t set = s->best[from] ^ 1ull << i;
                if (!seen(s, t)) {
                    s->visited[t >> 6] |= 1ull << (t & 63);
                    s->best[t] = set;
                    s->queue[tail++] = t;
                } else if (__builtin_popcountll(s->best[t]) == k + 1 &&
                           tg_packed_less(set, s->best[t])) {
                    s->best[t] = set;
                }
            }
        }
        k++;
    }
    for (uint32_t i = 0; i < tail; i++) /* leave the bitmap clean */
        s->visited[s->queue[i] >> 6] = 0;
    a->has = a->weight >= 0 ? TG_PRESSES : 0;
    if (a->weight >= 0)
        tg_unpack_rows(found, m, n, a->x);
    return 0;
}

TG_SOLVER(bfs, "breadth-first search over states with a visited bitmap", "cells <= 20", bfs_fits,
          sizeof(space), NULL);
