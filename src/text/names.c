/* SPDX-License-Identifier: MIT */
/* names.c — name and author-list parsing (see names.h for the rules). */
#include "text/names.h"
#include "text/unicode.h"

#include <stdlib.h>

typedef struct tok {
    const char *s;
    size_t n;
} tok;

static const char *const suffixes[] = {"Jr", "Jr.", "Sr", "Sr.", "Jnr", "Jnr.", "Snr", "Snr.",
                                       "II", "III", "IV", "2nd", "3rd", "Junior", "Senior"};

static const char *const cap_particles[] = {"Van", "Von", "Der", "Den", "Dos", "Das", "Del", "Della",
                                            "De", "Di", "Da", "Du", "La", "Le", "Ten", "Ter", "Zu",
                                            "Vander"};

/* Words that make a name an organisation (compared case-insensitively),
 * with their lengths so the check needs no strlen per word.  Sorted by
 * their lower-cased bytes (a prefix first) for the binary search in
 * is_org_word: every word of every name is looked up. */
#define W(s) {s, sizeof s - 1}
static const struct {
    const char *w;
    size_t n;
} org_words[] = {
    W("AG"), W("Agency"), W("Alliance"), W("Association"), W("Authority"), W("Board"),
    W("Bureau"), W("Center"), W("Centre"), W("Collaboration"), W("Collaborations"),
    W("Collective"), W("Committee"), W("Community"), W("Consortium"), W("Contributors"),
    W("Corp"), W("Corporation"), W("Council"), W("Department"), W("Developers"),
    W("Federation"), W("Foundation"), W("GmbH"), W("Group"), W("Groups"), W("Inc"), W("Inc."),
    W("Initiative"), W("Institute"), W("Laboratories"), W("Laboratory"), W("LLC"), W("Ltd"),
    W("Ltd."), W("Ministry"), W("Network"), W("Observatory"), W("Office"), W("Organisation"),
    W("Organization"), W("Partnership"), W("Programme"), W("Project"), W("Society"),
    W("Taskforce"), W("Team"), W("Union"), W("University"),
};
#undef W

static bool tok_in(tok t, const char *const *list, size_t count, bool nocase)
{
    for (size_t i = 0; i < count; i++)
        if (strlen(list[i]) == t.n &&
            (nocase ? pc_strncasecmp(t.s, list[i], t.n) == 0 : memcmp(t.s, list[i], t.n) == 0))
            return true;
    return false;
}

bool pc_name_is_suffix(const char *s, size_t n)
{
    /* every suffix is 2..6 bytes and starts with J, S, I or a digit: most
     * words are out after two tests (this runs for every name and word) */
    if (n < 2 || n > 6 || !(s[0] == 'J' || s[0] == 'S' || s[0] == 'I' || pc_is_digit((unsigned char)s[0])))
        return false;
    tok t = {s, n};
    return tok_in(t, suffixes, sizeof suffixes / sizeof *suffixes, false);
}

/* Length of a word separator at s[i]: white space or a no-break space
 * (a decoded "~", which BibTeX also reads as a separator); 0 if none. */
static size_t sep_len(const char *s, size_t i, size_t n)
{
    if (pc_is_space((unsigned char)s[i]))
        return 1;
    if (i + 1 < n && (unsigned char)s[i] == 0xC2 && (unsigned char)s[i + 1] == 0xA0)
        return 2;
    return 0;
}

/* True if [s, s+n) holds white space (a word separator but the no-break
 * space, which starts with 0xC2). */
static bool has_separator(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (pc_is_space((unsigned char)s[i]))
            return true;
    return false;
}

/* Splits on white space and no-break spaces. */
static size_t tokenize(const char *s, size_t n, tok **out)
{
    size_t count = 0, cap = 0;
    *out = NULL;
    size_t i = 0;
    while (i < n) {
        size_t k;
        while (i < n && (k = sep_len(s, i, n)) > 0)
            i += k;
        size_t st = i;
        while (i < n && !sep_len(s, i, n))
            i++;
        if (i > st) {
            PC_GROW(*out, cap, count + 1);
            (*out)[count++] = (tok){s + st, i - st};
        }
    }
    return count;
}

