/* SPDX-License-Identifier: MIT */
/* eval.c — evaluation of a style's elements for one item into an output
 * tree (cp_out): the output tree's constructors, <text>, <group>,
 * <choose> and its conditions, <label>; <names>, <date> and <number> are in
 * names.c, dates.c and numbers.c.
 *
 * Following jgm/citeproc's Eval.hs: a group is suppressed when it (through
 * its children and macros) reads at least one variable and every variable
 * it reads is empty; a macro behaves as such a group; title case applies
 * to English items only (the item's language, else the locale's).  The
 * depth of evaluation is bounded (MAX_DEPTH): style.c already refuses
 * macro cycles and deep macro chains, this is the guard behind it. */
#include "citeproc/cp.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 512 };

/* ---- output tree constructors ------------------------------------------- */

cp_out *cp_o_lit(cp_eval *ev, cp_rt *rt)
{
    if (cp_rt_empty(rt))
        return NULL;
    cp_out *o = cp_alloc(ev->a, sizeof *o);
    o->kind = CP_O_LIT;
    o->lit = rt;
    return o;
}

cp_out *cp_o_str(cp_eval *ev, const char *s, size_t n)
{
    return n ? cp_o_lit(ev, cp_rt_text(ev->a, s, n)) : NULL;
}

cp_out *cp_o_rich(cp_eval *ev, const char *s, size_t n)
{
    return n ? cp_o_lit(ev, cp_rich_parse(ev->a, ev->loc, s, n)) : NULL;
}

cp_out *cp_o_fmt(cp_eval *ev, const cp_fmt *fmt, cp_out **kids, size_t n)
{
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        m += kids[i] != NULL;
    if (!m)
        return NULL;
    bool plain = !fmt || cp_fmt_empty(fmt);
    if (m == 1 && plain)
        for (size_t i = 0; i < n; i++)
            if (kids[i])
                return kids[i];
    cp_out *o = cp_alloc(ev->a, sizeof *o);
    o->kind = CP_O_FMT;
    if (fmt)
        o->fmt = *fmt;
    o->kids = cp_alloc(ev->a, m * sizeof *o->kids);
    for (size_t i = 0; i < n; i++)
        if (kids[i])
            o->kids[o->n++] = kids[i];
    return o;
}

cp_out *cp_o_tag(cp_eval *ev, int tag, cp_out *kid)
{
    if (!kid)
        return NULL;
    cp_out *o = cp_alloc(ev->a, sizeof *o);
    o->kind = CP_O_FMT;
    o->tag = (unsigned char)tag;
    o->kids = cp_alloc(ev->a, sizeof *o->kids);
    o->kids[0] = kid;
    o->n = 1;
    return o;
}

cp_out *cp_o_group2(cp_eval *ev, cp_out *a, cp_out *b)
{
    cp_out *k[2] = {a, b};
    return cp_o_fmt(ev, NULL, k, 2);
}

/* ---- terms --------------------------------------------------------------- */

cp_out *cp_term_out(cp_eval *ev, const char *name, int form, bool plural)
{
    const char *t = cp_term_get(ev->loc, name, form, plural, CP_G_NONE);
    if (!t || !*t)
        return NULL;
    return cp_o_tag(ev, CP_T_TERM, cp_o_str(ev, t, strlen(t)));
}

/* ---- formatting with the English-only title case ----------------------------- */

static bool lang_is_english(const char *l)
{
    return l && (l[0] == 'e' || l[0] == 'E') && (l[1] == 'n' || l[1] == 'N') &&
           (!l[2] || l[2] == '-' || l[2] == '_');
}

static bool item_is_english(cp_eval *ev)
{
    const char *l = pc_record_get(ev->item->rec, PC_F_LANGUAGE);
    return l ? lang_is_english(l) : lang_is_english(ev->loc->lang);
}

static cp_out *with_fmt(cp_eval *ev, const cp_fmt *fmt, cp_out *o)
{
    if (!o)
        return NULL;
    if (fmt->text_case == CP_TC_TITLE && !item_is_english(ev)) {
        cp_fmt f = *fmt;
        f.text_case = CP_TC_UNSET;
        return cp_o_fmt(ev, &f, &o, 1);
    }
    return cp_o_fmt(ev, fmt, &o, 1);
}

