/* atomic.c - files that no reader ever sees half written. */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

/* A path that exists and is not a regular file (/dev/stdout, a pipe) is
 * written in place: renaming over it would replace the device. */
FILE *pz_atomic_open(const char *path, char *tmp, size_t len)
{
    struct stat st;
    FILE *f;
    int n;
    if (!stat(path, &st) && !S_ISREG(st.st_mode))
        n = snprintf(tmp, len, "%s", path);
    else
        n = snprintf(tmp, len, "%s.tmp.%ld", path, (long)getpid());
    if (n < 0 || (size_t)n >= len) {
        fprintf(stderr, "puzzlebench: cannot write %s: %s\n", path, strerror(ENAMETOOLONG));
        return NULL;
    }
    if (!(f = fopen(tmp, "w")))
        fprintf(stderr, "puzzlebench: cannot write %s: %s\n", tmp, strerror(errno));
    return f;
}

int pz_atomic_close(FILE *f, const char *tmp, const char *path)
{
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    if (bad || (strcmp(tmp, path) && rename(tmp, path))) {
        fprintf(stderr, "puzzlebench: cannot write %s: %s\n", path, strerror(errno));
        if (strcmp(tmp, path))
            remove(tmp);
        return -1;
    }
    return 0;
}
