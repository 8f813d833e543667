/* json.c - a small, strict JSON reader: recursive descent over a buffer.
 *
 * The recursion is as deep as the nesting, which is capped (PZ_JSON_MAX_DEPTH),
 * so no input can overflow the stack; nodes and strings go into one arena
 * that is freed at once.  Duplicate keys are found by sorting each object's
 * keys, so a huge object costs n log n, never n^2.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

enum { CHUNK = 64 << 10 };

struct pz_json_chunk {
    struct pz_json_chunk *next;
    size_t used, cap;
    max_align_t data[];
};

typedef struct parser {
    const char *p, *end, *line_start;
    long line, values;
    pz_json_doc *doc;
    pz_error *e;
} parser;

static void *alloc(pz_json_doc *d, size_t size)
{
    struct pz_json_chunk *c = d->mem;
    size = (size + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    if (!c || c->cap - c->used < size) {
        size_t cap = size > CHUNK ? size : CHUNK;
        if (!(c = malloc(sizeof *c + cap)))
            pz_fatal("out of memory");
        c->next = d->mem;
        c->used = 0;
        c->cap = cap;
        d->mem = c;
    }
    c->used += size;
    return (char *)c->data + c->used - size;
}

void pz_json_free(pz_json_doc *d)
{
    while (d->mem) {
        struct pz_json_chunk *next = d->mem->next;
        free(d->mem);
        d->mem = next;
    }
    d->root = NULL;
}

static int vfail(pz_error *e, const char *file, long line, long col, const char *fmt, va_list ap)
{
    snprintf(e->file, sizeof e->file, "%s", file);
    e->line = line;
    e->col = col;
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    return -1;
}

/* An error at byte at, which is always on the line being read: white space,
 * the only place a line break may be, has been skipped up to it. */
__attribute__((format(printf, 3, 4))) static int fail(parser *ps, const char *at, const char *fmt,
                                                      ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(ps->e, ps->doc->name, ps->line, (long)(at - ps->line_start) + 1, fmt, ap);
    va_end(ap);
    return -1;
}

int pz_json_fail(pz_error *e, const pz_json_doc *d, const pz_json *v, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(e, d->name, v->line, v->col, fmt, ap);
    va_end(ap);
    return -1;
}

/* What is at byte at, for "found ..." (a static buffer: one use per message). */
static const char *found(const parser *ps, const char *at)
{
    static _Thread_local char buf[16];
    unsigned char c;
    if (at >= ps->end)
        return "the end of the input";
    c = (unsigned char)*at;
    if (c == '\n')
        return "a line break";
    if (c >= 0x20 && c < 0x7f)
        snprintf(buf, sizeof buf, "'%c'", c);
    else
        snprintf(buf, sizeof buf, "byte 0x%02x", c);
    return buf;
}

static void skip_space(parser *ps)
{
    for (; ps->p < ps->end; ps->p++) {
        if (*ps->p == '\n') {
            ps->line++;
            ps->line_start = ps->p + 1;
        } else if (*ps->p != ' ' && *ps->p != '\t' && *ps->p != '\r') {
            break;
        }
    }
}

static int hex4(const char *p, const char *end, unsigned *v)
{
    *v = 0;
    for (int k = 0; k < 4; k++, p++) {
        int h = p >= end                 ? -1
                : *p >= '0' && *p <= '9' ? *p - '0'
                : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10
                : *p >= 'A' && *p <= 'F' ? *p - 'A' + 10
                                         : -1;
        if (h < 0)
            return -1;
        *v = *v << 4 | (unsigned)h;
    }
    return 0;
}

static char *put_utf8(char *o, unsigned u)
{
    if (u < 0x80) {
        *o++ = (char)u;
    } else if (u < 0x800) {
        *o++ = (char)(0xc0 | u >> 6);
        *o++ = (char)(0x80 | (u & 0x3f));
    } else if (u < 0x10000) {
        *o++ = (char)(0xe0 | u >> 12);
        *o++ = (char)(0x80 | (u >> 6 & 0x3f));
        *o++ = (char)(0x80 | (u & 0x3f));
    } else {
        *o++ = (char)(0xf0 | u >> 18);
        *o++ = (char)(0x80 | (u >> 12 & 0x3f));
        *o++ = (char)(0x80 | (u >> 6 & 0x3f));
        *o++ = (char)(0x80 | (u & 0x3f));
    }
    return o;
}

