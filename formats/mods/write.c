/* SPDX-License-Identifier: MIT */
/* write.c — the MODS writer.
 *
 * <modsCollection> in the MODS namespace (with the 3.8 schema location),
 * per record <mods version="3.8" ID="key"> (the ID only when the key is an
 * XML name, as the schema wants), then every element from the map through
 * pc_map_write in the rows' order, the rows of the record's kind.  The
 * kind is said three ways (research notes §6.3): <typeOfResource>, a
 * <genre authority="csl"> of the CSL type (ours: read back first, so
 * the kind survives), and the marcgt and bibutilsgt genres and issuance
 * that bibutils' xml2* programs type their records by, the host's too.
 * Names: namePart given and family (particles with the family), suffix as
 * termsOfAddress, organisations type="corporate", the role as a MARC
 * relator code and term, affiliation, nameIdentifier type="orcid"; a
 * chapter's editors in its host.  Dates w3cdtf, or edtf for a range, a
 * season, circa, uncertain or a year before 1.  The part (volume, issue,
 * pages) in the host for a hosted kind, else at the top.  Pass-through
 * values the reader kept are written back where their path says. */
#include "mods.h"
#include "io/xmlwrite.h"

#include <stdlib.h>

static const char fmt_name[] = "mods";

typedef struct mods_writer {
    pc_xw *w;
    pc_ctx *ctx;
    const pc_record *r;
    pc_kind kind;
    pc_xw_rows rows;
    pc_xw_extras extras;
    pc_buf tmp;
} mods_writer;

void *pc_mods_write_begin(FILE *out, pc_ctx *ctx)
{
    mods_writer *mw = pc_xcalloc(1, sizeof *mw);
    mw->ctx = ctx;
    mw->w = pc_xw_begin(out, ctx, fmt_name, false);
    pc_buf_init(&mw->tmp);
    pc_xw_open(mw->w, "modsCollection");
    pc_xw_attr(mw->w, "xmlns", PC_NS_MODS);
    pc_xw_attr(mw->w, "xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance");
    pc_xw_attr(mw->w, "xsi:schemaLocation", PC_NS_MODS " http://www.loc.gov/standards/mods/v3/mods-3-8.xsd");
    return mw;
}

bool pc_mods_write_end(void *state)
{
    mods_writer *mw = state;
    bool ok = pc_xw_end(mw->w);
    pc_xw_rows_free(&mw->rows);
    pc_xw_extras_free(&mw->extras);
    pc_buf_free(&mw->tmp);
    pc_free(mw);
    return ok;
}

static void put_extra(void *u, const pc_extra *e)
{
    mods_writer *mw = u;
    pc_xw_put(mw->w, e->name, e->value);
}

/* ---- names ----------------------------------------------------------------------------- */

static void put_part(pc_xw *w, const char *type, const char *s)
{
    if (!s || !*s)
        return;
    pc_xw_open(w, "namePart");
    pc_xw_attr(w, "type", type);
    pc_xw_text(w, s, false);
    pc_xw_close(w);
}

/* The role of a name list: a host's editors and authors, the others'. */
static const pc_mods_role *role_for(pc_field f)
{
    switch (f) {
    case PC_F_CONTAINER_AUTHOR:
    case PC_F_ORIGINAL_AUTHOR:
    case PC_F_REVIEWED_AUTHOR: return pc_mods_role_of(PC_F_AUTHOR);
    default: return pc_mods_role_of(f);
    }
}

static void put_name(mods_writer *mw, const pc_name *nm, const pc_mods_role *role)
{
    pc_xw *w = mw->w;
    pc_xw_open(w, "name");
    if (nm->literal || !nm->family) {
        pc_xw_attr(w, "type", nm->literal ? "corporate" : "personal");
        pc_xw_open(w, "namePart");
        pc_xw_text(w, nm->literal ? nm->literal : nm->given, false);
        pc_xw_close(w);
    } else {
        pc_xw_attr(w, "type", "personal");
        pc_buf *f = &mw->tmp;
        pc_buf_clear(f);
        for (const char *p = nm->dparticle; p; p = NULL) {
            pc_buf_puts(f, p);
            pc_buf_putc(f, ' ');
        }
        if (nm->particle) {
            pc_buf_puts(f, nm->particle);
            if (!pc_particle_joins(nm->particle))
                pc_buf_putc(f, ' ');
        }
        pc_buf_puts(f, nm->family);
        put_part(w, "given", nm->given);
        put_part(w, "family", f->ptr);
        put_part(w, "termsOfAddress", nm->suffix);
    }
    for (size_t i = 0; i < nm->affiliations.n; i++)
        pc_xw_leaf(w, "affiliation", nm->affiliations.items[i]);
    if (role) {
        pc_xw_open(w, "role");
        if (*role->code) {
            pc_xw_open(w, "roleTerm");
            pc_xw_attr(w, "type", "code");
            pc_xw_attr(w, "authority", "marcrelator");
            pc_xw_text(w, role->code, false);
            pc_xw_close(w);
        }
        pc_xw_open(w, "roleTerm");
        pc_xw_attr(w, "type", "text");
        if (*role->code)
            pc_xw_attr(w, "authority", "marcrelator");
        pc_xw_text(w, role->term, false);
        pc_xw_close(w);
        pc_xw_close(w);
    }
    if (nm->orcid) {
        pc_xw_open(w, "nameIdentifier");
        pc_xw_attr(w, "type", "orcid");
        pc_xw_text(w, nm->orcid, false);
        pc_xw_close(w);
    }
    pc_xw_close(w);
}

