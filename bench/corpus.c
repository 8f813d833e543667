/* corpus.c - corpus specs to instances: generators and judge-format files. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <xxhash.h>

#include "../solvers/arena.h"
#include "../solvers/io.h"
#include "../util/util.h"
#include "corpus.h"

long long pz_read_all(const pz_puzzle *p, FILE *f, const char *name, void **insts, pz_error *e)
{
    return pz_read_all_in(p, f, name, insts, NULL, e);
}

long long pz_read_all_in(const pz_puzzle *p, FILE *f, const char *name, void **insts,
                         pz_arena *arena, pz_error *e)
{
    pz_reader r;
    long long n = 0, cap = 64;
    char *v = malloc((size_t)cap * p->inst_size), *grown;
    int rc;
    pz_reader_init(&r, f, name);
    r.arena = arena;
    /* A file too big for memory is an error of its own, not an abort. */
    while (v && (rc = p->read(&r, v + (size_t)n * p->inst_size, e)) == 1)
        if (++n == cap) {
            grown = realloc(v, (size_t)(cap *= 2) * p->inst_size);
            if (!grown)
                free(v);
            v = grown;
        }
    if (!v)
        rc = pz_fail(e, &r, "out of memory reading %s whole, after %lld instances", name, n);
    pz_reader_free(&r);
    if (rc < 0) {
        free(v);
        v = NULL;
        n = -1;
    }
    *insts = v;
    return n;
}

int pz_read_answers(const pz_puzzle *p, FILE *f, const char *name, const void *insts,
                    long long count, void *answers, pz_error *e)
{
    return pz_read_answers_in(p, f, name, insts, count, answers, NULL, e);
}

int pz_read_answers_in(const pz_puzzle *p, FILE *f, const char *name, const void *insts,
                       long long count, void *answers, pz_arena *arena, pz_error *e)
{
    pz_reader r;
    int rc = 0;
    pz_reader_init(&r, f, name);
    r.arena = arena;
    for (long long k = 0; k < count && rc >= 0; k++) {
        rc = p->read_answer(&r, (unsigned long long)k + 1, (const char *)insts + k * p->inst_size,
                            (char *)answers + k * p->ans_size, e);
        if (rc == 0)
            rc = pz_fail(e, &r, "expected %lld answers, found %lld", count, k);
    }
    if (rc >= 0 && pz_next_nonblank(&r, e) == 1)
        rc = pz_fail(e, &r, "expected the end of the answers after %lld", count);
    pz_reader_free(&r);
    return rc < 0 ? -1 : 0;
}

/* XXH3 (64 bits) of the whole of f, read again from its start: 0, or -1 for
 * a stream that cannot be rewound (a pipe).  XXH3 reads a file faster than
 * the disk gives it (FNV-1a, a byte at a time, cost a run of gf2 over a file
 * of a million boards 15% of its CPU time). */
static int hash_file(FILE *f, uint64_t *hash)
{
    unsigned char buf[1 << 16];
    XXH3_state_t *st;
    size_t n;
    int rc = -1;
    if (fseek(f, 0, SEEK_SET) || !(st = XXH3_createState()))
        return -1;
    if (XXH3_64bits_reset(st) == XXH_OK) {
        while ((n = fread(buf, 1, sizeof buf, f)) > 0)
            XXH3_64bits_update(st, buf, n);
        if (!ferror(f)) {
            *hash = XXH3_64bits_digest(st);
            rc = 0;
        }
    }
    XXH3_freeState(st);
    return rc;
}

static int read_expected(pz_corpus *c, const char *path, pz_error *e)
{
    FILE *f = fopen(path, "r");
    int rc;
    if (!f)
        return errno == ENOENT ? 0 : pz_fail(e, NULL, "cannot read %s: %s", path, strerror(errno));
    if (!(c->expected = calloc((size_t)c->count + 1, c->puzzle->ans_size))) {
        fclose(f);
        return pz_fail(e, NULL, "out of memory for the %lld answers of %s", c->count, path);
    }
    rc = pz_read_answers_in(c->puzzle, f, path, c->insts, c->count, c->expected, c->arena, e);
    c->has_ans_hash = rc == 0 && !hash_file(f, &c->ans_hash);
    fclose(f);
    return rc;
}

