/* SPDX-License-Identifier: MIT */
/* read.c — the PubMed XML reader.
 *
 * The shared XML reader (io/xmlread.h) hands over each <PubmedArticle>,
 * <PubmedBookArticle> and (in a <MedlineCitationSet>) <MedlineCitation> as
 * items; <DeleteCitation> (baseline update files: PMIDs to delete) is no
 * record, a -v note says how many it lists.  Inline markup (<i>, <b>,
 * <sup>, <sub>; <u> is dropped) becomes spans; MathML is its text, with a
 * -v note.  The kind: a book article is a chapter when it has an
 * ArticleTitle, else a book; a journal article's first PublicationType
 * that decides one (pc_pubmed_type), else a journal article.
 *
 * Assembled here: names (LastName, ForeName or FirstName or Initials,
 * Suffix; CollectiveName an organisation; the ORCID Identifier; every
 * AffiliationInfo's affiliation; ValidYN="N" left out, with a note), the
 * issued date (PubDate's Year, Month, Day, Season or MedlineDate, unless
 * the article is electronic first and ArticleDate says more: NLM's
 * PubModel rule) and the electronic date, the title (NLM ends it with a
 * period, cut as Zotero cuts it), structured abstracts ("LABEL: text"
 * sections on lines of their own), abbreviated page ranges ("205-7" is
 * 205-207), ISSNs, languages and ISBNs joined with ", ", grants
 * ("Agency (GrantID)"), MeSH headings as MEDLINE's MH lines write them
 * ("Neoplasms/ *epidemiology" without the space, "*Humans"), comments and corrections as note
 * lines.  The cited references (PubmedData/ReferenceList) are not records
 * and are not kept: a -v note counts them.  Other elements with text are
 * pass-through values. */
#include "pubmed.h"
#include "io/xmlchunk.h"
#include "io/xmlread.h"

#include <stdlib.h>

static const char fmt_name[] = "pubmedxml";
#define NS_MATHML "http://www.w3.org/1998/Math/MathML"

/* A date element's parts. */
typedef struct pm_date {
    bool has;
    int year, month, day;
    pc_buf season, medline;
    unsigned long line;
} pm_date;

typedef struct pm_reader {
    pc_ctx *ctx;
    pc_xr *xr;
    pc_map *map;
    pc_xr_config cfg;
    bool mathml_noted;
    unsigned long deletes;
    /* the record being built */
    pc_record *rec;
    bool medline_root; /* paths from <MedlineCitation>: prefixed */
    pc_buf key, tmp, tmp2, abstract, issn, lang, isbn, pages, notes;
    pc_spanlist spans, abstract_spans;
    pm_date pub, art, received;
    pc_name name;
    pc_field name_role;
    bool in_name, name_invalid;
    unsigned name_depth;
    pc_buf group; /* a grant or a MeSH heading being read */
    pc_buf grant_id, agency;
    bool in_group;
    const char *group_local; /* its element: Grant, MeshHeading, CommentsCorrections */
    unsigned long refs;
    const char *pubmodel; /* Article's PubModel (an item attribute) */
} pm_reader;

static const pc_xr_record pm_records[] = {
    {"PubmedArticle", NULL},
    {"PubmedBookArticle", NULL},
    {"MedlineCitation", "MedlineCitationSet"},
    {"DeleteCitation", NULL},
    {"BookDocument", "BookDocumentSet"},
};
/* their local names, for the cuts of -j */
static const char *const pm_rec_names[] = {"PubmedArticle", "PubmedBookArticle", "MedlineCitation", "DeleteCitation", NULL};
PC_XML_CHUNKER(pc_pubmed_chunker, pm_rec_names);
static const char *const pm_roots[] = {"PubmedArticleSet", "PubmedArticle", "PubmedBookArticle",
                                       "MedlineCitationSet", "BookDocumentSet", NULL};
static const pc_xr_key pm_keys[] = {
    {"ELocationID", "EIdType"}, {"ArticleId", "IdType"}, {"PubMedPubDate", "PubStatus"}, {"AuthorList", "Type"},
};

