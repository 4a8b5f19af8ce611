/* SPDX-License-Identifier: MIT */
/* xmlread.h — the shared XML record reader: what the readers of EndNote
 * XML, PubMed XML, MODS and Word's bibliography XML have in common, over
 * libxml2's push parser with SAX2 events (src/io/xmlread.c).
 *
 * Owns:
 *   - the input: libxml2 gets the pc_source through a look-ahead
 *     (xmlscan.h) that keeps a record larger than max_record bytes, nested
 *     deeper than max_depth or with an element of more than 256 attributes
 *     from libxml2 altogether (it is reported at its line and column and
 *     skipped; the next records are read), and hands long CDATA sections
 *     and attribute values over changed so that libxml2 2.9 stays linear
 *     on them (xmlsplit.h);
 *   - safety: no network, no DTD loaded, no entity substituted; a DOCTYPE
 *     declaring an external entity refuses the file, an entity reference
 *     left in the text refuses its record; libxml2 never prints;
 *   - the element-path dispatcher: each record element (by local name and
 *     namespace, and optionally its parent's name) is read as one flat,
 *     ordered list of items, an OPEN and a CLOSE per element, each named
 *     by its path from the record element ("titles/title",
 *     "relatedItem[type=host]/titleInfo/title": a key attribute of the
 *     format's choice is part of the component), the CLOSE carrying the
 *     element's own text (its text nodes, CDATA, and the text of the
 *     format's inline elements, whose markup becomes markers: EndNote's
 *     <style face="italic">, PubMed's <i>);
 *   - text: pc_xr_text folds white space (keeping line breaks where the
 *     format says), turns markers into spans and puts it in NFC.
 *   - -j: a chunk of a file cut at a record's line end (xmlchunk.h) is
 *     read after the file's start up to its first record (the source's
 *     context, given to libxml2 on one line, its messages dropped: the
 *     first chunk's reader gave them), at the chunk's own lines, and its
 *     end is no error when the file goes on (pc_source_cut).
 * A format maps the items to fields (its pc_map_row names are the paths)
 * once the record is complete, so the order of the elements in the record
 * does not matter (a type element may come last).  Memory: the current
 * record's items, bounded by max_record. */
#ifndef PC_IO_XMLREAD_H
#define PC_IO_XMLREAD_H

#include "paperconv.h"
#include "model/record.h"
#include "io/ctx.h"
#include "io/format_table.h"
#include "io/source.h"
#include "model/map.h"
#include "util/buf.h"

typedef struct pc_xr pc_xr;

/* The handler of every SPECIAL row in the maps of the XML formats
 * (formats/endnotexml, pubmed, mods, wordbib): each format dispatches its
 * special rows in one function per direction (by the row's field), entry
 * PC_XML_H_SPECIAL of its pc_map_sink.special table. */
enum { PC_XML_H_NONE = 0, PC_XML_H_SPECIAL = 1 };

typedef enum pc_xr_type { PC_XR_NONE = 0, PC_XR_OPEN, PC_XR_CLOSE } pc_xr_type;

typedef struct pc_xr_attr {
    const char *name;  /* local name (xml:lang is "lang") */
    const char *value;
} pc_xr_attr;

/* One element of the record: its OPEN, then the items of its children,
 * then its CLOSE.  Strings are NUL-terminated and live until the next
 * pc_xr_next. */
typedef struct pc_xr_item {
    pc_xr_type type;
    unsigned depth;           /* 0: the record element, 1: its children, ... */
    unsigned long line;       /* of the element's start tag */
    const char *path;         /* from the record element, its children first:
                                 "titles/title"; "" for the record element */
    size_t path_n;
    const char *name;         /* the last component of path ("title",
                                 "identifier[type=doi]"); for the record element its local name */
    size_t name_n;
    const char *local;        /* the element's local name ("identifier") */
    const char *text;         /* CLOSE: the element's own text, markers and
                                 white space as read ("" if none) */
    size_t text_n;
    const pc_xr_attr *attrs;  /* OPEN and CLOSE: its attributes */
    size_t n_attrs;
    size_t other;             /* OPEN: index of its CLOSE; CLOSE: of its OPEN */
} pc_xr_item;

/* An element that starts a record: name (in the format's namespace) and,
 * when not NULL, the local name its parent must have. */
typedef struct pc_xr_record {
    const char *name;
    const char *parent;
} pc_xr_record;

/* An element whose path component holds one of its attributes:
 * "identifier[type=doi]" (the attribute and its value as written); an
 * element of several keys has a bracket for each it has, in this order
 * ("placeTerm[type=code][authority=marccountry]"). */
typedef struct pc_xr_key {
    const char *element;
    const char *attr;
} pc_xr_key;

/* inline_marks' answer for an element that is not inline */
#define PC_XR_BLOCK (~0u)

