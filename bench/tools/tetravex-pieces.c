/* tetravex-pieces.c - one game's pieces (pieces.c), each searched alone by
 * the square order's search (square.c) on this thread, its CPU time and
 * nodes: what scripts/tetravex-split measures, a line a piece.
 *
 *     tetravex-pieces [--depth D] [--random] [--from I] [--seconds S]
 *                     [--wall W] [--cap NODES] CORPUS [K]
 *
 * Game K (default 0) of CORPUS (a file or a generator spec) is split at
 * step D (default 6) of the search.  The pieces are searched in index
 * order or, with --random, in a fixed pseudo-random order (the same every
 * run: a sample at any point it stops), from position I of that order
 * (default 0), each to its end or NODES nodes (then "cut", with its tree
 * by the search's estimate), until S CPU seconds are spent or W seconds
 * of the wall clock have passed (default: no end; a piece under way is
 * finished).  First a line "# pieces P top T cpu S": the pieces, the nodes
 * above them and the CPU seconds the split took.  For a game of a
 * tetravex:random:...:mode=solvable spec, then "# planted I ANSWER NODES
 * CPU": the piece that holds the board the generator laid before it
 * shuffled the tiles (so Possible), searched first.  Then for each piece
 * searched, tab-separated: its index, Possible, Impossible or cut, its
 * nodes, its CPU seconds, and its tree by the estimate (its nodes if it
 * ended).  Lines are flushed as they come, so a run cut short keeps what
 * it measured and goes on from there with --from.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../util/util.h"
#include "../corpus.h"
#include "../../solvers/rng.h"
#include "../../solvers/tetravex/tetravex.h"

typedef struct pieces {
    tx_game *v;
    long long n, cap;
} pieces;

static void keep(void *ctx, const void *piece)
{
    pieces *p = ctx;
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 4096;
        if (!(p->v = realloc(p->v, (size_t)p->cap * sizeof *p->v)))
            pz_fatal("out of memory");
    }
    p->v[p->n++] = *(const tx_game *)piece;
}

static double number(const char *s, const char *what)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || *end || !(v >= 0) || v > 1e18) {
        fprintf(stderr, "tetravex-pieces: expected %s a number >= 0, found '%s'\n", what, s);
        exit(2);
    }
    return v;
}

/* One piece searched: its answer, nodes, CPU seconds and tree. */
static void measure(const tx_game *piece, long long cap, const char **answer, long long *nodes,
                    double *cpu, double *tree)
{
    tx_kinds ks;
    uint8_t kind[TX_CELLS];
    long long budget = cap;
    int resume = 0;
    double done, t0 = pz_cpu_now();
    int rc = tx__count_part(piece, TX_SQUARE, &budget, &ks, kind, &resume, &done);
    *cpu = pz_cpu_now() - t0;
    *nodes = cap - (budget > 0 ? budget : 0);
    *answer = rc == 1 ? "Possible" : rc == 0 ? "Impossible" : "cut";
    *tree = rc < 0 && done > 0 ? (double)*nodes / done : (double)*nodes;
}

static int usage(void)
{
    fprintf(stderr, "usage: tetravex-pieces [--depth D] [--random] [--from I] [--seconds S] "
                    "[--wall W] [--cap NODES] CORPUS [K]\n");
    return 2;
}

int main(int argc, char **argv)
{
    long long depth = 6, from = 0, cap = LLONG_MAX, k = 0, top;
    double seconds = -1, wall = -1, start = pz_now();
    int random = 0, nargs = 0;
    const char *spec = NULL;
    pz_corpus c;
    pz_error e;
    tx_game g;
    pieces p = {0};
    char why[256];
    uint8_t board[TX_CELLS][4];
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && !strcmp(argv[i], "--depth"))
            depth = (long long)number(argv[++i], "--depth");
        else if (!strcmp(argv[i], "--random"))
            random = 1;
        else if (i + 1 < argc && !strcmp(argv[i], "--from"))
            from = (long long)number(argv[++i], "--from");
        else if (i + 1 < argc && !strcmp(argv[i], "--seconds"))
            seconds = number(argv[++i], "--seconds");
        else if (i + 1 < argc && !strcmp(argv[i], "--wall"))
            wall = number(argv[++i], "--wall");
        else if (i + 1 < argc && !strcmp(argv[i], "--cap"))
            cap = (long long)number(argv[++i], "--cap");
        else if (argv[i][0] != '-' && nargs == 0)
            spec = argv[i], nargs++;
        else if (argv[i][0] != '-' && nargs == 1)
            k = (long long)number(argv[i], "K"), nargs++;
        else
            return usage();
    }
    if (!spec || depth > TX_CELLS)
        return usage();
    if (pz_corpus_open(&c, &pz_tetravex, spec, &e)) {
        fprintf(stderr, "%s:%ld: %s\n", e.file[0] ? e.file : spec, e.line, e.msg);
        return 2;
    }
    if (k >= c.count) {
        fprintf(stderr, "tetravex-pieces: %s has no game %lld\n", spec, k);
        return 2;
    }
    pz_corpus_get(&c, k, &g);
    int has_board = c.gen && tx__planted(&c.params, (uint64_t)k, board);
    pz_corpus_close(&c);
    double t0 = pz_cpu_now();
    if ((top = tx__pieces(&g, (int)depth, keep, &p, why, sizeof why)) < 0) {
        fprintf(stderr, "tetravex-pieces: --depth %lld: %s\n", depth, why);
        return 2;
    }
    printf("# pieces %lld top %lld cpu %.6f\n", p.n, top, pz_cpu_now() - t0);
    fflush(stdout);

    const char *answer;
    long long nodes;
    double cpu, tree, spent = 0;
    if (has_board && from == 0) {
        uint8_t order[TX_CELLS];
        long long i = 0;
        tx__order(g.n, TX_SQUARE, order);
        for (; i < p.n; i++) {
            int st = 0;
            while (st < depth && !memcmp(p.v[i].tile[st], board[order[st]], 4))
                st++;
            if (st == depth)
                break;
        }
        if (i == p.n)
            pz_fatal("tetravex-pieces: no piece holds the planted board");
        measure(&p.v[i], cap, &answer, &nodes, &cpu, &tree);
        if (strcmp(answer, "Possible"))
            pz_fatal("tetravex-pieces: the planted board's piece %lld is %s", i, answer);
        printf("# planted %lld %s %lld %.6f\n", i, answer, nodes, cpu);
        fflush(stdout);
    }

    long long *at = malloc((size_t)(p.n ? p.n : 1) * sizeof *at);
    if (!at)
        pz_fatal("out of memory");
    for (long long i = 0; i < p.n; i++)
        at[i] = i;
    if (random) { /* Fisher-Yates from a fixed stream: the same order every run */
        pz_rng rng = pz_rng_at(28, 4);
        for (long long i = p.n - 1; i > 0; i--) {
            long long j = (long long)pz_rng_below(&rng, (uint64_t)i + 1), t = at[i];
            at[i] = at[j], at[j] = t;
        }
    }
    for (long long x = from;
         x < p.n && (seconds < 0 || spent < seconds) && (wall < 0 || pz_now() - start < wall);
         x++) {
        measure(&p.v[at[x]], cap, &answer, &nodes, &cpu, &tree);
        spent += cpu;
        printf("%lld\t%s\t%lld\t%.6f\t%.4g\n", at[x], answer, nodes, cpu, tree);
        fflush(stdout);
    }
    free(at);
    free(p.v);
    return 0;
}
