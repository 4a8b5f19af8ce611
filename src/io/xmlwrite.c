/* SPDX-License-Identifier: MIT */
/* xmlwrite.c — the XML writers' shared layer over xmlTextWriter (see
 * xmlwrite.h): the document, clean text, the layout, containers by path.
 *
 * libxml2 escapes '<', '>', '&' (and '"', CR, LF, TAB in attributes; CR
 * in text as &#13;).  It does not check what it is given: a control
 * character or a byte that is not UTF-8 would reach the output as it is
 * and make it malformed, so every string goes through pc_xw_clean first.
 * The output goes through an xmlOutputBuffer whose write callback is
 * fwrite, so a full disk is seen (the writer then fails and says so). */
#include "io/xmlwrite.h"
#include "io/xmlread.h"
#include "text/unicode.h"

#include <libxml/xmlwriter.h>
#include <stdlib.h>

typedef struct comp {
    size_t start, n; /* the component in w->comps */
} comp;

struct pc_xw {
    pc_ctx *ctx;
    const char *fmt;
    FILE *out;
    bool failed, io_failed;
    bool replaced, dropped; /* since the last flush: counted once a record */
    xmlTextWriterPtr tw;
    unsigned depth;      /* elements open */
    bool *children;      /* per depth: the element has a child element */
    size_t cap_children;
    bool in_value;       /* inside an element with text: no layout */
    unsigned value_depth;
    /* the containers pc_xw_path opened, above the base */
    pc_buf comps;
    comp *stack;
    size_t n_stack, cap_stack;
    size_t *bases; /* n_stack at each base */
    size_t n_bases, cap_bases;
    pc_buf tmp, clean;
};

/* ---- clean text ------------------------------------------------------------------------ */

void pc_xw_clean(const char *s, size_t n, pc_buf *out, size_t *replaced, size_t *dropped)
{
    size_t rep = 0, drop = 0, run = 0;
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x80) {
            i++;
            continue;
        }
        if (c < 0x20 && (c == '\t' || c == '\n' || c == '\r')) {
            i++;
            continue;
        }
        int32_t cp = 0;
        int len = c < 0x80 ? 1 : pc_utf8_next(s + i, n - i, &cp);
        if (c >= 0x80 && len > 0 && cp != 0xFFFE && cp != 0xFFFF) {
            i += (size_t)len;
            continue;
        }
        pc_buf_put(out, s + run, i - run);
        if (c < 0x20 || len > 0) { /* a control character, U+FFFE, U+FFFF */
            drop++;
            i += len > 0 ? (size_t)len : 1;
        } else {
            pc_buf_puts(out, "\xEF\xBF\xBD");
            rep++;
            i++;
        }
        run = i;
    }
    pc_buf_put(out, s + run, n - run);
    if (replaced)
        *replaced = rep;
    if (dropped)
        *dropped = drop;
}

/* s cleaned into w->clean; counted when something changed. */
static const char *clean(pc_xw *w, const char *s)
{
    size_t rep, drop, n = strlen(s);
    pc_buf_clear(&w->clean);
    pc_xw_clean(s, n, &w->clean, &rep, &drop);
    w->replaced |= rep > 0;
    w->dropped |= drop > 0;
    return w->clean.ptr;
}

/* ---- the document ------------------------------------------------------------------------ */

static int write_cb(void *ctx, const char *buf, int len)
{
    pc_xw *w = ctx;
    if (len > 0 && fwrite(buf, 1, (size_t)len, w->out) != (size_t)len) {
        w->io_failed = true;
        return -1;
    }
    return len;
}

static void check(pc_xw *w, int rc)
{
    if (rc < 0)
        w->failed = true;
}

