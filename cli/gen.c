/* gen.c - `puzzlebench gen`: a corpus (or its shard) in the judge's format. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../bench/run.h"
#include "../solvers/arena.h"
#include "../util/util.h"
#include "../solvers/toggle/big.h"

enum { CHUNK = 4096 };

#define GEN_OPTIONS(X)                                                                             \
    X(CORPUS, "corpus", 0, "SPEC", "PUZZLE:KIND[:key=value]... or a judge-format FILE.in")         \
    X(SHARD, "shard", 0, "K/N", "only shard K of N (0 <= K < N), as run --shard takes it")         \
    X(PIECES, "pieces", 0, "D",                                                                    \
      "the pieces of the corpus's one game (Tetravex): its search cut\n"                           \
      "at step D into subtrees, each a game with its first D cells\n"                              \
      "pinned (\"n fixed D\"), together the whole search, each part\n"                             \
      "once: run them (or scripts/shard them) and the game is\n"                                   \
      "Possible if a piece is, Impossible if every piece is")

enum { GEN_OPTIONS(PZ_OPTION_ID) O_HELP, NOPTIONS };
static const pz_option options[] = {GEN_OPTIONS(PZ_OPTION) PZ_HELP_OPTION PZ_END_OPTIONS};
static void help(FILE *);
const pz_command_line pz_gen_command = {
    .name = "gen",
    .args = "PUZZLE --corpus SPEC [--shard K/N | --pieces D]",
    .summary = "write a corpus (a shard of it, or a game's pieces) as one judge input",
    .options = options,
    .help = help,
    .run = pz_cmd_gen,
};

static void help(FILE *f)
{
    pz_print_usage(f, &pz_gen_command);
    fputs("Writes the corpus (or shard K of N, or the pieces of its one game) to stdout as one\n"
          "judge input.\n\n",
          f);
    pz_print_options(f, options);
}

/* The pieces written in chunks of CHUNK, each told where it sits in the
 * whole (pass 1 counts them, pass 2 writes them). */
typedef struct pieces {
    const pz_puzzle *p;
    char *v;
    size_t n;
    uint64_t done, total;
    int write;
} pieces;

static void flush(pieces *w)
{
    w->p->write_input(stdout, w->v, w->n, w->done, w->total);
    w->done += w->n;
    w->n = 0;
}

static void piece(void *ctx, const void *inst)
{
    pieces *w = ctx;
    if (!w->write) {
        w->total++;
        return;
    }
    memcpy(w->v + w->n++ * w->p->inst_size, inst, w->p->inst_size);
    if (w->n == CHUNK)
        flush(w);
}

static int write_pieces(const pz_corpus *c, const char *depth)
{
    const pz_puzzle *p = c->puzzle;
    char *inst, why[256], *end;
    long d = strtol(depth, &end, 10);
    if (!p->pieces)
        return pz_usage("gen: --pieces: %s games are not split (only tetravex's are)", p->name);
    if (end == depth || *end || d < 0 || d > INT_MAX) /* past the cells: the hook says why */
        return pz_usage("gen: expected --pieces D, a step of the search (0 or more), found '%s'",
                        depth);
    if (c->count != 1)
        return pz_usage("gen: --pieces splits one game; %s has %lld", c->spec, c->count);
    pieces w = {.p = p, .v = pz_xcalloc(CHUNK, p->inst_size)};
    inst = pz_xcalloc(1, p->inst_size);
    pz_corpus_get(c, 0, inst);
    long long top = p->pieces(inst, (int)d, piece, &w, why, sizeof why);
    if (top < 0) {
        free(inst);
        free(w.v);
        return pz_usage("gen: --pieces %ld: %s", d, why);
    }
    w.write = 1;
    p->pieces(inst, (int)d, piece, &w, why, sizeof why);
    if (w.n || !w.total)
        flush(&w); /* an empty input has its end too */
    fflush(stdout);
    fprintf(stderr, "gen: %llu pieces at step %ld of the search, %lld nodes above them%s\n",
            (unsigned long long)w.total, d, top,
            w.total ? ""
                    : ": the search ends above that step, so the game is Impossible (the input "
                      "holds no game)");
    free(inst);
    free(w.v);
    return pz_check_stdout() ? PZ_EXIT_USAGE : PZ_EXIT_OK;
}

int pz_cmd_gen(int argc, char **argv)
{
    const char *value[NOPTIONS];
    const pz_puzzle *p = NULL;
    pz_corpus c;
    pz_shard sh;
    int first, status;
    if ((status = pz_parse_options(&pz_gen_command, NULL, argc, argv, value, &first)) >= 0)
        return status;
    for (int i = first; i < argc; i++)
        if ((status = pz_puzzle_arg("gen", argv[i], &p)))
            return status;
    const char *spec = value[O_CORPUS], *shard = value[O_SHARD];
    if (shard && value[O_PIECES])
        return pz_usage("gen: --pieces splits one game, not a shard of a corpus");
    /* A corpus file streams: read a chunk at a time, as it is written (the
     * pieces of its one game: read whole). */
    if ((status = pz_open_shard("gen", p, spec, shard, !value[O_PIECES], &c, &sh)))
        return status;
    if (value[O_PIECES]) {
        status = write_pieces(&c, value[O_PIECES]);
        pz_corpus_close(&c);
        return status;
    }
    if (c.params.rows_to >= 0) {
        pz_corpus_close(&c);
        return pz_usage("gen: %s is a sweep of sizes, and a judge input holds one size", spec);
    }
    /* The all-on board goes to 10000 a side in `run`, but a judge input's
     * boards to TG_BIG_MAX: a larger one would be written and never read. */
    if (c.params.wide && (c.params.rows > TG_BIG_MAX || c.params.cols > TG_BIG_MAX)) {
        pz_corpus_close(&c);
        return pz_usage("gen: %s: a judge input holds sides to %d (larger boards go through run)",
                        spec, TG_BIG_MAX);
    }
    /* A wide corpus (boards past 64x64, made or read): its puzzle writes
     * them one at a time, since each board's rows last until the next is
     * made or read (a wide puzzle's wide is itself). */
    p = c.puzzle;
    size_t chunk = p->wide == p ? 1 : CHUNK;
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
        size_t n = sh.end - lo < (long long)chunk ? (size_t)(sh.end - lo) : chunk;
        if (c.stream) {
            pz_error e;
            if (c.arena)
                pz_arena_reset(c.arena);
            if (pz_corpus_read(&c, lo, lo + (long long)n, v, NULL, c.arena, &e)) {
                status = pz_print_error(&e); /* the file changed since it was opened */
                break;
            }
        } else {
            for (size_t j = 0; j < n; j++)
                pz_corpus_get(&c, lo + (long long)j, v + j * p->inst_size);
        }
        p->write_input(stdout, v, n, (uint64_t)(lo - sh.first), total);
        lo += (long long)n;
    } while (lo < sh.end && !ferror(stdout)); /* a lost write ends it: no point going on */
    free(v);
    pz_corpus_close(&c);
    return pz_check_stdout() || status ? PZ_EXIT_USAGE : PZ_EXIT_OK;
}