/* Case of a word as BibTeX sees it: its first letter. */
static int tok_case(tok t)
{
    for (size_t i = 0; i < t.n;) {
        int32_t cp;
        int len = pc_utf8_next(t.s + i, t.n - i, &cp);
        if (len < 1)
            return 0;
        int c = pc_unicode_case(cp);
        if (c)
            return c;
        i += (size_t)len;
    }
    return 0;
}

/* The order of org_words: lower-cased bytes, then length. */
static int org_cmp(const char *a, size_t an, const char *b, size_t bn)
{
    for (size_t i = 0; i < an && i < bn; i++) {
        int d = pc_to_lower((unsigned char)a[i]) - pc_to_lower((unsigned char)b[i]);
        if (d)
            return d;
    }
    return an < bn ? -1 : an > bn;
}

/* The first letters of org_words, lower-cased, and their longest length
 * (tests/data/names.tsv has a row for every word, so a letter or a length
 * missing here fails the unit test): most words of a name are out after
 * these two tests, before the binary search. */
#define LETTER(c) (1u << ((c) - 'a'))
enum {
    ORG_FIRST = LETTER('a') | LETTER('b') | LETTER('c') | LETTER('d') | LETTER('f') | LETTER('g') |
                LETTER('i') | LETTER('l') | LETTER('m') | LETTER('n') | LETTER('o') | LETTER('p') |
                LETTER('s') | LETTER('t') | LETTER('u'),
    ORG_LONGEST = 14 /* "Collaborations" */
};
#undef LETTER

