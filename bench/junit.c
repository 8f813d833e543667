/* junit.c - a result as JUnit XML (junit.h). */
#include "junit.h"

#include <stdlib.h>
#include <string.h>

#include "../util/util.h"
#include "report.h"
#include "schema.h"
#include "stress.h"

static void attr(FILE *f, const char *name, const char *value)
{
    fprintf(f, " %s=\"", name);
    pz_escape(f, value, PZ_XML_ATTRIBUTE);
    putc('"', f);
}

/* The first failure listed in which solver s (or, for s < 0, the expected
 * answer) failed its check or differed; NULL if none is listed. */
static const pz_failure *first_of(const pz_result *r, int s)
{
    for (int i = 0; i < r->nfail; i++) {
        const pz_failure *x = &r->fail[i];
        if (s < 0 ? x->expected_why || x->refuted : x->why[s] || ((x->disagree >> s) & 1))
            return x;
    }
    return NULL;
}

/* A failure's body: the instance and every answer, as the judge sees them. */
static void failure_body(FILE *f, const pz_result *r, const pz_failure *x)
{
    fprintf(f, "index %lld, the input:\n", x->index);
    pz_escape(f, x->input, PZ_XML_TEXT);
    for (int s = -1; s < r->opts.nsolvers; s++) {
        const char *ans = s < 0 ? x->expected : x->answer[s];
        const char *why = s < 0 ? (x->expected_why ? x->expected_why : x->refuted) : x->why[s];
        if (!ans)
            continue;
        fprintf(f, "\n%s%s%s%s:\n", s < 0 ? "expected" : r->opts.solvers[s]->name,
                why ? " (invalid: " : "", why ? why : "", why ? ")" : "");
        if (s >= 0 && ((x->disagree >> s) & 1))
            fputs("(differs from the reference)\n", f);
        pz_escape(f, ans, PZ_XML_TEXT);
    }
}

static void failure(FILE *f, const pz_result *r, const char *type, const char *message,
                    const pz_failure *x)
{
    fputs("      <failure", f);
    attr(f, "type", type);
    attr(f, "message", message);
    fputs(">", f);
    if (x)
        failure_body(f, r, x);
    fputs("</failure>\n", f);
}

static void testcase(FILE *f, const char *classname, const char *name, double seconds)
{
    fputs("    <testcase", f);
    attr(f, "classname", classname);
    attr(f, "name", name);
    fprintf(f, " time=\"%.6f\"", seconds);
}

static void skipped(FILE *f, const char *classname, const char *name, const char *message)
{
    testcase(f, classname, name, 0);
    fputs(">\n      <skipped", f);
    attr(f, "message", message);
    fputs("/>\n    </testcase>\n", f);
}

void pz_junit_begin(FILE *f)
{
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"puzzlebench\">\n", f);
}

void pz_junit_end(FILE *f)
{
    fputs("</testsuites>\n", f);
}

/* The provenance the JUnit readers show beside a suite. */
static void properties(FILE *f, const pz_context *c)
{
    const char *props[][2] = {{"commit", c->commit},
                              {"build_type", c->build_type},
                              {"compiler", c->compiler},
                              {"cpu", c->cpu}};
    fputs("    <properties>\n", f);
    for (size_t i = 0; i < sizeof props / sizeof *props; i++) {
        fputs("      <property", f);
        attr(f, "name", props[i][0]);
        attr(f, "value", props[i][1]);
        fputs("/>\n", f);
    }
    fputs("    </properties>\n", f);
}

/* Solver s's testcase, and those of what it did not answer, skipped. */
static void solver_cases(FILE *f, const pz_result *r, int s, const char *suite)
{
    char msg[1024];
    const pz_tally *t = &r->tally[s];
    const char *name = r->opts.solvers[s]->name;
    char extra[128];
    testcase(f, suite, name, t->cpu_seconds);
    if (t->invalid || t->disagree) {
        const pz_failure *x = first_of(r, s);
        snprintf(msg, sizeof msg, "%lld of %lld answers fail their check, %lld differ%s",
                 t->invalid, t->ran, t->disagree,
                 x ? "" : " (none of them among the failures listed)");
        if (x)
            snprintf(msg + strlen(msg), sizeof msg - strlen(msg), "; the first at index %lld",
                     x->index);
        fputs(">\n", f);
        failure(f, r, t->invalid ? "invalid" : "disagree", msg, x);
        fputs("    </testcase>\n", f);
    } else {
        fputs("/>\n", f);
    }
    if (t->unknown) {
        snprintf(extra, sizeof extra, "%s: unknown", name);
        snprintf(msg, sizeof msg, "%lld instances unknown: cut by the budget", t->unknown);
        skipped(f, suite, extra, msg);
    }
    if (r->instances - t->ran > 0) {
        snprintf(extra, sizeof extra, "%s: not run", name);
        snprintf(msg, sizeof msg, "%lld instances not run: %lld too big for the solver, %lld %s",
                 r->instances - t->ran, t->skipped, r->instances - t->ran - t->skipped,
                 (r->opts.slow >> s) & 1 ? "out of its sample" : "not reached");
        skipped(f, suite, extra, msg);
    }
}

