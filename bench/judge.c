/* judge.c - one output text judged against expected answers (see judge.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../solvers/arena.h"
#include "../solvers/io.h"
#include "../util/util.h"
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

/* Text as words: its bytes with each run of whitespace made one space and
 * none at either end, so two texts with the same words read the same.  The
 * bytes come from a stream, or from the expected answers rendered one at a
 * time: neither side is ever held whole. */
typedef struct words {
    FILE *f;            /* the output, or NULL for the expected answers */
    const pz_puzzle *p; /* the expected answers k, k+1, ... from src */
    pz_judge_source_fn *src;
    void *sctx;
    long long k, count;
    char *text; /* the answer being read */
    size_t len, at;
    int started, space, next; /* next: a byte read ahead, or EOF */
    int unknown;              /* an expected answer was not known: no words to compare */
} words;

static int raw_byte(words *w)
{
    if (w->f)
        return getc(w->f);
    while (w->at == w->len) {
        free(w->text);
        w->text = NULL;
        const void *inst, *exp;
        if (w->k == w->count)
            return EOF;
        w->src(w->sctx, w->k, &inst, &exp);
        if (!exp) {
            w->unknown = 1;
            return EOF;
        }
        w->text = pz_render_answers(w->p, (unsigned long long)w->k + 1, inst, exp, 1, &w->len);
        w->at = 0;
        w->k++;
    }
    return (unsigned char)w->text[w->at++];
}

static int word_byte(words *w)
{
    int c;
    if (w->next != EOF) {
        c = w->next;
        w->next = EOF;
        return c;
    }
    while ((c = raw_byte(w)) != EOF && isspace(c))
        w->space = w->started;
    if (c == EOF)
        return EOF;
    w->started = 1;
    if (w->space) {
        w->space = 0;
        w->next = c;
        return ' ';
    }
    return c;
}

/* Do the words of f from where it is equal those of the expected answers
 * first .. count-1? */
static int same_words(FILE *f, const pz_puzzle *p, pz_judge_source_fn *src, void *sctx,
                      long long first, long long count)
{
    words a = {.f = f, .next = EOF};
    words b = {.p = p, .src = src, .sctx = sctx, .k = first, .count = count, .next = EOF};
    int ca, cb;
    do {
        ca = word_byte(&a);
        cb = word_byte(&b);
    } while (ca == cb && ca != EOF);
    free(b.text);
    return ca == cb && !b.unknown;
}

