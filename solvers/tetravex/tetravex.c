/* tetravex.c - Gnome Tetravex (ZOJ 1008): judge I/O, checker, generators.
 *
 * Judge input: several games, each a line with n and then n*n lines of four
 * numbers 0..9 (top right bottom left); a line "0" ends the input.  Output
 * for game k: "Game k: Possible" or "Game k: Impossible", with one empty line
 * between games.  Our generalisation: n up to 12 in the same format; a piece
 * of a game (pieces.c) has the size line "n fixed D": its first D tiles sit,
 * in order, on the first D cells of the square grown from the corner (cell
 * (0,0); then column w beside the w x w square, top down; then row w below
 * it, left to right); and a budgeted solve's "Game k: unknown".
 */
#include <math.h>
#include <string.h>

#include "../io.h"
#include "../rng.h"
#include "tetravex.h"

static const char *const side_name[4] = {"top", "right", "bottom", "left"};

/* The next blank-separated word of a line: its start and length (0 at the
 * end of the line); *value is its number (at most 1000), or -1 if it is not
 * a number. */
static size_t next_word(const char **p, const char **word, int *value)
{
    const char *s = *p;
    size_t len = 0;
    while (*s == ' ' || *s == '\t')
        s++;
    *word = s;
    *value = 0;
    for (; s[len] && s[len] != ' ' && s[len] != '\t'; len++)
        if (*value >= 0) {
            *value = s[len] < '0' || s[len] > '9' ? -1 : *value * 10 + s[len] - '0';
            if (*value > 1000)
                *value = 1000;
        }
    *p = s + len;
    return len;
}

/* At most 20 characters of a word, for messages, control characters escaped. */
#define WORD(len, w) pz_quote((w), (len), (char[24]){0}, 24)

static int read_size(pz_reader *r, int *n, int *fixed, pz_error *e)
{
    const char *p = r->buf, *w;
    int v, d;
    size_t len = next_word(&p, &w, &v);
    if (v < 0)
        return pz_fail(e, r, "expected a board size n (1 to %d) or 0 to end the input, found '%s'",
                       TX_MAX, WORD(len, w));
    if (v > TX_MAX)
        return pz_fail(e, r, "expected a board size n from 1 to %d (0 ends the input), found %s",
                       TX_MAX, WORD(len, w));
    *n = v;
    *fixed = 0;
    if (pz_is_blank(p))
        return 0;
    /* Our own: "n fixed D", a piece of a game (pieces.c). */
    len = next_word(&p, &w, &d);
    if (v == 0 || len != 5 || strncmp(w, "fixed", 5))
        return pz_fail(e, r, "expected only the board size n on this line");
    len = next_word(&p, &w, &d);
    if (!len) /* next_word's value of no word is 0: not a count */
        return pz_fail(e, r, "expected n fixed D, D from 0 to %d (tiles pinned), found no D",
                       v * v);
    if (d < 0 || d > v * v || !pz_is_blank(p))
        return pz_fail(e, r, "expected n fixed D, D from 0 to %d (tiles pinned), found '%s'", v * v,
                       WORD(len, w));
    *fixed = d;
    return 0;
}

static int read_tile(pz_reader *r, int i, int count, uint8_t *tile, pz_error *e)
{
    const char *p = r->buf, *w;
    int v, s = 0;
    size_t len;
    while ((len = next_word(&p, &w, &v)) > 0) {
        if (s == 4)
            return pz_fail(
                e, r, "expected 4 numbers (top right bottom left) for tile %d of %d, found more",
                i + 1, count);
        if (v < 0 || v > 9)
            return pz_fail(e, r,
                           "expected a number from 0 to 9 for the %s of tile %d of %d, found '%s'",
                           side_name[s], i + 1, count, WORD(len, w));
        tile[s++] = (uint8_t)v;
    }
    if (s < 4)
        return pz_fail(e, r,
                       "expected 4 numbers (top right bottom left) for tile %d of %d, found %d",
                       i + 1, count, s);
    return 0;
}

