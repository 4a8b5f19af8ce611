/* SPDX-License-Identifier: MIT */
/* read.c — the `atom` format: the reader of Atom 1.0 and RSS 2.0 feeds,
 * above all arXiv's, and its libxml2 plumbing (see atom.h: the entry it
 * collects becomes a record in feed.c).
 *
 * Owns: the arXiv API's Atom (the classic wrapped layout with per-element
 * xmlns, and the current single-line one), its error feed, the rss.arxiv.org
 * listing feeds ("arXiv:ID Announce Type: new Abstract: ..."), their error
 * channel, and any other Atom 1.0 / RSS 2.0 (or RSS 1.0) feed.
 *
 * Streaming: libxml2's xmlTextReader pulls one node at a time from the
 * pc_source (xmlReaderForIO), so only the current entry's raw text is held;
 * it is turned into a record when the entry ends.
 *
 * Safety (hostile feeds): no network (XML_PARSE_NONET), no DTD loading,
 * no entity substitution (XML_PARSE_NOENT off), libxml2's own limits on
 * (no XML_PARSE_HUGE: entity amplification, text size, depth 256).  A
 * DOCTYPE that declares an external entity (XXE) makes the file an error;
 * an entity reference left in the text is an error for its entry; nesting
 * deeper than ATOM_MAX_DEPTH is an error.  Invalid UTF-8 and any other
 * well-formedness error are libxml2's, with its line and column.
 *
 * Bounded cost per entry: libxml2 2.9's time grows with the square of the
 * attributes of one element, and it cannot be stopped inside an entry.  So
 * the input layer looks at each entry's bytes first (src/io/xmlscan.c):
 * an entry over ATOM_MAX_ENTRY bytes, or with an element of more than
 * ATOM_MAX_ATTRS attributes, never reaches libxml2.  In its place libxml2
 * gets a processing instruction <?paperconv-skip ...?> holding the entry's
 * line breaks (so that later lines keep their numbers), and when the
 * reader meets it the entry is reported, at its line and column, and
 * skipped; the next entries are read.  Such an element outside the entries
 * ends the feed there, with an error.  libxml2 2.9 is also quadratic in a
 * long CDATA section and a long attribute value that hold '>': the
 * look-ahead finds them and io_read hands them over changed so that
 * libxml2 reads the same text in linear time (src/io/xmlsplit.h).
 *
 * libxml2 never prints: the reader has a structured error handler
 * (xmlTextReaderSetStructuredErrorHandler) into pc_diag_emit, and the few
 * context-free errors (encoding conversion) are caught by per-thread
 * handlers installed for the length of each open / read_next call and
 * restored before it returns (handlers_push/pop).  xmlInitParser is not called: the reader
 * initialises what it needs, and paperconv parses from one thread.
 *
 * Kind: an arXiv entry stays a preprint even with a DOI or journal_ref.
 * The feed describes the e-print; the journal reference is free text
 * ("ActaAstron.56:1-50,2006") that cannot be split into journal, volume
 * and pages reliably, so it is kept in journal_ref (BibTeX: note) and the
 * DOI in doi, for a Crossref lookup to describe the published version. */
#include "atom.h"
#include "io/xmlchunk.h"
#include "io/xmlread.h"
#include "io/xmlscan.h"
#include "io/xmlsplit.h"

#include <libxml/xmlreader.h>
#include <limits.h>
#include <stdlib.h>

enum { ATOM_MAX_DEPTH = 64 }; /* feeds need 4-6; XHTML content a few more */
/* Bounds checked before libxml2 sees an entry (see the top of the file):
 * its bytes, and the attributes of one element (namespace declarations
 * included; feeds use a handful).  ATOM_SCAN_STEP is how far the look-ahead
 * reads at a time; a skipped entry's line breaks are handed over
 * ATOM_MARK_LINES per processing instruction, and at most ATOM_MARK_PAD
 * spaces keep the column of what follows it. */
enum {
    ATOM_MAX_ENTRY = 8 << 20,
    ATOM_MAX_ATTRS = 256,
    ATOM_SCAN_STEP = 4096,
    ATOM_MARK_LINES = 1 << 16,
    ATOM_MARK_PAD = 1 << 16,
};
#define ATOM_MARK "paperconv-skip"

typedef struct entry_pos {
    unsigned long line, col;
} entry_pos;

/* Why an entry is kept from libxml2. */
typedef enum skip_reason { SKIP_NONE = 0, SKIP_SIZE, SKIP_ATTRS } skip_reason;
/* Pieces handed to libxml2 (see io_read): at most ATOM_PIECE bytes, and
 * ATOM_SMALL bytes in the last ATOM_MARGIN bytes before an entry's tag. */
enum { ATOM_PIECE = 4096, ATOM_SMALL = 64, ATOM_MARGIN = 192 };


/* libxml2 2.12 made the error argument const. */
#if LIBXML_VERSION >= 21200
typedef const xmlError *atom_xml_error;
#else
typedef xmlErrorPtr atom_xml_error;
#endif

/* The elements that are records: Atom's entry, RSS's item (the look-ahead
 * reports their tags). */
static const char *const record_names[] = {"entry", "item", NULL};

typedef struct atom_reader {
    pc_ctx *ctx;
    pc_source *src;
    const char *file;
    xmlTextReaderPtr xr;
    pc_atom_map m;  /* what the mappers get: the kind of feed, the entry, scratch */
    pc_map *rows;   /* pc_atom_rows, compiled */
    bool done, fatal, fatal_reported, deep_reported;
    bool at_eof;    /* the source is exhausted */
    bool large;     /* inside an entry: io_read may hand over large pieces */
    bool cut_start; /* the entry tag ending at cut_at is a start tag */
    unsigned long long cut_at, scan_to; /* source offsets, see io_read */
    int fatal_code; /* libxml2's code of the first fatal error */
    /* the look-ahead over the input (io/xmlscan.h): bytes before the
     * decided limit (see scan_ahead) are handed to libxml2 */
    pc_xrs scan;
    pc_xrsplit split; /* long CDATA sections and attribute values (io/xmlsplit.h) */
    bool scan_eof;
    bool scan_in_entry;            /* scanning an entry not decided yet */
    int scan_nest;                 /* its start tags open (an entry in an entry) */
    char scan_name[16];            /* its local name */
    unsigned long long entry_off;  /* its '<' */
    unsigned long entry_line, entry_col;
    skip_reason skip;              /* the entry at entry_off is kept from libxml2 */
    unsigned long bad_line, bad_col; /* its element with too many attributes */
    unsigned long long fatal_at;   /* such an element outside entries (ULLONG_MAX: none) */
    /* the marker that stands for a skipped entry, handed over in segments */
    pc_buf marker;
    size_t marker_pos;
    unsigned long long mark_lines, mark_pad; /* still to write */
    bool mark_active, mark_final;
    bool stopped; /* the feed was cut (fatal_at): libxml2 gets no more */
    unsigned markers; /* handed over, not met yet as nodes */
    /* where the entries the look-ahead found start, taken in order by
     * on_start (libxml2 keeps no column for an element, and no line past
     * 65535) and on_marker: starts[head_starts, n_starts) */
    entry_pos *starts;
    size_t head_starts, n_starts, cap_starts;
    int entry_depth, person_depth, channel_depth, collect_depth;
    pc_atom_slot collecting;
    pc_atom_entry e;
    pc_buf ch_title, ch_desc;
    unsigned long ch_title_line;
    /* a chunk of a feed cut for -j (src/io/xmlchunk.h): libxml2's line 1
     * is line_base + 1; a later chunk is read after the feed's start on a
     * line of its own (its messages, on a line before the chunk, dropped:
     * the first chunk's), and a chunk the feed goes on after ends with
     * the feed's end tag */
    unsigned long line_base;
    pc_buf prefix, suffix;
    size_t prefix_at, suffix_at;
} atom_reader;

/* ---- libxml2 plumbing --------------------------------------------------------- */

static bool is_name_byte(int c) { return pc_is_alnum(c) || c == '_' || c == '-' || c == '.' || c == ':'; }

/* Finds the first start or end tag of an entry or item (any prefix) in
 * s[0, n): returns the offset just after its '>' and sets *start, or 0 if
 * there is none.  A '<' whose tag may run past n ends the search (*start is
 * then left alone and 0 returned), so a tag is never seen cut in two. */
static size_t entry_tag_end(const char *s, size_t n, bool *start, size_t *stop)
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
        bool entry = (k == 5 && !memcmp(name, "entry", 5)) || (k == 4 && !memcmp(name, "item", 4));
        const char *gt = entry && q < e ? memchr(q, '>', (size_t)(e - q)) : NULL;
        if (q == e || (entry && !gt)) {
            *stop = (size_t)(p - s);
            return 0;
        }
        if (entry) {
            *start = !end;
            return (size_t)(gt + 1 - s);
        }
        p = q;
    }
    return 0;
}

