/* lightsout.c - Extended Lights Out (POJ 1222): turn every light off.
 *
 * Judge input: a line with the number of puzzles N, then N puzzles of 5 lines
 * of 6 values 0/1 separated by spaces.  Output per puzzle m: "PUZZLE #m" and 5
 * lines of 6 values 0/1 separated by one space, 1 marking a press.
 * Our generalisation: a first line "N m n" announces N boards of m x n
 * (sides 1..64, and to 4096 through the wide puzzle).  Where a board has no
 * answer we print "IMPOSSIBLE" in place of the matrix; where it has several,
 * the canonical one (toggle.h).  What both toggle puzzles share is in
 * ../toggle/puzzle.h.
 */
#include <string.h>

#include "../io.h"
#include "../toggle/puzzle.h"

enum { MAX_COUNT = 100000000 };

/* A row of n values 0/1 separated by blanks, into the words of row;
 * strict says exactly one space. */
static int read_values(pz_reader *r, int n, int strict, uint64_t *row, pz_error *e)
{
    const char *s = r->buf;
    int c = 0;
    memset(row, 0, tg_big_words(n) * sizeof *row);
    for (;;) {
        const char *start = s;
        while (*s == ' ' || (!strict && *s == '\t'))
            s++;
        if (!*s)
            break;
        if (strict && (s - start) != (c ? 1 : 0))
            return pz_fail(e, r, "expected values separated by exactly one space");
        if ((*s != '0' && *s != '1') || (s[1] && s[1] != ' ' && s[1] != '\t'))
            return pz_fail(e, r, "expected a value 0 or 1 in position %d", c + 1);
        if (c == n)
            return pz_fail(e, r, "expected %d values on this line, found more", n);
        row[c / 64] |= (uint64_t)(*s++ == '1') << (c % 64);
        c++;
    }
    if (strict && s > r->buf && s[-1] == ' ')
        return pz_fail(e, r, "expected no space at the end of the line");
    if (c != n)
        return pz_fail(e, r, "expected %d values 0/1 on this line, found %d", n, c);
    return 0;
}

/* One board; the header's sides up to max (TG_MAX, or TG_BIG_MAX for the wide
 * puzzle, whose boards past 64x64 take their rows from the reader's arena). */
static int lightsout_read_board(pz_reader *r, void *inst, int max, pz_error *e)
{
    tg_board *bd = inst;
    int rc;
    if (!r->started) {
        const char *p;
        long long v[3] = {0, 5, 6};
        r->started = 1;
        if ((rc = pz_next_nonblank(r, e)) <= 0)
            return rc ? rc : pz_fail(e, r, "expected the number of puzzles, found an empty input");
        p = r->buf;
        if (!pz_parse_uint(&p, MAX_COUNT, &v[0]))
            return pz_fail(e, r, "expected the number of puzzles (0 to %d)", MAX_COUNT);
        if (!pz_is_blank(p) && (!pz_parse_uint(&p, max, &v[1]) || !pz_parse_uint(&p, max, &v[2]) ||
                                !pz_is_blank(p) || v[1] < 1 || v[2] < 1))
            return pz_fail(e, r, "expected \"N\" or \"N m n\" with 1 <= m, n <= %d", max);
        memcpy(r->hdr, v, sizeof v);
    }
    if (r->hdr[0] == 0) { /* all read: only blank lines may follow */
        if ((rc = pz_next_nonblank(r, e)) == 1)
            return pz_fail(e, r, "expected the end of the input after the puzzles");
        return rc;
    }
    int m = (int)r->hdr[1], n = (int)r->hdr[2];
    if (max > TG_MAX) {
        tg_wide_board(bd, m, n, r->arena);
    } else {
        bd->m = (uint8_t)m;
        bd->n = (uint8_t)n;
    }
    if ((rc = pz_next_nonblank(r, e)) < 0)
        return rc;
    for (int i = 0; i < m; i++) {
        if (rc == 0 || (i > 0 && (rc = pz_getline(r, e)) == 0))
            return pz_fail(e, r, "expected %lld more puzzle%s: the input ended", r->hdr[0],
                           r->hdr[0] > 1 ? "s" : "");
        if (rc < 0)
            return rc;
        if (read_values(r, n, 0, tg_rows(bd, i), e))
            return -1;
    }
    r->hdr[0]--;
    return 1;
}

/* m rows of n values 0/1 separated by one space, row r from the w words at
 * rows + r * w. */
static void write_rows(FILE *f, const uint64_t *rows, size_t w, int m, int n)
{
    for (int r = 0; r < m; r++, rows += w)
        for (int c = 0; c < n; c++) {
            putc_unlocked('0' + (int)((rows[c / 64] >> (c % 64)) & 1), f);
            putc_unlocked(c + 1 < n ? ' ' : '\n', f);
        }
}

