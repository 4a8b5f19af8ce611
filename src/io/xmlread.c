/* SPDX-License-Identifier: MIT */
/* xmlread.c — the shared XML record reader (see xmlread.h): libxml2's push
 * parser with SAX2 events over a pc_source behind a look-ahead, and the
 * dispatcher that turns each record element into a list of path-named
 * items.
 *
 * Streaming: pc_xr_next hands libxml2 the pieces io_read cuts, one at a
 * time, and its SAX2 callbacks build the current record's items; no tree
 * is built (xmlTextReader built and freed a node per element and text,
 * half of libxml2's time: MODS 454 M instructions for its walk, 236 M for
 * SAX2's, 2000 records).  Each piece ends at most one record's tag (io_read
 * cuts there), so a piece ends at most one record, which pc_xr_next
 * returns before the next piece.
 *
 * Safety (hostile files): no network (XML_PARSE_NONET), no DTD loading, no
 * entity substitution (XML_PARSE_NOENT off), libxml2's own limits on (no
 * XML_PARSE_HUGE: entity amplification, text size), elements nested at
 * most 256 deep (the limit of libxml2's tree builder, kept here).  A
 * DOCTYPE that declares an external entity makes the file an error; an
 * entity reference left in the text is an error for its record (the events
 * of libxml2's own check of an entity's text are not the document's).
 *
 * Bounded cost per record: libxml2 2.9's time grows with the square of the
 * attributes of one element, and it cannot be stopped inside a record.  So
 * the input layer looks at each record's bytes first (xmlscan.c): a record
 * over max_record bytes, nested more than max_depth levels, or with an
 * element of more than XR_MAX_ATTRS attributes never reaches libxml2.  In
 * its place libxml2 gets a processing instruction <?paperconv-skip ...?>
 * holding the record's line breaks (so that later lines keep their
 * numbers), and when the reader meets it the record is reported, at its
 * line and column, and skipped; the next records are read.  Such an element
 * outside the records ends the file there, with an error.  libxml2 2.9 is
 * also quadratic in a long CDATA section and a long attribute value that
 * hold '>': the look-ahead finds them and io_read hands them over changed
 * so that libxml2 reads the same text in linear time (xmlsplit.h).  This
 * is the Atom reader's design (formats/atom/read.c: its comments say how
 * each part was measured), with the record elements a parameter.
 *
 * libxml2 never prints: its structured errors go to pc_diag_emit through
 * the SAX2 handler's serror, and the context-free ones (encoding
 * conversion) through per-thread handlers installed for the length of each
 * open and next call (handlers_push/pop). */
#include "io/xmlread.h"
#include "io/encoding.h"
#include "io/source.h"
#include "io/xmlscan.h"
#include "io/xmlsplit.h"
#include "text/markup.h"
#include "text/unicode.h"

#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <limits.h>
#include <stdlib.h>

/* Bounds checked before libxml2 sees a record (see the top of the file):
 * the attributes of one element (namespace declarations included), how far
 * the look-ahead reads at a time, how many line breaks one processing
 * instruction of a skipped record's marker holds and how many spaces keep
 * the column of what follows it. */
enum {
    XR_MAX_ATTRS = 256,
    XR_DEFAULT_DEPTH = 64,
    XR_SCAN_STEP = 4096,
    XR_MARK_LINES = 1 << 16,
    XR_MARK_PAD = 1 << 16,
    XR_MAX_NESTING = 256,
};
#define XR_DEFAULT_RECORD (32ull << 20)
#define XR_MARK "paperconv-skip"
/* Pieces handed to libxml2 (see io_read): at most XR_PIECE bytes, and
 * XR_SMALL bytes in the last XR_MARGIN bytes before a record's tag. */
enum { XR_PIECE = 4096, XR_SMALL = 64, XR_MARGIN = 192 };

/* libxml2 2.12 made the error argument const. */
#if LIBXML_VERSION >= 21200
typedef const xmlError *xr_xml_error;
#else
typedef xmlErrorPtr xr_xml_error;
#endif

/* Why a record is kept from libxml2. */
typedef enum skip_reason { SKIP_NONE = 0, SKIP_SIZE, SKIP_ATTRS, SKIP_DEPTH } skip_reason;

typedef struct rec_pos {
    unsigned long line, col;
} rec_pos;

/* An item as stored while the record is read: offsets into the arena. */
typedef struct raw_item {
    pc_xr_type type;
    unsigned depth;
    unsigned long line;
    size_t path, path_n, name, local, text, text_n, attrs, n_attrs, other;
} raw_item;

/* An open element of the record. */
typedef struct level {
    bool is_inline;
    unsigned marks;   /* inline: the marks opened */
    size_t path_len;  /* the path before this element's component */
    size_t text_start; /* its text in r->text */
    size_t open;      /* its OPEN item */
} level;

struct pc_xr {
    pc_ctx *ctx;
    pc_source *src;
    const char *file;
    const pc_xr_config *cfg;
    xmlParserCtxtPtr px; /* libxml2's push parser; its SAX events call on_start, ... */
    int depth;           /* the elements open */
    const xmlChar **open_names; /* their local names (libxml2's dictionary) */
    size_t cap_names;
    const xmlChar **cur_attrs; /* the element being started: SAX2's 5-tuples */
    int cur_n_attrs;
    pc_read_status ready; /* what the last piece ended (a record, a skip, ...) */
    bool parse_done;
    const char **names; /* the record names, for the scanner */
    unsigned long max_depth;
    unsigned long long max_record;
    bool done, fatal, fatal_reported, deep_reported, root_seen;
    bool at_eof;
    bool large, cut_start;
    unsigned long long cut_at, scan_to;
    int fatal_code;
    /* the look-ahead */
    pc_xrs scan;
    pc_xrsplit split;
    bool scan_eof, scan_in_rec;
    unsigned long scan_rec_depth;  /* the scanner's depth inside the record element */
    unsigned long long rec_off;
    unsigned long rec_line, rec_col;
    skip_reason skip;
    unsigned long bad_line, bad_col;
    unsigned long long fatal_at;
    pc_buf marker;
    size_t marker_pos;
    unsigned long long mark_lines, mark_pad;
    bool mark_active, mark_final, stopped;
    unsigned markers;
    rec_pos *starts;
    size_t head_starts, n_starts, cap_starts;
    /* the record being read */
    int rec_depth;         /* libxml2's depth of the record element; -1: outside */
    bool bad;              /* an error was reported inside it */
    unsigned long line, col; /* where it starts */
    level *levels;
    size_t n_levels, cap_levels;
    unsigned n_struct; /* the levels that are elements of their own */
    pc_buf path, text, arena;
    raw_item *raw;
    size_t n_raw, cap_raw;
    pc_xr_item *items;
    size_t cap_items;
    pc_xr_attr *attrs;
    size_t cap_attrs, n_attr_pairs;
    size_t *attr_offs; /* name, value offsets into the arena */
    size_t cap_attr_offs;
    bool strip_noted;
    char *attr_tmp;    /* pc_xr_attr's answer */
    pc_buf tmp;
    /* a chunk of a file cut for -j (xmlchunk.h): its first line's number
     * less one, and the file's start libxml2 reads before it on that line */
    unsigned long line_base;
    pc_buf prefix;
    bool prefix_fed;
};

/* ---- the record names ----------------------------------------------------------- */

static bool str_is(const xmlChar *a, const char *b)
{
    return a && b && a[0] == (xmlChar)b[0] && strcmp((const char *)a, b) == 0;
}

