/* SPDX-License-Identifier: MIT */
/* write.c — the MEDLINE / PubMed writer.
 *
 * One record = one tag a line, the tag padded to four columns and "- "
 * ("PMID- 1", "AU  - Long V"), values longer than 80 columns wrapped at
 * spaces onto lines indented by six spaces (no trailing space), a blank
 * line after each record, LF, UTF-8, in PubMed's order of tags (map.c).
 * Each value is folded onto its line, so no value can start a tag.  The
 * special rows: the name blocks (FAU "Family, Given", AU "Family
 * Initials", AUID "ORCID: ...", an AD line per affiliation; CN for an
 * organisation; FED/ED, FIR/IR/IRAD), DP ("2019 Mar 7", "2019 Mar-Apr",
 * "2020 Winter"; the date as written on a second DP line), DEP (YYYYMMDD),
 * PHST "[received]", PG, LID (the e-location), AID ("[doi]", "[pii]"), IS
 * and ISBN (one line each), PT (the kind; a kind MEDLINE has no type for is
 * written as a journal article and counted).  Pass-through values the
 * reader kept are written back; everything else the record holds that
 * these tags cannot is counted (pc_ctx_dropped, shown by -v). */
#include "medline.h"

#include <stdlib.h>

#define ELLIPSIS "\xE2\x80\xA6" /* "…" */

static const char fmt_name[] = "nbib";

typedef struct md_writer {
    FILE *out;
    pc_ctx *ctx;
    const pc_record *r;
    const pc_medline_type *type; /* NULL: written as a journal article */
    pc_buf rec, tmp, line;
    bool markup, nocase;
    pc_map *map;                 /* the rows, their plans per kind */
} md_writer;

void *pc_medline_write_begin(FILE *out, pc_ctx *ctx)
{
    md_writer *w = pc_xcalloc(1, sizeof *w);
    w->out = out;
    w->ctx = ctx;
    w->map = pc_map_new(pc_medline_rows, pc_medline_n_rows, 0);
    pc_buf_init(&w->rec);
    pc_buf_init(&w->tmp);
    pc_buf_init(&w->line);
    return w;
}

bool pc_medline_write_end(void *state)
{
    md_writer *w = state;
    pc_map_free(w->map);
    pc_buf_free(&w->rec);
    pc_buf_free(&w->tmp);
    pc_buf_free(&w->line);
    pc_free(w);
    return true;
}

/* "TAG - value", the tag padded to four columns, wrapped at 80. */
static void put(md_writer *w, const char *tag, const char *v)
{
    if (!v)
        return;
    char prefix[8];
    size_t k = strlen(tag);
    memcpy(prefix, tag, k);
    while (k < 4)
        prefix[k++] = ' ';
    memcpy(prefix + k, "- ", 3);
    pc_tagged_put(&w->rec, prefix, v, strlen(v), 80, "      ");
}

static void dropped(md_writer *w, const char *what) { pc_ctx_dropped(w->ctx, fmt_name, what); }

/* ---- names ------------------------------------------------------------------------ */

/* "van Raaij MJ", "Smith JA Jr": the short form. */
static void short_form(pc_buf *b, const pc_name *nm)
{
    const char *parts[] = {nm->dparticle, nm->particle};
    for (size_t i = 0; i < 2; i++)
        if (parts[i] && *parts[i]) {
            pc_buf_puts(b, parts[i]);
            if (!pc_particle_joins(parts[i]))
                pc_buf_putc(b, ' ');
        }
    pc_buf_puts(b, nm->family);
    size_t at = b->len;
    pc_buf_putc(b, ' ');
    pc_tagged_initials(b, nm->given);
    if (b->len == at + 1)
        pc_buf_truncate(b, at);
    if (nm->suffix && *nm->suffix) {
        pc_buf_putc(b, ' ');
        pc_buf_puts(b, nm->suffix);
    }
}

/* The tags of a role's block: full name, short name, affiliation. */
typedef struct name_tags {
    pc_field role;
    const char *full, *brief, *aff;
} name_tags;

static const name_tags blocks[] = {
    {PC_F_AUTHOR, "FAU", "AU", "AD"},
    {PC_F_EDITOR, "FED", "ED", NULL},
    {PC_F_CONTRIBUTOR, "FIR", "IR", "IRAD"},
};

