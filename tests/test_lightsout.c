/* test_lightsout.c - Extended Lights Out: reader, writer, checker,
 * certificates, the press matrix's nullity, and every registered solver
 * cross-checked on every small board and on random boards up to 64x64. */
#include <stdlib.h>
#include <string.h>

#include "testing.h"
#include "../solvers/toggle/toggle.h"
#include "../solvers/io.h"
#include "../solvers/rng.h"

static const char sample_in[] = "2\n"
                                "0 1 1 0 1 0\n1 0 0 1 1 1\n0 0 1 0 0 1\n1 0 0 1 0 1\n0 1 1 1 0 0\n"
                                "0 0 1 0 1 0\n1 0 1 0 1 1\n0 0 1 0 1 1\n1 0 1 1 0 0\n0 1 0 1 0 0\n";
static const char sample_out[] =
    "PUZZLE #1\n1 0 1 0 0 1\n1 1 0 1 0 1\n0 0 1 0 1 1\n1 0 0 1 0 0\n0 1 0 0 0 0\n"
    "PUZZLE #2\n1 0 0 1 1 1\n1 1 0 0 0 0\n0 0 0 1 0 0\n1 1 0 1 0 1\n1 0 1 1 0 1\n";

/* gf2, whose certificates of impossibility and canonical answers some tests
 * examine, prepared. */
static const pz_solver *gf2(void)
{
    const pz_solver *sv = pz_find_solver("lightsout", "gf2");
    assert_non_null(sv);
    if (sv->prepare)
        assert_int_equal(sv->prepare(), 0);
    return sv;
}

static tg_board board(int m, int n, const uint64_t *rows)
{
    tg_board b = {.m = (uint8_t)m, .n = (uint8_t)n};
    memcpy(b.b, rows, (size_t)m * sizeof *rows);
    return b;
}

static void test_reader_good(void **state)
{
    void *v;
    pz_error e;
    (void)state;
    long n = pz_test_read(&pz_lightsout, sample_in, &v, &e);
    assert_int_equal(n, 2);
    tg_board *b = v;
    assert_int_equal(b[0].m, 5);
    assert_int_equal(b[0].n, 6);
    assert_int_equal(b[0].b[0], 0x16); /* 0 1 1 0 1 0: columns 1, 2, 4 */
    assert_int_equal(b[1].b[4], 0x0a);
    free(v);
    /* Our sizes; several blanks, tabs, CRLF, blank lines between puzzles. */
    n = pz_test_read(&pz_lightsout, " 2  2 3 \n1  0\t1\r\n0 0 1\n\n\n1 1 1\n0 0 0\n\n", &v, &e);
    assert_int_equal(n, 2);
    b = v;
    assert_int_equal(b[0].m, 2);
    assert_int_equal(b[0].n, 3);
    assert_int_equal(b[0].b[0], 0x5);
    assert_int_equal(b[0].b[1], 0x4);
    assert_int_equal(b[1].b[0], 0x7);
    free(v);
    n = pz_test_read(&pz_lightsout, "0\n", &v, &e);
    assert_int_equal(n, 0);
    free(v);
    char wide[200] = "1 1 64\n1"; /* the widest row, no final newline */
    for (int c = 1; c < 64; c++)
        strcat(wide, c < 63 ? " 0" : " 1");
    n = pz_test_read(&pz_lightsout, wide, &v, &e);
    assert_int_equal(n, 1);
    assert_true(((tg_board *)v)->b[0] == (1ull | 1ull << 63));
    free(v);
}

