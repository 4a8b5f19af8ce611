/* latex.c — LaTeX <-> Unicode conversion shared by all formats.
 *
 * Decoding is a small recursive scanner over the LaTeX subset found in
 * bibliographic text, bounded to PC_LATEX_MAX_DEPTH; encoding walks UTF-8
 * and looks characters up in the one symbol table (latex_table.inc) or
 * builds accents from the character's NFD decomposition.  Math is never
 * touched in either direction (markup.h scans it).  Italic and bold leave
 * markup.h's markers, folded into spans at the end. */
#include "paperconv/latex.h"
#include "paperconv/unicode.h"

#include <stdlib.h>
#include <utf8proc.h>

typedef struct sym {
    int32_t cp;
    const char *tex;
    char kind; /* 'W' control word, 'L' literal, 'M' math symbol */
} sym;

static const sym symtab[] = {
#include "latex_table.inc"
};
enum { N_SYM = sizeof symtab / sizeof *symtab };

/* Accent commands and the combining marks they stand for. */
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

/* Commands that read as something the symbol table does not write. */
static const struct {
    const char *name; /* without backslash */
    int32_t cp;
} aliases[] = {
    {"AA", 0x00C5},        {"aa", 0x00E5},         {"dots", 0x2026},
    {"textellipsis", 0x2026}, {"textendash", 0x2013}, {"textemdash", 0x2014},
    {"textquoteleft", 0x2018}, {"textquotedblleft", 0x201C}, {"textquotedblright", 0x201D},
    {"textquotesingle", 0x0027}, {"textunderscore", 0x005F}, {"textdollar", 0x0024},
    {"textsterling", 0x00A3}, {"euro", 0x20AC},     {"textless", 0x003C},
    {"textgreater", 0x003E},  {"textbar", 0x007C},  {"guillemetleft", 0x00AB},
    {"guillemetright", 0x00BB}, {"nobreakspace", 0x00A0}, {"slash", 0x002F},
    {"textasciiacute", 0x00B4}, {"copyright", 0x00A9}, {"textsection", 0x00A7},
    {"textmu", 0x00B5},    {"textbackslash", 0x005C},
    {"ldots", 0x2026},      {"textperiodcentered", 0x00B7},
};
enum { N_ALIAS = sizeof aliases / sizeof *aliases };

/* Commands whose argument is kept as text. */
static const char *const text_cmds[] = {
    "textit", "emph", "textbf", "textsc", "texttt", "textrm", "textsf", "textup", "textsl",
    "textmd", "textnormal", "mbox", "hbox", "text", "textsuperscript", "textsubscript",
    "NoCaseChange", "nocase", "MakeUppercase", "MakeLowercase", "uppercase", "lowercase",
};
/* Declarations and no-ops that produce no text. */
static const char *const drop_cmds[] = {
    "em", "it", "bf", "sc", "rm", "tt", "sf", "sl", "itshape", "bfseries", "scshape",
    "upshape", "mdseries", "normalfont", "relax", "protect", "small", "footnotesize",
    "large", "Large", "normalsize", "noindent", "null", "xspace", "ignorespaces",
};

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

/* Compares as it goes instead of strlen(want) first: the command tables are
 * scanned for every command decoded, and almost every entry differs in its
 * first byte (strlen per entry was ~5% of bibtex -> ris).  want[k] is read
 * only after want[0..k-1] proved non-NUL, so never past its end. */
static bool name_is(const char *name, size_t n, const char *want)
{
    for (size_t k = 0; k < n; k++)
        if (!want[k] || want[k] != name[k])
            return false;
    return want[n] == '\0';
}

static bool in_list(const char *name, size_t n, const char *const *list, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (name_is(name, n, list[i]))
            return true;
    return false;
}

/* A table entry for the control sequence `\name` (name without backslash). */
static const sym *sym_by_command(const char *name, size_t n, char kind)
{
    for (size_t i = 0; i < N_SYM; i++)
        if (symtab[i].kind == kind && symtab[i].tex[0] == '\\' && name_is(name, n, symtab[i].tex + 1))
            return &symtab[i];
    return NULL;
}

