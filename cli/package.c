/* package.c - `puzzlebench package`: a problem package for judges.
 *
 * Writes the Kattis/ICPC problem package format that problemtools,
 * DOMjudge and Kattis read: problem.yaml, the statement, data/sample and
 * data/secret (one test an instance, its .ans our reference answer), one
 * validator (input and output both) and a reference solution, each a
 * single C file embedded from cli/package/ at build time (templates.h).
 * `puzzlebench verify` then judges submissions against it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <dirent.h>

#include "cli.h"
#include "templates.h"
#include "../bench/corpus.h"
#include "../bench/judge.h"
#include "../solvers/io.h"

enum {
    MAX_TESTS = 10000, /* files: one test an instance */
    SAMPLES_DEFAULT = 2,
    TIME_DEFAULT_S = 1,
    MEMORY_DEFAULT_MB = 256,
};

#define PACKAGE_OPTIONS(X)                                                                         \
    X(CORPUS, "corpus", 0, "SPEC",                                                                 \
      "the tests, one an instance: PUZZLE:KIND[:key=value]... or a\n"                              \
      "judge-format FILE.in (at most %d instances)",                                               \
      .num = MAX_TESTS)                                                                            \
    X(SAMPLES, "samples", 0, "K",                                                                  \
      "the first K instances are data/sample, shown in the\n"                                      \
      "statement (default %d); the rest are data/secret",                                          \
      .num = SAMPLES_DEFAULT)                                                                      \
    X(TIME, "time-limit", 0, "S", "CPU seconds a test (default %d)", .num = TIME_DEFAULT_S)        \
    X(MEMORY, "memory-limit", 0, "MB", "memory a test, in MiB (default %d)",                       \
      .num = MEMORY_DEFAULT_MB)

enum { PACKAGE_OPTIONS(PZ_OPTION_ID) O_HELP, NOPTIONS };
static const pz_option options[] = {PACKAGE_OPTIONS(PZ_OPTION) PZ_HELP_OPTION PZ_END_OPTIONS};
static void help(FILE *);
const pz_command_line pz_package_command = {
    .name = "package",
    .args = "PUZZLE DIR --corpus SPEC [--samples K] [--time-limit S] [...]",
    .summary = "a problem package (Kattis/ICPC format) for judges: tests, validators",
    .options = options,
    .help = help,
    .run = pz_cmd_package,
};

static void help(FILE *f)
{
    pz_print_usage(f, &pz_package_command);
    fputs("\n"
          "Writes into DIR (made, or empty) a problem package in the Kattis/ICPC format\n"
          "that problemtools, DOMjudge and Kattis import:\n"
          "  problem.yaml                    name, source, validation: custom, limits\n"
          "                                  (time_limit and memory; .timelimit too)\n"
          "  problem_statement/problem.en.md the judge's statement, with the samples\n"
          "  data/sample/I.in, I.ans         the first K instances, I their index\n"
          "  data/secret/I.in, I.ans         the others: one judge input a test\n"
          "  input_validators/validate.c     one C file each, the C library only (the\n"
          "  output_validators/validate.c    judge builds it with gcc -O2): the same\n"
          "                                  source, an input validator without\n"
          "                                  arguments, an output validator with them\n"
          "  submissions/accepted/reference.c  a reference solution, one C file\n"
          "\n"
          "Each .ans is our reference answer (the registry's reference solvers, whose\n"
          "answers the checker accepts), read back and judged before it is written; a\n"
          "corpus file's own NAME.ans must agree with it.  The validator accepts exactly\n"
          "what puzzlebench's readers and checker accept, in the puzzle's own sizes (flip\n"
          "to 8x8, lightsout to 64x64, tetravex to n = 12; larger boards are refused):\n"
          "input on stdin, exit 42 if it reads, 43 if not; called as\n"
          "    validate INPUT JUDGE_ANSWER FEEDBACK_DIR < TEAM_OUTPUT\n"
          "it exits 42 for a right output and 43 for a wrong one, the reason in\n"
          "FEEDBACK_DIR/judgemessage.txt (1: the jury's files are wrong).  Flip Game's\n"
          "counts are checked against the fewest the validator finds itself; Lights\n"
          "Out's presses are replayed on the board and must be the jury's (the fewest,\n"
          "then the first read row by row); Tetravex's verdict must be the jury's.\n"
          "\n"
          "Add your own submissions under submissions/accepted, wrong_answer,\n"
          "time_limit_exceeded or run_time_error (.c, .cpp or .py), then\n"
          "`puzzlebench verify DIR` judges each against the package.\n"
          "\n"
          "options:\n",
          f);
    pz_print_options(f, options);
    fputs("\nExit status: 0 written; 2 bad usage, a bad corpus, DIR not empty, no answer of\n"
          "ours to an instance, or a file that cannot be written.\n",
          f);
}

