/* tetravex-threads.c - one game on several threads (split.c), game by game:
 * its wall and CPU time, its nodes, and from the time each subtree took,
 * the wall time the same split would take on more cores.
 *
 *     tetravex-threads [--threads T] [--corners] CORPUS...
 *
 * Prints a tab-separated row a game:
 *     index  answer  nodes  wall-s  cpu-s  depth  subtrees  top-cpu-s
 *     longest-s  sum-s  wall-16  wall-64  wall-256  busiest-s  turn  corners
 * where cpu-s is the CPU of every thread (the game's and its helpers'),
 * top-cpu-s the walk above the cut (done under a lock, one thread at a
 * time), longest-s the longest subtree, sum-s the subtrees' CPU summed, and
 * wall-P the wall time on P cores worked out from the log: the walk above
 * the cut, then the subtrees in the order the search meets them, each to
 * the core that comes free first (as the threads take them), a lower bound
 * being max(sum / P, longest).  On Impossible games every subtree is
 * searched, so the figures hold for any P; on a Possible game the threads
 * stop at the first placement, and wall-P is only what this run searched.
 * busiest-s is the CPU of the thread that worked longest: on T cores, the
 * wall time of its work (with more threads than cores, what T cores would
 * take, if the system shares the cores out fairly); turn, the corner
 * searched (0, 2, 4, 6), the one that answered; corners, the nodes each
 * corner got (0, 2, 4, 6, slash-separated; 0 for one not searched).
 * With --corners (corners.c: the four corners at once) which subtrees run
 * follows the threads' timing, so wall-P is "-": busiest-s is the figure.
 *
 *     tetravex-threads --estimate CORPUS...
 *
 * prints instead each game's tree by split.c's estimate (Knuth's probes)
 * from each of the four corners, the corner it picks, and the tree of the
 * plain square search (no counting checks) by the finite-colour model:
 *     index  tree-0  tree-2  tree-4  tree-6  picked  model
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../util/util.h"
#include "../corpus.h"
#include "../../solvers/tetravex/tetravex.h"

enum { CAP = 1 << 22 }; /* subtrees logged a game */

/* The subtrees' CPU times in order onto cores cores, each to the core that
 * comes free first: when the last ends. */
static double makespan(const tx_split_task *task, long long n, int cores)
{
    double *free_at = pz_xcalloc((size_t)cores, sizeof *free_at), end = 0;
    for (long long t = 0; t < n; t++) {
        int c = 0;
        for (int i = 1; i < cores; i++)
            if (free_at[i] < free_at[c])
                c = i;
        free_at[c] += task[t].cpu;
        end = free_at[c] > end ? free_at[c] : end;
    }
    free(free_at);
    return end;
}

/* The finite-colour model's tree of the square search without its
 * counting checks: at step k, the ordered choices of k of the n*n tiles
 * times the chance that each edge between the first k cells matches, an
 * edge matching as two different tiles of the game do (right against left,
 * bottom against top), so the generator's planted matches count too. */
static double model(const tx_game *g)
{
    int n = g->n, nn = n * n, f[4][TX_DIGITS] = {{0}}, self[2] = {0, 0};
    uint8_t cell[TX_CELLS], laid[TX_CELLS] = {0};
    double q[2] = {0, 0}, boards = 1, tree = 0;
    if (nn < 2)
        return nn;
    for (int i = 0; i < nn; i++) {
        for (int s = 0; s < 4; s++)
            f[s][g->tile[i][s]]++;
        self[0] += g->tile[i][TX_RIGHT] == g->tile[i][TX_LEFT];
        self[1] += g->tile[i][TX_BOTTOM] == g->tile[i][TX_TOP];
    }
    for (int d = 0; d < TX_DIGITS; d++) {
        q[0] += (double)f[TX_RIGHT][d] * f[TX_LEFT][d];
        q[1] += (double)f[TX_BOTTOM][d] * f[TX_TOP][d];
    }
    for (int h = 0; h < 2; h++)
        q[h] = (q[h] - self[h]) / ((double)nn * (nn - 1));
    tx__order(n, TX_SQUARE, cell);
    for (int k = 0; k < nn; k++) {
        int c = cell[k];
        boards *= nn - k;
        if (c % n && laid[c - 1])
            boards *= q[0];
        if (c >= n && laid[c - n])
            boards *= q[1];
        laid[c] = 1;
        tree += boards;
    }
    return tree;
}

