/* SPDX-License-Identifier: MIT */
/* item_read.c — one CSL 1.0.2 item -> a record (pc_csl_read_item, csl.h),
 * for every CSL-shaped reader (CSL-YAML, CSL-JSON, the JSON reader's CSL
 * items).  The other direction and the map are item_write.c, the title's
 * parts src/model/cslview.c.
 *
 * Each key of the item is looked up in the field table (pc_field_by_name)
 * and read by the field's kind; `custom` is read last: our own fields under
 * their table names, and what CSL has no place for (csl.h lists the keys);
 * then a title the writer joined with its subtitle is split again.
 *
 * Reading accepts the loose forms pandoc accepts: a date as an EDTF or
 * "raw" string, date-parts as strings, a list of {year, month, day} maps
 * (CSL-YAML), "circa" and "season"; a name as one string, a role as one
 * string (a BibTeX name list, with a warning), particles inside
 * given and family names (split as pandoc splits them); numbers where text
 * is expected; Crossref's array-valued titles and affiliation objects.
 * Variables and custom keys we do not know are kept as pass-through
 * values. */
#include "text/names_bibtex.h"
#include "csl.h"
#include "model/dates.h"
#include "model/ids.h"
#include "text/markup.h"
#include "text/names.h"
#include "model/map.h"
#include "text/unicode.h"
#include "util/buf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ARXIV_DOI "10.48550/arXiv."

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
    /* keys read once the others are: id, citation-key, custom */
    const json_t *id, *citation_key, *custom;
    pc_strlist dropped; /* what this item had no place for, counted once each */
    pc_buf what;        /* scratch for a dropped part's name */
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
    if (json_is_array(v) && json_array_size(v) > 1)
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, r->line, 0,
                     "\"%s\" holds %zu values where CSL has one: the first kept, the rest left out", what,
                     json_array_size(v));
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

/* ---- what no field takes: counted or reported, never dropped silently -------- */

/* A number or a string: what raw_text reads (an array: its first element). */
static bool is_scalar(const json_t *v) { return json_is_string(v) || json_is_number(v); }

static bool is_texty(const json_t *v)
{
    return is_scalar(v) || (json_is_array(v) && is_scalar(json_array_get(v, 0)));
}

/* Nothing at all: absent, null, "" or [] (no value, nothing to report). */
static bool is_nothing(const json_t *v)
{
    return !v || json_is_null(v) || (json_is_array(v) && !json_array_size(v)) ||
           (json_is_object(v) && !json_object_size(v));
}

static const char *shape_of(const json_t *v)
{
    return json_is_object(v) ? "an object" : json_is_array(v) ? "a list" : json_is_true(v) ? "true"
           : json_is_false(v) ? "false" : json_is_number(v) ? "a number" : "text";
}

/* A value of a shape no reading of `key` takes ("title": {...}): a
 * warning at the item, the value left out. */
static void left_out(csl_reader *r, const char *key, const json_t *v, const char *want)
{
    pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, r->line, 0, "\"%s\": %s where CSL has %s; left out", key,
                 shape_of(v), want);
}

/* A part of a value CSL and the model have no place for ("author.sequence",
 * a date's unknown key): counted once per item, for -v's summary. */
static void drop(csl_reader *r, const char *key, const char *part)
{
    pc_buf_clear(&r->what);
    pc_buf_puts(&r->what, key);
    if (part) {
        pc_buf_putc(&r->what, '.');
        pc_buf_puts(&r->what, part);
    }
    if (pc_strlist_add_unique(&r->dropped, r->what.ptr, r->what.len))
        pc_ctx_dropped(r->ctx, PC_CSL_FAMILY, r->what.ptr);
}

static void keep_extra(csl_reader *r, const json_t *v, const char *key, size_t key_len, pc_record *rec);

/* A variable whose value no reading takes ("title": {...}, "volume":
 * true): kept as it is, as a variable we do not know is (the CSL writers
 * write it back, the others count it), with a warning. */
static void keep_odd(csl_reader *r, const json_t *v, const char *key, const char *want, pc_record *rec)
{
    pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, r->line, 0,
                 "\"%s\": %s where CSL has %s; kept as written", key, shape_of(v), want);
    keep_extra(r, v, key, strlen(key), rec);
}

