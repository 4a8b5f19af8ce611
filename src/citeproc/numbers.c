/* SPDX-License-Identifier: MIT */
/* numbers.c — <number>, ordinals, long ordinals, roman numerals, and page
 * ranges (page-range-format: chicago, expanded, minimal, minimal-two).
 *
 * A number variable is split into numbers and the text between them
 * ("2-3", "12, 15", "2E"): only a part that is a whole number is
 * ordinalised or made roman ("2E" stays "2E"); a hyphen between two
 * numbers (arabic or roman) becomes an en dash, "\-" stays a hyphen. */
#include "citeproc/cp.h"

#include <stdlib.h>
#include <string.h>

/* ---- roman numerals and ordinals ------------------------------------------ */

void cp_roman(long n, pc_buf *out)
{
    static const struct {
        int v;
        const char *s;
    } t[] = {{1000, "m"}, {900, "cm"}, {500, "d"}, {400, "cd"}, {100, "c"}, {90, "xc"}, {50, "l"},
             {40, "xl"},  {10, "x"},   {9, "ix"},  {5, "v"},    {4, "iv"},  {1, "i"}};
    if (n <= 0 || n >= 4000) {
        pc_buf_printf(out, "%ld", n);
        return;
    }
    for (size_t i = 0; i < sizeof t / sizeof *t; i++)
        while (n >= t[i].v) {
            pc_buf_puts(out, t[i].s);
            n -= t[i].v;
        }
}

void cp_ordinal(const cp_locale *l, long n, int gender, pc_buf *out)
{
    pc_buf_printf(out, "%ld", n);
    const char *suf = cp_term_ordinal(l, n, gender);
    if (suf)
        pc_buf_puts(out, suf);
}

static void long_ordinal(const cp_locale *l, long n, int gender, pc_buf *out)
{
    if (n >= 1 && n <= 10) {
        char name[24];
        snprintf(name, sizeof name, "long-ordinal-%02ld", n);
        const char *t = cp_term_get(l, name, CP_TF_LONG, false, gender);
        if (t) {
            pc_buf_puts(out, t);
            return;
        }
    }
    cp_ordinal(l, n, gender, out);
}

/* ---- splitting numbers ------------------------------------------------------- */

static bool is_sep_byte(const char *p)
{
    return *p == ',' || *p == ';' || *p == '-' || *p == '&' || *p == ' ' ||
           (p[0] == '\xe2' && p[1] == '\x80' && p[2] == '\x93');
}

static bool all_digits(const char *s, size_t n)
{
    if (!n || n > 9)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!pc_is_digit((unsigned char)s[i]))
            return false;
    return true;
}

static bool is_roman(const char *s, size_t n)
{
    if (!n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!strchr("ivxlcdmIVXLCDM", s[i]))
            return false;
    return true;
}

/* A part a range may join: digits, or a roman numeral. */
static bool numberish(const char *s, size_t n)
{
    return all_digits(s, n) || is_roman(s, n);
}

/* Writes a separator run [s, s+n) between two parts: a hyphen or en dash
 * between two numbers becomes an en dash, spaces around it dropped. */
static void put_sep(pc_buf *out, const char *s, size_t n, bool range_ok)
{
    bool dash = false, other = false;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '-')
            dash = true;
        else if (s[i] == '\xe2' && i + 2 < n + 2 && s[i + 1] == '\x80' && s[i + 2] == '\x93') {
            dash = true;
            i += 2;
        } else if (s[i] != ' ')
            other = true;
    }
    if (dash && !other && range_ok)
        pc_buf_puts(out, "\xe2\x80\x93");
    else
        pc_buf_put(out, s, n);
}

