/* tetravex-nodes.c - count's search tree (countsearch.c) on each game of Tetravex corpora:
 * the nodes it visits, its CPU time and so the time per node.  Built by
 * scripts/tetravex-bench against a build with or without the counting
 * checks (-DTX_NO_SUPPLY, -DTX_NO_BALANCE), so the ablation shows what a
 * check costs per node against the nodes it saves.  Prints one Markdown
 * table row per corpus.
 *
 *     tetravex-nodes LABEL CORPUS...
 *
 * With options (the inference section), the same for mrv's search too, with
 * the inference switches of tetravex.h and a node cap per game, and two more
 * columns: the games refuted before the first node, and those cut by the cap:
 *
 *     tetravex-nodes [--search count|square|pairs|pairs-rows|mrv] [--infer MASK]
 *                    [--most K] [--cap NODES] LABEL CORPUS...
 *
 * (pairs and pairs-rows: pairs.c's search, count's tree in the square order
 * or row by row, with its cheaper node.)
 *
 * A search cut by the cap prints a line before the row: the game and the
 * size of its whole tree by the estimate on the cut's path (each kind at a
 * node an equal share of it, as the portfolio's); for mrv, the tree of its
 * last run (each run orders the cells and kinds anew).
 *
 * With --search portfolio, the portfolio against the single solvers it
 * answers to (the bar in nodes, tetravex-bar.h), a line for each
 * game where it spends more than twice the best and 50000 nodes (about a
 * millisecond), and the row: games, games within that bar, the largest
 * ratio and its game, the portfolio's nodes and the best single solvers'
 * (each cut past twice the portfolio's and 50000, so a lower bound).
 *
 * With --turn O (0 to 7; count, square and pairs), each game is searched
 * turned to orientation O first (tx__turn: the search starts from another
 * corner), with a line a game: its nodes, CPU time and answer.
 *
 * MASK is tx__infer's bits (tetravex.h): 1 arc consistency (above 4
 * numbers), 2 also on games of 4 numbers or fewer, 4 the matching, 8 Hall's
 * condition on the border numbers, 16 the same pruning domains, 32 that on
 * games of 3 numbers or fewer; the default is 1.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../util/util.h"
#include "../corpus.h"
#include "../../solvers/tetravex/tetravex.h"
#include "tetravex-bar.h"

/* The searches: count's in either order (TX_ROWS, TX_SQUARE), pairs' in
 * either order (PAIRS + order), mrv's (-1), the portfolio's. */
enum { PAIRS = 16, PORTFOLIO = -2 };

/* Nodes of one game: count's search on one orientation (in the order
 * TX_ROWS or TX_SQUARE), or mrv's runs (its restarts included, search < 0)
 * until one ends or *cap nodes are spent.  -1 if cut; then *tree is the
 * whole tree by the estimate on the cut's path (tx__count_part's, or for
 * mrv its last run's), 0 if there is none. */
static int nodes_of(const tx_game *g, int search, long long cap, long long *nodes, double *tree)
{
    tx_kinds ks;
    uint8_t kind[TX_CELLS];
    *tree = 0;
    if (search >= PAIRS) {
        static tx_pairs p;
        long long budget = cap;
        tx__pairs_init(&p, g, search - PAIRS);
        int rc = tx__pairs_run(&p, &budget);
        *nodes = cap - (budget > 0 ? budget : 0);
        if (rc < 0)
            *tree = (double)*nodes / tx__pairs_done(&p);
        return rc;
    }
    if (search >= 0) {
        long long budget = cap;
        int resume = 0;
        double done;
        int rc = tx__count_part(g, search, &budget, &ks, kind, &resume, &done);
        *nodes = cap - (budget > 0 ? budget : 0);
        if (rc < 0 && done > 0)
            *tree = (double)*nodes / done;
        return rc;
    }
    tx_answer a;
    long long spent;
    double done;
    *nodes = 0;
    for (int run = 0;; run++) {
        int rc = tx__mrv_run(g, run, &spent, &done, &a);
        *nodes += spent;
        if (rc >= 0)
            return rc;
        if (*nodes >= cap) {
            if (done > 0)
                *tree = (double)spent / done;
            return -1;
        }
    }
}

/* Opens the corpus spec, or says why not: 0 or -1. */
static int open_corpus(pz_corpus *c, const char *spec)
{
    pz_error e;
    if (!pz_corpus_open(c, &pz_tetravex, spec, &e))
        return 0;
    fprintf(stderr, "tetravex-nodes: %s: %s\n", spec, e.msg);
    return -1;
}

/* --search portfolio: the portfolio against the best single solver, game
 * by game, in nodes. */
