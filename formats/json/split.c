/* json.c — reader for JSON from paper services: CSL-JSON, Crossref REST,
 * OpenAlex, Semantic Scholar and the arXiv metadata snapshot (JSON Lines).
 *
 * Owns: a streaming splitter over the input (top-level values, and the
 * elements of a top-level array, one at a time, with a nesting limit), the
 * shape detection of each element, and the mapping of every shape except
 * CSL into the record model (CSL items go to pc_csl_read_item, src/csl.c).
 *
 * Memory: one element is held at a time (at most PC_JSON_MAX_ELEMENT
 * bytes).  A 1 GB array or JSON Lines file streams.  API envelopes
 * (Crossref `message.items[]`, OpenAlex `results[]`, Semantic Scholar
 * `data[]`, a doi.org answer keyed by DOI) are one top-level object: they
 * are parsed whole under the same bound (they come from paged APIs and are
 * small); a larger one is reported, not loaded.  jansson spends some 40
 * bytes per value ("0," is 2), so an element is also refused, before jansson
 * sees it, if it holds more than PC_JSON_MAX_VALUES commas: a 64 MB array of
 * zeros would otherwise take 1.3 GB. */
#include "paperconv/csl.h"
#include "paperconv/format.h"

#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>

enum {
    PC_JSON_CHUNK = 1 << 16,
    PC_JSON_MAX_DEPTH = 512,                /* deeper nesting is an error, not a crash */
    PC_JSON_MAX_ELEMENT = 64 * 1024 * 1024, /* bytes of one element or envelope */
    PC_JSON_MAX_VALUES = 4 * 1024 * 1024,   /* ',' in one element or envelope */
};

/* What read_next does after looking at one JSON value. */
typedef enum json_step {
    STEP_NONE = 0,
    STEP_RECORD,   /* rec was filled */
    STEP_SKIP,     /* a bad element, reported */
    STEP_CONTINUE, /* nothing to convert here (a null hole, an envelope) */
} json_step;

typedef enum scan_result {
    SCAN_NONE = 0,
    SCAN_OK,        /* r->elem holds one complete value */
    SCAN_BAD,       /* too deep or too large: reported, skipped */
    SCAN_TRUNCATED, /* end of input inside the value: reported */
} scan_result;

typedef struct json_reader {
    pc_source *src;
    pc_ctx *ctx;
    const char *file;
    /* read window over the source */
    char *chunk;
    size_t cn, cp;
    bool in_eof;
    unsigned long line, col; /* line of the next unread byte and column at cbase, 1-based */
    size_t cbase;            /* chunk offset where col is exact (see cur_col) */
    bool started;            /* a BOM at the very start was looked for */
    /* top-level array being streamed */
    bool in_array, need_elem, after_comma;
    unsigned long arr_line, arr_col;
    bool done;
    /* JSON Lines: a raw newline ends a top-level value, so one broken line
     * cannot swallow the lines after it.  Set by the file name (.jsonl,
     * .ndjson) or when the first top-level value fits on its line. */
    bool lines, lines_known;
    /* the current element: chunk[es, ee) when in_chunk, else elem */
    pc_buf elem;
    bool in_chunk;
    size_t es, ee;
    unsigned long eline, ecol;
    /* items of an envelope, converted one per call */
    json_t *root, *queue;
    size_t qi;
    const char *qname; /* "message.items", "results", ... */
    unsigned long qline, qcol;
    char where[64]; /* " (results[3])" for diagnostics about a queued item */
    pc_buf tmp, tmp2;
} json_reader;

/* ---- reading bytes ----------------------------------------------------------- */

/* Position bookkeeping is lazy because it ran for every byte of the input:
 * r->line is exact at r->cp (newlines are counted with memchr over each span
 * consumed), while r->col is the column at chunk offset r->cbase, with no
 * newline in [cbase, cp).  cur_col() brings it up to r->cp only when a
 * position is needed (an element's start, a diagnostic). */

/* Columns count code points: UTF-8 continuation bytes do not move the column. */
static unsigned long cur_col(json_reader *r)
{
    for (size_t i = r->cbase; i < r->cp; i++)
        r->col += ((unsigned char)r->chunk[i] & 0xC0) != 0x80;
    r->cbase = r->cp;
    return r->col;
}

/* Moves r->cp forward to `end` (in the current chunk), counting newlines. */
static void advance_to(json_reader *r, size_t end)
{
    const char *p = r->chunk + r->cp, *e = r->chunk + end;
    const char *nl;
    while (p < e && (nl = memchr(p, '\n', (size_t)(e - p))) != NULL) {
        r->line++;
        r->col = 1;
        p = nl + 1;
        r->cbase = (size_t)(p - r->chunk);
    }
    r->cp = end;
}

/* The current element, when it lies whole in the chunk, is parsed in place
 * from chunk[es, ee); before the chunk is overwritten it is copied to r->elem. */
static void pin_elem(json_reader *r)
{
    if (r->in_chunk) {
        pc_buf_put(&r->elem, r->chunk + r->es, r->ee - r->es);
        r->in_chunk = false;
    }
}

static bool refill(json_reader *r)
{
    if (r->cp < r->cn)
        return true;
    if (r->in_eof)
        return false;
    pin_elem(r);
    (void)cur_col(r);
    ssize_t got = pc_source_read(r->src, r->chunk, PC_JSON_CHUNK);
    if (got <= 0) {
        r->in_eof = true; /* a read error is reported by the driver */
        return false;
    }
    r->cn = (size_t)got;
    r->cp = r->cbase = 0;
    return true;
}

static int peek_byte(json_reader *r) { return refill(r) ? (unsigned char)r->chunk[r->cp] : -1; }

static void consume_byte(json_reader *r)
{
    if (r->chunk[r->cp] == '\n') {
        r->line++;
        r->col = 1;
        r->cbase = r->cp + 1;
    }
    r->cp++;
}

