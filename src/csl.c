/* SPDX-License-Identifier: MIT */
/* csl.c — the CSL 1.0.2 item <-> record mapping (see csl.h).
 *
 * The one place where the record model meets CSL variable names, for every
 * CSL-shaped format (CSL-JSON, CSL-YAML) in both directions.  The map is
 * the field table: csl_rows[] lists the variables items have always begun
 * with, in their order, then every CSL row of fields.def; pc_map_write
 * walks it, and reading looks each key up with pc_field_by_name.
 *
 * Writing keeps only keys of the CSL-data schema (plus pass-through
 * variables a CSL reader found).  What CSL cannot hold is counted with
 * pc_ctx_dropped: author affiliations, ORCIDs, "et al.", our own fields
 * (the arXiv version and primary class, the `updated` date, ...), URLs
 * after the first.  An arXiv preprint's id goes into `number`, its DOI
 * (10.48550/arXiv.ID) into `DOI` and "arXiv" into `publisher` when those
 * are free.
 *
 * Reading accepts the loose forms pandoc accepts: a date as an EDTF or
 * "raw" string, date-parts as strings, a list of {year, month, day} maps
 * (CSL-YAML), "circa" and "season"; a name as one string; numbers where
 * text is expected; Crossref's array-valued titles and affiliation
 * objects.  Variables we do not know are kept as pass-through values. */
#include "paperconv/csl.h"
#include "paperconv/dates.h"
#include "paperconv/ids.h"
#include "paperconv/markup.h"
#include "paperconv/names.h"
#include "paperconv/map.h"
#include "paperconv/unicode.h"
#include "paperconv/buf.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ELLIPSIS "\xE2\x80\xA6" /* "…": marks a truncated abstract */
#define ARXIV_DOI "10.48550/arXiv."

/* ---- the map ------------------------------------------------------------------ */

/* How the generic loop treats a field of each kind: names, dates and
 * first-only lists are special; a joined list is split and joined. */
#define CSL_HOW(kind, flags)                                                                   \
    (PC_FK_##kind == PC_FK_NAME || PC_FK_##kind == PC_FK_DATE                                  \
         ? PC_MAP_SPECIAL                                                                      \
     : PC_FK_##kind == PC_FK_LIST                                                              \
         ? ((flags) & PC_FF_CSL_JOIN ? PC_MAP_SPLIT                                            \
            : (flags) & PC_FF_CSL_FIRST ? PC_MAP_SPECIAL                                       \
                                        : PC_MAP_LIST)                                         \
         : PC_MAP_TEXT)

