/* SPDX-License-Identifier: MIT */
/* crossref.c — crossref and xdata: an entry takes the fields it lacks from
 * its parents, as biber does (map.c's rules: a proceedings' title is its
 * papers' booktitle, a book's author its chapters' bookauthor, ...; any
 * other field under its own name, which is also what classic BibTeX does).
 *
 * Finding the parents without holding the input: parents usually come
 * after their children, so nothing is kept until the first entry that has
 * a crossref or xdata field.  Then two more passes read the whole input
 * with a second lexer: the first collects the keys that crossref and xdata
 * fields name, the second keeps the fields of the entries with those keys
 * (and nothing else).  Memory is bounded by those parents (at most
 * PC_BIB_MAX_PARENTS of them, PC_BIB_MAX_PARENT_BYTES in all), never by the
 * input; an input without crossref or xdata costs nothing.  A file is
 * read again from its path; an input that cannot be (a pipe, a transcoded
 * file) is kept as it is read (pc_bib_lex_tee: in memory up to 1 MB, then
 * in a temporary file) and the passes read that.  A chain of parents is
 * followed at most PC_BIB_MAX_CHAIN deep (cycles stop there too). */
#include "bibtex.h"

#include <stdlib.h>
#include <sys/stat.h>

enum {
    PC_BIB_MAX_PARENTS = 100000,
    PC_BIB_MAX_PARENT_BYTES = 64 << 20,
    PC_BIB_MAX_CHAIN = 8,
};

typedef struct parent {
    char *key;       /* lower case (ASCII) */
    char *type;      /* NULL until the entry is found */
    pc_strlist names, values;
    bool resolved;   /* its own parents' fields are in */
} parent;

struct pc_bib_xref {
    pc_bib_lexer *lx; /* the reader's lexer */
    pc_source *src;
    pc_ctx *ctx;
    bool reopen;  /* the input can be read again from its path */
    int state;    /* 0: parents not looked for yet; 1: found; -1: cannot be */
    parent *p;
    size_t n, cap;
    uint32_t *slot; /* 1 + index into p, 0 = empty */
    size_t mask;
    size_t bytes;
    bool full; /* a limit was reached (reported once) */
    pc_buf tmp;
};

pc_bib_xref *pc_bib_xref_new(pc_bib_lexer *lx, pc_source *src, pc_ctx *ctx)
{
    pc_bib_xref *x = pc_xcalloc(1, sizeof *x);
    x->lx = lx;
    x->src = src;
    x->ctx = ctx;
    const char *name = pc_source_name(src);
    struct stat st;
    x->reopen = strcmp(name, "-") != 0 && !pc_source_encoding(src) && stat(name, &st) == 0 &&
                S_ISREG(st.st_mode);
    if (!x->reopen)
        pc_bib_lex_tee(lx);
    pc_buf_init(&x->tmp);
    return x;
}

void pc_bib_xref_free(pc_bib_xref *x)
{
    if (!x)
        return;
    for (size_t i = 0; i < x->n; i++) {
        free(x->p[i].key);
        free(x->p[i].type);
        pc_strlist_clear(&x->p[i].names);
        pc_strlist_clear(&x->p[i].values);
    }
    free(x->p);
    free(x->slot);
    pc_buf_free(&x->tmp);
    free(x);
}

/* ---- the parents, by key ------------------------------------------------------------ */

static uint64_t key_hash(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)pc_to_lower((unsigned char)s[i])) * 1099511628211ULL;
    return h ^ (h >> 31);
}

/* The slot of key [s, s+n) (ASCII case ignored): where it is, or the empty
 * one where it would go. */
static uint32_t *find_slot(const pc_bib_xref *x, const char *s, size_t n)
{
    for (size_t i = (size_t)key_hash(s, n) & x->mask;; i = (i + 1) & x->mask) {
        uint32_t k = x->slot[i];
        if (!k || (strlen(x->p[k - 1].key) == n && pc_strncasecmp(x->p[k - 1].key, s, n) == 0))
            return &x->slot[i];
    }
}

static parent *find_parent(const pc_bib_xref *x, const char *s, size_t n)
{
    if (!x->slot)
        return NULL;
    uint32_t k = *find_slot(x, s, n);
    return k ? &x->p[k - 1] : NULL;
}

static bool over_limit(pc_bib_xref *x, size_t more)
{
    if (x->n < PC_BIB_MAX_PARENTS && x->bytes + more <= PC_BIB_MAX_PARENT_BYTES)
        return false;
    if (!x->full)
        pc_diag_emit(x->ctx, PC_SEV_WARNING, pc_bib_lex_file(x->lx), 0, 0,
                     "more than %d crossref/xdata parents or %d MB of their fields: the others "
                     "are not followed", PC_BIB_MAX_PARENTS, PC_BIB_MAX_PARENT_BYTES >> 20);
    x->full = true;
    return true;
}