static bool is_ws(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Skips white space (and a UTF-8 BOM at the start of the input); returns the
 * next byte without consuming it, or -1 at the end. */
static int skip_ws(json_reader *r)
{
    if (!r->started) {
        r->started = true;
        const char *p;
        if (pc_source_peek(r->src, 3, &p) == 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0) {
            char bom[3];
            (void)pc_source_read(r->src, bom, 3);
        }
    }
    int c;
    while ((c = peek_byte(r)) >= 0 && is_ws(c))
        consume_byte(r);
    return c;
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

/* Reads one JSON value starting at the current (non-blank) byte, tracking
 * strings, escapes and nesting depth only: jansson checks the grammar
 * afterwards.  The value is left in place in the chunk when it lies whole in
 * it (r->in_chunk), else it is collected in r->elem.  A value nested deeper
 * than PC_JSON_MAX_DEPTH or larger than PC_JSON_MAX_ELEMENT is reported and
 * read to its end without being kept. */
static scan_result scan_value(json_reader *r, bool stop_at_newline)
{
    pc_buf_clear(&r->elem);
    r->in_chunk = false;
    r->eline = r->line;
    r->ecol = cur_col(r);
    int first = peek_byte(r);
    bool scalar = first != '{' && first != '[';
    bool in_str = false, esc = false, deep = false, big = false, done = false, any = false;
    unsigned long depth = 0;
    while (!done) {
        if (!refill(r)) {
            if (scalar && !in_str && any)
                break; /* a number or literal ends at the end of input */
            if (!deep && !big)
                pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->line, cur_col(r),
                             "unexpected end of input: the JSON value that starts at %lu:%lu is "
                             "not complete (truncated file?)",
                             r->eline, r->ecol);
            return SCAN_TRUNCATED;
        }
        size_t start = r->cp, i = r->cp, n = r->cn;
        if (stop_at_newline) { /* JSON Lines: a raw newline ends the value (jansson then
                                  reports an incomplete line); the first byte is never one */
            size_t from = any ? i : i + 1;
            const char *nl = from < n ? memchr(r->chunk + from, '\n', n - from) : NULL;
            if (nl)
                n = (size_t)(nl - r->chunk);
        }
        while (i < n && !done) {
            if (in_str) {
                if (esc) {
                    esc = false;
                    i++;
                    continue;
                }
                i = skip_string(r->chunk, i, n, &esc);
                if (i < n) {
                    in_str = false;
                    done = depth == 0;
                    i++;
                }
                continue;
            }
            if (!scalar && any) /* fast path over what lies between strings */
                while (i < n && !json_special[(unsigned char)r->chunk[i]])
                    i++;
            if (i == n)
                break;
            unsigned char c = (unsigned char)r->chunk[i];
            if (scalar && any && (c == ',' || c == ']' || c == '}' || is_ws(c)))
                break; /* the delimiter belongs to the container */
            if (c == '"') {
                in_str = true;
            } else if (c == '{' || c == '[') {
                if (++depth > PC_JSON_MAX_DEPTH && !deep && !big) {
                    deep = true;
                    advance_to(r, i);
                    pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->line, cur_col(r),
                                 "JSON nested deeper than %d levels (the value starts at %lu:%lu)",
                                 PC_JSON_MAX_DEPTH, r->eline, r->ecol);
                }
            } else if ((c == '}' || c == ']') && depth > 0) {
                done = --depth == 0;
            }
            any = true;
            i++;
        }
        if (i < r->cn && (stop_at_newline || scalar) && !done)
            done = true; /* stopped at a newline (JSON Lines) or a scalar's delimiter */
        advance_to(r, i);
        size_t span = i - start;
        if (deep || big)
            continue;
        if (r->elem.len + span > PC_JSON_MAX_ELEMENT) {
            big = true;
            pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->eline, r->ecol,
                         "JSON value larger than %d MB: not loaded (split it into JSON Lines, one "
                         "record per line)",
                         PC_JSON_MAX_ELEMENT >> 20);
            pc_buf_free(&r->elem);
            continue;
        }
        if (done && r->elem.len == 0) { /* whole in the chunk: parse it in place */
            r->in_chunk = true;
            r->es = start;
            r->ee = i;
        } else {
            pc_buf_put(&r->elem, r->chunk + start, span);
        }
    }
    return deep || big ? SCAN_BAD : SCAN_OK;
}

/* The bytes of the current element. */
static const char *elem_ptr(const json_reader *r, size_t *len)
{
    if (r->in_chunk) {
        *len = r->ee - r->es;
        return r->chunk + r->es;
    }
    *len = r->elem.len;
    return r->elem.ptr;
}

/* Maps a byte offset in the element to the file position (line, column). */
static void elem_pos(const json_reader *r, size_t off, unsigned long *line, unsigned long *col)
{
    size_t len;
    const char *p = elem_ptr(r, &len);
    *line = r->eline;
    *col = r->ecol;
    if (off > len)
        off = len;
    for (size_t i = 0; i < off; i++) {
        unsigned char c = (unsigned char)p[i];
        if (c == '\n') {
            ++*line;
            *col = 1;
        } else if ((c & 0xC0) != 0x80) {
            ++*col;
        }
    }
}

/* Parses the element; reports invalid UTF-8, NUL bytes and syntax errors
 * with their file position.  Returns the value (caller decrefs) or NULL.
 * jansson rejects exactly what pc_utf8_valid rejects (bad sequences,
 * overlongs, surrogates, NUL), so the UTF-8 pass runs only when the parse
 * fails, to give the same diagnostic as checking first would. */
static json_t *parse_elem(json_reader *r)
{
    size_t bad, len;
    unsigned long line, col;
    const char *p = elem_ptr(r, &len);
    if (len > PC_JSON_MAX_VALUES) { /* smaller ones cannot hold that many commas */
        size_t commas = 0;
        for (size_t i = 0; i < len; i++)
            commas += p[i] == ',';
        if (commas > PC_JSON_MAX_VALUES) {
            pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->eline, r->ecol,
                         "JSON value with more than %d values: not loaded (split it into JSON Lines, "
                         "one record per line)",
                         PC_JSON_MAX_VALUES);
            return NULL;
        }
    }
    json_error_t err;
    json_t *v = json_loadb(p, len, JSON_DECODE_ANY, &err);
    if (v)
        return v;
    if (!pc_utf8_valid(p, len, &bad)) {
        elem_pos(r, bad, &line, &col);
        unsigned char b = (unsigned char)p[bad];
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, line, col,
                     b ? "invalid UTF-8 byte 0x%02X in JSON%s" : "NUL byte (0x%02X) in JSON%s", b,
                     pc_encoding_hint(p + bad, len - bad));
        return NULL;
    }
    /* jansson's position is the byte after the offending token */
    size_t pos = err.position > 0 ? (size_t)err.position - 1 : 0;
    elem_pos(r, pos, &line, &col);
    pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, line, col, "JSON: %s", err.text);
    return NULL;
}

/* ---- text helpers ------------------------------------------------------------ */

/* The string at o[key], or NULL if absent, not a string or empty. */
static const char *jstr(const json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));
    return s && *s ? s : NULL;
}

/* A string or a number as text (into b); NULL if neither or empty. */
static const char *jtext(const json_t *v, pc_buf *b)
{
    pc_buf_clear(b);
    if (json_is_string(v))
        pc_buf_puts(b, json_string_value(v));
    else if (json_is_integer(v))
        pc_buf_printf(b, "%lld", (long long)json_integer_value(v));
    else
        return NULL;
    const char *s = b->ptr;
    size_t n = b->len;
    pc_trim(&s, &n);
    return n ? b->ptr : NULL;
}

/* Plain text (no TeX): white space folded, NFC.  Owned; NULL if empty. */
static char *plain(json_reader *r, const char *s)
{
    if (!s)
        return NULL;
    pc_buf_clear(&r->tmp);
    pc_buf_put_folded(&r->tmp, s, strlen(s));
    if (!r->tmp.len)
        return NULL;
    pc_utf8_nfc(&r->tmp);
    return pc_xstrdup(r->tmp.ptr);
}

/* Text with TeX escapes (arXiv): decoded, math kept.  Owned; NULL if empty.
 * Unknown commands are counted in *rep. */
static char *tex(json_reader *r, const char *s, pc_strlist *protect, pc_spanlist *markup,
                 pc_latex_report *rep)
{
    if (!s)
        return NULL;
    pc_buf_clear(&r->tmp);
    pc_latex_decode_marked(s, strlen(s), &r->tmp, protect, markup, rep);
    return r->tmp.len ? pc_xstrdup(r->tmp.ptr) : NULL;
}

static void add_keyword(pc_record *rec, char *kw)
{
    if (kw)
        pc_record_list_add(rec, PC_F_KEYWORD, kw, strlen(kw));
    free(kw);
}

/* Sets text field f to s (owned, NULL for none) with its markup and
 * protected words (moved in; either may be NULL). */
static void take_rich(pc_record *rec, pc_field f, char *s, pc_spanlist *markup,
                      pc_strlist *protect)
{
    pc_text *t = s ? pc_record_set_rich(rec, f, s, strlen(s), markup) : NULL;
    if (!t && markup)
        pc_spanlist_clear(markup);
    if (t && protect) {
        t->protected_words = *protect;
        *protect = (pc_strlist){0};
    } else if (protect) {
        pc_strlist_clear(protect);
    }
    free(s);
}

/* The arXiv version as the record keeps it: "2" for v2; 0 is none. */
static void set_version(pc_record *rec, int version)
{
    char v[16];
    int n = version > 0 ? snprintf(v, sizeof v, "%d", version) : 0;
    pc_record_set(rec, PC_F_ARXIV_VERSION, v, n > 0 ? (size_t)n : 0);
}

