/* csljson.c — the CSL-JSON writer (the reader is the JSON reader's, which
 * reads CSL items with pc_csl_read_item).
 *
 * A JSON array written as records arrive: "[\n", then each record's item
 * (built by pc_csl_item, dumped by jansson, indented two more spaces),
 * separated by ",\n", then "\n]\n".  Only one item is in memory at a time.
 * Text stays UTF-8 (no \u escapes beyond what JSON requires). */
#include "csl.h"
#include "paperconv.h"
#include "util.h"

#include <stdlib.h>

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

/* jansson's dump callback: appends to a pc_buf, indenting every line by two
 * spaces so the item sits inside the array.  A raw newline only ever comes
 * from JSON_INDENT (strings escape theirs), so this cannot alter a value.
 * jansson hands over whole strings and runs of indentation: each stretch up
 * to a newline is appended with one pc_buf_put, not byte by byte. */
static int dump_cb(const char *s, size_t n, void *data)
{
    pc_buf *b = data;
    while (n) {
        const char *nl = memchr(s, '\n', n);
        size_t k = nl ? (size_t)(nl - s) + 1 : n;
        pc_buf_put(b, s, k);
        if (nl)
            pc_buf_put(b, "  ", 2);
        s += k;
        n -= k;
    }
    return 0;
}

static bool csljson_write(void *state, const pc_record *rec)
{
    csljson_writer *w = state;
    json_t *item = pc_csl_item_for(rec, w->ctx, "csljson");
    pc_buf_clear(&w->text);
    pc_buf_puts(&w->text, w->first ? "[\n  " : ",\n  ");
    w->first = false;
    int rc = json_dump_callback(item, dump_cb, &w->text, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    json_decref(item);
    if (rc != 0) /* cannot happen for a valid item; never write half of one */
        return false;
    return fwrite(w->text.ptr, 1, w->text.len, w->out) == w->text.len;
}

static bool csljson_end(void *state)
{
    csljson_writer *w = state;
    bool ok = fputs(w->first ? "[]\n" : "\n]\n", w->out) >= 0;
    pc_buf_free(&w->text);
    free(w);
    return ok;
}

static const char *const csljson_aliases[] = {"csl-json", "csl", NULL};
static const char *const csljson_exts[] = {NULL}; /* .json belongs to the JSON reader */

const pc_format pc_format_csljson = {
    .name = "csljson",
    .aliases = csljson_aliases,
    .extensions = csljson_exts,
    .description = "CSL-JSON (pandoc, Zotero, citeproc): an array of CSL 1.0.2 items",
    .write_begin = csljson_begin,
    .write_record = csljson_write,
    .write_end = csljson_end,
};
