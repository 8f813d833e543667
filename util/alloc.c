/* alloc.c - allocation with one out-of-memory path. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static void *checked(void *p)
{
    if (!p) {
        fflush(stdout);
        fputs("puzzlebench: fatal: out of memory\n", stderr);
        abort();
    }
    return p;
}

void *pz_xmalloc(size_t size)
{
    return checked(malloc(size ? size : 1));
}

void *pz_xcalloc(size_t n, size_t size)
{
    return checked(calloc(n ? n : 1, size ? size : 1));
}

void *pz_xcalloc_lines(size_t n, size_t size)
{
    size_t bytes;
    void *p;
    n = n ? n : 1;
    size = size ? size : 1;
    if (n > (SIZE_MAX - 63) / size) /* as calloc, an overflow is out of memory */
        return checked(NULL);
    bytes = (n * size + 63) & ~(size_t)63; /* aligned_alloc takes whole alignments */
    p = checked(aligned_alloc(64, bytes));
    return memset(p, 0, bytes);
}

void *pz_xmemdup(const void *p, size_t size)
{
    void *q = pz_xmalloc(size);
    if (size)
        memcpy(q, p, size);
    return q;
}

char *pz_xstrndup(const char *s, size_t len)
{
    char *c = pz_xmalloc(len + 1);
    memcpy(c, s, len);
    c[len] = 0;
    return c;
}

char *pz_xasprintf(const char *fmt, ...)
{
    va_list ap;
    char *s = NULL;
    int n;
    va_start(ap, fmt);
    n = vasprintf(&s, fmt, ap);
    va_end(ap);
    return checked(n < 0 ? NULL : s);
}
