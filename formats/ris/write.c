/* SPDX-License-Identifier: MIT */
/* write.c — the RIS writer.
 *
 * One record = "TY  - " ... "ER  - ", one tag per line, CRLF line ends (as
 * the RIS specification and Zotero write them), UTF-8, no blank line
 * between records.  Each value is folded onto its line (line breaks, tabs,
 * other control characters, U+2028/U+2029 become spaces), so no value can
 * span lines or start a tag.  The record's text is built in a buffer and
 * written at once.
 *
 * TY is the kind's own code, else its broader kind's (map.c); ID is the
 * citation key; every other tag comes from the map through pc_map_write,
 * in the order of its rows, the rows of the kind TY reads back as (a kind
 * with no code of its own is read back as the kind whose code it borrows,
 * so only that kind's tags come back as they were written: an interview,
 * written GEN, has no tag for its interviewer, which is counted), with
 * code for the special rows: names ("Family, Given, Suffix", an author's
 * AD lines right after its AU), dates (PY the year, DA "YYYY/MM/DD/"; a
 * date as written beside its parts on a second line of its tag), pages
 * (SP, EP), J2 (only with the container it abbreviates), the URLs
 * (percent-encoded where a reader would cut them), the abstract (a
 * truncated one ends in "…"), the
 * note and the journal reference (each on its N1 line), the arXiv id ("AN  -
 * arXiv:2610.01234v2 [cs.LG]", arXiv's citation form).  Pass-through values
 * the RIS reader kept are written back under their own tags; everything the
 * record holds that RIS cannot is counted (pc_ctx_dropped, shown by -v). */
#include "dialect.h"

#include <stdlib.h>

#define ELLIPSIS "\xE2\x80\xA6" /* "…" */
#define JREF_PREFIX "Journal reference: "

static const char fmt_name[] = "ris"; /* for pc_ctx_dropped, which keeps the pointer */

typedef struct ris_writer {
    FILE *out;
    pc_ctx *ctx;
    const pc_record *r; /* the record being written */
    ris_dialect dialect; /* the database dialect it was read in (dialect.h) */
    pc_kind kind;       /* the kind its TY reads back as: whose rows it is written with */
    pc_map *map;        /* pc_ris_rows */
    pc_buf rec;  /* its text */
    pc_buf tmp;  /* a name, a URL, a date being built */
    bool markup; /* a text of the record had italic/bold */
    bool nocase; /* ... or case-protected words */
    const pc_ris_type *types[PC_KIND_COUNT]; /* the TY of each kind, found once */
} ris_writer;

void *pc_ris_write_begin(FILE *out, pc_ctx *ctx)
{
    ris_writer *w = pc_xcalloc(1, sizeof *w);
    w->out = out;
    w->ctx = ctx;
    w->map = pc_map_new(pc_ris_rows, pc_ris_n_rows, 0);
    pc_buf_init(&w->rec);
    pc_buf_init(&w->tmp);
    return w;
}

bool pc_ris_write_end(void *state)
{
    ris_writer *w = state;
    pc_map_free(w->map);
    pc_buf_free(&w->rec);
    pc_buf_free(&w->tmp);
    pc_free(w);
    return true;
}

/* Appends "TAG  - value\r\n" with the value folded onto one line; nothing
 * when the folded value is empty.  `tail` (may be NULL) is appended to a
 * non-empty value.  The value is folded straight into the record and the
 * line taken back if it came out empty: no temporary copy, no printf (which
 * measured and then formatted every value, abstracts included). */
static void put_tag2(ris_writer *w, const char *tag, const char *v, const char *tail)
{
    if (!v)
        return;
    size_t mark = w->rec.len;
    pc_buf_puts(&w->rec, tag);
    pc_buf_puts(&w->rec, "  - ");
    size_t value = w->rec.len;
    pc_line_fold(&w->rec, v, strlen(v));
    if (w->rec.len == value) {
        pc_buf_truncate(&w->rec, mark);
        return;
    }
    if (tail)
        pc_buf_puts(&w->rec, tail);
    pc_buf_put(&w->rec, "\r\n", 2);
}

