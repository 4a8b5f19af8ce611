/* SPDX-License-Identifier: MIT */
/* strlist.c — lists of owned strings (pc_strlist) with a hash index, and
 * span lists (pc_spanlist).
 *
 * Lists that grow with the input (keywords, URLs, affiliations, a title's
 * case-protected words) are asked "is this one there yet?" once per item;
 * scanning the list each time made 80 000 keywords take 15 s.  Past
 * SET_FROM items the list keeps an open-addressing table of item indices
 * beside it, one per distinct string, so the question costs a hash and a
 * compare, and so does a push, however many equal items the list holds. */
#include "model/record.h"
#include "util/buf.h"

#include <stdint.h>
#include <stdlib.h>

enum { SET_FROM = 8 };

struct pc_strset {
    uint32_t *slot; /* 1 + index into items; 0 = empty */
    size_t mask;    /* capacity - 1 (a power of two) */
};

/* FNV-1a: deterministic (same input, same output), cheap on short strings. */
static uint64_t hash_n(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ull;
    }
    return h ^ (h >> 29);
}

static bool item_is(const char *item, const char *s, size_t n)
{
    return strnlen(item, n + 1) == n && memcmp(item, s, n) == 0;
}

/* Indexes items[idx] unless an equal item is indexed already: the index
 * holds each distinct string once (its first occurrence), so a probe
 * chain never runs through copies of one string.  Lists that keep
 * duplicates (pending @comment bodies, crossref parent values, RIS AD
 * lines) pushed n equal items and each push walked the chain of all the
 * earlier ones: n^2 / 2 compares, 100 000 empty @comment{}s took 4 s.
 * pc_strlist_has only asks whether a string is there, so one entry per
 * distinct string answers it. */
static void set_insert(struct pc_strset *set, char *const *items, size_t idx)
{
    const char *s = items[idx];
    size_t n = strlen(s);
    size_t i = (size_t)hash_n(s, n) & set->mask;
    for (uint32_t k; (k = set->slot[i]) != 0; i = (i + 1) & set->mask)
        if (item_is(items[k - 1], s, n))
            return;
    set->slot[i] = (uint32_t)(idx + 1);
}

/* Builds or doubles the index so it stays at most half full. */
static void set_grow(pc_strlist *l)
{
    size_t want = 16;
    while (want < 2 * (l->n + 1))
        want *= 2;
    struct pc_strset *set = l->set;
    if (set && set->mask + 1 >= want)
        return;
    if (!set)
        set = l->set = pc_xcalloc(1, sizeof *set);
    pc_free(set->slot);
    set->slot = pc_xcalloc(want, sizeof *set->slot);
    set->mask = want - 1;
    for (size_t i = 0; i < l->n; i++)
        set_insert(set, l->items, i);
}

void pc_strlist_push_n(pc_strlist *l, const char *s, size_t n)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 4;
        l->items = pc_xrealloc(l->items, l->cap * sizeof *l->items);
    }
    l->items[l->n++] = pc_xstrndup(s, n);
    if (l->n >= SET_FROM && l->n < UINT32_MAX) {
        size_t before = l->set ? l->set->mask : 0;
        set_grow(l);
        if (before && before == l->set->mask) /* not rebuilt: add the new item */
            set_insert(l->set, l->items, l->n - 1);
    }
}

void pc_strlist_push(pc_strlist *l, const char *s) { pc_strlist_push_n(l, s, strlen(s)); }

bool pc_strlist_has_n(const pc_strlist *l, const char *s, size_t n)
{
    if (!l->set) {
        for (size_t i = 0; i < l->n; i++)
            if (item_is(l->items[i], s, n))
                return true;
        return false;
    }
    size_t i = (size_t)hash_n(s, n) & l->set->mask;
    for (uint32_t k; (k = l->set->slot[i]) != 0; i = (i + 1) & l->set->mask)
        if (item_is(l->items[k - 1], s, n))
            return true;
    return false;
}

bool pc_strlist_has(const pc_strlist *l, const char *s) { return pc_strlist_has_n(l, s, strlen(s)); }

bool pc_strlist_add_unique(pc_strlist *l, const char *s, size_t n)
{
    if (pc_strlist_has_n(l, s, n))
        return false;
    pc_strlist_push_n(l, s, n);
    return true;
}

void pc_strlist_add_words(pc_strlist *l, const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        while (i < n && s[i] == ' ')
            i++;
        size_t st = i;
        while (i < n && s[i] != ' ')
            i++;
        if (i > st)
            pc_strlist_add_unique(l, s + st, i - st);
    }
}

void pc_strlist_clear(pc_strlist *l)
{
    if (!l)
        return;
    for (size_t i = 0; i < l->n; i++)
        pc_free(l->items[i]);
    pc_free(l->items);
    if (l->set) {
        pc_free(l->set->slot);
        pc_free(l->set);
    }
    memset(l, 0, sizeof *l);
}

size_t pc_spanlist_push(pc_spanlist *l, size_t start, size_t end, pc_mark mark)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 4;
        l->items = pc_xrealloc(l->items, l->cap * sizeof *l->items);
    }
    l->items[l->n] = (pc_span){.start = start, .end = end, .mark = mark};
    return l->n++;
}

void pc_spanlist_clear(pc_spanlist *l)
{
    if (!l)
        return;
    pc_free(l->items);
    memset(l, 0, sizeof *l);
}
