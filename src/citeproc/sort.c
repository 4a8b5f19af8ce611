/* SPDX-License-Identifier: MIT */
/* sort.c — sort keys (<key variable="..."/>, <key macro="..."/>, with
 * names-min, names-use-first and names-use-last) and the stable sort of the
 * bibliography and of the cites in a cluster.
 *
 * A key is computed once per item and layout, as a collation string:
 * hyphens dropped, punctuation made space (jgm/citeproc's
 * normalizeSortKey), case folded and accents stripped (utf8proc), numbers
 * padded so that they sort by value.  Names sort by their sort-order
 * parts (demote-non-dropping-particle), dates as zero-padded
 * year-month-day (BC years before AD).  An empty key sorts last in both
 * directions.  The sort is a merge sort: stable, O(n log n). */
#include "citeproc/cp.h"
#include "text/names.h"
#include "text/unicode.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <utf8proc.h>

/* ---- collation strings ------------------------------------------------------- */

static bool is_punct_cp(int32_t c)
{
    if (c == 0x2BE || c == 0x2BF)
        return true;
    utf8proc_category_t k = utf8proc_category(c);
    return k >= UTF8PROC_CATEGORY_PC && k <= UTF8PROC_CATEGORY_PO;
}

/* ASCII only: the same as collate's general path, without utf8proc. */
static char *collate_ascii(cp_arena *a, const char *s, size_t n, bool pad)
{
    size_t runs = 0;
    for (size_t i = 0; i < n; i++)
        runs += pc_is_digit((unsigned char)s[i]) && (i == 0 || !pc_is_digit((unsigned char)s[i - 1]));
    char *out = cp_alloc(a, n + 10 * runs + 1), *o = out; /* each run padded by at most 10 */
    bool space = true;
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (c == '-') {
            i++;
            continue;
        }
        if (pc_is_space(c) || (!pc_is_alnum(c) && c >= 0x21 && c <= 0x7e && c != '$' && c != '+' && c != '<' &&
                               c != '=' && c != '>' && c != '^' && c != '`' && c != '|' && c != '~')) {
            if (!space)
                *o++ = ' ';
            space = true;
            i++;
            continue;
        }
        space = false;
        if (pad && pc_is_digit(c)) {
            size_t e = i;
            while (e < n && pc_is_digit((unsigned char)s[e]))
                e++;
            if (e - i < 10) {
                memset(o, '0', 10 - (e - i));
                o += 10 - (e - i);
            }
            memcpy(o, s + i, e - i);
            o += e - i;
            i = e;
            continue;
        }
        *o++ = (char)pc_to_lower(c);
        i++;
    }
    while (o > out && o[-1] == ' ')
        o--;
    *o = '\0';
    return o > out ? out : NULL;
}

/* The collation string of [s, s+n) in arena a; NULL when nothing is left. */
static char *collate(cp_arena *a, const char *s, size_t n, bool pad)
{
    if (pc_utf8_is_ascii(s, n))
        return collate_ascii(a, s, n, pad);
    pc_buf b = PC_BUF_INIT;
    size_t i = 0;
    bool space = true;
    while (i < n) {
        int32_t c;
        int k = pc_utf8_next(s + i, n - i, &c);
        if (k <= 0) {
            i++;
            continue;
        }
        i += (size_t)k;
        if (c == '-')
            continue;
        if (is_punct_cp(c) || c == ' ' || c == '\t' || c == '\n' || c == 0xA0) {
            if (!space)
                pc_buf_putc(&b, ' ');
            space = true;
            continue;
        }
        space = false;
        if (c < 0x80) {
            pc_buf_putc(&b, (char)pc_to_lower(c));
            continue;
        }
        /* folded and without marks, code point by code point (no allocation) */
        utf8proc_int32_t dst[16];
        int bound = 0;
        utf8proc_ssize_t m = utf8proc_decompose_char(c, dst, 16,
                                                     UTF8PROC_CASEFOLD | UTF8PROC_STRIPMARK |
                                                         UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT,
                                                     &bound);
        if (m < 0 || m > 16)
            pc_utf8_put(&b, c);
        for (utf8proc_ssize_t q = 0; q < m && m <= 16; q++)
            pc_utf8_put(&b, dst[q]);
    }
    while (b.len && b.ptr[b.len - 1] == ' ')
        b.len--;
    if (!b.len) {
        pc_buf_free(&b);
        return NULL;
    }
    pc_buf out = PC_BUF_INIT;
    const char *src = b.ptr;
    size_t sn = b.len;
    for (size_t j = 0; j < sn;) {
        if (pad && pc_is_digit((unsigned char)src[j])) {
            size_t e = j;
            while (e < sn && pc_is_digit((unsigned char)src[e]))
                e++;
            for (size_t z = e - j; z < 10; z++)
                pc_buf_putc(&out, '0');
            pc_buf_put(&out, src + j, e - j);
            j = e;
        } else {
            pc_buf_putc(&out, src[j++]);
        }
    }
    pc_buf_free(&b);
    char *r = cp_strndup(a, out.ptr, out.len);
    pc_buf_free(&out);
    return r;
}

