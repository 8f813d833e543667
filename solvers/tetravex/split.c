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
};

/* What the threads share: the walk above the cut and how the game stands. */
typedef struct shared {
    tx_pairs top;      /* the walk above the cut, under lock */
    tx_pairs work;     /* the probes' */
    omp_lock_t lock;   /* top, topped, next */
    int topped;        /* the walk ended */
    long long next;    /* the next subtree's index */
    int found, halt;   /* atomics: a placement found; stop (budget, signal) */
    int busy;          /* atomic: threads still at work */
    long long nodes;   /* atomic: every thread's */
    long long pending; /* atomic: helpers' nodes not yet handed to the budget */
    long long ns;      /* atomic: helpers' CPU, ns, not yet handed */
    tx_split_log *log;
    const tx_game *g;
    tx_answer *a;
    int turn; /* the orientation searched */
    tx_game turned;
} shared;

_Static_assert(sizeof(shared) <= TX_SPLIT_SCRATCH, "split.c's scratch");

static int halted(shared *sh)
{
    return __atomic_load_n(&sh->halt, __ATOMIC_RELAXED) ||
           __atomic_load_n(&sh->found, __ATOMIC_RELAXED);
}

/* After a slice of nodes on thread me (cpu0: its CPU clock at the slice's
 * start): the helpers' work goes to the pool, and the game's own thread
 * hands the pool to the game's budget; a stop halts every thread. */
