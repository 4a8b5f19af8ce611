/* SPDX-License-Identifier: MIT */
/* json.c — what the formatted-reference writers read as JSON (the engine
 * in src/citeproc knows no JSON; CSL pass-through values are read by the
 * csljson format's extra_text): citation clusters
 * (pc_refs_cite_json: --citations, through pc_refs_cite_file, and the
 * CSL test-suite runner, tests/citeproc/run_suite.c) in the shapes
 * citeproc-js and its test-suite use:
 *
 *   - an array of clusters, each an array of cites or a citation object
 *     ({"citationItems": [...], "properties": {"noteIndex": N}}), written
 *     in the order given;
 *   - the test-suite's CITATIONS: an array of [citation, citationsPre,
 *     citationsPost] triples, the arguments of citeproc-js's successive
 *     processCitationCluster calls (pre and post: the ["CITATION-ID",
 *     noteIndex] pairs before and after the citation).  The clusters
 *     written are the document the last call leaves: its pre, its
 *     citation, its post, each ID at its latest version; a last call
 *     naming no other citation leaves every citation in order, a later
 *     one with an ID already seen replacing the earlier one.  An ID in
 *     pre or post that no earlier triple gave is an error.
 *
 * A cite is {"id", "locator", "label", "prefix", "suffix",
 * "suppress-author", "author-only"}.  Errors name the file, and the line
 * (jansson's) or the cluster. */
#include "refs.h"
#include "util/buf.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* 1 + the index of the first cite of items that is not an object with an
 * id (a string or an integer), or 0 when all are. */
static size_t bad_cite(const json_t *items)
{
    for (size_t i = 0; i < json_array_size(items); i++) {
        const json_t *id = json_object_get(json_array_get(items, i), "id");
        if (!json_is_string(id) && !json_is_integer(id))
            return i + 1;
    }
    return 0;
}

/* Adds one cluster of the cites in items, in note `note` (-1: none); false,
 * adding nothing, when items is not an array or holds a cite without id. */
static bool add_cites(pc_citeproc *cp, const json_t *items, int note)
{
    if (!json_is_array(items) || bad_cite(items))
        return false;
    size_t n = json_array_size(items);
    pc_citeproc_item *v = pc_xcalloc(n ? n : 1, sizeof *v);
    char **s = pc_xcalloc(5 * (n ? n : 1), sizeof *s);
    for (size_t i = 0; i < n; i++) {
        const json_t *it = json_array_get(items, i);
        static const char *const keys[5] = {"id", "locator", "label", "prefix", "suffix"};
        for (int k = 0; k < 5; k++)
            s[5 * i + (size_t)k] = text_of(json_object_get(it, keys[k]));
        v[i] = (pc_citeproc_item){.id = s[5 * i], .locator = s[5 * i + 1], .label = s[5 * i + 2],
                                  .prefix = s[5 * i + 3], .suffix = s[5 * i + 4],
                                  .suppress_author = truthy(json_object_get(it, "suppress-author")),
                                  .author_only = truthy(json_object_get(it, "author-only"))};
    }
    pc_citeproc_cite(cp, v, n, note);
    for (size_t i = 0; i < 5 * n; i++)
        pc_free(s[i]);
    pc_free(s);
    pc_free(v);
    return true;
}

/* A citation object's properties.noteIndex, or -1. */
static int note_of(const json_t *citation)
{
    const json_t *ni = json_object_get(json_object_get(citation, "properties"), "noteIndex");
    return json_is_integer(ni) ? (int)json_integer_value(ni) : -1;
}

/* One cluster of the plain shape: an array of cites or a citation object;
 * false when it is neither. */
static bool add_one(pc_citeproc *cp, const json_t *c)
{
    if (json_is_object(c))
        return add_cites(cp, json_object_get(c, "citationItems"), note_of(c));
    return add_cites(cp, c, -1);
}

/* ---- the test-suite's CITATIONS: [citation, citationsPre, citationsPost] ---- */

/* Whether root is in the triples' shape, judged by its first element: an
 * array whose first element is a citation (citationItems or citationID),
 * or whose second is an array (a cluster of cites holds objects there). */
static bool is_triples(const json_t *root)
{
    const json_t *first = json_array_get(root, 0);
    const json_t *c = json_array_get(first, 0);
    return json_is_array(first) && ((json_is_object(c) && (json_object_get(c, "citationItems") ||
                                                           json_object_get(c, "citationID"))) ||
                                    json_is_array(json_array_get(first, 1)));
}

/* The citationID of triple t, or NULL. */
static const char *triple_id(const json_t *t)
{
    return json_string_value(json_object_get(json_array_get(t, 0), "citationID"));
}

/* Checks one citationsPre or citationsPost list of triple t (seen: the IDs
 * of the triples before it); false with the reason in why. */
