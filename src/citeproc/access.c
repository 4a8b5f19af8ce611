/* SPDX-License-Identifier: MIT */
/* access.c — the CSL processor's view of a record: CSL variables by id,
 * read through the model's accessors (pc_record_get, pc_record_names,
 * pc_record_date, pc_record_list, ...).  The kind and the pass-through
 * values have no accessor yet: cp_rec_kind and cp_rec_extra are the one
 * place that reads the struct, so that making pc_record opaque is a rename
 * here.
 *
 * Every read during evaluation is counted (vars_total, vars_nonempty) for
 * the group rule (a group whose variables are all empty is suppressed),
 * and variables a <substitute> used are suppressed for the rest of the
 * item. */
#include "citeproc/cp.h"
#include "model/cslview.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

pc_kind cp_rec_kind(const pc_record *r)
{
    return r->kind;
}

const char *cp_rec_key(const pc_record *r)
{
    return r->key;
}

void cp_rec_set_key(pc_record *r, const char *key)
{
    pc_set_str(&r->key, key);
}

pc_record *cp_rec_take(pc_record *rec)
{
    pc_record *r = pc_xmalloc(sizeof *r);
    *r = *rec;
    r->src_file = NULL; /* not owned: the input may be closed before the engine */
    pc_record_init(rec);
    return r;
}

static void copy_name(const pc_name *s, pc_name *d)
{
    d->given = pc_xstrdup(s->given);
    d->dparticle = pc_xstrdup(s->dparticle);
    d->particle = pc_xstrdup(s->particle);
    d->family = pc_xstrdup(s->family);
    d->suffix = pc_xstrdup(s->suffix);
    d->literal = pc_xstrdup(s->literal);
    d->orcid = pc_xstrdup(s->orcid);
    d->flags = s->flags;
    for (size_t i = 0; i < s->affiliations.n; i++)
        pc_strlist_push(&d->affiliations, s->affiliations.items[i]);
}

/* Copies one field of src into dst, by the field's kind. */
static void copy_field(pc_record *dst, const pc_record *src, pc_field f)
{
    const pc_field_info *fi = pc_field_get(f);
    switch (fi->kind) {
    case PC_FK_TEXT:
    case PC_FK_NUMBER: {
        const pc_text *t = pc_record_text(src, f);
        pc_spanlist spans = {0};
        for (size_t i = 0; i < t->markup.n; i++)
            pc_spanlist_push(&spans, t->markup.items[i].start, t->markup.items[i].end, t->markup.items[i].mark);
        pc_text *d = pc_record_set_rich(dst, f, t->s, strlen(t->s), &spans);
        pc_spanlist_clear(&spans);
        for (size_t i = 0; d && i < t->protected_words.n; i++)
            pc_strlist_push(&d->protected_words, t->protected_words.items[i]);
        if (d)
            d->truncated = t->truncated;
        break;
    }
    case PC_FK_NAME: {
        const pc_names *s = pc_record_names(src, f);
        pc_names *d = pc_record_names_mut(dst, f);
        d->et_al = s->et_al;
        for (size_t i = 0; i < s->n; i++)
            copy_name(&s->items[i], pc_record_add_name(dst, f));
        break;
    }
    case PC_FK_DATE: {
        const pc_date *d = pc_record_date(src, f);
        const char *lit = pc_record_date_literal(src, f);
        if (d)
            pc_record_set_date(dst, f, d);
        if (lit)
            pc_record_set_date_literal(dst, f, lit, strlen(lit));
        break;
    }
    case PC_FK_LIST: {
        const pc_strlist *l = pc_record_list(src, f);
        for (size_t i = 0; l && i < l->n; i++)
            pc_record_list_add(dst, f, l->items[i], strlen(l->items[i]));
        break;
    }
    default: break;
    }
}

