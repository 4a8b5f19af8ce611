/* SPDX-License-Identifier: MIT */
/* engine.c — the CSL processor's API (citeproc.h): an engine made from a
 * style and a locale, the records and clusters it is fed, the processing
 * done once before the first output (citation numbers, sorting,
 * positions, disambiguation), and the formatted output.
 *
 * Locales are merged in CSL's fallback order: the style's <locale> for the
 * exact language (de-AT), for its primary dialect, for the bare language
 * (de), the style's <locale> without a language, then the locale files for
 * the exact language, for its primary dialect (de-DE), and en-US.  A
 * dependent style is followed to its independent parent (keeping its own
 * default-locale).  Ids are found through a hash index, so feeding n
 * records costs O(n). */
#include "citeproc/cp.h"

#include <libxml/tree.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the id index ------------------------------------------------------------ */

typedef struct cp_idmap {
    size_t *slots; /* item index + 1, 0 = empty */
    size_t cap;
} cp_idmap;

static uint64_t hash_str(const char *s)
{
    uint64_t h = 1469598103934665603u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

static void idmap_put(pc_citeproc *cp, size_t idx);

static void idmap_grow(pc_citeproc *cp)
{
    cp_idmap *m = cp->ids;
    m->cap = m->cap ? m->cap * 2 : 64;
    pc_free(m->slots);
    m->slots = pc_xcalloc(m->cap, sizeof *m->slots);
    for (size_t i = 0; i < cp->n_items; i++)
        idmap_put(cp, i);
}

static void idmap_put(pc_citeproc *cp, size_t idx)
{
    cp_idmap *m = cp->ids;
    size_t mask = m->cap - 1, h = (size_t)hash_str(cp->items[idx]->id) & mask;
    while (m->slots[h])
        h = (h + 1) & mask;
    m->slots[h] = idx + 1;
}

size_t cp_item_find(const pc_citeproc *cp, const char *id)
{
    const cp_idmap *m = cp->ids;
    if (!id || !m->cap)
        return SIZE_MAX;
    size_t mask = m->cap - 1, h = (size_t)hash_str(id) & mask;
    while (m->slots[h]) {
        size_t i = m->slots[h] - 1;
        if (strcmp(cp->items[i]->id, id) == 0)
            return i;
        h = (h + 1) & mask;
    }
    return SIZE_MAX;
}

/* ---- files ----------------------------------------------------------------- */

static char *read_file(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    pc_buf b = PC_BUF_INIT;
    char chunk[65536];
    size_t k;
    while ((k = fread(chunk, 1, sizeof chunk, f)) > 0)
        pc_buf_put(&b, chunk, k);
    bool bad = ferror(f);
    fclose(f);
    if (bad) {
        pc_buf_free(&b);
        return NULL;
    }
    *n = b.len;
    return pc_buf_detach(&b);
}

/* Reports "NAME:LINE: message" from the parsers as a diagnostic. */
static void report(pc_ctx *ctx, const char *file, const pc_buf *err)
{
    const char *s = err->ptr;
    size_t fl = strlen(file);
    unsigned long line = 0;
    if (strncmp(s, file, fl) == 0 && s[fl] == ':') {
        char *end;
        line = strtoul(s + fl + 1, &end, 10);
        if (*end == ':') {
            s = end + 1;
            while (*s == ' ')
                s++;
        }
    }
    pc_diag_emit(ctx, PC_SEV_ERROR, file, line, 0, "%s", s);
}

/* ---- styles ---------------------------------------------------------------- */

static cp_style *load_style(const char *spec, pc_ctx *ctx, int depth)
{
    if (!spec) {
        pc_buf err = PC_BUF_INIT;
        cp_style *st = cp_style_parse(cp_default_style, strlen(cp_default_style), "(built-in style)", &err);
        if (!st)
            report(ctx, "(built-in style)", &err);
        pc_buf_free(&err);
        return st;
    }
    const char *p = spec; /* style text starts with '<' after spaces and a byte-order mark */
    if (!strncmp(p, "\xEF\xBB\xBF", 3))
        p += 3;
    while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
        p++;
    pc_buf err = PC_BUF_INIT;
    cp_style *st = NULL;
    char *path = NULL, *xml = NULL;
    size_t n = 0;
    const char *name = "<style>";
    if (*p == '<') {
        xml = pc_xstrdup(spec);
        n = strlen(xml);
    } else {
        pc_buf looked = PC_BUF_INIT;
        path = pc_citeproc_find_style(spec, &looked);
        if (!path) {
            pc_diag_emit(ctx, PC_SEV_ERROR, NULL, 0, 0,
                         "style \"%.100s%s\" not found (looked in %s; Debian packages it in "
                         "citation-style-language-styles)",
                         spec, strlen(spec) > 100 ? "..." : "", looked.len ? looked.ptr : "no directory");
            pc_buf_free(&looked);
            return NULL;
        }
        pc_buf_free(&looked);
        name = path;
        xml = read_file(path, &n);
        if (!xml) {
            pc_diag_emit(ctx, PC_SEV_ERROR, path, 0, 0, "cannot read the style");
            pc_free(path);
            return NULL;
        }
    }
    st = cp_style_parse(xml, n, name, &err);
    if (!st)
        report(ctx, name, &err);
    pc_free(xml);
    if (st && st->parent) {
        if (depth > 3) {
            pc_diag_emit(ctx, PC_SEV_ERROR, name, 0, 0, "dependent styles nested too deep");
            cp_style_free(st);
            st = NULL;
        } else {
            const char *slash = strrchr(st->parent, '/');
            char *parent_name = pc_xstrdup(slash ? slash + 1 : st->parent);
            cp_style *parent = load_style(parent_name, ctx, depth + 1);
            if (!parent) /* the parent's own message came first */
                pc_diag_emit(ctx, PC_SEV_ERROR, name, 0, 0,
                             "a dependent style: its parent \"%s\" (%s) could not be loaded", parent_name,
                             st->parent);
            pc_free(parent_name);
            if (parent && st->default_locale && !parent->default_locale)
                parent->default_locale = cp_strdup(&parent->a, st->default_locale);
            cp_style_free(st);
            st = parent;
        }
    }
    pc_free(path);
    pc_buf_free(&err);
    return st;
}

/* ---- locales ---------------------------------------------------------------- */

static const char *const primary_dialects[][2] = {
    {"af", "af-ZA"}, {"ar", "ar"},    {"bg", "bg-BG"}, {"ca", "ca-AD"}, {"cs", "cs-CZ"}, {"cy", "cy-GB"},
    {"da", "da-DK"}, {"de", "de-DE"}, {"el", "el-GR"}, {"en", "en-US"}, {"es", "es-ES"}, {"et", "et-EE"},
    {"eu", "eu"},    {"fa", "fa-IR"}, {"fi", "fi-FI"}, {"fr", "fr-FR"}, {"he", "he-IL"}, {"hi", "hi-IN"},
    {"hr", "hr-HR"}, {"hu", "hu-HU"}, {"id", "id-ID"}, {"is", "is-IS"}, {"it", "it-IT"}, {"ja", "ja-JP"},
    {"km", "km-KH"}, {"ko", "ko-KR"}, {"la", "la"},    {"lt", "lt-LT"}, {"lv", "lv-LV"}, {"mn", "mn-MN"},
    {"nb", "nb-NO"}, {"nl", "nl-NL"}, {"nn", "nn-NO"}, {"pl", "pl-PL"}, {"pt", "pt-PT"}, {"ro", "ro-RO"},
    {"ru", "ru-RU"}, {"sk", "sk-SK"}, {"sl", "sl-SI"}, {"sr", "sr-RS"}, {"sv", "sv-SE"}, {"th", "th-TH"},
    {"tr", "tr-TR"}, {"uk", "uk-UA"}, {"vi", "vi-VN"}, {"zh", "zh-CN"},
};

static void base_lang(const char *lang, char *out, size_t n)
{
    size_t k = 0;
    while (lang[k] && lang[k] != '-' && lang[k] != '_' && k + 1 < n) {
        out[k] = lang[k];
        k++;
    }
    out[k] = '\0';
}

static const char *primary_of(const char *base)
{
    for (size_t i = 0; i < sizeof primary_dialects / sizeof *primary_dialects; i++)
        if (strcmp(primary_dialects[i][0], base) == 0)
            return primary_dialects[i][1];
    return NULL;
}

/* Loads locales-LANG.xml into the engine's list; false when there is none. */
static bool load_locale_file(pc_citeproc *cp, const char *lang, pc_buf *looked)
{
    for (size_t i = 0; i < cp->n_file_locs; i++)
        if (cp->file_locs[i].lang && strcmp(cp->file_locs[i].lang, lang) == 0)
            return true;
    char *path = pc_citeproc_find_locale(lang, looked);
    if (!path)
        return false;
    size_t n;
    char *xml = read_file(path, &n);
    pc_buf err = PC_BUF_INIT;
    xmlDocPtr doc = xml ? cp_xml_read(xml, n, path, &err) : NULL;
    bool ok = false;
    if (doc) {
        xmlNodePtr root = xmlDocGetRootElement(doc);
        cp->file_locs = pc_xrealloc(cp->file_locs, (cp->n_file_locs + 1) * sizeof *cp->file_locs);
        cp_locsrc *src = &cp->file_locs[cp->n_file_locs];
        if (root && strcmp((const char *)root->name, "locale") == 0 && cp_locsrc_parse(&cp->la, root, src, &err)) {
            if (!src->lang)
                src->lang = cp_strdup(&cp->la, lang);
            cp->n_file_locs++;
            ok = true;
        } else if (!err.len) {
            pc_buf_printf(&err, "%s:1: not a CSL locale", path);
        }
        xmlFreeDoc(doc);
    }
    if (!ok)
        pc_diag_emit(cp->ctx, PC_SEV_WARNING, path, 0, 0, "%s; locale skipped", err.len ? err.ptr : "cannot read it");
    pc_buf_free(&err);
    pc_free(xml);
    pc_free(path);
    return ok;
}

static bool lang_eq(const char *a, const char *b)
{
    return a && b && pc_strcasecmp(a, b) == 0;
}

/* `explicit`: the caller asked for lang (a missing one is an error), else
 * it is the style's default-locale (a missing one falls back to en-US with
 * a warning). */
static bool setup_locale(pc_citeproc *cp, const char *lang, bool explicit)
{
    cp_style *st = cp->style;
    char base[16];
    base_lang(lang, base, sizeof base);
    const char *prim = primary_of(base);
    const cp_locsrc *srcs[64];
    size_t n = 0;
    /* the style's own */
    const char *want[3] = {lang, prim, base};
    for (int w = 0; w < 3; w++)
        for (size_t i = 0; i < st->n_locales && n < 32; i++)
            if (want[w] && lang_eq(st->locales[i].lang, want[w]) && (w == 0 || !lang_eq(want[w], lang)))
                srcs[n++] = &st->locales[i];
    for (size_t i = 0; i < st->n_locales && n < 40; i++)
        if (!st->locales[i].lang)
            srcs[n++] = &st->locales[i];
    /* the files */
    pc_buf looked = PC_BUF_INIT;
    bool got = load_locale_file(cp, lang, &looked);
    if (prim && strcmp(prim, lang) != 0)
        got |= load_locale_file(cp, prim, &looked);
    if (!got && strcmp(lang, "en-US") != 0) {
        bool own = false; /* the style's own <locale> for the language is enough */
        for (size_t i = 0; i < st->n_locales; i++)
            own |= st->locales[i].lang && (lang_eq(st->locales[i].lang, lang) || lang_eq(st->locales[i].lang, base));
        if (explicit && !own) {
            pc_diag_emit(cp->ctx, PC_SEV_ERROR, NULL, 0, 0,
                         "locale \"%s\" not found (looked for locales-%s.xml%s%s in %s; Debian packages "
                         "them in citation-style-language-locales)",
                         lang, lang, prim ? " and locales-" : "", prim ? prim : "",
                         looked.len ? looked.ptr : "no directory");
            pc_buf_free(&looked);
            return false;
        }
        if (!own)
            pc_diag_emit(cp->ctx, PC_SEV_WARNING, NULL, 0, 0,
                         "the style's locale \"%s\" is not installed; en-US is used", lang);
    }
    if (strcmp(lang, "en-US") != 0)
        load_locale_file(cp, "en-US", &looked);
    if (!cp->n_file_locs) {
        pc_diag_emit(cp->ctx, PC_SEV_ERROR, NULL, 0, 0,
                     "locale \"%s\" not found, nor en-US (looked in %s; Debian packages them in "
                     "citation-style-language-locales)",
                     lang, looked.len ? looked.ptr : "no directory");
        pc_buf_free(&looked);
        return false;
    }
    pc_buf_free(&looked);
    for (size_t i = 0; i < cp->n_file_locs && n < 64; i++)
        srcs[n++] = &cp->file_locs[i];
    cp_locale_merge(&cp->la, srcs, n, &cp->loc);
    cp->loc.lang = cp_strdup(&cp->la, lang);
    return true;
}

/* ---- the engine -------------------------------------------------------------- */

pc_citeproc *pc_citeproc_new(const char *style, const char *locale, pc_ctx *ctx)
{
    cp_style *st = load_style(style, ctx, 0);
    if (!st)
        return NULL;
    pc_citeproc *cp = pc_xcalloc(1, sizeof *cp);
    cp->style = st;
    cp->ctx = ctx;
    cp->ids = pc_xcalloc(1, sizeof *cp->ids);
    cp->tmp = (pc_buf)PC_BUF_INIT;
    cp->tmp2 = (pc_buf)PC_BUF_INIT;
    cp->extra_buf = (pc_buf)PC_BUF_INIT;
    bool explicit = locale && *locale;
    const char *lang = explicit ? locale : st->default_locale ? st->default_locale : "en-US";
    if (!setup_locale(cp, lang, explicit)) {
        pc_citeproc_free(cp);
        return NULL;
    }
    return cp;
}

void pc_citeproc_set_extra_reader(pc_citeproc *cp, pc_citeproc_extra_fn fn) { cp->extra_text = fn; }

void pc_citeproc_free(pc_citeproc *cp)
{
    if (!cp)
        return;
    for (size_t i = 0; i < cp->n_items; i++) {
        cp_rec_free(cp->items[i]->rec);
        pc_free(cp->items[i]->hints);
        pc_free(cp->items[i]->cite_text);
        pc_free(cp->items[i]);
    }
    pc_free(cp->items);
    if (cp->ids)
        pc_free(cp->ids->slots);
    pc_free(cp->ids);
    for (size_t i = 0; i < cp->n_clusters; i++) {
        cp_cluster *c = &cp->clusters[i];
        for (size_t k = 0; k < c->n; k++) {
            pc_free((char *)c->items[k].id);
            pc_free((char *)c->items[k].locator);
            pc_free((char *)c->items[k].label);
            pc_free((char *)c->items[k].prefix);
            pc_free((char *)c->items[k].suffix);
        }
        pc_free(c->items);
        pc_free(c->prefix);
        pc_free(c->suffix);
    }
    pc_free(cp->clusters);
    pc_free(cp->bib_order);
    pc_free(cp->file_locs);
    cp_arena_free(&cp->la);
    cp_arena_free(&cp->scratch);
    cp_arena_free(&cp->keys);
    pc_buf_free(&cp->tmp);
    pc_buf_free(&cp->tmp2);
    pc_buf_free(&cp->extra_buf);
    cp_style_free(cp->style);
    pc_free(cp);
}

/* Adds r (owned now); file: where it was read, for the message of a
 * second id (valid during the call only). */
static void add_record(pc_citeproc *cp, pc_record *r, const char *file)
{
    if (!cp_rec_key(r)) {
        char b[32];
        snprintf(b, sizeof b, "item-%zu", cp->n_items + 1);
        cp_rec_set_key(r, b);
    }
    size_t old = cp_item_find(cp, cp_rec_key(r));
    if (old != SIZE_MAX) { /* the later record wins, as in citeproc-js; said */
        pc_diag_emit(cp->ctx, PC_SEV_WARNING, file, file ? r->src_line : 0, 0,
                     "a second item with id \"%s\": it replaces the first", cp_rec_key(r));
        cp_rec_free(cp->items[old]->rec);
        cp->items[old]->rec = r;
        cp->items[old]->id = cp_rec_key(r);
        cp->processed = false;
        return;
    }
    if (cp->n_items == cp->cap_items) {
        cp->cap_items = cp->cap_items ? cp->cap_items * 2 : 64;
        cp->items = pc_xrealloc(cp->items, cp->cap_items * sizeof *cp->items);
    }
    cp_item *it = pc_xcalloc(1, sizeof *it);
    it->rec = r;
    it->id = cp_rec_key(r);
    it->index = cp->n_items;
    cp->items[cp->n_items++] = it;
    if ((cp->n_items + 1) * 2 > cp->ids->cap)
        idmap_grow(cp); /* re-inserts every item, the new one too */
    else
        idmap_put(cp, cp->n_items - 1);
    cp->processed = false;
}

void pc_citeproc_add(pc_citeproc *cp, pc_record *rec)
{
    const char *file = rec->src_file;
    add_record(cp, cp_rec_take(rec), file);
}

void pc_citeproc_add_copy(pc_citeproc *cp, const pc_record *rec)
{
    add_record(cp, cp_rec_copy(rec), rec->src_file);
}

static char *dup_or_null(const char *s)
{
    return s && *s ? pc_xstrdup(s) : NULL;
}

void pc_citeproc_cite(pc_citeproc *cp, const pc_citeproc_item *items, size_t n, int note)
{
    if (cp->n_clusters == cp->cap_clusters) {
        cp->cap_clusters = cp->cap_clusters ? cp->cap_clusters * 2 : 16;
        cp->clusters = pc_xrealloc(cp->clusters, cp->cap_clusters * sizeof *cp->clusters);
    }
    cp_cluster *c = &cp->clusters[cp->n_clusters++];
    memset(c, 0, sizeof *c);
    c->note = note;
    c->items = pc_xcalloc(n ? n : 1, sizeof *c->items);
    c->n = n;
    for (size_t i = 0; i < n; i++) {
        cp_citeitem *ci = &c->items[i];
        ci->id = pc_xstrdup(items[i].id ? items[i].id : "");
        ci->locator = dup_or_null(items[i].locator);
        ci->label = dup_or_null(items[i].label);
        ci->prefix = dup_or_null(items[i].prefix);
        ci->suffix = dup_or_null(items[i].suffix);
        ci->suppress_author = items[i].suppress_author;
        ci->author_only = items[i].author_only;
        ci->item = SIZE_MAX;
    }
    cp->processed = false;
}

size_t pc_citeproc_count(const pc_citeproc *cp) { return cp->n_items; }
size_t pc_citeproc_cluster_count(const pc_citeproc *cp) { return cp->n_clusters; }
bool pc_citeproc_has_bibliography(const pc_citeproc *cp) { return cp->style->bibliography.present; }
bool pc_citeproc_hanging_indent(const pc_citeproc *cp) { return cp->style->hanging_indent; }
int pc_citeproc_second_field_align(const pc_citeproc *cp) { return cp->style->second_field_align; }

size_t pc_citeproc_bib_count(pc_citeproc *cp)
{
    cp_process(cp);
    return cp->style->bibliography.present ? cp->n_items : 0;
}

const char *pc_citeproc_bib_id(pc_citeproc *cp, size_t i)
{
    cp_process(cp);
    return i < cp->n_items ? cp->items[cp->bib_order[i]]->id : NULL;
}

/* ---- processing --------------------------------------------------------------- */

static bool is_space_cp(int32_t c) { return c == ' '; }

void cp_finish(pc_citeproc *cp, cp_rt **r, cp_arena *a)
{
    if (!*r)
        return;
    if (cp->loc.punct_in_quote)
        *r = cp_punct_in_quote(a, *r);
    (void)is_space_cp;
}

/* Citation numbers: the bibliography's order when it sorts, else the
 * order of the input. */
static void number_items(pc_citeproc *cp)
{
    pc_free(cp->bib_order);
    cp->bib_order = pc_xmalloc((cp->n_items ? cp->n_items : 1) * sizeof *cp->bib_order);
    for (size_t i = 0; i < cp->n_items; i++) {
        cp->bib_order[i] = i;
        cp->items[i]->citation_number = (int)i + 1;
    }
    const cp_layout *bib = &cp->style->bibliography;
    if (!bib->present || !bib->n_keys)
        return;
    cp_sort_items(cp, bib, cp->bib_order, cp->n_items, true);
    const cp_sortkey *k0 = &bib->keys[0];
    bool reverse = k0->desc && k0->var == PC_F_CITATION_NUMBER;
    for (size_t i = 0; i < cp->n_items; i++)
        cp->items[cp->bib_order[i]]->citation_number = reverse ? (int)(cp->n_items - i) : (int)i + 1;
}

/* The order year suffixes follow: the bibliography's when it sorts, else
 * that of first citation, then the uncited items in input order. */
static void set_order(pc_citeproc *cp)
{
    long k = 0;
    for (size_t i = 0; i < cp->n_items; i++)
        cp->items[i]->order = -1;
    if (cp->style->bibliography.present && cp->style->bibliography.n_keys) {
        for (size_t i = 0; i < cp->n_items; i++)
            cp->items[cp->bib_order[i]]->order = (long)i;
        return;
    }
    for (size_t c = 0; c < cp->n_clusters; c++)
        for (size_t j = 0; j < cp->clusters[c].n; j++) {
            size_t it = cp->clusters[c].items[j].item;
            if (it != SIZE_MAX && cp->items[it]->order < 0)
                cp->items[it]->order = k++;
        }
    for (size_t i = 0; i < cp->n_items; i++)
        if (cp->items[i]->order < 0)
            cp->items[i]->order = k++;
}

void cp_process(pc_citeproc *cp)
{
    if (cp->processed)
        return;
    cp->processed = true;
    for (size_t c = 0; c < cp->n_clusters; c++)
        for (size_t k = 0; k < cp->clusters[c].n; k++) {
            cp_citeitem *ci = &cp->clusters[c].items[k];
            ci->item = cp_item_find(cp, ci->id);
            if (ci->item != SIZE_MAX)
                cp->items[ci->item]->cited = true;
        }
    number_items(cp);
    set_order(cp);
    cp_sort_clusters(cp);
    cp_positions(cp);
    cp_disambiguate(cp);
    cp_bib_prepare(cp);
}

/* ---- output ---------------------------------------------------------------------- */

void pc_citeproc_cluster(pc_citeproc *cp, size_t i, pc_citeproc_format fmt, pc_buf *out)
{
    cp_process(cp);
    if (i >= cp->n_clusters)
        return;
    cp_arena_reset(&cp->scratch);
    cp_rt *r = cp_cluster_render(cp, i, &cp->scratch);
    cp_finish(cp, &r, &cp->scratch);
    cp_emit(r, fmt, &cp->loc, out);
}

void pc_citeproc_bib_entry(pc_citeproc *cp, size_t i, pc_citeproc_format fmt, pc_buf *out)
{
    cp_process(cp);
    if (i >= cp->n_items || !cp->style->bibliography.present)
        return;
    cp_arena_reset(&cp->scratch);
    cp_rt *r = cp_bib_entry_render(cp, i, &cp->scratch);
    cp_finish(cp, &r, &cp->scratch);
    cp_emit(r, fmt, &cp->loc, out);
}
