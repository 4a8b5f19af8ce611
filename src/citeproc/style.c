/* SPDX-License-Identifier: MIT */
/* style.c — a CSL 1.0.2 style (XML, read by libxml2) -> cp_style, once.
 *
 * The XML is read with no network, no DTD and no entities (a document
 * with a DOCTYPE is refused); libxml2's own limits (depth 256, text size)
 * stay on.  Elements become cp_el trees in the style's arena; a
 * <text macro="..."/> points at its macro (macros are not copied), and
 * the macro graph is checked once: a cycle, or macros nested deeper than
 * MAX_MACRO_DEPTH, is an error naming the macro and its line, so that
 * evaluation never recurses without bound.  Errors are "NAME:LINE:
 * message" in `err`; the first one stops the parse. */
#include "citeproc/cp.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_MACRO_DEPTH = 64 };

/* ---- reading XML -------------------------------------------------------------- */

typedef struct xml_err {
    pc_buf *err;
    const char *name;
    bool set;
} xml_err;

static void on_xml_error(void *u, xmlErrorPtr e)
{
    xml_err *x = u;
    if (x->set || !e || e->level < XML_ERR_ERROR)
        return;
    x->set = true;
    size_t n = e->message ? strlen(e->message) : 0;
    while (n && (e->message[n - 1] == '\n' || e->message[n - 1] == ' '))
        n--;
    pc_buf_clear(x->err);
    pc_buf_printf(x->err, "%s:%d: %.*s", x->name, e->line, (int)n, e->message ? e->message : "");
}

static void on_generic_error(void *u, const char *fmt, ...)
{
    (void)u;
    (void)fmt;
}

xmlDocPtr cp_xml_read(const char *xml, size_t n, const char *name, pc_buf *err)
{
    xml_err x = {.err = err, .name = name};
    xmlStructuredErrorFunc sfn = xmlStructuredError;
    void *sctx = xmlStructuredErrorContext;
    xmlGenericErrorFunc gfn = xmlGenericError;
    void *gctx = xmlGenericErrorContext;
    xmlSetStructuredErrorFunc(&x, on_xml_error);
    xmlSetGenericErrorFunc(&x, on_generic_error);
    xmlDocPtr doc = n > (size_t)INT32_MAX ? NULL
                                          : xmlReadMemory(xml, (int)n, name, NULL,
                                                          XML_PARSE_NONET | XML_PARSE_NOCDATA |
                                                              XML_PARSE_BIG_LINES);
    xmlSetStructuredErrorFunc(sctx, sfn);
    xmlSetGenericErrorFunc(gctx, gfn);
    if (doc && (doc->intSubset || doc->extSubset)) {
        pc_buf_clear(err);
        pc_buf_printf(err, "%s:1: a DOCTYPE is not allowed in CSL", name);
        xmlFreeDoc(doc);
        return NULL;
    }
    if (!doc && !x.set) {
        pc_buf_clear(err);
        pc_buf_printf(err, "%s:1: not an XML document", name);
    }
    if (doc && !xmlDocGetRootElement(doc)) {
        pc_buf_clear(err);
        pc_buf_printf(err, "%s:1: empty XML document", name);
        xmlFreeDoc(doc);
        return NULL;
    }
    return doc;
}

/* ---- the parser state ---------------------------------------------------------- */

typedef struct parser {
    cp_style *st;
    cp_arena *a;
    pc_buf *err;
    const char *name;
    bool failed;
    cp_vec extra; /* unknown variable names */
} parser;

static void perr(parser *p, xmlNodePtr n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void perr(parser *p, xmlNodePtr n, const char *fmt, ...)
{
    if (p->failed)
        return;
    p->failed = true;
    pc_buf_clear(p->err);
    pc_buf_printf(p->err, "%s:%ld: ", p->name, n ? xmlGetLineNo(n) : 0L);
    va_list ap;
    va_start(ap, fmt);
    pc_buf_vprintf(p->err, fmt, ap);
    va_end(ap);
}

static bool is(xmlNodePtr n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0;
}

/* The attribute's value copied into the arena, or NULL. */
static const char *att(parser *p, xmlNodePtr n, const char *name)
{
    xmlChar *v = xmlGetNoNsProp(n, (const xmlChar *)name);
    if (!v)
        return NULL;
    const char *s = cp_strdup(p->a, (const char *)v);
    xmlFree(v);
    return s;
}

/* Index of the attribute's value in `values` (NULL-terminated) + 1, 0 when
 * absent or unknown. */
static int att_enum(parser *p, xmlNodePtr n, const char *name, const char *const *values)
{
    xmlChar *v = xmlGetNoNsProp(n, (const xmlChar *)name);
    if (!v)
        return 0;
    int r = 0;
    for (int i = 0; values[i]; i++)
        if (strcmp((const char *)v, values[i]) == 0) {
            r = i + 1;
            break;
        }
    xmlFree(v);
    (void)p;
    return r;
}

static bool att_true(parser *p, xmlNodePtr n, const char *name)
{
    static const char *const tf[] = {"true", NULL};
    return att_enum(p, n, name, tf) == 1;
}

static bool att_int(parser *p, xmlNodePtr n, const char *name, int *out)
{
    const char *s = att(p, n, name);
    if (!s)
        return false;
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || v < 0 || v > 1000000)
        return false;
    *out = (int)v;
    return true;
}

