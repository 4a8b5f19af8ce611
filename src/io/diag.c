/* SPDX-License-Identifier: MIT */
/* diag.c — the conversion context: diagnostics sink, counters, and the
 * per-field "dropped by a writer" tally that -v summarises.
 *
 * The tally is hashed (a writer counts a drop per field per record, and
 * pass-through names come from the input, so there can be many) and holds
 * at most MAX_DROPS distinct names: past that, drops are counted under one
 * "(other fields)" entry, so memory does not grow with the input. */
#include "io/ctx.h"
#include "util/buf.h"
#include "util/hash.h"

#include <stdint.h>
#include <stdlib.h>

enum { MAX_DROPS = 1000 };
#define OTHER "(other fields)"

typedef struct dropcount {
    char *fmt, *field; /* owned copies */
    unsigned long n;
} dropcount;

struct pc_drops {
    dropcount *items; /* in first-seen order */
    size_t n, cap;
    uint32_t *slot; /* 1 + index into items; 0 = empty */
    size_t mask;
};

void pc_ctx_init(pc_ctx *ctx, pc_diag_fn fn, void *user)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->diag = fn;
    ctx->diag_user = user;
    pc_buf_init(&ctx->errmsg);
    for (int i = 0; i < PC_CTX_N_LISTS; i++)
        pc_buf_init(&ctx->opt.lists[i]);
}

void pc_ctx_free(pc_ctx *ctx)
{
    if (!ctx)
        return;
    struct pc_drops *d = ctx->drops;
    if (d) {
        for (size_t i = 0; i < d->n; i++) {
            pc_free(d->items[i].fmt);
            pc_free(d->items[i].field);
        }
        pc_free(d->items);
        pc_free(d->slot);
        pc_free(d);
    }
    ctx->drops = NULL;
    pc_buf_free(&ctx->errmsg);
    for (int i = 0; i < PC_CTX_N_LISTS; i++)
        pc_buf_free(&ctx->opt.lists[i]);
    for (int i = 0; i < PC_CTX_N_STRINGS; i++) {
        pc_free(ctx->strings[i]);
        ctx->strings[i] = NULL;
    }
}

/* Keeps "FILE:LINE:COL: message" (the parts that are known) as the last
 * error's message. */
static void keep_error(pc_ctx *ctx, const char *file, unsigned long line, unsigned long col,
                       const char *msg)
{
    pc_buf_clear(&ctx->errmsg);
    if (file) {
        pc_buf_puts(&ctx->errmsg, file);
        if (line) {
            pc_buf_printf(&ctx->errmsg, ":%lu", line);
            if (col)
                pc_buf_printf(&ctx->errmsg, ":%lu", col);
        }
        pc_buf_puts(&ctx->errmsg, ": ");
    }
    pc_buf_puts(&ctx->errmsg, msg);
}

pc_status pc_ctx_refuse(pc_ctx *ctx, pc_status st, const char *fmt, ...)
{
    if (!ctx)
        return st;
    pc_buf msg = PC_BUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    pc_buf_vprintf(&msg, fmt, ap);
    va_end(ap);
    keep_error(ctx, NULL, 0, 0, msg.ptr);
    pc_buf_free(&msg);
    return st;
}

void pc_diag_emit(pc_ctx *ctx, pc_severity sev, const char *file, unsigned long line,
                  unsigned long col, const char *fmt, ...)
{
    if (line && line < ctx->quiet_before)
        return;
    if (sev == PC_SEV_WARNING && ctx->opt.strict)
        sev = PC_SEV_ERROR;
    if (sev == PC_SEV_ERROR)
        ctx->n_errors++;
    else if (sev == PC_SEV_WARNING)
        ctx->n_warnings++;
    if (!ctx->diag && sev != PC_SEV_ERROR)
        return; /* nobody listens and it is not the last error: not even formatted */
    pc_buf msg = PC_BUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    pc_buf_vprintf(&msg, fmt, ap);
    va_end(ap);
    if (sev == PC_SEV_ERROR)
        keep_error(ctx, file, line, col, msg.ptr);
    if (ctx->diag) {
        pc_diag d = {.severity = sev, .file = file, .line = line, .col = col, .message = msg.ptr};
        ctx->diag(ctx->diag_user, &d);
    }
    pc_buf_free(&msg);
}

static uint64_t hash2(const char *a, const char *b)
{
    uint64_t h = pc_hash_bytes(PC_HASH_INIT, a, strlen(a));
    h = pc_hash_step(h, 0xff); /* a separator: "ab"+"c" != "a"+"bc" */
    return pc_hash_end(pc_hash_bytes(h, b, strlen(b)));
}

/* The counter of (fmt, field), created when absent; NULL when full. */
static dropcount *drop_find(struct pc_drops *d, const char *fmt, const char *field)
{
    size_t i = (size_t)hash2(fmt, field) & d->mask;
    for (uint32_t k; (k = d->slot[i]) != 0; i = (i + 1) & d->mask) {
        dropcount *c = &d->items[k - 1];
        if (strcmp(c->fmt, fmt) == 0 && strcmp(c->field, field) == 0)
            return c;
    }
    if (d->n >= MAX_DROPS + (strcmp(field, OTHER) == 0)) /* room for the catch-all */
        return NULL;
    PC_GROW(d->items, d->cap, d->n + 1);
    d->items[d->n++] = (dropcount){.fmt = pc_xstrdup(fmt), .field = pc_xstrdup(field)};
    d->slot[i] = (uint32_t)d->n;
    return &d->items[d->n - 1];
}

void pc_ctx_dropped(pc_ctx *ctx, const char *fmt, const char *field)
{
    if (!ctx->drops) {
        ctx->drops = pc_xcalloc(1, sizeof *ctx->drops);
        size_t cap = 4096; /* > 2 * (MAX_DROPS + 1): never grows */
        ctx->drops->slot = pc_xcalloc(cap, sizeof *ctx->drops->slot);
        ctx->drops->mask = cap - 1;
    }
    dropcount *c = drop_find(ctx->drops, fmt, field);
    if (!c)
        c = drop_find(ctx->drops, fmt, OTHER);
    if (c) /* NULL only when another format took the catch-all's room */
        c->n++;
}

size_t pc_ctx_n_drops(const pc_ctx *ctx) { return ctx->drops ? ctx->drops->n : 0; }

bool pc_ctx_drop_at(const pc_ctx *ctx, size_t i, const char **fmt, const char **field,
                    unsigned long *n)
{
    const struct pc_drops *d = ctx->drops;
    if (!d || i >= d->n)
        return false;
    *fmt = d->items[i].fmt;
    *field = d->items[i].field;
    *n = d->items[i].n;
    return true;
}

void pc_ctx_each_drop(const pc_ctx *ctx,
                      void (*fn)(void *u, const char *fmt, const char *field, unsigned long n),
                      void *u)
{
    const struct pc_drops *d = ctx->drops;
    for (size_t i = 0; d && i < d->n; i++)
        fn(u, d->items[i].fmt, d->items[i].field, d->items[i].n);
}
