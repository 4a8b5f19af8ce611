/* SPDX-License-Identifier: MIT */
/* gen_hostile.c — hostile inputs for the complexity test (issue 12;
 * tests/robust/test_complexity.sh runs them).
 *
 * Each row of `shapes` is one shape for one reader: deep `\'{` nesting,
 * unclosed braces and math, `@string` bombs, many keywords, UTF-16, CR-only
 * line ends, ... written at a size N (a count of nesting levels, repeats,
 * records or bytes, whatever the shape grows by).  The test writes every
 * row at N and 10 N and checks the CPU time grows about 10x, not 100x.
 * Inputs are deterministic: a row at a size is always the same bytes (the
 * few varied words come from a fixed-seed splitmix64).  Only libc: this is
 * a test-data writer, so its small JSON, XML and YAML escapers live here.
 *
 *   gen_hostile -l                 the rows: ID READER WRITER N [OPTION...]
 *   gen_hostile -o FILE ID N       writes row ID at size N to FILE and prints
 *                                  "COUNT MODE": the records it holds and how
 *                                  the test checks them (MODE z: exit 0 means
 *                                  COUNT written; x: exit 0 and COUNT written;
 *                                  a: written + skipped = COUNT; -: no check)
 *
 * The WRITER column is the writer the test runs: the one whose code the
 * shape reaches (BibTeX for case-protected words and LaTeX, CSL-YAML for
 * italic spans (Markdown), RIS for lists of keywords and URLs, ...). */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- output buffer --------------------------------------------------------- */

typedef struct buf {
    char *p;
    size_t n, cap;
} buf;

static void grow(buf *b, size_t more)
{
    if (b->n + more <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 1 << 16;
    while (cap < b->n + more)
        cap *= 2;
    b->p = realloc(b->p, cap);
    if (!b->p) {
        fputs("gen_hostile: out of memory\n", stderr);
        exit(2);
    }
    b->cap = cap;
}

static void put(buf *b, const char *s, size_t n)
{
    grow(b, n);
    memcpy(b->p + b->n, s, n);
    b->n += n;
}

static void puts_(buf *b, const char *s) { put(b, s, strlen(s)); }

static void putc_(buf *b, char c) { put(b, &c, 1); }

static void bprintf(buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    grow(b, (size_t)k + 1);
    va_start(ap, fmt);
    vsnprintf(b->p + b->n, (size_t)k + 1, fmt, ap);
    va_end(ap);
    b->n += (size_t)k;
}

/* s written n times */
static void rep(buf *b, const char *s, long n)
{
    size_t k = strlen(s);
    grow(b, k * (size_t)(n > 0 ? n : 0));
    for (long i = 0; i < n; i++)
        put(b, s, k);
}

/* ---- deterministic words ---------------------------------------------------- */

static uint64_t rng_state = 0x5eed;

static uint64_t rnext(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A distinct lower-case word for every k: base 26, at least 3 letters. */
static void word(buf *b, long k)
{
    char t[16];
    int i = 0;
    do {
        t[i++] = (char)('a' + k % 26);
        k /= 26;
    } while (k || i < 3);
    put(b, t, (size_t)i);
}

static const char *const given_names[] = {"Ada", "Alan", "Grace", "Kurt", "Emmy", "Sofia", "Niels", "Lise"};
static const char *const plain_words[] = {"robust", "parsing", "of", "bibliographic", "data", "in",
                                          "linear", "time", "with", "hostile", "inputs", "streams"};

/* "Given Familyxyz": a name the parsers split as given + family */
static void person(buf *b, long k)
{
    bprintf(b, "%s Fam", given_names[k % 8]);
    word(b, k);
}

/* ---- escapers for the formats that need them -------------------------------- */

static void esc_json(buf *b, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            bprintf(b, "\\%c", c);
        else if (c < 0x20)
            bprintf(b, "\\u%04x", c);
        else
            putc_(b, (char)c);
    }
}

static void esc_xml(buf *b, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        switch (s[i]) {
        case '&': puts_(b, "&amp;"); break;
        case '<': puts_(b, "&lt;"); break;
        case '>': puts_(b, "&gt;"); break;
        default: putc_(b, s[i]);
        }
    }
}

/* a YAML double-quoted scalar's body */
static void esc_yaml(buf *b, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            bprintf(b, "\\%c", c);
        else if (c < 0x20)
            bprintf(b, "\\x%02x", c);
        else
            putc_(b, (char)c);
    }
}

/* ---- one record, in each reader's format ------------------------------------- */

enum reader { R_LISTING, R_BIBTEX, R_RIS, R_JSON, R_ATOM, R_YAML, R_ENDNOTE, R_NBIB, R_ISI, R_COUNT };
static const char *const reader_names[R_COUNT] = {"listing", "bibtex", "ris", "json", "atom", "yaml",
                                                  "endnote", "nbib", "isi"};

/* JSON records: the arXiv snapshot (its text is LaTeX), Crossref (JATS
 * markup, affiliation and subject lists) or CSL-JSON (HTML-like tags). */
enum jstyle { J_ARXIV, J_CROSSREF, J_CSL };

typedef struct spec {
    long idx;               /* record number: ids, keys, varied names */
    const buf *title;       /* NULL: an ordinary title */
    long authors;           /* how many (0: two) */
    long affs, kws, urls;   /* affiliations of the first author, keywords, URLs */
    bool same_aff;          /* every affiliation the same one ("Institute 0") */
    enum jstyle json;
    const buf *extra;       /* raw text inside the record, where the writer says */
    const char *key;        /* BibTeX key (NULL: r<idx>) */
    const char *nl;         /* line end (NULL: "\n") */
} spec;

static void title_text(buf *b, const spec *s)
{
    if (s->title) {
        put(b, s->title->p, s->title->n);
        return;
    }
    bprintf(b, "Robust Parsing of Hostile Inputs number %ld", s->idx);
}

/* t as this reader's field text: escaped where the syntax needs it */
static void put_esc(buf *b, enum reader rd, const buf *t)
{
    if (rd == R_JSON)
        esc_json(b, t->p, t->n);
    else if (rd == R_ATOM)
        esc_xml(b, t->p, t->n);
    else if (rd == R_YAML)
        esc_yaml(b, t->p, t->n);
    else
        put(b, t->p, t->n);
}

static void put_title(buf *b, enum reader rd, const spec *s)
{
    buf t = {0};
    title_text(&t, s);
    put_esc(b, rd, &t);
    free(t.p);
}

static long n_authors(const spec *s) { return s->authors ? s->authors : 2; }

/* the number of the a-th affiliation's institute */
static long aff_no(const spec *s, long a) { return s->same_aff ? 0 : a; }

static void rec_listing(buf *b, const spec *s)
{
    const char *nl = s->nl ? s->nl : "\n";
    puts_(b, "\xE2\x80\xA2 ");
    put_title(b, R_LISTING, s);
    bprintf(b, "%s%s  ", nl, nl);
    for (long k = 0; k < n_authors(s); k++) {
        if (k)
            puts_(b, ", ");
        person(b, s->idx + k);
        for (long a = 0; a < (k ? 0 : s->affs); a++) {
            puts_(b, a ? "; " : " (");
            bprintf(b, "Institute %ld", aff_no(s, a));
        }
        if (!k && s->affs)
            putc_(b, ')');
    }
    bprintf(b, " \xC2\xB7 2 octobre 2026%s%s  An abstract of record %ld.%s%s", nl, nl, s->idx, nl, nl);
}

static void rec_bibtex(buf *b, const spec *s)
{
    const char *nl = s->nl ? s->nl : "\n";
    if (s->key)
        bprintf(b, "@article{%s,%s  title = {", s->key, nl);
    else
        bprintf(b, "@article{r%ld,%s  title = {", s->idx, nl);
    put_title(b, R_BIBTEX, s);
    bprintf(b, "},%s  author = {", nl);
    for (long k = 0; k < n_authors(s); k++) {
        if (k)
            puts_(b, " and ");
        person(b, s->idx + k);
    }
    bprintf(b, "},%s", nl);
    for (long a = 0; a < s->affs; a++)
        bprintf(b, "%sInstitute %ld%s", a ? "; " : "  affiliation = {", aff_no(s, a),
                a + 1 == s->affs ? "},\n" : "");
    for (long k = 0; k < s->kws; k++) {
        puts_(b, k ? ", " : "  keywords = {");
        word(b, k);
        if (k + 1 == s->kws)
            bprintf(b, "},%s", nl);
    }
    if (s->extra)
        put(b, s->extra->p, s->extra->n);
    bprintf(b, "  journal = {Journal of Robustness},%s  year = 2026%s}%s%s", nl, nl, nl, nl);
}

