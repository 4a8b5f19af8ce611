/* SPDX-License-Identifier: MIT */
/* keyformula.c — the citation-key formula language (keyformula.h).
 *
 * Owns: the compiled tree (alternatives of sequences of terms, each term a
 * text, a function call or a group, then its filters), the two tables of
 * functions and filters (one row each: name, arguments, handler, as redis
 * declares its commands), the parser that turns a formula into the tree
 * once, pointing at the column of any error, the evaluator that runs the
 * tree on one record, and the postfix of repeated keys.
 *
 * Every handler takes time linear in its input (a word is looked at a fixed
 * number of times), so a key over a 1 MB title costs about one pass over
 * it per filter.  Nesting is bounded (KF_MAX_DEPTH), so is recursion. */
#include "model/keyformula.h"
#include "model/citekey.h"
#include "text/translit.h"
#include "text/unicode.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <utf8proc.h>

enum {
    KF_MAX_DEPTH = 16, /* nested parentheses */
    KF_MAX_ARGS = 16,  /* type(T, ...) */
    KF_MAX_PARAMS = 3, /* per row; the last one repeats up to the row's max */
};
#define KF_BIG 1000000L /* the largest count an argument may give */
#define KF_ALL (-1L)    /* an optional count not given: all */

/* ---- the tree ------------------------------------------------------------ */

typedef enum kf_argtype {
    KF_ARG_NONE = 0,
    KF_ARG_INT,   /* a whole number in [lo, hi] */
    KF_ARG_TEXT,  /* any text, bare or quoted */
    KF_ARG_TYPE,  /* a CSL type name: i is its pc_kind */
    KF_ARG_FIELD, /* a text or number field's name: i is its pc_field */
} kf_argtype;

typedef struct kf_arg {
    long i;
    char *s; /* KF_ARG_TEXT: owned, NUL-terminated */
    size_t n;
} kf_arg;

typedef struct kf_env kf_env;
/* A function appends its value for e->rec to out; false: a test failed and
 * the alternative it is in does not apply. */
typedef bool (*kf_func_fn)(kf_env *e, const kf_arg *a, size_t na, pc_buf *out);
/* A filter appends [s, s+n) changed to out (a cleared buffer). */
typedef void (*kf_filter_fn)(const kf_arg *a, const char *s, size_t n, pc_buf *out);

/* Where a function that gives its value word by word (title) is. */
typedef struct kf_words {
    const char *s; /* NULL: not started */
    size_t n, i;
} kf_words;
/* Puts the next word of the value into `word` (cleared); false at the end. */
typedef bool (*kf_words_fn)(kf_env *e, kf_words *it, pc_buf *word);

typedef struct kf_param {
    kf_argtype type;
    long lo, hi, dflt;  /* KF_ARG_INT */
    const char *dtext;  /* KF_ARG_TEXT: the default */
} kf_param;

/* One row of the function or filter table. */
typedef struct kf_spec {
    const char *name;
    unsigned char min, max; /* arguments that may be given */
    kf_param params[KF_MAX_PARAMS];
    kf_func_fn func;
    kf_filter_fn filter;
    kf_words_fn words; /* a function: its value word by word, or NULL */
    /* a filter: changes each word on its own, never into two (see
     * word_local) */
    bool word_local;
} kf_spec;

typedef struct kf_call {
    const kf_spec *spec;
    kf_arg *args; /* every parameter, defaults filled in */
    size_t nargs;
} kf_call;

typedef struct kf_alts kf_alts;

typedef enum kf_termkind { KF_TERM_NONE = 0, KF_TERM_TEXT, KF_TERM_CALL, KF_TERM_GROUP } kf_termkind;

typedef struct kf_term {
    kf_termkind kind;
    char *text; /* KF_TERM_TEXT */
    size_t text_n;
    kf_call call;   /* KF_TERM_CALL */
    kf_alts *group; /* KF_TERM_GROUP */
    kf_call *filters;
    size_t n_filters;
    /* > 0: filters[0, by_words) are word-local and end with select(start,
     * n), start >= 1: the term runs word by word and stops once select has
     * its words (eval_by_words) */
    size_t by_words;
} kf_term;

typedef struct kf_seq {
    kf_term *terms;
    size_t n;
} kf_seq;

struct kf_alts {
    kf_seq *seqs;
    size_t n;
};

struct pc_keyformula {
    kf_alts *root;
    /* scratch, reused from record to record: two buffers per nesting level
     * for a term's value and its filters, two for the functions' words, and
     * the key before it is cleaned */
    pc_buf level[2 * (KF_MAX_DEPTH + 1)];
    pc_buf word[2];
    pc_buf piece[2]; /* eval_by_words: one word through the filters */
    pc_buf result;
};

struct kf_env {
    pc_keyformula *kf;
    const pc_record *rec;
    unsigned depth;
};

/* Grows an array of n `size`-byte items so that one more fits: its
 * capacity is 4, 8, 16..., the first power of two (at least 4) >= n. */
static void *grow_one(void *items, size_t n, size_t size)
{
    if (n == 0)
        return pc_xrealloc(items, 4 * size);
    if (n < 4 || (n & (n - 1)))
        return items;
    return pc_xrealloc(items, 2 * n * size);
}

static void free_alts(kf_alts *a);

static void free_call(kf_call *c)
{
    for (size_t i = 0; i < c->nargs; i++)
        pc_free(c->args[i].s);
    pc_free(c->args);
}

static void free_term(kf_term *t)
{
    pc_free(t->text);
    free_call(&t->call);
    free_alts(t->group);
    for (size_t i = 0; i < t->n_filters; i++)
        free_call(&t->filters[i]);
    pc_free(t->filters);
}

/* Recursion as deep as the parser let the nesting be (KF_MAX_DEPTH). */
static void free_alts(kf_alts *a)
{
    if (!a)
        return;
    for (size_t i = 0; i < a->n; i++) {
        for (size_t j = 0; j < a->seqs[i].n; j++)
            free_term(&a->seqs[i].terms[j]);
        pc_free(a->seqs[i].terms);
    }
    pc_free(a->seqs);
    pc_free(a);
}

