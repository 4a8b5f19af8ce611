/* SPDX-License-Identifier: MIT */
/* write.c — the Word bibliography XML writer.
 *
 * <b:Sources> with the bibliography namespace both as the b: prefix and
 * as the default (as Word, JabRef and bibutils write it), then per record
 * <b:Source> with <b:Tag> (the key), <b:SourceType> and every other
 * element from the map through pc_map_write in the rows' order, the rows
 * of the kind the SourceType reads back as (map.c: a thesis is a Report
 * with its ThesisType).  Every element has the b: prefix: bibutils'
 * wordbib2xml reads no other.  Values are plain text (Word has no
 * markup: italics are counted, the text kept).  Names: one NameList per
 * role, each Person's Last (particles with it), First and Middle (the
 * given names after the first), the suffix as a last Middle (bibutils'
 * way; the reader takes it back); an organisation is <b:Corporate> where
 * the schema allows one (the Author and Performer roles, one
 * organisation and no person), else a Person's Last, counted.  Dates:
 * Year, Month (the English name, as Word's English UI writes it) and Day;
 * a range, a season, circa are counted.  ISBNs, ISSNs and a report's
 * number share StandardNumber (", " between); the note and the journal
 * reference are Comments.  No Guid is made up (rule 5: deterministic). */
#include "wordbib.h"
#include "io/xmlwrite.h"

#include <stdlib.h>

static const char fmt_name[] = "wordbib";

typedef struct wb_writer {
    pc_xw *w;
    pc_ctx *ctx;
    const pc_record *r;
    pc_kind kind; /* what the record reads back as */
    const char *type;
    bool serials_done, notes_done;
    pc_xw_rows rows;
    pc_xw_extras extras;
    pc_buf tmp, path;
} wb_writer;

void *pc_wb_write_begin(FILE *out, pc_ctx *ctx)
{
    wb_writer *ww = pc_xcalloc(1, sizeof *ww);
    ww->ctx = ctx;
    ww->w = pc_xw_begin(out, ctx, fmt_name, true);
    pc_buf_init(&ww->tmp);
    pc_buf_init(&ww->path);
    pc_xw_open(ww->w, "b:Sources");
    pc_xw_attr(ww->w, "SelectedStyle", "");
    pc_xw_attr(ww->w, "xmlns:b", PC_NS_WORDBIB);
    pc_xw_attr(ww->w, "xmlns", PC_NS_WORDBIB);
    return ww;
}

bool pc_wb_write_end(void *state)
{
    wb_writer *ww = state;
    bool ok = pc_xw_end(ww->w);
    pc_xw_rows_free(&ww->rows);
    pc_xw_extras_free(&ww->extras);
    pc_buf_free(&ww->tmp);
    pc_buf_free(&ww->path);
    pc_free(ww);
    return ok;
}

/* ---- elements ---------------------------------------------------------------------------- */

/* A row's path with the b: prefix on each component ("Author/Editor" ->
 * "b:Author/b:Editor"), in ww->path. */
static const char *prefixed(wb_writer *ww, const char *path)
{
    pc_buf *b = &ww->path;
    pc_buf_clear(b);
    for (const char *p = path, *e; *p; p = *e ? e + 1 : e) {
        e = strchr(p, '/');
        e = e ? e : p + strlen(p);
        if (b->len)
            pc_buf_putc(b, '/');
        pc_buf_puts(b, "b:");
        pc_buf_put(b, p, (size_t)(e - p));
    }
    return b->ptr;
}

/* <b:Path>text</b:Path> (its containers opened, others closed). */
static void put(wb_writer *ww, const char *path, const char *text)
{
    if (text && *text)
        pc_xw_put(ww->w, prefixed(ww, path), text);
}

static void put_extra(void *u, const pc_extra *e)
{
    put(u, e->name, e->value);
}

/* ---- names ------------------------------------------------------------------------------- */

/* The family with its particles ("van der Walt"). */
static void family_of(pc_buf *b, const pc_name *nm)
{
    pc_buf_clear(b);
    if (nm->dparticle) {
        pc_buf_puts(b, nm->dparticle);
        pc_buf_putc(b, ' ');
    }
    if (nm->particle) {
        pc_buf_puts(b, nm->particle);
        if (!pc_particle_joins(nm->particle))
            pc_buf_putc(b, ' ');
    }
    pc_buf_puts(b, nm->family ? nm->family : nm->literal ? nm->literal : "");
}

static void put_person(wb_writer *ww, const pc_name *nm)
{
    pc_xw *w = ww->w;
    pc_xw_open(w, "b:Person");
    family_of(&ww->tmp, nm);
    pc_xw_leaf(w, "b:Last", ww->tmp.ptr);
    const char *g = nm->given, *sp = g ? strchr(g, ' ') : NULL;
    if (g && sp) { /* "John Quincy": First John, Middle Quincy */
        pc_buf_clear(&ww->tmp);
        pc_buf_put(&ww->tmp, g, (size_t)(sp - g));
        pc_xw_leaf(w, "b:First", ww->tmp.ptr);
        pc_xw_leaf(w, "b:Middle", sp + 1);
    } else {
        pc_xw_leaf(w, "b:First", g);
    }
    pc_xw_leaf(w, "b:Middle", nm->suffix);
    pc_xw_close(w);
}

