/* SPDX-License-Identifier: MIT */
/* text.c — the text writer: formatted references as plain UTF-8, the
 * citation clusters one per line, a blank line, then one bibliography
 * entry per line. */
#include "refs.h"

static bool text_begin(FILE *out, pc_citeproc *cp, bool citations)
{
    (void)out;
    (void)cp;
    (void)citations;
    return true;
}

static bool text_line(FILE *out, const char *text)
{
    return fputs(text, out) >= 0 && fputc('\n', out) != EOF;
}

static bool text_bib_begin(FILE *out, pc_citeproc *cp, bool citations)
{
    (void)cp;
    return !citations || fputc('\n', out) != EOF;
}

static bool text_end(FILE *out, pc_citeproc *cp)
{
    (void)out;
    (void)cp;
    return true;
}

static const pc_refs_shape text_shape = {
    .format = PC_CITEPROC_TEXT,
    .name = "text",
    .begin = text_begin,
    .cluster = text_line,
    .bib_begin = text_bib_begin,
    .entry = text_line,
    .end = text_end,
};

static void *text_write_begin(FILE *out, pc_ctx *ctx) { return pc_refs_begin(out, ctx, &text_shape); }

static const char *const text_aliases[] = {"plain", "txt", NULL};
static const char *const text_exts[] = {"txt", NULL};

const pc_format pc_format_text = {
    .name = "text",
    .aliases = text_aliases,
    .extensions = text_exts,
    .description = "formatted references as plain text, in a CSL style (--style, --locale, --citations)",
    .write_begin = text_write_begin,
    .write_record = pc_refs_write,
    .write_end = pc_refs_end,
};
