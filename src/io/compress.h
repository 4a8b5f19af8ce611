/* SPDX-License-Identifier: MIT */
/* compress.h — compressed streams: gzip (zlib), zstd (libzstd) and xz
 * (liblzma), one row each of compress.c's codec table.
 *
 * Reading: pc_source (source.c) tells a compressed input by its magic
 * number and puts a pc_unzip between the bytes and its encoding decoder,
 * so readers see the decompressed text, whose positions every message
 * names.  The decompressor's output is taken as it comes into the
 * source's fixed window: memory does not grow with the decompressed size
 * (a zip bomb meets the readers' own limits), beyond a codec's stated
 * state (a zstd window or xz dictionary of at most PC_UNZIP_MEMLIMIT).
 * Concatenated streams (`cat a.gz b.gz`: gzip members, zstd frames, xz
 * streams) are read as one.  A stream cut short, damaged, or followed by
 * bytes that are not the codec's is an error.
 *
 * Writing: pc_compress_open (paperconv.h) wraps a FILE * in a stream that
 * compresses what is written to it, chosen by the output file's name. */
#ifndef PC_COMPRESS_H
#define PC_COMPRESS_H

#include "util/buf.h"

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* The most memory a decompressor may take for its window (zstd) or
 * dictionary (xz): 128 MB, what zstd allows by default and more than
 * `xz -9` needs (65 MB).  A stream asking for more is an error. */
#define PC_UNZIP_MEMLIMIT (128u << 20)

typedef struct pc_codec pc_codec;

/* The codec whose magic number head[0, n) starts with, or NULL. */
const pc_codec *pc_codec_sniff(const char *head, size_t n);
/* The codec the name's extension says (".gz", ".zst", ".xz", any case),
 * or NULL. */
const pc_codec *pc_codec_by_name(const char *name);
/* Its name: "gzip", "zstd", "xz". */
const char *pc_codec_name(const pc_codec *c);

/* The name of the file inside a compressed file's name: "refs.bib" for
 * "refs.bib.gz" (copied into buf[0, cap)), so that its extension chooses
 * the format; `name` itself when it names no compression (or the rest
 * does not fit). */
const char *pc_compress_inner_name(const char *name, char *buf, size_t cap);

/* ---- decompressing ---------------------------------------------------------- */

/* Where a pc_unzip gets compressed bytes: like read(2), up to n bytes into
 * dst; 0 at the end, -1 on an error (errno set). */
typedef ssize_t (*pc_unzip_pull)(void *user, char *dst, size_t n);

typedef struct pc_unzip pc_unzip;

/* A decompressor of c's data, whose first n bytes are have[0, n) (what
 * was read to tell the magic number; copied) and the rest comes from pull. */
pc_unzip *pc_unzip_new(const pc_codec *c, const char *have, size_t n, pc_unzip_pull pull, void *user);
void pc_unzip_free(pc_unzip *z); /* NULL is fine */
/* Up to n decompressed bytes into dst: their count, 0 at the end of the
 * data, -1 when the data cannot be read further (pc_unzip_error says why;
 * the bytes before the problem are all handed out first). */
ssize_t pc_unzip_read(pc_unzip *z, char *dst, size_t n);
/* After -1: the errno of a read error of the compressed bytes (the
 * message is then strerror's), or 0 when the data was bad and `msg` (a
 * pc_buf, appended to) says how: "the gzip data is cut short (a truncated
 * file?)". */
int pc_unzip_error(const pc_unzip *z, pc_buf *msg);
/* Decompressed bytes handed out so far. */
unsigned long long pc_unzip_total(const pc_unzip *z);

/* ---- a whole file's text (plainfile.c) ------------------------------------------ */

/* A file's bytes, decompressed when its magic number names a codec, for
 * the checks -j makes over a whole file before cutting it.  Open: NULL if
 * the file cannot be opened.  Read: like read(2); -1 on a read error or
 * damaged data (the reader of the file reports it, at its place). */
typedef struct pc_plain pc_plain;
pc_plain *pc_plain_open(const char *path);
ssize_t pc_plain_read(pc_plain *p, char *dst, size_t n);
bool pc_plain_compressed(const pc_plain *p);
void pc_plain_close(pc_plain *p); /* NULL is fine */

#endif
