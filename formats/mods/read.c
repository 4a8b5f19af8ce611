/* SPDX-License-Identifier: MIT */
/* read.c — the MODS reader.
 *
 * Every <mods> in the MODS namespace is a record: in a <modsCollection>,
 * alone, or inside another document (OAI-PMH <metadata>, METS <xmlData>,
 * SRU <recordData>; elements are matched by namespace, never by prefix).
 * The shared XML reader hands it over as items; the rows of map.c map the
 * simple ones, and here:
 *   - the kind: a genre of authority "csl" (ours: exact), else the
 *     record's own genre terms (marcgt, bibutilsgt, local, none), else its
 *     host's genres and issuance, else typeOfResource (text: a book, or a
 *     chapter when there is a host); a free genre is the genre;
 *   - names, by their relatedItem (the host's editors are the editors of a
 *     chapter, its authors the container's; a series' names its editors;
 *     the original's and the reviewed work's authors theirs), their role
 *     (MARC relator code or term), their parts (family, each given part,
 *     termsOfAddress and bibutils' suffix; an untyped "Family, Given"
 *     parsed, a trailing comma of MARC-made names dropped; type corporate
 *     an organisation), affiliation and ORCID; a conference is the event;
 *   - dates by their encoding (w3cdtf, iso8601, edtf, marc: "197-", "19uu"
 *     are the decade and century, read as their first year with a note),
 *     else as written ("c2011" is 2011; "[1998?]" uncertain); keyDate
 *     first, then the first that reads; copyrightDate and dateCreated if
 *     there is no dateIssued, then the host's, then the part's date;
 *   - pages from the part's extent (start, end, list) or a detail of type
 *     page, in the host or at the top; physicalDescription/extent "389 p."
 *     the number of pages (the rest of "xvii, 389 p. : ill." kept);
 *   - identifiers: the DOI, ISBNs and ISSNs (joined with ", "; bibutils'
 *     "serial number" by its shape), arXiv, the citation key (identifier
 *     citekey, else the mods ID); URLs of location (a preview thumbnail
 *     kept aside), dateLastAccessed the access date;
 *   - subjects: one keyword each, its parts joined with "--".
 * Values are folded to one line but the abstract and notes, which keep
 * their lines.  Elements no row names are pass-through values (their
 * path), which the MODS writer writes back. */
#include "mods.h"
#include "io/xmlchunk.h"
#include "io/xmlread.h"

#include <stdlib.h>

static const char fmt_name[] = "mods";

typedef struct mods_date {
    pc_date d;
    const pc_xr_item *item; /* the candidate taken */
    bool ok, key;
    int rank; /* 0 dateIssued, 1 copyrightDate/dateCreated, 2 host, 3 part */
    char *literal;
} mods_date;

typedef struct mods_reader {
    pc_ctx *ctx;
    pc_xr *xr;
    pc_map *map;
    pc_xr_config cfg;
    bool life_noted;
    /* the record */
    pc_record *rec;
    pc_buf tmp, tmp2, isbn, issn, lang, notes, nonsort, subject;
    pc_buf page_start, page_end, page_list;
    bool page_done;
    mods_date issued;
    /* the name being read */
    bool in_name, in_subject;
    unsigned name_depth, subject_depth;
    const char *name_type, *name_ctx;
    unsigned long name_line;
    size_t name_ctx_n;
    pc_buf fam, giv, suffix, untyped, display, roles;
    pc_strlist affs;
    char *orcid;
    bool csl_genre;
    bool lang_taken; /* the <language> open has given its term */
} mods_reader;

static const pc_xr_record mods_records[] = {{"mods", NULL}};
/* their local names, for the cuts of -j */
static const char *const mods_rec_names[] = {"mods", NULL};
PC_XML_CHUNKER(pc_mods_chunker, mods_rec_names);
static const pc_xr_key mods_keys[] = {
    {"titleInfo", "type"}, {"identifier", "type"}, {"relatedItem", "type"}, {"detail", "type"},
    {"placeTerm", "type"}, {"placeTerm", "authority"}, {"note", "type"}, {"name", "type"}, {"extent", "unit"}, {"dateOther", "type"},
    {"url", "access"},
};

