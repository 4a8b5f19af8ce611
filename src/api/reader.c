/* SPDX-License-Identifier: MIT */
/* reader.c — paperconv.h's readers: one input (a path, a FILE * or
 * a memory block) read record by record through the driver's pc_input
 * (src/io/convert.c), with the driver's end-of-input checks (an input that
 * stopped early, or that is another format and gave nothing) and counts. */
#include "api/api.h"
#include "io/source.h"

#include <errno.h>

struct pc_reader {
    pc_ctx *ctx; /* the caller's converter, or own */
    pc_ctx *own;
    pc_input *in;
    bool got_records;            /* a record was read or skipped */
    unsigned long errors_before; /* the converter's errors when the input opened */
    bool ended;
    pc_status final; /* what every call after the end returns */
};

/* Checks shared by the three opens; on PC_OK *r is a reader without input. */
static pc_status start(pc_converter *c, const pc_format *from, pc_reader **out, pc_reader **r)
{
    if (!out)
        return pc_ctx_refuse(c, PC_ERR_USAGE, "no place for the reader (out is NULL)");
    *out = NULL;
    if (from && !from->read_open)
        return pc_ctx_refuse(c, PC_ERR_USAGE, "format %s cannot be read", from->name);
    pc_ctx *own;
    pc_ctx *ctx = pc_api_ctx(c, &own);
    if (!ctx)
        return PC_ERR_NOMEM;
    *r = pc_try_calloc(sizeof **r);
    if (!*r) {
        pc_converter_free(own);
        return pc_ctx_refuse(c, PC_ERR_NOMEM, "out of memory");
    }
    (*r)->ctx = ctx;
    (*r)->own = own;
    return PC_OK;
}

/* Opens the input over src (taken) and hands the reader out. */
static pc_status finish_open(pc_reader *r, pc_source *src, const char *path, const pc_format *from,
                             pc_reader **out)
{
    r->in = pc_input_open_source(r->ctx, src, path, from);
    if (!r->in) { /* reported */
        r->ctx->n_inputs_failed++;
        pc_reader_close(r);
        return PC_ERR_INPUT;
    }
    r->errors_before = r->ctx->n_errors;
    *out = r;
    return PC_OK;
}

/* NULL into *out first: every failure leaves it so. */
static void clear_out(pc_reader **out)
{
    if (out)
        *out = NULL;
}

pc_status pc_reader_open_path(pc_converter *c, const char *path, const pc_format *from,
                              pc_reader **out)
{
    clear_out(out);
    if (!path)
        return pc_ctx_refuse(c, PC_ERR_USAGE, "no path to read (NULL)");
    pc_reader *r;
    pc_status st = start(c, from, out, &r);
    if (st != PC_OK)
        return st;
    pc_source *src = pc_source_open(path);
    if (!src) {
        pc_diag_emit(r->ctx, PC_SEV_ERROR, path, 0, 0, "cannot read: %s", strerror(errno));
        r->ctx->n_inputs_failed++;
        pc_reader_close(r);
        return PC_ERR_IO;
    }
    return finish_open(r, src, path, from, out);
}

pc_status pc_reader_open_file(pc_converter *c, FILE *f, const char *name, const pc_format *from,
                              pc_reader **out)
{
    clear_out(out);
    if (!f)
        return pc_ctx_refuse(c, PC_ERR_USAGE, "no stream to read (NULL)");
    pc_reader *r;
    pc_status st = start(c, from, out, &r);
    if (st != PC_OK)
        return st;
    return finish_open(r, pc_source_file(name ? name : "<stream>", f), NULL, from, out);
}

pc_status pc_reader_open_memory(pc_converter *c, const void *data, size_t n, const char *name,
                                const pc_format *from, pc_reader **out)
{
    clear_out(out);
    if (!data && n)
        return pc_ctx_refuse(c, PC_ERR_USAGE, "no data to read (NULL, with a length)");
    pc_reader *r;
    pc_status st = start(c, from, out, &r);
    if (st != PC_OK)
        return st;
    return finish_open(r, pc_source_mem(name ? name : "<memory>", data ? data : "", n), NULL, from, out);
}

const pc_format *pc_reader_format(const pc_reader *r) { return r ? pc_input_format(r->in) : NULL; }

/* The end of the input: PC_END, or how it failed (reported). */
static pc_status end_of_input(pc_reader *r, bool fatal)
{
    r->ended = true;
    if (!pc_input_failed(r->in, fatal, r->got_records, r->errors_before))
        r->final = PC_END;
    else
        r->final = pc_input_error(r->in) ? PC_ERR_IO : PC_ERR_INPUT;
    pc_input_say_read_error(r->in);
    return r->final;
}

pc_status pc_reader_next(pc_reader *r, pc_record *rec)
{
    if (!r || !rec)
        return pc_ctx_refuse(r ? r->ctx : NULL, PC_ERR_USAGE, "no record to fill (NULL)");
    if (r->ended)
        return r->final;
    pc_record_clear(rec);
    switch (pc_input_next(r->in, rec)) {
    case PC_READ_RECORD:
        r->ctx->n_read++;
        r->got_records = true;
        return PC_OK;
    case PC_READ_SKIP:
        r->ctx->n_read++;
        r->ctx->n_skipped++;
        r->got_records = true;
        return PC_SKIPPED;
    case PC_READ_FATAL: return end_of_input(r, true);
    case PC_READ_EOF:
    case PC_READ_NONE: break;
    }
    return end_of_input(r, false);
}

const char *pc_reader_errmsg(const pc_reader *r) { return r ? pc_converter_errmsg(r->ctx) : ""; }

void pc_reader_close(pc_reader *r)
{
    if (!r)
        return;
    pc_input_close(r->in);
    pc_converter_free(r->own);
    pc_free(r);
}