/* r->hdr[0] is 1 once the line "0" that ends the input has been read. */
static int tx_read(pz_reader *r, void *inst, pz_error *e)
{
    tx_game *g = inst;
    int rc, n = 0, fixed = 0;
    if (r->hdr[0])
        return 0;
    if ((rc = pz_next_nonblank(r, e)) <= 0)
        return rc ? rc
                  : pz_fail(e, r, "expected a line 0 to end the input, found the end of the input");
    if (read_size(r, &n, &fixed, e))
        return -1;
    if (n == 0) {
        r->hdr[0] = 1;
        if ((rc = pz_next_nonblank(r, e)) != 0)
            return rc < 0 ? rc : pz_fail(e, r, "expected nothing after the 0 that ends the input");
        return 0;
    }
    memset(g, 0, sizeof *g);
    g->n = (uint8_t)n;
    g->fixed = (uint8_t)fixed;
    for (int i = 0; i < n * n; i++) {
        if ((rc = pz_getline(r, e)) <= 0)
            return rc ? rc
                      : pz_fail(e, r, "expected %d tiles in this game, the input ended after %d",
                                n * n, i);
        if (pz_is_blank(r->buf))
            return pz_fail(e, r,
                           "expected tile %d of %d (top right bottom left), found an empty line",
                           i + 1, n * n);
        if (read_tile(r, i, n * n, g->tile[i], e))
            return -1;
    }
    return 1;
}

/* No header; the line "0" after the last game. */
static void tx_write_input(FILE *f, const void *insts, size_t count, uint64_t first, uint64_t total)
{
    const tx_game *g = insts;
    for (size_t i = 0; i < count; i++, g++) {
        if (!g->n)
            pz_fatal("tetravex: a game of size 0 has no judge form (0 ends the input)");
        fprintf(f, g->fixed ? "%d fixed %d\n" : "%d\n", g->n, g->fixed);
        for (int t = 0; t < g->n * g->n; t++)
            fprintf(f, "%d %d %d %d\n", g->tile[t][0], g->tile[t][1], g->tile[t][2], g->tile[t][3]);
    }
    if (first + count == total)
        fputs("0\n", f);
}

/* What an answer says: Possible, Impossible, or (our own, for a game cut
 * by its budget) unknown. */
static const char *said(const tx_answer *a)
{
    return a->possible == PZ_TETRAVEX_UNKNOWN ? PZ_UNKNOWN_NAME
           : a->possible                      ? "Possible"
                                              : "Impossible";
}

static void tx_write_answer(FILE *f, unsigned long long k, const void *inst, const void *ans)
{
    (void)inst;
    fprintf(f, "%sGame %llu: %s\n", k > 1 ? "\n" : "", k, said(ans));
}

/* Strict, since it also judges other programs' output: exactly one empty line
 * between games, no spaces, nothing else.  "Game k: unknown" reads too (a
 * budgeted `solve`'s output); a judge's expected answer is never that, so
 * against one it is a wrong answer. */
static int tx_read_answer(pz_reader *r, unsigned long long k, const void *inst, void *ans,
                          pz_error *e)
{
    tx_answer *a = ans;
    char yes[48], no[48], unknown[48];
    int rc;
    (void)inst;
    if ((rc = pz_getline(r, e)) <= 0)
        return rc;
    snprintf(yes, sizeof yes, "Game %llu: Possible", k);
    snprintf(no, sizeof no, "Game %llu: Impossible", k);
    if (k > 1) {
        if (r->len)
            return pz_fail(e, r, "expected an empty line before game %llu", k);
        if ((rc = pz_getline(r, e)) <= 0)
            return rc ? rc
                      : pz_fail(e, r, "expected \"%s\" or \"%s\", found the end of the output", yes,
                                no);
    }
    memset(a, 0, sizeof *a);
    snprintf(unknown, sizeof unknown, "Game %llu: %s", k, PZ_UNKNOWN_NAME);
    if (!strcmp(r->buf, yes))
        a->possible = 1;
    else if (!strcmp(r->buf, unknown))
        a->possible = PZ_TETRAVEX_UNKNOWN;
    else if (strcmp(r->buf, no))
        return pz_fail(e, r, "expected \"%s\" or \"%s\"", yes, no);
    return 1;
}

