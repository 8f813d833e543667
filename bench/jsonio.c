/* jsonio.c - JSON through jansson, with positions for messages. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../util/util.h"
#include "jsonio.h"

static void set_error(pz_error *e, const char *name, long line, long col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static void set_error(pz_error *e, const char *name, long line, long col, const char *fmt, ...)
{
    va_list ap;
    snprintf(e->file, sizeof e->file, "%s", name);
    e->line = line;
    e->col = col;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
}

/* The caps on nesting and values, checked over the parsed tree (jansson's own
 * depth cap, 2048, keeps the parser's stack safe before that). */
static int check_caps(const pz_jval *v, int depth, size_t *values, pz_error *e)
{
    if (++*values > PZ_JSON_MAX_VALUES)
        return pz_jfail(e, v, "expected at most %d values in a document", PZ_JSON_MAX_VALUES);
    if (!json_is_object(v->v) && !json_is_array(v->v))
        return 0;
    if (depth >= PZ_JSON_MAX_DEPTH)
        return pz_jfail(e, v, "expected at most %d nested arrays and objects", PZ_JSON_MAX_DEPTH);
    if (json_is_array(v->v)) {
        for (size_t i = 0; i < json_array_size(v->v); i++) {
            pz_jval c = pz_jelem(v, i);
            if (check_caps(&c, depth + 1, values, e))
                return -1;
        }
        return 0;
    }
    for (void *it = json_object_iter(v->v); it; it = json_object_iter_next(v->v, it)) {
        pz_jval c = pz_jget(v, json_object_iter_key(it));
        if (check_caps(&c, depth + 1, values, e))
            return -1;
    }
    return 0;
}

int pz_jdoc_parse(pz_jdoc *d, const char *name, const char *text, size_t len, pz_error *e)
{
    json_error_t err;
    size_t values = 0;
    memset(d, 0, sizeof *d);
    snprintf(d->name, sizeof d->name, "%s", name);
    if (len > PZ_JSON_MAX_BYTES) {
        set_error(e, name, 0, 0, "expected a JSON document of at most %d bytes", PZ_JSON_MAX_BYTES);
        return -1;
    }
    /* Reports are objects, but any value reads, so a reader can say which it found. */
    /* NUL is allowed inside strings (pz_jstr writes any bytes); the getters
     * refuse it where a C string is wanted. */
    if (!(d->root = json_loadb(text, len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY | JSON_ALLOW_NUL,
                               &err))) {
        char msg[4 * sizeof err.text];
        size_t n = 0;
        /* jansson quotes the text near the error: its control bytes and
         * bytes that are not ASCII are shown, not sent to the terminal. */
        for (const unsigned char *c = (const unsigned char *)err.text; *c; c++)
            n += (size_t)snprintf(msg + n, sizeof msg - n,
                                  *c < 0x20 || *c >= 0x7f ? "\\x%02x" : "%c", *c);
        set_error(e, name, err.line > 0 ? err.line : 1, err.column > 0 ? err.column : 1, "%s", msg);
        return -1;
    }
    d->text = pz_xmemdup(text, len);
    d->len = len;
    pz_jval root = pz_jroot(d);
    if (check_caps(&root, 0, &values, e)) {
        pz_jdoc_free(d);
        return -1;
    }
    return 0;
}

