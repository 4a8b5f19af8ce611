/* SPDX-License-Identifier: MIT */
/* paperconv.h — the public API of libpaperconv.
 *
 * Owns: the common record model every reader fills and every writer reads,
 * the format table (readers and writers), diagnostics, and the conversion
 * driver the CLI is built on.  Everything here is prefixed pc_ / PC_.
 *
 * Ownership rule: a pc_record owns every string and array it points to.
 * pc_record_clear() frees them all; free functions accept NULL.  Out of
 * memory aborts (see pc_xmalloc in src/util/buf.h), so no call here reports it.
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
 * and tags to them with tables (see pc_map_row in src/model/map.h). */

/* How a field's value is held. */
typedef enum pc_field_kind {
    PC_FK_NONE = 0,
    PC_FK_TEXT,   /* a string (CSL string variable) */
    PC_FK_NUMBER, /* a CSL number variable, kept as text: "12", "XIV", "3-5" */
    PC_FK_NAME,   /* a list of names: one role (author, editor, ...) */
    PC_FK_DATE,   /* a date, a range, or a literal date */
    PC_FK_LIST,   /* a list of strings, de-duplicated (keywords, URLs) */
} pc_field_kind;

/* Field flags (pc_field_info.flags). */
enum {
    PC_FF_CSL = 1u << 0,       /* a CSL 1.0.2 variable: name is its CSL name */
    PC_FF_RICH = 1u << 1,      /* may carry italic/bold (pc_text.markup) */
    PC_FF_TITLE = 1u << 2,     /* a title: words may be case-protected */
    PC_FF_CSL_FIRST = 1u << 3, /* LIST whose CSL variable holds only the first item (URL) */
    PC_FF_CSL_JOIN = 1u << 4,  /* LIST whose CSL variable is the items joined with ", " */
};

typedef enum pc_field {
    PC_F_NONE = 0,
#define PC_FIELD(id, name, kind, flags) PC_F_##id,
#include "paperconv/fields.def"
#undef PC_FIELD
    PC_F_COUNT
} pc_field;

typedef struct pc_field_info {
    pc_field id;
    const char *name; /* CSL name (PC_FF_CSL) or ours: "arxiv-id" */
    pc_field_kind kind;
    unsigned flags;
} pc_field_info;

/* The row of f; NULL for PC_F_NONE or out of range. */
const pc_field_info *pc_field_get(pc_field f);
/* The field whose name is [name, name+n) (exact case), also CSL's aliases
 * (shortTitle, journalAbbreviation, event); PC_F_NONE if none. */
pc_field pc_field_by_name(const char *name, size_t n);

/* ---- kinds of work ----------------------------------------------------------- */

/* Every CSL 1.0.2 item type (include/paperconv/kinds.def). */
typedef enum pc_kind {
    PC_KIND_NONE = 0, /* unknown: writers treat it like PC_KIND_PREPRINT */
#define PC_KIND(id, csl, broader) PC_KIND_##id,
#include "paperconv/kinds.def"
#undef PC_KIND
    PC_KIND_COUNT
} pc_kind;

/* CSL type name of k ("article-journal"); "unknown" for PC_KIND_NONE. */
const char *pc_kind_name(pc_kind k);
/* The kind whose CSL type is [s, s+n); PC_KIND_NONE if none. */
pc_kind pc_kind_by_name(const char *s, size_t n);
/* The broader kind a format writes when it has no type for k (kinds.def). */
pc_kind pc_kind_broader(pc_kind k);

/* ---- values ------------------------------------------------------------------ */

/* A growable list of owned UTF-8 strings.  Past a few items a hash index
 * (set) is kept beside it, so pc_strlist_has and pc_strlist_add_unique
 * take constant time on lists of any length. */
typedef struct pc_strlist {
    char **items;
    size_t n, cap;
    struct pc_strset *set; /* private: the hash index, or NULL */
} pc_strlist;

/* Inline markup over a text field: the bytes [start, end) of the field's
 * text are italic or bold.  A list is sorted by start, outer spans before the
 * spans they contain, and spans nest properly (src/text/markup.c checks and
 * renders them).  The text itself stays plain: writers without markup use it
 * as it is. */