/* The length of the UTF-8 sequence at p (RFC 3629: no overlong forms, no
 * surrogates, nothing above U+10FFFF), or 0 where it is not one. */
static int utf8_length(const unsigned char *p, const unsigned char *end)
{
    unsigned char lo = 0x80, hi = 0xbf;
    int n;
    if (*p >= 0xc2 && *p <= 0xdf)
        n = 2;
    else if (*p >= 0xe0 && *p <= 0xef)
        n = 3, lo = *p == 0xe0 ? 0xa0 : 0x80, hi = *p == 0xed ? 0x9f : 0xbf;
    else if (*p >= 0xf0 && *p <= 0xf4)
        n = 4, lo = *p == 0xf0 ? 0x90 : 0x80, hi = *p == 0xf4 ? 0x8f : 0xbf;
    else
        return 0;
    if (end - p < n || p[1] < lo || p[1] > hi)
        return 0;
    for (int k = 2; k < n; k++)
        if (p[k] < 0x80 || p[k] > 0xbf)
            return 0;
    return n;
}

/* A string at ps->p (a '"'), decoded into the arena. */
static int string(parser *ps, const char **out, size_t *len)
{
    const char *q = ps->p + 1;
    char *o, *s;
    /* Bound the decoded length first: it is never longer than the text. */
    while (q < ps->end && *q != '"')
        q += *q == '\\' && q + 1 < ps->end ? 2 : 1;
    s = o = alloc(ps->doc, (size_t)(q - ps->p));
    for (q = ps->p + 1;;) {
        unsigned char c = q < ps->end ? (unsigned char)*q : 0;
        if (q >= ps->end)
            return fail(ps, q, "expected '\"' to close the string, found the end of the input");
        if (c == '"')
            break;
        if (c < 0x20)
            return fail(ps, q, "expected no control character in a string (escape it), found %s",
                        found(ps, q));
        if (c >= 0x80) {
            int n = utf8_length((const unsigned char *)q, (const unsigned char *)ps->end);
            if (!n)
                return fail(ps, q, "expected UTF-8 text in a string, found byte 0x%02x", c);
            memcpy(o, q, (size_t)n);
            o += n, q += n;
            continue;
        }
        if (c != '\\') {
            *o++ = (char)c, q++;
            continue;
        }
        const char *esc = q++;
        unsigned u, lo;
        switch (q < ps->end ? *q : 0) {
        case '"':
        case '\\':
        case '/':
            *o++ = *q;
            break;
        case 'b':
            *o++ = '\b';
            break;
        case 'f':
            *o++ = '\f';
            break;
        case 'n':
            *o++ = '\n';
            break;
        case 'r':
            *o++ = '\r';
            break;
        case 't':
            *o++ = '\t';
            break;
        case 'u':
            if (hex4(q + 1, ps->end, &u))
                return fail(ps, esc, "expected 4 hex digits after \\u");
            q += 4;
            if (u >= 0xdc00 && u <= 0xdfff)
                return fail(ps, esc, "expected a high surrogate before \\u%04X", u);
            if (u >= 0xd800 && u <= 0xdbff) {
                if (ps->end - q < 3 || q[1] != '\\' || q[2] != 'u' || hex4(q + 3, ps->end, &lo) ||
                    lo < 0xdc00 || lo > 0xdfff)
                    return fail(ps, q + 1,
                                "expected a low surrogate \\uDC00 to \\uDFFF after \\u%04X", u);
                u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
                q += 6;
            }
            o = put_utf8(o, u);
            break;
        default:
            return fail(ps, esc,
                        "expected an escape \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX, "
                        "found %s after '\\'",
                        found(ps, q));
        }
        q++;
    }
    *o = 0;
    *out = s;
    *len = (size_t)(o - s);
    ps->p = q + 1;
    return 0;
}

static int digits(const char **p, const char *end)
{
    const char *s = *p;
    while (*p < end && **p >= '0' && **p <= '9')
        ++*p;
    return *p > s;
}