/* The i-th cell of the square grown from the corner, for a piece's pins
 * (the checker's own: it shares no code with the solvers). */
static int square_cell(int n, int i)
{
    int w = 0;
    while ((w + 1) * (w + 1) <= i)
        w++;
    i -= w * w; /* of ring w: the w cells of column w, then the w + 1 of row w */
    return i < w ? i * n + w : w * n + i - w;
}

/* Replays the placement edge by edge, and a piece's pins; Impossible rests
 * on agreement. */
static pz_verdict tx_check(const void *inst, const void *ans, const char **why)
{
    const tx_game *g = inst;
    const tx_answer *a = ans;
    int n = g->n;
    uint8_t used[TX_CELLS] = {0};
    *why = "";
    if (a->possible == PZ_TETRAVEX_UNKNOWN) /* claims nothing */
        return a->has ? (*why = "an unknown answer carries a placement", PZ_INVALID) : PZ_VALID;
    if (a->possible > 1 || a->has > 1)
        return *why = "the answer's flags are not 0 or 1", PZ_INVALID;
    if (!a->possible)
        return a->has ? (*why = "an Impossible answer carries a placement", PZ_INVALID) : PZ_VALID;
    if (!a->has)
        return PZ_VALID;
    for (int c = 0; c < n * n; c++) {
        if (a->at[c] >= n * n)
            return *why = "a cell holds a tile that is not in the game", PZ_INVALID;
        if (used[a->at[c]]++)
            return *why = "a tile is placed twice", PZ_INVALID;
    }
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            const uint8_t *t = g->tile[a->at[r * n + c]];
            if (c + 1 < n && t[TX_RIGHT] != g->tile[a->at[r * n + c + 1]][TX_LEFT])
                return *why = "two tiles side by side show different numbers", PZ_INVALID;
            if (r + 1 < n && t[TX_BOTTOM] != g->tile[a->at[(r + 1) * n + c]][TX_TOP])
                return *why = "two tiles one above the other show different numbers", PZ_INVALID;
        }
    for (int i = 0; i < g->fixed; i++)
        if (memcmp(g->tile[a->at[square_cell(n, i)]], g->tile[i], 4))
            return *why = "a pinned cell of the piece holds another tile", PZ_INVALID;
    return PZ_VALID;
}

static int tx_same(const void *inst, const void *a, const void *b)
{
    (void)inst;
    return ((const tx_answer *)a)->possible == ((const tx_answer *)b)->possible;
}

/* Generators. */

enum { SOLVABLE, PERTURBED, TILES };
static const char *const modes[] = {"solvable", "perturbed", "tiles"};

static int mode_of(const pz_params *p)
{
    for (int m = 0; m < 3; m++)
        if (!strcmp(p->mode, modes[m]))
            return m;
    return -1;
}

/* Where random games are hardest: the expected number of
 * solutions of n*n random tiles over d numbers, (n^2)! / d^(2n(n-1)), crosses
 * 1 at d*(n); tx__peak gives that d* and the whole number of digits nearest
 * it on a log scale (so that the expected count is nearest 1), at most
 * TX_DIGITS: what digits=peak makes. */
double tx__peak_exact(int n)
{
    return n < 2 ? 1 : exp(lgamma(n * n + 1.0) / (2.0 * n * (n - 1)));
}

int tx__peak(int n)
{
    double d = tx__peak_exact(n);
    int below = (int)d;
    int peak = log(d / below) <= log((below + 1) / d) ? below : below + 1;
    return peak < TX_DIGITS ? peak : TX_DIGITS;
}

static int common_setup(pz_params *p, int n, int digits, pz_error *e)
{
    if (p->rows >= 0 || p->cols >= 0)
        return pz_fail(e, NULL, "expected n= (the board is n x n), not rows= or cols=");
    if (p->n < 0)
        p->n = n;
    if (p->digits < 0)
        p->digits = digits;
    if (p->n < 1 || p->n > TX_MAX)
        return pz_fail(e, NULL, "expected n from 1 to %d", TX_MAX);
    if (p->digits == PZ_DIGITS_PEAK)
        p->digits = tx__peak(p->n);
    if (p->digits < 1 || p->digits > TX_DIGITS)
        return pz_fail(e, NULL, "expected digits (how many distinct numbers) from 1 to %d",
                       TX_DIGITS);
    return 0;
}

