/* SPDX-License-Identifier: MIT */
/* json_map.c — what the JSON mappers share (see json.h): the walk of an item's
 * keys through its shape's rows, text as each service writes it (plain,
 * HTML/JATS through the one HTML reader, TeX), names, dates, identifiers
 * and pass-through values. */
#include "json.h"

#include <stdlib.h>

/* ---- values ------------------------------------------------------------------- */

const char *pc_jm_str(const json_t *o, const char *key)
{
    const char *s = json_string_value(json_object_get(o, key));
    return s && *s ? s : NULL;
}

const char *pc_jm_first(const json_t *v)
{
    const char *s = json_string_value(json_is_array(v) ? json_array_get(v, 0) : v);
    return s && *s ? s : NULL;
}

const char *pc_jm_scalar(pc_jm *m, const json_t *v)
{
    pc_buf *b = &m->tmp2;
    pc_buf_clear(b);
    if (json_is_string(v))
        pc_buf_put(b, json_string_value(v), json_string_length(v));
    else if (json_is_integer(v))
        pc_buf_printf(b, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
    else if (json_is_real(v))
        pc_buf_printf(b, "%g", json_real_value(v));
    else
        return NULL;
    const char *s = b->ptr;
    size_t n = b->len;
    pc_trim(&s, &n);
    return n ? b->ptr : NULL;
}

/* ---- text --------------------------------------------------------------------- */

bool pc_jm_text(pc_jm *m, const char *s, size_t n, pc_buf *out, pc_spanlist *spans,
                pc_strlist *protect)
{
    pc_buf_clear(out);
    switch (m->shape->text) {
    case PC_JSON_TEX: pc_latex_decode_marked(s, n, out, protect, spans, &m->tex); break;
    case PC_JSON_HTML: pc_html_read(s, n, PC_HTML_DOC, out, spans, NULL); break;
    case PC_JSON_PLAIN:
        pc_buf_put_folded(out, s, n);
        pc_utf8_nfc(out);
        break;
    }
    return out->len > 0;
}

char *pc_jm_plain(pc_jm *m, const char *s)
{
    if (!s || !pc_jm_text(m, s, strlen(s), &m->tmp, NULL, NULL))
        return NULL;
    return pc_xstrndup(m->tmp.ptr, m->tmp.len);
}

/* Stores [s, s+n) as field f through `row` (its markup, and a title's
 * case-protected words, moved in); the abstract through its setter. */
static void store(pc_record *rec, const pc_map_row *row, const char *s, size_t n, pc_spanlist *spans,
                  pc_strlist *protect)
{
    if (row->field == PC_F_ABSTRACT) {
        pc_record_set_abstract(rec, s, n, spans, false);
    } else {
        pc_map_read(row, rec, s, n, spans, NULL);
        pc_text *t = protect && protect->n ? pc_record_text_mut(rec, row->field) : NULL;
        if (t) {
            pc_strlist_clear(&t->protected_words);
            t->protected_words = *protect;
            *protect = (pc_strlist){0};
        }
    }
    pc_spanlist_clear(spans);
    pc_strlist_clear(protect);
}

/* Reads string s through a TEXT, LIST or SPLIT row (s must not be m->tmp). */
static void read_string(pc_jm *m, const pc_map_row *row, const char *s, size_t n, pc_record *rec)
{
    const pc_field_info *fi = pc_field_get(row->field);
    bool rich = fi && (fi->flags & PC_FF_RICH) && row->how == PC_MAP_TEXT;
    bool title = rich && (fi->flags & PC_FF_TITLE);
    pc_spanlist spans = {0};
    pc_strlist protect = {0};
    if (pc_jm_text(m, s, n, &m->tmp, rich ? &spans : NULL, title ? &protect : NULL))
        store(rec, row, m->tmp.ptr, m->tmp.len, &spans, &protect);
    pc_spanlist_clear(&spans);
    pc_strlist_clear(&protect);
}

void pc_jm_set_plain(pc_record *rec, pc_field f, const char *s)
{
    if (!s)
        return;
    pc_buf b = PC_BUF_INIT;
    pc_buf_put_folded(&b, s, strlen(s));
    pc_utf8_nfc(&b);
    pc_record_set(rec, f, b.ptr, b.len);
    pc_buf_free(&b);
}

void pc_jm_set(pc_jm *m, pc_record *rec, pc_field f, const char *s)
{
    if (s) {
        pc_map_row row = {.name = "", .field = f, .how = PC_MAP_TEXT, .dir = PC_MAP_READ};
        read_string(m, &row, s, strlen(s), rec);
    }
}

/* A value through a TEXT, LIST or SPLIT row: a string, a number, an array
 * of them (a TEXT row takes the first).  False when the row cannot hold
 * it (an object, a boolean, an array of objects) or not all of it (a TEXT
 * row given several: Crossref's "short-container-title": ["Phys. Rev. D",
 * "PRD"]): the caller keeps it as it is. */
static bool read_value(pc_jm *m, const pc_map_row *row, const json_t *v, pc_record *rec)
{
    size_t i;
    const json_t *x;
    if (json_is_array(v)) {
        json_array_foreach(v, i, x)
            if (!json_is_string(x) && !json_is_number(x))
                return false;
        json_array_foreach(v, i, x) {
            if (row->how == PC_MAP_TEXT && i > 0)
                break;
            if (pc_jm_scalar(m, x))
                read_string(m, row, m->tmp2.ptr, m->tmp2.len, rec);
        }
        return row->how != PC_MAP_TEXT || json_array_size(v) <= 1;
    }
    if (json_is_string(v)) {
        read_string(m, row, json_string_value(v), json_string_length(v), rec);
        return true;
    }
    if (!json_is_number(v))
        return false;
    if (pc_jm_scalar(m, v))
        read_string(m, row, m->tmp2.ptr, m->tmp2.len, rec);
    return true;
}

void pc_jm_keep(pc_jm *m, const char *key, const json_t *v, pc_record *rec)
{
    char *raw = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_PRESERVE_ORDER);
    if (raw)
        pc_record_add_extra(rec, m->shape->family, key, strlen(key), raw, strlen(raw));
    pc_json_text_free(raw);
}

