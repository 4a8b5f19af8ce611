/* SPDX-License-Identifier: MIT */
/* bibtex.h — private to formats/bibtex/: how the files of the BibTeX and
 * biblatex formats meet.
 *
 *   lex.c       the .bib syntax: entries, @string macros, @preamble and
 *               @comment, one entry at a time as raw fields
 *   map.c       the tables: field rows of both dialects (the readers' and
 *               the writers'), entry types (and the type each dialect
 *               writes for a record), biblatex's localisation keys
 *               (thesis and report types, pubstate), langid <-> language
 *               tags, editor types, crossref inheritance rules
 *   crossref.c  crossref and xdata: finding the parents, inheriting fields
 *   read.c      one entry -> one record through the rows; names, dates,
 *               pages, identifiers and title groups are code
 *   write_names.c  the writer's names: "von Last, Jr, First" as bibtex splits
 *   write.c     one record -> one entry, classic BibTeX or biblatex
 *   format.c    the two pc_format entries, `bibtex` and `biblatex` */
#ifndef PC_FORMATS_BIBTEX_H
#define PC_FORMATS_BIBTEX_H

#include "format.h"

#include <stdint.h>

/* ---- lex.c ---------------------------------------------------------------- */

/* One field of the entry being read.  The lexer owns it; it lives until the
 * next entry is read. */
typedef struct pc_bib_field {
    char *name;              /* lower case */
    uint64_t hash;           /* of name, by the lexer's seeded hash */
    pc_buf val;              /* the raw value: @string macros expanded, LaTeX as written */
    unsigned long line, col; /* where the value starts (0 for an inherited field) */
    bool used;               /* read.c: consumed (or not to be kept) */
    bool inherited;          /* crossref.c: copied from a parent */
    /* with pc_bib_lex_keep: where its name, value and the value's end are
     * in the text pc_bib_lex_raw gives (offsets from its start) */
    size_t raw_name, raw_val, raw_end;
} pc_bib_field;

/* What pc_bib_lex_next found. */
typedef enum pc_bib_lex_status {
    PC_BIB_NONE = 0,
    PC_BIB_ENTRY,    /* an entry: pc_bib_lex_entry (the fields before an error, after one) */
    PC_BIB_PREAMBLE, /* @preamble{...}: its body in pc_bib_lex_body */
    PC_BIB_COMMENT,  /* @comment{...}: its body in pc_bib_lex_body */
    PC_BIB_SKIP,     /* a bad entry, reported: bad bytes, or no field before a syntax error */
    PC_BIB_EOF,
    PC_BIB_FATAL, /* the input cannot be read further, reported */
} pc_bib_lex_status;

typedef struct pc_bib_lexer pc_bib_lexer;

/* The entry pc_bib_lex_next returned: its type (lower case), key (as
 * written), fields in input order, and where its '@' is. */
typedef struct pc_bib_entry {
    const char *type;
    const char *key;
    pc_bib_field *fields;
    size_t n_fields;
    unsigned long line, col;
} pc_bib_entry;

/* A lexer over src (not owned); `ctx` takes its diagnostics.  Never NULL. */
pc_bib_lexer *pc_bib_lex_open(pc_source *src, pc_ctx *ctx);
/* A lexer over a stdio stream (crossref.c's second pass over a spool file). */
pc_bib_lexer *pc_bib_lex_open_file(FILE *f, const char *name, pc_ctx *ctx);
void pc_bib_lex_close(pc_bib_lexer *lx);
pc_bib_lex_status pc_bib_lex_next(pc_bib_lexer *lx);
/* The entry (valid after PC_BIB_ENTRY until the next call). */
pc_bib_entry pc_bib_lex_entry(const pc_bib_lexer *lx);
/* The raw body of a @preamble or @comment, and its length. */
const char *pc_bib_lex_body(const pc_bib_lexer *lx, size_t *n);
/* The field `name` (lower case) of the current entry, or NULL. */
pc_bib_field *pc_bib_lex_find(pc_bib_lexer *lx, const char *name);
/* Appends an empty field `name` (lower case) to the current entry and
 * returns it; NULL (nothing added) if the entry has one of that name. */
pc_bib_field *pc_bib_lex_add(pc_bib_lexer *lx, const char *name);
const char *pc_bib_lex_file(const pc_bib_lexer *lx);
/* Line and column of byte `off` of a value that started at line:col (CR,
 * LF and CRLF end a line, as the lexer counts them). */