/* A streamed file: the .in and (ans, or NULL) the .ans open, each with its
 * reader at instance pos; one instance and answer to read past. */
typedef struct pz_corpus_stream {
    FILE *in, *ans;
    char *in_path, *ans_path;
    pz_reader rin, rans;
    long long pos;
    void *inst, *answer; /* scratch: what is skipped, and pz_corpus_get's answer */
    long long got;       /* the index pz_corpus_get read last, or -1 */
} pz_corpus_stream;

static int stream_rewind(pz_corpus_stream *s)
{
    if (pz_reader_restart(&s->rin, s->in, s->in_path) ||
        (s->ans && pz_reader_restart(&s->rans, s->ans, s->ans_path)))
        return -1;
    s->pos = 0;
    return 0;
}

static void stream_free(pz_corpus_stream *s)
{
    if (!s)
        return;
    pz_reader_free(&s->rin);
    pz_reader_free(&s->rans);
    if (s->in)
        fclose(s->in);
    if (s->ans)
        fclose(s->ans);
    free(s->in_path);
    free(s->ans_path);
    free(s->inst);
    free(s->answer);
    free(s);
}

/* The next instance (and answer) of s, to inst (and ans): 1, or -1 with e. */
static int stream_next(const pz_corpus *c, pz_corpus_stream *s, void *inst, void *ans,
                       pz_arena *arena, pz_error *e)
{
    const pz_puzzle *p = c->puzzle;
    int rc;
    s->rin.arena = s->rans.arena = arena;
    if ((rc = p->read(&s->rin, inst, e)) == 0)
        rc =
            pz_fail(e, &s->rin, "expected %lld instances, found %lld: %s changed since it was read",
                    c->count, s->pos, s->in_path);
    if (rc == 1 && s->ans) {
        memset(ans, 0, p->ans_size);
        if ((rc = p->read_answer(&s->rans, (unsigned long long)s->pos + 1, inst, ans, e)) == 0)
            rc = pz_fail(e, &s->rans, "expected %lld answers, found %lld", c->count, s->pos);
    }
    s->pos += rc == 1;
    return rc;
}

int pz_corpus_read(const pz_corpus *c, long long lo, long long hi, void *insts, void *expected,
                   pz_arena *arena, pz_error *e)
{
    pz_corpus_stream *s = c->stream;
    const pz_puzzle *p = c->puzzle;
    if (lo < s->pos && stream_rewind(s))
        return pz_fail(e, NULL, "cannot read %s again: %s", s->in_path, strerror(errno));
    while (s->pos < lo) {
        if (c->arena)
            pz_arena_reset(c->arena);
        if (stream_next(c, s, s->inst, s->answer, c->arena, e) != 1)
            return -1;
    }
    for (long long k = lo; k < hi; k++)
        if (stream_next(c, s, (char *)insts + (size_t)(k - lo) * p->inst_size,
                        expected ? (char *)expected + (size_t)(k - lo) * p->ans_size : s->answer,
                        arena, e) != 1)
            return -1;
    return 0;
}

int pz_corpus_size(const pz_corpus *c, long long index, int *rows, int *cols)
{
    const pz_params *p = &c->params;
    if (!c->gen || p->rows_to < 0 || index < 0 || index >= c->count)
        return -1;
    int sides = pz_sweep_sides(p->rows, p->rows_to);
    long long per = c->count / sides;
    int k = per > 0 ? (int)(index / per) : 0;
    if (k >= sides)
        k = sides - 1;
    if (rows)
        *rows = pz_sweep_side(p->rows, p->rows_to, k);
    if (cols)
        *cols = p->cols_to >= 0 ? pz_sweep_side(p->cols, p->cols_to, k) : p->cols;
    return k;
}

