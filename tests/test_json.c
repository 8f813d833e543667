/* test_json.c - JSON through jansson (bench/jsonio.h) and the report's schema
 * (bench/schema.h): good documents, bad ones with their positions, the caps,
 * a report read back exactly as written, and tampered reports refused. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "testing.h"
#include "../bench/run.h"
#include "../bench/schema.h"

static pz_jdoc parse(const char *text)
{
    pz_jdoc d;
    pz_error e;
    if (pz_jdoc_parse(&d, "t.json", text, strlen(text), &e))
        fail_msg("%s:%ld:%ld: %s\nin: %s", e.file, e.line, e.col, e.msg, text);
    return d;
}

/* The error a text gives, as "line:col: msg" (a static buffer). */
static const char *error_n(const char *text, size_t len)
{
    static char buf[1024];
    pz_jdoc d;
    pz_error e;
    if (!pz_jdoc_parse(&d, "t.json", text, len, &e))
        fail_msg("expected an error from: %.*s", (int)len, text);
    assert_null(d.root);
    assert_null(d.text);
    assert_string_equal(e.file, "t.json");
    snprintf(buf, sizeof buf, "%ld:%ld: %s", e.line, e.col, e.msg);
    return buf;
}

static const char *error(const char *text)
{
    return error_n(text, strlen(text));
}

static void test_values(void **state)
{
    static const struct {
        const char *text;
        int is_int;
        long long i;
        double d;
    } numbers[] = {
        {"0", 1, 0, 0},
        {"-0", 1, 0, -0.0},
        {"42", 1, 42, 42},
        {"  -17 \r\n", 1, -17, -17},
        {"9223372036854775807", 1, LLONG_MAX, 9223372036854775807.0},
        {"-9223372036854775808", 1, LLONG_MIN, -9223372036854775808.0},
        {"1.5", 0, 0, 1.5},
        {"1e3", 0, 0, 1000},
        {"-1.25E-2", 0, 0, -0.0125},
        {"0.000001", 0, 0, 1e-6},
    };
    (void)state;
    for (size_t k = 0; k < sizeof numbers / sizeof *numbers; k++) {
        pz_jdoc d = parse(numbers[k].text);
        assert_true(json_is_number(d.root));
        if (json_is_integer(d.root) != numbers[k].is_int)
            fail_msg("%s: is_int %d", numbers[k].text, json_is_integer(d.root));
        if (numbers[k].is_int)
            assert_true(json_integer_value(d.root) == numbers[k].i);
        assert_true(json_number_value(d.root) == numbers[k].d);
        pz_jdoc_free(&d);
    }
    pz_jdoc d = parse("\"\\\"\\\\\\/\\b\\f\\n\\r\\t|\\u00e9\\u20AC\\ud83d\\ude00|é€😀\"");
    const char want[] = "\"\\/\b\f\n\r\t|\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80|é€😀";
    assert_int_equal(json_string_length(d.root), sizeof want - 1);
    assert_memory_equal(json_string_value(d.root), want, sizeof want);
    pz_jdoc_free(&d);
    pz_jdoc_free(&d); /* twice is harmless */
}

