/* SPDX-License-Identifier: MIT */
/* latex.c — the latex writer: formatted references as a LaTeX fragment,
 * the citation clusters as paragraphs and the bibliography as a list with
 * a hanging indent, one \item[] per entry; the renderer escapes the ten
 * characters LaTeX acts on. */
#include "refs.h"

static bool tex_begin(FILE *out, pc_citeproc *cp, bool citations)
{
    (void)cp;
    (void)citations;
    return fputs("% formatted references, written by paperconv\n", out) >= 0;
}

static bool tex_cluster(FILE *out, const char *text)
{
    return fprintf(out, "%s\n\n", text) >= 0;
}

static bool tex_bib_begin(FILE *out, pc_citeproc *cp, bool citations)
{
    (void)cp;
    (void)citations;
    return fputs("\\begin{list}{}{\\setlength{\\leftmargin}{2em}\\setlength{\\itemindent}{-2em}}\n", out) >= 0;
}

static bool tex_entry(FILE *out, const char *text)
{
    return fprintf(out, "\\item[] %s\n", text) >= 0;
}

static bool tex_end(FILE *out, pc_citeproc *cp)
{
    return !pc_citeproc_has_bibliography(cp) || fputs("\\end{list}\n", out) >= 0;
}

static const pc_refs_shape tex_shape = {
    .format = PC_CITEPROC_LATEX,
    .name = "latex",
    .begin = tex_begin,
    .cluster = tex_cluster,
    .bib_begin = tex_bib_begin,
    .entry = tex_entry,
    .end = tex_end,
};

static void *tex_write_begin(FILE *out, pc_ctx *ctx) { return pc_refs_begin(out, ctx, &tex_shape); }

static const char *const tex_aliases[] = {"tex", NULL};
static const char *const tex_exts[] = {"tex", NULL};

const pc_format pc_format_latex = {
    .name = "latex",
    .aliases = tex_aliases,
    .extensions = tex_exts,
    .description = "formatted references as LaTeX, in a CSL style (--style, --locale, --citations)",
    .write_begin = tex_write_begin,
    .write_record = pc_refs_write,
    .write_end = pc_refs_end,
};