int pz_corpus_has_expected(const pz_corpus *c)
{
    return c->expected || (c->stream && c->stream->ans);
}

long long pz_count_all(const pz_puzzle *p, FILE *f, const char *name, pz_arena *arena, void *inst,
                       pz_error *e)
{
    pz_reader r;
    long long n = 0;
    int rc;
    pz_reader_init(&r, f, name);
    r.arena = arena;
    while ((rc = p->read(&r, inst, e)) == 1) {
        n++;
        if (arena)
            pz_arena_reset(arena);
    }
    pz_reader_free(&r);
    return rc < 0 ? -1 : n;
}

/* A regular file opened as a stream (see pz_corpus_open_stream): checked
 * whole as open_file checks it, with the same messages, keeping nothing. */
static int open_stream(pz_corpus *c, FILE *f, const char *path, pz_error *e)
{
    pz_corpus_stream *s = pz_xcalloc(1, sizeof *s);
    const pz_puzzle *p = c->puzzle;
    int rc = 0;
    c->stream = s;
    s->in = f;
    s->in_path = pz_xstrndup(path, strlen(path));
    s->ans_path = pz_ans_path(path);
    s->got = -1;
    s->inst = pz_xcalloc_lines(
        1, p->wide ? (p->wide->inst_size > p->inst_size ? p->wide->inst_size : p->inst_size)
                   : p->inst_size);
    c->count = pz_count_all(p, f, path, NULL, s->inst, e);
    if (c->count < 0 && p->wide && p->wide != p && !fseek(f, 0, SEEK_SET)) {
        c->arena = pz_arena_new();
        c->count = pz_count_all(p->wide, f, path, c->arena, s->inst, e);
        if (c->count >= 0)
            c->puzzle = p = p->wide;
    }
    if (c->count < 0)
        return -1;
    c->has_in_hash = !hash_file(f, &c->in_hash);
    c->spec = pz_xstrndup(path, strlen(path));
    s->answer = pz_xcalloc_lines(1, p->ans_size);
    if (!(s->ans = fopen(s->ans_path, "r")))
        return errno == ENOENT
                   ? stream_rewind(s)
                   : pz_fail(e, NULL, "cannot read %s: %s", s->ans_path, strerror(errno));
    /* The answers checked against their instances, both read in step. */
    if (stream_rewind(s))
        return pz_fail(e, NULL, "cannot read %s again: %s", path, strerror(errno));
    while (rc == 0 && s->pos < c->count) {
        if (c->arena)
            pz_arena_reset(c->arena);
        rc = stream_next(c, s, s->inst, s->answer, c->arena, e) == 1 ? 0 : -1;
    }
    s->rans.arena = c->arena;
    if (rc == 0 && pz_next_nonblank(&s->rans, e) == 1)
        rc = pz_fail(e, &s->rans, "expected the end of the answers after %lld", c->count);
    if (rc)
        return -1;
    c->has_ans_hash = !hash_file(s->ans, &c->ans_hash);
    return stream_rewind(s) ? pz_fail(e, NULL, "cannot read %s again: %s", path, strerror(errno))
                            : 0;
}

char *pz_ans_path(const char *in)
{
    size_t n = strlen(in);
    if (n > 3 && !strcmp(in + n - 3, ".in"))
        n -= 3;
    char *ans = pz_xmalloc(n + sizeof ".ans");
    memcpy(ans, in, n);
    memcpy(ans + n, ".ans", sizeof ".ans");
    return ans;
}

