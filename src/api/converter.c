/* SPDX-License-Identifier: MIT */
/* converter.c — paperconv.h's converter: a conversion context
 * (pc_ctx, io/ctx.h) on the heap, its options (checked and, for strings,
 * copied), callbacks, counters, drop tally and last error. */
#include "api/api.h"
#include "io/encoding.h"
#include "model/keyformula.h"
#include "ops/merge.h"
#include "ops/sortkey.h"

#include <unistd.h>

pc_converter *pc_converter_new(void)
{
    pc_ctx *c = pc_try_calloc(sizeof *c);
    if (c)
        pc_ctx_init(c, NULL, NULL);
    return c;
}

void pc_converter_free(pc_converter *c)
{
    if (!c)
        return;
    pc_ctx_free(c);
    pc_free(c);
}

pc_ctx *pc_api_ctx(pc_converter *c, pc_ctx **own)
{
    *own = NULL;
    if (c)
        return c;
    return *own = pc_converter_new();
}

/* A boolean option's value, or -1 when it is not 0 or 1. */
static int flag(int value) { return value == 0 || value == 1 ? value : -1; }

/* The PC_OPT_BIB_* layout options: false when opt is not one, or value
 * is out of its range. */
static bool bib_layout_option(pc_options *o, pc_option opt, int value)
{
    struct pc_bib_layout *b = &o->bib;
    switch (opt) {
    case PC_OPT_BIB_INDENT:
        if ((value < 0 || value > 16) && value != PC_BIB_INDENT_TAB)
            return false;
        b->indent_set = true;
        b->indent = value;
        return true;
    case PC_OPT_BIB_ALIGN:
        if ((value < 0 || value > 64) && value != PC_BIB_ALIGN_LONGEST)
            return false;
        b->align = value;
        return true;
    case PC_OPT_BIB_DELIMS: return value >= 0 && value <= PC_BIB_DELIMS_QUOTES && (b->delims = value, true);
    case PC_OPT_BIB_FIELD_ORDER: return value >= 0 && value <= PC_BIB_ORDER_ALPHA && (b->order = value, true);
    case PC_OPT_BIB_MONTHS: return value >= 0 && value <= PC_BIB_MONTHS_NAME && (b->months = value, true);
    case PC_OPT_BIB_WRAP:
        return (value == 0 || (value >= 20 && value <= 10000)) && (b->wrap = value, true);
    case PC_OPT_BIB_TRAILING_COMMA: return flag(value) >= 0 && (b->trailing_comma = value, true);
    case PC_OPT_BIB_REWRITE: return flag(value) >= 0 && (b->rewrite = value, true);
    default: return false;
    }
}

pc_status pc_converter_set_option(pc_converter *c, pc_option opt, int value)
{
    if (!c)
        return PC_ERR_USAGE;
    pc_options *o = &c->opt;
    bool *b = opt == PC_OPT_UNICODE ? &o->unicode : opt == PC_OPT_STRICT ? &o->strict
            : opt == PC_OPT_KEEP_GOING ? &o->keep_going : opt == PC_OPT_REKEY ? &o->rekey : NULL;
    if (b) {
        if (flag(value) < 0)
            return pc_ctx_refuse(c, PC_ERR_USAGE, "option %d takes 0 or 1, not %d", (int)opt, value);
        *b = value;
    } else if (opt == PC_OPT_REMOVE_EMPTY && flag(value) >= 0) {
        o->remove_empty = value;
    } else if (opt == PC_OPT_MAX_AUTHORS && value >= 0) {
        o->max_authors = value;
    } else if (opt == PC_OPT_DEDUPE && value >= PC_DEDUPE_OFF && value <= PC_DEDUPE_FUZZY) {
        o->dedupe = value;
    } else if (opt == PC_OPT_VERBOSE && value >= 0) {
        o->verbose = value;
    } else if (opt == PC_OPT_DATE && (value == PC_DATE_PUBLISHED || value == PC_DATE_UPDATED)) {
        o->date = (pc_date_choice)value;
    } else if (opt == PC_OPT_KEY_SCOPE && (value == PC_KEY_SCOPE_RUN || value == PC_KEY_SCOPE_GLOBAL)) {
        o->key_global = value == PC_KEY_SCOPE_GLOBAL;
    } else if (opt == PC_OPT_JOBS && value >= 0) {
        long cores = value ? value : sysconf(_SC_NPROCESSORS_ONLN);
        o->jobs = cores > 0 ? (int)(cores < 256 ? cores : 256) : 1;
    } else if (bib_layout_option(o, opt, value)) {
    } else {
        return pc_ctx_refuse(c, PC_ERR_USAGE, "option %d is not an integer option taking %d", (int)opt,
                             value);
    }
    return PC_OK;
}

