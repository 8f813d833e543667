/* source.c - a program from its source file, built once into a cache (source.h).
 *
 * The compiler runs as we do (it is the user's own tool, not the program
 * under test), its output caught through a pipe for the message.  The
 * binary is written under a temporary name in the cache and renamed into
 * place, so two stresses building one source at once each get a whole file.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <xxhash.h>

#include "../util/util.h"
#include "command.h"
#include "source.h"

extern char **environ;

enum { MESSAGE_MAX = 1 << 16 }; /* of the compiler's output, kept for the message */

typedef struct language {
    const char *ext[3];
    const char *name;
    const char *tool;     /* the compiler, or the interpreter */
    const char *flags[4]; /* before -o OUT SOURCE */
    const char *libs[2];  /* after */
} language;

static const language languages[] = {
    {{".c"}, "C", "gcc", {"-O2", "-std=gnu11"}, {"-lm"}},
    {{".cpp", ".cc", ".cxx"}, "C++", "g++", {"-O2", "-std=gnu++17"}, {NULL}},
    {{".py"}, "Python 3", "python3", {NULL}, {NULL}},
};

static const language *language_of(const char *file)
{
    const char *dot = strrchr(file, '.'), *slash = strrchr(file, '/');
    if (!dot || (slash && dot < slash))
        return NULL;
    for (size_t i = 0; i < sizeof languages / sizeof *languages; i++)
        for (int k = 0; k < 3 && languages[i].ext[k]; k++)
            if (!strcmp(dot, languages[i].ext[k]))
                return &languages[i];
    return NULL;
}

const char *pz_source_language(const char *file)
{
    const language *l = language_of(file);
    return l ? l->name : NULL;
}

const char *pz_source_cache(char *buf, size_t len)
{
    const char *dir = getenv("PUZZLEBENCH_CACHE"), *xdg = getenv("XDG_CACHE_HOME"),
               *home = getenv("HOME");
    if (dir && *dir)
        snprintf(buf, len, "%s", dir);
    else if (xdg && *xdg)
        snprintf(buf, len, "%s/puzzlebench", xdg);
    else
        snprintf(buf, len, "%s/.cache/puzzlebench", home && *home ? home : "/tmp");
    return buf;
}

/* mkdir -p: 0, or -1 with errno. */
static int make_dirs(const char *dir)
{
    char *p = pz_xstrndup(dir, strlen(dir));
    struct stat st;
    int rc = 0;
    for (char *s = p + 1;; s++) {
        if (*s && *s != '/')
            continue;
        char c = *s;
        *s = 0;
        if (mkdir(p, 0755) && errno != EEXIST)
            rc = -1;
        *s = c;
        if (!c || rc)
            break;
    }
    if (!rc && (stat(dir, &st) || !S_ISDIR(st.st_mode))) {
        errno = ENOTDIR;
        rc = -1;
    }
    free(p);
    return rc;
}

/* The whole file, or NULL with errno. */
static char *slurp(const char *file, size_t *len)
{
    FILE *f = fopen(file, "rb");
    struct stat st;
    char *buf;
    if (!f)
        return NULL;
    if (fstat(fileno(f), &st) || !S_ISREG(st.st_mode)) {
        fclose(f);
        errno = EISDIR;
        return NULL;
    }
    buf = pz_xmalloc((size_t)st.st_size + 1);
    *len = fread(buf, 1, (size_t)st.st_size, f);
    buf[*len] = 0;
    fclose(f);
    return buf;
}

/* Runs argv with stdout and stderr into *out: its wait status, or -1. */
static int run_tool(const char *path, char *const argv[], char **out)
{
    int fds[2], status = -1;
    size_t len = 0;
    pid_t pid;
    posix_spawn_file_actions_t fa;
    *out = pz_xmalloc(MESSAGE_MAX + 1);
    if (pipe2(fds, O_CLOEXEC))
        return -1;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    int err = posix_spawn(&pid, path, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fds[1]);
    for (ssize_t n; !err && (n = read(fds[0], *out + len, MESSAGE_MAX - len)) != 0;) {
        if (n < 0 && errno != EINTR)
            break;
        if (n > 0 && (len += (size_t)n) == MESSAGE_MAX) {
            char scrap[4096]; /* the rest is drained, not kept */
            while (read(fds[0], scrap, sizeof scrap) > 0)
                ;
            break;
        }
    }
    close(fds[0]);
    (*out)[len] = 0;
    if (!err)
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
            ;
    return err ? (errno = err, -1) : status;
}

