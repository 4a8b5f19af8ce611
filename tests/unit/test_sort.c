/* SPDX-License-Identifier: MIT */
/* test_sort.c — sort keys (src/ops/sortkey.c) and the external merge sort
 * (src/ops/extsort.c): the cases of tests/data/sortkey.tsv sorted through
 * both, records kept whole through the binary form (model/serial.c);
 * stability across spilled runs and run merges; a million records in a
 * budget of 1 MB. */
#include "harness.h"
#include "model/dates.h"
#include "model/serial.h"
#include "ops/extsort.h"
#include "ops/sortkey.h"
#include "text/names.h"

#include <stdlib.h>
#include <time.h>

/* "key|authors|date|title|type" -> a record. */
static void parse_record(char *s, pc_record *r)
{
    char *part[5] = {0};
    for (int i = 0; i < 5; i++) {
        part[i] = s;
        s = s ? strchr(s, '|') : NULL;
        if (s)
            *s++ = '\0';
    }
    pc_set_str(&r->key, part[0]);
    if (part[1] && *part[1])
        pc_names_parse_list(part[1], strlen(part[1]), pc_record_names_mut(r, PC_F_AUTHOR));
    pc_date d;
    if (part[2] && *part[2] && pc_date_parse_edtf(part[2], strlen(part[2]), &d))
        pc_record_set_date(r, PC_F_ISSUED, &d);
    if (part[3])
        pc_record_set_str(r, PC_F_TITLE, part[3]);
    if (part[4] && *part[4])
        r->kind = pc_kind_by_name(part[4], strlen(part[4]));
}

/* Sorts records through sort keys and a tiny budget (every record its own
 * run); appends the keys in order to out. */
static bool sort_records(const pc_sort_spec *spec, pc_record *recs, size_t n, size_t budget,
                         pc_buf *out)
{
    pc_extsort *s = pc_extsort_new(budget, NULL);
    pc_buf key = PC_BUF_INIT, val = PC_BUF_INIT;
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        pc_buf_clear(&key);
        pc_buf_clear(&val);
        pc_sortkey_build(spec, &recs[i], i, &key);
        pc_serial_put(&val, &recs[i]);
        ok = pc_extsort_add(s, key.ptr, key.len, val.ptr, val.len);
    }
    ok = ok && pc_extsort_finish(s);
    pc_serial_names *names = pc_serial_names_new();
    pc_record r;
    pc_record_init(&r);
    const char *k, *v;
    size_t kn, vn;
    int st;
    while (ok && (st = pc_extsort_next(s, &k, &kn, &v, &vn)) == 1) {
        ok = pc_serial_get(v, vn, names, &r);
        pc_buf_printf(out, "%s%s", out->len ? "," : "", r.key);
    }
    ok = ok && st == 0;
    pc_record_clear(&r);
    pc_serial_names_free(names);
    pc_buf_free(&key);
    pc_buf_free(&val);
    pc_extsort_free(s);
    return ok;
}

static void row(harness *h, char **f, int nf, int lineno)
{
    if (nf < 3) {
        h_result(h, 0, "sortkey.tsv:%d: needs 3 fields", lineno);
        return;
    }
    pc_sort_spec spec;
    pc_buf err = PC_BUF_INIT;
    if (!pc_sort_spec_parse(&spec, f[0], &err)) {
        h_result(h, 0, "sortkey.tsv:%d: %s", lineno, err.ptr);
        pc_buf_free(&err);
        return;
    }
    pc_record recs[16];
    size_t n = 0;
    for (char *p = f[1]; p && n < 16; n++) {
        char *next = strstr(p, " ; ");
        if (next) {
            *next = '\0';
            next += 3;
        }
        pc_record_init(&recs[n]);
        parse_record(p, &recs[n]);
        p = next;
    }
    for (int pass = 0; pass < 2; pass++) { /* in memory, then every record its own run */
        pc_buf got = PC_BUF_INIT;
        bool ok = sort_records(&spec, recs, n, pass ? 1 : 1u << 20, &got);
        char what[96];
        snprintf(what, sizeof what, "sortkey.tsv:%d --sort=%s%s", lineno, f[0],
                 pass ? " (spilled)" : "");
        h_result(h, ok, "%s: no error", what);
        h_streq(h, got.ptr, f[2], what, NULL);
        pc_buf_free(&got);
    }
    for (size_t i = 0; i < n; i++)
        pc_record_clear(&recs[i]);
    pc_buf_free(&err);
}