static void put_block(md_writer *w, const name_tags *t, const pc_name *nm)
{
    if (nm->literal || !nm->family) {
        put(w, t->role == PC_F_AUTHOR ? "CN" : t->full, nm->literal ? nm->literal : nm->given);
        if (t->role != PC_F_AUTHOR && nm->literal)
            dropped(w, "an organisation as editor or investigator (written as a name)");
    } else {
        pc_buf_clear(&w->tmp);
        pc_tagged_name_put(&w->tmp, nm);
        put(w, t->full, w->tmp.ptr);
        pc_buf_clear(&w->tmp);
        short_form(&w->tmp, nm);
        put(w, t->brief, w->tmp.ptr);
    }
    if (nm->orcid && t->role == PC_F_AUTHOR) {
        pc_buf_clear(&w->tmp);
        pc_buf_puts(&w->tmp, "ORCID: ");
        pc_buf_puts(&w->tmp, nm->orcid);
        put(w, "AUID", w->tmp.ptr);
    } else if (nm->orcid) {
        dropped(w, "ORCID (not an author's)");
    }
    for (size_t k = 0; k < nm->affiliations.n; k++) {
        if (t->aff)
            put(w, t->aff, nm->affiliations.items[k]);
        else
            dropped(w, "affiliation (an editor's)");
    }
}

static void write_names(md_writer *w, const pc_map_row *row)
{
    const name_tags *t = NULL;
    for (size_t i = 0; i < sizeof blocks / sizeof *blocks; i++)
        if (blocks[i].role == row->field)
            t = &blocks[i];
    const pc_names *l = pc_record_names(w->r, row->field);
    for (size_t i = 0; t && l && i < l->n; i++)
        put_block(w, t, &l->items[i]);
    if (l && l->et_al)
        dropped(w, "et al. (cut name list)");
}

/* ---- dates -------------------------------------------------------------------------- */

static void date_losses(md_writer *w, pc_field f, const pc_date *d)
{
    if (d->flags) {
        pc_buf_clear(&w->tmp);
        pc_buf_printf(&w->tmp, "%s: circa, uncertain or open", pc_field_get(f)->name);
        dropped(w, w->tmp.ptr);
    }
}

/* DP "2019 Mar 7", "2019 Mar-Apr", "2020 Winter"; DEP "20190307"; PHST
 * "2019/03/07 00:00 [received]".  The date as written beside its parts on
 * a second line of its tag (PHST: counted). */
static void write_date(md_writer *w, const pc_map_row *row)
{
    const pc_date *d = pc_record_date(w->r, row->field);
    const char *lit = pc_record_date_literal(w->r, row->field);
    bool history = row->field == PC_F_SUBMITTED;
    if (!d) {
        if (history)
            dropped(w, "submitted");
        else
            put(w, row->name, lit);
        return;
    }
    date_losses(w, row->field, d);
    pc_buf_clear(&w->line);
    if ((row->field == PC_F_AVAILABLE_DATE || history) && d->year > 0 && d->day && !d->end_year && !d->season) {
        pc_buf_put_int(&w->line, d->year, 4);
        if (history)
            pc_buf_putc(&w->line, '/');
        pc_buf_put_int(&w->line, d->month, 2);
        if (history)
            pc_buf_putc(&w->line, '/');
        pc_buf_put_int(&w->line, d->day, 2);
        if (history)
            pc_buf_puts(&w->line, " 00:00 [received]");
    } else if (history) {
        pc_tagged_date_put(&w->line, d, PC_TAGGED_DATE_YEAR);
        pc_buf_puts(&w->line, " [received]");
    } else {
        pc_tagged_date_put(&w->line, d, PC_TAGGED_DATE_YEAR);
    }
    put(w, row->name, w->line.ptr);
    if (lit && history)
        dropped(w, "submitted");
    else
        put(w, row->name, lit);
}

/* ---- the other special rows ------------------------------------------------------------ */

/* "value [type]" */
static void put_typed(md_writer *w, const char *tag, const char *v, const char *type)
{
    pc_buf_clear(&w->line);
    pc_buf_puts(&w->line, v);
    pc_buf_puts(&w->line, " [");
    pc_buf_puts(&w->line, type);
    pc_buf_putc(&w->line, ']');
    put(w, tag, w->line.ptr);
}

/* ISSNs or ISBNs joined with ", " (as the readers keep several), a line each. */
static void put_serials(md_writer *w, const char *tag, const char *s)
{
    for (const char *e; s; s = e ? e + 2 : NULL) {
        e = strstr(s, ", ");
        pc_buf_clear(&w->line);
        pc_buf_put(&w->line, s, e ? (size_t)(e - s) : strlen(s));
        put(w, tag, w->line.ptr);
    }
}