pc_xw *pc_xw_begin(FILE *out, pc_ctx *ctx, const char *fmt, bool standalone)
{
    pc_xw *w = pc_xcalloc(1, sizeof *w);
    w->ctx = ctx;
    w->fmt = fmt;
    w->out = out;
    pc_buf_init(&w->comps);
    pc_buf_init(&w->tmp);
    pc_buf_init(&w->clean);
    xmlOutputBufferPtr ob = xmlOutputBufferCreateIO(write_cb, NULL, w, NULL);
    w->tw = ob ? xmlNewTextWriter(ob) : NULL;
    if (!w->tw) {
        if (ob)
            xmlOutputBufferClose(ob);
        w->failed = true;
        return w;
    }
    check(w, xmlTextWriterStartDocument(w->tw, "1.0", "UTF-8", standalone ? "yes" : NULL));
    return w;
}

/* What the text of the record just written lost, counted once. */
static void count_cleaned(pc_xw *w)
{
    if (w->replaced)
        pc_ctx_dropped(w->ctx, w->fmt, "bytes not UTF-8 (written as U+FFFD)");
    if (w->dropped)
        pc_ctx_dropped(w->ctx, w->fmt, "control characters XML cannot hold (left out)");
    w->replaced = w->dropped = false;
}

bool pc_xw_flush(pc_xw *w)
{
    count_cleaned(w);
    if (w->tw)
        check(w, xmlTextWriterFlush(w->tw));
    return !w->failed && !w->io_failed;
}

bool pc_xw_end(pc_xw *w)
{
    count_cleaned(w);
    if (w->tw) {
        while (w->depth)
            pc_xw_close(w);
        check(w, xmlTextWriterEndDocument(w->tw));
        check(w, xmlTextWriterFlush(w->tw));
        xmlFreeTextWriter(w->tw);
    }
    bool ok = !w->failed && !w->io_failed && fflush(w->out) == 0;
    pc_buf_free(&w->comps);
    pc_buf_free(&w->tmp);
    pc_buf_free(&w->clean);
    pc_free(w->stack);
    pc_free(w->bases);
    pc_free(w->children);
    pc_free(w);
    return ok;
}

pc_buf *pc_xw_tmp(pc_xw *w) { return &w->tmp; }
pc_ctx *pc_xw_ctx(pc_xw *w) { return w->ctx; }

/* ---- elements ------------------------------------------------------------------------- */

/* A line break and the indentation of the current depth. */
static void newline(pc_xw *w)
{
    static const char spaces[] = "\n                                                                ";
    unsigned k = 2 * w->depth;
    if (k > sizeof spaces - 2)
        k = sizeof spaces - 2;
    check(w, xmlTextWriterWriteRawLen(w->tw, (const xmlChar *)spaces, (int)k + 1));
}

static void push_depth(pc_xw *w, bool child)
{
    if (w->depth + 1 >= w->cap_children) {
        w->cap_children = w->cap_children ? 2 * w->cap_children : 16;
        w->children = pc_xrealloc(w->children, w->cap_children * sizeof *w->children);
    }
    if (w->depth && child)
        w->children[w->depth - 1] = true;
    w->children[w->depth++] = false;
}

void pc_xw_open(pc_xw *w, const char *name)
{
    if (!w->tw)
        return;
    if (w->depth && !w->in_value)
        newline(w);
    check(w, xmlTextWriterStartElement(w->tw, (const xmlChar *)name));
    push_depth(w, true);
}

void pc_xw_open_inline(pc_xw *w, const char *name)
{
    if (!w->tw)
        return;
    if (!w->in_value) {
        w->in_value = true;
        w->value_depth = w->depth;
    }
    check(w, xmlTextWriterStartElement(w->tw, (const xmlChar *)name));
    push_depth(w, false);
}

void pc_xw_attr(pc_xw *w, const char *name, const char *value)
{
    if (w->tw && value)
        check(w, xmlTextWriterWriteAttribute(w->tw, (const xmlChar *)name, (const xmlChar *)clean(w, value)));
}

