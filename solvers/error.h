/* error.h - what went wrong: bad input, reported; a programmer's error, fatal.
 *
 *     if (n < 1 || n > TX_MAX)
 *         return pz_fail(e, r, "expected n from 1 to %d", TX_MAX);   // -1
 *
 * Bad input fills a pz_error with where it was found and what was expected,
 * which the command line prints as "file:line: msg" with exit status 2.  A
 * programmer's error goes through pz_fatal, which aborts.
 */
#ifndef PZ_ERROR_H
#define PZ_ERROR_H

typedef struct pz_reader pz_reader; /* io.h */

/* Bad input: where it was found and what was expected ("file:line: msg",
 * or "file:line:col: msg" where a column means something, as in JSON). */
typedef struct pz_error {
    char file[4096]; /* PATH_MAX: every path that can be opened fits */
    long line;       /* 0: no line (a spec, an option) */
    long col;        /* 0: no column (the judge formats are lines) */
    char msg[512];
} pz_error;

int pz_fail(pz_error *, const pz_reader *, const char *fmt, ...)
    __attribute__((format(printf, 3, 4))); /* fills e, returns -1 */

/* Programmer errors only: prints and aborts. */
void pz_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

#endif