static const char *accent_cmd_mark(const char *name, size_t n, int32_t *mark)
{
    for (size_t i = 0; i < N_ACCENT; i++)
        if (name_is(name, n, accents[i].cmd)) {
            *mark = accents[i].mark;
            return accents[i].cmd;
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

/* ---- decoding ----------------------------------------------------------- */

/* Bytes decode_range must look at; everything else is copied in runs.  A
 * table instead of strchr per byte: decoding runs over every field read. */
static const unsigned char dec_special[256] = {
    ['\\'] = 1, ['$'] = 1, ['{'] = 1, ['}'] = 1, ['~'] = 1, ['-'] = 1, ['`'] = 1, ['\''] = 1,
};

/* Every '{' of the input (offset << 1, | 1 if escaped) and the offset of
 * its matching '}' (UINT32_MAX if none), in order: built in one pass when
 * the direct scans of match_brace have run too long.  8 bytes a brace;
 * fields of 2 GB or more never get one (they scan directly). */
typedef struct brace_table {
    uint32_t *open, *close;
    size_t n, cap;
    bool built;
} brace_table;
enum { TABLE_MAX = 0x7FFFFFFE }; /* the largest input a table is built for */

typedef struct dec {
    pc_buf *out;
    pc_strlist *prot;
    pc_latex_report *rep;
    const char *base; /* start of the whole input, for offsets */
    size_t len;       /* its length */
    bool marks;       /* leave markers for italic/bold (pc_markup_fold) */
    size_t n_marks;   /* markers left */
    size_t scan_left; /* bytes match_brace may still scan directly */
    brace_table braces;
} dec;

/* The markup a text command or declaration stands for, or 0. */
static pc_mark mark_of(const char *name, size_t n)
{
    static const struct {
        const char *name;
        pc_mark mark;
    } marks[] = {
        {"emph", PC_MARK_ITALIC}, {"textit", PC_MARK_ITALIC}, {"textsl", PC_MARK_ITALIC},
        {"em", PC_MARK_ITALIC},   {"it", PC_MARK_ITALIC},     {"itshape", PC_MARK_ITALIC},
        {"sl", PC_MARK_ITALIC},   {"textbf", PC_MARK_BOLD},   {"bf", PC_MARK_BOLD},
        {"bfseries", PC_MARK_BOLD},
    };
    for (size_t i = 0; i < sizeof marks / sizeof *marks; i++)
        if (name_is(name, n, marks[i].name))
            return marks[i].mark;
    return 0;
}

/* The markup of a group that starts with a declaration ({\em ...}), or 0. */
static pc_mark group_mark(const char *s, size_t i, size_t close)
{
    if (i + 1 >= close || s[i + 1] != '\\')
        return 0;
    size_t j = i + 2;
    while (j < close && pc_is_alpha((unsigned char)s[j]))
        j++;
    return mark_of(s + i + 2, j - i - 2);
}

static void open_mark(dec *d, pc_mark m, bool open)
{
    pc_markup_put_marker(d->out, m, open);
    d->n_marks++;
}

static void decode_range(dec *d, const char *s, size_t i, size_t e, int depth);

/* Builds d->braces over the whole input in one pass.  The '}' matching a
 * '{' at p, as a scan from p finds it, is the first '}' after p where the
 * braces after p close one more than they open; a backslash takes the next
 * byte with it.  From p + 1 on, a scan from p and one from the start of
 * the input agree (no byte after a '{' is taken by a backslash), so one
 * pass with a stack answers for every '{': an unescaped one waits for its
 * own '}', an escaped one (\{, which a scan starting on it still counts)
 * for the '}' that closes the group around it, or the next stray '}'.
 * The stack of waiting braces is linked through their close[] entries. */
static void build_braces(dec *d)
{
    const char *s = d->base;
    brace_table *t = &d->braces;
    uint32_t top = 0; /* waiting brace on top: its index + 1, 0 = none */
    t->built = true;
    for (size_t i = 0; i < d->len; i++) {
        char c = s[i];
        uint32_t esc = 0;
        if (c == '\\') {
            if (++i >= d->len)
                break;
            c = s[i];
            esc = 1;
        }
        if (c == '{') {
            if (t->n == t->cap) {
                t->cap = t->cap ? 2 * t->cap : 64;
                t->open = pc_xrealloc(t->open, t->cap * sizeof *t->open);
                t->close = pc_xrealloc(t->close, t->cap * sizeof *t->close);
            }
            t->open[t->n] = (uint32_t)i << 1 | esc;
            t->close[t->n] = top;
            top = (uint32_t)++t->n;
        } else if (c == '}' && !esc) {
            /* escaped braces wait without nesting: this closes them all,
             * and one unescaped brace */
            bool nested = false;
            while (top && !nested) {
                uint32_t k = top - 1;
                nested = !(t->open[k] & 1);
                top = t->close[k];
                t->close[k] = (uint32_t)i;
            }
        }
    }
    while (top) {
        uint32_t k = top - 1;
        top = t->close[k];
        t->close[k] = UINT32_MAX;
    }
}

/* The '}' matching the '{' at s[i] within [i, e) from the table (built
 * first if need be), or (size_t)-1.  Apart from match_brace, which runs
 * for every group, so that its direct scan stays small enough to inline. */
static __attribute__((noinline)) size_t brace_lookup(dec *d, size_t i, size_t e)
{
    if (!d->braces.built)
        build_braces(d);
    const brace_table *t = &d->braces;
    size_t lo = 0, hi = t->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->open[mid] >> 1 < i)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < t->n && t->open[lo] >> 1 == i && t->close[lo] != UINT32_MAX && t->close[lo] < e)
        return t->close[lo];
    return (size_t)-1;
}