/* Counts each key of object o that is not in `known` (NULL-terminated). */
static void drop_unknown_keys(csl_reader *r, const char *key, const json_t *o, const char *const *known)
{
    const char *k;
    json_t *x;
    json_object_foreach ((json_t *)o, k, x) {
        size_t i = 0;
        while (known[i] && strcmp(known[i], k) != 0)
            i++;
        if (!known[i] && !json_is_null(x))
            drop(r, key, k);
    }
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
    if (!is_nothing(v) && !is_texty(v))
        left_out(r, key, v, "text");
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

/* The kind of a CSL type or an alias; PC_KIND_NONE for one we do not know. */
static pc_kind kind_find(const char *s, size_t n)
{
    pc_kind k = pc_kind_by_name(s, n);
    if (k != PC_KIND_NONE)
        return k;
    for (size_t i = 0; i < sizeof type_aliases / sizeof *type_aliases; i++)
        if (strlen(type_aliases[i].name) == n && memcmp(type_aliases[i].name, s, n) == 0)
            return type_aliases[i].kind;
    return PC_KIND_NONE;
}

pc_kind pc_csl_kind(const char *s, size_t n)
{
    pc_kind k = kind_find(s, n);
    return k != PC_KIND_NONE ? k : PC_KIND_OTHER;
}

/* An EDTF string, or a free-form "raw" date (pc_date_parse's forms). */
static bool date_from_string(const char *s, size_t n, pc_date *d)
{
    return pc_date_parse_edtf(s, n, d) || pc_date_parse(s, n, d);
}

/* CSL-YAML: a list of {year, month, day}; two = a range. */
static int date_from_maps(csl_reader *r, const pc_csl_at *at, const json_t *v, pc_date *d)
{
    static const char *const known[] = {"year", "month", "day", NULL};
    pc_csl_too_many(at, v, 2, "dates");
    for (size_t i = 0; i < 2 && i < json_array_size(v); i++) {
        const json_t *p = json_array_get(v, i);
        if (!json_is_object(p) || !pc_csl_date_ymd(at, json_object_get(p, "year"), json_object_get(p, "month"),
                                                   json_object_get(p, "day"), d, i))
            return -1;
        drop_unknown_keys(r, at->key, p, known);
    }
    return d->year ? 1 : -1;
}

/* What a date object holds beside its parts: season, circa, a literal;
 * a "raw" string that says another date than the parts is kept as the
 * literal (how the source wrote it) when there is none, else counted. */
static void date_extras(csl_reader *r, const char *key, const json_t *v, pc_date *d, char **literal)
{
    static const char *const known[] = {"date-parts", "year", "month", "day", "season", "circa",
                                        "literal", "raw", NULL};
    const json_t *sv = json_object_get(v, "season");
    long season = pc_csl_date_part(sv);
    if (season >= 1 && season <= 4)
        d->season = (int)season;
    else if (!is_nothing(sv))
        left_out(r, key, sv, "a season 1-4 (\"season\")");
    const json_t *c = json_object_get(v, "circa");
    if (c && !json_is_false(c) && !(json_is_integer(c) && !json_integer_value(c)) &&
        !(json_is_string(c) && !json_string_length(c)))
        d->flags |= PC_DATE_CIRCA;
    *literal = get_text(r, json_object_get(v, "literal"), key); /* beside the parts */
    const json_t *raw = json_object_get(v, "raw");
    pc_date rd;
    if (json_is_string(raw) && !(date_from_string(json_string_value(raw), json_string_length(raw), &rd) &&
                                 rd.year == d->year && rd.month == d->month && rd.day == d->day &&
                                 rd.end_year == d->end_year && rd.end_month == d->end_month &&
                                 rd.end_day == d->end_day)) {
        if (!*literal)
            *literal = get_text(r, raw, key);
        else
            drop(r, key, "raw");
    }
    drop_unknown_keys(r, key, v, known);
}

/* Reads one CSL date value into d (zeroed first), or its text into
 * *literal when it is a string that is no date.  1 read, 0 absent, -1
 * unreadable. */
static int read_date(csl_reader *r, const char *key, const json_t *v, pc_date *d, char **literal)
{
    memset(d, 0, sizeof *d);
    *literal = NULL;
    if (is_nothing(v))
        return 0;
    const pc_csl_at at = {.ctx = r->ctx, .file = r->file, .line = r->line, .key = key, .where = ""};
    if (json_is_string(v)) {
        if (date_from_string(json_string_value(v), json_string_length(v), d))
            return 1;
        *literal = get_text(r, v, key);
        return *literal ? 1 : -1;
    }
    if (json_is_integer(v)) /* issued: 2014 */
        return pc_csl_date_ymd(&at, v, NULL, NULL, d, false) ? 1 : -1;
    if (json_is_array(v))
        return date_from_maps(r, &at, v, d);
    if (!json_is_object(v))
        return -1;
    const json_t *dp = json_object_get(v, "date-parts");
    int got = 0;
    if (json_is_array(dp) && json_array_size(dp))
        got = pc_csl_date_parts(&at, dp, d) ? 1 : -1;
    else if (json_object_get(v, "year"))
        got = pc_csl_date_ymd(&at, json_object_get(v, "year"), json_object_get(v, "month"),
                              json_object_get(v, "day"), d, false)
                  ? 1
                  : -1;
    if (got > 0) {
        date_extras(r, key, v, d, literal);
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
        *literal = get_text(r, s, key);
        return *literal ? 1 : -1;
    }
    return -1;
}

static void read_date_var(csl_reader *r, const json_t *v, const char *key, pc_field f, pc_record *rec)
{
    pc_date d;
    char *literal;
    int got = read_date(r, key, v, &d, &literal);
    if (got > 0 && d.year && (!pc_date_valid(&d) || d.year < -9999)) {
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->line, 0, "impossible date %d-%d-%d in \"%s\"",
                     d.year, d.month, d.day, key);
    } else if (got < 0) {
        pc_csl_at at = {.ctx = r->ctx, .file = r->file, .line = r->line, .key = key, .where = ""};
        pc_csl_date_unreadable(&at);
    } else if (got > 0) {
        pc_record_set_date(rec, f, &d);
        if (literal)
            pc_record_set_date_literal(rec, f, literal, strlen(literal));
    }
    pc_free(literal);
}

