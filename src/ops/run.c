/* SPDX-License-Identifier: MIT */
/* run.c — the record operations chained into a conversion (run.h): the
 * set-up from the converter's options, the spool pass (identities,
 * crossref parents, every record to a temporary file), the output pass
 * (merge, select, field operations, key, then write or sort), the sorted
 * records written, and the summary (-v notes, missing-key warnings). */
#include "ops/run.h"
#include "ops/cited.h"
#include "ops/dedupe_index.h"
#include "ops/extsort.h"
#include "ops/fields.h"
#include "ops/identity.h"
#include "ops/merge.h"
#include "ops/sortkey.h"
#include "model/serial.h"
#include "io/source.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

enum { PC_OPS_GROUP_PLACES = 20, PC_OPS_VALUE_SHOWN = 120 };

typedef struct ops {
    pc_ctx *ctx;
    pc_driver *d;
    pc_cited *ct;      /* --cited, else NULL */
    pc_dedupe *dd;     /* --dedupe, else NULL */
    pc_merge_mode mode;
    pc_fieldops *fo;   /* field operations asked for, else NULL */
    pc_sort_spec sp;
    pc_extsort *xs;    /* --sort, else NULL */
    pc_identity id;
    FILE *spool;       /* the spool pass's records, else NULL */
    bool spool_failed;
    unsigned long long *off; /* --dedupe: each record's offset in the spool */
    size_t n_off, cap_off;
    unsigned long long seq;  /* records through the output pass (--sort's "added") */
    pc_serial_names *names;
    pc_buf scratch, key, val;
    pc_record tmp;
} ops;

bool pc_ops_active(const pc_ctx *ctx)
{
    const pc_options *o = &ctx->opt;
    if (o->dedupe || o->sort || o->remove_empty || o->max_authors)
        return true;
    for (int i = 0; i < PC_CTX_N_LISTS; i++)
        if (o->lists[i].len)
            return true;
    return false;
}

/* ---- set-up ------------------------------------------------------------------------- */

/* A 64-bit seed no input can guess (dedupe_index.h: fingerprints). */
static uint64_t fresh_seed(void)
{
    uint64_t s = 0;
    if (getentropy(&s, sizeof s) != 0)
        s = (uint64_t)time(NULL) * 0x9e3779b97f4a7c15u ^ (uint64_t)getpid();
    return s;
}

/* Calls add for each item of a repeatable option; false after reporting
 * the first it refused. */
static bool each_item(ops *o, int list, const char *opt,
                      bool (*add)(pc_fieldops *, const char *, pc_buf *))
{
    const pc_buf *b = &o->ctx->opt.lists[list];
    pc_buf err = PC_BUF_INIT;
    bool ok = true;
    for (size_t i = 0; ok && i < b->len; i += strlen(b->ptr + i) + 1) {
        ok = add(o->fo, b->ptr + i, &err);
        if (!ok)
            pc_diag_emit(o->ctx, PC_SEV_ERROR, NULL, 0, 0, "%s: %s", opt, err.ptr);
    }
    pc_buf_free(&err);
    return ok;
}

/* The field operations; false after reporting one the output cannot do. */
static bool setup_fields(ops *o, const pc_format *to)
{
    const pc_options *opt = &o->ctx->opt;
    o->fo = pc_fieldops_new(to);
    if (!each_item(o, PC_CTX_L_RENAME, "--rename", pc_fieldops_rename) ||
        !each_item(o, PC_CTX_L_OMIT, "--omit", pc_fieldops_omit) ||
        !each_item(o, PC_CTX_L_KEEP, "--keep", pc_fieldops_keep))
        return false;
    if (opt->remove_empty)
        pc_fieldops_remove_empty(o->fo);
    if (opt->max_authors)
        pc_fieldops_max_authors(o->fo, (size_t)opt->max_authors);
    if (!pc_fieldops_active(o->fo)) {
        pc_fieldops_free(o->fo);
        o->fo = NULL;
    }
    return true;
}

/* Reads every --cited file; false when one cannot be read (reported). */
static bool setup_cited(ops *o)
{
    const pc_buf *b = &o->ctx->opt.lists[PC_CTX_L_CITED];
    if (!b->len)
        return true;
    o->ct = pc_cited_new();
    bool ok = true;
    for (size_t i = 0; i < b->len; i += strlen(b->ptr + i) + 1)
        ok = pc_cited_read_file(o->ct, o->ctx, b->ptr + i, PC_CITED_NONE) && ok;
    return ok;
}