void pc_keyformula_free(pc_keyformula *kf)
{
    if (!kf)
        return;
    free_alts(kf->root);
    for (size_t i = 0; i < sizeof kf->level / sizeof *kf->level; i++)
        pc_buf_free(&kf->level[i]);
    pc_buf_free(&kf->word[0]);
    pc_buf_free(&kf->word[1]);
    pc_buf_free(&kf->piece[0]);
    pc_buf_free(&kf->piece[1]);
    pc_buf_free(&kf->result);
    pc_free(kf);
}

/* ---- text helpers ---------------------------------------------------------- */

/* The next word of [s, s+n) from *i (words are separated by ASCII white
 * space; U+00A0 joins): sets *w and returns its length, 0 at the end. */
static size_t next_word(const char *s, size_t n, size_t *i, const char **w)
{
    size_t j = *i;
    while (j < n && pc_is_space((unsigned char)s[j]))
        j++;
    size_t k = j;
    while (k < n && !pc_is_space((unsigned char)s[k]))
        k++;
    *w = s + j;
    *i = k;
    return k - j;
}

/* Appends a word, after a space unless out is empty. */
static void put_word(pc_buf *out, const char *w, size_t n)
{
    if (out->len)
        pc_buf_putc(out, ' ');
    pc_buf_put(out, w, n);
}

/* Whether [w, w+n) is a stop word in any case ("The"). */
static bool is_stop(const char *w, size_t n)
{
    char low[16];
    if (n > sizeof low)
        return false; /* longer than any stop word */
    for (size_t i = 0; i < n; i++) {
        if ((unsigned char)w[i] >= 0x80)
            return false;
        low[i] = (char)pc_to_lower((unsigned char)w[i]);
    }
    return pc_citekey_is_stopword(low, n);
}

/* Cuts b after `n` characters from `from` (KF_ALL or 0: keeps all). */
static void keep_chars(pc_buf *b, size_t from, long n)
{
    if (n <= 0)
        return;
    size_t i = from;
    for (long k = 0; i < b->len && k < n; k++)
        do
            i++;
        while (i < b->len && ((unsigned char)b->ptr[i] & 0xC0) == 0x80);
    pc_buf_truncate(b, i);
}

/* Maps each code point of [s, s+n) through fn (utf8proc_tolower, ...). */
static void map_case(const char *s, size_t n, pc_buf *out, utf8proc_int32_t (*fn)(utf8proc_int32_t),
                     bool words_only)
{
    bool start = true; /* at the start of a word */
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80 && fn == utf8proc_tolower) { /* the common case, without utf8proc */
            pc_buf_putc(out, (char)pc_to_lower(c));
            i++;
            continue;
        }
        int32_t cp = c;
        int len = 1;
        if (c >= 0x80 && (len = pc_utf8_next(s + i, n - i, &cp)) < 0) {
            i++;
            continue;
        }
        bool space = c < 0x80 && pc_is_space(c);
        int32_t m = !words_only || (start && !space) ? fn(cp) : cp;
        if (m < 0x80)
            pc_buf_putc(out, (char)m);
        else
            pc_utf8_put(out, m);
        start = space;
        i += (size_t)len;
    }
}

/* What keep_collapsed keeps. */
typedef enum kf_keep {
    KF_KEEP_NONE = 0,
    KF_KEEP_ALL,  /* every character */
    KF_KEEP_WORD, /* letters, marks and digits of any script */
    KF_KEEP_KEY,  /* what a key may hold (pc_citekey_char) */
} kf_keep;

static bool keeps(kf_keep k, const char *s, size_t n, int32_t cp)
{
    switch (k) {
    case KF_KEEP_ALL: return true;
    case KF_KEEP_WORD: return cp < 0x80 ? pc_is_alnum(cp) : pc_unicode_is_word(cp);
    case KF_KEEP_KEY: return pc_citekey_char(s, n) > 0;
    case KF_KEEP_NONE: break;
    }
    return false;
}

/* Keeps the characters of b from `from` on that `k` keeps, with the ASCII
 * white space between them as single spaces, none at the ends; in place
 * (what is kept is never longer than what was there). */
static void keep_collapsed(pc_buf *b, size_t from, kf_keep k)
{
    char *s = b->ptr;
    size_t n = b->len, o = from;
    bool pending = false;
    for (size_t i = from; i < n;) {
        unsigned char c = (unsigned char)s[i];
        int32_t cp = c;
        int len = 1;
        if (c >= 0x80 && (len = pc_utf8_next(s + i, n - i, &cp)) < 0) {
            i++;
            continue;
        }
        if (c < 0x80 && pc_is_space(c)) {
            pending = o > from;
        } else if (keeps(k, s + i, (size_t)len, cp)) {
            if (pending)
                s[o++] = ' ';
            pending = false;
            memmove(s + o, s + i, (size_t)len);
            o += (size_t)len;
        }
        i += (size_t)len;
    }
    pc_buf_truncate(b, o);
}

/* Punctuation goes, dashes become `dash` (Better BibTeX's nopunct: the
 * categories Ps Pe Pi Pf Po; Pd and U+2500, U+FF0D for dashes; '_' (Pc)
 * stays). */
static void put_nopunct(const char *s, size_t n, const char *dash, size_t dash_n, pc_buf *out)
{
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        int32_t cp = c;
        int len = 1;
        if (pc_is_alnum(c) || c == ' ') { /* most of a title, without utf8proc */
            pc_buf_putc(out, (char)c);
            i++;
            continue;
        }
        if (c >= 0x80 && (len = pc_utf8_next(s + i, n - i, &cp)) < 0) {
            i++;
            continue;
        }
        switch (utf8proc_category(cp)) {
        case UTF8PROC_CATEGORY_PD: pc_buf_put(out, dash, dash_n); break;
        case UTF8PROC_CATEGORY_PS: case UTF8PROC_CATEGORY_PE: case UTF8PROC_CATEGORY_PI:
        case UTF8PROC_CATEGORY_PF: case UTF8PROC_CATEGORY_PO: break;
        default:
            if (cp == 0x2500)
                pc_buf_put(out, dash, dash_n);
            else
                pc_buf_put(out, s + i, (size_t)len);
        }
        i += (size_t)len;
    }
}

/* ---- functions: what a record gives -------------------------------------- */

/* The first word of an organisation's name that a key takes: the first
 * that keeps a letter or digit folded to ASCII and is not a stop word
 * (today's rule: "The ATLAS Collaboration" gives ATLAS), without its math. */
