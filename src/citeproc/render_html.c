/* SPDX-License-Identifier: MIT */
/* render_html.c — the HTML output format: the markup of the CSL
 * test-suite (and of citeproc-js): <i>, <b>, <span style="..."> for small
 * caps and for the "normal" marks of flip-flops, <sup>, <sub>,
 * <div class="csl-..."> for display; & < > escaped as &#38; &#60; &#62;. */
#include "citeproc/cp.h"

#include <string.h>

static void html_text(pc_buf *out, void *fs, const char *s, size_t n)
{
    (void)fs;
    size_t from = 0;
    for (size_t i = 0; i < n; i++) {
        const char *e = s[i] == '&' ? "&#38;" : s[i] == '<' ? "&#60;" : s[i] == '>' ? "&#62;" : NULL;
        if (!e)
            continue;
        pc_buf_put(out, s + from, i - from);
        pc_buf_puts(out, e);
        from = i + 1;
    }
    pc_buf_put(out, s + from, n - from);
}

static void html_open(pc_buf *out, void *fs, int mark, const char *arg, const cp_emit_state *st)
{
    (void)fs;
    switch (mark) {
    case CP_MK_ITALIC: pc_buf_puts(out, "<i>"); break;
    case CP_MK_ROMAN: pc_buf_puts(out, "<span style=\"font-style:normal;\">"); break;
    case CP_MK_BOLD: pc_buf_puts(out, "<b>"); break;
    case CP_MK_UNBOLD: pc_buf_puts(out, "<span style=\"font-weight:normal;\">"); break;
    case CP_MK_SMALLCAPS: pc_buf_puts(out, "<span style=\"font-variant:small-caps;\">"); break;
    case CP_MK_NOSMALLCAPS: pc_buf_puts(out, "<span style=\"font-variant:normal;\">"); break;
    case CP_MK_UNDERLINE: pc_buf_puts(out, "<span style=\"text-decoration:underline;\">"); break;
    case CP_MK_NODECOR:
        pc_buf_puts(out, "<span style=\"");
        if (st->smallcaps)
            pc_buf_puts(out, "font-variant:normal;");
        if (st->bold)
            pc_buf_puts(out, "font-weight:normal;");
        if (st->italic)
            pc_buf_puts(out, "font-style:normal;");
        pc_buf_puts(out, "\">");
        break;
    case CP_MK_SUP: pc_buf_puts(out, "<sup>"); break;
    case CP_MK_SUB: pc_buf_puts(out, "<sub>"); break;
    case CP_MK_BASELINE: pc_buf_puts(out, "<span style=\"baseline\">"); break;
    case CP_MK_DIV: pc_buf_printf(out, "<div class=\"csl-%s\">", arg); break;
    case CP_MK_LINK:
        pc_buf_puts(out, "<a href=\"");
        for (const char *p = arg; p && *p; p++)
            if (*p == '"')
                pc_buf_puts(out, "%22");
            else if (*p == '&')
                pc_buf_puts(out, "&#38;");
            else
                pc_buf_putc(out, *p);
        pc_buf_puts(out, "\">");
        break;
    default: break;
    }
}

static void html_close(pc_buf *out, void *fs, int mark, const char *arg, const cp_emit_state *st)
{
    (void)fs;
    (void)arg;
    (void)st;
    switch (mark) {
    case CP_MK_ITALIC: pc_buf_puts(out, "</i>"); break;
    case CP_MK_BOLD: pc_buf_puts(out, "</b>"); break;
    case CP_MK_SUP: pc_buf_puts(out, "</sup>"); break;
    case CP_MK_SUB: pc_buf_puts(out, "</sub>"); break;
    case CP_MK_DIV: pc_buf_puts(out, "</div>"); break;
    case CP_MK_LINK: pc_buf_puts(out, "</a>"); break;
    default: pc_buf_puts(out, "</span>"); break;
    }
}

const cp_format_ops cp_format_html = {.text = html_text, .open = html_open, .close = html_close};
