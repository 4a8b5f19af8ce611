/* SPDX-License-Identifier: MIT */
/* markup.c — markup spans (italic, bold, super/subscript, raw TeX): LaTeX
 * markers, CSL tags (written here, read by html.c), pandoc Markdown, the
 * walk writers render them with, and the one math scanner (see markup.h).
 * It uses nothing of html.c, which uses it. */
#include "text/markup.h"
#include "model/strset.h"

#include <stdint.h>
#include <stdlib.h>

enum {
    MAX_NEST = 32,           /* deeper markup is kept as text, not as spans */
    N_MARKS = PC_MARK_SUB + 1 /* pc_mark values, PC_MARK_NONE included */
};

/* ---- math spans ------------------------------------------------------------ */

/* True if s[i] follows an odd run of backslashes (TeX reads it escaped). */
static bool escaped(const char *s, size_t i)
{
    size_t k = i;
    while (k > 0 && s[k - 1] == '\\')
        k--;
    return (i - k) & 1;
}

/* Bytes the math scanner looks at: 1 in every mode, 2 only when strict.
 * The rest is skipped in runs: math is in many abstracts. */
static const unsigned char math_stop[256] = {
    ['\\'] = 1, ['$'] = 1, ['{'] = 2, ['}'] = 2, ['\n'] = 2, ['\r'] = 2,
};

size_t pc_markup_math_span(const char *s, size_t i, size_t n, unsigned mode)
{
    bool strict = !(mode & PC_MATH_LENIENT), display = false;
    unsigned char look = strict ? 3 : 1;
    char close = '$'; /* or the ')' / ']' of a backslash close */
    size_t j = i + 1;
    if (i >= n || escaped(s, i))
        return 0;
    if (s[i] == '$') {
        display = j < n && s[j] == '$';
        j += display;
    } else if (s[i] == '\\' && j < n && (s[j] == '(' || s[j] == '[')) {
        close = s[j] == '(' ? ')' : ']';
        j++;
    } else {
        return 0;
    }
    size_t level = 0; /* brace depth, strict only */
    for (size_t k = j; k < n; k++) {
        while (k < n && !(math_stop[(unsigned char)s[k]] & look))
            k++;
        if (k >= n)
            break;
        char c = s[k];
        if (c == '\\') {
            char x = k + 1 < n ? s[k + 1] : '\0';
            if (close != '$' && x == close)
                return strict && level ? 0 : k + 2 - i;
            if (close != '$' && (x == '(' || x == '['))
                return 0; /* \( and \[ do not nest */
            if (strict && (x == '{' || x == '}'))
                return 0; /* \{ in math unbalances BibTeX's brace count */
            k++;
            continue;
        }
        if (c == '$' && close == '$') {
            bool pair = k + 1 < n && s[k + 1] == '$';
            if (display && !pair && !strict)
                continue; /* a lone $ inside $$...$$ */
            if (k == j || (strict && level) || (display && !pair))
                return 0;
            return k + 1 + display - i;
        }
        if (!strict)
            continue;
        if (c == '\n' || c == '\r' || c == '$')
            return 0;
        if (c == '{')
            level++;
        else if (c == '}' && level-- == 0)
            return 0;
    }
    return 0;
}

/* ---- markers ------------------------------------------------------------ */

/* U+FDD0 + 2*(mark-1) + (close ? 1 : 0), UTF-8 EF B7 90..9B */
void pc_markup_put_marker(pc_buf *b, pc_mark mark, bool open)
{
    char m[3] = {(char)0xEF, (char)0xB7, (char)(0x90 + 2 * ((int)mark - 1) + (open ? 0 : 1))};
    pc_buf_put(b, m, 3);
}

/* Length of the marker at s[i] (3), or 0; its mark and direction. */
static size_t marker_at(const char *s, size_t i, size_t n, pc_mark *mark, bool *open)
{
    if (i + 2 >= n || (unsigned char)s[i] != 0xEF || (unsigned char)s[i + 1] != 0xB7)
        return 0;
    unsigned k = (unsigned char)s[i + 2];
    if (k < 0x90 || k >= 0x90 + 2 * (N_MARKS - 1))
        return 0;
    *mark = (pc_mark)((k - 0x90) / 2 + 1);
    *open = ((k - 0x90) & 1) == 0;
    return 3;
}

bool pc_markup_has_markers(const char *s, size_t n)
{
    pc_mark m;
    bool o;
    for (const char *p = s; (p = memchr(p, 0xEF, (size_t)(s + n - p))) != NULL; p++)
        if (marker_at(s, (size_t)(p - s), n, &m, &o))
            return true;
    return false;
}

void pc_markup_strip_markers(pc_buf *b)
{
    size_t o = 0;
    pc_mark m;
    bool op;
    for (size_t i = 0; i < b->len;) {
        size_t k = marker_at(b->ptr, i, b->len, &m, &op);
        if (k) {
            i += k;
            continue;
        }
        b->ptr[o++] = b->ptr[i++];
    }
    pc_buf_truncate(b, o);
}

/* A min-heap of span ends, for tidy. */
typedef struct end_heap {
    size_t *v;
    size_t n, cap;
} end_heap;

static void heap_push(end_heap *h, size_t x)
{
    PC_GROW(h->v, h->cap, h->n + 1);
    size_t k = h->n++;
    for (; k && h->v[(k - 1) / 2] > x; k = (k - 1) / 2)
        h->v[k] = h->v[(k - 1) / 2];
    h->v[k] = x;
}

