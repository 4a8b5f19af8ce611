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

#define PC_VERSION "0.1.0"

/* ---- exit codes: one convention for the CLI and the driver ---------------- */
typedef enum pc_exit {
    PC_EXIT_OK = 0,    /* everything read was written */
    PC_EXIT_INPUT = 1, /* bad input: some record or file could not be converted */
    PC_EXIT_USAGE = 2, /* bad command line */
} pc_exit;

/* ---- record model ----------------------------------------------------------- */

/* What kind of work a record describes.  Names follow CSL where one exists. */
typedef enum pc_kind {
    PC_KIND_NONE = 0,   /* unknown: writers treat it like PC_KIND_PREPRINT */
    PC_KIND_PREPRINT,   /* arXiv or listing item, not (yet) published */
    PC_KIND_ARTICLE,    /* journal article */
    PC_KIND_CONFERENCE, /* paper in proceedings */
    PC_KIND_BOOK,
    PC_KIND_CHAPTER,
    PC_KIND_THESIS,
    PC_KIND_REPORT,
    PC_KIND_WEBPAGE,
    PC_KIND_DATASET,
    PC_KIND_SOFTWARE,
    PC_KIND_OTHER,
} pc_kind;

/* A growable list of owned UTF-8 strings. */
typedef struct pc_strlist {
    char **items;
    size_t n, cap;
} pc_strlist;

/* Inline markup over a text field: the bytes [start, end) of the field's
 * text are italic or bold.  A list is sorted by start, outer spans before the
 * spans they contain, and spans nest properly (src/markup.c checks and
 * renders them).  The text itself stays plain: writers without markup use it
 * as it is. */
typedef enum pc_mark {
    PC_MARK_ITALIC = 1, /* \emph, \textit, <i>, *...* */
    PC_MARK_BOLD,       /* \textbf, <b>, **...** */
    PC_MARK_NOCASE,     /* case protection: only in spans a writer builds from
                           title_protected, never stored in a record */
} pc_mark;

typedef struct pc_span {
    size_t start, end; /* byte offsets into the field's text */
    pc_mark mark;
} pc_span;

typedef struct pc_spanlist {
    pc_span *items;
    size_t n, cap;
} pc_spanlist;

/* One person or organisation.  Personal names fill given/particle/family/
 * suffix; organisations ("The ATLAS Collaboration") fill literal only.
 * All fields are owned, NFC UTF-8, and may be NULL when absent. */
typedef struct pc_name {
    char *given;    /* "Jean-Luc", "D. E." */
    char *particle; /* "van der", "de la" (stays with the family name) */
    char *family;   /* "Berg" */
    char *suffix;   /* "Jr.", "III" */
    char *literal;  /* organisations: the whole name, never split */
    pc_strlist affiliations;
} pc_name;

/* A calendar date; 0 means unknown for each part. */
typedef struct pc_date {
    int year;  /* e.g. 2026; 0 = unknown */
    int month; /* 1..12; 0 = unknown */
    int day;   /* 1..31; 0 = unknown */
} pc_date;

/* The one record type.  Text is NFC UTF-8 with LaTeX escapes decoded;
 * math ($...$) is kept verbatim. */
typedef struct pc_record {
    pc_kind kind;
    char *key; /* citation key from the input (BibTeX) or assigned by the driver */
    char *title;
    pc_strlist title_protected; /* words the input braced to keep their case ({LLM}) */
    pc_spanlist title_markup;   /* italic/bold in the title */
    pc_name *authors;
    size_t n_authors, cap_authors;
    bool et_al; /* the author list was cut ("et al.", "and others") */
    pc_date date;    /* issued / published */
    pc_date updated; /* last revision (arXiv `updated`) */
    char *abstract;
    bool abstract_truncated; /* the source cut it ("…"); the ellipsis is not in the text */
    pc_spanlist abstract_markup;
    char *doi;               /* bare DOI, "10.1234/x", never a URL */
    char *arxiv_id;          /* "2610.01234" or "math/0211159", without version */
    int arxiv_version;       /* 2 for v2; 0 unknown */
    char *arxiv_primary;     /* primary category, "cs.LG" */
    pc_strlist urls;
    pc_strlist keywords; /* keywords and categories */
    char *container;     /* journal or proceedings title */
    char *volume, *issue, *pages, *publisher;
    char *journal_ref; /* free-text journal reference (arXiv journal_ref) */
    char *comment;     /* free-text comment / note */
    /* where the record starts in its input, for diagnostics */
    const char *src_file; /* not owned: lives as long as the input */
    unsigned long src_line;
} pc_record;

void pc_record_init(pc_record *r);
/* Frees everything r owns and re-initialises it (r itself is not freed). */
void pc_record_clear(pc_record *r);
/* Appends a zeroed author and returns it; the record owns it. */
pc_name *pc_record_add_author(pc_record *r);
void pc_name_clear(pc_name *n);

void pc_strlist_push(pc_strlist *l, const char *s); /* copies s */
void pc_strlist_push_n(pc_strlist *l, const char *s, size_t n);
void pc_strlist_clear(pc_strlist *l);
bool pc_strlist_has(const pc_strlist *l, const char *s);
/* Appends a span (end may be filled in later) and returns its index. */
size_t pc_spanlist_push(pc_spanlist *l, size_t start, size_t end, pc_mark mark);
void pc_spanlist_clear(pc_spanlist *l);

const char *pc_kind_name(pc_kind k); /* "preprint", "article", ... */

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
    const char *encoding; /* --encoding NAME, or NULL */
} pc_options;

typedef struct pc_keyset pc_keyset; /* unique citation keys (src/citekey.c) */

/* Shared state of one conversion run: options, the diagnostic sink and its
 * counters.  Readers and writers receive it; they never print. */
typedef struct pc_ctx {
    pc_options opt;
    pc_diag_fn diag;
    void *diag_user;
    unsigned long n_errors, n_warnings;
    unsigned long n_read, n_written, n_skipped;
    bool output_failed; /* a writer could not write: the output is incomplete */
    /* per-field "dropped by the writer" counters, summarised with -v */
    struct pc_dropcount *drops;
    size_t n_drops, cap_drops;
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

typedef struct pc_source pc_source; /* buffered input with peek (src/source.c) */

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
    const char *description;
    /* 0 = not this format, higher = more certain; sees the first bytes */
    int (*sniff)(const char *head, size_t n);
    void *(*read_open)(pc_source *src, pc_ctx *ctx);
    pc_read_status (*read_next)(void *state, pc_record *rec);
    void (*read_close)(void *state);
    void *(*write_begin)(FILE *out, pc_ctx *ctx);
    bool (*write_record)(void *state, const pc_record *rec);
    bool (*write_end)(void *state);
};

/* The table, NULL-terminated (src/registry.c). */
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
 * PC_EXIT_OK, or PC_EXIT_INPUT when an input or record could not be read
 * (unless ctx->opt.keep_going) or the output failed (always). */
pc_exit pc_convert(pc_ctx *ctx, const char *const *inputs, size_t n_inputs,
                   const pc_format *from, const pc_format *to, FILE *out);

/* ---- citation keys ---------------------------------------------------------- */

pc_keyset *pc_keyset_new(void);
void pc_keyset_free(pc_keyset *ks);
/* Gives rec a key that is unique within ks: the input key unless `rekey`
 * or absent (reduced to letters, digits and - _ : . / +, other runs becoming
 * one "_"), else family+year+first title word; duplicates get a, b, c. */
void pc_keyset_assign(pc_keyset *ks, pc_record *rec, bool rekey);

#endif
