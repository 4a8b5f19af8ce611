/* SPDX-License-Identifier: MIT */
/* merge.c — the records of one work made one (merge.h): copies through
 * the record setters, the combine rules field kind by field kind, names
 * matched through a per-role hash index, conflicts as values with places. */
#include "ops/merge.h"
#include "model/copy.h"
#include "model/dates.h"
#include "text/fold.h"
#include "text/names.h"

#include <stdint.h>
#include <stdlib.h>

#define SEP "\x1f" /* between a pass-through value's format and name */

pc_merge_mode pc_merge_mode_by_name(const char *s)
{
    static const struct {
        const char *name;
        pc_merge_mode mode;
    } modes[] = {{"combine", PC_MERGE_COMBINE}, {"first", PC_MERGE_FIRST}, {"last", PC_MERGE_LAST}};
    for (size_t i = 0; s && i < sizeof modes / sizeof *modes; i++)
        if (!strcmp(s, modes[i].name))
            return modes[i].mode;
    return PC_MERGE_NONE;
}

/* ---- the names of one role, by match key --------------------------------------------- */

/* An open-addressing map from match keys to indices in the role's list. */
struct pc_merge_names {
    char **key;      /* entries: key and name index */
    uint32_t *name;
    size_t n, cap;
    uint32_t *slot;  /* 1 + entry, 0 = empty */
    size_t mask;
};

/* The match key of a name: folded family (or literal), "|", the folded
 * given name's first character; `initial` false leaves the latter out. */
static void name_key(const pc_name *nm, bool initial, pc_buf *out)
{
    pc_buf_clear(out);
    const char *fam = nm->family ? nm->family : nm->literal;
    if (fam)
        pc_fold_match(out, fam, strlen(fam));
    pc_buf_putc(out, '|');
    if (initial && nm->given) {
        size_t at = out->len;
        pc_fold_match(out, nm->given, strlen(nm->given));
        if (out->len > at) { /* keep the first character (UTF-8) */
            size_t k = at + 1;
            while (k < out->len && ((unsigned char)out->ptr[k] & 0xC0) == 0x80)
                k++;
            pc_buf_truncate(out, k);
        }
    }
}

static size_t key_slot(const struct pc_merge_names *ix, const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
    size_t i = (size_t)(h ^ (h >> 31)) & ix->mask;
    for (uint32_t e; (e = ix->slot[i]) != 0; i = (i + 1) & ix->mask)
        if (!strcmp(ix->key[e - 1], s))
            break;
    return i;
}

static long index_find(const struct pc_merge_names *ix, const pc_buf *key)
{
    uint32_t e = ix->slot[key_slot(ix, key->ptr, key->len)];
    return e ? (long)ix->name[e - 1] : -1;
}

static void index_put(struct pc_merge_names *ix, const pc_buf *key, size_t name)
{
    if (2 * (ix->n + 1) > ix->mask + 1) { /* keep it at most half full */
        pc_free(ix->slot);
        ix->mask = ix->mask ? 2 * ix->mask + 1 : 15;
        ix->slot = pc_xcalloc(ix->mask + 1, sizeof *ix->slot);
        for (size_t i = 0; i < ix->n; i++)
            ix->slot[key_slot(ix, ix->key[i], strlen(ix->key[i]))] = (uint32_t)(i + 1);
    }
    size_t s = key_slot(ix, key->ptr, key->len);
    if (ix->slot[s])
        return; /* the first name with the key keeps it */
    if (ix->n == ix->cap) {
        ix->cap = ix->cap ? 2 * ix->cap : 8;
        ix->key = pc_xrealloc(ix->key, ix->cap * sizeof *ix->key);
        ix->name = pc_xrealloc(ix->name, ix->cap * sizeof *ix->name);
    }
    ix->key[ix->n] = pc_xstrndup(key->ptr, key->len);
    ix->name[ix->n++] = (uint32_t)name;
    ix->slot[s] = (uint32_t)ix->n;
}

static void index_free(struct pc_merge_names *ix)
{
    if (!ix)
        return;
    for (size_t i = 0; i < ix->n; i++)
        pc_free(ix->key[i]);
    pc_free(ix->key);
    pc_free(ix->name);
    pc_free(ix->slot);
    pc_free(ix);
}

/* Indexes name i of the role's list under its keys: "family|initial",
 * and "family|*" (any name of that family) for members without a given name. */
