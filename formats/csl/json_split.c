/* SPDX-License-Identifier: MIT */
/* json_split.c — the JSON readers' streaming splitter: bytes in, one parsed
 * value out at a time (see json.h).
 *
 * Owns: a read window over the source, the top-level values and the
 * elements of a top-level array one at a time, JSON Lines (a raw line end
 * ends a value, so one broken line cannot swallow the lines after it),
 * positions (CR, LF and CRLF each end a line; a UTF-8 byte-order mark
 * before any top-level value is skipped: `cat a.jsonl b.jsonl` of two
 * files that start with one), the nesting and size limits, and jansson's
 * parse of each value.  Envelopes are json_envelope.c's.
 *
 * Memory: one element is held at a time (at most PC_JSON_MAX_ELEMENT
 * bytes).  A 1 GB array or JSON Lines file streams.  API envelopes are one
 * top-level object: they are parsed whole under the same bound (they come
 * from paged APIs and are small); a larger one is reported, not loaded.
 * jansson spends some 40 bytes per value ("0," is 2), so an element is also
 * refused, before jansson sees it, if it holds more than PC_JSON_MAX_VALUES
 * commas: a 64 MB array of zeros would otherwise take 1.3 GB. */
#include "json.h"

#include "io/compress.h"

#include <stdint.h>
#include <stdlib.h>

enum {
    PC_JSON_CHUNK = 1 << 16,
    PC_JSON_MAX_DEPTH = 512,                /* deeper nesting is an error, not a crash */
    PC_JSON_MAX_ELEMENT = 64 * 1024 * 1024, /* bytes of one element or envelope */
    PC_JSON_MAX_VALUES = 4 * 1024 * 1024,   /* ',' in one element or envelope */
};

#define BOM "\xEF\xBB\xBF"

typedef enum scan_result {
    SCAN_NONE = 0,
    SCAN_OK,        /* the current element holds one complete value */
    SCAN_BAD,       /* too deep or too large: reported, skipped */
    SCAN_TRUNCATED, /* end of input inside the value: reported */
} scan_result;

/* Where the next byte `c` is in the chunk, cached: searches only move
 * forward, so each byte is looked at once per byte value (a file of CR
 * line ends has no LF to find, and searching the rest of the chunk for one
 * again at every line was quadratic in the chunk). */
typedef struct next_byte {
    size_t from, at; /* chunk[from, at) holds no c; at == cn: none left */
} next_byte;

struct pc_json_split {
    pc_source *src;
    pc_ctx *ctx;
    const char *file;
    /* read window over the source */
    char *chunk;
    size_t cn, cp;
    bool in_eof;
    unsigned long line, col; /* line of the next unread byte and column at cbase, 1-based */
    size_t cbase;            /* chunk offset where col is exact (see cur_col) */
    bool last_cr;            /* the byte before cp was a CR (a LF after it ends no line) */
    next_byte lf, cr;
    /* top-level array being streamed */
    bool in_array, need_elem, after_comma;
    unsigned long arr_line, arr_col;
    bool done;
    /* JSON Lines: a raw line end ends a top-level value.  Set by the file
     * name (.jsonl, .ndjson) or when the first top-level value fits on its
     * line. */
    bool lines, lines_known;
    /* the current element: chunk[es, ee) when in_chunk, else elem */
    pc_buf elem;
    bool in_chunk;
    size_t es, ee;
    unsigned long eline, ecol;
    pc_json_queue queue; /* the items of the last value */
};

/* ---- reading bytes ----------------------------------------------------------- */

/* Position bookkeeping is lazy because it ran for every byte of the input:
 * sp->line is exact at sp->cp (line ends are counted with memchr over each
 * span consumed), while sp->col is the column at chunk offset sp->cbase,
 * with no line end in [cbase, cp).  cur_col() brings it up to sp->cp only
 * when a position is needed (an element's start, a diagnostic). */

