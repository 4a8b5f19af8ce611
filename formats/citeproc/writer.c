/* SPDX-License-Identifier: MIT */
/* writer.c — the machinery the formatted-reference writers share (refs.h):
 * the engine from --style and --locale (a style or locale that cannot be
 * found is an error naming where it was looked for, and the output stays
 * empty), the records, --citations, and the document loop. */
#include "refs.h"
#include "io/format_table.h" /* pc_formats_extra_text */
#include "util/buf.h"

#include <stdlib.h>

typedef struct refs_writer {
    FILE *out;
    pc_ctx *ctx;
    const pc_refs_shape *shape;
    pc_citeproc *cp; /* NULL: the style or locale could not be loaded (reported) */
    bool citations;
} refs_writer;

void *pc_refs_begin(FILE *out, pc_ctx *ctx, const pc_refs_shape *shape)
{
    refs_writer *w = pc_xcalloc(1, sizeof *w);
    w->out = out;
    w->ctx = ctx;
    w->shape = shape;
    w->cp = pc_citeproc_new(ctx->opt.style, ctx->opt.locale, ctx);
    if (w->cp)
        pc_citeproc_set_extra_reader(w->cp, pc_formats_extra_text());
    if (w->cp && ctx->opt.citations) {
        w->citations = pc_refs_cite_file(w->cp, ctx, ctx->opt.citations);
        if (!w->citations) {
            pc_citeproc_free(w->cp);
            w->cp = NULL;
        }
    }
    return w;
}

bool pc_refs_write(void *state, const pc_record *rec)
{
    refs_writer *w = state;
    if (w->cp)
        pc_citeproc_add_copy(w->cp, rec);
    return true; /* without an engine the error is reported once, at the start */
}

static bool write_all(refs_writer *w)
{
    const pc_refs_shape *s = w->shape;
    pc_citeproc *cp = w->cp;
    pc_buf b = PC_BUF_INIT;
    bool ok = s->begin(w->out, cp, w->citations);
    for (size_t i = 0; ok && w->citations && i < pc_citeproc_cluster_count(cp); i++) {
        pc_buf_clear(&b);
        pc_citeproc_cluster(cp, i, s->format, &b);
        ok = s->cluster(w->out, b.ptr);
    }
    if (ok && pc_citeproc_has_bibliography(cp)) {
        ok = s->bib_begin(w->out, cp, w->citations);
        for (size_t i = 0; ok && i < pc_citeproc_bib_count(cp); i++) {
            pc_buf_clear(&b);
            pc_citeproc_bib_entry(cp, i, s->format, &b);
            ok = s->entry(w->out, b.ptr);
        }
    }
    ok = ok && s->end(w->out, cp);
    pc_buf_free(&b);
    return ok;
}

bool pc_refs_end(void *state)
{
    refs_writer *w = state;
    bool ok = w->cp ? write_all(w) : true;
    pc_citeproc_free(w->cp);
    pc_free(w);
    return ok;
}
