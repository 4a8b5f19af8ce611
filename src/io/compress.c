/* SPDX-License-Identifier: MIT */
/* compress.c — gzip, zstd and xz streams, both ways.
 *
 * Owns the codec table (one row per codec, as redis's command table: its
 * name, file extension, magic number, and the functions that open, run
 * one step of and close its decompressor and its compressor), the
 * decompressing reader pc_source puts under its decoder (pc_unzip:
 * compressed bytes pulled from the file or memory, decompressed into the
 * caller's buffer, concatenated streams read on, a stream cut short or
 * damaged reported), the name of the file inside ("refs.bib.gz" is a
 * .bib), and the compressing stream -o FILE.gz writes through
 * (pc_compress_open: a fopencookie stream, no pipe, no thread).
 *
 * A codec's step runs its library once over io->in and io->out, advancing
 * both, and says whether a stream ended; everything else (buffers, the
 * end of the input, concatenation, messages) is the generic code here. */
#define _GNU_SOURCE /* fopencookie */
#include "io/compress.h"

#include "paperconv.h"
#include "util/buf.h"

#include <errno.h>
#include <limits.h>
#include <lzma.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

/* One step's buffers: the codec consumes from in and produces into out,
 * advancing both.  `last`: no input follows in[0, in_n) (decompressing),
 * or finish the stream (compressing). */
typedef struct pc_zio {
    const unsigned char *in;
    size_t in_n;
    unsigned char *out;
    size_t out_n;
    bool last;
    const char *why; /* PC_Z_ERROR: what the library said */
} pc_zio;

typedef enum pc_zstatus {
    PC_Z_NONE = 0,
    PC_Z_OK,    /* went on (or could not: then it needs input the caller has not) */
    PC_Z_END,   /* a stream ended: a gzip member, a zstd frame, the xz input */
    PC_Z_ERROR, /* io->why says what */
} pc_zstatus;

struct pc_codec {
    const char *name;  /* in messages */
    const char *ext;   /* the file name extension, without the dot */
    const char *magic; /* the first bytes of its data */
    size_t magic_len;
    void *(*open)(void); /* the decompressor */
    pc_zstatus (*read)(void *st, pc_zio *io);
    void (*close)(void *st);
    void *(*wopen)(void); /* the compressor */
    pc_zstatus (*write)(void *st, pc_zio *io);
    void (*wclose)(void *st);
};

/* Steps take at most this much of a buffer: zlib and liblzma count in
 * unsigned int / size_t, the caller's buffers are smaller anyway. */
static unsigned clamp_uint(size_t n) { return n > UINT_MAX ? UINT_MAX : (unsigned)n; }

/* ---- gzip (zlib) ------------------------------------------------------------- */

/* A library that could not start (out of memory): the library aborts as
 * every allocation of paperconv does. */
static void *started(void *st, bool ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "paperconv: %s: out of memory\n", what);
        abort();
    }
    return st;
}

/* Runs one inflate or deflate step over io. */
static int gz_step(z_stream *zs, pc_zio *io, int (*fn)(z_stream *, int), int flush)
{
    zs->next_in = (Bytef *)io->in;
    zs->avail_in = clamp_uint(io->in_n);
    zs->next_out = io->out;
    zs->avail_out = clamp_uint(io->out_n);
    unsigned in0 = zs->avail_in, out0 = zs->avail_out;
    int rc = fn(zs, flush);
    io->in += in0 - zs->avail_in;
    io->in_n -= in0 - zs->avail_in;
    io->out += out0 - zs->avail_out;
    io->out_n -= out0 - zs->avail_out;
    return rc;
}

static void *gz_open(void)
{
    z_stream *zs = pc_xcalloc(1, sizeof *zs);
    return started(zs, inflateInit2(zs, 15 + 16) == Z_OK, "zlib"); /* 16: gzip only */
}

