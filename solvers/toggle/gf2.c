/* gf2 - Gaussian elimination over GF(2) on the first-row system, then the
 * kernel enumerated for the fewest presses.
 *
 * Idea: light chasing makes every row's presses a function of row 0's, and
 * what is left on the last row is affine in row 0: residue(f) = c + R f with
 * R an n x n matrix over GF(2).  Eliminating R once per board size (cached in
 * the scratch) gives a particular first row f0 = P c and a basis of ker R.
 * Each kernel vector chased from an empty board is a press pattern that
 * changes nothing, so the answers are X0 + span(K); a Gray code walks the
 * 2^nullity of them for the canonical one.  With no answer, some K_i has
 * K_i . (b + goal) = 1; since A is symmetric, K_i A = 0, so K_i is the
 * certificate the checker verifies.
 * Cost: per size, n chases and an n x n elimination; per board, two chases
 * per goal and 2^nullity row sweeps.  5x6: nullity 0, a few dozen word ops.
 * Limits: any size up to 64x64 whose nullity is at most 24.
 */
#include <string.h>

#include "toggle.h"

enum { MAX_NULLITY = 24 };

typedef struct system {
    int m, n, nullity;                /* m == 0: empty */
    uint64_t inv[TG_MAX];             /* bit j of f0 = parity(inv[j] & c) */
    uint64_t kern[TG_MAX][TG_MAX];    /* nullity press patterns that do nothing */
} system_t;

static uint8_t nullities[TG_MAX + 1][TG_MAX + 1];

/* Eliminates R for an m x n board into s; returns the nullity. */
static int eliminate(int m, int n, system_t *s)
{
    static const uint64_t zero[TG_MAX];
    uint64_t row[TG_MAX], ops[TG_MAX], x[TG_MAX];
    int pivcol[TG_MAX], rank = 0;
    memset(row, 0, sizeof row);
    for (int j = 0; j < n; j++) {     /* column j of R: what e_j leaves */
        x[0] = 1ull << j;
        uint64_t col = tg_chase(zero, m, n, 0, x);
        for (int i = 0; i < n; i++)
            row[i] |= ((col >> i) & 1) << j;
    }
    for (int i = 0; i < n; i++)
        ops[i] = 1ull << i;
    for (int j = 0; j < n && rank < n; j++) {   /* reduced row echelon form */
        int p = rank;
        while (p < n && !((row[p] >> j) & 1))
            p++;
        if (p == n)
            continue;
        uint64_t t = row[p]; row[p] = row[rank]; row[rank] = t;
        t = ops[p]; ops[p] = ops[rank]; ops[rank] = t;
        for (int i = 0; i < n; i++)
            if (i != rank && ((row[i] >> j) & 1)) {
                row[i] ^= row[rank];
                ops[i] ^= ops[rank];
            }
        pivcol[rank++] = j;
    }
    s->m = m;
    s->n = n;
    s->nullity = n - rank;
    memset(s->inv, 0, sizeof s->inv);
    for (int p = 0; p < rank; p++)
        s->inv[pivcol[p]] = ops[p];
    int k = 0;
    for (int j = 0, p = 0; j < n; j++) {        /* one kernel vector per free column */
        if (p < rank && pivcol[p] == j) {
            p++;
            continue;
        }
        uint64_t v = 1ull << j;
        for (int q = 0; q < rank; q++)
            if ((row[q] >> j) & 1)
                v |= 1ull << pivcol[q];
        if (k < MAX_NULLITY) {
            s->kern[k][0] = v;
            if (tg_chase(zero, m, n, 0, s->kern[k]))
                pz_fatal("gf2: kernel vector of %dx%d leaves lights on", m, n);
        }
        k++;
    }
    return s->nullity;
}

static int gf2_prepare(void)
{
    static system_t s;
    if (nullities[1][1] == 0 && nullities[TG_MAX][TG_MAX] == 0)
        for (int m = 1; m <= TG_MAX; m++)
            for (int n = 1; n <= TG_MAX; n++)
                nullities[m][n] = (uint8_t)(eliminate(m, n, &s) + 1);
    return 0;
}

int tg_nullity(int m, int n)
{
    gf2_prepare();
    return nullities[m][n] - 1;
}

static int gf2_fits(int m, int n)
{
    if (!nullities[m][n])
        pz_fatal("gf2: fits() called before prepare()");
    return nullities[m][n] - 1 <= MAX_NULLITY;
}

static int parity(uint64_t v)
{
    return __builtin_parityll(v);
}

static int gf2(const tg_board *bd, unsigned goals, tg_answer *a, void *scratch)
{
    system_t *s = scratch;
    int m = bd->m, n = bd->n, certs = 1;
    uint64_t x[TG_MAX], cur[TG_MAX];
    if (s->m != m || s->n != n)
        eliminate(m, n, s);
    a->weight = -1;
    for (int g = 0; g < 2; g++) {
        if (!(goals & (1u << g)))
            continue;
        uint64_t goalrow = g ? tg_mask(n) : 0, c, f = 0;
        x[0] = 0;
        c = tg_chase(bd->b, m, n, goalrow, x);
        for (int j = 0; j < n; j++)
            f |= (uint64_t)parity(s->inv[j] & c) << j;
        x[0] = f;
        if (tg_chase(bd->b, m, n, goalrow, x)) {        /* unreachable: certify */
            int found = 0;
            for (int k = 0; k < s->nullity && !found; k++) {
                int dot = 0;
                for (int r = 0; r < m; r++)
                    dot ^= parity(s->kern[k][r] & (bd->b[r] ^ goalrow));
                if (dot) {
                    memcpy(a->cert[g], s->kern[k], (size_t)m * sizeof *x);
                    found = 1;
                }
            }
            certs &= found;
            continue;
        }
        memcpy(cur, x, (size_t)m * sizeof *x);
        int w = tg_weight(x, m);
        for (uint64_t i = 1; i < (1ull << s->nullity); i++) {  /* Gray code */
            const uint64_t *k = s->kern[__builtin_ctzll(i)];
            int cw = 0;
            for (int r = 0; r < m; r++)
                cw += __builtin_popcountll(cur[r] ^= k[r]);
            if (cw < w || (cw == w && tg_lexless(cur, x, m))) {
                memcpy(x, cur, (size_t)m * sizeof *x);
                w = cw;
            }
        }
        if (a->weight < 0 || w < a->weight || (w == a->weight && tg_lexless(x, a->x, m))) {
            a->weight = w;
            memcpy(a->x, x, (size_t)m * sizeof *x);
        }
    }
    a->has = a->weight >= 0 ? TG_PRESSES : certs ? TG_CERTS : 0;
    return 0;
}

TG_SOLVER(gf2, "GF(2) elimination of the first-row system, kernel enumerated",
          "nullity <= 24 (any size up to 64x64)", gf2_fits, sizeof(system_t), gf2_prepare);
