/* SPDX-License-Identifier: MIT */
/* keep.c — BibTeX kept as written: when a run reads and writes the same
 * format (bibtex -> bibtex, biblatex -> biblatex), what the user wrote
 * comes back.
 *
 * The reader (read.c, with pc_bib_lex_keep) hands each record the text it
 * came from as pass-through values of its own family, which only a writer
 * of that format is given: `@lead` (what came before the entry: white
 * space, % comments, free text, @string, @preamble and @comment, as
 * written), `@entry` (the entry's bytes) and `@layout` (where its key and
 * each field's name and value are in those bytes, which model fields each
 * field filled, and a hash of every model value as read); the last record
 * of an input also carries `@tail`, what followed its entry.  The model
 * values are read as always, for every other writer.
 *
 * The writer (write.c calls pc_bib_keep_put) writes the lead, then the
 * entry: each field as written (macros, `#`, braces, quotes, TeX commands,
 * case of the name) unless a model value it filled has changed since it
 * was read (an operation merged, renamed, cut or dropped it), in which
 * case the new value is written by the writer's rows after the fields
 * kept; values that are the same as read are never written twice (a
 * `genre` the entry type implies, a field inherited through crossref).
 * With no layout option, the bytes between the fields stay too (comments,
 * spacing, a trailing comma); with one (--indent, --align, --braces,
 * --quotes, --field-order, --months, --wrap, --trailing-comma) each field
 * is laid out again, its value still as written but for what was asked.
 *
 * Memory: one entry's text (and the text before it, bounded by the lexer);
 * time: linear in the entry (the extras of unknown fields are matched in
 * order, never looked up by name). */
#include "bibtex.h"
#include "model/serial.h"
#include "util/hash.h"

#include <stdlib.h>

/* The pass-through names (of family PC_BIB_FAMILY). */
#define X_LEAD "@lead"
#define X_ENTRY "@entry"
#define X_LAYOUT "@layout"
#define X_TAIL "@tail"

enum { LAYOUT_VERSION = 1, MAX_DEPS = 8 };

/* ---- the reader's side ------------------------------------------------------------------ */

typedef struct hashes {
    uint64_t h[PC_F_COUNT];
    unsigned char has[PC_F_COUNT];
} hashes;

static void note_hash(void *u, pc_field f, uint64_t h)
{
    hashes *hs = u;
    if (f > PC_F_NONE && f < PC_F_COUNT) {
        hs->h[f] = h;
        hs->has[f] = 1;
    }
}