/* The judge's output, byte for byte, and the input writer read back. */
static void test_writer(void **state)
{
    void *v, *w;
    pz_error e;
    char buf[4096] = "", *out;
    size_t len;
    (void)state;
    long n = pz_test_read(&pz_lightsout, sample_in, &v, &e);
    const pz_solver *sv = gf2();
    void *scratch = pz_test_scratch(sv);
    for (long i = 0; i < n; i++) {
        tg_answer a;
        pz_test_solve(sv, (tg_board *)v + i, &a, scratch);
        strcat(buf,
               pz_test_output(&pz_lightsout, (unsigned long long)i + 1, (tg_board *)v + i, &a));
    }
    assert_string_equal(buf, sample_out);
    FILE *f = open_memstream(&out, &len);
    pz_lightsout.write_input(f, v, (size_t)n, 0, (uint64_t)n);
    fclose(f);
    assert_string_equal(out, sample_in);
    free(out);
    /* Another size: the header says so; no answer prints IMPOSSIBLE. */
    uint64_t rows[4] = {0x1, 0, 0, 0};
    tg_board b = board(4, 4, rows);
    tg_answer a;
    pz_test_solve(sv, &b, &a, scratch);
    assert_string_equal(pz_test_output(&pz_lightsout, 7, &b, &a), "PUZZLE #7\nIMPOSSIBLE\n");
    f = open_memstream(&out, &len);
    pz_lightsout.write_input(f, &b, 1, 0, 1);
    fclose(f);
    assert_string_equal(out, "1 4 4\n1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n");
    assert_int_equal(pz_test_read(&pz_lightsout, out, &w, &e), 1);
    assert_int_equal(((tg_board *)w)->m, 4);
    assert_int_equal(((tg_board *)w)->n, 4);
    assert_memory_equal(((tg_board *)w)->b, b.b, 4 * sizeof *b.b);
    free(out);
    free(w);
    pz_test_scratch_free(sv, scratch);
    free(v);
}

/* Answers are read strictly: the judge's exact layout. */
static void test_read_answer(void **state)
{
    static const struct {
        const char *text, *error;
    } bad[] = {
        {"PUZZLE #2\n", "1: expected \"PUZZLE #1\""},
        {"PUZZLE #1 \n", "1: expected \"PUZZLE #1\""},
        {"PUZZLE #1\n1 0\n", "2: expected 3 values 0/1 on this line, found 2"},
        {"PUZZLE #1\n1\t0 0\n", "2: expected values separated by exactly one space"},
        {"PUZZLE #1\n1  0 0\n", "2: expected values separated by exactly one space"},
        {"PUZZLE #1\n 1 0 0\n", "2: expected values separated by exactly one space"},
        {"PUZZLE #1\n1 0 0 \n", "2: expected no space at the end of the line"},
        {"PUZZLE #1\n1 0 0\n", "2: expected 2 rows of presses: the output ended"},
        {"PUZZLE #1\nimpossible\n", "2: expected a value 0 or 1 in position 1"},
        {"PUZZLE #1\n", "1: expected the answer to puzzle 1: the output ended"},
    };
    uint64_t rows[2] = {0x3, 0x6};
    tg_board b = board(2, 3, rows);
    tg_answer a;
    pz_reader r;
    pz_error e;
    (void)state;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        FILE *f = fmemopen((void *)bad[i].text, strlen(bad[i].text), "r");
        char got[640];
        pz_reader_init(&r, f, "out");
        if (pz_lightsout.read_answer(&r, 1, &b, &a, &e) != -1)
            fail_msg("accepted: %s", bad[i].text);
        snprintf(got, sizeof got, "%ld: %s", e.line, e.msg);
        assert_string_equal(got, bad[i].error);
        pz_reader_free(&r);
        fclose(f);
    }
    const char *good = "PUZZLE #1\n1 1 0\n0 0 1\nPUZZLE #2\nIMPOSSIBLE\n";
    FILE *f = fmemopen((void *)good, strlen(good), "r");
    pz_reader_init(&r, f, "out");
    assert_int_equal(pz_lightsout.read_answer(&r, 1, &b, &a, &e), 1);
    assert_int_equal(a.weight, 3);
    assert_int_equal(a.has, TG_PRESSES);
    assert_true(a.x[0] == 0x3 && a.x[1] == 0x4);
    assert_int_equal(pz_lightsout.read_answer(&r, 2, &b, &a, &e), 1);
    assert_int_equal(a.weight, -1);
    assert_int_equal(pz_lightsout.read_answer(&r, 3, &b, &a, &e), 0);
    pz_reader_free(&r);
    fclose(f);
}

