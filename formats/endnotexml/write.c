/* SPDX-License-Identifier: MIT */
/* write.c — the EndNote XML writer.
 *
 * <xml><records>, then per record <record> with <source-app>,
 * <rec-number> (1, 2, 3, ...: deterministic), <ref-type name="..."
 * >number</ref-type> (EndNote X9-21 want both), and every other element
 * from the map through pc_map_write, in the rows' order (EndNote's element
 * order), the rows of the kind the ref-type reads back as (map.c).  Every
 * value is written as EndNote writes it, in <style face="normal"
 * font="default" size="100%"> runs: italic, bold, superscript and
 * subscript spans become runs of their own faces ("bold italic"); a line
 * break inside a value is &#13; (EndNote's &#xD;).  Names are "Family,
 * Given" ("Family, Given, Suffix"), organisations "Name," (EndNote's
 * trailing comma); the issued date is <year> and <pub-dates><date>
 * ("March 3", "March-April", "Spring"); other dates ISO 8601.
 * Pass-through values the reader kept are written back in their place;
 * what EndNote XML cannot hold is counted (pc_ctx_dropped, -v). */
#include "endnotexml.h"
#include "io/xmlwrite.h"

#include <stdlib.h>

static const char fmt_name[] = "endnotexml";

typedef struct enx_writer {
    pc_xw *w;
    pc_ctx *ctx;
    const pc_record *r;
    pc_kind kind; /* what the record reads back as */
    unsigned long n;
    bool isbn_done, notes_done;
    pc_xw_rows rows;
    pc_xw_extras extras;
    pc_buf tmp, run;
    unsigned marks; /* of the markup walk: the marks open */
} enx_writer;

void *pc_enx_write_begin(FILE *out, pc_ctx *ctx)
{
    enx_writer *ew = pc_xcalloc(1, sizeof *ew);
    ew->ctx = ctx;
    ew->w = pc_xw_begin(out, ctx, fmt_name, false);
    pc_buf_init(&ew->tmp);
    pc_buf_init(&ew->run);
    pc_xw_open(ew->w, "xml");
    pc_xw_open(ew->w, "records");
    return ew;
}

bool pc_enx_write_end(void *state)
{
    enx_writer *ew = state;
    bool ok = pc_xw_end(ew->w);
    pc_xw_rows_free(&ew->rows);
    pc_xw_extras_free(&ew->extras);
    pc_buf_free(&ew->tmp);
    pc_buf_free(&ew->run);
    pc_free(ew);
    return ok;
}

/* ---- values ------------------------------------------------------------------------------ */

static void style_open(enx_writer *ew, unsigned marks)
{
    static const struct {
        pc_mark mark;
        const char *face;
    } faces[] = {{PC_MARK_BOLD, "bold"}, {PC_MARK_ITALIC, "italic"}, {PC_MARK_SUP, "superscript"},
                 {PC_MARK_SUB, "subscript"}};
    pc_buf *f = &ew->run;
    pc_buf_clear(f);
    for (size_t i = 0; i < sizeof faces / sizeof *faces; i++)
        if (marks & (1u << faces[i].mark)) {
            if (f->len)
                pc_buf_putc(f, ' ');
            pc_buf_puts(f, faces[i].face);
        }
    pc_xw_open_inline(ew->w, "style");
    pc_xw_attr(ew->w, "face", f->len ? f->ptr : "normal");
    pc_xw_attr(ew->w, "font", "default");
    pc_xw_attr(ew->w, "size", "100%");
}

/* The markup walk: each piece of text a run of the faces open. */
static void walk_text(void *u, const char *s, size_t from, size_t to)
{
    enx_writer *ew = u;
    if (from == to)
        return;
    pc_buf_clear(&ew->tmp);
    pc_buf_put(&ew->tmp, s + from, to - from);
    style_open(ew, ew->marks);
    pc_xw_text(ew->w, ew->tmp.ptr, true);
    pc_xw_close(ew->w);
}

static void walk_open(void *u, pc_mark m) { ((enx_writer *)u)->marks |= 1u << m; }
static void walk_close(void *u, pc_mark m) { ((enx_writer *)u)->marks &= ~(1u << m); }

/* <leaf><style ...>text</style></leaf> below the containers of `path`
 * (the row's name: "titles/title"); `spans` may be NULL. */
static void put_value(enx_writer *ew, const char *path, const char *s, const pc_spanlist *spans)
{
    if (!s || !*s)
        return;
    const char *slash = strrchr(path, '/');
    pc_xw_path(ew->w, path, slash ? (size_t)(slash - path) : 0);
    pc_xw_open(ew->w, slash ? slash + 1 : path);
    if (spans && spans->n) {
        static const pc_markup_sink sink = {.text = walk_text, .open = walk_open, .close = walk_close,
                                            .marks = 1u << PC_MARK_SUP | 1u << PC_MARK_SUB};
        ew->marks = 0;
        pc_markup_walk(s, strlen(s), spans, &sink, ew);
    } else {
        style_open(ew, 0);
        pc_xw_text(ew->w, s, true);
        pc_xw_close(ew->w);
    }
    pc_xw_close(ew->w);
}

