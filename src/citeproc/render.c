/* SPDX-License-Identifier: MIT */
/* render.c — output tree -> rich text tree, with CSL's punctuation rules,
 * and rich text tree -> bytes through one format's callbacks (the table in
 * render_html.c, render_text.c, render_markdown.c, render_latex.c).
 *
 * The first step is jgm/citeproc's renderOutput: children rendered, empty
 * ones dropped, the delimiter put between them (not before one that starts
 * with , ; or .), duplicate punctuation at each join removed (fixPunct:
 * the table of which of two adjacent marks to keep, from citeproc-js's
 * queue.js), then the node's formatting: strip-periods, font style,
 * text-case, font variant and weight, decoration, vertical alignment,
 * quotes, affixes (parsed as rich text, with the same punctuation rule),
 * display.  The second step walks the tree with what is active (italic,
 * bold, small caps, the quote level), so that italic inside italic is
 * written roman (flip-flop) and quotes alternate outer and inner. */
#include "citeproc/cp.h"
#include "text/unicode.h"

#include <string.h>
#include <utf8proc.h>

/* ---- punctuation at joins -------------------------------------------------- */

enum { KEEP_BOTH, KEEP_FIRST, KEEP_SECOND };

static int punct_rule(int32_t x, int32_t y)
{
    static const char marks[] = "!?.:,; ";
    /* rows: the mark that ends the first, columns: the one that starts the second */
    static const char table[7][7] = {
        /*         !    ?    .    :    ,    ;   ' ' */
        /* ! */ {'1', 'b', '1', '1', 'b', 'b', 'b'},
        /* ? */ {'b', '1', '1', '1', 'b', 'b', 'b'},
        /* . */ {'b', 'b', '1', 'b', 'b', 'b', 'b'},
        /* : */ {'2', '2', '1', '1', 'b', 'b', 'b'},
        /* , */ {'b', 'b', 'b', 'b', '1', 'b', 'b'},
        /* ; */ {'2', '2', '1', '1', 'b', '1', 'b'},
        /*' '*/ {'b', 'b', 'b', 'b', 'b', 'b', '2'},
    };
    const char *px = x > 0 && x < 128 ? strchr(marks, (int)x) : NULL;
    const char *py = y > 0 && y < 128 ? strchr(marks, (int)y) : NULL;
    if (!px || !py)
        return KEEP_BOTH;
    char r = table[px - marks][py - marks];
    return r == '1' ? KEEP_FIRST : r == '2' ? KEEP_SECOND : KEEP_BOTH;
}

static bool is_quote_like(int32_t c)
{
    return c == '"' || c == '\'' || (c > 127 && utf8proc_category(c) == UTF8PROC_CATEGORY_PF);
}

/* Scanning a tree's text backwards: state 0 skips trailing white space and
 * needs a quote-like character next, 1 skips quotes and white space, and
 * the first other character is the answer. */
typedef struct rev_scan {
    int state;
    int32_t found; /* -1: none (yet); -2: no closing quote at the end */
} rev_scan;

static bool rev_text(rev_scan *sc, const char *s, size_t n)
{
    size_t i = n;
    while (i > 0) {
        size_t e = i;
        i--;
        while (i > 0 && ((unsigned char)s[i] & 0xC0) == 0x80)
            i--;
        int32_t c;
        if (pc_utf8_next(s + i, e - i, &c) <= 0)
            c = 0xFFFD;
        bool space = c < 128 && pc_is_space((int)c);
        if (sc->state == 0 && space)
            continue;
        if (sc->state == 0) {
            if (!is_quote_like(c)) {
                sc->found = -2;
                return true;
            }
            sc->state = 1;
            continue;
        }
        if (space || is_quote_like(c))
            continue;
        sc->found = c;
        return true;
    }
    return false;
}