/* Stores a DOI given bare, as doi:, or as a doi.org URL; only the first of
 * several space-separated DOIs (the arXiv snapshot has a few such).  Not
 * pc_record_set_doi: that one turns the arXiv DOI (10.48550/arXiv.ID, which
 * Semantic Scholar gives) into the arXiv id, and here it stays the DOI. */
static void set_doi(json_reader *r, pc_record *rec, const char *s, unsigned long line)
{
    if (!s)
        return;
    pc_buf d = PC_BUF_INIT;
    if (pc_doi_parse(s, strlen(s), &d)) {
        pc_record_set(rec, PC_F_DOI, d.ptr, d.len);
    } else {
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, line, 0, "\"%s\" is not a DOI; ignored%s", s,
                     r->where);
    }
    pc_buf_free(&d);
}

/* ---- JATS / HTML markup ----------------------------------------------------- */

static bool is_block_tag(const char *name, size_t n)
{
    static const char *const blocks[] = {"p", "sec", "title", "list", "list-item", "br",
                                         "div", "label", "li", "ul", "ol", "h1", "h2", "h3"};
    for (size_t i = 0; i < sizeof blocks / sizeof *blocks; i++)
        if (strlen(blocks[i]) == n && pc_strncasecmp(name, blocks[i], n) == 0)
            return true;
    return false;
}

/* Length of a tag <name ...>, </name> or <name/> at s[0] == '<' (the name
 * is letters, digits, ':', '_', '.', '-'); 0 if s does not start a tag.
 * *local / *local_n get the name without its namespace prefix. */
static size_t tag_len(const char *s, const char **local, size_t *local_n)
{
    size_t i = 1;
    if (s[i] == '/')
        i++;
    if (!pc_is_alpha((unsigned char)s[i]))
        return 0;
    size_t name = i;
    while (pc_is_alnum((unsigned char)s[i]) || s[i] == ':' || s[i] == '_' || s[i] == '.' ||
           s[i] == '-')
        i++;
    *local = s + name;
    *local_n = i - name;
    const char *colon = memchr(s + name, ':', i - name);
    if (colon) {
        *local = colon + 1;
        *local_n = (size_t)(s + i - *local);
    }
    if (s[i] != '>' && s[i] != '/' && !pc_is_space((unsigned char)s[i]))
        return 0;
    char quote = 0;
    for (; s[i]; i++) {
        if (quote) {
            if (s[i] == quote)
                quote = 0;
        } else if (s[i] == '"' || s[i] == '\'') {
            quote = s[i];
        } else if (s[i] == '>') {
            return i + 1;
        } else if (s[i] == '<') {
            return 0;
        }
    }
    return 0;
}

/* Decodes an entity at s[0] == '&' into out; returns its length or 0. */
static size_t entity(const char *s, pc_buf *out)
{
    static const struct {
        const char *name;
        const char *text;
    } named[] = {{"&lt;", "<"}, {"&gt;", ">"}, {"&amp;", "&"}, {"&quot;", "\""},
                 {"&apos;", "'"}, {"&nbsp;", " "}};
    for (size_t i = 0; i < sizeof named / sizeof *named; i++) {
        size_t k = strlen(named[i].name);
        if (strncmp(s, named[i].name, k) == 0) {
            pc_buf_puts(out, named[i].text);
            return k;
        }
    }
    if (s[1] != '#')
        return 0;
    bool hex = s[2] == 'x' || s[2] == 'X';
    size_t i = hex ? 3 : 2;
    long cp = 0;
    size_t digits = 0;
    for (; digits < 8; i++, digits++) {
        int c = (unsigned char)s[i];
        int d = pc_is_digit(c) ? c - '0'
                : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
                : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10
                                               : -1;
        if (d < 0)
            break;
        cp = cp * (hex ? 16 : 10) + d;
    }
    /* surrogates, and the noncharacters U+FDD0..U+FDEF (our markup
     * markers, src/markup.h), stay text */
    if (!digits || s[i] != ';' || cp <= 0 || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) ||
        (cp >= 0xFDD0 && cp <= 0xFDEF))
        return 0;
    pc_utf8_put(out, (int32_t)cp);
    return i + 1;
}

/* <sup>6</sup> / <sub>2</sub> holding only digits, signs and parentheses:
 * Unicode super/subscripts (10⁶, H₂O) rather than "106", "H2O".  Returns the
 * length of the whole element at s (after the opening tag of `open_len`
 * bytes), or 0 to treat the tag like any other. */
static size_t script_digits(const char *s, size_t open_len, bool sup, pc_buf *out)
{
    static const char chars[] = "0123456789+-=()";
    static const int32_t super[] = {0x2070, 0x00B9, 0x00B2, 0x00B3, 0x2074, 0x2075, 0x2076, 0x2077,
                                    0x2078, 0x2079, 0x207A, 0x207B, 0x207C, 0x207D, 0x207E};
    const char *body = s + open_len;
    size_t n = 0;
    while (body[n] && memchr(chars, body[n], sizeof chars - 1))
        n++;
    const char *local;
    size_t ln, k;
    if (!n || body[n] != '<' || body[n + 1] != '/' || !(k = tag_len(body + n, &local, &ln)) ||
        ln != 3 || pc_strncasecmp(local, sup ? "sup" : "sub", 3) != 0)
        return 0;
    for (size_t i = 0; i < n; i++) {
        size_t at = (size_t)((const char *)memchr(chars, body[i], sizeof chars - 1) - chars);
        pc_utf8_put(out, sup ? super[at] : 0x2080 + (int32_t)at);
    }
    return open_len + n + k;
}

/* The italic or bold a JATS/HTML tag stands for (<i>, <em>, <jats:italic>,
 * <b>, <strong>, <jats:bold>), or 0. */
static pc_mark tag_mark(const char *local, size_t n)
{
    static const struct {
        const char *name;
        pc_mark mark;
    } tags[] = {{"i", PC_MARK_ITALIC}, {"em", PC_MARK_ITALIC}, {"italic", PC_MARK_ITALIC},
                {"b", PC_MARK_BOLD},   {"strong", PC_MARK_BOLD}, {"bold", PC_MARK_BOLD}};
    for (size_t i = 0; i < sizeof tags / sizeof *tags; i++)
        if (strlen(tags[i].name) == n && pc_strncasecmp(local, tags[i].name, n) == 0)
            return tags[i].mark;
    return 0;
}

/* Appends the text of JATS/HTML markup: tags removed (block tags become a
 * space), XML entities decoded.  A '<' or '&' that starts no tag or entity
 * is text.  Crossref abstracts open with <jats:title>Abstract</jats:title>,
 * a heading, not text: it is dropped.  With `marks`, italic and bold tags
 * leave markers for pc_markup_fold (src/markup.h). */
static void strip_markup(const char *s, pc_buf *out, bool marks)
{
    while (pc_is_space((unsigned char)*s))
        s++;
    static const char *const heads[] = {"<jats:title>Abstract</jats:title>",
                                        "<title>Abstract</title>"};
    for (size_t i = 0; i < sizeof heads / sizeof *heads; i++)
        if (pc_strncasecmp(s, heads[i], strlen(heads[i])) == 0)
            s += strlen(heads[i]);
    while (*s) {
        const char *local;
        size_t ln, k;
        if (*s == '<' && (k = tag_len(s, &local, &ln)) > 0) {
            bool script = s[1] != '/' && ln == 3 &&
                          (pc_strncasecmp(local, "sup", 3) == 0 || pc_strncasecmp(local, "sub", 3) == 0);
            size_t whole = script ? script_digits(s, k, pc_to_lower(local[2]) == 'p', out) : 0;
            if (whole) {
                s += whole;
                continue;
            }
            if (is_block_tag(local, ln))
                pc_buf_putc(out, ' ');
            pc_mark m = marks && s[k - 2] != '/' ? tag_mark(local, ln) : 0;
            if (m)
                pc_markup_put_marker(out, m, s[1] != '/');
            s += k;
        } else if (*s == '&' && (k = entity(s, out)) > 0) {
            s += k;
        } else {
            pc_buf_putc(out, *s++);
        }
    }
}

