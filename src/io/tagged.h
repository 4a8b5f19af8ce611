/* SPDX-License-Identifier: MIT */
/* tagged.h — line-tagged bibliographic text, shared by the formats that are
 * "a tag, a separator, a value" a line: EndNote tagged / Refer (`%A Smith,
 * John`), MEDLINE / PubMed (`FAU - Smith, John`), Web of Science (`AF Smith,
 * John`); RIS is one more of the family.
 *
 * Reading (pc_tagged): records out of lines.  A syntax (pc_tagged_syntax)
 * says what a tag line is (the format's `tag` function finds the tag and
 * where its value starts), which tag ends a record (WoS `ER`), which tag
 * starts a new one when the record has it already (EndNote `%0`, MEDLINE
 * `PMID`, WoS `PT`: a record without its end), which tags are file headers
 * read outside records (WoS `FN`, `VR`, `EF`), and whether a blank line
 * ends a record.  Inside a record a line that is not a tag line continues
 * the value before it; outside one it is text between records, warned
 * about once per run of such lines.  Lines come from pc_lines (CR, LF and
 * CRLF; byte-order marks removed); a line with a NUL or a byte that is not
 * UTF-8 is an error at its position and its record is skipped.  Memory is
 * bounded by the largest record: field buffers are reused.
 *
 * Values: each field holds its value and its continuation lines, each
 * trimmed, joined by "\n"; pc_tagged_clean turns that into the value a
 * field gets (folded onto one line, or one item a line) and
 * pc_tagged_apply runs a record's fields through a format's map: TEXT rows
 * (the first value wins; another kept as a pass-through value of its own
 * tag), LIST and SPLIT rows, SPECIAL rows to the format's reader of their
 * handler (pc_map_read_row, one dispatch), and every tag with no field kept
 * as a pass-through value.
 *
 * Writing: pc_tagged_put appends one tag line, its value folded onto one
 * line (no value can break a line or start a tag) and, for formats that
 * wrap, wrapped at spaces onto continuation lines. */
#ifndef PC_TAGGED_H
#define PC_TAGGED_H

#include "io/format_table.h"
#include "io/source.h"
#include "model/map.h"
#include "paperconv.h"
#include "util/buf.h"

/* The longest tag a syntax may have (MEDLINE's are four characters). */
enum { PC_TAGGED_TAG_MAX = 7 };

/* A tag line as the syntax's `tag` function reads it. */
typedef struct pc_tagged_tag {
    size_t start, len; /* the tag's bytes in the line */
    size_t val;        /* where the value starts */
} pc_tagged_tag;

typedef struct pc_tagged_syntax {
    const char *format; /* for messages: "EndNote", "MEDLINE", "Web of Science" */
    /* True if the line [s, s+n) is a tag line; fills *t. */
    bool (*tag)(const char *s, size_t n, pc_tagged_tag *t);
    const char *restart;        /* a tag that starts a new record when the record has it, or NULL */
    const char *end;            /* the tag that ends a record, or NULL */
    const char *const *headers; /* tags read and ignored outside records (NULL-terminated), or NULL */
    bool blank_ends;            /* a blank line ends a record */
} pc_tagged_syntax;

/* One tag of a record, its value with its continuation lines. */
typedef struct pc_tagged_field {
    char tag[PC_TAGGED_TAG_MAX + 1];
    size_t tag_len;
    pc_buf val;              /* lines trimmed, joined by "\n" */
    unsigned long line, col; /* of the value */
} pc_tagged_field;

typedef struct pc_tagged {
    const pc_tagged_syntax *syn;
    pc_ctx *ctx;
    const char *file;
    pc_lines in;
    pc_tagged_field *f; /* the current record's fields */
    size_t nf, capf;
    unsigned long start; /* the record's first line */
} pc_tagged;

/* Where an input of a syntax with blank_ends may be cut for -j: after a
 * blank line (tagged_chunk.c). */
extern const pc_chunker pc_tagged_blank_chunker;

