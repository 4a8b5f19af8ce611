/* SPDX-License-Identifier: MIT */
/* encoding.c — encoding names and aliases, byte-order marks, the headers
 * that name an encoding (JabRef, Emacs, Vim, XML) and whether the bytes fit
 * them, and the decoders pc_source runs: iconv, and UTF-8 with bytes that
 * are not UTF-8 read as Windows-1252.  The guess behind the "try
 * --encoding" hint is in encoding_guess.c. */
#include "io/encoding.h"

#include "text/unicode.h"

#include <ctype.h>
#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* ---- names --------------------------------------------------------------- */

enum { NAME_MAX_LEN = 48 };

/* `name` in lower case with everything but letters and digits dropped
 * ("ISO_8859-1" -> "iso88591"); false if empty or too long. */
static bool normalise(const char *name, char out[NAME_MAX_LEN])
{
    size_t k = 0;
    for (const char *p = name; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (!isalnum(c))
            continue;
        if (k + 1 >= NAME_MAX_LEN)
            return false;
        out[k++] = (char)tolower(c);
    }
    out[k] = '\0';
    return k > 0;
}

/* Names iconv (glibc) does not take as people write them: normalised
 * spelling -> iconv's.  Java's historical names (what JabRef 2.x wrote)
 * and Emacs' (what coding cookies say) are here too. */
static const struct {
    const char *norm, *iconv;
} aliases[] = {
    {"latin1", "ISO-8859-1"},          {"l1", "ISO-8859-1"},
    {"isolatin1", "ISO-8859-1"},       {"latin9", "ISO-8859-15"},
    {"l9", "ISO-8859-15"},             {"latin0", "ISO-8859-15"},
    {"isolatin9", "ISO-8859-15"},      {"ansi", "WINDOWS-1252"},
    {"msansi", "WINDOWS-1252"},        {"utf8", "UTF-8"},
    {"utf8withsignature", "UTF-8"},    {"undecided", "UTF-8"},
    {"preferutf8", "UTF-8"},           {"utf16", "UTF-16"},
    {"utf16le", "UTF-16LE"},           {"utf16be", "UTF-16BE"},
    {"utf32", "UTF-32"},               {"utf32le", "UTF-32LE"},
    {"utf32be", "UTF-32BE"},           {"unicodebig", "UTF-16"},
    {"unicodelittle", "UTF-16"},       {"unicodebigunmarked", "UTF-16BE"},
    {"unicodelittleunmarked", "UTF-16LE"}, {"shiftjis", "SHIFT_JIS"},
    {"sjis", "SHIFT_JIS"},             {"mskanji", "CP932"},
    {"windows31j", "CP932"},           {"macroman", "MACINTOSH"},
    {"xmacroman", "MACINTOSH"},        {"mac", "MACINTOSH"},
    {"euccn", "GB2312"},               {"usascii", "ASCII"},
};

/* Code pages by number: "windows-1250", "win1251", "x-cp1252", "ibm850". */
static const struct {
    const char *prefix, *iconv;
} code_pages[] = {
    {"windows", "CP"}, {"win", "CP"}, {"xcp", "CP"}, {"cp", "CP"}, {"ibm", "IBM"},
};

static bool iconv_takes(const char *name)
{
    iconv_t cd = iconv_open("UTF-8", name);
    if (cd == (iconv_t)-1)
        return false;
    iconv_close(cd);
    return true;
}

/* An alias or a code page number for the normalised name, into *out. */
static bool alias_of(const char *norm, pc_buf *out)
{
    for (size_t i = 0; i < sizeof aliases / sizeof *aliases; i++)
        if (!strcmp(norm, aliases[i].norm)) {
            pc_buf_puts(out, aliases[i].iconv);
            return true;
        }
    for (size_t i = 0; i < sizeof code_pages / sizeof *code_pages; i++) {
        size_t k = strlen(code_pages[i].prefix);
        const char *num = norm + k;
        if (strncmp(norm, code_pages[i].prefix, k) || !*num || strspn(num, "0123456789") != strlen(num))
            continue;
        pc_buf_printf(out, "%s%s", code_pages[i].iconv, num);
        return true;
    }
    return false;
}

