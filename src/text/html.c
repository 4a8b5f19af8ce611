/* SPDX-License-Identifier: MIT */
/* html.c — the one reader of HTML-like rich text (see html.h): a scanner
 * of tags and entities, and the two readings built on it, CSL rich text
 * (matched pairs of CSL's tags, the rest text) and HTML/JATS fragments
 * (every tag removed, italic and bold kept as spans, entities decoded);
 * markup.h's reader of CSL rich text (pc_markup_from_html) is the first.
 * Entity and element names are libxml2's (htmlEntityLookup, htmlTagLookup).
 * It uses markup.c (markers, folding, spans); markup.c uses nothing of it. */
#include "text/html.h"
#include "text/markup.h"
#include "text/unicode.h"

#include <libxml/HTMLparser.h>
#include <stdint.h>
#include <stdlib.h>

enum {
    MAX_NEST = 32,  /* CSL tags nested deeper stay text, as in markup.c */
    MAX_NAME = 32,  /* an element or entity name longer than this is text */
    MAX_DIGITS = 8, /* of a numeric character reference */
};

/* ---- the scanner -------------------------------------------------------------- */

typedef enum tok_kind {
    TOK_NONE = 0,
    TOK_START, /* <name ...> */
    TOK_END,   /* </name ...> */
    TOK_EMPTY, /* <name .../> */
    TOK_SKIP,  /* a comment, a processing instruction, a DOCTYPE */
    TOK_CDATA, /* <![CDATA[...]]>: body..body_end is text */
} tok_kind;

typedef struct tok {
    tok_kind kind;
    size_t end;        /* offset just after the tag */
    const char *local; /* the element name without its prefix ("italic" of jats:italic) */
    size_t local_n;
    size_t body, body_end; /* TOK_CDATA */
} tok;

/* The input and what the scanner learnt of it: once a search for a tag's
 * end ran to the end of the input, no later search is made (every '<'
 * after it is text), so the scanner stays linear. */
typedef struct scan {
    const char *s;
    size_t n;
    bool no_gt, no_comment_end, no_cdata_end;
} scan;

/* The offset of needle at or after `from`, or n. */
static size_t find(const char *s, size_t from, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    for (const char *p = s + from; (p = memchr(p, needle[0], (size_t)(s + n - p))) != NULL; p++)
        if ((size_t)(s + n - p) >= k && memcmp(p, needle, k) == 0)
            return (size_t)(p - s);
    return n;
}

static bool is_name_byte(unsigned char c)
{
    return pc_is_alnum(c) || c == ':' || c == '_' || c == '.' || c == '-';
}

/* "<!...": a comment, CDATA or a declaration. */
static bool read_bang(scan *sc, size_t i, tok *t)
{
    const char *s = sc->s;
    size_t n = sc->n, e;
    if (n - i >= 4 && memcmp(s + i, "<!--", 4) == 0) {
        if (sc->no_comment_end || (e = find(s, i + 4, n, "-->")) == n)
            return !(sc->no_comment_end = true);
        *t = (tok){.kind = TOK_SKIP, .end = e + 3};
        return true;
    }
    if (n - i >= 9 && memcmp(s + i, "<![CDATA[", 9) == 0) {
        if (sc->no_cdata_end || (e = find(s, i + 9, n, "]]>")) == n)
            return !(sc->no_cdata_end = true);
        *t = (tok){.kind = TOK_CDATA, .end = e + 3, .body = i + 9, .body_end = e};
        return true;
    }
    const char *gt = memchr(s + i, '>', n - i);
    if (!gt)
        return !(sc->no_gt = true);
    *t = (tok){.kind = TOK_SKIP, .end = (size_t)(gt - s) + 1};
    return true;
}

/* Reads the tag at s[i] == '<' into *t; false if none starts there (the
 * '<' is text). */