/* ---- variables ----------------------------------------------------------------- */

static const struct {
    const char *name;
    int var;
} var_aliases[] = {
    {"id", CP_V_ID},
    {"type", CP_V_TYPE},
    {"editortranslator", CP_V_EDITORTRANSLATOR},
    {"part-number", PC_F_PART},
    {"printing-number", PC_F_PRINTING},
    {"supplement-number", PC_F_SUPPLEMENT},
    {"container-title-short", PC_F_CONTAINER_TITLE_SHORT},
};

int cp_style_var(cp_style *st, const char *s, size_t n)
{
    if (!n)
        return 0;
    for (size_t i = 0; i < sizeof var_aliases / sizeof *var_aliases; i++)
        if (strlen(var_aliases[i].name) == n && memcmp(var_aliases[i].name, s, n) == 0)
            return var_aliases[i].var;
    pc_field f = pc_field_by_name(s, n);
    const pc_field_info *fi = pc_field_get(f);
    if (fi && (fi->flags & PC_FF_CSL))
        return (int)f;
    for (size_t i = 0; i < st->n_extra_vars; i++)
        if (strlen(st->extra_vars[i]) == n && memcmp(st->extra_vars[i], s, n) == 0)
            return CP_V_EXTRA + (int)i;
    if (st->n_extra_vars % 16 == 0) {
        const char **nv = cp_alloc(&st->a, (st->n_extra_vars + 16) * sizeof *nv);
        if (st->n_extra_vars)
            memcpy(nv, st->extra_vars, st->n_extra_vars * sizeof *nv);
        st->extra_vars = nv;
    }
    st->extra_vars[st->n_extra_vars] = cp_strndup(&st->a, s, n);
    return CP_V_EXTRA + (int)st->n_extra_vars++;
}

const char *cp_var_name(const cp_style *st, int var)
{
    if (var >= CP_V_EXTRA)
        return (size_t)(var - CP_V_EXTRA) < st->n_extra_vars ? st->extra_vars[var - CP_V_EXTRA] : "";
    for (size_t i = 0; i < sizeof var_aliases / sizeof *var_aliases; i++)
        if (var_aliases[i].var == var)
            return var_aliases[i].name;
    const pc_field_info *fi = pc_field_get((pc_field)var);
    return fi ? fi->name : "";
}

/* Space-separated variable names -> ids.  Never NULL: without the
 * attribute, an empty array (names.c copies it with memcpy, and a NULL
 * source is undefined even for 0 bytes: fuzz_style found it). */
static int *att_vars(parser *p, xmlNodePtr n, const char *name, size_t *count)
{
    const char *s = att(p, n, name);
    *count = 0;
    if (!s)
        return cp_alloc(p->a, sizeof(int));
    size_t cap = 1;
    for (const char *q = s; *q; q++)
        cap += *q == ' ';
    int *v = cp_alloc(p->a, cap * sizeof *v);
    while (*s) {
        while (*s == ' ' || *s == '\t' || *s == '\n')
            s++;
        const char *e = s;
        while (*e && *e != ' ' && *e != '\t' && *e != '\n')
            e++;
        if (e > s && *count < cap)
            v[(*count)++] = cp_style_var(p->st, s, (size_t)(e - s));
        s = e;
    }
    return v;
}

/* ---- formatting ------------------------------------------------------------------ */

static const char *const v_font_style[] = {"normal", "italic", "oblique", NULL};
static const char *const v_font_variant[] = {"normal", "small-caps", NULL};
static const char *const v_font_weight[] = {"normal", "bold", "light", NULL};
static const char *const v_decoration[] = {"none", "underline", NULL};
static const char *const v_valign[] = {"baseline", "sup", "sub", NULL};
static const char *const v_display[] = {"block", "left-margin", "right-inline", "indent", NULL};
static const char *const v_text_case[] = {"lowercase", "uppercase", "capitalize-first",
                                          "capitalize-all", "sentence", "title", NULL};

static void parse_fmt(parser *p, xmlNodePtr n, cp_fmt *f)
{
    f->prefix = att(p, n, "prefix");
    f->suffix = att(p, n, "suffix");
    f->delim = att(p, n, "delimiter");
    f->font_style = (unsigned char)att_enum(p, n, "font-style", v_font_style);
    f->font_variant = (unsigned char)att_enum(p, n, "font-variant", v_font_variant);
    f->font_weight = (unsigned char)att_enum(p, n, "font-weight", v_font_weight);
    f->decoration = (unsigned char)att_enum(p, n, "text-decoration", v_decoration);
    f->valign = (unsigned char)att_enum(p, n, "vertical-align", v_valign);
    f->display = (unsigned char)att_enum(p, n, "display", v_display);
    f->text_case = (unsigned char)att_enum(p, n, "text-case", v_text_case);
    f->quotes = att_true(p, n, "quotes");
    f->strip_periods = att_true(p, n, "strip-periods");
}

/* ---- name options ------------------------------------------------------------------ */

static const char *const v_and[] = {"text", "symbol", NULL};
static const char *const v_precedes[] = {"contextual", "after-inverted-name", "always", "never", NULL};
static const char *const v_name_form[] = {"long", "short", "count", NULL};
static const char *const v_naso[] = {"first", "all", NULL};
static const char *const v_bool[] = {"true", "false", NULL};

/* Name options on a <name> (inherit false) or, under their inheritable
 * names (name-form, name-delimiter), on style, citation, bibliography. */