static void org_word(kf_env *e, const char *name, pc_buf *out)
{
    pc_buf *raw = &e->kf->word[0], *folded = &e->kf->word[1];
    size_t n = strlen(name), i = 0, wn;
    const char *w;
    while ((wn = next_word(name, n, &i, &w)) > 0) {
        pc_buf_clear(raw);
        pc_citekey_word_pieces(w, wn, raw, pc_buf_put);
        pc_buf_clear(folded);
        pc_citekey_put_folded(folded, raw->ptr, raw->len);
        if (folded->len && !pc_citekey_is_stopword(folded->ptr, folded->len)) {
            pc_buf_put(out, raw->ptr, raw->len);
            return;
        }
    }
}

/* The name a key takes for a person: the family name (no particle); for an
 * organisation its word (org_word); for a name with only a given name, that. */
static void name_word(kf_env *e, const pc_name *nm, pc_buf *out)
{
    if (nm->literal)
        org_word(e, nm->literal, out);
    else if (nm->family)
        pc_buf_puts(out, nm->family);
    else if (nm->given)
        pc_buf_puts(out, nm->given);
}

/* auth(n, m): the m-th author's name (name_word), its first n characters (0: all) */
static bool fn_auth(kf_env *e, const kf_arg *a, size_t na, pc_buf *out)
{
    (void)na;
    if ((size_t)a[1].i > pc_record_n_authors(e->rec))
        return true;
    size_t start = out->len;
    name_word(e, pc_record_author(e->rec, (size_t)a[1].i - 1), out);
    keep_chars(out, start, a[0].i);
    return true;
}

/* family: the first author's family name, nothing else (empty for an
 * organisation or a name without one) */
static bool fn_family(kf_env *e, const kf_arg *a, size_t na, pc_buf *out)
{
    (void)a, (void)na;
    if (!pc_record_n_authors(e->rec))
        return true;
    const pc_name *nm = pc_record_author(e->rec, 0);
    if (!nm->literal && nm->family)
        pc_buf_puts(out, nm->family);
    return true;
}

/* authors(n): the names of the first n authors (0: all), then EtAl when
 * there are more */
static bool fn_authors(kf_env *e, const kf_arg *a, size_t na, pc_buf *out)
{
    (void)na;
    size_t total = pc_record_n_authors(e->rec), n = total;
    if (a[0].i > 0 && (size_t)a[0].i < total)
        n = (size_t)a[0].i;
    for (size_t i = 0; i < n; i++) {
        if (i)
            pc_buf_putc(out, ' ');
        name_word(e, pc_record_author(e->rec, i), out);
    }
    if (n < total)
        pc_buf_puts(out, " EtAl");
    return true;
}

/* authEtAl: one author's name, two names, or the first and EtAl */
static bool fn_authetal(kf_env *e, const kf_arg *a, size_t na, pc_buf *out)
{
    (void)a, (void)na;
    size_t total = pc_record_n_authors(e->rec);
    if (!total)
        return true;
    name_word(e, pc_record_author(e->rec, 0), out);
    if (total == 2) {
        pc_buf_putc(out, ' ');
        name_word(e, pc_record_author(e->rec, 1), out);
    } else if (total > 2) {
        pc_buf_puts(out, " EtAl");
    }
    return true;
}

/* authIni(n): the first n characters of every author's name, joined with . */
static bool fn_authini(kf_env *e, const kf_arg *a, size_t na, pc_buf *out)
{
    (void)na;
    size_t total = pc_record_n_authors(e->rec);
    for (size_t i = 0; i < total; i++) {
        size_t start = out->len;
        if (start)
            pc_buf_putc(out, '.');
        size_t from = out->len;
        name_word(e, pc_record_author(e->rec, i), out);
        if (out->len == from)
            pc_buf_truncate(out, start); /* a name with nothing to take */
        else
            keep_chars(out, from, a[0].i);
    }
    return true;
}

static const pc_date *issued(const kf_env *e)
{
    const pc_date *d = pc_record_date(e->rec, PC_F_ISSUED);
    return d && d->year > 0 ? d : NULL; /* a year BC gives nothing, as today */
}

static bool fn_year(kf_env *e, const kf_arg *a, size_t na, pc_buf *out)
{
    (void)a, (void)na;
    const pc_date *d = issued(e);
    if (d)
        pc_buf_put_int(out, d->year, 1);
    return true;
}

static bool fn_shortyear(kf_env *e, const kf_arg *a, size_t na, pc_buf *out)
{
    (void)a, (void)na;
    const pc_date *d = issued(e);
    if (d)
        pc_buf_put_int(out, d->year % 100, 2);
    return true;
}

static bool fn_month(kf_env *e, const kf_arg *a, size_t na, pc_buf *out)
{
    (void)a, (void)na;
    static const char months[12][4] = {"jan", "feb", "mar", "apr", "may", "jun",
                                       "jul", "aug", "sep", "oct", "nov", "dec"};
    const pc_date *d = issued(e);
    if (d && d->month >= 1 && d->month <= 12)
        pc_buf_puts(out, months[d->month - 1]);
    return true;
}

/* The title's significant words, one by one: each word without its math
 * and punctuation, stop words left out. */
static bool title_next(kf_env *e, kf_words *it, pc_buf *word)
{
    if (!it->s) {
        it->s = pc_record_get(e->rec, PC_F_TITLE);
        if (!it->s)
            return false;
        it->n = strlen(it->s);
    }
    pc_buf *raw = &e->kf->word[0];
    size_t wn;
    const char *w;
    while ((wn = next_word(it->s, it->n, &it->i, &w)) > 0) {
        pc_buf_clear(raw);
        pc_citekey_word_pieces(w, wn, raw, pc_buf_put);
        pc_buf_clear(word);
        put_nopunct(raw->ptr, raw->len, "", 0, word);
        if (word->len && !is_stop(word->ptr, word->len))
            return true;
    }
    return false;
}

/* At most `max` (KF_ALL: all) of the title's words (title_next), the first
 * `caps` with a capital first letter; joined with spaces. */