/* One affiliation: text, or a Crossref-style {"name": ...} (its other
 * keys, a ROR id or a place, counted as dropped). */
static void read_affiliation(csl_reader *r, const json_t *a, const char *where, pc_name *nm)
{
    static const char *const known[] = {"name", NULL};
    const json_t *v = a;
    if (json_is_object(a)) {
        v = json_object_get(a, "name");
        drop_unknown_keys(r, where, a, known);
    }
    if (!is_scalar(v)) {
        if (!is_nothing(a))
            left_out(r, where, v ? v : a, "an affiliation (text, or an object with a name)");
    } else if (scalar_text(r, v, where)) {
        pc_strlist_add_unique(&nm->affiliations, r->txt, r->txt_len);
    }
}

/* Appends the affiliations of a Crossref-style author ("affiliation":
 * [{"name": ...}] or plain strings; loose: one of them alone). */
static void read_affiliations(csl_reader *r, const json_t *aff, const char *role, pc_name *nm)
{
    if (is_nothing(aff))
        return;
    pc_buf where = PC_BUF_INIT;
    pc_buf_printf(&where, "%s.affiliation", role);
    size_t i;
    const json_t *a;
    if (!json_is_array(aff))
        read_affiliation(r, aff, where.ptr, nm);
    json_array_foreach (aff, i, a)
        read_affiliation(r, a, where.ptr, nm);
    pc_buf_free(&where);
}

enum { N_LITERAL, N_FAMILY, N_GIVEN, N_SUFFIX, N_NDP, N_DP, N_AFFILIATION, N_ORCID, N_COMMA_SUFFIX,
       N_STATIC, N_PARSE_NAMES, N_COUNT };

static const char *const name_keys[N_COUNT] = {
    [N_LITERAL] = "literal", [N_FAMILY] = "family", [N_GIVEN] = "given", [N_SUFFIX] = "suffix",
    [N_NDP] = "non-dropping-particle", [N_DP] = "dropping-particle", [N_AFFILIATION] = "affiliation",
    [N_ORCID] = "ORCID", [N_COMMA_SUFFIX] = "comma-suffix", [N_STATIC] = "static-ordering",
    /* CSL's "split the particles off": what the reader does anyway */
    [N_PARSE_NAMES] = "parse-names",
};

static bool truthy(const json_t *v)
{
    return v && (json_is_true(v) || (json_is_integer(v) && json_integer_value(v)) ||
                 (json_is_string(v) && json_string_length(v) && strcmp(json_string_value(v), "false") &&
                  strcmp(json_string_value(v), "0")));
}

/* The ORCID without its URL: https://orcid.org/0000-... -> 0000-...; text
 * that is no ORCID iD is kept as written. */
static char *orcid_of(csl_reader *r, const json_t *v)
{
    char *s = get_text(r, v, "ORCID");
    const char *id;
    size_t n = s ? strlen(s) : 0;
    if (n != PC_ORCID_LEN && pc_orcid_parse(s, n, &id)) {
        char *bare = pc_xstrndup(id, PC_ORCID_LEN);
        pc_free(s);
        return bare;
    }
    return s;
}

/* A name part in double quotes ("\"van Happel\""): citeproc-js's way of
 * saying "one unit, no particle in it"; returns the part without them. */
static char *unquoted(const char *s)
{
    size_t n = s ? strlen(s) : 0;
    return n >= 2 && s[0] == '"' && s[n - 1] == '"' ? pc_xstrndup(s + 1, n - 2) : NULL;
}

/* A personal name from its CSL parts, the particles split off as pandoc
 * splits them: lower-case words that end the given name are its dropping
 * particle ("Ludwig van"), words that start the family name its
 * non-dropping particle ("van der Berg"), each unless the item names that
 * particle itself or quotes the part (unquoted).  A given name "John, Jr."
 * without a suffix holds the suffix, "John,! Jr." with a comma before it
 * (citeproc-js's input conventions). */
