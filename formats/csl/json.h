/* SPDX-License-Identifier: MIT */
/* json.h — the parts the JSON readers share (formats/csl/json_*.c and the
 * mappers, private to formats/csl/).
 *
 * Syntax apart from schema:
 *   json_chunk.c     where -j may cut a JSON Lines input (at line ends)
 *   json_split.c     the streaming splitter: bytes in, one parsed value out at
 *                    a time (a top-level value, an element of a top-level
 *                    array, a JSON Lines line), with positions and limits;
 *   json_envelope.c  the items of one value: API envelopes (Crossref
 *                    `message`/`message.items[]`, `results[]`, `data[]`,
 *                    `items[]`, an object keyed by DOI) unwrapped, or the
 *                    value;
 *   json_detect.c    the shape of an item, by a table of {shape test, mapper};
 *   json_map.c       what every mapper shares: text (plain, HTML/JATS, TeX),
 *                    the walk of an item's keys through the shape's pc_map
 *                    rows (a key with no row is kept as a pass-through
 *                    value), names, dates, identifiers;
 *   crossref.c, openalex.c, s2.c, arxiv.c, cslitem.c: one mapper each.
 * json_reader.c (`json`: every shape) and csljson.c (`csljson`: CSL items
 * only) are the two readers built on them. */
#ifndef PC_FORMATS_JSON_H
#define PC_FORMATS_JSON_H

#include "csl.h"
#include "format.h"

#include <jansson.h>

/* ---- the splitter and envelopes ----------------------------------------------- */

typedef struct pc_json_split pc_json_split;

typedef enum pc_json_got {
    PC_JSON_NONE = 0,
    PC_JSON_ITEM,  /* an item to convert */
    PC_JSON_BAD,   /* a bad value or envelope, reported: one record skipped */
    PC_JSON_END,   /* no more input */
    PC_JSON_FATAL, /* the input cannot be read further, reported */
} pc_json_got;

/* One item and where it is: valid until the next pc_json_split_next. */
typedef struct pc_json_item {
    const json_t *v;
    unsigned long line, col; /* of the value (an envelope's items: of the envelope) */
    const char *where;       /* " (results[3])" for an envelope's item, else "" */
} pc_json_item;

/* Whether a file of this name is JSON Lines by its name (.jsonl, .ndjson,
 * also compressed: works.jsonl.gz): a raw line end then ends a value. */
bool pc_json_lines_name(const char *name);
/* How -j cut the input (json_chunk.c; pc_source_chunk_mode): JSON Lines at
 * line ends, or one array after an element's ','. */
enum { PC_JSON_CUT_LINES = 1, PC_JSON_CUT_ARRAY = 2 };
/* Reads src (whose name is used in messages).  Owned by the caller. */
pc_json_split *pc_json_split_open(pc_source *src, pc_ctx *ctx);
void pc_json_split_close(pc_json_split *sp);
pc_json_got pc_json_split_next(pc_json_split *sp, pc_json_item *item);

/* The items of one parsed top-level value (json_envelope.c). */
typedef struct pc_json_queue {
    json_t *root;  /* owned: the value the items belong to */
    json_t *items; /* the array of items in root, or NULL: root is the only item */
    size_t next;   /* index of the next item (root alone: 0 or 1) */
    const char *name; /* "message.items", "results", ... */
    unsigned long line, col;
    char where[64];
} pc_json_queue;

/* Takes v (a top-level value at line:col) and queues its items.  False
 * when v is an API's error answer (reported; v freed). */
bool pc_json_queue_value(pc_json_queue *q, json_t *v, pc_ctx *ctx, const char *file,
                         unsigned long line, unsigned long col);
/* The next queued item; false when there is none left (the value freed). */
bool pc_json_queue_next(pc_json_queue *q, pc_json_item *item);
void pc_json_queue_clear(pc_json_queue *q);

/* ---- mappers -------------------------------------------------------------------- */

/* How a shape's strings are text. */
typedef enum pc_json_text {
    PC_JSON_PLAIN = 0, /* as written: white space folded, NFC */
    PC_JSON_HTML,      /* HTML or JATS (pc_html_read's PC_HTML_DOC) */
    PC_JSON_TEX,       /* LaTeX (the arXiv snapshot) */
} pc_json_text;

typedef struct pc_json_shape pc_json_shape;

/* A mapper's state while it converts one item (json_map.c).  Reused from item
 * to item by the reader that owns it. */