bool pc_encoding_iconv_name(const char *name, pc_buf *out)
{
    pc_buf_clear(out);
    if (!*name) /* iconv's "" is the locale's charset: not a name */
        return false;
    if (iconv_takes(name)) {
        pc_buf_puts(out, name);
        return true;
    }
    char norm[NAME_MAX_LEN];
    if (!normalise(name, norm))
        return false;
    if (alias_of(norm, out) && iconv_takes(out->ptr))
        return true;
    pc_buf_clear(out);
    for (char *p = norm; *p; p++) /* "iso-8859_15" -> "ISO885915", which iconv takes */
        *p = (char)toupper((unsigned char)*p);
    if (iconv_takes(norm)) {
        pc_buf_puts(out, norm);
        return true;
    }
    return false;
}

bool pc_encoding_known(const char *name)
{
    pc_buf b = PC_BUF_INIT;
    bool ok = pc_encoding_iconv_name(name, &b);
    pc_buf_free(&b);
    return ok;
}

bool pc_encoding_is_utf8(const char *name)
{
    char norm[NAME_MAX_LEN];
    return normalise(name, norm) && !strcmp(norm, "utf8");
}

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

/* ---- headers --------------------------------------------------------------- */

void pc_encoding_header_free(pc_encoding_header *h)
{
    if (h)
        pc_buf_free(&h->name);
}

/* The line at head + at (ending at '\n' or '\r'): its length, or false if
 * it has no line end within n (it may be cut: do not guess). */
static bool line_at(const char *head, size_t n, size_t at, size_t *len)
{
    size_t i = at;
    while (i < n && head[i] != '\n' && head[i] != '\r')
        i++;
    *len = i - at;
    return i < n;
}

/* The next line start after the line [at, at + len). */
static size_t next_line(const char *head, size_t n, size_t at, size_t len)
{
    size_t i = at + len;
    if (i < n && head[i] == '\r')
        i++;
    if (i < n && head[i] == '\n' && (i == at + len || head[i - 1] == '\r'))
        i++;
    return i;
}

static bool name_char(char c) { return isalnum((unsigned char)c) || c == '-' || c == '_' || c == '.'; }

/* Fills h with the name at s (up to the first character no name has). */
static bool header_name(pc_encoding_header *h, const char *s, const char *end, unsigned long line, size_t at,
                        size_t len)
{
    while (s < end && (*s == ' ' || *s == '\t'))
        s++;
    const char *e = s;
    while (e < end && name_char(*e))
        e++;
    while (e > s && (e[-1] == '-' || e[-1] == '.')) /* "-*-coding:latin-1-*-" */
        e--;
    if (e == s)
        return false;
    pc_buf_clear(&h->name);
    pc_buf_put(&h->name, s, (size_t)(e - s));
    h->line = line;
    h->at = at;
    h->len = len;
    return true;
}

/* JabRef 2.x-4.x write "% This file was created with JabRef 2.10.",
 * "% Encoding: windows-1252" and a blank line before the first entry;
 * JabRef 5 writes "% Encoding: UTF-8" alone.  Only the comment lines at the
 * very top are looked at: a "% Encoding:" further down is some comment. */
bool pc_encoding_jabref(const char *head, size_t n, pc_encoding_header *h)
{
    static const char key[] = "% Encoding:";
    const size_t klen = sizeof key - 1;
    size_t i = 0, len;
    for (unsigned long line = 1; i < n && head[i] == '%' && line_at(head, n, i, &len); line++) {
        if (len > klen && !pc_strncasecmp(head + i, key, klen)) {
            const char *s = head + i + klen;
            size_t sn = len - klen;
            pc_trim(&s, &sn);
            h->what = "JabRef's % Encoding header";
            return sn > 0 && header_name(h, s, s + sn, line, i, len);
        }
        i = next_line(head, n, i, len);
    }
    return false;
}

/* Where `key` starts in s[0, n), case-insensitively; NULL if nowhere. */
static const char *find_ci(const char *s, size_t n, const char *key)
{
    size_t k = strlen(key);
    for (size_t i = 0; i + k <= n; i++)
        if (!pc_strncasecmp(s + i, key, k))
            return s + i;
    return NULL;
}

/* Emacs: "-*- coding: NAME -*-", or a "coding:" among "-*- a: b; c: d -*-". */
static bool emacs_cookie(const char *s, size_t n, pc_encoding_header *h, unsigned long line, size_t at)
{
    const char *open = find_ci(s, n, "-*-");
    if (!open)
        return false;
    const char *in = open + 3, *end = s + n;
    const char *close = find_ci(in, (size_t)(end - in), "-*-");
    if (!close)
        return false;
    const char *c = find_ci(in, (size_t)(close - in), "coding:");
    if (!c || (c > in && (isalnum((unsigned char)c[-1]) || c[-1] == '-')))
        return false;
    if (!header_name(h, c + 7, close, line, at, n))
        return false;
    /* Emacs names the line ends too: latin-1-unix, utf-8-dos, cp1252-mac */
    static const char *const eol[] = {"-unix", "-dos", "-mac"};
    for (size_t i = 0; i < sizeof eol / sizeof *eol; i++) {
        size_t k = strlen(eol[i]);
        if (h->name.len > k && !pc_strcasecmp(h->name.ptr + h->name.len - k, eol[i]))
            pc_buf_truncate(&h->name, h->name.len - k);
    }
    return true;
}