static void spec_errors(harness *h)
{
    pc_sort_spec spec;
    pc_buf err = PC_BUF_INIT;
    h_result(h, !pc_sort_spec_parse(&spec, "year,colour", &err) &&
                    strstr(err.ptr, "unknown sort key 'colour'"),
             "an unknown sort key is refused: %s", err.ptr);
    pc_buf_clear(&err);
    h_result(h, !pc_sort_spec_parse(&spec, "year,,title", &err), "an empty sort key is refused");
    pc_buf_clear(&err);
    h_result(h, !pc_sort_spec_parse(&spec, "key,key,key,key,key,key,key,key,key", &err),
             "more than %d sort keys are refused", PC_SORT_MAX);
    h_result(h, pc_sort_spec_parse(&spec, " -year , title", &err) && spec.n == 2 && spec.desc[0] &&
                    !spec.desc[1],
             "spaces around keys are allowed");
    pc_buf_free(&err);
}

/* Many equal keys across many runs and run merges: sorted, and equal keys
 * in the order added; then a million records sorted in a 1 MB budget. */
static void external(harness *h)
{
    enum { N = 200000, BIG = 1000000 };
    pc_extsort *s = pc_extsort_new(8192, NULL);
    char k[8], v[16];
    bool ok = true;
    for (unsigned i = 0; i < N && ok; i++) {
        snprintf(k, sizeof k, "%03u", (i * 7919u) % 500u); /* 500 keys, 400 items each */
        snprintf(v, sizeof v, "%u", i);
        ok = pc_extsort_add(s, k, 3, v, strlen(v));
    }
    ok = ok && pc_extsort_finish(s);
    const char *kp, *vp;
    size_t kn, vn, n = 0;
    long prev = -1;
    bool sorted = true;
    char last[4] = "";
    while (ok && pc_extsort_next(s, &kp, &kn, &vp, &vn) == 1) {
        char val[16]; /* vp is not NUL-terminated */
        snprintf(val, sizeof val, "%.*s", (int)vn, vp);
        long seq = strtol(val, NULL, 10);
        int c = memcmp(last, kp, 3);
        sorted &= n == 0 || c < 0 || (c == 0 && seq > prev);
        memcpy(last, kp, 3);
        prev = seq;
        n++;
    }
    h_result(h, ok && sorted && n == N && pc_extsort_spilled(s) > PC_EXTSORT_FANIN,
             "%d items in %zu spilled runs, merged: sorted and stable", N, pc_extsort_spilled(s));
    pc_extsort_free(s);

    clock_t t0 = clock();
    s = pc_extsort_new(1u << 20, NULL);
    pc_record r;
    pc_record_init(&r);
    pc_sort_spec spec;
    pc_buf err = PC_BUF_INIT, key = PC_BUF_INIT, val = PC_BUF_INIT;
    pc_sort_spec_parse(&spec, "-year,title", &err);
    for (size_t i = 0; i < BIG && ok; i++) {
        snprintf(v, sizeof v, "T%zu", (i * 104729u) % BIG);
        pc_record_set_str(&r, PC_F_TITLE, v);
        pc_date d = {.year = 1900 + (int)(i % 120)};
        pc_record_set_date(&r, PC_F_ISSUED, &d);
        pc_buf_clear(&key);
        pc_buf_clear(&val);
        pc_sortkey_build(&spec, &r, i, &key);
        pc_serial_put(&val, &r);
        ok = pc_extsort_add(s, key.ptr, key.len, val.ptr, val.len);
    }
    ok = ok && pc_extsort_finish(s);
    pc_serial_names *names = pc_serial_names_new();
    int year = 3000;
    n = 0;
    sorted = true;
    while (ok && pc_extsort_next(s, &kp, &kn, &vp, &vn) == 1 && pc_serial_get(vp, vn, names, &r)) {
        int y = pc_record_date(&r, PC_F_ISSUED)->year;
        sorted &= y <= year;
        year = y;
        n++;
    }
    h_result(h, ok && sorted && n == BIG, "a million records in a 1 MB budget: %zu runs, sorted",
             pc_extsort_spilled(s));
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    h_result(h, secs < 120, "a million records: %.2f s of CPU (< 120, ASan included)", secs);
    pc_serial_names_free(names);
    pc_record_clear(&r);
    pc_buf_free(&err);
    pc_buf_free(&key);
    pc_buf_free(&val);
    pc_extsort_free(s);

    s = pc_extsort_new(0, "/nonexistent-dir");
    ok = true;
    for (int i = 0; i < 1000 && ok; i++)
        ok = pc_extsort_add(s, "k", 1, "a value of some length, to fill 4 KB", 37);
    h_result(h, !ok && !pc_extsort_finish(s), "a temporary directory that does not exist: an error");
    pc_extsort_free(s);
    pc_extsort_free(NULL);
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    h_table(&h, "tests/data/sortkey.tsv", row);
    spec_errors(&h);
    external(&h);
    return h_done(&h);
}