static bool read_tag(scan *sc, size_t i, tok *t)
{
    const char *s = sc->s;
    size_t n = sc->n;
    if (sc->no_gt || i + 1 >= n)
        return false;
    if (s[i + 1] == '!')
        return read_bang(sc, i, t);
    bool end = s[i + 1] == '/', pi = s[i + 1] == '?';
    size_t k = i + 1 + (end || pi);
    if (pi) {
        const char *gt = memchr(s + k, '>', n - k);
        if (!gt)
            return !(sc->no_gt = true);
        *t = (tok){.kind = TOK_SKIP, .end = (size_t)(gt - s) + 1};
        return true;
    }
    if (k >= n || !pc_is_alpha((unsigned char)s[k]))
        return false;
    size_t name = k;
    while (k < n && is_name_byte((unsigned char)s[k]))
        k++;
    if (k < n && s[k] != '>' && s[k] != '/' && !pc_is_space((unsigned char)s[k]))
        return false; /* "a<b$": not a tag */
    t->local = s + name;
    for (size_t j = name; j < k; j++)
        if (s[j] == ':')
            t->local = s + j + 1;
    t->local_n = (size_t)(s + k - t->local);
    char quote = 0;
    for (; k < n; k++) {
        if (quote) {
            quote = s[k] == quote ? 0 : quote;
        } else if (s[k] == '"' || s[k] == '\'') {
            quote = s[k];
        } else if (s[k] == '>') {
            t->kind = end ? TOK_END : s[k - 1] == '/' ? TOK_EMPTY : TOK_START;
            t->end = k + 1;
            return true;
        }
    }
    return !(sc->no_gt = true);
}

static bool local_is(const tok *t, const char *name)
{
    return strlen(name) == t->local_n && pc_strncasecmp(t->local, name, t->local_n) == 0;
}

/* ---- entities ----------------------------------------------------------------- */

/* The code point of the entity or character reference at s[i] == '&'
 * (with its length in *len), or -1 when there is none: the '&' is text.
 * The noncharacters U+FDD0..U+FDEF (markup's markers) stay text. */
static int32_t read_entity(const char *s, size_t i, size_t n, size_t *len)
{
    size_t k = i + 1;
    int32_t cp = -1;
    if (k < n && s[k] == '#') {
        bool hex = k + 1 < n && (s[k + 1] == 'x' || s[k + 1] == 'X');
        k += 1 + hex;
        long v = 0;
        size_t digits = 0;
        for (; k < n && digits < MAX_DIGITS; k++, digits++) {
            int c = (unsigned char)s[k];
            int d = pc_is_digit(c) ? c - '0'
                    : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                   : -1;
            if (d < 0)
                break;
            v = v * (hex ? 16 : 10) + d;
        }
        if (digits && v > 0 && v <= 0x10FFFF && !(v >= 0xD800 && v <= 0xDFFF) &&
            !(v >= 0xFDD0 && v <= 0xFDEF))
            cp = (int32_t)v;
    } else {
        char name[MAX_NAME + 1];
        size_t m = 0;
        while (k < n && m < MAX_NAME && pc_is_alnum((unsigned char)s[k]))
            name[m++] = s[k++];
        name[m] = '\0';
        const htmlEntityDesc *e = m ? htmlEntityLookup((const xmlChar *)name) : NULL;
        if (e)
            cp = (int32_t)e->value;
    }
    if (cp < 0 || k >= n || s[k] != ';')
        return -1;
    *len = k + 1 - i;
    return cp;
}

/* ---- HTML and JATS fragments -------------------------------------------------- */

typedef enum role {
    ROLE_INLINE = 0, /* removed, its content kept */
    ROLE_ITALIC,
    ROLE_BOLD,
    ROLE_BLOCK,  /* a space between words */
    ROLE_SCRIPT, /* <sup>/<sub>: digits become Unicode */
    ROLE_RAW,    /* <script>/<style>: content dropped */
} role;

/* What an element is, by its local name (any case, any prefix): HTML's
 * and JATS's italic, bold and scripts, JATS's blocks; any other HTML
 * element is a block when libxml2 says it is not inline. */