void pc_bib_pos_in(const char *s, size_t off, unsigned long line, unsigned long col, unsigned long *l,
                   unsigned long *c);

/* Keeping the text read, for a second pass over an input that cannot be
 * opened again (a pipe): pc_bib_lex_tee before the first read keeps the
 * bytes read (in memory up to 1 MB, then in a temporary file under
 * $TMPDIR, up to PC_BIB_TEE_MAX: past it the start is let go);
 * pc_bib_lex_spool reads the rest of the input into the same store and
 * returns it as a stream positioned at its start (owned by the lexer),
 * with the input position of its first byte in *line, *col (1, 1 unless
 * the start was let go); NULL after reporting, as an error, that it could
 * not be written: then the lexer reads no further. */
#define PC_BIB_TEE_MAX (16 << 20)
void pc_bib_lex_tee(pc_bib_lexer *lx);
FILE *pc_bib_lex_spool(pc_bib_lexer *lx, unsigned long *line, unsigned long *col);
/* Makes the lexer's input (after pc_bib_lex_spool) read on from where it was. */
void pc_bib_lex_resume(pc_bib_lexer *lx);
/* The position a lexer over a spool (pc_bib_lex_open_file) counts from. */
void pc_bib_lex_start_at(pc_bib_lexer *lx, unsigned long line, unsigned long col);
/* The text as written (for a writer of the same format: keep.c).
 * pc_bib_lex_keep before the first read keeps the bytes read; after
 * PC_BIB_ENTRY, pc_bib_lex_raw gives them: text[0, lead) what came between
 * the entry before and this one (white space, % comments, free text,
 * @string, @preamble, @comment, as written), then the entry's len bytes
 * from its '@' to its closing delimiter, its key at [key, key_end) of
 * those; the fields' raw_* offsets are into text.  After PC_BIB_EOF or
 * PC_BIB_FATAL, lead is what followed the last entry (len 0).  A bad entry
 * (PC_BIB_SKIP) leaves no text.  pc_bib_lex_hold keeps the entry just read
 * in the next one's lead (an @xdata entry, which makes no record). */
typedef struct pc_bib_raw {
    const char *text;
    size_t lead, len, key, key_end;
    bool repaired; /* a slip was repaired or an error met: the bytes are not what was read */
} pc_bib_raw;
void pc_bib_lex_keep(pc_bib_lexer *lx);
pc_bib_raw pc_bib_lex_raw(const pc_bib_lexer *lx);
void pc_bib_lex_hold(pc_bib_lexer *lx);

/* Bytes one entry may hold (names and values, what it inherits counted). */
#define PC_BIB_ENTRY_LIMIT (16 << 20)

/* ---- map.c: the tables ------------------------------------------------------ */

typedef enum pc_bib_dialect {
    PC_BIB_CLASSIC = 0, /* what bibtex's standard styles (plain.bst) read */
    PC_BIB_BIBLATEX,    /* biblatex's data model (biber) */
} pc_bib_dialect;

/* The handlers rows.def names (SPECIAL(TITLE): PC_BIB_H_TITLE), indexes
 * into read.c's and write.c's tables of functions, one a direction. */
enum {
    PC_BIB_H_NONE = 0,
    PC_BIB_H_NAMES,        /* a name list (biblatex's editors with their editortype) */
    PC_BIB_H_DATE,         /* date; year, month, day; their event, orig and url forms */
    PC_BIB_H_TITLE,        /* the title groups: maintitle, issuetitle, booktitle */
    PC_BIB_H_WITH,         /* no model field: read with another row's (editortype, ...) */
    PC_BIB_H_PAGES,        /* "--" */
    PC_BIB_H_DOI,          /* verbatim */
    PC_BIB_H_EPRINT,       /* the arXiv id, with eprinttype or archiveprefix */
    PC_BIB_H_VERSION,      /* the arXiv version: in the id's eprint */
    PC_BIB_H_CLASS,        /* the arXiv class: read with the id */
    PC_BIB_H_URL,          /* url, and ours urls after it */
    PC_BIB_H_ABSTRACT,     /* a truncated one's "..." */
    PC_BIB_H_KEYED,        /* type, pubstate, series: biblatex's localisation keys */
    PC_BIB_H_LANGID,       /* langid <-> a language tag */
    PC_BIB_H_HOWPUBLISHED, /* a URL, else the publisher */
    PC_BIB_H_JREF,         /* the journal reference in the note, when there is none */
    PC_BIB_N_HANDLERS
};

