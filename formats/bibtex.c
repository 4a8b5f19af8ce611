/* bibtex.c — the BibTeX format: writer (reader: see issue 6).
 *
 * Each record becomes one entry, built in a buffer and written at once.
 * Every value is braced and passes through pc_latex_encode, so braces are
 * always balanced and specials escaped, whatever the record holds.  Names
 * are written "von Last, Jr, First" with any part that BibTeX would split
 * differently from our model protected by braces (tests/interop checks
 * this with the real bibtex).  Affiliations go in a non-standard
 * `affiliation` field: an "and" list parallel to `author`, "{}" for an
 * author without one, "; " between several of one author. */
#include "bibtex_read.h"
#include "paperconv/format.h"

#include <stdlib.h>

typedef struct bib_writer {
    FILE *out;
    pc_ctx *ctx;
    pc_buf entry;
    pc_buf tmp;
    pc_buf particle; /* a name's dropping and non-dropping particles, joined */
    pc_latex_report rep;
    unsigned flags; /* PC_TEX_UNICODE or 0 */
    bool first;
} bib_writer;

static void *bib_begin(FILE *out, pc_ctx *ctx)
{
    bib_writer *w = pc_xcalloc(1, sizeof *w);
    w->out = out;
    w->ctx = ctx;
    w->flags = ctx->opt.unicode ? PC_TEX_UNICODE : 0;
    w->first = true;
    pc_buf_init(&w->entry);
    pc_buf_init(&w->tmp);
    pc_buf_init(&w->particle);
    return w;
}

/* The kind entry_type has a case for: k, or the first broader kind
 * (kinds.def) that has one ("article-magazine" is written as an article). */
static pc_kind written_kind(pc_kind k)
{
    for (int i = 0; i < PC_KIND_COUNT; i++) { /* bounded, should kinds.def ever hold a cycle */
        switch (k) {
        case PC_KIND_NONE:
        case PC_KIND_PREPRINT:
        case PC_KIND_ARTICLE:
        case PC_KIND_CONFERENCE:
        case PC_KIND_BOOK:
        case PC_KIND_CHAPTER:
        case PC_KIND_THESIS:
        case PC_KIND_REPORT:
        case PC_KIND_WEBPAGE:
        case PC_KIND_DATASET:
        case PC_KIND_SOFTWARE:
        case PC_KIND_OTHER: return k;
        default: break;
        }
        pc_kind b = pc_kind_broader(k);
        if (b == k)
            return k;
        k = b;
    }
    return k;
}

static const char *entry_type(const pc_record *r)
{
    bool container = pc_record_has(r, PC_F_CONTAINER_TITLE);
    pc_kind kind = written_kind(r->kind);
    switch (kind) {
    case PC_KIND_ARTICLE: return container ? "article" : "misc";
    case PC_KIND_CONFERENCE: return container ? "inproceedings" : "misc";
    case PC_KIND_BOOK: return "book";
    case PC_KIND_CHAPTER: return container ? "incollection" : "misc";
    case PC_KIND_THESIS: return "phdthesis";
    case PC_KIND_REPORT: return "techreport";
    default: return container && kind == PC_KIND_NONE ? "article" : "misc";
    }
}

/* Opens "  name = {" */
static void field_open(bib_writer *w, const char *name)
{
    pc_buf_puts(&w->entry, "  ");
    pc_buf_puts(&w->entry, name);
    pc_buf_puts(&w->entry, " = {");
}

static void field_close(bib_writer *w) { pc_buf_puts(&w->entry, "},\n"); }

static void text_field(bib_writer *w, const char *name, const char *value, unsigned flags)
{
    if (!value || !*value)
        return;
    field_open(w, name);
    pc_latex_encode(value, strlen(value), &w->entry, w->flags | flags, &w->rep);
    field_close(w);
}

/* URLs and DOIs stay verbatim (the url package reads them so); only what
 * would unbalance BibTeX's braces or break the line is percent-encoded. */
static void url_field(bib_writer *w, const char *name, const char *value)
{
    if (!value || !*value)
        return;
    field_open(w, name);
    for (const char *p = value; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '{' || c == '}' || c == '\\' || c <= 0x20 || c == 0x7f)
            pc_buf_printf(&w->entry, "%%%02X", c);
        else
            pc_buf_putc(&w->entry, (char)c);
    }
    field_close(w);
}

