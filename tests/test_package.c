/* test_package.c - the validators `puzzlebench package` writes agree with
 * our readers and checker.
 *
 * Each puzzle's validator (the template the build embedded, with its
 * shared part copied in: what a package holds) is compiled alone with gcc
 * -O2, as a judge builds it, then given hundreds of inputs and outputs:
 * valid ones made from corpora, and the same cut, doubled, retyped and
 * otherwise broken at random.  As an input validator it must exit 42
 * exactly where the puzzle's reader reads the whole input, 43 elsewhere;
 * as an output validator, 42 exactly where the judge (judge.c, what check
 * and stress use) finds every answer right, 43 elsewhere.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testing.h"
#include "../cli/templates.h"
#include "../bench/corpus.h"
#include "../bench/judge.h"
#include "../solvers/io.h"
#include "../solvers/tetravex/tetravex.h"
#include "../solvers/toggle/toggle.h"

enum { ACCEPT = 42, WRONG = 43 };

static char dir[] = "/tmp/pz-test-package-XXXXXX";
static uint64_t state = 0x9e3779b97f4a7c15ull;

static uint64_t next(void)
{
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static size_t below(size_t n)
{
    return n ? (size_t)(next() % n) : 0;
}

/* A text that may hold NUL bytes. */
typedef struct text {
    char *s;
    size_t len;
} text;

static void put(const char *name, const text *t)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(t->s, 1, t->len, f), t->len);
    assert_int_equal(fclose(f), 0);
}

