/* SPDX-License-Identifier: MIT */
/* ris.h — what the files of the RIS format share (private to formats/ris/).
 *
 *   map.c    the tag map (one row per tag and kind of work), the TY types,
 *            and the format's entry in the format table
 *   value.c  values as both directions see them: folded onto one line,
 *            page ranges, dates
 *   read.c   the reader (read_values.c: the values of its special rows)
 *   write.c  the writer
 *   chunk.c  where -j may cut an input (after "ER  -" lines) */
#ifndef PC_RIS_H
#define PC_RIS_H

#include "format.h"

#include <stdint.h>

/* The tag map (map.c): {tag, model field, how, direction, kinds}. */
extern const pc_map_row pc_ris_rows[];
extern const size_t pc_ris_n_rows;

/* The handlers of the SPECIAL rows (map.c names them; read_values.c and
 * write.c hold their functions, one table a direction). */
enum {
    PC_RIS_H_NONE = 0,
    PC_RIS_H_NAMES,          /* AU, A1-A4, ED, C2: "Family, Given, Suffix" */
    PC_RIS_H_DATE,           /* PY, DA, Y1, Y2, C1, C2, OP: "YYYY/MM/DD/other" */
    PC_RIS_H_RECORD,         /* TY, ER: the record's bounds, read by the loop */
    PC_RIS_H_ID,             /* the citation key */
    PC_RIS_H_ADDRESS,        /* AD: the address of the author before it */
    PC_RIS_H_PAGES,          /* SP: the first page, or the range */
    PC_RIS_H_NUMPAGES,       /* SP: a book's number of pages */
    PC_RIS_H_EP,             /* EP: the last page */
    PC_RIS_H_NUMBER,         /* SN: a patent's or report's number (or an ISBN, ISSN) */
    PC_RIS_H_SERIAL,         /* SN: ISBNs or ISSNs, one a line */
    PC_RIS_H_DOI,            /* DO, DI */
    PC_RIS_H_RELATED,        /* L3: a DOI there is the DOI */
    PC_RIS_H_ARXIV,          /* AN: "arXiv:ID[vN][ [class]]" */
    PC_RIS_H_ACCESSION,      /* AN: any other accession number */
    PC_RIS_H_MEDIUM,         /* M3: the type of work (or a DOI) */
    PC_RIS_H_ORIGINAL_TITLE, /* OP: read as the original date when it is one */
    PC_RIS_H_JO,             /* JO: the journal, or its abbreviation (decided at the end) */
    PC_RIS_H_J2,             /* J2: not alone (a book's container is its series) */
    PC_RIS_H_J9,             /* J9: the abbreviation when no other tag gives one */
    PC_RIS_H_URL,            /* UR, LK, L2: one or more URLs */
    PC_RIS_H_ABSTRACT,       /* AB: joined over the record, a truncated one's "…" */
    PC_RIS_H_N2,             /* N2: the abstract when there is no AB */
    PC_RIS_H_NOTE,           /* N1: joined, a "Journal reference: " line apart */
    PC_RIS_H_JREF,           /* N1: the journal reference */
    PC_RIS_N_HANDLERS
};

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
/* Where a RIS input may be cut for -j (chunk.c). */
extern const pc_chunker pc_ris_chunker;
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


#endif
