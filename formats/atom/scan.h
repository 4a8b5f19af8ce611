/* SPDX-License-Identifier: MIT */
/* scan.h — a byte-level look-ahead over XML for the Atom reader's
 * input layer (formats/atom/read.c): where tags start and end, their local
 * names, how many attributes each has, and lines, without parsing.
 *
 * libxml2 2.9 spends time quadratic in the attributes of one element (and
 * cannot be stopped inside one entry), so the Atom reader looks at an
 * entry's bytes with this scanner before libxml2 sees them, and keeps an
 * entry that is too large or has an element with too many attributes from
 * libxml2 altogether.  It also finds the long CDATA sections and attribute
 * values that split.c changes before libxml2 sees them. */
#ifndef PC_ATOM_SCAN_H
#define PC_ATOM_SCAN_H

#include <stdbool.h>
#include <stddef.h>

typedef enum pc_xml_scan_event {
    PC_XSCAN_NONE = 0, /* the bytes given were all consumed */
    PC_XSCAN_START,    /* an entry or item start tag ended */
    PC_XSCAN_EMPTY,    /* an entry or item empty-element tag (<entry/>) ended */
    PC_XSCAN_END,      /* an entry or item end tag ended */
    PC_XSCAN_ATTRS,    /* the tag being read (any) has just passed max_attrs attributes */
    PC_XSCAN_LONG,     /* a CDATA section or a quoted attribute value is long (see long_min) */
} pc_xml_scan_event;

/* What a PC_XSCAN_LONG event is about. */
typedef enum pc_xml_long_kind { PC_XLONG_NONE = 0, PC_XLONG_CDATA, PC_XLONG_ATTR } pc_xml_long_kind;

/* Scanner state; fill with pc_xml_scan_init.  Positions are source
 * offsets of the bytes handed to pc_xml_scan_run, in order. */
typedef struct pc_xml_scan {
    unsigned long long off;      /* offset of the next byte */
    unsigned long line;          /* its line (from 1; CR, LF and CRLF end a line) */
    unsigned long long line_off; /* offset of the first byte of that line */
    /* the tag last reported (or being read); its line and column are set
     * when it is reported */
    unsigned long long tag_off; /* of its '<' */
    unsigned long tag_line, tag_col; /* column in bytes, from 1 */
    char local[16];             /* local name (after any prefix); "" if longer than 15 */
    bool end_tag;               /* it is an end tag */
    unsigned attrs, max_attrs;
    /* Long spans: with long_min set (0: off), a CDATA section's content or a
     * quoted attribute value that reaches long_min bytes is reported
     * (PC_XSCAN_LONG) once when it does, with long_to ULLONG_MAX, and again
     * when it ends, with long_to its end (the offset of the "]]>" or of the
     * closing quote); a span that ends within one call is reported once,
     * ended.  long_from is where the span may be changed from: bytes the
     * caller has not been handed by this scanner before (at least long_min
     * bytes into the span). */
    unsigned long long long_min;
    pc_xml_long_kind long_kind;
    unsigned long long long_from, long_to;
    unsigned long long span_off; /* where the current CDATA content or quoted value
                                    starts: names the span of a PC_XSCAN_LONG event */
    /* private */
    bool span_long;              /* it was reported long */
    int mode, seen, term;
    char quote;
    bool after_cr, slash, wanted, tag_placed;
    size_t local_len;
} pc_xml_scan;

void pc_xml_scan_init(pc_xml_scan *s, unsigned max_attrs);
/* Scans p[0, n), the bytes at offset s->off, and returns how many it
 * consumed: all of them, or fewer when it stopped just after an event
 * (*ev): the start or end of a tag whose local name is entry or item (any
 * prefix), too many attributes in any tag, or a long span (PC_XSCAN_LONG).
 * Comments, CDATA sections, processing instructions and quoted attribute
 * values are skipped whole (a '<' in them is no tag).  Never fails: bytes
 * that are not XML are scanned somehow, libxml2 reports them. */
size_t pc_xml_scan_run(pc_xml_scan *s, const char *p, size_t n, pc_xml_scan_event *ev);
/* True if the scanner is inside a tag (after its '<', at s->tag_off, and
 * before its '>'): its attributes are not all counted yet. */
bool pc_xml_scan_in_tag(const pc_xml_scan *s);

#endif
