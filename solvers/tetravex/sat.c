/* sat - an encoding into SAT, solved in-process by CaDiCaL (its C API).
 *
 * Idea: x[c][k] says cell c holds a tile of kind k; an edge variable for
 * every side of every cell, border included, says which number that edge
 * shows.  Clauses: an edge shows exactly one number (so two kinds can never
 * share a cell: distinct kinds differ on some side); a kind at a cell fixes
 * the numbers of its four edges; a side of a cell showing d needs, on each
 * other side of the cell, a number that some kind shows together with d;
 * and two sides of a cell showing a and b place one of the kinds that show
 * both (with 10 numbers nearly always a single kind), or, if none does, are
 * a nogood of two edges.  So a cell gets its kind from two of its edges, and
 * the reasoning runs through the edges.  Kind k is used exactly count[k]
 * times: a totalizer (a unary adder tree) over the cells, or to 8x8 for a
 * kind of one tile a clause and pairwise at-most-one.  And the counting
 * knowledge of countsearch.c, without which CDCL has to rediscover a pigeonhole
 * argument: for each number d, the left border shows d exactly (lefts -
 * rights showing d) times more often than the right border, as
 * equivalences between the unary outputs of two totalizers over the border
 * edges (the same for the top against the bottom border).
 * Cost: building the formula (n^2 * kinds + n^2 * numbers^2 clauses, and
 * n^4 / 2 binary ones per kind of one tile to 8x8) and CaDiCaL's search;
 * slower than the searches everywhere, a witness that does not share their
 * reasoning.  Why the supports run between edges, and every encoding and
 * option tried: results/tetravex.md, "The anchors".
 * Memory: CaDiCaL allocates internally during solve(), the one exception to
 * "solvers do not allocate" (a fresh solver each game, released before the
 * return); nothing else is allocated.
 * Limits: n <= 12.
 */
#include <ccadical.h>
#include <limits.h>
#include <string.h>

#include "tetravex.h"

/* The variables: x[cell][kind]; the vertical edges left of cell (r, c),
 * c = 0..n, and the horizontal edges above cell (r, c), r = 0..n, one
 * variable per number.  In the scratch: 23 KiB. */
typedef struct vars {
    int x[TX_CELLS][TX_CELLS];
    int v[TX_MAX][TX_MAX + 1][TX_DIGITS];
    int h[TX_MAX + 1][TX_MAX][TX_DIGITS];
} vars;

/* The formula being made: the game's kinds and numbers, its variables. */
typedef struct enc {
    CCaDiCaL *s;
    int vars;
    int n, nk;
    int halted;           /* a stop or a spent budget seen while making it */
    int nd;               /* distinct numbers, renamed 0..nd-1 */
    int value[TX_DIGITS]; /* the renaming */
    tx_kinds ks;
    vars *var;
    /* shows[s][s2][a][b]: some kind shows a on its side s and b on s2. */
    uint8_t shows[4][4][TX_DIGITS][TX_DIGITS];
} enc;

static int fresh(enc *e)
{
    return ++e->vars;
}

static void clause(enc *e, int n, const int *lits)
{
    for (int i = 0; i < n; i++)
        ccadical_add(e->s, lits[i]);
    ccadical_add(e->s, 0);
}

/* Whether to stop making the formula: asked between its steps, as a 12x12
 * game's takes a quarter of a second to make. */
static int halted(enc *e)
{
    return e->halted || (e->halted = pz_poll(0));
}

#define CLAUSE(e, ...)                                                                             \
    clause(e, (int)(sizeof((int[]){__VA_ARGS__}) / sizeof(int)), (int[]){__VA_ARGS__})

/* A totalizer over in[0..m): out[j] <=> at least j+1 inputs are true, for j
 * below min(m, cap); returns how many outputs it made.  Past cap, outputs
 * are cut: out[cap-1] then means "at least cap". */
static int totalizer(enc *e, const int *in, int m, int cap, int *out)
{
    int a[TX_CELLS], b[TX_CELLS], ma = m / 2, mb = m - m / 2, pa, pb, po = m < cap ? m : cap;
    if (m == 1) {
        out[0] = in[0];
        return 1;
    }
    pa = totalizer(e, in, ma, cap, a);
    pb = totalizer(e, in + ma, mb, cap, b);
    for (int j = 0; j < po; j++)
        out[j] = fresh(e);
    for (int i = 0; i <= pa; i++)
        for (int j = 0; j <= pb; j++) {
            int lits[3], n = 0, k = i + j;
            if (k >= 1) { /* i of a and j of b true: at least i + j */
                if (i)
                    lits[n++] = -a[i - 1];
                if (j)
                    lits[n++] = -b[j - 1];
                lits[n++] = out[(k < po ? k : po) - 1];
                clause(e, n, lits);
            }
            /* At most i of a and j of b: at most i + j.  A child cut at cap
             * cannot say "at most cap", so that clause is left out. */
            if (k + 1 > po || (i == pa && pa < ma) || (j == pb && pb < mb))
                continue;
            n = 0;
            if (i < pa)
                lits[n++] = a[i];
            if (j < pb)
                lits[n++] = b[j];
            lits[n++] = -out[k];
            clause(e, n, lits);
        }
    return po;
}

