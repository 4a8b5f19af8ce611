/* SPDX-License-Identifier: MIT */
/* scopus.h — what the files of the Scopus CSV reader share (private to
 * formats/scopus/).
 *
 *   map.c     the column map (one row per Scopus export column, by its
 *             header name), the Document Type table, the format's entry
 *   read.c    the reader: libcsv fed line by line, one row per record,
 *             the header row's columns through the map
 *   values.c  the values of the special columns: names, pages, ISSN,
 *             the type, affiliations, the note's labelled columns
 *
 * Scopus' "Export -> CSV" (RFC 4180: every cell quoted, "" for a quote,
 * newlines inside cells, a UTF-8 BOM; the columns the user chose, in any
 * order: always by header name).  Read only: nothing imports Scopus CSV. */
#ifndef PC_SCOPUS_H
#define PC_SCOPUS_H

#include "format.h"

/* The handlers of the special rows (map.c names them, values.c holds the
 * functions).  The columns read with others (the names, the pages, the
 * affiliations) are read at the row's end, from the row's cells. */
enum {
    SC_H_NONE = 0,
    SC_H_AUTHORS,      /* Authors: "Anderson R.C.; Mansi S.A." (when no full names) */
    SC_H_FULL_NAMES,   /* Author full names: "Anderson, Ronald C. (7201379999); ..." */
    SC_H_AUTHOR_IDS,   /* Author(s) ID: "7201379999; 57193450000" */
    SC_H_AFFILIATIONS, /* Affiliations: the record's, "; "-separated */
    SC_H_AUTHOR_AFFILS, /* Authors with affiliations: "Anderson R.C., Aff1, Aff2; ..." */
    SC_H_YEAR,         /* Year */
    SC_H_PAGE_START,   /* Page start, Page end: the page range */
    SC_H_PAGE_END,
    SC_H_DOI,          /* DOI */
    SC_H_ABSTRACT,     /* Abstract: "[No abstract available]" is none */
    SC_H_EDITORS,      /* Editors: as Authors */
    SC_H_EVENT_DATE,   /* Conference date: "12 June 2018 through 15 June 2018" */
    SC_H_ISSN,         /* ISSN: "20411723" (no hyphen), several "; "-separated */
    SC_H_ISBN,         /* ISBN: "; "-separated */
    SC_H_TYPE,         /* Document Type: the kind of work, and its genre */
    SC_H_STAGE,        /* Publication Stage: "Article in press" is in press */
    SC_H_NOTE,         /* a column kept in the note as "Header: value" */
    SC_H_FUNDING_TEXT, /* Funding Texts: the note, its literal \uXXXX escapes decoded */
    SC_N_HANDLERS
};

/* The column map (map.c). */
extern const pc_map_row pc_scopus_rows[];
extern const size_t pc_scopus_n_rows;

/* The kind of work of a Document Type (case-insensitive); *plain is true
 * when the type says no more than the kind ("Article"), false when it is
 * worth keeping as the genre (an unknown type is a journal article). */
pc_kind pc_scopus_kind(const char *type, bool *plain);

/* The reader (read.c), as pc_format wants it. */
void *pc_scopus_read_open(pc_source *src, pc_ctx *ctx);
pc_read_status pc_scopus_read_next(void *state, pc_record *rec);
void pc_scopus_read_close(void *state);
int pc_scopus_sniff(const char *head, size_t n);
/* The delimiter of a header line: ';' when it has more of them than
 * commas outside quotes, else ',' (read.c). */
unsigned char pc_scopus_header_delim(const char *s, size_t n);
/* Where a file is cut for -j (chunk.c). */
extern const pc_chunker pc_scopus_chunker;

/* One row being read: its cells (NUL-ended, as libcsv gave them), by column. */
typedef struct scopus_row {
    pc_buf bytes;   /* the cells, each ended by a NUL */
    size_t *off, *len;
    size_t n, cap;  /* cells in this row */
} scopus_row;

/* What the special columns' functions share with the reader (read.c). */
typedef struct scopus_state {
    pc_ctx *ctx;
    const char *file;
    unsigned long line;     /* where the row being read starts */
    const scopus_row *row;
    /* the column of each handler (the first such column), or SIZE_MAX */
    size_t col_of[SC_N_HANDLERS];
    pc_buf note;            /* the labelled columns, joined */
    pc_buf tmp, tmp2;       /* scratch */
    pc_strlist affils;      /* the record's Affiliations, for matching */
} scopus_state;

/* One cell as the rows' functions get it: cleaned (one line, NFC), and the
 * header of its column. */
typedef struct scopus_value {
    const char *v;
    size_t n;
    const char *header;
} scopus_value;

/* The readers of the special rows, by handler (values.c); the value a
 * scopus_value. */
extern pc_map_read_fn *const pc_scopus_readers[SC_N_HANDLERS];
/* A row's special columns that are read together (names with their ids
 * and affiliations, the pages) and the note: at the row's end (values.c). */
void pc_scopus_finish(scopus_state *s, pc_record *rec);

#endif