/* Every kind of bad document, with where jansson stopped and what it says. */
static void test_bad(void **state)
{
    static const struct {
        const char *text, *where, *what;
    } bad[] = {
        {"", "1:1", "near end of file"},
        {"  \n  ", "2:2", "near end of file"},
        {"+1", "1:1", "invalid token near '+'"},
        {"NaN", "1:3", "invalid token near 'NaN'"},
        {"[Infinity]", "1:9", "invalid token near 'Infinity'"},
        {"'a'", "1:1", "invalid token"},
        {"// note\n{}", "1:1", "invalid token near '/'"},
        {"tru", "1:3", "invalid token near 'tru'"},
        {"true false", "1:10", "end of file expected near 'false'"},
        {"{}\n}", "2:1", "end of file expected near '}'"},
        {"[1,]", "1:4", "unexpected token near ']'"},
        {"[1 2]", "1:4", "']' expected near '2'"},
        {"{a:1}", "1:2", "string or '}' expected near 'a'"},
        {"{\"a\" 1}", "1:6", "':' expected near '1'"},
        {"{\"a\":1,}", "1:8", "string or '}' expected near '}'"},
        {"{\"a\":1]", "1:7", "'}' expected near ']'"},
        {"01", "1:1", "invalid token near '0'"},
        {"-00", "1:2", "invalid token"},
        {"1.e5", "1:2", "invalid token near '1.'"},
        {"[1e999]", "1:6", "real number overflow"},
        {"99999999999999999999", "1:20", "too big integer"},
        {"\"abc", "1:4", "premature end of input"},
        {"\"\\x\"", "1:3", "invalid escape"},
        {"\"a\nb\"", "1:2", "unexpected newline"},
        {"\"a\tb\"", "1:2", "control character 0x9"},
        {"\"\\ude00\"", "1:8", "invalid Unicode '\\uDE00'"},
        {"\"\\ud83d\"", "1:8", "invalid Unicode '\\uD83D'"},
        {"\"\x80\"", "1:1", "unable to decode byte 0x80"},
        {"\"\xc0\x80\"", "1:1", "unable to decode byte 0xc0"},
        {"\"\xed\xa0\x80\"", "1:1", "unable to decode byte 0xed"},
        {"\"\xf4\x90\x80\x80\"", "1:1", "unable to decode byte 0xf4"},
        /* A key twice in one object, at any depth. */
        {"{\"a\":1,\n\"a\":2}", "2:3", "duplicate object key near '\"a\"'"},
        {"{\"b\":{\"a\":1,\"b\":2,\"b\":3}}", "1:21", "duplicate object key"},
        /* Control bytes in the text quoted are shown, not sent to a terminal. */
        {"\x01", "1:1", "invalid token near '\\x01'"},
    };
    (void)state;
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        const char *got = error(bad[k].text);
        size_t n = strlen(bad[k].where);
        if (strncmp(got, bad[k].where, n) || got[n] != ':' || !strstr(got, bad[k].what))
            fail_msg("%s: got \"%s\", expected %s: ...%s...", bad[k].text, got, bad[k].where,
                     bad[k].what);
        for (const char *c = got; *c; c++)
            assert_true(*c >= 0x20 && *c < 0x7f);
    }
    assert_non_null(strstr(error_n("\"a\0b\"", 5), "control character 0x0"));
    /* Every proper prefix of a document is refused; the whole is read. */
    const char *text = "{\n  \"puzzle\": \"flip\",\n  \"shard\": {\"k\": 0, \"n\": 7},\n"
                       "  \"solvers\": [\n    {\"name\": \"gf2\", \"ran\": 9363, \"x\": null}\n"
                       "  ],\n  \"input\": \"bwbw\\nwwww\\n\\u00e9\"\n}";
    for (size_t n = 0; n < strlen(text); n++)
        error_n(text, n);
    pz_jdoc d = parse(text);
    pz_jdoc_free(&d);
}

