/* SPDX-License-Identifier: MIT */
/* dates.c — date parsing (many written forms, EDTF) and ISO/EDTF formatting. */
#include "model/dates.h"
#include "text/unicode.h"

#include <stdlib.h>

/* Month names, ASCII-folded and lower case, with the month they name. */
static const struct {
    const char *name;
    int month;
} months[] = {
    /* English */
    {"january", 1}, {"february", 2}, {"march", 3}, {"april", 4}, {"may", 5}, {"june", 6},
    {"july", 7}, {"august", 8}, {"september", 9}, {"october", 10}, {"november", 11},
    {"december", 12}, {"jan", 1}, {"feb", 2}, {"mar", 3}, {"apr", 4}, {"jun", 6}, {"jul", 7},
    {"aug", 8}, {"sep", 9}, {"sept", 9}, {"oct", 10}, {"nov", 11}, {"dec", 12},
    /* French */
    {"janvier", 1}, {"fevrier", 2}, {"mars", 3}, {"avril", 4}, {"mai", 5}, {"juin", 6},
    {"juillet", 7}, {"aout", 8}, {"septembre", 9}, {"octobre", 10}, {"novembre", 11},
    {"decembre", 12}, {"janv", 1}, {"fevr", 2}, {"fev", 2}, {"avr", 4}, {"juil", 7},
    /* German */
    {"januar", 1}, {"februar", 2}, {"marz", 3}, {"maerz", 3}, {"juni", 6}, {"juli", 7},
    {"oktober", 10}, {"dezember", 12}, {"okt", 10}, {"dez", 12}, {"mrz", 3},
    /* Spanish */
    {"enero", 1}, {"febrero", 2}, {"marzo", 3}, {"abril", 4}, {"mayo", 5}, {"junio", 6},
    {"julio", 7}, {"agosto", 8}, {"septiembre", 9}, {"setiembre", 9}, {"octubre", 10},
    {"noviembre", 11}, {"diciembre", 12}, {"ene", 1}, {"abr", 4}, {"ago", 8}, {"dic", 12},
};

/* Words that may stand in a date without meaning anything for it. */
static const char *const noise[] = {
    "mon", "tue", "wed", "thu", "fri", "sat", "sun", "monday", "tuesday", "wednesday",
    "thursday", "friday", "saturday", "sunday", "lundi", "mardi", "mercredi", "jeudi",
    "vendredi", "samedi", "dimanche", "gmt", "utc", "z", "le", "the", "of", "de", "del",
    "on", "am", "pm", "est", "edt", "cet", "cest", "pst", "pdt",
};

const char *pc_month_macro(int m)
{
    static const char *const macros[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                         "jul", "aug", "sep", "oct", "nov", "dec"};
    return m >= 1 && m <= 12 ? macros[m - 1] : NULL;
}

static void fold_lower(const char *s, size_t n, pc_buf *out)
{
    pc_buf_clear(out);
    pc_ascii_fold(out, s, n);
    for (size_t i = 0; i < out->len; i++)
        out->ptr[i] = (char)pc_to_lower((unsigned char)out->ptr[i]);
    while (out->len && out->ptr[out->len - 1] == '.')
        pc_buf_truncate(out, out->len - 1);
}

/* The month a folded, lower-case word names, or 0. */
static int month_of(const char *w)
{
    for (size_t i = 0; i < sizeof months / sizeof *months; i++)
        if (months[i].name[0] == w[0] && strcmp(w, months[i].name) == 0)
            return months[i].month;
    return 0;
}

int pc_month_from_name(const char *s, size_t n)
{
    char w[16];
    if (n < sizeof w && pc_utf8_is_ascii(s, n)) { /* most words: lower-cased on the stack */
        for (size_t i = 0; i < n; i++)
            w[i] = (char)pc_to_lower((unsigned char)s[i]);
        while (n && w[n - 1] == '.')
            n--;
        w[n] = '\0';
        return month_of(w);
    }
    pc_buf f = PC_BUF_INIT;
    fold_lower(s, n, &f);
    int m = f.len ? month_of(f.ptr) : 0;
    pc_buf_free(&f);
    return m;
}