/* A pass-through value, in its element. */
static void put_extra(void *u, const pc_extra *e)
{
    put_value(u, e->name, e->value, NULL);
}

/* ---- names ------------------------------------------------------------------------------- */

static void name_text(pc_buf *b, const pc_name *nm)
{
    pc_buf_clear(b);
    if (nm->literal || (!nm->family && !nm->given)) {
        pc_buf_puts(b, nm->literal ? nm->literal : "");
        pc_buf_putc(b, ','); /* EndNote's corporate author */
        return;
    }
    if (!nm->family) {
        pc_buf_puts(b, nm->given);
        return;
    }
    if (nm->dparticle) {
        pc_buf_puts(b, nm->dparticle);
        pc_buf_putc(b, ' ');
    }
    if (nm->particle) {
        pc_buf_puts(b, nm->particle);
        if (!pc_particle_joins(nm->particle))
            pc_buf_putc(b, ' ');
    }
    pc_buf_puts(b, nm->family);
    if (nm->given || nm->suffix) {
        pc_buf_puts(b, ", ");
        pc_buf_puts(b, nm->given ? nm->given : "");
    }
    if (nm->suffix) {
        pc_buf_puts(b, ", ");
        pc_buf_puts(b, nm->suffix);
    }
}

static void put_names(enx_writer *ew, const pc_map_row *row)
{
    const pc_names *l = pc_record_names(ew->r, row->field);
    bool aff = false, orcid = false;
    pc_buf b = PC_BUF_INIT;
    for (size_t i = 0; i < l->n; i++) {
        name_text(&b, &l->items[i]);
        put_value(ew, row->name, b.ptr, NULL);
        aff |= l->items[i].affiliations.n > 0;
        orcid |= l->items[i].orcid != NULL;
    }
    pc_buf_free(&b);
    if (aff)
        pc_ctx_dropped(ew->ctx, fmt_name, "affiliation (of a name)");
    if (orcid)
        pc_ctx_dropped(ew->ctx, fmt_name, "ORCID");
    if (l->et_al)
        pc_ctx_dropped(ew->ctx, fmt_name, "et al. (cut name list)");
}

/* ---- dates ------------------------------------------------------------------------------- */

static const char *const months[] = {"January", "February", "March", "April", "May", "June", "July",
                                     "August", "September", "October", "November", "December"};
static const char *const seasons[] = {"Spring", "Summer", "Autumn", "Winter"};

/* "March 3", "Spring", "March", with the year when `year`. */
static void put_side(pc_buf *b, int y, int m, int d, int season, bool year)
{
    size_t start = b->len;
    if (season >= 1 && season <= 4)
        pc_buf_puts(b, seasons[season - 1]);
    else if (m >= 1 && m <= 12)
        pc_buf_puts(b, months[m - 1]);
    if (d && m) {
        pc_buf_putc(b, ' ');
        pc_buf_put_int(b, d, 1);
    }
    if (year) {
        if (b->len > start)
            pc_buf_putc(b, ' ');
        pc_buf_put_int(b, y, 4);
    }
}

/* <pub-dates><date>: the month, day, season of d (and the range's end). */
static void pub_date_text(pc_buf *b, const pc_date *d)
{
    pc_buf_clear(b);
    bool range = d->end_year != 0;
    bool years = range && (d->end_year != d->year || (!d->month && !d->season));
    if (!d->month && !d->season && !range)
        return;
    put_side(b, d->year, d->month, d->day, d->season, years);
    if (!range)
        return;
    pc_buf_putc(b, '-');
    bool same_month = !years && d->end_month == d->month && d->end_day && d->day && !d->season;
    if (same_month)
        pc_buf_put_int(b, d->end_day, 1);
    else
        put_side(b, d->end_year, d->end_month, d->end_day, d->end_season, years);
}

