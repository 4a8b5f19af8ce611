/* SPDX-License-Identifier: MIT */
/* serial.c — the binary form of a record for temporary files (serial.h):
 * writing walks the record's arrays in order, reading rebuilds it through
 * the record's setters (pc_record_*), checking every count and id. */
#include "model/serial.h"
#include "util/hash.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

/* Each field's kind, to check a field id read back. */
static const unsigned char field_kind[PC_F_COUNT] = {
#define PC_FIELD(id_, num_, name_, kind_, flags_) [PC_F_##id_] = PC_FK_##kind_,
#include "paperconv/fields.def"
#undef PC_FIELD
};

#define BLOB_VERSION 1

/* ---- interned names -------------------------------------------------------------- */

struct pc_serial_names {
    char **slot; /* open addressing, NULL = empty */
    size_t mask, n;
};

pc_serial_names *pc_serial_names_new(void)
{
    pc_serial_names *t = pc_xcalloc(1, sizeof *t);
    t->mask = 15;
    t->slot = pc_xcalloc(t->mask + 1, sizeof *t->slot);
    return t;
}

void pc_serial_names_free(pc_serial_names *t)
{
    if (!t)
        return;
    for (size_t i = 0; i <= t->mask; i++)
        pc_free(t->slot[i]);
    pc_free(t->slot);
    pc_free(t);
}

static size_t name_slot(char *const *slot, size_t mask, const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
    size_t i = (size_t)(h ^ (h >> 29)) & mask;
    while (slot[i] && (strncmp(slot[i], s, n) != 0 || slot[i][n]))
        i = (i + 1) & mask;
    return i;
}

const char *pc_serial_intern(pc_serial_names *t, const char *s, size_t n)
{
    if (!s)
        return NULL;
    size_t i = name_slot(t->slot, t->mask, s, n);
    if (t->slot[i])
        return t->slot[i];
    if (2 * (t->n + 1) > t->mask + 1) {
        size_t mask = 2 * t->mask + 1;
        char **slot = pc_xcalloc(mask + 1, sizeof *slot);
        for (size_t k = 0; k <= t->mask; k++)
            if (t->slot[k])
                slot[name_slot(slot, mask, t->slot[k], strlen(t->slot[k]))] = t->slot[k];
        pc_free(t->slot);
        t->slot = slot;
        t->mask = mask;
        i = name_slot(t->slot, t->mask, s, n);
    }
    t->n++;
    return t->slot[i] = pc_xstrndup(s, n);
}

/* ---- writing ------------------------------------------------------------------------ */

void pc_serial_put_uint(pc_buf *out, unsigned long long v)
{
    while (v >= 0x80) {
        pc_buf_putc(out, (char)((v & 0x7f) | 0x80));
        v >>= 7;
    }
    pc_buf_putc(out, (char)v);
}

static void put_int(pc_buf *out, long long v)
{
    pc_serial_put_uint(out, v < 0 ? ~((unsigned long long)v << 1) : (unsigned long long)v << 1);
}

static void put_str(pc_buf *out, const char *s)
{
    if (!s) {
        pc_serial_put_uint(out, 0);
        return;
    }
    size_t n = strlen(s);
    pc_serial_put_uint(out, n + 1);
    pc_buf_put(out, s, n);
}

static void put_strlist(pc_buf *out, const pc_strlist *l)
{
    pc_serial_put_uint(out, l->n);
    for (size_t i = 0; i < l->n; i++)
        put_str(out, l->items[i]);
}

static void put_text(pc_buf *out, const pc_text *t)
{
    pc_serial_put_uint(out, (unsigned)t->field);
    pc_serial_put_uint(out, t->truncated);
    put_str(out, t->s);
    pc_serial_put_uint(out, t->markup.n);
    for (size_t i = 0; i < t->markup.n; i++) {
        pc_serial_put_uint(out, t->markup.items[i].start);
        pc_serial_put_uint(out, t->markup.items[i].end);
        pc_serial_put_uint(out, (unsigned)t->markup.items[i].mark);
    }
    put_strlist(out, &t->protected_words);
}