void *pc_mods_read_open(pc_source *src, pc_ctx *ctx)
{
    mods_reader *r = pc_xcalloc(1, sizeof *r);
    r->ctx = ctx;
    r->cfg = (pc_xr_config){.desc = "a MODS file", .what = "record", .ns = PC_NS_MODS, .roots = NULL,
                            .records = mods_records, .n_records = 1, .keys = mods_keys,
                            .n_keys = sizeof mods_keys / sizeof *mods_keys, .user = r};
    r->xr = pc_xr_open(src, ctx, &r->cfg);
    if (!r->xr) {
        pc_free(r);
        return NULL;
    }
    r->map = pc_map_new(pc_mods_rows, pc_mods_n_rows, 0);
    pc_buf *bufs[] = {&r->tmp, &r->tmp2, &r->isbn, &r->issn, &r->lang, &r->notes, &r->nonsort, &r->subject,
                      &r->page_start, &r->page_end, &r->page_list, &r->fam, &r->giv, &r->suffix,
                      &r->untyped, &r->display, &r->roles};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        pc_buf_init(bufs[i]);
    return r;
}

void pc_mods_read_close(void *state)
{
    mods_reader *r = state;
    if (!r)
        return;
    pc_xr_close(r->xr);
    pc_map_free(r->map);
    pc_buf *bufs[] = {&r->tmp, &r->tmp2, &r->isbn, &r->issn, &r->lang, &r->notes, &r->nonsort, &r->subject,
                      &r->page_start, &r->page_end, &r->page_list, &r->fam, &r->giv, &r->suffix,
                      &r->untyped, &r->display, &r->roles};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        pc_buf_free(bufs[i]);
    pc_strlist_clear(&r->affs);
    pc_free(r->orcid);
    pc_free(r->issued.literal);
    pc_free(r);
}

/* ---- helpers ------------------------------------------------------------------------ */

static void item_text(mods_reader *r, const pc_xr_item *it, unsigned flags)
{
    pc_buf_clear(&r->tmp);
    pc_xr_text(it->text, it->text_n, flags | PC_XR_PLAIN, &r->tmp, NULL);
}

static void keep(mods_reader *r, const pc_xr_item *it)
{
    item_text(r, it, PC_XR_LINES);
    if (r->tmp.len)
        pc_record_add_extra(r->rec, fmt_name, it->path, it->path_n, r->tmp.ptr, r->tmp.len);
}

static void join(pc_buf *b, const char *s, size_t n, const char *sep)
{
    if (!n)
        return;
    if (b->len)
        pc_buf_puts(b, sep);
    pc_buf_put(b, s, n);
}

/* The context of a path: what comes before its last component
 * ("relatedItem[type=host]/" of "relatedItem[type=host]/name"). */
static size_t context_len(const pc_xr_item *it) { return it->path_n - it->name_n; }

/* ---- names ------------------------------------------------------------------------------ */

static void name_open(mods_reader *r, const pc_xr_item *it)
{
    r->in_name = true;
    r->name_depth = it->depth;
    r->name_type = pc_xr_item_attr(it, "type");
    r->name_line = it->line;
    r->name_ctx = it->path;
    r->name_ctx_n = context_len(it);
    pc_buf *bufs[] = {&r->fam, &r->giv, &r->suffix, &r->untyped, &r->display, &r->roles};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        pc_buf_clear(bufs[i]);
    pc_strlist_clear(&r->affs);
    pc_free(r->orcid);
    r->orcid = NULL;
}

static void name_part(mods_reader *r, const pc_xr_item *it)
{
    item_text(r, it, PC_XR_FOLD);
    const char *s = r->tmp.ptr, *type = pc_xr_item_attr(it, "type");
    size_t n = r->tmp.len;
    if (!n)
        return;
    if (!strcmp(it->local, "namePart")) {
        if (!type)
            join(&r->untyped, s, n, " ");
        else if (!strcmp(type, "family"))
            join(&r->fam, s, n, " ");
        else if (!strcmp(type, "given"))
            join(&r->giv, s, n, " ");
        else if (!strcmp(type, "termsOfAddress") || !strcmp(type, "suffix"))
            join(&r->suffix, s, n, " ");
        else if (!strcmp(type, "date") && !r->life_noted) {
            pc_diag_emit(r->ctx, PC_SEV_NOTE, pc_xr_file(r->xr), it->line, 0,
                         "a name's dates (namePart type=\"date\": \"%s\") are not kept", s);
            r->life_noted = true;
        }
    } else if (!strcmp(it->local, "displayForm")) {
        join(&r->display, s, n, " ");
    } else if (!strcmp(it->local, "affiliation")) {
        pc_strlist_add_unique(&r->affs, s, n);
    } else if (!strcmp(it->local, "roleTerm")) {
        join(&r->roles, s, n, "\n");
    } else if (!strcmp(it->local, "nameIdentifier") && type && !pc_strcasecmp(type, "orcid") && !r->orcid) {
        const char *slash = strrchr(s, '/');
        r->orcid = pc_xstrdup(slash ? slash + 1 : s);
    }
}