static void title_words(kf_env *e, long max, long caps, pc_buf *out)
{
    kf_words it = {.s = NULL};
    pc_buf *word = &e->kf->word[1];
    for (long taken = 0; taken != max && title_next(e, &it, word); taken++) {
        if (out->len)
            pc_buf_putc(out, ' ');
        if (taken < caps)
            map_case(word->ptr, word->len, out, utf8proc_totitle, true);
        else
            pc_buf_put(out, word->ptr, word->len);
    }
}

static bool fn_title(kf_env *e, const kf_arg *a, size_t na, pc_buf *out)
{
    (void)a, (void)na;
    title_words(e, KF_ALL, 0, out);
    return true;
}

/* shorttitle(n, m) and veryshorttitle(n, m): n words, m capitalised */
static bool fn_shorttitle(kf_env *e, const kf_arg *a, size_t na, pc_buf *out)
{
    (void)na;
    title_words(e, a[0].i, a[1].i, out);
    return true;
}

/* journal: the journal's abbreviation, else its title */
static bool fn_journal(kf_env *e, const kf_arg *a, size_t na, pc_buf *out)
{
    (void)a, (void)na;
    const char *j = pc_record_get(e->rec, PC_F_CONTAINER_TITLE_SHORT);
    if (!j)
        j = pc_record_get(e->rec, PC_F_CONTAINER_TITLE);
    if (j)
        pc_buf_puts(out, j);
    return true;
}

/* firstpage: the pages up to the first '-', en dash, ',' or space */
static bool fn_firstpage(kf_env *e, const kf_arg *a, size_t na, pc_buf *out)
{
    (void)a, (void)na;
    const char *p = pc_record_get(e->rec, PC_F_PAGE);
    if (!p)
        return true;
    size_t k = 0;
    while (p[k] && p[k] != '-' && p[k] != ',' && !pc_is_space((unsigned char)p[k]) &&
           strncmp(p + k, "\xE2\x80\x93", 3) != 0)
        k++;
    pc_buf_put(out, p, k);
    return true;
}

/* type: the CSL type; type(T, ...): a test, the alternative applies only
 * to a record of one of these types */
static bool fn_type(kf_env *e, const kf_arg *a, size_t na, pc_buf *out)
{
    if (!na) {
        if (e->rec->kind != PC_KIND_NONE)
            pc_buf_puts(out, pc_kind_name(e->rec->kind));
        return true;
    }
    for (size_t i = 0; i < na; i++)
        if (a[i].i == (long)e->rec->kind)
            return true;
    return false;
}

/* field(NAME): a text or number field as the record holds it */
static bool fn_field(kf_env *e, const kf_arg *a, size_t na, pc_buf *out)
{
    (void)na;
    const char *v = pc_record_get(e->rec, (pc_field)a[0].i);
    if (v)
        pc_buf_puts(out, v);
    return true;
}

/* ---- filters: what changes the text before them -------------------------- */

static void f_lower(const kf_arg *a, const char *s, size_t n, pc_buf *out)
{
    (void)a;
    map_case(s, n, out, utf8proc_tolower, false);
}

static void f_upper(const kf_arg *a, const char *s, size_t n, pc_buf *out)
{
    (void)a;
    map_case(s, n, out, utf8proc_toupper, false);
}

static void f_capitalize(const kf_arg *a, const char *s, size_t n, pc_buf *out)
{
    (void)a;
    map_case(s, n, out, utf8proc_totitle, true);
}

/* ascii: Latin letters without their marks, the rest dropped */
static void f_ascii(const kf_arg *a, const char *s, size_t n, pc_buf *out)
{
    (void)a;
    size_t from = out->len;
    pc_translit_ascii(out, s, n);
    keep_collapsed(out, from, KF_KEEP_ALL);
}

static void f_transliterate(const kf_arg *a, const char *s, size_t n, pc_buf *out)
{
    (void)a;
    pc_translit(out, s, n);
}

/* alphanum: letters, marks and digits of any script */
static void f_alphanum(const kf_arg *a, const char *s, size_t n, pc_buf *out)
{
    (void)a;
    size_t from = out->len;
    pc_buf_put(out, s, n);
    keep_collapsed(out, from, KF_KEEP_WORD);
}

/* clean: transliterate, then only what a key may hold */
static void f_clean(const kf_arg *a, const char *s, size_t n, pc_buf *out)
{
    (void)a;
    size_t from = out->len;
    pc_translit(out, s, n);
    keep_collapsed(out, from, KF_KEEP_KEY);
}

static void f_nopunct(const kf_arg *a, const char *s, size_t n, pc_buf *out)
{
    put_nopunct(s, n, a[0].s, a[0].n, out);
}

static void f_skipwords(const kf_arg *a, const char *s, size_t n, pc_buf *out)
{
    (void)a;
    size_t i = 0, wn;
    const char *w;
    while ((wn = next_word(s, n, &i, &w)) > 0)
        if (!is_stop(w, wn))
            put_word(out, w, wn);
}

/* substring(start, n): n characters (all) from the start-th (1-based) */
static void f_substring(const kf_arg *a, const char *s, size_t n, pc_buf *out)
{
    size_t i = 0;
    for (long k = 1; i < n && k < a[0].i; k++)
        do
            i++;
        while (i < n && ((unsigned char)s[i] & 0xC0) == 0x80);
    size_t from = out->len;
    pc_buf_put(out, s + i, n - i);
    if (a[1].i == 0)
        pc_buf_truncate(out, from);
    keep_chars(out, from, a[1].i);
}

/* condense(sep): runs of white space become sep, none at the ends */
static void f_condense(const kf_arg *a, const char *s, size_t n, pc_buf *out)
{
    size_t i = 0, wn;
    const char *w;
    bool first = true;
    while ((wn = next_word(s, n, &i, &w)) > 0) {
        if (!first)
            pc_buf_put(out, a[0].s, a[0].n);
        pc_buf_put(out, w, wn);
        first = false;
    }
}

/* select(start, n): n words (all) from the start-th (1-based; -1 the last) */
static void f_select(const kf_arg *a, const char *s, size_t n, pc_buf *out)
{
    size_t i = 0, wn, count = 0;
    const char *w;
    long start = a[0].i;
    if (start < 0) { /* from the end: count the words first */
        while (next_word(s, n, &i, &w) > 0)
            count++;
        start = (long)count + start + 1;
        i = 0;
        if (start < 1)
            start = 1;
    }
    if (start == 0)
        start = 1;
    long k = 0, taken = 0;
    while (taken != a[1].i && (wn = next_word(s, n, &i, &w)) > 0)
        if (++k >= start) {
            put_word(out, w, wn);
            taken++;
        }
}

