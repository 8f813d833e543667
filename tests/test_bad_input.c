/* test_bad_input.c - every reader against bad input, one table.
 *
 * Each row is a text a user could feed us and the exact message it must get:
 * the line (0 where there is none) and what was expected.  A reader that
 * accepts the text, or words its error differently, fails the row.
 */
#include <stdlib.h>
#include <string.h>

#include "testing.h"
#include "../bench/corpus.h"
#include "../solvers/io.h"

enum what { INPUT, ANSWER, SPEC };

/* What a spec error adds, the keys its kind accepts (" (flip:random accepts
 * ...)"), is written ACCEPTS at the end of a row's error: the test puts the
 * generator's own keys there (testing.h), so the table does not copy them. */
#define ACCEPTS "\x01"

typedef struct row {
    enum what what;
    const char *puzzle;
    const char *text;
    size_t len;        /* 0: strlen(text); for NUL bytes */
    const char *error; /* "line: message" */
} row;

static const row rows[] = {
    /* flip input */
    /* An empty input is no boards (what gen writes for count=0): not in this table. */
    {INPUT, "flip", "bwwb\nbxwb\n", 0, "2: expected 'b' or 'w' in column 2, found 'x'"},
    {INPUT, "flip", "bwwb\nBwwb\n", 0, "2: expected 'b' or 'w' in column 1, found 'B'"},
    {INPUT, "flip", "bwwb\nbwb\nbwwb\nbwww\n", 0, "2: expected a row of 4 pieces 'b'/'w', found 3"},
    {INPUT, "flip", "bwwb\nbwbbb\n", 0, "2: expected a row of 4 pieces 'b'/'w', found 5"},
    {INPUT, "flip", "bwwb\nbwbb\n", 0, "2: expected 4 rows in this board, the input ended after 2"},
    {INPUT, "flip", "bwwb\n\nbwbb\n", 0, "2: expected row 2 of 4, found a blank line"},
    {INPUT, "flip", "9 4\nbwwb\n", 0,
     "1: expected a size line \"m n\" with 1 <= m, n <= 8, or a board"},
    {INPUT, "flip", "99999999999999999999 4\n", 0,
     "1: expected a size line \"m n\" with 1 <= m, n <= 8, or a board"},
    {INPUT, "flip", "bw\0b\nbwwb\n", 10, "1: expected text, found a NUL byte (binary input?)"},
    {INPUT, "flip",
     "\x7f"
     "ELF\x02\x01\n",
     0, "1: expected 'b' or 'w' in column 1, found '\\x7f'"},
    /* Leading blanks on a row are allowed (as lightsout and tetravex allow them),
     * so the column counts from the start of the line. */
    {INPUT, "flip", "bwwb\n  bxwb\n", 0, "2: expected 'b' or 'w' in column 4, found 'x'"},
    {INPUT, "flip", "bwwb\n\tbwwbb\n", 0, "2: expected a row of 4 pieces 'b'/'w', found 5"},
    {INPUT, "flip", "bwwb\n\x1b[2Jbwwb\n", 0, "2: expected 'b' or 'w' in column 1, found '\\x1b'"},
    /* lightsout input */
    {INPUT, "lightsout", "", 0, "0: expected the number of puzzles, found an empty input"},
    {INPUT, "lightsout", "x\n", 0, "1: expected the number of puzzles (0 to 100000000)"},
    {INPUT, "lightsout", "99999999999999999999\n", 0,
     "1: expected the number of puzzles (0 to 100000000)"},
    {INPUT, "lightsout", "1 0 5\n", 0, "1: expected \"N\" or \"N m n\" with 1 <= m, n <= 64"},
    {INPUT, "lightsout", "1 65 5\n", 0, "1: expected \"N\" or \"N m n\" with 1 <= m, n <= 64"},
    {INPUT, "lightsout", "1 3\n", 0, "1: expected \"N\" or \"N m n\" with 1 <= m, n <= 64"},
    {INPUT, "lightsout", "1\n0 1 1 0 1 2\n", 0, "2: expected a value 0 or 1 in position 6"},
    {INPUT, "lightsout", "1\n01 1 0 1 0 1\n", 0, "2: expected a value 0 or 1 in position 1"},
    {INPUT, "lightsout", "1\n0 1 1 0 1 0 1\n", 0, "2: expected 6 values on this line, found more"},
    {INPUT, "lightsout", "1\n0 1 1 0 1 0\n0 1 1 0 1\n", 0,
     "3: expected 6 values 0/1 on this line, found 5"},
    {INPUT, "lightsout", "1\n0 1 1 0 1 0\n\n", 0, "3: expected 6 values 0/1 on this line, found 0"},
    {INPUT, "lightsout", "2\n0 1 1 0 1 0\n0 1 1 0 1 0\n0 1 1 0 1 0\n0 1 1 0 1 0\n0 1 1 0 1 0\n", 0,
     "6: expected 1 more puzzle: the input ended"},
    {INPUT, "lightsout", "1 1 1\n1\n\n1\n", 0,
     "4: expected the end of the input after the puzzles"},
    {INPUT, "lightsout", "1 1 1\n\0\n", 8, "2: expected text, found a NUL byte (binary input?)"},
    /* tetravex input */
    {INPUT, "tetravex", "", 0, "0: expected a line 0 to end the input, found the end of the input"},
    {INPUT, "tetravex", "1\n1 2 3 4\n", 0,
     "2: expected a line 0 to end the input, found the end of the input"},
    {INPUT, "tetravex", "13\n", 0,
     "1: expected a board size n from 1 to 12 (0 ends the input), found 13"},
    {INPUT, "tetravex", "2\n1 2 3 4\n", 0,
     "2: expected 4 tiles in this game, the input ended after 1"},
    {INPUT, "tetravex", "1\n1 2 3 10\n0\n", 0,
     "2: expected a number from 0 to 9 for the left of tile 1 of 1, found '10'"},
    {INPUT, "tetravex", "1\n1 2 3 4 0\n0\n", 0,
     "2: expected 4 numbers (top right bottom left) for tile 1 of 1, found more"},
    /* Control characters are escaped as in every message, never echoed raw. */
    {INPUT, "tetravex", "1\n1 2 \x1b[2J 4\n0\n", 0,
     "2: expected a number from 0 to 9 for the bottom of tile 1 of 1, found '\\x1b[2J'"},
    {INPUT, "tetravex", "\x07\n", 0,
     "1: expected a board size n (1 to 12) or 0 to end the input, found '\\x07'"},
    {INPUT, "tetravex", "1\n1 2\0 3 4\n", 11, "2: expected text, found a NUL byte (binary input?)"},
    /* flip answers (two 4x4 boards) */
    {ANSWER, "flip", "4\nimpossible\n", 0,
     "2: expected a number of moves from 0 to 16 or \"Impossible\""},
    {ANSWER, "flip", "17\n", 0, "1: expected a number of moves from 0 to 16 or \"Impossible\""},
    /* The judge compares text: a padded number is another answer. */
    {ANSWER, "flip", "04\n", 0, "1: expected a number of moves without leading zeros"},
    {ANSWER, "flip", "4\n00\n", 0, "2: expected a number of moves without leading zeros"},
    {ANSWER, "flip", "+4\n", 0, "1: expected a number of moves from 0 to 16 or \"Impossible\""},
    {ANSWER, "flip", " 4\n", 0, "1: expected a number of moves from 0 to 16 or \"Impossible\""},
    {ANSWER, "flip", "4 \n", 0, "1: expected a number of moves from 0 to 16 or \"Impossible\""},
    {ANSWER, "flip", "99999999999999999999\n", 0,
     "1: expected a number of moves from 0 to 16 or \"Impossible\""},
    /* lightsout answers (two 5x6 boards) */
    {ANSWER, "lightsout", "PUZZLE #2\n", 0, "1: expected \"PUZZLE #1\""},
    {ANSWER, "lightsout", "PUZZLE #1\n", 0, "1: expected the answer to puzzle 1: the output ended"},
    {ANSWER, "lightsout", "PUZZLE #1\n1 0 1 0 0 1\n1 1 0 1 0 1\n", 0,
     "3: expected 5 rows of presses: the output ended"},
    {ANSWER, "lightsout", "PUZZLE #1\n1 0  1 0 0 1\n", 0,
     "2: expected values separated by exactly one space"},
    {ANSWER, "lightsout", "PUZZLE #1\n1 0 1 0 0 1 \n", 0,
     "2: expected no space at the end of the line"},
    {ANSWER, "lightsout", "PUZZLE #1\nimpossible\n", 0, "2: expected a value 0 or 1 in position 1"},
    /* tetravex answers (two games) */
    {ANSWER, "tetravex", "Game 1: Possible\nGame 2: Possible\n", 0,
     "2: expected an empty line before game 2"},
    {ANSWER, "tetravex", "Game 1: possible\n", 0,
     "1: expected \"Game 1: Possible\" or \"Game 1: Impossible\""},
    {ANSWER, "tetravex", "Game 1: Possible\n\nGame 2: Possible \n", 0,
     "3: expected \"Game 2: Possible\" or \"Game 2: Impossible\""},
    /* corpus specs */
    {SPEC, "flip", "flip:random:count=x", 0,
     "0: flip:random:count=x: expected count= a whole number from 0 to 1e15 (1000 or 1e6), found "
     "'x'" ACCEPTS},
    {SPEC, "flip", "flip:random:rows=4097", 0,
     "0: flip:random:rows=4097: expected rows and cols from 1 to 4096 (a sweep: rows=A..B, A <= "
     "B)" ACCEPTS},
    {SPEC, "flip", "flip:random:rows=16..8", 0,
     "0: flip:random:rows=16..8: expected rows and cols from 1 to 4096 (a sweep: rows=A..B, A <= "
     "B)" ACCEPTS},
    {SPEC, "flip", "flip:random:rows=8..64:cols=8..16", 0,
     "0: flip:random:rows=8..64:cols=8..16: expected sweeps of rows and cols with as many sizes "
     "each" ACCEPTS},
    {SPEC, "flip", "flip:random:rows=8:cols=8..16", 0,
     "0: flip:random:rows=8:cols=8..16: expected a sweep of rows beside one of cols "
     "(rows=A..B:cols=C..D)" ACCEPTS},
    {SPEC, "flip", "flip:random:rows=8..", 0,
     "0: flip:random:rows=8..: expected rows= a whole number from 0 to 10000 (or a sweep A..B), "
     "found '8..'" ACCEPTS},
    {SPEC, "flip", "flip:exhaustive:rows=2..4", 0,
     "0: flip:exhaustive:rows=2..4: flip:exhaustive takes no sweep of sizes (A..B)"},
    {SPEC, "lightsout", "lightsout:ones:seed=2", 0,
     "0: lightsout:ones:seed=2: expected only rows=, cols=, count= (the all-on board takes no "
     "seed=)" ACCEPTS},
    {SPEC, "lightsout", "lightsout:ones:rows=10001", 0,
     "0: lightsout:ones:rows=10001: expected rows= a whole number from 0 to 10000 (or a sweep "
     "A..B), found '10001'" ACCEPTS},
    {SPEC, "flip", "flip:random:seed=-1", 0,
     "0: flip:random:seed=-1: expected seed= a whole number below 2^64-1, found '-1'" ACCEPTS},
    {SPEC, "flip", "flip:random:count=1e99", 0,
     "0: flip:random:count=1e99: expected count= a whole number from 0 to 1e15 (1000 or 1e6), "
     "found "
     "'1e99'" ACCEPTS},
    {SPEC, "flip", "flip:random:colour=red", 0,
     "0: flip:random:colour=red: unknown key 'colour'" ACCEPTS},
    {SPEC, "flip", "flip:random:rows", 0,
     "0: flip:random:rows: expected key=value, found 'rows'" ACCEPTS},
    {SPEC, "flip", "flip:exhaustive:rows=8:cols=8", 0,
     "0: flip:exhaustive:rows=8:cols=8: expected at most 40 cells for an exhaustive corpus (2^40 "
     "boards)" ACCEPTS},
    {SPEC, "flip", "flip:shuffled", 0,
     "0: unknown corpus kind 'shuffled': expected flip:exhaustive, flip:random or flip:ones (their "
     "keys: puzzlebench list flip), or a file NAME.in (a path that exists or has a '/' is read as "
     "a file: ./NAME)"},
    {SPEC, "flip", "lightsout:random", 0,
     "0: corpus 'lightsout:random' is for lightsout, not flip"},
    {SPEC, "tetravex", "tetravex:random:n=13", 0,
     "0: tetravex:random:n=13: expected n from 1 to 12" ACCEPTS},
    {SPEC, "tetravex", "tetravex:random:mode=hard", 0,
     "0: tetravex:random:mode=hard: expected mode=solvable, perturbed or tiles, found "
     "'hard'" ACCEPTS},
    {SPEC, "tetravex", "tetravex:random:rows=5", 0,
     "0: tetravex:random:rows=5: expected n= (the board is n x n), not rows= or "
     "cols=" ACCEPTS},
    {SPEC, "lightsout", "lightsout:random:rows=4097", 0,
     "0: lightsout:random:rows=4097: expected rows and cols from 1 to 4096 (a sweep: rows=A..B, A "
     "<= B)" ACCEPTS},
};