static int open_file(pz_corpus *c, const char *path, int stream, pz_error *e)
{
    FILE *f = fopen(path, "r");
    char *ans;
    struct stat st;
    int rc;
    if (f && !fstat(fileno(f), &st) && S_ISDIR(st.st_mode)) {
        fclose(f);
        f = NULL;
        errno = EISDIR;
    }
    if (!f) {
        int err = errno;
        pz_fail(e, NULL, "cannot read corpus file %s: %s", path, strerror(err));
        errno = err;
        return -1;
    }
    if (stream && S_ISREG(st.st_mode) && fseeko(f, 0, SEEK_CUR) == 0)
        return open_stream(c, f, path, e);
    c->count = pz_read_all(c->puzzle, f, path, &c->insts, e);
    /* Boards past the puzzle's own sizes: read again by its wide twin, with
     * their rows in the corpus's arena; where that fails too, its message
     * (which states the true limits) is the one given. */
    if (c->count < 0 && c->puzzle->wide && c->puzzle->wide != c->puzzle && !fseek(f, 0, SEEK_SET)) {
        c->arena = pz_arena_new();
        c->count = pz_read_all_in(c->puzzle->wide, f, path, &c->insts, c->arena, e);
        if (c->count >= 0)
            c->puzzle = c->puzzle->wide;
    }
    c->has_in_hash = c->count >= 0 && !hash_file(f, &c->in_hash);
    fclose(f);
    if (c->count < 0)
        return -1;
    c->spec = pz_xstrndup(path, strlen(path));
    rc = read_expected(c, ans = pz_ans_path(path), e);
    free(ans);
    return rc;
}

/* Spelt in decimal digits alone: strtoll and strtod would take " 5", "+5",
 * "0x10" and "inf" too.  With sci, "2.5e3" and "1e6" as well. */
static int plain(const char *s, int sci)
{
    const char *p = s;
    while (isdigit((unsigned char)*p))
        p++;
    if (p == s)
        return 0;
    if (sci && *p == '.' && isdigit((unsigned char)p[1]))
        for (p++; isdigit((unsigned char)*p); p++)
            ;
    if (sci && (*p == 'e' || *p == 'E') && isdigit((unsigned char)p[1]))
        for (p++; isdigit((unsigned char)*p); p++)
            ;
    return *p == 0 || (*p == '.' && p[1] == '.' && !sci); /* a sweep A..B goes on */
}

/* "1000", "1e6", "2.5e3": a whole number of instances. */
static int parse_count(const char *s, long long *out)
{
    char *end;
    double v;
    errno = 0;
    if (!plain(s, 1))
        return 0;
    v = strtod(s, &end);
    if (errno || *end || end == s || v < 0 || v > 1e15 || v != (double)(long long)v)
        return 0;
    *out = (long long)v;
    return 1;
}