static bool is_name_byte(int c) { return pc_is_alnum(c) || c == '_' || c == '-' || c == '.' || c == ':'; }

static bool is_rec_name(const pc_xr *r, const char *p, size_t k)
{
    for (const char **n = r->names; *n; n++)
        if ((*n)[0] == p[0] && strlen(*n) == k && !memcmp(*n, p, k))
            return true;
    return false;
}

/* Finds the first start or end tag of a record element (any prefix) in
 * s[0, n): returns the offset just after its '>' and sets *start, or 0 if
 * there is none; a '<' whose tag may run past n ends the search (*stop). */
static size_t rec_tag_end(const pc_xr *r, const char *s, size_t n, bool *start, size_t *stop)
{
    const char *p = s, *e = s + n;
    *stop = n;
    while ((p = memchr(p, '<', (size_t)(e - p))) != NULL) {
        const char *q = p + 1, *name;
        bool end = q < e && *q == '/';
        q += end;
        name = q;
        while (q < e && is_name_byte((unsigned char)*q))
            if (*q++ == ':')
                name = q;
        size_t k = (size_t)(q - name);
        bool rec = k && is_rec_name(r, name, k);
        const char *gt = rec && q < e ? memchr(q, '>', (size_t)(e - q)) : NULL;
        if (q == e || (rec && !gt)) {
            *stop = (size_t)(p - s);
            return 0;
        }
        if (rec) {
            *start = !end;
            return (size_t)(gt + 1 - s);
        }
        p = q;
    }
    return 0;
}

/* ---- the look-ahead: records checked before libxml2 sees them ------------------ */

static void push_start(pc_xr *r, unsigned long line, unsigned long col)
{
    if (r->n_starts == r->cap_starts) {
        if (r->head_starts) {
            r->n_starts -= r->head_starts;
            memmove(r->starts, r->starts + r->head_starts, r->n_starts * sizeof *r->starts);
            r->head_starts = 0;
        }
        if (r->n_starts == r->cap_starts) {
            r->cap_starts = r->cap_starts ? 2 * r->cap_starts : 16;
            r->starts = pc_xrealloc(r->starts, r->cap_starts * sizeof *r->starts);
        }
    }
    r->starts[r->n_starts++] = (rec_pos){.line = line, .col = line ? col : 0};
}

/* The position of the record libxml2 is at (its line `line`): the first
 * one the look-ahead found on that line, those before it dropped (an
 * element of a record's name that is no record, EndNote's <record> outside
 * <records>, was queued too).  Column 0 when none matches. */
static unsigned long take_start(pc_xr *r, unsigned long line)
{
    while (r->head_starts < r->n_starts) {
        rec_pos p = r->starts[r->head_starts];
        if (p.line > line && line)
            break;
        r->head_starts++;
        if (p.line == line || !line)
            return p.col;
    }
    return 0;
}

static void begin_rec(pc_xr *r)
{
    const pc_xrs *s = &r->scan;
    r->scan_in_rec = true;
    r->rec_off = s->tag_off;
    r->rec_line = s->tag_line;
    r->rec_col = s->tag_col;
    r->scan_rec_depth = s->depth;
    r->scan.deep_limit = s->depth + r->max_depth;
    push_start(r, s->tag_line, s->tag_col);
}

static void end_rec(pc_xr *r)
{
    r->scan_in_rec = false;
    r->scan.deep_limit = ULONG_MAX;
}

/* Acts on one look-ahead event (see the Atom reader's on_scan). */
static void on_scan(pc_xr *r, pc_xrs_event ev)
{
    const pc_xrs *s = &r->scan;
    switch (ev) {
    case PC_XRS_START:
        if (!r->scan_in_rec)
            begin_rec(r);
        break;
    case PC_XRS_END:
        if (r->scan_in_rec && s->depth < r->scan_rec_depth)
            end_rec(r);
        break;
    case PC_XRS_EMPTY:
        if (!r->scan_in_rec) { /* <record/>: it starts and ends here */
            begin_rec(r);
            end_rec(r);
        } else if (s->depth < r->scan_rec_depth) { /* the record tag that had too many attributes */
            end_rec(r);
        }
        break;
    case PC_XRS_LONG:
        if (!r->skip)
            pc_xrsplit_event(&r->split, s);
        break;
    case PC_XRS_DEEP:
        if (r->scan_in_rec && !r->skip) {
            r->skip = SKIP_DEPTH;
            r->bad_line = s->tag_line;
            r->bad_col = s->tag_col;
        }
        break;
    case PC_XRS_ATTRS:
        if (!r->scan_in_rec && !s->end_tag && is_rec_name(r, s->local, strlen(s->local))) {
            begin_rec(r); /* the record's own tag: its START event comes next */
            r->scan_rec_depth = s->depth + 1;
            r->scan.deep_limit = s->depth + 1 + r->max_depth;
        }
        if (r->skip || r->fatal_at != ULLONG_MAX)
            break;
        if (r->scan_in_rec)
            r->skip = SKIP_ATTRS;
        else
            r->fatal_at = s->tag_off;
        r->bad_line = s->tag_line;
        r->bad_col = s->tag_col;
        break;
    default:
        break;
    }
}

static bool holding_tag(const pc_xr *r)
{
    return !r->scan_in_rec && pc_xrs_in_tag(&r->scan) && r->scan.off - r->scan.tag_off <= r->max_record;
}

/* Runs the look-ahead from pos at least `want` bytes on, over the whole of
 * a record that starts there (up to one byte past max_record) and over a
 * tag it is inside; returns the limit up to which bytes may go to libxml2. */
static unsigned long long scan_ahead(pc_xr *r, unsigned long long pos, size_t want)
{
    while (!r->skip && r->fatal_at == ULLONG_MAX && !r->scan_eof &&
           (r->scan_in_rec || r->scan.off < pos + want || holding_tag(r))) {
        size_t ahead = (size_t)(r->scan.off - pos);
        const char *p;
        size_t have = pc_source_peek(r->src, ahead + XR_SCAN_STEP, &p);
        if (have <= ahead) {
            r->scan_eof = true;
            r->scan_in_rec = false; /* cut short: libxml2 says so */
            break;
        }
        size_t n = have - ahead;
        if (r->scan_in_rec && r->scan.off + n > r->rec_off + r->max_record + 1)
            n = (size_t)(r->rec_off + r->max_record + 1 - r->scan.off);
        pc_xrs_event ev;
        pc_xrs_run(&r->scan, p + ahead, n, &ev);
        on_scan(r, ev);
        if (r->scan_in_rec && !r->skip && r->scan.off - r->rec_off > r->max_record)
            r->skip = SKIP_SIZE;
    }
    if (r->skip || r->scan_in_rec)
        return r->rec_off;
    if (r->fatal_at != ULLONG_MAX)
        return r->fatal_at;
    return !r->scan_eof && holding_tag(r) ? r->scan.tag_off : r->scan.off;
}

static void marker_part(pc_xr *r)
{
    size_t k = r->mark_lines < XR_MARK_LINES ? (size_t)r->mark_lines : XR_MARK_LINES;
    pc_buf_grow(&r->marker, k + (size_t)r->mark_pad + 32);
    memset(r->marker.ptr + r->marker.len, '\n', k);
    r->marker.len += k;
    r->mark_lines -= k;
    if (r->mark_lines) {
        pc_buf_puts(&r->marker, "?><?" XR_MARK " ");
        return;
    }
    memset(r->marker.ptr + r->marker.len, ' ', (size_t)r->mark_pad);
    r->marker.len += (size_t)r->mark_pad;
    r->mark_pad = 0;
    pc_buf_puts(&r->marker, "?>");
    r->mark_final = true;
}

