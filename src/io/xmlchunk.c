/* SPDX-License-Identifier: MIT */
/* xmlchunk.c — the cuts and the context of an XML file of records for -j:
 * pc_xml_chunk_fits, pc_xml_chunk_end, pc_xml_chunk_context, and the end
 * tags a cut chunk's feed ends with, pc_xml_chunk_closers (see xmlchunk.h
 * for where a cut may be and why). */
#include "io/xmlchunk.h"

#include "util/buf.h"

#include <libxml/parser.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* The walk over a chunk: the depth of the elements open (from the chunk's
 * first byte), the record level (the depth outside the records' start
 * tags, the first one's; -1 before it is known; 0: the document element
 * would be the record), and the record being walked. */
typedef struct walk {
    const char *const *names;
    unsigned long depth;
    long level;
    bool in_rec;
    unsigned long rec_depth; /* the depth inside the record */
} walk;

/* A byte of a tag name: ASCII letters, digits, "_-.:", and every byte of a
 * character that is not ASCII. */
static bool is_name_byte(unsigned c)
{
    return (c | 0x20) - 'a' < 26u || c - '0' < 10u || c >= 0x80 || c == '-' || c == '.' || c == ':' || c == '_';
}

/* The tag name at p[i]: returns the offset after it, its local name (after
 * any prefix) in *local, *k bytes. */
static size_t tag_name(const char *p, size_t n, size_t i, const char **local, size_t *k)
{
    size_t at = i;
    for (; i < n && is_name_byte((unsigned char)p[i]); i++)
        if (p[i] == ':')
            at = i + 1;
    *local = p + at;
    *k = i - at;
    return i;
}

static bool is_record_name(const walk *w, const char *s, size_t k)
{
    for (const char *const *nm = w->names; *nm; nm++)
        if (strlen(*nm) == k && !memcmp(*nm, s, k))
            return true;
    return false;
}

/* The offset after the end of the construct at p[i] that ends with
 * `end` (searched from p[from]), 0 when p[0, n) ends first. */
static size_t past(const char *p, size_t n, size_t from, const char *end)
{
    size_t k = strlen(end); /* 2 or 3 bytes: a memchr for the first, then a compare */
    for (size_t i = from; i + k <= n;) {
        const char *c = memchr(p + i, end[0], n - i);
        if (!c || (size_t)(c - p) + k > n)
            return 0;
        i = (size_t)(c - p);
        if (!memcmp(c, end, k))
            return i + k;
        i++;
    }
    return 0;
}

/* The offset of the first '>', '"' or '\'' in p[i, n), n when none. */
static size_t tag_special(const char *p, size_t n, size_t i)
{
#ifdef __SSE2__
    for (; i + 16 <= n; i += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
        __m128i hit = _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('>')),
                                   _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('"')),
                                                _mm_cmpeq_epi8(x, _mm_set1_epi8('\''))));
        unsigned m = (unsigned)_mm_movemask_epi8(hit);
        if (m)
            return i + (size_t)__builtin_ctz(m);
    }
#endif
    for (; i < n; i++)
        if (p[i] == '>' || p[i] == '"' || p[i] == '\'')
            return i;
    return n;
}

/* The offset of the '>' that ends the tag whose attributes start at p[i]
 * (a '>' in a quoted value is none), 0 when p[0, n) ends first. */
static size_t tag_end(const char *p, size_t n, size_t i)
{
    for (;;) {
        i = tag_special(p, n, i);
        if (i == n)
            return 0;
        if (p[i] == '>')
            return i;
        const char *close = memchr(p + i + 1, p[i], n - i - 1);
        if (!close)
            return 0;
        i = (size_t)(close - p) + 1;
    }
}

/* A record starts at depth `before` (outside its tag): false if it is not
 * at the record level, or would be the document element. */
static bool at_level(walk *w, unsigned long before)
{
    if (w->level < 0) {
        if (before == 0)
            return false;
        w->level = (long)before;
    }
    return (long)before == w->level;
}

/* The cut after a record that ends at p[i]: past the line end that
 * follows it (after spaces and tabs); 0 when other bytes follow it on its
 * line, or when p[0, n) ends before that is known (*undecided). */
static size_t line_end_after(const char *p, size_t n, size_t i, bool *undecided)
{
    while (i < n && (p[i] == ' ' || p[i] == '\t'))
        i++;
    if (i < n && p[i] == '\n')
        return i + 1;
    if (i + 1 < n && p[i] == '\r' && p[i + 1] == '\n')
        return i + 2;
    *undecided = i == n || (p[i] == '\r' && i + 1 == n);
    return 0;
}

/* What one markup construct at p[i] (a '<') is: *next the offset after it
 * (0: p[0, n) ends first, or a construct not cut past: an internal DTD
 * subset); a start or end tag moves the depth, and a record's end sets
 * *ended; a record's start tag sets *rec_start.  False when no cut may
 * follow (a record off the record level, an element that closes it). */
