/* test_json.c - the JSON reader: good documents, and every kind of bad or
 * truncated one with its exact message and position. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "testing.h"
#include "../bench/json.h"

static pz_json_doc parse(const char *text)
{
    pz_json_doc d;
    pz_error e;
    if (pz_json_parse(&d, "t.json", text, strlen(text), &e))
        fail_msg("%s:%ld:%ld: %s\nin: %s", e.file, e.line, e.col, e.msg, text);
    return d;
}

/* The error a text gives, as "line:col: msg" (a static buffer). */
static const char *error_n(const char *text, size_t len)
{
    static char buf[1024];
    pz_json_doc d;
    pz_error e;
    if (!pz_json_parse(&d, "t.json", text, len, &e))
        fail_msg("expected an error from: %.*s", (int)len, text);
    assert_null(d.root);
    assert_null(d.mem);
    assert_string_equal(e.file, "t.json");
    snprintf(buf, sizeof buf, "%ld:%ld: %s", e.line, e.col, e.msg);
    return buf;
}

static const char *error(const char *text)
{
    return error_n(text, strlen(text));
}

static void test_scalars(void **state)
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
        {"9223372036854775808", 0, 0, 9223372036854775808.0},
        {"-9223372036854775809", 0, 0, -9223372036854775809.0},
        {"18446744073709551616", 0, 0, 18446744073709551616.0},
        {"1.5", 0, 0, 1.5},
        {"1e3", 0, 0, 1000},
        {"-1.25E-2", 0, 0, -0.0125},
        {"2E+2", 0, 0, 200},
        {"1e-400", 0, 0, 0},
        {"0.000001", 0, 0, 1e-6},
    };
    (void)state;
    for (size_t k = 0; k < sizeof numbers / sizeof *numbers; k++) {
        pz_json_doc d = parse(numbers[k].text);
        assert_int_equal(d.root->type, PZ_JSON_NUMBER);
        if (d.root->is_int != numbers[k].is_int)
            fail_msg("%s: is_int %d", numbers[k].text, d.root->is_int);
        if (numbers[k].is_int)
            assert_true(d.root->i == numbers[k].i);
        assert_true(d.root->d == numbers[k].d);
        pz_json_free(&d);
    }
    pz_json_doc d = parse("true");
    assert_int_equal(d.root->type, PZ_JSON_BOOL);
    assert_int_equal(d.root->i, 1);
    pz_json_free(&d);
    d = parse("\n\tfalse\n");
    assert_int_equal(d.root->type, PZ_JSON_BOOL);
    assert_int_equal(d.root->i, 0);
    assert_int_equal(d.root->line, 2);
    assert_int_equal(d.root->col, 2);
    pz_json_free(&d);
    d = parse("null");
    assert_int_equal(d.root->type, PZ_JSON_NULL);
    pz_json_free(&d);
}

static void test_strings(void **state)
{
    (void)state;
    pz_json_doc d = parse("\"\\\"\\\\\\/\\b\\f\\n\\r\\t|\\u00e9\\u20AC\\ud83d\\ude00|é€😀\"");
    const char want[] = "\"\\/\b\f\n\r\t|\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80|é€😀";
    assert_int_equal(d.root->type, PZ_JSON_STRING);
    assert_int_equal(d.root->len, sizeof want - 1);
    assert_memory_equal(d.root->s, want, sizeof want);
    pz_json_free(&d);
    d = parse("\"\"");
    assert_int_equal(d.root->len, 0);
    assert_string_equal(d.root->s, "");
    pz_json_free(&d);
    /* A NUL inside a string is JSON; the length keeps it. */
    d = parse("[\"a\\u0000b\"]");
    assert_int_equal(d.root->child->len, 3);
    assert_memory_equal(d.root->child->s, "a\0b", 4);
    pz_json_free(&d);
}

