/* SPDX-License-Identifier: MIT */
/* test_keyformula.c — unit tests of the citation-key formulas
 * (src/model/keyformula.c) and the transliteration table they use.
 *
 * tests/data/keyformula.tsv holds the cases, one per line:
 *   FORMULA  KEY  WANT            the key FORMULA gives the record KEY of
 *                                 tests/data/keyformula.bib or .yaml
 *   FORMULA  error  COL  MESSAGE  FORMULA does not compile: the column and
 *                                 the start of the message
 *   TEXT  postfix  K  WANT        --key-postfix TEXT for the K-th repeat
 *   TEXT  postfix-error  COL  MESSAGE
 * Then: today's rule (pc_citekey_base) and PC_KEYFORMULA_DEFAULT agree on
 * every record of every fixture and sample; the default formula is the one
 * the man page shows; a key set with a formula and a postfix. */
#include "io/format_table.h"
#include "harness.h"
#include "model/keyset.h"
#include "model/keyformula.h"
#include "text/translit.h"

#include <dirent.h>

enum { MAX_RECORDS = 64 };
static pc_record records[MAX_RECORDS];
static size_t n_records;

static void quiet(void *user, const pc_diag *d)
{
    (void)user, (void)d;
}

/* Calls fn for every record of path (read by its extension's reader). */
static void each_record(const char *path, void (*fn)(void *u, pc_record *rec), void *u)
{
    pc_ctx ctx;
    pc_ctx_init(&ctx, quiet, NULL);
    pc_input *in = pc_input_open(&ctx, path, NULL);
    if (in) {
        pc_record rec;
        pc_record_init(&rec);
        pc_read_status st;
        while ((st = pc_input_next(in, &rec)) == PC_READ_RECORD || st == PC_READ_SKIP) {
            if (st == PC_READ_RECORD)
                fn(u, &rec);
            pc_record_clear(&rec);
        }
        pc_record_clear(&rec);
        pc_input_close(in);
    }
    pc_ctx_free(&ctx);
}

static void keep(void *u, pc_record *rec)
{
    (void)u;
    if (n_records < MAX_RECORDS) {
        records[n_records++] = *rec;
        pc_record_init(rec); /* the copy owns the fields now */
    }
}

static const pc_record *record_named(const char *key)
{
    for (size_t i = 0; i < n_records; i++)
        if (records[i].key && strcmp(records[i].key, key) == 0)
            return &records[i];
    return NULL;
}

static char *key_by(const char *formula, const pc_record *rec)
{
    pc_keyformula_error err;
    pc_keyformula *kf = pc_keyformula_compile(formula, &err);
    if (!kf) {
        char *msg = pc_buf_detach(&err.msg);
        return msg;
    }
    pc_buf key = PC_BUF_INIT;
    pc_keyformula_eval(kf, rec, &key);
    pc_keyformula_free(kf);
    return pc_buf_detach(&key);
}

/* An error row: the formula (or postfix) is refused at COL with MESSAGE... */
static void error_row(harness *h, char **f, int nf, bool postfix)
{
    pc_keyformula_error err;
    void *ok = postfix ? (void *)pc_keypostfix_compile(f[0], &err) : (void *)pc_keyformula_compile(f[0], &err);
    if (ok) {
        h_result(h, 0, "%s is refused: %s", postfix ? "postfix" : "formula", f[0]);
        if (postfix)
            pc_keypostfix_free(ok);
        else
            pc_keyformula_free(ok);
        return;
    }
    char got[64];
    snprintf(got, sizeof got, "%zu", err.col);
    h_streq(h, got, nf > 2 ? f[2] : "", "error column", f[0]);
    const char *want = nf > 3 ? f[3] : "";
    bool prefix = strncmp(err.msg.ptr, want, strlen(want)) == 0;
    h_result(h, prefix, "error message: %s", f[0]);
    if (!prefix)
        printf("#   got:  [%s]\n#   want: [%s...]\n", err.msg.ptr, want);
    pc_buf_free(&err.msg);
}