static void put_u(pc_buf *b, unsigned long long v)
{
    char tmp[24];
    size_t n = 0;
    do
        tmp[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    pc_buf_putc(b, ' ');
    while (n)
        pc_buf_putc(b, tmp[--n]);
}

void pc_bib_keep_record(pc_record *rec, const pc_bib_raw *raw, const pc_bib_entry *e,
                        const pc_map_row *const *rows, const int *origin, pc_buf *scratch)
{
    if (raw->lead)
        pc_record_add_extra(rec, PC_BIB_FAMILY, X_LEAD, strlen(X_LEAD), raw->text, raw->lead);
    const char *text = raw->text + raw->lead;
    pc_record_add_extra(rec, PC_BIB_FAMILY, X_ENTRY, strlen(X_ENTRY), text, raw->len);
    pc_buf lay = PC_BUF_INIT;
    pc_buf_putc(&lay, 'K');
    put_u(&lay, LAYOUT_VERSION);
    put_u(&lay, (unsigned)rec->kind);
    put_u(&lay, raw->repaired);
    put_u(&lay, raw->key);
    put_u(&lay, raw->key_end);
    pc_buf_putc(&lay, '\n');
    /* the model fields each field made: (field, model field) pairs in the
     * fields' order (a model field has one origin: at most PC_F_COUNT) */
    struct { int k, m; } made[PC_F_COUNT];
    size_t n_made = 0, at = 0;
    for (int m = 1; m < PC_F_COUNT; m++) {
        if (origin[m] < 0)
            continue;
        size_t i = n_made++;
        for (; i > 0 && made[i - 1].k > origin[m]; i--) /* few: insertion */
            made[i] = made[i - 1];
        made[i].k = origin[m];
        made[i].m = m;
    }
    for (size_t k = 0; k < e->n_fields; k++) {
        const pc_bib_field *f = &e->fields[k];
        if (f->inherited)
            continue;
        pc_buf_putc(&lay, 'F');
        put_u(&lay, f->raw_name - raw->lead);
        put_u(&lay, strlen(f->name));
        put_u(&lay, f->raw_val - raw->lead);
        put_u(&lay, f->raw_end - raw->lead);
        put_u(&lay, f->used);
        put_u(&lay, f->used ? 0 : pc_hash(f->val.ptr, f->val.len));
        if (f->used && rows[k] && rows[k]->field != PC_F_NONE)
            put_u(&lay, (unsigned)rows[k]->field);
        while (at < n_made && made[at].k < (int)k)
            at++;
        for (; at < n_made && made[at].k == (int)k; at++)
            if (!rows[k] || rows[k]->field != (pc_field)made[at].m)
                put_u(&lay, (unsigned)made[at].m);
        pc_buf_putc(&lay, '\n');
    }
    hashes *hs = pc_xcalloc(1, sizeof *hs);
    pc_serial_each_hash(rec, scratch, note_hash, hs);
    for (int m = 1; m < PC_F_COUNT; m++)
        if (hs->has[m]) {
            pc_buf_putc(&lay, 'M');
            put_u(&lay, (unsigned)m);
            put_u(&lay, hs->h[m]);
            pc_buf_putc(&lay, '\n');
        }
    pc_free(hs);
    pc_record_add_extra(rec, PC_BIB_FAMILY, X_LAYOUT, strlen(X_LAYOUT), lay.ptr, lay.len);
    pc_buf_free(&lay);
}

void pc_bib_keep_tail(pc_record *rec, const char *s, size_t n)
{
    if (n)
        pc_record_add_extra(rec, PC_BIB_FAMILY, X_TAIL, strlen(X_TAIL), s, n);
}

/* ---- the layout, parsed ----------------------------------------------------------------------- */

typedef struct kept_field {
    size_t name, name_len, val, end;
    bool used;
    uint64_t hash;     /* of the value as the lexer read it (an unused field's pass-through value) */
    pc_field deps[MAX_DEPS];
    size_t n_deps;
    bool write;        /* written as written */
} kept_field;

struct pc_bib_keep {
    pc_bib_layout lay;
    kept_field *f;
    size_t n, cap;
    size_t *order;
    size_t cap_order;
    pc_kind kind;
    bool repaired;
    size_t key, key_end;
    hashes *then, *now;
    pc_extra *view_extras;
    size_t cap_extras;
    const char **names;
    size_t cap_names;
    pc_buf scratch, val;
    pc_field_rank_fn *rank;
    void *rank_u;
};

pc_bib_keep *pc_bib_keep_new(const pc_bib_layout *lay, pc_field_rank_fn *rank, void *rank_u)
{
    pc_bib_keep *k = pc_xcalloc(1, sizeof *k);
    k->lay = *lay;
    k->then = pc_xcalloc(1, sizeof *k->then);
    k->now = pc_xcalloc(1, sizeof *k->now);
    k->rank = rank;
    k->rank_u = rank_u;
    pc_buf_init(&k->scratch);
    pc_buf_init(&k->val);
    return k;
}

void pc_bib_keep_free(pc_bib_keep *k)
{
    if (!k)
        return;
    pc_free(k->f);
    pc_free(k->order);
    pc_free(k->then);
    pc_free(k->now);
    pc_free(k->view_extras);
    pc_free(k->names);
    pc_buf_free(&k->scratch);
    pc_buf_free(&k->val);
    pc_free(k);
}

static unsigned long long get_u(const char **p)
{
    unsigned long long v = 0;
    while (**p == ' ')
        (*p)++;
    while (**p >= '0' && **p <= '9')
        v = v * 10 + (unsigned)(*(*p)++ - '0');
    return v;
}

static bool at_eol(const char **p)
{
    while (**p == ' ')
        (*p)++;
    return **p == '\n' || !**p;
}

/* Parses the layout; false when it is not one this build wrote or does
 * not fit the entry's `len` bytes (then the record is written as made). */
static bool parse_layout(pc_bib_keep *k, const char *s, size_t len)
{
    memset(k->then, 0, sizeof *k->then);
    k->n = 0;
    if (*s++ != 'K' || get_u(&s) != LAYOUT_VERSION)
        return false;
    k->kind = (pc_kind)get_u(&s);
    k->repaired = get_u(&s) != 0;
    k->key = get_u(&s);
    k->key_end = get_u(&s);
    if (k->key > k->key_end || k->key_end > len)
        return false;
    size_t last = k->key_end;
    while (*s == '\n' && s[1]) {
        s++;
        char tag = *s++;
        if (tag == 'F') {
            PC_GROW(k->f, k->cap, k->n + 1);
            kept_field *f = &k->f[k->n++];
            f->name = get_u(&s);
            f->name_len = get_u(&s);
            f->val = get_u(&s);
            f->end = get_u(&s);
            f->used = get_u(&s) != 0;
            f->hash = get_u(&s);
            f->n_deps = 0;
            while (!at_eol(&s)) {
                unsigned long long d = get_u(&s);
                if (f->n_deps < MAX_DEPS && d < (unsigned)PC_F_COUNT)
                    f->deps[f->n_deps++] = (pc_field)d;
            }
            if (f->name < last || f->name + f->name_len > f->val || f->val > f->end || f->end > len)
                return false;
            last = f->end;
        } else if (tag == 'M') {
            unsigned long long m = get_u(&s);
            uint64_t h = get_u(&s);
            if (m > 0 && m < (unsigned)PC_F_COUNT) {
                k->then->h[m] = h;
                k->then->has[m] = 1;
            }
        } else {
            return false;
        }
        while (*s && *s != '\n')
            s++;
    }
    return true;
}

/* ---- which fields stay as written ---------------------------------------------------------- */

static bool changed(const pc_bib_keep *k, pc_field f)
{
    return k->then->has[f] != k->now->has[f] || (k->now->has[f] && k->then->h[f] != k->now->h[f]);
}

static bool is_own_extra(const pc_extra *e)
{
    return e->format && strcmp(e->format, PC_BIB_FAMILY) == 0 && e->name[0] != '@';
}

/* One of ours that is not a field: the text as written, the entry type. */
static bool is_kept_text(const pc_extra *e)
{
    return e->format && strcmp(e->format, PC_BIB_FAMILY) == 0 && e->name[0] == '@';
}

/* Marks the fields written as written, and makes the view: rec with only
 * what changed (the fields an operation set or changed; the pass-through
 * values no field kept as written accounts for). */
static void choose(pc_bib_keep *k, const pc_record *rec, const char *entry, pc_record *view)
{
    memset(k->now, 0, sizeof *k->now);
    pc_serial_each_hash(rec, &k->scratch, note_hash, k->now);
    size_t x = 0; /* the next pass-through value to match, in order */
    if (rec->n_extras > k->cap_extras) {
        k->cap_extras = pc_grow_cap(k->cap_extras, rec->n_extras);
        k->view_extras = pc_xreallocarray(k->view_extras, k->cap_extras, sizeof *k->view_extras);
    }
    size_t nx = 0;
    for (size_t i = 0; i < k->n; i++) {
        kept_field *f = &k->f[i];
        f->write = true;
        if (f->used) {
            for (size_t d = 0; d < f->n_deps && f->write; d++)
                f->write = !changed(k, f->deps[d]);
            continue;
        }
        /* an unknown field: its pass-through value, unchanged, is next */
        size_t y = x;
        while (y < rec->n_extras && !is_own_extra(&rec->extras[y]))
            y++;
        const pc_extra *e = y < rec->n_extras ? &rec->extras[y] : NULL;
        f->write = e && strlen(e->name) == f->name_len && pc_strncasecmp(e->name, entry + f->name, f->name_len) == 0 &&
                   pc_hash(e->value, strlen(e->value)) == f->hash;
        if (f->write) {
            for (; x < y; x++) /* values of other families before it: the view's */
                if (!is_kept_text(&rec->extras[x]))
                    k->view_extras[nx++] = rec->extras[x];
            x = y + 1;
        }
    }
    for (; x < rec->n_extras; x++)
        if (!is_kept_text(&rec->extras[x]))
            k->view_extras[nx++] = rec->extras[x];
    *view = *rec;
    view->extras = k->view_extras;
    view->n_extras = view->cap_extras = nx;
    for (int m = 1; m < PC_F_COUNT; m++)
        if (view->slot[m] && !changed(k, (pc_field)m))
            view->slot[m] = 0;
}

static bool view_empty(const pc_record *view)
{
    if (view->n_extras)
        return false;
    for (int m = 1; m < PC_F_COUNT; m++)
        if (view->slot[m])
            return false;
    return true;
}

/* ---- laying out a value ------------------------------------------------------------------- */

/* [s, s+n) is one delimited piece ({...} or "..."): its body in *b, *bn. */
static bool one_piece(const char *s, size_t n, const char **b, size_t *bn)
{
    if (n < 2 || (s[0] != '{' && s[0] != '"'))
        return false;
    int depth = 0;
    for (size_t i = 1; i < n; i++) {
        char c = s[i];
        if (c == '{')
            depth++;
        else if (c == '}' && depth)
            depth--;
        else if (depth == 0 && ((c == '}' && s[0] == '{') || (c == '"' && s[0] == '"'))) {
            if (i != n - 1)
                return false;
            *b = s + 1;
            *bn = n - 2;
            return true;
        }
    }
    return false;
}

static bool quote_free(const char *s, size_t n)
{
    int depth = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '{')
            depth++;
        else if (s[i] == '}')
            depth--;
        else if (s[i] == '"' && depth == 0)
            return false;
    }
    return true;
}

