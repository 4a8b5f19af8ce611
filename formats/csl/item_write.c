/* SPDX-License-Identifier: MIT */
/* item_write.c — the CSL 1.0.2 map (pc_csl_map) and a record -> one CSL item
 * (pc_csl_item, csl.h), for both CSL writers.  The other direction is
 * item_read.c; the parts joined into the title are joins.c's.
 *
 * The map is the field table: pc_csl_map lists the variables items have
 * always begun with, in their order, then every field of fields.def: a CSL
 * variable under its name, one of ours as "custom.NAME"; pc_map_write walks
 * it.  Names, dates, the title (joined with its subtitle and addon, as
 * pandoc writes it) and the arXiv fallbacks are special rows.
 *
 * Writing keeps only keys of the CSL-data schema (plus pass-through
 * variables a CSL reader found).  What CSL has no variable for goes into
 * the item's `custom` object (csl.h lists its keys): our fields, names'
 * affiliations and ORCIDs, "et al.", URLs after the first, literal dates
 * beside date parts.  An arXiv preprint's id goes into `number`, its DOI
 * (10.48550/arXiv.ID) into `DOI` and "arXiv" into `publisher` when those
 * are free.  Pass-through values of other formats are counted
 * (pc_ctx_dropped, -v) by pc_map_write. */
#include "csl.h"
#include "model/dates.h"
#include "model/ids.h"
#include "text/markup.h"
#include "text/names.h"
#include "model/map.h"
#include "text/unicode.h"
#include "util/buf.h"

#include <stdlib.h>
#include <string.h>

#define ELLIPSIS "\xE2\x80\xA6" /* "…": marks a truncated abstract */
#define ARXIV_DOI "10.48550/arXiv."

/* ---- the map ------------------------------------------------------------------ */

/* The handlers of the special rows (their functions: `writers`, below). */
enum {
    CSL_H_NONE = 0,
    CSL_H_CUSTOM,       /* a field of ours: into custom */
    CSL_H_TITLE,        /* the title, with its subtitle and addon (pc_csl_joins) */
    CSL_H_NAMES,        /* a name variable (affiliations, ORCIDs, et al. into custom) */
    CSL_H_DATE,         /* a date variable */
    CSL_H_URL,          /* the first URL (all of them in custom.URLs, when several) */
    CSL_H_ABSTRACT,     /* a truncated one's "..." */
    CSL_H_NOTE,         /* the note, with the journal reference's line */
    CSL_H_JREF,         /* the journal reference: written by the note's row */
    CSL_H_ARXIV_NUMBER, /* the arXiv id: in `number` (arxiv_fallback), when it is */
    CSL_H_ARXIV_DOI,    /* the arXiv id: in `DOI` (its arXiv DOI), when it is */
    CSL_H_FALLBACK,     /* publisher, number, DOI: their fallbacks */
    CSL_N_HANDLERS
};

/* How the generic loop treats a CSL variable of each kind: names, dates and
 * first-only lists are special; a joined list is split and joined. */
#define CSL_HOW(kind, flags)                                                                   \
    (PC_FK_##kind == PC_FK_NAME || PC_FK_##kind == PC_FK_DATE                                  \
         ? PC_MAP_SPECIAL                                                                      \
     : PC_FK_##kind == PC_FK_LIST                                                              \
         ? ((flags) & PC_FF_CSL_JOIN ? PC_MAP_SPLIT                                            \
            : (flags) & PC_FF_CSL_FIRST ? PC_MAP_SPECIAL                                       \
                                        : PC_MAP_LIST)                                         \
         : PC_MAP_TEXT)

/* The handler of a CSL variable's special row. */
#define CSL_HANDLER(kind, flags)                                                               \
    (PC_FK_##kind == PC_FK_NAME   ? CSL_H_NAMES                                                \
     : PC_FK_##kind == PC_FK_DATE ? CSL_H_DATE                                                 \
     : PC_FK_##kind == PC_FK_LIST && !((flags) & PC_FF_CSL_JOIN) && ((flags) & PC_FF_CSL_FIRST) \
         ? CSL_H_URL                                                                           \
         : CSL_H_NONE)

