/* SPDX-License-Identifier: MIT */
/* read.c — one BibTeX or biblatex entry becomes one record, through the
 * rows of map.c (the reader of both formats, `bibtex` and `biblatex`).
 *
 * The entry type gives the kind (map.c's type table; entrysubtype makes a
 * magazine or newspaper article).  crossref and xdata parents add their
 * fields (crossref.c).  Then every field finds its row for that kind, and
 * the fields are read in the rows' order: among fields that would fill the
 * same model field the earlier row wins and the other one stays as it was
 * written.  Text is LaTeX-decoded with its markup (italic, bold, LaTeX
 * kept as written) and, for titles, its case-protected words.  Code reads
 * only what a row cannot say: names (names_bibtex.h), dates (date, year, month,
 * day, their event/orig/url forms, EDTF, BC years, ranges, literal dates,
 * and the date as written under the date's own name: `accessed`), pages,
 * DOI and URLs (verbatim; ours `urls` after `url`), keywords (split outside
 * braces), arXiv e-prints, biblatex's localisation keys, langid, and the
 * maintitle group.  Every field left over is kept
 * raw in the record's pass-through list (format "bibtex"), for a BibTeX
 * writer to write back; so is the entry type when the writers would give
 * the kind another one, and a @preamble or @comment before the entry. */
#include "bibtex.h"

#include <stdlib.h>

enum {
    PC_BIB_MAX_PENDING = 16 << 20, /* bytes of @preamble/@comment waiting for an entry */
    PC_BIB_MAX_UNKNOWN = 1000,     /* unknown LaTeX commands reported by name */
};

typedef struct bib_reader {
    pc_bib_lexer *lx;
    pc_ctx *ctx;
    const char *file;
    pc_map *map;
    pc_bib_xref *xref;
    pc_bib_entry e;           /* the entry being read */
    const pc_map_row **rows;  /* per field of e: its row, or NULL */
    size_t *order;            /* field indices in row order */
    size_t cap;
    uint64_t present[(PC_F_COUNT + 63) / 64]; /* model fields the entry's own fields fill */
    pc_kind kind;             /* the entry's */
    pc_buf tmp;
    pc_strlist pending;        /* @preamble / @comment bodies before the next entry */
    pc_strlist pending_names;  /* PC_BIB_X_PREAMBLE or PC_BIB_X_COMMENT, one per body */
    size_t pending_bytes;
    unsigned long n_after, n_xdata; /* bodies after the last entry; @xdata entries */
    pc_strlist unknown;             /* LaTeX commands reported already */
    unsigned long n_unknown;        /* their later uses */
    /* the text as written, for a writer of this same format (keep.c) */
    bool keep;
    int origin[PC_F_COUNT];  /* per model field: the field of e that made it, or -1 */
    pc_buf scratch;
    pc_record held;          /* the record read ahead: the last one gets the text after it */
    pc_read_status held_st;
    bool primed;
} bib_reader;

/* ---- decoding ------------------------------------------------------------------------ */

/* Reports a LaTeX command the decoder does not know, once per command
 * and input (a warning at its first field; then a -v note counts them). */
static void unknown_command(bib_reader *r, const pc_bib_field *f, const char *name)
{
    if (r->unknown.n < PC_BIB_MAX_UNKNOWN && pc_strlist_add_unique(&r->unknown, name, strlen(name)))
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, f->line, f->col,
                     "unknown LaTeX command %s in field \"%s\": kept as written (reported once)", name,
                     f->name);
    else
        r->n_unknown++;
}

/* Decodes [s, s+n), f's value or a part of it (an item of a list), from
 * LaTeX into r->tmp (italic, bold and unknown LaTeX into `markup`,
 * case-protected words into `prot`; either may be NULL).  False when the
 * text is empty. */
static bool decode_part(bib_reader *r, const pc_bib_field *f, const char *s, size_t n, pc_strlist *prot,
                        pc_spanlist *markup)
{
    pc_latex_report rep = {0};
    pc_buf_clear(&r->tmp);
    pc_latex_decode_marked(s, n, &r->tmp, prot, markup, &rep);
    if (rep.n_unknown && f->line)
        unknown_command(r, f, rep.first_name);
    return r->tmp.len > 0;
}

/* decode_part for the whole value of f. */
static bool decode(bib_reader *r, const pc_bib_field *f, pc_strlist *prot, pc_spanlist *markup)
{
    return decode_part(r, f, f->val.ptr, f->val.len, prot, markup);
}

/* A URL or DOI as written ([s, s+n)): no LaTeX decoding (the url package
 * reads them verbatim), but \url{...} unwrapped, escaped specials (\_ \%
 * \& \#) unescaped, white space and braces removed; NFC; in r->tmp. */
static bool verbatim_part(bib_reader *r, const char *s, size_t n)
{
    pc_trim(&s, &n);
    if (n >= 6 && memcmp(s, "\\url{", 5) == 0 && s[n - 1] == '}') {
        s += 5;
        n -= 6;
    }
    pc_buf_clear(&r->tmp);
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '\\' && i + 1 < n && strchr("_%&#$~", s[i + 1]))
            c = s[++i];
        else if (c == '{' || c == '}' || pc_is_space((unsigned char)c))
            continue;
        pc_buf_putc(&r->tmp, c);
    }
    pc_utf8_nfc(&r->tmp);
    return r->tmp.len > 0;
}

static bool verbatim(bib_reader *r, const pc_bib_field *f) { return verbatim_part(r, f->val.ptr, f->val.len); }

/* ---- text fields ----------------------------------------------------------------------- */

