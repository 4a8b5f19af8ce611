/* SPDX-License-Identifier: MIT */
/* test_bibkeep.c — BibTeX kept as written (formats/bibtex/keep.c) when an
 * operation changed the record between the reader and the writer: each
 * case reads a .bib with the run's output format set to bibtex, changes
 * the record as --omit, --rename, --dedupe's combine, --rekey or a kind
 * rule would, and checks the bytes written: what did not change stays as
 * written, what changed is left out or written anew, nothing is written
 * twice.  A record through the temporary files' binary form (--sort,
 * --dedupe spill it) is still written as written. */
#include "harness.h"
#include "io/format_table.h"
#include "io/source.h"
#include "model/serial.h"

#include <stdlib.h>

typedef void change_fn(pc_record *rec);

static void none(pc_record *rec) { (void)rec; }
static void drop_title(pc_record *rec) { pc_record_unset(rec, PC_F_TITLE); }
static void new_note(pc_record *rec) { pc_record_set_str(rec, PC_F_NOTE, "Added"); }
static void new_title(pc_record *rec) { pc_record_set_str(rec, PC_F_TITLE, "Changed"); }
static void rekey(pc_record *rec)
{
    pc_free(rec->key);
    rec->key = pc_xstrdup("new2001");
}
static void drop_groups(pc_record *rec)
{
    for (size_t i = 0; i < rec->n_extras; i++)
        if (strcmp(rec->extras[i].name, "groups") == 0) {
            pc_free(rec->extras[i].value);
            rec->extras[i].value = pc_xstrdup("g9");
        }
}
static void to_book(pc_record *rec) { rec->kind = PC_KIND_BOOK; }
static void spill(pc_record *rec)
{
    pc_buf b = PC_BUF_INIT;
    pc_serial_put(&b, rec);
    pc_serial_names *names = pc_serial_names_new();
    pc_record back;
    pc_record_init(&back);
    bool ok = pc_serial_get(b.ptr, b.len, names, &back);
    pc_buf_free(&b);
    if (ok) { /* the names table must outlive the record: the format name is static here */
        for (size_t i = 0; i < back.n_extras; i++)
            back.extras[i].format = "bibtex";
        back.src_file = rec->src_file;
        pc_record_clear(rec);
        *rec = back;
    }
    pc_serial_names_free(names);
}

/* in -> bibtex with `change` applied to every record. */
static char *convert(const char *in, change_fn *change)
{
    pc_ctx ctx;
    pc_ctx_init(&ctx, NULL, NULL);
    const pc_format *f = pc_format_find("bibtex");
    ctx.write_format = f->name;
    pc_source *src = pc_source_mem("t.bib", in, strlen(in));
    void *rs = f->read_open(src, &ctx);
    FILE *out = tmpfile();
    void *ws = f->write_begin(out, &ctx);
    pc_record rec;
    pc_record_init(&rec);
    pc_read_status st;
    while ((st = f->read_next(rs, &rec)) != PC_READ_EOF && st != PC_READ_FATAL) {
        if (st == PC_READ_RECORD) {
            change(&rec);
            f->write_record(ws, &rec);
        }
        pc_record_clear(&rec);
    }
    f->write_end(ws);
    f->read_close(rs);
    pc_source_close(src);
    long n = ftell(out);
    char *s = calloc(1, (size_t)n + 1);
    rewind(out);
    if (fread(s, 1, (size_t)n, out) != (size_t)n)
        s[0] = 0;
    fclose(out);
    pc_ctx_free(&ctx);
    return s;
}

static const char IN[] = "% lib\n@string{j = \"J\"}\n@article{a,\n  title = {T},\n  journal = j,\n"
                         "  groups = {g1},\n  year = 2001\n}\n% end\n";

static const struct {
    const char *what;
    change_fn *change;
    const char *want;
} cases[] = {
    {"nothing changed: the input itself", none, IN},
    {"through the binary form (a sort's spill): the input itself", spill, IN},
    {"a field dropped is left out, with its separator", drop_title,
     "% lib\n@string{j = \"J\"}\n@article{a,\n  journal = j,\n  groups = {g1},\n  year = 2001\n}\n% end\n"},
    {"a field added is written after the fields kept", new_note,
     "% lib\n@string{j = \"J\"}\n@article{a,\n  title = {T},\n  journal = j,\n  groups = {g1},\n"
     "  year = 2001,\n  note = {Added},\n}\n% end\n"},
    {"a field changed is written anew, not twice", new_title,
     "% lib\n@string{j = \"J\"}\n@article{a,\n  journal = j,\n  groups = {g1},\n  year = 2001,\n"
     "  title = {Changed},\n}\n% end\n"},
    {"a key made anew replaces the key", rekey,
     "% lib\n@string{j = \"J\"}\n@article{new2001,\n  title = {T},\n  journal = j,\n  groups = {g1},\n"
     "  year = 2001\n}\n% end\n"},
    {"a pass-through value changed is written anew", drop_groups,
     "% lib\n@string{j = \"J\"}\n@article{a,\n  title = {T},\n  journal = j,\n  year = 2001,\n"
     "  groups = {g9},\n}\n% end\n"},
    {"a kind changed takes the writer's entry type", to_book,
     "% lib\n@string{j = \"J\"}\n@book{a,\n  title = {T},\n  journal = j,\n  groups = {g1},\n"
     "  year = 2001\n}\n% end\n"},
};

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *got = convert(IN, cases[i].change);
        h_streq(&h, got, cases[i].want, "bibkeep", cases[i].what);
        free(got);
    }
    return h.failed != 0;
}