static const pz_template *template_named(const char *name)
{
    for (const pz_template *t = pz_templates; t->name; t++)
        if (!strcmp(t->name, name))
            return t;
    pz_fatal("package: no template %s in the build", name);
}

/* DIR/REL made (with its folders) and written whole, atomically: 0 or -1. */
static int write_file(const char *dir, const char *rel, const char *text, size_t len)
{
    char *path = pz_xasprintf("%s/%s", dir, rel), *tmp;
    int rc = -1;
    for (char *s = path + strlen(dir) + 1; (s = strchr(s, '/')); s++) {
        *s = 0;
        if (mkdir(path, 0777) && errno != EEXIST) {
            pz_usage("package: cannot make %s: %s", path, strerror(errno));
            free(path);
            return -1;
        }
        *s = '/';
    }
    FILE *f = pz_atomic_open(path, &tmp);
    if (f) {
        fwrite(text, 1, len, f);
        rc = pz_atomic_close(f, tmp, path);
    }
    free(path);
    return rc;
}

/* DIR made, or an empty folder: 0, or an exit status. */
static int make_dir(const char *dir)
{
    struct stat st;
    DIR *d;
    struct dirent *e;
    if (!mkdir(dir, 0777))
        return 0;
    if (errno != EEXIST)
        return pz_usage("package: cannot make %s: %s", dir, strerror(errno));
    if (stat(dir, &st) || !S_ISDIR(st.st_mode))
        return pz_usage("package: %s exists and is not a folder", dir);
    if (!(d = opendir(dir)))
        return pz_usage("package: cannot read %s: %s", dir, strerror(errno));
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            closedir(d);
            return pz_usage("package: %s is not empty: a package is written into a new or "
                            "empty folder",
                            dir);
        }
    closedir(d);
    return 0;
}

static void ignore(void *ctx, long long i, pz_outcome o, const char *why)
{
    (void)ctx, (void)i, (void)o, (void)why;
}

/* One test: the instance's input and our answer, each read back and judged
 * (the answer must read as itself and pass against itself), then both
 * written.  0, or an exit status. */
static int write_test(const char *dir, const char *sub, const char *name, const pz_puzzle *p,
                      const void *inst, const void *ans, char **in, char **out)
{
    size_t inlen, outlen;
    pz_reader r;
    pz_error e;
    unsigned char v = PZ_WA;
    char *back = pz_xcalloc(1, p->inst_size), path[64];
    *in = pz_render_input(p, inst, 1, &inlen);
    *out = pz_render_answers(p, 1, inst, ans, 1, &outlen);
    FILE *f = fmemopen(*in, inlen, "r");
    if (!f)
        pz_fatal("out of memory");
    pz_reader_init(&r, f, name);
    int rc = p->read(&r, back, &e);
    pz_reader_free(&r);
    fclose(f);
    if (rc != 1 || pz_judge_output(p, back, ans, 1, *out, outlen, &v, ignore, NULL) != 1 ||
        v != PZ_AC)
        pz_fatal("package: test %s does not read back as written", name);
    free(back);
    snprintf(path, sizeof path, "data/%s/%s.in", sub, name);
    if (write_file(dir, path, *in, inlen))
        return PZ_EXIT_USAGE;
    snprintf(path, sizeof path, "data/%s/%s.ans", sub, name);
    return write_file(dir, path, *out, outlen) ? PZ_EXIT_USAGE : 0;
}