static void heap_pop(end_heap *h)
{
    size_t x = h->v[--h->n], k = 0;
    for (;;) {
        size_t c = 2 * k + 1;
        if (c >= h->n)
            break;
        if (c + 1 < h->n && h->v[c + 1] < h->v[c])
            c++;
        if (h->v[c] >= x)
            break;
        h->v[k] = h->v[c];
        k = c;
    }
    if (h->n)
        h->v[k] = x;
}

/* Tidies spans [from, n): drops the empty ones and those that never got a
 * start, an italic inside an italic, and merges a span into the previous
 * one of its kind that it touches (\emph{a}\emph{b}: one span), so every
 * writer gets the simplest markup for the same text.  Spans come sorted by
 * start (every producer pushes them so), so a span earlier in the list
 * starts at or before this one: it contains this one if it ends at or after
 * it (the largest end per mark says), and it keeps the last span from
 * growing if it ends between the last span's end and this one's (the
 * smallest end still at or after this start says: a heap of the ends of
 * the kept spans before the last, dropping those that end before this
 * start, which no later span can reach either).  O(n log n), where a scan
 * of the kept spans per span was quadratic in \emph{a} \emph{b} ... */
static void tidy(pc_spanlist *l, size_t from)
{
    size_t o = from;
    size_t max_end[N_MARKS] = {0}; /* per mark, of the kept spans */
    end_heap before_last = {0};
    for (size_t i = from; i < l->n; i++) {
        pc_span sp = l->items[i];
        if (sp.start == SIZE_MAX || sp.start >= sp.end)
            continue;
        size_t m = (size_t)sp.mark < N_MARKS ? (size_t)sp.mark : 0;
        if (max_end[m] >= sp.end)
            continue; /* inside a kept span of its kind */
        while (before_last.n && before_last.v[0] < sp.start)
            heap_pop(&before_last);
        if (o > from) {
            pc_span *last = &l->items[o - 1];
            /* would it cross a span around the last one? */
            if (last->mark == sp.mark && last->end == sp.start &&
                !(before_last.n && before_last.v[0] < sp.end)) {
                last->end = sp.end;
                max_end[m] = sp.end;
                continue;
            }
            heap_push(&before_last, last->end);
        }
        max_end[m] = sp.end; /* larger, or it would have been dropped */
        l->items[o++] = sp;
    }
    l->n = o;
    pc_free(before_last.v);
}

void pc_markup_clip(pc_spanlist *spans, size_t len)
{
    for (size_t i = 0; i < spans->n; i++)
        if (spans->items[i].end > len)
            spans->items[i].end = len;
    tidy(spans, 0);
}

static bool fold_space(unsigned char c) { return c <= ' ' && pc_is_space(c); }

void pc_markup_fold(const char *s, size_t n, pc_buf *out, pc_spanlist *spans)
{
    size_t base = out->len, first = spans->n, unset = 0, depth = 0;
    size_t stack[MAX_NEST];
    size_t overflow = 0; /* opens past MAX_NEST, ignored with their closes */
    bool space = false;
    for (size_t i = 0; i < n;) {
        pc_mark m;
        bool open;
        size_t k = marker_at(s, i, n, &m, &open);
        if (k) {
            i += k;
            if (open && depth < MAX_NEST) {
                stack[depth++] = pc_spanlist_push(spans, SIZE_MAX, SIZE_MAX, m);
                unset++;
            } else if (open) {
                overflow++;
            } else if (overflow) {
                overflow--;
            } else if (depth && spans->items[stack[depth - 1]].mark == m) {
                /* markers nest (the LaTeX decoder's always do); a close
                 * that does not match the innermost open is dropped */
                spans->items[stack[--depth]].end = out->len - base;
            }
            continue;
        }
        if (fold_space((unsigned char)s[i])) {
            space = true;
            i++;
            continue;
        }
        size_t run = i;
        while (i < n && !fold_space((unsigned char)s[i]) && !marker_at(s, i, n, &m, &open))
            i++;
        if (space && out->len > base)
            pc_buf_putc(out, ' ');
        space = false;
        for (; unset; unset--) /* spans opened since the last text start here */
            spans->items[spans->n - unset].start = out->len - base;
        pc_buf_put(out, s + run, i - run);
    }
    /* never left open by the LaTeX decoder; from crossed HTML tags
     * (<i>a<b>b</i></b>) an unclosed span is dropped, not stretched to the
     * end of the text */
    while (depth)
        spans->items[stack[--depth]].start = SIZE_MAX;
    tidy(spans, first);
}

/* ---- walking ------------------------------------------------------------- */

static bool boundary(const char *s, size_t n, size_t i)
{
    return i == n || ((unsigned char)s[i] & 0xC0) != 0x80;
}

/* The marks a sink renders: italic, bold and nocase, and those it names. */
static unsigned sink_marks(const pc_markup_sink *k)
{
    return 1u << PC_MARK_ITALIC | 1u << PC_MARK_BOLD | 1u << PC_MARK_NOCASE | k->marks;
}

