/* SPDX-License-Identifier: MIT */
/* paperconv.h — libpaperconv's public API, the one header it installs
 * (with paperconv/fields.def and paperconv/kinds.def, which this header
 * includes for the field and kind ids).  C11 and C++; man 3 libpaperconv.
 *
 * What a program sees: opaque handles built and read through the calls
 * below, and nothing of the library's own structs, which may change in any
 * release.
 *
 *   pc_record     one bibliographic record: a kind, a citation key and
 *                 values by field id (texts, names, dates, lists), plus the
 *                 input's fields the model has no place for (pass-through)
 *   pc_format     one row of the format table: a reader, a writer or both
 *                 (static: never freed)
 *   pc_converter  options, the diagnostic callback, counters, the drop tally,
 *                 the progress hook and the last error of a conversion
 *   pc_reader     one input being read: from a path, a FILE * or memory
 *   pc_writer     one output being written: to a FILE *, a callback or a
 *                 growing buffer
 *
 * Conventions, for every call:
 *   - A call that can fail returns a pc_status (PC_OK = 0).  The message of
 *     the last error is pc_converter_errmsg (and pc_reader_errmsg,
 *     pc_writer_errmsg): an error diagnostic, which the converter's
 *     callback received too, or a call refused as PC_ERR_USAGE.
 *   - Handle arguments may be NULL: an accessor then answers NULL, 0 or
 *     false, and a call that can fail returns PC_ERR_USAGE.  Free and close
 *     calls accept NULL.  Any other pointer argument may be NULL only where
 *     its comment says so.
 *   - Strings going in are NUL-terminated UTF-8 (or a pointer and a length
 *     where the call takes one), and are copied.  Text that is not valid
 *     UTF-8, or holds a NUL byte within its length, is refused (PC_ERR_USAGE).
 *   - Strings coming out are owned by the handle and stay valid until the
 *     next call that changes that value, or until the handle is freed.
 *   - Field ids (PC_F_*) and kind ids (PC_KIND_*) are stable: a released id
 *     never changes its number; new ones are added with new numbers.
 *   - Handles are not locked: use one from one thread at a time.  Distinct
 *     handles may be used in distinct threads.
 *
 * Memory: by default the library allocates with malloc, realloc and free,
 * and pc_set_allocator installs others.  When an allocation fails, the
 * constructors of handles (pc_record_new, pc_record_clone,
 * pc_converter_new, pc_reader_open_*, pc_writer_open_*) return NULL or
 * PC_ERR_NOMEM; any other allocation failure, deep inside a reader or a
 * writer, prints "paperconv: out of memory" on standard error and calls
 * abort().  The libraries paperconv uses (jansson, libyaml, libxml2,
 * utf8proc, iconv) allocate with their own allocators, not through
 * pc_set_allocator. */
#ifndef PAPERCONV_H
#define PAPERCONV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- versions ------------------------------------------------------------------ */

/* The version, written here only (the Makefile and paperconv.pc take it
 * from these three lines; NEWS and debian/changelog name it, and
 * tests/package/test_dist.sh checks that they agree). */
#define PC_VERSION_MAJOR 0
#define PC_VERSION_MINOR 1
#define PC_VERSION_PATCH 0
#define PC_VERSION_STR_(x) #x
#define PC_VERSION_XSTR_(x) PC_VERSION_STR_(x)
#define PC_VERSION                                                                            \
    PC_VERSION_XSTR_(PC_VERSION_MAJOR) "." PC_VERSION_XSTR_(PC_VERSION_MINOR) "." PC_VERSION_XSTR_(PC_VERSION_PATCH)
/* MAJOR * 10000 + MINOR * 100 + PATCH: 100 for 0.1.0, comparable with < */
#define PC_VERSION_NUMBER (PC_VERSION_MAJOR * 10000 + PC_VERSION_MINOR * 100 + PC_VERSION_PATCH)

/* The version of the library in use at run time ("0.1.0"); PC_VERSION is
 * the version of the header a program was compiled with.  Static string. */
const char *pc_version(void);
/* The same as a PC_VERSION_NUMBER. */
int pc_version_number(void);

/* ---- statuses ------------------------------------------------------------------ */

typedef enum pc_status {
    PC_OK = 0,    /* done; pc_reader_next: a record was read */
    PC_END,       /* pc_reader_next: no more records (not an error) */
    PC_SKIPPED,   /* pc_reader_next: a bad record was skipped (reported); call again */
    PC_ERR_INPUT, /* bad input: a record or an input could not be converted */
    PC_ERR_USAGE, /* a bad argument: a NULL handle, an unknown format, option or
                     encoding, a field of another kind, a reader-only format as
                     a writer, text that is not UTF-8 */
    PC_ERR_IO,    /* a file could not be opened or read, or the output written */
    PC_ERR_NOMEM, /* the allocator returned NULL for a handle (see "Memory" above) */
} pc_status;

/* "ok", "end", "skipped", "bad input", "bad usage", "input/output error",
 * "out of memory"; "unknown status" for any other value.  Static. */
const char *pc_status_string(pc_status st);

