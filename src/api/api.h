/* SPDX-License-Identifier: MIT */
/* api.h — what the files of src/api/ share: the writer handle (the driver
 * writes through it: convert.c), the converter a handle runs on, and the
 * checks every entry point makes on what a program passes in.  The
 * entry points themselves are declared in include/paperconv.h:
 *
 *   record.c     records: accessors and setters by field id
 *   formats.c    the format table
 *   converter.c  options, callbacks, counters, the drop tally, errmsg
 *   reader.c     readers over a path, a FILE * or memory
 *   writer.c     writers onto a FILE *, a callback or a buffer
 *   convert.c    pc_convert and pc_convert_buffer
 *   style.c      formatted references: the CSL processor's engine
 *   version.c    versions and status names */
#ifndef PC_API_API_H
#define PC_API_API_H

#include "io/format_table.h"
#include "model/keyset.h"

struct pc_writer {
    pc_ctx *ctx;   /* the caller's converter, or own_ctx */
    pc_ctx *own_ctx;
    const pc_format *fmt;
    void *state;   /* the format's writer state; NULL once ended */
    FILE *out;
    bool own_out;  /* a stream over fn or buf (fopencookie): closed at the end */
    pc_write_fn fn;
    void *user;
    bool to_buf;   /* the output goes to buf */
    pc_buf buf;
    pc_keyset *keys;     /* pc_writer_write's keys, made at its first call */
    pc_drive_base since; /* the converter's counts when the writer was opened */
    bool failed;         /* the output could not be written */
    bool finished;
    pc_status final;     /* pc_writer_finish's status, once finished */
};

/* The converter a new handle runs on: c, or a new one it owns (*own, NULL
 * when c is used).  NULL when the allocator returns NULL. */
pc_ctx *pc_api_ctx(pc_converter *c, pc_ctx **own);

/* Whether s[0, n) is text the model takes: valid UTF-8 without NUL. */
bool pc_api_utf8(const char *s, size_t n);

#endif
