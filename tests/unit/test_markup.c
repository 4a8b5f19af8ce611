/* test_markup.c — italic and bold spans (src/markup.c): LaTeX, CSL tags
 * and pandoc Markdown read from tests/data/markup.tsv, each row written
 * back as Markdown and as HTML and read again; and the walk's guard
 * against spans it cannot render. */
#include "harness.h"
#include "paperconv/latex.h"
#include "paperconv/markup.h"

/* text + spans -> "<i>..</i>" form */
static char *as_html(const char *text, const pc_spanlist *spans)
{
    pc_buf b = PC_BUF_INIT;
    pc_markup_to_html(text, spans, &b);
    return pc_buf_detach(&b);
}

/* "\n" in a table cell is a newline */
static void unescape_nl(char *s)
{
    char *o = s;
    for (char *p = s; *p; p++) {
        if (p[0] == '\\' && p[1] == 'n') {
            *o++ = '\n';
            p++;
        } else {
            *o++ = *p;
        }
    }
    *o = '\0';
}

static void row(harness *h, char **f, int nf, int lineno)
{
    if (nf < 3) {
        h_result(h, 0, "markup.tsv:%d: needs 3 fields", lineno);
        return;
    }
    unescape_nl(f[1]);
    pc_buf text = PC_BUF_INIT;
    pc_spanlist spans = {0};
    if (strcmp(f[0], "latex") == 0)
        pc_latex_decode_marked(f[1], strlen(f[1]), &text, NULL, &spans, NULL);
    else if (strcmp(f[0], "html") == 0)
        pc_markup_from_html(f[1], strlen(f[1]), &text, &spans, NULL);
    else
        pc_markup_from_markdown(f[1], strlen(f[1]), &text, &spans, NULL);
    char *got = as_html(text.ptr, &spans);
    char what[64];
    snprintf(what, sizeof what, "markup.tsv:%d %s", lineno, f[0]);
    h_streq(h, got, f[2], what, f[1]);

    /* written back as Markdown and read again: the same text and spans */
    pc_buf md = PC_BUF_INIT, back = PC_BUF_INIT;
    pc_spanlist spans2 = {0};
    pc_markup_to_markdown(text.ptr, &spans, &md);
    pc_markup_from_markdown(md.ptr, md.len, &back, &spans2, NULL);
    char *again = as_html(back.ptr, &spans2);
    snprintf(what, sizeof what, "markup.tsv:%d Markdown round trip", lineno);
    h_streq(h, again, got, what, md.ptr);
    free(again);

    /* and as CSL's tags (text that holds tags itself cannot round-trip) */
    if (!strchr(text.ptr, '<')) {
        pc_buf_clear(&back);
        pc_spanlist_clear(&spans2);
        pc_markup_from_html(got, strlen(got), &back, &spans2, NULL);
        again = as_html(back.ptr, &spans2);
        snprintf(what, sizeof what, "markup.tsv:%d HTML round trip", lineno);
        h_streq(h, again, got, what, got);
        h_streq(h, back.ptr, text.ptr, "  and the plain text", got);
        free(again);
    }
    free(got);
    pc_buf_free(&md);
    pc_buf_free(&back);
    pc_buf_free(&text);
    pc_spanlist_clear(&spans);
    pc_spanlist_clear(&spans2);
}

/* Spans from a careless reader must never make the writers emit broken
 * markup: out of range, inside a UTF-8 character, crossing, reversed. */
static void walk_guard(harness *h)
{
    const char *t = "caf\xC3\xA9 bar baz"; /* "café bar baz", 13 bytes */
    pc_spanlist l = {0};
    pc_spanlist_push(&l, 0, 4, PC_MARK_ITALIC);   /* "caf" + half of é */
    pc_spanlist_push(&l, 6, 9, PC_MARK_BOLD);     /* "bar" */
    pc_spanlist_push(&l, 8, 12, PC_MARK_ITALIC);  /* crosses "bar" */
    pc_spanlist_push(&l, 11, 40, PC_MARK_ITALIC); /* past the end */
    pc_spanlist_push(&l, 12, 12, PC_MARK_BOLD);   /* empty */
    pc_spanlist_push(&l, 3, 1, PC_MARK_BOLD);     /* reversed */
    char *got = as_html(t, &l);
    h_streq(h, got, "caf\xC3\xA9 <b>bar</b> baz", "walk skips spans it cannot render", t);
    free(got);
    pc_buf md = PC_BUF_INIT;
    pc_markup_to_markdown(t, &l, &md);
    h_streq(h, md.ptr, "caf\xC3\xA9 **bar** baz", "and so does the Markdown writer", t);
    pc_buf_free(&md);
    pc_spanlist_clear(&l);

    /* our marker characters in an input are not markup */
    pc_buf b = PC_BUF_INIT;
    const char *in = "a \xEF\xB7\x90x\xEF\xB7\x91 \\emph{b}";
    pc_latex_decode_marked(in, strlen(in), &b, NULL, &l, NULL);
    h_result(h, l.n == 0 && strstr(b.ptr, "\xEF\xB7\x90") != NULL,
             "an input holding marker characters gets no spans and keeps them as text");
    pc_buf_free(&b);
    pc_spanlist_clear(&l);
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    int n = h_table(&h, "tests/data/markup.tsv", row);
    h_result(&h, n >= 40, "markup.tsv has at least 40 cases (%d)", n);
    walk_guard(&h);
    return h_done(&h);
}