static bool rev_walk(rev_scan *sc, const cp_rt *r)
{
    if (!r)
        return false;
    if (r->kind == CP_R_TEXT)
        return rev_text(sc, r->s, r->len);
    for (uint32_t i = r->n; i > 0; i--)
        if (rev_walk(sc, r->kids[i - 1]))
            return true;
    return false;
}

/* The character before closing quotes at the end of r's text, or -1. */
static int32_t before_quote(const cp_rt *r)
{
    rev_scan sc = {.state = 0, .found = -1};
    rev_walk(&sc, r);
    return sc.found >= 0 ? sc.found : -1;
}

/* arg: the character to drop */
static bool is_char(int32_t c, const void *arg) { return c == *(const int32_t *)arg; }

/* jgm/citeproc's fixPunct over a list, in place. */
static void fix_punct(cp_arena *a, cp_rt **v, size_t n)
{
    size_t i = 0;
    while (i + 1 < n) {
        cp_rt *x = v[i], *y = v[i + 1];
        int32_t ys = cp_rt_first(y), xe = cp_rt_last(x);
        if (ys == '.') {
            int32_t q = before_quote(x);
            if (q >= 0)
                xe = q;
        }
        int rule = punct_rule(xe, ys);
        if (rule == KEEP_FIRST) {
            cp_rt *yt = cp_rt_drop_lead(a, y, is_char, &ys);
            if (yt != y) {
                v[i + 1] = yt;
                continue;
            }
        } else if (rule == KEEP_SECOND) {
            cp_rt *xt = cp_rt_drop_trail(a, x, is_char, &xe);
            if (xt != x) {
                v[i] = xt;
                continue;
            }
        }
        i++;
    }
}

/* ---- formatting ------------------------------------------------------------ */

static cp_rt *strip_periods(cp_arena *a, cp_rt *r)
{
    if (r->kind == CP_R_TEXT) {
        if (!memchr(r->s, '.', r->len))
            return r;
        char *s = cp_alloc(a, r->len + 1);
        size_t k = 0;
        for (size_t i = 0; i < r->len; i++)
            if (r->s[i] != '.')
                s[k++] = r->s[i];
        return cp_rt_text(a, s, k);
    }
    cp_rt *c = cp_alloc(a, sizeof *c);
    *c = *r;
    c->kids = cp_alloc(a, (r->n ? r->n : 1) * sizeof *c->kids);
    for (uint32_t i = 0; i < r->n; i++)
        c->kids[i] = strip_periods(a, r->kids[i]);
    return c;
}

static cp_rt *add_affixes(cp_arena *a, const cp_locale *loc, const cp_fmt *f, cp_rt *x)
{
    cp_rt *v[3];
    size_t n = 0;
    if (f->prefix && *f->prefix) {
        v[0] = cp_rich_parse(a, loc, f->prefix, strlen(f->prefix));
        v[1] = x;
        fix_punct(a, v, 2);
        x = cp_rt_seq(a, v, 2);
    }
    if (f->suffix && *f->suffix) {
        v[0] = x;
        v[1] = cp_rich_parse(a, loc, f->suffix, strlen(f->suffix));
        fix_punct(a, v, 2);
        x = cp_rt_seq(a, v, 2);
    }
    (void)n;
    return x;
}

