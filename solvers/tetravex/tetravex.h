/* tetravex.h - Gnome Tetravex (ZOJ 1008): can n x n tiles be laid edge to edge?
 *
 * A game has n*n tiles, each with four numbers 0..9 on its top, right,
 * bottom and left; tiles are placed without rotation so that every two
 * adjacent tiles show the same number on their shared edge.  n is 0..12 (the
 * judge's limit is 5; 0 is a valid struct, trivially Possible, but the judge
 * format cannot carry it since a line "0" ends the input).
 *
 * The solvers share the kinds of a game (identical tiles merged, with counts)
 * and the witness builder here; the checker in tetravex.c shares nothing
 * with them.
 */
#ifndef PZ_TETRAVEX_H
#define PZ_TETRAVEX_H

#include <stdint.h>

#include "../solver.h"

enum { TX_MAX = 12, TX_CELLS = TX_MAX * TX_MAX, TX_DIGITS = 10 };
enum { TX_TOP = 0, TX_RIGHT = 1, TX_BOTTOM = 2, TX_LEFT = 3 };

typedef struct tx_game {
    uint8_t n;
    uint8_t tile[TX_CELLS][4]; /* [i][TX_TOP..TX_LEFT], i < n*n */
    /* A piece of a game (pieces.c): tile i, for i < fixed, sits on the i-th
     * cell of the square order (tx__order TX_SQUARE); 0: a whole game. */
    uint8_t fixed;
} tx_game;

typedef struct tx_answer {
    uint8_t possible;
    uint8_t has;          /* at[] is filled (a judge's output carries none) */
    uint8_t at[TX_CELLS]; /* the tile at each cell, row-major */
} tx_answer;

/* Identical tiles merged: kind k has side[k] and count[k] tiles, in the order
 * of their first appearance in the game. */
typedef struct tx_kinds {
    int nk;
    uint8_t side[TX_CELLS][4];
    uint8_t count[TX_CELLS];
} tx_kinds;

void tx__kinds(const tx_game *, tx_kinds *);

/* The kind whose sides are sides (it must be one of ks's). */
int tx__kind_of(const tx_kinds *ks, const uint8_t *sides);

/* How many distinct numbers the tiles show: what the searches choose their
 * inference by (mrv.c) and the portfolio its members. */
int tx__numbers(const tx_game *);

/* The hardness peak of random n x n games (tetravex.c): d*(n), where
 * (n^2)! = d^(2n(n-1)), and the number of digits that digits=peak makes. */
double tx__peak_exact(int n);
int tx__peak(int n);

/* fits() of the solvers that take every game of the puzzle (n <= TX_MAX)
 * but no piece of one (fixed > 0); and of those that take pieces too. */
int tx__fits(const void *inst);
int tx__fits_pieces(const void *inst);

/* Turns a placement of kinds (kind[cell], row-major) into a witness: each
 * cell gets the first tile of its kind not yet used.  Sets possible and has. */
void tx__witness(const tx_game *, const tx_kinds *, const uint8_t *kind, tx_answer *);

/* The solved board tetravex:random lays for game index of a solvable spec
 * before it shuffles the tiles, side[cell] row-major: 1, or 0 for another
 * mode. */
int tx__planted(const pz_params *p, uint64_t index, uint8_t (*side)[4]);

/* The searches poll pz_poll() (puzzlebench.h: the stop flag and the game's
 * budget) every TX_POLL + 1 nodes: a stop ends them as a cut does (-1 from
 * the searches below), and their solvers return PZ_STOPPED, having told
 * pz_estimate() how far they got where they can. */
enum { TX_POLL = 4095 };

/* count's and mrv's node budget in slices of TX_POLL + 1 nodes, so that a
 * node pays what it paid for a plain budget (one decrement and compare):
 * *slice counts down the slice in hand, *rest holds the nodes after it.
 * When a slice is spent, 1 if the search goes on (the next slice in *slice,
 * less the node in hand), 0 if the budget is spent or pz_poll() says stop
 * (*slice stays below 0: a cut).  The slice's nodes are what it polls. */
static inline int tx__slice(long long *slice, long long *rest)
{
    if (*rest <= 0)
        return 0;
    long long take = *rest < TX_POLL + 1 ? *rest : TX_POLL + 1;
    if (pz_poll(take))
        return 0;
    *rest -= take;
    *slice = take - 1;
    return 1;
}

