/* SPDX-License-Identifier: MIT */
/* yaml_read.c — the CSL-YAML reader (pandoc's bibliography format), and
 * the `yaml` format's entry in the format table (its writer is
 * yaml_write.c, see yaml_write.h).
 *
 * The reader pulls libyaml parser events and builds one item (json_t) at a
 * time, then maps it with pc_csl_read_item (item_read.c), so CSL-YAML and
 * CSL-JSON hold the same fields; its strings are read as pandoc's Markdown
 * (a JSON document, a flow sequence, is CSL-JSON and its rich text CSL's
 * tags).  It accepts a `references:` mapping (other top-level keys are
 * skipped) or a bare list of items, in one or several documents.  Nesting
 * inside an item is bounded (YAML_MAX_DEPTH) and aliases are refused, so
 * hostile input cannot make an item grow beyond its own text.
 *
 * libyaml stops for good at the first byte that is not UTF-8 (or a control
 * character YAML forbids), and can say only its byte offset.  So the bytes
 * pass a filter on their way in (read_handler): each bad byte is handed
 * over as U+FFFD and remembered with its line, column and libyaml's
 * character index; once an item is built, the bad bytes inside its span of
 * characters are reported where they are and that item alone is skipped
 * (bad bytes outside every item, in a comment or another key, are reported
 * too). */
#include "csl.h"
#include "format.h"
#include "yaml_write.h"

#include <limits.h>
#include <stdlib.h>
#include <yaml.h>

enum {
    MAX_BAD = 256,          /* bad bytes kept for their positions until reported */
    MAX_BAD_RUN = 64,       /* bad bytes in a row that end the input (binary, /dev/zero) */
    YAML_MAX_DEPTH = 32,    /* an item deeper than this is skipped (CSL needs 4) */
    YAML_SKIP_DEPTH = 1000, /* deeper than this, the file is given up on */
    YAML_IN_CHUNK = 1 << 16, /* bytes read from the source at a time */
};

/* ---- reader ------------------------------------------------------------- */

typedef enum yaml_state {
    YST_NONE = 0,
    YST_OUTSIDE, /* between documents, or in a document before its top node */
    YST_TOP_MAP, /* in a top-level mapping, at a key */
    YST_ITEMS,   /* in the list of items */
    YST_DONE,
} yaml_state;

typedef enum node_status {
    NODE_NONE = 0,
    NODE_OK,
    NODE_BAD,   /* reported; the node was consumed */
    NODE_FATAL, /* the YAML cannot be parsed further; reported */
} node_status;

/* A byte the filter replaced: where it was (libyaml's character index,
 * and 1-based line and column in characters as libyaml counts them). */
typedef struct bad_byte {
    unsigned long long index;
    unsigned long line, col;
    int32_t what; /* the byte that is not UTF-8 (0x80-0xFF), 0 for NUL, or minus a
                     character YAML forbids (a control character) */
} bad_byte;

/* The filter between the source and libyaml (see the top of the file). */
typedef struct utf8_filter {
    char *in;
    size_t pos, len;
    bool eof, started;
    bool pass;                /* UTF-16/32 input (a byte-order mark): libyaml decodes it */
    unsigned long long index; /* characters handed over so far */
    unsigned long line;       /* of the next character, 0-based */
    unsigned long long line_start; /* index of its line's first character */
    bool after_cr;
    char pend[4];             /* a character libyaml had no room for: pend[ppend, +npend) */
    size_t ppend, npend;
    bad_byte *bad;            /* not yet reported, in input order: bad[head, n) */
    size_t head, n, cap;
    size_t uncounted;         /* bad bytes past MAX_BAD not kept (counted in "and N more") */
    size_t bad_run;           /* bad bytes in a row */
    bool stopped;             /* a run of bad bytes ended the input: not YAML text */
} utf8_filter;

typedef struct yaml_reader {
    pc_source *src;
    pc_ctx *ctx;
    const char *file;
    yaml_parser_t parser;
    utf8_filter filt;
    unsigned long long content_end; /* character index after the last scalar or flow node */
    yaml_state st;
    bool items_in_map; /* the list is the value of `references:` */
    bool seen_map;     /* a top-level mapping was found */
    bool seen_list;    /* a list of items was found */
    pc_csl_text text;  /* Markdown (pandoc's CSL-YAML), or HTML for a JSON document */
} yaml_reader;

/* True if the 8 bytes at p are printable ASCII (0x20-0x7E): the filter's
 * fast path.  Tab, line breaks and everything else take the byte loop. */
