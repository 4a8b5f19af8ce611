/* SPDX-License-Identifier: MIT */
/* read.c — the Word bibliography XML reader.
 *
 * The shared XML reader (io/xmlread.h) hands over each <b:Source> of
 * <b:Sources> as items, matched by namespace and local name (any prefix:
 * bibutils' wordbib2xml matches the literal "b:" and reads no other).  The
 * SourceType gives the kind first (a Report whose ThesisType names a thesis
 * is a thesis), then every element is mapped by its name through the rows
 * of map.c.  Assembled here: names (each role's NameList of Person, with
 * Last, First and Middle names: a Middle that is a suffix, as bibutils
 * writes "Jr.", is the suffix; a Corporate author), the dates (Year, Month
 * as a number or an English name, Day; the accessed ones), the place (City,
 * StateProvince, CountryRegion joined with ", "), the LCID as a language
 * tag, StandardNumber as ISBNs, ISSNs or a report's number by shape
 * (JabRef's ":ISSN:" prefix dropped), Comments as the note.  Elements no
 * field holds are pass-through values (Guid, Department, ...), written
 * back by the writer; RefOrder (a document's citation order) is dropped. */
#include "wordbib.h"
#include "io/xmlchunk.h"
#include "io/xmlread.h"

#include <stdlib.h>

static const char fmt_name[] = "wordbib";

/* Year, Month and Day of one date. */
typedef struct wb_date {
    pc_buf year, month, day;
    unsigned long line;
} wb_date;

typedef struct wb_reader {
    pc_ctx *ctx;
    pc_xr *xr;
    pc_map *map;
    pc_xr_config cfg;
    bool reforder_noted;
    pc_record *rec;
    pc_buf tmp, place, state, country, serials;
    wb_date issued, accessed;
    /* the Person being read */
    bool in_person;
    const pc_map_row *person_row;
    pc_buf last, first, middle;
} wb_reader;

static const pc_xr_record wb_records[] = {{"Source", NULL}};
/* their local names, for the cuts of -j */
static const char *const wb_rec_names[] = {"Source", NULL};
PC_XML_CHUNKER(pc_wb_chunker, wb_rec_names);
static const char *const wb_roots[] = {"Sources", "Source", NULL};

static pc_buf *date_bufs(wb_date *d, size_t i) { return i == 0 ? &d->year : i == 1 ? &d->month : &d->day; }

void *pc_wb_read_open(pc_source *src, pc_ctx *ctx)
{
    wb_reader *r = pc_xcalloc(1, sizeof *r);
    r->ctx = ctx;
    r->cfg = (pc_xr_config){.desc = "a Word bibliography XML file", .what = "source", .ns = PC_NS_WORDBIB,
                            .roots = wb_roots, .records = wb_records, .n_records = 1, .user = r};
    r->xr = pc_xr_open(src, ctx, &r->cfg);
    if (!r->xr) {
        pc_free(r);
        return NULL;
    }
    r->map = pc_map_new(pc_wb_rows, pc_wb_n_rows, 0);
    pc_buf *bufs[] = {&r->tmp, &r->place, &r->state, &r->country, &r->serials, &r->last, &r->first, &r->middle};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        pc_buf_init(bufs[i]);
    for (size_t i = 0; i < 3; i++) {
        pc_buf_init(date_bufs(&r->issued, i));
        pc_buf_init(date_bufs(&r->accessed, i));
    }
    return r;
}

void pc_wb_read_close(void *state)
{
    wb_reader *r = state;
    if (!r)
        return;
    pc_xr_close(r->xr);
    pc_map_free(r->map);
    pc_buf *bufs[] = {&r->tmp, &r->place, &r->state, &r->country, &r->serials, &r->last, &r->first, &r->middle};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        pc_buf_free(bufs[i]);
    for (size_t i = 0; i < 3; i++) {
        pc_buf_free(date_bufs(&r->issued, i));
        pc_buf_free(date_bufs(&r->accessed, i));
    }
    pc_free(r);
}

/* ---- helpers ---------------------------------------------------------------------------- */

static void item_text_as(wb_reader *r, const pc_xr_item *it, unsigned flags)
{
    pc_buf_clear(&r->tmp);
    pc_xr_text(it->text, it->text_n, flags | PC_XR_PLAIN, &r->tmp, NULL);
}