static const pc_map_row csl_rows[] = {
    /* first, in the order items have always been written */
    {"title", PC_F_TITLE, PC_MAP_TEXT, PC_MAP_BOTH, 0},
    {"author", PC_F_AUTHOR, PC_MAP_SPECIAL, PC_MAP_BOTH, 0},
    {"issued", PC_F_ISSUED, PC_MAP_SPECIAL, PC_MAP_BOTH, 0},
    {"container-title", PC_F_CONTAINER_TITLE, PC_MAP_TEXT, PC_MAP_BOTH, 0},
    {"volume", PC_F_VOLUME, PC_MAP_TEXT, PC_MAP_BOTH, 0},
    {"issue", PC_F_ISSUE, PC_MAP_TEXT, PC_MAP_BOTH, 0},
    {"page", PC_F_PAGE, PC_MAP_TEXT, PC_MAP_BOTH, 0},
    {"publisher", PC_F_PUBLISHER, PC_MAP_SPECIAL, PC_MAP_BOTH | PC_MAP_ALWAYS, 0},
    {"number", PC_F_NUMBER, PC_MAP_SPECIAL, PC_MAP_BOTH | PC_MAP_ALWAYS, 0},
    {"DOI", PC_F_DOI, PC_MAP_SPECIAL, PC_MAP_BOTH | PC_MAP_ALWAYS, 0},
    {"URL", PC_F_URL, PC_MAP_SPECIAL, PC_MAP_BOTH, 0},
    {"abstract", PC_F_ABSTRACT, PC_MAP_SPECIAL, PC_MAP_BOTH, 0},
    {"keyword", PC_F_KEYWORD, PC_MAP_SPLIT, PC_MAP_BOTH, 0},
    {"note", PC_F_NOTE, PC_MAP_SPECIAL, PC_MAP_BOTH | PC_MAP_ALWAYS, 0},
/* then every CSL variable of the field table, in its order */
#define PC_FIELD(id, name, kind, flags)                                                        \
    {name, PC_F_##id, CSL_HOW(kind, flags), (flags) & PC_FF_CSL ? PC_MAP_BOTH : 0u, 0},
#include "paperconv/fields.def"
#undef PC_FIELD
};

/* Fields the specials above write themselves (the journal reference is a
 * line of the note; the arXiv id is the number, DOI or both). */
static const pc_field csl_own[] = {PC_F_ARXIV_ID, PC_F_JOURNAL_REF, PC_F_NONE};

/* ---- writing ------------------------------------------------------------------ */

typedef struct csl_out {
    const pc_record *rec;
    pc_ctx *ctx;
    const char *fmt;
    pc_csl_text text;
    json_t *item;
    pc_buf b;   /* scratch for rich text */
    pc_buf esc; /* scratch for Markdown escaping */
    bool arxiv_held; /* the arXiv id went into number or DOI */
} csl_out;

/* Sets obj[key] to s when s is non-empty.  Model strings are valid UTF-8
 * (every reader checks them on the way in), so jansson's own UTF-8 check is
 * skipped: it was the largest cost of building an item (abstracts), and the
 * writers check again anyway (jansson's dump, libyaml's scalar events).
 * Keys are our ASCII constants, or pass-through keys a reader checked. */
static void set_str(json_t *obj, const char *key, const char *s)
{
    if (s && *s)
        json_object_set_new_nocheck(obj, key, json_stringn_nocheck(s, strlen(s)));
}

/* set_str for plain text: pandoc reads every string of CSL-YAML as
 * Markdown (the id, DOI, URL and names too: `a*b*` would lose its stars),
 * so for CSL-YAML the text goes in with Markdown's specials escaped. */
static void set_text(csl_out *w, json_t *obj, const char *key, const char *s)
{
    if (!s || !*s)
        return;
    if (w->text == PC_CSL_MARKDOWN) {
        pc_buf_clear(&w->esc);
        pc_markup_to_markdown(s, NULL, &w->esc);
        s = w->esc.ptr;
    }
    set_str(obj, key, s);
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

/* A rich text value (title, abstract, ...) under key, with a suffix. */
static void set_rich(csl_out *w, const char *key, const pc_text *t, const char *suffix)
{
    const pc_field_info *fi = pc_field_get(t->field);
    pc_buf_clear(&w->b);
    put_rich(&w->b, t->s, &t->markup, fi && (fi->flags & PC_FF_TITLE) ? &t->protected_words : NULL,
             w->text);
    if (suffix)
        pc_buf_puts(&w->b, suffix);
    set_str(w->item, key, w->b.ptr);
}

static bool csl_text(void *u, const pc_map_row *row, const pc_text *t)
{
    csl_out *w = u;
    const pc_field_info *fi = pc_field_get(row->field);
    if ((fi->flags & PC_FF_RICH) && (t->markup.n || t->protected_words.n))
        set_rich(w, row->name, t, NULL);
    else
        set_text(w, w->item, row->name, t->s);
    return true;
}

static bool csl_item(void *u, const pc_map_row *row, const char *item)
{
    csl_out *w = u;
    json_t *arr = json_object_get(w->item, row->name);
    if (!arr) {
        arr = json_array();
        json_object_set_new_nocheck(w->item, row->name, arr);
    }
    if (w->text == PC_CSL_MARKDOWN) {
        pc_buf_clear(&w->esc);
        pc_markup_to_markdown(item, NULL, &w->esc);
        item = w->esc.ptr;
    }
    json_array_append_new(arr, json_stringn_nocheck(item, strlen(item)));
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

static void write_names(csl_out *w, const char *key, const pc_names *l)
{
    json_t *a = json_array();
    bool aff = false, orcid = false;
    for (size_t i = 0; i < l->n; i++) {
        json_array_append_new(a, csl_name(w, &l->items[i]));
        aff |= l->items[i].affiliations.n > 0;
        orcid |= l->items[i].orcid != NULL;
    }
    json_object_set_new_nocheck(w->item, key, a);
    if (aff) /* counted once per record and role */
        pc_ctx_dropped(w->ctx, w->fmt, "affiliation");
    if (orcid)
        pc_ctx_dropped(w->ctx, w->fmt, "ORCID");
    if (l->et_al)
        pc_ctx_dropped(w->ctx, w->fmt, "et al.");
}

static json_t *date_parts(int y, int m, int d)
{
    json_t *parts = json_array();
    json_array_append_new(parts, json_integer(y));
    if (m) {
        json_array_append_new(parts, json_integer(m));
        if (d)
            json_array_append_new(parts, json_integer(d));
    }
    return parts;
}

/* A date variable: date-parts (two for a range), season, circa; an open
 * range as its EDTF "raw" form; a literal date as "literal". */
static json_t *csl_date(csl_out *w, const pc_date *d, const char *literal)
{
    json_t *o = json_object();
    if (d && (d->flags & (PC_DATE_OPEN_END | PC_DATE_OPEN_START))) {
        pc_buf_clear(&w->b);
        pc_date_edtf(d, &w->b);
        set_str(o, "raw", w->b.ptr);
    } else if (d) {
        json_t *outer = json_array();
        json_array_append_new(outer, date_parts(d->year, d->month, d->day));
        if (d->end_year)
            json_array_append_new(outer, date_parts(d->end_year, d->end_month, d->end_day));
        json_object_set_new_nocheck(o, "date-parts", outer);
        if (d->season)
            json_object_set_new_nocheck(o, "season", json_integer(d->season));
        if (d->flags & PC_DATE_CIRCA)
            json_object_set_new_nocheck(o, "circa", json_true());
        if (d->flags & PC_DATE_UNCERTAIN)
            pc_ctx_dropped(w->ctx, w->fmt, "uncertain date (?)");
    }
    if (literal && !d)
        set_text(w, o, "literal", literal);
    else if (literal)
        pc_ctx_dropped(w->ctx, w->fmt, "date as written");
    return o;
}

/* The arXiv fallbacks: "arXiv" as the publisher of a preprint, its id as
 * the number, its DOI as the DOI, when the record has none of its own. */
static bool arxiv_fallback(csl_out *w, const pc_map_row *row, bool *wrote)
{
    const char *id = pc_record_get(w->rec, PC_F_ARXIV_ID);
    const char *own = pc_record_get(w->rec, row->field);
    if (own) {
        set_text(w, w->item, row->name, own);
        return true;
    }
    *wrote = false;
    if (!id)
        return true;
    if (row->field == PC_F_PUBLISHER) {
        set_text(w, w->item, row->name, "arXiv");
    } else if (row->field == PC_F_NUMBER) {
        set_text(w, w->item, row->name, id);
        w->arxiv_held = true;
    } else {
        pc_buf_clear(&w->b);
        pc_buf_puts(&w->b, ARXIV_DOI);
        pc_buf_puts(&w->b, id);
        set_text(w, w->item, row->name, w->b.ptr);
        w->arxiv_held = true;
    }
    return true;
}

static bool csl_special(void *u, const pc_map_row *row, bool *wrote)
{
    csl_out *w = u;
    const pc_record *rec = w->rec;
    pc_field f = row->field;
    const pc_field_info *fi = pc_field_get(f);
    if (fi->kind == PC_FK_NAME) {
        write_names(w, row->name, pc_record_names(rec, f));
    } else if (fi->kind == PC_FK_DATE) {
        json_object_set_new_nocheck(w->item, row->name,
                                    csl_date(w, pc_record_date(rec, f), pc_record_date_literal(rec, f)));
    } else if (f == PC_F_URL) {
        const pc_strlist *urls = pc_record_list(rec, f);
        set_text(w, w->item, row->name, urls->items[0]);
        if (urls->n > 1)
            pc_ctx_dropped(w->ctx, w->fmt, "url (second and later)");
    } else if (f == PC_F_ABSTRACT) {
        const pc_text *t = pc_record_text(rec, f);
        set_rich(w, row->name, t, t->truncated ? ELLIPSIS : NULL);
    } else if (f == PC_F_NOTE) {
        pc_buf_clear(&w->b);
        pc_record_note_compose(rec, &w->b);
        *wrote = w->b.len > 0;
        char *note = pc_buf_detach(&w->b);
        set_text(w, w->item, row->name, note);
        free(note);
    } else {
        return arxiv_fallback(w, row, wrote);
    }
    return true;
}

/* A pass-through variable a CSL reader kept: its JSON value, as read. */
static bool csl_extra(void *u, const pc_extra *e)
{
    csl_out *w = u;
    json_t *v = json_loads(e->value, JSON_DECODE_ANY, NULL);
    if (v && !json_object_get(w->item, e->name))
        json_object_set_new(w->item, e->name, v);
    else
        json_decref(v);
    return true;
}

json_t *pc_csl_item(const pc_record *rec, pc_ctx *ctx, const char *fmt, pc_csl_text text)
{
    csl_out w = {.rec = rec, .ctx = ctx, .fmt = fmt, .text = text, .item = json_object(),
                 .b = PC_BUF_INIT, .esc = PC_BUF_INIT};
    /* json_stringn_nocheck: the key is model text (valid UTF-8, see set_str)
     * and the type one of our constants; jansson's check was 2% of an item */
    const char *key = rec->key ? rec->key : "";
    const char *type = rec->kind == PC_KIND_NONE ? "article" : pc_kind_name(rec->kind);
    if (text == PC_CSL_MARKDOWN)
        set_text(&w, w.item, "id", key);
    else
        json_object_set_new_nocheck(w.item, "id", json_stringn_nocheck(key, strlen(key)));
    json_object_set_new_nocheck(w.item, "type", json_stringn_nocheck(type, strlen(type)));
    static const pc_map_sink sink = {.text = csl_text, .item = csl_item, .special = csl_special,
                                     .extra = csl_extra, .joiner = ", ", .family = PC_CSL_FAMILY};
    pc_map_write(csl_rows, sizeof csl_rows / sizeof *csl_rows, rec, ctx, fmt, &sink, &w, csl_own);
    if (pc_record_has(rec, PC_F_ARXIV_ID) && !w.arxiv_held)
        pc_ctx_dropped(ctx, fmt, pc_field_get(PC_F_ARXIV_ID)->name);
    pc_buf_free(&w.b);
    pc_buf_free(&w.esc);
    return w.item;
}

/* ---- reading ------------------------------------------------------------------ */

typedef struct csl_reader {
    pc_ctx *ctx;
    const char *file;
    unsigned long line;
    pc_buf tmp;
    /* the text scalar_text found: the JSON string itself when it needs no
     * change (no copy), else tmp's bytes; NUL-terminated either way */
    const char *txt;
    size_t txt_len;
    bool bad; /* a string was not valid UTF-8 */
    pc_csl_text text;
    pc_buf md; /* a CSL-YAML string with its Markdown read */
} csl_reader;

/* How a string's bytes stand: not valid UTF-8 (or NUL), valid and in NFC
 * for certain, or valid with a code point NFC might change.  One pass
 * (pc_utf8_check) instead of pc_utf8_valid and then pc_utf8_nfc's scan:
 * every CSL string used to be walked twice (a quarter of reading an
 * item).  The validation is kept on purpose although jansson and libyaml
 * check UTF-8 themselves: both let NUL through (jansson's \u0000, YAML's
 * "\0"), and the YAML reader builds its strings without jansson's check. */
typedef enum text_state { TEXT_BAD, TEXT_STABLE, TEXT_CHECK_NFC } text_state;

static text_state text_check(const char *s, size_t n, size_t *bad)
{
    bool unstable;
    if (!pc_utf8_check(s, n, bad, &unstable))
        return TEXT_BAD;
    return unstable ? TEXT_CHECK_NFC : TEXT_STABLE;
}

/* Text of a scalar (string, or a number written as text; for an array, its
 * first element: Crossref's titles) in NFC, in r->txt / r->txt_len until
 * the next call.  False when v holds no text. */
static bool raw_text(csl_reader *r, const json_t *v, const char *what)
{
    pc_buf_clear(&r->tmp);
    if (json_is_array(v) && json_array_size(v))
        v = json_array_get(v, 0);
    if (json_is_string(v)) {
        const char *s = json_string_value(v);
        size_t n = json_string_length(v), bad = 0;
        text_state st = text_check(s, n, &bad);
        if (st == TEXT_BAD) {
            pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->line, 0,
                         "%s: invalid UTF-8 or NUL at byte %zu", what, bad + 1);
            r->bad = true;
            return false;
        }
        if (st == TEXT_STABLE) { /* jansson's strings end in NUL; text_check saw none inside */
            r->txt = s;
            r->txt_len = n;
            return n > 0;
        }
        pc_buf_put(&r->tmp, s, n);
        pc_utf8_nfc(&r->tmp);
    } else if (json_is_integer(v)) {
        pc_buf_printf(&r->tmp, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
    } else if (json_is_real(v)) {
        pc_buf_printf(&r->tmp, "%g", json_real_value(v));
    } else {
        return false;
    }
    r->txt = r->tmp.ptr;
    r->txt_len = r->tmp.len;
    return r->tmp.len > 0;
}

/* raw_text, and for CSL-YAML the text as pandoc reads it: Markdown's
 * escapes removed, and emphasis too (a plain variable has no place for it;
 * pandoc would drop it when it renders the variable as text). */
static bool scalar_text(csl_reader *r, const json_t *v, const char *what)
{
    if (!raw_text(r, v, what))
        return false;
    if (r->text != PC_CSL_MARKDOWN || !json_is_string(v) ||
        (!memchr(r->txt, '\\', r->txt_len) && !memchr(r->txt, '*', r->txt_len) &&
         !memchr(r->txt, '_', r->txt_len) && !memchr(r->txt, '[', r->txt_len)))
        return true;
    pc_spanlist dropped = {0};
    pc_buf_clear(&r->md);
    pc_markup_from_markdown(r->txt, r->txt_len, &r->md, &dropped, NULL);
    pc_spanlist_clear(&dropped);
    r->txt = r->md.ptr;
    r->txt_len = r->md.len;
    return r->txt_len > 0;
}

/* Owned NFC text of v (a value looked up in an item), or NULL. */
static char *get_text(csl_reader *r, const json_t *v, const char *key)
{
    if (!v || !scalar_text(r, v, key))
        return NULL;
    return pc_xstrndup(r->txt, r->txt_len);
}

/* Owned plain text of a rich-text field (title, abstract), its italic and
 * bold in spans, words in <span class="nocase"> in nocase; NULL if empty. */
static char *get_rich(csl_reader *r, const json_t *v, const char *key, pc_spanlist *spans,
                      pc_strlist *nocase)
{
    if (!v || !raw_text(r, v, key))
        return NULL;
    pc_buf out = PC_BUF_INIT;
    if (r->text == PC_CSL_MARKDOWN)
        pc_markup_from_markdown(r->txt, r->txt_len, &out, spans, nocase);
    else
        pc_markup_from_html(r->txt, r->txt_len, &out, spans, nocase);
    if (!out.len) {
        pc_buf_free(&out);
        pc_spanlist_clear(spans);
        return NULL;
    }
    return pc_buf_detach(&out);
}


/* Crossref's type ids (doi.org answers in CSL-JSON carry them) and other
 * spellings seen in the wild, beside CSL's own names. */
static const struct {
    const char *name;
    pc_kind kind;
} type_aliases[] = {
    {"journal-article", PC_KIND_ARTICLE}, {"proceedings-article", PC_KIND_CONFERENCE},
    {"posted-content", PC_KIND_PREPRINT}, {"book-chapter", PC_KIND_CHAPTER},
    {"monograph", PC_KIND_BOOK},          {"edited-book", PC_KIND_BOOK},
    {"reference-book", PC_KIND_BOOK},     {"dissertation", PC_KIND_THESIS},
    {"preprint", PC_KIND_PREPRINT},       {"reference-entry", PC_KIND_ENTRY},
    {"book-section", PC_KIND_CHAPTER},    {"book-part", PC_KIND_CHAPTER},
    {"report-component", PC_KIND_REPORT}, {"proceedings", PC_KIND_BOOK},
    {"standard", PC_KIND_STANDARD},       {"book-set", PC_KIND_BOOK},
    {"book-series", PC_KIND_BOOK},        {"journal-issue", PC_KIND_PERIODICAL},
    {"journal", PC_KIND_PERIODICAL},      {"component", PC_KIND_OTHER},
    {"report-series", PC_KIND_REPORT},    {"database", PC_KIND_DATASET},
    {"peer-review", PC_KIND_REVIEW},      {"journal-volume", PC_KIND_PERIODICAL},
};

pc_kind pc_csl_kind(const char *s, size_t n)
{
    pc_kind k = pc_kind_by_name(s, n);
    if (k != PC_KIND_NONE)
        return k;
    for (size_t i = 0; i < sizeof type_aliases / sizeof *type_aliases; i++)
        if (strlen(type_aliases[i].name) == n && memcmp(type_aliases[i].name, s, n) == 0)
            return type_aliases[i].kind;
    return PC_KIND_OTHER;
}

/* A date part: an integer, or a string of digits ("2011", "-876").  0 if
 * absent, LONG_MIN if not a number. */
static long date_part(const json_t *v)
{
    if (!v)
        return 0;
    if (json_is_integer(v)) {
        json_int_t x = json_integer_value(v);
        return x >= -99999 && x <= 99999 ? (long)x : LONG_MIN;
    }
    if (json_is_real(v)) {
        double x = json_real_value(v);
        return x >= -99999 && x <= 99999 ? (long)x : LONG_MIN;
    }
    if (!json_is_string(v))
        return LONG_MIN;
    const char *s = json_string_value(v);
    size_t n = json_string_length(v), i = 0;
    pc_trim(&s, &n);
    if (!n)
        return 0;
    bool neg = s[0] == '-';
    i = neg;
    if (n - i > 6 || i == n)
        return LONG_MIN;
    long x = 0;
    for (; i < n; i++) {
        if (!pc_is_digit((unsigned char)s[i]))
            return LONG_MIN;
        x = x * 10 + (s[i] - '0');
    }
    return neg ? -x : x;
}

/* Fills d's start (or end) from three parts; false if a part is not a
 * number.  Months 21-24 are CSL/EDTF seasons (13-16 too, as citeproc-js
 * reads them). */
static bool date_from_parts(const json_t *y, const json_t *m, const json_t *dd, pc_date *d, bool end)
{
    long py = date_part(y), pm = date_part(m), pd = date_part(dd);
    if (py == 0 || py == LONG_MIN || pm < 0 || pm == LONG_MIN || pd < 0 || pd == LONG_MIN)
        return false;
    int season = pm >= 21 && pm <= 24 ? (int)pm - 20 : pm >= 13 && pm <= 16 ? (int)pm - 12 : 0;
    if (season || pm > 12)
        pm = pd = 0;
    if (end) {
        d->end_year = (int)py;
        d->end_month = (int)pm;
        d->end_day = pm ? (int)pd : 0;
    } else {
        d->year = (int)py;
        d->month = (int)pm;
        d->day = pm ? (int)pd : 0;
        d->season = season;
    }
    return true;
}

/* An EDTF string, or a free-form "raw" date (pc_date_parse's forms). */
static bool date_from_string(const char *s, size_t n, pc_date *d)
{
    return pc_date_parse_edtf(s, n, d) || pc_date_parse(s, n, d);
}

/* "date-parts": [[y, m, d]] or [[y], [y2]] (a range); loose: [y, m]. */
static bool date_from_dateparts(const json_t *dp, pc_date *d)
{
    const json_t *p = json_array_get(dp, 0);
    if (!json_is_array(p)) /* loose: "date-parts": [2011, 5] */
        return json_array_size(dp) <= 3 &&
               date_from_parts(json_array_get(dp, 0), json_array_get(dp, 1), json_array_get(dp, 2), d,
                               false);
    for (size_t i = 0; i < 2 && i < json_array_size(dp); i++) {
        p = json_array_get(dp, i);
        if (i == 1 && json_is_array(p) && (json_array_size(p) == 0 || date_part(json_array_get(p, 0)) == 0)) {
            d->flags |= PC_DATE_OPEN_END; /* [[2014, 12, 31], [0]]: a range with an open end */
            break;
        }
        if (!json_is_array(p) || json_array_size(p) == 0 || json_array_size(p) > 3 ||
            !date_from_parts(json_array_get(p, 0), json_array_get(p, 1), json_array_get(p, 2), d, i))
            return false;
    }
    return true;
}

/* Reads one CSL date value into d (zeroed first), or its text into
 * *literal when it is a string that is no date.  1 read, 0 absent, -1
 * unreadable. */
static int read_date(csl_reader *r, const json_t *v, pc_date *d, char **literal)
{
    memset(d, 0, sizeof *d);
    *literal = NULL;
    if (!v || json_is_null(v))
        return 0;
    if (json_is_string(v)) {
        if (date_from_string(json_string_value(v), json_string_length(v), d))
            return 1;
        *literal = get_text(r, v, "date");
        return *literal ? 1 : -1;
    }
    if (json_is_integer(v)) /* issued: 2014 */
        return date_from_parts(v, NULL, NULL, d, false) ? 1 : -1;
    if (json_is_array(v)) { /* CSL-YAML: a list of {year, month, day}; two = a range */
        for (size_t i = 0; i < 2 && i < json_array_size(v); i++) {
            const json_t *p = json_array_get(v, i);
            if (!json_is_object(p) || !date_from_parts(json_object_get(p, "year"), json_object_get(p, "month"),
                                                       json_object_get(p, "day"), d, i))
                return -1;
        }
        return d->year ? 1 : -1;
    }
    if (!json_is_object(v))
        return -1;
    const json_t *dp = json_object_get(v, "date-parts");
    int got = 0;
    if (json_is_array(dp) && json_array_size(dp))
        got = date_from_dateparts(dp, d) ? 1 : -1;
    else if (json_object_get(v, "year"))
        got = date_from_parts(json_object_get(v, "year"), json_object_get(v, "month"),
                              json_object_get(v, "day"), d, false)
                  ? 1
                  : -1;
    if (got > 0) {
        long season = date_part(json_object_get(v, "season"));
        if (season >= 1 && season <= 4)
            d->season = (int)season;
        const json_t *c = json_object_get(v, "circa");
        if (c && !json_is_false(c) && !(json_is_integer(c) && !json_integer_value(c)) &&
            !(json_is_string(c) && !json_string_length(c)))
            d->flags |= PC_DATE_CIRCA;
        return 1;
    }
    if (got < 0)
        return -1;
    const char *keys[] = {"raw", "literal"};
    for (size_t i = 0; i < 2; i++) {
        const json_t *s = json_object_get(v, keys[i]);
        if (!json_is_string(s))
            continue;
        if (i == 0 && date_from_string(json_string_value(s), json_string_length(s), d))
            return 1;
        *literal = get_text(r, s, "date");
        return *literal ? 1 : -1;
    }
    return json_object_size(v) ? -1 : 0;
}

static void read_date_var(csl_reader *r, const json_t *v, const char *key, pc_field f, pc_record *rec)
{
    pc_date d;
    char *literal;
    int got = read_date(r, v, &d, &literal);
    if (got > 0 && d.year && (!pc_date_valid(&d) || d.year < -9999)) {
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->line, 0, "impossible date %d-%d-%d in \"%s\"",
                     d.year, d.month, d.day, key);
    } else if (got < 0) {
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, r->line, 0, "cannot read the date in \"%s\"; left out",
                     key);
    } else if (got > 0) {
        pc_record_set_date(rec, f, &d);
        if (literal)
            pc_record_set_date_literal(rec, f, literal, strlen(literal));
    }
    free(literal);
}

/* Appends the affiliations of a Crossref-style author ("affiliation":
 * [{"name": ...}] or plain strings). */
static void read_affiliations(csl_reader *r, const json_t *aff, pc_name *nm)
{
    size_t i;
    const json_t *a;
    if (!json_is_array(aff))
        return;
    json_array_foreach (aff, i, a) {
        const json_t *v = json_is_object(a) ? json_object_get(a, "name") : a;
        if (v && scalar_text(r, v, "affiliation"))
            pc_strlist_add_unique(&nm->affiliations, r->txt, r->txt_len);
    }
}

enum { N_LITERAL, N_FAMILY, N_GIVEN, N_SUFFIX, N_NDP, N_DP, N_AFFILIATION, N_ORCID, N_COMMA_SUFFIX,
       N_STATIC, N_COUNT };

static const char *const name_keys[N_COUNT] = {
    [N_LITERAL] = "literal", [N_FAMILY] = "family", [N_GIVEN] = "given", [N_SUFFIX] = "suffix",
    [N_NDP] = "non-dropping-particle", [N_DP] = "dropping-particle", [N_AFFILIATION] = "affiliation",
    [N_ORCID] = "ORCID", [N_COMMA_SUFFIX] = "comma-suffix", [N_STATIC] = "static-ordering",
};

static bool truthy(const json_t *v)
{
    return v && (json_is_true(v) || (json_is_integer(v) && json_integer_value(v)) ||
                 (json_is_string(v) && json_string_length(v) && strcmp(json_string_value(v), "false") &&
                  strcmp(json_string_value(v), "0")));
}

/* The ORCID without its URL: https://orcid.org/0000-... -> 0000-... */
static char *orcid_of(csl_reader *r, const json_t *v)
{
    char *s = get_text(r, v, "ORCID");
    char *slash = s ? strrchr(s, '/') : NULL;
    if (slash && slash[1]) {
        char *bare = pc_xstrdup(slash + 1);
        free(s);
        return bare;
    }
    return s;
}

/* Fills nm from a CSL name object; false if it holds no name. */
static bool read_name_object(csl_reader *r, const json_t *v, pc_name *nm)
{
    const json_t *f[N_COUNT] = {0};
    const char *key;
    size_t key_len;
    json_t *value;
    json_object_keylen_foreach ((json_t *)v, key, key_len, value) {
        for (int i = 0; i < N_COUNT; i++)
            if (strlen(name_keys[i]) == key_len && memcmp(name_keys[i], key, key_len) == 0)
                f[i] = value;
    }
    char *literal = get_text(r, f[N_LITERAL], "literal");
    char *family = get_text(r, f[N_FAMILY], "family");
    char *given = get_text(r, f[N_GIVEN], "given");
    char *suffix = get_text(r, f[N_SUFFIX], "suffix");
    bool ok = literal || family || given;
    if (literal) {
        nm->literal = literal;
        literal = NULL;
    } else if (family) {
        pc_name_from_parts(given, family, suffix, nm);
        char *ndp = get_text(r, f[N_NDP], "non-dropping-particle");
        if (ndp) { /* an explicit particle goes before any found in family */
            pc_buf b = PC_BUF_INIT;
            pc_buf_puts(&b, ndp);
            if (nm->particle) {
                pc_buf_putc(&b, ' ');
                pc_buf_puts(&b, nm->particle);
            }
            free(nm->particle);
            nm->particle = pc_buf_detach(&b);
            free(ndp);
        }
        nm->dparticle = get_text(r, f[N_DP], "dropping-particle");
    } else if (given) { /* a lone given name is the whole name */
        pc_name_parse(given, strlen(given), nm);
    }
    if (ok) {
        read_affiliations(r, f[N_AFFILIATION], nm);
        nm->orcid = orcid_of(r, f[N_ORCID]);
        if (truthy(f[N_COMMA_SUFFIX]))
            nm->flags |= PC_NAME_COMMA_SUFFIX;
        if (truthy(f[N_STATIC]))
            nm->flags |= PC_NAME_STATIC_ORDER;
    }
    free(literal);
    free(family);
    free(given);
    free(suffix);
    return ok;
}

/* The names of one role: an array of name objects or strings, or one
 * string ("A and B"). */
static void read_names(csl_reader *r, const json_t *v, const char *key, pc_field role, pc_record *rec)
{
    if (json_is_string(v)) {
        if (scalar_text(r, v, key))
            pc_names_parse_list(r->txt, r->txt_len, pc_record_names_mut(rec, role)); /* loose: "A and B" */
        return;
    }
    if (!json_is_array(v))
        return;
    size_t i;
    const json_t *a;
    json_array_foreach (v, i, a) {
        bool ok = false;
        if (json_is_string(a) && scalar_text(r, a, key)) {
            ok = true;
            if (strcmp(r->txt, "others") == 0) /* BibTeX's "and others" seen through CSL */
                pc_record_names_mut(rec, role)->et_al = true;
            else
                pc_name_parse(r->txt, r->txt_len, pc_record_add_name(rec, role));
        } else if (json_is_object(a)) {
            pc_name nm = {0};
            ok = read_name_object(r, a, &nm);
            if (ok)
                *pc_record_add_name(rec, role) = nm;
            else
                pc_name_clear(&nm);
        }
        if (!ok && !r->bad)
            pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, r->line, 0, "%s %zu has no name; left out", key,
                         i + 1);
    }
}

