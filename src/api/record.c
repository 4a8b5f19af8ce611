/* SPDX-License-Identifier: MIT */
/* record.c — paperconv.h's records: a record as a program sees it,
 * by field id, over the structs of model/record.h.  Every call checks what
 * it is given (a NULL record, a field of another kind, an index or a part
 * out of range, text that is not UTF-8) and answers NULL, 0 or a status
 * instead of trusting the caller; text going in is NFC-normalised, as the
 * readers leave it.  The library's own code calls the model directly. */
#include "api/api.h"
#include "model/dates.h"
#include "text/unicode.h"

#include <pthread.h>
#include <stdlib.h>

bool pc_api_utf8(const char *s, size_t n)
{
    size_t bad;
    return s && pc_utf8_valid(s, n, &bad);
}

/* s as the model keeps text: NFC, in *b (cleared first); false (and *b
 * empty) when s is NULL or not UTF-8. */
static bool model_text(const char *s, size_t n, pc_buf *b)
{
    pc_buf_clear(b);
    if (!pc_api_utf8(s, n))
        return false;
    pc_buf_put(b, s, n);
    pc_utf8_nfc(b);
    return true;
}

static pc_field_kind kind_of(pc_field f) { return pc_field_value_kind(f); }
static bool is_text(pc_field f) { return kind_of(f) == PC_FK_TEXT || kind_of(f) == PC_FK_NUMBER; }

pc_record *pc_record_new(void)
{
    pc_record *r = pc_try_calloc(sizeof *r);
    if (r)
        pc_record_init(r);
    return r;
}

void pc_record_free(pc_record *r)
{
    if (!r)
        return;
    pc_record_clear(r);
    pc_free(r);
}

static void copy_name(pc_name *d, const pc_name *s)
{
    d->given = pc_xstrdup(s->given);
    d->dparticle = pc_xstrdup(s->dparticle);
    d->particle = pc_xstrdup(s->particle);
    d->family = pc_xstrdup(s->family);
    d->suffix = pc_xstrdup(s->suffix);
    d->literal = pc_xstrdup(s->literal);
    d->orcid = pc_xstrdup(s->orcid);
    for (size_t i = 0; i < s->affiliations.n; i++)
        pc_strlist_push(&d->affiliations, s->affiliations.items[i]);
    d->flags = s->flags;
}

/* Copies field f's value from s into d (f set in s). */
static void copy_field(pc_record *d, const pc_record *s, pc_field f)
{
    switch (kind_of(f)) {
    case PC_FK_TEXT:
    case PC_FK_NUMBER: {
        const pc_text *t = pc_record_text(s, f);
        pc_spanlist spans = {0};
        for (size_t i = 0; i < t->markup.n; i++)
            pc_spanlist_push(&spans, t->markup.items[i].start, t->markup.items[i].end, t->markup.items[i].mark);
        pc_text *c = pc_record_set_rich(d, f, t->s, strlen(t->s), &spans);
        c->truncated = t->truncated;
        for (size_t i = 0; i < t->protected_words.n; i++)
            pc_strlist_push(&c->protected_words, t->protected_words.items[i]);
        break;
    }
    case PC_FK_NAME: {
        const pc_names *l = pc_record_names(s, f);
        pc_names *c = pc_record_names_mut(d, f);
        c->et_al = l->et_al;
        for (size_t i = 0; i < l->n; i++)
            copy_name(pc_names_add(c), &l->items[i]);
        break;
    }
    case PC_FK_DATE: {
        const pc_date *dt = pc_record_date(s, f);
        const char *lit = pc_record_date_literal(s, f);
        if (dt)
            pc_record_set_date(d, f, dt);
        if (lit)
            pc_record_set_date_literal(d, f, lit, strlen(lit));
        break;
    }
    case PC_FK_LIST: {
        const pc_strlist *l = pc_record_list(s, f);
        for (size_t i = 0; i < l->n; i++)
            pc_record_list_add(d, f, l->items[i], strlen(l->items[i]));
        break;
    }
    case PC_FK_NONE: break;
    }
}

