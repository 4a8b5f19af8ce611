/* SPDX-License-Identifier: MIT */
/* write_names.c — name lists as bibtex (and biber) split them back.
 *
 * Each name is written "von Last, Jr, First dparticle": the non-dropping
 * particle is BibTeX's von (apart from Last by a space, but for one that
 * ends in a hyphen), the dropping particle follows the given names
 * (names_bibtex.h reads a lower-case tail of First back as the dropping
 * particle), organisations are one brace group, and any part that bibtex
 * would split otherwise is braced: commas, a lone hyphen, the word "and",
 * a family name with a lower-case word (make check runs the real bibtex's
 * format.name$ on our output and compares every name with the model).
 * Affiliations go in a non-standard `affiliation` field: an "and" list
 * parallel to the names, "{}" for a name without one, "; " between
 * several of one name. */
#include "bibtex.h"

/* Where a name goes, and a scratch buffer for its encoded parts. */
typedef struct name_out {
    pc_buf *out;
    pc_buf *tmp;
    unsigned flags;
    pc_latex_report *rep;
} name_out;

/* True if an encoded family name, written after its particle, would be
 * split by BibTeX into more von/last parts than we mean: any lower-case
 * word in it (words end at spaces, hyphens and ties at depth 0). */
static bool family_needs_braces(const char *s, size_t n)
{
    int depth = 0;
    size_t st = 0;
    for (size_t i = 0; i <= n; i++) {
        char c = i < n ? s[i] : ' ';
        if (c == '{')
            depth++;
        else if (c == '}')
            depth--;
        if (depth == 0 && (c == ' ' || c == '-' || c == '~')) {
            if (i > st && pc_bibtex_word_case(s + st, i - st, false) < 0)
                return true;
            st = i + 1;
        }
    }
    return false;
}

/* Bytes put_part may change; the rest is copied in runs (one pc_buf_put
 * per run, not a call per byte: this runs for every name part). */
static const unsigned char name_special[256] = {
    ['\\'] = 1, ['{'] = 1, ['}'] = 1, ['-'] = 1, [','] = 1, ['a'] = 1, ['A'] = 1,
};

/* Appends one name part, encoded, with commas and the word "and" braced so
 * BibTeX does not split the name list or the name there.  `joined`: a
 * particle written against the family name ("al-"), whose final hyphen is
 * BibTeX's word separator and must stay bare. */
static void put_part(name_out *o, const char *s, bool brace_commas, bool joined)
{
    pc_buf_clear(o->tmp);
    pc_latex_encode(s, strlen(s), o->tmp, o->flags, o->rep);
    const char *p = o->tmp->ptr;
    size_t n = o->tmp->len, run = 0;
    int depth = 0;
    pc_buf *out = o->out;
    pc_buf_grow(out, n);
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (!name_special[(unsigned char)c])
            continue;
        if (c == '\\' && i + 1 < n && depth == 0 && !pc_is_alpha((unsigned char)p[i + 1])) {
            /* a control symbol (\, \&): braced, so BibTeX sees no separator */
            pc_buf_put(out, p + run, i - run);
            pc_buf_putc(out, '{');
            pc_buf_put(out, p + i, 2);
            pc_buf_putc(out, '}');
            run = ++i + 1;
            continue;
        }
        if (c == '{')
            depth++;
        else if (c == '}')
            depth--;
        /* a hyphen standing alone ("- John", "Smith ER -"): BibTeX splits
         * name words at hyphens and would drop it */
        bool lone_hyphen = c == '-' && (i == 0 || p[i - 1] == ' ' || (i + 1 < n && p[i + 1] == ' ') ||
                                        (i + 1 == n && !joined));
        if (depth == 0 && brace_commas && (lone_hyphen || c == ',')) {
            pc_buf_put(out, p + run, i - run);
            pc_buf_puts(out, c == ',' ? "{,}" : "{-}");
            run = i + 1;
            continue;
        }
        if (depth == 0 && (i == 0 || p[i - 1] == ' ') && i + 3 <= n &&
            pc_strncasecmp(p + i, "and", 3) == 0 && (i + 3 == n || p[i + 3] == ' ')) {
            pc_buf_put(out, p + run, i - run);
            pc_buf_putc(out, '{');
            pc_buf_put(out, p + i, 3);
            pc_buf_putc(out, '}');
            i += 2;
            run = i + 1;
        }
    }
    pc_buf_put(out, p + run, n - run);
}

