/* SPDX-License-Identifier: MIT */
/* names_bibtex.c — BibTeX name lists and names from raw LaTeX (rules in
 * names_bibtex.h).  The splitting follows bibtex.web's x_format_name code
 * (von_token_found, von_name_ends_and_last_name_starts_stuff); each part
 * is then decoded with pc_latex_decode. */
#include "text/names_bibtex.h"
#include "text/names.h"
#include "text/unicode.h"

#include <stdlib.h>

/* One word of a name: raw bytes and the separator before it. */
typedef struct bword {
    const char *s;
    size_t n;
    char sep;   /* ' ' white space, '-', '~', or 0 for the first of a part */
    int comma;  /* number of depth-0 commas before this word */
} bword;

static void note(pc_bibtex_names_report *rep, const char *base, const char *at, const char *what)
{
    if (!rep)
        return;
    if (rep->n_problems++ == 0) {
        rep->first_offset = base && at >= base ? (size_t)(at - base) : 0;
        rep->first_what = what;
    }
}

/* Index of the '}' matching s[i] == '{' within [i, n), or n. */
static size_t group_end(const char *s, size_t i, size_t n)
{
    int depth = 0;
    for (; i < n; i++) {
        if (s[i] == '\\' && i + 1 < n) {
            i++;
            continue;
        }
        if (s[i] == '{')
            depth++;
        else if (s[i] == '}' && --depth == 0)
            return i;
    }
    return n;
}

int pc_bibtex_word_case(const char *s, size_t n, bool unicode)
{
    static const char *const foreign_upper[] = {"OE", "AE", "AA", "O", "L"};
    static const char *const foreign_lower[] = {"i", "j", "oe", "ae", "aa", "o", "l", "ss"};
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (pc_is_alpha(c))
            return pc_is_upper(c) ? 1 : -1;
        if (c >= 0x80 && !unicode) { /* 8-bit bibtex: no letter */
            i++;
            continue;
        }
        if (c >= 0x80) { /* extension: a UTF-8 letter decides by its case */
            int32_t cp;
            int len = pc_utf8_next(s + i, n - i, &cp);
            if (len < 1)
                return 0;
            int k = pc_unicode_case(cp);
            if (k)
                return k;
            i += (size_t)len;
            continue;
        }
        if (c != '{') {
            i++;
            continue;
        }
        size_t close = group_end(s, i, n);
        if (i + 2 < close && s[i + 1] == '\\') { /* special character */
            size_t k = i + 2, cs = k;
            while (k < close && pc_is_alpha((unsigned char)s[k]))
                k++;
            for (size_t q = 0; q < sizeof foreign_upper / sizeof *foreign_upper; q++)
                if (k - cs == strlen(foreign_upper[q]) && memcmp(s + cs, foreign_upper[q], k - cs) == 0)
                    return 1;
            for (size_t q = 0; q < sizeof foreign_lower / sizeof *foreign_lower; q++)
                if (k - cs == strlen(foreign_lower[q]) && memcmp(s + cs, foreign_lower[q], k - cs) == 0)
                    return -1;
            for (; k < close; k++)
                if (pc_is_alpha((unsigned char)s[k]))
                    return pc_is_upper((unsigned char)s[k]) ? 1 : -1;
            return 0;
        }
        i = close + 1; /* an ordinary group decides nothing */
    }
    return 0;
}

/* Splits [s, s+n) into words at depth-0 white space, '~', '-' and commas.
 * Returns the count; *out is owned by the caller. */
static size_t split_words(const char *s, size_t n, bword **out, int *n_commas)
{
    size_t count = 0, cap = 0;
    *out = NULL;
    *n_commas = 0;
    char sep = 0;
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (pc_is_space(c) || c == '~' || c == '-' || c == ',') {
            if (c == ',') {
                (*n_commas)++;
                sep = 0;
            } else if (c == '-' || (c == '~' && sep != '-')) {
                sep = (char)c; /* a hyphen or tie wins over white space next to it */
            } else if (!sep) {
                sep = ' ';
            }
            i++;
            continue;
        }
        size_t st = i;
        while (i < n) {
            c = (unsigned char)s[i];
            if (c == '{') {
                i = group_end(s, i, n);
                i = i < n ? i + 1 : n;
                continue;
            }
            if (c == '\\' && i + 1 < n) { /* \' or \~ is part of the word */
                i += 2;
                continue;
            }
            if (pc_is_space(c) || c == '~' || c == '-' || c == ',')
                break;
            i++;
        }
        PC_GROW(*out, cap, count + 1);
        bool first_of_part = count == 0 || (*out)[count - 1].comma != *n_commas;
        (*out)[count++] = (bword){s + st, i - st, first_of_part ? 0 : (sep ? sep : ' '), *n_commas};
        sep = 0;
    }
    return count;
}