void pc_xw_text(pc_xw *w, const char *s, bool cr_lines)
{
    if (!w->tw || !s || !*s)
        return;
    if (!w->in_value) {
        w->in_value = true;
        w->value_depth = w->depth;
    }
    clean(w, s);
    if (cr_lines)
        for (char *p = w->clean.ptr; (p = strchr(p, '\n')) != NULL; p++)
            *p = '\r';
    check(w, xmlTextWriterWriteString(w->tw, (const xmlChar *)w->clean.ptr));
}

void pc_xw_close(pc_xw *w)
{
    if (!w->tw || !w->depth)
        return;
    bool kids = w->children[w->depth - 1];
    w->depth--;
    if (kids && !w->in_value)
        newline(w);
    check(w, xmlTextWriterEndElement(w->tw));
    if (w->in_value && w->depth <= w->value_depth)
        w->in_value = false;
}

void pc_xw_leaf(pc_xw *w, const char *name, const char *text)
{
    if (!text || !*text)
        return;
    pc_xw_open(w, name);
    pc_xw_text(w, text, false);
    pc_xw_close(w);
}

/* ---- containers by path ------------------------------------------------------------------- */

/* Opens a component "name", "name[attr=value]" or "name[a=v][b=w]". */
void pc_xw_open_comp(pc_xw *w, const char *c, size_t n)
{
    const char *br = memchr(c, '[', n), *end = c + n;
    pc_buf *t = &w->tmp;
    pc_buf_clear(t);
    pc_buf_put(t, c, br ? (size_t)(br - c) : n);
    pc_xw_open(w, t->ptr);
    while (br && br < end) {
        const char *eq = memchr(br, '=', (size_t)(end - br)), *close = memchr(br, ']', (size_t)(end - br));
        if (!eq || !close || eq > close)
            break;
        pc_buf_clear(t);
        pc_buf_put(t, br + 1, (size_t)(eq - br - 1));
        size_t name_len = t->len;
        pc_buf_putc(t, '\0');
        pc_buf_put(t, eq + 1, (size_t)(close - eq - 1));
        check(w, xmlTextWriterWriteAttribute(w->tw, (const xmlChar *)t->ptr,
                                             (const xmlChar *)clean(w, t->ptr + name_len + 1)));
        br = close + 1 < end && close[1] == '[' ? close + 1 : NULL;
    }
}

void pc_xw_element(pc_xw *w, const char *comp, size_t n, const char *text)
{
    if (!text || !*text)
        return;
    pc_xw_open_comp(w, comp, n);
    pc_xw_text(w, text, false);
    pc_xw_close(w);
}

void pc_xw_put(pc_xw *w, const char *path, const char *text)
{
    if (!text || !*text)
        return;
    const char *slash = strrchr(path, '/');
    size_t parent = slash ? (size_t)(slash - path) : 0;
    pc_xw_path(w, path, parent);
    const char *leaf = slash ? slash + 1 : path;
    pc_xw_element(w, leaf, strlen(leaf), text);
}

static size_t base_of(const pc_xw *w) { return w->n_bases ? w->bases[w->n_bases - 1] : 0; }

void pc_xw_path(pc_xw *w, const char *path, size_t n)
{
    size_t base = base_of(w), k = base, i = 0;
    /* the open components that match the path's first ones stay */
    while (k < w->n_stack && i < n) {
        const char *slash = memchr(path + i, '/', n - i);
        size_t len = slash ? (size_t)(slash - (path + i)) : n - i;
        const comp *c = &w->stack[k];
        if (c->n != len || memcmp(w->comps.ptr + c->start, path + i, len) != 0)
            break;
        k++;
        i += len + (slash != NULL);
    }
    while (w->n_stack > k) {
        pc_xw_close(w);
        pc_buf_truncate(&w->comps, w->stack[--w->n_stack].start);
    }
    while (i < n) {
        const char *slash = memchr(path + i, '/', n - i);
        size_t len = slash ? (size_t)(slash - (path + i)) : n - i;
        if (w->n_stack == w->cap_stack) {
            w->cap_stack = w->cap_stack ? 2 * w->cap_stack : 16;
            w->stack = pc_xrealloc(w->stack, w->cap_stack * sizeof *w->stack);
        }
        w->stack[w->n_stack++] = (comp){.start = w->comps.len, .n = len};
        pc_buf_put(&w->comps, path + i, len);
        pc_xw_open_comp(w, path + i, len);
        i += len + (slash != NULL);
    }
}

