/* shrink.c - failures made small and kept as regressions.
 *
 * A failure of a run is shrunk greedily (pz_shrink, with the puzzle's
 * simpler neighbours) while it still fails, and written as
 * DIR/PUZZLE-HASH.in with the reference's answer in .ans, so every later run
 * of corpus/regressions checks it again.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../util/util.h"
#include "judge.h"
#include "shrink.h"

void pz_shrink(const pz_puzzle *p, const void *inst, void *out,
               int (*still)(void *ctx, const void *inst), void *ctx, const pz_shrink_limits *lim,
               pz_shrunk *done)
{
    char *cand = pz_xmalloc(p->inst_size), size0[32] = "", size[32];
    double deadline = lim->seconds > 0 ? pz_now() + lim->seconds : 0;
    long tries = lim->tries > 0 ? lim->tries : -1;
    memset(done, 0, sizeof *done);
    memcpy(out, inst, p->inst_size);
    if (lim->same_size)
        p->size(inst, size0, sizeof size0);
    for (int k = 0; tries && p->shrink(out, k, cand); k++, tries--) {
        if (lim->same_size && (p->size(cand, size, sizeof size), strcmp(size, size0)))
            continue;
        if (lim->runs > 0 && done->runs >= lim->runs)
            break;
        if (deadline && pz_now() > deadline) {
            done->late = 1;
            break;
        }
        done->runs++;
        if (still(ctx, cand)) {
            memcpy(out, cand, p->inst_size);
            done->steps++;
            k = -1;
        }
    }
    free(cand);
}

/* Shrinking ------------------------------------------------------------ */

typedef struct shrinker {
    const pz_puzzle *p;
    const pz_solver *solvers[PZ_RUN_SOLVERS];
    void *scratch[PZ_RUN_SOLVERS];
    char *ans; /* one answer per solver */
    int n;
    int order[PZ_RUN_SOLVERS]; /* the solvers in reference order */
    int ref;                   /* after fails(): the reference answer, or -1 */
    unsigned bad;              /* after fails(): the answers the checker rejects */
    int dir;                   /* the folder: 0 not made yet, 1 there, -1 cannot be made */
} shrinker;

/* Makes dir once, before the first regression written to it; where it
 * cannot be made, says so once, not for each failure.  1 if it is there. */
static int make_dir(shrinker *k, const char *dir)
{
    if (!k->dir) {
        k->dir = mkdir(dir, 0777) && errno != EEXIST ? -1 : 1;
        if (k->dir < 0)
            fprintf(stderr,
                    "puzzlebench: cannot make %s: %s; no regression saved (--save DIR saves "
                    "them there)\n",
                    dir, strerror(errno));
    }
    return k->dir > 0;
}

/* Does inst still show a failure: an answer the checker rejects, or two
 * answers that check and differ?  Leaves every answer in k->ans and the
 * reference among them (judge.h: the first that checks in reference order)
 * in k->ref. */
static int fails(shrinker *k, const void *inst)
{
    const pz_puzzle *p = k->p;
    const char *why;
    unsigned bad = 0, valid = 0;
    int differ = 0;
    for (int s = 0; s < k->n; s++) {
        char *a = k->ans + (size_t)s * p->ans_size;
        if (!k->solvers[s]->fits(inst))
            continue;
        if (k->solvers[s]->solve(inst, a, k->scratch[s]) || p->check(inst, a, &why) != PZ_VALID)
            bad |= 1u << s;
        else
            valid |= 1u << s;
    }
    k->ref = pz_reference_pick(k->order, k->n, valid);
    for (int s = 0; s < k->n; s++)
        if (((valid >> s) & 1) && s != k->ref)
            differ |= !p->same(inst, k->ans + (size_t)k->ref * p->ans_size,
                               k->ans + (size_t)s * p->ans_size);
    k->bad = bad;
    return bad || differ;
}

static uint64_t fnv1a(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return h;
}