void pc_markup_walk(const char *s, size_t n, const pc_spanlist *spans, const pc_markup_sink *k,
                    void *user)
{
    const pc_span *stack[MAX_NEST];
    size_t depth = 0, next = 0, pos = 0, count = spans ? spans->n : 0;
    unsigned marks = sink_marks(k);
    for (;;) {
        size_t close_at = depth ? stack[depth - 1]->end : SIZE_MAX;
        /* a TeX span is raw text: nothing opens inside it */
        bool raw = depth && stack[depth - 1]->mark == PC_MARK_TEX;
        /* skip spans that cannot be rendered where they are */
        while (next < count) {
            const pc_span *sp = &spans->items[next];
            bool ok = sp->start >= pos && sp->start < sp->end && sp->end <= n &&
                      boundary(s, n, sp->start) && boundary(s, n, sp->end) &&
                      sp->end <= close_at && depth < MAX_NEST && !raw &&
                      (unsigned)sp->mark < 32 && (marks >> sp->mark & 1);
            /* a span starting after an open one ends must wait for the close */
            if (ok || (sp->start >= close_at && sp->start >= pos))
                break;
            next++;
        }
        size_t open_at = next < count ? spans->items[next].start : SIZE_MAX;
        size_t at = close_at < open_at ? close_at : open_at;
        if (at > n)
            at = n;
        if (at > pos) {
            k->text(user, s, pos, at);
            pos = at;
        }
        if (depth && close_at == pos) { /* closes first: </i><i> at one point */
            k->close(user, stack[--depth]->mark);
            continue;
        }
        if (next < count && open_at == pos) {
            stack[depth++] = &spans->items[next++];
            k->open(user, stack[depth - 1]->mark);
            continue;
        }
        if (pos >= n)
            break;
    }
}

static int span_order(const void *a, const void *b)
{
    const pc_span *x = a, *y = b;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    if (x->end != y->end)
        return x->end > y->end ? -1 : 1; /* outer first */
    return (int)x->mark - (int)y->mark;
}

void pc_markup_word_core(const char *s, size_t *start, size_t *end)
{
    while (*start < *end && strchr("(\"[", s[*start]))
        ++*start;
    while (*end > *start && strchr(":;,.!?)\"]", s[*end - 1]))
        --*end;
}

/* ---- case protection: the runs of words a title protects ------------------
 *
 * A protected entry (pc_text.protected_words) is one word ({DNA}) or a run
 * of words that one brace group or one nocase span held ({RNA Polymerase
 * II}).  It protects every place the text has its words in a row, each
 * word compared by its core (pc_markup_word_core: the punctuation around a
 * word aside), as a single word always did.  The places are found by
 * Aho-Corasick over words: a trie of the entries by word, failure links,
 * and for each trie node the longest entry that ends there; one pass over
 * the text's words then finds, at each word, the longest protected run
 * ending there.  Time and memory are linear in the text and the entries
 * (a run compared word by word at each place would be quadratic: a text
 * of n "a" and an entry of n "a" and a "b"). */

enum { NC_NONE = SIZE_MAX }; /* = PC_STRSET_NONE */

static size_t nc_mix(size_t a, size_t b)
{
    uint64_t x = (uint64_t)a * 0x9E3779B97F4A7C15u ^ (uint64_t)b * 0xC2B2AE3D27D4EB4Fu;
    return (size_t)(x ^ x >> 29);
}

/* The trie of the protected entries, by word. */
typedef struct nc_trie {
    pc_strset words;     /* distinct word cores (views of the entries' bytes) */
    size_t *edge_from, *edge_word, *edge_to; /* child edges by (from, word) hash */
    size_t mask;         /* of the edge table, a power of two */
    size_t *parent, *via, *depth, *fail, *out; /* per node; node 0 is the root */
    size_t n_nodes, max_depth;
} nc_trie;

/* The id of the word [s, s+n), added when `add`; NC_NONE if absent. */
static size_t nc_word(nc_trie *t, const char *s, size_t n, bool add)
{
    return add ? pc_strset_add(&t->words, s, n, NULL) : pc_strset_find(&t->words, s, n);
}

/* The child of `from` by `word`, created when `add`; NC_NONE if absent. */
static size_t nc_child(nc_trie *t, size_t from, size_t word, bool add)
{
    size_t h = nc_mix(from, word) & t->mask;
    for (; t->edge_to[h] != NC_NONE; h = (h + 1) & t->mask)
        if (t->edge_from[h] == from && t->edge_word[h] == word)
            return t->edge_to[h];
    if (!add)
        return NC_NONE;
    size_t v = t->n_nodes++;
    t->parent[v] = from;
    t->via[v] = word;
    t->depth[v] = t->depth[from] + 1;
    t->out[v] = 0;
    if (t->depth[v] > t->max_depth)
        t->max_depth = t->depth[v];
    t->edge_from[h] = from;
    t->edge_word[h] = word;
    t->edge_to[h] = v;
    return v;
}

/* The next word of s at or after *i (words are split at spaces): its core
 * [*cs, *ce); false at the end. */
static bool nc_next_word(const char *s, size_t n, size_t *i, size_t *cs, size_t *ce)
{
    while (*i < n && s[*i] == ' ')
        ++*i;
    if (*i >= n)
        return false;
    *cs = *i;
    while (*i < n && s[*i] != ' ')
        ++*i;
    *ce = *i;
    pc_markup_word_core(s, cs, ce);
    return true;
}

/* Failure links and the longest entry ending at each node, in order of
 * depth (a node's failure is shallower): linear in the trie's size. */
