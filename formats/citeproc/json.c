/* SPDX-License-Identifier: MIT */
/* json.c — what the formatted-reference writers read as JSON (the engine
 * in src/citeproc knows no JSON): CSL pass-through values as text
 * (pc_refs_extra_text, the engine's extra reader), and citation clusters
 * from a JSON file (--citations), in the
 * shapes citeproc-js and its test-suite use: an array of clusters, each an
 * array of cites or a citation object ({"citationItems": [...],
 * "properties": {"noteIndex": N}}); a cite is {"id", "locator", "label",
 * "prefix", "suffix", "suppress-author", "author-only"}.  Errors name the
 * file and line (jansson's). */
#include "refs.h"
#include "util/buf.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

static char *text_of(const json_t *v)
{
    if (json_is_string(v))
        return pc_xstrdup(json_string_value(v));
    if (json_is_integer(v)) {
        char b[32];
        snprintf(b, sizeof b, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
        return pc_xstrdup(b);
    }
    return NULL;
}

static bool truthy(const json_t *v)
{
    return json_is_true(v) || (json_is_integer(v) && json_integer_value(v) != 0);
}

/* One cluster; false when it is not one. */
static bool add_one(pc_citeproc *cp, const json_t *c)
{
    int note = -1;
    const json_t *items = c;
    if (json_is_object(c)) {
        items = json_object_get(c, "citationItems");
        const json_t *ni = json_object_get(json_object_get(c, "properties"), "noteIndex");
        if (json_is_integer(ni))
            note = (int)json_integer_value(ni);
    }
    if (!json_is_array(items))
        return false;
    size_t n = json_array_size(items);
    pc_citeproc_item *v = pc_xcalloc(n ? n : 1, sizeof *v);
    char **s = pc_xcalloc(5 * (n ? n : 1), sizeof *s);
    bool ok = true;
    for (size_t i = 0; i < n; i++) {
        const json_t *it = json_array_get(items, i);
        static const char *const keys[5] = {"id", "locator", "label", "prefix", "suffix"};
        for (int k = 0; k < 5; k++)
            s[5 * i + (size_t)k] = text_of(json_object_get(it, keys[k]));
        ok &= json_is_object(it) && s[5 * i] != NULL;
        v[i] = (pc_citeproc_item){.id = s[5 * i], .locator = s[5 * i + 1], .label = s[5 * i + 2],
                                  .prefix = s[5 * i + 3], .suffix = s[5 * i + 4],
                                  .suppress_author = truthy(json_object_get(it, "suppress-author")),
                                  .author_only = truthy(json_object_get(it, "author-only"))};
    }
    if (ok)
        pc_citeproc_cite(cp, v, n, note);
    for (size_t i = 0; i < 5 * n; i++)
        pc_free(s[i]);
    pc_free(s);
    pc_free(v);
    return ok;
}

bool pc_refs_cite_file(pc_citeproc *cp, pc_ctx *ctx, const char *path)
{
    json_error_t e;
    json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &e);
    if (!root) {
        pc_diag_emit(ctx, PC_SEV_ERROR, path, (unsigned long)(e.line > 0 ? e.line : 0),
                     (unsigned long)(e.column > 0 ? e.column : 0), "%s", e.text);
        return false;
    }
    bool ok = json_is_array(root);
    for (size_t i = 0; ok && i < json_array_size(root); i++)
        if (!add_one(cp, json_array_get(root, i))) {
            pc_diag_emit(ctx, PC_SEV_ERROR, path, 0, 0,
                         "citation cluster %zu is neither an array of cites nor a citation with "
                         "citationItems (each cite needs an id)", i + 1);
            ok = false;
        }
    if (!json_is_array(root))
        pc_diag_emit(ctx, PC_SEV_ERROR, path, 1, 1, "citations must be a JSON array of clusters");
    json_decref(root);
    return ok;
}

bool pc_refs_extra_text(const char *raw, pc_buf *out)
{
    json_t *v = json_loads(raw, JSON_DECODE_ANY, NULL);
    bool ok = false;
    if (json_is_string(v) && json_string_length(v)) {
        pc_buf_put(out, json_string_value(v), json_string_length(v));
        ok = true;
    } else if (json_is_integer(v)) {
        pc_buf_printf(out, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
        ok = true;
    }
    json_decref(v);
    return ok;
}