static void rec_ris(buf *b, const spec *s)
{
    const char *nl = s->nl ? s->nl : "\n";
    bprintf(b, "TY  - JOUR%sTI  - ", nl);
    put_title(b, R_RIS, s);
    puts_(b, nl);
    for (long k = 0; k < n_authors(s); k++) {
        puts_(b, "AU  - ");
        person(b, s->idx + k);
        puts_(b, nl);
        for (long a = 0; a < (k ? 0 : s->affs); a++)
            bprintf(b, "AD  - Institute %ld%s", aff_no(s, a), nl);
    }
    for (long k = 0; k < s->kws; k++) {
        puts_(b, "KW  - ");
        word(b, k);
        puts_(b, nl);
    }
    for (long u = 0; u < s->urls; u++)
        bprintf(b, "UR  - https://example.org/%ld/%ld%s", s->idx, u, nl);
    if (s->extra)
        put(b, s->extra->p, s->extra->n);
    bprintf(b, "JO  - Journal of Robustness%sPY  - 2026%sER  - %s%s", nl, nl, nl, nl);
}

static void json_authors(buf *b, const spec *s)
{
    puts_(b, ",\"author\":[");
    for (long k = 0; k < n_authors(s); k++) {
        bprintf(b, "%s{\"given\":\"%s\",\"family\":\"Fam", k ? "," : "", given_names[(s->idx + k) % 8]);
        word(b, s->idx + k);
        putc_(b, '"');
        if (s->json == J_CROSSREF) {
            puts_(b, ",\"affiliation\":[");
            for (long a = 0; a < (k ? 0 : s->affs); a++)
                bprintf(b, "%s{\"name\":\"Institute %ld\"}", a ? "," : "", aff_no(s, a));
            putc_(b, ']');
        }
        putc_(b, '}');
    }
    putc_(b, ']');
}

static void rec_json(buf *b, const spec *s)
{
    const char *nl = s->nl ? s->nl : "\n";
    if (s->json == J_ARXIV) {
        bprintf(b, "{\"id\":\"2401.%05ld\",\"title\":\"", s->idx % 100000);
        put_title(b, R_JSON, s);
        puts_(b, "\",\"authors\":\"");
        for (long k = 0; k < n_authors(s); k++) {
            puts_(b, k ? ", " : "");
            person(b, s->idx + k);
        }
        bprintf(b, "\",\"abstract\":\"An abstract of record %ld.\",\"categories\":\"cs.LG\","
                   "\"versions\":[{\"version\":\"v1\",\"created\":\"Mon, 1 Jan 2024 00:00:00 GMT\"}]",
                s->idx);
    } else {
        bool xr = s->json == J_CROSSREF;
        if (xr)
            bprintf(b, "{\"DOI\":\"10.1234/r.%ld\",\"type\":\"journal-article\",\"title\":[\"", s->idx);
        else
            bprintf(b, "{\"id\":\"r%ld\",\"type\":\"article-journal\",\"title\":\"", s->idx);
        put_title(b, R_JSON, s);
        puts_(b, xr ? "\"]" : "\"");
        json_authors(b, s);
        for (long k = 0; k < s->kws; k++) {
            puts_(b, k ? (xr ? "\",\"" : ", ") : (xr ? ",\"subject\":[\"" : ",\"keyword\":\""));
            word(b, k);
            if (k + 1 == s->kws)
                puts_(b, xr ? "\"]" : "\"");
        }
        puts_(b, ",\"issued\":{\"date-parts\":[[2024,1,2]]}");
    }
    if (s->extra)
        put(b, s->extra->p, s->extra->n);
    bprintf(b, "}%s", nl);
}

static void rec_atom(buf *b, const spec *s)
{
    const char *nl = s->nl ? s->nl : "\n";
    bprintf(b, "<entry>%s<id>http://arxiv.org/abs/2401.%05ldv1</id>%s<title>", nl, s->idx % 100000, nl);
    put_title(b, R_ATOM, s);
    bprintf(b, "</title>%s<published>2024-01-01T00:00:00Z</published>%s"
               "<summary>An abstract of record %ld.</summary>%s", nl, nl, s->idx, nl);
    for (long k = 0; k < n_authors(s); k++) {
        puts_(b, "<author><name>");
        person(b, s->idx + k);
        puts_(b, "</name>");
        for (long a = 0; a < (k ? 0 : s->affs); a++)
            bprintf(b, "<arxiv:affiliation>Institute %ld</arxiv:affiliation>", aff_no(s, a));
        bprintf(b, "</author>%s", nl);
    }
    for (long k = 0; k < s->kws; k++) {
        puts_(b, "<category term=\"");
        word(b, k);
        bprintf(b, "\"/>%s", nl);
    }
    for (long u = 0; u < s->urls; u++)
        bprintf(b, "<link href=\"https://example.org/%ld/%ld\"/>%s", s->idx, u, nl);
    if (s->extra)
        put(b, s->extra->p, s->extra->n);
    bprintf(b, "</entry>%s", nl);
}

static void rec_yaml(buf *b, const spec *s)
{
    const char *nl = s->nl ? s->nl : "\n";
    bprintf(b, "- id: r%ld%s  type: article-journal%s  title: \"", s->idx, nl, nl);
    put_title(b, R_YAML, s);
    bprintf(b, "\"%s  author:%s", nl, nl);
    for (long k = 0; k < n_authors(s); k++) {
        bprintf(b, "  - family: Fam");
        word(b, s->idx + k);
        bprintf(b, "%s    given: %s%s", nl, given_names[(s->idx + k) % 8], nl);
    }
    for (long k = 0; k < s->kws; k++) {
        puts_(b, k ? ", " : "  keyword: \"");
        word(b, k);
        if (k + 1 == s->kws)
            bprintf(b, "\"%s", nl);
    }
    if (s->extra)
        put(b, s->extra->p, s->extra->n);
    bprintf(b, "  container-title: Journal of Robustness%s  issued: 2024%s", nl, nl);
}

/* EndNote tagged: one tag a line, a blank line after the record */
static void rec_endnote(buf *b, const spec *s)
{
    const char *nl = s->nl ? s->nl : "\n";
    bprintf(b, "%%0 Journal Article%s%%T ", nl);
    put_title(b, R_ENDNOTE, s);
    puts_(b, nl);
    for (long k = 0; k < n_authors(s); k++) {
        bprintf(b, "%%A Fam");
        word(b, s->idx + k);
        bprintf(b, ", %s%s", given_names[(s->idx + k) % 8], nl);
        for (long a = 0; a < (k ? 0 : s->affs); a++)
            bprintf(b, "%%+ Institute %ld%s", aff_no(s, a), nl);
    }
    for (long k = 0; k < s->kws; k++) {
        puts_(b, "%K ");
        word(b, k);
        puts_(b, nl);
    }
    for (long u = 0; u < s->urls; u++)
        bprintf(b, "%%U https://example.org/%ld/%ld%s", s->idx, u, nl);
    if (s->extra)
        put(b, s->extra->p, s->extra->n);
    bprintf(b, "%%J Journal of Robustness%s%%D 2026%s%s", nl, nl, nl);
}

/* MEDLINE: tags padded to four columns, FAU and AU per author */
static void rec_nbib(buf *b, const spec *s)
{
    const char *nl = s->nl ? s->nl : "\n";
    bprintf(b, "PMID- %ld%sTI  - ", s->idx + 1, nl);
    put_title(b, R_NBIB, s);
    puts_(b, nl);
    for (long k = 0; k < n_authors(s); k++) {
        puts_(b, "FAU - Fam");
        word(b, s->idx + k);
        bprintf(b, ", %s%sAU  - Fam", given_names[(s->idx + k) % 8], nl);
        word(b, s->idx + k);
        bprintf(b, " %c%s", given_names[(s->idx + k) % 8][0], nl);
        for (long a = 0; a < (k ? 0 : s->affs); a++)
            bprintf(b, "AD  - Institute %ld%s", aff_no(s, a), nl);
    }
    for (long k = 0; k < s->kws; k++) {
        puts_(b, "OT  - ");
        word(b, k);
        puts_(b, nl);
    }
    if (s->extra)
        put(b, s->extra->p, s->extra->n);
    bprintf(b, "JT  - Journal of Robustness%sDP  - 2026 Mar%s%s", nl, nl, nl);
}

