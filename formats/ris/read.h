/* SPDX-License-Identifier: MIT */
/* read.h — the RIS reader's state, shared by read.c (records and the loop
 * over their tags) and read_values.c (the values of the special rows, and
 * how a value is set or kept); read.c uses read_values.c, never back. */
#ifndef PC_RIS_READ_H
#define PC_RIS_READ_H

#include "ris.h"

enum { RIS_NTAGS = 26 * 36 }; /* [A-Z][A-Z0-9] */

/* One "TAG  - value" of the record being read (values may grow by
 * continuation lines). */
typedef struct ris_field {
    char tag[3];
    pc_buf val;
    unsigned long line, col; /* of the value */
} ris_field;

typedef struct ris_reader {
    pc_ctx *ctx;
    const char *file;
    pc_lines in;  /* the input, line by line */
    pc_map *map;  /* pc_ris_rows, indexed */
    ris_field *f; /* the current record's fields; buffers are reused */
    size_t nf, capf;
    pc_buf tmp;   /* the cleaned value of the field being read */
    pc_buf tmp2;  /* scratch of the value readers */
    pc_buf dval;  /* a value as a dialect rewrote it (dialect.c) */
    /* the current record: its type, and what is decided at its end */
    const pc_ris_type *type;
    pc_kind kind;
    bool ad_positional; /* an AD belongs to the author before it */
    size_t first_ad;    /* index of the first AD field, 0 = none */
    /* repeated values joined as they come (linear however many): AB, N2,
     * N1 and the AD lines that cannot be tied to an author */
    pc_buf ab, n2, note, addr;
    pc_buf sp, ep; /* the first SP and EP */
    /* tags decided at the end of the record: JO (the journal, or beside
     * another journal title its abbreviation) and J9 (Web of Science's
     * 29-character abbreviation, when no other abbreviation is given) */
    pc_buf jo, j9;
    /* the ISSNs and ISBNs (SN), each once, joined with ", " at the end */
    pc_strlist issn, isbn;
    /* the issued date: the most precise of PY, Y1, DA (and the value it
     * came from); the first literal one */
    pc_date issued;
    char issued_tag[3];
    pc_buf issued_val;
    char lit_tag[3];
    pc_buf lit_val;
    /* the dialect (dialect.h: a database's own use of tags) of the current
     * record; the one -v last named */
    int dialect, dialect_said;
    bool read_too;       /* the value kept as it is was read into fields too */
    size_t match_budget; /* authors a dialect may still look at for names (dialect.c) */
    /* tag values read, and kept only as pass-through values (-v) */
    unsigned long n_values, n_kept;
    bool reported[RIS_NTAGS]; /* tags already noted for this input */
    unsigned char odd_reported[RIS_NTAGS]; /* oddities of tag lines warned (read.c) */
} ris_reader;

/* One tag's value as the rows' functions get it: the field, and its value
 * cleaned (one line, NFC: in r->tmp). */
typedef struct ris_value {
    const ris_field *f;
    const char *v;
    size_t n;
} ris_value;

/* Keeps [v, v+n) as a pass-through value of `tag` (two letters), of f's tag
 * (read_values.c). */
void pc_ris_keep_tag(pc_record *rec, const char *tag, const char *v, size_t n);
void pc_ris_keep(pc_record *rec, const ris_field *f, const char *v, size_t n);
/* Sets `field` to [v, v+n) unless it has a value: the same value is
 * ignored, a different one kept as a pass-through value of f's tag
 * (read_values.c). */
void pc_ris_set_first(pc_record *rec, pc_field field, const ris_field *f, const char *v, size_t n);
/* The functions of the SPECIAL rows, by their handler (read_values.c): the
 * reader's `value` a ris_value. */
extern pc_map_read_fn *const pc_ris_readers[PC_RIS_N_HANDLERS];
/* The end of a record: the values gathered by read_special (abstract, note,
 * pages, the issued date) go into rec (read_values.c). */
void pc_ris_read_finish(ris_reader *r, pc_record *rec);

#endif
