/* SPDX-License-Identifier: MIT */
/* fieldmap.c — the generic loop that applies a format's field map both
 * ways (include/paperconv/map.h). */
#include "model/map.h"
#include "util/buf.h"

#include <stdlib.h>

struct pc_map {
    const pc_map_row *rows;
    size_t n;
    unsigned flags;
    uint32_t *slot; /* 1 + index of the first row of a name; 0 = empty */
    uint32_t *next; /* per row: 1 + index of the next row with the same name */
    size_t *len;    /* per row: strlen of its name */
    size_t mask;
};

static uint64_t hash_name(const char *s, size_t n, bool fold)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)(fold ? pc_to_lower((unsigned char)s[i]) : s[i]);
        h *= 1099511628211ull;
    }
    return h ^ (h >> 29);
}

static bool name_is(const pc_map *m, size_t r, const char *s, size_t n)
{
    if (m->len[r] != n)
        return false;
    const char *row = m->rows[r].name;
    return m->flags & PC_MAP_FOLD_CASE ? pc_strncasecmp(row, s, n) == 0 : memcmp(row, s, n) == 0;
}

pc_map *pc_map_new(const pc_map_row *rows, size_t n, unsigned flags)
{
    pc_map *m = pc_xcalloc(1, sizeof *m);
    m->rows = rows;
    m->n = n;
    m->flags = flags;
    size_t cap = 16;
    while (cap < 2 * n)
        cap *= 2;
    m->mask = cap - 1;
    m->slot = pc_xcalloc(cap, sizeof *m->slot);
    m->next = pc_xcalloc(n ? n : 1, sizeof *m->next);
    m->len = pc_xcalloc(n ? n : 1, sizeof *m->len);
    for (size_t r = 0; r < n; r++)
        m->len[r] = rows[r].name ? strlen(rows[r].name) : 0;
    bool fold = flags & PC_MAP_FOLD_CASE;
    for (size_t r = 0; r < n; r++) {
        if (!(rows[r].dir & PC_MAP_READ))
            continue;
        const char *name = rows[r].name;
        size_t len = strlen(name), i = (size_t)hash_name(name, len, fold) & m->mask;
        for (;; i = (i + 1) & m->mask) {
            if (!m->slot[i]) {
                m->slot[i] = (uint32_t)(r + 1);
                break;
            }
            size_t first = m->slot[i] - 1;
            if (name_is(m, first, name, len)) { /* same name: chain it last */
                size_t k = first;
                while (m->next[k])
                    k = m->next[k] - 1;
                m->next[k] = (uint32_t)(r + 1);
                break;
            }
        }
    }
    return m;
}

void pc_map_free(pc_map *m)
{
    if (!m)
        return;
    pc_free(m->slot);
    pc_free(m->next);
    pc_free(m->len);
    pc_free(m);
}

static bool kind_fits(pc_kindset set, pc_kind kind)
{
    return !set || (kind != PC_KIND_NONE && (set & ((pc_kindset)1 << kind)));
}

const pc_map_row *pc_map_find(const pc_map *m, const char *name, size_t n, pc_kind kind)
{
    size_t i = (size_t)hash_name(name, n, m->flags & PC_MAP_FOLD_CASE) & m->mask;
    for (uint32_t k; (k = m->slot[i]) != 0; i = (i + 1) & m->mask) {
        if (!name_is(m, k - 1, name, n))
            continue;
        const pc_map_row *fallback = NULL;
        for (; k; k = m->next[k - 1]) {
            const pc_map_row *row = &m->rows[k - 1];
            if (kind_fits(row->kinds, kind))
                return row;
            if (!fallback && kind == PC_KIND_NONE)
                fallback = row;
        }
        return fallback;
    }
    return NULL;
}

/* ---- reading ----------------------------------------------------------------- */

bool pc_map_read(const pc_map_row *row, pc_record *rec, const char *s, size_t n,
                 pc_spanlist *markup, const char *seps)
{
    switch (row->how) {
    case PC_MAP_TEXT: {
        const char *old = pc_record_get(rec, row->field);
        bool same = !old || (strlen(old) == n && memcmp(old, s, n) == 0);
        pc_record_set_rich(rec, row->field, s, n, markup);
        return same;
    }
    case PC_MAP_LIST:
        pc_record_list_add(rec, row->field, s, n);
        break;
    case PC_MAP_SPLIT: {
        const char *end = s + n;
        while (s < end) {
            const char *e = s;
            while (e < end && !(seps && strchr(seps, *e) && *e))
                e++;
            pc_record_list_add(rec, row->field, s, (size_t)(e - s));
            s = e < end ? e + 1 : end;
        }
        break;
    }
    case PC_MAP_NONE:
    case PC_MAP_SPECIAL:
    case PC_MAP_IGNORE:
    case PC_MAP_EXTRA: break;
    }
    if (markup)
        pc_spanlist_clear(markup);
    return true;
}

/* ---- writing ----------------------------------------------------------------- */

typedef struct write_state {
    const pc_record *rec;
    const pc_map_sink *sink;
    void *user;
    bool done[PC_F_COUNT]; /* written, or the format's own business */
} write_state;

