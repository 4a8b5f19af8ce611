/* csl.c — the CSL 1.0.2 item <-> record mapping (see csl.h).
 *
 * Owns the one place where our record model meets CSL variable names, for
 * every CSL-shaped format (CSL-JSON, CSL-YAML) in both directions.
 *
 * Writing keeps only keys of the CSL-data schema.  What CSL cannot hold is
 * counted with pc_ctx_dropped: author affiliations, "et al.", the arXiv
 * version and primary category, the `updated` date, brace-protected title
 * words, URLs after the first.
 *
 * Reading accepts the loose forms pandoc accepts: a date as an EDTF or
 * "raw" string, date-parts as strings, two-element ranges (the first date
 * is kept), a list of {year, month, day} maps (CSL-YAML), "circa" and
 * "season" (ignored); a name as one string; numbers where text is
 * expected; Crossref's array-valued titles and affiliation objects. */
#include "csl.h"
#include "ids.h"

#include "dates.h"
#include "names.h"
#include "markup.h"
#include "unicode.h"
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ELLIPSIS "\xE2\x80\xA6" /* "…": marks a truncated abstract */
#define ARXIV_DOI "10.48550/arXiv."
#define JREF_LABEL "Journal reference: "

/* ---- writing ------------------------------------------------------------- */

static const char *csl_type(pc_kind k)
{
    switch (k) {
    case PC_KIND_ARTICLE: return "article-journal";
    case PC_KIND_CONFERENCE: return "paper-conference";
    case PC_KIND_BOOK: return "book";
    case PC_KIND_CHAPTER: return "chapter";
    case PC_KIND_THESIS: return "thesis";
    case PC_KIND_REPORT: return "report";
    case PC_KIND_WEBPAGE: return "webpage";
    case PC_KIND_DATASET: return "dataset";
    case PC_KIND_SOFTWARE: return "software";
    case PC_KIND_OTHER: return "document";
    case PC_KIND_NONE:
    case PC_KIND_PREPRINT: break;
    }
    return "article"; /* CSL's type for preprints */
}

/* Sets obj[key] to s when s is non-empty.  Model strings are valid UTF-8
 * (every reader checks them on the way in), so jansson's own UTF-8 check is
 * skipped: it was the largest cost of building an item (abstracts), and the
 * writers check again anyway (jansson's dump, libyaml's scalar events).
 * Keys everywhere here are our ASCII constants: json_object_set_new_nocheck. */
static void set_str(json_t *obj, const char *key, const char *s)
{
    if (s && *s)
        json_object_set_new_nocheck(obj, key, json_stringn_nocheck(s, strlen(s)));
}

/* What the item builder needs besides the record. */
typedef struct csl_out {
    pc_csl_text text;
    pc_buf esc; /* scratch for Markdown escaping */
} csl_out;

/* set_str for a text variable: pandoc reads every string of CSL-YAML as
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

static json_t *csl_name(csl_out *w, const pc_name *nm)
{
    json_t *o = json_object();
    if (nm->literal || !nm->family) { /* organisation, or a lone given name */
        set_text(w, o, "literal", nm->literal ? nm->literal : nm->given);
        return o;
    }
    set_text(w, o, "family", nm->family);
    set_text(w, o, "given", nm->given);
    /* our particle stays with the family name: CSL's non-dropping one */
    set_text(w, o, "non-dropping-particle", nm->particle);
    set_text(w, o, "suffix", nm->suffix);
    return o;
}

