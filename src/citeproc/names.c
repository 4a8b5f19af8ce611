/* SPDX-License-Identifier: MIT */
/* names.c — <names>: name lists with et-al (et-al-min, -use-first,
 * -use-last, the subsequent forms, the names disambiguation adds), "and",
 * delimiter-precedes-last and -et-al, name-as-sort-order, initials
 * (initialize-with, with hyphens), particles (dropping and non-dropping,
 * demote-non-dropping-particle), suffixes (with comma-suffix), name-part
 * formatting, labels, editor-translator, count, and <substitute>.
 *
 * The rules follow jgm/citeproc's Eval.hs (formatNames, getDisplayName,
 * initialize).  Name options come from the <name> element, then the
 * layout (citation or bibliography), then the style; inside a
 * <substitute>, a <names> without its own <name>, <et-al> or <label> uses
 * those of the <names> it substitutes for.  The work is linear in the
 * number of names, and names past the et-al cut are not formatted at all
 * (a million-author item with et-al costs what its first names cost). */
#include "citeproc/cp.h"
#include "text/unicode.h"

#include <stdio.h>
#include <string.h>
#include <utf8proc.h>

typedef struct names_ctx {
    cp_eval *ev;
    cp_nameopt opt;
    const cp_fmt *name_fmt, *given_fmt, *family_fmt, *etal_fmt, *label_fmt;
    bool has_given, has_family, has_etal, has_label, label_before;
    const char *etal_term;
    unsigned char label_form, label_plural;
} names_ctx;

static const cp_fmt no_fmt;

/* The options and formatting a <names> uses (see the file comment). */
static void resolve(cp_eval *ev, const cp_el *el, names_ctx *nc)
{
    memset(nc, 0, sizeof *nc);
    nc->ev = ev;
    const cp_el *sub = ev->in_substitute ? ev->subst_names : NULL;
    const cp_el *ne = el->u.names.has_name ? el : sub && sub->u.names.has_name ? sub : NULL;
    if (ne) {
        nc->opt = ne->u.names.opt;
        nc->name_fmt = &ne->u.names.name_fmt;
        nc->given_fmt = &ne->u.names.given_fmt;
        nc->family_fmt = &ne->u.names.family_fmt;
        nc->has_given = ne->u.names.has_given;
        nc->has_family = ne->u.names.has_family;
    } else {
        nc->name_fmt = nc->given_fmt = nc->family_fmt = &no_fmt;
    }
    const cp_el *ee = el->u.names.has_etal ? el : sub && sub->u.names.has_etal ? sub : NULL;
    if (ee) {
        nc->has_etal = true;
        nc->etal_term = ee->u.names.etal_term;
        nc->etal_fmt = &ee->u.names.etal_fmt;
    }
    const cp_el *le = el->u.names.has_label ? el : sub && sub->u.names.has_label ? sub : NULL;
    if (le) {
        nc->has_label = true;
        nc->label_fmt = &le->u.names.label_fmt;
        nc->label_form = le->u.names.label_form;
        nc->label_plural = le->u.names.label_plural;
        nc->label_before = el->u.names.has_name && el->u.names.has_label ? el->u.names.label_before
                                                                         : le->u.names.label_before;
    }
    if (ev->layout)
        cp_nameopt_inherit(&nc->opt, &ev->layout->names);
    cp_nameopt_inherit(&nc->opt, &ev->st->names);
    cp_nameopt *o = &nc->opt;
    if (!(o->set & CP_NO_DELIM))
        o->delim = ", ";
    if (!(o->set & CP_NO_SORT_SEP))
        o->sort_sep = ", ";
    if (!(o->set & CP_NO_INIT))
        o->initialize = true;
    if (!ev->bibliography && !(ev->positions & CP_POS_FIRST) && ev->positions) {
        if (o->set & CP_NO_ETAL_SUB_MIN) {
            o->etal_min = o->etal_sub_min;
            o->set |= CP_NO_ETAL_MIN;
        }
        if (o->set & CP_NO_ETAL_SUB_FIRST) {
            o->etal_first = o->etal_sub_first;
            o->set |= CP_NO_ETAL_FIRST;
        }
    }
    const cp_sortkey *k = ev->sort_key;
    if (k) {
        if (k->names_min) {
            o->etal_min = k->names_min;
            o->set |= CP_NO_ETAL_MIN;
        }
        if (k->names_first) {
            o->etal_first = k->names_first;
            o->set |= CP_NO_ETAL_FIRST;
        }
        if (k->names_last >= 0) {
            o->etal_use_last = k->names_last == 1;
            o->set |= CP_NO_ETAL_LAST;
        }
    }
}