/* At a skipped record (the source is at its '<'): drops its bytes and
 * starts the marker that stands for it. */
static void skip_rec(pc_xr *r)
{
    char drop[4096];
    pc_xrsplit_drop(&r->split, r->rec_off);
    for (;;) {
        unsigned long long pos = pc_source_offset(r->src);
        if (pos < r->scan.off) {
            unsigned long long k = r->scan.off - pos;
            if (pc_source_read(r->src, drop, k < sizeof drop ? (size_t)k : sizeof drop) <= 0)
                break;
            continue;
        }
        if (!r->scan_in_rec)
            break;
        const char *p;
        size_t have = pc_source_peek(r->src, XR_SCAN_STEP, &p);
        if (!have) {
            r->scan_eof = true;
            r->scan_in_rec = false;
            break;
        }
        pc_xrs_event ev;
        pc_xrs_run(&r->scan, p, have, &ev);
        on_scan(r, ev);
    }
    pc_buf_clear(&r->marker);
    pc_buf_printf(&r->marker, "<?" XR_MARK " %lu %lu %d %lu %lu ", r->rec_line, r->rec_col, (int)r->skip,
                  r->bad_line, r->bad_col);
    unsigned long long lines = r->scan.line - r->rec_line, pad;
    if (lines)
        pad = r->scan.off - r->scan.line_off >= 2 ? r->scan.off - r->scan.line_off - 2 : 0;
    else
        pad = r->scan.off - r->rec_off > r->marker.len + 2 ? r->scan.off - r->rec_off - r->marker.len - 2 : 0;
    r->mark_lines = lines;
    r->mark_pad = pad < XR_MARK_PAD ? pad : XR_MARK_PAD;
    r->mark_final = false;
    r->mark_active = true;
    r->marker_pos = 0;
    r->markers++;
    r->skip = SKIP_NONE;
    end_rec(r);
    marker_part(r);
}

static int marker_out(pc_xr *r, char *buf, int len)
{
    if (r->marker_pos == r->marker.len) {
        if (r->mark_final) {
            r->mark_active = false;
            return -2;
        }
        pc_buf_clear(&r->marker);
        r->marker_pos = 0;
        marker_part(r);
    }
    size_t n = r->marker.len - r->marker_pos;
    if (n > (size_t)len)
        n = (size_t)len;
    memcpy(buf, r->marker.ptr + r->marker_pos, n);
    r->marker_pos += n;
    return (int)n;
}

static int io_guard(pc_xr *r, char *buf, int len, size_t want, unsigned long long *limit)
{
    if (r->stopped)
        return 0;
    if (r->mark_active) {
        int n = marker_out(r, buf, len);
        if (n != -2)
            return n;
    }
    unsigned long long pos = pc_source_offset(r->src);
    *limit = scan_ahead(r, pos, want);
    bool cut = r->fatal_at <= pos || (r->skip && r->rec_off < pos);
    if (*limit > pos && !cut)
        return -2;
    if (r->skip && pos == r->rec_off) {
        skip_rec(r);
        return marker_out(r, buf, len);
    }
    if (cut) {
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->bad_line, r->bad_col,
                     "XML: an element with more than %d attributes; the rest of the file is not read",
                     XR_MAX_ATTRS);
        r->fatal = r->fatal_reported = r->stopped = true;
        return 0;
    }
    *limit = ULLONG_MAX;
    return -2;
}

/* A CR not followed by a LF is handed over as the LF it stands for:
 * libxml2 2.9 counts lines at LF only. */
static void lone_cr_to_lf(pc_xr *r, char *buf, size_t n)
{
    char *p = buf, *e = buf + n;
    while ((p = memchr(p, '\r', (size_t)(e - p))) != NULL) {
        const char *next;
        bool lf = p + 1 < e ? p[1] == '\n' : pc_source_peek(r->src, 1, &next) == 1 && *next == '\n';
        if (!lf)
            *p = '\n';
        p++;
    }
}

/* The next piece for libxml2 (its bytes, 0 at the end, -1 on an error):
 * small pieces near record boundaries (so that the records before a broken
 * one are converted and an error inside a record is raised while the
 * reader is inside it), large ones inside a record (the Atom reader's
 * io_read says why and what it cost); a piece that holds a record's start
 * or end tag ends with it. */
static int io_read(pc_xr *r, char *buf, int len)
{
    const char *p;
    size_t want = (size_t)(len < XR_PIECE ? len : XR_PIECE);
    unsigned long long decided;
    int guard = io_guard(r, buf, len, want, &decided);
    if (guard != -2)
        return guard;
    unsigned long long pos = pc_source_offset(r->src);
    size_t have = pc_source_peek(r->src, want, &p);
    if (have > decided - pos)
        have = (size_t)(decided - pos);
    size_t n = have, stop = have, cut = 0;
    bool start = r->cut_start;
    if (r->cut_at > pos && r->cut_at - pos <= have) {
        cut = (size_t)(r->cut_at - pos);
    } else if (have) {
        size_t from = r->scan_to > pos && r->scan_to - pos < have ? (size_t)(r->scan_to - pos) : 0;
        cut = rec_tag_end(r, p + from, have - from, &start, &stop);
        stop += from;
        if (cut) {
            cut += from;
            r->cut_at = pos + cut;
            r->cut_start = start;
        }
        r->scan_to = pos + (cut ? cut : stop);
    }
    size_t limit = cut ? cut : have < want ? have : stop;
    if (!r->large || limit <= XR_MARGIN + XR_SMALL)
        n = limit < XR_SMALL ? limit : XR_SMALL;
    else
        n = limit - XR_MARGIN;
    if (n == 0)
        n = have < XR_SMALL ? have : XR_SMALL;
    if (have)
        n = pc_xrsplit_plan(&r->split, pos, p, n, (size_t)len);
    if (cut && n == cut)
        r->large = start;
    if (have && !n)
        return (int)pc_xrsplit_apply(&r->split, pos, buf, 0, (size_t)len);
    ssize_t got = pc_source_read(r->src, buf, have ? n : want);
    r->at_eof |= got == 0;
    if (got > 0)
        lone_cr_to_lf(r, buf, (size_t)got);
    if (got > 0 && have)
        got = (ssize_t)pc_xrsplit_apply(&r->split, pos, buf, (size_t)got, (size_t)len);
    return got < 0 ? -1 : (int)got;
}

/* The parser's line: during a SAX event, the line of what it reports
 * (the line libxml2's tree gives a node). */
static unsigned long cur_line(const pc_xr *r)
{
    int l = r->px && r->px->input ? r->px->input->line : 0;
    return l > 0 ? r->line_base + (unsigned long)l : 0;
}

/* A column of libxml2's on its line `line`: on a chunk's first line, less
 * the file's start it was given before the chunk. */
static unsigned long xml_col(const pc_xr *r, int line, int col)
{
    if (col <= 0)
        return 0;
    if (line == 1 && r->prefix.len)
        return (size_t)col > r->prefix.len ? (unsigned long)col - r->prefix.len : 1;
    return (unsigned long)col;
}

/* libxml2's column now. */
static unsigned long cur_col(const pc_xr *r)
{
    return r->px && r->px->input ? xml_col(r, r->px->input->line, r->px->input->col) : 0;
}

/* ---- errors ------------------------------------------------------------------------ */