static void put_tag(ris_writer *w, const char *tag, const char *v) { put_tag2(w, tag, v, NULL); }

/* ---- names --------------------------------------------------------------------------- */

/* Appends the particles, dropping one first ("de la"), and a space; nothing
 * when there is none.  RIS has one place for them, before the family name. */
static void put_particles(pc_buf *v, const pc_name *nm)
{
    if (nm->dparticle && *nm->dparticle) {
        pc_buf_puts(v, nm->dparticle);
        pc_buf_putc(v, ' ');
    }
    if (nm->particle && *nm->particle) {
        pc_buf_puts(v, nm->particle);
        pc_buf_putc(v, ' ');
    }
}

/* "Family, Given, Suffix" with the particles in front of the family name;
 * organisations (and a name with no family part) as one value. */
static void put_name(ris_writer *w, const char *tag, const pc_name *nm)
{
    pc_buf *v = &w->tmp; /* reused: no allocation per name */
    pc_buf_clear(v);
    if (nm->literal || !nm->family) {
        const char *lit = nm->literal ? nm->literal : nm->given;
        if (lit)
            pc_buf_puts(v, lit);
    } else {
        put_particles(v, nm);
        pc_buf_puts(v, nm->family);
        bool given = nm->given && *nm->given, suffix = nm->suffix && *nm->suffix;
        if (given || suffix) {
            pc_buf_puts(v, ", ");
            if (given)
                pc_buf_puts(v, nm->given);
        }
        if (suffix) {
            pc_buf_puts(v, ", "); /* "Family, , Jr." without a given name */
            pc_buf_puts(v, nm->suffix);
        }
    }
    put_tag(w, tag, v->ptr);
}

/* The names of one role, an author's affiliations as AD lines after its
 * AU (RIS has AD for authors only). */
static bool put_names(void *u, const pc_map_row *row, bool *wrote)
{
    ris_writer *w = u;
    const pc_names *l = pc_record_names(w->r, row->field);
    (void)wrote;
    bool author = row->field == PC_F_AUTHOR, aff = false, orcid = false;
    /* a dialect's own lines (Embase M1, Ovid AI) hold them, kept as they were */
    bool own_aff = author && w->dialect && pc_ris_dialect_own_affiliations(w->dialect, w->r);
    /* where AD is the record's (Scopus, WoS), an AD after an AU would read back so */
    bool no_ad = author && !own_aff && w->dialect && pc_ris_dialect_record_ad(w->dialect);
    bool own_orcid = author && w->dialect && pc_ris_dialect_own_orcid(w->dialect, w->r);
    for (size_t i = 0; i < l->n; i++) {
        const pc_name *nm = &l->items[i];
        put_name(w, row->name, nm);
        for (size_t k = 0; author && !own_aff && !no_ad && k < nm->affiliations.n; k++)
            put_tag(w, "AD", nm->affiliations.items[k]);
        aff |= (!author || no_ad) && nm->affiliations.n;
        orcid |= nm->orcid != NULL && !own_orcid;
    }
    if (aff)
        pc_ctx_dropped(w->ctx, fmt_name, no_ad ? "affiliation (the dialect's AD lines are the record's)" : "affiliation (not an author's)");
    if (orcid)
        pc_ctx_dropped(w->ctx, fmt_name, "ORCID");
    if (l->et_al)
        pc_ctx_dropped(w->ctx, fmt_name, author ? "et al. (cut author list)" : "et al. (cut name list)");
    return true;
}

/* ---- dates --------------------------------------------------------------------------- */

/* "YYYY/MM/DD/" with empty unknown parts ("2026/10//"); a year before 1 as
 * EDTF ("-0876"), which the reader takes back. */