static void put_names(mods_writer *mw, const pc_map_row *row)
{
    const pc_names *l = pc_record_names(mw->r, row->field);
    const char *slash = strrchr(row->name, '/');
    pc_xw_path(mw->w, row->name, slash ? (size_t)(slash - row->name) : 0);
    /* a host's author-less names read back as its editors: their role says what they are */
    const pc_mods_role *role = role_for(row->field);
    for (size_t i = 0; i < l->n; i++)
        put_name(mw, &l->items[i], role);
    if (l->et_al)
        pc_ctx_dropped(mw->ctx, fmt_name, "et al. (cut name list)");
}

/* ---- dates ------------------------------------------------------------------------------ */

/* <dateIssued encoding="w3cdtf" keyDate="yes">: w3cdtf for a date of
 * known parts, edtf for what only EDTF says. */
static void put_date(mods_writer *mw, const pc_map_row *row, bool *wrote)
{
    const pc_date *d = pc_record_date(mw->r, row->field);
    const char *lit = pc_record_date_literal(mw->r, row->field);
    const char *slash = strrchr(row->name, '/');
    pc_xw *w = mw->w;
    pc_xw_path(w, row->name, slash ? (size_t)(slash - row->name) : 0);
    const char *leaf = slash ? slash + 1 : row->name;
    pc_buf *b = &mw->tmp;
    pc_buf_clear(b);
    if (!d) {
        pc_xw_element(w, leaf, strlen(leaf), lit);
        *wrote = lit != NULL;
        return;
    }
    bool edtf = d->end_year || d->season || d->flags || d->year <= 0;
    if (edtf)
        pc_date_edtf(d, b);
    else
        pc_date_iso(d, b);
    pc_xw_open_comp(w, leaf, strlen(leaf));
    pc_xw_attr(w, "encoding", edtf ? "edtf" : "w3cdtf");
    if (row->field == PC_F_ISSUED)
        pc_xw_attr(w, "keyDate", "yes");
    pc_xw_text(w, b->ptr, false);
    pc_xw_close(w);
    if (lit) {
        pc_buf_clear(b);
        pc_buf_printf(b, "%s as written", pc_field_get(row->field)->name);
        pc_ctx_dropped(mw->ctx, fmt_name, b->ptr);
    }
}

/* ---- the type ----------------------------------------------------------------------------- */

static void put_genre(pc_xw *w, const char *authority, const char *term)
{
    if (!term)
        return;
    pc_xw_open(w, "genre");
    pc_xw_attr(w, "authority", authority);
    pc_xw_text(w, term, false);
    pc_xw_close(w);
}

/* typeOfResource and the genres of the record's kind, at the top. */
static void put_type(mods_writer *mw)
{
    const pc_mods_kind *k = pc_mods_kind_info(mw->kind);
    pc_xw *w = mw->w;
    pc_xw_path(w, "", 0);
    pc_xw_leaf(w, "typeOfResource", k->resource);
    put_genre(w, "csl", pc_kind_name(mw->kind));
    put_genre(w, "marcgt", k->marcgt);
    put_genre(w, "bibutilsgt", k->bibutilsgt);
}

/* The host's genres and issuance, when there is a host. */
static void put_host_type(mods_writer *mw)
{
    const pc_mods_kind *k = pc_mods_kind_info(mw->kind);
    if (!pc_record_has(mw->r, PC_F_CONTAINER_TITLE) || !pc_mods_kind_in(pc_mods_hosted, mw->kind))
        return;
    pc_xw *w = mw->w;
    pc_xw_put(w, "relatedItem[type=host]/originInfo/issuance", k->host_issuance);
    pc_xw_path(w, "relatedItem[type=host]", 22);
    put_genre(w, "marcgt", k->host_marcgt);
    put_genre(w, "bibutilsgt", k->host_bibutilsgt);
}

