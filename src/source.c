/* SPDX-License-Identifier: MIT */
/* source.c — buffered, peekable byte input over a file descriptor or memory.
 *
 * Owns the input window every reader pulls from, the line splitter of the
 * line-based readers (CR, LF and CRLF line ends, a length limit, byte-order
 * marks at line starts), and transcoding: when the input is not UTF-8 (a
 * UTF-16/32 byte-order mark, --encoding, JabRef's header), raw bytes go
 * through an iconv decoder (src/encoding.c) on their way into the window,
 * so every reader, whether it reads lines or raw blocks, sees UTF-8.  UTF-8
 * input takes none of that path: the window is filled by read(2) alone. */
#include "paperconv/source.h"

#include "paperconv/encoding.h"
#include "paperconv/unicode.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

enum { PC_SOURCE_BUFSIZE = 1 << 16 };

typedef enum pc_line_status {
    PC_LINE_NONE = 0, /* end of input */
    PC_LINE_OK,
    PC_LINE_LONG, /* longer than the limit */
} pc_line_status;

/* The raw side of a transcoded source: undecoded bytes and where they come
 * from, and where decoding failed. */
typedef struct raw_input {
    pc_decoder *dec;
    char *encoding;       /* the name the decoder was opened with */
    char *buf;            /* raw bytes not yet decoded are buf[start, end) */
    size_t start, end, cap;
    const char *mem;      /* memory source: the raw data left, instead of fd */
    size_t mem_n;
    bool eof;
    unsigned long long offset; /* raw bytes decoded so far */
    /* where the decoded text stands, for an error message */
    unsigned long line, col;
    bool after_cr;
    /* a decoding error: the raw offset, and what went wrong */
    bool bad, cut;
    unsigned long long bad_offset;
} raw_input;

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
    /* read_line's CR look-ahead: the bytes from offset up to this stream
     * offset hold no '\r' (one memchr per window, not one per line) */
    unsigned long long no_cr_to;
    raw_input *raw;   /* NULL unless the input is transcoded */
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

static void raw_free(raw_input *raw)
{
    if (!raw)
        return;
    pc_decoder_free(raw->dec);
    free(raw->encoding);
    free(raw->buf);
    free(raw);
}

void pc_source_close(pc_source *s)
{
    if (!s)
        return;
    if (s->owns_fd)
        close(s->fd);
    raw_free(s->raw);
    free(s->buf);
    free(s->name);
    free(s);
}

const char *pc_source_name(const pc_source *s) { return s->name; }
int pc_source_error(const pc_source *s) { return s->err; }
unsigned long long pc_source_offset(const pc_source *s) { return s->offset; }
const char *pc_source_encoding(const pc_source *s) { return s->raw ? s->raw->encoding : NULL; }

static const char *data(const pc_source *s) { return s->mem ? s->mem : s->buf; }

/* read(2) into dst, retrying on EINTR; -1 with s->err set on an error. */
static ssize_t read_fd(pc_source *s, char *dst, size_t n)
{
    for (;;) {
        ssize_t got = read(s->fd, dst, n);
        if (got >= 0)
            return got;
        if (errno != EINTR) {
            s->err = errno;
            return -1;
        }
    }
}

/* ---- transcoding ------------------------------------------------------------ */

bool pc_source_set_encoding(pc_source *s, const char *name, size_t skip)
{
    pc_decoder *dec = pc_decoder_new(name);
    if (!dec)
        return false;
    raw_input *raw = pc_xcalloc(1, sizeof *raw);
    raw->dec = dec;
    raw->encoding = pc_xstrdup(name);
    raw->line = raw->col = 1;
    /* what was peeked is raw input: it becomes the start of the raw side */
    size_t have = s->end - s->start;
    skip = skip < have ? skip : have;
    if (s->mem) {
        raw->mem = s->mem + s->start + skip;
        raw->mem_n = have - skip;
        raw->eof = true;
        s->mem = NULL;
        s->cap = PC_SOURCE_BUFSIZE;
        s->buf = pc_xmalloc(s->cap);
        s->eof = false;
    } else {
        raw->cap = PC_SOURCE_BUFSIZE;
        raw->buf = pc_xmalloc(raw->cap);
        raw->end = have - skip;
        memcpy(raw->buf, s->buf + s->start + skip, raw->end);
        raw->eof = s->eof;
        s->eof = false;
    }
    raw->offset = skip;
    s->start = s->end = 0;
    s->no_cr_to = 0; /* the window now holds decoded bytes: nothing known */
    s->raw = raw;
    return true;
}

