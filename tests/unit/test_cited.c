/* SPDX-License-Identifier: MIT */
/* test_cited.c — citation sources (src/ops/cited.c): the cases of
 * tests/data/cited.tsv from memory; .aux files on disk with \@input
 * (nested, a cycle, a missing file), \bibdata; a .bcf; parents through
 * crossref; missing keys; detection; and the hostile shapes (an .aux of a
 * million citations built in memory, Markdown of a million citations,
 * backtick runs of every length) in linear time. */
#include "harness.h"
#include "ops/cited.h"
#include "util/buf.h"

#include <stdlib.h>
#include <time.h>

static pc_buf diags = PC_BUF_INIT;

static void keep_diag(void *u, const pc_diag *d)
{
    (void)u;
    pc_buf_printf(&diags, "%s:%lu:%lu: %s\n", d->file, d->line, d->col, d->message);
}

/* "\\" -> "\", "\n" -> newline, in place. */
static void unescape(char *s)
{
    char *o = s;
    for (char *p = s; *p; p++) {
        if (p[0] == '\\' && (p[1] == '\\' || p[1] == 'n')) {
            *o++ = p[1] == 'n' ? '\n' : '\\';
            p++;
        } else {
            *o++ = *p;
        }
    }
    *o = '\0';
}

static void add_shown(void *u, const pc_citation *cit)
{
    pc_buf *b = u;
    pc_buf_printf(b, "%s%s@%lu:%lu", b->len ? " " : "", cit->key, cit->line, cit->col);
}

static void row(harness *h, char **f, int nf, int lineno)
{
    if (nf < 3) {
        h_result(h, 0, "cited.tsv:%d: needs 3 fields", lineno);
        return;
    }
    static const struct {
        const char *name;
        pc_cited_kind kind;
    } kinds[] = {{"aux", PC_CITED_AUX}, {"md", PC_CITED_MARKDOWN}, {"list", PC_CITED_LIST},
                 {"detect", PC_CITED_NONE}};
    pc_cited_kind kind = PC_CITED_NONE;
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
        if (!strcmp(f[0], kinds[i].name))
            kind = kinds[i].kind;
    unescape(f[1]);
    pc_ctx ctx;
    pc_ctx_init(&ctx, keep_diag, NULL);
    pc_cited *c = pc_cited_new();
    pc_cited_read_mem(c, &ctx, "in", f[1], strlen(f[1]), kind);
    pc_buf got = PC_BUF_INIT;
    pc_cited_each_missing(c, add_shown, &got);
    if (pc_cited_all(c))
        pc_buf_printf(&got, "%s*", got.len ? " " : "");
    char what[64];
    snprintf(what, sizeof what, "cited.tsv:%d %s", lineno, f[0]);
    h_streq(h, got.ptr, f[2], what, NULL); /* the input may hold newlines */
    pc_buf_free(&got);
    pc_cited_free(c);
    pc_ctx_free(&ctx);
}