/* A text field: its row's model field, unless an earlier row filled it. */
static bool read_text(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    bib_reader *r = u;
    pc_bib_field *f = value;
    if (pc_record_has(rec, row->field))
        return true;
    const pc_field_info *fi = pc_field_get(row->field);
    pc_strlist prot = {0};
    pc_spanlist markup = {0};
    f->used = true;
    if (decode(r, f, fi->flags & PC_FF_TITLE ? &prot : NULL, &markup)) {
        pc_map_read(&(pc_map_row){.name = row->name, .field = row->field, .how = PC_MAP_TEXT}, rec,
                    r->tmp.ptr, r->tmp.len, &markup, NULL);
        pc_text *t = pc_record_text_mut(rec, row->field);
        if (t) {
            t->protected_words = prot; /* moved */
            memset(&prot, 0, sizeof prot);
        }
    }
    pc_spanlist_clear(&markup);
    pc_strlist_clear(&prot);
    return true;
}

/* A list field (keywords): items split at ',' and ';' outside braces
 * (`{graphs, sparse}` is one keyword, as biblatex's keyword lists keep it;
 * `\,` is no separator), each one LaTeX-decoded. */
static bool read_list(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    bib_reader *r = u;
    pc_bib_field *f = value;
    const char *s = f->val.ptr;
    size_t n = f->val.len, st = 0;
    int depth = 0;
    f->used = true;
    for (size_t i = 0; i <= n; i++) {
        if (i + 1 < n && s[i] == '\\') {
            i++; /* an escaped character or a command's first letter */
            continue;
        }
        if (i < n && (s[i] == '{' || s[i] == '}')) {
            depth += s[i] == '{' ? 1 : -1;
            continue;
        }
        if (i < n && (depth > 0 || (s[i] != ',' && s[i] != ';')))
            continue;
        if (decode_part(r, f, s + st, i - st, NULL, NULL))
            pc_record_list_add(rec, row->field, r->tmp.ptr, r->tmp.len);
        st = i + 1;
    }
    return true;
}

/* type, pubstate, series: a biblatex localisation key ("mathesis",
 * "inpress", "newseries") is read as its English text. */
static bool read_keyed(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    bib_reader *r = u;
    pc_bib_field *f = value;
    if (pc_record_has(rec, row->field) || !decode(r, f, NULL, NULL)) {
        f->used = !pc_record_has(rec, row->field);
        return true;
    }
    const char *text = pc_bib_key_text(r->tmp.ptr, r->tmp.len);
    pc_record_set(rec, row->field, text ? text : r->tmp.ptr, text ? strlen(text) : r->tmp.len);
    f->used = true;
    return true;
}

/* pages: en and em dashes (`--`, `---`) read as the hyphen CSL holds. */
static bool read_pages(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    bib_reader *r = u;
    pc_bib_field *f = value;
    if (pc_record_has(rec, row->field))
        return true;
    f->used = true;
    if (!decode(r, f, NULL, NULL))
        return true;
    pc_buf b = PC_BUF_INIT;
    for (size_t i = 0; i < r->tmp.len; i++) {
        const char *p = r->tmp.ptr + i;
        if (r->tmp.len - i >= 3 && (memcmp(p, "\xE2\x80\x93", 3) == 0 || memcmp(p, "\xE2\x80\x94", 3) == 0)) {
            pc_buf_putc(&b, '-');
            i += 2;
        } else {
            pc_buf_putc(&b, *p);
        }
    }
    pc_record_set(rec, row->field, b.ptr, b.len);
    pc_buf_free(&b);
    return true;
}

/* abstract: a final "…" ({\ldots}) marks it truncated. */
static bool read_abstract(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    bib_reader *r = u;
    pc_bib_field *f = value;
    (void)row;
    pc_spanlist markup = {0};
    f->used = true;
    if (decode(r, f, NULL, &markup))
        pc_record_set_abstract(rec, r->tmp.ptr, r->tmp.len, &markup, false);
    pc_spanlist_clear(&markup);
    return true;
}

/* doi: bare (URL or "doi:" removed); a value that holds no DOI is kept as
 * written, and the arXiv DOI stays a DOI. */
static bool read_doi(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    bib_reader *r = u;
    pc_bib_field *f = value;
    if (pc_record_has(rec, row->field))
        return true;
    f->used = true;
    if (!verbatim(r, f))
        return true;
    pc_buf d = PC_BUF_INIT;
    if (pc_doi_parse(r->tmp.ptr, r->tmp.len, &d))
        pc_record_set(rec, row->field, d.ptr, d.len);
    else
        pc_record_set(rec, row->field, r->tmp.ptr, r->tmp.len);
    pc_buf_free(&d);
    return true;
}

/* url: one URL; urls (ours: the URLs after the first, which BibTeX has no
 * field for): a list, "A and B" (or URLs separated by white space alone,
 * which our writer percent-encodes inside a URL). */
static bool read_url(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    bib_reader *r = u;
    pc_bib_field *f = value;
    f->used = true;
    if (strcmp(row->name, "urls") != 0) {
        if (verbatim(r, f))
            pc_record_list_add(rec, row->field, r->tmp.ptr, r->tmp.len);
        return true;
    }
    const char *s = f->val.ptr, *end = s + f->val.len;
    while (s < end) {
        while (s < end && pc_is_space((unsigned char)*s))
            s++;
        const char *e = s;
        while (e < end && !pc_is_space((unsigned char)*e))
            e++;
        bool sep = e - s == 3 && pc_strncasecmp(s, "and", 3) == 0;
        if (e > s && !sep && verbatim_part(r, s, (size_t)(e - s)))
            pc_record_list_add(rec, row->field, r->tmp.ptr, r->tmp.len);
        s = e;
    }
    return true;
}

/* howpublished: a URL there (\url{...} or bare) is one more URL; anything
 * else the publisher. */
