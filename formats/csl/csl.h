/* SPDX-License-Identifier: MIT */
/* csl.h — the CSL 1.0.2 mapping shared by every CSL-shaped format.
 *
 * One item shape for CSL-JSON and CSL-YAML, in both directions: the
 * writers build an item with pc_csl_item and serialise it; the readers
 * turn one parsed item into a record with pc_csl_read_item.  Items are
 * jansson values (json_t) in both cases.  The mapping is the field table
 * itself (pc_csl_map): every CSL variable of include/paperconv/fields.def
 * is read and written under its CSL name, and every field of ours in the
 * item's `custom` object under its table name.
 *
 * The CSL family, formats/csl/ (private to it):
 *   item_write.c   the map (pc_csl_map) and a record -> one item;
 *   item_read.c    one item -> a record (pc_csl_read_item), CSL's type
 *                  names (pc_csl_kind);
 *   csljson.c      the `csljson` format: items on the JSON readers' splitter,
 *                  an array written as records arrive;
 *   yaml_read.c    the `yaml` format: CSL-YAML read from libyaml's events;
 *   yaml_write.c   CSL-YAML written as libyaml's events (yaml_write.h);
 *   json.h         the `json` reader, its splitter, shapes and mappers
 *                  (json_*.c, crossref.c, openalex.c, s2.c, arxiv.c,
 *                  cslitem.c).
 * No reader uses item_write.c or yaml_write.c, no writer item_read.c or
 * yaml_read.c: what both sides need is src/model/cslview.c's (a format's entry only
 * names its reader, its writer and the map). */
#ifndef PC_CSL_H
#define PC_CSL_H

#include "model/cslview.h"
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
 * (*...*, **...**, backslash escapes).  src/text/markup.c does both. */
typedef enum pc_csl_text {
    PC_CSL_HTML = 0,
    PC_CSL_MARKDOWN,
} pc_csl_text;

/* The CSL map, one row per field (and a few more: the arXiv fallbacks, the
 * journal reference in the note): the map of both CSL formats, from which
 * README's "what each format keeps" is generated.  A field of ours is the
 * row "custom.NAME". */
#define PC_CSL_MAP_LEN (18 + (size_t)PC_F_COUNT - 1)
extern const pc_map_row pc_csl_map[]; /* PC_CSL_MAP_LEN rows */


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

/* ---- shared by the item's reader and writer and the Crossref mapper
 * (item_shared.c) ---- */

/* Where a date is read, for its messages: FILE:LINE: warning: "KEY": ...WHERE. */
typedef struct pc_csl_at {
    pc_ctx *ctx;
    const char *file;
    unsigned long line;
    const char *key;   /* the variable: "issued" */
    const char *where; /* after each message: the item's place in an envelope, or "" */
} pc_csl_at;

/* A date part: an integer, or a string of digits ("2011", "-876"), at
 * most 99999 either way.  0 if absent (v NULL, or blank), LONG_MIN if not
 * a number ("2020x", a fraction, null). */
long pc_csl_date_part(const json_t *v);
/* Fills d's start (or, with `end`, its end) from three parts (each may be
 * NULL); false if the year is none or a part is not a number.  Months 21-24
 * are CSL/EDTF seasons (13-16 too, as citeproc-js reads them); a day
 * beside a season, and a month that is neither, are left out with a
 * warning (the year kept). */
bool pc_csl_date_ymd(const pc_csl_at *at, const json_t *y, const json_t *m, const json_t *day, pc_date *d,
                     bool end);
/* A "date-parts" list into d: [[y, m, d]], a range [[y, m, d], [y, m, d]]
 * ([[y], [0]] or [[y], []]: an open end), loose [y, m, d]; more parts or
 * dates than CSL has are reported.  False when a date is not readable (the
 * caller warns: pc_csl_date_unreadable). */
bool pc_csl_date_parts(const pc_csl_at *at, const json_t *dp, pc_date *d);
/* Warns that list a holds more than `max` values ("what" names them). */
void pc_csl_too_many(const pc_csl_at *at, const json_t *a, size_t max, const char *what);
/* The warning for a date value that cannot be read: "cannot read the date
 * in \"KEY\"; left out". */
void pc_csl_date_unreadable(const pc_csl_at *at);

/* Replaces every string of v (objects and arrays to a depth of 64) in
 * place with fn(u, string), a new reference. */
void pc_csl_map_strings(json_t *v, json_t *(*fn)(void *u, const json_t *s), void *u);

#endif