static void on_disk(harness *h)
{
    char path[1024];
    pc_ctx ctx;
    pc_ctx_init(&ctx, keep_diag, NULL);
    pc_cited *c = pc_cited_new();
    pc_buf_clear(&diags);
    /* main.aux includes ch/one.aux (which includes ch/two.aux and main.aux
     * again: a cycle) and missing.aux; \@input names are relative to
     * main.aux's folder */
    snprintf(path, sizeof path, "%s/tests/data/cited/main.aux", h->root);
    h_result(h, pc_cited_read_file(c, &ctx, path, PC_CITED_NONE), "main.aux read");
    pc_buf got = PC_BUF_INIT;
    pc_cited_each_missing(c, add_shown, &got);
    h_streq(h, got.ptr, "alpha@2:11 beta@2:17 gamma@2:11 delta@1:11", "main.aux and its \\@input files",
            NULL);
    const pc_citation *g = pc_cited_find(c, "gamma", 5), *a = pc_cited_find(c, "alpha", 5);
    h_result(h, g && strstr(g->file, "ch/one.aux") && a && a->count == 2,
             "gamma is cited in ch/one.aux; alpha twice");
    h_result(h, strstr(diags.ptr, "main.aux:4:9: \\@input file") &&
                    strstr(diags.ptr, "missing.aux cannot be read"),
             "a missing \\@input file: a warning at its \\@input (%s)", diags.ptr);
    const pc_strlist *bd = pc_cited_bibdata(c);
    h_result(h, bd->n == 2 && strstr(bd->items[0], "cited/refs.bib") &&
                    strstr(bd->items[1], "cited/other.bib"),
             "\\bibdata: refs.bib and other.bib beside main.aux");

    /* missing keys after marking, parents */
    pc_cited_mark(c, "alpha", 5);
    pc_cited_mark(c, "delta", 5);
    h_result(h, !pc_cited_mark(c, "omega", 5), "an uncited key is not wanted");
    pc_buf_clear(&got);
    pc_cited_each_missing(c, add_shown, &got);
    h_streq(h, got.ptr, "beta@2:17 gamma@2:11", "the cited keys no input had", NULL);
    pc_record child, other;
    pc_record_init(&child);
    pc_record_init(&other);
    child.key = pc_xstrdup("beta");
    pc_record_add_extra(&child, "bibtex", "crossref", 8, "book1", 5);
    pc_record_add_extra(&child, "bibtex", "xdata", 5, "x1, x2", 6);
    other.key = pc_xstrdup("uncited");
    pc_record_add_extra(&other, "bibtex", "crossref", 8, "book2", 5);
    pc_cited_note_parents(c, &child);
    pc_cited_note_parents(c, &other);
    h_result(h, pc_cited_wants(c, "book1", 5, 1) && !pc_cited_wants(c, "book1", 5, 2) &&
                    pc_cited_wants(c, "x2", 2, 1) && !pc_cited_wants(c, "book2", 5, 1) &&
                    pc_cited_wants(c, "beta", 4, 2),
             "parents: one cited child is enough for min-crossrefs 1, not 2");
    pc_cited_note_parents(c, &(pc_record){.key = "alpha", .extras = child.extras, .n_extras = 1});
    h_result(h, pc_cited_wants(c, "book1", 5, 2), "two cited children: min-crossrefs 2");
    pc_buf_clear(&got);
    pc_cited_each_missing(c, add_shown, &got);
    h_streq(h, got.ptr, "beta@2:17 gamma@2:11", "parents are not missing citations", NULL);
    pc_record_clear(&child);
    pc_record_clear(&other);
    pc_cited_free(c);

    c = pc_cited_new();
    snprintf(path, sizeof path, "%s/tests/data/cited/doc.bcf", h->root);
    h_result(h, pc_cited_read_file(c, &ctx, path, PC_CITED_NONE), "doc.bcf read");
    pc_buf_clear(&got);
    pc_cited_each_missing(c, add_shown, &got);
    h_streq(h, got.ptr, "knuth84@7:0 lamport&co@8:0", "the .bcf's citekeys", NULL);
    h_result(h, pc_cited_bibdata(c)->n == 1 && !strcmp(pc_cited_bibdata(c)->items[0], "refs.bib"),
             "the .bcf's datasource");
    pc_buf_clear(&diags);
    h_result(h, !pc_cited_read_file(c, &ctx, "/nonexistent/x.aux", PC_CITED_NONE) &&
                    strstr(diags.ptr, "cannot read"),
             "a file that cannot be read: an error");
    const char *bad = "<?xml version=\"1.0\"?><bcf:controlfile xmlns:bcf=\"b\">\n"
                      "<bcf:citekey>ok</bcf:citekey>\n<bcf:citekey>";
    pc_buf_clear(&diags);
    pc_cited_read_mem(c, &ctx, "bad.bcf", bad, strlen(bad), PC_CITED_NONE);
    h_result(h, pc_cited_find(c, "ok", 2) && strstr(diags.ptr, "not well-formed"),
             "a truncated .bcf: the keys before the damage, a warning");
    const char *ent = "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
                      "<bcf:controlfile xmlns:bcf=\"b\"><bcf:citekey>&e;</bcf:citekey></bcf:controlfile>";
    size_t before = pc_cited_count(c);
    pc_cited_read_mem(c, &ctx, "xxe.bcf", ent, strlen(ent), PC_CITED_BCF);
    h_result(h, pc_cited_count(c) == before, "an external entity is not loaded");
    pc_cited_free(c);
    pc_buf_free(&got);
    pc_ctx_free(&ctx);
    pc_cited_free(NULL);
}

