/* stop.c - SIGINT and SIGTERM caught into a stop flag (see stop.h). */
#include <string.h>

#include "../solvers/solver.h"
#include "stop.h"

volatile sig_atomic_t pz_stop_signal;
static struct sigaction old_int, old_term; /* what the signals did before the catch */

static void on_stop(int sig)
{
    pz_stop_signal = sig;
    pz_set_stop(1); /* every search stops too (puzzlebench.h) */
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
}

/* Catches not yet released: only the outermost catches and releases, so a
 * command may catch before its pilot and the run inside keep the stop. */
static int caught;

void pz_stop_catch(void)
{
    struct sigaction sa;
    if (caught++)
        return;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop;
    sigemptyset(&sa.sa_mask); /* while the handler runs, the other signal waits */
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    pz_stop_signal = 0;
    pz_set_stop(0);
    sigaction(SIGINT, NULL, &old_int);
    sigaction(SIGTERM, NULL, &old_term);
    if (old_int.sa_handler != SIG_IGN)
        sigaction(SIGINT, &sa, NULL);
    if (old_term.sa_handler != SIG_IGN)
        sigaction(SIGTERM, &sa, NULL);
}

void pz_stop_release(void)
{
    if (!caught || --caught)
        return;
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
}