typedef enum pc_mark {
    PC_MARK_NONE = 0,
    PC_MARK_ITALIC, /* \emph, \textit, <i>, *...* */
    PC_MARK_BOLD,   /* \textbf, <b>, **...** */
    PC_MARK_NOCASE, /* case protection: only in spans a writer builds from
                       pc_text.protected_words, never stored in a record */
    PC_MARK_TEX,    /* LaTeX the decoder does not know (\foo{x}), kept as
                       written: writers with LaTeX write it verbatim, the
                       others as text */
    PC_MARK_SUP,    /* \textsuperscript, <sup>, ^...^ */
    PC_MARK_SUB,    /* \textsubscript, <sub>, ~...~ */
} pc_mark;

typedef struct pc_span {
    size_t start, end; /* byte offsets into the field's text */
    pc_mark mark;
} pc_span;

typedef struct pc_spanlist {
    pc_span *items;
    size_t n, cap;
} pc_spanlist;

/* A text or number field's value.  `s` is owned, NFC UTF-8 with LaTeX
 * decoded (math, $...$, kept verbatim), never empty. */
typedef struct pc_text {
    pc_field field;
    bool truncated; /* the source cut it ("…"); the ellipsis is not in s */
    char *s;
    pc_spanlist markup;         /* italic/bold (PC_FF_RICH fields) */
    pc_strlist protected_words; /* words the input braced to keep their case ({LLM}) */
    /* protected_words: one entry per brace group or nocase span, a word
     * or a run of words ({RNA Polymerase II}); a writer finds them in the
     * text with pc_markup_with_nocase (markup.h) */
} pc_text;

/* Name flags (pc_name.flags): CSL's name options. */
enum {
    PC_NAME_COMMA_SUFFIX = 1u << 0,   /* "Smith, Jr.": a comma before the suffix */
    PC_NAME_STATIC_ORDER = 1u << 1,   /* given and family in the order given (CJK) */
};

/* One person or organisation.  Personal names fill given/particle/family/
 * suffix; organisations ("The ATLAS Collaboration") fill literal only.
 * All strings are owned, NFC UTF-8, and NULL when absent. */
typedef struct pc_name {
    char *given;     /* "Jean-Luc", "D. E." */
    char *dparticle; /* CSL dropping-particle: "de" in "Charles de Gaulle" when a
                        style drops it with the given name */
    char *particle;  /* CSL non-dropping-particle: "van der", "de la" (stays with the family) */
    char *family;    /* "Berg" */
    char *suffix;    /* "Jr.", "III" */
    char *literal;   /* organisations: the whole name, never split */
    char *orcid;     /* "0000-0002-1825-0097", without the URL */
    pc_strlist affiliations;
    unsigned flags; /* PC_NAME_* */
} pc_name;

/* The names of one role. */
typedef struct pc_names {
    pc_field role; /* PC_F_AUTHOR, PC_F_EDITOR, ... */
    bool et_al;    /* the list was cut ("et al.", "and others") */
    pc_name *items;
    size_t n, cap;
} pc_names;

/* Date flags (pc_date.flags), as EDTF and CSL mark them. */
enum {
    PC_DATE_CIRCA = 1u << 0,     /* approximate: EDTF "~", CSL circa */
    PC_DATE_UNCERTAIN = 1u << 1, /* EDTF "?" */
    PC_DATE_OPEN_END = 1u << 2,  /* a range with an open end: EDTF "2011/.." */
    PC_DATE_OPEN_START = 1u << 3, /* a range with an open start: EDTF "../2011" */
};

/* A date, or a range of two.  0 means unknown for each part.  Years are
 * counted as CSL counts them, with no year 0: -1 is 1 BC, -877 is 877 BC
 * (EDTF, ISO 8601 and biblatex count astronomically, 0000 and -0876:
 * pc_date_parse_edtf and pc_date_iso convert).  A value type: no pointers
 * (a literal date lives in pc_datevar). */
typedef struct pc_date {
    int year;  /* e.g. 2026; 0 = unknown */
    int month; /* 1..12; 0 = unknown */
    int day;   /* 1..31; 0 = unknown */
    int end_year, end_month, end_day; /* a range's end; end_year 0 = not a range */
    int season;    /* 1 spring, 2 summer, 3 autumn, 4 winter (EDTF 21-24); 0 none */
    unsigned flags; /* PC_DATE_* */
    int end_season; /* the range end's season (EDTF 2012-22/2012-23); 0 none */
} pc_date;

/* A date field's value: parts, or a literal ("in press", "Spring 1999 or
 * so") that no part holds, or both (the literal is how the source wrote it). */
