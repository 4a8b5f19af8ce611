/* SPDX-License-Identifier: MIT */
/* values.c — the MEDLINE values whose meaning is code, not a row (the
 * SPECIAL rows of map.c), and what is decided at the end of a record.
 *
 * Names come in blocks: FAU (the full name, "Long, Vicky") then AU (the
 * short one, "Long V") then AUID ("ORCID: ...") and AD (one affiliation a
 * line) of that author; records before 2002 have AU alone, which is then
 * the name ("van Raaij MJ": the initials last, read as "M. J."); CN is a
 * collective author at its place in the list.  FED/ED (editors) and
 * FIR/IR/IRAD (investigators: CSL contributors) are blocks of the same
 * shape.  Identifiers: LID and AID hold "value [type]": [doi] the DOI,
 * [pii] the publisher's id (a DOI-shaped [pii] is the DOI when no [doi]
 * says otherwise: Springer's), a bare LID the e-location (eid); IS "ISSN
 * (Print)" (the qualifier dropped, each ISSN once; an ISBN's shape makes it
 * an ISBN). */
#include "medline.h"

#include <stdlib.h>

/* ---- names -------------------------------------------------------------------- */

/* The role a name tag names. */
static pc_field role_of(const pc_tagged_field *f)
{
    if (pc_tagged_is(f, "FED") || pc_tagged_is(f, "ED"))
        return PC_F_EDITOR;
    if (pc_tagged_is(f, "FIR") || pc_tagged_is(f, "IR"))
        return PC_F_CONTRIBUTOR;
    return PC_F_AUTHOR;
}

/* True if the word is a block of initials: one to four capitals ("MJ"). */
static bool initials(const char *s, size_t n)
{
    if (!n || n > 4)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!pc_is_upper((unsigned char)s[i]))
            return false;
    return true;
}

/* The short form of a name ("Long V", "Wong Kee Song LM", "Smith JA Jr"):
 * the family name, then the initials, then a suffix. */
static bool parse_short(const char *s, size_t n, pc_name *out)
{
    pc_trim(&s, &n);
    if (memchr(s, ',', n))
        return pc_tagged_name_parse(s, n, out); /* ERIC: "van Groen, Maaike M." */
    size_t e = n, w;
    const char *suffix = NULL;
    size_t sn = 0;
    for (w = e; w && s[w - 1] != ' '; w--)
        ;
    if (w && pc_name_is_suffix(s + w, e - w)) {
        suffix = s + w, sn = e - w;
        for (e = w; e && s[e - 1] == ' '; e--)
            ;
        for (w = e; w && s[w - 1] != ' '; w--)
            ;
    }
    if (!w || !initials(s + w, e - w))
        return pc_tagged_name_parse(s, n, out); /* one word, or no initials */
    pc_buf given = PC_BUF_INIT;
    for (size_t i = w; i < e; i++) {
        if (given.len)
            pc_buf_putc(&given, ' ');
        pc_buf_putc(&given, s[i]);
        pc_buf_putc(&given, '.');
    }
    size_t fn = w;
    while (fn && s[fn - 1] == ' ')
        fn--;
    char *family = pc_xstrndup(s, fn), *suf = suffix ? pc_xstrndup(suffix, sn) : NULL;
    pc_name_from_parts(given.ptr, family, suf, out);
    pc_free(family);
    pc_free(suf);
    pc_buf_free(&given);
    return out->family || out->given;
}

/* The name last read, or NULL. */
static pc_name *last_name(md_reader *r, pc_record *rec)
{
    const pc_names *l = r->last_role ? pc_record_names(rec, r->last_role) : NULL;
    return l && r->last_index < l->n ? &pc_record_names_mut(rec, r->last_role)->items[r->last_index] : NULL;
}

/* A name tag: FAU starts a block; AU right after its FAU belongs to it,
 * else it is a name of its own; CN is a collective name. */
