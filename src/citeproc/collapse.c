/* SPDX-License-Identifier: MIT */
/* collapse.c — a cluster's cites put together: cite grouping (cites with
 * the same names moved next to the first of them, cite-group-delimiter),
 * collapsing (collapse="citation-number": runs of three or more numbers as
 * "1–3"; "year": the names written once per group; "year-suffix": cites
 * with the same date written as their year suffixes, "2000a, b";
 * "year-suffix-ranged": runs of three or more suffixes as "a–c"), the
 * delimiters (year-suffix-delimiter, after-collapse-delimiter, the
 * layout's), suppress-author, each cite's prefix and suffix, an
 * author-only first cite written before the rest ("Smith (2000)"), and the
 * layout's formatting.  Names are compared by value; clusters are small,
 * so grouping scans the groups made so far. */
#include "citeproc/cp.h"

#include <string.h>

/* ---- what a cite shows ------------------------------------------------------ */

static const cp_out *find_tag(const cp_out *o, int tag, int depth)
{
    if (!o || depth > 200)
        return NULL;
    if (o->tag == tag)
        return o;
    if (o->kind == CP_O_FMT)
        for (size_t i = 0; i < o->n; i++) {
            const cp_out *r = find_tag(o->kids[i], tag, depth + 1);
            if (r)
                return r;
        }
    return NULL;
}