static pc_zstatus gz_read(void *st, pc_zio *io)
{
    z_stream *zs = st;
    int rc = gz_step(zs, io, inflate, Z_NO_FLUSH);
    if (rc == Z_STREAM_END) { /* a member ended: the next one starts afresh */
        inflateReset(zs);
        return PC_Z_END;
    }
    if (rc == Z_OK || rc == Z_BUF_ERROR)
        return PC_Z_OK;
    io->why = zs->msg ? zs->msg : rc == Z_MEM_ERROR ? "out of memory" : "bad data";
    return PC_Z_ERROR;
}

static void gz_close(void *st)
{
    inflateEnd(st);
    pc_free(st);
}

static void *gz_wopen(void)
{
    z_stream *zs = pc_xcalloc(1, sizeof *zs);
    /* gzip's default level; no name, mtime 0: the same input, the same bytes */
    return started(zs, deflateInit2(zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK, "zlib");
}

static pc_zstatus gz_write(void *st, pc_zio *io)
{
    int rc = gz_step(st, io, deflate, io->last ? Z_FINISH : Z_NO_FLUSH);
    if (rc == Z_STREAM_END)
        return PC_Z_END;
    if (rc == Z_OK || rc == Z_BUF_ERROR)
        return PC_Z_OK;
    io->why = "zlib failed";
    return PC_Z_ERROR;
}

static void gz_wclose(void *st)
{
    deflateEnd(st);
    pc_free(st);
}

/* ---- zstd (libzstd) ------------------------------------------------------------ */

static void *zst_open(void)
{
    ZSTD_DCtx *d = ZSTD_createDCtx();
    started(d, d != NULL, "libzstd");
    ZSTD_DCtx_setParameter(d, ZSTD_d_windowLogMax, 27); /* PC_UNZIP_MEMLIMIT */
    return d;
}

static pc_zstatus zst_read(void *st, pc_zio *io)
{
    ZSTD_inBuffer in = {io->in, io->in_n, 0};
    ZSTD_outBuffer out = {io->out, io->out_n, 0};
    size_t rc = ZSTD_decompressStream(st, &out, &in);
    io->in += in.pos;
    io->in_n -= in.pos;
    io->out += out.pos;
    io->out_n -= out.pos;
    if (ZSTD_isError(rc)) {
        io->why = ZSTD_getErrorName(rc);
        return PC_Z_ERROR;
    }
    return rc == 0 ? PC_Z_END : PC_Z_OK; /* 0: a frame decoded and flushed */
}

static void zst_close(void *st) { ZSTD_freeDCtx(st); }

static void *zst_wopen(void)
{
    ZSTD_CCtx *c = ZSTD_createCCtx();
    started(c, c != NULL, "libzstd");
    ZSTD_CCtx_setParameter(c, ZSTD_c_compressionLevel, 3); /* zstd's default */
    ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, 1);     /* as the zstd command writes */
    return c;
}

static pc_zstatus zst_write(void *st, pc_zio *io)
{
    ZSTD_inBuffer in = {io->in, io->in_n, 0};
    ZSTD_outBuffer out = {io->out, io->out_n, 0};
    size_t rc = ZSTD_compressStream2(st, &out, &in, io->last ? ZSTD_e_end : ZSTD_e_continue);
    io->in += in.pos;
    io->in_n -= in.pos;
    io->out += out.pos;
    io->out_n -= out.pos;
    if (ZSTD_isError(rc)) {
        io->why = ZSTD_getErrorName(rc);
        return PC_Z_ERROR;
    }
    return io->last && rc == 0 ? PC_Z_END : PC_Z_OK;
}

static void zst_wclose(void *st) { ZSTD_freeCCtx(st); }

/* ---- xz (liblzma) ---------------------------------------------------------------- */