typedef struct pc_datevar {
    pc_field field;
    pc_date date;
    char *literal; /* owned, or NULL */
} pc_datevar;

/* A list field's value. */
typedef struct pc_listvar {
    pc_field field;
    pc_strlist list;
} pc_listvar;

/* A pass-through value: an input field with no model field, kept as the
 * input wrote it so a writer of the same format can write it back; any
 * other writer counts it in -v. */
typedef struct pc_extra {
    const char *format; /* not owned: the reader's format name ("bibtex") */
    char *name;         /* owned: the field or tag as written ("groups", "M1") */
    char *value;        /* owned: the raw value */
} pc_extra;

/* The one record type.  Fields live in small arrays, one per kind of value,
 * in the order they were set; `slot` finds a field's entry in constant time
 * (1 + its index, 0 = absent), so a record holds only what it has. */
typedef struct pc_record {
    pc_kind kind;
    char *key; /* citation key from the input or assigned by the driver */
    pc_text *texts;
    size_t n_texts, cap_texts;
    pc_names *names;
    size_t n_names, cap_names;
    pc_datevar *dates;
    size_t n_dates, cap_dates;
    pc_listvar *lists;
    size_t n_lists, cap_lists;
    pc_extra *extras;
    size_t n_extras, cap_extras;
    unsigned char slot[PC_F_COUNT];
    /* where the record starts in its input, for diagnostics */
    const char *src_file; /* not owned: lives as long as the input */
    unsigned long src_line;
} pc_record;

void pc_record_init(pc_record *r);
/* Frees everything r owns and re-initialises it (r itself is not freed). */
void pc_record_clear(pc_record *r);

/* -- text and number fields -- */

/* The value of text/number field f, or NULL when absent. */
const char *pc_record_get(const pc_record *r, pc_field f);
/* The whole entry of f (markup, protected words, truncated), or NULL. */
const pc_text *pc_record_text(const pc_record *r, pc_field f);
pc_text *pc_record_text_mut(pc_record *r, pc_field f);
/* Sets f to a copy of [s, s+n), replacing any value; markup and protected
 * words are reset.  An empty value removes the field and returns NULL. */
pc_text *pc_record_set(pc_record *r, pc_field f, const char *s, size_t n);
/* The same for a NUL-terminated string (NULL removes the field). */
pc_text *pc_record_set_str(pc_record *r, pc_field f, const char *s);
/* Takes ownership of s (malloc'd; freed when empty). */
pc_text *pc_record_take(pc_record *r, pc_field f, char *s);
/* Sets f and moves *markup (which may be NULL) into it: spans outside the
 * text are clipped; *markup is left empty. */
pc_text *pc_record_set_rich(pc_record *r, pc_field f, const char *s, size_t n,
                            pc_spanlist *markup);
/* Appends [s, s+n) to f after `sep` (when f has a value): "a" + "; " + "b". */
pc_text *pc_record_append(pc_record *r, pc_field f, const char *sep, const char *s, size_t n);
/* Removes f (any kind). */
void pc_record_unset(pc_record *r, pc_field f);
/* Whether f (any kind) has a value. */
bool pc_record_has(const pc_record *r, pc_field f);

/* -- names -- */

/* The names of `role`, or NULL when there are none. */
const pc_names *pc_record_names(const pc_record *r, pc_field role);
/* The names of `role`, created empty when absent. */
pc_names *pc_record_names_mut(pc_record *r, pc_field role);
/* Appends a zeroed name to `role` and returns it; the record owns it. */
pc_name *pc_record_add_name(pc_record *r, pc_field role);
/* Appends a zeroed name to a list and returns it. */
pc_name *pc_names_add(pc_names *l);
/* Number of authors (PC_F_AUTHOR), 0 when none. */
size_t pc_record_n_authors(const pc_record *r);
/* The i-th author (i < pc_record_n_authors). */
const pc_name *pc_record_author(const pc_record *r, size_t i);
void pc_name_clear(pc_name *n);

/* -- dates -- */

/* The date of f, or NULL when f has no date parts (see pc_record_date_literal). */
const pc_date *pc_record_date(const pc_record *r, pc_field f);
/* The literal of date field f, or NULL. */
const char *pc_record_date_literal(const pc_record *r, pc_field f);
/* Sets f's parts (the literal, if any, stays). A date with no year removes the parts. */
void pc_record_set_date(pc_record *r, pc_field f, const pc_date *d);
/* Sets f's literal (copied; empty removes it). */
void pc_record_set_date_literal(pc_record *r, pc_field f, const char *s, size_t n);

