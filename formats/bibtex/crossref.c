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
 * PC_BIB_MAX_PARENTS of them, PC_BIB_MAX_PARENT_BYTES in all, what they
 * inherit counted), never by the input; an input without crossref or
 * xdata costs nothing.  A file is read again from its path (transcoded
 * again under --encoding), standard input that is a file through
 * /dev/stdin; a pipe is kept by the lexer (pc_bib_lex_tee, lex.c: its
 * start up to a bound, its rest from the first entry with a crossref).
 *
 * Chains: an entry takes a field from the first of its ancestors that has
 * it, in biber's order (its own fields, then each xdata parent's with
 * what that one inherits, then the crossref parent's), among those at most
 * PC_BIB_MAX_LEVELS levels above it (its parent is level 1): the same
 * rule whichever order the file has, and a warning at the entry's field
 * where a longer chain is cut.  Each parent's fields with what it inherits
 * (its resolution) are worked out once, after its own parents', by a
 * depth-first walk with an explicit stack (no recursion, however long the
 * chain); an edge back to a parent whose walk is under way closes a cycle:
 * a warning at that field, not followed from there.  The resolution keeps,
 * per name, the candidates in order that are nearer than every one before
 * them, with their level (at most PC_BIB_MAX_LEVELS + 1 per name): exactly
 * what any descendant within the limit can take, so the memo is right for
 * all of them, and an entry in a chain of n takes at most 8 levels of it
 * (linear, where "all ancestors" would make n * n fields).  A resolution
 * holds references into the parents' own values, never copies, so one big
 * parent shared by many costs its size once; names are interned and
 * membership is a stamp per name, so merging is linear in what is merged. */
#include "bibtex.h"
#include "util/hash.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "io/encoding.h"

enum {
    PC_BIB_MAX_PARENTS = 100000,
    PC_BIB_MAX_PARENT_BYTES = 64 << 20,
    PC_BIB_MAX_LEVELS = 8, /* of parents above an entry that it inherits from */
};

/* A field of a parent (its own, or one it inherits): an interned name, a
 * value in the arena, and the level it comes from (0: its own). */
typedef struct ref {
    uint32_t name, val;
    uint8_t level;
} ref;

/* A parent's crossref or xdata field names another parent. */
typedef struct edge {
    uint32_t to; /* index into p */
    bool xdata;
} edge;

typedef struct parent {
    char *key;         /* as the first field naming it wrote it */
    char *type;        /* NULL until the entry is found */
    ref *f;            /* its own fields, then (once resolved) what it inherits */
    uint32_t nf, capf;
    uint32_t e0, ne;   /* its edges: edges[e0 .. e0 + ne), xdata ones first */
    unsigned long line[2], col[2]; /* its xdata [0] and crossref [1] values */
    uint8_t state;     /* 0: not resolved, 1: being resolved (on the stack), 2: resolved */
    uint8_t height;    /* levels of parents above it (at most PC_BIB_MAX_LEVELS + 1) */
    uint32_t up;       /* 1 + the parent on its longest chain up, 0: none */
} parent;

typedef enum again {
    AGAIN_TEE,   /* a pipe: the lexer keeps what the passes read */
    AGAIN_PATH,  /* a file, opened again by its path */
    AGAIN_STDIN, /* standard input redirected from a file: /dev/stdin */
} again;

typedef struct span {
    size_t off, len;
} span;

struct pc_bib_xref {
    pc_bib_lexer *lx; /* the reader's lexer */
    pc_source *src;
    pc_ctx *ctx;
    again how;
    int state;    /* 0: parents not looked for yet; 1: found; -1: cannot be */
    uint64_t seed; /* of the hashes: no file can make its keys collide */
    parent *p;
    size_t n, cap;
    uint32_t *slot; /* 1 + index into p, 0 = empty */
    size_t mask;
    /* interned field names, and a stamp per name (membership while merging) */
    char **names;
    uint32_t *mark;
    uint8_t *nearest; /* while merging: the nearest level kept for the name */
    size_t n_names, cap_names;
    uint32_t *name_slot; /* 1 + index into names */
    size_t name_mask;
    uint32_t stamp;
    /* the parents' own values, and the edges between parents */
    pc_buf arena;
    span *vals;
    size_t n_vals, cap_vals;
    edge *edges;
    size_t n_edges, cap_edges;
    /* the walk's stack: parent index and next edge */
    uint32_t (*stack)[2];
    size_t cap_stack;
    unsigned long kept_from; /* a pipe whose start was let go: the line its store starts at */
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
    x->seed = (0x9E3779B97F4A7C15ULL ^ (uint64_t)(uintptr_t)x) * 0xBF58476D1CE4E5B9ULL ^ (uint64_t)time(NULL);
    const char *name = pc_source_path(src); /* NULL: memory or a stream, read once */
    struct stat st;
    if (!name) {
        x->how = AGAIN_TEE;
    } else if (strcmp(name, "-") == 0) {
        int fd = fstat(0, &st) == 0 && S_ISREG(st.st_mode) ? open("/dev/stdin", O_RDONLY | O_CLOEXEC) : -1;
        x->how = fd >= 0 ? AGAIN_STDIN : AGAIN_TEE;
        if (fd >= 0)
            close(fd);
    } else if (stat(name, &st) == 0 && S_ISREG(st.st_mode)) {
        x->how = AGAIN_PATH;
    }
    if (x->how == AGAIN_TEE)
        pc_bib_lex_tee(lx);
    pc_buf_init(&x->tmp);
    pc_buf_init(&x->arena);
    return x;
}

