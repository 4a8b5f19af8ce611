/* SPDX-License-Identifier: MIT */
/* refs.h — the formatted-reference writers (html, text, markdown, latex):
 * each record is handed to a CSL processor (src/citeproc/citeproc.h) made
 * from --style and --locale; at the end come the clusters of --citations,
 * if any, and the bibliography of every record, in the style's order.
 *
 *   writer.c    the shared machinery: engine, records, citations, the loop
 *   json.c      what they read as JSON: --citations (both shapes), CSL
 *               pass-through values
 *   html.c      pc_format_html: an HTML document (the CSL test-suite's markup)
 *   text.c      pc_format_text: plain text, one entry per line
 *   markdown.c  pc_format_markdown: pandoc Markdown, one paragraph per entry
 *   latex.c     pc_format_latex: a LaTeX list, one \item per entry
 *
 * A bibliography is sorted and disambiguated over all records, so these
 * writers keep every record until the end: memory grows with the input. */
#ifndef PC_REFS_H
#define PC_REFS_H

#include "citeproc/citeproc.h"
#include "io/format_table.h"

/* How one output format lays out the document around the pieces. */
typedef struct pc_refs_shape {
    pc_citeproc_format format;
    const char *name; /* the format's name, for messages */
    /* each returns false when the output failed */
    bool (*begin)(FILE *out, pc_citeproc *cp, bool citations);
    bool (*cluster)(FILE *out, const char *text);
    bool (*bib_begin)(FILE *out, pc_citeproc *cp, bool citations);
    bool (*entry)(FILE *out, const char *text);
    bool (*end)(FILE *out, pc_citeproc *cp);
} pc_refs_shape;

/* Adds the citation clusters of a parsed JSON value (jansson's; the
 * engine knows no JSON), in either shape json.c describes: an array of
 * clusters, each an array of cites ({"id", "locator", "label", "prefix",
 * "suffix", "suppress-author", "author-only"}) or an object with
 * "citationItems" and optionally "properties": {"noteIndex": N}; or the
 * CSL test-suite's CITATIONS, [citation, citationsPre, citationsPost]
 * triples.  False after reporting (under `path`, naming the cluster) when
 * root is neither (plain clusters before a bad one are added; triples are
 * all checked before any is). */
struct json_t;
bool pc_refs_cite_json(pc_citeproc *cp, pc_ctx *ctx, const char *path, const struct json_t *root);
/* The same with the JSON file at path (--citations); a file jansson
 * cannot read is reported with its line and column. */
bool pc_refs_cite_file(pc_citeproc *cp, pc_ctx *ctx, const char *path);

void *pc_refs_begin(FILE *out, pc_ctx *ctx, const pc_refs_shape *shape);
bool pc_refs_write(void *state, const pc_record *rec);
bool pc_refs_end(void *state);

#endif
