/* SPDX-License-Identifier: MIT */
/* test_latex_hostile.c — the LaTeX, markup and BibTeX-name code on hostile
 * shapes (issue 12):
 *   - nesting far past PC_LATEX_MAX_DEPTH returns, keeps the text and
 *     reports it; nesting within the bound reports nothing;
 *   - every shape runs in time linear in its size: the CPU time at 10x the
 *     size is at most 15x (plus 30 ms for the clock's grain), where the
 *     quadratic scans these shapes once hit took 100x;
 *   - the brace table match_brace switches to once its direct scans have
 *     run too long gives what the direct scans give: every latex_decode.tsv
 *     input and random brace soups decode the same after a prefix that
 *     uses up the scan budget as alone. */
#include "harness.h"
#include "text/latex.h"
#include "text/markup.h"
#include "text/names_bibtex.h"

#include <stdint.h>
#include <time.h>

/* ---- deep nesting ---------------------------------------------------------- */

/* s = open x n + mid + close x n */
static char *nest(const char *open, const char *mid, const char *close, size_t n)
{
    pc_buf b = PC_BUF_INIT;
    for (size_t i = 0; i < n; i++)
        pc_buf_puts(&b, open);
    pc_buf_puts(&b, mid);
    for (size_t i = 0; i < n; i++)
        pc_buf_puts(&b, close);
    return pc_buf_detach(&b);
}

static void deep(harness *h, const char *what, const char *open, const char *close, size_t n,
                 bool want_deep, const char *want_text)
{
    char *s = nest(open, "e", close, n);
    pc_buf out = PC_BUF_INIT;
    pc_spanlist spans = {0};
    pc_latex_report rep = {0};
    pc_latex_decode_marked(s, strlen(s), &out, NULL, &spans, &rep);
    bool ok = want_deep ? rep.n_too_deep > 0 && rep.first_too_deep < strlen(s)
                        : rep.n_too_deep == 0;
    h_result(h, ok, "%s x %zu: %s", what, n, want_deep ? "returns, too deep reported" : "nothing too deep");
    if (!ok)
        printf("#   n_too_deep %zu, first at %zu\n", rep.n_too_deep, rep.first_too_deep);
    if (want_text)
        h_streq(h, out.ptr, want_text, "decoded text of", what);
    else
        h_result(h, strchr(out.ptr, 'e') != NULL, "%s x %zu: the text is kept", what, n);
    pc_buf_free(&out);
    pc_spanlist_clear(&spans);
    free(s);
}

static void test_deep(harness *h)
{
    deep(h, "\\'{", "\\'{", "}", 40000, true, NULL);
    deep(h, "\\emph{", "\\emph{", "}", 50000, true, NULL);
    deep(h, "{", "{", "}", 100000, true, "e");
    deep(h, "\\textbf{\\href{u}{", "\\textbf{\\href{u}{", "}}", 20000, true, NULL);
    deep(h, "\\emph{ within the bound", "\\emph{", "}", PC_LATEX_MAX_DEPTH, false, "e");
    deep(h, "{ within the bound", "{", "}", PC_LATEX_MAX_DEPTH, false, "e");
}

/* ---- linear time ------------------------------------------------------------- */

typedef struct shape {
    const char *name;
    void (*make)(pc_buf *b, size_t n); /* about n units of the shape */
    void (*run)(const char *s, size_t n);
    size_t n; /* the smaller size */
} shape;

static void rep_str(pc_buf *b, const char *unit, size_t n)
{
    for (size_t i = 0; i < n; i++)
        pc_buf_puts(b, unit);
}

