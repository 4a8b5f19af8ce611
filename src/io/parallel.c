/* SPDX-License-Identifier: MIT */
/* parallel.c — one input read by worker threads (-j N), taken back in
 * input order.
 *
 * The driver's thread cuts the input into chunks of whole records (about
 * PC_JOBS_CHUNK bytes each, at the format's pc_chunker ends; each chunk
 * knows the line it starts on) into a ring of N + 1 slots.  A worker reads
 * a chunk with the format's own reader over a memory source that starts
 * at that line, into a list of events: each message the reader sent (its
 * own file:line:column), each field it could not keep (the -v tally), and
 * each record, serialised (model/serial.h), or skip, end, fatal.  The
 * driver replays a chunk's events in order when it is done, so the
 * records come to the key set and the writer, and the messages to the
 * sink, in the order and with the places of one reader reading the
 * whole input.  A message a reader gives once per input ("noted once")
 * is given once per run of chunks too.  A chunk the source has a message
 * about (pc_source_reports_within: a byte that is not UTF-8, damaged
 * compressed data) is not cut: from there the rest is read here, by one
 * more reader over the source, its events taken back as a chunk's, so the
 * message comes where the reader reaches those bytes, as with -j 1.
 * Memory: N + 1 chunks and their events; a record longer than a chunk
 * makes its chunk longer. */
#include "io/parallel.h"

#include "io/compress.h"
#include "io/source.h"
#include "model/serial.h"
#include "model/strset.h"
#include "text/unicode.h"

#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

enum { CHUNK_DEFAULT = 1 << 20, HEAD = 1 << 16, CUT_MAX = 64 << 20 };

enum slot_state { SLOT_FREE, SLOT_READY, SLOT_BUSY, SLOT_DONE };
enum event { EV_DIAG = 1, EV_DROP, EV_RECORD, EV_SKIP, EV_END, EV_FATAL, EV_STOP };

typedef struct slot {
    pc_buf in;            /* the chunk's bytes */
    unsigned long line;   /* the line its first byte is on */
    bool more;            /* more of the input follows it */
    bool continued;       /* it is not the input's first */
    pc_buf out;           /* its events */
    size_t at;            /* replay: the next event in out */
    enum slot_state state;
} slot;

struct pc_parallel {
    pc_ctx *ctx;
    pc_source *src;
    const pc_format *fmt;
    const char *name;
    size_t chunk;
    int mode;                /* the chunker's, from its fits */
    bool cut_one;            /* a chunk was cut already */
    unsigned long next_line; /* the line the next chunk starts on */
    bool src_done;
    slot *slots;
    size_t n_slots, head, tail; /* replaying slots[head]; filling slots[tail] */
    pthread_t *threads;
    size_t n_threads;
    pthread_mutex_t mu;
    pthread_cond_t work, done;
    bool stop;
    pc_buf context;          /* the chunker's context, from the first chunk */
    pc_serial_names *names; /* the records' file names; the once-only messages */
    pc_strset once;
    /* the rest of the input, read on this thread after the chunks (cut) */
    bool stopped;     /* a chunk's reader stopped before its end: the input ends there */
    bool rest_here, rest_open;
    void *rest;       /* its reader's state */
    pc_ctx rest_ctx;  /* its reader's messages and drops, into rest_ev */
    slot rest_ev;
    unsigned long *rest_seen;
    size_t rest_cap;
};

/* ---- whether the input can be cut ------------------------------------------- */

static size_t chunk_size(void)
{
    const char *env = getenv("PC_JOBS_CHUNK"); /* for the tests: many chunks of a small file */
    long v = env ? strtol(env, NULL, 10) : 0;
    return v > 0 ? (size_t)v : CHUNK_DEFAULT;
}

/* Whether the input is read on the worker threads, and how it is cut (the
 * chunker's mode).  Not under -v: a reader's notes at its close (RIS's
 * share of pass-through values) count the whole input, which no chunk's
 * reader sees.  Not when it is decoded from another encoding (a UTF-8
 * byte-order mark is read by the first chunk's reader, as by one reader),
 * or is no longer than a chunk; nor when the source has
 * something to say of its first chunk (a byte that is not UTF-8, the end
 * of damaged compressed data): its messages come as the bytes are read,
 * so bytes it speaks of are read on this thread, in one piece from there
 * (cut). */
