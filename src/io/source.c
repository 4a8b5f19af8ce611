/* SPDX-License-Identifier: MIT */
/* source.c — buffered, peekable byte input over a file descriptor or memory.
 *
 * Owns the input window every reader pulls from, the line splitter of the
 * line-based readers (CR, LF and CRLF line ends, a length limit, byte-order
 * marks at line starts), the choice of the input's encoding, and
 * transcoding: raw bytes go through a decoder (encoding.c) on their way
 * into the window, so every reader, whether it reads lines or raw blocks,
 * sees valid UTF-8.  When the input is not UTF-8 (a UTF-16/32 byte-order
 * mark, --encoding, JabRef's header, a coding cookie) that is iconv; for
 * UTF-8, a decoder that passes valid UTF-8 as it is and reads each byte
 * that is not as Windows-1252.  Bytes a decoder cannot take are replaced
 * and reported here, once per line, and decoding goes on. */
#include "io/source.h"

#include "io/compress.h"
#include "io/encoding.h"
#include "text/unicode.h"

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

/* Where text stands, for a message: line and column (in characters). */
typedef struct text_pos {
    unsigned long line, col;
    bool after_cr;
} text_pos;

/* The raw side of a transcoded source: undecoded bytes and where they come
 * from, and where the decoded text stands for a message. */
/* A message about bytes the window holds: given when the reader consumes
 * them (pc_source_read, a line), so that it comes among the reader's own
 * messages where -j's chunks would give it, not when decoding ran ahead. */
typedef struct report {
    unsigned long long at; /* the offset of the byte it is about */
    bool at_end;           /* about the end of the text (the input stops there) */
    pc_severity severity;
    unsigned long line, col;
    char *msg;
} report;

typedef struct raw_input {
    pc_decoder *dec;
    char *encoding;       /* the name the decoder was opened with */
    bool fallback;        /* UTF-8, with bytes that are not UTF-8 read as Windows-1252 */
    bool check_utf8;      /* a single-byte --encoding: is the text UTF-8 after all? */
    bool check_c1;        /* a single-byte encoding: does it make C1 controls of text? */
    bool hinted;          /* the first bad byte's message carried the guess */
    char *buf;            /* raw bytes not yet decoded are buf[start, end) */
    size_t start, end, cap;
    const char *mem;      /* memory source: the raw data left, instead of fd */
    size_t mem_n;
    bool eof;
    unsigned long long offset; /* raw bytes decoded so far */
    text_pos pos; /* where the decoded text stands, for a message */
    unsigned long reported_line; /* the last line a bad byte was reported on (0: none) */
} raw_input;

struct pc_source {
    char *name;
    char *path;       /* the path it was opened by ("-": standard input), or NULL */
    int fd;           /* -1 for memory and stream sources */
    bool owns_fd;
    FILE *fp;         /* a stream source: read with fread, not closed */
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
    pc_ctx *ctx;      /* where decoding problems are reported (NULL: nowhere) */
    /* a compressed input (compress.h): told by its first bytes */
    bool sniffed;     /* the first bytes were looked at */
    pc_unzip *unzip;  /* its decompressor, or NULL */
    text_pos zpos;    /* where the decompressed text handed out ends */
    const char *zmem; /* a compressed memory block: the bytes not yet decompressed */
    size_t zmem_n;
    bool err_said;    /* the error was reported here, at its place */
    unsigned long first_line; /* the line number of its first byte; 0 = 1 (a chunk of a file: more) */
    bool cut;                 /* a chunk cut before a record, more after it */
    bool continued;           /* a chunk after the file's first */
    int chunk_mode;           /* how it was cut (the chunker's mode) */
    const char *context;      /* what its reader is to know of the input's start */
    size_t context_n;
    report *reports;          /* messages not given yet: reports[done, n) */
    bool tracks_use;          /* the reader says how far it has used what it read */
    unsigned long long used;
    size_t n_reports, done_reports, cap_reports;
};