static bool read_howpublished(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    bib_reader *r = u;
    pc_bib_field *f = value;
    const char *s = f->val.ptr;
    size_t n = f->val.len;
    pc_trim(&s, &n);
    if (n > 5 && memcmp(s, "\\url{", 5) == 0)
        s += 5, n -= 5;
    if ((n > 7 && pc_strncasecmp(s, "http://", 7) == 0) || (n > 8 && pc_strncasecmp(s, "https://", 8) == 0))
        return read_url(r, &(pc_map_row){.name = row->name, .field = PC_F_URL}, rec, f);
    return read_text(r, row, rec, f);
}

/* langid (hyphenation): the language tag ("english" -> en-US, with
 * langidopts' variant=british -> en-GB), or the name as written. */
static bool read_langid(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    bib_reader *r = u;
    pc_bib_field *f = value;
    if (pc_record_has(rec, row->field) || !decode(r, f, NULL, NULL))
        return true;
    f->used = true;
    const char *tag = NULL;
    pc_bib_field *opts = pc_bib_lex_find(r->lx, "langidopts");
    if (opts && strcmp(r->tmp.ptr, "english") == 0) { /* langidopts stays as written */
        const char *v = strstr(opts->val.ptr, "variant=");
        if (v && (strncmp(v + 8, "british", 7) == 0 || strncmp(v + 8, "uk", 2) == 0 ||
                  strncmp(v + 8, "australian", 10) == 0 || strncmp(v + 8, "newzealand", 10) == 0))
            tag = "en-GB";
    }
    if (!tag)
        tag = pc_bib_langid_tag(r->tmp.ptr, r->tmp.len);
    pc_record_set(rec, row->field, tag ? tag : r->tmp.ptr, tag ? strlen(tag) : r->tmp.len);
    return true;
}

/* eprint with eprinttype or archiveprefix arXiv (or none): the arXiv id,
 * version and primary class (eprintclass, primaryclass).  Another kind of
 * e-print stays as written, with its type and class. */
static bool read_eprint(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    bib_reader *r = u;
    pc_bib_field *f = value;
    (void)row;
    pc_bib_field *t = pc_bib_lex_find(r->lx, "eprinttype");
    if (!t)
        t = pc_bib_lex_find(r->lx, "archiveprefix");
    if (t && (!decode(r, t, NULL, NULL) || pc_strcasecmp(r->tmp.ptr, "arxiv") != 0))
        return true;
    if (pc_record_has(rec, PC_F_ARXIV_ID) || !verbatim(r, f) ||
        !pc_record_set_arxiv(rec, r->tmp.ptr, r->tmp.len))
        return true;
    f->used = true;
    if (t)
        t->used = true;
    static const char *const classes[] = {"eprintclass", "primaryclass"};
    for (size_t i = 0; i < 2; i++) {
        pc_bib_field *c = pc_bib_lex_find(r->lx, classes[i]);
        if (c && !pc_record_has(rec, PC_F_ARXIV_CLASS) && decode(r, c, NULL, NULL)) {
            pc_record_set(rec, PC_F_ARXIV_CLASS, r->tmp.ptr, r->tmp.len);
            c->used = true;
        }
    }
    return true;
}

/* ---- names ------------------------------------------------------------------------------- */

typedef struct aff_ctx {
    bib_reader *r;
    pc_names *names;
    size_t i;
} aff_ctx;

/* One item of the writer's `affiliation` list: "A; B" or "{}". */
static void add_affiliation(void *u, const char *s, size_t n)
{
    aff_ctx *a = u;
    size_t idx = a->i++;
    if (idx >= a->names->n)
        return;
    int depth = 0;
    size_t st = 0;
    for (size_t i = 0; i <= n; i++) {
        char c = i < n ? s[i] : ';';
        if (c == '{')
            depth++;
        else if (c == '}')
            depth--;
        if (c != ';' || depth)
            continue;
        pc_buf_clear(&a->r->tmp);
        pc_latex_decode(s + st, i - st, &a->r->tmp, NULL, NULL);
        if (a->r->tmp.len)
            pc_strlist_push(&a->names->items[idx].affiliations, a->r->tmp.ptr);
        st = i + 1;
    }
}

/* The role an editor list takes: its type field's (editortype, ...) when
 * that names a CSL role still free (the type is then read), else its own. */
static pc_field editor_role(bib_reader *r, pc_record *rec, const pc_bib_field *f, pc_field role)
{
    char name[16];
    snprintf(name, sizeof name, "%stype", f->name);
    pc_bib_field *t = pc_bib_lex_find(r->lx, name);
    if (!t || !decode(r, t, NULL, NULL))
        return role;
    pc_field typed = pc_bib_editor_role(r->tmp.ptr, r->tmp.len);
    if (typed == PC_F_EDITOR && role == PC_F_EDITOR)
        t->used = true;
    if (typed == PC_F_NONE || typed == PC_F_EDITOR || pc_record_names(rec, typed))
        return role;
    t->used = true;
    return typed;
}

static bool read_names(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    bib_reader *r = u;
    pc_bib_field *f = value;
    pc_field role = row->field;
    if (role == PC_F_EDITOR || role == PC_F_EDITORA || role == PC_F_EDITORB || role == PC_F_EDITORC)
        role = editor_role(r, rec, f, role);
    if (pc_record_names(rec, role))
        return true; /* an earlier field holds this role: this one stays as written */
    f->used = true;
    pc_bibtex_names_report rep = {0};
    pc_names *l = pc_record_names_mut(rec, role);
    pc_bibtex_names_parse_list(f->val.ptr, f->val.len, l, &rep);
    if (rep.n_problems && f->line) {
        unsigned long line, col;
        size_t off = rep.first_offset < f->val.len ? rep.first_offset : f->val.len;
        pc_bib_pos_in(f->val.ptr, off, f->line, f->col, &line, &col);
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, line, col, "%s: %s", f->name, rep.first_what);
    }
    if (rep.tex.n_unknown && f->line)
        unknown_command(r, f, rep.tex.first_name);
    if (!l->n && !l->et_al) { /* "author = {}": no list, not an empty one */
        pc_record_unset(rec, role);
        return true;
    }
    pc_bib_field *aff = role == PC_F_AUTHOR ? pc_bib_lex_find(r->lx, "affiliation") : NULL;
    if (aff && l->n) {
        aff_ctx a = {.r = r, .names = l};
        pc_bibtex_split_and(aff->val.ptr, aff->val.len, add_affiliation, &a);
        aff->used = true;
    }
    return true;
}

