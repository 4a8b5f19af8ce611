/* SPDX-License-Identifier: MIT */
/* crossref.c — a work of the Crossref REST API (`/works/{doi}` and
 * `/works` lists, api.crossref.org/swagger-ui): titles as arrays (a
 * subtitle joined with ": "), text in JATS/HTML, names as
 * given/family/suffix or `name` with affiliations and ORCIDs, dates as
 * date-parts (`issued`, then `published`, `published-print`,
 * `published-online`; the online date is also the available-date), types
 * as Crossref's ids (read by the CSL mapping's table), licences, funders,
 * the event of a proceedings paper. */
#include "json.h"

#include <stdlib.h>

/* The handlers of the special rows (their functions: `special`, below). */
enum {
    H_NONE, H_TITLE, H_SUBTITLE, H_NAMES, H_DOI, H_JOIN, H_TYPE, H_LICENSE, H_FUNDER, H_EVENT,
    H_LATER, /* read by finish: the dates and the URL; issn-type, isbn-type: ISSN, ISBN hold them */
    H_COUNT
};

#define HOW_TEXT .how = PC_MAP_TEXT
#define HOW_LIST .how = PC_MAP_LIST
#define HOW_SPECIAL(h) .how = PC_MAP_SPECIAL, .handler = H_##h
#define ROW(nm, f, how) {.name = nm, .field = PC_F_##f, HOW_##how, .dir = PC_MAP_READ}

static const pc_map_row rows[] = {
    ROW("title", TITLE, SPECIAL(TITLE)),
    ROW("subtitle", TITLE, SPECIAL(SUBTITLE)),
    ROW("author", AUTHOR, SPECIAL(NAMES)),
    ROW("editor", EDITOR, SPECIAL(NAMES)),
    ROW("translator", TRANSLATOR, SPECIAL(NAMES)),
    ROW("chair", CHAIR, SPECIAL(NAMES)),
    ROW("issued", ISSUED, SPECIAL(LATER)),
    ROW("published", ISSUED, SPECIAL(LATER)),
    ROW("published-print", ISSUED, SPECIAL(LATER)),
    ROW("published-online", AVAILABLE_DATE, SPECIAL(LATER)),
    ROW("abstract", ABSTRACT, TEXT),
    ROW("DOI", DOI, SPECIAL(DOI)),
    ROW("URL", URL, SPECIAL(LATER)),
    ROW("container-title", CONTAINER_TITLE, TEXT),
    ROW("short-container-title", CONTAINER_TITLE_SHORT, TEXT),
    ROW("short-title", TITLE_SHORT, TEXT),
    ROW("original-title", ORIGINAL_TITLE, TEXT),
    ROW("volume", VOLUME, TEXT),
    ROW("issue", ISSUE, TEXT),
    ROW("page", PAGE, TEXT),
    ROW("article-number", NUMBER, TEXT),
    ROW("publisher", PUBLISHER, TEXT),
    ROW("publisher-location", PUBLISHER_PLACE, TEXT),
    ROW("language", LANGUAGE, TEXT),
    ROW("edition-number", EDITION, TEXT),
    ROW("ISSN", ISSN, SPECIAL(JOIN)),
    ROW("issn-type", ISSN, SPECIAL(LATER)),
    ROW("ISBN", ISBN, SPECIAL(JOIN)),
    ROW("isbn-type", ISBN, SPECIAL(LATER)),
    ROW("subject", KEYWORD, LIST),
    ROW("type", NONE, SPECIAL(TYPE)),
    ROW("license", LICENSE, SPECIAL(LICENSE)),
    ROW("funder", FUNDER, SPECIAL(FUNDER)),
    ROW("event", EVENT_TITLE, SPECIAL(EVENT)),
    ROW("archive", ARCHIVE, SPECIAL(JOIN)),
};

/* Crossref REST gives title and container-title as arrays; CSL (also what
 * doi.org returns for Crossref DOIs) as strings. */
static bool is_crossref(const json_t *v)
{
    return json_is_array(json_object_get(v, "title")) ||
           json_is_array(json_object_get(v, "container-title"));
}

/* "Title: Subtitle" (of the first of each; a work with several, its
 * translated titles, keeps the lists as they are too) */
static bool title(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    pc_jm *m = u;
    const json_t *v = value;
    (void)row;
    const json_t *subs = json_object_get(m->item, "subtitle");
    if (json_array_size(v) > 1)
        pc_jm_keep(m, "title", v, rec);
    if (json_array_size(subs) > 1)
        pc_jm_keep(m, "subtitle", subs, rec);
    const char *t = pc_jm_first(v), *sub = pc_jm_first(subs);
    if (!t || !sub) {
        pc_jm_set(m, rec, PC_F_TITLE, t);
        return true;
    }
    pc_buf b = PC_BUF_INIT;
    pc_buf_puts(&b, t);
    pc_buf_puts(&b, ": ");
    pc_buf_puts(&b, sub);
    pc_jm_set(m, rec, PC_F_TITLE, b.ptr);
    pc_buf_free(&b);
    return true;
}

/* joined to the title; kept when there is no title */
static bool subtitle(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    pc_jm *m = u;
    if (!pc_jm_first(json_object_get(m->item, "title")) && pc_jm_first(value))
        pc_jm_keep(m, row->name, value, rec);
    return true;
}

