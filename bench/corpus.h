/* corpus.h - corpus specs to instances.
 *
 * A corpus is a pure function from an index to an instance, so any shard of
 * it can be made alone, in any order, on any machine:
 *
 *     pz_corpus c;
 *     if (pz_corpus_open(&c, puzzle, "flip:random:rows=6:cols=6:count=1e6:seed=7", &e))
 *         return pz_print_error(&e);
 *     for (long long i = 0; i < c.count; i++)
 *         pz_corpus_get(&c, i, inst);       // and pz_corpus_expected(&c, i)
 *     pz_corpus_close(&c);
 *
 * A spec is PUZZLE:KIND[:key=value]... with the keys rows, cols (a sweep of
 * sizes too: rows=8..4096, and cols=A..B beside it), n, digits, mode, count
 * (1000, 1e6) and seed; or the path of a judge-format file NAME.in, whose
 * expected answers, if any, are in NAME.ans beside it.  A path that exists,
 * or has a '/', is a file even where it reads as a spec ("flip:a.in").
 */
#ifndef PZ_CORPUS_H
#define PZ_CORPUS_H

#include "../solvers/solver.h"

typedef struct pz_corpus {
    const pz_puzzle *puzzle;
    const pz_generator *gen; /* NULL for a file */
    pz_params params;
    char *spec; /* canonical: every parameter spelled out (on the heap) */
    long long count;
    void *insts;    /* a file's instances */
    void *expected; /* a file's expected answers, or NULL */
    /* A file corpus is known by its content, not its path: XXH3 (64 bits)
     * of the .in and of the .ans as read; has_* 0 where there is none (a
     * generated corpus, no .ans, or a stream that cannot be read again). */
    uint64_t in_hash, ans_hash;
    int has_in_hash, has_ans_hash;
    /* A wide corpus (solver.h): puzzle is the wide twin of the one asked for;
     * the rows of a file's boards, or of the board pz_corpus_get made last. */
    pz_arena *arena;
    /* A file opened by pz_corpus_open_stream: read in batches, never whole
     * (insts and expected NULL); see pz_corpus_read. */
    struct pz_corpus_stream *stream;
} pz_corpus;

int pz_corpus_open(pz_corpus *, const pz_puzzle *, const char *spec, pz_error *);
/* The same, but a corpus file that can be read again (a regular file, not a
 * pipe) is streamed: opening checks it whole and counts its instances, and
 * stores none of them; they are read back with pz_corpus_read, or one at a
 * time with pz_corpus_get, so memory follows the batch and not the file. */
int pz_corpus_open_stream(pz_corpus *, const pz_puzzle *, const char *spec, pz_error *);
/* Instances lo .. hi-1 of a streamed corpus, to insts, and their expected
 * answers to expected if it has them; a wide corpus's rows go to arena.
 * Read in order from where the last read ended (an earlier lo starts again
 * from the top): the caller serializes calls.  0, or -1 with e (the file
 * changed since it was opened). */
int pz_corpus_read(const pz_corpus *, long long lo, long long hi, void *insts, void *expected,
                   pz_arena *arena, pz_error *e);
/* A sweep's size (rows=8..4096: its boards size by size, count= of each):
 * the place k of instance index's size among the sweep's (0, 1, ...), its
 * rows and cols to *rows, *cols where not NULL; -1 where the corpus is no
 * sweep. */
int pz_corpus_size(const pz_corpus *, long long index, int *rows, int *cols);
/* Has the corpus expected answers (a file's NAME.ans)? */
int pz_corpus_has_expected(const pz_corpus *);
/* A wide corpus's instance holds rows in the corpus's arena until the next
 * call.  A streamed corpus reads it (calls in index order are cheapest). */
void pz_corpus_get(const pz_corpus *, long long index, void *inst);
/* Or NULL; of a streamed corpus, only for the index pz_corpus_get got last. */
const void *pz_corpus_expected(const pz_corpus *, long long index);
void pz_corpus_close(pz_corpus *);
/* The line of a corpus file on which instance index begins (the first
 * line after the one before it that is not blank), or 0 where it cannot be
 * found (a generated corpus, a file that cannot be read again). */
long pz_corpus_line(const pz_corpus *, long long index);
/* The expected answers' path of a corpus file: FILE.in -> FILE.ans, else
 * PATH -> PATH.ans (malloc'd: no path is too long for it). */
char *pz_ans_path(const char *in);

/* Reads every instance of a judge-format stream (the caller frees *insts);
 * _in with an arena for a wide puzzle's rows (solver.h). */
long long pz_read_all(const pz_puzzle *, FILE *, const char *name, void **insts, pz_error *);
long long pz_read_all_in(const pz_puzzle *, FILE *, const char *name, void **insts, pz_arena *,
                         pz_error *);
/* Reads every instance of a judge-format stream, one at a time to inst (of
 * the puzzle's inst_size), and keeps none: how many, or -1 with e.  A wide
 * puzzle's rows go to arena, reset after each. */
long long pz_count_all(const pz_puzzle *, FILE *, const char *name, pz_arena *, void *inst,
                       pz_error *);
/* Reads exactly count answers to insts (and nothing after them): 0, or -1 with e. */
int pz_read_answers(const pz_puzzle *, FILE *, const char *name, const void *insts, long long count,
                    void *answers, pz_error *);
int pz_read_answers_in(const pz_puzzle *, FILE *, const char *name, const void *insts,
                       long long count, void *answers, pz_arena *, pz_error *);

#endif
