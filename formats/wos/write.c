/* SPDX-License-Identifier: MIT */
/* write.c — the Web of Science writer.
 *
 * The file starts with "FN Clarivate Analytics Web of Science" and "VR
 * 1.0" (so other tools know it) and ends with "EF"; each record runs from
 * "PT J" to "ER", a blank line after it; a tag and one space before the
 * value, values of the tags that hold one a line (AU, AF, C1, ...) one a
 * line, the others folded onto one line and wrapped at 70 columns, each
 * further line indented by three spaces; LF; UTF-8, no BOM.  The special
 * rows: PT and DT (the kind; a kind Web of Science has no type for is a
 * journal article, counted), the names (AU "Family, GI" and AF "Family,
 * Given" for each person, CA for a group, a C1 "[Family, Given]
 * Address" line for each affiliation, one OI line of "Family,
 * Given/ORCID" pairs; BE editors, BF a chapter's book authors), PY and PD
 * ("JUN 14", "MAY-JUN", "SPR"; the date as written on a second PY line),
 * CY and EA, BP and EP, SN and EI, UT.  Pass-through values the reader
 * kept are written back; everything else the record holds that these tags
 * cannot is counted (pc_ctx_dropped, shown by -v). */
#include "wos.h"

#include <stdlib.h>

#define ELLIPSIS "\xE2\x80\xA6" /* "…" */
#define HEADER "FN Clarivate Analytics Web of Science\nVR 1.0\n"

static const char fmt_name[] = "isi";

typedef struct wos_writer {
    FILE *out;
    pc_ctx *ctx;
    bool ok;                   /* the header could be written */
    const pc_record *r;
    pc_kind kind;              /* the kind the record is written as */
    const char *pt, *dt;       /* its PT and DT */
    const pc_extra *dt_extra;  /* the reader's DT, written as the DT */
    const char *last_extra;    /* the tag of the pass-through value written last */
    pc_buf rec, tmp, line;
    bool markup, nocase;
    pc_map *map;               /* the rows, their plans per kind */
} wos_writer;

void *pc_wos_write_begin(FILE *out, pc_ctx *ctx)
{
    wos_writer *w = pc_xcalloc(1, sizeof *w);
    w->out = out;
    w->ctx = ctx;
    w->map = pc_map_new(pc_wos_rows, pc_wos_n_rows, 0);
    pc_buf_init(&w->rec);
    pc_buf_init(&w->tmp);
    pc_buf_init(&w->line);
    w->ok = fputs(HEADER, out) >= 0;
    return w;
}

bool pc_wos_write_end(void *state)
{
    wos_writer *w = state;
    bool ok = w->ok && fputs("EF\n", w->out) >= 0;
    pc_map_free(w->map);
    pc_buf_free(&w->rec);
    pc_buf_free(&w->tmp);
    pc_buf_free(&w->line);
    pc_free(w);
    return ok;
}

static void dropped(wos_writer *w, const char *what) { pc_ctx_dropped(w->ctx, fmt_name, what); }

/* "TG value", folded and wrapped at 70 columns (three spaces after). */
static void put(wos_writer *w, const char *tag, const char *v)
{
    if (!v)
        return;
    char prefix[4] = {tag[0], tag[1], ' ', '\0'};
    pc_tagged_put(&w->rec, prefix, v, strlen(v), 70, "   ");
}

/* One value a line: the first after the tag, the others indented. */
static void put_item(wos_writer *w, const char *tag, const char *v, bool *first)
{
    char prefix[4] = {tag[0], tag[1], ' ', '\0'};
    if (pc_tagged_put(&w->rec, *first ? prefix : "   ", v, strlen(v), 0, NULL))
        *first = false;
}

/* ---- names ------------------------------------------------------------------------ */

/* "Family, GI": the short form. */
static void short_form(pc_buf *b, const pc_name *nm)
{
    pc_tagged_name_put(b, &(pc_name){.family = nm->family, .particle = nm->particle, .dparticle = nm->dparticle,
                                      .suffix = nm->suffix});
    size_t at = b->len;
    pc_buf_puts(b, ", ");
    pc_tagged_initials(b, nm->given);
    if (b->len == at + 2)
        pc_buf_truncate(b, at);
}