/* Every solver that takes a corpus file's boards gives its expected answers. */
static void check_file(const char *in, long count)
{
    pz_test_cross *x = pz_test_cross_new(&pz_lightsout);
    assert_int_equal(pz_test_cross_spec(x, in, 1, 0, NULL, NULL), count);
    pz_test_cross_free(x);
}

/* The judge's size, and files of other sizes: singular ones (4x4, 5x5, 9x9)
 * with IMPOSSIBLE boards, wide ones that rowenum transposes. */
static void test_corpus(void **state)
{
    static const struct {
        const char *name;
        long count;
    } files[] = {{"poj1222", 22}, {"4x4", 12}, {"5x5", 12}, {"9x9", 8},
                 {"3x7", 10},     {"1x64", 6}, {"20x40", 4}};
    char in[64];
    (void)state;
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        snprintf(in, sizeof in, "corpus/lightsout/%s.in", files[i].name);
        check_file(in, files[i].count);
    }
}

static void test_checker(void **state)
{
    uint64_t rows[5] = {0x16, 0x39, 0x24, 0x29, 0x0e}; /* sample puzzle 1 */
    tg_board b = board(5, 6, rows);
    tg_answer a = {.weight = 13, .has = TG_PRESSES, .x = {0x25, 0x2b, 0x34, 0x09, 0x02}};
    const char *why;
    (void)state;
    assert_int_equal(pz_lightsout.check(&b, &a, &why), PZ_VALID);
    a.x[2] ^= 0x11; /* one press moved */
    assert_int_equal(pz_lightsout.check(&b, &a, &why), PZ_INVALID);
    assert_string_equal(why, "the presses do not reach a goal board");
    a.x[2] ^= 0x11;
    a.weight = 12; /* the count lies */
    assert_int_equal(pz_lightsout.check(&b, &a, &why), PZ_INVALID);
    assert_string_equal(why, "the press count is not the number of presses");
    a.weight = 31;
    assert_int_equal(pz_lightsout.check(&b, &a, &why), PZ_INVALID);
    assert_string_equal(why, "press count out of range");
    a.weight = 14;
    a.x[4] |= 1ull << 6; /* off the board */
    assert_int_equal(pz_lightsout.check(&b, &a, &why), PZ_INVALID);
    assert_string_equal(why, "a press outside the board");
    a.weight = 13;
    a.x[4] ^= 1ull << 6;
    a.has = 0; /* nothing to check */
    a.weight = -1;
    assert_int_equal(pz_lightsout.check(&b, &a, &why), PZ_VALID);
}

/* Checks gf2's answer for a board with none: a certificate that passes, and
 * corruptions of it that fail. */
static void corrupt_certificate(const tg_board *b, const tg_answer *good)
{
    tg_answer a = *good;
    const char *why;
    int m = b->m, n = b->n;
    assert_int_equal(a.has, TG_CERTS);
    assert_int_equal(pz_lightsout.check(b, &a, &why), PZ_VALID);
    a.cert[0][m / 2] ^= 1ull << (n / 2); /* not in the kernel */
    assert_int_equal(pz_lightsout.check(b, &a, &why), PZ_INVALID);
    assert_string_equal(why, "a certificate is not in the kernel of the press matrix");
    memset(a.cert[0], 0, sizeof a.cert[0]); /* zero is in it */
    assert_int_equal(pz_lightsout.check(b, &a, &why), PZ_INVALID);
    a = *good;
    a.cert[0][0] |= 1ull << n; /* off the board */
    assert_int_equal(pz_lightsout.check(b, &a, &why), PZ_INVALID);
    /* The board with one more light where y has one: y no longer separates. */
    tg_board c = *b;
    int r = 0;
    while (!good->cert[0][r])
        r++;
    c.b[r] ^= good->cert[0][r] & -good->cert[0][r];
    assert_int_equal(pz_lightsout.check(&c, good, &why), PZ_INVALID);
    assert_string_equal(why, "a certificate does not separate the board from the goal");
}

