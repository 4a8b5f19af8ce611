/* SPDX-License-Identifier: MIT */
/* values.c — the Web of Science values whose meaning is code, not a row
 * (the SPECIAL rows of map.c), and what is decided at the end of a record.
 *
 * Names: AF holds the full names, one a line ("Zupancic, John A. F."), AU
 * the short ones ("Zupancic, JAF"), in the same order; AF is read when the
 * record has it, else AU, whose initials are read as "J. A. F." (AU lines
 * of Medline records hold several names parted by "; ").  CA names are
 * groups, after the persons (Web of Science gives them no place in the
 * list).  C1 lines are addresses: "[Smith, J; Doe, A] Univ X, City" is an
 * affiliation of each name in the brackets (found by its AF or AU form); a
 * line without brackets is the only author's, or, of several authors,
 * kept as it is.  OI "Smith, John/0000-0002-1825-0097; ..." gives each
 * named author an ORCID.  PY is the year and PD the rest of the date
 * ("JUN 14", "MAY-JUN", "SPR", "DEC 15 2019", "04 2006"). */
#include "wos.h"

#include <stdlib.h>

/* ---- names -------------------------------------------------------------------- */

/* "RV", "JAF": initials written together, read as "R. V.". */
static void expand_initials(pc_name *nm)
{
    const char *g = nm->given;
    size_t n = g ? strlen(g) : 0;
    if (!n || n > 4)
        return;
    for (size_t i = 0; i < n; i++)
        if (!pc_is_upper((unsigned char)g[i]))
            return;
    pc_buf b = PC_BUF_INIT;
    for (size_t i = 0; i < n; i++) {
        if (i)
            pc_buf_putc(&b, ' ');
        pc_buf_putc(&b, g[i]);
        pc_buf_putc(&b, '.');
    }
    pc_free(nm->given);
    nm->given = pc_buf_detach(&b);
}

static void add_name(pc_record *rec, pc_field role, const char *s, size_t n, bool brief, bool literal)
{
    pc_trim(&s, &n);
    size_t k = n;
    if (k > 1 && s[k - 1] == ')') { /* "Smith J (SMIT-Individual)": Derwent's code, as Zotero drops it */
        const char *open = NULL;
        for (size_t i = k; i-- > 0;)
            if (s[i] == '(') {
                open = s + i;
                break;
            }
        if (open && open > s && open[-1] == ' ')
            n = (size_t)(open - s - 1);
    }
    if (!n)
        return;
    pc_name nm = {0};
    if (literal)
        nm.literal = pc_xstrndup(s, n);
    else if (!pc_tagged_name_parse(s, n, &nm))
        return;
    if (brief)
        expand_initials(&nm);
    *pc_record_add_name(rec, role) = nm;
}

/* Each line of a names value; `split` also parts a line at "; ". */
static void add_names(pc_record *rec, pc_field role, const char *v, size_t n, bool brief, bool literal)
{
    for (const char *s = v, *end = v + n; s < end;) {
        const char *e = s;
        while (e < end && *e != '\n' && !(brief && *e == ';'))
            e++;
        add_name(rec, role, s, (size_t)(e - s), brief, literal);
        s = e + 1;
    }
}

/* ---- names in C1 and OI --------------------------------------------------------------- */

typedef struct name_key {
    const char *s; /* a form of the name: "Smith, John", "Smith, J" */
    size_t at;     /* its offset in the index's text, while that grows */
    size_t who;    /* the author's index */
} name_key;

/* The sorted forms of the authors' names; their text in one buffer. */
typedef struct name_index {
    name_key *k;
    size_t n;
    pc_buf text;
} name_index;

static int key_cmp(const void *a, const void *b)
{
    return strcmp(((const name_key *)a)->s, ((const name_key *)b)->s);
}

/* Ends the form that starts at text offset `at`. */
static void add_key(name_index *x, size_t at, size_t who)
{
    pc_buf_putc(&x->text, '\0');
    x->k[x->n++] = (name_key){NULL, at, who};
}