/* ---- <text> ------------------------------------------------------------------ */

static int short_var(int var)
{
    switch (var) {
    case PC_F_TITLE: return PC_F_TITLE_SHORT;
    case PC_F_CONTAINER_TITLE: return PC_F_CONTAINER_TITLE_SHORT;
    case PC_F_VOLUME_TITLE: return PC_F_VOLUME_TITLE_SHORT;
    default: return 0;
    }
}

/* The rich output of a text variable (its spans kept). */
static cp_out *var_value(cp_eval *ev, int var)
{
    const char *s = cp_var_text(ev, var);
    if (!s)
        return NULL;
    const pc_text *t = cp_var_rich(ev, var);
    if (ev->in_substitute)
        cp_var_suppress(ev, var);
    if (var == PC_F_PAGE)
        return cp_page_range(ev, s, true);
    if (t && t->s == s && (t->markup.n || t->protected_words.n))
        return cp_o_lit(ev, cp_rich_from_text(ev->a, ev->loc, t));
    if (cp_var_kind(ev->st, var) == PC_FK_NUMBER) /* numbers are not rich text */
        return cp_o_str(ev, s, strlen(s));
    return cp_o_rich(ev, s, strlen(s));
}

static cp_out *eval_locator(cp_eval *ev)
{
    const char *loc = ev->locator;
    cp_var_count(ev, loc != NULL);
    if (!loc)
        return NULL;
    if (strchr(loc, '&')) {
        const char *amp = cp_term_exact(ev->loc, "and", CP_TF_SYMBOL, false);
        if (!amp)
            amp = "&";
        {
            pc_buf b = PC_BUF_INIT;
            for (const char *p = loc; *p; p++)
                if (*p == '&')
                    pc_buf_puts(&b, amp);
                else
                    pc_buf_putc(&b, *p);
            loc = cp_strndup(ev->a, b.ptr, b.len);
            pc_buf_free(&b);
        }
    }
    bool page = !ev->label || strcmp(ev->label, "page") == 0;
    return cp_o_tag(ev, CP_T_LOCATOR, cp_page_range(ev, loc, page));
}

static cp_out *eval_text_var(cp_eval *ev, const cp_el *el)
{
    int var = el->u.text.var;
    switch (var) {
    case PC_F_LOCATOR: return eval_locator(ev);
    case PC_F_YEAR_SUFFIX:
        if (!ev->item->year_suffix)
            return NULL;
        {
            char b[8];
            int x = ev->item->year_suffix, n = 0;
            if (x > 26)
                b[n++] = (char)('a' - 1 + (x - 1) / 26);
            b[n++] = (char)('a' + (x - 1) % 26);
            cp_out *o = cp_o_str(ev, b, (size_t)n);
            o = cp_o_tag(ev, CP_T_YEARSUFFIX, o);
            o->num = x;
            return o;
        }
    case PC_F_CITATION_NUMBER: {
        const char *s = cp_var_text(ev, var);
        cp_out *o = cp_o_tag(ev, CP_T_CITNUM, s ? cp_o_str(ev, s, strlen(s)) : NULL);
        if (o)
            o->num = ev->item->citation_number;
        return o;
    }
    default: break;
    }
    if (el->u.text.short_form) {
        int sv = short_var(var);
        if (sv && cp_var_has(ev, sv))
            return var_value(ev, sv);
    }
    return var_value(ev, var);
}

static cp_out *eval_group_kids(cp_eval *ev, cp_el *const *kids, size_t n, const cp_fmt *fmt);

