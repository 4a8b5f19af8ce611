/* SPDX-License-Identifier: MIT */
/* test_xmlio.c — the text functions the XML formats share, from
 * tests/data/xmlio.tsv: the writers' clean text (src/io/xmlwrite.c), the
 * readers' folding of values with markup markers (src/io/xmlread.c), the
 * loose date shapes (src/model/dates_loose.c) and the ISSN/ISBN shapes
 * (src/model/ids_serial.c). */
#include "harness.h"
#include "io/xmlread.h"
#include "io/xmlwrite.h"
#include "model/dates.h"
#include "model/ids.h"
#include "text/markup.h"

/* \n \r \t \xHH written in a cell, in place. */
static void unescape(char *s)
{
    char *o = s;
    for (char *p = s; *p; p++) {
        if (p[0] == '\\' && (p[1] == 'n' || p[1] == 'r' || p[1] == 't')) {
            *o++ = p[1] == 'n' ? '\n' : p[1] == 'r' ? '\r' : '\t';
            p++;
        } else if (p[0] == '\\' && p[1] == 'x' && p[2] && p[3]) {
            char hex[3] = {p[2], p[3], 0};
            *o++ = (char)strtol(hex, NULL, 16);
            p += 3;
        } else {
            *o++ = *p;
        }
    }
    *o = '\0';
}

/* "[i]" "[/i]" "[b]" "[sup]" written in a cell: the reader's markers. */
static void put_marked(pc_buf *b, const char *s)
{
    static const struct {
        const char *tag;
        pc_mark mark;
    } tags[] = {{"i", PC_MARK_ITALIC}, {"b", PC_MARK_BOLD}, {"sup", PC_MARK_SUP}, {"sub", PC_MARK_SUB}};
    while (*s) {
        size_t done = 0;
        for (size_t k = 0; *s == '[' && !done && k < sizeof tags / sizeof *tags; k++) {
            bool close = s[1] == '/';
            size_t n = strlen(tags[k].tag);
            if (!strncmp(s + 1 + close, tags[k].tag, n) && s[1 + close + n] == ']') {
                pc_markup_put_marker(b, tags[k].mark, !close);
                done = n + 2 + close;
            }
        }
        if (done) {
            s += done;
        } else {
            pc_buf_putc(b, *s++);
        }
    }
}

static void row_clean(harness *h, char **f, int nf, int lineno)
{
    if (nf < 4) {
        h_result(h, 0, "xmlio.tsv:%d: clean needs 4 fields", lineno);
        return;
    }
    unescape(f[1]);
    unescape(f[2]);
    pc_buf out = PC_BUF_INIT;
    size_t rep, drop;
    pc_xw_clean(f[1], strlen(f[1]), &out, &rep, &drop);
    char counts[64], what[64];
    snprintf(counts, sizeof counts, "%zu %zu", rep, drop);
    snprintf(what, sizeof what, "xmlio.tsv:%d clean", lineno);
    h_streq(h, out.ptr, f[2], what, "text");
    h_streq(h, counts, f[3], what, "replaced, dropped");
    pc_buf_free(&out);
}

static void row_text(harness *h, char **f, int nf, int lineno)
{
    if (nf < 4) {
        h_result(h, 0, "xmlio.tsv:%d: text needs 4 fields", lineno);
        return;
    }
    unescape(f[2]);
    unescape(f[3]);
    unsigned flags = !strcmp(f[1], "lines") ? PC_XR_LINES : !strcmp(f[1], "crlines") ? PC_XR_CR_LINES : PC_XR_FOLD;
    pc_buf in = PC_BUF_INIT, out = PC_BUF_INIT, got = PC_BUF_INIT;
    pc_spanlist spans = {0};
    put_marked(&in, f[2]);
    pc_xr_text(in.ptr, in.len, flags, &out, &spans);
    pc_markup_to_html(out.ptr, &spans, &got);
    char what[64];
    snprintf(what, sizeof what, "xmlio.tsv:%d text %s", lineno, f[1]);
    h_streq(h, got.ptr, f[3], what, strchr(f[2], '\n') || strchr(f[2], '\r') ? "(line breaks)" : f[2]);
    pc_buf_free(&in);
    pc_buf_free(&out);
    pc_buf_free(&got);
    pc_spanlist_clear(&spans);
}

static void row_loose(harness *h, char **f, int nf, int lineno)
{
    if (nf < 4) {
        h_result(h, 0, "xmlio.tsv:%d: loose needs 4 fields", lineno);
        return;
    }
    pc_date d;
    pc_buf got = PC_BUF_INIT;
    if (pc_date_parse_loose(f[1], strlen(f[1]), atoi(f[2]), &d))
        pc_date_edtf(&d, &got);
    else
        pc_buf_puts(&got, "-");
    char what[64];
    snprintf(what, sizeof what, "xmlio.tsv:%d loose (year %s)", lineno, f[2]);
    h_streq(h, got.ptr, f[3], what, f[1]);
    pc_buf_free(&got);
}

static void row_serial(harness *h, char **f, int nf, int lineno)
{
    if (nf < 3) {
        h_result(h, 0, "xmlio.tsv:%d: %s needs 3 fields", lineno, f[0]);
        return;
    }
    bool issn = !strcmp(f[0], "issn");
    size_t from, to;
    bool ok = issn ? pc_issn_looks(f[1], strlen(f[1]), &from, &to) : pc_isbn_looks(f[1], strlen(f[1]), &from, &to);
    pc_buf got = PC_BUF_INIT;
    if (ok)
        pc_buf_put(&got, f[1] + from, to - from);
    else
        pc_buf_puts(&got, "-");
    char what[64];
    snprintf(what, sizeof what, "xmlio.tsv:%d %s", lineno, f[0]);
    h_streq(h, got.ptr, f[2], what, f[1]);
    pc_buf_free(&got);
}

static void row(harness *h, char **f, int nf, int lineno)
{
    if (!strcmp(f[0], "clean"))
        row_clean(h, f, nf, lineno);
    else if (!strcmp(f[0], "text"))
        row_text(h, f, nf, lineno);
    else if (!strcmp(f[0], "loose"))
        row_loose(h, f, nf, lineno);
    else if (!strcmp(f[0], "issn") || !strcmp(f[0], "isbn"))
        row_serial(h, f, nf, lineno);
    else
        h_result(h, 0, "xmlio.tsv:%d: unknown kind %s", lineno, f[0]);
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    int n = h_table(&h, "tests/data/xmlio.tsv", row);
    h_result(&h, n >= 30, "xmlio.tsv has at least 30 cases (%d)", n);
    return h_done(&h);
}
