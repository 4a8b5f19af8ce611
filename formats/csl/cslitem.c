/* SPDX-License-Identifier: MIT */
/* cslitem.c — CSL-JSON items: the CSL 1.0.2 mapping of item_read.c
 * (pc_csl_read_item), which keeps the variables it does not know as
 * pass-through values of the CSL family and accepts pandoc's loose forms
 * and the Crossref type names doi.org answers carry.
 *
 * Two shapes: for `json`, an object with one of CSL's usual keys (tried
 * after the service shapes); for `csljson`, any object. */
#include "json.h"

static bool is_csl(const json_t *v)
{
    static const char *const keys[] = {"type", "title", "author", "issued", "citation-key", "DOI"};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        if (json_object_get(v, keys[i]))
            return true;
    return false;
}

static bool is_object(const json_t *v) { return json_is_object(v); }

static pc_json_step map_csl(pc_jm *m, const json_t *v, pc_record *rec)
{
    if (!pc_csl_read_item(v, rec, m->ctx, m->file, m->line, PC_CSL_HTML))
        return PC_JSON_SKIP;
    rec->src_file = m->file;
    rec->src_line = m->line;
    return PC_JSON_RECORD;
}

const pc_json_shape pc_json_shape_csl = {
    .name = "CSL-JSON",
    .family = PC_CSL_FAMILY,
    .test = is_csl,
    .map = map_csl,
};

const pc_json_shape pc_json_shape_csl_any = {
    .name = "CSL-JSON",
    .family = PC_CSL_FAMILY,
    .test = is_object,
    .map = map_csl,
};