static cp_rt *add_formatting(cp_arena *a, const cp_locale *loc, const cp_fmt *f, cp_rt *x)
{
    if (cp_rt_empty(x))
        return NULL;
    if (f->strip_periods)
        x = strip_periods(a, x);
    if (f->affixes_inside)
        x = add_affixes(a, loc, f, x);
    if (f->font_style == CP_FS_ITALIC || f->font_style == CP_FS_OBLIQUE)
        x = cp_rt_wrap(a, CP_R_ITALIC, x);
    else if (f->font_style == CP_FS_NORMAL)
        x = cp_rt_wrap(a, CP_R_ROMAN, x);
    if (f->text_case)
        cp_text_case(a, &x, f->text_case);
    if (f->font_variant == CP_FV_SMALLCAPS)
        x = cp_rt_wrap(a, CP_R_SMALLCAPS, x);
    else if (f->font_variant == CP_FV_NORMAL)
        x = cp_rt_wrap(a, CP_R_NOSMALLCAPS, x);
    if (f->font_weight == CP_FW_BOLD)
        x = cp_rt_wrap(a, CP_R_BOLD, x);
    else if (f->font_weight == CP_FW_NORMAL)
        x = cp_rt_wrap(a, CP_R_UNBOLD, x);
    if (f->decoration == CP_TD_UNDERLINE)
        x = cp_rt_wrap(a, CP_R_UNDERLINE, x);
    else if (f->decoration == CP_TD_NONE)
        x = cp_rt_wrap(a, CP_R_NODECOR, x);
    if (f->valign == CP_VA_SUP)
        x = cp_rt_wrap(a, CP_R_SUP, x);
    else if (f->valign == CP_VA_SUB)
        x = cp_rt_wrap(a, CP_R_SUB, x);
    else if (f->valign == CP_VA_BASELINE)
        x = cp_rt_wrap(a, CP_R_BASELINE, x);
    if (f->quotes)
        x = cp_rt_wrap(a, CP_R_QUOTED, x);
    if (!f->affixes_inside)
        x = add_affixes(a, loc, f, x);
    if (f->display) {
        x = cp_rt_wrap(a, CP_R_DIV, x);
        x->disp = f->display;
    }
    return x;
}

/* ---- output tree -> rich tree ----------------------------------------------- */

static bool starts_punct(const cp_rt *r)
{
    int32_t c = cp_rt_first(r);
    return c == ',' || c == ';' || c == '.';
}

cp_rt *cp_render(cp_arena *a, const cp_locale *loc, const cp_out *o)
{
    if (!o)
        return NULL;
    if (o->kind == CP_O_LIT)
        return cp_rt_empty(o->lit) ? NULL : o->lit;
    cp_rt *small[16], **kids = o->n * 2 <= 16 ? small : cp_alloc(a, o->n * 2 * sizeof *kids);
    size_t n = 0;
    cp_rt *delim = o->fmt.delim && *o->fmt.delim ? cp_rt_text(a, o->fmt.delim, strlen(o->fmt.delim)) : NULL;
    for (size_t i = 0; i < o->n; i++) {
        cp_rt *r = cp_render(a, loc, o->kids[i]);
        if (cp_rt_empty(r))
            continue;
        if (n && delim && !starts_punct(r))
            kids[n++] = delim;
        kids[n++] = r;
    }
    if (!n)
        return NULL;
    fix_punct(a, kids, n);
    cp_rt *x = cp_rt_seq(a, kids, n);
    return add_formatting(a, loc, &o->fmt, x);
}

/* ---- punctuation inside quotes ---------------------------------------------------- */

/* The node with c appended inside the quoted span r ends with (through
 * italics and the like), or NULL when r does not end with one. */
static cp_rt *append_in_quote(cp_arena *a, const cp_rt *r, const char *c, int depth)
{
    if (!r || r->kind == CP_R_TEXT || !r->n || depth > 64)
        return NULL;
    if (r->kind == CP_R_QUOTED) {
        cp_rt *inner[2] = {r->kids[0], cp_rt_text(a, c, 1)};
        cp_rt *q = cp_rt_wrap(a, CP_R_QUOTED, cp_rt_seq(a, inner, 2));
        q->disp = r->disp;
        return q;
    }
    if (r->kind == CP_R_NOCASE || r->kind == CP_R_DIV || r->kind == CP_R_LINK)
        return NULL;
    cp_rt *last = append_in_quote(a, r->kids[r->n - 1], c, depth + 1);
    if (!last)
        return NULL;
    cp_rt *copy = cp_alloc(a, sizeof *copy);
    *copy = *r;
    copy->kids = cp_alloc(a, r->n * sizeof *copy->kids);
    memcpy(copy->kids, r->kids, r->n * sizeof *copy->kids);
    copy->kids[r->n - 1] = last;
    return copy;
}

