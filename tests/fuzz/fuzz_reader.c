/* SPDX-License-Identifier: MIT */
/* fuzz_reader.c — one libFuzzer target per reader (built once per format
 * with -DPC_FUZZ_FORMAT="name"): reads the input with that reader, runs
 * every writer on each record, and checks each writer's output is
 * well-formed (balanced BibTeX braces, one RIS tag per line, JSON and YAML
 * that jansson / libyaml parse back).  A malformed output aborts, so the
 * fuzzer reports it like a crash.  A reader that -j cuts into chunks also
 * reads the input as such a chunk. */
#include "format.h"
#include "model/keyset.h"
#include "io/source.h"

#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <yaml.h>

#ifndef PC_FUZZ_FORMAT
#error "build with -DPC_FUZZ_FORMAT=\"reader name\""
#endif

static void quiet(void *u, const pc_diag *d)
{
    (void)u;
    (void)d;
}

static void bad(const char *writer, const char *why, const char *out, size_t n)
{
    fprintf(stderr, "fuzz: %s output is malformed: %s\n%.*s\n", writer, why, (int)(n > 2000 ? 2000 : n),
            out);
    abort();
}

static void check_bibtex(const char *s, size_t n)
{
    int level = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '{')
            level++;
        else if (s[i] == '}' && --level < 0)
            bad("bibtex", "a } closes nothing", s, n);
    }
    if (level)
        bad("bibtex", "unbalanced braces", s, n);
}

static void check_ris(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        const char *nl = memchr(s + i, '\n', n - i);
        size_t end = nl ? (size_t)(nl - s) : n;
        const char *l = s + i;
        size_t len = end - i;
        if (len && l[len - 1] == '\r')
            len--;
        /* "XY  - value" or "ER  -": two tag characters, two spaces, a dash */
        if (len && !(len >= 5 && l[0] >= 'A' && l[0] <= 'Z' &&
                     ((l[1] >= 'A' && l[1] <= 'Z') || (l[1] >= '0' && l[1] <= '9')) &&
                     memcmp(l + 2, "  -", 3) == 0 && (len == 5 || l[5] == ' ')))
            bad("ris", "a line that is not one tag", s, n);
        i = end + 1;
    }
}

static void check_json(const char *s, size_t n)
{
    json_error_t e;
    json_t *j = json_loadb(s, n, 0, &e);
    if (!j)
        bad("json", e.text, s, n);
    json_decref(j);
}

static void check_yaml(const char *s, size_t n)
{
    yaml_parser_t p;
    yaml_parser_initialize(&p);
    yaml_parser_set_input_string(&p, (const unsigned char *)s, n);
    yaml_event_t ev;
    for (;;) {
        if (!yaml_parser_parse(&p, &ev))
            bad("yaml", p.problem ? p.problem : "parse error", s, n);
        int done = ev.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&ev);
        if (done)
            break;
    }
    yaml_parser_delete(&p);
}

static void check(const char *writer, const char *s, size_t n)
{
    if (strcmp(writer, "bibtex") == 0 || strcmp(writer, "biblatex") == 0)
        check_bibtex(s, n);
    else if (strcmp(writer, "ris") == 0)
        check_ris(s, n);
    else if (strcmp(writer, "csljson") == 0)
        check_json(s, n);
    else if (strcmp(writer, "yaml") == 0)
        check_yaml(s, n);
}

/* Reads src with `reader` to its end (reader state rs, NULL: nothing),
 * handing each record to w's writer ws (w NULL: none) with a key. */
static void read_all(const pc_format *reader, void *rs, const pc_format *w, void *ws, pc_keyset *keys)
{
    if (!rs)
        return;
    pc_record rec;
    pc_record_init(&rec);
    pc_read_status st;
    int guard = 0;
    while ((st = reader->read_next(rs, &rec)) == PC_READ_RECORD || st == PC_READ_SKIP) {
        if (st == PC_READ_RECORD && w) {
            pc_keyset_assign(keys, &rec, false);
            w->write_record(ws, &rec);
        }
        pc_record_clear(&rec);
        if (++guard > 100000)
            abort(); /* a reader that never ends */
    }
    pc_record_clear(&rec);
    reader->read_close(rs);
}

/* A reader that -j may give chunks: the input read once more as a chunk
 * that more input follows (pc_source_set_cut; BibTeX's end then reads as
 * the next entry's '@'), to its end, and as a later chunk whose context
 * (the header, an XML file's start) is the chunker's context of the input. */
static void read_as_chunk(const pc_format *reader, const uint8_t *data, size_t size)
{
    pc_ctx ctx;
    pc_ctx_init(&ctx, quiet, NULL);
    pc_source *src = pc_source_mem("fuzz", (const char *)data, size);
    pc_source_set_first_line(src, 7);
    pc_source_set_cut(src);
    if (reader->chunker->context) {
        pc_source_set_context(src, (const char *)data, reader->chunker->context((const char *)data, size));
        pc_source_set_continued(src);
    }
    read_all(reader, reader->read_open(src, &ctx), NULL, NULL, NULL);
    pc_source_close(src);
    pc_ctx_free(&ctx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const pc_format *reader = pc_format_find(PC_FUZZ_FORMAT);
    if (!reader || !reader->read_open)
        abort();
    if (reader->chunker)
        read_as_chunk(reader, data, size);
    for (const pc_format *const *w = pc_formats; *w; w++) {
        if (!(*w)->write_begin)
            continue;
        pc_ctx ctx;
        pc_ctx_init(&ctx, quiet, NULL);
        char *out = NULL;
        size_t outlen = 0;
        FILE *f = open_memstream(&out, &outlen);
        pc_source *src = pc_source_mem("fuzz", (const char *)data, size);
        void *rs = reader->read_open(src, &ctx);
        void *ws = (*w)->write_begin(f, &ctx);
        pc_keyset *keys = pc_keyset_new();
        read_all(reader, rs, *w, ws, keys);
        (*w)->write_end(ws);
        fclose(f);
        check((*w)->name, out, outlen);
        free(out);
        pc_keyset_free(keys);
        pc_source_close(src);
        pc_ctx_free(&ctx);
    }
    return 0;
}