static void parse_nameopt(parser *p, xmlNodePtr n, cp_nameopt *o, bool inherit)
{
    int v;
    if ((v = att_enum(p, n, "and", v_and))) {
        o->set |= CP_NO_AND;
        o->and_ = (unsigned char)v;
    }
    const char *d = att(p, n, inherit ? "name-delimiter" : "delimiter");
    if (d) {
        o->set |= CP_NO_DELIM;
        o->delim = d;
    }
    if ((v = att_enum(p, n, "delimiter-precedes-et-al", v_precedes))) {
        o->set |= CP_NO_DP_ETAL;
        o->dp_etal = (unsigned char)(v - 1);
    }
    if ((v = att_enum(p, n, "delimiter-precedes-last", v_precedes))) {
        o->set |= CP_NO_DP_LAST;
        o->dp_last = (unsigned char)(v - 1);
    }
    if (att_int(p, n, "et-al-min", &o->etal_min))
        o->set |= CP_NO_ETAL_MIN;
    if (att_int(p, n, "et-al-use-first", &o->etal_first))
        o->set |= CP_NO_ETAL_FIRST;
    if (att_int(p, n, "et-al-subsequent-min", &o->etal_sub_min))
        o->set |= CP_NO_ETAL_SUB_MIN;
    if (att_int(p, n, "et-al-subsequent-use-first", &o->etal_sub_first))
        o->set |= CP_NO_ETAL_SUB_FIRST;
    if ((v = att_enum(p, n, "et-al-use-last", v_bool))) {
        o->set |= CP_NO_ETAL_LAST;
        o->etal_use_last = v == 1;
    }
    if ((v = att_enum(p, n, inherit ? "name-form" : "form", v_name_form))) {
        o->set |= CP_NO_FORM;
        o->form = (unsigned char)(v - 1);
    }
    if ((v = att_enum(p, n, "initialize", v_bool))) {
        o->set |= CP_NO_INIT;
        o->initialize = v == 1;
    }
    if ((d = att(p, n, "initialize-with"))) {
        o->set |= CP_NO_INIT_WITH;
        o->initialize_with = d;
    }
    if ((v = att_enum(p, n, "name-as-sort-order", v_naso))) {
        o->set |= CP_NO_SORT_ORDER;
        o->sort_order = (unsigned char)v;
    }
    if ((d = att(p, n, "sort-separator"))) {
        o->set |= CP_NO_SORT_SEP;
        o->sort_sep = d;
    }
}

void cp_nameopt_inherit(cp_nameopt *o, const cp_nameopt *f)
{
    unsigned miss = f->set & ~o->set;
    if (!miss)
        return;
    if (miss & CP_NO_AND)
        o->and_ = f->and_;
    if (miss & CP_NO_DELIM)
        o->delim = f->delim;
    if (miss & CP_NO_DP_ETAL)
        o->dp_etal = f->dp_etal;
    if (miss & CP_NO_DP_LAST)
        o->dp_last = f->dp_last;
    if (miss & CP_NO_ETAL_MIN)
        o->etal_min = f->etal_min;
    if (miss & CP_NO_ETAL_FIRST)
        o->etal_first = f->etal_first;
    if (miss & CP_NO_ETAL_SUB_MIN)
        o->etal_sub_min = f->etal_sub_min;
    if (miss & CP_NO_ETAL_SUB_FIRST)
        o->etal_sub_first = f->etal_sub_first;
    if (miss & CP_NO_ETAL_LAST)
        o->etal_use_last = f->etal_use_last;
    if (miss & CP_NO_FORM)
        o->form = f->form;
    if (miss & CP_NO_INIT)
        o->initialize = f->initialize;
    if (miss & CP_NO_INIT_WITH)
        o->initialize_with = f->initialize_with;
    if (miss & CP_NO_SORT_ORDER)
        o->sort_order = f->sort_order;
    if (miss & CP_NO_SORT_SEP)
        o->sort_sep = f->sort_sep;
    o->set |= miss;
}

/* ---- elements ---------------------------------------------------------------------- */

static cp_el **parse_kids(parser *p, xmlNodePtr n, size_t *count);
static cp_el *parse_el(parser *p, xmlNodePtr n);

static cp_el *new_el(parser *p, xmlNodePtr n, int kind)
{
    cp_el *e = cp_alloc(p->a, sizeof *e);
    e->kind = (unsigned char)kind;
    e->line = (unsigned long)xmlGetLineNo(n);
    parse_fmt(p, n, &e->fmt);
    return e;
}

static int macro_cmp(const void *a, const void *b)
{
    return strcmp((*(cp_macro *const *)a)->name, (*(cp_macro *const *)b)->name);
}

static const cp_macro *find_macro(parser *p, const char *name)
{
    cp_macro key = {.name = name}, *kp = &key;
    cp_macro **m = bsearch(&kp, p->st->macros, p->st->n_macros, sizeof *m, macro_cmp);
    return m ? *m : NULL;
}

static const char *const v_term_form[] = {"long", "short", "verb", "verb-short", "symbol", NULL};

