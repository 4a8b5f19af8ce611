/* SPDX-License-Identifier: MIT */
/* write.c — one record becomes one entry: classic BibTeX (`-t bibtex`) or
 * biblatex (`-t biblatex`), through the rows of map.c.
 *
 * Classic BibTeX puts each value in the field the standard styles
 * (plain.bst) print: school for a thesis, institution for a report,
 * howpublished for @misc, address, note, year and month; biblatex uses its
 * own names (journaltitle, location, date in EDTF, urldate, langid) and
 * types (@online, @software, @dataset, ...).  What neither has a field for
 * goes under the model's own name (`collection-editor = {...}`), which the
 * styles ignore and our reader reads back: so do a date's literal beside
 * its parts (`accessed = {early March 2024}`) and, in `urls`, the URLs
 * after the first.  Values read from a .bib and kept as written
 * (pass-through) come back as they were, a @preamble before its entry.  A
 * field name is written once per entry: a second value for it is counted
 * (-v) as dropped.  The fields are those of the kind the entry type
 * written reads back as (read_back_kind).
 *
 * Every value is braced and goes through pc_latex_encode, so braces are
 * balanced and specials escaped whatever the record holds (non-ASCII as
 * LaTeX commands in classic BibTeX unless --unicode; biblatex, which biber
 * reads as UTF-8, keeps UTF-8); math ($...$)
 * and LaTeX kept as written (PC_MARK_TEX) are copied as they are, italic
 * and bold are \emph and \textbf, in every text field.  Title words that
 * must keep their case are braced. */
#include "bibtex.h"

#include <stdlib.h>

#define ELLIPSIS "\xE2\x80\xA6"
enum { PC_BIB_MAX_NAMES = 128 }; /* field names remembered per entry */

typedef struct bib_writer {
    FILE *out;
    pc_ctx *ctx;
    pc_bib_dialect dialect;
    const char *fmt;
    pc_map *map; /* the dialect's rows */
    const pc_record *rec;
    pc_kind kind; /* the kind the entry reads back as (read_back_kind) */
    pc_buf entry, tmp, scratch;
    pc_latex_report rep;
    unsigned flags; /* PC_TEX_UNICODE or 0 */
    bool first;
    const char *names[PC_BIB_MAX_NAMES]; /* written in this entry */
    size_t n_names;
    unsigned as_editor; /* bit i: typed_roles[i] went into an editor slot */
    pc_bib_keep *keep;  /* entries read from this format: written as written (keep.c) */
} bib_writer;

/* ---- fields -------------------------------------------------------------------------- */

static bool name_taken(const bib_writer *w, const char *name)
{
    unsigned char c = (unsigned char)name[0] | 0x20; /* first letters differ: no call */
    for (size_t i = 0; i < w->n_names; i++) /* an entry's few fields */
        if (((unsigned char)w->names[i][0] | 0x20) == c && pc_strcasecmp(w->names[i], name) == 0)
            return true;
    return false;
}

/* Opens "  name = {" unless the entry has that field already (then the
 * value is counted as dropped and false returned). */
static bool field_open(bib_writer *w, const char *name, pc_field f)
{
    if (name_taken(w, name) || w->n_names == PC_BIB_MAX_NAMES) {
        pc_ctx_dropped(w->ctx, w->fmt, f ? pc_field_get(f)->name : name);
        return false;
    }
    w->names[w->n_names++] = name;
    pc_buf_puts(&w->entry, "  ");
    pc_buf_puts(&w->entry, name);
    pc_buf_puts(&w->entry, " = {");
    return true;
}

static void field_close(bib_writer *w) { pc_buf_puts(&w->entry, "},\n"); }

static void plain_field(bib_writer *w, const char *name, pc_field f, const char *value)
{
    if (!field_open(w, name, f))
        return;
    pc_latex_encode(value, strlen(value), &w->entry, w->flags | PC_TEX_MATH, &w->rep);
    field_close(w);
}