/* ---- the look-ahead: entries checked before libxml2 sees them ----------------- */

static bool is_entry_name(const char *local) { return !strcmp(local, "entry") || !strcmp(local, "item"); }

/* The tag the scanner is at starts an entry. */
static void begin_entry(atom_reader *r)
{
    const pc_xrs *s = &r->scan;
    r->scan_in_entry = true;
    r->entry_off = s->tag_off;
    r->entry_line = s->tag_line;
    r->entry_col = s->tag_col;
    memcpy(r->scan_name, s->local, sizeof r->scan_name);
    if (r->n_starts == r->cap_starts) {
        if (r->head_starts) { /* drop the ones taken */
            r->n_starts -= r->head_starts;
            memmove(r->starts, r->starts + r->head_starts, r->n_starts * sizeof *r->starts);
            r->head_starts = 0;
        }
        PC_GROW(r->starts, r->cap_starts, r->n_starts + 1);
    }
    r->starts[r->n_starts++] = (entry_pos){.line = s->tag_line, .col = s->tag_col};
}

/* Takes the position of the next entry the look-ahead found; false if
 * there is none (then *line and *col are left alone). */
static bool take_start(atom_reader *r, unsigned long *line, unsigned long *col)
{
    if (r->head_starts == r->n_starts)
        return false;
    *line = r->starts[r->head_starts].line;
    *col = r->starts[r->head_starts].col;
    r->head_starts++;
    return true;
}

/* Acts on one look-ahead event: entries start and end (an entry inside an
 * entry, as XHTML content might hold, is counted), and an element with too
 * many attributes marks its entry to be skipped, or outside entries the
 * place where the feed is cut. */