/* An ALWAYS row of no field. */
static void put_structure(mods_writer *mw, const pc_map_row *row)
{
    if (!strcmp(row->name, "typeOfResource"))
        put_type(mw);
    else if (!strcmp(row->name, "originInfo/issuance"))
        pc_xw_put(mw->w, row->name, pc_mods_kind_info(mw->kind)->issuance);
    else if (!strcmp(row->name, "relatedItem[type=host]/originInfo/issuance"))
        put_host_type(mw);
    else if (!strcmp(row->name, "identifier[type=citekey]"))
        pc_xw_put(mw->w, row->name, mw->r->key);
}

/* ---- values ------------------------------------------------------------------------------- */

/* One element per item of "a, b" (ISBNs, ISSNs). */
static void put_items(mods_writer *mw, const char *path, const char *v)
{
    for (const char *p = v, *e; p && *p; p = *e ? e + 2 : e) {
        e = strstr(p, ", ");
        e = e ? e : p + strlen(p);
        pc_buf_clear(&mw->tmp);
        pc_buf_put(&mw->tmp, p, (size_t)(e - p));
        char *item = pc_xstrdup(mw->tmp.ptr);
        pc_xw_put(mw->w, path, item);
        pc_free(item);
    }
}

/* "12-15" as extent start and end, "e101" as start. */
static void put_pages(mods_writer *mw, const pc_map_row *row, const char *pages)
{
    const char *slash = strrchr(row->name, '/');
    pc_xw_path(mw->w, row->name, (size_t)(slash - row->name));
    const char *dash = strchr(pages, '-');
    pc_buf *b = &mw->tmp;
    pc_buf_clear(b);
    pc_buf_put(b, pages, dash && dash > pages ? (size_t)(dash - pages) : strlen(pages));
    char *start = pc_xstrdup(b->ptr);
    pc_xw_leaf(mw->w, "start", start);
    pc_free(start);
    if (dash && dash > pages) {
        while (*dash == '-')
            dash++;
        pc_xw_leaf(mw->w, "end", dash);
    }
}

static void put_special_text(mods_writer *mw, const pc_map_row *row, bool *wrote)
{
    const pc_text *t = pc_record_text(mw->r, row->field);
    pc_buf *b = &mw->tmp;
    switch (row->field) {
    case PC_F_ISBN:
    case PC_F_ISSN: put_items(mw, row->name, t->s); break;
    case PC_F_PAGE: put_pages(mw, row, t->s); break;
    case PC_F_NUMBER_OF_PAGES:
        pc_buf_clear(b);
        pc_buf_puts(b, t->s);
        pc_buf_puts(b, " p.");
        {
            char *v = pc_buf_detach(b);
            pc_xw_put(mw->w, row->name, v);
            pc_free(v);
        }
        break;
    case PC_F_ABSTRACT:
        pc_buf_clear(b);
        pc_buf_puts(b, t->s);
        if (t->truncated)
            pc_buf_puts(b, "\xE2\x80\xA6");
        {
            char *v = pc_buf_detach(b);
            pc_xw_put(mw->w, row->name, v);
            pc_free(v);
        }
        if (t->markup.n)
            pc_ctx_dropped(mw->ctx, fmt_name, "italic/bold (text kept)");
        break;
    case PC_F_NOTE:
    case PC_F_JOURNAL_REF: {
        if (row->field == PC_F_JOURNAL_REF && pc_record_has(mw->r, PC_F_NOTE))
            break; /* with the note */
        pc_buf n = PC_BUF_INIT;
        pc_record_note_compose(mw->r, &n);
        pc_xw_put(mw->w, "note", n.ptr);
        pc_buf_free(&n);
        break;
    }
    case PC_F_ARXIV_ID: {
        const char *v = pc_record_get(mw->r, PC_F_ARXIV_VERSION);
        pc_buf_clear(b);
        pc_buf_puts(b, t->s);
        if (v) {
            pc_buf_putc(b, 'v');
            pc_buf_puts(b, v);
        }
        char *s = pc_buf_detach(b);
        pc_xw_put(mw->w, row->name, s);
        pc_free(s);
        break;
    }
    case PC_F_EVENT_TITLE:
        pc_xw_path(mw->w, "", 0);
        pc_xw_open(mw->w, "name");
        pc_xw_attr(mw->w, "type", "conference");
        pc_xw_leaf(mw->w, "namePart", t->s);
        pc_xw_close(mw->w);
        break;
    case PC_F_GENRE: pc_xw_put(mw->w, row->name, t->s); break;
    case PC_F_LANGUAGE:
        pc_xw_path(mw->w, "language", 8);
        pc_xw_open(mw->w, "languageTerm");
        pc_xw_attr(mw->w, "type", "text");
        pc_xw_text(mw->w, t->s, false);
        pc_xw_close(mw->w);
        break;
    default: pc_xw_put(mw->w, row->name, t->s); break;
    }
    (void)wrote;
}

