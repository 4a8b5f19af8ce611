/* SPDX-License-Identifier: MIT */
/* textcase.c — text-case on rich text: lowercase, uppercase,
 * capitalize-first, capitalize-all, sentence and title case (with the
 * stop words), as jgm/citeproc's CaseTransform does it.
 *
 * The text is cut into chunks (a run of letters and digits, of spaces, of
 * punctuation, or one other character), and a state carried from chunk to
 * chunk says where a word stands: at the start, at the start of a
 * sentence (after . ? ! : and a space), after a word break (space, -, /,
 * dashes), inside a word, or before the last word of the whole text (title
 * case capitalizes a last stop word).  Only whole letter-and-digit chunks
 * change.  Small caps, super- and subscripts, nocase spans and the like are
 * left as they are (their text still moves the state).  Italic, bold,
 * quotes and underline are entered. */
#include "citeproc/cp.h"
#include "text/unicode.h"

#include <string.h>
#include <utf8proc.h>

typedef enum {
    ST_START,
    ST_START_SENTENCE,
    ST_AFTER_WORD_END,
    ST_AFTER_WORD_CHAR,
    ST_AFTER_SENTENCE_PUNCT,
    ST_BEFORE_LAST_WORD,
} tc_state;

typedef struct tc {
    cp_arena *a;
    int tc;
    tc_state st;
    bool after_hyphen; /* the last word break was a hyphen */
    pc_buf tmp;
} tc;

static bool is_alnum_cp(int32_t c)
{
    if (c < 128)
        return pc_is_alnum(c);
    utf8proc_category_t k = utf8proc_category(c);
    return (k >= UTF8PROC_CATEGORY_LU && k <= UTF8PROC_CATEGORY_LO) ||
           (k >= UTF8PROC_CATEGORY_ND && k <= UTF8PROC_CATEGORY_NO) ||
           (k >= UTF8PROC_CATEGORY_MN && k <= UTF8PROC_CATEGORY_ME);
}

static bool is_punct_cp(int32_t c)
{
    utf8proc_category_t k = utf8proc_category(c);
    return k >= UTF8PROC_CATEGORY_PC && k <= UTF8PROC_CATEGORY_PO;
}

static bool is_space_cp(int32_t c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0xA0 || c == 0x202F ||
           (c > 127 && utf8proc_category(c) == UTF8PROC_CATEGORY_ZS);
}

static bool is_break_cp(int32_t c)
{
    return c == '-' || c == '/' || c == 0x2013 || c == 0x2014 || is_space_cp(c);
}

static int cls(int32_t c)
{
    return is_alnum_cp(c) ? 1 : is_space_cp(c) ? 2 : is_punct_cp(c) ? 3 : 0;
}

static int32_t next_cp(const char *s, size_t n, size_t i, int *len)
{
    int32_t c;
    int k = pc_utf8_next(s + i, n - i, &c);
    if (k <= 0) {
        *len = 1;
        return 0xFFFD;
    }
    *len = k;
    return c;
}

/* Length of the chunk at s[i]. */
static size_t chunk_len(const char *s, size_t n, size_t i)
{
    int len;
    int32_t c = next_cp(s, n, i, &len);
    int k = cls(c);
    size_t j = i + (size_t)len;
    if (!k)
        return (size_t)len;
    while (j < n) {
        c = next_cp(s, n, j, &len);
        if (cls(c) != k)
            break;
        j += (size_t)len;
    }
    return j - i;
}

static void update_state(tc *t, int32_t last)
{
    if (last < 0)
        return;
    if (last == '.' || last == '?' || last == '!' || last == ':')
        t->st = ST_AFTER_SENTENCE_PUNCT;
    else if (is_alnum_cp(last))
        t->st = ST_AFTER_WORD_CHAR;
    else if (is_space_cp(last) && t->st == ST_AFTER_SENTENCE_PUNCT)
        t->st = ST_START_SENTENCE;
    else if (is_break_cp(last))
        t->st = ST_AFTER_WORD_END;
    if (is_break_cp(last))
        t->after_hyphen = last == '-';
}

typedef struct word_info {
    bool any_upper, any_lower, all_upper, all_lower, ascii, capitalized;
    size_t cps;
} word_info;

static word_info info_of(const char *s, size_t n)
{
    word_info w = {.all_upper = true, .all_lower = true, .ascii = true, .capitalized = true};
    size_t i = 0;
    while (i < n) {
        int len;
        int32_t c = next_cp(s, n, i, &len);
        int cs = pc_unicode_case(c);
        w.any_upper |= cs > 0;
        w.any_lower |= cs < 0;
        w.all_upper &= cs > 0;
        w.all_lower &= cs < 0;
        w.ascii &= c < 128;
        if (i == 0)
            w.capitalized = cs > 0;
        else
            w.capitalized &= cs < 0;
        w.cps++;
        i += (size_t)len;
    }
    return w;
}