/* The month a month value as written names (jan, 1, {1}, {January}, "Jan"), or 0. */
static int month_of(const char *s, size_t n)
{
    const char *b;
    size_t bn;
    if (one_piece(s, n, &b, &bn))
        s = b, n = bn;
    if (n && n <= 2 && pc_is_digit((unsigned char)s[0]) && (n == 1 || pc_is_digit((unsigned char)s[1]))) {
        int m = s[0] - '0';
        if (n == 2)
            m = m * 10 + s[1] - '0';
        return m >= 1 && m <= 12 ? m : 0;
    }
    return n >= 3 ? pc_month_from_name(s, n) : 0;
}

static const char *const month_names[] = {"January", "February", "March",     "April",   "May",      "June",
                                          "July",    "August",   "September", "October", "November", "December"};

/* The value [s, s+n) as asked (delimiters, months) into k->val. */
static void shape_value(pc_bib_keep *k, const char *name, size_t name_len, const char *s, size_t n)
{
    pc_buf_clear(&k->val);
    int m = name_len == 5 && pc_strncasecmp(name, "month", 5) == 0 && k->lay.months ? month_of(s, n) : 0;
    if (m) {
        if (k->lay.months == PC_BIB_MONTHS_MACRO)
            pc_buf_puts(&k->val, pc_month_macro(m));
        else if (k->lay.months == PC_BIB_MONTHS_NUMBER)
            pc_buf_put_int(&k->val, m, 1);
        else
            pc_buf_printf(&k->val, "{%s}", month_names[m - 1]);
        return;
    }
    const char *b;
    size_t bn;
    if (k->lay.delims && one_piece(s, n, &b, &bn) &&
        (k->lay.delims == PC_BIB_DELIMS_BRACES || quote_free(b, bn))) {
        bool braces = k->lay.delims == PC_BIB_DELIMS_BRACES;
        pc_buf_putc(&k->val, braces ? '{' : '"');
        pc_buf_put(&k->val, b, bn);
        pc_buf_putc(&k->val, braces ? '}' : '"');
        return;
    }
    pc_buf_put(&k->val, s, n);
}

