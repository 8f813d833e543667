/* templates.h - the files `puzzlebench package` writes into a package, as
 * the build embedded them from cli/package/ (cmake/embed.cmake): each
 * validator with validate.h copied in, so it is one standalone C file. */
#ifndef PZ_TEMPLATES_H
#define PZ_TEMPLATES_H

#include <stddef.h>

typedef struct pz_template {
    const char *name; /* its file name in cli/package/: "flip_validate.c" */
    const char *text; /* NUL-terminated */
    size_t len;
} pz_template;

/* Every template; the last has name NULL. */
extern const pz_template pz_templates[];

#endif