/* A . , ! or ? that follows a quoted span moves inside it (punctuation-in-quote). */
cp_rt *cp_punct_in_quote(cp_arena *a, cp_rt *r)
{
    if (!r || r->kind == CP_R_TEXT)
        return r;
    cp_rt *c = cp_alloc(a, sizeof *c);
    *c = *r;
    c->kids = cp_alloc(a, (r->n ? r->n : 1) * sizeof *c->kids);
    for (uint32_t i = 0; i < r->n; i++)
        c->kids[i] = cp_punct_in_quote(a, r->kids[i]);
    if (c->kind != CP_R_SEQ || c->disp)
        return c;
    for (uint32_t i = 0; i + 1 < c->n; i++) {
        cp_rt *q = c->kids[i], *t = c->kids[i + 1];
        if (t->kind != CP_R_TEXT || !t->len || !strchr(".,!?", t->s[0]))
            continue;
        cp_rt *nq = append_in_quote(a, q, t->s, 0);
        if (!nq)
            continue;
        c->kids[i] = nq;
        cp_rt *nt = cp_alloc(a, sizeof *nt);
        *nt = *t;
        nt->s = t->s + 1;
        nt->len = t->len - 1;
        c->kids[i + 1] = nt;
    }
    return c;
}

/* ---- rich tree -> bytes ---------------------------------------------------------- */

typedef struct emitter {
    const cp_format_ops *ops;
    const cp_locale *loc;
    pc_buf *out;
    void *fs; /* the format's state (cp_format_ops) */
    cp_emit_state st;
    bool outer_quotes; /* the next quote level is the outer one */
    unsigned quote_depth; /* quoted spans open around the text */
} emitter;

static void emit(emitter *e, const cp_rt *r);

static void emit_kids(emitter *e, const cp_rt *r)
{
    for (uint32_t i = 0; i < r->n; i++)
        emit(e, r->kids[i]);
}

/* A flip-flop mark: on when off, off (its "normal" mark) when on. */
static void flip(emitter *e, const cp_rt *r, bool *flag, int on_mark, int off_mark, bool is_on_kind)
{
    cp_emit_state before = e->st;
    bool was = *flag;
    if (is_on_kind) {
        int mk = was ? off_mark : on_mark;
        e->ops->open(e->out, e->fs, mk, NULL, &before);
        *flag = !was;
        emit_kids(e, r);
        *flag = was;
        e->ops->close(e->out, e->fs, mk, NULL, &before);
    } else if (was) {
        e->ops->open(e->out, e->fs, off_mark, NULL, &before);
        *flag = false;
        emit_kids(e, r);
        *flag = was;
        e->ops->close(e->out, e->fs, off_mark, NULL, &before);
    } else {
        emit_kids(e, r);
    }
}

static void plain_mark(emitter *e, const cp_rt *r, int mark, const char *arg)
{
    cp_emit_state before = e->st;
    e->ops->open(e->out, e->fs, mark, arg, &before);
    emit_kids(e, r);
    e->ops->close(e->out, e->fs, mark, arg, &before);
}

/* A text node: the C0 controls other than tab, line feed and carriage
 * return, and DEL, are left out (no output format can hold them: HTML and
 * LaTeX refuse them); the rest goes to the format as it is. */
static void emit_text(emitter *e, const char *s, size_t n)
{
    size_t from = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c >= 0x20 && c != 0x7f) || c == '\t' || c == '\n' || c == '\r')
            continue;
        if (i > from)
            e->ops->text(e->out, e->fs, s + from, i - from);
        from = i + 1;
    }
    if (n > from)
        e->ops->text(e->out, e->fs, s + from, n - from);
}

