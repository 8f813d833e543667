/* puzzle.h - a toggle puzzle declared once: Flip Game and Lights Out are
 * the same machinery (puzzle.c, bigpuzzle.c) with their own constants and
 * judge formats.
 *
 *     TG_PUZZLE(flip, "Flip Game (POJ 1753)", TG_FLIP_GOALS, 8, 4, 4, 2,
 *               "rows=4:cols=4 (...)", "rows=4:cols=4:count=1000:seed=1 (...)",
 *               "rows=4:cols=4:count=1 (...)");
 *
 * declares pz_flip, for boards up to NARROW a side through the fixed
 * struct's fast path, and pz_flip_wide (solver.h: pz_puzzle.wide), for
 * boards of every size, both with the corpora exhaustive, random and ones.
 * The arguments: NAME and TITLE; the GOALS (TG_OFF, or TG_OFF | TG_ON); the
 * NARROW side, largest of the puzzle's own corpora (a corpus past it runs
 * through the wide puzzle); the default size ROWS x COLS; the COLOURS of
 * mode=solvable (tg_make_solvable); the help of the three corpus kinds.
 * The file defines the judge formats, for boards of every size, as
 * NAME_read_board(reader, inst, maxside, error) (one board, its sides up to
 * maxside), NAME_write_input, NAME_write_answer and NAME_read_answer
 * (pz_puzzle's).
 */
#ifndef PZ_TOGGLE_PUZZLE_H
#define PZ_TOGGLE_PUZZLE_H

#include "../io.h"
#include "big.h"