/* The forms of every author's name, sorted for lookups: full ("Family,
 * Given") and short ("Family, GI"), an organisation's name. */
static void index_names(name_index *x, const pc_names *l)
{
    x->k = pc_xmalloc((2 * l->n + 1) * sizeof *x->k);
    x->n = 0;
    pc_buf_init(&x->text);
    for (size_t i = 0; i < l->n; i++) {
        const pc_name *nm = &l->items[i];
        size_t at = x->text.len;
        pc_tagged_name_put(&x->text, nm);
        add_key(x, at, i);
        if (nm->family && !nm->literal) {
            at = x->text.len;
            pc_tagged_name_put(&x->text, &(pc_name){.family = nm->family, .particle = nm->particle,
                                                    .dparticle = nm->dparticle});
            pc_buf_puts(&x->text, ", ");
            pc_tagged_initials(&x->text, nm->given);
            add_key(x, at, i);
        }
    }
    for (size_t i = 0; i < x->n; i++)
        x->k[i].s = x->text.ptr + x->k[i].at;
    qsort(x->k, x->n, sizeof *x->k, key_cmp);
}

static void index_free(name_index *x)
{
    pc_free(x->k);
    pc_buf_free(&x->text);
}

/* The author named [s, s+n) (trimmed), or -1. */
static long find_name(const name_index *x, pc_buf *tmp, const char *s, size_t n)
{
    pc_trim(&s, &n);
    pc_buf_clear(tmp);
    pc_buf_put(tmp, s, n);
    name_key want = {tmp->ptr, 0, 0};
    const name_key *hit = x->n ? bsearch(&want, x->k, x->n, sizeof *x->k, key_cmp) : NULL;
    return hit ? (long)hit->who : -1;
}

/* One C1 line: "[A; B] Address", or an address alone. */
static void read_address(wos_reader *r, pc_record *rec, pc_names *l, const name_index *x,
                         const pc_tagged_field *f, const char *s, size_t n)
{
    const char *close = n && s[0] == '[' ? memchr(s, ']', n) : NULL;
    if (!close) {
        if (l && l->n == 1)
            pc_strlist_add_unique(&l->items[0].affiliations, s, n);
        else
            pc_tagged_keep(&r->apply, rec, f, s, n);
        return;
    }
    const char *addr = close + 1;
    size_t an = (size_t)(s + n - addr);
    pc_trim(&addr, &an);
    /* every name must be an author's (else the line is kept as it is),
     * then each gets the address */
    for (int pass = 0; pass < 2; pass++) {
        for (const char *p = s + 1; p < close;) {
            const char *e = p;
            while (e < close && *e != ';')
                e++;
            long who = an ? find_name(x, &r->tmp, p, (size_t)(e - p)) : -1;
            if (who < 0) {
                pc_tagged_keep(&r->apply, rec, f, s, n);
                return;
            }
            if (pass)
                pc_strlist_add_unique(&l->items[who].affiliations, addr, an);
            p = e + 1;
        }
    }
}

/* OI "Name/ORCID; Name/ORCID": the ORCIDs of named authors; the pairs of
 * no author are kept as they are. */
static void read_orcids(wos_reader *r, pc_record *rec, pc_names *l, const name_index *x,
                        const pc_tagged_field *f, const char *s, size_t n)
{
    pc_buf left = PC_BUF_INIT;
    for (const char *p = s, *end = s + n; p < end;) {
        const char *e = memchr(p, ';', (size_t)(end - p));
        e = e ? e : end;
        const char *slash = NULL;
        for (const char *q = p; q < e; q++)
            if (*q == '/')
                slash = q;
        long who = slash ? find_name(x, &r->tmp, p, (size_t)(slash - p)) : -1;
        if (who < 0 || l->items[who].orcid || !pc_tagged_orcid(&l->items[who], slash + 1, (size_t)(e - slash - 1))) {
            const char *q = p;
            size_t qn = (size_t)(e - p);
            pc_trim(&q, &qn);
            if (left.len)
                pc_buf_puts(&left, "; ");
            pc_buf_put(&left, q, qn);
        }
        p = e + 1;
    }
    if (left.len)
        pc_tagged_keep(&r->apply, rec, f, left.ptr, left.len);
    pc_buf_free(&left);
}