/* ---- the sink ------------------------------------------------------------------------------- */

static bool mods_text(void *u, const pc_map_row *row, const pc_text *t)
{
    mods_writer *mw = u;
    pc_xw_extras_upto(&mw->extras, row);
    pc_xw_put(mw->w, row->name, t->s);
    const pc_field_info *fi = pc_field_get(row->field);
    if (t->markup.n && fi && (fi->flags & PC_FF_RICH))
        pc_ctx_dropped(mw->ctx, fmt_name, "italic/bold (text kept)");
    if (t->protected_words.n)
        pc_ctx_dropped(mw->ctx, fmt_name, "case protection (text kept)");
    return true;
}

static bool mods_item(void *u, const pc_map_row *row, const char *item)
{
    mods_writer *mw = u;
    pc_xw_extras_upto(&mw->extras, row);
    pc_xw_put(mw->w, row->name, item);
    return true;
}

static bool mods_special(void *u, const pc_map_row *row, bool *wrote)
{
    mods_writer *mw = u;
    pc_xw_extras_upto(&mw->extras, row);
    const pc_field_info *fi = pc_field_get(row->field);
    if (row->field == PC_F_NONE) {
        put_structure(mw, row);
        *wrote = false; /* not "done": the next structural row (of no field too) is visited */
    } else if (fi->kind == PC_FK_NAME) {
        put_names(mw, row);
    } else if (fi->kind == PC_FK_DATE) {
        put_date(mw, row, wrote);
    } else if (row->field == PC_F_KEYWORD) {
        const pc_strlist *l = pc_record_list(mw->r, row->field);
        for (size_t i = 0; i < l->n; i++) { /* a subject each */
            pc_xw_path(mw->w, "", 0);
            pc_xw_put(mw->w, "subject/topic", l->items[i]);
        }
    } else if (row->field == PC_F_URL) {
        const pc_strlist *l = pc_record_list(mw->r, row->field);
        for (size_t i = 0; i < l->n; i++)
            pc_xw_put(mw->w, row->name, l->items[i]);
    } else {
        put_special_text(mw, row, wrote);
    }
    return true;
}

static bool mods_extra(void *u, const pc_extra *e)
{
    (void)u;
    (void)e;
    return true; /* in place: pc_xw_extras */
}

/* An ID MODS takes: an XML name (NCName: a letter or '_' first, then
 * letters, digits, '.', '-', '_'; ASCII here). */
static bool is_ncname(const char *s)
{
    if (!s || !(pc_is_alpha((unsigned char)*s) || *s == '_'))
        return false;
    for (; *s; s++)
        if (!(pc_is_alnum((unsigned char)*s) || *s == '.' || *s == '-' || *s == '_'))
            return false;
    return true;
}

static const pc_field mods_own[] = {PC_F_ARXIV_VERSION, PC_F_NONE};

/* the map's special rows, all through one dispatcher (PC_XML_H_SPECIAL) */
static pc_map_write_fn *const specials[] = {[PC_XML_H_SPECIAL] = mods_special};

bool pc_mods_write_record(void *state, const pc_record *r)
{
    static const pc_map_sink sink = {.text = mods_text, .item = mods_item, .special = specials, .n_special = 2,
                                     .extra = mods_extra, .joiner = ", "};
    mods_writer *mw = state;
    pc_kind k = r->kind == PC_KIND_NONE || (unsigned)r->kind >= PC_KIND_COUNT
                    ? (pc_record_has(r, PC_F_CONTAINER_TITLE) ? PC_KIND_ARTICLE : PC_KIND_PREPRINT)
                    : r->kind;
    mw->r = r;
    mw->kind = k;
    size_t n;
    const pc_map_row *rows = pc_xw_rows_of(&mw->rows, pc_mods_rows, pc_mods_n_rows, k, &n);
    pc_xw *w = mw->w;
    pc_xw_open(w, "mods");
    pc_xw_attr(w, "version", "3.8");
    if (is_ncname(r->key))
        pc_xw_attr(w, "ID", r->key);
    pc_xw_base(w);
    pc_xw_extras_start(&mw->extras, r, fmt_name, rows, n, put_extra, mw);
    pc_map_write_rows(rows, n, r, mw->ctx, fmt_name, &sink, mw, mods_own);
    pc_xw_extras_rest(&mw->extras);
    pc_xw_unbase(w);
    pc_xw_close(w);
    if (pc_record_has(r, PC_F_ARXIV_VERSION) && !pc_record_has(r, PC_F_ARXIV_ID))
        pc_ctx_dropped(mw->ctx, fmt_name, "arxiv-version");
    return pc_xw_flush(w);
}
