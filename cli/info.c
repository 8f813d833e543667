/* info.c - `puzzlebench info PUZZLE:rows=M:cols=N`: facts about a board size.
 *
 * For the toggle puzzles, the press matrix A (mn x mn over GF(2)) decides
 * everything: a board b can be turned all off iff b is in the image of A,
 * which has 2^rank members, and a solvable board has 2^nullity answers.
 * Flip Game also accepts all on, so its solvable boards are image(A) united
 * with image(A) + J (J all on): 2^rank of them when J is in the image, else
 * twice that.  The rank comes from gf2's elimination up to 64x64, and beyond
 * from the transfer matrix of toggle/big.h (sides to 4096, well under a
 * second); tests cross-check both with dense eliminations and OEIS A159257.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../solvers/tetravex/tetravex.h"
#include "../solvers/toggle/big.h"

/* "2^k", and its decimal value where it fits in 64 bits. */
static void power(const char *key, int k)
{
    printf("%s: 2^%d", key, k);
    if (k < 64)
        printf(" = %llu", 1ull << k);
    putchar('\n');
}

static int usage(const char *spec)
{
    return pz_usage("info: expected flip:rows=M:cols=N or lightsout:rows=M:cols=N with "
                    "1 <= M, N <= %d, found '%s'",
                    TG_BIG_MAX, spec);
}

/* log10 of the solutions a random game of n x n tiles over d numbers has
 * on average: (n^2)! arrangements, each edge matching one time in d. */
static double expected(int n, int d)
{
    return (lgamma(n * n + 1.0) - 2.0 * n * (n - 1) * log(d)) / log(10);
}

/* info tetravex[:n=N]: the hardness peak, for N or for every n from 2. */
static int tetravex(const char *spec, char *save)
{
    char *field, *end;
    long n = -1;
    while ((field = strtok_r(NULL, ":", &save))) {
        if (strncmp(field, "n=", 2) || n >= 0)
            return pz_usage("info: expected tetravex or tetravex:n=N with 2 <= N <= %d, found '%s'",
                            TX_MAX, spec);
        n = strtol(field + 2, &end, 10);
        if (*end || end == field + 2 || n < 2 || n > TX_MAX)
            return pz_usage("info: expected tetravex or tetravex:n=N with 2 <= N <= %d, found '%s'",
                            TX_MAX, spec);
    }
    printf("Random n x n games over d numbers have (n^2)!/d^(2n(n-1)) solutions on average;\n"
           "that crosses 1 at d*, where games are hardest.  digits=peak in a tetravex:random\n"
           "corpus makes the whole number of digits nearest d* (on a log scale, at most %d).\n\n",
           TX_DIGITS);
    printf(" n     d*  peak  log10 of the solutions expected with peak-1, peak, peak+1\n");
    for (int k = n < 0 ? 2 : (int)n; k <= (n < 0 ? TX_MAX : n); k++) {
        int d = tx__peak(k);
        printf("%2d %6.2f %5d  %6.1f %6.1f %6.1f\n", k, tx__peak_exact(k), d,
               d > 1 ? expected(k, d - 1) : INFINITY, expected(k, d), expected(k, d + 1));
    }
    return PZ_EXIT_OK;
}

/* info has no options but the help; the table keeps its help like the others'. */
#define INFO_OPTIONS(X)

enum { INFO_OPTIONS(PZ_OPTION_ID) O_HELP, NOPTIONS };
static const pz_option options[] = {INFO_OPTIONS(PZ_OPTION) PZ_HELP_OPTION PZ_END_OPTIONS};
static void help(FILE *);
const pz_command_line pz_info_command = {
    .name = "info",
    .args = "PUZZLE[:rows=M][:cols=N] | tetravex[:n=N]",
    .summary = "a board size's facts: rank, nullity, solvable boards; tetravex's peak",
    .options = options,
    .help = help,
    .run = pz_cmd_info,
};

static void help(FILE *f)
{
    pz_print_usage(f, &pz_info_command);
    fprintf(f,
            "Facts about a board size: the rank and nullity of the press matrix over\n"
            "GF(2), and how many boards can be solved (flip and lightsout; M, N <= %d;\n"
            "the judge's size by default); for tetravex, the number of digits where\n"
            "random games are hardest (digits=peak), for N or every n from 2 to %d.\n"
            "\n",
            TG_BIG_MAX, TX_MAX);
    pz_print_options(f, options);
}

int pz_cmd_info(int argc, char **argv)
{
    char buf[256], hint[PZ_HINT_SIZE], *field, *save = NULL;
    const char *value[NOPTIONS];
    long rows = -1, cols = -1;
    int first, status;
    if ((status = pz_parse_options(&pz_info_command, NULL, argc, argv, value, &first)) >= 0)
        return status;
    if (argc - first != 1)
        return pz_usage("info: expected one PUZZLE:rows=M:cols=N (see puzzlebench info --help)");
    const char *spec = argv[first];
    if (strlen(spec) >= sizeof buf)
        return usage(spec);
    strcpy(buf, spec);
    const char *name = strtok_r(buf, ":", &save);
    const pz_puzzle *p = name ? pz_find_puzzle(name) : NULL;
    if (!p)
        return pz_usage("info: unknown puzzle '%s'%s (see puzzlebench list)", name ? name : "",
                        pz_puzzle_hint(name ? name : "", hint));
    if (p == &pz_tetravex)
        return tetravex(spec, save);
    int flip = p == &pz_flip;
    if (!flip && p != &pz_lightsout)
        return pz_usage("info: no size facts for %s (info knows flip, lightsout and tetravex)",
                        p->name);
    while ((field = strtok_r(NULL, ":", &save))) {
        long *v = !strncmp(field, "rows=", 5) ? &rows : !strncmp(field, "cols=", 5) ? &cols : NULL;
        char *end;
        if (!v) { /* a key misspelt ("row=5") is named with the one meant */
            char *eq = strchr(field, '=');
            pz_suggest sg;
            if (eq)
                *eq = 0;
            pz_suggest_init(&sg, field);
            pz_suggest_offer(&sg, "rows");
            pz_suggest_offer(&sg, "cols");
            if (*pz_suggestion(&sg, "%s", hint, sizeof hint))
                return pz_usage("info: unknown key '%s' in '%s'; did you mean '%s'?", field, spec,
                                hint);
            return usage(spec);
        }
        if (*v >= 0)
            return usage(spec);
        *v = strtol(field + 5, &end, 10);
        if (*end || end == field + 5 || *v < 1 || *v > TG_BIG_MAX)
            return usage(spec);
    }
    if (rows < 0)
        rows = flip ? 4 : 5;
    if (cols < 0)
        cols = flip ? 4 : 6;
    int m = (int)rows, n = (int)cols, cells = m * n, nullity, on;
    if (m <= TG_MAX && n <= TG_MAX) {
        nullity = tg_nullity(m, n);
        on = tg_on_solvable(m, n);
    } else if (tg_big_facts(m, n, &nullity, &on)) {
        pz_fatal("info: out of memory for %dx%d", m, n);
    }
    int rank = cells - nullity;
    printf("puzzle: %s\nsize: %dx%d\npress matrix: %dx%d over GF(2)\n", p->name, m, n, cells,
           cells);
    printf("rank: %d\nnullity: %d\n", rank, nullity);
    power("boards", cells);
    if (flip) {
        printf("all on reachable from all off: %s\n", on ? "yes" : "no");
        power("solvable boards (all off or all on)", on ? rank : rank + 1);
    } else {
        power("solvable boards", rank);
        power("answers per solvable board", nullity);
    }
    return PZ_EXIT_OK;
}