static void test_tree(void **state)
{
    const char *text = "{\n"
                       "  \"puzzle\": \"flip\",\n"
                       "  \"shard\": {\"k\": 3, \"n\": 7},\n"
                       "  \"solvers\": [{\"name\": \"gf2\"}, {\"name\": \"bfs\"}],\n"
                       "  \"empty\": [], \"none\": {}, \"\": null\n"
                       "}\n";
    (void)state;
    pz_json_doc d = parse(text);
    const pz_json *r = d.root, *v;
    assert_int_equal(r->type, PZ_JSON_OBJECT);
    assert_int_equal(r->n, 6);
    assert_string_equal(r->child->key, "puzzle");
    assert_string_equal(pz_json_get(r, "puzzle")->s, "flip");
    v = pz_json_get(pz_json_get(r, "shard"), "n");
    assert_int_equal(v->i, 7);
    assert_int_equal(v->line, 3); /* a member's position is its key's */
    assert_int_equal(v->col, 21);
    v = pz_json_get(r, "solvers");
    assert_int_equal(v->type, PZ_JSON_ARRAY);
    assert_int_equal(v->n, 2);
    assert_string_equal(pz_json_get(v->child->next, "name")->s, "bfs");
    assert_null(v->child->next->next);
    assert_null(v->child->key);
    assert_int_equal(pz_json_get(r, "empty")->n, 0);
    assert_null(pz_json_get(r, "empty")->child);
    assert_int_equal(pz_json_get(r, "none")->type, PZ_JSON_OBJECT);
    assert_int_equal(pz_json_get(r, "")->type, PZ_JSON_NULL);
    assert_null(pz_json_get(r, "nope"));
    assert_null(pz_json_get(v, "name")); /* an array has no members */
    assert_null(pz_json_get(NULL, "name"));
    pz_json_free(&d);
    pz_json_free(&d); /* twice is harmless */
}

static void test_need(void **state)
{
    const char *text = "{\"n\": 5, \"neg\": -1, \"f\": 2.5, \"s\": \"x\", \"z\": \"a\\u0000\",\n"
                       " \"b\": true, \"a\": [1]}";
    pz_json_doc d = parse(text);
    pz_error e;
    long long i;
    double x;
    int b;
    const char *s;
    (void)state;
    assert_int_equal(pz_json_need_int(&d, d.root, "n", 0, 10, &i, &e), 0);
    assert_int_equal(i, 5);
    assert_int_equal(pz_json_need_num(&d, d.root, "f", &x, &e), 0);
    assert_true(x == 2.5);
    assert_int_equal(pz_json_need_num(&d, d.root, "n", &x, &e), 0);
    assert_true(x == 5);
    assert_int_equal(pz_json_need_bool(&d, d.root, "b", &b, &e), 0);
    assert_int_equal(b, 1);
    assert_int_equal(pz_json_need_str(&d, d.root, "s", &s, &e), 0);
    assert_string_equal(s, "x");
    assert_non_null(pz_json_need(&d, d.root, "a", PZ_JSON_ARRAY, &e));

#define NEED_FAILS(call, where)                                                                    \
    do {                                                                                           \
        char got[sizeof e.file + sizeof e.msg + 64];                                               \
        assert_int_equal(call, -1);                                                                \
        snprintf(got, sizeof got, "%s:%ld:%ld: %s", e.file, e.line, e.col, e.msg);                 \
        assert_string_equal(got, where);                                                           \
    } while (0)
    NEED_FAILS(pz_json_need_int(&d, d.root, "neg", 0, 10, &i, &e),
               "t.json:1:10: expected \"neg\" to be a whole number from 0 to 10");
    NEED_FAILS(pz_json_need_int(&d, d.root, "f", 0, 10, &i, &e),
               "t.json:1:21: expected \"f\" to be a whole number from 0 to 10");
    NEED_FAILS(pz_json_need_int(&d, d.root, "s", 0, 10, &i, &e),
               "t.json:1:31: expected \"s\" to be a number, found a string");
    NEED_FAILS(pz_json_need_int(&d, d.root, "m", 0, 10, &i, &e),
               "t.json:1:1: expected a member \"m\" in this object");
    NEED_FAILS(pz_json_need_str(&d, d.root, "z", &s, &e),
               "t.json:1:41: expected \"z\" to be a string without \\u0000");
    NEED_FAILS(pz_json_need_bool(&d, d.root, "n", &b, &e),
               "t.json:1:2: expected \"n\" to be true or false, found a whole number");
    NEED_FAILS(pz_json_need_str(&d, d.root, "b", &s, &e),
               "t.json:2:2: expected \"b\" to be a string, found true");
    NEED_FAILS(pz_json_need(&d, d.root, "a", PZ_JSON_OBJECT, &e) ? 0 : -1,
               "t.json:2:13: expected \"a\" to be an object, found an array");
    NEED_FAILS(pz_json_need(&d, pz_json_get(d.root, "a"), "x", PZ_JSON_OBJECT, &e) ? 0 : -1,
               "t.json:2:13: expected an object with \"x\", found an array");
    pz_json_free(&d);
}