/* ---- initials -------------------------------------------------------------- */

static bool all_lower(const char *s, size_t n)
{
    size_t i = 0;
    bool any = false;
    while (i < n) {
        int32_t c;
        int k = pc_utf8_next(s + i, n - i, &c);
        if (k <= 0)
            return false;
        if (pc_unicode_case(c) >= 0)
            return false;
        any = true;
        i += (size_t)k;
    }
    return any || n == 0;
}

/* The initial of a word (jgm/citeproc's toInitial): its first letter when
 * that is upper case, two letters for "THomas"-style words (upper, upper,
 * then lower); after a hyphen "-J" (or "J" without initialize-with-hyphen),
 * nothing for a lower-case letter there ("Ji-ping" -> "J."). */
static void to_initial(const char *w, size_t n, bool hyphen, pc_buf *out)
{
    int32_t c, d;
    int k = pc_utf8_next(w, n, &c);
    if (k <= 0)
        return;
    if (c == '-') {
        int k2 = (size_t)k < n ? pc_utf8_next(w + k, n - (size_t)k, &d) : -1;
        if (k2 > 0 && pc_unicode_case(d) > 0) {
            if (hyphen)
                pc_buf_putc(out, '-');
            pc_buf_put(out, w + k, (size_t)k2);
        }
        return;
    }
    if (pc_unicode_case(c) <= 0) {
        pc_buf_put(out, w, n);
        return;
    }
    pc_buf_put(out, w, (size_t)k);
    int k2 = (size_t)k < n ? pc_utf8_next(w + k, n - (size_t)k, &d) : -1;
    size_t rest = (size_t)(k + (k2 > 0 ? k2 : 0));
    if (k2 > 0 && pc_unicode_case(d) > 0 && rest < n && all_lower(w + rest, n - rest)) {
        char lo[8];
        utf8proc_ssize_t m = utf8proc_encode_char(utf8proc_tolower(d), (utf8proc_uint8_t *)lo);
        pc_buf_put(out, lo, (size_t)m);
    }
}

/* Whether a word ("-Luc" after a hyphen) starts with a letter (not "&",
 * "+", a digit). */
static bool starts_with_letter(const char *w, size_t n)
{
    int32_t c;
    if (n && *w == '-') {
        w++;
        n--;
    }
    if (!n || pc_utf8_next(w, n, &c) <= 0)
        return false;
    utf8proc_category_t k = utf8proc_category(c);
    return k >= UTF8PROC_CATEGORY_LU && k <= UTF8PROC_CATEGORY_LO;
}

/* given -> initials, as jgm/citeproc's initialize: words end at ' ', '.'
 * (which makes the word an initial) and before '-'; a lone letter is an
 * initial; lower-case words stay (particles); the others become initials
 * when `make`, else stay.  Then " -" becomes "-" and the ends are trimmed. */