static unsigned pm_inline(void *user, pc_xr *xr, const char *local, const char *ns)
{
    pm_reader *r = user;
    if (ns && !strcmp(ns, NS_MATHML)) {
        if (!r->mathml_noted)
            pc_diag_emit(r->ctx, PC_SEV_NOTE, pc_xr_file(xr), pc_xr_line(xr), 0,
                         "MathML is read as its text");
        r->mathml_noted = true;
        return 0;
    }
    if (ns)
        return PC_XR_BLOCK;
    static const struct {
        const char *name;
        unsigned marks;
    } tags[] = {{"i", 1u << PC_MARK_ITALIC}, {"b", 1u << PC_MARK_BOLD}, {"sup", 1u << PC_MARK_SUP},
                {"sub", 1u << PC_MARK_SUB}, {"u", 0}};
    for (size_t i = 0; i < sizeof tags / sizeof *tags; i++)
        if (!strcmp(local, tags[i].name))
            return tags[i].marks;
    return PC_XR_BLOCK;
}

static void date_init(pm_date *d)
{
    memset(d, 0, sizeof *d);
    pc_buf_init(&d->season);
    pc_buf_init(&d->medline);
}

static void date_reset(pm_date *d)
{
    d->has = false;
    d->year = d->month = d->day = 0;
    d->line = 0;
    pc_buf_clear(&d->season);
    pc_buf_clear(&d->medline);
}

static void date_free(pm_date *d)
{
    pc_buf_free(&d->season);
    pc_buf_free(&d->medline);
}

void *pc_pubmed_read_open(pc_source *src, pc_ctx *ctx)
{
    pm_reader *r = pc_xcalloc(1, sizeof *r);
    r->ctx = ctx;
    r->cfg = (pc_xr_config){.desc = "a PubMed XML file", .what = "article", .roots = pm_roots,
                            .records = pm_records, .n_records = sizeof pm_records / sizeof *pm_records,
                            .keys = pm_keys, .n_keys = sizeof pm_keys / sizeof *pm_keys,
                            .inline_marks = pm_inline, .user = r};
    r->xr = pc_xr_open(src, ctx, &r->cfg);
    if (!r->xr) {
        pc_free(r);
        return NULL;
    }
    r->map = pc_map_new(pc_pubmed_rows, pc_pubmed_n_rows, 0);
    pc_buf *bufs[] = {&r->key, &r->tmp, &r->tmp2, &r->abstract, &r->issn, &r->lang, &r->isbn,
                      &r->pages, &r->notes, &r->group, &r->grant_id, &r->agency};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        pc_buf_init(bufs[i]);
    date_init(&r->pub);
    date_init(&r->art);
    date_init(&r->received);
    return r;
}

void pc_pubmed_read_close(void *state)
{
    pm_reader *r = state;
    if (!r)
        return;
    if (r->deletes)
        pc_diag_emit(r->ctx, PC_SEV_NOTE, pc_xr_file(r->xr), 0, 0,
                     "%lu <DeleteCitation> list(s) of PMIDs to delete: no records", r->deletes);
    pc_xr_close(r->xr);
    pc_map_free(r->map);
    pc_buf *bufs[] = {&r->key, &r->tmp, &r->tmp2, &r->abstract, &r->issn, &r->lang, &r->isbn,
                      &r->pages, &r->notes, &r->group, &r->grant_id, &r->agency};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        pc_buf_free(bufs[i]);
    date_free(&r->pub);
    date_free(&r->art);
    date_free(&r->received);
    pc_name_clear(&r->name);
    pc_spanlist_clear(&r->spans);
    pc_spanlist_clear(&r->abstract_spans);
    pc_free(r);
}

/* ---- text helpers ---------------------------------------------------------------------- */

static void item_text(pm_reader *r, const pc_xr_item *it, bool rich)
{
    pc_buf_clear(&r->tmp);
    pc_spanlist_clear(&r->spans);
    pc_xr_text(it->text, it->text_n, rich ? PC_XR_FOLD : PC_XR_PLAIN, &r->tmp, rich ? &r->spans : NULL);
}

/* Appends the item's text to b after ", " (a list of ISSNs, languages). */
static void join(pm_reader *r, pc_buf *b, const pc_xr_item *it, const char *sep)
{
    item_text(r, it, false);
    if (!r->tmp.len)
        return;
    if (b->len) { /* the same value twice (ISSNLinking = ISSN) once */
        for (const char *p = b->ptr; (p = strstr(p, r->tmp.ptr)) != NULL; p++) {
            bool start = p == b->ptr || !strncmp(p - strlen(sep), sep, strlen(sep));
            bool end = p[r->tmp.len] == '\0' || !strncmp(p + r->tmp.len, sep, strlen(sep));
            if (start && end)
                return;
        }
        pc_buf_puts(b, sep);
    }
    pc_buf_put(b, r->tmp.ptr, r->tmp.len);
}