/* [{"given", "family", "suffix" | "name", "ORCID", "affiliation": [{"name"}]}] */
static bool names(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    pc_jm *m = u;
    const json_t *v = value;
    pc_field role = row->field;
    size_t i, k;
    const json_t *a, *af;
    json_array_foreach(v, i, a) {
        pc_name *nm = pc_jm_name_parts(m, rec, role, pc_jm_str(a, "given"), pc_jm_str(a, "family"),
                                       pc_jm_str(a, "suffix"), pc_jm_str(a, "name"));
        json_array_foreach(json_object_get(a, "affiliation"), k, af)
            pc_jm_affiliation(m, nm, json_is_string(af) ? json_string_value(af) : pc_jm_str(af, "name"));
        pc_jm_orcid(nm, pc_jm_str(a, "ORCID"));
    }
    return true;
}

static bool doi(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    (void)row;
    pc_jm_doi(u, rec, json_string_value(value), false);
    return true;
}

/* ISSN, ISBN, archive: the list joined */
static bool join(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    pc_jm_join(u, rec, row->field, value);
    return true;
}

static bool type(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    const json_t *v = value;
    (void)u;
    (void)row;
    if (json_is_string(v))
        rec->kind = pc_csl_kind(json_string_value(v), json_string_length(v));
    return true;
}

/* [{"URL", "content-version": "vor" | "am" | "tdm" | "unspecified", ...}]:
 * the licence of the version of record, else the first. */
static bool license(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    const json_t *v = value;
    (void)u;
    (void)row;
    size_t i;
    const json_t *l;
    const char *pick = NULL;
    json_array_foreach(v, i, l) {
        const char *u = pc_jm_str(l, "URL"), *cv = pc_jm_str(l, "content-version");
        if (u && (!pick || (cv && !strcmp(cv, "vor")))) {
            pick = u;
            if (cv && !strcmp(cv, "vor"))
                break;
        }
    }
    pc_jm_set_plain(rec, PC_F_LICENSE, pick);
    return true;
}

/* [{"name", "award": [...]}] */
static bool funders(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    size_t i;
    const json_t *f;
    (void)row;
    json_array_foreach((const json_t *)value, i, f)
        pc_jm_funder(u, rec, pc_jm_str(f, "name"), json_object_get(f, "award"));
    return true;
}

/* {"name", "location", "start": {date-parts}, "end": {date-parts}} */
static bool event(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    pc_jm *m = u;
    const json_t *v = value;
    (void)row;
    pc_jm_set(m, rec, PC_F_EVENT_TITLE, pc_jm_str(v, "name"));
    pc_jm_set(m, rec, PC_F_EVENT_PLACE, pc_jm_str(v, "location"));
    pc_date start, end;
    if (!pc_jm_date_parts(m, "event.start", json_object_get(v, "start"), &start))
        return true;
    if (pc_jm_date_parts(m, "event.end", json_object_get(v, "end"), &end) &&
        (end.year != start.year || end.month != start.month || end.day != start.day)) {
        start.end_year = end.year;
        start.end_month = end.month;
        start.end_day = end.day;
    }
    pc_record_set_date(rec, PC_F_EVENT_DATE, &start);
    return true;
}

static pc_map_read_fn *const special[H_COUNT] = {
    [H_TITLE] = title,     [H_SUBTITLE] = subtitle, [H_NAMES] = names,   [H_DOI] = doi,
    [H_JOIN] = join,       [H_TYPE] = type,         [H_LICENSE] = license, [H_FUNDER] = funders,
    [H_EVENT] = event,
};

static bool same_day(const pc_date *a, const pc_date *b)
{
    return a->year == b->year && a->month == b->month && a->day == b->day;
}

/* The issued date: `issued`, else the first of its fallbacks.  The online
 * date, when it is another day, is the available-date; a print date (or
 * Crossref's `published`) that says something else is kept as it is. */
static void finish(pc_jm *m, const json_t *v, pc_record *rec)
{
    static const char *const keys[] = {"issued", "published", "published-print", "published-online"};
    pc_date d = {0}, got;
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        const json_t *x = json_object_get(v, keys[i]);
        if (!pc_jm_date_parts(m, keys[i], x, &got))
            continue;
        if (!d.year) {
            d = got;
            pc_record_set_date(rec, PC_F_ISSUED, &d);
        } else if (same_day(&got, &d)) {
            continue;
        } else if (i == 3) {
            pc_record_set_date(rec, PC_F_AVAILABLE_DATE, &got);
        } else {
            pc_jm_keep(m, keys[i], x, rec);
        }
    }
    /* the URL is mostly the doi.org link of the DOI: kept when it is not */
    const char *url = pc_jm_str(v, "URL");
    if (url && !pc_jm_doi_link(m, rec, url))
        pc_record_list_add(rec, PC_F_URL, url, strlen(url));
    if (rec->kind == PC_KIND_NONE)
        rec->kind = PC_KIND_OTHER;
}

const pc_json_shape pc_json_shape_crossref = {
    .name = "Crossref",
    .family = "crossref",
    .text = PC_JSON_HTML,
    .test = is_crossref,
    .special = special,
    .n_special = H_COUNT,
    .finish = finish,
    .rows = rows,
    .n_rows = sizeof rows / sizeof *rows,
};
