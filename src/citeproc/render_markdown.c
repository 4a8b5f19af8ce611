/* SPDX-License-Identifier: MIT */
/* render_markdown.c — the Markdown output format, as pandoc reads it:
 * *italic*, **bold**, ^super^, ~sub~, [small caps]{.smallcaps},
 * [underlined]{.underline}, [link](url); every character pandoc would act
 * on is backslash-escaped, so that hostile text stays text.  Italic inside
 * italic closes and reopens the emphasis. */
#include "citeproc/cp.h"

#include <string.h>

static void md_text(pc_buf *out, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (strchr("\\`*_{}[]()#+-.!<>|^~$@&\"'=:;", c) && c) {
            /* only what pandoc's inline parser acts on needs it; escaping
               punctuation is always allowed in pandoc Markdown */
            if (strchr("\\`*_{}[]<>|^~$@#", c))
                pc_buf_putc(out, '\\');
        }
        pc_buf_putc(out, c);
    }
}

static const char *md_mark(int mark, bool open)
{
    switch (mark) {
    case CP_MK_ITALIC:
    case CP_MK_ROMAN: return "*";
    case CP_MK_BOLD:
    case CP_MK_UNBOLD: return "**";
    case CP_MK_SUP: return "^";
    case CP_MK_SUB: return "~";
    case CP_MK_SMALLCAPS: return open ? "[" : "]{.smallcaps}";
    case CP_MK_UNDERLINE: return open ? "[" : "]{.underline}";
    default: return "";
    }
}

static void md_open(pc_buf *out, int mark, const char *arg, const cp_emit_state *st)
{
    (void)st;
    (void)arg;
    if (mark == CP_MK_LINK)
        pc_buf_putc(out, '[');
    else
        pc_buf_puts(out, md_mark(mark, true));
}

static void md_close(pc_buf *out, int mark, const char *arg, const cp_emit_state *st)
{
    (void)st;
    if (mark == CP_MK_LINK) {
        pc_buf_puts(out, "](");
        for (const char *p = arg; p && *p; p++) {
            if (*p == ')' || *p == '(' || *p == ' ' || *p == '\\')
                pc_buf_printf(out, "%%%02X", (unsigned char)*p);
            else
                pc_buf_putc(out, *p);
        }
        pc_buf_putc(out, ')');
        return;
    }
    pc_buf_puts(out, md_mark(mark, false));
    if (mark == CP_MK_DIV && arg && !strcmp(arg, "left-margin") && out->len && out->ptr[out->len - 1] != ' ')
        pc_buf_putc(out, ' ');
}

const cp_format_ops cp_format_markdown = {.text = md_text, .open = md_open, .close = md_close};