static void index_name(struct pc_merge_names *ix, const pc_name *nm, size_t i, pc_buf *tmp)
{
    name_key(nm, true, tmp);
    index_put(ix, tmp, i);
    name_key(nm, false, tmp);
    pc_buf_putc(tmp, '*');
    index_put(ix, tmp, i);
}

/* The out name a member's name is, or -1. */
static long match_name(const struct pc_merge_names *ix, const pc_name *nm, pc_buf *tmp)
{
    name_key(nm, true, tmp);
    long i = index_find(ix, tmp);
    if (i < 0) {
        name_key(nm, false, tmp); /* an out name without a given name */
        i = index_find(ix, tmp);
    }
    if (i < 0 && !nm->given) {
        pc_buf_putc(tmp, '*');
        i = index_find(ix, tmp);
    }
    return i;
}

/* ---- conflicts ---------------------------------------------------------------------------- */

/* Records that `field` of the kept record (`kept`, NULL when it has none)
 * and of `other` differ: the other value is not kept. */
static void conflict(pc_merge *m, const char *field, const char *kept, const char *other,
                     const pc_record *kept_rec, const pc_record *other_rec)
{
    m->n_conflicts++;
    if (m->n_kept_conflicts == PC_MERGE_MAX_CONFLICTS)
        return;
    if (!m->conflicts)
        m->conflicts = pc_xmalloc(PC_MERGE_MAX_CONFLICTS * sizeof *m->conflicts);
    m->conflicts[m->n_kept_conflicts++] = (pc_merge_conflict){
        .field = field, .kept = pc_xstrdup(kept), .other = pc_xstrdup(other),
        .kept_file = kept_rec->src_file, .kept_line = kept_rec->src_line,
        .other_file = other_rec->src_file, .other_line = other_rec->src_line};
}

static void show_name(const pc_name *nm, pc_buf *b)
{
    pc_buf_clear(b);
    pc_name_display(nm, b);
}

static void show_date(const pc_datevar *v, pc_buf *b)
{
    pc_buf_clear(b);
    if (v->date.year)
        pc_date_edtf(&v->date, b);
    else if (v->literal)
        pc_buf_puts(b, v->literal);
}

/* Whether two texts are one value: equal, or equal once folded. */
static bool same_text(const char *a, const char *b, pc_buf *t1, pc_buf *t2)
{
    if (!strcmp(a, b))
        return true;
    pc_buf_clear(t1);
    pc_buf_clear(t2);
    pc_fold_match(t1, a, strlen(a));
    pc_fold_match(t2, b, strlen(b));
    return t1->len && !strcmp(t1->ptr, t2->ptr);
}

/* ---- ids ------------------------------------------------------------------------------------ */

static bool is_bib_ids(const pc_extra *e)
{
    return e->format && !strcmp(e->format, "bibtex") && !pc_strcasecmp(e->name, "ids");
}

static void add_id(pc_merge *m, const char *s, size_t n)
{
    pc_trim(&s, &n);
    if (n && !(m->first_key && strlen(m->first_key) == n && !memcmp(m->first_key, s, n)))
        pc_strlist_add_unique(&m->ids, s, n);
}

/* Takes rec's key and its ids (the ids field, biblatex's "ids" kept as a
 * pass-through value: "a, b") into m->ids. */
static void collect_ids(pc_merge *m, const pc_record *rec)
{
    if (rec->key)
        add_id(m, rec->key, strlen(rec->key));
    const pc_strlist *l = pc_record_list(rec, PC_F_IDS);
    for (size_t i = 0; l && i < l->n; i++)
        add_id(m, l->items[i], strlen(l->items[i]));
    for (size_t i = 0; i < rec->n_extras; i++) {
        if (!is_bib_ids(&rec->extras[i]))
            continue;
        const char *v = rec->extras[i].value;
        for (const char *p = v, *c; *p; p = *c ? c + 1 : c) {
            c = strchr(p, ',');
            if (!c)
                c = p + strlen(p);
            add_id(m, p, (size_t)(c - p));
        }
    }
}

