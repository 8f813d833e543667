/* testing.c - helpers every cmocka test program shares. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testing.h"
#include "../bench/corpus.h"
#include "../solvers/io.h"

enum { CANARY = 64 };

void pz_test_filter(void)
{
    if (getenv("PZ_TEST_FILTER"))
        cmocka_set_test_filter(getenv("PZ_TEST_FILTER"));
}

const char *pz_test_path(const char *rel)
{
    static char buf[4096];
    const char *root = getenv("PZ_SOURCE_DIR");
    snprintf(buf, sizeof buf, "%s/%s", root ? root : ".", rel);
    return buf;
}

long pz_test_read(const pz_puzzle *p, const char *text, void **insts, pz_error *e)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    long n;
    if (!*text) /* fmemopen refuses an empty buffer on some libcs */
        f = fopen("/dev/null", "r");
    assert_non_null(f);
    n = (long)pz_read_all(p, f, "text", insts, e);
    fclose(f);
    return n;
}

long pz_test_read_file(const pz_puzzle *p, const char *rel, void **insts)
{
    pz_error e;
    FILE *f = fopen(pz_test_path(rel), "r");
    long n;
    if (!f)
        fail_msg("cannot open %s", pz_test_path(rel));
    n = (long)pz_read_all(p, f, rel, insts, &e);
    fclose(f);
    if (n < 0)
        fail_msg("%s:%ld: %s", e.file, e.line, e.msg);
    return n;
}

void *pz_test_read_answers(const pz_puzzle *p, const char *rel, const void *insts, long count)
{
    pz_error e;
    pz_reader r;
    FILE *f = fopen(pz_test_path(rel), "r");
    char *a = calloc((size_t)count + 1, p->ans_size);
    if (!f)
        fail_msg("cannot open %s", pz_test_path(rel));
    pz_reader_init(&r, f, rel);
    for (long k = 0; k < count; k++) {
        int rc = p->read_answer(&r, (unsigned long long)k + 1,
                                (const char *)insts + (size_t)k * p->inst_size,
                                a + (size_t)k * p->ans_size, &e);
        if (rc != 1)
            fail_msg("%s:%ld: %s", rel, r.line, rc < 0 ? e.msg : "too few answers");
    }
    pz_reader_free(&r);
    fclose(f);
    return a;
}

const char *pz_test_read_error(const pz_puzzle *p, const char *text)
{
    static char buf[640];
    void *insts;
    pz_error e;
    long n = pz_test_read(p, text, &insts, &e);
    if (n >= 0)
        fail_msg("expected an error, read %ld instances from:\n%s", n, text);
    snprintf(buf, sizeof buf, "%ld: %s", e.line, e.msg);
    return buf;
}

const char *pz_test_accepts(const pz_puzzle *p, const char *kind)
{
    static char buf[1024];
    const pz_generator *g = p->generators;
    while (g->kind && strcmp(g->kind, kind))
        g++;
    if (!g->kind)
        fail_msg("%s has no corpus kind %s", p->name, kind);
    snprintf(buf, sizeof buf, " (%s:%s accepts %s)", p->name, g->kind, g->keys);
    return buf;
}

void *pz_test_scratch(const pz_solver *s)
{
    unsigned char *m = calloc(1, CANARY + s->scratch_size + CANARY);
    if (s->prepare)
        assert_int_equal(s->prepare(), 0);
    assert_non_null(m);
    memset(m, 0xA5, CANARY);
    memset(m + CANARY + s->scratch_size, 0xA5, CANARY);
    return m + CANARY;
}

/* Whether the canaries around scratch are whole. */
static int canaries_whole(const pz_solver *s, const void *scratch)
{
    const unsigned char *m = (const unsigned char *)scratch - CANARY;
    for (int i = 0; i < CANARY; i++)
        if (m[i] != 0xA5 || m[CANARY + s->scratch_size + i] != 0xA5)
            return 0;
    return 1;
}