/* Web of Science: two-letter tags, three-space continuation lines */
static void rec_isi(buf *b, const spec *s)
{
    const char *nl = s->nl ? s->nl : "\n";
    bprintf(b, "PT J%s", nl);
    for (long k = 0; k < n_authors(s); k++) {
        puts_(b, k ? "   Fam" : "AF Fam");
        word(b, s->idx + k);
        bprintf(b, ", %s%s", given_names[(s->idx + k) % 8], nl);
    }
    puts_(b, "TI ");
    put_title(b, R_ISI, s);
    puts_(b, nl);
    for (long a = 0; a < s->affs; a++) {
        puts_(b, a ? "   [Fam" : "C1 [Fam");
        word(b, s->idx);
        bprintf(b, ", %s] Institute %ld%s", given_names[s->idx % 8], aff_no(s, a), nl);
    }
    for (long k = 0; k < s->kws; k++) {
        puts_(b, k ? "; " : "DE ");
        word(b, k);
        if (k + 1 == s->kws)
            puts_(b, nl);
    }
    if (s->extra)
        put(b, s->extra->p, s->extra->n);
    bprintf(b, "SO JOURNAL OF ROBUSTNESS%sPY 2026%sER%s%s", nl, nl, nl, nl);
}

static void head(buf *b, enum reader rd, const char *nl, const char *ns)
{
    nl = nl ? nl : "\n";
    if (rd == R_LISTING)
        bprintf(b, "Hostile Inputs%s%s", nl, nl);
    else if (rd == R_ATOM)
        bprintf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>%s<feed xmlns=\"http://www.w3.org/2005/Atom\" "
                   "xmlns:arxiv=\"http://arxiv.org/schemas/atom\"%s>%s<title>hostile</title>%s",
                nl, ns ? ns : "", nl, nl);
    else if (rd == R_YAML)
        bprintf(b, "references:%s", nl);
    else if (rd == R_ISI)
        bprintf(b, "FN Clarivate Analytics Web of Science%sVR 1.0%s", nl, nl);
}

static void tail(buf *b, enum reader rd, const char *nl)
{
    if (rd == R_ATOM)
        bprintf(b, "</feed>%s", nl ? nl : "\n");
    else if (rd == R_ISI)
        bprintf(b, "EF%s", nl ? nl : "\n");
}

static void record(buf *b, enum reader rd, const spec *s)
{
    static void (*const fns[R_COUNT])(buf *, const spec *) = {
        [R_LISTING] = rec_listing, [R_BIBTEX] = rec_bibtex, [R_RIS] = rec_ris,
        [R_JSON] = rec_json,       [R_ATOM] = rec_atom,     [R_YAML] = rec_yaml,
        [R_ENDNOTE] = rec_endnote, [R_NBIB] = rec_nbib,     [R_ISI] = rec_isi,
    };
    fns[rd](b, s);
}

/* A whole file holding the one record s. */
static void one_file(buf *b, enum reader rd, const spec *s)
{
    head(b, rd, s->nl, NULL);
    record(b, rd, s);
    tail(b, rd, s->nl);
}

/* ---- the shapes ---------------------------------------------------------------
 * Each returns how many records the file holds (-1: no record structure) and
 * sets *mode (see the top of the file). */

typedef long gen_fn(buf *b, enum reader rd, long n, char *mode);

static long title_file(buf *b, enum reader rd, const buf *t, enum jstyle js, char *mode)
{
    spec s = {.title = t, .json = js};
    one_file(b, rd, &s);
    *mode = 'z';
    return 1;
}

/* A title made of `open` n times, `mid`, `close` n times. */
static long nest_title(buf *b, enum reader rd, long n, const char *open, const char *mid,
                       const char *close, enum jstyle js, char *mode)
{
    buf t = {0};
    rep(&t, open, n);
    puts_(&t, mid);
    rep(&t, close, n);
    long k = title_file(b, rd, &t, js, mode);
    free(t.p);
    return k;
}

/* A title made of "unit" n times, with %ld in unit replaced by a distinct word. */
static long repeat_title(buf *b, enum reader rd, long n, const char *before, const char *after,
                         enum jstyle js, char *mode)
{
    buf t = {0};
    puts_(&t, "Start ");
    for (long i = 0; i < n; i++) {
        puts_(&t, before);
        if (after) {
            word(&t, i);
            puts_(&t, after);
        }
    }
    puts_(&t, " end");
    long k = title_file(b, rd, &t, js, mode);
    free(t.p);
    return k;
}

static long g_accent_nest(buf *b, enum reader rd, long n, char *m)
{
    return nest_title(b, rd, n, "\\'{", "e", "}", J_ARXIV, m);
}
static long g_emph_nest(buf *b, enum reader rd, long n, char *m)
{
    return nest_title(b, rd, n, "\\emph{", "x", "}", J_ARXIV, m);
}
static long g_emph_open(buf *b, enum reader rd, long n, char *m)
{
    return nest_title(b, rd, n, "\\emph{", "x", "", J_ARXIV, m);
}
static long g_brace_nest(buf *b, enum reader rd, long n, char *m)
{
    return nest_title(b, rd, n, "{", "X", "}", J_ARXIV, m);
}
static long g_brace_open(buf *b, enum reader rd, long n, char *m)
{
    return nest_title(b, rd, n, "{", "X", "", J_ARXIV, m);
}
static long g_escbrace(buf *b, enum reader rd, long n, char *m)
{
    return repeat_title(b, rd, n, "\\foo{\\}", NULL, J_ARXIV, m);
}
static long g_paren_open(buf *b, enum reader rd, long n, char *m)
{
    return repeat_title(b, rd, n, "\\( x ", NULL, J_ARXIV, m);
}
/* "$" that never closes: each one is followed by an escaped "\$" */
static long g_dollar_open(buf *b, enum reader rd, long n, char *m)
{
    return repeat_title(b, rd, n, "$x\\$ ", NULL, J_ARXIV, m);
}
static long g_display_open(buf *b, enum reader rd, long n, char *m)
{
    return repeat_title(b, rd, n, "$$x ", NULL, J_ARXIV, m);
}
static long g_protected(buf *b, enum reader rd, long n, char *m)
{
    return repeat_title(b, rd, n, "{W", "} ", J_ARXIV, m);
}
/* protected runs of words, each its own ({W x y}): the writers' matcher */
static long g_protected_runs(buf *b, enum reader rd, long n, char *m)
{
    return repeat_title(b, rd, n, "{W", " Of Runs} ", J_ARXIV, m);
}
/* n words "A", then one protected run of n "A" and a "B": a run compared
 * word by word at each place would cost n^2 */
static long g_run_prefix(buf *b, enum reader rd, long n, char *m)
{
    buf t = {0};
    rep(&t, "A ", n);
    puts_(&t, "{");
    rep(&t, "A ", n);
    puts_(&t, "B}");
    long k = title_file(b, rd, &t, J_ARXIV, m);
    free(t.p);
    return k;
}
/* the same as one CSL nocase span, read and written by the CSL side */
static long g_nocase_prefix(buf *b, enum reader rd, long n, char *m)
{
    buf t = {0};
    rep(&t, "A ", n);
    puts_(&t, rd == R_YAML ? "[" : "<span class=\"nocase\">");
    rep(&t, "A ", n);
    puts_(&t, rd == R_YAML ? "B]{.nocase}" : "B</span>");
    long k = title_file(b, rd, &t, J_CSL, m);
    free(t.p);
    return k;
}
static long g_accents(buf *b, enum reader rd, long n, char *m)
{
    return repeat_title(b, rd, n, "\\'e", NULL, J_ARXIV, m);
}
static long g_math(buf *b, enum reader rd, long n, char *m)
{
    return repeat_title(b, rd, n, "$x_i^{2}$ ", NULL, J_ARXIV, m);
}
static long g_commands(buf *b, enum reader rd, long n, char *m)
{
    return repeat_title(b, rd, n, "\\foo", " ", J_ARXIV, m);
}
static long g_nocase(buf *b, enum reader rd, long n, char *m)
{
    if (rd == R_YAML)
        return repeat_title(b, rd, n, "[W", "]{.nocase} ", J_CSL, m);
    return repeat_title(b, rd, n, "<span class=\"nocase\">W", "</span> ", J_CSL, m);
}
static long g_html_nest(buf *b, enum reader rd, long n, char *m)
{
    return nest_title(b, rd, n, "<i>", "x", "</i>", J_CSL, m);
}
static long g_html_open(buf *b, enum reader rd, long n, char *m)
{
    return nest_title(b, rd, n, "<i>", "x", "", J_CSL, m);
}
static long g_jats_nest(buf *b, enum reader rd, long n, char *m)
{
    return nest_title(b, rd, n, "<jats:italic>", "x", "</jats:italic>", J_CROSSREF, m);
}
static long g_md_star(buf *b, enum reader rd, long n, char *m)
{
    return repeat_title(b, rd, n, "*a _b ", NULL, J_CSL, m);
}
static long g_md_bracket(buf *b, enum reader rd, long n, char *m)
{
    return repeat_title(b, rd, n, "[a ", NULL, J_CSL, m);
}
static long g_md_nest(buf *b, enum reader rd, long n, char *m)
{
    return nest_title(b, rd, n, "*_", "x", "_*", J_CSL, m);
}

