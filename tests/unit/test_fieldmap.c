/* SPDX-License-Identifier: MIT */
/* test_fieldmap.c — the format maps (src/model/map.h) and the CSL mapping
 * built on the field table (formats/csl/item_write.c, item_read.c):
 *
 *   - every map's rows name real fields, with a direction and a way; a
 *     special row names its handler, no other row does;
 *   - a compiled map answers as its rows say: the row a name finds for a
 *     kind (remembered per kind), and the rows written for a kind (its
 *     plan) are those a walk of every row writes, in the same order;
 *   - the CSL map holds every field of the table both ways (a field a
 *     later block of fields.def adds is held through `custom` at once);
 *   - a record with a value in every field, written as a CSL item and read
 *     back (CSL-JSON's HTML and CSL-YAML's Markdown), is the same record;
 *   - what a CSL writer cannot hold (another format's pass-through value)
 *     is counted, and nothing else is. */
#include "harness.h"
#include "util/buf.h"
#include "atom/atom.h"
#include "bibtex/bibtex.h"
#include "csl/csl.h"
#include "csl/json.h"
#include "io/format_table.h"

/* ---- the maps ---------------------------------------------------------------- */

/* The maps no pc_format shows: the BibTeX reader's, the feeds', the JSON
 * services'. */
static const struct {
    const char *name;
    const pc_map_row *rows;
    const size_t *n;
} other_maps[] = {
    {"bibtex (reading)", pc_bib_read_rows, NULL}, {"atom", pc_atom_rows, &pc_atom_n_rows},
};
static const pc_json_shape *const shapes[] = {&pc_json_shape_crossref, &pc_json_shape_openalex,
                                              &pc_json_shape_s2, &pc_json_shape_arxiv};

/* Rows with a handler where they are special, and only there. */
static size_t bad_handlers(const pc_map_row *rows, size_t n)
{
    size_t bad = 0;
    for (size_t i = 0; i < n; i++)
        bad += (rows[i].how == PC_MAP_SPECIAL) != (rows[i].handler != 0);
    return bad;
}

static void check_handlers(harness *h)
{
    for (const pc_format *const *fp = pc_formats; *fp; fp++)
        if ((*fp)->map)
            h_result(h, bad_handlers((*fp)->map, (*fp)->map_len) == 0,
                     "%s: its special rows, and only they, name a handler", (*fp)->name);
    for (size_t i = 0; i < sizeof other_maps / sizeof *other_maps; i++)
        h_result(h, bad_handlers(other_maps[i].rows, other_maps[i].n ? *other_maps[i].n : PC_BIB_N_ROWS) == 0,
                 "%s: its special rows, and only they, name a handler", other_maps[i].name);
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
        size_t beyond = 0;
        for (size_t k = 0; k < shapes[i]->n_rows; k++)
            beyond += shapes[i]->rows[k].handler >= shapes[i]->n_special;
        h_result(h, bad_handlers(shapes[i]->rows, shapes[i]->n_rows) == 0 && beyond == 0,
                 "%s: its special rows, and only they, name a handler of its table", shapes[i]->name);
    }
}

static void check_maps(harness *h)
{
    size_t n_maps = 0;
    for (const pc_format *const *fp = pc_formats; *fp; fp++) {
        const pc_format *fmt = *fp;
        if (!fmt->map)
            continue;
        n_maps++;
        size_t bad = 0;
        for (size_t i = 0; i < fmt->map_len; i++) {
            const pc_map_row *r = &fmt->map[i];
            /* a structural tag (SPECIAL) or a kept field (EXTRA) may name no model field */
            bool no_field_ok = r->how == PC_MAP_SPECIAL || r->how == PC_MAP_EXTRA;
            bad += !r->name || !*r->name || r->how == PC_MAP_NONE ||
                   (r->field == PC_F_NONE ? !no_field_ok : !pc_field_get(r->field)) ||
                   (r->how == PC_MAP_EXTRA && r->field != PC_F_NONE) ||
                   (r->dir & ~(unsigned)(PC_MAP_BOTH | PC_MAP_ALWAYS)) != 0;
        }
        h_result(h, bad == 0, "%s: every row of its map names a field, a way and a direction (%zu rows)",
                 fmt->name, fmt->map_len);
    }
    h_result(h, n_maps >= 2, "%zu formats have a field map", n_maps);
}

/* The CSL map: every field read and written, CSL variables under their own
 * names and ours in custom. */