/* ---- dates ------------------------------------------------------------------------------- */

/* A date field's name: a prefix (""/"event"/"orig"/"url") and a part. */
typedef enum date_part { D_DATE, D_YEAR, D_MONTH, D_DAY } date_part;

static date_part part_of(const char *name, size_t *prefix)
{
    static const char *const parts[] = {"date", "year", "month", "day"};
    size_t n = strlen(name);
    for (int p = 0; p < 4; p++) {
        size_t k = strlen(parts[p]);
        if (n >= k && strcmp(name + n - k, parts[p]) == 0) {
            *prefix = n - k;
            return (date_part)p;
        }
    }
    *prefix = n;
    return D_DATE;
}

static bool all_digits(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!pc_is_digit((unsigned char)s[i]))
            return false;
    return n > 0;
}

/* A year as BibTeX files write it: 1999, -876 (also with an en dash:
 * `--876`), a range 1999/2000 or 1999--2000, or an EDTF date.  False when
 * it is none of these (a literal: "in press"). */
static bool parse_year(const char *s, size_t n, pc_date *d)
{
    memset(d, 0, sizeof *d);
    pc_buf b = PC_BUF_INIT;
    for (size_t i = 0; i < n; i++) { /* dashes as EDTF writes them: "-" start, "/" between */
        if (n - i >= 3 && memcmp(s + i, "\xE2\x80\x93", 3) == 0) {
            pc_buf_putc(&b, i ? '/' : '-');
            i += 2;
        } else if (s[i] == '-' && i && pc_is_digit((unsigned char)s[i - 1]) && i + 1 < n &&
                   all_digits(s + i + 1, n - i - 1) && n - i - 1 == 4) {
            pc_buf_putc(&b, '/');
        } else {
            pc_buf_putc(&b, s[i]);
        }
    }
    bool neg = b.len && b.ptr[0] == '-';
    bool ok = false;
    if (all_digits(b.ptr + neg, b.len - neg) && b.len - neg <= 4) {
        d->year = atoi(b.ptr + neg) * (neg ? -1 : 1);
        ok = d->year != 0;
    } else {
        ok = pc_date_parse_edtf(b.ptr, b.len, d) || pc_date_parse(b.ptr, b.len, d);
    }
    pc_buf_free(&b);
    return ok && pc_date_valid(d);
}

/* A month: a number, a name (the macros expand to "January"...), or a
 * range of two ("jul # {--} # aug"). */
static bool parse_month(const char *s, size_t n, int *m, int *end)
{
    *m = *end = 0;
    const char *dash = NULL;
    size_t dl = 0;
    for (size_t i = 1; i + 1 < n && !dash; i++)
        if (s[i] == '-' || s[i] == '/')
            dash = s + i, dl = 1;
        else if (n - i >= 3 && memcmp(s + i, "\xE2\x80\x93", 3) == 0)
            dash = s + i, dl = 3;
    size_t len = dash ? (size_t)(dash - s) : n;
    for (int k = 0; k < (dash ? 2 : 1); k++) {
        const char *p = k ? dash + dl : s;
        size_t pn = k ? n - (size_t)(dash + dl - s) : len;
        pc_trim(&p, &pn);
        int v = all_digits(p, pn) && pn <= 2 ? atoi(p) : pc_month_from_name(p, pn);
        if (v < 1 || v > 12)
            return false;
        *(k ? end : m) = v;
    }
    return true;
}

/* The date group `prefix` ("", "event", ...) from year, month and day:
 * true with *d filled, or false with *literal set to the year field when
 * that holds no year ("in press"). */
static bool date_from_parts(bib_reader *r, const char *prefix, size_t pn, pc_date *d,
                            pc_bib_field **literal)
{
    static const char *const parts[] = {"year", "month", "day"};
    pc_bib_field *f[3];
    char name[24];
    for (int p = 0; p < 3; p++) {
        snprintf(name, sizeof name, "%.*s%s", (int)pn, prefix, parts[p]);
        f[p] = pc_bib_lex_find(r->lx, name);
    }
    *literal = NULL;
    if (!f[0] || !decode(r, f[0], NULL, NULL))
        return false;
    if (!parse_year(r->tmp.ptr, r->tmp.len, d)) {
        *literal = f[0];
        return false;
    }
    f[0]->used = true;
    int m, end;
    if (f[1] && !d->end_year && !d->month && decode(r, f[1], NULL, NULL) &&
        parse_month(r->tmp.ptr, r->tmp.len, &m, &end)) {
        d->month = m;
        if (end)
            d->end_year = d->year, d->end_month = end;
        f[1]->used = true;
    }
    if (f[2] && d->month && !d->end_year && decode(r, f[2], NULL, NULL) &&
        all_digits(r->tmp.ptr, r->tmp.len) && r->tmp.len <= 2) {
        d->day = atoi(r->tmp.ptr);
        f[2]->used = pc_date_valid(d);
        if (!f[2]->used)
            d->day = 0;
    }
    return true;
}

/* A year, month or day field beside the date: read (used) when it says
 * what the date says. */