/* n words, varied: a long title on one line */
static long g_long_title(buf *b, enum reader rd, long n, char *m)
{
    buf t = {0};
    for (long i = 0; i < n; i++) {
        puts_(&t, i ? " " : "Title ");
        puts_(&t, plain_words[rnext() % 12]);
    }
    long k = title_file(b, rd, &t, J_CSL, m);
    free(t.p);
    return k;
}

/* n words, varied, ~7.8 bytes each (a 1 MB title at 10 n): Latin with
 * accents, Cyrillic, Greek, CJK, math, punctuation and stop words, for a
 * key formula that runs the title functions and filters (the row's
 * options, --key-format) */
static long g_key_title(buf *b, enum reader rd, long n, char *m)
{
    static const char *const words[] = {"Über",  "Жизнь",  "γεωμετρία", "$x$-ray", "—",    "the",
                                        "robust", "parsing", "O'Brien",  "«data»",  "深度", "of"};
    buf t = {0};
    for (long i = 0; i < n; i++) {
        if (i)
            putc_(&t, ' ');
        puts_(&t, words[rnext() % 12]);
    }
    long k = title_file(b, rd, &t, J_CSL, m);
    free(t.p);
    return k;
}

/* the same word n times: the listing's repeated-words repair looks at it */
static long g_same_words(buf *b, enum reader rd, long n, char *m)
{
    return repeat_title(b, rd, n, "Same ", NULL, J_ARXIV, m);
}

/* escapes of the carrier format, each decoding to one character */
static long g_escapes(buf *b, enum reader rd, long n, char *m)
{
    buf t = {0};
    const char *e = rd == R_ATOM ? "&#233;&amp;" : rd == R_JSON ? "\\u00e9\\n" : "\\xe9\\t";
    rep(&t, e, n);
    /* written raw: put_esc would escape the escapes */
    head(b, rd, NULL, NULL);
    if (rd == R_ATOM) {
        bprintf(b, "<entry><id>http://arxiv.org/abs/2401.00001v1</id><title>%.*s</title>"
                   "<author><name>Ada Lovelace</name></author></entry>\n", (int)t.n, t.p);
    } else if (rd == R_JSON) {
        bprintf(b, "{\"id\":\"r1\",\"type\":\"article\",\"title\":\"%.*s\","
                   "\"author\":[{\"family\":\"Lovelace\",\"given\":\"Ada\"}]}\n", (int)t.n, t.p);
    } else {
        bprintf(b, "- id: r1\n  title: \"%.*s\"\n  author:\n  - family: Lovelace\n", (int)t.n, t.p);
    }
    tail(b, rd, NULL);
    free(t.p);
    *m = 'z';
    return 1;
}

/* n ordinary records */
static long g_records(buf *b, enum reader rd, long n, char *m)
{
    head(b, rd, NULL, NULL);
    for (long i = 0; i < n; i++) {
        spec s = {.idx = i, .json = J_ARXIV};
        record(b, rd, &s);
    }
    tail(b, rd, NULL);
    *m = 'x';
    return n;
}

/* n records that are all alike: one citation key, n - 1 suffixes */
static long g_same_key(buf *b, enum reader rd, long n, char *m)
{
    buf t = {0};
    puts_(&t, "The Same Title");
    head(b, rd, NULL, NULL);
    for (long i = 0; i < n; i++) {
        spec s = {.idx = 0, .title = &t, .json = J_CSL, .key = "same"};
        record(b, rd, &s);
    }
    tail(b, rd, NULL);
    free(t.p);
    *m = 'x';
    return n;
}

static long g_authors(buf *b, enum reader rd, long n, char *m)
{
    spec s = {.authors = n, .json = J_CROSSREF};
    one_file(b, rd, &s);
    *m = 'z';
    return 1;
}

static long g_affs(buf *b, enum reader rd, long n, char *m)
{
    spec s = {.affs = n, .json = J_CROSSREF};
    one_file(b, rd, &s);
    *m = 'z';
    return 1;
}

static long g_keywords(buf *b, enum reader rd, long n, char *m)
{
    spec s = {.kws = n, .json = rd == R_JSON ? J_CROSSREF : J_CSL};
    one_file(b, rd, &s);
    *m = 'z';
    return 1;
}

static long g_urls(buf *b, enum reader rd, long n, char *m)
{
    spec s = {.urls = n};
    one_file(b, rd, &s);
    *m = 'z';
    return 1;
}

/* "and" n times in the author list: empty names between them */
static long g_ands(buf *b, enum reader rd, long n, char *m)
{
    head(b, rd, NULL, NULL);
    if (rd == R_LISTING) {
        puts_(b, "\xE2\x80\xA2 Many Ands\n\n  Ada Lovelace");
        rep(b, " and", n);
        puts_(b, " Alan Turing \xC2\xB7 2 octobre 2026\n\n");
    } else if (rd == R_BIBTEX) {
        puts_(b, "@misc{ands,\n  title = {Many Ands},\n  author = {Ada Lovelace");
        rep(b, " and", n);
        puts_(b, " Alan Turing},\n  year = 2026\n}\n");
    } else {
        puts_(b, "TY  - JOUR\nTI  - Many Ands\nAU  - Ada Lovelace");
        rep(b, " and", n);
        puts_(b, " Alan Turing\nER  - \n");
    }
    *m = 'z';
    return 1;
}

/* one author whose name has n words */
static long g_name_words(buf *b, enum reader rd, long n, char *m)
{
    buf t = {0};
    for (long i = 0; i < n; i++) {
        putc_(&t, i % 3 == 1 ? 'v' : 'N'); /* a particle-like lower-case word now and then */
        word(&t, i);
        putc_(&t, ' ');
    }
    puts_(&t, "Last");
    head(b, rd, NULL, NULL);
    if (rd == R_LISTING)
        bprintf(b, "\xE2\x80\xA2 Long Name\n\n  %.*s \xC2\xB7 2 octobre 2026\n\n", (int)t.n, t.p);
    else if (rd == R_BIBTEX)
        bprintf(b, "@misc{name,\n  title = {Long Name},\n  author = {%.*s},\n  year = 2026\n}\n", (int)t.n, t.p);
    else
        bprintf(b, "TY  - JOUR\nTI  - Long Name\nAU  - %.*s\nER  - \n", (int)t.n, t.p);
    free(t.p);
    *m = 'z';
    return 1;
}

/* one record with n fields (distinct names, or one tag repeated in RIS) */
static long g_fields(buf *b, enum reader rd, long n, char *m)
{
    buf x = {0};
    for (long i = 0; i < n; i++) {
        switch (rd) {
        case R_BIBTEX: puts_(&x, "  f"); word(&x, i); puts_(&x, " = {v},\n"); break;
        case R_RIS: puts_(&x, "ZZ  - unknown tag\n"); break;
        case R_JSON: puts_(&x, ",\"f"); word(&x, i); puts_(&x, "\":1"); break;
        case R_ATOM: puts_(&x, "<f"); word(&x, i); puts_(&x, ">v</f"); word(&x, i); puts_(&x, ">\n"); break;
        default: puts_(&x, "  f"); word(&x, i); puts_(&x, ": v\n"); break;
        }
    }
    spec s = {.extra = &x, .json = J_CSL};
    one_file(b, rd, &s);
    free(x.p);
    *m = 'z';
    return 1;
}