static void test_limits(void **state)
{
    char deep[2 * PZ_JSON_MAX_DEPTH + 3], want[128];
    size_t n = PZ_JSON_MAX_VALUES, len = 2 * n + 1;
    char *many = malloc(len + 1);
    pz_jdoc d;
    pz_error e;
    (void)state;
    /* Nesting: 64 arrays deep are read, 65 refused where the 65th opens. */
    memset(deep, '[', PZ_JSON_MAX_DEPTH);
    memset(deep + PZ_JSON_MAX_DEPTH, ']', PZ_JSON_MAX_DEPTH);
    deep[2 * PZ_JSON_MAX_DEPTH] = 0;
    d = parse(deep);
    pz_jdoc_free(&d);
    memset(deep, '[', PZ_JSON_MAX_DEPTH + 1);
    memset(deep + PZ_JSON_MAX_DEPTH + 1, ']', PZ_JSON_MAX_DEPTH + 1);
    deep[2 * PZ_JSON_MAX_DEPTH + 2] = 0;
    snprintf(want, sizeof want, "1:%d: expected at most %d nested arrays and objects",
             PZ_JSON_MAX_DEPTH + 1, PZ_JSON_MAX_DEPTH);
    assert_string_equal(error(deep), want);
    /* Values: an array of n - 1 zeros is n values; one more zero is refused. */
    assert_non_null(many);
    many[0] = '[';
    for (size_t k = 1; k < len; k += 2)
        many[k] = '0', many[k + 1] = ',';
    many[len - 1 - 2] = ']'; /* [0,0,...,0] with n - 1 zeros */
    assert_int_equal(pz_jdoc_parse(&d, "t.json", many, len - 2, &e), 0);
    assert_int_equal(json_array_size(d.root), n - 1);
    pz_jdoc_free(&d);
    many[len - 1 - 2] = ',';
    many[len - 1] = ']'; /* n zeros */
    snprintf(want, sizeof want, "1:%zu: expected at most %zu values in a document", len - 1, n);
    assert_string_equal(error_n(many, len), want);
    free(many);
    /* Size: one byte over the cap is refused before any parsing. */
    size_t size = (size_t)PZ_JSON_MAX_BYTES + 1;
    char *huge = malloc(size);
    assert_non_null(huge);
    memset(huge, ' ', size);
    huge[0] = '0';
    assert_int_equal(pz_jdoc_parse(&d, "t.json", huge, size, &e), -1);
    assert_int_equal(e.line, 0);
    snprintf(want, sizeof want, "expected a JSON document of at most %d bytes", PZ_JSON_MAX_BYTES);
    assert_string_equal(e.msg, want);
    assert_int_equal(pz_jdoc_parse(&d, "t.json", huge, size - 1, &e), 0);
    pz_jdoc_free(&d);
    free(huge);
}