/* The answer for a game whose search found nothing. */
static inline void tx__impossible(tx_answer *a)
{
    a->possible = 0;
    a->has = 0;
}

/* by[s][TX_ANY] (s_masks in txset.h): every kind, for a side with no
 * neighbour placed. */
enum { TX_ANY = TX_DIGITS };

/* The counting test alone: 1 if the game passes it at the root. */
int tx__count_test(const tx_game *);

/* The counting checks at every node of countsearch.c and mrv.c (the counts and
 * s_take in txset.h).  To measure what each check is worth, a build with -DTX_NO_SUPPLY or
 * -DTX_NO_BALANCE leaves it out (results/tetravex.md); normal builds have
 * both. */
#ifdef TX_NO_SUPPLY
#define TX_SUPPLY 0
#else
#define TX_SUPPLY 1
#endif
#ifdef TX_NO_BALANCE
#define TX_BALANCE 0
#else
#define TX_BALANCE 1
#endif

/* The inference beyond the counting checks, each switchable so that what it
 * cuts and costs can be measured (results/tetravex.md, "Inference"):
 *  TX_ARC: arc consistency on the edges between empty cells, at every node
 *          of mrv.c, on games with more than 4 numbers; tx__arc_most, if
 *          0 or more, overrides how large a domain it revises (0: any);
 *  TX_ARC_FEW: TX_ARC on games with 4 numbers or fewer too (it costs more
 *          than it saves there: off by default);
 *  TX_MATCH: all-different over the tiles as a matching, at every node of
 *          mrv.c: the empty cells must be matched to the tiles left, each
 *          cell to a kind of its domain, each kind to at most its count;
 *  TX_HALL: Hall's condition on the border numbers, at every node of mrv.c:
 *          the tiles left force at least bal[d] left (top, ...) sides
 *          showing d onto the empty cells of column 0 (row 0, ...), and
 *          those cells must be able to show them, each one number;
 *  TX_HALL_PRUNE: TX_HALL, and a number in demand that only as many cells
 *          can show as it needs is forced on them (their domains keep only
 *          the kinds showing it);
 *  TX_HALL_FEW: TX_HALL_PRUNE on games with TX_HALL_MOST numbers or
 *          fewer only, where mrv alone gains (it costs more than it saves
 *          above); off by default: the portfolio, which weighs mrv's node
 *          with it, gains nothing (results/tetravex.md, "Inference").
 * tx__infer holds the switches on; the default is what pays.  Only the
 * measuring programs change them, before any search runs. */
enum {
    TX_ARC = 1,
    TX_ARC_FEW = 2,
    TX_MATCH = 4,
    TX_HALL = 8,
    TX_HALL_PRUNE = 16,
    TX_HALL_FEW = 32
};
/* Games with TX_FEW distinct numbers or fewer (tx__numbers): mrv keeps no
 * arc consistency there, and the portfolio races count's rows rather than
 * the square; TX_HALL_FEW's games have TX_HALL_MOST or fewer. */
enum { TX_FEW = 4, TX_HALL_MOST = 3 };
extern unsigned tx__infer;
extern int tx__arc_most;

/* The board turned or mirrored, orientation o from 0 to 7 (bit 0 transposes,
 * bit 1 flips top and bottom, bit 2 left and right): the same answer, another
 * search.  Tile i of the turned game is tile i of g, turned; the cell cell
 * of g is the cell tx__turn_cell() of the turned board.  turns.c and
 * portfolio.c search the eight; a piece (fixed > 0) is not turned. */
void tx__turn(const tx_game *g, int o, tx_game *out);
int tx__turn_cell(int o, int n, int cell);

/* The search of countsearch.c, cut after *budget nodes (left in *budget on the
 * return): 1 with the kinds of ks placed in kind[], 0 if the game has no
 * solution, -1 if cut. */
int tx__count_search(const tx_game *, long long *budget, tx_kinds *ks, uint8_t *kind);

/* The orders count's search (countsearch.c) can fill the cells in (tx__order, kindset.c,
 * which pieces, pairs, naive and gecode use too): row by row (count), or
 * as a square grown from the corner (square.c). */
enum { TX_ROWS, TX_SQUARE };
void tx__order(int n, int order, uint8_t *cell);

