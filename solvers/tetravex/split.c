/* split - square's search (pairs.c) of one game on every thread it is given.
 *
 * Idea: the corner to start from is the one whose tree looks smallest by
 * Knuth's estimate (PROBES random paths down each of the four corners'
 * trees, pairs.c's tx__pairs_widths); the same probes estimate how many
 * nodes the tree has at each step, and the search is cut at the first step
 * with WIDE subtrees a thread.  The walk above that step is shared: a
 * thread that wants work takes its lock, walks on to the next node there
 * and copies the search's state (tx__pairs_split), and searches that
 * subtree alone (tx__pairs_below), in slices of SLICE nodes (about a
 * millisecond) between which it looks whether another thread found a
 * placement or the game must stop.  Every node of the one-thread search is
 * searched once, above the cut or in one subtree: on an Impossible game the
 * nodes are the one-thread search's, whatever the threads; a Possible game
 * ends with the first placement found.  The game's own thread hands the
 * helpers' nodes and CPU to its budget (pz_game_helpers) after each of its
 * slices, and polls while the last subtrees end.
 * The four corners at once (corners.c): each corner's walk is cut and
 * shared the same way, and a thread that wants work takes the next subtree
 * of the corner with the fewest nodes left by the estimate on its paths
 * (its nodes so far over the share of its tree searched, each subtree's
 * share by the estimate on its thread's path; a corner not yet begun
 * first); the game ends when one corner's subtrees have all ended, or one
 * finds a placement.  The probes misrank corners several times apart on
 * some games (results/tetravex.md); the path's estimate sharpens as the
 * search goes, and the work a corner got is never lost.  Its nodes depend on the threads' timing.
 * Cost: the probes (PROBES paths in each of four trees), a copy of the
 * search's state a subtree, a lock a subtree; a game whose tree looks
 * smaller than SMALL nodes is searched on its thread alone, and one below
 * SPLIT_N x SPLIT_N from its own corner, with no probes.  The threads
 * come from pz_game_threads(): 1 unless the harness says more.
 * Limits: n <= 12; a piece (pins) is searched from its own corner only.  A
 * tree whose cost lies in a few subtrees keeps one thread busy after the
 * others end: tx__split's log records each subtree's time, from which
 * results/tetravex.md works out the wall time on more cores.
 */
#include <math.h>
#include <omp.h>
#include <string.h>
#include <time.h>

#include "tetravex.h"

enum {
    PROBES = 256,    /* Knuth's probes a corner */
    WIDE = 64,       /* subtrees a thread, by the estimate */
    SLICE = 1 << 15, /* nodes between two looks at the others */
    SMALL = 200000,  /* nodes: below this, no split */
    SEED = 0x5eed,
    SPLIT_N = 6, /* smaller games: no estimate, no cut */
    CORNERS = 4,
};
#define ONE 0x1p60 /* a corner's whole tree, in corner.behind's units */

/* A corner's search: its walk above the cut, and how far it got. */
typedef struct corner {
    tx_pairs top; /* the walk above the cut, under the lock */
    tx_game turned;
    int turn, depth; /* the orientation; the cut (0: none) */
    double tree;     /* by the probes */
    /* Under the lock: */
    int topped;       /* the walk ended */
    int open;         /* subtrees under way */
    int cut;          /* a subtree of it ended cut (a stop): never searched whole */
    long long next;   /* the next subtree's index */
    long long nodes;  /* atomic: its walk's and its subtrees', ended or under way */
    long long behind; /* atomic: the share of its tree searched, in ONEths */
} corner;

/* What the threads share: the corners searched, and how the game stands. */
typedef struct shared {
    corner c[CORNERS];
    tx_pairs work;     /* the probes' */
    omp_lock_t lock;   /* the corners' walks and counts, next, busiest */
    int first, ins;    /* the corners searched: ins of them from c[first] */
    long long next;    /* the next subtree's index, over every corner */
    int found, halt;   /* atomics: a placement found; stop (budget, signal) */
    int whole;         /* atomic: a corner searched to its end: Impossible */
    int answered;      /* the corner that found a placement or ended */
    int busy;          /* atomic: threads still at work */
    long long nodes;   /* atomic: every thread's */
    long long pending; /* atomic: helpers' nodes not yet handed to the budget */
    long long ns;      /* atomic: helpers' CPU, ns, not yet handed */
    tx_split_log *log;
    const tx_game *g;
    tx_answer *a;
} shared;

