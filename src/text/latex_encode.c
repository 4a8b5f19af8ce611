/* SPDX-License-Identifier: MIT */
/* latex_encode.c — Unicode -> LaTeX, for the BibTeX writer (the decoder is
 * latex.c).
 *
 * Walks UTF-8 and looks characters up in the symbol table
 * (latex_table.inc, sorted by code point, binary search) or builds accents
 * from the character's NFD decomposition and the accent table below.  Math
 * ($...$) is never touched.  pc_latex_encode_rich adds the markup spans
 * and a title's case protection on top. */
#include "text/latex.h"
#include "text/unicode.h"

#include <stdlib.h>
#include <utf8proc.h>

#include "latex_script.h"

typedef struct sym {
    int32_t cp;
    const char *tex;
    char kind; /* 'W' control word, 'L' literal, 'M' math symbol */
} sym;

static const sym symtab[] = {
#include "latex_table.inc"
};
enum { N_SYM = sizeof symtab / sizeof *symtab };

/* Accent commands and the combining marks they stand for, as the encoder
 * writes them (the decoder reads these and more: latex_commands.inc). */
static const struct {
    int32_t mark;
    const char *cmd;
} accents[] = {
    {0x0300, "`"}, {0x0301, "'"}, {0x0302, "^"}, {0x0303, "~"}, {0x0304, "="}, {0x0306, "u"},
    {0x0307, "."}, {0x0308, "\""}, {0x030A, "r"}, {0x030B, "H"}, {0x030C, "v"}, {0x0323, "d"},
    {0x0309, "h"}, /* hook above, vntex */
    /* marks below, as tipa names them */
    {0x0324, "textsubumlaut"}, {0x0325, "textsubring"},
    {0x0326, "textcommabelow"}, {0x0327, "c"}, {0x0328, "k"}, {0x032D, "textsubcircum"},
    {0x032E, "textsubbreve"}, {0x0330, "textsubtilde"}, {0x0331, "b"}, {0x0361, "t"},
};
enum { N_ACCENT = sizeof accents / sizeof *accents };

bool pc_latex_table_entry(size_t i, int32_t *cp, const char **tex, char *kind)
{
    if (i >= N_SYM)
        return false;
    *cp = symtab[i].cp;
    *tex = symtab[i].tex;
    *kind = symtab[i].kind;
    return true;
}

bool pc_latex_accent_entry(size_t i, int32_t *mark, const char **cmd)
{
    if (i >= N_ACCENT)
        return false;
    *mark = accents[i].mark;
    *cmd = accents[i].cmd;
    return true;
}

