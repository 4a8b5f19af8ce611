/* SPDX-License-Identifier: MIT */
/* record.c — the common record model: fields by id (texts, names, dates,
 * lists), the pass-through list, and the setters that own the conventions
 * every reader shares (truncated abstracts, DOI spellings, de-duplicated
 * lists, the journal-reference line of a note, the `updated` date).
 *
 * Storage: one small array per kind of value, in the order fields were
 * set, and r->slot[f] = 1 + the field's index in its array.  Removing a
 * field moves the array's last entry into its place. */
#include "model/record.h"
#include "model/ids.h"
#include "util/buf.h"

#include <stdlib.h>

#define ELLIPSIS "\xE2\x80\xA6"
#define JREF_LABEL "Journal reference: "

/* Each field's kind, from the field table itself: the accessors below ask
 * it on every call, and a call into fields.c cost more than the answer. */
static const unsigned char field_kind[PC_F_COUNT] = {
#define PC_FIELD(id_, num_, name_, kind_, flags_) [PC_F_##id_] = PC_FK_##kind_,
#include "paperconv/fields.def"
#undef PC_FIELD
};

static pc_field_kind kind_of(pc_field f)
{
    return f > PC_F_NONE && f < PC_F_COUNT ? (pc_field_kind)field_kind[f] : PC_FK_NONE;
}

/* Grows the array arr (n entries, capacity cap) by one; the new entry, zeroed. */
#define ADD_ZEROED(arr, n, cap) \
    (PC_GROW(arr, cap, (n) + 1), memset(&(arr)[n], 0, sizeof *(arr)), &(arr)[(n)++])

void pc_record_init(pc_record *r) { memset(r, 0, sizeof *r); }

static void text_free(pc_text *t)
{
    pc_free(t->s);
    pc_spanlist_clear(&t->markup);
    pc_strlist_clear(&t->protected_words);
}

void pc_name_clear(pc_name *n)
{
    if (!n)
        return;
    pc_free(n->given);
    pc_free(n->dparticle);
    pc_free(n->particle);
    pc_free(n->family);
    pc_free(n->suffix);
    pc_free(n->literal);
    pc_free(n->orcid);
    pc_strlist_clear(&n->affiliations);
    memset(n, 0, sizeof *n);
}

static void names_free(pc_names *l)
{
    for (size_t i = 0; i < l->n; i++)
        pc_name_clear(&l->items[i]);
    pc_free(l->items);
}

void pc_record_clear(pc_record *r)
{
    if (!r)
        return;
    pc_free(r->key);
    for (size_t i = 0; i < r->n_texts; i++)
        text_free(&r->texts[i]);
    pc_free(r->texts);
    for (size_t i = 0; i < r->n_names; i++)
        names_free(&r->names[i]);
    pc_free(r->names);
    for (size_t i = 0; i < r->n_dates; i++)
        pc_free(r->dates[i].literal);
    pc_free(r->dates);
    for (size_t i = 0; i < r->n_lists; i++)
        pc_strlist_clear(&r->lists[i].list);
    pc_free(r->lists);
    for (size_t i = 0; i < r->n_extras; i++) {
        pc_free(r->extras[i].name);
        pc_free(r->extras[i].value);
    }
    pc_free(r->extras);
    pc_record_init(r);
}

/* Index of f in its array, or -1 (also for r NULL: the public calls
 * pc_record_get, _has, _unset and _date_literal accept it). */
static long index_of(const pc_record *r, pc_field f)
{
    if (!r || f <= PC_F_NONE || f >= PC_F_COUNT || !r->slot[f])
        return -1;
    return (long)r->slot[f] - 1;
}

/* ---- text and number fields ---------------------------------------------- */

const pc_text *pc_record_text(const pc_record *r, pc_field f)
{
    long i = index_of(r, f);
    return i >= 0 && (kind_of(f) == PC_FK_TEXT || kind_of(f) == PC_FK_NUMBER) ? &r->texts[i] : NULL;
}

pc_text *pc_record_text_mut(pc_record *r, pc_field f) { return (pc_text *)pc_record_text(r, f); }

const char *pc_record_get(const pc_record *r, pc_field f)
{
    const pc_text *t = pc_record_text(r, f);
    return t ? t->s : NULL;
}

