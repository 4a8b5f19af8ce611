/* SPDX-License-Identifier: MIT */
/* test_fieldmap.c — the format maps (include/paperconv/map.h) and the CSL
 * mapping built on the field table (src/csl.c, src/csl_read.c):
 *
 *   - every map's rows name real fields, with a direction and a way;
 *   - the CSL map holds every field of the table both ways (a field a
 *     later block of fields.def adds is held through `custom` at once);
 *   - a record with a value in every field, written as a CSL item and read
 *     back (CSL-JSON's HTML and CSL-YAML's Markdown), is the same record;
 *   - what a CSL writer cannot hold (another format's pass-through value)
 *     is counted, and nothing else is. */
#include "harness.h"
#include "util/buf.h"
#include "csl/csl.h"
#include "io/format_table.h"

/* ---- the maps ---------------------------------------------------------------- */

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
    pc_map_write(NULL, 0, &r, &ctx, "test", &none, NULL, NULL);
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
    pc_map_write(NULL, 0, &r, &ctx, "test", &none, NULL, skip);
    n = 0;
    pc_ctx_each_drop(&ctx, count_each, &n);
    h_result(h, n == set - ns, "fields the writer took itself are not counted (%lu of %zu)", n, set - ns);
    pc_ctx_free(&ctx);
    pc_record_clear(&r);
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    check_maps(&h);
    check_csl_map(&h);
    check_every_field(&h, PC_CSL_HTML, "CSL-JSON");
    check_every_field(&h, PC_CSL_MARKDOWN, "CSL-YAML");
    check_unwritten(&h);
    return h.failed ? 1 : 0;
}