void pc_wos_addresses(wos_reader *r, pc_record *rec)
{
    if (!r->n_c1 && !r->n_oi)
        return;
    pc_names *l = pc_record_names(rec, PC_F_AUTHOR) ? pc_record_names_mut(rec, PC_F_AUTHOR) : NULL;
    name_index x = {0};
    if (l)
        index_names(&x, l);
    pc_buf v = PC_BUF_INIT;
    for (size_t i = 0; i < r->n_c1; i++) {
        pc_tagged_clean(&v, r->c1[i], PC_TAGGED_LINES);
        for (const char *s = v.ptr, *end = v.ptr + v.len; s < end;) {
            const char *e = memchr(s, '\n', (size_t)(end - s));
            e = e ? e : end;
            read_address(r, rec, l, &x, r->c1[i], s, (size_t)(e - s));
            s = e + 1;
        }
    }
    for (size_t i = 0; i < r->n_oi; i++) {
        pc_tagged_clean(&v, r->oi[i], PC_TAGGED_FOLD);
        if (l)
            read_orcids(r, rec, l, &x, r->oi[i], v.ptr, v.len);
        else if (v.len)
            pc_tagged_keep(&r->apply, rec, r->oi[i], v.ptr, v.len);
    }
    pc_buf_free(&v);
    index_free(&x);
}

/* ---- gathering ---------------------------------------------------------------------- */

static void add_line(pc_buf *b, const char *v, size_t n)
{
    if (b->len)
        pc_buf_putc(b, '\n');
    pc_buf_put(b, v, n);
}

/* The first value of a tag is gathered into b; a later one is kept as it is. */
static void gather(wos_reader *r, pc_record *rec, pc_buf *b, const pc_tagged_field **bf,
                   const pc_tagged_field *f, const char *v, size_t n)
{
    if (b->len) {
        pc_tagged_keep(&r->apply, rec, f, v, n);
        return;
    }
    pc_buf_put(b, v, n);
    if (bf)
        *bf = f;
}

static void push_field(const pc_tagged_field ***a, size_t *n, size_t *cap, const pc_tagged_field *f)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 8;
        *a = pc_xrealloc(*a, *cap * sizeof **a);
    }
    (*a)[(*n)++] = f;
}

static bool starts(const char *v, size_t n, const char *p)
{
    size_t k = strlen(p);
    return n > k && !pc_strncasecmp(v, p, k);
}

/* UT: "WOS:..." or "ISI:..." the accession number, "MEDLINE:n" the PMID,
 * another database's ("INSPEC:8863438") the archive location. */
static void read_ut(wos_reader *r, pc_record *rec, const pc_tagged_field *f, const char *v, size_t n)
{
    if (starts(v, n, "WOS:") || starts(v, n, "ISI:"))
        pc_tagged_set_first(&r->apply, rec, PC_F_WOS_UT, f, v, n);
    else if (starts(v, n, "MEDLINE:") && !pc_record_has(rec, PC_F_PMID))
        pc_record_set(rec, PC_F_PMID, v + 8, n - 8);
    else
        pc_tagged_set_first(&r->apply, rec, PC_F_ARCHIVE_LOCATION, f, v, n);
}

/* The special rows' readers: a function per handler, r the reader, x the
 * pc_tagged_value. */
#define READER(name, ...)                                                                          \
    static bool name(void *user, const pc_map_row *row, pc_record *rec, void *value)              \
    {                                                                                              \
        wos_reader *r = user;                                                                      \
        const pc_tagged_value *x = value;                                                          \
        (void)r, (void)row, (void)rec;                                                             \
        __VA_ARGS__;                                                                               \
        return true;                                                                               \
    }