/* Columns count code points: UTF-8 continuation bytes do not move the column. */
static unsigned long cur_col(pc_json_split *sp)
{
    for (size_t i = sp->cbase; i < sp->cp; i++)
        sp->col += ((unsigned char)sp->chunk[i] & 0xC0) != 0x80;
    sp->cbase = sp->cp;
    return sp->col;
}

/* The offset of the next byte c at or after `from` in the chunk, or cn.
 * A cache that starts after `from` is extended back to it. */
static size_t find_byte(pc_json_split *sp, next_byte *nb, char c, size_t from)
{
    if (nb->from <= from && from <= nb->at)
        return nb->at;
    if (from < nb->from && nb->from <= nb->at) {
        const char *p = memchr(sp->chunk + from, c, nb->from - from);
        if (p)
            nb->at = (size_t)(p - sp->chunk);
        nb->from = from;
        return nb->at;
    }
    const char *p = memchr(sp->chunk + from, c, sp->cn - from);
    nb->from = from;
    nb->at = p ? (size_t)(p - sp->chunk) : sp->cn;
    return nb->at;
}

/* An empty cache (from > at), for a new chunk. */
static const next_byte no_cache = {.from = 1, .at = 0};

/* The offset of the next line end (CR or LF) at or after `from`, or cn. */
static size_t find_eol(pc_json_split *sp, size_t from)
{
    size_t lf = find_byte(sp, &sp->lf, '\n', from), cr = find_byte(sp, &sp->cr, '\r', from);
    return lf < cr ? lf : cr;
}

/* Moves sp->cp forward to `end` (in the current chunk), counting line
 * ends: a CR, a LF, or both as one. */
static void advance_to(pc_json_split *sp, size_t end)
{
    size_t i = sp->cp;
    while (i < end && (i = find_eol(sp, i)) < end) {
        bool lf_after_cr = sp->chunk[i] == '\n' && (i > sp->cp ? sp->chunk[i - 1] == '\r' : sp->last_cr);
        if (!lf_after_cr)
            sp->line++;
        sp->col = 1;
        sp->cbase = ++i;
    }
    if (end > sp->cp)
        sp->last_cr = sp->chunk[end - 1] == '\r';
    sp->cp = end;
}

/* The current element, when it lies whole in the chunk, is parsed in place
 * from chunk[es, ee); before the chunk is overwritten it is copied to sp->elem. */
static void pin_elem(pc_json_split *sp)
{
    if (sp->in_chunk) {
        pc_buf_put(&sp->elem, sp->chunk + sp->es, sp->ee - sp->es);
        sp->in_chunk = false;
    }
}

/* Makes at least `want` bytes (up to the end of input) available from cp;
 * false when none is.  The bytes left are moved to the front first. */
static bool fill(pc_json_split *sp, size_t want)
{
    if (sp->cn - sp->cp >= want)
        return true;
    if (sp->in_eof)
        return sp->cp < sp->cn;
    pin_elem(sp);
    (void)cur_col(sp);
    size_t keep = sp->cn - sp->cp;
    memmove(sp->chunk, sp->chunk + sp->cp, keep);
    sp->cn = keep;
    sp->cp = sp->cbase = 0;
    sp->lf = sp->cr = no_cache;
    while (sp->cn < want) {
        ssize_t got = pc_source_read(sp->src, sp->chunk + sp->cn, PC_JSON_CHUNK - sp->cn);
        if (got <= 0) {
            sp->in_eof = true; /* a read error is reported by the driver */
            break;
        }
        sp->cn += (size_t)got;
    }
    return sp->cp < sp->cn;
}

static bool refill(pc_json_split *sp) { return fill(sp, 1); }

static int peek_byte(pc_json_split *sp) { return refill(sp) ? (unsigned char)sp->chunk[sp->cp] : -1; }

