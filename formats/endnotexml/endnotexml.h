/* SPDX-License-Identifier: MIT */
/* endnotexml.h — what the files of the EndNote XML format share (private
 * to formats/endnotexml/).
 *
 *   map.c    the element map (one row per element path and kind of work),
 *            the ref-type table (names and numbers), the format's entry
 *   read.c   the reader: the shared XML reader (io/xmlread.h) gives each
 *            <record> as items; the rows map them once the record's
 *            ref-type is known
 *   write.c  the writer (io/xmlwrite.h), through the same rows
 *
 * EndNote XML (EndNote X9-21, Zotero's and JabRef's exports, Bookends):
 * <xml><records><record>...</record></records></xml>, every value a run
 * of <style> elements or text. */
#ifndef PC_ENDNOTEXML_H
#define PC_ENDNOTEXML_H

#include "format.h"
#include "io/xmlread.h"

/* The element map (map.c): {path below <record>, field, how, direction, kinds}. */
extern const pc_map_row pc_enx_rows[];
extern const size_t pc_enx_n_rows;

/* Kinds whose `pages` is the number of pages (book, thesis, manuscript). */
extern const pc_kindset pc_enx_numpages_kinds;
/* Kinds whose ISBN/ISSN element holds an ISSN (serials). */
extern const pc_kindset pc_enx_serial_kinds;

static inline bool pc_enx_kind_in(pc_kindset set, pc_kind k)
{
    return (unsigned)k < PC_KIND_COUNT && (set & ((pc_kindset)1 << k));
}

/* One ref-type: EndNote's name and number. */
typedef struct pc_enx_type {
    const char *name;  /* "Journal Article" */
    int number;        /* 17 */
    pc_kind kind;      /* what it reads as */
    bool write;        /* the type the writer gives `kind` (its first such row) */
    bool edited;       /* Edited Book: the authors are the editors */
} pc_enx_type;

/* The ref-type of a name (case-insensitive) or a number; NULL if unknown. */
const pc_enx_type *pc_enx_type_by_name(const char *name);
const pc_enx_type *pc_enx_type_by_number(int number);
/* The ref-type the writer gives kind k: its own, else its broader kind's,
 * else Generic; its `kind` is what the record reads back as. */
const pc_enx_type *pc_enx_type_of_kind(pc_kind k);

/* The reader (read.c) and the writer (write.c). */
/* Where its input may be cut for -j (src/io/xmlchunk.h). */
extern const pc_chunker pc_enx_chunker;
void *pc_enx_read_open(pc_source *src, pc_ctx *ctx);
pc_read_status pc_enx_read_next(void *state, pc_record *rec);
void pc_enx_read_close(void *state);
int pc_enx_sniff(const char *head, size_t n);
void *pc_enx_write_begin(FILE *out, pc_ctx *ctx);
bool pc_enx_write_record(void *state, const pc_record *rec);
bool pc_enx_write_end(void *state);

/* Reads an EndNote date: <year> (y, may be NULL) with <pub-dates><date>
 * (d, may be NULL): "Mar 3", "March 14", "Mar-Apr", "Spring", "2019-03-14",
 * "2019/03/14".  Fills *out and returns true when the parts are known;
 * false leaves the text to be kept as it is. */
bool pc_enx_parse_date(const char *y, size_t yn, const char *d, size_t dn, pc_date *out);

#endif
