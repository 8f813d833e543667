/* gen.c - a test generator for `puzzlebench stress --gen`, as testlib's take
 * their seed: the last argument.  It writes one judge input:
 *
 *   gen flip SEED       one 4x4 Flip Game board (POJ 1753's input): the
 *                       presses of a few random pieces on an all-black board
 *                       (odd seeds) or an all-white one (even seeds), so
 *                       every board is solvable and half are nearer black
 *   gen lightsout SEED  two 4x4 Lights Out boards ("2 4 4", then the rows),
 *                       each lit by a random set of presses: solvable, and
 *                       in 16 ways (the press matrix has nullity 4)
 *   gen flip MODE SEED  the same flip boards, but on one seed it fails:
 *                       crash (SIGSEGV on seed 5), hang (loops on seed 7),
 *                       garbage (a word that is no board on seed 3), empty
 *                       (nothing on seed 4); or always prints its arguments
 *                       (args), to show how it was called
 *
 * A seed gives the same input every time: splitmix64 of the seed.
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state;

static uint64_t next(void)
{
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void flip(long long seed)
{
    unsigned b = seed % 2 ? 0xffff : 0; /* bit 4r+c: piece (r, c) is black */
    int presses = 1 + (int)(next() % 5);
    for (int k = 0; k < presses; k++) {
        int r = (int)(next() % 4), c = (int)(next() % 4);
        b ^= 1u << (4 * r + c);
        if (r > 0)
            b ^= 1u << (4 * (r - 1) + c);
        if (r < 3)
            b ^= 1u << (4 * (r + 1) + c);
        if (c > 0)
            b ^= 1u << (4 * r + c - 1);
        if (c < 3)
            b ^= 1u << (4 * r + c + 1);
    }
    for (int r = 0; r < 4; r++) {
        for (int c = 0; c < 4; c++)
            putchar(b >> (4 * r + c) & 1 ? 'b' : 'w');
        putchar('\n');
    }
}

/* The lights that pressing the set x (bit 4r+c) turns on in an empty 4x4 board. */
static unsigned lit(unsigned x)
{
    unsigned b = 0;
    for (int i = 0; i < 16; i++)
        if (x >> i & 1)
            b ^= 1u << i | (i >= 4 ? 1u << (i - 4) : 0) | (i < 12 ? 1u << (i + 4) : 0) |
                 (i % 4 ? 1u << (i - 1) : 0) | (i % 4 < 3 ? 1u << (i + 1) : 0);
    return b;
}

static void lightsout(void)
{
    printf("2 4 4\n");
    for (int k = 0; k < 2; k++) {
        unsigned b = lit((unsigned)next() & 0xffff);
        for (int i = 0; i < 16; i++)
            printf("%u%c", b >> i & 1, i % 4 < 3 ? ' ' : '\n');
    }
}

int main(int argc, char **argv)
{
    if (argc < 3)
        return 2;
    const char *puzzle = argv[1], *mode = argc > 3 ? argv[2] : "ok";
    long long seed = atoll(argv[argc - 1]);
    state = (uint64_t)seed;
    if (!strcmp(mode, "crash") && seed == 5)
        raise(SIGSEGV);
    if (!strcmp(mode, "hang") && seed == 7)
        for (volatile unsigned long n = 0;; n++)
            ;
    if (!strcmp(mode, "garbage") && seed == 3) {
        puts("hello");
        return 0;
    }
    if (!strcmp(mode, "empty") && seed == 4)
        return 0;
    if (!strcmp(mode, "args")) {
        for (int i = 1; i < argc; i++)
            fprintf(stderr, "[%s]", argv[i]);
        fputc('\n', stderr);
        return 1;
    }
    if (!strcmp(puzzle, "flip"))
        flip(seed);
    else if (!strcmp(puzzle, "lightsout"))
        lightsout();
    else
        return 2;
    return 0;
}
