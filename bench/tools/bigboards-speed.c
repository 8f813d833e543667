/* bigboards-speed.c - times the big-board solvers (solvers/toggle/big.h).
 *
 *   bigboards-speed ones N [SOLVER...]       the all-on N x N board solved whole
 *                                            (every press), then checked
 *   bigboards-speed random N COUNT [SOLVER...]
 *                                            the per-size work, then COUNT
 *                                            random N x N boards solved, checked
 *   bigboards-speed pressed N COUNT [SOLVER...]
 *                                            the same with solvable boards:
 *                                            random presses on an empty board
 *   bigboards-speed row0 N [SOLVER]          row 0 of the all-on N x N board's
 *                                            answer as a line of 0 and 1 (to
 *                                            compare with published first rows)
 *   bigboards-speed sweep [MAX]              per side 8, 12, 16, 24 .. MAX
 *                                            (4096): the all-on board solved
 *                                            whole with a fresh state (the
 *                                            per-size work included), checked;
 *                                            one line per side, a column per
 *                                            solver (gnuplot data; "-": outside
 *                                            the solver's limits)
 *
 * Times are CPU seconds of the one thread, so waiting for a busy machine's
 * cores does not count (memory and cache contention still do: compare
 * within one run).  Every answer goes through the independent
 * checker; a wrong one stops the run with exit status 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../solvers/toggle/big.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static const tg_bigalgo *algo(const char *name)
{
    const tg_bigalgo *a = tg_big_find(name);
    if (a)
        return a;
    fprintf(stderr, "bigboards-speed: no solver '%s'\n", name);
    exit(2);
}

static void check(const tg_big *b, const tg_bigans *a, const char *name)
{
    const char *why;
    if (tg_big_check(b, a, TG_OFF, &why) != PZ_VALID) {
        fprintf(stderr, "bigboards-speed: %s: %dx%d: wrong answer: %s\n", name, b->m, b->n, why);
        exit(1);
    }
}

/* The solvers named in argv, or every one (at most PICK_MAX). */
enum { PICK_MAX = 8 };
static int pick(int argc, char **argv, const tg_bigalgo **out)
{
    int k = 0;
    if (argc == 0)
        for (; tg_big_algo(k) && k < PICK_MAX; k++)
            out[k] = tg_big_algo(k);
    for (int i = 0; i < argc && k < PICK_MAX; i++)
        out[k++] = algo(argv[i]);
    return k;
}

static int ones(int n, int argc, char **argv)
{
    const tg_bigalgo *list[PICK_MAX];
    int k = pick(argc, argv, list);
    tg_big b = {0};
    if (tg_big_init(&b, n, n))
        return 2;
    tg_big_ones(&b);
    printf("| solver | side | nullity | presses | in row 0 | fewest | solve s | check s |\n"
           "|---|---|---|---|---|---|---|---|\n");
    for (int s = 0; s < k; s++) {
        if (!tg_bigalgo_fits(list[s], n, n)) {
            printf("| %s | %d | | | | | outside its limits (%s) | |\n", tg_bigalgo_name(list[s]), n,
                   tg_bigalgo_limits(list[s]));
            continue;
        }
        tg_bigsys *sys = tg_bigsys_new(list[s]);
        tg_bigans a;
        tg_bigans_init(&a);
        double t0 = now();
        int rc = tg_big_solve(sys, &b, TG_OFF, &a);
        double t1 = now();
        if (rc)
            return 2;
        check(&b, &a, tg_bigalgo_name(list[s]));
        double t2 = now();
        long row0 = 0;
        for (size_t u = 0; u < a.x.w; u++)
            row0 += __builtin_popcountll(a.x.row[u]);
        printf("| %s | %d | %d | %ld | %ld | %s | %.3f | %.3f |\n", tg_bigalgo_name(list[s]), n,
               tg_big_nullity(sys), a.weight, row0, a.fewest ? "yes" : "not proven", t1 - t0,
               t2 - t1);
        fflush(stdout);
        tg_bigans_free(&a);
        tg_bigsys_free(sys);
    }
    tg_big_free(&b);
    return 0;
}

/* b becomes the board that the presses x (a random set) turn off. */
static void press_random(tg_big *b, tg_big *x, uint64_t index)
{
    tg_big_random(x, 2, index);
    memset(b->row, 0, (size_t)b->m * b->w * sizeof *b->row);
    for (int r = 0; r < b->m; r++) {
        const uint64_t *p = tg_big_row(x, r);
        uint64_t *out = tg_big_row(b, r);
        for (size_t u = 0; u < b->w; u++) {
            out[u] ^= p[u] ^ p[u] << 1 ^ p[u] >> 1;
            if (u > 0)
                out[u] ^= p[u - 1] >> 63;
            if (u + 1 < b->w)
                out[u] ^= p[u + 1] << 63;
            if (r > 0)
                tg_big_row(b, r - 1)[u] ^= p[u];
            if (r + 1 < b->m)
                tg_big_row(b, r + 1)[u] ^= p[u];
        }
        if (b->n % 64)
            out[b->w - 1] &= (1ull << (b->n % 64)) - 1;
    }
}

static int pressed; /* the "pressed" command: solvable boards */

