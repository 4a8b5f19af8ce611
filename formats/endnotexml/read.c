/* SPDX-License-Identifier: MIT */
/* read.c — the EndNote XML reader.
 *
 * The shared XML reader (io/xmlread.h) hands over each <record> under
 * <records> as items; <style> elements are inline (their face: italic,
 * bold, superscript, subscript become spans; underline, font, size are
 * dropped; a font="Symbol" run is kept as its letters, with a -v note).
 * Once the record is complete its ref-type gives the kind (the name first:
 * Mendeley writes numbers that contradict it; then the number; else a
 * journal article, with a warning), and every element with text is mapped
 * by its path through the rows of map.c: TEXT, LIST and SPLIT rows by the
 * generic map code, SPECIAL rows here (names, dates, identifiers), EXTRA
 * rows and elements no row names as pass-through values.
 *
 * Text: runs of white space (the file's own line breaks and indentation,
 * pretty-printers' and people's re-wrapping) fold to one space; a CR,
 * which only a character reference (&#xD;, EndNote's line break) can put
 * in XML text, breaks the line: the abstract and the notes keep their
 * lines, and auth-address and isbn hold one item per line. */
#include "endnotexml.h"
#include "io/xmlchunk.h"
#include "io/xmlread.h"

#include <stdlib.h>

static const char fmt_name[] = "endnotexml"; /* pass-through values' family: a static name */

typedef struct enx_reader {
    pc_ctx *ctx;
    pc_xr *xr;
    pc_map *map;
    pc_xr_config cfg;
    bool symbol_noted;
    /* the record being built */
    pc_record *rec;
    const pc_enx_type *type;
    unsigned long line;
    const char *year, *date; /* dates/year, dates/pub-dates/date (raw item text) */
    size_t year_n, date_n;
    unsigned long date_line;
    pc_buf container, container_short, accession, serials;
    pc_buf tmp, tmp2;
    pc_spanlist spans;
} enx_reader;

static const pc_xr_record enx_records[] = {{"record", "records"}};
/* their local names, for the cuts of -j */
static const char *const enx_rec_names[] = {"record", NULL};
PC_XML_CHUNKER(pc_enx_chunker, enx_rec_names);
static const char *const enx_roots[] = {"xml", NULL};

/* <style face="bold italic"> inside a value: the marks of its faces. */
static unsigned style_marks(void *user, pc_xr *xr, const char *local, const char *ns)
{
    enx_reader *r = user;
    if (ns || strcmp(local, "style") != 0)
        return PC_XR_BLOCK;
    const char *font = pc_xr_cur_attr(xr, "font");
    if (font && !pc_strcasecmp(font, "Symbol") && !r->symbol_noted) {
        pc_diag_emit(r->ctx, PC_SEV_NOTE, pc_xr_file(xr), pc_xr_line(xr), 0,
                     "a run in the Symbol font is kept as its letters (Symbol's a is an alpha)");
        r->symbol_noted = true;
    }
    const char *face = pc_xr_cur_attr(xr, "face");
    static const struct {
        const char *name;
        pc_mark mark;
    } faces[] = {{"italic", PC_MARK_ITALIC}, {"bold", PC_MARK_BOLD}, {"superscript", PC_MARK_SUP},
                 {"subscript", PC_MARK_SUB}};
    unsigned marks = 0;
    for (const char *p = face; p && *p;) {
        while (*p == ' ')
            p++;
        const char *e = p;
        while (*e && *e != ' ')
            e++;
        for (size_t i = 0; i < sizeof faces / sizeof *faces; i++)
            if ((size_t)(e - p) == strlen(faces[i].name) && !memcmp(p, faces[i].name, (size_t)(e - p)))
                marks |= 1u << faces[i].mark;
        p = e;
    }
    return marks;
}

