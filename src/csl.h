/* csl.h — the CSL 1.0.2 mapping shared by every CSL-shaped format.
 *
 * One item shape for CSL-JSON and CSL-YAML, in both directions: the
 * writers (formats/csljson.c, formats/yaml.c) build an item with
 * pc_csl_item and serialise it; the readers (CSL-JSON in the JSON reader,
 * CSL-YAML in formats/yaml.c) turn one parsed item into a record with
 * pc_csl_read_item.  Items are jansson values (json_t) in both cases. */
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

/* Builds the CSL 1.0.2 item of rec (id = rec->key). Caller owns the result (json_decref).
 * Only keys of the CSL-data schema are written.  Fields CSL cannot hold
 * (affiliations) are counted with pc_ctx_dropped(ctx, "csljson", ...). */
json_t *pc_csl_item(const pc_record *rec, pc_ctx *ctx);

/* Like pc_csl_item, but counts dropped fields under the format name `fmt`
 * ("csljson", "yaml"). */
json_t *pc_csl_item_for(const pc_record *rec, pc_ctx *ctx, const char *fmt);
/* Like pc_csl_item_for, with the title and abstract written as `text`. */
json_t *pc_csl_item_as(const pc_record *rec, pc_ctx *ctx, const char *fmt, pc_csl_text text);

/* Fills rec (cleared) from one CSL item, accepting the loose forms pandoc accepts (date as "raw" or
 * EDTF string, string date-parts, "circa", name as one string, literal names, two-element ranges
 * take the first date). Reports problems via ctx at file:line (line = the item's line; col 0 if unknown).
 * Returns false if the item is not a usable CSL item (then it reported why). */
bool pc_csl_read_item(const json_t *item, pc_record *rec, pc_ctx *ctx, const char *file, unsigned long line);
/* Like pc_csl_read_item, reading the title and abstract as `text`. */
bool pc_csl_read_item_as(const json_t *item, pc_record *rec, pc_ctx *ctx, const char *file,
                         unsigned long line, pc_csl_text text);

#endif