static void consume_byte(pc_json_split *sp)
{
    char c = sp->chunk[sp->cp++];
    if (c == '\r' || (c == '\n' && !sp->last_cr)) {
        sp->line++;
        sp->col = 1;
        sp->cbase = sp->cp;
    } else if (c == '\n') {
        sp->cbase = sp->cp; /* the LF of a CRLF: the line was counted at its CR */
    }
    sp->last_cr = c == '\r';
}

static bool is_ws(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Skips white space, and at top level UTF-8 byte-order marks (the input's
 * own, and those of files joined with cat: not counted as a column);
 * returns the next byte without consuming it, or -1 at the end. */
static int skip_ws(pc_json_split *sp)
{
    int c;
    for (;;) {
        while ((c = peek_byte(sp)) >= 0 && is_ws(c))
            consume_byte(sp);
        if (c != 0xEF || sp->in_array || !fill(sp, 3) || sp->cn - sp->cp < 3 ||
            memcmp(sp->chunk + sp->cp, BOM, 3) != 0)
            return c;
        (void)cur_col(sp);
        sp->cp += 3;
        sp->cbase = sp->cp;
        sp->last_cr = false;
    }
}

/* Bytes that matter outside strings inside a container; everything else
 * (white space, numbers, literals, ':' and ',') is skipped by a table loop. */
static const unsigned char json_special[256] = {
    ['"'] = 1, ['{'] = 1, ['['] = 1, ['}'] = 1, [']'] = 1,
};

/* Skips a string body from chunk offset i (inside the string, not escaped)
 * to at most n.  Returns the offset of the closing quote, or n when the
 * string goes on; then *esc says whether chunk[n] is escaped.  Fast path:
 * memchr finds each '"', and only the run of backslashes just before it is
 * looked at (an odd run escapes it), instead of a state machine per byte. */
static size_t skip_string(const char *chunk, size_t i, size_t n, bool *esc)
{
    for (;;) {
        const char *q = memchr(chunk + i, '"', n - i);
        size_t qi = q ? (size_t)(q - chunk) : n;
        size_t k = 0;
        while (qi - k > i && chunk[qi - 1 - k] == '\\')
            k++;
        if (!q) {
            *esc = k & 1;
            return n;
        }
        if (!(k & 1))
            return qi;
        i = qi + 1; /* an escaped quote */
    }
}

/* The state of scan_value across chunks. */
typedef struct value_scan {
    bool scalar, in_str, esc, deep, big, done, any;
    unsigned long depth;
} value_scan;

/* Scans chunk[i, n) of the value; returns where it stopped (n, or after
 * the value's last byte, or at a scalar's delimiter). */
static size_t scan_span(pc_json_split *sp, value_scan *v, size_t i, size_t n)
{
    const char *chunk = sp->chunk;
    while (i < n && !v->done) {
        if (v->in_str) {
            if (v->esc) {
                v->esc = false;
                i++;
                continue;
            }
            i = skip_string(chunk, i, n, &v->esc);
            if (i < n) {
                v->in_str = false;
                v->done = v->depth == 0;
                i++;
            }
            continue;
        }
        if (!v->scalar && v->any) /* fast path over what lies between strings */
            while (i < n && !json_special[(unsigned char)chunk[i]])
                i++;
        if (i == n)
            break;
        unsigned char c = (unsigned char)chunk[i];
        if (v->scalar && v->any && (c == ',' || c == ']' || c == '}' || is_ws(c)))
            break; /* the delimiter belongs to the container */
        if (c == '"') {
            v->in_str = true;
        } else if (c == '{' || c == '[') {
            if (++v->depth > PC_JSON_MAX_DEPTH && !v->deep && !v->big) {
                v->deep = true;
                advance_to(sp, i);
                pc_diag_emit(sp->ctx, PC_SEV_ERROR, sp->file, sp->line, cur_col(sp),
                             "JSON nested deeper than %d levels (the value starts at %lu:%lu)",
                             PC_JSON_MAX_DEPTH, sp->eline, sp->ecol);
            }
        } else if ((c == '}' || c == ']') && v->depth > 0) {
            v->done = --v->depth == 0;
        }
        v->any = true;
        i++;
    }
    return i;
}

/* Keeps the span chunk[start, i) of the value (in place when the whole
 * value lies in the chunk), unless it is too deep or too large. */
static void keep_span(pc_json_split *sp, value_scan *v, size_t start, size_t i)
{
    size_t span = i - start;
    if (v->deep || v->big)
        return;
    if (sp->elem.len + span > PC_JSON_MAX_ELEMENT) {
        v->big = true;
        pc_diag_emit(sp->ctx, PC_SEV_ERROR, sp->file, sp->eline, sp->ecol,
                     "JSON value larger than %d MB: not loaded (split it into JSON Lines, one "
                     "record per line)",
                     PC_JSON_MAX_ELEMENT >> 20);
        pc_buf_free(&sp->elem);
        return;
    }
    if (v->done && sp->elem.len == 0) { /* whole in the chunk: parse it in place */
        sp->in_chunk = true;
        sp->es = start;
        sp->ee = i;
    } else {
        pc_buf_put(&sp->elem, sp->chunk + start, span);
    }
}

/* Reads one JSON value starting at the current (non-blank) byte, tracking
 * strings, escapes and nesting depth only: jansson checks the grammar
 * afterwards.  The value is left in place in the chunk when it lies whole in
 * it (sp->in_chunk), else it is collected in sp->elem.  A value nested deeper
 * than PC_JSON_MAX_DEPTH or larger than PC_JSON_MAX_ELEMENT is reported and
 * read to its end without being kept.  JSON Lines (stop_at_eol): a raw CR
 * or LF ends the value (jansson then reports an incomplete line). */
static scan_result scan_value(pc_json_split *sp, bool stop_at_eol)
{
    pc_buf_clear(&sp->elem);
    sp->in_chunk = false;
    sp->eline = sp->line;
    sp->ecol = cur_col(sp);
    int first = peek_byte(sp);
    value_scan v = {.scalar = first != '{' && first != '['};
    while (!v.done) {
        if (!refill(sp)) {
            if (v.scalar && !v.in_str && v.any)
                break; /* a number or literal ends at the end of input */
            if (!v.deep && !v.big)
                pc_diag_emit(sp->ctx, PC_SEV_ERROR, sp->file, sp->line, cur_col(sp),
                             "unexpected end of input: the JSON value that starts at %lu:%lu is "
                             "not complete (truncated file?)",
                             sp->eline, sp->ecol);
            return SCAN_TRUNCATED;
        }
        size_t start = sp->cp, n = sp->cn;
        if (stop_at_eol) /* the first byte is never a line end */
            n = find_eol(sp, v.any ? start : start + 1);
        size_t i = scan_span(sp, &v, start, n);
        if (i < sp->cn && (stop_at_eol || v.scalar) && !v.done)
            v.done = true; /* stopped at a line end (JSON Lines) or a scalar's delimiter */
        advance_to(sp, i);
        keep_span(sp, &v, start, i);
    }
    return v.deep || v.big ? SCAN_BAD : SCAN_OK;
}

/* The bytes of the current element. */
static const char *elem_ptr(const pc_json_split *sp, size_t *len)
{
    if (sp->in_chunk) {
        *len = sp->ee - sp->es;
        return sp->chunk + sp->es;
    }
    *len = sp->elem.len;
    return sp->elem.ptr;
}

/* Maps a byte offset in the element to the file position (line, column). */
static void elem_pos(const pc_json_split *sp, size_t off, unsigned long *line, unsigned long *col)
{
    size_t len;
    const char *p = elem_ptr(sp, &len);
    *line = sp->eline;
    *col = sp->ecol;
    if (off > len)
        off = len;
    for (size_t i = 0; i < off; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c == '\r' || (c == '\n' && !(i && p[i - 1] == '\r'))) {
            ++*line;
            *col = 1;
        } else if (c == '\n') {
            *col = 1;
        } else if ((c & 0xC0) != 0x80) {
            ++*col;
        }
    }
}