static void mk_unclosed(pc_buf *b, size_t n) { rep_str(b, "{", n); pc_buf_puts(b, "a"); }
static void mk_nested(pc_buf *b, size_t n) { rep_str(b, "{", n); pc_buf_puts(b, "a"); rep_str(b, "}", n); }
static void mk_foo(pc_buf *b, size_t n) { rep_str(b, "\\foo{\\}", n); }
static void mk_dollar(pc_buf *b, size_t n) { pc_buf_puts(b, "x $ "); rep_str(b, "\\'\\$ a", n); }
static void mk_paren(pc_buf *b, size_t n) { rep_str(b, "\\( a ", n); }
static void mk_emph_open(pc_buf *b, size_t n) { rep_str(b, "\\emph{ a ", n); }
static void mk_emph_many(pc_buf *b, size_t n) { rep_str(b, "\\emph{a} ", n); }
static void mk_accent(pc_buf *b, size_t n) { rep_str(b, "\\'{", n); pc_buf_puts(b, "e"); rep_str(b, "}", n); }
static void mk_protected(pc_buf *b, size_t n) { rep_str(b, "{W} ", n); }
static void mk_esc_dollar(pc_buf *b, size_t n) { pc_buf_puts(b, "$"); rep_str(b, "\\$", n); }
static void mk_braces(pc_buf *b, size_t n) { rep_str(b, "a{", n); rep_str(b, "}", n); }
static void mk_md_emph(pc_buf *b, size_t n) { rep_str(b, "*a* ", n); }
static void mk_md_nocase(pc_buf *b, size_t n) { rep_str(b, "[W]{.nocase} ", n); }
static void mk_md_open(pc_buf *b, size_t n) { rep_str(b, "*a [", n); }
static void mk_html(pc_buf *b, size_t n) { rep_str(b, "<i>a</i> ", n); }
static void mk_html_open(pc_buf *b, size_t n) { rep_str(b, "<i>a ", n); }
static void mk_words(pc_buf *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        pc_buf_printf(b, "%sW%zu", i ? " " : "", i);
}
static void mk_spaces(pc_buf *b, size_t n) { pc_buf_puts(b, "A"); rep_str(b, " \t", n); pc_buf_puts(b, "B"); }
static void mk_opt_open(pc_buf *b, size_t n) { rep_str(b, "\\foo[a ", n); }
static void mk_opt_args(pc_buf *b, size_t n) { rep_str(b, "\\foo[a][b]{c} ", n); }
static void mk_tex_groups(pc_buf *b, size_t n) { rep_str(b, "{\\foo{", n); rep_str(b, "x}}", n); }
static void mk_tex_unclosed(pc_buf *b, size_t n) { rep_str(b, "{\\foo{x} ", n); }
static void mk_scripts(pc_buf *b, size_t n) { rep_str(b, "\\textsuperscript{12}\\textsubscript{a} ", n); }
static void mk_script_long(pc_buf *b, size_t n) { pc_buf_puts(b, "\\textsuperscript{"); rep_str(b, "1 ", n); pc_buf_puts(b, "}"); }
static void mk_quotes(pc_buf *b, size_t n) { rep_str(b, "\\enquote{a ", n); }
static void mk_upper(pc_buf *b, size_t n) { rep_str(b, "\\MakeUppercase{a $x$ \\foo{b}} ", n); }
static void mk_emph_toggle(pc_buf *b, size_t n) { rep_str(b, "\\emph{a \\emph{b} ", n); rep_str(b, "}", n); }
static void mk_ligatures(pc_buf *b, size_t n) { rep_str(b, ",,a<<b>>c,d<e>", n); }
static void mk_md_scripts(pc_buf *b, size_t n) { rep_str(b, "^a ~b ^c^ ~d~ ", n); }
static void mk_md_caret(pc_buf *b, size_t n) { rep_str(b, "^", n); }
static void mk_unknown_names(pc_buf *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        pc_buf_printf(b, "\\u%c%c%c ", (int)('a' + i % 26), (int)('a' + i / 26 % 26), (int)('a' + i / 676 % 26));
}

static void run_decode(const char *s, size_t n)
{
    pc_buf out = PC_BUF_INIT;
    pc_strlist prot = {0};
    pc_latex_decode(s, n, &out, &prot, NULL);
    pc_strlist_clear(&prot);
    pc_buf_free(&out);
}

static void run_marked(const char *s, size_t n)
{
    pc_buf out = PC_BUF_INIT;
    pc_spanlist spans = {0};
    pc_latex_decode_marked(s, n, &out, NULL, &spans, NULL);
    pc_spanlist_clear(&spans);
    pc_buf_free(&out);
}