static void check_part(bib_reader *r, const pc_date *d, pc_bib_field *f, date_part part)
{
    if (!decode(r, f, NULL, NULL))
        return;
    pc_date y;
    int m, end;
    if (part == D_YEAR)
        f->used = parse_year(r->tmp.ptr, r->tmp.len, &y) && y.year == d->year && y.end_year == (d->end_year != d->year ? d->end_year : 0);
    else if (part == D_MONTH)
        f->used = parse_month(r->tmp.ptr, r->tmp.len, &m, &end) && m == d->month &&
                  (!end || end == d->end_month);
    else
        f->used = all_digits(r->tmp.ptr, r->tmp.len) && atoi(r->tmp.ptr) == d->day;
}

/* Keeps a date field that holds no date ("in press", "Spring 1999") as the
 * date's literal, with a note. */
static void date_literal(bib_reader *r, pc_record *rec, pc_bib_field *f, pc_field field)
{
    if (!decode(r, f, NULL, NULL))
        return;
    pc_record_set_date_literal(rec, field, r->tmp.ptr, r->tmp.len);
    f->used = true;
    if (f->line)
        pc_diag_emit(r->ctx, PC_SEV_NOTE, r->file, f->line, f->col,
                     "%s \"%s\" is not a date: kept as written", f->name, r->tmp.ptr);
}

/* date (EDTF), or year/month/day, of one date group; a part beside a date
 * is read when it agrees with it, and stays as written when it does not. */
static bool read_date(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    bib_reader *r = u;
    pc_bib_field *f = value;
    size_t pn;
    date_part part = part_of(f->name, &pn);
    const pc_date *have = pc_record_date(rec, row->field);
    const char *had_literal = pc_record_date_literal(rec, row->field);
    if (have && !had_literal && pc_strcasecmp(row->name, pc_field_get(row->field)->name) == 0) {
        /* the date's own name (issued, accessed) beside its parts (date,
         * urldate): how the source wrote it, as our writer keeps it */
        if (decode(r, f, NULL, NULL)) {
            pc_record_set_date_literal(rec, row->field, r->tmp.ptr, r->tmp.len);
            f->used = true;
        }
        return true;
    }
    if (have || had_literal) {
        if (have && part != D_DATE && !f->used)
            check_part(r, have, f, part);
        return true;
    }
    pc_date d;
    pc_bib_field *literal = NULL;
    bool ok;
    if (part == D_DATE) { /* EDTF as written: "~" is circa, not a tie */
        ok = (verbatim(r, f) && pc_date_parse_edtf(r->tmp.ptr, r->tmp.len, &d)) ||
             (decode(r, f, NULL, NULL) && parse_year(r->tmp.ptr, r->tmp.len, &d));
        literal = ok ? NULL : f;
        f->used = ok;
    } else {
        ok = date_from_parts(r, f->name, pn, &d, &literal);
    }
    if (ok)
        pc_record_set_date(rec, row->field, &d);
    else if (literal)
        date_literal(r, rec, literal, row->field);
    return true;
}

/* ---- dispatch -------------------------------------------------------------------------------- */

/* A TEXT or SPLIT row: by its field's kind. */
static bool read_value(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    const pc_field_info *fi = pc_field_get(row->field);
    return fi->kind == PC_FK_LIST ? read_list(u, row, rec, value) : read_text(u, row, rec, value);
}

/* The code of the fields a row cannot describe, by the handler its row
 * names (rows.def); none for the rows read with another one (editortype
 * with editor, the arXiv class with the id, ...). */
static pc_map_read_fn *const readers[PC_BIB_N_HANDLERS] = {
    [PC_BIB_H_NAMES] = read_names,
    [PC_BIB_H_DATE] = read_date,
    [PC_BIB_H_TITLE] = read_text,
    [PC_BIB_H_PAGES] = read_pages,
    [PC_BIB_H_DOI] = read_doi,
    [PC_BIB_H_EPRINT] = read_eprint,
    [PC_BIB_H_URL] = read_url,
    [PC_BIB_H_ABSTRACT] = read_abstract,
    [PC_BIB_H_KEYED] = read_keyed,
    [PC_BIB_H_LANGID] = read_langid,
    [PC_BIB_H_HOWPUBLISHED] = read_howpublished,
};

/* What is left unread stays as written (keep_rest): nothing to keep here. */
static const pc_map_reader bib_rows = {
    .value = read_value, .special = readers, .n_special = PC_BIB_N_HANDLERS};

/* ---- the maintitle group ------------------------------------------------------------------ */

/* Moves text field `from` (markup and protected words too) to `to`. */
static void move_text(pc_record *rec, pc_field from, pc_field to)
{
    pc_text *t = pc_record_text_mut(rec, from);
    if (!t)
        return;
    pc_spanlist markup = t->markup;
    pc_strlist prot = t->protected_words;
    memset(&t->markup, 0, sizeof t->markup);
    memset(&t->protected_words, 0, sizeof t->protected_words);
    char *s = pc_xstrdup(t->s);
    pc_record_unset(rec, from);
    pc_text *n = pc_record_take(rec, to, s);
    if (n) {
        n->markup = markup;
        n->protected_words = prot;
    } else {
        pc_spanlist_clear(&markup);
        pc_strlist_clear(&prot);
    }
}

/* maintitle, mainsubtitle, maintitleaddon: the work a volume belongs to.
 * As CSL (and pandoc) read it: a book's maintitle is its title and its own
 * title the volume-title; a chapter's maintitle is its container and its
 * booktitle the volume-title.  The writer turns it back. */
