/* SPDX-License-Identifier: MIT */
/* test_core.c — unit tests of the core outside the tables: citation keys
 * and their uniqueness, UTF-8 checks and folding, the byte source, pc_buf,
 * author lists with affiliations, identifiers (DOI, arXiv, ORCID), string
 * lists and the hashed set, PC_GROW, pass-through lookup. */
#include "model/keyset.h"
#include "model/ids.h"
#include "model/strset.h"
#include "harness.h"
#include "text/names.h"
#include "io/source.h"
#include "text/unicode.h"

static void key_of(harness *h, const char *family, const char *literal, int year,
                   const char *title, const char *want)
{
    pc_record r;
    pc_record_init(&r);
    if (family || literal) {
        pc_name *n = pc_record_add_name(&r, PC_F_AUTHOR);
        n->family = pc_xstrdup(family);
        n->literal = pc_xstrdup(literal);
    }
    pc_record_set_date(&r, PC_F_ISSUED, &(pc_date){.year = year});
    pc_record_set_str(&r, PC_F_TITLE, title);
    pc_buf k = PC_BUF_INIT;
    pc_citekey_base(&r, &k);
    h_streq(h, k.ptr, want, "citekey", title ? title : "(no title)");
    pc_buf_free(&k);
    pc_record_clear(&r);
}

static void keys(harness *h)
{
    key_of(h, "Ilin", NULL, 2026, "QK-Wanda: Coupling Queries", "ilin2026qkwanda");
    key_of(h, "Costa", NULL, 2026, "AI as a Compiler", "costa2026ai");
    key_of(h, "Richtárik", NULL, 2026, "The Extender", "richtarik2026extender");
    key_of(h, "Ølgaard", NULL, 2020, "On a Theory", "olgaard2020theory");
    key_of(h, "Łukasz", NULL, 2020, "A B", "lukasz2020b");
    key_of(h, "Müller-Lüdenscheidt", NULL, 1999, "Über alles", "mullerludenscheidt1999uber");
    key_of(h, "O'Brien", NULL, 2001, "$\\alpha$-stable laws", "obrien2001stable");
    key_of(h, "李", NULL, 2026, "A Paper", "u674e2026paper");
    key_of(h, NULL, "The ATLAS Collaboration", 2012, "Observation of a new particle",
           "atlas2012observation");
    key_of(h, NULL, NULL, 0, "Untitled", "anonuntitled");
    key_of(h, "Smith", NULL, 0, NULL, "smith");
    key_of(h, "Straße", NULL, 2000, "Æther and œuvre", "strasse2000aether");

    /* uniqueness: repeats get a..z, aa.. in order; input keys kept */
    pc_keyset *ks = pc_keyset_new();
    const char *want[] = {"smith2026x", "smith2026xa", "smith2026xb"};
    for (int i = 0; i < 3; i++) {
        pc_record r;
        pc_record_init(&r);
        pc_record_add_name(&r, PC_F_AUTHOR)->family = pc_xstrdup("Smith");
        pc_record_set_date(&r, PC_F_ISSUED, &(pc_date){.year = 2026});
        pc_record_set_str(&r, PC_F_TITLE, "X");
        pc_keyset_assign(ks, &r, false);
        h_streq(h, r.key, want[i], "repeated key suffix", want[i]);
        pc_record_clear(&r);
    }
    pc_record r;
    pc_record_init(&r);
    r.key = pc_xstrdup("smith2026xc");
    pc_keyset_assign(ks, &r, false);
    h_streq(h, r.key, "smith2026xc", "input key kept", "smith2026xc");
    pc_record_clear(&r);
    pc_record_init(&r);
    r.key = pc_xstrdup("pan{2026}, \"x\" %y");
    pc_keyset_assign(ks, &r, false);
    h_streq(h, r.key, "pan_2026_x_y", "input key reduced to safe characters", "pan{2026}, \"x\" %y");
    pc_record_clear(&r);
    /* 30 more repeats of one base: z then aa, ab... and all distinct */
    int distinct = 1;
    char last[64] = "";
    for (int i = 0; i < 30; i++) {
        pc_record_init(&r);
        r.key = pc_xstrdup("k");
        pc_keyset_assign(ks, &r, false);
        if (strcmp(r.key, last) == 0)
            distinct = 0;
        snprintf(last, sizeof last, "%s", r.key);
        pc_record_clear(&r);
    }
    h_streq(h, last, "kac", "30th repeat of k", "k");
    h_result(h, distinct, "repeats are distinct");
    /* many keys: the set grows and stays exact */
    int ok = 1;
    for (int i = 0; i < 200000 && ok; i++) {
        pc_record_init(&r);
        char buf[32];
        snprintf(buf, sizeof buf, "key%d", i);
        r.key = pc_xstrdup(buf);
        pc_keyset_assign(ks, &r, false);
        ok = strcmp(r.key, buf) == 0;
        pc_record_clear(&r);
    }
    h_result(h, ok, "200000 distinct keys stay as given");
    pc_keyset_free(ks);

    /* a set for BibTeX compares keys without case, Unicode folded; one for
     * CSL-JSON byte-wise (keys_fold_case in the format table) */
    static const struct {
        const char *key, *bibtex, *csl;
    } fold[] = {
        {"Key", "Key", "Key"},          {"key", "keya", "key"},
        {"KEY", "KEYb", "KEY"},         {"Straße", "Straße", "Straße"},
        {"STRASSE", "STRASSEa", "STRASSE"}, {"\xc3\x96l", "\xc3\x96l", "\xc3\x96l"},
        {"\xc3\xb6l", "\xc3\xb6la", "\xc3\xb6l"}, {"keya", "keyaa", "keya"},
    };
    pc_keyset *bib = pc_keyset_new_for(pc_format_find("bibtex"));
    pc_keyset *csl = pc_keyset_new_for(pc_format_find("csljson"));
    for (size_t i = 0; i < sizeof fold / sizeof *fold; i++) {
        pc_keyset *set[] = {bib, csl};
        const char *want_key[] = {fold[i].bibtex, fold[i].csl};
        for (int j = 0; j < 2; j++) {
            pc_record_init(&r);
            r.key = pc_xstrdup(fold[i].key);
            pc_keyset_assign(set[j], &r, false);
            h_streq(h, r.key, want_key[j], j ? "csljson keys byte-wise" : "bibtex keys without case",
                    fold[i].key);
            pc_record_clear(&r);
        }
    }
    pc_keyset_free(bib);
    pc_keyset_free(csl);
}

