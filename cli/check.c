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
#include "../bench/junit.h"
#include "../bench/report.h"
#include "../bench/corpus.h"
#include "../bench/judge.h"
#include "../solvers/arena.h"
#include "../solvers/io.h"

enum { CHECK_OK = 0, CHECK_WA = 1, CHECK_PE = 2, CHECK_FAIL = 3 };

/* Bad usage and unreadable files are the judge's fault: testlib's "fail". */
#define FAIL(...) (pz_usage("checker failure: " __VA_ARGS__), CHECK_FAIL)

/* INPUT and ANSWER read in step, one instance at a time, as the judge asks
 * for them (or, with no ANSWER, the reference solver's answers): memory
 * follows one instance, never the files. */
typedef struct source {
    const pz_puzzle *p;
    FILE *in, *ans; /* ans NULL: the reference solver answers */
    const char *in_path;
    pz_reader rin, rans;
    pz_arena *arena;   /* a wide puzzle's rows, of the instance at hand */
    pz_reference *ref; /* with no ANSWER */
    char *inst, *exp;  /* instance at, and its expected answer */
    long long at, count;
    int failed; /* a read or the reference failed, as e says: the check fails */
    pz_error e;
} source;

static int source_start(source *s)
{
    if (pz_reader_restart(&s->rin, s->in, s->in_path) ||
        (s->ans && pz_reader_restart(&s->rans, s->ans, s->rans.name)))
        return -1;
    s->at = -1;
    return 0;
}

/* pz_judge_source's source: instance i (at + 1, or at again). */
static void source_next(void *ctx, long long i, const void **inst, const void **exp)
{
    source *s = ctx;
    const pz_puzzle *p = s->p;
    pz_error e;
    int rc;
    if (i != s->at) {
        s->at = i;
        if (s->arena)
            pz_arena_reset(s->arena);
        memset(s->exp, 0, p->ans_size);
        s->rin.arena = s->rans.arena = s->arena;
        if (!s->failed) {
            if ((rc = p->read(&s->rin, s->inst, &s->e)) == 0)
                rc = pz_fail(&s->e, &s->rin, "expected %lld instances: %s changed while read",
                             s->count, s->in_path);
            if (rc == 1 && s->ans &&
                (rc = p->read_answer(&s->rans, (unsigned long long)i + 1, s->inst, s->exp,
                                     &s->e)) == 0)
                rc = pz_fail(&s->e, &s->rans, "expected %lld answers, found %lld", s->count, i);
            /* "unknown" (a budgeted solve's output) is no jury answer. */
            if (rc == 1 && s->ans && p->classify(s->inst, s->exp, NULL, 0) == PZ_CLASS_UNKNOWN)
                rc = pz_fail(&s->e, &s->rans,
                             "case %lld: the jury's answer is \"unknown\" (a budgeted solve's), "
                             "no answer to judge against: solve it whole, or give no ANSWER "
                             "to judge against our reference",
                             i + 1);
            if (rc == 1 && !s->ans && pz_reference_solve(s->ref, s->inst, s->exp, &e)) {
                pz_fail(&s->e, NULL, "checker failure: %s: instance %lld: %s", s->in_path, i + 1,
                        e.msg);
                rc = -1;
            }
            s->failed = rc != 1;
        }
        if (s->failed) { /* what is judged no longer counts: an empty board and answer */
            memset(s->inst, 0, p->inst_size);
            memset(s->exp, 0, p->ans_size);
        }
    }
    *inst = s->inst;
    *exp = s->exp;
}

/* The first wrong and the first badly laid out answer, and the first case
 * where the jury's ANSWER is worse than the output (a checker failure). */
