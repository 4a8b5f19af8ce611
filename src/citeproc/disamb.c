/* SPDX-License-Identifier: MIT */
/* disamb.c — disambiguation of citations, as jgm/citeproc's Eval.hs does
 * it: names added to et-al lists (disambiguate-add-names), given names or
 * initials added (disambiguate-add-givenname: by-cite per ambiguous group,
 * or all-names, all-names-with-initials, primary-name,
 * primary-name-with-initials over every name cited), year suffixes in the
 * bibliography's order (disambiguate-add-year-suffix), and the
 * disambiguate="true" condition for what is left ambiguous.
 *
 * Two cites are ambiguous when they render the same (the item's cite in
 * first position, without locator, as plain text).  Items are grouped by
 * that text in a hash table, and names by family name likewise, so the
 * work is linear in the number of items plus the size of the groups that
 * render the same: no item is compared with every other. */
#include "citeproc/cp.h"

#include <stdlib.h>
#include <string.h>

int cp_name_hint(const cp_item *it, const pc_name *nm)
{
    if (!it)
        return CP_HINT_NONE;
    for (size_t i = 0; i < it->n_hints; i++)
        if (it->hints[i].name == nm)
            return it->hints[i].hint;
    return CP_HINT_NONE;
}

static void set_hint(cp_item *it, const pc_name *nm, int hint)
{
    for (size_t i = 0; i < it->n_hints; i++)
        if (it->hints[i].name == nm) {
            it->hints[i].hint = (unsigned char)hint;
            return;
        }
    if (it->n_hints == it->cap_hints) {
        it->cap_hints = it->cap_hints ? it->cap_hints * 2 : 4;
        it->hints = pc_xrealloc(it->hints, it->cap_hints * sizeof *it->hints);
    }
    it->hints[it->n_hints++] = (cp_hint){.name = nm, .hint = (unsigned char)hint};
}

/* ---- an item's cite: its text and its names ------------------------------------ */

typedef struct dd {
    size_t item;
    const pc_name **names; /* every name of the cite's <names> (all of each list) */
    size_t n_names;
    const pc_name **primary; /* the first name of each list */
    size_t n_primary;
} dd;

static void collect(cp_out *o, cp_vec *names, cp_vec *primary, cp_arena *a, int depth)
{
    if (!o || depth > 200)
        return;
    if (o->tag == CP_T_NAMES) {
        const pc_names *ns = o->ref;
        for (size_t i = 0; ns && i < ns->n; i++) {
            cp_vec_push(a, names, (void *)&ns->items[i]);
            if (!i)
                cp_vec_push(a, primary, (void *)&ns->items[i]);
        }
        return;
    }
    if (o->kind == CP_O_FMT)
        for (size_t i = 0; i < o->n; i++)
            collect(o->kids[i], names, primary, a, depth + 1);
}

/* Renders item `it`'s cite (first position, no locator) as plain text into
 * out; with d, also collects its names (in arena a). */
static void cite_text(pc_citeproc *cp, cp_item *it, pc_buf *out, dd *d, cp_arena *a)
{
    cp_arena_reset(&cp->scratch);
    cp_eval ev;
    cp_eval_init(&ev, cp, &cp->scratch, it, &cp->style->citation);
    ev.positions = CP_POS_FIRST;
    cp_out *o = cp_eval_layout(&ev, &cp->style->citation);
    cp_rt *r = cp_render(&cp->scratch, &cp->loc, o);
    pc_buf_clear(out);
    cp_rt_plain(r, out);
    if (d) {
        cp_vec names = {0}, primary = {0};
        collect(o, &names, &primary, a, 0);
        d->names = (const pc_name **)names.v;
        d->n_names = names.n;
        d->primary = (const pc_name **)primary.v;
        d->n_primary = primary.n;
    }
}

void cp_cite_plain(pc_citeproc *cp, cp_item *it, pc_buf *out)
{
    cite_text(cp, it, out, NULL, NULL);
}

/* ---- names ---------------------------------------------------------------------- */

static bool str_eq(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static bool name_eq(const pc_name *x, const pc_name *y)
{
    return x == y || (str_eq(x->given, y->given) && str_eq(x->family, y->family) &&
                      str_eq(x->particle, y->particle) && str_eq(x->dparticle, y->dparticle) &&
                      str_eq(x->suffix, y->suffix) && str_eq(x->literal, y->literal));
}

/* The initials of a given name, without punctuation ("JR" for "John Ronald"). */
static void initials(const char *g, pc_buf *out)
{
    pc_buf_clear(out);
    bool start = true;
    for (const char *p = g; p && *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == ' ' || c == '.' || c == '-') {
            start = true;
            continue;
        }
        if (start) {
            pc_buf_putc(out, *p);
            while (((unsigned char)p[1] & 0xC0) == 0x80)
                pc_buf_putc(out, *++p);
        }
        start = false;
    }
}

