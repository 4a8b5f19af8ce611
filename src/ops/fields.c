/* SPDX-License-Identifier: MIT */
/* fields.c — --omit, --keep, --rename, --remove-empty and
 * --max-authors on a record (ops/fields.h): per-field tables of the kinds
 * an operation holds for, hashed sets of pass-through names, counters. */
#include "ops/fields.h"
#include "io/format_table.h"
#include "model/copy.h"
#include "model/map.h"

#include <stdlib.h>

#define ALL_KINDS (~(pc_kindset)0)
enum { MAX_X_NAMES = 64, MAX_RENAMES = 64 };

typedef struct rename_pair {
    pc_field from, to;  /* fields, or PC_F_NONE for pass-through names */
    char *xfrom, *xto;  /* pass-through names (xfrom lower-cased) */
} rename_pair;

struct pc_fieldops {
    const pc_format *fmt;
    pc_kindset omit[PC_F_COUNT], keep[PC_F_COUNT];
    bool any_keep, empty;
    size_t max_authors;
    pc_strlist omit_x, keep_x; /* pass-through names, lower-cased */
    rename_pair ren[MAX_RENAMES];
    size_t n_ren;
    unsigned long count[PC_FOP_COUNT][PC_F_COUNT];
    unsigned long ren_count[2][MAX_RENAMES]; /* renamed, held */
    char *xname[MAX_X_NAMES];                /* pass-through names counted */
    size_t n_x;
    unsigned long xcount[PC_FOP_COUNT][MAX_X_NAMES + 1]; /* [MAX_X_NAMES]: "(other)" */
    pc_buf tmp;
};

pc_fieldops *pc_fieldops_new(const pc_format *fmt)
{
    pc_fieldops *o = pc_xcalloc(1, sizeof *o);
    o->fmt = fmt;
    pc_buf_init(&o->tmp);
    return o;
}

void pc_fieldops_free(pc_fieldops *o)
{
    if (!o)
        return;
    pc_strlist_clear(&o->omit_x);
    pc_strlist_clear(&o->keep_x);
    for (size_t i = 0; i < o->n_ren; i++) {
        pc_free(o->ren[i].xfrom);
        pc_free(o->ren[i].xto);
    }
    for (size_t i = 0; i < o->n_x; i++)
        pc_free(o->xname[i]);
    pc_buf_free(&o->tmp);
    pc_free(o);
}

/* [s, s+n) lower-cased (ASCII) into b. */
static const char *lower(pc_buf *b, const char *s, size_t n)
{
    pc_buf_clear(b);
    for (size_t i = 0; i < n; i++)
        pc_buf_putc(b, (char)pc_to_lower((unsigned char)s[i]));
    return b->ptr;
}

/* Calls add(field, kinds) for each field the name names, and returns
 * false when it names none (then it is a pass-through name). */
static bool resolve(const pc_fieldops *o, const char *s, size_t n, pc_kindset *kinds)
{
    pc_field f = pc_field_by_name(s, n);
    if (f) {
        kinds[f] = ALL_KINDS;
        return true;
    }
    bool found = false;
    for (size_t i = 0; o->fmt && o->fmt->map && i < o->fmt->map_len; i++) {
        const pc_map_row *r = &o->fmt->map[i];
        if (r->field && r->how != PC_MAP_EXTRA && strlen(r->name) == n &&
            !pc_strncasecmp(r->name, s, n)) {
            kinds[r->field] |= r->kinds ? r->kinds : ALL_KINDS;
            found = true;
        }
    }
    return found;
}

static bool add_names(pc_fieldops *o, const char *list, pc_kindset *kinds, pc_strlist *x,
                      pc_buf *err)
{
    for (const char *p = list;;) {
        const char *end = strchr(p, ',');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        const char *s = p;
        pc_trim(&s, &n);
        if (!n) {
            pc_buf_printf(err, "an empty field name in '%s'", list);
            return false;
        }
        pc_kindset found[PC_F_COUNT] = {0};
        if (resolve(o, s, n, found)) {
            for (size_t f = 0; f < PC_F_COUNT; f++)
                kinds[f] |= found[f];
        } else {
            pc_buf b = PC_BUF_INIT;
            pc_strlist_add_unique(x, lower(&b, s, n), n);
            pc_buf_free(&b);
        }
        if (!end)
            return true;
        p = end + 1;
    }
}

