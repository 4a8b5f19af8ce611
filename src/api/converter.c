/* SPDX-License-Identifier: MIT */
/* converter.c (api) — paperconv.h's converter: a heap-allocated
 * conversion context (struct pc_ctx, io/ctx.h) with its options, sink,
 * counters and last error, as a program sees it. */
#include "io/ctx.h"

#include <stdlib.h>

pc_converter *pc_converter_new(void)
{
    pc_ctx *c = malloc(sizeof *c);
    if (c)
        pc_ctx_init(c, NULL, NULL);
    return c;
}

void pc_converter_free(pc_converter *c)
{
    if (!c)
        return;
    pc_ctx_free(c);
    free(c);
}