/* The typed getters, and the positions their messages give. */
static void test_need(void **state)
{
    const char *text = "{\"n\": 7, \"f\": 1.5, \"b\": true, \"s\": \"x\", \"nul\": \"a\\u0000\",\n"
                       " \"neg\": -1, \"a\": [10, {\"deep\": \"no\"},\n   [1,  2]], \"z\": null}";
    pz_jdoc d = parse(text);
    pz_jval root = pz_jroot(&d), a, v;
    long long i;
    double x;
    int b;
    const char *s;
    char buf[2];
    pz_error e;
    long line, col;
    (void)state;
    assert_int_equal(pz_jneed_int(&root, "n", 0, 10, &i, &e), 0);
    assert_int_equal(i, 7);
    assert_int_equal(pz_jneed_num(&root, "f", 0, &x, &e), 0);
    assert_true(x == 1.5);
    assert_int_equal(pz_jneed_num(&root, "n", 0, &x, &e), 0);
    assert_int_equal(pz_jneed_bool(&root, "b", &b, &e), 0);
    assert_int_equal(b, 1);
    assert_int_equal(pz_jneed_str(&root, "s", &s, &e), 0);
    assert_string_equal(s, "x");
    assert_int_equal(pz_jneed(&root, "a", JSON_ARRAY, &a, &e), 0);
#define FAILS(call, text)                                                                          \
    do {                                                                                           \
        assert_int_equal(call, -1);                                                                \
        snprintf(got, sizeof got, "%s:%ld:%ld: %s", e.file, e.line, e.col, e.msg);                 \
        assert_string_equal(got, text);                                                            \
    } while (0)
    char got[4096 + 600];
    FAILS(pz_jneed_int(&root, "neg", 0, 10, &i, &e),
          "t.json:2:2: expected \"neg\" to be a whole number from 0 to 10");
    FAILS(pz_jneed_int(&root, "f", 0, 10, &i, &e),
          "t.json:1:10: expected \"f\" to be a whole number from 0 to 10");
    FAILS(pz_jneed_int(&root, "s", 0, 10, &i, &e),
          "t.json:1:31: expected \"s\" to be a number, found a string");
    FAILS(pz_jneed_int(&root, "m", 0, 10, &i, &e),
          "t.json:1:1: expected a member \"m\" in this object");
    FAILS(pz_jneed_bool(&root, "n", &b, &e), "t.json:1:2: expected \"n\" to be true or false, "
                                             "found a number");
    FAILS(pz_jneed_str(&root, "z", &s, &e),
          "t.json:3:14: expected \"z\" to be a string, found null");
    FAILS(pz_jneed_num(&root, "neg", 0, &x, &e),
          "t.json:2:2: expected \"neg\" to be a number of at least 0");
    FAILS(pz_jneed_str(&root, "nul", &s, &e),
          "t.json:1:41: expected \"nul\" to be a string without NUL characters");
    FAILS(pz_jneed_strbuf(&root, "s", buf, 1, &e),
          "t.json:1:31: expected \"s\" of at most 0 bytes");
    /* Inside arrays and objects: an element where it starts, a member at its key. */
    v = pz_jelem(&a, 1);
    FAILS(pz_jneed_int(&v, "deep", 0, 1, &i, &e),
          "t.json:2:24: expected \"deep\" to be a number, found a string");
    FAILS(pz_jneed_int(&v, "gone", 0, 1, &i, &e),
          "t.json:2:23: expected a member \"gone\" in this object");
    v = pz_jelem(&a, 2);
    pz_jval two = pz_jelem(&v, 1);
    pz_jpos(&two, &line, &col);
    assert_int_equal(line, 3);
    assert_int_equal(col, 9);
    FAILS(pz_jneed_int(&two, "x", 0, 1, &i, &e),
          "t.json:3:9: expected an object with \"x\", found a number");
    assert_int_equal(pz_jneed_strbuf(&root, "s", buf, 2, &e), 0);
    assert_string_equal(buf, "x");
    pz_jdoc_free(&d);
}

static void test_files(void **state)
{
    char path[] = "/tmp/pz-test-json-XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    pz_jdoc d;
    pz_error e;
    (void)state;
    assert_non_null(f);
    fputs("{\"a\": [1, 2,\n  3,]}\n", f);
    fclose(f);
    assert_int_equal(pz_jdoc_read(&d, path, &e), -1);
    assert_string_equal(e.file, path);
    assert_int_equal(e.line, 2);
    assert_int_equal(e.col, 5);
    f = fopen(path, "w");
    fputs("{\"a\": [1, 2,\r\n  3]}\r\n", f);
    fclose(f);
    assert_int_equal(pz_jdoc_read(&d, path, &e), 0);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(d.root, "a"), 2)), 3);
    pz_jdoc_free(&d);
    remove(path);
    assert_int_equal(pz_jdoc_read(&d, path, &e), -1);
    assert_null(d.root);
    assert_non_null(strstr(e.msg, "cannot read /tmp/pz-test-json-"));
    assert_non_null(strstr(e.msg, "No such file"));
    assert_int_equal(pz_jdoc_read(&d, "/tmp", &e), -1);
    assert_non_null(strstr(e.msg, "Is a directory"));
}

/* Strings of any bytes stay valid JSON; the dump is ASCII at full precision. */
static void test_write(void **state)
{
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    json_t *o = json_object();
    (void)state;
    pz_jset(o, "utf8", pz_jstr("é\n", 3));
    pz_jset(o, "bytes", pz_jstr("a\xff\x00z", 4));
    pz_jset(o, "x", json_real(23.63));
    pz_jset(o, "third", json_real(1.0 / 3));
    assert_int_equal(pz_jdump(f, o), 0);
    fclose(f);
    assert_string_equal(out, "{\n  \"utf8\": \"\\u00E9\\n\",\n  \"bytes\": \"a\\u00FF\\u0000z\",\n"
                             "  \"x\": 23.629999999999999,\n  \"third\": 0.33333333333333331\n}\n");
    pz_jdoc d = parse(out);
    assert_true(json_equal(d.root, o));
    assert_true(json_real_value(json_object_get(d.root, "third")) == 1.0 / 3);
    pz_jdoc_free(&d);
    json_decref(o);
    free(out);
}

