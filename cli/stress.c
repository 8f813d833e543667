/* stress.c - `puzzlebench stress`: judge-format programs under limits.
 *
 * Batches of the corpus go to the program in the judge's input format; its
 * output is judged answer by answer (judge.c) against our reference solver.
 * OpenMP threads each run one program at a time (--jobs), batches are merged
 * in index order, so the report does not depend on the number of jobs.  The
 * verdict rules are in usage() below, which is what `--help` prints.
 */
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "../bench/corpus.h"
#include "../bench/exec.h"
#include "../bench/judge.h"
#include "../bench/report.h"
#include "../bench/shrink.h"

enum {
    KEEP = 100,         /* failures kept with their reasons */
    WINDOW = 256,       /* batches judged between two merges */
    SHRINK_RUNS = 2000, /* runs one shrink may make */
    SHOW_BYTES = 2048,  /* of a text in the report, */
    SHOW_LINES = 20,    /* and its lines */
    MAX_JOBS = 256,
};

typedef struct failure {
    long long index;
    pz_outcome v;
    char why[256];
} failure;

/* What a batch, or the whole corpus, came to. */
typedef struct tally {
    long long count[PZ_OUTCOMES];
    long long first[PZ_OUTCOMES];   /* the first index with each verdict, or -1 */
    long long charged[PZ_OUTCOMES]; /* of count: given their run's verdict unseen */
    failure fails[KEEP];            /* the first failures, by index */
    int nfails;
    int bad; /* an instance without a reference: error */
    pz_error error;
} tally;

typedef struct stress {
    const pz_puzzle *p;
    pz_corpus corpus;
    const pz_solver *only;
    const char *exec, *json;
    char **argv;
    char path[4096];
    pz_proc_limits lim;           /* output_cap is set per run */
    long long batch, runs, split; /* runs: all; split: failed whole and cut */
    long long corpus_runs;        /* of the runs, those over the corpus */
    int jobs, show, any_size;
} stress;

/* One thread's tools: the reference, the run buffers, one batch's arrays. */
typedef struct worker {
    stress *s;
    pz_reference ref;
    pz_proc run;
    char *insts, *expected;
    unsigned char *v;
    long long lo, base; /* corpus index of insts[0]; judged offset */
    tally *t;           /* NULL for runs outside the batches */
    int isolated;       /* this batch has a culprit already */
    char why[256];      /* the last failure heard */
} worker;

/* A failing instance run alone, with the three texts of the report. */
typedef struct example {
    long long index;
    pz_outcome seen, alone;
    char why[256];
    char *input, *expected, *received, *errors; /* errors: the start of stderr */
    size_t inlen, explen, reclen;
    int steps, runs; /* for a shrunk one */
} example;

#define STRESS_OPTIONS(X)                                                                          \
    X(EXEC, "exec", 0, "'CMD ARGS'", "the program, split into words as told below")                \
    X(CORPUS, "corpus", 0, "SPEC", "PUZZLE:KIND[:key=value]... or a judge-format FILE.in")         \
    X(BATCH, "batch", 0, "B", "instances per run, in one judge input (default 1)")                 \
    X(TIME, "time-limit", 0, "MS", "CPU time per run (default 1000)")                              \
    X(WALL, "wall-limit", 0, "MS", "wall-clock time per run (default 2 x time limit + 500)")       \
    X(MEMORY, "memory-limit", 0, "MB", "address space per run (default 256; 0: none)")             \
    X(JOBS, "jobs", 0, "J", "programs run at once (default 1, at most %d)", .num = MAX_JOBS)       \
    X(SOLVER, "solver", 0, "S", "the reference solver")                                            \
    X(SHOW, "show", 0, "N", "failing instances shown in full (default 3)")                         \
    X(ANY_SIZE, "shrink-any-size", 0, NULL, "let shrinking change the board size too")             \
    X(JSON, "json", 0, "F", "also write the report to F (atomically)")

enum { STRESS_OPTIONS(PZ_OPTION_ID) O_HELP, NOPTIONS };
static const pz_option options[] = {STRESS_OPTIONS(PZ_OPTION) PZ_HELP_OPTION PZ_END_OPTIONS};
static void usage(FILE *);
static const pz_command_line command = {.name = "stress", .options = options, .help = usage};

