/* test_judge.c - the judging rules shared by `check` and `stress`, and the
 * splitting of --exec into words. */
#include <stdlib.h>
#include <string.h>

#include "testing.h"
#include "../bench/corpus.h"
#include "../bench/exec.h"
#include "../bench/judge.h"
#include "../solvers/toggle/toggle.h"
#include "../solvers/rng.h"

extern const pz_puzzle pz_flip, pz_lightsout;

/* What the judge heard: "i:VERDICT:why" per failure, one per line. */
static char heard[8192];
static unsigned char v[64];

static void note(void *ctx, long long i, pz_outcome o, const char *why)
{
    size_t len = strlen(heard);
    (void)ctx;
    snprintf(heard + len, sizeof heard - len, "%lld:%s:%s\n", i, pz_outcome_names[o], why);
}

/* Judges output against our reference's answers to input; returns how many it judged. */
static long long judge(const pz_puzzle *p, const char *input, const char *output)
{
    void *insts;
    pz_error e;
    pz_reference ref;
    long n = pz_test_read(p, input, &insts, &e);
    char *expected;
    assert_true(n >= 0 && n <= 64);
    expected = calloc((size_t)n + 1, p->ans_size);
    for (const pz_solver *const *s = pz_solvers; *s; s++)
        if ((*s)->prepare)
            assert_int_equal((*s)->prepare(), 0);
    pz_reference_init(&ref, p, NULL);
    for (long i = 0; i < n; i++)
        assert_int_equal(pz_reference_solve(&ref, (char *)insts + i * p->inst_size,
                                            expected + i * p->ans_size, &e),
                         0);
    pz_reference_free(&ref);
    heard[0] = 0;
    memset(v, 0xff, sizeof v);
    long long judged =
        pz_judge_output(p, insts, expected, n, output, strlen(output), v, note, NULL);
    free(insts);
    free(expected);
    return judged;
}

/* The official sample's first boards: answers 4, 0, Impossible. */
static const char *const flip3 = "bwwb\nbbwb\nbwwb\nbwww\n"
                                 "wwww\nwwww\nwwww\nwwww\n"
                                 "bwbw\nwwww\nbbwb\nbwwb\n";

static void test_accepted(void **state)
{
    (void)state;
    assert_int_equal(judge(&pz_flip, flip3, "4\n0\nImpossible\n"), 3);
    assert_string_equal(heard, "");
    assert_true(v[0] == PZ_AC && v[1] == PZ_AC && v[2] == PZ_AC);
    /* No final newline, CRLF, blank lines at the very end: all accepted. */
    assert_int_equal(judge(&pz_flip, flip3, "4\r\n0\r\nImpossible"), 3);
    assert_int_equal(judge(&pz_flip, flip3, "4\n0\nImpossible\n\n  \n"), 3);
    assert_string_equal(heard, "");
    assert_int_equal(judge(&pz_lightsout, "0\n", ""), 0); /* no puzzles, no output */
}

static void test_wrong(void **state)
{
    (void)state;
    /* A wrong answer is attributed to its own instance; the rest are judged. */
    assert_int_equal(judge(&pz_flip, flip3, "4\n2\nImpossible\n"), 3);
    assert_string_equal(heard, "1:WA:expected 0, found 2\n");
    assert_true(v[0] == PZ_AC && v[1] == PZ_WA && v[2] == PZ_AC);
    assert_int_equal(judge(&pz_flip, flip3, "Impossible\n0\n5\n"), 3);
    assert_string_equal(heard,
                        "0:WA:expected 4, found Impossible\n2:WA:expected Impossible, found 5\n");
    /* Unreadable: WA, and nothing after it is judged. */
    assert_int_equal(judge(&pz_flip, flip3, "4\nzero\nImpossible\n"), 2);
    assert_string_equal(heard, "1:WA:cannot read the answer, line 2: expected a number of moves "
                               "from 0 to 16 or \"Impossible\"; found \"zero\"\n");
    /* Missing and extra answers. */
    assert_int_equal(judge(&pz_flip, flip3, "4\n0\n"), 3);
    assert_string_equal(heard, "2:WA:the output ended before answer 3\n");
    assert_int_equal(judge(&pz_flip, flip3, "4\n0\nImpossible\n7\n"), 3);
    assert_string_equal(heard, "2:WA:extra output after the last answer, line 4: \"7\"\n");
    assert_int_equal(judge(&pz_flip, flip3, ""), 1);
    assert_string_equal(heard, "0:WA:the output ended before answer 1\n");
}