int pz_jdoc_read(pz_jdoc *d, const char *path, pz_error *e)
{
    FILE *f = fopen(path, "rb");
    struct stat st;
    char *text;
    size_t len;
    int rc;
    memset(d, 0, sizeof *d);
    if (f && !fstat(fileno(f), &st) && S_ISDIR(st.st_mode)) {
        fclose(f);
        f = NULL;
        errno = EISDIR;
    }
    if (!f) {
        set_error(e, "", 0, 0, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    text = pz_xmalloc(PZ_JSON_MAX_BYTES + 1);
    len = fread(text, 1, PZ_JSON_MAX_BYTES + 1, f);
    if (ferror(f)) {
        set_error(e, "", 0, 0, "cannot read %s: %s", path, strerror(errno));
        rc = -1;
    } else {
        rc = pz_jdoc_parse(d, path, text, len, e);
    }
    fclose(f);
    free(text);
    return rc;
}

void pz_jdoc_free(pz_jdoc *d)
{
    json_decref(d->root);
    free(d->text);
    d->root = NULL;
    d->text = NULL;
}

pz_jval pz_jroot(const pz_jdoc *d)
{
    return (pz_jval){d, NULL, NULL, 0, d->root};
}

pz_jval pz_jget(const pz_jval *obj, const char *key)
{
    return (pz_jval){obj->doc, obj, key, 0,
                     json_is_object(obj->v) ? json_object_get(obj->v, key) : NULL};
}

pz_jval pz_jelem(const pz_jval *arr, size_t i)
{
    return (pz_jval){arr->doc, arr, NULL, i, json_array_get(arr->v, i)};
}

/* A type, as expected ("to be true or false"); pz_jwhat names a value as found. */
static const char *type_name(json_type t)
{
    switch (t) {
    case JSON_OBJECT:
        return "an object";
    case JSON_ARRAY:
        return "an array";
    case JSON_STRING:
        return "a string";
    case JSON_INTEGER:
    case JSON_REAL:
        return "a number";
    case JSON_TRUE:
    case JSON_FALSE:
        return "true or false";
    default:
        return "null";
    }
}

const char *pz_jwhat(const json_t *v)
{
    return json_is_boolean(v) ? (json_is_true(v) ? "true" : "false") : type_name(json_typeof(v));
}

/* Positions: the text is walked again along the path, jansson reading each
 * key and skipping each value it passes; only white space and the
 * punctuation between values are stepped over here. */

static size_t blank(const pz_jdoc *d, size_t pos)
{
    while (pos < d->len && strchr(" \t\r\n", d->text[pos]))
        pos++;
    return pos;
}

/* The offset just past the value at pos. */
static size_t skip_value(const pz_jdoc *d, size_t pos, json_t **value)
{
    json_error_t err;
    json_t *v = json_loadb(d->text + pos, d->len - pos,
                           JSON_DECODE_ANY | JSON_DISABLE_EOF_CHECK | JSON_ALLOW_NUL, &err);
    if (!v)
        return d->len;
    if (value)
        *value = v;
    else
        json_decref(v);
    return pos + (size_t)err.position;
}

/* Where step (a member's key or an element) of the container at pos starts,
 * or (size_t)-1. */
static size_t find_step(const pz_jdoc *d, size_t pos, const pz_jval *step)
{
    char open = step->key ? '{' : '[';
    if (pos >= d->len || d->text[pos] != open)
        return (size_t)-1;
    pos++;
    for (size_t i = 0;; i++) {
        size_t start = pos = blank(d, pos);
        json_t *key = NULL;
        if (pos >= d->len || d->text[pos] == (step->key ? '}' : ']'))
            return (size_t)-1;
        if (step->key) {
            pos = blank(d, skip_value(d, pos, &key));
            int found = json_is_string(key) && !strcmp(json_string_value(key), step->key);
            json_decref(key);
            if (found)
                return start;
            pos = blank(d, pos + 1); /* the ':' */
        } else if (i == step->index) {
            return start;
        }
        pos = blank(d, skip_value(d, pos, NULL));
        if (pos < d->len && d->text[pos] == ',')
            pos++;
    }
}

/* The offset where v starts: a member's key, an element, the root. */
static size_t offset_of(const pz_jval *v)
{
    const pz_jval *path[PZ_JSON_MAX_DEPTH + 8];
    const pz_jdoc *d = v->doc;
    int n = 0;
    for (const pz_jval *p = v; p->up; p = p->up)
        if (n < (int)(sizeof path / sizeof *path))
            path[n++] = p;
        else /* deeper than the caps allow: point at the deepest ancestor the path holds */
            memmove(path, path + 1, (size_t)--n * sizeof *path), path[n++] = p;
    size_t pos = blank(d, 0);
    while (n--) {
        size_t at = find_step(d, pos, path[n]);
        if (at == (size_t)-1)
            return pos;
        if (!n)
            return at;
        pos = at;
        if (path[n]->key) { /* past the key and the ':' to the member's value */
            pos = blank(d, skip_value(d, pos, NULL));
            pos = blank(d, pos + 1);
        }
    }
    return pos;
}

void pz_jpos(const pz_jval *v, long *line, long *col)
{
    const pz_jdoc *d = v->doc;
    size_t end = offset_of(v);
    *line = 1;
    *col = 1;
    /* Columns count characters, as jansson's own messages do. */
    for (size_t i = 0; i < end && i < d->len; i++)
        if (d->text[i] == '\n')
            ++*line, *col = 1;
        else if (((unsigned char)d->text[i] & 0xc0) != 0x80)
            ++*col;
}

int pz_jfail(pz_error *e, const pz_jval *v, const char *fmt, ...)
{
    va_list ap;
    pz_jpos(v, &e->line, &e->col);
    snprintf(e->file, sizeof e->file, "%s", v->doc->name);
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
    return -1;
}

static int is_type(const json_t *v, json_type t)
{
    switch (t) {
    case JSON_INTEGER:
    case JSON_REAL:
        return json_is_number(v);
    case JSON_TRUE:
    case JSON_FALSE:
        return json_is_boolean(v);
    default:
        return json_typeof(v) == t;
    }
}

int pz_jneed(const pz_jval *obj, const char *key, json_type t, pz_jval *out, pz_error *e)
{
    if (!json_is_object(obj->v))
        return pz_jfail(e, obj, "expected an object with \"%s\", found %s", key, pz_jwhat(obj->v));
    *out = pz_jget(obj, key);
    if (!out->v)
        return pz_jfail(e, obj, "expected a member \"%s\" in this object", key);
    if (!is_type(out->v, t))
        return pz_jfail(e, out, "expected \"%s\" to be %s, found %s", key, type_name(t),
                        pz_jwhat(out->v));
    return 0;
}

int pz_jneed_int(const pz_jval *obj, const char *key, long long min, long long max, long long *i,
                 pz_error *e)
{
    pz_jval v;
    if (pz_jneed(obj, key, JSON_INTEGER, &v, e))
        return -1;
    if (!json_is_integer(v.v) || json_integer_value(v.v) < min || json_integer_value(v.v) > max)
        return pz_jfail(e, &v, "expected \"%s\" to be a whole number from %lld to %lld", key, min,
                        max);
    *i = json_integer_value(v.v);
    return 0;
}

int pz_jneed_num(const pz_jval *obj, const char *key, double min, double *x, pz_error *e)
{
    pz_jval v;
    if (pz_jneed(obj, key, JSON_REAL, &v, e))
        return -1;
    *x = json_number_value(v.v);
    if (!(*x >= min))
        return pz_jfail(e, &v, "expected \"%s\" to be a number of at least %g", key, min);
    return 0;
}

int pz_jneed_bool(const pz_jval *obj, const char *key, int *b, pz_error *e)
{
    pz_jval v;
    if (pz_jneed(obj, key, JSON_TRUE, &v, e))
        return -1;
    *b = json_is_true(v.v);
    return 0;
}

int pz_jneed_str(const pz_jval *obj, const char *key, const char **s, pz_error *e)
{
    pz_jval v;
    if (pz_jneed(obj, key, JSON_STRING, &v, e))
        return -1;
    *s = json_string_value(v.v);
    if (strlen(*s) != json_string_length(v.v))
        return pz_jfail(e, &v, "expected \"%s\" to be a string without NUL characters", key);
    return 0;
}

int pz_jneed_strbuf(const pz_jval *obj, const char *key, char *buf, size_t len, pz_error *e)
{
    const char *s;
    if (pz_jneed_str(obj, key, &s, e))
        return -1;
    if (strlen(s) >= len) {
        pz_jval v = pz_jget(obj, key);
        return pz_jfail(e, &v, "expected \"%s\" of at most %zu bytes", key, len - 1);
    }
    memcpy(buf, s, strlen(s) + 1);
    return 0;
}

static json_t *checked(json_t *v)
{
    if (!v)
        pz_fatal("out of memory");
    return v;
}

json_t *pz_jstr(const char *s, size_t len)
{
    json_t *v = json_stringn(s, len); /* NULL: not UTF-8 */
    if (v)
        return v;
    /* Each byte as the character of its value: a reader can tell them apart
     * and the bytes come back exactly. */
    char *u = pz_xmalloc(2 * len + 1);
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) {
            u[n++] = (char)c;
        } else {
            u[n++] = (char)(0xc0 | c >> 6);
            u[n++] = (char)(0x80 | (c & 0x3f));
        }
    }
    v = checked(json_stringn(u, n));
    free(u);
    return v;
}

void pz_jset(json_t *obj, const char *key, json_t *v)
{
    if (json_object_set_new(obj, key, checked(v)))
        pz_fatal("out of memory");
}

void pz_jappend(json_t *arr, json_t *v)
{
    if (json_array_append_new(arr, checked(v)))
        pz_fatal("out of memory");
}

int pz_jdump(FILE *f, const json_t *v)
{
    if (json_dumpf(v, f,
                   JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17) |
                       JSON_ENSURE_ASCII))
        return -1;
    return putc('\n', f) == EOF ? -1 : 0;
}
