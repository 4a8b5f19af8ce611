/* SPDX-License-Identifier: MIT */
/* test_html.c — the one HTML reader (src/text/html.c): HTML and JATS fragments
 * and CSL rich text from tests/data/html.tsv, and hostile shapes (unclosed
 * tags, comments, CDATA and scripts, deep nesting, thousands of attributes,
 * entity floods) in time linear in their size: the CPU time at 10x the size
 * is at most 15x (plus 30 ms for the clock's grain), the least of three
 * runs each. */
#include "harness.h"
#include "text/html.h"
#include "text/markup.h"

#include <time.h>

static void row(harness *h, char **f, int nf, int lineno)
{
    if (nf < 3) {
        h_result(h, 0, "html.tsv:%d: needs 3 fields", lineno);
        return;
    }
    h_unescape_nl(f[1]);
    h_unescape_nl(f[2]);
    bool csl = strcmp(f[0], "csl") == 0;
    pc_buf text = PC_BUF_INIT, got = PC_BUF_INIT;
    pc_spanlist spans = {0};
    pc_strlist nocase = {0};
    pc_buf_puts(&text, "");
    pc_html_read(f[1], strlen(f[1]), csl ? PC_HTML_CSL : PC_HTML_DOC, &text, &spans, &nocase);
    pc_markup_to_html(text.ptr, &spans, &got);
    for (size_t i = 0; i < nocase.n; i++)
        pc_buf_printf(&got, "%s%s", i ? "; " : " | nocase: ", nocase.items[i]);
    char what[64];
    snprintf(what, sizeof what, "html.tsv:%d %s", lineno, f[0]);
    const char *shown = strchr(f[1], '\n') ? "(a cell with a newline)" : f[1];
    h_streq(h, got.ptr, f[2], what, shown);
    /* the same text, without spans, when no span list is given */
    if (!csl) {
        pc_buf plain = PC_BUF_INIT;
        pc_html_read(f[1], strlen(f[1]), PC_HTML_DOC, &plain, NULL, NULL);
        h_streq(h, plain.ptr, text.ptr, "  and as text only", shown);
        pc_buf_free(&plain);
    }
    pc_buf_free(&text);
    pc_buf_free(&got);
    pc_spanlist_clear(&spans);
    pc_strlist_clear(&nocase);
}

/* ---- linear time ------------------------------------------------------------- */

typedef struct shape {
    const char *name, *head, *unit, *tail;
} shape;

static const shape shapes[] = {
    {"unclosed <i>", "", "<i>a ", ""},
    {"matched <i>", "", "<i>a</i> ", ""},
    {"bare <", "", "< a ", ""},
    {"< with no >", "", "<a b ", ""},
    {"tag names with no end", "", "<abc$", ""},
    {"unclosed comments", "", "<!-- a ", ""},
    {"unclosed CDATA", "", "<![CDATA[ a ", ""},
    {"unclosed scripts", "", "<script> a ", ""},
    {"end tags in a style", "<style>", "</x a ", ""},
    {"deep nesting", "", "<b>", "x"},
    {"unmatched end tags", "", "</x>", ""},
    {"attributes", "<a", " x=\"1\"", ">t"},
    {"unclosed quote", "", "<a b=\"c> ", ""},
    {"<sup> digits", "", "<sup>1", ""},
    {"entities without ;", "", "&amp &#x41 ", ""},
    {"entities", "", "&eacute;&#233;", ""},
    {"nocase spans", "", "<span class=\"nocase\">W</span> ", ""},
};

static double run(const shape *s, size_t n, pc_html_mode mode)
{
    pc_buf in = PC_BUF_INIT, out = PC_BUF_INIT;
    pc_buf_puts(&in, s->head);
    for (size_t i = 0; i < n; i++)
        pc_buf_puts(&in, s->unit);
    pc_buf_puts(&in, s->tail);
    pc_spanlist spans = {0};
    pc_strlist nocase = {0};
    clock_t t0 = clock();
    pc_html_read(in.ptr, in.len, mode, &out, &spans, &nocase);
    double t = (double)(clock() - t0) / CLOCKS_PER_SEC;
    pc_spanlist_clear(&spans);
    pc_strlist_clear(&nocase);
    pc_buf_free(&in);
    pc_buf_free(&out);
    return t;
}

static void linear(harness *h)
{
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++)
        for (int m = 0; m < 2; m++) {
            pc_html_mode mode = m ? PC_HTML_CSL : PC_HTML_DOC;
            /* the least of three runs: the machine is shared, noise only adds */
            double small = 1e9, big = 1e9;
            for (int k = 0; k < 3; k++) {
                double a = run(&shapes[i], 20000, mode), b = run(&shapes[i], 200000, mode);
                small = a < small ? a : small;
                big = b < big ? b : big;
            }
            h_result(h, big <= 15 * small + 0.03, "%s %s: 200 000 units in %.3f s, 20 000 in %.3f s",
                     mode == PC_HTML_CSL ? "csl" : "doc", shapes[i].name, big, small);
        }
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    int n = h_table(&h, "tests/data/html.tsv", row);
    h_result(&h, n >= 40, "html.tsv has at least 40 cases (%d)", n);
    linear(&h);
    return h_done(&h);
}
