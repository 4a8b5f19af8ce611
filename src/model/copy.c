/* SPDX-License-Identifier: MIT */
/* copy.c — field and record copies (copy.h), for the record operations
 * (merging duplicates, renaming fields). */
#include "model/copy.h"
#include "util/buf.h"

static void copy_text(pc_record *dst, pc_field as, const pc_text *t)
{
    pc_text *n = pc_record_set_str(dst, as, t->s);
    if (!n)
        return;
    n->truncated = t->truncated;
    for (size_t i = 0; i < t->markup.n; i++)
        pc_spanlist_push(&n->markup, t->markup.items[i].start, t->markup.items[i].end,
                         t->markup.items[i].mark);
    for (size_t i = 0; i < t->protected_words.n; i++)
        pc_strlist_push(&n->protected_words, t->protected_words.items[i]);
}

pc_name *pc_names_add_copy(pc_names *l, const pc_name *s)
{
    pc_name *d = pc_names_add(l);
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
    return d;
}

bool pc_record_copy_field(pc_record *dst, pc_field as, const pc_record *src, pc_field f)
{
    const pc_field_info *a = pc_field_get(as), *b = pc_field_get(f);
    bool text = b && (b->kind == PC_FK_TEXT || b->kind == PC_FK_NUMBER);
    if (!a || !b || !pc_record_has(src, f) ||
        !(a->kind == b->kind || (text && (a->kind == PC_FK_TEXT || a->kind == PC_FK_NUMBER))))
        return false;
    pc_record_unset(dst, as);
    switch (b->kind) {
    case PC_FK_TEXT:
    case PC_FK_NUMBER: copy_text(dst, as, pc_record_text(src, f)); break;
    case PC_FK_NAME: {
        const pc_names *l = pc_record_names(src, f);
        pc_names *d = pc_record_names_mut(dst, as);
        d->et_al = l->et_al;
        for (size_t i = 0; i < l->n; i++)
            pc_names_add_copy(d, &l->items[i]);
        break;
    }
    case PC_FK_DATE: {
        const char *lit = pc_record_date_literal(src, f);
        const pc_date *d = pc_record_date(src, f);
        if (lit)
            pc_record_set_date_literal(dst, as, lit, strlen(lit));
        if (d)
            pc_record_set_date(dst, as, d);
        break;
    }
    case PC_FK_LIST: {
        const pc_strlist *l = pc_record_list(src, f);
        for (size_t i = 0; l && i < l->n; i++)
            pc_record_list_add(dst, as, l->items[i], strlen(l->items[i]));
        break;
    }
    case PC_FK_NONE: break;
    }
    return true;
}

void pc_record_copy(pc_record *dst, const pc_record *src)
{
    pc_record_clear(dst);
    dst->kind = src->kind;
    dst->key = pc_xstrdup(src->key);
    dst->src_file = src->src_file;
    dst->src_line = src->src_line;
    /* in the order of src's arrays, so the copy's arrays are in the same order */
    for (size_t i = 0; i < src->n_texts; i++)
        copy_text(dst, src->texts[i].field, &src->texts[i]);
    for (size_t i = 0; i < src->n_names; i++)
        pc_record_copy_field(dst, src->names[i].role, src, src->names[i].role);
    for (size_t i = 0; i < src->n_dates; i++)
        pc_record_copy_field(dst, src->dates[i].field, src, src->dates[i].field);
    for (size_t i = 0; i < src->n_lists; i++)
        pc_record_copy_field(dst, src->lists[i].field, src, src->lists[i].field);
    for (size_t i = 0; i < src->n_extras; i++) {
        const pc_extra *e = &src->extras[i];
        pc_record_add_extra(dst, e->format, e->name, strlen(e->name), e->value, strlen(e->value));
    }
}
