/* SPDX-License-Identifier: MIT */
/* bib.c — the bibliography: one entry per record in the style's order,
 * second-field-align (the first field in a left margin, the rest inline,
 * the layout's suffix moved inside the last display block, white space
 * at the end of the inline block trimmed as citeproc-js does), and
 * subsequent-author-substitute with its four rules (complete-all,
 * complete-each, partial-each, partial-first), as jgm/citeproc applies
 * them: an entry whose names match those of the entry that starts its run
 * has them replaced by the substitute text. */
#include "citeproc/cp.h"

#include <string.h>

/* The first names of an entry's output (the node tagged CP_T_NAMES). */
static cp_out *first_names(cp_out *o, int depth)
{
    if (!o || depth > 200)
        return NULL;
    if (o->tag == CP_T_NAMES)
        return o;
    if (o->kind == CP_O_FMT)
        for (size_t i = 0; i < o->n; i++) {
            cp_out *r = first_names(o->kids[i], depth + 1);
            if (r)
                return r;
        }
    return NULL;
}

static bool name_eq(const pc_name *x, const pc_name *y)
{
    const char *xs[] = {x->given, x->family, x->particle, x->dparticle, x->suffix, x->literal};
    const char *ys[] = {y->given, y->family, y->particle, y->dparticle, y->suffix, y->literal};
    for (int k = 0; k < 6; k++)
        if ((xs[k] == NULL) != (ys[k] == NULL) || (xs[k] && strcmp(xs[k], ys[k])))
            return false;
    return true;
}

/* How many leading names two lists share. */
static size_t shared(const pc_names *a, const pc_names *b)
{
    size_t k = 0;
    while (a && b && k < a->n && k < b->n && name_eq(&a->items[k], &b->items[k]))
        k++;
    return k;
}

static bool all_same(const pc_names *a, const pc_names *b)
{
    return a && b && a->n == b->n && shared(a, b) == a->n;
}

static cp_out *eval_entry(pc_citeproc *cp, cp_item *it, cp_arena *a, cp_eval *ev)
{
    cp_eval_init(ev, cp, a, it, &cp->style->bibliography);
    return cp_eval_layout(ev, &cp->style->bibliography);
}

/* The names an entry shows, and the text a substituted title shows. */
typedef struct entry_names {
    const pc_names *names;
    char *text;
} entry_names;

void cp_bib_prepare(pc_citeproc *cp)
{
    const char *subst = cp->style->subsequent_author_substitute;
    for (size_t i = 0; i < cp->n_items; i++)
        cp->items[i]->sas_head = 0;
    if (!subst || !cp->style->bibliography.present)
        return;
    int rule = cp->style->sas_rule;
    pc_buf tb = PC_BUF_INIT, hb = PC_BUF_INIT;
    const pc_names *head = NULL;
    bool have_head = false;
    for (size_t k = 0; k < cp->n_items; k++) {
        cp_item *it = cp->items[cp->bib_order[k]];
        cp_arena_reset(&cp->scratch);
        cp_eval ev;
        cp_out *nm = first_names(eval_entry(cp, it, &cp->scratch, &ev), 0);
        const pc_names *ns = nm ? nm->ref : NULL;
        pc_buf_clear(&tb);
        if (nm)
            cp_rt_plain(cp_render(&cp->scratch, &cp->loc, nm), &tb);
        int match = 0;
        if (nm && have_head) {
            if (rule == CP_SAS_COMPLETE_ALL || rule == CP_SAS_COMPLETE_EACH || !ns || !head)
                match = (ns ? all_same(ns, head) : !head && tb.len && strcmp(tb.ptr, hb.ptr) == 0) ? -1 : 0;
            else
                match = (int)shared(ns, head);
            if (rule == CP_SAS_COMPLETE_EACH && !ns)
                match = 0;
        }
        if (match) {
            it->sas_head = match;
        } else {
            head = ns;
            have_head = nm != NULL;
            pc_buf_clear(&hb);
            pc_buf_put(&hb, tb.ptr, tb.len);
        }
    }
    pc_buf_free(&tb);
    pc_buf_free(&hb);
}

/* Replaces the first *limit names under o with lit. */
static cp_out *substitute_each(cp_eval *ev, cp_out *o, cp_out *lit, int *limit, int depth)
{
    if (!o || depth > 200 || *limit <= 0)
        return o;
    if (o->tag == CP_T_NAME) {
        (*limit)--;
        cp_out *t = cp_o_tag(ev, CP_T_NAME, lit ? lit : cp_o_str(ev, "", 0));
        if (t)
            t->ref = o->ref;
        return t;
    }
    if (o->kind != CP_O_FMT)
        return o;
    cp_out *c = cp_alloc(ev->a, sizeof *c);
    *c = *o;
    c->kids = cp_alloc(ev->a, (o->n ? o->n : 1) * sizeof *c->kids);
    for (size_t i = 0; i < o->n; i++)
        c->kids[i] = substitute_each(ev, o->kids[i], lit, limit, depth + 1);
    return c;
}

