/* SPDX-License-Identifier: MIT */
/* value.c — RIS values as both directions see them: the dashes of a page
 * range, the shapes of a date, of an ISSN and an ISBN (a value on one line
 * is text/linefold.c's pc_line_fold). */
#include "ris.h"

/* A RIS date: "2016/12//", "2020/05/17/other", ISO, written dates
 * (pc_date_parse), EDTF ("-0876", "1999/2000", "2011-05~"), else a literal
 * ("in press", "yesterday"); only slashes and spaces ("///") is empty. */
pc_ris_date_shape pc_ris_parse_date(const char *v, size_t n, pc_date *d)
{
    size_t i = 0;
    while (i < n && (v[i] == '/' || v[i] == ' '))
        i++;
    if (i == n)
        return PC_RIS_DATE_EMPTY;
    if ((v[0] != '-' && pc_date_parse(v, n, d)) || pc_date_parse_edtf(v, n, d))
        return d->year ? PC_RIS_DATE_PARTS : PC_RIS_DATE_LITERAL;
    return PC_RIS_DATE_LITERAL;
}

/* True if a RIS date has something in its fourth part, "YYYY/MM/DD/other"
 * (Zotero writes the time of access there): the value is then kept as the
 * date's literal beside its parts, so that nothing of it is lost. */
bool pc_ris_date_other(const char *v, size_t n)
{
    size_t slashes = 0, i = 0;
    for (; i < n && slashes < 3; i++)
        slashes += v[i] == '/';
    while (i < n && v[i] == ' ')
        i++;
    return slashes == 3 && i < n;
}

size_t pc_ris_dash_len(const char *p, size_t n)
{
    if (n >= 1 && p[0] == '-')
        return 1;
    if (n >= 3 && (!memcmp(p, "\xE2\x80\x93", 3) || !memcmp(p, "\xE2\x80\x94", 3)))
        return 3;
    return 0;
}

bool pc_ris_has_range(const char *s)
{
    for (size_t i = 0, n = strlen(s); i < n; i++)
        if (pc_ris_dash_len(s + i, n - i))
            return true;
    return false;
}

/* ---- ISSN and ISBN ------------------------------------------------------------- */

/* True if v starts with "ISSN" or "ISBN" (any case) and what follows; the
 * offset after it and after ':' and spaces. */
static size_t id_prefix(const char *v, size_t n, const char *label)
{
    size_t i = 0;
    if (n >= 4 && !pc_strncasecmp(v, label, 4)) {
        i = 4;
        while (i < n && (v[i] == ':' || v[i] == ' ' || v[i] == '-'))
            i++;
    }
    return i;
}

/* "0028-0836", "ISSN 1476-4687 (Electronic)": an ISSN's shape. */
bool pc_ris_looks_issn(const char *v, size_t n)
{
    size_t i = id_prefix(v, n, "ISSN");
    const char *p = v + i;
    if (n - i < 9)
        return false;
    for (int k = 0; k < 9; k++) {
        bool ok = k == 4 ? p[k] == '-' : k == 8 ? pc_is_digit((unsigned char)p[k]) || p[k] == 'X' || p[k] == 'x'
                                                 : pc_is_digit((unsigned char)p[k]);
        if (!ok)
            return false;
    }
    return n - i == 9 || !pc_is_alnum((unsigned char)p[9]);
}

/* "978-0-201-13447-6", "0-201-13447-1", "ISBN 0201134470": 10 or 13 digits
 * (the last of 10 may be X) with hyphens or spaces between. */
bool pc_ris_looks_isbn(const char *v, size_t n)
{
    size_t digits = 0, i = id_prefix(v, n, "ISBN");
    bool x = false;
    for (; i < n && !x; i++) {
        if (pc_is_digit((unsigned char)v[i]))
            digits++;
        else if ((v[i] == 'X' || v[i] == 'x') && digits == 9)
            x = ++digits;
        else if (v[i] != '-' && v[i] != ' ')
            break;
    }
    if (i < n && pc_is_alnum((unsigned char)v[i]))
        return false;
    return digits == 10 || (digits == 13 && !x);
}
