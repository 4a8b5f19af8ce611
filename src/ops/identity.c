/* SPDX-License-Identifier: MIT */
/* identity.c — a record's identity keys for de-duplication (identity.h):
 * each identifier normalised by the shared parsers (model/ids.h), the
 * fuzzy key by the shared folding (text/fold.h) after LaTeX decoding
 * (text/latex.h) of what a reader left undecoded. */
#include "ops/identity.h"
#include "model/ids.h"
#include "text/fold.h"
#include "text/latex.h"

#include <stdlib.h>

void pc_identity_init(pc_identity *id)
{
    memset(id, 0, sizeof *id);
    pc_buf_init(&id->text);
    pc_buf_init(&id->tmp);
}

void pc_identity_free(pc_identity *id)
{
    pc_buf_free(&id->text);
    pc_buf_free(&id->tmp);
    pc_free(id->keys);
    memset(id, 0, sizeof *id);
}

const char *pc_id_kind_name(pc_id_kind k)
{
    static const char *const names[PC_ID_COUNT] = {
        [PC_ID_NONE] = "",         [PC_ID_DOI] = "DOI",     [PC_ID_ARXIV] = "arXiv",
        [PC_ID_ISBN] = "ISBN",     [PC_ID_PMID] = "PMID",   [PC_ID_PMCID] = "PMCID",
        [PC_ID_OPENALEX] = "OpenAlex", [PC_ID_S2] = "S2",   [PC_ID_FUZZY] = "title",
    };
    return k > PC_ID_NONE && k < PC_ID_COUNT ? names[k] : "";
}

/* Adds a key whose value is [s, s+n). */
static void add_key(pc_identity *id, pc_id_kind kind, const char *s, size_t n)
{
    if (!n)
        return;
    if (id->n == id->cap) {
        id->cap = id->cap ? 2 * id->cap : 8;
        id->keys = pc_xrealloc(id->keys, id->cap * sizeof *id->keys);
    }
    id->keys[id->n++] = (pc_idkey){.kind = kind, .off = id->text.len, .len = n};
    pc_buf_put(&id->text, s, n);
    pc_buf_putc(&id->text, '\0');
}

const char *pc_identity_get(const pc_identity *id, pc_id_kind k)
{
    for (size_t i = 0; i < id->n; i++) /* at most PC_ID_COUNT + PC_ID_MAX_ISBN keys */
        if (id->keys[i].kind == k)
            return pc_identity_value(id, i);
    return NULL;
}

/* ---- identifiers ------------------------------------------------------------------ */

static void doi_key(pc_identity *id, const pc_record *rec)
{
    const char *s = pc_record_get(rec, PC_F_DOI);
    if (!s || !pc_doi_parse(s, strlen(s), &id->tmp))
        return;
    for (size_t i = 0; i < id->tmp.len; i++)
        id->tmp.ptr[i] = (char)pc_to_lower((unsigned char)id->tmp.ptr[i]);
    add_key(id, PC_ID_DOI, id->tmp.ptr, id->tmp.len);
}

static void arxiv_key(pc_identity *id, const pc_record *rec)
{
    const char *s = pc_record_get(rec, PC_F_ARXIV_ID);
    int version;
    if (s && pc_arxiv_parse(s, strlen(s), &id->tmp, &version))
        add_key(id, PC_ID_ARXIV, id->tmp.ptr, id->tmp.len);
}

/* The ISBN-13 of the digits d (10 or 13 of them, X allowed last in a
 * 10), written to out; false when it is not one.  A wrong check digit is
 * kept (the same typo copied twice is still one book); an ISBN-10 gets the
 * ISBN-13 check digit computed afresh. */