/* Everything the options ask for: PC_OK, or the status to end with. */
static pc_status setup(ops *o, const pc_format *to)
{
    const pc_options *opt = &o->ctx->opt;
    pc_buf err = PC_BUF_INIT;
    pc_status st = PC_OK;
    if (!setup_fields(o, to)) {
        st = PC_ERR_USAGE;
    } else if (opt->sort && !pc_sort_spec_parse(&o->sp, opt->sort, &err)) {
        pc_diag_emit(o->ctx, PC_SEV_ERROR, NULL, 0, 0, "--sort: %s", err.ptr);
        st = PC_ERR_USAGE;
    } else if (!setup_cited(o)) {
        st = PC_ERR_INPUT;
    }
    pc_buf_free(&err);
    if (st != PC_OK)
        return st;
    if (opt->sort)
        o->xs = pc_extsort_new(PC_OPS_SORT_BUDGET, NULL);
    if (opt->dedupe) {
        o->dd = pc_dedupe_new(fresh_seed());
        o->mode = opt->merge ? pc_merge_mode_by_name(opt->merge) : PC_MERGE_COMBINE;
    }
    if (o->dd || o->ct) {
        o->spool = pc_temp_file(NULL, "spool");
        if (!o->spool) {
            pc_diag_emit(o->ctx, PC_SEV_ERROR, NULL, 0, 0, "cannot make a temporary file: %s",
                         strerror(errno));
            return PC_ERR_IO;
        }
    }
    return PC_OK;
}

static void teardown(ops *o)
{
    pc_record_clear(&o->tmp);
    pc_extsort_free(o->xs);
    pc_fieldops_free(o->fo);
    pc_identity_free(&o->id);
    pc_dedupe_free(o->dd);
    pc_cited_free(o->ct);
    if (o->spool)
        fclose(o->spool);
    pc_free(o->off);
    pc_buf_free(&o->scratch);
    pc_buf_free(&o->key);
    pc_buf_free(&o->val);
    pc_serial_names_free(o->names);
}

/* ---- the spool pass ----------------------------------------------------------------- */

/* One record read: its identities and crossref parents noted, the record
 * (after the number of its input) to the spool. */
static bool spool_take(void *user, pc_driver *d, size_t input, pc_record *rec)
{
    (void)d;
    ops *o = user;
    if (o->spool_failed)
        return true;
    if (o->dd) {
        PC_GROW(o->off, o->cap_off, o->n_off + 1);
        o->off[o->n_off++] = (unsigned long long)ftello(o->spool);
        pc_identity_of(rec, o->ctx->opt.dedupe == PC_DEDUPE_FUZZY, &o->id);
        pc_dedupe_add(o->dd, &o->id);
    }
    if (o->ct)
        pc_cited_note_parents(o->ct, rec);
    pc_buf_clear(&o->scratch);
    pc_serial_put_uint(&o->scratch, input);
    if (fwrite(o->scratch.ptr, 1, o->scratch.len, o->spool) != o->scratch.len ||
        !pc_serial_write(o->spool, rec, &o->scratch))
        o->spool_failed = true;
    return true;
}

/* The record at spool offset `at` into o->tmp (the read position is
 * left there); false on a damaged spool. */
static bool spool_read_at(ops *o, unsigned long long at, pc_record *rec)
{
    unsigned long long input;
    return fseeko(o->spool, (off_t)at, SEEK_SET) == 0 && pc_serial_read_uint(o->spool, &input) == 1 &&
           pc_serial_read(o->spool, o->names, rec, &o->scratch) == 1;
}

/* ---- the output pass ---------------------------------------------------------------- */

/* Whether --cited wants rec: by its key or one of its other keys (ids);
 * every key it has is marked as found.  Parents named by one cited
 * record go out too (bibtool -c): bibtex then finds what a child takes
 * from its crossref parent in the selection as in the whole library. */
