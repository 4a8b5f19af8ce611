/* SPDX-License-Identifier: MIT */
/* locale.c — CSL locales: <locale> elements (a style's or a locale file's)
 * into terms and date formats, the merge of several in fallback order, and
 * term lookup (the one place that knows forms, plurals, genders and
 * ordinals).
 *
 * The merged table holds every source's terms sorted by name, then by
 * priority (the style's own locale for the exact language first, ...,
 * en-US last: engine.c orders the sources), so a lookup is a binary search
 * and a short scan.  Ordinals follow CSL 1.0.1: when a source defines any
 * ordinal term, the ordinal terms of lower-priority sources are dropped;
 * ordinal-10..99 (last two digits) win over ordinal-00..09 (last digit),
 * which win over "ordinal"; a term whose gender-form matches the noun's
 * gender wins over a neuter one. */
#include "citeproc/cp.h"

#include <libxml/tree.h>
#include <stdlib.h>
#include <string.h>

/* ---- parsing ----------------------------------------------------------------- */

static const char *copy_prop(cp_arena *a, xmlNodePtr n, const char *name)
{
    xmlChar *v = xmlGetNoNsProp(n, (const xmlChar *)name);
    if (!v)
        return NULL;
    const char *s = cp_strdup(a, (const char *)v);
    xmlFree(v);
    return s;
}

static int prop_index(xmlNodePtr n, const char *name, const char *const *values)
{
    xmlChar *v = xmlGetNoNsProp(n, (const xmlChar *)name);
    if (!v)
        return 0;
    int r = 0;
    for (int i = 0; values[i]; i++)
        if (strcmp((const char *)v, values[i]) == 0)
            r = i + 1;
    xmlFree(v);
    return r;
}

/* The text content of n (entities are not expanded: none are allowed). */
static const char *text_of(cp_arena *a, xmlNodePtr n)
{
    xmlChar *v = xmlNodeGetContent(n);
    const char *s = cp_strdup(a, v ? (const char *)v : "");
    xmlFree(v);
    return s;
}

static bool is_el(xmlNodePtr n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name, name) == 0;
}

static const char *const v_form[] = {"long", "short", "verb", "verb-short", "symbol", NULL};
static const char *const v_gender[] = {"masculine", "feminine", NULL};
static const char *const v_match[] = {"last-digit", "last-two-digits", "whole-number", NULL};

static void parse_term(cp_arena *a, xmlNodePtr n, cp_term *t)
{
    t->name = copy_prop(a, n, "name");
    int f = prop_index(n, "form", v_form);
    t->form = (unsigned char)(f ? f - 1 : CP_TF_LONG);
    t->gender = (unsigned char)prop_index(n, "gender", v_gender);
    t->gender_form = (unsigned char)prop_index(n, "gender-form", v_gender);
    t->match = (unsigned char)prop_index(n, "match", v_match);
    bool parts = false;
    for (xmlNodePtr c = n->children; c; c = c->next) {
        if (is_el(c, "single")) {
            t->single = text_of(a, c);
            parts = true;
        } else if (is_el(c, "multiple")) {
            t->multiple = text_of(a, c);
            parts = true;
        }
    }
    if (!parts)
        t->single = t->multiple = text_of(a, n);
    if (!t->single)
        t->single = t->multiple;
    if (!t->multiple)
        t->multiple = t->single;
}

static void parse_terms(cp_arena *a, xmlNodePtr terms, cp_locsrc *src)
{
    size_t cap = src->n_terms;
    for (xmlNodePtr c = terms->children; c; c = c->next)
        cap += is_el(c, "term");
    cp_term *t = cp_alloc(a, (cap ? cap : 1) * sizeof *t);
    if (src->n_terms)
        memcpy(t, src->terms, src->n_terms * sizeof *t);
    src->terms = t;
    for (xmlNodePtr c = terms->children; c; c = c->next) {
        if (!is_el(c, "term"))
            continue;
        cp_term *x = &src->terms[src->n_terms];
        parse_term(a, c, x);
        if (x->name)
            src->n_terms++;
    }
}