static void usage(FILE *f)
{
    pz_print_usage(f, &command, "PUZZLE --exec 'CMD ARGS' --corpus SPEC [options]");
    fputs("\n"
          "Runs CMD, a program that reads the judge's input on stdin and prints the judge's\n"
          "output, on every instance of the corpus, and judges each answer against our\n"
          "reference: the first listed solver that takes the instance (--solver S to pick\n"
          "one), or a corpus file's NAME.ans.\n"
          "\n"
          "options:\n",
          f);
    pz_print_options(f, options);
    fprintf(f,
            "\n"
            "CMD is split into words once, without a shell.  Blanks separate words; '...'\n"
            "keeps what is inside as it is; \"...\" too, except that \\\" and \\\\ stand for \"\n"
            "and \\; outside quotes, \\ keeps the next character.  Nothing else is special:\n"
            "no variables, globbing, redirection or pipes.  A name without '/' is looked up\n"
            "in PATH.\n"
            "\n"
            "Each run is a process group of its own, with RLIMIT_CPU (the time limit rounded\n"
            "up to seconds, plus one: a backstop), RLIMIT_AS (the memory limit), RLIMIT_FSIZE\n"
            "(the output cap) and RLIMIT_CORE 0; not RLIMIT_NPROC, which counts all of the\n"
            "user's processes and which root ignores.  When the program ends or breaks a\n"
            "limit, its whole group is killed; processes that start a session of their own\n"
            "escape this until the end, when every process left is killed, as it is at once\n"
            "on SIGINT, SIGTERM or SIGHUP.  The CPU time of a run is that of its whole\n"
            "process tree, polled from /proc: a child its parent never reaps counts too.\n"
            "On a terminal, a progress line on stderr.  Verdicts, the first that applies:\n"
            "  OLE  more than 64 x the expected output (at least 64 KiB, at most 64 MiB more\n"
            "       than expected) on stdout or on stderr, or a file written past that: killed\n"
            "  TLE  CPU time over the time limit (a busy program is stopped there), or wall\n"
            "       clock over the wall limit (killed)\n"
            "  MLE  the run failed as for RE and its peak resident memory (ru_maxrss) reached\n"
            "       half the memory limit: allocations fail at the limit, and a program that\n"
            "       runs out has touched much of it.  One that asks for a huge block at once\n"
            "       and dies has touched little, and is RE.\n"
            "  RE   a non-zero exit status, or killed by a signal\n"
            "  Then the output is read answer by answer in the judge's strict format (a\n"
            "  missing final newline, CRLF line ends and blank lines at the end are accepted):\n"
            "  WA   the answer fails the checker, differs from the reference, cannot be read,\n"
            "       or is missing; output after the last answer makes the last one WA\n"
            "  PE   the answer cannot be read, but the output from it to the end, split at\n"
            "       whitespace, equals the expected words: right content, wrong layout\n"
            "  AC   otherwise\n"
            "\n"
            "A batch of B is one judge input of B instances, in each puzzle's own format:\n"
            "  flip       B boards one after another (after a line \"m n\" for boards that are\n"
            "             not 4x4).  POJ 1753 gives a program ONE board: a correct program\n"
            "             that reads one board answers only the first of a batch and gets WA\n"
            "             on the rest, so judge such a program with --batch 1 (the default);\n"
            "             --batch B > 1 is for programs that read boards to the end of input.\n"
            "  lightsout  the count line N = B, then B puzzles: POJ 1222's format, any B.\n"
            "  tetravex   B games, then the line 0: ZOJ 1008's format, any B.\n"
            "\n"
            "Limits apply per run, i.e. per batch.  A batch that fails as a whole (OLE, TLE,\n"
            "MLE, RE) is cut in halves that are run again, down to the instance that fails;\n"
            "once a batch has such a culprit, a failing part of it is not cut again and all\n"
            "its instances get its verdict.  After an answer that cannot be read, the rest\n"
            "of the batch is run again (once per batch; then it gets that answer's verdict).\n"
            "The summary counts apart the instances given a verdict this way; --batch 1\n"
            "judges every instance alone.\n"
            "\n"
            "The first failures are run again alone and shown: input, expected and received\n"
            "output, and the start of stderr.  The first WA and the first RE instance are\n"
            "shrunk: the first simpler neighbour (as the puzzle defines them) that still\n"
            "gets the same verdict alone replaces it, until none does (at most %d runs);\n"
            "the board size is kept unless --shrink-any-size, since judge programs often\n"
            "read only the judge's size.\n"
            "\n"
            "Exit status: 0 every instance AC; 1 otherwise; 2 bad usage, a bad corpus, or a\n"
            "program that cannot be found.\n",
            SHRINK_RUNS);
}