static void test_presentation(void **state)
{
    (void)state;
    /* Right words, wrong layout: PE where the strict reading first fails. */
    assert_int_equal(judge(&pz_flip, flip3, "4\n0 \nImpossible\n"), 2);
    assert_true(v[0] == PZ_AC && v[1] == PZ_PE);
    assert_int_equal(judge(&pz_flip, flip3, "4 0\nImpossible\n"), 1);
    assert_true(v[0] == PZ_PE);
    assert_int_equal(judge(&pz_flip, flip3, "4\n\n0\nImpossible\n"), 2);
    assert_true(v[1] == PZ_PE);
    /* Wrong words after the bad layout make it WA. */
    assert_int_equal(judge(&pz_flip, flip3, "4\n0 \nImpossible\nmore\n"), 2);
    assert_true(v[1] == PZ_WA);
    assert_int_equal(judge(&pz_flip, flip3, "4\n0 moves\nImpossible\n"), 2);
    assert_true(v[1] == PZ_WA);
}

static void test_lightsout(void **state)
{
    static const char *const in =
        "2\n0 1 1 0 1 0\n1 0 0 1 1 1\n0 0 1 0 0 1\n1 0 0 1 0 1\n0 1 1 1 0 0\n"
        "0 0 1 0 1 0\n1 0 1 0 1 1\n0 0 1 0 1 1\n1 0 1 1 0 0\n0 1 0 1 0 0\n";
    static const char *const one = "PUZZLE #1\n1 0 1 0 0 1\n1 1 0 1 0 1\n0 0 1 0 1 1\n"
                                   "1 0 0 1 0 0\n0 1 0 0 0 0\n";
    static const char *const two = "PUZZLE #2\n1 0 0 1 1 1\n1 1 0 0 0 0\n0 0 0 1 0 0\n"
                                   "1 1 0 1 0 1\n1 0 1 1 0 1\n";
    char out[1024];
    (void)state;
    snprintf(out, sizeof out, "%s%s", one, two);
    assert_int_equal(judge(&pz_lightsout, in, out), 2);
    assert_string_equal(heard, "");
    /* Presses that do not clear the board: the checker says why. */
    snprintf(out, sizeof out, "%s%s", one, two);
    out[strlen(one) + 10] = '0'; /* the first press of puzzle 2 */
    assert_int_equal(judge(&pz_lightsout, in, out), 2);
    assert_true(v[0] == PZ_AC && v[1] == PZ_WA);
    assert_non_null(strstr(heard, "the presses do not reach a goal board"));
    /* Two spaces in puzzle 1: PE there; puzzle 2 is left to a new run. */
    snprintf(out, sizeof out, "%s%s", one, two);
    memmove(out + 13, out + 12, strlen(out + 12) + 1);
    out[12] = ' ';
    assert_int_equal(judge(&pz_lightsout, in, out), 1);
    assert_true(v[0] == PZ_PE);
    /* A wrong header is WA. */
    snprintf(out, sizeof out, "%s%s", one, two);
    out[8] = '3';
    assert_int_equal(judge(&pz_lightsout, in, out), 1);
    assert_true(v[0] == PZ_WA);
}

/* Judges output as stress --against does (pz_judge_text): class against
 * class, instance i with an expected answer only where known[i] is '1'; the
 * answers as read into got. */
static long long judge_how(const pz_puzzle *p, const char *input, const char *output,
                           const char *known, void *got)
{
    void *insts;
    pz_error e;
    pz_reference ref;
    long n = pz_test_read(p, input, &insts, &e);
    unsigned char k[64];
    char *expected = calloc((size_t)n + 1, p->ans_size);
    assert_true(n >= 0 && n <= 64 && (long)strlen(known) == n);
    pz_prepare_all();
    pz_reference_init(&ref, p, NULL);
    for (long i = 0; i < n; i++) {
        assert_int_equal(pz_reference_solve(&ref, (char *)insts + i * p->inst_size,
                                            expected + i * p->ans_size, &e),
                         0);
        k[i] = known[i] == '1';
    }
    pz_reference_free(&ref);
    heard[0] = 0;
    memset(v, 0xff, sizeof v);
    pz_judging how = {.by_class = 1, .known = k, .answers = got};
    long long judged =
        pz_judge_text(p, insts, expected, n, output, strlen(output), &how, v, note, NULL);
    free(insts);
    free(expected);
    return judged;
}

/* Two different valid answers of as many presses are both right by class
 * (a 4x4 Lights Out board whose press matrix has nullity 4: our canonical
 * answer and another); more presses are not.  Without an expected answer
 * the checker alone judges, and a layout is never PE there.  The answers
 * are kept as read. */
