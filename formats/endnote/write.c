/* SPDX-License-Identifier: MIT */
/* write.c — the EndNote tagged and refer writers.
 *
 * One record = one tag a line, "%0 Type" first (EndNote; refer has no
 * type line: its reader tells the kind by the tags), then "%F key" (refer:
 * "%L key"), then the map's rows for the kind the type reads back as (a
 * kind with no type of its own is written as its broader kind's and read
 * back as that kind, so only that kind's tags come back as they were
 * written), then the pass-through values the reader kept; a blank line
 * after each record; LF; UTF-8.  Each value is folded onto its line (line
 * breaks, tabs, control characters become spaces), so no value can start
 * a tag.  A book with editors and no authors is an Edited Book, its
 * editors on %A lines.
 *
 * Code for the special rows: names ("Family, Given, Suffix"; an
 * organisation "Name," with EndNote's trailing comma), an author's
 * addresses as %+ lines right after its %A, dates (%D the year, %8
 * "Month Day" or a range, other dates "YYYY/MM/DD"), identifiers that
 * must read back as themselves (%M, %2, %O), the abstract (a %X a
 * paragraph; a truncated one ends in "…"), the note and the journal
 * reference (a %Z, refer's %O, a line).  Everything the record holds that
 * these tags cannot is counted (pc_ctx_dropped, shown by -v). */
#include "endnote.h"

#include <stdlib.h>

#define ELLIPSIS "\xE2\x80\xA6" /* "…" */
#define JREF_PREFIX "Journal reference: "

typedef struct en_writer {
    FILE *out;
    pc_ctx *ctx;
    bool refer;             /* refer's tags, no %0 */
    const char *fmt;        /* "endnote" or "refer", for pc_ctx_dropped */
    const pc_record *r;
    pc_kind kind;           /* the kind the record reads back as */
    bool edited;            /* an Edited Book: %A are its editors */
    bool wrote_addresses;   /* %+ lines were written after %A lines */
    bool has[128];          /* refer: the tags written */
    pc_buf rec, tmp;
    bool markup, nocase;
    pc_map *map;            /* the format's rows, their plans per kind */
} en_writer;

static void *begin(FILE *out, pc_ctx *ctx, bool refer)
{
    en_writer *w = pc_xcalloc(1, sizeof *w);
    w->out = out;
    w->ctx = ctx;
    w->refer = refer;
    w->fmt = refer ? "refer" : "endnote";
    w->map = refer ? pc_map_new(pc_refer_rows, pc_refer_n_rows, 0) : pc_map_new(pc_endnote_rows, pc_endnote_n_rows, 0);
    pc_buf_init(&w->rec);
    pc_buf_init(&w->tmp);
    return w;
}

void *pc_endnote_write_begin(FILE *out, pc_ctx *ctx) { return begin(out, ctx, false); }
void *pc_refer_write_begin(FILE *out, pc_ctx *ctx) { return begin(out, ctx, true); }

bool pc_endnote_write_end(void *state)
{
    en_writer *w = state;
    pc_map_free(w->map);
    pc_buf_free(&w->rec);
    pc_buf_free(&w->tmp);
    pc_free(w);
    return true;
}

/* "%X value" (folded); nothing for an empty value. */
static bool put(en_writer *w, const char *tag, const char *v)
{
    if (!v)
        return false;
    char prefix[4] = {tag[0], tag[1], ' ', '\0'};
    bool wrote = pc_tagged_put(&w->rec, prefix, v, strlen(v), 0, NULL);
    if (wrote && (unsigned char)tag[1] < 128)
        w->has[(unsigned char)tag[1]] = true;
    return wrote;
}

static void dropped(en_writer *w, const char *what) { pc_ctx_dropped(w->ctx, w->fmt, what); }

/* ---- names ------------------------------------------------------------------------ */

/* One name: "Family, Given, Suffix", an organisation "Name,". */
static void put_name(en_writer *w, const char *tag, const pc_name *nm)
{
    pc_buf_clear(&w->tmp);
    pc_tagged_name_put(&w->tmp, nm);
    if (!w->tmp.len)
        return;
    if (nm->literal || !nm->family) {
        pc_buf_putc(&w->tmp, ',');
        if (pc_endnote_is_name_list(w->tmp.ptr, w->tmp.len))
            dropped(w, "an organisation's name that reads as a list of names");
    }
    put(w, tag, w->tmp.ptr);
}