static bool pairs_check(const json_t *t, int part, const json_t *seen, pc_buf *why)
{
    const char *what = part == 1 ? "citationsPre" : "citationsPost";
    const json_t *list = json_array_get(t, (size_t)part);
    const char *own = triple_id(t);
    if (!json_is_array(list)) {
        pc_buf_printf(why, "%s is not an array", what);
        return false;
    }
    for (size_t i = 0; i < json_array_size(list); i++) {
        const json_t *pair = json_array_get(list, i);
        const char *id = json_string_value(json_array_get(pair, 0));
        if (!json_is_array(pair) || json_array_size(pair) != 2 || !id ||
            !json_is_integer(json_array_get(pair, 1)))
            pc_buf_printf(why, "%s entry %zu is not a [\"CITATION-ID\", noteIndex] pair", what, i + 1);
        else if (own && strcmp(id, own) == 0)
            pc_buf_printf(why, "%s names the citation itself", what);
        else if (!json_object_get(seen, id))
            pc_buf_printf(why, "%s names \"%s\", which no earlier citation has", what, id);
        if (why->len)
            return false;
    }
    return true;
}

/* Checks triple t; false with the reason in why. */
static bool triple_check(const json_t *t, const json_t *seen, pc_buf *why)
{
    const json_t *c = json_array_get(t, 0);
    const json_t *items = json_object_get(c, "citationItems");
    const json_t *id = json_object_get(c, "citationID");
    size_t bad;
    if (!json_is_array(t) || json_array_size(t) != 3)
        pc_buf_puts(why, "not a [citation, citationsPre, citationsPost] triple");
    else if (!json_is_object(c) || !json_is_array(items))
        pc_buf_puts(why, "the citation is not an object with a citationItems array");
    else if (id && !json_is_string(id))
        pc_buf_puts(why, "the citationID is not a string");
    else if ((bad = bad_cite(items)) != 0)
        pc_buf_printf(why, "cite %zu of citationItems has no id", bad);
    return !why->len && pairs_check(t, 1, seen, why) && pairs_check(t, 2, seen, why);
}

/* Checks every triple in order, filling latest (citationID -> the index of
 * its last triple); false after reporting the first bad one. */
static bool triples_check(const json_t *root, json_t *latest, pc_ctx *ctx, const char *path)
{
    pc_buf why = PC_BUF_INIT;
    bool ok = true;
    for (size_t k = 0; ok && k < json_array_size(root); k++) {
        const json_t *t = json_array_get(root, k);
        const char *id = triple_id(t);
        ok = triple_check(t, latest, &why);
        if (!ok)
            pc_diag_emit(ctx, PC_SEV_ERROR, path, 0, 0, "citation cluster %zu%s%s%s: %s", k + 1,
                         id ? " (\"" : "", id ? id : "", id ? "\")" : "", why.ptr);
        else if (id)
            json_object_set_new(latest, id, json_integer((json_int_t)k));
    }
    pc_buf_free(&why);
    return ok;
}

/* The clusters of a list of [ID, noteIndex] pairs: each ID's latest
 * citation, in the pair's note. */
static void pairs_add(pc_citeproc *cp, const json_t *root, const json_t *latest, const json_t *list)
{
    for (size_t i = 0; i < json_array_size(list); i++) {
        const json_t *pair = json_array_get(list, i);
        const json_t *k = json_object_get(latest, json_string_value(json_array_get(pair, 0)));
        const json_t *c = json_array_get(json_array_get(root, (size_t)json_integer_value(k)), 0);
        add_cites(cp, json_object_get(c, "citationItems"), (int)json_integer_value(json_array_get(pair, 1)));
    }
}

/* Adds the clusters of checked triples (see the top of the file). */
static void triples_add(pc_citeproc *cp, const json_t *root, const json_t *latest)
{
    size_t n = json_array_size(root);
    const json_t *last = json_array_get(root, n - 1);
    const json_t *pre = json_array_get(last, 1), *post = json_array_get(last, 2);
    if (json_array_size(pre) || json_array_size(post)) {
        const json_t *c = json_array_get(last, 0);
        pairs_add(cp, root, latest, pre);
        add_cites(cp, json_object_get(c, "citationItems"), note_of(c));
        pairs_add(cp, root, latest, post);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const json_t *t = json_array_get(root, i);
        const char *id = triple_id(t);
        if (id && (size_t)json_integer_value(json_object_get(latest, id)) != i)
            continue; /* replaced by a later version */
        const json_t *c = json_array_get(t, 0);
        add_cites(cp, json_object_get(c, "citationItems"), note_of(c));
    }
}

bool pc_refs_cite_json(pc_citeproc *cp, pc_ctx *ctx, const char *path, const json_t *root)
{
    if (!json_is_array(root)) {
        pc_diag_emit(ctx, PC_SEV_ERROR, path, 1, 1,
                     "citations must be a JSON array of clusters or of [citation, citationsPre, "
                     "citationsPost] triples");
        return false;
    }
    if (is_triples(root)) {
        json_t *latest = json_object();
        bool ok = triples_check(root, latest, ctx, path);
        if (ok)
            triples_add(cp, root, latest);
        json_decref(latest);
        return ok;
    }
    for (size_t i = 0; i < json_array_size(root); i++)
        if (!add_one(cp, json_array_get(root, i))) {
            pc_diag_emit(ctx, PC_SEV_ERROR, path, 0, 0,
                         "citation cluster %zu is neither an array of cites nor a citation with "
                         "citationItems (each cite needs an id)", i + 1);
            return false;
        }
    return true;
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
    bool ok = pc_refs_cite_json(cp, ctx, path, root);
    json_decref(root);
    return ok;
}