/* Index of the '}' matching the '{' at s[i] within [i, e), or (size_t)-1.
 * Scans directly while the input's budget lasts (every real field stays
 * far within it); past it, looks the pair up in the table, so nested or
 * unclosed braces by the thousand cost n log n, not n^2. */
static inline size_t match_brace(dec *d, const char *s, size_t i, size_t e)
{
    if (!d->braces.built) {
        size_t stop = e - i > d->scan_left ? i + d->scan_left : e, level = 0;
        for (size_t k = i; k < stop; k++) {
            if (s[k] == '\\') {
                k++;
                continue;
            }
            if (s[k] == '{')
                level++;
            else if (s[k] == '}' && --level == 0) {
                d->scan_left -= k - i;
                return k;
            }
        }
        if (stop == e) {
            d->scan_left -= e - i;
            return (size_t)-1;
        }
    }
    return brace_lookup(d, i, e);
}

/* The math at s[i] == '$' within [i, e), copied verbatim, or a lone '$';
 * returns the index after it. */
static size_t decode_math(dec *d, const char *s, size_t i, size_t e)
{
    size_t m = pc_markup_math_span(s, i, e, PC_MATH_LENIENT);
    if (!m) {
        pc_buf_putc(d->out, '$');
        return i + 1;
    }
    pc_buf_put(d->out, s + i, m);
    return i + m;
}

static void unknown(dec *d, const char *at, size_t n)
{
    if (!d->rep)
        return;
    if (d->rep->n_unknown++ == 0) {
        d->rep->first_offset = (size_t)(at - d->base);
        size_t k = n < sizeof d->rep->first_name - 1 ? n : sizeof d->rep->first_name - 1;
        memcpy(d->rep->first_name, at, k);
        d->rep->first_name[k] = '\0';
    }
}

