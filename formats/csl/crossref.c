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

enum {
    R_TITLE, R_SUBTITLE, R_AUTHOR, R_EDITOR, R_TRANSLATOR, R_CHAIR, R_ISSUED, R_PUBLISHED,
    R_PRINT, R_ONLINE, R_ABSTRACT, R_DOI, R_URL, R_CONTAINER, R_CONTAINER_SHORT, R_SHORT_TITLE,
    R_ORIGINAL_TITLE, R_VOLUME, R_ISSUE, R_PAGE, R_ARTICLE_NUMBER, R_PUBLISHER, R_PLACE,
    R_LANGUAGE, R_EDITION, R_ISSN, R_ISSN_TYPE, R_ISBN, R_ISBN_TYPE, R_SUBJECT, R_TYPE,
    R_LICENSE, R_FUNDER, R_EVENT, R_ARCHIVE, R_COUNT
};

#define ROW(name, field, how) {name, PC_F_##field, PC_MAP_##how, PC_MAP_READ, 0}

static const pc_map_row rows[R_COUNT] = {
    [R_TITLE] = ROW("title", TITLE, SPECIAL),
    [R_SUBTITLE] = ROW("subtitle", TITLE, SPECIAL),
    [R_AUTHOR] = ROW("author", AUTHOR, SPECIAL),
    [R_EDITOR] = ROW("editor", EDITOR, SPECIAL),
    [R_TRANSLATOR] = ROW("translator", TRANSLATOR, SPECIAL),
    [R_CHAIR] = ROW("chair", CHAIR, SPECIAL),
    [R_ISSUED] = ROW("issued", ISSUED, SPECIAL),
    [R_PUBLISHED] = ROW("published", ISSUED, SPECIAL),
    [R_PRINT] = ROW("published-print", ISSUED, SPECIAL),
    [R_ONLINE] = ROW("published-online", AVAILABLE_DATE, SPECIAL),
    [R_ABSTRACT] = ROW("abstract", ABSTRACT, TEXT),
    [R_DOI] = ROW("DOI", DOI, SPECIAL),
    [R_URL] = ROW("URL", URL, SPECIAL),
    [R_CONTAINER] = ROW("container-title", CONTAINER_TITLE, TEXT),
    [R_CONTAINER_SHORT] = ROW("short-container-title", CONTAINER_TITLE_SHORT, TEXT),
    [R_SHORT_TITLE] = ROW("short-title", TITLE_SHORT, TEXT),
    [R_ORIGINAL_TITLE] = ROW("original-title", ORIGINAL_TITLE, TEXT),
    [R_VOLUME] = ROW("volume", VOLUME, TEXT),
    [R_ISSUE] = ROW("issue", ISSUE, TEXT),
    [R_PAGE] = ROW("page", PAGE, TEXT),
    [R_ARTICLE_NUMBER] = ROW("article-number", NUMBER, TEXT),
    [R_PUBLISHER] = ROW("publisher", PUBLISHER, TEXT),
    [R_PLACE] = ROW("publisher-location", PUBLISHER_PLACE, TEXT),
    [R_LANGUAGE] = ROW("language", LANGUAGE, TEXT),
    [R_EDITION] = ROW("edition-number", EDITION, TEXT),
    [R_ISSN] = ROW("ISSN", ISSN, SPECIAL),
    [R_ISSN_TYPE] = ROW("issn-type", ISSN, SPECIAL),
    [R_ISBN] = ROW("ISBN", ISBN, SPECIAL),
    [R_ISBN_TYPE] = ROW("isbn-type", ISBN, SPECIAL),
    [R_SUBJECT] = ROW("subject", KEYWORD, LIST),
    [R_TYPE] = ROW("type", NONE, SPECIAL),
    [R_LICENSE] = ROW("license", LICENSE, SPECIAL),
    [R_FUNDER] = ROW("funder", FUNDER, SPECIAL),
    [R_EVENT] = ROW("event", EVENT_TITLE, SPECIAL),
    [R_ARCHIVE] = ROW("archive", ARCHIVE, SPECIAL),
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
static void title(pc_jm *m, const json_t *v, pc_record *rec)
{
    const json_t *subs = json_object_get(m->item, "subtitle");
    if (json_array_size(v) > 1)
        pc_jm_keep(m, "title", v, rec);
    if (json_array_size(subs) > 1)
        pc_jm_keep(m, "subtitle", subs, rec);
    const char *t = pc_jm_first(v), *sub = pc_jm_first(subs);
    if (!t || !sub) {
        pc_jm_set(m, rec, PC_F_TITLE, t);
        return;
    }
    pc_buf b = PC_BUF_INIT;
    pc_buf_puts(&b, t);
    pc_buf_puts(&b, ": ");
    pc_buf_puts(&b, sub);
    pc_jm_set(m, rec, PC_F_TITLE, b.ptr);
    pc_buf_free(&b);
}

/* [{"given", "family", "suffix" | "name", "ORCID", "affiliation": [{"name"}]}] */
static void names(pc_jm *m, const json_t *v, pc_field role, pc_record *rec)
{
    size_t i, k;
    const json_t *a, *af;
    json_array_foreach(v, i, a) {
        pc_name *nm = pc_jm_name_parts(m, rec, role, pc_jm_str(a, "given"), pc_jm_str(a, "family"),
                                       pc_jm_str(a, "suffix"), pc_jm_str(a, "name"));
        json_array_foreach(json_object_get(a, "affiliation"), k, af)
            pc_jm_affiliation(m, nm, json_is_string(af) ? json_string_value(af) : pc_jm_str(af, "name"));
        pc_jm_orcid(nm, pc_jm_str(a, "ORCID"));
    }
}

/* [{"URL", "content-version": "vor" | "am" | "tdm" | "unspecified", ...}]:
 * the licence of the version of record, else the first. */
static void license(const json_t *v, pc_record *rec)
{
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
}

/* [{"name", "award": [...]}] */
static void funders(pc_jm *m, const json_t *v, pc_record *rec)
{
    size_t i;
    const json_t *f;
    json_array_foreach(v, i, f)
        pc_jm_funder(m, rec, pc_jm_str(f, "name"), json_object_get(f, "award"));
}

/* {"name", "location", "start": {date-parts}, "end": {date-parts}} */
static void event(pc_jm *m, const json_t *v, pc_record *rec)
{
    pc_jm_set(m, rec, PC_F_EVENT_TITLE, pc_jm_str(v, "name"));
    pc_jm_set(m, rec, PC_F_EVENT_PLACE, pc_jm_str(v, "location"));
    pc_date start, end;
    if (!pc_jm_date_parts(m, "event.start", json_object_get(v, "start"), &start))
        return;
    if (pc_jm_date_parts(m, "event.end", json_object_get(v, "end"), &end) &&
        (end.year != start.year || end.month != start.month || end.day != start.day)) {
        start.end_year = end.year;
        start.end_month = end.month;
        start.end_day = end.day;
    }
    pc_record_set_date(rec, PC_F_EVENT_DATE, &start);
}

static void special(pc_jm *m, const pc_map_row *row, const json_t *v, pc_record *rec)
{
    switch (row - rows) {
    case R_TITLE: title(m, v, rec); break;
    case R_SUBTITLE: /* joined to the title */
        if (!pc_jm_first(json_object_get(m->item, "title")) && pc_jm_first(v))
            pc_jm_keep(m, row->name, v, rec);
        break;
    case R_AUTHOR:
    case R_EDITOR:
    case R_TRANSLATOR:
    case R_CHAIR: names(m, v, row->field, rec); break;
    case R_DOI: pc_jm_doi(m, rec, json_string_value(v), false); break;
    case R_ISSN:
    case R_ISBN:
    case R_ARCHIVE: pc_jm_join(m, rec, row->field, v); break;
    case R_TYPE:
        if (json_is_string(v))
            rec->kind = pc_csl_kind(json_string_value(v), json_string_length(v));
        break;
    case R_LICENSE: license(v, rec); break;
    case R_FUNDER: funders(m, v, rec); break;
    case R_EVENT: event(m, v, rec); break;
    default: break; /* issued and its fallbacks, URL: finish; issn-type, isbn-type: ISSN, ISBN hold them */
    }
}

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
    .finish = finish,
    .rows = rows,
    .n_rows = sizeof rows / sizeof *rows,
};
