/* lightsout.c - a judge-format Extended Lights Out program (POJ 1222) for the
 * stress tests, written apart from the solvers: light chasing.  The presses of
 * the first row decide the rest (press under every light still on in the row
 * above), so it tries the 2^6 first rows and keeps the one that clears the
 * last row; on 5x6 exactly one does.  argv[1] is "ok" (the default) or
 * "wrong", which tries only the first rows with no press in the last column
 * and prints its last try when none of them works.
 */
#include <stdio.h>
#include <string.h>

enum { ROWS = 5, COLS = 6 };

/* Chases the lights of b with first row presses p0; returns the last row left on. */
static unsigned chase(const unsigned *b, unsigned p0, unsigned *x)
{
    unsigned rows[ROWS + 1], mask = (1u << COLS) - 1;
    memcpy(rows, b, ROWS * sizeof *b);
    rows[ROWS] = 0;
    x[0] = p0;
    for (int r = 0; r < ROWS; r++) {
        unsigned p = x[r];
        rows[r] ^= (p ^ (p << 1) ^ (p >> 1)) & mask;
        if (r > 0)
            rows[r - 1] ^= p;
        rows[r + 1] ^= p;
        if (r + 1 < ROWS)
            x[r + 1] = rows[r];
    }
    return rows[ROWS - 1];
}

int main(int argc, char **argv)
{
    int wrong = argc > 1 && !strcmp(argv[1], "wrong"), n;
    if (scanf("%d", &n) != 1)
        return 1;
    for (int k = 1; k <= n; k++) {
        unsigned b[ROWS] = {0}, x[ROWS];
        for (int r = 0; r < ROWS; r++)
            for (int c = 0; c < COLS; c++) {
                int v;
                if (scanf("%d", &v) != 1)
                    return 1;
                b[r] |= (unsigned)(v & 1) << c;
            }
        for (unsigned p0 = 0; p0 < (wrong ? 32u : 64u); p0++)
            if (chase(b, p0, x) == 0)
                break;
        printf("PUZZLE #%d\n", k);
        for (int r = 0; r < ROWS; r++)
            for (int c = 0; c < COLS; c++)
                printf("%u%c", (x[r] >> c) & 1, c + 1 < COLS ? ' ' : '\n');
    }
    return 0;
}
