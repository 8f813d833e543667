/* suggest.c - "did you mean": the offered name nearest to a misspelt word.
 *
 * Nearness is the optimal-string-alignment distance (Damerau-Levenshtein
 * without edits inside a transposed pair): insertions, deletions,
 * substitutions and swaps of two neighbours, one each.  A name is suggested
 * when it is at most 2 edits away and the edits are at most a third of it
 * (so "gf3" gives "gf2" but "bfs" gives nothing), or when the word of 3
 * letters or more begins it ("tetra": "tetravex"), the first such nearest
 * one in the order offered. */
#include <string.h>

#include "util.h"

enum { WORD_MAX = 64 }; /* longer words (paths, specs) get no suggestion */

static int min3(int a, int b, int c)
{
    int m = a < b ? a : b;
    return m < c ? m : c;
}

int pz_edit_distance(const char *a, const char *b)
{
    size_t m = strlen(a), n = strlen(b);
    int rows[3][WORD_MAX + 1], *prev2 = rows[0], *prev = rows[1], *cur = rows[2];
    if (m > WORD_MAX || n > WORD_MAX)
        return (int)(m > n ? m : n);
    for (size_t j = 0; j <= n; j++)
        prev[j] = (int)j;
    for (size_t i = 1; i <= m; i++) {
        int *t;
        cur[0] = (int)i;
        for (size_t j = 1; j <= n; j++) {
            int cost = a[i - 1] != b[j - 1];
            cur[j] = min3(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                prev2[j - 2] + 1 < cur[j])
                cur[j] = prev2[j - 2] + 1;
        }
        t = prev2, prev2 = prev, prev = cur, cur = t;
    }
    return prev[n];
}

void pz_suggest_init(pz_suggest *s, const char *word)
{
    s->word = word;
    s->best = NULL;
    s->dist = 3; /* more than any suggestion */
}

void pz_suggest_offer(pz_suggest *s, const char *name)
{
    int d;
    if (!name || !*name || strlen(s->word) > WORD_MAX || !strcmp(s->word, name))
        return;
    d = pz_edit_distance(s->word, name);
    /* A name the word begins ("tetra" of "tetravex") is as near as 2 edits. */
    if (d > 2 && strlen(s->word) >= 3 && !strncmp(s->word, name, strlen(s->word)))
        d = 2;
    if (d < s->dist && d <= 2 && 3 * d <= (int)strlen(name)) {
        s->best = name;
        s->dist = d;
    }
}

const char *pz_suggestion(const pz_suggest *s, const char *fmt, char *buf, size_t len)
{
    if (!s->best)
        snprintf(buf, len, "%s", "");
    else
        snprintf(buf, len, fmt, s->best);
    return buf;
}
