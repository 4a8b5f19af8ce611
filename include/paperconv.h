/* SPDX-License-Identifier: MIT */
/* paperconv.h — the public API of libpaperconv.
 *
 * Owns: the common record model every reader fills and every writer reads,
 * the format table (readers and writers), diagnostics, and the conversion
 * driver the CLI is built on.  Everything here is prefixed pc_ / PC_.
 *
 * Ownership rule: a pc_record owns every string and array it points to.
 * pc_record_clear() frees them all; free functions accept NULL.  Out of
 * memory aborts (see pc_xmalloc in src/util.h), so no call here reports it.
 */
#ifndef PAPERCONV_H
#define PAPERCONV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct pc_buf;

#define PC_VERSION "0.1.0"

/* The version of the library in use at run time ("0.1.0"); PC_VERSION is
 * the version of the header a program was compiled with.  Static string. */
const char *pc_version(void);

/* ---- statuses: what every call that can fail returns ----------------------- */
typedef enum pc_status {
    PC_OK = 0,     /* done; pc_reader_next: a record was read */
    PC_END,        /* pc_reader_next: no more records (not an error) */
    PC_SKIPPED,    /* pc_reader_next: a bad record was skipped (reported); call again */
    PC_ERR_INPUT,  /* bad input: a record or an input could not be converted */
    PC_ERR_USAGE,  /* a bad argument: NULL where one is needed, an unknown format,
                      option or encoding, a field of another kind, a format that
                      cannot read or write, text that is not UTF-8 */
    PC_ERR_IO,     /* a file could not be opened, read or written */
    PC_ERR_NOMEM,  /* the allocator returned NULL for a handle (see pc_set_allocator) */
} pc_status;

/* ---- exit codes: one convention for the CLI and the driver ---------------- */
typedef enum pc_exit {
    PC_EXIT_OK = 0,    /* everything read was written */
    PC_EXIT_INPUT = 1, /* bad input: some record or file could not be converted */
    PC_EXIT_USAGE = 2, /* bad command line */
} pc_exit;

/* ---- the field table ---------------------------------------------------------
 *
 * Every field a record can hold is one row of include/paperconv/fields.def:
 * each CSL 1.0.2 variable and our additions (arXiv id, version and primary
 * class, the `updated` date, the journal reference, subtitle, ...).  Readers
 * and writers name fields by these ids; formats map their own field names
 * and tags to them with tables (see pc_map_row in paperconv/format.h). */

/* How a field's value is held. */
typedef enum pc_field_kind {
    PC_FK_NONE = 0,
    PC_FK_TEXT,   /* a string (CSL string variable) */
    PC_FK_NUMBER, /* a CSL number variable, kept as text: "12", "XIV", "3-5" */
    PC_FK_NAME,   /* a list of names: one role (author, editor, ...) */
    PC_FK_DATE,   /* a date, a range, or a literal date */
    PC_FK_LIST,   /* a list of strings, de-duplicated (keywords, URLs) */
} pc_field_kind;

/* Field flags. */
enum {
    PC_FF_CSL = 1u << 0,       /* a CSL 1.0.2 variable: name is its CSL name */
    PC_FF_RICH = 1u << 1,      /* may carry italic/bold (pc_text.markup) */
    PC_FF_TITLE = 1u << 2,     /* a title: words may be case-protected */
    PC_FF_CSL_FIRST = 1u << 3, /* LIST whose CSL variable holds only the first item (URL) */
    PC_FF_CSL_JOIN = 1u << 4,  /* LIST whose CSL variable is the items joined with ", " */
};

typedef enum pc_field {
    PC_F_NONE = 0,
#define PC_FIELD(id, num, name, kind, flags) PC_F_##id = num,
#include "paperconv/fields.def"
#undef PC_FIELD
} pc_field;

/* The number of fields the library knows: their ids are 1 .. this (a
 * newer library may know more than the header a program was built with). */
size_t pc_field_count(void);
/* The field's name: its CSL variable name (PC_FF_CSL: "container-title")
 * or ours ("arxiv-id"); NULL for PC_F_NONE or an unknown id.  Static. */