static role role_of(const tok *t)
{
    static const struct {
        const char *name;
        role r;
    } roles[] = {
        {"i", ROLE_ITALIC},         {"em", ROLE_ITALIC},      {"italic", ROLE_ITALIC},
        {"b", ROLE_BOLD},           {"strong", ROLE_BOLD},    {"bold", ROLE_BOLD},
        {"sup", ROLE_SCRIPT},       {"sub", ROLE_SCRIPT},     {"br", ROLE_BLOCK},
        {"script", ROLE_RAW},       {"style", ROLE_RAW},      {"sec", ROLE_BLOCK},
        {"list", ROLE_BLOCK},       {"list-item", ROLE_BLOCK}, {"label", ROLE_BLOCK},
        {"caption", ROLE_BLOCK},    {"disp-quote", ROLE_BLOCK}, {"def-list", ROLE_BLOCK},
    };
    for (size_t i = 0; i < sizeof roles / sizeof *roles; i++)
        if (local_is(t, roles[i].name))
            return roles[i].r;
    char name[MAX_NAME + 1];
    if (t->local_n > MAX_NAME)
        return ROLE_INLINE;
    for (size_t i = 0; i < t->local_n; i++)
        name[i] = (char)pc_to_lower((unsigned char)t->local[i]);
    name[t->local_n] = '\0';
    const htmlElemDesc *d = htmlTagLookup((const xmlChar *)name);
    return d && !d->isinline ? ROLE_BLOCK : ROLE_INLINE;
}

/* <sup>6</sup>, <sub>2</sub> (also <jats:sup>) holding only digits, signs
 * and parentheses: Unicode super- and subscripts (10⁶, H₂O) rather than
 * "106", "H2O".  Returns the offset after the closing tag, or 0 when the
 * element holds anything else (then it is an inline element). */
static size_t script_digits(scan *sc, const tok *open, pc_buf *out)
{
    static const char chars[] = "0123456789+-=()";
    static const int32_t super[] = {0x2070, 0x00B9, 0x00B2, 0x00B3, 0x2074, 0x2075, 0x2076, 0x2077,
                                    0x2078, 0x2079, 0x207A, 0x207B, 0x207C, 0x207D, 0x207E};
    const char *s = sc->s;
    size_t i = open->end;
    while (i < sc->n && memchr(chars, s[i], sizeof chars - 1))
        i++;
    tok close;
    if (i == open->end || i >= sc->n || s[i] != '<' || !read_tag(sc, i, &close) ||
        close.kind != TOK_END || close.local_n != 3 || pc_strncasecmp(close.local, open->local, 3) != 0)
        return 0;
    bool sup = pc_to_lower((unsigned char)open->local[2]) == 'p';
    for (size_t k = open->end; k < i; k++) {
        size_t at = (size_t)((const char *)memchr(chars, s[k], sizeof chars - 1) - chars);
        pc_utf8_put(out, sup ? super[at] : 0x2080 + (int32_t)at);
    }
    return close.end;
}

/* The offset after the end tag of the raw-text element `open` (<script>,
 * <style>), or n when it has none (its content runs to the end). */
static size_t skip_raw(scan *sc, const tok *open)
{
    const char *s = sc->s;
    size_t n = sc->n;
    for (const char *p = s + open->end; (p = memchr(p, '<', (size_t)(s + n - p))) != NULL; p++) {
        size_t i = (size_t)(p - s);
        tok t;
        if (i + 1 < n && s[i + 1] == '/' && read_tag(sc, i, &t) && t.kind == TOK_END &&
            t.local_n == open->local_n && pc_strncasecmp(t.local, open->local, t.local_n) == 0)
            return t.end;
    }
    return n;
}

/* Crossref's abstracts open with a heading, <jats:title>Abstract</jats:title>,
 * not text: the offset after it, or 0 when the input does not start so. */
static size_t skip_heading(scan *sc)
{
    const char *s = sc->s;
    size_t i = 0;
    while (i < sc->n && pc_is_space((unsigned char)s[i]))
        i++;
    tok open, close;
    if (i >= sc->n || s[i] != '<' || !read_tag(sc, i, &open) || open.kind != TOK_START ||
        !local_is(&open, "title"))
        return 0;
    const char *lt = memchr(s + open.end, '<', sc->n - open.end);
    if (!lt)
        return 0;
    const char *t = s + open.end;
    size_t tn = (size_t)(lt - t);
    pc_trim(&t, &tn);
    if (tn != 8 || pc_strncasecmp(t, "Abstract", 8) != 0 || !read_tag(sc, (size_t)(lt - s), &close) ||
        close.kind != TOK_END || !local_is(&close, "title"))
        return 0;
    return close.end;
}

/* One tag of a fragment: what it leaves in `out` and where reading goes
 * on. */