static void check_csl_map(harness *h)
{
    unsigned dir[PC_F_COUNT] = {0};
    bool own_name[PC_F_COUNT] = {0};
    for (size_t i = 0; i < PC_CSL_MAP_LEN; i++) {
        const pc_map_row *r = &pc_csl_map[i];
        const pc_field_info *fi = pc_field_get(r->field);
        dir[r->field] |= r->dir;
        if (fi && (fi->flags & PC_FF_CSL) && strcmp(r->name, fi->name) == 0)
            own_name[r->field] = true;
        if (fi && !(fi->flags & PC_FF_CSL) && strncmp(r->name, "custom.", 7) == 0 &&
            strcmp(r->name + 7, fi->name) == 0)
            own_name[r->field] = true;
    }
    size_t held = 0, named = 0;
    for (int f = PC_F_NONE + 1; f < PC_F_COUNT; f++) {
        held += (dir[f] & PC_MAP_BOTH) == PC_MAP_BOTH;
        named += own_name[f];
        if ((dir[f] & PC_MAP_BOTH) != PC_MAP_BOTH)
            printf("#   not held both ways: %s\n", pc_field_get((pc_field)f)->name);
    }
    h_result(h, held == PC_F_COUNT - 1, "the CSL map reads and writes every field (%zu of %d)", held,
             PC_F_COUNT - 1);
    h_result(h, named == PC_F_COUNT - 1,
             "every field has a CSL row under its own name or custom.NAME (%zu of %d)", named,
             PC_F_COUNT - 1);
    /* custom's own keys (csl.h) are no field's name: a field would shadow them */
    static const char *const keys[] = {PC_CSL_CUSTOM_AFFILIATIONS, PC_CSL_CUSTOM_ORCID,
                                       PC_CSL_CUSTOM_ET_AL, PC_CSL_CUSTOM_URLS,
                                       PC_CSL_CUSTOM_KEYWORDS, PC_CSL_CUSTOM_DATE_LITERALS};
    size_t free_keys = 0;
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        free_keys += pc_field_by_name(keys[i], strlen(keys[i])) == PC_F_NONE;
    h_result(h, free_keys == sizeof keys / sizeof *keys, "no field is named like a key of custom's own");
}

/* ---- a record with every field ------------------------------------------------ */

static void fill_name(pc_name *nm, int i)
{
    char b[64];
    snprintf(b, sizeof b, "Given%d", i);
    nm->given = pc_xstrdup(b);
    snprintf(b, sizeof b, "Family%d", i);
    nm->family = pc_xstrdup(b);
    if (i == 0) {
        nm->particle = pc_xstrdup("van der");
        nm->dparticle = pc_xstrdup("de");
        nm->suffix = pc_xstrdup("Jr.");
        nm->orcid = pc_xstrdup("0000-0002-1825-0097");
        nm->flags = PC_NAME_COMMA_SUFFIX;
        pc_strlist_push(&nm->affiliations, "Universiteit Leiden");
        pc_strlist_push(&nm->affiliations, "CERN, Geneva");
    } else {
        nm->flags = PC_NAME_STATIC_ORDER;
    }
}

/* A value for field f by its kind: text, names, a date, a list. */
static void fill_field(pc_record *r, pc_field f)
{
    const pc_field_info *fi = pc_field_get(f);
    char b[128];
    switch (fi->kind) {
    case PC_FK_TEXT:
        snprintf(b, sizeof b, "The value of %s", fi->name);
        pc_record_set_str(r, f, b);
        break;
    case PC_FK_NUMBER: pc_record_set_str(r, f, "12"); break;
    case PC_FK_NAME: {
        pc_names *l = pc_record_names_mut(r, f);
        for (int i = 0; i < 2; i++)
            fill_name(pc_names_add(l), i);
        l->et_al = true;
        break;
    }
    case PC_FK_DATE: {
        pc_date d = {.year = -43, .month = 3, .day = 15, .end_year = 2012, .end_month = 6};
        if (f == PC_F_ISSUED)
            d = (pc_date){.year = 2019, .season = 2, .flags = PC_DATE_CIRCA};
        if (f == PC_F_UPDATED)
            d = (pc_date){.year = 2020, .flags = PC_DATE_UNCERTAIN | PC_DATE_OPEN_END};
        if (f == PC_F_EVENT_DATE) /* a range of seasons (issue 19) */
            d = (pc_date){.year = 2012, .season = 2, .end_year = 2013, .end_season = 4};
        if (f == PC_F_SUBMITTED) /* an open start */
            d = (pc_date){.year = 1034, .month = 5, .flags = PC_DATE_OPEN_START};
        pc_record_set_date(r, f, &d);
        if (f == PC_F_ACCESSED)
            pc_record_set_date_literal(r, f, "the Ides of March", 17);
        break;
    }
    case PC_FK_LIST:
        snprintf(b, sizeof b, "first %s", fi->name);
        pc_record_list_add(r, f, b, strlen(b));
        pc_record_list_add(r, f, "second, with a comma", 20);
        break;
    case PC_FK_NONE: break;
    }
}