/* True if, of several names, only the last has affiliations: its %+
 * lines would follow every %A, where they read as the record's. */
static bool last_alone(const pc_names *l)
{
    for (size_t i = 0; i + 1 < l->n; i++)
        if (l->items[i].affiliations.n)
            return false;
    return l->n > 1 && l->items[l->n - 1].affiliations.n;
}

/* The names of one role; %A names with their %+ addresses. */
static void put_names(en_writer *w, const pc_map_row *row, const pc_names *l)
{
    bool addresses = !strcmp(row->name, "%A") && !w->refer, aff = false, orcid = false;
    bool alone = addresses && last_alone(l);
    if (alone) {
        dropped(w, "affiliation (of the last author alone)");
        addresses = false;
    }
    for (size_t i = 0; i < l->n; i++) {
        const pc_name *nm = &l->items[i];
        put_name(w, row->name, nm);
        for (size_t k = 0; addresses && k < nm->affiliations.n; k++)
            w->wrote_addresses |= put(w, "%+", nm->affiliations.items[k]);
        aff |= !addresses && !alone && nm->affiliations.n;
        orcid |= nm->orcid != NULL;
    }
    if (aff)
        dropped(w, "affiliation (not an author's)");
    if (orcid)
        dropped(w, "ORCID");
    if (l->et_al)
        dropped(w, "et al. (cut name list)");
}

/* The name rows: %A writes an Edited Book's editors; its %Y then has
 * nothing left to write. */
static void write_names(en_writer *w, const pc_map_row *row, bool *wrote)
{
    pc_field role = row->field;
    if (w->edited && role == PC_F_AUTHOR)
        role = PC_F_EDITOR;
    else if (w->edited && role == PC_F_EDITOR)
        return;
    const pc_names *l = pc_record_names(w->r, role);
    if (l)
        put_names(w, row, l);
    else if (role == PC_F_AUTHOR)
        *wrote = false; /* the ALWAYS row, with no author */
}

/* ---- dates -------------------------------------------------------------------------- */

/* Counts what a date of these tags cannot hold. */
static void date_losses(en_writer *w, pc_field f, const pc_date *d)
{
    if (d->flags) {
        pc_buf_clear(&w->tmp);
        pc_buf_printf(&w->tmp, "%s: circa, uncertain or open", pc_field_get(f)->name);
        dropped(w, w->tmp.ptr);
    }
}

/* %D the year (or the date as written), %8 the month and day, a season, a range. */
static void write_issued(en_writer *w)
{
    const pc_date *d = pc_record_date(w->r, PC_F_ISSUED);
    const char *lit = pc_record_date_literal(w->r, PC_F_ISSUED);
    if (!d) {
        put(w, "%D", lit);
        return;
    }
    date_losses(w, PC_F_ISSUED, d);
    pc_buf_clear(&w->tmp);
    if (w->refer) { /* refer: the whole date in %D, "June 1978" */
        pc_tagged_date_put(&w->tmp, d, PC_TAGGED_DATE_FULL);
        if (!d->end_year || d->end_year == d->year) {
            if (w->tmp.len)
                pc_buf_putc(&w->tmp, ' ');
            pc_buf_put_int(&w->tmp, d->year, 1);
        }
        put(w, "%D", w->tmp.ptr);
    } else {
        pc_buf_put_int(&w->tmp, d->year, 1);
        put(w, "%D", w->tmp.ptr);
        pc_buf_clear(&w->tmp);
        pc_tagged_date_put(&w->tmp, d, PC_TAGGED_DATE_FULL);
        put(w, "%8", w->tmp.ptr);
    }
    put(w, "%D", lit); /* the date as written, on a second %D line */
}

/* Another date: "YYYY/MM/DD", or "2019 March-April". */
static void write_date(en_writer *w, const pc_map_row *row)
{
    const pc_date *d = pc_record_date(w->r, row->field);
    const char *lit = pc_record_date_literal(w->r, row->field);
    if (!d) {
        put(w, row->name, lit);
        return;
    }
    date_losses(w, row->field, d);
    pc_buf_clear(&w->tmp);
    if (d->year > 0 && d->day && !d->end_year && !d->season) {
        pc_buf_put_int(&w->tmp, d->year, 4);
        pc_buf_putc(&w->tmp, '/');
        pc_buf_put_int(&w->tmp, d->month, 2);
        pc_buf_putc(&w->tmp, '/');
        pc_buf_put_int(&w->tmp, d->day, 2);
    } else {
        pc_tagged_date_put(&w->tmp, d, PC_TAGGED_DATE_YEAR | PC_TAGGED_DATE_FULL);
    }
    put(w, row->name, w->tmp.ptr);
    put(w, row->name, lit); /* the date as written, on a second line */
}