static void put_ris_date(pc_buf *b, const pc_date *d)
{
    if (d->year <= 0) {
        pc_date_edtf(&(pc_date){.year = d->year, .month = d->month, .day = d->day}, b);
        return;
    }
    pc_buf_put_int(b, d->year, 4);
    pc_buf_putc(b, '/');
    if (d->month)
        pc_buf_put_int(b, d->month, 2);
    pc_buf_putc(b, '/');
    if (d->day)
        pc_buf_put_int(b, d->day, 2);
    pc_buf_putc(b, '/');
}

/* True if the literal of a date is a RIS date of the same parts
 * ("2026/10/02/14:03:11", as the RIS reader keeps it): written as it is. */
static bool literal_is_ris(const char *lit, const pc_date *d)
{
    pc_date p;
    return lit && pc_ris_parse_date(lit, strlen(lit), &p) == PC_RIS_DATE_PARTS &&
           !memcmp(&p, d, sizeof p);
}

/* True if the date as written `lit`, beside parts, can be the second line
 * of its tag (Y2, C1), which the reader takes back as the date as written:
 * a value that does not read as a date.  Not for the issued date (a literal
 * beside PY and DA is kept as it is, as a real file's "DA  - Spring" is)
 * nor for OP (a value that is not a date is the original title). */
static bool literal_second_line(const pc_map_row *row, const char *lit)
{
    pc_date p;
    return row->field != PC_F_ISSUED && row->field != PC_F_ORIGINAL_DATE &&
           pc_ris_parse_date(lit, strlen(lit), &p) == PC_RIS_DATE_LITERAL;
}

/* Counts what a RIS date cannot hold: a range's end, a season, circa,
 * uncertain, open ends, and a literal that is not a RIS date and cannot be
 * a second line. */
static void count_date_losses(ris_writer *w, const pc_map_row *row, const pc_date *d, const char *lit)
{
    const char *name = pc_field_get(row->field)->name;
    if (d->end_year || d->season || d->flags) {
        pc_buf_clear(&w->tmp);
        pc_buf_printf(&w->tmp, "%s: range, season, circa or uncertain", name);
        pc_ctx_dropped(w->ctx, fmt_name, w->tmp.ptr);
    }
    if (lit && !literal_is_ris(lit, d) && !literal_second_line(row, lit)) {
        pc_buf_clear(&w->tmp);
        pc_buf_printf(&w->tmp, "%s as written", name);
        pc_ctx_dropped(w->ctx, fmt_name, w->tmp.ptr);
    }
}

/* A date field: the issued date as PY (the year) and DA (the whole date,
 * for a year after 0); any other as one "YYYY/MM/DD/" line, and the date
 * as written on a second line when it can be ("Y2  - early March 2024");
 * a literal date as written (not for OP, where it would read back as a
 * title). */
static bool put_date(void *u, const pc_map_row *row, bool *wrote)
{
    ris_writer *w = u;
    const pc_date *d = pc_record_date(w->r, row->field);
    const char *lit = pc_record_date_literal(w->r, row->field);
    if (!d) {
        if (row->field == PC_F_ORIGINAL_DATE)
            *wrote = false;
        else
            put_tag(w, row->name, lit);
        return true;
    }
    count_date_losses(w, row, d, lit);
    pc_buf_clear(&w->tmp);
    bool as_is = literal_is_ris(lit, d);
    if (as_is)
        pc_buf_puts(&w->tmp, lit);
    else
        put_ris_date(&w->tmp, d);
    if (row->field != PC_F_ISSUED) {
        put_tag(w, row->name, w->tmp.ptr);
        if (lit && !as_is && literal_second_line(row, lit))
            put_tag(w, row->name, lit);
    } else if (d->year <= 0) {
        put_tag(w, "PY", w->tmp.ptr);
    } else {
        pc_buf_puts(&w->rec, "PY  - ");
        pc_buf_put_int(&w->rec, d->year, 4);
        pc_buf_puts(&w->rec, "\r\n");
        put_tag(w, "DA", w->tmp.ptr);
    }
    return true;
}

/* ---- pages, links, identifiers ------------------------------------------------------- */

/* "310-324", "310--324", "310–324" as SP and EP.  A book's, thesis' or
 * manuscript's lone SP reads back as its number of pages: a page with no
 * range of such a record is not written (counted). */
