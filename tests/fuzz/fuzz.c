/* fuzz.c - libFuzzer targets for every reader, one binary per target.
 *
 * Built once per (PZ_FUZZ_PUZZLE, PZ_FUZZ_KIND) by tests/fuzz/CMakeLists.txt:
 * kind input reads the judge input, answer reads judge output against a fixed
 * set of instances, spec parses corpus specs.  A reader may reject the data
 * (that is its job) but must not crash, hang, leak or read out of bounds; an
 * accepted input must also survive a write and read-back unchanged.
 */
#include <stdlib.h>
#include <string.h>

#include "../../bench/corpus.h"

enum { INPUT, ANSWER, SPEC };

static FILE *open_data(const uint8_t *data, size_t size)
{
    return size ? fmemopen((void *)data, size, "r") : fopen("/dev/null", "r");
}

static void fuzz_input(const pz_puzzle *p, const uint8_t *data, size_t size)
{
    pz_error e;
    void *insts, *again;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_data(data, size);
    long long n = pz_read_all(p, f, "fuzz", &insts, &e);
    fclose(f);
    if (n <= 0) {
        free(insts);
        return;
    }
    /* Round trip: what we write, we read back as the same instances. */
    f = open_memstream(&text, &len);
    p->write_input(f, insts, (size_t)n);
    fclose(f);
    f = open_data((const uint8_t *)text, len);
    if (pz_read_all(p, f, "again", &again, &e) != n ||
        memcmp(insts, again, (size_t)n * p->inst_size))
        pz_fatal("%s: written input does not read back the same", p->name);
    fclose(f);
    free(again);
    free(insts);
    free(text);
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
    if (!strchr(spec, ':'))          /* a file path: not this target's business */
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
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
