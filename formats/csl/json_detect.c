/* SPDX-License-Identifier: MIT */
/* json_detect.c — which shape an item has, and its conversion (see json.h).
 *
 * A reader gives its shapes as a table, tried in order; each shape is
 * {test, mapper, rows} (crossref.c, openalex.c, s2.c, arxiv.c, cslitem.c).
 * The first shape whose test an item passes converts it; an item no shape
 * takes is an error that names its first keys.  The rows of each shape are
 * compiled once per reader (pc_map_new). */
#include "json.h"

#include <stdlib.h>

struct pc_json_detect {
    const pc_json_shape *const *shapes;
    pc_map **maps; /* per shape */
    size_t n;
    pc_jm jm;
};

pc_json_detect *pc_json_detect_new(pc_ctx *ctx, const char *file, const pc_json_shape *const *shapes)
{
    pc_json_detect *d = pc_xcalloc(1, sizeof *d);
    d->shapes = shapes;
    while (shapes[d->n])
        d->n++;
    d->maps = pc_xcalloc(d->n ? d->n : 1, sizeof *d->maps);
    for (size_t i = 0; i < d->n; i++)
        d->maps[i] = pc_map_new(shapes[i]->rows, shapes[i]->n_rows, 0);
    d->jm = (pc_jm){.ctx = ctx, .file = file, .where = "", .tmp = PC_BUF_INIT, .tmp2 = PC_BUF_INIT};
    return d;
}

void pc_json_detect_free(pc_json_detect *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->n; i++)
        pc_map_free(d->maps[i]);
    pc_free(d->maps);
    pc_buf_free(&d->jm.tmp);
    pc_buf_free(&d->jm.tmp2);
    pc_free(d);
}

/* "unknown JSON shape: keys a, b, c" */
static void report_unknown(pc_jm *m, const json_t *v, unsigned long col)
{
    if (!json_is_object(v)) {
        static const char *const names[] = {"an object", "an array", "a string", "a number",
                                            "a number", "true", "false", "null"};
        pc_diag_emit(m->ctx, PC_SEV_ERROR, m->file, m->line, col,
                     "unknown JSON shape: %s, not a record object%s", names[json_typeof(v)], m->where);
        return;
    }
    pc_buf *b = &m->tmp2;
    pc_buf_clear(b);
    const char *key;
    const json_t *val;
    size_t n = 0;
    json_object_foreach((json_t *)v, key, val) {
        if (n == 8) {
            pc_buf_puts(b, ", \xE2\x80\xA6");
            break;
        }
        if (n++)
            pc_buf_puts(b, ", ");
        pc_buf_puts(b, key);
    }
    pc_diag_emit(m->ctx, PC_SEV_ERROR, m->file, m->line, col, "unknown JSON shape: %s%s%s",
                 n ? "keys " : "an empty object", b->ptr, m->where);
}

/* The shape's mapper on v, or the generic walk when it has none. */
static pc_json_step run(pc_jm *m, const json_t *v, pc_record *rec)
{
    const pc_json_shape *shape = m->shape;
    if (shape->map)
        return shape->map(m, v, rec);
    pc_jm_walk(m, v, rec);
    if (shape->finish)
        shape->finish(m, v, rec);
    pc_jm_finish(m, rec);
    return PC_JSON_RECORD;
}

pc_json_step pc_json_convert(pc_json_detect *d, const pc_json_item *item, pc_record *rec)
{
    pc_jm *m = &d->jm;
    const json_t *v = item->v;
    m->line = item->line;
    m->where = item->where;
    if (json_is_null(v)) { /* a Semantic Scholar batch answer for an unknown id */
        pc_diag_emit(m->ctx, PC_SEV_NOTE, m->file, m->line, item->col, "null element skipped%s",
                     m->where);
        return PC_JSON_CONTINUE;
    }
    if (json_is_object(v))
        for (size_t i = 0; i < d->n; i++) {
            if (!d->shapes[i]->test(v))
                continue;
            m->shape = d->shapes[i];
            m->map = d->maps[i];
            m->item = v;
            m->tex = (pc_latex_report){0};
            return run(m, v, rec);
        }
    report_unknown(m, v, item->col);
    return PC_JSON_SKIP;
}