/* Adds the key [s, s+n) to the parents looked for. */
static void want_key(pc_bib_xref *x, const char *s, size_t n)
{
    if (!n || find_parent(x, s, n) || over_limit(x, n))
        return;
    if (2 * (x->n + 1) > x->mask) { /* load at most 1/2: grow and re-insert */
        size_t cap = x->mask ? 2 * (x->mask + 1) : 64;
        free(x->slot);
        x->slot = pc_xcalloc(cap, sizeof *x->slot);
        x->mask = cap - 1;
        for (size_t i = 0; i < x->n; i++)
            *find_slot(x, x->p[i].key, strlen(x->p[i].key)) = (uint32_t)(i + 1);
    }
    if (x->n == x->cap) {
        x->cap = x->cap ? 2 * x->cap : 16;
        x->p = pc_xrealloc(x->p, x->cap * sizeof *x->p);
    }
    parent *p = &x->p[x->n];
    *p = (parent){.key = pc_xstrndup(s, n)};
    *find_slot(x, s, n) = (uint32_t)(++x->n);
    x->bytes += n;
}

/* Calls fn for each key of a crossref or xdata value ("a, b"). */
static void each_key(const char *s, size_t n, void (*fn)(void *u, const char *k, size_t kn), void *u)
{
    size_t i = 0;
    while (i < n) {
        while (i < n && (s[i] == ',' || pc_is_space((unsigned char)s[i]) || s[i] == '{' || s[i] == '}'))
            i++;
        size_t st = i;
        while (i < n && s[i] != ',' && !pc_is_space((unsigned char)s[i]) && s[i] != '{' && s[i] != '}')
            i++;
        if (i > st)
            fn(u, s + st, i - st);
    }
}

static void want_cb(void *u, const char *k, size_t n) { want_key(u, k, n); }

/* ---- the passes --------------------------------------------------------------------------- */

/* Keeps the fields of the current entry of `scan` when its key is wanted. */
static void keep_parent(pc_bib_xref *x, pc_bib_lexer *scan)
{
    pc_bib_entry e = pc_bib_lex_entry(scan);
    parent *p = find_parent(x, e.key, strlen(e.key));
    if (!p || p->type)
        return; /* not a parent, or found before (the first one counts) */
    size_t more = 0;
    for (size_t i = 0; i < e.n_fields; i++)
        more += strlen(e.fields[i].name) + e.fields[i].val.len;
    if (over_limit(x, more))
        return;
    x->bytes += more;
    p->type = pc_xstrdup(e.type);
    for (size_t i = 0; i < e.n_fields; i++) {
        pc_strlist_push(&p->names, e.fields[i].name);
        pc_strlist_push_n(&p->values, e.fields[i].val.ptr, e.fields[i].val.len);
    }
}

/* One pass over the whole input: the keys parents have (pass 1), or the
 * parents' fields (pass 2).  False when the input could not be read. */
static bool pass(pc_bib_xref *x, FILE *spool, int which)
{
    pc_ctx quiet; /* the reader reports the input's problems once */
    pc_ctx_init(&quiet, NULL, NULL);
    pc_source *src = NULL;
    pc_bib_lexer *scan;
    if (spool) {
        rewind(spool);
        scan = pc_bib_lex_open_file(spool, pc_bib_lex_file(x->lx), &quiet);
    } else {
        src = pc_source_open(pc_source_name(x->src));
        if (!src)
            return false;
        scan = pc_bib_lex_open(src, &quiet);
    }
    pc_bib_lex_status st;
    while ((st = pc_bib_lex_next(scan)) != PC_BIB_EOF && st != PC_BIB_FATAL && st != PC_BIB_NONE) {
        if (st != PC_BIB_ENTRY)
            continue;
        if (which == 2) {
            keep_parent(x, scan);
            continue;
        }
        static const char *const refs[] = {"crossref", "xdata"};
        for (int i = 0; i < 2; i++) {
            pc_bib_field *f = pc_bib_lex_find(scan, refs[i]);
            if (f)
                each_key(f->val.ptr, f->val.len, want_cb, x);
        }
    }
    pc_bib_lex_close(scan);
    pc_source_close(src);
    pc_ctx_free(&quiet);
    return true;
}

static void load(pc_bib_xref *x)
{
    FILE *spool = NULL;
    x->state = -1;
    if (!x->reopen && !(spool = pc_bib_lex_spool(x->lx)))
        return; /* reported */
    if (pass(x, spool, 1) && pass(x, spool, 2))
        x->state = 1;
    else
        pc_diag_emit(x->ctx, PC_SEV_WARNING, pc_bib_lex_file(x->lx), 0, 0,
                     "cannot read the input again: crossref and xdata not followed");
    if (spool)
        pc_bib_lex_resume(x->lx);
}