static inline bool plain8(const unsigned char *p)
{
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    uint64_t x, del;
    memcpy(&x, p, 8);
    del = x ^ (0x7F * ones);
    return ((x | ((x - 0x20 * ones) & ~x) | ((del - ones) & ~del)) & highs) == 0;
}

/* Characters libyaml's reader refuses (yaml_parser_update_buffer): C0
 * controls but tab, LF and CR; DEL; C1 controls but NEL; U+FFFE, U+FFFF. */
static bool yaml_forbids(int32_t cp)
{
    return (cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') || cp == 0x7F ||
           (cp >= 0x80 && cp <= 0x9F && cp != 0x85) || cp == 0xFFFE || cp == 0xFFFF;
}

static void filter_bad(utf8_filter *f, int32_t what)
{
    if (f->n - f->head >= MAX_BAD) { /* kept memory bounded: the rest are only counted */
        f->uncounted++;
        return;
    }
    if (f->n == f->cap) {
        if (f->head) { /* drop the reported ones before growing */
            memmove(f->bad, f->bad + f->head, (f->n - f->head) * sizeof *f->bad);
            f->n -= f->head;
            f->head = 0;
        }
        PC_GROW(f->bad, f->cap, f->n + 1);
    }
    f->bad[f->n++] = (bad_byte){
        .index = f->index, .line = f->line + 1, .col = (unsigned long)(f->index - f->line_start) + 1, .what = what};
}

/* Makes at least 4 bytes (a whole UTF-8 sequence) available at f->in +
 * f->pos, unless the input ends first.  False at the end of input; -1
 * after a read error. */
static int filter_fill(yaml_reader *r)
{
    utf8_filter *f = &r->filt;
    if (f->len - f->pos >= 4 || f->eof)
        return f->pos < f->len;
    memmove(f->in, f->in + f->pos, f->len - f->pos);
    f->len -= f->pos;
    f->pos = 0;
    while (f->len < 4 && !f->eof) {
        ssize_t got = pc_source_read(r->src, f->in + f->len, YAML_IN_CHUNK - f->len);
        if (got < 0)
            return -1;
        if (got == 0)
            f->eof = true;
        f->len += (size_t)got;
    }
    return f->pos < f->len;
}

/* Copies one character (or one bad byte, as U+FFFD) from the filter's
 * input to out (room for 4 bytes), counting lines and columns as libyaml
 * does (CR, LF, CRLF, NEL, LS and PS end a line); returns the bytes
 * written. */
static size_t filter_char(utf8_filter *f, unsigned char *out)
{
    const unsigned char *p = (const unsigned char *)f->in + f->pos;
    size_t avail = f->len - f->pos;
    int32_t cp = p[0];
    int n = p[0] < 0x80 ? 1 : pc_utf8_next((const char *)p, avail, &cp);
    if (cp == 0xFEFF && f->index == f->line_start) {
        /* a byte-order mark at a line start: a later document's, from
         * `cat a.yaml b.yaml`; libyaml takes one only at the very start */
        f->pos += 3;
        return 0;
    }
    bool was_cr = f->after_cr;
    f->after_cr = false;
    if (n < 0 || yaml_forbids(cp)) {
        f->bad_run++;
        filter_bad(f, n < 0 ? p[0] : -cp);
        f->pos += n < 0 ? 1 : (size_t)n;
        f->index++;
        memcpy(out, "\xEF\xBF\xBD", 3);
        return 3;
    }
    f->bad_run = 0;
    memcpy(out, p, (size_t)n);
    f->pos += (size_t)n;
    f->index++;
    if (cp == '\r' || cp == 0x85 || cp == 0x2028 || cp == 0x2029 || cp == '\n') {
        f->line += cp != '\n' || !was_cr; /* CRLF is one line end */
        f->line_start = f->index;
    }
    f->after_cr = cp == '\r';
    return (size_t)n;
}

/* A run of more than MAX_BAD_RUN bad bytes: the input is binary (or
 * UTF-16 without a byte-order mark, /dev/zero).  One message at the run's
 * first byte; its bytes are not reported one by one, and no more input
 * is read. */
static void stop_binary(yaml_reader *r)
{
    utf8_filter *f = &r->filt;
    const bad_byte *first = f->n > f->head ? &f->bad[f->n - 1] : NULL;
    for (size_t i = f->n; first && i > f->head && f->n - i < f->bad_run; i--)
        first = &f->bad[i - 1];
    pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, first ? first->line : f->line + 1, first ? first->col : 0,
                 "YAML: more than %d bytes in a row that are not text (NUL, invalid UTF-8): this is not "
                 "YAML (UTF-16 without a byte-order mark, or binary?); the rest of it is not read",
                 MAX_BAD_RUN);
    f->head = f->n; /* reported as one */
    f->uncounted = 0;
    f->stopped = true;
}

