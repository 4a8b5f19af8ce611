/* SPDX-License-Identifier: MIT */
/* xmlsplit.h — what the shared XML reader (xmlread.c) hands libxml2 in
 * place of a long CDATA section or a long attribute value, so that
 * libxml2 2.9's push parser stays linear on them (the Atom reader and
 * the shared XML reader both use it, with the look-ahead of xmlscan.h).
 *
 * Why: libxml2's push parser gets the input a piece at a time (512 bytes
 * from xmlTextReader, the Atom reader's; 4 KB at most from xmlread.c).  In
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
 * The look-ahead (xmlscan.h, long_min) finds the spans, source offsets; the
 * input layer (xmlread.c, io_read) asks here how many bytes the next piece
 * may take and changes the piece.  libxml2's line numbers stay right (no
 * line break is added or removed); its column numbers on such a line, past
 * a change, are off by the bytes added. */
#ifndef PC_IO_XMLSPLIT_H
#define PC_IO_XMLSPLIT_H

#include "io/xmlscan.h"

#include <stdbool.h>
#include <stddef.h>

/* The bytes a span must have for a change (the look-ahead's long_min), and
 * at most as many between two cuts of a CDATA section. */
enum { PC_XRS_SPLIT_EVERY = 4096 };

typedef struct pc_xrspan {
    pc_xrs_long kind;
    unsigned long long start;    /* its first byte: names it (the scanner's span_off) */
    unsigned long long from, to; /* changed in [from, to), source offsets; to ULLONG_MAX while not ended */
    unsigned long long next;     /* CDATA: the first offset for the next cut */
} pc_xrspan;

typedef struct pc_xrsplit {
    pc_xrspan *spans; /* spans[head, n): the ones not yet passed */
    size_t head, n, cap;
    /* the piece planned by pc_xrsplit_plan */
    size_t planned;     /* its source bytes */
    bool cut;           /* a CDATA cut follows them, in spans[cut_span] */
    size_t cut_span;
    bool expand;        /* '>' of attribute values in it become "&gt;" */
} pc_xrsplit;

void pc_xrsplit_free(pc_xrsplit *x);
/* Records what a PC_XRS_LONG event of s says. */
void pc_xrsplit_event(pc_xrsplit *x, const pc_xrs *s);
/* Forgets the spans that start at offset off or later (a record skipped
 * from there: its bytes never reach libxml2). */
void pc_xrsplit_drop(pc_xrsplit *x, unsigned long long off);
/* The next piece: n source bytes at offset pos are available (p, peeked,
 * all scanned already) and libxml2 takes len; returns how many of them to
 * read (at most n, 0 only when a cut comes first), so that the changed
 * piece fits in len. */
size_t pc_xrsplit_plan(pc_xrsplit *x, unsigned long long pos, const char *p, size_t n, size_t len);
/* Changes the piece buf[0, got) read at pos as planned (got at most what
 * the plan said); returns its new length (at most len). */
size_t pc_xrsplit_apply(pc_xrsplit *x, unsigned long long pos, char *buf, size_t got, size_t len);

#endif