static json_t *csl_date(const pc_date *d)
{
    json_t *parts = json_array();
    json_array_append_new(parts, json_integer(d->year));
    if (d->month) {
        json_array_append_new(parts, json_integer(d->month));
        if (d->day)
            json_array_append_new(parts, json_integer(d->day));
    }
    json_t *outer = json_array();
    json_array_append_new(outer, parts);
    json_t *o = json_object();
    json_object_set_new_nocheck(o, "date-parts", outer);
    return o;
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

json_t *pc_csl_item_for(const pc_record *rec, pc_ctx *ctx, const char *fmt)
{
    return pc_csl_item_as(rec, ctx, fmt, PC_CSL_HTML);
}

json_t *pc_csl_item_as(const pc_record *rec, pc_ctx *ctx, const char *fmt, pc_csl_text text)
{
    json_t *item = json_object();
    pc_buf b = PC_BUF_INIT;
    csl_out w = {.text = text, .esc = PC_BUF_INIT};
    /* json_stringn_nocheck: the key is model text (valid UTF-8, see set_str)
     * and the type one of our constants; jansson's check was 2% of an item */
    const char *key = rec->key ? rec->key : "", *type = csl_type(rec->kind);
    if (text == PC_CSL_MARKDOWN)
        set_text(&w, item, "id", key);
    else
        json_object_set_new_nocheck(item, "id", json_stringn_nocheck(key, strlen(key)));
    json_object_set_new_nocheck(item, "type", json_stringn_nocheck(type, strlen(type)));
    if (rec->title) {
        put_rich(&b, rec->title, &rec->title_markup, &rec->title_protected, text);
        set_str(item, "title", b.ptr);
        pc_buf_clear(&b);
    }
    if (rec->n_authors) {
        json_t *a = json_array();
        bool aff = false;
        for (size_t i = 0; i < rec->n_authors; i++) {
            json_array_append_new(a, csl_name(&w, &rec->authors[i]));
            aff |= rec->authors[i].affiliations.n > 0;
        }
        json_object_set_new_nocheck(item, "author", a);
        if (aff) /* counted once per record */
            pc_ctx_dropped(ctx, fmt, "affiliation");
    }
    if (rec->et_al)
        pc_ctx_dropped(ctx, fmt, "et al.");
    if (rec->date.year)
        json_object_set_new_nocheck(item, "issued", csl_date(&rec->date));
    if (rec->updated.year)
        pc_ctx_dropped(ctx, fmt, "updated");
    set_text(&w, item, "container-title", rec->container);
    set_text(&w, item, "volume", rec->volume);
    set_text(&w, item, "issue", rec->issue);
    set_text(&w, item, "page", rec->pages);
    if (rec->publisher)
        set_text(&w, item, "publisher", rec->publisher);
    else if (rec->arxiv_id)
        set_text(&w, item, "publisher", "arXiv");
    if (rec->arxiv_id) {
        set_text(&w, item, "number", rec->arxiv_id);
        if (rec->arxiv_version)
            pc_ctx_dropped(ctx, fmt, "arXiv version");
        if (rec->arxiv_primary)
            pc_ctx_dropped(ctx, fmt, "arXiv primary category");
    }
    if (rec->doi) {
        set_text(&w, item, "DOI", rec->doi);
    } else if (rec->arxiv_id) {
        pc_buf_puts(&b, ARXIV_DOI);
        pc_buf_puts(&b, rec->arxiv_id);
        set_text(&w, item, "DOI", b.ptr);
    }
    if (rec->urls.n)
        set_text(&w, item, "URL", rec->urls.items[0]);
    if (rec->urls.n > 1)
        pc_ctx_dropped(ctx, fmt, "url (second and later)");
    if (rec->abstract) {
        pc_buf_clear(&b);
        put_rich(&b, rec->abstract, &rec->abstract_markup, NULL, text);
        if (rec->abstract_truncated)
            pc_buf_puts(&b, ELLIPSIS);
        set_str(item, "abstract", b.ptr);
    }
    if (rec->keywords.n) {
        pc_buf_clear(&b);
        for (size_t i = 0; i < rec->keywords.n; i++) {
            if (i)
                pc_buf_puts(&b, ", ");
            pc_buf_puts(&b, rec->keywords.items[i]);
        }
        set_text(&w, item, "keyword", b.ptr);
    }
    if (rec->comment || rec->journal_ref) {
        /* one note: the comment, then the journal reference on a labelled
         * line (Zotero's "Extra" habit) so a reader can tell them apart */
        pc_buf_clear(&b);
        if (rec->comment)
            pc_buf_puts(&b, rec->comment);
        if (rec->journal_ref) {
            if (b.len)
                pc_buf_putc(&b, '\n');
            pc_buf_puts(&b, JREF_LABEL);
            pc_buf_puts(&b, rec->journal_ref);
        }
        set_text(&w, item, "note", b.ptr);
    }
    pc_buf_free(&b);
    pc_buf_free(&w.esc);
    return item;
}

json_t *pc_csl_item(const pc_record *rec, pc_ctx *ctx)
{
    return pc_csl_item_for(rec, ctx, "csljson");
}

/* ---- reading ------------------------------------------------------------- */

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

/* The CSL variables we read, as slots filled by one walk over an object.
 * Why: looking each variable up with json_object_get hashed 17 names per
 * item and 7 per author (most of them absent), 2% of json -> csljson; one
 * json_object_keylen_foreach over the keys present plus a switch on the
 * key's length is cheaper.  Objects from jansson and from the YAML reader
 * hold each key once (a repeated key replaces the value: the last one
 * wins, as before), and keys are compared with their length, so a key with
 * a NUL inside ("title\u0000x") still matches nothing, as with
 * json_object_get. */
enum {
    F_CITATION_KEY, F_ID, F_TYPE, F_TITLE, F_AUTHOR, F_ISSUED, F_ABSTRACT, F_DOI, F_PUBLISHER,
    F_NUMBER, F_URL, F_CONTAINER, F_VOLUME, F_ISSUE, F_PAGE, F_KEYWORD, F_NOTE, F_COUNT
};
enum { N_LITERAL, N_FAMILY, N_GIVEN, N_SUFFIX, N_NDP, N_DP, N_AFFILIATION, N_COUNT };

#define KEY_IS(k, n, lit) ((n) == sizeof(lit) - 1 && memcmp((k), (lit), sizeof(lit) - 1) == 0)

static int item_slot(const char *k, size_t n)
{
    switch (n) {
    case 2: return KEY_IS(k, n, "id") ? F_ID : -1;
    case 3: return KEY_IS(k, n, "DOI") ? F_DOI : KEY_IS(k, n, "URL") ? F_URL : -1;
    case 4:
        return KEY_IS(k, n, "type") ? F_TYPE : KEY_IS(k, n, "page") ? F_PAGE : KEY_IS(k, n, "note") ? F_NOTE : -1;
    case 5: return KEY_IS(k, n, "title") ? F_TITLE : KEY_IS(k, n, "issue") ? F_ISSUE : -1;
    case 6:
        return KEY_IS(k, n, "author")   ? F_AUTHOR
               : KEY_IS(k, n, "issued") ? F_ISSUED
               : KEY_IS(k, n, "number") ? F_NUMBER
               : KEY_IS(k, n, "volume") ? F_VOLUME
                                        : -1;
    case 7: return KEY_IS(k, n, "keyword") ? F_KEYWORD : -1;
    case 8: return KEY_IS(k, n, "abstract") ? F_ABSTRACT : -1;
    case 9: return KEY_IS(k, n, "publisher") ? F_PUBLISHER : -1;
    case 12: return KEY_IS(k, n, "citation-key") ? F_CITATION_KEY : -1;
    case 15: return KEY_IS(k, n, "container-title") ? F_CONTAINER : -1;
    default: return -1;
    }
}

static int name_slot(const char *k, size_t n)
{
    switch (n) {
    case 5: return KEY_IS(k, n, "given") ? N_GIVEN : -1;
    case 6: return KEY_IS(k, n, "family") ? N_FAMILY : KEY_IS(k, n, "suffix") ? N_SUFFIX : -1;
    case 7: return KEY_IS(k, n, "literal") ? N_LITERAL : -1;
    case 11: return KEY_IS(k, n, "affiliation") ? N_AFFILIATION : -1;
    case 17: return KEY_IS(k, n, "dropping-particle") ? N_DP : -1;
    case 21: return KEY_IS(k, n, "non-dropping-particle") ? N_NDP : -1;
    default: return -1;
    }
}

/* Fills slot[] (n_slots entries, NULL where absent) from obj's keys. */
static void fill_slots(const json_t *obj, int (*slot_of)(const char *, size_t), const json_t **slot,
                       size_t n_slots)
{
    const char *key;
    size_t key_len;
    json_t *value;
    for (size_t i = 0; i < n_slots; i++)
        slot[i] = NULL;
    json_object_keylen_foreach ((json_t *)obj, key, key_len, value) {
        int i = slot_of(key, key_len);
        if (i >= 0)
            slot[i] = value;
    }
}

static const struct {
    const char *csl;
    pc_kind kind;
} type_map[] = {
    /* CSL 1.0.2 names first, then the Crossref ids doi.org returns */
    {"article", PC_KIND_PREPRINT},          {"article-journal", PC_KIND_ARTICLE},
    {"article-magazine", PC_KIND_ARTICLE},  {"article-newspaper", PC_KIND_ARTICLE},
    {"review", PC_KIND_ARTICLE},            {"review-book", PC_KIND_ARTICLE},
    {"paper-conference", PC_KIND_CONFERENCE}, {"book", PC_KIND_BOOK},
    {"chapter", PC_KIND_CHAPTER},           {"entry", PC_KIND_CHAPTER},
    {"entry-dictionary", PC_KIND_CHAPTER},  {"entry-encyclopedia", PC_KIND_CHAPTER},
    {"thesis", PC_KIND_THESIS},             {"report", PC_KIND_REPORT},
    {"webpage", PC_KIND_WEBPAGE},           {"post", PC_KIND_WEBPAGE},
    {"post-weblog", PC_KIND_WEBPAGE},       {"dataset", PC_KIND_DATASET},
    {"software", PC_KIND_SOFTWARE},         {"journal-article", PC_KIND_ARTICLE},
    {"proceedings-article", PC_KIND_CONFERENCE}, {"posted-content", PC_KIND_PREPRINT},
    {"book-chapter", PC_KIND_CHAPTER},      {"monograph", PC_KIND_BOOK},
    {"edited-book", PC_KIND_BOOK},          {"reference-book", PC_KIND_BOOK},
    {"dissertation", PC_KIND_THESIS},       {"preprint", PC_KIND_PREPRINT},
};

static pc_kind kind_of(const char *type)
{
    if (!type)
        return PC_KIND_NONE;
    for (size_t i = 0; i < sizeof type_map / sizeof *type_map; i++)
        if (strcmp(type_map[i].csl, type) == 0)
            return type_map[i].kind;
    return PC_KIND_OTHER;
}

/* A date part: an integer, or a string of digits ("2011").  0 if absent,
 * -1 if not a number. */
static long date_part(const json_t *v)
{
    if (!v)
        return 0;
    /* out-of-range numbers (negative years, 1e300) are not dates we hold */
    if (json_is_integer(v)) {
        json_int_t x = json_integer_value(v);
        return x >= 0 && x <= 99999 ? (long)x : -1;
    }
    if (json_is_real(v)) {
        double x = json_real_value(v);
        return x >= 0 && x <= 99999 ? (long)x : -1;
    }
    if (!json_is_string(v))
        return -1;
    const char *s = json_string_value(v);
    size_t n = json_string_length(v);
    pc_trim(&s, &n);
    if (!n || n > 6)
        return n ? -1 : 0;
    long x = 0;
    for (size_t i = 0; i < n; i++) {
        if (!pc_is_digit((unsigned char)s[i]))
            return -1;
        x = x * 10 + (s[i] - '0');
    }
    return x;
}

/* Fills d from three parts; false if a part is not a number.  Months 13-24
 * are EDTF/CSL seasons: the year is kept, the season dropped. */
static bool date_from_parts(const json_t *y, const json_t *m, const json_t *dd, pc_date *d)
{
    long py = date_part(y), pm = date_part(m), pd = date_part(dd);
    if (py <= 0 || pm < 0 || pd < 0)
        return false;
    d->year = (int)py;
    if (pm >= 13 && pm <= 24)
        return true;
    d->month = (int)pm;
    d->day = pm ? (int)pd : 0;
    return true;
}

/* An EDTF string (2011-05-25, 2011-05~, 2011?, 2017-24, 2011-05-25/2012)
 * or a free-form "raw" date (pc_date_parse's forms). */
static bool date_from_string(const char *s, size_t n, pc_date *d)
{
    pc_trim(&s, &n);
    /* an EDTF interval (2011-05-25/2012, 2011/.., 2011/) keeps its start;
     * a RIS date (2026/10/02/) is not one: its slash is followed by a month */
    const char *slash = memchr(s, '/', n);
    if (slash) {
        const char *a = slash + 1;
        size_t rest = n - (size_t)(a - s);
        bool year_next = rest >= 4 && pc_is_digit((unsigned char)a[0]) && pc_is_digit((unsigned char)a[1]) &&
                         pc_is_digit((unsigned char)a[2]) && pc_is_digit((unsigned char)a[3]);
        if (year_next || rest == 0 || (rest >= 2 && a[0] == '.' && a[1] == '.'))
            n = (size_t)(slash - s);
    }
    while (n && strchr("?~%", s[n - 1]))
        n--;
    if (n == 7 && s[4] == '-' && pc_is_digit((unsigned char)s[5]) && s[5] >= '2' &&
        pc_is_digit((unsigned char)s[6])) { /* season 2017-21..24 */
        int m = (s[5] - '0') * 10 + (s[6] - '0');
        if (m >= 13 && m <= 24)
            n = 4;
    }
    return n && pc_date_parse(s, n, d);
}

/* Reads one CSL date value into d.  1 read, 0 absent, -1 unreadable. */
static int read_date(const json_t *v, pc_date *d)
{
    memset(d, 0, sizeof *d);
    if (!v || json_is_null(v))
        return 0;
    if (json_is_string(v))
        return date_from_string(json_string_value(v), json_string_length(v), d) ? 1 : -1;
    if (json_is_integer(v)) /* issued: 2014 */
        return date_from_parts(v, NULL, NULL, d) ? 1 : -1;
    if (json_is_array(v)) { /* CSL-YAML: a list of {year, month, day}; the first wins */
        const json_t *first = json_array_get(v, 0);
        if (!json_is_object(first))
            return -1;
        return date_from_parts(json_object_get(first, "year"), json_object_get(first, "month"),
                               json_object_get(first, "day"), d)
                   ? 1
                   : -1;
    }
    if (!json_is_object(v))
        return -1;
    const json_t *dp = json_object_get(v, "date-parts");
    if (json_is_array(dp) && json_array_size(dp)) {
        const json_t *p = json_array_get(dp, 0);
        if (!json_is_array(p)) /* loose: "date-parts": [2011, 5] */
            p = dp;
        if (json_array_size(p) == 0 || json_array_size(p) > 3)
            return -1;
        return date_from_parts(json_array_get(p, 0), json_array_get(p, 1), json_array_get(p, 2), d)
                   ? 1
                   : -1;
    }
    if (json_object_get(v, "year"))
        return date_from_parts(json_object_get(v, "year"), json_object_get(v, "month"),
                               json_object_get(v, "day"), d)
                   ? 1
                   : -1;
    const char *keys[] = {"raw", "literal"};
    for (size_t i = 0; i < 2; i++) {
        const json_t *s = json_object_get(v, keys[i]);
        if (json_is_string(s))
            return date_from_string(json_string_value(s), json_string_length(s), d) ? 1 : -1;
    }
    return json_object_size(v) ? -1 : 0;
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
            pc_strlist_push(&nm->affiliations, r->txt);
    }
}