static pc_zstatus xz_step(lzma_stream *ls, pc_zio *io, lzma_action action)
{
    ls->next_in = io->in;
    ls->avail_in = io->in_n;
    ls->next_out = io->out;
    ls->avail_out = io->out_n;
    lzma_ret rc = lzma_code(ls, action);
    io->in = ls->next_in;
    io->in_n = ls->avail_in;
    io->out = ls->next_out;
    io->out_n = ls->avail_out;
    switch (rc) {
    case LZMA_OK:
    case LZMA_BUF_ERROR: /* no progress: the caller knows whether input is missing */
        return PC_Z_OK;
    case LZMA_STREAM_END:
        return PC_Z_END;
    case LZMA_MEMLIMIT_ERROR:
        io->why = "it needs more than 128 MB of memory to decompress, the limit";
        break;
    case LZMA_FORMAT_ERROR:
        io->why = "not xz data";
        break;
    case LZMA_OPTIONS_ERROR:
        io->why = "options liblzma does not support";
        break;
    case LZMA_DATA_ERROR:
        io->why = "corrupt data";
        break;
    case LZMA_MEM_ERROR:
        io->why = "out of memory";
        break;
    default:
        io->why = "liblzma failed";
        break;
    }
    return PC_Z_ERROR;
}

static void *xz_open(void)
{
    lzma_stream *ls = pc_xmalloc(sizeof *ls);
    *ls = (lzma_stream)LZMA_STREAM_INIT;
    /* CONCATENATED: `cat a.xz b.xz` (and xz's stream padding) is one input;
     * the end is then told by LZMA_FINISH, which io->last gives */
    return started(ls, lzma_stream_decoder(ls, PC_UNZIP_MEMLIMIT, LZMA_CONCATENATED) == LZMA_OK, "liblzma");
}

static pc_zstatus xz_read(void *st, pc_zio *io) { return xz_step(st, io, io->last ? LZMA_FINISH : LZMA_RUN); }

static void xz_close(void *st)
{
    lzma_end(st);
    pc_free(st);
}

static void *xz_wopen(void)
{
    lzma_stream *ls = pc_xmalloc(sizeof *ls);
    *ls = (lzma_stream)LZMA_STREAM_INIT;
    return started(ls, lzma_easy_encoder(ls, 6, LZMA_CHECK_CRC64) == LZMA_OK, "liblzma"); /* xz's defaults */
}

static pc_zstatus xz_write(void *st, pc_zio *io) { return xz_step(st, io, io->last ? LZMA_FINISH : LZMA_RUN); }

/* ---- the table ----------------------------------------------------------------------- */

static const pc_codec codecs[] = {
    {"gzip", "gz", "\x1f\x8b", 2, gz_open, gz_read, gz_close, gz_wopen, gz_write, gz_wclose},
    {"zstd", "zst", "\x28\xb5\x2f\xfd", 4, zst_open, zst_read, zst_close, zst_wopen, zst_write, zst_wclose},
    {"xz", "xz", "\xfd" "7zXZ\0", 6, xz_open, xz_read, xz_close, xz_wopen, xz_write, xz_close},
};
enum { N_CODECS = sizeof codecs / sizeof *codecs };

const pc_codec *pc_codec_sniff(const char *head, size_t n)
{
    for (size_t i = 0; i < N_CODECS; i++)
        if (n >= codecs[i].magic_len && !memcmp(head, codecs[i].magic, codecs[i].magic_len))
            return &codecs[i];
    return NULL;
}

/* The codec of name's extension, and where its dot is. */
static const pc_codec *by_name(const char *name, const char **dot_out)
{
    const char *slash = strrchr(name, '/');
    const char *base = slash ? slash + 1 : name;
    const char *dot = strrchr(base, '.');
    if (!dot || dot == base)
        return NULL;
    for (size_t i = 0; i < N_CODECS; i++)
        if (pc_strcasecmp(dot + 1, codecs[i].ext) == 0) {
            *dot_out = dot;
            return &codecs[i];
        }
    return NULL;
}

const pc_codec *pc_codec_by_name(const char *name)
{
    const char *dot;
    return name ? by_name(name, &dot) : NULL;
}

const char *pc_codec_name(const pc_codec *c) { return c->name; }

const char *pc_compress_inner_name(const char *name, char *buf, size_t cap)
{
    const char *dot;
    if (!name || !by_name(name, &dot) || (size_t)(dot - name) >= cap)
        return name;
    memcpy(buf, name, (size_t)(dot - name));
    buf[dot - name] = '\0';
    return buf;
}

/* ---- decompressing ---------------------------------------------------------------------- */

