/* SPDX-License-Identifier: MIT */
/* citekey.c — the pieces of a citation key: today's base key of a record,
 * the characters a key may hold, stop words, folded words (citekey.h).
 * The set that keeps keys unique is keyset.c. */
#include "model/citekey.h"
#include "io/format_table.h"
#include "text/latex.h"
#include "text/unicode.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Title words that are never the key word (sorted, lower case). */
static const char *const stopwords[] = {
    "a",    "about", "above", "across", "after", "against", "al",  "along", "among", "an",
    "and",  "are",   "as",    "at",     "be",    "before",  "between", "beyond", "but", "by",
    "das",  "de",    "del",   "della",  "der",   "des",     "die", "do",    "du",    "during",
    "ein",  "eine",  "el",    "en",     "et",    "for",     "from", "il",   "in",    "into",
    "is",   "its",   "l",     "la",     "las",   "le",      "les", "lo",    "los",   "near",
    "nor",  "of",    "off",   "on",     "onto",  "or",      "over", "per",  "sur",   "than",
    "that", "the",   "their", "this",   "through", "to",    "toward", "towards", "un", "una",
    "under", "une",  "upon",  "via",    "von",   "vs",      "what", "with", "within", "without",
    "zu",   "zum",
};

/* strcmp of [w, w+n) with sw; inline: the formulas' filters ask per word */
static inline int cmp_word(const char *w, size_t n, const char *sw)
{
    size_t i = 0;
    for (; i < n && sw[i]; i++)
        if (w[i] != sw[i])
            return (unsigned char)w[i] - (unsigned char)sw[i];
    return i < n ? 1 : sw[i] ? -1 : 0;
}

bool pc_citekey_is_stopword(const char *w, size_t n)
{
    size_t lo = 0, hi = sizeof stopwords / sizeof *stopwords;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = cmp_word(w, n, stopwords[mid]);
        if (!c)
            return true;
        if (c > 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

void pc_citekey_put_folded(pc_buf *out, const char *s, size_t n)
{
    pc_buf f = PC_BUF_INIT;
    pc_ascii_fold(&f, s, n);
    for (size_t i = 0; i < f.len; i++) {
        unsigned char c = (unsigned char)f.ptr[i];
        if (pc_is_alnum(c))
            pc_buf_putc(out, (char)pc_to_lower(c));
    }
    pc_buf_free(&f);
}

void pc_citekey_word_pieces(const char *w, size_t n, pc_buf *out,
                            void (*put)(pc_buf *out, const char *s, size_t n))
{
    for (size_t q = 0; q < n;) {
        size_t m = w[q] == '$' ? pc_latex_math_span(w, q, n) : 0;
        if (m) {
            q += m;
            continue;
        }
        size_t e = q + 1;
        while (e < n && w[e] != '$')
            e++;
        put(out, w + q, e - q);
        q = e;
    }
}

/* First word of s (skipping stop words, math and words that fold to
 * nothing), folded; appended to out.  Returns false if there is none. */
static bool first_word(const char *s, pc_buf *out, bool skip_stop)
{
    size_t start = out->len;
    const char *p = s;
    while (*p) {
        while (*p && pc_is_space((unsigned char)*p))
            p++;
        const char *w = p;
        while (*p && !pc_is_space((unsigned char)*p))
            p++;
        if (p == w)
            continue;
        pc_buf_truncate(out, start);
        /* the word without its math: "$\alpha$-stable" -> "stable" */
        pc_citekey_word_pieces(w, (size_t)(p - w), out, pc_citekey_put_folded);
        if (out->len > start &&
            (!skip_stop || !pc_citekey_is_stopword(out->ptr + start, out->len - start)))
            return true;
    }
    pc_buf_truncate(out, start);
    return false;
}

void pc_citekey_base(const pc_record *rec, pc_buf *out)
{
    size_t start = out->len;
    if (pc_record_n_authors(rec)) {
        const pc_name *a = pc_record_author(rec, 0);
        if (a->literal) {
            first_word(a->literal, out, true);
        } else if (a->family) {
            pc_citekey_put_folded(out, a->family, strlen(a->family));
            if (out->len == start && *a->family) {
                /* nothing foldable (CJK, Cyrillic...): the first code point in hex */
                int32_t cp;
                if (pc_utf8_next(a->family, strlen(a->family), &cp) > 0)
                    pc_buf_printf(out, "u%04x", (unsigned)cp);
            }
        } else if (a->given) {
            pc_citekey_put_folded(out, a->given, strlen(a->given));
        }
    }
    if (out->len == start)
        pc_buf_puts(out, "anon");
    const pc_date *date = pc_record_date(rec, PC_F_ISSUED);
    if (date && date->year > 0) { /* digits by hand: printf cost a third of this function */
        char tmp[12];
        size_t k = sizeof tmp;
        for (int y = date->year; y; y /= 10)
            tmp[--k] = (char)('0' + y % 10);
        pc_buf_put(out, tmp + k, sizeof tmp - k);
    }
    const char *title = pc_record_get(rec, PC_F_TITLE);
    if (title)
        first_word(title, out, true);
}

/* Characters a key keeps: letters, marks and digits of any script
 * (müller2000, пункт3), and the ASCII punctuation BibTeX, biber and pandoc
 * all take in a key.  Not white space, controls and format characters
 * (U+00A0, U+2028, bidi controls, soft hyphens: invisible, or a line break
 * in the middle of a key), braces, commas, quotes and apostrophes
 * (pandoc's Markdown curls them), '#', '%', '=', '\', '~', '$', '^',
 * which break BibTeX's entry or \cite. */
size_t pc_citekey_char(const char *s, size_t n)
{
    unsigned char c = (unsigned char)*s;
    if (c < 0x80)
        return pc_is_alnum(c) || (c && strchr("-_:./+;?!()*@[]&", c)) ? 1 : 0;
    int32_t cp;
    int len = pc_utf8_next(s, n, &cp);
    return len > 0 && pc_unicode_is_word(cp) ? (size_t)len : 0;
}

