/* SPDX-License-Identifier: MIT */
/* convert.c — the conversion driver: inputs -> readers -> keys -> writer
 * (pc_drive; pc_driver's steps for the operations of src/ops/run.c).
 *
 * One record is alive at a time; it is cleared and reused for the next.
 * The driver also says which reader read each input and why (-v), reports
 * an input that gave no record although it is not empty, reports a key
 * renamed because an earlier record had it, and calls the progress hook.
 * An input that fails as a whole (not opened, no format, reading stopped
 * before its end, foreign content that gave no record) is counted in
 * ctx->n_inputs_failed: the run then ends with exit 1 even with
 * --keep-going, which forgives bad records only. */
#include "model/keyset.h"
#include "io/format_table.h"
#include "io/compress.h"
#include "io/encoding.h"
#include "io/source.h"
#include "io/parallel.h"
#include "util/buf.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

enum { PC_SNIFF_BYTES = 4096 };

struct pc_input {
    pc_ctx *ctx;
    pc_source *src;
    const pc_format *fmt; /* NULL: empty input */
    void *state;
    bool foreign; /* not empty, and fmt's sniff does not know its first bytes */
    bool forced;  /* -f chose the reader (a hint then says no "try -f") */
    const pc_format *looks; /* the reader its first bytes fit, when not fmt's own */
    unsigned long n_good;   /* records read whole (not skipped) */
    bool read_error_said; /* pc_input_say_read_error reported it */
    bool stopped;         /* -j: a chunk's reader stopped before the chunk's end */
};

/* The first reader (in table order) whose extensions hold path's, or NULL:
 * the reader of an extension several formats share (.xml) when the
 * content names none of them. */
static const pc_format *first_by_extension(const char *path)
{
    const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path, *dot = strrchr(base, '.');
    for (const pc_format *const *f = pc_formats; dot && dot != base && *f; f++)
        for (const char *const *e = (*f)->read_open ? (*f)->extensions : NULL; e && *e; e++)
            if (!pc_strcasecmp(*e, dot + 1))
                return *f;
    return NULL;
}

/* Chooses the reader for one input (path: what the extension is looked for
 * in, or NULL); reports and returns false if it cannot.  *f stays NULL for
 * an empty input (nothing to read, nothing to report).
 * An extension of one reader chooses it; one that several readers share is
 * decided by the content, and by the first of them when the content names
 * none (Atom's for .xml: its message says what the document element is). */
static bool detect(pc_ctx *ctx, pc_source *src, const char *path, const pc_format **f)
{
    *f = path && strcmp(path, "-") ? pc_format_by_extension(path, true) : NULL;
    if (*f)
        return true;
    const char *head;
    size_t n = pc_source_peek(src, PC_SNIFF_BYTES, &head);
    if (n == 0 && !pc_source_error(src))
        return true;
    bool ambiguous;
    *f = pc_format_sniff(head, n, &ambiguous);
    if (!*f && !ambiguous && path && strcmp(path, "-"))
        *f = first_by_extension(path);
    if (!*f)
        pc_diag_emit(ctx, PC_SEV_ERROR, pc_source_name(src), 0, 0,
                     ambiguous ? "cannot tell which format this is (it fits more than one); use -f FORMAT"
                               : "cannot tell which format this is; use -f FORMAT (see --list-formats)");
    return *f != NULL;
}

/* True when the input has more than white space at the start and the
 * reader `f` would not have chosen it by content: if it then gives no
 * record, it is more likely another format than an empty file. */
static bool foreign_to(const pc_format *f, pc_source *src)
{
    const char *head;
    size_t n = pc_source_peek(src, PC_SNIFF_BYTES, &head);
    size_t i = 0;
    while (i < n && pc_is_space((unsigned char)head[i]))
        i++;
    return i < n && !(f->sniff && f->sniff(head, n) > 0);
}

/* What a file that is no bibliography at all is, by its first bytes. */
static const struct {
    const char *magic;
    size_t len;
    const char *what;
} not_bibliographies[] = {
    {"%PDF-", 5, "this is a PDF file, not a bibliography"},
    {"PK\x03\x04", 4, "this is a ZIP archive, not a bibliography (unpack it first)"},
    {"PK\x05\x06", 4, "this is an empty ZIP archive, not a bibliography"},
};