static void read_name(md_reader *r, pc_record *rec, const pc_tagged_field *f, const char *v, size_t n)
{
    pc_field role = role_of(f);
    bool full = f->tag[0] == 'F', collective = pc_tagged_is(f, "CN");
    if (!full && !collective && r->pending_short && r->last_role == role) {
        r->pending_short = false; /* the short form of the full name before it */
        return;
    }
    pc_name nm = {0};
    if (collective)
        nm.literal = pc_xstrndup(v, n);
    else if (!(full ? pc_tagged_name_parse(v, n, &nm) : parse_short(v, n, &nm)))
        return;
    pc_names *l = pc_record_names_mut(rec, role);
    *pc_names_add(l) = nm; /* the record owns its strings now */
    r->last_role = role;
    r->last_index = l->n - 1;
    r->pending_short = full;
}

/* AUID and AD (IRAD): of the name before them. */
static void read_about_name(md_reader *r, pc_record *rec, const pc_tagged_field *f, const char *v, size_t n)
{
    pc_name *nm = last_name(r, rec);
    if (nm && pc_tagged_is(f, "AUID") && !nm->orcid && pc_tagged_orcid(nm, v, n))
        return;
    if (nm && !pc_tagged_is(f, "AUID"))
        pc_strlist_push_n(&nm->affiliations, v, n);
    else
        pc_tagged_keep(&r->apply, rec, f, v, n);
}

/* ---- identifiers -------------------------------------------------------------- */

/* "value [type]": the value and the type (empty when there is none). */
static void split_id(const char *v, size_t n, size_t *vn, const char **type, size_t *tn)
{
    *type = "", *tn = 0, *vn = n;
    if (n < 3 || v[n - 1] != ']')
        return;
    const char *open = NULL;
    for (size_t i = n - 1; i-- > 0;)
        if (v[i] == '[') {
            open = v + i;
            break;
        }
    if (!open)
        return;
    *type = open + 1;
    *tn = (size_t)(v + n - 1 - *type);
    *vn = (size_t)(open - v);
    while (*vn && v[*vn - 1] == ' ')
        (*vn)--;
}

static bool type_is(const char *type, size_t tn, const char *want)
{
    return strlen(want) == tn && !pc_strncasecmp(type, want, tn);
}

/* LID and AID. */
static void read_id(md_reader *r, pc_record *rec, const pc_tagged_field *f, const char *v, size_t n)
{
    size_t vn, tn;
    const char *type;
    split_id(v, n, &vn, &type, &tn);
    if (type_is(type, tn, "doi") || (!tn && n > 4 && !pc_strncasecmp(v, "doi:", 4))) {
        pc_buf_clear(&r->tmp);
        const char *old = pc_record_get(rec, PC_F_DOI);
        if (pc_doi_parse(v, vn, &r->tmp) && (!old || !strcmp(old, r->tmp.ptr))) {
            pc_record_set_doi(rec, v, vn);
            return;
        }
    } else if (type_is(type, tn, "pii")) {
        if (!r->pii.len) {
            pc_buf_put(&r->pii, v, vn);
            r->pii_f = f;
            return;
        }
        if (r->pii.len == vn && !memcmp(r->pii.ptr, v, vn))
            return;
    } else if (!tn && pc_tagged_is(f, "LID")) {
        pc_tagged_set_first(&r->apply, rec, PC_F_EID, f, v, n); /* "e0123", "103640" */
        return;
    } else if (!tn && n > 7 && (!pc_strncasecmp(v, "http://", 7) || !pc_strncasecmp(v, "https://", 8))) {
        pc_record_list_add(rec, PC_F_URL, v, n); /* ERIC */
        return;
    }
    pc_tagged_keep(&r->apply, rec, f, v, n); /* [bookaccession], [isi], another DOI */
}

/* The characters of an ISBN (10 or 13 digits, X last) with hyphens and
 * spaces between. */
static bool isbn_shaped(const char *s, size_t n)
{
    size_t digits = 0;
    for (size_t i = 0; i < n; i++) {
        if (pc_is_digit((unsigned char)s[i]) || ((s[i] == 'X' || s[i] == 'x') && i + 1 == n))
            digits++;
        else if (s[i] != '-' && s[i] != ' ')
            return false;
    }
    return digits == 10 || digits == 13;
}