static void test_certificates(void **state)
{
    const pz_solver *sv = gf2();
    void *scratch = pz_test_scratch(sv);
    long impossible = 0;
    (void)state;
    /* Sizes with nullity 1 to 24, small and large: 4x4 (4), 5x5 (2), 9x9 (8),
     * 1x2 (1), 16x16 (8), 19x19 (16), 24x24 (4), 30x30 (20), 64x4 (4), 64x9
     * (4), 59x59 (22). */
    static const int sizes[][2] = {{4, 4},   {5, 5},   {9, 9},  {1, 2},  {16, 16}, {19, 19},
                                   {24, 24}, {30, 30}, {64, 4}, {64, 9}, {59, 59}};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        int m = sizes[s][0], n = sizes[s][1];
        assert_true(tg_nullity(m, n) > 0 && tg_nullity(m, n) <= 24);
        for (uint64_t i = 0; i < 20; i++) {
            pz_rng rng = pz_rng_at(11, i);
            tg_board b = {.m = (uint8_t)m, .n = (uint8_t)n};
            tg_answer a;
            for (int r = 0; r < m; r++)
                b.b[r] = pz_rng_next(&rng) & tg_mask(n);
            pz_test_solve(sv, &b, &a, scratch);
            if (a.weight < 0) {
                corrupt_certificate(&b, &a);
                impossible++;
            }
        }
    }
    /* A random board is solvable with chance 2^-nullity: most of these are not. */
    assert_true(impossible > 100);
    pz_test_scratch_free(sv, scratch);
}

/* All solvers that take the boards agree bit for bit on boards make(0..count-1)
 * of the size, the slow ones on every slow-th (0: none); every IMPOSSIBLE of
 * gf2 carries a certificate.  Returns the number of solvable boards. */
typedef void make_fn(const pz_params *, uint64_t index, void *inst);
static long cross_check(int m, int n, long long count, make_fn *make, long long slow)
{
    pz_test_cross *x = pz_test_cross_new(&pz_lightsout);
    const pz_solver *g = gf2();
    void *scratch = pz_test_scratch(g);
    pz_params p = {.rows = m, .cols = n, .n = -1, .digits = -1, .count = count, .seed = 5};
    long solvable = 0;
    for (long long i = 0; i < count; i++) {
        tg_board b;
        tg_answer a;
        make(&p, (uint64_t)i, &b);
        const tg_answer *ref = pz_test_cross_one(x, &b, NULL, slow && i % slow == 0, 0, "board", i);
        assert_non_null(ref);
        if (ref->weight < 0 && g->fits(&b)) {
            pz_test_solve(g, &b, &a, scratch);
            assert_int_equal(a.has, TG_CERTS);
        }
        solvable += ref->weight >= 0;
    }
    pz_test_scratch_free(g, scratch);
    pz_test_cross_free(x);
    return solvable;
}

/* The slow searches on every board, or on none. */
enum { ALL = 1, FAST = 0 };

/* Boards spread evenly over the exhaustive corpus (p->count of them), for
 * the searches where every board would take too long: bfs and iddfs take
 * about a millisecond a 4x4 board. */
static void make_spread(const pz_params *p, uint64_t index, void *inst)
{
    tg_make_exhaustive(p, index * ((1ull << (p->rows * p->cols)) / (uint64_t)p->count), inst);
}

/* Every board of up to 16 cells (all 2^16 4x4 boards among them) and every
 * 3xn board to 3x6 with the solvers not marked slow; every solver on every
 * board of up to 10 cells and on 256 boards spread over each larger size (the
 * slow ones on a quarter of them beyond 16 cells).  The solvable ones number
 * 2^rank. */
static void test_exhaustive(void **state)
{
    (void)state;
    for (int m = 1; m <= 16; m++)
        for (int n = 1; m * n <= 18; n++) {
            if (m * n > 16 && m != 3)
                continue;
            long long all = 1ll << (m * n);
            long long searches = m * n <= 10 ? ALL : FAST;
            long solvable = cross_check(m, n, all, tg_make_exhaustive, searches);
            if (solvable != 1l << (m * n - tg_nullity(m, n)))
                fail_msg("%dx%d: %ld solvable boards, expected 2^(%d - %d)", m, n, solvable, m * n,
                         tg_nullity(m, n));
            if (searches != ALL)
                cross_check(m, n, 256, make_spread, m * n <= 16 ? ALL : 4);
        }
}

