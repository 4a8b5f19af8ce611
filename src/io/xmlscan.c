/* SPDX-License-Identifier: MIT */
/* xmlscan.c — the byte-level XML look-ahead of the shared XML reader (see
 * xmlscan.h): tags, their local names, depth and attribute counts, lines.
 *
 * A resumable state machine: bytes may come in pieces cut anywhere.  Text,
 * comments, CDATA sections, processing instructions and quoted values are
 * crossed with memchr; only the bytes of tags between quotes are looked at
 * one by one.  Attributes are counted as the '=' signs of a tag outside
 * quotes, which is exact for well-formed XML (namespace declarations
 * included).  Only the record tags the reader asks about are reported, and lines are counted over each consumed span at once, a tag's
 * line and column worked out only when it is reported: the look-ahead runs
 * over every byte of a feed, and a call and a position per tag cost a
 * sixth of atom -> ris.  Every tag moves the depth; a start tag past
 * deep_limit is reported.  With long_min set it also reports the CDATA
 * sections and quoted attribute values of long_min bytes or more (split.c
 * changes them before libxml2 sees them). */
#include "io/xmlscan.h"

#include <limits.h>
#include <string.h>

/* Whether [p, p+len) is one of the record names. */
static bool is_record_name(const pc_xrs *s, const char *p, size_t len)
{
    for (const char *const *n = s->names; n && *n; n++)
        if ((*n)[0] == p[0] && strlen(*n) == len && !memcmp(*n, p, len))
            return true;
    return false;
}

/* A start tag (not an empty-element one) ended: one level deeper. */
static pc_xrs_event deeper(pc_xrs *s)
{
    if (++s->depth <= s->deep_limit)
        return PC_XRS_NONE;
    s->deep_limit = ULONG_MAX;
    return PC_XRS_DEEP;
}

enum {
    M_TEXT = 0,
    M_LT,    /* after '<' */
    M_BANG,  /* after "<!" */
    M_NAME,  /* in a tag's name */
    M_TAG,   /* in a tag, after its name */
    M_QUOTE, /* in a quoted attribute value */
    M_UNTIL, /* in a comment, CDATA section, PI or declaration: up to its end */
};

/* What ends each M_UNTIL construct. */
enum { T_COMMENT = 0, T_CDATA, T_PI, T_DECL };
static const char *const terms[] = {"-->", "]]>", "?>", ">"};