static bool is_person(const pc_name *nm) { return nm->family && !nm->literal; }

/* One tag of names (AU short forms, AF full ones, CA groups). */
static void put_role(wos_writer *w, const char *tag, const pc_names *l, bool persons, bool brief)
{
    bool first = true;
    for (size_t i = 0; i < l->n; i++) {
        const pc_name *nm = &l->items[i];
        if (is_person(nm) != persons)
            continue;
        pc_buf_clear(&w->tmp);
        if (!persons)
            pc_buf_puts(&w->tmp, nm->literal ? nm->literal : nm->given ? nm->given : "");
        else if (brief)
            short_form(&w->tmp, nm);
        else
            pc_tagged_name_put(&w->tmp, nm);
        put_item(w, tag, w->tmp.ptr, &first);
    }
}

/* C1: "[Family, Given] Address", a line each; OI: "Family, Given/ORCID"
 * pairs.  A name with ";" or "]" in it cannot be in the brackets. */
static void put_addresses(wos_writer *w, const pc_names *l)
{
    bool first = true;
    pc_buf_clear(&w->line);
    for (size_t i = 0; i < l->n; i++) {
        const pc_name *nm = &l->items[i];
        pc_buf_clear(&w->tmp);
        pc_tagged_name_put(&w->tmp, nm);
        bool fits = !strpbrk(w->tmp.ptr, ";]/");
        if (!fits && (nm->affiliations.n || nm->orcid))
            dropped(w, "affiliation or ORCID of a name with ';', ']' or '/'");
        for (size_t k = 0; fits && k < nm->affiliations.n; k++) {
            pc_buf b = PC_BUF_INIT;
            pc_buf_printf(&b, "[%s] %s", w->tmp.ptr, nm->affiliations.items[k]);
            put_item(w, "C1", b.ptr, &first);
            pc_buf_free(&b);
        }
        if (fits && nm->orcid) {
            if (w->line.len)
                pc_buf_puts(&w->line, "; ");
            pc_buf_puts(&w->line, w->tmp.ptr);
            pc_buf_putc(&w->line, '/');
            pc_buf_puts(&w->line, nm->orcid);
        }
    }
    put(w, "OI", w->line.len ? w->line.ptr : NULL);
}

/* AU and AF for the persons, CA for the groups, then C1 and OI. */
static void write_authors(wos_writer *w, const pc_names *l)
{
    put_role(w, "AU", l, true, true);
    put_role(w, "AF", l, true, false);
    put_role(w, "CA", l, false, false);
    put_addresses(w, l);
    if (l->et_al)
        dropped(w, "et al. (cut author list)");
}

static void write_names(wos_writer *w, const pc_map_row *row)
{
    const pc_names *l = pc_record_names(w->r, row->field);
    if (row->field == PC_F_AUTHOR) {
        write_authors(w, l);
        return;
    }
    bool first = true, aff = false, orcid = false;
    for (size_t i = 0; i < l->n; i++) {
        pc_buf_clear(&w->tmp);
        pc_tagged_name_put(&w->tmp, &l->items[i]);
        put_item(w, row->name, w->tmp.ptr, &first);
        aff |= l->items[i].affiliations.n > 0;
        orcid |= l->items[i].orcid != NULL;
    }
    if (aff)
        dropped(w, "affiliation (not an author's)");
    if (orcid)
        dropped(w, "ORCID (not an author's)");
    if (l->et_al)
        dropped(w, "et al. (cut name list)");
}

/* ---- dates -------------------------------------------------------------------------- */

static void date_losses(wos_writer *w, pc_field f, const pc_date *d)
{
    if (d->flags) {
        pc_buf_clear(&w->tmp);
        pc_buf_printf(&w->tmp, "%s: circa, uncertain or open", pc_field_get(f)->name);
        dropped(w, w->tmp.ptr);
    }
}

/* PY the year and PD the rest ("JUN 14", "MAY-JUN", "SPR"), the date as
 * written on a second PY line; CY and EA whole ("2018 JUN 12-15"). */
