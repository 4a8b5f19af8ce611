/* SPDX-License-Identifier: MIT */
/* render_markdown.c — the Markdown output format, as pandoc reads it:
 * *italic*, **bold**, ^super^, ~sub~, [small caps]{.smallcaps},
 * [underlined]{.underline}, [link](url); every character pandoc would act
 * on is backslash-escaped (one table, md_esc), so that hostile text stays
 * text.
 *
 * Markdown has no "normal" span, so CSL's flip-flops (italic inside italic
 * is roman, and the same for bold and small caps) close the emphasis and
 * open it again: <i>A study of <i>E. coli</i> growth</i> is written
 * `*A study of* E. coli *growth*`.  Pandoc reads no emphasis that opens
 * before a space (CommonMark none that closes after one) and drops the
 * spaces at the edges of a [span], so spaces move outside the marks; `**`
 * would be read as bold, so an empty emphasis is never written and two
 * italics side by side are merged.  That needs what comes after a mark,
 * which the callbacks do not see: the italic, bold and small caps wanted
 * next are kept pending in the format's state (md_fx, cp_format_ops's fs)
 * and written only when text (or a bracket) follows. */
#include "citeproc/cp.h"

#include <string.h>

/* ---- escaping -------------------------------------------------------------------- */

enum {
    E_ALWAYS = 1, /* pandoc reads it anywhere: emphasis, code, links, math, ... */
    E_START = 2,  /* at the start of the paragraph: heading, quote, list, div, title block */
    E_ENTITY = 4, /* & before a letter, a digit or #: &amp; &#38; */
    E_DOUBLE = 8, /* doubled: -- and --- are dashes, ... an ellipsis (pandoc's smart) */
    E_MARKER = 16, /* after letters or digits that start the paragraph: "1." "a)" lists */
    E_SPACE = 32, /* a line break would end the paragraph or make a heading of it */
};

static const unsigned char md_esc[128] = {
    ['\\'] = E_ALWAYS, ['`'] = E_ALWAYS, ['*'] = E_ALWAYS, ['_'] = E_ALWAYS,
    ['{'] = E_ALWAYS, ['}'] = E_ALWAYS, ['['] = E_ALWAYS, [']'] = E_ALWAYS,
    ['<'] = E_ALWAYS, ['$'] = E_ALWAYS, ['^'] = E_ALWAYS, ['~'] = E_ALWAYS,
    ['@'] = E_ALWAYS, ['|'] = E_ALWAYS, ['"'] = E_ALWAYS, ['\''] = E_ALWAYS,
    ['>'] = E_START, ['#'] = E_START, ['+'] = E_START, ['='] = E_START,
    [':'] = E_START, ['%'] = E_START, ['('] = E_START,
    ['-'] = E_START | E_DOUBLE, ['.'] = E_DOUBLE | E_MARKER, [')'] = E_MARKER,
    ['&'] = E_ENTITY, ['\n'] = E_SPACE, ['\r'] = E_SPACE, ['\t'] = E_SPACE,
};

/* s[0..n) as pandoc Markdown text; at_start: the paragraph has nothing
 * before it yet. */
static void md_escape(pc_buf *out, const char *s, size_t n, bool at_start)
{
    bool lead = at_start; /* only letters and digits since the start */
    size_t bs = 0; /* backslashes before the output's last byte */
    while (bs + 1 < out->len && out->ptr[out->len - 2 - bs] == '\\')
        bs++;
    /* the text before, when it ends with a - or . this chunk doubles */
    char prev = out->len && !(bs & 1) ? out->ptr[out->len - 1] : '\0';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        unsigned f = c < 128 ? md_esc[c] : 0;
        char next = i + 1 < n ? s[i + 1] : '\0';
        bool esc = (f & E_ALWAYS) || ((f & E_START) && at_start && i == 0) ||
                   ((f & E_ENTITY) && (next == '#' || next == '\0' || pc_is_alnum(next))) ||
                   ((f & E_DOUBLE) && (next == (char)c || (i == 0 && prev == (char)c))) ||
                   ((f & E_MARKER) && lead && i > 0);
        lead = lead && pc_is_alnum(c);
        if (f & E_SPACE) {
            pc_buf_putc(out, ' ');
            continue;
        }
        if (esc)
            pc_buf_putc(out, '\\');
        pc_buf_putc(out, (char)c);
    }
}

