/* SPDX-License-Identifier: MIT */
/* dedupe_index.c — the de-duplication index (dedupe_index.h): a table
 * of key fingerprints, union-find over record numbers with the DOI rule,
 * and the groups as first-member and next-member arrays. */
#include "ops/dedupe_index.h"

#include <stdlib.h>

struct pc_dedupe {
    uint64_t k0, k1; /* the SipHash key */
    /* pass 1: fingerprint -> the first record that had the key */
    uint64_t *fp;    /* 0 = empty slot */
    uint32_t *owner;
    size_t mask, used;
    /* per record: parent (after finish: the group's first member) */
    uint32_t *parent;
    uint64_t *doi;   /* pass 1: the DOI fingerprint of a root's group, 0 none */
    uint32_t *next;  /* after finish */
    size_t n, cap;
    bool finished;
    size_t n_groups, n_merged, n_conflicts;
    pc_dedupe_conflict *conf;
    size_t n_conf, cap_conf;
    pc_buf tmp;
};

/* ---- SipHash-2-4 (Aumasson and Bernstein), 64-bit output ------------------------ */

#define ROTL(x, b) (uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))
#define SIPROUND                                                                   \
    do {                                                                           \
        v0 += v1; v1 = ROTL(v1, 13); v1 ^= v0; v0 = ROTL(v0, 32);                  \
        v2 += v3; v3 = ROTL(v3, 16); v3 ^= v2;                                     \
        v0 += v3; v3 = ROTL(v3, 21); v3 ^= v0;                                     \
        v2 += v1; v1 = ROTL(v1, 17); v1 ^= v2; v2 = ROTL(v2, 32);                  \
    } while (0)

static uint64_t siphash(uint64_t k0, uint64_t k1, const unsigned char *m, size_t n)
{
    uint64_t v0 = 0x736f6d6570736575ULL ^ k0, v1 = 0x646f72616e646f6dULL ^ k1;
    uint64_t v2 = 0x6c7967656e657261ULL ^ k0, v3 = 0x7465646279746573ULL ^ k1;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w = 0;
        for (int b = 7; b >= 0; b--)
            w = w << 8 | m[i + (size_t)b];
        v3 ^= w;
        SIPROUND;
        SIPROUND;
        v0 ^= w;
    }
    uint64_t last = (uint64_t)(n & 0xff) << 56;
    for (size_t b = 0; i + b < n; b++)
        last |= (uint64_t)m[i + b] << (8 * b);
    v3 ^= last;
    SIPROUND;
    SIPROUND;
    v0 ^= last;
    v2 ^= 0xff;
    SIPROUND;
    SIPROUND;
    SIPROUND;
    SIPROUND;
    return v0 ^ v1 ^ v2 ^ v3;
}

/* SplitMix64: spreads a 64-bit seed into the two key words. */
static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

pc_dedupe *pc_dedupe_new(uint64_t seed)
{
    pc_dedupe *d = pc_xcalloc(1, sizeof *d);
    d->k0 = splitmix(&seed);
    d->k1 = splitmix(&seed);
    d->mask = 1023;
    d->fp = pc_xcalloc(d->mask + 1, sizeof *d->fp);
    d->owner = pc_xmalloc((d->mask + 1) * sizeof *d->owner);
    pc_buf_init(&d->tmp);
    return d;
}

void pc_dedupe_free(pc_dedupe *d)
{
    if (!d)
        return;
    pc_free(d->fp);
    pc_free(d->owner);
    pc_free(d->parent);
    pc_free(d->doi);
    pc_free(d->next);
    pc_free(d->conf);
    pc_buf_free(&d->tmp);
    pc_free(d);
}

uint64_t pc_dedupe_fingerprint(const pc_dedupe *d, pc_id_kind kind, const char *s, size_t n)
{
    pc_buf *b = (pc_buf *)&d->tmp; /* scratch: the kind's byte, then the value */
    pc_buf_clear(b);
    pc_buf_putc(b, (char)kind);
    pc_buf_put(b, s, n);
    uint64_t h = siphash(d->k0, d->k1, (const unsigned char *)b->ptr, b->len);
    return h ? h : 1;
}

/* ---- the key table ------------------------------------------------------------------ */

static size_t slot_of(const pc_dedupe *d, uint64_t h)
{
    size_t i = (size_t)(h ^ (h >> 32)) & d->mask;
    while (d->fp[i] && d->fp[i] != h)
        i = (i + 1) & d->mask;
    return i;
}

/* Doubles the table when it is 3/4 full. */
static void table_reserve(pc_dedupe *d)
{
    if (4 * (d->used + 1) < 3 * (d->mask + 1))
        return;
    uint64_t *ofp = d->fp;
    uint32_t *oown = d->owner;
    size_t old = d->mask + 1;
    d->mask = 2 * old - 1;
    d->fp = pc_xcalloc(2 * old, sizeof *d->fp);
    d->owner = pc_xmalloc(2 * old * sizeof *d->owner);
    for (size_t i = 0; i < old; i++)
        if (ofp[i]) {
            size_t j = slot_of(d, ofp[i]);
            d->fp[j] = ofp[i];
            d->owner[j] = oown[i];
        }
    pc_free(ofp);
    pc_free(oown);
}

