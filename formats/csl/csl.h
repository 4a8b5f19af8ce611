/* SPDX-License-Identifier: MIT */
/* csl.h — the CSL 1.0.2 mapping shared by every CSL-shaped format.
 *
 * One item shape for CSL-JSON and CSL-YAML, in both directions: the
 * writers build an item with pc_csl_item and serialise it; the readers
 * turn one parsed item into a record with pc_csl_read_item.  Items are
 * jansson values (json_t) in both cases.  The mapping is the field table
 * itself (pc_csl_map): every CSL variable of include/paperconv/fields.def
 * is read and written under its CSL name, and every field of ours in the
 * item's `custom` object under its table name. */
#ifndef PC_CSL_H
#define PC_CSL_H

#include "paperconv.h"
#include "model/map.h"

#include <jansson.h>

/* Frees text jansson made (json_dumps) with jansson's own free, which a
 * program may have set (json_set_alloc_funcs): neither free() nor the
 * library's allocator.  NULL is allowed. */
static inline void pc_json_text_free(char *s)
{
    json_free_t jfree;
    json_get_alloc_funcs(NULL, &jfree);
    if (s)
        jfree(s);
}

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

/* The CSL map, one row per field (and a few more: the arXiv fallbacks, the
 * journal reference in the note): the map of both CSL formats, from which
 * README's "what each format keeps" is generated.  A field of ours is the
 * row "custom.NAME". */
#define PC_CSL_MAP_LEN (18 + (size_t)PC_F_COUNT - 1)
extern const pc_map_row pc_csl_map[]; /* PC_CSL_MAP_LEN rows */

/* Parts CSL has no variable for that a CSL variable holds, as pandoc and
 * Zotero write them: the title is "Title: Subtitle. Addon" (after a
 * punctuation mark only a space joins).  The parts are also kept in custom,
 * so that a CSL reader splits the whole again.  Adding one is a row here
 * (the whole's row in pc_csl_map must be PC_MAP_SPECIAL | PC_MAP_ALWAYS). */
typedef struct pc_csl_join {
    pc_field part, whole;
    char sep;
} pc_csl_join;
#define PC_CSL_N_JOINS 2
extern const pc_csl_join pc_csl_joins[PC_CSL_N_JOINS];
/* Appends `part` to the whole's text s as a join with `sep` writes it:
 * nothing before it when s is empty, else "sep " or, after !?.,:; in s,
 * a space. */
void pc_csl_join_append(struct pc_buf *s, const char *part, char sep);

/* What else the item's `custom` object holds beside our fields (CSL has no
 * place for these; pandoc ignores custom, a CSL reader of ours reads them
 * back):
 *   affiliations   {role: {place: [affiliation, ...]}}, place the 1-based
 *                  place of the name in the role's list ("2")
 *   ORCID          {role: {place: ORCID}}
 *   et-al          [role, ...]: the lists that were cut ("and others")
 *   URLs           [URL, ...]: all of them, when there is more than one
 *   keywords       [keyword, ...]: all of them, when one holds a comma
 *   date-literals  {date variable: literal}: how the source wrote a date
 *                  that also has parts
 * Other keys of a custom object read from CSL are kept and written back. */
#define PC_CSL_CUSTOM_AFFILIATIONS "affiliations"
#define PC_CSL_CUSTOM_ORCID "ORCID"
#define PC_CSL_CUSTOM_ET_AL "et-al"
#define PC_CSL_CUSTOM_URLS "URLs"
#define PC_CSL_CUSTOM_KEYWORDS "keywords"
#define PC_CSL_CUSTOM_DATE_LITERALS "date-literals"

/* The kind of a CSL type name, Crossref's type ids too
 * ("journal-article"); PC_KIND_OTHER for a type we do not know. */
pc_kind pc_csl_kind(const char *s, size_t n);

/* Builds the CSL 1.0.2 item of rec (id = rec->key), its rich text written
 * as `text`.  Caller owns the result (json_decref).  What CSL cannot hold
 * (another format's pass-through values) is counted with
 * pc_ctx_dropped(ctx, fmt, ...). */
json_t *pc_csl_item(const pc_record *rec, pc_ctx *ctx, const char *fmt, pc_csl_text text);

/* Fills rec (cleared) from one CSL item, reading rich text as `text` and
 * accepting the loose forms pandoc accepts (date as "raw" or EDTF string,
 * string date-parts, name as one string, literal names).  Problems are
 * reported via ctx at file:line (the item's line).  Returns false if the
 * item is not a usable CSL item (then it reported why). */
bool pc_csl_read_item(const json_t *item, pc_record *rec, pc_ctx *ctx, const char *file,
                      unsigned long line, pc_csl_text text);

#endif
