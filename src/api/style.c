/* SPDX-License-Identifier: MIT */
/* style.c — paperconv.h's formatted references (pc_style_*): the public face of
 * the CSL processor (src/citeproc/citeproc.h), on a converter's context.
 * The engine owns its copies of records and cites; the strings it returns
 * are the caller's. */
#include "api/api.h"
#include "citeproc/citeproc.h"

#include <string.h>

struct pc_style {
    pc_citeproc *cp;
    pc_ctx *own_ctx;          /* a converter of its own when none was given */
    pc_citeproc_item *cites;  /* the cluster being made (strings owned) */
    size_t n_cites, cap_cites;
};

/* s is NULL or UTF-8 text the engine can take. */
static bool text_ok(const char *s) { return !s || pc_api_utf8(s, strlen(s)); }

pc_style *pc_style_new(pc_converter *c, const char *style, const char *locale)
{
    pc_ctx *own;
    pc_ctx *ctx = pc_api_ctx(c, &own);
    if (!ctx)
        return NULL;
    pc_style *e = NULL;
    if (!text_ok(style) || !text_ok(locale)) {
        pc_ctx_refuse(ctx, PC_ERR_USAGE, "a style or locale name that is not UTF-8 text");
    } else if ((e = pc_try_calloc(sizeof *e)) != NULL && (e->cp = pc_citeproc_new(style, locale, ctx)) != NULL) {
        /* CSL-JSON's pass-through values are raw JSON: its format reads them */
        pc_citeproc_set_extra_reader(e->cp, pc_formats_extra_text());
        e->own_ctx = own;
        return e;
    }
    pc_free(e);
    pc_converter_free(own);
    return NULL;
}

/* Frees the cites of the cluster being made. */
static void drop_cites(pc_style *e)
{
    for (size_t i = 0; i < e->n_cites; i++) {
        pc_citeproc_item *c = &e->cites[i];
        pc_free((char *)c->id);
        pc_free((char *)c->locator);
        pc_free((char *)c->label);
        pc_free((char *)c->prefix);
        pc_free((char *)c->suffix);
    }
    e->n_cites = 0;
}

void pc_style_free(pc_style *e)
{
    if (!e)
        return;
    drop_cites(e);
    pc_free(e->cites);
    pc_citeproc_free(e->cp);
    pc_converter_free(e->own_ctx);
    pc_free(e);
}

pc_status pc_style_add(pc_style *e, const pc_record *rec)
{
    if (!e || !rec)
        return PC_ERR_USAGE;
    pc_citeproc_add_copy(e->cp, rec);
    return PC_OK;
}

pc_status pc_style_cite(pc_style *e, const char *id, const char *locator, const char *label,
                        const char *prefix, const char *suffix, unsigned flags)
{
    if (!e || !id || !text_ok(id) || !text_ok(locator) || !text_ok(label) || !text_ok(prefix) ||
        !text_ok(suffix))
        return PC_ERR_USAGE;
    PC_GROW(e->cites, e->cap_cites, e->n_cites + 1);
    e->cites[e->n_cites++] = (pc_citeproc_item){.id = pc_xstrdup(id),
                                                .locator = pc_xstrdup(locator),
                                                .label = pc_xstrdup(label),
                                                .prefix = pc_xstrdup(prefix),
                                                .suffix = pc_xstrdup(suffix),
                                                .suppress_author = flags & PC_STYLE_SUPPRESS_AUTHOR,
                                                .author_only = flags & PC_STYLE_AUTHOR_ONLY};
    return PC_OK;
}

pc_status pc_style_end_cluster(pc_style *e, int note)
{
    if (!e || !e->n_cites)
        return PC_ERR_USAGE;
    pc_citeproc_cite(e->cp, e->cites, e->n_cites, note); /* copies the strings */
    drop_cites(e);
    return PC_OK;
}

size_t pc_style_count(const pc_style *e) { return e ? pc_citeproc_count(e->cp) : 0; }
size_t pc_style_cluster_count(const pc_style *e) { return e ? pc_citeproc_cluster_count(e->cp) : 0; }
bool pc_style_has_bibliography(const pc_style *e) { return e && pc_citeproc_has_bibliography(e->cp); }
size_t pc_style_bib_count(pc_style *e) { return e ? pc_citeproc_bib_count(e->cp) : 0; }

/* The engine's formats, in pc_style_format's order; -1 for another value. */
static int engine_format(pc_style_format fmt)
{
    static const pc_citeproc_format formats[] = {
        [PC_STYLE_HTML] = PC_CITEPROC_HTML,
        [PC_STYLE_TEXT] = PC_CITEPROC_TEXT,
        [PC_STYLE_MARKDOWN] = PC_CITEPROC_MARKDOWN,
        [PC_STYLE_LATEX] = PC_CITEPROC_LATEX,
    };
    return (unsigned)fmt < sizeof formats / sizeof *formats ? (int)formats[fmt] : -1;
}

char *pc_style_cluster(pc_style *e, size_t i, pc_style_format fmt)
{
    int f = engine_format(fmt);
    if (!e || f < 0 || i >= pc_citeproc_cluster_count(e->cp))
        return NULL;
    pc_buf b = PC_BUF_INIT;
    pc_citeproc_cluster(e->cp, i, (pc_citeproc_format)f, &b);
    return pc_buf_detach(&b);
}

char *pc_style_bib_entry(pc_style *e, size_t i, pc_style_format fmt)
{
    int f = engine_format(fmt);
    if (!e || f < 0 || i >= pc_citeproc_bib_count(e->cp))
        return NULL;
    pc_buf b = PC_BUF_INIT;
    pc_citeproc_bib_entry(e->cp, i, (pc_citeproc_format)f, &b);
    return pc_buf_detach(&b);
}

const char *pc_style_bib_id(pc_style *e, size_t i)
{
    return e && i < pc_citeproc_bib_count(e->cp) ? pc_citeproc_bib_id(e->cp, i) : NULL;
}
