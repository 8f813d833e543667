/* brute.c - a brute force for `puzzlebench stress --against`: every set of
 * presses of a board of at most 20 cells, the fewest kept.  Slow and sure,
 * and written apart from the solvers and from flip.c's light chasing.
 *
 *   brute flip [wrong]       Flip Game (POJ 1753, and our "m n" header):
 *                            the fewest presses that make the board one
 *                            colour; wrong: says 3 where the fewest is 2
 *   brute lightsout [last]   Lights Out ("N" for 5x6, "N M N" otherwise):
 *                            a set of the fewest presses that turns every
 *                            light off; of several such sets it prints the
 *                            first in enumeration order, or with "last" the
 *                            last: valid and fewest, but not the canonical
 *                            one our solvers print
 *
 * Other arguments are ignored.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

enum { CELLS = 20 };

static int rows, cols;

/* The board after pressing the set x (bit r*cols+c). */
static unsigned press(unsigned b, unsigned x)
{
    for (int i = 0; i < rows * cols; i++)
        if (x >> i & 1) {
            int r = i / cols, c = i % cols;
            b ^= 1u << i;
            if (r > 0)
                b ^= 1u << (i - cols);
            if (r + 1 < rows)
                b ^= 1u << (i + cols);
            if (c > 0)
                b ^= 1u << (i - 1);
            if (c + 1 < cols)
                b ^= 1u << (i + 1);
        }
    return b;
}

/* The fewest presses that make b equal one of the goals, the set in *best
 * (the last of them in enumeration order with last), or -1. */
static int fewest(unsigned b, unsigned goal1, unsigned goal2, int last, unsigned *best)
{
    int n = -1;
    for (unsigned x = 0; x < 1u << (rows * cols); x++) {
        unsigned after = press(b, x);
        int k = __builtin_popcount(x);
        if ((after == goal1 || after == goal2) && (n < 0 || k < n || (last && k == n))) {
            n = k;
            *best = x;
        }
    }
    return n;
}

static int flip(int wrong)
{
    int ch, n = 0;
    unsigned b = 0, all, x;
    rows = cols = 4;
    while ((ch = getchar()) != EOF && isspace(ch))
        ;
    ungetc(ch, stdin);
    if (isdigit(ch) && scanf("%d %d", &rows, &cols) != 2)
        return 1;
    if (rows * cols > CELLS)
        return 3;
    all = (1u << (rows * cols)) - 1;
    for (;;) {
        while (n < rows * cols && (ch = getchar()) != EOF)
            if (ch == 'b' || ch == 'w')
                b |= (unsigned)(ch == 'b') << n++;
        if (n < rows * cols)
            return n ? 1 : 0;
        int k = fewest(b, 0, all, 0, &x);
        if (k < 0)
            puts("Impossible");
        else
            printf("%d\n", wrong && k == 2 ? 3 : k);
        n = 0;
        b = 0;
    }
}

static int lightsout(int last)
{
    int count;
    if (scanf("%d", &count) != 1)
        return 1;
    rows = 5, cols = 6;
    if (getchar() == ' ' && scanf("%d %d", &rows, &cols) != 2)
        return 1;
    if (rows * cols > CELLS)
        return 3;
    for (int k = 1; k <= count; k++) {
        unsigned b = 0, x = 0;
        for (int i = 0; i < rows * cols; i++) {
            int v;
            if (scanf("%d", &v) != 1)
                return 1;
            b |= (unsigned)(v & 1) << i;
        }
        printf("PUZZLE #%d\n", k);
        if (fewest(b, 0, 0, last, &x) < 0) {
            puts("IMPOSSIBLE");
            continue;
        }
        for (int i = 0; i < rows * cols; i++)
            printf("%u%c", x >> i & 1, (i + 1) % cols ? ' ' : '\n');
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 2 ? argv[2] : "";
    if (argc > 1 && !strcmp(argv[1], "flip"))
        return flip(!strcmp(mode, "wrong"));
    if (argc > 1 && !strcmp(argv[1], "lightsout"))
        return lightsout(!strcmp(mode, "last"));
    return 2;
}
