/* SPDX-License-Identifier: MIT */
/* feed.c — an entry of any Atom 1.0, RSS 2.0 or RSS 1.0 feed into a
 * record (see atom.h): the title, persons (authors with their arXiv
 * affiliations and ORCIDs, RSS creators, contributors), dates, the summary
 * or content, the DOI, links and categories; then the elements mapped by
 * rows (Dublin Core, PRISM as journals' feeds write it, Atom rights,
 * arXiv's journal reference and comment), every other element with text
 * kept as a pass-through value.  Nothing is dropped: a second value of a
 * slot or of a row's field (the first wins), an identifier that is no DOI
 * (or another DOI) are kept as pass-through values; links no slot took are
 * URLs (read.c gathers them).  arXiv's own conventions are arxiv.c's, the
 * decoding of text text.c's. */
#include "atom.h"

#include <stdlib.h>

#define FAMILY "atom" /* pass-through values */

/* The handlers of the special rows (their functions: `special`, below). */
enum { H_NONE, H_DOI, H_START_PAGE, H_END_PAGE, H_ISSN, H_DATE, H_COUNT };

#define HOW_TEXT .how = PC_MAP_TEXT
#define HOW_LIST .how = PC_MAP_LIST
#define HOW_SPECIAL(h) .how = PC_MAP_SPECIAL, .handler = H_##h
#define ROW(nm, f, how) {.name = nm, .field = PC_F_##f, HOW_##how, .dir = PC_MAP_READ}

const pc_map_row pc_atom_rows[] = {
    ROW("arxiv:journal_ref", JOURNAL_REF, TEXT),
    ROW("arxiv:journal_reference", JOURNAL_REF, TEXT),
    /* a comment is free text with URLs and "~": not TeX-decoded */
    ROW("arxiv:comment", NOTE, TEXT),
    ROW("arxiv:comments", NOTE, TEXT),
    ROW("atom:rights", LICENSE, TEXT),
    ROW("dc:rights", LICENSE, TEXT),
    ROW("dcterms:license", LICENSE, TEXT),
    ROW("dc:language", LANGUAGE, TEXT),
    ROW("dc:publisher", PUBLISHER, TEXT),
    ROW("dc:identifier", DOI, SPECIAL(DOI)),
    ROW("prism:doi", DOI, SPECIAL(DOI)),
    ROW("prism:publicationName", CONTAINER_TITLE, TEXT),
    ROW("prism:volume", VOLUME, TEXT),
    ROW("prism:number", ISSUE, TEXT),
    ROW("prism:startingPage", PAGE, SPECIAL(START_PAGE)),
    ROW("prism:endingPage", PAGE, SPECIAL(END_PAGE)),
    ROW("prism:issn", ISSN, SPECIAL(ISSN)),
    ROW("prism:eIssn", ISSN, SPECIAL(ISSN)),
    ROW("prism:url", URL, LIST),
    ROW("prism:publicationDate", ISSUED, SPECIAL(DATE)),
    ROW("prism:coverDate", ISSUED, SPECIAL(DATE)),
    ROW("prism:section", SECTION, TEXT),
    ROW("rss:link", URL, LIST), /* a second <link> (the first is a slot) */
};
const size_t pc_atom_n_rows = sizeof pc_atom_rows / sizeof *pc_atom_rows;

const char *pc_atom_prefix(const char *uri)
{
    static const struct {
        const char *uri, *prefix;
    } prefixes[] = {
        {NS_ATOM, "atom"},     {NS_ATOM03, "atom"},    {NS_DC, "dc"},         {NS_DCTERMS, "dcterms"},
        {NS_PRISM, "prism"},   {"http://prismstandard.org/namespaces/1.2/basic/", "prism"},
        {"http://prismstandard.org/namespaces/basic/3.0/", "prism"},
        {NS_ARXIV, "arxiv"},   {NS_CONTENT, "content"}, {NS_RSS1, "rss"},
    };
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
        if (strcmp(uri, prefixes[i].uri) == 0)
            return prefixes[i].prefix;
    return NULL;
}

/* ---- parts of an entry --------------------------------------------------------- */