/* libyaml's read callback: the source through the UTF-8 filter. */
static int read_handler(void *data, unsigned char *buf, size_t size, size_t *size_read)
{
    yaml_reader *r = data;
    utf8_filter *f = &r->filt;
    if (!f->started) {
        f->started = true;
        const char *head;
        size_t n = pc_source_peek(r->src, 3, &head);
        /* libyaml decodes UTF-16 itself; a UTF-8 BOM it skips uncounted */
        f->pass = n >= 2 && (!memcmp(head, "\xFF\xFE", 2) || !memcmp(head, "\xFE\xFF", 2));
        if (!f->pass && n == 3 && !memcmp(head, "\xEF\xBB\xBF", 3) && size >= 3) {
            *size_read = (size_t)pc_source_read(r->src, (char *)buf, 3);
            return *size_read == 3;
        }
    }
    if (f->pass) {
        ssize_t n = pc_source_read(r->src, (char *)buf, size);
        if (n < 0)
            return 0;
        *size_read = (size_t)n;
        return 1;
    }
    size_t out = 0;
    while (f->npend && out < size) /* the end of a character cut last time */
        buf[out++] = (unsigned char)f->pend[f->ppend++], f->npend--;
    while (out < size && !f->stopped) {
        int more = filter_fill(r);
        if (more < 0)
            return 0;
        if (!more)
            break;
        if (f->bad_run > MAX_BAD_RUN) { /* binary, or UTF-16 without a mark: no more of it */
            stop_binary(r);
            break;
        }
        /* printable ASCII (8 bytes a step) and LF: most of any file; each
         * byte is a character, so a line starts at index + its offset */
        const unsigned char *p = (const unsigned char *)f->in + f->pos;
        size_t k = 0, lim = f->len - f->pos < size - out ? f->len - f->pos : size - out;
        for (;;) {
            while (k + 8 <= lim && plain8(p + k))
                k += 8;
            while (k < lim && p[k] >= 0x20 && p[k] < 0x7F)
                k++;
            if (k == lim || p[k] != '\n')
                break;
            f->line += k > 0 || !f->after_cr;
            f->line_start = f->index + k + 1;
            k++;
        }
        if (k) {
            memcpy(buf + out, f->in + f->pos, k);
            f->pos += k;
            out += k;
            f->index += k;
            f->after_cr = false;
            f->bad_run = 0;
            continue;
        }
        if (size - out >= 4) {
            out += filter_char(f, buf + out);
        } else { /* little room (libyaml's buffer nearly full): the rest waits */
            size_t n = filter_char(f, (unsigned char *)f->pend), k = n < size - out ? n : size - out;
            memcpy(buf + out, f->pend, k);
            out += k;
            f->ppend = k;
            f->npend = n - k;
        }
    }
    *size_read = out;
    return 1;
}

/* Reports one bad byte, with `after` at the end of the message. */
static void report_bad(yaml_reader *r, const bad_byte *b, const char *after)
{
    if (b->what > 0) {
        char byte = (char)b->what; /* the hint judges the byte alone */
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, b->line, b->col, "YAML: invalid UTF-8 byte 0x%02X%s%s",
                     (unsigned)b->what, pc_encoding_hint(&byte, 1), after);
    }
    else if (b->what == 0)
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, b->line, b->col, "YAML: NUL byte%s", after);
    else
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, b->line, b->col,
                     "YAML: control character U+%04X is not allowed%s", (unsigned)-b->what, after);
}

/* Reports the bad bytes before character index `start` (outside every
 * item: nothing is lost but the byte), then those before `end` as the
 * reason the item at line:col is skipped.  True if there were any in
 * [start, end). */
