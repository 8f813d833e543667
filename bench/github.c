/* github.c - results for GitHub Actions (github.h). */
#include "github.h"

#include <stdlib.h>
#include <string.h>

#include "comparison.h"
#include "corpus.h"
#include "report.h"
#include "schema.h"
#include "stress.h"

int pz_github;

int pz_github_on(void)
{
    const char *a = getenv("GITHUB_ACTIONS");
    return pz_github || (a && !strcmp(a, "true"));
}

/* A workflow command's text: %, CR and LF escaped, and in a property's
 * value (prop) ':' and ',' too. */
static void escaped(FILE *f, const char *s, int prop)
{
    for (; *s; s++) {
        if (*s == '%' || *s == '\r' || *s == '\n' || (prop && (*s == ':' || *s == ',')))
            fprintf(f, "%%%02X", (unsigned char)*s);
        else
            putc(*s, f);
    }
}

static void error_line(FILE *f, const pz_result *r, const pz_failure *x)
{
    char title[256];
    long line = r->corpus->gen ? 0 : pz_corpus_line(r->corpus, x->index);
    int n = snprintf(title, sizeof title, "puzzlebench %s: index %lld", r->corpus->puzzle->name,
                     x->index);
    for (int s = 0; s < r->opts.nsolvers && n < (int)sizeof title; s++)
        if (x->why[s] || ((x->disagree >> s) & 1))
            n += snprintf(title + n, sizeof title - (size_t)n, " %s %s", r->opts.solvers[s]->name,
                          x->why[s] ? "fails its check" : "differs");
    fputs("::error ", f);
    if (line > 0) {
        fputs("file=", f);
        escaped(f, r->corpus->spec, 1);
        fprintf(f, ",line=%ld,", line);
    }
    fputs("title=", f);
    escaped(f, title, 1);
    fputs("::", f);
    escaped(f, x->input, 0);
    for (int s = -1; s < r->opts.nsolvers; s++) {
        const char *ans = s < 0 ? x->expected : x->answer[s];
        const char *why = s < 0 ? (x->expected_why ? x->expected_why : x->refuted) : x->why[s];
        if (!ans)
            continue;
        fprintf(f, "%%0A%s", s < 0 ? "expected" : r->opts.solvers[s]->name);
        if (why) {
            fputs(" (", f);
            escaped(f, why, 0);
            fputs(")", f);
        }
        fputs(":%0A", f);
        escaped(f, ans, 0);
    }
    fputs("\n", f);
}

/* The step summary to append to, or NULL (after a message if it cannot be
 * opened). */
static FILE *summary(void)
{
    const char *path = getenv("GITHUB_STEP_SUMMARY");
    FILE *f = path && *path ? fopen(path, "a") : NULL;
    if (path && *path && !f)
        fprintf(stderr, "puzzlebench: cannot append to GITHUB_STEP_SUMMARY %s\n", path);
    return f;
}

void pz_github_report(const pz_result *r)
{
    FILE *f = summary();
    if (f) {
        pz_write_markdown(f, r);
        fclose(f);
    }
    for (int i = 0; i < r->nfail; i++)
        error_line(stdout, r, &r->fail[i]);
    if (pz_result_fails(r) && !r->nfail) {
        char status[1024];
        fputs("::error title=puzzlebench::", stdout);
        escaped(stdout, pz_status_text(r, status, sizeof status), 0);
        putc('\n', stdout);
    }
    fflush(stdout);
}

void pz_github_stress(const void *report)
{
    const pz_stress_report *r = report;
    const pz_stress *s = r->s;
    const char *what = s->gen.cmd ? s->gen.cmd : s->corpus.spec;
    FILE *f = summary();
    if (f) {
        fprintf(f, "### stress %s `%s`: %s\n\n| program | verdicts |\n|:--|:--|\n", s->p->name,
                what,
                r->sig                       ? "PARTIAL"
                : r->all_ac && !r->all->jury ? "all AC"
                                             : "FAILED");
        for (int k = 0; k < (s->prog[1].cmd ? PZ_STRESS_PROGS : 1); k++) {
            fprintf(f, "| `%s` |", s->prog[k].cmd);
            for (int o = 0; o < PZ_OUTCOMES; o++)
                if (r->all->prog[k].count[o])
                    fprintf(f, " %s %lld", pz_outcome_names[o], r->all->prog[k].count[o]);
            fputs(" |\n", f);
        }
        fputs("\n", f);
        fclose(f);
    }
    for (int i = 0; i < r->nex; i++) {
        const pz_example *x = &r->ex[i];
        char title[256];
        long line = s->gen.cmd ? 0 : pz_corpus_line(&s->corpus, x->index);
        snprintf(title, sizeof title, "puzzlebench stress: %s at %s %lld",
                 pz_outcome_names[x->seen], s->gen.cmd ? "seed" : "index",
                 s->gen.cmd ? s->seed0 + x->index : x->index);
        fputs("::error ", stdout);
        if (line > 0) {
            fputs("file=", stdout);
            escaped(stdout, s->corpus.spec, 1);
            fprintf(stdout, ",line=%ld,", line);
        }
        fputs("title=", stdout);
        escaped(stdout, title, 1);
        fputs("::", stdout);
        escaped(stdout, x->why, 0);
        fputs("\n", stdout);
    }
    fflush(stdout);
}

void pz_github_comparison(const pz_comparison *x)
{
    char title[256], text[256];
    FILE *f = summary();
    if (f) {
        pz_comparison_md(f, x);
        fclose(f);
    }
    for (int i = 0; i < x->n; i++) {
        const pz_versus *v = &x->rows[i].v;
        if (strcmp(v->verdict, "slower") && strcmp(v->verdict, "~slower"))
            continue;
        snprintf(title, sizeof title, "puzzlebench compare: %s %s", x->rows[i].name, v->verdict);
        snprintf(text, sizeof text, "%s: %.3gx [%.3g, %.3g] of %s in %s (threshold %g%%)",
                 x->rows[i].name, v->ratio, v->lo, v->hi, x->base, x->now, 100 * x->threshold);
        fputs("::error title=", stdout);
        escaped(stdout, title, 1);
        fputs("::", stdout);
        escaped(stdout, text, 0);
        putc('\n', stdout);
    }
    if (x->answers) {
        fputs("::error title=puzzlebench compare%3A the answers differ::", stdout);
        escaped(stdout, x->answers, 0);
        putc('\n', stdout);
    }
    fflush(stdout);
}