/* Vim: a modeline "vim: set fileencoding=NAME :" or "vim:fenc=NAME". */
static bool vim_cookie(const char *s, size_t n, pc_encoding_header *h, unsigned long line, size_t at)
{
    static const char *const marks[] = {"vim:", "vi:", "ex:"};
    static const char *const keys[] = {"fileencoding=", "fenc="};
    for (size_t m = 0; m < sizeof marks / sizeof *marks; m++) {
        const char *v = find_ci(s, n, marks[m]);
        if (!v || (v > s && !pc_is_space((unsigned char)v[-1])))
            continue;
        const char *rest = v + strlen(marks[m]);
        for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
            const char *f = find_ci(rest, (size_t)(s + n - rest), keys[k]);
            if (f && (f == rest || !isalnum((unsigned char)f[-1])) &&
                header_name(h, f + strlen(keys[k]), s + n, line, at, n))
                return true;
        }
    }
    return false;
}

bool pc_encoding_cookie(const char *head, size_t n, pc_encoding_header *h)
{
    size_t i = 0, len;
    h->what = "the coding cookie";
    for (unsigned long line = 1; line <= 5 && i < n && line_at(head, n, i, &len); line++) {
        if ((line <= 2 && emacs_cookie(head + i, len, h, line, i)) || vim_cookie(head + i, len, h, line, i))
            return true;
        i = next_line(head, n, i, len);
    }
    return false;
}

bool pc_encoding_xml_declared(const char *head, size_t n, pc_buf *name)
{
    if (n >= 3 && !memcmp(head, "\xEF\xBB\xBF", 3))
        head += 3, n -= 3;
    if (n < 6 || memcmp(head, "<?xml", 5) || !pc_is_space((unsigned char)head[5]))
        return false;
    const char *end = find_ci(head, n < 256 ? n : 256, "?>");
    const char *e = end ? find_ci(head, (size_t)(end - head), "encoding") : NULL;
    if (!e)
        return false;
    const char *p = e + 8;
    while (p < end && pc_is_space((unsigned char)*p))
        p++;
    if (p == end || *p++ != '=')
        return false;
    while (p < end && pc_is_space((unsigned char)*p))
        p++;
    if (p == end || (*p != '"' && *p != '\''))
        return false;
    const char *q = memchr(p + 1, *p, (size_t)(end - p - 1));
    if (!q)
        return false;
    pc_buf_clear(name);
    pc_buf_put(name, p + 1, (size_t)(q - p - 1));
    return name->len > 0;
}

bool pc_encoding_is_utf8_text(const char *s, size_t n)
{
    if (pc_utf8_is_ascii(s, n))
        return false;
    size_t bad;
    return pc_utf8_valid(s, n, &bad) || (bad + 4 > n && (unsigned char)s[bad] >= 0xC2);
}

/* ---- the decoders ------------------------------------------------------- */

struct pc_decoder {
    iconv_t cd;       /* (iconv_t)-1: UTF-8, bytes that are not UTF-8 read as Windows-1252 */
    size_t unit;      /* the bytes one undecodable unit takes (2 in UTF-16) */
    bool single_byte;
};

/* Decodes in[0, n) from scratch into out[0, cap); the iconv error, or 0. */
static int decode_all(iconv_t cd, const char *in, size_t n, char *out, size_t cap, size_t *used, size_t *made)
{
    iconv(cd, NULL, NULL, NULL, NULL); /* a fresh state */
    char *ip = (char *)in, *op = out;
    size_t il = n, ol = cap;
    size_t r = iconv(cd, &ip, &il, &op, &ol);
    int err = r == (size_t)-1 ? errno : 0;
    *used = (size_t)(ip - in);
    *made = (size_t)(op - out);
    return err;
}

/* Every byte 0x80-0xFF alone: none the start of a longer sequence, and
 * some characters. */
