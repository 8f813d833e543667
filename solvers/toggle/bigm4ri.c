/* bigm4ri - light chasing down to the shorter side's system, solved by M4RI.
 *
 * Idea: the system of bigchase.c (the transfer matrix R of a size, from
 * big.c), with [R | I] brought to reduced row echelon form by M4RI's
 * mzd_echelonize_m4ri (Debian's libm4ri-dev), the library of the method of
 * four Russians, with tables and cache-sized blocks of its own choosing.
 * M4RI also eliminates into the I half (its echelon form is of the whole
 * matrix); the rows without a pivot in R stay a basis of R's left kernel,
 * and the rows with one give the same first row as ours for every board
 * that has an answer.
 *
 * Cost: per size, M4RI's elimination of a w x 2w matrix (w = min(m, n)) and
 * two copies of it; per board, as bigchase (times beside it:
 * results/lightsout.md, "Big boards").
 * Limits: sides up to 10 000.
 * Threads: Debian's M4RI keeps freed blocks in a global cache that is not
 * safe across threads (under AddressSanitizer two threads freed one block
 * twice), so one elimination runs at a time; it is the per-size work, done
 * outside the timer.
 */
#include <pthread.h>
#include <string.h>

#include <m4ri/m4ri.h>

#include "big.h"

static pthread_mutex_t m4ri_lock = PTHREAD_MUTEX_INITIALIZER;

static int eliminate(uint64_t *a, int rows, size_t stride, int pcols, int *pivcol)
{
    mzd_t *M = mzd_init(rows, (rci_t)(stride * 64));
    if (!M)
        return -1;
    for (int r = 0; r < rows; r++)
        memcpy(mzd_row(M, r), a + (size_t)r * stride, stride * sizeof *a);
    mzd_echelonize_m4ri(M, 1, 0);
    int rank = 0;
    for (int r = 0; r < rows; r++) {
        uint64_t *row = a + (size_t)r * stride;
        memcpy(row, mzd_row(M, r), stride * sizeof *a);
        int lead = -1;
        for (size_t u = 0; u * 64 < (size_t)pcols && lead < 0; u++)
            if (row[u])
                lead = (int)(u * 64) + __builtin_ctzll(row[u]);
        if (lead >= 0 && lead < pcols) {
            if (r != rank)
                pz_fatal("m4ri: a row without a pivot in R before one with");
            pivcol[rank++] = lead;
        }
    }
    mzd_free(M);
    return rank;
}

static int m4ri_eliminate(uint64_t *a, int rows, size_t stride, int pcols, int *pivcol)
{
    pthread_mutex_lock(&m4ri_lock);
    int rank = eliminate(a, rows, stride, pcols, pivcol);
    pthread_mutex_unlock(&m4ri_lock);
    return rank;
}

static int m4ri_fits(int m, int n)
{
    return m <= TG_BIG_ONE_MAX && n <= TG_BIG_ONE_MAX;
}

TG_BIG_SOLVER(m4ri, "light chasing to the shorter side's system, solved by M4RI",
              "sides up to 10000", m4ri_fits, .eliminate = m4ri_eliminate);
