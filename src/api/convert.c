/* SPDX-License-Identifier: MIT */
/* convert.c — paperconv.h's conversions: pc_convert (files, by path,
 * into a writer) and pc_convert_buffer (memory to memory, in one call), both
 * through the driver (src/io/convert.c). */
#include "api/api.h"
#include "io/source.h"

pc_status pc_convert(pc_writer *w, const char *const *paths, size_t n_paths, const pc_format *from)
{
    if (!w || w->finished)
        return pc_ctx_refuse(w ? w->ctx : NULL, PC_ERR_USAGE,
                             w ? "the writer is finished" : "no writer (NULL)");
    if (n_paths && !paths)
        return pc_ctx_refuse(w->ctx, PC_ERR_USAGE, "no paths (NULL, with a count)");
    for (size_t i = 0; i < n_paths; i++)
        if (!paths[i])
            return pc_ctx_refuse(w->ctx, PC_ERR_USAGE, "path %zu is NULL", i);
    if (from && !from->read_open)
        return pc_ctx_refuse(w->ctx, PC_ERR_USAGE, "format %s cannot be read", from->name);
    if (w->failed)
        return PC_ERR_IO;
    pc_input_spec *specs = n_paths ? pc_xcalloc(n_paths, sizeof *specs) : NULL;
    for (size_t i = 0; i < n_paths; i++)
        specs[i].path = paths[i];
    pc_status st = pc_drive(w->ctx, specs, n_paths, from, w->fmt, w->state, &w->since);
    pc_free(specs);
    if (st == PC_ERR_IO)
        w->failed = true;
    return st;
}

/* The format named `name` that can read (want_reader) or write; NULL
 * after saying why not. */
static const pc_format *named_format(pc_ctx *ctx, const char *name, bool want_reader)
{
    const pc_format *f = want_reader ? pc_format_find_reader(name) : pc_format_find(name);
    if (!f)
        pc_ctx_refuse(ctx, PC_ERR_USAGE, "unknown format '%s'", name);
    else if (want_reader ? !f->read_open : !f->write_begin)
        pc_ctx_refuse(ctx, PC_ERR_USAGE, "format %s cannot be %s", f->name, want_reader ? "read" : "written");
    else
        return f;
    return NULL;
}

/* The worse of two statuses: the output's failure, then the input's. */
static pc_status worse(pc_status a, pc_status b)
{
    if (a == PC_ERR_IO || b == PC_ERR_IO)
        return PC_ERR_IO;
    return a != PC_OK ? a : b;
}

pc_status pc_convert_buffer(pc_converter *c, const char *from, const char *to, const void *in,
                            size_t n, char **out, size_t *out_len)
{
    if (out_len)
        *out_len = 0;
    if (!out)
        return pc_ctx_refuse(c, PC_ERR_USAGE, "no place for the output (out is NULL)");
    *out = NULL;
    if (!to)
        return pc_ctx_refuse(c, PC_ERR_USAGE, "no output format (NULL)");
    if (!in && n)
        return pc_ctx_refuse(c, PC_ERR_USAGE, "no input (NULL, with a length)");
    const pc_format *fr = NULL, *tw = named_format(c, to, false);
    if (!tw || (from && !(fr = named_format(c, from, true))))
        return PC_ERR_USAGE;
    pc_writer *w;
    pc_status st = pc_writer_open_buffer(c, tw, &w);
    if (st != PC_OK)
        return st;
    pc_input_spec spec = {.path = NULL, .src = pc_source_mem("<buffer>", in ? in : "", n)};
    st = pc_drive(w->ctx, &spec, 1, fr, w->fmt, w->state, &w->since);
    if (st == PC_ERR_IO)
        w->failed = true;
    st = worse(st, pc_writer_finish(w));
    if (out_len)
        *out_len = w->buf.len;
    *out = pc_buf_detach(&w->buf);
    pc_writer_free(w);
    return st;
}