static cp_out *eval_text(cp_eval *ev, const cp_el *el)
{
    switch (el->u.text.src) {
    case CP_TX_VAR: return with_fmt(ev, &el->fmt, eval_text_var(ev, el));
    case CP_TX_MACRO: {
        cp_out *o = eval_group_kids(ev, el->u.text.macro->kids, el->u.text.macro->n_kids, &el->fmt);
        if (o) /* a macro with output counts as a variable with a value (citeproc-js) */
            cp_var_count(ev, true);
        return o;
    }
    case CP_TX_TERM: {
        cp_out *t = cp_term_out(ev, el->u.text.term, el->u.text.term_form, el->u.text.plural == 1);
        if (t && strcmp(el->u.text.term, "no date") == 0 && ev->item->year_suffix &&
            !ev->st->uses_year_suffix_var && !ev->used_year_suffix) {
            ev->used_year_suffix = true;
            char b[4] = {(char)('a' + (ev->item->year_suffix - 1) % 26), 0};
            cp_out *ys = cp_o_tag(ev, CP_T_YEARSUFFIX, cp_o_str(ev, b, 1));
            ys->num = ev->item->year_suffix;
            t = cp_o_group2(ev, t, ys);
        }
        return with_fmt(ev, &el->fmt, t);
    }
    case CP_TX_VALUE:
        return with_fmt(ev, &el->fmt, cp_o_rich(ev, el->u.text.value, strlen(el->u.text.value)));
    default: return NULL;
    }
}

/* ---- groups and macros ------------------------------------------------------------- */

static const cp_branch *chosen_branch(cp_eval *ev, const cp_el *el);

/* Appends the outputs of kids to v.  A <choose>'s chosen branch is spliced
 * in: its elements are the enclosing group's, so the group's delimiter
 * goes between them ("No. 42", as citeproc-js and jgm/citeproc).  Nesting
 * is bounded by ev->depth as in cp_eval_el. */
static void eval_into(cp_eval *ev, cp_el *const *kids, size_t n, cp_vec *v)
{
    for (size_t i = 0; i < n; i++) {
        if (kids[i]->kind != CP_E_CHOOSE) {
            cp_out *o = cp_eval_el(ev, kids[i]);
            if (o)
                cp_vec_push(ev->a, v, o);
            continue;
        }
        const cp_branch *b = ev->depth < MAX_DEPTH ? chosen_branch(ev, kids[i]) : NULL;
        if (b) {
            ev->depth++;
            eval_into(ev, b->kids, b->n_kids, v);
            ev->depth--;
        }
    }
}

cp_out *cp_eval_kids(cp_eval *ev, cp_el *const *kids, size_t n, const cp_fmt *fmt)
{
    cp_vec v = {0};
    eval_into(ev, kids, n, &v);
    return cp_o_fmt(ev, fmt, (cp_out **)v.v, v.n);
}

static cp_out *eval_group_kids(cp_eval *ev, cp_el *const *kids, size_t n, const cp_fmt *fmt)
{
    unsigned long total = ev->vars_total, nonempty = ev->vars_nonempty;
    cp_out *o = cp_eval_kids(ev, kids, n, fmt);
    if (ev->vars_total != total && ev->vars_nonempty == nonempty)
        return NULL;
    if (o && ev->vars_total == total) /* a group of terms with output counts as */
        cp_var_count(ev, true);        /* a variable with a value (citeproc-js) */
    return o;
}

/* ---- <choose> ------------------------------------------------------------------------ */

/* is-numeric, as jgm/citeproc tests it: every chunk between , - & holds a
 * digit and no space; and, as citeproc-js, no '.' between digits (an
 * arXiv number 1706.03762 or a version 2.1 is not a number). */
bool cp_is_numeric(const char *s)
{
    if (!s || !*s)
        return false;
    bool digit = false, space = false;
    const char *p = s;
    for (;; p++) {
        char c = *p;
        bool end = !c || c == ',' || c == '-' || c == '&';
        if (end) {
            if (!digit || space)
                return false;
            if (!c)
                return true;
            digit = space = false;
            while (p[1] == ' ')
                p++;
            continue;
        }
        if (pc_is_digit((unsigned char)c))
            digit = true;
        else if (c == ' ')
            space = true;
        else if (c == '.' && p > s && pc_is_digit((unsigned char)p[-1]) && pc_is_digit((unsigned char)p[1]))
            return false;
    }
}