static char *decode_text(const char *s, size_t n, pc_latex_report *tex)
{
    pc_buf out = PC_BUF_INIT;
    pc_latex_decode(s, n, &out, NULL, tex);
    if (!out.len) {
        pc_buf_free(&out);
        return NULL;
    }
    return pc_buf_detach(&out);
}

/* Decodes words [a, b) joined by their separators (a tie becomes a space)
 * into an owned string; NULL when empty. */
static char *decode_words(const bword *w, size_t a, size_t b, pc_latex_report *tex)
{
    if (a >= b)
        return NULL;
    if (b == a + 1) /* one word (most name parts): decoded in place, no joined copy */
        return decode_text(w[a].s, w[a].n, tex);
    pc_buf raw = PC_BUF_INIT, out = PC_BUF_INIT;
    for (size_t i = a; i < b; i++) {
        if (i > a)
            pc_buf_putc(&raw, w[i].sep == '-' ? '-' : ' ');
        pc_buf_put(&raw, w[i].s, w[i].n);
    }
    pc_latex_decode(raw.ptr, raw.len, &out, NULL, tex);
    pc_buf_free(&raw);
    if (!out.len) {
        pc_buf_free(&out);
        return NULL;
    }
    return pc_buf_detach(&out);
}

/* von/Last split of words [0, last_end) in the comma forms, and of
 * [von_start, last_end) after a von word was found in the plain form:
 * von ends after the last lower-case word before the last word. */
static size_t von_end_of(const bword *w, size_t von_start, size_t last_end)
{
    size_t von_end = last_end - 1;
    while (von_end > von_start) {
        if (pc_bibtex_word_case(w[von_end - 1].s, w[von_end - 1].n, true) < 0)
            return von_end;
        von_end--;
    }
    return von_end;
}

/* Reads the "key = value" pair at *i of [s, s+n) (value up to the next
 * comma at brace depth 0, trimmed, quotes removed) and moves *i past it.
 * False if there is no "key =" there. */
static bool next_pair(const char *s, size_t n, size_t *i, const char **key, size_t *kn,
                      const char **val, size_t *vn)
{
    size_t k = *i;
    while (k < n && pc_is_space((unsigned char)s[k]))
        k++;
    *key = s + k;
    while (k < n && (pc_is_alpha((unsigned char)s[k]) || s[k] == '-'))
        k++;
    *kn = (size_t)(s + k - *key);
    while (k < n && pc_is_space((unsigned char)s[k]))
        k++;
    if (!*kn || k >= n || s[k] != '=')
        return false;
    size_t v = k + 1, ve = v;
    int depth = 0;
    for (; ve < n; ve++) {
        if (s[ve] == '{')
            depth++;
        else if (s[ve] == '}')
            depth--;
        else if (s[ve] == ',' && depth == 0)
            break;
    }
    *val = s + v;
    *vn = ve - v;
    pc_trim(val, vn);
    if (*vn >= 2 && (*val)[0] == '"' && (*val)[*vn - 1] == '"') {
        (*val)++;
        *vn -= 2;
    }
    *i = ve + 1;
    return true;
}

static bool key_is(const char *key, size_t kn, const char *want)
{
    return kn == strlen(want) && pc_strncasecmp(key, want, kn) == 0;
}

/* What [s, s+n) is as "key = value, ...": -1 not that throughout, 1 with
 * a name key (biblatex's extended name), 0 options only (useprefix=true,
 * nosortothers=false: biblatex's per-list options, as the first "name"). */
static int pairs_kind(const char *s, size_t n)
{
    bool any_name_key = false;
    const char *key, *val;
    size_t kn, vn, i = 0;
    while (i < n) {
        if (!next_pair(s, n, &i, &key, &kn, &val, &vn))
            return -1;
        any_name_key |= key_is(key, kn, "family") || key_is(key, kn, "given") ||
                        key_is(key, kn, "prefix") || key_is(key, kn, "suffix");
    }
    return any_name_key;
}

static bool is_extended(const char *s, size_t n) { return pairs_kind(s, n) == 1; }

