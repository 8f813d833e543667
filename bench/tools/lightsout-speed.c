/* lightsout-speed.c - the Lights Out figures the micro-benchmarks leave out:
 * the checker's time per board, solvable boards of singular sizes, and
 * judge mode cut into reading, solving and writing; and with "all", every
 * 5x6 board solved by gf2 and rowenum, compared and checked (OpenMP).  Built
 * and run by scripts/lightsout-speed; prints Markdown.
 *
 * Times are thread CPU time, so waiting for a busy machine's cores does not
 * count; each figure is the best of several batches (the least disturbed).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omp.h>

#include "../../util/util.h"
#include "../corpus.h"
#include "../../solvers/toggle/toggle.h"
#include "../../solvers/rng.h"

enum { BATCH = 1024, CHUNK = 256 };

static void *scratch_for(const pz_solver *s)
{
    void *p = calloc(1, s->scratch_size + 1);
    if (!p)
        pz_fatal("out of memory");
    return p;
}

/* ns per board: solving with each 5x6 solver, and checking its answers. */
static void judge_size(double budget)
{
    static tg_board b[BATCH];
    static tg_answer a[BATCH];
    const tg_board probe = {.m = 5, .n = 6};
    printf("| 5x6 solver | solve ns/board | check ns/board |\n|---|---|---|\n");
    for (const pz_solver *const *s = pz_solvers; *s; s++) {
        if ((*s)->puzzle != &pz_lightsout)
            continue;
        if (!(*s)->fits(&probe)) {
            printf("| %s | does not take 5x6 (%s) | |\n", (*s)->name, (*s)->limits);
            continue;
        }
        void *scratch = scratch_for(*s);
        double solve = 1e30, check = 1e30, start = pz_cpu_now();
        for (uint64_t round = 0; pz_cpu_now() - start < budget; round++) {
            for (int i = 0; i < BATCH; i++) /* fresh boards: the exhaustive run's order */
                tg_make_exhaustive(&(pz_params){.rows = 5, .cols = 6},
                                   (round * BATCH + (uint64_t)i) * 1048573u % (1u << 30), &b[i]);
            double t0 = pz_cpu_now();
            for (int i = 0; i < BATCH; i++)
                (*s)->solve(&b[i], &a[i], scratch);
            double t1 = pz_cpu_now();
            const char *why;
            for (int i = 0; i < BATCH; i++)
                if (pz_lightsout.check(&b[i], &a[i], &why) != PZ_VALID)
                    pz_fatal("%s: a wrong answer: %s", (*s)->name, why);
            double t2 = pz_cpu_now();
            solve = t1 - t0 < solve ? t1 - t0 : solve;
            check = t2 - t1 < check ? t2 - t1 : check;
        }
        printf("| %s | %.1f | %.1f |\n", (*s)->name, solve / BATCH * 1e9, check / BATCH * 1e9);
        free(scratch);
    }
}

/* ms per solvable board (random presses on an empty board) of size m x n. */
static void solvable(const char *name, int m, int n, int count)
{
    const pz_solver *s = pz_find_solver("lightsout", name);
    tg_board b = {.m = (uint8_t)m, .n = (uint8_t)n};
    static tg_answer a;
    const char *why;
    if (!s->fits(&b)) {
        printf("| %dx%d | %d | %s | does not fit | |\n", m, n, tg_nullity(m, n), name);
        return;
    }
    void *scratch = scratch_for(s);
    double best = 1e30;
    long weight = 0;
    for (int i = 0; i <= count; i++) { /* board 0 pays for the elimination */
        pz_rng rng = pz_rng_at(9, (uint64_t)i);
        uint64_t x[TG_MAX], mask = tg_mask(n);
        for (int r = 0; r < m; r++)
            x[r] = pz_rng_next(&rng) & mask;
        for (int r = 0; r < m; r++)
            b.b[r] =
                (x[r] ^ x[r] << 1 ^ x[r] >> 1 ^ (r ? x[r - 1] : 0) ^ (r + 1 < m ? x[r + 1] : 0)) &
                mask;
        double t = pz_cpu_now();
        s->solve(&b, &a, scratch);
        t = pz_cpu_now() - t;
        if (a.weight < 0 || pz_lightsout.check(&b, &a, &why) != PZ_VALID)
            pz_fatal("%s %dx%d: a wrong answer", name, m, n);
        if (i > 0) {
            best = t < best ? t : best;
            weight += a.weight;
        }
    }
    printf("| %dx%d | %d | %s | %.3f | %.0f |\n", m, n, tg_nullity(m, n), name, best * 1e3,
           (double)weight / count);
    free(scratch);
}