static void initialize(const char *s, bool make, bool hyphen, const char *with, pc_buf *tmpb, pc_buf *out)
{
    size_t n = strlen(s);
    pc_buf_clear(tmpb);
#define tmp (*tmpb)
    size_t wl = strlen(with);
    bool wend_space = wl && with[wl - 1] == ' ';
    size_t start = 0, i = 0;
    while (i <= n) {
        int32_t c = ' ';
        int k = 1;
        if (i < n) {
            k = pc_utf8_next(s + i, n - i, &c);
            if (k <= 0) {
                c = 0xFFFD;
                k = 1;
            }
        }
        if (c == '.' || c == ' ' || c == '-' || i == n) {
            size_t len = i - start;
            const char *w = s + start;
            if (len) {
                size_t cps = pc_utf8_len(w, len);
                bool initial = c == '.' || cps == 1;
                if (!starts_with_letter(w, len)) { /* "A & B": "&" is kept as written */
                    pc_buf_put(&tmp, w, len);
                    pc_buf_putc(&tmp, ' ');
                } else if (initial) {
                    pc_buf_put(&tmp, w, len);
                    pc_buf_puts(&tmp, with);
                } else if (all_lower(w, len)) {
                    if (!wend_space)
                        pc_buf_putc(&tmp, ' ');
                    pc_buf_put(&tmp, w, len);
                    pc_buf_putc(&tmp, ' ');
                } else if (make) {
                    size_t before = tmp.len;
                    to_initial(w, len, hyphen, &tmp);
                    if (tmp.len > before)
                        pc_buf_puts(&tmp, with);
                } else {
                    pc_buf_put(&tmp, w, len);
                    pc_buf_putc(&tmp, ' ');
                }
            }
            start = c == '-' ? i : i + (size_t)k;
        }
        i += (size_t)k;
    }
    /* " -" -> "-", in place; then the ends trimmed */
    size_t k = 0;
    for (size_t j = 0; j < tmp.len; j++)
        if (!(tmp.ptr[j] == ' ' && j + 1 < tmp.len && tmp.ptr[j + 1] == '-'))
            tmp.ptr[k++] = tmp.ptr[j];
    size_t a = 0, b = k;
    while (a < b && tmp.ptr[a] == ' ')
        a++;
    while (b > a && tmp.ptr[b - 1] == ' ')
        b--;
    pc_buf_put(out, tmp.ptr + a, b - a);
#undef tmp
}

/* ---- one name ------------------------------------------------------------------ */

/* Latin, Greek, Cyrillic, Hebrew, Arabic, Thai: names written given first
 * with spaces (citeproc-js's ROMANESQUE_REGEX). */
static bool byzantine(const char *s)
{
    if (!s)
        return false;
    size_t n = strlen(s), i = 0;
    while (i < n) {
        int32_t c;
        int k = pc_utf8_next(s + i, n - i, &c);
        if (k <= 0)
            return false;
        if (c == '-' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
            (c >= 0x0e01 && c <= 0x0e5b) || (c >= 0x00c0 && c <= 0x017f) ||
            (c >= 0x0370 && c <= 0x03ff) || (c >= 0x0400 && c <= 0x052f) ||
            (c >= 0x0590 && c <= 0x05d4) || (c >= 0x05d6 && c <= 0x05ff) ||
            (c >= 0x1f00 && c <= 0x1fff) || (c >= 0x0600 && c <= 0x06ff) ||
            (c >= 0x200c && c <= 0x200e) || (c >= 0x2018 && c <= 0x2019) ||
            (c >= 0x021a && c <= 0x021b) || (c >= 0x202a && c <= 0x202e))
            return true;
        i += (size_t)k;
    }
    return false;
}

/* A name part: its text (straight apostrophes curled) in the part's
 * formatting without affixes. */