/* biblatex's "family=…, given=…, prefix=…, suffix=…". */
static void parse_extended(const char *s, size_t n, pc_name *out, const char *base,
                           pc_bibtex_names_report *rep)
{
    const char *key, *val;
    size_t kn, vn, i = 0;
    while (i < n && next_pair(s, n, &i, &key, &kn, &val, &vn)) {
        char **dst = key_is(key, kn, "family")   ? &out->family
                     : key_is(key, kn, "given")  ? &out->given
                     : key_is(key, kn, "prefix") ? &out->particle
                     : key_is(key, kn, "suffix") ? &out->suffix
                                                 : NULL;
        if (dst) {
            pc_free(*dst);
            *dst = decode_text(val, vn, rep ? &rep->tex : NULL);
        } else if (!key_is(key, kn, "id") && !key_is(key, kn, "useprefix") &&
                   !(kn > 2 && key[kn - 2] == '-' && key[kn - 1] == 'i')) {
            note(rep, base, key, "unknown key in an extended (key=value) name");
        }
    }
}

/* Where each part of a name's words lies: [a, b) word ranges. */
typedef struct name_parts {
    size_t first_a, first_b, von_a, von_b, last_a, last_b, jr_a, jr_b;
} name_parts;

/* "First von Last" (no comma): BibTeX's rule, with "John Smith Jr." read
 * as a suffix. */
static name_parts parts_no_comma(const bword *w, size_t k)
{
    name_parts p = {0};
    size_t last_end = k;
    /* extension: "John Smith Jr." */
    if (k >= 3 && w[k - 1].sep == ' ' && pc_name_is_suffix(w[k - 1].s, w[k - 1].n)) {
        p.jr_a = k - 1;
        p.jr_b = k;
        last_end = k - 1;
    }
    size_t von_start = 0;
    bool found = false;
    for (; last_end && von_start + 1 < last_end; von_start++)
        if (pc_bibtex_word_case(w[von_start].s, w[von_start].n, true) < 0) {
            found = true;
            break;
        }
    if (found) {
        p.von_a = von_start;
        p.von_b = von_end_of(w, von_start, last_end);
    } else {
        von_start = last_end ? last_end - 1 : 0;
        while (von_start > 0 && w[von_start].sep == '-')
            von_start--;
        p.von_a = p.von_b = von_start;
    }
    p.first_b = p.von_a;
    p.last_a = p.von_b;
    p.last_b = last_end;
    return p;
}

/* "von Last, First" and "von Last, Jr, First", with "Smith, Jr." read as
 * a suffix. */
static name_parts parts_commas(const bword *w, size_t k, int commas, pc_bibtex_names_report *rep,
                               const char *base, const char *s)
{
    name_parts p = {0};
    size_t c1 = 0, c2 = 0;
    while (c1 < k && w[c1].comma == 0)
        c1++;
    c2 = c1;
    while (c2 < k && w[c2].comma == 1)
        c2++;
    p.von_b = c1 ? von_end_of(w, 0, c1) : 0;
    p.last_a = p.von_b;
    p.last_b = c1;
    if (commas == 1) {
        p.first_a = c1;
        p.first_b = k;
        /* extension: "Smith, Jr." is a suffix, not a first name */
        if (k == c1 + 1 && pc_name_is_suffix(w[c1].s, w[c1].n)) {
            p.jr_a = c1;
            p.jr_b = k;
            p.first_a = p.first_b = k;
        }
    } else {
        if (commas > 2)
            note(rep, base, s, "too many commas in a name (the rest is the first name)");
        p.jr_a = c1;
        p.jr_b = c2;
        p.first_a = c2;
        p.first_b = k;
    }
    return p;
}