/* Replaces the entry's first names as the rule says. */
static cp_out *substitute_names(pc_citeproc *cp, cp_eval *ev, cp_out *o, int match, int depth)
{
    if (!o || depth > 200)
        return o;
    const char *subst = cp->style->subsequent_author_substitute;
    if (o->tag == CP_T_NAMES) {
        int rule = cp->style->sas_rule;
        cp_out *lit = cp_o_rich(ev, subst, strlen(subst));
        if (!o->ref || rule == CP_SAS_COMPLETE_ALL) {
            /* the names go, a label stays (jgm/citeproc) */
            if (!o->ref)
                return lit ? lit : cp_o_str(ev, "", 0);
            cp_out *c = cp_alloc(ev->a, sizeof *c);
            *c = *o;
            cp_out *inner = o->kids[0];
            cp_vec keep = {0};
            cp_vec_push(ev->a, &keep, lit);
            if (inner && inner->kind == CP_O_FMT && inner->tag == CP_T_NONE)
                for (size_t i = 0; i < inner->n; i++)
                    if (inner->kids[i]->tag == CP_T_LABEL)
                        cp_vec_push(ev->a, &keep, inner->kids[i]);
            c->kids = cp_alloc(ev->a, sizeof *c->kids);
            c->kids[0] = cp_o_fmt(ev, inner && inner->kind == CP_O_FMT ? &inner->fmt : NULL,
                                  (cp_out **)keep.v, keep.n);
            c->n = 1;
            return c;
        }
        /* each name (complete-each), or the first `match` names */
        int limit = rule == CP_SAS_PARTIAL_FIRST ? 1 : rule == CP_SAS_COMPLETE_EACH ? 1 << 30 : match;
        return substitute_each(ev, o, lit, &limit, 0);
    }
    if (o->kind != CP_O_FMT)
        return o;
    for (size_t i = 0; i < o->n; i++) {
        cp_out *k = substitute_names(cp, ev, o->kids[i], match, depth + 1);
        if (k != o->kids[i]) {
            cp_out *c = cp_alloc(ev->a, sizeof *c);
            *c = *o;
            c->kids = cp_alloc(ev->a, o->n * sizeof *c->kids);
            memcpy(c->kids, o->kids, o->n * sizeof *c->kids);
            c->kids[i] = k;
            return c;
        }
    }
    return o;
}

/* Trims the white space that ends the right-inline block of a
 * second-field-align entry ("Jan. 1990. </div>": a suffix of the last
 * field).  Iterative: the last child of each node down to a text. */
static void trim_right_inline(cp_rt *r)
{
    cp_rt *div = NULL;
    for (cp_rt *n = r; n && n->n; n = n->kids[n->n - 1])
        if (n->kind == CP_R_DIV && n->disp == CP_DISP_RIGHT)
            div = n;
    for (cp_rt *n = div; n; n = n->n ? n->kids[n->n - 1] : NULL)
        if (n->kind == CP_R_TEXT) {
            while (n->len && (n->s[n->len - 1] == ' ' || n->s[n->len - 1] == '\n'))
                n->len--;
            break;
        }
}

cp_rt *cp_bib_entry_render(pc_citeproc *cp, size_t k, cp_arena *a)
{
    cp_item *it = cp->items[cp->bib_order[k]];
    const cp_layout *lay = &cp->style->bibliography;
    cp_eval ev;
    cp_eval_init(&ev, cp, a, it, lay);
    cp_out **outs = cp_alloc(a, (lay->n_kids ? lay->n_kids : 1) * sizeof *outs);
    size_t n = 0;
    for (size_t i = 0; i < lay->n_kids; i++) {
        cp_out *o = cp_eval_el(&ev, lay->kids[i]);
        if (o)
            outs[n++] = o;
    }
    if (it->sas_head && n) {
        for (size_t i = 0; i < n; i++) {
            cp_out *r = substitute_names(cp, &ev, outs[i], it->sas_head, 0);
            if (r != outs[i]) {
                outs[i] = r;
                break;
            }
        }
    }
    cp_fmt lf = lay->fmt;
    if (cp->style->second_field_align && n) {
        cp_fmt left = {.display = CP_DISP_LEFT}, right = {.display = CP_DISP_RIGHT};
        cp_out *l = cp_o_fmt(&ev, &left, outs, 1);
        cp_out *r = n > 1 ? cp_o_fmt(&ev, &right, outs + 1, n - 1) : NULL;
        if (lf.suffix && r) { /* the layout's suffix inside the last block */
            r->fmt.suffix = lf.suffix;
            lf.suffix = NULL;
        }
        outs[0] = l;
        outs[1] = r;
        n = r ? 2 : 1;
    } else if (lf.suffix && n && outs[n - 1]->kind == CP_O_FMT && outs[n - 1]->fmt.display) {
        cp_out *c = cp_alloc(a, sizeof *c);
        *c = *outs[n - 1];
        pc_buf b = PC_BUF_INIT;
        pc_buf_puts(&b, c->fmt.suffix ? c->fmt.suffix : "");
        pc_buf_puts(&b, lf.suffix);
        c->fmt.suffix = cp_strndup(a, b.ptr, b.len);
        pc_buf_free(&b);
        outs[n - 1] = c;
        lf.suffix = NULL;
    }
    cp_out *item = cp_o_fmt(&ev, NULL, outs, n);
    item = cp_o_tag(&ev, CP_T_ITEM, item);
    cp_rt *r = cp_render(a, &cp->loc, cp_o_fmt(&ev, &lf, &item, 1));
    if (cp->style->second_field_align)
        trim_right_inline(r);
    return r;
}