static bool markup(walk *w, const char *p, size_t n, size_t i, size_t *next, bool *ended, bool *rec_start)
{
    *next = 0;
    if (i + 1 >= n)
        return true;
    char c = p[i + 1];
    if (c == '?') {
        *next = past(p, n, i + 2, "?>");
        return true;
    }
    if (c == '!') {
        if (n - i < 9)
            return true;
        if (!memcmp(p + i, "<!--", 4))
            *next = past(p, n, i + 4, "-->");
        else if (!memcmp(p + i, "<![CDATA[", 9))
            *next = past(p, n, i + 9, "]]>");
        else { /* a declaration: DOCTYPE; with an internal subset, not cut */
            size_t g = tag_end(p, n, i + 2);
            const char *sub = g ? memchr(p + i, '[', g - i) : NULL;
            *next = g && !sub ? g + 1 : 0;
        }
        return true;
    }
    const char *local;
    size_t k, g;
    /* a tag's name holds none of the bytes tag_end looks for: it is read
     * only where it matters, in a start tag outside the records */
    if (c == '/') {
        g = tag_end(p, n, i + 2);
        if (!g)
            return true;
        *next = g + 1;
        if (w->depth == 0)
            return false; /* it closes what held the chunk's first records */
        w->depth--;
        if (w->in_rec && w->depth < w->rec_depth) {
            w->in_rec = false;
            *ended = true;
        }
        return true;
    }
    local = NULL, k = 0;
    g = tag_end(p, n, w->in_rec ? i + 1 : tag_name(p, n, i + 1, &local, &k));
    if (!g)
        return true;
    *next = g + 1;
    bool empty = p[g - 1] == '/';
    bool record = !w->in_rec && is_record_name(w, local, k);
    if (!w->in_rec && !record && w->level >= 0 && (long)w->depth == w->level)
        return false; /* another element among the records (an RSS channel's late title) */
    if (record) {
        if (!at_level(w, w->depth))
            return false;
        *rec_start = true;
        w->in_rec = !empty;
        w->rec_depth = w->depth + 1;
        *ended = empty;
    }
    w->depth += !empty;
    return true;
}

/* Walks p[0, n) (p[0] outside any record: the input's first byte, or a
 * cut) and returns the first cut at or after `from`, 0 when there is none;
 * with first_rec set, stops at the first record's start tag instead and
 * sets *first_rec to the offset of its '<' (0: none, or not to be cut). */
static size_t scan(const char *const *names, bool start, const char *p, size_t n, size_t from, size_t *first_rec)
{
    walk w = {.names = names, .level = start ? -1 : 0};
    for (size_t i = 0; i < n;) {
        const char *lt = memchr(p + i, '<', n - i);
        if (!lt)
            return 0;
        size_t at = (size_t)(lt - p);
        bool ended = false, rec_start = false;
        if (!markup(&w, p, n, at, &i, &ended, &rec_start) || !i)
            return 0;
        if (rec_start && first_rec) {
            *first_rec = at;
            return 0;
        }
        if (!ended || i < from)
            continue;
        bool undecided = false;
        size_t cut = line_end_after(p, n, i, &undecided);
        if (cut || undecided)
            return cut;
    }
    return 0;
}

int pc_xml_chunk_fits(const char *const *names, const char *head, size_t n)
{
    (void)names;
    /* libxml2 2.9 sets up its globals on first use, which two workers'
     * parsers starting at once would race for: here, on the driver's
     * thread, before there is any worker */
    xmlInitParser();
    static const char dt[] = "<!DOCTYPE";
    for (const char *q = head, *e = head + n; (q = memchr(q, '<', (size_t)(e - q))) != NULL; q++) {
        if ((size_t)(e - q) < sizeof dt - 1)
            break;
        if (memcmp(q, dt, sizeof dt - 1) != 0)
            continue;
        size_t rest = (size_t)(e - q);
        const char *gt = memchr(q, '>', rest), *sub = memchr(q, '[', rest);
        return sub && (!gt || sub < gt) ? 0 : 1; /* an internal subset: not cut */
    }
    return 1;
}

size_t pc_xml_chunk_end(const char *const *names, const pc_chunk_at *at, const char *p, size_t n, size_t from)
{
    return scan(names, at->start, p, n, from, NULL);
}

size_t pc_xml_chunk_context(const char *const *names, const char *p, size_t n)
{
    size_t first = 0;
    scan(names, true, p, n, 0, &first);
    return first;
}

/* A walk of the context's markup: each start tag that is not empty pushes
 * its name (offset and length, two entries of `open`), each end tag pops
 * one; the names left are the elements open at its end. */
size_t pc_xml_chunk_closers(const char *p, size_t n, pc_buf *out)
{
    size_t *open = NULL, n_open = 0, cap = 0;
    for (size_t i = 0; i < n;) {
        const char *lt = memchr(p + i, '<', n - i);
        if (!lt)
            break;
        size_t at = (size_t)(lt - p), next = 0;
        char c = at + 1 < n ? p[at + 1] : 0;
        if (c == '?')
            next = past(p, n, at + 2, "?>");
        else if (c == '!' && n - at >= 4 && !memcmp(p + at, "<!--", 4))
            next = past(p, n, at + 4, "-->");
        else if (c == '!' && n - at >= 9 && !memcmp(p + at, "<![CDATA[", 9))
            next = past(p, n, at + 9, "]]>");
        else if (c == '!') {
            size_t g = tag_end(p, n, at + 2);
            next = g ? g + 1 : 0;
        } else {
            const char *local;
            size_t k, name = at + 1 + (c == '/');
            size_t e = tag_name(p, n, name, &local, &k), g = tag_end(p, n, e);
            if (!g)
                break;
            next = g + 1;
            if (c == '/')
                n_open -= n_open > 0;
            else if (p[g - 1] != '/') {
                PC_GROW(open, cap, 2 * (n_open + 1));
                open[2 * n_open] = name;
                open[2 * n_open + 1] = e - name;
                n_open++;
            }
        }
        if (!next)
            break;
        i = next;
    }
    size_t closed = n_open;
    while (n_open--)
        pc_buf_printf(out, "</%.*s>", (int)open[2 * n_open + 1], p + open[2 * n_open]);
    pc_free(open);
    return closed;
}