static void put_names(wb_writer *ww, const pc_map_row *row)
{
    const pc_names *l = pc_record_names(ww->r, row->field);
    size_t literals = 0, aff = 0, orcid = 0;
    for (size_t i = 0; i < l->n; i++) {
        literals += l->items[i].literal != NULL || !l->items[i].family;
        aff += l->items[i].affiliations.n;
        orcid += l->items[i].orcid != NULL;
    }
    bool corporate_ok = row->field == PC_F_AUTHOR || row->field == PC_F_PERFORMER;
    const char *role = prefixed(ww, row->name);
    pc_xw_path(ww->w, role, strlen(role));
    if (corporate_ok && l->n == 1 && literals == 1 && l->items[0].literal) {
        pc_xw_leaf(ww->w, "b:Corporate", l->items[0].literal);
    } else {
        pc_xw_open(ww->w, "b:NameList");
        for (size_t i = 0; i < l->n; i++)
            put_person(ww, &l->items[i]);
        pc_xw_close(ww->w);
        if (literals) /* an organisation, or a name of one part, reads back as a family name */
            pc_ctx_dropped(ww->ctx, fmt_name, pc_field_get(row->field)->name);
    }
    if (aff)
        pc_ctx_dropped(ww->ctx, fmt_name, "affiliation (of a name)");
    if (orcid)
        pc_ctx_dropped(ww->ctx, fmt_name, "ORCID");
    if (l->et_al)
        pc_ctx_dropped(ww->ctx, fmt_name, "et al. (cut name list)");
}

/* ---- dates ------------------------------------------------------------------------------- */

static const char *const months[] = {"January", "February", "March", "April", "May", "June", "July",
                                     "August", "September", "October", "November", "December"};

/* Year, Month, Day (row "Year" or "YearAccessed": the others by its suffix). */
static void put_date(wb_writer *ww, const pc_map_row *row, bool *wrote)
{
    const pc_date *d = pc_record_date(ww->r, row->field);
    const char *lit = pc_record_date_literal(ww->r, row->field);
    const char *suffix = row->name + 4; /* "" or "Accessed" */
    const char *fname = pc_field_get(row->field)->name;
    pc_buf *b = &ww->tmp;
    if (!d) {
        put(ww, row->name, lit);
        *wrote = lit != NULL;
        return;
    }
    pc_buf_clear(b);
    pc_buf_put_int(b, d->year, 4);
    char *year = pc_buf_detach(b);
    put(ww, row->name, year);
    pc_free(year);
    pc_buf_clear(b);
    pc_buf_printf(b, "Month%s", suffix);
    char *mpath = pc_buf_detach(b);
    put(ww, mpath, d->month >= 1 && d->month <= 12 ? months[d->month - 1] : NULL);
    pc_free(mpath);
    if (d->day && d->month) {
        pc_buf_clear(b);
        pc_buf_put_int(b, d->day, 1);
        char *day = pc_buf_detach(b);
        pc_buf_printf(b, "Day%s", suffix);
        put(ww, b->ptr, day);
        pc_free(day);
    }
    pc_buf_clear(b);
    if (d->end_year || d->season || d->flags) {
        pc_buf_printf(b, "%s: range, season, circa or uncertain", fname);
        pc_ctx_dropped(ww->ctx, fmt_name, b->ptr);
    } else if (lit) {
        pc_buf_printf(b, "%s as written", fname);
        pc_ctx_dropped(ww->ctx, fmt_name, b->ptr);
    }
}

/* ---- special text ------------------------------------------------------------------------ */

/* StandardNumber: a report's number, the ISBNs, the ISSNs, once for the
 * rows that name it. */
static void put_serials(wb_writer *ww, const pc_map_row *row)
{
    if (ww->serials_done)
        return;
    ww->serials_done = true;
    pc_buf b = PC_BUF_INIT;
    const pc_field fields[] = {row->field == PC_F_NUMBER ? PC_F_NUMBER : PC_F_NONE, PC_F_ISBN, PC_F_ISSN};
    for (size_t i = 0; i < 3; i++) {
        const char *v = fields[i] ? pc_record_get(ww->r, fields[i]) : NULL;
        if (!v)
            continue;
        if (b.len)
            pc_buf_puts(&b, ", ");
        pc_buf_puts(&b, v);
    }
    put(ww, row->name, b.ptr);
    pc_buf_free(&b);
}

/* ThesisType: a thesis's kind said ("Ph.D. thesis", else "Thesis"), a
 * report's genre. */
