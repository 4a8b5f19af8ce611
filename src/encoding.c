/* SPDX-License-Identifier: MIT */
/* encoding.c — byte-order marks, JabRef's encoding header, the iconv
 * decoder pc_source runs, and the Latin-1 hint for invalid UTF-8. */
#include "paperconv/encoding.h"

#include "paperconv/unicode.h"

#include <errno.h>
#include <iconv.h>
#include <stdlib.h>

/* ---- byte-order marks ---------------------------------------------------- */

/* Longest first: the UTF-32LE mark starts with the UTF-16LE one. */
static const struct {
    const char *bytes;
    size_t len;
    const char *name;
} boms[] = {
    {"\xFF\xFE\x00\x00", 4, "UTF-32LE"},
    {"\x00\x00\xFE\xFF", 4, "UTF-32BE"},
    {"\xFF\xFE", 2, "UTF-16LE"},
    {"\xFE\xFF", 2, "UTF-16BE"},
};

const char *pc_encoding_from_bom(const char *head, size_t n, size_t *bom_len)
{
    for (size_t i = 0; i < sizeof boms / sizeof *boms; i++)
        if (n >= boms[i].len && !memcmp(head, boms[i].bytes, boms[i].len)) {
            *bom_len = boms[i].len;
            return boms[i].name;
        }
    return NULL;
}

/* ---- JabRef's header ----------------------------------------------------- */

/* JabRef 2.x-4.x write "% This file was created with JabRef 2.10.",
 * "% Encoding: windows-1252" and a blank line before the first entry;
 * JabRef 5 writes "% Encoding: UTF-8" alone.  Only the comment lines at the
 * very top are looked at: a "% Encoding:" further down is some comment. */
bool pc_encoding_jabref(const char *head, size_t n, pc_buf *name)
{
    static const char key[] = "% Encoding:";
    const size_t klen = sizeof key - 1;
    size_t i = 0;
    while (i < n && head[i] == '%') {
        const char *e = memchr(head + i, '\n', n - i);
        size_t len = e ? (size_t)(e - head) - i : n - i;
        if (!e)
            return false; /* the line may be cut: do not guess */
        if (len > klen && !pc_strncasecmp(head + i, key, klen)) {
            const char *s = head + i + klen;
            size_t sn = len - klen;
            pc_trim(&s, &sn);
            pc_buf_clear(name);
            pc_buf_put(name, s, sn);
            return sn > 0;
        }
        i += len + 1;
    }
    return false;
}

bool pc_encoding_is_utf8_text(const char *s, size_t n)
{
    if (pc_utf8_is_ascii(s, n))
        return false;
    size_t bad;
    return pc_utf8_valid(s, n, &bad) || (bad + 4 > n && (unsigned char)s[bad] >= 0xC2);
}

bool pc_encoding_is_utf8(const char *name)
{
    return !pc_strcasecmp(name, "UTF-8") || !pc_strcasecmp(name, "UTF8");
}

/* ---- the decoder --------------------------------------------------------- */

struct pc_decoder {
    iconv_t cd;
};

/* Java's historical names (what JabRef 2.x wrote) that glibc spells
 * otherwise; "ISO8859_1" and friends are handled by '_' -> '-'. */
static const struct {
    const char *java, *glibc;
} java_names[] = {
    {"MacRoman", "MACINTOSH"},
    {"x-MacRoman", "MACINTOSH"},
    {"UnicodeBig", "UTF-16"},
    {"UnicodeLittle", "UTF-16"},
};

static iconv_t open_from(const char *name)
{
    iconv_t cd = iconv_open("UTF-8", name);
    if (cd != (iconv_t)-1)
        return cd;
    for (size_t i = 0; i < sizeof java_names / sizeof *java_names; i++)
        if (!pc_strcasecmp(name, java_names[i].java))
            return iconv_open("UTF-8", java_names[i].glibc);
    if (!strchr(name, '_'))
        return (iconv_t)-1;
    char *dashed = pc_xstrdup(name);
    for (char *p = dashed; *p; p++)
        if (*p == '_')
            *p = '-';
    cd = iconv_open("UTF-8", dashed);
    free(dashed);
    return cd;
}

pc_decoder *pc_decoder_new(const char *name)
{
    iconv_t cd = open_from(name);
    if (cd == (iconv_t)-1)
        return NULL;
    pc_decoder *d = pc_xmalloc(sizeof *d);
    d->cd = cd;
    return d;
}

void pc_decoder_free(pc_decoder *d)
{
    if (!d)
        return;
    iconv_close(d->cd);
    free(d);
}

bool pc_encoding_known(const char *name)
{
    pc_decoder *d = pc_decoder_new(name);
    pc_decoder_free(d);
    return d != NULL;
}

pc_decode_status pc_decoder_run(pc_decoder *d, const char *in, size_t in_n, size_t *in_used, char *out,
                                size_t out_cap, size_t *out_made)
{
    char *ip = (char *)in, *op = out; /* iconv's prototype is not const */
    size_t il = in_n, ol = out_cap;
    size_t r = iconv(d->cd, &ip, &il, &op, &ol);
    int err = errno;
    *in_used = (size_t)(ip - in);
    *out_made = (size_t)(op - out);
    if (r != (size_t)-1 || err == E2BIG)
        return PC_DECODE_OK;
    return err == EINVAL ? PC_DECODE_INCOMPLETE : PC_DECODE_INVALID;
}

/* ---- the hint for invalid UTF-8 ------------------------------------------ */

/* Where a byte that is not UTF-8 comes from.  0x80-0x9F are C1 controls in
 * Latin-1, never text, but punctuation in Windows-1252 (curly quotes,
 * dashes, the euro sign), except five bytes it leaves undefined. */
static bool cp1252_defined(unsigned char c)
{
    return c != 0x81 && c != 0x8D && c != 0x8F && c != 0x90 && c != 0x9D;
}

const char *pc_encoding_hint(const char *s, size_t n)
{
    unsigned char c = (unsigned char)s[0];
    if (c < 0x80)
        return ""; /* NUL or a control: not a charset question */
    /* a lead byte followed by a continuation byte is UTF-8 gone wrong
     * (cut, overlong), not an 8-bit charset */
    if (c >= 0xC2 && c <= 0xF4 && n > 1 && ((unsigned char)s[1] & 0xC0) == 0x80)
        return "";
    if (c >= 0xA0)
        return "; the text looks like Latin-1: try --encoding latin1 (or windows-1252)";
    if (cp1252_defined(c))
        return "; the text looks like Windows-1252: try --encoding windows-1252";
    return "";
}
