/* record.c — the common record model: init, clear, and list helpers. */
#include "paperconv.h"
#include "util.h"

#include <stdlib.h>

void pc_strlist_push_n(pc_strlist *l, const char *s, size_t n)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 4;
        l->items = pc_xrealloc(l->items, l->cap * sizeof *l->items);
    }
    l->items[l->n++] = pc_xstrndup(s, n);
}

void pc_strlist_push(pc_strlist *l, const char *s) { pc_strlist_push_n(l, s, strlen(s)); }

void pc_strlist_clear(pc_strlist *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->items[i]);
    free(l->items);
    l->items = NULL;
    l->n = l->cap = 0;
}

bool pc_strlist_has(const pc_strlist *l, const char *s)
{
    for (size_t i = 0; i < l->n; i++)
        if (strcmp(l->items[i], s) == 0)
            return true;
    return false;
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
    free(l->items);
    l->items = NULL;
    l->n = l->cap = 0;
}

void pc_name_clear(pc_name *n)
{
    free(n->given);
    free(n->particle);
    free(n->family);
    free(n->suffix);
    free(n->literal);
    pc_strlist_clear(&n->affiliations);
    memset(n, 0, sizeof *n);
}

void pc_record_init(pc_record *r) { memset(r, 0, sizeof *r); }

void pc_record_clear(pc_record *r)
{
    free(r->key);
    free(r->title);
    pc_strlist_clear(&r->title_protected);
    pc_spanlist_clear(&r->title_markup);
    pc_spanlist_clear(&r->abstract_markup);
    for (size_t i = 0; i < r->n_authors; i++)
        pc_name_clear(&r->authors[i]);
    free(r->authors);
    free(r->abstract);
    free(r->doi);
    free(r->arxiv_id);
    free(r->arxiv_primary);
    pc_strlist_clear(&r->urls);
    pc_strlist_clear(&r->keywords);
    free(r->container);
    free(r->volume);
    free(r->issue);
    free(r->pages);
    free(r->publisher);
    free(r->journal_ref);
    free(r->comment);
    pc_record_init(r);
}

pc_name *pc_record_add_author(pc_record *r)
{
    if (r->n_authors == r->cap_authors) {
        r->cap_authors = r->cap_authors ? r->cap_authors * 2 : 8;
        r->authors = pc_xrealloc(r->authors, r->cap_authors * sizeof *r->authors);
    }
    pc_name *n = &r->authors[r->n_authors++];
    memset(n, 0, sizeof *n);
    return n;
}

const char *pc_kind_name(pc_kind k)
{
    static const char *const names[] = {
        [PC_KIND_NONE] = "unknown",      [PC_KIND_PREPRINT] = "preprint",
        [PC_KIND_ARTICLE] = "article",   [PC_KIND_CONFERENCE] = "conference",
        [PC_KIND_BOOK] = "book",         [PC_KIND_CHAPTER] = "chapter",
        [PC_KIND_THESIS] = "thesis",     [PC_KIND_REPORT] = "report",
        [PC_KIND_WEBPAGE] = "webpage",   [PC_KIND_DATASET] = "dataset",
        [PC_KIND_SOFTWARE] = "software", [PC_KIND_OTHER] = "other",
    };
    return (unsigned)k < sizeof names / sizeof *names ? names[k] : "unknown";
}