static bool is_org_word(const char *w, size_t n)
{
    unsigned first = n ? (unsigned)pc_to_lower((unsigned char)w[0]) - 'a' : 26;
    if (first >= 26 || !(ORG_FIRST & (1u << first)))
        return false;
    while (n && (w[n - 1] == ',' || w[n - 1] == '\0' || w[n - 1] == ';' || w[n - 1] == ':' || w[n - 1] == '(' ||
                 w[n - 1] == ')'))
        n--;
    if (n > ORG_LONGEST + 1) /* + 1: a word and its '.' ("Inc.", "Collaborations.") */
        return false;
    for (int pass = 0; pass < 2; pass++) {
        size_t lo = 0, hi = sizeof org_words / sizeof *org_words;
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            int c = org_cmp(w, n, org_words[mid].w, org_words[mid].n);
            if (c == 0)
                return true;
            if (c > 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (!n || w[n - 1] != '.') /* "Inc." and "Inc" both */
            break;
        n--;
    }
    return false;
}

/* Scans the words in place (no allocation: it runs for every name). */
bool pc_name_is_organisation(const char *s, size_t n)
{
    size_t words = 0, i = 0;
    bool org = false;
    while (i < n) {
        while (i < n && pc_is_space((unsigned char)s[i]))
            i++;
        size_t st = i;
        while (i < n && !pc_is_space((unsigned char)s[i]))
            i++;
        if (i == st)
            break;
        if (words == 0 && i - st == 3 && pc_strncasecmp(s + st, "The", 3) == 0)
            org = true; /* "The …" with at least one more word */
        else if (!org && is_org_word(s + st, i - st))
            org = true;
        words++;
    }
    return org && words >= 2;
}

/* Joins tokens [a, b) with single spaces into an owned string (NULL if empty). */
static char *join(const tok *t, size_t a, size_t b)
{
    if (a >= b)
        return NULL;
    pc_buf out = PC_BUF_INIT;
    for (size_t i = a; i < b; i++) {
        if (i > a)
            pc_buf_putc(&out, ' ');
        pc_buf_put(&out, t[i].s, t[i].n);
    }
    return pc_buf_detach(&out);
}

/* "von Last" part of a BibTeX-order name: leading lowercase words are the
 * particle, up to the last lowercase word before the final word. */
static void parse_von_last(const tok *t, size_t k, pc_name *out)
{
    size_t von_end = 0; /* tokens [0, von_end) are the particle: up to the
                           last lower-case word before the final one, whatever
                           the case of the words before it (BibTeX's rule:
                           "Van de Graaff, R. J." has von "Van de") */
    for (size_t i = 0; i + 1 < k; i++)
        if (tok_case(t[i]) < 0)
            von_end = i + 1;
    out->particle = join(t, 0, von_end);
    out->family = join(t, von_end, k);
}

/* Arabic articles joined by a hyphen ("al-Baghdadi", "el-Sayed") are a
 * particle: "al-" + "Baghdadi" (CSL's non-dropping particle; BibTeX reads
 * the same split, its von part "al"). */
static void split_article(pc_name *out)
{
    static const char *const articles[] = {"al-", "el-"};
    if (!out->family)
        return;
    for (size_t i = 0; i < sizeof articles / sizeof *articles; i++) {
        size_t an = strlen(articles[i]);
        if (strncmp(out->family, articles[i], an) != 0 || tok_case((tok){out->family + an, strlen(out->family + an)}) <= 0)
            continue;
        pc_buf p = PC_BUF_INIT;
        if (out->particle) {
            pc_buf_puts(&p, out->particle);
            pc_buf_putc(&p, ' ');
        }
        pc_buf_puts(&p, articles[i]);
        pc_free(out->particle);
        out->particle = pc_buf_detach(&p);
        char *fam = pc_xstrdup(out->family + an);
        pc_free(out->family);
        out->family = fam;
        return;
    }
}

/* Leading lower-case words of an API family field are its particle:
 * "van der Berg" -> "van der" + "Berg". */
static void leading_particles(const tok *t, size_t k, pc_name *out)
{
    size_t end = 0;
    while (end + 1 < k && tok_case(t[end]) < 0)
        end++;
    out->particle = join(t, 0, end);
    out->family = join(t, end, k);
}

static char *trimmed_copy(const char *s, size_t n)
{
    pc_trim(&s, &n);
    return n ? pc_xstrndup(s, n) : NULL;
}

void pc_name_parse(const char *s, size_t n, pc_name *out)
{
    pc_name_clear(out);
    pc_trim(&s, &n);
    if (!n)
        return;
    if (pc_name_is_organisation(s, n)) {
        out->literal = pc_xstrndup(s, n);
        return;
    }
    /* commas: BibTeX order, unless the only comma introduces a suffix */
    const char *c1 = memchr(s, ',', n);
    if (c1) {
        const char *rest = c1 + 1;
        size_t rn = n - (size_t)(rest - s);
        const char *c2 = memchr(rest, ',', rn);
        const char *r = rest;
        size_t rl = rn;
        pc_trim(&r, &rl);
        if (!c2 && pc_name_is_suffix(r, rl)) {
            pc_name_parse(s, (size_t)(c1 - s), out);
            out->suffix = pc_xstrndup(r, rl);
            return;
        }
        const char *fam = s;
        size_t fn = (size_t)(c1 - s);
        pc_trim(&fam, &fn);
        if (fn && !memchr(fam, '\xC2', fn) && !has_separator(fam, fn)) {
            out->family = pc_xstrndup(fam, fn); /* one word (most names): no tokens to make */
        } else {
            tok *t;
            size_t k = tokenize(s, (size_t)(c1 - s), &t);
            parse_von_last(t, k, out);
            pc_free(t);
        }
        split_article(out);
        if (c2) {
            out->suffix = trimmed_copy(rest, (size_t)(c2 - rest));
            out->given = trimmed_copy(c2 + 1, n - (size_t)(c2 + 1 - s));
        } else {
            out->given = trimmed_copy(rest, rn);
        }
        return;
    }
    tok *t;
    size_t k = tokenize(s, n, &t);
    if (k == 0) { /* only no-break spaces: nothing to split (was a crash) */
        pc_free(t);
        out->literal = pc_xstrndup(s, n);
        return;
    }
    if (k >= 3 && pc_name_is_suffix(t[k - 1].s, t[k - 1].n)) {
        out->suffix = join(t, k - 1, k);
        k--;
    }
    if (k == 1) {
        /* "J.P.Hague" (arXiv): initials glued to the family name */
        const char *dot = NULL;
        for (size_t i = 0; i + 1 < t[0].n; i++)
            if (t[0].s[i] == '.' && pc_is_alpha((unsigned char)t[0].s[i + 1]))
                dot = t[0].s + i;
        if (dot && tok_case(t[0]) > 0) {
            out->given = pc_xstrndup(t[0].s, (size_t)(dot + 1 - t[0].s));
            out->family = pc_xstrndup(dot + 1, t[0].n - (size_t)(dot + 1 - t[0].s));
        } else {
            out->family = join(t, 0, 1);
        }
        pc_free(t);
        split_article(out);
        return;
    }
    /* von: from the first lower-case word (the first word too: "van Gogh")
     * to the last lower-case word before the final one */
    size_t von_start = 0, von_end = 0;
    bool found = false;
    for (size_t i = 0; i + 1 < k; i++)
        if (tok_case(t[i]) < 0) {
            if (!found)
                von_start = i;
            found = true;
            von_end = i + 1;
        }
    if (found) {
        out->given = join(t, 0, von_start);
        out->particle = join(t, von_start, von_end);
        out->family = join(t, von_end, k);
    } else {
        size_t fam = k - 1;
        for (size_t i = 1; i + 1 < k; i++)
            if (tok_in(t[i], cap_particles, sizeof cap_particles / sizeof *cap_particles, false)) {
                fam = i;
                break;
            }
        out->given = join(t, 0, fam);
        out->family = join(t, fam, k);
    }
    pc_free(t);
    split_article(out);
}

void pc_name_from_parts(const char *given, const char *family, const char *suffix, pc_name *out)
{
    pc_name_clear(out);
    if (family) {
        tok *t;
        size_t k = tokenize(family, strlen(family), &t);
        if (k)
            leading_particles(t, k, out);
        pc_free(t);
        split_article(out);
    }
    if (given) {
        tok *t;
        size_t k = tokenize(given, strlen(given), &t);
        size_t end = k;
        while (end > 1 && tok_case(t[end - 1]) < 0)
            end--;
        out->given = join(t, 0, end);
        if (end < k) {
            char *p = join(t, end, k);
            if (out->particle) {
                pc_buf b = PC_BUF_INIT;
                pc_buf_puts(&b, p);
                pc_buf_putc(&b, ' ');
                pc_buf_puts(&b, out->particle);
                pc_free(out->particle);
                out->particle = pc_buf_detach(&b);
                pc_free(p);
            } else {
                out->particle = p;
            }
        }
        pc_free(t);
    }
    if (suffix && *suffix)
        out->suffix = pc_xstrdup(suffix);
}

bool pc_particle_joins(const char *particle)
{
    size_t n = particle ? strlen(particle) : 0;
    return n && (particle[n - 1] == '-' || particle[n - 1] == '\'' ||
                 (n >= 3 && memcmp(particle + n - 3, "\xE2\x80\x99", 3) == 0));
}

void pc_name_display(const pc_name *nm, pc_buf *out)
{
    if (nm->literal) {
        pc_buf_puts(out, nm->literal);
        return;
    }
    size_t start = out->len;
    const char *parts[] = {nm->given, nm->particle, nm->family};
    for (size_t i = 0; i < 3; i++)
        if (parts[i] && *parts[i]) {
            if (out->len > start && !(i == 2 && pc_particle_joins(nm->particle)))
                pc_buf_putc(out, ' ');
            pc_buf_puts(out, parts[i]);
        }
    if (nm->suffix && *nm->suffix) {
        pc_buf_puts(out, ", ");
        pc_buf_puts(out, nm->suffix);
    }
}

/* ---- author lists ------------------------------------------------------- */

static bool is_et_al(const char *s, size_t n)
{
    pc_trim(&s, &n);
    return (n >= 5 && pc_strncasecmp(s, "et al", 5) == 0 && (n == 5 || (n == 6 && s[5] == '.'))) ||
           (n == 6 && pc_strncasecmp(s, "others", 6) == 0);
}

/* True if pc_buf_put_folded would copy [s, s+n) unchanged: no white space
 * but single spaces between words (s is trimmed by the caller). */
static bool is_folded(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c <= ' ' && pc_is_space(c) && (c != ' ' || (i + 1 < n && s[i + 1] == ' ')))
            return false;
    }
    return n && !pc_is_space((unsigned char)s[0]) && !pc_is_space((unsigned char)s[n - 1]);
}