const char *pc_field_name(pc_field f);
/* How f's value is held (PC_FK_TEXT, ...); PC_FK_NONE for an unknown id. */
pc_field_kind pc_field_value_kind(pc_field f);
/* f's PC_FF_* flags; 0 for an unknown id. */
unsigned pc_field_flags(pc_field f);
/* The field whose name is [name, name+n) (exact case), also CSL's aliases
 * (shortTitle, journalAbbreviation, event); PC_F_NONE if none (also for
 * name NULL). */
pc_field pc_field_by_name(const char *name, size_t n);

/* ---- kinds of work ----------------------------------------------------------- */

/* Every CSL 1.0.2 item type (include/paperconv/kinds.def). */
typedef enum pc_kind {
    PC_KIND_NONE = 0, /* unknown: writers treat it like PC_KIND_PREPRINT */
#define PC_KIND(id, num, csl, broader) PC_KIND_##id = num,
#include "paperconv/kinds.def"
#undef PC_KIND
} pc_kind;

/* The number of kinds the library knows: their ids are 1 .. this. */
size_t pc_kind_count(void);
/* CSL type name of k ("article-journal"); "unknown" for PC_KIND_NONE and
 * an unknown id.  Static. */
const char *pc_kind_name(pc_kind k);
/* The kind whose CSL type is [s, s+n); PC_KIND_NONE if none (also for s
 * NULL). */
pc_kind pc_kind_by_name(const char *s, size_t n);
/* The broader kind a format writes when it has no type for k (kinds.def). */
pc_kind pc_kind_broader(pc_kind k);

/* ---- values ------------------------------------------------------------------ */

/* The handles: opaque, built and read with the calls below. */
typedef struct pc_record pc_record;   /* one bibliographic record */
typedef struct pc_ctx pc_converter;   /* options, diagnostics, counters */
typedef struct pc_format pc_format;   /* a row of the format table (static) */
typedef struct pc_input pc_input;     /* one input being read */

/* Inline markup kinds (spans of a text field). */
typedef enum pc_mark {
    PC_MARK_NONE = 0,
    PC_MARK_ITALIC, /* \emph, \textit, <i>, *...* */
    PC_MARK_BOLD,   /* \textbf, <b>, **...** */
    PC_MARK_NOCASE, /* case protection: only in spans a writer builds from
                       the protected words, never stored in a record */
    PC_MARK_TEX,    /* LaTeX the decoder does not know (\foo{x}), kept as
                       written: writers with LaTeX write it verbatim, the
                       others as text */
    PC_MARK_SUP,    /* \textsuperscript, <sup>, ^...^ */
    PC_MARK_SUB,    /* \textsubscript, <sub>, ~...~ */
} pc_mark;

/* Name flags: CSL's name options. */
enum {
    PC_NAME_COMMA_SUFFIX = 1u << 0,   /* "Smith, Jr.": a comma before the suffix */
    PC_NAME_STATIC_ORDER = 1u << 1,   /* given and family in the order given (CJK) */
};

/* Date flags, as EDTF and CSL mark them. */
enum {
    PC_DATE_CIRCA = 1u << 0,     /* approximate: EDTF "~", CSL circa */
    PC_DATE_UNCERTAIN = 1u << 1, /* EDTF "?" */
    PC_DATE_OPEN_END = 1u << 2,  /* a range with an open end: EDTF "2011/.." */
    PC_DATE_OPEN_START = 1u << 3, /* a range with an open start: EDTF "../2011" */
};

/* The parts of a name. */
typedef enum pc_name_part {
    PC_NAME_PART_NONE = 0,
    PC_NAME_GIVEN,             /* "Jean-Luc", "D. E." */
    PC_NAME_DROPPING_PARTICLE, /* "de" in "Charles de Gaulle", dropped with the given name */
    PC_NAME_PARTICLE,          /* "van der", "de la": stays with the family name */
    PC_NAME_FAMILY,            /* "Berg" */
    PC_NAME_SUFFIX,            /* "Jr.", "III" */
    PC_NAME_LITERAL,           /* an organisation: the whole name, never split */
    PC_NAME_ORCID,             /* "0000-0002-1825-0097", without the URL */
} pc_name_part;