static bool cited_wants(ops *o, const pc_record *rec)
{
    bool want = false;
    if (rec->key) {
        size_t n = strlen(rec->key);
        want = pc_cited_wants(o->ct, rec->key, n, 1);
        pc_cited_mark(o->ct, rec->key, n);
    }
    const pc_strlist *ids = pc_record_list(rec, PC_F_IDS);
    for (size_t i = 0; ids && i < ids->n; i++) {
        const char *k = ids->items[i];
        want = pc_cited_wants(o->ct, k, strlen(k), 1) || want;
        pc_cited_mark(o->ct, k, strlen(k));
    }
    return want;
}

/* A value for a message: at most PC_OPS_VALUE_SHOWN bytes (whole UTF-8
 * characters), "..." after a cut. */
static int shown(const char *s, const char **more)
{
    size_t n = s ? strlen(s) : 0;
    *more = "";
    if (n <= PC_OPS_VALUE_SHOWN)
        return (int)n;
    *more = "...";
    n = PC_OPS_VALUE_SHOWN;
    while (n && ((unsigned char)s[n] & 0xC0) == 0x80)
        n--;
    return (int)n;
}

/* -v: each conflict of a merged group, at the place of the value dropped. */
static void say_conflicts(ops *o, const pc_merge *m)
{
    for (size_t i = 0; i < m->n_kept_conflicts; i++) {
        const pc_merge_conflict *c = &m->conflicts[i];
        const char *m1, *m2;
        int n1 = shown(c->other, &m1), n2 = shown(c->kept, &m2);
        pc_diag_emit(o->ctx, PC_SEV_NOTE, c->other_file, c->other_line, 0,
                     "--merge: %s \"%.*s%s\" not kept: the record at %s:%lu has \"%.*s%s\"", c->field,
                     n1, c->other ? c->other : "", m1, c->kept_file ? c->kept_file : "?", c->kept_line,
                     n2, c->kept ? c->kept : "", m2);
    }
    if (m->n_conflicts > m->n_kept_conflicts)
        pc_diag_emit(o->ctx, PC_SEV_NOTE, m->first_file, m->first_line, 0,
                     "--merge: %zu more conflicting value(s) in this group not listed",
                     m->n_conflicts - m->n_kept_conflicts);
}

/* Merges the group whose first member is rec (number r) into o->tmp's
 * merge; returns the merged record (owned by m). */
static pc_record *merge_group(ops *o, uint32_t r, pc_record *rec, pc_merge *m)
{
    bool verbose = o->ctx->opt.verbose > 0;
    pc_buf places = PC_BUF_INIT;
    size_t n = 1;
    off_t back = ftello(o->spool);
    pc_merge_init(m, o->mode);
    pc_merge_add(m, rec);
    for (uint32_t x = pc_dedupe_next(o->dd, r); x != PC_DEDUPE_NONE; x = pc_dedupe_next(o->dd, x)) {
        if (!spool_read_at(o, o->off[x], &o->tmp)) {
            o->spool_failed = true;
            break;
        }
        pc_merge_add(m, &o->tmp);
        if (verbose && n++ <= PC_OPS_GROUP_PLACES)
            pc_buf_printf(&places, ", %s:%lu", o->tmp.src_file ? o->tmp.src_file : "?", o->tmp.src_line);
        pc_record_clear(&o->tmp);
    }
    if (fseeko(o->spool, back, SEEK_SET) != 0)
        o->spool_failed = true;
    pc_record *out = pc_merge_finish(m);
    o->ctx->n_conflicts += m->n_conflicts;
    if (verbose) {
        pc_diag_emit(o->ctx, PC_SEV_NOTE, rec->src_file, rec->src_line, 0,
                     "--dedupe: %zu records of one work merged into this one (\"%s\"): %s:%lu%s%s", n,
                     rec->key ? rec->key : "", rec->src_file ? rec->src_file : "?", rec->src_line,
                     places.ptr, n > PC_OPS_GROUP_PLACES + 1 ? ", ..." : "");
        say_conflicts(o, m);
    }
    pc_buf_free(&places);
    return out;
}

/* The steps after the merge: select, field operations, key, then write
 * or sort.  False when the output failed. */
static bool finish_record(ops *o, size_t input, pc_record *rec)
{
    if (o->ct && !cited_wants(o, rec)) {
        o->ctx->n_not_cited++;
        return true;
    }
    if (o->fo)
        pc_fieldops_apply(o->fo, rec);
    pc_driver_key(o->d, input, rec);
    if (!o->xs)
        return pc_driver_write(o->d, rec);
    pc_buf_clear(&o->key);
    pc_buf_clear(&o->val);
    pc_sortkey_build(&o->sp, rec, o->seq++, &o->key);
    pc_serial_put(&o->val, rec);
    if (!pc_extsort_add(o->xs, o->key.ptr, o->key.len, o->val.ptr, o->val.len))
        o->spool_failed = true;
    return true;
}

