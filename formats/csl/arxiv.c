/* SPDX-License-Identifier: MIT */
/* arxiv.c — the arXiv metadata snapshot (Kaggle's JSON Lines export of
 * arXiv's OAI records): one paper per line, its text in TeX.
 *
 * `authors_parsed` ([last, first, suffix, affiliation...]) gives the names,
 * `authors` only the "et al." it sometimes ends with; the first version's
 * date is the issued date and the last one's the `updated` date (and
 * version); `categories` are keywords, the first the primary class;
 * `license` is the licence URL.  `report-no` is kept as a pass-through
 * value: CSL's `number` of a preprint is its arXiv id (Zotero's "Archive
 * ID", our CSL writers), which a report number would push out. */
#include "json.h"

#include <stdlib.h>

/* The handlers of the special rows (their functions: `special`, below). */
enum {
    H_NONE, H_ID, H_AUTHORS_PARSED, H_AUTHORS, H_VERSIONS, H_UPDATE_DATE, H_DOI, H_CATEGORIES,
    H_PLAIN, /* not TeX: the licence URL */
    H_COUNT
};

#define HOW_TEXT .how = PC_MAP_TEXT
#define HOW_SPECIAL(h) .how = PC_MAP_SPECIAL, .handler = H_##h
#define ROW(nm, f, how) {.name = nm, .field = PC_F_##f, HOW_##how, .dir = PC_MAP_READ}

static const pc_map_row rows[] = {
    ROW("id", ARXIV_ID, SPECIAL(ID)),
    ROW("title", TITLE, TEXT),
    ROW("abstract", ABSTRACT, TEXT),
    ROW("authors_parsed", AUTHOR, SPECIAL(AUTHORS_PARSED)),
    ROW("authors", AUTHOR, SPECIAL(AUTHORS)),
    ROW("versions", ISSUED, SPECIAL(VERSIONS)),
    ROW("update_date", ISSUED, SPECIAL(UPDATE_DATE)),
    ROW("doi", DOI, SPECIAL(DOI)),
    ROW("journal-ref", JOURNAL_REF, TEXT),
    ROW("comments", NOTE, TEXT),
    ROW("categories", KEYWORD, SPECIAL(CATEGORIES)),
    ROW("license", LICENSE, SPECIAL(PLAIN)),
};

static bool is_arxiv(const json_t *v)
{
    return json_object_get(v, "authors_parsed") ||
           (json_is_string(json_object_get(v, "categories")) && json_object_get(v, "versions"));
}

/* ---- dates ------------------------------------------------------------------- */

/* True if s[0, n) is one of the n-byte words of `list` (packed, no separator). */
static int word_in(const char *s, size_t n, const char *list)
{
    for (int i = 0; list[i * n]; i++)
        if (memcmp(s, list + i * n, n) == 0)
            return i + 1;
    return 0;
}

/* The snapshot's version dates, "Mon, 2 Apr 2007 19:18:42 GMT", read
 * directly.  Why: pc_date_parse reads them through its general word loop
 * (month and noise-word tables, a buffer per word), 4% of arxiv -> ris for
 * two dates a record.  It gives the same date for exactly this shape (the
 * weekday and GMT are noise words, the time is skipped), so anything else,
 * and any date pc_date_valid refuses, goes to it. */