/* The field of the name just read: by its relatedItem and its roles. */
static pc_field name_field(mods_reader *r)
{
    const char *c = r->name_ctx;
    size_t cn = r->name_ctx_n;
    const pc_mods_role *role = NULL;
    for (const char *p = r->roles.ptr, *e; *p && !role; p = *e ? e + 1 : e) {
        e = strchr(p, '\n');
        e = e ? e : p + strlen(p);
        pc_buf_clear(&r->tmp2);
        pc_buf_put(&r->tmp2, p, (size_t)(e - p));
        role = pc_mods_role_find(r->tmp2.ptr);
    }
    if (!role && r->roles.len) { /* a role no field holds (dgg, the degree grantor) */
        pc_diag_emit(r->ctx, PC_SEV_NOTE, pc_xr_file(r->xr), r->name_line, 0,
                     "a name of the role \"%s\" is read as a contributor", r->roles.ptr);
        return PC_F_CONTRIBUTOR;
    }
    pc_field f = role ? role->field : PC_F_AUTHOR;
    bool author = f == PC_F_AUTHOR;
#define CTX(s) (cn == strlen(s "/") && !memcmp(c, s "/", cn))
    if (cn == 0)
        return f;
    if (CTX("relatedItem[type=host]"))
        return author ? (role ? PC_F_CONTAINER_AUTHOR : PC_F_EDITOR) : f;
    if (CTX("relatedItem[type=series]"))
        return PC_F_COLLECTION_EDITOR;
    if (CTX("relatedItem[type=original]"))
        return author ? PC_F_ORIGINAL_AUTHOR : f;
    if (CTX("relatedItem[type=reviewOf]"))
        return author ? PC_F_REVIEWED_AUTHOR : f;
#undef CTX
    return PC_F_NONE; /* deeper, or another relatedItem: kept as text */
}

static void name_close(mods_reader *r, const pc_xr_item *it)
{
    r->in_name = false;
    bool conference = r->name_type && !strcmp(r->name_type, "conference");
    bool corporate = r->name_type && (!strcmp(r->name_type, "corporate") || !strcmp(r->name_type, "family"));
    if (conference) {
        pc_buf *t = r->untyped.len ? &r->untyped : &r->display;
        if (t->len)
            pc_record_set(r->rec, PC_F_EVENT_TITLE, t->ptr, t->len);
        return;
    }
    if (!r->fam.len && !r->giv.len && !r->untyped.len && !r->display.len)
        return;
    pc_field f = name_field(r);
    if (f == PC_F_NONE) {
        pc_buf *t = r->untyped.len ? &r->untyped : r->fam.len ? &r->fam : &r->display;
        pc_record_add_extra(r->rec, fmt_name, it->path, it->path_n, t->ptr, t->len);
        return;
    }
    pc_name *nm = pc_record_add_name(r->rec, f);
    if (r->fam.len || r->giv.len) {
        pc_name_from_parts(r->giv.len ? r->giv.ptr : NULL, r->fam.len ? r->fam.ptr : NULL,
                           r->suffix.len ? r->suffix.ptr : NULL, nm);
    } else {
        pc_buf *t = r->untyped.len ? &r->untyped : &r->display;
        const char *s = t->ptr;
        size_t n = t->len;
        while (n && (s[n - 1] == ',' || s[n - 1] == ' ')) /* "West, Matthew," from MARC */
            n--;
        bool org = corporate || (!memchr(s, ',', n) && (pc_name_is_organisation(s, n) || !r->name_type));
        if (org && (!r->name_type || corporate) && !(r->name_type && !strcmp(r->name_type, "personal"))) {
            nm->literal = pc_xstrndup(s, n);
        } else {
            pc_name_parse(s, n, nm);
        }
    }
    nm->affiliations = r->affs;
    memset(&r->affs, 0, sizeof r->affs);
    nm->orcid = r->orcid;
    r->orcid = NULL;
}