/* jansson's allocator while it parses an element: the one in place (libc's
 * unless an embedding program set its own), noting a failure.  jansson
 * then gives an empty error text or a wrong one ("string or '}' expected"
 * where it could not copy the string), so the failure is told apart here. */
static _Thread_local json_malloc_t parse_malloc;
static _Thread_local bool parse_oom;
static void *noting_malloc(size_t n)
{
    void *p = parse_malloc(n);
    parse_oom |= p == NULL;
    return p;
}

static json_t *load_noting_oom(const char *p, size_t len, json_error_t *err, bool *oom, bool worker)
{
    if (worker) { /* other threads use jansson: its allocator stays as it is */
        *oom = false;
        return json_loadb(p, len, JSON_DECODE_ANY, err);
    }
    json_free_t free_fn;
    json_get_alloc_funcs(&parse_malloc, &free_fn);
    parse_oom = false;
    json_set_alloc_funcs(noting_malloc, free_fn);
    json_t *v = json_loadb(p, len, JSON_DECODE_ANY, err);
    json_set_alloc_funcs(parse_malloc, free_fn);
    *oom = parse_oom;
    return v;
}

/* Parses the element; reports invalid UTF-8, NUL bytes and syntax errors
 * with their file position.  Returns the value (caller decrefs) or NULL.
 * jansson rejects exactly what pc_utf8_valid rejects (bad sequences,
 * overlongs, surrogates, NUL), so the UTF-8 pass runs only when the parse
 * fails, to give the same diagnostic as checking first would. */
