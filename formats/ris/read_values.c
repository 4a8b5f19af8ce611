/* SPDX-License-Identifier: MIT */
/* read_values.c — the RIS values whose meaning is code, not a row: names,
 * dates, pages, SN, DO, UR, AB/N2, N1, AN, M3, OP, J2, ID and AD (see the
 * SPECIAL rows of map.c), what is decided at the end of a record, and how
 * a value is set (the first one wins) or kept as a pass-through value,
 * which read.c's rows use too.
 *
 * The value v of every function here is the cleaned value in r->tmp (one
 * line, NFC); r->tmp2 is their scratch. */
#include "read.h"

#include <stdlib.h>

#define JREF_PREFIX "Journal reference: "
#define ADDR_PREFIX "Address: "

/* Appends `prefix` and [v, v+n) to b, with `sep` before them unless b is empty. */
static void append(pc_buf *b, const char *sep, const char *prefix, const char *v, size_t n)
{
    if (b->len)
        pc_buf_puts(b, sep);
    pc_buf_puts(b, prefix);
    pc_buf_put(b, v, n);
}

/* ---- kept values ------------------------------------------------------------------ */

static const char fmt_name[] = "ris"; /* the pass-through values' format (outlives records) */

void pc_ris_keep_tag(pc_record *rec, const char *tag, const char *v, size_t n)
{
    pc_record_add_extra(rec, fmt_name, tag, 2, v, n);
}

void pc_ris_keep(pc_record *rec, const ris_field *f, const char *v, size_t n)
{
    pc_ris_keep_tag(rec, f->tag, v, n);
}

void pc_ris_set_first(pc_record *rec, pc_field field, const ris_field *f, const char *v, size_t n)
{
    const char *old = pc_record_get(rec, field);
    if (!old)
        pc_record_set(rec, field, v, n);
    else if (strlen(old) != n || memcmp(old, v, n) != 0)
        pc_ris_keep(rec, f, v, n);
}

/* ---- names ------------------------------------------------------------------------- */

/* One name of an AU-like value, "Family, Given, Suffix" (RIS order) or
 * natural order, through the shared parser (which reads BibTeX's
 * "Family, Suffix, Given"). */
static void add_name(ris_reader *r, pc_record *rec, pc_field role, const char *s, size_t n)
{
    pc_trim(&s, &n);
    if (!n)
        return;
    if ((n == 6 && !pc_strncasecmp(s, "others", 6)) || (n >= 5 && !pc_strncasecmp(s, "et al", 5) && n <= 6)) {
        pc_record_names_mut(rec, role)->et_al = true;
        return;
    }
    const char *c1 = memchr(s, ',', n);
    const char *c2 = c1 ? memchr(c1 + 1, ',', n - (size_t)(c1 + 1 - s)) : NULL;
    pc_buf_clear(&r->tmp2);
    if (c2 && !memchr(c2 + 1, ',', n - (size_t)(c2 + 1 - s)) && !pc_name_is_organisation(s, n)) {
        /* RIS "Family, Given, Suffix" -> "Family, Suffix, Given" */
        pc_buf_put(&r->tmp2, s, (size_t)(c1 - s));
        pc_buf_puts(&r->tmp2, ", ");
        pc_buf_put(&r->tmp2, c2 + 1, n - (size_t)(c2 + 1 - s));
        pc_buf_puts(&r->tmp2, ", ");
        pc_buf_put(&r->tmp2, c1 + 1, (size_t)(c2 - c1 - 1));
    } else {
        pc_buf_put(&r->tmp2, s, n);
    }
    pc_name nm = {0}; /* pc_name_parse clears (frees) it first */
    pc_name_parse(r->tmp2.ptr, r->tmp2.len, &nm);
    if (!nm.family && !nm.given && !nm.literal) {
        pc_name_clear(&nm); /* nothing left, e.g. ", ," */
        return;
    }
    *pc_record_add_name(rec, role) = nm; /* the record owns its strings now */
}

/* The first " and " in [s, s+n), or NULL.  Not strstr from each split
 * point: ASan's strstr measures the whole rest of the string every call,
 * which made a value of 100 000 " and "s quadratic under the sanitizer. */