pc_record *pc_record_clone(const pc_record *r)
{
    if (!r)
        return NULL;
    pc_record *c = pc_record_new();
    if (!c)
        return NULL;
    c->kind = r->kind;
    c->key = pc_xstrdup(r->key);
    c->src_file = r->src_file;
    c->src_line = r->src_line;
    /* in the order the fields were set: texts, names, dates, lists */
    for (size_t i = 0; i < r->n_texts; i++)
        copy_field(c, r, r->texts[i].field);
    for (size_t i = 0; i < r->n_names; i++)
        copy_field(c, r, r->names[i].role);
    for (size_t i = 0; i < r->n_dates; i++)
        copy_field(c, r, r->dates[i].field);
    for (size_t i = 0; i < r->n_lists; i++)
        copy_field(c, r, r->lists[i].field);
    for (size_t i = 0; i < r->n_extras; i++) {
        const pc_extra *e = &r->extras[i];
        pc_record_add_extra(c, e->format, e->name, strlen(e->name), e->value, strlen(e->value));
    }
    return c;
}

/* ---- kind, key, source ------------------------------------------------------------ */

pc_kind pc_record_kind(const pc_record *r) { return r ? r->kind : PC_KIND_NONE; }

pc_status pc_record_set_kind(pc_record *r, pc_kind k)
{
    if (!r || (k != PC_KIND_NONE && (size_t)k > pc_kind_count()))
        return PC_ERR_USAGE;
    r->kind = k;
    return PC_OK;
}

const char *pc_record_key(const pc_record *r) { return r ? r->key : NULL; }

pc_status pc_record_set_key(pc_record *r, const char *key)
{
    if (!r)
        return PC_ERR_USAGE;
    if (key && *key && !pc_api_utf8(key, strlen(key)))
        return PC_ERR_USAGE;
    pc_set_str(&r->key, key && *key ? key : NULL);
    return PC_OK;
}

const char *pc_record_source(const pc_record *r, unsigned long *line)
{
    if (line)
        *line = r && r->src_file ? r->src_line : 0;
    return r ? r->src_file : NULL;
}

/* ---- text and number fields ------------------------------------------------------- */

pc_status pc_record_set_text(pc_record *r, pc_field f, const char *s, size_t n)
{
    if (!r || !is_text(f))
        return PC_ERR_USAGE;
    if (n == 0) {
        pc_record_unset(r, f);
        return PC_OK;
    }
    pc_buf b = PC_BUF_INIT;
    bool ok = model_text(s, n, &b);
    if (ok)
        pc_record_set(r, f, b.ptr, b.len);
    pc_buf_free(&b);
    return ok ? PC_OK : PC_ERR_USAGE;
}

static const pc_text *text_of(const pc_record *r, pc_field f)
{
    return r && is_text(f) ? pc_record_text(r, f) : NULL;
}

bool pc_record_text_truncated(const pc_record *r, pc_field f)
{
    const pc_text *t = text_of(r, f);
    return t && t->truncated;
}

size_t pc_record_markup_count(const pc_record *r, pc_field f)
{
    const pc_text *t = text_of(r, f);
    return t ? t->markup.n : 0;
}

pc_status pc_record_markup(const pc_record *r, pc_field f, size_t i, size_t *start, size_t *end,
                           pc_mark *mark)
{
    const pc_text *t = text_of(r, f);
    if (!t || i >= t->markup.n)
        return PC_ERR_USAGE;
    const pc_span *sp = &t->markup.items[i];
    if (start)
        *start = sp->start;
    if (end)
        *end = sp->end;
    if (mark)
        *mark = sp->mark;
    return PC_OK;
}

size_t pc_record_protected_count(const pc_record *r, pc_field f)
{
    const pc_text *t = text_of(r, f);
    return t ? t->protected_words.n : 0;
}

const char *pc_record_protected(const pc_record *r, pc_field f, size_t i)
{
    const pc_text *t = text_of(r, f);
    return t && i < t->protected_words.n ? t->protected_words.items[i] : NULL;
}

/* ---- names ------------------------------------------------------------------------- */

static const pc_names *names_of(const pc_record *r, pc_field role)
{
    return r && kind_of(role) == PC_FK_NAME ? pc_record_names(r, role) : NULL;
}

/* The i-th name of role, or NULL. */
static pc_name *name_at(const pc_record *r, pc_field role, size_t i)
{
    const pc_names *l = names_of(r, role);
    return l && i < l->n ? &l->items[i] : NULL;
}

/* Where part `part` of n is kept, or NULL for no such part. */
static char **part_of(pc_name *n, pc_name_part part)
{
    switch (part) {
    case PC_NAME_GIVEN: return &n->given;
    case PC_NAME_DROPPING_PARTICLE: return &n->dparticle;
    case PC_NAME_PARTICLE: return &n->particle;
    case PC_NAME_FAMILY: return &n->family;
    case PC_NAME_SUFFIX: return &n->suffix;
    case PC_NAME_LITERAL: return &n->literal;
    case PC_NAME_ORCID: return &n->orcid;
    case PC_NAME_PART_NONE: break;
    }
    return NULL;
}