static void test_bad_syntax(void **state)
{
    (void)state;
    assert_string_equal(error(""), "1:1: expected a value, found the end of the input");
    assert_string_equal(error("  \n  "), "2:3: expected a value, found the end of the input");
    assert_string_equal(error("+1"), "1:1: expected a value, found '+'");
    assert_string_equal(error(".5"), "1:1: expected a value, found '.'");
    assert_string_equal(error("NaN"), "1:1: expected a value, found 'N'");
    assert_string_equal(error("[Infinity]"), "1:2: expected a value, found 'I'");
    assert_string_equal(error("'a'"), "1:1: expected a value, found '''");
    assert_string_equal(error("// note\n{}"), "1:1: expected a value, found '/'");
    assert_string_equal(error("\xef\xbb\xbf{}"), "1:1: expected a value, found byte 0xef");
    assert_string_equal(error("\x01"), "1:1: expected a value, found byte 0x01");
    assert_string_equal(error("tru"), "1:1: expected true");
    assert_string_equal(error("[fals]"), "1:2: expected false");
    assert_string_equal(error("nil"), "1:1: expected null");
    assert_string_equal(error("true false"),
                        "1:6: expected the end of the input after the value, found 'f'");
    assert_string_equal(error("{}\n}"),
                        "2:1: expected the end of the input after the value, found '}'");
    assert_string_equal(error_n("[1]\0", 4),
                        "1:4: expected the end of the input after the value, found byte 0x00");
    assert_string_equal(error("nullx"),
                        "1:5: expected the end of the input after the value, found 'x'");
    /* Arrays. */
    assert_string_equal(error("["), "1:2: expected a value, found the end of the input");
    assert_string_equal(error("[1,]"), "1:4: expected a value, found ']'");
    assert_string_equal(error("[,1]"), "1:2: expected a value, found ','");
    assert_string_equal(error("[1 2]"), "1:4: expected ',' or ']' after an element, found '2'");
    assert_string_equal(error("[1}"), "1:3: expected ',' or ']' after an element, found '}'");
    assert_string_equal(error("[1,\n 2"),
                        "2:3: expected ',' or ']' after an element, found the end of the input");
    /* Objects. */
    assert_string_equal(error("{"),
                        "1:2: expected a string key or '}', found the end of the input");
    assert_string_equal(error("{a:1}"), "1:2: expected a string key or '}', found 'a'");
    assert_string_equal(error("{1:1}"), "1:2: expected a string key or '}', found '1'");
    assert_string_equal(error("{\"a\""),
                        "1:5: expected ':' after the key, found the end of the input");
    assert_string_equal(error("{\"a\" 1}"), "1:6: expected ':' after the key, found '1'");
    assert_string_equal(error("{\"a\":"), "1:6: expected a value, found the end of the input");
    assert_string_equal(error("{\"a\":1"),
                        "1:7: expected ',' or '}' after a member, found the end of the input");
    assert_string_equal(error("{\"a\":1,"),
                        "1:8: expected a string key after ',', found the end of the input");
    assert_string_equal(error("{\"a\":1,}"), "1:8: expected a string key after ',', found '}'");
    assert_string_equal(error("{\"a\":1]"), "1:7: expected ',' or '}' after a member, found ']'");
    assert_string_equal(error("{\"a\":1,\"b\":2,\n \"a\":3}"),
                        "2:2: expected each key once in an object, found \"a\" again");
    /* Of several repeated keys, the first repetition in the document. */
    assert_string_equal(error("{\"b\":1,\"a\":1,\"b\":1,\"a\":1,\"b\":1}"),
                        "1:14: expected each key once in an object, found \"b\" again");
    /* Keys are compared byte for byte, escapes decoded. */
    assert_string_equal(error("{\"\\u0061\":1,\"a\":2}"),
                        "1:13: expected each key once in an object, found \"a\" again");
    pz_json_doc d = parse("{\"a\":1,\"A\":2,\"a \":3,\"b\":{\"a\":4}}");
    pz_json_free(&d);
}

