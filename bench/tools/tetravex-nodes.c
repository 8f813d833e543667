/* tetravex-nodes.c - count.c's search tree on each game of Tetravex corpora:
 * the nodes it visits, its CPU time and so the time per node.  Built by
 * scripts/tetravex-bench against a build with or without the counting
 * checks (-DTX_NO_SUPPLY, -DTX_NO_BALANCE), so the ablation shows what a
 * check costs per node against the nodes it saves.  Prints one Markdown
 * table row per corpus.
 *
 *     tetravex-nodes LABEL CORPUS...
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "../../util/util.h"
#include "../corpus.h"
#include "../../solvers/tetravex/tetravex.h"

int main(int argc, char **argv)
{
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: tetravex-nodes LABEL CORPUS...\n");
        return 0;
    }
    if (argc < 3) {
        fprintf(stderr, "usage: tetravex-nodes LABEL CORPUS...\n");
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        pz_corpus c;
        pz_error e;
        tx_game g;
        tx_kinds ks;
        uint8_t kind[TX_CELLS];
        long long nodes = 0, most = 0;
        double seconds = 0;
        if (pz_corpus_open(&c, &pz_tetravex, argv[i], &e)) {
            fprintf(stderr, "tetravex-nodes: %s: %s\n", argv[i], e.msg);
            return 2;
        }
        for (long long k = 0; k < c.count; k++) {
            long long budget = LLONG_MAX;
            pz_corpus_get(&c, k, &g);
            double t0 = pz_cpu_now();
            tx__count_search(&g, &budget, &ks, kind);
            seconds += pz_cpu_now() - t0;
            nodes += LLONG_MAX - budget;
            most = LLONG_MAX - budget > most ? LLONG_MAX - budget : most;
        }
        printf("| %s | `%s` | %lld | %lld | %lld | %.3g s | %.1f ns |\n", argv[1], argv[i], c.count,
               nodes, most, seconds, nodes ? seconds * 1e9 / (double)nodes : 0);
        pz_corpus_close(&c);
    }
    return 0;
}