static void keep(pm_reader *r, const pc_xr_item *it)
{
    item_text(r, it, false);
    if (r->tmp.len)
        pc_record_add_extra(r->rec, fmt_name, it->path, it->path_n, r->tmp.ptr, r->tmp.len);
}

/* ---- names ----------------------------------------------------------------------------- */

/* An Author or Investigator starts: role by its list. */
static void name_open(pm_reader *r, const pc_xr_item *it, const pc_map_row *row)
{
    pc_name_clear(&r->name);
    r->in_name = true;
    r->name_depth = it->depth;
    r->name_role = row ? row->field : PC_F_AUTHOR;
    const char *valid = pc_xr_item_attr(it, "ValidYN");
    r->name_invalid = valid && !strcmp(valid, "N");
}

static void set_part(char **dst, const char *s, size_t n)
{
    if (n && !*dst)
        *dst = pc_xstrndup(s, n);
}

/* A child of the name being read. */
static void name_part(pm_reader *r, const pc_xr_item *it)
{
    if (it->depth != r->name_depth + 1 && strcmp(it->local, "Affiliation") != 0)
        return;
    item_text(r, it, false);
    const char *s = r->tmp.ptr;
    size_t n = r->tmp.len;
    pc_name *nm = &r->name;
    if (!strcmp(it->local, "LastName"))
        set_part(&nm->family, s, n);
    else if (!strcmp(it->local, "ForeName") || !strcmp(it->local, "FirstName"))
        set_part(&nm->given, s, n);
    else if (!strcmp(it->local, "Initials"))
        set_part(&nm->dparticle, s, n); /* held here until the end: used without a ForeName */
    else if (!strcmp(it->local, "Suffix"))
        set_part(&nm->suffix, s, n);
    else if (!strcmp(it->local, "CollectiveName"))
        set_part(&nm->literal, s, n);
    else if (!strcmp(it->local, "Affiliation") && n)
        pc_strlist_add_unique(&nm->affiliations, s, n);
    else if (!strcmp(it->local, "Identifier")) {
        const char *src = pc_xr_item_attr(it, "Source");
        const char *id = s;
        if (src && !pc_strcasecmp(src, "ORCID")) {
            const char *slash = strrchr(id, '/');
            set_part(&nm->orcid, slash ? slash + 1 : id, slash ? strlen(slash + 1) : n);
        }
    }
}

/* The name ends: into the record (its particles split off as everywhere). */
static void name_close(pm_reader *r, const pc_xr_item *it)
{
    r->in_name = false;
    pc_name *nm = &r->name;
    if (r->name_invalid) {
        pc_diag_emit(r->ctx, PC_SEV_NOTE, pc_xr_file(r->xr), it->line, 0,
                     "an author marked ValidYN=\"N\" (an error PubMed keeps) is left out");
        pc_name_clear(nm);
        return;
    }
    if (!nm->literal && !nm->family && !nm->given && !nm->dparticle) {
        pc_name_clear(nm);
        return;
    }
    pc_name *out = pc_record_add_name(r->rec, r->name_role);
    if (nm->literal) {
        out->literal = nm->literal;
        nm->literal = NULL;
    } else {
        pc_name_from_parts(nm->given ? nm->given : nm->dparticle, nm->family, nm->suffix, out);
    }
    out->orcid = nm->orcid;
    nm->orcid = NULL;
    out->affiliations = nm->affiliations;
    memset(&nm->affiliations, 0, sizeof nm->affiliations);
    pc_name_clear(nm);
}

/* ---- dates ------------------------------------------------------------------------------ */

static pm_date *date_of(pm_reader *r, pc_field f)
{
    return f == PC_F_ISSUED ? &r->pub : f == PC_F_AVAILABLE_DATE ? &r->art : &r->received;
}

static void date_part(pm_reader *r, pm_date *d, const pc_xr_item *it)
{
    item_text(r, it, false);
    const char *s = r->tmp.ptr;
    d->has = true;
    d->line = d->line ? d->line : it->line;
    if (!strcmp(it->local, "Year"))
        d->year = atoi(s);
    else if (!strcmp(it->local, "Month"))
        d->month = pc_is_digit((unsigned char)s[0]) ? atoi(s) : pc_month_from_name(s, r->tmp.len);
    else if (!strcmp(it->local, "Day"))
        d->day = atoi(s);
    else if (!strcmp(it->local, "Season"))
        pc_buf_put(&d->season, s, r->tmp.len);
    else if (!strcmp(it->local, "MedlineDate"))
        pc_buf_put(&d->medline, s, r->tmp.len);
}