/* Removes the ids field and biblatex's ids value: finish writes them anew. */
static void strip_ids(pc_record *rec)
{
    pc_record_unset(rec, PC_F_IDS);
    size_t k = 0;
    for (size_t i = 0; i < rec->n_extras; i++) {
        if (is_bib_ids(&rec->extras[i])) {
            pc_free(rec->extras[i].name);
            pc_free(rec->extras[i].value);
        } else {
            rec->extras[k++] = rec->extras[i];
        }
    }
    rec->n_extras = k;
}

/* ---- one member into the kept record ------------------------------------------------------ */

typedef struct absorb {
    pc_merge *m;
    pc_record *dst;       /* the kept record */
    const pc_record *src; /* the member */
    bool take;            /* combine: take what dst lacks; else only report */
    pc_buf t1, t2;
} absorb;

static const char *field_name(pc_field f) { return pc_field_get(f)->name; }

static void absorb_texts(absorb *a)
{
    for (size_t i = 0; i < a->src->n_texts; i++) {
        const pc_text *t = &a->src->texts[i];
        const pc_text *k = pc_record_text(a->dst, t->field);
        if (!k) {
            if (a->take)
                pc_record_copy_field(a->dst, t->field, a->src, t->field);
            else
                conflict(a->m, field_name(t->field), NULL, t->s, a->dst, a->src);
        } else if (!same_text(k->s, t->s, &a->t1, &a->t2)) {
            if (a->take && k->truncated && !t->truncated)
                pc_record_copy_field(a->dst, t->field, a->src, t->field); /* the whole text over a cut one */
            else
                conflict(a->m, field_name(t->field), k->s, t->s, a->dst, a->src);
        }
    }
}

/* Letters and digits of a given name: "John" 4, "J." 1. */
static size_t richness(const char *given, pc_buf *tmp)
{
    if (!given)
        return 0;
    pc_buf_clear(tmp);
    pc_fold_match(tmp, given, strlen(given));
    return tmp->len;
}

/* Takes into d what s has richer: the given name, a missing part or
 * ORCID, affiliations.  Returns whether d changed. */
static bool enrich(pc_name *d, const pc_name *s, pc_buf *tmp)
{
    bool changed = false;
    if (richness(s->given, tmp) > richness(d->given, tmp)) {
        pc_set_str(&d->given, s->given);
        changed = true;
    }
    char **mine[] = {&d->dparticle, &d->particle, &d->suffix, &d->orcid};
    char *const theirs[] = {s->dparticle, s->particle, s->suffix, s->orcid};
    for (size_t i = 0; i < sizeof mine / sizeof *mine; i++)
        if (!*mine[i] && theirs[i]) {
            *mine[i] = pc_xstrdup(theirs[i]);
            changed = true;
        }
    for (size_t i = 0; i < s->affiliations.n; i++)
        changed |= pc_strlist_add_unique(&d->affiliations, s->affiliations.items[i],
                                         strlen(s->affiliations.items[i]));
    return changed;
}

static struct pc_merge_names *build_index(const pc_names *l, pc_buf *tmp)
{
    struct pc_merge_names *ix = pc_xcalloc(1, sizeof *ix);
    for (size_t i = 0; i < l->n; i++)
        index_name(ix, &l->items[i], i, tmp);
    return ix;
}

static void absorb_names(absorb *a)
{
    for (size_t r = 0; r < a->src->n_names; r++) {
        const pc_names *l = &a->src->names[r];
        const pc_names *have = pc_record_names(a->dst, l->role);
        if (!have || !have->n) {
            if (a->take)
                pc_record_copy_field(a->dst, l->role, a->src, l->role);
            for (size_t i = 0; !a->take && i < l->n; i++) {
                show_name(&l->items[i], &a->t1);
                conflict(a->m, field_name(l->role), NULL, a->t1.ptr, a->dst, a->src);
            }
            continue;
        }
        pc_names *d = pc_record_names_mut(a->dst, l->role);
        struct pc_merge_names *ix = a->take ? a->m->names[l->role] : NULL;
        if (!ix)
            ix = build_index(d, &a->t1);
        if (a->take)
            a->m->names[l->role] = ix;
        for (size_t i = 0; i < l->n; i++) {
            long k = match_name(ix, &l->items[i], &a->t1);
            if (k >= 0 && a->take) {
                if (enrich(&d->items[k], &l->items[i], &a->t2)) {
                    a->m->n_names_enriched++;
                    index_name(ix, &d->items[k], (size_t)k, &a->t1); /* a given name gained */
                }
            } else if (a->take) {
                pc_names_add_copy(d, &l->items[i]);
                index_name(ix, &d->items[d->n - 1], d->n - 1, &a->t1);
            } else if (k < 0) {
                show_name(&l->items[i], &a->t1);
                conflict(a->m, field_name(l->role), NULL, a->t1.ptr, a->dst, a->src);
            } else if (richness(l->items[i].given, &a->t1) > richness(d->items[k].given, &a->t1)) {
                show_name(&d->items[k], &a->t1); /* a richer name not kept */
                show_name(&l->items[i], &a->t2);
                conflict(a->m, field_name(l->role), a->t1.ptr, a->t2.ptr, a->dst, a->src);
            }
        }
        if (a->take)
            d->et_al = d->et_al && l->et_al;
        else
            index_free(ix);
    }
}

