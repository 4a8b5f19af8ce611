/* SPDX-License-Identifier: MIT */
/* unicode.c — UTF-8 helpers over utf8proc: validation, NFC, ASCII folding. */
#include "text/unicode.h"

#include <stdlib.h>
#include <utf8proc.h>

int pc_utf8_next(const char *s, size_t n, int32_t *cp)
{
    utf8proc_int32_t c;
    utf8proc_ssize_t len = utf8proc_iterate((const utf8proc_uint8_t *)s,
                                            n > 4 ? 4 : (utf8proc_ssize_t)n, &c);
    if (len <= 0 || c < 0)
        return -1;
    *cp = c;
    return (int)len;
}

void pc_utf8_put(pc_buf *b, int32_t cp)
{
    utf8proc_uint8_t tmp[4];
    utf8proc_ssize_t n = utf8proc_encode_char(cp, tmp);
    pc_buf_put(b, (const char *)tmp, (size_t)n);
}

/* ascii8: see pc_utf8_ascii8 in unicode.h */
#define ascii8 pc_utf8_ascii8

bool pc_utf8_valid(const char *s, size_t n, size_t *bad)
{
    bool unstable;
    return pc_utf8_check(s, n, bad, &unstable);
}

bool pc_utf8_check(const char *s, size_t n, size_t *bad, bool *maybe_unstable)
{
    size_t i = 0;
    *maybe_unstable = false;
    while (i < n) {
        if (i + 8 <= n && ascii8(s + i)) {
            i += 8;
            continue;
        }
        unsigned char c = (unsigned char)s[i];
        if (c && c < 0x80) {
            i++;
            continue;
        }
        if (c >= 0xC2 && c < 0xCC && i + 1 < n && ((unsigned char)s[i + 1] & 0xC0) == 0x80) {
            i += 2; /* U+0080..U+02FF: valid and NFC-stable */
            continue;
        }
        int32_t cp;
        int len = c ? pc_utf8_next(s + i, n - i, &cp) : -1;
        if (len < 0) {
            if (bad)
                *bad = i;
            return false;
        }
        if (c >= 0xCC)
            *maybe_unstable = true;
        i += (size_t)len;
    }
    return true;
}

/* ---- NFC ------------------------------------------------------------------
 *
 * Almost all real text is already NFC, and utf8proc_map (decompose, reorder,
 * recompose, malloc) costs a fifth of a whole conversion, so pc_utf8_nfc first
 * looks for a code point that NFC could change and calls utf8proc only around
 * those.  Two facts make that safe:
 *
 * - A string whose code points all have combining class 0 and NFC_Quick_Check
 *   = Yes is in NFC (UAX #15).  nfc_stable() is a conservative test for that:
 *   everything below U+0300 qualifies; above, marks (Mn/Mc/Me, which holds
 *   every composition partner with class 0 except the Hangul jamo), any
 *   non-zero combining class, the Hangul jamo blocks and characters whose
 *   canonical decomposition does not recompose to themselves (singletons,
 *   exclusions) go to utf8proc.
 * - An ASCII character is a starter that nothing before it composes with, so
 *   NFC(A + B) = NFC(A) + NFC(B) whenever B begins with an ASCII byte.  Only
 *   the stretch between the ASCII bytes around an unstable code point is
 *   normalised; the rest is copied as it is.
 *
 * tests/unit/test_fastpaths.c compares the result with utf8proc_NFC for every
 * code point. */

static bool nfc_stable(int32_t cp)
{
    if (cp < 0x300)
        return true;
    if ((cp >= 0x1100 && cp <= 0x11FF) || (cp >= 0xA960 && cp <= 0xA97F) ||
        (cp >= 0xD7B0 && cp <= 0xD7FF))
        return false; /* Hangul jamo: L + V (+ T) compose to a syllable */
    const utf8proc_property_t *p = utf8proc_get_property(cp);
    if (p->combining_class != 0 || p->category == UTF8PROC_CATEGORY_MN ||
        p->category == UTF8PROC_CATEGORY_MC || p->category == UTF8PROC_CATEGORY_ME)
        return false;
    if (p->decomp_seqindex == UINT16_MAX || p->decomp_type != 0)
        return true; /* no canonical decomposition (NFC ignores compatibility ones) */
    /* A canonical decomposition: stable only if it composes back to cp. */
    utf8proc_int32_t dec[8];
    int last = 0;
    utf8proc_ssize_t k = utf8proc_decompose_char(cp, dec, 8, UTF8PROC_DECOMPOSE, &last);
    if (k < 1 || k > 8)
        return false;
    k = utf8proc_normalize_utf32(dec, k, UTF8PROC_STABLE | UTF8PROC_COMPOSE);
    return k == 1 && dec[0] == cp;
}

