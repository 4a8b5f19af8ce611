/* SPDX-License-Identifier: MIT */
/* json_envelope.c — the items of one parsed top-level JSON value (see json.h).
 *
 * Paged APIs wrap their records: Crossref's `/works/{doi}` answer has the
 * work in `message`, its lists in `message.items[]`; OpenAlex lists
 * `results[]`, Semantic Scholar `data[]`, others `items[]`; doi.org answers
 * collected by DOI are an object keyed by DOI, each value an item or an
 * array of items (citation-js's test data).  Anything else is one item.
 * Crossref reports errors in the same envelope (`"status": "failed"`). */
#include "json.h"

#include <stdio.h>

static bool has(const json_t *o, const char *key) { return json_object_get(o, key) != NULL; }

/* True if every key looks like a DOI and every value is an array or
 * object. */
static bool keyed_by_doi(const json_t *o)
{
    const char *key;
    const json_t *val;
    size_t n = 0;
    json_object_foreach((json_t *)o, key, val) {
        if (strncmp(key, "10.", 3) != 0 || !(json_is_array(val) || json_is_object(val)))
            return false;
        n++;
    }
    return n > 0;
}

static void queue(pc_json_queue *q, json_t *root, json_t *items, const char *name)
{
    q->root = root; /* owns items */
    q->items = items;
    q->name = name;
    q->next = 0;
}

/* A Crossref answer: its error reported (false), or its work or items queued. */
static bool crossref_envelope(pc_json_queue *q, json_t *v, json_t *msg, pc_ctx *ctx, const char *file)
{
    const char *status = json_string_value(json_object_get(v, "status"));
    if (status && strcmp(status, "ok") != 0) {
        const char *why = json_string_value(json_object_get(json_array_get(msg, 0), "message"));
        if (!why)
            why = json_string_value(msg) ? json_string_value(msg) : "no message";
        pc_diag_emit(ctx, PC_SEV_ERROR, file, q->line, q->col, "Crossref API error (%s): %s", status,
                     why);
        json_decref(v);
        return false;
    }
    json_t *items = json_object_get(msg, "items");
    if (json_is_array(items)) {
        queue(q, v, items, "message.items");
    } else { /* the work itself, held by v */
        json_incref(msg);
        json_decref(v);
        queue(q, msg, NULL, NULL);
    }
    return true;
}

bool pc_json_queue_value(pc_json_queue *q, json_t *v, pc_ctx *ctx, const char *file,
                         unsigned long line, unsigned long col)
{
    pc_json_queue_clear(q);
    q->line = line;
    q->col = col;
    if (json_is_object(v)) {
        json_t *msg = json_object_get(v, "message");
        const char *status = json_string_value(json_object_get(v, "status"));
        if (msg && (has(v, "message-type") || (status && *status)))
            return crossref_envelope(q, v, msg, ctx, file);
        static const char *const lists[] = {"results", "data", "items"};
        for (size_t i = 0; i < sizeof lists / sizeof *lists; i++) {
            json_t *items = json_object_get(v, lists[i]);
            if (json_is_array(items) && !has(v, "title")) {
                queue(q, v, items, lists[i]);
                return true;
            }
        }
        if (keyed_by_doi(v)) {
            json_t *all = json_array();
            const char *key;
            json_t *val;
            json_object_foreach(v, key, val) {
                if (json_is_array(val))
                    json_array_extend(all, val);
                else
                    json_array_append(all, val);
            }
            json_decref(v);
            queue(q, all, all, "DOI-keyed object");
            return true;
        }
    }
    queue(q, v, NULL, NULL);
    return true;
}

bool pc_json_queue_next(pc_json_queue *q, pc_json_item *item)
{
    if (!q->root)
        return false;
    size_t n = q->items ? json_array_size(q->items) : 1;
    if (q->next >= n) {
        pc_json_queue_clear(q);
        return false;
    }
    size_t i = q->next++;
    q->where[0] = '\0';
    if (q->items)
        snprintf(q->where, sizeof q->where, " (%s[%zu])", q->name, i);
    *item = (pc_json_item){.v = q->items ? json_array_get(q->items, i) : q->root,
                           .line = q->line, .col = q->col, .where = q->where};
    return true;
}

void pc_json_queue_clear(pc_json_queue *q)
{
    if (!q)
        return;
    json_decref(q->root);
    q->root = q->items = NULL;
    q->next = 0;
    q->where[0] = '\0';
}