/* ------------------------------------------------------- the report schema */

/* A run's report as text: flip 2x2 exhaustive (16 boards), shard 1/3. */
static char *report_text(const char *shard, json_t **json)
{
    pz_corpus c;
    pz_shard sh;
    pz_result r;
    pz_error e;
    pz_run_opts o = {.sample = 1, .threads = 1};
    char *out = NULL;
    size_t len = 0;
    o.solvers[o.nsolvers++] = pz_find_solver("flip", "gf2");
    o.solvers[o.nsolvers++] = pz_find_solver("flip", "bfs");
    assert_int_equal(
        pz_corpus_open(&c, pz_find_puzzle("flip"), "flip:exhaustive:rows=2:cols=2", &e), 0);
    assert_int_equal(pz_parse_shard(shard, c.count, &sh, &e), 0);
    assert_int_equal(pz_run(&c, &sh, &o, &r), 0);
    *json = pz_report_json(&r);
    FILE *f = open_memstream(&out, &len);
    pz_jdump(f, *json);
    fclose(f);
    pz_result_free(&r);
    pz_corpus_close(&c);
    return out;
}

static void test_report_round_trip(void **state)
{
    json_t *json;
    char *text = report_text("1/3", &json);
    pz_report_doc rep;
    pz_error e;
    (void)state;
    if (pz_report_parse(&rep, "r.json", text, strlen(text), &e))
        fail_msg("%s:%ld:%ld: %s", e.file, e.line, e.col, e.msg);
    assert_int_equal(rep.res.instances, 5);
    assert_int_equal(rep.res.shard.first, 5);
    assert_int_equal(rep.res.opts.nsolvers, 2);
    assert_string_equal(rep.context.version, json_string_value(json_object_get(
                                                 json_object_get(json, "context"), "version")));
    /* Written again, the report read back is the report written, to the last digit. */
    json_t *again = pz_report_json(&rep.res);
    assert_true(json_equal(json, again));
    json_decref(again);
    pz_report_free(&rep);
    json_decref(json);
    free(text);
}

/* Sets a value at a path of the report ("solvers.0.ran"), returns the text. */
static char *tamper(json_t *json, const char *path, json_t *value)
{
    char buf[128], *save = NULL, *out = NULL, *last = NULL;
    json_t *at = json, *parent = NULL;
    size_t len = 0;
    snprintf(buf, sizeof buf, "%s", path);
    for (char *step = strtok_r(buf, ".", &save); step; step = strtok_r(NULL, ".", &save)) {
        parent = at;
        last = step;
        at = json_is_array(at) ? json_array_get(at, strtoul(step, NULL, 10))
                               : json_object_get(at, step);
    }
    if (json_is_array(parent))
        json_array_set_new(parent, strtoul(last, NULL, 10), value);
    else
        json_object_set_new(parent, last, value);
    FILE *f = open_memstream(&out, &len);
    pz_jdump(f, json);
    fclose(f);
    return out;
}

/* The line and column of the n-th occurrence (from 1) of needle in text. */
static void where(const char *text, const char *needle, int n, long *line, long *col)
{
    const char *at = text;
    for (int k = 0; k < n; k++)
        at = strstr(k ? at + 1 : at, needle);
    assert_non_null(at);
    *line = 1;
    *col = 1;
    for (const char *c = text; c < at; c++)
        if (*c == '\n')
            ++*line, *col = 1;
        else
            ++*col;
}