static int random_setup(pz_params *p, pz_error *e)
{
    if (common_setup(p, 5, TX_DIGITS, e))
        return -1;
    if (!p->mode[0])
        strcpy(p->mode, modes[SOLVABLE]);
    if (mode_of(p) < 0)
        return pz_fail(e, NULL, "expected mode=solvable, perturbed or tiles, found '%s'", p->mode);
    if (mode_of(p) == PERTURBED && p->digits < 2)
        return pz_fail(e, NULL, "expected digits >= 2 for mode=perturbed (a number must change)");
    if (p->count < 0)
        p->count = 1000;
    if (p->seed == (uint64_t)-1)
        p->seed = 1;
    return 0;
}

static int exhaustive_setup(pz_params *p, pz_error *e)
{
    long long count = 1;
    if (common_setup(p, 2, 2, e))
        return -1;
    if (p->mode[0] || p->count >= 0 || p->seed != (uint64_t)-1)
        return pz_fail(e, NULL, "an exhaustive corpus takes only n= and digits=");
    for (int i = 0; i < 4 * p->n * p->n; i++)
        if ((count *= p->digits) > 1ll << 40)
            return pz_fail(e, NULL, "expected at most 2^40 games (digits^(4 n^2))");
    p->count = count;
    return 0;
}

/* Every sequence of n*n tiles over 0..digits-1: index in base digits, the
 * first tile's top least significant. */
static void exhaustive_make(const pz_params *p, uint64_t index, void *inst)
{
    tx_game *g = inst;
    memset(g, 0, sizeof *g);
    g->n = (uint8_t)p->n;
    for (int i = 0; i < p->n * p->n; i++)
        for (int s = 0; s < 4; s++) {
            g->tile[i][s] = (uint8_t)(index % (uint64_t)p->digits);
            index /= (uint64_t)p->digits;
        }
}

/* The first draws of game index of a random spec: the numbers' values (a
 * random choice of digits values out of 0..9, so every value gets used),
 * then, but for mode tiles, the edges of a solved board laid into ix
 * row-major as numbers 0..digits-1.  The generator goes on from the
 * state it returns. */
static pz_rng lay(const pz_params *p, uint64_t index, uint8_t value[TX_DIGITS], uint8_t (*ix)[4])
{
    pz_rng rng = pz_rng_at(p->seed, index);
    int n = p->n, d = p->digits;
    for (int v = 0; v < TX_DIGITS; v++)
        value[v] = (uint8_t)v;
    for (int v = 0; v < d; v++) {
        int w = v + (int)pz_rng_below(&rng, (uint64_t)(TX_DIGITS - v));
        uint8_t t = value[v];
        value[v] = value[w], value[w] = t;
    }
    if (mode_of(p) == TILES)
        return rng;
    /* h[r][c]: the edge above cell (r, c); v[r][c]: the edge left of it. */
    uint8_t h[TX_MAX + 1][TX_MAX], v[TX_MAX][TX_MAX + 1];
    for (int r = 0; r <= n; r++)
        for (int c = 0; c < n; c++)
            h[r][c] = (uint8_t)pz_rng_below(&rng, (uint64_t)d);
    for (int r = 0; r < n; r++)
        for (int c = 0; c <= n; c++)
            v[r][c] = (uint8_t)pz_rng_below(&rng, (uint64_t)d);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            uint8_t *t = ix[r * n + c];
            t[TX_TOP] = h[r][c], t[TX_BOTTOM] = h[r + 1][c];
            t[TX_LEFT] = v[r][c], t[TX_RIGHT] = v[r][c + 1];
        }
    return rng;
}

int tx__planted(const pz_params *p, uint64_t index, uint8_t (*side)[4])
{
    uint8_t value[TX_DIGITS], ix[TX_CELLS][4];
    if (mode_of(p) != SOLVABLE)
        return 0;
    lay(p, index, value, ix);
    for (int i = 0; i < p->n * p->n; i++)
        for (int s = 0; s < 4; s++)
            side[i][s] = value[ix[i][s]];
    return 1;
}