static void test_by_class(void **state)
{
    static const char *const in = "1 4 4\n1 0 0 1\n0 1 0 1\n0 0 0 0\n1 1 0 1\n";
    static const char *const ours = "PUZZLE #1\n0 0 0 0\n1 0 0 1\n1 0 1 0\n0 0 1 0\n";
    static const char *const other = "PUZZLE #1\n1 0 0 0\n0 1 0 1\n0 0 0 0\n0 1 0 1\n";
    /* A third valid answer (one of 16), of 7 presses where 5 are fewest. */
    static const char *const more = "PUZZLE #1\n1 0 1 1\n0 0 0 1\n1 1 0 1\n0 0 0 0\n";
    char *got = calloc(4, pz_lightsout.ans_size);
    (void)state;
    assert_int_equal(judge(&pz_lightsout, in, other), 1); /* exact, as stress judges alone */
    assert_true(v[0] == PZ_WA);
    assert_int_equal(judge_how(&pz_lightsout, in, other, "1", got), 1);
    assert_true(v[0] == PZ_AC);
    assert_string_equal(heard, "");
    assert_int_equal(judge_how(&pz_lightsout, in, ours, "1", got), 1);
    assert_true(v[0] == PZ_AC);
    assert_int_equal(judge_how(&pz_lightsout, in, more, "1", got), 1);
    assert_true(v[0] == PZ_WA);
    assert_non_null(strstr(heard, " (5), found PUZZLE #1 / 1 0 1 1 / 0 0 0 1 / "));
    assert_non_null(strstr(heard, " (7)\n"));
    assert_int_equal(judge_how(&pz_lightsout, in, more, "0", got), 1); /* the checker alone */
    assert_true(v[0] == PZ_AC);
    /* A layout the strict reading refuses is WA where nothing is expected. */
    assert_int_equal(judge_how(&pz_flip, "bwwb\nbbwb\nbwwb\nbwww\n", "4 \n", "0", got), 1);
    assert_true(v[0] == PZ_WA);
    assert_int_equal(judge_how(&pz_flip, "bwwb\nbbwb\nbwwb\nbwww\n", "4 \n", "1", got), 1);
    assert_true(v[0] == PZ_PE);
    /* The answers as read, in order. */
    assert_int_equal(judge_how(&pz_flip, "bwwb\nbbwb\nbwwb\nbwww\nwwww\nwwww\nwwww\nwwww\n",
                               "7\n0\n", "11", got),
                     2);
    assert_true(v[0] == PZ_WA && v[1] == PZ_AC);
    char name[2][32];
    pz_flip.classify(NULL, got, name[0], sizeof name[0]);
    pz_flip.classify(NULL, (char *)got + pz_flip.ans_size, name[1], sizeof name[1]);
    assert_string_equal(name[0], "7");
    assert_string_equal(name[1], "0");
    free(got);
}

/* Does our reference refute the jury's answer text ans to the one instance
 * in input?  The jury's answer is read and checked as `check` reads ANSWER;
 * why in heard. */
static int refuted(const pz_puzzle *p, const char *input, const char *ans)
{
    void *inst;
    pz_error e;
    pz_reference ref;
    const char *bad;
    char *jury = calloc(1, p->ans_size), *mine = calloc(1, p->ans_size);
    FILE *f = fmemopen((void *)ans, strlen(ans), "r");
    assert_int_equal(pz_test_read(p, input, &inst, &e), 1);
    assert_int_equal(pz_read_answers(p, f, "jury.ans", inst, 1, jury, &e), 0);
    fclose(f);
    assert_int_equal(p->check(inst, jury, &bad), PZ_VALID); /* the checker alone accepts it */
    pz_prepare_all();
    pz_reference_init(&ref, p, NULL);
    assert_int_equal(pz_reference_solve(&ref, inst, mine, &e), 0);
    pz_reference_free(&ref);
    heard[0] = 0;
    int r = pz_jury_refuted(p, 1, inst, jury, mine, "ANSWER", heard, sizeof heard);
    free(inst);
    free(jury);
    free(mine);
    return r;
}

/* A jury the checker cannot fault alone (a count, or Impossible, carries no
 * witness) but our reference refutes: the wrong count of a Flip board whose
 * fewest is 4, above it (5) or below it (0), a Flip board with no solution
 * given a count, and IMPOSSIBLE for a 5x6 Lights Out board (every one is
 * solvable).  The right answers are not refuted. */
