/* gecode-shim.h - the C side of the Gecode model of Tetravex (gecode-shim.cc).
 *
 * The game as kinds: nk kinds, side[k][TX_TOP..TX_LEFT] and count[k]; the
 * cells in the order the branching breaks ties in (tx__order's square from
 * the corner); a piece's pins (NULL, or pin[cell] a kind or -1); the
 * answer, if there is one, as the kind of each cell, row-major. */
#ifndef PZ_GECODE_SHIM_H
#define PZ_GECODE_SHIM_H

#ifdef __cplusplus
extern "C" {
#endif

/* 1 Possible (kind[] filled), 0 Impossible, -1 Gecode failed (an exception),
 * -2 stopped: the search asks stopped() at every node, with the nodes so
 * far, and ends when it returns nonzero.  nodes, if not NULL, gets the nodes of the search
 * (deterministic, so the tests can pin what the model and its branching
 * cost). */
int pz_gecode_tetravex(int n, int nk, const unsigned char (*side)[4], const unsigned char *count,
                       const unsigned char *order, const int *pin, unsigned char *kind,
                       long long *nodes, int (*stopped)(long long nodes));

#ifdef __cplusplus
}
#endif

#endif