static json_t *parse_elem(pc_json_split *sp)
{
    size_t bad, len;
    unsigned long line, col;
    const char *p = elem_ptr(sp, &len);
    if (len > PC_JSON_MAX_VALUES) { /* smaller ones cannot hold that many commas */
        size_t commas = 0;
        for (size_t i = 0; i < len; i++)
            commas += p[i] == ',';
        if (commas > PC_JSON_MAX_VALUES) {
            pc_diag_emit(sp->ctx, PC_SEV_ERROR, sp->file, sp->eline, sp->ecol,
                         "JSON value with more than %d values: not loaded (split it into JSON Lines, "
                         "one record per line)",
                         PC_JSON_MAX_VALUES);
            return NULL;
        }
    }
    json_error_t err;
    bool oom;
    json_t *v = load_noting_oom(p, len, &err, &oom, sp->ctx->worker);
    if (v)
        return v;
    if (oom || json_error_code(&err) == json_error_out_of_memory) {
        pc_diag_emit(sp->ctx, PC_SEV_ERROR, sp->file, sp->eline, sp->ecol,
                     "JSON: out of memory loading the value that starts here (%zu bytes): skipped", len);
        return NULL;
    }
    if (!pc_utf8_valid(p, len, &bad)) {
        elem_pos(sp, bad, &line, &col);
        unsigned char b = (unsigned char)p[bad];
        pc_diag_emit(sp->ctx, PC_SEV_ERROR, sp->file, line, col,
                     b ? "invalid UTF-8 byte 0x%02X in JSON%s" : "NUL byte (0x%02X) in JSON%s", b,
                     pc_encoding_hint(p + bad, len - bad));
        return NULL;
    }
    /* jansson's position is the byte after the offending token */
    size_t pos = err.position > 0 ? (size_t)err.position - 1 : 0;
    elem_pos(sp, pos, &line, &col);
    pc_diag_emit(sp->ctx, PC_SEV_ERROR, sp->file, line, col, "JSON: %s", err.text);
    return NULL;
}

/* ---- values --------------------------------------------------------------------- */

/* JSON Lines: after a value only blanks may follow on its line.  Otherwise
 * reports the extra text once and skips the rest of the line. */