size_t pc_record_name_count(const pc_record *r, pc_field role)
{
    const pc_names *l = names_of(r, role);
    return l ? l->n : 0;
}

const char *pc_record_name_part(const pc_record *r, pc_field role, size_t i, pc_name_part part)
{
    pc_name *n = name_at(r, role, i);
    char **p = n ? part_of(n, part) : NULL;
    return p ? *p : NULL;
}

unsigned pc_record_name_flags(const pc_record *r, pc_field role, size_t i)
{
    const pc_name *n = name_at(r, role, i);
    return n ? n->flags : 0;
}

size_t pc_record_affiliation_count(const pc_record *r, pc_field role, size_t i)
{
    const pc_name *n = name_at(r, role, i);
    return n ? n->affiliations.n : 0;
}

const char *pc_record_affiliation(const pc_record *r, pc_field role, size_t i, size_t j)
{
    const pc_name *n = name_at(r, role, i);
    return n && j < n->affiliations.n ? n->affiliations.items[j] : NULL;
}

bool pc_record_et_al(const pc_record *r, pc_field role)
{
    const pc_names *l = names_of(r, role);
    return l && l->et_al;
}

/* Whether a name still has what writers need: a family, given or literal part. */
static bool name_has_core(const pc_name *n) { return n->family || n->given || n->literal; }

/* Sets *dst to s in the model's form (NULL or "" removes it); false when s
 * is not UTF-8. */
static bool set_part(char **dst, const char *s)
{
    if (!s || !*s) {
        pc_free(*dst);
        *dst = NULL;
        return true;
    }
    pc_buf b = PC_BUF_INIT;
    bool ok = model_text(s, strlen(s), &b);
    if (ok) {
        pc_free(*dst);
        *dst = pc_buf_detach(&b);
    }
    pc_buf_free(&b);
    return ok;
}

/* Appends a name built by the caller's parts (checked first). */
static pc_status add_name(pc_record *r, pc_field role, const char *const *parts,
                          const pc_name_part *which, size_t n, size_t *index)
{
    if (!r || kind_of(role) != PC_FK_NAME)
        return PC_ERR_USAGE;
    bool any = false;
    for (size_t k = 0; k < n; k++) {
        if (parts[k] && *parts[k] && !pc_api_utf8(parts[k], strlen(parts[k])))
            return PC_ERR_USAGE;
        any = any || (parts[k] && *parts[k]);
    }
    if (!any)
        return PC_ERR_USAGE;
    pc_names *l = pc_record_names_mut(r, role);
    pc_name *nm = pc_names_add(l);
    for (size_t k = 0; k < n; k++)
        set_part(part_of(nm, which[k]), parts[k]);
    if (index)
        *index = l->n - 1;
    return PC_OK;
}

pc_status pc_record_add_person(pc_record *r, pc_field role, const char *family, const char *given,
                               size_t *index)
{
    const char *parts[] = {family, given};
    static const pc_name_part which[] = {PC_NAME_FAMILY, PC_NAME_GIVEN};
    return add_name(r, role, parts, which, 2, index);
}

pc_status pc_record_add_organization(pc_record *r, pc_field role, const char *literal,
                                     size_t *index)
{
    const char *parts[] = {literal};
    static const pc_name_part which[] = {PC_NAME_LITERAL};
    return add_name(r, role, parts, which, 1, index);
}

pc_status pc_record_set_name_part(pc_record *r, pc_field role, size_t i, pc_name_part part,
                                  const char *value)
{
    pc_name *n = name_at(r, role, i);
    char **p = n ? part_of(n, part) : NULL;
    if (!p || (value && *value && !pc_api_utf8(value, strlen(value))))
        return PC_ERR_USAGE;
    if (!value || !*value) { /* removing: the name must keep a family, given or literal */
        char *old = *p;
        *p = NULL;
        bool keeps = name_has_core(n);
        *p = old;
        if (!keeps)
            return PC_ERR_USAGE;
    }
    set_part(p, value);
    return PC_OK;
}

