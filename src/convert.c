/* convert.c — the conversion driver: inputs -> readers -> keys -> writer.
 *
 * One record is alive at a time; it is cleared and reused for the next. */
#include "encoding.h"
#include "paperconv.h"
#include "source.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>

enum { PC_SNIFF_BYTES = 4096, PC_JABREF_BYTES = 32768 };

struct pc_input {
    pc_ctx *ctx;
    pc_source *src;
    const pc_format *fmt; /* NULL: empty input */
    void *state;
};

/* Chooses the reader for one input; reports and returns false if it cannot.
 * *f stays NULL for an empty input (nothing to read, nothing to report). */
static bool detect(pc_ctx *ctx, pc_source *src, const char *path, const pc_format **f)
{
    *f = strcmp(path, "-") ? pc_format_by_extension(path, true) : NULL;
    if (*f)
        return true;
    const char *head;
    size_t n = pc_source_peek(src, PC_SNIFF_BYTES, &head);
    if (n == 0 && !pc_source_error(src))
        return true;
    bool ambiguous;
    *f = pc_format_sniff(head, n, &ambiguous);
    if (!*f)
        pc_diag_emit(ctx, PC_SEV_ERROR, pc_source_name(src), 0, 0,
                     ambiguous ? "cannot tell which format this is (it fits more than one); use -f FORMAT"
                               : "cannot tell which format this is; use -f FORMAT (see --list-formats)");
    return *f != NULL;
}

/* Chooses the input's encoding before the format is told: a UTF-16 or
 * UTF-32 byte-order mark, else --encoding.  A UTF-8 mark means UTF-8
 * whatever --encoding says (the readers skip it).  False after reporting
 * an encoding iconv does not know. */
static bool choose_encoding(pc_ctx *ctx, pc_source *src)
{
    const char *head, *why = "--encoding";
    size_t n = pc_source_peek(src, 4, &head), bom = 0;
    const char *enc = pc_encoding_from_bom(head, n, &bom);
    if (enc) {
        why = "byte-order mark";
    } else {
        if (n >= 3 && !memcmp(head, "\xEF\xBB\xBF", 3))
            return true;
        enc = ctx->opt.encoding;
        if (!enc || pc_encoding_is_utf8(enc))
            return true;
    }
    if (!pc_source_set_encoding(src, enc, bom)) {
        pc_diag_emit(ctx, PC_SEV_ERROR, pc_source_name(src), 0, 0,
                     "unknown encoding \"%s\" (`iconv -l` lists the names)", enc);
        return false;
    }
    pc_diag_emit(ctx, PC_SEV_NOTE, pc_source_name(src), 0, 0, "decoded from %s (%s)", enc, why);
    return true;
}

/* JabRef's "% Encoding: windows-1252" at the top of a .bib decodes it,
 * unless a byte-order mark or --encoding said otherwise. */
static void jabref_encoding(pc_ctx *ctx, pc_source *src, const pc_format *f)
{
    if (!f || strcmp(f->name, "bibtex") || ctx->opt.encoding || pc_source_encoding(src))
        return;
    const char *head;
    size_t n = pc_source_peek(src, PC_JABREF_BYTES, &head);
    if (n >= 3 && !memcmp(head, "\xEF\xBB\xBF", 3))
        return;
    pc_buf name = PC_BUF_INIT;
    if (pc_encoding_jabref(head, n, &name) && !pc_encoding_is_utf8(name.ptr)) {
        if (pc_encoding_is_utf8_text(head, n)) /* converted by an editor, header left behind */
            pc_diag_emit(ctx, PC_SEV_WARNING, pc_source_name(src), 1, 1,
                         "the %% Encoding header says %s but the text is UTF-8; read as UTF-8 "
                         "(--encoding decides)",
                         name.ptr);
        else if (pc_source_set_encoding(src, name.ptr, 0))
            pc_diag_emit(ctx, PC_SEV_NOTE, pc_source_name(src), 1, 1,
                         "decoded from %s (JabRef's %% Encoding header)", name.ptr);
        else
            pc_diag_emit(ctx, PC_SEV_WARNING, pc_source_name(src), 1, 1,
                         "the %% Encoding header names \"%s\", which iconv does not know; read as UTF-8",
                         name.ptr);
    }
    pc_buf_free(&name);
}