/* The parts of a date element; false (with the text as written kept as
 * the literal of f) when they make no date. */
static bool date_build(pm_reader *r, const pm_date *d, pc_date *out, pc_field f)
{
    memset(out, 0, sizeof *out);
    pc_buf *t = &r->tmp2;
    pc_buf_clear(t);
    if (d->medline.len) {
        pc_buf_put(t, d->medline.ptr, d->medline.len);
    } else if (d->season.len) {
        if (d->year)
            pc_buf_put_int(t, d->year, 4);
        pc_buf_putc(t, ' ');
        pc_buf_put(t, d->season.ptr, d->season.len);
    } else {
        *out = (pc_date){.year = d->year, .month = d->month >= 1 && d->month <= 12 ? d->month : 0};
        out->day = out->month ? d->day : 0;
        if (pc_date_valid(out) && out->year)
            return true;
        memset(out, 0, sizeof *out);
        return false;
    }
    if (pc_date_parse_loose(t->ptr, t->len, 0, out))
        return true;
    pc_record_set_date_literal(r->rec, f, t->ptr, t->len);
    pc_diag_emit(r->ctx, PC_SEV_NOTE, pc_xr_file(r->xr), d->line, 0, "date \"%s\" kept as written", t->ptr);
    const char *y = t->ptr; /* the year at least */
    while (*y && !(pc_is_digit((unsigned char)y[0]) && strspn(y, "0123456789") == 4))
        y++;
    if (*y)
        *out = (pc_date){.year = atoi(y)};
    return out->year != 0;
}

static int precision(const pc_date *d) { return d->day ? 3 : d->month || d->season ? 2 : d->year ? 1 : 0; }

/* issued = PubDate, unless the article came out electronically first
 * (PubModel Electronic, Electronic-Print, Electronic-eCollection) and its
 * ArticleDate is more precise; ArticleDate is the electronic date. */
static void finish_dates(pm_reader *r)
{
    pc_date pub = {0}, art = {0}, rec = {0};
    bool has_pub = r->pub.has && date_build(r, &r->pub, &pub, PC_F_ISSUED);
    bool has_art = r->art.has && date_build(r, &r->art, &art, PC_F_AVAILABLE_DATE);
    bool electronic = r->pubmodel && !strncmp(r->pubmodel, "Electronic", 10);
    if (has_pub && !(electronic && has_art && precision(&art) > precision(&pub)))
        pc_record_set_date(r->rec, PC_F_ISSUED, &pub);
    else if (has_art)
        pc_record_set_date(r->rec, PC_F_ISSUED, &art);
    if (has_art)
        pc_record_set_date(r->rec, PC_F_AVAILABLE_DATE, &art);
    if (r->received.has && date_build(r, &r->received, &rec, PC_F_SUBMITTED))
        pc_record_set_date(r->rec, PC_F_SUBMITTED, &rec);
}

/* ---- values ------------------------------------------------------------------------------ */

/* NLM ends every title with a period: one is cut, unless it ends an
 * abbreviation ("et al.", "spp.", "Jr.") or a bracketed translation's
 * "].". */
static void set_title(pm_reader *r, const pc_xr_item *it)
{
    item_text(r, it, true);
    pc_buf *t = &r->tmp;
    static const char *const keep_dot[] = {" et al.", " spp.", " sp.", " Jr.", " Sr.", " Inc.", " Ltd.", " Co."};
    bool cut = t->len > 1 && t->ptr[t->len - 1] == '.' && t->ptr[t->len - 2] != '.';
    for (size_t i = 0; cut && i < sizeof keep_dot / sizeof *keep_dot; i++) {
        size_t k = strlen(keep_dot[i]);
        cut = !(t->len >= k && !memcmp(t->ptr + t->len - k, keep_dot[i], k));
    }
    if (cut) {
        pc_buf_truncate(t, t->len - 1);
        pc_markup_clip(&r->spans, t->len);
    }
    pc_record_set_rich(r->rec, PC_F_TITLE, t->ptr, t->len, &r->spans);
}