/* one BibTeX field written n times */
static long g_dup_fields(buf *b, enum reader rd, long n, char *m)
{
    buf x = {0};
    rep(&x, "  note = {again},\n", n);
    spec s = {.extra = &x};
    one_file(b, rd, &s);
    free(x.p);
    *m = 'z';
    return 1;
}

/* ---- equal items (issue 19): lists that keep duplicates, pushed the same
 * string n times; each push used to walk the index's chain of every earlier
 * copy ------------------------------------------------------------------------ */

/* BibTeX: n empty @comment{}s before one entry (each is kept for the entry,
 * as its pending pass-through values, and costs no byte of their cap) */
static long g_empty_comments(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    rep(b, "@comment{}\n", n);
    spec s = {0};
    record(b, R_BIBTEX, &s);
    *m = 'z';
    return 1;
}

/* the first author's affiliation, the same one n times */
static long g_same_affs(buf *b, enum reader rd, long n, char *m)
{
    spec s = {.affs = n, .same_aff = true, .json = J_CROSSREF};
    one_file(b, rd, &s);
    *m = 'z';
    return 1;
}

/* BibTeX: a crossref parent of n fields of one value, and its child (the
 * parent's names and values are kept for the entries that cite it) */
static long g_parent_values(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    puts_(b, "@book{parent,\n  title = {The Parent},\n");
    for (long i = 0; i < n; i++) {
        puts_(b, "  f");
        word(b, i);
        puts_(b, " = {same},\n");
    }
    puts_(b, "  year = 2026\n}\n\n@inbook{child,\n  crossref = {parent},\n  title = {The Child},\n"
             "  author = {Ada Lovelace}\n}\n");
    *m = 'z';
    return 2;
}

/* RIS: one tag n times in one record */
static long ris_tag(buf *b, long n, const char *line, long authors, char *m)
{
    buf x = {0};
    if (line[2] != ' ') /* not a tag line: continuation lines after an AB */
        puts_(&x, "AB  - an abstract that goes on\n");
    for (long i = 0; i < n; i++)
        bprintf(&x, line, i);
    spec s = {.extra = &x, .authors = authors};
    one_file(b, R_RIS, &s);
    free(x.p);
    *m = 'z';
    return 1;
}
static long g_ris_n1(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    return ris_tag(b, n, "N1  - note %ld\n", 0, m);
}
static long g_ris_ab(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    return ris_tag(b, n, "AB  - abstract part %ld\n", 0, m);
}
static long g_ris_ad(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    return ris_tag(b, n, "AD  - Address %ld\n", 3, m); /* after the last AU: into the comment */
}
static long g_ris_ja(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    return ris_tag(b, n, "JA  - J. Abbr. %ld\n", 0, m);
}
static long g_ris_j2(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    return ris_tag(b, n, "J2  - Alt. Journal %ld\n", 0, m);
}
static long g_ris_cont(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    return ris_tag(b, n, "continued abstract line %ld\n", 0, m);
}

/* BibTeX: a macro of n bytes used n / 200 times in one field */
static long g_string_bomb(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    puts_(b, "@string{big = \"");
    rep(b, "x", n);
    puts_(b, "\"}\n\n@misc{bomb,\n  title = big");
    rep(b, " # big", n / 200);
    puts_(b, ",\n  author = {Ada Lovelace},\n  year = 2026\n}\n");
    *m = 'z';
    return 1;
}

/* BibTeX: n references to n / 40 macros, 40 to an entry */
static long g_string_refs(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    long macros = n / 40 > 0 ? n / 40 : 1, entries = (n + 39) / 40;
    for (long i = 0; i < macros; i++)
        bprintf(b, "@string{m%ld = \"w%ld \"}\n", i, i);
    for (long e = 0; e < entries; e++) {
        bprintf(b, "@misc{e%ld,\n  author = {Ada Lovelace},\n  title = m%ld", e, e % macros);
        for (long k = 1; k < 40; k++)
            bprintf(b, " # m%ld", (e * 40 + k * 7919) % macros);
        puts_(b, ",\n  year = 2026\n}\n");
    }
    *m = 'x';
    return entries;
}

/* BibTeX: n @string definitions before one entry that uses the first and
 * the last (kept as written when written back as BibTeX; past bibtex's
 * macro table bound each is an error, reported) */
static long g_many_strings(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    for (long i = 0; i < n; i++)
        bprintf(b, "@string{s%ld = \"v%ld\"}\n", i, i);
    bprintf(b, "@misc{strs,\n  author = {Ada Lovelace},\n  title = s0 # s%ld,\n  year = 2026\n}\n", n - 1);
    *m = '-';
    return 1;
}

/* BibTeX: one % comment line and one @comment of n bytes each between two
 * entries, and text after the last */
static long g_long_comment(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    puts_(b, "@misc{c1,\n  author = {Ada Lovelace},\n  title = {One},\n  year = 2026\n}\n% ");
    rep(b, "w ", n / 2);
    puts_(b, "\n@comment{");
    rep(b, "c{x} ", n / 5);
    puts_(b, "}\n@misc{c2,\n  author = {Ada Lovelace},\n  title = {Two},\n  year = 2026\n}\n");
    rep(b, "free text ", n / 10);
    *m = 'x';
    return 2;
}

/* BibTeX: "a" # "b" # ... n pieces in one field */
static long g_concat(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    puts_(b, "@misc{cat,\n  author = {Ada Lovelace},\n  title = \"a\"");
    rep(b, " # {b} # \"c\"", n / 2);
    puts_(b, ",\n  year = 2026\n}\n");
    *m = 'z';
    return 1;
}

/* BibTeX: one bare token of n bytes (number, key or field name) */
static long bare_token(buf *b, long n, const char *before, const char *unit, const char *after)
{
    puts_(b, before);
    rep(b, unit, n);
    puts_(b, after);
    return 1;
}
static long g_bare_number(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    *m = '-';
    return bare_token(b, n, "@misc{num,\n  title = {T},\n  year = ", "7", "\n}\n");
}
static long g_long_key(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    *m = '-';
    return bare_token(b, n, "@misc{", "k", ",\n  title = {T},\n  author = {A B}\n}\n");
}
static long g_long_fieldname(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    *m = '-';
    return bare_token(b, n, "@misc{fn,\n  title = {T},\n  ", "f", " = {v}\n}\n");
}

/* n NUL bytes and no line end: what `paperconv /dev/zero` reads */
static long g_zeros(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    grow(b, (size_t)n);
    memset(b->p + b->n, 0, (size_t)n);
    b->n += (size_t)n;
    *m = '-';
    return -1;
}

/* n bytes on one line, no line end, after a valid start */
static long g_long_line(buf *b, enum reader rd, long n, char *m)
{
    static const char *const start[R_COUNT] = {
        [R_LISTING] = "\xE2\x80\xA2 ", [R_BIBTEX] = "@misc{k, title = {", [R_RIS] = "TY  - JOUR\nTI  - ",
        [R_JSON] = "{\"title\":\"", [R_ATOM] = "<feed xmlns=\"http://www.w3.org/2005/Atom\"><entry><title>",
        [R_YAML] = "references:\n- title: ", [R_ENDNOTE] = "%0 Journal Article\n%T ",
        [R_NBIB] = "PMID- 1\nTI  - ", [R_ISI] = "FN Clarivate Analytics Web of Science\nVR 1.0\nPT J\nTI ",
    };
    puts_(b, start[rd]);
    for (long i = 0; i < n / 8; i++)
        puts_(b, "Aaaaaaa ");
    *m = '-';
    return -1;
}

/* nesting n deep in the format's own syntax */
static long g_deep(buf *b, enum reader rd, long n, char *m)
{
    switch (rd) {
    case R_JSON: rep(b, "[{\"a\":", n); rep(b, "1}]", n); putc_(b, '\n'); break;
    case R_YAML: puts_(b, "references:\n- id: deep\n  title: "); rep(b, "[", n); rep(b, "]", n); putc_(b, '\n'); break;
    case R_ATOM:
        head(b, rd, NULL, NULL);
        puts_(b, "<entry><id>http://arxiv.org/abs/2401.00001v1</id><title>T</title>");
        rep(b, "<a>", n);
        rep(b, "</a>", n);
        puts_(b, "</entry>\n");
        tail(b, rd, NULL);
        break;
    default: puts_(b, "@misc{deep,\n  title = {"); rep(b, "{", n); rep(b, "}", n); puts_(b, "}\n}\n"); break;
    }
    *m = '-';
    return -1;
}