/* ---- memory ---------------------------------------------------------------------- */

/* Makes the library allocate with these (all three, or all NULL for the
 * default malloc, realloc and free).  Call it before any other call of the
 * library, and before a second thread uses it: memory allocated before is
 * freed with the functions in place when it is freed.  realloc_fn(NULL, n)
 * must allocate, free_fn(NULL) must do nothing; a NULL result is "out of
 * memory" (see "Memory" above).  PC_ERR_USAGE if only some are NULL. */
pc_status pc_set_allocator(void *(*malloc_fn)(size_t), void *(*realloc_fn)(void *, size_t),
                           void (*free_fn)(void *));
/* Frees memory the library handed over to the caller (pc_convert_buffer's
 * output); NULL is allowed. */
void pc_free(void *p);

/* ---- fields ---------------------------------------------------------------------
 *
 * Every field a record can hold is one row of paperconv/fields.def: each
 * CSL 1.0.2 variable and our additions (arXiv id, version and primary
 * class, the `updated` date, the journal reference, subtitle, ...). */

/* How a field's value is held. */
typedef enum pc_field_kind {
    PC_FK_NONE = 0,
    PC_FK_TEXT,   /* a string (CSL string variable) */
    PC_FK_NUMBER, /* a CSL number variable, kept as text: "12", "XIV", "3-5" */
    PC_FK_NAME,   /* a list of names: one role (author, editor, ...) */
    PC_FK_DATE,   /* a date, a range, or a literal date */
    PC_FK_LIST,   /* a list of strings, de-duplicated (keywords, URLs) */
} pc_field_kind;

/* Field flags (pc_field_flags). */
enum {
    PC_FF_CSL = 1u << 0,       /* a CSL 1.0.2 variable: the name is its CSL name */
    PC_FF_RICH = 1u << 1,      /* may carry italic/bold (pc_record_markup) */
    PC_FF_TITLE = 1u << 2,     /* a title: words may be case-protected */
    PC_FF_CSL_FIRST = 1u << 3, /* LIST whose CSL variable holds only the first item (URL) */
    PC_FF_CSL_JOIN = 1u << 4,  /* LIST whose CSL variable is the items joined with ", " */
};

/* The field ids: PC_F_TITLE, PC_F_AUTHOR, PC_F_ISSUED, ... */
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

/* ---- kinds of work --------------------------------------------------------------- */

/* Every CSL 1.0.2 item type (paperconv/kinds.def). */
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
/* The broader kind a format writes when it has no type for k (kinds.def);
 * PC_KIND_NONE for an unknown id. */
pc_kind pc_kind_broader(pc_kind k);

/* ---- records --------------------------------------------------------------------- */

typedef struct pc_record pc_record;

/* An empty record; NULL only when the allocator returns NULL. */
pc_record *pc_record_new(void);
/* Frees the record and everything it holds; NULL is allowed. */
void pc_record_free(pc_record *r);
/* A deep copy of r; NULL for r NULL or when the allocator returns NULL. */
pc_record *pc_record_clone(const pc_record *r);
/* Empties r (every field, the key, the kind, the pass-through values). */
void pc_record_clear(pc_record *r);

/* The kind of work; PC_KIND_NONE when unknown. */
pc_kind pc_record_kind(const pc_record *r);
pc_status pc_record_set_kind(pc_record *r, pc_kind k);
/* The citation key, or NULL: the input's, or what a writer gave it. */
const char *pc_record_key(const pc_record *r);
/* Sets the key (copied; NULL or "" removes it).  A writer still changes a
 * key that another record written has, or that holds characters its
 * format's keys cannot (pc_writer_write). */
pc_status pc_record_set_key(pc_record *r, const char *key);
/* Where a reader found the record: the input's name (valid while the
 * reader is open) and, when line is not NULL, its line (0: unknown).
 * NULL for a record not read. */
const char *pc_record_source(const pc_record *r, unsigned long *line);

/* Whether field f (of any kind) has a value. */
bool pc_record_has(const pc_record *r, pc_field f);
/* Removes field f (of any kind). */
void pc_record_unset(pc_record *r, pc_field f);

/* -- text and number fields (PC_FK_TEXT, PC_FK_NUMBER) -- */

/* The value of f: NFC UTF-8 with LaTeX decoded, never empty; NULL when
 * absent or not a text or number field. */
const char *pc_record_get(const pc_record *r, pc_field f);
/* Sets f to a copy of s[0, n), NFC-normalised, replacing any value and
 * its markup; n = 0 removes the field. */
pc_status pc_record_set_text(pc_record *r, pc_field f, const char *s, size_t n);
/* Whether the source cut the text short ("…"; the ellipsis is not in it). */
bool pc_record_text_truncated(const pc_record *r, pc_field f);

/* Inline markup kinds: spans of a text field. */
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

/* The spans of markup over f's text (PC_FF_RICH fields): sorted by start,
 * properly nested, outer spans first; the text itself stays plain. */
size_t pc_record_markup_count(const pc_record *r, pc_field f);
/* Span i: the bytes [*start, *end) of f's text are *mark (any out pointer
 * may be NULL).  PC_ERR_USAGE past the last span. */
