/* select.c - the solvers of a run (see select.h). */
#include <string.h>

#include "../util/util.h"
#include "select.h"

/* Is name among the words of list ("a,b")? */
static int listed(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *w = list; w && *w; w += strcspn(w, ",")) {
        w += strspn(w, ",");
        if (!strncmp(w, name, n) && (w[n] == ',' || !w[n]))
            return 1;
    }
    return 0;
}

/* Every word of list ("a,b") is a solver of p, named once: 0, or -1 with e. */
static int check_names(const pz_puzzle *p, const char *list, const char *opt, pz_error *e)
{
    char names[512] = "", hint[96], buf[512], seen[512] = "", *save = NULL;
    size_t len = 0, nseen = 0;
    int n = 0;
    for (int i = 0; pz_solvers[i]; i++)
        if (pz_solvers[i]->puzzle == p && len < sizeof names)
            len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", len ? ", " : "",
                                    pz_solvers[i]->name);
    snprintf(buf, sizeof buf, "%s", list);
    for (char *name = strtok_r(buf, ",", &save); name; name = strtok_r(NULL, ",", &save), n++) {
        if (!pz_find_solver(p->name, name)) {
            pz_suggest s;
            pz_suggest_init(&s, name);
            for (int i = 0; pz_solvers[i]; i++)
                if (pz_solvers[i]->puzzle == p)
                    pz_suggest_offer(&s, pz_solvers[i]->name);
            return pz_fail(e, NULL, "%s: %s has no solver '%s'%s (solvers: %s)", opt, p->name, name,
                           pz_suggestion(&s, "; did you mean '%s'?", hint, sizeof hint), names);
        }
        if (listed(seen, name))
            return pz_fail(e, NULL, "%s: '%s' is listed twice", opt, name);
        nseen += (size_t)snprintf(seen + nseen, sizeof seen - nseen, "%s,", name);
    }
    return n ? 0 : pz_fail(e, NULL, "%s: expected solver names (solvers: %s)", opt, names);
}

int pz_select_solvers(const pz_puzzle *p, const char *list, const char *slow, pz_run_opts *o,
                      pz_error *e)
{
    if ((list && check_names(p, list, "--solvers", e)) ||
        (slow && check_names(p, slow, "--slow", e)))
        return -1;
    for (int i = 0; pz_solvers[i]; i++) {
        const pz_solver *s = pz_solvers[i];
        if (s->puzzle != p)
            continue;
        if (list && !listed(list, s->name)) {
            if (listed(slow, s->name))
                return pz_fail(e, NULL, "--slow %s is not among the solvers run", s->name);
            continue;
        }
        if (o->nsolvers == PZ_RUN_SOLVERS)
            return pz_fail(e, NULL, "at most %d solvers in one run", PZ_RUN_SOLVERS);
        if (slow ? listed(slow, s->name) : (s->flags & PZ_SLOW) != 0)
            o->slow |= 1u << o->nsolvers;
        o->solvers[o->nsolvers++] = s;
    }
    return 0;
}
