/* test_judge.c - the judging rules shared by `check` and `stress`, and the
 * splitting of --exec into words. */
#include <stdlib.h>
#include <string.h>

#include "testing.h"
#include "../bench/exec.h"
#include "../bench/judge.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_accepted),     cmocka_unit_test(test_wrong),
        cmocka_unit_test(test_presentation), cmocka_unit_test(test_lightsout),
        cmocka_unit_test(test_split),        cmocka_unit_test(test_find_program),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
