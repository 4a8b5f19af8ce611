/* SPDX-License-Identifier: MIT */
/* html.c — the html writer: formatted references as an HTML document, the
 * entries in the CSL test-suite's markup (<div class="csl-entry">, <i>,
 * <b>, small caps as <span style>), & < > escaped by the renderer. */
#include "refs.h"

static bool html_begin(FILE *out, pc_citeproc *cp, bool citations)
{
    (void)citations;
    fputs("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>References</title>\n", out);
    if (pc_citeproc_hanging_indent(cp))
        fputs("<style>.csl-entry { padding-left: 2em; text-indent: -2em; }</style>\n", out);
    if (pc_citeproc_second_field_align(cp))
        fputs("<style>.csl-left-margin { float: left; width: 3em; } "
              ".csl-right-inline { margin-left: 3em; }</style>\n",
              out);
    return fputs("</head>\n<body>\n", out) >= 0;
}

static bool html_cluster(FILE *out, const char *text)
{
    return fprintf(out, "<p class=\"csl-citation\">%s</p>\n", text) >= 0;
}

static bool html_bib_begin(FILE *out, pc_citeproc *cp, bool citations)
{
    (void)cp;
    (void)citations;
    return fputs("<div class=\"csl-bib-body\">\n", out) >= 0;
}

static bool html_entry(FILE *out, const char *text)
{
    return fprintf(out, "  <div class=\"csl-entry\">%s</div>\n", text) >= 0;
}

static bool html_end(FILE *out, pc_citeproc *cp)
{
    if (pc_citeproc_has_bibliography(cp))
        fputs("</div>\n", out);
    return fputs("</body>\n</html>\n", out) >= 0;
}

static const pc_refs_shape html_shape = {
    .format = PC_CITEPROC_HTML,
    .name = "html",
    .begin = html_begin,
    .cluster = html_cluster,
    .bib_begin = html_bib_begin,
    .entry = html_entry,
    .end = html_end,
};

static void *html_write_begin(FILE *out, pc_ctx *ctx) { return pc_refs_begin(out, ctx, &html_shape); }

static const char *const html_aliases[] = {"htm", NULL};
static const char *const html_exts[] = {"html", "htm", NULL};

const pc_format pc_format_html = {
    .name = "html",
    .aliases = html_aliases,
    .extensions = html_exts,
    .description = "formatted references as HTML, in a CSL style (--style, --locale, --citations)",
    .write_begin = html_write_begin,
    .write_record = pc_refs_write,
    .write_end = pc_refs_end,
};
