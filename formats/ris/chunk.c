/* SPDX-License-Identifier: MIT */
/* chunk.c — where a RIS input may be cut for -j (pc_chunker,
 * src/io/parallel.c): just after an "ER  -" line, which ends a record
 * whatever follows it (read.c).  Only the standard spelling at the start
 * of a line ending in LF is looked for; a record ended otherwise just
 * makes the chunk longer. */
#include "ris.h"

static int ris_fits(const char *path, const char *head, size_t n, const pc_ctx *ctx)
{
    (void)path, (void)head, (void)n, (void)ctx;
    return true;
}

/* An "ER  -" line ends a record: cut after it. */
static size_t er_ends(const char *p, size_t n, size_t i, size_t e)
{
    (void)n;
    return e - i >= 5 && memcmp(p + i, "ER  -", 5) == 0 ? e + 1 : 0;
}

static size_t ris_end(const pc_chunk_at *at, const char *p, size_t n, size_t from)
{
    (void)at;
    return pc_chunk_by_lines(p, n, from, er_ends);
}

const pc_chunker pc_ris_chunker = {.fits = ris_fits, .end = ris_end};