/* ---- pending italic, bold and small caps ---------------------------------------- */

enum { MD_EM = 1, MD_STRONG = 2, MD_SC = 4 };
enum { MD_DEPTH = 64 }; /* flip-flop marks whose outer state is kept; deeper ones use st */

/* What is open in the output, what the next text should be, and what it
 * was around each open flip-flop mark (a "normal" mark, say a nodecor span,
 * turns off what is on around it, not what st says is on).  A flip cannot
 * close a mark opened outside a bracket ([...], ^...^, ~...~) from inside
 * it (that text keeps the outer mark: markdown would need the bracket
 * split, known only once it is written): brackets[d] counts the open
 * brackets opened when the stack was d deep, so the innermost one's depth
 * is the highest d counted. */
typedef struct md_fx {
    uint32_t brackets[4];
    uint32_t olen; /* the output's last olen bytes only open marks: spaces go before them */
    uint32_t depth, deep; /* wants[0..depth) kept; deep: the flips beyond MD_DEPTH */
    uint8_t wants[MD_DEPTH];
    uint8_t stack[3]; /* MD_* open in the output, outermost first */
    uint8_t n;
    uint8_t want; /* MD_* bits */
    uint8_t order[3]; /* want's levels in the order they were switched on */
} md_fx;
_Static_assert(sizeof(md_fx) <= CP_FMT_STATE, "md_fx fits the format state cp_emit gives");

static unsigned fx_floor(const md_fx *f)
{
    unsigned d = 4;
    while (d > 0 && !f->brackets[d - 1])
        d--;
    return d ? d - 1 : 0;
}

static bool fx_in_bracket(const md_fx *f)
{
    return f->brackets[0] || f->brackets[1] || f->brackets[2] || f->brackets[3];
}

static const char *level_open(unsigned lv) { return lv == MD_EM ? "*" : lv == MD_STRONG ? "**" : "["; }

static const char *level_close(unsigned lv)
{
    return lv == MD_EM ? "*" : lv == MD_STRONG ? "**" : "]{.smallcaps}";
}

static size_t trailing_spaces(const pc_buf *out)
{
    size_t k = 0;
    while (k < out->len && out->ptr[out->len - 1 - k] == ' ')
        k++;
    return k;
}

static bool ends_with(const pc_buf *out, const char *s)
{
    size_t n = strlen(s);
    return out->len >= n && !memcmp(out->ptr + out->len - n, s, n);
}

/* A closing mark: before the spaces at the end, or, when the output ends
 * with its own opening mark (nothing between), that mark taken back. */
static void put_close(pc_buf *out, md_fx *f, const char *open, const char *close)
{
    size_t on = strlen(open);
    if (f->olen >= on && ends_with(out, open)) {
        pc_buf_truncate(out, out->len - on);
        f->olen -= (uint32_t)on;
        return;
    }
    size_t sp = f->olen ? 0 : trailing_spaces(out);
    pc_buf_truncate(out, out->len - sp);
    pc_buf_puts(out, close);
    while (sp--)
        pc_buf_putc(out, ' ');
}

/* At the start of a transition with nothing open: when the output ends
 * with the * or ** that closed an italic or a bold (the last mark closed
 * at once, see md_close) and the same opens again, take the closing mark
 * back instead (`*a**b*` is no emphasis).  A *** is left: its order is lost. */
static void fx_reopen(pc_buf *out, md_fx *f)
{
    size_t k = 0, b = 0;
    while (k < out->len && out->ptr[out->len - 1 - k] == '*')
        k++;
    while (k + b < out->len && out->ptr[out->len - 1 - k - b] == '\\')
        b++;
    k -= b & 1; /* an escaped \* is text */
    unsigned lv = k == 1 ? MD_EM : k == 2 ? MD_STRONG : 0;
    if (!lv || !(f->want & lv))
        return;
    pc_buf_truncate(out, out->len - k);
    f->stack[0] = (uint8_t)lv;
    f->n = 1;
}