static int set_key(pz_params *p, const char *key, const char *val, pz_error *e)
{
    char *end;
    long long v;
    int *ints[] = {&p->rows, &p->cols, &p->n, &p->digits};
    int *tos[] = {&p->rows_to, &p->cols_to, NULL, NULL};
    const char *names[] = {"rows", "cols", "n", "digits"};
    for (int i = 0; i < 4; i++)
        if (!strcmp(key, names[i])) {
            /* Sides go to 10 000 (the all-on board); a side may be a sweep A..B. */
            long long max = tos[i] ? 10000 : 1000, to = -1;
            if (ints[i] == &p->digits && !strcmp(val, "peak")) {
                p->digits = PZ_DIGITS_PEAK; /* the generator's setup says how many */
                return 0;
            }
            errno = 0;
            v = strtoll(val, &end, 10);
            if (!plain(val, 0))
                end = (char *)"x";
            else if (tos[i] && end != val && !strncmp(end, "..", 2)) {
                const char *b = end + 2;
                to = strtoll(b, &end, 10);
                if (end == b || to < 0 || to > max || !plain(b, 0))
                    end = (char *)"x";
            }
            if (errno || *end || end == val || v < 0 || v > max)
                return pz_fail(e, NULL, "expected %s= a whole number from 0 to %lld%s, found '%s'",
                               key, max, tos[i] ? " (or a sweep A..B)" : "", val);
            *ints[i] = (int)v;
            if (tos[i])
                *tos[i] = (int)to;
            return 0;
        }
    if (!strcmp(key, "count")) {
        if (!parse_count(val, &p->count))
            return pz_fail(
                e, NULL, "expected count= a whole number from 0 to 1e15 (1000 or 1e6), found '%s'",
                val);
        return 0;
    }
    if (!strcmp(key, "seed")) {
        errno = 0;
        p->seed = strtoull(val, &end, 10);
        if (errno || *end || !plain(val, 0) || p->seed == (uint64_t)-1)
            return pz_fail(e, NULL, "expected seed= a whole number below 2^64-1, found '%s'", val);
        return 0;
    }
    if (!strcmp(key, "mode")) {
        if (strlen(val) >= sizeof p->mode || !*val)
            return pz_fail(e, NULL, "expected mode= a short word, found '%s'", val);
        strcpy(p->mode, val);
        return 0;
    }
    {
        static const char *const keys[] = {"rows", "cols", "n", "digits", "count", "seed", "mode"};
        char hint[96];
        pz_suggest s;
        pz_suggest_init(&s, key);
        for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
            pz_suggest_offer(&s, keys[i]);
        return pz_fail(e, NULL, "unknown key '%s'%s", key,
                       pz_suggestion(&s, " (did you mean '%s'?)", hint, sizeof hint));
    }
}

static void canonical(pz_corpus *c)
{
    const pz_params *p = &c->params;
    size_t len;
    FILE *f = open_memstream(&c->spec, &len);
    if (!f)
        pz_fatal("out of memory");
    fprintf(f, "%s:%s", c->puzzle->name, c->gen->kind);
#define ADD(cond, ...)                                                                             \
    if (cond)                                                                                      \
    fprintf(f, __VA_ARGS__)
    ADD(p->rows >= 0, ":rows=%d", p->rows);
    ADD(p->rows_to >= 0, "..%d", p->rows_to);
    ADD(p->cols >= 0, ":cols=%d", p->cols);
    ADD(p->cols_to >= 0, "..%d", p->cols_to);
    ADD(p->n >= 0, ":n=%d", p->n);
    ADD(p->digits >= 0, ":digits=%d", p->digits);
    ADD(p->mode[0], ":mode=%s", p->mode);
    ADD(strcmp(c->gen->kind, "exhaustive"), ":count=%lld", p->count);
    ADD(p->seed != (uint64_t)-1, ":seed=%llu", (unsigned long long)p->seed);
#undef ADD
    if (fclose(f))
        pz_fatal("out of memory");
}

/* "flip:exhaustive, flip:random or flip:ones (their keys: puzzlebench list
 * flip)": the names alone, so that a message stays short; list and help
 * corpus give each kind's keys. */
static void list_kinds(const pz_puzzle *pz, char *list, size_t size)
{
    size_t len = 0;
    list[0] = 0;
    for (const pz_generator *g = pz->generators; g->kind && len < size; g++)
        len += (size_t)snprintf(list + len, size - len, "%s%s:%s",
                                g == pz->generators ? ""
                                : g[1].kind         ? ", "
                                                    : " or ",
                                pz->name, g->kind);
    if (len < size)
        snprintf(list + len, size - len, " (their keys: puzzlebench list %s)", pz->name);
}

/* Puts the spec before a message about it and what its kind accepts after. */
static int spec_error(const pz_corpus *c, const char *spec, pz_error *e)
{
    char msg[1024];
    snprintf(msg, sizeof msg, "%s: %s (%s:%s accepts %s)", spec, e->msg, c->puzzle->name,
             c->gen->kind, c->gen->keys);
    snprintf(e->msg, sizeof e->msg, "%.*s", (int)sizeof e->msg - 1, msg);
    return -1;
}

#define PATH_RULE "(a path that exists or has a '/' is read as a file: ./NAME)"