static int number(const char *opt, const char *val, long long min, long long max, long long *out)
{
    char *end;
    long long v = strtoll(val, &end, 10);
    if (end == val || *end || v < min || v > max)
        return pz_usage("stress: %s expects a whole number from %lld to %lld, found '%s'", opt, min,
                        max, val);
    *out = v;
    return 0;
}

static void *at(const char *base, size_t size, long long i)
{
    return (char *)base + (size_t)i * size;
}

/* Records a failure's reason; the counts are kept by tally_one() and charge(). */
static void note(void *ctx, long long i, pz_outcome o, const char *why)
{
    worker *w = ctx;
    tally *t = w->t;
    snprintf(w->why, sizeof w->why, "%s", why);
    if (t && t->nfails < KEEP) {
        failure *f = &t->fails[t->nfails++];
        f->index = w->lo + w->base + i;
        f->v = o;
        snprintf(f->why, sizeof f->why, "%s", why);
    }
}

static void tally_one(tally *t, long long index, pz_outcome o)
{
    t->count[o]++;
    if (t->first[o] < 0)
        t->first[o] = index;
}

/* The program on instances [a, b) of the batch: the run's own verdict, and
 * when it ran clean (PZ_AC), *judged answers judged into w->v. */
static pz_outcome run_range(worker *w, long long a, long long b, long long *judged)
{
    stress *s = w->s;
    const pz_puzzle *p = s->p;
    pz_proc_limits lim = s->lim;
    size_t inlen, explen;
    char *in = pz_render_input(p, at(w->insts, p->inst_size, a), b - a, &inlen), *exp;
    exp = pz_render_answers(p, 1, at(w->insts, p->inst_size, a), at(w->expected, p->ans_size, a),
                            b - a, &explen);
    free(exp);
    lim.output_cap = explen * 64 > explen + (64u << 20) ? explen + (64u << 20) : explen * 64;
    if (lim.output_cap < 64u << 10)
        lim.output_cap = 64u << 10;
    pz_proc_run(s->path, s->argv, &lim, in, inlen, &w->run);
    free(in);
#pragma omp atomic
    s->runs++;
    if (w->run.outcome != PZ_AC) {
        snprintf(w->why, sizeof w->why, "%s", w->run.why);
        return w->run.outcome;
    }
    w->base = a;
    *judged = pz_judge_output(p, at(w->insts, p->inst_size, a), at(w->expected, p->ans_size, a),
                              b - a, w->run.out, w->run.len, w->v + a, note, w);
    return PZ_AC;
}

/* Gives every instance of [a, b) the verdict o; unseen: not run alone. */
static void charge(worker *w, long long a, long long b, pz_outcome o, int unseen, const char *why)
{
    w->base = 0;
    w->t->charged[o] += unseen ? b - a : 0;
    for (long long i = a; i < b; i++) {
        tally_one(w->t, w->lo + i, o);
        note(w, i, o, why);
    }
}

/* Judges instances [a, b) of the batch, each with its own verdict where it
 * can.  A run that fails as a whole hides which instance failed, so it is cut
 * in halves, down to the culprit; an answer that cannot be read hides the
 * ones after it, so they run again.  Once the batch has a culprit, this stops:
 * a program failing everywhere would otherwise cost a run per instance. */
static void judge_range(worker *w, long long a, long long b)
{
    long long n = 0;
    char why[256];
    pz_outcome o = run_range(w, a, b, &n);
    if (o != PZ_AC) {
        if (b - a > 1 && !w->isolated) {
            long long mid = a + (b - a) / 2;
#pragma omp atomic
            w->s->split++;
            judge_range(w, a, mid);
            judge_range(w, mid, b);
            return;
        }
        if (b - a > 1)
            snprintf(why, sizeof why, "%.200s, in a run of %lld not cut again", w->run.why, b - a);
        else
            snprintf(why, sizeof why, "%s", w->run.why);
        w->isolated = 1;
        charge(w, a, b, o, b - a > 1, why);
        return;
    }
    for (long long i = a; i < a + n; i++)
        tally_one(w->t, w->lo + i, (pz_outcome)w->v[i]);
    if (a + n < b) {
        if (!w->isolated) {
            w->isolated = 1;
            judge_range(w, a + n, b);
        } else {
            snprintf(why, sizeof why,
                     "not judged alone: charged with instance %lld, after "
                     "which its run's output could not be read strictly",
                     w->lo + a + n - 1);
            charge(w, a + n, b, (pz_outcome)w->v[a + n - 1], 1, why);
        }
    }
}