static bool flush_bad(yaml_reader *r, unsigned long long start, unsigned long long end, unsigned long line,
                      unsigned long col)
{
    utf8_filter *f = &r->filt;
    while (f->head < f->n && f->bad[f->head].index < start)
        report_bad(r, &f->bad[f->head++], "");
    size_t first = f->head;
    while (f->head < f->n && f->bad[f->head].index < end)
        f->head++;
    if (f->head == first)
        return false;
    char after[120], more[40] = "";
    size_t extra = f->head - first - 1 + (f->head == f->n ? f->uncounted : 0);
    if (f->head == f->n)
        f->uncounted = 0;
    if (extra)
        snprintf(more, sizeof more, " (and %zu more)", extra);
    snprintf(after, sizeof after, "%s: the reference at %lu:%lu is skipped", more, line, col);
    report_bad(r, &f->bad[first], after);
    return true;
}

/* libyaml's messages in our words: {its problem, its context (NULL: any),
 * what we say}; a context that opened something (a quote, a flow list)
 * adds where it opened.  NULL: libyaml's own words. */
static const struct {
    const char *problem, *context, *say;
} yaml_sayings[] = {
    {"found a tab character that violates indentation", NULL,
     "a tab indents this line; YAML indents with spaces only"},
    {"found character that cannot start any token", "while scanning for the next token",
     "a character that cannot start a value here (a tab indents this line? YAML indents with spaces "
     "only; `@` and a backquote cannot start a plain value: quote it)"},
    {"mapping values are not allowed in this context", NULL,
     "\": \" inside a plain value, or a key indented more than the keys before it: quote the value or "
     "align the key"},
    {"did not find expected key", NULL, "a line is indented differently from the keys of its mapping"},
    {"found unexpected end of stream", "while scanning a quoted scalar",
     "a quoted value is never closed: the file ends inside it"},
    {"found unexpected end of stream", NULL, "the file ends inside a value"},
};

static const char *yaml_words(const yaml_parser_t *p, char *buf, size_t size)
{
    for (size_t i = 0; p->problem && i < sizeof yaml_sayings / sizeof *yaml_sayings; i++) {
        if (strcmp(p->problem, yaml_sayings[i].problem) != 0 ||
            (yaml_sayings[i].context && (!p->context || strcmp(p->context, yaml_sayings[i].context) != 0)))
            continue;
        if (p->context && strstr(p->context, "quoted scalar"))
            snprintf(buf, size, "%s (the quote opens at %lu:%lu)", yaml_sayings[i].say,
                     (unsigned long)p->context_mark.line + 1, (unsigned long)p->context_mark.column + 1);
        else
            snprintf(buf, size, "%s", yaml_sayings[i].say);
        return buf;
    }
    return NULL;
}

/* Next event; false after reporting a syntax or read error. */
static bool next_event(yaml_reader *r, yaml_event_t *ev)
{
    if (yaml_parser_parse(&r->parser, ev)) {
        /* where an item's text ends: a block collection's end event sits
         * at the next token, after any comment, so only events with a
         * width count */
        if (ev->type == YAML_SCALAR_EVENT || ev->type == YAML_ALIAS_EVENT ||
            ev->end_mark.index > ev->start_mark.index)
            r->content_end = ev->end_mark.index;
        return true;
    }
    flush_bad(r, ULLONG_MAX, ULLONG_MAX, 0, 0); /* what the filter saw before the error */
    yaml_parser_t *p = &r->parser;
    if (p->error == YAML_READER_ERROR && pc_source_error(r->src))
        return false; /* pc_input_close reports the read error */
    unsigned long line = (unsigned long)p->problem_mark.line + 1;
    unsigned long col = (unsigned long)p->problem_mark.column + 1;
    if (p->error == YAML_READER_ERROR) /* libyaml knows only a byte offset there */
        line = col = 0;
    /* on a reader error libyaml's raw pointer is still at the bad sequence */
    bool raw = p->error == YAML_READER_ERROR && p->raw_buffer.pointer < p->raw_buffer.last;
    char said[256];
    const char *words = yaml_words(p, said, sizeof said);
    if (words) {
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, line, col, "YAML: %s", words);
        return false;
    }
    pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, line, col, "YAML: %s%s%s%s",
                 p->problem ? p->problem : "syntax error", p->context ? " " : "",
                 p->context ? p->context : "",
                 raw ? pc_encoding_hint((const char *)p->raw_buffer.pointer,
                                        (size_t)(p->raw_buffer.last - p->raw_buffer.pointer))
                     : "");
    return false;
}

static unsigned long ev_line(const yaml_event_t *ev) { return (unsigned long)ev->start_mark.line + 1; }
static unsigned long ev_col(const yaml_event_t *ev) { return (unsigned long)ev->start_mark.column + 1; }