void *pc_enx_read_open(pc_source *src, pc_ctx *ctx)
{
    enx_reader *r = pc_xcalloc(1, sizeof *r);
    r->ctx = ctx;
    r->cfg = (pc_xr_config){.desc = "an EndNote XML file", .what = "record", .roots = enx_roots,
                            .records = enx_records, .n_records = 1, .inline_marks = style_marks, .user = r};
    r->xr = pc_xr_open(src, ctx, &r->cfg);
    if (!r->xr) {
        pc_free(r);
        return NULL;
    }
    r->map = pc_map_new(pc_enx_rows, pc_enx_n_rows, 0);
    pc_buf_init(&r->container);
    pc_buf_init(&r->container_short);
    pc_buf_init(&r->accession);
    pc_buf_init(&r->serials);
    pc_buf_init(&r->tmp);
    pc_buf_init(&r->tmp2);
    return r;
}

void pc_enx_read_close(void *state)
{
    enx_reader *r = state;
    if (!r)
        return;
    pc_xr_close(r->xr);
    pc_map_free(r->map);
    pc_buf_free(&r->container);
    pc_buf_free(&r->container_short);
    pc_buf_free(&r->accession);
    pc_buf_free(&r->serials);
    pc_buf_free(&r->tmp);
    pc_buf_free(&r->tmp2);
    pc_spanlist_clear(&r->spans);
    pc_free(r);
}

/* ---- values ------------------------------------------------------------------------- */

/* The text of an item into r->tmp (and its markup into r->spans when
 * `rich`), read as `flags` say. */
static void item_text(enx_reader *r, const pc_xr_item *it, unsigned flags, bool rich)
{
    pc_buf_clear(&r->tmp);
    pc_spanlist_clear(&r->spans);
    pc_xr_text(it->text, it->text_n, flags | (rich ? 0 : PC_XR_PLAIN), &r->tmp, rich ? &r->spans : NULL);
}

static void keep(enx_reader *r, const pc_xr_item *it)
{
    item_text(r, it, PC_XR_CR_LINES, false);
    if (r->tmp.len)
        pc_record_add_extra(r->rec, fmt_name, it->path, it->path_n, r->tmp.ptr, r->tmp.len);
}

/* One name: "Family, Given", "Family, Given, Jr.", "Family, Jr., Given"
 * (BibTeX's order), "Name," (EndNote's corporate author: a trailing
 * comma), "Given Family" or an organisation without a comma. */
static void read_name(const char *s, size_t n, pc_name *nm)
{
    while (n && (s[n - 1] == ' '))
        n--;
    if (n && s[n - 1] == ',') { /* corporate */
        n--;
        while (n && s[n - 1] == ' ')
            n--;
        nm->literal = pc_xstrndup(s, n);
        return;
    }
    const char *c1 = memchr(s, ',', n);
    if (!c1) {
        pc_name_parse(s, n, nm);
        return;
    }
    const char *rest = c1 + 1, *end = s + n;
    const char *c2 = memchr(rest, ',', (size_t)(end - rest));
    pc_buf fam = PC_BUF_INIT, giv = PC_BUF_INIT, suf = PC_BUF_INIT;
    pc_buf_put_folded(&fam, s, (size_t)(c1 - s));
    if (c2) {
        const char *p2 = c2 + 1;
        pc_buf a = PC_BUF_INIT, b = PC_BUF_INIT;
        pc_buf_put_folded(&a, rest, (size_t)(c2 - rest));
        pc_buf_put_folded(&b, p2, (size_t)(end - p2));
        if (pc_name_is_suffix(b.ptr, b.len)) { /* Family, Given, Jr. */
            pc_buf_put(&giv, a.ptr, a.len);
            pc_buf_put(&suf, b.ptr, b.len);
        } else if (pc_name_is_suffix(a.ptr, a.len)) { /* Family, Jr., Given */
            pc_buf_put(&giv, b.ptr, b.len);
            pc_buf_put(&suf, a.ptr, a.len);
        } else {
            pc_buf_put(&giv, a.ptr, a.len);
            pc_buf_puts(&giv, ", ");
            pc_buf_put(&giv, b.ptr, b.len);
        }
        pc_buf_free(&a);
        pc_buf_free(&b);
    } else {
        pc_buf_put_folded(&giv, rest, (size_t)(end - rest));
        const char *sp = giv.len ? strrchr(giv.ptr, ' ') : NULL; /* "Test Jr." */
        if (sp && pc_name_is_suffix(sp + 1, strlen(sp + 1))) {
            pc_buf_puts(&suf, sp + 1);
            pc_buf_truncate(&giv, (size_t)(sp - giv.ptr));
        }
    }
    pc_name_from_parts(giv.len ? giv.ptr : NULL, fam.len ? fam.ptr : NULL, suf.len ? suf.ptr : NULL, nm);
    pc_buf_free(&fam);
    pc_buf_free(&giv);
    pc_buf_free(&suf);
}

