/* Gnome Tetravex (ZOJ 1008): the package's reference solution, written by
 * puzzlebench package.
 *
 * Games until a line 0: n (to 12) and n*n tiles "top right bottom left";
 * "Game k: Possible" or "Game k: Impossible", an empty line between games.
 * The classic accepted method: identical tiles merged into kinds with
 * counts, then backtracking in row-major order, each cell's kind checked
 * against its top and left neighbours.  A piece of a game ("n fixed D",
 * from puzzlebench gen --pieces) holds its first D tiles on the first D
 * cells of the square grown from the corner.  Exponential in the worst
 * case, as the puzzle is NP-complete; quick on random games away from the
 * hardness peak.
 */
#include <stdio.h>
#include <string.h>

enum { MAX_N = 12, CELLS = MAX_N * MAX_N };

static int n, kinds, side[CELLS][4], count[CELLS], at[CELLS], pinned[CELLS];

static int place(int cell)
{
    if (cell == n * n)
        return 1;
    int r = cell / n, c = cell % n;
    for (int k = 0; k < kinds; k++) {
        if (!count[k] || (pinned[cell] >= 0 && pinned[cell] != k))
            continue;
        if (c > 0 && side[at[cell - 1]][1] != side[k][3])
            continue;
        if (r > 0 && side[at[cell - n]][2] != side[k][0])
            continue;
        count[k]--;
        at[cell] = k;
        if (place(cell + 1))
            return 1;
        count[k]++;
    }
    return 0;
}

/* The i-th cell of the square grown from the corner: (0,0), then column w
 * beside the w x w square top down, then row w below it left to right. */
static int square_cell(int i)
{
    int w = 0;
    while ((w + 1) * (w + 1) <= i)
        w++;
    i -= w * w;
    return i < w ? i * n + w : w * n + i - w;
}

int main(void)
{
    char line[256];
    int game = 0;
    while (fgets(line, sizeof line, stdin)) {
        int fixed = 0, tile[4], kind_of[CELLS];
        char word[16];
        if (sscanf(line, "%d", &n) != 1)
            continue; /* a blank line */
        if (n == 0)
            break;
        if (sscanf(line, "%*d %15s %d", word, &fixed) < 1 || strcmp(word, "fixed"))
            fixed = 0;
        kinds = 0;
        for (int t = 0; t < n * n; t++) {
            if (scanf("%d %d %d %d", &tile[0], &tile[1], &tile[2], &tile[3]) != 4)
                return 1;
            int k = 0;
            while (k < kinds && memcmp(side[k], tile, sizeof tile))
                k++;
            if (k == kinds) {
                memcpy(side[kinds], tile, sizeof tile);
                count[kinds++] = 0;
            }
            count[k]++;
            kind_of[t] = k;
        }
        for (int cell = 0; cell < n * n; cell++)
            pinned[cell] = -1;
        for (int i = 0; i < fixed; i++)
            pinned[square_cell(i)] = kind_of[i];
        game++;
        printf("%sGame %d: %s\n", game > 1 ? "\n" : "", game, place(0) ? "Possible" : "Impossible");
    }
    return 0;
}
