/* Gnome Tetravex (ZOJ 1008): the package's input and output validator,
 * written by puzzlebench package; gcc -O2 validate.c, C library only.
 *
 * Input: games, each a line with n (1 to 12) and n*n lines of four numbers
 * 0..9 (top right bottom left), blank lines between games; a line "0" ends
 * the input.  A size line "n fixed D" is a piece of a game (puzzlebench gen
 * --pieces): its first D tiles are pinned.
 * Output for game k: "Game k: Possible" or "Game k: Impossible", exactly
 * one empty line between games, nothing else.  Whether a game is possible
 * is the jury's word (the puzzle is NP-complete): the output must say what
 * the jury's answer says.
 */
#include "validate.h"

enum { MAX_N = 12 };

/* The next blank-separated word: its length (0 at the end), *value its
 * number (at most 1000), or -1 if it is not one. */
static size_t next_word(const char **p, const char **word, int *value)
{
    const char *s = *p;
    size_t len = 0;
    while (*s == ' ' || *s == '\t')
        s++;
    *word = s;
    *value = 0;
    for (; s[len] && s[len] != ' ' && s[len] != '\t'; len++)
        if (*value >= 0) {
            *value = s[len] < '0' || s[len] > '9' ? -1 : *value * 10 + s[len] - '0';
            if (*value > 1000)
                *value = 1000;
        }
    *p = s + len;
    return len;
}

static int read_size(reader *r, int *n)
{
    const char *p = r->buf, *w;
    int v, d;
    size_t len;
    next_word(&p, &w, &v);
    if (v < 0 || v > MAX_N)
        return fail(r, "expected a board size n from 1 to %d, or 0 to end the input", MAX_N);
    *n = v;
    if (is_blank(p))
        return 0;
    len = next_word(&p, &w, &d);
    if (v == 0 || len != 5 || strncmp(w, "fixed", 5))
        return fail(r, "expected only the board size n on this line");
    next_word(&p, &w, &d);
    if (d < 0 || d > v * v || !is_blank(p))
        return fail(r, "expected n fixed D, D from 0 to %d (tiles pinned)", v * v);
    return 0;
}

static int read_tile(reader *r, int i, int count)
{
    const char *p = r->buf, *w;
    int v, s = 0;
    while (next_word(&p, &w, &v) > 0) {
        if (s == 4)
            return fail(r, "expected 4 numbers for tile %d of %d, found more", i + 1, count);
        if (v < 0 || v > 9)
            return fail(r, "expected a number from 0 to 9 in tile %d of %d", i + 1, count);
        s++;
    }
    if (s < 4)
        return fail(r, "expected 4 numbers (top right bottom left) for tile %d of %d, found %d",
                    i + 1, count, s);
    return 0;
}

/* One game: 1, 0 after the line 0 that ends the input, -1 bad. */
static int read_game(reader *r)
{
    int rc, n = 0;
    if ((rc = next_nonblank(r)) <= 0)
        return rc ? rc : fail(r, "expected a line 0 to end the input, found the end of the input");
    if (read_size(r, &n))
        return -1;
    if (n == 0) {
        if ((rc = next_nonblank(r)) != 0)
            return rc < 0 ? rc : fail(r, "expected nothing after the 0 that ends the input");
        return 0;
    }
    for (int i = 0; i < n * n; i++) {
        if ((rc = get_line(r)) <= 0)
            return rc ? rc
                      : fail(r, "expected %d tiles in this game, the input ended after %d", n * n,
                             i);
        if (is_blank(r->buf))
            return fail(r, "expected tile %d of %d, found an empty line", i + 1, n * n);
        if (read_tile(r, i, n * n))
            return -1;
    }
    return 1;
}

static long read_input(reader *r, int code)
{
    long count = 0;
    int rc;
    while ((rc = read_game(r)) == 1)
        count++;
    if (rc < 0)
        verdict(code, "%s%s", code == EXIT_WRONG ? "" : "judge error: ", why);
    return count;
}

/* Game k's answer: 1 Possible, 2 Impossible, 3 unknown (what a budgeted
 * puzzlebench solve prints); 0 at the end, -1 bad. */
static int read_answer(reader *r, long k)
{
    char yes[48], no[48], unknown[48];
    int rc;
    if ((rc = get_line(r)) <= 0)
        return rc;
    snprintf(yes, sizeof yes, "Game %ld: Possible", k);
    snprintf(no, sizeof no, "Game %ld: Impossible", k);
    if (k > 1) {
        if (r->len)
            return fail(r, "expected an empty line before game %ld", k);
        if ((rc = get_line(r)) <= 0)
            return rc ? rc : fail(r, "expected \"%s\" or \"%s\", found the end", yes, no);
    }
    snprintf(unknown, sizeof unknown, "Game %ld: unknown", k);
    if (!strcmp(r->buf, yes))
        return 1;
    if (!strcmp(r->buf, no))
        return 2;
    if (!strcmp(r->buf, unknown))
        return 3;
    return fail(r, "expected \"%s\" or \"%s\"", yes, no);
}

static const char *const said[] = {"", "Possible", "Impossible", "unknown"};

int main(int argc, char **argv)
{
    reader in, jury, team;
    if (!start(argc, argv, &in, &jury, &team)) {
        long count = read_input(&in, EXIT_WRONG);
        verdict(EXIT_ACCEPTED, "%ld game%s", count, count == 1 ? "" : "s");
    }
    long count = read_input(&in, EXIT_JUDGE_ERROR);
    for (long k = 1; k <= count; k++) {
        int want = read_answer(&jury, k);
        judge_read(want, "the judge answer");
        if (want == 3)
            verdict(EXIT_JUDGE_ERROR, "judge error: game %ld: the judge answer is unknown", k);
        int got = read_answer(&team, k);
        if (got < 0)
            verdict(EXIT_WRONG, "game %ld: cannot read the answer: %s", k, why);
        if (got == 0)
            verdict(EXIT_WRONG, "the output ended before answer %ld", k);
        if (got != want)
            verdict(EXIT_WRONG, "game %ld: expected %s, found %s", k, said[want], said[got]);
    }
    end_of_output(&team, count);
}