pc_input *pc_input_open(pc_ctx *ctx, const char *path, const pc_format *from)
{
    pc_source *src = pc_source_open(path);
    if (!src) {
        pc_diag_emit(ctx, PC_SEV_ERROR, path, 0, 0, "cannot read: %s", strerror(errno));
        return NULL;
    }
    const pc_format *f = from;
    if (!choose_encoding(ctx, src) || (!f && !detect(ctx, src, path, &f))) {
        pc_source_close(src);
        return NULL;
    }
    jabref_encoding(ctx, src, f);
    if (f && !f->read_open) {
        pc_diag_emit(ctx, PC_SEV_ERROR, path, 0, 0, "format %s cannot be read", f->name);
        pc_source_close(src);
        return NULL;
    }
    pc_input *in = pc_xcalloc(1, sizeof *in);
    in->ctx = ctx;
    in->src = src;
    in->fmt = f;
    if (f) {
        in->state = f->read_open(src, ctx);
        if (!in->state) { /* the reader reported why */
            pc_input_close(in);
            return NULL;
        }
    }
    return in;
}

const pc_format *pc_input_format(const pc_input *in) { return in->fmt; }

pc_read_status pc_input_next(pc_input *in, pc_record *rec)
{
    if (!in->fmt)
        return PC_READ_EOF;
    return in->fmt->read_next(in->state, rec);
}

void pc_input_close(pc_input *in)
{
    if (!in)
        return;
    if (in->state)
        in->fmt->read_close(in->state);
    if (pc_source_error(in->src))
        pc_diag_emit(in->ctx, PC_SEV_ERROR, pc_source_name(in->src), 0, 0, "read error: %s",
                     strerror(pc_source_error(in->src)));
    pc_buf msg = PC_BUF_INIT;
    unsigned long line, col;
    if (pc_source_decode_error(in->src, &msg, &line, &col))
        pc_diag_emit(in->ctx, PC_SEV_ERROR, pc_source_name(in->src), line, col, "%s", msg.ptr);
    pc_buf_free(&msg);
    pc_source_close(in->src);
    free(in);
}

/* Converts one input; false when the output failed. */
static bool convert_one(pc_ctx *ctx, const char *path, const pc_format *from, const pc_format *to,
                        void *wstate, pc_keyset *keys)
{
    pc_input *in = pc_input_open(ctx, path, from);
    if (!in)
        return true;
    bool out_ok = true;
    pc_record rec;
    pc_record_init(&rec);
    for (;;) {
        pc_read_status st = pc_input_next(in, &rec);
        if (st == PC_READ_RECORD) {
            ctx->n_read++;
            pc_keyset_assign(keys, &rec, ctx->opt.rekey);
            if (!to->write_record(wstate, &rec)) {
                out_ok = false;
                break;
            }
            ctx->n_written++;
        } else if (st == PC_READ_SKIP) {
            ctx->n_read++;
            ctx->n_skipped++;
        } else {
            break; /* EOF, or FATAL (already reported) */
        }
        pc_record_clear(&rec);
    }
    pc_record_clear(&rec);
    pc_input_close(in);
    return out_ok;
}

pc_exit pc_convert(pc_ctx *ctx, const char *const *inputs, size_t n_inputs,
                   const pc_format *from, const pc_format *to, FILE *out)
{
    static const char *const stdin_only[] = {"-"};
    if (n_inputs == 0) {
        inputs = stdin_only;
        n_inputs = 1;
    }
    pc_keyset *keys = pc_keyset_new();
    void *ws = to->write_begin(out, ctx);
    bool out_ok = true;
    for (size_t i = 0; i < n_inputs && out_ok; i++)
        out_ok = convert_one(ctx, inputs[i], from, to, ws, keys);
    out_ok = to->write_end(ws) && out_ok;
    pc_keyset_free(keys);
    if (!out_ok || fflush(out) != 0 || ferror(out)) {
        ctx->output_failed = true;
        pc_diag_emit(ctx, PC_SEV_ERROR, NULL, 0, 0, "cannot write the output: %s",
                     strerror(errno ? errno : EIO));
    }
    if (ctx->output_failed)
        return PC_EXIT_INPUT;
    return ctx->n_errors && !ctx->opt.keep_going ? PC_EXIT_INPUT : PC_EXIT_OK;
}