/* Where the first part of a page range ends ("12" of "12-15"); 0 when
 * pages is no range (one page, or "-3"). */
static size_t range_first(const char *pages, size_t n)
{
    size_t i = 0;
    while (i < n && !pc_ris_dash_len(pages + i, n - i))
        i++;
    return i == n ? 0 : i;
}

static bool put_pages(void *u, const pc_map_row *row, bool *wrote)
{
    ris_writer *w = u;
    const char *pages = pc_record_get(w->r, row->field);
    size_t n = strlen(pages), i = range_first(pages, n);
    if (i == 0) {
        if (pc_ris_kind_in(pc_ris_numpages_kinds, w->kind))
            *wrote = false;
        else
            put_tag(w, "SP", pages);
        return true;
    }
    pc_buf_clear(&w->tmp);
    pc_buf_put(&w->tmp, pages, i);
    for (size_t d; (d = pc_ris_dash_len(pages + i, n - i)) > 0;)
        i += d;
    put_tag(w, "SP", w->tmp.ptr);
    put_tag(w, "EP", pages + i); /* nothing written if empty ("12-") */
    return true;
}

/* SP of a book, a thesis, a manuscript: its number of pages, when no page
 * range holds the place. */
static bool put_numpages(void *u, const pc_map_row *row, bool *wrote)
{
    ris_writer *w = u;
    const char *page = pc_record_get(w->r, PC_F_PAGE);
    if (page && range_first(page, strlen(page)))
        *wrote = false;
    else
        put_tag(w, row->name, pc_record_get(w->r, row->field));
    return true;
}

/* "UR  - URL" with what would cut the URL percent-encoded: a space (a
 * reader splits a UR value at spaces), and the control characters and line
 * separators folding turns into spaces; bytes that are not UTF-8 too.
 * Everything else, '%' and non-ASCII letters (IRIs) included, as it is. */
static void put_url(ris_writer *w, const char *url)
{
    static const char hex[] = "0123456789ABCDEF";
    pc_buf *u = &w->tmp;
    pc_buf_clear(u);
    for (size_t i = 0, n = strlen(url); i < n;) {
        size_t run = i; /* printable ASCII (nearly all of a URL) goes in runs */
        while (run < n && (unsigned char)url[run] > 0x20 && (unsigned char)url[run] < 0x7f)
            run++;
        if (run > i) {
            pc_buf_put(u, url + i, run - i);
            i = run;
            continue;
        }
        unsigned char c = (unsigned char)url[i];
        int32_t cp = c;
        int len = c < 0x80 ? 1 : pc_utf8_next(url + i, n - i, &cp);
        if (len < 1) {
            len = 1;
            cp = 0;
        }
        if (cp > 0x20 && !pc_unicode_is_breaking(cp)) {
            pc_buf_put(u, url + i, (size_t)len);
        } else {
            for (int k = 0; k < len; k++) {
                unsigned char b = (unsigned char)url[i + (size_t)k];
                pc_buf_putc(u, '%');
                pc_buf_putc(u, hex[b >> 4]);
                pc_buf_putc(u, hex[b & 15]);
            }
        }
        i += (size_t)len;
    }
    put_tag(w, "UR", u->ptr);
}

/* Every URL on its UR line. */
static bool put_urls(void *u, const pc_map_row *row, bool *wrote)
{
    ris_writer *w = u;
    const pc_strlist *urls = pc_record_list(w->r, row->field);
    (void)wrote;
    for (size_t i = 0; i < urls->n; i++)
        put_url(w, urls->items[i]);
    return true;
}

/* "AN  - arXiv:ID[vN][ [class]]": the accession number in arXiv's own
 * citation form. */