/* The ctx string slot of a string option, or -1. */
static int string_slot(pc_option opt)
{
    switch (opt) {
    case PC_OPT_ENCODING: return PC_CTX_ENCODING;
    case PC_OPT_STYLE: return PC_CTX_STYLE;
    case PC_OPT_LOCALE: return PC_CTX_LOCALE;
    case PC_OPT_CITATIONS: return PC_CTX_CITATIONS;
    case PC_OPT_KEY_FORMAT: return PC_CTX_KEY_FORMAT;
    case PC_OPT_KEY_POSTFIX: return PC_CTX_KEY_POSTFIX;
    case PC_OPT_MERGE: return PC_CTX_MERGE;
    case PC_OPT_SORT: return PC_CTX_SORT;
    default: return -1;
    }
}

/* Refuses a key formula or postfix that does not compile: errmsg is the
 * reason, errcol its column.  PC_OK when it compiles (the driver compiles
 * it again for its run). */
static pc_status check_key_text(pc_ctx *c, int k, const char *value)
{
    pc_keyformula_error err;
    bool ok;
    if (k == PC_CTX_KEY_POSTFIX) {
        pc_keypostfix *pf = pc_keypostfix_compile(value, &err);
        ok = pf != NULL;
        pc_keypostfix_free(pf);
    } else {
        pc_keyformula *kf = pc_keyformula_compile(value, &err);
        ok = kf != NULL;
        pc_keyformula_free(kf);
    }
    if (ok)
        return PC_OK;
    pc_status st = pc_ctx_refuse(c, PC_ERR_USAGE, "%s", err.msg.ptr);
    c->errcol = err.col;
    pc_buf_free(&err.msg);
    return st;
}

/* The list slot of a repeatable string option, or -1. */
static int list_slot(pc_option opt)
{
    switch (opt) {
    case PC_OPT_CITED: return PC_CTX_L_CITED;
    case PC_OPT_OMIT: return PC_CTX_L_OMIT;
    case PC_OPT_KEEP: return PC_CTX_L_KEEP;
    case PC_OPT_RENAME: return PC_CTX_L_RENAME;
    default: return -1;
    }
}

/* Checks the text of --merge, --sort, --omit, --keep, --rename (the
 * names of --omit/--keep/--rename are checked again against the output
 * format when the run starts). */
static pc_status check_op_text(pc_ctx *c, pc_option opt, const char *v)
{
    pc_buf err = PC_BUF_INIT;
    pc_sort_spec spec;
    const char *eq = strchr(v, '=');
    pc_status st = PC_OK;
    if (opt == PC_OPT_MERGE && pc_merge_mode_by_name(v) == PC_MERGE_NONE)
        st = pc_ctx_refuse(c, PC_ERR_USAGE, "--merge takes combine, first or last, not '%s'", v);
    else if (opt == PC_OPT_SORT && !pc_sort_spec_parse(&spec, v, &err))
        st = pc_ctx_refuse(c, PC_ERR_USAGE, "%s", err.ptr);
    else if (opt == PC_OPT_RENAME && (!eq || eq == v || !eq[1] || strchr(eq + 1, '=')))
        st = pc_ctx_refuse(c, PC_ERR_USAGE, "--rename takes FROM=TO, not '%s'", v);
    else if ((opt == PC_OPT_OMIT || opt == PC_OPT_KEEP || opt == PC_OPT_CITED) && !*v)
        st = pc_ctx_refuse(c, PC_ERR_USAGE, "an empty value");
    pc_buf_free(&err);
    return st;
}