static const sym *sym_by_cp(int32_t cp)
{
    size_t lo = 0, hi = N_SYM;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (symtab[mid].cp == cp)
            return &symtab[mid];
        if (symtab[mid].cp < cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

static const char *accent_for_mark(int32_t mark)
{
    for (size_t i = 0; i < N_ACCENT; i++)
        if (accents[i].mark == mark)
            return accents[i].cmd;
    return NULL;
}

/* Characters that make a ligature with the same character before them
 * (-- ---, `` '', and T1's ,, << >>). */
static bool ligature_char(char c)
{
    return c == '-' || c == '\'' || c == '`' || c == ',' || c == '<' || c == '>';
}

/* Appends "{}" if c would make a ligature with the last byte this call
 * wrote (out[start..]): "-" then "--" must not read as "---", nor "!" then
 * "`" (‘) as LaTeX's ¡. */
static void separate(pc_buf *out, size_t start, char c)
{
    char last = out->len > start ? out->ptr[out->len - 1] : 0;
    if ((last == c && ligature_char(c)) || (c == '`' && (last == '!' || last == '?')))
        pc_buf_puts(out, "{}");
}

static void put_sym(pc_buf *out, size_t start, const sym *y)
{
    if (y->kind == 'L')
        separate(out, start, y->tex[0]);
    switch (y->kind) {
    case 'W':
        pc_buf_putc(out, '{');
        pc_buf_puts(out, y->tex);
        pc_buf_putc(out, '}');
        break;
    case 'M': /* braced: one special character for BibTeX, whatever the case */
        pc_buf_puts(out, "{\\ensuremath{");
        pc_buf_puts(out, y->tex);
        pc_buf_puts(out, "}}");
        break;
    default:
        pc_buf_puts(out, y->tex);
    }
}

static bool put_marked(pc_buf *out, const utf8proc_int32_t *dec, utf8proc_ssize_t k);

/* Writes cp as base letter + accent commands, e.g. {\^{\d{a}}}; false when
 * its decomposition has a part with no LaTeX form. */
static bool put_accented(pc_buf *out, int32_t cp)
{
    utf8proc_int32_t dec[8];
    int last = 0;
    utf8proc_ssize_t k = utf8proc_decompose_char(cp, dec, 8, UTF8PROC_DECOMPOSE, &last);
    if (k < 2 || k > 8)
        return false;
    return put_marked(out, dec, k);
}

/* Writes a base character dec[0] and its combining marks dec[1..k).
 * Everything is checked before anything is written, and the nesting is
 * written outside in, so no scratch buffer is needed: this runs for every
 * accented letter the BibTeX writer meets. */
static bool put_marked(pc_buf *out, const utf8proc_int32_t *dec, utf8proc_ssize_t k)
{
    utf8proc_ssize_t first_mark = 1;
    char letter = 0;
    const char *base = NULL;
    if (k > 8)
        return false;
    if (dec[1] == 0x031B) { /* horn: o/u + horn are letters of their own (ơ, ư) */
        utf8proc_int32_t pair[2] = {dec[0], dec[1]};
        if (utf8proc_normalize_utf32(pair, 2, UTF8PROC_STABLE | UTF8PROC_COMPOSE) == 1) {
            const sym *y = sym_by_cp(pair[0]);
            if (!y)
                return false;
            base = y->tex;
            first_mark = 2;
        }
    }
    if (first_mark == 2) {
    } else if (dec[0] < 0x80 && pc_is_alpha(dec[0])) {
        letter = (char)dec[0];
        base = NULL;
    } else {
        const sym *y = sym_by_cp(dec[0]);
        if (!y || y->kind != 'W')
            return false;
        base = y->tex;
    }
    const char *cmds[8];
    for (utf8proc_ssize_t j = first_mark; j < k; j++)
        if (!(cmds[j] = accent_for_mark(dec[j])))
            return false;
    size_t base_len = base ? strlen(base) : 1;
    pc_buf_putc(out, '{');
    /* the last mark is the outermost command; every command but the
     * innermost wraps a command, so only the innermost may go unbraced */
    for (utf8proc_ssize_t j = k - 1; j >= first_mark; j--) {
        pc_buf_putc(out, '\\');
        pc_buf_puts(out, cmds[j]);
        if (!(j == first_mark && !pc_is_alpha((unsigned char)cmds[j][0]) && base_len == 1))
            pc_buf_putc(out, '{');
    }
    if (base)
        pc_buf_put(out, base, base_len);
    else
        pc_buf_putc(out, letter);
    for (utf8proc_ssize_t j = first_mark; j < k; j++)
        if (!(j == first_mark && !pc_is_alpha((unsigned char)cmds[j][0]) && base_len == 1))
            pc_buf_putc(out, '}');
    pc_buf_putc(out, '}');
    return true;
}

/* True if the literal braces of s (outside math) pair up in order, so they
 * can be written \{ \} (BibTeX counts those as braces too). */
static bool literal_braces_pair(const char *s, size_t n, unsigned flags)
{
    int level = 0;
    bool any = false;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '$' && (flags & PC_TEX_MATH)) {
            size_t m = pc_latex_math_span(s, i, n);
            if (m) {
                i += m - 1;
                continue;
            }
        }
        if (s[i] == '{') {
            level++;
            any = true;
        } else if (s[i] == '}' && --level < 0) {
            return false;
        }
    }
    return any && level == 0;
}

/* Bytes pc_latex_encode cannot copy as they are: controls, non-ASCII and
 * the LaTeX specials (1), and letters, which a combining mark may follow (2).
 * A table instead of strchr per byte, as for decoding. */
