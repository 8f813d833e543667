/* lightsout.c - Extended Lights Out (POJ 1222): turn every light off.
 *
 * Judge input: a line with the number of puzzles N, then N puzzles of 5 lines
 * of 6 values 0/1 separated by spaces.  Output per puzzle m: "PUZZLE #m" and 5
 * lines of 6 values 0/1 separated by one space, 1 marking a press.
 * Our generalisation: a first line "N m n" announces N boards of m x n
 * (1..64 each; 1..4096 in the wide puzzle, bigpuzzle.c).  Where a board has no answer we print
 * "IMPOSSIBLE" in place of the matrix; where it has several, the canonical one (toggle.h).
 */
#include <string.h>

#include "../io.h"
#include "../toggle/big.h"

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
static int read_board(pz_reader *r, void *inst, int max, pz_error *e)
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

static int lo_read(pz_reader *r, void *inst, pz_error *e)
{
    return read_board(r, inst, TG_MAX, e);
}

/* Without an arena to hold big rows, the sides stop at 64 as in lo_read. */
static int lo_read_wide(pz_reader *r, void *inst, pz_error *e)
{
    return read_board(r, inst, r->arena ? TG_BIG_MAX : TG_MAX, e);
}

static void write_rows(FILE *f, const uint64_t *rows, int m, int n)
{
    for (int r = 0; r < m; r++)
        for (int c = 0; c < n; c++) {
            putc_unlocked('0' + (int)((rows[r] >> c) & 1), f);
            putc_unlocked(c + 1 < n ? ' ' : '\n', f);
        }
}

static void lo_write_input(FILE *f, const void *insts, size_t count, uint64_t first, uint64_t total)
{
    const tg_board *bd = insts;
    if (first == 0 && count && (bd->m != 5 || bd->n != 6))
        fprintf(f, "%llu %d %d\n", (unsigned long long)total, bd->m, bd->n);
    else if (first == 0)
        fprintf(f, "%llu\n", (unsigned long long)total);
    for (size_t i = 0; i < count; i++, bd++)
        write_rows(f, bd->b, bd->m, bd->n);
}

/* The rows of a big board, as write_rows writes a small one's. */
static void write_big_rows(FILE *f, const tg_big *b)
{
    for (int r = 0; r < b->m; r++) {
        const uint64_t *row = tg_big_row(b, r);
        for (int c = 0; c < b->n; c++) {
            putc_unlocked('0' + (int)((row[c / 64] >> (c % 64)) & 1), f);
            putc_unlocked(c + 1 < b->n ? ' ' : '\n', f);
        }
    }
}

/* Boards of every size; one size in a file, as its header says. */
static void lo_write_input_wide(FILE *f, const void *insts, size_t count, uint64_t first,
                                uint64_t total)
{
    const tg_board *bd = insts;
    if (!count || !tg_is_big(bd)) {
        lo_write_input(f, insts, count, first, total);
        return;
    }
    if (first == 0)
        fprintf(f, "%llu %d %d\n", (unsigned long long)total, bd->big.m, bd->big.n);
    for (size_t i = 0; i < count; i++, bd++)
        write_big_rows(f, &bd->big);
}

static void lo_write_answer(FILE *f, unsigned long long k, const void *inst, const void *ans)
{
    const tg_board *bd = inst;
    const tg_answer *a = ans;
    fprintf(f, "PUZZLE #%llu\n", k);
    if (a->weight < 0)
        fputs("IMPOSSIBLE\n", f);
    else
        write_rows(f, a->x, bd->m, bd->n);
}

static void lo_write_answer_wide(FILE *f, unsigned long long k, const void *inst, const void *ans)
{
    const tg_board *bd = inst;
    const tg_answer *a = ans;
    if (!tg_is_big(bd)) {
        lo_write_answer(f, k, inst, ans);
        return;
    }
    fprintf(f, "PUZZLE #%llu\n", k);
    if (a->weight < 0)
        fputs("IMPOSSIBLE\n", f);
    else
        write_big_rows(f, &a->big.x);
}

