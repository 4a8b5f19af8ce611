/* SPDX-License-Identifier: MIT */
/* latex.c — LaTeX -> Unicode: the decoder shared by every reader (the
 * encoder, Unicode -> LaTeX, is latex_encode.c).
 *
 * A small recursive scanner over the LaTeX found in bibliographic text,
 * bounded to PC_LATEX_MAX_DEPTH.  What each command means is data: the
 * command table (latex_commands.inc, sorted by name, binary search).  Math
 * is never decoded (markup.h scans it; \(...\) becomes $...$).  Markup
 * (italic, bold, super/subscript, and commands we do not know, kept as
 * written) leaves markup.h's markers, folded into spans at the end. */
#include "text/latex.h"
#include "text/unicode.h"

#include <stdlib.h>
#include <utf8proc.h>

#include "latex_script.h"

/* What a command does (latex_commands.inc describes each). */
enum cmd_kind {
    CMD_TEXT,
    CMD_ACCENT,
    CMD_ARG,
    CMD_DECL,
    CMD_SCRIPT,
    CMD_QUOTE,
    CMD_CASE,
    CMD_VERB,
    CMD_HREF,
    CMD_MATH,
    CMD_DROP,
    CMD_SPACE,
    CMD_NOTHING,
    CMD_XSPACE,
    CMD_TABACCENT,
};

/* cmd.arg: a pc_mark in the low bits, TOGGLE for \emph and \em (inside
 * an italic they turn upright); or a case for CMD_CASE. */
enum { MARK_BITS = 0x0F, TOGGLE = 0x10, CASE_UPPER = 1, CASE_LOWER = 2 };

typedef struct cmd {
    const char *name; /* without the backslash */
    unsigned char kind, arg;
    const char *text; /* CMD_TEXT: the text; CMD_ACCENT: the combining mark */
} cmd;

#include "latex_commands.inc" /* control_symbols[], control_words[] */
#include "latex_journals.inc" /* journal_words[] */
enum {
    N_WORDS = sizeof control_words / sizeof *control_words,
    N_JOURNALS = sizeof journal_words / sizeof *journal_words,
};

bool pc_latex_command_entry(size_t i, const char **name, const char **text)
{
    for (size_t c = 0; c < 128; c++) /* the control symbols first */
        if (control_symbols[c].name && i-- == 0) {
            *name = control_symbols[c].name;
            *text = control_symbols[c].text;
            return true;
        }
    if (i >= N_WORDS)
        return false;
    *name = control_words[i].name;
    *text = control_words[i].text;
    return true;
}

bool pc_latex_journal_entry(size_t i, const char **name, const char **text)
{
    if (i >= N_JOURNALS)
        return false;
    *name = journal_words[i].name;
    *text = journal_words[i].text;
    return true;
}

/* Compares the row name t with [name, name+n) in byte order (<0, 0, >0).
 * Inline, first byte first: most probes differ there, and a strncmp call
 * per probe was a fifth of decoding a command. */
static inline int name_cmp(const char *t, const char *name, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        int c = (unsigned char)t[k] - (unsigned char)name[k];
        if (c || !t[k])
            return c ? c : -1; /* t ended (NUL) first: shorter, so smaller */
    }
    return t[n] ? 1 : 0; /* the row's name is longer */
}

