/* SPDX-License-Identifier: MIT */
/* arena.c — the CSL processor's arena: every tree (style, locale, output,
 * rich text) is allocated here and freed at once, so evaluation never
 * frees node by node.  Chunks grow geometrically; a request larger than a
 * chunk gets its own. */
#include "citeproc/cp.h"

#include <stdlib.h>
#include <string.h>

struct cp_chunk {
    cp_chunk *next;
    size_t size;
    max_align_t data[];
};

enum { CHUNK_MIN = 16 * 1024, CHUNK_MAX = 1024 * 1024 };

static size_t align_up(size_t n)
{
    size_t a = sizeof(max_align_t);
    return (n + a - 1) / a * a;
}

void *cp_alloc(cp_arena *a, size_t n)
{
    n = align_up(n ? n : 1);
    if (n > a->left) {
        size_t last = a->head ? a->head->size : 0;
        size_t size = last ? last * 2 : CHUNK_MIN;
        if (size > CHUNK_MAX)
            size = CHUNK_MAX;
        if (size < n)
            size = n;
        cp_chunk *c = pc_xmalloc(sizeof *c + size);
        c->size = size;
        c->next = a->head;
        a->head = c;
        a->p = (char *)c->data;
        a->left = size;
    }
    void *p = a->p;
    a->p += n;
    a->left -= n;
    memset(p, 0, n);
    return p;
}

char *cp_strndup(cp_arena *a, const char *s, size_t n)
{
    char *d = cp_alloc(a, n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *cp_strdup(cp_arena *a, const char *s)
{
    return s ? cp_strndup(a, s, strlen(s)) : NULL;
}

void cp_arena_reset(cp_arena *a)
{
    cp_chunk *c = a->head;
    if (!c)
        return;
    /* keep the oldest (smallest) chunk? keep the newest: it is the biggest */
    cp_chunk *keep = c;
    c = c->next;
    while (c) {
        cp_chunk *n = c->next;
        pc_free(c);
        c = n;
    }
    keep->next = NULL;
    a->head = keep;
    a->p = (char *)keep->data;
    a->left = keep->size;
}

void cp_arena_free(cp_arena *a)
{
    cp_chunk *c = a->head;
    while (c) {
        cp_chunk *n = c->next;
        pc_free(c);
        c = n;
    }
    memset(a, 0, sizeof *a);
}

void cp_vec_push(cp_arena *a, cp_vec *v, void *p)
{
    if (v->n == v->cap) {
        size_t cap = v->cap ? v->cap * 2 : 8;
        void **nv = cp_alloc(a, cap * sizeof *nv);
        if (v->n)
            memcpy(nv, v->v, v->n * sizeof *nv);
        v->v = nv;
        v->cap = cap;
    }
    v->v[v->n++] = p;
}

bool cp_fmt_empty(const cp_fmt *f)
{
    return !f->prefix && !f->suffix && !f->delim && !f->font_style && !f->font_variant &&
           !f->font_weight && !f->decoration && !f->valign && !f->display && !f->text_case &&
           !f->quotes && !f->strip_periods;
}