static const char *find_and(const char *s, size_t n)
{
    for (const char *p = s, *e = s + n; (p = memchr(p, ' ', (size_t)(e - p))) != NULL; p++)
        if (e - p >= 5 && memcmp(p, " and ", 5) == 0)
            return p;
    return NULL;
}

/* A name value may hold several names joined by " and " (not inside an
 * organisation's name, "Bill and Melinda Gates Foundation").  The AU lines
 * of an edited book (EDBOOK) name its editors. */
static void read_names(ris_reader *r, pc_record *rec, pc_field role, const char *v, size_t n)
{
    if (role == PC_F_AUTHOR && r->type && r->type->au_editors)
        role = PC_F_EDITOR;
    size_t start = 0;
    /* The organisation test is asked only when there is an " and " to
     * split at: it cost 8% of ris -> ris, for values that have none. */
    const char *and = find_and(v, n);
    if (and && !pc_name_is_organisation(v, n))
        for (; and; and = find_and(v + start, n - start)) {
            add_name(r, rec, role, v + start, (size_t)(and - v) - start);
            start = (size_t)(and - v) + 5;
        }
    add_name(r, rec, role, v + start, n - start);
}

/* AD: the affiliation of the author before it, or a line of the address
 * block kept in the note. */
static void read_address(ris_reader *r, pc_record *rec, const char *v, size_t n)
{
    size_t n_au = pc_record_n_authors(rec);
    if (r->ad_positional && n_au) {
        pc_names *au = pc_record_names_mut(rec, PC_F_AUTHOR);
        pc_strlist_push_n(&au->items[au->n - 1].affiliations, v, n);
    } else {
        append(&r->addr, "; ", ADDR_PREFIX, v, n);
    }
}

/* ---- dates -------------------------------------------------------------------------- */

static int date_parts(const pc_date *d) { return (d->year != 0) + (d->month > 0) + (d->day > 0); }

/* True if a and b can be one date: the less precise is the more precise
 * cut to its parts ("2020" and "2020/05/17/"; not "2020/05//" and
 * "2020/06/01/"). */
static bool dates_agree(const pc_date *a, const pc_date *b)
{
    if (date_parts(a) > date_parts(b)) {
        const pc_date *t = a;
        a = b;
        b = t;
    }
    pc_date cut = *b;
    if (!a->month)
        cut.month = cut.day = 0;
    else if (!a->day)
        cut.day = 0;
    return !memcmp(&cut, a, sizeof cut);
}

/* Which issued date the specification puts first when two disagree: DA
 * ("date", 2011), then Y1 (the older "primary date"), then PY (since 2011
 * only the year); C2 (a patent's issue date) last. */
static int issued_rank(const char *tag)
{
    static const char *const order[] = {"C2", "PY", "Y1", "DA"};
    for (int i = 0; i < 4; i++)
        if (!memcmp(tag, order[i], 2))
            return i;
    return 0;
}

/* Makes the value of f the issued date so far. */
static void take_issued(ris_reader *r, const ris_field *f, const char *v, size_t n, const pc_date *d)
{
    r->issued = *d;
    memcpy(r->issued_tag, f->tag, 3);
    pc_buf_clear(&r->issued_val);
    pc_buf_put(&r->issued_val, v, n);
}

/* PY, Y1, DA: dates that agree are one date, the most precise ("2020" and
 * "2020/05/17/").  Dates that disagree, on the year or on the month or day
 * of one year, are not merged: the one of the tag the specification puts
 * first (issued_rank; between two of one tag, the first) is the date, the
 * other is kept as it is, with a warning.  A second literal, or a literal
 * beside a date, is kept as it is too. */