/* URLs and DOIs stay verbatim (the url package reads them so); only what
 * would unbalance BibTeX's braces or break the line (white space too) is
 * percent-encoded. */
static void url_put(bib_writer *w, const char *value)
{
    for (const char *p = value; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '{' || c == '}' || c == '\\' || c <= 0x20 || c == 0x7f)
            pc_buf_printf(&w->entry, "%%%02X", c);
        else
            pc_buf_putc(&w->entry, (char)c);
    }
}

static void url_field(bib_writer *w, const char *name, pc_field f, const char *value)
{
    if (!field_open(w, name, f))
        return;
    url_put(w, value);
    field_close(w);
}

/* ---- rich text: markup, math, LaTeX as written, case protection ------------------------------ */

/* Appends a text value with its markup (italic, bold, super- and
 * subscripts, LaTeX kept as written) through the encoder's one rich-text
 * writer; `title` braces the words that keep their case by their shape as
 * well as the protected ones, other title fields only the protected ones. */
static void put_rich(bib_writer *w, const pc_text *t, const char *name)
{
    const pc_field_info *fi = pc_field_get(t->field);
    bool title = fi && (fi->flags & PC_FF_TITLE);
    if (!t->markup.n && !(title && t->protected_words.n) && strcmp(name, "title") != 0) {
        pc_latex_encode(t->s, strlen(t->s), &w->entry, w->flags | PC_TEX_MATH, &w->rep); /* most values */
        return;
    }
    unsigned flags = w->flags | PC_TEX_MATH;
    if (strcmp(name, "title") == 0)
        flags |= PC_TEX_TITLE;
    else if (title)
        flags |= PC_TEX_LISTED;
    pc_text plain = *t; /* the ellipsis of a cut abstract is the caller's */
    plain.truncated = false;
    pc_latex_encode_rich(&plain, &w->entry, flags, &w->rep);
}

static void rich_field(bib_writer *w, const char *name, const pc_text *t)
{
    if (!field_open(w, name, t->field))
        return;
    put_rich(w, t, name);
    field_close(w);
}

/* ---- the generic rows -------------------------------------------------------------------- */

/* A list in one field (keywords): the items joined with ", ", an item
 * that holds a ',' or ';' braced (`{graphs, sparse}`): our reader splits
 * only outside braces, and biblatex's keyword list keeps a braced item
 * whole (biber splits at every comma but passes the braces on). */
static void list_field(bib_writer *w, const pc_map_row *row)
{
    const pc_strlist *l = pc_record_list(w->rec, row->field);
    if (!field_open(w, row->name, row->field))
        return;
    for (size_t i = 0; i < l->n; i++) {
        bool brace = strpbrk(l->items[i], ",;") != NULL;
        if (i)
            pc_buf_puts(&w->entry, ", ");
        if (brace)
            pc_buf_putc(&w->entry, '{');
        pc_latex_encode(l->items[i], strlen(l->items[i]), &w->entry, w->flags | PC_TEX_MATH, &w->rep);
        if (brace)
            pc_buf_putc(&w->entry, '}');
    }
    field_close(w);
}

static bool sink_text(void *u, const pc_map_row *row, const pc_text *t)
{
    if (row->how == PC_MAP_SPLIT) /* t: the items joined, which cannot say where one ends */
        list_field(u, row);
    else
        rich_field(u, row->name, t);
    return true;
}

/* A pass-through value of a BibTeX reader, as it was written. */
static bool sink_extra(void *u, const pc_extra *e)
{
    bib_writer *w = u;
    if (e->name[0] == '@') /* the entry type, a @preamble: written around the entry */
        return true;
    if (!field_open(w, e->name, PC_F_NONE))
        return true;
    if (pc_latex_bibtex_balanced(e->value, strlen(e->value)))
        pc_buf_puts(&w->entry, e->value);
    else
        pc_latex_encode(e->value, strlen(e->value), &w->entry, w->flags, &w->rep);
    field_close(w);
    return true;
}

