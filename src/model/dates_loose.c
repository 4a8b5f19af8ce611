/* SPDX-License-Identifier: MIT */
/* dates_loose.c — pc_date_parse_loose (dates.h): the date shapes
 * bibliographic databases write beside the ones pc_date_parse knows —
 * seasons, ranges of months, days and years, a month and day whose year is
 * elsewhere (EndNote's <pub-dates> "Mar 3" beside <year>, PubMed's
 * MedlineDate "1998 Dec-1999 Jan", Word's Month beside Year).
 *
 * A value is read as words: years (3 or 4 digits), days (1 or 2 digits),
 * month names (any language dates.c knows), seasons, and one range dash;
 * the parts before the dash are the start, those after it the end, and
 * what one side lacks it takes from the other (the year of "2010 Sep-Oct"
 * is the end's too, the month of "Mar 3-5").  Any other word makes it not
 * a date (the caller keeps the text as written). */
#include "model/dates.h"

typedef struct side {
    int year, month, day, season;
    int n; /* words */
} side;

static int season_of(const char *s, size_t n)
{
    static const struct {
        const char *name;
        int season;
    } seasons[] = {{"spring", 1}, {"summer", 2}, {"autumn", 3}, {"fall", 3}, {"winter", 4}};
    for (size_t i = 0; i < sizeof seasons / sizeof *seasons; i++)
        if (strlen(seasons[i].name) == n && !pc_strncasecmp(seasons[i].name, s, n))
            return seasons[i].season;
    return 0;
}

/* One word into the side; false when it is no part of a date or the part
 * is there already. */
static bool word(side *sd, const char *s, size_t n)
{
    int v = 0;
    size_t digits = 0;
    while (digits < n && pc_is_digit((unsigned char)s[digits]) && digits < 5)
        v = v * 10 + (s[digits++] - '0');
    if (digits == n && (n == 3 || n == 4)) {
        if (sd->year)
            return false;
        sd->year = v;
    } else if (digits == n && n <= 2 && v >= 1 && v <= 31) {
        if (sd->day)
            return false;
        sd->day = v;
    } else if (digits == 0 && pc_month_from_name(s, n)) {
        if (sd->month || sd->season)
            return false;
        sd->month = pc_month_from_name(s, n);
    } else if (digits == 0 && season_of(s, n)) {
        if (sd->month || sd->season)
            return false;
        sd->season = season_of(s, n);
    } else {
        return false;
    }
    sd->n++;
    return true;
}

static bool is_sep(char c) { return c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r'; }

/* The words of [s, s+n) into the two sides; false on a word that is none. */
static bool read_sides(const char *s, size_t n, side *a, side *b)
{
    side *cur = a;
    for (size_t i = 0; i < n;) {
        if (is_sep(s[i])) {
            i++;
            continue;
        }
        if (s[i] == '-' || s[i] == '/') {
            if (cur == b || !a->n)
                return false;
            cur = b;
            i++;
            continue;
        }
        size_t j = i;
        while (j < n && !is_sep(s[j]) && s[j] != '-' && s[j] != '/')
            j++;
        if (!word(cur, s + i, j - i))
            return false;
        i = j;
    }
    return a->n > 0 && (cur == a || b->n > 0);
}

/* The end takes what it lacks from the start and the start from the end:
 * the year, and the month of a day range. */
static void share(side *a, side *b, bool range, int year)
{
    if (range) {
        if (!b->year)
            b->year = a->year;
        if (!a->year)
            a->year = b->year;
        if (b->day && !b->month && !b->season)
            b->month = a->month;
    }
    if (!a->year)
        a->year = year;
    if (range && !b->year)
        b->year = year;
}

bool pc_date_parse_loose(const char *s, size_t n, int year, pc_date *d)
{
    if (pc_date_parse(s, n, d))
        return true;
    memset(d, 0, sizeof *d);
    side a = {0}, b = {0};
    if (!read_sides(s, n, &a, &b))
        return false;
    bool range = b.n > 0;
    share(&a, &b, range, year);
    if (!a.year || (a.day && !a.month) || (range && b.day && !b.month))
        return false;
    *d = (pc_date){.year = a.year, .month = a.month, .day = a.day, .season = a.season};
    if (range) {
        d->end_year = b.year;
        d->end_month = b.month;
        d->end_day = b.day;
        d->end_season = b.season;
    }
    if (!pc_date_valid(d)) {
        memset(d, 0, sizeof *d);
        return false;
    }
    return true;
}