/* The binary's name in the cache: the hash, then the source's stem. */
static void cached_name(const char *cache, const char *file, unsigned long long hash, char *path,
                        size_t len)
{
    const char *base = strrchr(file, '/'), *dot;
    char stem[41];
    size_t n = 0;
    base = base ? base + 1 : file;
    dot = strrchr(base, '.');
    for (const char *s = base; s < dot && n + 1 < sizeof stem; s++)
        stem[n++] = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-", *s)
                        ? *s
                        : '_';
    stem[n] = 0;
    snprintf(path, len, "%s/%016llx-%s", cache, hash, stem);
}

static int compile(const language *l, const char *file, const char *src, size_t srclen, char *path,
                   size_t len, char **msg)
{
    char cache[4096], tool[4096], *tmp, *out;
    const char *argv[16];
    int n = 0, status;
    struct stat st;
    if (pz_find_program(l->tool, tool, sizeof tool)) {
        *msg = pz_xasprintf("cannot build %s: no %s in PATH", file, l->tool);
        return -1;
    }
    /* The key: the compiler, its flags and the source, each ended by a NUL. */
    XXH3_state_t *h = XXH3_createState();
    if (!h)
        pz_fatal("out of memory");
    XXH3_64bits_reset(h);
    XXH3_64bits_update(h, tool, strlen(tool) + 1);
    for (int k = 0; k < 4 && l->flags[k]; k++)
        XXH3_64bits_update(h, l->flags[k], strlen(l->flags[k]) + 1);
    for (int k = 0; k < 2 && l->libs[k]; k++)
        XXH3_64bits_update(h, l->libs[k], strlen(l->libs[k]) + 1);
    XXH3_64bits_update(h, src, srclen);
    unsigned long long hash = XXH3_64bits_digest(h);
    XXH3_freeState(h);
    pz_source_cache(cache, sizeof cache);
    cached_name(cache, file, hash, path, len);
    if (!stat(path, &st) && S_ISREG(st.st_mode) && !access(path, X_OK))
        return 0;
    if (make_dirs(cache)) {
        *msg = pz_xasprintf("cannot build %s: cannot make the cache %s: %s (PUZZLEBENCH_CACHE "
                            "moves it)",
                            file, cache, strerror(errno));
        return -1;
    }
    tmp = pz_xasprintf("%s.tmp.%d", path, (int)getpid());
    argv[n++] = l->tool;
    for (int k = 0; k < 4 && l->flags[k]; k++)
        argv[n++] = l->flags[k];
    argv[n++] = "-o";
    argv[n++] = tmp;
    argv[n++] = file;
    for (int k = 0; k < 2 && l->libs[k]; k++)
        argv[n++] = l->libs[k];
    argv[n] = NULL;
    status = run_tool(tool, (char *const *)argv, &out);
    if (status != 0 || rename(tmp, path)) {
        int err = errno;
        remove(tmp);
        if (status == 0)
            *msg = pz_xasprintf("cannot build %s: cannot write %s: %s", file, path, strerror(err));
        else if (status < 0)
            *msg = pz_xasprintf("cannot build %s: cannot run %s: %s", file, tool, strerror(err));
        else
            *msg = pz_xasprintf("cannot compile %s (%s %s %s):\n%s", file, l->tool, l->flags[0],
                                l->flags[1], out);
        free(out);
        free(tmp);
        return -1;
    }
    free(out);
    free(tmp);
    return 0;
}

int pz_source_build(const char *file, char ***argv, char *path, size_t len, char **msg)
{
    const language *l = language_of(file);
    size_t srclen;
    char *src;
    *msg = NULL;
    if (!l) {
        *msg = pz_xasprintf("%s: not a source named .c, .cpp or .py", file);
        return -1;
    }
    if (!(src = slurp(file, &srclen))) {
        *msg = pz_xasprintf("cannot read %s: %s", file, strerror(errno));
        return -1;
    }
    int rc;
    char **v = pz_xcalloc(3, sizeof *v);
    if (!l->flags[0]) { /* an interpreter: python3 FILE */
        rc = pz_find_program(l->tool, path, len);
        if (rc)
            *msg = pz_xasprintf("cannot run %s: no %s in PATH", file, l->tool);
        v[0] = pz_xstrndup(l->tool, strlen(l->tool));
        v[1] = pz_xstrndup(file, strlen(file));
    } else {
        rc = compile(l, file, src, srclen, path, len, msg);
        v[0] = pz_xstrndup(path, strlen(path));
    }
    free(src);
    if (rc) {
        pz_free_words(v);
        return -1;
    }
    *argv = v;
    return 0;
}