/* One CSL name (object or string) appended to rec; false if empty. */
static bool read_name(csl_reader *r, const json_t *v, pc_record *rec)
{
    if (json_is_string(v)) {
        if (!scalar_text(r, v, "author"))
            return false;
        if (strcmp(r->txt, "others") == 0) { /* BibTeX's "and others" seen through CSL */
            rec->et_al = true;
            return true;
        }
        pc_name_parse(r->txt, r->txt_len, pc_record_add_author(rec));
        return true;
    }
    if (!json_is_object(v))
        return false;
    const json_t *f[N_COUNT];
    fill_slots(v, name_slot, f, N_COUNT);
    char *literal = get_text(r, f[N_LITERAL], "literal");
    char *family = get_text(r, f[N_FAMILY], "family");
    char *given = get_text(r, f[N_GIVEN], "given");
    char *suffix = get_text(r, f[N_SUFFIX], "suffix");
    char *ndp = get_text(r, f[N_NDP], "non-dropping-particle");
    char *dp = get_text(r, f[N_DP], "dropping-particle");
    bool ok = literal || family || given;
    if (ok) {
        pc_name *nm = pc_record_add_author(rec);
        if (literal) {
            nm->literal = literal;
            literal = NULL;
        } else if (!family) { /* a lone given name is the whole name */
            pc_name_parse(given, strlen(given), nm);
        } else {
            pc_name_from_parts(given, family, suffix, nm);
            if (ndp || dp) { /* explicit particles go before any found in family */
                pc_buf b = PC_BUF_INIT;
                const char *parts[] = {dp, ndp, nm->particle};
                for (size_t i = 0; i < 3; i++)
                    if (parts[i]) {
                        if (b.len)
                            pc_buf_putc(&b, ' ');
                        pc_buf_puts(&b, parts[i]);
                    }
                free(nm->particle);
                nm->particle = pc_buf_detach(&b);
            }
        }
        read_affiliations(r, f[N_AFFILIATION], nm);
    }
    free(literal);
    free(family);
    free(given);
    free(suffix);
    free(ndp);
    free(dp);
    return ok;
}

