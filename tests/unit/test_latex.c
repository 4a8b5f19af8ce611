/* SPDX-License-Identifier: MIT */
/* test_latex.c — the LaTeX decoder's command table, the rich encoder and
 * the round trips between them (src/text/latex.c, latex_encode.c):
 *   - the command table is sorted (binary search) and every row with a
 *     text decodes to it, alone and as \name{}; so is the AASTeX journal
 *     table;
 *   - tests/data/latex_rich.tsv: LaTeX in, decoded with markup and written
 *     back by pc_latex_encode_rich, LaTeX out (what the BibTeX writer
 *     writes for it);
 *   - decode -> encode_rich -> decode gives the same text and spans for
 *     every input of latex_decode.tsv, latex_rich.tsv and markup.tsv;
 *   - unknown commands are reported once per name per run (pc_latex_seen),
 *     and a TeX span that does not balance is written as text. */
#include "harness.h"
#include "text/latex.h"
#include "text/markup.h"
#include "text/unicode.h"

/* ---- the command table ------------------------------------------------------ */

static void command_table(harness *h)
{
    const char *name, *text, *prev = NULL;
    int sorted = 1, decodes = 1, words = 0, symbols = 0;
    for (size_t i = 0; pc_latex_command_entry(i, &name, &text); i++) {
        bool word = pc_is_alpha((unsigned char)name[0]);
        words += word;
        symbols += !word;
        if (word && prev && strcmp(prev, name) >= 0) {
            sorted = 0;
            printf("# not sorted: %s after %s\n", name, prev);
        }
        if (word)
            prev = name;
        if (!text || ((unsigned char)text[0] >= 0xCC && (unsigned char)text[0] <= 0xCD))
            continue; /* no text, or an accent (latex_decode.tsv has those) */
        /* alone and followed by {} it is its text, NFC */
        pc_buf want = PC_BUF_INIT;
        pc_buf_puts(&want, text);
        pc_utf8_nfc(&want);
        for (int form = 0; form < 2; form++) {
            pc_buf in = PC_BUF_INIT, out = PC_BUF_INIT;
            pc_buf_printf(&in, form ? "x\\%s{}y" : "\\%s", name);
            pc_latex_decode(in.ptr, in.len, &out, NULL, NULL);
            pc_buf exp = PC_BUF_INIT;
            pc_buf_printf(&exp, form ? "x%sy" : "%s", want.ptr);
            pc_buf folded = PC_BUF_INIT; /* decoding folds and trims white space */
            pc_buf_put_folded(&folded, exp.ptr, exp.len);
            if (strcmp(out.ptr, folded.ptr) != 0) {
                decodes = 0;
                printf("# %s -> [%s], want [%s]\n", in.ptr, out.ptr, folded.ptr);
            }
            pc_buf_free(&in);
            pc_buf_free(&out);
            pc_buf_free(&exp);
            pc_buf_free(&folded);
        }
        pc_buf_free(&want);
    }
    h_result(h, sorted, "command table: control words sorted in byte order (binary search)");
    h_result(h, decodes, "command table: every symbol and logo decodes to its text");
    h_result(h, words > 250 && symbols > 20, "command table: %d control words, %d control symbols",
             words, symbols);
}

/* The AASTeX journal macros (latex_journals.inc): sorted for the binary
 * search, each decodes to its journal name, and no name is also a command
 * of the main table (which is searched first and would hide it). */
static void journal_table(harness *h)
{
    const char *name, *text, *prev = NULL;
    int sorted = 1, decodes = 1, hidden = 0, n = 0;
    for (size_t i = 0; pc_latex_journal_entry(i, &name, &text); i++, n++) {
        if (prev && strcmp(prev, name) >= 0) {
            sorted = 0;
            printf("# not sorted: %s after %s\n", name, prev);
        }
        prev = name;
        const char *cname, *ctext;
        for (size_t k = 0; pc_latex_command_entry(k, &cname, &ctext); k++)
            if (strcmp(cname, name) == 0) {
                hidden++;
                printf("# \\%s is in both tables\n", name);
            }
        pc_buf in = PC_BUF_INIT, out = PC_BUF_INIT;
        pc_buf_printf(&in, "\\%s", name);
        pc_latex_decode(in.ptr, in.len, &out, NULL, NULL);
        if (strcmp(out.ptr, text) != 0) {
            decodes = 0;
            printf("# %s -> [%s], want [%s]\n", in.ptr, out.ptr, text);
        }
        pc_buf_free(&in);
        pc_buf_free(&out);
    }
    h_result(h, sorted, "journal table: sorted in byte order (binary search)");
    h_result(h, decodes, "journal table: every AASTeX journal macro decodes to its name");
    h_result(h, !hidden, "journal table: no macro is also in the command table");
    h_result(h, n >= 60, "journal table: %d AASTeX journal macros", n);
}

/* ---- decode with markup, encode with markup ------------------------------------ */