READER(h_dt, if (x->f != r->dt || !r->dt_is_written) pc_tagged_keep(&r->apply, rec, x->f, x->v, x->n))
/* bibutils writes groups on an AU line of their own */
READER(h_short_names, add_line(&r->short_names, x->v, x->n))
READER(h_groups, add_line(&r->groups, x->v, x->n))
READER(h_names, add_names(rec, row->field, x->v, x->n, false, false))
READER(h_editors, add_names(rec, row->field, x->v, x->n, true, false))
READER(h_c1, push_field(&r->c1, &r->n_c1, &r->cap_c1, x->f))
READER(h_oi, push_field(&r->oi, &r->n_oi, &r->cap_oi, x->f))
/* a second PY: the date as written */
READER(h_year, if (r->py.len && !r->py_lit.len) pc_buf_put(&r->py_lit, x->v, x->n);
       else gather(r, rec, &r->py, &r->py_f, x->f, x->v, x->n))
READER(h_pd, gather(r, rec, &r->pd, &r->pd_f, x->f, x->v, x->n))
READER(h_pages, const char t = x->f->tag[0];
       gather(r, rec, t == 'B' ? &r->bp : t == 'E' ? &r->ep : &r->ps, NULL, x->f, x->v, x->n))
READER(h_j9, gather(r, rec, &r->j9, &r->j9_f, x->f, x->v, x->n))
READER(h_serial, pc_strlist_add_unique(&r->issn, x->v, x->n))
READER(h_ut, read_ut(r, rec, x->f, x->v, x->n))
READER(h_doi, if (pc_record_has(rec, PC_F_DOI) || !pc_record_set_doi(rec, x->v, x->n))
                  pc_tagged_keep(&r->apply, rec, x->f, x->v, x->n))
READER(h_abstract, if (pc_record_has(rec, PC_F_ABSTRACT)) pc_tagged_keep(&r->apply, rec, x->f, x->v, x->n);
       else pc_record_set_abstract(rec, x->v, x->n, NULL, false))
READER(h_date, pc_tagged_read_date(&r->apply, rec, x->f, row->field, x->v, x->n))

/* PC_WOS_H_TYPE reads nothing here: read.c tells the kind first. */
pc_map_read_fn *const pc_wos_readers[PC_WOS_N_HANDLERS] = {
    [PC_WOS_H_DT] = h_dt,         [PC_WOS_H_SHORT_NAMES] = h_short_names, [PC_WOS_H_NAMES] = h_names,
    [PC_WOS_H_EDITORS] = h_editors, [PC_WOS_H_GROUPS] = h_groups,       [PC_WOS_H_C1] = h_c1,
    [PC_WOS_H_OI] = h_oi,         [PC_WOS_H_YEAR] = h_year,               [PC_WOS_H_PD] = h_pd,
    [PC_WOS_H_PAGES] = h_pages,   [PC_WOS_H_J9] = h_j9,                   [PC_WOS_H_SERIAL] = h_serial,
    [PC_WOS_H_UT] = h_ut,         [PC_WOS_H_DOI] = h_doi,                 [PC_WOS_H_ABSTRACT] = h_abstract,
    [PC_WOS_H_DATE] = h_date,
};

/* ---- the record's start and end ----------------------------------------------------------- */

void pc_wos_read_start(wos_reader *r, pc_record *rec)
{
    (void)rec;
    pc_buf *bufs[] = {&r->short_names, &r->groups, &r->bp, &r->ep, &r->ps, &r->pd, &r->py, &r->py_lit, &r->j9};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        pc_buf_clear(bufs[i]);
    r->au_f = r->pd_f = r->py_f = r->j9_f = NULL;
    r->n_c1 = r->n_oi = 0;
    pc_strlist_clear(&r->issn);
}