static void utf8(harness *h)
{
    size_t bad = 99;
    h_result(h, pc_utf8_valid("plain ascii", 11, &bad), "ascii is valid");
    h_result(h, pc_utf8_valid("Richt\xC3\xA1rik", 10, &bad), "2-byte sequence is valid");
    h_result(h, !pc_utf8_valid("ab\xFF", 3, &bad) && bad == 2, "0xFF is invalid at offset 2");
    h_result(h, !pc_utf8_valid("a\xC3", 2, &bad) && bad == 1, "truncated sequence is invalid");
    h_result(h, !pc_utf8_valid("a\0b", 3, &bad) && bad == 1, "NUL is rejected");
    h_result(h, !pc_utf8_valid("\xC0\xAF", 2, &bad), "overlong encoding is invalid");
    h_result(h, !pc_utf8_valid("\xED\xA0\x80", 3, &bad), "surrogate is invalid");
    pc_buf b = PC_BUF_INIT;
    pc_buf_puts(&b, "Richta\xCC\x81rik"); /* a + combining acute */
    pc_utf8_nfc(&b);
    h_streq(h, b.ptr, "Richt\xC3\xA1rik", "NFC composes", "a+U+0301");
    pc_buf_clear(&b);
    pc_ascii_fold(&b, "\xC3\x86\xC3\x98\xC3\x9F\xC5\x81\xC3\xB0\xC3\xBE", 12);
    h_streq(h, b.ptr, "AEOssLdth", "ASCII fold of letters without decomposition", "ÆØßŁðþ");
    pc_buf_free(&b);
}

