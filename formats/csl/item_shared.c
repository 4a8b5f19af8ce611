/* SPDX-License-Identifier: MIT */
/* item_shared.c — what the CSL item's reader (item_read.c), its writer
 * (item_write.c) and the Crossref mapper (crossref.c) share, in one copy
 * (csl.h declares it):
 *
 *   the date-parts reader   a date's parts (integers or strings of digits)
 *                           and CSL's "date-parts" lists: [[y, m, d]],
 *                           ranges, an open end, seasons as months 21-24;
 *                           Crossref's dates are CSL's date-parts
 *   the JSON leaf walk      every string of a JSON value replaced in place
 *                           (a pass-through value's strings read or written
 *                           as CSL-YAML's Markdown) */
#include "csl.h"
#include "util/buf.h"

#include <limits.h>

/* ---- the date-parts reader ---------------------------------------------------- */

long pc_csl_date_part(const json_t *v)
{
    if (!v)
        return 0;
    if (json_is_integer(v)) {
        json_int_t x = json_integer_value(v);
        return x >= -99999 && x <= 99999 ? (long)x : LONG_MIN;
    }
    if (json_is_real(v)) {
        double x = json_real_value(v);
        return x >= -99999 && x <= 99999 && x == (double)(long)x ? (long)x : LONG_MIN;
    }
    if (!json_is_string(v))
        return LONG_MIN;
    const char *s = json_string_value(v);
    size_t n = json_string_length(v), i = 0;
    pc_trim(&s, &n);
    if (!n)
        return 0;
    bool neg = s[0] == '-';
    i = neg;
    if (n - i > 6 || i == n)
        return LONG_MIN;
    long x = 0;
    for (; i < n; i++) {
        if (!pc_is_digit((unsigned char)s[i]))
            return LONG_MIN;
        x = x * 10 + (s[i] - '0');
    }
    return neg ? -x : x;
}

void pc_csl_too_many(const pc_csl_at *at, const json_t *a, size_t max, const char *what)
{
    if (json_array_size(a) > max)
        pc_diag_emit(at->ctx, PC_SEV_WARNING, at->file, at->line, 0,
                     "\"%s\": %zu %s where CSL has at most %zu: the rest left out%s", at->key,
                     json_array_size(a), what, max, at->where);
}

bool pc_csl_date_ymd(const pc_csl_at *at, const json_t *y, const json_t *m, const json_t *dd, pc_date *d,
                     bool end)
{
    long py = pc_csl_date_part(y), pm = pc_csl_date_part(m), pd = pc_csl_date_part(dd);
    if (py == 0 || py == LONG_MIN || pm < 0 || pm == LONG_MIN || pd < 0 || pd == LONG_MIN)
        return false;
    int season = pm >= 21 && pm <= 24 ? (int)pm - 20 : pm >= 13 && pm <= 16 ? (int)pm - 12 : 0;
    if ((season && pd) || (pm > 12 && !season))
        pc_diag_emit(at->ctx, PC_SEV_WARNING, at->file, at->line, 0, "\"%s\": %s; left out (the year kept)%s",
                     at->key,
                     season ? "a day beside a season" : "a month that is no month (1-12) or season (21-24)",
                     at->where);
    if (season || pm > 12)
        pm = pd = 0;
    if (end) {
        d->end_year = (int)py;
        d->end_month = (int)pm;
        d->end_day = pm ? (int)pd : 0;
        d->end_season = season;
    } else {
        d->year = (int)py;
        d->month = (int)pm;
        d->day = pm ? (int)pd : 0;
        d->season = season;
    }
    return true;
}

/* One date of date-parts: [y, m, d] (more parts are reported). */
static bool date_from_array(const pc_csl_at *at, const json_t *p, pc_date *d, bool end)
{
    pc_csl_too_many(at, p, 3, "date parts");
    return pc_csl_date_ymd(at, json_array_get(p, 0), json_array_get(p, 1), json_array_get(p, 2), d, end);
}

bool pc_csl_date_parts(const pc_csl_at *at, const json_t *dp, pc_date *d)
{
    const json_t *p = json_array_get(dp, 0);
    if (!json_is_array(p)) /* loose: "date-parts": [2011, 5] */
        return date_from_array(at, dp, d, false);
    pc_csl_too_many(at, dp, 2, "dates");
    for (size_t i = 0; i < 2 && i < json_array_size(dp); i++) {
        p = json_array_get(dp, i);
        if (i == 1 && json_is_array(p) &&
            (json_array_size(p) == 0 || pc_csl_date_part(json_array_get(p, 0)) == 0)) {
            d->flags |= PC_DATE_OPEN_END; /* [[2014, 12, 31], [0]]: a range with an open end */
            break;
        }
        if (!json_is_array(p) || json_array_size(p) == 0 || !date_from_array(at, p, d, i))
            return false;
    }
    return true;
}

void pc_csl_date_unreadable(const pc_csl_at *at)
{
    pc_diag_emit(at->ctx, PC_SEV_WARNING, at->file, at->line, 0, "cannot read the date in \"%s\"; left out%s",
                 at->key, at->where);
}

/* ---- the JSON leaf walk ----------------------------------------------------------- */

/* Objects and arrays to a depth of 64 (deeper ones, which no CSL variable
 * has, stay as they are): the recursion is bounded. */
static void each_string(json_t *v, json_t *(*fn)(void *u, const json_t *s), void *u, int depth)
{
    if (depth > 64)
        return;
    if (json_is_object(v)) {
        const char *k;
        json_t *x;
        json_object_foreach(v, k, x)
        {
            if (json_is_string(x))
                json_object_set_new_nocheck(v, k, fn(u, x));
            else
                each_string(x, fn, u, depth + 1);
        }
    } else if (json_is_array(v)) {
        for (size_t i = 0; i < json_array_size(v); i++) {
            json_t *x = json_array_get(v, i);
            if (json_is_string(x))
                json_array_set_new(v, i, fn(u, x));
            else
                each_string(x, fn, u, depth + 1);
        }
    }
}

void pc_csl_map_strings(json_t *v, json_t *(*fn)(void *u, const json_t *s), void *u)
{
    each_string(v, fn, u, 0);
}
