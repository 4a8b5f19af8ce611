/* SPDX-License-Identifier: MIT */
/* test_fields.c — the field table against the official CSL-JSON schema
 * (../shared/schemas/csl-data.json), and the record model's accessors and
 * shared conventions. */
#include "harness.h"
#include "format.h"
#include "util/buf.h"

#include <jansson.h>

/* The CSL properties that are not fields: the record's key and kind, and
 * the pass-through map. */
static const char *const special[] = {"id", "type", "citation-key", "custom"};

static bool is_special(const char *k)
{
    for (size_t i = 0; i < sizeof special / sizeof *special; i++)
        if (strcmp(special[i], k) == 0)
            return true;
    return false;
}

/* The field kind a schema property's type calls for. */
static pc_field_kind schema_kind(const json_t *prop)
{
    const json_t *ref = json_object_get(prop, "$ref");
    if (ref)
        return strstr(json_string_value(ref), "date-variable") ? PC_FK_DATE : PC_FK_NONE;
    const json_t *type = json_object_get(prop, "type");
    if (json_is_array(type))
        return PC_FK_NUMBER; /* ["string", "number"] */
    const char *t = json_string_value(type);
    if (t && strcmp(t, "string") == 0)
        return PC_FK_TEXT;
    if (t && strcmp(t, "array") == 0) {
        const json_t *items = json_object_get(prop, "items");
        return json_object_get(items, "$ref") ? PC_FK_NAME : PC_FK_LIST;
    }
    return PC_FK_NONE;
}

static void check_schema(harness *h)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/../shared/schemas/csl-data.json", h->root);
    const char *env = getenv("SHARED");
    if (env)
        snprintf(path, sizeof path, "%s/schemas/csl-data.json", env);
    json_error_t err;
    json_t *schema = json_load_file(path, 0, &err);
    if (!schema) {
        printf("skip - field table vs csl-data.json: %s not found\n", path);
        return;
    }
    const json_t *props = json_object_get(json_object_get(schema, "items"), "properties");
    const char *key;
    json_t *prop;
    size_t n = 0;
    json_object_foreach ((json_t *)props, key, prop) {
        n++;
        if (is_special(key))
            continue;
        pc_field f = pc_field_by_name(key, strlen(key));
        const pc_field_info *fi = pc_field_get(f);
        h_result(h, fi != NULL, "schema property \"%s\" has a field", key);
        if (!fi)
            continue;
        pc_field_kind want = schema_kind(prop);
        /* URL and keyword are strings in CSL, lists in the model (the first
         * URL / the items joined) */
        bool list_ok = fi->kind == PC_FK_LIST && (fi->flags & (PC_FF_CSL_FIRST | PC_FF_CSL_JOIN)) &&
                       want == PC_FK_TEXT;
        h_result(h, fi->kind == want || list_ok, "schema property \"%s\": kind %d matches the schema's %d",
                 key, fi->kind, want);
        h_result(h, (fi->flags & PC_FF_CSL) != 0, "schema property \"%s\" is flagged CSL", key);
    }
    h_result(h, n >= 100, "the schema lists %zu properties", n);
    /* the other way: every CSL row is a property of the schema */
    for (int f = PC_F_NONE + 1; f < PC_F_COUNT; f++) {
        const pc_field_info *fi = pc_field_get((pc_field)f);
        if (fi->flags & PC_FF_CSL)
            h_result(h, json_object_get(props, fi->name) != NULL, "CSL field \"%s\" is in the schema",
                     fi->name);
    }
    /* every CSL type is a kind, and every kind a CSL type */
    const json_t *types =
        json_object_get(json_object_get(json_object_get(schema, "items"), "properties"), "type");
    size_t i;
    json_t *t;
    json_array_foreach (json_object_get(types, "enum"), i, t) {
        const char *name = json_string_value(t);
        pc_kind k = pc_kind_by_name(name, strlen(name));
        h_result(h, k != PC_KIND_NONE && strcmp(pc_kind_name(k), name) == 0, "CSL type \"%s\" is a kind", name);
    }
    h_result(h, json_array_size(json_object_get(types, "enum")) == PC_KIND_COUNT - 1,
             "as many kinds as CSL types (%zu)", json_array_size(json_object_get(types, "enum")));
    json_decref(schema);
}

static void check_table(harness *h)
{
    for (int f = PC_F_NONE + 1; f < PC_F_COUNT; f++) {
        const pc_field_info *fi = pc_field_get((pc_field)f);
        h_result(h, fi && fi->id == (pc_field)f && fi->name && fi->kind != PC_FK_NONE,
                 "field %d is a full row", f);
        h_result(h, pc_field_by_name(fi->name, strlen(fi->name)) == (pc_field)f,
                 "field \"%s\" is found by its name", fi->name);
    }
    h_result(h, pc_field_by_name("shortTitle", 10) == PC_F_TITLE_SHORT, "alias shortTitle");
    h_result(h, pc_field_by_name("Title", 5) == PC_F_NONE, "names are case-sensitive");
    h_result(h, pc_field_by_name("", 0) == PC_F_NONE, "the empty name is no field");
    /* broader kinds end in a kind that is its own broader kind */
    for (int k = 1; k < PC_KIND_COUNT; k++) {
        pc_kind b = (pc_kind)k;
        int steps = 0;
        while (pc_kind_broader(b) != b && steps < PC_KIND_COUNT) {
            b = pc_kind_broader(b);
            steps++;
        }
        h_result(h, steps < PC_KIND_COUNT && b != PC_KIND_NONE, "kind %s has a broader chain",
                 pc_kind_name((pc_kind)k));
    }
}