/* Writes the value of one row; false when the output failed. */
static bool write_row(write_state *w, const pc_map_row *row)
{
    const pc_record *rec = w->rec;
    switch (row->how) {
    case PC_MAP_TEXT: {
        const pc_text *t = pc_record_text(rec, row->field);
        if (!w->sink->text || !t)
            return true;
        w->done[row->field] = true;
        return w->sink->text(w->user, row, t);
    }
    case PC_MAP_LIST: {
        const pc_strlist *l = pc_record_list(rec, row->field);
        if (!w->sink->item || !l)
            return true;
        w->done[row->field] = true;
        for (size_t i = 0; i < l->n; i++)
            if (!w->sink->item(w->user, row, l->items[i]))
                return false;
        return true;
    }
    case PC_MAP_SPLIT: {
        const pc_strlist *l = pc_record_list(rec, row->field);
        if (!w->sink->text || !l)
            return true;
        w->done[row->field] = true;
        pc_buf b = PC_BUF_INIT;
        for (size_t i = 0; i < l->n; i++) {
            if (i)
                pc_buf_puts(&b, w->sink->joiner ? w->sink->joiner : ", ");
            pc_buf_puts(&b, l->items[i]);
        }
        pc_text t = {.field = row->field, .s = b.ptr};
        bool ok = w->sink->text(w->user, row, &t);
        pc_buf_free(&b);
        return ok;
    }
    case PC_MAP_SPECIAL: {
        bool wrote = true;
        if (!w->sink->special)
            return true;
        bool ok = w->sink->special(w->user, row, &wrote);
        if (wrote)
            w->done[row->field] = true;
        return ok;
    }
    case PC_MAP_NONE:
    case PC_MAP_IGNORE:
    case PC_MAP_EXTRA: return true;
    }
    return true;
}

/* pc_record_has for a field id of a row or of the table (slot[PC_F_NONE]
 * is never set), inline: the writers' loops below ask it for every row and
 * every field of every record, and the call was a third of their cost. */
static inline bool has(const pc_record *rec, pc_field f) { return rec->slot[f] != 0; }

static bool kind_fits_written(pc_kindset set, pc_kind kind)
{
    /* a record of unknown kind is written as the formats write a preprint */
    return kind_fits(set, kind == PC_KIND_NONE ? PC_KIND_PREPRINT : kind);
}

/* Counts a pass-through value another format read: "groups (bibtex)". */
static void drop_extra(pc_ctx *ctx, const char *fmt, const pc_extra *e)
{
    pc_buf b = PC_BUF_INIT;
    pc_buf_puts(&b, e->name);
    if (e->format) {
        pc_buf_puts(&b, " (");
        pc_buf_puts(&b, e->format);
        pc_buf_putc(&b, ')');
    }
    pc_ctx_dropped(ctx, fmt, b.ptr);
    pc_buf_free(&b);
}

/* Counts each field the record holds that no row wrote.  Eight fields at
 * a time: a byte of slot is nonzero when the field is set, a byte of done
 * is 0 or 1; a group with no set-and-not-done byte (nearly all) costs a few
 * instructions instead of eight tests. */
static void count_unwritten(const write_state *w, pc_ctx *ctx, const char *fmt)
{
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7full, high = 0x8080808080808080ull;
    const unsigned char *slot = w->rec->slot;
    int f = 0;
    for (; f + 8 <= PC_F_COUNT; f += 8) {
        uint64_t s, d;
        memcpy(&s, slot + f, 8);
        memcpy(&d, w->done + f, 8);
        uint64_t set = (((s & low7) + low7) | s) & high; /* 0x80 in each nonzero byte */
        if (!(set & ~(d << 7)))
            continue;
        for (int k = f; k < f + 8; k++)
            if (k > PC_F_NONE && !w->done[k] && slot[k])
                pc_ctx_dropped(ctx, fmt, pc_field_get((pc_field)k)->name);
    }
    for (; f < PC_F_COUNT; f++)
        if (f > PC_F_NONE && !w->done[f] && slot[f])
            pc_ctx_dropped(ctx, fmt, pc_field_get((pc_field)f)->name);
}

bool pc_map_write(const pc_map_row *rows, size_t n, const pc_record *rec, pc_ctx *ctx,
                  const char *fmt, const pc_map_sink *sink, void *user, const pc_field *skip)
{
    write_state ws = {.rec = rec, .sink = sink, .user = user}, *w = &ws;
    for (; skip && *skip; skip++)
        w->done[*skip] = true;
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        const pc_map_row *row = &rows[i];
        /* most rows are of fields the record lacks: that test first */
        if (!(has(rec, row->field) || (row->dir & PC_MAP_ALWAYS)) || !(row->dir & PC_MAP_WRITE) ||
            w->done[row->field] || !kind_fits_written(row->kinds, rec->kind))
            continue;
        ok = write_row(w, row);
    }
    const char *family = sink->family ? sink->family : fmt;
    for (size_t i = 0; i < rec->n_extras && ok; i++) {
        const pc_extra *e = &rec->extras[i];
        if (sink->extra && e->format && strcmp(e->format, family) == 0)
            ok = sink->extra(user, e);
        else
            drop_extra(ctx, fmt, e);
    }
    if (ok)
        count_unwritten(w, ctx, fmt);
    return ok;
}
