/* SPDX-License-Identifier: MIT */
/* test_identity.c — text folding (src/text/fold.c) and identity keys
 * (src/ops/identity.c) from tests/data/identity.tsv. */
#include "harness.h"
#include "ops/identity.h"
#include "text/fold.h"
#include "text/names.h"

#include <stdlib.h>

/* "KIND=value KIND=value" of id's keys. */
static char *show_keys(const pc_identity *id)
{
    pc_buf b = PC_BUF_INIT;
    for (size_t i = 0; i < id->n; i++)
        pc_buf_printf(&b, "%s%s=%s", i ? " " : "", pc_id_kind_name(id->keys[i].kind),
                      pc_identity_value(id, i));
    return pc_buf_detach(&b);
}

static void id_row(harness *h, char **f, int lineno)
{
    pc_record rec;
    pc_record_init(&rec);
    if (strncmp(f[1], "extra:", 6) == 0) {
        static char fmt[32]; /* pc_record_add_extra keeps the pointer: static */
        char *name = strchr(f[1] + 6, ':');
        snprintf(fmt, sizeof fmt, "%.*s", name ? (int)(name - f[1] - 6) : 0, f[1] + 6);
        name = name ? name + 1 : "";
        pc_record_add_extra(&rec, fmt, name, strlen(name), f[2], strlen(f[2]));
    } else {
        pc_field fl = pc_field_by_name(f[1], strlen(f[1]));
        if (!fl)
            h_result(h, 0, "identity.tsv:%d: no field %s", lineno, f[1]);
        pc_record_set_str(&rec, fl, f[2]);
    }
    pc_identity id;
    pc_identity_init(&id);
    pc_identity_of(&rec, true, &id);
    char *got = show_keys(&id), what[64];
    snprintf(what, sizeof what, "identity.tsv:%d %s", lineno, f[1]);
    h_streq(h, got, f[3], what, f[2]);
    free(got);
    pc_identity_free(&id);
    pc_record_clear(&rec);
}

static void fuzzy_row(harness *h, char **f, int lineno)
{
    pc_record rec;
    pc_record_init(&rec);
    pc_record_set_str(&rec, PC_F_TITLE, f[1]);
    if (*f[2])
        pc_name_parse(f[2], strlen(f[2]), pc_record_add_name(&rec, PC_F_AUTHOR));
    if (*f[3]) {
        pc_date d = {.year = atoi(f[3])};
        pc_record_set_date(&rec, PC_F_ISSUED, &d);
    }
    pc_identity id;
    pc_identity_init(&id);
    pc_identity_of(&rec, true, &id);
    char what[64];
    snprintf(what, sizeof what, "identity.tsv:%d fuzzy", lineno);
    h_streq(h, pc_identity_get(&id, PC_ID_FUZZY), f[4], what, f[1]);
    pc_identity_of(&rec, false, &id);
    h_result(h, !pc_identity_get(&id, PC_ID_FUZZY), "identity.tsv:%d: no fuzzy key unless asked",
             lineno);
    pc_identity_free(&id);
    pc_record_clear(&rec);
}

static void row(harness *h, char **f, int nf, int lineno)
{
    int want = !strcmp(f[0], "id") ? 4 : !strcmp(f[0], "fuzzy") ? 5 : 3;
    if (nf < want) {
        h_result(h, 0, "identity.tsv:%d: needs %d fields", lineno, want);
        return;
    }
    if (!strcmp(f[0], "id")) {
        id_row(h, f, lineno);
    } else if (!strcmp(f[0], "fuzzy")) {
        fuzzy_row(h, f, lineno);
    } else {
        pc_buf b = PC_BUF_INIT;
        (!strcmp(f[0], "match") ? pc_fold_match : pc_fold_collate)(&b, f[1], strlen(f[1]));
        char what[64];
        snprintf(what, sizeof what, "identity.tsv:%d %s", lineno, f[0]);
        h_streq(h, b.ptr, f[2], what, f[1]);
        pc_buf_free(&b);
    }
}

/* Several kinds at once, in kind order; invalid UTF-8 never crashes. */
static void all_kinds(harness *h)
{
    pc_record rec;
    pc_record_init(&rec);
    pc_record_set_str(&rec, PC_F_PMID, "123");
    pc_record_set_str(&rec, PC_F_DOI, "10.1/X");
    pc_record_set_str(&rec, PC_F_ARXIV_ID, "2101.00001");
    pc_identity id;
    pc_identity_init(&id);
    pc_identity_of(&rec, false, &id);
    char *got = show_keys(&id);
    h_streq(h, got, "DOI=10.1/x arXiv=2101.00001 PMID=123", "keys in kind order", NULL);
    free(got);
    pc_buf b = PC_BUF_INIT;
    pc_fold_match(&b, "a\xff\xfe" "b\xc3", 5);
    h_streq(h, b.ptr, "ab", "invalid UTF-8 folds byte by byte", NULL);
    pc_buf_free(&b);
    pc_identity_free(&id);
    pc_record_clear(&rec);
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    h_table(&h, "tests/data/identity.tsv", row);
    all_kinds(&h);
    return h_done(&h);
}
