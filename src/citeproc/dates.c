/* SPDX-License-Identifier: MIT */
/* dates.c — <date>: localized (form="text"/"numeric", with the style's
 * date-part overrides and date-parts="year-month") and non-localized
 * dates, date parts (numeric, leading zeros, ordinal days with
 * limit-day-ordinals-to-day-1, long and short months, seasons), ranges
 * (the parts that differ joined by the largest differing part's
 * range-delimiter), BC and AD years, open ranges, literal dates, and the
 * year-suffix added after the first date of an item.
 *
 * The range rule is jgm/citeproc's formatDateParts: the parts (in the
 * style's order) that are the same at the start, the differing ones for
 * both ends around the delimiter, the same ones after. */
#include "citeproc/cp.h"

#include <stdio.h>
#include <string.h>

typedef struct ymd {
    int y, m, d; /* 0 = absent; m 13..16 = seasons */
    bool open;   /* an open end */
} ymd;

static int part_value(const ymd *v, int name)
{
    return name == CP_DP_YEAR ? v->y : name == CP_DP_MONTH ? v->m : v->d;
}

static cp_out *plain_num(cp_eval *ev, long v, bool zeros)
{
    char b[24];
    snprintf(b, sizeof b, zeros ? "%02ld" : "%ld", v);
    return cp_o_str(ev, b, strlen(b));
}

static cp_out *term_lit(cp_eval *ev, const char *name, int form)
{
    const char *t = cp_term_get(ev->loc, name, form, false, 0);
    return t && *t ? cp_o_str(ev, t, strlen(t)) : NULL;
}

/* "BC", "AD" after a year, with a space as citeproc-js writes them. */
static cp_out *era(cp_eval *ev, const char *name)
{
    const char *t = cp_term_get(ev->loc, name, CP_TF_LONG, false, 0);
    if (!t || !*t)
        return NULL;
    cp_fmt f = {.prefix = " "};
    cp_out *o = cp_o_str(ev, t, strlen(t));
    return t[0] == ' ' ? o : cp_o_fmt(ev, &f, &o, 1);
}

/* One date part of one date, in its formatting. */
static cp_out *date_part(cp_eval *ev, const cp_datepart *dp, const ymd *v)
{
    int n = part_value(v, dp->name);
    if (v->open)
        return NULL;
    if (!n)
        return NULL;
    cp_out *o = NULL, *extra = NULL;
    char name[24];
    switch (dp->name) {
    case CP_DP_YEAR:
        o = plain_num(ev, dp->form == CP_DPF_SHORT ? (n < 0 ? -n : n) % 100 : (n < 0 ? -n : n),
                      dp->form == CP_DPF_SHORT);
        if (n < 0)
            extra = era(ev, "bc");
        else if (n < 1000)
            extra = era(ev, "ad");
        break;
    case CP_DP_MONTH:
        if (dp->form == CP_DPF_NUMERIC || dp->form == CP_DPF_LEADING_ZEROS) {
            if (n > 12)
                return NULL;
            o = plain_num(ev, n, dp->form == CP_DPF_LEADING_ZEROS);
        } else {
            if (n <= 12)
                snprintf(name, sizeof name, "month-%02d", n);
            else
                snprintf(name, sizeof name, "season-%02d", n <= 16 ? n - 12 : n - 20);
            o = term_lit(ev, name, dp->form == CP_DPF_SHORT ? CP_TF_SHORT : CP_TF_LONG);
        }
        break;
    default:
        if (dp->form == CP_DPF_ORDINAL && !(ev->loc->limit_day_ordinals && n != 1)) {
            pc_buf b = PC_BUF_INIT;
            int gender = CP_G_NONE;
            if (v->m >= 1 && v->m <= 12) {
                snprintf(name, sizeof name, "month-%02d", v->m);
                gender = cp_term_gender(ev->loc, name, CP_TF_LONG);
            }
            cp_ordinal(ev->loc, n, gender, &b);
            o = cp_o_str(ev, b.ptr, b.len);
            pc_buf_free(&b);
        } else {
            o = plain_num(ev, n, dp->form == CP_DPF_LEADING_ZEROS);
        }
        break;
    }
    cp_out *k[2] = {o, extra};
    return cp_o_fmt(ev, &dp->fmt, k, 2);
}

