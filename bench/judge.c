/* judge.c - one output text judged against expected answers (see judge.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"

const char *const pz_outcome_names[PZ_OUTCOMES] = {"AC", "WA", "PE", "TLE", "MLE", "RE", "OLE"};

char *pz_render_input(const pz_puzzle *p, const void *insts, long long count, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (!f)
        pz_fatal("out of memory");
    p->write_input(f, insts, (size_t)count, 0, (uint64_t)count);
    if (fclose(f))
        pz_fatal("out of memory");
    return buf;
}

char *pz_render_answers(const pz_puzzle *p, unsigned long long k0, const void *insts,
                        const void *answers, long long count, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (!f)
        pz_fatal("out of memory");
    for (long long i = 0; i < count; i++)
        p->write_answer(f, k0 + (unsigned long long)i, (const char *)insts + i * p->inst_size,
                        (const char *)answers + i * p->ans_size);
    if (fclose(f))
        pz_fatal("out of memory");
    return buf;
}

char *pz_render_one(const pz_puzzle *p, const void *inst, const void *ans)
{
    size_t len;
    return ans ? pz_render_answers(p, 1, inst, ans, 1, &len) : pz_render_input(p, inst, 1, &len);
}

/* Words: maximal runs of bytes other than whitespace. */
typedef struct words {
    const char *s, *end;
} words;

static int next_word(words *w, const char **start, size_t *len)
{
    while (w->s < w->end && isspace((unsigned char)*w->s))
        w->s++;
    if (w->s == w->end)
        return 0;
    *start = w->s;
    while (w->s < w->end && !isspace((unsigned char)*w->s))
        w->s++;
    *len = (size_t)(w->s - *start);
    return 1;
}

static size_t count_words(const char *s, size_t len)
{
    words w = {s, s + len};
    const char *start;
    size_t n = 0, l;
    while (next_word(&w, &start, &l))
        n++;
    return n;
}

/* Do a's words, from its skip-th on, equal all of b's words? */
static int same_words(const char *a, size_t alen, size_t skip, const char *b, size_t blen)
{
    words wa = {a, a + alen}, wb = {b, b + blen};
    const char *sa, *sb;
    size_t la, lb;
    while (skip-- && next_word(&wa, &sa, &la))
        ;
    for (;;) {
        int ha = next_word(&wa, &sa, &la), hb = next_word(&wb, &sb, &lb);
        if (!ha || !hb)
            return ha == hb;
        if (la != lb || memcmp(sa, sb, la))
            return 0;
    }
}

/* An answer as the judge prints it, on one line: its lines joined by " / ". */
static void one_line(const pz_puzzle *p, unsigned long long k, const void *inst, const void *ans,
                     char *buf, size_t cap)
{
    size_t len, n = 0, i;
    char *text = pz_render_answers(p, k, inst, ans, 1, &len);
    while (len && text[len - 1] == '\n')
        len--;
    for (i = 0; i < len && n + 7 < cap; i++) /* room for " / ", "..." and the NUL */
        if (text[i] == '\n')
            n += (size_t)snprintf(buf + n, cap - n, " / ");
        else
            buf[n++] = text[i];
    snprintf(buf + n, cap - n, "%s", i < len ? "..." : "");
    free(text);
}

/* What a bad line held, printable and short, for a message. */
static void quote(const char *s, char *buf, size_t cap)
{
    pz_quote(s, strlen(s), buf, cap);
}