/* -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
static int number(parser *ps, pz_json *v)
{
    const char *s = ps->p, *q = s, *end = ps->end;
    char buf[PZ_JSON_MAX_NUMBER + 1];
    int integer = 1;
    if (*q == '-')
        q++;
    if (q < end && *q == '0') {
        if (++q < end && *q >= '0' && *q <= '9')
            return fail(ps, q, "expected no leading zero in a number");
    } else if (!digits(&q, end)) {
        return fail(ps, q, "expected a digit after '-', found %s", found(ps, q));
    }
    if (q < end && *q == '.') {
        integer = 0;
        if (q++, !digits(&q, end))
            return fail(ps, q, "expected a digit after '.', found %s", found(ps, q));
    }
    if (q < end && (*q == 'e' || *q == 'E')) {
        integer = 0;
        if (++q < end && (*q == '+' || *q == '-'))
            q++;
        if (!digits(&q, end))
            return fail(ps, q, "expected a digit in the exponent, found %s", found(ps, q));
    }
    if (q - s > PZ_JSON_MAX_NUMBER)
        return fail(ps, s, "expected a number of at most %d characters", PZ_JSON_MAX_NUMBER);
    memcpy(buf, s, (size_t)(q - s));
    buf[q - s] = 0;
    v->type = PZ_JSON_NUMBER;
    v->d = strtod(buf, NULL); /* the C locale: puzzlebench never sets another */
    if (isinf(v->d))
        return fail(ps, s, "expected a number within the range of a double");
    if (integer) {
        /* Exact: the magnitude in unsigned 64 bits, then the sign. */
        unsigned long long m = 0, limit = *s == '-' ? 1ull << 63 : (1ull << 63) - 1;
        int fits = 1;
        for (const char *d = s + (*s == '-'); d < q && fits; d++)
            if (m > (limit - (unsigned)(*d - '0')) / 10)
                fits = 0;
            else
                m = m * 10 + (unsigned)(*d - '0');
        if (fits) {
            v->is_int = 1;
            v->i = *s == '-' ? (long long)(0 - m) : (long long)m;
        }
    }
    ps->p = q;
    return 0;
}

static int literal(parser *ps, pz_json *v, const char *word, pz_json_type type, int value)
{
    size_t n = strlen(word);
    if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n))
        return fail(ps, ps->p, "expected %s", word);
    v->type = type;
    v->i = value;
    ps->p += n;
    return 0;
}

static int value(parser *ps, int depth, pz_json **out);

static int before(const pz_json *x, const pz_json *y)
{
    return x->line < y->line || (x->line == y->line && x->col < y->col);
}

/* By key, and the same key in document order. */
static int key_order(const void *a, const void *b)
{
    const pz_json *x = *(pz_json *const *)a, *y = *(pz_json *const *)b;
    size_t n = x->key_len < y->key_len ? x->key_len : y->key_len;
    int c = memcmp(x->key, y->key, n);
    if (c || x->key_len != y->key_len)
        return c ? c : x->key_len < y->key_len ? -1 : 1;
    return before(x, y) ? -1 : before(y, x);
}

static int unique_keys(parser *ps, const pz_json *obj)
{
    pz_json **keys, *dup = NULL;
    size_t k = 0;
    if (obj->n < 2)
        return 0;
    if (!(keys = malloc(obj->n * sizeof *keys)))
        pz_fatal("out of memory");
    for (pz_json *m = obj->child; m; m = m->next)
        keys[k++] = m;
    qsort(keys, obj->n, sizeof *keys, key_order);
    for (k = 1; k < obj->n; k++)
        if (keys[k]->key_len == keys[k - 1]->key_len &&
            !memcmp(keys[k]->key, keys[k - 1]->key, keys[k]->key_len) &&
            (!dup || before(keys[k], dup)))
            dup = keys[k];
    free(keys);
    if (dup)
        return pz_json_fail(ps->e, ps->doc, dup,
                            "expected each key once in an object, found \"%.*s\" again",
                            (int)(dup->key_len < 64 ? dup->key_len : 64), dup->key);
    return 0;
}