/* -- lists -- */

/* The list of f, or NULL when empty. */
const pc_strlist *pc_record_list(const pc_record *r, pc_field f);
/* Appends [s, s+n) (trimmed) to list f unless empty or already there;
 * returns whether it was added.  Constant time (hashed). */
bool pc_record_list_add(pc_record *r, pc_field f, const char *s, size_t n);

/* -- pass-through -- */

/* Keeps an input field that has no model field (copies name and value;
 * `format` must outlive the record: a format's static name). */
void pc_record_add_extra(pc_record *r, const char *format, const char *name, size_t name_n,
                         const char *value, size_t value_n);
/* The first pass-through value `name` kept under `format` (NULL: any
 * format), or NULL. */
const pc_extra *pc_record_extra(const pc_record *r, const char *format, const char *name);

/* -- conventions every reader shares (one place, not one per reader) -- */

/* Sets the abstract: a final "…" (or, with `dots`, "...") marks it
 * truncated and is removed, with the white space before it; markup as
 * pc_record_set_rich. */
pc_text *pc_record_set_abstract(pc_record *r, const char *s, size_t n, pc_spanlist *markup,
                                bool dots);
/* Sets the DOI from any spelling ("doi:", resolver URLs): the bare DOI; the
 * arXiv DOI (10.48550/arXiv.ID) sets the arXiv id instead.  False when
 * [s, s+n) holds no DOI (then nothing is set). */
bool pc_record_set_doi(pc_record *r, const char *s, size_t n);
/* Sets the arXiv id and version from any spelling (bare, arXiv:ID, an
 * arxiv.org URL, the arXiv DOI); false when it is not one. */
bool pc_record_set_arxiv(pc_record *r, const char *s, size_t n);
/* Sets the arXiv version ("2" for v2); 0 or less removes it. */
void pc_record_set_arxiv_version(pc_record *r, int version);
/* The note as CSL, RIS and BibTeX writers write it: the note, then the
 * journal reference on a line "Journal reference: ..." (Zotero's habit). */
void pc_record_note_compose(const pc_record *r, struct pc_buf *out);
/* The reverse: a "Journal reference: " line becomes the journal reference,
 * the rest the note. */
void pc_record_note_split(pc_record *r, const char *s, size_t n);
/* Makes `updated` the issued date when opt.date says so (arXiv readers keep
 * both; the driver calls this before writing with --date updated). */
void pc_record_choose_date(pc_record *r, bool use_updated);

/* -- lists of strings and spans -- */

void pc_strlist_push(pc_strlist *l, const char *s); /* copies s */
void pc_strlist_push_n(pc_strlist *l, const char *s, size_t n);
/* Pushes a copy unless an equal string is there; returns whether it was added. */
bool pc_strlist_add_unique(pc_strlist *l, const char *s, size_t n);
/* Adds each space-separated word of s[0, n) that l does not hold yet. */
void pc_strlist_add_words(pc_strlist *l, const char *s, size_t n);
void pc_strlist_clear(pc_strlist *l);
bool pc_strlist_has(const pc_strlist *l, const char *s);
bool pc_strlist_has_n(const pc_strlist *l, const char *s, size_t n);
/* Appends a span (end may be filled in later) and returns its index. */
size_t pc_spanlist_push(pc_spanlist *l, size_t start, size_t end, pc_mark mark);
void pc_spanlist_clear(pc_spanlist *l);

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

/* ---- options and conversion context ---------------------------------------- */

typedef enum pc_date_choice {
    PC_DATE_PUBLISHED = 0, /* first version (arXiv `published`) */
    PC_DATE_UPDATED,       /* latest version (arXiv `updated`) */
} pc_date_choice;