static size_t doc_tag(scan *sc, const tok *t, pc_buf *out, bool marks)
{
    if (t->kind == TOK_SKIP)
        return t->end;
    if (t->kind == TOK_CDATA) {
        pc_buf_put(out, sc->s + t->body, t->body_end - t->body);
        return t->end;
    }
    role r = role_of(t);
    size_t next;
    switch (r) {
    case ROLE_ITALIC:
    case ROLE_BOLD:
        if (marks && t->kind != TOK_EMPTY)
            pc_markup_put_marker(out, r == ROLE_ITALIC ? PC_MARK_ITALIC : PC_MARK_BOLD,
                                 t->kind == TOK_START);
        break;
    case ROLE_BLOCK: pc_buf_putc(out, ' '); break;
    case ROLE_SCRIPT:
        if (t->kind == TOK_START && (next = script_digits(sc, t, out)) != 0)
            return next;
        break;
    case ROLE_RAW: return t->kind == TOK_START ? skip_raw(sc, t) : t->end;
    case ROLE_INLINE: break;
    }
    return t->end;
}

/* The fragment's text with markers (markup.h) where italic and bold
 * start and end, appended to tmp. */
static void doc_text(const char *s, size_t n, pc_buf *tmp, bool marks)
{
    scan sc = {.s = s, .n = n};
    size_t i = skip_heading(&sc), run = i;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (c != '<' && c != '&') {
            i++;
            continue;
        }
        tok t;
        size_t len = 0, next = 0;
        int32_t cp = -1;
        if (c == '<' && read_tag(&sc, i, &t)) {
            pc_buf_put(tmp, s + run, i - run);
            next = doc_tag(&sc, &t, tmp, marks);
        } else if (c == '&' && (cp = read_entity(s, i, n, &len)) >= 0) {
            pc_buf_put(tmp, s + run, i - run);
            pc_utf8_put(tmp, cp == 0xA0 ? ' ' : cp); /* a no-break space folds like a space */
            next = i + len;
        } else {
            i++;
            continue;
        }
        i = run = next;
    }
    pc_buf_put(tmp, s + run, n - run);
}

static void read_doc(const char *s, size_t n, pc_buf *out, pc_spanlist *spans)
{
    if (!pc_html_has_markup(s, n)) { /* plain text: only folded */
        size_t from = out->len;
        pc_buf_put_folded(out, s, n);
        pc_utf8_nfc_from(out, from);
        return;
    }
    /* an input that carries our marker characters gets no markup: its own
     * are text and must not be read as ours */
    bool marks = spans && !pc_markup_has_markers(s, n);
    pc_buf tmp = PC_BUF_INIT;
    doc_text(s, n, &tmp, marks);
    pc_utf8_nfc(&tmp);
    if (marks && pc_markup_has_markers(tmp.ptr, tmp.len)) {
        pc_markup_fold(tmp.ptr, tmp.len, out, spans);
    } else {
        pc_buf_put_folded(out, tmp.ptr, tmp.len);
    }
    pc_buf_free(&tmp);
}

/* ---- CSL rich text ------------------------------------------------------------ */

/* CSL's tags, written exactly so (citeproc-js and pandoc read no other
 * spelling); `id` pairs a close tag with its open tag. */
static const struct {
    const char *text;
    pc_mark mark; /* PC_MARK_NOCASE: <span class="nocase"> */
    bool open;
    unsigned char id;
} csl_tags[] = {
    {"<i>", PC_MARK_ITALIC, true, 1},        {"</i>", PC_MARK_ITALIC, false, 1},
    {"<em>", PC_MARK_ITALIC, true, 2},       {"</em>", PC_MARK_ITALIC, false, 2},
    {"<b>", PC_MARK_BOLD, true, 3},          {"</b>", PC_MARK_BOLD, false, 3},
    {"<strong>", PC_MARK_BOLD, true, 4},     {"</strong>", PC_MARK_BOLD, false, 4},
    {"<span class=\"nocase\">", PC_MARK_NOCASE, true, 5}, {"</span>", PC_MARK_NOCASE, false, 5},
};

typedef struct csl_tag {
    size_t at, len;
    unsigned char tag;  /* index in csl_tags */
    size_t partner;     /* the matching tag's index in the list, or SIZE_MAX */
} csl_tag;

