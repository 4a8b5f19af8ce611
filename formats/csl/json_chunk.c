/* SPDX-License-Identifier: MIT */
/* json_chunk.c — where the `json` reader's input may be cut for -j
 * (pc_chunker, src/io/parallel.c):
 *  - JSON Lines (a file named .jsonl or .ndjson, which is how the splitter
 *    knows it: json_split.c, or an input whose first value is an object
 *    that ends its first line, how the splitter knows it otherwise) at any
 *    line end, since a raw line end ends a top-level value there;
 *  - an input that starts with '[' (nothing is checked over the whole
 *    input first: a chunk reads as the whole input would from there; the
 *    splitter judges the array's shape, and a chunk that holds its end
 *    reads what follows it as the whole input's reader would) just after a
 *    line end that follows an element's ',' (only spaces, tabs or a CR
 *    between).  The splitter streams such an array's elements one at a
 *    time; a chunk after the first starts inside the array
 *    (pc_source_continued) and one cut after its ',' ends there
 *    (pc_source_cut).  An array on one line is read in one piece.
 * Other JSON (an API envelope, values over several lines) is read in one
 * piece. */
#include "json.h"

enum { MODE_LINES = PC_JSON_CUT_LINES, MODE_ARRAY = PC_JSON_CUT_ARRAY };

/* The structure of a JSON text as the splitter reads it (json_split.c):
 * strings skipped with memchr, a '"' after an odd run of backslashes
 * escaped; brackets and braces counted. */
typedef struct shape {
    size_t depth;
    size_t bs; /* in a string: backslashes just before the next byte */
    bool in_str, bad;
} shape;

static const unsigned char structural[256] = {
    ['"'] = 1, ['['] = 1, ['{'] = 1, [']'] = 1, ['}'] = 1, [','] = 1,
};

/* Moves s over p[i, n) up to the next ',' at depth 1 or the bracket that
 * brings the depth to 0 (outside strings): returns its offset, or n. */
static size_t scan_to(shape *s, const char *p, size_t i, size_t n)
{
    while (i < n) {
        if (s->in_str) {
            const char *q = memchr(p + i, '"', n - i);
            size_t qi = q ? (size_t)(q - p) : n, k = 0;
            while (qi - k > i && p[qi - 1 - k] == '\\')
                k++;
            size_t run = k + (qi - k == i ? s->bs : 0);
            if (!q) {
                s->bs = run;
                return n;
            }
            s->bs = 0;
            s->in_str = (run & 1) != 0; /* an escaped quote: still in it */
            i = qi + 1;
            continue;
        }
        unsigned char c = (unsigned char)p[i];
        if (!structural[c]) {
            i++;
            continue;
        }
        if (c == '"') {
            s->in_str = true;
            s->bs = 0;
        } else if (c == '[' || c == '{') {
            s->depth++;
        } else if (c == ']' || c == '}') {
            if (s->depth == 0) {
                s->bad = true;
            } else if (--s->depth == 0) {
                return i;
            }
        } else if (s->depth == 1) {
            return i; /* a ',' between the array's elements */
        }
        i++;
    }
    return n;
}

static bool is_ws(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* How the input's top says it is cut: an array (its shape is the
 * splitter's to judge: a chunk reads the way the whole input would from
 * there, and an array closed on its first line is not cut), or JSON Lines
 * as the splitter tells them, a first value that is an object ending on
 * its first line just before the line end. */
static int top_mode(const char *head, size_t n)
{
    size_t i = 0;
    while (i < n && is_ws((unsigned char)head[i]))
        i++;
    if (i < n && head[i] == '[')
        return MODE_ARRAY;
    if (i >= n || head[i] != '{')
        return 0;
    shape s = {.depth = 1};
    size_t at = i + 1;
    do
        at = scan_to(&s, head, at, n) + 1; /* past a ',' at depth 1, or the closing brace */
    while (at <= n && head[at - 1] == ',' && s.depth == 1 && !s.in_str);
    if (s.bad || s.depth != 0 || at >= n || (head[at] != '\n' && head[at] != '\r'))
        return 0;
    return memchr(head + i, '\n', at - i) || memchr(head + i, '\r', at - i) ? 0 : MODE_LINES;
}

static int json_fits(const char *path, const char *head, size_t n, const pc_ctx *ctx)
{
    (void)ctx;
    if (path && pc_json_lines_name(path))
        return MODE_LINES;
    return top_mode(head, n);
}

/* After an element's ',' at the array's level, only spaces, tabs and a CR
 * up to a LF: the offset after that LF, else 0. */
static size_t after_comma_line(const char *p, size_t n, size_t i)
{
    for (; i < n; i++) {
        if (p[i] == '\n')
            return i + 1;
        if (p[i] != ' ' && p[i] != '\t' && p[i] != '\r')
            return 0;
    }
    return 0;
}

/* A chunk of the array: p[0] is the input's first byte (before the '[')
 * or the start of a line inside the array, after an element's ','. */
static size_t array_end(const pc_chunk_at *at, const char *p, size_t n, size_t from)
{
    if (from >= n)
        return 0;
    shape s = {.depth = 1};
    size_t i = 0;
    if (at->start) {
        while (i < n && is_ws((unsigned char)p[i]))
            i++;
        if (i >= n || p[i] != '[')
            return 0;
        i++;
    }
    while (i < n) {
        size_t c = scan_to(&s, p, i, n);
        if (c >= n || p[c] != ',')
            return 0; /* the end of these bytes, or of the array */
        size_t e = after_comma_line(p, n, c + 1);
        if (e > from)
            return e;
        i = c + 1;
    }
    return 0;
}

static size_t json_end(const pc_chunk_at *at, const char *p, size_t n, size_t from)
{
    if (at->mode == MODE_ARRAY)
        return array_end(at, p, n, from);
    const char *lf = from < n ? memchr(p + from, '\n', n - from) : NULL;
    return lf ? (size_t)(lf - p) + 1 : 0;
}

const pc_chunker pc_json_chunker = {.fits = json_fits, .end = json_end};
