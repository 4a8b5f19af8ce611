/* SPDX-License-Identifier: MIT */
/* cite.c — citation clusters: the positions of each cite (first,
 * subsequent, ibid, ibid-with-locator, near-note, as jgm/citeproc's
 * getPosition computes them), first-reference-note-number, and the
 * rendering of a cluster: each cite evaluated with its locator, label,
 * prefix and suffix, suppress-author and author-only, then cite grouping
 * and collapsing (collapse.c), then the layout's affixes and delimiter.  In a
 * note style the cluster's leading punctuation is dropped and a leading
 * term capitalized. */
#include "citeproc/cp.h"

#include <stdlib.h>
#include <string.h>

/* ---- positions ---------------------------------------------------------------- */

typedef struct last_cite {
    bool set, alone;
    size_t cluster; /* 1-based */
    int note;
    size_t pos;
    const char *locator, *label;
} last_cite;

static bool same_str(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* The same locator: the same text with the same label ("page" when none). */
static bool same_locator(const char *la, const char *a, const char *lb, const char *b)
{
    return same_str(a, b) && strcmp(la ? la : "page", lb ? lb : "page") == 0;
}

static unsigned position_of(pc_citeproc *cp, const last_cite *l, size_t group, int note, size_t pos,
                            const cp_citeitem *ci)
{
    if (!l->set)
        return CP_POS_FIRST;
    unsigned p = CP_POS_SUBSEQUENT;
    if (cp->style->note && note - l->note <= cp->style->near_note_distance)
        p |= CP_POS_NEAR;
    bool ibid = (group == l->cluster && pos == l->pos + 1) ||
                ((note == l->note + 1 || (note == l->note && group == l->cluster + 1)) && pos == 1 && l->alone);
    if (ibid) {
        if (!l->locator && ci->locator)
            p |= CP_POS_IBID | CP_POS_IBID_LOC;
        else if (!l->locator && !ci->locator)
            p |= CP_POS_IBID;
        else if (l->locator && ci->locator)
            p |= same_locator(l->label, l->locator, ci->label, ci->locator) ? CP_POS_IBID
                                                                             : CP_POS_IBID | CP_POS_IBID_LOC;
    }
    return p;
}

static const pc_citeproc *note_cp; /* qsort has no context argument */
static int by_note(const void *a, const void *b)
{
    int x = note_cp->clusters[*(const size_t *)a].note, y = note_cp->clusters[*(const size_t *)b].note;
    return x < y ? -1 : x > y;
}

/* For each cluster, how many cites the clusters of its note hold together
 * (sorting the clusters by note: O(n log n)). */
static size_t *cites_per_note(pc_citeproc *cp)
{
    size_t n = cp->n_clusters;
    size_t *per = pc_xcalloc(n ? n : 1, sizeof *per), *idx = pc_xmalloc((n ? n : 1) * sizeof *idx);
    for (size_t i = 0; i < n; i++)
        idx[i] = i;
    note_cp = cp;
    qsort(idx, n, sizeof *idx, by_note);
    for (size_t s = 0; s < n;) {
        size_t e = s, sum = 0;
        while (e < n && cp->clusters[idx[e]].note == cp->clusters[idx[s]].note)
            sum += cp->clusters[idx[e++]].n;
        for (size_t k = s; k < e; k++)
            per[idx[k]] = sum;
        s = e;
    }
    pc_free(idx);
    return per;
}

/* Clusters in the text of a note style (note number 0) are a sequence of
 * their own: a cite there is ibid. after the last cite in the text, not
 * after the notes between (citeproc-js). */
void cp_positions(pc_citeproc *cp)
{
    size_t n = cp->n_items ? cp->n_items : 1;
    last_cite *streams = pc_xcalloc(2 * n, sizeof *streams);
    bool *seen = pc_xcalloc(n, sizeof *seen);
    size_t count[2] = {0, 0};
    size_t *per_note = cites_per_note(cp);
    for (size_t c = 0; c < cp->n_clusters; c++) {
        cp_cluster *cl = &cp->clusters[c];
        int sx = cp->style->note && cl->note == 0 ? 1 : 0;
        last_cite *last = streams + sx * n;
        size_t group = ++count[sx];
        int note = cl->note > 0 ? cl->note : (int)group;
        size_t first_pos = cl->n && cl->items[0].author_only ? 0 : 1;
        /* alone in its note: one cite in every cluster of that note */
        size_t in_note = per_note[c];
        bool pair = cl->n == 2 && strcmp(cl->items[0].id, cl->items[1].id) == 0 && cl->items[0].author_only &&
                    cl->items[1].suppress_author;
        bool alone = (cl->n == 1 || pair) && (cl->note <= 0 || in_note <= cl->n);
        for (size_t k = 0; k < cl->n; k++) {
            cp_citeitem *ci = &cl->items[k];
            if (ci->item == SIZE_MAX)
                continue;
            last_cite *l = &last[ci->item];
            size_t pos = first_pos + k;
            ci->positions = position_of(cp, l, group, note, pos, ci);
            if (!l->set && seen[ci->item]) /* cited before, in the other sequence */
                ci->positions = CP_POS_SUBSEQUENT;
            seen[ci->item] = true;
            cp_item *it = cp->items[ci->item];
            if (cp->style->note && !it->first_note && cl->note != 0)
                it->first_note = note;
            if (!ci->author_only)
                *l = (last_cite){.set = true, .alone = alone, .cluster = group, .note = note, .pos = pos,
                                 .locator = ci->locator, .label = ci->label};
        }
    }
    pc_free(streams);
    pc_free(seen);
    pc_free(per_note);
}

/* ---- one cite ------------------------------------------------------------------- */

static void collect_names(cp_out *o, cp_vec *out, cp_arena *a, int depth)
{
    if (!o || depth > 200)
        return;
    if (o->tag == CP_T_NAMES) {
        cp_vec_push(a, out, o);
        return;
    }
    if (o->kind == CP_O_FMT)
        for (size_t i = 0; i < o->n; i++)
            collect_names(o->kids[i], out, a, depth + 1);
}

/* A copy of o without its names (suppress-author). */
cp_out *cp_drop_names(cp_eval *ev, cp_out *o, int depth)
{
    if (!o || o->tag == CP_T_NAMES)
        return NULL;
    if (o->kind != CP_O_FMT || depth > 200)
        return o;
    cp_out *c = cp_alloc(ev->a, sizeof *c);
    *c = *o;
    c->kids = cp_alloc(ev->a, (o->n ? o->n : 1) * sizeof *c->kids);
    c->n = 0;
    for (size_t i = 0; i < o->n; i++) {
        cp_out *k = cp_drop_names(ev, o->kids[i], depth + 1);
        if (k)
            c->kids[c->n++] = k;
    }
    return c->n ? c : NULL;
}

/* In a note style, a cite starting with a term (ibid.) capitalizes it. */
static cp_out *capitalize_term(cp_eval *ev, cp_out *o)
{
    cp_out *cur = o;
    cp_out *path[64];
    int n = 0;
    while (cur && cur->kind == CP_O_FMT && cur->tag != CP_T_TERM && cur->n && n < 64) {
        path[n++] = cur;
        cur = cur->kids[0];
    }
    if (!cur || cur->tag != CP_T_TERM)
        return o;
    cp_fmt f = {.text_case = CP_TC_CAPFIRST};
    cp_out *t = cp_o_fmt(ev, &f, &cur, 1);
    for (int i = n - 1; i >= 0; i--) {
        cp_out *c = cp_alloc(ev->a, sizeof *c);
        *c = *path[i];
        c->kids = cp_alloc(ev->a, c->n * sizeof *c->kids);
        memcpy(c->kids, path[i]->kids, c->n * sizeof *c->kids);
        c->kids[0] = t;
        t = c;
    }
    return t;
}

/* Whether a cite after this prefix starts a sentence: the first cite of a
 * note without a prefix, or a prefix of more than one word that ends with
 * . ! or ? (closing quotes and spaces aside). */
static bool prefix_capitalizes(const char *p, bool first)
{
    if (!p)
        return first;
    size_t n = strlen(p);
    int spaces = 0;
    for (size_t i = 0; i < n; i++)
        spaces += p[i] == ' ';
    while (n && (p[n - 1] == ' ' || p[n - 1] == '"' || p[n - 1] == '\''))
        n--;
    while (n >= 3 && ((unsigned char)p[n - 3] == 0xE2 && (unsigned char)p[n - 2] == 0x80 &&
                      ((unsigned char)p[n - 1] == 0x9D || (unsigned char)p[n - 1] == 0x99)))
        n -= 3; /* ” ’ */
    return n && strchr(".!?", p[n - 1]) && spaces > 1;
}

/* One cite of a cluster, tagged CP_T_ITEM (num = item index). */
static cp_out *eval_cite(pc_citeproc *cp, const cp_citeitem *ci, bool first, cp_arena *a, cp_eval *ev)
{
    if (ci->item == SIZE_MAX) {
        pc_diag_emit(cp->ctx, PC_SEV_WARNING, NULL, 0, 0, "citation \"%s\" not found", ci->id);
        cp_eval_init(ev, cp, a, NULL, &cp->style->citation);
        pc_buf b = PC_BUF_INIT;
        pc_buf_printf(&b, "%s?", ci->id);
        cp_fmt bold = {.font_weight = CP_FW_BOLD};
        cp_out *o = cp_o_str(ev, b.ptr, b.len);
        pc_buf_free(&b);
        return cp_o_fmt(ev, &bold, &o, 1);
    }
    cp_item *it = cp->items[ci->item];
    cp_eval_init(ev, cp, a, it, &cp->style->citation);
    ev->locator = ci->locator;
    ev->label = ci->label;
    ev->positions = ci->positions;
    cp_out *o = cp_eval_layout(ev, &cp->style->citation);
    if (ci->author_only) {
        cp_vec names = {0};
        collect_names(o, &names, a, 0);
        o = cp_o_fmt(ev, NULL, (cp_out **)names.v, names.n);
    }
    if (cp->style->note && prefix_capitalizes(ci->prefix, first))
        o = capitalize_term(ev, o);
    if (o && o->kind == CP_O_FMT && !cp_fmt_empty(&o->fmt))
        o = cp_o_fmt(ev, NULL, &o, 1);
    if (o) {
        cp_out *w = cp_alloc(a, sizeof *w);
        w->kind = CP_O_FMT;
        w->tag = CP_T_ITEM;
        w->num = (int)ci->item;
        w->kids = cp_alloc(a, sizeof *w->kids);
        w->kids[0] = o;
        w->n = 1;
        o = w;
    }
    return o;
}

cp_out *cp_cite_affixes(cp_eval *ev, const cp_citeitem *ci, cp_out *o)
{
    if (!o)
        return NULL;
    if (ci->suffix)
        o = cp_o_group2(ev, o, cp_o_rich(ev, ci->suffix, strlen(ci->suffix)));
    if (ci->prefix)
        o = cp_o_group2(ev, cp_o_rich(ev, ci->prefix, strlen(ci->prefix)), o);
    return o;
}

/* ---- the cluster -------------------------------------------------------------------- */

static bool is_punct_or_space(int32_t c, const void *arg)
{
    (void)arg;
    return c == ',' || c == ';' || c == '.' || c == ':';
}
static bool is_sp(int32_t c, const void *arg)
{
    (void)arg;
    return c == ' ' || c == '\t' || c == '\n';
}

cp_rt *cp_cluster_render(pc_citeproc *cp, size_t ci, cp_arena *a)
{
    const cp_cluster *cl = &cp->clusters[ci];
    cp_out **outs = cp_alloc(a, (cl->n ? cl->n : 1) * sizeof *outs);
    cp_eval ev;
    for (size_t k = 0; k < cl->n; k++)
        outs[k] = eval_cite(cp, &cl->items[k], k == 0, a, &ev);
    cp_eval_init(&ev, cp, a, NULL, &cp->style->citation);
    cp_out *o = cp_collapse(cp, &ev, cl, outs, cl->n);
    cp_rt *r = cp_render(a, &cp->loc, o);
    if (r && cp->style->note) {
        r = cp_rt_drop_lead(a, r, is_punct_or_space, NULL);
        r = cp_rt_drop_lead(a, r, is_sp, NULL);
    }
    return r;
}