pc_status pc_record_markup(const pc_record *r, pc_field f, size_t i, size_t *start, size_t *end,
                           pc_mark *mark);
/* The words the input protected from case changes ({LLM} in BibTeX), a
 * word or a run of words each. */
size_t pc_record_protected_count(const pc_record *r, pc_field f);
const char *pc_record_protected(const pc_record *r, pc_field f, size_t i);

/* -- names (PC_FK_NAME: one list per role, PC_F_AUTHOR, PC_F_EDITOR, ...) -- */

/* The parts of a name: a person fills given, particles, family and suffix;
 * an organisation ("The ATLAS Collaboration") the literal only. */
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

/* Name flags (pc_record_name_flags): CSL's name options. */
enum {
    PC_NAME_COMMA_SUFFIX = 1u << 0, /* "Smith, Jr.": a comma before the suffix */
    PC_NAME_STATIC_ORDER = 1u << 1, /* given and family in the order given (CJK) */
};

/* How many names `role` has (0: none, or not a name field). */
size_t pc_record_name_count(const pc_record *r, pc_field role);
/* Part `part` of the i-th name of `role`, or NULL when it has none. */
const char *pc_record_name_part(const pc_record *r, pc_field role, size_t i, pc_name_part part);
/* The i-th name's PC_NAME_* flags. */
unsigned pc_record_name_flags(const pc_record *r, pc_field role, size_t i);
/* The i-th name's affiliations. */
size_t pc_record_affiliation_count(const pc_record *r, pc_field role, size_t i);
const char *pc_record_affiliation(const pc_record *r, pc_field role, size_t i, size_t j);
/* Whether the list of `role` was cut short ("et al.", "and others"). */
bool pc_record_et_al(const pc_record *r, pc_field role);

/* Appends a person to `role`: family and given (either may be NULL or "",
 * not both).  *index (when not NULL) is the new name's index. */
pc_status pc_record_add_person(pc_record *r, pc_field role, const char *family, const char *given,
                               size_t *index);
/* Appends an organisation (a literal name, never split) to `role`. */
pc_status pc_record_add_organization(pc_record *r, pc_field role, const char *literal,
                                     size_t *index);
/* Sets one part of the i-th name (NULL or "" removes it); PC_ERR_USAGE if
 * that would leave the name with no family, given or literal part. */
pc_status pc_record_set_name_part(pc_record *r, pc_field role, size_t i, pc_name_part part,
                                  const char *value);
pc_status pc_record_set_name_flags(pc_record *r, pc_field role, size_t i, unsigned flags);
/* Adds an affiliation to the i-th name (unless it has it already). */
pc_status pc_record_add_affiliation(pc_record *r, pc_field role, size_t i, const char *affiliation);
/* Marks the list of `role` (which must have a name) as cut short, or not. */
pc_status pc_record_set_et_al(pc_record *r, pc_field role, bool et_al);

/* -- dates (PC_FK_DATE: PC_F_ISSUED, PC_F_ACCESSED, ...) -- */

/* The parts of a date, or of a range of two.  0 means unknown.  Years are
 * counted as CSL counts them, with no year 0: -1 is 1 BC. */
typedef enum pc_date_part {
    PC_DATE_PART_NONE = 0,
    PC_DATE_YEAR,       /* 2026; a date without a year has no parts */
    PC_DATE_MONTH,      /* 1..12 */
    PC_DATE_DAY,        /* 1..31 */
    PC_DATE_SEASON,     /* 1 spring, 2 summer, 3 autumn, 4 winter */
    PC_DATE_END_YEAR,   /* a range's end; 0: not a range */
    PC_DATE_END_MONTH,
    PC_DATE_END_DAY,
    PC_DATE_END_SEASON,
    PC_DATE_FLAGS,      /* PC_DATE_CIRCA, ... below */
} pc_date_part;

/* Date flags (PC_DATE_FLAGS), as EDTF and CSL mark them. */
enum {
    PC_DATE_CIRCA = 1u << 0,      /* approximate: EDTF "~", CSL circa */
    PC_DATE_UNCERTAIN = 1u << 1,  /* EDTF "?" */
    PC_DATE_OPEN_END = 1u << 2,   /* a range with an open end: EDTF "2011/.." */
    PC_DATE_OPEN_START = 1u << 3, /* a range with an open start: EDTF "../2011" */
};

/* Part `part` of date f; 0 when f has no parts (see pc_record_date_literal). */
int pc_record_date_part(const pc_record *r, pc_field f, pc_date_part part);
/* f as the source wrote it when no part holds it ("in press", "Spring 1999
 * or so"), or NULL. */
const char *pc_record_date_literal(const pc_record *r, pc_field f);
/* Sets f's parts to year, month (0: none) and day (0: none), clearing the
 * other parts (the literal stays); year 0 removes the parts.  PC_ERR_USAGE
 * for a date the model does not hold: a year outside -9999..9999, a month
 * outside 1-12, a day its month has not, a day without a month. */