/* Skips the rest of the node that `first` starts (first is not freed here),
 * without recursion.  libyaml's scanner slows down quadratically with flow
 * nesting ("[[[[..."), so past YAML_SKIP_DEPTH levels the input is given
 * up on: a fatal error rather than minutes of work. */
static node_status skip_node(yaml_reader *r, const yaml_event_t *first)
{
    if (first->type != YAML_SEQUENCE_START_EVENT && first->type != YAML_MAPPING_START_EVENT)
        return NODE_OK;
    unsigned long depth = 1;
    while (depth) {
        yaml_event_t ev;
        if (!next_event(r, &ev))
            return NODE_FATAL;
        if (ev.type == YAML_SEQUENCE_START_EVENT || ev.type == YAML_MAPPING_START_EVENT)
            depth++;
        else if (ev.type == YAML_SEQUENCE_END_EVENT || ev.type == YAML_MAPPING_END_EVENT)
            depth--;
        if (depth > YAML_SKIP_DEPTH) {
            pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, ev_line(&ev), ev_col(&ev),
                         "YAML: nested more than %d levels deep; the rest of the file is not read",
                         YAML_SKIP_DEPTH);
            yaml_event_delete(&ev);
            return NODE_FATAL;
        }
        yaml_event_delete(&ev);
    }
    return NODE_OK;
}

static bool is_plain(const yaml_event_t *ev)
{
    return ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE && !ev->data.scalar.tag;
}

typedef enum scalar_kind {
    SCALAR_NONE = 0,
    SCALAR_TEXT,
    SCALAR_NULL,
    SCALAR_TRUE,
    SCALAR_FALSE,
    SCALAR_INT,
} scalar_kind;

/* What a scalar is by the YAML 1.2 core schema pandoc uses: plain null, ~
 * and empty are null, plain true/false booleans, plain integers numbers;
 * everything else (yes, no, 1.5, quoted text) text. */
static scalar_kind scalar_kind_of(const yaml_event_t *ev)
{
    if (!is_plain(ev))
        return SCALAR_TEXT;
    const char *s = (const char *)ev->data.scalar.value;
    size_t n = ev->data.scalar.length;
    /* the null and boolean words are at most 5 bytes and start with one of
     * these: most keys (id, type, title) and text skip the 11 strcmp calls
     * (they were 1% of yaml -> bibtex) */
    if (n <= 5 && (n == 0 || strchr("~nNtTfF", s[0]))) {
        static const char *const nulls[] = {"", "~", "null", "Null", "NULL"};
        for (size_t i = 0; i < sizeof nulls / sizeof *nulls; i++)
            if (strcmp(s, nulls[i]) == 0)
                return SCALAR_NULL;
        if (!strcmp(s, "true") || !strcmp(s, "True") || !strcmp(s, "TRUE"))
            return SCALAR_TRUE;
        if (!strcmp(s, "false") || !strcmp(s, "False") || !strcmp(s, "FALSE"))
            return SCALAR_FALSE;
    }
    size_t i = (s[0] == '-' || s[0] == '+') ? 1 : 0;
    bool digits = n > i && n - i <= 15;
    for (size_t k = i; k < n && digits; k++)
        digits = pc_is_digit((unsigned char)s[k]);
    return digits ? SCALAR_INT : SCALAR_TEXT;
}

/* A scalar as JSON (see scalar_kind_of).
 *
 * libyaml's reader refuses input that is not UTF-8 and its escapes cannot
 * make any (surrogates are refused), so scalars are valid UTF-8 and
 * jansson's second check is skipped (it cost 6% of yaml -> bibtex);
 * pc_csl_read_item validates every string it takes in any case. */
static json_t *scalar_json(const yaml_event_t *ev)
{
    const char *s = (const char *)ev->data.scalar.value;
    switch (scalar_kind_of(ev)) {
    case SCALAR_NULL: return json_null();
    case SCALAR_TRUE: return json_true();
    case SCALAR_FALSE: return json_false();
    case SCALAR_INT: return json_integer(strtoll(s, NULL, 10));
    default: return json_stringn_nocheck(s, ev->data.scalar.length);
    }
}

/* Builds the node that `first` starts into *out (NULL on failure).
 * `first` is consumed (freed) here. */
static node_status build_node(yaml_reader *r, yaml_event_t *first, int depth, json_t **out);

/* Sets key = val in the mapping c; a key given twice ("title: A" then
 * "title: B") keeps the later value, as JSON readers do, with a warning at
 * the second key (the size of c tells, with no second lookup). */
