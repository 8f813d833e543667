/* facts.c - the first-row system of a toggle board up to 64x64, and the
 * facts of every size that it gives: the nullity of the press matrix, and
 * whether the all-on board can be turned off.
 *
 * Light chasing makes every row's presses a function of row 0's, and what
 * is left on the last row is affine in row 0: c + R f, R an n x n matrix
 * over GF(2).  tg__first_row_system brings R to reduced row echelon form
 * (gf2.c solves boards on it); the facts are tabulated for every size up
 * to 64x64 by the first call, which the puzzles' size checks, gf2's fits,
 * `puzzlebench info` and the big solvers read.  A room of its own, so that
 * the puzzles need no solver's file.
 * Cost of the table: for each width n, each e_j chased down 64 rows once
 * (row m of that chase is what e_j leaves on an m-row board), then an
 * n x n elimination per size.
 */
#include <stdint.h>
#include <string.h>

#include "toggle.h"

static const uint64_t zero[TG_MAX];

int tg__first_row_system(int m, int n, const uint64_t *col, uint64_t *inv, uint64_t (*kern)[TG_MAX])
{
    uint64_t row[TG_MAX], ops[TG_MAX];
    int pivcol[TG_MAX], rank = 0;
    memset(row, 0, sizeof row);
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++)
            row[i] |= ((col[j] >> i) & 1) << j;
    for (int i = 0; i < n; i++)
        ops[i] = 1ull << i;
    for (int j = 0; j < n && rank < n; j++) { /* reduced row echelon form */
        int p = rank;
        while (p < n && !((row[p] >> j) & 1))
            p++;
        if (p == n)
            continue;
        uint64_t t = row[p];
        row[p] = row[rank];
        row[rank] = t;
        t = ops[p];
        ops[p] = ops[rank];
        ops[rank] = t;
        uint64_t prow = row[rank], pops = ops[rank];
        for (int i = 0; i < n; i++) { /* branch-free: bit j is a coin toss */
            uint64_t sel = -((row[i] >> j) & 1);
            row[i] ^= prow & sel;
            ops[i] ^= pops & sel;
        }
        row[rank] = prow;
        ops[rank] = pops;
        pivcol[rank++] = j;
    }
    memset(inv, 0, TG_MAX * sizeof *inv);
    for (int p = 0; p < rank; p++)
        inv[pivcol[p]] = ops[p];
    int k = 0;
    for (int j = 0, p = 0; j < n; j++) { /* one kernel vector per free column */
        if (p < rank && pivcol[p] == j) {
            p++;
            continue;
        }
        uint64_t v = 1ull << j;
        for (int q = 0; q < rank; q++)
            if ((row[q] >> j) & 1)
                v |= 1ull << pivcol[q];
        kern[k][0] = v;
        if (tg_chase(zero, m, n, 0, kern[k]))
            pz_fatal("toggle: kernel vector of %dx%d leaves lights on", m, n);
        k++;
    }
    return n - rank;
}

/* Per size: the nullity, and whether the all-on board can be turned off. */
static struct fact {
    uint8_t nullity, on_solvable, known;
} facts[TG_MAX + 1][TG_MAX + 1];

static void prepare(void)
{
    static uint64_t chase[TG_MAX][TG_MAX + 1]; /* [j][r]: row r of e_j's chase */
    static uint64_t inv[TG_MAX], kern[TG_MAX][TG_MAX];
    uint64_t col[TG_MAX];
    if (facts[TG_MAX][TG_MAX].known)
        return;
    for (int n = 1; n <= TG_MAX; n++) {
        for (int j = 0; j < n; j++) {
            chase[j][0] = 1ull << j;
            chase[j][TG_MAX] = tg_chase(zero, TG_MAX, n, 0, chase[j]);
        }
        for (int m = 1; m <= TG_MAX; m++) {
            struct fact *f = &facts[m][n];
            for (int j = 0; j < n; j++)
                col[j] = chase[j][m];
            int nullity = tg__first_row_system(m, n, col, inv, kern);
            f->nullity = (uint8_t)nullity;
            f->on_solvable = 1; /* all on is in the image iff it is orthogonal to ker A */
            for (int k = 0; k < nullity; k++)
                f->on_solvable &= !(tg_weight(kern[k], m) & 1);
            f->known = 1;
        }
    }
}

int tg_nullity(int m, int n)
{
    prepare();
    return facts[m][n].nullity;
}

int tg_on_solvable(int m, int n)
{
    prepare();
    return facts[m][n].on_solvable;
}