long long pz_judge_output(const pz_puzzle *p, const void *insts, const void *expected,
                          long long count, const char *out, size_t len, unsigned char *v,
                          pz_note_fn *note, void *ctx)
{
    /* fmemopen refuses an empty buffer on some libcs. */
    FILE *f = len ? fmemopen((void *)out, len, "r") : fopen("/dev/null", "r");
    char *ans = malloc(p->ans_size), why[768], want[160], got[160];
    size_t before = 0; /* words in the answers read so far */
    pz_reader r;
    pz_error e;
    long long i;
    int rc = 1;
    if (!f || !ans)
        pz_fatal("out of memory");
    pz_reader_init(&r, f, "output");
    for (i = 0; i < count; i++) {
        const char *inst = (const char *)insts + i * p->inst_size;
        const char *exp = (const char *)expected + i * p->ans_size;
        const char *bad;
        unsigned long long k = (unsigned long long)i + 1;
        memset(ans, 0, p->ans_size);
        if ((rc = p->read_answer(&r, k, inst, ans, &e)) != 1)
            break;
        v[i] = PZ_AC;
        if (p->check(inst, ans, &bad) != PZ_VALID) {
            one_line(p, k, inst, ans, got, sizeof got);
            snprintf(why, sizeof why, "found %s: %s", got, bad);
            v[i] = PZ_WA;
        } else if (!p->same(inst, ans, exp)) {
            one_line(p, k, inst, exp, want, sizeof want);
            one_line(p, k, inst, ans, got, sizeof got);
            snprintf(why, sizeof why, "expected %s, found %s", want, got);
            v[i] = PZ_WA;
        }
        if (v[i] != PZ_AC)
            note(ctx, i, (pz_outcome)v[i], why);
        size_t n;
        char *text = pz_render_answers(p, k, inst, ans, 1, &n);
        before += count_words(text, n);
        free(text);
    }
    if (i == count) {
        if (pz_next_nonblank(&r, &e) != 0 && count > 0 && v[count - 1] == PZ_AC) {
            quote(r.buf ? r.buf : "", got, sizeof got);
            snprintf(why, sizeof why, "extra output after the last answer, line %ld: \"%s\"",
                     r.line, got);
            v[count - 1] = PZ_WA;
            note(ctx, count - 1, PZ_WA, why);
        }
    } else {
        size_t n;
        char *rest =
            pz_render_answers(p, (unsigned long long)i + 1, (const char *)insts + i * p->inst_size,
                              (const char *)expected + i * p->ans_size, count - i, &n);
        int pe = same_words(out, len, before, rest, n);
        if (rc == 0) {
            snprintf(why, sizeof why, "the output ended before answer %lld", i + 1);
        } else {
            quote(r.buf ? r.buf : "", got, sizeof got);
            snprintf(why, sizeof why, "%s line %ld: %s; found \"%s\"",
                     pe ? "right answers, wrong layout from here:" : "cannot read the answer,",
                     e.line, e.msg, got);
        }
        free(rest);
        v[i] = pe ? PZ_PE : PZ_WA;
        note(ctx, i, (pz_outcome)v[i], why);
        i++;
    }
    pz_reader_free(&r);
    fclose(f);
    free(ans);
    return i;
}

void pz_reference_init(pz_reference *ref, const pz_puzzle *p, const pz_solver *only)
{
    size_t n = 0;
    while (pz_solvers[n])
        n++;
    ref->puzzle = p;
    ref->only = only;
    if (!(ref->scratch = calloc(n, sizeof *ref->scratch)))
        pz_fatal("out of memory");
}

int pz_reference_solve(pz_reference *ref, const void *inst, void *ans, pz_error *e)
{
    const pz_puzzle *p = ref->puzzle;
    for (int i = 0; pz_solvers[i]; i++) {
        const pz_solver *s = pz_solvers[i];
        if (s->puzzle != p || (ref->only && s != ref->only) || !s->fits(inst))
            continue;
        if (!ref->scratch[i] && s->scratch_size && !(ref->scratch[i] = calloc(1, s->scratch_size)))
            pz_fatal("out of memory");
        memset(ans, 0, p->ans_size);
        if (s->solve(inst, ans, ref->scratch[i]))
            pz_fatal("%s/%s failed", p->name, s->name);
        return 0;
    }
    char size[32];
    p->size(inst, size, sizeof size);
    if (ref->only)
        return pz_fail(e, NULL, "solver %s does not take %s boards of size %s (it takes %s)",
                       ref->only->name, p->name, size, ref->only->limits);
    return pz_fail(e, NULL, "no %s solver takes size %s (see puzzlebench list)", p->name, size);
}

void pz_reference_free(pz_reference *ref)
{
    for (size_t i = 0; pz_solvers[i]; i++)
        free(ref->scratch[i]);
    free(ref->scratch);
    ref->scratch = NULL;
}