/* The rows a dialect writes, in the order written: rows.def, then every
 * field of the model under its own name.  The reader uses
 * pc_bib_read_rows: the same rows, each readable when either dialect
 * reads it. */
#define BIB_ROW(...) +1
enum { PC_BIB_N_ROWS = (0
#include "rows.def"
                        ) + PC_F_COUNT - 1 };
#undef BIB_ROW
extern const pc_map_row pc_bib_classic_rows[PC_BIB_N_ROWS];
extern const pc_map_row pc_bib_biblatex_rows[PC_BIB_N_ROWS];
extern const pc_map_row pc_bib_read_rows[PC_BIB_N_ROWS];

/* Entry types. */
typedef struct pc_bib_type {
    const char *name;  /* "inproceedings" */
    pc_kind kind;
    const char *genre; /* the thesis kind the type implies ("PhD thesis"), or NULL */
    unsigned flags;    /* PC_BIB_T_* */
} pc_bib_type;

enum {
    PC_BIB_T_CLASSIC = 1u << 0,       /* a type plain.bst knows */
    PC_BIB_T_BIBLATEX = 1u << 1,      /* a type biblatex knows (its aliases included) */
    PC_BIB_T_MAIN_CLASSIC = 1u << 2,  /* the type classic BibTeX writes for its kind */
    PC_BIB_T_MAIN_BIBLATEX = 1u << 3, /* the type biblatex writes for its kind */
    PC_BIB_T_ALIAS = 1u << 4,         /* biblatex reads it as another (phdthesis: thesis) */
    PC_BIB_T_SKIP = 1u << 5,          /* not a record: @xdata (inheritance only) */
};

/* The row of type `name` (lower case), or NULL. */
const pc_bib_type *pc_bib_type_find(const char *name);
/* A type of either dialect close to the unknown type `name` (lower case;
 * one or two letters off: @artcle, @inproceeding), or NULL: for a "did you
 * mean". */
const pc_bib_type *pc_bib_type_near(const char *name);
/* The type a dialect writes for kind k (or the nearest broader kind). */
const pc_bib_type *pc_bib_type_for(pc_kind k, pc_bib_dialect d);
/* "Chapter-like" kinds: their container is a book (booktitle, maintitle
 * of the book); the others' maintitle is their own title's work. */
bool pc_bib_kind_in_book(pc_kind k);
/* The type the writer of dialect d gives rec (its pass-through "@type"
 * when that one is the dialect's, else the kind's): the writer writes it,
 * and the reader keeps an entry's type as written when it differs. */
const char *pc_bib_written_type(const pc_record *rec, pc_bib_dialect d);

/* biblatex localisation keys and their English text: `type` of theses
 * and reports ("mathesis" <-> "Master's thesis"), `pubstate` ("inpress"
 * <-> "in press").  NULL when there is none. */
const char *pc_bib_key_text(const char *key, size_t n);
const char *pc_bib_text_key(const char *text);
/* babel/polyglossia language names (langid) <-> language tags (CSL
 * `language`): "english" <-> "en-US".  NULL when the table has none. */
const char *pc_bib_langid_tag(const char *langid, size_t n);
const char *pc_bib_tag_langid(const char *tag);
/* The name role an editor type (editortype, editoratype, ...) gives:
 * "director" -> PC_F_DIRECTOR; PC_F_NONE for a type with no role. */
pc_field pc_bib_editor_role(const char *type, size_t n);
/* The editor type that names `role` in biblatex, or NULL. */
const char *pc_bib_role_editortype(pc_field role);

/* crossref inheritance (biblatex manual, appendix B): the names (0, 1 or
 * 2, into as[]) under which a child of type `child` takes the parent's
 * field `name` (the parent of type `parent`; NULL for an @xdata parent,
 * whose fields go under their own names).  Same name unless a rule says
 * otherwise: a book's title is its chapters' booktitle, its author their
 * bookauthor and author. */
size_t pc_bib_inherit_names(const char *parent, const char *child, const char *name, const char *as[2]);

/* ---- crossref.c ------------------------------------------------------------------ */

typedef struct pc_bib_xref pc_bib_xref;

pc_bib_xref *pc_bib_xref_new(pc_bib_lexer *lx, pc_source *src, pc_ctx *ctx);
void pc_bib_xref_free(pc_bib_xref *x);
/* Adds to the current entry of `lx` the fields its crossref and xdata
 * parents give it (a first use finds the parents: see crossref.c).  `has`
 * tells whether the entry holds a value for the model field of a name
 * already (then that field is not inherited). */
