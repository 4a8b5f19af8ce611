/* SPDX-License-Identifier: MIT */
/* values.c — the Scopus CSV cells whose meaning is code, not a row (the
 * SPECIAL rows of map.c): the year, the DOI, the abstract, ISSN and ISBN,
 * the conference date, the Document Type and Publication Stage, the
 * columns kept in the note, and, at the row's end, the columns read
 * together: the authors with their Scopus ids and affiliations, the
 * editors, the pages.
 *
 * Names (8.4 of the notes): "Author full names" ("Family, Given (id); ...")
 * is preferred; else "Authors", whose names are "Family I.I." separated by
 * "; " (or by ", " in exports before 2020: when the cell has no ";" and
 * every ","-part has that shape).  Both go through the shared names module.
 * "Authors with affiliations" gives each author's affiliations, joined by
 * ", " as the parts of one affiliation are: the record's "Affiliations"
 * entries are matched in it from the left. */
#include "scopus.h"

#include <stdint.h>
#include <stdlib.h>

/* ---- helpers --------------------------------------------------------------------- */

/* The next "; "-separated item of [*s, end): its bounds trimmed; false at
 * the end.  Linear: each byte is looked at once. */
static bool next_item(const char **s, const char *end, char sep, const char **item, size_t *n)
{
    while (*s < end) {
        const char *e = memchr(*s, sep, (size_t)(end - *s));
        e = e ? e : end;
        *item = *s;
        *n = (size_t)(e - *s);
        *s = e < end ? e + 1 : end;
        pc_trim(item, n);
        if (*n)
            return true;
    }
    return false;
}

/* The cleaned cell of a handler's column (folded, NFC) into b; NULL when
 * the row has no such cell or it is empty. */
static const char *cell_of(scopus_state *s, unsigned h, pc_buf *b, size_t *n)
{
    size_t c = s->col_of[h];
    if (c == SIZE_MAX || c >= s->row->n || !s->row->len[c])
        return NULL;
    pc_buf_clear(b);
    pc_buf_put_folded(b, s->row->bytes.ptr + s->row->off[c], s->row->len[c]);
    if (!pc_utf8_is_ascii(b->ptr, b->len))
        pc_utf8_nfc(b);
    *n = b->len;
    return b->len ? b->ptr : NULL;
}

static bool is_placeholder(const char *v, size_t n, const char *what)
{
    return strlen(what) == n && !pc_strncasecmp(v, what, n);
}

/* ---- cells read one by one -------------------------------------------------------- */

static bool read_year(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    (void)u;
    const scopus_value *x = value;
    pc_date d;
    if (pc_date_parse(x->v, x->n, &d))
        pc_record_set_date(rec, row->field, &d);
    else
        pc_record_set_date_literal(rec, row->field, x->v, x->n);
    return true;
}

static bool read_doi(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    (void)u;
    (void)row;
    const scopus_value *x = value;
    return pc_record_set_doi(rec, x->v, x->n);
}

static bool read_abstract(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    (void)u;
    (void)row;
    const scopus_value *x = value;
    if (!is_placeholder(x->v, x->n, "[No abstract available]"))
        pc_record_set_abstract(rec, x->v, x->n, NULL, false);
    return true;
}

/* "12 June 2018 through 15 June 2018": a range; a date the shared parser
 * does not read stays the literal. */
static bool read_event_date(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    (void)u;
    const scopus_value *x = value;
    pc_date d, e;
    const char *t = NULL;
    for (size_t i = 0; i + 9 <= x->n && !t; i++)
        if (!memcmp(x->v + i, " through ", 9))
            t = x->v + i;
    if (!t && pc_date_parse(x->v, x->n, &d)) {
        pc_record_set_date(rec, row->field, &d);
        return true;
    }
    if (t && pc_date_parse(x->v, (size_t)(t - x->v), &d) &&
        pc_date_parse(t + 9, x->n - (size_t)(t + 9 - x->v), &e) && !e.end_year) {
        d.end_year = e.year, d.end_month = e.month, d.end_day = e.day;
        pc_record_set_date(rec, row->field, &d);
        return true;
    }
    pc_record_set_date_literal(rec, row->field, x->v, x->n);
    return true;
}

/* ISSN "20411723; 1234567X" -> "2041-1723, 1234-567X": Scopus writes no
 * hyphen. */
