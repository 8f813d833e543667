/* fuzz.c - libFuzzer targets for every reader, one binary per target.
 *
 * Built once per (PZ_FUZZ_PUZZLE, PZ_FUZZ_KIND) by tests/fuzz/CMakeLists.txt:
 * kind input reads the judge input, answer reads judge output against a fixed
 * set of instances, spec parses corpus specs; json (one target, fuzz_json)
 * reads reports with bench/schema.c (jansson underneath).  A reader may reject the data
 * (that is its job) but must not crash, hang, leak or read out of bounds; an
 * accepted input must also survive a write and read-back unchanged.
 */
#include <stdlib.h>
#include <string.h>

#include "../../bench/corpus.h"
#include "../../bench/schema.h"
#include "../../solvers/io.h"

enum { INPUT, ANSWER, SPEC, JSON };

static FILE *open_data(const uint8_t *data, size_t size)
{
    return size ? fmemopen((void *)data, size, "r") : fopen("/dev/null", "r");
}

/* The judge-format text of n instances (malloc'd, *len bytes). */
static char *text_of(const pz_puzzle *p, const void *insts, long long n, size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    p->write_input(f, insts, (size_t)n, 0, (uint64_t)n);
    fclose(f);
    return text;
}

static void fuzz_input(const pz_puzzle *p, const uint8_t *data, size_t size)
{
    pz_error e;
    void *insts, *again;
    size_t len, len2;
    FILE *f = open_data(data, size);
    long long n = pz_read_all(p, f, "fuzz", &insts, &e);
    fclose(f);
    if (n <= 0) {
        free(insts);
        return;
    }
    /* Round trip: what we write reads back as instances that write the same
     * text (structs are not compared: rows past a board's size are not kept). */
    char *text = text_of(p, insts, n, &len);
    f = open_data((const uint8_t *)text, len);
    if (pz_read_all(p, f, "again", &again, &e) != n)
        pz_fatal("%s: written input does not read back: %s", p->name, e.msg);
    fclose(f);
    char *text2 = text_of(p, again, n, &len2);
    if (len != len2 || memcmp(text, text2, len))
        pz_fatal("%s: written input does not read back the same", p->name);
    free(again);
    free(insts);
    free(text);
    free(text2);
}

static void fuzz_answer(const pz_puzzle *p, const uint8_t *data, size_t size)
{
    enum { COUNT = 4 };
    pz_corpus c;
    pz_error e;
    pz_reader r;
    char spec[64];
    void *inst = calloc(1, p->inst_size), *ans = calloc(1, p->ans_size);
    snprintf(spec, sizeof spec, "%s:random:count=%d", p->name, COUNT);
    if (pz_corpus_open(&c, p, spec, &e))
        pz_fatal("%s", e.msg);
    FILE *f = open_data(data, size);
    pz_reader_init(&r, f, "fuzz");
    for (int k = 0; k < COUNT; k++) {
        pz_corpus_get(&c, k, inst);
        if (p->read_answer(&r, (unsigned long long)k + 1, inst, ans, &e) != 1)
            break;
        const char *why;
        p->check(inst, ans, &why);
    }
    pz_reader_free(&r);
    fclose(f);
    pz_corpus_close(&c);
    free(inst);
    free(ans);
}

static void fuzz_spec(const pz_puzzle *p, const uint8_t *data, size_t size)
{
    char spec[600];
    pz_corpus c;
    pz_error e;
    if (size >= sizeof spec || memchr(data, 0, size))
        return;
    memcpy(spec, data, size);
    spec[size] = 0;
    if (!strchr(spec, ':')) /* a file path: not this target's business */
        return;
    if (pz_corpus_open(&c, p, spec, &e) == 0) {
        void *inst = calloc(1, p->inst_size);
        if (c.count > 0) {
            pz_corpus_get(&c, 0, inst);
            pz_corpus_get(&c, c.count - 1, inst);
        }
        free(inst);
    }
    pz_corpus_close(&c);
}

/* Any document: jansson parses it under the caps, or refuses it with a
 * position; a report the schema accepts is written again and reads back as
 * the same report. */
static void fuzz_json(const uint8_t *data, size_t size)
{
    pz_report_doc rep, again;
    pz_error e;
    if (pz_report_parse(&rep, "fuzz", (const char *)data, size, &e)) {
        if (e.line < 0 || e.col < 0 || (e.line && e.col < 1))
            pz_fatal("json: error without a position: %s", e.msg);
        return;
    }
    json_t *json = pz_report_json(&rep.res);
    char *text = json_dumps(json, JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(17));
    if (!text || pz_report_parse(&again, "again", text, strlen(text), &e))
        pz_fatal("json: a report written again does not read back: %s", e.msg);
    json_t *json2 = pz_report_json(&again.res);
    if (!json_equal(json, json2))
        pz_fatal("json: a report written again reads back different");
    json_decref(json);
    json_decref(json2);
    free(text);
    pz_report_free(&again);
    pz_report_free(&rep);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (PZ_FUZZ_KIND == JSON)
        return fuzz_json(data, size), 0;
    const pz_puzzle *p = pz_find_puzzle(PZ_FUZZ_PUZZLE);
    if (!p)
        pz_fatal("no puzzle %s", PZ_FUZZ_PUZZLE);
    if (PZ_FUZZ_KIND == INPUT)
        fuzz_input(p, data, size);
    else if (PZ_FUZZ_KIND == ANSWER)
        fuzz_answer(p, data, size);
    else
        fuzz_spec(p, data, size);
    return 0;
}
