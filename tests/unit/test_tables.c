/* SPDX-License-Identifier: MIT */
/* test_tables.c — table-driven tests of the shared modules: names, LaTeX
 * in both directions, dates and EDTF (cases in tests/data/), plus walks
 * over the LaTeX symbol table itself. */
#include "model/dates.h"
#include "harness.h"
#include "text/latex.h"
#include "text/names.h"
#include "text/unicode.h"

#include <utf8proc.h>

/* names.tsv: input, given, particle, family, suffix, literal */
static void name_row(harness *h, char **f, int nf, int lineno)
{
    if (nf < 6) {
        h_result(h, 0, "names.tsv:%d: want 6 fields, got %d", lineno, nf);
        return;
    }
    pc_name nm = {0};
    pc_name_parse(f[0], strlen(f[0]), &nm);
    char what[64];
    snprintf(what, sizeof what, "names.tsv:%d", lineno);
    pc_buf got = PC_BUF_INIT, want = PC_BUF_INIT;
    pc_buf_printf(&got, "%s|%s|%s|%s|%s", nm.given ? nm.given : "", nm.particle ? nm.particle : "",
                  nm.family ? nm.family : "", nm.suffix ? nm.suffix : "",
                  nm.literal ? nm.literal : "");
    pc_buf_printf(&want, "%s|%s|%s|%s|%s", f[1], f[2], f[3], f[4], f[5]);
    h_streq(h, got.ptr, want.ptr, what, f[0]);
    pc_buf_free(&got);
    pc_buf_free(&want);
    pc_name_clear(&nm);
}

/* latex_decode.tsv: LaTeX input, expected Unicode */
static void decode_row(harness *h, char **f, int nf, int lineno)
{
    char what[64];
    snprintf(what, sizeof what, "latex_decode.tsv:%d", lineno);
    pc_buf out = PC_BUF_INIT;
    pc_latex_decode(f[0], strlen(f[0]), &out, NULL, NULL);
    h_streq(h, out.ptr, nf > 1 ? f[1] : "", what, f[0]);
    pc_buf_free(&out);
}

/* latex_encode.tsv: Unicode input, expected LaTeX (title/abstract mode) */
static void encode_row(harness *h, char **f, int nf, int lineno)
{
    char what[64];
    snprintf(what, sizeof what, "latex_encode.tsv:%d", lineno);
    pc_buf out = PC_BUF_INIT;
    pc_latex_encode(f[0], strlen(f[0]), &out, PC_TEX_MATH, NULL);
    h_streq(h, out.ptr, nf > 1 ? f[1] : "", what, f[0]);
    pc_buf_free(&out);
}

/* dates.tsv: input, expected ISO date or "!" for "not a date" */
static void date_row(harness *h, char **f, int nf, int lineno)
{
    char what[64];
    snprintf(what, sizeof what, "dates.tsv:%d", lineno);
    pc_date d;
    pc_buf out = PC_BUF_INIT;
    if (pc_date_parse(f[0], strlen(f[0]), &d))
        pc_date_iso(&d, &out);
    else
        pc_buf_puts(&out, "!");
    h_streq(h, out.ptr, nf > 1 ? f[1] : "", what, f[0]);
    pc_buf_free(&out);
}

/* edtf.tsv: EDTF input, the EDTF written back or "!" for "not EDTF" */
static void edtf_row(harness *h, char **f, int nf, int lineno)
{
    char what[64];
    snprintf(what, sizeof what, "edtf.tsv:%d", lineno);
    pc_date d;
    pc_buf out = PC_BUF_INIT;
    if (pc_date_parse_edtf(f[0], strlen(f[0]), &d))
        pc_date_edtf(&d, &out);
    else
        pc_buf_puts(&out, "!");
    h_streq(h, out.ptr, nf > 1 ? f[1] : "", what, f[0]);
    pc_buf_free(&out);
}

/* BibTeX's view of brace balance: every { closed, never below zero. */
static int braces_balanced(const char *s)
{
    int level = 0;
    for (; *s; s++) {
        if (*s == '{')
            level++;
        else if (*s == '}' && --level < 0)
            return 0;
    }
    return level == 0;
}

