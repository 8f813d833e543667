/* atomic.c - files that no reader ever sees half written.
 *
 * The temporary file is made by mkstemp (O_CREAT | O_EXCL, a name no one can
 * guess) in the target's directory, so nothing planted there in advance is
 * followed, and rename() then replaces the target itself: a target that is a
 * symbolic link is replaced by the new file, and what it pointed to is left
 * as it was. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

/* Written in place rather than replaced: a path that is no regular file (a
 * device, a pipe): 0; or that names this process's stdout or stderr, even
 * when that is a regular file (/dev/stdout is a link to it): 1 or 2, written
 * through that descriptor, so at its offset rather than over its start. */
static int in_place(const char *path)
{
    struct stat st, out;
    if (stat(path, &st))
        return -1;
    for (int fd = 1; fd <= 2; fd++)
        if (!fstat(fd, &out) && out.st_dev == st.st_dev && out.st_ino == st.st_ino)
            return fd;
    return S_ISREG(st.st_mode) ? -1 : 0;
}

FILE *pz_atomic_open(const char *path, char **tmp)
{
    FILE *f = NULL;
    int fd;
    int std = in_place(path);
    if (std >= 0) {
        *tmp = pz_xstrndup(path, strlen(path));
        fflush(std == 1 ? stdout : stderr);
        if (!std)
            f = fopen(path, "w");
        else if ((fd = dup(std)) >= 0 && !(f = fdopen(fd, "w")))
            close(fd);
    } else {
        mode_t mask = umask(0);
        umask(mask);
        *tmp = pz_xasprintf("%s.tmp.XXXXXX", path);
        if ((fd = mkstemp(*tmp)) >= 0) {
            /* mkstemp gives 0600: a report is as readable as any new file. */
            if (fchmod(fd, 0666 & ~mask) || !(f = fdopen(fd, "w"))) {
                int err = errno;
                close(fd);
                remove(*tmp);
                errno = err;
            }
        }
    }
    if (!f) {
        fprintf(stderr, "puzzlebench: cannot write %s: %s\n", path, strerror(errno));
        free(*tmp);
        *tmp = NULL;
    }
    return f;
}

int pz_atomic_close(FILE *f, char *tmp, const char *path)
{
    int replace = strcmp(tmp, path) != 0, bad = ferror(f), rc = 0;
    bad |= fflush(f) != 0;
    /* On disk before it has the name, so a crash leaves the old file or the new one. */
    if (!bad && replace)
        bad |= fsync(fileno(f)) != 0;
    bad |= fclose(f) != 0;
    if (bad || (replace && rename(tmp, path))) {
        fprintf(stderr, "puzzlebench: cannot write %s: %s\n", path, strerror(errno));
        if (replace)
            remove(tmp);
        rc = -1;
    }
    free(tmp);
    return rc;
}
