/* budget.c - the stop flag, and a game's budget seen where a search polls it.
 *
 * `run --budget` and `solve --budget` give each game nodes or CPU seconds
 * (or both).  The harness starts a game on its thread (pz_game_start), the
 * solver's search polls (pz_poll) every few thousand nodes with the nodes
 * since its last poll, and once the budget is spent every poll says stop
 * until the next game: the search unwinds as for a signal, says how far it
 * got (pz_estimate), and the harness (pz_game_cut) answers the game
 * "unknown" with its tree estimated.  The state is per thread, so the
 * threads of a run each time their own games.
 * Cost: without a budget a poll is pz_stopped() and one thread-local test;
 * with one, a sum and a compare, and the thread's CPU clock (a system call)
 * read at most every CLOCK_EVERY polls, so that a CPU budget overshoots by
 * at most CLOCK_EVERY polls' nodes.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "solver.h"

enum { CLOCK_EVERY = 8 };

int pz_stop; /* puzzlebench.h: nonzero, every search stops */

typedef struct game {
    int on;          /* a budget is set for this thread's game */
    int cut;         /* it is spent: every poll says stop */
    long long nodes; /* the budget's nodes, 0: none */
    long long spent; /* nodes polled */
    double cpu_end;  /* the thread's CPU time at which it is spent, 0: none */
    int clock_in;    /* polls until the clock is read again */
    double done;     /* pz_estimate's share, 0: none given */
    double helpers;  /* CPU seconds its helper threads spent (pz_game_helpers) */
} game;

static __thread game now;
static __thread int game_threads = 1;
static __thread double helper_cpu; /* all games' helpers on this thread */

double pz_thread_cpu(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int pz_poll(long long nodes)
{
    game *g = &now;
    if (pz_stopped())
        return 1;
    if (!g->on)
        return 0;
    if (g->cut)
        return 1;
    /* The nodes of this poll are granted only if they fit: a budget of N
     * nodes never runs past N. */
    if (g->nodes && g->spent + nodes > g->nodes)
        return g->cut = 1;
    g->spent += nodes;
    if (g->cpu_end > 0 && --g->clock_in <= 0) {
        g->clock_in = CLOCK_EVERY;
        if (pz_thread_cpu() + g->helpers >= g->cpu_end)
            return g->cut = 1;
    }
    return 0;
}

void pz_set_game_threads(int threads)
{
    game_threads = threads > 1 ? threads : 1;
}

int pz_game_threads(void)
{
    return game_threads;
}

int pz_game_helpers(long long nodes, double cpu_s)
{
    helper_cpu += cpu_s;
    now.helpers += cpu_s;
    return pz_poll(nodes);
}

double pz_helper_cpu(void)
{
    return helper_cpu;
}

void pz_estimate(double done)
{
    if (done > 0 && done <= 1)
        now.done = done;
}

void pz_game_start(const pz_budget *b)
{
    game *g = &now;
    memset(g, 0, sizeof *g);
    if (!b || (!b->nodes && !(b->cpu_s > 0)))
        return;
    g->on = 1;
    g->nodes = b->nodes;
    g->cpu_end = b->cpu_s > 0 ? pz_thread_cpu() + b->cpu_s : 0;
    g->clock_in = 1; /* the first poll reads the clock */
}

int pz_game_cut(pz_game_end *end)
{
    const game *g = &now;
    if (end) {
        end->nodes = g->spent;
        end->done = g->done;
        end->tree = g->cut && g->done > 0 ? (double)g->spent / g->done : NAN;
    }
    return g->cut;
}

/* One term of a budget: "2s", "0.5s", "1e7n", "30000n". */
static int term(const char *s, size_t len, pz_budget *b)
{
    char buf[64], *end;
    if (len < 2 || len >= sizeof buf)
        return -1;
    memcpy(buf, s, len);
    buf[len] = 0;
    char unit = buf[len - 1];
    buf[len - 1] = 0;
    if (buf[0] < '0' || buf[0] > '9') /* no sign, no "inf", no blanks */
        return -1;
    errno = 0;
    double v = strtod(buf, &end);
    if (*end || errno || !(v > 0))
        return -1;
    if (unit == 's' && !(b->cpu_s > 0) && v <= 1e9) {
        b->cpu_s = v;
        return 0;
    }
    if (unit == 'n' && !b->nodes && v >= 1 && v <= 1e18 && v == floor(v)) { /* whole */
        b->nodes = (long long)v;
        return 0;
    }
    return -1;
}

int pz_parse_budget(const char *s, pz_budget *b, pz_error *e)
{
    const char *p = s;
    memset(b, 0, sizeof *b);
    if (!strcmp(s, "none"))
        return 0;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (term(p, len, b))
            return pz_fail(e, NULL,
                           "expected --budget as CPU seconds a game (2s, 0.5s), nodes a game "
                           "(1e7n), both (2s,1e7n), or none, found '%s'",
                           s);
        if (!comma)
            return 0;
        p = comma + 1;
    }
}

void pz_budget_text(const pz_budget *b, char *buf, size_t len)
{
    int n = 0;
    if (!b->nodes && !(b->cpu_s > 0)) {
        snprintf(buf, len, "none");
        return;
    }
    if (b->cpu_s > 0)
        n = snprintf(buf, len, "%.15gs", b->cpu_s); /* read back as given */
    if (b->nodes && (size_t)n < len) {
        char g[32]; /* 200000 as 2e5: what one types */
        long long m = b->nodes;
        int zeros = 0;
        while (m % 10 == 0)
            m /= 10, zeros++;
        if (zeros >= 4)
            snprintf(g, sizeof g, "%llde%d", m, zeros);
        else
            snprintf(g, sizeof g, "%lld", b->nodes);
        snprintf(buf + n, len - (size_t)n, "%s%sn", n ? "," : "", g);
    }
}