static void nc_links(nc_trie *t)
{
    size_t *count = pc_xcalloc(t->max_depth + 2, sizeof *count);
    size_t *order = pc_xmalloc(t->n_nodes * sizeof *order);
    for (size_t v = 0; v < t->n_nodes; v++)
        count[t->depth[v] + 1]++;
    for (size_t d = 1; d <= t->max_depth + 1; d++)
        count[d] += count[d - 1];
    for (size_t v = 0; v < t->n_nodes; v++)
        order[count[t->depth[v]]++] = v;
    for (size_t k = 1; k < t->n_nodes; k++) {
        size_t v = order[k], u = t->parent[v], f = NC_NONE;
        for (size_t g = u ? t->fail[u] : NC_NONE; g != NC_NONE; g = g ? t->fail[g] : NC_NONE)
            if ((f = nc_child(t, g, t->via[v], false)) != NC_NONE)
                break;
        t->fail[v] = f == NC_NONE ? 0 : f;
        if (!t->out[v])
            t->out[v] = t->out[t->fail[v]];
    }
    pc_free(count);
    pc_free(order);
}

static void nc_build(nc_trie *t, const pc_strlist *words)
{
    size_t n_tok = 0;
    for (size_t k = 0; k < words->n; k++) {
        const char *w = words->items[k];
        for (size_t i = 0, n = strlen(w), cs, ce; nc_next_word(w, n, &i, &cs, &ce);)
            n_tok++;
    }
    size_t cap = 16;
    while (cap < 2 * n_tok)
        cap *= 2;
    memset(t, 0, sizeof *t);
    t->mask = cap - 1;
    pc_strset_reserve(&t->words, n_tok + 1);
    t->edge_from = pc_xmalloc(cap * sizeof *t->edge_from);
    t->edge_word = pc_xmalloc(cap * sizeof *t->edge_word);
    t->edge_to = pc_xmalloc(cap * sizeof *t->edge_to);
    memset(t->edge_to, 0xFF, cap * sizeof *t->edge_to); /* NC_NONE */
    size_t **node[] = {&t->parent, &t->via, &t->depth, &t->fail, &t->out};
    for (size_t a = 0; a < sizeof node / sizeof *node; a++)
        *node[a] = pc_xcalloc(n_tok + 1, sizeof **node[a]);
    t->n_nodes = 1;
    for (size_t k = 0; k < words->n; k++) {
        const char *w = words->items[k];
        size_t v = 0, real = 0;
        for (size_t i = 0, n = strlen(w), cs, ce; nc_next_word(w, n, &i, &cs, &ce);) {
            v = nc_child(t, v, nc_word(t, w + cs, ce - cs, true), true);
            real += ce > cs;
        }
        if (v && real) /* not an entry of punctuation alone */
            t->out[v] = t->depth[v];
    }
    nc_links(t);
}

static void nc_free(nc_trie *t)
{
    pc_strset_free(&t->words);
    void *all[] = {t->edge_from, t->edge_word, t->edge_to, t->parent, t->via, t->depth, t->fail, t->out};
    for (size_t a = 0; a < sizeof all / sizeof *all; a++)
        pc_free(all[a]);
}

/* A protected run found in the text: words [first, last], merged with the
 * runs it overlaps. */
typedef struct nc_run {
    size_t first, last;
} nc_run;

/* The protected runs of s, as byte spans [core start of the first word,
 * core end of the last) pushed to out: runs that overlap are one span,
 * runs that only touch stay apart ({DNA} {RNA}). */
/* The usual case without a trie: at most NC_FEW entries, each one word
 * ({DNA}, {LLM}).  Each word of s whose core is an entry's is then a run
 * of its own (single words never overlap), as the trie would find; false
 * (nothing done) for anything else. */
enum { NC_FEW = 4 };
static bool nc_find_few(const char *s, const pc_strlist *words, pc_spanlist *out)
{
    if (words->n > NC_FEW)
        return false;
    size_t wcs[NC_FEW], wce[NC_FEW];
    for (size_t k = 0; k < words->n; k++) {
        const char *w = words->items[k];
        size_t n = strlen(w), i = 0, a, b;
        wcs[k] = wce[k] = 0;
        if (!nc_next_word(w, n, &i, &wcs[k], &wce[k]))
            continue; /* no word: no entry */
        if (nc_next_word(w, n, &i, &a, &b))
            return false; /* a run of several words: the trie's */
    }
    size_t n = strlen(s);
    for (size_t i = 0, a, b; nc_next_word(s, n, &i, &a, &b);)
        for (size_t k = 0; k < words->n && b > a; k++)
            if (wce[k] - wcs[k] == b - a && memcmp(words->items[k] + wcs[k], s + a, b - a) == 0) {
                pc_spanlist_push(out, a, b, PC_MARK_NOCASE);
                break;
            }
    return true;
}