/* The walk's rows: a TEXT, LIST or SPLIT row's value (false: the row
 * cannot hold it), a key kept (no row, an EXTRA row, or such a value). */
static bool walk_value(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    return read_value(u, row, value, rec);
}

static void walk_keep(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    pc_jm *m = u;
    (void)row;
    pc_jm_keep(m, m->key, value, rec);
}

void pc_jm_walk(pc_jm *m, const json_t *o, pc_record *rec)
{
    const pc_map_reader rd = {.value = walk_value,
                              .special = m->shape->special,
                              .n_special = m->shape->n_special,
                              .keep = walk_keep};
    const char *key;
    size_t key_len;
    json_t *v;
    json_object_keylen_foreach((json_t *)o, key, key_len, v) {
        if (json_is_null(v))
            continue;
        m->key = key;
        pc_map_read_row(&rd, pc_map_find(m->map, key, key_len, PC_KIND_NONE), rec, m, v);
    }
}

/* ---- names -------------------------------------------------------------------- */

pc_name *pc_jm_name_parts(pc_jm *m, pc_record *rec, pc_field role, const char *given,
                          const char *family, const char *suffix, const char *literal)
{
    pc_name *nm = NULL;
    char *f = pc_jm_plain(m, family);
    if (f) {
        char *g = pc_jm_plain(m, given), *sfx = pc_jm_plain(m, suffix);
        nm = pc_record_add_name(rec, role);
        pc_name_from_parts(g, f, sfx, nm);
        pc_free(g);
        pc_free(sfx);
    } else {
        char *lit = pc_jm_plain(m, literal ? literal : given); /* an organisation, or a mononym */
        if (lit) {
            nm = pc_record_add_name(rec, role);
            nm->literal = lit;
        }
    }
    pc_free(f);
    return nm;
}

pc_name *pc_jm_name_display(pc_jm *m, pc_record *rec, pc_field role, const char *s)
{
    char *t = pc_jm_plain(m, s);
    if (!t)
        return NULL;
    pc_name *nm = pc_record_add_name(rec, role);
    pc_name_parse(t, strlen(t), nm);
    pc_free(t);
    return nm;
}

void pc_jm_affiliation(pc_jm *m, pc_name *nm, const char *s)
{
    if (nm && s && pc_jm_text(m, s, strlen(s), &m->tmp, NULL, NULL))
        pc_strlist_add_unique(&nm->affiliations, m->tmp.ptr, m->tmp.len);
}

void pc_jm_orcid(pc_name *nm, const char *s)
{
    const char *id;
    if (nm && s && pc_orcid_parse(s, strlen(s), &id))
        pc_set_strn(&nm->orcid, id, PC_ORCID_LEN);
}

/* ---- dates -------------------------------------------------------------------- */

bool pc_jm_date_text(pc_jm *m, const char *s, pc_date *d)
{
    *d = (pc_date){0};
    if (!s)
        return false;
    if (pc_date_parse(s, strlen(s), d) && pc_date_valid(d))
        return true;
    *d = (pc_date){0};
    pc_diag_emit(m->ctx, PC_SEV_WARNING, m->file, m->line, 0, "cannot read the date \"%s\"%s", s,
                 m->where);
    return false;
}