/* ---- names ----------------------------------------------------------------------------------- */

static void names_field(bib_writer *w, const char *name, const pc_names *l)
{
    if (!field_open(w, name, l->role))
        return;
    pc_bib_put_names(&w->entry, &w->tmp, l, w->flags, &w->rep);
    field_close(w);
}

/* The roles biblatex writes as an editor list with its type (editortype,
 * editoratype, ...) in a free editor slot: a director, a compiler, ... */
static const pc_field typed_roles[] = {PC_F_COMPILER, PC_F_DIRECTOR, PC_F_ORGANIZER, PC_F_CONTRIBUTOR};

static int typed_role(pc_field f)
{
    for (int i = 0; i < (int)(sizeof typed_roles / sizeof *typed_roles); i++)
        if (typed_roles[i] == f)
            return i;
    return -1;
}

/* Editor slot `row` (editor, editora, ...) is free: the first typed role
 * not written yet goes there, with its type. */
static void editor_by_type(bib_writer *w, const pc_map_row *row)
{
    static const char *const slots[][2] = {{"editor", "editortype"}, {"editora", "editoratype"},
                                           {"editorb", "editorbtype"}, {"editorc", "editorctype"}};
    const char *type = NULL;
    for (size_t i = 0; i < sizeof slots / sizeof *slots; i++)
        if (strcmp(slots[i][0], row->name) == 0)
            type = slots[i][1];
    for (size_t i = 0; type && i < sizeof typed_roles / sizeof *typed_roles; i++) {
        const pc_names *l = pc_record_names(w->rec, typed_roles[i]);
        if (!l || (w->as_editor >> i & 1) || name_taken(w, type) || name_taken(w, row->name))
            continue;
        names_field(w, row->name, l);
        plain_field(w, type, PC_F_NONE, pc_bib_role_editortype(typed_roles[i]));
        w->as_editor |= 1u << i;
        return;
    }
}

static bool write_names(void *u, const pc_map_row *row, bool *wrote)
{
    bib_writer *w = u;
    const pc_names *l = pc_record_names(w->rec, row->field);
    bool slot = row->field == PC_F_EDITOR || row->field == PC_F_EDITORA || row->field == PC_F_EDITORB ||
                row->field == PC_F_EDITORC;
    if (slot && !l && w->dialect == PC_BIB_BIBLATEX)
        editor_by_type(w, row);
    int typed = typed_role(row->field);
    if (!l || (typed >= 0 && (w->as_editor >> typed & 1))) {
        *wrote = l != NULL;
        return true;
    }
    names_field(w, row->name, l);
    if (row->field == PC_F_AUTHOR && !name_taken(w, "affiliation")) {
        size_t mark = w->entry.len;
        pc_buf_puts(&w->entry, "  affiliation = {");
        if (pc_bib_put_affiliations(&w->entry, &w->tmp, l, w->flags, &w->rep)) {
            w->names[w->n_names++] = "affiliation";
            field_close(w);
        } else {
            pc_buf_truncate(&w->entry, mark);
        }
    }
    return true;
}

/* ---- dates ----------------------------------------------------------------------------------- */

static void edtf_field(bib_writer *w, const char *name, pc_field f, const pc_date *d)
{
    if (!field_open(w, name, f))
        return;
    pc_date_edtf(d, &w->entry);
    field_close(w);
}

/* True when year and month say all the date does: no day, range, season
 * or EDTF qualifier (then `date` beside them would only repeat them). */
static bool year_month_say_it(const pc_date *d)
{
    return !d->day && !d->end_year && !d->end_month && !d->end_day && !d->season && !d->end_season &&
           !d->flags && d->year > 0;
}

/* Classic BibTeX: year (a range "1999--2000"), month as a macro (a range
 * "jul # {--} # aug"), and, when it says more than they do (a day, a
 * range, a season, an uncertain or approximate date, a year BC), the whole
 * date in biblatex's `date` too, which the styles ignore. */