/* The same family name as a short form shows it: particle and family. */
static bool same_family(const pc_name *x, const pc_name *y)
{
    return str_eq(x->family, y->family) && str_eq(x->particle, y->particle);
}

/* Given names that differ only in spaces and periods ("J. J." and "J.J."). */
static bool same_given(const char *a, const char *b)
{
    if (!a || !b)
        return a == b;
    for (;;) {
        while (*a == ' ' || *a == '.')
            a++;
        while (*b == ' ' || *b == '.')
            b++;
        if (*a != *b)
            return false;
        if (!*a)
            return true;
        a++;
        b++;
    }
}

static bool initials_match(const pc_name *x, const pc_name *y, pc_buf *a, pc_buf *b)
{
    if (!x->given || !y->given)
        return false;
    initials(x->given, a);
    initials(y->given, b);
    return strcmp(a->ptr, b->ptr) == 0;
}

/* A hash of name x at place i (0-based) as the cite compares it: the family
 * name and particle, and the given name or its initials when the rule
 * adds them (by-cite compares whole names, as jgm/citeproc does). */
static uint64_t hash_s(const char *s, uint64_t h)
{
    for (; s && *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

static uint64_t given_hash(const char *g, bool initials_only, uint64_t h)
{
    bool start = true;
    for (const char *p = g; p && *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == ' ' || c == '.' || c == '-') {
            start = true;
            continue;
        }
        if (!initials_only || start || (c & 0xC0) == 0x80)
            h = (h ^ c) * 1099511628211u;
        start = false;
    }
    return h;
}

static uint64_t name_hash(const cp_style *st, const pc_name *x, size_t i)
{
    uint64_t h = 1469598103934665603u;
    h = hash_s(x->family, h) * 31 + 1;
    h = hash_s(x->particle, h) * 31 + 2;
    h = hash_s(x->literal, h) * 31 + 3;
    if (!st->add_givenname)
        return h;
    int rule = st->givenname_rule;
    bool full = rule == CP_GN_ALL || rule == CP_GN_BY_CITE || (rule == CP_GN_PRIMARY && i == 0);
    bool ini = rule == CP_GN_ALL_INITIALS || (rule == CP_GN_PRIMARY_INITIALS && i == 0);
    if (full || ini)
        h = given_hash(x->given, ini, h) * 31 + 4;
    return h;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static size_t count_of(const uint64_t *sorted, size_t n, uint64_t v)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (sorted[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t k = lo;
    while (k < n && sorted[k] == v)
        k++;
    return k - lo;
}

enum { MAX_ADD_NAMES = 128 }; /* names looked at when adding names */

/* disambiguate-add-names: each cite shows the fewest names that tell it
 * from the others of its group; cites no number of names tells apart show
 * as many as the most any other needed (citeproc-js).  The cites told apart
 * leave the group.  Per number of names k, the first k names of every cite
 * are hashed and the hashes sorted: O(k m log m) for a group of m. */
static void add_names(pc_citeproc *cp, dd **g, size_t *n)
{
    size_t m = *n, z = 0;
    for (size_t i = 0; i < m; i++)
        if (g[i]->n_names > z)
            z = g[i]->n_names;
    if (z > MAX_ADD_NAMES)
        z = MAX_ADD_NAMES;
    if (!z)
        return;
    uint64_t *h = pc_xcalloc(m, sizeof *h), *sorted = pc_xmalloc(m * sizeof *sorted);
    size_t *need = pc_xcalloc(m, sizeof *need); /* names that tell it apart, 0 = none */
    for (size_t k = 1; k <= z; k++) {
        for (size_t i = 0; i < m; i++)
            if (k <= g[i]->n_names)
                h[i] = (h[i] ^ name_hash(cp->style, g[i]->names[k - 1], k - 1)) * 1099511628211u + k;
            else if (k == g[i]->n_names + 1)
                h[i] = h[i] * 1099511628211u + 0x9e3779b97f4a7c15u; /* the list ended */
        memcpy(sorted, h, m * sizeof *h);
        qsort(sorted, m, sizeof *sorted, cmp_u64);
        for (size_t i = 0; i < m; i++)
            if (!need[i] && count_of(sorted, m, h[i]) == 1)
                need[i] = k;
    }
    size_t most = 0;
    for (size_t i = 0; i < m; i++)
        if (need[i] > most)
            most = need[i];
    size_t left = 0;
    for (size_t i = 0; i < m && most; i++) {
        cp_item *it = cp->items[g[i]->item];
        int k = (int)(need[i] ? need[i] : most);
        if (it->etal_names < k)
            it->etal_names = k;
    }
    for (size_t i = 0; i < m; i++)
        if (!need[i])
            g[left++] = g[i];
    *n = most ? left : m;
    pc_free(h);
    pc_free(sorted);
    pc_free(need);
}

/* by-cite: at each place, a name whose family another cite's name at that
 * place shares gets its initials (or its given name, when the initials are
 * the same too); a cite that got a hint is no longer ambiguous.  Names of a
 * place are grouped by family through sorting: O(z m log m). */
typedef struct at_place {
    uint64_t fam;
    size_t who;
} at_place;

static int cmp_place(const void *a, const void *b)
{
    const at_place *x = a, *y = b;
    return x->fam < y->fam ? -1 : x->fam > y->fam ? 1 : (x->who > y->who) - (x->who < y->who);
}

static void add_given_by_cite(pc_citeproc *cp, dd **g, size_t *n, pc_buf *a, pc_buf *b)
{
    size_t m = *n, z = 0;
    for (size_t i = 0; i < m; i++)
        if (g[i]->n_names > z)
            z = g[i]->n_names;
    if (z > MAX_ADD_NAMES)
        z = MAX_ADD_NAMES;
    bool *hinted = pc_xcalloc(m ? m : 1, sizeof *hinted);
    at_place *v = pc_xmalloc((m ? m : 1) * sizeof *v);
    for (size_t p = 0; p < z; p++) {
        size_t k = 0;
        for (size_t i = 0; i < m; i++)
            if (p < g[i]->n_names) {
                const pc_name *x = g[i]->names[p];
                v[k++] = (at_place){.fam = hash_s(x->particle, hash_s(x->family, 7)), .who = i};
            }
        qsort(v, k, sizeof *v, cmp_place);
        for (size_t s = 0; s < k;) {
            size_t e = s + 1;
            while (e < k && v[e].fam == v[s].fam)
                e++;
            for (size_t i = s; i < e && e - s > 1; i++) {
                const pc_name *x = g[v[i].who]->names[p];
                bool match = false, ini = false;
                for (size_t j = s; j < e; j++) {
                    const pc_name *y = g[v[j].who]->names[p];
                    if (j == i || !same_family(x, y) || same_given(x->given, y->given))
                        continue;
                    match = true;
                    ini |= initials_match(x, y, a, b);
                    if (ini)
                        break;
                }
                if (match) {
                    set_hint(cp->items[g[v[i].who]->item], x, ini ? CP_HINT_GIVEN : CP_HINT_INITIALS);
                    hinted[v[i].who] = true;
                }
            }
            s = e;
        }
    }
    size_t left = 0;
    for (size_t i = 0; i < m; i++)
        if (!hinted[i])
            g[left++] = g[i];
    pc_free(hinted);
    pc_free(v);
    *n = left;
}

/* ---- global given-name rules --------------------------------------------------------- */

typedef struct name_slot {
    const pc_name *name;
    char *ini, *norm; /* initials; given without spaces and periods */
    int hint;
} name_slot;

static uint64_t full_hash(const pc_name *x)
{
    uint64_t h = hash_s(x->family, 1469598103934665603u);
    h = hash_s(x->given, h * 31 + 1);
    h = hash_s(x->particle, h * 31 + 2);
    h = hash_s(x->dparticle, h * 31 + 3);
    h = hash_s(x->suffix, h * 31 + 4);
    return hash_s(x->literal, h * 31 + 5);
}

/* The slot of x in an open-addressed table of distinct names. */
static size_t slot_of(name_slot *const *tab, size_t cap, const pc_name *x)
{
    size_t h = (size_t)full_hash(x) & (cap - 1);
    while (tab[h] && !name_eq(tab[h]->name, x))
        h = (h + 1) & (cap - 1);
    return h;
}

static int cmp_str0(const char *a, const char *b)
{
    return strcmp(a ? a : "", b ? b : "");
}

static int cmp_slot(const void *pa, const void *pb)
{
    const name_slot *x = *(name_slot *const *)pa, *y = *(name_slot *const *)pb;
    int c = cmp_str0(x->name->family, y->name->family);
    if (!c)
        c = cmp_str0(x->name->particle, y->name->particle);
    if (!c)
        c = strcmp(x->ini, y->ini);
    if (!c)
        c = strcmp(x->norm, y->norm);
    return c;
}

static char *norm_given(const char *g, cp_arena *a)
{
    size_t n = g ? strlen(g) : 0, k = 0;
    char *s = cp_alloc(a, n + 1);
    for (size_t i = 0; i < n; i++)
        if (g[i] != ' ' && g[i] != '.')
            s[k++] = g[i];
    s[k] = '\0';
    return s;
}

static void set_slot_hint(name_slot *sl, bool ini, int rule, bool primary)
{
    if (ini)
        sl->hint = rule == CP_GN_ALL_INITIALS || rule == CP_GN_PRIMARY_INITIALS ? CP_HINT_NONE
                   : rule == CP_GN_PRIMARY                                       ? CP_HINT_GIVEN_PRIMARY
                                                                                 : CP_HINT_GIVEN;
    else
        sl->hint = primary ? CP_HINT_INITIALS_PRIMARY : CP_HINT_INITIALS;
}

/* Every distinct name cited (the first of each list for the primary-name
 * rules) sorted by family, initials and given name: a name whose family
 * another one shares with a different given name gets a hint (initials, or
 * the given name when the initials are the same too), and every item with
 * that name receives it.  O(n log n) in the names cited. */
static void global_given(pc_citeproc *cp, dd *dds, size_t nd, pc_buf *a, pc_buf *b)
{
    (void)a;
    (void)b;
    int rule = cp->style->givenname_rule;
    bool primary = rule == CP_GN_PRIMARY || rule == CP_GN_PRIMARY_INITIALS;
    size_t total = 0;
    for (size_t i = 0; i < nd; i++)
        total += dds[i].n_names;
    size_t cap = 16;
    while (cap < total * 2)
        cap *= 2;
    cp_arena ar = {0};
    name_slot **tab = pc_xcalloc(cap, sizeof *tab);
    name_slot **all = pc_xmalloc((total ? total : 1) * sizeof *all);
    size_t n = 0;
    pc_buf t = PC_BUF_INIT;
    for (size_t i = 0; i < nd; i++) {
        size_t k = primary ? dds[i].n_primary : dds[i].n_names;
        const pc_name **v = primary ? dds[i].primary : dds[i].names;
        for (size_t j = 0; j < k; j++) {
            size_t h = slot_of(tab, cap, v[j]);
            if (tab[h])
                continue;
            name_slot *sl = cp_alloc(&ar, sizeof *sl);
            sl->name = v[j];
            initials(v[j]->given, &t);
            sl->ini = cp_strndup(&ar, t.ptr, t.len);
            sl->norm = norm_given(v[j]->given, &ar);
            tab[h] = all[n++] = sl;
        }
    }
    pc_buf_free(&t);
    qsort(all, n, sizeof *all, cmp_slot);
    for (size_t s = 0; s < n;) { /* one family */
        size_t e = s + 1;
        while (e < n && !cmp_str0(all[e]->name->family, all[s]->name->family) &&
               !cmp_str0(all[e]->name->particle, all[s]->name->particle))
            e++;
        bool other = false; /* two given names in the family */
        for (size_t k = s + 1; k < e; k++)
            other |= strcmp(all[k]->norm, all[s]->norm) != 0;
        for (size_t r = s; r < e && other && all[s]->name->family;) { /* one run of equal initials */
            size_t re = r + 1;
            while (re < e && !strcmp(all[re]->ini, all[r]->ini))
                re++;
            /* sorted by given name within: two of them differ iff the ends do */
            bool ini = strcmp(all[r]->norm, all[re - 1]->norm) != 0;
            for (size_t k = r; k < re; k++)
                set_slot_hint(all[k], ini, rule, primary);
            r = re;
        }
        s = e;
    }
    for (size_t i = 0; i < nd; i++)
        for (size_t j = 0; j < dds[i].n_names; j++) {
            const pc_name *x = dds[i].names[j];
            size_t h = slot_of(tab, cap, x);
            if (tab[h] && tab[h]->hint)
                set_hint(cp->items[dds[i].item], x, tab[h]->hint);
        }
    pc_free(tab);
    pc_free(all);
    cp_arena_free(&ar);
}

/* ---- grouping by rendered text --------------------------------------------------------- */

/* An item of a group and its place in the bibliography's order (qsort has
 * no context argument: the key travels with the item). */
typedef struct ordered {
    long order;
    size_t item;
} ordered;

static int by_order(const void *x, const void *y)
{
    const ordered *a = x, *b = y;
    return a->order < b->order ? -1 : a->order > b->order;
}

static void year_suffixes(pc_citeproc *cp, dd **g, size_t n)
{
    ordered *o = pc_xmalloc((n ? n : 1) * sizeof *o);
    for (size_t i = 0; i < n; i++)
        o[i] = (ordered){.order = cp->items[g[i]->item]->order, .item = g[i]->item};
    qsort(o, n, sizeof *o, by_order);
    for (size_t i = 0; i < n; i++)
        cp->items[o[i].item]->year_suffix = (int)i + 1;
    pc_free(o);
}

static bool style_disambiguates(const cp_style *st)
{
    return st->add_names || st->add_givenname || st->add_year_suffix || st->uses_disamb_cond;
}

void cp_disambiguate(pc_citeproc *cp)
{
    const cp_style *st = cp->style;
    size_t n = cp->n_items;
    for (size_t i = 0; i < n; i++) {
        cp_item *it = cp->items[i];
        it->year_suffix = it->etal_names = 0;
        it->disamb_cond = false;
        it->n_hints = 0;
    }
    if (!style_disambiguates(st) || n < 2)
        return;
    cp_arena a = {0};
    dd *dds = cp_alloc(&a, n * sizeof *dds);
    char **keys = cp_alloc(&a, n * sizeof *keys);
    pc_buf t = PC_BUF_INIT, b1 = PC_BUF_INIT, b2 = PC_BUF_INIT;
    for (size_t i = 0; i < n; i++) {
        dds[i].item = i;
        cite_text(cp, cp->items[i], &t, &dds[i], &a);
        keys[i] = cp_strndup(&a, t.ptr, t.len);
    }
    if (st->add_givenname && st->givenname_rule != CP_GN_BY_CITE) {
        global_given(cp, dds, n, &b1, &b2);
        for (size_t i = 0; i < n; i++) {
            cite_text(cp, cp->items[i], &t, NULL, NULL);
            keys[i] = cp_strndup(&a, t.ptr, t.len);
        }
    }
    /* groups of items whose cites render the same */
    size_t cap = 16;
    while (cap < n * 2)
        cap *= 2;
    size_t *slot = cp_alloc(&a, cap * sizeof *slot), *next = cp_alloc(&a, n * sizeof *next);
    size_t *count = cp_alloc(&a, cap * sizeof *count);
    for (size_t i = n; i-- > 0;) { /* backwards, so that each list is in item order */
        next[i] = SIZE_MAX;
        if (!*keys[i])
            continue;
        size_t h = (size_t)hash_s(keys[i], 1469598103934665603u) & (cap - 1);
        while (slot[h] && strcmp(keys[slot[h] - 1], keys[i]) != 0)
            h = (h + 1) & (cap - 1);
        next[i] = slot[h] ? slot[h] - 1 : SIZE_MAX;
        slot[h] = i + 1;
        count[h]++;
    }
    for (size_t h = 0; h < cap; h++) {
        if (count[h] < 2)
            continue;
        size_t m = 0;
        dd **g = pc_xmalloc(count[h] * sizeof *g);
        for (size_t i = slot[h] - 1; i != SIZE_MAX; i = next[i])
            g[m++] = &dds[i];
        bool by_cite = st->add_givenname && st->givenname_rule == CP_GN_BY_CITE;
        if (st->add_names) {
            if (by_cite) { /* hints for the whole group first (jgm/citeproc) */
                size_t all = m;
                dd **copy = pc_xmalloc(m * sizeof *copy);
                memcpy(copy, g, m * sizeof *copy);
                add_given_by_cite(cp, copy, &all, &b1, &b2);
                pc_free(copy);
            }
            add_names(cp, g, &m);
        }
        if (st->add_givenname && st->givenname_rule == CP_GN_BY_CITE && m)
            add_given_by_cite(cp, g, &m, &b1, &b2);
        if (st->add_year_suffix && m)
            year_suffixes(cp, g, m);
        else
            for (size_t i = 0; i < m; i++)
                cp->items[g[i]->item]->disamb_cond = true;
        pc_free(g);
    }
    pc_buf_free(&t);
    pc_buf_free(&b1);
    pc_buf_free(&b2);
    cp_arena_free(&a);
}
