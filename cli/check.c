/* check.c - `puzzlebench check`: the checker alone, for an existing judge.
 *
 * Arguments and exit codes follow testlib: INPUT OUTPUT [ANSWER]; 0 ok,
 * 1 wrong answer, 2 presentation error, 3 checker failure (bad usage or an
 * unreadable INPUT, OUTPUT or ANSWER: the judge's fault, not the
 * contestant's).  The one-line verdict goes to stderr, as testlib's does.
 * The judging rules are stress's (judge.c): the same function judges.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../bench/corpus.h"
#include "../bench/judge.h"

enum { CHECK_OK = 0, CHECK_WA = 1, CHECK_PE = 2, CHECK_FAIL = 3 };

/* Bad usage and unreadable files are the judge's fault: testlib's "fail". */
#define FAIL(...) (pz_usage("checker failure: " __VA_ARGS__), CHECK_FAIL)

/* The first wrong and the first badly laid out answer. */
typedef struct firsts {
    long long at[2];
    char why[2][512];
} firsts;

static void note(void *ctx, long long i, pz_outcome o, const char *why)
{
    firsts *f = ctx;
    int k = o == PZ_PE;
    if (f->at[k] < 0) {
        f->at[k] = i;
        snprintf(f->why[k], sizeof f->why[k], "%s", why);
    }
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "r");
    char *buf = NULL;
    size_t cap = 0, n;
    *len = 0;
    if (!f)
        return NULL;
    do {
        if (*len == cap && !(buf = realloc(buf, (cap = cap ? 2 * cap : 1 << 16) + 1)))
            pz_fatal("out of memory");
        n = fread(buf + *len, 1, cap - *len, f);
        *len += n;
    } while (n);
    if (ferror(f)) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    return buf;
}

#define CHECK_OPTIONS(X)                                                                           \
    X(SOLVER, "solver", 0, "S", "the reference solver, when there is no ANSWER")

enum { CHECK_OPTIONS(PZ_OPTION_ID) O_HELP, NOPTIONS };
static const pz_option options[] = {CHECK_OPTIONS(PZ_OPTION) PZ_HELP_OPTION PZ_END_OPTIONS};
static void help(FILE *);
static const pz_command_line command = {.name = "check", .options = options, .help = help};

static void help(FILE *f)
{
    pz_print_usage(f, &command, "PUZZLE INPUT OUTPUT [ANSWER] [--solver S]");
    fputs("A checker for judges, with testlib's arguments and exit codes: judges the\n"
          "answers in OUTPUT to the instances in INPUT against our reference solver, or\n"
          "against the expected answers in ANSWER, by the rules of puzzlebench stress\n"
          "--help (WA, PE).  One line on stderr: \"ok N answers\", \"wrong answer on\n"
          "case K: ...\" (the first wrong one), \"presentation error on case K: ...\"\n"
          "(when no answer is wrong), or on a checker failure what failed.\n"
          "\n",
          f);
    pz_print_options(f, options);
    fputs("\n"
          "Exit status: 0 ok; 1 wrong answer; 2 presentation error; 3 checker failure\n"
          "(bad usage, or INPUT, OUTPUT or ANSWER cannot be read).\n",
          f);
}

int pz_cmd_check(int argc, char **argv)
{
    const char *value[NOPTIONS], *path[3] = {NULL, NULL, NULL};
    const pz_puzzle *p = NULL;
    int npaths = 0, start, rc;
    /* Bad usage is a checker failure too (exit 3), told as the others are. */
    if ((rc = pz_parse_options(&command, "puzzlebench: checker failure", argc, argv, value,
                               &start)) >= 0)
        return rc == PZ_EXIT_OK ? CHECK_OK : CHECK_FAIL;
    const char *solver = value[O_SOLVER];
    for (int i = start; i < argc; i++) {
        if (!p) {
            if (!(p = pz_find_puzzle(argv[i])))
                return FAIL("unknown puzzle '%s' (see puzzlebench list)", argv[i]);
        } else if (npaths < 3) {
            path[npaths++] = argv[i];
        } else {
            return FAIL("unexpected argument '%s'", argv[i]);
        }
    }
    if (!p || npaths < 2)
        return FAIL("expected PUZZLE INPUT OUTPUT [ANSWER] (see --help)");
    const pz_solver *only = NULL;
    if (solver && !(only = pz_find_solver(p->name, solver)))
        return FAIL("%s has no solver '%s' (see puzzlebench list)", p->name, solver);

    void *insts = NULL, *expected;
    pz_error e;
    FILE *f = fopen(path[0], "r");
    if (!f)
        return FAIL("cannot read INPUT %s: %s", path[0], strerror(errno));
    long long n = pz_read_all(p, f, path[0], &insts, &e);
    fclose(f);
    if (n < 0)
        return (pz_print_error(&e), CHECK_FAIL);
    if (!(expected = calloc((size_t)n + 1, p->ans_size)))
        pz_fatal("out of memory");
    if (path[2]) {
        if (!(f = fopen(path[2], "r"))) {
            rc = FAIL("cannot read ANSWER %s: %s", path[2], strerror(errno));
            goto done;
        }
        rc = pz_read_answers(p, f, path[2], insts, n, expected, &e);
        fclose(f);
        if (rc) {
            rc = (pz_print_error(&e), CHECK_FAIL);
            goto done;
        }
    } else {
        pz_reference ref;
        pz_prepare_all();
        pz_reference_init(&ref, p, only);
        rc = 0;
        for (long long i = 0; i < n && !rc; i++)
            if ((rc = pz_reference_solve(&ref, (char *)insts + i * p->inst_size,
                                         (char *)expected + i * p->ans_size, &e)))
                rc = FAIL("%s: instance %lld: %s", path[0], i + 1, e.msg);
        pz_reference_free(&ref);
        if (rc)
            goto done;
    }

    size_t len;
    char *out = slurp(path[1], &len);
    unsigned char *v = malloc((size_t)n + 1);
    firsts first = {{-1, -1}, {"", ""}};
    if (!out) {
        rc = FAIL("cannot read OUTPUT %s: %s", path[1], strerror(errno));
        free(v);
        goto done;
    }
    if (!v)
        pz_fatal("out of memory");
    pz_judge_output(p, insts, expected, n, out, len, v, note, &first);
    if (first.at[0] >= 0) {
        fprintf(stderr, "wrong answer on case %lld: %s\n", first.at[0] + 1, first.why[0]);
        rc = CHECK_WA;
    } else if (first.at[1] >= 0) {
        fprintf(stderr, "presentation error on case %lld: %s\n", first.at[1] + 1, first.why[1]);
        rc = CHECK_PE;
    } else {
        fprintf(stderr, "ok %lld answer%s\n", n, n == 1 ? "" : "s");
        rc = CHECK_OK;
    }
    free(out);
    free(v);
done:
    free(insts);
    free(expected);
    return rc;
}