static void batch(worker *w, long long index, tally *t)
{
    stress *s = w->s;
    const pz_puzzle *p = s->p;
    long long lo = index * s->batch, hi = lo + s->batch;
    if (hi > s->corpus.count)
        hi = s->corpus.count;
    memset(t, 0, sizeof *t);
    for (int o = 0; o < PZ_OUTCOMES; o++)
        t->first[o] = -1;
    for (long long i = lo; i < hi; i++) {
        void *inst = at(w->insts, p->inst_size, i - lo),
             *exp = at(w->expected, p->ans_size, i - lo);
        const void *known = pz_corpus_expected(&s->corpus, i);
        pz_corpus_get(&s->corpus, i, inst);
        if (known) {
            memcpy(exp, known, p->ans_size);
        } else if (pz_reference_solve(&w->ref, inst, exp, &t->error)) {
            char msg[sizeof t->error.msg];
            snprintf(msg, sizeof msg, "instance %lld: %.200s", i, t->error.msg);
            memcpy(t->error.msg, msg, sizeof msg);
            t->bad = 1;
            return;
        }
    }
    w->lo = lo;
    w->t = t;
    w->isolated = 0;
    judge_range(w, 0, hi - lo);
    w->t = NULL;
}

static void merge(tally *all, const tally *t)
{
    for (int o = 0; o < PZ_OUTCOMES; o++) {
        all->count[o] += t->count[o];
        all->charged[o] += t->charged[o];
        if (all->first[o] < 0)
            all->first[o] = t->first[o];
    }
    for (int i = 0; i < t->nfails && all->nfails < KEEP; i++)
        all->fails[all->nfails++] = t->fails[i];
    if (t->bad && !all->bad) {
        all->bad = 1;
        all->error = t->error;
    }
}

static void worker_init(worker *w, stress *s, long long n)
{
    memset(w, 0, sizeof *w);
    w->s = s;
    pz_reference_init(&w->ref, s->p, s->only);
    w->insts = calloc((size_t)n, s->p->inst_size);
    w->expected = calloc((size_t)n, s->p->ans_size);
    w->v = calloc((size_t)n, 1);
    if (!w->insts || !w->expected || !w->v)
        pz_fatal("out of memory");
}

static void worker_free(worker *w)
{
    pz_reference_free(&w->ref);
    pz_proc_free(&w->run);
    free(w->insts);
    free(w->expected);
    free(w->v);
}

static char *text_copy(const char *s, size_t len)
{
    char *c = malloc(len + 1);
    if (!c)
        pz_fatal("out of memory");
    memcpy(c, s, len);
    c[len] = 0;
    return c;
}

/* Runs inst alone: its verdict (PZ_OUTCOMES when no solver takes it), and
 * the report's texts in ex when given. */
static pz_outcome run_alone(worker *w, const void *inst, example *ex)
{
    const pz_puzzle *p = w->s->p;
    long long n = 0;
    pz_error e;
    memcpy(w->insts, inst, p->inst_size);
    if (pz_reference_solve(&w->ref, inst, w->expected, &e))
        return PZ_OUTCOMES;
    w->lo = 0;
    w->t = NULL;
    w->why[0] = 0;
    pz_outcome o = run_range(w, 0, 1, &n);
    if (o == PZ_AC)
        o = (pz_outcome)w->v[0];
    if (ex) {
        ex->input = pz_render_input(p, inst, 1, &ex->inlen);
        ex->expected = pz_render_answers(p, 1, inst, w->expected, 1, &ex->explen);
        ex->reclen = w->run.len;
        ex->received = text_copy(w->run.out ? w->run.out : "", w->run.len);
        ex->errors = text_copy(w->run.err, strlen(w->run.err));
        ex->alone = o;
        snprintf(ex->why, sizeof ex->why, "%s", o == PZ_AC ? "" : w->why);
    }
    return o;
}

static void example_free(example *ex)
{
    free(ex->input);
    free(ex->expected);
    free(ex->received);
    free(ex->errors);
}

/* Greedy shrinking (pz_shrink_greedy): the first neighbour that still gets the
 * verdict alone, at the same size unless --shrink-any-size, at most SHRINK_RUNS runs. */
