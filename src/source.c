/* source.c — buffered, peekable byte input over a file descriptor or memory. */
#include "source.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

enum { PC_SOURCE_BUFSIZE = 1 << 16 };

struct pc_source {
    char *name;
    int fd;           /* -1 for memory sources */
    bool owns_fd;
    const char *mem;  /* memory source: the data */
    char *buf;        /* file source: the window */
    size_t start, end; /* unconsumed bytes are buf[start, end) */
    size_t cap;
    bool eof;
    int err;
    unsigned long long offset;
};

pc_source *pc_source_open(const char *path)
{
    int fd;
    bool is_stdin = strcmp(path, "-") == 0;
    if (is_stdin) {
        fd = 0;
    } else {
        fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0)
            return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        if (!is_stdin)
            close(fd);
        errno = EISDIR;
        return NULL;
    }
    pc_source *s = pc_xcalloc(1, sizeof *s);
    s->name = pc_xstrdup(is_stdin ? "<stdin>" : path);
    s->fd = fd;
    s->owns_fd = !is_stdin;
    s->cap = PC_SOURCE_BUFSIZE;
    s->buf = pc_xmalloc(s->cap);
    return s;
}

pc_source *pc_source_mem(const char *name, const char *data, size_t n)
{
    pc_source *s = pc_xcalloc(1, sizeof *s);
    s->name = pc_xstrdup(name);
    s->fd = -1;
    s->mem = data;
    s->end = n;
    s->eof = true;
    return s;
}

void pc_source_close(pc_source *s)
{
    if (!s)
        return;
    if (s->owns_fd)
        close(s->fd);
    free(s->buf);
    free(s->name);
    free(s);
}

const char *pc_source_name(const pc_source *s) { return s->name; }
int pc_source_error(const pc_source *s) { return s->err; }
unsigned long long pc_source_offset(const pc_source *s) { return s->offset; }

static const char *data(const pc_source *s) { return s->mem ? s->mem : s->buf; }

/* Reads more bytes into the window; false when nothing more can come. */
static bool fill(pc_source *s)
{
    if (s->eof)
        return false;
    if (s->start > 0) { /* slide unconsumed bytes to the front */
        memmove(s->buf, s->buf + s->start, s->end - s->start);
        s->end -= s->start;
        s->start = 0;
    }
    if (s->end == s->cap) {
        s->cap *= 2;
        s->buf = pc_xrealloc(s->buf, s->cap);
    }
    for (;;) {
        ssize_t got = read(s->fd, s->buf + s->end, s->cap - s->end);
        if (got > 0) {
            s->end += (size_t)got;
            return true;
        }
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            s->err = errno;
        s->eof = true;
        return false;
    }
}

size_t pc_source_peek(pc_source *s, size_t want, const char **p)
{
    while (s->end - s->start < want && fill(s)) {
    }
    size_t have = s->end - s->start;
    *p = data(s) + s->start;
    return have < want ? have : want;
}

ssize_t pc_source_read(pc_source *s, char *dst, size_t n)
{
    if (s->start == s->end) {
        /* large reads bypass the window */
        if (!s->mem && !s->eof && n >= s->cap) {
            for (;;) {
                ssize_t got = read(s->fd, dst, n);
                if (got < 0 && errno == EINTR)
                    continue;
                if (got < 0) {
                    s->err = errno;
                    s->eof = true;
                    return -1;
                }
                if (got == 0)
                    s->eof = true;
                s->offset += (size_t)got;
                return got;
            }
        }
        s->start = s->end = s->mem ? s->end : 0;
        if (!fill(s))
            return s->err ? -1 : 0;
    }
    size_t have = s->end - s->start;
    if (n > have)
        n = have;
    memcpy(dst, data(s) + s->start, n);
    s->start += n;
    s->offset += n;
    return (ssize_t)n;
}

bool pc_source_getline(pc_source *s, pc_buf *line)
{
    pc_buf_clear(line);
    bool any = false;
    for (;;) {
        if (s->start == s->end) {
            if (!s->mem)
                s->start = s->end = 0;
            if (!fill(s))
                return any;
        }
        const char *d = data(s) + s->start;
        size_t have = s->end - s->start;
        const char *nl = memchr(d, '\n', have);
        size_t take = nl ? (size_t)(nl - d) : have;
        pc_buf_put(line, d, take);
        any = true;
        size_t used = take + (nl ? 1 : 0);
        s->start += used;
        s->offset += used;
        if (nl)
            return true;
    }
}

void pc_lines_init(pc_lines *l, pc_source *src)
{
    memset(l, 0, sizeof *l);
    l->src = src;
    pc_buf_init(&l->line);
}

void pc_lines_free(pc_lines *l) { pc_buf_free(&l->line); }

bool pc_lines_next(pc_lines *l)
{
    if (l->have_line) {
        l->have_line = false;
        return true;
    }
    if (l->eof || !pc_source_getline(l->src, &l->line)) {
        l->eof = true;
        return false;
    }
    l->lineno++;
    if (l->line.len && l->line.ptr[l->line.len - 1] == '\r')
        pc_buf_truncate(&l->line, l->line.len - 1);
    if (l->lineno == 1 && l->line.len >= 3 && memcmp(l->line.ptr, "\xEF\xBB\xBF", 3) == 0) {
        memmove(l->line.ptr, l->line.ptr + 3, l->line.len - 2);
        l->line.len -= 3;
    }
    return true;
}

void pc_lines_unread(pc_lines *l) { l->have_line = true; }

bool pc_buf_is_blank(const pc_buf *b)
{
    for (size_t i = 0; i < b->len; i++)
        if (!pc_is_space((unsigned char)b->ptr[i]))
            return false;
    return true;
}