/* A list variable: URL (a string, or loose: several), keyword ("a, b"), categories. */
static void read_list(csl_reader *r, const json_t *v, const char *key, pc_field f, pc_record *rec)
{
    if (json_is_array(v)) {
        size_t i;
        const json_t *x;
        json_array_foreach (v, i, x)
            read_list(r, x, key, f, rec);
        return;
    }
    if (!scalar_text(r, v, key))
        return;
    const pc_field_info *fi = pc_field_get(f);
    if (!(fi->flags & PC_FF_CSL_JOIN)) {
        pc_record_list_add(rec, f, r->txt, r->txt_len);
        return;
    }
    const char *s = r->txt, *end = s + r->txt_len;
    while (s < end) {
        const char *c = memchr(s, ',', (size_t)(end - s));
        const char *e = c ? c : end;
        pc_record_list_add(rec, f, s, (size_t)(e - s));
        s = c ? c + 1 : end;
    }
}

/* A text or number variable, with the conventions some of them carry. */
static void read_text(csl_reader *r, const json_t *v, const char *key, pc_field f, pc_record *rec)
{
    const pc_field_info *fi = pc_field_get(f);
    if (fi->flags & PC_FF_RICH) {
        pc_spanlist spans = {0};
        pc_strlist nocase = {0};
        char *s = get_rich(r, v, key, &spans, &nocase);
        if (s && f == PC_F_ABSTRACT) {
            pc_record_set_abstract(rec, s, strlen(s), &spans, false);
        } else if (s && f == PC_F_NOTE) {
            pc_record_note_split(rec, s, strlen(s));
        } else if (s) {
            pc_text *t = pc_record_set_rich(rec, f, s, strlen(s), &spans);
            if (t && (fi->flags & PC_FF_TITLE)) {
                t->protected_words = nocase;
                memset(&nocase, 0, sizeof nocase);
            }
        }
        free(s);
        pc_spanlist_clear(&spans);
        pc_strlist_clear(&nocase);
        return;
    }
    if (!scalar_text(r, v, key))
        return;
    if (f == PC_F_NOTE) { /* the note, and a "Journal reference: " line */
        pc_record_note_split(rec, r->txt, r->txt_len);
        return;
    }
    if (f == PC_F_DOI) {
        if (!pc_record_set_doi(rec, r->txt, r->txt_len))
            pc_record_set(rec, f, r->txt, r->txt_len); /* not a DOI we know: kept as written */
        return;
    }
    pc_record_set(rec, f, r->txt, r->txt_len);
}