static void set_pair(yaml_reader *r, json_t *c, const char *key, json_t *val, unsigned long line,
                     unsigned long col)
{
    size_t before = json_object_size(c);
    json_object_set_new_nocheck(c, key, val);
    if (json_object_size(c) == before)
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, line, col,
                     "YAML: key \"%s\" given twice in one mapping: the later value kept", key);
}

/* A mapping pair whose key is not plain text (a null, number or boolean
 * key: its text is the key); key_ev is consumed, and the value of a bad
 * key too, so that the pairs after it stay pairs. */
static node_status build_pair(yaml_reader *r, const yaml_event_t *first, yaml_event_t *key_ev, int depth,
                              json_t *c)
{
    json_t *key = NULL, *val = NULL;
    unsigned long line = ev_line(key_ev), col = ev_col(key_ev);
    node_status s = build_node(r, key_ev, depth + 1, &key);
    if (s == NODE_FATAL)
        return s;
    if (s == NODE_OK && !json_is_string(key)) {
        json_t *k = key;
        key = json_is_integer(k) ? json_sprintf("%" JSON_INTEGER_FORMAT, json_integer_value(k))
              : json_is_boolean(k) ? json_string(json_is_true(k) ? "true" : "false")
              : json_is_null(k)    ? json_string("")
                                   : NULL;
        json_decref(k);
    }
    if (s == NODE_OK && !key) {
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, ev_line(first), ev_col(first),
                     "YAML: a mapping key must be text");
        s = NODE_BAD;
    }
    yaml_event_t vev;
    if (!next_event(r, &vev)) {
        s = NODE_FATAL;
    } else if (s == NODE_OK) {
        s = build_node(r, &vev, depth + 1, &val);
    } else {
        node_status k = skip_node(r, &vev);
        yaml_event_delete(&vev);
        if (k == NODE_FATAL)
            s = NODE_FATAL;
    }
    if (s == NODE_OK)
        set_pair(r, c, json_string_value(key), val, line, col);
    json_decref(key);
    return s;
}

/* One member of the collection c from its first event ev (consumed): an
 * array item, or the pair whose key ev is. */
static node_status build_member(yaml_reader *r, const yaml_event_t *first, yaml_event_t *ev, bool map, int depth,
                                json_t *c)
{
    if (map && ev->type == YAML_SCALAR_EVENT && scalar_kind_of(ev) == SCALAR_TEXT) {
        /* A text key (nearly all): its text goes into the object as it
         * is, without a json string made, checked again by
         * json_object_set_new and freed (a tenth of our share of yaml ->
         * bibtex).  Same key, same UTF-8 reasoning as in scalar_json; the
         * key event lives until the pair is set. */
        yaml_event_t vev;
        json_t *val = NULL;
        node_status s = next_event(r, &vev) ? build_node(r, &vev, depth + 1, &val) : NODE_FATAL;
        if (s == NODE_OK)
            set_pair(r, c, (const char *)ev->data.scalar.value, val, ev_line(ev), ev_col(ev));
        yaml_event_delete(ev);
        return s;
    }
    if (map)
        return build_pair(r, first, ev, depth, c);
    json_t *val = NULL;
    node_status s = build_node(r, ev, depth + 1, &val);
    if (s == NODE_OK)
        json_array_append_new(c, val);
    return s;
}

/* A sequence or mapping from its start event first (left to the caller);
 * a bad member is consumed to its end, the rest still read. */
static node_status build_collection(yaml_reader *r, yaml_event_t *first, int depth, json_t **out)
{
    bool map = first->type == YAML_MAPPING_START_EVENT;
    if (depth >= YAML_MAX_DEPTH) {
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, ev_line(first), ev_col(first),
                     "YAML: nested more than %d levels deep", YAML_MAX_DEPTH);
        node_status st = skip_node(r, first);
        return st == NODE_OK ? NODE_BAD : st;
    }
    json_t *c = map ? json_object() : json_array();
    node_status st = NODE_OK;
    for (;;) {
        yaml_event_t ev;
        if (!next_event(r, &ev)) {
            st = NODE_FATAL;
            break;
        }
        if (ev.type == YAML_SEQUENCE_END_EVENT || ev.type == YAML_MAPPING_END_EVENT) {
            yaml_event_delete(&ev);
            break;
        }
        node_status s = build_member(r, first, &ev, map, depth, c);
        if (s == NODE_FATAL) {
            st = NODE_FATAL;
            break;
        }
        if (s == NODE_BAD)
            st = NODE_BAD; /* keep consuming to the end of this node */
    }
    if (st == NODE_OK)
        *out = c;
    else
        json_decref(c);
    return st;
}