static void detection(harness *h)
{
    h_result(h, pc_cited_detect("x.AUX", "", 0) == PC_CITED_AUX &&
                    pc_cited_detect("a/b.qmd", "", 0) == PC_CITED_MARKDOWN &&
                    pc_cited_detect("b.Rmd", "", 0) == PC_CITED_MARKDOWN &&
                    pc_cited_detect("b.bcf", "", 0) == PC_CITED_BCF &&
                    pc_cited_detect("keys.txt", "a b", 3) == PC_CITED_LIST &&
                    pc_cited_detect("-", "<?xml version='1.0'?><bcf:controlfile", 38) == PC_CITED_BCF &&
                    pc_cited_detect("a.dir/file", "\\citation{x}", 12) == PC_CITED_AUX,
             "detection by extension, then by content");
}

static double cpu(clock_t t0) { return (double)(clock() - t0) / CLOCKS_PER_SEC; }

enum { HOSTILE = 1000000 };

static void hostile(harness *h)
{
    pc_ctx ctx;
    pc_ctx_init(&ctx, keep_diag, NULL);
    pc_buf b = PC_BUF_INIT;
    clock_t t0 = clock();
    for (size_t i = 0; i < HOSTILE; i++)
        pc_buf_printf(&b, "\\citation{k%zu,shared}\n", i % (HOSTILE / 2));
    pc_cited *c = pc_cited_new();
    pc_cited_read_mem(c, &ctx, "big.aux", b.ptr, b.len, PC_CITED_AUX);
    const pc_citation *s = pc_cited_find(c, "shared", 6);
    h_result(h, pc_cited_count(c) == HOSTILE / 2 + 1 && s && s->count == HOSTILE,
             "an .aux of a million \\citation lines: %zu keys", pc_cited_count(c));
    pc_cited_free(c);

    pc_buf_clear(&b);
    for (size_t i = 0; i < HOSTILE; i++)
        pc_buf_printf(&b, "[@k%zu] ", i);
    c = pc_cited_new();
    pc_cited_read_mem(c, &ctx, "big.md", b.ptr, b.len, PC_CITED_MARKDOWN);
    h_result(h, pc_cited_count(c) == HOSTILE, "Markdown of a million citations on one line");
    pc_cited_free(c);

    /* backtick runs of lengths 1, 2, 3, ... none closed, then a citation:
     * matching runs by a table keeps it linear */
    pc_buf_clear(&b);
    for (size_t k = 1; b.len < 4000000; k++) {
        for (size_t j = 0; j < k; j++)
            pc_buf_putc(&b, '`');
        pc_buf_puts(&b, " @x ");
    }
    pc_buf_puts(&b, "@last");
    c = pc_cited_new();
    pc_cited_read_mem(c, &ctx, "ticks.md", b.ptr, b.len, PC_CITED_MARKDOWN);
    h_result(h, pc_cited_find(c, "x", 1) && pc_cited_find(c, "last", 4),
             "4 MB of unclosed backtick runs of every length: the citations between them");
    pc_cited_free(c);

    pc_buf_clear(&b);
    for (size_t i = 0; i < HOSTILE; i++)
        pc_buf_puts(&b, "@");
    c = pc_cited_new();
    pc_cited_read_mem(c, &ctx, "ats.md", b.ptr, b.len, PC_CITED_MARKDOWN);
    pc_buf_clear(&b);
    for (size_t i = 0; i < HOSTILE; i++)
        pc_buf_puts(&b, "@{");
    pc_cited_read_mem(c, &ctx, "braces.md", b.ptr, b.len, PC_CITED_MARKDOWN);
    h_result(h, pc_cited_count(c) == 0, "a million @ and a million unclosed @{: nothing");
    pc_cited_free(c);
    double t = cpu(t0);
    h_result(h, t < 60, "hostile citation sources: %.2f s of CPU (< 60, ASan included)", t);
    pc_buf_free(&b);
    pc_ctx_free(&ctx);
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    h_table(&h, "tests/data/cited.tsv", row);
    on_disk(&h);
    detection(&h);
    hostile(&h);
    pc_buf_free(&diags);
    return h_done(&h);
}