/* codepoint: the first character as u and its code point in hex (李: u674e) */
static void f_codepoint(const kf_arg *a, const char *s, size_t n, pc_buf *out)
{
    (void)a;
    int32_t cp;
    if (n && pc_utf8_next(s, n, &cp) > 0)
        pc_buf_printf(out, "u%04x", (unsigned)cp);
}

/* ---- the tables ------------------------------------------------------------ */

#define KF_INT(l, h, d) {.type = KF_ARG_INT, .lo = (l), .hi = (h), .dflt = (d)}
#define KF_TEXT(d) {.type = KF_ARG_TEXT, .dtext = (d)}

/* Sorted by name (case-insensitive): --help-style lists follow this order. */
static const kf_spec functions[] = {
    {.name = "auth", .max = 2, .params = {KF_INT(0, KF_BIG, 0), KF_INT(1, KF_BIG, 1)}, .func = fn_auth},
    {.name = "authEtAl", .func = fn_authetal},
    {.name = "authIni", .max = 1, .params = {KF_INT(1, KF_BIG, 1)}, .func = fn_authini},
    {.name = "authors", .max = 1, .params = {KF_INT(0, KF_BIG, 0)}, .func = fn_authors},
    {.name = "family", .func = fn_family},
    {.name = "field", .min = 1, .max = 1, .params = {{.type = KF_ARG_FIELD}}, .func = fn_field},
    {.name = "firstpage", .func = fn_firstpage},
    {.name = "journal", .func = fn_journal},
    {.name = "month", .func = fn_month},
    {.name = "shorttitle", .max = 2, .params = {KF_INT(1, KF_BIG, 3), KF_INT(0, KF_BIG, 0)},
     .func = fn_shorttitle},
    {.name = "shortyear", .func = fn_shortyear},
    {.name = "title", .func = fn_title, .words = title_next},
    {.name = "type", .max = KF_MAX_ARGS, .params = {{.type = KF_ARG_TYPE}}, .func = fn_type},
    {.name = "veryshorttitle", .max = 2, .params = {KF_INT(1, KF_BIG, 1), KF_INT(0, KF_BIG, 0)},
     .func = fn_shorttitle},
    {.name = "year", .func = fn_year},
};

static const kf_spec filters[] = {
    {.name = "alphanum", .filter = f_alphanum, .word_local = true},
    {.name = "ascii", .filter = f_ascii, .word_local = true},
    {.name = "capitalize", .filter = f_capitalize, .word_local = true},
    {.name = "clean", .filter = f_clean, .word_local = true},
    {.name = "codepoint", .filter = f_codepoint},
    {.name = "condense", .max = 1, .params = {KF_TEXT("")}, .filter = f_condense},
    {.name = "lower", .filter = f_lower, .word_local = true},
    {.name = "nopunct", .max = 1, .params = {KF_TEXT("-")}, .filter = f_nopunct, .word_local = true},
    {.name = "select", .max = 2, .params = {KF_INT(-KF_BIG, KF_BIG, 1), KF_INT(1, KF_BIG, KF_ALL)},
     .filter = f_select},
    {.name = "skipwords", .filter = f_skipwords, .word_local = true},
    {.name = "substring", .max = 2, .params = {KF_INT(1, KF_BIG, 1), KF_INT(0, KF_BIG, KF_ALL)},
     .filter = f_substring},
    {.name = "transliterate", .filter = f_transliterate, .word_local = true},
    {.name = "upper", .filter = f_upper, .word_local = true},
};

#define KF_COUNT(t) (sizeof t / sizeof *t)

static const kf_spec *find_spec(const kf_spec *t, size_t n, const char *name, size_t len)
{
    for (size_t i = 0; i < n; i++)
        if (pc_strncasecmp(t[i].name, name, len) == 0 && !t[i].name[len])
            return &t[i];
    return NULL;
}

/* ---- the parser ------------------------------------------------------------ */

typedef struct parser {
    const char *s;
    size_t i, n;
    unsigned depth;
    pc_keyformula_error *err;
    bool failed;
} parser;

/* Records the first error, at byte `at`. */
__attribute__((format(printf, 3, 4))) static void fail(parser *p, size_t at, const char *fmt, ...)
{
    if (p->failed)
        return;
    p->failed = true;
    p->err->col = 1 + pc_utf8_len(p->s, at);
    va_list ap;
    va_start(ap, fmt);
    pc_buf_vprintf(&p->err->msg, fmt, ap);
    va_end(ap);
}

static void skip_ws(parser *p)
{
    while (p->i < p->n && pc_is_space((unsigned char)p->s[p->i]))
        p->i++;
}

static bool eat(parser *p, char c)
{
    skip_ws(p);
    if (p->i < p->n && p->s[p->i] == c) {
        p->i++;
        return true;
    }
    return false;
}

static bool name_char(char c) { return pc_is_alnum((unsigned char)c) || c == '_'; }

/* The names of a table, for a message: "auth, authEtAl, ..." */
static void list_names(const kf_spec *t, size_t n, pc_buf *out)
{
    for (size_t i = 0; i < n; i++)
        pc_buf_printf(out, "%s%s", i ? ", " : "", t[i].name);
}

/* A quoted text at p->i ('...' or "..."; a backslash takes the next
 * character as it is) into *out (owned). */
static bool parse_quoted(parser *p, char **out, size_t *out_n)
{
    size_t at = p->i;
    char q = p->s[p->i++];
    pc_buf b = PC_BUF_INIT;
    while (p->i < p->n && p->s[p->i] != q) {
        if (p->s[p->i] == '\\' && p->i + 1 < p->n)
            p->i++;
        pc_buf_putc(&b, p->s[p->i++]);
    }
    if (p->i >= p->n) {
        pc_buf_free(&b);
        fail(p, at, "this text has no closing %c", q);
        return false;
    }
    p->i++;
    *out_n = b.len;
    *out = pc_buf_detach(&b);
    return true;
}

/* One argument's text: quoted, or bare up to ',' ')' or white space;
 * *quoted says which. */