static int fits(pc_ctx *ctx, pc_source *src, const pc_format *f, const char *path, size_t chunk)
{
    if (!(ctx->opt.jobs > 1 && ctx->opt.verbose == 0 && f && f->chunker && !pc_source_encoding(src) &&
          pc_source_offset(src) == 0))
        return 0;
    const char *d;
    size_t n = pc_source_peek(src, chunk + 1 > HEAD ? chunk + 1 : HEAD, &d); /* the chunker sees a head */
    if (n <= chunk || pc_source_reports_within(src, n))
        return 0;
    return f->chunker->fits(path && strcmp(path, "-") != 0 ? path : NULL, d, n, ctx);
}

/* ---- cutting (the driver's thread) -------------------------------------------- */

/* Line ends in b: LF, and CR not before LF (as the readers count them). */
static unsigned long count_lines(const char *p, size_t n)
{
    unsigned long lines = 0;
    for (const char *q = p, *end = p + n; (q = memchr(q, '\n', (size_t)(end - q))) != NULL; q++)
        lines++;
    for (const char *q = p, *end = p + n; (q = memchr(q, '\r', (size_t)(end - q))) != NULL; q++)
        lines += q + 1 == end || q[1] != '\n';
    return lines;
}

/* Reads the next chunk into s->in; false at the end of the input. */
static bool cut(pc_parallel *p, slot *s)
{
    /* a margin past `from`: a chunker that reads from the chunk's start
     * (XML, a JSON array) finds the end after it on its first call */
    size_t want = p->chunk + p->chunk / 4, from = p->chunk, take;
    bool more;
    for (;;) {
        const char *d;
        size_t n = pc_source_peek(p->src, want, &d);
        if (n < want) { /* the end of the input (or a read error: the driver says it) */
            take = n;
            more = false;
            break;
        }
        pc_chunk_at at = {.mode = p->mode, .start = !p->cut_one};
        take = p->fmt->chunker->end(&at, d, n, from);
        more = take != 0;
        if (take)
            break;
        from = n;
        want *= 2;
        if (want > CUT_MAX) { /* no record end in 64 MB (/dev/zero): the rest in one piece, */
            p->rest_here = true; /* where the reader's own limits speak */
            return false;
        }
    }
    if (take && pc_source_reports_within(p->src, take)) {
        p->rest_here = true; /* the source speaks of these bytes: from here on, in one piece */
        return false;
    }
    pc_buf_clear(&s->in);
    if (take == 0)
        return false;
    pc_buf_grow(&s->in, take);
    ssize_t got = pc_source_read(p->src, s->in.ptr, take);
    if (got <= 0)
        return false;
    s->in.len = (size_t)got;
    s->more = more;
    s->continued = p->cut_one;
    p->cut_one = true;
    s->line = p->next_line;
    p->next_line += count_lines(s->in.ptr, s->in.len);
    if (!s->continued && p->fmt->chunker->context) { /* without a byte-order mark: the first chunk's */
        size_t n = p->fmt->chunker->context(s->in.ptr, s->in.len), bom = 0;
        while (n - bom >= 3 && !memcmp(s->in.ptr + bom, "\xEF\xBB\xBF", 3))
            bom += 3;
        pc_buf_put(&p->context, s->in.ptr + bom, n - bom);
    }
    return true;
}

static bool is_free(pc_parallel *p, const slot *s)
{
    pthread_mutex_lock(&p->mu);
    bool free = s->state == SLOT_FREE;
    pthread_mutex_unlock(&p->mu);
    return free;
}

/* Fills the free slots with the next chunks for the workers. */
static void fill(pc_parallel *p)
{
    while (!p->src_done && is_free(p, &p->slots[p->tail])) {
        slot *s = &p->slots[p->tail];
        if (!cut(p, s)) {
            p->src_done = true;
            break;
        }
        pthread_mutex_lock(&p->mu);
        s->state = SLOT_READY;
        pthread_cond_signal(&p->work);
        pthread_mutex_unlock(&p->mu);
        p->tail = (p->tail + 1) % p->n_slots;
    }
}

