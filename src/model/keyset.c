/* SPDX-License-Identifier: MIT */
/* keyset.c — the set of citation keys given out, which keeps keys unique
 * (keyset.h), generating missing keys with today's rule or a --key-format.
 *
 * The set stores 56 bits of the hash of each key handed out, not the key,
 * and the place of the record that got it (a 32-bit number the driver
 * chooses), so its memory grows by 10 bytes (plus slack) per distinct key,
 * never per byte of input.  A set for a format whose keys compare without
 * case (BibTeX) hashes each key case-folded, and keeps 8 bits of the hash
 * of the key as written, to tell a repeat from a key differing in case. */
#include "model/keyset.h"
#include "io/format_table.h"
#include "text/unicode.h"
#include "util/hash.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

/* An open-addressing set of 64-bit hashes (0 = empty slot), with values
 * in a parallel array: the repeated base keys. */
typedef struct hashset {
    uint64_t *slots;
    size_t cap, used;
} hashset;

/* One shard of the keys handed out: 48 bits of each key's hash (the shard
 * number is 8 more), kept as 32 + 16 bits in two arrays, 0 = empty slot;
 * and, slot for slot, the place given with the key (10 bytes a slot), and
 * when the set folds case, 8 bits of the hash of the key as written (11). */
typedef struct keyshard {
    uint32_t *lo;
    uint16_t *hi;
    uint32_t *place;
    uint8_t *exact; /* NULL unless the set folds case */
    size_t cap, used;
} keyshard;

/* Keys handed out, and for each base key that repeated, the next suffix to
 * try (so n repeats of one base cost O(n), not O(n^2)).  The second table
 * holds only bases that repeated.  The keys are split over 256 shards by
 * the hash's top byte, each growing by a quarter on its own: growing never
 * holds two copies of the whole set, so memory stays near 13 bytes a key
 * (about 13 MB for a million records).  Two keys are taken for the same only
 * if 56 bits of their hashes agree: expected once in ~10^11 million-key runs,
 * and then the second just gets a needless suffix (keys stay unique). */
enum { PC_KEY_SHARDS = 256 };
struct pc_keyset {
    keyshard keys[PC_KEY_SHARDS];
    hashset bases;     /* base-key hashes ... */
    uint32_t *next;    /* ... and their next suffix, slot for slot */
    bool fold_case;    /* keys equal without case are the same key */
    pc_keyformula *formula; /* --key-format, or NULL: pc_citekey_base */
    pc_keypostfix *postfix; /* --key-postfix, or NULL: a, b, c */
};

/* pc_hash (ASCII letters lower-cased when `lower`), never 0. */
static uint64_t hash_bytes(const char *s, size_t n, bool lower)
{
    uint64_t h = lower ? pc_hash_fold(s, n) : pc_hash(s, n);
    return h ? h : 1;
}

/* A key's hash as the set compares keys; *exact (when the set folds case)
 * gets 8 bits of the hash of the key as written.  Beyond ASCII the key is
 * Unicode case-folded (Straße = STRASSE), which equates every pair any
 * consumer's case-insensitive comparison does. */
static uint64_t hash_key(const pc_keyset *ks, const char *s, size_t n, uint8_t *exact)
{
    *exact = 0;
    if (!ks->fold_case)
        return hash_bytes(s, n, false);
    *exact = (uint8_t)hash_bytes(s, n, false);
    if (pc_utf8_is_ascii(s, n))
        return hash_bytes(s, n, true);
    utf8proc_uint8_t *folded = NULL;
    utf8proc_ssize_t m = utf8proc_map((const utf8proc_uint8_t *)s, (utf8proc_ssize_t)n, &folded,
                                      UTF8PROC_CASEFOLD);
    uint64_t h = m >= 0 ? hash_bytes((const char *)folded, (size_t)m, false) : hash_bytes(s, n, true);
    free(folded); /* utf8proc's memory (malloc'd): libc's free, not pc_free */
    return h;
}

pc_keyset *pc_keyset_new(void) { return pc_xcalloc(1, sizeof(pc_keyset)); }

pc_keyset *pc_keyset_new_for(const pc_format *to)
{
    pc_keyset *ks = pc_keyset_new();
    ks->fold_case = to && to->keys_fold_case;
    return ks;
}