static void write_date(wos_writer *w, const pc_map_row *row)
{
    const pc_date *d = pc_record_date(w->r, row->field);
    const char *lit = pc_record_date_literal(w->r, row->field);
    if (!d) {
        put(w, row->name, lit);
        return;
    }
    date_losses(w, row->field, d);
    pc_buf_clear(&w->line);
    if (row->field == PC_F_ISSUED) {
        pc_buf_put_int(&w->line, d->year, 1);
        put(w, "PY", w->line.ptr);
        pc_buf_clear(&w->line);
        pc_tagged_date_put(&w->line, d, PC_TAGGED_DATE_UPPER);
        put(w, "PD", w->line.len ? w->line.ptr : NULL);
    } else {
        pc_tagged_date_put(&w->line, d, PC_TAGGED_DATE_YEAR | PC_TAGGED_DATE_UPPER);
        put(w, row->name, w->line.ptr);
    }
    put(w, row->name, lit);
}

/* ---- the other special rows ------------------------------------------------------------ */

/* PT, and DT: the reader's DT when it reads back as the same kind. */
static void write_type(wos_writer *w)
{
    put(w, "PT", w->pt);
    const char *dt = w->dt;
    for (size_t i = 0; i < w->r->n_extras && !w->dt_extra; i++) {
        const pc_extra *e = &w->r->extras[i];
        bool known;
        if (e->format && !strcmp(e->format, fmt_name) && !strcmp(e->name, "DT") &&
            pc_wos_kind(w->pt, strlen(w->pt), e->value, strlen(e->value), &known) == w->kind) {
            w->dt_extra = e;
            dt = e->value;
        }
    }
    put(w, "DT", dt);
}

static bool starts(const char *v, const char *p) { return !pc_strncasecmp(v, p, strlen(p)) && strlen(v) > strlen(p); }

static void write_text(wos_writer *w, const pc_map_row *row, bool *wrote)
{
    const pc_text *t = pc_record_text(w->r, row->field);
    w->markup |= t->markup.n > 0;
    const char *dash;
    switch (row->field) {
    case PC_F_PAGE: /* BP-EP */
        dash = strchr(t->s, '-');
        pc_buf_clear(&w->line);
        pc_buf_put(&w->line, t->s, dash ? (size_t)(dash - t->s) : strlen(t->s));
        put(w, "BP", w->line.ptr);
        if (dash && dash[1])
            put(w, "EP", dash + 1);
        break;
    case PC_F_ISSN: { /* SN the first, EI the second, SN the others */
        int i = 0;
        for (const char *s = t->s, *e; s; s = e ? e + 2 : NULL, i++) {
            e = strstr(s, ", ");
            pc_buf_clear(&w->line);
            pc_buf_put(&w->line, s, e ? (size_t)(e - s) : strlen(s));
            put(w, i == 1 ? "EI" : "SN", w->line.ptr);
        }
        break;
    }
    case PC_F_ABSTRACT:
        pc_buf_clear(&w->line);
        pc_buf_puts(&w->line, t->s);
        if (t->truncated)
            pc_buf_puts(&w->line, ELLIPSIS);
        put(w, row->name, w->line.ptr);
        break;
    case PC_F_WOS_UT:
        if (starts(t->s, "WOS:") || starts(t->s, "ISI:"))
            put(w, row->name, t->s);
        else
            *wrote = false;
        break;
    case PC_F_ARCHIVE_LOCATION:
        if (starts(t->s, "WOS:") || starts(t->s, "ISI:") || starts(t->s, "MEDLINE:"))
            *wrote = false;
        else
            put(w, row->name, t->s);
        break;
    default: put(w, row->name, t->s); break; /* DI */
    }
}

/* ---- the sink ---------------------------------------------------------------------------- */

static bool wos_text(void *u, const pc_map_row *row, const pc_text *t)
{
    wos_writer *w = u;
    w->markup |= t->markup.n > 0;
    w->nocase |= t->protected_words.n > 0;
    if (row->how == PC_MAP_SPLIT) { /* "a; b": an item with ";" would read back as two */
        const pc_strlist *l = pc_record_list(w->r, row->field);
        for (size_t i = 0; l && i < l->n; i++)
            if (strchr(l->items[i], ';')) {
                pc_buf_clear(&w->tmp);
                pc_buf_printf(&w->tmp, "%s with ';' (read back as several)", pc_field_get(row->field)->name);
                dropped(w, w->tmp.ptr);
                break;
            }
    }
    put(w, row->name, t->s);
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
    write_text(u, row, wrote);
    return true;
}

