/* diag.c — the conversion context: diagnostics sink, counters, and the
 * per-field "dropped by a writer" tally that -v summarises. */
#include "paperconv.h"
#include "util.h"

#include <stdlib.h>

struct pc_dropcount {
    char *fmt, *field; /* owned copies */
    unsigned long n;
};

void pc_ctx_init(pc_ctx *ctx, pc_diag_fn fn, void *user)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->diag = fn;
    ctx->diag_user = user;
}

void pc_ctx_free(pc_ctx *ctx)
{
    for (size_t i = 0; i < ctx->n_drops; i++) {
        free(ctx->drops[i].fmt);
        free(ctx->drops[i].field);
    }
    free(ctx->drops);
    ctx->drops = NULL;
    ctx->n_drops = ctx->cap_drops = 0;
}

void pc_diag_emit(pc_ctx *ctx, pc_severity sev, const char *file, unsigned long line,
                  unsigned long col, const char *fmt, ...)
{
    if (sev == PC_SEV_WARNING && ctx->opt.strict)
        sev = PC_SEV_ERROR;
    if (sev == PC_SEV_ERROR)
        ctx->n_errors++;
    else if (sev == PC_SEV_WARNING)
        ctx->n_warnings++;
    if (!ctx->diag)
        return;
    pc_buf msg = PC_BUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    pc_buf_vprintf(&msg, fmt, ap);
    va_end(ap);
    pc_diag d = {.severity = sev, .file = file, .line = line, .col = col, .message = msg.ptr};
    ctx->diag(ctx->diag_user, &d);
    pc_buf_free(&msg);
}

void pc_ctx_dropped(pc_ctx *ctx, const char *fmt, const char *field)
{
    for (size_t i = 0; i < ctx->n_drops; i++)
        if (strcmp(ctx->drops[i].fmt, fmt) == 0 && strcmp(ctx->drops[i].field, field) == 0) {
            ctx->drops[i].n++;
            return;
        }
    if (ctx->n_drops == ctx->cap_drops) {
        ctx->cap_drops = ctx->cap_drops ? ctx->cap_drops * 2 : 8;
        ctx->drops = pc_xrealloc(ctx->drops, ctx->cap_drops * sizeof *ctx->drops);
    }
    ctx->drops[ctx->n_drops++] =
        (struct pc_dropcount){.fmt = pc_xstrdup(fmt), .field = pc_xstrdup(field), .n = 1};
}

void pc_ctx_each_drop(const pc_ctx *ctx,
                      void (*fn)(void *u, const char *fmt, const char *field, unsigned long n),
                      void *u)
{
    for (size_t i = 0; i < ctx->n_drops; i++)
        fn(u, ctx->drops[i].fmt, ctx->drops[i].field, ctx->drops[i].n);
}
