/* SPDX-License-Identifier: MIT */
/* test_dedupe.c — the de-duplication index (src/ops/dedupe_index.c):
 * groups through shared keys, the DOI rule, the first member and the
 * chain of members, and the hostile shapes (a million records of one
 * work, a million titles differing in one character) in linear time and
 * tens of bytes per record. */
#include "harness.h"
#include "ops/dedupe_index.h"
#include "text/names.h"

#include <stdint.h>
#include <time.h>

/* Adds a record with keys "KIND=value ..." (kinds by pc_id_kind_name). */
static uint32_t add(pc_dedupe *d, pc_identity *id, const char *keys)
{
    id->n = 0;
    pc_buf_clear(&id->text);
    for (const char *p = keys; *p;) {
        const char *eq = strchr(p, '='), *end = strchr(p, ' ');
        if (!end)
            end = p + strlen(p);
        pc_id_kind k = PC_ID_NONE;
        for (int i = 1; i < PC_ID_COUNT; i++)
            if (strlen(pc_id_kind_name((pc_id_kind)i)) == (size_t)(eq - p) &&
                !strncmp(pc_id_kind_name((pc_id_kind)i), p, (size_t)(eq - p)))
                k = (pc_id_kind)i;
        if (id->n == id->cap) {
            id->cap = id->cap ? 2 * id->cap : 8;
            id->keys = pc_xrealloc(id->keys, id->cap * sizeof *id->keys);
        }
        id->keys[id->n++] = (pc_idkey){.kind = k, .off = id->text.len, .len = (size_t)(end - eq - 1)};
        pc_buf_put(&id->text, eq + 1, (size_t)(end - eq - 1));
        pc_buf_putc(&id->text, '\0');
        p = *end ? end + 1 : end;
    }
    return pc_dedupe_add(d, id);
}

/* "0:0,1,2 3:3" — each group's members from its first one. */
static char *show_groups(const pc_dedupe *d)
{
    pc_buf b = PC_BUF_INIT;
    for (uint32_t r = 0; r < pc_dedupe_n_records(d); r++) {
        if (pc_dedupe_first(d, r) != r)
            continue;
        pc_buf_printf(&b, "%s%u:", b.len ? " " : "", r);
        for (uint32_t m = r; m != PC_DEDUPE_NONE; m = pc_dedupe_next(d, m))
            pc_buf_printf(&b, "%s%u", m == r ? "" : ",", m);
    }
    return pc_buf_detach(&b);
}

static void check_groups(harness *h, const char *what, const char *const *recs, const char *want,
                         size_t conflicts)
{
    pc_dedupe *d = pc_dedupe_new(42);
    pc_identity id;
    pc_identity_init(&id);
    for (size_t i = 0; recs[i]; i++)
        add(d, &id, recs[i]);
    pc_dedupe_finish(d);
    char *got = show_groups(d);
    h_streq(h, got, want, what, NULL);
    h_result(h, pc_dedupe_n_conflicts(d) == conflicts, "%s: %zu conflict(s)", what, conflicts);
    free(got);
    pc_identity_free(&id);
    pc_dedupe_free(d);
}

static void groups(harness *h)
{
    const char *chain[] = {"DOI=10.1/x", "arXiv=2101.00001", "DOI=10.1/x arXiv=2101.00001",
                           "ISBN=9780198526636", NULL};
    check_groups(h, "a record linking two earlier ones joins them", chain, "0:0,1,2 3:3", 0);
    const char *same[] = {"PMID=1", "PMID=2", "PMID=1", "PMID=1", NULL};
    check_groups(h, "one key, three records", same, "0:0,2,3 1:1", 0);
    /* A (DOI x, arXiv a), B (DOI y, arXiv a), C (arXiv a): B is refused */
    const char *doi[] = {"DOI=x arXiv=a", "DOI=y arXiv=a", "arXiv=a", NULL};
    check_groups(h, "different DOIs are never merged", doi, "0:0,2 1:1", 1);
    /* A (DOI x, PMID 1), B (DOI y, PMID 2), C (PMID 1, S2 s), D (PMID 2,
     * S2 s): D joins B, and its S2 link to A's group is refused */
    const char *two[] = {"DOI=x PMID=1", "DOI=y PMID=2", "PMID=1 S2=s", "PMID=2 S2=s", NULL};
    check_groups(h, "two groups with different DOIs stay apart", two, "0:0,2 1:1,3", 1);
    /* one DOI-less record between two DOI groups joins the first only */
    const char *mid[] = {"DOI=x", "DOI=y", "title=t DOI=x", "title=t", NULL};
    check_groups(h, "a DOI-less record joins the first group it meets", mid, "0:0,2,3 1:1", 0);
    /* the same value of two kinds is two keys */
    const char *kinds[] = {"PMID=5", "PMCID=5", NULL};
    check_groups(h, "kinds do not mix", kinds, "0:0 1:1", 0);
    const char *none[] = {"", "", NULL};
    check_groups(h, "records without keys stay alone", none, "0:0 1:1", 0);

    pc_dedupe *d = pc_dedupe_new(42);
    pc_dedupe_finish(d);
    h_result(h, pc_dedupe_first(d, 7) == 7 && pc_dedupe_next(d, 7) == PC_DEDUPE_NONE,
             "an empty index: every record alone");
    pc_dedupe_free(d);
    pc_dedupe_free(NULL);
}

