/* arena.h - memory for what a wide instance or answer holds past its fixed
 * struct (arena.c): bump allocation in blocks, given back all at once.
 *
 *     pz_arena *a = pz_arena_new();
 *     uint64_t *rows = pz_arena_alloc(a, m * words * sizeof *rows);   // zeroed
 *     pz_arena_reset(a);                                              // all of it back
 *
 * The harness keeps one per thread and resets it before each batch, so
 * memory follows the boards a batch holds; a corpus file keeps its own for
 * the whole run.
 */
#ifndef PZ_ARENA_H
#define PZ_ARENA_H

#include <stddef.h>

typedef struct pz_arena pz_arena;
pz_arena *pz_arena_new(void);
/* size bytes, zeroed and 64-byte aligned; out of memory is fatal. */
void *pz_arena_alloc(pz_arena *, size_t size);
/* Everything allocated is given back; the memory is kept for the next use. */
void pz_arena_reset(pz_arena *);
void pz_arena_free(pz_arena *);
size_t pz_arena_used(const pz_arena *);

#endif