pc_status pc_record_set_date_parts(pc_record *r, pc_field f, int year, int month, int day);
/* Sets one part of f, which must have a year (PC_DATE_YEAR 0 removes the
 * parts); years, months and days as pc_record_set_date_parts (a range's end
 * too), seasons 0-4, flags PC_DATE_*. */
pc_status pc_record_set_date_part(pc_record *r, pc_field f, pc_date_part part, int value);
/* Sets f's literal (copied; NULL or "" removes it). */
pc_status pc_record_set_date_text(pc_record *r, pc_field f, const char *literal);

/* -- lists (PC_FK_LIST: PC_F_KEYWORD, PC_F_URL, ...) -- */

size_t pc_record_list_count(const pc_record *r, pc_field f);
const char *pc_record_list_item(const pc_record *r, pc_field f, size_t i);
/* Appends an item (white space at its ends trimmed) unless it is empty or
 * the list has it already (then PC_OK: nothing to do). */
pc_status pc_record_add_list_item(pc_record *r, pc_field f, const char *item);

/* -- pass-through values: an input's fields the model has no place for -- */

/* Kept as the input wrote them, under the reader's family ("bibtex",
 * "ris", "csl", "atom", "crossref", ...), so a writer of that family
 * writes them back and any other counts them as dropped. */
size_t pc_record_passthrough_count(const pc_record *r);
/* The i-th: its family, field name and raw value (any out pointer may be
 * NULL).  PC_ERR_USAGE past the last. */
pc_status pc_record_passthrough(const pc_record *r, size_t i, const char **family,
                                const char **name, const char **value);
/* Adds one under `family` ("bibtex" for the BibTeX and biblatex writers,
 * "csl" for CSL-JSON and CSL-YAML, "ris"): a family's name is kept for the
 * life of the process, and at most 64 distinct ones are (PC_ERR_USAGE
 * past that, or for an empty family or name). */
pc_status pc_record_add_passthrough(pc_record *r, const char *family, const char *name,
                                    const char *value);

/* ---- formats ---------------------------------------------------------------------- */

typedef struct pc_format pc_format;

/* The format table, in the order paperconv --list-formats prints it. */
size_t pc_format_count(void);
/* Format i (i < pc_format_count()), or NULL. */
const pc_format *pc_format_at(size_t i);
/* The format's name ("bibtex"), its description; static. */
const char *pc_format_name(const pc_format *f);
const char *pc_format_description(const pc_format *f);
/* The format's i-th alias ("bib") or file extension, without the dot
 * ("bib"); NULL past the last. */
const char *pc_format_alias(const pc_format *f, size_t i);
const char *pc_format_extension(const pc_format *f, size_t i);
/* Whether it can read, write. */
bool pc_format_can_read(const pc_format *f);
bool pc_format_can_write(const pc_format *f);
/* The format named `name` or with it as an alias (case-insensitive); NULL
 * if none. */
const pc_format *pc_format_find(const char *name);
/* The same, preferring a reader: a name a writer and a reader share (text:
 * the text writer, the listing reader) gives the reader. */
const pc_format *pc_format_find_reader(const char *name);
/* The format a file name's extension names (a reader when want_reader,
 * else a writer: the one -o FILE chooses); NULL if none or ambiguous.
 * The extension inside a compression's counts: refs.bib.gz is a .bib. */
const pc_format *pc_format_by_extension(const char *path, bool want_reader);
/* The reader that knows head[0, n), the first bytes of an input; NULL if
 * none or two match equally (then *ambiguous, when not NULL, is set). */
const pc_format *pc_format_sniff(const char *head, size_t n, bool *ambiguous);

/* ---- the converter: options, diagnostics, counters ---------------------------------- */

typedef struct pc_converter pc_converter;

typedef enum pc_severity {
    PC_SEV_NONE = 0,
    PC_SEV_NOTE,    /* said with -v only: the reader chosen, a key changed */
    PC_SEV_WARNING, /* data repaired or dropped; an error under PC_OPT_STRICT */
    PC_SEV_ERROR,   /* a record or an input could not be converted */
} pc_severity;

/* One message with its position (line/col 0 = unknown, file NULL = none).
 * Valid only during the callback; members may be added at the end. */
typedef struct pc_diag {
    pc_severity severity;
    const char *file;
    unsigned long line, col;
    const char *message;
} pc_diag;

typedef void (*pc_diag_fn)(void *user, const pc_diag *d);

/* How far a run has got, for a progress display (members may be added at
 * the end). */
typedef struct pc_progress {
    unsigned long records;    /* records read so far (written or skipped) */
    unsigned long long bytes; /* input bytes read so far, over all inputs */
    unsigned long long total; /* the inputs' total size; 0 = unknown (a pipe) */
    bool done;                /* the last call of the run */
} pc_progress;

typedef void (*pc_progress_fn)(void *user, const pc_progress *p);

/* A converter with the default options and no callback (diagnostics are
 * only counted, and the last error kept); NULL only when the allocator
 * returns NULL. */
pc_converter *pc_converter_new(void);
void pc_converter_free(pc_converter *c);

