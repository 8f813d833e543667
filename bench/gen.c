/* gen.c - `puzzlebench gen`: a corpus (or its shard) in the judge's format. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "run.h"

enum { CHUNK = 4096 };

int pz_cmd_gen(int argc, char **argv)
{
    const char *spec = NULL, *shard = NULL;
    const pz_puzzle *p = NULL;
    pz_corpus c;
    pz_shard sh;
    pz_error e;
    for (int i = 1; i < argc; i++) {
        if (pz_option(argc, argv, &i, "--corpus", &spec) ||
            pz_option(argc, argv, &i, "--shard", &shard))
            continue;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: puzzlebench gen PUZZLE --corpus SPEC [--shard K/N]\n"
                   "Writes the corpus (or shard K of N, 0 <= K < N) to stdout as one judge input.\n");
            return PZ_EXIT_OK;
        }
        if (argv[i][0] == '-')
            return pz_usage("gen: unknown option or missing value '%s' (try gen --help)", argv[i]);
        if (p)
            return pz_usage("gen: one puzzle at a time, found '%s' too", argv[i]);
        if (!(p = pz_find_puzzle(argv[i])))
            return pz_usage("gen: unknown puzzle '%s' (see puzzlebench list)", argv[i]);
    }
    if (!p)
        return pz_usage("gen: which puzzle? (see puzzlebench list)");
    if (!spec)
        return pz_usage("gen: --corpus SPEC is required (e.g. %s:%s)", p->name,
                        p->generators[0].kind);
    if (pz_corpus_open(&c, p, spec, &e))
        return pz_report(&e);
    if (pz_parse_shard(shard, c.count, &sh, &e)) {
        pz_corpus_close(&c);
        return pz_report(&e);
    }
    /* The input is written in chunks, each told where it sits in the whole,
     * so a header can carry the total and any size of corpus streams. */
    char *v = calloc(CHUNK, p->inst_size);
    static char obuf[1 << 16];
    uint64_t total = (uint64_t)(sh.end - sh.first);
    if (!v)
        pz_fatal("out of memory");
    setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
    long long lo = sh.first;
    do {                              /* once at least: an empty input has a header too */
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
