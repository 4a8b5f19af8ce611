/* SPDX-License-Identifier: MIT */
/* rich.c — rich text trees (cp_rt): CSL's rich text parsed into them, and
 * the small operations the renderer needs (first and last character,
 * dropping characters at either end, the plain text).
 *
 * CSL rich text is what citeproc-js and pandoc read in field values and
 * affixes: <i>, <b>, <u>, <sup>, <sub>, <sc>, <span class="nocase">,
 * <span class="nodecor">, <span style="font-variant:small-caps;">,
 * <span style="baseline">, in pairs; quotes ("...", '...', and the
 * locale's own) that become quoted spans the renderer writes in the
 * locale's quotes, outer and inner alternating; a straight apostrophe
 * becomes ’; a lone superscript character (ª, ², ...) becomes a
 * superscript.  One pass with a stack of open spans (at most MAX_OPEN
 * deep): a span's closer closes the innermost open span when it matches
 * it; a span still open at the end is text again (its opener written as
 * it was), its contents kept.  Nothing else is changed.
 *
 * Trees are treated as immutable once built: operations that change one
 * copy the path they change (the same tree may be rendered twice). */
#include "citeproc/cp.h"
#include "text/markup.h"
#include "text/unicode.h"

#include <string.h>
#include <utf8proc.h>

enum { MAX_OPEN = 32 };

/* ---- building ----------------------------------------------------------- */

cp_rt *cp_rt_text(cp_arena *a, const char *s, size_t n)
{
    cp_rt *r = cp_alloc(a, sizeof *r);
    r->kind = CP_R_TEXT;
    r->s = cp_strndup(a, s, n);
    r->len = n;
    return r;
}

cp_rt *cp_rt_wrap(cp_arena *a, int kind, cp_rt *kid)
{
    cp_rt *r = cp_alloc(a, sizeof *r);
    r->kind = (unsigned char)kind;
    r->n = 1;
    r->kids = cp_alloc(a, sizeof *r->kids);
    r->kids[0] = kid;
    return r;
}

cp_rt *cp_rt_seq(cp_arena *a, cp_rt **kids, size_t n)
{
    size_t total = 0;
    for (size_t i = 0; i < n; i++)
        if (kids[i])
            total += kids[i]->kind == CP_R_SEQ && !kids[i]->disp ? kids[i]->n : 1;
    if (total == 1)
        for (size_t i = 0; i < n; i++)
            if (kids[i])
                return kids[i]->kind == CP_R_SEQ && !kids[i]->disp ? kids[i]->kids[0] : kids[i];
    cp_rt *r = cp_alloc(a, sizeof *r);
    r->kind = CP_R_SEQ;
    r->kids = cp_alloc(a, (total ? total : 1) * sizeof *r->kids);
    for (size_t i = 0; i < n; i++) {
        if (!kids[i])
            continue;
        if (kids[i]->kind == CP_R_SEQ && !kids[i]->disp)
            for (uint32_t k = 0; k < kids[i]->n; k++)
                r->kids[r->n++] = kids[i]->kids[k];
        else
            r->kids[r->n++] = kids[i];
    }
    return r;
}

bool cp_rt_empty(const cp_rt *r)
{
    if (!r)
        return true;
    if (r->kind == CP_R_TEXT)
        return r->len == 0;
    for (uint32_t i = 0; i < r->n; i++)
        if (!cp_rt_empty(r->kids[i]))
            return false;
    return true;
}

void cp_rt_plain(const cp_rt *r, pc_buf *out)
{
    if (!r)
        return;
    if (r->kind == CP_R_TEXT) {
        pc_buf_put(out, r->s, r->len);
        return;
    }
    for (uint32_t i = 0; i < r->n; i++)
        cp_rt_plain(r->kids[i], out);
}

/* ---- the parser ---------------------------------------------------------- */

typedef struct span_tag {
    const char *open, *close;
    int kind;
} span_tag;

