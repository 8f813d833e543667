/* plugin.c - solvers from shared objects built against
 * include/puzzlebench/puzzlebench.h, loaded in process with dlopen.
 *
 * A plug-in's solvers become pz_solvers like the built-in ones, so every
 * command, the checker, the reference and the timing treat them alike; only
 * their names say where they came from (FILE:NAME).  Everything a plug-in
 * offers is checked before any of it is registered, so a refused plug-in
 * leaves the registry as it was.  A loaded object is never closed: its
 * solvers stay in the list until the process ends.
 */
#include <dlfcn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "solver.h"
#include "tetravex/tetravex.h"
#include "toggle/toggle.h"

/* The public structs are the harness's own, field for field. */
#define SAME_FIELD(pub, own, f)                                                                    \
    _Static_assert(offsetof(pub, f) == offsetof(own, f), #pub "." #f " is not " #own "." #f)
_Static_assert(sizeof(pz_toggle_board) == sizeof(tg_board), "pz_toggle_board's size");
SAME_FIELD(pz_toggle_board, tg_board, m);
SAME_FIELD(pz_toggle_board, tg_board, n);
SAME_FIELD(pz_toggle_board, tg_board, b);
_Static_assert(sizeof(pz_toggle_answer) == sizeof(tg_answer), "pz_toggle_answer's size");
SAME_FIELD(pz_toggle_answer, tg_answer, weight);
SAME_FIELD(pz_toggle_answer, tg_answer, has);
SAME_FIELD(pz_toggle_answer, tg_answer, x);
SAME_FIELD(pz_toggle_answer, tg_answer, cert);
_Static_assert((int)PZ_TOGGLE_MAX == TG_MAX && (int)PZ_TOGGLE_PRESSES == TG_PRESSES &&
                   (int)PZ_TOGGLE_CERTS == TG_CERTS,
               "the toggle constants");
_Static_assert(sizeof(pz_tetravex_game) == sizeof(tx_game), "pz_tetravex_game's size");
SAME_FIELD(pz_tetravex_game, tx_game, n);
SAME_FIELD(pz_tetravex_game, tx_game, tile);
SAME_FIELD(pz_tetravex_game, tx_game, fixed);
_Static_assert(sizeof(pz_tetravex_answer) == sizeof(tx_answer), "pz_tetravex_answer's size");
SAME_FIELD(pz_tetravex_answer, tx_answer, possible);
SAME_FIELD(pz_tetravex_answer, tx_answer, has);
SAME_FIELD(pz_tetravex_answer, tx_answer, at);
_Static_assert((int)PZ_TETRAVEX_MAX == TX_MAX && (int)PZ_TETRAVEX_TOP == TX_TOP &&
                   (int)PZ_TETRAVEX_RIGHT == TX_RIGHT && (int)PZ_TETRAVEX_BOTTOM == TX_BOTTOM &&
                   (int)PZ_TETRAVEX_LEFT == TX_LEFT,
               "the tetravex constants");

enum {
    MAX_NAME = 32,    /* a solver's own name, without FILE: */
    MAX_PENDING = 64, /* solvers of one plug-in; run takes 64 of a puzzle */
};

/* "%s:%s" or "./%s" in malloc'd memory; out of memory is fatal. */
static char *join(const char *a, const char *sep, const char *b)
{
    size_t n = strlen(a) + strlen(sep) + strlen(b) + 1;
    char *s = malloc(n);
    if (!s)
        pz_fatal("out of memory");
    snprintf(s, n, "%s%s%s", a, sep, b);
    return s;
}

static int refuse(pz_error *e, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int refuse(pz_error *e, const char *path, const char *fmt, ...)
{
    va_list ap;
    snprintf(e->file, sizeof e->file, "%s", path);
    e->line = e->col = 0;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
    return -1;
}

/* The solver's own name: after the "FILE:" of a plug-in's, else all of it. */
static const char *own_name(const pz_solver *s)
{
    const char *colon = strrchr(s->name, ':');
    return colon ? colon + 1 : s->name;
}

static int valid_name(const char *s)
{
    size_t n = 0;
    for (; s[n]; n++)
        if (!((s[n] >= 'a' && s[n] <= 'z') || (s[n] >= 'A' && s[n] <= 'Z') ||
              (s[n] >= '0' && s[n] <= '9') || s[n] == '_' || s[n] == '-'))
            return 0;
    return n >= 1 && n <= MAX_NAME;
}

/* Who already has the name on puzzle p: a solver's full name, or NULL. */
static const char *taken(const pz_puzzle *p, const char *name, const pz_solver *pending,
                         int npending)
{
    for (const pz_solver *const *s = pz_solvers; *s; s++)
        if ((*s)->puzzle == p && !strcmp(own_name(*s), name))
            return (*s)->name;
    for (int i = 0; i < npending; i++)
        if (pending[i].puzzle == p && !strcmp(own_name(&pending[i]), name))
            return pending[i].name;
    return NULL;
}

static int count_solvers(const pz_puzzle *p)
{
    int n = 0;
    for (const pz_solver *const *s = pz_solvers; *s; s++)
        n += (*s)->puzzle == p;
    return n;
}

/* Under AddressSanitizer the harness is instrumented but a plug-in need
 * not be, so its stray writes go unseen: there each plug-in solver's solve()
 * is called through a trampoline that gives it its answer in a buffer of
 * its own between canaries, and a scratch with a canary past its end (zero,
 * as the harness zeroes scratch), and aborts naming the solver when a
 * canary changed; then copies the answer out.  Elsewhere solve() is the
 * plug-in's own, untouched. */
#if defined(__SANITIZE_ADDRESS__)
#define GUARD 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GUARD 1
#endif
#endif

#ifdef GUARD
enum { CANARY = 64, CANARY_BYTE = 0xa5, MAX_ANSWER = 4096, MAX_GUARDED = 12 * 16 };

static struct {
    const pz_solver *s;
    int (*solve)(const void *inst, void *ans, void *scratch);
    size_t scratch_size; /* the plug-in's; s->scratch_size adds the canary */
} guarded[MAX_GUARDED];
static int nguarded;

static int guard(int k, const void *inst, void *ans, void *scratch)
{
    static _Thread_local _Alignas(64) unsigned char buf[CANARY + MAX_ANSWER + CANARY];
    const pz_solver *s = guarded[k].s;
    size_t size = s->puzzle->ans_size;
    unsigned char *past = (unsigned char *)scratch + guarded[k].scratch_size;
    memset(buf, CANARY_BYTE, CANARY);
    memcpy(buf + CANARY, ans, size);
    memset(buf + CANARY + size, CANARY_BYTE, CANARY);
    int rc = guarded[k].solve(inst, buf + CANARY, scratch);
    for (int i = 0; i < CANARY; i++) {
        if (buf[i] != CANARY_BYTE || buf[CANARY + size + i] != CANARY_BYTE)
            pz_fatal("%s/%s wrote outside its answer (%zu bytes)", s->puzzle->name, s->name, size);
        if (past[i])
            pz_fatal("%s/%s wrote past its scratch (%zu bytes)", s->puzzle->name, s->name,
                     guarded[k].scratch_size);
    }
    memcpy(ans, buf + CANARY, size);
    return rc;
}

#define TRAMPOLINE(h, l)                                                                           \
    static int solve_##h##_##l(const void *inst, void *ans, void *scratch)                         \
    {                                                                                              \
        return guard(h * 16 + l, inst, ans, scratch);                                              \
    }
#define ADDRESS(h, l) solve_##h##_##l,
#define SIXTEEN(X, h)                                                                              \
    X(h, 0)                                                                                        \
    X(h, 1)                                                                                        \
    X(h, 2)                                                                                        \
    X(h, 3)                                                                                        \
    X(h, 4)                                                                                        \
    X(h, 5) X(h, 6) X(h, 7) X(h, 8) X(h, 9) X(h, 10) X(h, 11) X(h, 12) X(h, 13) X(h, 14) X(h, 15)
#define ALL(X)                                                                                     \
    SIXTEEN(X, 0)                                                                                  \
    SIXTEEN(X, 1)                                                                                  \
    SIXTEEN(X, 2)                                                                                  \
    SIXTEEN(X, 3)                                                                                  \
    SIXTEEN(X, 4)                                                                                  \
    SIXTEEN(X, 5)                                                                                  \
    SIXTEEN(X, 6) SIXTEEN(X, 7) SIXTEEN(X, 8) SIXTEEN(X, 9) SIXTEEN(X, 10) SIXTEEN(X, 11)
ALL(TRAMPOLINE)
static int (*const trampolines[MAX_GUARDED])(const void *, void *, void *) = {ALL(ADDRESS)};

/* s's solve() through the next trampoline (take() saw that there is one). */
static void guard_solver(pz_solver *s)
{
    if (s->puzzle->ans_size > MAX_ANSWER)
        pz_fatal("%s: answers of %zu bytes outgrow the guard's %d", s->puzzle->name,
                 s->puzzle->ans_size, MAX_ANSWER);
    guarded[nguarded].s = s;
    guarded[nguarded].solve = s->solve;
    guarded[nguarded].scratch_size = s->scratch_size;
    s->scratch_size += CANARY;
    s->solve = trampolines[nguarded++];
}
#endif

/* Checks the plug-in's list into pending[0 .. *made - 1] (names malloc'd):
 * 0, or -1 with e. */
static int take(const char *path, const char *file, const pz_plugin *pl, pz_solver *pending,
                int *made, pz_error *e)
{
    int n = 0;
    *made = 0;
    if (!pl->solvers || !pl->solvers[0])
        return refuse(e, path, "the plug-in offers no solvers");
    for (; pl->solvers[n]; n++) {
        const pz_plugin_solver *ps = pl->solvers[n];
        const pz_puzzle *p;
        const char *other;
        char puzzles[64] = "";
        for (const pz_puzzle *const *q = pz_puzzles; *q; q++)
            snprintf(puzzles + strlen(puzzles), sizeof puzzles - strlen(puzzles), "%s%s",
                     q == pz_puzzles ? "" : ", ", (*q)->name);
        if (n == MAX_PENDING)
            return refuse(e, path, "more than %d solvers", MAX_PENDING);
        if (!ps->name || !valid_name(ps->name))
            return refuse(e, path,
                          "solver %d: expected a name of 1 to %d letters, digits, '_' or '-', "
                          "found '%s'",
                          n + 1, MAX_NAME, ps->name ? ps->name : "(null)");
        if (!ps->puzzle || !(p = pz_find_puzzle(ps->puzzle)))
            return refuse(e, path, "solver '%s' names an unknown puzzle '%s' (puzzles: %s)",
                          ps->name, ps->puzzle ? ps->puzzle : "(null)", puzzles);
        if (!ps->summary || !ps->limits || !ps->fits || !ps->solve)
            return refuse(e, path, "solver '%s' lacks its %s", ps->name,
                          !ps->summary  ? "summary"
                          : !ps->limits ? "limits"
                          : !ps->fits   ? "fits()"
                                        : "solve()");
        if (ps->flags & PZ_REF)
            return refuse(e, path,
                          "solver '%s' is flagged PZ_REF: only built-in solvers are "
                          "references",
                          ps->name);
        if (ps->flags & ~(unsigned)(PZ_SLOW | PZ_EXPONENTIAL))
            return refuse(e, path, "solver '%s' has unknown flags 0x%x (PZ_SLOW, PZ_EXPONENTIAL)",
                          ps->name, ps->flags & ~(unsigned)(PZ_SLOW | PZ_EXPONENTIAL));
        if ((other = taken(p, ps->name, pending, n)))
            return refuse(e, path, "solver '%s' clashes with %s's solver %s%s", ps->name, p->name,
                          other, strchr(other, ':') ? "" : " (built in)");
        int mine = 0;
        for (int i = 0; i < n; i++)
            mine += pending[i].puzzle == p;
#ifdef GUARD
        if (nguarded + n + 1 > MAX_GUARDED)
            return refuse(e, path,
                          "solver '%s' would be the %dth from plug-ins: a sanitizer "
                          "build guards %d",
                          ps->name, nguarded + n + 1, MAX_GUARDED);
#endif
        if (count_solvers(p) + mine + 1 > 64)
            return refuse(e, path, "solver '%s' would be %s's 65th: a puzzle takes 64", ps->name,
                          p->name);
        pending[n] = (pz_solver){
            .name = join(file, ":", ps->name),
            .puzzle = p,
            .flags = ps->flags,
            .summary = ps->summary,
            .limits = ps->limits,
            .fits = ps->fits,
            .prepare = ps->prepare,
            .scratch_size = ps->scratch_size,
            .solve = ps->solve,
        };
        *made = n + 1;
    }
    return 0;
}

int pz_plugin_load(const char *path, pz_error *e)
{
    const char *slash = strrchr(path, '/'), *file = slash ? slash + 1 : path;
    pz_solver pending[MAX_PENDING];
    const pz_plugin *(*entry)(void);
    const pz_plugin *pl;
    void *h;
    int n;
    if (!*file)
        return refuse(e, path, "expected a plug-in's file (FILE.so), found a directory");
    /* dlopen searches the library path for a name without '/': a plug-in is
     * a file, here or where the path says. */
    char *where = join(slash ? "" : "./", "", path);
    h = dlopen(where, RTLD_NOW | RTLD_LOCAL);
    free(where);
    if (!h)
        return refuse(e, path, "cannot load the plug-in: %s", dlerror());
    *(void **)&entry = dlsym(h, PZ_PLUGIN_ENTRY);
    if (!entry) {
        dlclose(h);
        return refuse(e, path,
                      "not a puzzlebench plug-in: no entry point %s (PZ_PLUGIN in "
                      "puzzlebench/puzzlebench.h writes it)",
                      PZ_PLUGIN_ENTRY);
    }
    if (!(pl = entry())) {
        dlclose(h);
        return refuse(e, path, "the entry point %s returned NULL", PZ_PLUGIN_ENTRY);
    }
    if (pl->contract != PZ_CONTRACT_VERSION) {
        int v = pl->contract;
        dlclose(h);
        return refuse(e, path,
                      "built for contract version %d; this puzzlebench takes version %d "
                      "(rebuild it against this puzzlebench's puzzlebench.h)",
                      v, PZ_CONTRACT_VERSION);
    }
    if (take(path, file, pl, pending, &n, e)) {
        for (int i = 0; i < n; i++)
            free((char *)pending[i].name);
        dlclose(h);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        pz_solver *s = malloc(sizeof *s);
        if (!s)
            pz_fatal("out of memory");
        *s = pending[i];
#ifdef GUARD
        guard_solver(s);
#endif
        pz__register(s);
    }
    return 0;
}

int pz_plugin_load_env(pz_error *e)
{
    static int done;
    const char *list = getenv("PUZZLEBENCH_PLUGINS");
    if (done++ || !list)
        return 0;
    char *copy = join(list, "", ""), *save = NULL;
    int status = 0;
    for (char *p = strtok_r(copy, ":", &save); p && !status; p = strtok_r(NULL, ":", &save))
        if ((status = pz_plugin_load(p, e)))
            snprintf(e->msg + strlen(e->msg), sizeof e->msg - strlen(e->msg),
                     " (from PUZZLEBENCH_PLUGINS)");
    free(copy);
    return status;
}