/* The row of `table` (n_rows, sorted) named [name, name+n), or NULL. */
static const cmd *search_words(const cmd *table, size_t n_rows, const char *name, size_t n)
{
    size_t lo = 0, hi = n_rows;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = name_cmp(table[mid].name, name, n);
        if (c == 0)
            return &table[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* The row for the command named [name, name+n), or NULL: a control
 * symbol by its character, a control word by binary search (the journal
 * macros after the commands: only a command the first table lacks pays). */
static const cmd *find_cmd(const char *name, size_t n)
{
    if (n == 1 && !pc_is_alpha((unsigned char)name[0]))
        return (unsigned char)name[0] < 128 && control_symbols[(unsigned char)name[0]].name
                   ? &control_symbols[(unsigned char)name[0]]
                   : NULL;
    const cmd *c = search_words(control_words, N_WORDS, name, n);
    return c ? c : search_words(journal_words, N_JOURNALS, name, n);
}

/* ---- the run's unknown commands ------------------------------------------ */

enum { SEEN_NAME_MAX = 40 }; /* names are remembered by their first 40 bytes */

/* Adds name; false when the set is full (PC_LATEX_SEEN_MAX). */
static bool seen_add(pc_latex_seen *set, const char *name, size_t n)
{
    if (set->names.n >= PC_LATEX_SEEN_MAX)
        return false;
    pc_strlist_push_n(&set->names, name, n);
    return true;
}

void pc_latex_seen_free(pc_latex_seen *set)
{
    if (set)
        pc_strlist_clear(&set->names);
}

/* Appends name to rep->first_name (", " between names); false if it does
 * not fit. */
static bool list_name(pc_latex_report *rep, const char *name, size_t n)
{
    size_t have = strlen(rep->first_name), sep = have ? 2 : 0;
    if (have + sep + n >= sizeof rep->first_name)
        return false;
    memcpy(rep->first_name + have, ", ", sep);
    memcpy(rep->first_name + have + sep, name, n);
    rep->first_name[have + sep + n] = '\0';
    return true;
}

/* ---- decoding ----------------------------------------------------------- */

/* Bytes decode_range must look at; everything else is copied in runs.  A
 * table instead of strchr per byte: decoding runs over every field read.
 * 2: only when doubled (the ligatures ,, << >>). */
static const unsigned char dec_special[256] = {
    ['\\'] = 1, ['$'] = 1, ['{'] = 1, ['}'] = 1, ['~'] = 1, ['-'] = 1, ['`'] = 1, ['\''] = 1,
    [','] = 2, ['<'] = 2, ['>'] = 2,
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
    bool marks;       /* leave markers for markup (pc_markup_fold) */
    size_t n_marks;   /* markers left */
    size_t scan_left; /* bytes match_brace may still scan directly */
    int quotes;       /* \enquote nesting */
    int protecting;   /* a protected group is open (its text is recorded whole) */
    int n_open;       /* markers open, innermost last in open[] */
    pc_mark open[PC_LATEX_MAX_DEPTH + 2];
    brace_table braces;
} dec;

/* Opens or closes a markup span (closes nest: the innermost first). */
static void put_mark(dec *d, pc_mark m, bool open)
{
    pc_markup_put_marker(d->out, m, open);
    d->n_marks++;
    if (open && d->n_open < (int)(sizeof d->open / sizeof *d->open))
        d->open[d->n_open++] = m;
    else if (!open && d->n_open > 0)
        d->n_open--;
}

/* The markup of a group that starts with a declaration ({\em ...}), with
 * its TOGGLE bit, or 0. */
static unsigned group_mark(const char *s, size_t i, size_t close)
{
    if (i + 1 >= close || s[i + 1] != '\\')
        return 0;
    size_t j = i + 2;
    while (j < close && pc_is_alpha((unsigned char)s[j]))
        j++;
    const cmd *c = j > i + 2 ? find_cmd(s + i + 2, j - i - 2) : NULL;
    return c && c->kind == CMD_DECL ? c->arg : 0;
}

static void decode_range(dec *d, const char *s, size_t i, size_t e, int depth);

/* Decodes [i, e) in the markup `arg` (a pc_mark | TOGGLE): a toggling
 * italic inside an italic closes it for its text instead (LaTeX's \emph
 * in \emph is upright). */
static void decode_marked_range(dec *d, const char *s, size_t i, size_t e, int depth, unsigned arg)
{
    pc_mark m = d->marks ? (pc_mark)(arg & MARK_BITS) : PC_MARK_NONE;
    if (m && (arg & TOGGLE) && d->n_open && d->open[d->n_open - 1] == m) {
        put_mark(d, m, false);
        decode_range(d, s, i, e, depth);
        put_mark(d, m, true);
        return;
    }
    if (m)
        put_mark(d, m, true);
    decode_range(d, s, i, e, depth);
    if (m)
        put_mark(d, m, false);
}
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
                t->cap = pc_grow_cap(t->cap, t->n + 1);
                t->open = pc_xreallocarray(t->open, t->cap, sizeof *t->open);
                t->close = pc_xreallocarray(t->close, t->cap, sizeof *t->close);
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



static size_t skip_spaces(const char *s, size_t i, size_t e)
{
    while (i < e && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
        i++;
    return i;
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

/* Appends [s, s+n), trimmed, as $...$ ($$...$$ if display): false (and
 * nothing appended) when it is empty or holds a $ of its own, which would
 * end the math early. */
static bool put_dollar_math(dec *d, const char *s, size_t n, bool display)
{
    pc_trim(&s, &n);
    if (!n)
        return false;
    for (size_t k = 0; k < n; k++) {
        if (s[k] == '\\')
            k++;
        else if (s[k] == '$')
            return false;
    }
    pc_buf_puts(d->out, display ? "$$" : "$");
    pc_buf_put(d->out, s, n);
    pc_buf_puts(d->out, display ? "$$" : "$");
    return true;
}

/* Counts the unknown command [at, at+n) in the report: every occurrence,
 * or with rep->seen, each name once per run (see latex.h). */
static void report_unknown(dec *d, const char *at, size_t n)
{
    pc_latex_report *rep = d->rep;
    if (!rep)
        return;
    size_t k = n < SEEN_NAME_MAX ? n : SEEN_NAME_MAX;
    if (rep->seen) {
        if (pc_strlist_has_n(&rep->seen->names, at, k))
            return;
        if (list_name(rep, at, k)) /* a name not listed is reported later */
            seen_add(rep->seen, at, k);
    } else if (rep->n_unknown == 0) {
        size_t m = k < sizeof rep->first_name - 1 ? k : sizeof rep->first_name - 1;
        memcpy(rep->first_name, at, m);
        rep->first_name[m] = '\0';
    }
    if (rep->n_unknown++ == 0)
        rep->first_offset = (size_t)(at - d->base);
}

/* Where the arguments written right after a command end (from s[a]):
 * a star, then braced {...} and bracketed [...] arguments, white space
 * allowed before the first only (the arity of a command we do not know is
 * unknown, and in "\gls{gpu} {CUDA}" the group after the space is the
 * title's own).  A [ is an argument only if its ] comes before any of
 * [ { } \, so scans stop at the next command and stay linear. */
static size_t written_end(dec *d, const char *s, size_t a, size_t e)
{
    size_t end = a < e && s[a] == '*' ? a + 1 : a;
    for (bool first = true;; first = false) {
        size_t k = first ? skip_spaces(s, end, e) : end, c = (size_t)-1;
        if (k < e && s[k] == '{') {
            c = match_brace(d, s, k, e);
        } else if (k < e && s[k] == '[') {
            size_t q = k + 1;
            while (q < e && !strchr("[]{}\\", s[q]))
                q++;
            c = q < e && s[q] == ']' ? q : (size_t)-1;
        }
        if (c == (size_t)-1)
            return end;
        end = c + 1;
    }
}

/* Appends LaTeX kept as written, [p, p+n): a TeX span when markup is
 * asked for, plain text otherwise. */
static void put_tex(dec *d, const char *p, size_t n)
{
    if (d->marks)
        put_mark(d, PC_MARK_TEX, true);
    pc_buf_put(d->out, p, n);
    if (d->marks)
        put_mark(d, PC_MARK_TEX, false);
}

/* An unknown command at s[i], its name ending at s[j]: kept as written
 * with its arguments, and reported.  Returns the index after it. */
static size_t unknown_command(dec *d, const char *s, size_t i, size_t j, size_t e)
{
    report_unknown(d, s + i, j - i);
    size_t end = pc_is_alpha((unsigned char)s[i + 1]) ? written_end(d, s, j, e) : j;
    put_tex(d, s + i, end - i);
    return end;
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



/* ---- commands with an argument -------------------------------------------- */

/* Rewrites out[at..] as Unicode super/subscript characters if every
 * character there has one (white space aside, at least one does); false
 * and nothing changed otherwise.  In place, from the end: no scratch. */
static bool to_script(pc_buf *out, size_t at, bool sub)
{
    size_t grow = 0, chars = 0;
    for (size_t k = at; k < out->len; k++) {
        unsigned char c = (unsigned char)out->ptr[k];
        if (pc_is_space(c))
            continue;
        int32_t cp = pc_latex_script_cp(c, sub);
        if (!cp)
            return false;
        grow += (cp < 0x800 ? 2 : 3) - 1;
        chars++;
    }
    if (!chars)
        return false;
    size_t old = out->len;
    pc_buf_grow(out, grow);
    char *p = out->ptr;
    for (size_t r = old, w = old + grow; r > at;) {
        unsigned char c = (unsigned char)p[--r];
        int32_t cp = pc_is_space(c) ? 0 : pc_latex_script_cp(c, sub);
        if (!cp) {
            p[--w] = (char)c;
            continue;
        }
        utf8proc_uint8_t u[4];
        utf8proc_ssize_t ul = utf8proc_encode_char(cp, u);
        w -= (size_t)ul;
        memcpy(p + w, u, (size_t)ul);
    }
    out->len = old + grow;
    p[out->len] = '\0';
    return true;
}

/* \textsuperscript{...} / \textsubscript{...}, the argument [i, e):
 * Unicode characters when to_script can, else a span (or plain text). */
static void decode_script(dec *d, const char *s, size_t i, size_t e, int depth, pc_mark m)
{
    size_t before = d->out->len;
    if (d->marks)
        put_mark(d, m, true);
    size_t at = d->out->len;
    decode_range(d, s, i, e, depth);
    if (to_script(d->out, at, m == PC_MARK_SUB)) {
        if (d->marks) { /* the opening marker goes: no span */
            char *p = d->out->ptr;
            memmove(p + before, p + at, d->out->len - at + 1);
            d->out->len -= at - before;
            d->n_marks--;
            if (d->n_open && d->open[d->n_open - 1] == m)
                d->n_open--;
        }
        return;
    }
    if (d->marks)
        put_mark(d, m, false);
}

/* Upper- or lower-cases out[at..] in place of it, but not math ($...$)
 * nor LaTeX kept as written (TeX spans), which LaTeX does not case either. */
static void recase(dec *d, size_t at, int how)
{
    pc_buf *out = d->out, tmp = PC_BUF_INIT;
    const char *s = out->ptr;
    size_t n = out->len;
    bool tex_open = false;
    /* the markers of a TeX span (markup.c: U+FDD0 + 2 (mark - 1) + close) */
    const char tex_on[3] = {'\xEF', '\xB7', (char)(0x90 + 2 * (PC_MARK_TEX - 1))};
    const char tex_off[3] = {'\xEF', '\xB7', (char)(0x90 + 2 * (PC_MARK_TEX - 1) + 1)};
    for (size_t k = at; k < n;) {
        size_t m = s[k] == '$' && !tex_open ? pc_markup_math_span(s, k, n, PC_MATH_LENIENT) : 0;
        if (m) {
            pc_buf_put(&tmp, s + k, m);
            k += m;
            continue;
        }
        if (n - k >= 3 && (memcmp(s + k, tex_on, 3) == 0 || memcmp(s + k, tex_off, 3) == 0))
            tex_open = s[k + 2] == tex_on[2];
        int32_t cp;
        int len = pc_utf8_next(s + k, n - k, &cp);
        if (len < 1) {
            pc_buf_putc(&tmp, s[k++]);
            continue;
        }
        if (!tex_open)
            cp = how == CASE_UPPER ? utf8proc_toupper(cp) : utf8proc_tolower(cp);
        pc_utf8_put(&tmp, cp);
        k += (size_t)len;
    }
    pc_buf_truncate(out, at);
    pc_buf_put(out, tmp.ptr, tmp.len);
    pc_buf_free(&tmp);
}

/* \href{url}{text}: the text, or the URL if there is none.  The URL is
 * [u, uclose) and the text's group starts at or after t. */
static size_t decode_href(dec *d, const char *s, size_t u, size_t uclose, size_t e, int depth)
{
    size_t t = skip_spaces(s, uclose + 1, e);
    size_t tclose = t < e && s[t] == '{' ? match_brace(d, s, t, e) : (size_t)-1;
    if (tclose == (size_t)-1) {
        pc_buf_put(d->out, s + u, uclose - u);
        return uclose + 1;
    }
    decode_range(d, s, t + 1, tclose, depth);
    return tclose + 1;
}

/* \ensuremath{...}, the argument [i, e): a symbol we know as its
 * character, any other math as $...$ (kept as written if it cannot be). */
static void decode_ensuremath(dec *d, const char *s, size_t cmd_at, size_t i, size_t e)
{
    const char *in = s + i;
    size_t n = e - i;
    pc_trim(&in, &n);
    if (n > 1 && in[0] == '\\') {
        size_t k = 1;
        while (k < n && pc_is_alpha((unsigned char)in[k]))
            k++;
        const cmd *c = k == n ? find_cmd(in + 1, n - 1) : NULL;
        if (c && c->kind == CMD_TEXT) {
            pc_buf_puts(d->out, c->text);
            return;
        }
    } else if (n == 1 && in[0] == '-') {
        pc_buf_puts(d->out, "\xE2\x88\x92"); /* U+2212 minus */
        return;
    }
    if (!put_dollar_math(d, in, n, false))
        pc_buf_put(d->out, s + cmd_at, e + 1 - cmd_at); /* as written */
}

/* A command of table row c at s[i] with an argument: the group at s[a]
 * closing at s[close] (`star`: \enquote*).  Returns the index after what
 * it used. */
static size_t decode_with_arg(dec *d, const cmd *c, const char *s, size_t i, size_t a,
                              size_t close, size_t e, int depth, bool star)
{
    size_t at = d->out->len;
    switch ((enum cmd_kind)c->kind) {
    case CMD_ARG:
        decode_marked_range(d, s, a + 1, close, depth + 1, c->arg);
        break;
    case CMD_SCRIPT:
        decode_script(d, s, a + 1, close, depth + 1, (pc_mark)c->arg);
        break;
    case CMD_QUOTE: {
        bool inner = (d->quotes + star) & 1;
        pc_buf_puts(d->out, inner ? "\xE2\x80\x98" : "\xE2\x80\x9C"); /* ‘ “ */
        d->quotes++;
        decode_range(d, s, a + 1, close, depth + 1);
        d->quotes--;
        pc_buf_puts(d->out, inner ? "\xE2\x80\x99" : "\xE2\x80\x9D"); /* ’ ” */
        break;
    }
    case CMD_CASE:
        decode_range(d, s, a + 1, close, depth + 1);
        recase(d, at, c->arg);
        break;
    case CMD_VERB:
        pc_buf_put(d->out, s + a + 1, close - a - 1);
        break;
    case CMD_HREF:
        return decode_href(d, s, a + 1, close, e, depth + 1);
    case CMD_MATH:
        decode_ensuremath(d, s, i, a + 1, close);
        break;
    default: /* CMD_DROP */
        break;
    }
    return close + 1;
}

/* ---- commands --------------------------------------------------------------- */

/* \( ... \) or \[ ... \] at s[i]: math, as $...$ or $$...$$ (what pandoc's
 * Markdown and our writers take for math); kept as written when it cannot
 * be.  Returns the index after it, or i if no math starts there. */
static size_t decode_paren_math(dec *d, const char *s, size_t i, size_t e)
{
    size_t m = pc_markup_math_span(s, i, e, PC_MATH_LENIENT);
    if (!m)
        return i;
    if (!put_dollar_math(d, s + i + 2, m - 4, s[i + 1] == '['))
        pc_buf_put(d->out, s + i, m);
    return i + m;
}

/* xspace's rule at s[i] (after the spaces): a space unless punctuation,
 * a closing brace or the end follows. */
static void decode_xspace(dec *d, const char *s, size_t i, size_t e)
{
    if (i < e && !strchr(",.'/?;:!~-)}", s[i]) &&
        !(s[i] == '\\' && i + 1 < e && (s[i + 1] == ' ' || s[i + 1] == '/')))
        pc_buf_putc(d->out, ' ');
}

/* The control sequence at s[i] == '\\'; returns the index after it. */
static size_t decode_command(dec *d, const char *s, size_t i, size_t e, int depth)
{
    if (i + 1 >= e) {
        pc_buf_putc(d->out, '\\');
        return e;
    }
    bool word = pc_is_alpha((unsigned char)s[i + 1]);
    size_t j = i + 2;
    if (word) {
        while (j < e && pc_is_alpha((unsigned char)s[j]))
            j++;
    } else if ((unsigned char)s[i + 1] >= 0x80) { /* \ and a whole UTF-8 character */
        int32_t cp;
        int len = pc_utf8_next(s + i + 1, e - i - 1, &cp);
        j = i + 1 + (size_t)(len > 0 ? len : 1);
    } else if (s[i + 1] == '(' || s[i + 1] == '[') {
        size_t k = decode_paren_math(d, s, i, e);
        if (k > i)
            return k;
    }
    const cmd *c = find_cmd(s + i + 1, j - i - 1);
    if (!c)
        return unknown_command(d, s, i, j, e);
    size_t after = word ? skip_spaces(s, j, e) : j; /* TeX skips spaces after a word */
    switch ((enum cmd_kind)c->kind) {
    case CMD_TEXT:
        pc_buf_puts(d->out, c->text);
        return word && j + 1 < e && s[j] == '{' && s[j + 1] == '}' ? j + 2 : after;
    case CMD_ACCENT: {
        int32_t mark;
        pc_utf8_next(c->text, strlen(c->text), &mark);
        return decode_accent(d, s, i, j, e, mark, depth);
    }
    case CMD_SPACE:
        pc_buf_putc(d->out, ' ');
        return after;
    case CMD_XSPACE:
        decode_xspace(d, s, after, e);
        return after;
    case CMD_DECL: /* the group it starts is marked by decode_range */
    case CMD_NOTHING:
        return after;
    case CMD_TABACCENT: /* \a'o, \a`{e}, \a=a: tabbing's accents */
        if (after < e && (unsigned char)s[after] < 128 &&
            control_symbols[(unsigned char)s[after]].kind == CMD_ACCENT &&
            control_symbols[(unsigned char)s[after]].name) {
            const cmd *a = &control_symbols[(unsigned char)s[after]];
            int32_t mark;
            pc_utf8_next(a->text, strlen(a->text), &mark);
            return decode_accent(d, s, i, after + 1, e, mark, depth);
        }
        return unknown_command(d, s, i, j, e);
    default:
        break;
    }
    bool star = c->kind == CMD_QUOTE && after < e && s[after] == '*';
    size_t a = star ? skip_spaces(s, after + 1, e) : after;
    size_t close = a < e && s[a] == '{' ? match_brace(d, s, a, e) : (size_t)-1;
    if (close == (size_t)-1)
        return after; /* no argument: the command alone means nothing here */
    if (depth >= PC_LATEX_MAX_DEPTH)
        return keep_too_deep(d, s, i, a, e);
    return decode_with_arg(d, c, s, i, a, close, e, depth, star);
}

/* A group {...} at s[i] that is one unknown command and its arguments
 * ({\foo{x}}: BibTeX reads it as one "special character"): kept as
 * written, braces and all, as a TeX span.  Returns the index after it, or
 * i if the group is not one. */
static size_t tex_group(dec *d, const char *s, size_t i, size_t close)
{
    if (!d->marks || i + 2 >= close || s[i + 1] != '\\' || !pc_is_alpha((unsigned char)s[i + 2]))
        return i;
    size_t j = i + 2;
    while (j < close && pc_is_alpha((unsigned char)s[j]))
        j++;
    if (find_cmd(s + i + 2, j - i - 2) || written_end(d, s, j, close) != close)
        return i;
    report_unknown(d, s + i + 1, j - i - 1);
    put_tex(d, s + i, close + 1 - i);
    return close + 1;
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

/* Records the decoded text of a top-level group, out[mark..], as protected
 * from case changes if it has an upper-case letter: one entry for the
 * whole group, a word ({LLM}) or a run of words ({RNA Polymerase II}). */
static void protect_group(dec *d, size_t mark)
{
    if (d->out->len <= mark || !has_upper(d->out->ptr + mark, d->out->len - mark))
        return;
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
        pc_free(copy);
    }
    pc_buf_free(&word);
}

/* The group {...} at s[i]; returns the index after it. */
static size_t decode_group(dec *d, const char *s, size_t i, size_t e, int depth)
{
    size_t close = match_brace(d, s, i, e);
    if (close == (size_t)-1 || depth >= PC_LATEX_MAX_DEPTH) {
        /* unbalanced, or too deep (counted): drop the brace, keep the text */
        if (close != (size_t)-1 && d->rep && d->rep->n_too_deep++ == 0)
            d->rep->first_too_deep = (size_t)(s + i - d->base);
        return i + 1;
    }
    size_t k = tex_group(d, s, i, close);
    if (k > i)
        return k;
    size_t mark = d->out->len;
    /* the outermost group (in a command's argument too: \emph{a {DNA}})
     * protects; one that starts with a command ({\"U}ber, {\em ...}) is a
     * "special character" to BibTeX, whose case it changes: not protected */
    bool protect = d->prot && !d->protecting && s[i + 1] != '\\';
    d->protecting += protect;
    decode_marked_range(d, s, i + 1, close, depth + 1, group_mark(s, i, close));
    d->protecting -= protect;
    if (protect)
        protect_group(d, mark);
    return close + 1;
}

/* A run of the same character at s[i] that is a ligature or a dash; returns
 * the index after it. */
static size_t decode_ligature(dec *d, const char *s, size_t i, size_t e)
{
    static const struct {
        char c;
        const char *one, *two; /* the character alone, and doubled */
    } lig[] = {
        {'~', "\xC2\xA0", NULL},              /* no-break space */
        {'`', "\xE2\x80\x98", "\xE2\x80\x9C"}, /* ‘ “ */
        {'\'', "'", "\xE2\x80\x9D"},           /* ' ” */
        {',', ",", "\xE2\x80\x9E"},            /* „ (T1 ligature) */
        {'<', "<", "\xC2\xAB"},                /* « */
        {'>', ">", "\xC2\xBB"},                /* » */
    };
    char c = s[i];
    if (c == '-') {
        size_t n = 0;
        while (i + n < e && s[i + n] == '-')
            n++;
        for (size_t k = n; k >= 3; k -= 3)
            pc_buf_puts(d->out, "\xE2\x80\x94"); /* — */
        if (n % 3 == 2)
            pc_buf_puts(d->out, "\xE2\x80\x93"); /* – */
        else if (n % 3 == 1)
            pc_buf_putc(d->out, '-');
        return i + n;
    }
    for (size_t k = 0; k < sizeof lig / sizeof *lig; k++) {
        if (lig[k].c != c)
            continue;
        bool two = lig[k].two && i + 1 < e && s[i + 1] == c;
        pc_buf_puts(d->out, two ? lig[k].two : lig[k].one);
        return i + 1 + two;
    }
    pc_buf_putc(d->out, c);
    return i + 1;
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
        switch (s[i]) {
        case '\\':
            i = decode_command(d, s, i, e, depth);
            break;
        case '$':
            i = decode_math(d, s, i, e);
            break;
        case '{':
            i = decode_group(d, s, i, e, depth);
            break;
        case '}':
            i++;
            break;
        default:
            i = decode_ligature(d, s, i, e);
        }
    }
}

/* ---- the top level ---------------------------------------------------------- */

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
 * point >= U+0300 (or an invalid byte); 4: a byte decode_range acts on
 * only when doubled (,, << >>); 0: copied as it is. */
static const unsigned char dec_class[256] = {
#define R16(v) v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v
    ['\\'] = 1, ['$'] = 1, ['{'] = 1, ['}'] = 1, ['~'] = 1, ['-'] = 1, ['`'] = 1, ['\''] = 1,
    [' '] = 2, ['\t'] = 2, ['\n'] = 2, ['\v'] = 2, ['\f'] = 2, ['\r'] = 2,
    [0xCC] = 3, 3, 3, 3, [0xD0] = R16(3), R16(3), R16(3),
    [','] = 4, ['<'] = 4, ['>'] = 4,
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
    case ',':
    case '<':
    case '>':
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
             .marks = markup && !pc_markup_has_markers(s, n),
             .scan_left = n <= TABLE_MAX ? 8 * n + 4096 : SIZE_MAX};
    pc_buf_grow(out, n);
    while (i < n) {
        unsigned char k = dec_class[(unsigned char)s[i]];
        if (k == 4 && !(i + 1 < n && s[i + 1] == s[i]))
            k = 0; /* a lone , < or > */
        if (k == 2) {
            do
                i++;
            while (i < n && dec_class[(unsigned char)s[i]] == 2);
            if (out->len > start && out->ptr[out->len - 1] != ' ')
                pc_buf_putc(out, ' ');
            continue;
        }
        if (k == 1 || k == 4) {
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
            if (dec_class[c] == 4 && !(j + 1 < n && s[j + 1] == (char)c)) {
                j++;
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
    pc_free(d.braces.open);
    pc_free(d.braces.close);
    if (d.n_marks) { /* markers become spans (markup.h) */
        pc_buf marked = PC_BUF_INIT;
        pc_buf_put(&marked, out->ptr + start, out->len - start);
        pc_buf_truncate(out, start);
        pc_markup_fold(marked.ptr, marked.len, out, markup);
        pc_buf_free(&marked);
    }
}

