/* SPDX-License-Identifier: MIT */
/* linefold.c — a value on one line (pc_line_fold): every run of white
 * space and breaking characters folded to one space, the ends trimmed.
 * The tagged formats (RIS, MEDLINE, Web of Science, EndNote) fold their
 * continued values so when they read them, and their writers every value
 * that must not span lines or start a tag. */
#include "text/unicode.h"

#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* How many of the 16 bytes at s[i] join the run, from the first: printable
 * ASCII, and a space that follows text (not another space, not the run's
 * start: `first` says s[i] starts it).  A byte that does not is left to the
 * byte-by-byte loop (a character that is not ASCII, a separator). */
static size_t stays16(const char *s, size_t i, bool first)
{
    bool prev_space = first || s[i - 1] == ' ';
#ifdef __SSE2__
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
    __m128i ok = _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8(0x1f)), _mm_cmplt_epi8(x, _mm_set1_epi8(0x7f)));
    unsigned sp = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(' ')));
    unsigned bad = (~(unsigned)_mm_movemask_epi8(ok) & 0xFFFFu) | (sp & ((sp << 1) | (prev_space ? 1u : 0u)));
    return bad ? (size_t)__builtin_ctz(bad) : 16;
#else
    /* two words: the range test is exact (a byte below 0x20 has no high
     * bit after adding 0x60; a carry out of a byte needs one of 0xa0 or
     * above, which its own high bit flags); the space mask may also flag a
     * '!' after a space, which only sends the block to the slow loop */
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
    for (int half = 0; half < 2; half++) {
        uint64_t x;
        memcpy(&x, s + i + 8 * half, 8);
        if ((~(x + 0x60 * ones) | (x + ones) | x) & highs)
            return 0;
        uint64_t y = x ^ (0x20 * ones);
        uint64_t spaces = (y - ones) & ~y & highs;
        if (spaces & (spaces << 8))
            return 0;
    }
    return !(s[i] == ' ' && prev_space) && !(s[i + 8] == ' ' && s[i + 7] == ' ') ? 16 : 0;
#endif
}

/* Fast path: almost every byte of a value is printable ASCII or a single
 * space between words, which folding leaves as it is, so the loop collects
 * a whole run of such text (16 bytes at a time where it can, up to the first
 * byte that needs a look where it cannot, anything else decoded and checked) and appends it with one pc_buf_put; only the
 * separators between runs are handled one by one.  Bytes that are not
 * UTF-8 count as spaces. */
bool pc_line_fold(pc_buf *b, const char *s, size_t n)
{
    size_t start = b->len;
    bool space = false, wide = false;
    for (size_t i = 0; i < n;) {
        size_t run = i;
        bool stop = false;
        while (i < n && !stop) {
            if (n - i >= 16) {
                size_t k = stays16(s, i, i == run);
                i += k;
                if (k == 16)
                    continue;
            }
            for (size_t end = n - i > 16 ? i + 16 : n; i < end;) {
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
                if (len < 1 || pc_unicode_is_breaking(cp)) {
                    stop = true; /* space, C0 control, DEL, a breaking or a bad character */
                    break;
                }
                wide = true;
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
    return wide;
}
