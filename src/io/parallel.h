/* SPDX-License-Identifier: MIT */
/* parallel.h — reading one input on worker threads (-j N): the input is
 * cut into chunks of whole records (the format's pc_chunker), each chunk
 * read by a worker into records and messages, which the driver takes back
 * in input order, so keys, output and diagnostics are those of -j 1
 * (src/io/parallel.c). */
#ifndef PC_IO_PARALLEL_H
#define PC_IO_PARALLEL_H

#include "io/format_table.h"

typedef struct pc_parallel pc_parallel;

/* Starts reading `src` (input `path`, read by `f`, nothing consumed yet) on
 * ctx->opt.jobs workers, or returns NULL when it is read in one piece:
 * -j 1, a format with no chunker or an input it does not fit, an input
 * that is decoded from another encoding, or one no larger than a chunk.
 * Standard input and pipes are cut as files are.  From the first chunk
 * the source has a message about (a byte that is not UTF-8, the end of
 * damaged compressed data), the rest is read on the caller's thread, so
 * that the message comes when the reader reaches those bytes. */
pc_parallel *pc_parallel_start(pc_ctx *ctx, pc_source *src, const pc_format *f, const char *path);
/* The next record, as f's read_next gives it (with --date updated
 * applied), after sending the messages that came before it. */
pc_read_status pc_parallel_next(pc_parallel *p, pc_record *rec);
/* Whether a chunk's reader stopped before its chunk's end (a line over
 * the limit): the input then ends there, as one reader's would, and is
 * one the reader could not read to its end.  False for NULL. */
bool pc_parallel_stopped(const pc_parallel *p);
/* Stops the workers and frees p (NULL is fine); call it after the last
 * record taken is cleared. */
void pc_parallel_end(pc_parallel *p);

#endif