pc_converter *pc_converter_new(void);
void pc_converter_free(pc_converter *c);
pc_record *pc_record_new(void);
void pc_record_free(pc_record *r);
/* Frees everything r holds, leaving it empty; NULL is allowed. */
void pc_record_clear(pc_record *r);
/* The value of text/number field f, or NULL when absent. */
const char *pc_record_get(const pc_record *r, pc_field f);
/* Removes f (any kind). */
void pc_record_unset(pc_record *r, pc_field f);
/* Whether f (any kind) has a value. */
bool pc_record_has(const pc_record *r, pc_field f);
/* Part `part` of the i-th name of `role`, or NULL. */
const char *pc_record_name_part(const pc_record *r, pc_field role, size_t i, pc_name_part part);
/* The literal of date field f, or NULL. */
const char *pc_record_date_literal(const pc_record *r, pc_field f);

/* ---- diagnostics ------------------------------------------------------------ */

typedef enum pc_severity {
    PC_SEV_NONE = 0,
    PC_SEV_NOTE,    /* shown with -v only */
    PC_SEV_WARNING, /* data repaired or dropped; an error under --strict */
    PC_SEV_ERROR,   /* a record or file could not be converted */
} pc_severity;

/* One message with its position (line/col 0 = unknown).  The strings are
 * valid only during the callback. */
typedef struct pc_diag {
    pc_severity severity;
    const char *file;
    unsigned long line, col;
    const char *message;
} pc_diag;

typedef void (*pc_diag_fn)(void *user, const pc_diag *d);

/* ---- options ---------------------------------------------------------------- */

typedef enum pc_date_choice {
    PC_DATE_PUBLISHED = 0, /* first version (arXiv `published`) */
    PC_DATE_UPDATED,       /* latest version (arXiv `updated`) */
} pc_date_choice;

/* How far a run has got, for a progress display. */
typedef struct pc_progress {
    unsigned long records;    /* records read so far (written or skipped) */
    unsigned long long bytes; /* input bytes read so far, over all inputs */
    unsigned long long total; /* the inputs' total size; 0 = unknown (a pipe) */
    bool done;                /* the last call of the run */
} pc_progress;

typedef void (*pc_progress_fn)(void *user, const pc_progress *p);

/* ---- formats ---------------------------------------------------------------- */

/* Finds a format by name or alias (case-insensitive); NULL if none. */
const pc_format *pc_format_find(const char *name);
/* Finds a format by the file name's extension; NULL if none or ambiguous. */
const pc_format *pc_format_by_extension(const char *path, bool want_reader);
/* Finds a reader by content; NULL if nothing matches or two match equally
 * (then *ambiguous is set). */
const pc_format *pc_format_sniff(const char *head, size_t n, bool *ambiguous);

/* ---- reading one input ------------------------------------------------------ */

typedef enum pc_read_status {
    PC_READ_NONE = 0,
    PC_READ_RECORD, /* *rec was filled */
    PC_READ_EOF,    /* no more records */
    PC_READ_SKIP,   /* one record was bad, reported; call again for the next */
    PC_READ_FATAL,  /* the input cannot be read further, reported */
} pc_read_status;

/* Opens `path` ("-" = stdin) with reader `from`, or the one its extension or
 * content names when `from` is NULL.  Returns NULL after reporting through
 * c when the file cannot be opened or its format told; an empty input
 * opens and yields no record. */
pc_input *pc_input_open(pc_converter *c, const char *path, const pc_format *from);
/* Fills rec (which must be cleared) with the next record; see pc_read_status. */
pc_read_status pc_input_next(pc_input *in, pc_record *rec);
/* Closes the input, reporting a read error if one happened; NULL is allowed. */
void pc_input_close(pc_input *in);

#ifdef __cplusplus
}
#endif

#endif