static void item_text(wb_reader *r, const pc_xr_item *it) { item_text_as(r, it, PC_XR_FOLD); }

static void keep(wb_reader *r, const pc_xr_item *it)
{
    item_text(r, it);
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

/* ---- names ------------------------------------------------------------------------------ */

/* The row of a name's role: the path's first two components
 * ("Author/Editor/NameList/Person" -> "Author/Editor"). */
static const pc_map_row *role_row(wb_reader *r, const pc_xr_item *it)
{
    const char *s1 = memchr(it->path, '/', it->path_n);
    if (!s1 || strncmp(it->path, "Author/", 7) != 0)
        return NULL;
    const char *s2 = memchr(s1 + 1, '/', it->path_n - (size_t)(s1 + 1 - it->path));
    size_t n = s2 ? (size_t)(s2 - it->path) : it->path_n;
    const pc_map_row *row = pc_map_find(r->map, it->path, n, r->rec->kind);
    return row && row->field != PC_F_NONE && pc_field_get(row->field)->kind == PC_FK_NAME ? row : NULL;
}

static void person_open(wb_reader *r, const pc_map_row *row)
{
    r->in_person = true;
    r->person_row = row;
    pc_buf_clear(&r->last);
    pc_buf_clear(&r->first);
    pc_buf_clear(&r->middle);
}

static void person_part(wb_reader *r, const pc_xr_item *it)
{
    item_text(r, it);
    if (!strcmp(it->local, "Last"))
        join(&r->last, r->tmp.ptr, r->tmp.len, " ");
    else if (!strcmp(it->local, "First"))
        join(&r->first, r->tmp.ptr, r->tmp.len, " ");
    else if (!strcmp(it->local, "Middle"))
        join(&r->middle, r->tmp.ptr, r->tmp.len, "\n"); /* several: one a line until the end */
    else
        keep(r, it);
}

/* The Person ends: First and the Middles are the given names, a last
 * Middle that is a suffix ("Jr.", bibutils' way) the suffix. */
static void person_close(wb_reader *r)
{
    r->in_person = false;
    pc_buf giv = PC_BUF_INIT, suf = PC_BUF_INIT;
    pc_buf_put(&giv, r->first.ptr, r->first.len);
    for (const char *p = r->middle.ptr, *e; *p; p = *e ? e + 1 : e) {
        e = strchr(p, '\n');
        e = e ? e : p + strlen(p);
        if (!*e && pc_name_is_suffix(p, (size_t)(e - p)) && (giv.len || p != r->middle.ptr))
            pc_buf_put(&suf, p, (size_t)(e - p));
        else
            join(&giv, p, (size_t)(e - p), " ");
    }
    if (giv.len || r->last.len)
        pc_name_from_parts(giv.len ? giv.ptr : NULL, r->last.len ? r->last.ptr : NULL, suf.len ? suf.ptr : NULL,
                           pc_record_add_name(r->rec, r->person_row->field));
    pc_buf_free(&giv);
    pc_buf_free(&suf);
}

static void corporate(wb_reader *r, const pc_map_row *row, const pc_xr_item *it)
{
    item_text(r, it);
    if (r->tmp.len)
        pc_record_add_name(r->rec, row->field)->literal = pc_xstrndup(r->tmp.ptr, r->tmp.len);
}

/* ---- dates ----------------------------------------------------------------------------- */

/* Year, Month, Day (and their Accessed forms): the part's buffer. */
static void date_part(wb_reader *r, const pc_xr_item *it, pc_field f)
{
    wb_date *d = f == PC_F_ISSUED ? &r->issued : &r->accessed;
    const char *l = it->local;
    pc_buf *b = !strncmp(l, "Year", 4) ? &d->year : !strncmp(l, "Month", 5) ? &d->month : &d->day;
    item_text(r, it);
    pc_buf_clear(b);
    pc_buf_put(b, r->tmp.ptr, r->tmp.len);
    d->line = d->line ? d->line : it->line;
}

static int small_number(const pc_buf *b, int max)
{
    if (!b->len || strspn(b->ptr, "0123456789") != b->len || b->len > 2)
        return 0;
    int v = atoi(b->ptr);
    return v >= 1 && v <= max ? v : 0;
}

/* The date of the parts; a Year that is no year is the date as written,
 * a Month or Day that names none (Word's localized month names) a
 * pass-through value beside the year. */
static void finish_date(wb_reader *r, wb_date *d, pc_field f, const char *month_path, const char *day_path)
{
    if (!d->year.len && !d->month.len && !d->day.len)
        return;
    const char *y = d->year.ptr;
    size_t neg = y[0] == '-', yn = d->year.len - neg;
    bool year = yn && yn <= 6 && strspn(y + neg, "0123456789") == yn;
    pc_date out = {.year = year ? atoi(y) : 0};
    int m = year ? small_number(&d->month, 12) : 0;
    if (year && !m && d->month.len)
        m = pc_month_from_name(d->month.ptr, d->month.len);
    out.month = m;
    out.day = m ? small_number(&d->day, 31) : 0;
    if (!pc_date_valid(&out))
        out.day = 0;
    if (d->month.len && !m) {
        if (year)
            pc_diag_emit(r->ctx, PC_SEV_NOTE, pc_xr_file(r->xr), d->line, 0,
                         "month \"%s\" is no month name paperconv knows: kept as it is", d->month.ptr);
        pc_record_add_extra(r->rec, fmt_name, month_path, strlen(month_path), d->month.ptr, d->month.len);
    }
    if (d->day.len && !out.day)
        pc_record_add_extra(r->rec, fmt_name, day_path, strlen(day_path), d->day.ptr, d->day.len);
    if (year)
        pc_record_set_date(r->rec, f, &out);
    else if (d->year.len)
        pc_record_set_date_literal(r->rec, f, d->year.ptr, d->year.len);
}

/* ---- values ---------------------------------------------------------------------------- */

/* StandardNumber: ", "-separated ISBNs and ISSNs by their shape (JabRef
 * writes ":ISSN:0937-6429"), a report's number. */
static void finish_serials(wb_reader *r)
{
    pc_buf issn = PC_BUF_INIT, isbn = PC_BUF_INIT;
    bool number = pc_wb_kind_in(PC_KINDS(REPORT) | PC_KINDS(STANDARD) | PC_KINDS(THESIS), r->rec->kind);
    for (const char *p = r->serials.ptr, *e; *p; p = *e ? e + 2 : e) {
        e = strstr(p, ", ");
        e = e ? e : p + strlen(p);
        size_t n = (size_t)(e - p), from, to;
        const char *v = p;
        if (n > 6 && (!strncmp(v, ":ISSN:", 6) || !strncmp(v, ":ISBN:", 6)))
            v += 6, n -= 6;
        if (pc_issn_looks(v, n, &from, &to))
            join(&issn, v, n, ", ");
        else if (pc_isbn_looks(v, n, &from, &to))
            join(&isbn, v, n, ", ");
        else if (number && !pc_record_has(r->rec, PC_F_NUMBER))
            pc_record_set(r->rec, PC_F_NUMBER, v, n);
        else
            pc_record_add_extra(r->rec, fmt_name, "StandardNumber", 14, v, n);
    }
    pc_record_set(r->rec, PC_F_ISSN, issn.ptr, issn.len);
    pc_record_set(r->rec, PC_F_ISBN, isbn.ptr, isbn.len);
    pc_buf_free(&issn);
    pc_buf_free(&isbn);
}

static void read_lcid(wb_reader *r, const pc_xr_item *it)
{
    item_text(r, it);
    const char *tag = r->tmp.len && strspn(r->tmp.ptr, "0123456789") == r->tmp.len ? pc_wb_lcid_tag(atoi(r->tmp.ptr)) : NULL;
    if (tag)
        pc_record_set(r->rec, PC_F_LANGUAGE, tag, strlen(tag));
    else if (strcmp(r->tmp.ptr, "0") != 0) /* 0: none (JabRef) */
        keep(r, it);
}

/* The special rows, by field. */
static void read_special(wb_reader *r, const pc_map_row *row, const pc_xr_item *it)
{
    switch (row->field) {
    case PC_F_ISSUED:
    case PC_F_ACCESSED: date_part(r, it, row->field); break;
    case PC_F_LANGUAGE: read_lcid(r, it); break;
    case PC_F_PUBLISHER_PLACE:
        item_text(r, it);
        join(!strcmp(it->local, "StateProvince") ? &r->state : &r->country, r->tmp.ptr, r->tmp.len, ", ");
        break;
    case PC_F_ISBN:
    case PC_F_ISSN:
    case PC_F_NUMBER:
        item_text(r, it);
        join(&r->serials, r->tmp.ptr, r->tmp.len, ", ");
        break;
    case PC_F_DOI:
        item_text(r, it);
        if (pc_record_has(r->rec, PC_F_DOI) || !pc_record_set_doi(r->rec, r->tmp.ptr, r->tmp.len))
            keep(r, it);
        break;
    case PC_F_NOTE: /* its lines kept (the journal reference is one) */
        item_text_as(r, it, PC_XR_LINES);
        pc_record_note_split(r->rec, r->tmp.ptr, r->tmp.len);
        break;
    case PC_F_GENRE: /* ThesisType: "Thesis" says only the kind */
        item_text(r, it);
        if (r->rec->kind != PC_KIND_THESIS || pc_strcasecmp(r->tmp.ptr, "Thesis") != 0)
            pc_record_set(r->rec, PC_F_GENRE, r->tmp.ptr, r->tmp.len);
        break;
    default: /* Tag, SourceType: taken first; RefOrder: dropped, said once */
        if (!strcmp(it->path, "RefOrder") && !r->reforder_noted) {
            pc_diag_emit(r->ctx, PC_SEV_NOTE, pc_xr_file(r->xr), it->line, 0,
                         "RefOrder (a document's order of citations) is not kept");
            r->reforder_noted = true;
        }
        break;
    }
}

/* ---- the record --------------------------------------------------------------------------- */

/* The kind and key: SourceType (a Report of a thesis ThesisType is a
 * thesis), Tag. */
static void record_head(wb_reader *r, const pc_xr_item *items, size_t n)
{
    const char *type = NULL;
    bool thesis = false;
    unsigned long line = pc_xr_line(r->xr);
    for (size_t i = 0; i < n; i++) {
        const pc_xr_item *it = &items[i];
        if (it->type != PC_XR_CLOSE || it->depth != 1)
            continue;
        if (!strcmp(it->path, "SourceType") && !type) {
            item_text(r, it);
            const pc_wb_type *t = pc_wb_type_find(r->tmp.ptr);
            if (!t)
                pc_diag_emit(r->ctx, PC_SEV_WARNING, pc_xr_file(r->xr), it->line, 0,
                             "unknown SourceType \"%s\": read as Misc (a document)", r->tmp.ptr);
            r->rec->kind = t ? t->kind : PC_KIND_OTHER;
            type = t ? t->name : "Misc";
            line = it->line;
        } else if (!strcmp(it->path, "Tag") && !r->rec->key) {
            item_text(r, it);
            if (r->tmp.len)
                r->rec->key = pc_xstrdup(r->tmp.ptr);
        } else if (!strcmp(it->path, "ThesisType")) {
            item_text(r, it);
            thesis = pc_wb_thesis_type(r->tmp.ptr);
        }
    }
    if (!type) {
        pc_diag_emit(r->ctx, PC_SEV_WARNING, pc_xr_file(r->xr), line, pc_xr_col(r->xr),
                     "source without a SourceType: read as Misc (a document)");
        r->rec->kind = PC_KIND_OTHER;
    } else if (thesis && r->rec->kind == PC_KIND_REPORT) {
        r->rec->kind = PC_KIND_THESIS;
    }
}

static void on_item(wb_reader *r, const pc_xr_item *it)
{
    if (it->type == PC_XR_OPEN) {
        const pc_map_row *row = !strcmp(it->local, "Person") ? role_row(r, it) : NULL;
        if (row && !r->in_person)
            person_open(r, row);
        return;
    }
    if (r->in_person) {
        if (!strcmp(it->local, "Person"))
            person_close(r);
        else if (it->text_n)
            person_part(r, it);
        return;
    }
    if (!it->text_n || (it->depth == 1 && (!strcmp(it->path, "Tag") || !strcmp(it->path, "SourceType"))))
        return;
    if (!strcmp(it->local, "Corporate")) {
        const pc_map_row *row = role_row(r, it);
        if (row) {
            corporate(r, row, it);
            return;
        }
    }
    const pc_map_row *row = pc_map_find(r->map, it->path, it->path_n, r->rec->kind);
    if (!row || row->how == PC_MAP_EXTRA || (row->how == PC_MAP_SPECIAL && row->field != PC_F_NONE &&
                                             pc_field_get(row->field)->kind == PC_FK_NAME)) {
        keep(r, it); /* a name list's stray text, an unknown element */
        return;
    }
    switch (row->how) {
    case PC_MAP_TEXT:
    case PC_MAP_LIST:
        item_text(r, it);
        if (row->how == PC_MAP_TEXT && pc_record_has(r->rec, row->field))
            keep(r, it); /* a second one (or a second element of the field): as it is */
        else
            pc_map_read(row, r->rec, r->tmp.ptr, r->tmp.len, NULL, NULL);
        break;
    case PC_MAP_SPLIT: /* JabRef's BIBTEX_KeyWords, BIBTEX_Affiliation */
        item_text(r, it);
        pc_map_read(row, r->rec, r->tmp.ptr, r->tmp.len, NULL, ",;");
        break;
    case PC_MAP_SPECIAL: read_special(r, row, it); break;
    default: break;
    }
}

static void record_reset(wb_reader *r, pc_record *rec)
{
    r->rec = rec;
    pc_buf *bufs[] = {&r->place, &r->state, &r->country, &r->serials};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        pc_buf_clear(bufs[i]);
    for (size_t i = 0; i < 3; i++) {
        pc_buf_clear(date_bufs(&r->issued, i));
        pc_buf_clear(date_bufs(&r->accessed, i));
    }
    r->issued.line = r->accessed.line = 0;
    r->in_person = false;
}

/* The place: the City's (a TEXT row), then ", State", ", Country". */
static void finish_place(wb_reader *r)
{
    if (!r->state.len && !r->country.len)
        return;
    pc_buf *p = &r->place;
    const char *city = pc_record_get(r->rec, PC_F_PUBLISHER_PLACE);
    pc_buf_clear(p);
    if (city)
        pc_buf_puts(p, city);
    join(p, r->state.ptr, r->state.len, ", ");
    join(p, r->country.ptr, r->country.len, ", ");
    pc_record_set(r->rec, PC_F_PUBLISHER_PLACE, p->ptr, p->len);
}

/* A source without a DOI element whose URL is a DOI's (JabRef and
 * bibutils write the DOI so): that DOI, the URL kept too. */
static void finish_doi(wb_reader *r)
{
    if (pc_record_has(r->rec, PC_F_DOI))
        return;
    const pc_strlist *urls = pc_record_list(r->rec, PC_F_URL);
    for (size_t i = 0; urls && i < urls->n; i++) {
        const char *u = urls->items[i];
        if ((strstr(u, "://doi.org/10.") || strstr(u, "://dx.doi.org/10.")) &&
            pc_record_set_doi(r->rec, u, strlen(u)))
            return;
    }
}

pc_read_status pc_wb_read_next(void *state, pc_record *rec)
{
    wb_reader *r = state;
    pc_read_status st = pc_xr_next(r->xr);
    if (st != PC_READ_RECORD)
        return st;
    size_t n;
    const pc_xr_item *items = pc_xr_items(r->xr, &n);
    record_reset(r, rec);
    rec->src_file = pc_xr_file(r->xr);
    rec->src_line = pc_xr_line(r->xr);
    record_head(r, items, n);
    for (size_t i = 1; i < n; i++)
        if (items[i].depth >= 1)
            on_item(r, &items[i]);
    finish_date(r, &r->issued, PC_F_ISSUED, "Month", "Day");
    finish_date(r, &r->accessed, PC_F_ACCESSED, "MonthAccessed", "DayAccessed");
    finish_place(r);
    finish_serials(r);
    finish_doi(r);
    pc_xr_sort_extras(rec, pc_wb_rows, pc_wb_n_rows);
    return PC_READ_RECORD;
}

/* ---- detection ------------------------------------------------------------------------------- */

/* The document element is Sources (b:Sources) and the bibliography
 * namespace is declared; a b:Source with a b:SourceType makes it certain. */
int pc_wb_sniff(const char *head, size_t n)
{
    pc_xr_root root;
    if (!pc_xr_sniff_root(head, n, &root) || root.local_n != 7 || memcmp(root.local, "Sources", 7) != 0 ||
        !pc_xr_holds(head, n, PC_NS_WORDBIB))
        return 0;
    return pc_xr_holds(head, n, "SourceType>") ? 90 : 80;
}