static const span_tag tags[] = {
    {"<i>", "</i>", CP_R_ITALIC},
    {"<b>", "</b>", CP_R_BOLD},
    {"<u>", "</u>", CP_R_UNDERLINE},
    {"<sup>", "</sup>", CP_R_SUP},
    {"<sub>", "</sub>", CP_R_SUB},
    {"<sc>", "</sc>", CP_R_SMALLCAPS},
    {"<span class=\"nocase\">", "</span>", CP_R_NOCASE},
    {"<span class=\"nodecor\">", "</span>", CP_R_NODECOR},
    {"<span style=\"font-variant:small-caps;\">", "</span>", CP_R_SMALLCAPS},
    {"<span style=\"font-variant: small-caps;\">", "</span>", CP_R_SMALLCAPS},
    {"<span style=\"baseline\">", "</span>", CP_R_BASELINE},
};

typedef struct frame {
    int kind;
    const char *close; /* the closer */
    const char *open;  /* the opener as written */
    size_t open_len;
    bool inner; /* a quote written as the inner kind (see try_open) */
    cp_vec kids;
} frame;

typedef struct rparser {
    cp_arena *a;
    const cp_locale *loc;
    frame st[MAX_OPEN + 1];
    int depth; /* st[0] is the whole text */
    pc_buf text; /* pending text of the top frame */
    char first_straight; /* the straight quote (' or ") that opened first, or 0 */
} rparser;

static void flush(rparser *p)
{
    if (!p->text.len)
        return;
    cp_vec_push(p->a, &p->st[p->depth].kids, cp_rt_text(p->a, p->text.ptr, p->text.len));
    pc_buf_clear(&p->text);
}

static cp_rt *frame_seq(rparser *p, frame *f)
{
    return cp_rt_seq(p->a, (cp_rt **)f->kids.v, f->kids.n);
}

static void push_frame(rparser *p, int kind, const char *open, size_t open_len, const char *close)
{
    flush(p);
    frame *f = &p->st[++p->depth];
    memset(f, 0, sizeof *f);
    f->kind = kind;
    f->open = open;
    f->open_len = open_len;
    f->close = close;
}

static void pop_frame(rparser *p)
{
    flush(p);
    frame *f = &p->st[p->depth--];
    cp_rt *seq = frame_seq(p, f);
    if (!seq)
        seq = cp_rt_text(p->a, "", 0);
    cp_rt *w = cp_rt_wrap(p->a, f->kind, seq);
    if (f->kind == CP_R_QUOTED)
        w->disp = f->inner;
    cp_vec_push(p->a, &p->st[p->depth].kids, w);
}

/* A span left open at the end: its opener is text, its contents stay. */
static void unwind_frame(rparser *p)
{
    flush(p);
    frame *f = &p->st[p->depth--];
    frame *up = &p->st[p->depth];
    bool apos = f->open_len == 1 && f->open[0] == '\'';
    cp_vec_push(p->a, &up->kids,
                cp_rt_text(p->a, apos ? "\xe2\x80\x99" : f->open, apos ? 3 : f->open_len));
    for (size_t i = 0; i < f->kids.n; i++)
        cp_vec_push(p->a, &up->kids, f->kids.v[i]);
}

static bool starts(const char *s, size_t n, const char *w, size_t *len)
{
    size_t k = strlen(w);
    if (k && k <= n && memcmp(s, w, k) == 0) {
        *len = k;
        return true;
    }
    return false;
}

static int32_t cp_at(const char *s, size_t n, int *len)
{
    int32_t c = 0;
    int k = pc_utf8_next(s, n, &c);
    if (k <= 0) {
        *len = 1;
        return 0xFFFD;
    }
    *len = k;
    return c;
}

static bool is_alnum_cp(int32_t c)
{
    if (c < 128)
        return pc_is_alnum(c);
    utf8proc_category_t cat = utf8proc_category(c);
    return (cat >= UTF8PROC_CATEGORY_LU && cat <= UTF8PROC_CATEGORY_LO) ||
           (cat >= UTF8PROC_CATEGORY_ND && cat <= UTF8PROC_CATEGORY_NO) ||
           (cat >= UTF8PROC_CATEGORY_MN && cat <= UTF8PROC_CATEGORY_ME);
}