/* True if an encoded family name, written after its particle, would be
 * split by BibTeX into more von/last parts than we mean: any lower-case
 * word in it (words end at spaces, hyphens and ties at depth 0). */
static bool family_needs_braces(const char *s, size_t n)
{
    size_t i = 0;
    int depth = 0;
    size_t st = 0;
    for (; i <= n; i++) {
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

/* Appends one name part, encoded, with commas and the word "and" braced so
 * BibTeX does not split the name list or the name there. */
static void put_name_part_as(bib_writer *w, const char *s, bool brace_commas, bool joined);

static void put_name_part(bib_writer *w, const char *s, bool brace_commas)
{
    put_name_part_as(w, s, brace_commas, false);
}

/* `joined`: a particle written against the family name ("al-"), whose
 * final hyphen is BibTeX's word separator and must stay bare. */
/* Bytes put_name_part_as may change; the rest is copied in runs (one
 * pc_buf_put per run, not a call per byte: this runs for every name part). */
static const unsigned char name_special[256] = {
    ['\\'] = 1, ['{'] = 1, ['}'] = 1, ['-'] = 1, [','] = 1, ['a'] = 1, ['A'] = 1,
};

static void put_name_part_as(bib_writer *w, const char *s, bool brace_commas, bool joined)
{
    pc_buf_clear(&w->tmp);
    pc_latex_encode(s, strlen(s), &w->tmp, w->flags, &w->rep);
    const char *p = w->tmp.ptr;
    size_t n = w->tmp.len, run = 0;
    int depth = 0;
    pc_buf_grow(&w->entry, n);
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (!name_special[(unsigned char)c])
            continue;
        if (c == '\\' && i + 1 < n && depth == 0 && !pc_is_alpha((unsigned char)p[i + 1])) {
            /* a control symbol (\, \&): braced, so BibTeX sees no separator */
            pc_buf_put(&w->entry, p + run, i - run);
            pc_buf_putc(&w->entry, '{');
            pc_buf_put(&w->entry, p + i, 2);
            pc_buf_putc(&w->entry, '}');
            run = ++i + 1;
            continue;
        }
        if (c == '{')
            depth++;
        else if (c == '}')
            depth--;
        /* a hyphen standing alone ("- John", "Smith ER -"): BibTeX splits
         * name words at hyphens and would drop it */
        if (depth == 0 && c == '-' && brace_commas &&
            (i == 0 || p[i - 1] == ' ' || (i + 1 < n && p[i + 1] == ' ') ||
             (i + 1 == n && !joined))) {
            pc_buf_put(&w->entry, p + run, i - run);
            pc_buf_puts(&w->entry, "{-}");
            run = i + 1;
            continue;
        }
        if (depth == 0 && c == ',' && brace_commas) {
            pc_buf_put(&w->entry, p + run, i - run);
            pc_buf_puts(&w->entry, "{,}");
            run = i + 1;
            continue;
        }
        if (depth == 0 && (i == 0 || p[i - 1] == ' ') && i + 3 <= n &&
            pc_strncasecmp(p + i, "and", 3) == 0 && (i + 3 == n || p[i + 3] == ' ')) {
            pc_buf_put(&w->entry, p + run, i - run);
            pc_buf_putc(&w->entry, '{');
            pc_buf_put(&w->entry, p + i, 3);
            pc_buf_putc(&w->entry, '}');
            i += 2;
            run = i + 1;
            continue;
        }
    }
    pc_buf_put(&w->entry, p + run, n - run);
}

/* BibTeX has one particle slot (von): the dropping particle, then the
 * non-dropping one, with a space between; NULL when there is none.  The
 * result lives in w->particle. */
static const char *name_particle(bib_writer *w, const pc_name *nm)
{
    bool dp = nm->dparticle && *nm->dparticle, p = nm->particle && *nm->particle;
    if (!dp || !p)
        return dp ? nm->dparticle : p ? nm->particle : NULL;
    pc_buf_clear(&w->particle);
    pc_buf_puts(&w->particle, nm->dparticle);
    pc_buf_putc(&w->particle, ' ');
    pc_buf_puts(&w->particle, nm->particle);
    return w->particle.ptr;
}

static void put_name(bib_writer *w, const pc_name *nm)
{
    if (nm->literal || !nm->family) {
        const char *lit = nm->literal ? nm->literal : nm->given ? nm->given : "";
        pc_buf_putc(&w->entry, '{');
        pc_latex_encode(lit, strlen(lit), &w->entry, w->flags, &w->rep);
        pc_buf_putc(&w->entry, '}');
        return;
    }
    const char *particle = name_particle(w, nm);
    if (particle) {
        put_name_part_as(w, particle, true, pc_particle_joins(particle));
        if (!pc_particle_joins(particle))
            pc_buf_putc(&w->entry, ' ');
    }
    size_t fam = w->entry.len;
    put_name_part(w, nm->family, true);
    /* with no given name, no particle and no suffix, the family name is all
     * BibTeX sees: several words would split into First and Last */
    bool alone = !(nm->given && *nm->given) && !particle && !(nm->suffix && *nm->suffix) &&
                 strchr(nm->family, ' ');
    if (alone || family_needs_braces(w->entry.ptr + fam, w->entry.len - fam)) {
        pc_buf_putc(&w->entry, '}');
        pc_buf_grow(&w->entry, 1);
        memmove(w->entry.ptr + fam + 1, w->entry.ptr + fam, w->entry.len - fam + 1);
        w->entry.ptr[fam] = '{';
        w->entry.len++;
    }
    if (nm->suffix && *nm->suffix) {
        pc_buf_puts(&w->entry, ", ");
        put_name_part(w, nm->suffix, true);
        pc_buf_putc(&w->entry, ',');
        if (nm->given && *nm->given)
            pc_buf_putc(&w->entry, ' ');
    } else if (nm->given && *nm->given) {
        pc_buf_puts(&w->entry, ", ");
    }
    if (nm->given && *nm->given)
        put_name_part(w, nm->given, true);
}

static void authors_field(bib_writer *w, const pc_record *r)
{
    const pc_names *l = pc_record_names(r, PC_F_AUTHOR);
    if (!l || !l->n)
        return;
    field_open(w, "author");
    for (size_t i = 0; i < l->n; i++) {
        if (i)
            pc_buf_puts(&w->entry, " and ");
        put_name(w, &l->items[i]);
    }
    if (l->et_al)
        pc_buf_puts(&w->entry, " and others");
    field_close(w);

    bool any = false;
    for (size_t i = 0; i < l->n; i++)
        any |= l->items[i].affiliations.n > 0;
    if (!any)
        return;
    field_open(w, "affiliation");
    for (size_t i = 0; i < l->n; i++) {
        const pc_strlist *a = &l->items[i].affiliations;
        if (i)
            pc_buf_puts(&w->entry, " and ");
        if (!a->n)
            pc_buf_puts(&w->entry, "{}");
        for (size_t k = 0; k < a->n; k++) {
            if (k)
                pc_buf_puts(&w->entry, "; ");
            put_name_part(w, a->items[k], false);
        }
    }
    field_close(w);
}

/* Whether a title word must keep its case: an upper-case letter after the
 * first letter of any of its hyphen-separated parts (QK-Wanda, LLM, MoE,
 * NVFP4, dLLM), or a word the input protected with braces. */
static bool word_needs_protection(const char *s, size_t n, const pc_strlist *prot)
{
    if (pc_strlist_has_n(prot, s, n))
        return true;
    bool first_letter = true;
    for (size_t i = 0; i < n;) {
        int32_t cp;
        int len = pc_utf8_next(s + i, n - i, &cp);
        if (len < 1)
            return false;
        i += (size_t)len;
        if (cp == '-' || cp == '/') {
            first_letter = true;
            continue;
        }
        int c = pc_unicode_case(cp);
        if (c > 0 && !first_letter)
            return true;
        if (c || pc_is_digit(cp))
            first_letter = false;
    }
    return false;
}

/* The title words in [from, to) of t: a word that must keep its case is
 * braced ({LLM}), everything else encoded as it is. */
static void title_words(bib_writer *w, const pc_strlist *prot, const char *t, size_t from,
                        size_t to)
{
    size_t i = from;
    while (i < to) {
        if (t[i] == ' ') {
            pc_buf_putc(&w->entry, ' ');
            i++;
            continue;
        }
        /* one word, math spans included */
        size_t st = i;
        bool has_math = false;
        while (i < to && t[i] != ' ') {
            size_t m = t[i] == '$' ? pc_latex_math_span(t, i, to) : 0;
            if (m) {
                i += m;
                has_math = true;
            } else {
                i++;
            }
        }
        size_t cs = st, ce = i; /* the word without punctuation around it */
        pc_markup_word_core(t, &cs, &ce);
        bool protect = has_math || (ce > cs && word_needs_protection(t + cs, ce - cs, prot));
        if (!protect) {
            pc_latex_encode(t + st, i - st, &w->entry, w->flags | PC_TEX_MATH, &w->rep);
            continue;
        }
        pc_latex_encode(t + st, cs - st, &w->entry, w->flags, &w->rep);
        pc_buf_putc(&w->entry, '{');
        pc_latex_encode(t + cs, ce - cs, &w->entry, w->flags | PC_TEX_MATH, &w->rep);
        pc_buf_putc(&w->entry, '}');
        pc_latex_encode(t + ce, i - ce, &w->entry, w->flags, &w->rep);
    }
}

/* Italic and bold as \emph{...} and \textbf{...}: \emph, not \textit,
 * so that a style setting the title in italics turns it upright, as a
 * species name in an italic title should be. */
typedef struct marked {
    bib_writer *w;
    const pc_strlist *prot; /* the title's protected words (NULL: not a title) */
} marked;

static void mark_open(void *u, pc_mark m)
{
    pc_buf_puts(&((marked *)u)->w->entry, m == PC_MARK_BOLD ? "\\textbf{" : "\\emph{");
}

static void mark_close(void *u, pc_mark m)
{
    (void)m;
    pc_buf_putc(&((marked *)u)->w->entry, '}');
}

static void title_text(void *u, const char *s, size_t from, size_t to)
{
    marked *k = u;
    title_words(k->w, k->prot, s, from, to);
}

static void abstract_text(void *u, const char *s, size_t from, size_t to)
{
    marked *k = u;
    pc_latex_encode(s + from, to - from, &k->w->entry, k->w->flags | PC_TEX_MATH, &k->w->rep);
}

static void title_field(bib_writer *w, const pc_record *r)
{
    const pc_text *t = pc_record_text(r, PC_F_TITLE);
    if (!t)
        return;
    static const pc_markup_sink sink = {.text = title_text, .open = mark_open, .close = mark_close};
    marked k = {.w = w, .prot = &t->protected_words};
    field_open(w, "title");
    pc_markup_walk(t->s, strlen(t->s), &t->markup, &sink, &k);
    field_close(w);
}

static void abstract_field(bib_writer *w, const pc_text *a)
{
    static const pc_markup_sink sink = {.text = abstract_text, .open = mark_open, .close = mark_close};
    marked k = {.w = w, .prot = NULL};
    field_open(w, "abstract");
    pc_markup_walk(a->s, strlen(a->s), &a->markup, &sink, &k);
    if (a->truncated)
        pc_buf_puts(&w->entry, w->flags & PC_TEX_UNICODE ? "\xE2\x80\xA6" : "{\\ldots}");
    field_close(w);
}

static bool bib_write(void *state, const pc_record *r)
{
    bib_writer *w = state;
    pc_buf_clear(&w->entry);
    if (!w->first)
        pc_buf_putc(&w->entry, '\n');
    w->first = false;
    /* puts, not printf: pc_buf_printf formats twice (measure, then write),
     * and these lines are in every entry (~7% of listing -> bibtex) */
    pc_buf_putc(&w->entry, '@');
    pc_buf_puts(&w->entry, entry_type(r));
    pc_buf_putc(&w->entry, '{');
    if (r->key)
        pc_buf_puts(&w->entry, r->key);
    pc_buf_put(&w->entry, ",\n", 2);
    authors_field(w, r);
    title_field(w, r);
    const char *type = entry_type(r);
    const char *container = pc_record_get(r, PC_F_CONTAINER_TITLE);
    if (container)
        text_field(w, strcmp(type, "inproceedings") == 0 || strcmp(type, "incollection") == 0
                          ? "booktitle"
                          : strcmp(type, "article") == 0 ? "journal" : "howpublished",
                   container, 0);
    const pc_date *date = pc_record_date(r, PC_F_ISSUED);
    if (date) {
        pc_buf_puts(&w->entry, "  year = {");
        pc_buf_put_int(&w->entry, date->year, 1);
        pc_buf_puts(&w->entry, "},\n");
        /* a month outside 1..12 (the model does not allow one) has no macro
         * and no line */
        const char *month = date->month ? pc_month_macro(date->month) : NULL;
        if (month) {
            pc_buf_puts(&w->entry, "  month = ");
            pc_buf_puts(&w->entry, month);
            pc_buf_puts(&w->entry, ",\n");
        }
        pc_buf_puts(&w->entry, "  date = {");
        pc_date_iso(date, &w->entry);
        pc_buf_puts(&w->entry, "},\n");
    }
    text_field(w, "volume", pc_record_get(r, PC_F_VOLUME), 0);
    text_field(w, "number", pc_record_get(r, PC_F_ISSUE), 0);
    text_field(w, "pages", pc_record_get(r, PC_F_PAGE), 0);
    /* the publisher of a thesis is its school, of a report its institution:
     * the fields bibtex's styles print for those types (the reader maps
     * both back to the publisher) */
    text_field(w, strcmp(type, "phdthesis") == 0    ? "school"
                  : strcmp(type, "techreport") == 0 ? "institution"
                                                    : "publisher",
               pc_record_get(r, PC_F_PUBLISHER), 0);
    url_field(w, "doi", pc_record_get(r, PC_F_DOI));
    const char *arxiv_id = pc_record_get(r, PC_F_ARXIV_ID);
    if (arxiv_id) {
        const char *version = pc_record_get(r, PC_F_ARXIV_VERSION);
        pc_buf_clear(&w->tmp);
        pc_buf_puts(&w->tmp, arxiv_id);
        if (version) {
            pc_buf_putc(&w->tmp, 'v');
            pc_buf_puts(&w->tmp, version);
        }
        url_field(w, "eprint", w->tmp.ptr); /* url_field writes to w->entry only */
        pc_buf_puts(&w->entry, "  archiveprefix = {arXiv},\n");
        text_field(w, "primaryclass", pc_record_get(r, PC_F_ARXIV_CLASS), 0);
    }
    const pc_strlist *urls = pc_record_list(r, PC_F_URL);
    for (size_t i = 0; urls && i < urls->n; i++) /* BibTeX has one url field */
        if (i == 0)
            url_field(w, "url", urls->items[0]);
        else
            pc_ctx_dropped(w->ctx, "bibtex", "url (second and later)");
    const pc_text *abstract = pc_record_text(r, PC_F_ABSTRACT);
    if (abstract)
        abstract_field(w, abstract);
    const pc_strlist *keywords = pc_record_list(r, PC_F_KEYWORD);
    if (keywords && keywords->n) {
        field_open(w, "keywords");
        for (size_t i = 0; i < keywords->n; i++) {
            if (i)
                pc_buf_puts(&w->entry, ", ");
            pc_latex_encode(keywords->items[i], strlen(keywords->items[i]), &w->entry, w->flags,
                            &w->rep);
        }
        field_close(w);
    }
    text_field(w, "note", pc_record_get(r, PC_F_JOURNAL_REF), 0);
    text_field(w, "comment", pc_record_get(r, PC_F_NOTE), 0);
    pc_buf_puts(&w->entry, "}\n");
    return fwrite(w->entry.ptr, 1, w->entry.len, w->out) == w->entry.len;
}

static bool bib_end(void *state)
{
    bib_writer *w = state;
    if (w->rep.n_unencodable)
        pc_diag_emit(w->ctx, PC_SEV_NOTE, NULL, 0, 0,
                     "bibtex: %zu character(s) with no LaTeX form kept as UTF-8 (first U+%04X)",
                     w->rep.n_unencodable, (unsigned)w->rep.first_unencodable);
    pc_buf_free(&w->entry);
    pc_buf_free(&w->tmp);
    pc_buf_free(&w->particle);
    free(w);
    return true;
}

static const char *const bib_aliases[] = {"bib", "biblatex", NULL};
static const char *const bib_exts[] = {"bib", "bibtex", NULL};

const pc_format pc_format_bibtex = {
    .name = "bibtex",
    .aliases = bib_aliases,
    .extensions = bib_exts,
    .description = "BibTeX database (.bib)",
    .sniff = pc_bibtex_sniff,
    .read_open = pc_bibtex_read_open,
    .read_next = pc_bibtex_read_next,
    .read_close = pc_bibtex_read_close,
    .write_begin = bib_begin,
    .write_record = bib_write,
    .write_end = bib_end,
};