static void add_name(enx_reader *r, const pc_map_row *row, const pc_xr_item *it)
{
    item_text(r, it, PC_XR_FOLD, false);
    if (!r->tmp.len)
        return;
    pc_field role = r->type && r->type->edited && row->field == PC_F_AUTHOR ? PC_F_EDITOR : row->field;
    read_name(r->tmp.ptr, r->tmp.len, pc_record_add_name(r->rec, role));
}

/* A date field other than the issued date: parts, else kept as written. */
static void read_date(enx_reader *r, pc_field f, const pc_xr_item *it)
{
    item_text(r, it, PC_XR_FOLD, false);
    pc_date d;
    if (pc_date_parse_loose(r->tmp.ptr, r->tmp.len, 0, &d))
        pc_record_set_date(r->rec, f, &d);
    else
        pc_record_set_date_literal(r->rec, f, r->tmp.ptr, r->tmp.len);
}

/* Appends the item's lines to b, one per line ("\n" between). */
static void add_lines(enx_reader *r, pc_buf *b, const pc_xr_item *it)
{
    item_text(r, it, PC_XR_CR_LINES, false);
    if (!r->tmp.len)
        return;
    if (b->len)
        pc_buf_putc(b, '\n');
    pc_buf_put(b, r->tmp.ptr, r->tmp.len);
}

/* The special rows, by field. */
static void read_special(enx_reader *r, const pc_map_row *row, const pc_xr_item *it)
{
    const pc_field_info *fi = pc_field_get(row->field);
    if (fi && fi->kind == PC_FK_NAME) {
        add_name(r, row, it);
        return;
    }
    switch (row->field) {
    case PC_F_ISSUED:
        if (!strcmp(it->path, "dates/year")) {
            r->year = it->text, r->year_n = it->text_n;
        } else {
            r->date = it->text, r->date_n = it->text_n;
            r->date_line = it->line;
        }
        break;
    case PC_F_ACCESSED:
    case PC_F_SUBMITTED:
    case PC_F_AVAILABLE_DATE: read_date(r, row->field, it); break;
    case PC_F_CONTAINER_TITLE: /* periodical/full-title: a fallback */
        if (!r->container.len)
            add_lines(r, &r->container, it);
        break;
    case PC_F_CONTAINER_TITLE_SHORT:
        if (!r->container_short.len)
            add_lines(r, &r->container_short, it);
        break;
    case PC_F_PMID: add_lines(r, &r->accession, it); break;
    case PC_F_ISBN:
    case PC_F_ISSN:
    case PC_F_NUMBER: add_lines(r, &r->serials, it); break;
    case PC_F_DOI:
        item_text(r, it, PC_XR_CR_LINES, false);
        for (const char *p = r->tmp.ptr, *e; *p; p = *e ? e + 1 : e) {
            e = strchr(p, '\n');
            e = e ? e : p + strlen(p);
            if (!pc_record_has(r->rec, PC_F_DOI) && pc_record_set_doi(r->rec, p, (size_t)(e - p)))
                continue;
            pc_record_add_extra(r->rec, fmt_name, it->path, it->path_n, p, (size_t)(e - p));
        }
        break;
    case PC_F_PMCID:
        item_text(r, it, PC_XR_FOLD, false);
        if (r->tmp.len > 3 && !pc_strncasecmp(r->tmp.ptr, "PMC", 3) && strspn(r->tmp.ptr + 3, "0123456789") == r->tmp.len - 3)
            pc_record_set(r->rec, PC_F_PMCID, r->tmp.ptr, r->tmp.len);
        else
            keep(r, it);
        break;
    case PC_F_ABSTRACT:
        item_text(r, it, PC_XR_CR_LINES, true);
        pc_record_set_abstract(r->rec, r->tmp.ptr, r->tmp.len, &r->spans, false);
        break;
    case PC_F_NOTE:
        item_text(r, it, PC_XR_CR_LINES, false);
        pc_record_note_split(r->rec, r->tmp.ptr, r->tmp.len);
        break;
    case PC_F_CITATION_LABEL:
        item_text(r, it, PC_XR_FOLD, false);
        if (r->tmp.len && !strchr(r->tmp.ptr, ' ') && !r->rec->key)
            r->rec->key = pc_xstrdup(r->tmp.ptr);
        else
            pc_record_set(r->rec, PC_F_CITATION_LABEL, r->tmp.ptr, r->tmp.len);
        break;
    default: break;
    }
}