/* Bytes that end a run inside a tag (M_TAG): the end, quotes, '=', '/'. */
static const bool tag_special[256] = {['>'] = 1, ['"'] = 1, ['\''] = 1, ['='] = 1, ['/'] = 1};
/* Bytes that end a tag's name. */
static const bool name_end[256] = {[' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, ['>'] = 1,
                                   ['/'] = 1, ['='] = 1, ['"'] = 1, ['\''] = 1};

bool pc_xrs_in_tag(const pc_xrs *s)
{
    return s->mode == M_LT || s->mode == M_BANG || s->mode == M_NAME || s->mode == M_TAG || s->mode == M_QUOTE;
}

void pc_xrs_init(pc_xrs *s, unsigned max_attrs, const char *const *names)
{
    memset(s, 0, sizeof *s);
    s->line = 1;
    s->max_attrs = max_attrs;
    s->names = names;
    s->deep_limit = ULONG_MAX;
}

/* Counts the line ends of p[0, n), the bytes at offset off. */
static void count_lines(pc_xrs *s, const char *p, size_t n, unsigned long long off)
{
    if (!n)
        return;
    if (!memchr(p, '\r', n)) { /* LF only (or none): memchr from one to the next */
        const char *q = p, *e = p + n, *nl;
        if (s->after_cr && *p == '\n') /* the LF of a CRLF cut in two: no new line */
            s->line_off = off + 1, q++;
        while (q < e && (nl = memchr(q, '\n', (size_t)(e - q))) != NULL) {
            s->line++;
            q = nl + 1;
            s->line_off = off + (unsigned long long)(q - p);
        }
    } else {
        for (size_t i = 0; i < n; i++) {
            if (p[i] != '\r' && p[i] != '\n')
                continue;
            bool crlf = p[i] == '\n' && (i ? p[i - 1] == '\r' : s->after_cr);
            s->line += !crlf;
            s->line_off = off + i + 1;
        }
    }
    s->after_cr = p[n - 1] == '\r';
}

static void until(pc_xrs *s, int term)
{
    s->mode = M_UNTIL;
    s->term = term;
    s->seen = 0;
}

/* ---- long spans (see scan.h: long_min) ---- */

/* Where a long span may be changed from: long_min bytes into it, and not
 * before `base` (the bytes before it were consumed by an earlier call and
 * may have been handed on). */
static unsigned long long long_start(const pc_xrs *s, unsigned long long base)
{
    unsigned long long from = s->span_off + s->long_min;
    return from > base ? from : base;
}

/* The span being read has reached offset `at` and goes on: reported once,
 * when it is long_min bytes long. */
static pc_xrs_event span_open(pc_xrs *s, pc_xrs_long kind, unsigned long long base,
                                   unsigned long long at)
{
    if (!s->long_min || s->span_long || at < s->span_off + s->long_min)
        return PC_XRS_NONE;
    s->span_long = true;
    s->long_kind = kind;
    s->long_from = long_start(s, base);
    s->long_to = ULLONG_MAX;
    return PC_XRS_LONG;
}

/* The span being read ends at offset `end`: reported if it is long. */
static pc_xrs_event span_end(pc_xrs *s, pc_xrs_long kind, unsigned long long base,
                                  unsigned long long end)
{
    bool was = s->span_long;
    s->span_long = false;
    if (!s->long_min || (!was && end < s->span_off + s->long_min))
        return PC_XRS_NONE;
    s->long_kind = kind;
    if (!was)
        s->long_from = long_start(s, base);
    s->long_to = end;
    return PC_XRS_LONG;
}

/* M_UNTIL: scans p[*i, n) for the end of the construct (the bytes from
 * offset base); a CDATA section may be a long span. */
static pc_xrs_event scan_until(pc_xrs *s, const char *p, size_t n, size_t *i,
                                    unsigned long long base)
{
    const char *t = terms[s->term];
    int tl = (int)strlen(t);
    while (*i < n) {
        if (s->seen == 0) {
            const char *q = memchr(p + *i, t[0], n - *i);
            if (!q) {
                *i = n;
                break;
            }
            *i = (size_t)(q - p) + 1;
            s->seen = 1;
        } else {
            char c = p[(*i)++];
            if (c == t[s->seen])
                s->seen++;
            else if (c == t[0]) /* "--->", "]]]>": the last two still count */
                s->seen = s->seen == 2 && t[1] == t[0] ? 2 : 1;
            else
                s->seen = 0;
        }
        if (s->seen == tl) {
            s->mode = M_TEXT;
            s->seen = 0;
            return s->term == T_CDATA ? span_end(s, PC_XRL_CDATA, base, base + *i - 3) : PC_XRS_NONE;
        }
    }
    return s->term == T_CDATA ? span_open(s, PC_XRL_CDATA, base, base + *i) : PC_XRS_NONE;
}

/* M_NAME: the bytes of a tag's name from p[*i]; the local name is what
 * follows the last ':' (kept up to 31 bytes, enough to tell the record
 * names from the rest). */
static void scan_name(pc_xrs *s, const char *p, size_t n, size_t *i)
{
    size_t k = *i;
    while (k < n && !name_end[(unsigned char)p[k]])
        k++;
    const char *from = p + *i, *colon;
    size_t len = k - *i;
    while ((colon = memchr(from, ':', len)) != NULL) { /* a prefix: the local name starts again */
        len -= (size_t)(colon + 1 - from);
        from = colon + 1;
        s->local_len = 0;
    }
    if (s->local_len < sizeof s->local - 1)
        memcpy(s->local + s->local_len, from,
               len < sizeof s->local - 1 - s->local_len ? len : sizeof s->local - 1 - s->local_len);
    s->local_len += len;
    *i = k;
    if (k == n)
        return;
    s->local[s->local_len < sizeof s->local ? s->local_len : 0] = '\0';
    s->wanted = s->local_len < sizeof s->local && s->local_len &&
                is_record_name(s, s->local, s->local_len);
    s->mode = M_TAG; /* the byte at k is the tag's, not consumed here */
}

/* M_TAG: scans p[*i, n) (the bytes from offset base) to the next special
 * byte and acts on it. */
static pc_xrs_event scan_tag(pc_xrs *s, const char *p, size_t n, size_t *i,
                                  unsigned long long base)
{
    size_t k = *i;
    while (k < n && !tag_special[(unsigned char)p[k]])
        k++;
    if (k > *i)
        s->slash = false;
    if (k == n) {
        *i = n;
        return PC_XRS_NONE;
    }
    char c = p[k];
    *i = k + 1;
    if (c == '>') {
        s->mode = M_TEXT;
        pc_xrs_event deep = PC_XRS_NONE;
        if (s->end_tag)
            s->depth -= s->depth > 0;
        else if (!s->slash)
            deep = deeper(s);
        if (!s->wanted)
            return deep;
        /* a record tag past the limit: the record is reported first, its
         * depth the next time (the reader sets deep_limit at its start) */
        return s->end_tag ? PC_XRS_END : s->slash ? PC_XRS_EMPTY : PC_XRS_START;
    }
    s->slash = c == '/';
    if (c == '"' || c == '\'') {
        s->quote = c;
        s->mode = M_QUOTE;
        s->span_off = base + k + 1;
        s->span_long = false;
    } else if (c == '=' && ++s->attrs == s->max_attrs + 1) {
        return PC_XRS_ATTRS;
    }
    return PC_XRS_NONE;
}

/* The fast path, at a '<' at p[i] in text: a start or end tag that ends
 * before n is read here whole, its state in locals (most tags of a file
 * are short and on one line).  Returns the index after its '>' (and sets
 * *ev for a record tag or one past deep_limit), or 0 to leave it to the
 * state machine: it runs past n, is a comment, CDATA, PI or declaration,
 * or has too many attributes (reported there, at the right byte). */
static size_t fast_tag(pc_xrs *s, const char *p, size_t n, size_t i, pc_xrs_event *ev)
{
    size_t k = i + 1;
    bool end = k < n && p[k] == '/';
    k += end;
    if (k >= n || p[k] == '!' || p[k] == '?')
        return 0;
    size_t name = k;
    while (k < n && !name_end[(unsigned char)p[k]])
        k++;
    size_t len = k - name;
    const char *colon = len ? memchr(p + name, ':', len) : NULL;
    while (colon) { /* the local name follows the last ':' */
        len -= (size_t)(colon + 1 - (p + name));
        name = (size_t)(colon + 1 - p);
        colon = memchr(p + name, ':', len);
    }
    bool wanted = len && len < sizeof s->local && is_record_name(s, p + name, len);
    unsigned attrs = 0;
    bool slash = false;
    for (;;) {
        size_t from = k;
        while (k < n && !tag_special[(unsigned char)p[k]])
            k++;
        if (k == n)
            return 0;
        slash = slash && k == from;
        char c = p[k++];
        if (c == '>')
            break;
        if (c == '"' || c == '\'') {
            const char *q = memchr(p + k, c, n - k);
            if (!q || (s->long_min && (size_t)(q - (p + k)) >= s->long_min))
                return 0; /* past n, or a long value: the state machine reports it */
            k = (size_t)(q - p) + 1;
            slash = false;
        } else if (c == '=' && ++attrs > s->max_attrs) {
            return 0;
        } else {
            slash = c == '/';
        }
    }
    s->end_tag = end;
    s->attrs = attrs;
    if (end)
        s->depth -= s->depth > 0;
    else if (!slash)
        *ev = deeper(s);
    if (wanted) {
        memcpy(s->local, p + name, len);
        s->local[len] = '\0';
        *ev = end ? PC_XRS_END : slash ? PC_XRS_EMPTY : PC_XRS_START;
    }
    return k;
}

/* Counts the lines of p[*counted, to) (the bytes from offset base), and
 * the position of the current tag if it lies there. */
static void count_to(pc_xrs *s, const char *p, size_t *counted, size_t to, unsigned long long base)
{
    if (!s->tag_placed && s->tag_off >= base + *counted && s->tag_off < base + to) {
        size_t t = (size_t)(s->tag_off - base);
        count_lines(s, p + *counted, t - *counted, base + *counted);
        *counted = t;
        s->tag_line = s->line;
        s->tag_col = (unsigned long)(s->tag_off - s->line_off) + 1;
        s->tag_placed = true;
    }
    count_lines(s, p + *counted, to - *counted, base + *counted);
    *counted = to;
}

size_t pc_xrs_run(pc_xrs *s, const char *p, size_t n, pc_xrs_event *ev)
{
    size_t i = 0, counted = 0;
    unsigned long long base = s->off;
    *ev = PC_XRS_NONE;
    while (i < n && *ev == PC_XRS_NONE) {
        switch (s->mode) {
        case M_TEXT: {
            const char *lt = memchr(p + i, '<', n - i);
            if (!lt) {
                i = n;
                break;
            }
            i = (size_t)(lt - p);
            s->tag_off = base + i; /* its line and column: count_to, when needed */
            s->tag_placed = false;
            size_t after = fast_tag(s, p, n, i, ev);
            if (after) {
                i = after;
                break;
            }
            s->mode = M_LT;
            i++;
            break;
        }
        case M_LT:
            if (p[i] == '!') {
                s->mode = M_BANG;
                i++;
            } else if (p[i] == '?') {
                until(s, T_PI);
                i++;
            } else {
                s->end_tag = p[i] == '/';
                i += s->end_tag;
                s->mode = M_NAME;
                s->local_len = 0;
                s->local[0] = '\0';
                s->attrs = 0;
                s->slash = s->wanted = false;
            }
            break;
        case M_BANG: /* "<!--", "<![CDATA[", or a declaration (<!DOCTYPE) */
            until(s, p[i] == '-' ? T_COMMENT : p[i] == '[' ? T_CDATA : T_DECL);
            i += s->term != T_DECL;
            if (s->term == T_CDATA) { /* its content starts after "[CDATA[" */
                s->span_off = base + i + 6;
                s->span_long = false;
            }
            break;
        case M_NAME:
            scan_name(s, p, n, &i);
            break;
        case M_TAG:
            *ev = scan_tag(s, p, n, &i, base);
            break;
        case M_QUOTE: {
            const char *q = memchr(p + i, s->quote, n - i);
            if (!q) {
                i = n;
                *ev = span_open(s, PC_XRL_ATTR, base, base + n);
                break;
            }
            i = (size_t)(q - p) + 1;
            s->mode = M_TAG;
            *ev = span_end(s, PC_XRL_ATTR, base, base + (unsigned long long)(q - p));
            break;
        }
        default:
            *ev = scan_until(s, p, n, &i, base);
            break;
        }
    }
    count_to(s, p, &counted, i, base);
    s->off = base + i;
    return i;
}