/* Splits "a, b, c" into keywords. */
static void read_keywords(csl_reader *r, const json_t *v, pc_record *rec)
{
    if (json_is_array(v)) { /* loose: a list of keywords */
        size_t i;
        const json_t *k;
        json_array_foreach (v, i, k)
            read_keywords(r, k, rec);
        return;
    }
    if (!scalar_text(r, v, "keyword"))
        return;
    const char *s = r->txt, *end = s + r->txt_len;
    while (s < end) {
        const char *c = memchr(s, ',', (size_t)(end - s));
        const char *e = c ? c : end;
        const char *p = s;
        size_t n = (size_t)(e - s);
        pc_trim(&p, &n);
        if (n)
            pc_strlist_push_n(&rec->keywords, p, n);
        s = c ? c + 1 : end;
    }
}

/* The note: a comment, and a journal reference on a "Journal reference: "
 * line (what pc_csl_item writes). */
static void read_note(csl_reader *r, const json_t *v, pc_record *rec)
{
    char *note = get_text(r, v, "note");
    if (!note)
        return;
    size_t n = strlen(note);
    char *jr = NULL;
    for (char *p = note; (p = strstr(p, JREF_LABEL)) != NULL; p++)
        if (p == note || p[-1] == '\n')
            jr = p;
    if (jr) {
        rec->journal_ref = pc_xstrdup(jr + strlen(JREF_LABEL));
        n = (size_t)(jr - note);
        if (n && note[n - 1] == '\n')
            n--;
    }
    if (n)
        rec->comment = pc_xstrndup(note, n);
    free(note);
}