pc_status pc_record_set_name_flags(pc_record *r, pc_field role, size_t i, unsigned flags)
{
    pc_name *n = name_at(r, role, i);
    if (!n || (flags & ~(unsigned)(PC_NAME_COMMA_SUFFIX | PC_NAME_STATIC_ORDER)))
        return PC_ERR_USAGE;
    n->flags = flags;
    return PC_OK;
}

pc_status pc_record_add_affiliation(pc_record *r, pc_field role, size_t i, const char *affiliation)
{
    pc_name *n = name_at(r, role, i);
    pc_buf b = PC_BUF_INIT;
    bool ok = n && affiliation && *affiliation && model_text(affiliation, strlen(affiliation), &b);
    if (ok)
        pc_strlist_add_unique(&n->affiliations, b.ptr, b.len);
    pc_buf_free(&b);
    return ok ? PC_OK : PC_ERR_USAGE;
}

pc_status pc_record_set_et_al(pc_record *r, pc_field role, bool et_al)
{
    pc_names *l = (pc_names *)names_of(r, role);
    if (!l || !l->n)
        return PC_ERR_USAGE;
    l->et_al = et_al;
    return PC_OK;
}

/* ---- dates -------------------------------------------------------------------------- */

static const pc_date *date_of(const pc_record *r, pc_field f)
{
    return r && kind_of(f) == PC_FK_DATE ? pc_record_date(r, f) : NULL;
}

/* Where part `part` of d is kept, or NULL. */
static const int *date_int(const pc_date *d, pc_date_part part)
{
    switch (part) {
    case PC_DATE_YEAR: return &d->year;
    case PC_DATE_MONTH: return &d->month;
    case PC_DATE_DAY: return &d->day;
    case PC_DATE_SEASON: return &d->season;
    case PC_DATE_END_YEAR: return &d->end_year;
    case PC_DATE_END_MONTH: return &d->end_month;
    case PC_DATE_END_DAY: return &d->end_day;
    case PC_DATE_END_SEASON: return &d->end_season;
    case PC_DATE_FLAGS: /* unsigned: read apart */
    case PC_DATE_PART_NONE: break;
    }
    return NULL;
}

int pc_record_date_part(const pc_record *r, pc_field f, pc_date_part part)
{
    const pc_date *d = date_of(r, f);
    if (!d)
        return 0;
    if (part == PC_DATE_FLAGS)
        return (int)d->flags;
    const int *p = date_int(d, part);
    return p ? *p : 0;
}

/* Whether value is in range for part (a year: any but 0, which removes). */
static bool part_fits(pc_date_part part, int value)
{
    switch (part) {
    case PC_DATE_YEAR:
    case PC_DATE_END_YEAR: return true;
    case PC_DATE_MONTH:
    case PC_DATE_END_MONTH: return value >= 0 && value <= 12;
    case PC_DATE_DAY:
    case PC_DATE_END_DAY: return value >= 0 && value <= 31;
    case PC_DATE_SEASON:
    case PC_DATE_END_SEASON: return value >= 0 && value <= 4;
    case PC_DATE_FLAGS:
        return value >= 0 && !((unsigned)value & ~(unsigned)(PC_DATE_CIRCA | PC_DATE_UNCERTAIN |
                                                             PC_DATE_OPEN_END | PC_DATE_OPEN_START));
    case PC_DATE_PART_NONE: break;
    }
    return false;
}

/* Whether d holds what the model's dates may (model/dates.h: years
 * -9999..9999, a day that its month has, a day only with a month), at both
 * ends of a range, and a range's end parts only with its end year. */
static bool date_consistent(const pc_date *d)
{
    pc_date start = {.year = d->year, .month = d->month, .day = d->day};
    pc_date end = {.year = d->end_year, .month = d->end_month, .day = d->end_day};
    return pc_date_valid(&start) && pc_date_valid(&end) && !(d->end_season && !d->end_year);
}

pc_status pc_record_set_date_parts(pc_record *r, pc_field f, int year, int month, int day)
{
    if (!r || kind_of(f) != PC_FK_DATE)
        return PC_ERR_USAGE;
    pc_date d = {.year = year, .month = year ? month : 0, .day = year ? day : 0};
    if (year && !date_consistent(&d))
        return PC_ERR_USAGE;
    pc_record_set_date(r, f, &d); /* year 0: the parts go */
    return PC_OK;
}