static void name_parts(csl_reader *r, const json_t *const *f, const char *given, const char *family,
                       const char *suffix, pc_name *nm)
{
    char *ndp = get_text(r, f[N_NDP], "non-dropping-particle");
    char *dp = get_text(r, f[N_DP], "dropping-particle");
    char *qfam = unquoted(family), *qgiven = unquoted(given), *gpart = NULL, *spart = NULL;
    const char *comma = !suffix && given && !qgiven ? strchr(given, ',') : NULL;
    bool comma_suffix = false;
    if (comma && comma > given && comma[1]) {
        gpart = pc_xstrndup(given, (size_t)(comma - given));
        const char *s = comma + 1 + (comma[1] == '!');
        while (*s == ' ')
            s++;
        if (*s) {
            spart = pc_xstrdup(s);
            given = gpart;
            suffix = spart;
            comma_suffix = comma[1] == '!';
        }
    }
    if (qfam && !ndp)
        ndp = pc_xstrdup(""); /* no particle: the family name as it is */
    if (qfam)
        family = qfam;
    if (qgiven && !dp)
        dp = pc_xstrdup("");
    if (qgiven)
        given = qgiven;
    if (ndp) {
        pc_name_from_parts(NULL, NULL, suffix, nm);
        nm->family = pc_xstrdup(family);
        nm->particle = ndp;
    } else {
        pc_name_from_parts(NULL, family, suffix, nm);
    }
    if (given && !dp) {
        pc_name g = {0};
        pc_name_from_parts(given, NULL, NULL, &g);
        nm->given = g.given;
        dp = g.particle;
        g.given = g.particle = NULL;
        pc_name_clear(&g);
    } else {
        nm->given = pc_xstrdup(given);
    }
    nm->dparticle = dp;
    if (nm->particle && !*nm->particle) {
        pc_free(nm->particle);
        nm->particle = NULL;
    }
    if (nm->dparticle && !*nm->dparticle) {
        pc_free(nm->dparticle);
        nm->dparticle = NULL;
    }
    if (comma_suffix) /* after pc_name_from_parts, which fills the whole name */
        nm->flags |= PC_NAME_COMMA_SUFFIX;
    pc_free(qfam);
    pc_free(qgiven);
    pc_free(gpart);
    pc_free(spart);
}

/* Counts the parts of a name its form does not read: beside a literal
 * every other part, beside a lone given name the suffix and particles. */
static void drop_unread_parts(csl_reader *r, const json_t *const *f, const char *role, bool literal)
{
    static const int parts[] = {N_FAMILY, N_GIVEN, N_SUFFIX, N_NDP, N_DP};
    for (size_t i = literal ? 0 : 2; i < sizeof parts / sizeof *parts; i++)
        if (!is_nothing(f[parts[i]]))
            drop(r, role, name_keys[parts[i]]);
}

/* Fills nm from a CSL name object of role `role`; false if it holds no
 * name.  Keys CSL has no place for (Crossref's "sequence") are counted. */
static bool read_name_object(csl_reader *r, const json_t *v, const char *role, pc_name *nm)
{
    const json_t *f[N_COUNT] = {0};
    const char *key;
    size_t key_len;
    json_t *value;
    json_object_keylen_foreach ((json_t *)v, key, key_len, value) {
        int i = 0;
        while (i < N_COUNT && !(strlen(name_keys[i]) == key_len && memcmp(name_keys[i], key, key_len) == 0))
            i++;
        if (i < N_COUNT)
            f[i] = value;
        else if (!json_is_null(value))
            drop(r, role, key);
    }
    char *literal = get_text(r, f[N_LITERAL], "literal");
    char *family = get_text(r, f[N_FAMILY], "family");
    char *given = get_text(r, f[N_GIVEN], "given");
    char *suffix = get_text(r, f[N_SUFFIX], "suffix");
    bool ok = literal || family || given;
    if (literal) {
        nm->literal = literal;
        literal = NULL;
        drop_unread_parts(r, f, role, true);
    } else if (family) {
        name_parts(r, f, given, family, suffix, nm);
    } else if (given) { /* a lone given name is the whole name */
        pc_name_parse(given, strlen(given), nm);
        drop_unread_parts(r, f, role, false);
    }
    if (ok) {
        read_affiliations(r, f[N_AFFILIATION], role, nm);
        nm->orcid = orcid_of(r, f[N_ORCID]);
        if (truthy(f[N_COMMA_SUFFIX]))
            nm->flags |= PC_NAME_COMMA_SUFFIX;
        if (truthy(f[N_STATIC]))
            nm->flags |= PC_NAME_STATIC_ORDER;
    }
    pc_free(literal);
    pc_free(family);
    pc_free(given);
    pc_free(suffix);
    return ok;
}

/* A role given as one string where CSL expects a list of name objects
 * ("author": "Smith, John and Doe, Jane"): read as a BibTeX name list, the
 * notation such a string is written in (the listing splitter took "Smith,
 * John" for two people), with a warning, and one more for what the BibTeX
 * grammar found wrong (three commas, an empty name). */
static void read_name_string(csl_reader *r, const json_t *v, const char *key, pc_field role, pc_record *rec)
{
    if (!scalar_text(r, v, key))
        return;
    pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, r->line, 0,
                 "\"%s\" is one string, not a list of names: read as a BibTeX name list "
                 "(\"Family, Given and Family, Given\")",
                 key);
    pc_bibtex_names_report rep = {0};
    pc_bibtex_names_parse_list(r->txt, r->txt_len, pc_record_names_mut(rec, role), &rep);
    if (rep.n_problems)
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, r->line, 0, "\"%s\": %s (byte %zu)%s", key,
                     rep.first_what, rep.first_offset + 1, rep.n_problems > 1 ? " and more" : "");
}