/* ---- subjects ----------------------------------------------------------------------------- */

static void subject_part(mods_reader *r, const pc_xr_item *it)
{
    if (!strcmp(it->local, "scale")) {
        item_text(r, it, PC_XR_FOLD);
        pc_record_set(r->rec, PC_F_SCALE, r->tmp.ptr, r->tmp.len);
        return;
    }
    item_text(r, it, PC_XR_FOLD);
    join(&r->subject, r->tmp.ptr, r->tmp.len, "--");
}

static void subject_close(mods_reader *r, const pc_xr_item *it)
{
    r->in_subject = false;
    item_text(r, it, PC_XR_FOLD); /* a subject of text alone */
    join(&r->subject, r->tmp.ptr, r->tmp.len, "--");
    if (r->subject.len)
        pc_record_list_add(r->rec, PC_F_KEYWORD, r->subject.ptr, r->subject.len);
}

/* ---- dates ---------------------------------------------------------------------------------- */

/* A MODS date by its encoding; false when it does not read (text kept). */
static bool read_date(mods_reader *r, const pc_xr_item *it, pc_date *d)
{
    item_text(r, it, PC_XR_FOLD);
    const char *enc = pc_xr_item_attr(it, "encoding"), *q = pc_xr_item_attr(it, "qualifier");
    pc_buf *t = &r->tmp;
    memset(d, 0, sizeof *d);
    if (!t->len)
        return false;
    if (enc && !strcmp(enc, "edtf") && pc_date_parse_edtf(t->ptr, t->len, d))
        return true;
    if (enc && !strcmp(enc, "marc") && t->len == 4 && strspn(t->ptr, "0123456789") < 4) {
        /* MARC 008 "197-", "19uu": unknown digits, the first year of the span */
        pc_buf_clear(&r->tmp2);
        for (size_t i = 0; i < 4; i++)
            pc_buf_putc(&r->tmp2, pc_is_digit((unsigned char)t->ptr[i]) ? t->ptr[i] : '0');
        pc_diag_emit(r->ctx, PC_SEV_NOTE, pc_xr_file(r->xr), it->line, 0,
                     "MARC date \"%s\" read as its first year, %s", t->ptr, r->tmp2.ptr);
        *d = (pc_date){.year = atoi(r->tmp2.ptr)};
        return true;
    }
    const char *s = t->ptr;
    size_t n = t->len;
    unsigned flags = 0;
    while (n && (*s == '[' || *s == 'c' || *s == '\xc2' || *s == '\xa9')) /* "[c2011]", "©2011" */
        s++, n--;
    while (n && (s[n - 1] == ']' || s[n - 1] == '?' || s[n - 1] == '.')) {
        flags |= s[n - 1] == '?' ? PC_DATE_UNCERTAIN : 0;
        n--;
    }
    bool ok = (s[0] == '-' ? pc_date_parse_edtf(s, n, d) : pc_date_parse_loose(s, n, 0, d));
    if (!ok && n == 14 && strspn(s, "0123456789") == 14) /* iso8601 "20250607041254" */
        ok = pc_date_parse_loose(s, 8, 0, d) || (*d = (pc_date){.year = atoi(s) / 10000}, false);
    if (ok) {
        d->flags |= flags;
        if (q && !strcmp(q, "approximate"))
            d->flags |= PC_DATE_CIRCA;
        else if (q && (!strcmp(q, "questionable") || !strcmp(q, "inferred")))
            d->flags |= PC_DATE_UNCERTAIN;
    }
    return ok;
}

