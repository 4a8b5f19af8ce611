/* SPDX-License-Identifier: MIT */
/* test_fastpaths.c — the fast paths of the shared text modules against the
 * slow way: pc_utf8_nfc against utf8proc_NFC for every Unicode scalar value
 * (alone, after 'a', before 'a', and every canonical decomposition, so every
 * composition pair is tried), pc_buf_put_folded against a byte-at-a-time
 * reference, pc_line_fold against a code point by code point one, and
 * plain-text pc_latex_decode against NFC + folding. */
#include "harness.h"
#include "text/latex.h"
#include "text/unicode.h"

#include <utf8proc.h>

/* The obvious NFC: utf8proc's own, whole string. */
static char *ref_nfc(const char *s, size_t n, size_t *len)
{
    utf8proc_uint8_t *dst = NULL;
    utf8proc_ssize_t k = utf8proc_map((const utf8proc_uint8_t *)s, (utf8proc_ssize_t)n, &dst,
                                      UTF8PROC_STABLE | UTF8PROC_COMPOSE);
    if (k < 0) { /* pc_utf8_nfc leaves invalid input as it is */
        *len = n;
        return pc_xstrndup(s, n);
    }
    *len = (size_t)k;
    return (char *)dst;
}

/* Returns 1 when pc_utf8_nfc agrees; the first few failures are printed. */
static int nfc_same(const char *s, size_t n, const char *what, long *shown)
{
    pc_buf b = PC_BUF_INIT;
    pc_buf_put(&b, s, n);
    pc_utf8_nfc(&b);
    size_t wn;
    char *want = ref_nfc(s, n, &wn);
    int ok = b.len == wn && memcmp(b.ptr, want, b.len) == 0;
    if (!ok && (*shown)++ < 10) {
        printf("# %s: input", what);
        for (size_t i = 0; i < n; i++)
            printf(" %02X", (unsigned char)s[i]);
        printf("\n#   got %zu bytes, want %zu\n", b.len, wn);
    }
    free(want);
    pc_buf_free(&b);
    return ok;
}

static void test_nfc_every_code_point(harness *h)
{
    long bad_alone = 0, bad_after = 0, bad_before = 0, bad_nfd = 0, shown = 0, decomposed = 0;
    for (int32_t cp = 0; cp <= 0x10FFFF; cp++) {
        if (cp >= 0xD800 && cp <= 0xDFFF)
            continue;
        char s[64];
        utf8proc_ssize_t k = utf8proc_encode_char(cp, (utf8proc_uint8_t *)s + 1);
        s[0] = 'a';
        s[k + 1] = 'a';
        bad_alone += !nfc_same(s + 1, (size_t)k, "alone", &shown);
        bad_after += !nfc_same(s, (size_t)k + 1, "after a", &shown);
        bad_before += !nfc_same(s + 1, (size_t)k + 1, "before a", &shown);
        /* the full canonical decomposition must compose back the same way */
        utf8proc_int32_t dec[16];
        int last = 0;
        utf8proc_ssize_t d = utf8proc_decompose_char(cp, dec, 16, UTF8PROC_DECOMPOSE, &last);
        if (d >= 2 && d <= 8) {
            size_t len = 0;
            for (utf8proc_ssize_t j = 0; j < d; j++)
                len += (size_t)utf8proc_encode_char(dec[j], (utf8proc_uint8_t *)s + len);
            bad_nfd += !nfc_same(s, len, "decomposition", &shown);
            decomposed++;
        }
    }
    h_result(h, bad_alone == 0, "nfc: every scalar value alone (%ld differ)", bad_alone);
    h_result(h, bad_after == 0, "nfc: every scalar value after 'a' (%ld differ)", bad_after);
    h_result(h, bad_before == 0, "nfc: every scalar value before 'a' (%ld differ)", bad_before);
    h_result(h, bad_nfd == 0 && decomposed > 2000,
             "nfc: every canonical decomposition (%ld tried, %ld differ)", decomposed, bad_nfd);
}

/* A small deterministic generator, so failures reproduce. */
static unsigned long rng_next(unsigned long *st)
{
    *st = *st * 6364136223846793005UL + 1442695040888963407UL;
    return *st >> 33;
}