/* Markup-stripped, folded, NFC text.  Owned; NULL if empty. */
static char *markup_text(json_reader *r, const char *s)
{
    if (!s)
        return NULL;
    pc_buf_clear(&r->tmp2);
    strip_markup(s, &r->tmp2, false);
    return plain(r, r->tmp2.ptr);
}

/* The same for a title or abstract, keeping its italic and bold in spans
 * (Crossref: <i>Drosophila</i>, <jats:italic>). */
static char *markup_rich(json_reader *r, const char *s, pc_spanlist *spans)
{
    if (!s)
        return NULL;
    pc_buf_clear(&r->tmp2);
    /* an input that carries our marker characters gets no markup (its
     * own are text, and must not be read as ours) */
    bool marks = !pc_markup_has_markers(s, strlen(s));
    strip_markup(s, &r->tmp2, marks);
    if (!marks || !pc_markup_has_markers(r->tmp2.ptr, r->tmp2.len))
        return plain(r, r->tmp2.ptr);
    pc_utf8_nfc(&r->tmp2);
    pc_buf_clear(&r->tmp);
    pc_markup_fold(r->tmp2.ptr, r->tmp2.len, &r->tmp, spans);
    return r->tmp.len ? pc_xstrdup(r->tmp.ptr) : NULL;
}

/* ---- dates ------------------------------------------------------------------- */

/* A date string (ISO, RFC 822, ...) into *d; warns if it cannot be read. */
/* True if s[0, n) is one of the n-byte words of `list` (packed, no separator). */
static int word_in(const char *s, size_t n, const char *list)
{
    for (int i = 0; list[i * n]; i++)
        if (memcmp(s, list + i * n, n) == 0)
            return i + 1;
    return 0;
}

/* The arXiv snapshot's version dates, "Mon, 2 Apr 2007 19:18:42 GMT", read
 * directly.  Why: pc_date_parse reads them through its general word loop
 * (month and noise-word tables, a buffer per word), 4% of arxiv -> ris for
 * two dates a record.  It gives the same date for exactly this shape (the
 * weekday and GMT are noise words, the time is skipped), so anything else,
 * and any date pc_date_valid refuses, goes to it. */
static bool arxiv_version_date(const char *s, pc_date *d)
{
    size_t n = strlen(s), k = n - 27; /* digits of the day: 1 or 2 */
    if ((n != 28 && n != 29) || s[3] != ',' || s[4] != ' ' || s[5 + k] != ' ' ||
        s[9 + k] != ' ' || s[14 + k] != ' ' || s[17 + k] != ':' || s[20 + k] != ':' ||
        s[23 + k] != ' ' || memcmp(s + 24 + k, "GMT", 3) != 0 ||
        !word_in(s, 3, "MonTueWedThuFriSatSun"))
        return false;
    static const size_t digit_at[] = {10, 11, 12, 13, 15, 16, 18, 19, 21, 22}; /* + k */
    if (!pc_is_digit((unsigned char)s[5]) || (k == 2 && !pc_is_digit((unsigned char)s[6])))
        return false;
    for (size_t i = 0; i < sizeof digit_at / sizeof *digit_at; i++)
        if (!pc_is_digit((unsigned char)s[digit_at[i] + k]))
            return false;
    pc_date t = {
        .year = atoi(s + 10 + k),
        .month = word_in(s + 6 + k, 3, "JanFebMarAprMayJunJulAugSepOctNovDec"),
        .day = atoi(s + 5),
    };
    if (!t.year || !t.month || t.day < 1 || t.day > 31 || !pc_date_valid(&t))
        return false;
    *d = t;
    return true;
}

static bool date_text(json_reader *r, const char *s, pc_date *d, unsigned long line)
{
    if (!s)
        return false;
    if (arxiv_version_date(s, d))
        return true;
    if (pc_date_parse(s, strlen(s), d) && pc_date_valid(d))
        return true;
    *d = (pc_date){0};
    pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, line, 0, "cannot read the date \"%s\"%s", s,
                 r->where);
    return false;
}

static int part_int(const json_t *v)
{
    if (json_is_integer(v))
        return (int)json_integer_value(v);
    const char *s = json_string_value(v);
    if (!s || !pc_is_digit((unsigned char)*s))
        return 0;
    return atoi(s);
}

/* {"date-parts": [[2023, 1, 1]]} (numbers or numeric strings) into *d. */
static bool date_parts(const json_t *o, pc_date *d)
{
    const json_t *first = json_array_get(json_object_get(o, "date-parts"), 0);
    pc_date t = {
        .year = part_int(json_array_get(first, 0)),
        .month = part_int(json_array_get(first, 1)),
        .day = part_int(json_array_get(first, 2)),
    };
    if (!t.year || !pc_date_valid(&t))
        return false;
    *d = t;
    return true;
}

/* ---- shared mapping pieces --------------------------------------------------- */

/* A display name ("Heather Piwowar", "M. Monastirsky") as an author. */
static pc_name *add_display_name(json_reader *r, pc_record *rec, const char *s)
{
    char *t = plain(r, s);
    if (!t)
        return NULL;
    pc_name *nm = pc_record_add_name(rec, PC_F_AUTHOR);
    pc_name_parse(t, strlen(t), nm);
    free(t);
    return nm;
}

static void add_affiliation(pc_name *nm, char *aff)
{
    if (aff)
        pc_strlist_add_unique(&nm->affiliations, aff, strlen(aff));
    free(aff);
}

static void finish(json_reader *r, pc_record *rec, unsigned long line)
{
    rec->src_file = r->file;
    rec->src_line = line;
    if (!pc_record_has(rec, PC_F_TITLE))
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, line, 0, "record has no title%s", r->where);
}

/* ---- Crossref REST API work ------------------------------------------------------ */

static pc_kind crossref_kind(const char *type)
{
    static const struct {
        const char *type;
        pc_kind kind;
    } map[] = {
        {"journal-article", PC_KIND_ARTICLE},   {"proceedings-article", PC_KIND_CONFERENCE},
        {"posted-content", PC_KIND_PREPRINT},   {"book-chapter", PC_KIND_CHAPTER},
        {"book-section", PC_KIND_CHAPTER},      {"book-part", PC_KIND_CHAPTER},
        {"reference-entry", PC_KIND_CHAPTER},   {"book", PC_KIND_BOOK},
        {"monograph", PC_KIND_BOOK},            {"edited-book", PC_KIND_BOOK},
        {"reference-book", PC_KIND_BOOK},       {"book-set", PC_KIND_BOOK},
        {"dissertation", PC_KIND_THESIS},       {"report", PC_KIND_REPORT},
        {"report-series", PC_KIND_REPORT},      {"report-component", PC_KIND_REPORT},
        {"dataset", PC_KIND_DATASET},           {"database", PC_KIND_DATASET},
        {"proceedings", PC_KIND_BOOK},          {"standard", PC_KIND_REPORT},
    };
    for (size_t i = 0; type && i < sizeof map / sizeof *map; i++)
        if (strcmp(type, map[i].type) == 0)
            return map[i].kind;
    return PC_KIND_OTHER;
}

/* The first string of a Crossref array field (title, container-title). */
static const char *first_str(const json_t *o, const char *key)
{
    const json_t *v = json_object_get(o, key);
    const char *s = json_string_value(json_is_array(v) ? json_array_get(v, 0) : v);
    return s && *s ? s : NULL;
}