static bool put_arxiv(void *u, const pc_map_row *row, bool *wrote)
{
    ris_writer *w = u;
    (void)row;
    (void)wrote;
    const char *version = pc_record_get(w->r, PC_F_ARXIV_VERSION);
    const char *class = pc_record_get(w->r, PC_F_ARXIV_CLASS);
    pc_buf *a = &w->tmp;
    pc_buf_clear(a);
    pc_buf_puts(a, "arXiv:");
    pc_buf_puts(a, pc_record_get(w->r, PC_F_ARXIV_ID));
    if (version) {
        pc_buf_putc(a, 'v');
        pc_buf_puts(a, version);
    }
    if (class) {
        pc_buf_puts(a, " [");
        pc_buf_puts(a, class);
        pc_buf_putc(a, ']');
    }
    put_tag(w, "AN", a->ptr);
    return true;
}

/* ---- the sink ----------------------------------------------------------------------------- */

static bool ris_text(void *u, const pc_map_row *row, const pc_text *t)
{
    ris_writer *w = u;
    w->markup |= t->markup.n > 0;
    w->nocase |= t->protected_words.n > 0;
    put_tag(w, row->name, t->s);
    return true;
}

static bool ris_item(void *u, const pc_map_row *row, const char *item)
{
    put_tag(u, row->name, item);
    return true;
}

/* A text as it is (DO, SN, AN, M3, OP, N1). */
static bool put_text(void *u, const pc_map_row *row, bool *wrote)
{
    ris_writer *w = u;
    (void)wrote;
    return ris_text(w, row, pc_record_text(w->r, row->field));
}

/* ISSNs or ISBNs joined with ", " (as the readers keep several), one SN
 * line each; a value whose parts do not all have the shape is one line. */
static bool put_serials(void *u, const pc_map_row *row, bool *wrote)
{
    ris_writer *w = u;
    const pc_text *t = pc_record_text(w->r, row->field);
    (void)wrote;
    bool (*looks)(const char *, size_t) = row->field == PC_F_ISSN ? pc_ris_looks_issn : pc_ris_looks_isbn;
    const char *end = t->s + strlen(t->s);
    for (int pass = 0; pass < 2; pass++) { /* check every part, then write them */
        for (const char *p = t->s, *e; p <= end; p = e + 2) {
            e = p;
            while ((e = memchr(e, ',', (size_t)(end - e))) != NULL && e[1] != ' ')
                e++;
            e = e ? e : end;
            if (pass == 0 && !looks(p, (size_t)(e - p)))
                return ris_text(w, row, t);
            if (pass == 1) {
                pc_buf_clear(&w->tmp);
                pc_buf_put(&w->tmp, p, (size_t)(e - p));
                put_tag(w, row->name, w->tmp.ptr);
            }
        }
    }
    return true;
}

/* J2: the reader takes a J2 alone for the container (Nature's exports
 * give only the abbreviation): not written when the record's container
 * has no tag for this kind (a book's T2 is its series). */
static bool put_j2(void *u, const pc_map_row *row, bool *wrote)
{
    ris_writer *w = u;
    if (pc_record_has(w->r, PC_F_CONTAINER_TITLE) && !pc_map_writes(w->map, w->kind, PC_F_CONTAINER_TITLE)) {
        *wrote = false;
        return true;
    }
    return put_text(w, row, wrote);
}

/* AB: a truncated abstract ends in "…". */
static bool put_abstract(void *u, const pc_map_row *row, bool *wrote)
{
    ris_writer *w = u;
    const pc_text *t = pc_record_text(w->r, row->field);
    (void)wrote;
    w->markup |= t->markup.n > 0;
    put_tag2(w, row->name, t->s, t->truncated ? ELLIPSIS : NULL);
    return true;
}

/* The journal reference on an N1 line of its own: the reader takes it back. */
static bool put_jref(void *u, const pc_map_row *row, bool *wrote)
{
    ris_writer *w = u;
    (void)wrote;
    pc_buf_clear(&w->tmp);
    pc_buf_puts(&w->tmp, JREF_PREFIX);
    pc_buf_puts(&w->tmp, pc_record_get(w->r, row->field));
    put_tag(w, row->name, w->tmp.ptr);
    return true;
}