static bool rest_of_line_blank(pc_json_split *sp)
{
    int c;
    while ((c = peek_byte(sp)) == ' ' || c == '\t')
        consume_byte(sp);
    if (c < 0 || c == '\n' || c == '\r')
        return true;
    pc_diag_emit(sp->ctx, PC_SEV_ERROR, sp->file, sp->line, cur_col(sp),
                 "JSON Lines: text after the value that starts at %lu:%lu (one value per line)",
                 sp->eline, sp->ecol);
    while ((c = peek_byte(sp)) >= 0 && c != '\n' && c != '\r')
        consume_byte(sp);
    return false;
}

/* An element of the top-level array being streamed, at byte c (not
 * white space).  False at the end of the array's elements (then
 * sp->in_array is off) or after a fatal error (*fatal). */
static bool array_element(pc_json_split *sp, int c, scan_result *sr, bool *fatal)
{
    if (c < 0 && sp->after_comma && pc_source_cut(sp->src)) { /* -j: the next chunk goes on */
        sp->in_array = false;
        sp->done = true;
        return false;
    }
    if (c < 0) {
        pc_diag_emit(sp->ctx, PC_SEV_ERROR, sp->file, sp->line, cur_col(sp),
                     "unexpected end of input: the array opened at %lu:%lu is not closed "
                     "(truncated file?)",
                     sp->arr_line, sp->arr_col);
        sp->done = *fatal = true;
        return false;
    }
    if (c == ']') {
        if (sp->after_comma)
            pc_diag_emit(sp->ctx, PC_SEV_ERROR, sp->file, sp->line, cur_col(sp),
                         "JSON: ',' before ']' (trailing comma)");
        consume_byte(sp);
        sp->in_array = false;
        return false;
    }
    if (!sp->need_elem) {
        if (c != ',') {
            pc_diag_emit(sp->ctx, PC_SEV_ERROR, sp->file, sp->line, cur_col(sp),
                         "JSON: expected ',' or ']' after the array element, found '%c'",
                         c >= 0x20 && c < 0x7F ? c : '?');
            sp->done = *fatal = true;
            return false;
        }
        consume_byte(sp);
        sp->need_elem = sp->after_comma = true;
        return false;
    }
    if (c == ',') {
        pc_diag_emit(sp->ctx, PC_SEV_ERROR, sp->file, sp->line, cur_col(sp),
                     "JSON: missing array element before ','");
        sp->done = *fatal = true;
        return false;
    }
    sp->need_elem = sp->after_comma = false;
    *sr = scan_value(sp, false);
    return true;
}

/* Reads the next value of the input: an element of the top-level array
 * being streamed, or a top-level value (one document, or one JSON Lines
 * line).  Returns false at the end or after a fatal error (*fatal). */
static bool next_value(pc_json_split *sp, scan_result *sr, bool *fatal)
{
    *fatal = false;
    for (;;) {
        int c = skip_ws(sp);
        if (sp->in_array) {
            if (array_element(sp, c, sr, fatal))
                return true;
            if (*fatal)
                return false;
            continue;
        }
        if (c < 0) {
            sp->done = true;
            return false;
        }
        if (c == '[') { /* stream the elements of a top-level array */
            sp->arr_line = sp->line;
            sp->arr_col = cur_col(sp);
            consume_byte(sp);
            sp->in_array = sp->need_elem = true;
            sp->after_comma = false;
            continue;
        }
        if (c == ',' || c == ']' || c == '}') {
            pc_diag_emit(sp->ctx, PC_SEV_ERROR, sp->file, sp->line, cur_col(sp),
                         "JSON: unexpected '%c' outside any value", c);
            consume_byte(sp);
            continue;
        }
        if (c == '\0') { /* binary, or UTF-16 without a mark: no JSON value starts so */
            pc_diag_emit(sp->ctx, PC_SEV_ERROR, sp->file, sp->line, cur_col(sp),
                         "NUL byte: this is not JSON text (UTF-16 without a byte-order mark, or "
                         "binary?); the rest of it is not read");
            *fatal = true;
            return false;
        }
        *sr = scan_value(sp, sp->lines);
        if (sp->lines && *sr == SCAN_OK && !rest_of_line_blank(sp))
            *sr = SCAN_BAD;
        if (!sp->lines_known && *sr == SCAN_OK) {
            sp->lines_known = true;
            int next = peek_byte(sp);
            sp->lines = sp->line == sp->eline && (next == '\n' || next == '\r');
        }
        return true;
    }
}