static json_step map_crossref(json_reader *r, const json_t *w, pc_record *rec, unsigned long line)
{
    rec->kind = crossref_kind(jstr(w, "type"));
    pc_spanlist spans = {0};
    const char *title = first_str(w, "title"), *sub = first_str(w, "subtitle");
    if (title && sub) {
        pc_buf b = PC_BUF_INIT;
        pc_buf_printf(&b, "%s: %s", title, sub);
        take_rich(rec, PC_F_TITLE, markup_rich(r, b.ptr, &spans), &spans, NULL);
        pc_buf_free(&b);
    } else {
        take_rich(rec, PC_F_TITLE, markup_rich(r, title, &spans), &spans, NULL);
    }
    size_t i;
    const json_t *a;
    json_array_foreach(json_object_get(w, "author"), i, a) {
        const char *given = jstr(a, "given"), *family = jstr(a, "family"), *name = jstr(a, "name");
        pc_name *nm;
        if (family) {
            char *g = plain(r, given), *f = plain(r, family), *sfx = plain(r, jstr(a, "suffix"));
            nm = pc_record_add_name(rec, PC_F_AUTHOR);
            pc_name_from_parts(g, f, sfx, nm);
            free(g);
            free(f);
            free(sfx);
        } else if (name || given) { /* an organisation, or a mononym in `given` */
            nm = pc_record_add_name(rec, PC_F_AUTHOR);
            nm->literal = plain(r, name ? name : given);
        } else {
            continue;
        }
        size_t k;
        const json_t *af;
        json_array_foreach(json_object_get(a, "affiliation"), k, af)
            add_affiliation(nm, plain(r, jstr(af, "name")));
        /* ORCID (a["ORCID"]): the model has no place for it yet */
    }
    static const char *const date_keys[] = {"issued", "published", "published-print",
                                            "published-online"};
    pc_date d = {0};
    for (i = 0; i < sizeof date_keys / sizeof *date_keys; i++)
        if (date_parts(json_object_get(w, date_keys[i]), &d)) {
            pc_record_set_date(rec, PC_F_ISSUED, &d);
            break;
        }
    take_rich(rec, PC_F_ABSTRACT, markup_rich(r, jstr(w, "abstract"), &spans), &spans, NULL);
    set_doi(r, rec, jstr(w, "DOI"), line);
    pc_record_take(rec, PC_F_CONTAINER_TITLE, markup_text(r, first_str(w, "container-title")));
    pc_record_take(rec, PC_F_VOLUME, plain(r, jtext(json_object_get(w, "volume"), &r->tmp2)));
    pc_record_take(rec, PC_F_ISSUE, plain(r, jtext(json_object_get(w, "issue"), &r->tmp2)));
    pc_record_take(rec, PC_F_PAGE, plain(r, jtext(json_object_get(w, "page"), &r->tmp2)));
    pc_record_take(rec, PC_F_PUBLISHER, plain(r, jstr(w, "publisher")));
    /* URL is a doi.org link to the same DOI: kept only when it is not */
    const char *url = jstr(w, "URL"), *doi = pc_record_get(rec, PC_F_DOI);
    if (url && (!doi || !strstr(url, doi)))
        pc_record_list_add(rec, PC_F_URL, url, strlen(url));
    const json_t *kw;
    json_array_foreach(json_object_get(w, "subject"), i, kw)
        add_keyword(rec, plain(r, json_string_value(kw)));
    finish(r, rec, line);
    return STEP_RECORD;
}

/* ---- OpenAlex work -------------------------------------------------------------- */

typedef struct word_at {
    size_t pos, order;
    const char *word;
} word_at;