static void classic_issued(bib_writer *w, const pc_date *d)
{
    if (!field_open(w, "year", PC_F_ISSUED))
        return;
    pc_buf_put_int(&w->entry, d->year, 1);
    if (d->end_year && d->end_year != d->year) {
        pc_buf_puts(&w->entry, "--");
        pc_buf_put_int(&w->entry, d->end_year, 1);
    }
    field_close(w);
    const char *month = d->month && !d->season ? pc_month_macro(d->month) : NULL;
    if (month && !name_taken(w, "month")) {
        w->names[w->n_names++] = "month";
        pc_buf_puts(&w->entry, "  month = ");
        pc_buf_puts(&w->entry, month);
        if (d->end_month && d->end_year == d->year && pc_month_macro(d->end_month)) {
            pc_buf_puts(&w->entry, " # {--} # ");
            pc_buf_puts(&w->entry, pc_month_macro(d->end_month));
        }
        pc_buf_puts(&w->entry, ",\n");
    }
    if (!year_month_say_it(d))
        edtf_field(w, "date", PC_F_ISSUED, d);
}

/* A date's parts in EDTF (classic BibTeX's issued date: year and month),
 * and how the source wrote it (its literal): an issued date of no parts in
 * `year`, which holds text in both dialects ("in press"); any other under
 * the date's own name (`issued`, `accessed`, `event-date`), which styles
 * ignore and our reader reads back beside the parts, as biblatex's date,
 * urldate, eventdate and origdate hold EDTF only.  A date written under its
 * own name already (`updated`) has no second place: a literal beside its
 * parts is counted as dropped. */
static bool write_date(void *u, const pc_map_row *row, bool *wrote)
{
    bib_writer *w = u;
    const pc_date *d = pc_record_date(w->rec, row->field);
    const char *literal = pc_record_date_literal(w->rec, row->field);
    (void)wrote;
    if (d && row->field == PC_F_ISSUED && w->dialect == PC_BIB_CLASSIC)
        classic_issued(w, d);
    else if (d)
        edtf_field(w, row->name, row->field, d);
    if (literal)
        plain_field(w, !d && row->field == PC_F_ISSUED ? "year" : pc_field_get(row->field)->name, row->field,
                    literal);
    return true;
}

/* ---- titles ---------------------------------------------------------------------------------- */

/* The name of a title field: with a volume-title, the work's title is its
 * maintitle (a book's title, a chapter's container) and the volume's is
 * the title (a chapter's booktitle), as biblatex writes a volume of a
 * multi-volume work. */
static const char *title_name(const bib_writer *w, const pc_map_row *row)
{
    static const pc_field main[3] = {PC_F_TITLE, PC_F_SUBTITLE, PC_F_TITLE_ADDON};
    static const pc_field book[3] = {PC_F_CONTAINER_TITLE, PC_F_CONTAINER_SUBTITLE, PC_F_CONTAINER_TITLE_ADDON};
    static const pc_field vol[3] = {PC_F_VOLUME_TITLE, PC_F_VOLUME_SUBTITLE, PC_F_VOLUME_TITLE_ADDON};
    static const char *const main_names[3] = {"maintitle", "mainsubtitle", "maintitleaddon"};
    static const char *const vol_names[2][3] = {{"title", "subtitle", "titleaddon"},
                                                {"booktitle", "booksubtitle", "booktitleaddon"}};
    bool in_book = pc_bib_kind_in_book(w->kind);
    bool volume = pc_record_has(w->rec, PC_F_VOLUME_TITLE);
    for (int i = 0; i < 3; i++) {
        if (row->field == vol[i])
            return volume ? vol_names[in_book][i] : NULL;
        if (volume && row->field == (in_book ? book : main)[i])
            return main_names[i];
    }
    return row->name;
}

