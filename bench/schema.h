/* schema.h - the report of a run as JSON: its one writer and its one reader.
 *
 * `run` writes it, `merge` reads its shards and writes their sum, and any
 * later reader (compare, tests) reads it here:
 *
 *     pz_report_doc rep;
 *     if (pz_report_read(&rep, "base.json", &e))
 *         return pz_print_error(&e); // "base.json:12:7: expected ..."
 *     ... rep.res is the pz_result the run had: its corpus, shard, solvers,
 *     ... tallies, histogram and failures; rep.context says where it was made.
 *     pz_report_free(&rep);
 *
 * The reader trusts nothing: besides the shape and types, every count is
 * checked against the shard's range and the others (each solver ran or
 * skipped exactly the instances it was given, no more invalid or differing
 * answers than it gave, the histogram and the unanswered instances add up
 * to the instances, ...), with the file:line:col of the value at fault.
 */
#ifndef PZ_SCHEMA_H
#define PZ_SCHEMA_H

#include "jsonio.h"
#include "result.h"

typedef struct pz_report_doc {
    pz_result res;      /* res.corpus is &corpus and res.context &context */
    pz_corpus corpus;   /* its puzzle, spec, count and content; no instances */
    pz_context context; /* where and from what it was made */
    pz_jdoc doc;        /* the text, for messages that point into it */
    /* Each solver's spreads as written: PZ_PER_OCTAVE classes an octave, or
     * the 8 of older reports (read into today's classes, but 9% wide). */
    int per_octave[PZ_RUN_SOLVERS];
} pz_report_doc;

/* The report of a result (a new reference). */
json_t *pz_report_json(const pz_result *);
/* A solver's fields (result.h's PZ_TALLY) into o, the solver's object of a
 * run of nsolvers solvers repeated repeat times (0 or 1: once). */
void pz_tally_json(json_t *o, const pz_tally *, int repeat, int nsolvers);
/* Parses a report from memory or a file: 0, or -1 with e filled and nothing
 * to free.  A report lives at its address: res points into it. */
int pz_report_parse(pz_report_doc *, const char *name, const char *text, size_t len, pz_error *);
int pz_report_read(pz_report_doc *, const char *path, pz_error *);
void pz_report_free(pz_report_doc *);
/* Fills e with the position of the value at path in the report, members
 * and indices separated by dots ("corpus", "solvers.2.ran"); returns -1. */
int pz_report_fail(pz_error *, const pz_report_doc *, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The provenance object, as every report (run, merge, stress) carries it. */
json_t *pz_context_json(const pz_context *);
int pz_context_read(const pz_jval *obj, pz_context *, pz_error *);

/* "xxh3-64:0123456789abcdef", the form of a corpus file's content hash. */
enum { PZ_HASH_TEXT = 32 };
void pz_hash_text(uint64_t hash, char buf[PZ_HASH_TEXT]);
/* The same, or "none" where has is 0 (no .ans, a stream); returns buf or "none". */
const char *pz_hash_or_none(int has, uint64_t hash, char buf[PZ_HASH_TEXT]);
/* A report's corpus was made by a generator (its spec is PUZZLE:KIND...), not read. */
int pz_corpus_generated(const pz_corpus *);

/* The report of a stress (bench/stress.h): its options and limits, each
 * program's verdicts and times (and with two, their ratio), the failures,
 * the examples run alone and the shrunk ones, with the context of run's
 * reports.  sig: the signal that interrupted it, or 0; all_ac: every
 * instance judged, and AC. */
typedef struct pz_stress_report {
    const struct pz_stress *s;
    const struct pz_stress_tally *all;
    const struct pz_example *ex;
    int nex;
    const struct pz_example *shrunk;
    int nshrunk, saved;
    double wall;
    const pz_context *ctx;
    int sig, all_ac;
} pz_stress_report;
json_t *pz_stress_report_json(const pz_stress_report *);

#endif