static cp_out *part(names_ctx *nc, const char *s, const cp_fmt *f)
{
    if (!s || !*s)
        return NULL;
    cp_eval *ev = nc->ev;
    cp_out *o;
    if (strchr(s, '\'')) {
        pc_buf b = PC_BUF_INIT;
        for (const char *p = s; *p; p++)
            if (*p == '\'')
                pc_buf_puts(&b, "\xe2\x80\x99");
            else
                pc_buf_putc(&b, *p);
        o = cp_o_rich(ev, b.ptr, b.len);
        pc_buf_free(&b);
    } else {
        o = cp_o_rich(ev, s, strlen(s)); /* "<b>Doe</b>", "Center <sup>for</sup> ..." */
    }
    if (f && !cp_fmt_empty(f)) {
        cp_fmt g = *f;
        g.prefix = g.suffix = NULL;
        o = cp_o_fmt(ev, &g, &o, 1);
    }
    return o;
}

/* A name part's affixes around o. */
static cp_out *affixes(names_ctx *nc, const cp_fmt *f, cp_out *o)
{
    if (!o || !f || (!f->prefix && !f->suffix))
        return o;
    cp_fmt g = {.prefix = f->prefix, .suffix = f->suffix};
    return cp_o_fmt(nc->ev, &g, &o, 1);
}

static int32_t last_char_of(const cp_out *o)
{
    while (o && o->kind == CP_O_FMT && o->n)
        o = o->kids[o->n - 1];
    return o && o->lit ? cp_rt_last(o->lit) : -1;
}

/* Whether s ends in white space (a no-break space too). */
static bool ends_in_space(const char *s)
{
    size_t n = strlen(s);
    if (!n)
        return false;
    if (s[n - 1] == ' ')
        return true;
    return (n >= 2 && (unsigned char)s[n - 2] == 0xC2 && (unsigned char)s[n - 1] == 0xA0) ||
           (n >= 3 && memcmp(s + n - 3, "\xe2\x80\xaf", 3) == 0);
}

/* x <+> y: a space between (none after an apostrophe or hyphen, none in
 * names not written with spaces). */
static cp_out *join_sp(names_ctx *nc, cp_out *x, cp_out *y, bool spaced)
{
    if (!x)
        return y;
    if (!y)
        return x;
    int32_t c = last_char_of(x);
    bool fmt_space = x->kind == CP_O_FMT && x->fmt.suffix && ends_in_space(x->fmt.suffix);
    cp_fmt f = {0};
    if (spaced && !fmt_space && c != 0x2019 && c != '\'' && c != '-' && c != 0x2013)
        f.delim = " ";
    cp_out *k[2] = {x, y};
    return cp_o_fmt(nc->ev, &f, k, 2);
}

/* x <:> y: the sort separator between. */
static cp_out *join_sep(names_ctx *nc, cp_out *x, cp_out *y)
{
    if (!x)
        return y;
    if (!y)
        return x;
    cp_fmt f = {.delim = nc->opt.sort_sep};
    cp_out *k[2] = {x, y};
    return cp_o_fmt(nc->ev, &f, k, 2);
}