/* marked, as a reader does it: a run's set of reported names */
static void run_reported(const char *s, size_t n)
{
    pc_buf out = PC_BUF_INIT;
    pc_spanlist spans = {0};
    pc_latex_seen seen = {0};
    pc_latex_report rep = {.seen = &seen};
    pc_latex_decode_marked(s, n, &out, NULL, &spans, &rep);
    pc_latex_seen_free(&seen);
    pc_spanlist_clear(&spans);
    pc_buf_free(&out);
}

/* decoded with markup and written back as the BibTeX writer does */
static void run_rich(const char *s, size_t n)
{
    pc_buf out = PC_BUF_INIT, enc = PC_BUF_INIT;
    pc_text t = {0};
    pc_latex_decode_marked(s, n, &out, &t.protected_words, &t.markup, NULL);
    t.s = out.ptr;
    pc_latex_encode_rich(&t, &enc, PC_TEX_MATH | PC_TEX_TITLE, NULL);
    pc_spanlist_clear(&t.markup);
    pc_strlist_clear(&t.protected_words);
    pc_buf_free(&out);
    pc_buf_free(&enc);
}

static void run_encode(const char *s, size_t n)
{
    pc_buf out = PC_BUF_INIT;
    pc_latex_encode(s, n, &out, PC_TEX_MATH, NULL);
    pc_buf md = PC_BUF_INIT;
    pc_markup_to_markdown(s, NULL, &md);
    pc_buf_free(&md);
    pc_buf_free(&out);
}

/* read as Markdown or HTML, then written as Markdown and HTML */
static void read_write(const char *s, size_t n, bool html)
{
    pc_buf out = PC_BUF_INIT, md = PC_BUF_INIT, ht = PC_BUF_INIT;
    pc_spanlist spans = {0};
    pc_strlist nocase = {0};
    if (html)
        pc_markup_from_html(s, n, &out, &spans, &nocase);
    else
        pc_markup_from_markdown(s, n, &out, &spans, &nocase);
    pc_markup_to_markdown(out.ptr, &spans, &md);
    pc_markup_to_html(out.ptr, &spans, &ht);
    pc_strlist_clear(&nocase);
    pc_spanlist_clear(&spans);
    pc_buf_free(&out);
    pc_buf_free(&md);
    pc_buf_free(&ht);
}
static void run_markdown(const char *s, size_t n) { read_write(s, n, false); }
static void run_html(const char *s, size_t n) { read_write(s, n, true); }

/* every word protected: the CSL writers' nocase spans */
static void run_nocase(const char *s, size_t n)
{
    pc_strlist words = {0};
    for (size_t i = 0; i < n;) {
        size_t st = i;
        while (i < n && s[i] != ' ')
            i++;
        char *w = pc_xstrndup(s + st, i - st);
        pc_strlist_push(&words, w);
        free(w);
        i++;
    }
    pc_spanlist out = {0};
    pc_buf md = PC_BUF_INIT;
    pc_markup_with_nocase(s, NULL, &words, &out);
    pc_markup_to_markdown(s, &out, &md);
    pc_buf_free(&md);
    pc_spanlist_clear(&out);
    pc_strlist_clear(&words);
}

/* n "A", then n "A" and a "B" protected as one run (the second half of s):
 * a run compared word by word at each place would cost n^2 */
static void mk_run_prefix(pc_buf *b, size_t n)
{
    rep_str(b, "A ", 2 * n);
    pc_buf_putc(b, 'B');
}
static void run_prefix(const char *s, size_t n)
{
    pc_strlist words = {0};
    pc_strlist_push(&words, s + (n - 1) / 2);
    pc_spanlist out = {0};
    pc_markup_with_nocase(s, NULL, &words, &out);
    pc_spanlist_clear(&out);
    pc_strlist_clear(&words);
}