/* ---- the record ------------------------------------------------------------------------ */

/* The ref-type of the record (its name, else its number). */
static const pc_enx_type *record_type(enx_reader *r, const pc_xr_item *items, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const pc_xr_item *it = &items[i];
        if (it->type != PC_XR_CLOSE || it->depth != 1 || strcmp(it->path, "ref-type") != 0)
            continue;
        const char *name = pc_xr_item_attr(it, "name");
        const pc_enx_type *t = name ? pc_enx_type_by_name(name) : NULL;
        item_text(r, it, PC_XR_FOLD, false);
        if (!t && r->tmp.len)
            t = pc_enx_type_by_number(atoi(r->tmp.ptr));
        if (!t)
            pc_diag_emit(r->ctx, PC_SEV_WARNING, pc_xr_file(r->xr), it->line, 0,
                         "unknown ref-type %s%s%s%s: read as a journal article", name ? "\"" : "",
                         name ? name : "", name ? "\" " : "", r->tmp.ptr);
        return t;
    }
    pc_diag_emit(r->ctx, PC_SEV_WARNING, pc_xr_file(r->xr), r->line, pc_xr_col(r->xr),
                 "record without a ref-type: read as a journal article");
    return NULL;
}

/* One item through its row. */
static void read_item(enx_reader *r, const pc_xr_item *it)
{
    const pc_map_row *row = pc_map_find(r->map, it->path, it->path_n, r->rec->kind);
    if (!row || row->how == PC_MAP_EXTRA) {
        keep(r, it);
        return;
    }
    const pc_field_info *fi = pc_field_get(row->field);
    switch (row->how) {
    case PC_MAP_TEXT:
    case PC_MAP_LIST:
        item_text(r, it, PC_XR_FOLD, fi && (fi->flags & PC_FF_RICH));
        if (r->tmp.len && !pc_map_read(row, r->rec, r->tmp.ptr, r->tmp.len, &r->spans, NULL))
            pc_diag_emit(r->ctx, PC_SEV_NOTE, pc_xr_file(r->xr), it->line, 0,
                         "a second <%s>: the first is replaced", it->path);
        break;
    case PC_MAP_SPLIT:
        item_text(r, it, PC_XR_CR_LINES, false);
        pc_map_read(row, r->rec, r->tmp.ptr, r->tmp.len, NULL, "\n");
        break;
    case PC_MAP_SPECIAL: read_special(r, row, it); break;
    default: break;
    }
}

/* True if [s, s+n) is " (Print)", " (Electronic)", " (Linking)": the
 * qualifiers of EndNote's PubMed import, which say which ISSN is which.
 * Others ("(v. 1)", "(pbk.)") stay with their number. */
static bool qualifier(const char *s, size_t n)
{
    static const char *const known[] = {"(Print)", "(Electronic)", "(Linking)"};
    pc_trim(&s, &n);
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (n == strlen(known[i]) && !memcmp(s, known[i], n))
            return true;
    return false;
}

/* "1532-1827 (Electronic)" lines: ISSNs or ISBNs by their shape (a
 * serial's by default ISSNs, a report's or patent's the number), joined
 * with ", " as every reader keeps several; PubMed's qualifiers dropped
 * with a note. */