static bool isbn13(const char *d, size_t n, char out[14])
{
    if (n == 13 && (memcmp(d, "978", 3) == 0 || memcmp(d, "979", 3) == 0)) {
        for (size_t i = 0; i < 13; i++)
            if (!pc_is_digit((unsigned char)d[i]))
                return false;
        memcpy(out, d, 13);
    } else if (n == 10) {
        for (size_t i = 0; i < 9; i++)
            if (!pc_is_digit((unsigned char)d[i]))
                return false;
        if (!pc_is_digit((unsigned char)d[9]) && d[9] != 'X' && d[9] != 'x')
            return false;
        memcpy(out, "978", 3);
        memcpy(out + 3, d, 9);
        int sum = 0;
        for (int i = 0; i < 12; i++)
            sum += (out[i] - '0') * (i % 2 ? 3 : 1);
        out[12] = (char)('0' + (10 - sum % 10) % 10);
    } else {
        return false;
    }
    out[13] = '\0';
    return true;
}

/* Every ISBN of the field: tokens between spaces, commas and semicolons,
 * hyphens dropped, "ISBN" labels and "(pbk.)" notes skipped. */
static void isbn_keys(pc_identity *id, const pc_record *rec)
{
    const char *s = pc_record_get(rec, PC_F_ISBN);
    size_t found = 0;
    for (size_t i = 0; s && s[i] && found < PC_ID_MAX_ISBN;) {
        pc_buf_clear(&id->tmp);
        while (s[i] && (pc_is_space((unsigned char)s[i]) || s[i] == ',' || s[i] == ';'))
            i++;
        while (s[i] && !pc_is_space((unsigned char)s[i]) && s[i] != ',' && s[i] != ';') {
            if (s[i] != '-')
                pc_buf_putc(&id->tmp, s[i]);
            i++;
        }
        char d[14];
        if (isbn13(id->tmp.ptr, id->tmp.len, d)) {
            add_key(id, PC_ID_ISBN, d, 13);
            found++;
        }
    }
}

/* The digits of s after an optional label ("PMID:", "PMC"), leading zeros
 * dropped; NULL when anything else is there. */
static const char *digits_after(const char *s, const char *label, size_t *n)
{
    size_t k = strlen(label);
    while (pc_is_space((unsigned char)*s))
        s++;
    if (pc_strncasecmp(s, label, k) == 0)
        s += k;
    while (*s == ':' || pc_is_space((unsigned char)*s))
        s++;
    while (s[0] == '0' && pc_is_digit((unsigned char)s[1]))
        s++;
    size_t m = 0;
    while (pc_is_digit((unsigned char)s[m]))
        m++;
    for (size_t j = m; s[j]; j++)
        if (!pc_is_space((unsigned char)s[j]))
            return NULL;
    *n = m;
    return m ? s : NULL;
}

static void pubmed_keys(pc_identity *id, const pc_record *rec)
{
    const char *s = pc_record_get(rec, PC_F_PMID), *d;
    size_t n;
    if (s && (d = digits_after(s, "PMID", &n)) != NULL)
        add_key(id, PC_ID_PMID, d, n);
    s = pc_record_get(rec, PC_F_PMCID);
    if (s && (d = digits_after(s, "PMC", &n)) != NULL) {
        pc_buf_clear(&id->tmp);
        pc_buf_puts(&id->tmp, "PMC");
        pc_buf_put(&id->tmp, d, n);
        add_key(id, PC_ID_PMCID, id->tmp.ptr, id->tmp.len);
    }
}

/* The pass-through value `name` the reader of family `format` kept, as
 * text: a JSON string's quotes removed. */
static bool extra_value(const pc_record *rec, const char *format, const char *name,
                        const char **s, size_t *n)
{
    for (size_t i = 0; i < rec->n_extras; i++) {
        const pc_extra *e = &rec->extras[i];
        if (e->format && strcmp(e->format, format) == 0 && strcmp(e->name, name) == 0) {
            *s = e->value;
            *n = strlen(e->value);
            if (*n >= 2 && (*s)[0] == '"' && (*s)[*n - 1] == '"') {
                (*s)++;
                *n -= 2;
            }
            return true;
        }
    }
    return false;
}