typedef struct pc_options {
    bool unicode;    /* BibTeX: keep UTF-8 instead of LaTeX commands */
    bool strict;     /* warnings count as errors */
    bool keep_going; /* bad records do not fail the run */
    bool rekey;      /* ignore keys from the input, always generate */
    int verbose;     /* 0 quiet summary, 1 -v */
    pc_date_choice date;
    const char *encoding; /* --encoding: the inputs' character set (iconv name); NULL = UTF-8 */
    /* the formatted-reference writers (html, text, markdown, latex) */
    const char *style;     /* --style: a CSL style's name or path; NULL = the built-in one */
    const char *locale;    /* --locale: "de-DE"; NULL = the style's default, else en-US */
    const char *citations; /* --citations: a JSON file of citation clusters, or NULL */
    /* citation keys made for records (src/model/keyformula.h) */
    const char *key_format;  /* --key-format: a key formula; NULL = the default rule */
    const char *key_postfix; /* --key-postfix: what follows a repeated key ("-%n"); NULL = "%a" */
} pc_options;

typedef struct pc_keyset pc_keyset; /* unique citation keys (src/model/citekey.c) */

/* How far a run has got, for a progress display (pc_ctx.progress). */
typedef struct pc_progress {
    unsigned long records;    /* records read so far (written or skipped) */
    unsigned long long bytes; /* input bytes read so far, over all inputs */
    unsigned long long total; /* the inputs' total size; 0 = unknown (a pipe) */
    bool done;                /* the last call of the run */
} pc_progress;

typedef void (*pc_progress_fn)(void *user, const pc_progress *p);

/* Shared state of one conversion run: options, the diagnostic sink and its
 * counters.  Readers and writers receive it; they never print. */
typedef struct pc_ctx {
    pc_options opt;
    pc_diag_fn diag;
    void *diag_user;
    unsigned long n_errors, n_warnings;
    unsigned long n_read, n_written, n_skipped;
    bool output_failed; /* a writer could not write: the output is incomplete */
    /* inputs that failed as a whole: not opened, format unknown, reading
     * stopped before the end, or foreign content that gave no record.  An
     * error --keep-going does not forgive (it is about bad records). */
    unsigned long n_inputs_failed;
    /* per-field "dropped by the writer" counters, summarised with -v
     * (private: src/io/diag.c) */
    struct pc_drops *drops;
    /* progress hook, NULL = none: pc_convert calls it about every MB of
     * input (or 4096 records) and once at the end; it must be cheap */
    pc_progress_fn progress;
    void *progress_user;
} pc_ctx;

