/* util.h - small general utilities: clocks, memory, allocation, atomic file writes.
 *
 * Nothing here knows a puzzle; every other layer may call it.
 *
 *     char *tmp;
 *     FILE *f = pz_atomic_open("report.json", &tmp);
 *     ...
 *     if (!f || pz_atomic_close(f, tmp, "report.json")) return error;
 */
#ifndef PZ_UTIL_H
#define PZ_UTIL_H

#include <stddef.h>
#include <stdio.h>

/* Seconds on the monotonic clock, and this thread's CPU time: unlike the
 * wall clock it stops while another process has the core, which on a shared
 * machine is much of the time. */
double pz_now(void);
double pz_cpu_now(void);
/* CPU seconds of this process, every thread, and of its children that
 * ended (stress's programs): what `time` says of a command. */
double pz_process_cpu(void);
/* The least time between two readings of a clock: its own cost, which a
 * timed batch of few instances would otherwise charge to what it times. */
double pz_clock_cost(double (*clock)(void));
/* s seconds for a person: "12.3 ns" .. "42.1 s" (three digits), then "7.5 min",
 * "3.2 h", "31 days"; "-" for NaN (no time).  The one printer of durations:
 * every command prints its times through it. */
void pz_span(char *buf, size_t len, double s);

/* This process's peak resident set so far (getrusage's ru_maxrss), in
 * bytes; 0 where it is not known. */
long long pz_peak_rss(void);
/* bytes for a person, to a tenth of its unit: "512 B", "23.4 MiB", "7.8 GiB". */
void pz_bytes(char *buf, size_t len, double bytes);

/* Allocation with one out-of-memory path: a message and abort().  n or size
 * 0 still gives a pointer that can be freed. */
void *pz_xmalloc(size_t size);
void *pz_xcalloc(size_t n, size_t size);
/* pz_xcalloc at the start of a 64-byte cache line (freed with free). */
void *pz_xcalloc_lines(size_t n, size_t size);
void *pz_xmemdup(const void *p, size_t size);
/* A NUL-terminated copy of len bytes. */
char *pz_xstrndup(const char *s, size_t len);
/* A formatted string of any length, on the heap. */
char *pz_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "Did you mean": each name is offered in turn; the nearest to word (at
 * most 2 edits, swaps of neighbours among them, and at most a third of the
 * name) is kept.  pz_suggestion writes the name through fmt (one %s) into
 * buf, or "" when no name was near, and returns buf:
 *     pz_suggest s;
 *     pz_suggest_init(&s, word);
 *     for (...) pz_suggest_offer(&s, name);
 *     printf("unknown '%s'%s\n", word, pz_suggestion(&s, "; did you mean '%s'?", buf, n)); */
typedef struct pz_suggest {
    const char *word, *best;
    int dist;
} pz_suggest;
void pz_suggest_init(pz_suggest *, const char *word);
void pz_suggest_offer(pz_suggest *, const char *name);
const char *pz_suggestion(const pz_suggest *, const char *fmt, char *buf, size_t len);
/* The optimal-string-alignment distance of a and b (words to 64 bytes). */
int pz_edit_distance(const char *a, const char *b);

/* text written with &, < and > escaped, and as the markup asks: HTML (and
 * SVG) escapes " too, for text and attributes alike; XML text keeps " and
 * writes the control characters XML 1.0 cannot hold as '?'; an XML
 * attribute's value escapes " as well, and newline and tab as &#10; and
 * &#9; (a parser would fold them into spaces). */
typedef enum pz_markup { PZ_HTML, PZ_XML_TEXT, PZ_XML_ATTRIBUTE } pz_markup;
void pz_escape(FILE *, const char *text, pz_markup how);

/* Files written atomically: to a new temporary file of an unguessable name
 * (mkstemp) in path's directory, synced and renamed over path when closed;
 * a path that is a symbolic link is replaced, never followed.  A path that
 * is not a regular file (a pipe) or is stdout or stderr (/dev/stdout) is
 * written in place.  *tmp gets the temporary name (malloc'd, freed by
 * pz_atomic_close, or set to NULL on failure).  NULL or -1 with a message on
 * stderr. */
FILE *pz_atomic_open(const char *path, char **tmp);
int pz_atomic_close(FILE *, char *tmp, const char *path);

/* A path a command reads or writes, named for messages ("--json", "the
 * corpus").  pz_path_clash finds the first pair i < j of paths[0 .. n) that
 * are one file (after links) where either is written, the stdout "-" and
 * NULL paths aside: 1 with *a = i, *b = j, else 0. */
typedef struct pz_path {
    const char *what, *path;
    int output;
} pz_path;
int pz_path_clash(const pz_path *paths, int n, int *a, int *b);

#endif
