/* SPDX-License-Identifier: MIT */
/* fieldmap.c — the generic loop that applies a format's field map both
 * ways (model/map.h): the name index, the dispatch of a row's value to
 * its way or its handler in both directions, and the per-kind caches of a
 * compiled map (the row a name finds, the rows that write: a plan). */
#include "model/map.h"
#include "util/buf.h"
#include "util/hash.h"

#include <stdlib.h>

/* The rows that write for one kind, in table order (their indices in the
 * map), found by field: field f's rows are at pos[first[f] .. first[f+1])
 * of row[]; bit p of `always` is set for an ALWAYS row row[p]. */
typedef struct plan {
    uint32_t *row;
    size_t n;
    uint32_t first[PC_F_COUNT + 1];
    uint32_t *pos;
    uint64_t *always;
    size_t n_words;
} plan;

struct pc_map {
    const pc_map_row *rows;
    size_t n;
    unsigned flags;
    uint32_t *slot; /* 1 + index of the first row of a name; 0 = empty */
    uint32_t *next; /* per row: 1 + index of the next row with the same name */
    size_t *len;    /* per row: strlen of its name */
    size_t mask;
    /* per kind, made on first use: per slot, what pc_map_find answered
     * (0: not asked yet, 1: no row, 2 + i: row i); the kind's plan */
    uint32_t *found[PC_KIND_COUNT];
    plan *plans[PC_KIND_COUNT];
};

/* Eight bytes a step for long names where case counts: the XML readers
 * ask for a path of 20 to 60 bytes at every element (PubMed XML: a tenth
 * of its time in FNV-1a's byte loop); a tag of a few bytes is quicker
 * byte by byte. */
static uint64_t hash_name(const char *s, size_t n, bool fold)
{
    return fold ? pc_hash_fold(s, n) : n > 8 ? pc_hash_words(s, n) : pc_hash(s, n);
}

/* Names are short (a RIS tag has two letters): compared here, not by a
 * call to memcmp. */
static inline bool name_is(const pc_map *m, size_t r, const char *s, size_t n)
{
    if (m->len[r] != n)
        return false;
    const char *row = m->rows[r].name;
    if (m->flags & PC_MAP_FOLD_CASE)
        return pc_strncasecmp(row, s, n) == 0;
    if (n > 16)
        return memcmp(row, s, n) == 0;
    for (size_t i = 0; i < n; i++)
        if (row[i] != s[i])
            return false;
    return true;
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
    for (int k = 0; k < PC_KIND_COUNT; k++) {
        pc_free(m->found[k]);
        if (m->plans[k]) {
            pc_free(m->plans[k]->row);
            pc_free(m->plans[k]->pos);
            pc_free(m->plans[k]->always);
            pc_free(m->plans[k]);
        }
    }
    pc_free(m->slot);
    pc_free(m->next);
    pc_free(m->len);
    pc_free(m);
}

static bool kind_fits(pc_kindset set, pc_kind kind)
{
    return !set || (kind != PC_KIND_NONE && (unsigned)kind < 64 && (set & ((pc_kindset)1 << kind)));
}

