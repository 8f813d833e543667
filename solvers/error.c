/* error.c - bad input reported, programmer errors fatal (error.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "io.h"

int pz_fail(pz_error *e, const pz_reader *r, const char *fmt, ...)
{
    va_list ap;
    snprintf(e->file, sizeof e->file, "%s", r ? r->name : "");
    e->line = r ? r->line : 0;
    e->col = 0;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
    return -1;
}

void pz_fatal(const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fputs("puzzlebench: fatal: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}
