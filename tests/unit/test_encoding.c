/* SPDX-License-Identifier: MIT */
/* test_encoding.c — encoding names and aliases, coding cookies, the guess
 * behind "try --encoding" (cases in tests/data/encoding.tsv), the decoders'
 * replacement of bytes they cannot take, and jansson running out of
 * memory inside the JSON reader. */
#include "harness.h"
#include "format.h"
#include "io/encoding.h"
#include "io/source.h"

#include <iconv.h>
#include <jansson.h>

/* UTF-8 text s in encoding `to` (iconv) into out. */
static bool encode(const char *s, const char *to, pc_buf *out)
{
    iconv_t cd = iconv_open(to, "UTF-8");
    if (cd == (iconv_t)-1)
        return false;
    size_t n = strlen(s), cap = n * 4 + 8;
    pc_buf_clear(out);
    pc_buf_grow(out, cap);
    char *ip = (char *)s, *op = out->ptr;
    size_t il = n, ol = cap;
    size_t r = iconv(cd, &ip, &il, &op, &ol);
    iconv_close(cd);
    out->len = (size_t)(op - out->ptr);
    out->ptr[out->len] = '\0';
    return r != (size_t)-1;
}

static void row(harness *h, char **f, int nf, int lineno)
{
    if (nf < 3) {
        h_result(h, 0, "encoding.tsv:%d: too few fields", lineno);
        return;
    }
    pc_buf b = PC_BUF_INIT;
    if (!strcmp(f[0], "alias")) {
        bool ok = pc_encoding_iconv_name(f[1], &b);
        h_streq(h, ok ? b.ptr : "-", f[2], "iconv name", f[1]);
        h_result(h, ok == pc_encoding_known(f[1]), "pc_encoding_known agrees: %s", f[1]);
    } else if (!strcmp(f[0], "cookie")) {
        h_unescape_nl(f[1]);
        pc_encoding_header hd = {.name = PC_BUF_INIT};
        bool ok = pc_encoding_cookie(f[1], strlen(f[1]), &hd);
        char where[40];
        snprintf(where, sizeof where, "encoding.tsv:%d", lineno);
        h_streq(h, ok ? hd.name.ptr : "", f[2], "coding cookie", where);
        pc_encoding_header_free(&hd);
    } else if (!strcmp(f[0], "guess") && nf >= 4) {
        pc_buf hint = PC_BUF_INIT;
        if (!encode(f[2], f[1], &b)) {
            h_result(h, 0, "encoding.tsv:%d: iconv cannot write it in %s", lineno, f[1]);
        } else {
            size_t i = 0;
            while (i < b.len && (unsigned char)b.ptr[i] < 0x80)
                i++;
            pc_encoding_guess(b.ptr + i, b.len - i, &hint);
            h_streq(h, hint.ptr, f[3], f[1], f[2]);
        }
        pc_buf_free(&hint);
    } else {
        h_result(h, 0, "encoding.tsv:%d: unknown row", lineno);
    }
    pc_buf_free(&b);
}

/* Each decoder's stand-in for a unit it cannot take. */
static void replacement(harness *h)
{
    pc_decoder *d = pc_decoder_new_utf8();
    char out[8];
    size_t made, used = pc_decoder_replace(d, "\x93x", 2, out, &made);
    h_result(h, used == 1 && made == 3 && !memcmp(out, "\xE2\x80\x9C", 3), "UTF-8: 0x93 read as Windows-1252");
    used = pc_decoder_replace(d, "\x81", 1, out, &made);
    h_result(h, used == 1 && made == 3 && !memcmp(out, "\xEF\xBF\xBD", 3), "UTF-8: 0x81 (undefined) as U+FFFD");
    h_result(h, !pc_decoder_single_byte(d), "the UTF-8 decoder is not single-byte");
    pc_decoder_free(d);
    d = pc_decoder_new("UTF-16LE");
    used = pc_decoder_replace(d, "\x00\xD8" "A\x00", 4, out, &made);
    h_result(h, used == 2 && made == 3, "UTF-16: a lone surrogate is one unit of two bytes");
    h_result(h, !pc_decoder_single_byte(d), "UTF-16 is not single-byte");
    pc_decoder_free(d);
    d = pc_decoder_new("latin-1");
    h_result(h, d && pc_decoder_single_byte(d), "Latin-1 (by an alias) is single-byte");
    pc_decoder_free(d);
    d = pc_decoder_new("gb18030");
    h_result(h, d && !pc_decoder_single_byte(d), "GB18030 is not single-byte");
    pc_decoder_free(d);
}

/* ---- jansson out of memory ---- */

static int allocs_left;
static void *failing_malloc(size_t n)
{
    if (allocs_left <= 0)
        return NULL;
    allocs_left--;
    return malloc(n);
}

typedef struct seen {
    pc_buf all;
} seen;

static void on_diag(void *user, const pc_diag *d)
{
    seen *s = user;
    pc_buf_printf(&s->all, "%lu:%lu: %s\n", d->line, d->col, d->message);
}

/* jansson leaves its error text empty when an allocation fails: the
 * reader must say so, not print "JSON: " and nothing. */
static void json_oom(harness *h)
{
    static const char doc[] = "[{\"id\": \"a\", \"type\": \"book\", \"title\": \"A\"},\n"
                              " {\"id\": \"b\", \"type\": \"book\", \"title\": \"B\", \"note\": [1, 2, 3]}]\n";
    const pc_format *f = pc_format_find("json");
    seen s = {PC_BUF_INIT};
    pc_ctx ctx;
    pc_ctx_init(&ctx, on_diag, &s);
    pc_source *src = pc_source_mem("mem.json", doc, sizeof doc - 1);
    void *st = f ? f->read_open(src, &ctx) : NULL;
    pc_record rec;
    pc_record_init(&rec);
    int records = 0;
    for (int i = 0; st && i < 8; i++) {
        allocs_left = 3; /* a few objects, then nothing */
        json_set_alloc_funcs(failing_malloc, free);
        pc_read_status rs = f->read_next(st, &rec);
        json_set_alloc_funcs(malloc, free);
        if (rs == PC_READ_RECORD)
            records++;
        if (rs == PC_READ_EOF)
            break;
    }
    if (st)
        f->read_close(st);
    pc_record_clear(&rec);
    pc_source_close(src);
    h_result(h, strstr(s.all.ptr, "JSON: out of memory") != NULL, "jansson out of memory: said so");
    h_result(h, strstr(s.all.ptr, "JSON: \n") == NULL, "jansson out of memory: no empty JSON: message");
    pc_buf_free(&s.all);
    pc_ctx_free(&ctx);
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    h_table(&h, "tests/data/encoding.tsv", row);
    replacement(&h);
    json_oom(&h);
    return h_done(&h);
}
