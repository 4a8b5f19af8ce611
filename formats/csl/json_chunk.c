/* SPDX-License-Identifier: MIT */
/* json_chunk.c — where the `json` reader's input may be cut for -j
 * (pc_chunker, src/io/parallel.c): a JSON Lines file (named .jsonl or
 * .ndjson, which is how the splitter knows it: json_split.c) at any line
 * end, since a raw line end ends a top-level value there.  Other JSON
 * (an array, values over several lines) is read in one piece. */
#include "json.h"

static bool json_fits(const char *path, const pc_ctx *ctx)
{
    (void)ctx;
    size_t len = path ? strlen(path) : 0;
    return (len > 6 && strcmp(path + len - 6, ".jsonl") == 0) ||
           (len > 7 && strcmp(path + len - 7, ".ndjson") == 0);
}

static size_t json_end(const char *p, size_t n, size_t from)
{
    const char *lf = from < n ? memchr(p + from, '\n', n - from) : NULL;
    return lf ? (size_t)(lf - p) + 1 : 0;
}

const pc_chunker pc_json_chunker = {.fits = json_fits, .end = json_end};
