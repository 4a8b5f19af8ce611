/* SPDX-License-Identifier: MIT */
/* ctx.h — the conversion context (pc_ctx, which a program knows as the
 * opaque pc_converter of paperconv.h) as the library's code sees it: the
 * options, the diagnostic sink and its counters, the last error's message,
 * the per-field drop tally, the progress hook.  Readers and writers receive
 * it; they never print.  Not installed (src/io/diag.c, src/api/converter.c). */
#ifndef PC_IO_CTX_H
#define PC_IO_CTX_H

#include "paperconv.h"
#include "util/buf.h"

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
    /* the record operations of issue 22 (src/ops/run.c) */
    int dedupe;              /* --dedupe: PC_DEDUPE_OFF, _IDS, _FUZZY */
    const char *merge;       /* --merge: "combine" (NULL), "first", "last" */
    const char *sort;        /* --sort: a sort spec ("author,-year"); NULL = input order */
    bool remove_empty;       /* --remove-empty */
    int max_authors;         /* --max-authors: 0 = no limit */
    /* repeatable options, PC_CTX_L_*: items each ended by a NUL byte */
    pc_buf lists[4];
    bool key_global;         /* --key-scope=global: keys unique by the record's identity (keyset.h) */
    int jobs; /* -j: worker threads reading an input (src/io/parallel.c); 0 or 1 = none */
    /* BibTeX entries kept as written: their layout (PC_OPT_BIB_*; formats/bibtex/keep.c) */
    struct pc_bib_layout {
        bool indent_set;     /* --indent given: */
        int indent;          /* spaces before a field, or PC_BIB_INDENT_TAB */
        int align;           /* 0 no; PC_BIB_ALIGN_LONGEST; N: '=' after column N of the name */
        int delims;          /* PC_BIB_DELIMS_* */
        int order;           /* PC_BIB_ORDER_* */
        int months;          /* PC_BIB_MONTHS_* */
        int wrap;            /* 0: no; N: values broken at spaces to lines of at most N columns */
        bool trailing_comma; /* a ',' after the last field */
        bool rewrite;        /* not kept: written from the values (--rewrite) */
    } bib;
} pc_options;

/* The repeatable options (pc_options.lists): --cited FILE, --omit LIST,
 * --keep LIST, --rename FROM=TO. */
enum { PC_CTX_L_CITED = 0, PC_CTX_L_OMIT, PC_CTX_L_KEEP, PC_CTX_L_RENAME, PC_CTX_N_LISTS };

/* The string options a converter owns (pc_converter_set_string copies). */
enum { PC_CTX_ENCODING = 0, PC_CTX_STYLE, PC_CTX_LOCALE, PC_CTX_CITATIONS, PC_CTX_KEY_FORMAT,
       PC_CTX_KEY_POSTFIX, PC_CTX_MERGE, PC_CTX_SORT, PC_CTX_N_STRINGS };

/* Shared state of one conversion run: options, the diagnostic sink and its
 * counters.  Readers and writers receive it; they never print.  A program
 * knows it as the opaque pc_converter. */
typedef struct pc_converter pc_ctx;
struct pc_converter {
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
    /* the operations' counts (src/ops/run.c): records merged into an
     * earlier one, groups of two or more, values a merge did not keep,
     * records --cited left out, cited keys no input had */
    unsigned long n_merged, n_groups, n_conflicts, n_not_cited, n_cited_missing;
    /* per-field "dropped by the writer" counters, summarised with -v
     * (private: src/io/diag.c) */
    struct pc_drops *drops;
    /* progress hook, NULL = none: pc_convert calls it about every MB of
     * input (or 4096 records) and once at the end; it must be cheap */
    pc_progress_fn progress;
    void *progress_user;
    /* a worker thread's context (-j, src/io/parallel.c): readers change no
     * process-wide state (jansson's allocator) */
    bool worker;
    /* a later chunk's reader (-j): its messages about lines before its
     * chunk's first (the file's start it was given as context) are the
     * first chunk's, dropped; 0: none */
    unsigned long quiet_before;
    /* the last error's message, "FILE:LINE:COL: message" (pc_*_errmsg):
     * an error diagnostic, or a call the API refused */
    pc_buf errmsg;
    size_t errcol; /* the column of a refused option's text (pc_converter_errcol), 0 = none */
    char *strings[PC_CTX_N_STRINGS]; /* owned copies behind opt's strings */
    /* the run's output format, set by the driver: a reader of that same
     * format keeps the text as written for it (BibTeX: formats/bibtex/keep.c) */
    const char *write_format;
};

/* Initialises a context on the stack (the library's own, and tests');
 * pc_ctx_free frees what it holds (not ctx itself).  NULL is allowed. */
void pc_ctx_init(pc_ctx *ctx, pc_diag_fn fn, void *user);
void pc_ctx_free(pc_ctx *ctx);
/* Sends a printf-style message to the sink and counts it; an error is
 * also kept as the last error's message. */
void pc_diag_emit(pc_ctx *ctx, pc_severity sev, const char *file, unsigned long line,
                  unsigned long col, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* Records a refused call's message as the last error (not sent to the
 * sink, not counted: the data is not at fault) and returns `st`. */
pc_status pc_ctx_refuse(pc_ctx *ctx, pc_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Counts that a writer could not keep `field` of a record (format `fmt`);
 * both strings are copied. */
void pc_ctx_dropped(pc_ctx *ctx, const char *fmt, const char *field);
/* Calls fn once per dropped-field counter, in first-seen order. */
void pc_ctx_each_drop(const pc_ctx *ctx,
                      void (*fn)(void *u, const char *fmt, const char *field, unsigned long n),
                      void *u);
/* The i-th dropped-field counter (first-seen order); false past the last. */
bool pc_ctx_drop_at(const pc_ctx *ctx, size_t i, const char **fmt, const char **field,
                    unsigned long *n);
size_t pc_ctx_n_drops(const pc_ctx *ctx);

#endif
