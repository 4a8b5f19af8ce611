/* SPDX-License-Identifier: MIT */
/* value.c — RIS values as both directions see them: a value on one line
 * (the folding the reader applies to values continued on untagged lines
 * and the writer to values that must not span lines or start a tag), the
 * dashes of a page range, the shapes of a date, of an ISSN and an ISBN. */
#include "ris.h"

/* True for code points that must not appear inside a RIS value: C0 and C1
 * controls, DEL, and the Unicode line and paragraph separators. */
bool pc_ris_is_breaking(int32_t cp)
{
    return cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0) || cp == 0x2028 || cp == 0x2029;
}

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

/* True if the 8 bytes at s[i] can join a run of pc_ris_fold: all printable
 * ASCII or space, no two spaces side by side, and no space right after the
 * space at s[i-1] (i > 0).  Word-at-a-time tests: the range test is exact
 * (a byte below 0x20 has no high bit after adding 0x60; a carry out of a
 * byte needs one of 0xa0 or above, which x's own high bit already
 * flags); the space mask may also flag a '!' right after a space, which
 * only sends that word to the byte-by-byte loop. */
static bool word_stays(const char *s, size_t i)
{
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    uint64_t x;
    memcpy(&x, s + i, 8);
    if ((~(x + 0x60 * ones) | (x + ones) | x) & highs)
        return false;
    uint64_t y = x ^ (0x20 * ones);
    uint64_t spaces = (y - ones) & ~y & highs; /* 0x80 in each space byte (and maybe a '!' after one) */
    return !(spaces & (spaces << 8)) && !(s[i] == ' ' && s[i - 1] == ' ');
}

/* Appends [s, s+n) with every run of white space and breaking characters
 * folded to one space, trimmed at both ends.  Bytes that are not UTF-8
 * (none in the model, which is valid UTF-8) count as spaces.
 *
 * Fast path: almost every byte of a value is printable ASCII or a single
 * space between words, which folding leaves as it is, so the loop collects
 * a whole run of such text (8 bytes at a time where it can, anything else
 * decoded and checked) and appends it with one pc_buf_put; only the
 * separators between runs (white space to fold, breaking characters) are
 * handled one by one.  Appending code point by code point cost 30% of
 * listing -> ris, and a pc_buf_put per word still 20% of ris -> ris. */
void pc_ris_fold(pc_buf *b, const char *s, size_t n)
{
    size_t start = b->len;
    bool space = false;
    for (size_t i = 0; i < n;) {
        size_t run = i;
        bool stop = false;
        while (i < n && !stop) {
            if (i > run && n - i >= 8 && word_stays(s, i)) {
                i += 8;
                continue;
            }
            for (size_t end = n - i > 8 ? i + 8 : n; i < end;) {
                unsigned char c = (unsigned char)s[i];
                if (c > 0x20 && c < 0x7f) {
                    i++;
                    continue;
                }
                if (c == ' ' && i > run && s[i - 1] != ' ') { /* one space after text stays */
                    i++;
                    continue;
                }
                int32_t cp;
                int len = c < 0x80 ? 0 : pc_utf8_next(s + i, n - i, &cp);
                if (len < 1 || pc_ris_is_breaking(cp)) {
                    stop = true; /* space, C0 control, DEL, a breaking or a bad character */
                    break;
                }
                i += (size_t)len;
            }
        }
        if (i > run && s[i - 1] == ' ')
            i--; /* a space that ends a run is folded with what follows it */
        if (i > run) {
            if (space)
                pc_buf_putc(b, ' ');
            space = false;
            pc_buf_put(b, s + run, i - run);
        }
        if (i < n) { /* a separator: skip it, remember a space if text came before */
            int32_t cp;
            int len = (unsigned char)s[i] < 0x80 ? 1 : pc_utf8_next(s + i, n - i, &cp);
            space = b->len > start;
            i += len < 1 ? 1 : (size_t)len;
        }
    }
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
