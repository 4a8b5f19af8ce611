/* SPDX-License-Identifier: MIT */
/* markdown.c — the markdown writer: formatted references as pandoc
 * Markdown, each citation cluster and each bibliography entry a paragraph
 * (the renderer escapes what pandoc would read as markup; a paragraph that
 * would start a list or a heading is escaped here). */
#include "refs.h"
#include "util/buf.h"

#include <string.h>

static bool md_begin(FILE *out, pc_citeproc *cp, bool citations)
{
    (void)out;
    (void)cp;
    (void)citations;
    return true;
}

/* One paragraph: a leading "1." "-" "+" "#" ">" would make a list, a
 * heading or a quote of it, so that mark is escaped. */
static bool md_para(FILE *out, const char *text)
{
    size_t d = 0;
    while (text[d] >= '0' && text[d] <= '9')
        d++;
    if (d && (text[d] == '.' || text[d] == ')')) {
        if (fwrite(text, 1, d, out) != d || fputc('\\', out) == EOF)
            return false;
        text += d;
    } else if (text[0] == '-' || text[0] == '+' || text[0] == '=' || text[0] == ':' || text[0] == '|') {
        if (fputc('\\', out) == EOF)
            return false;
    }
    return fputs(text, out) >= 0 && fputs("\n\n", out) >= 0;
}

static bool md_bib_begin(FILE *out, pc_citeproc *cp, bool citations)
{
    (void)out;
    (void)cp;
    (void)citations;
    return true;
}

static bool md_end(FILE *out, pc_citeproc *cp)
{
    (void)out;
    (void)cp;
    return true;
}

static const pc_refs_shape md_shape = {
    .format = PC_CITEPROC_MARKDOWN,
    .name = "markdown",
    .begin = md_begin,
    .cluster = md_para,
    .bib_begin = md_bib_begin,
    .entry = md_para,
    .end = md_end,
};

static void *md_write_begin(FILE *out, pc_ctx *ctx) { return pc_refs_begin(out, ctx, &md_shape); }

static const char *const md_aliases[] = {"md", NULL};
static const char *const md_exts[] = {"md", "markdown", NULL};

const pc_format pc_format_markdown = {
    .name = "markdown",
    .aliases = md_aliases,
    .extensions = md_exts,
    .description = "formatted references as pandoc Markdown, in a CSL style (--style, --locale, --citations)",
    .write_begin = md_write_begin,
    .write_record = pc_refs_write,
    .write_end = pc_refs_end,
};