void pz_test_scratch_free(const pz_solver *s, void *scratch)
{
    if (!canaries_whole(s, scratch))
        fail_msg("%s/%s wrote outside its %zu bytes of scratch", s->puzzle->name, s->name,
                 s->scratch_size);
    if (s->release)
        s->release(scratch);
    free((unsigned char *)scratch - CANARY);
}

void pz_test_solve(const pz_solver *s, const void *inst, void *ans, void *scratch)
{
    const char *why;
    assert_true(s->fits(inst));
    assert_int_equal(s->solve(inst, ans, scratch), 0);
    if (s->puzzle->check(inst, ans, &why) != PZ_VALID)
        fail_msg("%s/%s: answer fails the checker: %s", s->puzzle->name, s->name, why);
}

enum { MAXSOLVERS = 64 };

struct pz_test_cross {
    const pz_puzzle *p;
    int n;
    const pz_solver *sv[MAXSOLVERS];
    void *scratch[MAXSOLVERS];
    unsigned char *ans[MAXSOLVERS]; /* ans_size bytes and a canary */
    long long ran[MAXSOLVERS], compared[MAXSOLVERS];
    unsigned char *agreed;
    pz_test_each *each;
};

pz_test_cross *pz_test_cross_new(const pz_puzzle *p)
{
    pz_test_cross *x = calloc(1, sizeof *x);
    assert_non_null(x);
    x->p = p;
    for (const pz_solver *const *s = pz_solvers; *s; s++) {
        if ((*s)->puzzle != p)
            continue;
        assert_true(x->n < MAXSOLVERS);
        x->sv[x->n] = *s;
        x->scratch[x->n] = pz_test_scratch(*s);
        x->ans[x->n] = malloc(p->ans_size + CANARY);
        assert_non_null(x->ans[x->n]);
        x->n++;
    }
    if (!x->n)
        fail_msg("%s: no solver registered", p->name);
    x->agreed = malloc(p->ans_size);
    assert_non_null(x->agreed);
    return x;
}

/* The class of an answer ("6", "Impossible"), for messages. */
static const char *spell(const pz_puzzle *p, const void *inst, const void *ans, char *buf,
                         size_t len)
{
    p->classify(inst, ans, buf, len);
    return buf;
}

/* Fails with "WHAT instance INDEX (SIZE): ...". */
static void failed(const pz_puzzle *p, const char *what, long long index, const void *inst,
                   const char *fmt, ...) __attribute__((format(printf, 5, 6), noreturn));
static void failed(const pz_puzzle *p, const char *what, long long index, const void *inst,
                   const char *fmt, ...)
{
    char size[32], msg[512];
    va_list ap;
    p->size(inst, size, sizeof size);
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fail_msg("%s instance %lld (%s): %s", what, index, size, msg);
    abort(); /* fail_msg does not return */
}