/* Reports and returns true when the input is a PDF, gzip or ZIP file. */
static bool not_a_bibliography(pc_ctx *ctx, pc_source *src)
{
    const char *head;
    size_t n = pc_source_peek(src, 8, &head);
    for (size_t i = 0; i < sizeof not_bibliographies / sizeof *not_bibliographies; i++)
        if (n >= not_bibliographies[i].len && memcmp(head, not_bibliographies[i].magic, not_bibliographies[i].len) == 0) {
            pc_diag_emit(ctx, PC_SEV_ERROR, pc_source_name(src), 0, 0, "%s", not_bibliographies[i].what);
            return true;
        }
    return false;
}

/* A format's name for people: the first word of its description when it
 * is capitalised ("BibTeX", "CSL-YAML", "RIS"), else its name. */
static void format_title(const pc_format *f, char *buf, size_t size)
{
    const char *d = f->description ? f->description : "";
    size_t n = strcspn(d, " :,(");
    if (n == 0 || n >= size || !(d[0] >= 'A' && d[0] <= 'Z'))
        snprintf(buf, size, "%s", f->name);
    else
        snprintf(buf, size, "%.*s", (int)n, d);
}

/* The reader the first bytes fit, when it is not f's own: NULL if none
 * (looked at when the input is opened, before its reader reads). */
static const pc_format *looks_like(const pc_format *f, pc_source *src)
{
    const char *head;
    size_t n = pc_source_peek(src, PC_SNIFF_BYTES, &head);
    bool ambiguous;
    const pc_format *g = n ? pc_format_sniff(head, n, &ambiguous) : NULL;
    return g && g->read_open != f->read_open ? g : NULL;
}

/* An input that gave no record, or only bad ones (any_read): what it
 * looks like instead, or (no record at all) the old vague hint when it
 * looks like nothing we read and is foreign to its reader; a file of its
 * own format that failed has had its errors.  True when a line was said. */
static bool say_no_record(pc_input *in, unsigned long errors_before, bool any_read)
{
    const pc_format *g = in->looks;
    if (!g && (!in->foreign || any_read))
        return false;
    const char *file = pc_source_name(in->src);
    if (!g) {
        pc_diag_emit(in->ctx, PC_SEV_ERROR, file, 0, 0,
                     "read as %s: no record found; is it another format? try -f", in->fmt->name);
        return true;
    }
    char title[32];
    format_title(g, title, sizeof title);
    const char *how = in->ctx->n_errors > errors_before ? "no record could be read" : "no record found";
    if (in->forced)
        pc_diag_emit(in->ctx, PC_SEV_ERROR, file, 0, 0, "read as %s (-f): %s; this looks like %s", in->fmt->name,
                     how, title);
    else
        pc_diag_emit(in->ctx, PC_SEV_ERROR, file, 0, 0, "read as %s: %s; this looks like %s: try -f %s",
                     in->fmt->name, how, title, g->name);
    return true;
}

/* Chooses the input's encoding before the format is told: a UTF-16 or
 * UTF-32 byte-order mark, else --encoding (source.c).  False after
 * reporting an encoding iconv does not know. */
static bool choose_encoding(pc_ctx *ctx, pc_source *src)
{
    return pc_source_choose_encoding(src, ctx, ctx->opt.encoding);
}

/* Once the format is known: what the top of the input names (the format's
 * own header, by its hook: JabRef's "% Encoding: windows-1252" in a .bib;
 * a coding cookie), else UTF-8 with bytes that are not UTF-8 read as
 * Windows-1252. */
static void header_encoding(pc_ctx *ctx, pc_source *src, const pc_format *f)
{
    pc_source_header_encoding(src, ctx, f ? f->encoding_header : NULL);
}