/* ---- reading a chunk (a worker) ----------------------------------------------- */

static void put_str(pc_buf *b, const char *s)
{
    pc_buf_put(b, s ? s : "", s ? strlen(s) + 1 : 0);
    if (!s)
        pc_buf_putc(b, '\0'); /* an empty string stands for NULL */
}

static void on_diag(void *user, const pc_diag *d)
{
    pc_buf *out = user;
    pc_serial_put_uint(out, EV_DIAG);
    pc_serial_put_uint(out, (unsigned long long)d->severity);
    pc_serial_put_uint(out, d->line);
    pc_serial_put_uint(out, d->col);
    put_str(out, d->file);
    put_str(out, d->message);
}

/* The drops counted since the last call (seen[i]: counter i's count then). */
static void put_drops(pc_ctx *w, pc_buf *out, unsigned long **seen, size_t *cap)
{
    size_t n = pc_ctx_n_drops(w);
    if (n > *cap) {
        *seen = pc_xrealloc(*seen, n * sizeof **seen);
        memset(*seen + *cap, 0, (n - *cap) * sizeof **seen);
        *cap = n;
    }
    const char *fmt, *field;
    unsigned long count;
    for (size_t i = 0; i < n && pc_ctx_drop_at(w, i, &fmt, &field, &count); i++) {
        if (count == (*seen)[i])
            continue;
        pc_serial_put_uint(out, EV_DROP);
        pc_serial_put_uint(out, count - (*seen)[i]);
        put_str(out, fmt);
        put_str(out, field);
        (*seen)[i] = count;
    }
}

/* One event of f's reader: the record (its blob's length, then the blob),
 * or what ends or skips one. */
static void put_status(pc_buf *out, pc_read_status st, const pc_record *rec, pc_buf *blob)
{
    if (st == PC_READ_RECORD) {
        pc_buf_clear(blob);
        pc_serial_put(blob, rec);
        pc_serial_put_uint(out, EV_RECORD);
        pc_serial_put_uint(out, blob->len);
        pc_buf_put(out, blob->ptr, blob->len);
    } else {
        pc_serial_put_uint(out, st == PC_READ_SKIP ? EV_SKIP : st == PC_READ_EOF ? EV_END : EV_FATAL);
    }
}

static void read_chunk(pc_parallel *p, slot *s)
{
    pc_buf_clear(&s->out);
    pc_ctx w;
    pc_ctx_init(&w, on_diag, &s->out);
    w.opt = p->ctx->opt; /* its strings are the run's, only read */
    w.worker = true;
    w.quiet_before = s->continued ? s->line : 0;
    pc_source *src = pc_source_mem(p->name, s->in.ptr, s->in.len);
    pc_source_set_first_line(src, s->line);
    if (s->more)
        pc_source_set_cut(src);
    if (s->continued)
        pc_source_set_continued(src);
    pc_source_set_chunk_mode(src, p->mode);
    pc_source_set_context(src, p->context.ptr, p->context.len);
    void *state = p->fmt->read_open(src, &w);
    unsigned long *seen = NULL;
    size_t cap = 0;
    pc_buf blob = PC_BUF_INIT;
    pc_record rec;
    pc_record_init(&rec);
    pc_read_status st = state ? PC_READ_SKIP : PC_READ_FATAL;
    while (st == PC_READ_RECORD || st == PC_READ_SKIP) {
        st = p->fmt->read_next(state, &rec);
        if (st == PC_READ_RECORD && w.opt.date == PC_DATE_UPDATED)
            pc_record_choose_date(&rec, true);
        put_drops(&w, &s->out, &seen, &cap);
        const char *left;
        if (st == PC_READ_EOF && pc_source_peek(src, 1, &left) > 0)
            pc_serial_put_uint(&s->out, EV_STOP); /* the reader stopped short of the chunk's end */
        else
            put_status(&s->out, st, &rec, &blob);
        pc_record_clear(&rec);
    }
    if (!state)
        put_status(&s->out, PC_READ_FATAL, NULL, NULL);
    pc_buf_free(&blob);
    pc_free(seen);
    if (state)
        p->fmt->read_close(state);
    pc_source_close(src);
    pc_ctx_free(&w);
}