static void test_bad_numbers(void **state)
{
    char big[PZ_JSON_MAX_NUMBER + 2];
    (void)state;
    assert_string_equal(error("-"), "1:2: expected a digit after '-', found the end of the input");
    assert_string_equal(error("-a"), "1:2: expected a digit after '-', found 'a'");
    assert_string_equal(error("[- 1]"), "1:3: expected a digit after '-', found ' '");
    assert_string_equal(error("01"), "1:2: expected no leading zero in a number");
    assert_string_equal(error("-00"), "1:3: expected no leading zero in a number");
    assert_string_equal(error("1."), "1:3: expected a digit after '.', found the end of the input");
    assert_string_equal(error("1.e5"), "1:3: expected a digit after '.', found 'e'");
    assert_string_equal(error("1e"),
                        "1:3: expected a digit in the exponent, found the end of the input");
    assert_string_equal(error("1e+"),
                        "1:4: expected a digit in the exponent, found the end of the input");
    assert_string_equal(error("1E-x"), "1:4: expected a digit in the exponent, found 'x'");
    assert_string_equal(error("0x10"),
                        "1:2: expected the end of the input after the value, found 'x'");
    assert_string_equal(error("[1e999]"), "1:2: expected a number within the range of a double");
    assert_string_equal(error("-1e999"), "1:1: expected a number within the range of a double");
    memset(big, '1', sizeof big - 1);
    big[sizeof big - 1] = 0;
    assert_string_equal(error(big), "1:1: expected a number of at most 100 characters");
    big[sizeof big - 2] = 0; /* exactly at the cap */
    pz_json_doc d = parse(big);
    assert_false(d.root->is_int);
    pz_json_free(&d);
}