/* One size in a file, as its header says: "N" for 5x6 boards, else "N m n". */
static void lightsout_write_input(FILE *f, const void *insts, size_t count, uint64_t first,
                                  uint64_t total)
{
    const tg_board *bd = insts;
    if (count && tg_is_big(bd)) {
        if (first == 0)
            fprintf(f, "%llu %d %d\n", (unsigned long long)total, bd->big.m, bd->big.n);
        for (size_t i = 0; i < count; i++, bd++)
            write_rows(f, bd->big.row, bd->big.w, bd->big.m, bd->big.n);
        return;
    }
    if (first == 0 && count && (bd->m != 5 || bd->n != 6))
        fprintf(f, "%llu %d %d\n", (unsigned long long)total, bd->m, bd->n);
    else if (first == 0)
        fprintf(f, "%llu\n", (unsigned long long)total);
    for (size_t i = 0; i < count; i++, bd++)
        write_rows(f, bd->b, 1, bd->m, bd->n);
}

static void lightsout_write_answer(FILE *f, unsigned long long k, const void *inst, const void *ans)
{
    const tg_board *bd = inst;
    const tg_answer *a = ans;
    fprintf(f, "PUZZLE #%llu\n", k);
    if (a->weight < 0)
        fputs("IMPOSSIBLE\n", f);
    else if (tg_is_big(bd))
        write_rows(f, a->big.x.row, a->big.x.w, a->big.x.m, a->big.x.n);
    else
        write_rows(f, a->x, 1, bd->m, bd->n);
}

/* "PUZZLE #k" and the line after it: 1, 0 at the end before it, -1 bad. */
static int read_head(pz_reader *r, unsigned long long k, pz_error *e)
{
    char head[32];
    int rc;
    if ((rc = pz_getline(r, e)) <= 0)
        return rc;
    snprintf(head, sizeof head, "PUZZLE #%llu", k);
    if (strcmp(r->buf, head))
        return pz_fail(e, r, "expected \"%s\"", head);
    if ((rc = pz_getline(r, e)) <= 0)
        return rc ? rc : pz_fail(e, r, "expected the answer to puzzle %llu: the output ended", k);
    return 1;
}

/* The presses of a small board, from the line read_head left. */
static int read_presses(pz_reader *r, const tg_board *bd, tg_answer *a, pz_error *e)
{
    int rc;
    a->has = 0;
    a->weight = -1;
    if (!strcmp(r->buf, "IMPOSSIBLE"))
        return 1;
    for (int i = 0; i < bd->m; i++) {
        if (i > 0 && (rc = pz_getline(r, e)) <= 0)
            return rc ? rc : pz_fail(e, r, "expected %d rows of presses: the output ended", bd->m);
        if (read_values(r, bd->n, 1, &a->x[i], e))
            return -1;
    }
    a->weight = tg_weight(a->x, bd->m);
    a->has = TG_PRESSES;
    return 1;
}

/* The presses of a big board, into the arena's rows that answer_in sized;
 * whether they are the fewest follows from the size (big.h), as the
 * solvers'. */
static int read_big_presses(pz_reader *r, const tg_board *bd, tg_answer *a, pz_error *e)
{
    int rc;
    a->big.fewest = tg_big_searched_size(bd->big.m, bd->big.n);
    if (a->big.fewest < 0)
        pz_fatal("out of memory");
    if (!strcmp(r->buf, "IMPOSSIBLE"))
        return 1;
    for (int i = 0; i < bd->big.m; i++) {
        if (i > 0 && (rc = pz_getline(r, e)) <= 0)
            return rc ? rc
                      : pz_fail(e, r, "expected %d rows of presses: the output ended", bd->big.m);
        if (read_values(r, bd->big.n, 1, tg_big_row(&a->big.x, i), e))
            return -1;
    }
    a->big.weight = tg_big_weight(&a->big.x);
    a->big.has = TG_PRESSES;
    a->weight = (int)a->big.weight;
    a->has = TG_PRESSES | (a->big.fewest ? 0 : TG_NOT_FEWEST);
    return 1;
}

static int lightsout_read_answer(pz_reader *r, unsigned long long k, const void *inst, void *ans,
                                 pz_error *e)
{
    const tg_board *bd = inst;
    tg_answer *a = ans;
    int rc, big = tg_is_big(bd);
    if (big) {
        if (!r->arena)
            pz_fatal("lightsout: an answer to a big board read without an arena");
        tg_wide_answer_in(inst, ans, TG_LIGHTSOUT_GOALS, r->arena);
    }
    if ((rc = read_head(r, k, e)) <= 0)
        return rc;
    return big ? read_big_presses(r, bd, a, e) : read_presses(r, bd, a, e);
}

/* TG_PUZZLE's arguments in order (puzzle.h): the goal all off; boards up to
 * 64x64 through pz_lightsout, larger ones, sweeps and sizes whose answers
 * gf2 cannot prove fewest through pz_lightsout_wide; 5x6 by default;
 * mode=solvable presses at random on a board of 1 colour, all off; the
 * corpus kinds' help. */
TG_PUZZLE(lightsout, "Extended Lights Out (POJ 1222)", TG_LIGHTSOUT_GOALS, TG_MAX, 5, 6, 1,
          "rows=5:cols=6 (at most 40 cells)",
          "rows=5:cols=6:count=1000:seed=1 (each light on with p=1/2, solvable 1 time in "
          "2^nullity: 1 in 16 at 4x4; mode=solvable: random presses on the all-off board; sides "
          "to 4096, or a sweep rows=8..4096)",
          "rows=5:cols=6:count=1 (all lights on; sides to 10000, or a sweep rows=8..4096)");