pc_input *pc_input_open(pc_ctx *ctx, const char *path, const pc_format *from)
{
    pc_source *src = pc_source_open(path);
    if (!src) {
        pc_diag_emit(ctx, PC_SEV_ERROR, path, 0, 0, "cannot read: %s", strerror(errno));
        return NULL;
    }
    return pc_input_open_source(ctx, src, path, from);
}

pc_input *pc_input_open_source(pc_ctx *ctx, pc_source *src, const char *path,
                               const pc_format *from)
{
    const pc_format *f = from;
    if (!choose_encoding(ctx, src) || not_a_bibliography(ctx, src) || (!f && !detect(ctx, src, path, &f))) {
        pc_source_close(src);
        return NULL;
    }
    header_encoding(ctx, src, f);
    if (f && !f->read_open) {
        pc_diag_emit(ctx, PC_SEV_ERROR, path ? path : pc_source_name(src), 0, 0, "format %s cannot be read",
                     f->name);
        pc_source_close(src);
        return NULL;
    }
    pc_input *in = pc_xcalloc(1, sizeof *in);
    in->ctx = ctx;
    in->src = src;
    in->fmt = f;
    in->forced = from != NULL;
    if (f) {
        in->foreign = foreign_to(f, src);
        in->looks = looks_like(f, src);
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
    pc_read_status st = in->fmt->read_next(in->state, rec);
    in->n_good += st == PC_READ_RECORD;
    /* readers keep the first version's date and the latest; --date says
     * which one is the record's date */
    if (st == PC_READ_RECORD && in->ctx->opt.date == PC_DATE_UPDATED)
        pc_record_choose_date(rec, true);
    return st;
}

/* The next record, from the worker threads when the input is cut (-j),
 * counted as pc_input_next counts it (an input whose records all came from
 * the workers gave records: no "no record found; this looks like"). */
static pc_read_status input_next(pc_input *in, pc_parallel *par, pc_record *rec)
{
    if (!par)
        return pc_input_next(in, rec);
    pc_read_status st = pc_parallel_next(par, rec);
    in->n_good += st == PC_READ_RECORD;
    return st;
}

void pc_input_say_read_error(pc_input *in)
{
    if (pc_source_error(in->src) && !in->read_error_said && !pc_source_error_said(in->src))
        pc_diag_emit(in->ctx, PC_SEV_ERROR, pc_source_name(in->src), 0, 0, "read error: %s",
                     strerror(pc_source_error(in->src)));
    in->read_error_said = true;
}

void pc_input_close(pc_input *in)
{
    if (!in)
        return;
    if (in->state)
        in->fmt->read_close(in->state);
    pc_input_say_read_error(in);
    pc_source_close(in->src);
    pc_free(in);
}

/* ---- the end of an input -------------------------------------------- */

/* True when reading `in` stopped before its end: on a read error
 * (reported when it is closed), or with bytes left after the
 * reader's end (a line readers' line over PC_LINE_MAX; said here unless
 * the reader reported an error since `errors`, the count at the start). */
static bool stopped_early(pc_input *in, unsigned long errors)
{
    if (pc_source_error(in->src))
        return true;
    const char *rest;
    if (in->fmt && (in->stopped || pc_source_peek(in->src, 1, &rest) > 0)) {
        if (in->ctx->n_errors == errors)
            pc_diag_emit(in->ctx, PC_SEV_ERROR, pc_source_name(in->src), 0, 0,
                         "read as %s: the reader stopped before the end of the input", in->fmt->name);
        return true;
    }
    return false; /* a decoding error is reported at its place and reading goes on */
}

bool pc_input_failed(pc_input *in, bool fatal, bool got_records, unsigned long errors_before)
{
    bool lost = fatal; /* already reported */
    if (in->fmt && !in->n_good && say_no_record(in, errors_before, got_records))
        lost = lost || (!got_records && in->foreign); /* bad records: --keep-going's to forgive */
    if (lost || stopped_early(in, errors_before)) {
        in->ctx->n_inputs_failed++;
        return true;
    }
    return false;
}

int pc_input_error(const pc_input *in) { return pc_source_error(in->src); }

unsigned long long pc_input_offset(const pc_input *in) { return pc_source_offset(in->src); }

/* ---- the driver ------------------------------------------------------ */

enum { PC_PROGRESS_BYTES = 1 << 20, PC_PROGRESS_RECORDS = 4096 };

/* One run of the driver (pc_driver, format_table.h).  Key places: each input gets a range of 32-bit
 * numbers, base[i] + line (a record's line in input i), so the key set can
 * keep where a key was first given in 4 bytes; past 2^32 lines over all
 * inputs the place is unknown (0). */
struct pc_driver {
    pc_ctx *ctx;
    const pc_input_spec *inputs;
    size_t n_inputs;
    const pc_format *from, *to;
    void *ws;
    pc_keyset *keys;
    unsigned long long *base; /* per input: first place number */
    unsigned long long total;   /* inputs' total size, 0 = unknown */
    unsigned long long done;    /* bytes of the inputs already closed */
    unsigned long long next_mark; /* progress: call the hook at this byte count */
    unsigned long next_records;   /* ... or at this record count */
    size_t n_read_inputs;         /* inputs read (or given up) so far */
};
typedef struct pc_driver run;

/* Input i's name in messages: its path ("<stdin>" for "-") or its source's. */
static const char *input_name(const run *r, size_t i)
{
    const pc_input_spec *in = &r->inputs[i];
    if (!in->path)
        return in->src ? pc_source_name(in->src) : "<input>";
    return strcmp(in->path, "-") ? in->path : "<stdin>";
}

/* Sum of the inputs' sizes; 0 when one is not a regular file (a pipe)
 * or a source (a memory block's size is not asked for). */
static unsigned long long total_size(const pc_input_spec *inputs, size_t n)
{
    unsigned long long sum = 0;
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        const char *path = inputs[i].path;
        int r = inputs[i].src || !path ? -1 : strcmp(path, "-") ? stat(path, &st) : fstat(STDIN_FILENO, &st);
        if (r != 0 || !S_ISREG(st.st_mode))
            return 0;
        sum += (unsigned long long)st.st_size;
    }
    return sum;
}

