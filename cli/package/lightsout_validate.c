/* Extended Lights Out (POJ 1222): the package's input and output validator,
 * written by puzzlebench package; gcc -O2 validate.c, C library only.
 *
 * Input: a line with the number of puzzles N (to 10^8), then N puzzles of 5
 * lines of 6 values 0/1 separated by blanks; a first line "N m n" (1 <= m,
 * n <= 64) announces m x n boards.  Blank lines may come before a puzzle
 * and after the last.
 * Output per puzzle k: "PUZZLE #k", then m lines of n values 0/1 separated
 * by exactly one space (1: press), or the line "IMPOSSIBLE".  The presses
 * are replayed on the board, which must end all off; and they must be the
 * jury's: the fewest, ties broken by the smallest press set read row by row
 * from cell (0,0), so that every right program prints the same.  A valid
 * answer better than the jury's is a judge error.
 */
#include <stdint.h>

#include "validate.h"

enum { MAX_SIDE = 64, MAX_COUNT = 100000000 };

typedef struct board {
    int m, n;
    uint64_t rows[MAX_SIDE]; /* bit c of rows[r]: light (r, c) is on */
} board;

typedef struct answer {
    int impossible;
    uint64_t press[MAX_SIDE];
} answer;

static long long header[3];
static int started;

/* A row of n values 0/1 separated by blanks (strict: by exactly one space). */
static int read_values(reader *r, int n, int strict, uint64_t *row)
{
    const char *s = r->buf;
    int c = 0;
    *row = 0;
    for (;;) {
        const char *start = s;
        while (*s == ' ' || (!strict && *s == '\t'))
            s++;
        if (!*s)
            break;
        if (strict && (s - start) != (c ? 1 : 0))
            return fail(r, "expected values separated by exactly one space");
        if ((*s != '0' && *s != '1') || (s[1] && s[1] != ' ' && s[1] != '\t'))
            return fail(r, "expected a value 0 or 1 in position %d", c + 1);
        if (c == n)
            return fail(r, "expected %d values on this line, found more", n);
        *row |= (uint64_t)(*s++ == '1') << c;
        c++;
    }
    if (strict && s > r->buf && s[-1] == ' ')
        return fail(r, "expected no space at the end of the line");
    if (c != n)
        return fail(r, "expected %d values 0/1 on this line, found %d", n, c);
    return 0;
}

/* One board: 1, 0 at the end, -1 bad. */
static int read_board(reader *r, board *b)
{
    int rc;
    if (!started) {
        const char *p;
        long long v[3] = {0, 5, 6};
        started = 1;
        if ((rc = next_nonblank(r)) <= 0)
            return rc ? rc : fail(r, "expected the number of puzzles, found an empty input");
        p = r->buf;
        if (!parse_uint(&p, MAX_COUNT, &v[0]))
            return fail(r, "expected the number of puzzles (0 to %d)", MAX_COUNT);
        if (!is_blank(p) && (!parse_uint(&p, MAX_SIDE, &v[1]) || !parse_uint(&p, MAX_SIDE, &v[2]) ||
                             !is_blank(p) || v[1] < 1 || v[2] < 1))
            return fail(r, "expected \"N\" or \"N m n\" with 1 <= m, n <= %d", MAX_SIDE);
        memcpy(header, v, sizeof v);
    }
    if (header[0] == 0) {
        if ((rc = next_nonblank(r)) == 1)
            return fail(r, "expected the end of the input after the puzzles");
        return rc;
    }
    b->m = (int)header[1];
    b->n = (int)header[2];
    if ((rc = next_nonblank(r)) < 0)
        return rc;
    for (int i = 0; i < b->m; i++) {
        if (rc == 0 || (i > 0 && (rc = get_line(r)) == 0))
            return fail(r, "expected %lld more puzzle%s: the input ended", header[0],
                        header[0] > 1 ? "s" : "");
        if (rc < 0)
            return rc;
        if (read_values(r, b->n, 0, &b->rows[i]))
            return -1;
    }
    header[0]--;
    return 1;
}

static board *read_input(reader *r, long *count, int code)
{
    board *all = NULL;
    long cap = 0;
    int rc;
    *count = 0;
    for (;;) {
        if (*count == cap && !(all = realloc(all, (size_t)(cap = 2 * cap + 16) * sizeof *all)))
            verdict(EXIT_JUDGE_ERROR, "out of memory");
        if ((rc = read_board(r, &all[*count])) <= 0)
            break;
        ++*count;
    }
    if (rc < 0)
        verdict(code, "%s%s", code == EXIT_WRONG ? "" : "judge error: ", why);
    return all;
}