static void text_advance(text_pos *t, const char *p, size_t n);
static void zip_start(pc_source *s, const pc_codec *c, const char *have, size_t n);
static size_t raw_avail(const struct raw_input *raw);

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
    s->path = pc_xstrdup(path);
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
    s->sniffed = true;
    const pc_codec *c = pc_codec_sniff(data, n);
    if (c) { /* decompressed into a window, as a file is */
        s->zmem = data;
        s->zmem_n = n;
        s->cap = PC_SOURCE_BUFSIZE;
        s->buf = pc_xmalloc(s->cap);
        zip_start(s, c, NULL, 0);
        return s;
    }
    s->mem = data;
    s->end = n;
    s->eof = true;
    return s;
}

pc_source *pc_source_file(const char *name, FILE *f)
{
    pc_source *s = pc_xcalloc(1, sizeof *s);
    s->name = pc_xstrdup(name);
    s->fd = -1;
    s->fp = f;
    s->cap = PC_SOURCE_BUFSIZE;
    s->buf = pc_xmalloc(s->cap);
    return s;
}

static void raw_free(raw_input *raw)
{
    if (!raw)
        return;
    pc_decoder_free(raw->dec);
    pc_free(raw->encoding);
    pc_free(raw->buf);
    pc_free(raw);
}

static void give_reports(pc_source *s, bool all);

void pc_source_close(pc_source *s)
{
    if (!s)
        return;
    give_reports(s, true);
    pc_free(s->reports);
    if (s->owns_fd)
        close(s->fd);
    raw_free(s->raw);
    pc_unzip_free(s->unzip);
    pc_free(s->buf);
    pc_free(s->name);
    pc_free(s->path);
    pc_free(s);
}

const char *pc_source_name(const pc_source *s) { return s->name; }
bool pc_source_utf8_checked(const pc_source *s) { return s && s->raw; }
const char *pc_source_path(const pc_source *s) { return s->path; }
int pc_source_error(const pc_source *s) { return s->err; }
bool pc_source_error_said(const pc_source *s) { return s->err_said; }
unsigned long long pc_source_offset(const pc_source *s) { return s->offset; }
void pc_source_set_first_line(pc_source *s, unsigned long line) { s->first_line = line; }
unsigned long pc_source_first_line(const pc_source *s) { return s->first_line ? s->first_line : 1; }
void pc_source_set_cut(pc_source *s) { s->cut = true; }
bool pc_source_cut(const pc_source *s) { return s->cut; }
void pc_source_set_continued(pc_source *s) { s->continued = true; }
bool pc_source_continued(const pc_source *s) { return s->continued; }
void pc_source_set_chunk_mode(pc_source *s, int mode) { s->chunk_mode = mode; }
void pc_source_set_context(pc_source *s, const char *p, size_t n)
{
    s->context = p;
    s->context_n = n;
}
const char *pc_source_context(const pc_source *s, size_t *n)
{
    *n = s->context_n;
    return s->context;
}
int pc_source_chunk_mode(const pc_source *s) { return s->chunk_mode; }
void pc_source_set_ctx(pc_source *s, pc_ctx *ctx) { s->ctx = ctx; }

/* ---- messages about the bytes, given as they are consumed ------------------ */

/* Keeps msg for when the byte at `at` is consumed (at_end: when all
 * before `at` is). */
static void report_at(pc_source *s, unsigned long long at, bool at_end, pc_severity sev, unsigned long line,
                      unsigned long col, const char *msg)
{
    if (!s->ctx)
        return;
    PC_GROW(s->reports, s->cap_reports, s->n_reports + 1);
    s->reports[s->n_reports++] =
        (report){.at = at, .at_end = at_end, .severity = sev, .line = line, .col = col, .msg = pc_xstrdup(msg)};
}