static cp_out *display_name(names_ctx *nc, const pc_name *nm, size_t order, int form, bool init)
{
    cp_eval *ev = nc->ev;
    const cp_nameopt *o = &nc->opt;
    const char *given = nm->given;
    bool byz = byzantine(nm->family);
    /* names not written with spaces (毛泽东) keep their given name whole */
    if (given && nm->family && byz && (o->set & CP_NO_INIT_WITH)) {
        pc_buf *ib = &ev->cp->tmp2;
        pc_buf_clear(ib);
        initialize(given, init, ev->st->initialize_with_hyphen, o->initialize_with, &ev->cp->tmp, ib);
        given = cp_strndup(ev->a, ib->ptr, ib->len);
    }
    cp_out *ndp = part(nc, nm->particle, nc->family_fmt);
    cp_out *dp = part(nc, nm->dparticle, nc->given_fmt);
    cp_out *gv = part(nc, given, nc->given_fmt);
    cp_out *fam = part(nc, nm->family, nc->family_fmt);
    cp_out *suf = part(nc, nm->suffix, NULL);
    bool sort_order = ev->in_sort_key || o->sort_order == CP_NASO_ALL ||
                      (o->sort_order == CP_NASO_FIRST && order == 1);
    int demote = ev->st->demote;
    if (!byz) {
        if (form == CP_NAME_SHORT)
            return affixes(nc, nc->family_fmt, fam);
        bool sp = (nm->flags & PC_NAME_STATIC_ORDER) != 0 && byzantine(nm->given);
        return join_sp(nc, affixes(nc, nc->family_fmt, fam), affixes(nc, nc->given_fmt, gv), sp);
    }
    if (form == CP_NAME_SHORT)
        return affixes(nc, nc->family_fmt, join_sp(nc, ndp, fam, true));
    /* sort-only: "van der Berg, J." shown, "Berg, J. van der" as a macro's sort key */
    if (sort_order && (demote == CP_DEMOTE_NEVER || (demote == CP_DEMOTE_SORT_ONLY && !ev->in_sort_key)))
        return join_sep(nc,
                        join_sep(nc, affixes(nc, nc->family_fmt, join_sp(nc, ndp, fam, true)),
                                 affixes(nc, nc->given_fmt, join_sp(nc, gv, dp, true))),
                        suf);
    if (sort_order)
        return join_sep(nc,
                        join_sep(nc, affixes(nc, nc->family_fmt, fam),
                                 affixes(nc, nc->given_fmt,
                                         join_sp(nc, join_sp(nc, gv, dp, true), ndp, true))),
                        suf);
    cp_out *tail = join_sp(nc, join_sp(nc, dp, ndp, true), fam, true);
    tail = (nm->flags & PC_NAME_COMMA_SUFFIX) ? join_sep(nc, tail, suf) : join_sp(nc, tail, suf, true);
    if (nm->flags & PC_NAME_STATIC_ORDER)
        return join_sp(nc, affixes(nc, nc->family_fmt, tail), affixes(nc, nc->given_fmt, gv), true);
    return join_sp(nc, affixes(nc, nc->given_fmt, gv), affixes(nc, nc->family_fmt, tail), true);
}

static cp_out *format_name(names_ctx *nc, const pc_name *nm, size_t order)
{
    cp_eval *ev = nc->ev;
    int form = nc->opt.form;
    bool init = nc->opt.initialize;
    switch (ev->bibliography ? CP_HINT_NONE : cp_name_hint(ev->item, nm)) {
    case CP_HINT_INITIALS: form = CP_NAME_LONG; break;
    case CP_HINT_INITIALS_PRIMARY:
        if (order == 1)
            form = CP_NAME_LONG;
        break;
    case CP_HINT_GIVEN:
        form = CP_NAME_LONG;
        init = false;
        break;
    case CP_HINT_GIVEN_PRIMARY:
        if (order == 1) {
            form = CP_NAME_LONG;
            init = false;
        }
        break;
    default: break;
    }
    cp_out *o;
    if (nm->literal || (!nm->family && !nm->given)) {
        const char *lit = nm->literal ? nm->literal : "";
        cp_out *l = cp_o_rich(ev, lit, strlen(lit));
        o = nc->family_fmt ? cp_o_fmt(ev, nc->family_fmt, &l, 1) : l;
    } else {
        o = display_name(nc, nm, order, form, init);
    }
    o = cp_o_fmt(ev, nc->name_fmt, &o, 1);
    o = cp_o_tag(ev, CP_T_NAME, o);
    if (o)
        o->ref = nm;
    return o;
}

/* ---- a list of names ------------------------------------------------------------- */

static bool ends_space(const char *s) { return s && *s && s[strlen(s) - 1] == ' '; }
static bool begins_space(const char *s) { return s && s[0] == ' '; }

static const char *strip_delim(cp_eval *ev, const char *d, bool lead, bool trail)
{
    size_t n = strlen(d), a = 0;
    if (lead)
        while (a < n && d[a] == ' ')
            a++;
    if (trail)
        while (n > a && d[n - 1] == ' ')
            n--;
    return cp_strndup(ev->a, d + a, n - a);
}