/* The entry of text field f, emptied, created when absent. */
static pc_text *text_slot(pc_record *r, pc_field f)
{
    pc_text *t = pc_record_text_mut(r, f);
    if (t) {
        text_free(t);
        memset(t, 0, sizeof *t);
    } else {
        t = ADD_ZEROED(r->texts, r->n_texts, r->cap_texts);
        r->slot[f] = (unsigned char)r->n_texts;
    }
    t->field = f;
    return t;
}

pc_text *pc_record_take(pc_record *r, pc_field f, char *s)
{
    if (kind_of(f) != PC_FK_TEXT && kind_of(f) != PC_FK_NUMBER) {
        pc_free(s);
        return NULL;
    }
    if (!s || !*s) {
        pc_free(s);
        pc_record_unset(r, f);
        return NULL;
    }
    pc_text *t = text_slot(r, f);
    t->s = s;
    return t;
}

pc_text *pc_record_set(pc_record *r, pc_field f, const char *s, size_t n)
{
    return pc_record_take(r, f, n ? pc_xstrndup(s, n) : NULL);
}

pc_text *pc_record_set_str(pc_record *r, pc_field f, const char *s)
{
    return pc_record_set(r, f, s, s ? strlen(s) : 0);
}

/* Drops spans that reach past len bytes and cuts those that straddle it. */
static void clip_spans(pc_spanlist *l, size_t len)
{
    size_t k = 0;
    for (size_t i = 0; i < l->n; i++) {
        pc_span sp = l->items[i];
        if (sp.start >= len)
            continue;
        if (sp.end > len)
            sp.end = len;
        if (sp.end > sp.start)
            l->items[k++] = sp;
    }
    l->n = k;
}

pc_text *pc_record_set_rich(pc_record *r, pc_field f, const char *s, size_t n, pc_spanlist *markup)
{
    pc_text *t = pc_record_set(r, f, s, n);
    if (markup) {
        if (t) {
            t->markup = *markup;
            clip_spans(&t->markup, n);
            memset(markup, 0, sizeof *markup);
        } else {
            pc_spanlist_clear(markup);
        }
    }
    return t;
}

pc_text *pc_record_append(pc_record *r, pc_field f, const char *sep, const char *s, size_t n)
{
    pc_text *t = pc_record_text_mut(r, f);
    if (!t)
        return pc_record_set(r, f, s, n);
    if (!n)
        return t;
    size_t old = strlen(t->s), seplen = sep ? strlen(sep) : 0;
    t->s = pc_xrealloc(t->s, old + seplen + n + 1);
    memcpy(t->s + old, sep, seplen);
    memcpy(t->s + old + seplen, s, n);
    t->s[old + seplen + n] = '\0';
    return t;
}

/* Removes entry i of an array of `size`-byte entries, moving the last one
 * into its place and fixing that one's slot. */
static void remove_at(pc_record *r, void *arr, size_t *n, size_t size, size_t i)
{
    char *base = arr;
    if (i + 1 < *n) {
        memcpy(base + i * size, base + (*n - 1) * size, size);
        pc_field moved = *(pc_field *)(base + i * size); /* every entry starts with its field */
        r->slot[moved] = (unsigned char)(i + 1);
    }
    (*n)--;
}

void pc_record_unset(pc_record *r, pc_field f)
{
    long i = index_of(r, f);
    if (i < 0)
        return;
    switch (kind_of(f)) {
    case PC_FK_TEXT:
    case PC_FK_NUMBER:
        text_free(&r->texts[i]);
        remove_at(r, r->texts, &r->n_texts, sizeof *r->texts, (size_t)i);
        break;
    case PC_FK_NAME:
        names_free(&r->names[i]);
        remove_at(r, r->names, &r->n_names, sizeof *r->names, (size_t)i);
        break;
    case PC_FK_DATE:
        pc_free(r->dates[i].literal);
        remove_at(r, r->dates, &r->n_dates, sizeof *r->dates, (size_t)i);
        break;
    case PC_FK_LIST:
        pc_strlist_clear(&r->lists[i].list);
        remove_at(r, r->lists, &r->n_lists, sizeof *r->lists, (size_t)i);
        break;
    case PC_FK_NONE: break;
    }
    r->slot[f] = 0;
}