/* A section of the abstract: "LABEL: text" on a line of its own. */
static void add_abstract(pm_reader *r, const pc_xr_item *it)
{
    pc_buf *a = &r->abstract;
    const char *label = pc_xr_item_attr(it, "Label");
    size_t before = a->len;
    if (a->len)
        pc_buf_putc(a, '\n');
    if (label && *label && pc_strcasecmp(label, "UNLABELLED") != 0) {
        pc_buf_puts(a, label);
        pc_buf_puts(a, ": ");
    }
    size_t base = a->len, first = r->abstract_spans.n;
    pc_xr_text(it->text, it->text_n, PC_XR_FOLD, a, &r->abstract_spans);
    if (a->len == base) {
        pc_buf_truncate(a, before);
        return;
    }
    for (size_t k = first; k < r->abstract_spans.n; k++) {
        r->abstract_spans.items[k].start += base;
        r->abstract_spans.items[k].end += base;
    }
}

/* "205-7" is 205-207 (MEDLINE abbreviates the last page), "e123" and
 * "1234" as they are. */
static void set_pages(pm_reader *r, const pc_xr_item *it)
{
    item_text(r, it, false);
    const char *s = r->tmp.ptr, *dash = strchr(s, '-');
    pc_buf *p = &r->pages;
    if (!strcmp(it->local, "EndPage")) {
        if (p->len && !strchr(p->ptr, '-')) {
            pc_buf_putc(p, '-');
            pc_buf_puts(p, s);
        }
        return;
    }
    if (p->len)
        return; /* MedlinePgn, StartPage: the first */
    size_t a = dash ? (size_t)(dash - s) : 0, b = dash ? strlen(dash + 1) : 0;
    bool digits = dash && a && b && strspn(s, "0123456789") == a && strspn(dash + 1, "0123456789") == b;
    if (digits && b < a) { /* the first page's leading digits, then the last's */
        pc_buf_put(p, s, a + 1);
        pc_buf_put(p, s, a - b);
        pc_buf_puts(p, dash + 1);
    } else {
        pc_buf_puts(p, s);
    }
}

static void set_doi(pm_reader *r, const pc_xr_item *it)
{
    const char *valid = pc_xr_item_attr(it, "ValidYN");
    item_text(r, it, false);
    if ((valid && !strcmp(valid, "N")) || !r->tmp.len)
        return;
    if (pc_record_has(r->rec, PC_F_DOI)) {
        pc_buf d = PC_BUF_INIT;
        bool same = pc_doi_parse(r->tmp.ptr, r->tmp.len, &d) && !pc_strcasecmp(d.ptr, pc_record_get(r->rec, PC_F_DOI));
        pc_buf_free(&d);
        if (!same)
            keep(r, it);
        return;
    }
    if (!pc_record_set_doi(r->rec, r->tmp.ptr, r->tmp.len))
        keep(r, it);
}

static void set_pmid(pm_reader *r, const pc_xr_item *it)
{
    item_text(r, it, false);
    const char *old = pc_record_get(r->rec, PC_F_PMID);
    if (!old)
        pc_record_set(r->rec, PC_F_PMID, r->tmp.ptr, r->tmp.len);
    else if (strcmp(old, r->tmp.ptr) != 0)
        keep(r, it);
}

static void add_note(pm_reader *r, const char *label, const pc_xr_item *it)
{
    item_text(r, it, false);
    if (!r->tmp.len)
        return;
    if (r->notes.len)
        pc_buf_putc(&r->notes, '\n');
    if (label) {
        pc_buf_puts(&r->notes, label);
        pc_buf_puts(&r->notes, ": ");
    }
    pc_buf_put(&r->notes, r->tmp.ptr, r->tmp.len);
}