/* An answer as the judge prints it, on one line: its lines joined by " / ". */
void pz_answer_line(const pz_puzzle *p, unsigned long long k, const void *inst, const void *ans,
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

/* Instances and expected answers from two arrays; known[i] 0: none. */
typedef struct arrays {
    const pz_puzzle *p;
    const char *insts, *expected;
    const unsigned char *known;
} arrays;

static void from_arrays(void *ctx, long long i, const void **inst, const void **exp)
{
    const arrays *a = ctx;
    *inst = a->insts + i * a->p->inst_size;
    *exp = a->known && !a->known[i] ? NULL : a->expected + i * a->p->ans_size;
}

long long pz_judge_stream(const pz_puzzle *p, const void *insts, const void *expected,
                          long long count, FILE *f, unsigned char *v, pz_answer_note_fn *note,
                          void *ctx)
{
    arrays a = {p, insts, expected, NULL};
    return pz_judge_source(p, from_arrays, &a, count, f, v, note, ctx);
}

long long pz_judge_source(const pz_puzzle *p, pz_judge_source_fn *src, void *sctx, long long count,
                          FILE *f, unsigned char *v, pz_answer_note_fn *note, void *ctx)
{
    return pz_judge_source_how(p, src, sctx, count, f, NULL, v, note, ctx);
}

/* Is ans, which checks, right against exp?  With how->by_class, when their
 * classes agree; else when they are the same answer; always against an
 * expected unknown (a budgeted solve's), which says nothing.  If not, why. */
static int right(const pz_puzzle *p, unsigned long long k, const void *inst, const void *ans,
                 const void *exp, const pz_judging *how, char *why, size_t cap)
{
    char want[160], got[160], cw[64], cg[64];
    if (p->classify(inst, exp, NULL, 0) == PZ_CLASS_UNKNOWN) /* unknown: only checked */
        return 1;
    if (how && how->by_class
            ? p->classify(inst, ans, cg, sizeof cg) == p->classify(inst, exp, cw, sizeof cw)
            : p->same(inst, ans, exp))
        return 1;
    pz_answer_line(p, k, inst, exp, want, sizeof want);
    pz_answer_line(p, k, inst, ans, got, sizeof got);
    if (how && how->by_class && (strcmp(cw, want) || strcmp(cg, got)))
        snprintf(why, cap, "expected %s (%s), found %s (%s)", want, cw, got, cg);
    else
        snprintf(why, cap, "expected %s, found %s", want, got);
    return 0;
}

long long pz_judge_source_how(const pz_puzzle *p, pz_judge_source_fn *src, void *sctx,
                              long long count, FILE *f, const pz_judging *how, unsigned char *v,
                              pz_answer_note_fn *note, void *ctx)
{
    unsigned char last = PZ_AC; /* the verdict of answer i */
    char *ans = malloc(p->ans_size), why[768], got[160];
    pz_reader r;
    pz_error e;
    long long i;
    off_t at = 0; /* where answer i starts */
    int rc = 1;
    /* A wide puzzle's answers keep their rows here, one answer at a time. */
    pz_arena *arena = p->answer_in ? pz_arena_new() : NULL;
    if (!ans)
        pz_fatal("out of memory");
    pz_reader_init(&r, f, "output");
    r.arena = arena;
    if (how && how->answers) {
        if (arena)
            pz_fatal("%s: answers kept from a wide puzzle's output", p->name);
        memset(how->answers, 0, (size_t)count * p->ans_size);
    }
    for (i = 0; i < count; i++) {
        const void *inst, *exp;
        const char *bad;
        unsigned long long k = (unsigned long long)i + 1;
        src(sctx, i, &inst, &exp);
        if (arena)
            pz_arena_reset(arena);
        memset(ans, 0, p->ans_size);
        at = ftello(f);
        if ((rc = p->read_answer(&r, k, inst, ans, &e)) != 1)
            break;
        if (how && how->answers)
            memcpy((char *)how->answers + (size_t)i * p->ans_size, ans, p->ans_size);
        last = PZ_AC;
        if (p->check(inst, ans, &bad) != PZ_VALID) {
            pz_answer_line(p, k, inst, ans, got, sizeof got);
            snprintf(why, sizeof why, "found %s: %s", got, bad);
            last = PZ_WA;
        } else if (exp && !right(p, k, inst, ans, exp, how, why, sizeof why)) {
            last = PZ_WA;
        }
        if (v)
            v[i] = last;
        if (last != PZ_AC)
            note(ctx, i, (pz_outcome)last, why, ans);
    }
    if (i == count) {
        if (pz_next_nonblank(&r, &e) != 0 && count > 0 && last == PZ_AC) {
            quote(r.buf ? r.buf : "", got, sizeof got);
            snprintf(why, sizeof why, "extra output after the last answer, line %ld: \"%s\"",
                     r.line, got);
            if (v)
                v[count - 1] = PZ_WA;
            note(ctx, count - 1, PZ_WA, why, NULL);
        }
    } else {
        /* The answers up to i read strictly, so their words are the expected
         * ones: the rest of the output is compared from where answer i starts. */
        int pe =
            rc != 0 && at >= 0 && !fseeko(f, at, SEEK_SET) && same_words(f, p, src, sctx, i, count);
        if (rc == 0) {
            snprintf(why, sizeof why, "the output ended before answer %lld", i + 1);
        } else {
            quote(r.buf ? r.buf : "", got, sizeof got);
            snprintf(why, sizeof why, "%s line %ld: %s; found \"%s\"",
                     pe ? "right answers, wrong layout from here:" : "cannot read the answer,",
                     e.line, e.msg, got);
        }
        if (v)
            v[i] = pe ? PZ_PE : PZ_WA;
        note(ctx, i, pe ? PZ_PE : PZ_WA, why, NULL);
        i++;
    }
    pz_reader_free(&r);
    pz_arena_free(arena);
    free(ans);
    return i;
}

/* A class's name as a whole number of presses, or -1. */
static long count_of(const char *name)
{
    char *end;
    long v = strtol(name, &end, 10);
    return end != name && !*end && v >= 0 ? v : -1;
}

int pz_jury_refuted(const pz_puzzle *p, unsigned long long k, const void *inst, const void *jury,
                    const void *mine, const char *jury_name, char *why, size_t cap)
{
    char cj[64], cm[64], aj[160], am[160];
    int kj = p->classify(inst, jury, cj, sizeof cj), km = p->classify(inst, mine, cm, sizeof cm);
    if (kj == km || kj == PZ_CLASS_UNKNOWN || km == PZ_CLASS_UNKNOWN) /* unknown refutes nothing */
        return 0;
    pz_answer_line(p, k, inst, jury, aj, sizeof aj);
    pz_answer_line(p, k, inst, mine, am, sizeof am);
    long nj = count_of(cj), nm = count_of(cm);
    if (!strcmp(cj, "Impossible"))
        snprintf(why, cap,
                 "%s has %s, but the board is solvable: the reference solver's answer %s "
                 "(%s) passes the checker",
                 jury_name, aj, am, cm);
    else if (!strcmp(cm, "Impossible"))
        snprintf(why, cap,
                 "%s has %s (%s), but the board has no solution: the reference solver's "
                 "answer is %s, which passes the checker (by its certificate where the puzzle "
                 "has one, else by an exhaustive search)",
                 jury_name, aj, cj, am);
    else if (nj >= 0 && nm >= 0)
        snprintf(why, cap,
                 "%s has %s (%ld), %s the fewest, %ld: the reference solver's answer %s, "
                 "which passes the checker%s",
                 jury_name, aj, nj, nj < nm ? "below" : "more than", nm, am,
                 nj < nm ? ", is proven fewest" : "");
    else
        snprintf(why, cap,
                 "%s has %s (%s), the reference solver's answer %s (%s), which passes the "
                 "checker",
                 jury_name, aj, cj, am, cm);
    return 1;
}

void pz_reference_order(const pz_solver *const *solvers, int n, int *order)
{
    int k = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int s = 0; s < n; s++)
            if (((solvers[s]->flags & PZ_REF) ? 0 : 1) == pass)
                order[k++] = s;
}