const void *pz_test_cross_one(pz_test_cross *x, const void *inst, const void *expected, int slow,
                              int hard, const char *what, long long index)
{
    const pz_puzzle *p = x->p;
    const char *why;
    char a[64], b[64];
    int first = -1, others = 0;
    if (expected && p->check(inst, expected, &why) != PZ_VALID)
        failed(p, what, index, inst, "the expected answer fails the checker: %s", why);
    for (int s = 0; s < x->n; s++) {
        const pz_solver *sv = x->sv[s];
        unsigned char *ans = x->ans[s];
        if (((sv->flags & PZ_SLOW) && !slow) || ((sv->flags & PZ_EXPONENTIAL) && hard) ||
            !sv->fits(inst))
            continue;
        /* A solver may not lean on what the buffer held before, nor write past it. */
        memset(ans, 0xee, p->ans_size);
        memset(ans + p->ans_size, 0xA5, CANARY);
        if (sv->solve(inst, ans, x->scratch[s]))
            failed(p, what, index, inst, "%s reported an error", sv->name);
        for (int i = 0; i < CANARY; i++)
            if (ans[p->ans_size + i] != 0xA5)
                failed(p, what, index, inst, "%s wrote past its answer", sv->name);
        if (!canaries_whole(sv, x->scratch[s]))
            failed(p, what, index, inst, "%s wrote outside its scratch", sv->name);
        if (p->check(inst, ans, &why) != PZ_VALID)
            failed(p, what, index, inst, "%s's answer fails the checker: %s", sv->name, why);
        if (x->each)
            x->each(sv, inst, ans);
        x->ran[s]++;
        if (expected) {
            if (!p->same(inst, expected, ans))
                failed(p, what, index, inst, "expected %s, %s says %s",
                       spell(p, inst, expected, a, sizeof a), sv->name,
                       spell(p, inst, ans, b, sizeof b));
            x->compared[s]++;
        }
        if (first < 0) {
            first = s;
            memcpy(x->agreed, ans, p->ans_size);
        } else if (!p->same(inst, x->agreed, ans)) {
            failed(p, what, index, inst, "%s says %s, %s says %s (or another answer)",
                   x->sv[first]->name, spell(p, inst, x->agreed, a, sizeof a), sv->name,
                   spell(p, inst, ans, b, sizeof b));
        } else {
            others = 1;
            x->compared[s]++;
        }
    }
    x->compared[first < 0 ? 0 : first] += others;
    return first < 0 ? NULL : x->agreed;
}

long long pz_test_cross_spec(pz_test_cross *x, const char *spec, long long slow, int hard,
                             pz_test_visit *visit, void *ctx)
{
    pz_corpus c;
    pz_error e;
    long long answered = 0;
    char *inst = malloc(x->p->inst_size);
    assert_non_null(inst);
    if (pz_corpus_open(&c, x->p, strchr(spec, ':') ? spec : pz_test_path(spec), &e))
        fail_msg("%s", e.msg);
    for (long long i = 0; i < c.count; i++) {
        pz_corpus_get(&c, i, inst);
        const void *ans = pz_test_cross_one(x, inst, pz_corpus_expected(&c, i),
                                            slow > 0 && i % slow == 0, hard, c.spec, i);
        if (!ans)
            failed(x->p, c.spec, i, inst, "no solver takes it");
        answered++;
        if (visit)
            visit(ctx, inst, ans);
    }
    pz_corpus_close(&c);
    free(inst);
    return answered;
}

void pz_test_cross_each(pz_test_cross *x, pz_test_each *each)
{
    x->each = each;
}

void pz_test_cross_covered(const pz_test_cross *x)
{
    for (int s = 0; s < x->n; s++) {
        if (!x->ran[s])
            fail_msg("%s/%s took no instance of the cross-check: give %s's cases a size it "
                     "takes (tests/test_registry.c)",
                     x->p->name, x->sv[s]->name, x->p->name);
        if (!x->compared[s])
            fail_msg("%s/%s was never compared with another answer (it ran on %lld instances)",
                     x->p->name, x->sv[s]->name, x->ran[s]);
    }
}

void pz_test_cross_free(pz_test_cross *x)
{
    for (int s = 0; s < x->n; s++) {
        pz_test_scratch_free(x->sv[s], x->scratch[s]);
        free(x->ans[s]);
    }
    free(x->agreed);
    free(x);
}

const char *pz_test_output(const pz_puzzle *p, unsigned long long k, const void *inst,
                           const void *ans)
{
    static char buf[1 << 16];
    FILE *f = fmemopen(buf, sizeof buf, "w");
    assert_non_null(f);
    p->write_answer(f, k, inst, ans);
    fclose(f);
    return buf;
}

