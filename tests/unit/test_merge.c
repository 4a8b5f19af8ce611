/* SPDX-License-Identifier: MIT */
/* test_merge.c — merging the records of one work (src/ops/merge.c):
 * the cases of tests/data/merge.tsv over the records of merge.bib, read
 * by the BibTeX reader; then a group of a million members in linear time. */
#include "io/format_table.h"
#include "harness.h"
#include "ops/merge.h"
#include "model/dates.h"
#include "text/names.h"

#include <stdlib.h>
#include <time.h>

enum { MAX_RECS = 16 };
static pc_record recs[MAX_RECS];
static size_t n_recs;

static void quiet(void *u, const pc_diag *d)
{
    (void)u;
    if (d->severity >= PC_SEV_WARNING)
        printf("# %s:%lu: %s\n", d->file, d->line, d->message);
}

static const pc_record *by_key(const char *k, size_t n)
{
    for (size_t i = 0; i < n_recs; i++)
        if (strlen(recs[i].key) == n && !strncmp(recs[i].key, k, n))
            return &recs[i];
    return NULL;
}

static void show_list(pc_buf *b, const pc_strlist *l)
{
    for (size_t i = 0; l && i < l->n; i++)
        pc_buf_printf(b, "%s%s", i ? ", " : "", l->items[i]);
}

/* What WHAT of the merged record shows. */
static void show(pc_buf *b, const pc_merge *m, const char *what)
{
    const pc_record *r = &m->out;
    static const struct {
        const char *what;
        pc_field f;
    } texts[] = {{"title", PC_F_TITLE}, {"abstract", PC_F_ABSTRACT},
                 {"container", PC_F_CONTAINER_TITLE}, {"arxiv", PC_F_ARXIV_ID}};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++)
        if (!strcmp(what, texts[i].what))
            pc_buf_puts(b, pc_record_get(r, texts[i].f) ? pc_record_get(r, texts[i].f) : "");
    if (!strcmp(what, "key"))
        pc_buf_puts(b, r->key);
    else if (!strcmp(what, "type"))
        pc_buf_puts(b, pc_kind_name(r->kind));
    else if (!strcmp(what, "issued") && pc_record_date(r, PC_F_ISSUED))
        pc_date_iso(pc_record_date(r, PC_F_ISSUED), b);
    else if (!strcmp(what, "keywords"))
        show_list(b, pc_record_list(r, PC_F_KEYWORD));
    else if (!strcmp(what, "ids"))
        show_list(b, pc_record_list(r, PC_F_IDS));
    else if (!strcmp(what, "conflicts"))
        pc_buf_printf(b, "%zu", m->n_conflicts);
    else if (!strncmp(what, "conflict ", 9)) {
        size_t i = (size_t)atoi(what + 9);
        if (i < m->n_kept_conflicts) {
            const pc_merge_conflict *c = &m->conflicts[i];
            pc_buf_printf(b, "%s: %s @%lu | %s @%lu", c->field, c->kept ? c->kept : "(none)",
                          c->kept_line, c->other, c->other_line);
        }
    } else if (!strcmp(what, "author")) {
        const pc_names *l = pc_record_names(r, PC_F_AUTHOR);
        for (size_t i = 0; l && i < l->n; i++) {
            if (i)
                pc_buf_puts(b, "; ");
            pc_name_display(&l->items[i], b);
        }
        if (l && l->et_al)
            pc_buf_puts(b, " +etal");
    }
}

static void row(harness *h, char **f, int nf, int lineno)
{
    if (nf < 4) {
        h_result(h, 0, "merge.tsv:%d: needs 4 fields", lineno);
        return;
    }
    pc_merge m;
    pc_merge_init(&m, pc_merge_mode_by_name(f[0]));
    for (const char *p = f[1], *c; *p; p = *c ? c + 1 : c) {
        c = strchr(p, ',');
        if (!c)
            c = p + strlen(p);
        const pc_record *r = by_key(p, (size_t)(c - p));
        if (r)
            pc_merge_add(&m, r);
        else
            h_result(h, 0, "merge.tsv:%d: no record %.*s", lineno, (int)(c - p), p);
    }
    pc_merge_finish(&m);
    pc_buf b = PC_BUF_INIT;
    show(&b, &m, f[2]);
    char what[80];
    snprintf(what, sizeof what, "merge.tsv:%d %s %s %s", lineno, f[0], f[1], f[2]);
    h_streq(h, b.ptr, f[3], what, NULL);
    pc_buf_free(&b);
    pc_merge_free(&m);
}

/* A million members of one work, each with the same two authors, its own
 * key and a title of its own: linear (names matched through the index),
 * conflicts counted but at most PC_MERGE_MAX_CONFLICTS kept. */
static void hostile(harness *h)
{
    enum { N = 1000000 };
    clock_t t0 = clock();
    pc_merge m;
    pc_merge_init(&m, PC_MERGE_COMBINE);
    pc_record r;
    pc_record_init(&r);
    pc_name_parse("Smith, J.", 9, pc_record_add_name(&r, PC_F_AUTHOR));
    pc_name_parse("Doe, Jane", 9, pc_record_add_name(&r, PC_F_AUTHOR));
    char buf[32];
    for (size_t i = 0; i < N; i++) {
        snprintf(buf, sizeof buf, "k%zu", i);
        pc_set_str(&r.key, buf);
        snprintf(buf, sizeof buf, "Title %zu", i);
        pc_record_set_str(&r, PC_F_TITLE, buf);
        pc_merge_add(&m, &r);
    }
    pc_merge_finish(&m);
    double s = (double)(clock() - t0) / CLOCKS_PER_SEC;
    h_result(h, pc_record_n_authors(&m.out) == 2 && m.n_conflicts == N - 1 &&
                    m.n_kept_conflicts == PC_MERGE_MAX_CONFLICTS &&
                    pc_record_list(&m.out, PC_F_IDS)->n == N - 1,
             "a million members: two authors, %zu conflicts counted, %d kept, ids of every other",
             m.n_conflicts, PC_MERGE_MAX_CONFLICTS);
    h_result(h, s < 60, "a million members: %.2f s of CPU (< 60, ASan included)", s);
    pc_record_clear(&r);
    pc_merge_free(&m);
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/data/merge.bib", h.root);
    pc_ctx ctx;
    pc_ctx_init(&ctx, quiet, NULL);
    pc_input *in = pc_input_open(&ctx, path, NULL);
    while (in && n_recs < MAX_RECS) {
        pc_record_init(&recs[n_recs]);
        if (pc_input_next(in, &recs[n_recs]) != PC_READ_RECORD)
            break;
        recs[n_recs].src_file = "merge.bib";
        n_recs++;
    }
    h_result(&h, n_recs == 5, "merge.bib: 5 records");
    h_table(&h, "tests/data/merge.tsv", row);
    for (size_t i = 0; i <= n_recs && i < MAX_RECS; i++)
        pc_record_clear(&recs[i]);
    pc_input_close(in);
    pc_ctx_free(&ctx);
    pc_merge_mode_by_name("none");
    hostile(&h);
    return h_done(&h);
}