/* The output pass of a run without a spool: each record as it is read. */
static bool direct_take(void *user, pc_driver *d, size_t input, pc_record *rec)
{
    (void)d;
    return finish_record(user, input, rec);
}

/* Record r of the spool (the read position is at it): merged into an
 * earlier one (skipped), merged with later ones, or alone. */
static bool spooled_record(ops *o, uint32_t r, pc_record *rec)
{
    unsigned long long input, len;
    if (pc_serial_read_uint(o->spool, &input) != 1)
        return o->spool_failed = true, true;
    if (o->dd && pc_dedupe_first(o->dd, r) != r) { /* merged into an earlier record */
        if (pc_serial_read_uint(o->spool, &len) != 1 || fseeko(o->spool, (off_t)len, SEEK_CUR) != 0)
            o->spool_failed = true;
        return true;
    }
    if (pc_serial_read(o->spool, o->names, rec, &o->scratch) != 1)
        return o->spool_failed = true, true;
    bool ok;
    if (o->dd && pc_dedupe_next(o->dd, r) != PC_DEDUPE_NONE) {
        pc_merge m;
        ok = finish_record(o, (size_t)input, merge_group(o, r, rec, &m));
        pc_merge_free(&m);
    } else {
        ok = finish_record(o, (size_t)input, rec);
    }
    pc_record_clear(rec);
    return ok;
}

/* The output pass over the spool; false when the output failed. */
static bool spooled_pass(ops *o)
{
    if (fflush(o->spool) != 0 || fseeko(o->spool, 0, SEEK_SET) != 0)
        return o->spool_failed = true, true;
    pc_record rec;
    pc_record_init(&rec);
    bool ok = true;
    size_t n = o->dd ? o->n_off : SIZE_MAX;
    for (uint32_t r = 0; ok && !o->spool_failed && r < n; r++) {
        int c = getc(o->spool);
        if (c == EOF)
            break;
        ungetc(c, o->spool);
        ok = spooled_record(o, r, &rec);
    }
    pc_record_clear(&rec);
    return ok;
}

/* --sort: the records in order; false when the output failed. */
static bool write_sorted(ops *o)
{
    if (!pc_extsort_finish(o->xs))
        return o->spool_failed = true, true;
    const char *k, *v;
    size_t kn, vn;
    int st;
    bool ok = true;
    while (ok && (st = pc_extsort_next(o->xs, &k, &kn, &v, &vn)) == 1) {
        if (!pc_serial_get(v, vn, o->names, &o->tmp)) {
            o->spool_failed = true;
            break;
        }
        ok = pc_driver_write(o->d, &o->tmp);
        pc_record_clear(&o->tmp);
    }
    if (ok && st < 0)
        o->spool_failed = true;
    return ok;
}

/* ---- the summary -------------------------------------------------------------------- */

static void say_missing(void *u, const pc_citation *cit)
{
    ops *o = u;
    o->ctx->n_cited_missing++;
    pc_diag_emit(o->ctx, PC_SEV_WARNING, cit->file, cit->line, cit->col, "cited key '%s' is in no input",
                 cit->key);
}

static void say_fieldop(void *u, pc_fieldop op, const char *name, unsigned long n)
{
    static const char *const what[PC_FOP_COUNT] = {
        [PC_FOP_OMIT] = "--omit: removed %s from %lu record(s)",
        [PC_FOP_KEEP] = "--keep: removed %s from %lu record(s)",
        [PC_FOP_RENAME] = "--rename: %s in %lu record(s)",
        [PC_FOP_RENAME_HELD] = "--rename: %s not done in %lu record(s), which have both",
        [PC_FOP_EMPTY] = "--remove-empty: removed an empty %s from %lu record(s)",
        [PC_FOP_MAX_AUTHORS] = "--max-authors: cut the %s list of %lu record(s)",
    };
    if (op > PC_FOP_NONE && op < PC_FOP_COUNT && what[op])
        pc_diag_emit(((ops *)u)->ctx, PC_SEV_NOTE, NULL, 0, 0, what[op], name, n);
}