bool pc_fieldops_omit(pc_fieldops *o, const char *list, pc_buf *err)
{
    return add_names(o, list, o->omit, &o->omit_x, err);
}

bool pc_fieldops_keep(pc_fieldops *o, const char *list, pc_buf *err)
{
    o->any_keep = true;
    return add_names(o, list, o->keep, &o->keep_x, err);
}

/* The one field a rename side names (its first row), or PC_F_NONE. */
static pc_field one_field(const pc_fieldops *o, const char *s, size_t n)
{
    pc_kindset found[PC_F_COUNT] = {0};
    if (!resolve(o, s, n, found))
        return PC_F_NONE;
    pc_field f = pc_field_by_name(s, n);
    for (size_t i = 0; !f && o->fmt && i < o->fmt->map_len; i++)
        if (o->fmt->map[i].field && strlen(o->fmt->map[i].name) == n &&
            !pc_strncasecmp(o->fmt->map[i].name, s, n))
            f = o->fmt->map[i].field;
    return f;
}

bool pc_fieldops_rename(pc_fieldops *o, const char *from_to, pc_buf *err)
{
    const char *eq = strchr(from_to, '=');
    const char *a = from_to, *b = eq ? eq + 1 : "";
    size_t an = eq ? (size_t)(eq - from_to) : 0, bn = strlen(b);
    pc_trim(&a, &an);
    pc_trim(&b, &bn);
    if (o->n_ren == MAX_RENAMES) {
        pc_buf_printf(err, "more than %d renames", MAX_RENAMES);
        return false;
    }
    if (!an || !bn) {
        pc_buf_printf(err, "'%s' is not FROM=TO", from_to);
        return false;
    }
    pc_field fa = one_field(o, a, an), fb = one_field(o, b, bn);
    const pc_field_info *ia = pc_field_get(fa), *ib = pc_field_get(fb);
    bool texts = ia && ib && (ia->kind == PC_FK_TEXT || ia->kind == PC_FK_NUMBER) &&
                 (ib->kind == PC_FK_TEXT || ib->kind == PC_FK_NUMBER);
    if ((!fa) != (!fb) || (ia && ib && ia->kind != ib->kind && !texts)) {
        pc_buf_printf(err, "cannot rename %.*s to %.*s: %s", (int)an, a, (int)bn, b,
                      (!fa) != (!fb) ? "a field and a pass-through name" : "different kinds of value");
        return false;
    }
    rename_pair *r = &o->ren[o->n_ren++];
    *r = (rename_pair){.from = fa, .to = fb};
    if (!fa) {
        r->xfrom = pc_xstrdup(lower(&o->tmp, a, an));
        r->xto = pc_xstrndup(b, bn);
    }
    return true;
}

void pc_fieldops_remove_empty(pc_fieldops *o) { o->empty = true; }
void pc_fieldops_max_authors(pc_fieldops *o, size_t n) { o->max_authors = n; }

bool pc_fieldops_active(const pc_fieldops *o)
{
    if (o->any_keep || o->empty || o->max_authors || o->n_ren || o->omit_x.n)
        return true;
    for (size_t f = 0; f < PC_F_COUNT; f++)
        if (o->omit[f])
            return true;
    return false;
}

/* ---- applying ---------------------------------------------------------------------- */

/* The counter slot of pass-through name s: one of the first MAX_X_NAMES
 * distinct names, else the "(other)" slot (a bounded scan). */
static size_t x_slot(pc_fieldops *o, const char *s)
{
    for (size_t i = 0; i < o->n_x; i++)
        if (!pc_strcasecmp(o->xname[i], s))
            return i;
    if (o->n_x == MAX_X_NAMES)
        return MAX_X_NAMES;
    o->xname[o->n_x] = pc_xstrdup(s);
    return o->n_x++;
}