/* Braces [from, end) of the output (a family name bibtex would split). */
static void brace_from(pc_buf *out, size_t from)
{
    pc_buf_putc(out, '}');
    pc_buf_grow(out, 1);
    memmove(out->ptr + from + 1, out->ptr + from, out->len - from + 1);
    out->ptr[from] = '{';
    out->len++;
}

static bool has(const char *s) { return s && *s; }

static void put_name(name_out *o, const pc_name *nm)
{
    if (nm->literal || !nm->family) {
        const char *lit = nm->literal ? nm->literal : nm->given ? nm->given : "";
        pc_buf_putc(o->out, '{');
        pc_latex_encode(lit, strlen(lit), o->out, o->flags, o->rep);
        pc_buf_putc(o->out, '}');
        return;
    }
    /* a dropping particle with no given name to follow has only von's place */
    bool dp_after = has(nm->dparticle) && has(nm->given);
    const char *von = has(nm->particle) ? nm->particle : dp_after ? NULL : has(nm->dparticle) ? nm->dparticle : NULL;
    if (von) {
        /* "al-Rashid": bibtex splits words at the hyphen, von "al"; but a
         * particle ending in an apostrophe is one word with the family
         * name to bibtex ("d'Jones", "{d'}Jones" alike): "d' Jones" gives
         * von "d'" back (biber's manual writes it so), and our reader
         * joins it again (pc_particle_joins) */
        size_t vn = strlen(von);
        bool hyphen = vn && von[vn - 1] == '-';
        put_part(o, von, true, hyphen);
        if (!hyphen)
            pc_buf_putc(o->out, ' ');
    }
    size_t fam = o->out->len;
    put_part(o, nm->family, true, false);
    /* with no given name, no particle and no suffix, the family name is all
     * BibTeX sees: several words would split into First and Last, and a
     * bare "others" would be "et al." */
    bool alone = !has(nm->given) && !von && !has(nm->suffix) &&
                 (strchr(nm->family, ' ') || pc_strcasecmp(nm->family, "others") == 0);
    if (alone || family_needs_braces(o->out->ptr + fam, o->out->len - fam))
        brace_from(o->out, fam);
    if (has(nm->suffix)) {
        pc_buf_puts(o->out, ", ");
        put_part(o, nm->suffix, true, false);
        pc_buf_putc(o->out, ',');
        if (has(nm->given))
            pc_buf_putc(o->out, ' ');
    } else if (has(nm->given)) {
        pc_buf_puts(o->out, ", ");
    }
    if (has(nm->given))
        put_part(o, nm->given, true, false);
    if (dp_after) {
        pc_buf_putc(o->out, ' ');
        put_part(o, nm->dparticle, true, false);
    }
}

void pc_bib_put_names(pc_buf *out, pc_buf *tmp, const pc_names *l, unsigned flags, pc_latex_report *rep)
{
    name_out o = {.out = out, .tmp = tmp, .flags = flags, .rep = rep};
    for (size_t i = 0; i < l->n; i++) {
        if (i)
            pc_buf_puts(out, " and ");
        put_name(&o, &l->items[i]);
    }
    if (l->et_al)
        pc_buf_puts(out, l->n ? " and others" : "others");
}

bool pc_bib_put_affiliations(pc_buf *out, pc_buf *tmp, const pc_names *l, unsigned flags,
                             pc_latex_report *rep)
{
    bool any = false;
    for (size_t i = 0; i < l->n; i++)
        any |= l->items[i].affiliations.n > 0;
    if (!any)
        return false;
    name_out o = {.out = out, .tmp = tmp, .flags = flags, .rep = rep};
    for (size_t i = 0; i < l->n; i++) {
        const pc_strlist *a = &l->items[i].affiliations;
        if (i)
            pc_buf_puts(out, " and ");
        if (!a->n)
            pc_buf_puts(out, "{}");
        for (size_t k = 0; k < a->n; k++) {
            if (k)
                pc_buf_puts(out, "; ");
            put_part(&o, a->items[k], false, false);
        }
    }
    return true;
}