static cp_el *parse_text(parser *p, xmlNodePtr n)
{
    cp_el *e = new_el(p, n, CP_E_TEXT);
    const char *s;
    static const char *const v_short[] = {"short", NULL};
    if ((s = att(p, n, "variable"))) {
        e->u.text.src = CP_TX_VAR;
        e->u.text.var = cp_style_var(p->st, s, strlen(s));
        e->u.text.short_form = att_enum(p, n, "form", v_short) == 1;
        if (!e->u.text.var)
            perr(p, n, "<text> with an empty variable");
    } else if ((s = att(p, n, "macro"))) {
        e->u.text.src = CP_TX_MACRO;
        e->u.text.macro = find_macro(p, s);
        if (!e->u.text.macro)
            perr(p, n, "macro \"%s\" is not defined", s);
    } else if ((s = att(p, n, "term"))) {
        e->u.text.src = CP_TX_TERM;
        e->u.text.term = s;
        int f = att_enum(p, n, "form", v_term_form);
        e->u.text.term_form = (unsigned char)(f ? f - 1 : CP_TF_LONG);
        int pl = att_enum(p, n, "plural", v_bool);
        e->u.text.plural = (signed char)(pl ? pl == 1 : -1);
    } else if ((s = att(p, n, "value"))) {
        e->u.text.src = CP_TX_VALUE;
        e->u.text.value = s;
    } else {
        perr(p, n, "<text> needs a variable, macro, term or value attribute");
    }
    return e;
}

static const char *const v_number_form[] = {"numeric", "ordinal", "long-ordinal", "roman", NULL};
static const char *const v_plural[] = {"contextual", "always", "never", NULL};

static cp_el *parse_number(parser *p, xmlNodePtr n)
{
    cp_el *e = new_el(p, n, CP_E_NUMBER);
    const char *s = att(p, n, "variable");
    if (!s || !*s)
        perr(p, n, "<number> needs a variable");
    else
        e->u.number.var = cp_style_var(p->st, s, strlen(s));
    int f = att_enum(p, n, "form", v_number_form);
    e->u.number.form = (unsigned char)(f ? f - 1 : CP_NF_NUMERIC);
    return e;
}

static void parse_label_attrs(parser *p, xmlNodePtr n, unsigned char *form, unsigned char *plural)
{
    int f = att_enum(p, n, "form", v_term_form);
    *form = (unsigned char)(f ? f - 1 : CP_TF_LONG);
    int pl = att_enum(p, n, "plural", v_plural);
    *plural = (unsigned char)(pl ? pl - 1 : CP_PL_CONTEXTUAL);
}

static cp_el *parse_label(parser *p, xmlNodePtr n)
{
    cp_el *e = new_el(p, n, CP_E_LABEL);
    const char *s = att(p, n, "variable");
    e->u.label.var = s ? cp_style_var(p->st, s, strlen(s)) : 0;
    parse_label_attrs(p, n, &e->u.label.form, &e->u.label.plural);
    return e;
}

/* <name> with its <name-part>s. */
static void parse_name(parser *p, xmlNodePtr n, cp_el *e)
{
    e->u.names.has_name = true;
    parse_nameopt(p, n, &e->u.names.opt, false);
    parse_fmt(p, n, &e->u.names.name_fmt);
    e->u.names.name_fmt.delim = NULL; /* the name delimiter is an option */
    for (xmlNodePtr c = n->children; c; c = c->next) {
        if (!is(c, "name-part"))
            continue;
        static const char *const v_part[] = {"given", "family", NULL};
        int which = att_enum(p, c, "name", v_part);
        if (which == 1) {
            e->u.names.has_given = true;
            parse_fmt(p, c, &e->u.names.given_fmt);
        } else if (which == 2) {
            e->u.names.has_family = true;
            parse_fmt(p, c, &e->u.names.family_fmt);
        }
    }
}

static cp_el *parse_names(parser *p, xmlNodePtr n)
{
    cp_el *e = new_el(p, n, CP_E_NAMES);
    e->u.names.vars = att_vars(p, n, "variable", &e->u.names.n_vars);
    e->u.names.has_delim = e->fmt.delim != NULL;
    for (xmlNodePtr c = n->children; c && !p->failed; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (is(c, "name")) {
            parse_name(p, c, e);
        } else if (is(c, "et-al")) {
            e->u.names.has_etal = true;
            e->u.names.etal_term = att(p, c, "term");
            parse_fmt(p, c, &e->u.names.etal_fmt);
        } else if (is(c, "label")) {
            e->u.names.has_label = true;
            e->u.names.label_before = !e->u.names.has_name;
            parse_fmt(p, c, &e->u.names.label_fmt);
            parse_label_attrs(p, c, &e->u.names.label_form, &e->u.names.label_plural);
        } else if (is(c, "substitute")) {
            e->u.names.has_subst = true;
            e->u.names.subst = parse_kids(p, c, &e->u.names.n_subst);
        } else {
            perr(p, c, "<%s> is not allowed in <names>", (const char *)c->name);
        }
    }
    return e;
}

static const char *const v_dp_name[] = {"year", "month", "day", NULL};
static const char *const v_dp_form[] = {"numeric", "numeric-leading-zeros", "ordinal", "long",
                                        "short", NULL};

