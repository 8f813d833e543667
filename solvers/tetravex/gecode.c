/* gecode - a constraint model, solved by Gecode (through gecode-shim.cc).
 *
 * Idea: the textbook model.  A variable per cell for the kind of its tile,
 * and one per edge (border included) for the number it shows; each cell's
 * (kind, top, right, bottom, left) is one of the kinds' rows, posted as a
 * table constraint (domain consistent: an edge keeps only the numbers some
 * kind left in both of its cells shows, and a cell only the kinds whose
 * four numbers its edges can still show: arc consistency on the edges);
 * kind k is used exactly count[k] times (a global cardinality constraint:
 * domain consistent, a matching of cells to tiles with Hall's condition,
 * where kinds repeat; value consistent where nearly every tile is a kind of
 * its own, the same nodes for less); and the counting knowledge of countsearch.c,
 * as count constraints on the border edges (per number d, the left border
 * shows d as many times more than the right as the tiles' lefts outnumber
 * their rights, and the same for top and bottom; each border's counts sum
 * to n).  Branching: the cell with the most failures for its domain size
 * (Gecode's accumulated failure count), ties broken by the square grown
 * from a corner (each new cell meets two placed neighbours once past the
 * first row and column), then the smallest kind.
 * Cost: propagation (the tables domain consistent) is heavy per node, a
 * thousand times a node of countsearch.c; what it prunes keeps its trees small,
 * and it anchors the searches as an independent solver (results/tetravex.md,
 * "The anchors").
 * Memory: Gecode allocates during solve(), like CaDiCaL in sat.c (the one
 * exception to "solvers do not allocate"); everything is released before
 * the return.
 * Limits: n <= 12.
 */
#include "gecode-shim.h"
#include "tetravex.h"

/* The shim's Stop, asked at every node with the nodes so far: pz_poll with
 * those since the last time (a Gecode node is gecode's node for a game's
 * budget). */
static __thread long long polled;
static int stop_asked(long long nodes)
{
    long long fresh = nodes - polled;
    polled = nodes;
    return pz_poll(fresh);
}

int tx__gecode(const tx_game *g, tx_answer *ans, long long *nodes)
{
    tx_kinds ks;
    uint8_t kind[TX_CELLS], order[TX_CELLS];
    int pin[TX_CELLS];
    tx__impossible(ans);
    tx__kinds(g, &ks);
    if (g->n == 0) {
        tx__witness(g, &ks, kind, ans);
        return 0;
    }
    tx__order(g->n, TX_SQUARE, order);
    tx__pins(g, &ks, pin);
    polled = 0;
    int rc = pz_gecode_tetravex(g->n, ks.nk, (const unsigned char(*)[4])ks.side, ks.count, order,
                                g->fixed ? pin : NULL, kind, nodes, stop_asked);
    if (rc == -2)
        return PZ_STOPPED;
    if (rc < 0)
        return -1;
    if (rc == 1)
        tx__witness(g, &ks, kind, ans);
    return 0;
}

static int gecode(const void *inst, void *ans, void *scratch)
{
    (void)scratch;
    return tx__gecode(inst, ans, NULL);
}

TX_SOLVER(gecode, "constraint model (tables, cardinality, border counts), solved by Gecode",
          "n <= 12", tx__fits_pieces, 0, NULL);
