/* SPDX-License-Identifier: MIT */
/* strset.c — the hashed set of strings (pc_strset, model/strset.h). */
#include "model/strset.h"
#include "util/buf.h"
#include "util/hash.h"

#include <stdio.h>
#include <stdlib.h>

static bool entry_is(const pc_strset_entry *e, const char *s, size_t n)
{
    return e->n == n && memcmp(e->s, s, n) == 0;
}

/* The slot of [s, s+n): where its entry is, or the empty slot it goes in. */
static size_t slot_of(const pc_strset *set, const char *s, size_t n)
{
    size_t i = (size_t)pc_hash(s, n) & set->mask;
    for (uint32_t k; (k = set->slot[i]) != 0; i = (i + 1) & set->mask)
        if (entry_is(&set->e[k - 1], s, n))
            break;
    return i;
}

/* Makes the table hold `want` slots at least (a power of two), every
 * entry placed again. */
static void rehash(pc_strset *set, size_t want)
{
    size_t cap = set->mask ? set->mask + 1 : 16;
    while (cap < want)
        cap *= 2;
    if (set->mask && cap == set->mask + 1)
        return;
    pc_free(set->slot);
    set->slot = pc_xcalloc(cap, sizeof *set->slot);
    set->mask = cap - 1;
    for (size_t k = 0; k < set->n; k++) { /* distinct: the first empty slot */
        size_t i = (size_t)pc_hash(set->e[k].s, set->e[k].n) & set->mask;
        while (set->slot[i])
            i = (i + 1) & set->mask;
        set->slot[i] = (uint32_t)(k + 1);
    }
}

size_t pc_strset_find(const pc_strset *set, const char *s, size_t n)
{
    if (!set->mask)
        return PC_STRSET_NONE;
    uint32_t k = set->slot[slot_of(set, s, n)];
    return k ? k - 1 : PC_STRSET_NONE;
}

size_t pc_strset_add(pc_strset *set, const char *s, size_t n, bool *added)
{
    if (2 * (set->n + 1) > set->mask + 1) /* at most half full */
        rehash(set, 2 * (set->n + 1));
    size_t i = slot_of(set, s, n);
    if (added)
        *added = !set->slot[i];
    if (set->slot[i])
        return set->slot[i] - 1;
    if (set->n >= UINT32_MAX - 1) {
        fputs("paperconv: out of memory (a set of 2^32 strings)\n", stderr);
        abort();
    }
    PC_GROW(set->e, set->cap, set->n + 1);
    set->e[set->n] = (pc_strset_entry){.s = s, .n = n};
    set->slot[i] = (uint32_t)++set->n;
    return set->n - 1;
}

void pc_strset_reserve(pc_strset *set, size_t n)
{
    PC_GROW(set->e, set->cap, n);
    if (2 * n > set->mask + 1 || !set->mask)
        rehash(set, 2 * n);
}

void pc_strset_free(pc_strset *set)
{
    if (!set)
        return;
    pc_free(set->e);
    pc_free(set->slot);
    memset(set, 0, sizeof *set);
}