typedef struct csl_tags_found {
    csl_tag *t;
    size_t n, cap;
} csl_tags_found;

/* Every CSL tag of [s, s+n) from the first '<' on, in order. */
static void csl_find(const char *s, size_t n, size_t from, csl_tags_found *l)
{
    for (const char *p = s + from; (p = memchr(p, '<', (size_t)(s + n - p))) != NULL; p++) {
        size_t i = (size_t)(p - s);
        for (unsigned char k = 0; k < sizeof csl_tags / sizeof *csl_tags; k++) {
            size_t tl = strlen(csl_tags[k].text);
            if (tl > n - i || memcmp(s + i, csl_tags[k].text, tl) != 0)
                continue;
            PC_GROW(l->t, l->cap, l->n + 1);
            l->t[l->n++] = (csl_tag){.at = i, .len = tl, .tag = k, .partner = SIZE_MAX};
            p += tl - 1;
            break;
        }
    }
}

/* Pairs each close tag with the nearest open tag of its kind still open;
 * the open tags it skips stay unmatched (text), as do close tags with no
 * open tag and open tags nested deeper than MAX_NEST. */
static void csl_match(csl_tags_found *l)
{
    size_t stack[MAX_NEST], depth = 0;
    for (size_t i = 0; i < l->n; i++) {
        csl_tag *t = &l->t[i];
        if (csl_tags[t->tag].open) {
            if (depth < MAX_NEST)
                stack[depth++] = i;
            continue;
        }
        size_t j = depth;
        while (j > 0 && csl_tags[l->t[stack[j - 1]].tag].id != csl_tags[t->tag].id)
            j--;
        if (j > 0) {
            t->partner = stack[j - 1];
            l->t[stack[j - 1]].partner = i;
            depth = j - 1;
        }
    }
}

static void read_csl(const char *s, size_t n, pc_buf *out, pc_spanlist *spans, pc_strlist *nocase)
{
    const char *lt = memchr(s, '<', n);
    if (!lt) { /* nearly every title */
        pc_buf_put(out, s, n);
        return;
    }
    csl_tags_found l = {0};
    csl_find(s, n, (size_t)(lt - s), &l);
    csl_match(&l);
    size_t base = out->len, pos = 0;
    size_t *start = pc_xmalloc((l.n + 1) * sizeof *start); /* an open tag's span, or text offset */
    for (size_t i = 0; i < l.n; i++) {
        const csl_tag *t = &l.t[i];
        if (t->partner == SIZE_MAX)
            continue; /* stays in the text */
        pc_buf_put(out, s + pos, t->at - pos);
        pos = t->at + t->len;
        size_t here = out->len - base;
        pc_mark m = csl_tags[t->tag].mark;
        if (t->partner > i)
            start[i] = m != PC_MARK_NOCASE && spans ? pc_spanlist_push(spans, here, SIZE_MAX, m) : here;
        else if (m != PC_MARK_NOCASE && spans)
            spans->items[start[t->partner]].end = here;
        else if (m == PC_MARK_NOCASE && nocase)
            pc_markup_add_protected(nocase, out->ptr + base + start[t->partner], here - start[t->partner]);
    }
    pc_buf_put(out, s + pos, n - pos);
    pc_free(start);
    pc_free(l.t);
    if (spans) /* drops empty spans and an italic inside an italic (markup.c's tidy) */
        pc_markup_clip(spans, SIZE_MAX);
}

/* ---- the entry point ---------------------------------------------------------- */

bool pc_html_has_markup(const char *s, size_t n)
{
    return memchr(s, '<', n) || memchr(s, '&', n);
}

void pc_html_read(const char *s, size_t n, pc_html_mode mode, pc_buf *out, pc_spanlist *spans,
                  pc_strlist *nocase)
{
    if (mode == PC_HTML_CSL)
        read_csl(s, n, out, spans, nocase);
    else
        read_doc(s, n, out, spans);
}

/* CSL's tags are read by the one HTML reader (this file), so that markup.c,
 * which this file uses, uses nothing of it (markup.h declares it). */
void pc_markup_from_html(const char *s, size_t n, pc_buf *out, pc_spanlist *spans,
                         pc_strlist *nocase)
{
    pc_html_read(s, n, PC_HTML_CSL, out, spans, nocase);
}