/* Judge mode on count random 5x6 puzzles, cut into its parts, each timed on
 * its own: reading the text, solving, and writing the answers.  The answers
 * are solved and written a chunk at a time, so that writing is measured
 * directly, not as a difference with a solving pass that ran cold. */
static void judge_mode(long count, double prepare)
{
    tg_board *b = malloc((size_t)count * sizeof *b);
    tg_answer *a = malloc(CHUNK * sizeof *a);
    pz_params p = {.rows = 5, .cols = 6, .seed = 1222};
    char *text;
    size_t len;
    if (!b || !a)
        pz_fatal("out of memory");
    for (long i = 0; i < count; i++)
        tg_make_random(&p, (uint64_t)i, &b[i]);
    FILE *f = open_memstream(&text, &len);
    pz_lightsout.write_input(f, b, (size_t)count, 0, (uint64_t)count);
    fclose(f);
    free(b);
    const pz_solver *s = pz_find_solver("lightsout", "gf2");
    void *scratch = scratch_for(s), *insts;
    pz_error e;
    FILE *in = fmemopen(text, len, "r"), *out = fopen("/dev/null", "w");
    if (!in || !out)
        pz_fatal("judge mode: cannot open the input or /dev/null");
    double t = pz_cpu_now();
    long n = (long)pz_read_all(&pz_lightsout, in, "memory", &insts, &e);
    double read = pz_cpu_now() - t, solve = 0, write = 0;
    if (n != count)
        pz_fatal("judge mode: read %ld of %ld puzzles", n, count);
    const tg_board *board = insts;
    for (long lo = 0; lo < n; lo += CHUNK) {
        long m = n - lo < CHUNK ? n - lo : CHUNK;
        double t0 = pz_cpu_now();
        for (long i = 0; i < m; i++)
            s->solve(&board[lo + i], &a[i], scratch);
        double t1 = pz_cpu_now();
        for (long i = 0; i < m; i++)
            pz_lightsout.write_answer(out, (unsigned long long)(lo + i) + 1, &board[lo + i], &a[i]);
        if (lo + m == n && fflush(out))
            pz_fatal("judge mode: cannot write to /dev/null");
        double t2 = pz_cpu_now();
        solve += t1 - t0;
        write += t2 - t1;
    }
    printf("| part | ms for %ld puzzles | ns per puzzle |\n|---|---|---|\n", count);
    printf("| prepare (once: the nullity of all 4096 sizes) | %.1f | |\n", prepare * 1e3);
    printf("| read %zu bytes of text | %.1f | %.0f |\n", len, read * 1e3, read / n * 1e9);
    printf("| solve (gf2) | %.1f | %.1f |\n", solve * 1e3, solve / n * 1e9);
    printf("| write the answers | %.1f | %.0f |\n", write * 1e3, write / n * 1e9);
    free(a);
    fclose(in);
    fclose(out);
    free(text);
    free(insts);
    free(scratch);
}

/* All 2^30 5x6 boards: gf2 and rowenum agree bit for bit and pass the
 * checker; the press counts must be C(30, k), the press matrix being
 * invertible.  Returns the number of failures. */