void pc_bibtex_name_parse(const char *s, size_t n, pc_name *out, const char *base,
                          pc_bibtex_names_report *rep)
{
    pc_latex_report *tex = rep ? &rep->tex : NULL;
    pc_name_clear(out);
    pc_trim(&s, &n);
    if (!n) {
        note(rep, base, s, "empty name");
        return;
    }
    /* one brace group around everything: a literal name */
    if (s[0] == '{' && group_end(s, 0, n) == n - 1 && !(n > 1 && s[1] == '\\')) {
        out->literal = decode_text(s + 1, n - 2, tex);
        return;
    }
    if (memchr(s, '=', n) && is_extended(s, n)) {
        parse_extended(s, n, out, base, rep);
        return;
    }
    bword *w;
    int commas;
    size_t k = split_words(s, n, &w, &commas);
    if (commas == 0) {
        /* extension: an organisation written without braces */
        pc_buf dec = PC_BUF_INIT;
        pc_latex_decode(s, n, &dec, NULL, NULL);
        bool org = pc_name_is_organisation(dec.ptr, dec.len);
        pc_buf_free(&dec);
        if (org) {
            out->literal = decode_text(s, n, tex);
            pc_free(w);
            return;
        }
    }
    name_parts p = commas == 0 ? parts_no_comma(w, k) : parts_commas(w, k, commas, rep, base, s);
    /* extension: lower-case words ending First after a capitalised one
     * ("la Fontaine, Jean de") are CSL's dropping particle, which our
     * writer puts there to keep it apart from the von part */
    size_t dp = p.first_b;
    /* a word joined by a hyphen is part of the given name before it
     * ("Lee, Seung-jae": bibtex's First is "Seung-jae") */
    while (commas && dp > p.first_a + 1 && w[dp - 1].sep != '-' &&
           pc_bibtex_word_case(w[dp - 1].s, w[dp - 1].n, true) < 0)
        dp--;
    bool capital = false;
    for (size_t i = p.first_a; i < dp && !capital; i++)
        capital = pc_bibtex_word_case(w[i].s, w[i].n, true) > 0;
    if (dp < p.first_b && capital) {
        out->dparticle = decode_words(w, dp, p.first_b, tex);
        p.first_b = dp;
    }
    out->given = decode_words(w, p.first_a, p.first_b, tex);
    out->particle = decode_words(w, p.von_a, p.von_b, tex);
    out->family = decode_words(w, p.last_a, p.last_b, tex);
    out->suffix = decode_words(w, p.jr_a, p.jr_b, tex);
    pc_free(w);
    if (!out->given && !out->family && !out->particle && !out->suffix)
        note(rep, base, s, "empty name");
}

void pc_bibtex_split_and(const char *s, size_t n,
                         void (*fn)(void *u, const char *item, size_t len), void *u)
{
    int depth = 0;
    size_t start = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '{')
            depth++;
        else if (c == '}' && depth > 0)
            depth--;
        if (depth || !pc_is_space((unsigned char)c))
            continue;
        /* white space, "and", white space */
        size_t j = i;
        while (j < n && pc_is_space((unsigned char)s[j]))
            j++;
        if (j + 3 < n && pc_strncasecmp(s + j, "and", 3) == 0 &&
            pc_is_space((unsigned char)s[j + 3])) {
            const char *item = s + start;
            size_t len = i - start;
            pc_trim(&item, &len);
            fn(u, item, len);
            start = j + 3;
            i = j + 2;
        } else {
            i = j - 1; /* the rest of this white space ends at j too: not again */
        }
    }
    const char *item = s + start;
    size_t len = n - start;
    pc_trim(&item, &len);
    fn(u, item, len);
}

typedef struct list_ctx {
    pc_names *list;
    const char *base;
    pc_bibtex_names_report *rep;
    size_t i; /* items seen */
} list_ctx;

static void add_one(void *u, const char *item, size_t len)
{
    list_ctx *lc = u;
    if (lc->i++ == 0 && memchr(item, '=', len) && pairs_kind(item, len) == 0) {
        note(lc->rep, lc->base, item, "biblatex name-list options (key=value before the first name) are no name: not kept");
        return;
    }
    if (len == 6 && pc_strncasecmp(item, "others", 6) == 0) {
        lc->list->et_al = true;
        return;
    }
    pc_name nm = {0};
    pc_bibtex_name_parse(item, len, &nm, lc->base, lc->rep);
    if (!nm.given && !nm.family && !nm.particle && !nm.suffix && !nm.literal) {
        pc_name_clear(&nm);
        return;
    }
    *pc_names_add(lc->list) = nm;
}

void pc_bibtex_names_parse_list(const char *s, size_t n, pc_names *list,
                                pc_bibtex_names_report *rep)
{
    const char *t = s;
    size_t tn = n;
    pc_trim(&t, &tn);
    if (!tn)
        return;
    /* "Smith, J and": a trailing "and" (at depth 0: the list does not end
     * in a brace) ends the list, where bibtex would make it a name part;
     * lower case only, here: "Ivar And" may be a name */
    if (tn > 4 && pc_is_space((unsigned char)t[tn - 4]) && memcmp(t + tn - 3, "and", 3) == 0) {
        note(rep, s, t + tn - 3, "a trailing \"and\" ends the list");
        tn -= 3;
        pc_trim(&t, &tn);
    }
    if (tn > 4 && pc_is_space((unsigned char)t[3]) && memcmp(t, "and", 3) == 0) { /* and a leading one */
        note(rep, s, t, "a leading \"and\" starts the list");
        t += 3;
        tn -= 3;
        pc_trim(&t, &tn);
    }
    list_ctx lc = {.list = list, .base = s, .rep = rep};
    pc_bibtex_split_and(t, tn, add_one, &lc);
}
