/* arena.c - memory for what wide instances and answers hold past their
 * fixed structs (arena.h).
 *
 * Blocks are allocated as needed and never moved, so a pointer stays good
 * until the reset.  A reset keeps one block as large as everything the last
 * use took, so a corpus of one size allocates once per thread, not once per
 * batch.
 */
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "error.h"

enum { ALIGN = 64, FIRST = 1 << 16 };

typedef struct block {
    struct block *next;
    size_t cap, used;
    char *data; /* ALIGN-aligned */
} block;

struct pz_arena {
    block *head;  /* the block allocations come from; the older ones follow */
    size_t total; /* bytes handed out since the reset */
};

static block *new_block(size_t cap)
{
    block *b = malloc(sizeof *b);
    if (!b || !(b->data = aligned_alloc(ALIGN, cap)))
        pz_fatal("out of memory (an arena block of %zu bytes)", cap);
    b->cap = cap;
    b->used = 0;
    b->next = NULL;
    return b;
}

static void free_blocks(block *b)
{
    while (b) {
        block *next = b->next;
        free(b->data);
        free(b);
        b = next;
    }
}

pz_arena *pz_arena_new(void)
{
    pz_arena *a = calloc(1, sizeof *a);
    if (!a)
        pz_fatal("out of memory");
    return a;
}

void *pz_arena_alloc(pz_arena *a, size_t size)
{
    size_t need = (size + ALIGN - 1) / ALIGN * ALIGN;
    if (need < size)
        pz_fatal("arena: %zu bytes asked for", size);
    if (!a->head || a->head->cap - a->head->used < need) {
        size_t cap = a->head ? a->head->cap * 2 : FIRST;
        block *b = new_block(cap > need ? cap : need);
        b->next = a->head;
        a->head = b;
    }
    char *p = a->head->data + a->head->used;
    a->head->used += need;
    a->total += need;
    memset(p, 0, size);
    return p;
}

void pz_arena_reset(pz_arena *a)
{
    if (a->head && a->head->next) { /* one block for all of it next time */
        size_t total = a->total;
        free_blocks(a->head);
        a->head = new_block((total + ALIGN - 1) / ALIGN * ALIGN);
    } else if (a->head) {
        a->head->used = 0;
    }
    a->total = 0;
}

size_t pz_arena_used(const pz_arena *a)
{
    return a->total;
}

void pz_arena_free(pz_arena *a)
{
    if (a) {
        free_blocks(a->head);
        free(a);
    }
}
