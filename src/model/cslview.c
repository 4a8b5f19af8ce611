/* SPDX-License-Identifier: MIT */
/* cslview.c — the parts CSL has no variable for that a CSL variable holds
 * (pc_csl_joins: the title's subtitle and addon, see cslview.h) and how a
 * part is joined to its whole (pc_csl_join_append): formats/csl's
 * item_write.c joins them, item_read.c splits the whole again, and the CSL
 * processor reads a record through them as the CSL writers would. */
#include "model/cslview.h"
#include "util/buf.h"

#include <string.h>

const pc_csl_join pc_csl_joins[PC_CSL_N_JOINS] = {
    {PC_F_SUBTITLE, PC_F_TITLE, ':'},
    {PC_F_TITLE_ADDON, PC_F_TITLE, '.'},
};

void pc_csl_join_append(pc_buf *s, const char *part, char sep)
{
    if (s->len) {
        if (!strchr("!?.,:;", s->ptr[s->len - 1]))
            pc_buf_putc(s, sep);
        pc_buf_putc(s, ' ');
    }
    pc_buf_puts(s, part);
}