/* Atom: n namespace declarations on <feed>, then one entry */
static long g_namespaces(buf *b, enum reader rd, long n, char *m)
{
    buf ns = {0};
    for (long i = 0; i < n; i++)
        bprintf(&ns, " xmlns:p%ld=\"urn:x-ns:%ld\"", i, i);
    head(b, rd, NULL, ns.p);
    spec s = {0};
    record(b, rd, &s);
    tail(b, rd, NULL);
    free(ns.p);
    *m = 'z';
    return 1;
}

/* Atom: n attributes on one element of an entry */
static long g_attributes(buf *b, enum reader rd, long n, char *m)
{
    buf x = {0};
    puts_(&x, "<x");
    for (long i = 0; i < n; i++) {
        puts_(&x, " a");
        word(&x, i);
        puts_(&x, "=\"v\"");
    }
    puts_(&x, "/>\n");
    spec s = {.extra = &x};
    one_file(b, rd, &s);
    free(x.p);
    *m = 'z';
    return 1;
}

/* Atom: a title of n CDATA sections */
static long g_cdata(buf *b, enum reader rd, long n, char *m)
{
    head(b, rd, NULL, NULL);
    puts_(b, "<entry><id>http://arxiv.org/abs/2401.00001v1</id><title>");
    rep(b, "<![CDATA[x]]>", n);
    puts_(b, "</title><author><name>Ada Lovelace</name></author></entry>\n");
    tail(b, rd, NULL);
    *m = 'z';
    return 1;
}

/* Atom: a title of one CDATA section of n bytes of HTML (libxml2 2.9's push
 * parser looked for "]]>" from the section's start again at every piece
 * that held a '>', and took 300 bytes a time: quadratic; issue 19) */
static long g_cdata_long(buf *b, enum reader rd, long n, char *m)
{
    static const char html[] = "<p>a <i>long</i> text</p> "; /* 26 bytes */
    head(b, rd, NULL, NULL);
    puts_(b, "<entry><id>urn:x-cdata</id><title><![CDATA[");
    for (long k = 0; k < n; k += (long)sizeof html - 1)
        puts_(b, html);
    puts_(b, "]]></title><author><name>Ada Lovelace</name></author></entry>\n");
    tail(b, rd, NULL);
    *m = 'z';
    return 1;
}

/* Atom: one attribute value of n bytes that holds '>' (libxml2 2.9 looked
 * back over the unfinished tag at every piece with a '>'; issue 19) */
static long g_attr_long(buf *b, enum reader rd, long n, char *m)
{
    head(b, rd, NULL, NULL);
    puts_(b, "<entry><id>urn:x-attr</id><title>T</title><category term=\"");
    rep(b, "a>b ", n / 4);
    puts_(b, "\"/><author><name>Ada Lovelace</name></author></entry>\n");
    tail(b, rd, NULL);
    *m = 'z';
    return 1;
}

/* RSS: one item with n dc:creator elements (each an author: the name list
 * grows with the input; issue 19) */
static long g_rss_creators(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    puts_(b, "<?xml version=\"1.0\"?>\n<rss version=\"2.0\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">"
             "<channel><title>hostile</title>\n<item><title>Many creators</title>\n");
    for (long k = 0; k < n; k++) {
        puts_(b, "<dc:creator>");
        person(b, k);
        puts_(b, "</dc:creator>\n");
    }
    puts_(b, "</item></channel></rss>\n");
    *m = 'z';
    return 1;
}

/* ---- encodings and line ends -------------------------------------------------- */

/* One code point as UTF-16 (units 2, with a surrogate pair past U+FFFF)
 * or UTF-32 (units 4), little or big endian. */
static void put_unit(buf *o, uint32_t c, int units, bool big)
{
    if (units == 2 && c > 0xFFFF) {
        put_unit(o, 0xD800 + ((c - 0x10000) >> 10), units, big);
        put_unit(o, 0xDC00 + ((c - 0x10000) & 0x3FF), units, big);
        return;
    }
    for (int q = 0; q < units; q++)
        putc_(o, (char)(c >> (big ? 8 * (units - 1 - q) : 8 * q)));
}

/* The UTF-8 in b, re-encoded with a BOM. */
static void transcode(buf *b, int units, bool big)
{
    buf o = {0};
    const unsigned char *s = (const unsigned char *)b->p;
    put_unit(&o, 0xFEFF, units, big);
    for (size_t i = 0; i < b->n;) {
        uint32_t c = s[i];
        int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        c &= len == 1 ? 0x7F : len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07;
        for (int j = 1; j < len && i + (size_t)j < b->n; j++)
            c = (c << 6) | (s[i + (size_t)j] & 0x3F);
        i += (size_t)len;
        put_unit(&o, c, units, big);
    }
    free(b->p);
    *b = o;
}

static long records_in(buf *b, enum reader rd, long n, const char *nl)
{
    head(b, rd, nl, NULL);
    for (long i = 0; i < n; i++) {
        spec s = {.idx = i, .json = J_ARXIV, .nl = nl};
        record(b, rd, &s);
    }
    tail(b, rd, nl);
    return n;
}

static long g_utf16le(buf *b, enum reader rd, long n, char *m)
{
    long k = records_in(b, rd, n, NULL);
    transcode(b, 2, false);
    *m = 'z';
    return k;
}
static long g_utf16be(buf *b, enum reader rd, long n, char *m)
{
    long k = records_in(b, rd, n, NULL);
    transcode(b, 2, true);
    *m = 'z';
    return k;
}
static long g_utf32le(buf *b, enum reader rd, long n, char *m)
{
    long k = records_in(b, rd, n, NULL);
    transcode(b, 4, false);
    *m = 'z';
    return k;
}

/* old Mac line ends: CR only, and a % comment line in BibTeX */
static long g_cr_only(buf *b, enum reader rd, long n, char *m)
{
    if (rd == R_BIBTEX)
        puts_(b, "% exported with CR line ends\r");
    long k = records_in(b, rd, n, "\r");
    *m = 'x';
    return k;
}

/* `cat a b` of two files that start with a BOM */
static long g_mid_bom(buf *b, enum reader rd, long n, char *m)
{
    puts_(b, "\xEF\xBB\xBF");
    long k = records_in(b, rd, n / 2, NULL);
    puts_(b, "\xEF\xBB\xBF");
    if (rd != R_LISTING) /* b.txt's BOM right before its first bullet */
        head(b, rd, NULL, NULL);
    for (long i = 0; i < n - n / 2; i++) {
        spec s = {.idx = n / 2 + i, .json = J_ARXIV};
        record(b, rd, &s);
    }
    *m = 'x';
    return k + n - n / 2;
}

/* CSL-YAML: n items, one with an invalid UTF-8 byte in its title */
static long g_bad_byte(buf *b, enum reader rd, long n, char *m)
{
    buf t = {0};
    puts_(&t, "Bad \xFF byte");
    head(b, rd, NULL, NULL);
    for (long i = 0; i < n; i++) {
        spec s = {.idx = i, .title = i == n / 2 ? &t : NULL};
        record(b, rd, &s);
    }
    free(t.p);
    *m = 'a';
    return n;
}

/* n records that each have an error (no authors, a broken entry, bad JSON) */
static long g_errors(buf *b, enum reader rd, long n, char *m)
{
    head(b, rd, NULL, NULL);
    for (long i = 0; i < n; i++) {
        if (rd == R_LISTING)
            bprintf(b, "\xE2\x80\xA2 Title %ld without authors\n\n", i);
        else if (rd == R_BIBTEX)
            bprintf(b, "@misc{e%ld title = {no comma}}\n\n", i);
        else
            bprintf(b, "{\"id\":\"2401.%05ld\",\"title\":\"broken\" \"authors\":\"A B\"}\n", i);
    }
    *m = 'a';
    return n;
}

/* ---- BibTeX crossref and xdata (issue 19) ------------------------------------ */

/* a crossref chain of n entries, each naming the next (child first) or the
 * one before (parent first); the author on the root, and a field of its
 * own name on each (what an entry inherits grows with its levels) */
