/* SPDX-License-Identifier: MIT */
/* csljson.c — CSL-JSON, both ways, and CSL-JSON Lines (csljsonl).
 *
 * Reading: every item is a CSL item (pc_csl_read_item, item_read.c), from
 * the JSON readers' shared splitter (json.h: an array streamed one
 * item at a time, one item, JSON Lines, an object keyed by DOI); no other
 * shape is looked for (`json` is the reader that tells shapes apart).
 *
 * Writing: a JSON array written as records arrive: "[\n", then each
 * record's item (built by pc_csl_item of item_write.c, dumped by jansson, indented two more
 * spaces), separated by ",\n", then "\n]\n".  Only one item is in memory
 * at a time.  Text stays UTF-8 (no \u escapes beyond what JSON requires).
 *
 * csljsonl is JSON Lines: each record's item on one line, compact, and
 * nothing else, so the outputs of chunks of an input (GNU parallel, Spark's
 * rdd.pipe) concatenate into one valid output.  It reads back with the
 * CSL-JSON reader, which reads JSON Lines. */
#include "json.h"

#include <stdlib.h>
#include <string.h>

typedef struct csljson_writer {
    FILE *out;
    pc_ctx *ctx;
    pc_buf text;
    bool first;
} csljson_writer;

static void *csljson_begin(FILE *out, pc_ctx *ctx)
{
    csljson_writer *w = pc_xcalloc(1, sizeof *w);
    w->out = out;
    w->ctx = ctx;
    w->first = true;
    pc_buf_init(&w->text);
    return w;
}

/* jansson's dump callback: appends to a pc_buf.  jansson hands over tiny
 * pieces (a quote, a colon, a key: 140 calls per item), so the piece is
 * copied in place when it fits and pc_buf_put (which grows) is called only
 * otherwise; the buffer is reused from item to item, so it almost always
 * fits.  Same bytes, same terminating NUL as pc_buf_put. */
static int dump_cb(const char *s, size_t n, void *data)
{
    pc_buf *b = data;
    if (b->len + n < b->cap) {
        memcpy(b->ptr + b->len, s, n);
        b->len += n;
        b->ptr[b->len] = '\0';
    } else {
        pc_buf_put(b, s, n);
    }
    return 0;
}

/* The item is dumped as the only element of a one-element array, "[\n  {\n
 * ...\n  }\n]": jansson then indents it exactly as it sits inside our array
 * (every line two more spaces), and the item's text is that dump without
 * its first and last two bytes.  Why: indenting the item's own dump meant
 * looking for newlines in every piece jansson hands over (dump_cb was 6% of
 * json -> csljson); a raw newline only ever comes from JSON_INDENT, so the
 * result is the same. */
static bool csljson_write(void *state, const pc_record *rec)
{
    csljson_writer *w = state;
    json_t *wrap = json_array();
    json_array_append_new(wrap, pc_csl_item(rec, w->ctx, "csljson", PC_CSL_HTML));
    pc_buf_clear(&w->text);
    int rc = json_dump_callback(wrap, dump_cb, &w->text, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(wrap);
    if (rc != 0 || w->text.len < 4) /* cannot happen for a valid item; never write half of one */
        return false;
    const char *open = w->first ? "[" : ",";
    w->first = false;
    size_t n = w->text.len - 3; /* without "[" and "\n]" */
    return fputs(open, w->out) >= 0 && fwrite(w->text.ptr + 1, 1, n, w->out) == n;
}

static bool csljson_end(void *state)
{
    csljson_writer *w = state;
    bool ok = fputs(w->first ? "[]\n" : "\n]\n", w->out) >= 0;
    pc_buf_free(&w->text);
    pc_free(w);
    return ok;
}

/* csljsonl: the item compact on one line (jansson escapes the line ends
 * inside strings), then "\n". */
static bool csljsonl_write(void *state, const pc_record *rec)
{
    csljson_writer *w = state;
    json_t *item = pc_csl_item(rec, w->ctx, "csljsonl", PC_CSL_HTML);
    pc_buf_clear(&w->text);
    int rc = json_dump_callback(item, dump_cb, &w->text, JSON_COMPACT | JSON_PRESERVE_ORDER);
    json_decref(item);
    if (rc != 0) /* cannot happen for a valid item; never write half of one */
        return false;
    pc_buf_putc(&w->text, '\n');
    return fwrite(w->text.ptr, 1, w->text.len, w->out) == w->text.len;
}

static bool csljsonl_end(void *state)
{
    csljson_writer *w = state;
    pc_buf_free(&w->text);
    pc_free(w);
    return true;
}

/* ---- reading ------------------------------------------------------------------- */

static const pc_json_shape *const csl_shapes[] = {&pc_json_shape_csl_any, NULL};

static void *csljson_open(pc_source *src, pc_ctx *ctx) { return pc_json_reader_open(src, ctx, csl_shapes); }
static pc_read_status csljson_next(void *state, pc_record *rec) { return pc_json_reader_next(state, rec); }
static void csljson_close(void *state) { pc_json_reader_close(state); }

/* A pass-through value (the raw JSON of a CSL variable the model has no
 * field for, kept under PC_CSL_FAMILY) as text: a string's contents, an
 * integer's digits; anything else is not text. */
static bool csl_extra_text(const char *raw, pc_buf *out)
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

static const char *const csljson_aliases[] = {"csl-json", "csl", NULL};
/* reading .json is the JSON reader's (which reads CSL-JSON too): this one
 * is chosen by name (-f csljson) and sniffs nothing; -o refs.json picks it */
static const char *const csljson_exts[] = {NULL};
static const char *const csljson_write_exts[] = {"json", NULL};

const pc_format pc_format_csljson = {
    .name = "csljson",
    .aliases = csljson_aliases,
    .extensions = csljson_exts,
    .write_extensions = csljson_write_exts,
    .description = "CSL-JSON (pandoc, Zotero, citeproc): an array of CSL 1.0.2 items",
    .read_open = csljson_open,
    .read_next = csljson_next,
    .read_close = csljson_close,
    .write_begin = csljson_begin,
    .write_record = csljson_write,
    .write_end = csljson_end,
    .map = pc_csl_map,
    .map_len = PC_CSL_MAP_LEN,
    .extra_text = csl_extra_text,
    .chunker = &pc_json_chunker, /* the JSON reader's splitter: cut as it is */
};

static const char *const csljsonl_aliases[] = {"csl-jsonl", NULL};
static const char *const csljsonl_write_exts[] = {"jsonl", "ndjson", NULL}; /* reading them: json's */

const pc_format pc_format_csljsonl = {
    .name = "csljsonl",
    .aliases = csljsonl_aliases,
    .extensions = csljson_exts,
    .write_extensions = csljsonl_write_exts,
    .description = "CSL-JSON Lines: one CSL item a line (outputs of chunks concatenate)",
    .read_open = csljson_open,
    .read_next = csljson_next,
    .read_close = csljson_close,
    .write_begin = csljson_begin,
    .write_record = csljsonl_write,
    .write_end = csljsonl_end,
    .map = pc_csl_map,
    .map_len = PC_CSL_MAP_LEN,
};
