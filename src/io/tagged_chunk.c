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

static int blank_fits(const char *path, const char *head, size_t n, const pc_ctx *ctx)
{
    (void)path, (void)head, (void)n, (void)ctx;
    return true;
}

static bool all_space(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!pc_is_space((unsigned char)s[i]))
            return false;
    return true;
}

/* A blank line ends a record: cut after it. */
static size_t blank_ends(const char *p, size_t n, size_t i, size_t e)
{
    (void)n;
    return all_space(p + i, e - i) ? e + 1 : 0;
}

static size_t blank_end(const pc_chunk_at *at, const char *p, size_t n, size_t from)
{
    (void)at;
    return pc_chunk_by_lines(p, n, from, blank_ends);
}

const pc_chunker pc_tagged_blank_chunker = {.fits = blank_fits, .end = blank_end};