static size_t skip_spaces(const char *s, size_t i, size_t e)
{
    while (i < e && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
        i++;
    return i;
}

/* Appends the command s[i..a) and the braced arguments right after it (at
 * s[a]), as written; returns the index after them. */
static size_t keep_written(dec *d, const char *s, size_t i, size_t a, size_t e)
{
    size_t end = a;
    while (end < e && s[end] == '{') {
        size_t c = match_brace(d, s, end, e);
        if (c == (size_t)-1)
            break;
        end = c + 1;
    }
    pc_buf_put(d->out, s + i, end - i);
    return end;
}

/* A command at s[i] nested deeper than PC_LATEX_MAX_DEPTH, its arguments
 * starting at s[a]: kept as written, and counted, instead of recursing. */
static size_t keep_too_deep(dec *d, const char *s, size_t i, size_t a, size_t e)
{
    if (d->rep && d->rep->n_too_deep++ == 0)
        d->rep->first_too_deep = (size_t)(s + i - d->base);
    return keep_written(d, s, i, a, e);
}

/* Decodes the accent argument at s[i] (of the command at s[cmd]) and
 * appends it with `mark` to d->out.  Returns the index after the argument.  The argument is decoded straight
 * into d->out and fixed up in place: two scratch buffers (two mallocs) per
 * accent cost as much as decoding it, and names are full of accents. */
static size_t decode_accent(dec *d, const char *s, size_t cmd, size_t i, size_t e, int32_t mark,
                            int depth)
{
    pc_buf *out = d->out;
    size_t at = out->len;
    i = skip_spaces(s, i, e);
    if (i < e && s[i] == '{') {
        if (depth >= PC_LATEX_MAX_DEPTH)
            return keep_too_deep(d, s, cmd, i, e);
        size_t close = match_brace(d, s, i, e);
        if (close == (size_t)-1)
            close = e;
        decode_range(d, s, i + 1, close, depth + 1);
        i = close < e ? close + 1 : e;
    } else if (i + 1 < e && s[i] == '\\' && pc_is_alpha((unsigned char)s[i + 1])) {
        size_t j = i + 1;
        while (j < e && pc_is_alpha((unsigned char)s[j]))
            j++;
        decode_range(d, s, i, j, depth + 1);
        i = j;
    } else if (i < e) {
        int32_t cp;
        int len = pc_utf8_next(s + i, e - i, &cp);
        if (len < 1)
            len = 1;
        pc_buf_put(out, s + i, (size_t)len);
        i += (size_t)len;
    }
    /* dotless i/j take the accent as plain i/j */
    size_t alen = out->len - at;
    char *a = out->ptr + at;
    if (alen >= 2 && (((unsigned char)a[0] == 0xC4 && (unsigned char)a[1] == 0xB1) || /* ı */
                      ((unsigned char)a[0] == 0xC8 && (unsigned char)a[1] == 0xB7))) { /* ȷ */
        a[0] = (unsigned char)a[0] == 0xC4 ? 'i' : 'j';
        memmove(a + 1, a + 2, alen - 2);
        pc_buf_truncate(out, out->len - 1);
        alen--;
    }
    if (alen == 1 && (unsigned char)a[0] < 0x80 && mark != 0x0361 && !d->prot) {
        /* One ASCII letter and a mark (\'e, \"{o}: most accents in names):
         * write the composed character that the final NFC would make of
         * them, so that no NFC pass is needed for it (the NFC of the whole
         * value was a seventh of bibtex -> ris).  Nothing before an ASCII
         * character composes with it, and a mark that follows still makes
         * the caller normalise the stretch around it.  Not while words are
         * collected for case protection: those are taken before NFC. */
        utf8proc_int32_t pair[2] = {(unsigned char)a[0], mark};
        if (utf8proc_normalize_utf32(pair, 2, UTF8PROC_STABLE | UTF8PROC_COMPOSE) == 1) {
            pc_buf_truncate(out, at);
            pc_utf8_put(out, pair[0]);
            return i;
        }
    }
    if (alen) {
        if (mark == 0x0361) { /* the tie joins two letters: mark after the first */
            int32_t cp;
            int len = pc_utf8_next(out->ptr + at, alen, &cp);
            size_t first = len > 0 ? (size_t)len : 1;
            utf8proc_uint8_t m[4];
            size_t mlen = (size_t)utf8proc_encode_char(mark, m);
            pc_buf_grow(out, mlen);
            a = out->ptr + at;
            memmove(a + first + mlen, a + first, alen - first + 1); /* with the NUL */
            memcpy(a + first, m, mlen);
            out->len += mlen;
        } else {
            pc_utf8_put(out, mark);
        }
    }
    return i;
}

/* A control symbol: s[i] == '\\' and a byte that is not a letter; returns
 * the index after it. */
static size_t decode_symbol(dec *d, const char *s, size_t i, size_t e, int depth)
{
    unsigned char nc = (unsigned char)s[i + 1];
    int32_t mark;
    if (accent_cmd_mark(s + i + 1, 1, &mark))
        return decode_accent(d, s, i, i + 2, e, mark, depth);
    switch (nc) {
    case '{': pc_buf_putc(d->out, '{'); return i + 2;
    case '}': pc_buf_putc(d->out, '}'); return i + 2;
    case ' ': case '\n': case '\t': case '\\': pc_buf_putc(d->out, ' '); return i + 2;
    case '-': case '/': case '@': return i + 2;
    case '(': case '[': { /* inline or display math: verbatim */
        size_t m = pc_markup_math_span(s, i, e, PC_MATH_LENIENT);
        if (m) {
            pc_buf_put(d->out, s + i, m);
            return i + m;
        }
        break;
    }
    default: {
        const sym *y = sym_by_command(s + i + 1, 1, 'L');
        if (y) {
            pc_utf8_put(d->out, y->cp);
            return i + 2;
        }
    }
    }
    unknown(d, s + i, 2);
    pc_buf_put(d->out, s + i, 2);
    return i + 2;
}

/* Handles the control sequence at s[i] == '\\'; returns the index after it. */
static size_t decode_command(dec *d, const char *s, size_t i, size_t e, int depth)
{
    if (i + 1 >= e) {
        pc_buf_putc(d->out, '\\');
        return e;
    }
    if (!pc_is_alpha((unsigned char)s[i + 1]))
        return decode_symbol(d, s, i, e, depth);
    size_t j = i + 1;
    while (j < e && pc_is_alpha((unsigned char)s[j]))
        j++;
    const char *name = s + i + 1;
    size_t nlen = j - i - 1;
    int32_t mark;
    if (accent_cmd_mark(name, nlen, &mark))
        return decode_accent(d, s, i, j, e, mark, depth);
    const sym *y = sym_by_command(name, nlen, 'W');
    int32_t cp = y ? y->cp : -1;
    for (size_t k = 0; cp < 0 && k < N_ALIAS; k++)
        if (name_is(name, nlen, aliases[k].name))
            cp = aliases[k].cp;
    if (cp >= 0) {
        pc_utf8_put(d->out, cp);
        if (j + 1 < e && s[j] == '{' && s[j + 1] == '}')
            return j + 2;
        return skip_spaces(s, j, e);
    }
    size_t after = skip_spaces(s, j, e);
    bool has_arg = after < e && s[after] == '{';
    size_t close = has_arg ? match_brace(d, s, after, e) : (size_t)-1;
    if (close == (size_t)-1)
        has_arg = false;
    if (name_is(name, nlen, "ensuremath") && has_arg) {
        /* our own encoding of a math symbol: \ensuremath{\alpha} */
        const char *in = s + after + 1;
        size_t inn = close - after - 1;
        if (inn > 1 && in[0] == '\\') {
            const sym *m = sym_by_command(in + 1, inn - 1, 'M');
            if (m) {
                pc_utf8_put(d->out, m->cp);
                return close + 1;
            }
        } else if (inn == 1 && in[0] == '-') {
            pc_utf8_put(d->out, 0x2212);
            return close + 1;
        }
        pc_buf_put(d->out, s + i, close + 1 - i); /* other math: verbatim */
        return close + 1;
    }
    bool text_cmd = has_arg && in_list(name, nlen, text_cmds, sizeof text_cmds / sizeof *text_cmds);
    bool href = has_arg && name_is(name, nlen, "href");
    if ((text_cmd || href) && depth >= PC_LATEX_MAX_DEPTH)
        return keep_too_deep(d, s, i, after, e);
    if (text_cmd) {
        pc_mark m = d->marks ? mark_of(name, nlen) : 0;
        if (m)
            open_mark(d, m, true);
        decode_range(d, s, after + 1, close, depth + 1);
        if (m)
            open_mark(d, m, false);
        return close + 1;
    }
    if (has_arg && name_is(name, nlen, "url")) {
        pc_buf_put(d->out, s + after + 1, close - after - 1);
        return close + 1;
    }
    if (href) {
        size_t t = skip_spaces(s, close + 1, e);
        size_t tclose = t < e && s[t] == '{' ? match_brace(d, s, t, e) : (size_t)-1;
        if (tclose != (size_t)-1) {
            decode_range(d, s, t + 1, tclose, depth + 1);
            return tclose + 1;
        }
        pc_buf_put(d->out, s + after + 1, close - after - 1);
        return close + 1;
    }
    if (has_arg && name_is(name, nlen, "noopsort")) /* BibTeX sorting trick: no text */
        return close + 1;
    if (in_list(name, nlen, drop_cmds, sizeof drop_cmds / sizeof *drop_cmds))
        return after;
    if (name_is(name, nlen, "par") || name_is(name, nlen, "newline") ||
        name_is(name, nlen, "linebreak")) {
        pc_buf_putc(d->out, ' ');
        return after;
    }
    /* unknown: kept as written, with its braced arguments */
    unknown(d, s + i, j - i);
    return keep_written(d, s, i, j, e);
}

static bool has_upper(const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        int32_t cp;
        int len = pc_utf8_next(s + i, n - i, &cp);
        if (len < 1)
            return false;
        if (pc_unicode_case(cp) > 0)
            return true;
        i += (size_t)len;
    }
    return false;
}