/* Adds one list item: "Name (Aff; Aff2) (Aff3)". */
static void add_item(const char *s, size_t n, pc_names *l)
{
    pc_trim(&s, &n);
    if (!n)
        return;
    if (is_et_al(s, n)) {
        l->et_al = true;
        return;
    }
    /* "Name et al." / "Name and others" at the end of the last item */
    static const char *const tails[] = {" et al.", " et al", " and others"};
    for (size_t t = 0; t < sizeof tails / sizeof *tails; t++) {
        size_t tl = strlen(tails[t]);
        if (n > tl && pc_strncasecmp(s + n - tl, tails[t], tl) == 0) {
            l->et_al = true;
            n -= tl;
            pc_trim(&s, &n);
            break;
        }
    }
    /* a lone suffix belongs to the previous author ("John Smith, Jr.") */
    if (pc_name_is_suffix(s, n) && l->n &&
        !l->items[l->n - 1].suffix && !l->items[l->n - 1].literal) {
        l->items[l->n - 1].suffix = pc_xstrndup(s, n);
        return;
    }
    pc_strlist affs = {0};
    /* Most items are a bare, already folded name (readers decode and fold
     * before splitting): parse it in place, without the two buffers. */
    if (!memchr(s, '(', n) && is_folded(s, n)) {
        pc_name *nm = pc_names_add(l);
        pc_name_parse(s, n, nm);
        nm->affiliations = affs;
        return;
    }
    pc_buf name = PC_BUF_INIT;
    size_t i = 0;
    while (i < n) {
        if (s[i] == '(') {
            int depth = 0;
            size_t j = i;
            for (; j < n; j++) {
                if (s[j] == '(')
                    depth++;
                else if (s[j] == ')' && --depth == 0)
                    break;
            }
            const char *a = s + i + 1;
            size_t an = (j < n ? j : n) - i - 1;
            /* several affiliations in one pair of parentheses: "A; B" */
            while (an) {
                const char *semi = memchr(a, ';', an);
                size_t part = semi ? (size_t)(semi - a) : an;
                const char *p = a;
                size_t pn = part;
                pc_trim(&p, &pn);
                if (pn)
                    pc_strlist_push_n(&affs, p, pn);
                if (!semi)
                    break;
                an -= part + 1;
                a = semi + 1;
            }
            i = j < n ? j + 1 : n;
            pc_buf_putc(&name, ' ');
            continue;
        }
        const char *paren = memchr(s + i, '(', n - i);
        size_t next = paren ? (size_t)(paren - s) : n;
        pc_buf_put(&name, s + i, next - i);
        i = next;
    }
    pc_buf folded = PC_BUF_INIT;
    pc_buf_put_folded(&folded, name.ptr, name.len);
    if (folded.len) {
        pc_name *nm = pc_names_add(l);
        pc_name_parse(folded.ptr, folded.len, nm);
        nm->affiliations = affs;
    } else if (l->n) { /* "(Aff)" alone: the previous author's */
        for (size_t k = 0; k < affs.n; k++)
            pc_strlist_push(&l->items[l->n - 1].affiliations, affs.items[k]);
        pc_strlist_clear(&affs);
    } else {
        pc_strlist_clear(&affs);
    }
    pc_buf_free(&folded);
    pc_buf_free(&name);
}