static int word_cmp(const void *a, const void *b)
{
    const word_at *x = a, *y = b;
    if (x->pos != y->pos)
        return x->pos < y->pos ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* {"Despite": [0], "in": [3, 57]} -> "Despite ... in ..." by position. */
static char *inverted_index(json_reader *r, const json_t *idx)
{
    size_t n = 0, cap = 0;
    word_at *w = NULL;
    const char *word;
    const json_t *positions;
    json_object_foreach((json_t *)idx, word, positions) {
        size_t i;
        const json_t *p;
        json_array_foreach(positions, i, p) {
            if (!json_is_integer(p) || json_integer_value(p) < 0)
                continue;
            if (n == cap) {
                cap = cap ? cap * 2 : 256;
                w = pc_xrealloc(w, cap * sizeof *w);
            }
            w[n] = (word_at){.pos = (size_t)json_integer_value(p), .order = n, .word = word};
            n++;
        }
    }
    if (n)
        qsort(w, n, sizeof *w, word_cmp);
    pc_buf b = PC_BUF_INIT;
    for (size_t i = 0; i < n; i++) {
        if (i)
            pc_buf_putc(&b, ' ');
        pc_buf_puts(&b, w[i].word);
    }
    free(w);
    char *text = plain(r, b.ptr);
    pc_buf_free(&b);
    return text;
}

static pc_kind openalex_kind(const json_t *w)
{
    const char *xr = jstr(w, "type_crossref");
    if (xr)
        return crossref_kind(xr);
    const char *t = jstr(w, "type");
    static const struct {
        const char *type;
        pc_kind kind;
    } map[] = {
        {"article", PC_KIND_ARTICLE},       {"preprint", PC_KIND_PREPRINT}, {"book", PC_KIND_BOOK},
        {"book-chapter", PC_KIND_CHAPTER},  {"dissertation", PC_KIND_THESIS},
        {"dataset", PC_KIND_DATASET},       {"report", PC_KIND_REPORT},
    };
    for (size_t i = 0; t && i < sizeof map / sizeof *map; i++)
        if (strcmp(t, map[i].type) == 0)
            return map[i].kind;
    return PC_KIND_OTHER;
}

static json_step map_openalex(json_reader *r, const json_t *w, pc_record *rec, unsigned long line)
{
    rec->kind = openalex_kind(w);
    const char *title = jstr(w, "title");
    pc_spanlist spans = {0};
    take_rich(rec, PC_F_TITLE, markup_rich(r, title ? title : jstr(w, "display_name"), &spans),
              &spans, NULL);
    size_t i;
    const json_t *a;
    json_array_foreach(json_object_get(w, "authorships"), i, a) {
        const json_t *au = json_object_get(a, "author");
        const char *dn = jstr(au, "display_name");
        pc_name *nm = add_display_name(r, rec, dn ? dn : jstr(a, "raw_author_name"));
        if (!nm)
            continue;
        size_t k;
        const json_t *inst;
        json_array_foreach(json_object_get(a, "institutions"), k, inst)
            add_affiliation(nm, plain(r, jstr(inst, "display_name")));
        if (!nm->affiliations.n) {
            const json_t *raw;
            json_array_foreach(json_object_get(a, "raw_affiliation_strings"), k, raw)
                add_affiliation(nm, plain(r, json_string_value(raw)));
        }
    }
    pc_date d = {0};
    if (!date_text(r, jstr(w, "publication_date"), &d, line)) {
        const json_t *y = json_object_get(w, "publication_year");
        if (json_is_integer(y))
            d.year = (int)json_integer_value(y);
    }
    pc_record_set_date(rec, PC_F_ISSUED, &d);
    set_doi(r, rec, jstr(w, "doi"), line);
    const json_t *idx = json_object_get(w, "abstract_inverted_index");
    if (json_is_object(idx))
        pc_record_take(rec, PC_F_ABSTRACT, inverted_index(r, idx));
    const json_t *src = json_object_get(json_object_get(w, "primary_location"), "source");
    pc_record_take(rec, PC_F_CONTAINER_TITLE, plain(r, jstr(src, "display_name")));
    pc_record_take(rec, PC_F_PUBLISHER, plain(r, jstr(src, "host_organization_name")));
    const json_t *bib = json_object_get(w, "biblio");
    pc_record_take(rec, PC_F_VOLUME, plain(r, jtext(json_object_get(bib, "volume"), &r->tmp2)));
    pc_record_take(rec, PC_F_ISSUE, plain(r, jtext(json_object_get(bib, "issue"), &r->tmp2)));
    char *fp = plain(r, jtext(json_object_get(bib, "first_page"), &r->tmp2));
    char *lp = plain(r, jtext(json_object_get(bib, "last_page"), &r->tmp2));
    if (fp && lp && strcmp(fp, lp) != 0) {
        pc_buf b = PC_BUF_INIT;
        pc_buf_printf(&b, "%s-%s", fp, lp);
        pc_record_take(rec, PC_F_PAGE, pc_buf_detach(&b));
        free(fp);
    } else {
        pc_record_take(rec, PC_F_PAGE, fp);
    }
    free(lp);
    const json_t *kw;
    json_array_foreach(json_object_get(w, "keywords"), i, kw)
        add_keyword(rec, plain(r, json_is_string(kw) ? json_string_value(kw)
                                                     : jstr(kw, "display_name")));
    finish(r, rec, line);
    return STEP_RECORD;
}

/* ---- Semantic Scholar paper ------------------------------------------------------ */

/* Semantic Scholar often lists both JournalArticle and Conference for a
 * conference paper: the more specific type wins. */
static pc_kind s2_kind(const json_t *p, bool has_venue, bool has_arxiv)
{
    static const struct {
        const char *type;
        pc_kind kind;
    } map[] = {
        {"Conference", PC_KIND_CONFERENCE}, {"BookSection", PC_KIND_CHAPTER},
        {"Book", PC_KIND_BOOK},             {"Dataset", PC_KIND_DATASET},
        {"JournalArticle", PC_KIND_ARTICLE},
    };
    const json_t *types = json_object_get(p, "publicationTypes");
    for (size_t k = 0; k < sizeof map / sizeof *map; k++) {
        size_t i;
        const json_t *t;
        json_array_foreach(types, i, t) {
            const char *s = json_string_value(t);
            if (s && strcmp(s, map[k].type) == 0)
                return has_arxiv && !has_venue ? PC_KIND_PREPRINT : map[k].kind;
        }
    }
    if (has_arxiv && !has_venue)
        return PC_KIND_PREPRINT;
    return has_venue ? PC_KIND_ARTICLE : PC_KIND_OTHER;
}

static json_step map_s2(json_reader *r, const json_t *p, pc_record *rec, unsigned long line)
{
    pc_record_take(rec, PC_F_TITLE, plain(r, jstr(p, "title")));
    pc_record_take(rec, PC_F_ABSTRACT, plain(r, jstr(p, "abstract")));
    size_t i;
    const json_t *a;
    json_array_foreach(json_object_get(p, "authors"), i, a)
        add_display_name(r, rec, jstr(a, "name"));
    const json_t *ids = json_object_get(p, "externalIds");
    set_doi(r, rec, jstr(ids, "DOI"), line);
    pc_record_take(rec, PC_F_ARXIV_ID, plain(r, jstr(ids, "ArXiv")));
    /* Semantic Scholar names arXiv itself as the journal of a preprint
     * ({"name": "ArXiv", "volume": "abs/2106.15928"}): not a container. */
    const json_t *j = json_object_get(p, "journal");
    const char *venues[] = {jstr(j, "name"), jstr(json_object_get(p, "publicationVenue"), "name"),
                            jstr(p, "venue")};
    for (size_t k = 0; k < 3 && !pc_record_has(rec, PC_F_CONTAINER_TITLE); k++)
        if (venues[k] && pc_strcasecmp(venues[k], "arxiv") != 0)
            pc_record_take(rec, PC_F_CONTAINER_TITLE, plain(r, venues[k]));
    if (venues[0] && pc_strcasecmp(venues[0], "arxiv") != 0) {
        pc_record_take(rec, PC_F_VOLUME, plain(r, jtext(json_object_get(j, "volume"), &r->tmp2)));
        pc_record_take(rec, PC_F_PAGE, plain(r, jtext(json_object_get(j, "pages"), &r->tmp2)));
    }
    rec->kind = s2_kind(p, pc_record_has(rec, PC_F_CONTAINER_TITLE),
                        pc_record_has(rec, PC_F_ARXIV_ID));
    pc_date d = {0};
    if (!date_text(r, jstr(p, "publicationDate"), &d, line)) {
        const json_t *y = json_object_get(p, "year");
        if (json_is_integer(y))
            d.year = (int)json_integer_value(y);
    }
    pc_record_set_date(rec, PC_F_ISSUED, &d);
    const char *url = jstr(p, "url");
    if (url)
        pc_record_list_add(rec, PC_F_URL, url, strlen(url));
    const json_t *f;
    json_array_foreach(json_object_get(p, "fieldsOfStudy"), i, f)
        add_keyword(rec, plain(r, json_string_value(f)));
    finish(r, rec, line);
    return STEP_RECORD;
}

/* ---- arXiv metadata snapshot ------------------------------------------------------ */

static json_step map_arxiv(json_reader *r, const json_t *o, pc_record *rec, unsigned long line)
{
    pc_latex_report rep = {0};
    rec->kind = PC_KIND_PREPRINT;
    const char *id = jstr(o, "id");
    if (id && pc_strncasecmp(id, "arXiv:", 6) == 0)
        id += 6;
    pc_record_take(rec, PC_F_ARXIV_ID, plain(r, id));
    pc_spanlist spans = {0};
    pc_strlist protect = {0};
    take_rich(rec, PC_F_TITLE, tex(r, jstr(o, "title"), &protect, &spans, &rep), &spans, &protect);
    take_rich(rec, PC_F_ABSTRACT, tex(r, jstr(o, "abstract"), NULL, &spans, &rep), &spans, NULL);
    const json_t *ap = json_object_get(o, "authors_parsed");
    size_t i;
    const json_t *a;
    json_array_foreach(ap, i, a) {
        /* [last, first, suffix, affiliation...] */
        char *last = tex(r, json_string_value(json_array_get(a, 0)), NULL, NULL, &rep);
        char *first = tex(r, json_string_value(json_array_get(a, 1)), NULL, NULL, &rep);
        char *sfx = tex(r, json_string_value(json_array_get(a, 2)), NULL, NULL, &rep);
        if (last || first) {
            pc_name *nm = pc_record_add_name(rec, PC_F_AUTHOR);
            pc_buf_clear(&r->tmp2); /* "first last" (not pc_buf_printf: it formats twice) */
            if (first)
                pc_buf_puts(&r->tmp2, first);
            if (first && last)
                pc_buf_putc(&r->tmp2, ' ');
            if (last)
                pc_buf_puts(&r->tmp2, last);
            /* ["Collaboration", "The BABAR", ""]: an organisation, not a person */
            if (!sfx && pc_name_is_organisation(r->tmp2.ptr, r->tmp2.len))
                nm->literal = pc_xstrdup(r->tmp2.ptr);
            else if (!last)
                pc_name_parse(first, strlen(first), nm);
            else
                pc_name_from_parts(first, last, sfx, nm);
            for (size_t k = 3; k < json_array_size(a); k++)
                add_affiliation(nm, tex(r, json_string_value(json_array_get(a, k)), NULL, NULL,
                                        &rep));
        }
        free(last);
        free(first);
        free(sfx);
    }
    char *list = tex(r, jstr(o, "authors"), NULL, NULL, &rep);
    if (list && !json_is_array(ap)) {
        pc_names_parse_list(list, strlen(list), pc_record_names_mut(rec, PC_F_AUTHOR));
    } else if (list) {
        /* authors_parsed drops the "et al" that ends some author strings */
        size_t n = strlen(list);
        while (n && (list[n - 1] == '.' || pc_is_space((unsigned char)list[n - 1])))
            n--;
        if (n >= 6 && pc_strncasecmp(list + n - 5, "et al", 5) == 0 &&
            (list[n - 6] == ' ' || list[n - 6] == ','))
            pc_record_names_mut(rec, PC_F_AUTHOR)->et_al = true;
    }
    free(list);
    const json_t *versions = json_object_get(o, "versions");
    size_t nv = json_array_size(versions);
    if (nv) {
        const json_t *v1 = json_array_get(versions, 0), *vn = json_array_get(versions, nv - 1);
        pc_date first = {0}, last = {0};
        date_text(r, jstr(v1, "created"), &first, line);
        date_text(r, jstr(vn, "created"), &last, line);
        pc_record_set_date(rec, PC_F_ISSUED, &first);
        pc_record_set_date(rec, PC_F_UPDATED, &last);
        const char *vs = jstr(vn, "version");
        if (vs && (*vs == 'v' || *vs == 'V') && pc_is_digit((unsigned char)vs[1]))
            set_version(rec, atoi(vs + 1));
    } else {
        pc_date d = {0};
        date_text(r, jstr(o, "update_date"), &d, line);
        pc_record_set_date(rec, PC_F_ISSUED, &d);
    }
    set_doi(r, rec, jstr(o, "doi"), line);
    pc_record_take(rec, PC_F_JOURNAL_REF, tex(r, jstr(o, "journal-ref"), NULL, NULL, &rep));
    pc_record_take(rec, PC_F_NOTE, tex(r, jstr(o, "comments"), NULL, NULL, &rep));
    const char *cats = jstr(o, "categories");
    while (cats && *cats) {
        while (pc_is_space((unsigned char)*cats))
            cats++;
        size_t n = 0;
        while (cats[n] && !pc_is_space((unsigned char)cats[n]))
            n++;
        if (n) {
            if (!pc_record_has(rec, PC_F_ARXIV_CLASS))
                pc_record_set(rec, PC_F_ARXIV_CLASS, cats, n);
            add_keyword(rec, pc_xstrndup(cats, n));
        }
        cats += n;
    }
    if (rep.n_unknown)
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, line, 0,
                     "%zu unknown LaTeX command(s) kept as written (first: %s)%s", rep.n_unknown,
                     rep.first_name, r->where);
    finish(r, rec, line);
    return STEP_RECORD;
}