#define TG_PUZZLE(NAME, TITLE, GOALS, NARROW, ROWS, COLS, COLOURS, EXHAUSTIVE, RANDOM, ONES)       \
    static int NAME##_read(pz_reader *r, void *inst, pz_error *e)                                  \
    {                                                                                              \
        return NAME##_read_board(r, inst, NARROW, e);                                              \
    }                                                                                              \
    /* Without an arena to hold big rows, the sides stop at 64. */                                 \
    static int NAME##_read_wide(pz_reader *r, void *inst, pz_error *e)                             \
    {                                                                                              \
        return NAME##_read_board(r, inst, r->arena ? TG_BIG_MAX : TG_MAX, e);                      \
    }                                                                                              \
    static pz_verdict NAME##_check(const void *inst, const void *ans, const char **why)            \
    {                                                                                              \
        return tg_check(inst, ans, GOALS, why);                                                    \
    }                                                                                              \
    static size_t NAME##_check_batch(const void *insts, const void *answers, const void *same,     \
                                     size_t count, int *classes)                                   \
    {                                                                                              \
        return tg_check_batch(insts, answers, same, count, classes, GOALS);                        \
    }                                                                                              \
    static size_t NAME##_same_batch(const void *insts, const void *a, const void *b, size_t count) \
    {                                                                                              \
        return tg_same_batch(insts, a, b, count, GOALS);                                           \
    }                                                                                              \
    static pz_verdict NAME##_check_wide(const void *inst, const void *ans, const char **why)       \
    {                                                                                              \
        return tg_wide_check(inst, ans, GOALS, why);                                               \
    }                                                                                              \
    static void NAME##_answer_in(const void *inst, void *ans, pz_arena *arena)                     \
    {                                                                                              \
        tg_wide_answer_in(inst, ans, GOALS, arena);                                                \
    }                                                                                              \
    /* The default size where neither side is given; a missing side is 4. */                       \
    static int NAME##_setup_all(pz_params *p, pz_error *e)                                         \
    {                                                                                              \
        if (p->rows < 0 && p->cols < 0)                                                            \
            p->rows = ROWS, p->cols = COLS;                                                        \
        return tg_setup(p, NARROW, 1, e);                                                          \
    }                                                                                              \
    static int NAME##_setup_random(pz_params *p, pz_error *e)                                      \
    {                                                                                              \
        if (p->rows < 0 && p->cols < 0 && p->rows_to < 0)                                          \
            p->rows = ROWS, p->cols = COLS;                                                        \
        return tg_wide_setup_random(p, NARROW, e);                                                 \
    }                                                                                              \
    static int NAME##_setup_ones(pz_params *p, pz_error *e)                                        \
    {                                                                                              \
        if (p->rows < 0 && p->cols < 0 && p->rows_to < 0)                                          \
            p->rows = ROWS, p->cols = COLS;                                                        \
        return tg_wide_setup_ones(p, NARROW, e);                                                   \
    }                                                                                              \
    static void NAME##_make_random(const pz_params *p, uint64_t index, void *inst)                 \
    {                                                                                              \
        if (p->mode[0])                                                                            \
            tg_make_solvable(p, index, inst, COLOURS);                                             \
        else                                                                                       \
            tg_make_random(p, index, inst);                                                        \
    }                                                                                              \
    static void NAME##_make_random_batch(const pz_params *p, uint64_t first, size_t count,         \
                                         void *insts)                                              \
    {                                                                                              \
        if (!p->mode[0])                                                                           \
            tg_make_random_batch(p, first, count, insts);                                          \
        else                                                                                       \
            for (size_t i = 0; i < count; i++)                                                     \
                tg_make_solvable(p, first + i, (tg_board *)insts + i, COLOURS);                    \
    }                                                                                              \
    static void NAME##_make_random_in(const pz_params *p, uint64_t index, void *inst,              \
                                      pz_arena *arena)                                             \
    {                                                                                              \
        if (p->mode[0])                                                                            \
            tg_wide_make_solvable(p, index, inst, arena, COLOURS);                                 \
        else                                                                                       \
            tg_wide_make_random(p, index, inst, arena);                                            \
    }                                                                                              \
    static const pz_generator NAME##_generators[] = {                                              \
        {"exhaustive", EXHAUSTIVE, NAME##_setup_all, tg_make_exhaustive, tg_make_exhaustive_batch, \
         NULL},                                                                                    \
        {"random", RANDOM, NAME##_setup_random, NAME##_make_random, NAME##_make_random_batch,      \
         NAME##_make_random_in},                                                                   \
        {"ones", ONES, NAME##_setup_ones, tg_make_ones, NULL, tg_wide_make_ones},                  \
        {NULL, NULL, NULL, NULL, NULL, NULL},                                                      \
    };                                                                                             \
    extern const pz_puzzle pz_##NAME##_wide;                                                       \
    const pz_puzzle pz_##NAME = {                                                                  \
        .name = #NAME,                                                                             \
        .title = TITLE,                                                                            \
        .inst_size = sizeof(tg_board),                                                             \
        .ans_size = sizeof(tg_answer),                                                             \
        .read = NAME##_read,                                                                       \
        .write_input = NAME##_write_input,                                                         \
        .write_answer = NAME##_write_answer,                                                       \
        .read_answer = NAME##_read_answer,                                                         \
        .check = NAME##_check,                                                                     \
        .same = tg_same,                                                                           \
        .generators = NAME##_generators,                                                           \
        .shrink = tg_shrink,                                                                       \
        .size = tg_size,                                                                           \
        .classify = tg_classify,                                                                   \
        .check_batch = NAME##_check_batch,                                                         \
        .proof = tg_proof,                                                                         \
        .same_batch = NAME##_same_batch,                                                           \
        .wide = &pz_##NAME##_wide,                                                                 \
    };                                                                                             \
    const pz_puzzle pz_##NAME##_wide = {                                                           \
        .name = #NAME,                                                                             \
        .title = TITLE,                                                                            \
        .inst_size = sizeof(tg_board),                                                             \
        .ans_size = sizeof(tg_answer),                                                             \
        .read = NAME##_read_wide,                                                                  \
        .write_input = NAME##_write_input,                                                         \
        .write_answer = NAME##_write_answer,                                                       \
        .read_answer = NAME##_read_answer,                                                         \
        .check = NAME##_check_wide,                                                                \
        .same = tg_wide_same,                                                                      \
        .generators = NAME##_generators,                                                           \
        .shrink = tg_wide_shrink,                                                                  \
        .size = tg_wide_size,                                                                      \
        .classify = tg_wide_classify,                                                              \
        .wide = &pz_##NAME##_wide,                                                                 \
        .answer_in = NAME##_answer_in,                                                             \
        .proof = tg_proof,                                                                         \
    }

#endif