static void put_indent(pc_buf *out, const pc_bib_layout *lay)
{
    if (lay->indent == PC_BIB_INDENT_TAB)
        pc_buf_putc(out, '\t');
    else
        for (int i = 0; i < (lay->indent_set ? lay->indent : 2); i++)
            pc_buf_putc(out, ' ');
}

/* Appends the value, broken at spaces so that lines stay within
 * lay.wrap columns where they can (the column counted from `col`). */
static void put_wrapped(pc_buf *out, const pc_bib_layout *lay, const char *s, size_t n, size_t col)
{
    if (!lay->wrap) {
        pc_buf_put(out, s, n);
        return;
    }
    size_t st = 0, last_space = SIZE_MAX;
    bool text = false; /* a byte other than a space on this line: a space after it may break */
    for (size_t i = 0; i <= n; i++) {
        if (i < n && (s[i] == '\n' || s[i] == '\r')) {
            pc_buf_put(out, s + st, i + 1 - st);
            st = i + 1;
            col = 0;
            last_space = SIZE_MAX;
            text = false;
            continue;
        }
        if (i < n && s[i] == ' ' && text)
            last_space = i;
        else if (i < n && s[i] != ' ' && s[i] != '\t')
            text = true;
        if (col + (i - st) > (size_t)lay->wrap && last_space != SIZE_MAX && last_space > st) {
            pc_buf_put(out, s + st, last_space - st);
            pc_buf_putc(out, '\n');
            put_indent(out, lay);
            put_indent(out, lay);
            col = 2 * (lay->indent == PC_BIB_INDENT_TAB ? 8 : lay->indent_set ? (size_t)lay->indent : 2);
            st = last_space + 1;
            last_space = SIZE_MAX;
            text = false;
            i = st - 1;
            continue;
        }
        if (i == n)
            pc_buf_put(out, s + st, n - st);
    }
}