static void decode_range(dec *d, const char *s, size_t i, size_t e, int depth)
{
    while (i < e) {
        size_t run = i;
        while (run < e && !dec_special[(unsigned char)s[run]])
            run++;
        if (run > i) {
            pc_buf_put(d->out, s + i, run - i);
            i = run;
            if (i >= e)
                break;
        }
        char c = s[i];
        switch (c) {
        case '\\':
            i = decode_command(d, s, i, e, depth);
            break;
        case '$':
            i = decode_math(d, s, i, e);
            break;
        case '{': {
            size_t close = match_brace(d, s, i, e);
            if (close == (size_t)-1 || depth >= PC_LATEX_MAX_DEPTH) {
                /* unbalanced, or too deep (counted): drop the brace, keep the text */
                if (close != (size_t)-1 && d->rep && d->rep->n_too_deep++ == 0)
                    d->rep->first_too_deep = (size_t)(s + i - d->base);
                i++;
                break;
            }
            pc_mark gm = d->marks ? group_mark(s, i, close) : 0;
            if (gm)
                open_mark(d, gm, true);
            size_t mark = d->out->len;
            decode_range(d, s, i + 1, close, depth + 1);
            if (depth == 0 && d->prot && d->out->len > mark &&
                has_upper(d->out->ptr + mark, d->out->len - mark)) {
                pc_buf word = PC_BUF_INIT;
                pc_buf_put(&word, d->out->ptr + mark, d->out->len - mark);
                if (d->n_marks)
                    pc_markup_strip_markers(&word);
                const char *w = word.ptr;
                size_t wn = word.len;
                pc_trim(&w, &wn);
                if (wn) {
                    char *copy = pc_xstrndup(w, wn);
                    if (!pc_strlist_has(d->prot, copy))
                        pc_strlist_push(d->prot, copy);
                    free(copy);
                }
                pc_buf_free(&word);
            }
            if (gm)
                open_mark(d, gm, false);
            i = close + 1;
            break;
        }
        case '}':
            i++;
            break;
        case '~':
            pc_utf8_put(d->out, 0x00A0);
            i++;
            break;
        case '-': {
            size_t n = 0;
            while (i + n < e && s[i + n] == '-')
                n++;
            i += n;
            for (; n >= 3; n -= 3)
                pc_utf8_put(d->out, 0x2014);
            if (n == 2)
                pc_utf8_put(d->out, 0x2013);
            else if (n == 1)
                pc_buf_putc(d->out, '-');
            break;
        }
        case '`':
            if (i + 1 < e && s[i + 1] == '`') {
                pc_utf8_put(d->out, 0x201C);
                i += 2;
            } else {
                pc_utf8_put(d->out, 0x2018);
                i++;
            }
            break;
        case '\'':
            if (i + 1 < e && s[i + 1] == '\'') {
                pc_utf8_put(d->out, 0x201D);
                i += 2;
            } else {
                pc_buf_putc(d->out, '\'');
                i++;
            }
            break;
        }
    }
}