/* The row of the chain of rows from index k - 1 (one name) for `kind`. */
static const pc_map_row *chain_find(const pc_map *m, uint32_t k, pc_kind kind)
{
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

/* The row of slot i's name (the chain from k) for `kind`, remembered: the
 * first ask for a name and kind (the memo is found[kind][i]).  Not inline:
 * pc_map_find's path for the names asked before (nearly all) stays short. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static const pc_map_row *find_first(pc_map *m, size_t i, uint32_t k, pc_kind kind)
{
    if ((unsigned)kind >= PC_KIND_COUNT)
        return chain_find(m, k, kind);
    if (!m->found[kind])
        m->found[kind] = pc_xcalloc(m->mask + 1, sizeof *m->found[kind]);
    const pc_map_row *row = chain_find(m, k, kind);
    m->found[kind][i] = (uint32_t)(row ? 2 + (row - m->rows) : 1);
    return row;
}

const pc_map_row *pc_map_find(pc_map *m, const char *name, size_t n, pc_kind kind)
{
    size_t i = (size_t)hash_name(name, n, m->flags & PC_MAP_FOLD_CASE) & m->mask;
    for (uint32_t k; (k = m->slot[i]) != 0; i = (i + 1) & m->mask) {
        if (!name_is(m, k - 1, name, n))
            continue;
        const uint32_t *found = (unsigned)kind < PC_KIND_COUNT ? m->found[kind] : NULL;
        if (!found || !found[i])
            return find_first(m, i, k, kind);
        return found[i] > 1 ? &m->rows[found[i] - 2] : NULL;
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
        const pc_map_sink *s = w->sink;
        pc_map_write_fn *fn = row->handler < s->n_special ? s->special[row->handler] : NULL;
        if (!fn)
            return true;
        bool ok = fn(w->user, row, &wrote);
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

/* "line breaks in F" for every field F, a name pc_ctx_dropped can count. */
static const char *const breaks_name[PC_F_COUNT] = {
#define PC_FIELD(id_, num_, name_, kind_, flags_) [PC_F_##id_] = "line breaks in " name_,
#include "paperconv/fields.def"
#undef PC_FIELD
};

/* Counts each text value with a line break that a one-line format writes
 * (and folds to a space). */
static void count_breaks(pc_map *m, pc_kind k, const pc_record *rec, pc_ctx *ctx, const char *fmt)
{
    for (size_t i = 0; i < rec->n_texts; i++) {
        const pc_text *t = &rec->texts[i];
        if (t->s && strpbrk(t->s, "\r\n") && breaks_name[t->field] && pc_map_writes(m, k, t->field))
            pc_ctx_dropped(ctx, fmt, breaks_name[t->field]);
    }
}

/* ---- plans: the rows that write for one kind ------------------------------------ */

/* The plan of kind k (k < PC_KIND_COUNT, not PC_KIND_NONE), made on first use. */
static const plan *plan_of(pc_map *m, pc_kind k)
{
    if (m->plans[k])
        return m->plans[k];
    plan *p = m->plans[k] = pc_xcalloc(1, sizeof *p);
    p->row = pc_xmalloc((m->n ? m->n : 1) * sizeof *p->row);
    p->pos = pc_xmalloc((m->n ? m->n : 1) * sizeof *p->pos);
    p->n_words = (m->n + 63) / 64;
    p->always = pc_xcalloc(p->n_words ? p->n_words : 1, sizeof *p->always);
    uint32_t count[PC_F_COUNT] = {0};
    for (size_t i = 0; i < m->n; i++) {
        const pc_map_row *row = &m->rows[i];
        if (!(row->dir & PC_MAP_WRITE) || !kind_fits(row->kinds, k))
            continue;
        if (row->dir & PC_MAP_ALWAYS)
            p->always[p->n / 64] |= (uint64_t)1 << (p->n % 64);
        count[row->field]++;
        p->row[p->n++] = (uint32_t)i;
    }
    for (int f = 0; f < PC_F_COUNT; f++)
        p->first[f + 1] = p->first[f] + count[f];
    memset(count, 0, sizeof count);
    for (size_t i = 0; i < p->n; i++) {
        pc_field f = m->rows[p->row[i]].field;
        p->pos[p->first[f] + count[f]++] = (uint32_t)i;
    }
    return p;
}

/* The kind whose rows a record of `kind` is written with (a record of no
 * kind is written as the formats write a preprint), or PC_KIND_NONE when
 * it is no kind the plans know. */
static pc_kind written_kind(pc_kind kind)
{
    if (kind == PC_KIND_NONE)
        return PC_KIND_PREPRINT;
    return (unsigned)kind < PC_KIND_COUNT ? kind : PC_KIND_NONE;
}

bool pc_map_writes(pc_map *m, pc_kind kind, pc_field f)
{
    pc_kind k = written_kind(kind);
    if (k == PC_KIND_NONE || (unsigned)f >= PC_F_COUNT)
        return false;
    const plan *p = plan_of(m, k);
    return p->first[f + 1] > p->first[f];
}

static inline int low_bit(uint64_t b)
{
#if defined(__GNUC__)
    return __builtin_ctzll(b);
#else
    int i = 0;
    while (!(b & 1))
        b >>= 1, i++;
    return i;
#endif
}

/* Sets the bits of field f's rows. */
static inline void mark_field(const plan *p, uint64_t *bits, pc_field f)
{
    for (unsigned i = p->first[f]; i < p->first[f + 1]; i++)
        bits[p->pos[i] / 64] |= (uint64_t)1 << (p->pos[i] % 64);
}

/* One row of a plan or of a table, if it is to be written for the record:
 * the record has its field (or it is an ALWAYS row) and no row wrote the
 * field yet.  False when the output failed. */
static inline bool visit(write_state *w, const pc_map_row *row)
{
    /* most rows are of fields the record lacks: that test first */
    if (!(has(w->rec, row->field) || (row->dir & PC_MAP_ALWAYS)) || w->done[row->field])
        return true;
    return write_row(w, row);
}

/* The rows of plan p for w's record, in table order: those of the fields
 * the record has, and the ALWAYS rows (the others would be passed over:
 * a record holds some 15 of the model's fields). */
static bool write_plan(write_state *w, const pc_map *m, const plan *p)
{
    enum { MAX_WORDS = 16 }; /* 1024 rows; a larger plan is walked whole */
    const pc_record *rec = w->rec;
    if (p->n_words > MAX_WORDS) {
        bool ok = true;
        for (size_t i = 0; i < p->n && ok; i++)
            ok = visit(w, &m->rows[p->row[i]]);
        return ok;
    }
    uint64_t bits[MAX_WORDS];
    memcpy(bits, p->always, p->n_words * sizeof *bits);
    for (size_t i = 0; i < rec->n_texts; i++)
        mark_field(p, bits, rec->texts[i].field);
    for (size_t i = 0; i < rec->n_names; i++)
        mark_field(p, bits, rec->names[i].role);
    for (size_t i = 0; i < rec->n_dates; i++)
        mark_field(p, bits, rec->dates[i].field);
    for (size_t i = 0; i < rec->n_lists; i++)
        mark_field(p, bits, rec->lists[i].field);
    for (size_t wd = 0; wd < p->n_words; wd++)
        for (uint64_t b = bits[wd]; b; b &= b - 1)
            if (!visit(w, &m->rows[p->row[wd * 64 + (size_t)low_bit(b)]]))
                return false;
    return true;
}

/* Every row of a table that writes for `kind`, in order. */
static bool write_table(write_state *w, const pc_map_row *rows, size_t n, pc_kind kind)
{
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        const pc_map_row *row = &rows[i];
        /* most rows are of fields the record lacks: that test first */
        if (!(has(w->rec, row->field) || (row->dir & PC_MAP_ALWAYS)) || !(row->dir & PC_MAP_WRITE) ||
            w->done[row->field] || !kind_fits_written(row->kinds, kind))
            continue;
        ok = write_row(w, row);
    }
    return ok;
}