/* The counting knowledge, for one pair of opposite borders.  at[d][i] and
 * opp[d][i]: the variables of the i-th edge of each border showing number
 * d; diff[d]: how many more times d shows on the first border than on the
 * second (the lefts minus the rights of all tiles, or tops minus bottoms).
 * Per number, A >= j <=> B >= j - diff on the unary counts of two
 * totalizers.  Then for each border, the numbers it must show (diff[d] > 0
 * times d on the first) leave n - sum of them edges free: the excesses
 * (a totalizer output past the need of each number) are summed by one more
 * totalizer and held to that slack.  Without that sum, CDCL proves the
 * pigeonhole (too many needs for n edges) by search, seconds per game. */
static void borders(enc *e, int at[][TX_MAX], int opp[][TX_MAX], int n, const int *diff)
{
    int a[TX_DIGITS][TX_MAX], b[TX_DIGITS][TX_MAX];
    for (int d = 0; d < e->nd; d++) {
        if (halted(e)) /* a[] and b[] are not whole: the sums below are not made */
            return;
        totalizer(e, at[d], n, n, a[d]);
        totalizer(e, opp[d], n, n, b[d]);
        for (int j = 1; j <= n; j++) {
            int k = j - diff[d]; /* A >= j <=> B >= j - diff */
            if (k <= 0)
                CLAUSE(e, a[d][j - 1]);
            else if (k > n)
                CLAUSE(e, -a[d][j - 1]);
            else
                CLAUSE(e, -a[d][j - 1], b[d][k - 1]), CLAUSE(e, a[d][j - 1], -b[d][k - 1]);
            k = j + diff[d]; /* B >= j <=> A >= j + diff */
            if (k <= 0)
                CLAUSE(e, b[d][j - 1]);
            else if (k > n)
                CLAUSE(e, -b[d][j - 1]);
        }
    }
    for (int side = 0; side < 2; side++) {
        int in[TX_DIGITS * TX_MAX], m = 0, slack = n, out[TX_DIGITS * TX_MAX];
        for (int d = 0; d < e->nd; d++) {
            int need = side ? -diff[d] : diff[d];
            need = need > 0 ? need : 0;
            slack -= need;
            for (int j = need; j < n; j++)
                in[m++] = side ? b[d][j] : a[d][j];
        }
        if (slack < 0)
            clause(e, 0, NULL); /* the counting test fails at the root */
        else if (m > slack && totalizer(e, in, m, slack + 1, out) > slack)
            CLAUSE(e, -out[slack]);
    }
}

/* Whether side s of cell (r, c) is the edge's own: an edge is seen from the
 * cell below it or right of it, except on the bottom and right borders, so
 * that each edge's clauses are made once. */
static int own(int r, int c, int s, int n)
{
    return s == TX_TOP || s == TX_LEFT || (s == TX_BOTTOM && r == n - 1) ||
           (s == TX_RIGHT && c == n - 1);
}

/* The conflicts so far (a clause learned each), and those polled. */
typedef struct conflicts {
    long long learned, polled;
} conflicts;

/* CaDiCaL's terminate hook: it asks between its steps.  A conflict is
 * sat's node for a game's budget (pz_poll). */
static int stopped(void *state)
{
    conflicts *c = state;
    long long fresh = c->learned - c->polled;
    c->polled = c->learned;
    return pz_poll(fresh);
}

static void learned_one(void *state, int *clause)
{
    (void)clause;
    ((conflicts *)state)->learned++;
}

/* The game's kinds, its numbers renamed 0..nd-1 in order of appearance,
 * and which numbers the kinds show together. */