static const unsigned char enc_class[256] = {
#define R16(v) v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v
    R16(1), R16(1), /* 0x00-0x1F */
    ['#'] = 1, ['$'] = 1, ['%'] = 1, ['&'] = 1, ['\\'] = 1, ['^'] = 1, ['_'] = 1, ['`'] = 1,
    ['{'] = 1, ['}'] = 1, ['~'] = 1, ['-'] = 1, ['\''] = 1, [','] = 1, ['<'] = 1, ['>'] = 1,
    ['A'] = 2, ['B'] = 2, ['C'] = 2, ['D'] = 2, ['E'] = 2, ['F'] = 2, ['G'] = 2, ['H'] = 2,
    ['I'] = 2, ['J'] = 2, ['K'] = 2, ['L'] = 2, ['M'] = 2, ['N'] = 2, ['O'] = 2, ['P'] = 2,
    ['Q'] = 2, ['R'] = 2, ['S'] = 2, ['T'] = 2, ['U'] = 2, ['V'] = 2, ['W'] = 2, ['X'] = 2,
    ['Y'] = 2, ['Z'] = 2,
    ['a'] = 2, ['b'] = 2, ['c'] = 2, ['d'] = 2, ['e'] = 2, ['f'] = 2, ['g'] = 2, ['h'] = 2,
    ['i'] = 2, ['j'] = 2, ['k'] = 2, ['l'] = 2, ['m'] = 2, ['n'] = 2, ['o'] = 2, ['p'] = 2,
    ['q'] = 2, ['r'] = 2, ['s'] = 2, ['t'] = 2, ['u'] = 2, ['v'] = 2, ['w'] = 2, ['x'] = 2,
    ['y'] = 2, ['z'] = 2,
    [0x80] = R16(1), R16(1), R16(1), R16(1), R16(1), R16(1), R16(1), R16(1),
#undef R16
};

/* Writes the run of super- or subscript characters (²³, ₂) at s[i] as
 * \textsuperscript{23} / \textsubscript{2}; returns the index after it. */
static size_t put_script_run(const char *s, size_t i, size_t n, pc_buf *out, bool sub)
{
    pc_buf_puts(out, sub ? "\\textsubscript{" : "\\textsuperscript{");
    char prev = 0;
    while (i < n) {
        int32_t cp;
        bool is_sub;
        int len = pc_utf8_next(s + i, n - i, &cp);
        char c = len > 0 ? pc_latex_script_ascii(cp, &is_sub) : 0;
        if (!c || is_sub != sub)
            break;
        if (prev == '-' && c == '-')
            pc_buf_puts(out, "{}"); /* -- would be a dash */
        pc_buf_putc(out, c);
        prev = c;
        i += (size_t)len;
    }
    pc_buf_putc(out, '}');
    return i;
}

/* Encodes the non-ASCII character (or the letter and its combining marks)
 * at s[i] (the call's output starts at out[start]); returns the index
 * after it. */
static size_t encode_char(const char *s, size_t i, size_t n, pc_buf *out, size_t start,
                          unsigned flags, pc_latex_report *rep)
{
    int32_t cp;
    int len = pc_utf8_next(s + i, n - i, &cp);
    if (len < 1) { /* invalid byte: never produced by our readers; keep it */
        pc_buf_putc(out, s[i]);
        return i + 1;
    }
    if (!(flags & PC_TEX_UNICODE)) {
        bool sub;
        if (pc_latex_script_ascii(cp, &sub))
            return put_script_run(s, i, n, out, sub);
        /* marks NFC could not compose with this letter ("Z" + U+0303):
         * the accent commands take them */
        utf8proc_int32_t seq[8];
        utf8proc_ssize_t k = 0;
        size_t j = i + (size_t)len;
        int32_t mark;
        int ml;
        while (k < 7 && j < n && (ml = pc_utf8_next(s + j, n - j, &mark)) > 0 &&
               utf8proc_category(mark) == UTF8PROC_CATEGORY_MN && accent_for_mark(mark)) {
            seq[1 + k++] = mark;
            j += (size_t)ml;
        }
        if (k) {
            utf8proc_int32_t dec[8];
            int last = 0;
            utf8proc_ssize_t d = utf8proc_decompose_char(cp, dec, 8, UTF8PROC_DECOMPOSE, &last);
            if (d >= 1 && d + k <= 8) {
                for (utf8proc_ssize_t q = 0; q < k; q++)
                    dec[d + q] = seq[1 + q];
                if (put_marked(out, dec, d + k))
                    return j;
            }
        }
        const sym *y = sym_by_cp(cp);
        if (y) {
            put_sym(out, start, y);
            return i + (size_t)len;
        }
        if (put_accented(out, cp))
            return i + (size_t)len;
        if (rep && rep->n_unencodable++ == 0)
            rep->first_unencodable = cp;
    }
    pc_buf_put(out, s + i, (size_t)len);
    return i + (size_t)len;
}