/* -v: the links --dedupe refused (records sharing an id whose DOIs
 * differ), each with both places (read back from the spool). */
static void say_refused(ops *o)
{
    size_t n = pc_dedupe_n_conflicts(o->dd);
    const pc_dedupe_conflict *c;
    pc_record other;
    pc_record_init(&other);
    for (size_t i = 0; (c = pc_dedupe_conflict_at(o->dd, i)) != NULL; i++) {
        if (!spool_read_at(o, o->off[c->rec], &o->tmp) || !spool_read_at(o, o->off[c->other], &other))
            break;
        pc_diag_emit(o->ctx, PC_SEV_NOTE, o->tmp.src_file, o->tmp.src_line, 0,
                     "--dedupe: not merged with the record at %s:%lu: they share an identifier (%s) but "
                     "their DOIs differ", other.src_file ? other.src_file : "?", other.src_line,
                     pc_id_kind_name(c->kind));
        pc_record_clear(&o->tmp);
        pc_record_clear(&other);
    }
    pc_record_clear(&other);
    if (n > PC_DEDUPE_MAX_CONFLICTS)
        pc_diag_emit(o->ctx, PC_SEV_NOTE, NULL, 0, 0, "--dedupe: %zu more links refused (DOIs differ)",
                     n - PC_DEDUPE_MAX_CONFLICTS);
}

static void summary(ops *o)
{
    if (o->ct)
        pc_cited_each_missing(o->ct, say_missing, o);
    if (o->ctx->opt.verbose < 1)
        return;
    if (o->dd && pc_dedupe_n_conflicts(o->dd))
        say_refused(o);
    if (o->fo)
        pc_fieldops_each(o->fo, say_fieldop, o);
}

/* ---- the run ------------------------------------------------------------------------ */

/* The passes; false when the output failed. */
static bool passes(ops *o)
{
    bool ok;
    if (o->spool) {
        ok = pc_driver_read(o->d, spool_take, o);
        if (o->dd) {
            pc_dedupe_finish(o->dd);
            o->ctx->n_merged = pc_dedupe_n_merged(o->dd);
            o->ctx->n_groups = pc_dedupe_n_groups(o->dd);
        }
        ok = ok && !o->spool_failed && spooled_pass(o);
    } else {
        ok = pc_driver_read(o->d, direct_take, o);
    }
    if (ok && o->xs && !o->spool_failed)
        ok = write_sorted(o);
    if (ok && !o->spool_failed)
        summary(o);
    return ok;
}

pc_status pc_ops_drive(pc_ctx *ctx, const pc_input_spec *inputs, size_t n_inputs,
                       const pc_format *from, const pc_format *to, void *ws,
                       const pc_drive_base *since)
{
    if (!pc_ops_active(ctx))
        return pc_drive(ctx, inputs, n_inputs, from, to, ws, since);
    /* Selecting, merging or reordering records would move or drop the text
     * kept between BibTeX entries, @string definitions among it (a macro
     * used before, or without, its definition), and a field operation must
     * reach fields the model holds no value for (a blank note under
     * --keep): a run with operations writes every entry from its values,
     * as --rewrite does. */
    ctx->opt.bib.rewrite = true;
    ops o = {.ctx = ctx};
    pc_identity_init(&o.id);
    pc_record_init(&o.tmp);
    pc_buf_init(&o.scratch);
    pc_buf_init(&o.key);
    pc_buf_init(&o.val);
    o.names = pc_serial_names_new();
    pc_status st = setup(&o, to);
    if (st == PC_OK)
        o.d = pc_driver_open(ctx, inputs, n_inputs, from, to, ws);
    if (st != PC_OK || !o.d) {
        for (size_t i = 0; st != PC_OK && i < n_inputs; i++) /* pc_driver_open closes them itself */
            pc_source_close(inputs[i].src);
        teardown(&o);
        return st != PC_OK ? st : PC_ERR_USAGE;
    }
    bool ok = passes(&o);
    if (o.spool_failed)
        pc_diag_emit(ctx, PC_SEV_ERROR, NULL, 0, 0, "a temporary file could not be written or read: %s",
                     strerror(errno ? errno : EIO));
    st = pc_driver_close(o.d, ok, since);
    teardown(&o);
    return st == PC_OK && o.spool_failed ? PC_ERR_IO : st;
}