pc_record *cp_rec_copy(const pc_record *src)
{
    pc_record *r = pc_xmalloc(sizeof *r);
    pc_record_init(r);
    r->kind = src->kind;
    r->key = pc_xstrdup(src->key);
    r->src_file = NULL; /* not owned by src: the input may be closed before the engine */
    r->src_line = src->src_line;
    for (int f = PC_F_NONE + 1; f < PC_F_COUNT; f++)
        if (pc_record_has(src, (pc_field)f))
            copy_field(r, src, (pc_field)f);
    for (size_t i = 0; i < src->n_extras; i++)
        pc_record_add_extra(r, src->extras[i].format, src->extras[i].name, strlen(src->extras[i].name),
                            src->extras[i].value, strlen(src->extras[i].value));
    return r;
}

void cp_rec_free(pc_record *r)
{
    if (!r)
        return;
    pc_record_clear(r);
    pc_free(r);
}

const char *cp_rec_extra(const pc_record *r, const char *name)
{
    for (size_t i = 0; i < r->n_extras; i++)
        if (strcmp(r->extras[i].format, PC_CSL_FAMILY) == 0 && strcmp(r->extras[i].name, name) == 0)
            return r->extras[i].value;
    return NULL;
}

/* A pass-through value (JSON text) as text: a string's contents, a
 * number's digits; other values are not text. */
static const char *extra_text(cp_eval *ev, int var)
{
    const char *raw = cp_rec_extra(ev->item->rec, cp_var_name(ev->st, var));
    if (!raw)
        return NULL;
    pc_citeproc *cp = ev->cp;
    if (!cp->extra_text)
        return NULL;
    pc_buf_clear(&cp->extra_buf);
    const char *out = NULL;
    if (cp->extra_text(raw, &cp->extra_buf) && cp->extra_buf.len)
        out = cp_strndup(ev->a, cp->extra_buf.ptr, cp->extra_buf.len);
    return out;
}

int cp_var_kind(const cp_style *st, int var)
{
    (void)st;
    if (var == CP_V_EDITORTRANSLATOR)
        return PC_FK_NAME;
    if (var >= PC_F_COUNT)
        return PC_FK_TEXT;
    const pc_field_info *fi = pc_field_get((pc_field)var);
    return fi ? (int)fi->kind : PC_FK_NONE;
}

bool cp_var_is_suppressed(const cp_eval *ev, int var)
{
    return ev->suppressed && var >= 0 && (size_t)var < PC_F_COUNT + 8 + ev->st->n_extra_vars &&
           ev->suppressed[var];
}

void cp_var_suppress(cp_eval *ev, int var)
{
    size_t n = PC_F_COUNT + 8 + ev->st->n_extra_vars;
    if (var < 0 || (size_t)var >= n)
        return;
    if (!ev->suppressed)
        ev->suppressed = cp_alloc(ev->a, n);
    ev->suppressed[var] = 1;
}

void cp_var_count(cp_eval *ev, bool nonempty)
{
    ev->vars_total++;
    if (nonempty)
        ev->vars_nonempty++;
}

static const char *num_text(cp_eval *ev, long v)
{
    char b[32];
    snprintf(b, sizeof b, "%ld", v);
    return cp_strdup(ev->a, b);
}

/* The list of f as one string: the first item (URL) or all joined. */
static const char *list_text(cp_eval *ev, pc_field f)
{
    const pc_strlist *l = pc_record_list(ev->item->rec, f);
    if (!l || !l->n)
        return NULL;
    const pc_field_info *fi = pc_field_get(f);
    if ((fi->flags & PC_FF_CSL_FIRST) || l->n == 1)
        return l->items[0];
    pc_buf b = PC_BUF_INIT;
    for (size_t i = 0; i < l->n; i++) {
        if (i)
            pc_buf_puts(&b, ", ");
        pc_buf_puts(&b, l->items[i]);
    }
    const char *s = cp_strndup(ev->a, b.ptr, b.len);
    pc_buf_free(&b);
    return s;
}