static bool kind_in(pc_kindset set, pc_kind k)
{
    return k == PC_KIND_NONE ? set != 0 : (set >> k & 1) != 0;
}

static bool blank(const char *s)
{
    while (pc_is_space((unsigned char)*s))
        s++;
    return !*s || !strcmp(s, "{}");
}

/* Removes the fields `drop` says, counting them under op. */
static void drop_fields(pc_fieldops *o, pc_record *r, pc_fieldop op,
                        bool (*drop)(const pc_fieldops *o, const pc_record *r, pc_field f))
{
    /* backwards: pc_record_unset moves an array's last entry into the gap */
    for (size_t i = r->n_texts; i-- > 0;)
        if (i < r->n_texts && drop(o, r, r->texts[i].field)) {
            o->count[op][r->texts[i].field]++;
            pc_record_unset(r, r->texts[i].field);
        }
    for (size_t i = r->n_names; i-- > 0;)
        if (i < r->n_names && drop(o, r, r->names[i].role)) {
            o->count[op][r->names[i].role]++;
            pc_record_unset(r, r->names[i].role);
        }
    for (size_t i = r->n_dates; i-- > 0;)
        if (i < r->n_dates && drop(o, r, r->dates[i].field)) {
            o->count[op][r->dates[i].field]++;
            pc_record_unset(r, r->dates[i].field);
        }
    for (size_t i = r->n_lists; i-- > 0;)
        if (i < r->n_lists && drop(o, r, r->lists[i].field)) {
            o->count[op][r->lists[i].field]++;
            pc_record_unset(r, r->lists[i].field);
        }
}

/* Removes the pass-through values `drop` says (order kept), counting them. */
static void drop_extras(pc_fieldops *o, pc_record *r, pc_fieldop op,
                        bool (*drop)(pc_fieldops *o, const pc_extra *e))
{
    size_t k = 0;
    for (size_t i = 0; i < r->n_extras; i++) {
        pc_extra *e = &r->extras[i];
        if (drop(o, e)) {
            o->xcount[op][x_slot(o, e->name)]++;
            pc_free(e->name);
            pc_free(e->value);
        } else {
            r->extras[k++] = *e;
        }
    }
    r->n_extras = k;
}

static bool is_omitted(const pc_fieldops *o, const pc_record *r, pc_field f)
{
    return kind_in(o->omit[f], r->kind);
}

static bool not_kept(const pc_fieldops *o, const pc_record *r, pc_field f)
{
    return !kind_in(o->keep[f], r->kind);
}

static bool is_empty(const pc_fieldops *o, const pc_record *r, pc_field f)
{
    (void)o;
    const pc_text *t = pc_record_text(r, f);
    const pc_names *l = pc_record_names(r, f);
    const pc_strlist *list = pc_record_list(r, f);
    return (t && blank(t->s)) || (l && !l->n) ||
           (pc_field_get(f)->kind == PC_FK_LIST && (!list || !list->n));
}

static bool x_omitted(pc_fieldops *o, const pc_extra *e)
{
    return pc_strlist_has(&o->omit_x, lower(&o->tmp, e->name, strlen(e->name)));
}

static bool x_not_kept(pc_fieldops *o, const pc_extra *e)
{
    if (e->name[0] == '@')
        return false; /* structural (BibTeX's "@type" as written): not a field */
    return !pc_strlist_has(&o->keep_x, lower(&o->tmp, e->name, strlen(e->name)));
}

static bool x_empty(pc_fieldops *o, const pc_extra *e)
{
    (void)o;
    return blank(e->value);
}

/* Whether r holds a pass-through value of e's format named `name`. */
static bool has_extra(const pc_record *r, const pc_extra *e, const char *name)
{
    for (size_t i = 0; i < r->n_extras; i++) /* only for a renamed value: once per rename */
        if (r->extras[i].format == e->format && !pc_strcasecmp(r->extras[i].name, name))
            return true;
    return false;
}