static void put_names(pc_buf *out, const pc_names *l)
{
    pc_serial_put_uint(out, (unsigned)l->role);
    pc_serial_put_uint(out, l->et_al);
    pc_serial_put_uint(out, l->n);
    for (size_t i = 0; i < l->n; i++) {
        const pc_name *nm = &l->items[i];
        const char *parts[] = {nm->given, nm->dparticle, nm->particle, nm->family,
                               nm->suffix, nm->literal, nm->orcid};
        for (size_t k = 0; k < sizeof parts / sizeof *parts; k++)
            put_str(out, parts[k]);
        pc_serial_put_uint(out, nm->flags);
        put_strlist(out, &nm->affiliations);
    }
}

static void put_date(pc_buf *out, const pc_datevar *v)
{
    const pc_date *d = &v->date;
    pc_serial_put_uint(out, (unsigned)v->field);
    const int parts[] = {d->year, d->month, d->day, d->end_year, d->end_month, d->end_day,
                         d->season, (int)d->flags, d->end_season};
    for (size_t k = 0; k < sizeof parts / sizeof *parts; k++)
        put_int(out, parts[k]);
    put_str(out, v->literal);
}

void pc_serial_put(pc_buf *out, const pc_record *rec)
{
    pc_serial_put_uint(out, BLOB_VERSION);
    pc_serial_put_uint(out, (unsigned)rec->kind);
    put_str(out, rec->key);
    put_str(out, rec->src_file);
    pc_serial_put_uint(out, rec->src_line);
    pc_serial_put_uint(out, rec->n_texts);
    for (size_t i = 0; i < rec->n_texts; i++)
        put_text(out, &rec->texts[i]);
    pc_serial_put_uint(out, rec->n_names);
    for (size_t i = 0; i < rec->n_names; i++)
        put_names(out, &rec->names[i]);
    pc_serial_put_uint(out, rec->n_dates);
    for (size_t i = 0; i < rec->n_dates; i++)
        put_date(out, &rec->dates[i]);
    pc_serial_put_uint(out, rec->n_lists);
    for (size_t i = 0; i < rec->n_lists; i++) {
        pc_serial_put_uint(out, (unsigned)rec->lists[i].field);
        put_strlist(out, &rec->lists[i].list);
    }
    pc_serial_put_uint(out, rec->n_extras);
    for (size_t i = 0; i < rec->n_extras; i++) {
        put_str(out, rec->extras[i].format);
        put_str(out, rec->extras[i].name);
        put_str(out, rec->extras[i].value);
    }
}

void pc_serial_each_hash(const pc_record *rec, pc_buf *scratch, void (*fn)(void *u, pc_field f, uint64_t h),
                         void *u)
{
    for (size_t i = 0; i < rec->n_texts; i++) {
        pc_buf_clear(scratch);
        put_text(scratch, &rec->texts[i]);
        fn(u, rec->texts[i].field, pc_hash_words(scratch->ptr, scratch->len));
    }
    for (size_t i = 0; i < rec->n_names; i++) {
        pc_buf_clear(scratch);
        put_names(scratch, &rec->names[i]);
        fn(u, rec->names[i].role, pc_hash_words(scratch->ptr, scratch->len));
    }
    for (size_t i = 0; i < rec->n_dates; i++) {
        pc_buf_clear(scratch);
        put_date(scratch, &rec->dates[i]);
        fn(u, rec->dates[i].field, pc_hash_words(scratch->ptr, scratch->len));
    }
    for (size_t i = 0; i < rec->n_lists; i++) {
        pc_buf_clear(scratch);
        put_strlist(scratch, &rec->lists[i].list);
        fn(u, rec->lists[i].field, pc_hash_words(scratch->ptr, scratch->len));
    }
}

/* ---- reading ------------------------------------------------------------------------ */

typedef struct reader {
    const char *p, *end;
    bool bad;
    pc_serial_names *names;
} reader;

bool pc_serial_get_uint(const char **p, const char *end, unsigned long long *v)
{
    *v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (*p >= end)
            return false;
        unsigned char c = (unsigned char)*(*p)++;
        *v |= (unsigned long long)(c & 0x7f) << shift;
        if (!(c & 0x80))
            return true;
    }
    return false;
}

