/* flip.c - Flip Game (POJ 1753): make the board all white or all black.
 *
 * Judge input: boards of 4 lines of 4 characters 'b'/'w', one after another
 * (whitespace between boards allowed), answered one line each: the fewest
 * moves or "Impossible".  Our generalisation: a first line "m n" announces
 * m x n boards for the rest of the input (sides 1..8, and to 4096 through
 * the wide puzzle).  A black piece is a set bit; the algorithms live in
 * ../toggle/, and what both toggle puzzles share in ../toggle/puzzle.h.
 */
#include <string.h>

#include "../io.h"
#include "../toggle/puzzle.h"

enum { MAX_SIDE = 8 };

/* A row of n pieces into the words of row; blanks around it are allowed, as
 * the other puzzles' readers allow them around their values. */
static int read_row(pz_reader *r, int n, uint64_t *row, pz_error *e)
{
    const char *s = r->buf;
    size_t len = r->len, lead = strspn(s, " \t");
    while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
        len--;
    memset(row, 0, tg_big_words(n) * sizeof *row);
    for (size_t c = lead; c < len; c++) {
        char q[8];
        if (s[c] != 'b' && s[c] != 'w')
            return pz_fail(e, r, "expected 'b' or 'w' in column %zu, found '%s'", c + 1,
                           pz_quote(s + c, 1, q, sizeof q));
        if (c - lead < (size_t)n)
            row[(c - lead) / 64] |= (uint64_t)(s[c] == 'b') << ((c - lead) % 64);
    }
    if (len - lead != (size_t)n)
        return pz_fail(e, r, "expected a row of %d pieces 'b'/'w', found %zu", n, len - lead);
    return 0;
}

/* One board; the size line's sides up to max (MAX_SIDE, or TG_BIG_MAX for
 * the wide puzzle, whose boards past 64x64 take their rows from the
 * reader's arena). */
static int flip_read_board(pz_reader *r, void *inst, int max, pz_error *e)
{
    tg_board *bd = inst;
    int rc;
    if (!r->started) {
        r->started = 1;
        r->hdr[0] = r->hdr[1] = 4;
        if ((rc = pz_next_nonblank(r, e)) <= 0) /* no boards: as `gen` writes count=0 */
            return rc;
        const char *p = r->buf + strspn(r->buf, " \t");
        long long m, n;
        if (*p >= '0' && *p <= '9') { /* a size line, not a board */
            if (!pz_parse_uint(&p, max > 99 ? max : 99, &m) ||
                !pz_parse_uint(&p, max > 99 ? max : 99, &n) || !pz_is_blank(p) || m < 1 || n < 1 ||
                m > max || n > max)
                return pz_fail(
                    e, r, "expected a size line \"m n\" with 1 <= m, n <= %d, or a board", max);
            r->hdr[0] = m;
            r->hdr[1] = n;
        } else {
            pz_unread(r);
        }
    }
    if ((rc = pz_next_nonblank(r, e)) <= 0)
        return rc;
    int m = (int)r->hdr[0], n = (int)r->hdr[1];
    if (max > MAX_SIDE) {
        tg_wide_board(bd, m, n, r->arena);
    } else {
        bd->m = (uint8_t)m;
        bd->n = (uint8_t)n;
    }
    for (int i = 0; i < m; i++) {
        if (i > 0 && (rc = pz_getline(r, e)) <= 0) {
            if (rc < 0)
                return rc;
            return pz_fail(e, r, "expected %d rows in this board, the input ended after %d", m, i);
        }
        if (pz_is_blank(r->buf))
            return pz_fail(e, r, "expected row %d of %d, found a blank line", i + 1, m);
        if (read_row(r, n, tg_rows(bd, i), e))
            return -1;
    }
    return 1;
}

/* m rows of n pieces, row r from the w words at rows + r * w. */
static void write_rows(FILE *f, const uint64_t *rows, size_t w, int m, int n)
{
    for (int r = 0; r < m; r++, rows += w) {
        for (int c = 0; c < n; c++)
            putc_unlocked((rows[c / 64] >> (c % 64)) & 1 ? 'b' : 'w', f);
        putc_unlocked('\n', f);
    }
}

/* The boards in judge format: a size line first unless they are 4x4. */
static void flip_write_input(FILE *f, const void *insts, size_t count, uint64_t first,
                             uint64_t total)
{
    const tg_board *bd = insts;
    (void)total;
    if (count && tg_is_big(bd)) {
        if (first == 0)
            fprintf(f, "%d %d\n", bd->big.m, bd->big.n);
        for (size_t i = 0; i < count; i++, bd++)
            write_rows(f, bd->big.row, bd->big.w, bd->big.m, bd->big.n);
        return;
    }
    if (count && first == 0 && (bd->m != 4 || bd->n != 4))
        fprintf(f, "%d %d\n", bd->m, bd->n);
    for (size_t i = 0; i < count; i++, bd++)
        write_rows(f, bd->b, 1, bd->m, bd->n);
}

static void flip_write_answer(FILE *f, unsigned long long k, const void *inst, const void *ans)
{
    const tg_answer *a = ans;
    (void)k, (void)inst;
    if (a->weight < 0)
        fputs("Impossible\n", f);
    else
        fprintf(f, "%d\n", a->weight);
}

/* The fewest moves or "Impossible"; to a big board, the count alone as to
 * a small one (Flip Game's answers are always the fewest: its solvers take
 * no other size). */
static int flip_read_answer(pz_reader *r, unsigned long long k, const void *inst, void *ans,
                            pz_error *e)
{
    const tg_board *bd = inst;
    tg_answer *a = ans;
    const char *p;
    int big = tg_is_big(bd), rc;
    long long v, cells = big ? (long long)bd->big.m * bd->big.n : bd->m * bd->n;
    (void)k;
    if (big) {
        tg_bigans_init(&a->big);
        a->big.fewest = 1;
        a->has = 0;
    }
    if ((rc = pz_getline(r, e)) <= 0)
        return rc;
    a->has = 0;
    p = r->buf;
    if (!strcmp(p, "Impossible")) {
        a->weight = -1;
        return 1;
    }
    /* The judge compares text: "04" is not "4" (nor are "+4" or " 4"). */
    if (p[0] == '0' && p[1] >= '0' && p[1] <= '9')
        return pz_fail(e, r, "expected a number of moves without leading zeros");
    if (*p >= '0' && *p <= '9' && pz_parse_uint(&p, cells, &v) && !*p) {
        a->weight = (int)v;
        if (big)
            a->big.weight = v;
        return 1;
    }
    return pz_fail(e, r, "expected a number of moves from 0 to %lld or \"Impossible\"", cells);
}

/* TG_PUZZLE's arguments in order (puzzle.h): the goals all white or all
 * black; boards up to MAX_SIDE a side through pz_flip, larger ones and
 * sweeps through pz_flip_wide; 4x4 by default; mode=solvable flips at random
 * a board of one of 2 colours; the corpus kinds' help. */
TG_PUZZLE(flip, "Flip Game (POJ 1753)", TG_FLIP_GOALS, MAX_SIDE, 4, 4, 2,
          "rows=4:cols=4 (sides to 8, at most 40 cells)",
          "rows=4:cols=4:count=1000:seed=1 (each piece black with p=1/2, so mostly Impossible; "
          "mode=solvable: random flips of a board of one colour; sides to 4096, or a sweep "
          "rows=8..4096)",
          "rows=4:cols=4:count=1 (every piece black; sides to 10000, or a sweep rows=8..4096)");
