/* SPDX-License-Identifier: MIT */
/* strset.h — the hashed set of strings (pc_strset) behind pc_strlist's
 * index, markup.c's word set and the LaTeX decoder's set of command names
 * reported (src/model/strset.c).
 *
 * A set numbers its distinct strings 0, 1, 2, ... in the order they were
 * added and finds a string's number by one hash (util/hash.h) and a
 * compare: open addressing, at most half full.  It does not copy the
 * strings: each entry is a view of the caller's bytes, which must stay
 * where they are while the set is used (the items of a pc_strlist, the
 * words of a title).  A zeroed pc_strset is an empty set. */
#ifndef PC_MODEL_STRSET_H
#define PC_MODEL_STRSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct pc_strset_entry {
    const char *s; /* not owned */
    size_t n;
} pc_strset_entry;

typedef struct pc_strset {
    pc_strset_entry *e; /* the entries, by number */
    size_t n, cap;
    uint32_t *slot;     /* 1 + entry number by hash; 0 = empty */
    size_t mask;        /* slots - 1 (a power of two); 0 before the first add */
} pc_strset;

#define PC_STRSET_NONE SIZE_MAX

/* The number of the string [s, s+n), or PC_STRSET_NONE. */
size_t pc_strset_find(const pc_strset *set, const char *s, size_t n);
/* The number of [s, s+n), added (as a view of s) when it is not there;
 * *added (may be NULL) says which. */
size_t pc_strset_add(pc_strset *set, const char *s, size_t n, bool *added);
/* Makes room for `n` entries in all, so that adding them rehashes never. */
void pc_strset_reserve(pc_strset *set, size_t n);
/* Frees what the set holds (not the strings) and empties it; NULL is fine. */
void pc_strset_free(pc_strset *set);

#endif