/* The error a row's text gets: "line: message". */
static const char *error_of(const row *t)
{
    static char buf[1024];
    const pz_puzzle *p = pz_find_puzzle(t->puzzle);
    size_t len = t->len ? t->len : strlen(t->text);
    pz_error e;
    int rc = 0;
    assert_non_null(p);
    if (t->what == SPEC) {
        pz_corpus c;
        rc = pz_corpus_open(&c, p, t->text, &e);
        pz_corpus_close(&c);
    } else {
        FILE *f = len ? fmemopen((void *)t->text, len, "r") : fopen("/dev/null", "r");
        assert_non_null(f);
        if (t->what == INPUT) {
            void *insts;
            rc = pz_read_all(p, f, "text", &insts, &e) < 0 ? -1 : 0;
            free(insts);
        } else {
            pz_corpus c;
            pz_reader r;
            char spec[64];
            void *inst = malloc(p->inst_size), *ans = malloc(p->ans_size);
            snprintf(spec, sizeof spec, "%s:random:count=2", p->name);
            assert_int_equal(pz_corpus_open(&c, p, spec, &e), 0);
            pz_reader_init(&r, f, "text");
            for (int k = 0; k < 2 && rc == 0; k++) {
                pz_corpus_get(&c, k, inst);
                rc = p->read_answer(&r, (unsigned long long)k + 1, inst, ans, &e) < 0 ? -1 : 0;
            }
            pz_reader_free(&r);
            pz_corpus_close(&c);
            free(inst);
            free(ans);
        }
        fclose(f);
    }
    if (rc == 0)
        return NULL;
    snprintf(buf, sizeof buf, "%ld: %s", e.line, e.msg);
    return buf;
}

/* A row's error as the reader must give it: ACCEPTS made the keys of the
 * spec's kind (the spec's second field). */
static const char *expected(const row *t)
{
    static char buf[1024];
    size_t len = strlen(t->error);
    char kind[32];
    if (!len || t->error[len - 1] != ACCEPTS[0])
        return t->error;
    if (sscanf(t->text, "%*[^:]:%31[^:]", kind) != 1)
        fail_msg("%s: a spec without a kind", t->text);
    snprintf(buf, sizeof buf, "%.*s%s", (int)len - 1, t->error,
             pz_test_accepts(pz_find_puzzle(t->puzzle), kind));
    return buf;
}

static void test_table(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        const char *got = error_of(&rows[i]);
        if (!got)
            fail_msg("row %zu (%s): accepted, expected an error", i, rows[i].puzzle);
        if (rows[i].error && strcmp(got, expected(&rows[i])))
            fail_msg("row %zu (%s):\n  got      %s\n  expected %s", i, rows[i].puzzle, got,
                     expected(&rows[i]));
        if (!rows[i].error)
            print_message("row %zu: %s\n", i, got);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_table)};
    return cmocka_run_group_tests_name("bad_input", tests, NULL, NULL);
}