static void check_record(harness *h)
{
    pc_record r;
    pc_record_init(&r);
    pc_record_set_str(&r, PC_F_TITLE, "A title");
    pc_record_set_str(&r, PC_F_VOLUME, "12");
    pc_record_set_str(&r, PC_F_PUBLISHER, "ACM");
    h_streq(h, pc_record_get(&r, PC_F_TITLE), "A title", "get title", NULL);
    pc_record_unset(&r, PC_F_TITLE); /* the last entry (publisher) moves into its place */
    h_result(h, !pc_record_get(&r, PC_F_TITLE), "unset removes");
    h_streq(h, pc_record_get(&r, PC_F_PUBLISHER), "ACM", "a moved entry is still found", NULL);
    h_streq(h, pc_record_get(&r, PC_F_VOLUME), "12", "an unmoved entry is still found", NULL);
    h_result(h, pc_record_set(&r, PC_F_NOTE, "", 0) == NULL && !pc_record_has(&r, PC_F_NOTE),
             "an empty value is no value");
    pc_record_append(&r, PC_F_NOTE, "; ", "a", 1);
    pc_record_append(&r, PC_F_NOTE, "; ", "b", 1);
    h_streq(h, pc_record_get(&r, PC_F_NOTE), "a; b", "append with a separator", NULL);
    h_result(h, pc_record_get(&r, PC_F_AUTHOR) == NULL, "a name field has no text");

    /* lists: trimmed, de-duplicated, hashed past a few items */
    char w[32];
    for (int i = 0; i < 1000; i++) {
        snprintf(w, sizeof w, " kw%d ", i % 500);
        pc_record_list_add(&r, PC_F_KEYWORD, w, strlen(w));
    }
    const pc_strlist *kw = pc_record_list(&r, PC_F_KEYWORD);
    h_result(h, kw && kw->n == 500, "keywords de-duplicated (%zu)", kw ? kw->n : 0);
    h_streq(h, kw ? kw->items[7] : NULL, "kw7", "keywords trimmed and in order", NULL);
    h_result(h, kw && pc_strlist_has(kw, "kw499") && !pc_strlist_has(kw, "kw500"), "hashed lookup");

    /* names */
    pc_name *a = pc_record_add_name(&r, PC_F_AUTHOR);
    a->family = pc_xstrdup("Knuth");
    pc_record_add_name(&r, PC_F_EDITOR)->family = pc_xstrdup("Lamport");
    h_result(h, pc_record_n_authors(&r) == 1 && pc_record_names(&r, PC_F_EDITOR)->n == 1,
             "names per role");
    h_result(h, pc_record_add_name(&r, PC_F_TITLE) == NULL, "a text field takes no name");

    /* dates */
    pc_date d = {.year = -876};
    pc_record_set_date(&r, PC_F_ISSUED, &d);
    h_result(h, pc_record_date(&r, PC_F_ISSUED) && pc_record_date(&r, PC_F_ISSUED)->year == -876,
             "a BC year");
    pc_record_set_date_literal(&r, PC_F_ACCESSED, "yesterday", 9);
    h_result(h, !pc_record_date(&r, PC_F_ACCESSED), "a literal date has no parts");
    h_streq(h, pc_record_date_literal(&r, PC_F_ACCESSED), "yesterday", "a literal date", NULL);
    pc_record_set_date_literal(&r, PC_F_ACCESSED, NULL, 0);
    h_result(h, !pc_record_has(&r, PC_F_ACCESSED), "an empty date is removed");

    /* conventions */
    const char *ab = "We show that... it works \xE2\x80\xA6";
    const pc_text *t = pc_record_set_abstract(&r, ab, strlen(ab), NULL, false);
    h_result(h, t && t->truncated, "a final ellipsis marks a truncated abstract");
    h_streq(h, t ? t->s : NULL, "We show that... it works", "the ellipsis and its space removed", NULL);
    t = pc_record_set_abstract(&r, "cut...", 6, NULL, false);
    h_result(h, t && !t->truncated, "three dots are text unless asked");
    t = pc_record_set_abstract(&r, "cut...", 6, NULL, true);
    h_result(h, t && t->truncated && strcmp(t->s, "cut") == 0, "three dots when asked");
    h_result(h, pc_record_set_doi(&r, "https://doi.org/10.1000/XYZ", 27), "a DOI URL");
    h_streq(h, pc_record_get(&r, PC_F_DOI), "10.1000/XYZ", "the bare DOI", NULL);
    h_result(h, pc_record_set_doi(&r, "10.48550/arXiv.2610.01234", 25), "the arXiv DOI");
    h_streq(h, pc_record_get(&r, PC_F_ARXIV_ID), "2610.01234", "the arXiv DOI gives the id", NULL);
    const char *note = "seen at a talk\nJournal reference: Phys. Rev. D 1 (2020)";
    pc_record_note_split(&r, note, strlen(note));
    h_streq(h, pc_record_get(&r, PC_F_NOTE), "seen at a talk", "note split: note", NULL);
    h_streq(h, pc_record_get(&r, PC_F_JOURNAL_REF), "Phys. Rev. D 1 (2020)", "note split: jref", NULL);
    pc_buf b = PC_BUF_INIT;
    pc_record_note_compose(&r, &b);
    h_streq(h, b.ptr, note, "note compose is split's reverse", NULL);
    pc_buf_free(&b);

    pc_record_add_extra(&r, "bibtex", "groups", 6, "{x}", 3);
    h_result(h, r.n_extras == 1 && strcmp(r.extras[0].value, "{x}") == 0, "pass-through kept raw");
    pc_record_clear(&r);
    h_result(h, r.n_texts == 0 && !pc_record_has(&r, PC_F_VOLUME), "clear empties the record");
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    check_table(&h);
    check_schema(&h);
    check_record(&h);
    return h.failed ? 1 : 0;
}
