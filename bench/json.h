/* json.h - a small, strict JSON reader (RFC 8259) for the harness's own reports.
 *
 *     pz_json_doc d;
 *     long long n;
 *     if (pz_json_read_file(&d, "shard-3.json", &e) ||
 *         pz_json_need_int(&d, d.root, "instances", 0, LLONG_MAX, &n, &e))
 *         return pz_print_error(&e);          // "shard-3.json:7:3: expected ..."
 *     for (const pz_json *s = pz_json_get(d.root, "solvers")->child; s; s = s->next)
 *         ...
 *     pz_json_free(&d);
 *
 * Strict: UTF-8 only, no comments, no trailing commas, no leading zeros, no
 * NaN or Infinity, no lone surrogates, each key at most once in an object,
 * nothing but white space after the value.  Errors say where, as
 * file:line:col (columns count bytes from 1), and what was expected there.
 * Bounded: the document, its nesting and its number of values are capped,
 * so no input can exhaust the stack or the memory.
 */
#ifndef PZ_JSON_H
#define PZ_JSON_H

#include "../solvers/solver.h"

enum {
    PZ_JSON_MAX_BYTES = 16 << 20, /* a document's size */
    PZ_JSON_MAX_DEPTH = 64,       /* arrays and objects inside each other */
    PZ_JSON_MAX_VALUES = 1 << 20, /* values in a document, members included */
    PZ_JSON_MAX_NUMBER = 100,     /* characters of one number */
};

typedef enum pz_json_type {
    PZ_JSON_NULL,
    PZ_JSON_BOOL,
    PZ_JSON_NUMBER,
    PZ_JSON_STRING,
    PZ_JSON_ARRAY,
    PZ_JSON_OBJECT,
} pz_json_type;

typedef struct pz_json {
    pz_json_type type;
    int is_int;            /* a number written without '.' or 'e' that fits
                              in 64 bits: i holds it exactly */
    long long i;           /* that integer; a bool's 0 or 1 */
    double d;              /* a number's value */
    const char *s;         /* a string, NUL-terminated (it may hold NULs) */
    size_t len;            /* its length in bytes */
    struct pz_json *child; /* an array's first element, an object's first member */
    size_t n;              /* how many elements or members */
    struct pz_json *next;  /* the next element or member */
    const char *key;       /* a member's key, NUL-terminated; else NULL */
    size_t key_len;
    long line, col; /* where the value (a member: its key) starts */
} pz_json;

typedef struct pz_json_doc {
    pz_json *root;             /* NULL until parsed */
    char name[128];            /* the file, for messages */
    struct pz_json_chunk *mem; /* every node and string, freed at once */
} pz_json_doc;

/* Parses len bytes of text (no NUL needed) named name: 0, or -1 with e filled
 * ("name:line:col: expected ...") and nothing left to free. */
int pz_json_parse(pz_json_doc *, const char *name, const char *text, size_t len, pz_error *);
/* The same for a whole file (at most PZ_JSON_MAX_BYTES). */
int pz_json_read_file(pz_json_doc *, const char *path, pz_error *);
void pz_json_free(pz_json_doc *);

/* The member of an object with this key, or NULL (also when obj is no object). */
const pz_json *pz_json_get(const pz_json *obj, const char *key);

/* "null", "a number", "an object", ...: what a value is, for messages. */
const char *pz_json_what(const pz_json *);

/* Fills e with the position of v in the document; returns -1. */
int pz_json_fail(pz_error *, const pz_json_doc *, const pz_json *v, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The member key of obj, of the given type; else NULL with e filled:
 * 'expected a member "key" in this object' or 'expected "key" to be ...'. */
const pz_json *pz_json_need(const pz_json_doc *, const pz_json *obj, const char *key, pz_json_type,
                            pz_error *);
/* The same for the usual types, each with its value: 0 ok, -1 with e filled. */
int pz_json_need_int(const pz_json_doc *, const pz_json *obj, const char *key, long long min,
                     long long max, long long *, pz_error *);
int pz_json_need_num(const pz_json_doc *, const pz_json *obj, const char *key, double *,
                     pz_error *);
int pz_json_need_bool(const pz_json_doc *, const pz_json *obj, const char *key, int *, pz_error *);
/* A string without NUL characters. */
int pz_json_need_str(const pz_json_doc *, const pz_json *obj, const char *key, const char **,
                     pz_error *);

#endif