/* The superscript characters and what they stand for (jgm/citeproc's table). */
static const struct {
    int32_t c;
    const char *s;
} supers[] = {
    {0x00AA, "a"}, {0x00B2, "2"}, {0x00B3, "3"}, {0x00B9, "1"}, {0x00BA, "o"},
    {0x02B0, "h"}, {0x02B1, "\u0266"}, {0x02B2, "j"}, {0x02B3, "r"}, {0x02B4, "\u0279"},
    {0x02B5, "\u027B"}, {0x02B6, "\u0281"}, {0x02B7, "w"}, {0x02B8, "y"}, {0x02C0, "\u0294"},
    {0x02C1, "\u0295"}, {0x02E0, "\u0263"}, {0x02E1, "l"}, {0x02E2, "s"}, {0x02E3, "x"},
    {0x02E4, "\u0295"}, {0x06E5, "\u0648"}, {0x06E6, "\u064A"}, {0x1D2C, "A"}, {0x1D2D, "\u00C6"},
    {0x1D2E, "B"}, {0x1D30, "D"}, {0x1D31, "E"}, {0x1D32, "\u018E"}, {0x1D33, "G"}, {0x1D34, "H"},
    {0x1D35, "I"}, {0x1D36, "J"}, {0x1D37, "K"}, {0x1D38, "L"}, {0x1D39, "M"}, {0x1D3A, "N"},
    {0x1D3C, "O"}, {0x1D3D, "\u0222"}, {0x1D3E, "P"}, {0x1D3F, "R"}, {0x1D40, "T"}, {0x1D41, "U"},
    {0x1D42, "W"}, {0x1D43, "a"}, {0x1D44, "\u0250"}, {0x1D45, "\u0251"}, {0x1D46, "\u1D02"},
    {0x1D47, "b"}, {0x1D48, "d"}, {0x1D49, "e"}, {0x1D4A, "\u0259"}, {0x1D4B, "\u025B"},
    {0x1D4C, "\u025C"}, {0x1D4D, "g"}, {0x1D4F, "k"}, {0x1D50, "m"}, {0x1D51, "\u014B"},
    {0x1D52, "o"}, {0x1D53, "\u0254"}, {0x1D54, "\u1D16"}, {0x1D55, "\u1D17"}, {0x1D56, "p"},
    {0x1D57, "t"}, {0x1D58, "u"}, {0x1D59, "\u1D1D"}, {0x1D5A, "\u026F"}, {0x1D5B, "v"},
    {0x1D5C, "\u1D25"}, {0x1D5D, "\u03B2"}, {0x1D5E, "\u03B3"}, {0x1D5F, "\u03B4"},
    {0x1D60, "\u03C6"}, {0x1D61, "\u03C7"}, {0x2070, "0"}, {0x2071, "i"}, {0x2074, "4"},
    {0x2075, "5"}, {0x2076, "6"}, {0x2077, "7"}, {0x2078, "8"}, {0x2079, "9"}, {0x207A, "+"},
    {0x207B, "\u2212"}, {0x207C, "="}, {0x207D, "("}, {0x207E, ")"}, {0x207F, "n"},
    {0x2120, "SM"}, {0x2122, "TM"}, {0x3192, "\u4E00"}, {0x3193, "\u4E8C"}, {0x3194, "\u4E09"},
    {0x3195, "\u56DB"}, {0x3196, "\u4E0A"}, {0x3197, "\u4E2D"}, {0x3198, "\u4E0B"},
    {0x3199, "\u7532"}, {0x319A, "\u4E59"}, {0x319B, "\u4E19"}, {0x319C, "\u4E01"},
    {0x319D, "\u5929"}, {0x319E, "\u5730"}, {0x319F, "\u4EBA"},
};

static const char *super_of(int32_t c)
{
    if (c < 0xAA)
        return NULL;
    for (size_t i = 0; i < sizeof supers / sizeof *supers; i++)
        if (supers[i].c == c)
            return supers[i].s;
    return NULL;
}

