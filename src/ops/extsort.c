/* SPDX-License-Identifier: MIT */
/* extsort.c — external merge sort (extsort.h): sorted runs in unlinked
 * temporary files, merged PC_EXTSORT_FANIN at a time through a binary
 * heap ordered by (key, run number). */
#include "ops/extsort.h"
#include "model/serial.h"
#include "util/buf.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct entry {
    size_t off;         /* into the arena: key then value */
    size_t kn, vn;
    const char *key;    /* set just before sorting */
} entry;

/* A run being read: its file and its current item. */
typedef struct run {
    FILE *f;
    pc_buf item;   /* key then value */
    size_t kn, vn;
    bool live;     /* holds an item */
} run;

struct pc_extsort {
    size_t budget;
    char *tmpdir;
    pc_buf arena;
    entry *e;
    size_t n, cap, next_mem; /* next_mem: the in-memory run's read position */
    FILE *runs[PC_EXTSORT_FANIN + 1];
    size_t n_runs, spilled;
    bool failed, finished;
    /* merging */
    run *rd;
    size_t *heap, n_heap;
    long pending; /* the run whose item was handed out last, -1 none */
};

pc_extsort *pc_extsort_new(size_t budget, const char *tmpdir)
{
    pc_extsort *s = pc_xcalloc(1, sizeof *s);
    s->budget = budget < 4096 ? 4096 : budget;
    const char *t = tmpdir ? tmpdir : getenv("TMPDIR");
    s->tmpdir = pc_xstrdup(t && *t ? t : "/tmp");
    pc_buf_init(&s->arena);
    s->pending = -1;
    return s;
}

void pc_extsort_free(pc_extsort *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->n_runs; i++)
        if (s->runs[i])
            fclose(s->runs[i]);
    for (size_t i = 0; s->rd && i < s->n_runs; i++)
        pc_buf_free(&s->rd[i].item);
    pc_free(s->rd);
    pc_free(s->heap);
    pc_free(s->e);
    pc_buf_free(&s->arena);
    pc_free(s->tmpdir);
    pc_free(s);
}

size_t pc_extsort_spilled(const pc_extsort *s) { return s->spilled; }

/* A new temporary file, already unlinked. */
static FILE *temp_file(pc_extsort *s)
{
    pc_buf path = PC_BUF_INIT;
    pc_buf_printf(&path, "%s/paperconv-sort-XXXXXX", s->tmpdir);
    int fd = mkstemp(path.ptr);
    FILE *f = NULL;
    if (fd >= 0) {
        unlink(path.ptr);
        f = fdopen(fd, "w+b");
        if (!f)
            close(fd);
    }
    pc_buf_free(&path);
    return f;
}

static int cmp_bytes(const char *a, size_t an, const char *b, size_t bn)
{
    int c = memcmp(a, b, an < bn ? an : bn);
    return c ? c : (an > bn) - (an < bn);
}

static int cmp_entry(const void *x, const void *y)
{
    const entry *a = x, *b = y;
    int c = cmp_bytes(a->key, a->kn, b->key, b->kn);
    return c ? c : (a->off > b->off) - (a->off < b->off); /* added earlier, first */
}

static void sort_memory(pc_extsort *s)
{
    for (size_t i = 0; i < s->n; i++)
        s->e[i].key = s->arena.ptr + s->e[i].off;
    if (s->n > 1)
        qsort(s->e, s->n, sizeof *s->e, cmp_entry);
}

static bool put_item(FILE *f, pc_buf *tmp, const char *k, size_t kn, const char *v, size_t vn)
{
    pc_buf_clear(tmp);
    pc_serial_put_uint(tmp, kn);
    pc_serial_put_uint(tmp, vn);
    return fwrite(tmp->ptr, 1, tmp->len, f) == tmp->len && fwrite(k, 1, kn, f) == kn &&
           fwrite(v, 1, vn, f) == vn;
}

/* Reads a run's next item; false at its end or on an error (s->failed). */
static bool read_item(pc_extsort *s, run *r)
{
    unsigned long long kn, vn;
    int st = pc_serial_read_uint(r->f, &kn);
    r->live = false;
    if (st == 0)
        return false;
    if (st < 0 || pc_serial_read_uint(r->f, &vn) <= 0 || kn + vn < kn) {
        s->failed = true;
        return false;
    }
    pc_buf_clear(&r->item);
    for (unsigned long long left = kn + vn; left;) { /* grown as read: no trust in a length */
        size_t chunk = left < 65536 ? (size_t)left : 65536;
        pc_buf_grow(&r->item, chunk);
        if (fread(r->item.ptr + r->item.len, 1, chunk, r->f) != chunk) {
            s->failed = true;
            return false;
        }
        r->item.len += chunk;
        left -= chunk;
    }
    r->kn = (size_t)kn;
    r->vn = (size_t)vn;
    return r->live = true;
}

/* ---- the heap of runs ---------------------------------------------------------------- */

static bool run_less(const run *rd, size_t a, size_t b)
{
    int c = cmp_bytes(rd[a].item.ptr, rd[a].kn, rd[b].item.ptr, rd[b].kn);
    return c < 0 || (c == 0 && a < b); /* an earlier run holds earlier items */
}