enum { PC_UNZIP_BUFSIZE = 1 << 16 };

typedef enum unzip_state {
    UNZIP_NONE = 0,
    UNZIP_READING,
    UNZIP_DONE,      /* the data ended where a stream ends */
    UNZIP_CUT,       /* the input ended inside a stream */
    UNZIP_BAD,       /* the codec refused the data (why) */
    UNZIP_TRAILING,  /* ... right after a stream's end: not more of the codec's data */
    UNZIP_READ_FAIL, /* reading the compressed bytes failed (err) */
} unzip_state;

struct pc_unzip {
    const pc_codec *c;
    void *st;
    pc_unzip_pull pull;
    void *user;
    unsigned char *buf; /* compressed bytes not yet decompressed: buf[start, end) */
    size_t start, end, cap;
    bool in_eof;
    bool boundary; /* a stream ended and nothing of the next came out yet */
    unzip_state state;
    unzip_state failed; /* what comes after the bytes handed out (state is READING meanwhile) */
    const char *why;
    int err;
    unsigned long long total;
};

pc_unzip *pc_unzip_new(const pc_codec *c, const char *have, size_t n, pc_unzip_pull pull, void *user)
{
    pc_unzip *z = pc_xcalloc(1, sizeof *z);
    z->c = c;
    z->st = c->open();
    z->pull = pull;
    z->user = user;
    z->cap = n > PC_UNZIP_BUFSIZE ? n : PC_UNZIP_BUFSIZE;
    z->buf = pc_xmalloc(z->cap);
    if (n) /* have may be NULL then */
        memcpy(z->buf, have, n);
    z->end = n;
    z->state = UNZIP_READING;
    return z;
}

void pc_unzip_free(pc_unzip *z)
{
    if (!z)
        return;
    z->c->close(z->st);
    pc_free(z->buf);
    pc_free(z);
}

/* Reads more compressed bytes (the ones left slid to the front); false on
 * a read error (recorded), or when the buffer is full. */
static bool refill(pc_unzip *z)
{
    if (z->start > 0) {
        memmove(z->buf, z->buf + z->start, z->end - z->start);
        z->end -= z->start;
        z->start = 0;
    }
    if (z->end == z->cap) {
        z->failed = UNZIP_BAD;
        z->why = "the decompressor takes no more input";
        return false;
    }
    ssize_t got = z->pull(z->user, (char *)z->buf + z->end, z->cap - z->end);
    if (got < 0) {
        z->failed = UNZIP_READ_FAIL;
        z->err = errno ? errno : EIO;
        return false;
    }
    z->end += (size_t)got;
    z->in_eof = got == 0;
    return true;
}

/* Hands out `made` bytes; the failure recorded (if any) comes next time. */
static ssize_t hand_out(pc_unzip *z, size_t made)
{
    if (!made && z->failed)
        z->state = z->failed;
    return made ? (ssize_t)made : z->failed ? -1 : 0;
}

/* One step of the codec into dst[0, n); sets *made.  False when the
 * caller must stop (the data ended, a failure was recorded). */
static bool step(pc_unzip *z, char *dst, size_t n, size_t *made)
{
    pc_zio io = {z->buf + z->start, z->end - z->start, (unsigned char *)dst, n, z->in_eof, NULL};
    pc_zstatus st = z->c->read(z->st, &io);
    size_t used = z->end - z->start - io.in_n;
    z->start += used;
    *made = n - io.out_n;
    z->total += *made;
    if (*made)
        z->boundary = false;
    if (st == PC_Z_ERROR) {
        z->failed = z->boundary ? UNZIP_TRAILING : UNZIP_BAD;
        z->why = io.why;
        return false;
    }
    if (st == PC_Z_END) {
        z->boundary = true;
        if (z->start == z->end && !z->in_eof && !refill(z))
            return false;
        if (z->start == z->end) { /* nothing after the stream: the end */
            z->state = *made ? UNZIP_READING : UNZIP_DONE;
            z->in_eof = true;
            z->failed = UNZIP_NONE;
            return false;
        }
        return true;
    }
    if (!used && !*made) { /* stuck: it needs more input */
        if (z->in_eof) {
            z->failed = UNZIP_CUT;
            return false;
        }
        return refill(z);
    }
    return true;
}