/* libxml2's "Input is not proper UTF-8" names the bad bytes in str1. */
static const char *xml_hint(xr_xml_error err)
{
    const char *p = err->code == XML_ERR_INVALID_CHAR && err->str1 ? strstr(err->str1, "Bytes:") : NULL;
    char bytes[4];
    size_t n = 0;
    for (p = p ? p + 6 : NULL; p && n < sizeof bytes; n++) {
        char *e;
        unsigned long v = strtoul(p, &e, 16);
        if (e == p)
            break;
        bytes[n] = (char)v;
        p = e;
    }
    return n ? pc_encoding_hint(bytes, n) : "";
}

/* The first fatal error is reported; what follows it is noise. */
static void on_xml_error(void *user, xr_xml_error err)
{
    pc_xr *r = user;
    if (!err || !err->message || r->fatal_reported)
        return;
    bool fatal = err->level == XML_ERR_FATAL || err->domain == XML_FROM_I18N || err->domain == XML_FROM_IO;
    pc_severity sev = err->level == XML_ERR_WARNING && !fatal ? PC_SEV_WARNING : PC_SEV_ERROR;
    r->fatal |= fatal;
    r->fatal_reported |= fatal;
    if (fatal)
        r->fatal_code = err->code;
    unsigned long line = err->line > 0 ? r->line_base + (unsigned long)err->line : 0;
    unsigned long col = xml_col(r, err->line, err->int2);
    if (!line && r->px && r->px->input) {
        line = cur_line(r);
        col = cur_col(r);
    }
    pc_buf_clear(&r->tmp);
    pc_buf_put_folded(&r->tmp, err->message, strlen(err->message));
    if (sev == PC_SEV_ERROR && r->rec_depth >= 0)
        r->bad = true;
    pc_diag_emit(r->ctx, sev, r->file, line, col, "XML: %s%s", r->tmp.ptr, xml_hint(err));
}

static void on_generic_error(void *user, const char *msg, ...)
{
    pc_xr *r = user;
    (void)msg;
    r->fatal = true;
}

typedef struct saved_handlers {
    xmlStructuredErrorFunc sfn;
    void *sctx;
    xmlGenericErrorFunc gfn;
    void *gctx;
} saved_handlers;

static saved_handlers handlers_push(pc_xr *r)
{
    saved_handlers s = {.sfn = xmlStructuredError, .sctx = xmlStructuredErrorContext,
                        .gfn = xmlGenericError, .gctx = xmlGenericErrorContext};
    xmlSetStructuredErrorFunc(r, on_xml_error);
    xmlSetGenericErrorFunc(r, on_generic_error);
    return s;
}

static void handlers_pop(saved_handlers s)
{
    xmlSetStructuredErrorFunc(s.sctx, s.sfn);
    xmlSetGenericErrorFunc(s.gctx, s.gfn);
}

/* ---- open / close ---------------------------------------------------------------- */

void pc_xr_close(pc_xr *r)
{
    if (!r)
        return;
    if (r->px) {
        xmlFreeDoc(r->px->myDoc); /* the DOCTYPE's entities only: no element is built */
        r->px->myDoc = NULL;
        xmlFreeParserCtxt(r->px);
    }
    pc_free(r->open_names);
    pc_buf_free(&r->marker);
    pc_buf_free(&r->path);
    pc_buf_free(&r->text);
    pc_buf_free(&r->arena);
    pc_buf_free(&r->tmp);
    pc_buf_free(&r->prefix);
    pc_xrsplit_free(&r->split);
    pc_free(r->starts);
    pc_free(r->levels);
    pc_free(r->raw);
    pc_free(r->items);
    pc_free(r->attrs);
    pc_free(r->attr_offs);
    pc_free(r->attr_tmp);
    pc_free(r->names);
    pc_free(r);
}

static void sax_init(xmlSAXHandler *h);

pc_xr *pc_xr_open(pc_source *src, pc_ctx *ctx, const pc_xr_config *cfg)
{
    pc_xr *r = pc_xcalloc(1, sizeof *r);
    r->ctx = ctx;
    r->src = src;
    r->cfg = cfg;
    r->file = pc_source_name(src);
    r->max_depth = cfg->max_depth ? cfg->max_depth : XR_DEFAULT_DEPTH;
    r->max_record = cfg->max_record ? cfg->max_record : XR_DEFAULT_RECORD;
    r->names = pc_xcalloc(cfg->n_records + 1, sizeof *r->names);
    for (size_t i = 0; i < cfg->n_records; i++)
        r->names[i] = cfg->records[i].name;
    r->rec_depth = -1;
    pc_buf_init(&r->marker);
    pc_buf_init(&r->path);
    pc_buf_init(&r->text);
    pc_buf_init(&r->arena);
    pc_buf_init(&r->tmp);
    pc_xrs_init(&r->scan, XR_MAX_ATTRS, r->names);
    r->scan.long_min = PC_XRS_SPLIT_EVERY;
    r->scan.line = pc_source_first_line(src);
    r->line_base = r->scan.line - 1;
    pc_buf_init(&r->prefix);
    size_t ctx_n = 0;
    const char *ctx_p = pc_source_continued(src) ? pc_source_context(src, &ctx_n) : NULL;
    for (size_t i = 0; ctx_p && i < ctx_n; i++) /* on one line: the chunk's lines keep their numbers */
        pc_buf_putc(&r->prefix, ctx_p[i] == '\n' || ctx_p[i] == '\r' ? ' ' : ctx_p[i]);
    r->fatal_at = ULLONG_MAX;
    const char *head;
    if (pc_source_peek(src, 1, &head) == 0 && !pc_source_error(src))
        r->done = true; /* an empty input is no records */
    saved_handlers saved = handlers_push(r);
    /* no network, no DTD loading or validation, no entity substitution,
     * CDATA merged into text, no XML_PARSE_HUGE; a transcoded source hands
     * over UTF-8 whatever the declaration says */
    xmlSAXHandler sax;
    sax_init(&sax);
    r->px = xmlCreatePushParserCtxt(&sax, r, NULL, 0, NULL);
    if (r->px)
        xmlCtxtUseOptions(r->px, XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_BIG_LINES |
                                     (pc_source_encoding(src) ? XML_PARSE_IGNORE_ENC : 0));
    handlers_pop(saved);
    if (!r->px) {
        pc_diag_emit(ctx, PC_SEV_ERROR, r->file, 0, 0, "cannot start the XML parser");
        pc_xr_close(r);
        return NULL;
    }
    return r;
}

const char *pc_xr_file(const pc_xr *r) { return r->file; }
unsigned long pc_xr_line(const pc_xr *r) { return r->line; }
unsigned long pc_xr_col(const pc_xr *r) { return r->col; }

/* ---- attributes ---------------------------------------------------------------------- */

/* SAX2's attributes are 5-tuples: local name, prefix, URI, value, end. */
enum { SAX_LOCAL, SAX_PREFIX, SAX_URI, SAX_VALUE, SAX_END, SAX_TUPLE };

/* The value of attribute i of the element being started, into out: libxml2
 * hands an '&' over as "&#38;" when it does not substitute entities (its
 * tree builder decodes that again). */
static void attr_value(const pc_xr *r, int i, pc_buf *out)
{
    const char *v = (const char *)r->cur_attrs[SAX_TUPLE * i + SAX_VALUE];
    const char *e = (const char *)r->cur_attrs[SAX_TUPLE * i + SAX_END];
    while (v < e) {
        const char *amp = memchr(v, '&', (size_t)(e - v));
        if (!amp) {
            pc_buf_put(out, v, (size_t)(e - v));
            break;
        }
        pc_buf_put(out, v, (size_t)(amp - v) + 1);
        v = amp + 1;
        if (e - v >= 4 && !memcmp(v, "#38;", 4))
            v += 4;
    }
}

