/* testing.c - helpers every cmocka test program shares. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testing.h"
#include "../bench/corpus.h"

enum { CANARY = 64 };

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

void *pz_test_scratch(const pz_solver *s)
{
    unsigned char *m = calloc(1, s->scratch_size + CANARY);
    if (s->prepare)
        assert_int_equal(s->prepare(), 0);
    assert_non_null(m);
    memset(m + s->scratch_size, 0xA5, CANARY);
    return m;
}

void pz_test_scratch_free(const pz_solver *s, void *scratch)
{
    unsigned char *m = scratch;
    for (int i = 0; i < CANARY; i++)
        assert_int_equal(m[s->scratch_size + i], 0xA5);
    free(m);
}

void pz_test_solve(const pz_solver *s, const void *inst, void *ans, void *scratch)
{
    const char *why;
    assert_true(s->fits(inst));
    assert_int_equal(s->solve(inst, ans, scratch), 0);
    if (s->puzzle->check(inst, ans, &why) != PZ_VALID)
        fail_msg("%s/%s: answer fails the checker: %s", s->puzzle->name, s->name, why);
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