static void on_scan(atom_reader *r, pc_xrs_event ev)
{
    const pc_xrs *s = &r->scan;
    bool same = r->scan_in_entry && !strcmp(s->local, r->scan_name);
    switch (ev) {
    case PC_XRS_START:
        if (same) {
            r->scan_nest++;
        } else if (!r->scan_in_entry && is_entry_name(s->local)) {
            begin_entry(r);
            r->scan_nest = 1;
        }
        break;
    case PC_XRS_END:
        if (same && --r->scan_nest <= 0)
            r->scan_in_entry = false;
        break;
    case PC_XRS_EMPTY: /* the entry tag that had too many attributes is all of it */
        if (same && r->scan_nest == 0)
            r->scan_in_entry = false;
        break;
    case PC_XRS_LONG: /* not inside an entry being skipped: it never reaches libxml2 */
        if (!r->skip)
            pc_xrsplit_event(&r->split, s);
        break;
    case PC_XRS_ATTRS:
        if (!r->scan_in_entry && !s->end_tag && is_entry_name(s->local)) {
            begin_entry(r); /* the entry's own tag: its START event comes next */
            r->scan_nest = 0;
        }
        if (r->skip || r->fatal_at != ULLONG_MAX)
            break;
        if (r->scan_in_entry)
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

/* Outside entries, a tag whose attributes are not all counted is held
 * back from libxml2 (up to ATOM_MAX_ENTRY bytes; libxml2 refuses longer
 * values itself). */
static bool holding_tag(const atom_reader *r)
{
    return !r->scan_in_entry && pc_xrs_in_tag(&r->scan) &&
           r->scan.off - r->scan.tag_off <= ATOM_MAX_ENTRY;
}

/* Runs the look-ahead from the source position pos at least `want` bytes
 * on, over the whole of an entry that starts there (up to one byte past
 * ATOM_MAX_ENTRY) and over a tag it is inside.  Returns the limit up to
 * which bytes may go to libxml2: the start of an entry not decided yet or
 * to be skipped, of a tag not read whole, or of the element where the feed
 * is cut. */
static unsigned long long scan_ahead(atom_reader *r, unsigned long long pos, size_t want)
{
    while (!r->skip && r->fatal_at == ULLONG_MAX && !r->scan_eof &&
           (r->scan_in_entry || r->scan.off < pos + want || holding_tag(r))) {
        size_t ahead = (size_t)(r->scan.off - pos);
        const char *p;
        size_t have = pc_source_peek(r->src, ahead + ATOM_SCAN_STEP, &p);
        if (have <= ahead) {
            r->scan_eof = true;
            r->scan_in_entry = false; /* cut short: libxml2 says so */
            break;
        }
        size_t n = have - ahead;
        if (r->scan_in_entry && r->scan.off + n > r->entry_off + ATOM_MAX_ENTRY + 1)
            n = (size_t)(r->entry_off + ATOM_MAX_ENTRY + 1 - r->scan.off);
        pc_xrs_event ev;
        pc_xrs_run(&r->scan, p + ahead, n, &ev);
        on_scan(r, ev);
        if (r->scan_in_entry && !r->skip && r->scan.off - r->entry_off > ATOM_MAX_ENTRY)
            r->skip = SKIP_SIZE;
    }
    if (r->skip || r->scan_in_entry)
        return r->entry_off;
    if (r->fatal_at != ULLONG_MAX)
        return r->fatal_at;
    return !r->scan_eof && holding_tag(r) ? r->scan.tag_off : r->scan.off;
}

/* Appends the next part of the marker: up to ATOM_MARK_LINES line breaks,
 * then either the start of another processing instruction or, after the
 * last of them, the spaces that keep the column and the end. */
static void marker_part(atom_reader *r)
{
    size_t k = r->mark_lines < ATOM_MARK_LINES ? (size_t)r->mark_lines : ATOM_MARK_LINES;
    pc_buf_grow(&r->marker, k + (size_t)r->mark_pad + 32);
    memset(r->marker.ptr + r->marker.len, '\n', k);
    r->marker.len += k;
    r->mark_lines -= k;
    if (r->mark_lines) {
        pc_buf_puts(&r->marker, "?><?" ATOM_MARK " ");
        return;
    }
    memset(r->marker.ptr + r->marker.len, ' ', (size_t)r->mark_pad);
    r->marker.len += (size_t)r->mark_pad;
    r->mark_pad = 0;
    pc_buf_puts(&r->marker, "?>");
    r->mark_final = true;
}

/* At a skipped entry (the source is at its '<'): drops its bytes, the
 * look-ahead going on to its end (or the end of input), and starts the
 * marker that stands for it: a processing instruction holding the entry's
 * line breaks, so that libxml2 counts the lines after it right, then spaces
 * up to the column where the entry ended. */
static void skip_entry(atom_reader *r)
{
    char drop[4096];
    pc_xrsplit_drop(&r->split, r->entry_off);
    for (;;) {
        unsigned long long pos = pc_source_offset(r->src);
        if (pos < r->scan.off) { /* looked at already */
            unsigned long long k = r->scan.off - pos;
            if (pc_source_read(r->src, drop, k < sizeof drop ? (size_t)k : sizeof drop) <= 0)
                break;
            continue;
        }
        if (!r->scan_in_entry)
            break;
        const char *p;
        size_t have = pc_source_peek(r->src, ATOM_SCAN_STEP, &p);
        if (!have) {
            r->scan_eof = true;
            r->scan_in_entry = false;
            break;
        }
        pc_xrs_event ev;
        pc_xrs_run(&r->scan, p, have, &ev);
        on_scan(r, ev);
    }
    pc_buf_clear(&r->marker);
    pc_buf_printf(&r->marker, "<?" ATOM_MARK " %lu %lu %d %lu %lu ", r->entry_line, r->entry_col,
                  (int)r->skip, r->bad_line, r->bad_col);
    unsigned long long lines = r->scan.line - r->entry_line, pad;
    if (lines) /* the byte after the entry is at column (off - line_off) + 1 */
        pad = r->scan.off - r->scan.line_off >= 2 ? r->scan.off - r->scan.line_off - 2 : 0;
    else /* all on one line: the marker as long as the entry */
        pad = r->scan.off - r->entry_off > r->marker.len + 2 ? r->scan.off - r->entry_off - r->marker.len - 2 : 0;
    r->mark_lines = lines;
    r->mark_pad = pad < ATOM_MARK_PAD ? pad : ATOM_MARK_PAD;
    r->mark_final = false;
    r->mark_active = true;
    r->marker_pos = 0;
    r->markers++;
    r->skip = SKIP_NONE;
    marker_part(r);
}

/* Hands the marker over to libxml2, a part at a time. */
static int marker_out(atom_reader *r, char *buf, int len)
{
    if (r->marker_pos == r->marker.len) {
        if (r->mark_final) {
            r->mark_active = false;
            return -2; /* done: the caller reads on */
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

/* Before io_read hands over bytes: the marker of a skipped entry, the
 * skip itself, or the end of the feed at an element with too many
 * attributes.  Returns what io_read returns, or -2 to read the source
 * (then *limit is where the bytes handed over must stop). */
static int io_guard(atom_reader *r, char *buf, int len, size_t want, unsigned long long *limit)
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
    /* the element is at fatal_at, or began before pos when libxml2 had its
     * first 8 MB already (an entry tag too: it can no longer be left out) */
    bool cut = r->fatal_at <= pos || (r->skip && r->entry_off < pos);
    if (*limit > pos && !cut)
        return -2;
    if (r->skip && pos == r->entry_off) {
        skip_entry(r);
        return marker_out(r, buf, len);
    }
    if (cut) {
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->bad_line, r->bad_col,
                     "XML: an element with more than %d attributes; the rest of the feed is not read",
                     ATOM_MAX_ATTRS);
        r->fatal = r->fatal_reported = r->stopped = true;
        return 0;
    }
    *limit = ULLONG_MAX; /* the end of input */
    return -2;
}

/* XML reads a CR alone as a line end (it becomes a LF), but libxml2 2.9
 * counts lines at LF only: in a file with CR line ends (old Mac) every
 * position was on line 1.  A CR not followed by a LF is handed over as the
 * LF it stands for (CRLF is left as it is). */
static void lone_cr_to_lf(atom_reader *r, char *buf, size_t n)
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

/* libxml2's read callback.
 *
 * Why the pieces have these sizes: xmlTextReader parses ahead of the node it
 * returns, and after a fatal error it returns none of the nodes it had
 * built; it reads another piece whenever fewer than 512 bytes are left
 * unparsed, and parses at once what it has when that is less than 512.
 * Pieces of ATOM_SMALL bytes everywhere kept the look-ahead short, so the
 * entries that end before a broken one are converted and an error inside an
 * entry is raised while the reader is inside it, but they cost a third of
 * atom -> ris (an xmlParseChunk call per 64 bytes, long texts rebuilt from
 * many pieces).  So pieces are small only where it matters: from an entry's
 * end to the next entry's start tag, and in the ATOM_MARGIN bytes before
 * either tag (enough for libxml2 to have parsed all that came before, in
 * two or three small pieces, before the piece that ends at the tag); a
 * piece always ends just after such a tag.  Inside an entry, away from its
 * end, pieces are large.  A wrong guess (a tag name in a comment or CDATA)
 * only moves a boundary: libxml2 parses the same bytes either way. */
static int io_read_source(atom_reader *r, char *buf, int len)
{
    const char *p;
    size_t want = (size_t)(len < ATOM_PIECE ? len : ATOM_PIECE);
    unsigned long long decided;
    int guard = io_guard(r, buf, len, want, &decided);
    if (guard != -2)
        return guard;
    unsigned long long pos = pc_source_offset(r->src);
    size_t have = pc_source_peek(r->src, want, &p);
    if (have > decided - pos) /* not past what the look-ahead decided */
        have = (size_t)(decided - pos);
    size_t n = have, stop = have, cut = 0;
    bool start = r->cut_start;
    /* the search resumes where the last one stopped: the bytes before
     * scan_to hold no entry tag, and one found before is remembered */
    if (r->cut_at > pos && r->cut_at - pos <= have) {
        cut = (size_t)(r->cut_at - pos);
    } else if (have) {
        size_t from = r->scan_to > pos && r->scan_to - pos < have ? (size_t)(r->scan_to - pos) : 0;
        cut = entry_tag_end(p + from, have - from, &start, &stop);
        stop += from;
        if (cut) {
            cut += from;
            r->cut_at = pos + cut;
            r->cut_start = start;
        }
        r->scan_to = pos + (cut ? cut : stop);
    }
    size_t limit = cut ? cut : have < want ? have : stop; /* where small pieces must begin by */
    if (!r->large || limit <= ATOM_MARGIN + ATOM_SMALL)
        n = limit < ATOM_SMALL ? limit : ATOM_SMALL;
    else
        n = limit - ATOM_MARGIN;
    if (n == 0)
        n = have < ATOM_SMALL ? have : ATOM_SMALL;
    if (have) /* a long CDATA section or attribute value: changed (io/xmlsplit.h) */
        n = pc_xrsplit_plan(&r->split, pos, p, n, (size_t)len);
    if (cut && n == cut)
        r->large = start;
    if (have && !n) /* a cut of a CDATA section comes first */
        return (int)pc_xrsplit_apply(&r->split, pos, buf, 0, (size_t)len);
    ssize_t got = pc_source_read(r->src, buf, have ? n : want);
    r->at_eof |= got == 0;
    if (got > 0)
        lone_cr_to_lf(r, buf, (size_t)got);
    if (got > 0 && have)
        got = (ssize_t)pc_xrsplit_apply(&r->split, pos, buf, (size_t)got, (size_t)len);
    return got < 0 ? -1 : (int)got;
}

/* Hands over b's bytes from *at, at most len: how many. */
static int put_from(pc_buf *b, size_t *at, char *buf, int len)
{
    size_t n = b->len - *at < (size_t)len ? b->len - *at : (size_t)len;
    memcpy(buf, b->ptr + *at, n);
    *at += n;
    return (int)n;
}

/* libxml2's read callback: a later chunk's feed start first, then the
 * source (io_read_source), then a cut chunk's feed end tag. */
static int io_read(void *user, char *buf, int len)
{
    atom_reader *r = user;
    if (r->prefix_at < r->prefix.len)
        return put_from(&r->prefix, &r->prefix_at, buf, len);
    int n = io_read_source(r, buf, len);
    if (n == 0 && r->suffix_at < r->suffix.len && !r->fatal)
        return put_from(&r->suffix, &r->suffix_at, buf, len);
    return n;
}

/* libxml2's "Input is not proper UTF-8" names the bad bytes in str1
 * ("Bytes: 0xE9 0x3C 0x2F 0x74"): the shared hint reads them. */
static const char *xml_hint(atom_xml_error err)
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

/* libxml2's commonest messages in our words ("Couldn't find end of Start
 * Tag", "Opening and ending tag mismatch: a line 3 and b"), into buf; NULL
 * for the others, said in libxml2's words.  A message about the end of the
 * file says so when the input has ended (a file cut short). */
static const char *xml_words(const atom_reader *r, atom_xml_error err, char *buf, size_t size)
{
    const char *cut = r->at_eof ? "; the file ends there (truncated?)" : "";
    const char *a = err->str1 ? err->str1 : "?", *b = err->str2 ? err->str2 : "?";
    switch (err->code) {
    case XML_ERR_GT_REQUIRED: snprintf(buf, size, "a tag is not closed with '>'%s", cut); break;
    case XML_ERR_TAG_NAME_MISMATCH:
        snprintf(buf, size, "</%s> where </%s> should close <%s>, opened at line %d", b, a, a, err->int1);
        break;
    case XML_ERR_TAG_NOT_FINISHED:
        snprintf(buf, size, "the file ends inside <%s>, opened at line %d (truncated?)", a, err->int1);
        break;
    case XML_ERR_DOCUMENT_END:
        snprintf(buf, size, "%s", r->at_eof ? "the file ends before the document does, or text follows its "
                                              "last element (truncated?)"
                                            : "text after the end of the document");
        break;
    case XML_ERR_DOCUMENT_EMPTY: snprintf(buf, size, "no XML element in the file"); break;
    case XML_ERR_NAME_REQUIRED: snprintf(buf, size, "'<' without a tag name after it (write &lt; for a '<' in text)"); break;
    default: return NULL;
    }
    return buf;
}

/* libxml2's errors for this reader.  The first fatal one is reported; what
 * follows it is noise ("Premature end of data in tag feed ...").  Errors
 * raised without a parser context (encoding conversion, I/O) have no
 * position: the parser's is used. */
static void on_xml_error(void *user, atom_xml_error err)
{
    atom_reader *r = user;
    if (!err || !err->message || r->fatal_reported)
        return;
    bool fatal = err->level == XML_ERR_FATAL || err->domain == XML_FROM_I18N || err->domain == XML_FROM_IO;
    pc_severity sev = err->level == XML_ERR_WARNING && !fatal ? PC_SEV_WARNING : PC_SEV_ERROR;
    r->fatal |= fatal;
    r->fatal_reported |= fatal;
    if (fatal)
        r->fatal_code = err->code;
    unsigned long line = err->line > 0 ? r->line_base + (unsigned long)err->line : 0;
    unsigned long col = err->int2 > 0 ? (unsigned long)err->int2 : 0;
    if (!line && r->xr) {
        int l = xmlTextReaderGetParserLineNumber(r->xr), c = xmlTextReaderGetParserColumnNumber(r->xr);
        line = l > 0 ? r->line_base + (unsigned long)l : 0;
        col = c > 0 ? (unsigned long)c : 0;
    }
    /* messages end in "\n" and may have a second line ("Bytes: 0xFF ...") */
    pc_buf_clear(&r->m.tmp2);
    char said[200];
    const char *words = xml_words(r, err, said, sizeof said);
    if (words)
        pc_buf_puts(&r->m.tmp2, words);
    else
        pc_buf_put_folded(&r->m.tmp2, err->message, strlen(err->message));
    if (sev == PC_SEV_ERROR && r->entry_depth >= 0)
        r->e.bad = true;
    pc_diag_emit(r->ctx, sev, r->file, line, col, "XML: %s%s", r->m.tmp2.ptr, xml_hint(err));
}

/* libxml2 also prints a few messages straight through its generic handler
 * ("xmlParseChunk: encoder error"); they always follow a structured error
 * that was reported, so they are dropped. */
static void on_generic_error(void *user, const char *msg, ...)
{
    atom_reader *r = user;
    (void)msg;
    r->fatal = true;
}

/* libxml2's context-free errors go to its per-thread handlers, which print
 * on stderr by default.  Ours are installed for one atom_next call (not
 * around every xmlTextReaderRead: that cost 4 getter and 4 setter calls per
 * node, 12% of atom -> bibtex) and the previous ones restored before it
 * returns, so the caller's own libxml2 settings stay as they were whenever
 * the caller's code runs. */
typedef struct saved_handlers {
    xmlStructuredErrorFunc sfn;
    void *sctx;
    xmlGenericErrorFunc gfn;
    void *gctx;
} saved_handlers;

static saved_handlers handlers_push(atom_reader *r)
{
    saved_handlers s = {.sfn = xmlStructuredError,
                        .sctx = xmlStructuredErrorContext,
                        .gfn = xmlGenericError,
                        .gctx = xmlGenericErrorContext};
    xmlSetStructuredErrorFunc(r, on_xml_error);
    xmlSetGenericErrorFunc(r, on_generic_error);
    return s;
}

static void handlers_pop(saved_handlers s)
{
    xmlSetStructuredErrorFunc(s.sctx, s.sfn);
    xmlSetGenericErrorFunc(s.gctx, s.gfn);
}

/* The line of the current node.  xmlTextReader parses ahead of the node it
 * returns (up to the next 512-byte chunk), so the parser's line and column
 * (xmlTextReaderGetParserLineNumber/ColumnNumber) may be lines further on;
 * the node's own line, recorded when libxml2 built it (XML_PARSE_BIG_LINES
 * past 65535), is exact.  libxml2 keeps no column per node, so our own
 * messages about an element have its line only; libxml2's errors carry the
 * parser's exact line and column (on_xml_error). */
static unsigned long cur_line(const atom_reader *r)
{
    for (xmlNodePtr n = xmlTextReaderCurrentNode(r->xr); n; n = n->parent) {
        long l = xmlGetLineNo(n);
        if (l > 0)
            return r->line_base + (unsigned long)l;
    }
    int l = xmlTextReaderGetParserLineNumber(r->xr);
    return l > 0 ? r->line_base + (unsigned long)l : 0;
}

/* First bytes compared inline: most names an element is tested against
 * differ there (a call per test was 2% of atom -> ris). */
static bool str_is(const xmlChar *a, const char *b)
{
    return a && a[0] == (xmlChar)b[0] && strcmp((const char *)a, b) == 0;
}

/* An attribute's value as an owned C string (NULL if absent).
 *
 * What xmlTextReaderGetAttribute does for a name without prefix (the
 * attribute without namespace, its text), read straight from the node: the
 * reader's call copied the value twice and cost 2% of atom -> ris.  Values
 * made of more than one text node (entity references) and documents with a
 * DTD, which may supply default attributes, still go through libxml2. */
static char *attr(atom_reader *r, const char *name)
{
    xmlNodePtr node = xmlTextReaderCurrentNode(r->xr);
    if (node && node->type == XML_ELEMENT_NODE && node->doc && !node->doc->intSubset &&
        !node->doc->extSubset) {
        xmlAttrPtr a = node->properties;
        while (a && (a->ns || !str_is(a->name, name)))
            a = a->next;
        if (!a)
            return NULL;
        xmlNodePtr t = a->children;
        if (!t)
            return pc_xstrdup("");
        if (!t->next && (t->type == XML_TEXT_NODE || t->type == XML_CDATA_SECTION_NODE))
            return pc_xstrdup((const char *)t->content);
    }
    xmlChar *v = xmlTextReaderGetAttribute(r->xr, (const xmlChar *)name);
    char *s = v ? pc_xstrdup((const char *)v) : NULL;
    xmlFree(v);
    return s;
}

/* ---- entry state ---------------------------------------------------------------- */

static void entry_reset(pc_atom_entry *e)
{
    for (int f = 0; f < PC_AS_COUNT; f++) {
        pc_buf_clear(&e->text[f]);
        e->has[f] = false;
        e->html[f] = false;
        e->line[f] = 0;
    }
    for (size_t i = 0; i < e->n_persons; i++) {
        pc_buf_clear(&e->persons[i].name);
        pc_buf_clear(&e->persons[i].uri);
        pc_strlist_clear(&e->persons[i].affs);
    }
    e->n_persons = e->n_values = 0;
    pc_strlist_clear(&e->categories);
    pc_strlist_clear(&e->creators);
    pc_strlist_clear(&e->contributors);
    pc_strlist_clear(&e->links);
    pc_free(e->alt);
    pc_free(e->pdf);
    pc_free(e->doi_href);
    pc_free(e->license);
    pc_free(e->primary);
    e->alt = e->pdf = e->doi_href = e->license = e->primary = NULL;
    e->seen_arxiv = e->bad = e->deep_reported = false;
    e->line_start = e->col_start = 0;
}

static void entry_free(pc_atom_entry *e)
{
    entry_reset(e);
    for (int f = 0; f < PC_AS_COUNT; f++)
        pc_buf_free(&e->text[f]);
    for (size_t i = 0; i < e->cap_persons; i++) {
        pc_buf_free(&e->persons[i].name);
        pc_buf_free(&e->persons[i].uri);
    }
    pc_free(e->persons);
    for (size_t i = 0; i < e->cap_values; i++) {
        pc_buf_free(&e->values[i].name);
        pc_buf_free(&e->values[i].text);
    }
    pc_free(e->values);
}

/* Arrays of entries whose buffers are kept from entry to entry grow with
 * the new ones zeroed, then their buffers made valid (a zeroed pc_buf is
 * not). */
static pc_atom_person *entry_add_person(pc_atom_entry *e, pc_field role)
{
    if (e->n_persons == e->cap_persons) {
        size_t old = e->cap_persons;
        PC_GROW(e->persons, e->cap_persons, old + 1);
        memset(&e->persons[old], 0, (e->cap_persons - old) * sizeof *e->persons);
        for (size_t i = old; i < e->cap_persons; i++) {
            pc_buf_init(&e->persons[i].name);
            pc_buf_init(&e->persons[i].uri);
        }
    }
    pc_atom_person *p = &e->persons[e->n_persons++];
    p->role = role;
    return p;
}

static pc_atom_value *entry_add_value(pc_atom_entry *e)
{
    if (e->n_values == e->cap_values) {
        size_t old = e->cap_values;
        PC_GROW(e->values, e->cap_values, old + 1);
        memset(&e->values[old], 0, (e->cap_values - old) * sizeof *e->values);
        for (size_t i = old; i < e->cap_values; i++) {
            pc_buf_init(&e->values[i].name);
            pc_buf_init(&e->values[i].text);
        }
    }
    pc_atom_value *v = &e->values[e->n_values++];
    pc_buf_clear(&v->name);
    pc_buf_clear(&v->text);
    v->row = NULL;
    v->line = 0;
    v->html = false;
    return v;
}

/* ---- open / close ---------------------------------------------------------------- */

static void reader_free(atom_reader *r)
{
    if (r->xr)
        xmlFreeTextReader(r->xr);
    entry_free(&r->e);
    pc_map_free(r->rows);
    pc_buf_free(&r->ch_title);
    pc_buf_free(&r->prefix);
    pc_buf_free(&r->suffix);
    pc_buf_free(&r->ch_desc);
    pc_buf_free(&r->m.tmp);
    pc_buf_free(&r->m.tmp2);
    pc_buf_free(&r->m.idbuf);
    pc_buf_free(&r->marker);
    pc_xrsplit_free(&r->split);
    pc_free(r->starts);
    pc_free(r);
}

/* A chunk of a feed cut for -j: its lines, the feed's start it is read
 * after (the source's context, up to the first entry: on one line of its
 * own) and the end tags of the elements that hold the entries if the feed
 * goes on. */
static void chunk_setup(atom_reader *r)
{
    unsigned long first = pc_source_first_line(r->src);
    r->scan.line = first;
    r->line_base = first - 1;
    pc_buf_init(&r->prefix);
    pc_buf_init(&r->suffix);
    size_t n = 0;
    const char *ctx = pc_source_context(r->src, &n);
    pc_xr_root root;
    if (!ctx || !n || !pc_xr_sniff_root(ctx, n, &root))
        return;
    if (pc_source_continued(r->src)) {
        for (size_t i = 0; i < n; i++)
            pc_buf_putc(&r->prefix, ctx[i] == '\n' || ctx[i] == '\r' ? ' ' : ctx[i]);
        pc_buf_putc(&r->prefix, '\n');
        r->line_base--;
    }
    if (pc_source_cut(r->src))
        pc_xml_chunk_closers(ctx, n, &r->suffix); /* </feed>; </channel></rss>; </rdf:RDF> */
}

static void *atom_open(pc_source *src, pc_ctx *ctx)
{
    atom_reader *r = pc_xcalloc(1, sizeof *r);
    r->ctx = ctx;
    r->src = src;
    r->file = pc_source_name(src);
    r->m = (pc_atom_map){.ctx = ctx, .file = r->file, .e = &r->e, .tmp = PC_BUF_INIT,
                         .tmp2 = PC_BUF_INIT, .idbuf = PC_BUF_INIT};
    r->rows = pc_map_new(pc_atom_rows, pc_atom_n_rows, 0);
    r->entry_depth = r->person_depth = r->channel_depth = r->collect_depth = -1;
    for (int f = 0; f < PC_AS_COUNT; f++)
        pc_buf_init(&r->e.text[f]);
    pc_buf_init(&r->ch_title);
    pc_buf_init(&r->ch_desc);
    pc_buf_init(&r->marker);
    pc_xrs_init(&r->scan, ATOM_MAX_ATTRS, record_names);
    r->scan.long_min = PC_XRS_SPLIT_EVERY;
    r->fatal_at = ULLONG_MAX;
    chunk_setup(r);
    /* an empty input is no records, as for every reader (not libxml2's
     * "Document is empty") */
    const char *head;
    if (pc_source_peek(src, 1, &head) == 0 && !pc_source_error(src))
        r->done = true;
    return r; /* libxml2's reader starts at the first atom_next (start_parser) */
}

static void atom_close(void *state)
{
    if (state)
        reader_free(state);
}

/* ---- the node walk ------------------------------------------------------------------ */

static bool ns_atom(const xmlChar *ns) { return !ns || str_is(ns, NS_ATOM) || str_is(ns, NS_ATOM03); }
static bool ns_rss(const xmlChar *ns) { return !ns || str_is(ns, NS_RSS1); }

/* Which slot an element directly inside an author or contributor holds. */
static pc_atom_slot person_slot(const xmlChar *ln, const xmlChar *ns)
{
    if (ns_atom(ns) && str_is(ln, "name"))
        return PC_AS_PERSON_NAME;
    if (ns_atom(ns) && str_is(ln, "uri"))
        return PC_AS_PERSON_URI;
    if (str_is(ns, NS_ARXIV) && str_is(ln, "affiliation"))
        return PC_AS_AFFIL;
    return PC_AS_NONE;
}

/* Which slot an element directly inside an entry holds; PC_AS_NONE for
 * the others (mapped by rows or kept: entry_value). */
static pc_atom_slot entry_slot(const atom_reader *r, const xmlChar *ln, const xmlChar *ns)
{
    static const struct {
        pc_atom_kind kind;
        const char *ns; /* NULL: the feed's own (Atom, or RSS without one) */
        const char *name;
        pc_atom_slot f;
    } map[] = {
        {PC_ATOM_ATOM, NULL, "id", PC_AS_ID},           {PC_ATOM_ATOM, NULL, "title", PC_AS_TITLE},
        {PC_ATOM_ATOM, NULL, "summary", PC_AS_SUMMARY}, {PC_ATOM_ATOM, NULL, "content", PC_AS_CONTENT},
        {PC_ATOM_ATOM, NULL, "published", PC_AS_PUBLISHED},
        {PC_ATOM_ATOM, NULL, "updated", PC_AS_UPDATED},
        {PC_ATOM_ATOM, NULL, "issued", PC_AS_PUBLISHED}, /* Atom 0.3 */
        {PC_ATOM_ATOM, NULL, "modified", PC_AS_UPDATED}, /* Atom 0.3 */
        {PC_ATOM_RSS, NULL, "title", PC_AS_TITLE},      {PC_ATOM_RSS, NULL, "description", PC_AS_SUMMARY},
        {PC_ATOM_RSS, NULL, "link", PC_AS_LINK},        {PC_ATOM_RSS, NULL, "guid", PC_AS_GUID},
        {PC_ATOM_RSS, NULL, "pubDate", PC_AS_PUBDATE},  {PC_ATOM_RSS, NULL, "category", PC_AS_CATEGORY},
        {PC_ATOM_RSS, NULL, "author", PC_AS_CREATOR},
        {PC_ATOM_RSS, NS_DC, "creator", PC_AS_CREATOR}, {PC_ATOM_RSS, NS_DC, "date", PC_AS_UPDATED},
        {PC_ATOM_RSS, NS_DC, "subject", PC_AS_CATEGORY},
        {PC_ATOM_RSS, NS_DC, "contributor", PC_AS_CONTRIBUTOR},
        {PC_ATOM_RSS, NS_CONTENT, "encoded", PC_AS_CONTENT},
        {PC_ATOM_NONE, NS_ARXIV, "doi", PC_AS_DOI},      {PC_ATOM_NONE, NS_ARXIV, "DOI", PC_AS_DOI},
        {PC_ATOM_NONE, NS_ARXIV, "announce_type", PC_AS_ANNOUNCE},
    };
    bool own = r->m.kind == PC_ATOM_ATOM ? ns_atom(ns) : ns_rss(ns);
    for (size_t i = 0; i < sizeof map / sizeof *map; i++)
        if ((map[i].kind == PC_ATOM_NONE || map[i].kind == r->m.kind) &&
            str_is(ln, map[i].name) && (map[i].ns ? str_is(ns, map[i].ns) : own))
            return map[i].f;
    return PC_AS_NONE;
}

/* Any other element of an entry: "prefix:local" (Clark's "{uri}local" for
 * a namespace without a prefix of ours), mapped by a row or kept. */
static void entry_value(atom_reader *r, const xmlChar *ln, const xmlChar *ns)
{
    pc_atom_value *v = entry_add_value(&r->e);
    const char *prefix = ns ? pc_atom_prefix((const char *)ns) : r->m.kind == PC_ATOM_ATOM ? "atom" : "rss";
    if (prefix) { /* puts, not printf: a call per element of every entry */
        pc_buf_puts(&v->name, prefix);
        pc_buf_putc(&v->name, ':');
    } else {
        pc_buf_putc(&v->name, '{');
        pc_buf_puts(&v->name, (const char *)ns);
        pc_buf_putc(&v->name, '}');
    }
    pc_buf_puts(&v->name, (const char *)ln);
    v->row = prefix ? pc_map_find(r->rows, v->name.ptr, v->name.len, PC_KIND_NONE) : NULL;
}

static pc_buf *slot_buf(atom_reader *r, pc_atom_slot f)
{
    if (f == PC_AS_VALUE)
        return &r->e.values[r->e.n_values - 1].text;
    return f == PC_AS_CH_TITLE ? &r->ch_title : f == PC_AS_CH_DESC ? &r->ch_desc : &r->e.text[f];
}

/* The collected text of slot f is complete. */
static void finish_slot(atom_reader *r, pc_atom_slot f)
{
    pc_atom_entry *e = &r->e;
    pc_buf *b = slot_buf(r, f);
    pc_atom_person *p = e->n_persons ? &e->persons[e->n_persons - 1] : NULL;
    switch (f) {
    case PC_AS_PERSON_NAME:
    case PC_AS_PERSON_URI:
        if (p) {
            pc_buf *to = f == PC_AS_PERSON_NAME ? &p->name : &p->uri;
            pc_buf_clear(to);
            pc_buf_put(to, b->ptr, b->len);
        }
        break;
    case PC_AS_AFFIL:
        if (p)
            pc_strlist_push_n(&p->affs, b->ptr, b->len);
        break;
    case PC_AS_CATEGORY: pc_strlist_push_n(&e->categories, b->ptr, b->len); break;
    case PC_AS_CREATOR: pc_strlist_push_n(&e->creators, b->ptr, b->len); break;
    case PC_AS_CONTRIBUTOR: pc_strlist_push_n(&e->contributors, b->ptr, b->len); break;
    default: break;
    }
}

/* Block elements inside XHTML content become a space between words. */
static bool is_block(const xmlChar *ln)
{
    static const char *const blocks[] = {"p", "div", "br", "li", "ul", "ol", "tr", "td", "th",
                                         "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre"};
    for (size_t i = 0; i < sizeof blocks / sizeof *blocks; i++)
        if (str_is(ln, blocks[i]))
            return true;
    return false;
}

/* Remembers an Atom <link>: the abstract page, the PDF, the DOI, the
 * licence (RFC 4946); any other link (a second of those, related,
 * enclosure, via, self) is a URL of the entry too. */
static void atom_link(atom_reader *r)
{
    pc_atom_entry *e = &r->e;
    char *href = attr(r, "href"), *rel = attr(r, "rel"), *title = attr(r, "title"),
         *type = attr(r, "type");
    if (href && pc_utf8_valid(href, strlen(href), NULL)) {
        char **slot = NULL;
        if (title && !strcmp(title, "doi"))
            slot = &e->doi_href;
        else if ((title && !strcmp(title, "pdf")) || (type && !strcmp(type, "application/pdf")))
            slot = &e->pdf;
        else if (!rel || !strcmp(rel, "alternate"))
            slot = &e->alt;
        else if (!strcmp(rel, "license"))
            slot = &e->license;
        if (slot && !*slot)
            pc_set_str(slot, href);
        else if (!slot || strcmp(*slot, href) != 0)
            pc_strlist_push(&e->links, href);
    }
    pc_free(href);
    pc_free(rel);
    pc_free(title);
    pc_free(type);
}

/* A `term` attribute into a list, or into *one. */
static void term(atom_reader *r, pc_strlist *list, char **one)
{
    char *t = attr(r, "term");
    if (t && list)
        pc_strlist_push(list, t);
    else if (t)
        pc_set_str(one, t);
    pc_free(t);
}

/* The url or href attribute of an element no slot takes (media:content,
 * media:thumbnail, an RSS 2.0 enclosure): a URL of the entry, so that an
 * element of attributes only is not lost. */
static void media_url(atom_reader *r)
{
    char *url = attr(r, "url");
    if (!url)
        url = attr(r, "href");
    if (url && *url && pc_utf8_valid(url, strlen(url), NULL))
        pc_strlist_push(&r->e.links, url);
    pc_free(url);
}

/* An element directly inside an entry: what it holds (a slot to collect,
 * or PC_AS_NONE when it was taken here). */
static pc_atom_slot entry_child(atom_reader *r, const xmlChar *ln, const xmlChar *ns, int depth)
{
    pc_atom_entry *e = &r->e;
    bool atom = r->m.kind == PC_ATOM_ATOM && ns_atom(ns);
    if (atom && (str_is(ln, "author") || str_is(ln, "contributor"))) {
        entry_add_person(e, str_is(ln, "author") ? PC_F_AUTHOR : PC_F_CONTRIBUTOR);
        r->person_depth = depth;
    } else if (atom && str_is(ln, "link")) {
        atom_link(r);
    } else if (atom && str_is(ln, "category")) {
        term(r, &e->categories, NULL);
    } else if (str_is(ns, NS_ARXIV) && str_is(ln, "primary_category")) {
        term(r, NULL, &e->primary);
    } else {
        /* a slot holds one value: a second title, id, date, summary is
         * kept as it is (its row, or a pass-through value) */
        pc_atom_slot f = entry_slot(r, ln, ns);
        if (f != PC_AS_NONE && (f >= PC_AS_PERSON_NAME || !e->has[f]))
            return f;
        media_url(r);
        entry_value(r, ln, ns);
        return PC_AS_VALUE;
    }
    return PC_AS_NONE;
}

/* An element directly inside an author or contributor: its name, uri or
 * affiliation, or (a second name, an e-mail, anything else) a value of
 * the entry kept as it is. */
static pc_atom_slot person_child(atom_reader *r, const xmlChar *ln, const xmlChar *ns)
{
    pc_atom_entry *e = &r->e;
    pc_atom_slot f = person_slot(ln, ns);
    const pc_atom_person *p = e->n_persons ? &e->persons[e->n_persons - 1] : NULL;
    bool taken = p && ((f == PC_AS_PERSON_NAME && p->name.len) || (f == PC_AS_PERSON_URI && p->uri.len));
    if (f != PC_AS_NONE && !taken)
        return f;
    entry_value(r, ln, ns);
    return PC_AS_VALUE;
}

/* The document element: which kind of feed. */
static pc_read_status on_root(atom_reader *r, const xmlChar *ln, const xmlChar *ns)
{
    if (str_is(ln, "feed") && ns_atom(ns)) {
        r->m.kind = PC_ATOM_ATOM;
    } else if ((str_is(ln, "rss") && !ns) || (str_is(ln, "RDF") && str_is(ns, NS_RDF))) {
        r->m.kind = PC_ATOM_RSS;
    } else {
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, cur_line(r), 0,
                     "not an Atom or RSS feed: the document element is <%s>", (const char *)ln);
        return PC_READ_FATAL;
    }
    return PC_READ_NONE;
}

/* An element outside the entries: an entry or item starts, the RSS
 * channel, its title and description. */
static pc_atom_slot outside(atom_reader *r, const xmlChar *ln, const xmlChar *ns, int depth,
                            unsigned long start_line, unsigned long start_col)
{
    pc_atom_entry *e = &r->e;
    if ((r->m.kind == PC_ATOM_ATOM && str_is(ln, "entry") && ns_atom(ns)) ||
        (r->m.kind == PC_ATOM_RSS && str_is(ln, "item") && ns_rss(ns))) {
        entry_reset(e);
        /* libxml2's line where it has one (below 65535), the look-ahead's
         * past it; the look-ahead's column if the lines agree (an odd feed
         * could put its queue out of step) */
        unsigned long line = cur_line(r);
        e->line_start = line < 65535 || !start_line ? line : start_line;
        e->col_start = start_line == e->line_start ? start_col : 0;
        r->entry_depth = depth;
    } else if (r->m.kind == PC_ATOM_RSS && str_is(ln, "channel") && ns_rss(ns) && r->channel_depth < 0) {
        r->channel_depth = depth;
    } else if (r->channel_depth >= 0 && depth == r->channel_depth + 1 && ns_rss(ns)) {
        pc_atom_slot f = str_is(ln, "title") ? PC_AS_CH_TITLE
                         : str_is(ln, "description") ? PC_AS_CH_DESC
                                                      : PC_AS_NONE;
        if (f == PC_AS_CH_TITLE)
            r->ch_title_line = cur_line(r);
        return f;
    }
    return PC_AS_NONE;
}

/* An <entry> (Atom) or <item> (RSS) where the feed's entries are, but in
 * another namespace ("http://www.w3.org/2005/atom", an Atom entry in an
 * RSS channel): not an entry of this feed, so not read, but said (with the
 * look-ahead's position) and counted as a record skipped. */
static bool foreign_entry(atom_reader *r, const xmlChar *ln, const xmlChar *ns, int depth,
                          unsigned long line, unsigned long col)
{
    bool feed_level = depth == 1 || (r->channel_depth >= 0 && depth == r->channel_depth + 1);
    if (!feed_level || r->m.kind == PC_ATOM_NONE || !is_entry_name((const char *)ln))
        return false;
    bool atom = r->m.kind == PC_ATOM_ATOM;
    if (atom ? str_is(ln, "entry") && ns_atom(ns) : str_is(ln, "item") && ns_rss(ns))
        return false;
    unsigned long here = cur_line(r);
    pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, line == here || !line ? here : line,
                 line == here ? col : 0, "<%s> in the namespace %s is not an %s: not read",
                 (const char *)ln, ns ? (const char *)ns : "(none)", atom ? "Atom entry" : "RSS item");
    return true;
}

/* Starts collecting the text of slot f. */
static void collect(atom_reader *r, pc_atom_slot f, int depth)
{
    pc_atom_entry *e = &r->e;
    pc_buf_clear(slot_buf(r, f));
    char *type = r->m.kind == PC_ATOM_ATOM && f < PC_AS_CH_TITLE ? attr(r, "type") : NULL;
    bool html = type && !strcmp(type, "html");
    pc_free(type);
    if (f == PC_AS_VALUE) {
        e->values[e->n_values - 1].line = cur_line(r);
        e->values[e->n_values - 1].html = html;
    } else if (f < PC_AS_CH_TITLE) {
        e->has[f] = true;
        e->line[f] = cur_line(r);
        e->html[f] = html;
    }
    r->collecting = f;
    r->collect_depth = depth;
}

static pc_read_status on_end(atom_reader *r, int depth, pc_record *rec);

static pc_read_status on_start(atom_reader *r, int depth, pc_record *rec)
{
    /* the element's own name and namespace URI: what ConstLocalName and
     * ConstNamespaceUri return, without the dictionary lookup the latter
     * does on every call */
    xmlNodePtr node = xmlTextReaderCurrentNode(r->xr);
    const xmlChar *ln = node ? node->name : xmlTextReaderConstLocalName(r->xr);
    const xmlChar *ns = node ? (node->ns ? node->ns->href : NULL) : xmlTextReaderConstNamespaceUri(r->xr);
    bool empty = xmlTextReaderIsEmptyElement(r->xr) == 1;
    pc_atom_entry *e = &r->e;
    unsigned long start_line = 0, start_col = 0; /* the look-ahead's, taken in the same order */
    if (r->entry_depth < 0 && is_entry_name((const char *)ln))
        take_start(r, &start_line, &start_col);
    if (depth >= ATOM_MAX_DEPTH) {
        bool *reported = r->entry_depth >= 0 ? &e->deep_reported : &r->deep_reported;
        if (!*reported)
            pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, cur_line(r), 0,
                         "elements nested deeper than %d levels%s", ATOM_MAX_DEPTH,
                         r->entry_depth >= 0 ? ": entry skipped" : ": ignored");
        *reported = true;
        e->bad |= r->entry_depth >= 0;
        return PC_READ_NONE; /* an empty one needs no end either */
    }
    if (r->collecting) {
        if (is_block(ln))
            pc_buf_putc(slot_buf(r, r->collecting), ' ');
        return empty ? on_end(r, depth, rec) : PC_READ_NONE;
    }
    if (depth == 0)
        return on_root(r, ln, ns);
    if (str_is(ns, NS_ARXIV) && r->entry_depth >= 0)
        e->seen_arxiv = true;
    pc_atom_slot f = PC_AS_NONE;
    if (r->entry_depth < 0 && foreign_entry(r, ln, ns, depth, start_line, start_col))
        return PC_READ_SKIP;
    if (r->entry_depth < 0)
        f = outside(r, ln, ns, depth, start_line, start_col);
    else if (depth == r->entry_depth + 1)
        f = entry_child(r, ln, ns, depth);
    else if (r->person_depth >= 0 && depth == r->person_depth + 1)
        f = person_child(r, ln, ns);
    if (f != PC_AS_NONE)
        collect(r, f, depth);
    return empty ? on_end(r, depth, rec) : PC_READ_NONE;
}

