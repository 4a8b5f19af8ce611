/* SPDX-License-Identifier: MIT */
/* unicode.h — UTF-8 validation, NFC normalisation and ASCII folding (utf8proc).
 *
 * Every string that enters the record model passes pc_utf8_nfc; citation keys
 * are built from pc_ascii_fold. */
#ifndef PC_UNICODE_H
#define PC_UNICODE_H

#include "util/buf.h"

#include <stdint.h>

/* Decodes one code point at s (n bytes available); returns its length, or
 * -1 for an invalid sequence (then *cp is undefined). */
int pc_utf8_next(const char *s, size_t n, int32_t *cp);
/* Appends the UTF-8 encoding of cp. */
void pc_utf8_put(pc_buf *b, int32_t cp);
/* True if [s, s+n) is valid UTF-8 without NUL; else *bad = offset of the
 * first bad byte. */
bool pc_utf8_valid(const char *s, size_t n, size_t *bad);
/* pc_utf8_valid and NFC's quick check in one pass: *maybe_unstable is set
 * when the text has a code point >= U+0300 (a lead byte >= 0xCC), the only
 * ones pc_utf8_nfc can change; without one, the text is NFC already. */
bool pc_utf8_check(const char *s, size_t n, size_t *bad, bool *maybe_unstable);
/* True if the 8 bytes at s are ASCII without NUL.  Word-at-a-time tests
 * exist because most text is ASCII and a byte-at-a-time loop over every
 * line and value cost more than the rest of the line handling. */
static inline bool pc_utf8_ascii8(const char *s)
{
    uint64_t v;
    memcpy(&v, s, 8);
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    /* a high bit set, or a zero byte (v - ones borrows through it) */
    return ((v | ((v - ones) & ~v)) & highs) == 0;
}
/* True if [s, s+n) is ASCII without NUL (so valid UTF-8 and NFC): the cheap
 * first check readers make on every line or value.  Inline: it is called
 * per line, and most lines are short. */
static inline bool pc_utf8_is_ascii(const char *s, size_t n)
{
    size_t i = 0;
    for (; n - i >= 8; i += 8)
        if (!pc_utf8_ascii8(s + i))
            return false;
    for (; i < n; i++)
        if (!s[i] || (unsigned char)s[i] >= 0x80)
            return false;
    return true;
}
/* Rewrites b in NFC (b must be valid UTF-8).  ASCII is left untouched fast. */
void pc_utf8_nfc(pc_buf *b);
/* The same for the bytes of b from offset `from` on; the rest is kept. */
void pc_utf8_nfc_from(pc_buf *b, size_t from);
/* Appends s folded to ASCII: marks dropped (é→e), letters without a
 * decomposition mapped by a small table (ß→ss, ø→o, ł→l, æ→ae, þ→th),
 * anything else dropped.  Case is kept. */
void pc_ascii_fold(pc_buf *out, const char *s, size_t n);
/* Unicode letter case of cp: 1 upper/title, -1 lower, 0 not a letter. */
int pc_unicode_case(int32_t cp);
/* Whether cp is a letter, a combining mark or a number (a word's
 * character in any script); not a space, a control, a format character
 * (bidi controls, soft hyphen), punctuation or a symbol. */
bool pc_unicode_is_word(int32_t cp);
/* Number of code points in s. */
size_t pc_utf8_len(const char *s, size_t n);
/* True for code points that fold to a space in a one-line value (and may
 * not appear in one): C0 controls, DEL, C1 controls, the Unicode line and
 * paragraph separators.  (Space itself is white space, folded too.) */
static inline bool pc_unicode_is_breaking(int32_t cp)
{
    return cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp < 0xa0) || cp == 0x2028 || cp == 0x2029;
}
/* Appends [s, s+n) on one line: every run of white space and breaking
 * characters folded to one space, none at either end (linefold.c).  True
 * if what it appended is not all ASCII (so a caller knows whether NFC has
 * anything to do). */
bool pc_line_fold(pc_buf *b, const char *s, size_t n);

#endif