/* ---- the other special rows ------------------------------------------------------------ */

/* "%Z Journal reference: ...": a line of its own, which the reader takes back. */
static void put_prefixed(en_writer *w, const char *tag, const char *prefix, const char *s)
{
    pc_buf_clear(&w->tmp);
    pc_buf_puts(&w->tmp, prefix);
    pc_buf_puts(&w->tmp, s);
    put(w, tag, w->tmp.ptr);
}

/* The abstract on one %X line; a truncated one ends in "…". */
static void write_abstract(en_writer *w, const pc_map_row *row, const pc_text *t)
{
    w->markup |= t->markup.n > 0;
    pc_buf_clear(&w->tmp);
    pc_buf_puts(&w->tmp, t->s);
    if (t->truncated)
        pc_buf_puts(&w->tmp, ELLIPSIS);
    put(w, row->name, w->tmp.ptr);
}

static bool starts_wos(const char *v) { return !pc_strncasecmp(v, "WOS:", 4) || !pc_strncasecmp(v, "ISI:", 4); }

/* A value the reader would take for another field is not written (counted). */
static bool reads_back(const pc_map_row *row, const char *v)
{
    switch (row->field) {
    case PC_F_WOS_UT: return starts_wos(v) && strlen(v) > 4;
    case PC_F_ARCHIVE_LOCATION: return !starts_wos(v) && pc_strncasecmp(v, "arXiv:", 6);
    case PC_F_PMCID: return !strncmp(v, "PMC", 3) && strlen(v) > 3 && strspn(v + 3, "0123456789") == strlen(v + 3);
    case PC_F_CONTAINER_TITLE_SHORT: return pc_endnote_is_abbreviation(v, strlen(v));
    default: return true;
    }
}

static void write_text(en_writer *w, const pc_map_row *row, bool *wrote)
{
    const pc_text *t = pc_record_text(w->r, row->field);
    switch (row->field) {
    case PC_F_ABSTRACT: write_abstract(w, row, t); break;
    case PC_F_JOURNAL_REF: put_prefixed(w, row->name, JREF_PREFIX, t->s); break;
    case PC_F_DOI:
        /* the DOI's link first: bibutils' end2xml reads no %R but a
         * doi.org %U; the reader drops a %U right before the %R of its DOI */
        pc_buf_clear(&w->tmp);
        pc_buf_puts(&w->tmp, "https://doi.org/");
        pc_buf_puts(&w->tmp, t->s);
        put(w, "%U", w->tmp.ptr);
        put(w, row->name, t->s);
        break;
    case PC_F_ARXIV_ID:
        pc_buf_clear(&w->tmp);
        pc_tagged_arxiv_put(&w->tmp, w->r);
        put(w, row->name, w->tmp.ptr);
        break;
    case PC_F_NUMBER:
        /* refer's %R: a number with a DOI's shape would read back as the DOI */
        if (w->refer && pc_doi_parse(t->s, strlen(t->s), &w->tmp))
            *wrote = false;
        else
            put(w, row->name, t->s);
        break;
    default:
        if (reads_back(row, t->s))
            put(w, row->name, t->s);
        else
            *wrote = false;
        break;
    }
}

/* ---- the sink ---------------------------------------------------------------------------- */

static bool en_text(void *u, const pc_map_row *row, const pc_text *t)
{
    en_writer *w = u;
    w->markup |= t->markup.n > 0;
    w->nocase |= t->protected_words.n > 0;
    put(w, row->name, t->s);
    return true;
}

static bool en_item(void *u, const pc_map_row *row, const char *item)
{
    put(u, row->name, item);
    return true;
}

/* The special rows' writers, by the handler their row names. */
static bool h_names(void *u, const pc_map_row *row, bool *wrote)
{
    write_names(u, row, wrote);
    return true;
}