/* solvable: the tiles of a random solved board (lay), shuffled; perturbed:
 * then one number changed; tiles: independent random tiles. */
static void random_make(const pz_params *p, uint64_t index, void *inst)
{
    tx_game *g = inst;
    int n = p->n, d = p->digits, mode = mode_of(p);
    uint8_t value[TX_DIGITS], ix[TX_CELLS][4];
    pz_rng rng = lay(p, index, value, ix);
    memset(g, 0, sizeof *g);
    g->n = (uint8_t)n;
    if (mode == TILES) {
        for (int i = 0; i < n * n; i++)
            for (int s = 0; s < 4; s++)
                ix[i][s] = (uint8_t)pz_rng_below(&rng, (uint64_t)d);
    } else {
        for (int i = n * n - 1; i > 0; i--) {
            int j = (int)pz_rng_below(&rng, (uint64_t)i + 1);
            uint8_t t[4];
            memcpy(t, ix[i], 4), memcpy(ix[i], ix[j], 4), memcpy(ix[j], t, 4);
        }
        if (mode == PERTURBED) {
            uint8_t *x = &ix[pz_rng_below(&rng, (uint64_t)(n * n))][pz_rng_below(&rng, 4)];
            int to = (int)pz_rng_below(&rng, (uint64_t)d - 1);
            *x = (uint8_t)(to < *x ? to : to + 1);
        }
    }
    for (int i = 0; i < n * n; i++)
        for (int s = 0; s < 4; s++)
            g->tile[i][s] = value[ix[i][s]];
}

static const pz_generator tx_generators[] = {
    {"exhaustive", "n=2:digits=2 (every sequence of n*n tiles over 0..digits-1)", exhaustive_setup,
     exhaustive_make, NULL, NULL},
    {"random",
     "n=5:digits=10:mode=solvable:count=1000:seed=1 (mode: solvable|perturbed|tiles; "
     "digits=peak: the hardness peak for n, puzzlebench info tetravex)",
     random_setup, random_make, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL, NULL},
};

/* Neighbours, from the most to the least simplifying.  Each one lowers
 * (n, how many distinct numbers, the sum of the numbers) in that order, so
 * shrinking ends:
 *   the (n-1) x (n-1) game of (n-1)^2 consecutive tiles, cyclically, one for
 *   each starting tile (which tiles matter is not known, so try a window);
 *   every a replaced by b, for two numbers b < a of the game;
 *   the numbers renamed 0, 1, 2... in order, if they are not already;
 *   one number replaced by the smallest number of the game. */
static int tx_shrink(const void *inst, int k, void *simpler)
{
    const tx_game *g = inst;
    tx_game *s = simpler;
    int n = g->n, nn = n * n, present[TX_DIGITS] = {0}, low = -1, high = 0, distinct = 0;
    if (n == 0)
        return 0;
    for (int i = 0; i < nn; i++)
        for (int j = 0; j < 4; j++)
            present[g->tile[i][j]] = 1;
    for (int v = 0; v < TX_DIGITS; v++)
        if (present[v]) {
            distinct++, high = v;
            if (low < 0)
                low = v;
        }
    *s = *g;
    if (n > 1) {
        if (k < nn) {
            memset(s, 0, sizeof *s);
            s->n = (uint8_t)(n - 1);
            for (int i = 0; i < (n - 1) * (n - 1); i++)
                memcpy(s->tile[i], g->tile[(k + i) % nn], 4);
            return 1;
        }
        k -= nn;
    }
    for (int a = 0; a < TX_DIGITS; a++)
        for (int b = 0; b < a; b++) {
            if (!present[a] || !present[b] || k--)
                continue;
            for (int i = 0; i < nn; i++)
                for (int j = 0; j < 4; j++)
                    if (s->tile[i][j] == a)
                        s->tile[i][j] = (uint8_t)b;
            return 1;
        }
    if (high != distinct - 1 && k-- == 0) {
        uint8_t rank[TX_DIGITS];
        for (int v = 0, r = 0; v < TX_DIGITS; v++)
            rank[v] = (uint8_t)(present[v] ? r++ : 0);
        for (int i = 0; i < nn; i++)
            for (int j = 0; j < 4; j++)
                s->tile[i][j] = rank[g->tile[i][j]];
        return 1;
    }
    for (int i = 0; i < nn; i++)
        for (int j = 0; j < 4; j++)
            if (g->tile[i][j] != low && k-- == 0) {
                s->tile[i][j] = (uint8_t)low;
                return 1;
            }
    return 0;
}