static bool write_title(void *u, const pc_map_row *row, bool *wrote)
{
    bib_writer *w = u;
    const char *name = title_name(w, row);
    const pc_text *t = pc_record_text(w->rec, row->field);
    /* a periodical with no container title is the periodical itself: its
     * title is biblatex's title, not the issuetitle (read.c reads it back) */
    if (name && w->kind == PC_KIND_PERIODICAL && strncmp(name, "issue", 5) == 0 &&
        !pc_record_has(w->rec, PC_F_CONTAINER_TITLE))
        name = NULL;
    if (!name || !t) { /* a volume's subtitle with no volume-title: under its own name */
        *wrote = false;
        return true;
    }
    rich_field(w, name, t);
    return true;
}

/* ---- other special fields ------------------------------------------------------------------------ */

/* pages: a range's hyphen (or en dash) as "--" (1-12 -> 1--12, S1-S12 ->
 * S1--S12): a hyphen with a digit on one side and a letter or digit on both. */
static bool write_pages(void *u, const pc_map_row *row, bool *wrote)
{
    bib_writer *w = u;
    (void)wrote;
    const char *s = pc_record_get(w->rec, row->field);
    if (!field_open(w, row->name, row->field))
        return true;
    size_t n = strlen(s), st = 0;
    for (size_t i = 0; i < n; i++) {
        size_t dash = s[i] == '-' ? 1 : (n - i >= 3 && memcmp(s + i, "\xE2\x80\x93", 3) == 0) ? 3 : 0;
        if (!dash || i == 0 || i + dash >= n)
            continue;
        unsigned char a = (unsigned char)s[i - 1], b = (unsigned char)s[i + dash];
        if (!pc_is_alnum(a) || !pc_is_alnum(b) || !(pc_is_digit(a) || pc_is_digit(b)))
            continue;
        pc_latex_encode(s + st, i - st, &w->entry, w->flags | PC_TEX_MATH, &w->rep);
        pc_buf_puts(&w->entry, "--");
        st = i + dash;
        i += dash - 1;
    }
    pc_latex_encode(s + st, n - st, &w->entry, w->flags | PC_TEX_MATH, &w->rep);
    field_close(w);
    return true;
}

static bool write_doi(void *u, const pc_map_row *row, bool *wrote)
{
    bib_writer *w = u;
    (void)wrote;
    url_field(w, row->name, row->field, pc_record_get(w->rec, row->field));
    return true;
}

/* url: BibTeX and biblatex have one; the others go in `urls` (ours, which
 * styles ignore), a list as biblatex writes lists: "A and B" (a space
 * inside a URL is %20). */
static bool write_url(void *u, const pc_map_row *row, bool *wrote)
{
    bib_writer *w = u;
    (void)wrote;
    const pc_strlist *urls = pc_record_list(w->rec, row->field);
    url_field(w, row->name, row->field, urls->items[0]);
    if (urls->n < 2 || !field_open(w, "urls", row->field))
        return true;
    for (size_t i = 1; i < urls->n; i++) {
        if (i > 1)
            pc_buf_puts(&w->entry, " and ");
        url_put(w, urls->items[i]);
    }
    field_close(w);
    return true;
}

/* eprint = {2610.01234v2} with archiveprefix (classic) or eprinttype. */
static bool write_eprint(void *u, const pc_map_row *row, bool *wrote)
{
    bib_writer *w = u;
    (void)wrote;
    const char *id = pc_record_get(w->rec, PC_F_ARXIV_ID);
    const char *version = pc_record_get(w->rec, PC_F_ARXIV_VERSION);
    pc_buf_clear(&w->scratch);
    pc_buf_puts(&w->scratch, id);
    if (version) {
        pc_buf_putc(&w->scratch, 'v');
        pc_buf_puts(&w->scratch, version);
    }
    url_field(w, row->name, row->field, w->scratch.ptr);
    if (w->dialect == PC_BIB_CLASSIC)
        plain_field(w, "archiveprefix", PC_F_NONE, "arXiv");
    else
        plain_field(w, "eprinttype", PC_F_NONE, "arxiv");
    return true;
}