/* Pieces that exercise the segment logic: ASCII, spaces, stable letters,
 * marks, Hangul jamo and syllables, singletons, exclusions, invalid bytes. */
static const char *const pieces[] = {
    "a", "e", "o", " ", "  ", "\t", "\n", "x y", "\xC3\xA9", "\xC3\xB8", "\xC5\x82",
    "\xCC\x81", "\xCC\x82", "\xCC\xA3", "\xCC\x9B", "\xCD\x85", "\xE1\xBB\x85", "\xE1\xBA\xA0",
    "\xE1\x84\x80", "\xE1\x85\xA1", "\xE1\x86\xA8", "\xEA\xB0\x80", "\xE2\x84\xAA",
    "\xCD\xB4", "\xE0\xA5\x98", "\xE0\xAD\x87", "\xE0\xAC\xBE", "\xE0\xAD\x96", "\xCE\xB1",
    "\xE1\xBF\xAF", "\xF0\x9D\x85\x9E", "\xE3\x81\x8B", "\xE3\x82\x99", "-", "{",
    /* invalid UTF-8 (must stay as it is): only in one string in ten */
    "\xC3", "\x80", "\xED\xA0\x80",
};
enum { N_INVALID = 3 };

static void test_nfc_random(harness *h)
{
    unsigned long st = 42;
    long bad = 0, shown = 0;
    const size_t np = sizeof pieces / sizeof *pieces;
    for (int t = 0; t < 200000; t++) {
        char s[256];
        size_t len = 0;
        int parts = (int)(rng_next(&st) % 12) + 1;
        for (int p = 0; p < parts; p++) {
            size_t avail = t % 10 == 0 ? np : np - N_INVALID;
            const char *piece = pieces[rng_next(&st) % avail];
            size_t pl = strlen(piece);
            memcpy(s + len, piece, pl);
            len += pl;
        }
        bad += !nfc_same(s, len, "random", &shown);
    }
    h_result(h, bad == 0, "nfc: 200000 random mixes of marks, jamo and text (%ld differ)", bad);
}

/* Folding byte by byte, as pc_buf_put_folded did before it copied runs. */
static void ref_fold(pc_buf *b, const char *s, size_t n)
{
    int pending = 0;
    size_t start = b->len;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            pending = 1;
            continue;
        }
        if (pending && b->len > start)
            pc_buf_putc(b, ' ');
        pending = 0;
        pc_buf_putc(b, (char)c);
    }
}

static void test_folded(harness *h)
{
    static const char alphabet[] = {' ', '\t', '\n', '\r', '\f', '\v', 'a', 'b', '\0', '\x1f',
                                    '!', '\xC3', '\xA9', '~'};
    unsigned long st = 7;
    long bad = 0;
    for (int t = 0; t < 100000; t++) {
        char s[40];
        size_t n = rng_next(&st) % sizeof s;
        for (size_t i = 0; i < n; i++)
            s[i] = alphabet[rng_next(&st) % sizeof alphabet];
        pc_buf got = PC_BUF_INIT, want = PC_BUF_INIT;
        const char *prefix = t % 3 == 0 ? "" : t % 3 == 1 ? "x" : "x ";
        pc_buf_puts(&got, prefix);
        pc_buf_puts(&want, prefix);
        pc_buf_put_folded(&got, s, n);
        ref_fold(&want, s, n);
        if (got.len != want.len || memcmp(got.ptr, want.ptr, got.len) != 0 ||
            got.ptr[got.len] != '\0') {
            if (bad++ < 5)
                printf("# fold differs on a %zu-byte input (case %d)\n", n, t);
        }
        pc_buf_free(&got);
        pc_buf_free(&want);
    }
    h_result(h, bad == 0, "pc_buf_put_folded: 100000 random inputs like the reference (%ld differ)",
             bad);
}

/* pc_line_fold, code point by code point: a byte that is not UTF-8, a
 * space and a breaking character separate; text comes with one space
 * between, none at the ends. */