/* page-first: the page's first number when the record has no page-first. */
static const char *page_first(cp_eval *ev)
{
    const char *s = pc_record_get(ev->item->rec, PC_F_PAGE_FIRST);
    if (s)
        return s;
    s = pc_record_get(ev->item->rec, PC_F_PAGE);
    if (!s)
        return NULL;
    size_t n = 0;
    while (s[n] && s[n] != ',' && s[n] != ';' && s[n] != '-' && s[n] != '&' &&
           !(s[n] == '\xe2' && s[n + 1] == '\x80' && s[n + 2] == '\x93'))
        n++;
    while (n && s[n - 1] == ' ')
        n--;
    return n ? cp_strndup(ev->a, s, n) : NULL;
}

/* citation-label: the record's, or a trigraph of names and year (as
 * jgm/citeproc makes it). */
static const char *citation_label(cp_eval *ev)
{
    const pc_record *r = ev->item->rec;
    const char *s = pc_record_get(r, PC_F_CITATION_LABEL);
    if (s)
        return s;
    const pc_names *ns = pc_record_names(r, PC_F_AUTHOR);
    for (int f = PC_F_AUTHOR; (!ns || !ns->n) && f <= PC_F_SERIES_CREATOR; f++)
        ns = pc_record_names(r, (pc_field)f);
    pc_buf b = PC_BUF_INIT;
    if (!ns || !ns->n)
        pc_buf_puts(&b, "Xyz");
    for (size_t i = 0; ns && i < ns->n; i++) {
        const char *fam = ns->items[i].family ? ns->items[i].family : ns->items[i].literal;
        size_t take = ns->n > 1 ? 2 : 3, k = 0;
        while (fam && fam[k] && take) {
            k++;
            while (((unsigned char)fam[k] & 0xC0) == 0x80)
                k++;
            take--;
        }
        if (fam)
            pc_buf_put(&b, fam, k);
    }
    const pc_date *d = pc_record_date(r, PC_F_ISSUED);
    if (d && d->year)
        pc_buf_printf(&b, "%02d", (d->year % 100 + 100) % 100);
    const char *out = cp_strndup(ev->a, b.ptr, b.len);
    pc_buf_free(&b);
    return out;
}

/* What the CSL writers make of a record (formats/csl/item_write.c), so that a record
 * reads the same here as in the CSL-JSON it would be written as: a title
 * joined with its subtitle and addon ("Title: Subtitle"), and the arXiv
 * fallbacks (the id as the number, "arXiv" as the publisher, the arXiv DOI). */
static const char *csl_view(cp_eval *ev, int var, const char *own)
{
    const pc_record *r = ev->item->rec;
    const char *id = pc_record_get(r, PC_F_ARXIV_ID);
    if (!own && id && var == PC_F_NUMBER)
        return id;
    if (!own && id && var == PC_F_PUBLISHER)
        return "arXiv";
    if (!own && id && var == PC_F_DOI) {
        pc_buf b = PC_BUF_INIT;
        pc_buf_printf(&b, "10.48550/arXiv.%s", id);
        const char *s = cp_strndup(ev->a, b.ptr, b.len);
        pc_buf_free(&b);
        return s;
    }
    if (!own)
        return NULL;
    pc_buf b = PC_BUF_INIT;
    for (size_t i = 0; i < PC_CSL_N_JOINS; i++) {
        const char *part = (int)pc_csl_joins[i].whole == var ? pc_record_get(r, pc_csl_joins[i].part) : NULL;
        if (!part)
            continue;
        if (!b.len)
            pc_buf_puts(&b, own);
        pc_csl_join_append(&b, part, pc_csl_joins[i].sep);
    }
    const char *s = b.len ? cp_strndup(ev->a, b.ptr, b.len) : own;
    pc_buf_free(&b);
    return s;
}