static void read_issued(ris_reader *r, pc_record *rec, const ris_field *f, const char *v, size_t n,
                        const pc_date *d)
{
    if (!d) {
        if (r->lit_val.len)
            pc_ris_keep(rec, f, v, n);
        else {
            memcpy(r->lit_tag, f->tag, 3);
            pc_buf_put(&r->lit_val, v, n);
        }
        return;
    }
    if (!r->issued.year || dates_agree(&r->issued, d)) {
        if (date_parts(d) > date_parts(&r->issued))
            take_issued(r, f, v, n, d);
        return;
    }
    bool wins = issued_rank(f->tag) > issued_rank(r->issued_tag);
    pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, f->line, f->col,
                 "dates disagree: %s %s and %s %s given earlier; the date is the %s one, the other "
                 "is kept as it is",
                 f->tag, v, r->issued_tag, r->issued_val.ptr, wins ? f->tag : "earlier");
    if (!wins) {
        pc_ris_keep(rec, f, v, n);
        return;
    }
    pc_ris_keep_tag(rec, r->issued_tag, r->issued_val.ptr, r->issued_val.len);
    take_issued(r, f, v, n, d);
}

/* A date tag: the issued date, or one date field (first value wins, but
 * a value that is not a date after one that is, "Y2  - 2024/03/02/" then
 * "Y2  - early March 2024" as the writer puts them, is the date as
 * written); an OP value that is not a date is the original title. */
static void read_date(ris_reader *r, pc_record *rec, const pc_map_row *row, const ris_field *f,
                      const char *v, size_t n)
{
    pc_date d;
    pc_ris_date_shape shape = pc_ris_parse_date(v, n, &d);
    if (shape == PC_RIS_DATE_EMPTY) {
        pc_diag_emit(r->ctx, PC_SEV_NOTE, r->file, f->line, f->col, "empty date (%s  - %s) ignored",
                     f->tag, v);
        return;
    }
    if (row->field == PC_F_ORIGINAL_DATE && shape == PC_RIS_DATE_LITERAL) {
        pc_ris_set_first(rec, PC_F_ORIGINAL_TITLE, f, v, n);
        return;
    }
    if (shape == PC_RIS_DATE_LITERAL)
        pc_diag_emit(r->ctx, PC_SEV_NOTE, r->file, f->line, f->col,
                     "%s \"%s\" is not a date paperconv reads; kept as written", f->tag, v);
    if (row->field == PC_F_ISSUED) {
        read_issued(r, rec, f, v, n, shape == PC_RIS_DATE_PARTS ? &d : NULL);
    } else if (shape == PC_RIS_DATE_LITERAL && pc_record_date(rec, row->field) &&
               !pc_record_date_literal(rec, row->field)) {
        pc_record_set_date_literal(rec, row->field, v, n);
    } else if (pc_record_has(rec, row->field)) {
        pc_ris_keep(rec, f, v, n); /* a second value */
    } else if (shape == PC_RIS_DATE_PARTS) {
        pc_record_set_date(rec, row->field, &d);
        if (pc_ris_date_other(v, n))
            pc_record_set_date_literal(rec, row->field, v, n);
    } else {
        pc_record_set_date_literal(rec, row->field, v, n);
    }
}

/* ---- identifiers and links ------------------------------------------------------------ */

/* SN: an ISSN or an ISBN by its shape; otherwise a patent's or a
 * report's number, a serial's ISSN, anything else's ISBN.  A journal has
 * two ISSNs (print and electronic: Web of Science and PubMed give both on
 * two SN lines), a book often two ISBNs: each is kept once, and the field
 * holds them joined with ", " (as the Crossref and OpenAlex readers do,
 * and as Zotero keeps several ISSNs in one field); the writer puts each
 * on its SN line again. */
static void read_serial(ris_reader *r, pc_record *rec, const pc_map_row *row, const ris_field *f,
                        const char *v, size_t n)
{
    pc_field field = pc_ris_looks_issn(v, n) ? PC_F_ISSN
                   : pc_ris_looks_isbn(v, n) ? PC_F_ISBN
                   : row->field == PC_F_NUMBER ? PC_F_NUMBER
                   : pc_ris_kind_in(pc_ris_serial_kinds, r->kind) ? PC_F_ISSN
                                                                  : PC_F_ISBN;
    if (field == PC_F_NUMBER)
        pc_ris_set_first(rec, field, f, v, n);
    else
        pc_strlist_add_unique(field == PC_F_ISSN ? &r->issn : &r->isbn, v, n);
}

/* DO (or an M3 holding a DOI): the bare DOI ("http://dx.doi.org/10.1016/..."
 * from ScienceDirect); false when v holds none. */