/* A child of a Grant, a MeSH heading or a CommentsCorrections. */
static void group_part(pm_reader *r, const pc_xr_item *it, const char *group)
{
    item_text(r, it, false);
    if (!r->tmp.len)
        return;
    if (!strcmp(group, "Grant")) {
        if (!strcmp(it->local, "GrantID"))
            pc_buf_put(&r->grant_id, r->tmp.ptr, r->tmp.len);
        else if (!strcmp(it->local, "Agency"))
            pc_buf_put(&r->agency, r->tmp.ptr, r->tmp.len);
        return;
    }
    if (!strcmp(group, "MeshHeading")) {
        const char *major = pc_xr_item_attr(it, "MajorTopicYN");
        bool star = major && !strcmp(major, "Y");
        if (!strcmp(it->local, "DescriptorName")) {
            if (star)
                pc_buf_putc(&r->group, '*');
            pc_buf_put(&r->group, r->tmp.ptr, r->tmp.len);
        } else if (!strcmp(it->local, "QualifierName")) {
            pc_buf_putc(&r->group, '/');
            if (star)
                pc_buf_putc(&r->group, '*');
            pc_buf_put(&r->group, r->tmp.ptr, r->tmp.len);
        }
        return;
    }
    if (!strcmp(it->local, "RefSource")) /* CommentsCorrections */
        pc_buf_put(&r->group, r->tmp.ptr, r->tmp.len);
}

static void group_close(pm_reader *r, const pc_xr_item *it, const pc_map_row *row)
{
    r->in_group = false;
    if (row->field == PC_F_FUNDER && (r->agency.len || r->grant_id.len)) {
        pc_buf *b = &r->tmp;
        pc_buf_clear(b);
        pc_buf_put(b, r->agency.ptr, r->agency.len);
        if (r->grant_id.len) {
            pc_buf_puts(b, b->len ? " (" : "(");
            pc_buf_put(b, r->grant_id.ptr, r->grant_id.len);
            pc_buf_putc(b, ')');
        }
        pc_record_list_add(r->rec, PC_F_FUNDER, b->ptr, b->len);
    } else if (row->field == PC_F_KEYWORD && r->group.len) {
        pc_record_list_add(r->rec, PC_F_KEYWORD, r->group.ptr, r->group.len);
    } else if (row->field == PC_F_NOTE && r->group.len) {
        const char *type = pc_xr_item_attr(it, "RefType");
        if (r->notes.len)
            pc_buf_putc(&r->notes, '\n');
        if (type) {
            pc_buf_puts(&r->notes, type);
            pc_buf_puts(&r->notes, ": ");
        }
        pc_buf_put(&r->notes, r->group.ptr, r->group.len);
    }
}

static bool is_group(const pc_map_row *row, const pc_xr_item *it)
{
    return (row->field == PC_F_FUNDER || row->field == PC_F_KEYWORD || row->field == PC_F_NOTE) &&
           row->how == PC_MAP_SPECIAL &&
           (!strcmp(it->local, "Grant") || !strcmp(it->local, "MeshHeading") ||
            !strcmp(it->local, "CommentsCorrections"));
}

/* The special rows, by field. */
static void read_special(pm_reader *r, const pc_map_row *row, const pc_xr_item *it)
{
    switch (row->field) {
    case PC_F_PMID: set_pmid(r, it); break;
    case PC_F_TITLE: set_title(r, it); break;
    case PC_F_CONTAINER_TITLE_SHORT:
        if (!pc_record_has(r->rec, PC_F_CONTAINER_TITLE_SHORT)) {
            item_text(r, it, false);
            pc_record_set(r->rec, PC_F_CONTAINER_TITLE_SHORT, r->tmp.ptr, r->tmp.len);
        }
        break;
    case PC_F_ISSN: join(r, &r->issn, it, ", "); break;
    case PC_F_ISBN: join(r, &r->isbn, it, ", "); break;
    case PC_F_LANGUAGE: join(r, &r->lang, it, ", "); break;
    case PC_F_PAGE: set_pages(r, it); break;
    case PC_F_DOI: set_doi(r, it); break;
    case PC_F_ABSTRACT: add_abstract(r, it); break;
    case PC_F_NOTE: add_note(r, NULL, it); break;
    case PC_F_URL: /* NBK51812: its Bookshelf page */
        item_text(r, it, false);
        keep(r, it);
        pc_buf_clear(&r->tmp2);
        pc_buf_printf(&r->tmp2, "https://www.ncbi.nlm.nih.gov/books/%s/", r->tmp.ptr);
        pc_record_list_add(r->rec, PC_F_URL, r->tmp2.ptr, r->tmp2.len);
        break;
    case PC_F_NONE: keep(r, it); break; /* PublicationType: the kind was taken */
    default: break;
    }
}

/* ---- the record -------------------------------------------------------------------------- */