/* Our own fields (no PC_FF_CSL) go into the item's `custom` object, CSL's
 * place for data it has no variable for, under their table names: their
 * rows are named "custom.NAME" and are special. */
#define CSL_CUSTOM "custom."
#define CSL_CUSTOM_LEN (sizeof CSL_CUSTOM - 1)

/* The journal reference is a line of the note (its row below), not a
 * custom value. */
#define CSL_DIR(id) (PC_F_##id == PC_F_JOURNAL_REF ? 0u : (unsigned)PC_MAP_BOTH)

#define ROW(nm, f, h, d) {.name = nm, .field = PC_F_##f, .how = PC_MAP_##h, .dir = d}
#define SPECIAL_ROW(nm, f, h, d)                                                               \
    {.name = nm, .field = PC_F_##f, .how = PC_MAP_SPECIAL, .dir = d, .handler = CSL_H_##h}
#define B PC_MAP_BOTH
#define BA (PC_MAP_BOTH | PC_MAP_ALWAYS)

const pc_map_row pc_csl_map[] = {
    /* first, in the order items have always been written */
    SPECIAL_ROW("title", TITLE, TITLE, BA), /* + subtitle, addon */
    SPECIAL_ROW("author", AUTHOR, NAMES, B),
    SPECIAL_ROW("issued", ISSUED, DATE, B),
    ROW("container-title", CONTAINER_TITLE, TEXT, B),
    ROW("volume", VOLUME, TEXT, B),
    ROW("issue", ISSUE, TEXT, B),
    ROW("page", PAGE, TEXT, B),
    SPECIAL_ROW("publisher", PUBLISHER, FALLBACK, BA),
    SPECIAL_ROW("number", NUMBER, FALLBACK, BA),
    SPECIAL_ROW("DOI", DOI, FALLBACK, BA),
    SPECIAL_ROW("URL", URL, URL, B),
    SPECIAL_ROW(CSL_CUSTOM PC_CSL_CUSTOM_URLS, URL, CUSTOM, B), /* all, when several */
    SPECIAL_ROW("abstract", ABSTRACT, ABSTRACT, B),
    ROW("keyword", KEYWORD, SPLIT, B),
    SPECIAL_ROW("note", NOTE, NOTE, BA),
    /* the arXiv id: the number, else the DOI (both free of their own
     * values), else custom.arxiv-id */
    SPECIAL_ROW("number", ARXIV_ID, ARXIV_NUMBER, B),
    SPECIAL_ROW("DOI", ARXIV_ID, ARXIV_DOI, B),
    /* the journal reference: a line "Journal reference: ..." of the note */
    SPECIAL_ROW("note", JOURNAL_REF, JREF, B),
/* then every field of the table, in its order: a CSL variable under its
 * name, one of ours in custom */
#define PC_FIELD(id, num, nm, kind, flags)                                                          \
    {.name = (flags) & PC_FF_CSL ? nm : CSL_CUSTOM nm,                                         \
     .field = PC_F_##id,                                                                       \
     .how = (flags) & PC_FF_CSL ? CSL_HOW(kind, flags) : PC_MAP_SPECIAL,                       \
     .dir = CSL_DIR(id),                                                                       \
     .handler = (flags) & PC_FF_CSL ? CSL_HANDLER(kind, flags) : CSL_H_CUSTOM},
#include "paperconv/fields.def"
#undef PC_FIELD
};

#undef ROW
#undef SPECIAL_ROW
#undef B
#undef BA

_Static_assert(sizeof pc_csl_map / sizeof *pc_csl_map == PC_CSL_MAP_LEN,
               "PC_CSL_MAP_LEN (csl.h) counts the rows of pc_csl_map");

/* ---- writing ------------------------------------------------------------------ */

typedef struct csl_out {
    const pc_record *rec;
    pc_ctx *ctx;
    const char *fmt;
    pc_csl_text text;
    json_t *item;
    json_t *custom;  /* the item's custom object, made when first needed */
    pc_buf b;        /* scratch for rich text */
    pc_buf esc;      /* scratch for Markdown escaping */
    bool arxiv_number, arxiv_doi; /* the arXiv id went into number, DOI */
    const pc_extra *custom_extra; /* custom keys a CSL reader did not know */
} csl_out;

static json_t *custom_of(csl_out *w)
{
    if (!w->custom)
        w->custom = json_object();
    return w->custom;
}

/* A JSON string of s (non-empty).  Model strings are valid UTF-8 (every
 * reader checks them on the way in), so jansson's own UTF-8 check is
 * skipped: it was the largest cost of building an item (abstracts), and the
 * writers check again anyway (jansson's dump, libyaml's scalar events). */
static json_t *str_json(const char *s)
{
    return json_stringn_nocheck(s, strlen(s));
}

/* Sets obj[key] to s when s is non-empty.  Keys are our ASCII constants,
 * or pass-through keys a reader checked. */
static void set_str(json_t *obj, const char *key, const char *s)
{
    if (s && *s)
        json_object_set_new_nocheck(obj, key, str_json(s));
}

/* Plain text as a JSON string: pandoc reads every string of CSL-YAML as
 * Markdown (the id, DOI, URL and names too: `a*b*` would lose its stars),
 * so for CSL-YAML the text goes in with Markdown's specials escaped. */
static json_t *text_json(csl_out *w, const char *s)
{
    if (w->text == PC_CSL_MARKDOWN) {
        pc_buf_clear(&w->esc);
        pc_markup_to_markdown(s, NULL, &w->esc);
        s = w->esc.ptr;
    }
    return str_json(s);
}

static void set_text(csl_out *w, json_t *obj, const char *key, const char *s)
{
    if (s && *s)
        json_object_set_new_nocheck(obj, key, text_json(w, s));
}

/* Appends s with its italic/bold (and, for a title, its case-protected
 * words: <span class="nocase">, [..]{.nocase}) as `text` says. */
static void put_rich(pc_buf *b, const char *s, const pc_spanlist *spans,
                     const pc_strlist *protected_words, pc_csl_text text)
{
    pc_spanlist all = {0};
    if (protected_words && protected_words->n) {
        pc_markup_with_nocase(s, spans, protected_words, &all);
        spans = &all;
    }
    if (text == PC_CSL_MARKDOWN)
        pc_markup_to_markdown(s, spans, b);
    else if (spans->n)
        pc_markup_to_html(s, spans, b);
    else
        pc_buf_puts(b, s);
    pc_spanlist_clear(&all);
}

/* A text value under obj[key]: with its markup when the field has any,
 * and a suffix (a truncated abstract's "…"). */
static void set_value(csl_out *w, json_t *obj, const char *key, const pc_text *t, const char *suffix)
{
    const pc_field_info *fi = pc_field_get(t->field);
    bool rich = fi && (fi->flags & PC_FF_RICH) && (t->markup.n || t->protected_words.n);
    if (!rich && !suffix) {
        set_text(w, obj, key, t->s);
        return;
    }
    pc_buf_clear(&w->b);
    put_rich(&w->b, t->s, &t->markup, fi && (fi->flags & PC_FF_TITLE) ? &t->protected_words : NULL,
             w->text);
    if (suffix)
        pc_buf_puts(&w->b, suffix);
    set_str(obj, key, w->b.ptr);
}

static bool csl_text(void *u, const pc_map_row *row, const pc_text *t)
{
    csl_out *w = u;
    set_value(w, w->item, row->name, t, NULL);
    return true;
}

static json_t *list_json(csl_out *w, const pc_strlist *l)
{
    json_t *arr = json_array();
    for (size_t i = 0; i < l->n; i++)
        json_array_append_new(arr, text_json(w, l->items[i]));
    return arr;
}

static bool csl_item(void *u, const pc_map_row *row, const char *item)
{
    csl_out *w = u;
    json_t *arr = json_object_get(w->item, row->name);
    if (!arr) {
        arr = json_array();
        json_object_set_new_nocheck(w->item, row->name, arr);
    }
    json_array_append_new(arr, text_json(w, item));
    return true;
}

static json_t *csl_name(csl_out *w, const pc_name *nm)
{
    json_t *o = json_object();
    if (nm->literal || !nm->family) { /* organisation, or a lone given name */
        set_text(w, o, "literal", nm->literal ? nm->literal : nm->given);
        return o;
    }
    set_text(w, o, "family", nm->family);
    set_text(w, o, "given", nm->given);
    set_text(w, o, "dropping-particle", nm->dparticle);
    set_text(w, o, "non-dropping-particle", nm->particle);
    set_text(w, o, "suffix", nm->suffix);
    if (nm->flags & PC_NAME_COMMA_SUFFIX)
        json_object_set_new_nocheck(o, "comma-suffix", json_true());
    if (nm->flags & PC_NAME_STATIC_ORDER)
        json_object_set_new_nocheck(o, "static-ordering", json_true());
    return o;
}

/* custom[group][key] = v: the per-variable maps of custom
 * (affiliations, ORCID, date-literals). */
static void custom_put(csl_out *w, const char *group, const char *key, json_t *v)
{
    json_t *g = json_object_get(custom_of(w), group);
    if (!g) {
        g = json_object();
        json_object_set_new_nocheck(w->custom, group, g);
    }
    json_object_set_new_nocheck(g, key, v);
}

/* n in decimal into buf (at least 21 bytes): snprintf cost a thousand
 * instructions a name. */
static void place(size_t n, char *buf)
{
    char d[24];
    size_t k = 0;
    do {
        d[k++] = (char)('0' + n % 10);
        n /= 10;
    } while (n);
    while (k)
        *buf++ = d[--k];
    *buf = '\0';
}

/* What a CSL name cannot hold (the schema allows no other key in a name),
 * kept in custom: the affiliations and ORCID of the names that have them,
 * under their 1-based place in the role's list ({"author": {"2": [...]}}:
 * a sparse map costs jansson far less than an entry per name), and
 * whether the list was cut ("et al."). */
static void names_custom(csl_out *w, const char *role, const pc_names *l)
{
    json_t *aff = NULL, *orcid = NULL;
    char pos[24];
    for (size_t i = 0; i < l->n; i++) {
        const pc_name *nm = &l->items[i];
        if (!nm->affiliations.n && !nm->orcid)
            continue;
        place(i + 1, pos);
        if (nm->affiliations.n) {
            if (!aff)
                aff = json_object();
            json_object_set_new_nocheck(aff, pos, list_json(w, &nm->affiliations));
        }
        if (nm->orcid) {
            if (!orcid)
                orcid = json_object();
            json_object_set_new_nocheck(orcid, pos, text_json(w, nm->orcid));
        }
    }
    if (aff)
        custom_put(w, PC_CSL_CUSTOM_AFFILIATIONS, role, aff);
    if (orcid)
        custom_put(w, PC_CSL_CUSTOM_ORCID, role, orcid);
    if (l->et_al) {
        json_t *e = json_object_get(custom_of(w), PC_CSL_CUSTOM_ET_AL);
        if (!e) {
            e = json_array();
            json_object_set_new_nocheck(w->custom, PC_CSL_CUSTOM_ET_AL, e);
        }
        json_array_append_new(e, str_json(role));
    }
}

static void write_names(csl_out *w, json_t *obj, const char *key, const pc_names *l)
{
    json_t *a = json_array();
    for (size_t i = 0; i < l->n; i++)
        json_array_append_new(a, csl_name(w, &l->items[i]));
    json_object_set_new_nocheck(obj, key, a);
    names_custom(w, pc_field_get(l->role)->name, l);
}

/* [y, m, d] with only the known parts; a season without a month is the
 * month 21-24, as EDTF writes it and pandoc and citeproc read it. */
static json_t *date_parts(int y, int m, int d, int season)
{
    json_t *parts = json_array();
    json_array_append_new(parts, json_integer(y));
    if (!m && season)
        json_array_append_new(parts, json_integer(20 + season));
    if (m) {
        json_array_append_new(parts, json_integer(m));
        if (d)
            json_array_append_new(parts, json_integer(d));
    }
    return parts;
}

/* A date variable: date-parts (two for a range), circa, a season; what
 * date-parts cannot say (an open range, "?") as its EDTF "raw" form; a
 * literal date as "literal", or in custom's date-literals when the date
 * also has parts (pandoc reads an item with both as no date). */
static json_t *csl_date(csl_out *w, const char *key, const pc_date *d, const char *literal)
{
    json_t *o = json_object();
    if (d && (d->flags & (PC_DATE_OPEN_END | PC_DATE_OPEN_START | PC_DATE_UNCERTAIN))) {
        pc_buf_clear(&w->b);
        pc_date_edtf(d, &w->b);
        set_str(o, "raw", w->b.ptr);
    } else if (d) {
        json_t *outer = json_array();
        json_array_append_new(outer, date_parts(d->year, d->month, d->day, d->season));
        if (d->end_year)
            json_array_append_new(outer, date_parts(d->end_year, d->end_month, d->end_day, d->end_season));
        json_object_set_new_nocheck(o, "date-parts", outer);
        if (d->season && d->month)
            json_object_set_new_nocheck(o, "season", json_integer(d->season));
        if (d->flags & PC_DATE_CIRCA)
            json_object_set_new_nocheck(o, "circa", json_true());
    }
    if (literal && !d)
        set_text(w, o, "literal", literal);
    else if (literal)
        custom_put(w, PC_CSL_CUSTOM_DATE_LITERALS, key, text_json(w, literal));
    return o;
}

/* An arXiv-only record: an e-print with no journal, publisher or
 * organization of its own and no DOI but the arXiv one.  Only such a
 * record is the preprint itself, which arXiv publishes; a published
 * article's arXiv id goes in custom.arxiv-id (its rows' next one). */
static bool arxiv_only(const pc_record *rec)
{
    const char *doi = pc_record_get(rec, PC_F_DOI);
    return pc_record_has(rec, PC_F_ARXIV_ID) && !pc_record_has(rec, PC_F_CONTAINER_TITLE) &&
           !pc_record_has(rec, PC_F_PUBLISHER) && !pc_record_has(rec, PC_F_ORGANIZATION) &&
           (!doi || pc_strncasecmp(doi, ARXIV_DOI, sizeof ARXIV_DOI - 1) == 0);
}

/* True if doi is the arXiv DOI of arXiv id `id` (10.48550/arXiv.ID). */
static bool is_arxiv_doi(const char *doi, const char *id)
{
    size_t n = sizeof ARXIV_DOI - 1;
    return pc_strncasecmp(doi, ARXIV_DOI, n) == 0 && strncmp(doi + n, id, strlen(id)) == 0 &&
           (!doi[n + strlen(id)] || doi[n + strlen(id)] == 'v');
}

/* Kinds whose organization is the issuing authority (CSL's `authority`:
 * "USPTO" for a patent, a court, ISO for a standard, as Zotero maps a
 * standard's organization); the others' is the publisher. */
static bool by_authority(pc_kind k)
{
    return k == PC_KIND_STANDARD || k == PC_KIND_PATENT || k == PC_KIND_LEGAL_CASE ||
           k == PC_KIND_LEGISLATION || k == PC_KIND_BILL || k == PC_KIND_REGULATION ||
           k == PC_KIND_HEARING || k == PC_KIND_TREATY;
}

/* The fallbacks of publisher, number and DOI, when the record has none
 * of its own: BibTeX's organization as the publisher (or the authority),
 * where pandoc and citeproc look for it (it stays in custom.organization
 * too, which item_read.c reads back as the organization alone); an
 * arXiv-only preprint's "arXiv" as the publisher, its id as the number,
 * its DOI as the DOI. */
static bool arxiv_fallback(void *u, const pc_map_row *row, bool *wrote)
{
    csl_out *w = u;
    const pc_record *rec = w->rec;
    const char *id = pc_record_get(rec, PC_F_ARXIV_ID);
    const char *own = pc_record_get(rec, row->field);
    if (own && row->field == PC_F_DOI && id && !arxiv_only(rec) && is_arxiv_doi(own, id))
        return true; /* the preprint's DOI is not the article's: its id is in custom.arxiv-id */
    if (own) {
        set_text(w, w->item, row->name, own);
        return true;
    }
    *wrote = false;
    const char *org = pc_record_get(rec, PC_F_ORGANIZATION);
    if (row->field == PC_F_PUBLISHER && org) {
        bool authority = by_authority(rec->kind);
        if (!authority || !pc_record_has(rec, PC_F_AUTHORITY))
            set_text(w, w->item, authority ? "authority" : row->name, org);
        return true;
    }
    if (!arxiv_only(rec))
        return true;
    if (row->field == PC_F_PUBLISHER) {
        set_text(w, w->item, row->name, "arXiv");
    } else if (row->field == PC_F_NUMBER) {
        set_text(w, w->item, row->name, id);
        w->arxiv_number = true;
    } else {
        pc_buf_clear(&w->b);
        pc_buf_puts(&w->b, ARXIV_DOI);
        pc_buf_puts(&w->b, id);
        set_text(w, w->item, row->name, w->b.ptr);
        w->arxiv_doi = true;
    }
    return true;
}

/* Appends part's text, markup and protected words to whole's (text in s). */
static void join_part(pc_text *whole, pc_buf *s, const pc_text *part, char sep)
{
    pc_csl_join_append(s, part->s, sep);
    size_t at = s->len - strlen(part->s);
    for (size_t i = 0; i < part->markup.n; i++)
        pc_spanlist_push(&whole->markup, at + part->markup.items[i].start, at + part->markup.items[i].end,
                         part->markup.items[i].mark);
    for (size_t i = 0; i < part->protected_words.n; i++)
        pc_strlist_add_unique(&whole->protected_words, part->protected_words.items[i],
                              strlen(part->protected_words.items[i]));
}

/* A field whose CSL variable also holds parts (pc_csl_joins): the title. */
static bool write_whole(void *u, const pc_map_row *row, bool *wrote)
{
    csl_out *w = u;
    const pc_text *t = pc_record_text(w->rec, row->field);
    pc_text whole = {.field = row->field};
    pc_buf s = PC_BUF_INIT;
    if (t) {
        pc_buf_puts(&s, t->s);
        for (size_t i = 0; i < t->markup.n; i++)
            pc_spanlist_push(&whole.markup, t->markup.items[i].start, t->markup.items[i].end,
                             t->markup.items[i].mark);
        for (size_t i = 0; i < t->protected_words.n; i++)
            pc_strlist_push(&whole.protected_words, t->protected_words.items[i]);
    }
    for (size_t i = 0; i < PC_CSL_N_JOINS; i++) {
        const pc_text *part = pc_record_text(w->rec, pc_csl_joins[i].part);
        if (pc_csl_joins[i].whole == row->field && part)
            join_part(&whole, &s, part, pc_csl_joins[i].sep);
    }
    *wrote = t != NULL;
    whole.s = s.ptr;
    if (s.len)
        set_value(w, w->item, row->name, &whole, NULL);
    pc_buf_free(&s);
    pc_spanlist_clear(&whole.markup);
    pc_strlist_clear(&whole.protected_words);
    return true;
}

/* A value of a field of ours, into custom under its table name, written as
 * a CSL variable of its kind would be. */
static bool write_custom(void *u, const pc_map_row *row, bool *wrote)
{
    csl_out *w = u;
    (void)wrote;
    const pc_record *rec = w->rec;
    const pc_field_info *fi = pc_field_get(row->field);
    const char *key = row->name + CSL_CUSTOM_LEN;
    json_t *c = custom_of(w);
    switch (fi->kind) {
    case PC_FK_TEXT:
    case PC_FK_NUMBER: set_value(w, c, key, pc_record_text(rec, row->field), NULL); break;
    case PC_FK_NAME: write_names(w, c, key, pc_record_names(rec, row->field)); break;
    case PC_FK_DATE:
        json_object_set_new_nocheck(c, key, csl_date(w, key, pc_record_date(rec, row->field),
                                                     pc_record_date_literal(rec, row->field)));
        break;
    case PC_FK_LIST: /* custom.URLs too */
        json_object_set_new_nocheck(c, key, list_json(w, pc_record_list(rec, row->field)));
        break;
    case PC_FK_NONE: break;
    }
    return true;
}

static bool write_name_var(void *u, const pc_map_row *row, bool *wrote)
{
    csl_out *w = u;
    (void)wrote;
    write_names(w, w->item, row->name, pc_record_names(w->rec, row->field));
    return true;
}

static bool write_date_var(void *u, const pc_map_row *row, bool *wrote)
{
    csl_out *w = u;
    (void)wrote;
    json_object_set_new_nocheck(w->item, row->name,
                                csl_date(w, row->name, pc_record_date(w->rec, row->field),
                                         pc_record_date_literal(w->rec, row->field)));
    return true;
}

/* The first URL; the next row writes them all when there are more. */
static bool write_url(void *u, const pc_map_row *row, bool *wrote)
{
    csl_out *w = u;
    const pc_strlist *urls = pc_record_list(w->rec, row->field);
    set_text(w, w->item, row->name, urls->items[0]);
    *wrote = urls->n == 1;
    return true;
}

static bool write_abstract(void *u, const pc_map_row *row, bool *wrote)
{
    csl_out *w = u;
    (void)wrote;
    const pc_text *t = pc_record_text(w->rec, row->field);
    set_value(w, w->item, row->name, t, t->truncated ? ELLIPSIS : NULL);
    return true;
}

static bool write_note(void *u, const pc_map_row *row, bool *wrote)
{
    csl_out *w = u;
    pc_buf_clear(&w->b);
    pc_record_note_compose(w->rec, &w->b);
    *wrote = w->b.len > 0;
    char *note = pc_buf_detach(&w->b);
    set_text(w, w->item, row->name, note);
    pc_free(note);
    return true;
}

static bool write_jref(void *u, const pc_map_row *row, bool *wrote)
{
    (void)u;
    (void)row;
    *wrote = true; /* the note's row wrote it */
    return true;
}

static bool write_arxiv_number(void *u, const pc_map_row *row, bool *wrote)
{
    csl_out *w = u;
    (void)row;
    *wrote = w->arxiv_number;
    return true;
}

static bool write_arxiv_doi(void *u, const pc_map_row *row, bool *wrote)
{
    csl_out *w = u;
    (void)row;
    *wrote = w->arxiv_doi;
    return true;
}

/* The code of the special rows, by the handler each names. */
static pc_map_write_fn *const writers[CSL_N_HANDLERS] = {
    [CSL_H_CUSTOM] = write_custom,
    [CSL_H_TITLE] = write_whole,
    [CSL_H_NAMES] = write_name_var,
    [CSL_H_DATE] = write_date_var,
    [CSL_H_URL] = write_url,
    [CSL_H_ABSTRACT] = write_abstract,
    [CSL_H_NOTE] = write_note,
    [CSL_H_JREF] = write_jref,
    [CSL_H_ARXIV_NUMBER] = write_arxiv_number,
    [CSL_H_ARXIV_DOI] = write_arxiv_doi,
    [CSL_H_FALLBACK] = arxiv_fallback,
};

/* A pass-through variable a CSL reader kept: its JSON value, as read.  The
 * custom keys it did not know join our custom object at the end; a
 * differing id was written first. */
/* For CSL-YAML, every string of a pass-through value is Markdown to pandoc,
 * as the fields are: each is escaped as they are (pc_csl_map_strings). */
static json_t *markdown_cb(void *u, const json_t *s) { return text_json(u, json_string_value(s)); }

/* A pass-through value as JSON, its strings escaped for CSL-YAML. */
static json_t *extra_json(csl_out *w, const char *value)
{
    json_t *v = json_loads(value, JSON_DECODE_ANY, NULL);
    if (json_is_string(v) && w->text == PC_CSL_MARKDOWN) {
        json_t *t = text_json(w, json_string_value(v));
        json_decref(v);
        return t;
    }
    if (w->text == PC_CSL_MARKDOWN)
        pc_csl_map_strings(v, markdown_cb, w);
    return v;
}

static bool csl_extra(void *u, const pc_extra *e)
{
    csl_out *w = u;
    if (strcmp(e->name, "custom") == 0) {
        w->custom_extra = e;
        return true;
    }
    if (strcmp(e->name, "id") == 0)
        return true;
    json_t *v = extra_json(w, e->value);
    if (v && !json_object_get(w->item, e->name))
        json_object_set_new(w->item, e->name, v);
    else
        json_decref(v);
    return true;
}

/* The keywords as a list in custom when one holds a comma (the keyword
 * variable is the list joined with ", "). */
static void keywords_custom(csl_out *w)
{
    const pc_strlist *kw = pc_record_list(w->rec, PC_F_KEYWORD);
    for (size_t i = 0; kw && i < kw->n; i++)
        if (strchr(kw->items[i], ',')) {
            json_object_set_new_nocheck(custom_of(w), PC_CSL_CUSTOM_KEYWORDS, list_json(w, kw));
            return;
        }
}

/* Adds the custom object (ours, then the keys a reader kept) to the item.
 * A custom that was not an object is written back as it was, unless we
 * need the place for ours (then it is counted as dropped). */
static void custom_finish(csl_out *w)
{
    json_t *kept = w->custom_extra ? extra_json(w, w->custom_extra->value) : NULL;
    const char *k;
    json_t *v;
    if (json_is_object(kept)) {
        json_object_foreach (kept, k, v)
            if (!w->custom || !json_object_get(w->custom, k))
                json_object_set(custom_of(w), k, v);
    } else if (kept && !w->custom) {
        w->custom = json_incref(kept);
    } else if (kept) {
        pc_ctx_dropped(w->ctx, w->fmt, "custom (csl)");
    }
    json_decref(kept);
    if (w->custom)
        json_object_set_new_nocheck(w->item, "custom", w->custom);
}

/* id and type; an item read with both an id and a citation-key keeps both. */
static void write_id(csl_out *w, const pc_record *rec)
{
    /* json_stringn_nocheck: the key is model text (valid UTF-8, see
     * str_json) and the type one of our constants; jansson's check was 2%
     * of an item */
    const char *key = rec->key ? rec->key : "";
    const char *type = rec->kind == PC_KIND_NONE ? "article" : pc_kind_name(rec->kind);
    const pc_extra *id = rec->n_extras ? pc_record_extra(rec, PC_CSL_FAMILY, "id") : NULL;
    json_t *idv = id ? extra_json(w, id->value) : NULL;
    if (idv)
        json_object_set_new_nocheck(w->item, "id", idv);
    else if (w->text == PC_CSL_MARKDOWN)
        set_text(w, w->item, "id", key);
    else
        json_object_set_new_nocheck(w->item, "id", str_json(key));
    json_object_set_new_nocheck(w->item, "type", str_json(type));
    if (idv)
        set_text(w, w->item, "citation-key", key);
}

json_t *pc_csl_item(const pc_record *rec, pc_ctx *ctx, const char *fmt, pc_csl_text text)
{
    csl_out w = {.rec = rec, .ctx = ctx, .fmt = fmt, .text = text, .item = json_object(),
                 .b = PC_BUF_INIT, .esc = PC_BUF_INIT};
    write_id(&w, rec);
    static const pc_map_sink sink = {.text = csl_text,
                                     .item = csl_item,
                                     .special = writers,
                                     .n_special = CSL_N_HANDLERS,
                                     .extra = csl_extra,
                                     .joiner = ", ",
                                     .family = PC_CSL_FAMILY};
    pc_map_write_rows(pc_csl_map, PC_CSL_MAP_LEN, rec, ctx, fmt, &sink, &w, NULL);
    keywords_custom(&w);
    custom_finish(&w);
    pc_buf_free(&w.b);
    pc_buf_free(&w.esc);
    return w.item;
}

