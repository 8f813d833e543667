/* judge.h - judging a program's output, shared by `check` and `stress`.
 *
 * One function judges the text a program printed for a run of instances
 * against the expected answers, answer by answer:
 *
 *     long long n = pz_judge_output(p, insts, expected, count, out, len, v, note, ctx);
 *     // v[0..n) hold PZ_AC, PZ_WA or PZ_PE; note() heard why for each failure;
 *     // n < count: answer n-1 could not be read, what follows it is unknown.
 *
 * The rules (also in `puzzlebench stress --help`): answers are read in the
 * judge's strict format, where a missing final newline, CRLF line ends and
 * blank lines at the very end are accepted.  An answer that reads is WA when
 * the checker rejects it or it differs from the expected one (an expected
 * answer "unknown", of a budgeted solve, is not compared).  An answer that
 * does not read is PE when the output from it to the end, split at
 * whitespace, equals the expected output's words from it to the end (right
 * content, wrong layout: the judges' Presentation Error), and WA otherwise.
 * Output after the last answer makes the last answer WA.
 */
#ifndef PZ_JUDGE_H
#define PZ_JUDGE_H

#include "../solvers/solver.h"

/* The verdicts of stress; check uses the first three. */
typedef enum pz_outcome {
    PZ_AC,
    PZ_WA,
    PZ_PE,
    PZ_TLE,
    PZ_MLE,
    PZ_RE,
    PZ_OLE,
    PZ_OUTCOMES
} pz_outcome;
extern const char *const pz_outcome_names[PZ_OUTCOMES];

/* Hears about each failing instance i (from 0) of a judged text. */
typedef void pz_note_fn(void *ctx, long long i, pz_outcome, const char *why);

long long pz_judge_output(const pz_puzzle *, const void *insts, const void *expected,
                          long long count, const char *out, size_t len, unsigned char *v,
                          pz_note_fn *note, void *ctx);

/* The same over a stream, which is never held whole (check's OUTPUT may be
 * larger than memory): it must be seekable for PE to be told from WA (a
 * stream that is not is judged WA there).  note also hears the answer as
 * read, or NULL where none was. */
typedef void pz_answer_note_fn(void *ctx, long long i, pz_outcome, const char *why,
                               const void *ans);
long long pz_judge_stream(const pz_puzzle *, const void *insts, const void *expected,
                          long long count, FILE *out, unsigned char *v, pz_answer_note_fn *note,
                          void *ctx);

/* The same, the instances and expected answers given by src in order: i
 * from 0 up, each asked for once, or again at once (its pointers stay good
 * until the next i).  v may be NULL. */
typedef void pz_judge_source_fn(void *ctx, long long i, const void **inst, const void **exp);
long long pz_judge_source(const pz_puzzle *, pz_judge_source_fn *src, void *sctx, long long count,
                          FILE *out, unsigned char *v, pz_answer_note_fn *note, void *ctx);

/* How answers are judged where the rules above are not all (stress
 * --against, where a second program's answers are the reference):
 *
 *     pz_judging how = {.by_class = 1, .known = known, .answers = got};
 *     n = pz_judge_text(p, insts, expected, count, out, len, &how, v, note, ctx);
 *
 * by_class: an answer that checks is right when its class (classify: the
 * move count, Impossible, Possible) is the expected one's, so two programs
 * that each print a valid answer of as many presses both pass.  known:
 * where known[i] is 0, instance i has no expected answer and the checker
 * alone judges it (and a layout is never PE there).  answers: each answer
 * as read goes to answers + i * ans_size (zeroed where none read); not for
 * a wide puzzle, whose answers' rows live in the judge's arena. */
typedef struct pz_judging {
    int by_class;
    const unsigned char *known; /* NULL: every instance has its expected answer */
    void *answers;              /* NULL: not kept */
} pz_judging;
long long pz_judge_text(const pz_puzzle *, const void *insts, const void *expected, long long count,
                        const char *out, size_t len, const pz_judging *, unsigned char *v,
                        pz_note_fn *note, void *ctx);