static void test_jury_refuted(void **state)
{
    static const char *const four = "bwwb\nbbwb\nbwwb\nbwww\n", *const none =
                                                                    "bwbw\nwwww\nbbwb\nbwwb\n";
    static const char *const lo =
        "1\n0 1 1 0 1 0\n1 0 0 1 1 1\n0 0 1 0 0 1\n1 0 0 1 0 1\n0 1 1 1 0 0\n";
    (void)state;
    assert_true(refuted(&pz_flip, four, "5\n"));
    assert_string_equal(heard, "ANSWER has 5 (5), more than the fewest, 4: the reference "
                               "solver's answer 4, which passes the checker");
    assert_true(refuted(&pz_flip, four, "0\n"));
    assert_string_equal(heard, "ANSWER has 0 (0), below the fewest, 4: the reference solver's "
                               "answer 4, which passes the checker, is proven fewest");
    assert_false(refuted(&pz_flip, four, "4\n"));
    assert_true(refuted(&pz_flip, none, "3\n"));
    assert_non_null(strstr(heard, "ANSWER has 3 (3), but the board has no solution"));
    assert_false(refuted(&pz_flip, none, "Impossible\n"));
    assert_true(refuted(&pz_lightsout, lo, "PUZZLE #1\nIMPOSSIBLE\n"));
    assert_non_null(strstr(heard, "ANSWER has PUZZLE #1 / IMPOSSIBLE, but the board is solvable: "
                                  "the reference solver's answer PUZZLE #1 / 1 0 1 0 0 1 / "));
    assert_false(refuted(&pz_lightsout, lo,
                         "PUZZLE #1\n1 0 1 0 0 1\n1 1 0 1 0 1\n0 0 1 0 1 1\n1 0 0 1 0 0\n"
                         "0 1 0 0 0 0\n"));
}

/* The words of a command, joined by '|'. */
static const char *split(const char *cmd)
{
    static char buf[640];
    char **argv;
    pz_error e;
    if (pz_split_command(cmd, &argv, &e)) {
        snprintf(buf, sizeof buf, "error: %s", e.msg);
        return buf;
    }
    buf[0] = 0;
    for (char **a = argv; *a; a++)
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", a == argv ? "" : "|", *a);
    pz_free_words(argv);
    return buf;
}

static void test_split(void **state)
{
    (void)state;
    assert_string_equal(split("prog"), "prog");
    assert_string_equal(split("  ./a.out  -x\t1 \n"), "./a.out|-x|1");
    assert_string_equal(split("a 'b c' \"d \\\" \\\\ \\n e\" f\\ g"), "a|b c|d \" \\ \\n e|f g");
    assert_string_equal(split("a'b'\"c\"d ''"), "abcd|");
    assert_string_equal(split("'$HOME' * > x | y"), "$HOME|*|>|x|||y");
    assert_string_equal(split("'it''s'"), "its");
    assert_string_equal(split("a 'b"), "error: --exec: expected a closing ' in: a 'b");
    assert_string_equal(split("a \"b"), "error: --exec: expected a closing \" in: a \"b");
    assert_string_equal(split("a\\"),
                        "error: --exec: expected a character after the last \\ in: a\\");
    assert_string_equal(split(" \t"), "error: --exec: expected a command, found nothing");
}

static void test_find_program(void **state)
{
    char path[4096];
    (void)state;
    assert_int_equal(pz_find_program("sh", path, sizeof path), 0);
    assert_non_null(strstr(path, "/sh"));
    assert_int_equal(pz_find_program("/bin/sh", path, sizeof path), 0);
    assert_int_equal(pz_find_program("no-such-program-anywhere", path, sizeof path), -1);
    assert_int_equal(pz_find_program("/etc/passwd", path, sizeof path), -1); /* not executable */
    assert_int_equal(pz_find_program("/tmp", path, sizeof path), -1);        /* a directory */
}

/* The one reference order: solvers flagged PZ_REF first, then the others,
 * each in the order given; the reference is the first in it whose answer
 * checks.  run, solve, check and stress all take it from here. */