static void test_report_tampered(void **state)
{
    static const struct {
        const char *path;
        long long value; /* LLONG_MIN: a string instead */
        const char *at;  /* the text where the error points */
        int nth;
        const char *what;
    } cases[] = {
        {"solvers.0.ran", 999, "\"ran\"", 1,
         "expected ran + skipped of gf2 to be the 5 instances of shard [5, 10) it was given, "
         "found 999 + 0"},
        {"solvers.1.skipped", 1, "\"ran\"", 2, "expected ran + skipped of bfs"},
        {"solvers.0.ran", (long long)1 << 62, "\"ran\"", 1,
         "expected \"ran\" to be a whole number from 0 to 4503599627370496"},
        {"solvers.0.invalid", 6, "\"invalid\"", 1, "expected at most the 5 answers gf2 gave"},
        {"solvers.1.disagree", 6, "\"disagree\"", 2, "expected at most the 5 answers bfs gave"},
        {"solvers.0.worst_index", 10, "\"worst_index\"", 1,
         "expected \"worst_index\" in the shard [5, 10), found 10"},
        {"checker.answers", 11, "\"answers\"", 1, "expected the 10 answers the solvers gave"},
        {"instances", 4, "\"instances\"", 1, "expected 5 instances in shard 1/3, found 4"},
        {"instances", 6, "\"instances\"", 1,
         "expected \"instances\" to be a whole number from 0 "
         "to 5"},
        {"unanswered", 1, "\"histogram\"", 1,
         "expected the histogram (5) and the unanswered instances (1) to add up to the 5"},
        {"failures", 1, "\"disagreements\"", 1, "expected the first 1 failures listed, found 0"},
        {"expected_invalid", 1, "\"expected_invalid\"", 1,
         "expected \"expected_invalid\" to be a whole number from 0 to 0"},
        {"shard.end", 12, "\"shard\"", 1, "expected shard 1/3 of 16 instances to be [5, 10)"},
        {"shard.k", 3, "\"n\"", 1, "expected \"n\" to be a whole number from 4 to"},
        {"histogram.0.count", 99, "\"count\"", 1,
         "expected \"count\" to be a whole number from 1 "
         "to 5"},
        {"corpus_instances", 17, "\"shard\"", 1, "expected shard 1/3 of 17 instances"},
        {"context.commit", LLONG_MIN, "\"commit\"", 1, "expected \"commit\" to be a string"},
        {"solvers.0.name", LLONG_MIN, "\"name\"", 1, "expected \"name\" to be a string"},
    };
    (void)state;
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        json_t *json;
        char *text = report_text("1/3", &json), *bad, got[4096 + 600], want[64];
        pz_report_doc rep;
        pz_error e;
        long line, col;
        bad = tamper(json, cases[k].path,
                     cases[k].value == LLONG_MIN ? json_integer(1) : json_integer(cases[k].value));
        if (cases[k].value == LLONG_MIN) { /* a number where a string belongs */
            free(bad);
            bad = tamper(json, cases[k].path, json_integer(1));
        }
        if (!pz_report_parse(&rep, "r.json", bad, strlen(bad), &e))
            fail_msg("%s = %lld: accepted", cases[k].path, cases[k].value);
        where(bad, cases[k].at, cases[k].nth, &line, &col);
        snprintf(got, sizeof got, "%s:%ld:%ld: %s", e.file, e.line, e.col, e.msg);
        snprintf(want, sizeof want, "r.json:%ld:%ld: ", line, col);
        if (strncmp(got, want, strlen(want)) || !strstr(got, cases[k].what))
            fail_msg("%s: got \"%s\", expected \"%s...%s...\"", cases[k].path, got, want,
                     cases[k].what);
        json_decref(json);
        free(text);
        free(bad);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_bad),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_need),
        cmocka_unit_test(test_files),
        cmocka_unit_test(test_write),
        cmocka_unit_test(test_report_round_trip),
        cmocka_unit_test(test_report_tampered),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