cp_out *cp_number_out(cp_eval *ev, const char *s, int form, int gender)
{
    if (!s)
        return NULL;
    size_t n = strlen(s);
    pc_buf out = PC_BUF_INIT;
    size_t i = 0;
    size_t prev_start = 0, prev_len = 0;
    while (i < n) {
        size_t j = i;
        bool sep = is_sep_byte(s + i);
        while (j < n && is_sep_byte(s + j) == sep)
            j += (s[j] == '\xe2') ? 3 : 1;
        if (j > n)
            j = n;
        if (sep) {
            size_t k = j;
            while (k < n && !is_sep_byte(s + k))
                k++;
            bool range = prev_len && numberish(s + prev_start, prev_len) && k > j &&
                         numberish(s + j, k - j);
            put_sep(&out, s + i, j - i, range);
        } else if (all_digits(s + i, j - i) && form != CP_NF_NUMERIC) {
            long v = strtol(s + i, NULL, 10);
            if (form == CP_NF_ORDINAL)
                cp_ordinal(ev->loc, v, gender, &out);
            else if (form == CP_NF_LONG_ORDINAL)
                long_ordinal(ev->loc, v, gender, &out);
            else
                cp_roman(v, &out);
            prev_start = i;
            prev_len = j - i;
        } else {
            if (all_digits(s + i, j - i)) { /* drop leading zeros as citeproc-js does not */
                pc_buf_put(&out, s + i, j - i);
            } else {
                pc_buf_put(&out, s + i, j - i);
            }
            prev_start = i;
            prev_len = j - i;
        }
        i = j;
    }
    cp_out *o = cp_o_rich(ev, out.ptr, out.len);
    pc_buf_free(&out);
    return o;
}

cp_out *cp_eval_number(cp_eval *ev, const cp_el *el)
{
    int var = el->u.number.var;
    const char *s = var == PC_F_LOCATOR ? ev->locator : cp_var_text(ev, var);
    if (var == PC_F_LOCATOR)
        cp_var_count(ev, s != NULL);
    if (!s)
        return NULL;
    if (ev->in_substitute)
        cp_var_suppress(ev, var);
    if (strstr(s, "\\-")) { /* an escaped hyphen: the text as it is, the hyphen kept */
        pc_buf b = PC_BUF_INIT;
        for (const char *p = s; *p; p++)
            if (!(p[0] == '\\' && p[1] == '-'))
                pc_buf_putc(&b, *p);
        cp_out *o = cp_o_rich(ev, b.ptr, b.len);
        pc_buf_free(&b);
        return o;
    }
    int gender = cp_term_gender(ev->loc, cp_var_name(ev->st, var), CP_TF_LONG);
    return cp_number_out(ev, s, el->u.number.form, gender);
}

/* ---- page ranges ------------------------------------------------------------------- */

static size_t digits_tail(const char *s, size_t n)
{
    size_t k = n;
    while (k > 0 && pc_is_digit((unsigned char)s[k - 1]))
        k--;
    return k; /* the length of the prefix before the final digits */
}

/* Minimal form: the second number without the digits it shares with the
 * first, but at least `keep` digits. */
static void put_minimal(pc_buf *out, const char *x, size_t xn, const char *y, size_t yn, size_t keep)
{
    size_t c = 0;
    if (xn == yn)
        while (c < yn && x[c] == y[c])
            c++;
    size_t rest = yn - c;
    if (rest < keep && yn >= keep)
        pc_buf_put(out, y + yn - keep, keep);
    else
        pc_buf_put(out, y + c, rest);
}

