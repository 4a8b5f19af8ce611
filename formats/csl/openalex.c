/* SPDX-License-Identifier: MIT */
/* openalex.c — an OpenAlex work (docs.openalex.org, "Work object"): the
 * `doi` as a URL, authorships with display names, institutions, raw
 * affiliation strings and ORCIDs, `publication_date` (else the year), the
 * abstract as an inverted index (word -> positions), the primary
 * location's source (journal, publisher, ISSNs), licence and links,
 * `biblio` (volume, issue, first and last page), PubMed ids, keywords,
 * language, grants.  Titles may carry HTML (<i>, <sup>). */
#include "json.h"

#include <stdlib.h>

/* The handlers of the special rows (their functions: `special`, below). */
enum {
    H_NONE, H_DISPLAY_NAME, H_AUTHORSHIPS, H_DOI, H_IDS, H_ABSTRACT, H_PRIMARY, H_BIBLIO,
    H_KEYWORDS, H_GRANTS,
    H_LATER, /* read by finish: the dates and the types */
    H_COUNT
};

#define HOW_TEXT .how = PC_MAP_TEXT
#define HOW_SPECIAL(h) .how = PC_MAP_SPECIAL, .handler = H_##h
#define ROW(nm, f, how) {.name = nm, .field = PC_F_##f, HOW_##how, .dir = PC_MAP_READ}

static const pc_map_row rows[] = {
    ROW("title", TITLE, TEXT),
    ROW("display_name", TITLE, SPECIAL(DISPLAY_NAME)),
    ROW("authorships", AUTHOR, SPECIAL(AUTHORSHIPS)),
    ROW("publication_date", ISSUED, SPECIAL(LATER)),
    ROW("publication_year", ISSUED, SPECIAL(LATER)),
    ROW("doi", DOI, SPECIAL(DOI)),
    ROW("ids", PMID, SPECIAL(IDS)),
    ROW("abstract_inverted_index", ABSTRACT, SPECIAL(ABSTRACT)),
    ROW("primary_location", CONTAINER_TITLE, SPECIAL(PRIMARY)),
    ROW("biblio", VOLUME, SPECIAL(BIBLIO)),
    ROW("keywords", KEYWORD, SPECIAL(KEYWORDS)),
    ROW("language", LANGUAGE, TEXT),
    ROW("type", NONE, SPECIAL(LATER)),
    ROW("type_crossref", NONE, SPECIAL(LATER)),
    ROW("grants", FUNDER, SPECIAL(GRANTS)),
};

static bool is_openalex(const json_t *v)
{
    const char *id = pc_jm_str(v, "id");
    return json_object_get(v, "authorships") || json_object_get(v, "abstract_inverted_index") ||
           (id && strncmp(id, "https://openalex.org/", 21) == 0);
}

/* ---- the abstract ------------------------------------------------------------- */

typedef struct word_at {
    size_t pos, order;
    const char *word;
} word_at;

