/* jsonio.h - JSON read and written through jansson, with messages that say
 * where: file:line:col of the value at fault, and what was expected there.
 *
 *     pz_jdoc d;
 *     pz_jval root, solvers;
 *     long long n;
 *     if (pz_jdoc_read(&d, "shard-3.json", &e))
 *         return pz_print_error(&e); // "shard-3.json:7:3: duplicate object key near ..."
 *     root = pz_jroot(&d);
 *     if (pz_jneed_int(&root, "instances", 0, LLONG_MAX, &n, &e) ||
 *         pz_jneed(&root, "solvers", JSON_ARRAY, &solvers, &e))
 *         ...                            // "shard-3.json:9:3: expected "instances" to be ..."
 *     pz_jdoc_free(&d);
 *
 * Strict: jansson rejects what RFC 8259 does (comments, trailing commas,
 * leading zeros, NaN, lone surrogates, invalid UTF-8, anything after the
 * value), and here also a key twice in one object and NUL in a string.
 * Bounded: the document's size, nesting and number of values are capped.
 * A value's position is found only for a message, by walking the text
 * again along the value's path, so reading keeps no positions.
 */
#ifndef PZ_JSONIO_H
#define PZ_JSONIO_H

#include <jansson.h>
#include <stdio.h>

#include "../solvers/solver.h"

enum {
    PZ_JSON_MAX_BYTES = 16 << 20, /* a document's size */
    PZ_JSON_MAX_DEPTH = 64,       /* arrays and objects inside each other */
    PZ_JSON_MAX_VALUES = 1 << 20, /* values in a document, members included */
};

typedef struct pz_jdoc {
    json_t *root; /* NULL until parsed */
    char *text;   /* the document, kept for positions */
    size_t len;
    char name[128]; /* the file, for messages */
} pz_jdoc;

/* A value of a document and the way to it from the root. */
typedef struct pz_jval {
    const pz_jdoc *doc;
    const struct pz_jval *up; /* NULL: the root */
    const char *key;          /* a member's key; NULL: element index of an array */
    size_t index;
    json_t *v; /* NULL: a member that is not there */
} pz_jval;

/* Parses len bytes of text named name: 0, or -1 with e filled
 * ("name:line:col: ...") and nothing left to free. */
int pz_jdoc_parse(pz_jdoc *, const char *name, const char *text, size_t len, pz_error *);
/* The same for a whole file (at most PZ_JSON_MAX_BYTES). */
int pz_jdoc_read(pz_jdoc *, const char *path, pz_error *);
void pz_jdoc_free(pz_jdoc *);

pz_jval pz_jroot(const pz_jdoc *);
/* Member key of obj (v NULL when obj is no object or has none), element i of arr. */
pz_jval pz_jget(const pz_jval *obj, const char *key);
pz_jval pz_jelem(const pz_jval *arr, size_t i);

/* "null", "a number", "an object", ...: what a value is, for messages. */
const char *pz_jwhat(const json_t *);
/* The line and column (from 1) where v starts; a member: its key. */
void pz_jpos(const pz_jval *v, long *line, long *col);
/* Fills e with the position of v and the message; returns -1. */
int pz_jfail(pz_error *, const pz_jval *v, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Member key of obj of the given type in *out; else -1 with e filled:
 * 'expected a member "key" in this object' or 'expected "key" to be ...'. */
int pz_jneed(const pz_jval *obj, const char *key, json_type, pz_jval *out, pz_error *);
/* The same for the usual types, each with its value. */
int pz_jneed_int(const pz_jval *obj, const char *key, long long min, long long max, long long *,
                 pz_error *);
/* A finite number >= min (a whole number is one too). */
int pz_jneed_num(const pz_jval *obj, const char *key, double min, double *, pz_error *);
int pz_jneed_bool(const pz_jval *obj, const char *key, int *, pz_error *);
int pz_jneed_str(const pz_jval *obj, const char *key, const char **, pz_error *);
/* A string of at most len - 1 bytes, copied to buf. */
int pz_jneed_strbuf(const pz_jval *obj, const char *key, char *buf, size_t len, pz_error *);

/* A JSON string of len bytes of any text: UTF-8 as it is, other bytes as the
 * characters U+0080 to U+00FF, so any output a program printed is valid JSON. */
json_t *pz_jstr(const char *s, size_t len);
/* Sets obj[key] = v, taking v; out of memory is fatal. */
void pz_jset(json_t *obj, const char *key, json_t *v);
void pz_jappend(json_t *arr, json_t *v);
/* Writes v the house way: indented by 2, keys in the order set, numbers at
 * full precision, ASCII only; 0, or -1 when the stream fails. */
int pz_jdump(FILE *, const json_t *v);

#endif