void pc_latex_encode(const char *s, size_t n, pc_buf *out, unsigned flags, pc_latex_report *rep)
{
    /* paired braces as \{ \} (what every reader knows), lone ones as
     * \textbraceleft/right, which cannot unbalance a BibTeX value */
    int pair_braces = -1; /* literal_braces_pair, asked only when a brace is met */
    size_t i = 0, start = out->len;
    pc_buf_grow(out, n);
    while (i < n) {
        /* Runs stop only at class 1; a letter is looked at only when the
         * byte after it stops the run: testing every letter's successor
         * cost more than the copying. */
        size_t run = i;
        while (run + 4 <= n && enc_class[(unsigned char)s[run]] != 1 &&
               enc_class[(unsigned char)s[run + 1]] != 1 && enc_class[(unsigned char)s[run + 2]] != 1 &&
               enc_class[(unsigned char)s[run + 3]] != 1)
            run += 4;
        while (run < n && enc_class[(unsigned char)s[run]] != 1)
            run++;
        /* a letter followed by a combining mark (U+0300..U+036F) */
        if (run < n && run > i && ((unsigned char)s[run] == 0xCC || (unsigned char)s[run] == 0xCD) &&
            enc_class[(unsigned char)s[run - 1]] == 2)
            run--;
        pc_buf_put(out, s + i, run - i);
        i = run;
        if (i >= n)
            break;
        unsigned char c = (unsigned char)s[i];
        bool marked = c < 0x80 && pc_is_alpha(c) && i + 1 < n &&
                      ((unsigned char)s[i + 1] == 0xCC || (unsigned char)s[i + 1] == 0xCD);
        if (c < 0x80 && !marked) {
            size_t math;
            if (c < 0x20) {
                pc_buf_putc(out, ' ');
                i++;
            } else if (c == '$' && (flags & PC_TEX_MATH) && (math = pc_latex_math_span(s, i, n))) {
                pc_buf_put(out, s + i, math);
                i += math;
            } else if (ligature_char((char)c) && c != '`') {
                separate(out, start, (char)c); /* "--" is not a dash, nor ,, a quote */
                pc_buf_putc(out, (char)c);
                i++;
            } else if ((c == '{' || c == '}') &&
                       (pair_braces < 0 ? (pair_braces = literal_braces_pair(s, n, flags)) : pair_braces)) {
                pc_buf_putc(out, '\\');
                pc_buf_putc(out, (char)c);
                i++;
            } else {
                const sym *y = sym_by_cp(c);
                if (y)
                    put_sym(out, start, y);
                else
                    pc_buf_putc(out, (char)c);
                i++;
            }
            continue;
        }
        i = encode_char(s, i, n, out, start, flags, rep);
    }
}

/* ---- text with markup ---------------------------------------------------- */

bool pc_latex_word_keeps_case(const char *s, size_t n)
{
    bool first_letter = true;
    for (size_t i = 0; i < n;) {
        int32_t cp = (unsigned char)s[i];
        int len = cp < 0x80 ? 1 : pc_utf8_next(s + i, n - i, &cp);
        if (len < 1)
            return false;
        i += (size_t)len;
        if (cp == '-' || cp == '/') {
            first_letter = true;
            continue;
        }
        int c = pc_unicode_case(cp);
        if (c > 0 && !first_letter)
            return true;
        if (c || pc_is_digit(cp))
            first_letter = false;
    }
    return false;
}

bool pc_latex_title_word_braced(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] == '$' && pc_latex_math_span(s, i, n))
            return true;
    return pc_latex_word_keeps_case(s, n);
}

/* The title words of [from, to), outside the protected runs (which are
 * nocase spans, braced whole): a word that keeps its case by its shape
 * (PC_TEX_TITLE), or has math in it, is braced ({LLM}, {$x$-ray}), its
 * punctuation outside. */