static void test_reference_order(void **state)
{
    const pz_solver *list[3] = {pz_find_solver("flip", "rowenum"), pz_find_solver("flip", "bfs"),
                                pz_find_solver("flip", "gf2")};
    int order[3];
    (void)state;
    pz_reference_order(list, 3, order);
    assert_int_equal(order[0], 2); /* gf2 is the flip reference */
    assert_int_equal(order[1], 0);
    assert_int_equal(order[2], 1);
    assert_int_equal(pz_reference_pick(order, 3, 0x7), 2);
    assert_int_equal(pz_reference_pick(order, 3, 0x3), 0); /* gf2's fails: rowenum's */
    assert_int_equal(pz_reference_pick(order, 3, 0x2), 1);
    assert_int_equal(pz_reference_pick(order, 3, 0), -1);
    list[0] = pz_find_solver("tetravex", "mrv");
    list[1] = pz_find_solver("tetravex", "turns");
    pz_reference_order(list, 2, order);
    assert_int_equal(order[0], 1); /* turns is a tetravex reference */

    /* pz_reference_solve takes the first answer that checks, or the one solver
     * asked for, and says which size no solver takes. */
    tg_board b = {.m = 4, .n = 4, .b = {0x9, 0xb, 0x9, 0x1}};
    tg_answer a, want;
    pz_reference ref;
    pz_error e;
    pz_prepare_all();
    pz_reference_init(&ref, &pz_flip, NULL);
    assert_int_equal(pz_reference_solve(&ref, &b, &a, &e), 0);
    pz_reference_free(&ref);
    pz_reference_init(&ref, &pz_flip, pz_find_solver("flip", "bfs"));
    assert_int_equal(pz_reference_solve(&ref, &b, &want, &e), 0);
    assert_true(pz_flip.same(&b, &a, &want));
    b.m = b.n = 9; /* bfs takes at most 20 cells */
    assert_int_equal(pz_reference_solve(&ref, &b, &want, &e), -1);
    assert_non_null(strstr(e.msg, "solver bfs does not take flip boards of size 9x9"));
    pz_reference_free(&ref);
    /* Tetravex's reference is the portfolio, then turns. */
    pz_reference_init(&ref, &pz_tetravex, NULL);
    assert_string_equal(ref.solvers[0]->name, "portfolio");
    assert_string_equal(ref.solvers[1]->name, "turns");
    pz_reference_free(&ref);
}

/* The checker's verdict, replayed cell by cell: each press toggles its cell
 * and the four around it.  The word-parallel checker must say the same on
 * every board, packed (at most 64 cells) or not, right or corrupted. */
static const char *cell_by_cell(const tg_board *bd, const tg_answer *a, unsigned goals)
{
    int m = bd->m, n = bd->n, w = 0, on = 0, off = 0;
    static const int dr[5] = {0, -1, 1, 0, 0}, dc[5] = {0, 0, 0, -1, 1};
    static unsigned char lit[TG_MAX][TG_MAX];
    if (a->weight < -1 || a->weight > m * n)
        return "press count out of range";
    if (a->weight < 0 || !(a->has & TG_PRESSES))
        return NULL; /* certificates: tested apart */
    for (int r = 0; r < m; r++) {
        if (n < 64 && a->x[r] >> n)
            return "a press outside the board";
        for (int c = 0; c < n; c++)
            lit[r][c] = (bd->b[r] >> c) & 1;
    }
    for (int r = 0; r < m; r++)
        for (int c = 0; c < n; c++)
            if ((a->x[r] >> c) & 1) {
                w++;
                for (int k = 0; k < 5; k++) {
                    int rr = r + dr[k], cc = c + dc[k];
                    if (rr >= 0 && rr < m && cc >= 0 && cc < n)
                        lit[rr][cc] ^= 1;
                }
            }
    if (w != a->weight)
        return "the press count is not the number of presses";
    for (int r = 0; r < m; r++)
        for (int c = 0; c < n; c++)
            lit[r][c] ? on++ : off++;
    if (!((goals & TG_OFF) && !on) && !((goals & TG_ON) && !off))
        return "the presses do not reach a goal board";
    return NULL;
}

static void test_checker_cells(void **state)
{
    static const int sizes[][2] = {{5, 6}, {4, 4}, {8, 8},  {1, 63}, {63, 1}, {2, 32}, {4, 16},
                                   {7, 9}, {9, 9}, {1, 64}, {64, 1}, {3, 40}, {64, 64}};
    pz_rng rng = pz_rng_at(7, 0);
    (void)state;
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
        for (int t = 0; t < 400; t++) {
            int m = sizes[i][0], n = sizes[i][1];
            tg_board b = {.m = (uint8_t)m, .n = (uint8_t)n};
            tg_answer a = {.has = TG_PRESSES};
            const char *why, *want;
            for (int r = 0; r < m; r++) {
                b.b[r] = pz_rng_next(&rng) & tg_mask(n);
                a.x[r] = pz_rng_next(&rng) & tg_mask(n) & pz_rng_next(&rng);
            }
            switch (t % 4) {
            case 0: /* the presses that solve it: the board is their replay */
                for (int r = 0; r < m; r++) {
                    b.b[r] = a.x[r] ^ ((a.x[r] << 1) & tg_mask(n)) ^ (a.x[r] >> 1);
                    b.b[r] ^= (r > 0 ? a.x[r - 1] : 0) ^ (r + 1 < m ? a.x[r + 1] : 0);
                }
                if (t % 8 == 4) /* or all on, for flip */
                    for (int r = 0; r < m; r++)
                        b.b[r] ^= tg_mask(n);
                break;
            case 1: /* a press outside */
                if (n < 64)
                    a.x[pz_rng_below(&rng, (uint64_t)m)] |=
                        1ull << (n + (int)pz_rng_below(&rng, (uint64_t)(64 - n)));
                break;
            }
            a.weight = tg_weight(a.x, m);
            if (t % 7 == 3)
                a.weight += t % 2 ? 1 : -1;
            pz_lightsout.check(&b, &a, &why);
            want = cell_by_cell(&b, &a, TG_OFF);
            assert_string_equal(why, want ? want : "");
            pz_flip.check(&b, &a, &why);
            want = cell_by_cell(&b, &a, TG_OFF | TG_ON);
            assert_string_equal(why, want ? want : "");
        }
}