static bool arg_text(parser *p, char **s, size_t *n, bool *quoted)
{
    *quoted = p->i < p->n && (p->s[p->i] == '"' || p->s[p->i] == '\'');
    if (*quoted)
        return parse_quoted(p, s, n);
    size_t j = p->i;
    while (j < p->n && !strchr(",()\"'|+", p->s[j]) && !pc_is_space((unsigned char)p->s[j]))
        j++;
    *n = j - p->i;
    *s = pc_xstrndup(p->s + p->i, *n);
    p->i = j;
    return true;
}

/* The parameter of argument k: the last one repeats (type(T, ...)). */
static const kf_param *param_of(const kf_spec *spec, size_t k)
{
    size_t last = 0;
    while (last + 1 < KF_MAX_PARAMS && spec->params[last + 1].type)
        last++;
    return &spec->params[k < last ? k : last];
}

/* Turns the text of argument k (at byte `at`) into what its parameter takes. */
static bool convert_arg(parser *p, const kf_spec *spec, size_t k, size_t at, kf_arg *arg)
{
    const kf_param *par = param_of(spec, k);
    const char *s = arg->s;
    if (par->type == KF_ARG_INT) {
        char *end;
        long v = strtol(s, &end, 10);
        if (!*s || *end || pc_is_space((unsigned char)*s) || v < par->lo || v > par->hi) {
            fail(p, at, "argument %zu of '%s' must be a whole number from %ld to %ld, not '%s'", k + 1,
                 spec->name, par->lo, par->hi, s);
            return false;
        }
        arg->i = v;
    } else if (par->type == KF_ARG_TYPE) {
        arg->i = (long)pc_kind_by_name(s, arg->n);
        if (arg->i == PC_KIND_NONE) {
            fail(p, at, "unknown type '%s' (a CSL type: article-journal, book, chapter, paper-conference, "
                 "report, thesis, ...)", s);
            return false;
        }
    } else if (par->type == KF_ARG_FIELD) {
        pc_field f = pc_field_by_name(s, arg->n);
        const pc_field_info *fi = pc_field_get(f);
        if (!fi) {
            fail(p, at, "unknown field '%s' (a field's CSL name: publisher, volume, DOI, ...)", s);
            return false;
        }
        if (fi->kind != PC_FK_TEXT && fi->kind != PC_FK_NUMBER) {
            fail(p, at, "'%s' is not a text field (for names use auth, authors, ...; for the date, year)",
                 s);
            return false;
        }
        arg->i = (long)f;
    }
    return true;
}

/* Reads the arguments after '(' into c; the defaults fill in the rest. */
static bool parse_args(parser *p, kf_call *c, size_t name_at)
{
    const kf_spec *spec = c->spec;
    bool list = spec->max > KF_MAX_PARAMS; /* type(T, ...): no defaults */
    size_t given = 0;
    c->args = pc_xcalloc(list ? spec->max : KF_MAX_PARAMS, sizeof *c->args);
    if (eat(p, '(') && !eat(p, ')')) {
        do {
            skip_ws(p);
            size_t at = p->i;
            if (given == spec->max) {
                if (spec->max)
                    fail(p, at, "'%s' takes at most %u argument%s", spec->name, spec->max,
                         spec->max == 1 ? "" : "s");
                else
                    fail(p, at, "'%s' takes no arguments", spec->name);
                return false;
            }
            kf_arg *arg = &c->args[given++];
            c->nargs = given;
            bool quoted;
            if (!arg_text(p, &arg->s, &arg->n, &quoted))
                return false;
            if (!arg->n && !quoted) {
                fail(p, at, "argument %zu of '%s' is missing", given, spec->name);
                return false;
            }
            if (!convert_arg(p, spec, given - 1, at, arg))
                return false;
        } while (eat(p, ','));
        if (!eat(p, ')')) {
            fail(p, p->i, "expected ',' or ')' after argument %zu of '%s'", given, spec->name);
            return false;
        }
    }
    if (given < spec->min) {
        fail(p, name_at, "'%s' needs %u argument%s", spec->name, spec->min, spec->min == 1 ? "" : "s");
        return false;
    }
    for (size_t k = given; !list && k < spec->max; k++) {
        const kf_param *par = &spec->params[k];
        c->args[k].i = par->dflt;
        if (par->type == KF_ARG_TEXT) {
            c->args[k].s = pc_xstrdup(par->dtext);
            c->args[k].n = strlen(par->dtext);
        }
        c->nargs = k + 1;
    }
    return true;
}

/* A function (filter = false) or a filter name at p->i, and its arguments. */
static bool parse_call(parser *p, bool filter, kf_call *c)
{
    size_t at = p->i, j = p->i;
    while (j < p->n && name_char(p->s[j]))
        j++;
    const kf_spec *own = filter ? filters : functions, *other = filter ? functions : filters;
    size_t n_own = filter ? KF_COUNT(filters) : KF_COUNT(functions);
    size_t n_other = filter ? KF_COUNT(functions) : KF_COUNT(filters);
    c->spec = find_spec(own, n_own, p->s + at, j - at);
    if (!c->spec) {
        int len = (int)(j - at);
        const char *name = p->s + at;
        if (find_spec(other, n_other, name, j - at) && filter)
            fail(p, at, "'%.*s' is a function, not a filter: join it with +", len, name);
        else if (find_spec(other, n_other, name, j - at))
            fail(p, at, "'%.*s' is a filter: put it after a value (auth.%.*s)", len, name, len, name);
        else {
            pc_buf names = PC_BUF_INIT;
            list_names(own, n_own, &names);
            fail(p, at, "unknown %s '%.*s' (%s)", filter ? "filter" : "function", len, p->s + at,
                 names.ptr);
            pc_buf_free(&names);
        }
        return false;
    }
    p->i = j;
    return parse_args(p, c, at);
}

static kf_alts *parse_alts(parser *p);