/* The same search in either order, resumable: *resume is 0 for a fresh
 * search; after a cut it holds the depth of the path in kind[] (indexed by
 * cell), and a call with the same kind[] and *resume goes on where the cut
 * left it (replaying the path costs a node a cell), so slices of a search
 * add up to the whole search. */
int tx__count_resume(const tx_game *, int order, long long *budget, tx_kinds *ks, uint8_t *kind,
                     int *resume);

/* tx__count_resume that also says, after a cut, how much of the tree is
 * behind it (*done, 0..1: each kind at a node taken as an equal share of
 * it), so that the portfolio can tell which search is nearer its end. */
int tx__count_part(const tx_game *, int order, long long *budget, tx_kinds *ks, uint8_t *kind,
                   int *resume, double *done);

/* count's and square's solve(): the whole search in that order, with no
 * budget of its own (only pz_poll cuts it: PZ_STOPPED, its share done
 * given to pz_estimate); 0 with the answer in a. */
int tx__count_solve(const tx_game *, int order, tx_answer *a);

/* A game's search split (pieces.c): the nodes at step depth of the square
 * order's search (countsearch.c's, below g's own pins if g is a piece), in the
 * order it visits them, each given to emit with the kinds of the cells of
 * the steps before depth (kind[cell]); *top: the nodes above them.  The
 * pieces cover the search's tree, each subtree once: a Possible game has a
 * Possible piece, an Impossible one none, and its search's nodes are *top
 * and those of its pieces' searches.  fixed <= depth <= n*n. */
void tx__count_pieces(const tx_game *g, int depth, long long *top,
                      void (*emit)(void *ctx, const tx_kinds *ks, const uint8_t *kind), void *ctx);

/* The piece of g whose first depth cells of the square order hold the
 * kinds kind[cell] (from tx__count_pieces): g's tiles, those of the pins
 * first (tile i of a kind of kind[cell of step i]), fixed = depth. */
void tx__piece(const tx_game *g, const tx_kinds *ks, const uint8_t *kind, int depth,
               tx_game *piece);

/* A piece's pins as kinds of ks: pin[cell] = the kind, -1 where none. */
void tx__pins(const tx_game *g, const tx_kinds *ks, int *pin);

/* pz_tetravex.pieces (solver.h): the pieces at step depth, emit given each
 * as a game; the nodes above them, or -1 with why if depth does not fit. */
long long tx__pieces(const void *inst, int depth, void (*emit)(void *ctx, const void *piece),
                     void *ctx, char *why, size_t len);

/* The share of the tree behind a cut of tx__count_resume in that order, on
 * its path kind[] with *resume cut (what tx__count_part gives as *done). */
double tx__count_done(const tx_game *, int order, const uint8_t *kind, int cut);

/* pairs.c's search: count's tree (either order), a node made cheap, its
 * whole state in this struct so that a cut goes on where it stopped.
 * tx__pairs_init sets up a search of g in that order (TX_ROWS,
 * TX_SQUARE); tx__pairs_run searches on within *budget nodes (left in
 * *budget, below 0 after a cut): 1 with a placement (tx__pairs_answer
 * turns it into an answer), 0 if there is none, -1 if cut; called again
 * after a cut it goes on, and after an end it says the same again.
 * tx__pairs_done: the share of the tree behind a cut (1 after an end),
 * as tx__count_part's. */
/* The state: a node entered but not yet paid for (the root, or where a
 * cut stopped), under way, ended with a placement, or with none; or
 * stopped on entering a node at step until (tx__pairs_split), not paid
 * for: the next run leaves its subtree out. */