static void nc_find(const char *s, const pc_strlist *words, pc_spanlist *out)
{
    if (nc_find_few(s, words, out))
        return;
    nc_trie t;
    nc_build(&t, words);
    size_t n = strlen(s), n_words = 0, cap = 16, depth = 0, state = 0;
    size_t *cs = pc_xmalloc(cap * sizeof *cs), *ce = pc_xmalloc(cap * sizeof *ce);
    nc_run *stack = pc_xmalloc(cap * sizeof *stack);
    for (size_t i = 0, a, b; nc_next_word(s, n, &i, &a, &b); n_words++) {
        if (n_words == cap) {
            cap = pc_grow_cap(cap, cap + 1);
            cs = pc_xreallocarray(cs, cap, sizeof *cs);
            ce = pc_xreallocarray(ce, cap, sizeof *ce);
            stack = pc_xreallocarray(stack, cap, sizeof *stack);
        }
        cs[n_words] = a;
        ce[n_words] = b;
        size_t w = nc_word(&t, s + a, b - a, false), next = NC_NONE;
        while (w != NC_NONE && (next = nc_child(&t, state, w, false)) == NC_NONE && state)
            state = t.fail[state];
        state = next == NC_NONE ? 0 : next;
        if (!t.out[state])
            continue;
        nc_run r = {n_words + 1 - t.out[state], n_words};
        while (depth && stack[depth - 1].last >= r.first) {
            if (stack[depth - 1].first < r.first)
                r.first = stack[depth - 1].first;
            depth--;
        }
        stack[depth++] = r;
    }
    for (size_t k = 0; k < depth; k++)
        if (ce[stack[k].last] > cs[stack[k].first])
            pc_spanlist_push(out, cs[stack[k].first], ce[stack[k].last], PC_MARK_NOCASE);
    pc_free(cs);
    pc_free(ce);
    pc_free(stack);
    nc_free(&t);
}

/* Drops the nocase spans out[from..] (in order, apart) that cross a span
 * of `spans` (sorted, nested): the walk would drop the later of two
 * crossing spans, and the markup is the input's own, a protected run found
 * elsewhere in the text only a repeat.  One pass over both. */
static void nc_drop_crossing(const pc_spanlist *spans, pc_spanlist *out, size_t from)
{
    size_t m = spans ? spans->n : 0, mi = 0, depth = 0, keep = from;
    size_t *open = pc_xmalloc((m + 1) * sizeof *open); /* ends of the spans open */
    for (size_t k = from; k < out->n; k++) {
        size_t a = out->items[k].start, b = out->items[k].end;
        for (; mi < m && spans->items[mi].start < a; mi++) {
            while (depth && open[depth - 1] <= spans->items[mi].start)
                depth--;
            open[depth++] = spans->items[mi].end;
        }
        while (depth && open[depth - 1] <= a)
            depth--;
        bool cross = depth && open[depth - 1] < b; /* opens before a, ends inside */
        for (size_t j = mi; !cross && j < m && spans->items[j].start < b; j++)
            cross = spans->items[j].start > a && spans->items[j].end > b;
        if (!cross)
            out->items[keep++] = out->items[k];
    }
    out->n = keep;
    pc_free(open);
}

void pc_markup_add_protected(pc_strlist *words, const char *s, size_t n)
{
    pc_trim(&s, &n);
    if (n)
        pc_strlist_add_unique(words, s, n);
}

void pc_markup_with_nocase(const char *s, const pc_spanlist *spans, const pc_strlist *words,
                           pc_spanlist *out)
{
    out->n = 0;
    for (size_t i = 0; spans && i < spans->n; i++)
        pc_spanlist_push(out, spans->items[i].start, spans->items[i].end, spans->items[i].mark);
    if (words && words->n) {
        size_t from = out->n;
        nc_find(s, words, out);
        nc_drop_crossing(spans, out, from);
    }
    if (out->n > 1)
        qsort(out->items, out->n, sizeof *out->items, span_order);
}

/* ---- CSL's HTML-like tags -------------------------------------------------- */

/* The marks every writer here renders beyond italic, bold and nocase. */
#define MORE_MARKS (1u << PC_MARK_TEX | 1u << PC_MARK_SUP | 1u << PC_MARK_SUB)

/* CSL's tags per mark, opening and closing; a TeX span has none. */
static const char *const html_tag[N_MARKS][2] = {
    [PC_MARK_ITALIC] = {"<i>", "</i>"},
    [PC_MARK_BOLD] = {"<b>", "</b>"},
    [PC_MARK_NOCASE] = {"<span class=\"nocase\">", "</span>"},
    [PC_MARK_TEX] = {"", ""},
    [PC_MARK_SUP] = {"<sup>", "</sup>"},
    [PC_MARK_SUB] = {"<sub>", "</sub>"},
};

static void html_text(void *u, const char *s, size_t from, size_t to)
{
    pc_buf_put(u, s + from, to - from);
}
static void html_open(void *u, pc_mark m) { pc_buf_puts(u, html_tag[m][0]); }
static void html_close(void *u, pc_mark m) { pc_buf_puts(u, html_tag[m][1]); }

void pc_markup_to_html(const char *s, const pc_spanlist *spans, pc_buf *out)
{
    static const pc_markup_sink sink = {
        .text = html_text, .open = html_open, .close = html_close, .marks = MORE_MARKS};
    pc_markup_walk(s, strlen(s), spans, &sink, out);
}

/* A delimiter found in rich text: an HTML tag or a Markdown * / _ run. */
typedef struct delim {
    size_t at, len; /* where it is in the input */
    unsigned char id;  /* what it matches (tag id, or '*' / '_' with its length) */
    bool open, close;  /* may open, may close */
    bool triple;       /* first half of a *** closer: the halves may swap */
    int kind;          /* pc_mark, or 0 for nocase */
    size_t partner;    /* matched delimiter, or SIZE_MAX */
} delim;

typedef struct delims {
    delim *d;
    size_t n, cap;
} delims;

static void delims_push(delims *l, delim d)
{
    PC_GROW(l->d, l->cap, l->n + 1);
    d.partner = SIZE_MAX;
    l->d[l->n++] = d;
}

/* Pairs closers with the nearest opener of the same id; what lies between
 * an opener and a closer that skips it stays unmatched (text). */