static node_status build_node(yaml_reader *r, yaml_event_t *first, int depth, json_t **out)
{
    *out = NULL;
    node_status st = NODE_OK;
    switch (first->type) {
    case YAML_SCALAR_EVENT:
        *out = scalar_json(first);
        if (!*out) {
            pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, ev_line(first), ev_col(first),
                         "YAML: text is not valid UTF-8");
            st = NODE_BAD;
        }
        break;
    case YAML_ALIAS_EVENT:
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, ev_line(first), ev_col(first),
                     "YAML: aliases (*name) are not supported in a bibliography");
        st = NODE_BAD;
        break;
    case YAML_SEQUENCE_START_EVENT:
    case YAML_MAPPING_START_EVENT:
        st = build_collection(r, first, depth, out);
        break;
    default: /* stream/document events cannot start a node */
        st = NODE_FATAL;
        break;
    }
    yaml_event_delete(first);
    return st;
}

static void *yaml_open(pc_source *src, pc_ctx *ctx)
{
    yaml_reader *r = pc_xcalloc(1, sizeof *r);
    r->src = src;
    r->ctx = ctx;
    r->file = pc_source_name(src);
    r->st = YST_OUTSIDE;
    r->text = PC_CSL_MARKDOWN;
    if (!yaml_parser_initialize(&r->parser)) {
        pc_diag_emit(ctx, PC_SEV_ERROR, r->file, 0, 0, "YAML: cannot start the parser");
        pc_free(r);
        return NULL;
    }
    yaml_parser_set_input(&r->parser, read_handler, r);
    r->filt.in = pc_xmalloc(YAML_IN_CHUNK);
    return r;
}

/* Skips a top-level key (starting with `key`, not freed here) and its
 * value; false after a syntax error. */
static bool skip_pair(yaml_reader *r, const yaml_event_t *key)
{
    if (skip_node(r, key) == NODE_FATAL)
        return false;
    yaml_event_t v;
    if (!next_event(r, &v))
        return false;
    node_status st = skip_node(r, &v);
    yaml_event_delete(&v);
    return st != NODE_FATAL;
}

/* One item of the list. */
static pc_read_status read_item(yaml_reader *r, yaml_event_t *ev, pc_record *rec)
{
    unsigned long line = ev_line(ev), col = ev_col(ev);
    unsigned long long start = ev->start_mark.index;
    bool is_map = ev->type == YAML_MAPPING_START_EVENT;
    json_t *item;
    node_status st = build_node(r, ev, 1, &item);
    if (st == NODE_FATAL) {
        r->st = YST_DONE;
        return PC_READ_FATAL;
    }
    if (flush_bad(r, start, r->content_end, line, col)) {
        json_decref(item);
        return PC_READ_SKIP;
    }
    if (st == NODE_BAD)
        return PC_READ_SKIP;
    if (!is_map) {
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, line, col,
                     "a reference must be a mapping of CSL fields (id:, type:, title: ...)");
        json_decref(item);
        return PC_READ_SKIP;
    }
    bool ok = pc_csl_read_item(item, rec, r->ctx, r->file, line, r->text);
    json_decref(item);
    return ok ? PC_READ_RECORD : PC_READ_SKIP;
}