/* rss.arxiv.org answers a bad archive name with a channel titled "Feed
 * error for query: URL", the reason in its description. */
static void channel_end(atom_reader *r)
{
    const char *t = r->ch_title.ptr;
    size_t n = r->ch_title.len;
    pc_trim(&t, &n);
    if (pc_atom_starts_with(t, n, "Feed error for query")) {
        pc_atom_decode(&r->m, r->ch_desc.ptr, r->ch_desc.len, false, false, NULL, NULL, r->ch_title_line);
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->ch_title_line, 0, "arXiv RSS error: %s",
                     r->m.tmp.len ? r->m.tmp.ptr : "(no message)");
    }
}

static pc_read_status on_end(atom_reader *r, int depth, pc_record *rec)
{
    if (r->collecting) {
        if (depth != r->collect_depth) {
            if (is_block(xmlTextReaderConstLocalName(r->xr)))
                pc_buf_putc(slot_buf(r, r->collecting), ' ');
            return PC_READ_NONE;
        }
        finish_slot(r, r->collecting);
        r->collecting = PC_AS_NONE;
        r->collect_depth = -1;
        return PC_READ_NONE;
    }
    if (depth == r->person_depth) {
        r->person_depth = -1;
    } else if (depth == r->entry_depth) {
        r->entry_depth = -1;
        r->person_depth = -1;
        if (r->e.bad)
            return PC_READ_SKIP; /* the error was reported where it was */
        return pc_atom_build(&r->m, rec);
    } else if (depth == r->channel_depth) {
        r->channel_depth = -1;
        channel_end(r);
    }
    return PC_READ_NONE;
}

