/* SPDX-License-Identifier: MIT */
/* strlist.c — lists of owned strings (pc_strlist) with a hash index, and
 * span lists (pc_spanlist).
 *
 * Lists that grow with the input (keywords, URLs, affiliations, a title's
 * case-protected words) are asked "is this one there yet?" once per item;
 * scanning the list each time made 80 000 keywords take 15 s.  Past
 * SET_FROM items the list keeps a hashed set of its distinct items beside
 * it (pc_strset, model/strset.h), so the question costs a hash and a
 * compare, and so does a push, however many equal items the list holds. */
#include "model/record.h"
#include "model/strset.h"
#include "util/buf.h"

#include <stdint.h>
#include <stdlib.h>

enum { SET_FROM = 8 };

static bool item_is(const char *item, const char *s, size_t n)
{
    return strnlen(item, n + 1) == n && memcmp(item, s, n) == 0;
}

/* The index (pc_strset, built past SET_FROM items) holds each distinct
 * item once, as a view of its first occurrence's bytes (the strings stay
 * put while the list lives: a push moves the array of pointers, not
 * them), so a probe chain never runs through copies of one string.  Lists
 * that keep duplicates (pending @comment bodies, crossref parent values,
 * RIS AD lines) pushed n equal items and each push walked the chain of all
 * the earlier ones: n^2 / 2 compares, 100 000 empty @comment{}s took 4 s.
 * pc_strlist_has only asks whether a string is there, so one entry per
 * distinct string answers it.  An item is indexed up to a NUL it holds,
 * as item_is compares it. */
static void index_add(pc_strset *set, const char *item, size_t n)
{
    pc_strset_add(set, item, strnlen(item, n), NULL);
}

void pc_strlist_push_n(pc_strlist *l, const char *s, size_t n)
{
    PC_GROW(l->items, l->cap, l->n + 1);
    char *item = l->items[l->n++] = pc_xstrndup(s, n);
    if (l->set) {
        index_add(l->set, item, n);
    } else if (l->n >= SET_FROM) {
        l->set = pc_xcalloc(1, sizeof *l->set);
        pc_strset_reserve(l->set, 2 * l->n);
        for (size_t i = 0; i < l->n; i++)
            index_add(l->set, l->items[i], SIZE_MAX);
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
    return pc_strset_find(l->set, s, n) != PC_STRSET_NONE;
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
        pc_strset_free(l->set);
        pc_free(l->set);
    }
    memset(l, 0, sizeof *l);
}

size_t pc_spanlist_push(pc_spanlist *l, size_t start, size_t end, pc_mark mark)
{
    PC_GROW(l->items, l->cap, l->n + 1);
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