static unsigned long long get_uint(reader *r, unsigned long long max)
{
    unsigned long long v = 0;
    if (!r->bad && (!pc_serial_get_uint(&r->p, r->end, &v) || v > max))
        r->bad = true;
    return r->bad ? 0 : v;
}

/* A count of items that each take at least one byte: never more than the
 * bytes left, so a damaged count cannot make a huge allocation. */
static size_t get_count(reader *r) { return (size_t)get_uint(r, (unsigned long long)(r->end - r->p)); }

static int get_int(reader *r)
{
    unsigned long long z = get_uint(r, UINT32_MAX);
    long long v = (long long)(z >> 1) ^ -(long long)(z & 1);
    return (int)v;
}

/* A string: *n its length, NULL for an absent one (and when damaged). */
static const char *get_str(reader *r, size_t *n)
{
    size_t len = (size_t)get_uint(r, (unsigned long long)(r->end - r->p) + 1);
    *n = 0;
    if (r->bad || len == 0)
        return NULL;
    const char *s = r->p;
    *n = len - 1;
    r->p += len - 1;
    return s;
}

static char *get_owned(reader *r)
{
    size_t n;
    const char *s = get_str(r, &n);
    return s ? pc_xstrndup(s, n) : NULL;
}

static pc_field get_field(reader *r, pc_field_kind k1, pc_field_kind k2)
{
    pc_field f = (pc_field)get_uint(r, PC_F_COUNT - 1);
    if (!r->bad && (f == PC_F_NONE || (field_kind[f] != k1 && field_kind[f] != k2)))
        r->bad = true;
    return r->bad ? PC_F_NONE : f;
}

static void get_strlist(reader *r, pc_strlist *l)
{
    for (size_t i = 0, n = get_count(r); i < n && !r->bad; i++) {
        size_t len;
        const char *s = get_str(r, &len);
        if (s)
            pc_strlist_push_n(l, s, len);
    }
}

static void get_text(reader *r, pc_record *rec)
{
    pc_field f = get_field(r, PC_FK_TEXT, PC_FK_NUMBER);
    bool truncated = get_uint(r, 1);
    size_t n;
    const char *s = get_str(r, &n);
    pc_text *t = r->bad || pc_record_has(rec, f) ? NULL : pc_record_set(rec, f, s, n);
    if (!t) {
        r->bad = true; /* an empty or repeated text is not what pc_serial_put writes */
        return;
    }
    t->truncated = truncated;
    for (size_t i = 0, k = get_count(r); i < k && !r->bad; i++) {
        size_t st = (size_t)get_uint(r, n), en = (size_t)get_uint(r, n);
        pc_mark m = (pc_mark)get_uint(r, PC_MARK_SUB);
        if (!r->bad)
            pc_spanlist_push(&t->markup, st, en, m);
    }
    get_strlist(r, &t->protected_words);
}

static void get_names(reader *r, pc_record *rec)
{
    pc_field role = get_field(r, PC_FK_NAME, PC_FK_NAME);
    bool et_al = get_uint(r, 1);
    if (r->bad || pc_record_has(rec, role)) {
        r->bad = true;
        return;
    }
    pc_names *l = pc_record_names_mut(rec, role);
    l->et_al = et_al;
    for (size_t i = 0, n = get_count(r); i < n && !r->bad; i++) {
        pc_name *nm = pc_names_add(l);
        char **parts[] = {&nm->given, &nm->dparticle, &nm->particle, &nm->family,
                          &nm->suffix, &nm->literal, &nm->orcid};
        for (size_t k = 0; k < sizeof parts / sizeof *parts; k++)
            *parts[k] = get_owned(r);
        nm->flags = (unsigned)get_uint(r, UINT32_MAX);
        get_strlist(r, &nm->affiliations);
    }
}