/* A DOCTYPE may declare entities.  They are never loaded or substituted,
 * but a feed needs none, and one naming a file or URL (XXE) is an attack:
 * the file is refused. */
static pc_read_status check_doctype(atom_reader *r)
{
    xmlNodePtr dtd = xmlTextReaderCurrentNode(r->xr);
    for (xmlNodePtr n = dtd ? dtd->children : NULL; n; n = n->next) {
        if (n->type != XML_ENTITY_DECL)
            continue;
        xmlEntityPtr ent = (xmlEntityPtr)n;
        if (ent->etype == XML_EXTERNAL_GENERAL_PARSED_ENTITY ||
            ent->etype == XML_EXTERNAL_GENERAL_UNPARSED_ENTITY ||
            ent->etype == XML_EXTERNAL_PARAMETER_ENTITY) {
            /* no line: the DTD node has none, and the parser is ahead */
            pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, 0, 0,
                         "the DOCTYPE declares an external entity (%s%s): not read, and the feed is "
                         "refused (a feed needs no entities)",
                         ent->etype == XML_EXTERNAL_PARAMETER_ENTITY ? "%" : "&",
                         ent->name ? (const char *)ent->name : "?");
            return PC_READ_FATAL;
        }
    }
    return PC_READ_NONE;
}