void pc_keyset_free(pc_keyset *ks)
{
    if (!ks)
        return;
    for (size_t i = 0; i < PC_KEY_SHARDS; i++) {
        pc_free(ks->keys[i].lo);
        pc_free(ks->keys[i].hi);
        pc_free(ks->keys[i].place);
        pc_free(ks->keys[i].exact);
    }
    pc_free(ks->bases.slots);
    pc_free(ks->next);
    pc_keyformula_free(ks->formula);
    pc_keypostfix_free(ks->postfix);
    pc_free(ks);
}

void pc_keyset_set_rule(pc_keyset *ks, pc_keyformula *kf, pc_keypostfix *pf)
{
    pc_keyformula_free(ks->formula);
    pc_keypostfix_free(ks->postfix);
    ks->formula = kf;
    ks->postfix = pf;
}

/* Reports a refused option; the text is one line, so its column goes where
 * a file's line number would: "--key-format:7: error: ...", as the CLI
 * says it. */
static void report_option(pc_ctx *ctx, const char *option, pc_keyformula_error *err)
{
    pc_diag_emit(ctx, PC_SEV_ERROR, option, (unsigned long)err->col, 0, "%s", err->msg.ptr);
    pc_buf_free(&err->msg);
}

bool pc_keyset_use_options(pc_keyset *ks, pc_ctx *ctx)
{
    pc_keyformula_error err;
    pc_keyformula *kf = NULL;
    pc_keypostfix *pf = NULL;
    if (ctx->opt.key_format && !(kf = pc_keyformula_compile(ctx->opt.key_format, &err))) {
        report_option(ctx, "--key-format", &err);
        return false;
    }
    if (ctx->opt.key_postfix && !(pf = pc_keypostfix_compile(ctx->opt.key_postfix, &err))) {
        report_option(ctx, "--key-postfix", &err);
        pc_keyformula_free(kf);
        return false;
    }
    pc_keyset_set_rule(ks, kf, pf);
    return true;
}

/* Slot of h in the set: where it is, or the empty slot where it would go. */
static size_t find_slot(const hashset *hs, uint64_t h)
{
    size_t i = (size_t)(h % hs->cap);
    while (hs->slots[i] && hs->slots[i] != h)
        if (++i == hs->cap)
            i = 0;
    return i;
}

/* Grows hs (and the parallel `vals`, when given) to keep the load under 7/8. */
static void reserve(hashset *hs, uint32_t **vals)
{
    if (hs->cap && (hs->used + 1) * 8 <= hs->cap * 7)
        return;
    hashset old = *hs;
    uint32_t *old_vals = vals ? *vals : NULL;
    hs->cap = old.cap ? old.cap + old.cap / 2 + 1 : 61;
    hs->slots = pc_xcalloc(hs->cap, sizeof *hs->slots);
    if (vals)
        *vals = pc_xcalloc(hs->cap, sizeof **vals);
    for (size_t i = 0; i < old.cap; i++)
        if (old.slots[i]) {
            size_t j = find_slot(hs, old.slots[i]);
            hs->slots[j] = old.slots[i];
            if (vals)
                (*vals)[j] = old_vals[i];
        }
    pc_free(old.slots);
    pc_free(old_vals);
}

static size_t shard_slot(const keyshard *k, uint64_t fp)
{
    uint32_t lo = (uint32_t)fp;
    uint16_t hi = (uint16_t)(fp >> 32);
    size_t i = (size_t)(fp % k->cap);
    while ((k->lo[i] || k->hi[i]) && (k->lo[i] != lo || k->hi[i] != hi))
        if (++i == k->cap)
            i = 0;
    return i;
}

static void shard_put(keyshard *k, size_t i, uint64_t fp, uint32_t place, uint8_t exact)
{
    k->lo[i] = (uint32_t)fp;
    k->hi[i] = (uint16_t)(fp >> 32);
    k->place[i] = place;
    if (k->exact)
        k->exact[i] = exact;
}

