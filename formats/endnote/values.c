/* SPDX-License-Identifier: MIT */
/* values.c — the EndNote and refer values whose meaning is code, not a row
 * (the SPECIAL rows of map.c): names, %+ addresses, dates, identifiers,
 * %O, the abstract and the notes, the citation key, and what is decided at
 * the end of a record; and the kind of a refer record.
 *
 * Names: one a line, "Family, Given", "Family, Given, Suffix" or "Given
 * Family" (src/io/tagged.c); a value ending in a comma is an organisation
 * (EndNote's rule: "World Health Organization,"), or Wiley's list of
 * several names ("A. X. Last, N. B. Next,"); refer's "(eds)" after the last
 * %A makes every %A an editor.
 *
 * Addresses (%+): the address of the author whose %A it follows; when
 * every %+ of a record with several authors follows the last %A, one for
 * each author in order if there are as many, else each is kept as it is. */
#include "endnote.h"

#include <stdlib.h>

#define JREF_PREFIX "Journal reference: "

/* ---- names -------------------------------------------------------------------- */

/* Strips refer's editor marker, ", (ed)", " (eds.)", from the end of [s, *n). */
static bool strip_eds(const char *s, size_t *n)
{
    static const char *const marks[] = {"(eds.)", "(eds)", "(ed.)", "(ed)"};
    for (size_t i = 0; i < sizeof marks / sizeof *marks; i++) {
        size_t k = strlen(marks[i]);
        if (*n > k && !pc_strncasecmp(s + *n - k, marks[i], k)) {
            *n -= k;
            while (*n && (s[*n - 1] == ' ' || s[*n - 1] == ','))
                (*n)--;
            return true;
        }
    }
    return false;
}

static bool is_et_al(const char *s, size_t n)
{
    return (n == 6 && !pc_strncasecmp(s, "others", 6)) ||
           ((n == 5 || n == 6) && !pc_strncasecmp(s, "et al", 5));
}

/* One name of a line. */
static void add_name(pc_record *rec, pc_field role, const char *s, size_t n, bool literal)
{
    pc_trim(&s, &n);
    if (!n)
        return;
    if (is_et_al(s, n)) {
        pc_record_names_mut(rec, role)->et_al = true;
        return;
    }
    pc_name nm = {0};
    if (literal) {
        nm.literal = pc_xstrndup(s, n);
    } else if (!pc_tagged_name_parse(s, n, &nm)) {
        return;
    }
    *pc_record_add_name(rec, role) = nm; /* the record owns its strings now */
}

/* One line of a name tag: one name, an organisation, or a Wiley list. */
static void read_name_line(en_reader *r, pc_record *rec, pc_field role, const char *s, size_t n)
{
    if (role == PC_F_AUTHOR && strip_eds(s, &n))
        r->editors_marked = true;
    if (n && s[n - 1] == ',') {
        if (pc_endnote_is_name_list(s, n)) {
            for (size_t i = 0; i < n - 1;) {
                size_t e = i;
                while (e < n - 1 && s[e] != ',')
                    e++;
                add_name(rec, role, s + i, e - i, false);
                i = e + 1;
            }
        } else {
            add_name(rec, role, s, n - 1, true);
        }
        return;
    }
    add_name(rec, role, s, n, false);
}

static void read_names(en_reader *r, pc_record *rec, pc_field role, const char *v, size_t n, bool literal)
{
    if (role == PC_F_AUTHOR)
        role = r->au_role;
    for (const char *s = v, *end = v + n; s < end;) {
        const char *e = memchr(s, '\n', (size_t)(end - s));
        e = e ? e : end;
        if (literal)
            add_name(rec, role, s, (size_t)(e - s), true);
        else
            read_name_line(r, rec, role, s, (size_t)(e - s));
        s = e + 1;
    }
}

/* A %+ line (one address a line): told at the end of the record. */
static void read_address(en_reader *r, pc_record *rec, const pc_tagged_field *f, const char *v, size_t n)
{
    const pc_names *l = pc_record_names(rec, r->au_role);
    for (const char *s = v, *end = v + n; s < end;) {
        const char *e = memchr(s, '\n', (size_t)(end - s));
        e = e ? e : end;
        if (r->n_addr == r->cap_addr) {
            r->cap_addr = r->cap_addr ? 2 * r->cap_addr : 8;
            r->addr = pc_xrealloc(r->addr, r->cap_addr * sizeof *r->addr);
        }
        r->addr[r->n_addr++] = (en_address){pc_xstrndup(s, (size_t)(e - s)), l ? l->n : 0, f};
        s = e + 1;
    }
}