/* One answer from gf2, then, one time in three, spoilt in one of the ways
 * the checker knows (or changed in a way it must still accept). */
static void batch_answer(const pz_solver *gf2, void *scratch, tg_board *bd, tg_answer *a,
                         pz_rng *rng)
{
    int m = bd->m, n = bd->n, r = (int)pz_rng_below(rng, (uint64_t)m);
    int c = (int)pz_rng_below(rng, (uint64_t)n);
    assert_int_equal(gf2->solve(bd, a, scratch), 0);
    switch (pz_rng_below(rng, 30)) {
    case 0: /* a press more, the count as it was */
        a->x[r] ^= 1ull << c;
        break;
    case 1: /* a press more, counted */
        a->x[r] ^= 1ull << c;
        a->weight = tg_weight(a->x, m);
        break;
    case 2:
        a->weight += pz_rng_below(rng, 2) ? 1 : -1;
        break;
    case 3: /* a press outside the board */
        if (n < 64)
            a->x[r] |= 1ull << (n + (int)pz_rng_below(rng, (uint64_t)(64 - n)));
        break;
    case 4:
        a->weight = pz_rng_below(rng, 2) ? m * n + 1 : -2;
        break;
    case 5: /* a count without presses: accepted, as from an answer file */
        a->has &= ~TG_PRESSES;
        break;
    case 6: /* a certificate spoilt, or none */
        if (a->weight < 0 && pz_rng_below(rng, 2))
            a->cert[0][r] ^= 1ull << c;
        else if (a->weight < 0)
            a->has &= ~TG_CERTS;
        break;
    case 7: /* the board changed under the answer */
        bd->b[r] ^= 1ull << c;
        break;
    case 8: /* a light past the board's end, which the checker ignores */
        if (n < 64)
            bd->b[r] |= 1ull << (n + (int)pz_rng_below(rng, (uint64_t)(64 - n)));
        break;
    case 9: /* the presses and the count in range, the count wrong */
        a->weight = (int)pz_rng_below(rng, (uint64_t)(m * n + 1));
        break;
    }
}

/* Another solver's answer o: a copy of a, one time in three changed in one
 * of the ways the checker reads (then 1) or in one it does not (then 0). */
static int other_answer(const tg_board *bd, const tg_answer *a, tg_answer *o, unsigned goals,
                        pz_rng *rng)
{
    int m = bd->m, r = (int)pz_rng_below(rng, (uint64_t)m);
    uint64_t bit = 1ull << pz_rng_below(rng, (uint64_t)bd->n);
    *o = *a;
    switch (pz_rng_below(rng, 27)) {
    case 0:
        o->weight += pz_rng_below(rng, 2) ? 1 : -1;
        return 1;
    case 1:
        o->has ^= TG_NOT_FEWEST;
        return 1;
    case 2:
        o->has ^= pz_rng_below(rng, 2) ? TG_CERTS : TG_PRESSES;
        return 1;
    case 3: /* a press */
        o->x[r] ^= bit;
        return (a->has & TG_PRESSES) != 0;
    case 4: /* a row past the board */
        if (m < TG_MAX)
            o->x[m + (int)pz_rng_below(rng, (uint64_t)(TG_MAX - m))] ^= 1;
        return 0;
    case 5: /* a certificate of each goal */
    case 6: {
        int g = pz_rng_below(rng, 2);
        o->cert[g][r] ^= bit;
        return (a->has & TG_CERTS) && (goals & (1u << g));
    }
    case 7: /* past the board, the size, and the ways its answer is not */
        if (m < TG_MAX)
            o->cert[0][m] ^= 1;
        return 0;
    }
    return 0;
}

/* check_batch against check() and classify() one answer at a time: on runs
 * of boards of one size and of mixed sizes (those that pack in a word and
 * those that do not), answers right, spoilt and certificates, from every
 * start and for many lengths.  A batch must accept exactly the answers that
 * check and are proven, up to the first that is not, with the same classes;
 * given another solver's answers too, it also stops at the first of them
 * that differs in what the checker reads, and only there, as same_batch
 * does. */