/* True if all of [s, s+n) is valid for utf8proc (NUL included). */
static bool utf8proc_valid(const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        if ((unsigned char)s[i] < 0x80) {
            i++;
            continue;
        }
        int32_t cp;
        int len = pc_utf8_next(s + i, n - i, &cp);
        if (len < 0)
            return false;
        i += (size_t)len;
    }
    return true;
}

/* Appends NFC of [s, s+n) to out; false if utf8proc fails. */
static bool nfc_append(pc_buf *out, const char *s, size_t n)
{
    enum { STACK = 256 };
    utf8proc_int32_t stack[STACK], *buf = stack;
    const utf8proc_option_t opt = UTF8PROC_STABLE | UTF8PROC_COMPOSE;
    utf8proc_ssize_t k = utf8proc_decompose((const utf8proc_uint8_t *)s, (utf8proc_ssize_t)n,
                                            buf, STACK, opt);
    if (k > STACK) {
        buf = pc_xmalloc((size_t)k * sizeof *buf);
        k = utf8proc_decompose((const utf8proc_uint8_t *)s, (utf8proc_ssize_t)n, buf, k, opt);
    }
    if (k >= 0)
        k = utf8proc_normalize_utf32(buf, k, opt);
    bool ok = k >= 0;
    for (utf8proc_ssize_t j = 0; j < k; j++)
        pc_utf8_put(out, buf[j]);
    if (buf != stack)
        pc_free(buf);
    return ok;
}

/* Advances from i over code points NFC leaves alone, setting *seg at each
 * ASCII byte passed (a segment may start there).  Returns the index of the
 * first code point NFC could change (or of invalid UTF-8), or n. */
static size_t skip_stable(const char *s, size_t n, size_t i, size_t *seg)
{
    size_t last = *seg; /* a local: the compiler need not store through seg per byte */
    while (i < n) {
        /* 8 ASCII bytes at a time (NUL is ASCII too, but only the byte
         * loop below sees it): most text is ASCII, and this scan runs over
         * every value a reader cleans */
        if (n - i >= 8 && ascii8(s + i)) {
            i += 8;
            last = i - 1;
            continue;
        }
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) {
            last = i++;
            continue;
        }
        if (c >= 0xC2 && c < 0xCC) { /* U+0080..U+02FF: always stable */
            i += 2;
            continue;
        }
        int32_t cp;
        int len = pc_utf8_next(s + i, n - i, &cp);
        if (len < 0 || !nfc_stable(cp))
            break;
        i += (size_t)len;
    }
    *seg = last;
    return i < n ? i : n;
}

/* NFC of [s, s+n) into *out; false (out untouched) when NFC would change
 * nothing or the text is not valid UTF-8. */
static bool nfc_build(const char *s, size_t n, pc_buf *out)
{
    /* whole ASCII words first, in the tightest loop: most values are ASCII */
    size_t i = 0;
    while (n - i >= 8 && ascii8(s + i))
        i += 8;
    size_t seg = i ? i - 1 : 0;
    i = skip_stable(s, n, i, &seg);
    if (i >= n)
        return false; /* nothing NFC could change */
    /* utf8proc_map fails on invalid UTF-8 anywhere, and then b stays as is */
    if (!utf8proc_valid(s, n))
        return false;
    pc_buf res = PC_BUF_INIT;
    pc_buf_grow(&res, n + 16);
    pc_buf_put(&res, s, seg);
    while (seg < n) {
        /* [seg, end): from an ASCII byte (or the start) to the next ASCII
         * byte after the unstable code point at i */
        size_t end = i;
        while (end < n && (unsigned char)s[end] >= 0x80)
            end++;
        if (!nfc_append(&res, s + seg, end - seg)) {
            pc_buf_free(&res);
            return false;
        }
        /* copy on to the next unstable code point */
        seg = end;
        i = skip_stable(s, n, end, &seg);
        if (i >= n)
            seg = n;
        pc_buf_put(&res, s + end, seg - end);
    }
    *out = res;
    return true;
}

void pc_utf8_nfc(pc_buf *b)
{
    pc_buf res;
    if (!nfc_build(b->ptr, b->len, &res))
        return;
    pc_buf_free(b);
    *b = res;
}

void pc_utf8_nfc_from(pc_buf *b, size_t from)
{
    pc_buf res;
    if (from >= b->len || !nfc_build(b->ptr + from, b->len - from, &res))
        return;
    pc_buf_truncate(b, from);
    pc_buf_put(b, res.ptr, res.len);
    pc_buf_free(&res);
}

