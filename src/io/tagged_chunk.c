/* SPDX-License-Identifier: MIT */
/* tagged_chunk.c — where an input of a tagged syntax whose blank line ends
 * a record (MEDLINE, EndNote tagged, refer) may be cut for -j (pc_chunker,
 * src/io/parallel.c): just after a blank line.  A blank line always ends
 * the record being read (tagged.c), and between records it only resets
 * the once-a-run warning about stray text, so the reader after it is in
 * the state it has at the start of an input.  A "line" here runs to an LF;
 * one holding only white space (CR included) is one or more blank lines
 * as pc_lines reads them.  A blank line ended only by a lone CR is not
 * looked for: it just makes the chunk longer. */
#include "io/tagged.h"

#include <string.h>

static int blank_fits(const char *path, const pc_ctx *ctx)
{
    (void)path, (void)ctx;
    return true;
}

static bool all_space(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!pc_is_space((unsigned char)s[i]))
            return false;
    return true;
}

static size_t blank_end(const pc_chunk_at *at, const char *p, size_t n, size_t from)
{
    (void)at;
    size_t i = from;
    if (i > 0 && i < n && p[i - 1] != '\n') { /* from the next line start */
        const char *lf = memchr(p + i, '\n', n - i);
        if (!lf)
            return 0;
        i = (size_t)(lf - p) + 1;
    }
    while (i < n) {
        const char *lf = memchr(p + i, '\n', n - i);
        if (!lf)
            return 0;
        size_t e = (size_t)(lf - p);
        if (all_space(p + i, e - i))
            return e + 1;
        i = e + 1;
    }
    return 0;
}

const pc_chunker pc_tagged_blank_chunker = {.fits = blank_fits, .end = blank_end};