/* The path of an item as the rows name it. */
static const char *row_key(pm_reader *r, const char *path, size_t n, size_t *kn)
{
    if (!r->medline_root) {
        *kn = n;
        return path;
    }
    pc_buf_clear(&r->key);
    pc_buf_puts(&r->key, "MedlineCitation/");
    pc_buf_put(&r->key, path, n);
    *kn = r->key.len;
    return r->key.ptr;
}

/* Elements read and dropped: NLM's processing dates and lists, the
 * publication history but the received date, a book's table of contents. */
static bool dropped(const char *path)
{
    static const char *const prefixes[] = {
        "MedlineCitation/DateCompleted", "MedlineCitation/DateRevised", "MedlineCitation/DateCreated",
        "MedlineCitation/ChemicalList", "MedlineCitation/SupplMeshList", "MedlineCitation/GeneSymbolList",
        "MedlineCitation/CitationSubset", "MedlineCitation/MedlineJournalInfo/Country",
        "MedlineCitation/MedlineJournalInfo/NlmUniqueID", "MedlineCitation/NumberOfReferences",
        "MedlineCitation/PersonalNameSubjectList", "PubmedData/History", "PubmedBookData/History",
        "BookDocument/Sections", "BookDocument/LocationLabel", "BookDocument/DateRevised",
        "BookDocument/ContributionDate",
    };
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++) {
        size_t k = strlen(prefixes[i]);
        if (!strncmp(path, prefixes[i], k) && (path[k] == '\0' || path[k] == '/' || path[k] == '['))
            return true;
    }
    return false;
}

/* The date element an item belongs to: its parent's row. */
static const pc_map_row *date_row(pm_reader *r, const pc_xr_item *it)
{
    const char *slash = strrchr(it->path, '/');
    if (!slash)
        return NULL;
    size_t kn;
    const char *k = row_key(r, it->path, (size_t)(slash - it->path), &kn);
    const pc_map_row *row = pc_map_find(r->map, k, kn, r->rec->kind);
    const pc_field_info *fi = row ? pc_field_get(row->field) : NULL;
    return fi && fi->kind == PC_FK_DATE ? row : NULL;
}

static void on_open(pm_reader *r, const pc_xr_item *it)
{
    size_t kn;
    const char *k = row_key(r, it->path, it->path_n, &kn);
    const pc_map_row *row = pc_map_find(r->map, k, kn, r->rec->kind);
    if (!strcmp(it->local, "Article"))
        r->pubmodel = pc_xr_item_attr(it, "PubModel");
    if (row && !r->in_name && (!strcmp(it->local, "Author") || !strcmp(it->local, "Investigator")))
        name_open(r, it, row);
    else if (row && is_group(row, it)) {
        r->in_group = true;
        r->group_local = it->local;
        pc_buf_clear(&r->group);
        pc_buf_clear(&r->grant_id);
        pc_buf_clear(&r->agency);
    }
}

static void on_close(pm_reader *r, const pc_xr_item *it)
{
    size_t kn;
    const char *k = row_key(r, it->path, it->path_n, &kn);
    const pc_map_row *row = pc_map_find(r->map, k, kn, r->rec->kind);
    if (r->in_name) {
        if (it->depth == r->name_depth)
            name_close(r, it);
        else
            name_part(r, it);
        return;
    }
    if (r->in_group) {
        if (row && is_group(row, it))
            group_close(r, it, row);
        else
            group_part(r, it, r->group_local);
        return;
    }
    if (!it->text_n)
        return;
    if (!strncmp(k, "PubmedData/ReferenceList", 24)) {
        r->refs += !strcmp(it->local, "Citation");
        return;
    }
    const pc_map_row *dr = row ? NULL : date_row(r, it);
    if (dr) {
        date_part(r, date_of(r, dr->field), it);
        return;
    }
    if (!row) {
        if (!dropped(k))
            keep(r, it);
        return;
    }
    const pc_field_info *fi = pc_field_get(row->field);
    switch (row->how) {
    case PC_MAP_TEXT:
    case PC_MAP_LIST:
        item_text(r, it, fi && (fi->flags & PC_FF_RICH));
        pc_map_read(row, r->rec, r->tmp.ptr, r->tmp.len, &r->spans, NULL);
        break;
    case PC_MAP_SPECIAL: read_special(r, row, it); break;
    case PC_MAP_EXTRA: keep(r, it); break;
    default: break;
    }
}

/* The kind: a book article's by its ArticleTitle, a journal article's by
 * its first deciding PublicationType. */