/* The addresses, to their authors (see the top of the file). */
static void finish_addresses(en_reader *r, pc_record *rec)
{
    if (!r->n_addr)
        return;
    pc_names *l = pc_record_names(rec, r->au_role) ? pc_record_names_mut(rec, r->au_role) : NULL;
    size_t n = l ? l->n : 0;
    bool grouped = n > 1 && r->addr[0].authors == n;
    for (size_t i = 0; i < r->n_addr; i++) {
        en_address *a = &r->addr[i];
        size_t who = grouped ? (r->n_addr == n ? i + 1 : 0) : a->authors;
        if (who && who <= n)
            pc_strlist_push(&l->items[who - 1].affiliations, a->value);
        else
            pc_tagged_keep(&r->apply, rec, a->f, a->value, strlen(a->value));
        pc_free(a->value);
    }
    r->n_addr = 0;
}

/* refer's "(eds)": the authors are the editors. */
static void authors_to_editors(pc_record *rec)
{
    pc_names *au = pc_record_names(rec, PC_F_AUTHOR) ? pc_record_names_mut(rec, PC_F_AUTHOR) : NULL;
    if (!au || pc_record_names(rec, PC_F_EDITOR))
        return;
    pc_names *ed = pc_record_names_mut(rec, PC_F_EDITOR);
    for (size_t i = 0; i < au->n; i++)
        *pc_names_add(ed) = au->items[i];
    ed->et_al = au->et_al;
    au->n = 0; /* moved: unset frees nothing of them */
    pc_record_unset(rec, PC_F_AUTHOR);
}

/* ---- dates -------------------------------------------------------------------- */

/* %D and %8: the issued date. */
static void finish_issued(en_reader *r, pc_record *rec)
{
    pc_date d = {0};
    int y = 0;
    bool have = false;
    if (r->year.len) {
        if (pc_tagged_year(r->year.ptr, r->year.len, &y))
            d.year = y, have = true;
        else if (pc_tagged_date_parse(r->year.ptr, r->year.len, 0, &d))
            have = true, y = d.year;
        else
            pc_record_set_date_literal(rec, PC_F_ISSUED, r->year.ptr, r->year.len);
    }
    if (r->date8.len) {
        pc_date e;
        if (pc_tagged_date_parse(r->date8.ptr, r->date8.len, y, &e) && (!have || e.year == y || !y)) {
            if (have && d.year < 0)
                e.year = d.year;
            d = e, have = true;
        } else {
            pc_tagged_keep(&r->apply, rec, r->date8_f, r->date8.ptr, r->date8.len);
        }
    }
    if (have)
        pc_record_set_date(rec, PC_F_ISSUED, &d);
    if (have && r->issued_lit.len)
        pc_record_set_date_literal(rec, PC_F_ISSUED, r->issued_lit.ptr, r->issued_lit.len);
    else if (r->issued_lit.len)
        pc_tagged_keep(&r->apply, rec, r->year_f, r->issued_lit.ptr, r->issued_lit.len);
}

/* The first value of %D or %8 is gathered; a second %D is the date as
 * written beside the date; any other is kept as it is. */
static void gather(en_reader *r, pc_record *rec, pc_buf *b, const pc_tagged_field *f, const char *v, size_t n)
{
    if (!b->len)
        pc_buf_put(b, v, n);
    else if (b == &r->year && !r->issued_lit.len)
        pc_buf_put(&r->issued_lit, v, n);
    else
        pc_tagged_keep(&r->apply, rec, f, v, n);
}

/* ---- identifiers and the rest ---------------------------------------------------- */

/* The list of ISSNs, ISBNs or numbers (%@) of a field, each once. */
static pc_strlist *serials(en_reader *r, pc_field field)
{
    return field == PC_F_ISSN ? &r->issn : field == PC_F_ISBN ? &r->isbn : &r->number;
}

/* Each list joined with ", " into its field. */
static void finish_serials(en_reader *r, pc_record *rec)
{
    static const pc_field fields[] = {PC_F_ISSN, PC_F_ISBN, PC_F_NUMBER};
    for (size_t k = 0; k < 3; k++) {
        pc_strlist *l = serials(r, fields[k]);
        if (!l->n)
            continue;
        pc_buf_clear(&r->tmp);
        for (size_t i = 0; i < l->n; i++) {
            if (i)
                pc_buf_puts(&r->tmp, ", ");
            pc_buf_puts(&r->tmp, l->items[i]);
        }
        pc_record_append(rec, fields[k], ", ", r->tmp.ptr, r->tmp.len);
        pc_strlist_clear(l);
    }
}

