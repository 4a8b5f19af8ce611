/* SPDX-License-Identifier: MIT */
/* plainfile.c — a file's bytes as the readers get them before any
 * decoding: decompressed when its magic number names a codec (as
 * pc_source tells it), else as they are.  For the whole-file checks that
 * come before -j cuts a file (src/io/parallel.c, the formats' chunkers),
 * so that a compressed file is checked, and cut, on its text. */
#include "io/compress.h"
#include "util/buf.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

enum { MAGIC_MAX = 6 }; /* the longest magic number: xz's */

struct pc_plain {
    int fd;
    pc_unzip *z;
    char head[MAGIC_MAX];
    size_t head_n, head_at; /* the bytes read to tell the codec, not yet handed out */
};

static ssize_t pull(void *user, char *dst, size_t n)
{
    pc_plain *p = user;
    ssize_t got;
    do
        got = read(p->fd, dst, n);
    while (got < 0 && errno == EINTR);
    return got;
}

pc_plain *pc_plain_open(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    pc_plain *p = pc_xcalloc(1, sizeof *p);
    p->fd = fd;
    ssize_t k;
    while (p->head_n < MAGIC_MAX && (k = pull(p, p->head + p->head_n, MAGIC_MAX - p->head_n)) > 0)
        p->head_n += (size_t)k;
    const pc_codec *c = pc_codec_sniff(p->head, p->head_n);
    if (c) {
        p->z = pc_unzip_new(c, p->head, p->head_n, pull, p);
        p->head_n = 0;
    }
    return p;
}

ssize_t pc_plain_read(pc_plain *p, char *dst, size_t n)
{
    if (p->z)
        return pc_unzip_read(p->z, dst, n);
    if (p->head_at < p->head_n) {
        size_t k = p->head_n - p->head_at < n ? p->head_n - p->head_at : n;
        memcpy(dst, p->head + p->head_at, k);
        p->head_at += k;
        return (ssize_t)k;
    }
    return pull(p, dst, n);
}

bool pc_plain_compressed(const pc_plain *p) { return p->z != NULL; }

void pc_plain_close(pc_plain *p)
{
    if (!p)
        return;
    pc_unzip_free(p->z);
    close(p->fd);
    pc_free(p);
}