static int run(const char *cmd)
{
    int status = system(cmd);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* The validator run with stdin from DIR/stdin_name, as validate or with its
 * output validator's arguments: its exit status. */
static int validate(const char *stdin_name, int output)
{
    char prog[128], in[128], ans[128];
    snprintf(prog, sizeof prog, "%s/validate", dir);
    snprintf(in, sizeof in, "%s/in", dir);
    snprintf(ans, sizeof ans, "%s/ans", dir);
    char *argv[] = {prog, in, ans, dir, NULL};
    int status;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        char path[128];
        snprintf(path, sizeof path, "%s/%s", dir, stdin_name);
        int fd = open(path, O_RDONLY), null = open("/dev/null", O_WRONLY);
        if (fd < 0 || null < 0 || dup2(fd, 0) < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0)
            _exit(127);
        if (!output)
            argv[1] = NULL;
        execv(prog, argv);
        _exit(127);
    }
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* The puzzle's validator from the build's templates, compiled alone. */
static void compile(const pz_puzzle *p)
{
    char name[64], cmd[512];
    snprintf(name, sizeof name, "%s_validate.c", p->name);
    for (const pz_template *t = pz_templates; t->name; t++)
        if (!strcmp(t->name, name)) {
            text x = {(char *)t->text, t->len};
            put("validate.c", &x);
            snprintf(cmd, sizeof cmd, "gcc -O2 -o %s/validate %s/validate.c", dir, dir);
            assert_int_equal(run(cmd), 0);
            return;
        }
    fail_msg("no template %s", name);
}

/* One random change to t (in place, reallocated): its kind from k. */
static void mutate(text *t, int k)
{
    static const char bytes[] = " \t\r\n01239bwx-PG#";
    size_t at = below(t->len + 1), n = t->len;
    char *s = malloc(2 * n + 8), c = bytes[below(sizeof bytes)]; /* the NUL too */
    size_t m = 0;
    assert_non_null(s);
    switch (k) {
    case 0: /* CRLF line ends */
        for (size_t i = 0; i < n; i++) {
            if (t->s[i] == '\n')
                s[m++] = '\r';
            s[m++] = t->s[i];
        }
        break;
    case 1: /* no final newline */
        memcpy(s, t->s, m = n && t->s[n - 1] == '\n' ? n - 1 : n);
        break;
    case 2: /* lines after the end: blank, blanks, text */
    case 3:
    case 4: {
        const char *tail = k == 2 ? "\n\n" : k == 3 ? "  \t\n" : "x\n";
        memcpy(s, t->s, n);
        memcpy(s + n, tail, strlen(tail));
        m = n + strlen(tail);
        break;
    }
    case 5: /* a byte replaced, inserted or deleted */
    case 6:
    case 7:
        memcpy(s, t->s, n);
        m = n;
        if (k == 5 && at < n)
            s[at] = c;
        else if (k == 6) {
            memmove(s + at + 1, s + at, n - at);
            s[at] = c;
            m++;
        } else if (at < n) {
            memmove(s + at, s + at + 1, n - at - 1);
            m--;
        }
        break;
    case 8: /* cut short */
        memcpy(s, t->s, m = at);
        break;
    default: { /* a line: deleted, doubled, given a blank before or after */
        size_t starts[4096], nl = 0;
        for (size_t i = 0; i < n && nl < 4096; i++)
            if (!i || t->s[i - 1] == '\n')
                starts[nl++] = i;
        size_t l = below(nl), b = nl ? starts[l] : 0;
        size_t e = l + 1 < nl ? starts[l + 1] : n;
        memcpy(s, t->s, b);
        m = b;
        if (k == 9) /* deleted */
            ;
        else if (k == 10) { /* doubled */
            memcpy(s + m, t->s + b, e - b);
            m += e - b;
            memcpy(s + m, t->s + b, e - b);
            m += e - b;
        } else if (k == 11) { /* an empty line before it */
            s[m++] = '\n';
            memcpy(s + m, t->s + b, e - b);
            m += e - b;
        } else { /* a space at its start, or at its end */
            if (k == 12)
                s[m++] = ' ';
            size_t body = e > b && t->s[e - 1] == '\n' ? e - 1 : e;
            memcpy(s + m, t->s + b, body - b);
            m += body - b;
            if (k != 12)
                s[m++] = ' ';
            memcpy(s + m, t->s + body, e - body);
            m += e - body;
        }
        memcpy(s + m, t->s + e, n - e);
        m += n - e;
        break;
    }
    }
    free(t->s);
    t->s = s;
    t->len = m;
}

enum { KINDS = 14 };

/* Does the puzzle's reader read the whole text? */
static int reads(const pz_puzzle *p, const text *t)
{
    FILE *f = t->len ? fmemopen(t->s, t->len, "r") : fopen("/dev/null", "r");
    char *inst = calloc(1, p->inst_size);
    pz_reader r;
    pz_error e;
    int rc;
    assert_non_null(f);
    pz_reader_init(&r, f, "input");
    while ((rc = p->read(&r, inst, &e)) == 1)
        ;
    pz_reader_free(&r);
    fclose(f);
    free(inst);
    return rc == 0;
}

/* n instances of spec from index i, rendered as one input. */
static text input_of(const pz_puzzle *p, const char *spec, long long i, long long n, void **insts)
{
    pz_corpus c;
    pz_error e;
    text t;
    assert_int_equal(pz_corpus_open(&c, p, spec, &e), 0);
    char *all = calloc((size_t)n, p->inst_size);
    for (long long k = 0; k < n; k++)
        pz_corpus_get(&c, (i + k) % c.count, all + k * p->inst_size);
    t.s = pz_render_input(p, all, n, &t.len);
    pz_corpus_close(&c);
    *insts = all;
    return t;
}

static void ignore(void *ctx, long long i, pz_outcome o, const char *why)
{
    (void)ctx, (void)i, (void)o, (void)why;
}

static int disagree, seen[4]; /* inputs refused, read; outputs wrong, right */

static void check_inputs(const pz_puzzle *p, const char *const *specs, int cases)
{
    for (int c = 0; c < cases; c++) {
        void *insts;
        text t = input_of(p, specs[c % 4], c, 1 + (long long)below(4), &insts);
        for (int k = c % 5 ? (int)below(3) + 1 : 0; k > 0; k--)
            mutate(&t, (int)below(KINDS));
        put("in", &t);
        int ours = reads(p, &t), theirs = validate("in", 0);
        seen[ours]++;
        if (theirs != (ours ? ACCEPT : WRONG) && disagree++ < 5)
            print_error("%s input case %d: reader %s, validator exit %d:\n%.*s\n", p->name, c,
                        ours ? "reads it" : "refuses it", theirs, (int)t.len, t.s);
        free(t.s);
        free(insts);
    }
}

/* The first answer made wrong, in the right form: the other verdict, or
 * a count one more, or a press more or less. */
static void wrong_answer(const pz_puzzle *p, void *ans)
{
    if (p == &pz_tetravex) {
        tx_answer *a = ans;
        a->possible = !a->possible;
        a->has = 0;
        return;
    }
    tg_answer *a = ans;
    if (a->weight < 0) {
        a->weight = 0;
        a->has = TG_PRESSES;
        memset(a->x, 0, sizeof a->x);
    } else {
        a->weight++;
        a->x[0] ^= 1;
    }
}

static void check_outputs(const pz_puzzle *p, const char *const *specs, int cases)
{
    char cmd[512];
    pz_reference ref;
    pz_error e;
    snprintf(cmd, sizeof cmd, "%s/validate %s/in %s/ans %s <%s/out >/dev/null 2>&1", dir, dir, dir,
             dir, dir);
    pz_reference_init(&ref, p, NULL);
    for (int c = 0; c < cases; c++) {
        void *insts;
        long long n = 1 + (long long)below(4);
        text in = input_of(p, specs[c % 4], 3 * c, n, &insts), ans, out;
        char *answers = calloc((size_t)n, p->ans_size);
        for (long long i = 0; i < n; i++)
            assert_int_equal(pz_reference_solve(&ref, (char *)insts + i * p->inst_size,
                                                answers + i * p->ans_size, &e),
                             0);
        ans.s = pz_render_answers(p, 1, insts, answers, n, &ans.len);
        if (c % 7 == 3)
            wrong_answer(p, answers + below((size_t)n) * p->ans_size);
        out.s = pz_render_answers(p, 1, insts, answers, n, &out.len);
        if (c % 7 != 3)
            for (int k = c % 4 ? (int)below(3) + 1 : 0; k > 0; k--)
                mutate(&out, (int)below(KINDS));
        put("in", &in);
        put("ans", &ans);
        put("out", &out);
        /* The reference's answers, again: wrong_answer changed them. */
        char *expected = calloc((size_t)n, p->ans_size);
        for (long long i = 0; i < n; i++)
            pz_reference_solve(&ref, (char *)insts + i * p->inst_size, expected + i * p->ans_size,
                               &e);
        unsigned char v[8];
        long long judged = pz_judge_output(p, insts, expected, n, out.s, out.len, v, ignore, NULL);
        int ours = judged == n, theirs = validate("out", 1);
        for (long long i = 0; i < judged; i++)
            ours &= v[i] == PZ_AC;
        seen[2 + ours]++;
        if (theirs != (ours ? ACCEPT : WRONG) && disagree++ < 5)
            print_error("%s output case %d: judge %s, validator exit %d:\n%.*s\n", p->name, c,
                        ours ? "accepts it" : "refuses it", theirs, (int)out.len, out.s);
        free(in.s);
        free(ans.s);
        free(out.s);
        free(answers);
        free(expected);
        free(insts);
    }
    pz_reference_free(&ref);
}

static void agree(const pz_puzzle *p, const char *const *specs)
{
    disagree = 0;
    memset(seen, 0, sizeof seen);
    compile(p);
    check_inputs(p, specs, 150);
    check_outputs(p, specs, 150);
    print_message("%s: %d inputs read, %d refused; %d outputs right, %d wrong: %d disagreements\n",
                  p->name, seen[1], seen[0], seen[3], seen[2], disagree);
    assert_int_equal(disagree, 0);
    /* Both verdicts are tried, many times each. */
    for (int k = 0; k < 4; k++)
        assert_true(seen[k] >= 30);
}

static void test_flip(void **state_)
{
    static const char *const specs[] = {
        "flip:random:count=50",
        "flip:random:mode=solvable:count=50",
        "flip:random:rows=3:cols=5:count=50",
        "flip:random:mode=solvable:rows=8:cols=7:count=50",
    };
    (void)state_;
    agree(&pz_flip, specs);
}

static void test_lightsout(void **state_)
{
    static const char *const specs[] = {
        "lightsout:random:count=50",
        "lightsout:random:rows=4:cols=4:count=50",
        "lightsout:random:mode=solvable:rows=4:cols=4:count=50",
        "lightsout:random:mode=solvable:rows=9:cols=3:count=50",
    };
    (void)state_;
    agree(&pz_lightsout, specs);
}

static void test_tetravex(void **state_)
{
    static const char *const specs[] = {
        "tetravex:random:n=2:digits=2:count=50",
        "tetravex:random:n=3:mode=tiles:digits=3:count=50",
        "tetravex:random:n=3:count=50",
        "tetravex:random:n=1:mode=tiles:count=50",
    };
    (void)state_;
    agree(&pz_tetravex, specs);
}

static int setup(void **state_)
{
    (void)state_;
    pz_prepare_all();
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state_)
{
    char cmd[128];
    (void)state_;
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) ? -1 : 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_flip),
        cmocka_unit_test(test_lightsout),
        cmocka_unit_test(test_tetravex),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