/* False after reporting an entry with no title. */
static bool title(pc_atom_map *m, pc_record *rec, bool tex)
{
    pc_atom_entry *e = m->e;
    size_t n;
    const char *s = pc_atom_text(e, PC_AS_TITLE, &n);
    pc_strlist protect = {0};
    pc_spanlist markup = {0};
    /* RSS titles are plain text by the book, HTML in real feeds (journals
     * escape their <i>); arXiv's are TeX */
    bool html = e->html[PC_AS_TITLE] || (m->kind == PC_ATOM_RSS && !tex);
    bool ok = !s || pc_atom_decode(m, s, n, tex, html, &protect, &markup, e->line[PC_AS_TITLE]);
    if (ok && (!s || !m->tmp.len)) {
        pc_diag_emit(m->ctx, PC_SEV_ERROR, m->file, e->line_start, e->col_start, "%s has no title",
                     m->kind == PC_ATOM_ATOM ? "entry" : "item");
        ok = false;
    }
    pc_text *t = ok ? pc_record_set_rich(rec, PC_F_TITLE, m->tmp.ptr, m->tmp.len, &markup) : NULL;
    if (t)
        t->protected_words = protect; /* moved */
    else
        pc_strlist_clear(&protect);
    pc_spanlist_clear(&markup);
    return ok;
}

/* Keeps slot f, which no field took, as a pass-through value. */
static void keep(pc_atom_map *m, pc_record *rec, pc_atom_slot f, const char *name)
{
    size_t n;
    const char *s = pc_atom_text(m->e, f, &n);
    pc_trim(&s, &n);
    if (s && n && pc_utf8_valid(s, n, NULL))
        pc_record_add_extra(rec, FAMILY, name, strlen(name), s, n);
}

/* The summary (Atom summary, RSS description) or the content; the
 * content beside a summary is kept as it is. */
static bool abstract(pc_atom_map *m, const pc_atom_arxiv *a, pc_record *rec)
{
    pc_atom_entry *e = m->e;
    bool atom = m->kind == PC_ATOM_ATOM;
    if (e->has[PC_AS_SUMMARY] && e->has[PC_AS_CONTENT])
        keep(m, rec, PC_AS_CONTENT, atom ? "atom:content" : "content:encoded");
    if (a->abstract)
        return pc_atom_arxiv_abstract(m, a, rec);
    if (e->has[PC_AS_SUMMARY]) {
        /* an RSS description is HTML; an Atom summary says so with type="html" */
        e->html[PC_AS_SUMMARY] |= m->kind == PC_ATOM_RSS && !a->tex;
        return pc_atom_set(m, rec, PC_F_ABSTRACT, PC_AS_SUMMARY, a->tex);
    }
    e->html[PC_AS_CONTENT] |= m->kind == PC_ATOM_RSS; /* content:encoded is HTML */
    return pc_atom_set(m, rec, PC_F_ABSTRACT, PC_AS_CONTENT, a->tex && m->kind == PC_ATOM_ATOM);
}

/* An ORCID from an Atom person's uri (https://orcid.org/0000-...). */
static void orcid(pc_name *nm, const pc_buf *uri)
{
    const char *id;
    if (pc_orcid_parse(uri->ptr, uri->len, &id))
        pc_set_strn(&nm->orcid, id, PC_ORCID_LEN);
}

/* Atom authors and contributors. */
static bool persons(pc_atom_map *m, pc_record *rec, bool tex)
{
    pc_atom_entry *e = m->e;
    for (size_t i = 0; i < e->n_persons; i++) {
        pc_atom_person *p = &e->persons[i];
        if (!pc_atom_decode(m, p->name.ptr, p->name.len, tex, false, NULL, NULL, e->line_start))
            return false;
        if (!m->tmp.len)
            continue;
        pc_name *nm = pc_record_add_name(rec, p->role);
        pc_name_parse(m->tmp.ptr, m->tmp.len, nm);
        orcid(nm, &p->uri);
        for (size_t k = 0; k < p->affs.n; k++) {
            const char *aff = p->affs.items[k];
            if (!pc_atom_decode(m, aff, strlen(aff), tex, false, NULL, NULL, e->line_start))
                return false;
            if (m->tmp.len)
                pc_strlist_add_unique(&nm->affiliations, m->tmp.ptr, m->tmp.len);
        }
    }
    return true;
}

/* The number of words of [s, e), split at spaces; *lower_but_last is
 * true when every word before the last starts in lower case (particles:
 * "van der Berg"). */
static size_t count_words(const char *s, const char *e, bool *lower_but_last)
{
    size_t words = 0;
    bool lower = true, last_lower = false;
    for (const char *p = s, *w; p < e; p = w + 1) {
        w = memchr(p, ' ', (size_t)(e - p));
        w = w ? w : e;
        if (w == p)
            continue;
        lower &= words == 0 || last_lower;
        last_lower = pc_is_lower((unsigned char)*p);
        words++;
    }
    *lower_but_last = lower;
    return words;
}