static bool is_pmcid(const char *v, size_t n)
{
    if (n < 4 || memcmp(v, "PMC", 3))
        return false;
    for (size_t i = 3; i < n; i++)
        if (!pc_is_digit((unsigned char)v[i]))
            return false;
    return true;
}

static bool is_wos(const char *v, size_t n)
{
    return n > 4 && (!pc_strncasecmp(v, "WOS:", 4) || !pc_strncasecmp(v, "ISI:", 4));
}

/* Appends a line to a gathered text. */
static void add_line(pc_buf *b, const char *sep, const char *v, size_t n)
{
    if (b->len)
        pc_buf_puts(b, sep);
    pc_buf_put(b, v, n);
}

/* A note line: "Journal reference: ..." (as the writer puts it) is the
 * journal reference; the others are joined into the note with "; ", as
 * RIS joins its N1 lines. */
static void read_note(en_reader *r, pc_record *rec, const char *v, size_t n)
{
    size_t jl = strlen(JREF_PREFIX);
    if (n > jl && !strncmp(v, JREF_PREFIX, jl) && !pc_record_has(rec, PC_F_JOURNAL_REF))
        pc_record_set(rec, PC_F_JOURNAL_REF, v + jl, n - jl);
    else
        add_line(&r->note, "; ", v, n);
}

/* %O of a serial: "Artn 123" (Web of Science's article number), the
 * journal's abbreviation, or a note. */
static void read_alternate(en_reader *r, pc_record *rec, const pc_tagged_field *f, const char *v, size_t n)
{
    if (n > 5 && !pc_strncasecmp(v, "Artn ", 5) && !pc_record_has(rec, PC_F_NUMBER)) {
        pc_record_set(rec, PC_F_NUMBER, v + 5, n - 5);
        return;
    }
    if (pc_endnote_is_abbreviation(v, n) && !pc_record_has(rec, PC_F_CONTAINER_TITLE_SHORT))
        pc_tagged_set_first(&r->apply, rec, PC_F_CONTAINER_TITLE_SHORT, f, v, n);
    else
        read_note(r, rec, v, n);
}

/* The special rows of text fields. */
static void read_text(en_reader *r, pc_record *rec, const pc_map_row *row, const pc_tagged_field *f,
                      const char *v, size_t n)
{
    switch (row->field) {
    case PC_F_DOI:
        if (!pc_record_has(rec, PC_F_DOI) && pc_record_set_doi(rec, v, n))
            break;
        if (!r->type) /* refer: a report's number */
            pc_tagged_set_first(&r->apply, rec, PC_F_NUMBER, f, v, n);
        else
            pc_tagged_keep(&r->apply, rec, f, v, n);
        break;
    case PC_F_ARXIV_ID: /* %M: an arXiv id, a WoS UT, another accession number */
    case PC_F_WOS_UT:
        if (pc_tagged_arxiv_read(rec, v, n))
            break;
        pc_tagged_set_first(&r->apply, rec, is_wos(v, n) ? PC_F_WOS_UT : PC_F_ARCHIVE_LOCATION, f, v, n);
        break;
    case PC_F_PMCID:
        if (is_pmcid(v, n))
            pc_tagged_set_first(&r->apply, rec, PC_F_PMCID, f, v, n);
        else
            pc_tagged_keep(&r->apply, rec, f, v, n);
        break;
    case PC_F_ISSN:
    case PC_F_ISBN:
    case PC_F_NUMBER: pc_strlist_add_unique(serials(r, row->field), v, n); break;
    case PC_F_CONTAINER_TITLE_SHORT: read_alternate(r, rec, f, v, n); break;
    case PC_F_ABSTRACT: add_line(&r->abstract, " ", v, n); break;
    case PC_F_NOTE: read_note(r, rec, v, n); break;
    default: pc_tagged_keep(&r->apply, rec, f, v, n); break;
    }
}

/* The special rows' readers: user the reader, value a pc_tagged_value. */
static bool h_key(void *user, const pc_map_row *row, pc_record *rec, void *value)
{
    en_reader *r = user;
    const pc_tagged_value *x = value;
    if (r->type && pc_tagged_is(x->f, "%L"))
        read_text(r, rec, row, x->f, x->v, x->n); /* refer's label in an EndNote record */
    else if (rec->key)
        pc_tagged_keep(&r->apply, rec, x->f, x->v, x->n);
    else
        rec->key = pc_xstrndup(x->v, x->n);
    return true;
}