typedef struct firsts {
    long long at[2];
    char why[2][512];
    const pz_puzzle *p;
    const source *src; /* the instance at hand and the jury's answer, when ANSWER is given */
    pz_reference *ref; /* to settle a dispute with the jury; NULL: none */
    char *mine;        /* the reference's answer */
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
    const char *inst = f->src->inst, *jury = f->src->exp, *bad; /* i is the instance at hand */
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

/* A file as a stream the judge can seek in and read again: the file itself,
 * or, for a pipe, a copy in a temporary file (on disk: never held in memory). */
static FILE *open_seekable(const char *path)
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

/* INPUT or ANSWER that cannot be opened; a directory as its reader tells it. */
static int unreadable(const char *what, const char *path)
{
    if (errno == EISDIR) {
        fprintf(stderr, "%s: cannot read: %s\n", path, strerror(EISDIR));
        return CHECK_FAIL;
    }
    return FAIL("cannot read %s %s: %s", what, path, strerror(errno));
}

#define CHECK_OPTIONS(X)                                                                           \
    X(SOLVER, "solver", 0, "S", "the reference solver, when there is no ANSWER")                   \
    X(JUNIT, "junit", 0, "F",                                                                      \
      "the verdict as JUnit XML (F '-' is stdout): a testcase for\n"                               \
      "OUTPUT, failed with the first wrong case")                                                  \
    PZ_PLUGIN_OPTION(X)

enum { CHECK_OPTIONS(PZ_OPTION_ID) O_HELP, NOPTIONS };
static const pz_option options[] = {CHECK_OPTIONS(PZ_OPTION) PZ_HELP_OPTION PZ_END_OPTIONS};
static void help(FILE *);
const pz_command_line pz_check_command = {
    .name = "check",
    .args = "PUZZLE INPUT OUTPUT [ANSWER] [--solver S]",
    .summary = "a judge's checker: exit 0 ok, 1 wrong, 2 presentation error, 3 failure",
    .options = options,
    .help = help,
    .run = pz_cmd_check,
};

static void help(FILE *f)
{
    pz_print_usage(f, &pz_check_command);
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
          "an answer in ANSWER fails the checker; or our reference solver's answer, which\n"
          "passes the checker, refutes it: the board is solvable where ANSWER says it is\n"
          "not, or not where ANSWER says it is, or ANSWER's count is not the fewest: \"the\n"
          "jury is wrong on case K\" (the reference solves every case); or, where OUTPUT's\n"
          "answer differs from ANSWER's, the reference solver's differs from it too:\n"
          "\"jury has a worse answer\"; or ANSWER gives \"unknown\", a budgeted solve's\n"
          "output, which is no answer to judge against: FILE:LINE says where).\n",
          f);
}

/* ANSWER, the jury's, read whole against INPUT, then each answer checked:
 * the first unreadable answer is told before the first that fails the
 * checker, and that before the first our reference refutes (judge.h).
 * -1 when every answer stands, else the exit status, told. */
static int check_jury(source *src, pz_reference *ref, const char *path)
{
    const pz_puzzle *p = src->p;
    long long bad = -1, wrong = -1, n = src->count;
    char why[768];
    pz_error e;
    if (!(src->ans = open_seekable(path)))
        return unreadable("ANSWER", path);
    char *mine = pz_xcalloc_lines(1, p->ans_size); /* the reference's answer */
    src->rans.name = path;
    if (source_start(src))
        src->failed =
            pz_fail(&src->e, NULL, "cannot read %s again: %s", src->in_path, strerror(errno)) != 0;
    for (long long i = 0; i < n && !src->failed; i++) {
        const void *inst, *exp;
        const char *w;
        source_next(src, i, &inst, &exp);
        if (src->failed || bad >= 0)
            continue;
        if (p->check(inst, exp, &w) != PZ_VALID) {
            bad = i;
            snprintf(why, sizeof why, "%s", w);
        } else if (wrong < 0 && !pz_reference_solve(ref, inst, mine, &e) &&
                   pz_jury_refuted(p, (unsigned long long)i + 1, inst, exp, mine, "ANSWER", why,
                                   sizeof why)) {
            wrong = i;
        }
    }
    free(mine);
    if (!src->failed && pz_next_nonblank(&src->rans, &src->e) == 1)
        src->failed =
            pz_fail(&src->e, &src->rans, "expected the end of the answers after %lld", n) != 0;
    if (src->failed)
        return pz_print_error(&src->e), CHECK_FAIL;
    if (bad >= 0)
        return FAIL("ANSWER %s: case %lld fails the checker: %s", path, bad + 1, why);
    if (wrong >= 0)
        return FAIL("ANSWER %s: the jury is wrong on case %lld: %s", path, wrong + 1, why);
    return -1;
}

/* The judged OUTPUT's exit status, told on stderr (out: NULL, unreadable). */
static int verdict(const source *src, FILE *out, const firsts *first, const char *path)
{
    long long n = src->count;
    if (src->failed) {
        if (src->e.line)
            pz_print_error(&src->e);
        else /* the reference's failure, worded as before */
            fprintf(stderr, "puzzlebench: %s\n", src->e.msg);
        return CHECK_FAIL;
    }
    if (!out || ferror(out))
        return FAIL("cannot read OUTPUT %s: %s", path, strerror(errno));
    if (first->jury_at >= 0)
        return FAIL("%s", first->jury_why);
    if (first->at[0] >= 0) {
        fprintf(stderr, "wrong answer on case %lld: %s\n", first->at[0] + 1, first->why[0]);
        return CHECK_WA;
    }
    if (first->at[1] >= 0) {
        fprintf(stderr, "presentation error on case %lld: %s\n", first->at[1] + 1, first->why[1]);
        return CHECK_PE;
    }
    fprintf(stderr, "ok %lld answer%s\n", n, n == 1 ? "" : "s");
    return CHECK_OK;
}

/* The arguments: the puzzle, INPUT OUTPUT [ANSWER] into path, the
 * reference solver asked for.  -1 to go on, else the exit status. */