static bool read_doi(ris_reader *r, pc_record *rec, const ris_field *f, const char *v, size_t n)
{
    pc_buf_clear(&r->tmp2);
    if (!pc_doi_parse(v, n, &r->tmp2))
        return false;
    /* not pc_record_set_doi: it would make the arXiv DOI an arXiv id */
    pc_ris_set_first(rec, PC_F_DOI, f, r->tmp2.ptr, r->tmp2.len);
    return true;
}

/* True if v is written as a DOI: "10.", "doi:" or a resolver URL. */
static bool looks_doi(const char *v)
{
    return !pc_strncasecmp(v, "10.", 3) || !pc_strncasecmp(v, "doi:", 4) || strstr(v, "doi.org/10.");
}

/* True if s starts a URL: "scheme://", "//" or "www.". */
static bool url_start(const char *s)
{
    if ((s[0] == '/' && s[1] == '/') || !pc_strncasecmp(s, "www.", 4))
        return true;
    size_t i = 0;
    while (pc_is_alnum((unsigned char)s[i]) || (i && (s[i] == '+' || s[i] == '-' || s[i] == '.')))
        i++;
    return i && pc_is_alpha((unsigned char)s[0]) && s[i] == ':' && s[i + 1] == '/' && s[i + 2] == '/';
}

/* The URLs of a UR, LK or L2 value v (folded: single spaces).  A value is
 * one URL, its spaces written %20 (a URL holds no space: "https://e.org/a b"
 * is one URL that was not encoded); only a space before another URL's
 * start ("http://a.org http://b.org") separates two.  "//host/..."
 * (protocol-relative, ScienceDirect) gets "https:". */
static void read_urls(ris_reader *r, pc_record *rec, const char *v)
{
    for (const char *p = v; *p;) {
        pc_buf_clear(&r->tmp2);
        if (p[0] == '/' && p[1] == '/')
            pc_buf_puts(&r->tmp2, "https:");
        for (;;) {
            const char *e = strchr(p, ' ');
            size_t n = e ? (size_t)(e - p) : strlen(p);
            pc_buf_put(&r->tmp2, p, n);
            p += n;
            if (!*p || url_start(++p))
                break;
            pc_buf_puts(&r->tmp2, "%20");
        }
        pc_record_list_add(rec, PC_F_URL, r->tmp2.ptr, r->tmp2.len);
    }
}

/* "arXiv:ID[vN][ [primary]]" (arXiv's citation form) into rec's arXiv
 * fields; false (rec unchanged) for any other accession number. */
static bool read_arxiv(const char *v, pc_record *rec)
{
    if (pc_strncasecmp(v, "arXiv:", 6) || pc_record_has(rec, PC_F_ARXIV_ID))
        return false;
    const char *id = v + 6, *e = id;
    while (*e && *e != ' ')
        e++;
    const char *cat = NULL;
    size_t catn = 0;
    if (*e == ' ') {
        const char *c = e + 1;
        size_t cn = strlen(c);
        if (cn < 3 || c[0] != '[' || c[cn - 1] != ']' || memchr(c + 1, ' ', cn - 2))
            return false;
        cat = c + 1;
        catn = cn - 2;
    }
    pc_buf idb = PC_BUF_INIT;
    int version;
    size_t n = (size_t)(e - id);
    if (!n || pc_arxiv_scan(id, n, &idb, &version) != n) {
        pc_buf_free(&idb);
        return false;
    }
    pc_record_set(rec, PC_F_ARXIV_ID, idb.ptr, idb.len);
    pc_record_set_arxiv_version(rec, version);
    pc_buf_free(&idb);
    if (catn)
        pc_record_set(rec, PC_F_ARXIV_CLASS, cat, catn);
    return true;
}

/* ---- text gathered over the record ---------------------------------------------------------- */

/* N1: a "Journal reference: ..." line (as the writer puts it) is the
 * journal reference; the others are joined into the note. */
static void read_note(ris_reader *r, pc_record *rec, const char *v, size_t n)
{
    size_t jl = strlen(JREF_PREFIX);
    if (n > jl && !strncmp(v, JREF_PREFIX, jl) && !pc_record_has(rec, PC_F_JOURNAL_REF))
        pc_record_set(rec, PC_F_JOURNAL_REF, v + jl, n - jl);
    else
        append(&r->note, "; ", "", v, n);
}

