/* SPDX-License-Identifier: MIT */
/* test_serial.c — the binary record form of the temporary files
 * (src/model/serial.c): a record holding every field of fields.def (each
 * kind with everything it can carry: markup, protected words, truncated,
 * every name part, ORCID, affiliations, flags, et al., every date part,
 * literals, lists) and pass-through values comes back equal, in memory
 * and through a file; every truncation and many damaged bytes of a blob
 * are refused without a crash; pc_record_copy copies all of it. */
#include "harness.h"
#include "model/copy.h"
#include "model/serial.h"

#include <stdlib.h>

static const char *const FMT_A = "bibtex", *const FMT_B = "openalex";

/* Fills every field of the table, in table order. */
static void fill(pc_record *r)
{
    r->kind = PC_KIND_ARTICLE;
    r->key = pc_xstrdup("smith2020");
    r->src_file = "in.bib";
    r->src_line = 4242;
    for (int f = 1; f < PC_F_COUNT; f++) {
        const pc_field_info *fi = pc_field_get((pc_field)f);
        char v[128];
        snprintf(v, sizeof v, "value of %s, \xC3\xA9t\xC3\xA9", fi->name);
        switch (fi->kind) {
        case PC_FK_TEXT:
        case PC_FK_NUMBER: {
            pc_text *t = pc_record_set_str(r, (pc_field)f, v);
            t->truncated = f % 2;
            pc_spanlist_push(&t->markup, 0, 5, PC_MARK_ITALIC);
            pc_spanlist_push(&t->markup, 1, 3, (pc_mark)(1 + f % PC_MARK_SUB));
            pc_strlist_push(&t->protected_words, "value");
            break;
        }
        case PC_FK_NAME: {
            pc_names *l = pc_record_names_mut(r, (pc_field)f);
            l->et_al = f % 2;
            pc_name *a = pc_names_add(l);
            a->given = pc_xstrdup("Jean-Luc");
            a->dparticle = pc_xstrdup("de");
            a->particle = pc_xstrdup("van der");
            a->family = pc_xstrdup(v);
            a->suffix = pc_xstrdup("Jr.");
            a->orcid = pc_xstrdup("0000-0002-1825-0097");
            a->flags = PC_NAME_COMMA_SUFFIX | PC_NAME_STATIC_ORDER;
            pc_strlist_push(&a->affiliations, "CERN");
            pc_strlist_push(&a->affiliations, "MIT");
            pc_names_add(l)->literal = pc_xstrdup("The ATLAS Collaboration");
            break;
        }
        case PC_FK_DATE: {
            pc_date d = {.year = -877 + f, .month = 3, .day = 9, .end_year = 2011, .end_month = 12,
                         .end_day = 31, .season = 2, .end_season = 4,
                         .flags = PC_DATE_CIRCA | PC_DATE_UNCERTAIN | PC_DATE_OPEN_END};
            pc_record_set_date(r, (pc_field)f, &d);
            pc_record_set_date_literal(r, (pc_field)f, "spring, or so", 13);
            break;
        }
        case PC_FK_LIST:
            pc_record_list_add(r, (pc_field)f, v, strlen(v));
            pc_record_list_add(r, (pc_field)f, "second", 6);
            break;
        case PC_FK_NONE: break;
        }
    }
    pc_record_add_extra(r, FMT_A, "groups", 6, "a, b", 4);
    pc_record_add_extra(r, FMT_B, "id", 2, "\"https://openalex.org/W1\"", 25);
}

static void dump_strlist(pc_buf *b, const char *what, const pc_strlist *l)
{
    for (size_t i = 0; i < l->n; i++)
        pc_buf_printf(b, " %s[%s]", what, l->items[i]);
}

/* Everything the accessors see, field by field. */
static char *dump(const pc_record *r)
{
    pc_buf b = PC_BUF_INIT;
    pc_buf_printf(&b, "kind=%d key=%s at %s:%lu\n", r->kind, r->key, r->src_file, r->src_line);
    for (int f = 1; f < PC_F_COUNT; f++) {
        const pc_text *t = pc_record_text(r, (pc_field)f);
        const pc_names *l = pc_record_names(r, (pc_field)f);
        const pc_date *d = pc_record_date(r, (pc_field)f);
        const char *lit = pc_record_date_literal(r, (pc_field)f);
        const pc_strlist *list = pc_record_list(r, (pc_field)f);
        pc_buf_printf(&b, "%d:", f);
        if (t) {
            pc_buf_printf(&b, " [%s] trunc=%d", t->s, t->truncated);
            for (size_t i = 0; i < t->markup.n; i++)
                pc_buf_printf(&b, " span=%zu-%zu/%d", t->markup.items[i].start,
                              t->markup.items[i].end, t->markup.items[i].mark);
            dump_strlist(&b, "prot", &t->protected_words);
        }
        for (size_t i = 0; l && i < l->n; i++) {
            const pc_name *n = &l->items[i];
            pc_buf_printf(&b, " name=%s|%s|%s|%s|%s|%s|%s|%u", n->given, n->dparticle, n->particle,
                          n->family, n->suffix, n->literal, n->orcid, n->flags);
            dump_strlist(&b, "aff", &n->affiliations);
        }
        if (l)
            pc_buf_printf(&b, " etal=%d", l->et_al);
        if (d)
            pc_buf_printf(&b, " date=%d-%d-%d/%d-%d-%d s%d/%d f%u", d->year, d->month, d->day,
                          d->end_year, d->end_month, d->end_day, d->season, d->end_season, d->flags);
        if (lit)
            pc_buf_printf(&b, " literal=%s", lit);
        if (list)
            dump_strlist(&b, "item", list);
        pc_buf_putc(&b, '\n');
    }
    for (size_t i = 0; i < r->n_extras; i++)
        pc_buf_printf(&b, "extra %s %s %s\n", r->extras[i].format, r->extras[i].name,
                      r->extras[i].value);
    return pc_buf_detach(&b);
}