/* A variable we do not know: kept as its JSON text, for the CSL writers. */
static void keep_extra(const json_t *v, const char *key, size_t key_len, pc_record *rec)
{
    char *raw = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_PRESERVE_ORDER);
    if (raw)
        pc_record_add_extra(rec, PC_CSL_FAMILY, key, key_len, raw, strlen(raw));
    free(raw);
}

/* The CSL properties that are not fields. */
static bool read_special(csl_reader *r, const char *key, size_t n, const json_t *v, pc_record *rec)
{
    if (n == 2 && memcmp(key, "id", 2) == 0) {
        if (!rec->key)
            rec->key = get_text(r, v, "id");
    } else if (n == 12 && memcmp(key, "citation-key", 12) == 0) {
        free(rec->key); /* the citation key wins over the id */
        rec->key = get_text(r, v, "citation-key");
    } else if (n == 4 && memcmp(key, "type", 4) == 0) {
        if (scalar_text(r, v, "type"))
            rec->kind = pc_csl_kind(r->txt, r->txt_len);
    } else if (n == 6 && memcmp(key, "custom", 6) == 0) {
        keep_extra(v, key, n, rec);
    } else {
        return false;
    }
    return true;
}

/* One key of an item. */
static void read_key(csl_reader *r, const char *key, size_t n, const json_t *v, pc_record *rec)
{
    if (read_special(r, key, n, v, rec))
        return;
    pc_field f = pc_field_by_name(key, n);
    const pc_field_info *fi = pc_field_get(f);
    if (!fi || !(fi->flags & PC_FF_CSL)) {
        keep_extra(v, key, n, rec);
        return;
    }
    switch (fi->kind) {
    case PC_FK_TEXT:
    case PC_FK_NUMBER: read_text(r, v, fi->name, f, rec); break;
    case PC_FK_NAME: read_names(r, v, fi->name, f, rec); break;
    case PC_FK_DATE: read_date_var(r, v, fi->name, f, rec); break;
    case PC_FK_LIST: read_list(r, v, fi->name, f, rec); break;
    case PC_FK_NONE: break;
    }
}

