/* SPDX-License-Identifier: MIT */
/* render_latex.c — the LaTeX output format: \textit, \textup (roman
 * inside italic, and no small caps), \textbf, \textmd, \textsc,
 * \underline, \textsuperscript, \textsubscript, \href; the ten characters
 * LaTeX acts on (\ { } # $ % & _ ~ ^) are escaped, so that hostile text
 * stays text.  UTF-8 is kept (LaTeX reads it). */
#include "citeproc/cp.h"

#include <string.h>

static void tex_text(pc_buf *out, void *fs, const char *s, size_t n)
{
    (void)fs;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        switch (c) {
        case '\\': pc_buf_puts(out, "\\textbackslash{}"); break;
        case '{':
        case '}':
        case '#':
        case '$':
        case '%':
        case '&':
        case '_':
            pc_buf_putc(out, '\\');
            pc_buf_putc(out, c);
            break;
        case '\n':
        case '\r':
        case '\t': pc_buf_putc(out, ' '); break; /* a blank line would end the paragraph inside a command */
        case '~': pc_buf_puts(out, "\\textasciitilde{}"); break;
        case '^': pc_buf_puts(out, "\\textasciicircum{}"); break;
        default: pc_buf_putc(out, c); break;
        }
    }
}

static const char *tex_cmd(int mark)
{
    switch (mark) {
    case CP_MK_ITALIC: return "\\textit{";
    case CP_MK_ROMAN: return "\\textup{";
    case CP_MK_BOLD: return "\\textbf{";
    case CP_MK_UNBOLD: return "\\textmd{";
    case CP_MK_SMALLCAPS: return "\\textsc{";
    case CP_MK_NOSMALLCAPS: return "\\textup{";
    case CP_MK_UNDERLINE: return "\\underline{";
    case CP_MK_NODECOR: return "\\textnormal{";
    case CP_MK_SUP: return "\\textsuperscript{";
    case CP_MK_SUB: return "\\textsubscript{";
    case CP_MK_BASELINE: return "{";
    case CP_MK_DIV: return "{";
    default: return "{";
    }
}

static void tex_open(pc_buf *out, void *fs, int mark, const char *arg, const cp_emit_state *st)
{
    (void)fs;
    (void)st;
    if (mark == CP_MK_LINK) {
        pc_buf_puts(out, "\\href{");
        for (const char *p = arg; p && *p; p++) {
            if (strchr("\\{}#%~^&_$", *p))
                pc_buf_printf(out, "\\%c", *p == '\\' ? '/' : *p);
            else
                pc_buf_putc(out, *p);
        }
        pc_buf_puts(out, "}{");
        return;
    }
    pc_buf_puts(out, tex_cmd(mark));
}

static void tex_close(pc_buf *out, void *fs, int mark, const char *arg, const cp_emit_state *st)
{
    (void)fs;
    (void)st;
    pc_buf_putc(out, '}');
    if (mark == CP_MK_DIV && arg && !strcmp(arg, "left-margin"))
        pc_buf_putc(out, ' ');
}

const cp_format_ops cp_format_latex = {.text = tex_text, .open = tex_open, .close = tex_close};