static int write_text(const char *path, const char *text)
{
    char *tmp;
    FILE *f = pz_atomic_open(path, &tmp);
    if (!f)
        return -1;
    fputs(text, f);
    return pz_atomic_close(f, tmp, path);
}

/* Shrinking a failure of slow solvers on a big board could take hours: it
 * stops, with the smallest failing instance so far, after SHRINK_SECONDS. */
enum { SHRINK_SECONDS = 60 };

static int still_fails(void *ctx, const void *inst)
{
    return fails(ctx, inst);
}

static int save_one(shrinker *k, const pz_failure *f, const char *dir)
{
    const pz_puzzle *p = k->p;
    char *path, *ansp = NULL, size[32], *in, *ans = NULL;
    static const pz_shrink_limits lim = {.tries = 100000, .seconds = SHRINK_SECONDS};
    pz_shrunk done;
    int wrote = 0, bad;
    void *small = pz_xcalloc(1, p->inst_size);
    struct stat st;
    pz_shrink(p, f->inst, small, still_fails, k, &lim, &done);
    bad = fails(k, small);
    in = pz_render_one(p, small, NULL);
    /* The .ans holds the reference as in the run: the first answer, in
     * reference order, that the checker accepts.  Where one answer fails its
     * check, that is the other one; where both check and differ, it is the
     * reference solver's, which may be the wrong one: a person decides. */
    if (k->ref >= 0)
        ans = pz_render_one(p, small, k->ans + (size_t)k->ref * p->ans_size);
    p->size(small, size, sizeof size);
    path = pz_xasprintf("%s/%s-%012llx.in", dir, p->name, (unsigned long long)(fnv1a(in) >> 16));
    if (!bad) {
        fprintf(stderr, "puzzlebench: failure at index %lld does not reproduce\n", f->index);
    } else if (!make_dir(k, dir)) {
        ; /* said once */
    } else if (stat(path, &st) == 0) {
        fprintf(stderr, "puzzlebench: index %lld shrinks to %s, already there\n", f->index, path);
    } else if ((ans && write_text(ansp = pz_ans_path(path), ans)) || write_text(path, in)) {
        fprintf(stderr, "puzzlebench: no regression saved for index %lld\n", f->index);
    } else { /* the .ans first: a .in never lacks its answer */
        wrote = 1;
        fprintf(stderr, "puzzlebench: index %lld shrinks in %d steps%s to a %s instance: wrote %s",
                f->index, done.steps, done.late ? " (then the time ran out)" : "", size, path);
        if (ans)
            fprintf(stderr,
                    k->bad ? " and .ans (%s's answer, which checks)"
                           : " and .ans (%s's: both answers check, review it)",
                    k->solvers[k->ref]->name);
        fputc('\n', stderr);
    }
    free(small);
    free(in);
    free(ans);
    free(path);
    free(ansp);
    return wrote;
}

int pz_save_regressions(const pz_result *res, const char *dir)
{
    shrinker k = {.p = res->corpus->puzzle};
    int wrote = 0, tried = 0;
    k.ans = pz_xcalloc((size_t)res->opts.nsolvers, k.p->ans_size);
    for (int i = 0; i < res->nfail && tried < PZ_SHRINK; i++) {
        const pz_failure *f = &res->fail[i];
        k.n = 0;
        for (int s = 0; s < res->opts.nsolvers; s++) /* the solvers that took it */
            if (f->answer[s])
                k.solvers[k.n++] = res->opts.solvers[s];
        pz_reference_order(k.solvers, k.n, k.order);
        if (!f->inst) /* a wide corpus's: kept as text only */
            continue;
        for (int s = 0; s < k.n; s++)
            k.scratch[s] = pz_scratch_new(k.solvers[s]);
        /* A disagreement with a file's expected answer alone does not shrink:
         * the file is the regression already. */
        if (fails(&k, f->inst)) {
            tried++;
            wrote += save_one(&k, f, dir);
        }
        for (int s = 0; s < k.n; s++)
            pz_scratch_free(k.solvers[s], k.scratch[s]);
    }
    free(k.ans);
    return wrote;
}