static cp_out *with_prefix(cp_eval *ev, const char *prefix, cp_out *o)
{
    if (!prefix || !*prefix)
        return o;
    cp_fmt f = {.prefix = prefix};
    return cp_o_fmt(ev, &f, &o, 1);
}

typedef struct list_shape {
    const char *delim, *before_last, *and_delim, *before_etal;
    long threshold; /* names shown before et al.; -1 = all */
    bool use_last;
} list_shape;

static const char *cat3(cp_eval *ev, const char *a, const char *b, const char *c)
{
    pc_buf x = PC_BUF_INIT;
    pc_buf_puts(&x, a);
    pc_buf_puts(&x, b);
    pc_buf_puts(&x, c);
    const char *s = cp_strndup(ev->a, x.ptr, x.len);
    pc_buf_free(&x);
    return s;
}

/* Whether the i-th name (0-based) is written inverted (family first). */
static bool inverted(const names_ctx *nc, const pc_names *ns, long i)
{
    if (i < 0 || (size_t)i >= ns->n || ns->items[i].literal || !ns->items[i].family)
        return false;
    return nc->opt.sort_order == CP_NASO_ALL || (nc->opt.sort_order == CP_NASO_FIRST && i == 0);
}

static void shape(names_ctx *nc, const pc_names *ns, list_shape *sh)
{
    size_t n = ns->n;
    cp_eval *ev = nc->ev;
    const cp_nameopt *o = &nc->opt;
    const cp_fmt *nf = nc->name_fmt;
    bool ssp = begins_space(nf->suffix), psp = ends_space(nf->prefix);
    sh->delim = (ssp || psp) ? strip_delim(ev, o->delim, ssp, psp) : o->delim;
    const char *and_t = NULL;
    if (o->and_ == CP_AND_SYMBOL) {
        and_t = cp_term_exact(ev->loc, "and", CP_TF_SYMBOL, false);
        if (!and_t)
            and_t = "&";
    } else if (o->and_ == CP_AND_TEXT) {
        and_t = cp_term_get(ev->loc, "and", CP_TF_LONG, false, 0);
    }
    sh->threshold = -1;
    if ((o->set & CP_NO_ETAL_MIN) && (o->set & CP_NO_ETAL_FIRST) && n >= (size_t)o->etal_min &&
        o->etal_min > 0) {
        long t = o->etal_first;
        if (!ev->bibliography && ev->item->etal_names > t) /* disambiguation added names */
            t = ev->item->etal_names;
        sh->threshold = t;
    }
    const char *bl = "";
    if (!and_t)
        bl = sh->delim;
    else
        switch (o->dp_last) {
        case CP_DP_CONTEXTUAL: bl = n > 2 ? sh->delim : ""; break;
        case CP_DP_AFTER_INVERTED: bl = inverted(nc, ns, (long)n - 2) ? sh->delim : ""; break;
        case CP_DP_ALWAYS: bl = sh->delim; break;
        default: bl = ""; break;
        }
    sh->before_last = bl;
    sh->and_delim = NULL;
    if (and_t) {
        const char *pre = !*bl ? (ends_space(nf->suffix) ? "" : " ") : ends_space(bl) ? "" : " ";
        const char *post = begins_space(nf->prefix) ? "" : " ";
        sh->and_delim = cat3(ev, pre, and_t, post);
    }
    const char *etal_pre = ends_space(nf->suffix) ? "" : " ";
    const char *be;
    switch (o->dp_etal) {
    case CP_DP_CONTEXTUAL: be = n > 2 && sh->threshold > 1 ? sh->delim : etal_pre; break;
    case CP_DP_AFTER_INVERTED: be = inverted(nc, ns, sh->threshold - 1) ? sh->delim : etal_pre; break;
    case CP_DP_ALWAYS: be = sh->delim; break;
    default: be = etal_pre; break;
    }
    sh->before_etal = be;
    sh->use_last = o->etal_use_last && sh->threshold >= 0 && n >= (size_t)sh->threshold + 2;
}