static bool test_cond(cp_eval *ev, const cp_cond *c)
{
    switch (c->what) {
    case CP_C_TYPE: {
        pc_kind k = cp_rec_kind(ev->item->rec);
        if (k == PC_KIND_NONE)
            k = PC_KIND_PREPRINT;
        return (int)k == c->value;
    }
    case CP_C_VARIABLE:
        if (c->value == PC_F_LOCATOR)
            return ev->locator != NULL;
        return cp_var_in_record(ev, c->value);
    case CP_C_NUMERIC: {
        if (c->value == PC_F_LOCATOR)
            return cp_is_numeric(ev->locator);
        int kind = cp_var_kind(ev->st, c->value);
        if (kind != PC_FK_TEXT && kind != PC_FK_NUMBER && kind != PC_FK_LIST)
            return false;
        unsigned long t = ev->vars_total, ne = ev->vars_nonempty;
        bool r = cp_is_numeric(cp_var_is_suppressed(ev, c->value) ? NULL : cp_var_text(ev, c->value));
        ev->vars_total = t;
        ev->vars_nonempty = ne;
        return r;
    }
    case CP_C_UNCERTAIN: {
        if (cp_var_kind(ev->st, c->value) != PC_FK_DATE)
            return false;
        const pc_date *d = pc_record_date(ev->item->rec, (pc_field)c->value);
        return d && (d->flags & (PC_DATE_CIRCA | PC_DATE_UNCERTAIN));
    }
    case CP_C_LOCATOR:
        return ev->locator && strcmp(ev->label ? ev->label : "page", c->str) == 0;
    case CP_C_POSITION: return (ev->positions & (unsigned)c->value) != 0;
    case CP_C_DISAMBIGUATE: return ev->item->disamb_cond;
    default: return false;
    }
}

static bool test_branch(cp_eval *ev, const cp_branch *b)
{
    if (b->is_else)
        return true;
    for (size_t i = 0; i < b->n_conds; i++) {
        bool t = test_cond(ev, &b->conds[i]);
        /* type="a b" under match="all" is one test, the item's type one of
         * them, as citeproc-js reads it (styles rely on it: APS's
         * "dataset interview ... webpage" branch has no match="any") */
        if (b->match == CP_MATCH_ALL && b->conds[i].what == CP_C_TYPE)
            for (; i + 1 < b->n_conds && b->conds[i + 1].what == CP_C_TYPE; i++)
                t = t || test_cond(ev, &b->conds[i + 1]);
        if (b->match == CP_MATCH_ANY && t)
            return true;
        if (b->match == CP_MATCH_ALL && !t)
            return false;
        if (b->match == CP_MATCH_NONE && t)
            return false;
    }
    return b->match != CP_MATCH_ANY;
}

static const cp_branch *chosen_branch(cp_eval *ev, const cp_el *el)
{
    for (size_t i = 0; i < el->u.choose.n; i++) {
        const cp_branch *b = &el->u.choose.branches[i];
        if (test_branch(ev, b))
            return b;
    }
    return NULL;
}

static cp_out *eval_choose(cp_eval *ev, const cp_el *el)
{
    const cp_branch *b = chosen_branch(ev, el);
    return b ? cp_eval_kids(ev, b->kids, b->n_kids, NULL) : NULL;
}

/* ---- <label> --------------------------------------------------------------------------- */

/* Whether a number's text asks for a plural term: more than one number
 * (splitting at , ; - – & and spaces), unless a "\-" keeps it one. */
bool cp_is_plural_number(const char *s)
{
    if (!s || strstr(s, "\\-"))
        return false;
    int groups = 0, prev = -1;
    for (const char *p = s; *p; p++) {
        bool dash = p[0] == '\xe2' && p[1] == '\x80' && p[2] == '\x93';
        int sep = *p == ',' || *p == ';' || *p == '-' || *p == ' ' || *p == '&' || dash;
        if (sep != prev) {
            groups++;
            prev = sep;
        }
        if (dash)
            p += 2;
    }
    return groups > 1;
}

static bool plural_of(cp_eval *ev, int var, const char *text, int plural)
{
    if (plural == CP_PL_ALWAYS)
        return true;
    if (plural == CP_PL_NEVER)
        return false;
    (void)ev;
    if (var == PC_F_NUMBER_OF_VOLUMES || var == PC_F_NUMBER_OF_PAGES) {
        long v = text ? strtol(text, NULL, 10) : 0;
        return v > 1 || cp_is_plural_number(text);
    }
    return cp_is_plural_number(text);
}

/* A label's term.  A suffix starting with "." loses it after a term that
 * ends with one. */