/* What our writer put in for a preprint comes back as the arXiv id: the
 * number (the id), the publisher "arXiv". */
static void read_arxiv(pc_record *rec)
{
    const char *number = pc_record_get(rec, PC_F_NUMBER);
    if (number && !pc_record_has(rec, PC_F_ARXIV_ID) && pc_record_set_arxiv(rec, number, strlen(number)))
        pc_record_unset(rec, PC_F_NUMBER);
    else if (number && pc_record_has(rec, PC_F_ARXIV_ID)) {
        pc_buf id = PC_BUF_INIT;
        int version;
        if (pc_arxiv_parse(number, strlen(number), &id, &version) &&
            strcmp(id.ptr, pc_record_get(rec, PC_F_ARXIV_ID)) == 0)
            pc_record_unset(rec, PC_F_NUMBER); /* the same id, written as the number */
        pc_buf_free(&id);
    }
    const char *pub = pc_record_get(rec, PC_F_PUBLISHER);
    if (pub && pc_record_has(rec, PC_F_ARXIV_ID) &&
        (pc_strcasecmp(pub, "arXiv") == 0 || pc_strcasecmp(pub, "arXiv.org") == 0))
        pc_record_unset(rec, PC_F_PUBLISHER); /* "arXiv" is what the writer adds for a preprint */
}