static cp_el *parse_date(parser *p, xmlNodePtr n)
{
    cp_el *e = new_el(p, n, CP_E_DATE);
    const char *s = att(p, n, "variable");
    e->u.date.var = s && p->st ? cp_style_var(p->st, s, strlen(s)) : 0;
    static const char *const v_form[] = {"text", "numeric", NULL};
    static const char *const v_show[] = {"year-month-day", "year-month", "year", NULL};
    e->u.date.form = (unsigned char)att_enum(p, n, "form", v_form);
    int show = att_enum(p, n, "date-parts", v_show);
    e->u.date.show = (unsigned char)(show ? show - 1 : CP_DPS_YMD);
    size_t cap = 0;
    for (xmlNodePtr c = n->children; c; c = c->next)
        cap += is(c, "date-part");
    e->u.date.parts = cp_alloc(p->a, (cap ? cap : 1) * sizeof *e->u.date.parts);
    for (xmlNodePtr c = n->children; c; c = c->next) {
        if (!is(c, "date-part"))
            continue;
        int name = att_enum(p, c, "name", v_dp_name);
        if (!name) {
            perr(p, c, "<date-part> needs a name (year, month or day)");
            break;
        }
        cp_datepart *dp = &e->u.date.parts[e->u.date.n_parts++];
        dp->name = (unsigned char)(name - 1);
        int f = att_enum(p, c, "form", v_dp_form);
        dp->has_form = f != 0;
        dp->form = (unsigned char)(f ? f - 1 : dp->name == CP_DP_MONTH ? CP_DPF_LONG : CP_DPF_NUMERIC);
        dp->range_delim = att(p, c, "range-delimiter");
        parse_fmt(p, c, &dp->fmt);
    }
    return e;
}

static const char *const v_match[] = {"all", "any", "none", NULL};
static const char *const v_position[] = {"first", "subsequent", "ibid", "ibid-with-locator",
                                         "near-note", NULL};

/* Appends one condition per word of the attribute. */
static void parse_cond_words(parser *p, xmlNodePtr n, const char *attr, int what, cp_vec *out)
{
    const char *s = att(p, n, attr);
    if (!s)
        return;
    while (*s) {
        while (*s == ' ' || *s == '\t' || *s == '\n')
            s++;
        const char *e = s;
        while (*e && *e != ' ' && *e != '\t' && *e != '\n')
            e++;
        if (e == s)
            break;
        cp_cond *c = cp_alloc(p->a, sizeof *c);
        c->what = (unsigned char)what;
        size_t len = (size_t)(e - s);
        if (what == CP_C_TYPE) {
            pc_kind k = pc_kind_by_name(s, len);
            c->value = k == PC_KIND_NONE ? -1 : (int)k;
        } else if (what == CP_C_LOCATOR) {
            c->str = cp_strndup(p->a, s, len);
            if (strcmp(c->str, "sub-verbo") == 0)
                c->str = "sub verbo";
        } else if (what == CP_C_POSITION) {
            for (int i = 0; v_position[i]; i++)
                if (strlen(v_position[i]) == len && memcmp(v_position[i], s, len) == 0)
                    c->value = 1 << i;
        } else {
            c->value = cp_style_var(p->st, s, len);
        }
        cp_vec_push(p->a, out, c);
        s = e;
    }
}

static void parse_branch(parser *p, xmlNodePtr n, cp_branch *b)
{
    b->is_else = is(n, "else");
    int m = att_enum(p, n, "match", v_match);
    b->match = (unsigned char)(m ? m - 1 : CP_MATCH_ALL);
    cp_vec conds = {0};
    parse_cond_words(p, n, "type", CP_C_TYPE, &conds);
    parse_cond_words(p, n, "variable", CP_C_VARIABLE, &conds);
    parse_cond_words(p, n, "is-numeric", CP_C_NUMERIC, &conds);
    parse_cond_words(p, n, "is-uncertain-date", CP_C_UNCERTAIN, &conds);
    parse_cond_words(p, n, "locator", CP_C_LOCATOR, &conds);
    parse_cond_words(p, n, "position", CP_C_POSITION, &conds);
    if (att_true(p, n, "disambiguate")) {
        if (p->st)
            p->st->uses_disamb_cond = true;
        cp_cond *c = cp_alloc(p->a, sizeof *c);
        c->what = CP_C_DISAMBIGUATE;
        cp_vec_push(p->a, &conds, c);
    }
    b->n_conds = conds.n;
    b->conds = cp_alloc(p->a, (conds.n ? conds.n : 1) * sizeof *b->conds);
    for (size_t i = 0; i < conds.n; i++)
        b->conds[i] = *(cp_cond *)conds.v[i];
    b->kids = parse_kids(p, n, &b->n_kids);
}

static cp_el *parse_choose(parser *p, xmlNodePtr n)
{
    cp_el *e = new_el(p, n, CP_E_CHOOSE);
    memset(&e->fmt, 0, sizeof e->fmt);
    size_t cap = 0;
    for (xmlNodePtr c = n->children; c; c = c->next)
        cap += is(c, "if") || is(c, "else-if") || is(c, "else");
    e->u.choose.branches = cp_alloc(p->a, (cap ? cap : 1) * sizeof *e->u.choose.branches);
    for (xmlNodePtr c = n->children; c && !p->failed; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (!is(c, "if") && !is(c, "else-if") && !is(c, "else")) {
            perr(p, c, "<%s> is not allowed in <choose>", (const char *)c->name);
            break;
        }
        parse_branch(p, c, &e->u.choose.branches[e->u.choose.n++]);
    }
    return e;
}

static cp_el *parse_group(parser *p, xmlNodePtr n)
{
    cp_el *e = new_el(p, n, CP_E_GROUP);
    e->kids = parse_kids(p, n, &e->n_kids);
    return e;
}