void pc_ctx_init(pc_ctx *ctx, pc_diag_fn fn, void *user);
void pc_ctx_free(pc_ctx *ctx);
/* Sends a printf-style message to the sink and counts it. */
void pc_diag_emit(pc_ctx *ctx, pc_severity sev, const char *file, unsigned long line,
                  unsigned long col, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* Counts that a writer could not keep `field` of a record (format `fmt`);
 * both strings are copied. */
void pc_ctx_dropped(pc_ctx *ctx, const char *fmt, const char *field);
/* Calls fn once per dropped-field counter, in first-seen order. */
void pc_ctx_each_drop(const pc_ctx *ctx,
                      void (*fn)(void *u, const char *fmt, const char *field, unsigned long n),
                      void *u);

/* ---- byte sources ----------------------------------------------------------- */

typedef struct pc_source pc_source; /* buffered input with peek (src/io/source.c) */

/* ---- formats ---------------------------------------------------------------- */

/* Result of pc_format.read_next. */
typedef enum pc_read_status {
    PC_READ_NONE = 0,
    PC_READ_RECORD, /* *rec was filled */
    PC_READ_EOF,    /* no more records */
    PC_READ_SKIP,   /* one record was bad, reported; call again for the next */
    PC_READ_FATAL,  /* the input cannot be read further, reported */
} pc_read_status;

typedef struct pc_format pc_format;

/* One entry of the format table.  A format has a reader, a writer or both.
 * Reader: open returns its state (NULL after reporting an error), next fills
 * a cleared record, close frees the state.  Writer: begin returns its state,
 * write emits one record, end finishes the document and frees the state;
 * write and end return false when the output failed. */
struct pc_format {
    const char *name;
    const char *const *aliases;    /* NULL-terminated */
    const char *const *extensions; /* NULL-terminated, without dot */
    /* the extensions -o FILE chooses this writer by, when they differ from
     * `extensions` (CSL-JSON writes .json, which the JSON reader reads);
     * NULL = `extensions` */
    const char *const *write_extensions;
    const char *description;
    /* 0 = not this format, higher = more certain; sees the first bytes */
    int (*sniff)(const char *head, size_t n);
    void *(*read_open)(pc_source *src, pc_ctx *ctx);
    pc_read_status (*read_next)(void *state, pc_record *rec);
    void (*read_close)(void *state);
    void *(*write_begin)(FILE *out, pc_ctx *ctx);
    bool (*write_record)(void *state, const pc_record *rec);
    bool (*write_end)(void *state);
    /* The format's field map (src/model/map.h): which of its fields or tags
     * hold which model field, in both directions.  NULL for a format that
     * maps through another's (the listing reader).  The README's "what
     * each format keeps" matrix is generated from these. */
    const struct pc_map_row *map;
    size_t map_len;
    /* How the format's consumers compare citation keys, so that the keys
     * written are unique their way.  true: without case (BibTeX: bibtex
     * finds \cite keys and "Repeated entry" case-folded, as pybtex and
     * biblatex's bibtex backend do; keys are then compared Unicode
     * case-folded, which is unique byte-wise for biber too).  false:
     * byte-wise (CSL `id`: pandoc and citeproc-js find [@key] and [@Key]
     * as two items; RIS `ID`, an opaque label to Zotero and EndNote). */
    bool keys_fold_case;
};

/* The table, NULL-terminated (src/io/registry.c). */
extern const pc_format *const pc_formats[];
/* Finds a format by name or alias (case-insensitive); NULL if none. */
const pc_format *pc_format_find(const char *name);
/* Finds a format by the file name's extension; NULL if none or ambiguous. */
const pc_format *pc_format_by_extension(const char *path, bool want_reader);
/* Finds a reader by content; NULL if nothing matches or two match equally
 * (then *ambiguous is set). */
const pc_format *pc_format_sniff(const char *head, size_t n, bool *ambiguous);

/* ---- sources ---------------------------------------------------------------- */

/* Opens a file ("-" = stdin).  Returns NULL and sets errno on failure. */
pc_source *pc_source_open(const char *path);
/* A source over a memory block (not copied: must outlive the source). */
pc_source *pc_source_mem(const char *name, const char *data, size_t n);
void pc_source_close(pc_source *src);
const char *pc_source_name(const pc_source *src);

/* ---- reading one input ------------------------------------------------------ */

typedef struct pc_input pc_input;

/* Opens `path` ("-" = stdin) with reader `from`, or the one its extension or
 * content names when `from` is NULL.  Returns NULL after reporting through
 * ctx when the file cannot be opened or its format told; an empty input
 * opens and yields no record. */
pc_input *pc_input_open(pc_ctx *ctx, const char *path, const pc_format *from);
/* The reader chosen for the input (NULL for an empty input). */
const pc_format *pc_input_format(const pc_input *in);
/* Fills rec (which must be cleared) with the next record; see pc_read_status. */
pc_read_status pc_input_next(pc_input *in, pc_record *rec);
/* Closes the input, reporting a read error if one happened; NULL is allowed. */
void pc_input_close(pc_input *in);

/* ---- conversion driver ----------------------------------------------------- */

/* Reads every input ("-" = stdin) with `from` (NULL: chosen per input by
 * extension, then content), gives each record a unique key, and writes it
 * with `to` to `out`.  Problems go to ctx's sink and counters.  Returns
 * PC_EXIT_OK, or PC_EXIT_INPUT when a record could not be read (unless
 * ctx->opt.keep_going), or an input failed as a whole or the output failed
 * (always); PC_EXIT_USAGE, before anything is read or written, when
 * ctx->opt.key_format or key_postfix does not compile (reported).  Keys are
 * unique as `to` compares them (keys_fold_case). */
pc_exit pc_convert(pc_ctx *ctx, const char *const *inputs, size_t n_inputs,
                   const pc_format *from, const pc_format *to, FILE *out);

/* ---- citation keys ---------------------------------------------------------- */

pc_keyset *pc_keyset_new(void);
/* A set whose keys are unique the way `to` compares them: without case
 * when to->keys_fold_case ("Key" after "key" becomes "Keya"), else
 * byte-wise (pc_keyset_new). */
pc_keyset *pc_keyset_new_for(const pc_format *to);
void pc_keyset_free(pc_keyset *ks);
/* Gives rec a key that is unique within ks: the input key unless `rekey`
 * or absent (letters and digits of any script and - _ : . / + ; ? ! ( ) * @
 * [ ] & kept, other runs becoming one "_"), else family+year+first title
 * word; duplicates get a, b, c. */
void pc_keyset_assign(pc_keyset *ks, pc_record *rec, bool rekey);

#ifdef __cplusplus
}
#endif

#endif