/* SP and EP: the first of each (into b); a second one is kept as it is. */
static void read_page(pc_record *rec, pc_buf *b, const ris_field *f, const char *v, size_t n)
{
    if (b->len)
        pc_ris_keep(rec, f, v, n);
    else
        pc_buf_put(b, v, n);
}

/* JO and J9: the first value, decided at the end (finish_journal); a
 * different second one is kept as it is. */
static void defer(pc_record *rec, const ris_field *f, pc_buf *b, const char *v, size_t n)
{
    if (!b->len)
        pc_buf_put(b, v, n);
    else if (b->len != n || memcmp(b->ptr, v, n) != 0)
        pc_ris_keep(rec, f, v, n);
}

/* ---- the functions of the special rows ------------------------------------------------------ */

/* Each gets the reader, the row, the record and the tag's ris_value, and
 * reads all of it (what it does not take, it keeps itself): true. */

static bool h_names(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    const ris_value *x = value;
    read_names(u, rec, row->field, x->v, x->n);
    return true;
}

static bool h_date(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    const ris_value *x = value;
    read_date(u, rec, row, x->f, x->v, x->n);
    return true;
}

/* ID: the citation key, the first one; another is kept. */
static bool h_id(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    const ris_value *x = value;
    (void)u;
    (void)row;
    if (!rec->key)
        rec->key = pc_xstrndup(x->v, x->n);
    else if (strcmp(rec->key, x->v) != 0)
        pc_ris_keep(rec, x->f, x->v, x->n);
    return true;
}

static bool h_address(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    const ris_value *x = value;
    (void)row;
    read_address(u, rec, x->v, x->n);
    return true;
}

static bool h_sp(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    ris_reader *r = u;
    const ris_value *x = value;
    (void)row;
    read_page(rec, &r->sp, x->f, x->v, x->n);
    return true;
}

static bool h_ep(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    ris_reader *r = u;
    const ris_value *x = value;
    (void)row;
    read_page(rec, &r->ep, x->f, x->v, x->n);
    return true;
}

static bool h_serial(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    const ris_value *x = value;
    read_serial(u, rec, row, x->f, x->v, x->n);
    return true;
}

/* DO, DI: a value that holds no DOI is kept, with a warning. */
static bool h_doi(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    ris_reader *r = u;
    const ris_value *x = value;
    (void)row;
    if (!read_doi(r, rec, x->f, x->v, x->n)) {
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, x->f->line, x->f->col,
                     "%s value \"%s\" holds no DOI (10.…); kept as it is", x->f->tag, x->v);
        pc_ris_keep(rec, x->f, x->v, x->n);
    }
    return true;
}

/* L3, related records: a DOI there is the DOI; anything else is kept. */
static bool h_related(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    const ris_value *x = value;
    (void)row;
    if (!looks_doi(x->v) || !read_doi(u, rec, x->f, x->v, x->n))
        pc_ris_keep(rec, x->f, x->v, x->n);
    return true;
}

/* M3: EndNote puts the DOI there, others the type of work (or the medium). */
static bool h_medium(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    const ris_value *x = value;
    if (!looks_doi(x->v) || !read_doi(u, rec, x->f, x->v, x->n))
        pc_ris_set_first(rec, row->field, x->f, x->v, x->n);
    return true;
}

/* AN: the arXiv id, else any other accession number. */
static bool h_arxiv(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    const ris_value *x = value;
    (void)u;
    (void)row;
    if (!read_arxiv(x->v, rec))
        pc_ris_set_first(rec, PC_F_ARCHIVE_LOCATION, x->f, x->v, x->n);
    return true;
}

/* A row its tag's earlier row always reads first (AN, OP): not read, kept. */
static bool h_kept(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    (void)u;
    (void)row;
    (void)rec;
    (void)value;
    return false;
}

static bool h_jo(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    ris_reader *r = u;
    const ris_value *x = value;
    (void)row;
    defer(rec, x->f, &r->jo, x->v, x->n);
    return true;
}