typedef enum pc_option {
    PC_OPT_NONE = 0,
    /* integer options (pc_converter_set_option) */
    PC_OPT_UNICODE,    /* BibTeX: keep UTF-8 instead of LaTeX commands (0/1) */
    PC_OPT_STRICT,     /* warnings count as errors (0/1) */
    PC_OPT_KEEP_GOING, /* bad records do not fail a run (0/1); an input that
                          cannot be read still does */
    PC_OPT_REKEY,      /* ignore the inputs' citation keys, always make them (0/1) */
    PC_OPT_VERBOSE,    /* 1: also build the notes (PC_SEV_NOTE) -v shows */
    PC_OPT_DATE,       /* arXiv: PC_DATE_PUBLISHED (first version) or PC_DATE_UPDATED */
    /* string options (pc_converter_set_string; copied, NULL = the default) */
    PC_OPT_ENCODING,   /* the inputs' character set (an iconv name or alias:
                          "latin1"); default UTF-8 (and what an input names) */
    PC_OPT_STYLE,      /* html, text, markdown, latex: a CSL style's name or path */
    PC_OPT_LOCALE,     /* the CSL locale ("de-DE") */
    PC_OPT_CITATIONS,  /* a JSON file of citation clusters to format */
    PC_OPT_KEY_FORMAT, /* the formula that makes missing keys ("auth.lower + year");
                          one that does not compile is refused (pc_converter_errcol) */
    PC_OPT_KEY_POSTFIX,/* what tells repeated keys apart ("-%n"); default "%a" */
    /* the record operations (man 1 paperconv: --dedupe ... --max-authors) */
    PC_OPT_DEDUPE,     /* integer: PC_DEDUPE_OFF (default), PC_DEDUPE_IDS (one work:
                          the same DOI, arXiv id, ISBN, PMID, PMCID, OpenAlex or
                          S2 id), PC_DEDUPE_FUZZY (also the same folded title,
                          first author's family name and year) */
    PC_OPT_MERGE,      /* string: how duplicates become one: "combine" (default),
                          "first", "last" */
    PC_OPT_CITED,      /* string, repeatable: a file saying what is cited (.aux,
                          .bcf, Markdown, a list of keys); each call adds one,
                          NULL forgets them all; only cited records are written */
    PC_OPT_SORT,       /* string: sort order, "author,-year" (key, author, year,
                          date, title, type, added; '-' descending); NULL: input order */
    PC_OPT_OMIT,       /* string, repeatable: fields to remove, "note,abstract" */
    PC_OPT_KEEP,       /* string, repeatable: the only fields to keep */
    PC_OPT_RENAME,     /* string, repeatable: "FROM=TO", a field moved to another */
    PC_OPT_REMOVE_EMPTY, /* integer 0/1: remove fields with no text */
    PC_OPT_MAX_AUTHORS,  /* integer: keep N authors, then "and others" (0: all) */
    PC_OPT_KEY_SCOPE,  /* integer: PC_KEY_SCOPE_RUN (default) or PC_KEY_SCOPE_GLOBAL */
    PC_OPT_JOBS,       /* threads that read an input (1, the default: none; 0: one per
                          online core); the output is the same */
    /* BibTeX -> BibTeX and biblatex -> biblatex keep each entry as written;
     * these lay the entries out again, only as asked (integer options) */
    PC_OPT_BIB_INDENT,         /* spaces before a field (0..16), or PC_BIB_INDENT_TAB */
    PC_OPT_BIB_ALIGN,          /* 0 no; PC_BIB_ALIGN_LONGEST, or N (1..64): '=' after column N */
    PC_OPT_BIB_DELIMS,         /* PC_BIB_DELIMS_* */
    PC_OPT_BIB_FIELD_ORDER,    /* PC_BIB_ORDER_* */
    PC_OPT_BIB_MONTHS,         /* PC_BIB_MONTHS_* */
    PC_OPT_BIB_WRAP,           /* 0 no; N (20..10000): values broken at spaces to lines of N columns */
    PC_OPT_BIB_TRAILING_COMMA, /* 0/1: a ',' after the last field */
    PC_OPT_BIB_REWRITE,        /* 0/1: 1 writes every entry from its values, as from any other format */
} pc_option;

/* PC_OPT_DEDUPE's values. */
typedef enum pc_dedupe_choice {
    PC_DEDUPE_OFF = 0,
    PC_DEDUPE_IDS,   /* the same identifier */
    PC_DEDUPE_FUZZY, /* the same identifier, or title, first author and year */
} pc_dedupe_choice;

/* PC_OPT_KEY_SCOPE: how keys are kept unique. */
typedef enum pc_key_scope {
    PC_KEY_SCOPE_RUN = 0, /* within the run: repeats get the postfix, in input order */
    PC_KEY_SCOPE_GLOBAL,  /* across runs over parts of an input, with nothing shared: every
                             generated key ends with "-" and 8 letters and digits of a hash
                             of the record's DOI, else arXiv id, else title and year; a
                             taken input key gets the same; a second record of the same
                             identity in one run, the postfix after it */
} pc_key_scope;