static const struct {
    const char *name;
    cp_el *(*parse)(parser *p, xmlNodePtr n);
} el_table[] = {
    {"text", parse_text},   {"number", parse_number}, {"label", parse_label},
    {"names", parse_names}, {"date", parse_date},     {"group", parse_group},
    {"choose", parse_choose},
};

static cp_el *parse_el(parser *p, xmlNodePtr n)
{
    for (size_t i = 0; i < sizeof el_table / sizeof *el_table; i++)
        if (is(n, el_table[i].name))
            return el_table[i].parse(p, n);
    perr(p, n, "unknown element <%s>", (const char *)n->name);
    return NULL;
}

static cp_el **parse_kids(parser *p, xmlNodePtr n, size_t *count)
{
    size_t cap = 0;
    for (xmlNodePtr c = n->children; c; c = c->next)
        cap += c->type == XML_ELEMENT_NODE;
    cp_el **kids = cp_alloc(p->a, (cap ? cap : 1) * sizeof *kids);
    *count = 0;
    for (xmlNodePtr c = n->children; c && !p->failed; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        cp_el *e = parse_el(p, c);
        if (e)
            kids[(*count)++] = e;
    }
    return kids;
}

/* ---- layouts, sort keys ---------------------------------------------------------------- */

static void parse_sort(parser *p, xmlNodePtr n, cp_layout *lay)
{
    size_t cap = 0;
    for (xmlNodePtr c = n->children; c; c = c->next)
        cap += is(c, "key");
    lay->keys = cp_alloc(p->a, (cap ? cap : 1) * sizeof *lay->keys);
    for (xmlNodePtr c = n->children; c && !p->failed; c = c->next) {
        if (!is(c, "key"))
            continue;
        cp_sortkey *k = &lay->keys[lay->n_keys++];
        static const char *const v_dir[] = {"ascending", "descending", NULL};
        k->desc = att_enum(p, c, "sort", v_dir) == 2;
        const char *s;
        if ((s = att(p, c, "variable"))) {
            k->var = cp_style_var(p->st, s, strlen(s));
        } else if ((s = att(p, c, "macro"))) {
            k->macro = find_macro(p, s);
            if (!k->macro)
                perr(p, c, "macro \"%s\" is not defined", s);
        } else {
            perr(p, c, "<key> needs a variable or a macro");
        }
        att_int(p, c, "names-min", &k->names_min);
        att_int(p, c, "names-use-first", &k->names_first);
        int last = att_enum(p, c, "names-use-last", v_bool);
        k->names_last = (signed char)(last ? last == 1 : -1);
    }
}

static void parse_layout(parser *p, xmlNodePtr n, cp_layout *lay)
{
    lay->present = true;
    parse_nameopt(p, n, &lay->names, true);
    lay->names_delim = att(p, n, "names-delimiter");
    bool got = false, sorted = false;
    for (xmlNodePtr c = n->children; c && !p->failed; c = c->next) {
        if (is(c, "sort") && !sorted) { /* the first, as for <layout>: a second one wrote past the keys */
            sorted = true;
            parse_sort(p, c, lay);
        } else if (is(c, "layout") && !got) {
            got = true;
            parse_fmt(p, c, &lay->fmt);
            lay->fmt.affixes_inside = true;
            lay->kids = parse_kids(p, c, &lay->n_kids);
        }
    }
    if (!got)
        perr(p, n, "<%s> has no <layout>", (const char *)n->name);
}

static const char *const v_collapse[] = {"citation-number", "year", "year-suffix",
                                         "year-suffix-ranged", NULL};
static const char *const v_gn_rule[] = {"by-cite", "all-names", "all-names-with-initials",
                                        "primary-name", "primary-name-with-initials", NULL};

static void parse_citation(parser *p, xmlNodePtr n)
{
    cp_style *st = p->st;
    parse_layout(p, n, &st->citation);
    st->add_names = att_true(p, n, "disambiguate-add-names");
    st->add_givenname = att_true(p, n, "disambiguate-add-givenname");
    st->add_year_suffix = att_true(p, n, "disambiguate-add-year-suffix");
    int r = att_enum(p, n, "givenname-disambiguation-rule", v_gn_rule);
    st->givenname_rule = (unsigned char)(r ? r - 1 : CP_GN_BY_CITE);
    st->collapse = (unsigned char)att_enum(p, n, "collapse", v_collapse);
    st->year_suffix_delim = att(p, n, "year-suffix-delimiter");
    st->after_collapse_delim = att(p, n, "after-collapse-delimiter");
    st->cite_group_delim = att(p, n, "cite-group-delimiter");
    if (!att_int(p, n, "near-note-distance", &st->near_note_distance))
        st->near_note_distance = 5;
}

static const char *const v_sas_rule[] = {"complete-all", "complete-each", "partial-each",
                                         "partial-first", NULL};

static void parse_bibliography(parser *p, xmlNodePtr n)
{
    cp_style *st = p->st;
    parse_layout(p, n, &st->bibliography);
    st->hanging_indent = att_true(p, n, "hanging-indent");
    static const char *const v_sfa[] = {"flush", "margin", NULL};
    st->second_field_align = (unsigned char)att_enum(p, n, "second-field-align", v_sfa);
    att_int(p, n, "line-spacing", &st->line_spacing);
    att_int(p, n, "entry-spacing", &st->entry_spacing);
    st->subsequent_author_substitute = att(p, n, "subsequent-author-substitute");
    int r = att_enum(p, n, "subsequent-author-substitute-rule", v_sas_rule);
    st->sas_rule = (unsigned char)(r ? r - 1 : CP_SAS_COMPLETE_ALL);
}