/* pz_judge_output's note, heard through pz_judge_stream's. */
typedef struct relay {
    pz_note_fn *note;
    void *ctx;
} relay;

static void relay_note(void *ctx, long long i, pz_outcome o, const char *why, const void *ans)
{
    relay *r = ctx;
    (void)ans;
    r->note(r->ctx, i, o, why);
}

long long pz_judge_output(const pz_puzzle *p, const void *insts, const void *expected,
                          long long count, const char *out, size_t len, unsigned char *v,
                          pz_note_fn *note, void *ctx)
{
    return pz_judge_text(p, insts, expected, count, out, len, NULL, v, note, ctx);
}

long long pz_judge_text(const pz_puzzle *p, const void *insts, const void *expected,
                        long long count, const char *out, size_t len, const pz_judging *how,
                        unsigned char *v, pz_note_fn *note, void *ctx)
{
    /* fmemopen refuses an empty buffer on some libcs. */
    FILE *f = len ? fmemopen((void *)out, len, "r") : fopen("/dev/null", "r");
    relay r = {note, ctx};
    arrays a = {p, insts, expected, how ? how->known : NULL};
    long long n;
    if (!f)
        pz_fatal("out of memory");
    n = pz_judge_source_how(p, from_arrays, &a, count, f, how, v, relay_note, &r);
    fclose(f);
    return n;
}

