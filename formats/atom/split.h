/* SPDX-License-Identifier: MIT */
/* split.h — what the Atom reader hands libxml2 in place of a long CDATA
 * section or a long attribute value (formats/atom/split.c), so that
 * libxml2 2.9's push parser stays linear on them.
 *
 * Why: xmlTextReader feeds libxml2's push parser 512 bytes at a time.  In
 * a CDATA section, every piece that holds a '>' makes libxml2 look for
 * "]]>" from the section's start again and take at most 300 bytes: a
 * section of 5 MB of HTML took 80 times as long as one of 0.5 MB.  In an
 * unfinished start tag, every piece with a '>' makes it look back over the
 * whole tag: an attribute value of 4 MB took 117 times one of 0.4 MB.  So:
 *  - a long CDATA section is cut into sections of about SPLIT_EVERY bytes
 *    ("]]><![CDATA[" inserted between two characters: the text libxml2
 *    reads is the same);
 *  - in a long attribute value, '>' is handed over as "&gt;" (the value
 *    libxml2 reads is the same).
 * The look-ahead (scan.h, long_min) finds the spans, source offsets; the
 * input layer (read.c, io_read) asks here how many bytes the next piece
 * may take and changes the piece.  libxml2's line numbers stay right (no
 * line break is added or removed); its column numbers on such a line, past
 * a change, are off by the bytes added. */
#ifndef PC_ATOM_SPLIT_H
#define PC_ATOM_SPLIT_H

#include "scan.h"

#include <stdbool.h>
#include <stddef.h>

/* The bytes a span must have for a change (the look-ahead's long_min), and
 * at most as many between two cuts of a CDATA section. */
enum { PC_XML_SPLIT_EVERY = 4096 };

typedef struct pc_xml_span {
    pc_xml_long_kind kind;
    unsigned long long start;    /* its first byte: names it (the scanner's span_off) */
    unsigned long long from, to; /* changed in [from, to), source offsets; to ULLONG_MAX while not ended */
    unsigned long long next;     /* CDATA: the first offset for the next cut */
} pc_xml_span;

typedef struct pc_xml_split {
    pc_xml_span *spans; /* spans[head, n): the ones not yet passed */
    size_t head, n, cap;
    /* the piece planned by pc_xml_split_plan */
    size_t planned;     /* its source bytes */
    bool cut;           /* a CDATA cut follows them, in spans[cut_span] */
    size_t cut_span;
    bool expand;        /* '>' of attribute values in it become "&gt;" */
} pc_xml_split;

void pc_xml_split_free(pc_xml_split *x);
/* Records what a PC_XSCAN_LONG event of s says. */
void pc_xml_split_event(pc_xml_split *x, const pc_xml_scan *s);
/* Forgets the spans that start at offset off or later (an entry skipped
 * from there: its bytes never reach libxml2). */
void pc_xml_split_drop(pc_xml_split *x, unsigned long long off);
/* The next piece: n source bytes at offset pos are available (p, peeked,
 * all scanned already) and libxml2 takes len; returns how many of them to
 * read (at most n, 0 only when a cut comes first), so that the changed
 * piece fits in len. */
size_t pc_xml_split_plan(pc_xml_split *x, unsigned long long pos, const char *p, size_t n, size_t len);
/* Changes the piece buf[0, got) read at pos as planned (got at most what
 * the plan said); returns its new length (at most len). */
size_t pc_xml_split_apply(pc_xml_split *x, unsigned long long pos, char *buf, size_t got, size_t len);

#endif