/* Closes the open marks from the innermost down to stack[k]; again gets
 * those of them still wanted, innermost first.  Returns how many. */
static unsigned fx_close_to(pc_buf *out, md_fx *f, unsigned k, uint8_t again[3])
{
    unsigned na = 0;
    for (; f->n > k; f->n--) {
        unsigned lv = f->stack[f->n - 1];
        put_close(out, f, level_open(lv), level_close(lv));
        if (f->want & lv)
            again[na++] = (uint8_t)lv;
    }
    return na;
}

/* Writes the marks that take the output from f->stack to f->want: closes
 * the innermost open marks down to the outermost one no longer wanted (not
 * below the innermost bracket), then opens what is wanted, those closed
 * only to get at an outer one first in their old order.  Returns how many
 * bytes of opening marks it wrote (at the end). */
static size_t fx_settle(pc_buf *out, md_fx *f)
{
    if (!f->n && !f->olen && (f->want & (MD_EM | MD_STRONG)))
        fx_reopen(out, f);
    unsigned k = fx_floor(f);
    while (k < f->n && (f->want & f->stack[k]))
        k++;
    uint8_t again[3];
    unsigned na = fx_close_to(out, f, k, again);
    size_t opened = out->len;
    for (unsigned i = 0; i < na + 3; i++) {
        unsigned lv = i < na ? again[na - 1 - i] : f->order[i - na];
        bool open = false;
        for (unsigned j = 0; j < f->n; j++)
            open = open || f->stack[j] == lv;
        if (open || !(f->want & lv) || f->n >= 3)
            continue;
        f->stack[f->n++] = (uint8_t)lv;
        pc_buf_puts(out, level_open(lv));
    }
    return out->len - opened;
}

/* f->want becomes want; levels switched on go after the others in f->order,
 * so that pending marks open in the order of the tree. */
static void fx_want(md_fx *f, unsigned want)
{
    uint8_t order[3] = {0};
    unsigned n = 0;
    for (unsigned i = 0; i < 3; i++)
        if (f->order[i] & want)
            order[n++] = f->order[i];
    for (unsigned lv = MD_EM; lv <= MD_SC; lv <<= 1)
        if ((want & lv) && !memchr(order, (int)lv, n))
            order[n++] = (uint8_t)lv;
    memcpy(f->order, order, sizeof order);
    f->want = (uint8_t)want;
}

static unsigned levels(const cp_emit_state *st)
{
    return (st->italic ? MD_EM : 0) | (st->bold ? MD_STRONG : 0) | (st->smallcaps ? MD_SC : 0);
}

/* A flip-flop mark opens: what it switches, from what is wanted around it
 * (as the HTML's nested spans do). */
static void fx_flip_open(md_fx *f, int mark)
{
    if (f->depth < MD_DEPTH)
        f->wants[f->depth++] = f->want;
    else
        f->deep++;
    unsigned w = f->want;
    switch (mark) {
    case CP_MK_ITALIC: w |= MD_EM; break;
    case CP_MK_ROMAN: w &= ~(unsigned)MD_EM; break;
    case CP_MK_BOLD: w |= MD_STRONG; break;
    case CP_MK_UNBOLD: w &= ~(unsigned)MD_STRONG; break;
    case CP_MK_SMALLCAPS: w |= MD_SC; break;
    case CP_MK_NOSMALLCAPS: w &= ~(unsigned)MD_SC; break;
    default: w = 0; break; /* CP_MK_NODECOR */
    }
    fx_want(f, w);
}

static void fx_flip_close(md_fx *f, const cp_emit_state *st)
{
    if (f->deep) {
        f->deep--;
        fx_want(f, levels(st));
    } else if (f->depth) {
        fx_want(f, f->wants[--f->depth]);
    }
}

