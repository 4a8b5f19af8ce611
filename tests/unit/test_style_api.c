/* SPDX-License-Identifier: MIT */
/* test_style_api.c — paperconv.h's formatted references (pc_style_*), as a
 * program uses them: records read through the public reader, an engine
 * made from APA (Debian's citation-style-language-styles; the built-in
 * style when it is absent, said so), clusters and a bibliography in every
 * output format.  The bibliography must be the one the -t text / -t html
 * writers make of the same input (pc_convert_buffer: the CLI's route),
 * hostile text must come out escaped, and every misuse is refused or
 * reported: NULL handles, a missing style, text that is not UTF-8, an
 * unknown id, a duplicate key, indexes past the end.  Only paperconv.h
 * is used. */
#include "harness.h"
#include "paperconv.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define OK(h, cond, ...) h_result(h, (cond) ? 1 : 0, __VA_ARGS__)

static const char items[] =
    "[{\"id\":\"smith2020\",\"type\":\"article-journal\",\"title\":\"A <i>Study</i> of <script> & Things\","
    "\"author\":[{\"family\":\"Smith\",\"given\":\"John\"}],\"issued\":{\"date-parts\":[[2020]]},"
    "\"container-title\":\"Journal of Tests\",\"volume\":\"3\",\"page\":\"10-20\"},"
    "{\"id\":\"doe2019\",\"type\":\"book\",\"title\":\"Another Book\",\"author\":[{\"family\":\"Doe\","
    "\"given\":\"Jane\"}],\"issued\":{\"date-parts\":[[2019]]},\"publisher\":\"Pub\"}]";

static const char apa[] = "/usr/share/citation-style-language/styles/apa.csl";

/* The diagnostics heard: their count and the last message. */
typedef struct heard {
    int n;
    char last[512];
} heard;

static void on_diag(void *user, const pc_diag *d)
{
    heard *w = user;
    w->n++;
    snprintf(w->last, sizeof w->last, "%s", d->message);
}

/* Reads the items' records into e; how many were added. */
static size_t add_items(pc_converter *c, pc_style *e)
{
    pc_reader *r = NULL;
    if (pc_reader_open_memory(c, items, sizeof items - 1, "items.json", pc_format_find("csljson"), &r) != PC_OK)
        return 0;
    pc_record *rec = pc_record_new();
    size_t n = 0;
    while (pc_reader_next(r, rec) == PC_OK)
        n += pc_style_add(e, rec) == PC_OK;
    pc_record_free(rec);
    pc_reader_close(r);
    return n;
}

/* The -t FORMAT writer's output of the items, with the style (the CLI's route). */
static char *writer_output(const char *style, const char *to)
{
    pc_converter *c = pc_converter_new();
    char *out = NULL;
    if (style)
        pc_converter_set_string(c, PC_OPT_STYLE, style);
    heard quiet = {0};
    pc_converter_set_diag(c, on_diag, &quiet);
    pc_convert_buffer(c, "csljson", to, items, sizeof items - 1, &out, NULL);
    pc_converter_free(c);
    return out;
}

static void bibliography(harness *h, pc_style *e, const char *style)
{
    OK(h, pc_style_has_bibliography(e), "the style has a bibliography");
    OK(h, pc_style_bib_count(e) == 2, "two entries: %zu", pc_style_bib_count(e));
    /* the text entries, one a line, are the text writer's document */
    char *doc = writer_output(style, "text");
    size_t len = 0;
    char joined[4096] = "";
    for (size_t i = 0; i < pc_style_bib_count(e); i++) {
        char *s = pc_style_bib_entry(e, i, PC_STYLE_TEXT);
        len += (size_t)snprintf(joined + len, sizeof joined - len, "%s\n", s ? s : "(null)");
        pc_free(s);
    }
    h_streq(h, joined, doc ? doc : "(no output)", "bibliography = the text writer's", "text");
    pc_free(doc);
    /* html: the same entry as the html writer's page holds, hostile text escaped */
    char *html = pc_style_bib_entry(e, 1, PC_STYLE_HTML);
    doc = writer_output(style, "html");
    OK(h, html && doc && strstr(doc, html), "html entry 2 is in the html writer's page: %s", html ? html : "");
    OK(h, html && strstr(html, "&#60;script&#62; &#38; Things") && !strstr(html, "<script"),
       "html: <script> and & escaped: %s", html ? html : "");
    OK(h, html && strstr(html, "<i>Study</i>"), "html: the title's own <i> kept");
    pc_free(html);
    pc_free(doc);
    const char *id = pc_style_bib_id(e, 0);
    OK(h, id && !strcmp(id, style ? "doe2019" : id), "entry 1 is doe2019 (APA sorts by author): %s", id ? id : "");
    for (int f = PC_STYLE_HTML; f <= PC_STYLE_LATEX; f++) {
        char *s = pc_style_bib_entry(e, 0, (pc_style_format)f);
        OK(h, s && strstr(s, "Doe"), "format %d: entry 1 names Doe: %s", f, s ? s : "");
        pc_free(s);
    }
    OK(h, !pc_style_bib_entry(e, 2, PC_STYLE_TEXT) && !pc_style_bib_id(e, 2), "past the last entry: NULL");
    OK(h, !pc_style_bib_entry(e, 0, (pc_style_format)99), "an unknown format: NULL");
}