/* The issued date: <dates><year> and <pub-dates><date>. */
static void put_issued(enx_writer *ew, bool *wrote)
{
    const pc_date *d = pc_record_date(ew->r, PC_F_ISSUED);
    const char *lit = pc_record_date_literal(ew->r, PC_F_ISSUED);
    pc_buf y = PC_BUF_INIT, md = PC_BUF_INIT;
    if (!d) {
        put_value(ew, "dates/year", lit, NULL);
        *wrote = lit != NULL;
        return;
    }
    if (d->year > 0) {
        pc_buf_put_int(&y, d->year, 4);
        pub_date_text(&md, d);
    } else { /* before year 1: EDTF, the reader takes it back */
        pc_date_edtf(d, &y);
    }
    pc_date back;
    if (lit && d->year > 0 && pc_enx_parse_date(y.ptr, y.len, lit, strlen(lit), &back) &&
        !memcmp(&back, d, sizeof back)) {
        pc_buf_clear(&md);
        pc_buf_puts(&md, lit); /* the date as written reads back as the same parts */
    }
    if (lit) /* the reader keeps parts or a text, not both */
        pc_ctx_dropped(ew->ctx, fmt_name, "issued as written");
    if (d->flags)
        pc_ctx_dropped(ew->ctx, fmt_name, "issued: circa, uncertain or open");
    put_value(ew, "dates/year", y.ptr, NULL);
    put_value(ew, "dates/pub-dates/date", md.len ? md.ptr : NULL, NULL);
    pc_buf_free(&y);
    pc_buf_free(&md);
}

/* Another date field: EDTF (ISO 8601 for a plain date), or as written. */
static void put_date(enx_writer *ew, const pc_map_row *row, bool *wrote)
{
    const pc_date *d = pc_record_date(ew->r, row->field);
    const char *lit = pc_record_date_literal(ew->r, row->field);
    pc_buf b = PC_BUF_INIT;
    if (d)
        pc_date_edtf(d, &b);
    else if (lit)
        pc_buf_puts(&b, lit);
    pc_date back;
    if (d && lit && pc_date_parse_loose(lit, strlen(lit), 0, &back) && !memcmp(&back, d, sizeof back)) {
        pc_buf_clear(&b);
        pc_buf_puts(&b, lit); /* as written: it reads back as the same parts */
    }
    if (d && lit) { /* the reader keeps parts or a text, not both */
        pc_buf_clear(&ew->tmp);
        pc_buf_printf(&ew->tmp, "%s as written", pc_field_get(row->field)->name);
        pc_ctx_dropped(ew->ctx, fmt_name, ew->tmp.ptr);
    }
    put_value(ew, row->name, b.len ? b.ptr : NULL, NULL);
    *wrote = b.len > 0;
    pc_buf_free(&b);
}

/* ---- identifiers -------------------------------------------------------------------------- */

/* Appends the items of a value ("a, b" as readers keep several ISSNs),
 * one per line. */
static void add_items(pc_buf *b, const char *v)
{
    for (const char *p = v, *e; p && *p; p = *e ? e + 2 : e) {
        e = strstr(p, ", ");
        e = e ? e : p + strlen(p);
        if (b->len)
            pc_buf_putc(b, '\n');
        pc_buf_put(b, p, (size_t)(e - p));
    }
}

/* <isbn>: every ISBN and ISSN (and a report's or patent's number), one
 * per line, once for all the rows that name it. */
static void put_isbn(enx_writer *ew, const pc_map_row *row)
{
    if (ew->isbn_done)
        return;
    ew->isbn_done = true;
    pc_buf b = PC_BUF_INIT;
    bool number = row->field == PC_F_NUMBER;
    if (number)
        pc_buf_puts(&b, pc_record_get(ew->r, PC_F_NUMBER));
    add_items(&b, pc_record_get(ew->r, PC_F_ISBN));
    add_items(&b, pc_record_get(ew->r, PC_F_ISSN));
    put_value(ew, row->name, b.ptr, NULL);
    pc_buf_free(&b);
}

/* accession-num: a PMID, or another accession number (one of digits only
 * would read back as a PMID when nothing names another database: counted). */
static void put_accession(enx_writer *ew, const pc_map_row *row, bool *wrote)
{
    const char *v = pc_record_get(ew->r, row->field);
    if (row->field == PC_F_ARCHIVE_LOCATION && strspn(v, "0123456789") == strlen(v)) {
        const char *db = pc_record_get(ew->r, PC_F_ARCHIVE);
        if (!db || strstr(db, "PubMed") || strstr(db, "MEDLINE")) {
            *wrote = false;
            return;
        }
    }
    put_value(ew, row->name, v, NULL);
}

/* ---- the sink ---------------------------------------------------------------------------- */

static bool enx_text(void *u, const pc_map_row *row, const pc_text *t)
{
    enx_writer *ew = u;
    pc_xw_extras_upto(&ew->extras, row);
    const pc_field_info *fi = pc_field_get(row->field);
    put_value(ew, row->name, t->s, fi && (fi->flags & PC_FF_RICH) ? &t->markup : NULL);
    if (t->protected_words.n)
        pc_ctx_dropped(ew->ctx, fmt_name, "case protection (text kept)");
    return true;
}