/* The marker of an entry kept from libxml2 (see skip_entry): reported at
 * the entry's position, and counted as a record skipped.  A processing
 * instruction of that name that the input layer did not write is nothing. */
static pc_read_status on_marker(atom_reader *r)
{
    const xmlChar *target = xmlTextReaderConstName(r->xr), *data = xmlTextReaderConstValue(r->xr);
    unsigned long line, col, bad_line, bad_col;
    int why;
    if (!r->markers || !str_is(target, ATOM_MARK) || !data ||
        sscanf((const char *)data, "%lu %lu %d %lu %lu", &line, &col, &why, &bad_line, &bad_col) != 5)
        return PC_READ_NONE;
    r->markers--;
    unsigned long skipped_line, skipped_col; /* the skipped entry's place in the queue */
    take_start(r, &skipped_line, &skipped_col);
    const char *what = r->m.kind == PC_ATOM_RSS ? "item" : "entry";
    if (why == SKIP_SIZE)
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, line, col, "%s larger than %d MB: not read", what,
                     ATOM_MAX_ENTRY >> 20);
    else
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, line, col,
                     "%s not read: its element at %lu:%lu has more than %d attributes", what, bad_line,
                     bad_col, ATOM_MAX_ATTRS);
    return PC_READ_SKIP;
}

