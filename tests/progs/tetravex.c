/* tetravex.c - a judge-format Gnome Tetravex program (ZOJ 1008) for the
 * stress tests, written apart from the solvers: the classic accepted method.
 * Identical tiles are merged into kinds with counts, then cells are filled in
 * row-major order by backtracking, each kind checked against its top and left
 * neighbours only.  Exponential in the worst case, fine for the small boards
 * the tests give it.  Games: a line with n, then n*n lines "top right bottom
 * left"; a 0 ends the input.  Output: "Game k: Possible" or "... Impossible",
 * a blank line between games.
 */
#include <stdio.h>
#include <string.h>

enum { MAX = 8, TOP = 0, RIGHT = 1, BOTTOM = 2, LEFT = 3 };

static int n, kinds, tile[MAX * MAX][4], count[MAX * MAX], placed[MAX * MAX];

static int fill(int cell)
{
    if (cell == n * n)
        return 1;
    int r = cell / n, c = cell % n;
    for (int k = 0; k < kinds; k++) {
        if (!count[k])
            continue;
        if (c > 0 && tile[placed[cell - 1]][RIGHT] != tile[k][LEFT])
            continue;
        if (r > 0 && tile[placed[cell - n]][BOTTOM] != tile[k][TOP])
            continue;
        count[k]--;
        placed[cell] = k;
        if (fill(cell + 1))
            return 1;
        count[k]++;
    }
    return 0;
}

int main(void)
{
    for (int game = 1; scanf("%d", &n) == 1 && n > 0; game++) {
        kinds = 0;
        for (int i = 0; i < n * n; i++) {
            int t[4], k;
            if (scanf("%d %d %d %d", &t[0], &t[1], &t[2], &t[3]) != 4)
                return 1;
            for (k = 0; k < kinds && memcmp(tile[k], t, sizeof t); k++)
                ;
            if (k == kinds) {
                memcpy(tile[kinds], t, sizeof t);
                count[kinds++] = 0;
            }
            count[k]++;
        }
        printf("%sGame %d: %s\n", game > 1 ? "\n" : "", game, fill(0) ? "Possible" : "Impossible");
    }
    return 0;
}
