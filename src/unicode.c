/* unicode.c — UTF-8 helpers over utf8proc: validation, NFC, ASCII folding. */
#include "unicode.h"

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

bool pc_utf8_valid(const char *s, size_t n, size_t *bad)
{
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (c && c < 0x80) {
            i++;
            continue;
        }
        int32_t cp;
        int len = c ? pc_utf8_next(s + i, n - i, &cp) : -1;
        if (len < 0) {
            if (bad)
                *bad = i;
            return false;
        }
        i += (size_t)len;
    }
    return true;
}

static bool all_ascii(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80)
            return false;
    return true;
}

void pc_utf8_nfc(pc_buf *b)
{
    if (all_ascii(b->ptr, b->len))
        return;
    utf8proc_uint8_t *dst = NULL;
    utf8proc_ssize_t n = utf8proc_map((const utf8proc_uint8_t *)b->ptr, (utf8proc_ssize_t)b->len,
                                      &dst, UTF8PROC_STABLE | UTF8PROC_COMPOSE);
    if (n < 0) /* invalid input: callers validate first, so leave it as is */
        return;
    pc_buf_clear(b);
    pc_buf_put(b, (const char *)dst, (size_t)n);
    free(dst);
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

size_t pc_utf8_len(const char *s, size_t n)
{
    size_t count = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80)
            count++;
    return count;
}