static bool version_date(const char *s, pc_date *d)
{
    size_t n = strlen(s), k = n - 27; /* digits of the day: 1 or 2 */
    if ((n != 28 && n != 29) || s[3] != ',' || s[4] != ' ' || s[5 + k] != ' ' ||
        s[9 + k] != ' ' || s[14 + k] != ' ' || s[17 + k] != ':' || s[20 + k] != ':' ||
        s[23 + k] != ' ' || memcmp(s + 24 + k, "GMT", 3) != 0 ||
        !word_in(s, 3, "MonTueWedThuFriSatSun"))
        return false;
    static const size_t digit_at[] = {10, 11, 12, 13, 15, 16, 18, 19, 21, 22}; /* + k */
    if (!pc_is_digit((unsigned char)s[5]) || (k == 2 && !pc_is_digit((unsigned char)s[6])))
        return false;
    for (size_t i = 0; i < sizeof digit_at / sizeof *digit_at; i++)
        if (!pc_is_digit((unsigned char)s[digit_at[i] + k]))
            return false;
    pc_date t = {
        .year = atoi(s + 10 + k),
        .month = word_in(s + 6 + k, 3, "JanFebMarAprMayJunJulAugSepOctNovDec"),
        .day = atoi(s + 5),
    };
    if (!t.year || !t.month || t.day < 1 || t.day > 31 || !pc_date_valid(&t))
        return false;
    *d = t;
    return true;
}

static void set_date(pc_jm *m, pc_record *rec, pc_field f, const char *s)
{
    pc_date d = {0};
    if (s && (version_date(s, &d) || pc_jm_date_text(m, s, &d)))
        pc_record_set_date(rec, f, &d);
}

/* [{"version": "v1", "created": "Mon, 2 Apr 2007 ..."}, ...] */
static void versions(pc_jm *m, const json_t *v, pc_record *rec)
{
    size_t nv = json_array_size(v);
    if (!nv)
        return;
    const json_t *v1 = json_array_get(v, 0), *vn = json_array_get(v, nv - 1);
    set_date(m, rec, PC_F_ISSUED, pc_jm_str(v1, "created"));
    set_date(m, rec, PC_F_UPDATED, pc_jm_str(vn, "created"));
    const char *vs = pc_jm_str(vn, "version");
    if (vs && (*vs == 'v' || *vs == 'V') && pc_is_digit((unsigned char)vs[1]))
        pc_record_set_arxiv_version(rec, atoi(vs + 1));
}

/* ---- names ------------------------------------------------------------------- */

/* TeX text of an array element, owned; NULL if none. */
static char *part(pc_jm *m, const json_t *a, size_t i)
{
    return pc_jm_plain(m, json_string_value(json_array_get(a, i)));
}

/* One [last, first, suffix, affiliation...] of authors_parsed. */
static void parsed_name(pc_jm *m, const json_t *a, pc_record *rec)
{
    char *last = part(m, a, 0), *first = part(m, a, 1), *sfx = part(m, a, 2);
    if (last || first) {
        pc_name *nm = pc_record_add_name(rec, PC_F_AUTHOR);
        pc_buf *b = &m->tmp2; /* "first last" (not pc_buf_printf: it formats twice) */
        pc_buf_clear(b);
        if (first)
            pc_buf_puts(b, first);
        if (first && last)
            pc_buf_putc(b, ' ');
        if (last)
            pc_buf_puts(b, last);
        /* ["Collaboration", "The BABAR", ""]: an organisation, not a person */
        if (!sfx && pc_name_is_organisation(b->ptr, b->len))
            nm->literal = pc_xstrdup(b->ptr);
        else if (!last)
            pc_name_parse(first, strlen(first), nm);
        else
            pc_name_from_parts(first, last, sfx, nm);
        for (size_t k = 3; k < json_array_size(a); k++)
            pc_jm_affiliation(m, nm, json_string_value(json_array_get(a, k)));
    }
    pc_free(last);
    pc_free(first);
    pc_free(sfx);
}

/* `authors`: the names when there is no authors_parsed, else only the
 * "et al." authors_parsed drops from the end of some author strings. */
static void author_list(pc_jm *m, const char *s, pc_record *rec)
{
    char *list = pc_jm_plain(m, s);
    if (list && !json_is_array(json_object_get(m->item, "authors_parsed"))) {
        pc_names_parse_list(list, strlen(list), pc_record_names_mut(rec, PC_F_AUTHOR));
    } else if (list) {
        size_t n = strlen(list);
        while (n && (list[n - 1] == '.' || pc_is_space((unsigned char)list[n - 1])))
            n--;
        if (n >= 6 && pc_strncasecmp(list + n - 5, "et al", 5) == 0 &&
            (list[n - 6] == ' ' || list[n - 6] == ','))
            pc_record_names_mut(rec, PC_F_AUTHOR)->et_al = true;
    }
    pc_free(list);
}