static bool probe_single_byte(iconv_t cd)
{
    int chars = 0;
    for (int b = 0x80; b <= 0xFF; b++) {
        char in = (char)b, out[8];
        size_t used, made;
        int err = decode_all(cd, &in, 1, out, sizeof out, &used, &made);
        if (err == EINVAL)
            return false;
        chars += !err && made > 0;
    }
    return chars > 0;
}

/* How many bytes "A" takes in the encoding (past a byte-order mark). */
static size_t probe_unit(const char *name)
{
    iconv_t to = iconv_open(name, "UTF-8");
    if (to == (iconv_t)-1)
        return 1;
    char one[16], two[16];
    size_t used, n1, n2;
    int e1 = decode_all(to, "A", 1, one, sizeof one, &used, &n1);
    int e2 = decode_all(to, "AA", 2, two, sizeof two, &used, &n2);
    iconv_close(to);
    return !e1 && !e2 && n2 > n1 && n2 - n1 <= 4 ? n2 - n1 : 1;
}

pc_decoder *pc_decoder_new(const char *name)
{
    pc_buf iname = PC_BUF_INIT;
    iconv_t cd = pc_encoding_iconv_name(name, &iname) ? iconv_open("UTF-8", iname.ptr) : (iconv_t)-1;
    if (cd == (iconv_t)-1) {
        pc_buf_free(&iname);
        return NULL;
    }
    pc_decoder *d = pc_xmalloc(sizeof *d);
    d->cd = cd;
    d->unit = probe_unit(iname.ptr);
    d->single_byte = probe_single_byte(cd);
    iconv(cd, NULL, NULL, NULL, NULL);
    pc_buf_free(&iname);
    return d;
}

pc_decoder *pc_decoder_new_utf8(void)
{
    pc_decoder *d = pc_xmalloc(sizeof *d);
    d->cd = (iconv_t)-1;
    d->unit = 1;
    d->single_byte = false;
    return d;
}

void pc_decoder_free(pc_decoder *d)
{
    if (!d)
        return;
    if (d->cd != (iconv_t)-1)
        iconv_close(d->cd);
    pc_free(d);
}

bool pc_decoder_single_byte(const pc_decoder *d) { return d->single_byte; }
size_t pc_decoder_unit(const pc_decoder *d) { return d->unit; }

/* True if s[0, k) (k < the sequence's length) can start valid UTF-8: a lead
 * byte and continuation bytes, with the second byte's narrower range after
 * E0, ED, F0 and F4 (no overlongs, surrogates, or code points past
 * U+10FFFF). */
static bool utf8_prefix(const unsigned char *s, size_t k)
{
    unsigned char c = s[0];
    if (c < 0xC2 || c > 0xF4)
        return false;
    for (size_t i = 1; i < k; i++)
        if ((s[i] & 0xC0) != 0x80)
            return false;
    if (k < 2)
        return true;
    unsigned char lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80, hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
    return s[1] >= lo && s[1] <= hi;
}

static size_t utf8_seq_len(unsigned char c) { return c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4; }

/* The first i' >= i where in[i'] is not ASCII, or n: 32 bytes a step
 * with SSE2 (every x86-64), else 16 as two words. */
static size_t ascii_run(const char *in, size_t i, size_t n)
{
#ifdef __SSE2__
    for (; i + 32 <= n; i += 32) {
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(in + i));
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(in + i + 16));
        if (_mm_movemask_epi8(_mm_or_si128(a, b)))
            break;
    }
#endif
    const uint64_t highs = 0x8080808080808080u;
    for (uint64_t v, w; i + 16 <= n; i += 16) {
        memcpy(&v, in + i, 8);
        memcpy(&w, in + i + 8, 8);
        if ((v | w) & highs)
            break;
    }
    while (i < n && (unsigned char)in[i] < 0x80)
        i++;
    return i;
}

size_t pc_utf8_scan(const char *in, size_t n, bool whole, pc_decode_status *status)
{
    size_t i = 0;
    pc_decode_status st = PC_DECODE_OK;
    while ((i = ascii_run(in, i, n)) < n) {
        const unsigned char *p = (const unsigned char *)in + i;
        size_t len = utf8_seq_len(p[0]);
        /* the common cases without utf8proc: U+0080-U+07FF, and three
         * bytes with no overlong or surrogate possible (not E0, ED) */
        if (i + len <= n && (p[1] & 0xC0) == 0x80 &&
            ((p[0] >= 0xC2 && p[0] <= 0xDF) ||
             (p[0] >= 0xE1 && p[0] <= 0xEF && p[0] != 0xED && (p[2] & 0xC0) == 0x80))) {
            i += len;
            continue;
        }
        if (i + len > n) { /* cut here: by the end of the input, or of the room */
            if (!utf8_prefix(p, n - i))
                st = PC_DECODE_INVALID;
            else if (whole)
                st = PC_DECODE_INCOMPLETE;
            break;
        }
        int32_t cp;
        if (pc_utf8_next((const char *)p, len, &cp) != (int)len) {
            st = PC_DECODE_INVALID;
            break;
        }
        i += len;
    }
    if (status)
        *status = st;
    return i;
}

