/* tetravex-threads.c - one game on several threads (split.c), game by game:
 * its wall and CPU time, its nodes, and from the time each subtree took,
 * the wall time the same split would take on more cores.
 *
 *     tetravex-threads [--threads T] CORPUS...
 *
 * Prints a tab-separated row a game:
 *     index  answer  nodes  wall-s  cpu-s  depth  subtrees  top-cpu-s
 *     longest-s  sum-s  wall-16  wall-64  wall-256
 * where cpu-s is the CPU of every thread (the game's and its helpers'),
 * top-cpu-s the walk above the cut (done under a lock, one thread at a
 * time), longest-s the longest subtree, sum-s the subtrees' CPU summed, and
 * wall-P the wall time on P cores worked out from the log: the walk above
 * the cut, then the subtrees in the order the search meets them, each to
 * the core that comes free first (as the threads take them), a lower bound
 * being max(sum / P, longest).  On Impossible games every subtree is
 * searched, so the figures hold for any P; on a Possible game the threads
 * stop at the first placement, and wall-P is only what this run searched.
 *
 *     tetravex-threads --estimate CORPUS...
 *
 * prints instead each game's tree by split.c's estimate (Knuth's probes)
 * from each of the four corners, and the corner it picks:
 *     index  tree-0  tree-2  tree-4  tree-6  picked
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

/* --estimate: each corner's tree by split.c's estimate. */
static int estimates(int specs, char **spec, void *scratch)
{
    printf("index\ttree-0\ttree-2\ttree-4\ttree-6\tpicked\n");
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
            printf("%lld\t%.3g\t%.3g\t%.3g\t%.3g\t%d\n", k, tree[0], tree[1], tree[2], tree[3],
                   picked);
        }
        pz_corpus_close(&c);
    }
    free(scratch);
    return 0;
}

int main(int argc, char **argv)
{
    int first = 1, threads = 2, estimate = 0;
    if (argc > 2 && !strcmp(argv[1], "--threads")) {
        threads = atoi(argv[2]);
        first = 3;
    } else if (argc > 1 && !strcmp(argv[1], "--estimate")) {
        estimate = first = 2;
    }
    if (argc < first + 1 || threads < 1) {
        fprintf(stderr, "usage: tetravex-threads [--threads T] CORPUS...\n");
        return 2;
    }
    tx_split_task *task = pz_xcalloc(CAP, sizeof *task);
    void *scratch = pz_xcalloc(1, TX_SPLIT_SCRATCH);
    if (estimate) {
        free(task);
        return estimates(argc - first, argv + first, scratch);
    }
    printf("index\tanswer\tnodes\twall-s\tcpu-s\tdepth\tsubtrees\ttop-cpu-s\tlongest-s\tsum-s\t"
           "wall-16\twall-64\twall-256\n");
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
            if (tx__split(&g, threads, &a, scratch, &nodes, &log))
                pz_fatal("tetravex-threads: game %lld stopped", k);
            double wall = pz_now() - w0, cpu = pz_cpu_now() - c0 + pz_helper_cpu() - h0;
            long long n = log.count < log.cap ? log.count : log.cap;
            for (long long t = 0; t < n; t++) {
                sum += task[t].cpu;
                longest = task[t].cpu > longest ? task[t].cpu : longest;
            }
            printf("%lld\t%s\t%lld\t%.3f\t%.3f\t%d\t%lld\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\n", k,
                   a.possible ? "Possible" : "Impossible", nodes, wall, cpu, log.depth, log.count,
                   log.top_cpu, longest, sum, log.top_cpu + makespan(task, n, 16),
                   log.top_cpu + makespan(task, n, 64), log.top_cpu + makespan(task, n, 256));
            fflush(stdout);
        }
        pz_corpus_close(&c);
    }
    free(task);
    free(scratch);
    return 0;
}