/* A solvable board: random presses on an empty one (odd indices), or a
 * random board (even indices, mostly unsolvable where the nullity is high). */
static void make_pressed(const pz_params *p, uint64_t index, void *inst)
{
    tg_board *bd = inst;
    uint64_t x[TG_MAX], mask = tg_mask(p->cols);
    tg_make_random(p, index, inst);
    if (!(index & 1))
        return;
    memcpy(x, bd->b, sizeof x);
    for (int r = 0; r < p->rows; r++)
        bd->b[r] =
            (x[r] ^ x[r] << 1 ^ x[r] >> 1 ^ (r ? x[r - 1] : 0) ^ (r + 1 < p->rows ? x[r + 1] : 0)) &
            mask;
}

/* Random and solvable boards of many sizes up to 64x64: the solvers not
 * marked slow (gf2 against rowenum where both fit); and a million random 5x6
 * boards. */
static void test_random(void **state)
{
    static const int sides[] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  11, 16, 17,
                                19, 20, 21, 23, 30, 33, 40, 47, 59, 63, 64};
    enum { NSIDES = sizeof sides / sizeof *sides };
    (void)state;
    for (int i = 0; i < NSIDES; i++)
        for (int j = 0; j < NSIDES; j++) {
            int m = sides[i], n = sides[j], k = tg_nullity(m, n);
            int narrow = m <= 20 || n <= 20, wide = (m < n ? m : n) >= 16;
            /* Beyond nullity 24 a solvable board takes gf2 up to seconds: only
             * random ones there, which have no answer but a certificate. */
            cross_check(m, n,
                        k > 24            ? 1
                        : k > 16          ? 2
                        : !narrow || wide ? 4
                                          : 20,
                        make_pressed, FAST);
        }
    cross_check(5, 6, 1000000, tg_make_random, FAST);
}

/* lightsout:random at a size of nullity k > 0 is solvable 1 time in 2^k
 * (4x4: k = 4, 5x5: k = 2); random:mode=solvable always is. */
static void test_random_solvable(void **state)
{
    static const char *const specs[] = {
        "lightsout:random:rows=4:cols=4:mode=solvable:count=1000",
        "lightsout:random:rows=5:cols=5:mode=solvable:count=1000:seed=3",
        "lightsout:random:rows=9:cols=9:mode=solvable:count=200",
        "lightsout:random:rows=19:cols=19:mode=solvable:count=20",
        "lightsout:random:rows=64:cols=3:mode=solvable:count=50",
    };
    long long n, solvable;
    (void)state;
    assert_true(pz_test_solvable(&pz_lightsout, "lightsout:random:rows=4:cols=4:count=1000", &n) <
                150);
    assert_true(pz_test_solvable(&pz_lightsout, "lightsout:random:rows=5:cols=5:count=1000", &n) <
                400);
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++)
        if ((solvable = pz_test_solvable(&pz_lightsout, specs[i], &n)) != n)
            fail_msg("%s: %lld of %lld boards Impossible", specs[i], n - solvable, n);
}

/* A159257 (OEIS): the nullity of the n x n Lights Out matrix, n = 1..40, as
 * published; test_nullity checks it against both gf2's first-row reduction
 * and the dense elimination below. */
static const int a159257[40] = {0, 0, 0,  4, 2, 0, 0, 0, 8,  0,  6, 0,  0,  4, 0, 8, 2, 0, 16, 0,
                                0, 0, 14, 4, 0, 0, 0, 0, 10, 20, 0, 20, 16, 4, 6, 0, 0, 0, 32, 0};

/* The press matrix's nullity and *on (pz_test_press_kernel); kern, if not
 * NULL: a basis of its kernel, as boards. */