bool pc_record_has(const pc_record *r, pc_field f) { return index_of(r, f) >= 0; }

/* ---- names ---------------------------------------------------------------- */

const pc_names *pc_record_names(const pc_record *r, pc_field role)
{
    long i = index_of(r, role);
    return i >= 0 && kind_of(role) == PC_FK_NAME ? &r->names[i] : NULL;
}

pc_names *pc_record_names_mut(pc_record *r, pc_field role)
{
    if (kind_of(role) != PC_FK_NAME)
        return NULL;
    pc_names *l = (pc_names *)pc_record_names(r, role);
    if (!l) {
        l = ADD_ZEROED(r->names, r->n_names, r->cap_names);
        l->role = role;
        r->slot[role] = (unsigned char)r->n_names;
    }
    return l;
}

pc_name *pc_record_add_name(pc_record *r, pc_field role)
{
    pc_names *l = pc_record_names_mut(r, role);
    return l ? pc_names_add(l) : NULL;
}

pc_name *pc_names_add(pc_names *l)
{
    PC_GROW(l->items, l->cap, l->n + 1);
    pc_name *n = &l->items[l->n++];
    memset(n, 0, sizeof *n);
    return n;
}

size_t pc_record_n_authors(const pc_record *r)
{
    const pc_names *l = pc_record_names(r, PC_F_AUTHOR);
    return l ? l->n : 0;
}

const pc_name *pc_record_author(const pc_record *r, size_t i)
{
    const pc_names *l = pc_record_names(r, PC_F_AUTHOR);
    return l && i < l->n ? &l->items[i] : NULL;
}

/* ---- dates ---------------------------------------------------------------- */

static pc_datevar *date_slot(pc_record *r, pc_field f)
{
    if (kind_of(f) != PC_FK_DATE)
        return NULL;
    long i = index_of(r, f);
    if (i >= 0)
        return &r->dates[i];
    pc_datevar *d = ADD_ZEROED(r->dates, r->n_dates, r->cap_dates);
    d->field = f;
    r->slot[f] = (unsigned char)r->n_dates;
    return d;
}

const pc_date *pc_record_date(const pc_record *r, pc_field f)
{
    long i = index_of(r, f);
    if (i < 0 || kind_of(f) != PC_FK_DATE || !r->dates[i].date.year)
        return NULL;
    return &r->dates[i].date;
}

const char *pc_record_date_literal(const pc_record *r, pc_field f)
{
    long i = index_of(r, f);
    return i >= 0 && kind_of(f) == PC_FK_DATE ? r->dates[i].literal : NULL;
}

/* Removes a date entry that holds neither parts nor a literal. */
static void date_tidy(pc_record *r, pc_field f)
{
    long i = index_of(r, f);
    if (i >= 0 && !r->dates[i].date.year && !r->dates[i].literal)
        pc_record_unset(r, f);
}

void pc_record_set_date(pc_record *r, pc_field f, const pc_date *d)
{
    pc_datevar *v = date_slot(r, f);
    if (!v)
        return;
    if (d && d->year)
        v->date = *d;
    else
        memset(&v->date, 0, sizeof v->date);
    date_tidy(r, f);
}

void pc_record_set_date_literal(pc_record *r, pc_field f, const char *s, size_t n)
{
    pc_datevar *v = date_slot(r, f);
    if (!v)
        return;
    pc_free(v->literal);
    v->literal = n ? pc_xstrndup(s, n) : NULL;
    date_tidy(r, f);
}

/* ---- lists ----------------------------------------------------------------- */

const pc_strlist *pc_record_list(const pc_record *r, pc_field f)
{
    long i = index_of(r, f);
    return i >= 0 && kind_of(f) == PC_FK_LIST ? &r->lists[i].list : NULL;
}

bool pc_record_list_add(pc_record *r, pc_field f, const char *s, size_t n)
{
    pc_trim(&s, &n);
    if (!n || kind_of(f) != PC_FK_LIST)
        return false;
    long i = index_of(r, f);
    if (i < 0) {
        pc_listvar *v = ADD_ZEROED(r->lists, r->n_lists, r->cap_lists);
        v->field = f;
        r->slot[f] = (unsigned char)r->n_lists;
        i = (long)r->n_lists - 1;
    }
    return pc_strlist_add_unique(&r->lists[i].list, s, n);
}