bool cp_locsrc_parse(cp_arena *a, xmlNodePtr node, cp_locsrc *src, pc_buf *err)
{
    memset(src, 0, sizeof *src);
    src->punct_in_quote = src->limit_day_ordinals = -1;
    xmlChar *lang = xmlNodeGetLang(node);
    if (lang && *lang)
        src->lang = cp_strdup(a, (const char *)lang);
    xmlFree(lang);
    static const char *const v_tf[] = {"true", "false", NULL};
    static const char *const v_date[] = {"text", "numeric", NULL};
    for (xmlNodePtr c = node->children; c; c = c->next) {
        if (is_el(c, "style-options")) {
            int v = prop_index(c, "punctuation-in-quote", v_tf);
            if (v)
                src->punct_in_quote = v == 1;
            v = prop_index(c, "limit-day-ordinals-to-day-1", v_tf);
            if (v)
                src->limit_day_ordinals = v == 1;
        } else if (is_el(c, "terms")) {
            parse_terms(a, c, src);
        } else if (is_el(c, "date")) {
            int form = prop_index(c, "form", v_date);
            cp_el *d = cp_locale_date_parse(a, c, err);
            if (!d)
                return false;
            if (form == 1)
                src->date_text = d;
            else if (form == 2)
                src->date_numeric = d;
        }
    }
    return true;
}

/* ---- merging ------------------------------------------------------------------ */

static bool is_ordinal(const char *name)
{
    return strncmp(name, "ordinal", 7) == 0 && (!name[7] || name[7] == '-');
}

static int term_cmp(const void *x, const void *y)
{
    const cp_term *a = x, *b = y;
    int c = strcmp(a->name, b->name);
    return c ? c : (a->prio > b->prio) - (a->prio < b->prio);
}

static const char *raw_term(const cp_locale *l, const char *name)
{
    const char *t = cp_term_get(l, name, CP_TF_LONG, false, CP_G_NONE);
    return t;
}

void cp_locale_merge(cp_arena *a, const cp_locsrc *const *srcs, size_t n, cp_locale *loc)
{
    memset(loc, 0, sizeof *loc);
    size_t total = 0, ordinal_src = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {
        total += srcs[i]->n_terms;
        for (size_t k = 0; k < srcs[i]->n_terms && ordinal_src == SIZE_MAX; k++)
            if (is_ordinal(srcs[i]->terms[k].name))
                ordinal_src = i;
    }
    loc->terms = cp_alloc(a, (total ? total : 1) * sizeof *loc->terms);
    int pi = -1, ld = -1;
    for (size_t i = 0; i < n; i++) {
        const cp_locsrc *s = srcs[i];
        for (size_t k = 0; k < s->n_terms; k++) {
            if (is_ordinal(s->terms[k].name) && i != ordinal_src)
                continue;
            cp_term *t = &loc->terms[loc->n_terms++];
            *t = s->terms[k];
            t->prio = (uint64_t)i << 32 | (uint32_t)k; /* every term its own: a total order (was 16 bits: 16 sources wrapped) */
        }
        if (!loc->date_text)
            loc->date_text = s->date_text;
        if (!loc->date_numeric)
            loc->date_numeric = s->date_numeric;
        if (pi < 0)
            pi = s->punct_in_quote;
        if (ld < 0)
            ld = s->limit_day_ordinals;
        if (!loc->lang)
            loc->lang = s->lang;
    }
    qsort(loc->terms, loc->n_terms, sizeof *loc->terms, term_cmp);
    loc->punct_in_quote = pi == 1;
    loc->limit_day_ordinals = ld == 1;
    const char *q;
    loc->quote_open = (q = raw_term(loc, "open-quote")) ? q : "\xe2\x80\x9c";
    loc->quote_close = (q = raw_term(loc, "close-quote")) ? q : "\xe2\x80\x9d";
    loc->quote_inner_open = (q = raw_term(loc, "open-inner-quote")) ? q : "\xe2\x80\x98";
    loc->quote_inner_close = (q = raw_term(loc, "close-inner-quote")) ? q : "\xe2\x80\x99";
}

/* ---- lookup -------------------------------------------------------------------- */