static void put_mapped(pc_buf *out, const char *s, size_t n, int how) /* 1 upper, -1 lower */
{
    size_t i = 0;
    while (i < n) {
        int len;
        int32_t c = next_cp(s, n, i, &len);
        int32_t m = how > 0 ? utf8proc_toupper(c) : utf8proc_tolower(c);
        if (m == c)
            pc_buf_put(out, s + i, (size_t)len);
        else
            pc_utf8_put(out, m);
        i += (size_t)len;
    }
}

/* The first letter upper, the rest lower (lower_rest) or as it is. */
static void put_capitalized(pc_buf *out, const char *s, size_t n, bool lower_rest)
{
    int len;
    int32_t c = next_cp(s, n, 0, &len);
    pc_utf8_put(out, utf8proc_toupper(c));
    if (lower_rest)
        put_mapped(out, s + len, n - (size_t)len, -1);
    else
        pc_buf_put(out, s + len, n - (size_t)len);
}

static bool is_stop_word(const char *s, size_t n)
{
    /* citeproc-js's list (its single words), and jgm/citeproc's particles */
    static const char *const stop[] = {
        "a", "about", "above", "across", "afore", "after", "against", "along", "alongside",
        "amid", "amidst", "among", "amongst", "an", "and", "anenst", "apropos", "apud",
        "around", "as", "aside", "astride", "at", "athwart", "atop", "barring", "before",
        "behind", "below", "beneath", "beside", "besides", "between", "beyond", "but", "by",
        "c", "ca", "circa", "d", "de", "despite", "down", "during", "except", "for",
        "forenenst", "from", "given", "in", "inside", "into", "l", "lest", "like", "modulo",
        "near", "next", "nor", "notwithstanding", "of", "off", "on", "onto", "or", "out",
        "over", "per", "plus", "pro", "qua", "sans", "since", "so", "than", "the", "through",
        "throughout", "thru", "thruout", "till", "to", "toward", "towards", "under",
        "underneath", "until", "unto", "up", "upon", "v", "van", "versus", "via", "von", "vs",
        "with", "within", "without", "yet", NULL};
    for (int i = 0; stop[i]; i++)
        if (strlen(stop[i]) == n && memcmp(stop[i], s, n) == 0)
            return true;
    return false;
}

/* One letter-and-digit chunk in state st; `hyphen`: a hyphen follows (the
 * word is then no stop word: "Pro-Environmental"); `lone`: a one-letter
 * chunk between a space and anything but a period (not "i.e.", "$x$"). */
static void transform_word(tc *t, tc_state st, const char *s, size_t n, bool hyphen, bool lone,
                           pc_buf *out)
{
    word_info w = info_of(s, n);
    bool mixed = w.any_upper && w.any_lower;
    bool start = st == ST_START || st == ST_START_SENTENCE;
    switch (t->tc) {
    case CP_TC_LOWER: put_mapped(out, s, n, -1); return;
    case CP_TC_UPPER: put_mapped(out, s, n, 1); return;
    case CP_TC_CAPFIRST:
        if (!mixed && st == ST_START && w.all_lower) {
            put_capitalized(out, s, n, false);
            return;
        }
        break;
    case CP_TC_CAPALL:
        if (!mixed && (start || st == ST_AFTER_WORD_END || st == ST_BEFORE_LAST_WORD) && w.all_lower) {
            put_capitalized(out, s, n, false);
            return;
        }
        break;
    case CP_TC_SENTENCE:
        if (w.capitalized && !start) {
            put_mapped(out, s, n, -1);
            return;
        }
        if ((w.capitalized || w.all_lower) && start) {
            put_capitalized(out, s, n, true);
            return;
        }
        break;
    case CP_TC_TITLE:
        if (mixed || w.all_upper)
            break;
        bool may_cap;
        /* a one-letter word ("x^2", "e-mail") is capitalized as citeproc-js
         * does, unless after a hyphen ("07-x") or not ASCII ("β-carotine") */
        may_cap = w.cps > 1 || (lone && !t->after_hyphen && (unsigned char)s[0] < 0x80);
        if (start || (st == ST_AFTER_WORD_END && (hyphen || !is_stop_word(s, n)) && may_cap) ||
            (st == ST_BEFORE_LAST_WORD && may_cap)) {
            put_capitalized(out, s, n, true);
            return;
        }
        break;
    default: break;
    }
    pc_buf_put(out, s, n);
}

static bool has_break(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        int len;
        if (is_break_cp(next_cp(s, n, i, &len)))
            return true;
        i += (size_t)len;
    }
    return false;
}