static bool h_issued(void *u, const pc_map_row *row, bool *wrote)
{
    (void)row, (void)wrote;
    write_issued(u);
    return true;
}

static bool h_date(void *u, const pc_map_row *row, bool *wrote)
{
    (void)wrote;
    write_date(u, row);
    return true;
}

static bool h_text(void *u, const pc_map_row *row, bool *wrote)
{
    write_text(u, row, wrote);
    return true;
}

/* TYPE, KEY and ADDRESS rows only read: %0, %F and %+ are written by
 * pc_endnote_write_record and write_names. */
static pc_map_write_fn *const writers[PC_EN_N_HANDLERS] = {
    [PC_EN_H_NAMES] = h_names, [PC_EN_H_ISSUED] = h_issued, [PC_EN_H_DATE] = h_date, [PC_EN_H_TEXT] = h_text,
};

/* A pass-through value the reader kept, under its own tag ("%X"); an
 * address of no author after the authors' own would read as the last
 * author's. */
static bool en_extra(void *u, const pc_extra *e)
{
    en_writer *w = u;
    const char *t = e->name;
    pc_tagged_tag tg;
    if (strlen(t) != 2 || !pc_endnote_tag_line(t, 2, &tg) || (w->refer && t[1] == '0') ||
        (w->wrote_addresses && !strcmp(t, "%+")))
        dropped(w, t);
    else
        put(w, t, e->value);
    return true;
}

/* The kind a record is written as: its own; a record of no kind is a
 * journal article when it names a container, else a preprint. */
static pc_kind kind_of(const pc_record *r)
{
    if (r->kind == PC_KIND_NONE || (unsigned)r->kind >= PC_KIND_COUNT)
        return pc_record_has(r, PC_F_CONTAINER_TITLE) ? PC_KIND_ARTICLE : PC_KIND_PREPRINT;
    return r->kind;
}

static void counted_losses(en_writer *w)
{
    if (w->markup)
        dropped(w, "italic/bold (text kept)");
    if (w->nocase)
        dropped(w, "case protection (text kept)");
    if (w->refer) {
        pc_kind k = pc_refer_kind(w->has);
        if (k != w->kind) {
            pc_buf_clear(&w->tmp);
            pc_buf_printf(&w->tmp, "type (%s, read back as %s)", pc_kind_name(w->kind), pc_kind_name(k));
            dropped(w, w->tmp.ptr);
        }
    }
}

/* What the %M line of an arXiv id writes besides the id. */
static const pc_field arxiv_parts[] = {PC_F_ARXIV_VERSION, PC_F_ARXIV_CLASS, PC_F_NONE};

bool pc_endnote_write_record(void *state, const pc_record *r)
{
    static const pc_map_sink sink = {.text = en_text, .item = en_item, .special = writers,
                                     .n_special = PC_EN_N_HANDLERS, .extra = en_extra, .family = "endnote",
                                     .one_line = true};
    en_writer *w = state;
    w->r = r;
    w->markup = w->nocase = w->wrote_addresses = false;
    memset(w->has, 0, sizeof w->has);
    pc_buf_clear(&w->rec);
    if (w->refer) {
        w->kind = kind_of(r);
        w->edited = false;
    } else {
        const pc_endnote_type *t = pc_endnote_type_of_kind(kind_of(r));
        w->edited = t->kind == PC_KIND_BOOK && !pc_record_has(r, PC_F_AUTHOR) && pc_record_has(r, PC_F_EDITOR);
        if (w->edited)
            t = pc_endnote_edited_book();
        w->kind = t->kind;
        put(w, "%0", t->name);
        put(w, "%F", r->key);
    }
    pc_map_write(w->map, w->kind, r, w->ctx, w->fmt, &sink, w, w->refer ? NULL : arxiv_parts);
    if (!w->refer && !pc_record_has(r, PC_F_ARXIV_ID))
        for (const pc_field *f = arxiv_parts; *f; f++)
            if (pc_record_has(r, *f))
                dropped(w, pc_field_get(*f)->name);
    if (w->refer)
        put(w, "%L", r->key); /* last: a refer record starts with its names or title */
    pc_buf_putc(&w->rec, '\n');
    counted_losses(w);
    return fwrite(w->rec.ptr, 1, w->rec.len, w->out) == w->rec.len;
}