/* The code of the special rows, by the handler its row names (map.c). */
static pc_map_write_fn *const writers[PC_RIS_N_HANDLERS] = {
    [PC_RIS_H_NAMES] = put_names,
    [PC_RIS_H_DATE] = put_date,
    [PC_RIS_H_PAGES] = put_pages,
    [PC_RIS_H_NUMPAGES] = put_numpages,
    [PC_RIS_H_NUMBER] = put_text,
    [PC_RIS_H_SERIAL] = put_serials,
    [PC_RIS_H_DOI] = put_text,
    [PC_RIS_H_ARXIV] = put_arxiv,
    [PC_RIS_H_ACCESSION] = put_text,
    [PC_RIS_H_MEDIUM] = put_text,
    [PC_RIS_H_J2] = put_j2,
    [PC_RIS_H_ORIGINAL_TITLE] = put_text,
    [PC_RIS_H_URL] = put_urls,
    [PC_RIS_H_ABSTRACT] = put_abstract,
    [PC_RIS_H_NOTE] = put_text,
    [PC_RIS_H_JREF] = put_jref,
};

/* A pass-through value the RIS reader kept, under its own tag. */
static bool ris_extra(void *u, const pc_extra *e)
{
    ris_writer *w = u;
    const char *t = e->name;
    if (strlen(t) == 2 && pc_is_upper((unsigned char)t[0]) &&
        (pc_is_upper((unsigned char)t[1]) || pc_is_digit((unsigned char)t[1])))
        put_tag(w, t, e->value);
    else
        pc_ctx_dropped(w->ctx, fmt_name, t);
    return true;
}

/* What the arXiv line writes besides the id. */
static const pc_field ris_own[] = {PC_F_ARXIV_VERSION, PC_F_ARXIV_CLASS, PC_F_NONE};

bool pc_ris_write_record(void *state, const pc_record *r)
{
    static const pc_map_sink sink = {.text = ris_text,
                                     .item = ris_item,
                                     .special = writers,
                                     .n_special = PC_RIS_N_HANDLERS,
                                     .extra = ris_extra,
                                     .one_line = true};
    ris_writer *w = state;
    pc_kind k = pc_ris_kind_of(r);
    if (!w->types[k])
        w->types[k] = pc_ris_type_of_kind(k);
    w->r = r;
    w->kind = w->types[k]->kind;
    w->markup = w->nocase = false;
    pc_buf_clear(&w->rec);
    pc_buf_puts(&w->rec, "TY  - ");
    pc_buf_puts(&w->rec, w->types[k]->code);
    pc_buf_puts(&w->rec, "\r\n");
    put_tag(w, "ID", r->key);
    const pc_field *skip = ris_own;
    pc_field dialect_skip[32];
    w->dialect = pc_record_has(r, PC_F_RIS_DIALECT) ? pc_ris_dialect_find(pc_record_get(r, PC_F_RIS_DIALECT))
                                                    : RIS_D_NONE;
    if (w->dialect) {
        pc_ris_dialect_skip(w->dialect, r, ris_own, dialect_skip, sizeof dialect_skip / sizeof *dialect_skip);
        skip = dialect_skip;
    }
    pc_map_write(w->map, w->kind, r, w->ctx, fmt_name, &sink, w, skip);
    if (w->dialect)
        pc_ris_dialect_write(w->dialect, r, &w->rec, &w->tmp);
    pc_buf_puts(&w->rec, "ER  - \r\n");
    if (!pc_record_has(r, PC_F_ARXIV_ID))
        for (const pc_field *f = ris_own; *f; f++)
            if (pc_record_has(r, *f))
                pc_ctx_dropped(w->ctx, fmt_name, pc_field_get(*f)->name);
    if (w->markup)
        pc_ctx_dropped(w->ctx, fmt_name, "italic/bold (text kept)");
    if (w->nocase)
        pc_ctx_dropped(w->ctx, fmt_name, "case protection (text kept)");
    return fwrite(w->rec.ptr, 1, w->rec.len, w->out) == w->rec.len;
}