/* The value without counting it. */
static const char *peek_text(cp_eval *ev, int var)
{
    cp_item *it = ev->item;
    const pc_record *r = it->rec;
    switch (var) {
    case CP_V_ID: return it->id;
    case CP_V_TYPE: {
        pc_kind k = cp_rec_kind(r);
        return k == PC_KIND_NONE ? "article" : pc_kind_name(k);
    }
    case PC_F_CITATION_NUMBER: return it->citation_number ? num_text(ev, it->citation_number) : NULL;
    case PC_F_FIRST_REFERENCE_NOTE_NUMBER: return it->first_note ? num_text(ev, it->first_note) : NULL;
    case PC_F_LOCATOR: return ev->locator;
    case PC_F_CITATION_LABEL: return citation_label(ev);
    case PC_F_PAGE_FIRST: return page_first(ev);
    case PC_F_YEAR_SUFFIX: return NULL; /* eval.c renders it */
    default: break;
    }
    if (var >= CP_V_EXTRA)
        return extra_text(ev, var);
    int kind = cp_var_kind(ev->st, var);
    if (kind == PC_FK_TEXT || kind == PC_FK_NUMBER) {
        const char *own = pc_record_get(r, (pc_field)var);
        return var == PC_F_NUMBER || var == PC_F_PUBLISHER || var == PC_F_DOI || var == PC_F_TITLE
                   ? csl_view(ev, var, own)
                   : own;
    }
    if (kind == PC_FK_LIST)
        return list_text(ev, (pc_field)var);
    return NULL;
}

const char *cp_var_text(cp_eval *ev, int var)
{
    const char *s = cp_var_is_suppressed(ev, var) ? NULL : peek_text(ev, var);
    if (s && !*s)
        s = NULL;
    cp_var_count(ev, s != NULL);
    return s;
}

const pc_text *cp_var_rich(cp_eval *ev, int var)
{
    if (var <= 0 || var >= PC_F_COUNT || cp_var_is_suppressed(ev, var))
        return NULL;
    return pc_record_text(ev->item->rec, (pc_field)var);
}

static const pc_names *peek_names(cp_eval *ev, int var)
{
    if (var == CP_V_EDITORTRANSLATOR)
        var = PC_F_EDITOR;
    if (var <= 0 || var >= PC_F_COUNT || cp_var_kind(ev->st, var) != PC_FK_NAME)
        return NULL;
    const pc_names *n = pc_record_names(ev->item->rec, (pc_field)var);
    return n && n->n ? n : NULL;
}

const pc_names *cp_var_names(cp_eval *ev, int var)
{
    const pc_names *n = cp_var_is_suppressed(ev, var) ? NULL : peek_names(ev, var);
    cp_var_count(ev, n != NULL);
    return n;
}

const pc_date *cp_var_date(cp_eval *ev, int var, const char **literal)
{
    *literal = NULL;
    const pc_date *d = NULL;
    if (var > 0 && var < PC_F_COUNT && cp_var_kind(ev->st, var) == PC_FK_DATE &&
        !cp_var_is_suppressed(ev, var)) {
        d = pc_record_date(ev->item->rec, (pc_field)var);
        *literal = pc_record_date_literal(ev->item->rec, (pc_field)var);
    }
    cp_var_count(ev, d || *literal);
    return d;
}

bool cp_var_has(cp_eval *ev, int var)
{
    return !cp_var_is_suppressed(ev, var) && cp_var_in_record(ev, var);
}

/* Whether the record has the variable, substituted or not: what a
 * condition tests (citeproc-js; Chicago's "title match=none" branch must
 * not be taken because the title stood in for the author). */
bool cp_var_in_record(cp_eval *ev, int var)
{
    if (var == PC_F_YEAR_SUFFIX)
        return ev->item->year_suffix > 0;
    switch (cp_var_kind(ev->st, var)) {
    case PC_FK_NAME: return peek_names(ev, var) != NULL;
    case PC_FK_DATE:
        return pc_record_date(ev->item->rec, (pc_field)var) ||
               pc_record_date_literal(ev->item->rec, (pc_field)var);
    default: {
        const char *s = peek_text(ev, var);
        return s && *s;
    }
    }
}