static void round_trip(harness *h)
{
    pc_record a, b;
    pc_record_init(&a);
    pc_record_init(&b);
    fill(&a);
    pc_buf blob = PC_BUF_INIT, again = PC_BUF_INIT;
    pc_serial_put(&blob, &a);
    pc_serial_names *names = pc_serial_names_new();
    h_result(h, pc_serial_get(blob.ptr, blob.len, names, &b), "a record of every field reads back");
    char *da = dump(&a), *db = dump(&b);
    h_streq(h, db, da, "every field of fields.def, as the accessors see it", NULL);
    pc_serial_put(&again, &b);
    h_result(h, again.len == blob.len && !memcmp(again.ptr, blob.ptr, blob.len),
             "written again, the same bytes (arrays in their order)");
    h_result(h, b.n_texts == a.n_texts && b.n_names == a.n_names && b.n_dates == a.n_dates &&
                    b.n_lists == a.n_lists && b.n_extras == 2,
             "every kind of field is there (%zu texts, %zu name lists, %zu dates, %zu lists)",
             b.n_texts, b.n_names, b.n_dates, b.n_lists);
    h_result(h, b.extras[0].format == pc_serial_intern(names, "bibtex", 6) &&
                    b.src_file == pc_serial_intern(names, "in.bib", 6),
             "format and file names are interned");
    free(da);
    free(db);

    /* pc_record_copy (model/copy.c) keeps everything too, in order */
    pc_record c;
    pc_record_init(&c);
    pc_record_copy(&c, &a);
    pc_buf_clear(&again);
    pc_serial_put(&again, &c);
    h_result(h, again.len == blob.len && !memcmp(again.ptr, blob.ptr, blob.len),
             "pc_record_copy of a record of every field: the same bytes");
    pc_record_clear(&c);

    /* through a file, two records and the end */
    FILE *f = tmpfile();
    pc_buf scratch = PC_BUF_INIT;
    pc_record empty;
    pc_record_init(&empty);
    bool ok = pc_serial_write(f, &a, &scratch) && pc_serial_write(f, &empty, &scratch);
    rewind(f);
    int r1 = pc_serial_read(f, names, &b, &scratch);
    da = dump(&a);
    db = dump(&b);
    int r2 = pc_serial_read(f, names, &b, &scratch);
    int r3 = pc_serial_read(f, names, &b, &scratch);
    h_result(h, ok && r1 == 1 && !strcmp(da, db) && r2 == 1 && !b.key && !b.n_texts && r3 == 0,
             "a file of two records, then the end");
    free(da);
    free(db);
    fclose(f);

    /* every truncation of the blob, and every byte changed, is refused or
     * read as some valid record: never a crash (ASan) */
    bool refused = true;
    for (size_t n = 0; n < blob.len; n++)
        refused &= !pc_serial_get(blob.ptr, n, names, &b);
    h_result(h, refused, "every truncation of a blob is refused");
    for (size_t i = 0; i < blob.len; i += 3) {
        char save = blob.ptr[i];
        blob.ptr[i] = (char)(save ^ (0x41 + (char)i));
        pc_serial_get(blob.ptr, blob.len, names, &b);
        blob.ptr[i] = (char)0xff;
        pc_serial_get(blob.ptr, blob.len, names, &b);
        blob.ptr[i] = save;
    }
    h_result(h, !b.n_texts || b.key, "damaged bytes: no crash, no leak");
    const char huge[] = "\x01\x00\x00\x00\x00\xff\xff\xff\xff\x0f";
    h_result(h, !pc_serial_get(huge, sizeof huge - 1, names, &b),
             "a count larger than the blob is refused before allocating");

    pc_record_clear(&a);
    pc_record_clear(&b);
    pc_record_clear(&empty);
    pc_buf_free(&blob);
    pc_buf_free(&again);
    pc_buf_free(&scratch);
    pc_serial_names_free(names);
    pc_serial_names_free(NULL);
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    round_trip(&h);
    return h_done(&h);
}