void pz_junit_result(FILE *f, const pz_result *r)
{
    char suite[512], msg[1024], status[1024];
    int tests = 1, failures = 0, skips = 0, failed = pz_result_fails(r);
    snprintf(suite, sizeof suite, "%s %s", r->corpus->puzzle->name, r->corpus->spec);
    if (r->shard.n > 1)
        snprintf(suite + strlen(suite), sizeof suite - strlen(suite), " shard %lld/%lld",
                 r->shard.k, r->shard.n);
    for (int s = 0; s < r->opts.nsolvers; s++) {
        const pz_tally *t = &r->tally[s];
        failures += t->invalid || t->disagree;
        tests += 1 + (t->unknown > 0) + (r->instances - t->ran > 0);
        skips += (t->unknown > 0) + (r->instances - t->ran > 0);
    }
    if (r->expected) {
        tests++;
        failures += r->expected_invalid || r->jury_refuted;
    }
    failures += failed && !r->partial;
    fputs("  <testsuite", f);
    attr(f, "name", suite);
    fprintf(f, " tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" time=\"%.6f\"", tests,
            failures, r->partial, skips, r->merged ? r->real_wall_s : r->wall_s);
    if (r->context) {
        attr(f, "timestamp", r->context->date);
        attr(f, "hostname", r->context->host);
    }
    fputs(">\n", f);
    if (r->context)
        properties(f, r->context);
    for (int s = 0; s < r->opts.nsolvers; s++)
        solver_cases(f, r, s, suite);
    if (r->expected) {
        testcase(f, suite, "expected answers", r->check_seconds);
        if (r->expected_invalid || r->jury_refuted) {
            snprintf(msg, sizeof msg, "%lld expected answers fail their check, %lld refuted",
                     r->expected_invalid, r->jury_refuted);
            fputs(">\n", f);
            failure(f, r, "jury", msg, first_of(r, -1));
            fputs("    </testcase>\n", f);
        } else {
            fputs("/>\n", f);
        }
    }
    pz_status_text(r, status, sizeof status);
    testcase(f, suite, "verdict", r->merged ? r->real_wall_s : r->wall_s);
    if (r->partial) {
        fputs(">\n      <error type=\"interrupted\"", f);
        attr(f, "message", status);
        fputs("/>\n    </testcase>\n", f);
    } else if (failed) {
        fputs(">\n", f);
        failure(f, r, "verdict", status, NULL);
        fputs("    </testcase>\n", f);
    } else {
        fputs("/>\n", f);
    }
    fputs("  </testsuite>\n", f);
}

void pz_write_junit(FILE *f, const pz_result *r)
{
    pz_junit_begin(f);
    pz_junit_result(f, r);
    pz_junit_end(f);
}

/* A text of a stress example, with its title, in a failure's body. */
static void example_text(FILE *f, const char *title, const char *text, size_t len)
{
    char *copy;
    if (!text)
        return;
    fprintf(f, "\n%s:\n", title);
    copy = strndup(text, len < PZ_STRESS_SHOW_BYTES ? len : PZ_STRESS_SHOW_BYTES);
    if (copy)
        pz_escape(f, copy, PZ_XML_TEXT);
    free(copy);
}