static long long exhaustive(void)
{
    const pz_solver *g = pz_find_solver("lightsout", "gf2"),
                    *r = pz_find_solver("lightsout", "rowenum");
    long long bad = 0, count[31] = {0}, binomial = 1;
    double t = omp_get_wtime();
#pragma omp parallel reduction(+ : bad)
    {
        void *sg = scratch_for(g), *sr = scratch_for(r);
        pz_params p = {.rows = 5, .cols = 6};
        long long local[31] = {0};
        tg_board b;
        tg_answer x, y;
        const char *why;
#pragma omp for schedule(static, 1 << 16)
        for (long long i = 0; i < 1ll << 30; i++) {
            tg_make_exhaustive(&p, (uint64_t)i, &b);
            g->solve(&b, &x, sg);
            r->solve(&b, &y, sr);
            bad += !pz_lightsout.same(&b, &x, &y) || pz_lightsout.check(&b, &x, &why) != PZ_VALID ||
                   pz_lightsout.check(&b, &y, &why) != PZ_VALID;
            local[x.weight < 0 ? 0 : x.weight] += x.weight >= 0;
        }
#pragma omp critical
        for (int k = 0; k <= 30; k++)
            count[k] += local[k];
        free(sg);
        free(sr);
    }
    for (int k = 0; k <= 30; k++) {
        bad += count[k] != binomial;
        binomial = binomial * (30 - k) / (k + 1);
    }
    printf("\n## Every 5x6 board\n\n%lld failures (disagreements, failed checks, press "
           "counts other than C(30, k)); %.0f s on %d threads\n",
           bad, omp_get_wtime() - t, omp_get_max_threads());
    return bad;
}

static void usage(FILE *f)
{
    fputs("usage: lightsout-speed [SECONDS [all | judge]]\n"
          "The Lights Out figures the micro-benchmarks leave out, as Markdown: the\n"
          "checker's time per 5x6 board (SECONDS of CPU per solver, default 1), solvable\n"
          "boards of singular sizes, judge mode cut into reading, solving and writing.\n"
          "With \"all\", then every 5x6 board solved by gf2 and rowenum, compared and\n"
          "checked; exit status 1 if any fails, 2 on bad usage.  With \"judge\", judge\n"
          "mode only (a second).\n",
          f);
}

int main(int argc, char **argv)
{
    double budget = 1.0, prepare;
    char *end;
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))
        return usage(stdout), 0;
    if (argc > 1) {
        budget = strtod(argv[1], &end);
        if (end == argv[1] || *end || !(budget > 0 && budget <= 3600)) {
            fprintf(stderr,
                    "lightsout-speed: expected SECONDS a number above 0 and at most "
                    "3600, found '%s'\n",
                    argv[1]);
            return 2;
        }
    }
    const char *what = argc > 2 ? argv[2] : "";
    if (argc > 3 || (argc == 3 && strcmp(what, "all") && strcmp(what, "judge"))) {
        fprintf(stderr, "lightsout-speed: expected [SECONDS [all | judge]] (see --help)\n");
        return 2;
    }
    prepare = pz_cpu_now();
    pz_prepare_all();
    prepare = pz_cpu_now() - prepare;
    if (strcmp(what, "judge")) {
        printf("## 5x6: time per board\n\n");
        judge_size(budget);
        printf("\n## Solvable boards of singular sizes (best of the boards, after the first)\n\n");
        printf("| size | nullity | solver | ms per board | presses |\n|---|---|---|---|---|\n");
        static const int sizes[][3] = {{4, 4, 20},  {9, 9, 20},  {16, 16, 10}, {19, 19, 5},
                                       {30, 30, 3}, {19, 59, 1}, {59, 59, 3},  {64, 64, 2},
                                       {47, 47, 1}, {39, 39, 1}, {61, 61, 1}};
        for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
            solvable("gf2", sizes[i][0], sizes[i][1], sizes[i][2]);
            if (sizes[i][0] <= 20 || sizes[i][1] <= 20)
                solvable("rowenum", sizes[i][0], sizes[i][1], sizes[i][2]);
        }
    }
    printf("\n## Judge mode on 100 000 5x6 puzzles, in memory\n\n");
    judge_mode(100000, prepare);
    return !strcmp(what, "all") && exhaustive() ? 1 : 0;
}
