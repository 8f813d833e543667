/* gen.c - `puzzlebench gen`: a corpus (or its shard) in the judge's format. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../bench/run.h"

enum { CHUNK = 4096 };

int pz_cmd_gen(int argc, char **argv)
{
    const char *spec = NULL, *shard = NULL;
    const pz_puzzle *p = NULL;
    pz_corpus c;
    pz_shard sh;
    int status;
    for (int i = 1; i < argc; i++) {
        if (pz_option(argc, argv, &i, "--corpus", &spec) ||
            pz_option(argc, argv, &i, "--shard", &shard))
            continue;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: puzzlebench gen PUZZLE --corpus SPEC [--shard K/N]\n"
                   "Writes the corpus (or shard K of N, 0 <= K < N) to stdout as one judge "
                   "input.\n");
            return PZ_EXIT_OK;
        }
        if ((status = pz_puzzle_arg("gen", argv[i], &p)))
            return status;
    }
    if ((status = pz_open_shard("gen", p, spec, shard, &c, &sh)))
        return status;
    /* The input is written in chunks, each told where it sits in the whole,
     * so a header can carry the total and any size of corpus streams. */
    char *v = calloc(CHUNK, p->inst_size);
    static char obuf[1 << 16];
    uint64_t total = (uint64_t)(sh.end - sh.first);
    if (!v)
        pz_fatal("out of memory");
    setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
    long long lo = sh.first;
    do { /* once at least: an empty input has a header too */
        size_t n = sh.end - lo < CHUNK ? (size_t)(sh.end - lo) : CHUNK;
        for (size_t j = 0; j < n; j++)
            pz_corpus_get(&c, lo + (long long)j, v + j * p->inst_size);
        p->write_input(stdout, v, n, (uint64_t)(lo - sh.first), total);
        lo += (long long)n;
    } while (lo < sh.end);
    free(v);
    pz_corpus_close(&c);
    if (fflush(stdout))
        return pz_usage("gen: cannot write the output");
    return PZ_EXIT_OK;
}