pc_status pc_converter_set_string(pc_converter *c, pc_option opt, const char *value)
{
    if (!c)
        return PC_ERR_USAGE;
    c->errcol = 0;
    int l = list_slot(opt);
    if (value && (l >= 0 || opt == PC_OPT_MERGE || opt == PC_OPT_SORT) &&
        check_op_text(c, opt, value) != PC_OK)
        return PC_ERR_USAGE;
    if (l >= 0) { /* each call adds one; NULL forgets them */
        if (value)
            pc_buf_put(&c->opt.lists[l], value, strlen(value) + 1);
        else
            pc_buf_clear(&c->opt.lists[l]);
        return PC_OK;
    }
    int k = string_slot(opt);
    if (k < 0)
        return pc_ctx_refuse(c, PC_ERR_USAGE, "option %d is not a string option", (int)opt);
    if (value && k == PC_CTX_ENCODING && !pc_encoding_known(value))
        return pc_ctx_refuse(c, PC_ERR_USAGE,
                             "unknown encoding '%s' (for example latin1, windows-1252, utf-16le; "
                             "`iconv -l` lists the names)", value);
    if (value && (k == PC_CTX_KEY_FORMAT || k == PC_CTX_KEY_POSTFIX) &&
        check_key_text(c, k, value) != PC_OK)
        return PC_ERR_USAGE;
    pc_set_str(&c->strings[k], value);
    const char **slot[PC_CTX_N_STRINGS] = {
        [PC_CTX_ENCODING] = &c->opt.encoding,
        [PC_CTX_STYLE] = &c->opt.style,
        [PC_CTX_LOCALE] = &c->opt.locale,
        [PC_CTX_CITATIONS] = &c->opt.citations,
        [PC_CTX_KEY_FORMAT] = &c->opt.key_format,
        [PC_CTX_KEY_POSTFIX] = &c->opt.key_postfix,
        [PC_CTX_MERGE] = &c->opt.merge,
        [PC_CTX_SORT] = &c->opt.sort,
    };
    *slot[k] = c->strings[k];
    return PC_OK;
}

pc_status pc_converter_set_diag(pc_converter *c, pc_diag_fn fn, void *user)
{
    if (!c)
        return PC_ERR_USAGE;
    c->diag = fn;
    c->diag_user = user;
    return PC_OK;
}

pc_status pc_converter_set_progress(pc_converter *c, pc_progress_fn fn, void *user)
{
    if (!c)
        return PC_ERR_USAGE;
    c->progress = fn;
    c->progress_user = user;
    return PC_OK;
}

unsigned long pc_converter_count(const pc_converter *c, pc_counter which)
{
    if (!c)
        return 0;
    switch (which) {
    case PC_COUNT_READ: return c->n_read;
    case PC_COUNT_WRITTEN: return c->n_written;
    case PC_COUNT_SKIPPED: return c->n_skipped;
    case PC_COUNT_WARNINGS: return c->n_warnings;
    case PC_COUNT_ERRORS: return c->n_errors;
    case PC_COUNT_INPUTS_FAILED: return c->n_inputs_failed;
    case PC_COUNT_OUTPUT_FAILED: return c->output_failed;
    case PC_COUNT_MERGED: return c->n_merged;
    case PC_COUNT_GROUPS: return c->n_groups;
    case PC_COUNT_CONFLICTS: return c->n_conflicts;
    case PC_COUNT_NOT_CITED: return c->n_not_cited;
    case PC_COUNT_CITED_MISSING: return c->n_cited_missing;
    case PC_COUNT_NONE: break;
    }
    return 0;
}

size_t pc_converter_drop_count(const pc_converter *c) { return c ? pc_ctx_n_drops(c) : 0; }

pc_status pc_converter_drop(const pc_converter *c, size_t i, const char **format,
                            const char **field, unsigned long *records)
{
    const char *fmt, *fld;
    unsigned long n;
    if (!c || !pc_ctx_drop_at(c, i, &fmt, &fld, &n))
        return PC_ERR_USAGE;
    if (format)
        *format = fmt;
    if (field)
        *field = fld;
    if (records)
        *records = n;
    return PC_OK;
}

const char *pc_converter_errmsg(const pc_converter *c) { return c ? c->errmsg.ptr : ""; }

size_t pc_converter_errcol(const pc_converter *c) { return c ? c->errcol : 0; }