/* An issued-date candidate: the best rank, keyDate first within it. */
static void issued_candidate(mods_reader *r, const pc_xr_item *it, int rank)
{
    mods_date *m = &r->issued;
    const char *key = pc_xr_item_attr(it, "keyDate"), *point = pc_xr_item_attr(it, "point");
    bool is_key = key && !strcmp(key, "yes");
    pc_date d;
    bool ok = read_date(r, it, &d);
    if (point && !strcmp(point, "end")) { /* the end of a range whose start came first */
        if (ok && m->ok && m->rank == rank && !m->d.end_year) {
            m->d.end_year = d.year, m->d.end_month = d.month, m->d.end_day = d.day;
        }
        return;
    }
    bool better = !m->ok || rank < m->rank || (rank == m->rank && is_key && !m->key);
    if (ok && better) { /* the one it replaces is kept as it is */
        if (m->item)
            keep(r, m->item);
        pc_free(m->literal);
        *m = (mods_date){.d = d, .item = it, .ok = true, .key = is_key, .rank = rank};
    } else if (!ok && !m->ok && !m->literal && r->tmp.len) {
        m->literal = pc_xstrdup(r->tmp.ptr);
        m->item = it;
        m->rank = rank;
    } else {
        keep(r, it);
    }
}

static void other_date(mods_reader *r, const pc_xr_item *it, pc_field f)
{
    pc_date d;
    if (pc_record_has(r->rec, f))
        return;
    if (read_date(r, it, &d))
        pc_record_set_date(r->rec, f, &d);
    else if (r->tmp.len)
        pc_record_set_date_literal(r->rec, f, r->tmp.ptr, r->tmp.len);
}

/* ---- values ---------------------------------------------------------------------------------- */

static void add_serial(mods_reader *r, const pc_xr_item *it, pc_field f)
{
    item_text(r, it, PC_XR_FOLD);
    const char *inv = pc_xr_item_attr(it, "invalid");
    if (inv && !strcmp(inv, "yes"))
        return keep(r, it);
    if (strstr(it->name, "serial number"))
        f = pc_isbn_looks(r->tmp.ptr, r->tmp.len, NULL, NULL) ? PC_F_ISBN : PC_F_ISSN;
    pc_buf *b = f == PC_F_ISBN ? &r->isbn : &r->issn;
    if (!strstr(b->ptr, r->tmp.ptr))
        join(b, r->tmp.ptr, r->tmp.len, ", ");
}

static void set_pages_part(mods_reader *r, const pc_xr_item *it)
{
    item_text(r, it, PC_XR_FOLD);
    if (r->page_done || !r->tmp.len)
        return;
    pc_buf *b = !strcmp(it->local, "end") ? &r->page_end : !strcmp(it->local, "list") ? &r->page_list : &r->page_start;
    if (!b->len)
        pc_buf_put(b, r->tmp.ptr, r->tmp.len);
}

/* "389 p.", "389": the number of pages; "xvii, 389 p. : ill." too, the
 * description itself kept. */
static void set_extent(mods_reader *r, const pc_xr_item *it)
{
    item_text(r, it, PC_XR_FOLD);
    const char *s = r->tmp.ptr;
    size_t n = r->tmp.len;
    if (n > 3 && !strcmp(s + n - 3, " p.")) {
        pc_record_set(r->rec, PC_F_NUMBER_OF_PAGES, s, n - 3);
        return;
    }
    if (n && strspn(s, "0123456789") == n) {
        pc_record_set(r->rec, PC_F_NUMBER_OF_PAGES, s, n);
        return;
    }
    for (const char *p = s; (p = strstr(p, " p.")) != NULL; p++) {
        const char *b = p;
        while (b > s && pc_is_digit((unsigned char)b[-1]))
            b--;
        if (b < p && !pc_record_has(r->rec, PC_F_NUMBER_OF_PAGES)) {
            pc_record_set(r->rec, PC_F_NUMBER_OF_PAGES, b, (size_t)(p - b));
            break;
        }
    }
    keep(r, it);
}

static void set_url(mods_reader *r, const pc_xr_item *it)
{
    item_text(r, it, PC_XR_FOLD);
    const char *seen = pc_xr_item_attr(it, "dateLastAccessed");
    pc_record_list_add(r->rec, PC_F_URL, r->tmp.ptr, r->tmp.len);
    pc_date d;
    if (seen && !pc_record_has(r->rec, PC_F_ACCESSED) && pc_date_parse_loose(seen, strlen(seen), 0, &d))
        pc_record_set_date(r->rec, PC_F_ACCESSED, &d);
}

