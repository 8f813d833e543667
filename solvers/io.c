/* io.c - the line reader shared by every judge format (io.h). */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"

enum { MAX_LINE = 1 << 16 }; /* no judge format has a longer line */

void pz_reader_init(pz_reader *r, FILE *f, const char *name)
{
    memset(r, 0, sizeof *r);
    r->f = f;
    r->name = name;
}

void pz_reader_free(pz_reader *r)
{
    free(r->buf);
    r->buf = NULL;
    r->cap = 0;
}

int pz_reader_restart(pz_reader *r, FILE *f, const char *name)
{
    pz_reader_free(r);
    if (fseeko(f, 0, SEEK_SET))
        return -1;
    pz_reader_init(r, f, name);
    return 0;
}

/* At EOF: a read error (a directory, an I/O error) is not the end of the
 * input.  0, or -1 with e. */
static int read_error(pz_reader *r, pz_error *e)
{
    if (!ferror(r->f))
        return 0;
    r->buf[r->len] = 0;
    return pz_fail(e, r, "cannot read: %s", strerror(errno ? errno : EIO));
}

int pz_getline(pz_reader *r, pz_error *e)
{
    int c;
    if (r->pushed) {
        r->pushed = 0;
        return 1;
    }
    if (!r->cap) {
        r->cap = 128;
        if (!(r->buf = malloc(r->cap)))
            pz_fatal("out of memory");
    }
    r->len = 0;
    r->buf[0] = 0;
    c = getc_unlocked(r->f);
    if (c == EOF)
        return read_error(r, e);
    r->line++;
    for (; c != EOF && c != '\n'; c = getc_unlocked(r->f)) {
        if (c == 0) {
            r->buf[r->len] = 0; /* what was read, for a caller to show */
            return pz_fail(e, r, "expected text, found a NUL byte (binary input?)");
        }
        if (r->len + 2 > r->cap) {
            if (r->cap >= MAX_LINE) {
                r->buf[r->len] = 0;
                return pz_fail(e, r, "expected a line of at most %d bytes", MAX_LINE);
            }
            r->cap *= 2;
            if (!(r->buf = realloc(r->buf, r->cap)))
                pz_fatal("out of memory");
        }
        r->buf[r->len++] = (char)c;
    }
    if (c == EOF && read_error(r, e))
        return -1;
    if (r->len && r->buf[r->len - 1] == '\r')
        r->len--;
    r->buf[r->len] = 0;
    /* An editor's byte order mark: named as such, not as the byte '\xef'. */
    if (r->line == 1 && r->len >= 3 && !memcmp(r->buf, "\xef\xbb\xbf", 3))
        return pz_fail(e, r,
                       "expected plain text, found a UTF-8 byte order mark (EF BB BF) at the "
                       "start: save the file without it");
    return 1;
}

int pz_is_blank(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return !*s;
}

int pz_next_nonblank(pz_reader *r, pz_error *e)
{
    int rc;
    while ((rc = pz_getline(r, e)) == 1 && pz_is_blank(r->buf))
        ;
    return rc;
}

void pz_unread(pz_reader *r)
{
    r->pushed = 1;
}

int pz_parse_uint(const char **p, long long max, long long *out)
{
    const char *s = *p;
    long long v = 0;
    while (*s == ' ' || *s == '\t')
        s++;
    if (!isdigit((unsigned char)*s))
        return 0;
    for (; isdigit((unsigned char)*s); s++) {
        v = v * 10 + (*s - '0');
        if (v > max)
            return 0;
    }
    *p = s;
    *out = v;
    return 1;
}

const char *pz_quote(const char *s, size_t len, char *buf, size_t cap)
{
    static const char hex[] = "0123456789abcdef";
    size_t n = 0, i;
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        size_t need = c >= 32 && c < 127 ? 1 : 4;
        if (n + need + (i + 1 < len ? 3 : 0) >= cap) /* room for "..." unless it is the last */
            break;
        if (need == 1) {
            buf[n++] = (char)c;
        } else {
            buf[n++] = '\\';
            buf[n++] = 'x';
            buf[n++] = hex[c >> 4];
            buf[n++] = hex[c & 15];
        }
    }
    if (i < len && n + 3 < cap)
        buf[n++] = '.', buf[n++] = '.', buf[n++] = '.';
    if (cap)
        buf[n < cap ? n : cap - 1] = 0;
    return buf;
}