/* The arXiv version: written with the id, or alone under its name. */
static bool write_version(void *u, const pc_map_row *row, bool *wrote)
{
    bib_writer *w = u;
    (void)row;
    *wrote = pc_record_has(w->rec, PC_F_ARXIV_ID);
    return true;
}

/* primaryclass, eprintclass: as they are. */
static bool write_plain(void *u, const pc_map_row *row, bool *wrote)
{
    bib_writer *w = u;
    (void)wrote;
    plain_field(w, row->name, row->field, pc_record_get(w->rec, row->field));
    return true;
}

static bool write_abstract(void *u, const pc_map_row *row, bool *wrote)
{
    bib_writer *w = u;
    (void)wrote;
    const pc_text *t = pc_record_text(w->rec, row->field);
    if (!field_open(w, row->name, row->field))
        return true;
    put_rich(w, t, row->name);
    if (t->truncated)
        pc_buf_puts(&w->entry, w->flags & PC_TEX_UNICODE ? ELLIPSIS : "{\\ldots}");
    field_close(w);
    return true;
}

/* type, pubstate, series: biblatex's localisation key for a text it has
 * one for ("PhD thesis" -> phdthesis); classic BibTeX writes the text,
 * and leaves out the thesis kind its entry type says already. */
static bool write_keyed(void *u, const pc_map_row *row, bool *wrote)
{
    bib_writer *w = u;
    (void)wrote;
    const char *s = pc_record_get(w->rec, row->field);
    const char *key = pc_bib_text_key(s);
    if (row->field == PC_F_GENRE) {
        const pc_bib_type *t = pc_bib_type_find(pc_bib_written_type(w->rec, w->dialect));
        if (t && t->genre && strcmp(t->genre, s) == 0)
            return true; /* @phdthesis says it */
    }
    plain_field(w, row->name, row->field, key && w->dialect == PC_BIB_BIBLATEX ? key : s);
    return true;
}

/* langid for a language tag babel has a name for (en-GB: british, or
 * english when langidopts says variant=british); else `language`. */
static bool write_langid(void *u, const pc_map_row *row, bool *wrote)
{
    bib_writer *w = u;
    const char *tag = pc_record_get(w->rec, row->field);
    const char *name = pc_bib_tag_langid(tag);
    const pc_extra *opts = name ? pc_record_extra(w->rec, NULL, "langidopts") : NULL;
    if (opts && strstr(opts->value, "variant=") && strcmp(pc_bib_langid_tag("english", 7), tag) != 0 &&
        strncmp(tag, "en-", 3) == 0)
        name = "english"; /* english with variant=british: as the source said */
    if (!name) {
        *wrote = false;
        return true;
    }
    plain_field(w, row->name, row->field, name);
    return true;
}

/* howpublished (@misc, @booklet) and note (the journal reference when
 * there is no note): when the name is free, else under another row. */
static bool write_if_free(void *u, const pc_map_row *row, bool *wrote)
{
    bib_writer *w = u;
    if (name_taken(w, row->name)) {
        *wrote = false;
        return true;
    }
    rich_field(w, row->name, pc_record_text(w->rec, row->field));
    return true;
}

static bool write_jref(void *u, const pc_map_row *row, bool *wrote)
{
    bib_writer *w = u;
    if (pc_record_has(w->rec, PC_F_NOTE)) {
        *wrote = false;
        return true;
    }
    return write_if_free(w, row, wrote);
}

/* The code of the fields a row cannot describe, by the handler its row
 * names (rows.def). */
static pc_map_write_fn *const writers[PC_BIB_N_HANDLERS] = {
    [PC_BIB_H_NAMES] = write_names,
    [PC_BIB_H_DATE] = write_date,
    [PC_BIB_H_TITLE] = write_title,
    [PC_BIB_H_PAGES] = write_pages,
    [PC_BIB_H_DOI] = write_doi,
    [PC_BIB_H_EPRINT] = write_eprint,
    [PC_BIB_H_VERSION] = write_version,
    [PC_BIB_H_CLASS] = write_plain,
    [PC_BIB_H_URL] = write_url,
    [PC_BIB_H_ABSTRACT] = write_abstract,
    [PC_BIB_H_KEYED] = write_keyed,
    [PC_BIB_H_LANGID] = write_langid,
    [PC_BIB_H_HOWPUBLISHED] = write_if_free,
    [PC_BIB_H_JREF] = write_jref,
};