/* UTF-8 passes as it is up to the first byte that is not part of valid
 * UTF-8 (pc_utf8_scan). */
static pc_decode_status utf8_run(const char *in, size_t in_n, size_t *in_used, char *out, size_t out_cap,
                                 size_t *out_made)
{
    size_t n = in_n < out_cap ? in_n : out_cap;
    pc_decode_status st;
    size_t i = pc_utf8_scan(in, n, n == in_n, &st);
    memcpy(out, in, i);
    *in_used = *out_made = i;
    return st;
}

pc_decode_status pc_decoder_run(pc_decoder *d, const char *in, size_t in_n, size_t *in_used, char *out,
                                size_t out_cap, size_t *out_made)
{
    if (d->cd == (iconv_t)-1)
        return utf8_run(in, in_n, in_used, out, out_cap, out_made);
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

/* Windows-1252's 0x80-0x9F (0: one of the five bytes it leaves undefined);
 * 0xA0-0xFF are Latin-1's, the code point of the same number. */
static const uint16_t cp1252_c1[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178,
};

/* U+0000-U+FFFF as UTF-8 into out; its length. */
static size_t put_bmp(char *out, uint32_t cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | cp >> 6);
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    out[0] = (char)(0xE0 | cp >> 12);
    out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
}

size_t pc_decoder_replace(pc_decoder *d, const char *in, size_t in_n, char *out, size_t *out_made)
{
    uint32_t cp = 0xFFFD;
    size_t used = d->unit < in_n ? d->unit : in_n;
    if (d->cd == (iconv_t)-1) {
        unsigned char c = (unsigned char)in[0];
        cp = c >= 0xA0 ? c : c >= 0x80 && cp1252_c1[c - 0x80] ? cp1252_c1[c - 0x80] : 0xFFFD;
        used = 1;
    } else {
        iconv(d->cd, NULL, NULL, NULL, NULL); /* a shift state is not carried over the gap */
    }
    *out_made = put_bmp(out, cp);
    return used;
}

/* ---- fit ------------------------------------------------------------------------ */

pc_encoding_fit pc_encoding_fits(const char *name, const char *head, size_t n, const pc_encoding_header *h,
                                 size_t *bad)
{
    if (pc_encoding_is_utf8_text(head, n))
        return PC_FIT_UTF8;
    pc_buf iname = PC_BUF_INIT;
    iconv_t cd = pc_encoding_iconv_name(name, &iname) ? iconv_open("UTF-8", iname.ptr) : (iconv_t)-1;
    pc_buf_free(&iname);
    if (cd == (iconv_t)-1)
        return PC_FIT_NONE;
    enum { CHUNK = 4096 };
    char *out = pc_xmalloc(CHUNK * 4);
    pc_encoding_fit fit = PC_FIT_OK;
    size_t used, made;
    /* the header line is ASCII: it must read as itself */
    size_t len = h->len < CHUNK ? h->len : CHUNK;
    if (decode_all(cd, head + h->at, len, out, CHUNK * 4, &used, &made) || made != len ||
        memcmp(out, head + h->at, len))
        fit = PC_FIT_NOT_ASCII;
    iconv(cd, NULL, NULL, NULL, NULL);
    for (size_t at = 0; fit == PC_FIT_OK && at < n;) {
        size_t k = n - at < CHUNK ? n - at : CHUNK;
        char *ip = (char *)head + at, *op = out;
        size_t il = k, ol = CHUNK * 4;
        size_t r = iconv(cd, &ip, &il, &op, &ol);
        int err = errno;
        size_t step = (size_t)(ip - (head + at));
        if (r == (size_t)-1 && err == EILSEQ) {
            *bad = at + step;
            fit = PC_FIT_BAD_BYTE;
        } else if (!step) {
            break; /* a character cut by the end of head */
        }
        at += step;
    }
    pc_free(out);
    iconv_close(cd);
    return fit;
}
