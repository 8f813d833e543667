/* solve.c - `puzzlebench solve`: judge mode. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "../bench/judge.h"

int pz_cmd_solve(int argc, char **argv)
{
    const char *solver = NULL, *path = NULL;
    const pz_puzzle *p = NULL;
    for (int i = 1; i < argc; i++) {
        if (pz_option(argc, argv, &i, "--solver", &solver))
            continue;
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            printf("usage: puzzlebench solve PUZZLE [--solver S] [FILE]\n"
                   "Reads the judge's input from FILE (or stdin) and prints the judge's output.\n"
                   "Without --solver, each instance goes to the first solver that takes it.\n");
            return PZ_EXIT_OK;
        }
        if (argv[i][0] == '-' && argv[i][1])
            return pz_usage("solve: unknown option '%s'", argv[i]);
        if (!p) {
            if (!(p = pz_find_puzzle(argv[i])))
                return pz_usage("solve: unknown puzzle '%s' (see puzzlebench list)", argv[i]);
        } else if (!path) {
            path = argv[i];
        } else {
            return pz_usage("solve: one input file at most");
        }
    }
    if (!p)
        return pz_usage("solve: which puzzle? (see puzzlebench list)");
    const pz_solver *only = NULL;
    if (solver && !(only = pz_find_solver(p->name, solver)))
        return pz_usage("solve: %s has no solver '%s' (see puzzlebench list)", p->name, solver);

    FILE *in = stdin;
    if (path && strcmp(path, "-") && !(in = fopen(path, "r")))
        return pz_usage("solve: cannot open %s", path);
    pz_prepare_all();
    pz_reference ref;
    void *inst = calloc(1, p->inst_size), *ans = calloc(1, p->ans_size);
    pz_reader r;
    pz_error e;
    int rc, status = PZ_EXIT_OK;
    unsigned long long k = 0;
    static char obuf[1 << 16];
    setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
    pz_reader_init(&r, in, path && strcmp(path, "-") ? path : "stdin");
    pz_reference_init(&ref, p, only);
    while ((rc = p->read(&r, inst, &e)) == 1) {
        if (pz_reference_solve(&ref, inst, ans, &e)) {
            status = pz_usage("%s:%ld: %s", r.name, r.line, e.msg);
            break;
        }
        p->write_answer(stdout, ++k, inst, ans);
    }
    if (rc < 0)
        status = pz_print_error(&e);
    fflush(stdout);
    pz_reference_free(&ref);
    free(inst);
    free(ans);
    pz_reader_free(&r);
    if (in != stdin)
        fclose(in);
    return status;
}