typedef struct shrinking {
    worker *w;
    pz_outcome target;
    example *ex;
    char size0[32];
} shrinking;

static int still_fails(void *ctx, const void *cand)
{
    shrinking *c = ctx;
    char size[32];
    c->w->s->p->size(cand, size, sizeof size);
    if ((!c->w->s->any_size && strcmp(size, c->size0)) || c->ex->runs >= SHRINK_RUNS)
        return 0;
    c->ex->runs++;
    return run_alone(c->w, cand, NULL) == c->target;
}

/* ex holds start's run alone; it gets the smallest instance's instead. */
static void shrink(worker *w, const void *start, pz_outcome target, example *ex)
{
    const pz_puzzle *p = w->s->p;
    shrinking c = {w, target, ex, ""};
    char *cur = malloc(p->inst_size);
    int steps;
    if (!cur)
        pz_fatal("out of memory");
    p->size(start, c.size0, sizeof c.size0);
    ex->steps += steps = pz_shrink_greedy(p, start, cur, still_fails, &c, 64L * SHRINK_RUNS);
    if (steps) {
        example_free(ex);
        run_alone(w, cur, ex);
    }
    free(cur);
}

/* A text of the report: non-printable bytes escaped, long ones cut. */
static void print_text(FILE *f, const char *title, const char *s, size_t len)
{
    size_t i, lines = 0;
    fprintf(f, "--- %s ---\n", title);
    for (i = 0; i < len && i < SHOW_BYTES && lines < SHOW_LINES; i++) {
        unsigned char c = (unsigned char)s[i];
        lines += c == '\n';
        if (c == '\n' || c == '\t' || (c >= 32 && c < 127))
            putc(c, f);
        else
            fprintf(f, "\\x%02x", c);
    }
    if (i < len)
        fprintf(f, "%s[... %zu more bytes]\n", s[i - 1] == '\n' ? "" : "\n", len - i);
    else if (!len)
        fputs("[nothing]\n", f);
    else if (s[len - 1] != '\n')
        fputs("\n[no newline at the end]\n", f);
}

static void print_example(FILE *f, const example *ex)
{
    if (!ex->input) /* no reference for it: nothing was run */
        return;
    if (ex->alone == PZ_AC)
        fprintf(f, "alone it gets AC: the failure depends on the other instances of its run\n");
    else if (ex->alone != ex->seen)
        fprintf(f, "alone: %s: %s\n", pz_outcome_names[ex->alone], ex->why);
    print_text(f, "input", ex->input, ex->inlen);
    print_text(f, "expected output", ex->expected, ex->explen);
    print_text(f, "received output", ex->received, ex->reclen);
    if (*ex->errors)
        print_text(f, "start of its stderr", ex->errors, strlen(ex->errors));
}

static void json_string(FILE *f, const char *s, size_t len)
{
    pz_json_string(f, s, len < SHOW_BYTES ? len : SHOW_BYTES);
}

static void json_example(FILE *f, const char *key, const example *ex, const char *extra)
{
    fprintf(f, "{\"%s\": %lld, \"verdict\": \"%s\", \"alone\": \"%s\", \"why\": ", key, ex->index,
            pz_outcome_names[ex->seen], ex->alone < PZ_OUTCOMES ? pz_outcome_names[ex->alone] : "");
    json_string(f, ex->why, strlen(ex->why));
    fputs(", \"input\": ", f);
    json_string(f, ex->input, ex->inlen);
    fputs(", \"expected\": ", f);
    json_string(f, ex->expected, ex->explen);
    fputs(", \"received\": ", f);
    json_string(f, ex->received, ex->reclen);
    fputs(", \"stderr\": ", f);
    json_string(f, ex->errors, strlen(ex->errors));
    fprintf(f, "%s}", extra);
}