static pc_kind record_kind(pm_reader *r, const pc_xr_item *items, size_t n)
{
    bool book = !strcmp(items[0].local, "PubmedBookArticle") || !strcmp(items[0].local, "BookDocument");
    pc_kind k = PC_KIND_NONE;
    for (size_t i = 0; i < n; i++) {
        const pc_xr_item *it = &items[i];
        if (it->type != PC_XR_CLOSE)
            continue;
        if (book && !strcmp(it->local, "ArticleTitle") && it->depth <= 2 && it->text_n)
            return PC_KIND_CHAPTER;
        if (!book && k == PC_KIND_NONE && !strcmp(it->local, "PublicationType")) {
            item_text(r, it, false);
            k = pc_pubmed_type(r->tmp.ptr);
        }
    }
    return book ? PC_KIND_BOOK : k ? k : PC_KIND_ARTICLE;
}

static void record_reset(pm_reader *r, pc_record *rec)
{
    r->rec = rec;
    pc_buf *bufs[] = {&r->abstract, &r->issn, &r->lang, &r->isbn, &r->pages, &r->notes};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        pc_buf_clear(bufs[i]);
    pc_spanlist_clear(&r->abstract_spans);
    date_reset(&r->pub);
    date_reset(&r->art);
    date_reset(&r->received);
    r->in_name = r->in_group = false;
    r->refs = 0;
    r->pubmodel = NULL;
}

static void finish(pm_reader *r)
{
    pc_record *rec = r->rec;
    if (r->abstract.len)
        pc_record_set_abstract(rec, r->abstract.ptr, r->abstract.len, &r->abstract_spans, false);
    pc_record_set(rec, PC_F_ISSN, r->issn.ptr, r->issn.len);
    pc_record_set(rec, PC_F_ISBN, r->isbn.ptr, r->isbn.len);
    pc_record_set(rec, PC_F_LANGUAGE, r->lang.ptr, r->lang.len);
    pc_record_set(rec, PC_F_PAGE, r->pages.ptr, r->pages.len);
    if (r->notes.len)
        pc_record_set(rec, PC_F_NOTE, r->notes.ptr, r->notes.len);
    finish_dates(r);
    if (r->refs)
        pc_diag_emit(r->ctx, PC_SEV_NOTE, pc_xr_file(r->xr), pc_xr_line(r->xr), 0,
                     "%lu cited reference(s) (ReferenceList) are not kept", r->refs);
}

/* One record from the items; PC_READ_NONE for a <DeleteCitation>. */
static pc_read_status build(pm_reader *r, pc_record *rec)
{
    size_t n;
    const pc_xr_item *items = pc_xr_items(r->xr, &n);
    if (!strcmp(items[0].local, "DeleteCitation")) {
        r->deletes++;
        return PC_READ_NONE;
    }
    record_reset(r, rec);
    r->medline_root = !strcmp(items[0].local, "MedlineCitation");
    rec->src_file = pc_xr_file(r->xr);
    rec->src_line = pc_xr_line(r->xr);
    rec->kind = record_kind(r, items, n);
    for (size_t i = 1; i < n; i++) {
        if (items[i].type == PC_XR_OPEN)
            on_open(r, &items[i]);
        else if (items[i].depth >= 1)
            on_close(r, &items[i]);
    }
    finish(r);
    return PC_READ_RECORD;
}

pc_read_status pc_pubmed_read_next(void *state, pc_record *rec)
{
    pm_reader *r = state;
    for (;;) {
        pc_read_status st = pc_xr_next(r->xr);
        if (st != PC_READ_RECORD)
            return st;
        if (build(r, rec) == PC_READ_RECORD)
            return PC_READ_RECORD;
    }
}

/* ---- detection ------------------------------------------------------------------------- */

/* The document element is one of PubMed's (no namespace), or the DOCTYPE
 * names PubMed's DTD. */
int pc_pubmed_sniff(const char *head, size_t n)
{
    pc_xr_root root;
    if (!pc_xr_sniff_root(head, n, &root) || root.local != root.tag + 1)
        return 0;
    for (const char *const *p = pm_roots; *p; p++)
        if (root.local_n == strlen(*p) && !memcmp(root.local, *p, root.local_n))
            return 85;
    if (root.doctype && (pc_xr_holds(root.doctype, root.doctype_n, "PubMedArticle") ||
                         pc_xr_holds(root.doctype, root.doctype_n, "pubmed_")))
        return 60;
    return 0;
}