/* pz_judge_source's, with how (NULL: the rules above); src gives exp NULL
 * for an instance without an expected answer. */
long long pz_judge_source_how(const pz_puzzle *, pz_judge_source_fn *src, void *sctx,
                              long long count, FILE *out, const pz_judging *how, unsigned char *v,
                              pz_answer_note_fn *note, void *ctx);

/* Answer k to inst as the judge prints it, on one line: its lines joined by
 * " / ", cut with "..." to fit cap bytes. */
void pz_answer_line(const pz_puzzle *, unsigned long long k, const void *inst, const void *ans,
                    char *buf, size_t cap);

/* The judge's input of count instances, as one whole input (malloc'd). */
char *pz_render_input(const pz_puzzle *, const void *insts, long long count, size_t *len);

/* The judge's text of answers k0, k0+1, ... to count instances (malloc'd). */
char *pz_render_answers(const pz_puzzle *, unsigned long long k0, const void *insts,
                        const void *answers, long long count, size_t *len);

/* One instance as a whole judge input, or with ans its answer as the
 * judge's output for instance 1 (malloc'd, NUL-terminated). */
char *pz_render_one(const pz_puzzle *, const void *inst, const void *ans);

/* Does the reference's answer mine (from pz_reference_solve: it checks)
 * refute the jury's answer jury (one the checker accepts as read) to
 * instance k, from 1?  It does where their classes differ (the move count,
 * Impossible, Possible: the puzzle's classify): mine's witness (presses, a
 * certificate, a placement) is replayed by the checker, and the reference
 * solvers find the fewest presses and search every placement, so the jury's
 * value is wrong.  Two answers of one class (another press set of as many
 * presses) are not refuted; nor is a count where the reference's is not
 * proven fewest (its own class).  1 with why (the jury's answer, named
 * jury_name, the reference's, and how the one refutes the other), else 0. */
int pz_jury_refuted(const pz_puzzle *, unsigned long long k, const void *inst, const void *jury,
                    const void *mine, const char *jury_name, char *why, size_t cap);

/* The reference answer, the one definition that run, solve, check and stress
 * share: the corpus's expected answer where there is one, else the first
 * answer that checks among the solvers flagged PZ_REF in the registry, then
 * among the other built-in ones, each in display order (never a plug-in's).
 *
 * pz_reference_order puts n solvers (in display order) in that order: order[k]
 * is an index into solvers.  pz_reference_pick is the rule itself: the first
 * solver in that order whose bit is set in valid (its answer checks), or -1. */
void pz_reference_order(const pz_solver *const *solvers, int n, int *order);
static inline int pz_reference_pick(const int *order, int n, unsigned valid)
{
    for (int k = 0; k < n; k++)
        if ((valid >> order[k]) & 1)
            return order[k];
    return -1;
}

/* The reference answers of a puzzle with no expected ones at hand: its
 * registered solvers in reference order, each tried (if it takes the
 * instance) until one's answer checks; or the one solver asked for.  One per
 * thread: it owns the solvers' scratch. */
typedef struct pz_reference {
    const pz_puzzle *puzzle;
    const pz_solver *only;     /* NULL: the rule above */
    const pz_solver **solvers; /* the puzzle's, in reference order */
    int n;
    void **scratch; /* per solver, made on demand */
    /* A wide puzzle's (solver.h): where answers' rows go, set and reset by
     * the caller with its instances'. */
    pz_arena *arena;
} pz_reference;

void pz_reference_init(pz_reference *, const pz_puzzle *, const pz_solver *only);
/* 0, or -1 with e saying that no solver takes the instance's size or that
 * no answer checks.  A game whose budget (pz_game_start, solver.h) a
 * solver's search spent is unknown (the puzzle's unknown() answer, 0): the
 * budget is the game's, so no other solver is tried. */
int pz_reference_solve(pz_reference *, const void *inst, void *ans, pz_error *e);
/* The same without solver except (NULL: none): an answer independent of it. */
int pz_reference_solve_except(pz_reference *, const void *inst, void *ans, const pz_solver *except,
                              pz_error *e);
void pz_reference_free(pz_reference *);

#endif