typedef struct decoded {
    pc_buf text;
    pc_spanlist spans;
    pc_strlist prot;
} decoded;

static void decode(decoded *d, const char *s, size_t n, pc_latex_report *rep)
{
    memset(d, 0, sizeof *d);
    pc_buf_init(&d->text);
    pc_latex_decode_marked(s, n, &d->text, &d->prot, &d->spans, rep);
}

static void decoded_free(decoded *d)
{
    pc_buf_free(&d->text);
    pc_spanlist_clear(&d->spans);
    pc_strlist_clear(&d->prot);
}

static void encode(const decoded *d, unsigned flags, pc_buf *out)
{
    pc_text t = {.s = d->text.ptr, .markup = d->spans, .protected_words = d->prot};
    pc_latex_encode_rich(&t, out, flags, NULL);
}

/* text and spans as "text|start-end:mark,..." */
static void describe(const decoded *d, pc_buf *b)
{
    pc_buf_puts(b, d->text.ptr);
    pc_buf_putc(b, '|');
    for (size_t i = 0; i < d->spans.n; i++)
        pc_buf_printf(b, "%s%zu-%zu:%d", i ? "," : "", d->spans.items[i].start,
                      d->spans.items[i].end, (int)d->spans.items[i].mark);
}

/* decode -> encode_rich -> decode: the same text and spans */
static int round_trip(const char *s, unsigned flags, pc_buf *why)
{
    decoded a, b;
    decode(&a, s, strlen(s), NULL);
    pc_buf enc = PC_BUF_INIT, da = PC_BUF_INIT, db = PC_BUF_INIT;
    encode(&a, flags, &enc);
    decode(&b, enc.ptr, enc.len, NULL);
    describe(&a, &da);
    describe(&b, &db);
    int ok = strcmp(da.ptr, db.ptr) == 0;
    if (!ok)
        pc_buf_printf(why, "[%s] -> [%s] -> [%s] <> [%s]", s, enc.ptr, db.ptr, da.ptr);
    decoded_free(&a);
    decoded_free(&b);
    pc_buf_free(&enc);
    pc_buf_free(&da);
    pc_buf_free(&db);
    return ok;
}

static long g_rows, g_bad;

static void trip_row(harness *h, const char *file, int lineno, const char *s)
{
    pc_buf why = PC_BUF_INIT;
    g_rows++;
    for (unsigned flags = 0; flags < 2; flags++) {
        unsigned f = PC_TEX_MATH | (flags ? PC_TEX_TITLE : 0);
        if (!round_trip(s, f, &why)) {
            if (g_bad++ < 10)
                printf("# %s:%d %s: %s\n", file, lineno, flags ? "title" : "text", why.ptr);
            break;
        }
    }
    (void)h;
    pc_buf_free(&why);
}

static void decode_trip(harness *h, char **f, int nf, int lineno)
{
    if (nf >= 1)
        trip_row(h, "latex_decode.tsv", lineno, f[0]);
}

static void markup_trip(harness *h, char **f, int nf, int lineno)
{
    if (nf >= 2 && strcmp(f[0], "latex") == 0)
        trip_row(h, "markup.tsv", lineno, f[1]);
}

/* latex_rich.tsv: mode (text, title, unicode), LaTeX in, LaTeX out */
static void rich_row(harness *h, char **f, int nf, int lineno)
{
    if (nf < 3) {
        h_result(h, 0, "latex_rich.tsv:%d: needs 3 fields", lineno);
        return;
    }
    unsigned flags = PC_TEX_MATH;
    if (strcmp(f[0], "title") == 0)
        flags |= PC_TEX_TITLE;
    else if (strcmp(f[0], "unicode") == 0)
        flags |= PC_TEX_UNICODE;
    decoded d;
    decode(&d, f[1], strlen(f[1]), NULL);
    pc_buf out = PC_BUF_INIT;
    encode(&d, flags, &out);
    char what[64];
    snprintf(what, sizeof what, "latex_rich.tsv:%d %s", lineno, f[0]);
    h_streq(h, out.ptr, f[2], what, f[1]);
    pc_buf_free(&out);
    decoded_free(&d);
    trip_row(h, "latex_rich.tsv", lineno, f[1]);
}

static void round_trips(harness *h)
{
    g_rows = g_bad = 0;
    h_table(h, "tests/data/latex_decode.tsv", decode_trip);
    h_table(h, "tests/data/markup.tsv", markup_trip);
    int n = h_table(h, "tests/data/latex_rich.tsv", rich_row);
    h_result(h, n >= 40, "latex_rich.tsv has at least 40 cases (%d)", n);
    h_result(h, g_rows > 400 && g_bad == 0,
             "decode -> encode_rich -> decode keeps text and spans (%ld of %ld rows differ)", g_bad,
             g_rows);
}

/* ---- TeX spans the encoder cannot trust, truncation -------------------------- */