/* PY and PD: the issued date. */
static void finish_issued(wos_reader *r, pc_record *rec)
{
    pc_date d = {0};
    int y = 0;
    bool have = false;
    if (r->py.len) {
        if (pc_tagged_year(r->py.ptr, r->py.len, &y))
            d.year = y, have = true;
        else if (pc_tagged_date_parse(r->py.ptr, r->py.len, 0, &d))
            have = true, y = d.year;
        else
            pc_record_set_date_literal(rec, PC_F_ISSUED, r->py.ptr, r->py.len);
    }
    if (r->pd.len) {
        pc_date e;
        /* "FEB 2011" beside PY 2011: the year once; "2006 May-Jun" */
        if (pc_tagged_date_parse(r->pd.ptr, r->pd.len, y, &e) && (!have || e.year == y)) {
            if (have && d.year < 0)
                e.year = d.year;
            d = e, have = true;
        } else {
            pc_tagged_keep(&r->apply, rec, r->pd_f, r->pd.ptr, r->pd.len);
        }
    }
    if (have)
        pc_record_set_date(rec, PC_F_ISSUED, &d);
    if (have && r->py_lit.len)
        pc_record_set_date_literal(rec, PC_F_ISSUED, r->py_lit.ptr, r->py_lit.len);
    else if (r->py_lit.len)
        pc_tagged_keep(&r->apply, rec, r->py_f, r->py_lit.ptr, r->py_lit.len);
}

/* BP-EP, else PS, else EP. */
static void finish_pages(wos_reader *r, pc_record *rec)
{
    pc_buf_clear(&r->tmp);
    if (r->bp.len) {
        pc_buf_put(&r->tmp, r->bp.ptr, r->bp.len);
        if (r->ep.len) {
            pc_buf_putc(&r->tmp, '-');
            pc_buf_put(&r->tmp, r->ep.ptr, r->ep.len);
        }
        if (r->ps.len)
            pc_record_add_extra(rec, r->apply.family, "PS", 2, r->ps.ptr, r->ps.len);
    } else if (r->ps.len) {
        pc_tagged_pages(&r->tmp, r->ps.ptr, r->ps.len); /* MEDLINE's "2457-71" */
        if (r->ep.len)
            pc_record_add_extra(rec, r->apply.family, "EP", 2, r->ep.ptr, r->ep.len);
    } else {
        pc_buf_put(&r->tmp, r->ep.ptr, r->ep.len);
    }
    if (r->tmp.len)
        pc_record_set(rec, PC_F_PAGE, r->tmp.ptr, r->tmp.len);
}

void pc_wos_read_finish(wos_reader *r, pc_record *rec)
{
    if (!pc_record_has(rec, PC_F_AUTHOR) && r->short_names.len)
        add_names(rec, PC_F_AUTHOR, r->short_names.ptr, r->short_names.len, true, false);
    /* beside AF, AU holds the same names' short forms, which the writer makes */
    if (r->groups.len)
        add_names(rec, PC_F_AUTHOR, r->groups.ptr, r->groups.len, false, true);
    pc_wos_addresses(r, rec);
    finish_issued(r, rec);
    finish_pages(r, rec);
    if (r->issn.n) {
        pc_buf_clear(&r->tmp);
        for (size_t i = 0; i < r->issn.n; i++) {
            if (i)
                pc_buf_puts(&r->tmp, ", ");
            pc_buf_puts(&r->tmp, r->issn.items[i]);
        }
        pc_record_set(rec, PC_F_ISSN, r->tmp.ptr, r->tmp.len);
    }
    if (r->j9.len && !pc_record_has(rec, PC_F_CONTAINER_TITLE_SHORT))
        pc_record_set(rec, PC_F_CONTAINER_TITLE_SHORT, r->j9.ptr, r->j9.len);
    else if (r->j9.len)
        pc_tagged_keep(&r->apply, rec, r->j9_f, r->j9.ptr, r->j9.len);
}