static void title_words(const char *t, size_t from, size_t to, pc_buf *out, unsigned flags,
                        pc_latex_report *rep)
{
    size_t i = from;
    while (i < to) {
        if (t[i] == ' ') {
            pc_buf_putc(out, ' ');
            i++;
            continue;
        }
        size_t st = i; /* one word, math spans included */
        bool has_math = false;
        while (i < to && t[i] != ' ') {
            size_t m = t[i] == '$' && (flags & PC_TEX_MATH) ? pc_latex_math_span(t, i, to) : 0;
            has_math |= m > 0;
            i += m ? m : 1;
        }
        size_t cs = st, ce = i; /* the word without punctuation around it */
        pc_markup_word_core(t, &cs, &ce);
        if (!has_math && !(ce > cs && (flags & PC_TEX_TITLE) && pc_latex_word_keeps_case(t + cs, ce - cs))) {
            pc_latex_encode(t + st, i - st, out, flags, rep);
            continue;
        }
        pc_latex_encode(t + st, cs - st, out, flags & ~PC_TEX_MATH, rep);
        pc_buf_putc(out, '{');
        pc_latex_encode(t + cs, ce - cs, out, flags, rep);
        pc_buf_putc(out, '}');
        pc_latex_encode(t + ce, i - ce, out, flags & ~PC_TEX_MATH, rep);
    }
}

/* Whether LaTeX kept as written can go into a braced BibTeX value as it
 * is: its braces balance as BibTeX counts them (a backslash does not
 * escape them there) and it does not end in a backslash. */
bool pc_latex_bibtex_balanced(const char *s, size_t n)
{
    long level = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '{')
            level++;
        else if (s[i] == '}' && --level < 0)
            return false;
    }
    size_t bs = 0;
    while (bs < n && s[n - 1 - bs] == '\\')
        bs++;
    return level == 0 && bs % 2 == 0;
}

typedef struct rich {
    pc_buf *out;
    unsigned flags;
    pc_latex_report *rep;
    bool tex;               /* in a TeX span */
    size_t nocase;          /* in a protected run (nocase spans open) */
} rich;

/* What opens each mark; a TeX span has nothing, nocase (a writer's own
 * case protection) a brace. */
static const char *const rich_open_cmd[] = {
    [PC_MARK_ITALIC] = "\\emph{", /* \emph, not \textit: upright in an italic title */
    [PC_MARK_BOLD] = "\\textbf{",
    [PC_MARK_NOCASE] = "{",
    [PC_MARK_TEX] = "",
    [PC_MARK_SUP] = "\\textsuperscript{",
    [PC_MARK_SUB] = "\\textsubscript{",
};

static void rich_open(void *u, pc_mark m)
{
    rich *r = u;
    r->tex = m == PC_MARK_TEX;
    r->nocase += m == PC_MARK_NOCASE;
    pc_buf_puts(r->out, rich_open_cmd[m]);
}

static void rich_close(void *u, pc_mark m)
{
    rich *r = u;
    if (m == PC_MARK_TEX)
        r->tex = false;
    else
        pc_buf_putc(r->out, '}');
    r->nocase -= m == PC_MARK_NOCASE;
}

static void rich_text(void *u, const char *s, size_t from, size_t to)
{
    rich *r = u;
    if (r->tex && pc_latex_bibtex_balanced(s + from, to - from))
        pc_buf_put(r->out, s + from, to - from);
    else if (!r->nocase && (r->flags & (PC_TEX_TITLE | PC_TEX_LISTED)))
        title_words(s, from, to, r->out, r->flags & ~PC_TEX_LISTED, r->rep);
    else
        pc_latex_encode(s + from, to - from, r->out, r->flags, r->rep);
}

void pc_latex_encode_rich(const pc_text *t, pc_buf *out, unsigned flags, pc_latex_report *rep)
{
    static const pc_markup_sink sink = {
        .text = rich_text,
        .open = rich_open,
        .close = rich_close,
        .marks = 1u << PC_MARK_TEX | 1u << PC_MARK_SUP | 1u << PC_MARK_SUB,
    };
    if (!t || !t->s)
        return;
    rich r = {.out = out, .flags = flags, .rep = rep};
    /* a protected run is one brace group, as the input wrote it:
     * {RNA Polymerase II}, not {RNA} Polymerase {II} */
    pc_spanlist spans = {0};
    bool runs = (flags & (PC_TEX_TITLE | PC_TEX_LISTED)) && t->protected_words.n;
    if (runs)
        pc_markup_with_nocase(t->s, &t->markup, &t->protected_words, &spans);
    pc_markup_walk(t->s, strlen(t->s), runs ? &spans : &t->markup, &sink, &r);
    pc_spanlist_clear(&spans);
    if (t->truncated)
        pc_buf_puts(out, flags & PC_TEX_UNICODE ? "\xE2\x80\xA6" : "{\\ldots}");
}