static void delims_match(delims *l)
{
    size_t *stack = pc_xmalloc((l->n + 1) * sizeof *stack);
    size_t depth = 0;
    for (size_t i = 0; i < l->n; i++) {
        delim *d = &l->d[i];
        if (d->triple && i + 1 < l->n) {
            /* ***: the half whose opener is innermost closes first */
            size_t a = 0, b = 0;
            for (size_t j = 0; j < depth; j++) {
                if (l->d[stack[j]].id == d->id)
                    a = j + 1;
                if (l->d[stack[j]].id == l->d[i + 1].id)
                    b = j + 1;
            }
            if (b > a) {
                delim first = l->d[i + 1], second = l->d[i];
                first.at = d->at;
                second.at = d->at + first.len;
                l->d[i] = first;
                l->d[i + 1] = second;
            }
        }
        if (d->close) {
            size_t j = depth;
            while (j > 0 && l->d[stack[j - 1]].id != d->id)
                j--;
            if (j > 0) {
                d->partner = stack[j - 1];
                l->d[stack[j - 1]].partner = i;
                depth = j - 1;
                continue;
            }
        }
        if (d->open && depth < MAX_NEST)
            stack[depth++] = i;
    }
    pc_free(stack);
}

/* Writes [s, s+n) to out with matched delimiters turned into spans; text
 * between delimiters goes through `text` (which unescapes, for Markdown). */
static void emit_delims(const char *s, size_t n, const delims *l, pc_buf *out, pc_spanlist *spans,
                        pc_strlist *nocase,
                        void (*text)(const char *s, size_t from, size_t to, pc_buf *out))
{
    size_t base = out->len, first = spans->n, pos = 0;
    size_t *span_of = pc_xmalloc((l->n + 1) * sizeof *span_of);
    for (size_t i = 0; i < l->n; i++) {
        const delim *d = &l->d[i];
        if (d->partner == SIZE_MAX)
            continue; /* stays in the text */
        text(s, pos, d->at, out);
        pos = d->at + d->len;
        size_t here = out->len - base;
        if (d->partner > i) { /* opener */
            span_of[i] = d->kind ? pc_spanlist_push(spans, here, SIZE_MAX, (pc_mark)d->kind) : here;
        } else if (d->kind) {
            spans->items[span_of[d->partner]].end = here;
        } else if (nocase) {
            size_t st = span_of[d->partner];
            pc_markup_add_protected(nocase, out->ptr + base + st, here - st);
        }
    }
    text(s, pos, n, out);
    pc_free(span_of);
    tidy(spans, first);
}

/* ---- pandoc Markdown ---------------------------------------------------- */

/* ASCII punctuation a backslash escapes in pandoc Markdown */
static bool md_punct(unsigned char c)
{
    return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') ||
           (c >= '{' && c <= '~');
}

typedef struct md_writer {
    pc_buf *out;
    size_t start; /* out->len where this field starts */
    bool raw;     /* in a TeX span: math is text too */
    int script;   /* in ^...^ or ~...~ (how deep): a space is written "\\ " */
} md_writer;

/* Whether pandoc would read a byte as syntax: emphasis, code, links, raw
 * HTML and entities, citations, sub/superscript (1: always escaped); math,
 * dashes and ellipses, block syntax at the start of the field (2: it
 * depends).  Quotes are left alone: pandoc curls them in CSL-JSON too, so
 * both files read the same.  A table, not a switch per byte: every title
 * and abstract written to YAML goes through here. */
#define MD_CLASS \
    ['\\'] = 1, ['`'] = 1, ['*'] = 1, ['_'] = 1, ['['] = 1, [']'] = 1, ['<'] = 1, ['>'] = 1, \
    ['@'] = 1,  ['~'] = 1, ['^'] = 1, ['&'] = 1, ['#'] = 1, ['|'] = 1, \
    ['$'] = 2,  ['-'] = 2, ['+'] = 2, ['='] = 2, [':'] = 2, ['.'] = 2, ['\n'] = 2
static const unsigned char md_class[256] = {MD_CLASS};
/* inside ^...^ and ~...~ a space is syntax too (it would end them) */
static const unsigned char md_class_script[256] = {MD_CLASS, [' '] = 2};
#undef MD_CLASS

/* The end of the white space at s[i] when it would make pandoc read a code
 * block there (a tab, or four spaces); else i: that white space is dropped,
 * any other is kept. */
static size_t code_indent_end(const char *s, size_t i, size_t to)
{
    size_t k = i;
    bool tab = false;
    while (k < to && (s[k] == ' ' || s[k] == '\t'))
        tab |= s[k++] == '\t';
    return tab || k - i >= 4 ? k : i;
}

