/* SPDX-License-Identifier: MIT */
/* chunk.c — where a RIS input may be cut for -j (pc_chunker,
 * src/io/parallel.c): just after an "ER  -" line, which ends a record
 * whatever follows it (read.c).  Only the standard spelling at the start
 * of a line ending in LF is looked for; a record ended otherwise just
 * makes the chunk longer. */
#include "ris.h"

static int ris_fits(const char *path, const pc_ctx *ctx)
{
    (void)path, (void)ctx;
    return true;
}

static size_t ris_end(const pc_chunk_at *at, const char *p, size_t n, size_t from)
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
        if ((size_t)(lf - p) - i >= 5 && memcmp(p + i, "ER  -", 5) == 0)
            return (size_t)(lf - p) + 1;
        i = (size_t)(lf - p) + 1;
    }
    return 0;
}

const pc_chunker pc_ris_chunker = {.fits = ris_fits, .end = ris_end};