/* ---- entries ---------------------------------------------------------------------------------- */

/* The kind our reader gives the entry written as `type` (@misc: none,
 * whose rows are a preprint's, as pc_map_write writes a record of no
 * kind).  The rows are chosen for it, not for the record's kind, so that
 * each value goes in the field that reads back into the same model field:
 * a periodical, a @book in classic BibTeX, has its own title in `title`,
 * not the journal's; an article with no journal, a @misc, its issue in
 * `issue`, not `number`. */
static pc_kind read_back_kind(const char *type)
{
    const pc_bib_type *t = pc_bib_type_find(type);
    return t && t->kind != PC_KIND_NONE ? t->kind : PC_KIND_PREPRINT;
}

/* A @preamble or @comment the reader met before this entry. */
static void put_bodies(bib_writer *w, const pc_record *rec)
{
    for (size_t i = 0; i < rec->n_extras; i++) {
        const pc_extra *e = &rec->extras[i];
        bool pre = strcmp(e->name, PC_BIB_X_PREAMBLE) == 0, com = strcmp(e->name, PC_BIB_X_COMMENT) == 0;
        if (!(pre || com) || !e->format || strcmp(e->format, PC_BIB_FAMILY) != 0)
            continue;
        if (!pc_latex_bibtex_balanced(e->value, strlen(e->value))) {
            pc_ctx_dropped(w->ctx, w->fmt, e->name);
            continue;
        }
        pc_buf_puts(&w->entry, pre ? "@preamble{" : "@comment{");
        pc_buf_puts(&w->entry, e->value);
        pc_buf_puts(&w->entry, "}\n\n");
    }
}

static const pc_map_sink sink = {.text = sink_text,
                                 .special = writers,
                                 .n_special = PC_BIB_N_HANDLERS,
                                 .extra = sink_extra,
                                 .joiner = ", ",
                                 .one_line = true,
                                 .family = PC_BIB_FAMILY};

/* keep.c: the values of an entry kept as written that changed since they
 * were read, after the fields kept (`names`, taken already). */
static void write_changed(void *u, const pc_record *view, const char *const *names, size_t n)
{
    bib_writer *w = u;
    for (size_t i = 0; i < n && w->n_names < PC_BIB_MAX_NAMES; i++)
        w->names[w->n_names++] = names[i];
    w->rec = view;
    pc_map_write(w->map, w->kind, view, w->ctx, w->fmt, &sink, w, NULL);
}

/* The rank of a field name among the rows written (--field-order=standard):
 * its row's place, or after every row. */
static long row_rank(void *u, const char *name, size_t n, pc_kind kind)
{
    bib_writer *w = u;
    const pc_map_row *row = pc_map_find(w->map, name, n, kind);
    const pc_map_row *rows = w->dialect == PC_BIB_CLASSIC ? pc_bib_classic_rows : pc_bib_biblatex_rows;
    return row && row >= rows && row < rows + PC_BIB_N_ROWS ? (long)(row - rows) : (long)PC_BIB_N_ROWS;
}