static void read_main_title(bib_reader *r, pc_record *rec)
{
    pc_bib_field *main = pc_bib_lex_find(r->lx, "maintitle");
    if (!main || main->used || pc_record_has(rec, PC_F_VOLUME_TITLE) ||
        pc_record_has(rec, PC_F_VOLUME_SUBTITLE) || pc_record_has(rec, PC_F_VOLUME_TITLE_ADDON))
        return;
    bool in_book = pc_bib_kind_in_book(rec->kind);
    const pc_field group[3] = {in_book ? PC_F_CONTAINER_TITLE : PC_F_TITLE,
                               in_book ? PC_F_CONTAINER_SUBTITLE : PC_F_SUBTITLE,
                               in_book ? PC_F_CONTAINER_TITLE_ADDON : PC_F_TITLE_ADDON};
    static const pc_field volume[3] = {PC_F_VOLUME_TITLE, PC_F_VOLUME_SUBTITLE, PC_F_VOLUME_TITLE_ADDON};
    static const char *const names[3] = {"maintitle", "mainsubtitle", "maintitleaddon"};
    for (int i = 0; i < 3; i++)
        move_text(rec, group[i], volume[i]);
    for (int i = 0; i < 3; i++) {
        pc_bib_field *f = pc_bib_lex_find(r->lx, names[i]);
        if (f && !f->used)
            read_text(r, &(pc_map_row){.name = names[i], .field = group[i]}, rec, f);
    }
}

/* A @periodical is an issue of a periodical: its issuetitle the item's
 * title, its title the periodical's (the container), as pandoc reads it.
 * With no issue title, the entry is the periodical itself: its title is
 * the item's (CSL's periodical has a title, not only a container). */
static void periodical_title(pc_record *rec)
{
    if (rec->kind != PC_KIND_PERIODICAL || pc_record_has(rec, PC_F_TITLE) || pc_record_has(rec, PC_F_SUBTITLE) ||
        pc_record_has(rec, PC_F_TITLE_ADDON))
        return;
    move_text(rec, PC_F_CONTAINER_TITLE, PC_F_TITLE);
    move_text(rec, PC_F_CONTAINER_SUBTITLE, PC_F_SUBTITLE);
    move_text(rec, PC_F_CONTAINER_TITLE_ADDON, PC_F_TITLE_ADDON);
}

/* ---- the entry ------------------------------------------------------------------------------ */

/* The kind of the entry's type (entrysubtype: a magazine or newspaper
 * article; unpublished with an event: a speech). */
static void read_kind(bib_reader *r, pc_record *rec, const pc_bib_type *t)
{
    rec->kind = t ? t->kind : PC_KIND_OTHER;
    if (!t) { /* kept for the BibTeX writers (keep_type) */
        const pc_bib_type *near = pc_bib_type_near(r->e.type);
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, r->e.line, r->e.col,
                     "unknown entry type @%s%s%s%s: read as \"%s\"", r->e.type, near ? " (did you mean @" : "",
                     near ? near->name : "", near ? "?)" : "", pc_kind_name(PC_KIND_OTHER));
    }
    pc_bib_field *st = pc_bib_lex_find(r->lx, "entrysubtype");
    if (st && rec->kind == PC_KIND_ARTICLE) {
        bool mag = strcmp(st->val.ptr, "magazine") == 0, news = strcmp(st->val.ptr, "newspaper") == 0;
        if (mag || news) {
            rec->kind = mag ? PC_KIND_ARTICLE_MAGAZINE : PC_KIND_ARTICLE_NEWSPAPER;
            st->used = true;
        }
    }
    if (rec->kind == PC_KIND_MANUSCRIPT && (pc_bib_lex_find(r->lx, "eventtitle") ||
                                             pc_bib_lex_find(r->lx, "eventdate") ||
                                             pc_bib_lex_find(r->lx, "venue")))
        rec->kind = PC_KIND_SPEECH;
}

static size_t row_index(const pc_map_row *row) { return row ? (size_t)(row - pc_bib_read_rows) : SIZE_MAX; }

/* Rows of fields [from, n) of the entry; the model fields they fill are
 * marked in r->present. */
static void find_rows(bib_reader *r, pc_kind kind, size_t from)
{
    if (r->e.n_fields > r->cap) {
        r->cap = pc_grow_cap(r->cap, r->e.n_fields);
        r->rows = pc_xreallocarray(r->rows, r->cap, sizeof *r->rows);
        r->order = pc_xreallocarray(r->order, r->cap, sizeof *r->order);
    }
    for (size_t i = from; i < r->e.n_fields; i++) {
        const pc_bib_field *f = &r->e.fields[i];
        const pc_map_row *row = pc_map_find(r->map, f->name, strlen(f->name), kind);
        r->rows[i] = row;
        if (row && row->field != PC_F_NONE)
            r->present[row->field / 64] |= (uint64_t)1 << (row->field % 64);
    }
}

/* keep: the model fields that reading field k of the entry made (the
 * values past the counts the record had before). */
static void note_origins(bib_reader *r, const pc_record *rec, size_t k, size_t nt, size_t nn, size_t nd,
                         size_t nl)
{
    for (size_t i = nt; i < rec->n_texts; i++)
        r->origin[rec->texts[i].field] = (int)k;
    for (size_t i = nn; i < rec->n_names; i++)
        r->origin[rec->names[i].role] = (int)k;
    for (size_t i = nd; i < rec->n_dates; i++)
        r->origin[rec->dates[i].field] = (int)k;
    for (size_t i = nl; i < rec->n_lists; i++)
        r->origin[rec->lists[i].field] = (int)k;
}

/* crossref.c asks: does the entry hold the model field of `name` already? */
static bool entry_has(void *u, const char *name)
{
    bib_reader *r = u;
    const pc_map_row *row = pc_map_find(r->map, name, strlen(name), r->kind);
    if (row && row->field != PC_F_NONE)
        return r->present[row->field / 64] >> (row->field % 64) & 1;
    return pc_bib_lex_find(r->lx, name) != NULL;
}

/* The fields in the order of their rows (insertion sort: entries have few
 * fields); fields with no row last, in input order. */