void pc_xw_base(pc_xw *w)
{
    if (w->n_bases == w->cap_bases) {
        w->cap_bases = w->cap_bases ? 2 * w->cap_bases : 8;
        w->bases = pc_xrealloc(w->bases, w->cap_bases * sizeof *w->bases);
    }
    w->bases[w->n_bases++] = w->n_stack;
}

void pc_xw_unbase(pc_xw *w)
{
    pc_xw_path(w, "", 0);
    if (w->n_bases)
        w->n_bases--;
}

/* ---- rows and pass-through values ------------------------------------------------------ */

const pc_map_row *pc_xw_rows_of(pc_xw_rows *c, const pc_map_row *rows, size_t n, pc_kind k, size_t *out_n)
{
    if ((unsigned)k >= PC_KIND_COUNT)
        k = PC_KIND_OTHER;
    if (!c->rows[k]) {
        c->rows[k] = pc_xmalloc((n ? n : 1) * sizeof *c->rows[k]);
        for (size_t i = 0; i < n; i++) {
            pc_map_row row = rows[i];
            bool fits = !row.kinds || (row.kinds & ((pc_kindset)1 << k));
            if (fits && ((row.dir & PC_MAP_WRITE) || row.how == PC_MAP_EXTRA)) {
                row.kinds = 0;
                c->rows[k][c->n[k]++] = row;
            }
        }
    }
    *out_n = c->n[k];
    return c->rows[k];
}

void pc_xw_rows_free(pc_xw_rows *c)
{
    for (size_t k = 0; k < PC_KIND_COUNT; k++)
        pc_free(c->rows[k]);
    memset(c, 0, sizeof *c);
}

void pc_xw_extras_start(pc_xw_extras *x, const pc_record *rec, const char *family, const pc_map_row *rows,
                        size_t n, void (*put)(void *user, const pc_extra *e), void *user)
{
    x->rec = rec;
    x->family = family;
    x->rows = rows;
    x->n_rows = n;
    x->put = put;
    x->user = user;
    if (x->cap < rec->n_extras) {
        pc_free(x->done);
        pc_free(x->rank);
        x->cap = rec->n_extras;
        x->done = pc_xmalloc(x->cap * sizeof *x->done);
        x->rank = pc_xmalloc(x->cap * sizeof *x->rank);
    }
    for (size_t i = 0; i < rec->n_extras; i++) {
        const pc_extra *e = &rec->extras[i];
        x->done[i] = !(e->format && !strcmp(e->format, family)); /* another family's: counted by the map */
        x->rank[i] = x->done[i] ? 0 : pc_xr_extra_rank(rows, n, e->name);
    }
}

/* Writes the values placed before row index `upto`, in the record's order. */
static void put_before(pc_xw_extras *x, size_t upto)
{
    for (size_t i = 0; i < x->rec->n_extras; i++)
        if (!x->done[i] && x->rank[i] < upto) {
            x->done[i] = true;
            x->put(x->user, &x->rec->extras[i]);
        }
}

void pc_xw_extras_upto(pc_xw_extras *x, const pc_map_row *row)
{
    if (x->rec->n_extras && row >= x->rows && row < x->rows + x->n_rows)
        put_before(x, (size_t)(row - x->rows));
}

void pc_xw_extras_rest(pc_xw_extras *x)
{
    put_before(x, (size_t)-1);
}

void pc_xw_extras_free(pc_xw_extras *x)
{
    pc_free(x->done);
    pc_free(x->rank);
    memset(x, 0, sizeof *x);
}