static void fill_record(pc_record *r)
{
    r->key = pc_xstrdup("every2026field");
    r->kind = PC_KIND_BOOK;
    for (int f = PC_F_NONE + 1; f < PC_F_COUNT; f++)
        fill_field(r, (pc_field)f);
    pc_record_set_str(r, PC_F_DOI, "10.1234/every.field");
    pc_record_set_str(r, PC_F_ARXIV_ID, "2610.01234");
    pc_record_set_str(r, PC_F_ARXIV_VERSION, "2");
    pc_text *t = pc_record_text_mut(r, PC_F_TITLE); /* "The *value* of title" */
    pc_spanlist_push(&t->markup, 4, 9, PC_MARK_ITALIC);
    pc_record_text_mut(r, PC_F_ABSTRACT)->truncated = true;
}

static bool same_str(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static bool same_list(const pc_strlist *a, const pc_strlist *b)
{
    size_t na = a ? a->n : 0, nb = b ? b->n : 0;
    if (na != nb)
        return false;
    for (size_t i = 0; i < na; i++)
        if (strcmp(a->items[i], b->items[i]) != 0)
            return false;
    return true;
}

static bool same_names(const pc_names *a, const pc_names *b)
{
    if (!a || !b || a->n != b->n || a->et_al != b->et_al)
        return a == b;
    for (size_t i = 0; i < a->n; i++) {
        const pc_name *x = &a->items[i], *y = &b->items[i];
        if (!same_str(x->given, y->given) || !same_str(x->family, y->family) ||
            !same_str(x->particle, y->particle) || !same_str(x->dparticle, y->dparticle) ||
            !same_str(x->suffix, y->suffix) || !same_str(x->literal, y->literal) ||
            !same_str(x->orcid, y->orcid) || x->flags != y->flags ||
            !same_list(&x->affiliations, &y->affiliations))
            return false;
    }
    return true;
}

static bool same_field(const pc_record *a, const pc_record *b, pc_field f)
{
    const pc_text *ta = pc_record_text(a, f), *tb = pc_record_text(b, f);
    if (ta || tb)
        return ta && tb && strcmp(ta->s, tb->s) == 0 && ta->truncated == tb->truncated &&
               ta->markup.n == tb->markup.n;
    const pc_date *da = pc_record_date(a, f), *db = pc_record_date(b, f);
    if ((da || db) && !(da && db && memcmp(da, db, sizeof *da) == 0))
        return false;
    return same_str(pc_record_date_literal(a, f), pc_record_date_literal(b, f)) &&
           same_names(pc_record_names(a, f), pc_record_names(b, f)) &&
           same_list(pc_record_list(a, f), pc_record_list(b, f));
}

static void count_drop(void *u, const char *fmt, const char *field, unsigned long n)
{
    (void)fmt;
    (void)n;
    pc_buf *b = u;
    pc_buf_printf(b, "%s%s", b->len ? ", " : "", field);
}

/* The record through one CSL item and back. */
static void check_every_field(harness *h, pc_csl_text text, const char *what)
{
    pc_ctx ctx;
    pc_ctx_init(&ctx, NULL, NULL);
    pc_record r, back;
    pc_record_init(&r);
    pc_record_init(&back);
    fill_record(&r);
    pc_record_add_extra(&r, "bibtex", "groups", 6, "{Reading list}", 14);
    json_t *item = pc_csl_item(&r, &ctx, "csl", text);
    bool read = pc_csl_read_item(item, &back, &ctx, "test", 1, text);
    h_result(h, read && same_str(back.key, r.key) && back.kind == r.kind,
             "%s: the item reads back, key and type kept", what);
    size_t same = 0;
    for (int f = PC_F_NONE + 1; f < PC_F_COUNT; f++) {
        bool ok = same_field(&r, &back, (pc_field)f);
        same += ok;
        if (!ok)
            printf("#   %s: %s differs\n", what, pc_field_get((pc_field)f)->name);
    }
    h_result(h, same == PC_F_COUNT - 1, "%s: every field survives a CSL item (%zu of %d)", what, same,
             PC_F_COUNT - 1);
    pc_buf drops = PC_BUF_INIT;
    pc_ctx_each_drop(&ctx, count_drop, &drops);
    h_streq(h, drops.ptr, "groups (bibtex)", "only another format's pass-through value is dropped", what);
    const json_t *custom = json_object_get(item, "custom");
    h_result(h, json_is_object(custom) && json_object_get(custom, "arxiv-version") &&
                    json_object_get(custom, "affiliations") && !json_object_get(item, "arxiv-version"),
             "%s: our fields are in custom, not beside the CSL variables", what);
    pc_buf_free(&drops);
    json_decref(item);
    pc_record_clear(&r);
    pc_record_clear(&back);
    pc_ctx_free(&ctx);
}

static void count_each(void *u, const char *fmt, const char *field, unsigned long n)
{
    (void)fmt;
    (void)field;
    *(unsigned long *)u += n;
}

/* pc_map_write counts every set field no row wrote (tested eight field ids
 * at a time): with no rows, each field of a full record once; with a row
 * for one field in each group of eight, all but those. */
static void check_unwritten(harness *h)
{
    pc_record r;
    pc_record_init(&r);
    fill_record(&r);
    size_t set = 0;
    for (int f = PC_F_NONE + 1; f < PC_F_COUNT; f++)
        set += pc_record_has(&r, (pc_field)f);
    static const pc_map_sink none = {0};
    pc_ctx ctx;
    pc_ctx_init(&ctx, NULL, NULL);
    pc_map_write_rows(NULL, 0, &r, &ctx, "test", &none, NULL, NULL);
    unsigned long n = 0;
    pc_ctx_each_drop(&ctx, count_each, &n);
    h_result(h, set == PC_F_COUNT - 1 && n == set, "every set field with no row is counted (%lu of %zu)", n, set);
    pc_ctx_free(&ctx);
    pc_field skip[PC_F_COUNT / 8 + 2];
    size_t ns = 0;
    for (int f = 8; f < PC_F_COUNT; f += 8)
        skip[ns++] = (pc_field)f;
    if ((PC_F_COUNT - 1) % 8) /* and one of the last group, when it is short */
        skip[ns++] = (pc_field)(PC_F_COUNT - 1);
    skip[ns] = PC_F_NONE;
    pc_ctx_init(&ctx, NULL, NULL);
    pc_map_write_rows(NULL, 0, &r, &ctx, "test", &none, NULL, skip);
    n = 0;
    pc_ctx_each_drop(&ctx, count_each, &n);
    h_result(h, n == set - ns, "fields the writer took itself are not counted (%lu of %zu)", n, set - ns);
    pc_ctx_free(&ctx);
    pc_record_clear(&r);
}

/* ---- a compiled map: what a name finds, what is written -------------------------- */

/* The row pc_map_find must give: the first readable row of the name for
 * the kind, else (for no kind) the first readable row of the name. */
static const pc_map_row *find_by_scan(const pc_map_row *rows, size_t n, const char *name, pc_kind k)
{
    const pc_map_row *first = NULL;
    for (size_t i = 0; i < n; i++) {
        if (!(rows[i].dir & PC_MAP_READ) || strcmp(rows[i].name, name) != 0)
            continue;
        if (!rows[i].kinds || (k != PC_KIND_NONE && (rows[i].kinds >> k & 1)))
            return &rows[i];
        if (!first)
            first = &rows[i];
    }
    return k == PC_KIND_NONE ? first : NULL;
}

/* Every name of the rows, for every kind, asked in two orders (the
 * answers are remembered): the scan's answer each time. */
static size_t bad_finds(const pc_map_row *rows, size_t n)
{
    pc_map *m = pc_map_new(rows, n, 0);
    size_t bad = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int kk = 0; kk < PC_KIND_COUNT; kk++) {
            pc_kind k = (pc_kind)(pass ? PC_KIND_COUNT - 1 - kk : kk);
            for (size_t i = 0; i < n; i++)
                bad += pc_map_find(m, rows[i].name, strlen(rows[i].name), k) !=
                       find_by_scan(rows, n, rows[i].name, k);
            bad += pc_map_find(m, "no such name", 12, k) != NULL;
        }
    pc_map_free(m);
    return bad;
}

