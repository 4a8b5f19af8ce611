/* SPDX-License-Identifier: MIT */
/* test_fieldops.c — --omit, --keep, --rename, --remove-empty and
 * --max-authors (src/ops/fields.c): the cases of tests/data/fieldops.tsv
 * on the records of fieldops.bib, by model, BibTeX and RIS names; bad
 * specs; a record with 100 000 authors cut in linear time. */
#include "io/format_table.h"
#include "harness.h"
#include "model/copy.h"
#include "ops/fields.h"

#include <stdlib.h>

enum { MAX_RECS = 4 };
static pc_record recs[MAX_RECS];
static size_t n_recs;

static void quiet(void *u, const pc_diag *d)
{
    (void)u;
    (void)d;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names of r's fields and pass-through values, sorted. */
static char *show_fields(const pc_record *r)
{
    const char *names[256];
    size_t n = 0;
    for (int f = 1; f < PC_F_COUNT && n < 256; f++)
        if (pc_record_has(r, (pc_field)f))
            names[n++] = pc_field_get((pc_field)f)->name;
    for (size_t i = 0; i < r->n_extras && n < 256; i++)
        names[n++] = r->extras[i].name;
    qsort(names, n, sizeof *names, cmp_str);
    pc_buf b = PC_BUF_INIT;
    for (size_t i = 0; i < n; i++)
        pc_buf_printf(&b, "%s%s", i ? " " : "", names[i]);
    return pc_buf_detach(&b);
}

static void show_count(void *u, pc_fieldop op, const char *name, unsigned long n)
{
    static const char *const ops[PC_FOP_COUNT] = {
        [PC_FOP_OMIT] = "omit", [PC_FOP_KEEP] = "keep", [PC_FOP_RENAME] = "rename",
        [PC_FOP_RENAME_HELD] = "not-renamed", [PC_FOP_EMPTY] = "empty",
        [PC_FOP_MAX_AUTHORS] = "max-authors"};
    pc_buf *b = u;
    pc_buf_printf(b, "%s%s %s %lu", b->len ? ", " : "", ops[op], name, n);
}

static bool add_op(pc_fieldops *o, const char *op, pc_buf *err)
{
    if (!strncmp(op, "omit=", 5))
        return pc_fieldops_omit(o, op + 5, err);
    if (!strncmp(op, "keep=", 5))
        return pc_fieldops_keep(o, op + 5, err);
    if (!strncmp(op, "rename=", 7))
        return pc_fieldops_rename(o, op + 7, err);
    if (!strncmp(op, "max-authors=", 12)) {
        pc_fieldops_max_authors(o, (size_t)atoi(op + 12));
        return true;
    }
    if (!strcmp(op, "empty")) {
        pc_fieldops_remove_empty(o);
        return true;
    }
    pc_buf_printf(err, "unknown op %s", op);
    return false;
}

static void row(harness *h, char **f, int nf, int lineno)
{
    if (nf < 5) {
        h_result(h, 0, "fieldops.tsv:%d: needs 5 fields", lineno);
        return;
    }
    const pc_record *src = NULL;
    for (size_t i = 0; i < n_recs; i++)
        if (!strcmp(recs[i].key, f[2]))
            src = &recs[i];
    if (!src) {
        h_result(h, 0, "fieldops.tsv:%d: no record %s", lineno, f[2]);
        return;
    }
    pc_fieldops *o = pc_fieldops_new(*f[0] ? pc_format_find(f[0]) : NULL);
    pc_buf err = PC_BUF_INIT;
    bool ok = true;
    for (char *op = strtok(f[1], ";"); op && ok; op = strtok(NULL, ";"))
        ok = add_op(o, op, &err);
    h_result(h, ok && pc_fieldops_active(o), "fieldops.tsv:%d: ops accepted %s", lineno, err.ptr);
    pc_record r;
    pc_record_init(&r);
    pc_record_copy(&r, src);
    pc_fieldops_apply(o, &r);
    char *got = show_fields(&r), what[64];
    snprintf(what, sizeof what, "fieldops.tsv:%d fields", lineno);
    h_streq(h, got, f[3], what, f[1]);
    pc_buf counts = PC_BUF_INIT;
    pc_fieldops_each(o, show_count, &counts);
    snprintf(what, sizeof what, "fieldops.tsv:%d counts", lineno);
    h_streq(h, counts.ptr, f[4], what, f[1]);
    free(got);
    pc_buf_free(&counts);
    pc_buf_free(&err);
    pc_record_clear(&r);
    pc_fieldops_free(o);
}

static void bad_specs(harness *h)
{
    pc_fieldops *o = pc_fieldops_new(pc_format_find("bibtex"));
    pc_buf err = PC_BUF_INIT;
    h_result(h, !pc_fieldops_active(o), "no operation: not active");
    h_result(h, !pc_fieldops_omit(o, "title,,note", &err), "an empty name is refused: %s", err.ptr);
    pc_buf_clear(&err);
    h_result(h, !pc_fieldops_rename(o, "title", &err), "a rename without = is refused: %s", err.ptr);
    pc_buf_clear(&err);
    h_result(h, !pc_fieldops_rename(o, "title=author", &err),
             "a rename between kinds is refused: %s", err.ptr);
    pc_buf_clear(&err);
    h_result(h, !pc_fieldops_rename(o, "title=groups", &err),
             "a rename of a field to a pass-through name is refused: %s", err.ptr);
    h_result(h, pc_fieldops_rename(o, "journal=booktitle", &err),
             "a rename by BibTeX names (container-title to a BibTeX row's field)");
    pc_buf_free(&err);
    pc_fieldops_free(o);
    pc_fieldops_free(NULL);
}

/* 100 000 authors cut to 3; omit over a record of every kind. */
static void hostile(harness *h)
{
    pc_record r;
    pc_record_init(&r);
    for (int i = 0; i < 100000; i++)
        pc_record_add_name(&r, PC_F_AUTHOR)->family = pc_xstrdup("X");
    pc_fieldops *o = pc_fieldops_new(NULL);
    pc_fieldops_max_authors(o, 3);
    pc_fieldops_apply(o, &r);
    const pc_names *l = pc_record_names(&r, PC_F_AUTHOR);
    h_result(h, l && l->n == 3 && l->et_al, "100 000 authors cut to 3, et al.");
    pc_record_clear(&r);
    pc_fieldops_free(o);

    o = pc_fieldops_new(NULL);
    pc_fieldops_remove_empty(o);
    pc_record_set_str(&r, PC_F_NOTE, " \t ");
    pc_record_set_str(&r, PC_F_TITLE, "T");
    pc_record_names_mut(&r, PC_F_EDITOR);
    pc_fieldops_apply(o, &r);
    h_result(h, !pc_record_has(&r, PC_F_NOTE) && !pc_record_has(&r, PC_F_EDITOR) &&
                    pc_record_has(&r, PC_F_TITLE),
             "remove-empty: a text of white space and an empty name list go, a title stays");
    pc_record_clear(&r);
    pc_fieldops_free(o);
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/data/fieldops.bib", h.root);
    pc_ctx ctx;
    pc_ctx_init(&ctx, quiet, NULL);
    pc_input *in = pc_input_open(&ctx, path, NULL);
    while (in && n_recs < MAX_RECS) {
        pc_record_init(&recs[n_recs]);
        if (pc_input_next(in, &recs[n_recs]) != PC_READ_RECORD)
            break;
        n_recs++;
    }
    h_result(&h, n_recs == 2, "fieldops.bib: 2 records");
    h_table(&h, "tests/data/fieldops.tsv", row);
    bad_specs(&h);
    hostile(&h);
    for (size_t i = 0; i <= n_recs && i < MAX_RECS; i++)
        pc_record_clear(&recs[i]);
    pc_input_close(in);
    pc_ctx_free(&ctx);
    return h_done(&h);
}
