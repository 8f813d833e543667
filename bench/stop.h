/* stop.h - SIGINT and SIGTERM caught into one stop flag. */
#ifndef PZ_STOP_H
#define PZ_STOP_H

#include <signal.h>

/* The stop of `run` and `stress`, one for the process: after pz_stop_catch,
 * the first SIGINT or SIGTERM sets pz_stop_signal to its number (give it as
 * the engine's stop), stops every search (pz_set_stop, puzzlebench.h: they stay
 * stopped until the next catch) and gives both signals back what they did
 * before, so a second one does that at once (the default action ends the
 * process; stress has exec.h's, which also kills the programs).  A signal
 * ignored by whoever started us stays ignored.  pz_stop_release gives them
 * back as well.  Catches nest: inside an outer catch (a command's, around a
 * pilot and its run) an inner one neither resets the stop nor gives the
 * signals back. */
extern volatile sig_atomic_t pz_stop_signal;
void pz_stop_catch(void);
void pz_stop_release(void);

#endif