/* Whether date b only adds precision to a (same year, same month when a
 * has one); and whether both are the same date. */
static bool date_refines(const pc_date *a, const pc_date *b)
{
    return a->year == b->year && !a->end_year && !b->end_year &&
           ((!a->month && b->month) || (a->month == b->month && !a->day && b->day));
}

static void absorb_dates(absorb *a)
{
    for (size_t i = 0; i < a->src->n_dates; i++) {
        const pc_datevar *v = &a->src->dates[i];
        const pc_date *kd = pc_record_date(a->dst, v->field);
        const char *kl = pc_record_date_literal(a->dst, v->field);
        if (!kd && !kl) {
            if (a->take) {
                pc_record_copy_field(a->dst, v->field, a->src, v->field);
            } else {
                show_date(v, &a->t1);
                conflict(a->m, field_name(v->field), NULL, a->t1.ptr, a->dst, a->src);
            }
            continue;
        }
        pc_datevar kept = {.field = v->field, .literal = (char *)kl};
        if (kd)
            kept.date = *kd;
        bool same = kd && v->date.year && !memcmp(kd, &v->date, sizeof *kd);
        if (a->take && kd && v->date.year && date_refines(kd, &v->date)) {
            pc_record_set_date(a->dst, v->field, &v->date);
        } else if (!v->date.year || !kd) {
            if (a->take && !kd && v->date.year)
                pc_record_set_date(a->dst, v->field, &v->date);
            else if (a->take && !kl && v->literal)
                pc_record_set_date_literal(a->dst, v->field, v->literal, strlen(v->literal));
        } else if (!same && !date_refines(&v->date, kd)) {
            show_date(&kept, &a->t1);
            show_date(v, &a->t2);
            conflict(a->m, field_name(v->field), a->t1.ptr, a->t2.ptr, a->dst, a->src);
        }
    }
}

static void absorb_lists(absorb *a)
{
    for (size_t i = 0; i < a->src->n_lists; i++) {
        const pc_listvar *v = &a->src->lists[i];
        if (v->field == PC_F_IDS)
            continue; /* collect_ids has them */
        const pc_strlist *have = pc_record_list(a->dst, v->field);
        for (size_t k = 0; k < v->list.n; k++) {
            const char *s = v->list.items[k];
            if (a->take)
                pc_record_list_add(a->dst, v->field, s, strlen(s));
            else if (!have || !pc_strlist_has(have, s))
                conflict(a->m, field_name(v->field), NULL, s, a->dst, a->src);
        }
    }
}

static void extra_key(const pc_extra *e, pc_buf *b)
{
    pc_buf_clear(b);
    pc_buf_puts(b, e->format ? e->format : "");
    pc_buf_puts(b, SEP);
    pc_buf_puts(b, e->name);
}

/* A pass-through name for a conflict, owned by the merge. */
static const char *owned_name(pc_merge *m, const char *s)
{
    pc_strlist_add_unique(&m->owned, s, strlen(s));
    for (size_t i = m->owned.n; i-- > 0;) /* found at once: the last, or an earlier one hashed */
        if (!strcmp(m->owned.items[i], s))
            return m->owned.items[i];
    return "";
}