/* A sink that writes down every call ("T12 I12 S12": text, item, special
 * of row 12) and, for the special rows of odd index, says it could not
 * write (so the field's next row is tried). */
typedef struct trace {
    const pc_map_row *rows;
    pc_buf out;
} trace;

static void trace_row(trace *t, char what, const pc_map_row *row)
{
    pc_buf_printf(&t->out, "%c%ld ", what, (long)(row - t->rows));
}

static bool trace_text(void *u, const pc_map_row *row, const pc_text *v)
{
    (void)v;
    trace_row(u, 'T', row);
    return true;
}

static bool trace_item(void *u, const pc_map_row *row, const char *item)
{
    (void)item;
    trace_row(u, 'I', row);
    return true;
}

static bool trace_special(void *u, const pc_map_row *row, bool *wrote)
{
    trace *t = u;
    trace_row(t, 'S', row);
    *wrote = (row - t->rows) % 2 == 0;
    return true;
}

static pc_map_write_fn *const trace_handlers[64] = {
#define H8 trace_special, trace_special, trace_special, trace_special, trace_special, trace_special, trace_special, trace_special
    H8, H8, H8, H8, H8, H8, H8, H8,
#undef H8
};

static void drop_each(void *u, const char *fmt, const char *field, unsigned long n)
{
    pc_buf_printf(u, "%s %s %lu;", fmt, field, n);
}

