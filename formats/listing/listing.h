/* SPDX-License-Identifier: MIT */
/* listing.h — the listing reader's parts shared by its files: listing.c
 * (the reader) and chunk.c (where -j may cut). */
#ifndef PC_LISTING_H
#define PC_LISTING_H

#include "format.h"

/* Whether the line s[0, n) starts a record: "• " at its start. */
static inline bool pc_listing_bullet(const char *s, size_t n)
{
    return n >= 4 && memcmp(s, "\xE2\x80\xA2 ", 4) == 0;
}

extern const pc_chunker pc_listing_chunker;

#endif