/* ---- the splitter ----------------------------------------------------------------- */

bool pc_json_lines_name(const char *name)
{
    char inner[4096];
    name = pc_compress_inner_name(name, inner, sizeof inner); /* works.jsonl.gz too */
    size_t len = strlen(name);
    return (len > 6 && strcmp(name + len - 6, ".jsonl") == 0) || (len > 7 && strcmp(name + len - 7, ".ndjson") == 0);
}

pc_json_split *pc_json_split_open(pc_source *src, pc_ctx *ctx)
{
    pc_json_split *sp = pc_xcalloc(1, sizeof *sp);
    sp->src = src;
    sp->ctx = ctx;
    sp->file = pc_source_name(src);
    sp->chunk = pc_xmalloc(PC_JSON_CHUNK);
    sp->line = pc_source_first_line(src);
    sp->col = 1;
    sp->lf = sp->cr = no_cache;
    sp->lines_known = sp->lines = pc_json_lines_name(sp->file);
    pc_buf_init(&sp->elem);
    pc_source_used(src, pc_source_offset(src)); /* the source's messages wait for used_to_here */
    /* -j: a chunk after the first of a file that is one array starts
     * among its elements, after a ',' (json_chunk.c) */
    if (pc_source_continued(src) && pc_source_chunk_mode(src) == PC_JSON_CUT_LINES)
        sp->lines_known = sp->lines = true; /* standard input's JSON Lines, after the first chunk */
    if (pc_source_continued(src) && !sp->lines)
        sp->in_array = sp->need_elem = sp->after_comma = true;
    return sp;
}

void pc_json_split_close(pc_json_split *sp)
{
    if (!sp)
        return;
    pc_json_queue_clear(&sp->queue);
    pc_free(sp->chunk);
    pc_buf_free(&sp->elem);
    pc_free(sp);
}

/* The source's own messages (a byte that is not UTF-8) come once the
 * splitter is past the bytes they are about, not when its block is read:
 * the same place whether the input was cut (-j) or not. */
static void used_to_here(pc_json_split *sp)
{
    pc_source_used(sp->src, pc_source_offset(sp->src) - (sp->cn - sp->cp));
}

pc_json_got pc_json_split_next(pc_json_split *sp, pc_json_item *item)
{
    for (;;) {
        if (pc_json_queue_next(&sp->queue, item))
            return PC_JSON_ITEM;
        if (sp->done)
            return PC_JSON_END;
        scan_result sr = SCAN_NONE;
        bool fatal;
        bool more = next_value(sp, &sr, &fatal);
        if (!more && !fatal)
            pc_source_used(sp->src, pc_source_offset(sp->src) + 1); /* the end: all of it */
        if (!more)
            return fatal ? PC_JSON_FATAL : PC_JSON_END;
        used_to_here(sp);
        if (sr == SCAN_TRUNCATED) {
            sp->done = true;
            return PC_JSON_BAD;
        }
        if (sr == SCAN_BAD)
            return PC_JSON_BAD;
        json_t *v = parse_elem(sp);
        if (sp->elem.cap > PC_JSON_CHUNK * 4) /* do not keep a large element's buffer */
            pc_buf_free(&sp->elem);
        if (!v || !pc_json_queue_value(&sp->queue, v, sp->ctx, sp->file, sp->eline, sp->ecol))
            return PC_JSON_BAD;
    }
}