static int write_json(const stress *s, const tally *all, const example *ex, int nex,
                      const example *shrunk, int nshrunk, double wall)
{
    char *tmp;
    FILE *f = pz_atomic_open(s->json, &tmp);
    if (!f)
        return PZ_EXIT_USAGE;
    fprintf(f, "{\n  \"command\": \"stress\",\n  \"puzzle\": \"%s\",\n  \"corpus\": ", s->p->name);
    json_string(f, s->corpus.spec, strlen(s->corpus.spec));
    fputs(",\n  \"exec\": ", f);
    json_string(f, s->exec, strlen(s->exec));
    fprintf(f,
            ",\n  \"instances\": %lld,\n  \"batch\": %lld,\n  \"jobs\": %d,\n"
            "  \"time_limit_ms\": %ld,\n  \"wall_limit_ms\": %ld,\n  \"memory_limit_mb\": %ld,\n"
            "  \"runs\": %lld,\n  \"report_runs\": %lld,\n  \"split_runs\": %lld,\n  \"wall_s\": "
            "%.3f,\n  \"verdicts\": {",
            s->corpus.count, s->batch, s->jobs, s->lim.time_ms, s->lim.wall_ms, s->lim.memory_mb,
            s->corpus_runs, s->runs - s->corpus_runs, s->split, wall);
    for (int o = 0; o < PZ_OUTCOMES; o++)
        fprintf(f, "%s\"%s\": %lld", o ? ", " : "", pz_outcome_names[o], all->count[o]);
    fputs("},\n  \"charged\": {", f);
    for (int o = 0; o < PZ_OUTCOMES; o++)
        fprintf(f, "%s\"%s\": %lld", o ? ", " : "", pz_outcome_names[o], all->charged[o]);
    fputs("},\n  \"failures\": [", f);
    for (int i = 0; i < all->nfails; i++) {
        fprintf(f, "%s\n    {\"index\": %lld, \"verdict\": \"%s\", \"why\": ", i ? "," : "",
                all->fails[i].index, pz_outcome_names[all->fails[i].v]);
        json_string(f, all->fails[i].why, strlen(all->fails[i].why));
        putc('}', f);
    }
    fputs("],\n  \"examples\": [", f);
    for (int i = 0; i < nex; i++) {
        fputs(i ? ",\n    " : "\n    ", f);
        json_example(f, "index", &ex[i], "");
    }
    fputs("],\n  \"shrunk\": [", f);
    for (int i = 0; i < nshrunk; i++) {
        char extra[64];
        snprintf(extra, sizeof extra, ", \"steps\": %d, \"runs\": %d", shrunk[i].steps,
                 shrunk[i].runs);
        fputs(i ? ",\n    " : "\n    ", f);
        json_example(f, "from", &shrunk[i], extra);
    }
    fprintf(f, "],\n  \"all_ac\": %s\n}\n",
            all->count[PZ_AC] == s->corpus.count ? "true" : "false");
    return pz_atomic_close(f, tmp, s->json) ? PZ_EXIT_USAGE : 0;
}

static int parse(stress *s, int argc, char **argv)
{
    /* The numeric options, their ranges and defaults (wall: -1, from the time). */
    static const struct {
        int opt;
        long long min, max, init;
    } nums[] = {
        {O_BATCH, 1, 1 << 20, 1},    {O_TIME, 1, 3600000, 1000}, {O_WALL, 1, 7200000, -1},
        {O_MEMORY, 0, 1 << 20, 256}, {O_JOBS, 1, MAX_JOBS, 1},   {O_SHOW, 0, KEEP, 3},
    };
    long long val[NOPTIONS];
    const char *value[NOPTIONS];
    pz_error e;
    int first, status;
    if ((status = pz_parse_options(&command, NULL, argc, argv, value, &first)) >= 0)
        return status ? status : -1;
    for (size_t k = 0; k < sizeof nums / sizeof *nums; k++) {
        char name[32];
        int o = nums[k].opt;
        val[o] = nums[k].init;
        snprintf(name, sizeof name, "--%s", options[o].name);
        if (value[o] && number(name, value[o], nums[k].min, nums[k].max, &val[o]))
            return PZ_EXIT_USAGE;
    }
    const char *spec = value[O_CORPUS], *solver = value[O_SOLVER];
    s->exec = value[O_EXEC];
    s->json = value[O_JSON];
    s->any_size = value[O_ANY_SIZE] != NULL;
    for (int i = first; i < argc; i++) {
        if (!s->p) {
            if (!(s->p = pz_find_puzzle(argv[i])))
                return pz_usage("stress: unknown puzzle '%s' (see puzzlebench list)", argv[i]);
        } else {
            return pz_usage("stress: unexpected argument '%s'", argv[i]);
        }
    }
    if (!s->p || !s->exec || !spec)
        return pz_usage("stress: expected PUZZLE --exec 'CMD' --corpus SPEC (see --help)");
    s->batch = val[O_BATCH];
    s->jobs = (int)val[O_JOBS];
    s->show = (int)val[O_SHOW];
    s->lim.time_ms = (long)val[O_TIME];
    s->lim.wall_ms = (long)(val[O_WALL] < 0 ? 2 * val[O_TIME] + 500 : val[O_WALL]);
    s->lim.memory_mb = (long)val[O_MEMORY];
    if (solver && !(s->only = pz_find_solver(s->p->name, solver)))
        return pz_usage("stress: %s has no solver '%s' (see puzzlebench list)", s->p->name, solver);
    if (pz_split_command(s->exec, &s->argv, &e))
        return pz_print_error(&e);
    if (pz_find_program(s->argv[0], s->path, sizeof s->path))
        return pz_usage("stress: cannot run '%s': no such executable file%s", s->argv[0],
                        strchr(s->argv[0], '/') ? "" : " in PATH");
    if (pz_corpus_open(&s->corpus, s->p, spec, &e))
        return pz_print_error(&e);
    return 0;
}

