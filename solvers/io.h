/* io.h - the line reader every judge format is read with (io.c).
 *
 *     pz_reader r;
 *     pz_reader_init(&r, stdin, "stdin");
 *     while ((rc = pz_next_nonblank(&r, &e)) == 1)   // r.buf: the line, r.line: its number
 *         ...
 *     pz_reader_free(&r);
 *
 * A NUL byte, a line too long or a read error is bad input, reported in e.
 */
#ifndef PZ_IO_H
#define PZ_IO_H

#include <stddef.h>
#include <stdio.h>

#include "error.h"

/* A line reader over a FILE: a file, a pipe, or memory through fmemopen. */
typedef struct pz_reader {
    FILE *f;
    const char *name; /* "stdin" or a path, for messages */
    long line;        /* number of the line in buf, from 1 */
    char *buf;        /* the current line, NUL-terminated */
    size_t len, cap;
    int pushed;       /* buf was given back by pz_unread */
    long long hdr[4]; /* the puzzle's header state between calls */
    int started;      /* the puzzle read its header already */
    /* Where a wide puzzle's read puts what does not fit its fixed struct (the
     * rows of a board past 64x64); NULL: such input is refused as too big. */
    struct pz_arena *arena;
} pz_reader;

void pz_reader_init(pz_reader *, FILE *, const char *name);
void pz_reader_free(pz_reader *);
/* The reader freed and made anew over f (a seekable file) from its start:
 * 0, or -1 with errno. */
int pz_reader_restart(pz_reader *, FILE *f, const char *name);
int pz_getline(pz_reader *, pz_error *);       /* 1 line, 0 end, -1 bad */
int pz_next_nonblank(pz_reader *, pz_error *); /* same, skipping blank lines */
void pz_unread(pz_reader *);
int pz_is_blank(const char *s);
/* len bytes of input for a message: printable ASCII as it is, any other byte
 * as \xHH (so no control character reaches a terminal), cut with "..." to
 * fit cap bytes with the NUL; returns buf. */
const char *pz_quote(const char *s, size_t len, char *buf, size_t cap);
/* Parse an unsigned decimal at *p (after blanks) no larger than max. */
int pz_parse_uint(const char **p, long long max, long long *out);

#endif
