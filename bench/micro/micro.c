/* micro.c - `puzzlebench-micro`: Google Benchmark over every registered solver.
 *
 * Two families of benchmarks, named so that scripts can split them on '/':
 *
 *     set/PUZZLE/SOLVER/SET      a fixed instance set: small, typical or hard
 *     scale/PUZZLE/SOLVER/n:N    N x N boards (n = N for tetravex): growth curves
 *
 * Every solver in the registry is paired with every set of its puzzle; a pair
 * is registered only where the solver fits every instance of the set, so no
 * benchmark errors (`--skipped` lists the pairs left out and why).  A set is
 * drawn from the corpus generators with a fixed seed and loaded before any
 * timing; one iteration solves the whole set, so items_per_second counts
 * instances per second and every iteration does the same work.
 *
 * A wide set (boards the puzzle makes as big boards: past 64x64, and 61x61,
 * 62x64, 64x62) is made as the harness makes it (run.c): its rows in an
 * arena kept for the whole run, an answer per instance sized by answer_in,
 * and each solver's resize() called for the set's size, all before timing.
 */
#include <stdlib.h>
#include <string.h>

#include "../../util/util.h"
#include "../corpus.h"
#include "shim.h"
#include "../../solvers/arena.h"

/* The instance sets of each puzzle: the one place to edit for a new puzzle.
 * small: every solver fits; typical: the judge's size; hard: the largest
 * boards where more than one algorithm still competes.  Each is sized so
 * that its slowest solver takes under a second per iteration.  scale is a
 * spec printed with the size twice (rows and cols, or n and an ignored extra
 * argument) for every size from..to.
 */
typedef struct table_entry {
    const char *puzzle;
    const char *sets[3]; /* small, typical, hard */
    const char *scale;
    int from, to;
} table_entry;

static const char *const set_names[3] = {"small", "typical", "hard"};

static const table_entry table[] = {
    {"flip",
     {"flip:exhaustive:rows=3:cols=3",                /* every 3x3 board */
      "flip:random:rows=4:cols=4:count=1000:seed=1",  /* the judge's size */
      "flip:random:rows=8:cols=8:count=1000:seed=1"}, /* flip's largest */
     "flip:random:rows=%d:cols=%d:count=16:seed=1",
     2,
     8},
    {"lightsout",
     {"lightsout:exhaustive:rows=3:cols=3", "lightsout:random:rows=5:cols=6:count=1000:seed=1",
      "lightsout:random:rows=20:cols=20:count=16:seed=1"}, /* rowenum's largest */
     "lightsout:random:rows=%d:cols=%d:count=16:seed=1",
     2,
     64},
    {"tetravex",
     {"tetravex:random:n=3:digits=3:mode=tiles:count=1000:seed=1",     /* naive fits */
      "tetravex:random:n=5:digits=10:mode=perturbed:count=100:seed=1", /* the judge's size */
      "tetravex:random:n=6:digits=10:mode=perturbed:count=16:seed=1"}, /* kinds: 0.4 s */
     "tetravex:random:n=%d:mode=solvable:count=16:seed=1",
     2,
     6}, /* kinds: 10 s at 7 */
};

/* A loaded set, shared by the benchmarks of every solver that fits it. */
typedef struct set {
    struct set *next;
    char spec[512]; /* canonical, shown as the label */
    long long count;
    char *insts;
    const pz_puzzle *puzzle; /* the corpus's: the wide twin for a wide set */
    pz_arena *arena;         /* a wide set's rows and its answers' rows, or NULL */
} set;

/* One benchmark: a solver on a set. */
typedef struct job {
    struct job *next;
    const pz_solver *solver;
    const set *set;
    void **scratch; /* the solver's, shared by its jobs */
    char *ans;      /* one answer, or a wide set's one per instance */
    size_t stride;  /* from one instance's answer to the next: 0 or ans_size */
} job;

static set *sets;
static job *jobs;
static void **scratches; /* one per solver, in registry order */
static int show_skipped;