static void sort_fields(bib_reader *r)
{
    size_t n = r->e.n_fields;
    for (size_t i = 0; i < n; i++) {
        size_t k = i, ri = row_index(r->rows[i]);
        while (k > 0 && row_index(r->rows[r->order[k - 1]]) > ri) {
            r->order[k] = r->order[k - 1];
            k--;
        }
        r->order[k] = i;
    }
}

/* What no row read: kept as written (the entry's own fields; a parent's
 * field that the child did not take is the parent's business). */
static void keep_rest(bib_reader *r, pc_record *rec)
{
    for (size_t i = 0; i < r->e.n_fields; i++) {
        const pc_bib_field *f = &r->e.fields[i];
        if (!f->used && !f->inherited)
            pc_record_add_extra(rec, PC_BIB_FAMILY, f->name, strlen(f->name), f->val.ptr, f->val.len);
    }
}

/* The entry type as written, when a writer would give the kind another
 * one (@inbook, @manual, @online -> classic @misc): kept for the writers
 * of BibTeX.  biblatex's aliases (@phdthesis, @techreport, @www) are not
 * kept for biblatex's sake: its writer uses the type they stand for. */
static void keep_type(pc_record *rec, const pc_bib_type *t, const char *type)
{
    bool classic = t && (t->flags & PC_BIB_T_CLASSIC) &&
                   strcmp(pc_bib_written_type(rec, PC_BIB_CLASSIC), type) != 0;
    bool biblatex = t && (t->flags & PC_BIB_T_BIBLATEX) && !(t->flags & PC_BIB_T_ALIAS) &&
                    strcmp(pc_bib_written_type(rec, PC_BIB_BIBLATEX), type) != 0;
    if (classic || biblatex || !t)
        pc_record_add_extra(rec, PC_BIB_FAMILY, PC_BIB_X_TYPE, strlen(PC_BIB_X_TYPE), type, strlen(type));
}

static void fill_record(bib_reader *r, pc_record *rec)
{
    rec->src_file = r->file;
    rec->src_line = r->e.line;
    if (*r->e.key)
        rec->key = pc_xstrdup(r->e.key);
    const pc_bib_type *t = pc_bib_type_find(r->e.type);
    read_kind(r, rec, t);
    memset(r->present, 0, sizeof r->present);
    r->kind = rec->kind;
    find_rows(r, rec->kind, 0);
    size_t own = r->e.n_fields;
    pc_bib_xref_inherit(r->xref, entry_has, r);
    r->e = pc_bib_lex_entry(r->lx);
    find_rows(r, rec->kind, own);
    sort_fields(r);
    if (r->keep)
        for (int m = 0; m < PC_F_COUNT; m++)
            r->origin[m] = -1;
    for (size_t i = 0; i < r->e.n_fields; i++) {
        size_t k = r->order[i];
        if (!r->rows[k] || r->e.fields[k].used)
            continue;
        size_t nt = rec->n_texts, nn = rec->n_names, nd = rec->n_dates, nl = rec->n_lists;
        pc_map_read_row(&bib_rows, r->rows[k], rec, r, &r->e.fields[k]);
        if (r->keep)
            note_origins(r, rec, k, nt, nn, nd, nl);
    }
    read_main_title(r, rec);
    periodical_title(rec);
    if (t && t->genre && !pc_record_has(rec, PC_F_GENRE)) /* @phdthesis: a PhD thesis */
        pc_record_set_str(rec, PC_F_GENRE, t->genre);
    if (rec->kind == PC_KIND_NONE && pc_record_has(rec, PC_F_ARXIV_ID))
        rec->kind = PC_KIND_PREPRINT; /* an arXiv e-print as @misc */
    keep_type(rec, t, r->e.type);
    keep_rest(r, rec);
    if (r->keep) {
        pc_bib_raw raw = pc_bib_lex_raw(r->lx);
        pc_bib_keep_record(rec, &raw, &r->e, r->rows, r->origin, &r->scratch);
    }
}

/* @preamble and @comment: kept for the next entry's record. */
static void keep_body(bib_reader *r, pc_bib_lex_status st)
{
    /* a body costs its bytes and about ITEM more (two list items, a
     * pass-through value): empty @comment{}s count too, so their number is
     * bounded; past the cap one warning, the rest of the run not kept */
    enum { ITEM = 64 };
    size_t n;
    const char *body = pc_bib_lex_body(r->lx, &n);
    if (r->pending_bytes + n + ITEM > PC_BIB_MAX_PENDING) {
        if (r->pending_bytes <= PC_BIB_MAX_PENDING)
            pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, 0, 0,
                         "more than %d MB of @preamble and @comment before an entry: the rest not kept",
                         PC_BIB_MAX_PENDING >> 20);
        r->pending_bytes = PC_BIB_MAX_PENDING + 1;
        return;
    }
    r->pending_bytes += n + ITEM;
    pc_strlist_push_n(&r->pending, body, n);
    pc_strlist_push(&r->pending_names, st == PC_BIB_PREAMBLE ? PC_BIB_X_PREAMBLE : PC_BIB_X_COMMENT);
}

static void give_pending(bib_reader *r, pc_record *rec)
{
    for (size_t i = 0; i < r->pending.n; i++)
        pc_record_add_extra(rec, PC_BIB_FAMILY, r->pending_names.items[i], strlen(r->pending_names.items[i]),
                            r->pending.items[i], strlen(r->pending.items[i]));
    pc_strlist_clear(&r->pending);
    pc_strlist_clear(&r->pending_names);
    r->pending_bytes = 0;
}

/* ---- the reader ------------------------------------------------------------------------------ */

/* The reader of format `fmt` ("bibtex", "biblatex"): it keeps the text
 * as written when the run writes that same format. */