static void put_thesis_type(wb_writer *ww, const pc_map_row *row, bool *wrote)
{
    const char *g = pc_record_get(ww->r, PC_F_GENRE);
    if (ww->kind != PC_KIND_THESIS) {
        if (g && pc_wb_thesis_type(g)) { /* it would read back as a thesis */
            *wrote = false;
            return;
        }
        put(ww, row->name, g);
        return;
    }
    bool says = g && pc_wb_thesis_type(g);
    put(ww, row->name, says ? g : "Thesis");
    if (g && !says)
        *wrote = false;
}

static void put_lcid(wb_writer *ww, const pc_map_row *row, bool *wrote)
{
    int lcid = pc_wb_tag_lcid(pc_record_get(ww->r, PC_F_LANGUAGE));
    if (!lcid) { /* no LCID for it: counted */
        *wrote = false;
        return;
    }
    pc_buf_clear(&ww->tmp);
    pc_buf_put_int(&ww->tmp, lcid, 1);
    char *v = pc_buf_detach(&ww->tmp);
    put(ww, row->name, v);
    pc_free(v);
}

static void put_special_text(wb_writer *ww, const pc_map_row *row, bool *wrote)
{
    const pc_text *t = pc_record_text(ww->r, row->field);
    switch (row->field) {
    case PC_F_ISBN:
    case PC_F_ISSN:
    case PC_F_NUMBER: put_serials(ww, row); break;
    case PC_F_GENRE: put_thesis_type(ww, row, wrote); break;
    case PC_F_LANGUAGE: put_lcid(ww, row, wrote); break;
    case PC_F_NOTE:
    case PC_F_JOURNAL_REF:
        if (!ww->notes_done) {
            pc_buf b = PC_BUF_INIT;
            pc_record_note_compose(ww->r, &b);
            put(ww, row->name, b.ptr);
            pc_buf_free(&b);
        }
        ww->notes_done = true;
        break;
    default: put(ww, row->name, t ? t->s : NULL); break;
    }
}

/* ---- the sink ---------------------------------------------------------------------------- */

static bool wb_text(void *u, const pc_map_row *row, const pc_text *t)
{
    wb_writer *ww = u;
    pc_xw_extras_upto(&ww->extras, row);
    put(ww, row->name, t->s);
    const pc_field_info *fi = pc_field_get(row->field);
    if (t->markup.n && fi && (fi->flags & PC_FF_RICH))
        pc_ctx_dropped(ww->ctx, fmt_name, "italic/bold (text kept)");
    if (t->protected_words.n)
        pc_ctx_dropped(ww->ctx, fmt_name, "case protection (text kept)");
    return true;
}

static bool wb_item(void *u, const pc_map_row *row, const char *item)
{
    wb_writer *ww = u;
    pc_xw_extras_upto(&ww->extras, row);
    put(ww, row->name, item);
    return true;
}

static bool wb_special(void *u, const pc_map_row *row, bool *wrote)
{
    wb_writer *ww = u;
    pc_xw_extras_upto(&ww->extras, row);
    if (row->field == PC_F_NONE) { /* Tag, SourceType */
        put(ww, row->name, !strcmp(row->name, "Tag") ? ww->r->key : ww->type);
        *wrote = false; /* not "done": the next structural row is visited */
        return true;
    }
    const pc_field_info *fi = pc_field_get(row->field);
    if (fi->kind == PC_FK_NAME)
        put_names(ww, row);
    else if (fi->kind == PC_FK_DATE)
        put_date(ww, row, wrote);
    else
        put_special_text(ww, row, wrote);
    return true;
}

static bool wb_extra(void *u, const pc_extra *e)
{
    (void)u;
    (void)e;
    return true; /* in place: pc_xw_extras */
}

/* the map's special rows, all through one dispatcher (PC_XML_H_SPECIAL) */
static pc_map_write_fn *const specials[] = {[PC_XML_H_SPECIAL] = wb_special};

bool pc_wb_write_record(void *state, const pc_record *r)
{
    static const pc_map_sink sink = {.text = wb_text, .item = wb_item, .special = specials, .n_special = 2,
                                     .extra = wb_extra, .joiner = "; "};
    wb_writer *ww = state;
    pc_kind k = r->kind == PC_KIND_NONE || (unsigned)r->kind >= PC_KIND_COUNT
                    ? (pc_record_has(r, PC_F_CONTAINER_TITLE) ? PC_KIND_ARTICLE : PC_KIND_PREPRINT)
                    : r->kind;
    ww->r = r;
    ww->type = pc_wb_type_of_kind(k, &ww->kind);
    ww->serials_done = ww->notes_done = false;
    size_t n;
    const pc_map_row *rows = pc_xw_rows_of(&ww->rows, pc_wb_rows, pc_wb_n_rows, ww->kind, &n);
    pc_xw *w = ww->w;
    pc_xw_open(w, "b:Source");
    pc_xw_base(w);
    pc_xw_extras_start(&ww->extras, r, fmt_name, rows, n, put_extra, ww);
    pc_map_write_rows(rows, n, r, ww->ctx, fmt_name, &sink, ww, NULL);
    pc_xw_extras_rest(&ww->extras);
    pc_xw_unbase(w);
    pc_xw_close(w);
    return pc_xw_flush(w);
}
