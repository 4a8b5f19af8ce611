/* SPDX-License-Identifier: MIT */
/* yaml_write.h — the CSL-YAML writer of yaml_write.c (private to
 * formats/csl/), for the format's entry in yaml_read.c, which holds the
 * reader.  The reader uses nothing of the writer, nor the writer of the
 * reader: the entry only names both. */
#ifndef PC_FORMATS_CSL_YAML_WRITE_H
#define PC_FORMATS_CSL_YAML_WRITE_H

#include "io/ctx.h"
#include "model/record.h"

#include <stdio.h>

/* The writer, as pc_format wants it: `references:` and one item per record. */
void *pc_yaml_write_begin(FILE *out, pc_ctx *ctx);
bool pc_yaml_write_record(void *state, const pc_record *rec);
bool pc_yaml_write_end(void *state);

#endif
