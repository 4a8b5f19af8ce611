/* SPDX-License-Identifier: MIT */
/* csl.h — the CSL 1.0.2 mapping shared by every CSL-shaped format.
 *
 * One item shape for CSL-JSON and CSL-YAML, in both directions: the
 * writers build an item with pc_csl_item and serialise it; the readers
 * turn one parsed item into a record with pc_csl_read_item.  Items are
 * jansson values (json_t) in both cases.  The mapping is the field table
 * itself: every CSL variable of include/paperconv/fields.def is read and
 * written under its CSL name. */
#ifndef PC_CSL_H
#define PC_CSL_H

#include "paperconv.h"

#include <jansson.h>

/* How italic and bold are written inside CSL strings: CSL-JSON uses
 * citeproc's HTML-like tags (<i>, <b>); pandoc reads CSL-YAML as Markdown
 * (*...*, **...**, backslash escapes).  src/markup.c does both. */
typedef enum pc_csl_text {
    PC_CSL_HTML = 0,
    PC_CSL_MARKDOWN,
} pc_csl_text;

/* The pass-through family of CSL: variables a CSL reader does not know
 * are kept under this format name and written back by both CSL writers. */
#define PC_CSL_FAMILY "csl"

/* The kind of a CSL type name, Crossref's type ids too
 * ("journal-article"); PC_KIND_OTHER for a type we do not know. */
pc_kind pc_csl_kind(const char *s, size_t n);

/* Builds the CSL 1.0.2 item of rec (id = rec->key), its rich text written
 * as `text`.  Caller owns the result (json_decref).  What CSL cannot hold
 * is counted with pc_ctx_dropped(ctx, fmt, ...). */
json_t *pc_csl_item(const pc_record *rec, pc_ctx *ctx, const char *fmt, pc_csl_text text);

/* Fills rec (cleared) from one CSL item, reading rich text as `text` and
 * accepting the loose forms pandoc accepts (date as "raw" or EDTF string,
 * string date-parts, name as one string, literal names).  Problems are
 * reported via ctx at file:line (the item's line).  Returns false if the
 * item is not a usable CSL item (then it reported why). */
bool pc_csl_read_item(const json_t *item, pc_record *rec, pc_ctx *ctx, const char *file,
                      unsigned long line, pc_csl_text text);

#endif