/* Letters that have no canonical decomposition to an ASCII base. */
static const struct {
    int32_t cp;
    const char *ascii;
} fold_extra[] = {
    {0x00C6, "AE"}, {0x00D0, "D"},  {0x00D8, "O"},  {0x00DE, "TH"}, {0x00DF, "ss"},
    {0x00E6, "ae"}, {0x00F0, "d"},  {0x00F8, "o"},  {0x00FE, "th"}, {0x0110, "D"},
    {0x0111, "d"},  {0x0126, "H"},  {0x0127, "h"},  {0x0131, "i"},  {0x0132, "IJ"},
    {0x0133, "ij"}, {0x0138, "q"},  {0x013F, "L"},  {0x0140, "l"},  {0x0141, "L"},
    {0x0142, "l"},  {0x0149, "n"},  {0x014A, "NG"}, {0x014B, "ng"}, {0x0152, "OE"},
    {0x0153, "oe"}, {0x0166, "T"},  {0x0167, "t"},  {0x017F, "s"},  {0x0180, "b"},
    {0x0181, "B"},  {0x0189, "D"},  {0x018A, "D"},  {0x0191, "F"},  {0x0192, "f"},
    {0x0197, "I"},  {0x019A, "l"},  {0x019F, "O"},  {0x01B5, "Z"},  {0x01B6, "z"},
    {0x01E4, "G"},  {0x01E5, "g"},  {0x0218, "S"},  {0x0219, "s"},  {0x021A, "T"},
    {0x021B, "t"},  {0x0237, "j"},  {0x1E9E, "SS"}, {0x2010, "-"},  {0x2011, "-"},
    {0x2012, "-"},  {0x2013, "-"},  {0x2014, "-"},  {0x2018, "'"},  {0x2019, "'"},
    {0x201C, "\""}, {0x201D, "\""},
};

static const char *fold_lookup(int32_t cp)
{
    size_t lo = 0, hi = sizeof fold_extra / sizeof *fold_extra;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (fold_extra[mid].cp == cp)
            return fold_extra[mid].ascii;
        if (fold_extra[mid].cp < cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

void pc_ascii_fold(pc_buf *out, const char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) {
            pc_buf_putc(out, (char)c);
            i++;
            continue;
        }
        int32_t cp;
        int len = pc_utf8_next(s + i, n - i, &cp);
        if (len < 0) {
            i++;
            continue;
        }
        i += (size_t)len;
        const char *extra = fold_lookup(cp);
        if (extra) {
            pc_buf_puts(out, extra);
            continue;
        }
        utf8proc_int32_t dec[8];
        int last = 0;
        utf8proc_ssize_t k = utf8proc_decompose_char(cp, dec, 8, UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT, &last);
        for (utf8proc_ssize_t j = 0; j < k && j < 8; j++) {
            if (dec[j] < 0x80) {
                pc_buf_putc(out, (char)dec[j]);
            } else if ((extra = fold_lookup(dec[j])) != NULL) {
                pc_buf_puts(out, extra);
            }
        }
    }
}

int pc_unicode_case(int32_t cp)
{
    if (cp < 0x80) /* the common case, without a table lookup */
        return cp >= 'A' && cp <= 'Z' ? 1 : cp >= 'a' && cp <= 'z' ? -1 : 0;
    switch (utf8proc_category(cp)) {
    case UTF8PROC_CATEGORY_LU:
    case UTF8PROC_CATEGORY_LT:
        return 1;
    case UTF8PROC_CATEGORY_LL:
        return -1;
    default:
        return 0;
    }
}

bool pc_unicode_is_word(int32_t cp)
{
    if (cp < 0x80)
        return pc_is_alnum(cp);
    switch (utf8proc_category(cp)) {
    case UTF8PROC_CATEGORY_LU: case UTF8PROC_CATEGORY_LL: case UTF8PROC_CATEGORY_LT:
    case UTF8PROC_CATEGORY_LM: case UTF8PROC_CATEGORY_LO:
    case UTF8PROC_CATEGORY_MN: case UTF8PROC_CATEGORY_MC: case UTF8PROC_CATEGORY_ME:
    case UTF8PROC_CATEGORY_ND: case UTF8PROC_CATEGORY_NL: case UTF8PROC_CATEGORY_NO:
        return true;
    default:
        return false;
    }
}

size_t pc_utf8_len(const char *s, size_t n)
{
    size_t count = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80)
            count++;
    return count;
}
