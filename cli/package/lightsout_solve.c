/* Extended Lights Out (POJ 1222): the package's reference solution, written
 * by puzzlebench package.
 *
 * A line with the number of puzzles N (or "N m n" for m x n boards up to
 * 64x64; 5x6 without), then the boards; for puzzle k, "PUZZLE #k" and the
 * presses that turn every light off: the fewest, ties broken by the
 * smallest press set read row by row from cell (0,0) (a 0 before a 1), or
 * "IMPOSSIBLE".  Once the first row's presses are chosen the others are
 * forced (press under each light still on), so each press is an affine
 * function of the n first-row presses over GF(2), and the last row going
 * dark is n equations in them: eliminated, they give one answer and a
 * kernel of dimension d, whose 2^d combinations are tried in Gray-code
 * order.  Cost: O(m n^2 / 64) to eliminate, then 2^d * m words.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { MAX_SIDE = 64 };

typedef struct affine {
    uint64_t coef; /* which first-row presses it sums */
    int cst;
} affine;

static int m, n;
static uint64_t mask;

static uint64_t spread(uint64_t x)
{
    return (x ^ (x << 1) ^ (x >> 1)) & mask;
}

/* The presses forced by the first row's on board b (the all-off goal):
 * into x; whether the last row ends dark. */
static int chase(const uint64_t *b, uint64_t first, uint64_t *x)
{
    uint64_t diff[MAX_SIDE];
    memcpy(diff, b, (size_t)m * sizeof *diff);
    x[0] = first;
    for (int r = 0; r < m; r++) {
        diff[r] ^= spread(x[r]);
        if (r + 1 < m) {
            diff[r + 1] ^= x[r];
            x[r + 1] = diff[r];
        }
    }
    return !diff[m - 1];
}

static int weight(const uint64_t *x)
{
    int w = 0;
    for (int r = 0; r < m; r++)
        w += __builtin_popcountll(x[r]);
    return w;
}

static int before(const uint64_t *x, const uint64_t *y)
{
    for (int r = 0; r < m; r++) {
        uint64_t d = x[r] ^ y[r];
        if (d)
            return !(x[r] & d & -d);
    }
    return 0;
}

/* The canonical answer into best: 1, or 0 when there is none. */
static int solve(const uint64_t *b, uint64_t *best)
{
    static affine x[MAX_SIDE + 1][MAX_SIDE], d[MAX_SIDE][MAX_SIDE];
    static uint64_t kern[MAX_SIDE][MAX_SIDE], cur[MAX_SIDE];
    uint64_t zero[MAX_SIDE] = {0};
    affine eq[MAX_SIDE];
    int pivot[MAX_SIDE], rank = 0, nk = 0;
    for (int c = 0; c < n; c++)
        x[0][c] = (affine){1ull << c, 0};
    for (int r = 0; r < m; r++)
        for (int c = 0; c < n; c++) {
            affine a = {x[r][c].coef, x[r][c].cst ^ (int)((b[r] >> c) & 1)};
            if (c > 0)
                a.coef ^= x[r][c - 1].coef, a.cst ^= x[r][c - 1].cst;
            if (c + 1 < n)
                a.coef ^= x[r][c + 1].coef, a.cst ^= x[r][c + 1].cst;
            if (r > 0)
                a.coef ^= x[r - 1][c].coef, a.cst ^= x[r - 1][c].cst;
            d[r][c] = a;
            x[r + 1][c] = a; /* pressed below to clear it */
        }
    /* The last row dark: d[m-1][c] = 0, i.e. coef . first = cst. */
    for (int c = 0; c < n; c++)
        eq[c] = d[m - 1][c];
    for (int v = 0; v < n; v++) {
        int i = rank;
        while (i < n && !((eq[i].coef >> v) & 1))
            i++;
        if (i == n)
            continue;
        affine t = eq[i];
        eq[i] = eq[rank];
        eq[rank] = t;
        for (int j = 0; j < n; j++)
            if (j != rank && ((eq[j].coef >> v) & 1))
                eq[j].coef ^= t.coef, eq[j].cst ^= t.cst;
        pivot[rank++] = v;
    }
    for (int i = rank; i < n; i++)
        if (eq[i].cst)
            return 0;
    uint64_t first = 0, pivots = 0;
    for (int i = 0; i < rank; i++) {
        first |= (uint64_t)eq[i].cst << pivot[i];
        pivots |= 1ull << pivot[i];
    }
    chase(b, first, cur);
    for (int f = 0; f < n; f++) {
        if ((pivots >> f) & 1)
            continue;
        uint64_t k = 1ull << f;
        for (int i = 0; i < rank; i++)
            if ((eq[i].coef >> f) & 1)
                k |= 1ull << pivot[i];
        chase(zero, k, kern[nk++]);
    }
    memcpy(best, cur, (size_t)m * sizeof *cur);
    int bw = weight(best);
    for (uint64_t g = 1; nk && g < 1ull << nk; g++) {
        uint64_t *k = kern[__builtin_ctzll(g)];
        for (int r = 0; r < m; r++)
            cur[r] ^= k[r];
        int w = weight(cur);
        if (w < bw || (w == bw && before(cur, best))) {
            memcpy(best, cur, (size_t)m * sizeof *cur);
            bw = w;
        }
    }
    return 1;
}

int main(void)
{
    char line[256];
    long count;
    m = 5, n = 6;
    if (!fgets(line, sizeof line, stdin) || sscanf(line, "%ld %d %d", &count, &m, &n) < 1)
        return 1;
    mask = n == 64 ? ~0ull : (1ull << n) - 1;
    for (long k = 1; k <= count; k++) {
        uint64_t b[MAX_SIDE] = {0}, x[MAX_SIDE];
        for (int r = 0; r < m; r++)
            for (int c = 0; c < n; c++) {
                int v;
                if (scanf("%d", &v) != 1)
                    return 1;
                b[r] |= (uint64_t)(v & 1) << c;
            }
        printf("PUZZLE #%ld\n", k);
        if (!solve(b, x)) {
            puts("IMPOSSIBLE");
            continue;
        }
        for (int r = 0; r < m; r++)
            for (int c = 0; c < n; c++)
                printf("%d%c", (int)((x[r] >> c) & 1), c + 1 < n ? ' ' : '\n');
    }
    return 0;
}