bool pc_csl_read_item(const json_t *item, pc_record *rec, pc_ctx *ctx, const char *file,
                      unsigned long line, pc_csl_text text)
{
    csl_reader r = {.ctx = ctx, .file = file, .line = line, .tmp = PC_BUF_INIT, .md = PC_BUF_INIT,
                    .text = text};
    rec->src_file = file;
    rec->src_line = line;
    if (!json_is_object(item)) {
        pc_diag_emit(ctx, PC_SEV_ERROR, file, line, 0, "a CSL item must be an object (a map of fields)");
        return false;
    }
    const char *key;
    size_t key_len;
    json_t *value;
    json_object_keylen_foreach ((json_t *)item, key, key_len, value)
        read_key(&r, key, key_len, value, rec);
    read_arxiv(rec);
    pc_buf_free(&r.tmp);
    pc_buf_free(&r.md);

    if (r.bad)
        return false; /* reported: invalid UTF-8 */
    if (!pc_record_has(rec, PC_F_TITLE) && !pc_record_n_authors(rec) && !pc_record_has(rec, PC_F_DOI) &&
        !pc_record_has(rec, PC_F_ARXIV_ID)) {
        pc_diag_emit(ctx, PC_SEV_ERROR, file, line, 0, "CSL item %s%s%shas no title, author or DOI",
                     rec->key ? "\"" : "", rec->key ? rec->key : "", rec->key ? "\" " : "");
        return false;
    }
    return true;
}
