/* context.h - where, when and from what a result was made: the provenance a
 * report carries, so two reports can be told apart and compared fairly.
 *
 *     pz_context c;
 *     pz_context_gather(&c, threads, time(NULL));
 *     pz_context_line(&c, line, sizeof line);   // "puzzlebench 0.2.0 at 1a2b3c4d5e6f ..."
 */
#ifndef PZ_CONTEXT_H
#define PZ_CONTEXT_H

#include <stddef.h>
#include <time.h>

typedef struct pz_context {
    char date[32];       /* UTC, ISO 8601: 2026-11-30T15:19:09Z */
    char host[256];      /* the node name */
    char cpu[256];       /* the model name in /proc/cpuinfo, else the machine */
    char os[256];        /* the kernel and its release: "Linux 6.1.0-18-amd64" */
    char compiler[128];  /* "GNU 12.2.0" */
    char build_type[64]; /* "Release" */
    char flags[1024];    /* the C compiler's flags */
    char commit[64];     /* the git hash of the source built, or "unknown" */
    char version[64];    /* the project's version */
    int dirty;           /* the source differed from the commit */
    long long cores;     /* logical processors online */
    long long memory_bytes;
    long long threads; /* the threads (or jobs) the command used */
    /* What the result was made from, "xxh3-64:" and 16 hex digits: a corpus
     * file's bytes, or a generated corpus's spec; "" where none is known
     * (older reports, a stress run).  Set by the report's writer. */
    char corpus_hash[32];
} pz_context;

/* This process's context, for a command that started at started (its date). */
void pz_context_gather(pz_context *, long long threads, time_t started);

/* The project's version, as CMake's project() sets it: "0.2.0". */
const char *pz_version(void);

/* The context in one line, without the flags; returns buf. */
const char *pz_context_line(const pz_context *, char *buf, size_t len);

#endif
