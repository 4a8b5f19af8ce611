/* SPDX-License-Identifier: MIT */
/* test_null.c — the library's internal calls that crashed on what their
 * headers allow (issue 20): free functions given NULL, pc_markup_from_html
 * without spans, dates at the ends of int, a source given an encoding
 * twice (it leaked the first decoder: LeakSanitizer in the ASan pass).
 * The public API's own hostile-caller test is test_api.c. */
#include "harness.h"
#include "format.h"
#include "model/keyset.h"

#include <limits.h>

static void free_null(harness *h)
{
    pc_buf_free(NULL);
    pc_lines_free(NULL);
    pc_name_clear(NULL);
    pc_record_clear(NULL);
    pc_ctx_free(NULL);
    pc_strlist_clear(NULL);
    pc_spanlist_clear(NULL);
    pc_source_close(NULL);
    pc_input_close(NULL);
    pc_keyset_free(NULL);
    pc_map_free(NULL);
    pc_decoder_free(NULL);
    pc_encoding_header_free(NULL);
    pc_latex_seen_free(NULL);
    h_result(h, 1, "free functions accept NULL");
}

static void html_without_spans(harness *h)
{
    static const char s[] = "<i>Ca</i>f&eacute; <b>&amp;</b> <span class=\"nocase\">LLM</span>";
    pc_buf out = PC_BUF_INIT, with = PC_BUF_INIT;
    pc_spanlist spans = {0};
    pc_strlist nocase = {0};
    pc_markup_from_html(s, sizeof s - 1, &with, &spans, &nocase);
    pc_markup_from_html(s, sizeof s - 1, &out, NULL, NULL);
    h_streq(h, out.ptr, with.ptr, "pc_markup_from_html with NULL spans and nocase: the same text", s);
    h_result(h, spans.n == 2 && nocase.n == 1, "... and with them, 2 spans and 1 protected run");
    pc_spanlist_clear(&spans);
    pc_strlist_clear(&nocase);
    pc_buf_free(&with);
    static const char *const odd[] = {"<i><b>x</i></b>", "<sup>1</sup><sub>2</sub>", "\xEF\xB7\x90<i>x</i>",
                                      "<span class=\"nocase\"><i>x</i></span>", "<i>", "</i>", "<b><b><b>",
                                      "&#0; &#xFFFFFFFF; &#55296;", "<i>\xEF\xB7\x91</i>"};
    bool fine = true;
    for (size_t i = 0; i < sizeof odd / sizeof *odd; i++)
        for (int mode = 0; mode < 2; mode++) {
            pc_buf_clear(&out);
            pc_html_read(odd[i], strlen(odd[i]), mode ? PC_HTML_DOC : PC_HTML_CSL, &out, NULL, NULL);
            size_t bad;
            fine = fine && pc_utf8_valid(out.ptr, out.len, &bad);
        }
    h_result(h, fine, "pc_html_read without spans: odd markup, markers, bad entities give UTF-8");
    pc_buf_clear(&out);
    pc_html_read(s, sizeof s - 1, PC_HTML_DOC, &out, NULL, NULL);
    h_streq(h, out.ptr, "Caf\xC3\xA9 & LLM", "pc_html_read (document) with NULL spans", s);
    pc_buf_free(&out);
}

static void dates_at_the_ends(harness *h)
{
    int v[] = {INT_MIN, INT_MIN + 1, -1, 0, 1, 24, 25, INT_MAX};
    size_t n = sizeof v / sizeof *v;
    pc_buf out = PC_BUF_INIT;
    for (size_t a = 0; a < n; a++)
        for (size_t b = 0; b < n; b++) {
            pc_date d = {.year = v[a], .month = v[b], .day = v[b], .season = v[b], .end_year = v[b],
                         .end_month = v[a], .end_day = v[a], .end_season = v[a], .flags = ~0u};
            pc_date_iso(&d, &out);
            pc_date_edtf(&d, &out);
            pc_buf_clear(&out);
        }
    pc_date d = {.year = INT_MIN};
    pc_date_iso(&d, &out);
    h_streq(h, out.ptr, "-2147483647", "pc_date_iso of INT_MIN (astronomical: one more)", NULL);
    pc_buf_free(&out);
    h_result(h, 1, "pc_date_iso and pc_date_edtf take any int in any part");
}

static void encoding_twice(harness *h)
{
    static const char s[] = "caf\xE9";
    pc_source *src = pc_source_mem("twice", s, sizeof s - 1);
    bool first = pc_source_set_encoding(src, "latin1", 0);
    bool second = pc_source_set_encoding(src, "utf-16le", 0);
    const char *p;
    size_t n = pc_source_peek(src, 16, &p);
    h_result(h, first && !second && n == 5 && memcmp(p, "caf\xC3\xA9", 5) == 0,
             "pc_source_set_encoding twice: the second is refused, the first stays");
    pc_source_close(src);
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    free_null(&h);
    html_without_spans(&h);
    dates_at_the_ends(&h);
    encoding_twice(&h);
    return h_done(&h);
}
