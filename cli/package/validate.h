/* validate.h - what a package's validators share: the line reader and the
 * verdicts.  The build copies this file in place of its #include line, so
 * each validator in a package is one C file needing only the C library.
 *
 * The reader reads lines as puzzlebench's own does (solvers/io.c): a '\r'
 * before the '\n' is dropped, a missing final newline is accepted, a NUL
 * byte or a line past 65535 bytes is bad input.  Called with no argument a
 * validator checks the judge input on stdin; called as
 *     validate INPUT JUDGE_ANSWER FEEDBACK_DIR [ARGS] < TEAM_OUTPUT
 * it judges the team's output.  Exit 42: accepted, 43: wrong (the reason in
 * FEEDBACK_DIR/judgemessage.txt, and on stderr), 1: the judge's files are
 * bad (a judge error).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EXIT_ACCEPTED = 42, EXIT_WRONG = 43, EXIT_JUDGE_ERROR = 1, LINE_BYTES = 65535 };

typedef struct reader {
    FILE *f;
    const char *name;
    long line;
    char *buf;
    size_t len, cap;
    int pushed;
} reader;

/* Why the last read failed: "NAME:LINE: what was expected". */
static char why[1024];
static FILE *feedback; /* judgemessage.txt of the output validator */

static int fail(const reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(const reader *r, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(why, sizeof why, "%s:%ld: ", r->name, r->line);
    va_start(ap, fmt);
    vsnprintf(why + n, sizeof why - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

static void say(const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    if (feedback) {
        vfprintf(feedback, fmt, again);
        fputc('\n', feedback);
        fclose(feedback);
    }
    va_end(again);
}

static void verdict(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
static void verdict(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(fmt, ap);
    va_end(ap);
    exit(code);
}

static void open_reader(reader *r, const char *path, const char *name)
{
    memset(r, 0, sizeof *r);
    r->name = name;
    r->f = path ? fopen(path, "rb") : stdin;
    if (!r->f)
        verdict(EXIT_JUDGE_ERROR, "cannot read %s", path);
}

/* One line: 1, 0 at the end, -1 bad. */
static int get_line(reader *r)
{
    int c;
    if (r->pushed) {
        r->pushed = 0;
        return 1;
    }
    if (!r->cap) {
        r->cap = LINE_BYTES + 1;
        if (!(r->buf = malloc(r->cap)))
            verdict(EXIT_JUDGE_ERROR, "out of memory");
    }
    r->len = 0;
    r->buf[0] = 0;
    if ((c = getc(r->f)) == EOF)
        return ferror(r->f) ? fail(r, "cannot read") : 0;
    r->line++;
    for (; c != EOF && c != '\n'; c = getc(r->f)) {
        if (c == 0)
            return fail(r, "expected text, found a NUL byte");
        if (r->len == LINE_BYTES)
            return fail(r, "expected a line of at most %d bytes", LINE_BYTES + 1);
        r->buf[r->len++] = (char)c;
    }
    if (c == EOF && ferror(r->f))
        return fail(r, "cannot read");
    if (r->len && r->buf[r->len - 1] == '\r')
        r->len--;
    r->buf[r->len] = 0;
    return 1;
}

static int is_blank(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return !*s;
}

static int next_nonblank(reader *r)
{
    int rc;
    while ((rc = get_line(r)) == 1 && is_blank(r->buf))
        ;
    return rc;
}

/* An unsigned decimal at *p, after blanks, no larger than max: 1, or 0. */
static __attribute__((unused)) int parse_uint(const char **p, long long max, long long *out)
{
    const char *s = *p;
    long long v = 0;
    while (*s == ' ' || *s == '\t')
        s++;
    if (*s < '0' || *s > '9')
        return 0;
    for (; *s >= '0' && *s <= '9'; s++)
        if ((v = v * 10 + (*s - '0')) > max)
            return 0;
    *p = s;
    *out = v;
    return 1;
}

/* The output validator's files: the input and the jury's answer, opened;
 * the feedback file made.  Returns 1 for the output validator, 0 for the
 * input validator (no argument). */
static int start(int argc, char **argv, reader *in, reader *jury, reader *team)
{
    if (argc == 1) {
        open_reader(in, NULL, "stdin");
        return 0;
    }
    if (argc < 4)
        verdict(EXIT_JUDGE_ERROR, "usage: %s [INPUT JUDGE_ANSWER FEEDBACK_DIR [ARGS] < OUTPUT]",
                argv[0]);
    char path[4096];
    snprintf(path, sizeof path, "%s/judgemessage.txt", argv[3]);
    if (!(feedback = fopen(path, "w")))
        verdict(EXIT_JUDGE_ERROR, "cannot write %s", path);
    open_reader(in, argv[1], "input");
    open_reader(jury, argv[2], "judge answer");
    open_reader(team, NULL, "output");
    return 1;
}

/* The judges' files must read: else it is their error, not the team's. */
static void judge_read(int rc, const char *what)
{
    if (rc < 0)
        verdict(EXIT_JUDGE_ERROR, "judge error: %s", why);
    if (rc == 0)
        verdict(EXIT_JUDGE_ERROR, "judge error: %s ended early", what);
}

/* After the last answer only blank lines may follow (with no instance at
 * all, anything may: puzzlebench judges nothing then). */
static void end_of_output(reader *team, long count)
{
    if (count > 0 && next_nonblank(team) != 0)
        verdict(EXIT_WRONG, "extra output after the last answer, line %ld", team->line);
    verdict(EXIT_ACCEPTED, "%ld answer%s right", count, count == 1 ? "" : "s");
}