/* Gives the kept messages about consumed bytes (all: every one). */
static void give_reports(pc_source *s, bool all)
{
    unsigned long long to = s->tracks_use && s->used < s->offset ? s->used : s->offset;
    while (s->done_reports < s->n_reports) {
        report *r = &s->reports[s->done_reports];
        if (!all && !(r->at < to || (r->at_end && r->at <= to)))
            break;
        s->done_reports++;
        pc_diag_emit(s->ctx, r->severity, s->name, r->line, r->col, "%s", r->msg);
        pc_free(r->msg);
    }
    if (s->done_reports == s->n_reports)
        s->done_reports = s->n_reports = 0; /* so that readers' `if (n_reports)` skips the call again */
}

void pc_source_used(pc_source *s, unsigned long long upto)
{
    s->tracks_use = true;
    s->used = upto;
    if (s->n_reports)
        give_reports(s, false);
}

bool pc_source_reports_within(const pc_source *s, size_t n)
{
    unsigned long long to = s->offset + n;
    for (size_t i = s->done_reports; i < s->n_reports; i++)
        if (s->reports[i].at < to || (s->reports[i].at_end && s->reports[i].at <= to))
            return true;
    return false;
}
const char *pc_source_encoding(const pc_source *s)
{
    return s->raw && !s->raw->fallback ? s->raw->encoding : NULL;
}

static const char *data(const pc_source *s) { return s->mem ? s->mem : s->buf; }

/* read(2) into dst, retrying on EINTR (fread for a stream source); -1
 * with s->err set on an error. */