static cp_out *label_out(cp_eval *ev, const char *term, int form, bool plural, const cp_fmt *fmt)
{
    const char *tx = cp_term_get(ev->loc, term, form, plural, CP_G_NONE);
    if (!tx || !*tx)
        return NULL;
    size_t n = strlen(tx);
    cp_out *t = cp_o_str(ev, tx, n);
    if (fmt->suffix && fmt->suffix[0] == '.' && n && tx[n - 1] == '.' && !fmt->strip_periods) {
        cp_fmt f = *fmt;
        f.suffix = fmt->suffix[1] ? fmt->suffix + 1 : NULL;
        return cp_o_tag(ev, CP_T_LABEL, with_fmt(ev, &f, t));
    }
    return cp_o_tag(ev, CP_T_LABEL, with_fmt(ev, fmt, t));
}

cp_out *cp_eval_label(cp_eval *ev, int var, int form, int plural, const cp_fmt *fmt)
{
    if (var == PC_F_LOCATOR) {
        const char *loc = ev->locator;
        if (!loc)
            return NULL;
        if (!ev->label) { /* "vol. 1, fol. 186": the locator says what it is */
            const char *p = loc;
            while (pc_is_alpha((unsigned char)*p))
                p++;
            if (loc[0] == ' ' || (p > loc && p[0] == '.' && p[1] == ' '))
                return NULL;
        }
        return label_out(ev, ev->label ? ev->label : "page", form, plural_of(ev, var, loc, plural),
                         fmt);
    }
    const char *name = var == CP_V_EDITORTRANSLATOR ? "editortranslator" : cp_var_name(ev->st, var);
    if (cp_var_kind(ev->st, var) == PC_FK_NAME) {
        int nv = var == CP_V_EDITORTRANSLATOR ? PC_F_EDITOR : var;
        if (nv <= 0 || nv >= PC_F_COUNT || cp_var_is_suppressed(ev, var))
            return NULL;
        const pc_names *ns = pc_record_names(ev->item->rec, (pc_field)nv);
        if (!ns || !ns->n)
            return NULL;
        bool pl = plural == CP_PL_ALWAYS || (plural == CP_PL_CONTEXTUAL && ns->n > 1);
        return label_out(ev, name, form, pl, fmt);
    }
    unsigned long t = ev->vars_total, ne = ev->vars_nonempty;
    const char *s = cp_var_text(ev, var);
    ev->vars_total = t;
    ev->vars_nonempty = ne;
    if (!s)
        return NULL;
    return label_out(ev, name, form, plural_of(ev, var, s, plural), fmt);
}

/* ---- dispatch ---------------------------------------------------------------------------- */

cp_out *cp_eval_el(cp_eval *ev, const cp_el *el)
{
    if (ev->depth >= MAX_DEPTH)
        return NULL;
    ev->depth++;
    cp_out *o = NULL;
    switch (el->kind) {
    case CP_E_TEXT: o = eval_text(ev, el); break;
    case CP_E_NUMBER: o = with_fmt(ev, &el->fmt, cp_eval_number(ev, el)); break;
    case CP_E_LABEL:
        o = cp_eval_label(ev, el->u.label.var, el->u.label.form, el->u.label.plural, &el->fmt);
        break;
    case CP_E_NAMES: o = cp_eval_names(ev, el); break;
    case CP_E_DATE: o = cp_eval_date(ev, el); break;
    case CP_E_GROUP: o = eval_group_kids(ev, el->kids, el->n_kids, &el->fmt); break;
    case CP_E_CHOOSE: o = eval_choose(ev, el); break;
    default: break;
    }
    ev->depth--;
    return o;
}

void cp_eval_init(cp_eval *ev, pc_citeproc *cp, cp_arena *a, cp_item *item, const cp_layout *lay)
{
    memset(ev, 0, sizeof *ev);
    ev->cp = cp;
    ev->st = cp->style;
    ev->loc = &cp->loc;
    ev->a = a;
    ev->item = item;
    ev->layout = lay;
    ev->bibliography = lay == &cp->style->bibliography;
}

cp_out *cp_eval_layout(cp_eval *ev, const cp_layout *lay)
{
    return cp_eval_kids(ev, lay->kids, lay->n_kids, NULL);
}