static void postfix_row(harness *h, char **f, int nf)
{
    pc_keyformula_error err;
    pc_keypostfix *pf = pc_keypostfix_compile(f[0], &err);
    if (!pf) {
        h_result(h, 0, "postfix compiles: %s (%s)", f[0], err.msg.ptr);
        pc_buf_free(&err.msg);
        return;
    }
    pc_buf b = PC_BUF_INIT;
    pc_keypostfix_put(pf, &b, strtoul(f[2], NULL, 10));
    h_streq(h, b.ptr, nf > 3 ? f[3] : "", "postfix", f[0]);
    pc_buf_free(&b);
    pc_keypostfix_free(pf);
}

static void row(harness *h, char **f, int nf, int lineno)
{
    if (nf < 3) {
        h_result(h, 0, "keyformula.tsv:%d: needs 3 fields", lineno);
        return;
    }
    if (strcmp(f[1], "error") == 0 || strcmp(f[1], "postfix-error") == 0) {
        error_row(h, f, nf, f[1][0] == 'p');
        return;
    }
    if (strcmp(f[1], "postfix") == 0) {
        postfix_row(h, f, nf);
        return;
    }
    const pc_record *rec = record_named(f[1]);
    if (!rec) {
        h_result(h, 0, "keyformula.tsv:%d: no record %s", lineno, f[1]);
        return;
    }
    char *got = key_by(f[0], rec);
    char what[96];
    snprintf(what, sizeof what, "%s", f[1]);
    h_streq(h, got, f[2], what, f[0]);
    free(got);
}

/* ---- today's rule is the default formula -------------------------------- */

typedef struct sweep {
    pc_keyformula *kf;
    pc_keyformula *twin; /* compared with kf; NULL: today's rule is */
    size_t records, differ;
    const char *file;
} sweep;

static void compare(void *u, pc_record *rec)
{
    sweep *s = u;
    pc_buf today = PC_BUF_INIT, formula = PC_BUF_INIT;
    if (s->twin)
        pc_keyformula_eval(s->twin, rec, &today);
    else
        pc_citekey_base(rec, &today);
    pc_keyformula_eval(s->kf, rec, &formula);
    s->records++;
    if (strcmp(today.ptr, formula.ptr) != 0 && s->differ++ < 10)
        printf("#   %s:%lu: today %s, formula %s\n", s->file, rec->src_line, today.ptr, formula.ptr);
    pc_buf_free(&today);
    pc_buf_free(&formula);
}

static void sweep_dir(sweep *s, const char *root, const char *dir)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", root, dir);
    DIR *d = opendir(path);
    if (!d)
        return;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        snprintf(path, sizeof path, "%s/%s/%s", root, dir, de->d_name);
        if (de->d_name[0] == '.' || !pc_format_by_extension(path, true))
            continue;
        s->file = de->d_name;
        each_record(path, compare, s);
    }
    closedir(d);
}

static void default_is_today(harness *h)
{
    pc_keyformula_error err;
    sweep s = {.kf = pc_keyformula_compile(PC_KEYFORMULA_DEFAULT, &err)};
    if (!s.kf) {
        h_result(h, 0, "the default formula compiles: %s", err.msg.ptr);
        pc_buf_free(&err.msg);
        return;
    }
    sweep_dir(&s, h->root, "tests/data");
    sweep_dir(&s, h->root, "samples");
    /* and the records with nothing at all */
    pc_record empty;
    pc_record_init(&empty);
    s.file = "(empty record)";
    compare(&s, &empty);
    h_result(h, s.differ == 0 && s.records > 300,
             "today's rule and the default formula agree on %zu records (%zu differ)", s.records,
             s.differ);
    pc_keyformula_free(s.kf);
}

/* A term whose filters run word by word (word-local filters, then select)
 * gives what the same filters give over the whole text: each formula
 * against its twin, where substring(1) (no change, not word-local) after
 * the value keeps the term whole. */