/* ---- writing ------------------------------------------------------------------------------- */

/* The fields' order: as read, by the writer's rows, or by name (stable). */
static void order_fields(pc_bib_keep *k, const char *entry, pc_kind kind)
{
    if (k->n > k->cap_order) {
        k->cap_order = pc_grow_cap(k->cap_order, k->n);
        k->order = pc_xreallocarray(k->order, k->cap_order, sizeof *k->order);
    }
    for (size_t i = 0; i < k->n; i++)
        k->order[i] = i;
    if (k->lay.order == PC_BIB_ORDER_INPUT)
        return;
    /* merge sort by rank, then input position: stable and n log n */
    size_t n = k->n;
    size_t *tmp = pc_xreallocarray(NULL, n ? n : 1, sizeof *tmp);
    long *rank = pc_xreallocarray(NULL, n ? n : 1, sizeof *rank);
    for (size_t i = 0; i < n; i++)
        rank[i] = k->lay.order == PC_BIB_ORDER_STANDARD && k->rank
                      ? k->rank(k->rank_u, entry + k->f[i].name, k->f[i].name_len, kind)
                      : 0;
    for (size_t w = 1; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            size_t a = lo, b = mid, o = lo;
            while (a < mid || b < hi) {
                bool take_a = b >= hi;
                if (a < mid && b < hi) {
                    const kept_field *x = &k->f[k->order[a]], *y = &k->f[k->order[b]];
                    int c;
                    if (k->lay.order == PC_BIB_ORDER_ALPHA) {
                        size_t m = x->name_len < y->name_len ? x->name_len : y->name_len;
                        c = pc_strncasecmp(entry + x->name, entry + y->name, m);
                        if (!c)
                            c = x->name_len < y->name_len ? -1 : x->name_len > y->name_len;
                    } else {
                        c = rank[k->order[a]] < rank[k->order[b]] ? -1 : rank[k->order[a]] > rank[k->order[b]];
                    }
                    take_a = c <= 0;
                }
                tmp[o++] = take_a ? k->order[a++] : k->order[b++];
            }
        }
        memcpy(k->order, tmp, n * sizeof *tmp);
    }
    pc_free(tmp);
    pc_free(rank);
}

