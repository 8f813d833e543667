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
#include <sys/stat.h>

#include "cli.h"
#include "../bench/corpus.h"
#include "../bench/judge.h"

enum { CHECK_OK = 0, CHECK_WA = 1, CHECK_PE = 2, CHECK_FAIL = 3 };

/* Bad usage and unreadable files are the judge's fault: testlib's "fail". */
#define FAIL(...) (pz_usage("checker failure: " __VA_ARGS__), CHECK_FAIL)

/* The first wrong and the first badly laid out answer, and the first case
 * where the jury's ANSWER is worse than the output (a checker failure). */
typedef struct firsts {
    long long at[2];
    char why[2][512];
    const pz_puzzle *p;
    const char *insts, *expected; /* expected: the jury's, when ANSWER is given */
    pz_reference *ref;            /* to settle a dispute with the jury; NULL: none */
    char *mine;                   /* the reference's answer */
    long long jury_at;
    char jury_why[768];
} firsts;

/* A wrong answer where the jury may be the one wrong: the reference solver
 * settles it.  The jury's answer is kept only where the reference agrees with
 * it; where the output's answer checks and agrees with the reference instead,
 * the jury has a worse answer (testlib's FAIL). */
static void dispute(firsts *f, long long i, const void *ans)
{
    const pz_puzzle *p = f->p;
    const char *inst = f->insts + i * p->inst_size, *jury = f->expected + i * p->ans_size, *bad;
    unsigned long long k = (unsigned long long)i + 1;
    char a[160], b[160];
    pz_error e;
    if (f->jury_at >= 0 || pz_reference_solve(f->ref, inst, f->mine, &e) ||
        p->same(inst, f->mine, jury))
        return;
    f->jury_at = i;
    pz_answer_line(p, k, inst, jury, a, sizeof a);
    if (p->check(inst, ans, &bad) == PZ_VALID && p->same(inst, ans, f->mine)) {
        pz_answer_line(p, k, inst, ans, b, sizeof b);
        snprintf(f->jury_why, sizeof f->jury_why,
                 "jury has a worse answer on case %lld: ANSWER has %s, OUTPUT has %s, which "
                 "checks and is the reference solver's",
                 i + 1, a, b);
    } else {
        pz_answer_line(p, k, inst, f->mine, b, sizeof b);
        snprintf(f->jury_why, sizeof f->jury_why,
                 "jury's answer on case %lld is not the reference solver's: ANSWER has %s, the "
                 "reference solver finds %s",
                 i + 1, a, b);
    }
}

static void note(void *ctx, long long i, pz_outcome o, const char *why, const void *ans)
{
    firsts *f = ctx;
    int k = o == PZ_PE;
    if (f->at[k] < 0) {
        f->at[k] = i;
        snprintf(f->why[k], sizeof f->why[k], "%s", why);
    }
    if (o == PZ_WA && ans && f->ref)
        dispute(f, i, ans);
}

/* OUTPUT as a stream the judge can seek in: the file itself, or, for a pipe,
 * a copy in a temporary file (on disk: an output is not held in memory). */
static FILE *open_output(const char *path)
{
    FILE *f = fopen(path, "r"), *copy;
    char buf[1 << 16];
    size_t n;
    struct stat st;
    if (!f)
        return NULL;
    if (!fstat(fileno(f), &st) && S_ISDIR(st.st_mode)) {
        fclose(f);
        errno = EISDIR;
        return NULL;
    }
    if (fseeko(f, 0, SEEK_CUR) == 0)
        return f;
    if (!(copy = tmpfile())) {
        fclose(f);
        return NULL;
    }
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        if (fwrite(buf, 1, n, copy) != n)
            break;
    if (ferror(f) || ferror(copy) || fflush(copy) || fseeko(copy, 0, SEEK_SET)) {
        int err = errno;
        fclose(f);
        fclose(copy);
        errno = err;
        return NULL;
    }
    fclose(f);
    return copy;
}

#define CHECK_OPTIONS(X)                                                                           \
    X(SOLVER, "solver", 0, "S", "the reference solver, when there is no ANSWER")                   \
    PZ_PLUGIN_OPTION(X)

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
          "(bad usage, INPUT, OUTPUT or ANSWER cannot be read, or the jury is wrong:\n"
          "an answer in ANSWER fails the checker, or, where OUTPUT's differs from it, the\n"
          "reference solver's differs from it too: \"jury has a worse answer\").\n",
          f);
}