/* ---- the macro graph --------------------------------------------------------------------- */

/* Appends the macros `e` (and what it contains) calls to out. */
static void macro_calls(parser *p, const cp_el *e, cp_vec *out)
{
    if (e->kind == CP_E_TEXT && e->u.text.src == CP_TX_MACRO && e->u.text.macro)
        cp_vec_push(p->a, out, (void *)e->u.text.macro);
    for (size_t i = 0; i < e->n_kids; i++)
        macro_calls(p, e->kids[i], out);
    if (e->kind == CP_E_CHOOSE)
        for (size_t b = 0; b < e->u.choose.n; b++)
            for (size_t i = 0; i < e->u.choose.branches[b].n_kids; i++)
                macro_calls(p, e->u.choose.branches[b].kids[i], out);
    if (e->kind == CP_E_NAMES)
        for (size_t i = 0; i < e->u.names.n_subst; i++)
            macro_calls(p, e->u.names.subst[i], out);
}

/* Iterative depth-first search over the macro graph: a macro met again
 * while it is being visited closes a cycle; the depth of each macro is one
 * more than its deepest callee. */
static void check_macros(parser *p)
{
    cp_style *st = p->st;
    size_t n = st->n_macros;
    cp_vec *calls = cp_alloc(p->a, (n ? n : 1) * sizeof *calls);
    int *depth = cp_alloc(p->a, (n ? n : 1) * sizeof *depth);
    for (size_t i = 0; i < n; i++) {
        st->macros[i]->mark = (int)i; /* index, then colour in depth[] */
        for (size_t k = 0; k < st->macros[i]->n_kids; k++)
            macro_calls(p, st->macros[i]->kids[k], &calls[i]);
    }
    /* depth: 0 unvisited, -1 on the stack, >0 done */
    size_t *stack = cp_alloc(p->a, (n + 1) * sizeof *stack), *pos = cp_alloc(p->a, (n + 1) * sizeof *pos);
    for (size_t root = 0; root < n && !p->failed; root++) {
        if (depth[root])
            continue;
        size_t sp = 0;
        stack[sp] = root;
        pos[sp++] = 0;
        depth[root] = -1;
        while (sp && !p->failed) {
            size_t m = stack[sp - 1];
            if (pos[sp - 1] < calls[m].n) {
                size_t c = (size_t)((cp_macro *)calls[m].v[pos[sp - 1]++])->mark;
                if (depth[c] == -1) {
                    p->failed = true;
                    pc_buf_clear(p->err);
                    pc_buf_printf(p->err, "%s:%lu: macro \"%s\" calls itself (through \"%s\")", p->name,
                                  st->macros[c]->line, st->macros[c]->name, st->macros[m]->name);
                } else if (!depth[c]) {
                    depth[c] = -1;
                    stack[sp] = c;
                    pos[sp++] = 0;
                }
                continue;
            }
            int d = 1;
            for (size_t k = 0; k < calls[m].n; k++) {
                int cd = depth[((cp_macro *)calls[m].v[k])->mark];
                if (cd + 1 > d)
                    d = cd + 1;
            }
            depth[m] = d;
            if (d > MAX_MACRO_DEPTH) {
                p->failed = true;
                pc_buf_clear(p->err);
                pc_buf_printf(p->err, "%s:%lu: macro \"%s\": macros nested %d deep (at most %d)",
                              p->name, st->macros[m]->line, st->macros[m]->name, d, MAX_MACRO_DEPTH);
            }
            sp--;
        }
    }
}

static bool uses_year_suffix(const cp_el *const *kids, size_t n, int depth)
{
    if (depth > MAX_MACRO_DEPTH + 300)
        return false;
    for (size_t i = 0; i < n; i++) {
        const cp_el *e = kids[i];
        if (e->kind == CP_E_TEXT && e->u.text.src == CP_TX_VAR && e->u.text.var == PC_F_YEAR_SUFFIX)
            return true;
        if (e->kind == CP_E_TEXT && e->u.text.src == CP_TX_MACRO &&
            uses_year_suffix((const cp_el *const *)e->u.text.macro->kids, e->u.text.macro->n_kids,
                             depth + 1))
            return true;
        if (uses_year_suffix((const cp_el *const *)e->kids, e->n_kids, depth + 1))
            return true;
        if (e->kind == CP_E_CHOOSE)
            for (size_t b = 0; b < e->u.choose.n; b++)
                if (uses_year_suffix((const cp_el *const *)e->u.choose.branches[b].kids,
                                     e->u.choose.branches[b].n_kids, depth + 1))
                    return true;
        if (e->kind == CP_E_NAMES &&
            uses_year_suffix((const cp_el *const *)e->u.names.subst, e->u.names.n_subst, depth + 1))
            return true;
    }
    return false;
}

/* ---- the style ------------------------------------------------------------------------------ */