static void by_words_is_whole(harness *h)
{
    static const char *const pairs[][2] = {
        {"title.ascii.alphanum.lower.skipwords.select(1,1)",
         "title.substring(1).ascii.alphanum.lower.skipwords.select(1,1)"},
        {"title.transliterate.clean.capitalize.select(2,3)",
         "title.substring(1).transliterate.clean.capitalize.select(2,3)"},
        {"title.nopunct(_).upper.select(3)", "title.substring(1).nopunct(_).upper.select(3)"},
        {"title.nopunct(\" \").select(2,2)", "title.substring(1).nopunct(\" \").select(2,2)"},
        {"auth.lower.alphanum.select(1,1)", "auth.substring(1).lower.alphanum.select(1,1)"},
        {"field(publisher).skipwords.select(2,1)", "field(publisher).substring(1).skipwords.select(2,1)"},
        {"(journal | title).alphanum.select(1,2).upper", "(journal | title).substring(1).alphanum.select(1,2).upper"},
        {"title.select(2)", "title.substring(1).select(2)"},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++) {
        pc_keyformula_error e1, e2;
        sweep s = {.kf = pc_keyformula_compile(pairs[i][0], &e1),
                   .twin = pc_keyformula_compile(pairs[i][1], &e2)};
        if (s.kf && s.twin) {
            sweep_dir(&s, h->root, "tests/data");
            sweep_dir(&s, h->root, "samples");
        }
        h_result(h, s.kf && s.twin && !s.differ && s.records > 300,
                 "word by word = whole: %s (%zu records, %zu differ)", pairs[i][0], s.records, s.differ);
        if (!s.kf)
            pc_buf_free(&e1.msg);
        if (!s.twin)
            pc_buf_free(&e2.msg);
        pc_keyformula_free(s.kf);
        pc_keyformula_free(s.twin);
    }
}

/* Compiles `text` and, when it compiles, runs it on every fixture record;
 * a refused one must say where (a column inside the text, or just after). */
static bool try_formula(const char *text)
{
    pc_keyformula_error err;
    pc_keyformula *kf = pc_keyformula_compile(text, &err);
    if (!kf) {
        bool ok = err.col >= 1 && err.col <= strlen(text) + 1 && err.msg.len > 0;
        pc_buf_free(&err.msg);
        return ok;
    }
    pc_buf key = PC_BUF_INIT;
    for (size_t i = 0; i < n_records; i++) {
        pc_buf_clear(&key);
        pc_keyformula_eval(kf, &records[i], &key);
    }
    pc_buf_free(&key);
    pc_keyformula_free(kf);
    return true;
}

/* Every prefix of some formulas, and each with one character replaced by
 * one that matters to the parser: no crash (the ASan pass runs this too),
 * and every error has a column. */
static void mangled_formulas(harness *h)
{
    static const char *const seeds[] = {
        PC_KEYFORMULA_DEFAULT,
        "type(book, chapter) + (journal | 'x\\'y').nopunct(\"-\").substring(2,3) + authIni(2)",
        "((auth.lower | family) + \"-\" + field(DOI).select(-1,1)).condense(_) | title.clean",
    };
    static const char swaps[] = "()|+.,\"'\\ 0-x\xc3";
    size_t tried = 0, bad = 0;
    for (size_t i = 0; i < sizeof seeds / sizeof *seeds; i++) {
        size_t n = strlen(seeds[i]);
        char *t = pc_xstrdup(seeds[i]);
        for (size_t k = 0; k <= n; k++) { /* prefixes */
            char c = t[k];
            t[k] = '\0';
            bad += !try_formula(t);
            tried++;
            t[k] = c;
        }
        for (size_t k = 0; k < n; k++) /* one character replaced */
            for (const char *sw = swaps; *sw; sw++) {
                char c = t[k];
                t[k] = *sw;
                bad += !try_formula(t);
                tried++;
                t[k] = c;
            }
        free(t);
    }
    h_result(h, bad == 0, "%zu mangled formulas compile or say where they fail (%zu do not)", tried, bad);
}

/* The man page shows the default formula as the code has it. */
static void man_page_has_default(harness *h)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/doc/paperconv.1", h->root);
    FILE *f = fopen(path, "r");
    bool found = false;
    char *line = NULL;
    size_t cap = 0;
    pc_buf page = PC_BUF_INIT;
    while (f && getline(&line, &cap, f) > 0)
        pc_buf_puts(&page, line);
    free(line);
    if (f)
        fclose(f);
    /* roff: \(dq for the quotes, the formula may be broken after a + */
    pc_buf want = PC_BUF_INIT;
    for (const char *p = PC_KEYFORMULA_DEFAULT; *p; p++) {
        if (*p == '"')
            pc_buf_puts(&want, "\\(dq");
        else
            pc_buf_putc(&want, *p);
    }
    found = strstr(page.ptr, want.ptr) != NULL;
    h_result(h, found, "doc/paperconv.1 shows the default formula: %s", want.ptr);
    pc_buf_free(&want);
    pc_buf_free(&page);
}