static pc_read_status on_node(atom_reader *r, pc_record *rec)
{
    int depth = xmlTextReaderDepth(r->xr);
    switch (xmlTextReaderNodeType(r->xr)) {
    case XML_READER_TYPE_ELEMENT:
        return on_start(r, depth, rec);
    case XML_READER_TYPE_END_ELEMENT:
        return depth < ATOM_MAX_DEPTH ? on_end(r, depth, rec) : PC_READ_NONE;
    case XML_READER_TYPE_TEXT:
    case XML_READER_TYPE_CDATA:
    case XML_READER_TYPE_WHITESPACE:
    case XML_READER_TYPE_SIGNIFICANT_WHITESPACE:
        if (r->collecting) {
            const xmlChar *v = xmlTextReaderConstValue(r->xr);
            if (v)
                pc_buf_puts(slot_buf(r, r->collecting), (const char *)v);
        }
        return PC_READ_NONE;
    case XML_READER_TYPE_DOCUMENT_TYPE:
        return check_doctype(r);
    case XML_READER_TYPE_PROCESSING_INSTRUCTION:
        return on_marker(r);
    case XML_READER_TYPE_ENTITY_REFERENCE:
        /* never substituted, never loaded: an entity in a feed is either an
         * attack (XXE, billion laughs) or a DTD we do not read */
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, cur_line(r), 0,
                     "entity reference &%s; is not expanded (a feed needs no DTD entities)%s",
                     (const char *)xmlTextReaderConstLocalName(r->xr),
                     r->entry_depth >= 0 ? ": entry skipped" : "");
        r->e.bad |= r->entry_depth >= 0;
        return PC_READ_NONE;
    default:
        return PC_READ_NONE;
    }
}