/* True if a creator is one name in Dublin Core's inverted form, "Family,
 * Given" ("Smith, John", "Smith, John A.", "van der Berg, Hans"), rather
 * than a list ("Alice Smith, Bob Jones", as arXiv writes it): one comma, no
 * other separator, before it one word (after particles in lower case),
 * after it one to three words, not an organisation.  "Plato, Aristotle"
 * (two one-word names) reads as one name: feeds name people in full. */
static bool inverted_name(const char *s, size_t n)
{
    const char *comma = memchr(s, ',', n), *end = s + n;
    if (!comma || memchr(comma + 1, ',', (size_t)(end - comma - 1)) || memchr(s, ';', n) ||
        pc_atom_find(s, n, " and ") || pc_atom_find(s, n, " & "))
        return false;
    bool particles, ignored;
    size_t family = count_words(s, comma, &particles), given = count_words(comma + 1, end, &ignored);
    return family >= 1 && particles && given >= 1 && given <= 3 && !pc_name_is_organisation(s, n);
}

/* RSS creators and dc:contributor: name lists.  RSS <author> is
 * "email (Name)"; arXiv's old RSS linked each name (<a href=...>Name</a>):
 * the HTML is removed first. */
static bool name_lists(pc_atom_map *m, pc_record *rec, const pc_strlist *l, pc_field role, bool tex)
{
    for (size_t i = 0; i < l->n; i++) {
        const char *c = l->items[i];
        pc_buf_clear(&m->tmp2);
        pc_html_read(c, strlen(c), PC_HTML_DOC, &m->tmp2, NULL, NULL);
        const char *open = strchr(m->tmp2.ptr, '(');
        if (strchr(m->tmp2.ptr, '@') && open && m->tmp2.ptr[m->tmp2.len - 1] == ')') {
            memmove(m->tmp2.ptr, open + 1, strlen(open + 1) - 1);
            pc_buf_truncate(&m->tmp2, strlen(open + 1) - 1);
        } else if (strchr(m->tmp2.ptr, '@') && !strchr(m->tmp2.ptr, ' ')) {
            continue; /* an e-mail address alone names nobody */
        }
        /* pc_atom_decode writes m->tmp only: tmp2 is read in place */
        if (!pc_atom_decode(m, m->tmp2.ptr, m->tmp2.len, tex, false, NULL, NULL, m->e->line_start))
            return false;
        if (inverted_name(m->tmp.ptr, m->tmp.len))
            pc_name_parse(m->tmp.ptr, m->tmp.len, pc_record_add_name(rec, role));
        else
            pc_names_parse_list(m->tmp.ptr, m->tmp.len, pc_record_names_mut(rec, role));
    }
    return true;
}

/* Reads date slot f into the record's date dst; an unreadable one is an
 * error (the record is still written, without it). */
static void date(pc_atom_map *m, pc_record *rec, pc_atom_slot f, pc_field dst)
{
    size_t n;
    const char *s = pc_atom_text(m->e, f, &n);
    if (!s)
        return;
    pc_trim(&s, &n);
    pc_date d;
    if (!pc_date_parse(s, n, &d)) {
        pc_diag_emit(m->ctx, PC_SEV_ERROR, m->file, m->e->line[f], 0, "cannot read the date \"%.*s\"",
                     (int)(n > 80 ? 80 : n), s);
        return;
    }
    pc_record_set_date(rec, dst, &d);
}

/* Atom: published is the date (arXiv: the first version), updated the
 * latest (--date updated: the driver), or the only date.  RSS: pubDate,
 * else dc:date. */
static void dates(pc_atom_map *m, pc_record *rec)
{
    pc_atom_entry *e = m->e;
    if (m->kind == PC_ATOM_RSS) {
        date(m, rec, e->has[PC_AS_PUBDATE] ? PC_AS_PUBDATE : PC_AS_UPDATED, PC_F_ISSUED);
        return;
    }
    date(m, rec, PC_AS_PUBLISHED, PC_F_ISSUED);
    date(m, rec, PC_AS_UPDATED, PC_F_UPDATED);
    if (!e->has[PC_AS_PUBLISHED])
        pc_record_choose_date(rec, true);
}

/* arxiv:doi, else a link titled "doi".  Set before the arXiv id: the arXiv
 * DOI gives the id without its version, which the entry's id then adds. */
static void doi(pc_atom_map *m, pc_record *rec)
{
    size_t n;
    const char *s = pc_atom_text(m->e, PC_AS_DOI, &n);
    if (s && n && pc_utf8_valid(s, n, NULL) && pc_record_set_doi(rec, s, n))
        return;
    if (m->e->doi_href && pc_utf8_valid(m->e->doi_href, strlen(m->e->doi_href), NULL))
        pc_record_set_doi(rec, m->e->doi_href, strlen(m->e->doi_href));
}