/* A line on a terminal for a long run: how far, and how long to go. */
static void show_progress(const stress *s, long long done, double start)
{
    double t = omp_get_wtime() - start;
    fprintf(stderr, "\r\033[Kstress: %lld/%lld instances (%.1f%%), %lld runs, %.0f s", done,
            s->corpus.count, 100.0 * (double)done / (double)s->corpus.count, s->runs, t);
    if (done > 0 && done < s->corpus.count)
        fprintf(stderr, ", about %.0f s left", t * (double)(s->corpus.count - done) / (double)done);
}

/* Judges the whole corpus into all; the wall-clock seconds it took. */
static double judge_corpus(stress *s, tally *all)
{
    long long nbatches = (s->corpus.count + s->batch - 1) / s->batch;
    tally *window = malloc(WINDOW * sizeof *window);
    double start = omp_get_wtime();
    int progress = isatty(2) && nbatches > WINDOW;
    if (!window)
        pz_fatal("out of memory");
    for (int o = 0; o < PZ_OUTCOMES; o++)
        all->first[o] = -1;
#pragma omp parallel num_threads(s->jobs)
    {
        worker w;
        worker_init(&w, s, s->batch);
        for (long long w0 = 0; w0 < nbatches && !all->bad; w0 += WINDOW) {
            long long wn = nbatches - w0 < WINDOW ? nbatches - w0 : WINDOW;
#pragma omp for schedule(dynamic, 1)
            for (long long b = 0; b < wn; b++)
                batch(&w, w0 + b, &window[b]);
#pragma omp single
            {
                for (long long b = 0; b < wn; b++)
                    merge(all, &window[b]);
                if (progress)
                    show_progress(s, w0 + wn < nbatches ? (w0 + wn) * s->batch : s->corpus.count,
                                  start);
            }
        }
        worker_free(&w);
    }
    if (progress)
        fputs("\r\033[K", stderr);
    free(window);
    return omp_get_wtime() - start;
}

/* The first failures, and the first WA and RE shrunk, each run alone. */
static void examine(stress *s, const tally *all, example *ex, int *nex, example *shrunk,
                    int *nshrunk)
{
    static const pz_outcome targets[2] = {PZ_WA, PZ_RE};
    worker w;
    char *inst = malloc(s->p->inst_size);
    if (!inst)
        pz_fatal("out of memory");
    worker_init(&w, s, 1);
    for (*nex = 0; *nex < s->show && *nex < all->nfails; ++*nex) {
        example *e = &ex[*nex];
        e->index = all->fails[*nex].index;
        e->seen = all->fails[*nex].v;
        pz_corpus_get(&s->corpus, e->index, inst);
        run_alone(&w, inst, e);
    }
    for (int i = 0; i < 2; i++) {
        example *e = &shrunk[*nshrunk];
        if (all->first[targets[i]] < 0)
            continue;
        e->index = all->first[targets[i]];
        e->seen = targets[i];
        pz_corpus_get(&s->corpus, e->index, inst);
        if (run_alone(&w, inst, e) == targets[i])
            shrink(&w, inst, targets[i], e);
        ++*nshrunk;
    }
    worker_free(&w);
    free(inst);
}

