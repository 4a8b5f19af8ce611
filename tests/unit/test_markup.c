/* SPDX-License-Identifier: MIT */
/* test_markup.c — markup spans (src/text/markup.c): LaTeX, CSL tags and
 * pandoc Markdown read from tests/data/markup.tsv, each row written back
 * as Markdown and as HTML and read again; the walk's guard against spans
 * it cannot render; how each writer shows a TeX span. */
#include "harness.h"
#include "text/latex.h"
#include "text/markup.h"

static void show_text(void *u, const char *s, size_t from, size_t to)
{
    pc_buf_put(u, s + from, to - from);
}
static const char *const tag[] = {"", "i", "b", "nocase", "tex", "sup", "sub"};
static void show_open(void *u, pc_mark m) { pc_buf_printf(u, "<%s>", tag[m]); }
static void show_close(void *u, pc_mark m) { pc_buf_printf(u, "</%s>", tag[m]); }

/* text + spans -> "<i>..</i>" form: CSL's tags (<i>, <b>, <sup>, <sub>),
 * and <tex>...</tex> around a TeX span (which CSL shows as plain text);
 * without_tex: the TeX spans left out */
static char *render(const char *text, const pc_spanlist *spans, bool without_tex)
{
    static const pc_markup_sink sink = {.text = show_text, .open = show_open, .close = show_close,
                                        .marks = 1u << PC_MARK_TEX | 1u << PC_MARK_SUP |
                                                 1u << PC_MARK_SUB};
    static const pc_markup_sink no_tex = {.text = show_text, .open = show_open,
                                          .close = show_close,
                                          .marks = 1u << PC_MARK_SUP | 1u << PC_MARK_SUB};
    pc_buf b = PC_BUF_INIT;
    pc_markup_walk(text, strlen(text), spans, without_tex ? &no_tex : &sink, &b);
    return pc_buf_detach(&b);
}

static char *as_html(const char *text, const pc_spanlist *spans)
{
    return render(text, spans, false);
}

/* Whether spans holds a span of mark m. */
static bool has_mark(const pc_spanlist *spans, pc_mark m)
{
    for (size_t i = 0; i < spans->n; i++)
        if (spans->items[i].mark == m)
            return true;
    return false;
}

static void row(harness *h, char **f, int nf, int lineno)
{
    if (nf < 3) {
        h_result(h, 0, "markup.tsv:%d: needs 3 fields", lineno);
        return;
    }
    h_unescape_nl(f[1]);
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

    /* the CSL-JSON writer: the same, a TeX span as plain text */
    pc_buf csl = PC_BUF_INIT;
    pc_markup_to_html(text.ptr, &spans, &csl);
    char *plain_tex = render(text.ptr, &spans, true);
    snprintf(what, sizeof what, "markup.tsv:%d CSL tags", lineno);
    h_streq(h, csl.ptr, plain_tex, what, f[1]);
    pc_buf_free(&csl);

    /* written back as Markdown and read again: the same text and spans (a
     * TeX span comes back as text: Markdown has no TeX to keep) */
    pc_buf md = PC_BUF_INIT, back = PC_BUF_INIT;
    pc_spanlist spans2 = {0};
    pc_markup_to_markdown(text.ptr, &spans, &md);
    pc_markup_from_markdown(md.ptr, md.len, &back, &spans2, NULL);
    char *again = as_html(back.ptr, &spans2);
    snprintf(what, sizeof what, "markup.tsv:%d Markdown round trip", lineno);
    h_streq(h, again, plain_tex, what, md.ptr);
    free(again);
    free(plain_tex);

    /* and as CSL's tags (text that holds tags itself cannot round-trip, nor
     * super/subscripts and TeX, which the HTML reader does not read) */
    if (!strchr(text.ptr, '<') && !has_mark(&spans, PC_MARK_SUP) &&
        !has_mark(&spans, PC_MARK_SUB) && !has_mark(&spans, PC_MARK_TEX)) {
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

/* Spans as "start-end" pairs. */
static char *spans_str(const pc_spanlist *l)
{
    pc_buf b = PC_BUF_INIT;
    for (size_t i = 0; i < l->n; i++)
        pc_buf_printf(&b, "%s%zu-%zu", i ? " " : "", l->items[i].start, l->items[i].end);
    return pc_buf_detach(&b);
}

/* Protected words found in a text: a few one-word entries (found without
 * the trie) give what the trie gives for the same entries among more
 * (five or more entries, four of them found nowhere). */
static void nocase_few(harness *h)
{
    static const char *const texts[] = {
        "The {DNA} of DNA and RNA: DNA, (DNA) DNA-binding dna",
        "  DNA  DNA RNA  ", "RNA Polymerase II and RNA", "", "DNA", "--- DNA ---"};
    /* entry sets: one word, two, with punctuation and spaces, punctuation alone, another case */
    static const char *const sets[][3] = {{"DNA", NULL}, {"DNA", "RNA", NULL}, {"DNA,", "  RNA ", NULL},
                                          {"---", "DNA", NULL}, {"dna", NULL}};
    for (size_t t = 0; t < sizeof texts / sizeof *texts; t++)
        for (size_t k = 0; k < sizeof sets / sizeof *sets; k++) {
            pc_strlist few = {0}, many = {0};
            for (size_t i = 0; sets[k][i]; i++) {
                pc_strlist_push(&few, sets[k][i]);
                pc_strlist_push(&many, sets[k][i]);
            }
            for (int i = 0; i < 4; i++)
                pc_strlist_push(&many, i % 2 ? "Zq Xv" : "Qqzz");
            pc_spanlist a = {0}, b = {0};
            pc_markup_with_nocase(texts[t], NULL, &few, &a);
            pc_markup_with_nocase(texts[t], NULL, &many, &b);
            char *sa = spans_str(&a), *sb = spans_str(&b);
            h_streq(h, sa, sb, "one-word protected runs: the few-entries path finds what the trie finds", texts[t]);
            free(sa);
            free(sb);
            pc_spanlist_clear(&a);
            pc_spanlist_clear(&b);
            pc_strlist_clear(&few);
            pc_strlist_clear(&many);
        }
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    int n = h_table(&h, "tests/data/markup.tsv", row);
    h_result(&h, n >= 40, "markup.tsv has at least 40 cases (%d)", n);
    walk_guard(&h);
    nocase_few(&h);
    return h_done(&h);
}