static void parse_macros(parser *p, xmlNodePtr root)
{
    cp_style *st = p->st;
    size_t cap = 0;
    for (xmlNodePtr c = root->children; c; c = c->next)
        cap += is(c, "macro");
    st->macros = cp_alloc(p->a, (cap ? cap : 1) * sizeof *st->macros);
    for (xmlNodePtr c = root->children; c && !p->failed; c = c->next) {
        if (!is(c, "macro"))
            continue;
        cp_macro *m = cp_alloc(p->a, sizeof *m);
        m->name = att(p, c, "name");
        m->line = (unsigned long)xmlGetLineNo(c);
        if (!m->name)
            perr(p, c, "<macro> without a name");
        else
            st->macros[st->n_macros++] = m;
    }
    qsort(st->macros, st->n_macros, sizeof *st->macros, macro_cmp);
    for (size_t i = 1; i < st->n_macros && !p->failed; i++)
        if (strcmp(st->macros[i - 1]->name, st->macros[i]->name) == 0) {
            p->failed = true;
            pc_buf_clear(p->err);
            pc_buf_printf(p->err, "%s:%lu: macro \"%s\" is defined twice", p->name, st->macros[i]->line,
                          st->macros[i]->name);
        }
    /* bodies, once every name is known */
    for (xmlNodePtr c = root->children; c && !p->failed; c = c->next) {
        if (!is(c, "macro"))
            continue;
        const char *name = att(p, c, "name");
        cp_macro *m = name ? (cp_macro *)find_macro(p, name) : NULL;
        if (m && !m->kids)
            m->kids = parse_kids(p, c, &m->n_kids);
    }
}

static const char *const v_demote[] = {"display-and-sort", "sort-only", "never", NULL};
static const char *const v_prf[] = {"chicago", "chicago-16", "expanded", "minimal", "minimal-two",
                                    "chicago-15", NULL};

static void parse_root(parser *p, xmlNodePtr root)
{
    cp_style *st = p->st;
    static const char *const v_class[] = {"in-text", "note", NULL};
    st->note = att_enum(p, root, "class", v_class) == 2;
    st->default_locale = att(p, root, "default-locale");
    int d = att_enum(p, root, "demote-non-dropping-particle", v_demote);
    st->demote = (unsigned char)(d ? d - 1 : CP_DEMOTE_DISPLAY_AND_SORT);
    st->initialize_with_hyphen = att_enum(p, root, "initialize-with-hyphen", v_bool) != 2;
    int prf = att_enum(p, root, "page-range-format", v_prf);
    st->page_range_format = (unsigned char)(prf == 6 ? CP_PRF_CHICAGO : prf);
    parse_nameopt(p, root, &st->names, true);
    st->names_delim = att(p, root, "names-delimiter");
}

static void parse_info(parser *p, xmlNodePtr info)
{
    for (xmlNodePtr c = info->children; c; c = c->next) {
        if (!is(c, "link"))
            continue;
        const char *rel = att(p, c, "rel");
        if (rel && strcmp(rel, "independent-parent") == 0)
            p->st->parent = att(p, c, "href");
    }
}

static void parse_style(parser *p, xmlNodePtr root)
{
    cp_style *st = p->st;
    if (!is(root, "style")) {
        perr(p, root, "the root element is <%s>, not <style>", (const char *)root->name);
        return;
    }
    parse_root(p, root);
    size_t n_loc = 0;
    for (xmlNodePtr c = root->children; c; c = c->next) {
        if (is(c, "info"))
            parse_info(p, c);
        n_loc += is(c, "locale");
    }
    if (st->parent)
        return; /* a dependent style: the parent has the rest */
    parse_macros(p, root);
    st->locales = cp_alloc(p->a, (n_loc ? n_loc : 1) * sizeof *st->locales);
    bool cit = false;
    for (xmlNodePtr c = root->children; c && !p->failed; c = c->next) {
        if (is(c, "citation") && !cit) {
            cit = true;
            parse_citation(p, c);
        } else if (is(c, "bibliography") && !st->bibliography.present) {
            parse_bibliography(p, c);
        } else if (is(c, "locale")) {
            if (!cp_locsrc_parse(p->a, c, &st->locales[st->n_locales], p->err)) {
                p->failed = true;
                break;
            }
            st->n_locales++;
        }
    }
    if (!p->failed && !cit)
        perr(p, root, "the style has no <citation>");
    if (!p->failed)
        check_macros(p);
    if (!p->failed)
        st->uses_year_suffix_var =
            uses_year_suffix((const cp_el *const *)st->citation.kids, st->citation.n_kids, 0) ||
            uses_year_suffix((const cp_el *const *)st->bibliography.kids, st->bibliography.n_kids, 0);
}

cp_el *cp_locale_date_parse(cp_arena *a, xmlNodePtr n, pc_buf *err)
{
    parser p = {.a = a, .err = err, .name = "locale"};
    cp_el *e = parse_date(&p, n);
    return p.failed ? NULL : e;
}

cp_style *cp_style_parse(const char *xml, size_t n, const char *name, pc_buf *err)
{
    xmlDocPtr doc = cp_xml_read(xml, n, name, err);
    if (!doc)
        return NULL;
    cp_style *st = pc_xcalloc(1, sizeof *st);
    parser p = {.st = st, .a = &st->a, .err = err, .name = name};
    parse_style(&p, xmlDocGetRootElement(doc));
    xmlFreeDoc(doc);
    if (p.failed) {
        cp_style_free(st);
        return NULL;
    }
    return st;
}

void cp_style_free(cp_style *s)
{
    if (!s)
        return;
    cp_arena_free(&s->a);
    pc_free(s);
}