static void report(const stress *s, const tally *all, const example *ex, int nex,
                   const example *shrunk, int nshrunk, double wall, int strays)
{
    printf("stress %s: %lld instances of %s, %lld runs of up to %lld (%d job%s), %.2f s\n",
           s->p->name, s->corpus.count, s->corpus.spec, s->corpus_runs, s->batch, s->jobs,
           s->jobs > 1 ? "s" : "", wall);
    if (s->runs > s->corpus_runs)
        printf("then %lld run%s of one instance, for the failures shown and shrunk below\n",
               s->runs - s->corpus_runs, s->runs - s->corpus_runs > 1 ? "s" : "");
    printf("program: %s\n", s->exec);
    printf("limits per run: CPU %ld ms, wall %ld ms, memory ", s->lim.time_ms, s->lim.wall_ms);
    if (s->lim.memory_mb)
        printf("%ld MiB", s->lim.memory_mb);
    else
        printf("unlimited");
    printf(", output 64 x expected\nverdicts:");
    for (int o = 0; o < PZ_OUTCOMES; o++)
        printf(" %s %lld%s", pz_outcome_names[o], all->count[o], o + 1 < PZ_OUTCOMES ? " " : "\n");
    if (s->split)
        printf("%lld runs failed as a whole and were cut to find the culprits\n", s->split);
    long long charged = 0;
    for (int o = 0; o < PZ_OUTCOMES; o++)
        charged += all->charged[o];
    if (charged) {
        printf("of these, charged with the failed run they were in, not judged alone:");
        for (int o = 0; o < PZ_OUTCOMES; o++)
            if (all->charged[o])
                printf(" %s %lld", pz_outcome_names[o], all->charged[o]);
        putchar('\n');
    }
    if (strays)
        printf("ended %d process%s that had left the process group of its run\n", strays,
               strays > 1 ? "es" : "");
    for (int i = 0; i < nex; i++) {
        printf("\nfailure %d: instance %lld: %s: %s\n", i + 1, ex[i].index,
               pz_outcome_names[ex[i].seen], all->fails[i].why);
        print_example(stdout, &ex[i]);
    }
    for (int i = nex; i < all->nfails && i < nex + 10; i++)
        printf("%sfailure %d: instance %lld: %s: %s\n", i == nex ? "\n" : "", i + 1,
               all->fails[i].index, pz_outcome_names[all->fails[i].v], all->fails[i].why);
    for (int i = 0; i < nshrunk; i++) {
        const example *e = &shrunk[i];
        if (e->runs)
            printf(
                "\nsmallest %s instance: shrunk from instance %lld in %d step%s (%d runs%s): %s\n",
                pz_outcome_names[e->seen], e->index, e->steps, e->steps == 1 ? "" : "s", e->runs,
                e->runs >= SHRINK_RUNS ? ", stopped at the limit" : "", e->why);
        else
            printf("\nfirst %s instance %lld, not shrunk:\n", pz_outcome_names[e->seen], e->index);
        print_example(stdout, e);
    }
}

int pz_cmd_stress(int argc, char **argv)
{
    stress s = {0};
    tally *all = calloc(1, sizeof *all);
    example ex[KEEP] = {0}, shrunk[2] = {0};
    int nex = 0, nshrunk = 0, rc;
    if (!all)
        pz_fatal("out of memory");
    if ((rc = parse(&s, argc, argv)) == 0 && s.json)
        rc = pz_check_output("stress", "--json", s.json);
    if (rc == 0) {
        pz_prepare_all();
        pz_exec_setup();
        double wall = judge_corpus(&s, all);
        s.corpus_runs = s.runs;
        if (all->bad) {
            pz_end_strays();
            rc = pz_print_error(&all->error);
        } else {
            examine(&s, all, ex, &nex, shrunk, &nshrunk);
            report(&s, all, ex, nex, shrunk, nshrunk, wall, pz_end_strays());
            rc = all->count[PZ_AC] == s.corpus.count ? PZ_EXIT_OK : PZ_EXIT_FAIL;
            printf("\n%s\n", rc ? "FAILED" : "all AC");
            if (pz_check_stdout()) /* before the JSON: the terminal report is the first */
                rc = PZ_EXIT_USAGE;
            if (s.json && write_json(&s, all, ex, nex, shrunk, nshrunk, wall))
                rc = PZ_EXIT_USAGE;
        }
    }
    for (int i = 0; i < nex; i++)
        example_free(&ex[i]);
    for (int i = 0; i < nshrunk; i++)
        example_free(&shrunk[i]);
    if (s.argv)
        pz_free_words(s.argv);
    pz_corpus_close(&s.corpus);
    free(all);
    return rc < 0 ? PZ_EXIT_OK : rc;
}