enum { TX_PAIRS_HELD, TX_PAIRS_ON, TX_PAIRS_FOUND, TX_PAIRS_NONE, TX_PAIRS_SPLIT };
/* Sets of kinds as TX_WORDS 64-bit words (144 kinds at most). */
enum { TX_WORDS = (TX_CELLS + 63) / 64 };
typedef struct tx_pairs {
    int n, nn, step, state;
    int base;    /* a piece's pins (g->fixed): its first steps, laid once, never gone back over */
    int until;   /* the step where a run stops for each node (tx__pairs_split), or nn */
    int words;   /* the words a set of this game's kinds needs */
    tx_kinds ks; /* count[] follows the search */
    uint8_t cell[TX_CELLS];                      /* the cell of each step */
    uint8_t right_of[TX_CELLS], below[TX_CELLS]; /* the steps of those neighbours, or TX_CELLS */
    /* Each step's (left, top) pair as an index into by, the sum of its
     * parts: pair[0][s] its left neighbour's right number times TX_ANY + 1,
     * pair[1][s] its top neighbour's bottom number (TX_ANY where none, or
     * not laid) */
    uint8_t pair[2][TX_CELLS + 1];
    /* Step s + 1's pair seen from step s laying kind k: its part not laid
     * at s, (&pair[0][0])[next_at[s]], plus (&ops[0][0])[next_op[s] + k] */
    uint16_t next_at[TX_CELLS], next_op[TX_CELLS];
    uint8_t ops[12][TX_CELLS]; /* by kind, a row a use (pairs.c): counts to take, pairs to lay */
    uint8_t edge[TX_CELLS];    /* bit s: the board's edge on side s */
    uint8_t kind[TX_CELLS];    /* the kind placed at each step */
    uint64_t avail[TX_WORDS];  /* the kinds with a tile left */
    uint64_t by[TX_WORDS][(TX_ANY + 1) * (TX_ANY + 1)]; /* the kinds of (left, top), by word */
    uint64_t rem[TX_WORDS][TX_CELLS];                   /* each step's candidates not yet tried */
    int16_t cnt[6][TX_DIGITS]; /* txset.h's counts: supplies by side, balances across, down */
    int slack[2];              /* free - pos of txset.h's counts, across and down */
} tx_pairs;
void tx__pairs_init(tx_pairs *, const tx_game *g, int order);
int tx__pairs_run(tx_pairs *, long long *budget);
void tx__pairs_answer(const tx_game *g, const tx_pairs *, tx_answer *a);
double tx__pairs_done(const tx_pairs *);

/* The search cut into subtrees (split.c): after tx__pairs_split(p, depth)
 * (the step of p's node < depth < nn), tx__pairs_run returns 2 on each node
 * at step depth, in the order the search meets them, before paying for it;
 * the next call goes on past its subtree.  A copy of p made then, given to
 * tx__pairs_below, is the search of that subtree alone: the nodes of the
 * run above depth and of every subtree's are the whole search's. */
void tx__pairs_split(tx_pairs *, int depth);
void tx__pairs_below(tx_pairs *);
/* The share of the tree, by tx__pairs_done's estimate, of the subtree at
 * the node p stopped on (a split's node: the share its subtree stands for). */
double tx__pairs_share(const tx_pairs *);

/* Knuth's estimate of the tree below p's node (held, not yet run): probes
 * random paths down in work (a tx_pairs of the caller's), each step a
 * candidate that passes the checks drawn by seed and probe, and width[s]
 * for s from 0 to nn, the mean over them of the product of the candidates
 * met above step s: the nodes at step s, estimated (0 above p's step).
 * The sum is the size of the tree, estimated. */
void tx__pairs_widths(const tx_pairs *p, tx_pairs *work, int probes, uint64_t seed, double *width);

/* split.c's search: square's (pairs.c) from the corner the estimate picks,
 * or with all from the four corners at once (each thread to the one with
 * the fewest nodes left by its estimate), cut into subtrees that threads
 * threads search; 0 with the answer in a, or PZ_STOPPED; *nodes: the nodes
 * of every thread (from one corner, the one-thread search's if the game is
 * Impossible); scratch of the solver's size.  With log not NULL, what it
 * did: the corners searched, the cut, orientation and estimated tree of
 * the one that answered (else the picked one), the walks above the cuts,
 * and each subtree's CPU time and nodes by index (the order the threads
 * took them: one corner's, the order the one-thread search meets them),
 * the first cap of them; and the CPU of its busiest thread. */
typedef struct tx_split_task {
    double cpu;
    long long nodes;
} tx_split_task;
typedef struct tx_split_log {
    tx_split_task *task; /* cap of them, the caller's */
    long long cap, count;
    int corners;     /* searched at once: 1 or 4 */
    int depth, turn; /* the cut (0: none), the orientation */
    double tree;     /* its tree by the estimate */
    double top_cpu;  /* the walks above the cuts */
    long long top_nodes;
    long long turn_nodes;      /* that corner's */
    long long corner_nodes[4]; /* each corner's (0, 2, 4, 6), if searched */
    double busiest;            /* the CPU of the thread that worked longest */
} tx_split_log;
int tx__split(const tx_game *g, int threads, int all, tx_answer *a, void *scratch, long long *nodes,
              tx_split_log *log);