static void rich_edges(harness *h)
{
    static const struct {
        const char *text;
        size_t start, end;
        const char *want;
    } cases[] = {
        {"a \\foo{x} b", 2, 9, "a \\foo{x} b"},                /* verbatim */
        {"a \\foo{x b", 2, 10, "a {\\textbackslash}foo{\\textbraceleft}x b"}, /* unbalanced: text */
        {"a }{ b", 2, 4, "a {\\textbraceright}{\\textbraceleft} b"},
        {"x \\", 2, 3, "x {\\textbackslash}"},                 /* ends in a backslash */
        {"x \\\\", 2, 4, "x \\\\"},                          /* \\ is fine */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        pc_text t = {.s = (char *)cases[i].text};
        pc_spanlist_push(&t.markup, cases[i].start, cases[i].end, PC_MARK_TEX);
        pc_buf out = PC_BUF_INIT;
        pc_latex_encode_rich(&t, &out, PC_TEX_MATH, NULL);
        h_streq(h, out.ptr, cases[i].want, "encode_rich: a TeX span", cases[i].text);
        pc_buf_free(&out);
        pc_spanlist_clear(&t.markup);
    }
    pc_text t = {.s = "cut short", .truncated = true};
    pc_buf out = PC_BUF_INIT;
    pc_latex_encode_rich(&t, &out, 0, NULL);
    h_streq(h, out.ptr, "cut short{\\ldots}", "encode_rich: a truncated text ends in \\ldots", t.s);
    pc_buf_clear(&out);
    pc_latex_encode_rich(&t, &out, PC_TEX_UNICODE, NULL);
    h_streq(h, out.ptr, "cut short\xE2\x80\xA6", "and in \xE2\x80\xA6 with PC_TEX_UNICODE", t.s);
    pc_buf_free(&out);
}

/* ---- reporting unknown commands ------------------------------------------------ */

static void report(const char *s, pc_latex_seen *seen, pc_latex_report *rep)
{
    decoded d;
    memset(rep, 0, sizeof *rep);
    rep->seen = seen;
    decode(&d, s, strlen(s), rep);
    decoded_free(&d);
}

static void reporting(harness *h)
{
    pc_latex_report rep;
    report("a \\foo{x} \\bar \\foo{y}", NULL, &rep);
    h_result(h, rep.n_unknown == 3 && strcmp(rep.first_name, "\\foo") == 0 && rep.first_offset == 2,
             "without a run's set: every unknown command counted, the first named (%zu, %s, @%zu)",
             rep.n_unknown, rep.first_name, rep.first_offset);
    pc_latex_seen seen = {0};
    report("a \\foo{x} \\bar \\foo{y}", &seen, &rep);
    h_result(h, rep.n_unknown == 2 && strcmp(rep.first_name, "\\foo, \\bar") == 0 &&
                    rep.first_offset == 2,
             "with the run's set: each new name once, all listed (%zu, %s)", rep.n_unknown,
             rep.first_name);
    report("\\bar and \\baz{1} and {\\foo{z}}", &seen, &rep);
    h_result(h, rep.n_unknown == 1 && strcmp(rep.first_name, "\\baz") == 0 && rep.first_offset == 9,
             "a later field reports only the names new to the run (%zu, %s, @%zu)", rep.n_unknown,
             rep.first_name, rep.first_offset);
    report("\\foo \\bar \\baz", &seen, &rep);
    h_result(h, rep.n_unknown == 0, "names already reported are not reported again");
    /* names that do not fit the report stay new, and come up later */
    report("\\aaaaaaaaaaaaaaaaaaaaaaaaa \\bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb \\cccccccccccccccccc", &seen,
           &rep);
    bool first = rep.n_unknown == 3 && !strstr(rep.first_name, "\\ccc");
    report("\\cccccccccccccccccc", &seen, &rep);
    h_result(h, first && rep.n_unknown == 1, "a name that did not fit the list is reported later");
    /* the set is bounded */
    for (int i = 0; i < PC_LATEX_SEEN_MAX + 50; i++) {
        char s[32];
        snprintf(s, sizeof s, "\\x%c%c%c", 'a' + i % 26, 'a' + i / 26 % 26, 'a' + i / 676 % 26);
        report(s, &seen, &rep);
    }
    h_result(h, seen.names.n == PC_LATEX_SEEN_MAX, "the set holds at most %d names (%zu)",
             PC_LATEX_SEEN_MAX, seen.names.n);
    report("\\xzzz", &seen, &rep);
    h_result(h, rep.n_unknown == 1, "past the bound, new names are still reported");
    pc_latex_seen_free(&seen);
    pc_latex_seen_free(NULL);
    h_result(h, seen.names.n == 0 && seen.names.items == NULL, "pc_latex_seen_free empties the set");
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    command_table(&h);
    journal_table(&h);
    round_trips(&h);
    rich_edges(&h);
    reporting(&h);
    return h_done(&h);
}