static void setup(enc *e, const tx_game *g, vars *var)
{
    e->n = g->n;
    e->var = var;
    tx__kinds(g, &e->ks);
    e->nk = e->ks.nk;
    memset(e->value, -1, sizeof e->value);
    for (int k = 0, t = 0; k < e->nk; k++)
        for (int s = 0; s < 4; s++)
            if (e->value[e->ks.side[k][s]] < 0)
                e->value[e->ks.side[k][s]] = t++, e->nd = t;
    memset(e->shows, 0, sizeof e->shows);
    for (int k = 0; k < e->nk; k++)
        for (int s = 0; s < 4; s++)
            for (int s2 = 0; s2 < 4; s2++)
                e->shows[s][s2][e->value[e->ks.side[k][s]]][e->value[e->ks.side[k][s2]]] = 1;
}

/* The number kind k shows on its side s, renamed. */
static int shown(const enc *e, int k, int s)
{
    return e->value[e->ks.side[k][s]];
}

/* The variables, in this order: x, then v, then h. */
static void variables(enc *e)
{
    int n = e->n;
    for (int c = 0; c < n * n; c++)
        for (int k = 0; k < e->nk; k++)
            e->var->x[c][k] = fresh(e);
    for (int r = 0; r < n; r++)
        for (int c = 0; c <= n; c++)
            for (int d = 0; d < e->nd; d++)
                e->var->v[r][c][d] = fresh(e);
    for (int r = 0; r <= n; r++)
        for (int c = 0; c < n; c++)
            for (int d = 0; d < e->nd; d++)
                e->var->h[r][c][d] = fresh(e);
}

/* The edge of cell (r, c) on side s: its variable for number d. */
static int edge(const enc *e, int r, int c, int s, int d)
{
    return s == TX_TOP      ? e->var->h[r][c][d]
           : s == TX_BOTTOM ? e->var->h[r + 1][c][d]
           : s == TX_LEFT   ? e->var->v[r][c][d]
                            : e->var->v[r][c + 1][d];
}

/* Each cell's clauses: its edges show one number each, a kind fixes its
 * four edges, and a side showing d needs, on each other side, a number some
 * kind shows with d: supports between the edges, not over the kinds. */
static void cells(enc *e)
{
    int n = e->n, nd = e->nd, lits[TX_CELLS + 2];
    for (int r = 0; r < n && !halted(e); r++)
        for (int c = 0; c < n; c++) {
            int cell = r * n + c;
            for (int s = 0; s < 4; s++)
                if (own(r, c, s, n)) { /* every edge shows some number */
                    for (int d = 0; d < nd; d++)
                        lits[d] = edge(e, r, c, s, d);
                    clause(e, nd, lits);
                }
            for (int k = 0; k < e->nk; k++)
                for (int s = 0; s < 4; s++)
                    CLAUSE(e, -e->var->x[cell][k], edge(e, r, c, s, shown(e, k, s)));
            for (int s = 0; s < 4; s++)
                for (int d = 0; d < nd; d++) {
                    for (int s2 = 0; s2 < 4; s2++) {
                        int m = 0;
                        if (s2 == s)
                            continue;
                        lits[m++] = -edge(e, r, c, s, d);
                        for (int b = 0; b < nd; b++)
                            if (e->shows[s][s2][d][b])
                                lits[m++] = edge(e, r, c, s2, b);
                        clause(e, m, lits);
                    }
                    /* At most one number per edge. */
                    if (own(r, c, s, n))
                        for (int d2 = d + 1; d2 < nd; d2++)
                            CLAUSE(e, -edge(e, r, c, s, d), -edge(e, r, c, s, d2));
                }
        }
}

/* Two sides of a cell showing a and b place one of the kinds that show
 * them (with 10 numbers nearly always one kind), or none: then the pair
 * is a nogood of two edges.  This is where a cell gets its kind. */
static void side_pairs(enc *e)
{
    int n = e->n, lits[TX_CELLS + 2];
    for (int s1 = 0; s1 < 4; s1++)
        for (int s2 = s1 + 1; s2 < 4; s2++)
            for (int a = 0; a < e->nd && !halted(e); a++)
                for (int b = 0; b < e->nd; b++) {
                    int kk[TX_CELLS], nkk = 0;
                    for (int k = 0; k < e->nk; k++)
                        if (shown(e, k, s1) == a && shown(e, k, s2) == b)
                            kk[nkk++] = k;
                    for (int r = 0; r < n; r++)
                        for (int c = 0; c < n; c++) {
                            int m = 0;
                            lits[m++] = -edge(e, r, c, s1, a);
                            lits[m++] = -edge(e, r, c, s2, b);
                            for (int i = 0; i < nkk; i++)
                                lits[m++] = e->var->x[r * n + c][kk[i]];
                            clause(e, m, lits);
                        }
                }
}