static cp_out *without(cp_eval *ev, cp_out *o, bool prefix)
{
    if (!o || o->kind != CP_O_FMT || !(prefix ? o->fmt.prefix : o->fmt.suffix))
        return o;
    cp_out *c = cp_alloc(ev->a, sizeof *c);
    *c = *o;
    if (prefix)
        c->fmt.prefix = NULL;
    else
        c->fmt.suffix = NULL;
    return c;
}

static void drop_last_suffix(cp_eval *ev, cp_vec *v)
{
    if (v->n)
        v->v[v->n - 1] = without(ev, v->v[v->n - 1], false);
}

static void push_parts(cp_eval *ev, cp_vec *out, const cp_datepart *const *dps, size_t from, size_t to,
                       const ymd *v)
{
    for (size_t i = from; i < to; i++) {
        cp_out *o = date_part(ev, dps[i], v);
        if (o)
            cp_vec_push(ev->a, out, o);
    }
}

/* The parts of a date or a range (jgm/citeproc's formatDateParts). */
static void format_parts(cp_eval *ev, const cp_datepart *const *dps, size_t n, const ymd *a, const ymd *b,
                         const cp_fmt *delim, cp_vec *out)
{
    if (!b) {
        push_parts(ev, out, dps, 0, n, a);
        return;
    }
    bool same[3] = {false, false, false};
    for (int p = CP_DP_YEAR; p <= CP_DP_DAY; p++) { /* year, month, day: the same so far */
        bool used = false;
        for (size_t i = 0; i < n; i++)
            used |= dps[i]->name == p;
        if (!used)
            continue;
        if (part_value(a, p) != part_value(b, p) || b->open)
            break;
        same[p] = true;
    }
    size_t s1 = 0;
    while (s1 < n && same[dps[s1]->name])
        s1++;
    size_t d = s1;
    while (d < n && !same[dps[d]->name])
        d++;
    push_parts(ev, out, dps, 0, s1, a);
    cp_vec left = {0}, right = {0};
    push_parts(ev, &left, dps, s1, d, a);
    push_parts(ev, &right, dps, s1, d, b);
    drop_last_suffix(ev, &left);
    const cp_datepart *big = NULL;
    for (size_t i = s1; i < d; i++)
        if (!big || dps[i]->name < big->name)
            big = dps[i];
    if (right.n)
        right.v[0] = without(ev, right.v[0], true);
    /* the two ends and the range delimiter, with no date delimiter around it */
    cp_out *k[3] = {cp_o_fmt(ev, delim, (cp_out **)left.v, left.n),
                    big ? cp_o_str(ev, big->range_delim ? big->range_delim : "\xe2\x80\x93",
                                   strlen(big->range_delim ? big->range_delim : "\xe2\x80\x93"))
                        : NULL,
                    cp_o_fmt(ev, delim, (cp_out **)right.v, right.n)};
    cp_vec_push(ev->a, out, cp_o_fmt(ev, NULL, k, 3));
    push_parts(ev, out, dps, d, n, a);
    drop_last_suffix(ev, out);
}

/* The style's date-part for a localized part: the locale's, with the
 * style's form and range delimiter, formatting the locale's first. */
static const cp_datepart *override(cp_eval *ev, const cp_datepart *loc, const cp_el *el)
{
    for (size_t i = 0; i < el->u.date.n_parts; i++) {
        const cp_datepart *s = &el->u.date.parts[i];
        if (s->name != loc->name)
            continue;
        cp_datepart *m = cp_alloc(ev->a, sizeof *m);
        *m = *loc;
        if (s->has_form)
            m->form = s->form;
        if (s->range_delim)
            m->range_delim = s->range_delim;
        const cp_fmt *f = &s->fmt;
        cp_fmt *g = &m->fmt;
        if (!g->prefix)
            g->prefix = f->prefix;
        if (!g->suffix)
            g->suffix = f->suffix;
#define TAKE(x) if (!g->x) g->x = f->x
        TAKE(font_style);
        TAKE(font_variant);
        TAKE(font_weight);
        TAKE(decoration);
        TAKE(valign);
        TAKE(text_case);
#undef TAKE
        g->strip_periods |= f->strip_periods;
        return m;
    }
    return loc;
}

static bool shown(int name, int show)
{
    return show == CP_DPS_YMD || name == CP_DP_YEAR || (show == CP_DPS_YM && name == CP_DP_MONTH);
}

