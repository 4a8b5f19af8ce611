/* SPDX-License-Identifier: MIT */
/* chunk.c — where a Scopus CSV file may be cut for -j (pc_chunker,
 * src/io/parallel.c): after the line feed that ends a row.
 *
 * A row ends at a line end outside quotes, so the cut is found by walking
 * the chunk from its first byte (a row's start) as the reader reads it
 * (read.c): line by line (CR, LF or CRLF, a byte-order mark at a line
 * start dropped), each line and one "\n" through libcsv's strict states.
 * Those are followed here exactly, errors included: a quote inside an
 * unquoted cell, or text after a closing quote, makes the reader skip the
 * rest of its line and start a new row on the next, and so does this walk.
 * Only a row end at a line feed is a cut (a chunk starts at a line start
 * as the readers count lines).  Cut only when the first line is the whole
 * header (no quote left open, no NUL): its delimiter is the chunker's mode
 * and the line is every later chunk's context, its header. */
#include "scopus.h"

#include <string.h>

/* libcsv's parser states (its csv_parse, CSV_STRICT). */
enum { ROW_NOT_BEGUN, FIELD_NOT_BEGUN, FIELD_BEGUN, FIELD_MIGHT_HAVE_ENDED };

typedef struct walk {
    unsigned char delim;
    int state;
    bool quoted;
    bool spaces;   /* spaces after a closing quote */
    bool skipping; /* after an error: the rest of the line is not read */
} walk;

static bool is_space(unsigned char c, unsigned char delim) { return (c == ' ' || c == '\t') && c != delim; }

/* One byte of a line (no CR or LF), as libcsv takes it. */
static void take(walk *w, unsigned char c)
{
    switch (w->state) {
    case ROW_NOT_BEGUN:
    case FIELD_NOT_BEGUN:
        if (is_space(c, w->delim))
            return;
        if (c == w->delim)
            w->state = FIELD_NOT_BEGUN;
        else
            w->state = FIELD_BEGUN, w->quoted = c == '"';
        return;
    case FIELD_BEGUN:
        if (c == '"' && w->quoted) {
            w->state = FIELD_MIGHT_HAVE_ENDED;
            w->spaces = false;
        } else if (c == '"') {
            w->skipping = true; /* a quote inside an unquoted cell */
        } else if (c == w->delim && !w->quoted) {
            w->state = FIELD_NOT_BEGUN;
        }
        return;
    default: /* FIELD_MIGHT_HAVE_ENDED */
        if (c == w->delim)
            w->state = FIELD_NOT_BEGUN;
        else if (c == ' ' || c == '\t')
            w->spaces = true;
        else if (c == '"' && !w->spaces)
            w->state = FIELD_BEGUN;
        else
            w->skipping = true; /* an unescaped quote */
        return;
    }
}

/* The "\n" the reader gives libcsv after each line: true when it ends the
 * row (or the line was skipped after an error: a new row starts). */
static bool line_end(walk *w)
{
    if (w->skipping) {
        w->skipping = false;
        w->state = ROW_NOT_BEGUN;
        return true;
    }
    if (w->state == FIELD_BEGUN && w->quoted)
        return false; /* a line break inside a quoted cell */
    w->state = ROW_NOT_BEGUN;
    return true;
}

/* Walks p[0, n) from a row's start; returns the offset after the first
 * line feed at or after `from` that ends a row, 0 when there is none. */
static size_t walk_to_cut(walk *w, const char *p, size_t n, size_t from)
{
    bool line_start = true;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)p[i];
        if (line_start && c == 0xEF && i + 2 < n && !memcmp(p + i, "\xEF\xBB\xBF", 3)) {
            i += 2; /* a byte-order mark at a line start: pc_lines drops it */
            continue;
        }
        line_start = false;
        if (c == '\r' && i + 1 < n && p[i + 1] == '\n')
            c = (unsigned char)p[++i]; /* CRLF: one line end, at its LF */
        if (c == '\r' || c == '\n') {
            line_start = true;
            if (line_end(w) && c == '\n' && i >= from)
                return i + 1;
            continue;
        }
        if (w->skipping)
            continue;
        if (w->state == FIELD_BEGUN && w->quoted && c != '"') { /* a quoted cell's text: to its next quote, */
            size_t k = i + 1;                                   /* line end or mark */
            while (k < n && p[k] != '"' && p[k] != '\n' && p[k] != '\r')
                k++;
            i = k - 1;
            continue;
        }
        take(w, c);
    }
    return 0;
}

/* The first line of head[0, n): [*b, *e) past any byte-order mark; false
 * when it does not end in these bytes. */
static bool first_line(const char *head, size_t n, size_t *b, size_t *e)
{
    *b = n >= 3 && !memcmp(head, "\xEF\xBB\xBF", 3) ? 3 : 0;
    for (*e = *b; *e < n && head[*e] != '\n' && head[*e] != '\r'; (*e)++)
        ;
    return *e < n;
}

static int scopus_fits(const char *path, const char *head, size_t n, const pc_ctx *ctx)
{
    (void)path, (void)ctx;
    size_t b, e;
    if (!first_line(head, n, &b, &e) || e == b || memchr(head + b, '\0', e - b))
        return 0;
    walk w = {.delim = pc_scopus_header_delim(head + b, e - b)};
    for (size_t i = b; i < e && !w.skipping; i++)
        take(&w, (unsigned char)head[i]);
    if (w.skipping || (w.state == FIELD_BEGUN && w.quoted))
        return 0; /* not a clean one-line header */
    return w.delim;
}

static size_t scopus_end(const pc_chunk_at *at, const char *p, size_t n, size_t from)
{
    walk w = {.delim = (unsigned char)at->mode};
    return walk_to_cut(&w, p, n, from);
}

/* The header: the first line with its line end. */
static size_t scopus_context(const char *p, size_t n)
{
    size_t b, e;
    if (!first_line(p, n, &b, &e))
        return 0;
    return e + (p[e] == '\r' && e + 1 < n && p[e + 1] == '\n') + 1;
}

const pc_chunker pc_scopus_chunker = {.fits = scopus_fits, .end = scopus_end, .context = scopus_context};