/* Whether a quote may open at s[i] (the opener is `len` bytes): something
 * follows that is not white space, and not the closer itself. */
static bool may_open(const char *s, size_t n, size_t i, size_t len, const char *close)
{
    size_t j = i + len;
    if (j >= n || pc_is_space((unsigned char)s[j]))
        return false;
    size_t cl = strlen(close);
    return !(n - j >= cl && memcmp(s + j, close, cl) == 0);
}

/* Tries a tag or quote opener at s[i]; returns its length or 0. */
static size_t try_open(rparser *p, const char *s, size_t n, size_t i)
{
    size_t len;
    if (p->depth >= MAX_OPEN)
        return 0;
    if (s[i] == '<') {
        for (size_t k = 0; k < sizeof tags / sizeof *tags; k++)
            if (starts(s + i, n - i, tags[k].open, &len)) {
                push_frame(p, tags[k].kind, s + i, len, tags[k].close);
                return len;
            }
        return 0;
    }
    const cp_locale *l = p->loc;
    struct {
        const char *open, *close;
    } q[4] = {{"\"", "\""}, {"'", "'"}, {l->quote_open, l->quote_close},
              {l->quote_inner_open, l->quote_inner_close}};
    for (int k = 0; k < 4; k++)
        if (q[k].open && starts(s + i, n - i, q[k].open, &len) && may_open(s, n, i, len, q[k].close)) {
            push_frame(p, CP_R_QUOTED, s + i, len, q[k].close);
            /* which kind it was written as, as citeproc-js reads it: the
             * locale's inner quotes are inner; of straight ones, the first
             * to open is the outer kind and the other the inner one */
            if (k < 2 && !p->first_straight)
                p->first_straight = s[i];
            p->st[p->depth].inner = k == 3 || (k < 2 && s[i] != p->first_straight);
            return len;
        }
    return 0;
}

static bool is_special(const rparser *p, int32_t c, const char *s, size_t n)
{
    if (c == '<' || c == '>' || c == '\'' || c == '"' || c == 0x2019)
        return true;
    if (c < 128)
        return false;
    const cp_locale *l = p->loc;
    size_t len;
    const char *qs[4] = {l->quote_open, l->quote_close, l->quote_inner_open, l->quote_inner_close};
    for (int k = 0; k < 4; k++)
        if (qs[k] && starts(s, n, qs[k], &len))
            return true;
    return super_of(c) != NULL;
}

/* Text at s[i]: a word (with one apostrophe inside: l’Église), a run of
 * other ordinary characters, or one special character.  Returns its length. */
static size_t take_text(rparser *p, const char *s, size_t n, size_t i)
{
    int len;
    int32_t c = cp_at(s + i, n - i, &len);
    if (is_special(p, c, s + i, n - i)) {
        const char *sup = super_of(c);
        if (sup) {
            flush(p);
            cp_vec_push(p->a, &p->st[p->depth].kids,
                        cp_rt_wrap(p->a, CP_R_SUP, cp_rt_text(p->a, sup, strlen(sup))));
        } else if (c == '\'' || c == 0x2019) {
            pc_buf_puts(&p->text, "\xe2\x80\x99");
        } else {
            pc_buf_put(&p->text, s + i, (size_t)len);
        }
        return (size_t)len;
    }
    bool word = is_alnum_cp(c);
    size_t j = i;
    while (j < n) {
        c = cp_at(s + j, n - j, &len);
        if (is_special(p, c, s + j, n - j) || is_alnum_cp(c) != word)
            break;
        j += (size_t)len;
    }
    pc_buf_put(&p->text, s + i, j - i);
    if (word && j < n && (s[j] == '\'' || (n - j >= 3 && memcmp(s + j, "\xe2\x80\x99", 3) == 0))) {
        size_t a = j + (s[j] == '\'' ? 1 : 3), k = a;
        while (k < n) {
            c = cp_at(s + k, n - k, &len);
            if (!is_alnum_cp(c) || is_special(p, c, s + k, n - k))
                break;
            k += (size_t)len;
        }
        if (k > a) {
            pc_buf_puts(&p->text, "\xe2\x80\x99");
            pc_buf_put(&p->text, s + a, k - a);
            j = k;
        }
    }
    return j - i;
}