/* The elements of an array or the members of an object, after '[' or '{'. */
static int items(parser *ps, int depth, pz_json *v)
{
    int object = v->type == PZ_JSON_OBJECT;
    char close = object ? '}' : ']';
    pz_json **tail = &v->child;
    ps->p++;
    skip_space(ps);
    if (ps->p < ps->end && *ps->p == close) {
        ps->p++;
        return 0;
    }
    for (;;) {
        const char *key = NULL;
        size_t key_len = 0;
        long line, col;
        pz_json *item;
        skip_space(ps);
        line = ps->line;
        col = (long)(ps->p - ps->line_start) + 1;
        if (object) {
            if (ps->p >= ps->end || *ps->p != '"')
                return fail(ps, ps->p, "expected a string key%s, found %s",
                            v->n ? " after ','" : " or '}'", found(ps, ps->p));
            if (string(ps, &key, &key_len))
                return -1;
            skip_space(ps);
            if (ps->p >= ps->end || *ps->p != ':')
                return fail(ps, ps->p, "expected ':' after the key, found %s", found(ps, ps->p));
            ps->p++;
        }
        if (value(ps, depth + 1, &item))
            return -1;
        if (object)
            item->key = key, item->key_len = key_len, item->line = line, item->col = col;
        *tail = item;
        tail = &item->next;
        v->n++;
        skip_space(ps);
        if (ps->p < ps->end && *ps->p == ',') {
            ps->p++;
            continue;
        }
        if (ps->p < ps->end && *ps->p == close)
            break;
        return fail(ps, ps->p, "expected ',' or '%c' after %s, found %s", close,
                    object ? "a member" : "an element", found(ps, ps->p));
    }
    ps->p++;
    return object ? unique_keys(ps, v) : 0;
}

static int value(parser *ps, int depth, pz_json **out)
{
    pz_json *v;
    skip_space(ps);
    if (ps->p >= ps->end)
        return fail(ps, ps->p, "expected a value, found the end of the input");
    if (++ps->values > PZ_JSON_MAX_VALUES)
        return fail(ps, ps->p, "expected at most %d values in a document", PZ_JSON_MAX_VALUES);
    *out = v = alloc(ps->doc, sizeof *v);
    memset(v, 0, sizeof *v);
    v->line = ps->line;
    v->col = (long)(ps->p - ps->line_start) + 1;
    switch (*ps->p) {
    case '{':
    case '[':
        if (depth >= PZ_JSON_MAX_DEPTH)
            return fail(ps, ps->p, "expected at most %d nested arrays and objects",
                        PZ_JSON_MAX_DEPTH);
        v->type = *ps->p == '{' ? PZ_JSON_OBJECT : PZ_JSON_ARRAY;
        return items(ps, depth, v);
    case '"':
        v->type = PZ_JSON_STRING;
        return string(ps, &v->s, &v->len);
    case 't':
        return literal(ps, v, "true", PZ_JSON_BOOL, 1);
    case 'f':
        return literal(ps, v, "false", PZ_JSON_BOOL, 0);
    case 'n':
        return literal(ps, v, "null", PZ_JSON_NULL, 0);
    case '-':
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9':
        return number(ps, v);
    }
    return fail(ps, ps->p, "expected a value, found %s", found(ps, ps->p));
}

int pz_json_parse(pz_json_doc *d, const char *name, const char *text, size_t len, pz_error *e)
{
    parser ps = {text, text + len, text, 1, 0, d, e};
    pz_json *root;
    memset(d, 0, sizeof *d);
    snprintf(d->name, sizeof d->name, "%s", name);
    if (len > PZ_JSON_MAX_BYTES) {
        pz_fail(e, NULL, "expected a JSON document of at most %d bytes", PZ_JSON_MAX_BYTES);
        snprintf(e->file, sizeof e->file, "%s", name); /* "name: expected ..." */
        return -1;
    }
    if (value(&ps, 0, &root))
        goto bad;
    skip_space(&ps);
    if (ps.p < ps.end) {
        fail(&ps, ps.p, "expected the end of the input after the value, found %s",
             found(&ps, ps.p));
        goto bad;
    }
    d->root = root;
    return 0;
bad:
    pz_json_free(d);
    return -1;
}