static bool h_j9(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    ris_reader *r = u;
    const ris_value *x = value;
    (void)row;
    defer(rec, x->f, &r->j9, x->v, x->n);
    return true;
}

static bool h_j2(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    const ris_value *x = value;
    (void)u;
    pc_ris_set_first(rec, row->field, x->f, x->v, x->n);
    return true;
}

static bool h_url(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    const ris_value *x = value;
    (void)row;
    read_urls(u, rec, x->v);
    return true;
}

/* AB, N2: joined as they come (some exports give one AB per paragraph). */
static bool h_ab(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    ris_reader *r = u;
    const ris_value *x = value;
    (void)row;
    (void)rec;
    append(&r->ab, " ", "", x->v, x->n);
    return true;
}

static bool h_n2(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    ris_reader *r = u;
    const ris_value *x = value;
    (void)row;
    (void)rec;
    append(&r->n2, " ", "", x->v, x->n);
    return true;
}

static bool h_note(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    const ris_value *x = value;
    (void)row;
    read_note(u, rec, x->v, x->n);
    return true;
}

/* By the handler map.c names in each row; TY and ER delimit the record
 * (the loop's business), N1's journal reference is only written. */
pc_map_read_fn *const pc_ris_readers[PC_RIS_N_HANDLERS] = {
    [PC_RIS_H_NAMES] = h_names,
    [PC_RIS_H_DATE] = h_date,
    [PC_RIS_H_ID] = h_id,
    [PC_RIS_H_ADDRESS] = h_address,
    [PC_RIS_H_PAGES] = h_sp,
    [PC_RIS_H_NUMPAGES] = h_sp,
    [PC_RIS_H_EP] = h_ep,
    [PC_RIS_H_NUMBER] = h_serial,
    [PC_RIS_H_SERIAL] = h_serial,
    [PC_RIS_H_DOI] = h_doi,
    [PC_RIS_H_RELATED] = h_related,
    [PC_RIS_H_ARXIV] = h_arxiv,
    [PC_RIS_H_ACCESSION] = h_kept,
    [PC_RIS_H_MEDIUM] = h_medium,
    [PC_RIS_H_ORIGINAL_TITLE] = h_kept,
    [PC_RIS_H_JO] = h_jo,
    [PC_RIS_H_J2] = h_j2,
    [PC_RIS_H_J9] = h_j9,
    [PC_RIS_H_URL] = h_url,
    [PC_RIS_H_ABSTRACT] = h_ab,
    [PC_RIS_H_N2] = h_n2,
    [PC_RIS_H_NOTE] = h_note,
};

/* ---- the end of a record ---------------------------------------------------------------- */

/* The pages: "SP-EP"; a lone SP of a book, thesis or manuscript with no
 * range in it is its number of pages (as Zotero reads it). */
static void finish_pages(ris_reader *r, pc_record *rec)
{
    const pc_buf *sp = &r->sp, *ep = &r->ep;
    if (sp->len && ep->len) {
        pc_buf_clear(&r->tmp2);
        pc_buf_put(&r->tmp2, sp->ptr, sp->len);
        pc_buf_putc(&r->tmp2, '-');
        pc_buf_put(&r->tmp2, ep->ptr, ep->len);
        pc_record_set(rec, PC_F_PAGE, r->tmp2.ptr, r->tmp2.len);
    } else if (sp->len && pc_ris_kind_in(pc_ris_numpages_kinds, r->kind) && !pc_ris_has_range(sp->ptr)) {
        pc_record_set(rec, PC_F_NUMBER_OF_PAGES, sp->ptr, sp->len);
    } else {
        const pc_buf *p = sp->len ? sp : ep;
        pc_record_set(rec, PC_F_PAGE, p->ptr, p->len);
    }
}

/* The issued date: the most precise parts, else the first literal; a
 * literal beside parts is kept as it is. */