/* The index of the attribute `name` (no namespace) of the element being
 * started, or -1. */
static int find_attr(const pc_xr *r, const char *name)
{
    for (int i = 0; i < r->cur_n_attrs; i++)
        if (!r->cur_attrs[SAX_TUPLE * i + SAX_URI] && str_is(r->cur_attrs[SAX_TUPLE * i + SAX_LOCAL], name))
            return i;
    return -1;
}

const char *pc_xr_cur_attr(pc_xr *r, const char *name)
{
    int i = r->cur_attrs ? find_attr(r, name) : -1;
    if (i < 0)
        return NULL;
    pc_buf_clear(&r->tmp);
    attr_value(r, i, &r->tmp);
    pc_set_str(&r->attr_tmp, r->tmp.ptr ? r->tmp.ptr : "");
    return r->attr_tmp;
}

const char *pc_xr_item_attr(const pc_xr_item *it, const char *name)
{
    for (size_t i = 0; i < it->n_attrs; i++)
        if (!strcmp(it->attrs[i].name, name))
            return it->attrs[i].value;
    return NULL;
}

size_t pc_xr_child(const pc_xr_item *items, size_t open, const char *name)
{
    for (size_t i = open + 1; i < items[open].other; i = items[i].other + 1)
        if (items[i].type == PC_XR_OPEN && !strcmp(items[i].name, name))
            return items[i].other;
    return 0;
}

/* ---- the record's items ---------------------------------------------------------- */

static size_t arena_put(pc_xr *r, const char *s, size_t n)
{
    size_t at = r->arena.len;
    pc_buf_put(&r->arena, s, n);
    pc_buf_putc(&r->arena, '\0');
    return at;
}

static raw_item *add_raw(pc_xr *r, pc_xr_type type)
{
    if (r->n_raw == r->cap_raw) {
        r->cap_raw = r->cap_raw ? 2 * r->cap_raw : 64;
        r->raw = pc_xrealloc(r->raw, r->cap_raw * sizeof *r->raw);
    }
    raw_item *it = &r->raw[r->n_raw++];
    memset(it, 0, sizeof *it);
    it->type = type;
    return it;
}

static level *push_level(pc_xr *r)
{
    if (r->n_levels == r->cap_levels) {
        r->cap_levels = r->cap_levels ? 2 * r->cap_levels : 16;
        r->levels = pc_xrealloc(r->levels, r->cap_levels * sizeof *r->levels);
    }
    level *l = &r->levels[r->n_levels++];
    memset(l, 0, sizeof *l);
    l->text_start = r->text.len;
    l->path_len = r->path.len;
    return l;
}

static void push_attr_off(pc_xr *r, size_t name, size_t value)
{
    if (r->n_attr_pairs + 1 >= r->cap_attr_offs / 2) {
        r->cap_attr_offs = r->cap_attr_offs ? 2 * r->cap_attr_offs : 32;
        r->attr_offs = pc_xrealloc(r->attr_offs, r->cap_attr_offs * sizeof *r->attr_offs);
    }
    r->attr_offs[2 * r->n_attr_pairs] = name;
    r->attr_offs[2 * r->n_attr_pairs + 1] = value;
    r->n_attr_pairs++;
}

/* The attributes of the element being started into the arena (namespace
 * declarations are not attributes in SAX2). */
static void store_attrs(pc_xr *r, raw_item *it)
{
    it->attrs = r->n_attr_pairs;
    for (int i = 0; r->cur_attrs && i < r->cur_n_attrs; i++) {
        const char *ln = (const char *)r->cur_attrs[SAX_TUPLE * i + SAX_LOCAL];
        size_t name = arena_put(r, ln, strlen(ln));
        size_t value = r->arena.len;
        attr_value(r, i, &r->arena);
        pc_buf_putc(&r->arena, '\0');
        push_attr_off(r, name, value);
        it->n_attrs++;
    }
}

/* The key attributes' component suffix: "[type=doi]", one bracket per key
 * of the element the element has, in the keys' order. */
static void put_key(pc_xr *r, const char *local)
{
    for (size_t i = 0; i < r->cfg->n_keys; i++) {
        const pc_xr_key *k = &r->cfg->keys[i];
        if (k->element[0] != local[0] || strcmp(k->element, local) != 0) /* every element: first byte first */
            continue;
        int at = r->cur_attrs ? find_attr(r, k->attr) : -1;
        if (at >= 0) {
            pc_buf_clear(&r->tmp);
            attr_value(r, at, &r->tmp);
            const char *v = r->tmp.ptr ? r->tmp.ptr : "";
            pc_buf_putc(&r->path, '[');
            pc_buf_puts(&r->path, k->attr);
            pc_buf_putc(&r->path, '=');
            for (; *v; v++) /* a path's own characters: '_' (such values are no type names) */
                pc_buf_putc(&r->path, *v == '/' || *v == '[' || *v == ']' ? '_' : *v);
            pc_buf_putc(&r->path, ']');
        }
    }
}

static bool in_ns(const pc_xr *r, const xmlChar *ns)
{
    return r->cfg->ns ? str_is(ns, r->cfg->ns) : !ns;
}

/* An element of the record: its OPEN item, its path component. */
static void open_element(pc_xr *r, const xmlChar *ln, const xmlChar *ns)
{
    level *l = push_level(r);
    l->open = r->n_raw;
    raw_item *it = add_raw(r, PC_XR_OPEN);
    it->depth = r->n_struct++;
    it->line = cur_line(r);
    if (r->n_struct > 1) {
        if (r->path.len)
            pc_buf_putc(&r->path, '/');
        size_t comp = r->path.len;
        if (!in_ns(r, ns)) {
            pc_buf_putc(&r->path, '{');
            pc_buf_puts(&r->path, ns ? (const char *)ns : "");
            pc_buf_putc(&r->path, '}');
        }
        pc_buf_puts(&r->path, (const char *)ln);
        put_key(r, (const char *)ln);
        it->path = arena_put(r, r->path.ptr, r->path.len);
        it->path_n = r->path.len;
        it->name = it->path + (comp);
    } else {
        it->path = arena_put(r, "", 0);
        it->name = arena_put(r, (const char *)ln, strlen((const char *)ln));
    }
    it->local = arena_put(r, (const char *)ln, strlen((const char *)ln));
    store_attrs(r, it);
}

/* The element at the top ends: its CLOSE item with its own text. */
static void close_element(pc_xr *r)
{
    level *l = &r->levels[r->n_levels - 1];
    raw_item *open = &r->raw[l->open];
    size_t open_i = l->open, text_start = l->text_start, path_len = l->path_len;
    raw_item copy = *open;
    raw_item *it = add_raw(r, PC_XR_CLOSE);
    *it = copy;
    it->type = PC_XR_CLOSE;
    it->other = open_i;
    r->raw[open_i].other = r->n_raw - 1;
    size_t n = r->text.len - text_start;
    if (n && pc_xr_has_text(r->text.ptr + text_start, n)) {
        it->text = arena_put(r, r->text.ptr + text_start, n);
        it->text_n = n;
    } else {
        it->text = arena_put(r, "", 0);
        it->text_n = 0;
    }
    pc_buf_truncate(&r->text, text_start);
    pc_buf_truncate(&r->path, path_len);
    r->n_levels--;
    r->n_struct--;
}