/* Grows a shard by a quarter when it is 7/8 full. */
static void shard_reserve(keyshard *k, bool fold_case)
{
    if (k->cap && (k->used + 1) * 8 <= k->cap * 7)
        return;
    keyshard old = *k;
    k->cap = old.cap ? old.cap + old.cap / 4 + 1 : 61;
    k->lo = pc_xcalloc(k->cap, sizeof *k->lo);
    k->hi = pc_xcalloc(k->cap, sizeof *k->hi);
    k->place = pc_xcalloc(k->cap, sizeof *k->place);
    k->exact = fold_case ? pc_xcalloc(k->cap, sizeof *k->exact) : NULL;
    for (size_t i = 0; i < old.cap; i++)
        if (old.lo[i] || old.hi[i]) {
            uint64_t f = (uint64_t)old.hi[i] << 32 | old.lo[i];
            shard_put(k, shard_slot(k, f), f, old.place[i], old.exact ? old.exact[i] : 0);
        }
    pc_free(old.lo);
    pc_free(old.hi);
    pc_free(old.place);
    pc_free(old.exact);
}

/* Adds a key's hash with `place` (and `exact`, see hash_key); false if it
 * was there already, and then *had is the place given with it and
 * *case_only whether the key taken was written otherwise (a case change). */
static bool insert_key(pc_keyset *ks, uint64_t h, uint8_t exact, uint32_t place, uint32_t *had,
                       bool *case_only)
{
    keyshard *k = &ks->keys[h >> 56];
    uint64_t fp = (h >> 8) & 0xFFFFFFFFFFFFULL;
    if (!fp)
        fp = 1;
    shard_reserve(k, ks->fold_case);
    size_t i = shard_slot(k, fp);
    if (k->lo[i] || k->hi[i]) {
        *had = k->place[i];
        *case_only = k->exact && k->exact[i] != exact;
        return false;
    }
    shard_put(k, i, fp, place, exact);
    k->used++;
    return true;
}

/* The key rec's input gives, with the characters pc_citekey_char refuses (runs of
 * them) as one "_".  Empty when there is none or `rekey`.  Returns whether
 * a character was refused. */
static bool input_key(const pc_record *rec, bool rekey, pc_buf *key)
{
    bool refused = false;
    if (!rec->key || !*rec->key || rekey)
        return false;
    bool gap = false;
    const char *s = rec->key;
    size_t n = strlen(s);
    for (size_t i = 0; i < n;) {
        size_t k = pc_citekey_char(s + i, n - i);
        if (!k) {
            gap = refused = true;
            i++;
            while (i < n && ((unsigned char)s[i] & 0xC0) == 0x80) /* the rest of the character */
                i++;
            continue;
        }
        if (gap && key->len)
            pc_buf_putc(key, '_');
        gap = false;
        pc_buf_put(key, s + i, k);
        i += k;
    }
    return refused;
}

void pc_keyset_assign_at(pc_keyset *ks, pc_record *rec, bool rekey, uint32_t place,
                         pc_key_clash *clash)
{
    pc_buf key = PC_BUF_INIT;
    bool refused = input_key(rec, rekey, &key);
    pc_key_clash c = {.input_key = key.len > 0,
                      .refused = refused && clash ? pc_xstrdup(rec->key) : NULL};
    if (!key.len && ks->formula)
        pc_keyformula_eval(ks->formula, rec, &key);
    if (!key.len)
        pc_citekey_base(rec, &key);
    size_t base = key.len;
    uint8_t exact;
    uint64_t bh = hash_key(ks, key.ptr, key.len, &exact);
    if (!insert_key(ks, bh, exact, place, &c.first, &c.case_only)) {
        /* a repeat: continue from the suffix this base reached last time */
        c.wanted = base;
        reserve(&ks->bases, &ks->next);
        size_t slot = find_slot(&ks->bases, bh);
        if (!ks->bases.slots[slot]) {
            ks->bases.slots[slot] = bh;
            ks->bases.used++;
            ks->next[slot] = 1;
        }
        unsigned long k = ks->next[slot];
        for (;; k++) {
            pc_buf_truncate(&key, base);
            pc_keypostfix_put(ks->postfix, &key, k);
            uint32_t ignored;
            bool also_ignored;
            uint64_t h = hash_key(ks, key.ptr, key.len, &exact);
            if (insert_key(ks, h, exact, place, &ignored, &also_ignored))
                break;
        }
        ks->next[slot] = (uint32_t)(k + 1);
    }
    pc_free(rec->key);
    rec->key = pc_buf_detach(&key);
    if (clash)
        *clash = c;
}

void pc_keyset_assign(pc_keyset *ks, pc_record *rec, bool rekey)
{
    pc_keyset_assign_at(ks, rec, rekey, 0, NULL);
}
