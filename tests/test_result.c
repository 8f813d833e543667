/* test_result.c - a result's fields are one list (bench/result.h), and every
 * place that handles a field sees each one: the sum of tallies, the JSON
 * report written and read back, the CSV, the merge of shards and compare's
 * check of the answers.  The test walks the lists, so a field added there is
 * checked here unasked; test_result_field runs it again in a build with one
 * more field (PZ_TEST_FIELD), whose one line is all it needed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "testing.h"
#include "../cli/cli.h"
#include "../bench/report.h"
#include "../bench/schema.h"

/* A line of either list, as data. */
typedef struct line {
    const char *kind, *key, *fmt;
    int csv, equal, place; /* place: -1 for a solver's field */
} line;

#define TALLY_LINE(kind, m, key, csv, fmt, same, since) {#kind, key, fmt, csv, PZ_##same, -1},
#define COUNTS_LINE(kind, m, key, place, most, same, since)                                        \
    {#kind, key, "", 0, PZ_##same, PZ_##place},
static const line tally_lines[] = {PZ_TALLY(TALLY_LINE)};
static const line counts_lines[] = {PZ_COUNTS(COUNTS_LINE)};
enum {
    NTALLY = sizeof tally_lines / sizeof *tally_lines,
    NCOUNTS = sizeof counts_lines / sizeof *counts_lines
};

static int scalar(const line *l)
{
    return strcmp(l->kind, "REPS") && strcmp(l->kind, "SPREAD") && strcmp(l->kind, "LIKE") &&
           strcmp(l->kind, "SIZES");
}

/* The lists are well formed: keys unique; every scalar field of a solver in
 * the CSV, each at a column of its own, the others not. */
static void test_lists(void **state)
{
    (void)state;
    for (int i = 0; i < NTALLY; i++) {
        const line *l = &tally_lines[i];
        if (scalar(l)) {
            assert_true(l->csv > 0);
            assert_true(strchr(l->fmt, '%') != NULL);
        } else
            assert_int_equal(l->csv, 0);
        for (int j = 0; j < i; j++) {
            assert_string_not_equal(tally_lines[j].key, l->key);
            assert_true(!l->csv || tally_lines[j].csv != l->csv);
        }
    }
    for (int i = 0; i < NCOUNTS; i++)
        for (int j = 0; j < i; j++)
            assert_true(strcmp(counts_lines[j].key, counts_lines[i].key) ||
                        counts_lines[j].place != counts_lines[i].place);
#ifdef PZ_TEST_FIELD
    assert_string_equal(tally_lines[NTALLY - 1].key, "test_count");
#endif
}

/* Every field of a tally given a value of its own (k: which tally). */
static void fill(pz_tally *t, int k)
{
    long long c = 3 + k;
#define FILL(kind, m, ...) FILL_##kind(m)
#define FILL_COUNT(m) t->m = c++;
#define FILL_AT(m) t->m = c++;
#define FILL_REAL(m) t->m = (double)c++ / 8;
#define FILL_WORST(m) t->m = (double)c++ / 8;
#define FILL_FIGURE(m)
#define FILL_REPS(m)                                                                               \
    for (int r = 0; r < PZ_REPEAT; r++) {                                                          \
        t->m##_seconds[r] = (double)(c + r) / 8, t->m##_cpu_seconds[r] = (double)(c + 2 * r) / 8;  \
        pz_spread_add(&t->m##_spread[r], 100 + r + k, c + r);                                      \
    }                                                                                              \
    c++;
#define FILL_SPREAD(m)                                                                             \
    for (int b = k % 3; b < PZ_SPREAD; b += 7)                                                     \
        pz_spread_add(&t->m, b, c + b);                                                            \
    c++;
#define FILL_LIKE(m)                                                                               \
    for (int u = 0; u < PZ_RUN_SOLVERS; u++)                                                       \
        t->m##_cpu_seconds[u] = (double)(c + u) / 8, t->m##_ran[u] = c + 2 * u;                    \
    c++;
#define FILL_SIZES(m)                                                                              \
    for (int z = k % 2; z < 3; z++) {                                                              \
        pz_spread_add(&t->m[z], 100 + z + k, c + z);                                               \
        t->m##_rows[z] = t->m##_cols[z] = 8 << z;                                                  \
    }                                                                                              \
    c++;
    PZ_TALLY(FILL)
}

/* Two tallies alike field by field, as a report gives them (REPS are read
 * back from ns per instance: to the last digit or so). */
static void same_tally(const pz_tally *x, const pz_tally *y)
{
#define SAME(kind, m, ...) SAME_##kind(m)
#define SAME_COUNT(m) assert_true(PZ_VALUE(COUNT, x, m) == PZ_VALUE(COUNT, y, m));
#define SAME_AT(m) assert_true(PZ_VALUE(AT, x, m) == PZ_VALUE(AT, y, m));
#define SAME_REAL(m) assert_true(PZ_VALUE(REAL, x, m) == PZ_VALUE(REAL, y, m));
#define SAME_WORST(m) assert_true(PZ_VALUE(WORST, x, m) == PZ_VALUE(WORST, y, m));
#define SAME_FIGURE(m) assert_true(PZ_VALUE(FIGURE, x, m) == PZ_VALUE(FIGURE, y, m));
#define SAME_REPS(m)                                                                               \
    for (int r = 0; r < PZ_REPEAT; r++) {                                                          \
        assert_true(fabs(x->m##_seconds[r] - y->m##_seconds[r]) <= 1e-12 * x->m##_seconds[r] &&    \
                    fabs(x->m##_cpu_seconds[r] - y->m##_cpu_seconds[r]) <=                         \
                        1e-12 * x->m##_cpu_seconds[r]);                                            \
        assert_true(pz_spread_same(&x->m##_spread[r], &y->m##_spread[r]));                         \
    }
#define SAME_SPREAD(m) assert_true(pz_spread_same(&x->m, &y->m));
#define SAME_LIKE(m)                                                                               \
    assert_memory_equal(x->m##_cpu_seconds, y->m##_cpu_seconds, sizeof x->m##_cpu_seconds);        \
    assert_memory_equal(x->m##_ran, y->m##_ran, sizeof x->m##_ran);
#define SAME_SIZES(m)                                                                              \
    for (int z = 0; z < PZ_SIZES; z++) {                                                           \
        assert_true(pz_spread_same(&x->m[z], &y->m[z]));                                           \
        assert_true(!x->m[z].n ||                                                                  \
                    (x->m##_rows[z] == y->m##_rows[z] && x->m##_cols[z] == y->m##_cols[z]));       \
    }
    PZ_TALLY(SAME)
}

/* pz_tally_add sums every field, or keeps the worst with its index. */
static void test_add(void **state)
{
    static pz_tally a, b, sum, one;
    (void)state;
    fill(&a, 0);
    fill(&b, 100);
    pz_tally_add(&sum, &a);
    pz_tally_add(&sum, &b);
#define SUMS(kind, m, ...) SUMS_##kind(m)
#define SUMS_COUNT(m) assert_true(sum.m == a.m + b.m);
#define SUMS_REAL(m) assert_true(sum.m == a.m + b.m);
#define SUMS_FIGURE(m)
#define SUMS_WORST(m) assert_true(sum.m == fmax(a.m, b.m));
#define SUMS_AT(m) assert_true(sum.m == (a.worst_ns > b.worst_ns ? a.m : b.m));
#define SUMS_SPREAD_OF(x)                                                                          \
    for (int k = 0; k < PZ_SPREAD; k++)                                                            \
        assert_true(pz_spread_at(&sum.x, k) == pz_spread_at(&a.x, k) + pz_spread_at(&b.x, k));
#define SUMS_REPS(m)                                                                               \
    for (int r = 0; r < PZ_REPEAT; r++) {                                                          \
        assert_true(sum.m##_seconds[r] == a.m##_seconds[r] + b.m##_seconds[r] &&                   \
                    sum.m##_cpu_seconds[r] == a.m##_cpu_seconds[r] + b.m##_cpu_seconds[r]);        \
        SUMS_SPREAD_OF(m##_spread[r])                                                              \
    }
#define SUMS_SPREAD(m) SUMS_SPREAD_OF(m)
#define SUMS_LIKE(m)                                                                               \
    for (int u = 0; u < PZ_RUN_SOLVERS; u++)                                                       \
        assert_true(sum.m##_cpu_seconds[u] == a.m##_cpu_seconds[u] + b.m##_cpu_seconds[u] &&       \
                    sum.m##_ran[u] == a.m##_ran[u] + b.m##_ran[u]);
#define SUMS_SIZES(m)                                                                              \
    for (int z = 0; z < PZ_SIZES; z++) {                                                           \
        SUMS_SPREAD_OF(m[z])                                                                       \
    }
    PZ_TALLY(SUMS)
    /* and a tally added into an empty one is that tally */
    pz_tally_add(&one, &a);
    same_tally(&one, &a);
    pz_tally_free(&a);
    pz_tally_free(&b);
    pz_tally_free(&sum);
    pz_tally_free(&one);
}

/* A real run of two solvers, repeated (so every kind has a value), with
 * the test field given one in its build. */
static pz_result run(pz_corpus *c, const char *shard)
{
    pz_run_opts o = {.sample = 1, .threads = 2, .repeat = 2};
    pz_shard sh;
    pz_result r;
    pz_error e;
    assert_int_equal(pz_corpus_open(c, pz_find_puzzle("flip"), "flip:random:count=300", &e), 0);
    o.solvers[o.nsolvers++] = pz_find_solver("flip", "gf2");
    o.solvers[o.nsolvers++] = pz_find_solver("flip", "rowenum");
    assert_int_equal(pz_parse_shard(shard, c->count, &sh, &e), 0);
    assert_int_equal(pz_run(c, &sh, &o, &r), 0);
#ifdef PZ_TEST_FIELD
    r.tally[0].test_count = 7 + sh.k;
    r.tally[1].test_count = 11 + sh.k;
#endif
    return r;
}

static char *dump(const pz_result *r)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    pz_write_json(f, r);
    fclose(f);
    return out;
}

/* The report has every field, each at its place, and reads back into the
 * result written; written again it is the same text. */
static void test_json(void **state)
{
    pz_corpus c;
    pz_result r = run(&c, NULL);
    pz_report_doc rep;
    pz_error e;
    char *text = dump(&r);
    json_error_t je;
    json_t *root = json_loads(text, 0, &je);
    (void)state;
    assert_non_null(root);
    for (int s = 0; s < r.opts.nsolvers; s++) {
        json_t *o = json_array_get(json_object_get(root, "solvers"), (size_t)s);
        for (int i = 0; i < NTALLY; i++) /* sizes: a sweep's only, and this is none */
            if (strcmp(tally_lines[i].kind, "SIZES") && !json_object_get(o, tally_lines[i].key))
                fail_msg("solver %d has no \"%s\"", s, tally_lines[i].key);
    }
    for (int i = 0; i < NCOUNTS; i++) {
        const line *l = &counts_lines[i];
        json_t *o = l->place == PZ_CHECKER ? json_object_get(root, "checker") : root;
        if (!json_object_get(o, l->key))
            fail_msg("the report has no \"%s\"", l->key);
    }
    if (pz_report_parse(&rep, "r.json", text, strlen(text), &e))
        fail_msg("%s:%ld:%ld: %s", e.file, e.line, e.col, e.msg);
    for (int s = 0; s < r.opts.nsolvers; s++)
        same_tally(&r.tally[s], &rep.res.tally[s]);
#define SAME_COUNTS(kind, m, ...) assert_true(r.m == rep.res.m);
    PZ_COUNTS(SAME_COUNTS)
    /* Written again, the same report; but the repetitions' times, which are
     * read back from ns per instance into seconds, to the last digit or so. */
    char *again = dump(&rep.res);
    json_t *back = json_loads(again, 0, &je);
    for (int s = 0; s < r.opts.nsolvers; s++) {
        json_object_del(json_array_get(json_object_get(root, "solvers"), (size_t)s), "repetitions");
        json_object_del(json_array_get(json_object_get(back, "solvers"), (size_t)s), "repetitions");
    }
    assert_true(json_equal(root, back));
#ifdef PZ_TEST_FIELD
    assert_int_equal(rep.res.tally[1].test_count, 11);
    /* A report without the field (an older build's) reads as 0. */
    json_t *older = json_loads(again, 0, &je);
    json_object_del(json_array_get(json_object_get(older, "solvers"), 1), "test_count");
    char *old = json_dumps(older, 0);
    json_decref(older);
    pz_report_doc rep2;
    if (pz_report_parse(&rep2, "old.json", old, strlen(old), &e))
        fail_msg("%s:%ld:%ld: %s", e.file, e.line, e.col, e.msg);
    assert_int_equal(rep2.res.tally[1].test_count, 0);
    assert_int_equal(rep2.res.tally[0].test_count, 7);
    pz_report_free(&rep2);
    free(old);
#endif
    json_decref(back);
    json_decref(root);
    free(again);
    free(text);
    pz_report_free(&rep);
    pz_result_free(&r);
    pz_corpus_close(&c);
}

/* The CSV has a column for each scalar field, named by its key, in the
 * order of the columns, with the field's value in it. */
static void test_csv(void **state)
{
    pz_corpus c;
    pz_result r = run(&c, NULL);
    char *out = NULL, *save = NULL, want[64];
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    (void)state;
    pz_write_csv(f, &r);
    fclose(f);
    char *header = strtok_r(out, "\n", &save), *row = strtok_r(NULL, "\n", &save);
    char *hcols[64], *rcols[64], *hs = NULL, *rs = NULL;
    int n = 0, m = 0;
    for (char *h = strtok_r(header, ",", &hs); h && n < 64; h = strtok_r(NULL, ",", &hs))
        hcols[n++] = h;
    for (char *x = strtok_r(row, ",", &rs); x && m < 64; x = strtok_r(NULL, ",", &rs))
        rcols[m++] = x;
    assert_int_equal(n, m);
    const pz_tally *t = &r.tally[0];
    int scalars = 0;
    for (int i = 0; i < NTALLY; i++)
        scalars += scalar(&tally_lines[i]);
    assert_int_equal(n, 8 + scalars); /* puzzle ... sampled, then the fields */
#define CSV_HAS(kind, mem, key, col, fmt, ...) CSV_HAS_##kind(mem, key, col, fmt)
#define CSV_HAS_SCALAR(kind, mem, key, col, fmt)                                                   \
    {                                                                                              \
        int at = 8;                                                                                \
        for (int i = 0; i < NTALLY; i++)                                                           \
            at += tally_lines[i].csv && tally_lines[i].csv < col;                                  \
        snprintf(want, sizeof want, fmt, PZ_VALUE(kind, t, mem));                                  \
        assert_string_equal(hcols[at], key);                                                       \
        assert_string_equal(rcols[at], want);                                                      \
    }
#define CSV_HAS_COUNT(mem, key, col, fmt) CSV_HAS_SCALAR(COUNT, mem, key, col, fmt)
#define CSV_HAS_AT(mem, key, col, fmt) CSV_HAS_SCALAR(AT, mem, key, col, fmt)
#define CSV_HAS_REAL(mem, key, col, fmt) CSV_HAS_SCALAR(REAL, mem, key, col, fmt)
#define CSV_HAS_WORST(mem, key, col, fmt) CSV_HAS_SCALAR(WORST, mem, key, col, fmt)
#define CSV_HAS_FIGURE(mem, key, col, fmt) CSV_HAS_SCALAR(FIGURE, mem, key, col, fmt)
#define CSV_HAS_REPS(mem, key, col, fmt)
#define CSV_HAS_SPREAD(mem, key, col, fmt)
#define CSV_HAS_LIKE(mem, key, col, fmt)
#define CSV_HAS_SIZES(mem, key, col, fmt)
    PZ_TALLY(CSV_HAS)
    free(out);
    pz_result_free(&r);
    pz_corpus_close(&c);
}

/* compare's check names each EQUAL field that differs, and no FREE one. */
static void test_differs(void **state)
{
    pz_corpus c;
    pz_result r = run(&c, NULL), x;
    char buf[256], want[128];
    const char *name = r.opts.solvers[1]->name;
    (void)state;
    assert_null(pz_result_differs(&r, &r, buf, sizeof buf));
#define POKE(kind, m, key, csv, fmt, same, since)                                                  \
    x = r;                                                                                         \
    if (POKE_##kind(x.tally[1].m)) {                                                               \
        const char *d = pz_result_differs(&r, &x, buf, sizeof buf);                                \
        snprintf(want, sizeof want, "%s %s", name, key);                                           \
        if (PZ_##same)                                                                             \
            assert_true(d && !strncmp(d, want, strlen(want)));                                     \
        else                                                                                       \
            assert_null(d);                                                                        \
    }
#define POKE_COUNT(v) ++(v)
#define POKE_AT(v) ++(v)
#define POKE_REAL(v) ++(v)
#define POKE_WORST(v) ++(v)
#define POKE_FIGURE(v) 0
#define POKE_REPS(v) ++(v##_seconds[0])
#define POKE_SPREAD(v) (v = (pz_spread){0}, 1) /* empty; r keeps its own */
#define POKE_LIKE(v) ++(v##_ran[0])
#define POKE_SIZES(v) (v[0] = (pz_spread){0}, 1) /* empty; r keeps its own */
    PZ_TALLY(POKE)
#define POKE_COUNTS(kind, m, key, place, most, same, since)                                        \
    x = r;                                                                                         \
    x.m++;                                                                                         \
    if (PZ_##same)                                                                                 \
        assert_true(pz_result_differs(&r, &x, buf, sizeof buf) &&                                  \
                    !strncmp(buf, key ": ", strlen(key) + 2));                                     \
    else                                                                                           \
        assert_null(pz_result_differs(&r, &x, buf, sizeof buf));
    PZ_COUNTS(POKE_COUNTS)
    pz_result_free(&r);
    pz_corpus_close(&c);
}

/* The commands: merge adds the shards' fields up, and its report has the
 * unsharded run's answers; compare finds a report whose last EQUAL count of
 * a solver differs (exit 1). */
static void test_commands(void **state)
{
    pz_corpus c[3];
    pz_result half[2] = {run(&c[0], "0/2"), run(&c[1], "1/2")}, whole = run(&c[2], NULL);
    char dir[] = "/tmp/pz-result-XXXXXX", path[3][64], why[256];
    pz_report_doc merged;
    pz_error e;
    (void)state;
    assert_non_null(mkdtemp(dir));
    for (int k = 0; k < 3; k++) {
        snprintf(path[k], sizeof path[k], "%s/%d.json", dir, k);
        assert_int_equal(pz_write_report(path[k], pz_write_json, k < 2 ? &half[k] : &whole), 0);
    }
    char *argv[] = {"merge", path[0], path[1], "--json", path[2], NULL};
    assert_int_equal(pz_cmd_merge(5, argv), PZ_EXIT_OK);
    if (pz_report_read(&merged, path[2], &e))
        fail_msg("%s:%ld:%ld: %s", e.file, e.line, e.col, e.msg);
    for (int s = 0; s < 2; s++) {
        const pz_tally *m = &merged.res.tally[s], *a = &half[0].tally[s], *b = &half[1].tally[s];
#define MERGED(kind, f, ...) MERGED_##kind(f)
#define MERGED_COUNT(f) assert_true(m->f == a->f + b->f);
#define MERGED_REAL(f) assert_true(fabs(m->f - (a->f + b->f)) <= 1e-15 * m->f);
#define MERGED_WORST(f) assert_true(m->f == fmax(a->f, b->f));
#define MERGED_AT(f) assert_true(m->f == (b->worst_ns > a->worst_ns ? b->f : a->f));
#define MERGED_FIGURE(f)
#define MERGED_SPREAD_OF(x)                                                                        \
    assert_true(pz_spread_total(&m->x) == pz_spread_total(&a->x) + pz_spread_total(&b->x));        \
    for (int i = 0; i < m->x.n; i++)                                                               \
        assert_true(m->x.bin[i].count ==                                                           \
                    pz_spread_at(&a->x, m->x.bin[i].cls) + pz_spread_at(&b->x, m->x.bin[i].cls));
#define MERGED_REPS(f)                                                                             \
    for (int r = 0; r < 2; r++) {                                                                  \
        assert_true(fabs(m->f##_cpu_seconds[r] - a->f##_cpu_seconds[r] - b->f##_cpu_seconds[r]) <= \
                    1e-12 * m->f##_cpu_seconds[r]);                                                \
        MERGED_SPREAD_OF(f##_spread[r])                                                            \
    }
#define MERGED_SPREAD(f) MERGED_SPREAD_OF(f)
#define MERGED_LIKE(f)                                                                             \
    for (int u = 0; u < 2; u++)                                                                    \
        assert_true(m->f##_ran[u] == a->f##_ran[u] + b->f##_ran[u] &&                              \
                    fabs(m->f##_cpu_seconds[u] - a->f##_cpu_seconds[u] - b->f##_cpu_seconds[u]) <= \
                        1e-15 * m->f##_cpu_seconds[u]);
#define MERGED_SIZES(f)                                                                            \
    for (int z = 0; z < PZ_SIZES; z++) {                                                           \
        MERGED_SPREAD_OF(f[z])                                                                     \
    }
        PZ_TALLY(MERGED)
    }
#define MERGED_COUNTS(kind, f, ...) assert_true(merged.res.f == half[0].f + half[1].f);
    PZ_COUNTS(MERGED_COUNTS)
#ifdef PZ_TEST_FIELD /* made up, shard by shard: the merge's sum */
    for (int s = 0; s < 2; s++)
        whole.tally[s].test_count = merged.res.tally[s].test_count;
#endif
    assert_null(pz_result_differs(&whole, &merged.res, why, sizeof why));
    pz_report_free(&merged);

    /* The last EQUAL count of a solver, one more in NEW: compare says so, exit 1. */
    long long *last = NULL;
#define LAST(kind, m, key, csv, fmt, same, since) LAST_##kind(m, same)
#define LAST_COUNT(m, same)                                                                        \
    if (PZ_##same)                                                                                 \
        last = &whole.tally[1].m;
#define LAST_AT(m, same)
#define LAST_REAL(m, same)
#define LAST_WORST(m, same)
#define LAST_FIGURE(m, same)
#define LAST_REPS(m, same)
#define LAST_SPREAD(m, same)
#define LAST_LIKE(m, same)
#define LAST_SIZES(m, same)
    PZ_TALLY(LAST)
    assert_non_null(last);
    ++*last;
    assert_int_equal(pz_write_report(path[1], pz_write_json, &whole), 0);
    char out[80], *cargv[] = {"compare", path[2], path[1], "--json", out, NULL};
    snprintf(out, sizeof out, "%s/compare.json", dir);
    assert_int_equal(pz_cmd_compare(5, cargv), PZ_EXIT_FAIL);
    json_t *cmp = json_load_file(out, 0, NULL);
    snprintf(why, sizeof why, "%s ", whole.opts.solvers[1]->name);
    const char *said = json_string_value(json_object_get(cmp, "answers_differ"));
    assert_non_null(said);
    assert_true(!strncmp(said, why, strlen(why)));
    json_decref(cmp);
    unlink(out);
    for (int k = 0; k < 3; k++)
        unlink(path[k]);
    rmdir(dir);
    for (int k = 0; k < 3; k++)
        pz_corpus_close(&c[k]);
    pz_result_free(&half[0]);
    pz_result_free(&half[1]);
    pz_result_free(&whole);
}

/* A run of the given solvers (sampled: those on the sample 1/10). */
static pz_result run_of(pz_corpus *c, const char *puzzle, const char *spec,
                        const char *const *names, int n, unsigned sampled, int repeat)
{
    pz_run_opts o = {.sample = sampled ? 10 : 1, .slow = sampled, .threads = 2, .repeat = repeat};
    pz_shard sh;
    pz_result r;
    pz_error e;
    const pz_puzzle *p = pz_find_puzzle(puzzle);
    assert_int_equal(pz_corpus_open(c, p, spec, &e), 0);
    for (int i = 0; i < n; i++)
        assert_non_null(o.solvers[o.nsolvers++] = pz_find_solver(puzzle, names[i]));
    assert_int_equal(pz_parse_shard(NULL, c->count, &sh, &e), 0);
    assert_int_equal(pz_run(c, &sh, &o, &r), 0);
    return r;
}

/* Warm and cold batches hold every instance once a pass; like with like is
 * over the instances two solvers both solved: in a sweep, where one takes
 * only the small boards, those; against a sampled solver, its sample. */
static void test_like(void **state)
{
    static const char *const sweep[] = {"gf2", "bfs"}, *sample[] = {"gf2", "rowenum", "bfs"};
    pz_corpus c;
    double ratio;
    long long both;
    (void)state;
    /* 3x3 to 6x6 boards, one a batch: bfs takes those of 20 cells or fewer */
    pz_result r = run_of(&c, "flip", "flip:random:rows=3..6:cols=3..6:count=40", sweep, 2, 0, 2);
    const pz_tally *g = &r.tally[0], *b = &r.tally[1];
    assert_true(b->ran > 0 && b->ran < g->ran);
    for (int s = 0; s < 2; s++) {
        const pz_tally *t = &r.tally[s];
        assert_int_equal(pz_spread_total(&t->cpu_spread) + t->cold_ran, 2 * t->ran);
        assert_true(t->cold_batches >= 1 && t->cold_batches <= 2 * r.opts.threads);
        assert_int_equal(t->like_ran[s], 0);
    }
    /* bfs against gf2 on bfs's warm instances of the first pass (batches of
     * one: all but its cold ones, which a pass may have fewer of) */
    assert_int_equal(b->like_ran[0], g->like_ran[1]);
    assert_true(b->like_ran[0] <= b->ran && b->like_ran[0] >= b->ran - b->cold_batches);
    assert_int_equal(pz_baseline(&r), 0);
    assert_true(pz_relative(&r, 1, 0, &ratio, &both) && both == b->like_ran[0]);
    assert_true(ratio == b->like_cpu_seconds[0] / g->like_cpu_seconds[1] && ratio > 1);
    pz_result_free(&r);
    pz_corpus_close(&c);

    /* bfs on a sample of 1 in 10: gf2 and rowenum solve its instances again */
    r = run_of(&c, "lightsout", "lightsout:random:rows=4:cols=4:count=4000", sample, 3, 4, 1);
    b = &r.tally[2];
    assert_int_equal(b->ran, 400);
    for (int u = 0; u < 2; u++) {
        assert_int_equal(b->like_ran[u], pz_spread_total(&b->cpu_spread));
        assert_int_equal(r.tally[u].like_ran[2], b->like_ran[u]);
        assert_true(r.tally[u].like_cpu_seconds[2] > 0);
        assert_true(pz_relative(&r, 2, u, &ratio, &both) && both == b->like_ran[u] && ratio > 1);
    }
    /* gf2 and rowenum, not sampled, against each other on every warm instance */
    assert_int_equal(r.tally[0].like_ran[1], pz_spread_total(&r.tally[0].cpu_spread));
    pz_result_free(&r);
    pz_corpus_close(&c);
}

/* run's table keeps its columns under a long solver name (a plug-in's
 * FILE.so:NAME): the header's columns end where the rows' do. */
static void test_long_name(void **state)
{
    static pz_solver longer;
    pz_corpus c;
    pz_run_opts o = {.sample = 1, .threads = 1};
    pz_shard sh;
    pz_result r;
    pz_error e;
    char *out = NULL, *line, *save = NULL, *header = NULL, *row = NULL;
    size_t len = 0;
    (void)state;
    longer = *pz_find_solver("flip", "rowenum");
    longer.name = "flip-plugin.so:rows-by-enumeration";
    o.solvers[o.nsolvers++] = pz_find_solver("flip", "gf2");
    o.solvers[o.nsolvers++] = &longer;
    assert_int_equal(pz_corpus_open(&c, pz_find_puzzle("flip"), "flip:random:count=200", &e), 0);
    assert_int_equal(pz_parse_shard(NULL, c.count, &sh, &e), 0);
    assert_int_equal(pz_run(&c, &sh, &o, &r), 0);
    FILE *f = open_memstream(&out, &len);
    pz_write_summary(f, &r);
    fclose(f);
    for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
        if (!strncmp(line, "  solver ", 9))
            header = line;
        else if (!strncmp(line, "  flip-plugin.so:", 17))
            row = line;
    assert_non_null(header);
    assert_non_null(row);
    assert_int_equal(strlen(header), strlen(row)); /* both end at the wall column */
    assert_int_equal(strstr(header, "ran") + 3 - header, strstr(row, " 200 ") + 4 - row);
    free(out);
    pz_result_free(&r);
    pz_corpus_close(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lists),   cmocka_unit_test(test_add),
        cmocka_unit_test(test_json),    cmocka_unit_test(test_csv),
        cmocka_unit_test(test_differs), cmocka_unit_test(test_commands),
        cmocka_unit_test(test_like),    cmocka_unit_test(test_long_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