static bool read_issn(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    scopus_state *s = u;
    const scopus_value *x = value;
    const char *p = x->v, *end = x->v + x->n, *it;
    size_t n;
    pc_buf_clear(&s->tmp2);
    while (next_item(&p, end, ';', &it, &n)) {
        if (s->tmp2.len)
            pc_buf_puts(&s->tmp2, ", ");
        bool bare = n == 8;
        for (size_t i = 0; i < 7 && bare; i++)
            bare = pc_is_digit((unsigned char)it[i]);
        bare = bare && (pc_is_digit((unsigned char)it[7]) || it[7] == 'X' || it[7] == 'x');
        if (bare) {
            pc_buf_put(&s->tmp2, it, 4);
            pc_buf_putc(&s->tmp2, '-');
            pc_buf_put(&s->tmp2, it + 4, 3);
            pc_buf_putc(&s->tmp2, it[7] == 'x' ? 'X' : it[7]);
        } else {
            pc_buf_put(&s->tmp2, it, n);
        }
    }
    if (s->tmp2.len)
        pc_record_set(rec, row->field, s->tmp2.ptr, s->tmp2.len);
    return true;
}

/* ISBN "9780128...; 978..." -> joined with ", " as the other readers do. */
static bool read_isbn(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    scopus_state *s = u;
    const scopus_value *x = value;
    const char *p = x->v, *end = x->v + x->n, *it;
    size_t n;
    pc_buf_clear(&s->tmp2);
    while (next_item(&p, end, ';', &it, &n)) {
        if (s->tmp2.len)
            pc_buf_puts(&s->tmp2, ", ");
        pc_buf_put(&s->tmp2, it, n);
    }
    if (s->tmp2.len)
        pc_record_set(rec, row->field, s->tmp2.ptr, s->tmp2.len);
    return true;
}

/* Document Type: the kind of work; a type that says more than the kind
 * ("Review", "Erratum", an unknown one) is the genre too. */
static bool read_type(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    (void)u;
    const scopus_value *x = value;
    bool plain;
    rec->kind = pc_scopus_kind(x->v, &plain);
    if (!plain)
        pc_record_set(rec, row->field, x->v, x->n);
    return true;
}

/* Publication Stage: "Final" says nothing; "Article in press" is CSL's
 * status "in press"; anything else is kept as it is. */
static bool read_stage(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    (void)u;
    const scopus_value *x = value;
    if (is_placeholder(x->v, x->n, "Final"))
        return true;
    if (is_placeholder(x->v, x->n, "Article in press"))
        pc_record_set_str(rec, row->field, "in press");
    else
        pc_record_set(rec, row->field, x->v, x->n);
    return true;
}

/* A column kept in the note as "Header: value", one a line. */
static void note_add(scopus_state *s, const char *header, const char *v, size_t n)
{
    if (s->note.len)
        pc_buf_putc(&s->note, '\n');
    pc_buf_puts(&s->note, header);
    pc_buf_puts(&s->note, ": ");
    pc_buf_put(&s->note, v, n);
}

static bool read_note(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    (void)row;
    (void)rec;
    const scopus_value *x = value;
    note_add(u, x->header, x->v, x->n);
    return true;
}

static int hexval(char c)
{
    return pc_is_digit((unsigned char)c) ? c - '0'
           : (c >= 'a' && c <= 'f')      ? c - 'a' + 10
           : (c >= 'A' && c <= 'F')      ? c - 'A' + 10
                                         : -1;
}

/* Funding Texts: Scopus leaks JSON escapes ("\u2019") into this column;
 * one that is a BMP code point (not a surrogate) is decoded. */
static bool read_funding_text(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    (void)row;
    (void)rec;
    scopus_state *s = u;
    const scopus_value *x = value;
    pc_buf_clear(&s->tmp2);
    for (size_t i = 0; i < x->n; i++) {
        int32_t cp = 0;
        bool esc = x->v[i] == '\\' && i + 5 < x->n && x->v[i + 1] == 'u';
        for (size_t k = 2; esc && k < 6; k++) {
            int h = hexval(x->v[i + k]);
            esc = h >= 0;
            cp = cp * 16 + h;
        }
        if (esc && cp >= 0x20 && (cp < 0xD800 || cp > 0xDFFF)) {
            pc_utf8_put(&s->tmp2, cp);
            i += 5;
        } else {
            pc_buf_putc(&s->tmp2, x->v[i]);
        }
    }
    pc_utf8_nfc(&s->tmp2);
    note_add(s, x->header, s->tmp2.ptr, s->tmp2.len);
    return true;
}

/* Affiliations: the record's, each once. */
static bool read_affiliations(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    scopus_state *s = u;
    const scopus_value *x = value;
    const char *p = x->v, *end = x->v + x->n, *it;
    size_t n;
    while (next_item(&p, end, ';', &it, &n)) {
        pc_strlist_add_unique(&s->affils, it, n);
        pc_record_list_add(rec, row->field, it, n);
    }
    return true;
}