static void get_date(reader *r, pc_record *rec)
{
    pc_field f = get_field(r, PC_FK_DATE, PC_FK_DATE);
    pc_date d;
    int *parts[] = {&d.year, &d.month, &d.day, &d.end_year, &d.end_month, &d.end_day, &d.season,
                    (int *)&d.flags, &d.end_season};
    for (size_t k = 0; k < sizeof parts / sizeof *parts; k++)
        *parts[k] = get_int(r);
    size_t n;
    const char *lit = get_str(r, &n);
    if (r->bad || pc_record_has(rec, f) || (!d.year && !lit)) {
        r->bad = true;
        return;
    }
    if (lit)
        pc_record_set_date_literal(rec, f, lit, n);
    if (d.year)
        pc_record_set_date(rec, f, &d);
}

static void get_list(reader *r, pc_record *rec)
{
    pc_field f = get_field(r, PC_FK_LIST, PC_FK_LIST);
    if (r->bad || pc_record_has(rec, f)) {
        r->bad = true;
        return;
    }
    for (size_t i = 0, n = get_count(r); i < n && !r->bad; i++) {
        size_t len;
        const char *s = get_str(r, &len);
        if (s)
            pc_record_list_add(rec, f, s, len);
    }
}

static void get_extra(reader *r, pc_record *rec)
{
    size_t fn, nn, vn;
    const char *fmt = get_str(r, &fn), *name = get_str(r, &nn), *value = get_str(r, &vn);
    if (r->bad || !name || !value) {
        r->bad = true;
        return;
    }
    pc_record_add_extra(rec, pc_serial_intern(r->names, fmt, fn), name, nn, value, vn);
}

bool pc_serial_get(const char *p, size_t n, pc_serial_names *names, pc_record *rec)
{
    reader r = {.p = p, .end = p + n, .names = names};
    pc_record_clear(rec);
    if (get_uint(&r, BLOB_VERSION) != BLOB_VERSION)
        r.bad = true;
    rec->kind = (pc_kind)get_uint(&r, PC_KIND_COUNT - 1);
    rec->key = get_owned(&r);
    size_t fn;
    const char *file = get_str(&r, &fn);
    rec->src_file = r.bad ? NULL : pc_serial_intern(names, file, fn);
    rec->src_line = (unsigned long)get_uint(&r, ULONG_MAX);
    void (*const parts[])(reader *, pc_record *) = {get_text, get_names, get_date, get_list,
                                                    get_extra};
    for (size_t k = 0; k < sizeof parts / sizeof *parts; k++)
        for (size_t i = 0, c = get_count(&r); i < c && !r.bad; i++)
            parts[k](&r, rec);
    if (r.bad || r.p != r.end) {
        pc_record_clear(rec);
        return false;
    }
    return true;
}

/* ---- files ---------------------------------------------------------------------------- */

bool pc_serial_write(FILE *f, const pc_record *rec, pc_buf *scratch)
{
    pc_buf_clear(scratch);
    pc_serial_put(scratch, rec);
    size_t blob = scratch->len;
    pc_serial_put_uint(scratch, blob); /* the length goes first: written apart */
    return fwrite(scratch->ptr + blob, 1, scratch->len - blob, f) == scratch->len - blob &&
           fwrite(scratch->ptr, 1, blob, f) == blob;
}

int pc_serial_read_uint(FILE *f, unsigned long long *v)
{
    *v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        int c = getc(f);
        if (c == EOF)
            return shift == 0 && !ferror(f) ? 0 : -1;
        *v |= (unsigned long long)(c & 0x7f) << shift;
        if (!(c & 0x80))
            return 1;
    }
    return -1;
}

int pc_serial_read(FILE *f, pc_serial_names *names, pc_record *rec, pc_buf *scratch)
{
    unsigned long long n;
    int st = pc_serial_read_uint(f, &n);
    if (st <= 0)
        return st;
    if (n > (unsigned long long)SIZE_MAX / 2)
        return -1;
    pc_buf_clear(scratch);
    /* grow as the bytes arrive, so a damaged length cannot allocate ahead */
    for (size_t left = (size_t)n; left;) {
        size_t chunk = left < 65536 ? left : 65536;
        pc_buf_grow(scratch, chunk);
        if (fread(scratch->ptr + scratch->len, 1, chunk, f) != chunk)
            return -1;
        scratch->len += chunk;
        left -= chunk;
    }
    return pc_serial_get(scratch->ptr, scratch->len, names, rec) ? 1 : -1;
}