/* True if s holds none of what the parser acts on (is_special's
 * characters: tags, straight quotes, U+2019, the locale's quotes,
 * superscript characters), so that it reads as one text as it is.  Text
 * that is not UTF-8 goes to the parser. */
static bool plain_only(const cp_locale *l, const char *s, size_t n)
{
    const char *qs[4] = {l->quote_open, l->quote_close, l->quote_inner_open, l->quote_inner_close};
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) {
            if (c == '<' || c == '>' || c == '\'' || c == '"')
                return false;
            i++;
            continue;
        }
        int32_t cp;
        int k = pc_utf8_next(s + i, n - i, &cp);
        if (k <= 0 || cp == 0x2019 || super_of(cp))
            return false;
        size_t len;
        for (int q = 0; q < 4; q++)
            if (qs[q] && starts(s + i, n - i, qs[q], &len))
                return false;
        i += (size_t)k;
    }
    return true;
}

static void parse_into(rparser *p, const char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        size_t len;
        frame *top = &p->st[p->depth];
        if (p->depth && starts(s + i, n - i, top->close, &len) &&
            !(top->kind == CP_R_QUOTED && i > 0 && pc_is_space((unsigned char)s[i - 1]))) {
            pop_frame(p);
            i += len;
            continue;
        }
        if ((s[i] == '<' || s[i] == '"' || s[i] == '\'' || (unsigned char)s[i] >= 0x80) &&
            (len = try_open(p, s, n, i)) != 0) {
            i += len;
            continue;
        }
        i += take_text(p, s, n, i);
    }
}

/* A quote closed in a text and the punctuation after it in the same text
 * stay together: punctuation-in-quote moves only what comes from elsewhere
 * (an affix, a delimiter, the next variable). */
static void glue_quotes(rparser *p, frame *f)
{
    for (size_t i = 0; i + 1 < f->kids.n; i++) {
        cp_rt *q = f->kids.v[i], *t = f->kids.v[i + 1];
        if (q->kind != CP_R_QUOTED || t->kind != CP_R_TEXT || !t->len || !strchr(".,!?", t->s[0]))
            continue;
        cp_rt *pair[2] = {q, t};
        cp_rt *g = cp_rt_seq(p->a, pair, 2);
        g->disp = 1; /* atomic: never flattened into its parent */
        f->kids.v[i] = g;
        memmove(f->kids.v + i + 1, f->kids.v + i + 2, (f->kids.n - i - 2) * sizeof *f->kids.v);
        f->kids.n--;
    }
}

static cp_rt *finish(rparser *p)
{
    while (p->depth)
        unwind_frame(p);
    flush(p);
    glue_quotes(p, &p->st[0]);
    cp_rt *r = frame_seq(p, &p->st[0]);
    pc_buf_free(&p->text);
    return r;
}

cp_rt *cp_rich_parse(cp_arena *a, const cp_locale *loc, const char *s, size_t n)
{
    if (!n)
        return NULL;
    if (plain_only(loc, s, n))
        return cp_rt_text(a, s, n);
    rparser p = {.a = a, .loc = loc, .text = PC_BUF_INIT};
    parse_into(&p, s, n);
    return finish(&p);
}

/* ---- a model text with its spans ------------------------------------------ */

/* The model keeps italic, bold, super- and subscripts as spans and
 * case-protected words as a list: they are written back as CSL's tags
 * (markup.c) and the whole parsed once, so that quotes may cross spans. */
cp_rt *cp_rich_from_text(cp_arena *a, const cp_locale *loc, const pc_text *t)
{
    if (!t || !t->s)
        return NULL;
    if (!t->markup.n && !t->protected_words.n)
        return cp_rich_parse(a, loc, t->s, strlen(t->s));
    pc_spanlist spans = {0};
    pc_markup_with_nocase(t->s, &t->markup, &t->protected_words, &spans);
    pc_buf html = PC_BUF_INIT;
    pc_markup_to_html(t->s, &spans, &html);
    pc_spanlist_clear(&spans);
    cp_rt *r = cp_rich_parse(a, loc, html.ptr, html.len);
    pc_buf_free(&html);
    return r;
}

