/* source.h - a program given as its source file, built as judges build it.
 *
 *     char **argv, path[4096], *msg;
 *     if (pz_source_language("sol.cpp") &&
 *         pz_source_build("sol.cpp", &argv, path, sizeof path, &msg))
 *         ... msg: why, with the compiler's own message (malloc'd)
 *     pz_proc_run(path, argv, ...);      // exec.h
 *
 * By the name's extension: .c is compiled with gcc -O2 -std=gnu11 -lm, .cpp
 * (.cc, .cxx) with g++ -O2 -std=gnu++17, and .py runs under python3, as
 * Kattis and DOMjudge do.  A compiled program goes to a cache keyed by the
 * hash of the source and the command that builds it, so it is built once:
 * $PUZZLEBENCH_CACHE, else $XDG_CACHE_HOME/puzzlebench, else
 * ~/.cache/puzzlebench (made if need be).  stress --exec and verify share
 * this, and the sandbox (exec.h).
 */
#ifndef PZ_SOURCE_H
#define PZ_SOURCE_H

#include <stddef.h>

/* "C", "C++" or "Python 3" for a file named so, or NULL. */
const char *pz_source_language(const char *file);
/* The command that runs the source file: argv (pz_free_words) and the file
 * execv runs, path.  0, or -1 with *msg (malloc'd): the compiler's message
 * after a line saying which source failed, or why nothing could be built. */
int pz_source_build(const char *file, char ***argv, char *path, size_t len, char **msg);
/* The cache's folder, as above (not made). */
const char *pz_source_cache(char *buf, size_t len);

#endif