static void finish_issued(ris_reader *r, pc_record *rec)
{
    if (r->issued.year)
        pc_record_set_date(rec, PC_F_ISSUED, &r->issued);
    if (r->issued.year && pc_ris_date_other(r->issued_val.ptr, r->issued_val.len))
        pc_record_set_date_literal(rec, PC_F_ISSUED, r->issued_val.ptr, r->issued_val.len);
    if (r->lit_val.len && r->issued.year)
        pc_ris_keep_tag(rec, r->lit_tag, r->lit_val.ptr, r->lit_val.len);
    else if (r->lit_val.len)
        pc_record_set_date_literal(rec, PC_F_ISSUED, r->lit_val.ptr, r->lit_val.len);
}

/* JO names the journal, unless the record names it already (JF, T2):
 * then JO is its abbreviation.  J9 (Web of Science) is the abbreviation
 * when no other tag gives one (JI, its ISO abbreviation, is better). */
static void finish_journal(ris_reader *r, pc_record *rec)
{
    const char *jt = pc_record_get(rec, PC_F_CONTAINER_TITLE);
    if (r->jo.len && !jt)
        pc_record_set(rec, PC_F_CONTAINER_TITLE, r->jo.ptr, r->jo.len);
    else if (r->jo.len && strcmp(jt, r->jo.ptr) != 0)
        pc_ris_set_first(rec, PC_F_CONTAINER_TITLE_SHORT, &(ris_field){.tag = "JO"}, r->jo.ptr, r->jo.len);
    if (r->j9.len)
        pc_ris_set_first(rec, PC_F_CONTAINER_TITLE_SHORT, &(ris_field){.tag = "J9"}, r->j9.ptr, r->j9.len);
}

/* The ISSNs and the ISBNs, joined. */
static void finish_serials(ris_reader *r, pc_record *rec)
{
    const pc_strlist *lists[] = {&r->issn, &r->isbn};
    const pc_field fields[] = {PC_F_ISSN, PC_F_ISBN};
    for (size_t k = 0; k < 2; k++) {
        pc_buf_clear(&r->tmp2);
        for (size_t i = 0; i < lists[k]->n; i++) {
            if (i)
                pc_buf_puts(&r->tmp2, ", ");
            pc_buf_puts(&r->tmp2, lists[k]->items[i]);
        }
        if (r->tmp2.len)
            pc_record_set(rec, fields[k], r->tmp2.ptr, r->tmp2.len);
    }
}

/* Fields that stand in for a missing one, as Zotero reads them: rispy's
 * sample has only a short title (ST), Nature's exports only the journal's
 * abbreviation (JA). */
static const struct {
    pc_field from, to;
} stand_ins[] = {
    {PC_F_TITLE_SHORT, PC_F_TITLE},
    {PC_F_CONTAINER_TITLE_SHORT, PC_F_CONTAINER_TITLE},
};

void pc_ris_read_finish(ris_reader *r, pc_record *rec)
{
    /* AB, else N2 (some exports give one AB per paragraph); an N2 beside
     * a different AB is kept as it is */
    const pc_buf *ab = r->ab.len ? &r->ab : &r->n2;
    pc_record_set_abstract(rec, ab->ptr, ab->len, NULL, false); /* a final "…": truncated */
    if (r->ab.len && r->n2.len && strcmp(r->ab.ptr, r->n2.ptr) != 0)
        pc_ris_keep_tag(rec, "N2", r->n2.ptr, r->n2.len);
    if (r->addr.len) {
        pc_diag_emit(r->ctx, PC_SEV_NOTE, r->file, r->f[r->first_ad].line, 1,
                     "AD lines after the last of several authors cannot be tied to an author; "
                     "kept in the note");
        append(&r->note, "; ", "", r->addr.ptr, r->addr.len);
    }
    pc_record_set(rec, PC_F_NOTE, r->note.ptr, r->note.len);
    finish_pages(r, rec);
    finish_issued(r, rec);
    finish_journal(r, rec);
    finish_serials(r, rec);
    for (size_t i = 0; i < sizeof stand_ins / sizeof *stand_ins; i++)
        if (!pc_record_has(rec, stand_ins[i].to) && pc_record_has(rec, stand_ins[i].from))
            pc_record_set_str(rec, stand_ins[i].to, pc_record_get(rec, stand_ins[i].from));
    if (!pc_record_has(rec, PC_F_TITLE))
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, rec->src_line, 1, "record has no title (TI)");
}