/* ---- first and last characters --------------------------------------------- */

int32_t cp_rt_first(const cp_rt *r)
{
    if (!r)
        return -1;
    if (r->kind == CP_R_TEXT) {
        if (!r->len)
            return -1;
        int len;
        return cp_at(r->s, r->len, &len);
    }
    for (uint32_t i = 0; i < r->n; i++) {
        int32_t c = cp_rt_first(r->kids[i]);
        if (c >= 0)
            return c;
    }
    return -1;
}

static int32_t last_cp(const char *s, size_t n)
{
    size_t i = n;
    while (i > 0 && ((unsigned char)s[i - 1] & 0xC0) == 0x80)
        i--;
    if (i > 0)
        i--;
    int len;
    return cp_at(s + i, n - i, &len);
}

int32_t cp_rt_last(const cp_rt *r)
{
    if (!r)
        return -1;
    if (r->kind == CP_R_TEXT)
        return r->len ? last_cp(r->s, r->len) : -1;
    for (uint32_t i = r->n; i > 0; i--) {
        int32_t c = cp_rt_last(r->kids[i - 1]);
        if (c >= 0)
            return c;
    }
    return -1;
}

static cp_rt *copy_node(cp_arena *a, const cp_rt *r)
{
    cp_rt *c = cp_alloc(a, sizeof *c);
    *c = *r;
    if (r->n) {
        c->kids = cp_alloc(a, r->n * sizeof *c->kids);
        memcpy(c->kids, r->kids, r->n * sizeof *c->kids);
    }
    return c;
}

/* The first text in document order (even an empty one) is trimmed, as
 * jgm/citeproc's dropTextWhile does. */
static cp_rt *drop_lead(cp_arena *a, cp_rt *r, cp_char_pred pred, const void *arg, bool *done)
{
    if (r->kind == CP_R_TEXT) {
        *done = true;
        size_t i = 0;
        while (i < r->len) {
            int len;
            int32_t c = cp_at(r->s + i, r->len - i, &len);
            if (!pred(c, arg))
                break;
            i += (size_t)len;
        }
        if (!i)
            return r;
        cp_rt *t = copy_node(a, r);
        t->s = r->s + i;
        t->len = r->len - i;
        return t;
    }
    for (uint32_t k = 0; k < r->n && !*done; k++) {
        cp_rt *nk = drop_lead(a, r->kids[k], pred, arg, done);
        if (nk != r->kids[k]) {
            cp_rt *c = copy_node(a, r);
            c->kids[k] = nk;
            return c;
        }
    }
    return r;
}

cp_rt *cp_rt_drop_lead(cp_arena *a, cp_rt *r, cp_char_pred pred, const void *arg)
{
    bool done = false;
    return r ? drop_lead(a, r, pred, arg, &done) : r;
}

/* The last branch only, as jgm/citeproc's dropTextWhileEnd. */
cp_rt *cp_rt_drop_trail(cp_arena *a, cp_rt *r, cp_char_pred pred, const void *arg)
{
    if (!r)
        return r;
    if (r->kind == CP_R_TEXT) {
        size_t n = r->len;
        while (n > 0) {
            size_t i = n;
            while (i > 0 && ((unsigned char)r->s[i - 1] & 0xC0) == 0x80)
                i--;
            if (i > 0)
                i--;
            int len;
            if (!pred(cp_at(r->s + i, n - i, &len), arg))
                break;
            n = i;
        }
        if (n == r->len)
            return r;
        cp_rt *t = copy_node(a, r);
        t->len = n;
        return t;
    }
    if (!r->n)
        return r;
    cp_rt *nk = cp_rt_drop_trail(a, r->kids[r->n - 1], pred, arg);
    if (nk == r->kids[r->n - 1])
        return r;
    cp_rt *c = copy_node(a, r);
    c->kids[r->n - 1] = nk;
    return c;
}