static cp_out *etal_out(names_ctx *nc, const list_shape *sh)
{
    cp_eval *ev = nc->ev;
    if (sh->use_last) {
        cp_out *e = cp_o_str(ev, "\xe2\x80\xa6 ", 4);
        return with_prefix(ev, sh->before_etal, e);
    }
    if (nc->has_etal) {
        const char *term = nc->etal_term ? nc->etal_term : "et-al";
        cp_out *t = cp_term_out(ev, term, CP_TF_LONG, false);
        if (!t)
            return NULL;
        cp_fmt f = *nc->etal_fmt;
        const char *pre = cat3(ev, sh->before_etal, f.prefix ? f.prefix : "", "");
        pc_buf b = PC_BUF_INIT; /* no double spaces */
        for (const char *p = pre; *p; p++)
            if (!(p[0] == ' ' && p[1] == ' '))
                pc_buf_putc(&b, *p);
        f.prefix = cp_strndup(ev->a, b.ptr, b.len);
        pc_buf_free(&b);
        return cp_o_fmt(ev, &f, &t, 1);
    }
    return with_prefix(ev, sh->before_etal, cp_term_out(ev, "et-al", CP_TF_LONG, false));
}

/* The names of one variable; *shown counts the names written. */
static cp_out *format_names(names_ctx *nc, int var, const pc_names *ns, size_t *shown)
{
    cp_eval *ev = nc->ev;
    size_t n = ns->n;
    list_shape sh;
    shape(nc, ns, &sh);
    cp_vec outs = {0};
    if (sh.threshold == 0) {
        *shown = 0;
    } else {
        size_t limit = sh.threshold < 0 ? n : (size_t)sh.threshold < n ? (size_t)sh.threshold : n;
        for (size_t i = 0; i < limit; i++) {
            cp_out *nm = format_name(nc, &ns->items[i], i + 1);
            if (i > 0 && !ev->in_sort_key) {
                bool last = i == n - 1;
                nm = with_prefix(ev, last ? cat3(ev, sh.before_last, sh.and_delim ? sh.and_delim : "", "")
                                          : sh.delim,
                                 nm);
            }
            cp_vec_push(ev->a, &outs, nm);
        }
        *shown = limit;
        if (limit < n && !ev->in_sort_key) {
            cp_vec_push(ev->a, &outs, etal_out(nc, &sh));
            if (sh.use_last) {
                cp_vec_push(ev->a, &outs, format_name(nc, &ns->items[n - 1], n));
                (*shown)++;
            }
        }
    }
    cp_out *label = NULL;
    if (nc->has_label && !ev->in_sort_key)
        label = cp_eval_label(ev, var, nc->label_form, nc->label_plural, nc->label_fmt);
    cp_out *names = cp_o_fmt(ev, NULL, (cp_out **)outs.v, outs.n);
    cp_out *o = nc->label_before ? cp_o_group2(ev, label, names) : cp_o_group2(ev, names, label);
    o = cp_o_tag(ev, CP_T_NAMES, o);
    if (o) {
        o->var = var;
        o->ref = ns;
    }
    return o;
}

/* editor and translator as one "editortranslator" when the lists are the
 * same and the locale has the term. */
static bool same_names(const pc_names *a, const pc_names *b)
{
    if (!a || !b || a->n != b->n)
        return false;
    for (size_t i = 0; i < a->n; i++) {
        const pc_name *x = &a->items[i], *y = &b->items[i];
        const char *xs[] = {x->given, x->family, x->particle, x->dparticle, x->suffix, x->literal};
        const char *ys[] = {y->given, y->family, y->particle, y->dparticle, y->suffix, y->literal};
        for (int k = 0; k < 6; k++)
            if ((xs[k] == NULL) != (ys[k] == NULL) || (xs[k] && strcmp(xs[k], ys[k])))
                return false;
    }
    return true;
}

