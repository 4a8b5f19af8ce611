/* SPDX-License-Identifier: MIT */
/* chunk.c — where a Web of Science input may be cut for -j (pc_chunker,
 * src/io/parallel.c): just after an "ER" line (the tag alone, spaces or a
 * CR after it) that is followed by a blank line or a "PT " line.  ER ends
 * the record being read (io/tagged.c); a stray ER between records is
 * ignored, and the blank line or the next record's PT then puts the reader
 * where it is at the start of an input either way.  A record ended
 * otherwise just makes the chunk longer. */
#include "wos.h"

static int wos_fits(const char *path, const char *head, size_t n, const pc_ctx *ctx)
{
    (void)path, (void)head, (void)n, (void)ctx;
    return true;
}

/* The line [s, s+n) (to its LF) is "ER", then only spaces, then maybe CR. */
static bool er_line(const char *s, size_t n)
{
    if (n && s[n - 1] == '\r')
        n--;
    if (n < 2 || s[0] != 'E' || s[1] != 'R')
        return false;
    for (size_t i = 2; i < n; i++)
        if (s[i] != ' ')
            return false;
    return true;
}

/* The line [s, s+n) is blank (white space only) or starts "PT ". */
static bool next_ok(const char *s, size_t n)
{
    if (n >= 3 && memcmp(s, "PT ", 3) == 0)
        return true;
    for (size_t i = 0; i < n; i++)
        if (!pc_is_space((unsigned char)s[i]))
            return false;
    return true;
}

/* An ER line that a blank or PT line follows: cut after it. */
static size_t er_ends(const char *p, size_t n, size_t i, size_t e)
{
    if (!er_line(p + i, e - i))
        return 0;
    const char *lf2 = memchr(p + e + 1, '\n', n - e - 1);
    return lf2 && next_ok(p + e + 1, (size_t)(lf2 - p) - e - 1) ? e + 1 : 0; /* no LF: not all here */
}

static size_t wos_end(const pc_chunk_at *at, const char *p, size_t n, size_t from)
{
    (void)at;
    return pc_chunk_by_lines(p, n, from, er_ends);
}

const pc_chunker pc_wos_chunker = {.fits = wos_fits, .end = wos_end};