/* The first part of a term: a text, a function, or a group in parentheses. */
static bool parse_primary(parser *p, kf_term *t)
{
    skip_ws(p);
    size_t at = p->i;
    char c = at < p->n ? p->s[at] : '\0';
    if (c == '"' || c == '\'') {
        t->kind = KF_TERM_TEXT;
        return parse_quoted(p, &t->text, &t->text_n);
    }
    if (c == '(') {
        if (p->depth == KF_MAX_DEPTH) {
            fail(p, at, "parentheses nested more than %d deep", KF_MAX_DEPTH);
            return false;
        }
        p->i++;
        p->depth++;
        t->kind = KF_TERM_GROUP;
        t->group = parse_alts(p);
        p->depth--;
        if (!t->group)
            return false;
        if (!eat(p, ')')) {
            fail(p, p->i, "expected ')' to close the '(' at column %zu", 1 + pc_utf8_len(p->s, at));
            return false;
        }
        return true;
    }
    if (pc_is_alpha((unsigned char)c)) {
        t->kind = KF_TERM_CALL;
        return parse_call(p, false, &t->call);
    }
    if (c == '[')
        fail(p, at, "Better BibTeX's old syntax ([auth:lower][year]) is not read: write auth.lower + year");
    else if (at >= p->n)
        fail(p, at, "the formula ends where a function, a \"text\" or '(' should be");
    else
        fail(p, at, "expected a function, a \"text\" or '(' here, not '%c'", c);
    return false;
}

/* Whether a filter call changes each word on its own: a word-local row,
 * and nopunct's dash without white space (which would split a word). */
static bool word_local(const kf_call *c)
{
    if (!c->spec->word_local)
        return false;
    for (size_t i = 0; i < c->nargs; i++)
        for (size_t j = 0; j < c->args[i].n; j++)
            if (pc_is_space((unsigned char)c->args[i].s[j]))
                return false;
    return true;
}

/* Sets t->by_words when its filters start with word-local ones and then
 * select(start, n) from a start >= 1. */
static void plan_by_words(kf_term *t)
{
    for (size_t i = 0; i < t->n_filters; i++) {
        const kf_call *c = &t->filters[i];
        if (c->spec->filter == f_select) {
            if (c->args[0].i >= 1)
                t->by_words = i + 1;
            return;
        }
        if (!word_local(c))
            return;
    }
}

/* A term: its primary and the filters after it. */
static bool parse_term(parser *p, kf_term *t)
{
    if (!parse_primary(p, t))
        return false;
    while (eat(p, '.')) {
        skip_ws(p);
        if (p->i >= p->n || !pc_is_alpha((unsigned char)p->s[p->i])) {
            fail(p, p->i, "a filter's name should follow '.'");
            return false;
        }
        t->filters = grow_one(t->filters, t->n_filters, sizeof *t->filters);
        kf_call *f = &t->filters[t->n_filters++];
        *f = (kf_call){.spec = NULL};
        if (!parse_call(p, true, f))
            return false;
    }
    plan_by_words(t);
    return true;
}

static bool parse_seq(parser *p, kf_seq *seq)
{
    do {
        seq->terms = grow_one(seq->terms, seq->n, sizeof *seq->terms);
        kf_term *t = &seq->terms[seq->n++];
        *t = (kf_term){.kind = KF_TERM_NONE};
        if (!parse_term(p, t))
            return false;
    } while (eat(p, '+'));
    return true;
}

static kf_alts *parse_alts(parser *p)
{
    kf_alts *a = pc_xcalloc(1, sizeof *a);
    do {
        a->seqs = grow_one(a->seqs, a->n, sizeof *a->seqs);
        kf_seq *seq = &a->seqs[a->n++];
        *seq = (kf_seq){.n = 0};
        if (!parse_seq(p, seq)) {
            free_alts(a);
            return NULL;
        }
    } while (eat(p, '|'));
    return a;
}

pc_keyformula *pc_keyformula_compile(const char *text, pc_keyformula_error *err)
{
    *err = (pc_keyformula_error){.col = 0, .msg = PC_BUF_INIT};
    parser p = {.s = text, .n = strlen(text), .err = err};
    size_t bad;
    if (!pc_utf8_valid(text, p.n, &bad)) {
        fail(&p, bad, "not valid UTF-8");
        return NULL;
    }
    skip_ws(&p);
    if (p.i == p.n) {
        fail(&p, p.i, "the formula is empty");
        return NULL;
    }
    kf_alts *root = parse_alts(&p);
    skip_ws(&p);
    if (root && p.i < p.n) {
        if (p.s[p.i] == ')')
            fail(&p, p.i, "')' without '('");
        else
            fail(&p, p.i, "expected '+' (join), '|' (or) or '.' (a filter) here, not '%c'", p.s[p.i]);
    }
    if (p.failed) {
        free_alts(root);
        return NULL;
    }
    pc_keyformula *kf = pc_xcalloc(1, sizeof *kf);
    kf->root = root;
    for (size_t i = 0; i < sizeof kf->level / sizeof *kf->level; i++)
        pc_buf_init(&kf->level[i]);
    pc_buf_init(&kf->word[0]);
    pc_buf_init(&kf->word[1]);
    pc_buf_init(&kf->piece[0]);
    pc_buf_init(&kf->piece[1]);
    pc_buf_init(&kf->result);
    return kf;
}

/* ---- the evaluator ---------------------------------------------------------- */

static bool has_key_char(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (pc_citekey_char(s + i, n - i))
            return true;
    return false;
}

static void eval_alts(kf_env *e, const kf_alts *a, pc_buf *out);

/* Runs t's word-local filters and its select on one word at a time, from
 * the function's word iterator or from the words of `value`, into out;
 * stops once select has its words.  The same as the filters over the
 * whole text: none of them makes a word of two or two of one. */
static void eval_by_words(kf_env *e, const kf_term *t, const pc_buf *value, pc_buf *out)
{
    const kf_call *sel = &t->filters[t->by_words - 1];
    long start = sel->args[0].i, want = sel->args[1].i, seen = 0, taken = 0;
    kf_words_fn next = t->kind == KF_TERM_CALL ? t->call.spec->words : NULL;
    kf_words it = {.s = NULL};
    size_t i = 0, wn;
    const char *w;
    pc_buf *a = &e->kf->piece[0], *b = &e->kf->piece[1];
    while (taken != want) {
        if (next) {
            if (!next(e, &it, a))
                break;
        } else {
            if ((wn = next_word(value->ptr, value->len, &i, &w)) == 0)
                break;
            pc_buf_clear(a);
            pc_buf_put(a, w, wn);
        }
        for (size_t f = 0; f + 1 < t->by_words && a->len; f++) {
            pc_buf_clear(b);
            t->filters[f].spec->filter(t->filters[f].args, a->ptr, a->len, b);
            pc_buf tmp = *a;
            *a = *b;
            *b = tmp;
        }
        if (a->len && ++seen >= start) {
            put_word(out, a->ptr, a->len);
            taken++;
        }
    }
}

