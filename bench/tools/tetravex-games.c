/* tetravex-games.c - every solver on every game of a Tetravex corpus, one
 * game at a time, each under a CPU-time cap: the game-by-game figures
 * (portfolio against its members, median and worst game per n) of
 * results/tetravex.md.  `puzzlebench run` times batches, has no cap and
 * reports only the slowest game; here each (game, solver) runs in a child
 * process limited by RLIMIT_CPU, so a solver that would take minutes on one
 * game costs the cap, and the row says so.
 *
 *     tetravex-games [--cap SECONDS] CORPUS SOLVER...
 *
 * Prints one tab-separated row per game and solver:
 *     index  n  solver  cpu-seconds  answer
 * where answer is Possible, Impossible or timeout (cpu-seconds is then the
 * cap).  Exit status 1 if two solvers that answered disagree, or an answer
 * fails the checker.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../util/util.h"
#include "../corpus.h"
#include "../../solvers/tetravex/tetravex.h"

/* What a child sends back. */
typedef struct result {
    double seconds;
    int possible;
    int valid;
} result;

/* Solves g with s in a child under a cap of cap CPU seconds; 0 and *out
 * filled, or -1 if the child did not finish. */
static int run_one(const pz_solver *s, const tx_game *g, int cap, result *out)
{
    int fd[2];
    if (pipe(fd))
        pz_fatal("tetravex-games: pipe failed");
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0)
        pz_fatal("tetravex-games: fork failed");
    if (pid == 0) {
        struct rlimit rl = {(rlim_t)cap, (rlim_t)cap + 1};
        tx_answer a;
        result r;
        const char *why;
        void *scratch = calloc(1, s->scratch_size ? s->scratch_size : 1);
        close(fd[0]);
        setrlimit(RLIMIT_CPU, &rl);
        double t0 = pz_cpu_now();
        s->solve(g, &a, scratch);
        r.seconds = pz_cpu_now() - t0;
        r.possible = a.possible;
        r.valid = pz_tetravex.check(g, &a, &why) == PZ_VALID;
        if (write(fd[1], &r, sizeof r) != (ssize_t)sizeof r)
            _exit(3);
        _exit(0);
    }
    close(fd[1]);
    ssize_t got = read(fd[0], out, sizeof *out);
    close(fd[0]);
    int status;
    waitpid(pid, &status, 0);
    return got == (ssize_t)sizeof *out && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
    int cap = 30, first = 1, status = 0;
    if (argc > 2 && !strcmp(argv[1], "--cap")) {
        cap = atoi(argv[2]);
        first = 3;
    }
    if (argc < first + 2 || cap < 1) {
        fprintf(stderr, "usage: tetravex-games [--cap SECONDS] CORPUS SOLVER...\n");
        return 2;
    }
    const pz_solver *sv[32];
    int ns = 0;
    for (int i = first + 1; i < argc && ns < 32; i++) {
        if (!(sv[ns] = pz_find_solver("tetravex", argv[i]))) {
            fprintf(stderr, "tetravex-games: no tetravex solver '%s'\n", argv[i]);
            return 2;
        }
        if (sv[ns]->prepare && sv[ns]->prepare())
            pz_fatal("tetravex-games: %s: prepare failed", argv[i]);
        ns++;
    }
    pz_corpus c;
    pz_error e;
    if (pz_corpus_open(&c, &pz_tetravex, argv[first], &e)) {
        fprintf(stderr, "tetravex-games: %s: %s\n", argv[first], e.msg);
        return 2;
    }
    for (long long k = 0; k < c.count; k++) {
        tx_game g;
        int answer = -1;
        pz_corpus_get(&c, k, &g);
        for (int s = 0; s < ns; s++) {
            result r;
            if (!sv[s]->fits(&g))
                continue;
            if (run_one(sv[s], &g, cap, &r)) {
                printf("%lld\t%d\t%s\t%d\ttimeout\n", k, g.n, sv[s]->name, cap);
                continue;
            }
            printf("%lld\t%d\t%s\t%.6f\t%s\n", k, g.n, sv[s]->name, r.seconds,
                   r.possible ? "Possible" : "Impossible");
            if (!r.valid) {
                fprintf(stderr, "game %lld: %s: the answer fails the check\n", k, sv[s]->name);
                status = 1;
            }
            if (answer >= 0 && answer != r.possible) {
                fprintf(stderr, "game %lld: %s disagrees\n", k, sv[s]->name);
                status = 1;
            }
            answer = r.possible;
        }
    }
    pz_corpus_close(&c);
    return status;
}
