/* SPDX-License-Identifier: MIT */
/* s2.c — a Semantic Scholar paper (api.semanticscholar.org/api-docs,
 * "Paper"): single, in `data[]`, in batch arrays, or wrapped by the
 * /citations and /references endpoints (`citingPaper`, `citedPaper`, the
 * wrapper's own keys kept).  `externalIds` (DOI, ArXiv, PubMed,
 * PubMedCentral; the others kept), authors by display name, the journal
 * (name, volume, pages) or the publication venue (name, ISSN) or `venue`
 * as the container, `publicationDate` (else the year), the open-access
 * PDF and its licence, fields of study as keywords.  Text is plain. */
#include "json.h"

#include <stdlib.h>

/* The handlers of the special rows (their functions: `special`, below). */
enum {
    H_NONE, H_AUTHORS, H_EXTERNAL, H_VENUE_ISSN, H_OA_PDF,
    H_LATER, /* read by finish: the container, the dates, the types */
    H_COUNT
};

#define HOW_TEXT .how = PC_MAP_TEXT
#define HOW_LIST .how = PC_MAP_LIST
#define HOW_IGNORE .how = PC_MAP_IGNORE
#define HOW_SPECIAL(h) .how = PC_MAP_SPECIAL, .handler = H_##h
#define ROW(nm, f, how) {.name = nm, .field = PC_F_##f, HOW_##how, .dir = PC_MAP_READ}

static const pc_map_row rows[] = {
    ROW("title", TITLE, TEXT),
    ROW("abstract", ABSTRACT, TEXT),
    ROW("authors", AUTHOR, SPECIAL(AUTHORS)),
    ROW("externalIds", DOI, SPECIAL(EXTERNAL)),
    ROW("journal", CONTAINER_TITLE, SPECIAL(LATER)),
    ROW("publicationVenue", CONTAINER_TITLE, SPECIAL(VENUE_ISSN)),
    ROW("venue", CONTAINER_TITLE, SPECIAL(LATER)),
    ROW("publicationDate", ISSUED, SPECIAL(LATER)),
    ROW("year", ISSUED, SPECIAL(LATER)),
    ROW("url", URL, LIST),
    ROW("fieldsOfStudy", KEYWORD, LIST),
    ROW("publicationTypes", NONE, SPECIAL(LATER)),
    ROW("openAccessPdf", URL, SPECIAL(OA_PDF)),
    ROW("citingPaper", NONE, IGNORE), /* the paper itself: walked apart */
    ROW("citedPaper", NONE, IGNORE),
};

/* The paper a /citations or /references wrapper holds, or NULL. */
static const json_t *wrapped(const json_t *v)
{
    const json_t *inner = json_object_get(v, "citingPaper");
    if (!json_is_object(inner))
        inner = json_object_get(v, "citedPaper");
    return json_is_object(inner) && !json_object_get(v, "title") ? inner : NULL;
}

static bool is_s2(const json_t *v)
{
    return json_object_get(v, "paperId") || json_object_get(v, "externalIds") ||
           json_object_get(v, "corpusId") || wrapped(v);
}

/* {"DOI", "ArXiv", "PubMed", "PubMedCentral", "DBLP", "MAG", "CorpusId", ...} */
static void external_ids(pc_jm *m, const json_t *v, pc_record *rec)
{
    static const struct {
        const char *key;
        pc_field field;
    } mapped[] = {{"ArXiv", PC_F_ARXIV_ID}, {"PubMed", PC_F_PMID}};
    json_t *rest = json_object();
    const char *key;
    json_t *x;
    json_object_foreach((json_t *)v, key, x) {
        size_t i = 0;
        while (i < sizeof mapped / sizeof *mapped && strcmp(key, mapped[i].key) != 0)
            i++;
        if (!strcmp(key, "DOI"))
            pc_jm_doi(m, rec, json_string_value(x), true);
        else if (!strcmp(key, "PubMedCentral") && pc_jm_scalar(m, x))
            pc_jm_pmcid(m, rec, m->tmp2.ptr);
        else if (i < sizeof mapped / sizeof *mapped && pc_jm_scalar(m, x))
            pc_jm_set_plain(rec, mapped[i].field, m->tmp2.ptr);
        else if (!json_is_null(x))
            json_object_set(rest, key, x);
    }
    if (json_object_size(rest))
        pc_jm_keep(m, "externalIds", rest, rec);
    json_decref(rest);
}

static void authors(pc_jm *m, const json_t *v, pc_record *rec)
{
    size_t i;
    const json_t *a;
    json_array_foreach(v, i, a)
        pc_jm_name_display(m, rec, PC_F_AUTHOR, pc_jm_str(a, "name"));
}