/* ---- keys of variables ----------------------------------------------------------- */

static bool is_byzantine_ascii(const char *s)
{
    for (; s && *s; s++)
        if (pc_is_alpha((unsigned char)*s) || (unsigned char)*s >= 0xC0)
            return true;
    return false;
}

static void name_key(pc_citeproc *cp, const pc_name *nm, pc_buf *b)
{
    if (nm->literal || !nm->family) {
        pc_buf_puts(b, nm->literal ? nm->literal : nm->given ? nm->given : "");
        return;
    }
    const char *parts[4];
    char *joined = NULL;
    if (!is_byzantine_ascii(nm->family)) {
        parts[0] = nm->family;
        parts[1] = nm->given;
        parts[2] = parts[3] = NULL;
    } else if (cp->style->demote == CP_DEMOTE_NEVER) {
        pc_buf j = PC_BUF_INIT;
        if (nm->particle) {
            pc_buf_puts(&j, nm->particle);
            if (!pc_particle_joins(nm->particle))
                pc_buf_putc(&j, ' ');
        }
        pc_buf_puts(&j, nm->family);
        joined = pc_buf_detach(&j);
        parts[0] = joined;
        parts[1] = nm->dparticle;
        parts[2] = nm->given;
        parts[3] = nm->suffix;
    } else {
        parts[0] = nm->family;
        pc_buf j = PC_BUF_INIT;
        if (nm->dparticle)
            pc_buf_puts(&j, nm->dparticle);
        if (nm->dparticle && nm->particle)
            pc_buf_putc(&j, ' ');
        if (nm->particle)
            pc_buf_puts(&j, nm->particle);
        joined = pc_buf_detach(&j);
        parts[1] = joined;
        parts[2] = nm->given;
        parts[3] = nm->suffix;
    }
    for (int i = 0; i < 4; i++) {
        pc_buf_puts(b, parts[i] ? parts[i] : "");
        pc_buf_putc(b, ' ');
    }
    pc_free(joined);
}

static char *var_key(pc_citeproc *cp, cp_eval *ev, int var, cp_arena *a)
{
    pc_buf b = PC_BUF_INIT;
    char *r = NULL;
    int kind = cp_var_kind(cp->style, var);
    if (kind == PC_FK_NAME) {
        const pc_names *ns = cp_var_names(ev, var);
        for (size_t i = 0; ns && i < ns->n; i++) {
            if (i)
                pc_buf_puts(&b, ", ");
            name_key(cp, &ns->items[i], &b);
        }
        r = collate(a, b.ptr, b.len, false);
    } else if (kind == PC_FK_DATE) {
        const char *lit;
        const pc_date *d = cp_var_date(ev, var, &lit);
        if (d) {
            cp_date_sort_key(d, 7, &b);
            r = cp_strndup(a, b.ptr, b.len);
        } else if (lit) {
            r = collate(a, lit, strlen(lit), true);
        }
    } else if (var == PC_F_CITATION_NUMBER) {
        pc_buf_printf(&b, "%09d", ev->item->citation_number);
        r = cp_strndup(a, b.ptr, b.len);
    } else {
        const char *s = cp_var_text(ev, var);
        if (s)
            r = collate(a, s, strlen(s), kind == PC_FK_NUMBER);
    }
    pc_buf_free(&b);
    return r;
}

static char *macro_key(pc_citeproc *cp, cp_eval *ev, const cp_sortkey *k, cp_arena *a)
{
    cp_out *o = cp_eval_kids(ev, k->macro->kids, k->macro->n_kids, NULL);
    cp_rt *r = cp_render(ev->a, &cp->loc, o);
    pc_buf b = PC_BUF_INIT;
    cp_rt_plain(r, &b);
    char *s = collate(a, b.ptr, b.len, true);
    pc_buf_free(&b);
    return s;
}

char **cp_sort_keys(pc_citeproc *cp, const cp_layout *lay, cp_item *it, cp_arena *a)
{
    char **keys = cp_alloc(a, (lay->n_keys ? lay->n_keys : 1) * sizeof *keys);
    for (size_t i = 0; i < lay->n_keys; i++) {
        cp_arena_reset(&cp->scratch);
        cp_eval ev;
        cp_eval_init(&ev, cp, &cp->scratch, it, lay);
        ev.in_sort_key = true;
        ev.sort_key = &lay->keys[i];
        keys[i] = lay->keys[i].macro ? macro_key(cp, &ev, &lay->keys[i], a)
                                     : var_key(cp, &ev, lay->keys[i].var, a);
    }
    return keys;
}