static int arguments(int argc, char **argv, const pz_puzzle **pp, const char **path,
                     const pz_solver **only, const char **junit)
{
    const char *value[NOPTIONS];
    const pz_puzzle *p = NULL;
    char hint[PZ_HINT_SIZE];
    int npaths = 0, start, rc;
    /* Bad usage is a checker failure too (exit 3), told as the others are. */
    if ((rc = pz_parse_options(&pz_check_command, "puzzlebench: checker failure", argc, argv, value,
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
    if (solver && !(*only = pz_find_solver(p->name, solver)))
        return FAIL("%s has no solver '%s'%s (see puzzlebench list)", p->name, solver,
                    pz_solver_hint(p, solver, hint));
    *pp = p;
    *junit = value[O_JUNIT];
    return -1;
}

/* INPUT counted and checked whole first, keeping nothing; boards past the
 * puzzle's own sizes: its wide twin reads them again (src->p becomes it),
 * their rows (and the answers') in an arena reset at each instance.  -1 to
 * go on, else the exit status, told. */
static int count_input(source *src)
{
    const pz_puzzle *p = src->p;
    pz_error e;
    long long n;
    if (!(src->in = open_seekable(src->in_path)))
        return unreadable("INPUT", src->in_path);
    src->inst = pz_xcalloc_lines(
        1, p->wide && p->wide->inst_size > p->inst_size ? p->wide->inst_size : p->inst_size);
    n = pz_count_all(p, src->in, src->in_path, NULL, src->inst, &e);
    if (n < 0 && p->wide && !fseek(src->in, 0, SEEK_SET)) {
        src->arena = pz_arena_new();
        if ((n = pz_count_all(p->wide, src->in, src->in_path, src->arena, src->inst, &e)) >= 0)
            p = src->p = p->wide;
    }
    if (n < 0)
        return pz_print_error(&e), CHECK_FAIL;
    src->count = n;
    src->exp = pz_xcalloc_lines(1, p->ans_size);
    return -1;
}

/* OUTPUT judged against ANSWER (jury) or the reference: its exit status,
 * told.  The reference answers every instance, wherever the judge stopped:
 * its failure is the checker's, whatever OUTPUT holds. */
static int judge_output(source *src, pz_reference *ref, const char *path, int jury, firsts *first)
{
    const pz_puzzle *p = src->p;
    FILE *out;
    int rc;
    if ((out = open_seekable(path))) {
        if (jury) {
            first->ref = ref;
            first->mine = pz_xmalloc(p->ans_size);
        }
        pz_judge_source(p, source_next, src, src->count, out, NULL, note, first);
    }
    for (long long i = src->at + 1; i < src->count && !src->failed && !jury; i++) {
        const void *inst, *exp;
        source_next(src, i, &inst, &exp);
    }
    rc = verdict(src, out, first, path);
    if (out)
        fclose(out);
    return rc;
}

/* The verdict rc as JUnit XML into file: 0, or the checker's failure. */
static int write_junit(const char *file, const source *src, const char *const *path, int rc,
                       const firsts *first)
{
    int k = first->at[0] >= 0 ? 0 : 1, failed = rc == CHECK_WA || rc == CHECK_PE;
    pz_junit_check jc = {src->p->name,
                         path[0],
                         path[1],
                         rc,
                         src->count,
                         failed ? first->at[k] + 1 : 0,
                         failed ? first->why[k] : NULL};
    return pz_write_file(file, pz_write_junit_check, &jc) ? CHECK_FAIL : 0;
}

static void source_free(source *src)
{
    pz_reader_free(&src->rin);
    pz_reader_free(&src->rans);
    if (src->in)
        fclose(src->in);
    if (src->ans)
        fclose(src->ans);
    free(src->inst);
    free(src->exp);
    pz_arena_free(src->arena);
}

int pz_cmd_check(int argc, char **argv)
{
    const char *path[3] = {NULL, NULL, NULL}, *junit = NULL;
    const pz_puzzle *p = NULL;
    const pz_solver *only = NULL;
    pz_reference ref;
    int rc;
    if ((rc = arguments(argc, argv, &p, path, &only, &junit)) >= 0)
        return rc;
    source src = {.p = p, .in_path = path[0], .at = -1};
    if ((rc = count_input(&src)) >= 0) {
        source_free(&src);
        return rc;
    }
    p = src.p;
    pz_prepare_all();
    pz_reference_init(&ref, p, only);
    ref.arena = src.arena;
    if (path[2] && (rc = check_jury(&src, &ref, path[2])) >= 0)
        goto done;
    if (!path[2])
        src.ref = &ref;
    if (source_start(&src)) {
        rc = FAIL("cannot read INPUT %s again: %s", path[0], strerror(errno));
        goto done;
    }
    firsts first = {{-1, -1}, {"", ""}, p, &src, NULL, NULL, -1, ""};
    rc = judge_output(&src, &ref, path[1], path[2] != NULL, &first);
    if (junit && write_junit(junit, &src, path, rc, &first))
        rc = CHECK_FAIL;
    free(first.mine);
done:
    pz_reference_free(&ref);
    source_free(&src);
    return rc;
}