static void *worker(void *arg)
{
    pc_parallel *p = arg;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        slot *s = NULL;
        for (size_t k = 0; k < p->n_slots && !s; k++) { /* the earliest chunk first */
            slot *c = &p->slots[(p->head + k) % p->n_slots];
            if (c->state == SLOT_READY)
                s = c;
        }
        if (p->stop)
            break;
        if (!s) {
            pthread_cond_wait(&p->work, &p->mu);
            continue;
        }
        s->state = SLOT_BUSY;
        pthread_mutex_unlock(&p->mu);
        read_chunk(p, s);
        pthread_mutex_lock(&p->mu);
        s->state = SLOT_DONE;
        pthread_cond_broadcast(&p->done);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

/* ---- taking the events back (the driver's thread) ---------------------------- */

static const char *get_str(const char **q, const char *end)
{
    const char *s = *q;
    const char *z = memchr(s, '\0', (size_t)(end - s));
    *q = z ? z + 1 : end;
    return s;
}

/* Sends one message; a "noted once" message only the first time. */
static void replay_diag(pc_parallel *p, const char **q, const char *end)
{
    unsigned long long sev = 0, line = 0, col = 0;
    pc_serial_get_uint(q, end, &sev);
    pc_serial_get_uint(q, end, &line);
    pc_serial_get_uint(q, end, &col);
    const char *file = get_str(q, end), *msg = get_str(q, end);
    if (strstr(msg, "noted once")) {
        size_t n = strlen(msg);
        if (pc_strset_find(&p->once, msg, n) != PC_STRSET_NONE)
            return;
        pc_strset_add(&p->once, pc_serial_intern(p->names, msg, n), n, NULL);
    }
    pc_diag_emit(p->ctx, (pc_severity)sev, *file ? file : NULL, (unsigned long)line, (unsigned long)col,
                 "%s", msg);
}

/* The next event of slot s: a record, skip, end or fatal (messages and
 * drops are sent on the way). */
static pc_read_status replay(pc_parallel *p, slot *s, pc_record *rec)
{
    const char *end = s->out.ptr + s->out.len;
    while (s->at < s->out.len) {
        const char *q = s->out.ptr + s->at;
        unsigned long long ev = 0, n = 0;
        pc_serial_get_uint(&q, end, &ev);
        pc_read_status st = PC_READ_NONE;
        if (ev == EV_DIAG) {
            replay_diag(p, &q, end);
        } else if (ev == EV_DROP) {
            pc_serial_get_uint(&q, end, &n);
            const char *fmt = get_str(&q, end), *field = get_str(&q, end);
            for (; n > 0; n--)
                pc_ctx_dropped(p->ctx, fmt, field);
        } else if (ev == EV_RECORD) {
            pc_serial_get_uint(&q, end, &n);
            st = pc_serial_get(q, (size_t)n, p->names, rec) ? PC_READ_RECORD : PC_READ_FATAL;
            q += n;
        } else {
            if (ev == EV_STOP)
                p->stopped = true;
            st = ev == EV_SKIP ? PC_READ_SKIP : ev == EV_END || ev == EV_STOP ? PC_READ_EOF : PC_READ_FATAL;
        }
        s->at = (size_t)(q - s->out.ptr);
        if (st != PC_READ_NONE)
            return st;
    }
    return PC_READ_EOF;
}

/* ---- the rest of the input, on this thread --------------------------------------- */

/* Opens f's reader over the source where the chunks stop, as a chunk's
 * would be (its first line, continued), its messages taken back as a
 * chunk's are (the once-only ones once). */
static void rest_open(pc_parallel *p)
{
    p->rest_open = true;
    pc_ctx_init(&p->rest_ctx, on_diag, &p->rest_ev.out);
    p->rest_ctx.opt = p->ctx->opt;
    p->rest_ctx.worker = true;
    pc_source_set_first_line(p->src, p->next_line);
    if (p->cut_one)
        pc_source_set_continued(p->src);
    pc_source_set_chunk_mode(p->src, p->mode);
    pc_source_set_context(p->src, p->context.ptr, p->context.len);
    pc_source_set_ctx(p->src, &p->rest_ctx);
    p->rest = p->fmt->read_open(p->src, &p->rest_ctx);
}

static pc_read_status rest_next(pc_parallel *p, pc_record *rec)
{
    if (!p->rest_open)
        rest_open(p);
    pc_read_status st = PC_READ_FATAL;
    if (p->rest) {
        st = p->fmt->read_next(p->rest, rec);
        if (st == PC_READ_RECORD && p->rest_ctx.opt.date == PC_DATE_UPDATED)
            pc_record_choose_date(rec, true);
    }
    put_drops(&p->rest_ctx, &p->rest_ev.out, &p->rest_seen, &p->rest_cap);
    p->rest_ev.at = 0;
    replay(p, &p->rest_ev, rec); /* its messages and drops: no record events */
    pc_buf_clear(&p->rest_ev.out);
    return st;
}

pc_read_status pc_parallel_next(pc_parallel *p, pc_record *rec)
{
    for (;;) {
        slot *s = &p->slots[p->head];
        pthread_mutex_lock(&p->mu);
        while (s->state != SLOT_DONE && s->state != SLOT_FREE)
            pthread_cond_wait(&p->done, &p->mu);
        bool all_read = s->state == SLOT_FREE; /* fill() cut every chunk */
        pthread_mutex_unlock(&p->mu);
        if (all_read)
            return p->rest_here ? rest_next(p, rec) : PC_READ_EOF;
        pc_read_status st = replay(p, s, rec);
        if (st != PC_READ_EOF || p->stopped)
            return st; /* after a fatal one the driver stops; after a stop the input ends */
        s->at = 0;
        pthread_mutex_lock(&p->mu); /* workers look at head for the earliest chunk */
        s->state = SLOT_FREE;
        p->head = (p->head + 1) % p->n_slots;
        pthread_mutex_unlock(&p->mu);
        fill(p);
    }
}

pc_parallel *pc_parallel_start(pc_ctx *ctx, pc_source *src, const pc_format *f, const char *path)
{
    size_t chunk = chunk_size();
    int mode = fits(ctx, src, f, path, chunk);
    if (!mode)
        return NULL;
    pc_parallel *p = pc_xcalloc(1, sizeof *p);
    *p = (pc_parallel){.ctx = ctx, .src = src, .fmt = f, .name = pc_source_name(src), .chunk = chunk,
                       .mode = mode, .next_line = 1, .n_threads = (size_t)ctx->opt.jobs};
    p->n_slots = p->n_threads + 1;
    p->slots = pc_xcalloc(p->n_slots, sizeof *p->slots);
    for (size_t i = 0; i < p->n_slots; i++) {
        pc_buf_init(&p->slots[i].in);
        pc_buf_init(&p->slots[i].out);
    }
    p->names = pc_serial_names_new();
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->done, NULL);
    p->threads = pc_xcalloc(p->n_threads, sizeof *p->threads);
    size_t started = 0;
    while (started < p->n_threads && pthread_create(&p->threads[started], NULL, worker, p) == 0)
        started++;
    p->n_threads = started;
    if (started == 0) { /* no thread: read in one piece */
        pc_parallel_end(p);
        return NULL;
    }
    fill(p);
    return p;
}

bool pc_parallel_stopped(const pc_parallel *p) { return p && p->stopped; }

void pc_parallel_end(pc_parallel *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->mu);
    p->stop = true;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->mu);
    for (size_t i = 0; i < p->n_threads; i++)
        pthread_join(p->threads[i], NULL);
    if (p->rest_open) {
        if (p->rest)
            p->fmt->read_close(p->rest);
        pc_source_set_ctx(p->src, p->ctx);
        pc_ctx_free(&p->rest_ctx);
    }
    pc_buf_free(&p->rest_ev.out);
    pc_buf_free(&p->context);
    pc_free(p->rest_seen);
    for (size_t i = 0; i < p->n_slots; i++) {
        pc_buf_free(&p->slots[i].in);
        pc_buf_free(&p->slots[i].out);
    }
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->work);
    pthread_cond_destroy(&p->done);
    pc_strset_free(&p->once);
    pc_serial_names_free(p->names);
    pc_free(p->threads);
    pc_free(p->slots);
    pc_free(p);
}