/* Rows that only read (DT, AF, CA, C1, OI, PD, J9) have no writer: the
 * PT, AU and PY writers write them. */
static pc_map_write_fn *const writers[PC_WOS_N_HANDLERS] = {
    [PC_WOS_H_TYPE] = h_type,     [PC_WOS_H_SHORT_NAMES] = h_names, [PC_WOS_H_NAMES] = h_names,
    [PC_WOS_H_EDITORS] = h_names, [PC_WOS_H_YEAR] = h_date,         [PC_WOS_H_DATE] = h_date,
    [PC_WOS_H_PAGES] = h_text,    [PC_WOS_H_SERIAL] = h_text,       [PC_WOS_H_UT] = h_text,
    [PC_WOS_H_DOI] = h_text,      [PC_WOS_H_ABSTRACT] = h_text,
};

/* A pass-through value the reader kept, under its own tag (one a line
 * for the tags that hold one a line); never a tag that would end or start
 * a record. */
static bool wos_extra(void *u, const pc_extra *e)
{
    wos_writer *w = u;
    static const char *const structure[] = {"PT", "ER", "EF", "FN", "VR"};
    const char *t = e->name;
    pc_tagged_tag tg;
    bool ok = strlen(t) == 2 && pc_wos_tag_line(t, 2, &tg);
    for (size_t i = 0; ok && i < sizeof structure / sizeof *structure; i++)
        ok = strcmp(t, structure[i]) != 0;
    if (e == w->dt_extra)
        return true; /* written as the DT */
    if (!ok) {
        dropped(w, t);
    } else if (strchr(e->value, '\n') || pc_wos_per_line(t)) {
        /* one a line; the values of one tag kept one after the other are one tag's lines */
        bool first = !(w->last_extra && !strcmp(w->last_extra, t));
        for (const char *s = e->value, *n; s; s = n ? n + 1 : NULL) {
            n = strchr(s, '\n');
            pc_buf_clear(&w->tmp);
            pc_buf_put(&w->tmp, s, n ? (size_t)(n - s) : strlen(s));
            put_item(w, t, w->tmp.ptr, &first);
        }
    } else {
        put(w, t, e->value);
    }
    w->last_extra = ok ? t : NULL;
    return true;
}

static pc_kind kind_of(const pc_record *r)
{
    if (r->kind == PC_KIND_NONE || (unsigned)r->kind >= PC_KIND_COUNT)
        return pc_record_has(r, PC_F_CONTAINER_TITLE) ? PC_KIND_ARTICLE : PC_KIND_PREPRINT;
    return r->kind;
}

bool pc_wos_write_record(void *state, const pc_record *r)
{
    static const pc_map_sink sink = {.text = wos_text, .special = writers, .n_special = PC_WOS_N_HANDLERS,
                                     .extra = wos_extra, .joiner = "; ", .one_line = true};
    wos_writer *w = state;
    w->r = r;
    w->markup = w->nocase = false;
    w->dt_extra = NULL;
    w->last_extra = NULL;
    pc_kind k = kind_of(r);
    if (!pc_wos_type_of_kind(k, &w->pt, &w->dt, &w->kind)) {
        pc_buf_clear(&w->tmp);
        pc_buf_printf(&w->tmp, "type (%s, written as a journal article)", pc_kind_name(k));
        dropped(w, w->tmp.ptr);
    }
    pc_buf_clear(&w->rec);
    pc_map_write(w->map, w->kind, r, w->ctx, fmt_name, &sink, w, NULL);
    pc_buf_puts(&w->rec, "ER\n\n");
    if (r->key)
        dropped(w, "citation key"); /* Web of Science has none: a reader makes one */
    if (w->markup)
        dropped(w, "italic/bold (text kept)");
    if (w->nocase)
        dropped(w, "case protection (text kept)");
    return w->ok && fwrite(w->rec.ptr, 1, w->rec.len, w->out) == w->rec.len;
}
