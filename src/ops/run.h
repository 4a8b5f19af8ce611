/* SPDX-License-Identifier: MIT */
/* run.h — a conversion with the record operations of issue 22 (--dedupe
 * and --merge, --cited, the field operations, --sort): the driver's steps
 * (io/format_table.h, pc_driver) chained as src/ops/README says.
 *
 * With --dedupe or --cited the inputs are read once (every reader's
 * message said once) into a spool, an unlinked temporary file of records
 * in the binary form of model/serial.h (so standard input, a pipe or a
 * memory buffer need no second read); the output pass reads the spool.
 * Without them there is one pass, record by record as pc_drive.  Memory:
 * the indexes (identity fingerprints, 8 bytes of spool offset per record
 * with --dedupe, the cited keys), the sort's budget (PC_OPS_SORT_BUDGET,
 * then runs spilled to temporary files), and the largest group being
 * merged; never the records. */
#ifndef PC_OPS_RUN_H
#define PC_OPS_RUN_H

#include "io/format_table.h"

enum { PC_OPS_SORT_BUDGET = 64 << 20 };

/* Whether ctx's options ask for any record operation. */
bool pc_ops_active(const pc_ctx *ctx);

/* pc_drive (same arguments, same status), with the operations ctx's
 * options ask for.  A bad operation (a --rename the output format cannot
 * do) is an error diagnostic and PC_ERR_USAGE, before anything is read;
 * a --cited file that cannot be read, PC_ERR_INPUT; a temporary file
 * that cannot be written, PC_ERR_IO. */
pc_status pc_ops_drive(pc_ctx *ctx, const pc_input_spec *inputs, size_t n_inputs,
                       const pc_format *from, const pc_format *to, void *ws,
                       const pc_drive_base *since);

#endif