void pz_write_junit_stress(FILE *f, const void *report)
{
    const pz_stress_report *r = report;
    const pz_stress *s = r->s;
    const pz_stress_tally *all = r->all;
    int progs = s->prog[1].cmd ? PZ_STRESS_PROGS : 1, failures = 0;
    char suite[512], msg[1024];
    snprintf(suite, sizeof suite, "stress %s %s", s->p->name,
             s->gen.cmd ? s->gen.cmd : s->corpus.spec);
    for (int k = 0; k < progs; k++)
        failures += all->prog[k].count[PZ_AC] != all->prog[k].runs;
    failures += (!r->all_ac || all->jury) && !r->sig;
    pz_junit_begin(f);
    fputs("  <testsuite", f);
    attr(f, "name", suite);
    fprintf(f, " tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"0\" time=\"%.6f\"", progs + 1,
            failures, r->sig != 0, r->wall);
    if (r->ctx) {
        attr(f, "timestamp", r->ctx->date);
        attr(f, "hostname", r->ctx->host);
    }
    fputs(">\n", f);
    for (int k = 0; k < progs; k++) {
        const pz_stress_prog *g = &all->prog[k];
        const pz_example *x = NULL;
        testcase(f, suite, s->prog[k].cmd, g->cpu_s);
        for (int i = 0; i < r->nex && !x; i++)
            if (r->ex[i].who == k)
                x = &r->ex[i];
        if (g->count[PZ_AC] == g->runs) {
            fputs("/>\n", f);
            continue;
        }
        int n = snprintf(msg, sizeof msg, "%s:", k ? "--against" : "--exec");
        for (int o = 0; o < PZ_OUTCOMES && n < (int)sizeof msg; o++)
            if (g->count[o])
                n += snprintf(msg + n, sizeof msg - (size_t)n, " %s %lld", pz_outcome_names[o],
                              g->count[o]);
        for (int o = 0; o < PZ_OUTCOMES && n < (int)sizeof msg; o++)
            if (o != PZ_AC && g->first[o] >= 0) {
                n += snprintf(msg + n, sizeof msg - (size_t)n, "; the first %s at %s %lld",
                              pz_outcome_names[o], s->gen.cmd ? "seed" : "index",
                              s->gen.cmd ? s->seed0 + g->first[o] : g->first[o]);
                break;
            }
        fputs(">\n      <failure", f);
        attr(f, "type", x ? pz_outcome_names[x->seen] : "failure");
        attr(f, "message", msg);
        fputs(">", f);
        if (x) {
            fprintf(f, "%s %lld: %s", s->gen.cmd ? "seed" : "index",
                    s->gen.cmd ? s->seed0 + x->index : x->index, x->why);
            example_text(f, "input", x->input, x->inlen);
            example_text(f, "expected output", x->expected, x->explen);
            example_text(f, "received output", x->received, x->reclen);
        }
        fputs("</failure>\n    </testcase>\n", f);
    }
    testcase(f, suite, "verdict", r->wall);
    if (r->sig) {
        fputs(">\n      <error type=\"interrupted\" message=\"interrupted: the runs judged are a "
              "part\"/>\n"
              "    </testcase>\n",
              f);
    } else if (!r->all_ac || all->jury) {
        snprintf(msg, sizeof msg, "FAILED%s", all->jury ? ": the jury is wrong" : "");
        fputs(">\n", f);
        failure(f, NULL, "verdict", msg, NULL);
        fputs("    </testcase>\n", f);
    } else {
        fputs("/>\n", f);
    }
    fputs("  </testsuite>\n", f);
    pz_junit_end(f);
}

void pz_write_junit_check(FILE *f, const void *what)
{
    static const char *const type[] = {"ok", "wrong answer", "presentation error",
                                       "checker failure"};
    const pz_junit_check *c = what;
    char suite[512], msg[1024];
    int st = c->status >= 0 && c->status <= 3 ? c->status : 3;
    snprintf(suite, sizeof suite, "check %s %s", c->puzzle, c->input);
    pz_junit_begin(f);
    fputs("  <testsuite", f);
    attr(f, "name", suite);
    fprintf(f, " tests=\"1\" failures=\"%d\" errors=\"%d\" skipped=\"0\">\n", st == 1 || st == 2,
            st == 3);
    testcase(f, suite, c->output, 0);
    if (!st) {
        fputs("/>\n", f);
    } else {
        if (c->at > 0)
            snprintf(msg, sizeof msg, "%s on case %lld: %s", type[st], c->at, c->why);
        else
            snprintf(msg, sizeof msg, "%s%s%s", type[st], c->why ? ": " : "", c->why ? c->why : "");
        fprintf(f, ">\n      <%s", st == 3 ? "error" : "failure");
        attr(f, "type", type[st]);
        attr(f, "message", msg);
        fputs("/>\n    </testcase>\n", f);
    }
    fputs("  </testsuite>\n", f);
    pz_junit_end(f);
}