void pc_bib_xref_free(pc_bib_xref *x)
{
    if (!x)
        return;
    for (size_t i = 0; i < x->n; i++) {
        pc_free(x->p[i].key);
        pc_free(x->p[i].type);
        pc_free(x->p[i].f);
    }
    for (size_t i = 0; i < x->n_names; i++)
        pc_free(x->names[i]);
    pc_free(x->names);
    pc_free(x->mark);
    pc_free(x->nearest);
    pc_free(x->name_slot);
    pc_free(x->p);
    pc_free(x->slot);
    pc_free(x->vals);
    pc_free(x->edges);
    pc_free(x->stack);
    pc_buf_free(&x->arena);
    pc_buf_free(&x->tmp);
    pc_free(x);
}

/* ---- limits ----------------------------------------------------------------------------------- */

/* False when `more` bytes (or one more parent) fit; else reports, once. */
static bool over_limit(pc_bib_xref *x, size_t more, unsigned long line, unsigned long col)
{
    if (x->n < PC_BIB_MAX_PARENTS && x->bytes + more <= PC_BIB_MAX_PARENT_BYTES)
        return false;
    if (!x->full)
        pc_diag_emit(x->ctx, PC_SEV_WARNING, pc_bib_lex_file(x->lx), line, col,
                     "more than %d crossref/xdata parents or %d MB of their fields (what they "
                     "inherit counted): the others are not followed",
                     PC_BIB_MAX_PARENTS, PC_BIB_MAX_PARENT_BYTES >> 20);
    x->full = true;
    return true;
}

/* ---- the parents, by key; field names, interned ------------------------------------------- */

static uint64_t key_hash(const pc_bib_xref *x, const char *s, size_t n)
{
    return pc_hash_end(pc_hash_bytes_fold(PC_HASH_INIT ^ x->seed, s, n));
}

/* The slot of key [s, s+n) (ASCII case ignored): where it is, or the empty
 * one where it would go. */