static ssize_t read_plain(pc_source *s, char *dst, size_t n)
{
    if (s->fp) {
        size_t got = fread(dst, 1, n, s->fp);
        if (got == 0 && ferror(s->fp)) {
            s->err = errno ? errno : EIO;
            return -1;
        }
        return (ssize_t)got;
    }
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

/* ---- compressed input ------------------------------------------------------ */

/* The decompressor's source of compressed bytes: the file, or the
 * memory block. */
static ssize_t zip_pull(void *user, char *dst, size_t n)
{
    pc_source *s = user;
    if (!s->zmem)
        return read_plain(s, dst, n);
    if (n > s->zmem_n)
        n = s->zmem_n;
    memcpy(dst, s->zmem, n);
    s->zmem += n;
    s->zmem_n -= n;
    return (ssize_t)n;
}

static void zip_start(pc_source *s, const pc_codec *c, const char *have, size_t n)
{
    s->unzip = pc_unzip_new(c, have, n, zip_pull, s);
    s->zpos = (text_pos){.line = 1, .col = 1};
}

/* Decompressed bytes into dst; a stream cut short or damaged is reported
 * at the place in the decompressed text where it stops, and ends the
 * input as a read error would (EBADMSG). */
static ssize_t read_unzip(pc_source *s, char *dst, size_t n)
{
    ssize_t got = pc_unzip_read(s->unzip, dst, n);
    if (got > 0)
        text_advance(&s->zpos, dst, (size_t)got);
    if (got >= 0)
        return got;
    pc_buf msg = PC_BUF_INIT;
    int err = pc_unzip_error(s->unzip, &msg);
    if (err) {
        s->err = err;
    } else if (!s->err) {
        s->err = EBADMSG;
        s->err_said = s->ctx != NULL; /* no context (a memory source): the caller reports it */
        pc_buf_puts(&msg, "; the input ends here");
        /* about the end of what was read: the window's bytes and the raw side's */
        unsigned long long end = s->offset + (s->end - s->start) + (s->raw ? raw_avail(s->raw) : 0);
        report_at(s, end, true, PC_SEV_ERROR, s->zpos.line, s->zpos.col, msg.ptr);
    }
    pc_buf_free(&msg);
    return -1;
}

enum { PC_MAGIC_MAX = 6 }; /* the longest magic number: xz's */

/* The first read: up to n bytes, at least the longest magic number's
 * unless the input is shorter; a compressed input's decompressor starts
 * with them. */
static ssize_t read_first(pc_source *s, char *dst, size_t n)
{
    s->sniffed = true;
    ssize_t got = 0, k;
    do {
        k = read_plain(s, dst + got, n - (size_t)got);
        got += k > 0 ? k : 0;
    } while (k > 0 && got < PC_MAGIC_MAX && (size_t)got < n);
    const pc_codec *c = pc_codec_sniff(dst, (size_t)got);
    if (!c)
        return got > 0 || k == 0 ? got : -1;
    zip_start(s, c, dst, (size_t)got);
    return read_unzip(s, dst, n);
}

/* The input's bytes (decompressed when it is compressed) into dst: their
 * count, 0 at the end, -1 on an error. */
static ssize_t read_fd(pc_source *s, char *dst, size_t n)
{
    if (s->unzip)
        return read_unzip(s, dst, n);
    if (!s->sniffed)
        return read_first(s, dst, n);
    return read_plain(s, dst, n);
}

/* ---- transcoding ------------------------------------------------------------ */

/* Puts decoder `dec` (named `name`) between the input and the window,
 * after dropping the first `skip` bytes. */
static void attach_raw(pc_source *s, pc_decoder *dec, const char *name, size_t skip)
{
    raw_input *raw = pc_xcalloc(1, sizeof *raw);
    raw->dec = dec;
    raw->encoding = pc_xstrdup(name);
    raw->pos.line = raw->pos.col = 1;
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
        raw->cap = have > PC_SOURCE_BUFSIZE ? have : PC_SOURCE_BUFSIZE;
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
}

bool pc_source_set_encoding(pc_source *s, const char *name, size_t skip)
{
    if (s->raw)
        return false; /* decoded already: a second decoder would take decoded text for raw bytes */
    pc_decoder *dec = pc_decoder_new(name);
    if (!dec)
        return false;
    attach_raw(s, dec, name, skip);
    return true;
}

/* Moves where the decoded text stands (line, column in characters) past
 * the bytes p[0, n), counting line ends as pc_lines does (CR, LF, CRLF):
 * only transcoded input pays for it, and only so that a decoding error can
 * say where it is.  memchr does the counting; characters are counted only
 * after the last line end. */
static void text_advance(text_pos *t, const char *p, size_t n)
{
    if (!n)
        return;
    const char *e = p + n, *last = NULL, *q;
    for (q = p; (q = memchr(q, '\r', (size_t)(e - q))) != NULL; last = q++)
        t->line++;
    for (q = p; (q = memchr(q, '\n', (size_t)(e - q))) != NULL; q++) {
        if (!(q > p ? q[-1] == '\r' : t->after_cr))
            t->line++;
        if (!last || q > last)
            last = q;
    }
    if (last)
        t->col = 1 + pc_utf8_len(last + 1, (size_t)(e - last - 1));
    else
        t->col += pc_utf8_len(p, n);
    t->after_cr = e[-1] == '\r';
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

static const char *raw_data(const raw_input *raw) { return raw->mem ? raw->mem : raw->buf + raw->start; }
static size_t raw_avail(const struct raw_input *raw) { return raw->mem ? raw->mem_n : raw->end - raw->start; }

/* Drops n decoded raw bytes that became out[0, made) in the window. */
static void raw_took(pc_source *s, size_t n, size_t made)
{
    raw_input *raw = s->raw;
    if (raw->mem) {
        raw->mem += n;
        raw->mem_n -= n;
    } else {
        raw->start += n;
    }
    raw->offset += n;
    text_advance(&raw->pos, s->buf + s->end, made);
    s->end += made;
}

/* The bytes in[0, n) as "0xE9" or "0x00 0xD8" into b. */
static void put_bytes(pc_buf *b, const char *in, size_t n)
{
    for (size_t i = 0; i < n; i++)
        pc_buf_printf(b, "%s0x%02X", i ? " " : "", (unsigned char)in[i]);
}

/* Reports the bad unit in[0, used) that became rep[0, made), once per line
 * (the first on it): a warning for UTF-8 read as Windows-1252, with the
 * guess of the encoding the first time; an error for a decoder's
 * encoding.  `cut`: the input ends inside a character. */
static void report_bad(pc_source *s, const char *in, size_t n, size_t used, const char *rep, size_t made,
                       bool cut)
{
    raw_input *raw = s->raw;
    if (!s->ctx || raw->reported_line == raw->pos.line)
        return;
    raw->reported_line = raw->pos.line;
    pc_buf msg = PC_BUF_INIT;
    if (raw->fallback) {
        if (made == 3 && !memcmp(rep, "\xEF\xBF\xBD", 3))
            pc_buf_printf(&msg, "invalid UTF-8 byte 0x%02X, not a Windows-1252 character either: "
                          "replaced by U+FFFD", (unsigned char)in[0]);
        else
            pc_buf_printf(&msg, "invalid UTF-8 byte 0x%02X, read as Windows-1252 \"%.*s\"",
                          (unsigned char)in[0], (int)made, rep);
        if (!raw->hinted)
            pc_encoding_guess(in, n, &msg);
        raw->hinted = true;
    } else {
        if (cut)
            pc_buf_printf(&msg, "the input ends inside a %s character (byte %llu: ", raw->encoding, raw->offset);
        else
            pc_buf_printf(&msg, "cannot decode the input as %s: invalid byte sequence at byte %llu (",
                          raw->encoding, raw->offset);
        put_bytes(&msg, in, used);
        pc_buf_puts(&msg, "), replaced by U+FFFD");
    }
    report_at(s, s->offset + (s->end - s->start), false, raw->fallback ? PC_SEV_WARNING : PC_SEV_ERROR,
              raw->pos.line, raw->pos.col, msg.ptr);
    pc_buf_free(&msg);
}

/* The bad unit at the start of the raw bytes goes into the window as its
 * replacement (Windows-1252, or U+FFFD), reported; decoding goes on. */
static void replace_bad(pc_source *s, bool cut)
{
    raw_input *raw = s->raw;
    const char *in = raw_data(raw);
    size_t n = raw_avail(raw), made;
    char *rep = s->buf + s->end;
    size_t used = pc_decoder_replace(raw->dec, in, n, rep, &made);
    report_bad(s, in, n, used, rep, made, cut);
    raw_took(s, used, made);
}

/* --encoding named a single-byte encoding: when its first non-ASCII byte
 * comes, is the text from there valid UTF-8?  Then say so, at its place
 * (it is the next to decode).  Returns how many raw bytes may be decoded
 * before the check. */
static size_t check_utf8(pc_source *s, const char *in, size_t n)
{
    raw_input *raw = s->raw;
    size_t k = 0;
    while (k < n && (unsigned char)in[k] < 0x80)
        k++;
    if (k == n || k > 0)
        return k;
    raw->check_utf8 = false;
    if (!s->ctx || !pc_encoding_is_utf8_text(in, n))
        return n;
    raw->check_c1 = false; /* its C1 controls are UTF-8's continuation bytes: said here */
    int32_t cp;
    int len = pc_utf8_next(in, n, &cp);
    char as[16];
    size_t used, made = 0;
    if (len > 0)
        pc_decoder_run(raw->dec, in, (size_t)len, &used, as, sizeof as, &made);
    pc_diag_emit(s->ctx, PC_SEV_WARNING, s->name, raw->pos.line, raw->pos.col,
                 "the text is valid UTF-8 (\"%.*s\" here), which --encoding %s turns into \"%.*s\"; leave "
                 "--encoding out if the input is UTF-8",
                 len > 0 ? len : 0, in, raw->encoding, (int)made, as);
    return n;
}

/* A single-byte encoding made the first C1 control (U+0080-U+009F) of the
 * input at out[0, made) (before it is counted): Latin-1 read where the
 * bytes are Windows-1252 (curly quotes, dashes) or UTF-8.  Said once, at
 * its place. */
static void check_c1(pc_source *s, const char *out, size_t made)
{
    raw_input *raw = s->raw;
    const char *p = out, *end = out + made;
    while ((p = memchr(p, 0xC2, (size_t)(end - p))) != NULL && p + 1 < end &&
           ((unsigned char)p[1] < 0x80 || (unsigned char)p[1] > 0x9F))
        p++;
    if (!p || p + 1 >= end || !s->ctx)
        return;
    raw->check_c1 = false;
    text_pos at = raw->pos;
    text_advance(&raw->pos, out, (size_t)(p - out));
    pc_diag_emit(s->ctx, PC_SEV_WARNING, s->name, raw->pos.line, raw->pos.col,
                 "byte 0x%02X is a control character (U+%04X) in %s, not text: is the input "
                 "Windows-1252 (try --encoding windows-1252)?",
                 (unsigned char)p[1], (unsigned char)p[1], raw->encoding);
    raw->pos = at;
}

/* Decodes raw bytes into the window at s->end (which has room for a few
 * characters); false when nothing more can come (the end of the input, a
 * read error).  A byte the decoder cannot take is replaced and decoding
 * goes on: the reader never sees the input end early. */
static bool fill_decoded(pc_source *s)
{
    raw_input *raw = s->raw;
    for (;;) {
        const char *in = raw_data(raw);
        size_t in_n = raw_avail(raw), used = 0, made = 0;
        if (raw->check_utf8 && in_n)
            in_n = check_utf8(s, in, in_n);
        pc_decode_status st = PC_DECODE_OK;
        if (in_n)
            st = pc_decoder_run(raw->dec, in, in_n, &used, s->buf + s->end, s->cap - s->end, &made);
        if (raw->check_c1 && made)
            check_c1(s, s->buf + s->end, made);
        raw_took(s, used, made);
        if (st == PC_DECODE_INVALID) {
            if (s->cap - s->end >= 4)
                replace_bad(s, false);
            return true;
        }
        if (made > 0)
            return true;
        if (!raw_more(s)) { /* end of the raw input */
            if (!raw_avail(raw))
                return false;
            replace_bad(s, true); /* cut inside a character */
            return true;
        }
    }
}

/* UTF-8 input with nothing left on the raw side: reads straight into the
 * window and checks the bytes there, without the decoder's copy (the
 * common case: every UTF-8 file).  From the first byte that is not UTF-8,
 * or a character the read cut, the bytes go back to the raw side, where
 * fill_decoded replaces and reports them as before.  False when this did
 * not fill (a file that is not plain UTF-8, a memory source, the end). */
static bool fill_utf8_direct(pc_source *s)
{
    raw_input *raw = s->raw;
    if (!raw->fallback || raw->mem || raw->eof || raw->start != raw->end)
        return false;
    raw->start = raw->end = 0;
    char *at = s->buf + s->end;
    ssize_t got = read_fd(s, at, s->cap - s->end);
    if (got <= 0) {
        raw->eof = true;
        return false;
    }
    size_t valid = pc_utf8_scan(at, (size_t)got, false, NULL), rest = (size_t)got - valid;
    if (rest) {
        PC_GROW(raw->buf, raw->cap, rest);
        memcpy(raw->buf, at + valid, rest);
        raw->end = rest;
    }
    if (!valid)
        return false;
    raw->offset += valid;
    text_advance(&raw->pos, at, valid);
    s->end += valid;
    return true;
}

/* ---- choosing the encoding ------------------------------------------------- */

enum { PC_HEADER_BYTES = 32768 }; /* what a header's claim is checked against */

bool pc_source_choose_encoding(pc_source *s, pc_ctx *ctx, const char *asked)
{
    s->ctx = ctx;
    const char *head, *why = "byte-order mark";
    size_t n = pc_source_peek(s, 4, &head), bom = 0;
    const char *enc = pc_encoding_from_bom(head, n, &bom);
    size_t nul_free = 0; /* --encoding UTF-16 on 8-bit text: its first bytes have no NUL */
    if (!enc) {
        if (n >= 3 && !memcmp(head, "\xEF\xBB\xBF", 3))
            return true; /* UTF-8 whatever --encoding says: the readers skip the mark */
        if (!asked || pc_encoding_is_utf8(asked))
            return true;
        enc = asked;
        why = "--encoding";
        n = pc_source_peek(s, PC_SOURCE_BUFSIZE, &head);
        nul_free = memchr(head, '\0', n) ? 0 : n;
    }
    if (!pc_source_set_encoding(s, enc, bom)) {
        pc_diag_emit(ctx, PC_SEV_ERROR, s->name, 0, 0,
                     "unknown encoding \"%s\" (`iconv -l` lists the names)", enc);
        return false;
    }
    /* UTF-8 read as Latin-1 is "MÃ¼ller": worth a look at the first non-ASCII byte */
    s->raw->check_utf8 = s->raw->check_c1 = !bom && pc_decoder_single_byte(s->raw->dec);
    pc_diag_emit(ctx, PC_SEV_NOTE, s->name, 0, 0, "decoded from %s (%s)", enc, why);
    if (pc_decoder_unit(s->raw->dec) > 1 && nul_free >= 64)
        pc_diag_emit(ctx, PC_SEV_WARNING, s->name, 0, 0,
                     "--encoding %s, but the first %zu bytes hold no NUL byte, which ASCII text (spaces, "
                     "line ends) in %s has: the input looks like 8-bit text", enc, nul_free, enc);
    return true;
}

/* The header h (what names it) names a non-UTF-8 encoding: decodes with it
 * if the bytes head[0, n) fit it, else says why not.  True if decoding. */
static bool obey_header(pc_source *s, const pc_encoding_header *h, const char *what, const char *head,
                        size_t n)
{
    const char *name = h->name.ptr;
    size_t bad = 0;
    unsigned long line = 1, col = 1;
    switch (pc_encoding_fits(name, head, n, h, &bad)) {
    case PC_FIT_OK:
        if (!pc_source_set_encoding(s, name, 0))
            break;
        s->raw->check_c1 = pc_decoder_single_byte(s->raw->dec);
        pc_diag_emit(s->ctx, PC_SEV_NOTE, s->name, h->line, 1, "decoded from %s (%s)", name, what);
        return true;
    case PC_FIT_UTF8: /* converted by an editor, the header left behind */
        pc_diag_emit(s->ctx, PC_SEV_WARNING, s->name, h->line, 1,
                     "%s says %s but the text is UTF-8; read as UTF-8 (--encoding decides)", what, name);
        return false;
    case PC_FIT_NOT_ASCII:
        pc_diag_emit(s->ctx, PC_SEV_WARNING, s->name, h->line, 1,
                     "%s says %s, but it is itself written in 8-bit text, which %s is not: ignored, read as "
                     "UTF-8 (--encoding decides)", what, name, name);
        return false;
    case PC_FIT_BAD_BYTE:
        for (size_t i = 0; i < bad; i++) { /* the place in raw bytes: columns are bytes */
            bool end = head[i] == '\n' || (head[i] == '\r' && (i + 1 >= n || head[i + 1] != '\n'));
            line += end;
            col = end ? 1 : col + 1;
        }
        pc_diag_emit(s->ctx, PC_SEV_WARNING, s->name, line, col,
                     "%s (line %lu) says %s, but byte 0x%02X is not %s: the header is ignored, read as UTF-8 "
                     "(--encoding decides)", what, h->line, name, (unsigned char)head[bad], name);
        return false;
    case PC_FIT_NONE:
        break;
    }
    pc_diag_emit(s->ctx, PC_SEV_WARNING, s->name, h->line, 1,
                 "%s names \"%s\", which iconv does not know; read as UTF-8", what, name);
    return false;
}

/* What the top of the input says its encoding is: the format's own
 * header (`own`, the format's hook; may be NULL) or a coding cookie; false
 * if neither names one. */
static bool find_header(const char *head, size_t n, pc_encoding_header_fn own, pc_encoding_header *h)
{
    return (own && own(head, n, h)) || pc_encoding_cookie(head, n, h);
}

void pc_source_header_encoding(pc_source *s, pc_ctx *ctx, pc_encoding_header_fn own)
{
    s->ctx = ctx;
    if (s->raw)
        return; /* a byte-order mark or --encoding decided */
    const char *head;
    size_t n = pc_source_peek(s, PC_HEADER_BYTES, &head);
    pc_buf decl = PC_BUF_INIT;
    bool xml_other = pc_encoding_xml_declared(head, n, &decl) && !pc_encoding_is_utf8(decl.ptr);
    pc_buf_free(&decl);
    if (xml_other)
        return; /* libxml2 decodes what the XML declaration names, and is strict */
    pc_encoding_header h = {.name = PC_BUF_INIT};
    bool decoded = !ctx->opt.encoding && !(n >= 3 && !memcmp(head, "\xEF\xBB\xBF", 3)) &&
                   find_header(head, n, own, &h) && !pc_encoding_is_utf8(h.name.ptr) &&
                   obey_header(s, &h, h.what, head, n);
    pc_encoding_header_free(&h);
    if (!decoded) /* UTF-8: a byte that is not is read as Windows-1252 */
        attach_raw(s, pc_decoder_new_utf8(), "UTF-8", 0);
    s->raw->fallback = !decoded;
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
    PC_GROW(s->buf, s->cap, s->end + (s->raw ? 16 : 1));
    if (s->raw) {
        if (fill_utf8_direct(s))
            return true;
        if (!fill_decoded(s)) {
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

static ssize_t source_read(pc_source *s, char *dst, size_t n);

ssize_t pc_source_read(pc_source *s, char *dst, size_t n)
{
    ssize_t got = source_read(s, dst, n);
    if (s->n_reports)
        give_reports(s, false);
    return got;
}

static ssize_t source_read(pc_source *s, char *dst, size_t n)
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
    pc_line_status st = read_line(s, line, SIZE_MAX, false);
    if (s->n_reports)
        give_reports(s, false);
    return st != PC_LINE_NONE;
}

/* ---- lines ------------------------------------------------------------------------ */

void pc_lines_init(pc_lines *l, pc_source *src, pc_ctx *ctx)
{
    memset(l, 0, sizeof *l);
    l->src = src;
    l->ctx = ctx;
    l->lineno = pc_source_first_line(src) - 1;
    pc_buf_init(&l->line);
}

void pc_lines_free(pc_lines *l)
{
    if (l)
        pc_buf_free(&l->line);
}

bool pc_lines_next(pc_lines *l)
{
    if (l->have_line) {
        l->have_line = false;
        return true;
    }
    if (l->eof)
        return false;
    pc_line_status st = read_line(l->src, &l->line, PC_LINE_MAX, true);
    if (l->src->n_reports)
        give_reports(l->src, false);
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

bool pc_lines_check(const pc_lines *l, const char *file, const char *then)
{
    const char *s = l->line.ptr, *nul;
    size_t n = l->line.len, bad;
    if (pc_source_utf8_checked(l->src)) { /* most inputs: only NUL is left to find */
        if (!(nul = memchr(s, '\0', n)))
            return true;
        bad = (size_t)(nul - s);
    } else if (pc_utf8_is_ascii(s, n) || pc_utf8_valid(s, n, &bad)) {
        return true;
    }
    bad = bad < n ? bad : n - 1;
    pc_diag_emit(l->ctx, PC_SEV_ERROR, file, l->lineno, bad + 1,
                 s[bad] ? "invalid UTF-8 byte 0x%02X%s%s" : "NUL byte (0x%02X) in text%s%s",
                 (unsigned char)s[bad], then, pc_encoding_hint(s + bad, n - bad));
    return false;
}

void pc_lines_unread(pc_lines *l) { l->have_line = true; }

bool pc_buf_is_blank_from(const pc_buf *b, size_t i)
{
    for (; i < b->len; i++)
        if (!pc_is_space((unsigned char)b->ptr[i]))
            return false;
    return true;
}