/* ---- shape detection -------------------------------------------------------------- */

static bool has(const json_t *o, const char *key) { return json_object_get(o, key) != NULL; }

/* "unknown JSON shape: keys a, b, c" */
static void report_unknown(json_reader *r, const json_t *v, unsigned long line, unsigned long col)
{
    if (!json_is_object(v)) {
        static const char *const names[] = {"an object", "an array", "a string", "a number",
                                            "a number", "true", "false", "null"};
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, line, col,
                     "unknown JSON shape: %s, not a record object%s", names[json_typeof(v)],
                     r->where);
        return;
    }
    pc_buf_clear(&r->tmp2);
    const char *key;
    const json_t *val;
    size_t n = 0;
    json_object_foreach((json_t *)v, key, val) {
        if (n == 8) {
            pc_buf_puts(&r->tmp2, ", \xE2\x80\xA6");
            break;
        }
        pc_buf_printf(&r->tmp2, "%s%s", n++ ? ", " : "", key);
    }
    pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, line, col, "unknown JSON shape: %s%s%s",
                 n ? "keys " : "an empty object", r->tmp2.ptr, r->where);
}

/* Converts one element that is not an envelope. */
static json_step convert_item(json_reader *r, const json_t *v, pc_record *rec, unsigned long line,
                              unsigned long col)
{
    if (json_is_null(v)) { /* a Semantic Scholar batch answer for an unknown id */
        pc_diag_emit(r->ctx, PC_SEV_NOTE, r->file, line, col, "null element skipped%s", r->where);
        return STEP_CONTINUE;
    }
    if (!json_is_object(v)) {
        report_unknown(r, v, line, col);
        return STEP_SKIP;
    }
    /* Semantic Scholar /citations and /references wrap the paper */
    const json_t *inner = json_object_get(v, "citingPaper");
    if (!json_is_object(inner))
        inner = json_object_get(v, "citedPaper");
    if (json_is_object(inner) && !has(v, "title"))
        v = inner;
    if (has(v, "authors_parsed") ||
        (json_is_string(json_object_get(v, "categories")) && has(v, "versions")))
        return map_arxiv(r, v, rec, line);
    if (has(v, "authorships") || has(v, "abstract_inverted_index") ||
        (jstr(v, "id") && strncmp(jstr(v, "id"), "https://openalex.org/", 21) == 0))
        return map_openalex(r, v, rec, line);
    if (has(v, "paperId") || has(v, "externalIds") || has(v, "corpusId"))
        return map_s2(r, v, rec, line);
    /* Crossref REST gives title and container-title as arrays; CSL (also
     * what doi.org returns for Crossref DOIs) as strings */
    if (json_is_array(json_object_get(v, "title")) ||
        json_is_array(json_object_get(v, "container-title")))
        return map_crossref(r, v, rec, line);
    if (has(v, "type") || has(v, "title") || has(v, "author") || has(v, "issued") ||
        has(v, "citation-key") || has(v, "DOI")) {
        if (!pc_csl_read_item(v, rec, r->ctx, r->file, line, PC_CSL_HTML))
            return STEP_SKIP;
        rec->src_file = r->file;
        rec->src_line = line;
        return STEP_RECORD;
    }
    report_unknown(r, v, line, col);
    return STEP_SKIP;
}

/* True if every key looks like a DOI and every value is an array or object:
 * what doi.org content negotiation answers look like when collected by DOI
 * (citation-js's test data). */
static bool keyed_by_doi(const json_t *o)
{
    const char *key;
    const json_t *val;
    size_t n = 0;
    json_object_foreach((json_t *)o, key, val) {
        if (strncmp(key, "10.", 3) != 0 || !(json_is_array(val) || json_is_object(val)))
            return false;
        n++;
    }
    return n > 0;
}

static void queue_items(json_reader *r, json_t *root, json_t *items, const char *name,
                        unsigned long line, unsigned long col)
{
    r->root = root; /* owns items */
    r->queue = items;
    r->qi = 0;
    r->qname = name;
    r->qline = line;
    r->qcol = col;
}

/* Looks at one parsed top-level value or array element (takes ownership of
 * v): queues the items of an envelope, or converts the record. */
static json_step handle_value(json_reader *r, json_t *v, pc_record *rec, unsigned long line,
                              unsigned long col)
{
    r->where[0] = '\0';
    if (json_is_object(v)) {
        const json_t *msg = json_object_get(v, "message");
        const char *status = jstr(v, "status");
        if (msg && (has(v, "message-type") || status)) { /* Crossref envelope */
            if (status && strcmp(status, "ok") != 0) {
                const json_t *m0 = json_array_get(msg, 0);
                const char *why = jstr(m0, "message");
                pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, line, col, "Crossref API error (%s): %s",
                             status, why ? why : json_string_value(msg) ? json_string_value(msg)
                                                                        : "no message");
                json_decref(v);
                return STEP_SKIP;
            }
            json_t *items = json_object_get(msg, "items");
            if (json_is_array(items)) {
                queue_items(r, v, items, "message.items", line, col);
                return STEP_CONTINUE;
            }
            json_step st = convert_item(r, msg, rec, line, col);
            json_decref(v);
            return st;
        }
        static const char *const lists[] = {"results", "data", "items"};
        for (size_t i = 0; i < sizeof lists / sizeof *lists; i++) {
            json_t *items = json_object_get(v, lists[i]);
            if (json_is_array(items) && !has(v, "title")) {
                queue_items(r, v, items, lists[i], line, col);
                return STEP_CONTINUE;
            }
        }
        if (keyed_by_doi(v)) {
            json_t *all = json_array();
            const char *key;
            json_t *val;
            json_object_foreach(v, key, val) {
                if (json_is_array(val))
                    json_array_extend(all, val);
                else
                    json_array_append(all, val);
            }
            json_decref(v);
            queue_items(r, all, all, "DOI-keyed object", line, col);
            return STEP_CONTINUE;
        }
    }
    json_step st = convert_item(r, v, rec, line, col);
    json_decref(v);
    return st;
}