/* ---- the callbacks ----------------------------------------------------------------- */

static bool blank(const pc_buf *out)
{
    for (size_t i = 0; i < out->len; i++)
        if (out->ptr[i] != ' ')
            return false;
    return true;
}

/* Leading spaces go before the marks just opened, then the pending marks,
 * then the text. */
static void md_text(pc_buf *out, void *fs, const char *s, size_t n)
{
    md_fx *f = fs;
    size_t sp = 0;
    while (sp < n && pc_is_space(s[sp]))
        sp++;
    if (sp) {
        size_t at = out->len - f->olen;
        for (size_t i = 0; i < sp; i++)
            pc_buf_putc(out, ' ');
        memmove(out->ptr + at + sp, out->ptr + at, f->olen);
        memset(out->ptr + at, ' ', sp);
    }
    if (sp < n) {
        fx_settle(out, f);
        md_escape(out, s + sp, n - sp, blank(out));
        f->olen = 0;
    }
}

static bool is_flip(int mark)
{
    return mark == CP_MK_ITALIC || mark == CP_MK_ROMAN || mark == CP_MK_BOLD || mark == CP_MK_UNBOLD ||
           mark == CP_MK_SMALLCAPS || mark == CP_MK_NOSMALLCAPS || mark == CP_MK_NODECOR;
}

static const char *bracket_open(int mark)
{
    switch (mark) {
    case CP_MK_SUP: return "^";
    case CP_MK_SUB: return "~";
    case CP_MK_UNDERLINE:
    case CP_MK_LINK: return "[";
    default: return NULL;
    }
}

static void md_open(pc_buf *out, void *fs, int mark, const char *arg, const cp_emit_state *st)
{
    (void)arg;
    (void)st;
    md_fx *f = fs;
    const char *br = bracket_open(mark);
    if (is_flip(mark)) {
        fx_flip_open(f, mark);
    } else if (br) {
        size_t opened = fx_settle(out, f);
        /* pandoc reads "[^" as a note: a space between, which pandoc
         * drops at the start of a span */
        if (*br == '^' && f->olen + opened && ends_with(out, "["))
            br = " ^";
        f->olen += (uint32_t)(opened + strlen(br));
        pc_buf_puts(out, br);
        f->brackets[f->n]++;
    }
}

static void put_link_close(pc_buf *out, const char *url)
{
    pc_buf_puts(out, "](");
    for (const char *p = url; p && *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == ')' || c == '(' || c == ' ' || c == '\\')
            pc_buf_printf(out, "%%%02X", c);
        else
            pc_buf_putc(out, (char)c);
    }
    pc_buf_putc(out, ')');
}

/* A bracket closes after what was opened inside it, before trailing
 * spaces; when the last mark closes, every emphasis still open is closed. */
static void md_close(pc_buf *out, void *fs, int mark, const char *arg, const cp_emit_state *st)
{
    md_fx *f = fs;
    const char *br = bracket_open(mark);
    uint8_t again[3];
    if (is_flip(mark)) {
        fx_flip_close(f, st);
    } else if (br) {
        fx_close_to(out, f, fx_floor(f), again);
        if (mark == CP_MK_LINK) {
            pc_buf pb = PC_BUF_INIT;
            put_link_close(&pb, arg);
            put_close(out, f, br, pb.ptr);
            pc_buf_free(&pb);
        } else {
            put_close(out, f, br, mark == CP_MK_SUP ? "^" : mark == CP_MK_SUB ? "~" : "]{.underline}");
        }
        f->brackets[fx_floor(f)]--;
    } else if (mark == CP_MK_DIV && arg && !strcmp(arg, "left-margin") && out->len &&
               out->ptr[out->len - 1] != ' ') {
        pc_buf_putc(out, ' ');
    }
    if (!f->want && !fx_in_bracket(f))
        fx_close_to(out, f, 0, again);
}

const cp_format_ops cp_format_markdown = {.text = md_text, .open = md_open, .close = md_close};