/* The orientation split.c searches g from (0, 2, 4, 6: the corner whose
 * tree looks smallest by Knuth's probes); with trees not NULL, each
 * corner's estimated tree (a piece: its own, trees[0] alone). */
int tx__split_estimate(const tx_game *g, void *scratch, double *trees);
/* Its scratch (five searches' states, four games and the threads'
 * bookkeeping): the portfolio's holds it too, and hands a game to it given
 * several threads. */
#define TX_SPLIT_SCRATCH (5 * sizeof(tx_pairs) + 4 * sizeof(tx_game) + 1024)

/* One run of mrv.c's search (run 0, 1, ...: the budget, TX_MRV_FIRST nodes
 * at first, doubles, the ties are broken anew): 1 with a in the answer, 0 if
 * the whole tree was searched without a solution, -1 if cut; *nodes: the
 * nodes it visited; after a cut, *done (unless done is NULL) as
 * tx__mrv_try's. */
enum { TX_MRV_FIRST = 10000 };
int tx__mrv_run(const tx_game *, int run, long long *nodes, double *done, tx_answer *a);

/* Run run's order (its ties and kinds) with a budget of the caller's (the
 * portfolio schedules mrv's restarts itself); after a cut, *done is the
 * share of this run's tree behind it, as tx__count_part's. */
int tx__mrv_try(const tx_game *, int run, long long budget, long long *nodes, double *done,
                tx_answer *a);

/* A run of mrv's search that goes on after a cut: run is its order (as
 * tx__mrv_try's), depth 0 a fresh start; after a cut, the path to it (the
 * cell and kind at each depth below depth).  tx__mrv_go searches on within
 * budget nodes, replaying the path (a node a cell), with tx__mrv_try's
 * results; *done is the share of the whole run's tree behind the cut. */
typedef struct tx_mrv {
    int run, depth;
    uint8_t cell[TX_CELLS], kind[TX_CELLS];
} tx_mrv;
int tx__mrv_go(const tx_game *, tx_mrv *, long long budget, long long *nodes, double *done,
               tx_answer *a);

/* The portfolio (portfolio.c) on g, with scratch of its registered size;
 * *work: what it spent, in count's nodes (an mrv node weighted as there), so
 * that tests can hold it to its members without a clock. */
int tx__portfolio(const tx_game *g, tx_answer *a, void *scratch, long long *work);

/* What the portfolio counts an mrv node as, in count's nodes (portfolio.c). */
double tx__mrv_weight(const tx_game *g);

/* turns.c's schedule (count's search on the eight orientations in turn, the
 * budget doubling each round) within *budget nodes in all, what is left in
 * *budget: 1 with a placement in a, 0 if there is none, -1 if cut. */
int tx__turns(const tx_game *g, long long *budget, tx_answer *a);

/* sat.c's solver (0, or PZ_STOPPED: CaDiCaL's terminate hook polls
 * pz_stopped()), and if learned is not NULL the clauses CaDiCaL learned
 * on the way added to *learned: the size of its search, which
 * test_anchors pins (scratch: the solver's scratch_size bytes). */
int tx__sat(const tx_game *, tx_answer *, void *scratch, long long *learned);

/* gecode.c's solver (0, -1 if Gecode failed, or PZ_STOPPED: its search's
 * Stop polls pz_stopped()), and if nodes is not NULL
 * the nodes of the model's search: its size, which test_anchors pins. */
int tx__gecode(const tx_game *, tx_answer *, long long *nodes);

/* Registers the algorithm NAME as a Tetravex solver, with the arguments of
 * PZ_SOLVER (solver.h) in its order: FITS(game) says which games it takes,
 * and NAME(game, answer, scratch) solves. */
#define TX_SOLVER(NAME, SUMMARY, LIMITS, FITS, SCRATCH, PREPARE)                                   \
    PZ_SOLVER(tetravex, NAME, SUMMARY, LIMITS, FITS, SCRATCH, PREPARE, NAME)

extern const pz_puzzle pz_tetravex;

#endif
