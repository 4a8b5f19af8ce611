/* SPDX-License-Identifier: MIT */
/* ris.h — what the files of the RIS format share (private to formats/ris/).
 *
 *   map.c    the tag map (one row per tag and kind of work), the TY types,
 *            and the format's entry in the format table
 *   value.c  values as both directions see them: folded onto one line,
 *            page ranges, dates
 *   read.c   the reader (read_values.c: the values of its special rows)
 *   write.c  the writer */
#ifndef PC_RIS_H
#define PC_RIS_H

#include "format.h"

#include <stdint.h>

/* The tag map (map.c): {tag, model field, how, direction, kinds}. */
extern const pc_map_row pc_ris_rows[];
extern const size_t pc_ris_n_rows;

/* Kinds of work whose single SP is the number of pages rather than a page
 * (Zotero: book, thesis, manuscript). */
extern const pc_kindset pc_ris_numpages_kinds;
/* Kinds whose SN without an ISBN or ISSN shape is an ISSN (serials). */
extern const pc_kindset pc_ris_serial_kinds;

static inline bool pc_ris_kind_in(pc_kindset set, pc_kind k)
{
    return (unsigned)k < PC_KIND_COUNT && (set & ((pc_kindset)1 << k));
}

/* One TY value. */
typedef struct pc_ris_type {
    const char *code; /* "JOUR", or a long name ("Journal Article") */
    pc_kind kind;
    bool write;       /* the code the writer gives `kind` (the first such row) */
    bool au_editors;  /* AU lines name the editors (EDBOOK) */
} pc_ris_type;

/* The TY value read (case-insensitive), or NULL when unknown. */
const pc_ris_type *pc_ris_type_find(const char *code);
/* The kind a record is written as: its own; a record of no kind is a
 * preprint (UNPB), or a journal article (JOUR) when it names a container. */
pc_kind pc_ris_kind_of(const pc_record *r);
/* The TY the writer gives kind k: its own code, else its broader kind's
 * (kinds.def), else GEN.  The result is the row the reader finds for that
 * code, so its `kind` is the kind the record is read back as (an interview
 * is written GEN and read back as a generic work): the writer chooses the
 * tags of that kind, the only ones that read back as they were written. */
const pc_ris_type *pc_ris_type_of_kind(pc_kind k);

/* True if a page value holds a range: a hyphen, an en or an em dash. */
bool pc_ris_has_range(const char *s);
/* The length of the dash at p (n bytes left): '-', an en or an em dash; 0 if none. */
size_t pc_ris_dash_len(const char *p, size_t n);

/* The reader (read.c) and the writer (write.c), as pc_format wants them. */
void *pc_ris_read_open(pc_source *src, pc_ctx *ctx);
pc_read_status pc_ris_read_next(void *state, pc_record *rec);
void pc_ris_read_close(void *state);
int pc_ris_sniff(const char *head, size_t n);
void *pc_ris_write_begin(FILE *out, pc_ctx *ctx);
bool pc_ris_write_record(void *state, const pc_record *rec);
bool pc_ris_write_end(void *state);

/* How a date value reads (value.c): "2016/12//", "2020/05/17/other", ISO,
 * written dates (pc_date_parse), EDTF ("-0876", "1999/2000", "2011-05~")
 * are parts; anything else ("in press", "yesterday") is a literal; only
 * slashes and spaces ("///") is empty. */
typedef enum pc_ris_date_shape {
    PC_RIS_DATE_EMPTY,
    PC_RIS_DATE_PARTS,
    PC_RIS_DATE_LITERAL,
} pc_ris_date_shape;
pc_ris_date_shape pc_ris_parse_date(const char *v, size_t n, pc_date *d);
/* True if a "YYYY/MM/DD/other" value has an "other" part (Zotero writes the
 * time of access there): the reader keeps such a value as the date's
 * literal beside its parts, and the writer writes it back as it was. */
bool pc_ris_date_other(const char *v, size_t n);

/* The shape of an ISSN ("0028-0836", "ISSN 1476-4687 (Electronic)") and of
 * an ISBN (10 or 13 digits, the last of 10 may be X, with hyphens or spaces
 * between; "ISBN 0201134470") (value.c): how SN is read, and how the writer
 * tells the ISSNs of a field written "a, b" apart. */
bool pc_ris_looks_issn(const char *v, size_t n);
bool pc_ris_looks_isbn(const char *v, size_t n);

/* Appends [s, s+n) to b folded onto one line (value.c): every run of white
 * space, control characters and U+2028/U+2029 becomes one space, trimmed
 * at both ends; bytes that are not UTF-8 count as spaces. */
void pc_ris_fold(pc_buf *b, const char *s, size_t n);
/* True for code points that must not appear inside a RIS value. */
bool pc_ris_is_breaking(int32_t cp);

#endif