void pc_tagged_init(pc_tagged *t, const pc_tagged_syntax *syn, pc_source *src, pc_ctx *ctx);
void pc_tagged_free(pc_tagged *t);
/* Reads the next record's fields into t->f[0, t->nf): PC_READ_RECORD,
 * PC_READ_EOF, or PC_READ_SKIP (a bad line reported: the record is not
 * given; or a line too long: reported, the input ends). */
pc_read_status pc_tagged_next(pc_tagged *t);
/* The first field of the record with tag `tag`, or NULL. */
const pc_tagged_field *pc_tagged_find(const pc_tagged *t, const char *tag);

/* True if f's tag is `tag`. */
static inline bool pc_tagged_is(const pc_tagged_field *f, const char *tag)
{
    return strcmp(f->tag, tag) == 0;
}

/* How pc_tagged_clean gives a value. */
typedef enum pc_tagged_join {
    PC_TAGGED_FOLD = 0, /* continuation lines joined by a space: one line */
    PC_TAGGED_LINES,    /* one item a line, each folded, "\n" between them */
} pc_tagged_join;

/* f's value cleaned into b (cleared first): joined as `join` says, in NFC. */
void pc_tagged_clean(pc_buf *b, const pc_tagged_field *f, pc_tagged_join join);

/* How pc_tagged_apply runs a format's map over a record. */
typedef struct pc_tagged_apply {
    const char *family; /* the pass-through values' format name (static) */
    pc_map *map;
    pc_kind kind;       /* the record's kind: rows for other kinds do not hold */
    /* how a tag's value is joined (NULL: always folded); row may be NULL */
    pc_tagged_join (*join)(const pc_map_row *row, const char *tag);
    /* a SPECIAL row's value: special[row->handler] (n_special entries, the
     * format's table of readers), called with `user` and a pc_tagged_value */
    pc_map_read_fn *const *special;
    size_t n_special;
    /* a tag no row knows (NULL: nothing more than keeping it) */
    void (*unknown)(void *user, const pc_tagged_field *f);
    void *user;
    pc_buf val; /* scratch: the cleaned value (pc_tagged_apply_free frees it) */
} pc_tagged_apply;

/* What a SPECIAL row's reader (pc_map_read_fn) is given as its value: the
 * field read and its value, cleaned and not empty. */
typedef struct pc_tagged_value {
    pc_tagged_apply *a;
    const pc_tagged_field *f;
    const char *v;
    size_t n;
    bool lines; /* joined PC_TAGGED_LINES: one item a line */
} pc_tagged_value;

/* Runs fields [from, t->nf) of the record through a->map into rec: each
 * value through pc_map_read_row (TEXT first-wins, LIST, SPLIT at ";",
 * SPECIAL to a->special; no row, or an EXTRA row: kept). */
void pc_tagged_apply_fields(pc_tagged_apply *a, const pc_tagged *t, size_t from, pc_record *rec);
void pc_tagged_apply_free(pc_tagged_apply *a);
/* Keeps [v, v+n) as the pass-through value of f's tag. */
void pc_tagged_keep(const pc_tagged_apply *a, pc_record *rec, const pc_tagged_field *f, const char *v,
                    size_t n);
/* Sets text field `field` to [v, v+n) unless it has a value: the same value
 * is ignored, another one kept as the pass-through value of f's tag. */
void pc_tagged_set_first(const pc_tagged_apply *a, pc_record *rec, pc_field field,
                         const pc_tagged_field *f, const char *v, size_t n);

/* A date tag's value into date field `field`: its parts
 * (pc_tagged_date_parse), else the text as written; a second value beside
 * parts is the date as written (the tagged writers put it on a second
 * line); any other is kept as the pass-through value of f's tag. */
void pc_tagged_read_date(const pc_tagged_apply *a, pc_record *rec, const pc_tagged_field *f, pc_field field,
                         const char *v, size_t n);

/* Appends `prefix`, [v, v+n) folded onto one line, and "\n"; with width >
 * 0, the value is wrapped at spaces so that no line is longer than width
 * characters (a word longer than that stays whole), each further line
 * starting with `indent`.  Appends nothing and returns false when the
 * folded value is empty. */