/* A record of every field, and records of every third field, of each
 * kind: written through the map's plan for the kind and through the walk
 * of every row, the same calls in the same order, the same fields counted. */
static size_t bad_plans(const pc_map_row *rows, size_t n)
{
    static const pc_map_sink sink = {.text = trace_text, .item = trace_item, .special = trace_handlers,
                                     .n_special = 64};
    pc_map *m = pc_map_new(rows, n, 0);
    pc_record r;
    size_t bad = 0;
    for (int pass = 0; pass < 4; pass++) /* after the first, from the plans made already */
        for (int k = 0; k < PC_KIND_COUNT; k++) {
            pc_record_init(&r);
            fill_record(&r);
            for (int f = PC_F_NONE + 1; pass && f < PC_F_COUNT; f++)
                if (f % 3 != pass - 1)
                    pc_record_unset(&r, (pc_field)f);
            trace a = {.rows = rows, .out = PC_BUF_INIT}, b = {.rows = rows, .out = PC_BUF_INIT};
            pc_buf da = PC_BUF_INIT, db = PC_BUF_INIT;
            pc_ctx ca, cb;
            pc_ctx_init(&ca, NULL, NULL);
            pc_ctx_init(&cb, NULL, NULL);
            r.kind = (pc_kind)k;
            pc_map_write(m, (pc_kind)k, &r, &ca, "test", &sink, &a, NULL);
            pc_map_write_rows(rows, n, &r, &cb, "test", &sink, &b, NULL);
            pc_ctx_each_drop(&ca, drop_each, &da);
            pc_ctx_each_drop(&cb, drop_each, &db);
            bad += !a.out.len || strcmp(a.out.ptr, b.out.ptr) != 0 || !same_str(da.ptr, db.ptr);
            pc_kind wk = k == PC_KIND_NONE ? PC_KIND_PREPRINT : (pc_kind)k; /* as a preprint */
            for (int f = 0; f < PC_F_COUNT; f++) {
                bool any = false;
                for (size_t i = 0; i < n; i++)
                    any |= (int)rows[i].field == f && (rows[i].dir & PC_MAP_WRITE) &&
                           (!rows[i].kinds || (rows[i].kinds >> wk & 1));
                bad += pc_map_writes(m, (pc_kind)k, (pc_field)f) != any;
            }
            pc_buf_free(&a.out);
            pc_buf_free(&b.out);
            pc_buf_free(&da);
            pc_buf_free(&db);
            pc_ctx_free(&ca);
            pc_ctx_free(&cb);
            pc_record_clear(&r);
        }
    pc_map_free(m);
    return bad;
}

static void check_compiled(harness *h)
{
    for (const pc_format *const *fp = pc_formats; *fp; fp++) {
        if (!(*fp)->map)
            continue;
        h_result(h, bad_finds((*fp)->map, (*fp)->map_len) == 0,
                 "%s: a name finds the row of its kind, asked once or again", (*fp)->name);
        if ((*fp)->write_begin) /* a reader only (Scopus CSV) has no plan to write */
            h_result(h, bad_plans((*fp)->map, (*fp)->map_len) == 0,
                     "%s: the plan of each kind writes what a walk of every row writes", (*fp)->name);
    }
    h_result(h, bad_finds(pc_bib_read_rows, PC_BIB_N_ROWS) == 0,
             "bibtex (reading): a name finds the row of its kind, asked once or again");
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++)
        h_result(h, bad_finds(shapes[i]->rows, shapes[i]->n_rows) == 0,
                 "%s: a name finds its row, asked once or again", shapes[i]->name);
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    check_maps(&h);
    check_handlers(&h);
    check_compiled(&h);
    check_csl_map(&h);
    check_every_field(&h, PC_CSL_HTML, "CSL-JSON");
    check_every_field(&h, PC_CSL_MARKDOWN, "CSL-YAML");
    check_unwritten(&h);
    return h.failed ? 1 : 0;
}