static void clusters(harness *h, pc_style *e, heard *w, bool is_apa)
{
    OK(h, pc_style_cite(e, "smith2020", "12", "page", NULL, NULL, 0) == PC_OK, "a cite");
    OK(h, pc_style_end_cluster(e, 0) == PC_OK, "a cluster of one cite");
    OK(h, pc_style_cite(e, "doe2019", NULL, NULL, "see ", NULL, 0) == PC_OK &&
              pc_style_cite(e, "smith2020", NULL, NULL, NULL, NULL, PC_STYLE_SUPPRESS_AUTHOR) == PC_OK &&
              pc_style_end_cluster(e, 0) == PC_OK,
       "a cluster of two cites");
    OK(h, pc_style_end_cluster(e, 0) == PC_ERR_USAGE, "a cluster without a cite: refused");
    OK(h, pc_style_cluster_count(e) == 2, "two clusters");
    char *s = pc_style_cluster(e, 0, PC_STYLE_TEXT);
    if (is_apa)
        h_streq(h, s ? s : "", "(Smith, 2020, p. 12)", "APA cluster 1", "text");
    else
        OK(h, s && strstr(s, "Smith") && strstr(s, "12"), "cluster 1 names Smith, p. 12: %s", s ? s : "");
    pc_free(s);
    s = pc_style_cluster(e, 1, PC_STYLE_TEXT);
    if (is_apa)
        h_streq(h, s ? s : "", "(see Doe, 2019; 2020)", "APA cluster 2", "text");
    pc_free(s);
    OK(h, !pc_style_cluster(e, 2, PC_STYLE_TEXT), "past the last cluster: NULL");
    int before = w->n;
    OK(h, pc_style_cite(e, "nobody", NULL, NULL, NULL, NULL, 0) == PC_OK && pc_style_end_cluster(e, 0) == PC_OK,
       "a cite of an unknown id is taken");
    s = pc_style_cluster(e, 2, PC_STYLE_TEXT);
    OK(h, w->n > before && strstr(w->last, "nobody"), "... and reported when formatted: %s", w->last);
    pc_free(s);
}

/* A second record with a key already added replaces the first, said. */
static void duplicate(harness *h)
{
    pc_converter *c = pc_converter_new();
    heard w = {0};
    pc_converter_set_diag(c, on_diag, &w);
    pc_style *e = pc_style_new(c, NULL, NULL);
    pc_record *r = pc_record_new();
    const char *titles[] = {"The first", "The second"};
    for (int i = 0; i < 2; i++) {
        pc_record_clear(r);
        pc_record_set_kind(r, pc_kind_by_name("book", 4));
        pc_record_set_key(r, "same");
        pc_record_set_text(r, pc_field_by_name("title", 5), titles[i], strlen(titles[i]));
        pc_style_add(e, r);
    }
    pc_record_free(r);
    char *s = pc_style_bib_entry(e, 0, PC_STYLE_TEXT);
    OK(h, pc_style_bib_count(e) == 1 && s && strstr(s, "second"), "the later record replaces: %s", s ? s : "");
    OK(h, w.n == 1 && strstr(w.last, "\"same\"") && strstr(w.last, "replaces"), "... with a warning: %s", w.last);
    pc_free(s);
    pc_style_free(e);
    pc_converter_free(c);
}