static cp_out *year_suffix(cp_eval *ev)
{
    cp_item *it = ev->item;
    if (!it->year_suffix || ev->st->uses_year_suffix_var || ev->used_year_suffix)
        return NULL;
    ev->used_year_suffix = true;
    char b[4];
    int x = it->year_suffix, n = 0;
    if (x > 26)
        b[n++] = (char)('a' - 1 + (x - 1) / 26);
    b[n++] = (char)('a' + (x - 1) % 26);
    cp_out *o = cp_o_tag(ev, CP_T_YEARSUFFIX, cp_o_str(ev, b, (size_t)n));
    o->num = x;
    return o;
}

void cp_date_sort_key(const pc_date *d, unsigned parts, pc_buf *b)
{
    int y[2] = {d->year, d->end_year}, m[2] = {d->month, d->end_month}, dd[2] = {d->day, d->end_day};
    for (int k = 0; k < 2; k++) {
        if (!y[k])
            break;
        if (y[k] < 0) /* BC before AD, 100 BC before 44 BC */
            pc_buf_printf(b, "0%09d", 999999999 + y[k]);
        else
            pc_buf_printf(b, "1%09d", y[k]);
        pc_buf_printf(b, "%02d%02d", parts & 2 ? m[k] : 0, m[k] && (parts & 4) ? dd[k] : 0);
    }
}

cp_out *cp_eval_date(cp_eval *ev, const cp_el *el)
{
    const char *literal;
    const pc_date *d = cp_var_date(ev, el->u.date.var, &literal);
    if (!d && !literal)
        return NULL;
    const cp_el *fmt_el = el;
    const cp_el *loc = el->u.date.form == CP_DATE_TEXT      ? ev->loc->date_text
                       : el->u.date.form == CP_DATE_NUMERIC ? ev->loc->date_numeric
                                                            : NULL;
    cp_fmt f = el->fmt;
    const cp_datepart *dps[3];
    size_t n = 0;
    if (loc) {
        for (size_t i = 0; i < loc->u.date.n_parts && n < 3; i++)
            if (shown(loc->u.date.parts[i].name, el->u.date.show))
                dps[n++] = override(ev, &loc->u.date.parts[i], el);
        if (!f.delim)
            f.delim = loc->fmt.delim;
        if (!f.prefix)
            f.prefix = loc->fmt.prefix;
        if (!f.suffix)
            f.suffix = loc->fmt.suffix;
    } else {
        for (size_t i = 0; i < fmt_el->u.date.n_parts && n < 3; i++)
            dps[n++] = &fmt_el->u.date.parts[i];
    }
    if (d && ev->in_sort_key) { /* a date in a macro key sorts as a date */
        pc_buf b = PC_BUF_INIT;
        unsigned mask = 0;
        for (size_t i = 0; i < n; i++)
            mask |= 1u << dps[i]->name;
        cp_date_sort_key(d, mask, &b);
        cp_out *o = cp_o_str(ev, b.ptr, b.len);
        pc_buf_free(&b);
        return o;
    }
    if (!d) {
        cp_out *l = cp_o_rich(ev, literal, strlen(literal));
        return cp_o_tag(ev, CP_T_DATE, cp_o_fmt(ev, &f, &l, 1));
    }
    ymd a = {d->year, d->month, d->day, false};
    if (d->season && !d->month)
        a.m = 12 + d->season;
    ymd b = {d->end_year, d->end_month, d->end_day, false};
    bool range = d->end_year != 0 || (d->flags & PC_DATE_OPEN_END);
    if (d->flags & PC_DATE_OPEN_END)
        b.open = true;
    cp_vec parts = {0};
    cp_fmt df = {.delim = f.delim};
    format_parts(ev, dps, n, &a, range ? &b : NULL, &df, &parts);
    if (!parts.n)
        ev->vars_nonempty--; /* only parts the style does not show: as if empty */
    cp_out *ys = year_suffix(ev);
    if (ys)
        cp_vec_push(ev->a, &parts, ys);
    cp_out *o = cp_o_fmt(ev, &f, (cp_out **)parts.v, parts.n);
    o = cp_o_tag(ev, CP_T_DATE, o);
    if (o)
        o->ref = d;
    return o;
}
