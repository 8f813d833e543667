/* Flip Game (POJ 1753): the package's input and output validator, written
 * by puzzlebench package; gcc -O2 validate.c, C library only.
 *
 * Input: boards of 4 lines of 4 characters b/w, one after another (blank
 * lines between them, blanks around a row and a missing final newline
 * allowed); a first line "m n" (1 <= m, n <= 8) announces m x n boards.
 * Output: one line per board, the fewest moves (no leading zeros) or
 * "Impossible"; blank lines may follow the last.
 * The output validator finds the fewest moves itself: with the presses of
 * the first row chosen, each later row's are forced (press under each piece
 * that still differs from the goal above it), so trying the 2^n first rows
 * for each goal (all white, all black) finds every answer.  A jury answer
 * that says otherwise is a judge error.
 */
#include "validate.h"

enum { MAX_SIDE = 8 };

typedef struct board {
    int m, n;
    unsigned rows[MAX_SIDE]; /* bit c of rows[r]: piece (r, c) is black */
} board;

static int header_m = 4, header_n = 4, started;

/* One row of n pieces, blanks around it allowed. */
static int read_row(reader *r, int n, unsigned *row)
{
    const char *s = r->buf;
    size_t len = strlen(s), lead = strspn(s, " \t");
    while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
        len--;
    *row = 0;
    for (size_t c = lead; c < len; c++) {
        if (s[c] != 'b' && s[c] != 'w')
            return fail(r, "expected 'b' or 'w' in column %zu", c + 1);
        if (c - lead < (size_t)n)
            *row |= (unsigned)(s[c] == 'b') << (c - lead);
    }
    if (len - lead != (size_t)n)
        return fail(r, "expected a row of %d pieces 'b'/'w', found %zu", n, len - lead);
    return 0;
}

/* One board: 1, 0 at the end of the input, -1 bad. */
static int read_board(reader *r, board *b)
{
    int rc;
    if (!started) {
        started = 1;
        if ((rc = next_nonblank(r)) <= 0)
            return rc;
        const char *p = r->buf + strspn(r->buf, " \t");
        long long m, n;
        if (*p >= '0' && *p <= '9') {
            if (!parse_uint(&p, 99, &m) || !parse_uint(&p, 99, &n) || !is_blank(p) || m < 1 ||
                n < 1 || m > MAX_SIDE || n > MAX_SIDE)
                return fail(r, "expected a size line \"m n\" with 1 <= m, n <= %d, or a board",
                            MAX_SIDE);
            header_m = (int)m;
            header_n = (int)n;
        } else {
            r->pushed = 1;
        }
    }
    if ((rc = next_nonblank(r)) <= 0)
        return rc;
    b->m = header_m;
    b->n = header_n;
    for (int i = 0; i < b->m; i++) {
        if (i > 0 && (rc = get_line(r)) <= 0)
            return rc < 0 ? rc
                          : fail(r, "expected %d rows in this board, the input ended after %d",
                                 b->m, i);
        if (is_blank(r->buf))
            return fail(r, "expected row %d of %d, found a blank line", i + 1, b->m);
        if (read_row(r, b->n, &b->rows[i]))
            return -1;
    }
    return 1;
}

/* The whole input: the boards, or a message and exit 43 / judge error. */
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

/* The fewest moves to one colour, or -1. */
static int fewest(const board *b)
{
    unsigned mask = (1u << b->n) - 1;
    int best = -1;
    for (int goal = 0; goal < 2; goal++)
        for (unsigned first = 0; first <= mask; first++) {
            unsigned press[MAX_SIDE], diff[MAX_SIDE];
            int w = 0;
            for (int r = 0; r < b->m; r++)
                diff[r] = b->rows[r] ^ (goal ? mask : 0);
            press[0] = first;
            for (int r = 0; r < b->m; r++) {
                unsigned p = press[r];
                w += __builtin_popcount(p);
                diff[r] ^= (p ^ (p << 1) ^ (p >> 1)) & mask;
                if (r + 1 < b->m)
                    diff[r + 1] ^= p;
                if (r > 0)
                    diff[r - 1] ^= p;
                if (r + 1 < b->m)
                    press[r + 1] = diff[r]; /* row r is right once these are pressed */
            }
            if (!diff[b->m - 1] && (best < 0 || w < best))
                best = w;
        }
    return best;
}

/* Answer k: the count, or -1 for Impossible; 1, 0 at the end, -1 bad. */
static int read_answer(reader *r, const board *b, int *moves)
{
    int rc;
    long long v;
    if ((rc = get_line(r)) <= 0)
        return rc;
    const char *p = r->buf;
    if (!strcmp(p, "Impossible")) {
        *moves = -1;
        return 1;
    }
    if (p[0] == '0' && p[1] >= '0' && p[1] <= '9')
        return fail(r, "expected a number of moves without leading zeros");
    if (*p >= '0' && *p <= '9' && parse_uint(&p, b->m * b->n, &v) && !*p) {
        *moves = (int)v;
        return 1;
    }
    return fail(r, "expected a number of moves from 0 to %d or \"Impossible\"", b->m * b->n);
}

static const char *said(int moves, char *buf)
{
    if (moves < 0)
        return "Impossible";
    sprintf(buf, "%d", moves);
    return buf;
}

int main(int argc, char **argv)
{
    reader in, jury, team;
    long count;
    char a[16], b[16];
    if (!start(argc, argv, &in, &jury, &team)) {
        read_input(&in, &count, EXIT_WRONG);
        verdict(EXIT_ACCEPTED, "%ld board%s", count, count == 1 ? "" : "s");
    }
    board *boards = read_input(&in, &count, EXIT_JUDGE_ERROR);
    for (long k = 0; k < count; k++) {
        int want = fewest(&boards[k]), theirs, got;
        judge_read(read_answer(&jury, &boards[k], &theirs), "the judge answer");
        if (theirs != want)
            verdict(EXIT_JUDGE_ERROR,
                    "judge error: board %ld: the judge answer says %s, the fewest is %s", k + 1,
                    said(theirs, a), said(want, b));
        int rc = read_answer(&team, &boards[k], &got);
        if (rc < 0)
            verdict(EXIT_WRONG, "board %ld: cannot read the answer: %s", k + 1, why);
        if (rc == 0)
            verdict(EXIT_WRONG, "the output ended before answer %ld", k + 1);
        if (got != want)
            verdict(EXIT_WRONG, "board %ld: expected %s, found %s", k + 1, said(want, a),
                    said(got, b));
    }
    end_of_output(&team, count);
}