static void misuse(harness *h)
{
    OK(h, pc_style_add(NULL, NULL) == PC_ERR_USAGE, "add: NULL engine");
    OK(h, pc_style_cite(NULL, "x", NULL, NULL, NULL, NULL, 0) == PC_ERR_USAGE &&
              pc_style_end_cluster(NULL, 0) == PC_ERR_USAGE,
       "cite, end_cluster: NULL engine");
    OK(h, !pc_style_count(NULL) && !pc_style_cluster_count(NULL) && !pc_style_bib_count(NULL) &&
              !pc_style_has_bibliography(NULL) && !pc_style_cluster(NULL, 0, PC_STYLE_TEXT) &&
              !pc_style_bib_entry(NULL, 0, PC_STYLE_TEXT) && !pc_style_bib_id(NULL, 0),
       "every reader of a NULL engine: 0 or NULL");
    pc_style_free(NULL);
    pc_converter *c = pc_converter_new();
    heard w = {0};
    pc_converter_set_diag(c, on_diag, &w);
    OK(h, !pc_style_new(c, "no-such-style-anywhere", NULL), "a missing style: NULL");
    OK(h, strstr(pc_converter_errmsg(c), "no-such-style-anywhere") && strstr(w.last, "looked in"),
       "... said, with where it looked: %s", w.last);
    OK(h, !pc_style_new(c, "apa\xFF", NULL), "a style name that is not UTF-8: NULL");
    OK(h, !pc_style_new(c, "<style>not csl", NULL), "a style that is not CSL: NULL (%s)", w.last);
    OK(h, !pc_style_new(c, "\xEF\xBB\xBF  <style>not csl", NULL) && !strstr(w.last, "not found"),
       "style text after a byte-order mark is read as text, not looked for as a name: %s", w.last);
    char long_name[400];
    memset(long_name, 'x', sizeof long_name - 1);
    long_name[sizeof long_name - 1] = '\0';
    OK(h, !pc_style_new(c, long_name, NULL) && strstr(w.last, "...\" not found") && strlen(w.last) < 300,
       "a long missing name is cut in the message: %.60s...", w.last);
    pc_style *e = pc_style_new(c, NULL, "fr-FR");
    OK(h, e != NULL, "the built-in style, in French");
    OK(h, pc_style_cite(e, "x", "\xFF\xFE", NULL, NULL, NULL, 0) == PC_ERR_USAGE, "a locator that is not UTF-8: refused");
    OK(h, pc_style_cite(e, NULL, "1", NULL, NULL, NULL, 0) == PC_ERR_USAGE, "a cite without id: refused");
    OK(h, pc_style_end_cluster(e, 0) == PC_ERR_USAGE, "... neither was added: no cite to end a cluster with");
    OK(h, pc_style_cite(e, "left", NULL, NULL, NULL, NULL, 0) == PC_OK, "a cite left unended (freed with the engine)");
    OK(h, pc_style_add(e, NULL) == PC_ERR_USAGE, "add: NULL record");
    pc_style_free(e);
    pc_style *own = pc_style_new(NULL, NULL, NULL);
    OK(h, own && add_items(NULL, own) == 2 && pc_style_bib_count(own) == 2,
       "an engine without a converter (its own): 2 records added, 2 entries");
    pc_style_free(own);
    duplicate(h);
    pc_converter_free(c);
}

int main(void)
{
    harness h = {0};
    bool have_apa = access(apa, R_OK) == 0;
    if (!have_apa)
        printf("skip - APA cases: no %s (citation-style-language-styles); the built-in style instead\n", apa);
    const char *style = have_apa ? apa : NULL;
    pc_converter *c = pc_converter_new();
    heard w = {0};
    pc_converter_set_diag(c, on_diag, &w);
    pc_style *e = pc_style_new(c, style, NULL);
    OK(&h, e != NULL, "an engine for %s", style ? style : "the built-in style");
    if (e) {
        OK(&h, add_items(c, e) == 2 && pc_style_count(e) == 2, "two records added");
        bibliography(&h, e, style);
        clusters(&h, e, &w, have_apa);
    }
    pc_style_free(e);
    pc_converter_free(c);
    misuse(&h);
    return h_done(&h);
}