pc_map_read_fn *const pc_scopus_readers[SC_N_HANDLERS] = {
    [SC_H_YEAR] = read_year,
    [SC_H_DOI] = read_doi,
    [SC_H_ABSTRACT] = read_abstract,
    [SC_H_EVENT_DATE] = read_event_date,
    [SC_H_ISSN] = read_issn,
    [SC_H_ISBN] = read_isbn,
    [SC_H_TYPE] = read_type,
    [SC_H_STAGE] = read_stage,
    [SC_H_NOTE] = read_note,
    [SC_H_FUNDING_TEXT] = read_funding_text,
    [SC_H_AFFILIATIONS] = read_affiliations,
    /* read at the row's end (pc_scopus_finish): the names, the pages */
};

/* ---- names ------------------------------------------------------------------------ */

/* True for "R.C.", "J.-P.", "RC": the initials Scopus writes after a family name. */
static bool is_initials(const char *s, size_t n)
{
    bool dot = false, upper = false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '.')
            dot = true;
        else if (pc_is_upper(c) || c >= 0x80)
            upper = true;
        else if (c != '-')
            return false;
    }
    return upper && (dot || n <= 3);
}

/* "Anderson R.C." / "Van Der Berg J." -> family + initials; a name with a
 * comma ("Anderson, R.C.") through the shared parser as it is; a name with
 * no initials (a group) is a literal. */
static void add_short_name(scopus_state *s, pc_record *rec, pc_field role, const char *v, size_t n)
{
    if (is_placeholder(v, n, "[No author name available]"))
        return;
    pc_name *nm = NULL;
    const char *sp = NULL;
    for (size_t i = n; i-- > 0;)
        if (v[i] == ' ') {
            sp = v + i;
            break;
        }
    if (memchr(v, ',', n)) {
        nm = pc_record_add_name(rec, role);
        pc_name_parse(v, n, nm);
    } else if (sp && is_initials(sp + 1, n - (size_t)(sp + 1 - v))) {
        pc_buf_clear(&s->tmp2);
        pc_buf_put(&s->tmp2, v, (size_t)(sp - v));
        pc_buf_putc(&s->tmp2, '\0');
        size_t fam = s->tmp2.len;
        pc_buf_put(&s->tmp2, sp + 1, n - (size_t)(sp + 1 - v));
        pc_buf_putc(&s->tmp2, '\0');
        nm = pc_record_add_name(rec, role);
        pc_name_from_parts(s->tmp2.ptr + fam, s->tmp2.ptr, NULL, nm);
    } else {
        nm = pc_record_add_name(rec, role);
        pc_set_strn(&nm->literal, v, n);
    }
}

/* "Family, Given (7201379999)": the name, its Scopus id to `ids`. */
static void add_full_name(pc_record *rec, const char *v, size_t n)
{
    if (is_placeholder(v, n, "[No author name available]"))
        return;
    if (n && v[n - 1] == ')') {
        const char *open = NULL;
        for (size_t i = n - 1; i-- > 0 && !open;)
            if (v[i] == '(')
                open = v + i;
            else if (!pc_is_digit((unsigned char)v[i]))
                break;
        if (open && open + 1 < v + n - 1) {
            pc_record_list_add(rec, PC_F_SCOPUS_AUTHOR_ID, open + 1, (size_t)(v + n - 1 - open - 1));
            n = (size_t)(open - v);
            pc_trim(&v, &n);
        }
    }
    if (n)
        pc_name_parse(v, n, pc_record_add_name(rec, PC_F_AUTHOR));
}

/* Old exports separate "Authors" with ", ": no ";" and every ","-part a
 * "Family I.I." name. */
static char short_names_sep(const char *v, size_t n)
{
    if (memchr(v, ';', n) || !memchr(v, ',', n))
        return ';';
    const char *p = v, *end = v + n, *it;
    size_t m;
    while (next_item(&p, end, ',', &it, &m)) {
        const char *sp = NULL;
        for (size_t i = m; i-- > 0 && !sp;)
            if (it[i] == ' ')
                sp = it + i;
        if (!sp || !is_initials(sp + 1, m - (size_t)(sp + 1 - it)))
            return ';';
    }
    return ',';
}

static void read_short_names(scopus_state *s, pc_record *rec, pc_field role, const char *v, size_t n)
{
    char sep = short_names_sep(v, n);
    const char *p = v, *end = v + n, *it;
    size_t m;
    while (next_item(&p, end, sep, &it, &m))
        add_short_name(s, rec, role, it, m);
}

