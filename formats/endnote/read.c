/* SPDX-License-Identifier: MIT */
/* read.c — the EndNote tagged / refer reader: records out of lines
 * (src/io/tagged.c), their tags through the map.
 *
 * A record starts at a tag line and ends at a blank line, or just before
 * a `%0` line when it has one already (real exports run records together:
 * JabRef splits at every `%0`).  A line that is not a tag line continues
 * the value before it: one more name of a name tag, one more keyword of
 * %K, one more URL of %U, the same value for every other tag (joined with
 * a space).  Lines before the first tag line are a warning.
 *
 * A record with a `%0` line is EndNote's: its type names the kind of
 * work (an unknown type is a generic work, with a warning) and its tags go
 * through EndNote's map; a record without one is refer's: its kind is told
 * by its tags (values.c) and they go through refer's map.  Tags no row
 * knows are kept as pass-through values (noted once per input), which the
 * EndNote and refer writers write back. */
#include "endnote.h"

#include <stdlib.h>

static const pc_tagged_syntax en_syntax = {
    .format = "EndNote",
    .tag = pc_endnote_tag_line,
    .restart = "%0",
    .blank_ends = true,
};

static const char fmt_name[] = "endnote"; /* the pass-through values' format */

/* Names, %+, and LIST rows hold one item a line; the rest is one value. */
static pc_tagged_join en_join(const pc_map_row *row, const char *tag)
{
    if (!strcmp(tag, "%+"))
        return PC_TAGGED_LINES;
    if (!row)
        return PC_TAGGED_FOLD;
    if (row->how == PC_MAP_LIST)
        return PC_TAGGED_LINES;
    const pc_field_info *fi = pc_field_get(row->field);
    return fi && fi->kind == PC_FK_NAME ? PC_TAGGED_LINES : PC_TAGGED_FOLD;
}

static void en_unknown(void *user, const pc_tagged_field *f)
{
    en_reader *r = user;
    unsigned char c = (unsigned char)f->tag[1];
    if (c >= 128 || r->reported[c])
        return;
    r->reported[c] = true;
    pc_diag_emit(r->ctx, PC_SEV_NOTE, r->file, f->line, 1,
                 "unknown EndNote tag %s kept as it is for EndNote output (noted once)", f->tag);
}

void *pc_endnote_read_open(pc_source *src, pc_ctx *ctx)
{
    en_reader *r = pc_xcalloc(1, sizeof *r);
    r->ctx = ctx;
    r->file = pc_source_name(src);
    pc_tagged_init(&r->in, &en_syntax, src, ctx);
    r->endnote_map = pc_map_new(pc_endnote_rows, pc_endnote_n_rows, 0);
    r->refer_map = pc_map_new(pc_refer_rows, pc_refer_n_rows, 0);
    r->apply = (pc_tagged_apply){.family = fmt_name, .join = en_join, .special = pc_endnote_readers,
                                 .n_special = PC_EN_N_HANDLERS,
                                 .unknown = en_unknown, .user = r};
    pc_buf *bufs[] = {&r->year, &r->date8, &r->issued_lit, &r->abstract, &r->note, &r->tmp, &r->apply.val};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        pc_buf_init(bufs[i]);
    return r;
}

void pc_endnote_read_close(void *state)
{
    en_reader *r = state;
    if (!r)
        return;
    pc_tagged_free(&r->in);
    pc_map_free(r->endnote_map);
    pc_map_free(r->refer_map);
    pc_tagged_apply_free(&r->apply);
    pc_buf *bufs[] = {&r->year, &r->date8, &r->issued_lit, &r->abstract, &r->note, &r->tmp};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        pc_buf_free(bufs[i]);
    for (size_t i = 0; i < r->n_addr; i++)
        pc_free(r->addr[i].value);
    pc_strlist_clear(&r->issn);
    pc_strlist_clear(&r->isbn);
    pc_strlist_clear(&r->number);
    pc_free(r->addr);
    pc_free(r);
}

/* The record's kind: its %0 type, or (refer) what its tags say. */
static pc_kind read_type(en_reader *r)
{
    const pc_tagged_field *f = pc_tagged_find(&r->in, "%0");
    r->type = NULL;
    if (!f) {
        bool has[128] = {0};
        for (size_t i = 0; i < r->in.nf; i++)
            if (r->in.f[i].val.len && (unsigned char)r->in.f[i].tag[1] < 128)
                has[(unsigned char)r->in.f[i].tag[1]] = true;
        return pc_refer_kind(has);
    }
    pc_tagged_clean(&r->tmp, f, PC_TAGGED_FOLD);
    r->type = pc_endnote_type_find(r->tmp.ptr, r->tmp.len);
    if (r->type)
        return r->type->kind;
    r->type = pc_endnote_type_of_kind(PC_KIND_OTHER);
    if (r->tmp.len)
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, f->line, f->col,
                     "unknown EndNote type \"%s\"; read as a generic work", r->tmp.ptr);
    else
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, f->line, f->col,
                     "EndNote type line without a type; read as a generic work");
    return PC_KIND_OTHER;
}

pc_read_status pc_endnote_read_next(void *state, pc_record *rec)
{
    en_reader *r = state;
    pc_read_status st = pc_tagged_next(&r->in);
    if (st != PC_READ_RECORD)
        return st;
    rec->src_file = r->file;
    rec->src_line = r->in.start;
    rec->kind = read_type(r);
    r->apply.map = r->type ? r->endnote_map : r->refer_map;
    r->apply.kind = rec->kind;
    pc_endnote_read_start(r, rec);
    pc_tagged_apply_fields(&r->apply, &r->in, 0, rec);
    pc_endnote_read_finish(r, rec);
    return PC_READ_RECORD;
}