static bool enx_item(void *u, const pc_map_row *row, const char *item)
{
    enx_writer *ew = u;
    pc_xw_extras_upto(&ew->extras, row);
    put_value(ew, row->name, item, NULL);
    return true;
}

static void put_special_text(enx_writer *ew, const pc_map_row *row, bool *wrote)
{
    const pc_text *t = pc_record_text(ew->r, row->field);
    switch (row->field) {
    case PC_F_ISBN:
    case PC_F_ISSN:
    case PC_F_NUMBER: put_isbn(ew, row); break;
    case PC_F_PMID:
    case PC_F_ARCHIVE_LOCATION: put_accession(ew, row, wrote); break;
    case PC_F_ABSTRACT: {
        pc_buf b = PC_BUF_INIT;
        pc_buf_puts(&b, t->s);
        if (t->truncated)
            pc_buf_puts(&b, "\xE2\x80\xA6");
        put_value(ew, row->name, b.ptr, &t->markup);
        pc_buf_free(&b);
        break;
    }
    case PC_F_NOTE:
    case PC_F_JOURNAL_REF:
        if (!ew->notes_done) {
            pc_buf b = PC_BUF_INIT;
            pc_record_note_compose(ew->r, &b);
            put_value(ew, row->name, b.ptr, NULL);
            pc_buf_free(&b);
        }
        ew->notes_done = true;
        break;
    case PC_F_CITATION_LABEL: /* the label is the citation key: a label of the record's own has no place */
        put_value(ew, row->name, ew->r->key, NULL);
        *wrote = false;
        break;
    default: put_value(ew, row->name, t ? t->s : NULL, NULL); break;
    }
}

static bool enx_special(void *u, const pc_map_row *row, bool *wrote)
{
    enx_writer *ew = u;
    pc_xw_extras_upto(&ew->extras, row);
    const pc_field_info *fi = pc_field_get(row->field);
    if (fi->kind == PC_FK_NAME)
        put_names(ew, row);
    else if (row->field == PC_F_ISSUED)
        put_issued(ew, wrote);
    else if (fi->kind == PC_FK_DATE)
        put_date(ew, row, wrote);
    else
        put_special_text(ew, row, wrote);
    return true;
}

/* written by put_extra in their places (pc_xw_extras) */
static bool enx_extra(void *u, const pc_extra *e)
{
    (void)u;
    (void)e;
    return true;
}

/* The kind the record is written as: a record of no kind is a preprint,
 * or a journal article when it names a container. */
static pc_kind kind_of(const pc_record *r)
{
    if (r->kind == PC_KIND_NONE || (unsigned)r->kind >= PC_KIND_COUNT)
        return pc_record_has(r, PC_F_CONTAINER_TITLE) ? PC_KIND_ARTICLE : PC_KIND_PREPRINT;
    return r->kind;
}

/* the map's special rows, all through one dispatcher (PC_XML_H_SPECIAL) */
static pc_map_write_fn *const specials[] = {[PC_XML_H_SPECIAL] = enx_special};

bool pc_enx_write_record(void *state, const pc_record *r)
{
    static const pc_map_sink sink = {.text = enx_text, .item = enx_item, .special = specials, .n_special = 2,
                                     .extra = enx_extra, .joiner = "\n"};
    enx_writer *ew = state;
    const pc_enx_type *type = pc_enx_type_of_kind(kind_of(r));
    ew->r = r;
    ew->kind = type->kind;
    ew->isbn_done = ew->notes_done = false;
    size_t n;
    const pc_map_row *rows = pc_xw_rows_of(&ew->rows, pc_enx_rows, pc_enx_n_rows, ew->kind, &n);
    pc_xw *w = ew->w;
    pc_xw_open(w, "record");
    pc_xw_base(w);
    pc_xw_open(w, "source-app");
    pc_xw_attr(w, "name", "paperconv");
    pc_xw_text(w, "paperconv", false);
    pc_xw_close(w);
    pc_buf_clear(&ew->tmp);
    pc_buf_put_int(&ew->tmp, (int)(++ew->n % 1000000000), 1);
    pc_xw_leaf(w, "rec-number", ew->tmp.ptr);
    pc_xw_open(w, "ref-type");
    pc_xw_attr(w, "name", type->name);
    pc_buf_clear(&ew->tmp);
    pc_buf_put_int(&ew->tmp, type->number, 1);
    pc_xw_text(w, ew->tmp.ptr, false);
    pc_xw_close(w);
    pc_xw_extras_start(&ew->extras, r, fmt_name, rows, n, put_extra, ew);
    pc_map_write_rows(rows, n, r, ew->ctx, fmt_name, &sink, ew, NULL);
    pc_xw_extras_rest(&ew->extras);
    pc_xw_unbase(w);
    pc_xw_close(w);
    return pc_xw_flush(w);
}
