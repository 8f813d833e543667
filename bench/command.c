/* command.c - a command in words, and the file it runs (see command.h). */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../util/util.h"
#include "command.h"

int pz_split_command(const char *cmd, char ***argv, pz_error *e)
{
    return pz_split_option("--exec", cmd, argv, e);
}

int pz_split_option(const char *opt, const char *cmd, char ***argv, pz_error *e)
{
    size_t n = 0, len = strlen(cmd);
    char **v = calloc(len / 2 + 2, sizeof *v), *word = malloc(len + 1);
    const char *s = cmd;
    if (!v || !word)
        pz_fatal("out of memory");
    for (;;) {
        size_t w = 0;
        while (*s == ' ' || *s == '\t' || *s == '\n')
            s++;
        if (!*s)
            break;
        while (*s && *s != ' ' && *s != '\t' && *s != '\n') {
            if (*s == '\'') {
                const char *q = strchr(s + 1, '\'');
                if (!q) {
                    pz_fail(e, NULL, "%s: expected a closing ' in: %s", opt, cmd);
                    goto fail;
                }
                memcpy(word + w, s + 1, (size_t)(q - s - 1));
                w += (size_t)(q - s - 1);
                s = q + 1;
            } else if (*s == '"') {
                for (s++; *s && *s != '"'; s++) {
                    if (*s == '\\' && (s[1] == '"' || s[1] == '\\'))
                        s++;
                    word[w++] = *s;
                }
                if (!*s) {
                    pz_fail(e, NULL, "%s: expected a closing \" in: %s", opt, cmd);
                    goto fail;
                }
                s++;
            } else if (*s == '\\') {
                if (!s[1]) {
                    pz_fail(e, NULL, "%s: expected a character after the last \\ in: %s", opt, cmd);
                    goto fail;
                }
                word[w++] = s[1];
                s += 2;
            } else {
                word[w++] = *s++;
            }
        }
        if (!(v[n++] = strndup(word, w)))
            pz_fatal("out of memory");
    }
    free(word);
    if (!n) {
        free(v);
        return pz_fail(e, NULL, "%s: expected a command, found nothing", opt);
    }
    *argv = v;
    return 0;
fail:
    free(word);
    pz_free_words(v);
    return -1;
}

void pz_free_words(char **argv)
{
    for (char **p = argv; *p; p++)
        free(*p);
    free(argv);
}

static int runnable(const char *path)
{
    struct stat st;
    return !stat(path, &st) && S_ISREG(st.st_mode) && !access(path, X_OK);
}

int pz_find_program(const char *name, char *path, size_t len)
{
    const char *dirs = getenv("PATH");
    if (strchr(name, '/'))
        return snprintf(path, len, "%s", name) < (int)len && runnable(path) ? 0 : -1;
    for (const char *d = dirs ? dirs : "/usr/bin:/bin", *end;; d = end + 1) {
        int dlen = (int)((end = strchrnul(d, ':')) - d); /* empty: the current directory */
        if (snprintf(path, len, "%.*s%s%s", dlen, d, dlen ? "/" : "", name) < (int)len &&
            runnable(path))
            return 0;
        if (!*end)
            return -1;
    }
}