/* --estimate: each corner's tree by split.c's estimate, and the model's. */
static int estimates(int specs, char **spec, void *scratch)
{
    printf("index\ttree-0\ttree-2\ttree-4\ttree-6\tpicked\tmodel\n");
    for (int i = 0; i < specs; i++) {
        pz_corpus c;
        pz_error e;
        if (pz_corpus_open(&c, &pz_tetravex, spec[i], &e)) {
            fprintf(stderr, "tetravex-threads: %s: %s\n", spec[i], e.msg);
            return 2;
        }
        for (long long k = 0; k < c.count; k++) {
            tx_game g;
            double tree[4] = {0, 0, 0, 0};
            pz_corpus_get(&c, k, &g);
            int picked = tx__split_estimate(&g, scratch, tree);
            printf("%lld\t%.3g\t%.3g\t%.3g\t%.3g\t%d\t%.3g\n", k, tree[0], tree[1], tree[2],
                   tree[3], picked, model(&g));
        }
        pz_corpus_close(&c);
    }
    free(scratch);
    return 0;
}

int main(int argc, char **argv)
{
    int first = 1, threads = 2, estimate = 0, all = 0;
    if (argc > 2 && !strcmp(argv[1], "--threads")) {
        threads = atoi(argv[2]);
        first = 3;
    } else if (argc > 1 && !strcmp(argv[1], "--estimate")) {
        estimate = first = 2;
    }
    if (!estimate && argc > first && !strcmp(argv[first], "--corners"))
        all = 1, first++;
    if (argc < first + 1 || threads < 1) {
        fprintf(stderr, "usage: tetravex-threads [--threads T] [--corners] CORPUS...\n"
                        "       tetravex-threads --estimate CORPUS...\n");
        return 2;
    }
    tx_split_task *task = pz_xcalloc(CAP, sizeof *task);
    void *scratch = pz_xcalloc(1, TX_SPLIT_SCRATCH);
    if (estimate) {
        free(task);
        return estimates(argc - first, argv + first, scratch);
    }
    printf("index\tanswer\tnodes\twall-s\tcpu-s\tdepth\tsubtrees\ttop-cpu-s\tlongest-s\tsum-s\t"
           "wall-16\twall-64\twall-256\tbusiest-s\tturn\tcorners\n");
    for (int i = first; i < argc; i++) {
        pz_corpus c;
        pz_error e;
        if (pz_corpus_open(&c, &pz_tetravex, argv[i], &e)) {
            fprintf(stderr, "tetravex-threads: %s: %s\n", argv[i], e.msg);
            return 2;
        }
        for (long long k = 0; k < c.count; k++) {
            tx_game g;
            tx_answer a;
            tx_split_log log = {.task = task, .cap = CAP};
            long long nodes;
            double longest = 0, sum = 0;
            pz_corpus_get(&c, k, &g);
            double w0 = pz_now(), c0 = pz_cpu_now(), h0 = pz_helper_cpu();
            pz_set_game_threads(threads);
            if (tx__split(&g, threads, all, &a, scratch, &nodes, &log))
                pz_fatal("tetravex-threads: game %lld stopped", k);
            double wall = pz_now() - w0, cpu = pz_cpu_now() - c0 + pz_helper_cpu() - h0;
            long long n = log.count < log.cap ? log.count : log.cap;
            for (long long t = 0; t < n; t++) {
                sum += task[t].cpu;
                longest = task[t].cpu > longest ? task[t].cpu : longest;
            }
            printf("%lld\t%s\t%lld\t%.3f\t%.3f\t%d\t%lld\t%.3f\t%.3f\t%.3f", k,
                   a.possible ? "Possible" : "Impossible", nodes, wall, cpu, log.depth, log.count,
                   log.top_cpu, longest, sum);
            for (int p = 16; p <= 256; p *= 4)
                if (log.corners > 1)
                    printf("\t-");
                else
                    printf("\t%.3f", log.top_cpu + makespan(task, n, p));
            printf("\t%.3f\t%d\t%lld/%lld/%lld/%lld\n", log.busiest, log.turn, log.corner_nodes[0],
                   log.corner_nodes[1], log.corner_nodes[2], log.corner_nodes[3]);
            fflush(stdout);
        }
        pz_corpus_close(&c);
    }
    free(task);
    free(scratch);
    return 0;
}