/* Moves where the decoded text stands (line, column in characters) past
 * the bytes p[0, n), counting line ends as pc_lines does (CR, LF, CRLF):
 * only transcoded input pays for it, and only so that a decoding error can
 * say where it is.  memchr does the counting; characters are counted only
 * after the last line end. */
static void raw_advance(raw_input *raw, const char *p, size_t n)
{
    if (!n)
        return;
    const char *e = p + n, *last = NULL, *q;
    for (q = p; (q = memchr(q, '\r', (size_t)(e - q))) != NULL; last = q++)
        raw->line++;
    for (q = p; (q = memchr(q, '\n', (size_t)(e - q))) != NULL; q++) {
        if (!(q > p ? q[-1] == '\r' : raw->after_cr))
            raw->line++;
        if (!last || q > last)
            last = q;
    }
    if (last)
        raw->col = 1 + pc_utf8_len(last + 1, (size_t)(e - last - 1));
    else
        raw->col += pc_utf8_len(p, n);
    raw->after_cr = e[-1] == '\r';
}

/* Makes raw bytes available: the memory block, or a read into the raw
 * buffer (undecoded bytes slid to its front).  False when none can come. */
static bool raw_more(pc_source *s)
{
    raw_input *raw = s->raw;
    if (raw->mem)
        return false; /* a memory block is all there from the start */
    if (raw->eof)
        return false;
    if (raw->start > 0) {
        memmove(raw->buf, raw->buf + raw->start, raw->end - raw->start);
        raw->end -= raw->start;
        raw->start = 0;
    }
    ssize_t got = read_fd(s, raw->buf + raw->end, raw->cap - raw->end);
    if (got <= 0) {
        raw->eof = true;
        return false;
    }
    raw->end += (size_t)got;
    return true;
}

/* Decodes raw bytes into the window at s->end (which has room); false when
 * nothing more can come (end of input, a read or a decoding error). */
static bool fill_decoded(pc_source *s)
{
    raw_input *raw = s->raw;
    for (;;) {
        const char *in = raw->mem ? raw->mem : raw->buf + raw->start;
        size_t in_n = raw->mem ? raw->mem_n : raw->end - raw->start, used, made;
        pc_decode_status st = PC_DECODE_OK;
        if (in_n)
            st = pc_decoder_run(raw->dec, in, in_n, &used, s->buf + s->end, s->cap - s->end, &made);
        else
            used = made = 0;
        if (raw->mem) {
            raw->mem += used;
            raw->mem_n -= used;
        } else {
            raw->start += used;
        }
        raw->offset += used;
        raw_advance(raw, s->buf + s->end, made);
        s->end += made;
        if (st == PC_DECODE_INVALID) {
            raw->bad = true;
            raw->bad_offset = raw->offset;
            return made > 0; /* the text before the bad bytes is read; then the end */
        }
        if (made > 0)
            return true;
        if (!raw_more(s)) { /* end of the raw input */
            if (st == PC_DECODE_INCOMPLETE || (raw->mem ? raw->mem_n : raw->end - raw->start)) {
                raw->cut = true;
                raw->bad_offset = raw->offset;
            }
            return false;
        }
    }
}

bool pc_source_decode_error(const pc_source *s, pc_buf *msg, unsigned long *line, unsigned long *col)
{
    const raw_input *raw = s->raw;
    if (!raw || !(raw->bad || raw->cut))
        return false;
    pc_buf_clear(msg);
    if (raw->bad)
        pc_buf_printf(msg, "cannot decode the input as %s: invalid byte sequence at byte %llu; "
                      "the rest of the input is not read", raw->encoding, raw->bad_offset);
    else
        pc_buf_printf(msg, "the input ends inside a %s character (byte %llu)", raw->encoding,
                      raw->bad_offset);
    *line = raw->line;
    *col = raw->col;
    return true;
}

