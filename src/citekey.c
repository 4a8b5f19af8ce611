/* citekey.c — citation key generation and the set that keeps keys unique.
 *
 * The set stores 64-bit hashes of the keys handed out, not the keys, so its
 * memory grows by 8 bytes (plus slack) per distinct key, never per byte of
 * input.  A false match needs two different keys with equal 64-bit hashes. */
#include "citekey.h"
#include "latex.h"
#include "unicode.h"

#include <stdint.h>
#include <stdlib.h>

/* Title words that are never the key word (sorted, lower case). */
static const char *const stopwords[] = {
    "a",    "about", "above", "across", "after", "against", "al",  "along", "among", "an",
    "and",  "are",   "as",    "at",     "be",    "before",  "between", "beyond", "but", "by",
    "das",  "de",    "del",   "della",  "der",   "des",     "die", "do",    "du",    "during",
    "ein",  "eine",  "el",    "en",     "et",    "for",     "from", "il",   "in",    "into",
    "is",   "its",   "l",     "la",     "las",   "le",      "les", "lo",    "los",   "near",
    "nor",  "of",    "off",   "on",     "onto",  "or",      "over", "per",  "sur",   "than",
    "that", "the",   "their", "this",   "through", "to",    "toward", "towards", "un", "una",
    "under", "une",  "upon",  "via",    "von",   "vs",      "what", "with", "within", "without",
    "zu",   "zum",
};

static bool is_stopword(const char *w)
{
    size_t lo = 0, hi = sizeof stopwords / sizeof *stopwords;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = strcmp(w, stopwords[mid]);
        if (!c)
            return true;
        if (c > 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

/* Appends the lower-case ASCII letters and digits of s's folding. */
static void put_folded_alnum(pc_buf *out, const char *s, size_t n)
{
    pc_buf f = PC_BUF_INIT;
    pc_ascii_fold(&f, s, n);
    for (size_t i = 0; i < f.len; i++) {
        unsigned char c = (unsigned char)f.ptr[i];
        if (pc_is_alnum(c))
            pc_buf_putc(out, (char)pc_to_lower(c));
    }
    pc_buf_free(&f);
}

/* First word of s (skipping stop words, math and words that fold to
 * nothing), folded; appended to out.  Returns false if there is none. */
static bool first_word(const char *s, pc_buf *out, bool skip_stop)
{
    size_t start = out->len;
    const char *p = s;
    while (*p) {
        while (*p && pc_is_space((unsigned char)*p))
            p++;
        const char *w = p;
        while (*p && !pc_is_space((unsigned char)*p))
            p++;
        if (p == w)
            continue;
        pc_buf_truncate(out, start);
        /* the word without its math: "$\alpha$-stable" -> "stable" */
        for (const char *q = w; q < p;) {
            size_t m = *q == '$' ? pc_latex_math_span(q, 0, (size_t)(p - q)) : 0;
            if (m) {
                q += m;
                continue;
            }
            const char *e = q + 1;
            while (e < p && *e != '$')
                e++;
            put_folded_alnum(out, q, (size_t)(e - q));
            q = e;
        }
        if (out->len > start && (!skip_stop || !is_stopword(out->ptr + start)))
            return true;
    }
    pc_buf_truncate(out, start);
    return false;
}

void pc_citekey_base(const pc_record *rec, pc_buf *out)
{
    size_t start = out->len;
    if (rec->n_authors) {
        const pc_name *a = &rec->authors[0];
        if (a->literal) {
            first_word(a->literal, out, true);
        } else if (a->family) {
            put_folded_alnum(out, a->family, strlen(a->family));
            if (out->len == start && *a->family) {
                /* nothing foldable (CJK, Cyrillic...): the first code point in hex */
                int32_t cp;
                if (pc_utf8_next(a->family, strlen(a->family), &cp) > 0)
                    pc_buf_printf(out, "u%04x", (unsigned)cp);
            }
        } else if (a->given) {
            put_folded_alnum(out, a->given, strlen(a->given));
        }
    }
    if (out->len == start)
        pc_buf_puts(out, "anon");
    if (rec->date.year > 0)
        pc_buf_printf(out, "%d", rec->date.year);
    if (rec->title)
        first_word(rec->title, out, true);
}

/* ---- the set of keys given out ----------------------------------------- */

struct pc_keyset {
    uint64_t *slots; /* 0 = empty */
    size_t cap, used;
};

static uint64_t hash_key(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a, then a final mix */
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ULL;
    }
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h ? h : 1;
}

pc_keyset *pc_keyset_new(void) { return pc_xcalloc(1, sizeof(pc_keyset)); }

void pc_keyset_free(pc_keyset *ks)
{
    if (!ks)
        return;
    free(ks->slots);
    free(ks);
}

static bool insert(pc_keyset *ks, uint64_t h); /* false if present */

static void grow(pc_keyset *ks)
{
    size_t old_cap = ks->cap;
    uint64_t *old = ks->slots;
    ks->cap = old_cap ? old_cap + old_cap / 2 + 1 : 1021;
    ks->slots = pc_xcalloc(ks->cap, sizeof *ks->slots);
    ks->used = 0;
    for (size_t i = 0; i < old_cap; i++)
        if (old[i])
            insert(ks, old[i]);
    free(old);
}

static bool insert(pc_keyset *ks, uint64_t h)
{
    if ((ks->used + 1) * 8 > ks->cap * 7) /* keep load under 7/8 */
        grow(ks);
    size_t i = (size_t)(h % ks->cap);
    while (ks->slots[i]) {
        if (ks->slots[i] == h)
            return false;
        if (++i == ks->cap)
            i = 0;
    }
    ks->slots[i] = h;
    ks->used++;
    return true;
}

/* Appends the suffix for the k-th repeat: 1 -> a, 26 -> z, 27 -> aa. */
static void put_suffix(pc_buf *b, unsigned long k)
{
    char tmp[16];
    size_t n = 0;
    while (k > 0 && n < sizeof tmp) {
        k--;
        tmp[n++] = (char)('a' + k % 26);
        k /= 26;
    }
    while (n)
        pc_buf_putc(b, tmp[--n]);
}

void pc_keyset_assign(pc_keyset *ks, pc_record *rec, bool rekey)
{
    pc_buf key = PC_BUF_INIT;
    if (rec->key && *rec->key && !rekey)
        pc_buf_puts(&key, rec->key);
    else
        pc_citekey_base(rec, &key);
    size_t base = key.len;
    for (unsigned long k = 1; !insert(ks, hash_key(key.ptr, key.len)); k++) {
        pc_buf_truncate(&key, base);
        put_suffix(&key, k);
    }
    free(rec->key);
    rec->key = pc_buf_detach(&key);
}