/* The comment lines in [s, s+n) (text between two fields), each on its
 * own line. */
static void put_comments(pc_buf *out, const pc_bib_layout *lay, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '%')
            continue;
        size_t e = i;
        while (e < n && s[e] != '\n' && s[e] != '\r')
            e++;
        put_indent(out, lay);
        pc_buf_put(out, s + i, e - i);
        pc_buf_putc(out, '\n');
        i = e;
    }
}

/* The entry laid out again: one field a line. */
static void put_laid_out(pc_bib_keep *k, pc_buf *out, const char *entry, size_t len, pc_kind kind)
{
    order_fields(k, entry, kind);
    size_t width = 0;
    for (size_t i = 0; i < k->n; i++)
        if (k->f[i].write && k->f[i].name_len > width)
            width = k->f[i].name_len;
    if (k->lay.align > 0)
        width = (size_t)k->lay.align;
    for (size_t j = 0; j < k->n; j++) {
        const kept_field *f = &k->f[k->order[j]];
        size_t gap_from = k->order[j] ? k->f[k->order[j] - 1].end : k->key_end;
        if (memchr(entry + gap_from, '%', f->name - gap_from))
            put_comments(out, &k->lay, entry + gap_from, f->name - gap_from);
        if (!f->write)
            continue;
        size_t line = out->len;
        put_indent(out, &k->lay);
        pc_buf_put(out, entry + f->name, f->name_len);
        for (size_t p = f->name_len; k->lay.align && p < width; p++)
            pc_buf_putc(out, ' ');
        pc_buf_puts(out, " = ");
        shape_value(k, entry + f->name, f->name_len, entry + f->val, f->end - f->val);
        put_wrapped(out, &k->lay, k->val.ptr, k->val.len, out->len - line);
        pc_buf_puts(out, ",\n");
    }
    size_t last = k->n ? k->f[k->n - 1].end : k->key_end;
    if (memchr(entry + last, '%', len - last))
        put_comments(out, &k->lay, entry + last, len - last);
}

/* The entry as written but for the fields not kept. */
static void put_verbatim(pc_bib_keep *k, pc_buf *out, const char *entry, size_t *close)
{
    size_t prev = k->key_end;
    for (size_t i = 0; i < k->n; i++) {
        if (k->f[i].write)
            pc_buf_put(out, entry + prev, k->f[i].end - prev);
        prev = k->f[i].end;
    }
    *close = prev;
}

static const char *extra_value(const pc_record *rec, const char *name, size_t *n)
{
    for (size_t i = rec->n_extras; i-- > 0;) {
        const pc_extra *e = &rec->extras[i];
        if (e->name[0] == '@' && e->format && strcmp(e->format, PC_BIB_FAMILY) == 0 && strcmp(e->name, name) == 0) {
            *n = strlen(e->value);
            return e->value;
        }
    }
    return NULL;
}