/* One pass over the input, for the plain text between constructs (most of
 * every field): decoding runs over every field every reader reads, and the
 * old decode-then-NFC-then-fold took three passes and a buffer.  Runs of
 * plain bytes are copied with one pc_buf_put each, white space is folded on
 * the way, and a construct (a byte in dec_special) is decoded by
 * decode_command / decode_range straight into `out` and folded in place.
 * NFC and folding commute (NFC never makes or removes ASCII white space, and
 * an ASCII byte is a boundary NFC does not look across), so NFC runs once at
 * the end, and only when a byte that can start a code point >= U+0300 (lead
 * byte >= 0xCC) was written: everything below U+0300 is NFC-stable. */

/* 1: a byte decode_range acts on; 2: white space; 3: a lead byte of a code
 * point >= U+0300 (or an invalid byte); 0: copied as it is. */
static const unsigned char dec_class[256] = {
#define R16(v) v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v
    ['\\'] = 1, ['$'] = 1, ['{'] = 1, ['}'] = 1, ['~'] = 1, ['-'] = 1, ['`'] = 1, ['\''] = 1,
    [' '] = 2, ['\t'] = 2, ['\n'] = 2, ['\v'] = 2, ['\f'] = 2, ['\r'] = 2,
    [0xCC] = 3, 3, 3, 3, [0xD0] = R16(3), R16(3), R16(3),
#undef R16
};