static void source(harness *h)
{
    /* a 3 MB line and CRLF lines through a memory source */
    size_t big = 3u << 20;
    char *data = malloc(big + 32);
    memset(data, 'x', big);
    memcpy(data + big, "\nsecond\r\nthird", 14);
    pc_source *s = pc_source_mem("mem", data, big + 14);
    pc_buf line = PC_BUF_INIT;
    h_result(h, pc_source_getline(s, &line) && line.len == big, "3 MB line read whole");
    h_result(h, pc_source_getline(s, &line) && strcmp(line.ptr, "second\r") == 0,
             "CR kept for the reader to strip");
    h_result(h, pc_source_getline(s, &line) && strcmp(line.ptr, "third") == 0, "last line without newline");
    h_result(h, !pc_source_getline(s, &line), "end of input");
    pc_source_close(s);
    const char *p;
    s = pc_source_mem("mem", "abcdef", 6);
    h_result(h, pc_source_peek(s, 3, &p) == 3 && memcmp(p, "abc", 3) == 0, "peek does not consume");
    char tmp[8];
    h_result(h, pc_source_read(s, tmp, 8) == 6 && memcmp(tmp, "abcdef", 6) == 0, "read after peek");
    pc_source_close(s);
    pc_buf_free(&line);
    free(data);
}

static void author_lists(harness *h)
{
    pc_record r;
    pc_record_init(&r);
    const char *s = "Jingyuan Xiao (Tianjin University, Tianjin, China), Jiayue Wang, "
                    "John Smith, Jr., A. Author (X; Y) and The ATLAS Collaboration et al.";
    pc_names *l = pc_record_names_mut(&r, PC_F_AUTHOR);
    pc_names_parse_list(s, strlen(s), l);
    h_result(h, l->n == 5, "author list: 5 authors (got %zu)", l->n);
    if (l->n == 5) {
        h_result(h, l->items[0].affiliations.n == 1, "one affiliation with commas inside");
        h_streq(h, l->items[0].affiliations.items[0], "Tianjin University, Tianjin, China",
                "affiliation text", "Xiao");
        h_streq(h, l->items[2].suffix, "Jr.", "suffix after a comma joins its author", "Smith");
        h_result(h, l->items[3].affiliations.n == 2, "two affiliations split at ';'");
        h_streq(h, l->items[4].literal, "The ATLAS Collaboration", "organisation is literal", "ATLAS");
    }
    h_result(h, l->et_al, "et al. sets the flag");
    pc_record_clear(&r);

    /* arXiv's numbered affiliations */
    pc_record_init(&r);
    s = "A. One (1), B. Two (1 and 2), C. Three (2) ((1) Univ X, Town, (2) Univ Y)";
    l = pc_record_names_mut(&r, PC_F_AUTHOR);
    pc_names_parse_list(s, strlen(s), l);
    h_result(h, l->n == 3, "numbered affiliations: 3 authors (got %zu)", l->n);
    if (l->n == 3) {
        h_result(h, l->items[1].affiliations.n == 2, "numbered: B has two");
        h_streq(h, l->items[0].affiliations.items[0], "Univ X, Town", "numbered: legend text", "1");
        if (l->items[1].affiliations.n == 2)
            h_streq(h, l->items[1].affiliations.items[1], "Univ Y", "numbered: second", "2");
        h_streq(h, l->items[2].family, "Three", "numbered: name intact", "C. Three");
    }
    pc_record_clear(&r);
}