static void run(pz_micro_state *st, void *arg)
{
    const job *j = arg;
    const pz_solver *s = j->solver;
    size_t size = j->set->puzzle->inst_size, stride = j->stride;
    int failed = 0;
    if (!*j->scratch)
        *j->scratch = pz_scratch_new(s);
    if (s->resize && j->set->count) /* the per-size work, untimed, as in run.c */
        (void)s->resize(*j->scratch, j->set->insts);
    while (pz_micro_keep_running(st))
        for (long long i = 0; i < j->set->count; i++)
            failed |= s->solve(j->set->insts + (size_t)i * size, j->ans + (size_t)i * stride,
                               *j->scratch);
    if (failed)
        pz_micro_skip(st, "the solver failed on an instance of this set");
    pz_micro_set_items(st, pz_micro_iterations(st) * j->set->count);
    pz_micro_counter(st, "instances", (double)j->set->count, PZ_MICRO_VALUE);
    pz_micro_label(st, j->set->spec);
}

static int fits_all(const pz_solver *s, const set *t)
{
    for (long long i = 0; i < t->count; i++)
        if (!s->fits(t->insts + (size_t)i * t->puzzle->inst_size))
            return 0;
    return 1;
}

/* Loads spec and registers FAMILY/PUZZLE/SOLVER/TAIL for each solver that fits. */
static void add(const pz_puzzle *p, const char *spec, const char *family, const char *tail)
{
    pz_corpus c;
    pz_error e;
    size_t isz, asz;
    set *t = calloc(1, sizeof *t);
    if (!t)
        pz_fatal("out of memory");
    if (pz_corpus_open(&c, p, spec, &e))
        pz_fatal("micro: the table's corpus %s: %s", spec, e.msg);
    snprintf(t->spec, sizeof t->spec, "%s", c.spec);
    t->count = c.count;
    t->puzzle = c.puzzle;
    isz = c.puzzle->inst_size;
    asz = c.puzzle->ans_size;
    if (!(t->insts = malloc((size_t)c.count * isz)))
        pz_fatal("out of memory");
    if (c.arena) { /* wide: pz_corpus_get would give each board's rows back at the next */
        if (!c.gen)
            pz_fatal("micro: the table's corpus %s: a file of big boards", spec);
        t->arena = pz_arena_new();
        for (long long i = 0; i < c.count; i++)
            c.gen->make_in(&c.params, (uint64_t)i, t->insts + (size_t)i * isz, t->arena);
    } else {
        for (long long i = 0; i < c.count; i++)
            pz_corpus_get(&c, i, t->insts + (size_t)i * isz);
    }
    pz_corpus_close(&c);
    t->next = sets;
    sets = t;
    for (int i = 0; pz_solvers[i]; i++) {
        const pz_solver *s = pz_solvers[i];
        char name[256];
        job *j;
        if (s->puzzle != p)
            continue;
        snprintf(name, sizeof name, "%s/%s/%s/%s", family, p->name, s->name, tail);
        if (!fits_all(s, t)) {
            if (show_skipped)
                printf("%-28s %s takes %s; the set is %s\n", name, s->name, s->limits, t->spec);
            continue;
        }
        if (!(j = calloc(1, sizeof *j)))
            pz_fatal("out of memory");
        j->stride = t->arena ? asz : 0;
        if (!(j->ans = calloc(t->arena ? (size_t)t->count : 1, asz)))
            pz_fatal("out of memory");
        for (long long k = 0; t->arena && k < t->count; k++) /* the answers' rows */
            t->puzzle->answer_in(t->insts + (size_t)k * isz, j->ans + (size_t)k * asz, t->arena);
        j->solver = s;
        j->set = t;
        j->scratch = &scratches[i];
        j->next = jobs;
        jobs = j;
        pz_micro_register(name, run, j);
    }
}

/* $PUZZLEBENCH_PLUGINS, then each --plugin FILE.so (or --plugin=FILE.so),
 * which leave argv for Google Benchmark's options: 0, or 2 after a message. */