/* buf: room for a copy of spec, cut into fields. */
static int open_spec(pz_corpus *c, const pz_puzzle *pz, const char *spec, char *buf, int stream,
                     pz_error *e)
{
    char list[1024], *field, *save = NULL;
    size_t plen = strlen(pz->name);
    struct stat st;
    int is_path;
    memset(c, 0, sizeof *c);
    c->puzzle = pz;
    c->params = (pz_params){.rows = -1,
                            .cols = -1,
                            .rows_to = -1,
                            .cols_to = -1,
                            .n = -1,
                            .digits = -1,
                            .count = -1,
                            .seed = (uint64_t)-1};
    list_kinds(pz, list, sizeof list);
    /* A path that exists, or has a '/', is a file even where it reads as a
     * spec ("flip:a.in", "./lightsout:x"): no spec has a '/'. */
    is_path = strchr(spec, '/') || !stat(spec, &st);
    if (is_path || strncmp(spec, pz->name, plen) || spec[plen] != ':') {
        const char *colon = strchr(spec, ':');
        if (colon && !is_path) {
            char *name = pz_xstrndup(spec, (size_t)(colon - spec));
            int other = pz_find_puzzle(name) != NULL;
            if (other)
                pz_fail(e, NULL, "corpus '%s' is for %s, not %s", spec, name, pz->name);
            free(name);
            if (other)
                return -1;
        }
        if (open_file(c, spec, stream, e) == 0)
            return 0;
        if (errno == ENOENT && colon && !is_path) {
            /* A misspelt puzzle ("lightsot:random") is told as such. */
            char *name = pz_xstrndup(spec, (size_t)(colon - spec)), hint[96];
            pz_suggest s;
            pz_suggest_init(&s, name);
            for (const pz_puzzle *const *p = pz_puzzles; *p; p++)
                pz_suggest_offer(&s, (*p)->name);
            if (*pz_suggestion(&s, "did you mean '%s'?", hint, sizeof hint))
                pz_fail(e, NULL, "no corpus file '%s', and no puzzle '%s' (%s)", spec, name, hint);
            else
                pz_fail(e, NULL, "expected a corpus %s, or a file NAME.in; found '%s' %s", list,
                        spec, PATH_RULE);
            free(name);
            return -1;
        }
        return -1;
    }
    /* Fields split at every ':': an empty one ("::", a ':' at the end) is
     * a mistake to tell, not a field to skip. */
    for (const char *f = spec + plen; *f; f++)
        if (*f == ':' && (f[1] == ':' || !f[1]))
            return pz_fail(e, NULL, "%s: expected a field after each ':', found none at byte %d%s",
                           spec, (int)(f - spec) + 2, f[1] ? "" : " (the end)");
    strcpy(buf, spec + plen + 1);
    field = strtok_r(buf, ":", &save);
    for (c->gen = pz->generators; c->gen->kind; c->gen++)
        if (field && !strcmp(field, c->gen->kind))
            break;
    if (!c->gen->kind) {
        char hint[96];
        pz_suggest s;
        pz_suggest_init(&s, field ? field : "");
        for (const pz_generator *g = pz->generators; g->kind; g++)
            pz_suggest_offer(&s, g->kind);
        return pz_fail(e, NULL, "unknown corpus kind '%s'%s: expected %s, or a file NAME.in %s",
                       field ? field : "",
                       pz_suggestion(&s, " (did you mean '%s'?)", hint, sizeof hint), list,
                       PATH_RULE);
    }
    while ((field = strtok_r(NULL, ":", &save))) {
        char *eq = strchr(field, '=');
        if (!eq)
            return pz_fail(e, NULL, "%s: expected key=value, found '%s' (%s:%s accepts %s)", spec,
                           field, pz->name, c->gen->kind, c->gen->keys);
        *eq = 0;
        if (set_key(&c->params, field, eq + 1, e))
            return spec_error(c, spec, e);
    }
    if (c->gen->setup(&c->params, e))
        return spec_error(c, spec, e);
    if ((c->params.rows_to >= 0 || c->params.cols_to >= 0) && !c->params.wide)
        return pz_fail(e, NULL, "%s: %s:%s takes no sweep of sizes (A..B)", spec, pz->name,
                       c->gen->kind);
    if (c->params.wide) { /* boards past the puzzle's struct: its wide twin */
        if (!pz->wide || !c->gen->make_in)
            pz_fatal("%s:%s: setup asked for a wide corpus the puzzle cannot make", pz->name,
                     c->gen->kind);
        c->puzzle = pz->wide;
        c->arena = pz_arena_new();
    }
    c->count = c->params.count;
    canonical(c);
    return 0;
}

