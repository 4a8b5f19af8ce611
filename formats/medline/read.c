/* SPDX-License-Identifier: MIT */
/* read.c — the MEDLINE / PubMed reader: records out of lines
 * (src/io/tagged.c), their tags through the map.
 *
 * A record starts at a tag line and ends at a blank line, or just before
 * a PMID line when it has one already.  A line indented by spaces (six in
 * PubMed's output, which leaves a space at the end of the line it breaks)
 * continues the value before it, joined with one space; text between
 * records is a warning ("This line should be omitted" in JabRef's tests).
 * The first PT that names a kind of work decides the record's kind (a
 * journal article when none does); each tag goes through the map, and a
 * tag no row knows is kept as a pass-through value (noted once per input),
 * which the writer writes back. */
#include "medline.h"

#include <stdlib.h>

static const pc_tagged_syntax md_syntax = {
    .format = "MEDLINE",
    .tag = pc_medline_tag_line,
    .restart = "PMID",
    .blank_ends = true,
};

static const char fmt_name[] = "nbib"; /* the pass-through values' format */

static void md_unknown(void *user, const pc_tagged_field *f)
{
    md_reader *r = user;
    if (!pc_strlist_add_unique(&r->reported, f->tag, f->tag_len))
        return;
    pc_diag_emit(r->ctx, PC_SEV_NOTE, r->file, f->line, 1,
                 "unknown MEDLINE tag %s kept as it is for MEDLINE output (noted once)", f->tag);
}

void *pc_medline_read_open(pc_source *src, pc_ctx *ctx)
{
    md_reader *r = pc_xcalloc(1, sizeof *r);
    r->ctx = ctx;
    r->file = pc_source_name(src);
    pc_tagged_init(&r->in, &md_syntax, src, ctx);
    r->map = pc_map_new(pc_medline_rows, pc_medline_n_rows, 0);
    r->apply = (pc_tagged_apply){.family = fmt_name, .map = r->map, .special = pc_medline_readers,
                                 .n_special = PC_MD_N_HANDLERS,
                                 .unknown = md_unknown, .user = r};
    pc_buf *bufs[] = {&r->title, &r->abstract, &r->note, &r->tmp, &r->pii, &r->apply.val};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        pc_buf_init(bufs[i]);
    return r;
}

void pc_medline_read_close(void *state)
{
    md_reader *r = state;
    if (!r)
        return;
    pc_tagged_free(&r->in);
    pc_map_free(r->map);
    pc_tagged_apply_free(&r->apply);
    pc_buf *bufs[] = {&r->title, &r->abstract, &r->note, &r->tmp, &r->pii};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        pc_buf_free(bufs[i]);
    pc_strlist_clear(&r->issn);
    pc_strlist_clear(&r->isbn);
    pc_strlist_clear(&r->reported);
    pc_free(r);
}

/* The record's kind: the first PT that names one (a fallback type only
 * when no other does); a journal article when none does. */
static pc_kind read_type(md_reader *r)
{
    r->type = NULL;
    r->type_f = NULL;
    for (size_t i = 0; i < r->in.nf; i++) {
        const pc_tagged_field *f = &r->in.f[i];
        if (!pc_tagged_is(f, "PT"))
            continue;
        pc_tagged_clean(&r->tmp, f, PC_TAGGED_FOLD);
        const pc_medline_type *t = pc_medline_type_find(r->tmp.ptr, r->tmp.len);
        if (t && (!r->type || (r->type->fallback && !t->fallback))) {
            r->type = t;
            r->type_f = f;
        }
    }
    return r->type ? r->type->kind : PC_KIND_ARTICLE;
}

pc_read_status pc_medline_read_next(void *state, pc_record *rec)
{
    md_reader *r = state;
    pc_read_status st = pc_tagged_next(&r->in);
    if (st != PC_READ_RECORD)
        return st;
    rec->src_file = r->file;
    rec->src_line = r->in.start;
    rec->kind = read_type(r);
    r->apply.kind = rec->kind;
    pc_medline_read_start(r, rec);
    pc_tagged_apply_fields(&r->apply, &r->in, 0, rec);
    pc_medline_read_finish(r, rec);
    return PC_READ_RECORD;
}