/* ---- a key set with a formula and a postfix ------------------------------ */

static void keyset_rule(harness *h)
{
    const pc_record *three = record_named("three"), *none = record_named("none");
    if (!three || !none) {
        h_result(h, 0, "keyset: the records three and none");
        return;
    }
    pc_keyformula_error err;
    pc_keyset *ks = pc_keyset_new();
    pc_keyset_set_rule(ks, pc_keyformula_compile("auth.lower + year", &err),
                       pc_keypostfix_compile("-%n", &err));
    const char *want[] = {"smith2020", "smith2020-1", "smith2020-2"};
    for (int i = 0; i < 3; i++) {
        pc_record r;
        pc_record_init(&r);
        pc_record_add_name(&r, PC_F_AUTHOR)->family = pc_xstrdup("Smith");
        pc_record_set_date(&r, PC_F_ISSUED, &(pc_date){.year = 2020});
        pc_keyset_assign(ks, &r, false);
        h_streq(h, r.key, want[i], "keyset with a formula and -%n", want[i]);
        pc_record_clear(&r);
    }
    /* a formula that gives a record nothing: today's key */
    pc_keyset_set_rule(ks, pc_keyformula_compile("journal", &err), NULL);
    pc_record r;
    pc_record_init(&r);
    pc_record_set_str(&r, PC_F_TITLE, "Untitled");
    pc_keyset_assign(ks, &r, true);
    h_streq(h, r.key, "anonuntitled", "a formula giving nothing falls back to today's key", "journal");
    pc_record_clear(&r);
    pc_keyset_free(ks);
}

/* The library refuses a formula or postfix that does not compile when it
 * is set (before anything is read or written), with its column. */
static void convert_refuses(harness *h)
{
    const pc_option opts[] = {PC_OPT_KEY_FORMAT, PC_OPT_KEY_POSTFIX};
    const char *texts[] = {"auth.nosuch", "%q"};
    const size_t cols[] = {6, 1};
    for (size_t i = 0; i < 2; i++) {
        pc_converter *c = pc_converter_new();
        pc_status st = pc_converter_set_string(c, opts[i], texts[i]);
        size_t col = pc_converter_errcol(c);
        const char *msg = pc_converter_errmsg(c);
        h_result(h, st == PC_ERR_USAGE && col == cols[i] && *msg,
                 "pc_converter_set_string refuses '%s' (column %zu: %s)", texts[i], col, msg);
        h_result(h, pc_converter_set_string(c, opts[i], i ? "-%n" : "auth.lower + year") == PC_OK &&
                        pc_converter_errcol(c) == 0,
                 "... and takes a good one, clearing the column");
        pc_converter_free(c);
    }
}

static void translit_table(harness *h)
{
    int32_t cp, prev = -1;
    const char *latin;
    bool sorted = true;
    size_t i = 0;
    for (; pc_translit_entry(i, &cp, &latin); i++) {
        if (cp <= prev)
            sorted = false;
        prev = cp;
    }
    h_result(h, sorted && i > 100, "translit.inc: %zu entries, sorted by code point", i);
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/data/keyformula.bib", h.root);
    each_record(path, keep, NULL);
    snprintf(path, sizeof path, "%s/tests/data/keyformula.yaml", h.root);
    each_record(path, keep, NULL);
    h_result(&h, n_records >= 10, "fixtures read (%zu records)", n_records);
    h_table(&h, "tests/data/keyformula.tsv", row);
    default_is_today(&h);
    by_words_is_whole(&h);
    mangled_formulas(&h);
    man_page_has_default(&h);
    keyset_rule(&h);
    convert_refuses(&h);
    translit_table(&h);
    for (size_t i = 0; i < n_records; i++)
        pc_record_clear(&records[i]);
    return h_done(&h);
}