static void test_check_batch(void **state)
{
    static const int sizes[][2] = {{5, 6},  {4, 4},  {1, 1}, {8, 8},   {1, 63}, {63, 1},
                                   {2, 32}, {4, 16}, {7, 9}, {9, 7},   {1, 64}, {64, 1},
                                   {3, 21}, {5, 5},  {9, 9}, {12, 12}, {2, 3},  {6, 10}};
    enum { N = 3000, NS = sizeof sizes / sizeof *sizes };
    const pz_puzzle *puzzles[] = {&pz_lightsout, &pz_flip};
    tg_board *bd = calloc(N, sizeof *bd);
    tg_answer *ans = calloc(N, sizeof *ans), *oth = calloc(N, sizeof *oth);
    int *classes = calloc(N, sizeof *classes), *differ = calloc(N, sizeof *differ);
    pz_rng rng = pz_rng_at(13, 0);
    (void)state;
    assert_int_equal(pz_lightsout.check_batch(bd, ans, NULL, 0, classes), 0);
    assert_int_equal(pz_lightsout.check_batch(bd, ans, oth, 0, classes), 0);
    assert_int_equal(pz_lightsout.same_batch(bd, ans, oth, 0), 0);
    for (int pi = 0; pi < 2; pi++) {
        const pz_puzzle *p = puzzles[pi];
        const pz_solver *gf2 = pz_find_solver(p->name, "gf2");
        void *scratch = pz_test_scratch(gf2);
        unsigned goals = p == &pz_flip ? TG_OFF | TG_ON : TG_OFF;
        long accepted = 0, rejected = 0, certs = 0, differs = 0, same = 0;
        for (int i = 0, left = 0, k = 0; i < N; i++, left--) {
            if (left <= 0) { /* a run of one size, of length 1 to 300 */
                k = (int)pz_rng_below(&rng, NS);
                left = 1 + (int)pz_rng_below(&rng, 300);
            }
            memset(&bd[i], 0, sizeof bd[i]);
            bd[i].m = (uint8_t)sizes[k][0];
            bd[i].n = (uint8_t)sizes[k][1];
            for (int r = 0; r < bd[i].m; r++)
                bd[i].b[r] = pz_rng_next(&rng) & tg_mask(bd[i].n);
            batch_answer(gf2, scratch, &bd[i], &ans[i], &rng);
            certs += ans[i].weight < 0 && (ans[i].has & TG_CERTS);
            differ[i] = other_answer(&bd[i], &ans[i], &oth[i], goals, &rng);
        }
        for (int t = 0; t < 200; t++) {
            size_t j = t ? pz_rng_below(&rng, N) : 0;
            size_t end = t ? j + pz_rng_below(&rng, N - j + 1) : N;
            const tg_answer *o = t % 2 ? oth : NULL;
            while (j < end) {
                size_t got =
                    p->check_batch(bd + j, ans + j, o ? o + j : NULL, end - j, classes + j);
                const char *why;
                assert_true(got <= end - j);
                for (size_t q = j; q < j + got; q++) {
                    assert_int_equal(p->check(&bd[q], &ans[q], &why), PZ_VALID);
                    assert_int_equal(p->proof(&bd[q], &ans[q]), PZ_PROVEN);
                    assert_int_equal(classes[q], p->classify(&bd[q], &ans[q], NULL, 0));
                    assert_false(o && differ[q]);
                }
                accepted += (long)got;
                j += got;
                if (j < end) {
                    int bad = p->check(&bd[j], &ans[j], &why) == PZ_INVALID ||
                              p->proof(&bd[j], &ans[j]) != PZ_PROVEN;
                    assert_true(bad || (o && differ[j]));
                    rejected += bad;
                    differs += !bad;
                    j++;
                }
            }
            for (j = t ? pz_rng_below(&rng, N) : 0; j < end;) { /* same_batch alone */
                size_t got = p->same_batch(bd + j, ans + j, oth + j, end - j);
                assert_true(got <= end - j);
                for (size_t q = j; q < j + got; q++)
                    assert_false(differ[q]);
                same += (long)got;
                j += got;
                if (j < end)
                    assert_true(differ[j++]);
            }
        }
        /* The mixture holds enough of each kind to mean something. */
        assert_true(accepted > 50000 && rejected > 1000 && certs > 50);
        assert_true(differs > 1000 && same > 100000);
        pz_test_scratch_free(gf2, scratch);
    }
    free(bd);
    free(ans);
    free(oth);
    free(classes);
    free(differ);
}

/* fits_batch against fits() for every registered solver of the toggle
 * puzzles that has one: boards in runs of one size, sizes that fit and
 * sizes that do not, from every start and for many lengths. */