static void rename_fields(pc_fieldops *o, pc_record *r)
{
    for (size_t k = 0; k < o->n_ren; k++) {
        const rename_pair *p = &o->ren[k];
        if (p->from && pc_record_has(r, p->from)) {
            if (pc_record_has(r, p->to)) {
                o->ren_count[1][k]++;
                continue;
            }
            pc_record tmp;
            pc_record_init(&tmp);
            pc_record_copy_field(&tmp, p->to, r, p->from);
            pc_record_copy_field(r, p->to, &tmp, p->to);
            pc_record_clear(&tmp);
            pc_record_unset(r, p->from);
            o->ren_count[0][k]++;
        }
    }
    if (!o->n_ren)
        return;
    for (size_t i = 0; i < r->n_extras; i++) {
        pc_extra *e = &r->extras[i];
        lower(&o->tmp, e->name, strlen(e->name));
        for (size_t k = 0; k < o->n_ren; k++) { /* the command line's renames: a few */
            const rename_pair *p = &o->ren[k];
            if (!p->xfrom || strcmp(p->xfrom, o->tmp.ptr))
                continue;
            if (has_extra(r, e, p->xto)) {
                o->ren_count[1][k]++;
            } else {
                pc_set_str(&e->name, p->xto);
                o->ren_count[0][k]++;
            }
            break;
        }
    }
}

static void cut_authors(pc_fieldops *o, pc_record *r)
{
    pc_names *l = pc_record_names_mut(r, PC_F_AUTHOR);
    if (l->n > o->max_authors) {
        for (size_t i = o->max_authors; i < l->n; i++)
            pc_name_clear(&l->items[i]);
        l->n = o->max_authors;
        l->et_al = true;
        o->count[PC_FOP_MAX_AUTHORS][PC_F_AUTHOR]++;
    }
    if (!l->n && !l->et_al)
        pc_record_unset(r, PC_F_AUTHOR); /* created by names_mut */
}

void pc_fieldops_apply(pc_fieldops *o, pc_record *r)
{
    rename_fields(o, r);
    drop_fields(o, r, PC_FOP_OMIT, is_omitted);
    if (o->omit_x.n)
        drop_extras(o, r, PC_FOP_OMIT, x_omitted);
    if (o->any_keep) {
        drop_fields(o, r, PC_FOP_KEEP, not_kept);
        drop_extras(o, r, PC_FOP_KEEP, x_not_kept);
    }
    if (o->empty) {
        drop_fields(o, r, PC_FOP_EMPTY, is_empty);
        drop_extras(o, r, PC_FOP_EMPTY, x_empty);
    }
    if (o->max_authors)
        cut_authors(o, r);
}

void pc_fieldops_each(const pc_fieldops *o,
                      void (*fn)(void *u, pc_fieldop op, const char *name, unsigned long n),
                      void *u)
{
    pc_buf b = PC_BUF_INIT;
    for (size_t k = 0; k < o->n_ren; k++)
        for (int held = 0; held < 2; held++) {
            if (!o->ren_count[held][k])
                continue;
            const rename_pair *p = &o->ren[k];
            pc_buf_clear(&b);
            pc_buf_printf(&b, "%s=%s", p->from ? pc_field_get(p->from)->name : p->xfrom,
                          p->to ? pc_field_get(p->to)->name : p->xto);
            fn(u, held ? PC_FOP_RENAME_HELD : PC_FOP_RENAME, b.ptr, o->ren_count[held][k]);
        }
    for (int op = PC_FOP_OMIT; op < PC_FOP_COUNT; op++) {
        for (size_t f = 1; f < PC_F_COUNT; f++)
            if (o->count[op][f])
                fn(u, (pc_fieldop)op, pc_field_get((pc_field)f)->name, o->count[op][f]);
        for (size_t i = 0; i <= MAX_X_NAMES; i++)
            if (o->xcount[op][i])
                fn(u, (pc_fieldop)op, i < o->n_x ? o->xname[i] : "(other)", o->xcount[op][i]);
    }
    pc_buf_free(&b);
}