/* IS: "0955-2359 (Print)", "EISSN-2375-5636" (ERIC), a book's ISBN; ISBN:
 * "ISBN 978-3-86680-192-9". */
static void read_serial(md_reader *r, const char *v, size_t n)
{
    if (n && v[n - 1] == ')') { /* the medium: (Print), (Electronic), (Linking); "(v. 1)" stays */
        static const char *const media[] = {"(Print)", "(Electronic)", "(Linking)"};
        for (size_t i = 0; i < sizeof media / sizeof *media; i++) {
            size_t k = strlen(media[i]);
            if (n > k && !pc_strncasecmp(v + n - k, media[i], k)) {
                n -= k;
                while (n && v[n - 1] == ' ')
                    n--;
                break;
            }
        }
    }
    static const char *const prefixes[] = {"EISSN-", "ISSN-", "ISBN "};
    for (size_t i = 0; i < 3; i++) {
        size_t k = strlen(prefixes[i]);
        if (n > k && !pc_strncasecmp(v, prefixes[i], k)) {
            v += k, n -= k;
            break;
        }
    }
    if (n) {
        const char *q = memchr(v, '(', n); /* "0201896834 (v. 1)": the number's shape tells */
        size_t core = q ? (size_t)(q - v) : n;
        while (core && v[core - 1] == ' ')
            core--;
        pc_strlist_add_unique(isbn_shaped(v, core) ? &r->isbn : &r->issn, v, n);
    }
}

/* ---- dates -------------------------------------------------------------------- */

/* PHST "2017/05/05 00:00 [received]": the date submitted; the other
 * stages of the record's history are kept as they are. */
static void read_history(md_reader *r, pc_record *rec, const pc_tagged_field *f, const char *v, size_t n)
{
    size_t vn, tn;
    const char *type;
    split_id(v, n, &vn, &type, &tn);
    size_t dn = vn;
    if (dn > 6 && v[dn - 3] == ':' && v[dn - 6] == ' ') /* " 00:00" */
        dn -= 6;
    pc_date d;
    if (type_is(type, tn, "received") && !pc_record_has(rec, PC_F_SUBMITTED) &&
        pc_tagged_date_parse(v, dn, 0, &d))
        pc_record_set_date(rec, PC_F_SUBMITTED, &d);
    else
        pc_tagged_keep(&r->apply, rec, f, v, n);
}

/* DP: "2019 Mar-Apr", "2020 Winter", "2013 06 10"; text that is not such
 * a date keeps the year it names beside the text as written. */
static void read_issued(md_reader *r, pc_record *rec, const pc_tagged_field *f, const char *v, size_t n)
{
    pc_date d;
    if (pc_record_date(rec, PC_F_ISSUED) || pc_record_date_literal(rec, PC_F_ISSUED) ||
        pc_tagged_date_parse(v, n, 0, &d)) {
        pc_tagged_read_date(&r->apply, rec, f, PC_F_ISSUED, v, n);
        return;
    }
    for (size_t i = 0; i + 4 <= n; i++) { /* ERIC "Article 10 2019": its year */
        bool four = (i == 0 || !pc_is_digit((unsigned char)v[i - 1])) && (i + 4 == n || !pc_is_digit((unsigned char)v[i + 4]));
        for (size_t k = i; four && k < i + 4; k++)
            four = pc_is_digit((unsigned char)v[k]);
        if (four) {
            pc_record_set_date(rec, PC_F_ISSUED, &(pc_date){.year = atoi(v + i)});
            break;
        }
    }
    pc_record_set_date_literal(rec, PC_F_ISSUED, v, n);
}

/* ---- the special rows ---------------------------------------------------------------- */

/* Appends a value to a gathered text. */
static void add_line(pc_buf *b, const char *sep, const char *v, size_t n)
{
    if (b->len)
        pc_buf_puts(b, sep);
    pc_buf_put(b, v, n);
}

/* The special rows' readers: a function per handler, r the reader, x the
 * pc_tagged_value. */
