/* SPDX-License-Identifier: MIT */
/* suggest.c — "did you mean": the candidate nearest to a word the command
 * line did not know (a format name, a long option), by edit distance with
 * transpositions (bibtext -> bibtex, --unicdoe -> --unicode), else the one
 * that holds the word (json -> csljson); none when nothing is near. */
#include "cli.h"

#include <string.h>

enum { SUGGEST_MAX = 64 }; /* longer words get no suggestion */

/* Edit distance of a and b (optimal string alignment), at most 99. */
static size_t distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n >= SUGGEST_MAX || m >= SUGGEST_MAX)
        return 99;
    size_t d[SUGGEST_MAX + 1][SUGGEST_MAX + 1];
    for (size_t i = 0; i <= n; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= m; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= n; i++)
        for (size_t j = 1; j <= m; j++) {
            size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[n][m];
}

const char *pc_cli_suggest(const char *word, const char *const *cands, size_t n)
{
    size_t len = strlen(word), limit = len <= 3 ? 1 : len <= 6 ? 2 : 3;
    const char *best = NULL;
    size_t best_d = limit + 1;
    for (size_t i = 0; i < n; i++) {
        size_t d = distance(word, cands[i]);
        if (d < best_d) {
            best = cands[i];
            best_d = d;
        }
    }
    for (size_t i = 0; i < n && !best && len >= 3; i++)
        if (strstr(cands[i], word))
            best = cands[i];
    return best;
}
