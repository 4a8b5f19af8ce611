/* SPDX-License-Identifier: MIT */
/* wos.h — what the files of the Web of Science tagged format share
 * (private to formats/wos/): Clarivate's "Plain text file" export
 * (`savedrecs.txt`, `.ciw`, `.isi`): `FN`/`VR` headers, records from `PT J`
 * to `ER`, two-letter tags, values continued on lines indented by three
 * spaces, `EF` at the end; also what bibutils' xml2isi writes.
 *
 *   map.c    the tag map, the types (PT and DT), detection, the format's
 *            entry (isi)
 *   read.c   the reader: records through src/io/tagged.c, their tags
 *            through the map
 *   values.c the values of the special rows: names (AU, AF, BE, CA), C1
 *            addresses to their authors, OI ORCIDs, PY/PD dates, pages,
 *            UT, J9
 *   write.c  the writer */
#ifndef PC_WOS_H
#define PC_WOS_H

#include "format.h"
#include "io/tagged.h"

/* The handlers of the special rows (map.c names one in each; values.c
 * has their readers, write.c their writers). */
enum {
    PC_WOS_H_NONE = 0,
    PC_WOS_H_TYPE,        /* PT: the kind, with the first DT (read.c) */
    PC_WOS_H_DT,          /* DT: all but the one the writer gives the kind kept */
    PC_WOS_H_SHORT_NAMES, /* AU: the authors when there is no AF */
    PC_WOS_H_NAMES,       /* AF, BF: full names */
    PC_WOS_H_EDITORS,     /* BE: "Fielding, JE", initials */
    PC_WOS_H_GROUPS,      /* CA: after the persons */
    PC_WOS_H_C1,          /* C1: addresses, to their authors at the end */
    PC_WOS_H_OI,          /* OI: ORCIDs, to their authors at the end */
    PC_WOS_H_YEAR,        /* PY (a second PY: the date as written) */
    PC_WOS_H_PD,          /* PD: the rest of the date */
    PC_WOS_H_PAGES,       /* BP, EP, PS */
    PC_WOS_H_J9,          /* J9: the abbreviation when there is no JI */
    PC_WOS_H_SERIAL,      /* SN, EI: each ISSN once */
    PC_WOS_H_UT,          /* UT: WOS:/ISI: the accession number, MEDLINE: the PMID */
    PC_WOS_H_DOI,         /* DI */
    PC_WOS_H_ABSTRACT,    /* AB */
    PC_WOS_H_DATE,        /* CY, EA: dates of their own */
    PC_WOS_N_HANDLERS
};

/* The tag map: {tag, model field, how, direction, kinds, handler}. */
extern const pc_map_row pc_wos_rows[];
extern const size_t pc_wos_n_rows;
extern const pc_chunker pc_wos_chunker; /* chunk.c: -j cuts after ER */

/* True if the tags of this line hold one value a line (AU, AF, C1, CR,
 * ...); the others are one value over their lines. */
bool pc_wos_per_line(const char *tag);

/* The kind of a record of type `pt` ("J", "B", "S", "P", "C"; bibutils'
 * "Journal", "Book", "Chapter", "Unknown") and document type `dt` (its
 * first DT, "" when none); *known false for a PT this table lacks. */
pc_kind pc_wos_kind(const char *pt, size_t ptn, const char *dt, size_t dtn, bool *known);
/* What the writer gives kind k: its PT and DT, and the kind they read back
 * as (*back); false when Web of Science has no type for k (then a journal
 * article). */
bool pc_wos_type_of_kind(pc_kind k, const char **pt, const char **dt, pc_kind *back);

/* True if [s, s+n) is a tag line: two characters, a capital and a capital
 * or digit, then a space or the end of the line ("PT J", "ER"); also
 * "EFFN ..." (files joined without a line break after EF): EF. */
bool pc_wos_tag_line(const char *s, size_t n, pc_tagged_tag *t);

/* The reader (read.c) and the writer (write.c). */
void *pc_wos_read_open(pc_source *src, pc_ctx *ctx);
pc_read_status pc_wos_read_next(void *state, pc_record *rec);
void pc_wos_read_close(void *state);
void *pc_wos_write_begin(FILE *out, pc_ctx *ctx);
bool pc_wos_write_record(void *state, const pc_record *rec);
bool pc_wos_write_end(void *state);

/* The reader's state, for values.c. */
typedef struct wos_reader {
    pc_ctx *ctx;
    const char *file;
    pc_tagged in;
    pc_map *map;
    pc_tagged_apply apply;
    const pc_tagged_field *dt; /* the first DT, told with PT */
    bool dt_is_written;        /* it is the DT the writer gives the kind */
    /* values gathered over the record, set at its end */
    pc_buf short_names;        /* AU lines ("\n" between), used when there is no AF */
    pc_buf groups;             /* CA lines: after the persons */
    const pc_tagged_field *au_f;
    pc_buf bp, ep, ps, pd, py, py_lit, j9, tmp; /* py_lit: a second PY, the date as written */
    const pc_tagged_field *pd_f, *py_f, *j9_f;
    pc_strlist issn;
    const pc_tagged_field **c1, **oi; /* C1 and OI fields, told once the names are known */
    size_t n_c1, n_oi, cap_c1, cap_oi;
    pc_strlist reported;       /* unknown tags noted once per input */
} wos_reader;

/* values.c: the special rows' readers (by handler; a pc_tagged_value
 * each), and the record's start and end. */
extern pc_map_read_fn *const pc_wos_readers[PC_WOS_N_HANDLERS];
void pc_wos_read_start(wos_reader *r, pc_record *rec);
void pc_wos_read_finish(wos_reader *r, pc_record *rec);
/* "[Smith, J; Doe, A] Univ X, City" -> each name's affiliation (values.c). */
void pc_wos_addresses(wos_reader *r, pc_record *rec);

#endif