/* The affiliations of one author, "Aff1, Dept, City, Country, Aff2, ...":
 * from the left, the longest prefix (ending at a ", ") that is one of the
 * record's affiliations; what matches none is one affiliation.  At most
 * MATCH_TRIES prefixes are tried at each point, so a cell of many commas
 * stays linear. */
enum { MATCH_TRIES = 64 };

static void add_affiliations(scopus_state *s, pc_name *nm, const char *v, size_t n)
{
    const char *p = v, *end = v + n;
    while (p < end) {
        const char *best = NULL, *c = p;
        for (int tries = 0; c && tries < MATCH_TRIES; tries++) {
            const char *e = c;
            while (e < end && !(e + 1 < end && e[0] == ',' && e[1] == ' '))
                e++;
            if (s->affils.n && pc_strlist_has_n(&s->affils, p, (size_t)(e - p)))
                best = e;
            c = e < end ? e + 2 : NULL;
        }
        if (!best) {
            pc_strlist_push_n(&nm->affiliations, p, (size_t)(end - p));
            return;
        }
        pc_strlist_push_n(&nm->affiliations, p, (size_t)(best - p));
        p = best < end ? best + 2 : end;
    }
}

/* "Authors with affiliations": "Anderson R.C., Aff1, Aff2; Mansi S.A., Aff3"
 * — the i-th part is the i-th author's. */
static void read_author_affils(scopus_state *s, pc_record *rec)
{
    size_t n;
    const char *v = cell_of(s, SC_H_AUTHOR_AFFILS, &s->tmp, &n);
    pc_names *names = pc_record_names_mut(rec, PC_F_AUTHOR);
    if (!v || !names || !names->n)
        return;
    const char *p = v, *end = v + n, *it;
    size_t m, i = 0;
    while (next_item(&p, end, ';', &it, &m) && i < names->n) {
        const char *comma = memchr(it, ',', m);
        const char *a = comma ? comma + 1 : it + m;
        size_t an = m - (size_t)(a - it);
        pc_trim(&a, &an);
        if (an)
            add_affiliations(s, &names->items[i], a, an);
        i++; /* an author with no affiliation ("Li D.") keeps its place */
    }
}

static void read_names(scopus_state *s, pc_record *rec)
{
    size_t n;
    const char *v = cell_of(s, SC_H_FULL_NAMES, &s->tmp, &n);
    bool ids = false;
    if (v) {
        const char *p = v, *end = v + n, *it;
        size_t m;
        while (next_item(&p, end, ';', &it, &m))
            add_full_name(rec, it, m);
        ids = pc_record_has(rec, PC_F_SCOPUS_AUTHOR_ID);
    }
    if (!pc_record_names(rec, PC_F_AUTHOR) && (v = cell_of(s, SC_H_AUTHORS, &s->tmp, &n)))
        read_short_names(s, rec, PC_F_AUTHOR, v, n);
    if (!ids && (v = cell_of(s, SC_H_AUTHOR_IDS, &s->tmp, &n))) {
        const char *p = v, *end = v + n, *it;
        size_t m;
        while (next_item(&p, end, ';', &it, &m))
            pc_record_list_add(rec, PC_F_SCOPUS_AUTHOR_ID, it, m);
    }
    read_author_affils(s, rec);
    if ((v = cell_of(s, SC_H_EDITORS, &s->tmp, &n)))
        read_short_names(s, rec, PC_F_EDITOR, v, n);
}

/* ---- the row's end ------------------------------------------------------------------ */

/* Page start and Page end: "start-end", or the one given. */
static void read_pages(scopus_state *s, pc_record *rec)
{
    size_t a = 0, b = 0;
    const char *sp = cell_of(s, SC_H_PAGE_START, &s->tmp, &a);
    const char *ep = cell_of(s, SC_H_PAGE_END, &s->tmp2, &b);
    if (!sp && !ep)
        return;
    pc_buf *out = sp ? &s->tmp : &s->tmp2;
    if (sp && ep && (a != b || memcmp(sp, ep, a))) {
        pc_buf_putc(&s->tmp, '-');
        pc_buf_put(&s->tmp, ep, b);
    }
    pc_record_set(rec, PC_F_PAGE, out->ptr, out->len);
}

void pc_scopus_finish(scopus_state *s, pc_record *rec)
{
    /* RIS output writes it as Scopus' RIS does (PMID as C2, AD lines) */
    pc_record_set_str(rec, PC_F_RIS_DIALECT, "scopus");
    read_names(s, rec);
    read_pages(s, rec);
    if (s->note.len)
        pc_record_set(rec, PC_F_NOTE, s->note.ptr, s->note.len);
}