/* The first entry named `name`, and how many there are. */
static const cp_term *find(const cp_locale *l, const char *name, size_t *count)
{
    size_t lo = 0, hi = l->n_terms;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (strcmp(l->terms[mid].name, name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t e = lo;
    while (e < l->n_terms && strcmp(l->terms[e].name, name) == 0)
        e++;
    *count = e - lo;
    return l->terms + lo;
}

static const unsigned char form_chain[CP_TF_COUNT][4] = {
    [CP_TF_LONG] = {CP_TF_LONG, 255},
    [CP_TF_SHORT] = {CP_TF_SHORT, CP_TF_LONG, 255},
    [CP_TF_VERB] = {CP_TF_VERB, CP_TF_LONG, 255},
    [CP_TF_VERB_SHORT] = {CP_TF_VERB_SHORT, CP_TF_VERB, CP_TF_LONG, 255},
    [CP_TF_SYMBOL] = {CP_TF_SYMBOL, CP_TF_SHORT, CP_TF_LONG, 255},
};

static const cp_term *term_entry(const cp_locale *l, const char *name, int form, int gender_form)
{
    size_t n;
    const cp_term *t = find(l, name, &n);
    if (!n)
        return NULL;
    if (form < 0 || form >= CP_TF_COUNT)
        form = CP_TF_LONG;
    for (int k = 0; form_chain[form][k] != 255; k++) {
        int f = form_chain[form][k];
        const cp_term *neuter = NULL;
        for (size_t i = 0; i < n; i++) {
            if (t[i].form != f)
                continue;
            if (gender_form && t[i].gender_form == gender_form)
                return &t[i];
            if (!neuter && !t[i].gender_form)
                neuter = &t[i];
        }
        if (neuter)
            return neuter;
        for (size_t i = 0; i < n; i++)
            if (t[i].form == f)
                return &t[i];
    }
    return NULL;
}

const char *cp_term_get(const cp_locale *l, const char *name, int form, bool plural, int gender_form)
{
    const cp_term *t = term_entry(l, name, form, gender_form);
    return t ? (plural ? t->multiple : t->single) : NULL;
}

const char *cp_term_exact(const cp_locale *l, const char *name, int form, bool plural)
{
    size_t n;
    const cp_term *t = find(l, name, &n);
    for (size_t i = 0; i < n; i++)
        if (t[i].form == form && !t[i].gender_form)
            return plural ? t[i].multiple : t[i].single;
    return NULL;
}

int cp_term_gender(const cp_locale *l, const char *name, int form)
{
    const cp_term *t = term_entry(l, name, form, CP_G_NONE);
    return t ? t->gender : CP_G_NONE;
}

/* How well "ordinal-NN" matches n: 2 last two digits or whole number, 1 last
 * digit, 0 not at all. */
static int ordinal_rank(const cp_term *t, long n)
{
    const char *s = t->name + 8;
    if (!(s[0] >= '0' && s[0] <= '9' && s[1] >= '0' && s[1] <= '9' && !s[2]))
        return 0;
    long nn = (s[0] - '0') * 10 + (s[1] - '0');
    int match = t->match ? t->match : nn < 10 ? CP_M_LAST_DIGIT : CP_M_LAST_TWO;
    switch (match) {
    case CP_M_LAST_DIGIT: return n % 10 == nn ? 1 : 0;
    case CP_M_LAST_TWO: return n % 100 == nn ? 2 : 0;
    case CP_M_WHOLE: return n == nn ? 2 : 0;
    default: return 0;
    }
}

const char *cp_term_ordinal(const cp_locale *l, long n, int gender_form)
{
    if (n < 0)
        n = -n;
    size_t lo = 0, hi = l->n_terms;
    while (lo < hi) { /* the first "ordinal-" entry */
        size_t mid = (lo + hi) / 2;
        if (strcmp(l->terms[mid].name, "ordinal-") < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    const cp_term *best = NULL;
    int best_score = 0;
    for (size_t i = lo; i < l->n_terms && strncmp(l->terms[i].name, "ordinal-", 8) == 0; i++) {
        const cp_term *t = &l->terms[i];
        if (t->form != CP_TF_LONG)
            continue;
        int r = ordinal_rank(t, n);
        if (!r)
            continue;
        int g = t->gender_form == gender_form && gender_form ? 2
                : !t->gender_form                            ? 1
                : !gender_form && t->gender_form == CP_G_MASC ? 1 /* no noun: masculine */
                                                              : 0;
        if (!g)
            continue;
        int score = r * 4 + g;
        if (score > best_score) {
            best = t;
            best_score = score;
        }
    }
    if (best)
        return best->single;
    return cp_term_get(l, "ordinal", CP_TF_LONG, false, gender_form);
}