/* ---- the reader ---------------------------------------------------------------- */

static void *json_open(pc_source *src, pc_ctx *ctx)
{
    json_reader *r = pc_xcalloc(1, sizeof *r);
    r->src = src;
    r->ctx = ctx;
    r->file = pc_source_name(src);
    r->chunk = pc_xmalloc(PC_JSON_CHUNK);
    r->line = r->col = 1;
    size_t len = strlen(r->file);
    r->lines_known = r->lines = (len > 6 && strcmp(r->file + len - 6, ".jsonl") == 0) ||
                                (len > 7 && strcmp(r->file + len - 7, ".ndjson") == 0);
    pc_buf_init(&r->elem);
    pc_buf_init(&r->tmp);
    pc_buf_init(&r->tmp2);
    return r;
}

static void json_close(void *state)
{
    json_reader *r = state;
    if (!r)
        return;
    json_decref(r->root);
    free(r->chunk);
    pc_buf_free(&r->elem);
    pc_buf_free(&r->tmp);
    pc_buf_free(&r->tmp2);
    free(r);
}

static pc_read_status status_of(json_step st)
{
    return st == STEP_RECORD ? PC_READ_RECORD : PC_READ_SKIP;
}

/* JSON Lines: after a value only blanks may follow on its line.  Otherwise
 * reports the extra text once and skips the rest of the line. */
static bool rest_of_line_blank(json_reader *r)
{
    int c;
    while ((c = peek_byte(r)) == ' ' || c == '\t' || c == '\r')
        consume_byte(r);
    if (c < 0 || c == '\n')
        return true;
    pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->line, cur_col(r),
                 "JSON Lines: text after the value that starts at %lu:%lu (one value per line)",
                 r->eline, r->ecol);
    while ((c = peek_byte(r)) >= 0 && c != '\n')
        consume_byte(r);
    return false;
}

/* Reads the next value of the input: an element of the top-level array
 * being streamed, or a top-level value (one document, or one JSON Lines
 * line).  Returns false at the end or after a fatal error (*fatal). */
static bool next_value(json_reader *r, scan_result *sr, bool *fatal)
{
    *fatal = false;
    for (;;) {
        int c = skip_ws(r);
        if (r->in_array) {
            if (c < 0) {
                pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->line, cur_col(r),
                             "unexpected end of input: the array opened at %lu:%lu is not closed "
                             "(truncated file?)",
                             r->arr_line, r->arr_col);
                r->done = *fatal = true;
                return false;
            }
            if (c == ']') {
                if (r->after_comma)
                    pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->line, cur_col(r),
                                 "JSON: ',' before ']' (trailing comma)");
                consume_byte(r);
                r->in_array = false;
                continue;
            }
            if (!r->need_elem) {
                if (c != ',') {
                    pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->line, cur_col(r),
                                 "JSON: expected ',' or ']' after the array element, found '%c'",
                                 c >= 0x20 && c < 0x7F ? c : '?');
                    r->done = *fatal = true;
                    return false;
                }
                consume_byte(r);
                r->need_elem = r->after_comma = true;
                continue;
            }
            if (c == ',') {
                pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->line, cur_col(r),
                             "JSON: missing array element before ','");
                r->done = *fatal = true;
                return false;
            }
            r->need_elem = r->after_comma = false;
            *sr = scan_value(r, false);
            return true;
        }
        if (c < 0) {
            r->done = true;
            return false;
        }
        if (c == '[') { /* stream the elements of a top-level array */
            r->arr_line = r->line;
            r->arr_col = cur_col(r);
            consume_byte(r);
            r->in_array = r->need_elem = true;
            r->after_comma = false;
            continue;
        }
        if (c == ',' || c == ']' || c == '}') {
            pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->line, cur_col(r),
                         "JSON: unexpected '%c' outside any value", c);
            consume_byte(r);
            continue;
        }
        *sr = scan_value(r, r->lines);
        if (r->lines && *sr == SCAN_OK && !rest_of_line_blank(r))
            *sr = SCAN_BAD;
        if (!r->lines_known && *sr == SCAN_OK) {
            r->lines_known = true;
            int next = peek_byte(r);
            r->lines = r->line == r->eline && (next == '\n' || next == '\r');
        }
        return true;
    }
}

static pc_read_status json_next(void *state, pc_record *rec)
{
    json_reader *r = state;
    for (;;) {
        if (r->queue) {
            if (r->qi < json_array_size(r->queue)) {
                size_t i = r->qi++;
                snprintf(r->where, sizeof r->where, " (%s[%zu])", r->qname, i);
                json_step st = convert_item(r, json_array_get(r->queue, i), rec, r->qline, r->qcol);
                if (st != STEP_CONTINUE)
                    return status_of(st);
                continue;
            }
            json_decref(r->root);
            r->root = r->queue = NULL;
            r->where[0] = '\0';
        }
        if (r->done)
            return PC_READ_EOF;
        scan_result sr = SCAN_NONE;
        bool fatal;
        if (!next_value(r, &sr, &fatal))
            return fatal ? PC_READ_FATAL : PC_READ_EOF;
        if (sr == SCAN_TRUNCATED) {
            r->done = true;
            return PC_READ_SKIP;
        }
        if (sr == SCAN_BAD)
            return PC_READ_SKIP;
        json_t *v = parse_elem(r);
        unsigned long line = r->eline, col = r->ecol;
        if (r->elem.cap > PC_JSON_CHUNK * 4) /* do not keep a large element's buffer */
            pc_buf_free(&r->elem);
        if (!v)
            return PC_READ_SKIP;
        json_step st = handle_value(r, v, rec, line, col);
        if (st != STEP_CONTINUE)
            return status_of(st);
    }
}

/* A first non-blank byte '[' or '{' (after an optional BOM). */
static int json_sniff(const char *head, size_t n)
{
    size_t i = 0;
    if (n >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    while (i < n && is_ws((unsigned char)head[i]))
        i++;
    if (i >= n || (head[i] != '[' && head[i] != '{'))
        return 0;
    char open = head[i++];
    while (i < n && is_ws((unsigned char)head[i]))
        i++;
    if (i >= n)
        return 30;
    char c = head[i];
    if (open == '{')
        return c == '"' || c == '}' ? 80 : 30;
    return c == '{' || c == '[' || c == ']' || c == '"' || c == 'n' ? 80 : 30;
}

static const char *const json_aliases[] = {"jsonl", "crossref", "openalex", "s2", "semanticscholar",
                                           NULL};
static const char *const json_exts[] = {"json", "jsonl", "ndjson", NULL};

const pc_format pc_format_json = {
    .name = "json",
    .aliases = json_aliases,
    .extensions = json_exts,
    .description = "JSON: CSL-JSON, Crossref, OpenAlex, Semantic Scholar, arXiv snapshot; JSON Lines",
    .sniff = json_sniff,
    .read_open = json_open,
    .read_next = json_next,
    .read_close = json_close,
};