int cp_sort_cmp(const cp_layout *lay, char **a, char **b)
{
    for (size_t i = 0; i < lay->n_keys; i++) {
        if (!a[i] && !b[i])
            continue;
        if (!a[i])
            return 1;
        if (!b[i])
            return -1;
        int c = strcmp(a[i], b[i]);
        if (c)
            return lay->keys[i].desc ? -c : c;
    }
    return 0;
}

/* ---- the sort ----------------------------------------------------------------------- */

typedef struct sorter {
    pc_citeproc *cp;
    const cp_layout *lay;
    bool bib;
} sorter;

static char **keys_of(sorter *s, size_t idx)
{
    cp_item *it = s->cp->items[idx];
    char ***slot = s->bib ? &it->sort_bib : &it->sort_cite;
    if (!*slot)
        *slot = cp_sort_keys(s->cp, s->lay, it, &s->cp->keys);
    return *slot;
}

static int cmp_idx(sorter *s, size_t a, size_t b)
{
    int c = cp_sort_cmp(s->lay, keys_of(s, a), keys_of(s, b));
    return c ? c : (a < b ? -1 : a > b);
}

static void merge_sort(sorter *s, size_t *v, size_t *tmp, size_t n)
{
    if (n < 2)
        return;
    size_t h = n / 2;
    merge_sort(s, v, tmp, h);
    merge_sort(s, v + h, tmp, n - h);
    size_t i = 0, j = h, k = 0;
    while (i < h && j < n)
        tmp[k++] = cmp_idx(s, v[i], v[j]) <= 0 ? v[i++] : v[j++];
    while (i < h)
        tmp[k++] = v[i++];
    while (j < n)
        tmp[k++] = v[j++];
    memcpy(v, tmp, n * sizeof *v);
}

void cp_sort_items(pc_citeproc *cp, const cp_layout *lay, size_t *order, size_t n, bool bib)
{
    if (!lay->n_keys || n < 2)
        return;
    sorter s = {.cp = cp, .lay = lay, .bib = bib};
    for (size_t i = 0; i < n; i++) /* all keys first: the sort compares many times */
        keys_of(&s, order[i]);
    size_t *tmp = pc_xmalloc(n * sizeof *tmp);
    merge_sort(&s, order, tmp, n);
    pc_free(tmp);
}

/* The cites of each cluster sorted, in runs that no prefix or suffix
 * breaks (a cite with a suffix ends a run, one with a prefix starts one),
 * as jgm/citeproc does. */
void cp_sort_clusters(pc_citeproc *cp)
{
    const cp_layout *lay = &cp->style->citation;
    if (!lay->n_keys)
        return;
    for (size_t c = 0; c < cp->n_clusters; c++) {
        cp_cluster *cl = &cp->clusters[c];
        size_t start = 0;
        while (start < cl->n) {
            size_t end = start + 1;
            while (end < cl->n && !cl->items[end - 1].suffix && !cl->items[end].prefix)
                end++;
            size_t m = end - start;
            size_t *idx = pc_xmalloc(m * sizeof *idx);
            bool known = true;
            for (size_t i = 0; i < m; i++) {
                idx[i] = cl->items[start + i].item;
                known &= idx[i] != SIZE_MAX;
            }
            if (known && m > 1) {
                /* sort positions by the items' keys, stably */
                size_t *pos = pc_xmalloc(m * sizeof *pos);
                for (size_t i = 0; i < m; i++)
                    pos[i] = i;
                sorter s = {.cp = cp, .lay = lay, .bib = false};
                for (size_t i = 1; i < m; i++) { /* insertion sort: clusters are small */
                    size_t p = pos[i], j = i;
                    while (j > 0) {
                        int r = cp_sort_cmp(lay, keys_of(&s, idx[pos[j - 1]]), keys_of(&s, idx[p]));
                        if (r <= 0)
                            break;
                        pos[j] = pos[j - 1];
                        j--;
                    }
                    pos[j] = p;
                }
                cp_citeitem *copy = pc_xmalloc(m * sizeof *copy);
                for (size_t i = 0; i < m; i++)
                    copy[i] = cl->items[start + pos[i]];
                memcpy(cl->items + start, copy, m * sizeof *copy);
                pc_free(copy);
                pc_free(pos);
            }
            pc_free(idx);
            start = end;
        }
    }
}