static bool str_eq(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static bool names_eq(const pc_names *a, const pc_names *b)
{
    if (a == b)
        return true;
    if (!a || !b || a->n != b->n)
        return false;
    for (size_t i = 0; i < a->n; i++) {
        const pc_name *x = &a->items[i], *y = &b->items[i];
        if (!str_eq(x->given, y->given) || !str_eq(x->family, y->family) ||
            !str_eq(x->particle, y->particle) || !str_eq(x->dparticle, y->dparticle) ||
            !str_eq(x->suffix, y->suffix) || !str_eq(x->literal, y->literal))
            return false;
    }
    return true;
}

/* Whether two cites show the same names: the first <names> of each, as
 * written ("Doe et al." is "Doe et al." whoever the others are), as
 * citeproc-js compares them. */
static bool same_names(pc_citeproc *cp, cp_eval *ev, const cp_out *a, const cp_out *b, pc_buf *t1, pc_buf *t2)
{
    const cp_out *na = find_tag(a, CP_T_NAMES, 0), *nb = find_tag(b, CP_T_NAMES, 0);
    if (!na || !nb)
        return false;
    if (na->ref && nb->ref && names_eq(na->ref, nb->ref))
        return true;
    pc_buf_clear(t1);
    pc_buf_clear(t2);
    cp_rt_plain(cp_render(ev->a, &cp->loc, na), t1);
    cp_rt_plain(cp_render(ev->a, &cp->loc, nb), t2);
    return strcmp(t1->ptr, t2->ptr) == 0;
}

static bool same_date(const cp_out *a, const cp_out *b)
{
    const cp_out *da = find_tag(a, CP_T_DATE, 0), *db = find_tag(b, CP_T_DATE, 0);
    if (!da || !db)
        return !da && !db;
    const pc_date *x = da->ref, *y = db->ref;
    if (!x || !y)
        return x == y;
    return x->year == y->year && x->month == y->month && x->day == y->day && x->end_year == y->end_year &&
           x->end_month == y->end_month && x->end_day == y->end_day && x->season == y->season;
}

/* The citation number a cite shows when it shows nothing else, or -1. */
static int lone_number(const cp_out *o)
{
    if (o && o->tag == CP_T_ITEM)
        o = o->n ? o->kids[0] : NULL;
    while (o && o->kind == CP_O_FMT && o->tag != CP_T_CITNUM && o->n == 1)
        o = o->kids[0];
    return o && o->tag == CP_T_CITNUM ? o->num : -1;
}

static void suffixes_of(cp_out *o, cp_vec *out, cp_arena *a, int depth)
{
    if (!o || depth > 200)
        return;
    if (o->tag == CP_T_YEARSUFFIX) {
        cp_vec_push(a, out, o);
        return;
    }
    if (o->kind == CP_O_FMT)
        for (size_t i = 0; i < o->n; i++)
            suffixes_of(o->kids[i], out, a, depth + 1);
}

static int suffix_num(const cp_out *o)
{
    const cp_out *s = find_tag(o, CP_T_YEARSUFFIX, 0);
    return s ? s->num : -1;
}

/* ---- the pieces ----------------------------------------------------------------- */

typedef struct unit {
    cp_out *out;
    bool collapsed; /* a group of several cites: after-collapse-delimiter follows */
} unit;

static cp_out *delimited(cp_eval *ev, const char *delim, cp_out **v, size_t n)
{
    cp_fmt f = {.delim = delim};
    return cp_o_fmt(ev, &f, v, n);
}

static const char *en_dash = "\xe2\x80\x93";

/* collapse="citation-number": runs of three or more consecutive numbers. */
static size_t collapse_numbers(pc_citeproc *cp, cp_eval *ev, const cp_cluster *cl, cp_out **outs,
                               cp_out **fin, size_t n, unit *u)
{
    (void)cp;
    size_t nu = 0, i = 0;
    while (i < n) {
        size_t j = i;
        int num = lone_number(outs[i]);
        while (num >= 0 && j + 1 < n && !cl->items[j].suffix && !cl->items[j + 1].prefix &&
               lone_number(outs[j + 1]) == lone_number(outs[j]) + 1)
            j++;
        if (j - i + 1 >= 3) {
            cp_out *ends[2] = {fin[i], fin[j]};
            u[nu++] = (unit){delimited(ev, en_dash, ends, 2), true};
        } else {
            for (size_t k = i; k <= j; k++)
                u[nu++] = (unit){fin[k], false};
        }
        i = j + 1;
    }
    return nu;
}

/* One group of cites with the same names (m, the names of all but the first
 * already dropped): year-suffix collapsing makes the cites after the first
 * with the same date as it show their year suffixes only (ranged: runs of
 * three or more as a–c), joined by year-suffix-delimiter; the pieces are
 * joined by cite-group-delimiter, or after-collapse-delimiter after a
 * collapsed piece or a cite with a locator (as citeproc-js does). */
static cp_out *render_group(pc_citeproc *cp, cp_eval *ev, cp_out **m, cp_out **fin, const cp_citeitem **ci,
                            size_t n)
{
    const cp_style *st = cp->style;
    const char *layout = st->citation.fmt.delim ? st->citation.fmt.delim : "";
    /* without a sort, neighbours with the same names are joined by the
       layout's delimiter; grouped by a sort, by ", " (citeproc-js) */
    const char *group_delim = st->cite_group_delim ? st->cite_group_delim
                              : st->citation.n_keys ? ", "
                                                    : layout;
    const char *after = st->after_collapse_delim ? st->after_collapse_delim : layout;
    const char *ys_delim = st->year_suffix_delim ? st->year_suffix_delim
                           : st->cite_group_delim ? st->cite_group_delim
                                                  : layout;
    bool suffixes = st->collapse == CP_COLLAPSE_SUFFIX || st->collapse == CP_COLLAPSE_SUFFIX_RANGED;
    bool ranged = st->collapse == CP_COLLAPSE_SUFFIX_RANGED;
    cp_vec seq = {0};
    size_t i = 0;
    bool prev_after = false;
    while (i < n) {
        if (!fin[i]) { /* a cite left empty once its names are gone */
            i++;
            continue;
        }
        cp_vec sub = {0};
        cp_vec_push(ev->a, &sub, fin[i]);
        size_t j = i + 1;
        while (suffixes && j < n && !ci[j - 1]->locator && same_date(m[i], m[j]) && suffix_num(m[j]) >= 0 &&
               suffix_num(m[i]) >= 0) {
            suffixes_of(m[j], &sub, ev->a, 0);
            j++;
        }
        if (ranged && sub.n >= 3) { /* runs of successive suffixes */
            cp_vec r = {0};
            size_t a = 0;
            while (a < sub.n) {
                size_t b = a;
                while (b + 1 < sub.n && suffix_num(sub.v[b + 1]) == suffix_num(sub.v[b]) + 1)
                    b++;
                if (b - a + 1 >= 3) {
                    cp_out *ends[2] = {sub.v[a], sub.v[b]};
                    cp_vec_push(ev->a, &r, delimited(ev, en_dash, ends, 2));
                } else {
                    for (size_t k = a; k <= b; k++)
                        cp_vec_push(ev->a, &r, sub.v[k]);
                }
                a = b + 1;
            }
            sub = r;
        }
        if (seq.n) {
            const char *d = prev_after ? after : group_delim;
            if (d && *d)
                cp_vec_push(ev->a, &seq, cp_o_str(ev, d, strlen(d)));
        }
        cp_vec_push(ev->a, &seq, delimited(ev, ys_delim, (cp_out **)sub.v, sub.n));
        prev_after = j - i >= 2 || ci[j - 1]->locator; /* a collapsed piece, a cite with a locator */
        i = j;
    }
    return cp_o_fmt(ev, NULL, (cp_out **)seq.v, seq.n);
}

/* Cite grouping and year collapsing.  Cites move next to the first one with
 * the same names only when the citation is sorted (citeproc-js); else runs
 * of neighbours group. */
static size_t group_cites(pc_citeproc *cp, cp_eval *ev, const cp_cluster *cl, cp_out **outs, cp_out **fin,
                          size_t n, unit *u)
{
    const cp_style *st = cp->style;
    bool year = st->collapse == CP_COLLAPSE_YEAR || st->collapse == CP_COLLAPSE_SUFFIX ||
                st->collapse == CP_COLLAPSE_SUFFIX_RANGED;
    bool move = st->citation.n_keys > 0;
    size_t *group = cp_alloc(ev->a, (n ? n : 1) * sizeof *group), ng = 0;
    size_t *first = cp_alloc(ev->a, (n ? n : 1) * sizeof *first);
    pc_buf t1 = PC_BUF_INIT, t2 = PC_BUF_INIT;
    for (size_t k = 0; k < n; k++) {
        size_t g = ng;
        for (size_t q = move ? 0 : (ng ? ng - 1 : 0); q < ng && g == ng; q++) {
            size_t last = first[q];
            for (size_t x = 0; x < k; x++)
                if (group[x] == q)
                    last = x;
            if (!cl->items[k].prefix && !cl->items[last].suffix && outs[k] && outs[first[q]] &&
                same_names(cp, ev, outs[first[q]], outs[k], &t1, &t2))
                g = q;
        }
        if (g == ng)
            first[ng++] = k;
        group[k] = g;
    }
    pc_buf_free(&t1);
    pc_buf_free(&t2);
    size_t nu = 0;
    cp_out **m = cp_alloc(ev->a, (n ? n : 1) * sizeof *m), **f = cp_alloc(ev->a, (n ? n : 1) * sizeof *f);
    const cp_citeitem **ci = cp_alloc(ev->a, (n ? n : 1) * sizeof *ci);
    for (size_t g = 0; g < ng; g++) {
        size_t c = 0;
        for (size_t k = 0; k < n; k++)
            if (group[k] == g) {
                m[c] = outs[k];
                f[c] = c && year ? cp_drop_names(ev, fin[k], 0) : fin[k];
                ci[c] = &cl->items[k];
                c++;
            }
        if (c == 1)
            u[nu++] = (unit){f[0], false};
        else
            u[nu++] = (unit){render_group(cp, ev, m, f, ci, c), year};
    }
    return nu;
}

/* ---- the cluster ----------------------------------------------------------------------- */

cp_out *cp_collapse(pc_citeproc *cp, cp_eval *ev, const cp_cluster *cl, cp_out **outs, size_t n)
{
    const cp_style *st = cp->style;
    const cp_fmt *lf = &st->citation.fmt;
    cp_out *author = NULL;
    size_t skip = 0;
    if (n && cl->items[0].author_only) { /* "Smith (2000)": the author before the cluster */
        author = cp_cite_affixes(ev, &cl->items[0], outs[0]);
        skip = 1;
    }
    /* what is written: suppress-author and the affixes applied; the
       comparisons of grouping look at outs */
    cp_out **fin = cp_alloc(ev->a, (n ? n : 1) * sizeof *fin);
    for (size_t k = skip; k < n; k++) {
        cp_out *r = cl->items[k].suppress_author ? cp_drop_names(ev, outs[k], 0) : outs[k];
        fin[k] = cp_cite_affixes(ev, &cl->items[k], r);
    }
    unit *u = cp_alloc(ev->a, (n ? n : 1) * sizeof *u);
    size_t nu;
    bool grouping = st->cite_group_delim || (st->collapse && st->collapse != CP_COLLAPSE_NUMBER);
    if (st->collapse == CP_COLLAPSE_NUMBER)
        nu = collapse_numbers(cp, ev, cl, outs + skip, fin + skip, n - skip, u);
    else if (grouping)
        nu = group_cites(cp, ev, cl, outs + skip, fin + skip, n - skip, u);
    else {
        nu = n - skip;
        for (size_t k = 0; k < nu; k++)
            u[k] = (unit){fin[skip + k], false};
    }
    /* the units, each delimiter chosen by what it follows */
    const char *after = st->after_collapse_delim ? st->after_collapse_delim : lf->delim;
    cp_vec seq = {0};
    for (size_t q = 0; q < nu; q++) {
        if (!u[q].out)
            continue;
        if (seq.n) {
            bool prev_collapsed = false;
            for (size_t p = q; p-- > 0;)
                if (u[p].out) {
                    prev_collapsed = u[p].collapsed;
                    break;
                }
            const char *d = prev_collapsed ? after : lf->delim;
            int32_t c = cp_rt_first(cp_render(ev->a, &cp->loc, u[q].out));
            if (c == ',' || c == ';' || c == '.') /* a cite whose prefix starts with punctuation */
                d = NULL;
            int32_t e = cp_rt_last(cp_render(ev->a, &cp->loc, seq.v[seq.n - 1]));
            while (d && (e == ',' || e == ';') && (*d == ',' || *d == ';'))
                d++; /* after a suffix ending in punctuation, the delimiter's is dropped */
            if (d && *d)
                cp_vec_push(ev->a, &seq, cp_o_str(ev, d, strlen(d)));
        }
        cp_vec_push(ev->a, &seq, u[q].out);
    }
    cp_fmt f = *lf;
    f.delim = NULL;
    cp_out *body = cp_o_fmt(ev, &f, (cp_out **)seq.v, seq.n);
    if (!author)
        return body;
    if (!body)
        return author;
    cp_out *k[3] = {author, cp_o_str(ev, " ", 1), body};
    return cp_o_fmt(ev, NULL, k, 3);
}
