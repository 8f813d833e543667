/* command.h - a command given as one string, split into words without a
 * shell, and the file it runs:
 *
 *     char **argv, path[4096];
 *     if (pz_split_command("./a.out --fast", &argv, &e) ||
 *         pz_find_program(argv[0], path, sizeof path))
 *         ...
 *     pz_free_words(argv);
 *
 * exec.c runs such a program under limits and source.c builds one from a
 * source; both use these, so neither needs the other for them.
 */
#ifndef PZ_COMMAND_H
#define PZ_COMMAND_H

#include <stddef.h>

#include "../solvers/error.h"

/* Splits cmd into words (quoting rules in `stress --help`): 0, or -1 with e
 * (its message names the option --exec, or opt). */
int pz_split_command(const char *cmd, char ***argv, pz_error *e);
int pz_split_option(const char *opt, const char *cmd, char ***argv, pz_error *e);
void pz_free_words(char **argv);
/* The file execv would run for name (searched in PATH without a '/'): 0, or -1. */
int pz_find_program(const char *name, char *path, size_t len) __attribute__((nonnull));

#endif
