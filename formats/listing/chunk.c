/* SPDX-License-Identifier: MIT */
/* chunk.c — where a listing may be cut for -j (pc_chunker,
 * src/io/parallel.c): just before a line that starts with "• ", which
 * always starts a record (listing.c).  A later chunk's reader is given the
 * input's header (the lines before its first record) as its context, so
 * that its records take the same heading. */
#include "listing.h"

static int listing_fits(const char *path, const char *head, size_t n, const pc_ctx *ctx)
{
    (void)path, (void)head, (void)n, (void)ctx;
    return true;
}

/* A record's bullet line: cut before it (not at the chunk's first byte). */
static size_t bullet_starts(const char *p, size_t n, size_t i, size_t e)
{
    (void)n;
    return i > 0 && pc_listing_bullet(p + i, e - i) ? i : 0;
}

static size_t listing_end(const pc_chunk_at *at, const char *p, size_t n, size_t from)
{
    (void)at;
    return pc_chunk_by_lines(p, n, from, bullet_starts);
}

/* The header: the first chunk up to its first bullet line. */
static size_t listing_context(const char *p, size_t n)
{
    for (size_t i = 0; i < n;) {
        const char *lf = memchr(p + i, '\n', n - i);
        size_t e = lf ? (size_t)(lf - p) : n;
        if (pc_listing_bullet(p + i, e - i))
            return i;
        i = e + 1;
    }
    return n;
}

const pc_chunker pc_listing_chunker = {.fits = listing_fits, .end = listing_end, .context = listing_context};