int pz_cmd_check(int argc, char **argv)
{
    const char *value[NOPTIONS], *path[3] = {NULL, NULL, NULL};
    const pz_puzzle *p = NULL;
    char hint[PZ_HINT_SIZE];
    int npaths = 0, start, rc;
    /* Bad usage is a checker failure too (exit 3), told as the others are. */
    if ((rc = pz_parse_options(&command, "puzzlebench: checker failure", argc, argv, value,
                               &start)) >= 0)
        return rc == PZ_EXIT_OK ? CHECK_OK : CHECK_FAIL;
    const char *solver = value[O_SOLVER];
    for (int i = start; i < argc; i++) {
        if (!p) {
            if (!(p = pz_find_puzzle(argv[i])))
                return FAIL("unknown puzzle '%s'%s (see puzzlebench list)", argv[i],
                            pz_puzzle_hint(argv[i], hint));
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
        return FAIL("%s has no solver '%s'%s (see puzzlebench list)", p->name, solver,
                    pz_solver_hint(p, solver, hint));

    void *insts = NULL, *expected;
    pz_error e;
    FILE *f = fopen(path[0], "r");
    if (!f)
        return FAIL("cannot read INPUT %s: %s", path[0], strerror(errno));
    long long n = pz_read_all(p, f, path[0], &insts, &e);
    /* Boards past the puzzle's own sizes: its wide twin reads them again,
     * their rows (and the answers') in an arena kept to the end. */
    pz_arena *arena = NULL;
    if (n < 0 && p->wide && !fseek(f, 0, SEEK_SET)) {
        arena = pz_arena_new();
        if ((n = pz_read_all_in(p->wide, f, path[0], &insts, arena, &e)) >= 0)
            p = p->wide;
    }
    fclose(f);
    if (n < 0) {
        pz_arena_free(arena);
        return (pz_print_error(&e), CHECK_FAIL);
    }
    if (!(expected = calloc((size_t)n + 1, p->ans_size)))
        pz_fatal("out of memory");
    if (path[2]) {
        if (!(f = fopen(path[2], "r"))) {
            rc = FAIL("cannot read ANSWER %s: %s", path[2], strerror(errno));
            goto done;
        }
        rc = pz_read_answers_in(p, f, path[2], insts, n, expected, arena, &e);
        fclose(f);
        if (rc) {
            rc = (pz_print_error(&e), CHECK_FAIL);
            goto done;
        }
        for (long long i = 0; i < n && !rc; i++) {
            const char *why;
            if (p->check((char *)insts + i * p->inst_size, (char *)expected + i * p->ans_size,
                         &why) != PZ_VALID)
                rc = FAIL("ANSWER %s: case %lld fails the checker: %s", path[2], i + 1, why);
        }
        if (rc)
            goto done;
    } else {
        pz_reference ref;
        pz_prepare_all();
        pz_reference_init(&ref, p, only);
        ref.arena = arena;
        rc = 0;
        for (long long i = 0; i < n && !rc; i++)
            if ((rc = pz_reference_solve(&ref, (char *)insts + i * p->inst_size,
                                         (char *)expected + i * p->ans_size, &e)))
                rc = FAIL("%s: instance %lld: %s", path[0], i + 1, e.msg);
        pz_reference_free(&ref);
        if (rc)
            goto done;
    }

    FILE *out = open_output(path[1]);
    unsigned char *v = malloc((size_t)n + 1);
    firsts first = {{-1, -1}, {"", ""}, p, insts, expected, NULL, NULL, -1, ""};
    pz_reference ref;
    if (!out) {
        rc = FAIL("cannot read OUTPUT %s: %s", path[1], strerror(errno));
        free(v);
        goto done;
    }
    if (!v)
        pz_fatal("out of memory");
    if (path[2]) {
        pz_prepare_all();
        pz_reference_init(&ref, p, only);
        ref.arena = arena;
        first.ref = &ref;
        first.mine = pz_xmalloc(p->ans_size);
    }
    pz_judge_stream(p, insts, expected, n, out, v, note, &first);
    if (ferror(out)) {
        rc = FAIL("cannot read OUTPUT %s: %s", path[1], strerror(errno));
    } else if (first.jury_at >= 0) {
        rc = FAIL("%s", first.jury_why);
    } else if (first.at[0] >= 0) {
        fprintf(stderr, "wrong answer on case %lld: %s\n", first.at[0] + 1, first.why[0]);
        rc = CHECK_WA;
    } else if (first.at[1] >= 0) {
        fprintf(stderr, "presentation error on case %lld: %s\n", first.at[1] + 1, first.why[1]);
        rc = CHECK_PE;
    } else {
        fprintf(stderr, "ok %lld answer%s\n", n, n == 1 ? "" : "s");
        rc = CHECK_OK;
    }
    if (first.ref) {
        pz_reference_free(&ref);
        free(first.mine);
    }
    fclose(out);
    free(v);
done:
    free(insts);
    free(expected);
    pz_arena_free(arena);
    return rc;
}