/* What every write ends with: the pass-through values, then the count of
 * the fields no row wrote. */
static bool write_rest(write_state *w, pc_ctx *ctx, const char *fmt)
{
    const pc_record *rec = w->rec;
    const pc_map_sink *sink = w->sink;
    const char *family = sink->family ? sink->family : fmt;
    bool ok = true;
    for (size_t i = 0; i < rec->n_extras && ok; i++) {
        const pc_extra *e = &rec->extras[i];
        if (sink->extra && e->format && strcmp(e->format, family) == 0)
            ok = sink->extra(w->user, e);
        else
            drop_extra(ctx, fmt, e);
    }
    if (ok)
        count_unwritten(w, ctx, fmt);
    return ok;
}

bool pc_map_write(pc_map *m, pc_kind kind, const pc_record *rec, pc_ctx *ctx, const char *fmt,
                  const pc_map_sink *sink, void *user, const pc_field *skip)
{
    write_state ws = {.rec = rec, .sink = sink, .user = user};
    for (; skip && *skip; skip++)
        ws.done[*skip] = true;
    pc_kind k = written_kind(kind);
    bool ok = k != PC_KIND_NONE ? write_plan(&ws, m, plan_of(m, k))
                                : write_table(&ws, m->rows, m->n, kind); /* no kind of ours */
    if (sink->one_line && k != PC_KIND_NONE)
        count_breaks(m, k, rec, ctx, fmt);
    return ok && write_rest(&ws, ctx, fmt);
}

bool pc_map_write_rows(const pc_map_row *rows, size_t n, const pc_record *rec, pc_ctx *ctx,
                       const char *fmt, const pc_map_sink *sink, void *user, const pc_field *skip)
{
    write_state ws = {.rec = rec, .sink = sink, .user = user};
    for (; skip && *skip; skip++)
        ws.done[*skip] = true;
    return write_table(&ws, rows, n, rec->kind) && write_rest(&ws, ctx, fmt);
}
