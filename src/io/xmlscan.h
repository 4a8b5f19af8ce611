/* SPDX-License-Identifier: MIT */
/* xmlscan.h — a byte-level look-ahead over XML for the XML readers (the
 * shared one, src/io/xmlread.c, and Atom's): where tags start and end, the record elements among
 * them (by local name), how deep elements nest, how many attributes each
 * tag has, and lines, without parsing.
 *
 * libxml2 2.9 spends time quadratic in the attributes of one element (and
 * cannot be stopped inside one record), so the reader looks at a record's
 * bytes with this scanner before libxml2 sees them, and keeps a record that
 * is too large, nests too deep or has an element with too many attributes
 * from libxml2 altogether.  It also finds the long CDATA sections and
 * attribute values that xmlsplit.c changes before libxml2 sees them.
 *
 * The record names are a parameter (Atom: entry and item) and the nesting
 * depth is counted (a reader that does not set deep_limit never hears of
 * it). */
#ifndef PC_IO_XMLSCAN_H
#define PC_IO_XMLSCAN_H

#include <stdbool.h>
#include <stddef.h>

typedef enum pc_xrs_event {
    PC_XRS_NONE = 0, /* the bytes given were all consumed */
    PC_XRS_START,    /* a record start tag ended */
    PC_XRS_EMPTY,    /* a record empty-element tag (<record/>) ended */
    PC_XRS_END,      /* a record end tag ended */
    PC_XRS_ATTRS,    /* the tag being read (any) has just passed max_attrs attributes */
    PC_XRS_LONG,     /* a CDATA section or a quoted attribute value is long (see long_min) */
    PC_XRS_DEEP,     /* a start tag took the depth past deep_limit */
} pc_xrs_event;

/* What a PC_XRS_LONG event is about. */
typedef enum pc_xrs_long { PC_XRL_NONE = 0, PC_XRL_CDATA, PC_XRL_ATTR } pc_xrs_long;

/* Scanner state; fill with pc_xrs_init.  Positions are source offsets of
 * the bytes handed to pc_xrs_run, in order. */
typedef struct pc_xrs {
    unsigned long long off;      /* offset of the next byte */
    unsigned long line;          /* its line (from 1; CR, LF and CRLF end a line) */
    unsigned long long line_off; /* offset of the first byte of that line */
    /* the tag last reported (or being read); its line and column are set
     * when it is reported */
    unsigned long long tag_off; /* of its '<' */
    unsigned long tag_line, tag_col; /* column in bytes, from 1 */
    char local[32];             /* local name (after any prefix); "" if longer than 31 */
    bool end_tag;               /* it is an end tag */
    unsigned attrs, max_attrs;
    /* the depth of the elements open after the tags scanned (0 before the
     * document element); a start tag that makes it exceed deep_limit is
     * reported once (PC_XRS_DEEP) and deep_limit set to ULONG_MAX: the
     * caller sets it again */
    unsigned long depth, deep_limit;
    /* the record elements' local names (NULL-terminated; not owned) */
    const char *const *names;
    /* Long spans: with long_min set (0: off), a CDATA section's content or a
     * quoted attribute value that reaches long_min bytes is reported
     * (PC_XRS_LONG) once when it does, with long_to ULLONG_MAX, and again
     * when it ends, with long_to its end (the offset of the "]]>" or of the
     * closing quote); a span that ends within one call is reported once,
     * ended.  long_from is where the span may be changed from: bytes the
     * caller has not been handed by this scanner before (at least long_min
     * bytes into the span). */
    unsigned long long long_min;
    pc_xrs_long long_kind;
    unsigned long long long_from, long_to;
    unsigned long long span_off; /* where the current CDATA content or quoted value
                                    starts: names the span of a PC_XRS_LONG event */
    /* private */
    bool span_long;              /* it was reported long */
    int mode, seen, term;
    char quote;
    bool after_cr, slash, wanted, tag_placed;
    size_t local_len;
} pc_xrs;

/* names: the record elements' local names (NULL-terminated, outliving s). */
void pc_xrs_init(pc_xrs *s, unsigned max_attrs, const char *const *names);
/* Scans p[0, n), the bytes at offset s->off, and returns how many it
 * consumed: all of them, or fewer when it stopped just after an event
 * (*ev): the start or end of a tag whose local name is one of s->names
 * (any prefix), too many attributes in any tag, a start tag past
 * deep_limit, or a long span (PC_XRS_LONG).  Comments, CDATA sections,
 * processing instructions and quoted attribute values are skipped whole (a
 * '<' in them is no tag).  Never fails: bytes that are not XML are scanned
 * somehow, libxml2 reports them. */
size_t pc_xrs_run(pc_xrs *s, const char *p, size_t n, pc_xrs_event *ev);
/* True if the scanner is inside a tag (after its '<', at s->tag_off, and
 * before its '>'): its attributes are not all counted yet. */
bool pc_xrs_in_tag(const pc_xrs *s);

#endif