static const char *const disp_class[] = {
    [CP_DISP_BLOCK] = "block", [CP_DISP_LEFT] = "left-margin", [CP_DISP_RIGHT] = "right-inline",
    [CP_DISP_INDENT] = "indent"};

static void emit(emitter *e, const cp_rt *r)
{
    if (!r)
        return;
    switch (r->kind) {
    case CP_R_TEXT: emit_text(e, r->s, r->len); break;
    case CP_R_SEQ:
    case CP_R_NOCASE: emit_kids(e, r); break;
    case CP_R_ITALIC: flip(e, r, &e->st.italic, CP_MK_ITALIC, CP_MK_ROMAN, true); break;
    case CP_R_ROMAN: flip(e, r, &e->st.italic, CP_MK_ITALIC, CP_MK_ROMAN, false); break;
    case CP_R_BOLD: flip(e, r, &e->st.bold, CP_MK_BOLD, CP_MK_UNBOLD, true); break;
    case CP_R_UNBOLD: flip(e, r, &e->st.bold, CP_MK_BOLD, CP_MK_UNBOLD, false); break;
    case CP_R_SMALLCAPS: flip(e, r, &e->st.smallcaps, CP_MK_SMALLCAPS, CP_MK_NOSMALLCAPS, true); break;
    case CP_R_NOSMALLCAPS: flip(e, r, &e->st.smallcaps, CP_MK_SMALLCAPS, CP_MK_NOSMALLCAPS, false); break;
    case CP_R_UNDERLINE: plain_mark(e, r, CP_MK_UNDERLINE, NULL); break;
    case CP_R_NODECOR: plain_mark(e, r, CP_MK_NODECOR, NULL); break;
    case CP_R_SUP: plain_mark(e, r, CP_MK_SUP, NULL); break;
    case CP_R_SUB: plain_mark(e, r, CP_MK_SUB, NULL); break;
    case CP_R_BASELINE: plain_mark(e, r, CP_MK_BASELINE, NULL); break;
    case CP_R_DIV:
        plain_mark(e, r, CP_MK_DIV, r->disp < sizeof disp_class / sizeof *disp_class ? disp_class[r->disp] : "block");
        break;
    case CP_R_LINK: plain_mark(e, r, CP_MK_LINK, r->s); break;
    case CP_R_QUOTED: {
        /* outside any quotes a span is the kind it was written as
         * (rich.c); inside, the levels alternate */
        bool outer = e->quote_depth ? e->outer_quotes : !r->disp;
        e->quote_depth++;
        const char *o = outer ? e->loc->quote_open : e->loc->quote_inner_open;
        const char *c = outer ? e->loc->quote_close : e->loc->quote_inner_close;
        e->ops->text(e->out, e->fs, o, strlen(o));
        e->outer_quotes = !outer;
        emit_kids(e, r);
        e->outer_quotes = outer;
        e->quote_depth--;
        e->ops->text(e->out, e->fs, c, strlen(c));
        break;
    }
    default: emit_kids(e, r); break;
    }
}

void cp_emit(const cp_rt *r, pc_citeproc_format fmt, const cp_locale *loc, pc_buf *out)
{
    static const cp_format_ops *const table[PC_CITEPROC_NFORMATS] = {
        [PC_CITEPROC_HTML] = &cp_format_html,
        [PC_CITEPROC_TEXT] = &cp_format_text,
        [PC_CITEPROC_MARKDOWN] = &cp_format_markdown,
        [PC_CITEPROC_LATEX] = &cp_format_latex,
    };
    union {
        max_align_t align;
        unsigned char bytes[CP_FMT_STATE];
    } fs = {0};
    emitter e = {.ops = table[fmt < PC_CITEPROC_NFORMATS ? fmt : 0], .loc = loc, .out = out,
                 .fs = fs.bytes, .outer_quotes = true};
    emit(&e, r);
}