static void finish_serials(enx_reader *r)
{
    pc_buf issn = PC_BUF_INIT, isbn = PC_BUF_INIT;
    bool number = pc_enx_kind_in(PC_KINDS(REPORT) | PC_KINDS(STANDARD) | PC_KINDS(PATENT), r->rec->kind);
    bool serial = pc_enx_kind_in(pc_enx_serial_kinds, r->rec->kind), qualified = false;
    for (const char *p = r->serials.ptr, *e; *p; p = *e ? e + 1 : e) {
        e = strchr(p, '\n');
        e = e ? e : p + strlen(p);
        size_t n = (size_t)(e - p), from, to;
        bool is_issn = pc_issn_looks(p, n, &from, &to), is_isbn = !is_issn && pc_isbn_looks(p, n, &from, &to);
        pc_buf *dst = is_issn ? &issn : is_isbn ? &isbn : serial ? &issn : &isbn;
        if (number && !is_issn && !is_isbn) {
            pc_record_set(r->rec, PC_F_NUMBER, p, n);
            continue;
        }
        if (!is_issn && !is_isbn)
            from = 0, to = n;
        if (to < n && !qualifier(p + to, n - to))
            from = 0, to = n; /* not "(Electronic)": the whole line */
        qualified |= to < n;
        if (dst->len)
            pc_buf_puts(dst, ", ");
        pc_buf_put(dst, p + from, to - from);
    }
    if (qualified)
        pc_diag_emit(r->ctx, PC_SEV_NOTE, pc_xr_file(r->xr), r->line, 0,
                     "ISSN/ISBN qualifiers such as \"(Electronic)\" are left out");
    pc_record_set(r->rec, PC_F_ISSN, issn.ptr, issn.len);
    pc_record_set(r->rec, PC_F_ISBN, isbn.ptr, isbn.len);
    pc_buf_free(&issn);
    pc_buf_free(&isbn);
}

/* Whether the record came from PubMed (its database, or a PubMed URL): a
 * number in accession-num is then a PMID. */
static bool from_pubmed(const pc_record *rec)
{
    static const char *const marks[] = {"pubmed", "medline", "nlm", "ncbi.nlm.nih.gov"};
    const char *db[] = {pc_record_get(rec, PC_F_ARCHIVE), pc_record_get(rec, PC_F_SOURCE)};
    bool named = false;
    for (int i = 0; i < 2; i++) {
        if (!db[i])
            continue;
        named = true;
        for (size_t k = 0; k < sizeof marks / sizeof *marks; k++) {
            pc_buf low = PC_BUF_INIT;
            for (const char *p = db[i]; *p; p++)
                pc_buf_putc(&low, (char)pc_to_lower((unsigned char)*p));
            bool hit = strstr(low.ptr, marks[k]) != NULL;
            pc_buf_free(&low);
            if (hit)
                return true;
        }
    }
    return !named; /* EndNote's own PubMed import names no database */
}

static void finish_accession(enx_reader *r)
{
    for (const char *p = r->accession.ptr, *e; *p; p = *e ? e + 1 : e) {
        e = strchr(p, '\n');
        e = e ? e : p + strlen(p);
        size_t n = (size_t)(e - p);
        bool digits = n && strspn(p, "0123456789") >= n;
        if (digits && !pc_record_has(r->rec, PC_F_PMID) && from_pubmed(r->rec))
            pc_record_set(r->rec, PC_F_PMID, p, n);
        else if (!pc_record_has(r->rec, PC_F_ARCHIVE_LOCATION))
            pc_record_set(r->rec, PC_F_ARCHIVE_LOCATION, p, n);
        else
            pc_record_add_extra(r->rec, fmt_name, "accession-num", 13, p, n);
    }
}