static int days_in_month(int y, int m)
{
    static const int dim[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (y < 0) /* leap years count from the astronomical year 0 (1 BC) */
        y++;
    if (m == 2 && y && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
        return 29;
    return m == 2 && !y ? 29 : dim[m - 1];
}

bool pc_date_valid(const pc_date *d)
{
    if (d->year < -9999 || d->year > 9999 || d->month < 0 || d->month > 12 || d->day < 0)
        return false;
    if (d->day && !d->month)
        return false;
    if (d->month && !d->year)
        return false;
    if (d->day && d->day > days_in_month(d->year, d->month))
        return false;
    return true;
}

void pc_date_iso(const pc_date *d, pc_buf *out)
{
    if (!d->year)
        return;
    /* Digits by hand for the usual ranges: every writer formats every
     * record's date, and three pc_buf_printf calls (vsnprintf twice each)
     * cost more than the rest of the date handling. */
    if (d->year < 0 || d->year > 9999 || d->month < 0 || d->month > 99 || d->day < 0 || d->day > 99) {
        /* ISO 8601, EDTF and biblatex count astronomically: 1 BC (the
         * model's -1, as CSL counts) is 0000, 877 BC is -0876 */
        int y = d->year < 0 ? d->year + 1 : d->year;
        pc_buf_printf(out, y < 0 ? "-%04d" : "%04d", y < 0 ? -y : y);
        if (d->month) {
            pc_buf_printf(out, "-%02d", d->month);
            if (d->day)
                pc_buf_printf(out, "-%02d", d->day);
        }
        return;
    }
    char tmp[10];
    size_t k = 0;
    tmp[k++] = (char)('0' + d->year / 1000);
    tmp[k++] = (char)('0' + d->year / 100 % 10);
    tmp[k++] = (char)('0' + d->year / 10 % 10);
    tmp[k++] = (char)('0' + d->year % 10);
    if (d->month) {
        tmp[k++] = '-';
        tmp[k++] = (char)('0' + d->month / 10);
        tmp[k++] = (char)('0' + d->month % 10);
        if (d->day) {
            tmp[k++] = '-';
            tmp[k++] = (char)('0' + d->day / 10);
            tmp[k++] = (char)('0' + d->day % 10);
        }
    }
    pc_buf_put(out, tmp, k);
}

/* Reads up to `max` digits at s[*i]; returns the count, value in *v. */
static size_t digits(const char *s, size_t n, size_t *i, int max, int *v)
{
    size_t k = 0;
    *v = 0;
    while (*i < n && pc_is_digit((unsigned char)s[*i]) && (int)k < max) {
        *v = *v * 10 + (s[*i] - '0');
        (*i)++;
        k++;
    }
    return k;
}

/* ISO 8601 and RIS: YYYY[-MM[-DD]][T...], YYYY/MM/DD/other, YYYY/MM//. */
static bool parse_numeric(const char *s, size_t n, pc_date *d)
{
    size_t i = 0;
    int y, m = 0, dd = 0;
    if (digits(s, n, &i, 4, &y) != 4 || (i < n && pc_is_digit((unsigned char)s[i])))
        return false;
    if (i < n && s[i] == '-') {
        i++;
        if (!digits(s, n, &i, 2, &m))
            return false;
        if (i < n && s[i] == '-') {
            i++;
            if (!digits(s, n, &i, 2, &dd))
                return false;
        }
        if (i < n && s[i] != 'T' && s[i] != 't' && s[i] != ' ')
            return false;
        if (i < n && s[i] == ' ' && !(i + 1 < n && pc_is_digit((unsigned char)s[i + 1])))
            return false; /* "2026-10-02 12:00" yes, "2026-10 and" no */
        if (i < n && memchr(s + i, '/', n - i))
            return false; /* a range of date-times (EDTF's), never its start alone */
    } else if (i < n && s[i] == '/') {
        i++;
        digits(s, n, &i, 2, &m);
        if (i < n && s[i] == '/') {
            i++;
            digits(s, n, &i, 2, &dd);
            if (i < n && s[i] == '/')
                i = n; /* RIS: free text after the fourth part */
        }
        if (i < n)
            return false;
    } else if (i < n && (s[i] != 'T' || memchr(s + i, '/', n - i))) {
        return false;
    }
    *d = (pc_date){.year = y, .month = m, .day = dd};
    return pc_date_valid(d);
}

/* Written dates: numbers and month names in any order, with noise words. */
static bool parse_words(const char *s, size_t n, pc_date *d)
{
    int year = 0, month = 0, day = 0;
    pc_buf w = PC_BUF_INIT;
    bool ok = true;
    size_t i = 0;
    while (i < n && ok) {
        unsigned char c = (unsigned char)s[i];
        if ((c == '+' || c == '-') && i > 0 && s[i - 1] == ' ' && i + 4 < n &&
            pc_is_digit((unsigned char)s[i + 1]) && pc_is_digit((unsigned char)s[i + 4])) {
            while (i < n && !pc_is_space((unsigned char)s[i])) /* time zone: -0500 */
                i++;
            continue;
        }
        if (pc_is_space(c) || c == ',' || c == '/' || c == '-') {
            i++;
            continue;
        }
        if (pc_is_digit(c)) {
            int v;
            size_t k = digits(s, n, &i, 9, &v);
            /* ordinal endings: 1er, 1re, 2nd, 3rd, 4th, 1st, 2. */
            size_t j = i;
            while (j < n && pc_is_alpha((unsigned char)s[j]))
                j++;
            if (j > i) {
                char suf[4] = {0};
                if (j - i <= 3) {
                    for (size_t q = 0; q < j - i; q++)
                        suf[q] = (char)pc_to_lower((unsigned char)s[i + q]);
                }
                if (!(strcmp(suf, "er") == 0 || strcmp(suf, "re") == 0 || strcmp(suf, "st") == 0 ||
                      strcmp(suf, "nd") == 0 || strcmp(suf, "rd") == 0 || strcmp(suf, "th") == 0 ||
                      strcmp(suf, "e") == 0) ||
                    k > 2) {
                    ok = false;
                    break;
                }
                i = j;
            } else if (i < n && s[i] == ':') { /* a time: skip it */
                while (i < n && !pc_is_space((unsigned char)s[i]))
                    i++;
                continue;
            }
            if (i < n && s[i] == '.')
                i++;
            if (k == 4 && !year)
                year = v;
            else if (k <= 2 && !day && v >= 1 && v <= 31)
                day = v;
            else
                ok = false;
            continue;
        }
        size_t st = i;
        while (i < n && !pc_is_space((unsigned char)s[i]) && s[i] != ',' && s[i] != '/' &&
               !pc_is_digit((unsigned char)s[i]))
            i++;
        if (i == st) {
            ok = false;
            break;
        }
        int m = pc_month_from_name(s + st, i - st);
        if (m && !month) {
            month = m;
            continue;
        }
        fold_lower(s + st, i - st, &w);
        bool is_noise = false;
        for (size_t q = 0; q < sizeof noise / sizeof *noise; q++)
            if (strcmp(w.ptr, noise[q]) == 0)
                is_noise = true;
        if (!is_noise)
            ok = false;
    }
    pc_buf_free(&w);
    if (!ok || !year || (day && !month))
        return false;
    *d = (pc_date){.year = year, .month = month, .day = day};
    return pc_date_valid(d);
}

bool pc_date_parse(const char *s, size_t n, pc_date *d)
{
    *d = (pc_date){0};
    pc_trim(&s, &n);
    if (!n)
        return false;
    if (parse_numeric(s, n, d))
        return true;
    *d = (pc_date){0};
    if (parse_words(s, n, d))
        return true;
    *d = (pc_date){0};
    return false;
}

/* ---- EDTF (ISO 8601-2) ------------------------------------------------------ */

/* The time of a date-time at s[*i] (EDTF level 0: 2004-01-01T10:10:10Z,
 * ISO 8601's shorter and fractional forms too): T hh[:mm[:ss[.f]]] and a
 * zone Z, +hh[:mm] or -hhmm.  The model keeps no time of day: the time is
 * skipped (as pc_date_parse skips it), what follows it read.  False when a
 * T holds no time. */
static bool edtf_time(const char *s, size_t n, size_t *i)
{
    int v;
    (*i)++; /* the T */
    if (digits(s, n, i, 2, &v) != 2)
        return false;
    for (int k = 0; k < 2 && *i + 1 < n && s[*i] == ':'; k++) {
        (*i)++;
        if (digits(s, n, i, 2, &v) != 2)
            return false;
    }
    if (*i < n && (s[*i] == '.' || s[*i] == ',')) {
        (*i)++;
        if (!digits(s, n, i, 9, &v))
            return false;
    }
    if (*i < n && (s[*i] == 'Z' || s[*i] == 'z')) {
        (*i)++;
    } else if (*i < n && (s[*i] == '+' || s[*i] == '-')) {
        (*i)++;
        if (digits(s, n, i, 2, &v) != 2)
            return false;
        if (*i < n && s[*i] == ':')
            (*i)++;
        digits(s, n, i, 2, &v);
    }
    return true;
}

/* One EDTF date at s[*i]: [-]YYYY[-MM[-DD[Thh:mm:ss]]] or YYYY-21..24 (a
 * season), then ? ~ % qualifiers.  Fills the start or end parts of d. */
static bool edtf_one(const char *s, size_t n, size_t *i, pc_date *d, bool end)
{
    bool neg = *i < n && s[*i] == '-';
    if (neg)
        (*i)++;
    int y, m = 0, dd = 0;
    if (digits(s, n, i, 4, &y) != 4 || (*i < n && pc_is_digit((unsigned char)s[*i])))
        return false;
    if (*i < n && s[*i] == '-') {
        (*i)++;
        if (digits(s, n, i, 2, &m) != 2)
            return false;
        if (*i < n && s[*i] == '-' && m <= 12) {
            (*i)++;
            if (digits(s, n, i, 2, &dd) != 2)
                return false;
            if (*i < n && (s[*i] == 'T' || s[*i] == 't') && !edtf_time(s, n, i))
                return false;
        }
    }
    for (; *i < n && strchr("?~%", s[*i]) && s[*i]; (*i)++)
        d->flags |= s[*i] == '?' ? PC_DATE_UNCERTAIN
                    : s[*i] == '~' ? PC_DATE_CIRCA
                                   : PC_DATE_UNCERTAIN | PC_DATE_CIRCA;
    int season = 0;
    if (m >= 21 && m <= 24) {
        season = m - 20;
        m = 0;
    }
    /* astronomical (0000 is 1 BC, -0876 is 877 BC) to the model's count,
     * CSL's, which has no year 0 */
    pc_date p = {.year = neg || !y ? -y - 1 : y, .month = m, .day = dd};
    if (!pc_date_valid(&p))
        return false;
    if (end) {
        d->end_year = p.year;
        d->end_month = m;
        d->end_day = dd;
        d->end_season = season;
    } else {
        d->year = p.year;
        d->month = m;
        d->day = dd;
        d->season = season;
    }
    return true;
}

bool pc_date_parse_edtf(const char *s, size_t n, pc_date *d)
{
    memset(d, 0, sizeof *d);
    pc_trim(&s, &n);
    size_t i = 0;
    /* open start, "../1034", or unknown, "/1034" (kept as open, as CSL and
     * pandoc cannot tell them apart): the end is kept as the date */
    if ((n >= 3 && memcmp(s, "../", 3) == 0) || (n >= 2 && s[0] == '/')) {
        i = s[0] == '/' ? 1 : 3;
        if (!edtf_one(s, n, &i, d, false) || i != n)
            return memset(d, 0, sizeof *d), false;
        d->flags |= PC_DATE_OPEN_START;
        return true;
    }
    if (!edtf_one(s, n, &i, d, false))
        return memset(d, 0, sizeof *d), false;
    if (i < n && s[i] == '/') {
        i++;
        if (i == n || (n - i == 2 && s[i] == '.' && s[i + 1] == '.')) {
            d->flags |= PC_DATE_OPEN_END;
            return true;
        }
        if (!edtf_one(s, n, &i, d, true))
            return memset(d, 0, sizeof *d), false;
    }
    if (i != n)
        return memset(d, 0, sizeof *d), false;
    return true;
}

static void edtf_qualifiers(const pc_date *d, pc_buf *out)
{
    unsigned q = d->flags & (PC_DATE_CIRCA | PC_DATE_UNCERTAIN);
    if (q == (PC_DATE_CIRCA | PC_DATE_UNCERTAIN))
        pc_buf_putc(out, '%');
    else if (q == PC_DATE_CIRCA)
        pc_buf_putc(out, '~');
    else if (q == PC_DATE_UNCERTAIN)
        pc_buf_putc(out, '?');
}

/* A season EDTF can write (21-24): 1..4; any other value is none. */
static bool is_season(int s) { return s >= 1 && s <= 4; }

void pc_date_edtf(const pc_date *d, pc_buf *out)
{
    if (!d->year)
        return;
    if (d->flags & PC_DATE_OPEN_START)
        pc_buf_puts(out, "../");
    bool season = is_season(d->season), end_season = is_season(d->end_season);
    pc_date start = {.year = d->year, .month = season ? 0 : d->month, .day = season ? 0 : d->day};
    pc_date_iso(&start, out);
    if (season) {
        pc_buf_putc(out, '-');
        pc_buf_put_int(out, 20 + d->season, 2);
    }
    edtf_qualifiers(d, out);
    if (d->end_year) {
        pc_date e = {.year = d->end_year, .month = end_season ? 0 : d->end_month,
                     .day = end_season ? 0 : d->end_day};
        pc_buf_putc(out, '/');
        pc_date_iso(&e, out);
        if (end_season) {
            pc_buf_putc(out, '-');
            pc_buf_put_int(out, 20 + d->end_season, 2);
        }
    } else if (d->flags & PC_DATE_OPEN_END) {
        pc_buf_puts(out, "/..");
    }
}