/* The items with their strings in place (the arena no longer grows). */
static void resolve(pc_xr *r)
{
    if (r->cap_items < r->n_raw) {
        r->cap_items = r->n_raw;
        r->items = pc_xrealloc(r->items, r->cap_items * sizeof *r->items);
    }
    if (r->cap_attrs < r->n_attr_pairs + 1) {
        r->cap_attrs = r->n_attr_pairs + 1;
        r->attrs = pc_xrealloc(r->attrs, r->cap_attrs * sizeof *r->attrs);
    }
    const char *a = r->arena.ptr;
    for (size_t i = 0; i < r->n_attr_pairs; i++)
        r->attrs[i] = (pc_xr_attr){.name = a + r->attr_offs[2 * i], .value = a + r->attr_offs[2 * i + 1]};
    for (size_t i = 0; i < r->n_raw; i++) {
        const raw_item *w = &r->raw[i];
        r->items[i] = (pc_xr_item){
            .type = w->type, .depth = w->depth, .line = w->line, .path = a + w->path,
            .path_n = w->path_n, .name = a + w->name, .name_n = strlen(a + w->name),
            .local = a + w->local, .text = w->type == PC_XR_CLOSE ? a + w->text : "",
            .text_n = w->text_n, .attrs = r->attrs + w->attrs, .n_attrs = w->n_attrs, .other = w->other};
    }
}

const pc_xr_item *pc_xr_items(const pc_xr *r, size_t *n)
{
    *n = r->n_raw;
    return r->items;
}

static void rec_reset(pc_xr *r)
{
    r->n_levels = r->n_raw = r->n_attr_pairs = 0;
    r->n_struct = 0;
    pc_buf_clear(&r->path);
    pc_buf_clear(&r->text);
    pc_buf_clear(&r->arena);
    r->bad = r->strip_noted = false;
}

/* ---- text ---------------------------------------------------------------------------- */

/* Appends a text node, without the markup markers' own characters (Unicode
 * noncharacters an input cannot hand through: noted once per record). */
static void put_text(pc_xr *r, const char *s, size_t n)
{
    size_t from = r->text.len;
    pc_buf_put(&r->text, s, n);
    if (memchr(s, 0xEF, n) && pc_markup_has_markers(s, n)) {
        pc_buf tail = PC_BUF_INIT;
        pc_buf_put(&tail, r->text.ptr + from, n);
        pc_markup_strip_markers(&tail);
        pc_buf_truncate(&r->text, from);
        pc_buf_put(&r->text, tail.ptr, tail.len);
        pc_buf_free(&tail);
        if (!r->strip_noted)
            pc_diag_emit(r->ctx, PC_SEV_NOTE, r->file, cur_line(r), 0,
                         "the noncharacters U+FDD0..U+FDDB are removed from the text");
        r->strip_noted = true;
    }
}

bool pc_xr_has_text(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == 0xEF && i + 2 < n && (unsigned char)s[i + 1] == 0xB7 && (unsigned char)s[i + 2] >= 0x90 &&
            (unsigned char)s[i + 2] <= 0x9B) {
            i += 2;
            continue;
        }
        if (!pc_is_space(c))
            return true;
    }
    return false;
}

/* One line (or the whole value): NFC, then folded with the markers made spans. */
static void put_folded(const char *s, size_t n, bool plain, pc_buf *out, pc_spanlist *spans)
{
    pc_buf tmp = PC_BUF_INIT;
    const char *t = s;
    size_t tn = n;
    if (!pc_utf8_is_ascii(s, n)) {
        pc_buf_put(&tmp, s, n);
        pc_utf8_nfc(&tmp);
        t = tmp.ptr;
        tn = tmp.len;
    }
    if (!plain && spans && pc_markup_has_markers(t, tn)) {
        pc_markup_fold(t, tn, out, spans);
    } else if (pc_markup_has_markers(t, tn)) {
        size_t from = out->len;
        pc_buf_put_folded(out, t, tn);
        pc_buf tail = PC_BUF_INIT;
        pc_buf_put(&tail, out->ptr + from, out->len - from);
        pc_markup_strip_markers(&tail);
        pc_buf_truncate(out, from);
        pc_buf_put_folded(out, tail.ptr, tail.len);
        pc_buf_free(&tail);
    } else {
        pc_buf_put_folded(out, t, tn);
    }
    pc_buf_free(&tmp);
}

void pc_xr_text(const char *s, size_t n, unsigned flags, pc_buf *out, pc_spanlist *spans)
{
    bool plain = (flags & PC_XR_PLAIN) || !spans;
    if (!(flags & (PC_XR_LINES | PC_XR_CR_LINES))) {
        put_folded(s, n, plain, out, spans);
        return;
    }
    size_t base = out->len;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && s[j] != '\r' && ((flags & PC_XR_CR_LINES) || s[j] != '\n'))
            j++;
        size_t before = out->len;
        if (out->len > base)
            pc_buf_putc(out, '\n');
        size_t mark = out->len, spans_before = spans ? spans->n : 0;
        if (spans) /* span offsets are relative to base: shift this line's */
            put_folded(s + i, j - i, plain, out, spans);
        else
            put_folded(s + i, j - i, true, out, NULL);
        if (out->len == mark) {
            pc_buf_truncate(out, before); /* a blank line */
        } else if (spans) {
            for (size_t k = spans_before; k < spans->n; k++) {
                spans->items[k].start += mark - base;
                spans->items[k].end += mark - base;
            }
        }
        i = j + 1;
    }
}

/* ---- the node walk ---------------------------------------------------------------- */

static bool is_root_ok(const pc_xr *r, const xmlChar *ln, const xmlChar *ns)
{
    if (!r->cfg->roots)
        return true;
    if (!in_ns(r, ns))
        return false;
    for (const char *const *p = r->cfg->roots; *p; p++)
        if (str_is(ln, *p))
            return true;
    return false;
}

static bool is_record(const pc_xr *r, int depth, const xmlChar *ln, const xmlChar *ns)
{
    if (!in_ns(r, ns))
        return false;
    for (size_t i = 0; i < r->cfg->n_records; i++) {
        const pc_xr_record *rc = &r->cfg->records[i];
        if (!str_is(ln, rc->name))
            continue;
        if (!rc->parent)
            return true;
        if (depth > 0 && str_is(r->open_names[depth - 1], rc->parent))
            return true;
    }
    return false;
}

/* io_read ends a piece at a record's tag, so that pc_xr_next returns a
 * record before the next one starts; if one ever started first, the
 * record waiting would lose its items: it is reported and skipped. */
static void begin_record(pc_xr *r, const xmlChar *ln, const xmlChar *ns, int depth)
{
    if (r->ready == PC_READ_RECORD) {
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->line, r->col,
                     "internal error: the next %s started before this one was converted; skipped",
                     r->cfg->what);
        r->ready = PC_READ_SKIP;
    }
    rec_reset(r);
    r->rec_depth = depth;
    r->line = cur_line(r);
    r->col = take_start(r, r->line);
    open_element(r, ln, ns);
}

