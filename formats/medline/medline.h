/* SPDX-License-Identifier: MIT */
/* medline.h — what the files of the MEDLINE / PubMed format share (private
 * to formats/medline/): PubMed's "PubMed format" export (`.nbib`), the
 * MEDLINE display format (`PMID- 20481061`, `FAU - Long, Vicky`, values
 * continued on lines indented by six spaces), and the ERIC and NCBI
 * Bookshelf records written the same way.
 *
 *   map.c    the tag map, the publication types (PT), detection, the
 *            format's entry (nbib)
 *   read.c   the reader: records through src/io/tagged.c, their tags
 *            through the map
 *   values.c the values of the special rows: the author blocks (FAU, AU,
 *            AUID, AD; CN; editors, investigators), DP and the other
 *            dates, PG, LID and AID, IS, PT
 *   write.c  the writer */
#ifndef PC_MEDLINE_H
#define PC_MEDLINE_H

#include "format.h"
#include "io/tagged.h"

/* The handlers of the special rows (map.c names one in each; values.c
 * has their readers, write.c their writers). */
enum {
    PC_MD_H_NONE = 0,
    PC_MD_H_TYPE,       /* PT: the kind (the first that names one), the others kept */
    PC_MD_H_NAMES,      /* FAU AU CN, FED ED, FIR IR: the name blocks */
    PC_MD_H_ABOUT_NAME, /* AUID AD IRAD: of the name before them */
    PC_MD_H_ID,         /* LID AID: "[doi]", "[pii]", a bare e-location */
    PC_MD_H_ISSUED,     /* DP */
    PC_MD_H_DATE,       /* DEP */
    PC_MD_H_HISTORY,    /* PHST: "[received]" the submitted date */
    PC_MD_H_SERIAL,     /* IS ISBN ISSN: each once, qualifiers dropped */
    PC_MD_H_TITLE,      /* TI: several lines are one title */
    PC_MD_H_ABSTRACT,   /* AB */
    PC_MD_H_NOTE,       /* GN */
    PC_MD_H_PAGES,      /* PG: abbreviated ranges expanded */
    PC_MD_N_HANDLERS
};

/* The tag map: {tag, model field, how, direction, kinds, handler}. */
extern const pc_map_row pc_medline_rows[];
extern const size_t pc_medline_n_rows;

/* One publication type (PT). */
typedef struct pc_medline_type {
    const char *name; /* "Journal Article" */
    pc_kind kind;
    bool write;       /* the name the writer gives `kind` (its first such row) */
    bool fallback;    /* decides the kind only when no other type does (ERIC's "Reports - Research") */
} pc_medline_type;

/* The type named (case-insensitive), or NULL: a PT no kind is told by
 * (Review, Letter, Research Support, ...) is one more value, kept. */
const pc_medline_type *pc_medline_type_find(const char *name, size_t n);
/* The type the writer gives kind k (its own, else its broader kind's);
 * NULL when MEDLINE has none (the record is written as a journal article,
 * the kind counted). */
const pc_medline_type *pc_medline_type_of_kind(pc_kind k);

/* True if [s, s+n) is a tag line: a tag of two to four upper-case letters
 * or digits at the start, spaces, "-" at most at column 6, then a space or
 * the end of the line ("PMID- 1", "AU  - Long V", "ISSN - EISSN-...",
 * "TI-"); a value right after the "-" only at PubMed's column 5
 * ("PMID-22664220"). */
bool pc_medline_tag_line(const char *s, size_t n, pc_tagged_tag *t);

/* The reader (read.c) and the writer (write.c). */
void *pc_medline_read_open(pc_source *src, pc_ctx *ctx);
pc_read_status pc_medline_read_next(void *state, pc_record *rec);
void pc_medline_read_close(void *state);
void *pc_medline_write_begin(FILE *out, pc_ctx *ctx);
bool pc_medline_write_record(void *state, const pc_record *rec);
bool pc_medline_write_end(void *state);

/* The reader's state, for values.c. */
typedef struct md_reader {
    pc_ctx *ctx;
    const char *file;
    pc_tagged in;
    pc_map *map;
    pc_tagged_apply apply;
    const pc_medline_type *type;   /* the PT that told the kind, or NULL */
    const pc_tagged_field *type_f; /* its field */
    /* the name block being read: the last name (its role and index), and
     * whether its short form (AU, ED, IR) is still to come */
    pc_field last_role;
    size_t last_index;
    bool pending_short;
    /* values gathered over the record, set at its end */
    pc_buf title, abstract, note, tmp;
    pc_strlist issn, isbn;
    pc_buf pii;                    /* the first [pii] */
    const pc_tagged_field *pii_f;
    pc_strlist reported;           /* unknown tags noted once per input */
} md_reader;

/* values.c: the special rows' readers (by handler; a pc_tagged_value
 * each), and the record's start and end. */
extern pc_map_read_fn *const pc_medline_readers[PC_MD_N_HANDLERS];
void pc_medline_read_start(md_reader *r, pc_record *rec);
void pc_medline_read_finish(md_reader *r, pc_record *rec);

#endif