static void read_special(mods_reader *r, const pc_map_row *row, const pc_xr_item *it)
{
    switch (row->field) {
    case PC_F_TITLE: /* nonSort */
        item_text(r, it, PC_XR_FOLD);
        pc_buf_put(&r->nonsort, it->text, it->text_n); /* its trailing space counts: "The " */
        break;
    case PC_F_ISSUED:
        issued_candidate(r, it, strstr(it->path, "relatedItem") ? (strstr(it->path, "part/") ? 3 : 2)
                                : !strcmp(it->local, "dateIssued") ? 0 : 1);
        break;
    case PC_F_ACCESSED:
    case PC_F_SUBMITTED:
    case PC_F_ORIGINAL_DATE: other_date(r, it, row->field); break;
    case PC_F_LANGUAGE: {
        /* the first term of each <language> */
        item_text(r, it, PC_XR_FOLD);
        if (r->tmp.len && !r->lang_taken)
            join(&r->lang, r->tmp.ptr, r->tmp.len, ", ");
        r->lang_taken = true;
        break;
    }
    case PC_F_NUMBER_OF_PAGES: set_extent(r, it); break;
    case PC_F_ABSTRACT:
        item_text(r, it, PC_XR_LINES);
        if (!pc_record_has(r->rec, PC_F_ABSTRACT))
            pc_record_set_abstract(r->rec, r->tmp.ptr, r->tmp.len, NULL, false);
        else
            keep(r, it);
        break;
    case PC_F_NOTE:
        item_text(r, it, PC_XR_LINES);
        join(&r->notes, r->tmp.ptr, r->tmp.len, "\n");
        break;
    case PC_F_GENRE:
        item_text(r, it, PC_XR_FOLD);
        {
            const char *auth = pc_xr_item_attr(it, "authority");
            bool csl = auth && !strcmp(auth, "csl");
            bool term = pc_mods_genre_kind(r->tmp.ptr, false) != PC_KIND_NONE;
            bool typing = auth && (!strcmp(auth, "marcgt") || !strcmp(auth, "bibutilsgt") ||
                                   !strcmp(auth, "rdacontent") || !strcmp(auth, "gmgpc") ||
                                   !strcmp(auth, "lcgft") || !strcmp(auth, "aat"));
            /* a genre of no authority naming a kind types the record,
             * unless it has our exact one: then it is the genre */
            /* the kind of thesis ("Masters thesis") is its genre too */
            bool thesis = term && pc_mods_genre_kind(r->tmp.ptr, false) == PC_KIND_THESIS &&
                          pc_strcasecmp(r->tmp.ptr, "thesis") && pc_strcasecmp(r->tmp.ptr, "theses");
            if ((thesis || (!csl && !typing && !(term && !r->csl_genre))) && !pc_record_has(r->rec, PC_F_GENRE))
                pc_record_set(r->rec, PC_F_GENRE, r->tmp.ptr, r->tmp.len);
        }
        break;
    case PC_F_ISBN:
    case PC_F_ISSN: add_serial(r, it, row->field); break;
    case PC_F_DOI:
        item_text(r, it, PC_XR_FOLD);
        if (pc_record_has(r->rec, PC_F_DOI) || !pc_record_set_doi(r->rec, r->tmp.ptr, r->tmp.len))
            keep(r, it);
        break;
    case PC_F_ARXIV_ID:
        item_text(r, it, PC_XR_FOLD);
        if (!pc_record_set_arxiv(r->rec, r->tmp.ptr, r->tmp.len))
            keep(r, it);
        break;
    case PC_F_URL: set_url(r, it); break;
    case PC_F_PAGE: set_pages_part(r, it); break;
    case PC_F_EVENT_TITLE: break; /* name_close */
    case PC_F_KEYWORD: break;     /* subject_close */
    case PC_F_NONE:
        if (!strcmp(it->name, "identifier[type=citekey]")) {
            item_text(r, it, PC_XR_FOLD);
            if (r->tmp.len && !r->rec->key)
                r->rec->key = pc_xstrdup(r->tmp.ptr);
        } /* typeOfResource, issuance: the kind */
        break;
    default: break;
    }
}

/* ---- the kind ------------------------------------------------------------------------------- */