/* The first and last page: "12-20". */
static void pages(pc_record *rec, const char *s, size_t n, bool last)
{
    const char *have = pc_record_get(rec, PC_F_PAGE);
    pc_buf b = PC_BUF_INIT;
    if (have && last)
        pc_buf_printf(&b, "%s-%.*s", have, (int)n, s);
    else if (have)
        pc_buf_printf(&b, "%.*s-%s", (int)n, s, have);
    else
        pc_buf_put(&b, s, n);
    pc_record_set(rec, PC_F_PAGE, b.ptr, b.len);
    pc_buf_free(&b);
}

/* True if [s, s+n) is the record's DOI (written any way pc_doi_parse
 * reads: "doi:10.1/x", a resolver URL). */
static bool same_doi(pc_atom_map *m, const pc_record *rec, const char *s, size_t n)
{
    const char *doi = pc_record_get(rec, PC_F_DOI);
    pc_buf_clear(&m->tmp2);
    return doi && pc_doi_parse(s, n, &m->tmp2) && !pc_strcasecmp(m->tmp2.ptr, doi);
}

/* The functions of the SPECIAL rows: the element's decoded value is in
 * m->tmp (the reader's `value` is the element's atom_value).  False when
 * the model has no place for it after all (then it is kept): an
 * identifier that is no DOI or another DOI than the record's, a second
 * date that is another day. */
static bool special_doi(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    pc_atom_map *m = u;
    (void)row;
    (void)value;
    if (pc_record_has(rec, PC_F_DOI))
        return same_doi(m, rec, m->tmp.ptr, m->tmp.len);
    return pc_record_set_doi(rec, m->tmp.ptr, m->tmp.len);
}

static bool special_start_page(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    pc_atom_map *m = u;
    (void)row;
    (void)value;
    pages(rec, m->tmp.ptr, m->tmp.len, false);
    return true;
}

static bool special_end_page(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    pc_atom_map *m = u;
    (void)row;
    (void)value;
    pages(rec, m->tmp.ptr, m->tmp.len, true);
    return true;
}

static bool special_issn(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    pc_atom_map *m = u;
    (void)row;
    (void)value;
    pc_record_append(rec, PC_F_ISSN, ", ", m->tmp.ptr, m->tmp.len);
    return true;
}

static bool special_date(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    pc_atom_map *m = u;
    pc_date d;
    const pc_date *had;
    (void)row;
    (void)value;
    if (!pc_date_parse(m->tmp.ptr, m->tmp.len, &d))
        return false;
    if (!(had = pc_record_date(rec, PC_F_ISSUED))) {
        pc_record_set_date(rec, PC_F_ISSUED, &d);
        return true;
    }
    return !memcmp(had, &d, sizeof d);
}

static pc_map_read_fn *const special[H_COUNT] = {
    [H_DOI] = special_doi,   [H_START_PAGE] = special_start_page, [H_END_PAGE] = special_end_page,
    [H_ISSN] = special_issn, [H_DATE] = special_date,
};

/* An element of the values: its decoded text (m->tmp) with its markup. */
typedef struct atom_value {
    const pc_atom_value *v;
    pc_spanlist *markup;
} atom_value;

/* A TEXT or LIST row: the first value wins; a different one is kept as it is. */
static bool value_row(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    pc_atom_map *m = u;
    atom_value *x = value;
    const char *had = row->how == PC_MAP_TEXT ? pc_record_get(rec, row->field) : NULL;
    if (had)
        return strlen(had) == m->tmp.len && !memcmp(had, m->tmp.ptr, m->tmp.len);
    pc_map_read(row, rec, m->tmp.ptr, m->tmp.len, x->markup, NULL);
    return true;
}

static void keep_value(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    pc_atom_map *m = u;
    const atom_value *x = value;
    (void)row;
    pc_record_add_extra(rec, FAMILY, x->v->name.ptr, x->v->name.len, m->tmp.ptr, m->tmp.len);
}

static const pc_map_reader atom_rows = {
    .value = value_row, .special = special, .n_special = H_COUNT, .keep = keep_value};