int pz_json_read_file(pz_json_doc *d, const char *path, pz_error *e)
{
    FILE *f = fopen(path, "rb");
    char *text;
    size_t len;
    int rc;
    memset(d, 0, sizeof *d);
    if (!f) {
        pz_fail(e, NULL, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    /* One byte more than the cap tells an oversized file from one at the cap. */
    if (!(text = malloc((size_t)PZ_JSON_MAX_BYTES + 1)))
        pz_fatal("out of memory");
    len = fread(text, 1, (size_t)PZ_JSON_MAX_BYTES + 1, f);
    if (ferror(f)) {
        rc = pz_fail(e, NULL, "cannot read %s: %s", path, strerror(errno));
    } else {
        rc = pz_json_parse(d, path, text, len, e);
    }
    fclose(f);
    free(text);
    return rc;
}

const pz_json *pz_json_get(const pz_json *obj, const char *key)
{
    size_t n = strlen(key);
    if (!obj || obj->type != PZ_JSON_OBJECT)
        return NULL;
    for (const pz_json *m = obj->child; m; m = m->next)
        if (m->key_len == n && !memcmp(m->key, key, n))
            return m;
    return NULL;
}

const char *pz_json_what(const pz_json *v)
{
    switch (v->type) {
    case PZ_JSON_NULL:
        return "null";
    case PZ_JSON_BOOL:
        return v->i ? "true" : "false";
    case PZ_JSON_NUMBER:
        return v->is_int ? "a whole number" : "a number";
    case PZ_JSON_STRING:
        return "a string";
    case PZ_JSON_ARRAY:
        return "an array";
    case PZ_JSON_OBJECT:
        return "an object";
    }
    return "?";
}

static const char *const type_names[] = {
    [PZ_JSON_NULL] = "null",       [PZ_JSON_BOOL] = "true or false", [PZ_JSON_NUMBER] = "a number",
    [PZ_JSON_STRING] = "a string", [PZ_JSON_ARRAY] = "an array",     [PZ_JSON_OBJECT] = "an object",
};

const pz_json *pz_json_need(const pz_json_doc *d, const pz_json *obj, const char *key,
                            pz_json_type type, pz_error *e)
{
    const pz_json *v;
    if (obj->type != PZ_JSON_OBJECT) {
        pz_json_fail(e, d, obj, "expected an object with \"%s\", found %s", key, pz_json_what(obj));
        return NULL;
    }
    if (!(v = pz_json_get(obj, key))) {
        pz_json_fail(e, d, obj, "expected a member \"%s\" in this object", key);
        return NULL;
    }
    if (v->type != type) {
        pz_json_fail(e, d, v, "expected \"%s\" to be %s, found %s", key, type_names[type],
                     pz_json_what(v));
        return NULL;
    }
    return v;
}

int pz_json_need_int(const pz_json_doc *d, const pz_json *obj, const char *key, long long min,
                     long long max, long long *out, pz_error *e)
{
    const pz_json *v = pz_json_need(d, obj, key, PZ_JSON_NUMBER, e);
    if (!v)
        return -1;
    if (!v->is_int || v->i < min || v->i > max)
        return pz_json_fail(e, d, v, "expected \"%s\" to be a whole number from %lld to %lld", key,
                            min, max);
    *out = v->i;
    return 0;
}

int pz_json_need_num(const pz_json_doc *d, const pz_json *obj, const char *key, double *out,
                     pz_error *e)
{
    const pz_json *v = pz_json_need(d, obj, key, PZ_JSON_NUMBER, e);
    if (!v)
        return -1;
    *out = v->d;
    return 0;
}

int pz_json_need_bool(const pz_json_doc *d, const pz_json *obj, const char *key, int *out,
                      pz_error *e)
{
    const pz_json *v = pz_json_need(d, obj, key, PZ_JSON_BOOL, e);
    if (!v)
        return -1;
    *out = (int)v->i;
    return 0;
}

int pz_json_need_str(const pz_json_doc *d, const pz_json *obj, const char *key, const char **out,
                     pz_error *e)
{
    const pz_json *v = pz_json_need(d, obj, key, PZ_JSON_STRING, e);
    if (!v)
        return -1;
    if (strlen(v->s) != v->len)
        return pz_json_fail(e, d, v, "expected \"%s\" to be a string without \\u0000", key);
    *out = v->s;
    return 0;
}