/* A term's value before its filters into v; false when a test failed. */
static bool term_value(kf_env *e, const kf_term *t, pc_buf *v)
{
    switch (t->kind) {
    case KF_TERM_TEXT: pc_buf_put(v, t->text, t->text_n); break;
    case KF_TERM_CALL: return t->call.spec->func(e, t->call.args, t->call.nargs, v);
    case KF_TERM_GROUP:
        e->depth++;
        eval_alts(e, t->group, v);
        e->depth--;
        break;
    case KF_TERM_NONE: break;
    }
    return true;
}

/* Appends a term's value, filtered; false when a test in it failed. */
static bool eval_term(kf_env *e, const kf_term *t, pc_buf *out)
{
    pc_buf *v = &e->kf->level[2 * e->depth], *w = v + 1;
    pc_buf_clear(v);
    size_t first = 0; /* the first filter still to run */
    if (t->by_words && t->kind == KF_TERM_CALL && t->call.spec->words) {
        eval_by_words(e, t, NULL, v); /* the function's words, as they come */
        first = t->by_words;
    } else {
        if (!term_value(e, t, v))
            return false;
        if (t->by_words) {
            pc_buf_clear(w);
            eval_by_words(e, t, v, w);
            pc_buf tmp = *v;
            *v = *w;
            *w = tmp;
            first = t->by_words;
        }
    }
    for (size_t i = first; i < t->n_filters; i++) {
        pc_buf_clear(w);
        t->filters[i].spec->filter(t->filters[i].args, v->ptr, v->len, w);
        pc_buf tmp = *v;
        *v = *w;
        *w = tmp;
    }
    pc_buf_put(out, v->ptr, v->len);
    return true;
}

/* The first alternative whose tests pass and that gives a character a key
 * may hold; nothing if none does. */
static void eval_alts(kf_env *e, const kf_alts *a, pc_buf *out)
{
    for (size_t i = 0; i < a->n; i++) {
        size_t mark = out->len;
        bool ok = true;
        for (size_t j = 0; j < a->seqs[i].n && ok; j++)
            ok = eval_term(e, &a->seqs[i].terms[j], out);
        if (ok && has_key_char(out->ptr + mark, out->len - mark))
            return;
        pc_buf_truncate(out, mark);
    }
}

void pc_keyformula_eval(pc_keyformula *kf, const pc_record *rec, pc_buf *out)
{
    kf_env e = {.kf = kf, .rec = rec};
    pc_buf *r = &kf->result;
    pc_buf_clear(r);
    eval_alts(&e, kf->root, r);
    for (size_t i = 0; i < r->len;) { /* only what a key may hold */
        size_t j = i;
        while (j < r->len && pc_is_alnum((unsigned char)r->ptr[j]))
            j++;
        if (j > i) { /* a run of ASCII letters and digits at once */
            pc_buf_put(out, r->ptr + i, j - i);
            i = j;
            continue;
        }
        size_t k = pc_citekey_char(r->ptr + i, r->len - i);
        if (k) {
            pc_buf_put(out, r->ptr + i, k);
            i += k;
        } else {
            do
                i++;
            while (i < r->len && ((unsigned char)r->ptr[i] & 0xC0) == 0x80);
        }
    }
}

/* ---- the postfix ------------------------------------------------------------- */

struct pc_keypostfix {
    char *before, *after;
    char kind; /* 'a', 'A' or 'n' */
};

pc_keypostfix *pc_keypostfix_compile(const char *text, pc_keyformula_error *err)
{
    *err = (pc_keyformula_error){.col = 0, .msg = PC_BUF_INIT};
    parser p = {.s = text, .n = strlen(text), .err = err};
    size_t place = 0, bad;
    char kind = 0;
    if (!pc_utf8_valid(text, p.n, &bad))
        fail(&p, bad, "not valid UTF-8");
    for (size_t i = 0; i < p.n && !p.failed;) {
        if (text[i] == '%' && i + 1 < p.n && strchr("aAn", text[i + 1])) {
            if (kind)
                fail(&p, i, "a second %%%c: the postfix holds one of %%a, %%A and %%n", text[i + 1]);
            kind = text[i + 1];
            place = i;
            i += 2;
            continue;
        }
        size_t k = pc_citekey_char(text + i, p.n - i);
        if (!k && text[i] == '%')
            fail(&p, i, "'%%' must be followed by a, A or n");
        else if (!k)
            fail(&p, i, "a key cannot hold this character");
        i += k;
    }
    if (!p.failed && !kind)
        fail(&p, p.n, "the postfix needs one of %%a (a, b, c...), %%A (A, B, C...) or %%n (1, 2, 3...)");
    if (p.failed)
        return NULL;
    pc_keypostfix *pf = pc_xcalloc(1, sizeof *pf);
    pf->before = pc_xstrndup(text, place);
    pf->after = pc_xstrdup(text + place + 2);
    pf->kind = kind;
    return pf;
}

void pc_keypostfix_free(pc_keypostfix *pf)
{
    if (!pf)
        return;
    pc_free(pf->before);
    pc_free(pf->after);
    pc_free(pf);
}

void pc_keypostfix_put(const pc_keypostfix *pf, pc_buf *out, unsigned long k)
{
    char kind = pf ? pf->kind : 'a';
    if (pf)
        pc_buf_puts(out, pf->before);
    if (kind == 'n') {
        pc_buf_printf(out, "%lu", k);
    } else { /* 1 -> a, 26 -> z, 27 -> aa */
        char tmp[16];
        size_t n = 0;
        while (k > 0 && n < sizeof tmp) {
            k--;
            tmp[n++] = (char)((kind == 'A' ? 'A' : 'a') + k % 26);
            k /= 26;
        }
        while (n)
            pc_buf_putc(out, tmp[--n]);
    }
    if (pf)
        pc_buf_puts(out, pf->after);
}