bool pc_tagged_put(pc_buf *out, const char *prefix, const char *v, size_t n, size_t width,
                   const char *indent);

/* ---- values the tagged formats share: dates, names ---------------------------- */

/* Reads a date as tagged formats write it: a year, an English month name
 * or abbreviation (any case, also the other languages of
 * pc_month_from_name) or a month number after a year, a day, a season
 * (Spring, Summer, Fall or Autumn, Winter; SPR, SUM, FAL, WIN), in any
 * order ("2019 Mar 7", "JUN 14", "March 14, 2019", "04 2006"), and a range
 * ("2019 Mar-Apr", "Jun 1-15", "1998 Dec-1999 Jan", "Spring-Summer", "JUN
 * 12-15, 2018"); ISO 8601 and the shapes of pc_date_parse too.  `year`
 * is the year when the text has none (0: none).  False, and *d zeroed, if
 * the text is no such date or has no year. */
bool pc_tagged_date_parse(const char *s, size_t n, int year, pc_date *d);

/* True if [s, s+n) is a year alone ("2019", "-876": the model's years);
 * sets *year. */
bool pc_tagged_year(const char *s, size_t n, int *year);

/* How pc_tagged_date_put writes a date's month and season. */
enum {
    PC_TAGGED_DATE_YEAR = 1u << 0,  /* the year first ("2019 Mar 7"); else no year */
    PC_TAGGED_DATE_FULL = 1u << 1,  /* "March"; else "Mar" (a season: "Spring") */
    PC_TAGGED_DATE_UPPER = 1u << 2, /* "MAR" (a season: "SPR") */
};
/* Appends d's year (with PC_TAGGED_DATE_YEAR), month or season, and day,
 * and a range's end ("Mar-Apr", "Jun 1-15", "1998 Dec-1999 Jan"): what
 * pc_tagged_date_parse reads back.  Nothing for a date with nothing to
 * write. */
void pc_tagged_date_put(pc_buf *b, const pc_date *d, unsigned style);

/* Page ranges as MEDLINE abbreviates them (PubMed's PG, Web of Science's
 * PS) expanded into b (cleared first): "454-81" -> "454-481", "6913-7,
 * 12-4" -> "6913-6917, 12-14"; other values as they are. */
void pc_tagged_pages(pc_buf *b, const char *s, size_t n);

/* Parses one name as the tagged formats write it: "Family, Given",
 * "Family, Given, Suffix", "Family, Given Suffix" and "Family Suffix,
 * Given" (the suffix glued to the family name, as bibutils writes it), or
 * natural order "Given Family" (pc_name_parse).  False (and *out empty)
 * when nothing is left. */
bool pc_tagged_name_parse(const char *s, size_t n, pc_name *out);
/* Appends "Family, Given, Suffix" (particles before the family name; "Family,
 * , Suffix" without a given name), or the literal of an organisation. */
void pc_tagged_name_put(pc_buf *b, const pc_name *nm);
/* Sets nm's ORCID from "0000-0002-1825-0097", "ORCID: 0000-...", an
 * orcid.org URL, or the sixteen characters without hyphens; false (nothing
 * set) when [s, s+n) holds none. */
bool pc_tagged_orcid(pc_name *nm, const char *s, size_t n);
/* Appends the initials of a given name without periods or spaces: "John
 * Mark" and "J. M." -> "JM", "Hans-Peter" -> "HP". */
void pc_tagged_initials(pc_buf *b, const char *given);

/* The arXiv id in arXiv's citation form, "arXiv:2610.01234v2 [cs.LG]", as
 * an accession number (RIS AN, EndNote %M): pc_tagged_arxiv_read sets the
 * id, version and primary class from [v, v+n) and returns true, or false
 * (nothing set) when the value has not that form or the record has an id;
 * pc_tagged_arxiv_put appends the record's. */
bool pc_tagged_arxiv_read(pc_record *rec, const char *v, size_t n);
void pc_tagged_arxiv_put(pc_buf *b, const pc_record *rec);


#endif