static void absorb_extras(absorb *a, struct pc_merge_names *ix)
{
    for (size_t i = 0; i < a->src->n_extras; i++) {
        const pc_extra *e = &a->src->extras[i];
        if (is_bib_ids(e))
            continue;
        extra_key(e, &a->t1);
        long k = index_find(ix, &a->t1);
        if (k < 0 && a->take) {
            pc_record_add_extra(a->dst, e->format, e->name, strlen(e->name), e->value,
                                strlen(e->value));
            index_put(ix, &a->t1, a->dst->n_extras - 1);
        } else if (k < 0 || strcmp(a->dst->extras[k].value, e->value)) {
            conflict(a->m,
                     a->m->n_kept_conflicts < PC_MERGE_MAX_CONFLICTS ? owned_name(a->m, e->name) : "", k < 0 ? NULL : a->dst->extras[k].value,
                     e->value, a->dst, a->src);
        }
    }
}

static struct pc_merge_names *extras_index(const pc_record *rec, pc_buf *tmp)
{
    struct pc_merge_names *ix = pc_xcalloc(1, sizeof *ix);
    for (size_t i = 0; i < rec->n_extras; i++) {
        extra_key(&rec->extras[i], tmp);
        index_put(ix, tmp, i);
    }
    return ix;
}

/* Everything of src into dst (take) or against dst (report only). */
static void absorb_record(pc_merge *m, pc_record *dst, const pc_record *src, bool take)
{
    absorb a = {.m = m, .dst = dst, .src = src, .take = take, .t1 = PC_BUF_INIT, .t2 = PC_BUF_INIT};
    if (dst->kind != src->kind && src->kind) {
        if (take && !dst->kind)
            dst->kind = src->kind;
        else
            conflict(m, "type", dst->kind ? pc_kind_name(dst->kind) : NULL, pc_kind_name(src->kind),
                     dst, src);
    }
    absorb_texts(&a);
    absorb_names(&a);
    absorb_dates(&a);
    absorb_lists(&a);
    struct pc_merge_names *ix = take ? m->extras : NULL;
    if (!ix)
        ix = extras_index(dst, &a.t1);
    absorb_extras(&a, ix);
    if (take)
        m->extras = ix;
    else
        index_free(ix);
    pc_buf_free(&a.t1);
    pc_buf_free(&a.t2);
}

/* ---- the group ------------------------------------------------------------------------------ */

void pc_merge_init(pc_merge *m, pc_merge_mode mode)
{
    memset(m, 0, sizeof *m);
    m->mode = mode ? mode : PC_MERGE_COMBINE;
    pc_record_init(&m->out);
}

static void drop_indexes(pc_merge *m)
{
    for (size_t i = 0; i < PC_F_COUNT; i++) {
        index_free(m->names[i]);
        m->names[i] = NULL;
    }
    index_free(m->extras);
    m->extras = NULL;
}

void pc_merge_free(pc_merge *m)
{
    pc_record_clear(&m->out);
    for (size_t i = 0; i < m->n_kept_conflicts; i++) {
        pc_free(m->conflicts[i].kept);
        pc_free(m->conflicts[i].other);
    }
    pc_free(m->conflicts);
    pc_free(m->first_key);
    pc_strlist_clear(&m->ids);
    pc_strlist_clear(&m->owned);
    drop_indexes(m);
    memset(m, 0, sizeof *m);
}

void pc_merge_add(pc_merge *m, const pc_record *rec)
{
    if (m->n_members++ == 0) {
        m->first_key = pc_xstrdup(rec->key);
        m->first_file = rec->src_file;
        m->first_line = rec->src_line;
        collect_ids(m, rec);
        pc_record_copy(&m->out, rec);
        strip_ids(&m->out);
        return;
    }
    collect_ids(m, rec);
    if (m->mode == PC_MERGE_LAST) {
        pc_record next;
        pc_record_init(&next);
        pc_record_copy(&next, rec);
        strip_ids(&next);
        absorb_record(m, &next, &m->out, false); /* what the one before held otherwise */
        pc_record_clear(&m->out);
        m->out = next;
        drop_indexes(m);
        return;
    }
    absorb_record(m, &m->out, rec, m->mode == PC_MERGE_COMBINE);
}

pc_record *pc_merge_finish(pc_merge *m)
{
    if (!m->n_members)
        return &m->out;
    pc_set_str(&m->out.key, m->first_key);
    m->out.src_file = m->first_file;
    m->out.src_line = m->first_line;
    pc_record_unset(&m->out, PC_F_IDS);
    for (size_t i = 0; i < m->ids.n; i++)
        pc_record_list_add(&m->out, PC_F_IDS, m->ids.items[i], strlen(m->ids.items[i]));
    return &m->out;
}