pc_status pc_record_set_date_part(pc_record *r, pc_field f, pc_date_part part, int value)
{
    const pc_date *now = date_of(r, f);
    if (!now || !part_fits(part, value))
        return PC_ERR_USAGE;
    pc_date d = *now;
    if (part == PC_DATE_FLAGS)
        d.flags = (unsigned)value;
    else
        *(int *)date_int(&d, part) = value;
    if (part == PC_DATE_END_YEAR && !value)
        d.end_month = d.end_day = d.end_season = 0; /* no longer a range */
    if (d.year && !date_consistent(&d))
        return PC_ERR_USAGE;
    pc_record_set_date(r, f, &d); /* year 0: the parts go */
    return PC_OK;
}

pc_status pc_record_set_date_text(pc_record *r, pc_field f, const char *literal)
{
    if (!r || kind_of(f) != PC_FK_DATE)
        return PC_ERR_USAGE;
    if (!literal || !*literal) {
        pc_record_set_date_literal(r, f, NULL, 0);
        return PC_OK;
    }
    pc_buf b = PC_BUF_INIT;
    bool ok = model_text(literal, strlen(literal), &b);
    if (ok)
        pc_record_set_date_literal(r, f, b.ptr, b.len);
    pc_buf_free(&b);
    return ok ? PC_OK : PC_ERR_USAGE;
}

/* ---- lists ---------------------------------------------------------------------------- */

static const pc_strlist *list_of(const pc_record *r, pc_field f)
{
    return r && kind_of(f) == PC_FK_LIST ? pc_record_list(r, f) : NULL;
}

size_t pc_record_list_count(const pc_record *r, pc_field f)
{
    const pc_strlist *l = list_of(r, f);
    return l ? l->n : 0;
}

const char *pc_record_list_item(const pc_record *r, pc_field f, size_t i)
{
    const pc_strlist *l = list_of(r, f);
    return l && i < l->n ? l->items[i] : NULL;
}

pc_status pc_record_add_list_item(pc_record *r, pc_field f, const char *item)
{
    if (!r || kind_of(f) != PC_FK_LIST || !item)
        return PC_ERR_USAGE;
    pc_buf b = PC_BUF_INIT;
    bool ok = model_text(item, strlen(item), &b);
    if (ok)
        pc_record_list_add(r, f, b.ptr, b.len);
    pc_buf_free(&b);
    return ok ? PC_OK : PC_ERR_USAGE;
}

/* ---- pass-through ----------------------------------------------------------------------- */

size_t pc_record_passthrough_count(const pc_record *r) { return r ? r->n_extras : 0; }

pc_status pc_record_passthrough(const pc_record *r, size_t i, const char **family,
                                const char **name, const char **value)
{
    if (!r || i >= r->n_extras)
        return PC_ERR_USAGE;
    const pc_extra *e = &r->extras[i];
    if (family)
        *family = e->format;
    if (name)
        *name = e->name;
    if (value)
        *value = e->value;
    return PC_OK;
}

/* Family names a program gave, kept for the life of the process: a
 * record's pass-through value points at its family's name, which must
 * outlive every record (copies included) that has it.  Bounded, so a
 * program cannot make it grow without end. */
enum { MAX_FAMILIES = 64 };
static char *families[MAX_FAMILIES];
static size_t n_families;
static pthread_mutex_t families_lock = PTHREAD_MUTEX_INITIALIZER;

/* The kept copy of `family`, or NULL when the table is full. */
static const char *intern_family(const char *family)
{
    const char *got = NULL;
    pthread_mutex_lock(&families_lock);
    for (size_t i = 0; i < n_families && !got; i++)
        if (strcmp(families[i], family) == 0)
            got = families[i];
    if (!got && n_families < MAX_FAMILIES) {
        /* never freed, so not from the program's allocator */
        char *copy = malloc(strlen(family) + 1); /* libc's, for the life of the process */
        if (copy) {
            strcpy(copy, family);
            got = families[n_families++] = copy;
        }
    }
    pthread_mutex_unlock(&families_lock);
    return got;
}

pc_status pc_record_add_passthrough(pc_record *r, const char *family, const char *name,
                                    const char *value)
{
    if (!r || !family || !*family || !name || !*name || !value ||
        !pc_api_utf8(family, strlen(family)) || !pc_api_utf8(name, strlen(name)) ||
        (*value && !pc_api_utf8(value, strlen(value))))
        return PC_ERR_USAGE;
    const char *kept = intern_family(family);
    if (!kept)
        return PC_ERR_USAGE;
    pc_record_add_extra(r, kept, name, strlen(name), value, strlen(value));
    return PC_OK;
}