/* Kind k on exactly count[k] cells. */
static void kind_count(enc *e, int k)
{
    int nn = e->n * e->n, out[TX_CELLS], col[TX_CELLS], q = e->ks.count[k];
    for (int c = 0; c < nn; c++)
        col[c] = e->var->x[c][k];
    if (q == 1 && e->n <= 8) {
        /* A kind of one tile (nearly every kind with 10 numbers): exactly
         * one cell, at most one pairwise.  Binary clauses propagate
         * without the totalizer's auxiliary layers: 15% less CPU over
         * 20 perturbed 8x8 games with 10 numbers, the same conflicts.
         * Past 8x8 not measured, and n^6 / 2 clauses in all (1.5 M at
         * 12x12) would weigh more than the totalizers. */
        clause(e, nn, col);
        for (int c = 0; c < nn; c++)
            for (int c2 = c + 1; c2 < nn; c2++)
                CLAUSE(e, -col[c], -col[c2]);
    } else {
        int p = totalizer(e, col, nn, q + 1, out);
        CLAUSE(e, out[q - 1]);
        if (q < p)
            CLAUSE(e, -out[q]);
    }
}

/* The counting knowledge on both pairs of opposite borders (borders()):
 * the lefts minus the rights showing each number against the left and
 * right borders, the bottoms minus the tops against the top and bottom. */
static void border_counts(enc *e)
{
    int n = e->n, bal[2][TX_DIGITS] = {{0}};
    int at[TX_DIGITS][TX_MAX], opp[TX_DIGITS][TX_MAX], diff[TX_DIGITS];
    for (int k = 0; k < e->nk; k++)
        for (int s = 0; s < 4; s++)
            bal[s & 1][shown(e, k, s)] += s >= 2 ? e->ks.count[k] : -e->ks.count[k];
    /* bal[1][d]: lefts - rights showing d; bal[0][d]: bottoms - tops. */
    for (int d = 0; d < e->nd; d++) {
        for (int i = 0; i < n; i++)
            at[d][i] = e->var->v[i][0][d], opp[d][i] = e->var->v[i][n][d];
        diff[d] = bal[1][d];
    }
    borders(e, at, opp, n, diff);
    for (int d = 0; d < e->nd; d++) {
        for (int i = 0; i < n; i++)
            at[d][i] = e->var->h[0][i][d], opp[d][i] = e->var->h[n][i][d];
        diff[d] = -bal[0][d];
    }
    borders(e, at, opp, n, diff);
}

int tx__sat(const tx_game *g, tx_answer *ans, void *scratch, long long *learned)
{
    int nn = g->n * g->n;
    enc e = {.vars = 0};
    uint8_t kind[TX_CELLS];
    setup(&e, g, scratch);
    tx__impossible(ans);
    if (g->n == 0) {
        tx__witness(g, &e.ks, kind, ans);
        return 0;
    }
    e.s = ccadical_init();
    ccadical_set_option(e.s, "quiet", 1); /* it would print on stdout */
    conflicts count = {0, 0};
    ccadical_set_terminate(e.s, &count, stopped);
    ccadical_set_learn(e.s, &count, INT_MAX, learned_one);
    variables(&e);
    cells(&e);
    side_pairs(&e);
    for (int k = 0; k < e.nk && !halted(&e); k++)
        kind_count(&e, k);
    border_counts(&e); /* made only while not halted (borders()) */
    /* A piece's pins (tetravex.h): a unit clause each. */
    if (g->fixed) {
        int pin[TX_CELLS];
        tx__pins(g, &e.ks, pin);
        for (int c = 0; c < nn; c++)
            if (pin[c] >= 0)
                CLAUSE(&e, e.var->x[c][pin[c]]);
    }
    int rc = halted(&e) ? 0 : ccadical_solve(e.s); /* 10 SAT, 20 UNSAT, 0 terminated */
    if (rc == 10) {
        for (int c = 0; c < nn; c++)
            for (int k = 0; k < e.nk; k++)
                if (ccadical_val(e.s, e.var->x[c][k]) > 0)
                    kind[c] = (uint8_t)k;
        tx__witness(g, &e.ks, kind, ans);
    }
    ccadical_release(e.s);
    if (learned)
        *learned += count.learned;
    return rc == 0 ? PZ_STOPPED : 0;
}

static int sat(const void *inst, void *ans, void *scratch)
{
    return tx__sat(inst, ans, scratch, NULL);
}

TX_SOLVER(sat, "SAT encoding with kind and border-count totalizers, solved by CaDiCaL", "n <= 12",
          tx__fits_pieces, sizeof(vars), NULL);