static int load_plugins(int *argc, char **argv)
{
    pz_error e;
    int k = 1, bad = pz_plugin_load_env(&e);
    for (int i = 1; i < *argc && !bad; i++) {
        const char *path = !strncmp(argv[i], "--plugin=", 9)               ? argv[i] + 9
                           : !strcmp(argv[i], "--plugin") && i + 1 < *argc ? argv[++i]
                                                                           : NULL;
        if (!path)
            argv[k++] = argv[i];
        else
            bad = pz_plugin_load(path, &e);
    }
    if (bad) {
        fprintf(stderr, "puzzlebench-micro: %s: %s\n", e.file, e.msg);
        return 2;
    }
    *argc = k;
    argv[k] = NULL;
    return 0;
}

/* Our part of --help; Google Benchmark's list of its flags follows it. */
static void help(void)
{
    printf(
        "usage: puzzlebench-micro [--plugin FILE.so]... [--skipped] [--benchmark_FLAG=VALUE]...\n"
        "\n"
        "Google Benchmark over every registered solver, on fixed instance sets made\n"
        "before any timing (bench/micro/micro.c), under the names\n"
        "  set/PUZZLE/SOLVER/SET      SET small, typical or hard\n"
        "  scale/PUZZLE/SOLVER/n:N    N x N boards (N tiles a side for tetravex)\n"
        "A solver is paired with a set only where it fits every instance of it.\n"
        "One iteration solves the whole set, so items_per_second is instances per\n"
        "second, of CPU time; the label is the set's corpus spec.  Answers are not\n"
        "checked here (puzzlebench run checks them); a solver that fails an\n"
        "instance marks its benchmark with an error.\n"
        "\n"
        "  --plugin FILE.so  also benchmark a plug-in's solvers, named FILE.so:NAME\n"
        "                    (repeatable, --plugin=FILE.so too; PUZZLEBENCH_PLUGINS=\n"
        "                    A.so:B.so loads its plug-ins first)\n"
        "  --skipped         list the pairs not registered, with the solver's limits,\n"
        "                    and exit without running any\n"
        "  --help            this help and Google Benchmark's flags, then exit\n"
        "\n"
        "scripts/bench runs it with 3 repetitions of at least 0.1 s each and writes\n"
        "results/run/micro.json.  Google Benchmark's flags:\n"
        "\n");
    fflush(stdout);
}

int main(int argc, char **argv)
{
    int nsolvers = 0, status;
    /* --help before any set is made or plug-in loaded: it prints at once. */
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            char *only[] = {argv[0], "--help", NULL};
            help();
            return pz_micro_main(2, only); /* prints the library's flags, exits 0 */
        }
    /* A line of the console's table as each benchmark ends, in a pipe or a
     * file too (scripts/bench sends it to stderr as its progress). */
    setvbuf(stdout, NULL, _IOLBF, 0);
    if ((status = load_plugins(&argc, argv)))
        return status;
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--skipped"))
            show_skipped = 1;
    while (pz_solvers[nsolvers])
        pz_prepare(pz_solvers[nsolvers++]);
    if (!(scratches = calloc((size_t)nsolvers, sizeof *scratches)))
        pz_fatal("out of memory");
    for (size_t k = 0; k < sizeof table / sizeof *table; k++) {
        const table_entry *te = &table[k];
        const pz_puzzle *p = pz_find_puzzle(te->puzzle);
        if (!p) /* its branch has not landed yet */
            continue;
        for (int i = 0; i < 3; i++)
            add(p, te->sets[i], "set", set_names[i]);
        for (int n = te->from; n <= te->to; n++) {
            char spec[256], tail[32];
            snprintf(spec, sizeof spec, te->scale, n, n);
            snprintf(tail, sizeof tail, "n:%d", n);
            add(p, spec, "scale", tail);
        }
    }
    status = show_skipped ? 0 : pz_micro_main(argc, argv);
    while (jobs) {
        job *j = jobs;
        jobs = j->next;
        free(j->ans);
        free(j);
    }
    while (sets) {
        set *t = sets;
        sets = t->next;
        free(t->insts);
        pz_arena_free(t->arena);
        free(t);
    }
    for (int i = 0; i < nsolvers; i++)
        if (scratches[i])
            pz_scratch_free(pz_solvers[i], scratches[i]);
    free(scratches);
    return status;
}