/* An element starts at depth (the document element's is 0). */
static pc_read_status on_start(pc_xr *r, int depth, const xmlChar *ln, const xmlChar *ns)
{
    if (r->rec_depth < 0) {
        if (depth == 0) {
            r->root_seen = true;
            if (!is_root_ok(r, ln, ns)) {
                pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, cur_line(r), 0,
                             "not %s: the document element is <%s>%s%s", r->cfg->desc, (const char *)ln,
                             ns ? " in the namespace " : "", ns ? (const char *)ns : "");
                return PC_READ_FATAL;
            }
        }
        if (is_record(r, depth, ln, ns))
            begin_record(r, ln, ns, depth);
        return PC_READ_NONE;
    }
    if (depth - r->rec_depth > (int)r->max_depth) { /* the look-ahead keeps these away: a second line */
        if (!r->bad)
            pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, cur_line(r), 0,
                         "elements nested deeper than %lu levels: %s skipped", r->max_depth, r->cfg->what);
        r->bad = true;
        return PC_READ_NONE;
    }
    unsigned marks = r->cfg->inline_marks
                         ? r->cfg->inline_marks(r->cfg->user, r, (const char *)ln, (const char *)ns)
                         : PC_XR_BLOCK;
    if (marks != PC_XR_BLOCK) {
        level *l = push_level(r);
        l->is_inline = true;
        l->marks = marks;
        for (int m = 1; m < 32; m++)
            if (marks & (1u << m))
                pc_markup_put_marker(&r->text, (pc_mark)m, true);
    } else {
        open_element(r, ln, ns);
    }
    return PC_READ_NONE;
}

/* The element at depth ends. */
static pc_read_status on_end(pc_xr *r, int depth)
{
    if (r->rec_depth < 0 || depth - r->rec_depth > (int)r->max_depth)
        return PC_READ_NONE;
    level *l = &r->levels[r->n_levels - 1];
    if (l->is_inline) {
        for (int m = 31; m >= 1; m--)
            if (l->marks & (1u << m))
                pc_markup_put_marker(&r->text, (pc_mark)m, false);
        r->n_levels--;
        return PC_READ_NONE;
    }
    close_element(r);
    if (r->n_levels)
        return PC_READ_NONE;
    r->rec_depth = -1;
    if (r->bad)
        return PC_READ_SKIP; /* reported where it was */
    resolve(r);
    return PC_READ_RECORD;
}

/* The marker of a record kept from libxml2: reported at the record's
 * position and counted as skipped. */
static pc_read_status on_marker(pc_xr *r, const xmlChar *target, const xmlChar *data)
{
    unsigned long line, col, bad_line, bad_col;
    int why;
    if (!r->markers || !str_is(target, XR_MARK) || !data ||
        sscanf((const char *)data, "%lu %lu %d %lu %lu", &line, &col, &why, &bad_line, &bad_col) != 5)
        return PC_READ_NONE;
    r->markers--;
    take_start(r, line);
    const char *what = r->cfg->what;
    if (why == SKIP_SIZE)
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, line, col, "%s larger than %llu MB: not read", what,
                     r->max_record >> 20);
    else if (why == SKIP_DEPTH)
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, line, col,
                     "%s not read: its element at %lu:%lu is nested deeper than %lu levels", what, bad_line,
                     bad_col, r->max_depth);
    else
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, line, col,
                     "%s not read: its element at %lu:%lu has more than %d attributes", what, bad_line,
                     bad_col, XR_MAX_ATTRS);
    return PC_READ_SKIP;
}

/* ---- libxml2's SAX2 events ------------------------------------------------------------ */

/* What an event ended: kept for pc_xr_next (each piece io_read hands over
 * ends at most one record's tag, so one at a time); a fatal one stops the
 * parser. */
static void set_status(pc_xr *r, pc_read_status st)
{
    if (st == PC_READ_NONE)
        return;
    if (st == PC_READ_FATAL) {
        r->ready = PC_READ_FATAL;
        r->fatal = true;
        xmlStopParser(r->px);
    } else if (r->ready == PC_READ_NONE) {
        r->ready = st;
    } else { /* see begin_record */
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->line, r->col,
                     "internal error: two %ss ended in one piece of the input; the second is not converted",
                     r->cfg->what);
    }
}

/* The events of an entity's replacement text, which libxml2 parses once
 * to check it (its depth is then above 0), are not the document's. */
static bool in_entity(const pc_xr *r) { return r->px->depth > 0; }

static void sax_start(void *ud, const xmlChar *ln, const xmlChar *prefix, const xmlChar *uri, int n_ns,
                      const xmlChar **nss, int n_attrs, int n_defaulted, const xmlChar **attrs)
{
    (void)prefix, (void)n_ns, (void)nss, (void)n_defaulted;
    pc_xr *r = ud;
    if (in_entity(r) || r->ready == PC_READ_FATAL)
        return;
    if (r->depth >= XR_MAX_NESTING) { /* libxml2's tree builder's limit, which SAX2 does not keep */
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, cur_line(r), cur_col(r),
                     "XML: elements nested deeper than %d levels: the rest of the file is not read",
                     XR_MAX_NESTING);
        r->fatal_reported = true;
        set_status(r, PC_READ_FATAL);
        return;
    }
    int depth = r->depth++;
    if ((size_t)depth >= r->cap_names) {
        r->cap_names = r->cap_names ? 2 * r->cap_names : 64;
        r->open_names = pc_xrealloc(r->open_names, r->cap_names * sizeof *r->open_names);
    }
    r->open_names[depth] = ln;
    r->cur_attrs = attrs;
    r->cur_n_attrs = n_attrs;
    set_status(r, on_start(r, depth, ln, uri));
    r->cur_attrs = NULL;
    r->cur_n_attrs = 0;
}

static void sax_end(void *ud, const xmlChar *ln, const xmlChar *prefix, const xmlChar *uri)
{
    (void)ln, (void)prefix, (void)uri;
    pc_xr *r = ud;
    if (in_entity(r) || r->ready == PC_READ_FATAL || r->depth == 0)
        return;
    set_status(r, on_end(r, --r->depth));
}

static void sax_text(void *ud, const xmlChar *s, int n)
{
    pc_xr *r = ud;
    if (!in_entity(r) && r->rec_depth >= 0 && r->depth - r->rec_depth <= (int)r->max_depth + 1 && n > 0)
        put_text(r, (const char *)s, (size_t)n);
}

static void sax_pi(void *ud, const xmlChar *target, const xmlChar *data)
{
    pc_xr *r = ud;
    if (!in_entity(r))
        set_status(r, on_marker(r, target, data));
}

static void sax_reference(void *ud, const xmlChar *name)
{
    pc_xr *r = ud;
    if (in_entity(r))
        return;
    pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, cur_line(r), 0,
                 "entity reference &%s; is not expanded (%s needs no DTD entities)%s%s", (const char *)name,
                 r->cfg->desc, r->rec_depth >= 0 ? ": " : "", r->rec_depth >= 0 ? "skipped" : "");
    r->bad |= r->rec_depth >= 0;
}

/* The DOCTYPE: its internal entities are declared (so that a reference is
 * one, reported above); one that declares an external entity refuses the
 * file. */
static void sax_start_document(void *ud) { xmlSAX2StartDocument(((pc_xr *)ud)->px); }

static void sax_internal_subset(void *ud, const xmlChar *name, const xmlChar *ext, const xmlChar *sys)
{
    xmlSAX2InternalSubset(((pc_xr *)ud)->px, name, ext, sys);
}