_Static_assert(sizeof(shared) <= TX_SPLIT_SCRATCH, "split.c's scratch");

static int halted(shared *sh)
{
    return __atomic_load_n(&sh->halt, __ATOMIC_RELAXED) ||
           __atomic_load_n(&sh->found, __ATOMIC_RELAXED) ||
           __atomic_load_n(&sh->whole, __ATOMIC_RELAXED);
}

/* After a slice of nodes of corner c on thread me (cpu0: its CPU clock at
 * the slice's start): the helpers' work goes to the pool, and the game's
 * own thread hands the pool to the game's budget; a stop halts every
 * thread. */
static void account(shared *sh, corner *c, int me, long long nodes, double *cpu0)
{
    __atomic_add_fetch(&sh->nodes, nodes, __ATOMIC_RELAXED);
    __atomic_add_fetch(&c->nodes, nodes, __ATOMIC_RELAXED);
    if (me) {
        double t = pz_thread_cpu();
        __atomic_add_fetch(&sh->pending, nodes, __ATOMIC_RELAXED);
        __atomic_add_fetch(&sh->ns, (long long)((t - *cpu0) * 1e9), __ATOMIC_RELAXED);
        *cpu0 = t;
        if (pz_stopped())
            __atomic_store_n(&sh->halt, 1, __ATOMIC_RELAXED);
        return;
    }
    long long n = __atomic_exchange_n(&sh->pending, 0, __ATOMIC_RELAXED);
    long long ns = __atomic_exchange_n(&sh->ns, 0, __ATOMIC_RELAXED);
    if (pz_game_helpers(n, (double)ns * 1e-9))
        __atomic_store_n(&sh->halt, 1, __ATOMIC_RELAXED);
}