bool pc_bib_write(void *state, const pc_record *rec)
{
    bib_writer *w = state;
    pc_buf_clear(&w->entry);
    bool first = w->first;
    w->first = false;
    w->rec = rec;
    w->n_names = 0;
    w->as_editor = 0;
    /* puts, not printf: pc_buf_printf formats twice (measure, then write) */
    const char *type = pc_bib_written_type(rec, w->dialect);
    w->kind = read_back_kind(type);
    if (w->keep && pc_bib_keep_put(w->keep, &w->entry, rec, first, type, write_changed, w))
        return fwrite(w->entry.ptr, 1, w->entry.len, w->out) == w->entry.len;
    pc_bib_keep_around(&w->entry, rec, first, false); /* the text before it, if kept; a line end */
    put_bodies(w, rec);
    const pc_extra *kept = pc_record_extra(rec, PC_BIB_FAMILY, PC_BIB_X_TYPE);
    if (kept && strcmp(kept->value, type) != 0) /* @mvbook in classic BibTeX: @book */
        pc_ctx_dropped(w->ctx, w->fmt, "entry type (bibtex)");
    else if (!kept && strcmp(type, "misc") == 0 && rec->kind != PC_KIND_PREPRINT &&
             rec->kind != PC_KIND_NONE && rec->kind != PC_KIND_OTHER)
        pc_ctx_dropped(w->ctx, w->fmt, "kind"); /* a manuscript with no note: @misc */
    pc_buf_putc(&w->entry, '@');
    pc_buf_puts(&w->entry, type);
    pc_buf_putc(&w->entry, '{');
    if (rec->key)
        pc_buf_puts(&w->entry, rec->key);
    pc_buf_put(&w->entry, ",\n", 2);
    /* biblatex's magazine and newspaper articles */
    if (rec->kind == PC_KIND_ARTICLE_MAGAZINE || rec->kind == PC_KIND_ARTICLE_NEWSPAPER)
        plain_field(w, "entrysubtype", PC_F_NONE,
                    rec->kind == PC_KIND_ARTICLE_MAGAZINE ? "magazine" : "newspaper");
    pc_map_write(w->map, w->kind, rec, w->ctx, w->fmt, &sink, w, NULL);
    pc_buf_puts(&w->entry, "}\n");
    pc_bib_keep_around(&w->entry, rec, first, true);
    return fwrite(w->entry.ptr, 1, w->entry.len, w->out) == w->entry.len;
}

static void *begin(FILE *out, pc_ctx *ctx, pc_bib_dialect d)
{
    bib_writer *w = pc_xcalloc(1, sizeof *w);
    w->out = out;
    w->ctx = ctx;
    w->dialect = d;
    w->fmt = d == PC_BIB_CLASSIC ? "bibtex" : "biblatex";
    w->map = pc_map_new(d == PC_BIB_CLASSIC ? pc_bib_classic_rows : pc_bib_biblatex_rows, PC_BIB_N_ROWS,
                        PC_MAP_FOLD_CASE);
    /* biber reads UTF-8: biblatex gets it unless LaTeX is all it can hold */
    w->flags = ctx->opt.unicode || d == PC_BIB_BIBLATEX ? PC_TEX_UNICODE : 0;
    w->first = true;
    w->keep = pc_bib_keep_new(&ctx->opt.bib, row_rank, w);
    pc_buf_init(&w->entry);
    pc_buf_init(&w->tmp);
    pc_buf_init(&w->scratch);
    return w;
}

void *pc_bib_write_begin_classic(FILE *out, pc_ctx *ctx) { return begin(out, ctx, PC_BIB_CLASSIC); }
void *pc_bib_write_begin_biblatex(FILE *out, pc_ctx *ctx) { return begin(out, ctx, PC_BIB_BIBLATEX); }

bool pc_bib_write_end(void *state)
{
    bib_writer *w = state;
    if (w->rep.n_unencodable)
        pc_diag_emit(w->ctx, PC_SEV_NOTE, NULL, 0, 0,
                     "%s: %zu character(s) with no LaTeX form kept as UTF-8 (first U+%04X)", w->fmt,
                     w->rep.n_unencodable, (unsigned)w->rep.first_unencodable);
    pc_buf_free(&w->entry);
    pc_buf_free(&w->tmp);
    pc_buf_free(&w->scratch);
    pc_map_free(w->map);
    pc_bib_keep_free(w->keep);
    pc_free(w);
    return true;
}