static int dense_nullity(int m, int n, int *on, uint64_t (*kern)[TG_MAX])
{
    int cells = m * n;
    uint8_t *v = kern ? malloc((size_t)cells * (size_t)cells) : NULL;
    int k = pz_test_press_kernel(m, n, on, v);
    if (!kern)
        return k;
    assert_non_null(v);
    for (int i = 0; i < k; i++) {
        memset(kern[i], 0, sizeof kern[i]);
        for (int c = 0; c < cells; c++)
            kern[i][c / n] |= (uint64_t)v[(size_t)i * cells + c] << (c % n);
    }
    free(v);
    return k;
}

/* gf2's answers on solvable boards are the canonical members of their coset
 * answer + span(kernel): a plain Gray code walk over a kernel basis from the
 * dense elimination, at sizes whose kernels gf2 searches by Walsh-Hadamard
 * transforms, beyond 16 dimensions among them (30x30, 19x59, 21x61, 33x59). */
static void test_minimum(void **state)
{
    static const int sizes[][2] = {{9, 9},   {16, 16}, {19, 19}, {24, 24}, {64, 4},  {30, 30},
                                   {19, 59}, {59, 19}, {21, 61}, {33, 59}, {29, 33}, {17, 55}};
    static uint64_t kern[TG_MAX][TG_MAX];
    const pz_solver *sv = gf2();
    void *scratch = pz_test_scratch(sv);
    (void)state;
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        int m = sizes[s][0], n = sizes[s][1], on;
        int k = dense_nullity(m, n, &on, kern);
        pz_params p = {.rows = m, .cols = n, .seed = 3};
        assert_int_equal(k, tg_nullity(m, n));
        assert_true(k > 0 && k <= 21);
        for (uint64_t i = 1; i < 4; i += 2) {
            tg_board b;
            tg_answer a;
            uint64_t cur[TG_MAX], best[TG_MAX];
            make_pressed(&p, i, &b);
            pz_test_solve(sv, &b, &a, scratch);
            assert_true(a.weight >= 0);
            memcpy(cur, a.x, sizeof cur);
            memcpy(best, a.x, sizeof best);
            int w = a.weight;
            for (uint64_t g = 1; g < 1ull << k; g++) {
                const uint64_t *v = kern[__builtin_ctzll(g)];
                int cw = 0;
                for (int r = 0; r < m; r++)
                    cw += __builtin_popcountll(cur[r] ^= v[r]);
                if (cw < w || (cw == w && tg_lexless(cur, best, m))) {
                    w = cw;
                    memcpy(best, cur, sizeof best);
                }
            }
            if (w != a.weight || memcmp(best, a.x, (size_t)m * sizeof *best))
                fail_msg("%dx%d board %d: gf2 presses %d, the coset's canonical member %d", m, n,
                         (int)i, a.weight, w);
        }
    }
    pz_test_scratch_free(sv, scratch);
}

static void test_nullity(void **state)
{
    int on;
    (void)state;
    for (int n = 1; n <= 40; n++) {
        assert_int_equal(tg_nullity(n, n), a159257[n - 1]);
        assert_int_equal(dense_nullity(n, n, &on, NULL), a159257[n - 1]);
        assert_int_equal(tg_on_solvable(n, n), on);
    }
    for (int m = 1; m <= 24; m++)
        for (int n = 1; n <= 24; n++) {
            assert_int_equal(tg_nullity(m, n), dense_nullity(m, n, &on, NULL));
            assert_int_equal(tg_on_solvable(m, n), on);
            assert_int_equal(tg_nullity(m, n), tg_nullity(n, m));
        }
    assert_int_equal(tg_nullity(5, 6), 0);
    assert_int_equal(tg_nullity(64, 64), dense_nullity(64, 64, &on, NULL));
    assert_int_equal(tg_on_solvable(64, 64), on);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reader_good),     cmocka_unit_test(test_writer),
        cmocka_unit_test(test_read_answer),     cmocka_unit_test(test_corpus),
        cmocka_unit_test(test_checker),         cmocka_unit_test(test_certificates),
        cmocka_unit_test(test_exhaustive),      cmocka_unit_test(test_random),
        cmocka_unit_test(test_nullity),         cmocka_unit_test(test_minimum),
        cmocka_unit_test(test_random_solvable),
    };
    return cmocka_run_group_tests_name("lightsout", tests, NULL, NULL);
}