/* Formats the two numbers of a range x-y (digits only) as fmt says. */
static void format_range(cp_eval *ev, pc_buf *out, const char *pref, size_t pn, const char *x, size_t xn,
                         const char *y0, size_t yn0, const char *delim)
{
    char ybuf[32];
    const char *y = y0;
    size_t yn = yn0;
    if (yn < xn && xn < sizeof ybuf) { /* 321-8 is 321-328 */
        memcpy(ybuf, x, xn - yn);
        memcpy(ybuf + xn - yn, y0, yn);
        y = ybuf;
        yn = xn;
    }
    int fmt = ev->st->page_range_format;
    pc_buf_put(out, pref, pn);
    pc_buf_put(out, x, xn);
    pc_buf_puts(out, delim);
    switch (fmt) {
    case CP_PRF_EXPANDED:
        pc_buf_put(out, pref, pn);
        pc_buf_put(out, y, yn);
        break;
    case CP_PRF_MINIMAL: put_minimal(out, x, xn, y, yn, 1); break;
    case CP_PRF_MINIMAL_TWO: put_minimal(out, x, xn, y, yn, 2); break;
    case CP_PRF_CHICAGO:
    case CP_PRF_CHICAGO16: {
        if (xn < 3 || (xn >= 2 && x[xn - 1] == '0' && x[xn - 2] == '0')) {
            pc_buf_put(out, y, yn);
        } else if (x[xn - 2] == '0') {
            put_minimal(out, x, xn, y, yn, 1);
        } else if (fmt == CP_PRF_CHICAGO && xn == 4 && yn == 4) {
            int changed = 0;
            for (size_t i = 0; i < 4; i++)
                changed += x[i] != y[i];
            if (changed >= 3)
                pc_buf_put(out, y, yn);
            else
                put_minimal(out, x, xn, y, yn, 2);
        } else {
            put_minimal(out, x, xn, y, yn, 2);
        }
        break;
    }
    default: pc_buf_put(out, y, yn); break;
    }
}

static void trim(const char **s, size_t *n)
{
    while (*n && (**s == ' '))
        (*s)++, (*n)--;
    while (*n && (*s)[*n - 1] == ' ')
        (*n)--;
}

/* One range of a page value ("321-28", "S1-S5", "iv-x", "12"). */
static void one_range(cp_eval *ev, pc_buf *out, const char *s, size_t n, bool is_page, const char *delim)
{
    trim(&s, &n);
    const char *dash = NULL;
    size_t dl = 0;
    int count = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '-' || (i + 2 < n && s[i] == '\xe2' && s[i + 1] == '\x80' && s[i + 2] == '\x93')) {
            if (!count) {
                dash = s + i;
                dl = s[i] == '-' ? 1 : 3;
            }
            count++;
            if (s[i] != '-')
                i += 2;
        }
    }
    if (count != 1) {
        pc_buf_put(out, s, n);
        return;
    }
    const char *a = s, *b = dash + dl;
    size_t an = (size_t)(dash - s), bn = (size_t)(s + n - b);
    trim(&a, &an);
    trim(&b, &bn);
    size_t ap = digits_tail(a, an), bp = digits_tail(b, bn);
    bool same_prefix = ap < an && bp < bn && ap == bp && !memcmp(a, b, ap);
    if (same_prefix && is_page && ev->st->page_range_format) {
        format_range(ev, out, a, ap, a + ap, an - ap, b + bp, bn - bp, delim);
        return;
    }
    if ((numberish(a, an) && numberish(b, bn)) || same_prefix) {
        pc_buf_put(out, a, an);
        pc_buf_puts(out, delim);
        pc_buf_put(out, b, bn);
        return;
    }
    pc_buf_put(out, a, an);
    pc_buf_putc(out, '-');
    pc_buf_put(out, b, bn);
}

cp_out *cp_page_range(cp_eval *ev, const char *s, bool is_page)
{
    if (!s)
        return NULL;
    size_t n = strlen(s);
    pc_buf out = PC_BUF_INIT;
    if (strstr(s, "\\-")) {
        for (const char *p = s; *p; p++)
            if (!(p[0] == '\\' && p[1] == '-'))
                pc_buf_putc(&out, *p);
    } else {
        const char *delim = is_page ? cp_term_get(ev->loc, "page-range-delimiter", CP_TF_LONG, false, 0)
                                    : NULL;
        if (!delim)
            delim = "\xe2\x80\x93";
        size_t i = 0;
        while (i <= n) {
            size_t j = i;
            while (j < n && s[j] != ',' && s[j] != '&')
                j++;
            one_range(ev, &out, s + i, j - i, is_page, delim);
            if (j < n)
                pc_buf_puts(&out, s[j] == ',' ? ", " : " & ");
            i = j + 1;
        }
    }
    cp_out *o = cp_o_rich(ev, out.ptr, out.len);
    pc_buf_free(&out);
    return o;
}
