/* SPDX-License-Identifier: MIT */
/* citeproc.h — the CSL 1.0.2 processor's API: formatted citations and
 * bibliographies from records of the common model.
 *
 * An engine is made once from a style and a locale, then fed records and
 * citation clusters, then asked for the clusters and the bibliography in
 * an output format:
 *
 *     pc_citeproc *cp = pc_citeproc_new("apa", NULL, &ctx);
 *     pc_citeproc_add(cp, &rec);                 // takes rec's contents
 *     pc_citeproc_cite(cp, items, n, 0);         // one cluster
 *     pc_citeproc_cluster(cp, 0, PC_CITEPROC_HTML, &buf);
 *     for (size_t i = 0; i < pc_citeproc_bib_count(cp); i++)
 *         pc_citeproc_bib_entry(cp, i, PC_CITEPROC_HTML, &buf);
 *     pc_citeproc_free(cp);
 *
 * Styles and locales: a style is a path, CSL XML in memory, or a name
 * looked up in $PAPERCONV_CSL_PATH (colon-separated), $XDG_DATA_HOME/csl
 * (~/.local/share/csl), and Debian's citation-style-language-styles
 * (/usr/share/citation-style-language/styles/, dependent styles followed to
 * their parent).  Locales come from the same places (locales-LANG.xml;
 * Debian's citation-style-language-locales), with the style's own <locale>
 * overrides, in CSL's fallback order (de-AT, de-DE, de, en-US).
 * Problems go to the context's diagnostic sink with the style's file:line.
 * Ownership: the engine owns what it is given (records are moved in);
 * buffers are the caller's.  Nothing here prints. */
#ifndef PC_CITEPROC_H
#define PC_CITEPROC_H

#include "io/ctx.h"
#include "model/record.h"
#include "util/buf.h"

typedef struct pc_citeproc pc_citeproc;

typedef enum pc_citeproc_format {
    PC_CITEPROC_HTML = 0, /* the CSL test-suite's markup */
    PC_CITEPROC_TEXT,     /* plain UTF-8 */
    PC_CITEPROC_MARKDOWN, /* pandoc's Markdown */
    PC_CITEPROC_LATEX,    /* LaTeX */
    PC_CITEPROC_NFORMATS
} pc_citeproc_format;

/* One cite of a cluster.  Strings are copied. */
typedef struct pc_citeproc_item {
    const char *id;
    const char *locator; /* "23", "12-15", or NULL */
    const char *label;   /* the locator's term: "page" (default), "chapter", ... */
    const char *prefix, *suffix; /* CSL rich text, or NULL */
    bool suppress_author, author_only;
} pc_citeproc_item;

/* A new engine for `style` (a name, a path, XML starting with '<', or NULL
 * for the built-in author-date style) and
 * `locale` ("de-DE"; NULL = the style's default, else en-US).  NULL after
 * reporting an error through ctx (which must outlive the engine). */
pc_citeproc *pc_citeproc_new(const char *style, const char *locale, pc_ctx *ctx);
void pc_citeproc_free(pc_citeproc *cp);

/* Decodes a CSL pass-through value (the raw JSON text a CSL reader kept for
 * a variable the model has no field for, pc_record_add_extra under
 * PC_CSL_FAMILY) into text: a string's contents or a number's digits,
 * appended to out; false when the value is not text.  The engine knows no
 * JSON: the caller that fed it CSL items says how to read their values
 * (the CSL-JSON format's extra_text, with jansson).  Without one, such
 * variables are empty. */
typedef bool (*pc_citeproc_extra_fn)(const char *raw, pc_buf *out);
void pc_citeproc_set_extra_reader(pc_citeproc *cp, pc_citeproc_extra_fn fn);

/* Moves rec's contents into the engine (rec is left cleared).  A record
 * without a key gets "item-N".  A record with a key already seen replaces
 * the earlier one (as citeproc-js does), with a warning. */
void pc_citeproc_add(pc_citeproc *cp, pc_record *rec);
/* The same with a copy of rec (a writer's record is const). */
void pc_citeproc_add_copy(pc_citeproc *cp, const pc_record *rec);
/* Adds a citation cluster of n cites; note = its footnote number, 0 for a
 * citation in the text (of a note style), negative when there are no note
 * numbers (the cluster's number then serves).  Unknown ids are reported
 * when rendered. */
void pc_citeproc_cite(pc_citeproc *cp, const pc_citeproc_item *items, size_t n, int note);

size_t pc_citeproc_count(const pc_citeproc *cp);          /* records */
size_t pc_citeproc_cluster_count(const pc_citeproc *cp);  /* clusters */
/* Appends cluster i, formatted, to out. */
void pc_citeproc_cluster(pc_citeproc *cp, size_t i, pc_citeproc_format fmt, pc_buf *out);
/* Whether the style has a bibliography, and how many entries it has
 * (every record, in the style's order). */
bool pc_citeproc_has_bibliography(const pc_citeproc *cp);
size_t pc_citeproc_bib_count(pc_citeproc *cp);
/* Appends entry i of the bibliography, formatted, to out. */
void pc_citeproc_bib_entry(pc_citeproc *cp, size_t i, pc_citeproc_format fmt, pc_buf *out);
/* The id of bibliography entry i. */
const char *pc_citeproc_bib_id(pc_citeproc *cp, size_t i);
/* Style options a writer of a whole bibliography needs. */
bool pc_citeproc_hanging_indent(const pc_citeproc *cp);
int pc_citeproc_second_field_align(const pc_citeproc *cp); /* 0 none, 1 flush, 2 margin */

/* The path a style or locale name resolves to (owned by the caller), or
 * NULL; `what_looked` (may be NULL) receives where it looked. */
char *pc_citeproc_find_style(const char *name, pc_buf *what_looked);
char *pc_citeproc_find_locale(const char *lang, pc_buf *what_looked);

#endif