/* The elements outside the slots: through their rows, or kept. */
static bool values(pc_atom_map *m, pc_record *rec)
{
    pc_atom_entry *e = m->e;
    for (size_t i = 0; i < e->n_values; i++) {
        pc_atom_value *v = &e->values[i];
        pc_spanlist markup = {0};
        if (!pc_atom_decode(m, v->text.ptr, v->text.len, false, v->html, NULL, &markup, v->line))
            return false;
        if (m->tmp.len) /* an element with no text holds nothing to keep */
            pc_map_read_row(&atom_rows, v->row, rec, m, &(atom_value){.v = v, .markup = &markup});
        pc_spanlist_clear(&markup);
    }
    return true;
}

static void add_keyword(pc_record *rec, const char *s)
{
    size_t n = strlen(s);
    pc_trim(&s, &n);
    if (n && pc_utf8_valid(s, n, NULL))
        pc_record_list_add(rec, PC_F_KEYWORD, s, n);
}

/* Atom: the alternate link (else an id that is a URL) and the PDF; RSS:
 * the link.  An id or guid that says something else is kept. */
static void links(pc_atom_map *m, const pc_atom_arxiv *a, pc_record *rec)
{
    pc_atom_entry *e = m->e;
    size_t n;
    const char *s = pc_atom_text(e, PC_AS_ID, &n);
    pc_trim(&s, &n);
    bool url = s && (pc_atom_starts_with(s, n, "http://") || pc_atom_starts_with(s, n, "https://"));
    if (e->alt)
        pc_record_list_add(rec, PC_F_URL, e->alt, strlen(e->alt));
    else if (url)
        pc_record_list_add(rec, PC_F_URL, s, n);
    if (s && !a->have_id && !(url && (!e->alt || (strlen(e->alt) == n && !memcmp(e->alt, s, n)))))
        keep(m, rec, PC_AS_ID, "atom:id");
    size_t ln;
    const char *link = pc_atom_text(e, PC_AS_LINK, &ln), *guid = pc_atom_text(e, PC_AS_GUID, &n);
    pc_trim(&link, &ln);
    pc_trim(&guid, &n);
    if (guid && n && !a->have_id && !(link && ln == n && !memcmp(link, guid, n)))
        keep(m, rec, PC_AS_GUID, "rss:guid");
    if (e->pdf)
        pc_record_list_add(rec, PC_F_URL, e->pdf, strlen(e->pdf));
    if ((s = pc_atom_text(e, PC_AS_LINK, &n))) {
        pc_trim(&s, &n);
        if (n && pc_utf8_valid(s, n, NULL))
            pc_record_list_add(rec, PC_F_URL, s, n);
    }
    /* the licence link is the licence, unless a rights element gave one */
    if (e->license && !pc_record_has(rec, PC_F_LICENSE))
        pc_record_set_str(rec, PC_F_LICENSE, e->license);
    else if (e->license && strcmp(pc_record_get(rec, PC_F_LICENSE), e->license) != 0)
        pc_record_list_add(rec, PC_F_URL, e->license, strlen(e->license));
    for (size_t i = 0; i < e->links.n; i++) /* the other links (atom.h) */
        pc_record_list_add(rec, PC_F_URL, e->links.items[i], strlen(e->links.items[i]));
}

/* ---- the entry --------------------------------------------------------------------- */

pc_read_status pc_atom_build(pc_atom_map *m, pc_record *rec)
{
    pc_atom_entry *e = m->e;
    if (m->kind == PC_ATOM_ATOM && pc_atom_arxiv_error(m))
        return PC_READ_NONE;
    pc_atom_arxiv a = {0};
    pc_atom_arxiv_find(m, &a);
    rec->kind = a.tex ? PC_KIND_PREPRINT : PC_KIND_WEBPAGE;
    rec->src_file = m->file;
    rec->src_line = e->line_start;
    if (!title(m, rec, a.tex))
        return PC_READ_SKIP;
    doi(m, rec);
    pc_atom_arxiv_ids(m, &a, rec);
    if (!abstract(m, &a, rec) || !persons(m, rec, a.tex) ||
        !name_lists(m, rec, &e->creators, PC_F_AUTHOR, a.tex) ||
        !name_lists(m, rec, &e->contributors, PC_F_CONTRIBUTOR, a.tex))
        return PC_READ_SKIP;
    dates(m, rec);
    if (!values(m, rec))
        return PC_READ_SKIP;
    if (!a.tex && pc_record_has(rec, PC_F_CONTAINER_TITLE))
        rec->kind = PC_KIND_ARTICLE; /* a journal's feed (PRISM): its articles */
    pc_atom_arxiv_announce(m, rec);
    for (size_t i = 0; i < e->categories.n; i++)
        add_keyword(rec, e->categories.items[i]);
    links(m, &a, rec);
    return PC_READ_RECORD;
}