static void run_names(const char *s, size_t n)
{
    pc_record rec;
    pc_record_init(&rec);
    pc_bibtex_names_parse_list(s, n, pc_record_names_mut(&rec, PC_F_AUTHOR), NULL);
    pc_record_clear(&rec);
}

/* CPU seconds of the fastest of three runs */
static double cpu(const shape *sh, const char *s, size_t n)
{
    double best = 1e9;
    for (int k = 0; k < 3; k++) {
        clock_t a = clock();
        sh->run(s, n);
        double t = (double)(clock() - a) / CLOCKS_PER_SEC;
        if (t < best)
            best = t;
    }
    return best;
}

static void test_linear(harness *h)
{
    static const shape shapes[] = {
        {"decode: unclosed {", mk_unclosed, run_decode, 5000},
        {"decode: nested {...}", mk_nested, run_decode, 5000},
        {"decode: \\foo{\\}", mk_foo, run_decode, 2000},
        {"decode: unclosed $ after \\'\\$", mk_dollar, run_decode, 3000},
        {"decode: unclosed \\(", mk_paren, run_decode, 3000},
        {"decode: unclosed \\emph{", mk_emph_open, run_marked, 2000},
        {"decode: \\emph{a} spans", mk_emph_many, run_marked, 3000},
        {"decode: nested \\'{", mk_accent, run_decode, 4000},
        {"decode: {W} protected", mk_protected, run_decode, 5000},
        {"encode: $\\$\\$...", mk_esc_dollar, run_encode, 5000},
        {"encode: literal braces", mk_braces, run_encode, 5000},
        {"markdown: *a* spans", mk_md_emph, run_markdown, 3000},
        {"markdown: [W]{.nocase}", mk_md_nocase, run_markdown, 3000},
        {"markdown: unclosed * and [", mk_md_open, run_markdown, 3000},
        {"html: <i>a</i> spans", mk_html, run_html, 3000},
        {"html: unclosed <i>", mk_html_open, run_html, 3000},
        {"nocase spans for every word", mk_words, run_nocase, 3000},
        {"nocase: a run that almost matches everywhere", mk_run_prefix, run_prefix, 3000},
        {"BibTeX names: long white space", mk_spaces, run_names, 5000},
        {"decode: unclosed \\foo[", mk_opt_open, run_marked, 3000},
        {"decode: \\foo[a][b]{c}", mk_opt_args, run_rich, 3000},
        {"decode: nested {\\foo{", mk_tex_groups, run_rich, 2000},
        {"decode: {\\foo{x} unclosed groups", mk_tex_unclosed, run_rich, 2000},
        {"decode: \\textsuperscript", mk_scripts, run_rich, 3000},
        {"decode: one long \\textsuperscript", mk_script_long, run_rich, 5000},
        {"decode: unclosed \\enquote{", mk_quotes, run_marked, 3000},
        {"decode: \\MakeUppercase", mk_upper, run_rich, 2000},
        {"decode: \\emph in \\emph", mk_emph_toggle, run_rich, 3000},
        {"decode: ,, << >> ligatures", mk_ligatures, run_rich, 3000},
        {"decode: distinct unknown commands, reported", mk_unknown_names, run_reported, 2000},
        {"markdown: ^ and ~", mk_md_scripts, run_markdown, 3000},
        {"markdown: ^^^^", mk_md_caret, run_markdown, 5000},
    };
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
        const shape *sh = &shapes[i];
        pc_buf small = PC_BUF_INIT, large = PC_BUF_INIT;
        sh->make(&small, sh->n);
        sh->make(&large, 10 * sh->n);
        double t1 = cpu(sh, small.ptr, small.len), t10 = cpu(sh, large.ptr, large.len);
        h_result(h, t10 <= 15 * t1 + 0.03, "linear: %s (%zu bytes %.4fs, %zu bytes %.4fs)", sh->name,
                 small.len, t1, large.len, t10);
        pc_buf_free(&small);
        pc_buf_free(&large);
    }
}

/* ---- the brace table against the direct scans ----------------------------- */

/* A group nested 2000 deep: matching its braces one scan at a time takes
 * ~4 million bytes, far past the budget (8 bytes per input byte), so what
 * follows it is decoded with the table. */
