/* rng.h - counter-based randomness: the value for (seed, i) depends on
 * nothing else, so any instance of any shard can be made alone.
 *
 *     pz_rng r = pz_rng_at(seed, index);      // instance index's own stream
 *     int cell = (int)pz_rng_below(&r, 64);   // 0 .. 63
 */
#ifndef PZ_RNG_H
#define PZ_RNG_H

#include <stdint.h>

/* splitmix64's finalizer: a bijection that mixes every bit. */
static inline uint64_t pz_mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* A small stream for one instance, seeded from (seed, index). */
typedef struct pz_rng {
    uint64_t s;
} pz_rng;
static inline pz_rng pz_rng_at(uint64_t seed, uint64_t index)
{
    pz_rng r = {pz_mix64(seed ^ pz_mix64(index))};
    return r;
}
static inline uint64_t pz_rng_next(pz_rng *r)
{
    return pz_mix64(r->s++);
}
static inline uint64_t pz_rng_below(pz_rng *r, uint64_t n) /* n >= 1 */
{
    return (uint64_t)(((unsigned __int128)pz_rng_next(r) * n) >> 64);
}

#endif
