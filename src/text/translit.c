/* SPDX-License-Identifier: MIT */
/* translit.c — pc_translit: Latin by decomposition, Greek and Cyrillic by
 * the table in translit.inc, other scripts kept (see translit.h). */
#include "text/translit.h"
#include "text/unicode.h"

#include <utf8proc.h>

typedef struct translit_row {
    int32_t cp;
    const char *latin;
} translit_row;

static const translit_row table[] = {
#include "text/translit.inc"
};
enum { N_TABLE = sizeof table / sizeof *table };

bool pc_translit_entry(size_t i, int32_t *cp, const char **latin)
{
    if (i >= N_TABLE)
        return false;
    *cp = table[i].cp;
    *latin = table[i].latin;
    return true;
}

static const char *lookup(int32_t cp)
{
    size_t lo = 0, hi = N_TABLE;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (table[mid].cp == cp)
            return table[mid].latin;
        if (table[mid].cp < cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* The table's entry for cp, or for the letter cp decomposes to (ά → α,
 * й → и); *base gets the letter looked up. */
static const char *lookup_letter(int32_t cp, int32_t *base)
{
    *base = cp;
    const char *latin = lookup(cp);
    if (latin || cp < 0x370)
        return latin;
    utf8proc_int32_t dec[8];
    int last = 0;
    utf8proc_ssize_t k = utf8proc_decompose_char(cp, dec, 8, UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT, &last);
    if (k < 1 || k > 8 || dec[0] == cp)
        return NULL;
    *base = dec[0];
    return lookup(dec[0]);
}

static bool is_mark(int32_t cp)
{
    utf8proc_category_t c = utf8proc_category(cp);
    return c == UTF8PROC_CATEGORY_MN || c == UTF8PROC_CATEGORY_MC || c == UTF8PROC_CATEGORY_ME;
}

/* Greek α ε η ο in either case: a υ after one is u (ου, αυ, ευ, ηυ). */
static bool greek_u_vowel(int32_t base)
{
    int32_t l = base >= 0x391 && base <= 0x3A9 ? base + 0x20 : base;
    return l == 0x3B1 || l == 0x3B5 || l == 0x3B7 || l == 0x3BF;
}

/* Appends a table entry for `base`: upper case through when the next
 * character is a capital (ЖУК → ZHUK), u for υ after a vowel. */
static void put_letter(pc_buf *out, const char *latin, int32_t base, int32_t prev, int32_t next)
{
    if ((base == 0x3C5 || base == 0x3A5) && greek_u_vowel(prev)) {
        pc_buf_putc(out, base == 0x3C5 ? 'u' : 'U');
        return;
    }
    bool all_caps = latin[0] && latin[1] && pc_is_upper((unsigned char)latin[0]) &&
                    pc_unicode_case(next) > 0;
    for (const char *p = latin; *p; p++)
        pc_buf_putc(out, all_caps && pc_is_lower((unsigned char)*p) ? (char)(*p - 32) : *p);
}

/* Folds the code point at s (len bytes) as pc_ascii_fold does, without the
 * white space a compatibility decomposition makes; false if nothing is left. */
static bool fold_latin(pc_buf *out, const char *s, size_t len)
{
    size_t mark = out->len;
    pc_ascii_fold(out, s, len);
    size_t k = mark;
    for (size_t j = mark; j < out->len; j++)
        if (!pc_is_space((unsigned char)out->ptr[j]))
            out->ptr[k++] = out->ptr[j];
    pc_buf_truncate(out, k);
    return k > mark;
}

void pc_translit_ascii(pc_buf *out, const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        size_t k = i;
        while (k < n && (unsigned char)s[k] < 0x80)
            k++;
        pc_buf_put(out, s + i, k - i); /* ASCII runs as they are */
        if (k == n)
            break;
        int32_t cp;
        int len = pc_utf8_next(s + k, n - k, &cp);
        if (len < 0) {
            i = k + 1;
            continue;
        }
        fold_latin(out, s + k, (size_t)len);
        i = k + (size_t)len;
    }
}

void pc_translit(pc_buf *out, const char *s, size_t n)
{
    bool after_latin = false; /* the last character was written in Latin */
    int32_t prev = 0;         /* the last Greek or Cyrillic letter looked up */
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) {
            pc_buf_putc(out, (char)c);
            after_latin = pc_is_alpha(c);
            prev = 0;
            i++;
            continue;
        }
        int32_t cp, next = 0, base;
        int len = pc_utf8_next(s + i, n - i, &cp);
        if (len < 0) {
            i++;
            continue;
        }
        if (after_latin && is_mark(cp)) { /* a mark on a letter now in Latin */
            i += (size_t)len;
            continue;
        }
        const char *latin = NULL;
        if (fold_latin(out, s + i, (size_t)len)) {
            after_latin = true;
            prev = 0;
        } else if ((latin = lookup_letter(cp, &base)) != NULL) {
            if (i + (size_t)len < n && pc_utf8_next(s + i + len, n - i - (size_t)len, &next) < 0)
                next = 0;
            put_letter(out, latin, base, prev, next);
            after_latin = true;
            prev = base;
        } else {
            pc_buf_put(out, s + i, (size_t)len);
            after_latin = false;
            prev = 0;
        }
        i += (size_t)len;
    }
}