typedef struct pc_jm {
    pc_ctx *ctx;
    const char *file;
    unsigned long line;         /* of the item, for messages */
    const char *where;          /* the item's place in an envelope: " (results[3])" */
    const pc_json_shape *shape; /* the item's shape */
    pc_map *map;                /* its rows, compiled */
    const json_t *item;         /* the object being walked */
    const char *key;            /* the key pc_jm_walk is at */
    pc_latex_report tex;        /* unknown LaTeX met in this item (PC_JSON_TEX) */
    pc_buf tmp, tmp2;           /* scratch */
} pc_jm;

/* What a mapper returns. */
typedef enum pc_json_step {
    PC_JSON_STEP_NONE = 0,
    PC_JSON_RECORD,   /* rec was filled */
    PC_JSON_SKIP,     /* the item could not be converted, reported */
    PC_JSON_CONTINUE, /* nothing to convert here (a null hole), maybe noted */
} pc_json_step;

/* One JSON shape: how to tell it, and its mapper.  Rows map the keys that
 * are flat (a string, a number or an array of strings holding one field);
 * a PC_MAP_SPECIAL row names its handler, the function of `special` that
 * reads the key (names, dates, ids, nested objects); a key with no row is
 * a pass-through value. */
struct pc_json_shape {
    const char *name;   /* "Crossref", in messages */
    const char *family; /* pass-through format name: "crossref" */
    pc_json_text text;
    bool (*test)(const json_t *v);
    /* Converts v (an object) into rec; NULL: the generic walk alone
     * (pc_jm_walk), then `finish`. */
    pc_json_step (*map)(pc_jm *m, const json_t *v, pc_record *rec);
    /* a PC_MAP_SPECIAL row's key met in the walk: special[row->handler]
     * (of n_special; user the pc_jm, value the json_t; it keeps what it
     * does not take), or NULL when the key is read by `finish` */
    pc_map_read_fn *const *special;
    size_t n_special;
    /* after the walk: what depends on several keys (kinds, date fallbacks) */
    void (*finish)(pc_jm *m, const json_t *v, pc_record *rec);
    const pc_map_row *rows;
    size_t n_rows;
};

/* Defines `name`, a function of a shape's `special` table that hands the
 * key's value to fn(pc_jm *m, const json_t *value, pc_record *rec). */
#define PC_JM_HANDLER(name, fn)                                                                \
    static bool name(void *u, const pc_map_row *row, pc_record *rec, void *value)              \
    {                                                                                          \
        (void)row;                                                                             \
        fn((pc_jm *)u, (const json_t *)value, rec);                                            \
        return true;                                                                           \
    }

extern const pc_json_shape pc_json_shape_arxiv, pc_json_shape_openalex, pc_json_shape_s2,
    pc_json_shape_crossref, pc_json_shape_csl, pc_json_shape_csl_any;

/* The shapes a reader accepts, tried in order, and their compiled maps
 * (json_detect.c). */
typedef struct pc_json_detect pc_json_detect;

/* `shapes` is NULL-terminated and static. */
pc_json_detect *pc_json_detect_new(pc_ctx *ctx, const char *file, const pc_json_shape *const *shapes);
void pc_json_detect_free(pc_json_detect *d);
/* Converts one item with the first shape whose test it passes; a null
 * (a Semantic Scholar batch hole) is noted and skipped, any other item no
 * shape takes is an error naming its keys. */
pc_json_step pc_json_convert(pc_json_detect *d, const pc_json_item *item, pc_record *rec);

/* ---- a reader: the splitter and a set of shapes (json_reader.c) ------------------ */

typedef struct pc_json_reader pc_json_reader;

/* The pc_format reader functions, for a NULL-terminated static list of
 * shapes. */
pc_json_reader *pc_json_reader_open(pc_source *src, pc_ctx *ctx, const pc_json_shape *const *shapes);
pc_read_status pc_json_reader_next(pc_json_reader *r, pc_record *rec);
void pc_json_reader_close(pc_json_reader *r);
/* A first non-blank byte '[' or '{' (after an optional BOM). */
int pc_json_sniff(const char *head, size_t n);
/* Where a JSON Lines input may be cut for -j (json_chunk.c). */
extern const pc_chunker pc_json_chunker;

/* ---- what mappers share (json_map.c) -------------------------------------------- */