/* Two classes: Impossible (0) and Possible (1); and unknown. */
static int tx_classify(const void *inst, const void *ans, char *name, size_t len)
{
    const tx_answer *a = ans;
    (void)inst;
    if (name)
        snprintf(name, len, "%s", said(a));
    return a->possible == PZ_TETRAVEX_UNKNOWN ? PZ_CLASS_UNKNOWN : a->possible != 0;
}

/* A Possible proves itself by its placement (which check() replayed);
 * Impossible rests on agreement. */
static pz_proof tx_proof(const void *inst, const void *ans)
{
    const tx_answer *a = ans;
    (void)inst;
    if (a->possible == 1)
        return a->has ? PZ_PROVEN : PZ_OWES_PROOF;
    return PZ_UNPROVEN;
}

static void tx_unknown(const void *inst, void *ans)
{
    tx_answer *a = ans;
    (void)inst;
    a->possible = PZ_TETRAVEX_UNKNOWN;
    a->has = 0;
}

static void tx_size(const void *inst, char *buf, size_t len)
{
    snprintf(buf, len, "n=%d", ((const tx_game *)inst)->n);
}

const pz_puzzle pz_tetravex = {
    .name = "tetravex",
    .title = "Gnome Tetravex (ZOJ 1008)",
    .inst_size = sizeof(tx_game),
    .ans_size = sizeof(tx_answer),
    .read = tx_read,
    .write_input = tx_write_input,
    .write_answer = tx_write_answer,
    .read_answer = tx_read_answer,
    .check = tx_check,
    .same = tx_same,
    .generators = tx_generators,
    .shrink = tx_shrink,
    .size = tx_size,
    .classify = tx_classify,
    .unknown = tx_unknown,
    .pieces = tx__pieces,
    .proof = tx_proof,
};

/* Orientation o: bit 0 transposes (a tile's top becomes its left), then bit 1
 * flips top and bottom, then bit 2 flips left and right.  The cell (r, c)
 * moves to tx__turn_cell(); a tile's sides move the same way. */
int tx__turn_cell(int o, int n, int cell)
{
    int r = cell / n, c = cell % n, t;
    if (o & 1)
        t = r, r = c, c = t;
    if (o & 2)
        r = n - 1 - r;
    if (o & 4)
        c = n - 1 - c;
    return r * n + c;
}

static void turn_tile(int o, const uint8_t *in, uint8_t *out)
{
    uint8_t t[4] = {in[0], in[1], in[2], in[3]}, x;
    if (o & 1) {
        x = t[TX_TOP], t[TX_TOP] = t[TX_LEFT], t[TX_LEFT] = x;
        x = t[TX_RIGHT], t[TX_RIGHT] = t[TX_BOTTOM], t[TX_BOTTOM] = x;
    }
    if (o & 2)
        x = t[TX_TOP], t[TX_TOP] = t[TX_BOTTOM], t[TX_BOTTOM] = x;
    if (o & 4)
        x = t[TX_LEFT], t[TX_LEFT] = t[TX_RIGHT], t[TX_RIGHT] = x;
    for (int s = 0; s < 4; s++)
        out[s] = t[s];
}

void tx__turn(const tx_game *g, int o, tx_game *out)
{
    if (g->fixed) /* its pins are the square order's first cells, as given */
        pz_fatal("tetravex: a piece of a game turned");
    out->n = g->n;
    out->fixed = 0;
    for (int i = 0; i < g->n * g->n; i++)
        turn_tile(o, g->tile[i], out->tile[i]);
}