static pc_kind record_kind(mods_reader *r, const pc_xr_item *items, size_t n)
{
    pc_kind csl = PC_KIND_NONE, own = PC_KIND_NONE, host = PC_KIND_NONE, res = PC_KIND_NONE;
    bool has_host = false, continuing = false, text = false;
    for (size_t i = 1; i < n; i++) {
        const pc_xr_item *it = &items[i];
        if (it->type != PC_XR_CLOSE)
            continue;
        bool in_host = !strncmp(it->path, "relatedItem[type=host]/", 23) && it->depth == 2;
        has_host |= it->depth == 1 && !strcmp(it->name, "relatedItem[type=host]");
        if (!it->text_n)
            continue;
        item_text(r, it, PC_XR_FOLD);
        const char *auth = pc_xr_item_attr(it, "authority");
        if (it->depth == 1 && !strcmp(it->local, "genre")) {
            if (auth && !strcmp(auth, "csl"))
                csl = csl ? csl : pc_kind_by_name(r->tmp.ptr, r->tmp.len);
            else if (!own && !(auth && !strcmp(auth, "rdacontent")))
                own = pc_mods_genre_kind(r->tmp.ptr, false);
        } else if (in_host && !strcmp(it->local, "genre") && !host) {
            host = pc_mods_genre_kind(r->tmp.ptr, true);
        } else if (!strcmp(it->path, "relatedItem[type=host]/originInfo/issuance")) {
            continuing |= !strcmp(r->tmp.ptr, "continuing") || !strcmp(r->tmp.ptr, "serial");
        } else if (it->depth == 1 && !strcmp(it->local, "typeOfResource") && !res) {
            text |= !strcmp(r->tmp.ptr, "text");
            res = text ? PC_KIND_NONE : pc_mods_genre_kind(r->tmp.ptr, false);
        }
    }
    r->csl_genre = csl != PC_KIND_NONE;
    if (csl)
        return csl;
    if (own == PC_KIND_CONFERENCE && !has_host)
        return PC_KIND_BOOK; /* a proceedings volume */
    if (own == PC_KIND_BOOK && has_host && host)
        own = PC_KIND_NONE; /* "book" of a chapter's own genre list: its host decides */
    if (own)
        return own;
    if (host)
        return host;
    if (continuing)
        return PC_KIND_ARTICLE;
    if (res)
        return res;
    return has_host ? PC_KIND_CHAPTER : text ? PC_KIND_BOOK : PC_KIND_OTHER;
}

/* ---- the record ----------------------------------------------------------------------------- */

static void on_close(mods_reader *r, const pc_xr_item *it)
{
    if (r->in_name) {
        if (it->depth == r->name_depth)
            name_close(r, it);
        else
            name_part(r, it);
        return;
    }
    if (r->in_subject) {
        if (it->depth == r->subject_depth)
            subject_close(r, it);
        else if (it->text_n)
            subject_part(r, it);
        return;
    }
    if (!it->text_n)
        return;
    const pc_map_row *row = pc_map_find(r->map, it->path, it->path_n, r->rec->kind);
    if (!row || row->how == PC_MAP_EXTRA) {
        keep(r, it);
        return;
    }
    switch (row->how) {
    case PC_MAP_TEXT:
    case PC_MAP_LIST:
        item_text(r, it, PC_XR_FOLD);
        if (row->how == PC_MAP_TEXT && pc_record_has(r->rec, row->field)) {
            keep(r, it); /* a second one: kept as it is */
            break;
        }
        pc_map_read(row, r->rec, r->tmp.ptr, r->tmp.len, NULL, NULL);
        break;
    case PC_MAP_SPECIAL: read_special(r, row, it); break;
    default: break;
    }
}

static void on_open(mods_reader *r, const pc_xr_item *it)
{
    if (r->in_name || r->in_subject)
        return;
    if (!strcmp(it->local, "name")) {
        name_open(r, it);
        return;
    }
    if (!strcmp(it->local, "language"))
        r->lang_taken = false;
    if (it->depth == 1 && !strcmp(it->local, "subject")) {
        r->in_subject = true;
        r->subject_depth = it->depth;
        pc_buf_clear(&r->subject);
    }
}

static void record_reset(mods_reader *r, pc_record *rec)
{
    r->rec = rec;
    pc_buf *bufs[] = {&r->isbn, &r->issn, &r->lang, &r->notes, &r->nonsort, &r->page_start, &r->page_end,
                      &r->page_list};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        pc_buf_clear(bufs[i]);
    pc_free(r->issued.literal);
    memset(&r->issued, 0, sizeof r->issued);
    r->in_name = r->in_subject = r->page_done = false;
}