static int lo_read_answer(pz_reader *r, unsigned long long k, const void *inst, void *ans,
                          pz_error *e)
{
    const tg_board *bd = inst;
    tg_answer *a = ans;
    char head[32];
    int rc;
    if ((rc = pz_getline(r, e)) <= 0)
        return rc;
    snprintf(head, sizeof head, "PUZZLE #%llu", k);
    if (strcmp(r->buf, head))
        return pz_fail(e, r, "expected \"%s\"", head);
    if ((rc = pz_getline(r, e)) <= 0)
        return rc ? rc : pz_fail(e, r, "expected the answer to puzzle %llu: the output ended", k);
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

/* An answer to a big board: its rows into the arena's, sized by answer_in;
 * whether it is the fewest follows from the size (big.h), as the solvers'. */
static int lo_read_answer_wide(pz_reader *r, unsigned long long k, const void *inst, void *ans,
                               pz_error *e)
{
    const tg_board *bd = inst;
    tg_answer *a = ans;
    char head[32];
    int rc;
    if (!tg_is_big(bd))
        return lo_read_answer(r, k, inst, ans, e);
    if (!r->arena)
        pz_fatal("lightsout: an answer to a big board read without an arena");
    tg_wide_answer_in(inst, ans, TG_LIGHTSOUT_GOALS, r->arena);
    if ((rc = pz_getline(r, e)) <= 0)
        return rc;
    snprintf(head, sizeof head, "PUZZLE #%llu", k);
    if (strcmp(r->buf, head))
        return pz_fail(e, r, "expected \"%s\"", head);
    if ((rc = pz_getline(r, e)) <= 0)
        return rc ? rc : pz_fail(e, r, "expected the answer to puzzle %llu: the output ended", k);
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

static pz_verdict lo_check(const void *inst, const void *ans, const char **why)
{
    return tg_check(inst, ans, TG_LIGHTSOUT_GOALS, why);
}

static size_t lo_check_batch(const void *insts, const void *answers, size_t count, int *classes)
{
    return tg_check_batch(insts, answers, count, classes, TG_LIGHTSOUT_GOALS);
}

static pz_verdict lo_check_wide(const void *inst, const void *ans, const char **why)
{
    return tg_wide_check(inst, ans, TG_LIGHTSOUT_GOALS, why);
}

static void lo_answer_in(const void *inst, void *ans, pz_arena *arena)
{
    tg_wide_answer_in(inst, ans, TG_LIGHTSOUT_GOALS, arena);
}

/* Boards up to 64x64 run through this puzzle; past that, a sweep of sizes or
 * a size whose answers gf2 cannot prove fewest, through the wide one. */
static int lo_setup(pz_params *p, pz_error *e)
{
    if (p->rows < 0 && p->cols < 0 && p->rows_to < 0)
        p->rows = 5, p->cols = 6;
    return tg_wide_setup_random(p, TG_MAX, e);
}

static int lo_setup_ones(pz_params *p, pz_error *e)
{
    if (p->rows < 0 && p->cols < 0 && p->rows_to < 0)
        p->rows = 5, p->cols = 6;
    return tg_wide_setup_ones(p, TG_MAX, e);
}

static int lo_setup_all(pz_params *p, pz_error *e)
{
    if (p->rows < 0 && p->cols < 0)
        p->rows = 5, p->cols = 6;
    return tg_setup(p, TG_MAX, 1, e);
}

/* random's mode=solvable: presses on the all-off board. */
static void lo_make_random(const pz_params *p, uint64_t index, void *inst)
{
    if (p->mode[0])
        tg_make_solvable(p, index, inst, 1);
    else
        tg_make_random(p, index, inst);
}

static void lo_make_random_batch(const pz_params *p, uint64_t first, size_t count, void *insts)
{
    if (!p->mode[0])
        tg_make_random_batch(p, first, count, insts);
    else
        for (size_t i = 0; i < count; i++)
            tg_make_solvable(p, first + i, (tg_board *)insts + i, 1);
}

static void lo_make_random_in(const pz_params *p, uint64_t index, void *inst, pz_arena *arena)
{
    if (p->mode[0])
        tg_wide_make_solvable(p, index, inst, arena, 1);
    else
        tg_wide_make_random(p, index, inst, arena);
}

static const pz_generator lo_generators[] = {
    {"exhaustive", "rows=5:cols=6 (at most 40 cells)", lo_setup_all, tg_make_exhaustive,
     tg_make_exhaustive_batch, NULL},
    {"random",
     "rows=5:cols=6:count=1000:seed=1 (each light on with p=1/2, solvable 1 time in 2^nullity: "
     "1 in 16 at 4x4; mode=solvable: random presses on the all-off board; sides to 4096, or a "
     "sweep rows=8..4096)",
     lo_setup, lo_make_random, lo_make_random_batch, lo_make_random_in},
    {"ones", "rows=5:cols=6:count=1 (all lights on; sides to 10000, or a sweep rows=8..4096)",
     lo_setup_ones, tg_make_ones, NULL, tg_wide_make_ones},
    {NULL, NULL, NULL, NULL, NULL, NULL},
};

extern const pz_puzzle pz_lightsout_wide;

const pz_puzzle pz_lightsout = {
    .name = "lightsout",
    .title = "Extended Lights Out (POJ 1222)",
    .inst_size = sizeof(tg_board),
    .ans_size = sizeof(tg_answer),
    .read = lo_read,
    .write_input = lo_write_input,
    .write_answer = lo_write_answer,
    .read_answer = lo_read_answer,
    .check = lo_check,
    .same = tg_same,
    .generators = lo_generators,
    .shrink = tg_shrink,
    .size = tg_size,
    .classify = tg_classify,
    .check_batch = lo_check_batch,
    .wide = &pz_lightsout_wide,
};

/* Boards of every size (solver.h: pz_puzzle.wide). */
const pz_puzzle pz_lightsout_wide = {
    .name = "lightsout",
    .title = "Extended Lights Out (POJ 1222)",
    .inst_size = sizeof(tg_board),
    .ans_size = sizeof(tg_answer),
    .read = lo_read_wide,
    .write_input = lo_write_input_wide,
    .write_answer = lo_write_answer_wide,
    .read_answer = lo_read_answer_wide,
    .check = lo_check_wide,
    .same = tg_wide_same,
    .generators = lo_generators,
    .shrink = tg_wide_shrink,
    .size = tg_wide_size,
    .classify = tg_wide_classify,
    .wide = &pz_lightsout_wide,
    .answer_in = lo_answer_in,
};