/* Values of the PC_OPT_BIB_* options. */
enum { PC_BIB_INDENT_TAB = -1, PC_BIB_ALIGN_LONGEST = -1 };
typedef enum pc_bib_delims {
    PC_BIB_DELIMS_AS_WRITTEN = 0,
    PC_BIB_DELIMS_BRACES, /* "..." values as {...} */
    PC_BIB_DELIMS_QUOTES, /* {...} values as "..." (when no '"' is at their top level) */
} pc_bib_delims;
typedef enum pc_bib_order {
    PC_BIB_ORDER_INPUT = 0, /* as written */
    PC_BIB_ORDER_STANDARD,  /* the order the writer writes fields in */
    PC_BIB_ORDER_ALPHA,     /* by name */
} pc_bib_order;
typedef enum pc_bib_months {
    PC_BIB_MONTHS_AS_WRITTEN = 0,
    PC_BIB_MONTHS_MACRO,  /* month = jan */
    PC_BIB_MONTHS_NUMBER, /* month = 1 */
    PC_BIB_MONTHS_NAME,   /* month = {January} */
} pc_bib_months;

typedef enum pc_date_choice {
    PC_DATE_PUBLISHED = 0, /* first version (arXiv `published`) */
    PC_DATE_UPDATED,       /* latest version (arXiv `updated`) */
} pc_date_choice;

/* Sets an integer option; PC_ERR_USAGE for a string option or a value out
 * of range. */
pc_status pc_converter_set_option(pc_converter *c, pc_option opt, int value);
/* Sets a string option; PC_ERR_USAGE for an integer option, or an encoding
 * iconv does not know. */
pc_status pc_converter_set_string(pc_converter *c, pc_option opt, const char *value);
/* Sends every diagnostic to fn (NULL: none), which must not call back
 * into the library with the same converter. */
pc_status pc_converter_set_diag(pc_converter *c, pc_diag_fn fn, void *user);
/* Calls fn about every MB of input (or 4096 records) of pc_convert, and
 * once at the end (NULL: never); it must be cheap. */
pc_status pc_converter_set_progress(pc_converter *c, pc_progress_fn fn, void *user);

typedef enum pc_counter {
    PC_COUNT_NONE = 0,
    PC_COUNT_READ,          /* records read (written or skipped) */
    PC_COUNT_WRITTEN,       /* records written */
    PC_COUNT_SKIPPED,       /* bad records skipped */
    PC_COUNT_WARNINGS,      /* warning diagnostics */
    PC_COUNT_ERRORS,        /* error diagnostics */
    PC_COUNT_INPUTS_FAILED, /* inputs that could not be read as a whole */
    PC_COUNT_OUTPUT_FAILED, /* 1 once an output could not be written */
    PC_COUNT_MERGED,        /* PC_OPT_DEDUPE: records merged into an earlier one */
    PC_COUNT_GROUPS,        /* PC_OPT_DEDUPE: works that had two records or more */
    PC_COUNT_CONFLICTS,     /* PC_OPT_DEDUPE: values a merge did not keep (they differ) */
    PC_COUNT_NOT_CITED,     /* PC_OPT_CITED: records left out (not cited) */
    PC_COUNT_CITED_MISSING, /* PC_OPT_CITED: cited keys no input has (warned) */
} pc_counter;

/* A counter, summed over everything done with c. */
unsigned long pc_converter_count(const pc_converter *c, pc_counter which);
/* The tally of values writers could not hold: one entry per (format,
 * field), in the order first seen ("ris" could not hold "groups" of 3
 * records); -v prints it. */
size_t pc_converter_drop_count(const pc_converter *c);
/* Entry i: the writer's format, the field's name, and how many records
 * lost it (any out pointer may be NULL).  PC_ERR_USAGE past the last. */
pc_status pc_converter_drop(const pc_converter *c, size_t i, const char **format,
                            const char **field, unsigned long *records);
/* The last error's message ("refs.bib:12:3: unbalanced braces"), or "" if
 * none; owned by c. */
const char *pc_converter_errmsg(const pc_converter *c);
/* When pc_converter_set_string last refused an option's text (a key
 * formula that does not compile), the 1-based column of that text where it
 * went wrong, else 0; errmsg then holds the reason alone. */
size_t pc_converter_errcol(const pc_converter *c);

/* ---- readers: records from an input -------------------------------------------------- */

typedef struct pc_reader pc_reader;

/* Opens the file `path` ("-" = standard input) with reader `from`, or the
 * one its extension, then its content, names when `from` is NULL.  `c`
 * gives the options and receives the diagnostics and counts (NULL: the
 * reader has a converter of its own, with the defaults).  On PC_OK *out is
 * the reader, else NULL: PC_ERR_IO (the file cannot be read), PC_ERR_INPUT
 * (its format cannot be told, or its reader refused it), PC_ERR_USAGE
 * (`from` cannot read), PC_ERR_NOMEM; the message is c's errmsg.  An empty
 * input opens and has no record. */
pc_status pc_reader_open_path(pc_converter *c, const char *path, const pc_format *from,
                              pc_reader **out);
/* The same over an open stream, read from where it stands to its end and
 * not closed; `name` names it in messages (NULL: "<stream>").  The format
 * comes from `from` or the content. */