/* ---- pass-through ------------------------------------------------------------ */

void pc_record_add_extra(pc_record *r, const char *format, const char *name, size_t name_n,
                         const char *value, size_t value_n)
{
    pc_extra *e = ADD_ZEROED(r->extras, r->n_extras, r->cap_extras);
    e->format = format;
    e->name = pc_xstrndup(name, name_n);
    e->value = pc_xstrndup(value, value_n);
}

const pc_extra *pc_record_extra(const pc_record *r, const char *format, const char *name)
{
    for (size_t i = 0; i < r->n_extras; i++) {
        const pc_extra *e = &r->extras[i];
        if ((!format || (e->format && strcmp(e->format, format) == 0)) && strcmp(e->name, name) == 0)
            return e;
    }
    return NULL;
}

/* ---- shared conventions ------------------------------------------------------- */

pc_text *pc_record_set_abstract(pc_record *r, const char *s, size_t n, pc_spanlist *markup,
                                bool dots)
{
    bool cut = false;
    if (n >= 3 && memcmp(s + n - 3, ELLIPSIS, 3) == 0) {
        cut = true;
        n -= 3;
    } else if (dots && n >= 3 && memcmp(s + n - 3, "...", 3) == 0) {
        cut = true;
        n -= 3;
    }
    while (cut && n && pc_is_space((unsigned char)s[n - 1]))
        n--;
    pc_text *t = pc_record_set_rich(r, PC_F_ABSTRACT, s, n, markup);
    if (t)
        t->truncated = cut;
    return t;
}

bool pc_record_set_doi(pc_record *r, const char *s, size_t n)
{
    if (pc_record_set_arxiv(r, s, n)) /* the arXiv DOI names the preprint itself */
        return true;
    pc_buf d = PC_BUF_INIT;
    bool ok = pc_doi_parse(s, n, &d);
    if (ok)
        pc_record_set(r, PC_F_DOI, d.ptr, d.len);
    pc_buf_free(&d);
    return ok;
}

bool pc_record_set_arxiv(pc_record *r, const char *s, size_t n)
{
    pc_buf id = PC_BUF_INIT;
    int version = 0;
    bool ok = pc_arxiv_parse(s, n, &id, &version);
    if (ok) {
        pc_record_set(r, PC_F_ARXIV_ID, id.ptr, id.len);
        pc_record_set_arxiv_version(r, version); /* none: unset */
    }
    pc_buf_free(&id);
    return ok;
}

void pc_record_set_arxiv_version(pc_record *r, int version)
{
    pc_buf b = PC_BUF_INIT;
    if (version > 0)
        pc_buf_put_int(&b, version, 1);
    pc_record_set(r, PC_F_ARXIV_VERSION, b.ptr, b.len);
    pc_buf_free(&b);
}

void pc_record_note_compose(const pc_record *r, pc_buf *out)
{
    const char *note = pc_record_get(r, PC_F_NOTE), *jref = pc_record_get(r, PC_F_JOURNAL_REF);
    if (note)
        pc_buf_puts(out, note);
    if (jref) {
        if (note)
            pc_buf_putc(out, '\n');
        pc_buf_puts(out, JREF_LABEL);
        pc_buf_puts(out, jref);
    }
}

void pc_record_note_split(pc_record *r, const char *s, size_t n)
{
    size_t label = strlen(JREF_LABEL), cut = n;
    /* the last line that starts with the label is the journal reference */
    for (size_t i = 0; i + label <= n; i++)
        if ((i == 0 || s[i - 1] == '\n') && memcmp(s + i, JREF_LABEL, label) == 0)
            cut = i;
    if (cut < n)
        pc_record_set(r, PC_F_JOURNAL_REF, s + cut + label, n - cut - label);
    size_t keep = cut;
    if (cut < n && keep && s[keep - 1] == '\n')
        keep--;
    pc_record_set(r, PC_F_NOTE, s, keep);
}

void pc_record_choose_date(pc_record *r, bool use_updated)
{
    const pc_date *u = pc_record_date(r, PC_F_UPDATED);
    if (use_updated && u) {
        pc_date d = *u;
        pc_record_set_date(r, PC_F_ISSUED, &d);
    }
}