/* The names of one role: an array of name objects or strings, or one
 * string ("A and B"). */
static void read_names(csl_reader *r, const json_t *v, const char *key, pc_field role, pc_record *rec)
{
    if (json_is_string(v)) {
        read_name_string(r, v, key, role, rec);
        return;
    }
    json_t *one = NULL;
    if (json_is_object(v) && json_object_size(v)) { /* loose: one name object, not a list of them */
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, r->line, 0,
                     "\"%s\" is one name, not a list of names: read as a list of one", key);
        v = one = json_pack("[O]", v);
    }
    if (!json_is_array(v)) {
        if (!is_nothing(v))
            keep_odd(r, v, key, "a list of names", rec);
        return;
    }
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
            ok = read_name_object(r, a, key, &nm);
            if (ok)
                *pc_record_add_name(rec, role) = nm;
            else
                pc_name_clear(&nm);
        }
        if (!ok && !r->bad)
            pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, r->line, 0, "%s %zu has no name; left out", key,
                         i + 1);
    }
    json_decref(one);
}

/* A list variable: URL (a string, or loose: several), keyword ("a, b"), categories. */
static void read_list(csl_reader *r, const json_t *v, const char *key, pc_field f, pc_record *rec)
{
    if (json_is_array(v)) {
        size_t i;
        const json_t *x;
        json_array_foreach (v, i, x) {
            if (is_scalar(x))
                read_list(r, x, key, f, rec);
            else if (!json_is_null(x))
                left_out(r, key, x, "text in a list");
        }
        return;
    }
    if (!is_scalar(v)) {
        if (!is_nothing(v))
            keep_odd(r, v, key, "text or a list of text", rec);
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

/* ISSN and ISBN given as a list (doi.org's CSL: "ISSN": ["0028-0836",
 * "1476-4687"]): joined with ", ", as the Crossref reader joins them and
 * the field holds several. */
static void read_joined(csl_reader *r, const json_t *v, const char *key, pc_field f, pc_record *rec)
{
    pc_buf all = PC_BUF_INIT;
    size_t i;
    const json_t *x;
    json_array_foreach (v, i, x) {
        if (!is_scalar(x)) {
            if (!json_is_null(x))
                left_out(r, key, x, "text in a list");
        } else if (scalar_text(r, x, key)) {
            if (all.len)
                pc_buf_puts(&all, ", ");
            pc_buf_put(&all, r->txt, r->txt_len);
        }
    }
    if (all.len)
        pc_record_set(rec, f, all.ptr, all.len);
    pc_buf_free(&all);
}

/* A text or number variable, with the conventions some of them carry. */
static void read_text(csl_reader *r, const json_t *v, const char *key, pc_field f, pc_record *rec)
{
    const pc_field_info *fi = pc_field_get(f);
    if (!is_texty(v)) {
        if (!is_nothing(v))
            keep_odd(r, v, key, "text", rec);
        return;
    }
    if (json_is_array(v) && (f == PC_F_ISSN || f == PC_F_ISBN)) {
        read_joined(r, v, key, f, rec);
        return;
    }
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
        pc_free(s);
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

/* A string of a CSL-YAML value as pandoc reads it (scalar_text), new. */
static json_t *plain_string(csl_reader *r, const json_t *v)
{
    return scalar_text(r, v, "a value kept as written") ? json_stringn_nocheck(r->txt, r->txt_len) : json_string("");
}

static json_t *plain_cb(void *u, const json_t *s) { return plain_string(u, s); }

/* A variable we do not know: kept as its JSON text, for the CSL writers
 * (from CSL-YAML, its strings as pandoc reads them: the writer escapes
 * them again). */
static void keep_extra(csl_reader *r, const json_t *v, const char *key, size_t key_len, pc_record *rec)
{
    json_t *plain = NULL;
    if (r->text == PC_CSL_MARKDOWN) {
        plain = json_is_string(v) ? plain_string(r, v) : json_deep_copy(v);
        pc_csl_map_strings(plain, plain_cb, r); /* as pandoc reads them */
        v = plain;
    }
    char *raw = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_PRESERVE_ORDER);
    if (raw)
        pc_record_add_extra(rec, PC_CSL_FAMILY, key, key_len, raw, strlen(raw));
    pc_json_text_free(raw);
    json_decref(plain);
}

/* The CSL properties that are not fields.  `id`, `citation-key` and
 * `custom` are read once the other keys are (pc_csl_read_item). */
static bool read_special(csl_reader *r, const char *key, size_t n, const json_t *v, pc_record *rec)
{
    if (n == 2 && memcmp(key, "id", 2) == 0) {
        r->id = v;
    } else if (n == 12 && memcmp(key, "citation-key", 12) == 0) {
        r->citation_key = v;
    } else if (n == 4 && memcmp(key, "type", 4) == 0) {
        char *t = get_text(r, v, "type");
        if (t) {
            rec->kind = pc_csl_kind(t, strlen(t));
            if (kind_find(t, strlen(t)) == PC_KIND_NONE)
                pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, r->line, 0,
                             "type \"%s\" is not a CSL type: read as \"%s\"", t, pc_kind_name(PC_KIND_OTHER));
        }
        pc_free(t);
    } else if (n == 6 && memcmp(key, "custom", 6) == 0) {
        r->custom = v;
    } else {
        return false;
    }
    return true;
}

/* A value of field f, read by the field's kind. */
static void read_field(csl_reader *r, const json_t *v, pc_field f, pc_record *rec)
{
    const pc_field_info *fi = pc_field_get(f);
    switch (fi->kind) {
    case PC_FK_TEXT:
    case PC_FK_NUMBER: read_text(r, v, fi->name, f, rec); break;
    case PC_FK_NAME: read_names(r, v, fi->name, f, rec); break;
    case PC_FK_DATE: read_date_var(r, v, fi->name, f, rec); break;
    case PC_FK_LIST: read_list(r, v, fi->name, f, rec); break;
    case PC_FK_NONE: break;
    }
}

/* One key of an item. */
static void read_key(csl_reader *r, const char *key, size_t n, const json_t *v, pc_record *rec)
{
    if (read_special(r, key, n, v, rec))
        return;
    pc_field f = pc_field_by_name(key, n);
    const pc_field_info *fi = pc_field_get(f);
    if (!fi || !(fi->flags & PC_FF_CSL)) {
        keep_extra(r, v, key, n, rec);
        return;
    }
    read_field(r, v, f, rec);
}

/* The key: the citation-key, else the id; an id that differs from the
 * citation-key is kept (as a pass-through value) for the CSL writers. */
static void read_id(csl_reader *r, pc_record *rec)
{
    char *id = get_text(r, r->id, "id");
    rec->key = get_text(r, r->citation_key, "citation-key");
    if (!rec->key) {
        rec->key = id;
        return;
    }
    if (id && strcmp(id, rec->key) != 0)
        keep_extra(r, r->id, "id", 2, rec);
    pc_free(id);
}

/* ---- custom ------------------------------------------------------------------- */

/* The names of role `key` the item holds, or NULL. */
static pc_names *names_of(pc_record *rec, const char *key)
{
    pc_field f = pc_field_by_name(key, strlen(key));
    const pc_field_info *fi = pc_field_get(f);
    return fi && fi->kind == PC_FK_NAME && pc_record_names(rec, f) ? pc_record_names_mut(rec, f) : NULL;
}

/* One entry of custom.affiliations (a list of text) or custom.ORCID
 * (text) for name nm; false when it holds something else. */
static bool read_name_entry(csl_reader *r, const json_t *x, pc_name *nm, bool orcid)
{
    if (orcid) {
        if (!is_scalar(x) || (nm->orcid && !(scalar_text(r, x, "ORCID") && strcmp(nm->orcid, r->txt) == 0)))
            return false; /* not text, or another ORCID than the name's own */
        if (!nm->orcid)
            nm->orcid = get_text(r, x, "ORCID");
        return true;
    }
    bool ok = json_is_array(x);
    for (size_t k = 0; ok && k < json_array_size(x); k++)
        if (!is_scalar(json_array_get(x, k)))
            ok = false;
        else if (scalar_text(r, json_array_get(x, k), "affiliation"))
            pc_strlist_add_unique(&nm->affiliations, r->txt, r->txt_len);
    return ok;
}

/* custom.affiliations / custom.ORCID: {role: {1-based place: value}}; an
 * entry for no name of the item, or of another shape, is counted. */
static void read_per_name(csl_reader *r, const json_t *v, pc_record *rec, bool orcid)
{
    const char *what = orcid ? PC_CSL_CUSTOM_ORCID : PC_CSL_CUSTOM_AFFILIATIONS;
    const char *role, *pos;
    json_t *map, *x;
    json_object_foreach ((json_t *)v, role, map) {
        pc_names *l = names_of(rec, role);
        if (!l || !json_is_object(map)) {
            drop(r, "custom", what);
            continue;
        }
        json_object_foreach (map, pos, x) {
            char *end;
            unsigned long i = strtoul(pos, &end, 10);
            if (*end || i < 1 || i > l->n || !read_name_entry(r, x, &l->items[i - 1], orcid))
                drop(r, "custom", what);
        }
    }
}

static void read_affiliation_map(csl_reader *r, const json_t *v, pc_record *rec)
{
    read_per_name(r, v, rec, false);
}

static void read_orcid_map(csl_reader *r, const json_t *v, pc_record *rec)
{
    read_per_name(r, v, rec, true);
}

/* custom.et-al: the roles whose list was cut. */
static void read_et_al(csl_reader *r, const json_t *v, pc_record *rec)
{
    size_t i;
    json_t *x;
    json_array_foreach (v, i, x) {
        pc_names *l = is_scalar(x) && scalar_text(r, x, "et-al") ? names_of(rec, r->txt) : NULL;
        if (l)
            l->et_al = true;
        else
            drop(r, "custom", PC_CSL_CUSTOM_ET_AL); /* a role the item has no names of */
    }
}

/* custom.URLs: every URL (the variable holds the first). */
static void read_urls(csl_reader *r, const json_t *v, pc_record *rec)
{
    read_list(r, v, "URLs", PC_F_URL, rec);
}

/* custom.keywords: the keywords as items, one holding a comma. */
static void read_keywords(csl_reader *r, const json_t *v, pc_record *rec)
{
    size_t i;
    json_t *x;
    pc_record_unset(rec, PC_F_KEYWORD); /* the joined variable split them at its commas */
    json_array_foreach (v, i, x) {
        if (is_scalar(x) && scalar_text(r, x, "keywords"))
            pc_record_list_add(rec, PC_F_KEYWORD, r->txt, r->txt_len);
        else if (!is_nothing(x))
            drop(r, "custom", PC_CSL_CUSTOM_KEYWORDS);
    }
}

/* custom.date-literals: {date variable: how the source wrote it}. */
static void read_date_literals(csl_reader *r, const json_t *v, pc_record *rec)
{
    const char *key;
    json_t *x;
    json_object_foreach ((json_t *)v, key, x) {
        pc_field f = pc_field_by_name(key, strlen(key));
        const pc_field_info *fi = pc_field_get(f);
        if (fi && fi->kind == PC_FK_DATE && is_scalar(x) && scalar_text(r, x, key))
            pc_record_set_date_literal(rec, f, r->txt, r->txt_len);
        else if (!is_nothing(x))
            drop(r, "custom", PC_CSL_CUSTOM_DATE_LITERALS);
    }
}

static const struct {
    const char *name;
    int json_type; /* what the value must be: JSON_OBJECT or JSON_ARRAY */
    void (*read)(csl_reader *r, const json_t *v, pc_record *rec);
} custom_keys[] = {
    {PC_CSL_CUSTOM_AFFILIATIONS, JSON_OBJECT, read_affiliation_map},
    {PC_CSL_CUSTOM_ORCID, JSON_OBJECT, read_orcid_map},
    {PC_CSL_CUSTOM_ET_AL, JSON_ARRAY, read_et_al},
    {PC_CSL_CUSTOM_URLS, JSON_ARRAY, read_urls},
    {PC_CSL_CUSTOM_KEYWORDS, JSON_ARRAY, read_keywords},
    {PC_CSL_CUSTOM_DATE_LITERALS, JSON_OBJECT, read_date_literals},
};

/* One key of custom: in the first pass a field of ours, in the second one
 * of custom_keys (they refer to names and dates the first pass may have
 * read); false when it is neither (the key is then kept as it is). */
static bool read_custom_key(csl_reader *r, const char *key, size_t n, const json_t *v, pc_record *rec,
                            int pass)
{
    pc_field f = pc_field_by_name(key, n);
    const pc_field_info *fi = pc_field_get(f);
    if (fi && !(fi->flags & PC_FF_CSL)) {
        if (pass == 0)
            read_field(r, v, f, rec);
        return true;
    }
    for (size_t i = 0; i < sizeof custom_keys / sizeof *custom_keys; i++)
        if (strlen(custom_keys[i].name) == n && memcmp(custom_keys[i].name, key, n) == 0 &&
            (int)json_typeof(v) == custom_keys[i].json_type) {
            if (pass == 1)
                custom_keys[i].read(r, v, rec);
            return true;
        }
    return false;
}

/* The item's custom object, once the variables are read (its per-name and
 * per-variable entries need them).  Keys we do not know are kept, as one
 * pass-through object. */
static void read_custom(csl_reader *r, pc_record *rec)
{
    if (!json_is_object(r->custom)) {
        if (r->custom)
            keep_extra(r, r->custom, "custom", 6, rec);
        return;
    }
    json_t *rest = NULL;
    const char *key;
    size_t n;
    json_t *v;
    for (int pass = 0; pass < 2; pass++)
        json_object_keylen_foreach ((json_t *)r->custom, key, n, v) {
            if (read_custom_key(r, key, n, v, rec, pass) || pass == 0)
                continue;
            if (!rest)
                rest = json_object();
            json_object_setn(rest, key, n, v);
        }
    if (rest)
        keep_extra(r, rest, "custom", 6, rec);
    json_decref(rest);
}

/* Cuts field f's text to its first n bytes, markup and protected words kept. */
static void cut_text(pc_record *rec, pc_field f, size_t n)
{
    pc_text *t = pc_record_text_mut(rec, f);
    if (!n) {
        pc_record_unset(rec, f);
        return;
    }
    pc_spanlist spans = t->markup;
    pc_strlist words = t->protected_words;
    memset(&t->markup, 0, sizeof t->markup);
    memset(&t->protected_words, 0, sizeof t->protected_words);
    char *s = pc_xstrndup(t->s, n);
    t = pc_record_set_rich(rec, f, s, n, &spans);
    pc_strlist_clear(&t->protected_words);
    t->protected_words = words;
    pc_spanlist_clear(&spans);
    pc_free(s);
}

/* What the parts of `whole` add after `lead` ("" for no title, "a" for a
 * title ending in a letter, "." for one ending in punctuation), as
 * pc_csl_join_append writes them. */
static void parts_after(const pc_record *rec, pc_field whole, const char *lead, pc_buf *out)
{
    pc_buf_clear(out);
    pc_buf_puts(out, lead);
    for (size_t i = 0; i < PC_CSL_N_JOINS; i++) {
        const char *part = pc_record_get(rec, pc_csl_joins[i].part);
        if (pc_csl_joins[i].whole == whole && part)
            pc_csl_join_append(out, part, pc_csl_joins[i].sep);
    }
}

/* Cuts a whole back to what it was before the writer joined its parts:
 * the title alone.  A whole that does not end with its parts (edited by
 * hand) is left as it is. */
static void split_whole(pc_record *rec, pc_field whole, pc_buf *tail)
{
    const char *s = pc_record_get(rec, whole);
    size_t n = s ? strlen(s) : 0;
    static const char *const leads[] = {"", "a", "."};
    for (size_t k = 0; k < 3 && n; k++) {
        parts_after(rec, whole, leads[k], tail);
        size_t ln = strlen(leads[k]), tn = tail->len - ln; /* what the parts add */
        if (tn > n || memcmp(s + n - tn, tail->ptr + ln, tn) != 0)
            continue;
        if (k == 0 ? n == tn
                   : n > tn && (strchr("!?.,:;", s[n - tn - 1]) != NULL) == (leads[k][0] == '.')) {
            cut_text(rec, whole, n - tn);
            return;
        }
    }
}

/* Every whole of pc_csl_joins whose parts the item's custom held. */
static void split_joins(pc_record *rec)
{
    pc_buf tail = PC_BUF_INIT;
    for (size_t i = 0; i < PC_CSL_N_JOINS; i++) {
        bool first = true, part = false; /* the first row of its whole; a part is there */
        for (size_t j = 0; j < PC_CSL_N_JOINS; j++)
            if (pc_csl_joins[j].whole == pc_csl_joins[i].whole) {
                first &= j >= i;
                part |= pc_record_has(rec, pc_csl_joins[j].part);
            }
        if (first && part)
            split_whole(rec, pc_csl_joins[i].whole, &tail);
    }
    pc_buf_free(&tail);
}

/* What our writer put in for a preprint comes back as the arXiv id: the
 * number (the id), the publisher "arXiv". */
static void read_arxiv(csl_reader *r, pc_record *rec)
{
    const char *number = pc_record_get(rec, PC_F_NUMBER);
    /* custom.arxiv-id: the writer found the number taken by the record's own */
    if (number && !pc_record_has(rec, PC_F_ARXIV_ID) &&
        !json_object_get(r->custom, pc_field_get(PC_F_ARXIV_ID)->name) &&
        pc_record_set_arxiv(rec, number, strlen(number)))
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

/* Our writer gives BibTeX's organization as the publisher (or the
 * authority) too, and keeps it in custom.organization: a publisher or
 * authority that says what the organization says is that one. */
static void read_organization(pc_record *rec)
{
    const char *org = pc_record_get(rec, PC_F_ORGANIZATION);
    static const pc_field as[] = {PC_F_PUBLISHER, PC_F_AUTHORITY};
    for (size_t i = 0; org && i < sizeof as / sizeof *as; i++) {
        const char *v = pc_record_get(rec, as[i]);
        if (v && strcmp(v, org) == 0)
            pc_record_unset(rec, as[i]);
    }
}

bool pc_csl_read_item(const json_t *item, pc_record *rec, pc_ctx *ctx, const char *file,
                      unsigned long line, pc_csl_text text)
{
    csl_reader r = {.ctx = ctx, .file = file, .line = line, .tmp = PC_BUF_INIT, .md = PC_BUF_INIT,
                    .what = PC_BUF_INIT, .text = text};
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
    read_id(&r, rec);
    read_arxiv(&r, rec);
    read_custom(&r, rec);
    read_organization(rec);
    split_joins(rec);
    pc_buf_free(&r.tmp);
    pc_buf_free(&r.md);
    pc_buf_free(&r.what);
    pc_strlist_clear(&r.dropped);

    if (r.bad)
        return false; /* reported: invalid UTF-8 */
    /* what our writers write, our readers read: an item with nothing but
     * its id and type (a biblatex @set written as CSL) is a record too,
     * with a warning; one with not even an id is nothing */
    if (!rec->n_texts && !rec->n_names && !rec->n_dates && !rec->n_lists && !rec->n_extras) {
        pc_diag_emit(ctx, rec->key ? PC_SEV_WARNING : PC_SEV_ERROR, file, line, 0,
                     "CSL item %s%s%shas no field", rec->key ? "\"" : "", rec->key ? rec->key : "",
                     rec->key ? "\" " : "");
        return rec->key != NULL;
    }
    return true;
}