static void ref_line_fold(pc_buf *b, const char *s, size_t n)
{
    size_t start = b->len;
    bool pending = false;
    for (size_t i = 0; i < n;) {
        int32_t cp;
        int len = pc_utf8_next(s + i, n - i, &cp);
        if (len < 1 || cp == ' ' || pc_unicode_is_breaking(cp)) {
            pending = true;
            i += len < 1 ? 1 : (size_t)len;
            continue;
        }
        if (pending && b->len > start)
            pc_buf_putc(b, ' ');
        pending = false;
        pc_buf_put(b, s + i, (size_t)len);
        i += (size_t)len;
    }
}

static void test_line_fold(harness *h)
{
    /* pieces: words and single spaces (the 16-byte blocks), white space,
     * controls, DEL, NEL, LS and PS, a no-break space (kept), accents, bad
     * bytes */
    static const char *const piece[] = {"abcdefgh", "ijkl mnop", " ", "  ", "\t", "\n", "\r\n", "x",
                                        "!", "~", "\x7f", "\x01", "\xC2\x85", "\xC2\xA0", "\xE2\x80\xA8",
                                        "\xE2\x80\xA9", "\xC3\xA9", "\xC3", "\xFF", "\xE2\x80", "a b c d e f g h "};
    unsigned long st = 11;
    long bad = 0;
    for (int t = 0; t < 100000; t++) {
        char s[200];
        size_t n = 0, k = rng_next(&st) % 24;
        for (size_t j = 0; j < k; j++) {
            const char *p = piece[rng_next(&st) % (sizeof piece / sizeof *piece)];
            size_t l = strlen(p);
            if (n + l > sizeof s)
                break;
            memcpy(s + n, p, l);
            n += l;
        }
        pc_buf got = PC_BUF_INIT, want = PC_BUF_INIT;
        const char *prefix = t % 2 ? "" : "x ";
        pc_buf_puts(&got, prefix);
        pc_buf_puts(&want, prefix);
        pc_line_fold(&got, s, n);
        ref_line_fold(&want, s, n);
        if (got.len != want.len || memcmp(got.ptr, want.ptr, got.len) != 0) {
            if (bad++ < 5)
                printf("# pc_line_fold differs on a %zu-byte input (case %d): got \"%s\", want \"%s\"\n", n,
                       t, got.ptr, want.ptr);
        }
        pc_buf_free(&got);
        pc_buf_free(&want);
    }
    h_result(h, bad == 0, "pc_line_fold: 100000 random inputs like the reference (%ld differ)", bad);
}

/* Text with none of \ $ { } ~ - ` ' takes pc_latex_decode's shortcut; it
 * must read as NFC of the text, folded. */
static void test_plain_decode(harness *h)
{
    static const char *const plain[] = {
        "a", "e", " ", "  ", "\t", "\n", "\xC3\xA9", "\xCC\x81", "\xCC\xA3", "\xE1\x84\x80",
        "\xE1\x85\xA1", "\xE2\x84\xAA", "\xCD\xBE", "Z", "&", "%", "\"",
    };
    unsigned long st = 99;
    long bad = 0;
    const size_t np = sizeof plain / sizeof *plain;
    for (int t = 0; t < 50000; t++) {
        char s[256];
        size_t len = 0;
        int parts = (int)(rng_next(&st) % 10);
        for (int p = 0; p < parts; p++) {
            const char *piece = plain[rng_next(&st) % np];
            memcpy(s + len, piece, strlen(piece));
            len += strlen(piece);
        }
        pc_buf got = PC_BUF_INIT, want = PC_BUF_INIT;
        pc_buf_puts(&got, "<");
        pc_buf_puts(&want, "<");
        pc_latex_decode(s, len, &got, NULL, NULL);
        size_t nn;
        char *nfc = ref_nfc(s, len, &nn);
        ref_fold(&want, nfc, nn);
        free(nfc);
        if (strcmp(got.ptr, want.ptr) != 0 && bad++ < 5)
            printf("# decode: got [%s] want [%s]\n", got.ptr, want.ptr);
        pc_buf_free(&got);
        pc_buf_free(&want);
    }
    h_result(h, bad == 0, "pc_latex_decode of plain text is NFC + folding (%ld differ)", bad);
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    test_nfc_every_code_point(&h);
    test_nfc_random(&h);
    test_folded(&h);
    test_line_fold(&h);
    test_plain_decode(&h);
    return h_done(&h);
}