/* A corpus that does not open holds nothing: the caller need not close it. */
static int open_corpus(pz_corpus *c, const pz_puzzle *pz, const char *spec, int stream, pz_error *e)
{
    char *buf = pz_xmalloc(strlen(spec) + 1);
    int rc = open_spec(c, pz, spec, buf, stream, e);
    free(buf);
    if (rc)
        pz_corpus_close(c);
    return rc;
}

int pz_corpus_open(pz_corpus *c, const pz_puzzle *pz, const char *spec, pz_error *e)
{
    return open_corpus(c, pz, spec, 0, e);
}

int pz_corpus_open_stream(pz_corpus *c, const pz_puzzle *pz, const char *spec, pz_error *e)
{
    return open_corpus(c, pz, spec, 1, e);
}

void pz_corpus_get(const pz_corpus *c, long long index, void *inst)
{
    if (c->gen && c->params.wide) {
        pz_arena_reset(c->arena);
        c->gen->make_in(&c->params, (uint64_t)index, inst, c->arena);
    } else if (c->gen)
        c->gen->make(&c->params, (uint64_t)index, inst);
    else if (c->stream) {
        pz_error e;
        if (c->arena)
            pz_arena_reset(c->arena);
        if (pz_corpus_read(c, index, index + 1, inst, c->stream->answer, c->arena, &e))
            pz_fatal("%s", e.msg); /* the file changed under us */
        c->stream->got = index;
    } else
        memcpy(inst, (const char *)c->insts + (size_t)index * c->puzzle->inst_size,
               c->puzzle->inst_size);
}

const void *pz_corpus_expected(const pz_corpus *c, long long index)
{
    if (c->stream)
        return c->stream->ans && index == c->stream->got ? c->stream->answer : NULL;
    return c->expected ? (const char *)c->expected + (size_t)index * c->puzzle->ans_size : NULL;
}

void pz_corpus_close(pz_corpus *c)
{
    free(c->insts);
    free(c->expected);
    free(c->spec);
    pz_arena_free(c->arena);
    stream_free(c->stream);
    c->stream = NULL;
    c->insts = c->expected = NULL;
    c->spec = NULL;
    c->arena = NULL;
}

long pz_corpus_line(const pz_corpus *c, long long index)
{
    FILE *f = c->gen ? NULL : fopen(c->spec, "r");
    const pz_puzzle *p = c->puzzle;
    pz_arena *arena = p->wide == p ? pz_arena_new() : NULL;
    void *inst = f ? pz_xcalloc(1, p->inst_size) : NULL;
    pz_reader r;
    pz_error e;
    long line = 0;
    if (!f)
        return 0;
    pz_reader_init(&r, f, c->spec);
    r.arena = arena;
    long long k = 0;
    while (k < index && p->read(&r, inst, &e) == 1)
        if (++k, arena)
            pz_arena_reset(arena);
    if (k == index && pz_next_nonblank(&r, &e) == 1)
        line = r.line;
    pz_reader_free(&r);
    if (arena)
        pz_arena_free(arena);
    free(inst);
    fclose(f);
    return line;
}