/* Seconds for the per-size work, then for count random boards; checked. */
static int timed(const tg_bigalgo *al, int n, long count, double *size_s, double *solve_s,
                 double *check_s, long *solvable)
{
    tg_bigsys *sys = tg_bigsys_new(al);
    tg_big b = {0}, x = {0};
    tg_bigans a;
    tg_bigans_init(&a);
    if (!sys || tg_big_init(&b, n, n) || tg_big_init(&x, n, n))
        return -1;
    double t0 = now();
    if (tg_big_prepare(sys, n, n))
        return -1;
    *size_s = now() - t0;
    *solve_s = *check_s = 0;
    *solvable = 0;
    for (long i = 0; i < count; i++) {
        if (pressed)
            press_random(&b, &x, (uint64_t)i);
        else
            tg_big_random(&b, 1, (uint64_t)i);
        double t1 = now();
        if (tg_big_solve(sys, &b, TG_OFF, &a))
            return -1;
        double t2 = now();
        check(&b, &a, tg_bigalgo_name(al));
        *check_s += now() - t2;
        *solve_s += t2 - t1;
        *solvable += a.weight >= 0;
    }
    tg_bigans_free(&a);
    tg_big_free(&b);
    tg_big_free(&x);
    tg_bigsys_free(sys);
    return 0;
}

static int random_boards(int n, long count, int argc, char **argv)
{
    const tg_bigalgo *list[PICK_MAX];
    int k = pick(argc, argv, list);
    printf("| solver | side | boards | solvable | per-size s | solve s (all) | check s (all) |\n"
           "|---|---|---|---|---|---|---|\n");
    for (int s = 0; s < k; s++) {
        double size_s, solve_s, check_s;
        long solvable;
        if (!tg_bigalgo_fits(list[s], n, n)) {
            printf("| %s | %d | | | outside its limits (%s) | | |\n", tg_bigalgo_name(list[s]), n,
                   tg_bigalgo_limits(list[s]));
            continue;
        }
        if (timed(list[s], n, count, &size_s, &solve_s, &check_s, &solvable))
            return 2;
        printf("| %s | %d | %ld | %ld | %.4f | %.4f | %.4f |\n", tg_bigalgo_name(list[s]), n, count,
               solvable, size_s, solve_s, check_s);
        fflush(stdout);
    }
    return 0;
}

static int sweep(int max)
{
    printf("# bigboards-speed sweep %d: side, nullity, then per solver the seconds to solve the\n"
           "# all-on board whole from a fresh state (per-size work included);\n"
           "# - outside its limits\n"
           "# side nullity",
           max);
    for (int s = 0; tg_big_algo(s); s++)
        printf(" %s", tg_bigalgo_name(tg_big_algo(s)));
    printf("\n");
    for (int n = 8; n <= max; n = n % 3 ? n * 3 / 2 : n * 4 / 3) { /* 8 12 16 24 32 ... */
        int k, on;
        tg_big b = {0};
        if (tg_big_facts(n, n, &k, &on) || tg_big_init(&b, n, n))
            return 2;
        tg_big_ones(&b);
        printf("%d %d", n, k);
        for (int s = 0; tg_big_algo(s); s++) {
            if (!tg_bigalgo_fits(tg_big_algo(s), n, n)) {
                printf(" -");
                continue;
            }
            tg_bigsys *sys = tg_bigsys_new(tg_big_algo(s));
            tg_bigans a;
            tg_bigans_init(&a);
            double t0 = now();
            if (!sys || tg_big_solve(sys, &b, TG_OFF, &a))
                return 2;
            double t1 = now();
            check(&b, &a, tg_bigalgo_name(tg_big_algo(s)));
            printf(" %.6f", t1 - t0);
            tg_bigans_free(&a);
            tg_bigsys_free(sys);
        }
        printf("\n");
        fflush(stdout);
        tg_big_free(&b);
    }
    return 0;
}

static int row0(int n, const char *name)
{
    tg_bigsys *sys = tg_bigsys_new(name ? algo(name) : tg_big_algo(0));
    tg_big b = {0};
    tg_bigans a;
    tg_bigans_init(&a);
    if (!sys || tg_big_init(&b, n, n))
        return 2;
    tg_big_ones(&b);
    if (tg_big_solve(sys, &b, TG_OFF, &a))
        return 2;
    check(&b, &a, name ? name : tg_bigalgo_name(tg_big_algo(0)));
    for (int c = 0; c < n; c++)
        putchar('0' + (int)((a.x.row[c / 64] >> (c % 64)) & 1));
    putchar('\n');
    tg_bigans_free(&a);
    tg_big_free(&b);
    tg_bigsys_free(sys);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && !strcmp(argv[1], "row0"))
        return row0(atoi(argv[2]), argc > 3 ? argv[3] : NULL);
    if (argc >= 3 && !strcmp(argv[1], "ones"))
        return ones(atoi(argv[2]), argc - 3, argv + 3);
    if (argc >= 4 && (!strcmp(argv[1], "random") || !strcmp(argv[1], "pressed")) &&
        (pressed = !strcmp(argv[1], "pressed"), 1))
        return random_boards(atoi(argv[2]), atol(argv[3]), argc - 4, argv + 4);
    if (argc >= 2 && !strcmp(argv[1], "sweep"))
        return sweep(argc > 2 ? atoi(argv[2]) : TG_BIG_MAX);
    fprintf(stderr, "usage: bigboards-speed ones N [SOLVER...] | random|pressed N COUNT "
                    "[SOLVER...] | row0 N [SOLVER] | sweep [MAX]\n");
    return 2;
}