static void account(shared *sh, int me, long long nodes, double *cpu0)
{
    __atomic_add_fetch(&sh->nodes, nodes, __ATOMIC_RELAXED);
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

/* A placement in p: the first one found is the answer. */
static void found(shared *sh, const tx_pairs *p)
{
    int no = 0;
    if (!__atomic_compare_exchange_n(&sh->found, &no, 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
        return;
    tx_answer t;
    int n = sh->g->n;
    tx__pairs_answer(&sh->turned, p, &t);
    for (int c = 0; c < n * n; c++) /* tile i of the turned game is tile i of the game */
        sh->a->at[c] = t.at[tx__turn_cell(sh->turn, n, c)];
    sh->a->possible = sh->a->has = 1;
}

/* The next subtree into mine (1), or none left (0): the shared walk goes on
 * to its next node at the cut, under the lock. */
static int take_next(shared *sh, int me, tx_pairs *mine, long long *index, double *cpu0)
{
    int got = 0;
    omp_set_lock(&sh->lock);
    while (!got && !sh->topped && !halted(sh)) {
        long long budget = SLICE;
        double t0 = pz_thread_cpu();
        int rc = tx__pairs_run(&sh->top, &budget);
        long long used = SLICE - (budget > 0 ? budget : 0);
        if (sh->log)
            sh->log->top_cpu += pz_thread_cpu() - t0, sh->log->top_nodes += used;
        account(sh, me, used, cpu0);
        if (rc == 2) {
            memcpy(mine, &sh->top, sizeof *mine);
            *index = sh->next++;
            got = 1;
        } else if (rc == 1) {
            found(sh, &sh->top);
        } else if (rc == 0) {
            sh->topped = 1;
        } else if (pz_poll(0)) { /* cut by a stop, not by the slice */
            __atomic_store_n(&sh->halt, 1, __ATOMIC_RELAXED);
        }
    }
    omp_unset_lock(&sh->lock);
    return got;
}

/* Thread me's part: subtrees until none is left or the game ends. */
static void work(shared *sh, int me)
{
    tx_pairs copy, *mine = &copy; /* about 10 kB, on the thread's stack */
    long long index;
    double cpu0 = pz_thread_cpu();
    while (take_next(sh, me, mine, &index, &cpu0)) {
        double t0 = pz_thread_cpu();
        long long nodes = 0;
        int rc = -1;
        tx__pairs_below(mine);
        while (rc < 0 && !halted(sh)) {
            long long budget = SLICE;
            rc = tx__pairs_run(mine, &budget);
            nodes += SLICE - (budget > 0 ? budget : 0);
            account(sh, me, SLICE - (budget > 0 ? budget : 0), &cpu0);
            if (rc < 0 && pz_poll(0))
                __atomic_store_n(&sh->halt, 1, __ATOMIC_RELAXED);
        }
        if (rc == 1)
            found(sh, mine);
        if (sh->log && index < sh->log->cap) {
            sh->log->task[index].cpu = pz_thread_cpu() - t0;
            sh->log->task[index].nodes = nodes;
        }
    }
    __atomic_sub_fetch(&sh->busy, 1, __ATOMIC_ACQ_REL);
    /* The game's thread keeps handing the helpers' work to the budget
     * until the last of them ends. */
    while (!me && __atomic_load_n(&sh->busy, __ATOMIC_ACQUIRE)) {
        struct timespec ms = {0, 1000000};
        account(sh, 0, 0, &cpu0);
        nanosleep(&ms, NULL);
    }
    if (!me)
        account(sh, 0, 0, &cpu0);
}

/* The estimated tree of orientation o (0, 2, 4, 6: the four corners) in
 * sh->top, with its widths. */
static double estimate(shared *sh, int o, double *width)
{
    double tree = 0;
    if (sh->g->fixed)
        sh->turned = *sh->g;
    else
        tx__turn(sh->g, o, &sh->turned);
    tx__pairs_init(&sh->top, &sh->turned, TX_SQUARE);
    tx__pairs_widths(&sh->top, &sh->work, PROBES, SEED, width);
    for (int s = 0; s <= sh->top.nn; s++)
        tree += width[s];
    return tree;
}

int tx__split_estimate(const tx_game *g, void *scratch, double *trees)
{
    shared *sh = scratch;
    double width[TX_CELLS + 1], tree = -1;
    int best = 0;
    sh->g = g;
    /* The corner whose tree looks smallest; a piece keeps its own. */
    for (int o = 0; o < (g->fixed ? 1 : 8); o += 2) {
        double t = estimate(sh, o, width);
        if (trees)
            trees[o / 2] = t;
        if (tree < 0 || t < tree)
            tree = t, best = o;
    }
    return best;
}

int tx__split(const tx_game *g, int threads, tx_answer *a, void *scratch, long long *nodes,
              tx_split_log *log)
{
    shared *sh = scratch;
    double width[TX_CELLS + 1], tree;
    int best = 0, depth = 0;
    tx__impossible(a);
    sh->g = g;
    sh->a = a;
    sh->log = log;
    sh->found = sh->halt = sh->topped = 0;
    sh->nodes = sh->pending = sh->ns = sh->next = 0;
    if (log)
        log->count = log->top_nodes = 0, log->top_cpu = 0;
    /* Below 6x6 a game is its corner's alone: the probes would cost more. */
    best = g->n < SPLIT_N ? 0 : tx__split_estimate(g, scratch, NULL);
    sh->turn = best;
    tree = g->n < SPLIT_N ? 0 : estimate(sh, best, width);
    if (g->n < SPLIT_N) {
        sh->turned = *g;
        tx__pairs_init(&sh->top, g, TX_SQUARE);
    }
    /* The cut: the first step with WIDE subtrees a thread. */
    if (threads > 1 && tree >= SMALL)
        for (int s = sh->top.step + 1; s < sh->top.nn && !depth; s++)
            if (width[s] >= (double)WIDE * threads)
                depth = s;
    if (depth)
        tx__pairs_split(&sh->top, depth);
    else
        threads = 1;
    if (log)
        log->depth = depth, log->turn = best, log->tree = tree;
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
    if (log)
        log->count = sh->next;
    *nodes = sh->nodes;
    if (sh->found)
        return 0;
    /* Every subtree searched to its end, or some cut. */
    if (sh->halt || !sh->topped) {
        /* Uncut, the walk's own path says it; cut, the estimate's tree. */
        pz_estimate(!depth ? tx__pairs_done(&sh->top) : tree > *nodes ? (double)*nodes / tree : 1);
        return PZ_STOPPED;
    }
    return 0;
}

static int split(const void *inst, void *ans, void *scratch)
{
    long long nodes;
    return tx__split(inst, pz_game_threads(), ans, scratch, &nodes, NULL);
}

TX_SOLVER(split, "square's search from the corner with the smallest estimate, on T threads",
          "n <= 12", tx__fits_pieces, TX_SPLIT_SCRATCH, NULL);