pc_status pc_reader_open_file(pc_converter *c, FILE *f, const char *name, const pc_format *from,
                              pc_reader **out);
/* The same over data[0, n), which is not copied: it must stay valid and
 * unchanged until pc_reader_close.  `name` as pc_reader_open_file. */
pc_status pc_reader_open_memory(pc_converter *c, const void *data, size_t n, const char *name,
                                const pc_format *from, pc_reader **out);
/* The reader the input is read with (NULL for an empty input). */
const pc_format *pc_reader_format(const pc_reader *r);
/* Empties rec and fills it with the next record: PC_OK; PC_SKIPPED (a bad
 * record, reported: call again); PC_END after the last record; or, when the
 * input could not be read to its end, PC_ERR_INPUT or PC_ERR_IO (reported;
 * every call after returns the same).  Records keep the input's keys. */
pc_status pc_reader_next(pc_reader *r, pc_record *rec);
/* The message of the last error of the reader's converter, or "". */
const char *pc_reader_errmsg(const pc_reader *r);
/* Closes the reader (NULL is allowed). */
void pc_reader_close(pc_reader *r);

/* ---- writers: records into an output --------------------------------------------------- */

typedef struct pc_writer pc_writer;

/* Takes n bytes of output; returns false when they cannot be written (the
 * writer then fails with PC_ERR_IO). */
typedef bool (*pc_write_fn)(void *user, const char *data, size_t n);

/* Opens a writer of format `to` onto `out` (not closed by the writer).
 * `c` as pc_reader_open_path (NULL: a converter of its own).  On PC_OK *w
 * is the writer; PC_ERR_USAGE when `to` cannot write. */
pc_status pc_writer_open_file(pc_converter *c, const pc_format *to, FILE *out, pc_writer **w);
/* The same, handing the output to fn as it is made. */
pc_status pc_writer_open_callback(pc_converter *c, const pc_format *to, pc_write_fn fn, void *user,
                                  pc_writer **w);
/* The same into a buffer the writer grows: pc_writer_data after
 * pc_writer_finish. */
pc_status pc_writer_open_buffer(pc_converter *c, const pc_format *to, pc_writer **w);
/* Writes one record, first giving it a citation key unique among the
 * records this writer wrote, compared the way `to`'s consumers compare
 * keys (BibTeX without case): its own key when it has one that is free and
 * well-formed (else the free part of it, with a, b, ... added), else one
 * made of family name, year and title word.  PC_ERR_IO when the output
 * failed; PC_ERR_USAGE after pc_writer_finish. */
pc_status pc_writer_write(pc_writer *w, pc_record *rec);
/* Ends the document and flushes the output: PC_OK; PC_ERR_IO when the
 * output could not be written; PC_ERR_INPUT when an error was reported
 * since the writer was opened (a record or an input could not be
 * converted, or the style of a formatted-reference writer could not be
 * loaded) and PC_OPT_KEEP_GOING is off.  A second call returns the same. */
pc_status pc_writer_finish(pc_writer *w);
/* A buffer writer's output after pc_writer_finish (NUL-terminated, *len
 * its length when len is not NULL); owned by the writer.  NULL for other
 * writers or before pc_writer_finish. */
const char *pc_writer_data(const pc_writer *w, size_t *len);
/* The message of the last error of the writer's converter, or "". */
const char *pc_writer_errmsg(const pc_writer *w);
/* Frees the writer, finishing the document first if pc_writer_finish was
 * not called (its status is then lost); NULL is allowed. */
void pc_writer_free(pc_writer *w);

/* ---- compressed output ----------------------------------------------------------------
 *
 * Inputs need nothing: a gzip, zstd or xz input (files, standard input,
 * streams, memory) is told by its magic number and read decompressed. */

/* A stream that compresses what is written to it into f, with the codec
 * path's extension names (".gz": gzip, ".zst": zstd, ".xz": xz), or f
 * itself when it names none.  fclose of the stream finishes the compressed
 * data, flushes f (and fsyncs it when `sync`) and closes f: it fails (EOF,
 * errno set) when any of that fails.  Writing the same text twice gives
 * the same bytes. */
FILE *pc_compress_open(FILE *f, const char *path, bool sync);

/* ---- conversions --------------------------------------------------------------------- */

/* Reads every input file (paths[0 .. n_paths), "-" = standard input; none:
 * standard input) with `from` (NULL: chosen per input by extension, then
 * content), and writes every record with w, giving each a citation key
 * unique within the call (a key taken by an earlier record is warned about,
 * with where).  Options, diagnostics and counts are those of w's
 * converter.  PC_OK; PC_ERR_INPUT when a record could not be read (unless
 * PC_OPT_KEEP_GOING) or an input failed as a whole (always); PC_ERR_IO
 * when the output failed.  The writer is not finished: call
 * pc_writer_finish. */