static void ids(harness *h)
{
    static const char *const doi[][2] = {
        {"10.1234/abc", "10.1234/abc"},
        {"https://doi.org/10.1234/abc", "10.1234/abc"},
        {"http://dx.doi.org/10.1016/j.x.2016.01.002", "10.1016/j.x.2016.01.002"},
        {"doi:10.1000.10/xyz", "10.1000.10/xyz"},
        {"DOI: 10.5555/12345678", "10.5555/12345678"},
        {"https://onlinelibrary.wiley.com/doi/10.1002/anie.201", "10.1002/anie.201"},
        {" 10.1/a 10.2/b", "10.1/a"},
        {"10.1234", ""},
        {"not a doi", ""},
        {"10.abc/x", ""},
        {"", ""},
    };
    pc_buf out = PC_BUF_INIT;
    for (size_t i = 0; i < sizeof doi / sizeof *doi; i++) {
        bool ok = pc_doi_parse(doi[i][0], strlen(doi[i][0]), &out);
        h_streq(h, ok ? out.ptr : "", doi[i][1], "pc_doi_parse", doi[i][0]);
    }
    static const struct {
        const char *in, *id;
        int version;
    } ax[] = {
        {"2610.01234v2", "2610.01234", 2},
        {"arXiv:2610.01234", "2610.01234", 0},
        {"0704.0001", "0704.0001", 0},
        {"math/0211159v1", "math/0211159", 1},
        {"math.AG/0211159", "math/0211159", 0},
        {"hep-th/9901001v3", "hep-th/9901001", 3},
        {"https://arxiv.org/abs/2610.01234v2", "2610.01234", 2},
        {"http://export.arxiv.org/abs/hep-th/9711200v2", "hep-th/9711200", 2},
        {"https://arxiv.org/pdf/2610.01234v1.pdf", "2610.01234", 1},
        {"10.48550/arXiv.2610.01234", "2610.01234", 0},
        {"2610.012345", "", 0},
        {"261.01234", "", 0},
        {"Math/0211159", "", 0},
        {"2610.01234 extra", "", 0},
        {"", "", 0},
    };
    for (size_t i = 0; i < sizeof ax / sizeof *ax; i++) {
        int v = -1;
        bool ok = pc_arxiv_parse(ax[i].in, strlen(ax[i].in), &out, &v);
        h_streq(h, ok ? out.ptr : "", ax[i].id, "pc_arxiv_parse", ax[i].in);
        if (ok)
            h_result(h, v == ax[i].version, "arXiv version of %s: %d", ax[i].in, v);
    }
    pc_buf_free(&out);
    /* one ORCID reading for Atom, the JSON services and CSL (issue 20) */
    static const char *const orcid[][2] = {
        {"0000-0002-1825-0097", "0000-0002-1825-0097"},
        {"0000-0002-1694-233X", "0000-0002-1694-233X"},
        {" https://orcid.org/0000-0002-1825-0097 ", "0000-0002-1825-0097"},
        {"http://orcid.org/0000-0002-1825-0097/", "0000-0002-1825-0097"},
        {"https://sandbox.orcid.org/0000-0002-1825-0097", "0000-0002-1825-0097"},
        {"HTTPS://ORCID.ORG/0000-0002-1825-0097", "0000-0002-1825-0097"},
        {"orcid.org/0000-0002-1825-0097", "0000-0002-1825-0097"},
        {"https://example.org/0000-0002-1825-0097", ""},
        {"https://notorcid.org/0000-0002-1825-0097", ""},
        {"0000-0002-1825-009", ""},
        {"0000-0002-1825-00977", ""},
        {"0000-0002-X825-0097", ""},
        {"0000-0002-1825-009x", ""},
        {"00000-002-1825-0097", ""},
        {"https://orcid.org/", ""},
        {"", ""},
    };
    for (size_t i = 0; i < sizeof orcid / sizeof *orcid; i++) {
        const char *id = NULL;
        bool ok = pc_orcid_parse(orcid[i][0], strlen(orcid[i][0]), &id);
        char got[PC_ORCID_LEN + 1] = "";
        if (ok)
            memcpy(got, id, PC_ORCID_LEN);
        h_streq(h, got, orcid[i][1], "pc_orcid_parse", orcid[i][0]);
    }
}

/* The hashed set behind pc_strlist and the markup word set: numbers in
 * order of addition, views of the caller's bytes (NUL and prefixes are
 * bytes like any), growth past its first table (issue 20). */
static void strsets(harness *h)
{
    pc_strset set = {0};
    h_result(h, pc_strset_find(&set, "a", 1) == PC_STRSET_NONE, "strset: an empty set finds nothing");
    static const char words[] = "alpha beta gamma alpha a\0b";
    bool added = false;
    size_t a = pc_strset_add(&set, words, 5, &added);
    h_result(h, a == 0 && added, "strset: the first string is number 0");
    h_result(h, pc_strset_add(&set, words + 17, 5, &added) == 0 && !added, "strset: an equal string is found");
    h_result(h, pc_strset_add(&set, words, 1, &added) == 1 && added, "strset: a prefix is another string");
    h_result(h, pc_strset_add(&set, "a\0b", 3, NULL) == 2 && pc_strset_find(&set, "a\0c", 3) == PC_STRSET_NONE,
             "strset: bytes after a NUL count");
    char buf[5000][8];
    for (int i = 0; i < 5000; i++)
        snprintf(buf[i], sizeof buf[i], "w%d", i);
    for (int i = 0; i < 5000; i++)
        pc_strset_add(&set, buf[i], strlen(buf[i]), NULL);
    size_t bad = 0;
    for (int i = 0; i < 5000; i++)
        bad += pc_strset_find(&set, buf[i], strlen(buf[i])) != (size_t)i + 3;
    h_result(h, bad == 0 && set.n == 5003 && pc_strset_find(&set, "w5000", 5) == PC_STRSET_NONE,
             "strset: 5000 strings through its growth keep their numbers (%zu wrong)", bad);
    h_result(h, 2 * set.n <= set.mask + 1, "strset: at most half full (%zu of %zu)", set.n, set.mask + 1);
    pc_strset_free(&set);
    pc_strset_free(NULL);
    h_result(h, set.n == 0 && set.e == NULL && pc_strset_find(&set, "w1", 2) == PC_STRSET_NONE,
             "strset: free empties the set");
    pc_strset r = {0};
    pc_strset_reserve(&r, 100);
    size_t mask = r.mask;
    for (int i = 0; i < 100; i++)
        pc_strset_add(&r, buf[i], strlen(buf[i]), NULL);
    h_result(h, r.mask == mask && r.n == 100, "strset: reserved room holds its strings without a rehash");
    pc_strset_free(&r);
}