static void finish(mods_reader *r, const pc_xr_item *items)
{
    pc_record *rec = r->rec;
    if (r->nonsort.len && pc_record_has(rec, PC_F_TITLE)) {
        pc_buf *t = &r->tmp;
        pc_buf_clear(t);
        pc_buf_put(t, r->nonsort.ptr, r->nonsort.len);
        if (t->len && t->ptr[t->len - 1] != ' ' && t->ptr[t->len - 1] != '\'')
            pc_buf_putc(t, ' ');
        pc_buf_puts(t, pc_record_get(rec, PC_F_TITLE));
        pc_buf_clear(&r->tmp2);
        pc_buf_put_folded(&r->tmp2, t->ptr, t->len);
        pc_record_set(rec, PC_F_TITLE, r->tmp2.ptr, r->tmp2.len);
    }
    pc_record_set(rec, PC_F_ISBN, r->isbn.ptr, r->isbn.len);
    pc_record_set(rec, PC_F_ISSN, r->issn.ptr, r->issn.len);
    if (r->lang.len)
        pc_record_set(rec, PC_F_LANGUAGE, r->lang.ptr, r->lang.len);
    if (r->notes.len)
        pc_record_note_split(rec, r->notes.ptr, r->notes.len);
    pc_buf *p = &r->tmp;
    pc_buf_clear(p);
    if (r->page_start.len) {
        pc_buf_put(p, r->page_start.ptr, r->page_start.len);
        if (r->page_end.len && strcmp(r->page_end.ptr, r->page_start.ptr) != 0) {
            pc_buf_putc(p, '-');
            pc_buf_put(p, r->page_end.ptr, r->page_end.len);
        }
    } else if (r->page_list.len) {
        pc_buf_put(p, r->page_list.ptr, r->page_list.len);
    }
    if (p->len)
        pc_record_set(rec, PC_F_PAGE, p->ptr, p->len);
    if (r->issued.ok)
        pc_record_set_date(rec, PC_F_ISSUED, &r->issued.d);
    else if (r->issued.literal)
        pc_record_set_date_literal(rec, PC_F_ISSUED, r->issued.literal, strlen(r->issued.literal));
    const char *id = pc_xr_item_attr(&items[0], "ID");
    if (!rec->key && id && *id)
        rec->key = pc_xstrdup(id);
}

pc_read_status pc_mods_read_next(void *state, pc_record *rec)
{
    mods_reader *r = state;
    pc_read_status st = pc_xr_next(r->xr);
    if (st != PC_READ_RECORD)
        return st;
    size_t n;
    const pc_xr_item *items = pc_xr_items(r->xr, &n);
    record_reset(r, rec);
    rec->src_file = pc_xr_file(r->xr);
    rec->src_line = pc_xr_line(r->xr);
    rec->kind = record_kind(r, items, n);
    for (size_t i = 1; i < n; i++) {
        if (items[i].type == PC_XR_OPEN)
            on_open(r, &items[i]);
        else if (items[i].depth >= 1)
            on_close(r, &items[i]);
    }
    finish(r, items);
    pc_xr_sort_extras(rec, pc_mods_rows, pc_mods_n_rows);
    return PC_READ_RECORD;
}

/* ---- detection ------------------------------------------------------------------------------ */

/* The document element is modsCollection or mods and the MODS namespace
 * is declared; or (a wrapper: OAI-PMH, SRU, METS) a <mods> start tag and
 * the namespace appear in the first bytes. */
int pc_mods_sniff(const char *head, size_t n)
{
    pc_xr_root root;
    if (!pc_xr_sniff_root(head, n, &root))
        return 0;
    bool ns = pc_xr_holds(head, n, PC_NS_MODS);
    if (ns && ((root.local_n == 14 && !memcmp(root.local, "modsCollection", 14)) ||
               (root.local_n == 4 && !memcmp(root.local, "mods", 4))))
        return 85;
    if (ns && (pc_xr_holds(head, n, "<mods ") || pc_xr_holds(head, n, "<mods>") || pc_xr_holds(head, n, ":mods ") ||
               pc_xr_holds(head, n, ":mods>")))
        return 40;
    return 0;
}