/* problem.yaml, .timelimit and the statement with the samples. */
static int write_problem(const char *dir, const pz_puzzle *p, const char *spec, double time_s,
                         long memory_mb, char **samples, int nsamples)
{
    const char *paren = strstr(p->title, " (");
    int namelen = paren ? (int)(paren - p->title) : (int)strlen(p->title);
    char *source = paren ? pz_xstrndup(paren + 2, strlen(paren + 2) - 1) : pz_xstrndup("", 0);
    char *yaml = pz_xasprintf("# Written by puzzlebench package from the corpus %s.\n"
                              "name: %.*s\n"
                              "source: %s\n"
                              "validation: custom\n"
                              "limits:\n"
                              "  time_limit: %g\n"
                              "  memory: %ld\n",
                              spec, namelen, p->title, source, time_s, memory_mb);
    char *timelimit = pz_xasprintf("%g\n", time_s);
    char mdname[64];
    snprintf(mdname, sizeof mdname, "%s.md", p->name);
    const pz_template *md = template_named(mdname);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        pz_fatal("out of memory");
    fputs(md->text, f);
    for (int i = 0; i < nsamples; i++)
        fprintf(f, "\n## Sample Input %d\n\n```\n%s```\n\n## Sample Output %d\n\n```\n%s```\n",
                i + 1, samples[2 * i], i + 1, samples[2 * i + 1]);
    if (fclose(f))
        pz_fatal("out of memory");
    int rc = write_file(dir, "problem.yaml", yaml, strlen(yaml)) ||
             write_file(dir, ".timelimit", timelimit, strlen(timelimit)) ||
             write_file(dir, "problem_statement/problem.en.md", text, len);
    free(yaml);
    free(timelimit);
    free(text);
    free(source);
    return rc ? PZ_EXIT_USAGE : 0;
}

static int write_programs(const char *dir, const pz_puzzle *p)
{
    char name[64];
    snprintf(name, sizeof name, "%s_validate.c", p->name);
    const pz_template *v = template_named(name);
    snprintf(name, sizeof name, "%s_solve.c", p->name);
    const pz_template *s = template_named(name);
    return write_file(dir, "input_validators/validate.c", v->text, v->len) ||
                   write_file(dir, "output_validators/validate.c", v->text, v->len) ||
                   write_file(dir, "submissions/accepted/reference.c", s->text, s->len)
               ? PZ_EXIT_USAGE
               : 0;
}

static int number(const char *opt, const char *val, double min, double max, double *out)
{
    char *end;
    double v = val ? strtod(val, &end) : *out;
    if (val && (end == val || *end || !(v >= min && v <= max)))
        return pz_usage("package: %s expects a number from %g to %g, found '%s'", opt, min, max,
                        val);
    *out = v;
    return 0;
}

