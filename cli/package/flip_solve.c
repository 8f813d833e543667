/* Flip Game (POJ 1753): the package's reference solution, written by
 * puzzlebench package.
 *
 * Boards of 4 lines of 4 characters b/w until the end of the input (or,
 * after a first line "m n", m x n boards up to 8x8); for each, the fewest
 * moves that make it one colour, or "Impossible".  Once the first row's
 * presses are chosen, every later row's are forced: press under each piece
 * that still differs from the goal.  So the 2^n first rows, for each of
 * the two goals, give every answer; the fewest presses win.
 */
#include <stdio.h>
#include <string.h>

enum { MAX_SIDE = 8 };

static int fewest(const unsigned *rows, int m, int n)
{
    unsigned mask = (1u << n) - 1;
    int best = -1;
    for (int goal = 0; goal < 2; goal++)
        for (unsigned first = 0; first <= mask; first++) {
            unsigned diff[MAX_SIDE], press = first;
            int w = 0;
            for (int r = 0; r < m; r++)
                diff[r] = rows[r] ^ (goal ? mask : 0);
            for (int r = 0; r < m; r++) {
                /* Row r's presses toggle it and the row below (the row
                 * above, left as it was, they clear). */
                w += __builtin_popcount(press);
                diff[r] ^= (press ^ (press << 1) ^ (press >> 1)) & mask;
                if (r + 1 < m)
                    diff[r + 1] ^= press;
                press = diff[r]; /* the next row's presses clear what is left here */
            }
            if (!diff[m - 1] && (best < 0 || w < best))
                best = w;
        }
    return best;
}

int main(void)
{
    char line[256];
    int m = 4, n = 4, first = 1, r = 0;
    unsigned rows[MAX_SIDE];
    while (fgets(line, sizeof line, stdin)) {
        char *s = line + strspn(line, " \t");
        size_t len = strcspn(s, " \t\r\n");
        if (!len)
            continue; /* a blank line between boards */
        if (first && sscanf(s, "%d %d", &m, &n) == 2) {
            first = 0;
            continue;
        }
        first = 0;
        rows[r] = 0;
        for (int c = 0; c < n; c++)
            rows[r] |= (unsigned)(s[c] == 'b') << c;
        if (++r == m) {
            int k = fewest(rows, m, n);
            if (k < 0)
                puts("Impossible");
            else
                printf("%d\n", k);
            r = 0;
        }
    }
    return 0;
}