void pz_reference_init(pz_reference *ref, const pz_puzzle *p, const pz_solver *only)
{
    const pz_solver **mine;
    int *order, n = 0;
    /* The puzzle's solvers by its name: a wide puzzle's are its narrow
     * twin's.  A plug-in's are never the reference (what it answers is what
     * is judged). */
#define MINE(s) (pz_builtin(s) && !strcmp((s)->puzzle->name, p->name))
    for (int i = 0; pz_solvers[i]; i++)
        n += MINE(pz_solvers[i]);
    mine = pz_xcalloc((size_t)n + 1, sizeof *mine);
    order = pz_xcalloc((size_t)n + 1, sizeof *order);
    ref->puzzle = p;
    ref->only = only;
    ref->n = 0;
    ref->arena = NULL;
    for (int i = 0; pz_solvers[i]; i++)
        if (MINE(pz_solvers[i]))
            mine[ref->n++] = pz_solvers[i];
#undef MINE
    pz_reference_order(mine, n, order);
    ref->solvers = pz_xcalloc((size_t)n + 1, sizeof *ref->solvers);
    for (int k = 0; k < n; k++)
        ref->solvers[k] = mine[order[k]];
    if (only) {
        ref->solvers[0] = only;
        ref->n = 1;
    }
    ref->scratch = pz_xcalloc((size_t)n + 1, sizeof *ref->scratch);
    free(mine);
    free(order);
}

int pz_reference_solve(pz_reference *ref, const void *inst, void *ans, pz_error *e)
{
    return pz_reference_solve_except(ref, inst, ans, NULL, e);
}

int pz_reference_solve_except(pz_reference *ref, const void *inst, void *ans,
                              const pz_solver *except, pz_error *e)
{
    const pz_puzzle *p = ref->puzzle;
    const char *why = NULL;
    int took = 0;
    for (int k = 0; k < ref->n; k++) {
        const pz_solver *s = ref->solvers[k];
        if (s == except || !s->fits(inst))
            continue;
        took = 1;
        if (!ref->scratch[k])
            ref->scratch[k] = pz_scratch_new(s);
        memset(ans, 0, p->ans_size);
        if (p->answer_in) {
            if (!ref->arena)
                pz_fatal("%s: a wide puzzle's reference without an arena", p->name);
            p->answer_in(inst, ans, ref->arena);
        }
        int rc = s->solve(inst, ans, ref->scratch[k]);
        if (rc == PZ_STOPPED && p->unknown && pz_game_cut(NULL)) {
            /* The game's budget is spent (solve --budget): it is unknown,
             * and no other solver gets it. */
            p->unknown(inst, ans);
            return 0;
        }
        if (rc)
            why = "the solver reported an error";
        else if (p->check(inst, ans, &why) == PZ_VALID)
            return 0;
    }
    char size[32];
    p->size(inst, size, sizeof size);
    if (took)
        return pz_fail(e, NULL, "no %s solver's answer to this board of size %s checks (%s)",
                       p->name, size, why);
    if (ref->only)
        return pz_fail(e, NULL, "solver %s does not take %s boards of size %s (it takes %s)",
                       ref->only->name, p->name, size, ref->only->limits);
    return pz_fail(e, NULL, "no %s solver takes size %s (see puzzlebench list)", p->name, size);
}

void pz_reference_free(pz_reference *ref)
{
    for (int k = 0; k < ref->n; k++)
        pz_scratch_free(ref->solvers[k], ref->scratch[k]);
    free(ref->scratch);
    free(ref->solvers);
    ref->scratch = NULL;
    ref->solvers = NULL;
}