/* The issued date: <year> and <pub-dates><date>. */
static void finish_issued(enx_reader *r)
{
    pc_buf y = PC_BUF_INIT, d = PC_BUF_INIT;
    if (r->year)
        pc_xr_text(r->year, r->year_n, PC_XR_PLAIN, &y, NULL);
    if (r->date)
        pc_xr_text(r->date, r->date_n, PC_XR_PLAIN, &d, NULL);
    pc_date date;
    if (y.len || d.len) {
        if (pc_enx_parse_date(y.ptr, y.len, d.ptr, d.len, &date)) {
            pc_record_set_date(r->rec, PC_F_ISSUED, &date);
        } else {
            pc_buf lit = PC_BUF_INIT;
            pc_buf_put(&lit, d.ptr, d.len);
            if (y.len && d.len)
                pc_buf_putc(&lit, ' ');
            pc_buf_put(&lit, y.ptr, y.len);
            pc_record_set_date_literal(r->rec, PC_F_ISSUED, lit.ptr, lit.len);
            pc_buf_free(&lit);
            if (y.len && pc_date_parse_loose(y.ptr, y.len, 0, &date)) /* "1999a": the year at least */
                pc_record_set_date(r->rec, PC_F_ISSUED, &date);
            pc_diag_emit(r->ctx, PC_SEV_NOTE, pc_xr_file(r->xr), r->date_line ? r->date_line : r->line, 0,
                         "date \"%s\" kept as written", pc_record_date_literal(r->rec, PC_F_ISSUED));
        }
    }
    pc_buf_free(&y);
    pc_buf_free(&d);
}

static void finish(enx_reader *r)
{
    pc_record *rec = r->rec;
    if (r->container.len && !pc_record_has(rec, PC_F_CONTAINER_TITLE) &&
        !pc_enx_kind_in(PC_KINDS(BOOK) | PC_KINDS(REPORT), rec->kind))
        pc_record_set(rec, PC_F_CONTAINER_TITLE, r->container.ptr, r->container.len);
    if (r->container_short.len && !pc_record_has(rec, PC_F_CONTAINER_TITLE_SHORT)) {
        const char *c = pc_record_get(rec, PC_F_CONTAINER_TITLE);
        if (!c || strcmp(c, r->container_short.ptr) != 0)
            pc_record_set(rec, PC_F_CONTAINER_TITLE_SHORT, r->container_short.ptr, r->container_short.len);
    }
    finish_serials(r);
    finish_accession(r);
    finish_issued(r);
}

static void record_reset(enx_reader *r, pc_record *rec)
{
    r->rec = rec;
    r->year = r->date = NULL;
    r->year_n = r->date_n = 0;
    r->date_line = 0;
    pc_buf_clear(&r->container);
    pc_buf_clear(&r->container_short);
    pc_buf_clear(&r->accession);
    pc_buf_clear(&r->serials);
}

static void build(enx_reader *r, pc_record *rec)
{
    size_t n;
    const pc_xr_item *items = pc_xr_items(r->xr, &n);
    record_reset(r, rec);
    r->line = pc_xr_line(r->xr);
    rec->src_file = pc_xr_file(r->xr);
    rec->src_line = r->line;
    r->type = record_type(r, items, n);
    rec->kind = r->type ? r->type->kind : PC_KIND_ARTICLE;
    for (size_t i = 0; i < n; i++) {
        const pc_xr_item *it = &items[i];
        if (it->type == PC_XR_CLOSE && it->depth >= 1 && it->text_n && strcmp(it->path, "ref-type") != 0)
            read_item(r, it);
    }
    finish(r);
    pc_xr_sort_extras(rec, pc_enx_rows, pc_enx_n_rows);
}

pc_read_status pc_enx_read_next(void *state, pc_record *rec)
{
    enx_reader *r = state;
    pc_read_status st = pc_xr_next(r->xr);
    if (st == PC_READ_RECORD)
        build(r, rec);
    return st;
}

/* ---- detection ----------------------------------------------------------------------- */

/* After a BOM, the XML declaration, comments and processing instructions:
 * <xml> and, before any other element, <records> (a <ref-type> makes it
 * certain).  Other files use <xml> for other things: without <records>
 * they are not claimed. */
int pc_enx_sniff(const char *head, size_t n)
{
    pc_xr_root root;
    if (!pc_xr_sniff_root(head, n, &root) || root.local_n != 3 || memcmp(root.local, "xml", 3) != 0 ||
        root.local != root.tag + 1 || !root.after)
        return 0;
    const char *p = root.after;
    size_t k = root.after_n;
    pc_trim(&p, &k);
    if (k < 8 || memcmp(p, "<records", 8) != 0)
        return 0;
    return pc_xr_holds(p, k, "<ref-type") ? 90 : 80;
}