/* ---- the rest ---------------------------------------------------------------- */

/* "cs.LG stat.ML": keywords, the first the primary class. */
static void categories(const char *cats, pc_record *rec)
{
    while (cats && *cats) {
        while (pc_is_space((unsigned char)*cats))
            cats++;
        size_t n = 0;
        while (cats[n] && !pc_is_space((unsigned char)cats[n]))
            n++;
        if (n) {
            if (!pc_record_has(rec, PC_F_ARXIV_CLASS))
                pc_record_set(rec, PC_F_ARXIV_CLASS, cats, n);
            pc_record_list_add(rec, PC_F_KEYWORD, cats, n);
        }
        cats += n;
    }
}

/* The id ("0704.0001", "math/0211159", also "arXiv:..."): not its version,
 * which `versions` gives. */
static void set_id(pc_record *rec, const char *s)
{
    pc_buf id = PC_BUF_INIT;
    int version;
    if (pc_arxiv_parse(s, strlen(s), &id, &version))
        pc_record_set(rec, PC_F_ARXIV_ID, id.ptr, id.len);
    else
        pc_jm_set_plain(rec, PC_F_ARXIV_ID, s);
    pc_buf_free(&id);
}

static void authors_parsed(pc_jm *m, const json_t *v, pc_record *rec)
{
    size_t i;
    const json_t *a;
    json_array_foreach(v, i, a)
        parsed_name(m, a, rec);
}

static void authors(pc_jm *m, const json_t *v, pc_record *rec) { author_list(m, json_string_value(v), rec); }

static void doi(pc_jm *m, const json_t *v, pc_record *rec) { pc_jm_doi(m, rec, json_string_value(v), false); }

static void keywords(pc_jm *m, const json_t *v, pc_record *rec)
{
    (void)m;
    categories(json_string_value(v), rec);
}

static void id(pc_jm *m, const json_t *v, pc_record *rec)
{
    (void)m;
    if (json_string_value(v))
        set_id(rec, json_string_value(v));
}

PC_JM_HANDLER(h_authors_parsed, authors_parsed)
PC_JM_HANDLER(h_authors, authors)
PC_JM_HANDLER(h_versions, versions)
PC_JM_HANDLER(h_doi, doi)
PC_JM_HANDLER(h_categories, keywords)
PC_JM_HANDLER(h_id, id)

/* the metadata's date, not the paper's, when there are versions */
static bool h_update_date(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    pc_jm *m = u;
    if (json_array_size(json_object_get(m->item, "versions")))
        pc_jm_keep(m, row->name, value, rec);
    else
        set_date(m, rec, PC_F_ISSUED, json_string_value(value));
    return true;
}

static bool h_plain(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    (void)u;
    pc_jm_set_plain(rec, row->field, json_string_value(value));
    return true;
}

static pc_map_read_fn *const special[H_COUNT] = {
    [H_ID] = h_id,           [H_AUTHORS_PARSED] = h_authors_parsed, [H_AUTHORS] = h_authors,
    [H_VERSIONS] = h_versions, [H_UPDATE_DATE] = h_update_date,     [H_DOI] = h_doi,
    [H_CATEGORIES] = h_categories, [H_PLAIN] = h_plain,
};

static void finish(pc_jm *m, const json_t *v, pc_record *rec)
{
    (void)m;
    (void)v;
    rec->kind = PC_KIND_PREPRINT;
}

const pc_json_shape pc_json_shape_arxiv = {
    .name = "arXiv snapshot",
    .family = "arxiv",
    .text = PC_JSON_TEX,
    .test = is_arxiv,
    .special = special,
    .n_special = H_COUNT,
    .finish = finish,
    .rows = rows,
    .n_rows = sizeof rows / sizeof *rows,
};