static void sax_entity_decl(void *ud, const xmlChar *name, int type, const xmlChar *pub, const xmlChar *sys,
                            xmlChar *content)
{
    pc_xr *r = ud;
    if (type == XML_EXTERNAL_GENERAL_PARSED_ENTITY || type == XML_EXTERNAL_GENERAL_UNPARSED_ENTITY ||
        type == XML_EXTERNAL_PARAMETER_ENTITY) {
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, 0, 0,
                     "the DOCTYPE declares an external entity (%s%s): not read, and the file is refused "
                     "(%s needs no entities)",
                     type == XML_EXTERNAL_PARAMETER_ENTITY ? "%" : "&", name ? (const char *)name : "?",
                     r->cfg->desc);
        set_status(r, PC_READ_FATAL);
        return;
    }
    xmlSAX2EntityDecl(r->px, name, type, pub, sys, content);
}

static xmlEntityPtr sax_get_entity(void *ud, const xmlChar *name) { return xmlSAX2GetEntity(((pc_xr *)ud)->px, name); }

static xmlEntityPtr sax_get_pe(void *ud, const xmlChar *name)
{
    return xmlSAX2GetParameterEntity(((pc_xr *)ud)->px, name);
}

static void sax_init(xmlSAXHandler *h)
{
    memset(h, 0, sizeof *h);
    h->initialized = XML_SAX2_MAGIC;
    h->startElementNs = sax_start;
    h->endElementNs = sax_end;
    h->characters = sax_text;
    h->ignorableWhitespace = sax_text;
    h->cdataBlock = sax_text;
    h->processingInstruction = sax_pi;
    h->reference = sax_reference;
    h->startDocument = sax_start_document;
    h->internalSubset = sax_internal_subset;
    h->entityDecl = sax_entity_decl;
    h->getEntity = sax_get_entity;
    h->getParameterEntity = sax_get_pe;
    h->serror = on_xml_error;
}

/* ---- the reading loop ---------------------------------------------------------------- */

/* libxml2 ended the reading (0: the end, -1: an error). */
static pc_read_status finish(pc_xr *r, int ret)
{
    r->done = true;
    if (ret == 0 && !r->fatal) {
        if (!r->root_seen) {
            pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, 0, 0, "not %s: no element", r->cfg->desc);
            r->fatal = true;
            return PC_READ_FATAL;
        }
        return PC_READ_EOF;
    }
    r->fatal = true;
    if (!r->fatal_reported)
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, cur_line(r), cur_col(r), "cannot read the XML");
    r->fatal_reported = true;
    if (r->rec_depth >= 0) {
        /* the record being read is lost: said, and counted as skipped */
        if (r->at_eof && !pc_source_error(r->src) &&
            (r->fatal_code == XML_ERR_DOCUMENT_END || r->fatal_code == XML_ERR_TAG_NOT_FINISHED))
            pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->line, r->col,
                         "%s not converted: the file ends inside it (truncated?)", r->cfg->what);
        else
            pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->line, r->col,
                         "%s not converted: the XML error is inside it", r->cfg->what);
        r->rec_depth = -1;
        return PC_READ_SKIP;
    }
    return PC_READ_FATAL;
}

/* A later chunk of a file cut for -j: libxml2 reads the file's start
 * first, its messages (the first chunk's reader gave them) going nowhere. */
static void feed_prefix(pc_xr *r)
{
    r->prefix_fed = true;
    if (!r->prefix.len)
        return;
    pc_ctx quiet, *ctx = r->ctx;
    pc_ctx_init(&quiet, NULL, NULL);
    r->ctx = &quiet;
    if (xmlParseChunk(r->px, r->prefix.ptr, (int)r->prefix.len, 0) != 0 || !r->px->wellFormed)
        r->parse_done = r->fatal = true;
    r->ctx = ctx;
    pc_ctx_free(&quiet);
}

/* Hands libxml2 the pieces io_read cuts until one ends a record (or the
 * reading). */
static pc_read_status next_record(pc_xr *r)
{
    char piece[XR_PIECE];
    if (!r->prefix_fed)
        feed_prefix(r);
    for (;;) {
        pc_read_status st = r->ready;
        r->ready = PC_READ_NONE;
        if (st == PC_READ_FATAL) {
            r->done = r->fatal = true;
            return st;
        }
        if (st != PC_READ_NONE)
            return st;
        if (r->parse_done)
            return finish(r, r->px->wellFormed && !r->fatal ? 0 : -1);
        int n = io_read(r, piece, (int)sizeof piece);
        if (n < 0) {
            r->parse_done = true;
            r->fatal = true;
            continue;
        }
        if (n == 0 && pc_source_cut(r->src) && r->rec_depth < 0 && !r->fatal) {
            r->done = true; /* a chunk cut after a record: the file goes on */
            return PC_READ_EOF;
        }
        int rc = xmlParseChunk(r->px, piece, n, n == 0);
        if (n == 0 || rc != 0 || !r->px->wellFormed || r->px->disableSAX)
            r->parse_done = true;
    }
}

pc_read_status pc_xr_next(pc_xr *r)
{
    if (r->done)
        return r->fatal ? PC_READ_FATAL : PC_READ_EOF;
    saved_handlers saved = handlers_push(r);
    pc_read_status st = next_record(r);
    handlers_pop(saved);
    return st;
}

/* ---- detection ------------------------------------------------------------------------ */

bool pc_xr_holds(const char *s, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    for (const char *p = s; k && n >= k && (p = memchr(p, needle[0], n - (size_t)(p - s) - k + 1)) != NULL; p++)
        if (!memcmp(p, needle, k))
            return true;
    return false;
}

/* The end of a construct starting at head[i] that ends with `end`, or 0. */
static size_t skip_to(const char *head, size_t n, size_t i, const char *end)
{
    size_t el = strlen(end);
    for (size_t k = i; k + el <= n; k++)
        if (!memcmp(head + k, end, el))
            return k + el;
    return 0;
}

bool pc_xr_sniff_root(const char *head, size_t n, pc_xr_root *root)
{
    memset(root, 0, sizeof *root);
    size_t i = n >= 3 && !memcmp(head, "\xEF\xBB\xBF", 3) ? 3 : 0;
    for (;;) {
        while (i < n && pc_is_space((unsigned char)head[i]))
            i++;
        if (i + 1 >= n || head[i] != '<')
            return false;
        size_t e;
        if (head[i + 1] == '?') {
            e = skip_to(head, n, i + 2, "?>");
        } else if (i + 3 < n && !memcmp(head + i, "<!--", 4)) {
            e = skip_to(head, n, i + 4, "-->");
        } else if (head[i + 1] == '!') { /* <!DOCTYPE x> or <!DOCTYPE x [ ... ]> */
            const char *gt = memchr(head + i, '>', n - i), *br = memchr(head + i, '[', n - i);
            e = br && gt && br < gt ? skip_to(head, n, (size_t)(br - head), "]>") : gt ? (size_t)(gt - head) + 1 : 0;
            root->doctype = head + i;
            root->doctype_n = e ? e - i : n - i;
        } else {
            break;
        }
        if (!e)
            return false;
        i = e;
    }
    size_t s = i + 1, k = s;
    while (k < n && !pc_is_space((unsigned char)head[k]) && head[k] != '>' && head[k] != '/')
        k++;
    const char *colon = memchr(head + s, ':', k - s);
    if (colon)
        s = (size_t)(colon - head) + 1;
    root->local = head + s;
    root->local_n = k - s;
    const char *gt = memchr(head + i, '>', n - i);
    root->tag = head + i;
    root->tag_n = gt ? (size_t)(gt - head) + 1 - i : n - i;
    if (gt) {
        root->after = gt + 1;
        root->after_n = n - (size_t)(gt + 1 - head);
    }
    return root->local_n > 0;
}