pc_status pc_convert(pc_writer *w, const char *const *paths, size_t n_paths, const pc_format *from);
/* One call for bindings: converts in[0, n) from the format named `from`
 * (NULL: told by the content) to the one named `to`, into *out (allocated,
 * NUL-terminated, *out_len its length when out_len is not NULL; free it
 * with pc_free).  `c` as pc_reader_open_path (NULL: the defaults).  The
 * status as pc_convert and pc_writer_finish; *out is set (possibly to
 * what could be converted) unless the status is PC_ERR_USAGE or
 * PC_ERR_NOMEM, when it is NULL. */
pc_status pc_convert_buffer(pc_converter *c, const char *from, const char *to, const void *in,
                            size_t n, char **out, size_t *out_len);

/* ---- formatted references: a CSL 1.0.2 processor ------------------------------------
 *
 * An engine is made once from a style and a locale, fed records, given
 * citation clusters, then asked for the clusters and the bibliography
 * formatted (the -t html|text|markdown|latex writers are this engine):
 *
 *     pc_style *e = pc_style_new(conv, "apa", NULL);
 *     pc_style_add(e, rec);                          // a copy; rec stays the caller's
 *     pc_style_cite(e, "smith2020", "23", NULL, NULL, NULL, 0);
 *     pc_style_end_cluster(e, 0);                  // (Smith, 2020, p. 23)
 *     char *s = pc_style_cluster(e, 0, PC_STYLE_HTML); ... pc_free(s);
 *     for (size_t i = 0; i < pc_style_bib_count(e); i++) { s = pc_style_bib_entry(e, i, PC_STYLE_TEXT); ... }
 *     pc_style_free(e);
 *
 * Styles and locales are found as by --style and --locale (paperconv(1)):
 * a name looked up in $PAPERCONV_CSL_PATH, $XDG_DATA_HOME/csl and Debian's
 * citation-style-language-styles (dependent styles followed to their
 * parent), a path, or the style's XML itself.  Messages (the style's
 * file:line, an unknown id) go to the engine's converter. */

typedef struct pc_style pc_style;

typedef enum pc_style_format {
    PC_STYLE_HTML = 0, /* the CSL test-suite's markup */
    PC_STYLE_TEXT,     /* plain UTF-8 */
    PC_STYLE_MARKDOWN, /* pandoc's Markdown */
    PC_STYLE_LATEX,    /* LaTeX */
} pc_style_format;

/* pc_style_cite's flags. */
#define PC_STYLE_SUPPRESS_AUTHOR 1u
#define PC_STYLE_AUTHOR_ONLY 2u

/* A new engine for `style` (a name, a path, XML starting with '<', or NULL
 * for the built-in author-date style) and `locale` ("de-DE"; NULL: the
 * style's default, else en-US).  `c` as pc_reader_open_path (its
 * diagnostic callback hears the engine; it must outlive the engine).  NULL
 * when the style or locale cannot be loaded (reported: pc_converter_errmsg)
 * or an argument is not UTF-8. */
pc_style *pc_style_new(pc_converter *c, const char *style, const char *locale);
/* Frees the engine; NULL is allowed. */
void pc_style_free(pc_style *e);
/* Adds a copy of rec to the items the engine formats.  A record without a
 * key is "item-N" (N from 1, in the order added); a record with a key
 * already added replaces the earlier one (as citeproc-js does), with a
 * warning.  PC_ERR_USAGE for a NULL handle. */
pc_status pc_style_add(pc_style *e, const pc_record *rec);
/* Adds a cite to the cluster being made: the key of a record (`id`), and
 * optionally a `locator` ("23", "12-15"), its `label` (the locator's term:
 * "page" by default, "chapter", ...), a `prefix` and `suffix` (CSL rich
 * text) and flags (PC_STYLE_SUPPRESS_AUTHOR, PC_STYLE_AUTHOR_ONLY); strings
 * are copied.  PC_ERR_USAGE for a NULL handle or id, or text that is not
 * UTF-8 (the cite is not added). */
pc_status pc_style_cite(pc_style *e, const char *id, const char *locator, const char *label,
                        const char *prefix, const char *suffix, unsigned flags);
/* Ends the cluster of the cites added since the last one: note = its
 * footnote number, 0 for a citation in the text.  Unknown ids are reported
 * when the cluster is formatted.  PC_ERR_USAGE for a NULL handle or a
 * cluster without a cite. */
pc_status pc_style_end_cluster(pc_style *e, int note);
/* How many records and clusters were added. */
size_t pc_style_count(const pc_style *e);
size_t pc_style_cluster_count(const pc_style *e);
/* Cluster i formatted, as the clusters added so far place it (positions,
 * disambiguation): an allocated string to free with pc_free, or NULL past
 * the last cluster. */
char *pc_style_cluster(pc_style *e, size_t i, pc_style_format fmt);
/* Whether the style has a bibliography, and its number of entries (every
 * record, in the style's order). */
bool pc_style_has_bibliography(const pc_style *e);
size_t pc_style_bib_count(pc_style *e);
/* Entry i of the bibliography formatted (pc_free it), or NULL past the
 * last; the key of its record (owned by the engine). */
char *pc_style_bib_entry(pc_style *e, size_t i, pc_style_format fmt);
const char *pc_style_bib_id(pc_style *e, size_t i);

#ifdef __cplusplus
}
#endif

#endif
