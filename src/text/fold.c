/* SPDX-License-Identifier: MIT */
/* fold.c — case, accent and compatibility folding for comparing and
 * sorting (fold.h): utf8proc's case folding and decomposition, marks
 * stripped, then each remaining non-ASCII letter through pc_ascii_fold. */
#include "text/fold.h"
#include "text/unicode.h"

#include <stdlib.h>
#include <utf8proc.h>

/* Appends one folded code point when it is a word character; returns
 * whether it was one. */
static bool put_word_cp(pc_buf *out, int32_t cp)
{
    if (cp < 0x80) {
        if (!pc_is_alnum(cp))
            return false;
        pc_buf_putc(out, (char)pc_to_lower(cp));
        return true;
    }
    if (!pc_unicode_is_word(cp))
        return false;
    pc_buf one = PC_BUF_INIT;
    pc_utf8_put(&one, cp);
    size_t before = out->len;
    pc_ascii_fold(out, one.ptr, one.len); /* ø -> o; empty for letters with no ASCII form */
    for (size_t i = before; i < out->len; i++)
        out->ptr[i] = (char)pc_to_lower((unsigned char)out->ptr[i]);
    if (out->len == before)
        pc_buf_put(out, one.ptr, one.len);
    pc_buf_free(&one);
    return true;
}

/* The fold of both: `spaces` puts one space between two words. */
static void fold(pc_buf *out, const char *s, size_t n, bool spaces)
{
    utf8proc_uint8_t *m = NULL;
    utf8proc_ssize_t k = -1;
    if (!pc_utf8_is_ascii(s, n))
        k = utf8proc_map((const utf8proc_uint8_t *)s, (utf8proc_ssize_t)n, &m,
                         UTF8PROC_STABLE | UTF8PROC_COMPAT | UTF8PROC_CASEFOLD |
                             UTF8PROC_DECOMPOSE | UTF8PROC_STRIPMARK);
    const char *t = k >= 0 ? (const char *)m : s;
    size_t tn = k >= 0 ? (size_t)k : n;
    bool gap = false, any = false;
    for (size_t i = 0; i < tn;) {
        int32_t cp = (unsigned char)t[i];
        int len = 1;
        if (cp >= 0x80 && (len = pc_utf8_next(t + i, tn - i, &cp)) < 0) {
            i++; /* invalid UTF-8 (utf8proc refused the text): the byte is dropped */
            continue;
        }
        i += (size_t)len;
        size_t at = out->len;
        if (spaces && gap && any)
            pc_buf_putc(out, ' ');
        if (put_word_cp(out, cp)) {
            gap = false;
            any = true;
        } else {
            pc_buf_truncate(out, at);
            gap = true;
        }
    }
    free(m); /* utf8proc's memory (malloc'd): libc's free, not pc_free */
}

void pc_fold_match(pc_buf *out, const char *s, size_t n) { fold(out, s, n, false); }

void pc_fold_collate(pc_buf *out, const char *s, size_t n) { fold(out, s, n, true); }