static long xref_chain(buf *b, long n, bool child_first, char *m)
{
    for (long i = 0; i < n; i++) {
        bool root = child_first ? i == n - 1 : i == 0;
        bprintf(b, "@misc{c%ld,\n  title = {Title %ld},\n  f", i, i);
        word(b, i);
        puts_(b, " = {v},\n");
        if (root)
            puts_(b, "  author = {Lovelace, Ada},\n  year = 1843,\n");
        else
            bprintf(b, "  crossref = {c%ld},\n", child_first ? i + 1 : i - 1);
        puts_(b, "}\n\n");
    }
    *m = 'x';
    return n;
}

static long g_xref_child_chain(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    return xref_chain(b, n, true, m);
}

static long g_xref_parent_chain(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    return xref_chain(b, n, false, m);
}

/* a parent of n fields, a parent that inherits them, and its child */
static long g_xref_wide(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    puts_(b, "@misc{c, title = {Child}, crossref = {q}}\n\n@misc{q, title = {Middle}, crossref = {p}}\n\n"
             "@misc{p,\n  title = {Wide},\n");
    for (long i = 0; i < n; i++) {
        puts_(b, "  f");
        word(b, i);
        puts_(b, " = {v},\n");
    }
    puts_(b, "}\n");
    *m = 'x';
    return 3;
}

/* one @xdata entry of 1 MB that n @xdata entries inherit, and an entry
 * that inherits from all of them */
static long g_xdata_shared(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    puts_(b, "@misc{c, title = {Child}, xdata = {");
    for (long i = 1; i <= n; i++)
        bprintf(b, "%sx%ld", i > 1 ? ", " : "", i);
    puts_(b, "}}\n\n");
    for (long i = 1; i <= n; i++)
        bprintf(b, "@xdata{x%ld, xdata = {x0}, note%ld = {N%ld}}\n\n", i, i % 8, i);
    puts_(b, "@xdata{x0,\n  abstract = {");
    rep(b, "shared text ", (1 << 20) / 12);
    puts_(b, "},\n}\n");
    *m = 'x';
    return 1;
}

/* ---- the line-tagged formats (issue 23): one tag, or one value's
 * continuation lines, n times in one record; records without their end ---- */

/* one record whose extra lines are `first` and then `line` n times */
static long tagged_lines(buf *b, enum reader rd, long n, const char *first, const char *line, char *m)
{
    buf x = {0};
    puts_(&x, first);
    for (long i = 0; i < n; i++)
        bprintf(&x, line, i);
    spec s = {.extra = &x};
    one_file(b, rd, &s);
    free(x.p);
    *m = 'z';
    return 1;
}
/* a tag the reader gathers (notes; cited references, one a line) */
static long g_tagged_tags(buf *b, enum reader rd, long n, char *m)
{
    return rd == R_ENDNOTE ? tagged_lines(b, rd, n, "", "%%Z note %ld\n", m)
         : rd == R_NBIB    ? tagged_lines(b, rd, n, "", "GN  - general note %ld\n", m)
                           : tagged_lines(b, rd, n, "CR REF 0\n", "   REF %ld, 2001, J ROBUST, V1, P1\n", m);
}
/* a tag no field holds: kept as it is, written back */
static long g_tagged_unknown(buf *b, enum reader rd, long n, char *m)
{
    return rd == R_ENDNOTE ? tagged_lines(b, rd, n, "", "%%1 custom %ld\n", m)
         : rd == R_NBIB    ? tagged_lines(b, rd, n, "", "SI  - ClinicalTrials.gov/NCT%ld\n", m)
                           : tagged_lines(b, rd, n, "", "ZZ unknown %ld\n", m);
}
/* an abstract continued on n lines */
static long g_tagged_cont(buf *b, enum reader rd, long n, char *m)
{
    return rd == R_ENDNOTE ? tagged_lines(b, rd, n, "%X an abstract that goes on\n", "continued line %ld\n", m)
         : rd == R_NBIB    ? tagged_lines(b, rd, n, "AB  - an abstract that goes on\n", "      continued line %ld\n", m)
                           : tagged_lines(b, rd, n, "AB an abstract that goes on\n", "   continued line %ld\n", m);
}
/* n records, none with its end: no blank line between them (EndNote,
 * MEDLINE), no ER (Web of Science) */
static long g_tagged_no_end(buf *b, enum reader rd, long n, char *m)
{
    head(b, rd, NULL, NULL);
    for (long i = 0; i < n; i++) {
        buf r = {0};
        spec s = {.idx = i};
        record(&r, rd, &s);
        size_t cut = rd == R_ISI ? 4 : 1; /* "ER\n\n" or the blank line */
        put(b, r.p, r.n - cut);
        free(r.p);
    }
    tail(b, rd, NULL);
    *m = 'x';
    return n;
}
/* Web of Science: one record of n authors, no ER and no EF at the end */
static long g_isi_open(buf *b, enum reader rd, long n, char *m)
{
    (void)rd;
    puts_(b, "FN Clarivate Analytics Web of Science\nVR 1.0\nPT J\nTI An open record\nAU ");
    for (long k = 0; k < n; k++) {
        puts_(b, k ? "   Fam" : "Fam");
        word(b, k);
        bprintf(b, ", %c\n", given_names[k % 8][0]);
    }
    *m = 'z';
    return 1;
}

/* ---- the table ------------------------------------------------------------------ */

typedef struct shape {
    const char *name;
    const char *readers; /* which readers: l b r j a y by their first letter,
                            e endnote, m nbib (MEDLINE), w isi (Web of Science) */
    const char *writer;
    long n;              /* the small size; the test also runs 10 n */
    gen_fn *gen;
} shape;