static void progress(run *r, const pc_input *in, bool done)
{
    unsigned long long at = r->done + (in ? pc_source_offset(in->src) : 0);
    if (!done && at < r->next_mark && r->ctx->n_read < r->next_records)
        return;
    r->next_mark = at + PC_PROGRESS_BYTES;
    r->next_records = r->ctx->n_read + PC_PROGRESS_RECORDS;
    pc_progress p = {.records = r->ctx->n_read, .bytes = at, .total = r->total, .done = done};
    r->ctx->progress(r->ctx->progress_user, &p);
}

/* -v: which reader reads the input, and why. */
static void note_reader(run *r, const pc_input *in, const char *path)
{
    const pc_format *f = in->fmt;
    if (!f || r->ctx->opt.verbose < 1)
        return;
    char inner[4096]; /* refs.bib.gz: ".bib.gz" */
    const char *in_name = path ? pc_compress_inner_name(path, inner, sizeof inner) : NULL;
    const char *dot = in_name ? strrchr(in_name, '.') : NULL;
    dot = dot ? path + (dot - in_name) : NULL;
    if (r->from)
        pc_diag_emit(r->ctx, PC_SEV_NOTE, pc_source_name(in->src), 0, 0, "read as %s (-f)", f->name);
    else if (path && strcmp(path, "-") && dot && (pc_format_by_extension(path, true) == f ||
                                                  (first_by_extension(path) == f && in->foreign)))
        pc_diag_emit(r->ctx, PC_SEV_NOTE, pc_source_name(in->src), 0, 0,
                     "read as %s (extension %s)", f->name, dot);
    else
        pc_diag_emit(r->ctx, PC_SEV_NOTE, pc_source_name(in->src), 0, 0, "read as %s (content)",
                     f->name);
}

/* The input, up to `last`, whose range of place numbers holds `place`
 * (binary search: the bases grow with the input number). */