void pc_bib_xref_inherit(pc_bib_xref *x, bool (*has)(void *u, const char *name), void *u);

/* ---- chunk.c: where -j may cut an input ------------------------------------------ */

extern const pc_chunker pc_bib_chunker;

/* ---- read.c ------------------------------------------------------------------------ */

void *pc_bib_read_open_classic(pc_source *src, pc_ctx *ctx);
void *pc_bib_read_open_biblatex(pc_source *src, pc_ctx *ctx);
pc_read_status pc_bib_read_next(void *state, pc_record *rec);
void pc_bib_read_close(void *state);
int pc_bib_sniff(const char *head, size_t n);

/* ---- write_names.c -------------------------------------------------------------- */

/* Appends one name list as bibtex reads it ("A and B and others"); tmp is
 * scratch; flags PC_TEX_UNICODE or 0; `rep` counts what LaTeX cannot hold. */
void pc_bib_put_names(pc_buf *out, pc_buf *tmp, const pc_names *l, unsigned flags, pc_latex_report *rep);
/* Appends the writer's `affiliation` list parallel to the names; false
 * (nothing appended) when no name has an affiliation. */
bool pc_bib_put_affiliations(pc_buf *out, pc_buf *tmp, const pc_names *l, unsigned flags,
                             pc_latex_report *rep);

/* ---- write.c ------------------------------------------------------------------------ */

void *pc_bib_write_begin_classic(FILE *out, pc_ctx *ctx);
void *pc_bib_write_begin_biblatex(FILE *out, pc_ctx *ctx);
bool pc_bib_write(void *state, const pc_record *rec);
bool pc_bib_write_end(void *state);

/* ---- keep.c: BibTeX kept as written ------------------------------------------------ */

typedef struct pc_bib_layout pc_bib_layout; /* ctx.h: the options' layout of entries kept */
/* True when an option asks for a layout (then entries are laid out again). */
bool pc_bib_layout_asked(const pc_bib_layout *lay);
/* Reader: gives rec the text it was read from (raw), where each field of
 * e is in it (rows: each field's row or NULL), and which model field each
 * field made (origin: per model field, the index of the field of e, or
 * -1); scratch is used. */
void pc_bib_keep_record(pc_record *rec, const pc_bib_raw *raw, const pc_bib_entry *e,
                        const pc_map_row *const *rows, const int *origin, pc_buf *scratch);
/* Reader: the text after the last entry, for the last record. */
void pc_bib_keep_tail(pc_record *rec, const char *s, size_t n);

/* Writer: the rank of a field name among the writer's rows (standard order). */
typedef long pc_field_rank_fn(void *u, const char *name, size_t n, pc_kind kind);
/* Writer: writes the fields of `view` (a record that holds only the
 * values changed since they were read) after the fields kept, which are
 * `names` (lower case). */
typedef void pc_bib_view_fn(void *u, const pc_record *view, const char *const *names, size_t n_names);
typedef struct pc_bib_keep pc_bib_keep;
pc_bib_keep *pc_bib_keep_new(const pc_bib_layout *lay, pc_field_rank_fn *rank, void *rank_u);
void pc_bib_keep_free(pc_bib_keep *k);
/* Appends rec as it was written (first: the output's first entry; type:
 * the writer's type for a record whose kind changed), and true; false
 * (nothing appended) when rec holds no text kept as written. */
bool pc_bib_keep_put(pc_bib_keep *k, pc_buf *out, const pc_record *rec, bool first, const char *type,
                     pc_bib_view_fn *fn, void *u);
/* The text kept before rec's entry (after: after it), for an entry the
 * writer makes although its text was kept (a layout this build cannot
 * read): nothing between the entries is lost.  Before the first entry of
 * the output, or one that starts a line, no line end is added. */
void pc_bib_keep_around(pc_buf *out, const pc_record *rec, bool first, bool after);

/* The pass-through names the reader uses for what is not a field: the
 * entry type as written, when the writer would choose another; a
 * @preamble or @comment met before the entry. */
#define PC_BIB_X_TYPE "@type"
#define PC_BIB_X_PREAMBLE "@preamble"
#define PC_BIB_X_COMMENT "@comment"
/* The family name of pass-through values (both formats share them). */
#define PC_BIB_FAMILY "bibtex"

#endif