/* The answer to puzzle k: 1, 0 at the end before it, -1 bad. */
static int read_answer(reader *r, long k, const board *b, answer *a)
{
    char head[32];
    int rc;
    memset(a, 0, sizeof *a);
    if ((rc = get_line(r)) <= 0)
        return rc;
    snprintf(head, sizeof head, "PUZZLE #%ld", k);
    if (strcmp(r->buf, head))
        return fail(r, "expected \"%s\"", head);
    if ((rc = get_line(r)) <= 0)
        return rc ? rc : fail(r, "expected the answer to puzzle %ld: the output ended", k);
    if (!strcmp(r->buf, "IMPOSSIBLE")) {
        a->impossible = 1;
        return 1;
    }
    for (int i = 0; i < b->m; i++) {
        if (i > 0 && (rc = get_line(r)) <= 0)
            return rc ? rc : fail(r, "expected %d rows of presses: the output ended", b->m);
        if (read_values(r, b->n, 1, &a->press[i]))
            return -1;
    }
    return 1;
}

/* The presses replayed on the board: 1 when every light ends off. */
static int turns_off(const board *b, const answer *a)
{
    uint64_t mask = b->n == 64 ? ~0ull : (1ull << b->n) - 1;
    for (int r = 0; r < b->m; r++) {
        uint64_t x = a->press[r], out = b->rows[r] ^ x ^ ((x << 1) & mask) ^ (x >> 1);
        if (r > 0)
            out ^= a->press[r - 1];
        if (r + 1 < b->m)
            out ^= a->press[r + 1];
        if (out)
            return 0;
    }
    return 1;
}

static int presses(const board *b, const answer *a)
{
    int w = 0;
    for (int r = 0; r < b->m; r++)
        w += __builtin_popcountll(a->press[r]);
    return w;
}

/* Is x before y, read row by row from cell (0,0), a 0 before a 1? */
static int before(const board *b, const answer *x, const answer *y)
{
    for (int r = 0; r < b->m; r++) {
        uint64_t d = x->press[r] ^ y->press[r];
        if (d)
            return !(x->press[r] & d & -d);
    }
    return 0;
}

int main(int argc, char **argv)
{
    reader in, jury, team;
    long count;
    answer want, got;
    if (!start(argc, argv, &in, &jury, &team)) {
        read_input(&in, &count, EXIT_WRONG);
        verdict(EXIT_ACCEPTED, "%ld puzzle%s", count, count == 1 ? "" : "s");
    }
    board *boards = read_input(&in, &count, EXIT_JUDGE_ERROR);
    for (long k = 0; k < count; k++) {
        const board *b = &boards[k];
        judge_read(read_answer(&jury, k + 1, b, &want), "the judge answer");
        if (!want.impossible && !turns_off(b, &want))
            verdict(EXIT_JUDGE_ERROR,
                    "judge error: puzzle %ld: the judge's presses leave lights on", k + 1);
        int rc = read_answer(&team, k + 1, b, &got);
        if (rc < 0)
            verdict(EXIT_WRONG, "puzzle %ld: cannot read the answer: %s", k + 1, why);
        if (rc == 0)
            verdict(EXIT_WRONG, "the output ended before answer %ld", k + 1);
        if (got.impossible && !want.impossible)
            verdict(EXIT_WRONG, "puzzle %ld: IMPOSSIBLE, but the board can be turned off", k + 1);
        if (got.impossible)
            continue;
        if (!turns_off(b, &got))
            verdict(EXIT_WRONG, "puzzle %ld: the presses leave lights on", k + 1);
        int w = presses(b, &got), v = want.impossible ? -1 : presses(b, &want);
        if (want.impossible || w < v || (w == v && before(b, &got, &want)))
            verdict(EXIT_JUDGE_ERROR,
                    "judge error: puzzle %ld: the output's presses (%d) turn the board off and "
                    "come before the judge's (%s)",
                    k + 1, w, want.impossible ? "IMPOSSIBLE" : "more or later presses");
        if (w > v)
            verdict(EXIT_WRONG, "puzzle %ld: %d presses, the fewest are %d", k + 1, w, v);
        if (memcmp(got.press, want.press, sizeof got.press))
            verdict(EXIT_WRONG,
                    "puzzle %ld: %d presses, as few as the judge's, but not the first such set "
                    "read row by row from cell (0,0)",
                    k + 1, w);
    }
    end_of_output(&team, count);
}