bool pc_csl_read_item(const json_t *item, pc_record *rec, pc_ctx *ctx, const char *file, unsigned long line)
{
    return pc_csl_read_item_as(item, rec, ctx, file, line, PC_CSL_HTML);
}

bool pc_csl_read_item_as(const json_t *item, pc_record *rec, pc_ctx *ctx, const char *file,
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
    const json_t *f[F_COUNT];
    fill_slots(item, item_slot, f, F_COUNT);
    rec->key = get_text(&r, f[F_CITATION_KEY], "citation-key");
    if (!rec->key)
        rec->key = get_text(&r, f[F_ID], "id");
    char *type = get_text(&r, f[F_TYPE], "type");
    rec->kind = kind_of(type);
    free(type);
    rec->title = get_rich(&r, f[F_TITLE], "title", &rec->title_markup, &rec->title_protected);

    const json_t *authors = f[F_AUTHOR];
    if (json_is_string(authors) && scalar_text(&r, authors, "author")) {
        pc_names_parse_list(r.txt, r.txt_len, rec); /* loose: "A and B" */
    } else if (json_is_array(authors)) {
        size_t i;
        const json_t *a;
        json_array_foreach (authors, i, a)
            if (!read_name(&r, a, rec) && !r.bad)
                pc_diag_emit(ctx, PC_SEV_WARNING, file, line, 0,
                             "author %zu has no name; left out", i + 1);
    }

    int got = read_date(f[F_ISSUED], &rec->date);
    if (got > 0 && !pc_date_valid(&rec->date)) {
        pc_diag_emit(ctx, PC_SEV_ERROR, file, line, 0, "impossible date %d-%d-%d in \"issued\"",
                     rec->date.year, rec->date.month, rec->date.day);
        memset(&rec->date, 0, sizeof rec->date);
    } else if (got < 0) {
        pc_diag_emit(ctx, PC_SEV_WARNING, file, line, 0, "cannot read the date in \"issued\"; left out");
    }

    char *abstract = get_rich(&r, f[F_ABSTRACT], "abstract", &rec->abstract_markup, NULL);
    if (abstract) {
        size_t n = strlen(abstract), e = strlen(ELLIPSIS);
        if (n > e && memcmp(abstract + n - e, ELLIPSIS, e) == 0) {
            abstract[n - e] = '\0';
            rec->abstract_truncated = true;
            pc_markup_clip(&rec->abstract_markup, n - e);
        }
        rec->abstract = abstract;
    }

    char *doi = get_text(&r, f[F_DOI], "DOI");
    if (doi) {
        /* the arXiv DOI names the preprint itself */
        if (!pc_record_set_arxiv(rec, doi, strlen(doi))) {
            pc_buf d = PC_BUF_INIT;
            if (pc_doi_parse(doi, strlen(doi), &d))
                rec->doi = pc_buf_detach(&d);
            else if (*doi)
                rec->doi = pc_xstrdup(doi);
            pc_buf_free(&d);
        }
        free(doi);
    }

    rec->publisher = get_text(&r, f[F_PUBLISHER], "publisher");
    char *number = get_text(&r, f[F_NUMBER], "number");
    bool arxiv_pub = rec->publisher && (pc_strcasecmp(rec->publisher, "arXiv") == 0 ||
                                        pc_strcasecmp(rec->publisher, "arXiv.org") == 0);
    /* the writer's number is the arXiv id, also on a published paper */
    if (number && !rec->arxiv_id)
        pc_record_set_arxiv(rec, number, strlen(number));
    if (rec->arxiv_id && arxiv_pub) {
        free(rec->publisher); /* "arXiv" is what the writer adds for a preprint */
        rec->publisher = NULL;
    }
    free(number);

    char *url = get_text(&r, f[F_URL], "URL");
    if (url)
        pc_strlist_push(&rec->urls, url);
    free(url);
    rec->container = get_text(&r, f[F_CONTAINER], "container-title");
    rec->volume = get_text(&r, f[F_VOLUME], "volume");
    rec->issue = get_text(&r, f[F_ISSUE], "issue");
    rec->pages = get_text(&r, f[F_PAGE], "page");
    const json_t *kw = f[F_KEYWORD];
    if (kw)
        read_keywords(&r, kw, rec);
    read_note(&r, f[F_NOTE], rec);
    pc_buf_free(&r.tmp);
    pc_buf_free(&r.md);

    if (r.bad)
        return false; /* reported: invalid UTF-8 */
    if (!rec->title && !rec->n_authors && !rec->doi && !rec->arxiv_id) {
        pc_diag_emit(ctx, PC_SEV_ERROR, file, line, 0,
                     "CSL item %s%s%shas no title, author or DOI", rec->key ? "\"" : "",
                     rec->key ? rec->key : "", rec->key ? "\" " : "");
        return false;
    }
    return true;
}