/* True if the 8 bytes at s are ASCII letters and single spaces, none last:
 * bytes the run loop below copies as they are (a space is kept when a
 * letter follows it).  Most of an abstract or a name is such text, and 8
 * bytes a step beat the class-table loop; anything else (digits,
 * punctuation, NUL, which x | 0x20 makes look like a space) only goes on
 * to that loop.  x | 0x20 maps exactly the letters into 'a'..'z' (no byte
 * is >= 0x80 there, so adding 0x1F or 0x05 carries into no other byte). */
static inline bool word_letters(const char *s)
{
    const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u,
                   lows = 0x7F7F7F7F7F7F7F7Fu;
    uint64_t x;
    memcpy(&x, s, 8);
    if (x & highs)
        return false;
    uint64_t y = x | (0x20 * ones);
    uint64_t letters = (y + (0x80 - 'a') * ones) & ~(y + (0x80 - '{') * ones) & highs;
    uint64_t z = y ^ (0x20 * ones);
    uint64_t spaces = ~(((z & lows) + lows) | z) & highs;
    return (letters | spaces) == highs && !(spaces & (spaces << 8)) && !(spaces >> 63);
}

/* Folds the white space of out[from..] in place, given that out[start..from)
 * is already folded (no leading space, never two in a row); a trailing space
 * is left for the caller to trim.  True if a class-3 byte was seen. */
static bool fold_tail(pc_buf *out, size_t from, size_t start)
{
    char *p = out->ptr;
    size_t w = from;
    bool high = false;
    for (size_t r = from; r < out->len; r++) {
        unsigned char c = (unsigned char)p[r];
        unsigned char k = dec_class[c];
        if (k == 2) {
            if (w > start && p[w - 1] != ' ')
                p[w++] = ' ';
            continue;
        }
        high |= k == 3;
        p[w++] = (char)c;
    }
    pc_buf_truncate(out, w);
    return high;
}

/* End of the construct at s[i] (a dec_special byte other than '\\' and '$') as
 * decode_range at depth 0 would consume it, so decode_range over [i, end)
 * writes exactly what it writes for it within the whole text. */
static size_t construct_end(dec *d, const char *s, size_t i, size_t e)
{
    char c = s[i];
    switch (c) {
    case '{': {
        size_t close = match_brace(d, s, i, e);
        return close == (size_t)-1 ? i + 1 : close + 1;
    }
    case '-':
        while (i < e && s[i] == '-')
            i++;
        return i;
    case '`':
    case '\'':
        return i + 1 < e && s[i + 1] == c ? i + 2 : i + 1;
    default:
        return i + 1;
    }
}

void pc_latex_decode(const char *s, size_t n, pc_buf *out, pc_strlist *protected_words,
                     pc_latex_report *rep)
{
    pc_latex_decode_marked(s, n, out, protected_words, NULL, rep);
}

