/* SPDX-License-Identifier: MIT */
/* read.c — the Web of Science reader: records out of lines
 * (src/io/tagged.c), their tags through the map.
 *
 * FN, VR and EF are file headers (also "EFFN ...", files joined without a
 * line break); a record runs from PT to ER (one without its ER ends at the
 * next PT or header, with a warning).  A line indented by three spaces
 * continues the value before it: one more value of the tags that hold one
 * a line (AU, AF, C1, CR, ...: map.c), the same value for the others
 * (joined with a space).  PT, with the first DT, tells the kind; every tag
 * no row knows is kept as a pass-through value (noted once per input),
 * which the writer writes back. */
#include "wos.h"

#include <stdlib.h>

static const char *const wos_headers[] = {"FN", "VR", "EF", NULL};

static const pc_tagged_syntax wos_syntax = {
    .format = "Web of Science",
    .tag = pc_wos_tag_line,
    .restart = "PT",
    .end = "ER",
    .headers = wos_headers,
    .blank_ends = false,
};

static const char fmt_name[] = "isi"; /* the pass-through values' format */

static pc_tagged_join wos_join(const pc_map_row *row, const char *tag)
{
    (void)row;
    return pc_wos_per_line(tag) ? PC_TAGGED_LINES : PC_TAGGED_FOLD;
}

static void wos_unknown(void *user, const pc_tagged_field *f)
{
    wos_reader *r = user;
    if (!pc_strlist_add_unique(&r->reported, f->tag, f->tag_len))
        return;
    pc_diag_emit(r->ctx, PC_SEV_NOTE, r->file, f->line, 1,
                 "unknown Web of Science tag %s kept as it is for Web of Science output (noted once)", f->tag);
}

void *pc_wos_read_open(pc_source *src, pc_ctx *ctx)
{
    wos_reader *r = pc_xcalloc(1, sizeof *r);
    r->ctx = ctx;
    r->file = pc_source_name(src);
    pc_tagged_init(&r->in, &wos_syntax, src, ctx);
    r->map = pc_map_new(pc_wos_rows, pc_wos_n_rows, 0);
    r->apply = (pc_tagged_apply){.family = fmt_name, .map = r->map, .join = wos_join,
                                 .special = pc_wos_readers,
                                 .n_special = PC_WOS_N_HANDLERS, .unknown = wos_unknown, .user = r};
    pc_buf *bufs[] = {&r->short_names, &r->groups, &r->bp, &r->ep, &r->ps, &r->pd, &r->py, &r->py_lit, &r->j9,
                      &r->tmp, &r->apply.val};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        pc_buf_init(bufs[i]);
    return r;
}

void pc_wos_read_close(void *state)
{
    wos_reader *r = state;
    if (!r)
        return;
    pc_tagged_free(&r->in);
    pc_map_free(r->map);
    pc_tagged_apply_free(&r->apply);
    pc_buf *bufs[] = {&r->short_names, &r->groups, &r->bp, &r->ep, &r->ps, &r->pd, &r->py, &r->py_lit, &r->j9, &r->tmp};
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++)
        pc_buf_free(bufs[i]);
    pc_strlist_clear(&r->issn);
    pc_strlist_clear(&r->reported);
    pc_free(r->c1);
    pc_free(r->oi);
    pc_free(r);
}

/* The kind from PT and the first DT; an unknown PT is a journal article,
 * with a warning. */
static pc_kind read_type(wos_reader *r)
{
    const pc_tagged_field *pt = pc_tagged_find(&r->in, "PT");
    r->dt = pc_tagged_find(&r->in, "DT");
    pc_buf_clear(&r->tmp);
    if (pt)
        pc_tagged_clean(&r->tmp, pt, PC_TAGGED_FOLD);
    const char *dt = r->dt ? r->dt->val.ptr : "";
    size_t dtn = r->dt ? r->dt->val.len : 0;
    bool known;
    pc_kind k = pc_wos_kind(r->tmp.ptr, r->tmp.len, dt, dtn, &known);
    if (!known && pt)
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, pt->line, pt->col,
                     "unknown Web of Science type \"PT %s\"; read as a journal article", r->tmp.ptr);
    const char *wpt, *wdt;
    pc_kind back;
    pc_wos_type_of_kind(k, &wpt, &wdt, &back);
    r->dt_is_written = r->dt && back == k && strlen(wdt) == dtn && !memcmp(wdt, dt, dtn);
    return k;
}

pc_read_status pc_wos_read_next(void *state, pc_record *rec)
{
    wos_reader *r = state;
    pc_read_status st = pc_tagged_next(&r->in);
    if (st != PC_READ_RECORD)
        return st;
    rec->src_file = r->file;
    rec->src_line = r->in.start;
    rec->kind = read_type(r);
    r->apply.kind = rec->kind;
    pc_wos_read_start(r, rec);
    pc_tagged_apply_fields(&r->apply, &r->in, 0, rec);
    pc_wos_read_finish(r, rec);
    return PC_READ_RECORD;
}
