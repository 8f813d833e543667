/* output.c - a result's reports written (output.h). */
#include "output.h"

#include <stdlib.h>
#include <string.h>

#include "bmf.h"
#include "github.h"
#include "html.h"
#include "junit.h"
#include "report.h"

const char *const pz_output_option[PZ_OUTS] = {"--json", "--csv",   "--md",
                                               "--html", "--junit", "--bmf"};

int pz_write_reports(const pz_result *r, const char *const out[PZ_OUTS])
{
    void (*writers[PZ_OUTS])(FILE *, const pz_result *) = {pz_write_json,     pz_write_csv,
                                                           pz_write_markdown, pz_write_html,
                                                           pz_write_junit,    pz_write_bmf};
    int tostdout = 0, bad = 0;
    for (int i = 0; i < PZ_OUTS; i++)
        tostdout |= out[i] && !strcmp(out[i], "-");
    pz_write_summary(tostdout ? stderr : stdout, r);
    for (int i = 0; i < PZ_OUTS && !bad; i++) {
        char *path;
        if (!out[i])
            continue;
        /* A partial report never replaces a complete one from an earlier run. */
        path = r->partial && strcmp(out[i], "-") ? pz_partial_path(out[i]) : NULL;
        bad = pz_write_report(path ? path : out[i], writers[i], r) != 0;
        if (path && !bad)
            fprintf(stderr,
                    "puzzlebench: interrupted: the partial report is %s (%s is as it was)\n", path,
                    out[i]);
        free(path);
    }
    if (bad)
        return -1;
    if (pz_github_on())
        pz_github_report(r);
    return pz_result_fails(r);
}