typedef struct pc_xr_config {
    const char *desc;             /* "an EndNote XML file": "not an EndNote XML file: ..." */
    const char *what;             /* "record", "article": in messages */
    const char *ns;               /* the format's namespace URI; NULL: elements without one */
    const char *const *roots;     /* the document elements accepted (NULL-terminated);
                                     NULL: any (records found anywhere) */
    const pc_xr_record *records;  /* the record elements */
    size_t n_records;
    const pc_xr_key *keys;
    size_t n_keys;
    /* An element inside a record (not the record element): PC_XR_BLOCK
     * when it is an element of its own (an item), else it is inline and
     * its text is part of its parent's, marked with the marks set in the
     * result (1u << PC_MARK_ITALIC | ...; 0: text only).  The element's
     * attributes: pc_xr_cur_attr.  NULL: every element is an element of its own. */
    unsigned (*inline_marks)(void *user, pc_xr *xr, const char *local, const char *ns);
    void *user;
    unsigned long max_depth;        /* levels inside a record; 0: 64 */
    unsigned long long max_record;  /* bytes; 0: 32 MB */
} pc_xr_config;

/* Opens the reader over src (cfg must outlive it); NULL after reporting. */
pc_xr *pc_xr_open(pc_source *src, pc_ctx *ctx, const pc_xr_config *cfg);
void pc_xr_close(pc_xr *xr);
/* Reads on to the end of the next record: PC_READ_RECORD (pc_xr_items
 * holds it), PC_READ_SKIP (a record was bad, reported), PC_READ_EOF or
 * PC_READ_FATAL (reported). */
pc_read_status pc_xr_next(pc_xr *xr);
/* The items of the record just read. */
const pc_xr_item *pc_xr_items(const pc_xr *xr, size_t *n);
/* Where the record starts (column 0 when unknown), and the file's name. */
unsigned long pc_xr_line(const pc_xr *xr);
unsigned long pc_xr_col(const pc_xr *xr);
const char *pc_xr_file(const pc_xr *xr);
/* During inline_marks: the attribute `name` (no namespace) of the element
 * asked about, or NULL; valid until the next call. */
const char *pc_xr_cur_attr(pc_xr *xr, const char *name);
/* An attribute of an item, or NULL. */
const char *pc_xr_item_attr(const pc_xr_item *it, const char *name);
/* The index of the CLOSE item of the first child of OPEN item `open`
 * whose name is `name`, or 0 when there is none (items[0] is the
 * record element's OPEN, never a child). */
size_t pc_xr_child(const pc_xr_item *items, size_t open, const char *name);

/* Pass-through values in a canonical order.  The place of a path among a
 * format's rows: the index of its EXTRA row, else of the last row that
 * shares the most leading components with it ("originInfo/place/placeTerm
 * [type=code]" goes with "originInfo/place/placeTerm[type=text]"), else n.
 * A reader sorts its record's pass-through values by it (stably), and the
 * XML writers place them by it (pc_xw_extras), so that what a writer
 * writes reads back in the same order whatever the order of the input. */
size_t pc_xr_extra_rank(const pc_map_row *rows, size_t n, const char *path);
void pc_xr_sort_extras(pc_record *rec, const pc_map_row *rows, size_t n);

/* What the first bytes of an XML file say (pc_xr_sniff_root), for the
 * formats' sniff functions. */
typedef struct pc_xr_root {
    const char *local;   /* the document element's local name (not NUL-terminated) */
    size_t local_n;
    const char *tag;     /* its start tag from '<' to what the window holds of it */
    size_t tag_n;
    const char *after;   /* the bytes after its start tag (or NULL if cut) */
    size_t after_n;
    const char *doctype; /* the DOCTYPE declaration's bytes, or NULL */
    size_t doctype_n;
} pc_xr_root;
/* Finds the document element after a BOM, the XML declaration, comments,
 * processing instructions and a DOCTYPE; false if [head, head+n) does not
 * start like XML. */
bool pc_xr_sniff_root(const char *head, size_t n, pc_xr_root *root);
/* [s, s+n) holds needle. */
bool pc_xr_holds(const char *s, size_t n, const char *needle);

/* How pc_xr_text reads a value. */
enum {
    PC_XR_FOLD = 0,          /* every run of white space one space, trimmed */
    PC_XR_LINES = 1u << 0,   /* line breaks (CR, LF) kept: each line folded, blank
                                lines dropped, the lines joined with "\n" */
    PC_XR_CR_LINES = 1u << 1, /* only a CR breaks a line (XML turns the file's own
                                 line ends into LF: a CR in a value was written
                                 &#xD;, EndNote's line break) */
    PC_XR_PLAIN = 1u << 2,   /* markup markers dropped (no spans) */
};
/* Appends the text [s, s+n) of an item to out, read as `flags` say, in
 * NFC; its markup to `spans` (offsets relative to out->len on entry; may
 * be NULL: then as PC_XR_PLAIN). */
void pc_xr_text(const char *s, size_t n, unsigned flags, pc_buf *out, pc_spanlist *spans);
/* True if [s, s+n) holds more than white space and markers. */
bool pc_xr_has_text(const char *s, size_t n);

#endif