static cp_out *substitute(cp_eval *ev, const cp_el *el)
{
    bool was = ev->in_substitute;
    const cp_el *was_el = ev->subst_names;
    ev->in_substitute = true;
    ev->subst_names = el;
    cp_out *o = NULL;
    for (size_t i = 0; i < el->u.names.n_subst && !o; i++)
        o = cp_eval_el(ev, el->u.names.subst[i]);
    ev->in_substitute = was;
    ev->subst_names = was_el;
    if (!o)
        return NULL;
    if (o->tag != CP_T_NAMES)
        o = cp_o_tag(ev, CP_T_NAMES, o);
    cp_fmt f = el->fmt; /* the substitute keeps the <names>' affixes and formatting */
    f.delim = NULL;
    return cp_o_fmt(ev, &f, &o, 1);
}

cp_out *cp_eval_names(cp_eval *ev, const cp_el *el)
{
    names_ctx nc;
    resolve(ev, el, &nc);
    size_t nv = el->u.names.n_vars;
    int vars[16];
    if (nv > 16)
        nv = 16;
    memcpy(vars, el->u.names.vars, nv * sizeof *vars);
    int ed = -1, tr = -1;
    for (size_t i = 0; i < nv; i++) {
        if (vars[i] == PC_F_EDITOR)
            ed = (int)i;
        if (vars[i] == PC_F_TRANSLATOR)
            tr = (int)i;
    }
    if (ed >= 0 && tr >= 0 &&
        same_names(pc_record_names(ev->item->rec, PC_F_EDITOR),
                   pc_record_names(ev->item->rec, PC_F_TRANSLATOR)) &&
        !cp_var_is_suppressed(ev, PC_F_EDITOR) &&
        cp_term_get(ev->loc, "editortranslator", nc.has_label ? nc.label_form : CP_TF_LONG, false, 0)) {
        vars[ed < tr ? ed : tr] = CP_V_EDITORTRANSLATOR;
        size_t drop = (size_t)(ed < tr ? tr : ed);
        memmove(vars + drop, vars + drop + 1, (nv - drop - 1) * sizeof *vars);
        nv--;
    }
    const pc_names *lists[16];
    bool any = false;
    for (size_t i = 0; i < nv; i++) {
        lists[i] = cp_var_names(ev, vars[i] == CP_V_EDITORTRANSLATOR ? PC_F_EDITOR : vars[i]);
        if (vars[i] == CP_V_EDITORTRANSLATOR && cp_var_is_suppressed(ev, PC_F_TRANSLATOR))
            lists[i] = NULL;
        any |= lists[i] != NULL;
    }
    if (!any)
        return el->u.names.has_subst && !ev->in_substitute ? substitute(ev, el) : NULL;
    cp_out *outs[16];
    size_t shown = 0;
    for (size_t i = 0; i < nv; i++) {
        size_t s = 0;
        outs[i] = lists[i] ? format_names(&nc, vars[i], lists[i], &s) : NULL;
        shown += s;
        if (lists[i] && ev->in_substitute) {
            cp_var_suppress(ev, vars[i] == CP_V_EDITORTRANSLATOR ? PC_F_EDITOR : vars[i]);
            if (vars[i] == CP_V_EDITORTRANSLATOR)
                cp_var_suppress(ev, PC_F_TRANSLATOR);
        }
    }
    if (nc.opt.form == CP_NAME_COUNT) {
        if (!shown)
            return NULL;
        char b[24];
        snprintf(b, sizeof b, "%zu", shown);
        return cp_o_str(ev, b, strlen(b));
    }
    cp_fmt f = el->fmt;
    if (!el->u.names.has_delim)
        f.delim = ev->layout && ev->layout->names_delim ? ev->layout->names_delim : ev->st->names_delim;
    return cp_o_fmt(ev, &f, outs, nv);
}