/* A placement in p, from corner c: the first one found is the answer. */
static void found(shared *sh, corner *c, const tx_pairs *p)
{
    int no = 0;
    if (!__atomic_compare_exchange_n(&sh->found, &no, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
        return;
    tx_answer t;
    int n = sh->g->n;
    tx__pairs_answer(&c->turned, p, &t);
    for (int i = 0; i < n * n; i++) /* tile i of the turned game is tile i of the game */
        sh->a->at[i] = t.at[tx__turn_cell(c->turn, n, i)];
    sh->a->possible = sh->a->has = 1;
    sh->answered = (int)(c - sh->c);
}

/* Under the lock: if corner c's walk and subtrees have all ended with no
 * placement, none cut, the game has none. */
static void ended(shared *sh, corner *c)
{
    if (c->topped && !c->open && !c->cut && !__atomic_load_n(&sh->found, __ATOMIC_RELAXED) &&
        !__atomic_exchange_n(&sh->whole, 1, __ATOMIC_ACQ_REL))
        sh->answered = (int)(c - sh->c);
}

/* Corner c's nodes left by the estimate on its paths: its nodes so far
 * over the share of its tree searched; none yet, infinite. */
static double left(const corner *c)
{
    double nodes = (double)__atomic_load_n(&c->nodes, __ATOMIC_RELAXED);
    double behind = (double)__atomic_load_n(&c->behind, __ATOMIC_RELAXED) / ONE;
    return behind > 0 ? nodes * (1 - behind) / behind : INFINITY;
}

/* The share of corner c's tree searched in subtree mine (share: the share
 * of c's tree it stands for; *credited: what c got for it so far), by the
 * estimate on its path, given to c. */
static void credit(corner *c, const tx_pairs *mine, double share, double *credited)
{
    double now = share * tx__pairs_done(mine);
    __atomic_add_fetch(&c->behind, (long long)(now * ONE) - (long long)(*credited * ONE),
                       __ATOMIC_RELAXED);
    *credited = now;
}

/* Under the lock: the corner to take a subtree from, or NULL (all topped):
 * one not yet begun, else the fewest nodes left, the fewest taken on a tie. */
static corner *pick(shared *sh)
{
    corner *best = NULL;
    double least = 0;
    for (corner *c = sh->c + sh->first; c < sh->c + sh->first + sh->ins; c++) {
        double l = c->next ? left(c) : -1;
        if (!c->topped && (!best || l < least || (l == least && c->next < best->next)))
            best = c, least = l;
    }
    return best;
}

/* The next subtree into mine (its corner, else NULL: none left), its index
 * and share of its corner's tree: a corner's walk goes on to its next node
 * at the cut, under the lock.  The subtree before it (of corner *was, share
 * *share, searched whole if whole) ends first. */
static corner *take_next(shared *sh, int me, corner *was, int whole, tx_pairs *mine,
                         long long *index, double *share, double *cpu0)
{
    corner *c, *got = NULL;
    omp_set_lock(&sh->lock);
    if (was) {
        was->open--;
        was->cut |= !whole;
        ended(sh, was);
    }
    while (!got && !halted(sh) && (c = pick(sh))) {
        long long budget = SLICE;
        double t0 = pz_thread_cpu();
        int rc = tx__pairs_run(&c->top, &budget);
        long long used = SLICE - (budget > 0 ? budget : 0);
        if (sh->log)
            sh->log->top_cpu += pz_thread_cpu() - t0, sh->log->top_nodes += used;
        account(sh, c, me, used, cpu0);
        if (rc == 2) {
            memcpy(mine, &c->top, sizeof *mine);
            *share = tx__pairs_share(mine);
            *index = sh->next++;
            c->next++;
            c->open++;
            got = c;
        } else if (rc == 1) {
            found(sh, c, &c->top);
        } else if (rc == 0) {
            c->topped = 1;
            ended(sh, c);
        } else if (pz_poll(0)) { /* cut by a stop, not by the slice */
            __atomic_store_n(&sh->halt, 1, __ATOMIC_RELAXED);
        }
    }
    omp_unset_lock(&sh->lock);
    return got; /* taken as the game halts, it is searched no further, and logged */
}

/* Thread me's part: subtrees until none is left or the game ends. */
static void work(shared *sh, int me)
{
    tx_pairs copy, *mine = &copy; /* about 10 kB, on the thread's stack */
    long long index = 0;
    double cpu0 = pz_thread_cpu(), start = cpu0, share = 0, credited;
    corner *c = NULL;
    int rc = -1;
    while ((c = take_next(sh, me, c, rc == 0, mine, &index, &share, &cpu0))) {
        double t0 = pz_thread_cpu();
        long long nodes = 0;
        rc = -1;
        credited = 0;
        tx__pairs_below(mine);
        while (rc < 0 && !halted(sh)) {
            long long budget = SLICE;
            rc = tx__pairs_run(mine, &budget);
            nodes += SLICE - (budget > 0 ? budget : 0);
            account(sh, c, me, SLICE - (budget > 0 ? budget : 0), &cpu0);
            credit(c, mine, share, &credited);
            if (rc < 0 && pz_poll(0))
                __atomic_store_n(&sh->halt, 1, __ATOMIC_RELAXED);
        }
        if (rc == 1)
            found(sh, c, mine);
        if (sh->log && index < sh->log->cap) {
            sh->log->task[index].cpu = pz_thread_cpu() - t0;
            sh->log->task[index].nodes = nodes;
        }
    }
    if (sh->log) {
        double mine_cpu = pz_thread_cpu() - start;
        omp_set_lock(&sh->lock);
        if (mine_cpu > sh->log->busiest)
            sh->log->busiest = mine_cpu;
        omp_unset_lock(&sh->lock);
    }
    __atomic_sub_fetch(&sh->busy, 1, __ATOMIC_ACQ_REL);
    /* The game's thread keeps handing the helpers' work to the budget
     * until the last of them ends. */
    while (!me && __atomic_load_n(&sh->busy, __ATOMIC_ACQUIRE)) {
        struct timespec ms = {0, 1000000};
        account(sh, &sh->c[0], 0, 0, &cpu0);
        nanosleep(&ms, NULL);
    }
    if (!me)
        account(sh, &sh->c[0], 0, 0, &cpu0);
}

/* Corner c set up as orientation o of the game (0, 2, 4, 6: the four
 * corners), its walk held at the root; with probes, its tree by the
 * estimate, and if cut (several threads, or all corners), the first step
 * with WIDE subtrees a thread, a corner (0: none). */
static void setup(shared *sh, corner *c, int o, int threads, int all, int probes)
{
    double width[TX_CELLS + 1];
    memset(c, 0, sizeof *c);
    c->turn = o;
    if (sh->g->fixed || !o)
        c->turned = *sh->g;
    else
        tx__turn(sh->g, o, &c->turned);
    tx__pairs_init(&c->top, &c->turned, TX_SQUARE);
    if (!probes)
        return;
    tx__pairs_widths(&c->top, &sh->work, PROBES, SEED, width);
    for (int s = 0; s <= c->top.nn; s++)
        c->tree += width[s];
    double wide = (double)WIDE * threads * (all ? CORNERS : 1);
    if ((threads > 1 || all) && c->tree >= SMALL)
        for (int s = c->top.step + 1; s < c->top.nn && !c->depth; s++)
            if (width[s] >= wide)
                c->depth = s;
}

/* Every corner set up (a piece: its own alone, in c[0]); the index of the
 * one whose tree looks smallest. */
static int set_corners(shared *sh, int threads, int all)
{
    int best = 0, count = sh->g->fixed ? 1 : CORNERS;
    for (int i = 0; i < count; i++) {
        setup(sh, &sh->c[i], 2 * i, threads, all, 1);
        if (sh->c[i].tree < sh->c[best].tree)
            best = i;
    }
    return best;
}

int tx__split_estimate(const tx_game *g, void *scratch, double *trees)
{
    shared *sh = scratch;
    sh->g = g;
    int best = set_corners(sh, 1, 0);
    for (int i = 0; trees && i < (g->fixed ? 1 : CORNERS); i++)
        trees[i] = sh->c[i].tree;
    return sh->c[best].turn;
}

int tx__split(const tx_game *g, int threads, int all, tx_answer *a, void *scratch, long long *nodes,
              tx_split_log *log)
{
    shared *sh = scratch;
    tx__impossible(a);
    sh->g = g;
    sh->a = a;
    sh->log = log;
    sh->found = sh->halt = sh->whole = 0;
    sh->nodes = sh->pending = sh->ns = sh->next = 0;
    if (log)
        log->count = log->top_nodes = 0, log->top_cpu = log->busiest = 0;
    /* Below 6x6 a game is its corner's alone: the probes would cost more. */
    int best = 0;
    if (g->n < SPLIT_N)
        setup(sh, &sh->c[0], 0, threads, 0, 0);
    else
        best = set_corners(sh, threads, all);
    /* The corners searched: all four, if every one is cut; else the
     * smallest, on one thread if it is not cut. */
    int cut = all && !g->fixed && g->n >= SPLIT_N;
    for (int i = 0; cut && i < CORNERS; i++)
        cut = sh->c[i].depth > 0;
    sh->first = cut ? 0 : best;
    sh->ins = cut ? CORNERS : 1;
    sh->answered = best;
    for (int i = sh->first; i < sh->first + sh->ins; i++)
        if (sh->c[i].depth)
            tx__pairs_split(&sh->c[i].top, sh->c[i].depth);
    if (!sh->c[best].depth)
        threads = 1;
    sh->busy = threads;
    omp_init_lock(&sh->lock);
#pragma omp parallel num_threads(threads)
    {
        int me = omp_get_thread_num();
        if (me)
            pz_game_start(NULL); /* a helper polls the stop flag alone */
        else
            sh->busy -= threads - omp_get_num_threads(); /* fewer threads than asked */
#pragma omp barrier
        work(sh, me);
    }
    omp_destroy_lock(&sh->lock);
    corner *c = &sh->c[sh->answered];
    if (log) {
        log->count = sh->next;
        log->depth = c->depth, log->turn = c->turn, log->tree = c->tree;
        log->turn_nodes = c->nodes;
        for (int i = 0; i < CORNERS; i++)
            log->corner_nodes[i] = i >= sh->first && i < sh->first + sh->ins ? sh->c[i].nodes : 0;
        log->corners = sh->ins;
    }
    *nodes = sh->nodes;
    if (sh->found || sh->whole)
        return 0;
    /* Cut: uncut, the walk's own path says how far it got; cut, the
     * estimate's tree, or with several corners the nodes left by the one
     * nearest its end. */
    double rest = INFINITY, done = (double)*nodes;
    for (int i = 0; sh->ins > 1 && i < CORNERS; i++)
        rest = fmin(rest, left(&sh->c[i]));
    pz_estimate(isfinite(rest)   ? done / (done + rest)
                : !c->depth      ? tx__pairs_done(&c->top)
                : c->tree > done ? done / c->tree
                                 : 1);
    return PZ_STOPPED;
}

static int split(const void *inst, void *ans, void *scratch)
{
    long long nodes;
    return tx__split(inst, pz_game_threads(), 0, ans, scratch, &nodes, NULL);
}

TX_SOLVER(split, "square's search from the corner with the smallest estimate, on T threads",
          "n <= 12", tx__fits_pieces, TX_SPLIT_SCRATCH, NULL);