/* A legend's texts by number: text[k - 1] of "(k)", NULL when it has none.
 * Not a pc_strlist: an entry is filled in place, which a list's index
 * would not see. */
typedef struct legend_texts {
    char **text;
    size_t n, cap;
} legend_texts;

static void legend_set(legend_texts *lg, size_t k, const char *v, size_t vn)
{
    PC_GROW(lg->text, lg->cap, k);
    while (lg->n < k)
        lg->text[lg->n++] = NULL;
    pc_free(lg->text[k - 1]);
    lg->text[k - 1] = pc_xstrndup(v, vn);
}

static void legend_free(legend_texts *lg)
{
    for (size_t i = 0; i < lg->n; i++)
        pc_free(lg->text[i]);
    pc_free(lg->text);
}

/* arXiv's numbered affiliations: "A (1), B (1 and 2) ((1) Univ X, (2) Univ Y)".
 * If [s, s+n) ends with such a legend, returns where it starts and fills
 * legend[k] with the text of "(k)" (k < max); else returns n. */
static size_t find_legend(const char *s, size_t n, legend_texts *legend)
{
    const char *t = s;
    size_t tn = n;
    pc_trim(&t, &tn);
    if (tn < 6 || t[tn - 1] != ')')
        return n;
    int depth = 0;
    size_t open = 0;
    for (size_t i = tn; i-- > 0;) {
        if (t[i] == ')')
            depth++;
        else if (t[i] == '(' && --depth == 0) {
            open = i;
            break;
        }
    }
    if (depth != 0 || open + 2 >= tn || t[open + 1] != '(' || !pc_is_digit((unsigned char)t[open + 2]))
        return n;
    /* entries: "(1) text, (2) text" */
    const char *p = t + open + 1, *end = t + tn - 1;
    while (p < end) {
        if (*p != '(')
            return n;
        const char *q = p + 1;
        unsigned k = 0;
        while (q < end && pc_is_digit((unsigned char)*q))
            k = k * 10 + (unsigned)(*q++ - '0');
        if (q >= end || *q != ')' || k == 0 || k > 999)
            return n;
        q++;
        const char *next = q;
        while (next < end && !(next[0] == '(' && next + 1 < end && pc_is_digit((unsigned char)next[1]) &&
                               (next == q || next[-1] == ' ' || next[-1] == ',')))
            next++;
        const char *v = q;
        size_t vn = (size_t)(next - q);
        pc_trim(&v, &vn);
        while (vn && (v[vn - 1] == ',' || v[vn - 1] == ';'))
            vn--;
        pc_trim(&v, &vn);
        legend_set(legend, k, v, vn);
        p = next;
    }
    return (size_t)(t - s) + open;
}