/* openalex/id "https://openalex.org/W4390000001" -> W4390000001;
 * s2/paperId: 40 hex digits, lower-cased. */
static void service_keys(pc_identity *id, const pc_record *rec)
{
    const char *s;
    size_t n;
    if (extra_value(rec, "openalex", "id", &s, &n)) {
        size_t st = n;
        while (st && s[st - 1] != '/')
            st--;
        size_t k = st + 1;
        while (k < n && pc_is_digit((unsigned char)s[k]))
            k++;
        if (st + 1 < n && k == n && (s[st] == 'W' || s[st] == 'w')) {
            pc_buf_clear(&id->tmp);
            pc_buf_putc(&id->tmp, 'W');
            pc_buf_put(&id->tmp, s + st + 1, n - st - 1);
            add_key(id, PC_ID_OPENALEX, id->tmp.ptr, id->tmp.len);
        }
    }
    if (extra_value(rec, "s2", "paperId", &s, &n) && n == 40) {
        pc_buf_clear(&id->tmp);
        for (size_t i = 0; i < n; i++) {
            int c = pc_to_lower((unsigned char)s[i]);
            if (!pc_is_digit(c) && !(c >= 'a' && c <= 'f'))
                return;
            pc_buf_putc(&id->tmp, (char)c);
        }
        add_key(id, PC_ID_S2, id->tmp.ptr, id->tmp.len);
    }
}

/* ---- the fuzzy key ------------------------------------------------------------------ */

/* Appends [s, s+n) folded; LaTeX a reader did not decode (a CSL title
 * holding "Schr\"odinger") is decoded first, markup is in spans already. */
static void fold_text(pc_buf *out, const char *s, size_t n)
{
    if (!memchr(s, '\\', n) && !memchr(s, '{', n)) {
        pc_fold_match(out, s, n);
        return;
    }
    pc_buf dec = PC_BUF_INIT;
    pc_latex_decode(s, n, &dec, NULL, NULL);
    pc_fold_match(out, dec.ptr, dec.len);
    pc_buf_free(&dec);
}

static const pc_name *first_name(const pc_record *rec)
{
    static const pc_field roles[] = {PC_F_AUTHOR, PC_F_EDITOR};
    for (size_t i = 0; i < sizeof roles / sizeof *roles; i++) {
        const pc_names *l = pc_record_names(rec, roles[i]);
        if (l && l->n)
            return &l->items[0];
    }
    return NULL;
}

bool pc_identity_fuzzy(const pc_record *rec, pc_buf *out)
{
    const char *title = pc_record_get(rec, PC_F_TITLE), *sub = pc_record_get(rec, PC_F_SUBTITLE);
    const pc_name *nm = first_name(rec);
    const pc_date *d = pc_record_date(rec, PC_F_ISSUED);
    const char *family = nm ? (nm->family ? nm->family : nm->literal) : NULL;
    if (!title || !family || !d)
        return false;
    size_t start = out->len;
    fold_text(out, title, strlen(title));
    if (sub)
        fold_text(out, sub, strlen(sub));
    size_t t_end = out->len;
    pc_buf_putc(out, '|');
    fold_text(out, family, strlen(family));
    size_t f_end = out->len;
    pc_buf_putc(out, '|');
    pc_buf_put_int(out, d->year, 1);
    if (t_end == start || f_end == t_end + 1) { /* a title of punctuation only */
        pc_buf_truncate(out, start);
        return false;
    }
    return true;
}

void pc_identity_of(const pc_record *rec, bool fuzzy, pc_identity *id)
{
    id->n = 0;
    pc_buf_clear(&id->text);
    doi_key(id, rec);
    arxiv_key(id, rec);
    isbn_keys(id, rec);
    pubmed_keys(id, rec);
    service_keys(id, rec);
    if (fuzzy) {
        pc_buf_clear(&id->tmp);
        if (pc_identity_fuzzy(rec, &id->tmp))
            add_key(id, PC_ID_FUZZY, id->tmp.ptr, id->tmp.len);
    }
}