static const shape shapes[] = {
    /* LaTeX in titles: the decoder's recursion and brace matching */
    {"accent-nest", "lbja", "bibtex", 4000, g_accent_nest},
    {"emph-nest", "lbja", "yaml", 4000, g_emph_nest},
    {"emph-open", "lbja", "yaml", 2000, g_emph_open},
    {"brace-nest", "lja", "bibtex", 4000, g_brace_nest},
    {"brace-open", "lja", "bibtex", 5000, g_brace_open},
    {"escbrace", "lbja", "bibtex", 2000, g_escbrace},
    {"paren-open", "lbja", "bibtex", 3000, g_paren_open},
    {"dollar-open", "lbja", "bibtex", 5000, g_dollar_open},
    {"display-open", "lbja", "yaml", 5000, g_display_open},
    {"protected", "lbja", "bibtex", 2000, g_protected},
    {"protected-runs", "lbja", "csljson", 2000, g_protected_runs},
    {"run-prefix", "lbja", "bibtex", 3000, g_run_prefix},
    {"accents", "lbja", "bibtex", 10000, g_accents},
    {"math", "lbrjay", "yaml", 5000, g_math},
    {"commands", "lbja", "bibtex", 5000, g_commands},
    {"same-words", "lbja", "bibtex", 5000, g_same_words},
    {"long-title", "lbrjayemw", "bibtex", 10000, g_long_title},
    {"key-title", "bj", "bibtex", 13000, g_key_title},
    /* CSL rich text: HTML-like tags, JATS, Markdown */
    {"nocase", "jy", "bibtex", 2000, g_nocase},
    {"nocase-prefix", "jy", "csljson", 3000, g_nocase_prefix},
    {"html-nest", "j", "yaml", 4000, g_html_nest},
    {"html-open", "j", "yaml", 4000, g_html_open},
    {"jats-nest", "j", "yaml", 4000, g_jats_nest},
    {"md-star", "y", "csljson", 10000, g_md_star},
    {"md-bracket", "y", "csljson", 10000, g_md_bracket},
    {"md-nest", "y", "csljson", 4000, g_md_nest},
    {"escapes", "jay", "bibtex", 10000, g_escapes},
    /* lists that grow with the input */
    {"records", "lbrjayemw", "bibtex", 1000, g_records},
    {"same-key", "lbrjayemw", "bibtex", 1000, g_same_key},
    {"authors", "lbrjay", "bibtex", 2000, g_authors},
    {"key-authors", "bj", "bibtex", 2000, g_authors},
    {"ands", "lbr", "bibtex", 5000, g_ands},
    {"name-words", "lbr", "bibtex", 2000, g_name_words},
    {"keywords", "brjay", "ris", 3000, g_keywords},
    {"urls", "ra", "ris", 3000, g_urls},
    {"affiliations", "lbrja", "bibtex", 3000, g_affs},
    {"fields", "brjay", "bibtex", 3000, g_fields},
    {"dup-fields", "b", "bibtex", 3000, g_dup_fields},
    {"ris-n1", "r", "ris", 6000, g_ris_n1},
    {"ris-ab", "r", "ris", 6000, g_ris_ab},
    {"ris-ad", "r", "ris", 4000, g_ris_ad},
    {"ris-ja", "r", "ris", 3000, g_ris_ja},
    {"ris-j2", "r", "ris", 3000, g_ris_j2},
    {"ris-cont", "r", "ris", 4000, g_ris_cont},
    /* equal items pushed n times (issue 19) */
    {"empty-comments", "b", "bibtex", 100000, g_empty_comments},
    {"same-affiliations", "lbrja", "bibtex", 3000, g_same_affs},
    {"parent-values", "b", "bibtex", 3000, g_parent_values},
    /* BibTeX macros and tokens */
    {"string-bomb", "b", "bibtex", 10000, g_string_bomb},
    {"string-refs", "b", "bibtex", 20000, g_string_refs},
    {"concat", "b", "bibtex", 10000, g_concat},
    {"many-strings", "b", "bibtex", 100000, g_many_strings}, /* 1 000 000 at 10 N */
    {"long-comment", "b", "bibtex", 100000, g_long_comment}, /* 1 MB at 10 N */
    {"bare-number", "b", "bibtex", 300000, g_bare_number},
    {"long-key", "b", "bibtex", 300000, g_long_key},
    {"long-fieldname", "b", "bibtex", 300000, g_long_fieldname},
    /* bytes and lines */
    {"zeros", "lbrjayemw", "bibtex", 500000, g_zeros},
    {"long-line", "lbrjayemw", "bibtex", 300000, g_long_line},
    {"deep", "bjay", "bibtex", 10000, g_deep},
    {"errors", "lbj", "bibtex", 1000, g_errors},
    /* XML */
    {"namespaces", "a", "bibtex", 2000, g_namespaces},
    {"attributes", "a", "bibtex", 2000, g_attributes},
    {"cdata", "a", "bibtex", 500, g_cdata},
    {"cdata-long", "a", "bibtex", 500000, g_cdata_long},
    {"attr-long", "a", "bibtex", 400000, g_attr_long},
    {"rss-creators", "a", "bibtex", 3000, g_rss_creators},
    /* encodings and line ends */
    {"utf16le", "lbrjayemw", "bibtex", 300, g_utf16le},
    {"utf16be", "lbrjayemw", "bibtex", 300, g_utf16be},
    {"utf32le", "lbrjayemw", "bibtex", 300, g_utf32le},
    {"cr-only", "lbrjayemw", "bibtex", 300, g_cr_only},
    {"mid-bom", "lbrjemw", "bibtex", 300, g_mid_bom},
    {"bad-byte", "y", "bibtex", 300, g_bad_byte},
    /* BibTeX crossref and xdata: chains, a wide parent, a shared parent */
    {"xref-child-chain", "b", "bibtex", 1000, g_xref_child_chain},
    {"xref-parent-chain", "b", "bibtex", 1000, g_xref_parent_chain},
    {"xref-wide-parent", "b", "bibtex", 3000, g_xref_wide}, /* as "fields": bigger entries outgrow the caches */
    {"xdata-shared", "b", "bibtex", 300, g_xdata_shared},
    /* the line-tagged formats (issue 23), each with its own writer: 200 000
     * authors and tags in one record at 10 N (at a million the record took
     * 130-520 MB and the ratio, with instructions exactly 10 x, read 8-15 x
     * as the caches gave out, over 15 beside another job); keywords and
     * affiliations, which go through the hashed string lists of the model,
     * at 100 000 (at a million their index outgrows the caches: 100 000 ->
     * 1 000 000 takes 18 x, for RIS too, while 1 000 000 -> 4 000 000 takes
     * 4.5 x) */
    {"endnote-authors", "e", "endnote", 20000, g_authors},
    {"endnote-keywords", "e", "endnote", 10000, g_keywords},
    {"endnote-affiliations", "e", "endnote", 10000, g_affs},
    {"endnote-tags", "e", "endnote", 20000, g_tagged_tags},
    {"endnote-unknown", "e", "endnote", 20000, g_tagged_unknown},
    {"endnote-cont", "e", "endnote", 20000, g_tagged_cont},
    {"endnote-no-end", "e", "endnote", 3000, g_tagged_no_end},
    {"nbib-authors", "m", "nbib", 20000, g_authors},
    {"nbib-keywords", "m", "nbib", 10000, g_keywords},
    {"nbib-affiliations", "m", "nbib", 10000, g_affs},
    {"nbib-tags", "m", "nbib", 20000, g_tagged_tags},
    {"nbib-unknown", "m", "nbib", 20000, g_tagged_unknown},
    {"nbib-cont", "m", "nbib", 20000, g_tagged_cont},
    {"nbib-no-end", "m", "nbib", 3000, g_tagged_no_end},
    {"isi-authors", "w", "isi", 20000, g_authors},
    {"isi-keywords", "w", "isi", 10000, g_keywords},
    {"isi-affiliations", "w", "isi", 10000, g_affs},
    {"isi-tags", "w", "isi", 20000, g_tagged_tags},
    {"isi-unknown", "w", "isi", 20000, g_tagged_unknown},
    {"isi-cont", "w", "isi", 20000, g_tagged_cont},
    {"isi-no-end", "w", "isi", 3000, g_tagged_no_end},
    {"isi-open", "w", "isi", 20000, g_isi_open},
};
enum { N_SHAPES = sizeof shapes / sizeof *shapes };

/* Rows run with more options (words, no quoting): key formulas (issue 22)
 * over every title function and filter, and over every author function. */
static const struct {
    const char *name, *opts;
} shape_opts[] = {
    {"key-title", "--rekey --key-format=(title.transliterate.clean.lower.skipwords.nopunct.capitalize"
                  ".condense(_).substring(2,64)|\"x\")+shorttitle(5,5).ascii.select(-3)"
                  "+veryshorttitle(2).upper.alphanum+title.codepoint+title.select(-1,1)"
                  "+title.alphanum.substring(99,9)"},
    {"key-authors", "--rekey --key-format=authors.transliterate.lower+authIni(2)+authEtAl+auth(3,2)|family"},
};

static const char *opts_of(const char *name)
{
    for (size_t i = 0; i < sizeof shape_opts / sizeof *shape_opts; i++)
        if (strcmp(shape_opts[i].name, name) == 0)
            return shape_opts[i].opts;
    return NULL;
}

static int reader_of(char c)
{
    static const char letters[] = "lbrjayemw";
    const char *p = strchr(letters, c);
    return p && c ? (int)(p - letters) : -1;
}

static void list(void)
{
    for (int i = 0; i < N_SHAPES; i++)
        for (const char *c = shapes[i].readers; *c; c++)
            printf("%s/%s %s %s %ld%s%s\n", shapes[i].name, reader_names[reader_of(*c)],
                   reader_names[reader_of(*c)], shapes[i].writer, shapes[i].n,
                   opts_of(shapes[i].name) ? " " : "", opts_of(shapes[i].name) ? opts_of(shapes[i].name) : "");
}

/* "name/reader" -> the row and the reader, or NULL */
static const shape *find(const char *id, enum reader *rd)
{
    const char *slash = strchr(id, '/');
    if (!slash)
        return NULL;
    for (int i = 0; i < N_SHAPES; i++) {
        size_t k = strlen(shapes[i].name);
        if (k != (size_t)(slash - id) || memcmp(id, shapes[i].name, k) != 0)
            continue;
        for (const char *c = shapes[i].readers; *c; c++)
            if (strcmp(slash + 1, reader_names[reader_of(*c)]) == 0) {
                *rd = (enum reader)reader_of(*c);
                return &shapes[i];
            }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "-l") == 0) {
        list();
        return 0;
    }
    enum reader rd;
    const shape *sh = argc == 5 && strcmp(argv[1], "-o") == 0 ? find(argv[3], &rd) : NULL;
    long n = sh ? atol(argv[4]) : 0;
    if (!sh || n < 1) {
        fprintf(stderr, "usage: gen_hostile -l | gen_hostile -o FILE SHAPE/READER N\n");
        return 2;
    }
    buf b = {0};
    char mode = '-';
    long count = sh->gen(&b, rd, n, &mode);
    FILE *f = fopen(argv[2], "wb");
    if (!f || fwrite(b.p, 1, b.n, f) != b.n || fclose(f) != 0) {
        perror(argv[2]);
        return 2;
    }
    free(b.p);
    printf("%ld %c\n", count, mode);
    return 0;
}