static uint32_t *find_slot(const pc_bib_xref *x, const char *s, size_t n)
{
    for (size_t i = (size_t)key_hash(x, s, n) & x->mask;; i = (i + 1) & x->mask) {
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

/* Adds the key [s, s+n) to the parents looked for. */
static void want_key(pc_bib_xref *x, const char *s, size_t n)
{
    if (!n || find_parent(x, s, n) || over_limit(x, n + sizeof(parent), 0, 0))
        return;
    if (2 * (x->n + 1) > x->mask) { /* load at most 1/2: grow and re-insert */
        size_t cap = x->mask ? 2 * (x->mask + 1) : 64;
        pc_free(x->slot);
        x->slot = pc_xcalloc(cap, sizeof *x->slot);
        x->mask = cap - 1;
        for (size_t i = 0; i < x->n; i++)
            *find_slot(x, x->p[i].key, strlen(x->p[i].key)) = (uint32_t)(i + 1);
    }
    PC_GROW(x->p, x->cap, x->n + 1);
    x->p[x->n] = (parent){.key = pc_xstrndup(s, n)};
    *find_slot(x, s, n) = (uint32_t)(++x->n);
    x->bytes += n + sizeof(parent);
}

/* The slot of field name s (lower case already). */
static uint32_t *name_slot_of(const pc_bib_xref *x, const char *s)
{
    for (size_t i = (size_t)key_hash(x, s, strlen(s)) & x->name_mask;; i = (i + 1) & x->name_mask) {
        uint32_t k = x->name_slot[i];
        if (!k || strcmp(x->names[k - 1], s) == 0)
            return &x->name_slot[i];
    }
}

/* The id of field name s, interned on first use. */
static uint32_t intern(pc_bib_xref *x, const char *s)
{
    if (2 * (x->n_names + 1) > x->name_mask) {
        size_t cap = x->name_mask ? 2 * (x->name_mask + 1) : 256;
        pc_free(x->name_slot);
        x->name_slot = pc_xcalloc(cap, sizeof *x->name_slot);
        x->name_mask = cap - 1;
        for (size_t i = 0; i < x->n_names; i++)
            *name_slot_of(x, x->names[i]) = (uint32_t)(i + 1);
    }
    uint32_t *slot = name_slot_of(x, s);
    if (*slot)
        return *slot - 1;
    if (x->n_names == x->cap_names) {
        x->cap_names = pc_grow_cap(x->cap_names, x->n_names + 1);
        x->names = pc_xreallocarray(x->names, x->cap_names, sizeof *x->names);
        x->mark = pc_xreallocarray(x->mark, x->cap_names, sizeof *x->mark);
        x->nearest = pc_xreallocarray(x->nearest, x->cap_names, sizeof *x->nearest);
    }
    x->names[x->n_names] = pc_xstrdup(s);
    x->mark[x->n_names] = 0;
    x->bytes += strlen(s) + 1 + sizeof(char *) + 3 * sizeof(uint32_t) + 1;
    *slot = (uint32_t)(++x->n_names);
    return *slot - 1;
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

static void add_ref(parent *p, uint32_t name, uint32_t val, uint8_t level)
{
    PC_GROW(p->f, p->capf, p->nf + 1);
    p->f[p->nf++] = (ref){name, val, level};
}

typedef struct edge_ctx {
    pc_bib_xref *x;
    bool xdata;
} edge_ctx;

static void edge_cb(void *u, const char *k, size_t n)
{
    edge_ctx *c = u;
    parent *to = find_parent(c->x, k, n); /* NULL only past the limits, reported */
    if (!to)
        return;
    PC_GROW(c->x->edges, c->x->cap_edges, c->x->n_edges + 1);
    c->x->edges[c->x->n_edges++] = (edge){(uint32_t)(to - c->x->p), c->xdata};
}

/* The edges of parent p (its xdata keys, then its crossref key), and where
 * the fields that name them are. */
static void keep_edges(pc_bib_xref *x, pc_bib_lexer *scan, parent *p)
{
    static const char *const refs[] = {"xdata", "crossref"};
    p->e0 = (uint32_t)x->n_edges;
    for (int r = 0; r < 2; r++) {
        pc_bib_field *f = pc_bib_lex_find(scan, refs[r]);
        if (!f)
            continue;
        p->line[r] = f->line;
        p->col[r] = f->col;
        edge_ctx c = {x, r == 0};
        each_key(f->val.ptr, f->val.len, edge_cb, &c);
    }
    p->ne = (uint32_t)(x->n_edges - p->e0);
    x->bytes += p->ne * sizeof(edge);
}

/* Keeps the fields of the current entry of `scan` when its key is wanted. */
static void keep_parent(pc_bib_xref *x, pc_bib_lexer *scan)
{
    pc_bib_entry e = pc_bib_lex_entry(scan);
    parent *p = find_parent(x, e.key, strlen(e.key));
    if (!p || p->type)
        return; /* not a parent, or found before (the first one counts) */
    size_t more = 0;
    for (size_t i = 0; i < e.n_fields; i++)
        more += strlen(e.fields[i].name) + e.fields[i].val.len + sizeof(ref) + sizeof(span);
    if (over_limit(x, more, e.line, e.col))
        return;
    x->bytes += more;
    p->type = pc_xstrdup(e.type);
    for (size_t i = 0; i < e.n_fields; i++) {
        PC_GROW(x->vals, x->cap_vals, x->n_vals + 1);
        x->vals[x->n_vals] = (span){x->arena.len, e.fields[i].val.len};
        pc_buf_put(&x->arena, e.fields[i].val.ptr, e.fields[i].val.len);
        add_ref(p, intern(x, e.fields[i].name), (uint32_t)x->n_vals++, 0);
    }
    keep_edges(x, scan, p);
}

/* Wants the keys the current entry of `lx` names. */
static void want_keys(pc_bib_xref *x, pc_bib_lexer *lx)
{
    static const char *const refs[] = {"crossref", "xdata"};
    for (int i = 0; i < 2; i++) {
        pc_bib_field *f = pc_bib_lex_find(lx, refs[i]);
        if (f)
            each_key(f->val.ptr, f->val.len, want_cb, x);
    }
}

/* A source over the input again, or NULL. */
static pc_source *open_again(pc_bib_xref *x)
{
    pc_source *src = pc_source_open(x->how == AGAIN_STDIN ? "/dev/stdin" : pc_source_name(x->src));
    const char *enc = pc_source_encoding(x->src);
    if (src && enc) { /* transcoded again, as convert.c chose: a byte-order mark is skipped */
        const char *head;
        size_t n = pc_source_peek(src, 4, &head), bom = 0;
        if (!pc_encoding_from_bom(head, n, &bom))
            bom = 0;
        if (!pc_source_set_encoding(src, enc, bom)) {
            pc_source_close(src);
            src = NULL;
        }
    }
    return src;
}

/* One pass over the whole input: the keys parents have (pass 1), or the
 * parents' fields (pass 2).  False when the input could not be read. */
static bool pass(pc_bib_xref *x, FILE *spool, unsigned long line, unsigned long col, int which)
{
    pc_ctx quiet; /* the reader reports the input's problems once */
    pc_ctx_init(&quiet, NULL, NULL);
    pc_source *src = NULL;
    pc_bib_lexer *scan;
    off_t at = x->how == AGAIN_STDIN ? lseek(0, 0, SEEK_CUR) : 0;
    if (spool) {
        rewind(spool);
        scan = pc_bib_lex_open_file(spool, pc_bib_lex_file(x->lx), &quiet);
        pc_bib_lex_start_at(scan, line, col);
    } else {
        if (x->how == AGAIN_STDIN) /* where /dev/stdin shares fd 0's offset */
            lseek(0, 0, SEEK_SET);
        src = open_again(x);
        if (!src) {
            if (x->how == AGAIN_STDIN)
                lseek(0, at, SEEK_SET);
            pc_ctx_free(&quiet);
            return false;
        }
        scan = pc_bib_lex_open(src, &quiet);
    }
    pc_bib_lex_status st;
    while ((st = pc_bib_lex_next(scan)) != PC_BIB_EOF && st != PC_BIB_FATAL && st != PC_BIB_NONE) {
        if (st != PC_BIB_ENTRY)
            continue;
        if (which == 2)
            keep_parent(x, scan);
        else
            want_keys(x, scan);
    }
    pc_bib_lex_close(scan);
    pc_source_close(src);
    if (x->how == AGAIN_STDIN)
        lseek(0, at, SEEK_SET);
    pc_ctx_free(&quiet);
    return true;
}

static void load(pc_bib_xref *x)
{
    FILE *spool = NULL;
    unsigned long line = 1, col = 1;
    x->state = -1;
    if (x->how == AGAIN_TEE && !(spool = pc_bib_lex_spool(x->lx, &line, &col)))
        return; /* reported */
    if (line != 1 || col != 1) { /* the store starts after the entry being read: it counts too */
        x->kept_from = line;
        want_keys(x, x->lx);
    }
    bool ok = pass(x, spool, line, col, 1);
    if (ok && x->kept_from) /* before what follows it (the first of a key counts) */
        keep_parent(x, x->lx);
    if (ok && pass(x, spool, line, col, 2))
        x->state = 1;
    else
        pc_diag_emit(x->ctx, PC_SEV_WARNING, pc_bib_lex_file(x->lx), 0, 0,
                     "cannot read the input again: crossref and xdata not followed");
    if (spool)
        pc_bib_lex_resume(x->lx);
}

/* ---- resolving: a parent's fields with what it inherits ---------------------------------- */

/* No entry `key` for the field `field` at line:col (of a pipe whose
 * start was let go: none after the line its store starts at). */
static void missing(const pc_bib_xref *x, const char *field, unsigned long line, unsigned long col,
                    const char *key, int n)
{
    if (x->kept_from)
        pc_diag_emit(x->ctx, PC_SEV_WARNING, pc_bib_lex_file(x->lx), line, col,
                     "%s: no entry \"%.*s\" after line %lu of this pipe (its start is not kept past "
                     "%d MB: give the input as a file)",
                     field, n, key, x->kept_from, PC_BIB_TEE_MAX >> 20);
    else
        pc_diag_emit(x->ctx, PC_SEV_WARNING, pc_bib_lex_file(x->lx), line, col,
                     "%s: no entry \"%.*s\" in this input", field, n, key);
}

static bool is_xdata_entry(const parent *p)
{
    const pc_bib_type *t = pc_bib_type_find(p->type);
    return t && (t->flags & PC_BIB_T_SKIP);
}

/* The edge e of p leads nowhere it can be followed: a parent under way (a
 * cycle) or missing (reported here only for an @xdata entry, which is no
 * record: other entries report it when they are read). */
static void edge_problem(pc_bib_xref *x, const parent *p, const edge *e)
{
    const parent *to = &x->p[e->to];
    const char *field = e->xdata ? "xdata" : "crossref";
    int r = e->xdata ? 0 : 1;
    if (to->type)
        pc_diag_emit(x->ctx, PC_SEV_WARNING, pc_bib_lex_file(x->lx), p->line[r], p->col[r],
                     "%s: \"%s\" leads back to this entry (a cycle): not followed from here", field,
                     to->key);
    else if (is_xdata_entry(p))
        missing(x, field, p->line[r], p->col[r], to->key, (int)strlen(to->key));
}

/* A new stamp: no name is marked. */
static void new_stamp(pc_bib_xref *x)
{
    if (++x->stamp == 0) {
        memset(x->mark, 0, x->n_names * sizeof *x->mark);
        x->stamp = 1;
    }
}

/* One candidate of parent `from` for p: kept when no nearer or as near one
 * for the name came before. */
static bool take(pc_bib_xref *x, parent *p, const ref *r, const char *as, uint32_t level)
{
    uint32_t id = as == x->names[r->name] ? r->name : intern(x, as);
    if (x->mark[id] == x->stamp && x->nearest[id] <= level)
        return true;
    if (over_limit(x, sizeof(ref), p->line[1], p->col[1]))
        return false;
    x->bytes += sizeof(ref);
    x->mark[id] = x->stamp;
    x->nearest[id] = (uint8_t)level;
    add_ref(p, id, r->val, (uint8_t)level);
    return true;
}

/* p (its parents resolved) takes their candidates, in the order of its
 * edges (xdata first, then crossref), one level further up; its height is
 * its longest chain's. */
static void merge(pc_bib_xref *x, parent *p)
{
    new_stamp(x);
    for (uint32_t i = 0; i < p->nf; i++) {
        x->mark[p->f[i].name] = x->stamp;
        x->nearest[p->f[i].name] = 0;
    }
    for (uint32_t k = 0; k < p->ne; k++) {
        const edge *e = &x->edges[p->e0 + k];
        const parent *from = &x->p[e->to];
        if (from->state != 2 || from == p)
            continue; /* missing, or a cycle: reported */
        if (from->height + 1u > p->height) {
            p->height = from->height < PC_BIB_MAX_LEVELS ? from->height + 1 : PC_BIB_MAX_LEVELS + 1;
            p->up = e->to + 1;
        }
        for (uint32_t i = 0; i < from->nf; i++) {
            uint32_t level = from->f[i].level + 1u;
            if (level > PC_BIB_MAX_LEVELS)
                continue;
            const char *as[2];
            size_t m = pc_bib_inherit_names(e->xdata ? NULL : from->type, p->type,
                                            x->names[from->f[i].name], as);
            for (size_t j = 0; j < m; j++)
                if (!take(x, p, &from->f[i], as[j], level))
                    return;
        }
    }
}

/* Resolves root and the parents it inherits from, deepest first. */
static void resolve(pc_bib_xref *x, parent *root)
{
    if (root->state || !root->type)
        return;
    size_t depth = 0;
    PC_GROW(x->stack, x->cap_stack, depth + 1);
    x->stack[depth][0] = (uint32_t)(root - x->p);
    x->stack[depth++][1] = 0;
    root->state = 1;
    while (depth) {
        uint32_t *top = x->stack[depth - 1];
        parent *p = &x->p[top[0]];
        if (top[1] == p->ne) {
            merge(x, p);
            p->state = 2;
            depth--;
            continue;
        }
        const edge *e = &x->edges[p->e0 + top[1]++];
        parent *to = &x->p[e->to];
        if (!to->type || to->state == 1) {
            edge_problem(x, p, e);
        } else if (to->state == 0) {
            to->state = 1;
            PC_GROW(x->stack, x->cap_stack, depth + 1);
            x->stack[depth][0] = e->to;
            x->stack[depth++][1] = 0;
        }
    }
}

/* ---- inheriting ---------------------------------------------------------------------------- */

typedef struct child_ctx {
    pc_bib_xref *x;
    bool xdata;
    const pc_bib_field *ref;
    bool (*has)(void *u, const char *name);
    void *u;
    size_t bytes; /* of the entry's fields so far */
} child_ctx;

/* The entry is over the entry limit with the fields of p: an error at the
 * field that names p. */
static void too_big(const child_ctx *c, const parent *p, size_t dropped, const char *first)
{
    pc_diag_emit(c->x->ctx, PC_SEV_ERROR, pc_bib_lex_file(c->x->lx), c->ref->line, c->ref->col,
                 "%s: the entry would be larger than %d MB with what it inherits: %zu field%s of "
                 "\"%s\" not inherited (%s%s)",
                 c->ref->name, PC_BIB_ENTRY_LIMIT >> 20, dropped, dropped == 1 ? "" : "s", p->key, first,
                 dropped > 1 ? ", ..." : "");
}

/* The entry's chain through p goes on past PC_BIB_MAX_LEVELS: a warning
 * at its field, naming the last parent followed. */
static void cut(const child_ctx *c, const parent *p)
{
    const parent *last = p;
    for (int level = 1; level < PC_BIB_MAX_LEVELS && last->up; level++)
        last = &c->x->p[last->up - 1];
    pc_diag_emit(c->x->ctx, PC_SEV_WARNING, pc_bib_lex_file(c->x->lx), c->ref->line, c->ref->col,
                 "%s: more than %d levels of parents: not followed past \"%s\", the %dth",
                 c->ref->name, PC_BIB_MAX_LEVELS, last->key, PC_BIB_MAX_LEVELS);
}

static void child_cb(void *u, const char *k, size_t n)
{
    child_ctx *c = u;
    pc_bib_xref *x = c->x;
    parent *p = find_parent(x, k, n);
    if (!p || !p->type) {
        missing(x, c->ref->name, c->ref->line, c->ref->col, k, (int)n);
        return;
    }
    resolve(x, p);
    if (p->height >= PC_BIB_MAX_LEVELS)
        cut(c, p);
    const char *type = pc_bib_lex_entry(x->lx).type;
    size_t dropped = 0;
    const char *first = NULL;
    for (uint32_t i = 0; i < p->nf; i++) {
        if (p->f[i].level >= PC_BIB_MAX_LEVELS)
            continue; /* level 1 + that: past the limit */
        const char *as[2];
        size_t m = pc_bib_inherit_names(c->xdata ? NULL : p->type, type, x->names[p->f[i].name], as);
        const span *v = &x->vals[p->f[i].val];
        for (size_t j = 0; j < m; j++) {
            if (c->has(c->u, as[j]))
                continue;
            size_t more = strlen(as[j]) + v->len;
            if (c->bytes + more > PC_BIB_ENTRY_LIMIT) {
                if (!pc_bib_lex_find(x->lx, as[j])) {
                    first = first ? first : as[j];
                    dropped++;
                }
                continue;
            }
            pc_bib_field *f = pc_bib_lex_add(x->lx, as[j]);
            if (!f)
                continue; /* taken already (from an xdata parent) */
            f->inherited = true;
            pc_buf_put(&f->val, x->arena.ptr + v->off, v->len);
            c->bytes += more;
        }
    }
    if (dropped)
        too_big(c, p, dropped, first);
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
    pc_bib_entry e = pc_bib_lex_entry(x->lx);
    size_t bytes = 0;
    for (size_t i = 0; i < e.n_fields; i++)
        bytes += strlen(e.fields[i].name) + e.fields[i].val.len;
    /* xdata first (the entry's own data), then crossref; the xdata field
     * is read (the @xdata entries are not written), crossref stays */
    pc_bib_field *refs[2] = {xd, cr};
    for (int i = 0; i < 2; i++) {
        if (!refs[i])
            continue;
        pc_buf_clear(&x->tmp); /* the value: the lexer may move its fields */
        pc_buf_put(&x->tmp, refs[i]->val.ptr, refs[i]->val.len);
        pc_bib_field ref = *refs[i];
        child_ctx c = {.x = x, .xdata = i == 0, .ref = &ref, .has = has, .u = u, .bytes = bytes};
        if (i == 0)
            refs[0]->used = true;
        each_key(x->tmp.ptr, x->tmp.len, child_cb, &c);
        bytes = c.bytes;
        refs[1] = pc_bib_lex_find(x->lx, "crossref"); /* fields may have moved */
    }
}