static void *open_as(pc_source *src, pc_ctx *ctx, const char *fmt)
{
    bib_reader *r = pc_xcalloc(1, sizeof *r);
    r->ctx = ctx;
    r->lx = pc_bib_lex_open(src, ctx);
    /* (an input decoded from another character set is written from its
     * values: in UTF-8 its text would belie its "% Encoding:" line) */
    r->keep = ctx->write_format && strcmp(ctx->write_format, fmt) == 0 && !ctx->opt.bib.rewrite &&
              !pc_source_encoding(src);
    if (r->keep)
        pc_bib_lex_keep(r->lx);
    pc_record_init(&r->held);
    pc_buf_init(&r->scratch);
    r->file = pc_bib_lex_file(r->lx);
    r->map = pc_map_new(pc_bib_read_rows, PC_BIB_N_ROWS, PC_MAP_FOLD_CASE);
    r->xref = pc_bib_xref_new(r->lx, src, ctx);
    pc_buf_init(&r->tmp);
    return r;
}

void *pc_bib_read_open_classic(pc_source *src, pc_ctx *ctx) { return open_as(src, ctx, "bibtex"); }
void *pc_bib_read_open_biblatex(pc_source *src, pc_ctx *ctx) { return open_as(src, ctx, "biblatex"); }

void pc_bib_read_close(void *state)
{
    bib_reader *r = state;
    if (!r)
        return;
    if (r->pending.n)
        r->n_after += r->pending.n;
    if (r->n_after)
        pc_diag_emit(r->ctx, PC_SEV_NOTE, r->file, 0, 0,
                     "bibtex: %lu @preamble or @comment after the last entry not kept", r->n_after);
    if (r->n_unknown)
        pc_diag_emit(r->ctx, PC_SEV_NOTE, r->file, 0, 0,
                     "bibtex: %lu more use(s) of unknown LaTeX commands kept as written", r->n_unknown);
    if (r->n_xdata)
        pc_diag_emit(r->ctx, PC_SEV_NOTE, r->file, 0, 0,
                     "bibtex: %lu @xdata entr%s read for inheritance only", r->n_xdata,
                     r->n_xdata == 1 ? "y" : "ies");
    pc_bib_xref_free(r->xref);
    pc_bib_lex_close(r->lx);
    pc_map_free(r->map);
    pc_strlist_clear(&r->pending);
    pc_strlist_clear(&r->pending_names);
    pc_strlist_clear(&r->unknown);
    pc_buf_free(&r->tmp);
    pc_buf_free(&r->scratch);
    pc_record_clear(&r->held);
    pc_free(r->rows);
    pc_free(r->order);
    pc_free(r);
}

static pc_read_status read_one(bib_reader *r, pc_record *rec)
{
    for (;;) {
        pc_bib_lex_status st = pc_bib_lex_next(r->lx);
        switch (st) {
        case PC_BIB_PREAMBLE:
        case PC_BIB_COMMENT:
            if (!r->keep) /* kept, they are in the next entry's lead */
                keep_body(r, st);
            continue;
        case PC_BIB_SKIP: return PC_READ_SKIP;
        case PC_BIB_FATAL: return PC_READ_FATAL;
        case PC_BIB_EOF:
        case PC_BIB_NONE: return PC_READ_EOF;
        case PC_BIB_ENTRY: break;
        }
        r->e = pc_bib_lex_entry(r->lx);
        const pc_bib_type *t = pc_bib_type_find(r->e.type);
        if (t && (t->flags & PC_BIB_T_SKIP)) {
            r->n_xdata++;
            if (r->keep)
                pc_bib_lex_hold(r->lx);
            continue;
        }
        give_pending(r, rec);
        fill_record(r, rec);
        return PC_READ_RECORD;
    }
}

/* With the text kept, one record is read ahead: the one before the end
 * gets the text after its entry (% comments, @comment, ... at the end). */
pc_read_status pc_bib_read_next(void *state, pc_record *rec)
{
    bib_reader *r = state;
    if (!r->keep)
        return read_one(r, rec);
    if (!r->primed) {
        r->held_st = read_one(r, &r->held);
        r->primed = true;
    }
    pc_read_status st = r->held_st;
    if (st != PC_READ_RECORD && st != PC_READ_SKIP)
        return st;
    if (st == PC_READ_RECORD) {
        pc_record t = *rec;
        *rec = r->held;
        r->held = t;
    }
    pc_record_clear(&r->held);
    r->held_st = read_one(r, &r->held);
    if (st == PC_READ_RECORD && r->held_st != PC_READ_RECORD && r->held_st != PC_READ_SKIP) {
        pc_bib_raw rest = pc_bib_lex_raw(r->lx);
        pc_bib_keep_tail(rec, rest.text, rest.lead);
    }
    return st;
}

int pc_bib_sniff(const char *head, size_t n)
{
    static const char *const types[] = {"article", "book", "inproceedings", "incollection",
                                        "misc", "string", "comment", "preamble", "online",
                                        "phdthesis", "techreport", "unpublished", "inbook"};
    for (size_t i = 0; i < n; i++) {
        if (head[i] != '@' || (i > 0 && head[i - 1] != '\n'))
            continue;
        size_t j = i + 1;
        while (j < n && pc_is_alpha((unsigned char)head[j]))
            j++;
        size_t t = j;
        while (t < n && (head[t] == ' ' || head[t] == '\t'))
            t++;
        if (j == i + 1 || t >= n || (head[t] != '{' && head[t] != '('))
            continue;
        for (size_t k = 0; k < sizeof types / sizeof *types; k++)
            if (strlen(types[k]) == j - i - 1 && pc_strncasecmp(head + i + 1, types[k], j - i - 1) == 0)
                return 80;
        return 50;
    }
    return 0;
}