/* ---- inheriting ---------------------------------------------------------------------------- */

static bool has_name(const pc_strlist *names, const char *name)
{
    for (size_t i = 0; i < names->n; i++) /* a parent's few fields */
        if (strcmp(names->items[i], name) == 0)
            return true;
    return false;
}

static void resolve(pc_bib_xref *x, parent *p, int depth);

/* Gives parent `to` the fields of its parent `from` (NULL type: xdata). */
static void parent_takes(pc_bib_xref *x, parent *to, parent *from, bool xdata, int depth)
{
    resolve(x, from, depth + 1);
    for (size_t i = 0; i < from->names.n; i++) {
        const char *as[2];
        size_t k = pc_bib_inherit_names(xdata ? NULL : from->type, to->type, from->names.items[i], as);
        for (size_t j = 0; j < k; j++)
            if (!has_name(&to->names, as[j])) {
                pc_strlist_push(&to->names, as[j]);
                pc_strlist_push(&to->values, from->values.items[i]);
            }
    }
}

typedef struct chain_ctx {
    pc_bib_xref *x;
    parent *p;
    bool xdata;
    int depth;
} chain_ctx;

static void chain_cb(void *u, const char *k, size_t n)
{
    chain_ctx *c = u;
    parent *from = find_parent(c->x, k, n);
    if (from && from->type && from != c->p)
        parent_takes(c->x, c->p, from, c->xdata, c->depth);
}

/* A parent's own crossref and xdata parents, into its fields. */
static void resolve(pc_bib_xref *x, parent *p, int depth)
{
    if (p->resolved || !p->type || depth > PC_BIB_MAX_CHAIN)
        return;
    p->resolved = true; /* first: a cycle ends here */
    static const char *const refs[] = {"xdata", "crossref"};
    for (int r = 0; r < 2; r++)
        for (size_t i = 0; i < p->names.n; i++)
            if (strcmp(p->names.items[i], refs[r]) == 0) {
                chain_ctx c = {.x = x, .p = p, .xdata = r == 0, .depth = depth};
                each_key(p->values.items[i], strlen(p->values.items[i]), chain_cb, &c);
            }
}

typedef struct child_ctx {
    pc_bib_xref *x;
    bool xdata;
    const pc_bib_field *ref;
    bool (*has)(void *u, const char *name);
    void *u;
} child_ctx;

static void child_cb(void *u, const char *k, size_t n)
{
    child_ctx *c = u;
    pc_bib_xref *x = c->x;
    parent *p = find_parent(x, k, n);
    if (!p || !p->type) {
        pc_diag_emit(x->ctx, PC_SEV_WARNING, pc_bib_lex_file(x->lx), c->ref->line, c->ref->col,
                     "%s: no entry \"%.*s\" in this input", c->ref->name, (int)n, k);
        return;
    }
    resolve(x, p, 0);
    pc_bib_entry e = pc_bib_lex_entry(x->lx);
    for (size_t i = 0; i < p->names.n; i++) {
        const char *as[2];
        size_t m = pc_bib_inherit_names(c->xdata ? NULL : p->type, e.type, p->names.items[i], as);
        for (size_t j = 0; j < m; j++) {
            if (c->has(c->u, as[j]))
                continue;
            pc_bib_field *f = pc_bib_lex_add(x->lx, as[j]);
            if (!f)
                continue;
            f->inherited = true;
            pc_buf_puts(&f->val, p->values.items[i]);
        }
    }
}

void pc_bib_xref_inherit(pc_bib_xref *x, bool (*has)(void *u, const char *name), void *u)
{
    pc_bib_field *xd = pc_bib_lex_find(x->lx, "xdata");
    pc_bib_field *cr = pc_bib_lex_find(x->lx, "crossref");
    if (!xd && !cr)
        return;
    if (x->state == 0)
        load(x);
    if (x->state < 0)
        return;
    /* xdata first (the entry's own data), then crossref; the xdata field
     * is read (the @xdata entries are not written), crossref stays */
    pc_bib_field *refs[2] = {xd, cr};
    for (int i = 0; i < 2; i++) {
        if (!refs[i])
            continue;
        pc_buf_clear(&x->tmp); /* the value: the lexer may move its fields */
        pc_buf_put(&x->tmp, refs[i]->val.ptr, refs[i]->val.len);
        pc_bib_field ref = *refs[i];
        child_ctx c = {.x = x, .xdata = i == 0, .ref = &ref, .has = has, .u = u};
        if (i == 0)
            refs[0]->used = true;
        each_key(x->tmp.ptr, x->tmp.len, child_cb, &c);
        cr = pc_bib_lex_find(x->lx, "crossref"); /* fields may have moved */
        refs[1] = cr;
    }
}