/* The tests, each our reference answer checked against the corpus's own. */
static int write_tests(const char *dir, const pz_puzzle *p, pz_corpus *c, int nsamples,
                       char **samples)
{
    pz_reference ref;
    pz_error e;
    char *inst = pz_xcalloc(1, p->inst_size), *ans = pz_xcalloc(1, p->ans_size);
    int width = snprintf(NULL, 0, "%lld", c->count - 1), rc = 0;
    pz_reference_init(&ref, p, NULL);
    for (long long i = 0; i < c->count && !rc; i++) {
        char name[32], *in, *out, why[512];
        const void *jury;
        pz_corpus_get(c, i, inst);
        snprintf(name, sizeof name, "%0*lld", width, i);
        if (pz_reference_solve(&ref, inst, ans, &e)) {
            rc = pz_usage("package: instance %lld of %s: %s", i, c->spec, e.msg);
            break;
        }
        if ((jury = pz_corpus_expected(c, i)) && !p->same(inst, jury, ans)) {
            pz_answer_line(p, 1, inst, jury, why, sizeof why);
            rc = pz_usage("package: instance %lld of %s: its .ans has %s, not our reference's "
                          "answer (see puzzlebench check)",
                          i, c->spec, why);
            break;
        }
        rc = write_test(dir, i < nsamples ? "sample" : "secret", name, p, inst, ans, &in, &out);
        if (i < nsamples) {
            samples[2 * i] = in;
            samples[2 * i + 1] = out;
        } else {
            free(in);
            free(out);
        }
    }
    pz_reference_free(&ref);
    free(inst);
    free(ans);
    return rc;
}

int pz_cmd_package(int argc, char **argv)
{
    const char *value[NOPTIONS], *dir = NULL;
    const pz_puzzle *p = NULL;
    double samples = SAMPLES_DEFAULT, time_s = TIME_DEFAULT_S, memory = MEMORY_DEFAULT_MB;
    int first, rc;
    pz_corpus c;
    pz_error e;
    if ((rc = pz_parse_options(&pz_package_command, NULL, argc, argv, value, &first)) >= 0)
        return rc;
    for (int i = first; i < argc; i++) {
        if (!p) {
            if ((rc = pz_puzzle_arg("package", argv[i], &p)))
                return rc;
        } else if (!dir) {
            dir = argv[i];
        } else {
            return pz_usage("package: unexpected argument '%s'", argv[i]);
        }
    }
    if (!p || !dir || !value[O_CORPUS])
        return pz_usage("package: expected PUZZLE DIR --corpus SPEC (see --help)");
    if (number("--samples", value[O_SAMPLES], 0, MAX_TESTS, &samples) ||
        number("--time-limit", value[O_TIME], 0.001, 3600, &time_s) ||
        number("--memory-limit", value[O_MEMORY], 1, 1 << 20, &memory))
        return PZ_EXIT_USAGE;
    if (samples != (int)samples || memory != (long)memory)
        return pz_usage("package: --samples and --memory-limit expect whole numbers");
    if (!*dir)
        return pz_usage("package: DIR expects a folder name, found ''");
    if (pz_corpus_open(&c, p, value[O_CORPUS], &e))
        return pz_print_error(&e);
    if (c.puzzle != p)
        rc = pz_usage("package: %s holds boards past %s's own sizes, which a package does not "
                      "take",
                      value[O_CORPUS], p->name);
    else if (c.count == 0)
        rc = pz_usage("package: the corpus %s has no instance", c.spec);
    else if (c.count > MAX_TESTS)
        rc = pz_usage("package: the corpus %s has %lld instances: at most %d tests (a file "
                      "each)",
                      c.spec, c.count, MAX_TESTS);
    if (!rc)
        rc = make_dir(dir);
    if (!rc) {
        int k = samples < c.count ? (int)samples : (int)c.count;
        char **texts = pz_xcalloc(2 * (size_t)k + 1, sizeof *texts);
        pz_prepare_all();
        if (!(rc = write_tests(dir, p, &c, k, texts)) &&
            !(rc = write_problem(dir, p, c.spec, time_s, (long)memory, texts, k)))
            rc = write_programs(dir, p);
        for (int i = 0; i < 2 * k; i++)
            free(texts[i]);
        free(texts);
        if (!rc)
            printf("package %s: %s, %lld test%s (%d sample%s) from %s; time limit %g s, memory "
                   "%ld MiB\n",
                   dir, p->title, c.count, c.count == 1 ? "" : "s", k, k == 1 ? "" : "s", c.spec,
                   time_s, (long)memory);
    }
    pz_corpus_close(&c);
    return rc;
}