static size_t input_of(const run *r, size_t last, uint32_t place)
{
    size_t lo = 0, hi = last + 1; /* base[lo] <= place < base[hi] */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (r->base[mid] <= place)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* Gives rec its key; a key taken by an earlier record is reported with
 * both places: a warning for a key from the input (a \cite may mean the
 * first one), a note for a generated key. */
static void assign_key(run *r, size_t input, pc_record *rec)
{
    unsigned long long p = r->base[input] + rec->src_line;
    pc_key_clash clash = {.refused = NULL};
    pc_keyset_assign_at(r->keys, rec, r->ctx->opt.rekey, p <= UINT32_MAX ? (uint32_t)p : 0, &clash);
    if (clash.refused) { /* a note (-v): the key is changed, nothing is lost */
        pc_diag_emit(r->ctx, PC_SEV_NOTE, rec->src_file, rec->src_line, 0,
                     "citation key \"%s\" holds characters a key cannot (white space, braces, commas, "
                     "quotes, %%, #, invisible characters...): written \"%s\"",
                     clash.refused, rec->key);
        pc_free(clash.refused);
    }
    if (!clash.wanted || (!clash.input_key && r->ctx->opt.verbose < 1))
        return; /* notes are shown with -v only: do not build them */
    pc_buf where = PC_BUF_INIT;
    if (!clash.first) {
        pc_buf_puts(&where, "an earlier record");
    } else {
        size_t i = input_of(r, input, clash.first);
        unsigned long line = (unsigned long)(clash.first - r->base[i]);
        if (line)
            pc_buf_printf(&where, "the record at %s:%lu", input_name(r, i), line);
        else
            pc_buf_printf(&where, "a record of %s", input_name(r, i));
    }
    if (clash.case_only)
        pc_buf_printf(&where, " (%s compares keys without case)", r->to->name);
    pc_diag_emit(r->ctx, clash.input_key ? PC_SEV_WARNING : PC_SEV_NOTE, rec->src_file,
                 rec->src_line, 0, "%s key \"%.*s\" is taken by %s: this record gets \"%s\"",
                 clash.input_key ? "citation" : "generated", (int)clash.wanted, rec->key, where.ptr,
                 rec->key);
    pc_buf_free(&where);
}

/* Opens input i: its source, else its path. */
static pc_input *open_input(run *r, size_t i)
{
    const pc_input_spec *spec = &r->inputs[i];
    if (spec->src)
        return pc_input_open_source(r->ctx, spec->src, spec->path, r->from);
    return pc_input_open(r->ctx, spec->path, r->from);
}

/* Reads input number i, handing each record to take; false when the
 * output failed.  Sets the next input's first place number; counts the
 * input in ctx->n_inputs_failed when it failed as a whole. */
static bool convert_one(run *r, size_t i, pc_driver_take_fn take, void *user)
{
    pc_ctx *ctx = r->ctx;
    unsigned long long last_line = 0;
    pc_input *in = open_input(r, i);
    if (!in) {
        ctx->n_inputs_failed++;
        r->base[i + 1] = r->base[i] + 1;
        return true;
    }
    note_reader(r, in, r->inputs[i].path);
    bool out_ok = true, fatal = false;
    unsigned long n_before = ctx->n_read, errors_before = ctx->n_errors;
    pc_record rec;
    pc_record_init(&rec);
    /* -j: read by worker threads, the records come back in input order */
    pc_parallel *par = pc_parallel_start(ctx, in->src, in->fmt, r->inputs[i].path);
    for (;;) {
        pc_read_status st = input_next(in, par, &rec);
        if (st == PC_READ_RECORD) {
            ctx->n_read++;
            if (rec.src_line > last_line)
                last_line = rec.src_line;
            if (!take(user, r, i, &rec)) {
                out_ok = false;
                break;
            }
        } else if (st == PC_READ_SKIP) {
            ctx->n_read++;
            ctx->n_skipped++;
        } else {
            fatal = st == PC_READ_FATAL; /* already reported */
            break;
        }
        pc_record_clear(&rec);
        if (ctx->progress)
            progress(r, in, false);
    }
    pc_record_clear(&rec);
    in->stopped = pc_parallel_stopped(par);
    pc_parallel_end(par);
    if (out_ok)
        pc_input_failed(in, fatal, ctx->n_read != n_before, errors_before);
    r->done += pc_source_offset(in->src);
    r->base[i + 1] = r->base[i] + last_line + 1;
    pc_input_close(in);
    return out_ok;
}

void pc_driver_key(pc_driver *d, size_t input, pc_record *rec) { assign_key(d, input, rec); }

bool pc_driver_write(pc_driver *d, const pc_record *rec)
{
    if (!d->to->write_record(d->ws, rec))
        return false;
    d->ctx->n_written++;
    return true;
}

/* The plain run: each record keyed and written as it is read. */
static bool key_and_write(void *user, pc_driver *d, size_t input, pc_record *rec)
{
    (void)user;
    pc_driver_key(d, input, rec);
    return pc_driver_write(d, rec);
}

pc_driver *pc_driver_open(pc_ctx *ctx, const pc_input_spec *inputs, size_t n_inputs,
                          const pc_format *from, const pc_format *to, void *ws)
{
    static const pc_input_spec stdin_only[] = {{.path = "-"}};
    if (n_inputs == 0) {
        inputs = stdin_only;
        n_inputs = 1;
    }
    run *r = pc_xcalloc(1, sizeof *r);
    *r = (run){.ctx = ctx, .inputs = inputs, .n_inputs = n_inputs, .from = from, .to = to, .ws = ws};
    ctx->write_format = to ? to->name : NULL; /* a reader of it keeps the text as written */
    r->base = pc_xcalloc(n_inputs + 1, sizeof *r->base);
    r->base[0] = 1; /* place 0 is "unknown" */
    if (ctx->progress)
        r->total = total_size(inputs, n_inputs);
    r->keys = pc_keyset_new_for(to);
    if (!pc_keyset_use_options(r->keys, ctx)) { /* --key-format: reported (the API checks it first) */
        pc_driver_close(r, true, NULL);
        return NULL;
    }
    return r;
}

size_t pc_driver_n_inputs(const pc_driver *d) { return d->n_inputs; }

bool pc_driver_read(pc_driver *d, pc_driver_take_fn take, void *user)
{
    bool out_ok = true;
    size_t i = d->n_read_inputs;
    for (; i < d->n_inputs && out_ok; i++)
        out_ok = convert_one(d, i, take, user);
    for (; i < d->n_inputs; i++) /* the sources not read, after the output failed */
        pc_source_close(d->inputs[i].src);
    d->n_read_inputs = i;
    return out_ok;
}

pc_status pc_driver_close(pc_driver *r, bool out_ok, const pc_drive_base *since)
{
    pc_ctx *ctx = r->ctx;
    for (size_t i = r->n_read_inputs; i < r->n_inputs; i++) /* never read */
        pc_source_close(r->inputs[i].src);
    pc_keyset_free(r->keys);
    pc_free(r->base);
    if (!since) { /* pc_driver_open gave up */
        pc_free(r);
        return PC_ERR_USAGE;
    }
    if (!out_ok && !ctx->output_failed) {
        ctx->output_failed = true;
        pc_diag_emit(ctx, PC_SEV_ERROR, NULL, 0, 0, "cannot write the output: %s",
                     strerror(errno ? errno : EIO));
    }
    if (ctx->progress)
        progress(r, NULL, true);
    pc_free(r);
    if (!out_ok)
        return PC_ERR_IO;
    if (ctx->n_inputs_failed > since->inputs_failed)
        return PC_ERR_INPUT;
    return ctx->n_errors > since->errors && !ctx->opt.keep_going ? PC_ERR_INPUT : PC_OK;
}

pc_status pc_drive(pc_ctx *ctx, const pc_input_spec *inputs, size_t n_inputs, const pc_format *from,
                   const pc_format *to, void *ws, const pc_drive_base *since)
{
    pc_driver *d = pc_driver_open(ctx, inputs, n_inputs, from, to, ws);
    if (!d)
        return PC_ERR_USAGE;
    bool out_ok = pc_driver_read(d, key_and_write, NULL);
    return pc_driver_close(d, out_ok, since);
}