static char *prefix(void) { return nest("{", "x", "}", 2000); }

static int same_after_prefix(const char *pre, const char *y, long *shown)
{
    pc_buf alone = PC_BUF_INIT, both = PC_BUF_INIT, in = PC_BUF_INIT, a_html = PC_BUF_INIT,
           b_html = PC_BUF_INIT, want = PC_BUF_INIT;
    pc_spanlist a_sp = {0}, b_sp = {0};
    pc_strlist a_prot = {0}, b_prot = {0};
    pc_latex_decode_marked(y, strlen(y), &alone, &a_prot, &a_sp, NULL);
    pc_buf_puts(&in, pre);
    pc_buf_putc(&in, ' ');
    pc_buf_puts(&in, y);
    pc_latex_decode_marked(in.ptr, in.len, &both, &b_prot, &b_sp, NULL);
    pc_markup_to_html(alone.ptr, &a_sp, &a_html);
    pc_markup_to_html(both.ptr, &b_sp, &b_html);
    pc_buf_puts(&want, "x");
    if (a_html.len)
        pc_buf_putc(&want, ' ');
    pc_buf_put(&want, a_html.ptr, a_html.len);
    int ok = strcmp(want.ptr, b_html.ptr) == 0 && a_prot.n == b_prot.n;
    for (size_t k = 0; ok && k < a_prot.n; k++)
        ok = strcmp(a_prot.items[k], b_prot.items[k]) == 0;
    if (!ok && (*shown)++ < 5)
        printf("# [%s]\n#   alone: [%s]\n#   after the prefix: [%s]\n", y, a_html.ptr, b_html.ptr);
    pc_buf_free(&alone);
    pc_buf_free(&both);
    pc_buf_free(&in);
    pc_buf_free(&a_html);
    pc_buf_free(&b_html);
    pc_buf_free(&want);
    pc_spanlist_clear(&a_sp);
    pc_spanlist_clear(&b_sp);
    pc_strlist_clear(&a_prot);
    pc_strlist_clear(&b_prot);
    return ok;
}

static char *g_prefix;
static long g_bad, g_rows, g_shown;

static void table_row(harness *h, char **f, int nf, int lineno)
{
    (void)h;
    (void)lineno;
    if (nf < 1)
        return;
    g_rows++;
    g_bad += !same_after_prefix(g_prefix, f[0], &g_shown);
}

static void test_brace_table(harness *h)
{
    g_prefix = prefix();
    h_table(h, "tests/data/latex_decode.tsv", table_row);
    h_result(h, g_rows > 100 && g_bad == 0,
             "brace table: latex_decode.tsv inputs decode the same after the prefix (%ld of %ld differ)",
             g_bad, g_rows);
    static const char *const units[] = {"{", "}", "{", "}", "\\", "a", "B", " ", "\\'", "\\emph",
                                        "\\foo", "$", "~", "--", "\\{", "\\}", "{\\em ", "\\v",
                                        "[", "]", "\\textsuperscript", "1", "\\enquote",
                                        "\\MakeUppercase", "\\(", "\\)", ",,"};
    uint32_t seed = 12345;
    long bad = 0, shown = 0;
    const int cases = 3000;
    for (int c = 0; c < cases; c++) {
        char y[256];
        size_t len = 0;
        seed = seed * 1103515245u + 12345u;
        int k = 1 + (int)(seed >> 16) % 24;
        for (int q = 0; q < k; q++) {
            seed = seed * 1103515245u + 12345u;
            const char *u = units[(seed >> 16) % (sizeof units / sizeof *units)];
            size_t ul = strlen(u);
            memcpy(y + len, u, ul);
            len += ul;
        }
        y[len] = '\0';
        bad += !same_after_prefix(g_prefix, y, &shown);
    }
    h_result(h, bad == 0, "brace table: %d random brace soups decode the same after the prefix (%ld differ)",
             cases, bad);
    free(g_prefix);
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    test_deep(&h);
    test_linear(&h);
    test_brace_table(&h);
    return h_done(&h);
}