bool pc_jm_date_parts(pc_jm *m, const char *key, const json_t *o, pc_date *d)
{
    const json_t *dp = json_object_get(o, "date-parts"), *first = json_array_get(dp, 0);
    if (!json_array_size(dp) || (json_is_array(first) && (json_array_size(first) == 0 ||
                                                          json_is_null(json_array_get(first, 0)))))
        return false; /* no date: Crossref writes [[null]] for one it does not know */
    const pc_csl_at at = {.ctx = m->ctx, .file = m->file, .line = m->line, .key = key, .where = m->where};
    pc_date t = {0};
    if (!pc_csl_date_parts(&at, dp, &t)) {
        pc_csl_date_unreadable(&at);
        return false;
    }
    if (!t.year || !pc_date_valid(&t))
        return false;
    *d = t;
    return true;
}

/* ---- identifiers -------------------------------------------------------------- */

void pc_jm_doi(pc_jm *m, pc_record *rec, const char *s, bool arxiv_doi)
{
    if (!s)
        return;
    size_t n = strlen(s);
    pc_buf *d = &m->tmp2, id = PC_BUF_INIT;
    int version;
    bool ok;
    if (arxiv_doi && pc_doi_parse(s, n, d) && pc_arxiv_parse(d->ptr, d->len, &id, &version))
        ok = pc_record_set(rec, PC_F_DOI, d->ptr, d->len) != NULL; /* the arXiv DOI, as a DOI */
    else
        ok = pc_record_set_doi(rec, s, n);
    pc_buf_free(&id);
    if (!ok)
        pc_diag_emit(m->ctx, PC_SEV_WARNING, m->file, m->line, 0, "\"%s\" is not a DOI; ignored%s", s,
                     m->where);
}

void pc_jm_pmcid(pc_jm *m, pc_record *rec, const char *s)
{
    pc_buf_clear(&m->tmp);
    pc_buf_printf(&m->tmp, "%s%s", pc_strncasecmp(s, "PMC", 3) ? "PMC" : "", s);
    pc_jm_set_plain(rec, PC_F_PMCID, m->tmp.ptr);
}

bool pc_jm_doi_link(pc_jm *m, const pc_record *rec, const char *url)
{
    static const char *const resolvers[] = {"https://doi.org/", "http://doi.org/", "https://dx.doi.org/",
                                            "http://dx.doi.org/"};
    const char *doi = pc_record_get(rec, PC_F_DOI);
    size_t n = strlen(url), i = 0;
    while (i < sizeof resolvers / sizeof *resolvers &&
           pc_strncasecmp(url, resolvers[i], strlen(resolvers[i])) != 0)
        i++;
    return doi && i < sizeof resolvers / sizeof *resolvers && pc_doi_parse(url, n, &m->tmp) &&
           pc_strcasecmp(m->tmp.ptr, doi) == 0;
}

void pc_jm_join(pc_jm *m, pc_record *rec, pc_field f, const json_t *v)
{
    pc_buf all = PC_BUF_INIT;
    pc_strlist seen = {0};
    size_t i, n = json_is_array(v) ? json_array_size(v) : 1;
    for (i = 0; i < n; i++) {
        const char *s = json_string_value(json_is_array(v) ? json_array_get(v, i) : v);
        if (!s || !pc_jm_text(m, s, strlen(s), &m->tmp, NULL, NULL) ||
            !pc_strlist_add_unique(&seen, m->tmp.ptr, m->tmp.len))
            continue;
        if (all.len)
            pc_buf_puts(&all, ", ");
        pc_buf_put(&all, m->tmp.ptr, m->tmp.len);
    }
    if (all.len)
        pc_record_set(rec, f, all.ptr, all.len);
    pc_strlist_clear(&seen);
    pc_buf_free(&all);
}

void pc_jm_funder(pc_jm *m, pc_record *rec, const char *name, const json_t *awards)
{
    char *who = pc_jm_plain(m, name);
    if (!who)
        return;
    pc_buf b = PC_BUF_INIT;
    pc_buf_puts(&b, who);
    size_t i, n = json_is_array(awards) ? json_array_size(awards) : awards != NULL, na = 0;
    for (i = 0; i < n; i++) {
        const char *s = pc_jm_scalar(m, json_is_array(awards) ? json_array_get(awards, i) : awards);
        if (s) {
            pc_buf_puts(&b, na++ ? ", " : " (");
            pc_buf_puts(&b, s);
        }
    }
    if (na)
        pc_buf_putc(&b, ')');
    pc_record_list_add(rec, PC_F_FUNDER, b.ptr, b.len);
    pc_buf_free(&b);
    pc_free(who);
}

void pc_jm_finish(pc_jm *m, pc_record *rec)
{
    rec->src_file = m->file;
    rec->src_line = m->line;
    if (m->tex.n_unknown)
        pc_diag_emit(m->ctx, PC_SEV_WARNING, m->file, m->line, 0,
                     "%zu unknown LaTeX command(s) kept as written (first: %s)%s", m->tex.n_unknown,
                     m->tex.first_name, m->where);
    if (!pc_record_has(rec, PC_F_TITLE))
        pc_diag_emit(m->ctx, PC_SEV_WARNING, m->file, m->line, 0, "record has no title%s", m->where);
}