static void md_text(void *u, const char *s, size_t from, size_t to)
{
    md_writer *w = u;
    const unsigned char *cls = w->script ? md_class_script : md_class;
    size_t run = from, i = from, line_at = SIZE_MAX; /* where the current line's text starts */
    bool field_start = w->out->len == w->start;
    /* Indentation by a tab or four spaces at the start of the field or
     * after a blank line is dropped: pandoc would read a code block, and it
     * fails on a code block in a bibliography (from a paragraph it drops
     * that white space anyway). */
    if (field_start)
        run = line_at = i = code_indent_end(s, i, to);
    /* "1. Intro" would be a list: escape the dot of a leading number (not
     * in "10.1145/...", which no list starts with) */
    if (field_start && i < to && pc_is_digit((unsigned char)s[i])) {
        size_t j = i;
        while (j < to && pc_is_digit((unsigned char)s[j]))
            j++;
        if (j < to && (s[j] == '.' || s[j] == ')') && (j + 1 == to || s[j + 1] == ' ')) {
            pc_buf_put(w->out, s + run, j - run);
            pc_buf_putc(w->out, '\\');
            run = j;
            i = j + 1;
        }
    }
    for (;;) {
        while (i < to && !cls[(unsigned char)s[i]])
            i++;
        if (i >= to)
            break;
        /* block syntax starts a line: the field's first, or after a newline */
        bool at_start = i == line_at || (i == from && i > 0 && s[i - 1] == '\n');
        bool esc;
        switch (s[i]) {
        case '\n': {
            /* after a blank line an indented line would be a code block;
             * inside a paragraph indentation is only white space */
            size_t k = i;
            while (k > from && (s[k - 1] == ' ' || s[k - 1] == '\t'))
                k--;
            bool after_blank = k > from && s[k - 1] == '\n';
            pc_buf_put(w->out, s + run, i + 1 - run);
            i++;
            if (after_blank)
                i = code_indent_end(s, i, to);
            run = line_at = i;
            continue;
        }
        case '$': {
            size_t m = w->raw ? 0 : pc_markup_math_span(s, i, to, PC_MATH_STRICT);
            if (m) { /* pandoc reads it as math, as we keep it */
                i += m;
                continue;
            }
            esc = true;
            break;
        }
        case ' ': /* in ^...^ or ~...~ only: "\ " (pandoc: a no-break space) */
            esc = true;
            break;
        case '-':
            esc = at_start || (i + 1 < to && s[i + 1] == '-');
            break;
        case '.':
            esc = i + 2 < to && s[i + 1] == '.' && s[i + 2] == '.';
            break;
        case '+': case '=': case ':':
            esc = at_start;
            break;
        default:
            esc = true;
        }
        if (esc) {
            pc_buf_put(w->out, s + run, i - run);
            pc_buf_putc(w->out, '\\');
            run = i;
        }
        i++;
    }
    pc_buf_put(w->out, s + run, to - run);
}

/* pandoc Markdown per mark, opening and closing; a TeX span has none. */
static const char *const md_delim[N_MARKS][2] = {
    [PC_MARK_ITALIC] = {"*", "*"},
    [PC_MARK_BOLD] = {"**", "**"},
    [PC_MARK_NOCASE] = {"[", "]{.nocase}"},
    [PC_MARK_TEX] = {"", ""},
    [PC_MARK_SUP] = {"^", "^"},
    [PC_MARK_SUB] = {"~", "~"},
};

static void md_mark(md_writer *w, pc_mark m, bool open)
{
    if (m == PC_MARK_TEX)
        w->raw = open;
    else if (m == PC_MARK_SUP || m == PC_MARK_SUB)
        w->script += open ? 1 : -1;
    pc_buf_puts(w->out, md_delim[m][!open]);
}

static void md_open(void *u, pc_mark m) { md_mark(u, m, true); }
static void md_close(void *u, pc_mark m) { md_mark(u, m, false); }

/* Spans as Markdown can say them: no white space just inside a delimiter
 * (pandoc would not see emphasis), no italic inside italic, and touching
 * spans of one kind merged (*a**b* is not two emphases). */
static void md_spans(const char *s, size_t n, const pc_spanlist *in, pc_spanlist *out)
{
    for (size_t i = 0; i < in->n; i++) {
        pc_span sp = in->items[i];
        if (sp.end > n || sp.start >= sp.end)
            continue; /* the walk would skip it: do not look at its bytes */
        while (sp.start < sp.end && pc_is_space((unsigned char)s[sp.start]))
            sp.start++;
        while (sp.end > sp.start && pc_is_space((unsigned char)s[sp.end - 1]))
            sp.end--;
        pc_spanlist_push(out, sp.start, sp.end, sp.mark);
    }
    tidy(out, 0);
}

void pc_markup_to_markdown(const char *s, const pc_spanlist *spans, pc_buf *out)
{
    static const pc_markup_sink sink = {
        .text = md_text, .open = md_open, .close = md_close, .marks = MORE_MARKS};
    md_writer w = {.out = out, .start = out->len};
    size_t n = strlen(s);
    pc_spanlist clean = {0};
    if (spans && spans->n)
        md_spans(s, n, spans, &clean);
    pc_markup_walk(s, n, &clean, &sink, &w);
    pc_spanlist_clear(&clean);
}

/* Bytes the Markdown reader stops at; the rest is copied in runs. */
static const unsigned char md_stop[256] = {
    ['\\'] = 1, ['$'] = 1, ['*'] = 1, ['_'] = 1, ['['] = 1, [']'] = 1, ['^'] = 1, ['~'] = 1,
};

/* The index of the ^ or ~ that closes the one at s[i] as pandoc's
 * superscript or subscript (the next unescaped one, with text between and
 * no unescaped white space), or SIZE_MAX.  The scan stops at the next ^ or
 * ~ of the kind, so scans from each in turn are linear altogether. */