static void sift_down(pc_extsort *s, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, m = i;
        if (l < s->n_heap && run_less(s->rd, s->heap[l], s->heap[m]))
            m = l;
        if (l + 1 < s->n_heap && run_less(s->rd, s->heap[l + 1], s->heap[m]))
            m = l + 1;
        if (m == i)
            return;
        size_t t = s->heap[i];
        s->heap[i] = s->heap[m];
        s->heap[m] = t;
        i = m;
    }
}

/* Opens the merge of every run: each run's first item, the heap built. */
static void merge_open(pc_extsort *s)
{
    s->rd = pc_xcalloc(s->n_runs ? s->n_runs : 1, sizeof *s->rd);
    s->heap = pc_xmalloc((s->n_runs ? s->n_runs : 1) * sizeof *s->heap);
    s->n_heap = 0;
    s->pending = -1;
    for (size_t i = 0; i < s->n_runs; i++) {
        s->rd[i].f = s->runs[i];
        pc_buf_init(&s->rd[i].item);
        rewind(s->rd[i].f);
        if (read_item(s, &s->rd[i]))
            s->heap[s->n_heap++] = i;
    }
    for (size_t i = s->n_heap / 2; i-- > 0;)
        sift_down(s, i);
}

static void merge_close(pc_extsort *s)
{
    for (size_t i = 0; i < s->n_runs; i++) {
        pc_buf_free(&s->rd[i].item);
        fclose(s->runs[i]);
        s->runs[i] = NULL;
    }
    pc_free(s->rd);
    pc_free(s->heap);
    s->rd = NULL;
    s->heap = NULL;
    s->n_runs = 0;
}

/* The next item of the merge (its run in *which), advancing the run handed
 * out before; false at the end or on an error. */
static bool merge_next(pc_extsort *s, size_t *which)
{
    if (s->pending >= 0) {
        if (read_item(s, &s->rd[s->pending]))
            sift_down(s, 0);
        else {
            s->heap[0] = s->heap[--s->n_heap];
            sift_down(s, 0);
        }
        s->pending = -1;
    }
    if (s->failed || !s->n_heap)
        return false;
    *which = s->heap[0];
    s->pending = (long)*which;
    return true;
}

/* Merges every run into one new run (the earlier runs' items first among
 * equal keys, as before). */
static bool merge_runs(pc_extsort *s)
{
    FILE *out = temp_file(s);
    if (!out)
        return !(s->failed = true);
    merge_open(s);
    pc_buf tmp = PC_BUF_INIT;
    size_t w;
    while (!s->failed && merge_next(s, &w)) {
        const run *r = &s->rd[w];
        if (!put_item(out, &tmp, r->item.ptr, r->kn, r->item.ptr + r->kn, r->vn))
            s->failed = true;
    }
    pc_buf_free(&tmp);
    merge_close(s);
    s->runs[s->n_runs++] = out;
    return !s->failed && fflush(out) == 0;
}

/* Sorts the held items and writes them as a new run. */
static bool spill(pc_extsort *s)
{
    if (s->n_runs == PC_EXTSORT_FANIN && !merge_runs(s))
        return false;
    FILE *f = temp_file(s);
    if (!f)
        return !(s->failed = true);
    sort_memory(s);
    pc_buf tmp = PC_BUF_INIT;
    bool ok = true;
    for (size_t i = 0; ok && i < s->n; i++)
        ok = put_item(f, &tmp, s->e[i].key, s->e[i].kn, s->e[i].key + s->e[i].kn, s->e[i].vn);
    pc_buf_free(&tmp);
    s->runs[s->n_runs++] = f;
    s->spilled++;
    s->n = 0;
    pc_buf_clear(&s->arena);
    if (!ok || fflush(f) != 0)
        s->failed = true;
    return !s->failed;
}

bool pc_extsort_add(pc_extsort *s, const char *key, size_t kn, const char *val, size_t vn)
{
    if (s->failed || s->finished)
        return false;
    size_t need = kn + vn + sizeof(entry);
    if (s->n && s->arena.len + (s->n + 1) * sizeof(entry) + need > s->budget && !spill(s))
        return false;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->e = pc_xrealloc(s->e, s->cap * sizeof *s->e);
    }
    s->e[s->n++] = (entry){.off = s->arena.len, .kn = kn, .vn = vn};
    pc_buf_put(&s->arena, key, kn);
    pc_buf_put(&s->arena, val, vn);
    return true;
}

bool pc_extsort_finish(pc_extsort *s)
{
    if (s->finished)
        return !s->failed;
    s->finished = true;
    if (s->failed)
        return false;
    if (!s->n_runs) {
        sort_memory(s); /* it fitted: read from memory */
        return true;
    }
    if (s->n && !spill(s))
        return false;
    merge_open(s);
    return !s->failed;
}

int pc_extsort_next(pc_extsort *s, const char **key, size_t *kn, const char **val, size_t *vn)
{
    if (!s->finished || s->failed)
        return -1;
    if (!s->rd) {
        if (s->next_mem == s->n)
            return 0;
        const entry *e = &s->e[s->next_mem++];
        *key = e->key;
        *kn = e->kn;
        *val = e->key + e->kn;
        *vn = e->vn;
        return 1;
    }
    size_t w;
    if (!merge_next(s, &w))
        return s->failed ? -1 : 0;
    *key = s->rd[w].item.ptr;
    *kn = s->rd[w].kn;
    *val = s->rd[w].item.ptr + s->rd[w].kn;
    *vn = s->rd[w].vn;
    return 1;
}