/* PT: the kind's type, or a journal article (counted). */
static void write_type(md_writer *w)
{
    if (w->type) {
        put(w, "PT", w->type->name);
        return;
    }
    put(w, "PT", "Journal Article");
    pc_buf_clear(&w->tmp);
    pc_buf_printf(&w->tmp, "type (%s, written as a journal article)",
                  pc_kind_name(w->r->kind == PC_KIND_NONE ? PC_KIND_PREPRINT : w->r->kind));
    dropped(w, w->tmp.ptr);
}

static void write_text(md_writer *w, const pc_map_row *row)
{
    const pc_text *t = pc_record_text(w->r, row->field);
    w->markup |= t->markup.n > 0;
    w->nocase |= t->protected_words.n > 0;
    switch (row->field) {
    case PC_F_DOI: put_typed(w, row->name, t->s, "doi"); break;
    case PC_F_PII: put_typed(w, row->name, t->s, "pii"); break;
    case PC_F_ISSN:
    case PC_F_ISBN: put_serials(w, row->name, t->s); break;
    case PC_F_ABSTRACT:
        pc_buf_clear(&w->line);
        pc_buf_puts(&w->line, t->s);
        if (t->truncated)
            pc_buf_puts(&w->line, ELLIPSIS);
        put(w, row->name, w->line.ptr);
        break;
    default: put(w, row->name, t->s); break; /* TI, PG, LID, GN */
    }
}

/* ---- the sink ---------------------------------------------------------------------------- */

static bool md_text(void *u, const pc_map_row *row, const pc_text *t)
{
    md_writer *w = u;
    w->markup |= t->markup.n > 0;
    w->nocase |= t->protected_words.n > 0;
    put(w, row->name, t->s);
    return true;
}

static bool md_item(void *u, const pc_map_row *row, const char *item)
{
    put(u, row->name, item);
    return true;
}

/* The special rows' writers, by the handler their row names. */
static bool h_type(void *u, const pc_map_row *row, bool *wrote)
{
    (void)row, (void)wrote;
    write_type(u);
    return true;
}

static bool h_names(void *u, const pc_map_row *row, bool *wrote)
{
    (void)wrote;
    write_names(u, row);
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
    (void)wrote;
    write_text(u, row);
    return true;
}

/* ABOUT_NAME rows only read: write_names writes AUID and AD. */
static pc_map_write_fn *const writers[PC_MD_N_HANDLERS] = {
    [PC_MD_H_TYPE] = h_type,     [PC_MD_H_NAMES] = h_names, [PC_MD_H_ID] = h_text,
    [PC_MD_H_ISSUED] = h_date,   [PC_MD_H_DATE] = h_date,   [PC_MD_H_HISTORY] = h_date,
    [PC_MD_H_SERIAL] = h_text,   [PC_MD_H_TITLE] = h_text,  [PC_MD_H_ABSTRACT] = h_text,
    [PC_MD_H_NOTE] = h_text,     [PC_MD_H_PAGES] = h_text,
};

/* A pass-through value the reader kept, under its own tag. */
static bool md_extra(void *u, const pc_extra *e)
{
    md_writer *w = u;
    pc_tagged_tag tg;
    char line[8];
    size_t k = strlen(e->name);
    if (k >= 2 && k <= 4) {
        memcpy(line, e->name, k);
        memcpy(line + k, "-", 2);
    }
    if (k < 2 || k > 4 || !pc_medline_tag_line(line, k + 1, &tg) || tg.len != k)
        dropped(w, e->name);
    else
        put(w, e->name, e->value);
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

bool pc_medline_write_record(void *state, const pc_record *r)
{
    static const pc_map_sink sink = {.text = md_text, .item = md_item, .special = writers,
                                     .n_special = PC_MD_N_HANDLERS, .extra = md_extra, .one_line = true};
    md_writer *w = state;
    w->r = r;
    w->markup = w->nocase = false;
    w->type = pc_medline_type_of_kind(kind_of(r));
    pc_kind back = w->type ? w->type->kind : PC_KIND_ARTICLE;
    pc_buf_clear(&w->rec);
    pc_map_write(w->map, back, r, w->ctx, fmt_name, &sink, w, NULL);
    pc_buf_putc(&w->rec, '\n');
    if (r->key)
        dropped(w, "citation key"); /* MEDLINE has none: a reader makes one */
    if (w->markup)
        dropped(w, "italic/bold (text kept)");
    if (w->nocase)
        dropped(w, "case protection (text kept)");
    return fwrite(w->rec.ptr, 1, w->rec.len, w->out) == w->rec.len;
}
