/* corners - square's search (pairs.c) from the four corners at once, split
 * over the threads it is given (split.c).
 *
 * Idea: the probes that pick split's corner misrank corners whose trees
 * differ several times over (9x9 games with 10 numbers: the corner they
 * pick can hold twice the nodes of the best); so every corner's walk is
 * cut into subtrees, and each thread that wants work takes the next
 * subtree of the corner with the fewest nodes left by the estimate on its
 * path.  Work is never thrown away: a corner left for another keeps its
 * place.  The first corner whose subtrees all end answers Impossible; any
 * placement found answers Possible.
 * Cost: what the corners other than the one that answers got, on top of
 * its tree; split's probes, copies and locks.  Its nodes follow the
 * threads' timing (on one thread they do not).
 * Limits: n <= 12; a piece (pins) and a game below 6x6 are split's, from
 * one corner; so is a game some corner's tree is too small to cut.
 */
#include "tetravex.h"

static int corners(const void *inst, void *ans, void *scratch)
{
    long long nodes;
    return tx__split(inst, pz_game_threads(), 1, ans, scratch, &nodes, NULL);
}

TX_SOLVER(corners, "square's search from the four corners at once, split over T threads", "n <= 12",
          tx__fits_pieces, TX_SPLIT_SCRATCH, NULL);