static pc_read_status yaml_next(void *state, pc_record *rec)
{
    yaml_reader *r = state;
    while (r->st != YST_DONE) {
        yaml_event_t ev;
        if (!next_event(r, &ev)) {
            r->st = YST_DONE;
            return PC_READ_FATAL;
        }
        switch (r->st) {
        case YST_ITEMS:
            if (ev.type == YAML_SEQUENCE_END_EVENT) {
                r->st = r->items_in_map ? YST_TOP_MAP : YST_OUTSIDE;
                break;
            }
            return read_item(r, &ev, rec); /* consumes ev */
        case YST_TOP_MAP:
            if (ev.type == YAML_MAPPING_END_EVENT) {
                r->st = YST_OUTSIDE;
                break;
            }
            if (ev.type == YAML_SCALAR_EVENT && strcmp((char *)ev.data.scalar.value, "references") == 0) {
                yaml_event_t v;
                if (!next_event(r, &v)) {
                    yaml_event_delete(&ev);
                    r->st = YST_DONE;
                    return PC_READ_FATAL;
                }
                if (v.type == YAML_SEQUENCE_START_EVENT) {
                    r->st = YST_ITEMS;
                    r->items_in_map = true;
                    r->seen_list = true;
                } else if (!(v.type == YAML_SCALAR_EVENT && is_plain(&v) && v.data.scalar.length == 0)) {
                    pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, ev_line(&v), ev_col(&v),
                                 "`references:` must hold a list of items");
                    if (skip_node(r, &v) == NODE_FATAL) {
                        yaml_event_delete(&v);
                        yaml_event_delete(&ev);
                        r->st = YST_DONE;
                        return PC_READ_FATAL;
                    }
                }
                yaml_event_delete(&v);
                break;
            }
            /* another metadata key (title:, nocite: ...) and its value: skipped */
            if (!skip_pair(r, &ev)) {
                yaml_event_delete(&ev);
                r->st = YST_DONE;
                return PC_READ_FATAL;
            }
            break;
        case YST_OUTSIDE:
            if (ev.type == YAML_MAPPING_START_EVENT) {
                r->st = YST_TOP_MAP;
                r->seen_map = true;
            } else if (ev.type == YAML_SEQUENCE_START_EVENT) { /* a bare list of items */
                r->st = YST_ITEMS;
                r->items_in_map = false;
                r->seen_list = true;
                /* [ {...} ]: a CSL-JSON file, whose rich text is CSL's tags */
                if (ev.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE)
                    r->text = PC_CSL_HTML;
            } else if (ev.type == YAML_STREAM_END_EVENT) {
                if (r->seen_map && !r->seen_list)
                    pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, ev_line(&ev), 0,
                                 "no `references:` list in this YAML: nothing to convert");
                r->st = YST_DONE;
            } else if (ev.type == YAML_SCALAR_EVENT && !(is_plain(&ev) && ev.data.scalar.length == 0)) {
                pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, ev_line(&ev), ev_col(&ev),
                             "not CSL-YAML: expected `references:` or a list of items");
                yaml_event_delete(&ev);
                r->st = YST_DONE;
                return PC_READ_FATAL;
            }
            break;
        default:
            break;
        }
        yaml_event_delete(&ev);
    }
    flush_bad(r, ULLONG_MAX, ULLONG_MAX, 0, 0); /* after the last item: a comment's */
    return PC_READ_EOF;
}

static void yaml_close(void *state)
{
    yaml_reader *r = state;
    flush_bad(r, ULLONG_MAX, ULLONG_MAX, 0, 0); /* left after a fatal error */
    yaml_parser_delete(&r->parser);
    pc_free(r->filt.in);
    pc_free(r->filt.bad);
    pc_free(r);
}

/* Skips blank and comment lines at s[*i]; returns the next line's length. */
static size_t next_line(const char *head, size_t n, size_t *i)
{
    for (;;) {
        size_t e = *i;
        while (e < n && head[e] != '\n')
            e++;
        size_t k = *i;
        while (k < e && (head[k] == ' ' || head[k] == '\r' || head[k] == '\t'))
            k++;
        if (k < e && head[k] != '#')
            return e - *i;
        if (e >= n)
            return 0;
        *i = e + 1;
    }
}

/* `references:` as the first key, possibly after "---" and other keys. */
static int yaml_sniff(const char *head, size_t n)
{
    size_t i = 0;
    if (n >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    size_t len = next_line(head, n, &i);
    if (len >= 11 && memcmp(head + i, "references:", 11) == 0)
        return 80;
    if (len >= 3 && memcmp(head + i, "---", 3) == 0 && (len == 3 || head[i + 3] == ' ' || head[i + 3] == '\r'))
        for (size_t k = i; k + 12 <= n; k++)
            if (head[k] == '\n' && memcmp(head + k + 1, "references:", 11) == 0)
                return 70;
    return 0;
}

static const char *const yaml_aliases[] = {"csl-yaml", "yml", NULL};
static const char *const yaml_exts[] = {"yaml", "yml", NULL};

const pc_format pc_format_yaml = {
    .name = "yaml",
    .aliases = yaml_aliases,
    .extensions = yaml_exts,
    .description = "CSL-YAML, pandoc's bibliography format (references: list of CSL items)",
    .sniff = yaml_sniff,
    .read_open = yaml_open,
    .read_next = yaml_next,
    .read_close = yaml_close,
    .write_begin = pc_yaml_write_begin,
    .write_record = pc_yaml_write_record,
    .write_end = pc_yaml_write_end,
    .map = pc_csl_map,
    .map_len = PC_CSL_MAP_LEN,
};
