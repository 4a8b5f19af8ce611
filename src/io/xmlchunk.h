/* SPDX-License-Identifier: MIT */
/* xmlchunk.h — where an XML file of records may be cut for -j (pc_chunker,
 * src/io/parallel.c), for the formats read by the shared XML reader
 * (src/io/xmlread.c; src/io/xmlchunk.c).
 *
 * A cut is the line end after a record's end tag, the record being an
 * element of one of the format's record names at the level of the file's
 * first record, inside the document element (a file whose document element
 * is its one record is not cut).  The look-ahead scanner (xmlscan.h) finds
 * the tags from the chunk's first byte, so that a record name in a
 * comment, a CDATA section or an attribute value is none.  Nothing is cut
 * after the level of the records closes (a second <records> of an EndNote
 * file is read whole with what follows), nor after an element other than a
 * record at the records' level once they have started (an RSS channel's
 * title after its items: read with what follows), nor after an element with
 * too many attributes (xmlread's business).
 *
 * The context every later chunk's reader is given is the file up to its
 * first record's '<': the XML declaration, the document element's start
 * tag with its namespaces, the elements that hold the records.  xmlread
 * hands it to libxml2 on one line before the chunk (its line breaks made
 * spaces, its messages left to the first chunk's reader), so the chunk
 * reads as the file would there, at the chunk's lines and columns.  A
 * DOCTYPE with an internal subset (entity declarations) is not cut: its
 * entity texts may hold line breaks, which the one line would change.
 * pc_xml_chunk_fits also sets up libxml2's globals (xmlInitParser) on the
 * driver's thread, before the workers' parsers start. */
#ifndef PC_IO_XMLCHUNK_H
#define PC_IO_XMLCHUNK_H

#include "io/format_table.h"

/* The chunker's three functions for the record names `names` (local names,
 * NULL-terminated). */
int pc_xml_chunk_fits(const char *const *names, const char *head, size_t n);
size_t pc_xml_chunk_end(const char *const *names, const pc_chunk_at *at, const char *p, size_t n, size_t from);
size_t pc_xml_chunk_context(const char *const *names, const char *p, size_t n);

/* The end tags of the elements open at the end of p[0, n) (a chunk's
 * context), innermost first, put on *out: what a chunk that is cut before
 * those elements end ends with, for a reader that must see the document
 * end (formats/atom); returns how many. */
size_t pc_xml_chunk_closers(const char *p, size_t n, pc_buf *out);

/* Defines `var`, a pc_chunker for the record names `names` (a static
 * NULL-terminated array of the format's). */
#define PC_XML_CHUNKER(var, names)                                                                         \
    static int var##_fits(const char *path, const char *head, size_t n, const pc_ctx *ctx)                 \
    {                                                                                                      \
        (void)path, (void)ctx;                                                                             \
        return pc_xml_chunk_fits(names, head, n);                                                          \
    }                                                                                                      \
    static size_t var##_end(const pc_chunk_at *at, const char *p, size_t n, size_t from)                   \
    {                                                                                                      \
        return pc_xml_chunk_end(names, at, p, n, from);                                                    \
    }                                                                                                      \
    static size_t var##_context(const char *p, size_t n) { return pc_xml_chunk_context(names, p, n); }     \
    const pc_chunker var = {.fits = var##_fits, .end = var##_end, .context = var##_context}

#endif