static bool h_address(void *user, const pc_map_row *row, pc_record *rec, void *value)
{
    (void)row;
    const pc_tagged_value *x = value;
    read_address(user, rec, x->f, x->v, x->n);
    return true;
}

static bool h_names(void *user, const pc_map_row *row, pc_record *rec, void *value)
{
    const pc_tagged_value *x = value;
    read_names(user, rec, row->field, x->v, x->n, pc_tagged_is(x->f, "%Q"));
    return true;
}

/* %D and %8, told at the record's end. */
static bool h_issued(void *user, const pc_map_row *row, pc_record *rec, void *value)
{
    (void)row;
    en_reader *r = user;
    const pc_tagged_value *x = value;
    bool d8 = pc_tagged_is(x->f, "%8");
    if (d8 && !r->date8.len)
        r->date8_f = x->f;
    if (!d8 && !r->year.len)
        r->year_f = x->f;
    gather(r, rec, d8 ? &r->date8 : &r->year, x->f, x->v, x->n);
    return true;
}

static bool h_date(void *user, const pc_map_row *row, pc_record *rec, void *value)
{
    en_reader *r = user;
    const pc_tagged_value *x = value;
    pc_tagged_read_date(&r->apply, rec, x->f, row->field, x->v, x->n); /* %7, %[ */
    return true;
}

static bool h_text(void *user, const pc_map_row *row, pc_record *rec, void *value)
{
    const pc_tagged_value *x = value;
    read_text(user, rec, row, x->f, x->v, x->n);
    return true;
}

/* PC_EN_H_TYPE reads nothing here: read.c tells the type first. */
pc_map_read_fn *const pc_endnote_readers[PC_EN_N_HANDLERS] = {
    [PC_EN_H_KEY] = h_key,       [PC_EN_H_ADDRESS] = h_address, [PC_EN_H_NAMES] = h_names,
    [PC_EN_H_ISSUED] = h_issued, [PC_EN_H_DATE] = h_date,       [PC_EN_H_TEXT] = h_text,
};

/* The writer's link to the DOI, a %U right before the %R of its DOI (for
 * bibutils, which reads no %R), says nothing more: emptied. */
static void drop_doi_links(en_reader *r)
{
    for (size_t i = 0; i + 1 < r->in.nf; i++) {
        pc_tagged_field *u = &r->in.f[i], *d = &r->in.f[i + 1];
        const char *p = "https://doi.org/";
        size_t pl = strlen(p);
        if (pc_tagged_is(u, "%U") && pc_tagged_is(d, "%R") && u->val.len == pl + d->val.len &&
            !memcmp(u->val.ptr, p, pl) && !memcmp(u->val.ptr + pl, d->val.ptr, d->val.len))
            pc_buf_clear(&u->val);
    }
}

void pc_endnote_read_start(en_reader *r, pc_record *rec)
{
    (void)rec;
    drop_doi_links(r);
    r->au_role = r->type && r->type->au_editors ? PC_F_EDITOR : PC_F_AUTHOR;
    r->editors_marked = false;
    r->date8_f = NULL;
    r->n_addr = 0;
    pc_buf *bufs[] = {&r->year, &r->date8, &r->issued_lit, &r->abstract, &r->note};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        pc_buf_clear(bufs[i]);
}

void pc_endnote_read_finish(en_reader *r, pc_record *rec)
{
    finish_addresses(r, rec);
    if (r->editors_marked && r->au_role == PC_F_AUTHOR)
        authors_to_editors(rec);
    finish_issued(r, rec);
    finish_serials(r, rec);
    if (r->abstract.len)
        pc_record_set_abstract(rec, r->abstract.ptr, r->abstract.len, NULL, false);
    if (r->note.len)
        pc_record_append(rec, PC_F_NOTE, "; ", r->note.ptr, r->note.len);
}

/* ---- refer's kinds ----------------------------------------------------------------- */

pc_kind pc_refer_kind(const bool has[128])
{
    if (has['J'])
        return PC_KIND_ARTICLE;
    if (has['B'])
        return PC_KIND_CHAPTER;
    if (has['R'])
        return PC_KIND_REPORT;
    if (has['I'])
        return PC_KIND_BOOK;
    return PC_KIND_ARTICLE;
}