/* ---- union-find ------------------------------------------------------------------------ */

static uint32_t find(uint32_t *parent, uint32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]]; /* path halving */
        x = parent[x];
    }
    return x;
}

static void conflict(pc_dedupe *d, uint32_t rec, uint32_t other, pc_id_kind kind)
{
    d->n_conflicts++;
    if (d->n_conf == PC_DEDUPE_MAX_CONFLICTS)
        return;
    if (d->n_conf == d->cap_conf) {
        d->cap_conf = d->cap_conf ? 2 * d->cap_conf : 16;
        d->conf = pc_xrealloc(d->conf, d->cap_conf * sizeof *d->conf);
    }
    d->conf[d->n_conf++] = (pc_dedupe_conflict){.rec = rec, .other = other, .kind = kind};
}

/* Joins the groups of rec and other unless their DOIs differ; the
 * smaller root (the earlier first member) stays the root. */
static void join_groups(pc_dedupe *d, uint32_t rec, uint32_t other, pc_id_kind kind)
{
    uint32_t a = find(d->parent, rec), b = find(d->parent, other);
    if (a == b)
        return;
    if (d->doi[a] && d->doi[b] && d->doi[a] != d->doi[b]) {
        conflict(d, rec, other, kind);
        return;
    }
    uint32_t root = a < b ? a : b, child = a < b ? b : a;
    d->parent[child] = root;
    if (!d->doi[root])
        d->doi[root] = d->doi[child];
}

uint32_t pc_dedupe_add(pc_dedupe *d, const pc_identity *id)
{
    if (d->finished || d->n >= UINT32_MAX - 1)
        return PC_DEDUPE_NONE;
    if (d->n == d->cap) {
        d->cap = d->cap ? 2 * d->cap : 1024;
        d->parent = pc_xrealloc(d->parent, d->cap * sizeof *d->parent);
        d->doi = pc_xrealloc(d->doi, d->cap * sizeof *d->doi);
    }
    uint32_t r = (uint32_t)d->n++;
    d->parent[r] = r;
    d->doi[r] = 0;
    for (size_t i = 0; i < id->n; i++) {
        const pc_idkey *k = &id->keys[i];
        uint64_t h = pc_dedupe_fingerprint(d, k->kind, pc_identity_value(id, i), k->len);
        if (k->kind == PC_ID_DOI && !d->doi[r])
            d->doi[r] = h;
        table_reserve(d);
        size_t s = slot_of(d, h);
        if (!d->fp[s]) {
            d->fp[s] = h;
            d->owner[s] = r;
            d->used++;
        } else {
            join_groups(d, r, d->owner[s], k->kind);
        }
    }
    return r;
}

void pc_dedupe_finish(pc_dedupe *d)
{
    if (d->finished)
        return;
    d->finished = true;
    pc_free(d->fp);
    pc_free(d->owner);
    pc_free(d->doi);
    d->fp = NULL;
    d->owner = NULL;
    d->doi = NULL;
    d->next = pc_xmalloc((d->n ? d->n : 1) * sizeof *d->next);
    uint32_t *tail = pc_xmalloc((d->n ? d->n : 1) * sizeof *tail);
    for (size_t r = 0; r < d->n; r++) {
        uint32_t root = find(d->parent, (uint32_t)r);
        d->parent[r] = root;
        d->next[r] = PC_DEDUPE_NONE;
        if (root == r) {
            tail[r] = (uint32_t)r; /* the root is its group's smallest number */
        } else {
            if (tail[root] == root)
                d->n_groups++;
            d->next[tail[root]] = (uint32_t)r;
            tail[root] = (uint32_t)r;
            d->n_merged++;
        }
    }
    pc_free(tail);
}

uint32_t pc_dedupe_first(const pc_dedupe *d, uint32_t rec)
{
    return d->finished && rec < d->n ? d->parent[rec] : rec;
}

uint32_t pc_dedupe_next(const pc_dedupe *d, uint32_t rec)
{
    return d->finished && rec < d->n ? d->next[rec] : PC_DEDUPE_NONE;
}

size_t pc_dedupe_n_records(const pc_dedupe *d) { return d->n; }
size_t pc_dedupe_n_groups(const pc_dedupe *d) { return d->n_groups; }
size_t pc_dedupe_n_merged(const pc_dedupe *d) { return d->n_merged; }
size_t pc_dedupe_n_conflicts(const pc_dedupe *d) { return d->n_conflicts; }

const pc_dedupe_conflict *pc_dedupe_conflict_at(const pc_dedupe *d, size_t i)
{
    return i < d->n_conf ? &d->conf[i] : NULL;
}

size_t pc_dedupe_bytes(const pc_dedupe *d)
{
    size_t b = d->cap * (sizeof *d->parent + (d->finished ? sizeof *d->next : sizeof *d->doi));
    if (!d->finished)
        b += (d->mask + 1) * (sizeof *d->fp + sizeof *d->owner);
    return b + d->cap_conf * sizeof *d->conf;
}
