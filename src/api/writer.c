/* SPDX-License-Identifier: MIT */
/* writer.c — paperconv.h's writers: a format's writer onto a FILE *
 * of the program's, or onto a stream of ours (fopencookie) that hands the
 * bytes to a callback or grows a buffer; keys for pc_writer_write; the
 * end of the document and the output's failure, reported once. */
#define _GNU_SOURCE /* fopencookie */
#include "api/api.h"

#include <errno.h>
#include <stdio.h>
#include <sys/types.h>

/* The cookie stream's write: to the callback, or into the buffer. */
static ssize_t cookie_write(void *cookie, const char *data, size_t n)
{
    pc_writer *w = cookie;
    if (w->to_buf) {
        pc_buf_put(&w->buf, data, n);
    } else if (n && !w->fn(w->user, data, n)) {
        errno = EIO;
        return -1;
    }
    return (ssize_t)n;
}

/* Checks and the handle; on PC_OK *w has its converter, and out is the
 * stream to write to (NULL: ours, to be made). */
static pc_status start(pc_converter *c, const pc_format *to, pc_writer **out, pc_writer **w)
{
    if (!out)
        return pc_ctx_refuse(c, PC_ERR_USAGE, "no place for the writer (out is NULL)");
    *out = NULL;
    if (!to || !to->write_begin)
        return pc_ctx_refuse(c, PC_ERR_USAGE, to ? "format %s cannot be written" : "no format to write%s",
                             to ? to->name : "");
    *w = pc_try_calloc(sizeof **w);
    if (!*w)
        return pc_ctx_refuse(c, PC_ERR_NOMEM, "out of memory");
    (*w)->ctx = pc_api_ctx(c, &(*w)->own_ctx);
    if (!(*w)->ctx) {
        pc_free(*w);
        return PC_ERR_NOMEM;
    }
    (*w)->fmt = to;
    pc_buf_init(&(*w)->buf);
    return PC_OK;
}

/* Begins the document on w->out and hands the writer out. */
static pc_status begin(pc_writer *w, pc_writer **out)
{
    w->since = (pc_drive_base){.errors = w->ctx->n_errors, .inputs_failed = w->ctx->n_inputs_failed};
    w->state = w->fmt->write_begin(w->out, w->ctx);
    *out = w;
    return PC_OK;
}

pc_status pc_writer_open_file(pc_converter *c, const pc_format *to, FILE *out, pc_writer **w)
{
    if (w)
        *w = NULL;
    if (!out)
        return pc_ctx_refuse(c, PC_ERR_USAGE, "no stream to write to (NULL)");
    pc_writer *wr;
    pc_status st = start(c, to, w, &wr);
    if (st != PC_OK)
        return st;
    wr->out = out;
    return begin(wr, w);
}

/* A writer onto a stream of ours: the callback's, or the buffer's. */
static pc_status open_cookie(pc_converter *c, const pc_format *to, pc_write_fn fn, void *user,
                             pc_writer **w)
{
    pc_writer *wr;
    pc_status st = start(c, to, w, &wr);
    if (st != PC_OK)
        return st;
    wr->fn = fn;
    wr->user = user;
    wr->to_buf = !fn;
    wr->out = fopencookie(wr, "w", (cookie_io_functions_t){.write = cookie_write});
    if (!wr->out) {
        wr->finished = true; /* nothing begun: nothing to end */
        pc_writer_free(wr);
        return pc_ctx_refuse(c, PC_ERR_NOMEM, "out of memory");
    }
    wr->own_out = true;
    return begin(wr, w);
}

pc_status pc_writer_open_callback(pc_converter *c, const pc_format *to, pc_write_fn fn, void *user,
                                  pc_writer **w)
{
    if (w)
        *w = NULL;
    if (!fn)
        return pc_ctx_refuse(c, PC_ERR_USAGE, "no function to write with (NULL)");
    return open_cookie(c, to, fn, user, w);
}

pc_status pc_writer_open_buffer(pc_converter *c, const pc_format *to, pc_writer **w)
{
    return open_cookie(c, to, NULL, NULL, w);
}

/* The output failed: said once per converter (the driver may have said it). */
static pc_status failed(pc_writer *w)
{
    w->failed = true;
    if (!w->ctx->output_failed) {
        w->ctx->output_failed = true;
        pc_diag_emit(w->ctx, PC_SEV_ERROR, NULL, 0, 0, "cannot write the output: %s",
                     strerror(errno ? errno : EIO));
    }
    return PC_ERR_IO;
}

pc_status pc_writer_write(pc_writer *w, pc_record *rec)
{
    if (!w || !rec || w->finished)
        return pc_ctx_refuse(w ? w->ctx : NULL, PC_ERR_USAGE,
                             !w || !rec ? "no writer or no record (NULL)" : "the writer is finished");
    if (w->failed)
        return PC_ERR_IO;
    if (!w->keys)
        w->keys = pc_keyset_new_for(w->fmt);
    pc_keyset_assign(w->keys, rec, w->ctx->opt.rekey);
    if (!w->fmt->write_record(w->state, rec))
        return failed(w);
    w->ctx->n_written++;
    return PC_OK;
}

pc_status pc_writer_finish(pc_writer *w)
{
    if (!w)
        return PC_ERR_USAGE;
    if (w->finished)
        return w->final;
    w->finished = true;
    errno = 0;
    bool ok = w->fmt->write_end(w->state) && !w->failed;
    w->state = NULL;
    ok = fflush(w->out) == 0 && !ferror(w->out) && ok;
    if (w->own_out) {
        ok = fclose(w->out) == 0 && ok;
        w->out = NULL;
    }
    pc_ctx *ctx = w->ctx;
    if (!ok)
        w->final = failed(w);
    else if (ctx->n_inputs_failed > w->since.inputs_failed ||
             (ctx->n_errors > w->since.errors && !ctx->opt.keep_going))
        w->final = PC_ERR_INPUT;
    else
        w->final = PC_OK;
    return w->final;
}

const char *pc_writer_data(const pc_writer *w, size_t *len)
{
    if (!w || !w->to_buf || !w->finished) {
        if (len)
            *len = 0;
        return NULL;
    }
    if (len)
        *len = w->buf.len;
    return w->buf.ptr;
}

const char *pc_writer_errmsg(const pc_writer *w) { return w ? pc_converter_errmsg(w->ctx) : ""; }

void pc_writer_free(pc_writer *w)
{
    if (!w)
        return;
    if (!w->finished)
        pc_writer_finish(w);
    if (w->out && w->own_out)
        fclose(w->out);
    pc_keyset_free(w->keys);
    pc_buf_free(&w->buf);
    pc_converter_free(w->own_ctx);
    pc_free(w);
}
