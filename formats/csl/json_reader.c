/* SPDX-License-Identifier: MIT */
/* json_reader.c — the `json` reader: every JSON shape paper services return,
 * detected per item (one JSON Lines file may mix them), on the splitter
 * and shape table of this folder (json.h); and the reader loop `csljson`
 * shares with it. */
#include "json.h"

#include <stdlib.h>

struct pc_json_reader {
    pc_json_split *split;
    pc_json_detect *detect;
};

pc_json_reader *pc_json_reader_open(pc_source *src, pc_ctx *ctx, const pc_json_shape *const *shapes)
{
    pc_json_reader *r = pc_xcalloc(1, sizeof *r);
    r->split = pc_json_split_open(src, ctx);
    r->detect = pc_json_detect_new(ctx, pc_source_name(src), shapes);
    return r;
}

void pc_json_reader_close(pc_json_reader *r)
{
    if (!r)
        return;
    pc_json_split_close(r->split);
    pc_json_detect_free(r->detect);
    pc_free(r);
}

pc_read_status pc_json_reader_next(pc_json_reader *r, pc_record *rec)
{
    for (;;) {
        pc_json_item item;
        switch (pc_json_split_next(r->split, &item)) {
        case PC_JSON_ITEM: break;
        case PC_JSON_BAD: return PC_READ_SKIP;
        case PC_JSON_FATAL: return PC_READ_FATAL;
        case PC_JSON_END:
        case PC_JSON_NONE: return PC_READ_EOF;
        }
        switch (pc_json_convert(r->detect, &item, rec)) {
        case PC_JSON_RECORD: return PC_READ_RECORD;
        case PC_JSON_CONTINUE: continue;
        case PC_JSON_SKIP:
        case PC_JSON_STEP_NONE: return PC_READ_SKIP;
        }
    }
}

static bool is_ws(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

int pc_json_sniff(const char *head, size_t n)
{
    size_t i = 0;
    if (n >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    while (i < n && is_ws((unsigned char)head[i]))
        i++;
    if (i >= n || (head[i] != '[' && head[i] != '{'))
        return 0;
    char open = head[i++];
    while (i < n && is_ws((unsigned char)head[i]))
        i++;
    if (i >= n)
        return 30;
    char c = head[i];
    if (open == '{')
        return c == '"' || c == '}' ? 80 : 30;
    return c == '{' || c == '[' || c == ']' || c == '"' || c == 'n' ? 80 : 30;
}

/* The shapes, most specific first: CSL, which has the fewest telling keys,
 * last. */
static const pc_json_shape *const json_shapes[] = {
    &pc_json_shape_arxiv, &pc_json_shape_openalex, &pc_json_shape_s2, &pc_json_shape_crossref,
    &pc_json_shape_csl,   NULL,
};

static void *json_open(pc_source *src, pc_ctx *ctx) { return pc_json_reader_open(src, ctx, json_shapes); }
static pc_read_status json_next(void *state, pc_record *rec) { return pc_json_reader_next(state, rec); }
static void json_close(void *state) { pc_json_reader_close(state); }

static const char *const json_aliases[] = {"jsonl", "crossref", "openalex", "s2", "semanticscholar",
                                           NULL};
static const char *const json_exts[] = {"json", "jsonl", "ndjson", NULL};

const pc_format pc_format_json = {
    .name = "json",
    .aliases = json_aliases,
    .extensions = json_exts,
    .description = "JSON: CSL-JSON, Crossref, OpenAlex, Semantic Scholar, arXiv snapshot; JSON Lines",
    .sniff = pc_json_sniff,
    .read_open = json_open,
    .read_next = json_next,
    .read_close = json_close,
};