bool pc_bib_keep_put(pc_bib_keep *k, pc_buf *out, const pc_record *rec, bool first, const char *type,
                     pc_bib_view_fn *fn, void *u)
{
    size_t len, lay_n;
    const char *entry = extra_value(rec, X_ENTRY, &len);
    const char *layout = entry ? extra_value(rec, X_LAYOUT, &lay_n) : NULL;
    if (!layout || !parse_layout(k, layout, len))
        return false;
    pc_bib_keep_around(out, rec, first, false);
    pc_record view;
    choose(k, rec, entry, &view);
    bool same_kind = k->kind == rec->kind;
    bool verbatim = !k->repaired && !pc_bib_layout_asked(&k->lay);
    if (same_kind) {
        pc_buf_put(out, entry, k->key);
    } else { /* the writer's type, with the delimiter that closes as written */
        const char *open = memchr(entry, '(', k->key);
        pc_buf_putc(out, '@');
        pc_buf_puts(out, type);
        pc_buf_putc(out, open && !memchr(entry, '{', (size_t)(open - entry)) ? '(' : '{');
    }
    if (rec->key)
        pc_buf_puts(out, rec->key);
    else
        pc_buf_put(out, entry + k->key, k->key_end - k->key);
    size_t close = len;
    if (verbatim) {
        put_verbatim(k, out, entry, &close);
    } else {
        pc_buf_puts(out, ",\n");
        put_laid_out(k, out, entry, len, rec->kind);
    }
    bool more = !view_empty(&view);
    if (more) {
        if (verbatim)
            pc_buf_puts(out, ",\n");
        if (k->n > k->cap_names) {
            k->cap_names = pc_grow_cap(k->cap_names, k->n);
            k->names = pc_xreallocarray(k->names, k->cap_names, sizeof *k->names);
        }
        size_t nn = 0;
        pc_buf names = PC_BUF_INIT; /* the names kept, NUL-separated */
        size_t *at = pc_xreallocarray(NULL, k->n ? k->n : 1, sizeof *at);
        for (size_t i = 0; i < k->n; i++)
            if (k->f[i].write) {
                at[nn++] = names.len;
                for (size_t c = 0; c < k->f[i].name_len; c++)
                    pc_buf_putc(&names, (char)pc_to_lower((unsigned char)entry[k->f[i].name + c]));
                pc_buf_putc(&names, 0);
            }
        for (size_t i = 0; i < nn; i++)
            k->names[i] = names.ptr + at[i];
        fn(u, &view, k->names, nn);
        pc_buf_free(&names);
        pc_free(at);
    }
    if (verbatim && !more) {
        pc_buf_put(out, entry + close, len - close);
    } else {
        /* the closing delimiter of the opening one, after the fields laid
         * out (",\n" after the last, unless laid out with none) */
        if (!verbatim && !k->lay.trailing_comma && out->len >= 2 && out->ptr[out->len - 2] == ',') {
            out->ptr[out->len - 2] = '\n';
            pc_buf_truncate(out, out->len - 1);
        }
        const char *open = memchr(entry, '(', k->key);
        pc_buf_putc(out, open && !memchr(entry, '{', (size_t)(open - entry)) ? ')' : '}');
    }
    pc_bib_keep_around(out, rec, first, true);
    return true;
}

void pc_bib_keep_around(pc_buf *out, const pc_record *rec, bool first, bool after)
{
    size_t n;
    const char *text = extra_value(rec, after ? X_TAIL : X_LEAD, &n);
    if (!after && !first && (!text || (text[0] != '\n' && text[0] != '\r')))
        pc_buf_putc(out, '\n'); /* after an entry of another input, or one made */
    if (text)
        pc_buf_put(out, text, n);
}

bool pc_bib_layout_asked(const pc_bib_layout *lay)
{
    return lay->indent_set || lay->align || lay->delims || lay->order || lay->months || lay->wrap ||
           lay->trailing_comma;
}