static size_t script_close(const char *s, size_t i, size_t n)
{
    char c = s[i];
    if (c == '~' && i + 1 < n && s[i + 1] == '~')
        return SIZE_MAX; /* ~~: strikeout, not ours */
    for (size_t k = i + 1; k < n; k++) {
        if (s[k] == '\\' && k + 1 < n) {
            k++;
            continue;
        }
        if (s[k] == c)
            return k > i + 1 ? k : SIZE_MAX;
        if (pc_is_space((unsigned char)s[k]))
            return SIZE_MAX;
    }
    return SIZE_MAX;
}

/* Text between delimiters: backslash escapes removed, math kept. */
static void md_unescape(const char *s, size_t from, size_t to, pc_buf *out)
{
    size_t run = from;
    for (size_t i = from; i < to; i++) {
        while (i < to && s[i] != '\\' && s[i] != '$')
            i++;
        if (i >= to)
            break;
        if (s[i] == '$') {
            size_t m = pc_markup_math_span(s, i, to, PC_MATH_STRICT);
            if (m)
                i += m - 1;
        } else if (i + 1 < to && md_punct((unsigned char)s[i + 1])) {
            pc_buf_put(out, s + run, i - run);
            run = ++i; /* the escaped character starts the next run */
        } else if (i + 1 < to && s[i + 1] == ' ') {
            pc_buf_put(out, s + run, i - run);
            pc_buf_puts(out, "\xC2\xA0"); /* pandoc: an escaped space is a no-break space */
            run = i + 2;
            i++;
        }
    }
    pc_buf_put(out, s + run, to - run);
}

void pc_markup_from_markdown(const char *s, size_t n, pc_buf *out, pc_spanlist *spans,
                             pc_strlist *nocase)
{
    static const char nocase_close[] = "]{.nocase}";
    if (!memchr(s, '*', n) && !memchr(s, '_', n) && !memchr(s, '\\', n) && !memchr(s, '[', n) &&
        !memchr(s, '^', n) && !memchr(s, '~', n)) {
        pc_buf_put(out, s, n);
        return;
    }
    delims l = {0};
    size_t sup_close = SIZE_MAX, sub_close = SIZE_MAX; /* the pending ^ and ~ closers */
    for (size_t i = 0; i < n; i++) {
        while (i < n && !md_stop[(unsigned char)s[i]])
            i++;
        if (i >= n)
            break;
        char c = s[i];
        if (c == '\\' && i + 1 < n && md_punct((unsigned char)s[i + 1])) {
            i++;
            continue;
        }
        if (c == '$') {
            size_t m = pc_markup_math_span(s, i, n, PC_MATH_STRICT);
            if (m)
                i += m - 1;
            continue;
        }
        if (c == '^' || c == '~') {
            size_t *pending = c == '^' ? &sup_close : &sub_close;
            int kind = c == '^' ? PC_MARK_SUP : PC_MARK_SUB;
            if (i == *pending) {
                delims_push(&l, (delim){.at = i, .len = 1, .id = (unsigned char)c, .close = true,
                                        .kind = kind});
                *pending = SIZE_MAX;
            } else if (*pending == SIZE_MAX && (*pending = script_close(s, i, n)) != SIZE_MAX) {
                delims_push(&l, (delim){.at = i, .len = 1, .id = (unsigned char)c, .open = true,
                                        .kind = kind});
            } else if (c == '~' && i + 1 < n && s[i + 1] == '~') {
                i++; /* ~~ is not two subscript delimiters */
            }
            continue;
        }
        if (c == '[') { /* pandoc's [words]{.nocase} */
            delims_push(&l, (delim){.at = i, .len = 1, .id = 5, .open = true});
            continue;
        }
        if (c == ']' && n - i >= sizeof nocase_close - 1 &&
            memcmp(s + i, nocase_close, sizeof nocase_close - 1) == 0) {
            delims_push(&l, (delim){.at = i, .len = sizeof nocase_close - 1, .id = 5, .close = true});
            i += sizeof nocase_close - 2;
            continue;
        }
        if (c != '*' && c != '_')
            continue;
        size_t j = i;
        while (j < n && s[j] == c)
            j++;
        size_t len = j - i;
        unsigned char before = i ? (unsigned char)s[i - 1] : ' ';
        unsigned char after = j < n ? (unsigned char)s[j] : ' ';
        bool open = !pc_is_space(after), close = !pc_is_space(before);
        if (c == '_') { /* pandoc: no intraword emphasis with _ */
            open = open && !pc_is_alnum(before);
            close = close && !pc_is_alnum(after);
        }
        if (len <= 2 && (open || close)) {
            delims_push(&l, (delim){.at = i, .len = len, .id = (unsigned char)(c + (int)len),
                                    .open = open, .close = close,
                                    .kind = len == 2 ? PC_MARK_BOLD : PC_MARK_ITALIC});
        } else if (len == 3 && (open || close)) {
            /* ***x***: italic around bold (what pc_markup_to_markdown writes
             * for both at once); a closer closes the inner one first */
            size_t bold_at = close ? i : i + 1, it_at = close ? i + 2 : i;
            delim it = {.at = it_at, .len = 1, .id = (unsigned char)(c + 1), .open = !close,
                        .close = close, .kind = PC_MARK_ITALIC};
            delim bd = {.at = bold_at, .len = 2, .id = (unsigned char)(c + 2), .open = !close,
                        .close = close, .kind = PC_MARK_BOLD, .triple = close};
            delims_push(&l, close ? bd : it);
            delims_push(&l, close ? it : bd);
        }
        i = j - 1;
    }
    delims_match(&l);
    emit_delims(s, n, &l, out, spans, nocase, md_unescape);
    pc_free(l.d);
}
