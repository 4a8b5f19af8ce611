/* SPDX-License-Identifier: MIT */
/* chunk.c — where a BibTeX input may be cut for -j (pc_chunker,
 * src/io/parallel.c): just before an '@' in column 1, which the lexer
 * always takes as the start of the next entry, even inside a value (a
 * missing '}', lex.c), so a chunk's reader reads what the whole file's
 * reader reads; the chunk's end reads as that '@' (pc_source_cut), so a
 * brace left open says the same as it would.
 *
 * Only where nothing before the cut belongs to the entry after it: the
 * '@' in column 1 before it starts an entry (not @comment or @preamble,
 * which the reader keeps with the next entry) and no @comment or
 * @preamble stands between them.  A file is read in one piece when what
 * an entry means depends on text elsewhere in it — an @string macro, a
 * crossref or xdata parent (any case) — and when it is written back as
 * written (bibtex -> bibtex keeps each entry's surroundings, keep.c). */
#include "bibtex.h"

#include "io/compress.h"

enum { SCAN_BLOCK = 1 << 20, LONGEST = 8 /* "crossref" */ };

/* Whether p (n bytes) starts with the lower-case word w, in any case. */
static bool starts(const char *p, size_t n, const char *w)
{
    size_t k = strlen(w);
    return n >= k && pc_strncasecmp(p, w, k) == 0;
}

/* The first byte after the white space at p[i, n) (the lexer allows it
 * between '@' and the type: "@ string{"). */
static size_t after_space(const char *p, size_t n, size_t i)
{
    while (i < n && pc_is_space((unsigned char)p[i]))
        i++;
    return i;
}

/* Whether [p, p+n) names "@string", "crossref" or "xdata" anywhere; the
 * last LONGEST - 1 bytes are looked at again with the next block, and an
 * '@' whose white space runs to the block's end counts as a name (one
 * piece: the safe side). */
static bool names_elsewhere(const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        switch (p[i]) {
        case '@': {
            size_t t = after_space(p, n, i + 1);
            if (t == n || starts(p + t, n - t, "string"))
                return true;
            break;
        }
        case 'c': case 'C':
            if (starts(p + i, n - i, "crossref"))
                return true;
            break;
        case 'x': case 'X':
            if (starts(p + i, n - i, "xdata"))
                return true;
            break;
        default: break;
        }
    }
    return false;
}

static int bib_fits(const char *path, const char *head, size_t n, const pc_ctx *ctx)
{
    (void)head, (void)n;
    if (!path)
        return false; /* standard input: @string or crossref could come anywhere, after the cut */
    const char *w = ctx->write_format;
    if (w && !ctx->opt.bib.rewrite && (strcmp(w, "bibtex") == 0 || strcmp(w, "biblatex") == 0))
        return false; /* kept as written: each entry's lead and tail are the text around it */
    pc_plain *pl = pc_plain_open(path); /* its text: decompressed when it is compressed */
    if (!pl)
        return false;
    char *buf = pc_xmalloc(SCAN_BLOCK + LONGEST);
    size_t carry = 0;
    bool ok = true;
    for (;;) {
        ssize_t got = pc_plain_read(pl, buf + carry, SCAN_BLOCK);
        if (got < 0) {
            ok = false;
            break;
        }
        size_t len = carry + (size_t)got;
        if (names_elsewhere(buf, len)) {
            ok = false;
            break;
        }
        if (got == 0)
            break;
        carry = len < LONGEST - 1 ? len : LONGEST - 1; /* a word cut by the block's end */
        memmove(buf, buf + len - carry, carry);
    }
    pc_free(buf);
    pc_plain_close(pl);
    return ok;
}

/* The type after the '@' at p[at]: true if it is @comment or @preamble. */
static bool kept_with_next(const char *p, size_t n, size_t at)
{
    size_t i = after_space(p, n, at + 1);
    return i == n || starts(p + i, n - i, "comment") || starts(p + i, n - i, "preamble");
}

/* Whether [from, to) holds an '@' that starts @comment or @preamble. */
static bool holds_kept(const char *p, size_t n, size_t from, size_t to)
{
    for (const char *q = p + from; (q = memchr(q, '@', (size_t)(p + to - q))) != NULL; q++)
        if (kept_with_next(p, n, (size_t)(q - p)))
            return true;
    return false;
}

static size_t bib_end(const pc_chunk_at *at, const char *p, size_t n, size_t from)
{
    (void)at;
    /* prev: the last '@' in column 1 before the candidate (none yet: n) */
    size_t prev = n, i = 0;
    if (from > 0) { /* the last '@' in column 1 before from: scanned back */
        for (size_t k = (from < n ? from : n) - 1; k > 0; k--)
            if (p[k] == '@' && p[k - 1] == '\n') {
                prev = k;
                break;
            }
        i = from - 1; /* a line end just before from starts a candidate at from */
    }
    if (prev == n && n && p[0] == '@')
        prev = 0;
    while (i < n) {
        const char *q = memchr(p + i, '\n', n - i);
        if (!q || (size_t)(q - p) + 1 >= n)
            return 0;
        size_t at = (size_t)(q - p) + 1;
        i = at;
        if (p[at] != '@')
            continue;
        if (prev != n && at > prev && !kept_with_next(p, n, prev) && !holds_kept(p, n, prev + 1, at))
            return at;
        prev = at;
    }
    return 0;
}

const pc_chunker pc_bib_chunker = {.fits = bib_fits, .end = bib_end};