/* ---- the window ---------------------------------------------------------------- */

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
    /* room for a few decoded characters at least */
    if (s->cap - s->end < (s->raw ? 16 : 1)) {
        s->cap *= 2;
        s->buf = pc_xrealloc(s->buf, s->cap);
    }
    if (s->raw) {
        if (s->raw->bad || !fill_decoded(s)) {
            s->eof = true;
            return false;
        }
        return true;
    }
    ssize_t got = read_fd(s, s->buf + s->end, s->cap - s->end);
    if (got > 0) {
        s->end += (size_t)got;
        return true;
    }
    s->eof = true;
    return false;
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
        /* large reads bypass the window (not when decoding into it) */
        if (!s->mem && !s->raw && !s->eof && n >= s->cap) {
            ssize_t got = read_fd(s, dst, n);
            if (got <= 0)
                s->eof = true;
            if (got < 0)
                return -1;
            s->offset += (size_t)got;
            return got;
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

/* Reads one line into `line` (cleared first) without its end: "\n", and
 * with cr_ends also "\r" and "\r\n".  A line longer than `max` bytes stops
 * being stored: the result is then PC_LINE_LONG, with `line` holding at
 * most max bytes and the rest of the line unread.  PC_LINE_NONE at the
 * end of the input or on an error.
 *
 * The line end is found with memchr ('\n'), then a second memchr for '\r'
 * over the same bytes: both run a word or more per step, so LF-only input
 * pays little for CR line ends. */
/* The first '\r' of d[0, take), d being the window's have bytes from
 * s->offset; the window beyond take is searched once and remembered. */
static const char *find_cr(pc_source *s, const char *d, size_t have, size_t take)
{
    if (s->no_cr_to < s->offset)
        s->no_cr_to = s->offset;
    if (s->no_cr_to >= s->offset + take)
        return NULL;
    size_t from = (size_t)(s->no_cr_to - s->offset);
    const char *cr = memchr(d + from, '\r', have - from);
    s->no_cr_to = s->offset + (cr ? (size_t)(cr - d) : have);
    return cr && (size_t)(cr - d) < take ? cr : NULL;
}

static pc_line_status read_line(pc_source *s, pc_buf *line, size_t max, bool cr_ends)
{
    pc_buf_clear(line);
    bool any = false;
    for (;;) {
        if (s->start == s->end) {
            if (!s->mem)
                s->start = s->end = 0;
            if (!fill(s))
                return any ? PC_LINE_OK : PC_LINE_NONE;
        }
        const char *d = data(s) + s->start;
        size_t have = s->end - s->start;
        const char *nl = memchr(d, '\n', have);
        size_t take = nl ? (size_t)(nl - d) : have;
        const char *cr = cr_ends ? find_cr(s, d, have, take) : NULL;
        if (cr) {
            nl = cr;
            take = (size_t)(cr - d);
        }
        any = true;
        if (take > max - line->len) { /* too long: keep nothing more */
            take = max - line->len;
            pc_buf_put(line, d, take);
            s->start += take;
            s->offset += take;
            return PC_LINE_LONG;
        }
        pc_buf_put(line, d, take);
        size_t used = take + (nl ? 1 : 0);
        s->start += used;
        s->offset += used;
        if (!nl)
            continue;
        if (cr) { /* a "\n" right after the "\r" belongs to the same line end */
            if (s->start == s->end) {
                if (!s->mem)
                    s->start = s->end = 0;
                fill(s);
            }
            if (s->start < s->end && data(s)[s->start] == '\n') {
                s->start++;
                s->offset++;
            }
        }
        return PC_LINE_OK;
    }
}

bool pc_source_getline(pc_source *s, pc_buf *line)
{
    return read_line(s, line, SIZE_MAX, false) != PC_LINE_NONE;
}

/* ---- lines ------------------------------------------------------------------------ */

void pc_lines_init(pc_lines *l, pc_source *src, pc_ctx *ctx)
{
    memset(l, 0, sizeof *l);
    l->src = src;
    l->ctx = ctx;
    pc_buf_init(&l->line);
}

void pc_lines_free(pc_lines *l) { pc_buf_free(&l->line); }

bool pc_lines_next(pc_lines *l)
{
    if (l->have_line) {
        l->have_line = false;
        return true;
    }
    if (l->eof)
        return false;
    pc_line_status st = read_line(l->src, &l->line, PC_LINE_MAX, true);
    if (st == PC_LINE_NONE) {
        l->eof = true;
        return false;
    }
    l->lineno++;
    if (st == PC_LINE_LONG) {
        /* /dev/zero has no line end: skipping to the next one could take
         * forever, so the input ends here */
        pc_diag_emit(l->ctx, PC_SEV_ERROR, pc_source_name(l->src), l->lineno, 1,
                     "line longer than %d MB (the limit); its record is skipped and the rest of "
                     "the input is not read",
                     PC_LINE_MAX >> 20);
        pc_buf_truncate(&l->line, l->line.len < 64 ? l->line.len : 64);
        l->eof = l->failed = true;
        return false;
    }
    /* byte-order marks at a line start: the file's own, and those of files
     * joined by `cat a.txt b.txt` */
    size_t bom = 0;
    while (l->line.len - bom >= 3 && !memcmp(l->line.ptr + bom, "\xEF\xBB\xBF", 3))
        bom += 3;
    if (bom) {
        memmove(l->line.ptr, l->line.ptr + bom, l->line.len - bom + 1);
        l->line.len -= bom;
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