/* Reads the next node; libxml2 returns 1 (a node), 0 (end) or -1 (error). */
static int read_node(atom_reader *r) { return xmlTextReaderRead(r->xr); }

/* atom_next's work, with our error handlers installed. */
static pc_read_status next_record(atom_reader *r, pc_record *rec)
{
    for (;;) {
        /* after a fatal error libxml2 may still hand over the nodes it
         * built before it: the entries they complete are still converted */
        int ret = read_node(r);
        if (ret == 1) {
            pc_read_status st = on_node(r, rec);
            if (st == PC_READ_FATAL) {
                r->done = r->fatal = true;
                return st;
            }
            if (st != PC_READ_NONE)
                return st;
            continue;
        }
        r->done = true;
        if (ret == 0 && !r->fatal) {
            if (r->m.kind == PC_ATOM_NONE) {
                pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, 0, 0, "not an Atom or RSS feed: no element");
                r->fatal = true;
                return PC_READ_FATAL;
            }
            return PC_READ_EOF;
        }
        r->fatal = true;
        if (!r->fatal_reported)
            pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file,
                         r->line_base + (unsigned long)xmlTextReaderGetParserLineNumber(r->xr),
                         (unsigned long)xmlTextReaderGetParserColumnNumber(r->xr), "cannot read the feed");
        r->fatal_reported = true;
        if (r->entry_depth >= 0) {
            /* the entry being read is lost: say so, count it as skipped */
            const char *what = r->m.kind == PC_ATOM_RSS ? "item" : "entry";
            /* libxml2 says "Extra content at the end of the document" or
             * "Premature end of data" for a file cut short */
            if (r->at_eof && !pc_source_error(r->src) &&
                (r->fatal_code == XML_ERR_DOCUMENT_END || r->fatal_code == XML_ERR_TAG_NOT_FINISHED))
                pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->e.line_start, r->e.col_start,
                             "%s not converted: the file ends inside it (truncated?)", what);
            else
                pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->e.line_start, r->e.col_start,
                             "%s not converted: the XML error is inside it", what);
            r->entry_depth = -1;
            return PC_READ_SKIP;
        }
        return PC_READ_FATAL;
    }
}

/* libxml2's reader over the source: started by the first atom_next, not by
 * atom_open, because it reads the first bytes at once (the encoding), and
 * an input -j cuts must be untouched when the reader is opened. */
static bool start_parser(atom_reader *r)
{
    saved_handlers saved = handlers_push(r);
    /* Options: no network, no DTD loading or validation, no entity
     * substitution (XML_PARSE_NOENT off), CDATA merged into text.  No
     * XML_PARSE_HUGE: libxml2's limits on text size, depth (256) and
     * entity amplification stay on.  A transcoded source (src/io/source.c)
     * hands over UTF-8: the encoding the XML declaration names is no longer
     * the bytes'. */
    r->xr = xmlReaderForIO(io_read, NULL, r, NULL, NULL,
                           XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_BIG_LINES |
                               (pc_source_encoding(r->src) ? XML_PARSE_IGNORE_ENC : 0));
    handlers_pop(saved);
    if (!r->xr) {
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, 0, 0, "cannot start the XML parser");
        r->done = r->fatal = true;
        return false;
    }
    xmlTextReaderSetStructuredErrorHandler(r->xr, on_xml_error, r);
    return true;
}

static pc_read_status atom_next(void *state, pc_record *rec)
{
    atom_reader *r = state;
    if (r->done)
        return r->fatal ? PC_READ_FATAL : PC_READ_EOF;
    if (!r->xr && !start_parser(r))
        return PC_READ_FATAL;
    saved_handlers saved = handlers_push(r);
    pc_read_status st = next_record(r, rec);
    handlers_pop(saved);
    return st;
}

/* ---- detection ------------------------------------------------------------------------ */

/* The document element, after a BOM, the XML declaration, comments,
 * processing instructions and a DOCTYPE, is <feed>, <rss> or an RSS 1.0
 * <rdf:RDF>. */
static int atom_sniff(const char *head, size_t n)
{
    size_t i = n >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    for (;;) {
        while (i < n && pc_is_space((unsigned char)head[i]))
            i++;
        if (i + 1 >= n || head[i] != '<')
            return 0;
        const char *rest = head + i;
        size_t rn = n - i;
        const char *end = NULL;
        if (rest[1] == '?') { /* <?xml ...?> and other processing instructions */
            end = pc_atom_find(rest, rn, "?>");
            end = end ? end + 2 : NULL;
        } else if (pc_atom_starts_with(rest, rn, "<!--")) {
            end = pc_atom_find(rest, rn, "-->");
            end = end ? end + 3 : NULL;
        } else if (rest[1] == '!') { /* <!DOCTYPE x> or <!DOCTYPE x [ ... ]> */
            const char *gt = memchr(rest, '>', rn), *br = memchr(rest, '[', rn);
            if (br && gt && br < gt)
                gt = pc_atom_find(br, rn - (size_t)(br - rest), "]>") ? pc_atom_find(br, rn - (size_t)(br - rest), "]>") + 1 : NULL;
            end = gt ? gt + 1 : NULL;
        } else {
            size_t s = 1, e = 1;
            while (e < rn && !pc_is_space((unsigned char)rest[e]) && rest[e] != '>' && rest[e] != '/')
                e++;
            const char *colon = memchr(rest + s, ':', e - s);
            if (colon)
                s = (size_t)(colon - rest) + 1;
            if ((e - s == 4 && !memcmp(rest + s, "feed", 4)) || (e - s == 3 && !memcmp(rest + s, "rss", 3)))
                return 80;
            if (e - s == 3 && !memcmp(rest + s, "RDF", 3) && pc_atom_find(head, n, "purl.org/rss/1.0"))
                return 80;
            return 0;
        }
        if (!end)
            return 0;
        i = (size_t)(end - head);
    }
}

/* -j: an Atom feed is cut at the line end after an entry, RSS after an
 * item (xmlchunk.h; mode 1 and 2).  Not an RSS feed whose channel title,
 * before its first item, says it is arXiv's error feed: the error is said
 * at the channel's end, which every cut chunk would reach.  A title after
 * the items stops the cuts (xmlchunk.h), so the chunk whose channel ends
 * for real is the one that holds it. */
static const char *const entry_names[] = {"entry", NULL};
static const char *const item_names[] = {"item", NULL};
enum { CUT_ATOM = 1, CUT_RSS = 2 };

static int cut_mode(const char *head, size_t n)
{
    pc_xr_root root;
    if (!pc_xr_sniff_root(head, n, &root))
        return 0;
    if (root.local_n == 4 && !memcmp(root.local, "feed", 4))
        return CUT_ATOM;
    if ((root.local_n == 3 && !memcmp(root.local, "rss", 3)) || (root.local_n == 3 && !memcmp(root.local, "RDF", 3)))
        return CUT_RSS;
    return 0;
}

static int atom_fits(const char *path, const char *head, size_t n, const pc_ctx *ctx)
{
    (void)path, (void)ctx;
    int mode = cut_mode(head, n);
    if (mode == CUT_RSS) {
        size_t before = pc_xml_chunk_context(item_names, head, n);
        if (!before || pc_atom_find(head, before, "Feed error for query"))
            return 0;
    }
    return mode && pc_xml_chunk_fits(mode == CUT_RSS ? item_names : entry_names, head, n) ? mode : 0;
}
static size_t atom_cut(const pc_chunk_at *at, const char *p, size_t n, size_t from)
{
    return pc_xml_chunk_end(at->mode == CUT_RSS ? item_names : entry_names, at, p, n, from);
}
static size_t atom_context(const char *p, size_t n)
{
    return pc_xml_chunk_context(cut_mode(p, n) == CUT_RSS ? item_names : entry_names, p, n);
}
static const pc_chunker atom_chunker = {.fits = atom_fits, .end = atom_cut, .context = atom_context};

static const char *const atom_aliases[] = {"arxiv", "rss", "xml", NULL};
static const char *const atom_exts[] = {"atom", "xml", "rss", NULL};

const pc_format pc_format_atom = {
    .name = "atom",
    .aliases = atom_aliases,
    .extensions = atom_exts,
    .description = "Atom and RSS feeds: the arXiv API, rss.arxiv.org, any Atom 1.0 / RSS 2.0",
    .sniff = atom_sniff,
    .read_open = atom_open,
    .read_next = atom_next,
    .read_close = atom_close,
    .chunker = &atom_chunker,
};
