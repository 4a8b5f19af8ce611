/* SPDX-License-Identifier: MIT */
/* test_ids.c — field and kind ids are stable: part of the ABI.  Every id
 * released (tests/data/field-ids.tsv, kind-ids.tsv: number, ID, name) must
 * keep its number, its PC_F_ / PC_KIND_ constant and its name, as the
 * public header and the library give them; and every field and kind the
 * table holds must be in the list (a new one is appended to it, with the
 * next number).  Only paperconv.h is used: what a program sees. */
#include "harness.h"
#include "paperconv.h"

typedef struct id_row {
    const char *id; /* "TITLE" */
    int value;      /* PC_F_TITLE as this header compiles it */
    const char *name;
    int listed;     /* seen in the released list */
} id_row;

static id_row fields[] = {
#define PC_FIELD(id, num, name, kind, flags) {#id, PC_F_##id, name, 0},
#include "paperconv/fields.def"
#undef PC_FIELD
};

static id_row kinds[] = {
#define PC_KIND(id, num, csl, broader) {#id, PC_KIND_##id, csl, 0},
#include "paperconv/kinds.def"
#undef PC_KIND
};

#define N_FIELDS (sizeof fields / sizeof *fields)
#define N_KINDS (sizeof kinds / sizeof *kinds)

static id_row *find(id_row *rows, size_t n, const char *id)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(rows[i].id, id) == 0)
            return &rows[i];
    return NULL;
}

/* One released row: number, ID, name. */
static void check_row(harness *h, char **f, int nf, int lineno, id_row *rows, size_t n,
                      const char *prefix, const char *(*name_of)(int))
{
    if (nf < 3) {
        h_result(h, 0, "line %d: number, ID, name", lineno);
        return;
    }
    int num = atoi(f[0]);
    id_row *r = find(rows, n, f[1]);
    h_result(h, r != NULL, "%s%s (%d) still exists", prefix, f[1], num);
    if (!r)
        return;
    r->listed = 1;
    h_result(h, r->value == num, "%s%s is still %d", prefix, f[1], num);
    if (r->value != num)
        printf("#   the header says %d: a released id never changes\n", r->value);
    const char *name = name_of(num);
    h_result(h, name && strcmp(name, f[2]) == 0, "id %d is still named \"%s\" at run time", num, f[2]);
    if (!name || strcmp(name, f[2]) != 0)
        printf("#   the library says \"%s\"\n", name ? name : "(none)");
}

static const char *field_name(int f) { return pc_field_name((pc_field)f); }
static const char *kind_name(int k) { return pc_kind_name((pc_kind)k); }

static void field_row(harness *h, char **f, int nf, int lineno)
{
    check_row(h, f, nf, lineno, fields, N_FIELDS, "PC_F_", field_name);
}

static void kind_row(harness *h, char **f, int nf, int lineno)
{
    check_row(h, f, nf, lineno, kinds, N_KINDS, "PC_KIND_", kind_name);
}

/* Every row of the table is released, and the library counts them all. */
static void all_listed(harness *h, const id_row *rows, size_t n, size_t count, const char *what,
                       const char *list)
{
    for (size_t i = 0; i < n; i++)
        if (!rows[i].listed)
            h_result(h, 0, "%s %s (%d) is in %s: append it, with the next number", what, rows[i].id,
                     rows[i].value, list);
    h_result(h, count == n, "the library counts %zu %ss (the header has %zu)", count, what, n);
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    h_table(&h, "tests/data/field-ids.tsv", field_row);
    h_table(&h, "tests/data/kind-ids.tsv", kind_row);
    all_listed(&h, fields, N_FIELDS, pc_field_count(), "field", "tests/data/field-ids.tsv");
    all_listed(&h, kinds, N_KINDS, pc_kind_count(), "kind", "tests/data/kind-ids.tsv");
    /* the ends of the range */
    h_result(&h, pc_field_name(PC_F_NONE) == NULL, "pc_field_name(PC_F_NONE) is NULL");
    h_result(&h, pc_field_name((pc_field)(pc_field_count() + 1)) == NULL, "pc_field_name past the last id is NULL");
    h_result(&h, pc_field_value_kind((pc_field)-1) == PC_FK_NONE, "pc_field_value_kind(-1) is PC_FK_NONE");
    h_result(&h, strcmp(pc_kind_name((pc_kind)(pc_kind_count() + 1)), "unknown") == 0,
             "pc_kind_name past the last id is \"unknown\"");
    return h_done(&h);
}
