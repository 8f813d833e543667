/* atomic.c - files that no reader ever sees half written. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

/* A path that exists and is not a regular file (/dev/stdout, a pipe) is
 * written in place: renaming over it would replace the device. */
FILE *pz_atomic_open(const char *path, char **tmp)
{
    struct stat st;
    FILE *f;
    if (!stat(path, &st) && !S_ISREG(st.st_mode))
        *tmp = pz_xstrndup(path, strlen(path));
    else
        *tmp = pz_xasprintf("%s.tmp.%ld", path, (long)getpid());
    if (!(f = fopen(*tmp, "w"))) {
        fprintf(stderr, "puzzlebench: cannot write %s: %s\n", *tmp, strerror(errno));
        free(*tmp);
        *tmp = NULL;
    }
    return f;
}

int pz_atomic_close(FILE *f, char *tmp, const char *path)
{
    int bad = ferror(f), rc = 0;
    bad |= fclose(f) != 0;
    if (bad || (strcmp(tmp, path) && rename(tmp, path))) {
        fprintf(stderr, "puzzlebench: cannot write %s: %s\n", path, strerror(errno));
        if (strcmp(tmp, path))
            remove(tmp);
        rc = -1;
    }
    free(tmp);
    return rc;
}