/* PC_GROW: the size is the pointer's, the capacity any unsigned lvalue. */
static void grow(harness *h)
{
    uint64_t *v = NULL;
    size_t cap = 0;
    uint32_t cap32 = 0;
    char *c = NULL;
    for (size_t i = 0; i < 1000; i++) {
        PC_GROW(v, cap, i + 1);
        v[i] = i;
        PC_GROW(c, cap32, i + 1);
        c[i] = (char)i;
    }
    bool ok = cap >= 1000 && cap32 >= 1000;
    for (size_t i = 0; i < 1000; i++)
        ok &= v[i] == i && c[i] == (char)i;
    h_result(h, ok && cap < 2048, "PC_GROW keeps the elements and doubles (capacity %zu)", cap);
    PC_GROW(v, cap, 5000);
    h_result(h, cap == 5000, "PC_GROW to more than twice: exactly what is asked (%zu)", cap);
    h_result(h, pc_grow_cap(0, 1) == 4 && pc_grow_cap(8, 9) == 16 && pc_grow_cap(8, 100) == 100,
             "pc_grow_cap: 4 at first, then twice, or what is asked");
    free(v);
    free(c);
}

/* One pass-through lookup (issue 20): by format and name, NULL for any. */
static void extras(harness *h)
{
    pc_record r;
    pc_record_init(&r);
    pc_record_add_extra(&r, "csl", "id", 2, "\"x\"", 3);
    pc_record_add_extra(&r, "bibtex", "id", 2, "y", 1);
    pc_record_add_extra(&r, "bibtex", "langidopts", 10, "variant=british", 15);
    const pc_extra *a = pc_record_extra(&r, "bibtex", "id"), *b = pc_record_extra(&r, NULL, "id");
    h_result(h, a && strcmp(a->value, "y") == 0 && b && strcmp(b->value, "\"x\"") == 0 &&
                    !pc_record_extra(&r, "ris", "id") && !pc_record_extra(&r, "csl", "langidopts") &&
                    pc_record_extra(&r, NULL, "langidopts"),
             "pc_record_extra finds a pass-through value by format and name");
    pc_record_clear(&r);
}

/* pc_strlist: a list keeps its duplicates (pending bodies, parent values)
 * and answers "is it there?" for any of them; equal pushes past the index's
 * start and across its rebuilds (issue 19: the index holds each string once) */
static void strlists(harness *h)
{
    pc_strlist l = {0};
    for (int i = 0; i < 1000; i++)
        pc_strlist_push(&l, i % 100 == 99 ? "b" : "");
    pc_strlist_push(&l, "c");
    size_t empty = 0;
    for (size_t i = 0; i < l.n; i++)
        empty += l.items[i][0] == '\0';
    h_result(h, l.n == 1001 && empty == 990, "strlist keeps equal items (%zu, %zu empty)", l.n, empty);
    h_result(h, pc_strlist_has(&l, "") && pc_strlist_has(&l, "b") && pc_strlist_has(&l, "c") &&
                    !pc_strlist_has(&l, "d"),
             "strlist finds each distinct item among equal ones");
    h_result(h, !pc_strlist_add_unique(&l, "b", 1) && pc_strlist_add_unique(&l, "d", 1) && l.n == 1002 &&
                    pc_strlist_has(&l, "d"),
             "strlist add_unique after equal pushes");
    pc_strlist_clear(&l);
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    keys(&h);
    utf8(&h);
    source(&h);
    author_lists(&h);
    ids(&h);
    strlists(&h);
    strsets(&h);
    grow(&h);
    extras(&h);
    return h_done(&h);
}