void pc_latex_decode_marked(const char *s, size_t n, pc_buf *out, pc_strlist *protected_words,
                            pc_spanlist *markup, pc_latex_report *rep)
{
    size_t start = out->len, i = 0;
    bool high = false;
    /* an input that carries our marker characters gets no markup */
    dec d = {.out = out, .prot = protected_words, .rep = rep, .base = s, .len = n,
             .marks = markup && !pc_markup_has_markers(s, n), .scan_left = n <= TABLE_MAX ? 8 * n + 4096 : SIZE_MAX};
    pc_buf_grow(out, n);
    while (i < n) {
        unsigned char k = dec_class[(unsigned char)s[i]];
        if (k == 2) {
            do
                i++;
            while (i < n && dec_class[(unsigned char)s[i]] == 2);
            if (out->len > start && out->ptr[out->len - 1] != ' ')
                pc_buf_putc(out, ' ');
            continue;
        }
        if (k == 1) {
            size_t mark = out->len;
            if (s[i] == '\\') {
                i = decode_command(&d, s, i, n, 0);
            } else if (s[i] == '$') {
                i = decode_math(&d, s, i, n);
            } else {
                size_t end = construct_end(&d, s, i, n);
                decode_range(&d, s, i, end, 0);
                i = end;
            }
            high |= fold_tail(out, mark, start);
            continue;
        }
        /* a run: plain bytes, and single spaces between them */
        size_t j = i;
        for (;;) {
            while (j + 8 <= n && word_letters(s + j))
                j += 8;
            while (j < n && !dec_class[(unsigned char)s[j]])
                j++;
            if (j >= n)
                break;
            unsigned char c = (unsigned char)s[j];
            if (c == ' ' && j + 1 < n && !dec_class[(unsigned char)s[j + 1]]) {
                j += 2;
                continue;
            }
            if (dec_class[c] != 3)
                break;
            high = true;
            j++;
        }
        pc_buf_put(out, s + i, j - i);
        i = j;
    }
    if (out->len > start && out->ptr[out->len - 1] == ' ')
        pc_buf_truncate(out, out->len - 1);
    if (high)
        pc_utf8_nfc_from(out, start);
    free(d.braces.open);
    free(d.braces.close);
    if (d.n_marks) { /* italic/bold: markers become spans (markup.h) */
        pc_buf marked = PC_BUF_INIT;
        pc_buf_put(&marked, out->ptr + start, out->len - start);
        pc_buf_truncate(out, start);
        pc_markup_fold(marked.ptr, marked.len, out, markup);
        pc_buf_free(&marked);
    }
}

/* ---- encoding ----------------------------------------------------------- */

static void put_sym(pc_buf *out, const sym *y)
{
    switch (y->kind) {
    case 'W':
        pc_buf_putc(out, '{');
        pc_buf_puts(out, y->tex);
        pc_buf_putc(out, '}');
        break;
    case 'M':
        pc_buf_puts(out, "\\ensuremath{");
        pc_buf_puts(out, y->tex);
        pc_buf_putc(out, '}');
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
    ['{'] = 1, ['}'] = 1, ['~'] = 1, ['-'] = 1, ['\''] = 1,
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

/* Encodes the non-ASCII character (or the letter and its combining marks)
 * at s[i]; returns the index after it. */
static size_t encode_char(const char *s, size_t i, size_t n, pc_buf *out, unsigned flags,
                          pc_latex_report *rep)
{
    int32_t cp;
    int len = pc_utf8_next(s + i, n - i, &cp);
    if (len < 1) { /* invalid byte: never produced by our readers; keep it */
        pc_buf_putc(out, s[i]);
        return i + 1;
    }
    if (!(flags & PC_TEX_UNICODE)) {
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
            put_sym(out, y);
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
    size_t i = 0;
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
            } else if ((c == '-' || c == '\'') && i + 1 < n && s[i + 1] == (char)c) {
                pc_buf_putc(out, (char)c); /* keep "--" and "''" from turning into dashes/quotes */
                pc_buf_puts(out, "{}");
                i++;
            } else if (c == '-' || c == '\'') {
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
                    put_sym(out, y);
                else
                    pc_buf_putc(out, (char)c);
                i++;
            }
            continue;
        }
        i = encode_char(s, i, n, out, flags, rep);
    }
}