static int race(const char *label, int specs, char **spec)
{
    const pz_solver *s = pz_find_solver("tetravex", "portfolio");
    void *scratch = pz_xmalloc(s->scratch_size);
    for (int i = 0; i < specs; i++) {
        pz_corpus c;
        tx_game g;
        tx_answer a;
        long long within = 0, worst = 0, mine = 0, theirs = 0;
        double ratio = 0;
        if (open_corpus(&c, spec[i])) {
            free(scratch);
            return 2;
        }
        for (long long k = 0; k < c.count; k++) {
            long long work, best;
            const char *which;
            pz_corpus_get(&c, k, &g);
            tx__portfolio(&g, &a, scratch, &work);
            int ok = tx__bar(&g, work, &best, &which);
            double r = best ? (double)work / (double)best : 1;
            if (ok)
                within++;
            else
                printf("game %lld: the portfolio %lld nodes, %s alone %lld: %.2fx\n", k, work,
                       which, best, r);
            if (r > ratio)
                ratio = r, worst = k;
            mine += work;
            theirs += best;
        }
        printf("| %s | `%s` | %lld | %lld | %.2fx | %lld | %lld | %lld |\n", label, spec[i],
               c.count, within, ratio, worst, mine, theirs);
        pz_corpus_close(&c);
    }
    free(scratch);
    return 0;
}

int main(int argc, char **argv)
{
    static const char usage[] =
        "usage: tetravex-nodes [--search "
        "count|square|pairs|pairs-rows|mrv|portfolio] "
        "[--infer MASK] [--most K] [--cap NODES] [--turn O] LABEL CORPUS...\n";
    int first = 1, search = TX_ROWS, extended = 0, turn = -1; /* as nodes_of() takes it */
    long long cap = LLONG_MAX;
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("%s", usage);
        return 0;
    }
    /* The options of the inference section (results/tetravex.md): which
     * search, which inference (tx__infer's bits), a node cap per game. */
    while (first + 1 < argc && !strncmp(argv[first], "--", 2)) {
        const char *o = argv[first], *v = argv[first + 1];
        if (!strcmp(o, "--search") && !strcmp(v, "count"))
            search = TX_ROWS;
        else if (!strcmp(o, "--search") && !strcmp(v, "square"))
            search = TX_SQUARE;
        else if (!strcmp(o, "--search") && !strcmp(v, "pairs"))
            search = PAIRS + TX_SQUARE;
        else if (!strcmp(o, "--search") && !strcmp(v, "pairs-rows"))
            search = PAIRS + TX_ROWS;
        else if (!strcmp(o, "--search") && !strcmp(v, "mrv"))
            search = -1;
        else if (!strcmp(o, "--search") && !strcmp(v, "portfolio"))
            search = PORTFOLIO;
        else if (!strcmp(o, "--infer"))
            tx__infer = (unsigned)strtoul(v, NULL, 0);
        else if (!strcmp(o, "--most"))
            tx__arc_most = atoi(v);
        else if (!strcmp(o, "--cap") && atoll(v) > 0)
            cap = atoll(v);
        else if (!strcmp(o, "--turn") && v[0] >= '0' && v[0] <= '7' && !v[1])
            turn = v[0] - '0';
        else {
            fprintf(stderr, "tetravex-nodes: bad option %s %s\n%s", o, v, usage);
            return 2;
        }
        extended = 1;
        first += 2;
    }
    if (argc < first + 2) {
        fprintf(stderr, "%s", usage);
        return 2;
    }
    if (turn >= 0 && search < 0) {
        fprintf(stderr, "tetravex-nodes: --turn takes count, square or pairs\n");
        return 2;
    }
    if (search == PORTFOLIO)
        return race(argv[first], argc - first - 1, argv + first + 1);
    for (int i = first + 1; i < argc; i++) {
        pz_corpus c;
        tx_game g;
        long long nodes = 0, most = 0, root = 0, cut = 0;
        double seconds = 0;
        if (open_corpus(&c, argv[i]))
            return 2;
        for (long long k = 0; k < c.count; k++) {
            long long one;
            double tree;
            pz_corpus_get(&c, k, &g);
            if (turn >= 0) {
                tx_game turned;
                tx__turn(&g, turn, &turned);
                g = turned;
            }
            double t0 = pz_cpu_now();
            int rc = nodes_of(&g, search, cap, &one, &tree);
            seconds += pz_cpu_now() - t0;
            if (turn >= 0) {
                const char *answer = rc < 0 ? "cut" : rc ? "Possible" : "Impossible";
                printf("game %lld: turn %d: %lld nodes, %.3g s, %s\n", k, turn, one,
                       pz_cpu_now() - t0, answer);
            }
            if (tree > 0)
                printf("game %lld: cut at %lld nodes; %s about %.2g nodes by the estimate on "
                       "the cut's path\n",
                       k, one, search < 0 ? "its last run's tree" : "the whole tree", tree);
            nodes += one;
            most = one > most ? one : most;
            root += one == 0; /* refuted before the first node */
            cut += rc < 0;
        }
        if (extended)
            printf("| %s | `%s` | %lld | %lld | %lld | %lld | %lld | %.3g s | %.1f ns |\n",
                   argv[first], argv[i], c.count, root, cut, nodes, most, seconds,
                   nodes ? seconds * 1e9 / (double)nodes : 0);
        else
            printf("| %s | `%s` | %lld | %lld | %lld | %.3g s | %.1f ns |\n", argv[first], argv[i],
                   c.count, nodes, most, seconds, nodes ? seconds * 1e9 / (double)nodes : 0);
        pz_corpus_close(&c);
    }
    return 0;
}