static void test_bad_strings(void **state)
{
    (void)state;
    assert_string_equal(error("\"abc"),
                        "1:5: expected '\"' to close the string, found the end of the input");
    assert_string_equal(error("\"abc\\"),
                        "1:5: expected an escape \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX, "
                        "found the end of the input after '\\'");
    assert_string_equal(error("\"abc\\\""),
                        "1:7: expected '\"' to close the string, found the end of the input");
    assert_string_equal(error("\"a\nb\""),
                        "1:3: expected no control character in a string (escape it), "
                        "found a line break");
    assert_string_equal(error("\"a\tb\""),
                        "1:3: expected no control character in a string (escape it), "
                        "found byte 0x09");
    assert_string_equal(error_n("\"a\0b\"", 5),
                        "1:3: expected no control character in a string (escape it), "
                        "found byte 0x00");
    assert_string_equal(error("\"\\x\""),
                        "1:2: expected an escape \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX, "
                        "found 'x' after '\\'");
    assert_string_equal(error("\"\\U0041\""),
                        "1:2: expected an escape \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX, "
                        "found 'U' after '\\'");
    assert_string_equal(error("\"\\u12g4\""), "1:2: expected 4 hex digits after \\u");
    assert_string_equal(error("\"\\u12"), "1:2: expected 4 hex digits after \\u");
    assert_string_equal(error("\"\\ude00\""), "1:2: expected a high surrogate before \\uDE00");
    assert_string_equal(error("\"\\ud83d\""),
                        "1:8: expected a low surrogate \\uDC00 to \\uDFFF after \\uD83D");
    assert_string_equal(error("\"\\ud83d\\u0041\""),
                        "1:8: expected a low surrogate \\uDC00 to \\uDFFF after \\uD83D");
    assert_string_equal(error("\"\\ud83d\\ud83d\""),
                        "1:8: expected a low surrogate \\uDC00 to \\uDFFF after \\uD83D");
    assert_string_equal(error("\"\\ud83d\\n\""),
                        "1:8: expected a low surrogate \\uDC00 to \\uDFFF after \\uD83D");
    assert_string_equal(error("\"\\ud83d\\ude0"),
                        "1:8: expected a low surrogate \\uDC00 to \\uDFFF after \\uD83D");
    /* UTF-8: stray continuation, overlong forms, encoded surrogates, past U+10FFFF, cut. */
    static const char *const bad_utf8[] = {
        "\"\x80\"",         "\"\xc0\x80\"",         "\"\xc1\xbf\"",         "\"\xe0\x80\x80\"",
        "\"\xed\xa0\x80\"", "\"\xf0\x80\x80\x80\"", "\"\xf4\x90\x80\x80\"", "\"\xf5\x80\x80\x80\"",
        "\"\xff\"",         "\"\xe2\x82\"",         "\"\xe2\x82",           "\"\xc3\x28\"",
    };
    for (size_t k = 0; k < sizeof bad_utf8 / sizeof *bad_utf8; k++) {
        char want[128];
        snprintf(want, sizeof want, "1:2: expected UTF-8 text in a string, found byte 0x%02x",
                 (unsigned char)bad_utf8[k][1]);
        assert_string_equal(error(bad_utf8[k]), want);
    }
    /* The largest code points of each length are fine. */
    pz_json_doc d = parse("\"\x7f\xdf\xbf\xef\xbf\xbf\xf4\x8f\xbf\xbf\xee\x80\x80\"");
    assert_int_equal(d.root->len, 13);
    pz_json_free(&d);
}

/* Every proper prefix of a report, cut anywhere, is refused; the whole is read. */
static void test_truncated(void **state)
{
    const char *text =
        "{\n  \"puzzle\": \"flip\",\n  \"corpus\": \"flip:exhaustive:rows=4:cols=4\",\n"
        "  \"shard\": {\"k\": 0, \"n\": 7, \"first\": 0, \"end\": 9363},\n"
        "  \"partial\": false,\n  \"wall_s\": 0.012345,\n"
        "  \"solvers\": [\n    {\"name\": \"gf2\", \"ran\": 9363, \"skipped\": 0},\n"
        "    {\"name\": \"bfs\", \"ran\": -1, \"x\": null}\n  ],\n"
        "  \"disagreements\": [{\"index\": 12, \"input\": \"bwbw\\nwwww\\n\\u00e9\"}]\n}";
    size_t len = strlen(text);
    (void)state;
    for (size_t n = 0; n < len; n++)
        error_n(text, n);
    pz_json_doc d = parse(text);
    pz_json_free(&d);
    assert_string_equal(error_n(text, len - 1),
                        "12:1: expected ',' or '}' after a member, found the end of the input");
    assert_string_equal(error_n(text, 40),
                        "3:19: expected '\"' to close the string, found the end of the input");
}