int pz_test_press_kernel(int m, int n, int *on, uint8_t *kern)
{
    int cells = m * n, rank = 0;
    size_t words = ((size_t)cells + 1 + 63) / 64;
    uint64_t *a = calloc((size_t)cells * words, sizeof *a);
    int *pivot = calloc((size_t)cells + 1, sizeof *pivot);
    assert_non_null(a);
    assert_non_null(pivot);
#define ROW(i) (a + (size_t)(i)*words)
#define BIT(i, j) ((ROW(i)[(size_t)(j) / 64] >> ((j) % 64)) & 1)
#define SET(i, j) (ROW(i)[(size_t)(j) / 64] |= 1ull << ((j) % 64))
    for (int r = 0; r < m; r++)
        for (int c = 0; c < n; c++) {
            int i = r * n + c;
            SET(i, i);
            if (r > 0)
                SET(i, i - n);
            if (r + 1 < m)
                SET(i, i + n);
            if (c > 0)
                SET(i, i - 1);
            if (c + 1 < n)
                SET(i, i + 1);
            SET(i, cells); /* the augmented column: all on */
        }
    *on = 1;
    for (int col = 0; col <= cells; col++) {
        int p = rank;
        while (p < cells && !BIT(p, col))
            p++;
        if (p == cells)
            continue;
        if (col == cells) { /* the all-on column has a pivot: inconsistent */
            *on = 0;
            break;
        }
        for (size_t w = 0; w < words; w++) {
            uint64_t t = ROW(p)[w];
            ROW(p)[w] = ROW(rank)[w];
            ROW(rank)[w] = t;
        }
        for (int i = 0; i < cells; i++)
            if (i != rank && BIT(i, col))
                for (size_t w = (size_t)col / 64; w < words; w++)
                    ROW(i)[w] ^= ROW(rank)[w];
        pivot[rank++] = col;
    }
    /* One vector per free column f: f and the pivots whose rows have f. */
    for (int f = 0, i = 0, v = 0; kern && f < cells; f++) {
        if (i < rank && pivot[i] == f) {
            i++;
            continue;
        }
        memset(kern + (size_t)v * cells, 0, (size_t)cells);
        kern[(size_t)v * cells + f] = 1;
        for (int q = 0; q < rank; q++)
            if (BIT(q, f))
                kern[(size_t)v * cells + pivot[q]] = 1;
        v++;
    }
#undef ROW
#undef BIT
#undef SET
    free(a);
    free(pivot);
    return cells - rank;
}

typedef struct solvable_ctx {
    const pz_puzzle *p;
    long long solvable;
} solvable_ctx;

static void count_solvable(void *ctx, const void *inst, const void *ans)
{
    solvable_ctx *c = ctx;
    char name[64];
    c->p->classify(inst, ans, name, sizeof name);
    c->solvable += strcmp(name, "Impossible") != 0;
}

long long pz_test_solvable(const pz_puzzle *p, const char *spec, long long *count)
{
    pz_test_cross *x = pz_test_cross_new(p);
    solvable_ctx ctx = {p, 0};
    pz_corpus c;
    pz_error e;
    long long n = pz_test_cross_spec(x, spec, 0, 0, count_solvable, &ctx);
    pz_test_cross_free(x);
    if (pz_corpus_open(&c, p, spec, &e))
        fail_msg("%s", e.msg);
    assert_true(n > 0 && n == c.count);
    *count = n;
    if (c.gen && c.gen->make_batch) {
        char *batch = calloc((size_t)c.count, p->inst_size), *one = calloc(1, p->inst_size);
        assert_true(batch && one);
        c.gen->make_batch(&c.params, 0, (size_t)c.count, batch);
        for (long long i = 0; i < c.count; i++) {
            memset(one, 0, p->inst_size);
            pz_corpus_get(&c, i, one);
            if (memcmp(one, batch + (size_t)i * p->inst_size, p->inst_size))
                fail_msg("%s: instance %lld differs made in a batch", spec, i);
        }
        free(batch);
        free(one);
    }
    pz_corpus_close(&c);
    return ctx.solvable;
}