/* The string at o[key], or NULL if absent, not a string or empty. */
const char *pc_jm_str(const json_t *o, const char *key);
/* The first string of an array (or the string itself), NULL if none. */
const char *pc_jm_first(const json_t *v);
/* A string or an integer as text, in m->tmp2 (NULL if neither or blank). */
const char *pc_jm_scalar(pc_jm *m, const json_t *v);
/* [s, s+n) as the shape's text (plain, HTML, TeX) appended to `out`
 * (cleared first): italic and bold into `spans`, TeX's case-protected
 * words into `protect` (each may be NULL).  True if any text is left. */
bool pc_jm_text(pc_jm *m, const char *s, size_t n, pc_buf *out, pc_spanlist *spans,
                pc_strlist *protect);
/* Owned text of s as pc_jm_text makes it, without markup; NULL if empty. */
char *pc_jm_plain(pc_jm *m, const char *s);
/* Sets field f to s with white space folded, in NFC, whatever the shape's
 * text is (identifiers, URLs, numbers). */
void pc_jm_set_plain(pc_record *rec, pc_field f, const char *s);
/* Sets field f from string s as the shape's text, with its markup (and a
 * title's case-protected words); the abstract through pc_record_set_abstract. */
void pc_jm_set(pc_jm *m, pc_record *rec, pc_field f, const char *s);

/* Walks the keys of object o (m->item): null values are skipped; a key
 * with a TEXT, LIST or SPLIT row is read through it (an array fills a
 * LIST row item by item, a TEXT row with its first string); a SPECIAL row
 * goes to the shape's function for its handler; any other key, and a
 * value its row cannot hold, is kept as a pass-through value (its JSON
 * text). */
void pc_jm_walk(pc_jm *m, const json_t *o, pc_record *rec);
/* Keeps key = v as a pass-through value under the shape's family. */
void pc_jm_keep(pc_jm *m, const char *key, const json_t *v, pc_record *rec);

/* A name from parts (Crossref, CSL-like: given/family/suffix, or `name`
 * for an organisation), or NULL if it has none. */
pc_name *pc_jm_name_parts(pc_jm *m, pc_record *rec, pc_field role, const char *given,
                          const char *family, const char *suffix, const char *literal);
/* A display name ("Heather Piwowar") parsed into a name of `role`. */
pc_name *pc_jm_name_display(pc_jm *m, pc_record *rec, pc_field role, const char *s);
/* Adds an affiliation (as the shape's text) to nm. */
void pc_jm_affiliation(pc_jm *m, pc_name *nm, const char *s);
/* Sets nm's ORCID from any spelling (an orcid.org URL or bare). */
void pc_jm_orcid(pc_name *nm, const char *s);

/* A date string (ISO, RFC 822, ...) into *d; warns when it cannot be
 * read.  False when there is none. */
bool pc_jm_date_text(pc_jm *m, const char *s, pc_date *d);
/* {"date-parts": [[y, m, d]]} (a date of `key`) into *d as the CSL item's
 * reader reads date-parts (pc_csl_date_parts: numbers or digit strings, a
 * second date a range's end); a date that cannot be read is warned about.
 * False if there is no valid date ([[null]]: Crossref's unknown date). */
bool pc_jm_date_parts(pc_jm *m, const char *key, const json_t *o, pc_date *d);

/* The DOI field of a service: any spelling (pc_record_set_doi), but the
 * arXiv DOI (10.48550/arXiv.ID) stays the DOI when `arxiv_doi` (OpenAlex
 * and Semantic Scholar give it for a preprint, whose BibTeX and RIS then
 * keep it: they write no DOI for an arXiv id).  Warns when s is no DOI. */
void pc_jm_doi(pc_jm *m, pc_record *rec, const char *s, bool arxiv_doi);
/* Sets the PMCID as PubMed Central writes it: "PMC" and the number. */
void pc_jm_pmcid(pc_jm *m, pc_record *rec, const char *s);
/* True if url is a DOI resolver's link (doi.org, dx.doi.org) to the DOI
 * the record holds: no URL of its own. */
bool pc_jm_doi_link(pc_jm *m, const pc_record *rec, const char *url);
/* Joins the strings of an array (or one string) with ", " into field f
 * (ISSN and ISBN lists). */
void pc_jm_join(pc_jm *m, pc_record *rec, pc_field f, const json_t *v);
/* Adds a funder, "Name (award, award)": awards is an array of strings or
 * numbers, or one, or NULL. */
void pc_jm_funder(pc_jm *m, pc_record *rec, const char *name, const json_t *awards);
/* Records where rec comes from and warns when it has no title. */
void pc_jm_finish(pc_jm *m, pc_record *rec);

#endif