static void test_limits(void **state)
{
    char deep[2 * PZ_JSON_MAX_DEPTH + 3];
    size_t n = PZ_JSON_MAX_VALUES, len = 2 * n + 1;
    char *many = malloc(len + 1), want[128];
    (void)state;
    /* Nesting: 64 arrays deep are read, 65 refused where the 65th opens. */
    memset(deep, '[', PZ_JSON_MAX_DEPTH);
    memset(deep + PZ_JSON_MAX_DEPTH, ']', PZ_JSON_MAX_DEPTH);
    deep[2 * PZ_JSON_MAX_DEPTH] = 0;
    pz_json_doc d = parse(deep);
    pz_json_free(&d);
    memset(deep, '[', PZ_JSON_MAX_DEPTH + 1);
    memset(deep + PZ_JSON_MAX_DEPTH + 1, ']', PZ_JSON_MAX_DEPTH + 1);
    deep[2 * PZ_JSON_MAX_DEPTH + 2] = 0;
    snprintf(want, sizeof want, "1:%d: expected at most %d nested arrays and objects",
             PZ_JSON_MAX_DEPTH + 1, PZ_JSON_MAX_DEPTH);
    assert_string_equal(error(deep), want);
    assert_string_equal(error("{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":"
                              "{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":"
                              "{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":"
                              "{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":"
                              "{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":"
                              "{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":"
                              "{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":"
                              "{\"a\":[]}}"),
                        "1:321: expected at most 64 nested arrays and objects");
    /* Values: an array of n - 1 zeros is n values; one more zero is refused. */
    assert_non_null(many);
    many[0] = '[';
    for (size_t k = 1; k < len; k += 2)
        many[k] = '0', many[k + 1] = ',';
    many[len - 1 - 2] = ']'; /* [0,0,...,0] with n - 1 zeros */
    assert_int_equal(pz_json_parse(&d, "t.json", many, len - 2, &(pz_error){0}), 0);
    assert_int_equal(d.root->n, n - 1);
    pz_json_free(&d);
    many[len - 1 - 2] = ',';
    many[len - 1] = ']'; /* n zeros */
    snprintf(want, sizeof want, "1:%zu: expected at most %zu values in a document", len - 1, n);
    assert_string_equal(error_n(many, len), want);
    free(many);
    /* Size: one byte over the cap is refused before any parsing. */
    size_t size = (size_t)PZ_JSON_MAX_BYTES + 1;
    char *huge = malloc(size);
    pz_error e;
    assert_non_null(huge);
    memset(huge, ' ', size);
    huge[0] = '0';
    assert_int_equal(pz_json_parse(&d, "t.json", huge, size, &e), -1);
    assert_int_equal(e.line, 0);
    snprintf(want, sizeof want, "expected a JSON document of at most %d bytes", PZ_JSON_MAX_BYTES);
    assert_string_equal(e.msg, want);
    assert_string_equal(e.file, "t.json");
    assert_int_equal(pz_json_parse(&d, "t.json", huge, size - 1, &e), 0);
    assert_int_equal(d.root->i, 0);
    pz_json_free(&d);
    free(huge);
}

static void test_files(void **state)
{
    char path[] = "/tmp/pz-test-json-XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    pz_json_doc d;
    pz_error e;
    (void)state;
    assert_non_null(f);
    fputs("{\"a\": [1, 2,\n  3,]}\n", f);
    fclose(f);
    assert_int_equal(pz_json_read_file(&d, path, &e), -1);
    assert_string_equal(e.file, path);
    assert_int_equal(e.line, 2);
    assert_int_equal(e.col, 5);
    assert_string_equal(e.msg, "expected a value, found ']'");
    f = fopen(path, "w");
    fputs("{\"a\": [1, 2,\r\n  3]}\r\n", f);
    fclose(f);
    assert_int_equal(pz_json_read_file(&d, path, &e), 0);
    assert_int_equal(pz_json_get(d.root, "a")->child->next->next->i, 3);
    assert_int_equal(pz_json_get(d.root, "a")->child->next->next->line, 2);
    pz_json_free(&d);
    remove(path);
    assert_int_equal(pz_json_read_file(&d, path, &e), -1);
    assert_null(d.root);
    assert_non_null(strstr(e.msg, "cannot read /tmp/pz-test-json-"));
    assert_non_null(strstr(e.msg, "No such file"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scalars),     cmocka_unit_test(test_strings),
        cmocka_unit_test(test_tree),        cmocka_unit_test(test_need),
        cmocka_unit_test(test_bad_syntax),  cmocka_unit_test(test_bad_numbers),
        cmocka_unit_test(test_bad_strings), cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_limits),      cmocka_unit_test(test_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