static bool rt_has_break(const cp_rt *r)
{
    if (!r)
        return false;
    if (r->kind == CP_R_TEXT)
        return has_break(r->s, r->len);
    for (uint32_t i = 0; i < r->n; i++)
        if (rt_has_break(r->kids[i]))
            return true;
    return false;
}

static bool opaque(int kind)
{
    return kind == CP_R_NOCASE || kind == CP_R_SMALLCAPS || kind == CP_R_NOSMALLCAPS ||
           kind == CP_R_SUP || kind == CP_R_SUB || kind == CP_R_BASELINE || kind == CP_R_NODECOR ||
           kind == CP_R_DIV || kind == CP_R_LINK;
}

/* A text's chunks; at level 0, before a chunk with no word break after it
 * (in the text and the rest), the state becomes "before the last word". */
static cp_rt *walk_text(tc *t, cp_rt *r, int lev, bool rest_break_after)
{
    pc_buf out = PC_BUF_INIT;
    size_t i = 0, n = r->len;
    while (i < n) {
        size_t k = chunk_len(r->s, n, i);
        if (lev == 0 && i > 0 && !rest_break_after && !has_break(r->s + i, n - i) &&
            (t->st == ST_AFTER_WORD_END || t->st == ST_START_SENTENCE || t->st == ST_START))
            t->st = ST_BEFORE_LAST_WORD;
        tc_state st = t->st;
        int len;
        int32_t first = next_cp(r->s, n, i, &len);
        /* a word right after '<' ("<script>") is kept as written, as by citeproc-js */
        if (cls(first) == 1 && i > 0 && r->s[i - 1] == '<' && t->tc == CP_TC_TITLE)
            pc_buf_put(&out, r->s + i, k);
        else if (cls(first) == 1)
            transform_word(t, st, r->s + i, k, i + k < n && r->s[i + k] == '-' && !t->after_hyphen,
                           (i == 0 || r->s[i - 1] == ' ') && (i + k >= n || r->s[i + k] != '.'), &out);
        else
            pc_buf_put(&out, r->s + i, k);
        size_t j = i + k, lp = j;
        while (lp > i && ((unsigned char)r->s[lp - 1] & 0xC0) == 0x80)
            lp--;
        if (lp > i)
            lp--;
        update_state(t, next_cp(r->s, n, lp, &len));
        i = j;
    }
    cp_rt *c = cp_rt_text(t->a, out.ptr, out.len);
    pc_buf_free(&out);
    return c;
}

static void state_from_plain(tc *t, const cp_rt *r)
{
    pc_buf_clear(&t->tmp);
    cp_rt_plain(r, &t->tmp);
    if (t->tmp.len) {
        size_t lp = t->tmp.len;
        while (lp > 0 && ((unsigned char)t->tmp.ptr[lp - 1] & 0xC0) == 0x80)
            lp--;
        if (lp > 0)
            lp--;
        int len;
        update_state(t, next_cp(t->tmp.ptr, t->tmp.len, lp, &len));
    }
}

static cp_rt *walk_node(tc *t, cp_rt *r, int lev, bool rest_break_after)
{
    if (r->kind == CP_R_TEXT)
        return walk_text(t, r, lev, rest_break_after);
    if (opaque(r->kind)) {
        state_from_plain(t, r);
        return r;
    }
    cp_rt *c = cp_alloc(t->a, sizeof *c);
    *c = *r;
    c->kids = cp_alloc(t->a, (r->n ? r->n : 1) * sizeof *c->kids);
    int nlev = r->kind == CP_R_SEQ ? lev : lev + 1;
    /* whether any kid after k has a word break: computed from the end */
    bool *after = cp_alloc(t->a, (r->n + 1) * sizeof *after);
    after[r->n] = rest_break_after;
    for (uint32_t k = r->n; k > 0; k--)
        after[k - 1] = after[k] || rt_has_break(r->kids[k - 1]);
    for (uint32_t k = 0; k < r->n; k++) {
        if (nlev == 0 && k > 0 && !after[k] &&
            (t->st == ST_AFTER_WORD_END || t->st == ST_START_SENTENCE || t->st == ST_START))
            t->st = ST_BEFORE_LAST_WORD;
        c->kids[k] = walk_node(t, r->kids[k], nlev, after[k + 1]);
    }
    return c;
}

void cp_text_case(cp_arena *a, cp_rt **r, int which)
{
    if (!*r)
        return;
    if (which == CP_TC_NOCASE) {
        *r = cp_rt_wrap(a, CP_R_NOCASE, *r);
        return;
    }
    tc t = {.a = a, .tc = which, .st = ST_START, .tmp = PC_BUF_INIT};
    *r = walk_node(&t, *r, 0, false);
    pc_buf_free(&t.tmp);
}