static int word_cmp(const void *a, const void *b)
{
    const word_at *x = a, *y = b;
    if (x->pos != y->pos)
        return x->pos < y->pos ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* {"Despite": [0], "in": [3, 57]} -> "Despite ... in ..." by position:
 * the words as written, white space folded (no markup is read: a word
 * may be a stray "<p>" or "&" of the source). */
static void inverted_index(const json_t *idx, pc_record *rec)
{
    size_t n = 0, cap = 0;
    word_at *w = NULL;
    const char *word;
    const json_t *positions;
    json_object_foreach((json_t *)idx, word, positions) {
        size_t i;
        const json_t *p;
        json_array_foreach(positions, i, p) {
            if (!json_is_integer(p) || json_integer_value(p) < 0)
                continue;
            PC_GROW(w, cap, n + 1);
            w[n] = (word_at){.pos = (size_t)json_integer_value(p), .order = n, .word = word};
            n++;
        }
    }
    if (n)
        qsort(w, n, sizeof *w, word_cmp);
    pc_buf b = PC_BUF_INIT, text = PC_BUF_INIT;
    for (size_t i = 0; i < n; i++) {
        if (i)
            pc_buf_putc(&b, ' ');
        pc_buf_puts(&b, w[i].word);
    }
    pc_free(w);
    pc_buf_put_folded(&text, b.ptr, b.len);
    pc_utf8_nfc(&text);
    pc_record_set_abstract(rec, text.ptr, text.len, NULL, false);
    pc_buf_free(&b);
    pc_buf_free(&text);
}

/* ---- names, places, numbers ----------------------------------------------------- */

/* [{"author": {"display_name", "orcid"}, "raw_author_name", "institutions":
 * [{"display_name"}], "raw_affiliation_strings": [...]}] */
static void authorships(pc_jm *m, const json_t *v, pc_record *rec)
{
    size_t i, k;
    const json_t *a, *x;
    json_array_foreach(v, i, a) {
        const json_t *au = json_object_get(a, "author");
        const char *dn = pc_jm_str(au, "display_name");
        pc_name *nm = pc_jm_name_display(m, rec, PC_F_AUTHOR, dn ? dn : pc_jm_str(a, "raw_author_name"));
        if (!nm)
            continue;
        pc_jm_orcid(nm, pc_jm_str(au, "orcid"));
        json_array_foreach(json_object_get(a, "institutions"), k, x)
            pc_jm_affiliation(m, nm, pc_jm_str(x, "display_name"));
        if (!nm->affiliations.n)
            json_array_foreach(json_object_get(a, "raw_affiliation_strings"), k, x)
                pc_jm_affiliation(m, nm, json_string_value(x));
    }
}

/* A landing page or PDF link, unless it is the doi.org link of the DOI. */
static void link(pc_jm *m, const char *s, pc_record *rec)
{
    if (s && !pc_jm_doi_link(m, rec, s))
        pc_record_list_add(rec, PC_F_URL, s, strlen(s));
}

/* {"source": {"display_name", "host_organization_name", "issn_l", "issn"},
 * "license", "landing_page_url", "pdf_url"} */
static void primary_location(pc_jm *m, const json_t *v, pc_record *rec)
{
    const json_t *src = json_object_get(v, "source");
    pc_jm_set(m, rec, PC_F_CONTAINER_TITLE, pc_jm_str(src, "display_name"));
    pc_jm_set(m, rec, PC_F_PUBLISHER, pc_jm_str(src, "host_organization_name"));
    const json_t *issn = json_object_get(src, "issn");
    pc_jm_join(m, rec, PC_F_ISSN, json_array_size(issn) ? issn : json_object_get(src, "issn_l"));
    pc_jm_set_plain(rec, PC_F_LICENSE, pc_jm_str(v, "license"));
    link(m, pc_jm_str(v, "landing_page_url"), rec);
    link(m, pc_jm_str(v, "pdf_url"), rec);
}

/* {"volume", "issue", "first_page", "last_page"} */
static void biblio(pc_jm *m, const json_t *v, pc_record *rec)
{
    pc_jm_set_plain(rec, PC_F_VOLUME, pc_jm_scalar(m, json_object_get(v, "volume")));
    pc_jm_set_plain(rec, PC_F_ISSUE, pc_jm_scalar(m, json_object_get(v, "issue")));
    char *fp = pc_jm_plain(m, pc_jm_scalar(m, json_object_get(v, "first_page")));
    char *lp = pc_jm_plain(m, pc_jm_scalar(m, json_object_get(v, "last_page")));
    if (fp && lp && strcmp(fp, lp) != 0) {
        pc_buf b = PC_BUF_INIT;
        pc_buf_printf(&b, "%s-%s", fp, lp);
        pc_record_set(rec, PC_F_PAGE, b.ptr, b.len);
        pc_buf_free(&b);
    } else {
        pc_record_set_str(rec, PC_F_PAGE, fp);
    }
    pc_free(fp);
    pc_free(lp);
}

/* {"pmid": "https://pubmed.ncbi.nlm.nih.gov/29456894", "pmcid":
 * "https://www.ncbi.nlm.nih.gov/pmc/articles/5815332"}: the ids the model
 * has a field for; the others (openalex, doi: given apart; mag) are kept. */
static void ids(pc_jm *m, const json_t *v, pc_record *rec)
{
    const char *key;
    const json_t *x;
    json_object_foreach((json_t *)v, key, x) {
        const char *s = json_string_value(x), *slash = s ? strrchr(s, '/') : NULL;
        const char *id = slash ? slash + 1 : s;
        if (!strcmp(key, "pmid") && id && *id) {
            pc_jm_set_plain(rec, PC_F_PMID, id);
        } else if (!strcmp(key, "pmcid") && id && *id) {
            pc_jm_pmcid(m, rec, id);
        } else if (strcmp(key, "openalex") && strcmp(key, "doi")) {
            pc_buf_clear(&m->tmp2);
            pc_buf_printf(&m->tmp2, "ids.%s", key);
            char *name = pc_xstrdup(m->tmp2.ptr);
            pc_jm_keep(m, name, x, rec);
            pc_free(name);
        }
    }
}

/* ---- keywords --------------------------------------------------------------------- */

/* [{"id": ".../keywords/genome", "display_name": "Genome Annotation",
 * "score": 0.6}] (the API since 2024), [{"keyword": "genome", "score":
 * 0.6}] (before it), or plain strings: the names are the model's keywords.
 * The id (the name's own URL) and the score (how sure OpenAlex's tagger
 * was) have no field: counted once per record (-v); an element with no
 * name is kept, with the others like it, as the pass-through "keywords". */
static void keywords(pc_jm *m, const json_t *v, pc_record *rec)
{
    size_t i;
    const json_t *x;
    json_t *rest = NULL;
    bool extra_keys = false;
    json_array_foreach(v, i, x) {
        const char *name = json_is_string(x) ? json_string_value(x) : pc_jm_str(x, "display_name");
        if (!name)
            name = pc_jm_str(x, "keyword");
        char *kw = pc_jm_plain(m, name);
        if (kw)
            pc_record_list_add(rec, PC_F_KEYWORD, kw, strlen(kw));
        else if (!json_is_null(x))
            json_array_append(rest ? rest : (rest = json_array()), (json_t *)x);
        extra_keys |= kw && json_is_object(x) && (json_object_get(x, "id") || json_object_get(x, "score"));
        pc_free(kw);
    }
    if (!json_is_array(v) && !json_is_null(v))
        pc_jm_keep(m, "keywords", v, rec);
    if (rest)
        pc_jm_keep(m, "keywords", rest, rec);
    json_decref(rest);
    if (extra_keys)
        pc_ctx_dropped(m->ctx, "openalex", "keyword ids and scores");
}

/* ---- the work --------------------------------------------------------------------- */

/* the title again, or the title of a work without one */
static void display_name(pc_jm *m, const json_t *v, pc_record *rec)
{
    if (!pc_jm_str(m->item, "title"))
        pc_jm_set(m, rec, PC_F_TITLE, json_string_value(v));
}

static void doi(pc_jm *m, const json_t *v, pc_record *rec) { pc_jm_doi(m, rec, json_string_value(v), true); }

static void abstract(pc_jm *m, const json_t *v, pc_record *rec)
{
    (void)m;
    if (json_is_object(v))
        inverted_index(v, rec);
}

static void grants(pc_jm *m, const json_t *v, pc_record *rec)
{
    size_t i;
    const json_t *x;
    json_array_foreach(v, i, x)
        pc_jm_funder(m, rec, pc_jm_str(x, "funder_display_name"), json_object_get(x, "award_id"));
}

PC_JM_HANDLER(h_display_name, display_name)
PC_JM_HANDLER(h_authorships, authorships)
PC_JM_HANDLER(h_doi, doi)
PC_JM_HANDLER(h_ids, ids)
PC_JM_HANDLER(h_abstract, abstract)
PC_JM_HANDLER(h_primary, primary_location)
PC_JM_HANDLER(h_biblio, biblio)
PC_JM_HANDLER(h_keywords, keywords)
PC_JM_HANDLER(h_grants, grants)

static pc_map_read_fn *const special[H_COUNT] = {
    [H_DISPLAY_NAME] = h_display_name, [H_AUTHORSHIPS] = h_authorships, [H_DOI] = h_doi,
    [H_IDS] = h_ids,                   [H_ABSTRACT] = h_abstract,       [H_PRIMARY] = h_primary,
    [H_BIBLIO] = h_biblio,             [H_KEYWORDS] = h_keywords,       [H_GRANTS] = h_grants,
};

/* OpenAlex's own types, where it has no Crossref type ("review" is a
 * review article, not CSL's review of a work). */
static pc_kind kind_of(const json_t *w)
{
    const char *xr = pc_jm_str(w, "type_crossref");
    if (xr)
        return pc_csl_kind(xr, strlen(xr));
    static const struct {
        const char *type;
        pc_kind kind;
    } map[] = {
        {"article", PC_KIND_ARTICLE},      {"preprint", PC_KIND_PREPRINT}, {"book", PC_KIND_BOOK},
        {"book-chapter", PC_KIND_CHAPTER}, {"dissertation", PC_KIND_THESIS},
        {"dataset", PC_KIND_DATASET},      {"report", PC_KIND_REPORT},   {"review", PC_KIND_ARTICLE},
        {"standard", PC_KIND_STANDARD},    {"reference-entry", PC_KIND_ENTRY},
    };
    const char *t = pc_jm_str(w, "type");
    for (size_t i = 0; t && i < sizeof map / sizeof *map; i++)
        if (strcmp(t, map[i].type) == 0)
            return map[i].kind;
    return PC_KIND_OTHER;
}

static void finish(pc_jm *m, const json_t *v, pc_record *rec)
{
    rec->kind = kind_of(v);
    pc_date d = {0};
    if (!pc_jm_date_text(m, pc_jm_str(v, "publication_date"), &d)) {
        const json_t *y = json_object_get(v, "publication_year");
        if (json_is_integer(y))
            d.year = (int)json_integer_value(y);
    }
    pc_record_set_date(rec, PC_F_ISSUED, &d);
}

const pc_json_shape pc_json_shape_openalex = {
    .name = "OpenAlex",
    .family = "openalex",
    .text = PC_JSON_HTML,
    .test = is_openalex,
    .special = special,
    .n_special = H_COUNT,
    .finish = finish,
    .rows = rows,
    .n_rows = sizeof rows / sizeof *rows,
};
