/* clash.c - is a path a command writes one it reads, or one it writes twice?
 *
 * Paths are compared as files, not as strings: "keep.in", "./keep.in" and a
 * link to it are one file.  A path that exists is its device and inode
 * (stat follows links); one not there yet is its folder's device and inode
 * with its last name, so two outputs about to be made under one name clash
 * too.  Cost: a stat or two a path, once, before any work.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util.h"

typedef struct file_id {
    int known; /* 0: cannot say (no folder): clashes with nothing */
    dev_t dev;
    ino_t ino;
    const char *name; /* NULL where the file exists; else its last name */
} file_id;

static file_id identify(const char *path)
{
    file_id id = {0};
    struct stat st;
    if (!stat(path, &st))
        return (file_id){1, st.st_dev, st.st_ino, NULL};
    if (errno != ENOENT)
        return id;
    const char *slash = strrchr(path, '/');
    char *dir =
        slash ? pz_xstrndup(path, slash == path ? 1 : (size_t)(slash - path)) : pz_xstrndup(".", 1);
    if (!stat(dir, &st))
        id = (file_id){1, st.st_dev, st.st_ino, slash ? slash + 1 : path};
    free(dir);
    return id;
}

static int same(const file_id *a, const file_id *b)
{
    if (!a->known || !b->known || a->dev != b->dev || a->ino != b->ino)
        return 0;
    return !a->name == !b->name && (!a->name || !strcmp(a->name, b->name));
}

int pz_path_clash(const pz_path *paths, int n, int *a, int *b)
{
    file_id *ids = pz_xcalloc((size_t)n + 1, sizeof *ids);
    int found = 0;
    for (int i = 0; i < n; i++)
        if (paths[i].path && strcmp(paths[i].path, "-"))
            ids[i] = identify(paths[i].path);
    for (int j = 0; j < n && !found; j++)
        for (int i = 0; i < j && !found; i++)
            if ((paths[i].output || paths[j].output) && same(&ids[i], &ids[j]))
                *a = i, *b = j, found = 1;
    free(ids);
    return found;
}