static void test_fits_batch(void **state)
{
    enum { N = 2000 };
    tg_board *bd = calloc(N, sizeof *bd);
    pz_rng rng = pz_rng_at(19, 0);
    long solvers = 0, stops = 0;
    (void)state;
    for (int i = 0, left = 0, m = 1, n = 1; i < N; i++, left--) {
        if (left <= 0) { /* a run of one size, of length 1 to 100: m, n or both new */
            int which = (int)pz_rng_below(&rng, 3), small = (int)pz_rng_below(&rng, 4);
            if (which != 1)
                m = 1 + (int)pz_rng_below(&rng, small ? 8 : TG_MAX);
            if (which != 0)
                n = 1 + (int)pz_rng_below(&rng, small ? 8 : TG_MAX);
            left = 1 + (int)pz_rng_below(&rng, 100);
        }
        bd[i].m = (uint8_t)m;
        bd[i].n = (uint8_t)n;
    }
    for (const pz_solver *const *s = pz_solvers; *s; s++) {
        if (!(*s)->fits_batch)
            continue;
        assert_true((*s)->puzzle == &pz_flip || (*s)->puzzle == &pz_lightsout);
        solvers++;
        assert_int_equal((*s)->fits_batch(bd, 0), 0);
        for (int t = 0; t < 300; t++) {
            size_t j = t ? pz_rng_below(&rng, N) : 0;
            size_t len = t ? pz_rng_below(&rng, N - j + 1) : N, want = 0;
            while (want < len && (*s)->fits(&bd[j + want]))
                want++;
            assert_int_equal((*s)->fits_batch(bd + j, len), want);
            stops += want < len;
        }
    }
    assert_true(solvers >= 8 && stops > 100);
    free(bd);
}

/* make_batch against make() for every generator that has one: the same bytes,
 * and nothing written that make() leaves alone, from starts where the rows
 * carry and at the corpus's end. */
static void test_make_batch(void **state)
{
    static const int sizes[][2] = {{5, 6},  {4, 4}, {1, 1},  {2, 20}, {8, 5},  {1, 40},
                                   {40, 1}, {9, 4}, {3, 13}, {6, 6},  {10, 4}, {4, 10},
                                   {1, 8},  {8, 1}, {7, 3},  {5, 8},  {8, 8},  {3, 7}};
    const pz_puzzle *puzzles[] = {&pz_lightsout, &pz_flip};
    enum { N = 700 };
    size_t isz = sizeof(tg_board);
    char *one = malloc(N * isz), *many = malloc(N * isz);
    pz_rng rng = pz_rng_at(17, 0);
    long compared = 0;
    (void)state;
    for (int pi = 0; pi < 2; pi++)
        for (const pz_generator *g = puzzles[pi]->generators; g->kind; g++) {
            if (!g->make_batch)
                continue;
            for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
                for (int t = 0; t < 6; t++) {
                    pz_params par = {.rows = sizes[i][0],
                                     .cols = sizes[i][1],
                                     .n = -1,
                                     .digits = -1,
                                     .count = -1,
                                     .seed = (uint64_t)-1};
                    pz_error e;
                    if (strcmp(g->kind, "exhaustive"))
                        par.count = 1000000, par.seed = 5;
                    if (g->setup(&par, &e)) /* flip: at most 8x8 */
                        continue;
                    uint64_t total = (uint64_t)par.count, first;
                    size_t count = 1 + (size_t)pz_rng_below(&rng, N);
                    uint64_t low = 1ull << sizes[i][1]; /* row 0 wraps at multiples */
                    switch (t) {
                    case 0:
                        first = 0;
                        break;
                    case 1:
                        first = low - 1;
                        break;
                    case 2:
                        first = total > count ? total - count : 0;
                        break;
                    default:
                        first = pz_rng_below(&rng, total);
                        break;
                    }
                    if (first >= total)
                        first = total - 1;
                    if (first + count > total)
                        count = (size_t)(total - first);
                    memset(one, 0xa5, N * isz);
                    memset(many, 0xa5, N * isz);
                    for (size_t j = 0; j < count; j++)
                        g->make(&par, first + j, one + j * isz);
                    g->make_batch(&par, first, count, many);
                    assert_memory_equal(one, many, N * isz);
                    compared += (long)count;
                }
        }
    assert_true(compared > 10000);
    free(one);
    free(many);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_accepted),        cmocka_unit_test(test_wrong),
        cmocka_unit_test(test_presentation),    cmocka_unit_test(test_lightsout),
        cmocka_unit_test(test_split),           cmocka_unit_test(test_find_program),
        cmocka_unit_test(test_reference_order), cmocka_unit_test(test_checker_cells),
        cmocka_unit_test(test_check_batch),     cmocka_unit_test(test_make_batch),
        cmocka_unit_test(test_fits_batch),      cmocka_unit_test(test_jury_refuted),
        cmocka_unit_test(test_by_class),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