/* True if s holds only numbers joined by spaces, ",", "&" or "and". */
static bool only_numbers(const char *s)
{
    bool digit = false;
    while (*s) {
        if (pc_is_digit((unsigned char)*s))
            digit = true;
        else if (strncmp(s, "and", 3) == 0)
            s += 2;
        else if (*s != ' ' && *s != ',' && *s != '&')
            return false;
        s++;
    }
    return digit;
}

/* Replaces affiliations that are only numbers ("1 and 2", "1, 3") with the
 * legend's text. */
static void apply_legend(pc_names *l, size_t first, const legend_texts *legend)
{
    for (size_t a = first; a < l->n; a++) {
        pc_strlist *affs = &l->items[a].affiliations;
        pc_strlist out = {0};
        for (size_t i = 0; i < affs->n; i++) {
            const char *x = affs->items[i];
            bool numeric = only_numbers(x);
            if (!numeric) {
                pc_strlist_push(&out, x);
                continue;
            }
            for (const char *c = x; *c;) {
                if (!pc_is_digit((unsigned char)*c)) {
                    c++;
                    continue;
                }
                unsigned k = 0;
                while (pc_is_digit((unsigned char)*c))
                    k = k * 10 + (unsigned)(*c++ - '0');
                if (k >= 1 && k <= legend->n && legend->text[k - 1] && legend->text[k - 1][0])
                    pc_strlist_push(&out, legend->text[k - 1]);
            }
        }
        pc_strlist_clear(affs);
        *affs = out;
    }
}

void pc_names_parse_list(const char *s, size_t n, pc_names *l)
{
    legend_texts legend = {0};
    size_t first = l->n;
    size_t legend_at = find_legend(s, n, &legend);
    if (legend_at < n) {
        n = legend_at;
        while (n && (pc_is_space((unsigned char)s[n - 1]) || s[n - 1] == ','))
            n--;
    }
    int depth = 0;
    size_t start = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '(' || c == '[')
            depth++;
        else if ((c == ')' || c == ']') && depth > 0)
            depth--;
        if (depth)
            continue;
        size_t sep = 0;
        if (c == ',' || c == ';')
            sep = 1;
        else if (c == ' ' && i + 5 <= n && memcmp(s + i, " and ", 5) == 0)
            sep = 5;
        else if (c == ' ' && i + 3 <= n && memcmp(s + i, " & ", 3) == 0)
            sep = 3;
        if (!sep)
            continue;
        add_item(s + start, i - start, l);
        start = i + sep;
        i += sep - 1;
    }
    add_item(s + start, n - start, l);
    if (legend.n)
        apply_legend(l, first, &legend);
    legend_free(&legend);
}
