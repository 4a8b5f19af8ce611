/* SPDX-License-Identifier: MIT */
/* render_text.c — the plain-text output format: the text as it is, every
 * mark dropped; a left margin (a number, a label) is followed by a space. */
#include "citeproc/cp.h"

#include <string.h>

static void text_text(pc_buf *out, void *fs, const char *s, size_t n)
{
    (void)fs;
    pc_buf_put(out, s, n);
}

static void text_open(pc_buf *out, void *fs, int mark, const char *arg, const cp_emit_state *st)
{
    (void)fs;
    (void)out;
    (void)mark;
    (void)arg;
    (void)st;
}

static void text_close(pc_buf *out, void *fs, int mark, const char *arg, const cp_emit_state *st)
{
    (void)fs;
    (void)st;
    if (mark == CP_MK_DIV && arg && !strcmp(arg, "left-margin") && out->len && out->ptr[out->len - 1] != ' ')
        pc_buf_putc(out, ' ');
}

const cp_format_ops cp_format_text = {.text = text_text, .open = text_open, .close = text_close};