ssize_t pc_unzip_read(pc_unzip *z, char *dst, size_t n)
{
    if (z->state != UNZIP_READING)
        return z->state == UNZIP_DONE ? 0 : -1;
    if (z->failed) /* bytes were handed out before it: now the failure */
        return hand_out(z, 0);
    if (z->boundary && z->in_eof && z->start == z->end) {
        z->state = UNZIP_DONE;
        return 0;
    }
    for (;;) {
        if (z->start == z->end && !z->in_eof && !refill(z))
            return hand_out(z, 0);
        size_t made = 0;
        bool go_on = step(z, dst, n, &made);
        if (!go_on) {
            if (z->state == UNZIP_DONE)
                return 0;
            return hand_out(z, made);
        }
        if (made)
            return (ssize_t)made;
    }
}

int pc_unzip_error(const pc_unzip *z, pc_buf *msg)
{
    const char *name = z->c->name;
    switch (z->state) {
    case UNZIP_READ_FAIL:
        return z->err;
    case UNZIP_CUT:
        pc_buf_printf(msg, "the %s data is cut short (a truncated file?)", name);
        break;
    case UNZIP_TRAILING:
        pc_buf_printf(msg, "the bytes after the end of the %s data are not %s data (%s)", name, name, z->why);
        break;
    default:
        pc_buf_printf(msg, "the %s data is damaged (%s)", name, z->why ? z->why : "?");
        break;
    }
    return 0;
}

unsigned long long pc_unzip_total(const pc_unzip *z) { return z->total; }

/* ---- compressing: a stream over another ----------------------------------------------- */

typedef struct zip_out {
    const pc_codec *c;
    void *st;
    FILE *out;
    bool sync;
    unsigned char buf[PC_UNZIP_BUFSIZE];
} zip_out;

/* Runs the compressor over p[0, n) (finishing the stream when `last`),
 * writing what comes out to z->out.  False on an error (errno set). */
static bool zip_run(zip_out *z, const char *p, size_t n, bool last)
{
    pc_zio io = {(const unsigned char *)p, n, NULL, 0, last, NULL};
    for (;;) {
        io.out = z->buf;
        io.out_n = sizeof z->buf;
        pc_zstatus st = z->c->write(z->st, &io);
        size_t made = sizeof z->buf - io.out_n;
        if (made && fwrite(z->buf, 1, made, z->out) != made)
            return false;
        if (st == PC_Z_ERROR) {
            errno = EIO;
            return false;
        }
        if (last ? st == PC_Z_END : io.in_n == 0 && made < sizeof z->buf)
            return true;
    }
}

static ssize_t zip_write(void *cookie, const char *p, size_t n)
{
    return zip_run(cookie, p, n, false) ? (ssize_t)n : 0; /* 0: an error, as fopencookie wants */
}

/* Finishes the compressed data, flushes (and syncs) the file under it and
 * closes it. */
static int zip_close(void *cookie)
{
    zip_out *z = cookie;
    bool ok = zip_run(z, NULL, 0, true);
    int err = errno;
    if (fflush(z->out) != 0 || (z->sync && fsync(fileno(z->out)) != 0)) {
        ok = false;
        err = errno;
    }
    if (fclose(z->out) != 0 && ok) {
        ok = false;
        err = errno;
    }
    z->c->wclose(z->st);
    pc_free(z);
    errno = err;
    return ok ? 0 : -1;
}

FILE *pc_compress_open(FILE *f, const char *path, bool sync)
{
    const pc_codec *c = pc_codec_by_name(path);
    if (!c)
        return f;
    zip_out *z = pc_xmalloc(sizeof *z);
    z->c = c;
    z->st = c->wopen();
    z->out = f;
    z->sync = sync;
    FILE *zf = fopencookie(z, "w", (cookie_io_functions_t){.write = zip_write, .close = zip_close});
    return started(zf, zf != NULL, "fopencookie");
}