/* the publication venue's ISSNs (its name: finish) */
static void venue_issn(pc_jm *m, const json_t *v, pc_record *rec)
{
    pc_jm_join(m, rec, PC_F_ISSN, json_object_get(v, "issn"));
}

static void oa_pdf(pc_jm *m, const json_t *v, pc_record *rec)
{
    (void)m;
    const char *url = pc_jm_str(v, "url");
    if (url)
        pc_record_list_add(rec, PC_F_URL, url, strlen(url));
    pc_jm_set_plain(rec, PC_F_LICENSE, pc_jm_str(v, "license"));
}

PC_JM_HANDLER(h_authors, authors)
PC_JM_HANDLER(h_external, external_ids)
PC_JM_HANDLER(h_venue_issn, venue_issn)
PC_JM_HANDLER(h_oa_pdf, oa_pdf)

static pc_map_read_fn *const special[H_COUNT] = {
    [H_AUTHORS] = h_authors, [H_EXTERNAL] = h_external, [H_VENUE_ISSN] = h_venue_issn,
    [H_OA_PDF] = h_oa_pdf,
};

/* Semantic Scholar often lists both JournalArticle and Conference for a
 * conference paper: the more specific type wins.  Its "Review" is a review
 * article (a survey), not CSL's review of a work: a journal article. */
static pc_kind kind_of(const json_t *p, bool has_venue, bool has_arxiv)
{
    static const struct {
        const char *type;
        pc_kind kind;
    } map[] = {
        {"Conference", PC_KIND_CONFERENCE}, {"BookSection", PC_KIND_CHAPTER},
        {"Book", PC_KIND_BOOK},             {"Dataset", PC_KIND_DATASET},
        {"JournalArticle", PC_KIND_ARTICLE},
    };
    const json_t *types = json_object_get(p, "publicationTypes");
    for (size_t k = 0; k < sizeof map / sizeof *map; k++) {
        size_t i;
        const json_t *t;
        json_array_foreach(types, i, t) {
            const char *s = json_string_value(t);
            if (s && strcmp(s, map[k].type) == 0)
                return has_arxiv && !has_venue ? PC_KIND_PREPRINT : map[k].kind;
        }
    }
    if (has_arxiv && !has_venue)
        return PC_KIND_PREPRINT;
    return has_venue ? PC_KIND_ARTICLE : PC_KIND_OTHER;
}

/* The container: the journal's name, else the venue's; Semantic Scholar
 * names arXiv itself as the journal of a preprint ({"name": "ArXiv",
 * "volume": "abs/2106.15928"}): not a container. */
static void finish(pc_jm *m, const json_t *p, pc_record *rec)
{
    const json_t *j = json_object_get(p, "journal");
    const char *venues[] = {pc_jm_str(j, "name"), pc_jm_str(json_object_get(p, "publicationVenue"), "name"),
                            pc_jm_str(p, "venue")};
    for (size_t k = 0; k < 3 && !pc_record_has(rec, PC_F_CONTAINER_TITLE); k++)
        if (venues[k] && pc_strcasecmp(venues[k], "arxiv") != 0)
            pc_jm_set(m, rec, PC_F_CONTAINER_TITLE, venues[k]);
    if (venues[0] && pc_strcasecmp(venues[0], "arxiv") != 0) {
        pc_jm_set_plain(rec, PC_F_VOLUME, pc_jm_scalar(m, json_object_get(j, "volume")));
        pc_jm_set_plain(rec, PC_F_PAGE, pc_jm_scalar(m, json_object_get(j, "pages")));
    }
    rec->kind = kind_of(p, pc_record_has(rec, PC_F_CONTAINER_TITLE), pc_record_has(rec, PC_F_ARXIV_ID));
    pc_date d = {0};
    if (!pc_jm_date_text(m, pc_jm_str(p, "publicationDate"), &d)) {
        const json_t *y = json_object_get(p, "year");
        if (json_is_integer(y))
            d.year = (int)json_integer_value(y);
    }
    pc_record_set_date(rec, PC_F_ISSUED, &d);
}

/* A wrapper's own keys (contexts, intents) are kept; then the paper. */
static pc_json_step map_s2(pc_jm *m, const json_t *v, pc_record *rec)
{
    const json_t *inner = wrapped(v);
    if (inner) {
        pc_jm_walk(m, v, rec);
        m->item = inner;
        v = inner;
    }
    pc_jm_walk(m, v, rec);
    finish(m, v, rec);
    pc_jm_finish(m, rec);
    return PC_JSON_RECORD;
}

const pc_json_shape pc_json_shape_s2 = {
    .name = "Semantic Scholar",
    .family = "s2",
    .text = PC_JSON_PLAIN,
    .test = is_s2,
    .map = map_s2,
    .special = special,
    .n_special = H_COUNT,
    .rows = rows,
    .n_rows = sizeof rows / sizeof *rows,
};
