/* bigchase - light chasing down to the shorter side's system, solved by our
 * own word-parallel elimination over GF(2).
 *
 * Idea: big.c chases the board down its longer side, so the presses are
 * fixed by the first row f (w = min(m, n) unknowns) and the last row is left
 * with c + R f, R the transfer matrix (big.c).  Once per size, [R | I] is
 * brought to reduced row echelon form by rref.c's four-Russians
 * Gauss-Jordan: the rows with a pivot give f = E c, the others (the left
 * kernel) tell whether a board has an answer, and the free columns give the
 * kernel.
 *
 * Cost: per size, O(w^3 / 2048) passes of four table words over [R | I] (w
 * rows of 2w bits); per board, two chases, O(m n / 64), and E c, O(w^2 / 64),
 * plus the canonical choice among its 2^nullity answers.
 * Limits: sides up to 10 000 (per size, [R | I] is 25 MB at w = 10 000).
 * Times: results/lightsout.md, "Big boards".
 */
#include "big.h"

static int chase_fits(int m, int n)
{
    return m <= TG_BIG_ONE_MAX && n <= TG_BIG_ONE_MAX;
}

TG_BIG_SOLVER(chase,
              "light chasing to the shorter side's system, our own four-Russians elimination",
              "sides up to 10000", chase_fits, .eliminate = tg__big_eliminate);