/* The conflict names both records and the kind of the refused link. */
static void conflict_report(harness *h)
{
    pc_dedupe *d = pc_dedupe_new(1);
    pc_identity id;
    pc_identity_init(&id);
    add(d, &id, "DOI=x ISBN=9780198526636");
    add(d, &id, "DOI=y ISBN=9780198526636");
    pc_dedupe_finish(d);
    const pc_dedupe_conflict *c = pc_dedupe_conflict_at(d, 0);
    h_result(h, c && c->rec == 1 && c->other == 0 && c->kind == PC_ID_ISBN &&
                    !pc_dedupe_conflict_at(d, 1),
             "the conflict: record 1, record 0, ISBN");
    h_result(h, pc_dedupe_fingerprint(d, PC_ID_PMID, "5", 1) !=
                    pc_dedupe_fingerprint(d, PC_ID_PMCID, "5", 1),
             "the kind is part of the fingerprint");
    pc_identity_free(&id);
    pc_dedupe_free(d);
}

enum { HOSTILE = 1000000 };

static double seconds(clock_t t0) { return (double)(clock() - t0) / CLOCKS_PER_SEC; }

/* A million records of one work (DOI, arXiv id and title each the same):
 * one group, every record after the first merged, the chain in order. */
static void one_work(harness *h)
{
    clock_t t0 = clock();
    pc_dedupe *d = pc_dedupe_new(7);
    pc_identity id;
    pc_identity_init(&id);
    for (size_t i = 0; i < HOSTILE; i++)
        add(d, &id, i % 2 ? "DOI=10.1/one arXiv=2101.00001 title=t|f|2020"
                          : "arXiv=2101.00001 title=t|f|2020");
    size_t bytes = pc_dedupe_bytes(d);
    pc_dedupe_finish(d);
    size_t walked = 0;
    uint32_t last = 0;
    bool ordered = true;
    for (uint32_t m = 0; m != PC_DEDUPE_NONE; m = pc_dedupe_next(d, m), walked++) {
        ordered &= m == 0 || m > last;
        last = m;
    }
    h_result(h, pc_dedupe_n_groups(d) == 1 && pc_dedupe_n_merged(d) == HOSTILE - 1 &&
                    pc_dedupe_first(d, HOSTILE - 1) == 0 && walked == HOSTILE && ordered,
             "a million records of one work: one group of a million, in input order");
    h_result(h, bytes / HOSTILE < 40, "one work: %zu bytes per record (< 40)", bytes / HOSTILE);
    h_result(h, seconds(t0) < 30, "one work: %.2f s of CPU (< 30, ASan included)", seconds(t0));
    pc_identity_free(&id);
    pc_dedupe_free(d);
}

/* A million titles differing in one character, one author, one year:
 * no two merged; three keys per record cost tens of bytes per record. */
static void distinct_titles(harness *h)
{
    clock_t t0 = clock();
    pc_dedupe *d = pc_dedupe_new(7);
    pc_record rec;
    pc_record_init(&rec);
    pc_name_parse("Smith, John", 11, pc_record_add_name(&rec, PC_F_AUTHOR));
    pc_date y = {.year = 2020};
    pc_record_set_date(&rec, PC_F_ISSUED, &y);
    pc_identity id;
    pc_identity_init(&id);
    char title[64], pmid[16], isbn[16];
    for (size_t i = 0; i < HOSTILE; i++) {
        /* "a study of aaaa...": one letter of six differs */
        snprintf(title, sizeof title, "A study of %c%c%c%c%c%c", (char)('a' + i % 26),
                 (char)('a' + i / 26 % 26), (char)('a' + i / 676 % 26),
                 (char)('a' + i / 17576 % 26), (char)('a' + i / 456976 % 26), 'z');
        snprintf(pmid, sizeof pmid, "%zu", i + 1);
        snprintf(isbn, sizeof isbn, "978%010zu", i);
        pc_record_set_str(&rec, PC_F_TITLE, title);
        pc_record_set_str(&rec, PC_F_PMID, pmid);
        pc_record_set_str(&rec, PC_F_ISBN, isbn);
        pc_identity_of(&rec, true, &id);
        pc_dedupe_add(d, &id);
    }
    size_t bytes = pc_dedupe_bytes(d);
    pc_dedupe_finish(d);
    h_result(h, pc_dedupe_n_merged(d) == 0 && pc_dedupe_n_records(d) == HOSTILE,
             "a million titles differing in one character: none merged");
    h_result(h, bytes / HOSTILE < 80, "three keys a record: %zu bytes per record (< 80)",
             bytes / HOSTILE);
    h_result(h, seconds(t0) < 60, "distinct titles: %.2f s of CPU (< 60, ASan included)",
             seconds(t0));
    pc_identity_free(&id);
    pc_record_clear(&rec);
    pc_dedupe_free(d);
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    groups(&h);
    conflict_report(&h);
    one_work(&h);
    distinct_titles(&h);
    return h_done(&h);
}