static void table_walks(harness *h)
{
    int32_t cp, prev = -1;
    const char *tex;
    char kind;
    int sorted = 1, roundtrip = 1;
    for (size_t i = 0; pc_latex_table_entry(i, &cp, &tex, &kind); i++) {
        if (cp <= prev) {
            sorted = 0;
            printf("# table not sorted at U+%04X\n", (unsigned)cp);
        }
        prev = cp;
        pc_buf in = PC_BUF_INIT, enc = PC_BUF_INIT, dec = PC_BUF_INIT;
        pc_utf8_put(&in, cp);
        pc_latex_encode(in.ptr, in.len, &enc, 0, NULL);
        pc_latex_decode(enc.ptr, enc.len, &dec, NULL, NULL);
        /* decoding folds white space: a lone no-break space stays, a thin
         * space is space-like but not folded either */
        if (strcmp(dec.ptr, in.ptr) != 0) {
            roundtrip = 0;
            printf("# U+%04X -> %s -> [%s]\n", (unsigned)cp, enc.ptr, dec.ptr);
        }
        pc_buf_free(&in);
        pc_buf_free(&enc);
        pc_buf_free(&dec);
    }
    h_result(h, sorted, "latex table is sorted by code point");
    h_result(h, roundtrip, "latex table: decode(encode(c)) == c for every entry");

    /* every letter of Latin-1 Supplement, Latin Extended-A and Latin
     * Extended Additional that has a LaTeX form comes back unchanged */
    static const int32_t ranges[][2] = {{0x00C0, 0x00FF}, {0x0100, 0x017F}, {0x1E00, 0x1EFF}};
    for (size_t r = 0; r < 3; r++) {
        int ok = 1, encoded = 0, total = 0;
        for (int32_t c = ranges[r][0]; c <= ranges[r][1]; c++) {
            if (pc_unicode_case(c) == 0)
                continue;
            total++;
            pc_buf in = PC_BUF_INIT, enc = PC_BUF_INIT, dec = PC_BUF_INIT;
            pc_utf8_put(&in, c);
            pc_latex_report rep = {0};
            pc_latex_encode(in.ptr, in.len, &enc, 0, &rep);
            if (!rep.n_unencodable) {
                encoded++;
                pc_latex_decode(enc.ptr, enc.len, &dec, NULL, NULL);
                if (strcmp(dec.ptr, in.ptr) != 0 || !braces_balanced(enc.ptr)) {
                    ok = 0;
                    printf("# U+%04X -> %s -> [%s]\n", (unsigned)c, enc.ptr, dec.ptr);
                }
            }
            pc_buf_free(&in);
            pc_buf_free(&enc);
            pc_buf_free(&dec);
        }
        h_result(h, ok, "latex round trip U+%04X..U+%04X (%d of %d letters encodable)",
                 (unsigned)ranges[r][0], (unsigned)ranges[r][1], encoded, total);
        /* nearly all of these have a LaTeX form; a drop means a regression */
        h_result(h, encoded * 10 >= total * 9, "latex encodes >= 90%% of U+%04X..",
                 (unsigned)ranges[r][0]);
    }
}

/* Hostile strings: whatever the text, the encoding has balanced braces. */
static void hostile(harness *h)
{
    static const char *const cases[] = {
        "}", "{", "}{", "{{{", "a}b{c", "\\", "\\}", "\\{", "$", "$}$", "${$", "$a}{b$",
        "$$", "$\\{$", "% comment", "#&_^~", "@article{x,", "50% off", "a\nb", "}}}}}}}}",
        "$x$ and {y}", "\\end{document}", "--", "''", "`", "ER  - ", "\xC2\xA0",
        "5\xCC\x81 digit with a combining mark", "%\xCD\x80", "a\xCC\x81\xCC\x81\xCC\x81",
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        pc_buf enc = PC_BUF_INIT;
        pc_latex_encode(cases[i], strlen(cases[i]), &enc, PC_TEX_MATH, NULL);
        h_result(h, braces_balanced(enc.ptr) && !strchr(enc.ptr, '\n'),
                 "encode keeps braces balanced: hostile case %zu -> [%s]", i, enc.ptr);
        pc_buf dec = PC_BUF_INIT;
        pc_latex_decode(enc.ptr, enc.len, &dec, NULL, NULL);
        pc_buf want = PC_BUF_INIT;
        pc_buf_put_folded(&want, cases[i], strlen(cases[i]));
        pc_utf8_nfc(&want); /* decoding gives NFC */
        char what[64];
        snprintf(what, sizeof what, "decode(encode(s)) == s, hostile case %zu", i);
        h_streq(h, dec.ptr, want.ptr, what, "");
        pc_buf_free(&enc);
        pc_buf_free(&dec);
        pc_buf_free(&want);
    }
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    int n = h_table(&h, "tests/data/names.tsv", name_row);
    h_result(&h, n >= 300, "names.tsv has at least 300 cases (%d)", n);
    h_table(&h, "tests/data/latex_decode.tsv", decode_row);
    h_table(&h, "tests/data/latex_encode.tsv", encode_row);
    h_table(&h, "tests/data/dates.tsv", date_row);
    h_table(&h, "tests/data/edtf.tsv", edtf_row);
    table_walks(&h);
    hostile(&h);
    return h_done(&h);
}