#define READER(name, ...)                                                                          \
    static bool name(void *user, const pc_map_row *row, pc_record *rec, void *value)              \
    {                                                                                              \
        md_reader *r = user;                                                                       \
        const pc_tagged_value *x = value;                                                          \
        (void)r, (void)row, (void)rec;                                                             \
        __VA_ARGS__;                                                                               \
        return true;                                                                               \
    }

/* PT: Review, Letter, ... (all but the one that told the kind) kept as they are */
READER(h_type, if (x->f != r->type_f || !r->type->write) pc_tagged_keep(&r->apply, rec, x->f, x->v, x->n))
READER(h_names, read_name(r, rec, x->f, x->v, x->n))
READER(h_about_name, read_about_name(r, rec, x->f, x->v, x->n))
READER(h_id, read_id(r, rec, x->f, x->v, x->n))
READER(h_issued, read_issued(r, rec, x->f, x->v, x->n))
READER(h_date, pc_tagged_read_date(&r->apply, rec, x->f, row->field, x->v, x->n))
READER(h_history, read_history(r, rec, x->f, x->v, x->n))
READER(h_serial, read_serial(r, x->v, x->n))
READER(h_title, add_line(&r->title, " ", x->v, x->n))
READER(h_abstract, add_line(&r->abstract, " ", x->v, x->n))
READER(h_note, add_line(&r->note, "; ", x->v, x->n))
READER(h_pages, pc_tagged_pages(&r->tmp, x->v, x->n);
       pc_tagged_set_first(&r->apply, rec, PC_F_PAGE, x->f, r->tmp.ptr, r->tmp.len))

pc_map_read_fn *const pc_medline_readers[PC_MD_N_HANDLERS] = {
    [PC_MD_H_TYPE] = h_type,         [PC_MD_H_NAMES] = h_names,     [PC_MD_H_ABOUT_NAME] = h_about_name,
    [PC_MD_H_ID] = h_id,             [PC_MD_H_ISSUED] = h_issued,   [PC_MD_H_DATE] = h_date,
    [PC_MD_H_HISTORY] = h_history,   [PC_MD_H_SERIAL] = h_serial,   [PC_MD_H_TITLE] = h_title,
    [PC_MD_H_ABSTRACT] = h_abstract, [PC_MD_H_NOTE] = h_note,       [PC_MD_H_PAGES] = h_pages,
};

void pc_medline_read_start(md_reader *r, pc_record *rec)
{
    (void)rec;
    r->last_role = PC_F_NONE;
    r->pending_short = false;
    r->pii_f = NULL;
    pc_buf *bufs[] = {&r->title, &r->abstract, &r->note, &r->pii};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        pc_buf_clear(bufs[i]);
}

/* A list of ISSNs or ISBNs joined with ", " into its field. */
static void finish_serials(md_reader *r, pc_record *rec, pc_strlist *l, pc_field field)
{
    pc_buf_clear(&r->tmp);
    for (size_t i = 0; i < l->n; i++) {
        if (i)
            pc_buf_puts(&r->tmp, ", ");
        pc_buf_puts(&r->tmp, l->items[i]);
    }
    if (l->n)
        pc_record_set(rec, field, r->tmp.ptr, r->tmp.len);
    pc_strlist_clear(l);
}

void pc_medline_read_finish(md_reader *r, pc_record *rec)
{
    if (r->title.len)
        pc_record_set(rec, PC_F_TITLE, r->title.ptr, r->title.len);
    if (r->abstract.len)
        pc_record_set_abstract(rec, r->abstract.ptr, r->abstract.len, NULL, false);
    if (r->note.len)
        pc_record_set(rec, PC_F_NOTE, r->note.ptr, r->note.len);
    finish_serials(r, rec, &r->issn, PC_F_ISSN);
    finish_serials(r, rec, &r->isbn, PC_F_ISBN);
    if (r->pii.len && !(!pc_record_has(rec, PC_F_DOI) && pc_record_set_doi(rec, r->pii.ptr, r->pii.len)))
        pc_record_set(rec, PC_F_PII, r->pii.ptr, r->pii.len); /* Springer's DOI-shaped [pii] is the DOI */
}
