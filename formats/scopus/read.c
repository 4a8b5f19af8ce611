/* SPDX-License-Identifier: MIT */
/* read.c — the Scopus CSV reader: rows out of libcsv, cells through the map.
 *
 * The input is read line by line (pc_lines: CR, LF, CRLF, a BOM) and each
 * line, with a "\n", fed to libcsv (strict: a stray quote or text after a
 * closing quote is an error at its line and column; an unclosed quote at
 * the end of the input is an error at the row's first line).  libcsv
 * hands over cells and row ends; a row ends at most once per line fed, so
 * one record is read per call and memory is one row (at most ROW_MAX
 * bytes: a longer row is an error and skipped, so a missing close quote
 * cannot hold the rest of a large file).  libcsv grows its cell buffer by
 * a fixed block; its realloc here doubles instead, so that a cell of
 * 1 000 000 authors is read in linear time.
 *
 * The first row is the header: each column's row of the map is found by
 * its name once (a column no row names is kept as a pass-through value of
 * its name, noted once), and the delimiter is "," or, in files re-saved
 * by a European Excel, ";" (the one the header line has more of, outside
 * quotes).  A later chunk of a file cut for -j (chunk.c) takes its header
 * from the chunk's context, the file's first line. */
#include "scopus.h"

#include <csv.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>

static const char fmt_name[] = "scopuscsv"; /* the pass-through values' format */

enum { ROW_MAX = 64 << 20 }; /* the longest row read (bytes of its cells) */

typedef struct scopus_reader {
    pc_ctx *ctx;
    pc_source *src;
    const char *file;
    pc_lines in;
    struct csv_parser csv;
    pc_map *map;
    /* the header */
    bool have_header;
    char **head;                /* the columns' names */
    const pc_map_row **col_row; /* their rows, NULL when none */
    size_t n_head;
    /* the row being read */
    scopus_row row;
    bool row_done, row_bad, row_long;
    unsigned long row_line;
    bool extra_reported;
    scopus_state st;
} scopus_reader;

/* ---- libcsv --------------------------------------------------------------------- */

/* libcsv's realloc: grows to twice what is asked, and keeps a block that
 * is already big enough (libcsv asks for one more block each time). */
static void *csv_grow(void *p, size_t n)
{
    if (p && malloc_usable_size(p) >= n)
        return p;
    return realloc(p, n > SIZE_MAX / 2 ? n : 2 * n); /* libc's: libcsv frees it with free() */
}

static void on_cell(void *s, size_t n, void *u)
{
    scopus_reader *r = u;
    scopus_row *w = &r->row;
    if (r->row_long || w->bytes.len + n + 1 > ROW_MAX) {
        r->row_long = true;
        return;
    }
    if (w->n == w->cap) {
        size_t cap = w->cap;
        PC_GROW(w->off, cap, w->n + 1);
        w->len = pc_xreallocarray(w->len, cap, sizeof *w->len);
        w->cap = cap;
    }
    w->off[w->n] = w->bytes.len;
    w->len[w->n++] = n;
    pc_buf_put(&w->bytes, s ? s : "", n);
    pc_buf_putc(&w->bytes, '\0');
}

static void on_row(int c, void *u)
{
    (void)c;
    ((scopus_reader *)u)->row_done = true;
}

static void csv_start(scopus_reader *r, unsigned char delim)
{
    csv_init(&r->csv, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL);
    csv_set_realloc_func(&r->csv, csv_grow);
    csv_set_blk_size(&r->csv, 4096);
    csv_set_delim(&r->csv, delim);
}

/* The delimiter of a header line: ';' when it has more of them than
 * commas outside quotes (the header's names hold neither). */
unsigned char pc_scopus_header_delim(const char *s, size_t n)
{
    size_t commas = 0, semis = 0;
    bool quoted = false;
    for (size_t i = 0; i < n; i++) {
        quoted ^= s[i] == '"';
        commas += !quoted && s[i] == ',';
        semis += !quoted && s[i] == ';';
    }
    return semis > commas ? ';' : ',';
}

/* ---- rows ------------------------------------------------------------------------- */

static void row_reset(scopus_reader *r)
{
    pc_buf_clear(&r->row.bytes);
    r->row.n = 0;
    r->row_done = r->row_bad = r->row_long = false;
    r->row_line = 0;
}

/* Feeds one line (and its end) to libcsv; a parse error is reported at
 * its position, the row marked bad and the parser restarted (the next
 * line starts a new row). */
static void feed(scopus_reader *r)
{
    const char *s = r->in.line.ptr;
    size_t n = r->in.line.len;
    if (!pc_lines_check(&r->in, r->file, "; record skipped"))
        r->row_bad = true;
    size_t done = csv_parse(&r->csv, s, n, on_cell, on_row, r);
    if (done == n && csv_parse(&r->csv, "\n", 1, on_cell, on_row, r) == 1)
        return;
    pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->in.lineno, done + 1,
                 "CSV: %s (a quote inside an unquoted cell, or text after a closing quote); "
                 "record skipped",
                 csv_strerror(csv_error(&r->csv)));
    unsigned char delim = csv_get_delim(&r->csv);
    csv_free(&r->csv);
    csv_start(r, delim);
    r->row_bad = r->row_done = true;
}

/* Reads the next row into r->row: true if one was read (r->row_bad: it
 * was reported and is to be skipped), false at the end of the input. */
static bool next_row(scopus_reader *r)
{
    row_reset(r);
    while (!r->row_done) {
        if (!pc_lines_next(&r->in)) {
            if (r->in.failed)
                return false; /* a line too long: reported, the input ends */
            if (csv_fini(&r->csv, on_cell, on_row, r) != 0) {
                pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->row_line ? r->row_line : r->in.lineno,
                             1, "CSV: the row starting here has a quote that is never closed; "
                                "record skipped");
                unsigned char delim = csv_get_delim(&r->csv);
                csv_free(&r->csv);
                csv_start(r, delim);
                return r->row_bad = true;
            }
            return r->row_done;
        }
        if (!r->have_header && !r->row_line)
            csv_set_delim(&r->csv, pc_scopus_header_delim(r->in.line.ptr, r->in.line.len));
        if (!r->row_line && !pc_buf_is_blank(&r->in.line))
            r->row_line = r->in.lineno;
        feed(r);
    }
    if (r->row_long) {
        pc_diag_emit(r->ctx, PC_SEV_ERROR, r->file, r->row_line, 1,
                     "CSV: row longer than %d MB; record skipped", ROW_MAX >> 20);
        r->row_bad = true;
    }
    return true;
}

/* ---- the header ------------------------------------------------------------------- */

/* The row read is the header: its columns' names and rows. */
static bool take_header(scopus_reader *r)
{
    if (!r->row.n || r->row_bad)
        return false;
    r->have_header = true;
    r->n_head = r->row.n;
    r->head = pc_xcalloc(r->n_head, sizeof *r->head);
    r->col_row = pc_xcalloc(r->n_head, sizeof *r->col_row);
    for (size_t i = 0; i < SC_N_HANDLERS; i++)
        r->st.col_of[i] = SIZE_MAX;
    for (size_t i = 0; i < r->n_head; i++) {
        const char *s = r->row.bytes.ptr + r->row.off[i];
        size_t n = r->row.len[i];
        if (n >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3))
            s += 3, n -= 3;
        pc_trim(&s, &n);
        r->head[i] = pc_xstrndup(s, n);
        const pc_map_row *row = pc_map_find(r->map, s, n, PC_KIND_NONE);
        r->col_row[i] = row;
        if (row && row->how == PC_MAP_SPECIAL && r->st.col_of[row->handler] == SIZE_MAX)
            r->st.col_of[row->handler] = i;
        if (!row)
            pc_diag_emit(r->ctx, PC_SEV_NOTE, r->file, r->row_line, 1,
                         "Scopus CSV column \"%s\" has no field; kept as it is", r->head[i]);
    }
    return true;
}

/* The first row that is not bad. */
static bool read_header(scopus_reader *r)
{
    while (next_row(r))
        if (!r->row_bad)
            break;
    return take_header(r);
}

/* A later chunk of a file cut for -j (chunk.c): its header is the file's
 * first line, the chunk's context; what is said of it (line 1) was said by
 * the first chunk's reader. */
static bool context_header(scopus_reader *r, const char *p, size_t n)
{
    while (n && (p[n - 1] == '\n' || p[n - 1] == '\r'))
        n--;
    csv_set_delim(&r->csv, pc_scopus_header_delim(p, n));
    row_reset(r);
    r->row_line = 1;
    if (csv_parse(&r->csv, p, n, on_cell, on_row, r) != n || csv_parse(&r->csv, "\n", 1, on_cell, on_row, r) != 1)
        return false; /* the chunker cuts only a file whose first line is a clean header */
    return take_header(r);
}

void *pc_scopus_read_open(pc_source *src, pc_ctx *ctx)
{
    scopus_reader *r = pc_xcalloc(1, sizeof *r);
    r->ctx = ctx;
    r->src = src;
    r->file = pc_source_name(src);
    r->map = pc_map_new(pc_scopus_rows, pc_scopus_n_rows, 0);
    pc_lines_init(&r->in, src, ctx);
    pc_buf_init(&r->row.bytes);
    pc_buf_init(&r->st.note);
    pc_buf_init(&r->st.tmp);
    pc_buf_init(&r->st.tmp2);
    r->st.ctx = ctx;
    r->st.file = r->file;
    r->st.row = &r->row;
    csv_start(r, ',');
    return r;
}

void pc_scopus_read_close(void *state)
{
    scopus_reader *r = state;
    if (!r)
        return;
    csv_free(&r->csv);
    for (size_t i = 0; i < r->n_head; i++)
        pc_free(r->head[i]);
    pc_free(r->head);
    pc_free(r->col_row);
    pc_buf_free(&r->row.bytes);
    pc_free(r->row.off);
    pc_free(r->row.len);
    pc_buf_free(&r->st.note);
    pc_buf_free(&r->st.tmp);
    pc_buf_free(&r->st.tmp2);
    pc_strlist_clear(&r->st.affils);
    pc_lines_free(&r->in);
    pc_map_free(r->map);
    pc_free(r);
}

/* ---- one record ------------------------------------------------------------------- */

/* A TEXT row sets its field, a LIST row adds the cell, a SPLIT row its
 * "; "-separated items. */
static bool read_value(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    (void)u;
    const scopus_value *x = value;
    pc_map_read(row, rec, x->v, x->n, NULL, ";");
    return true;
}

static void keep_value(void *u, const pc_map_row *row, pc_record *rec, void *value)
{
    (void)u;
    (void)row;
    const scopus_value *x = value;
    pc_record_add_extra(rec, fmt_name, x->header, strlen(x->header), x->v, x->n);
}

static const pc_map_reader scopus_cols = {
    .value = read_value, .special = pc_scopus_readers, .n_special = SC_N_HANDLERS, .keep = keep_value};

/* Cell i of the row, folded onto one line and in NFC, into st.tmp. */
static const char *clean_cell(scopus_reader *r, size_t i)
{
    pc_buf *b = &r->st.tmp;
    pc_buf_clear(b);
    pc_buf_put_folded(b, r->row.bytes.ptr + r->row.off[i], r->row.len[i]);
    if (!pc_utf8_is_ascii(b->ptr, b->len))
        pc_utf8_nfc(b);
    return b->ptr ? b->ptr : "";
}

static void build(scopus_reader *r, pc_record *rec)
{
    rec->src_file = r->file;
    rec->src_line = r->row_line;
    rec->kind = PC_KIND_ARTICLE;
    r->st.line = r->row_line;
    pc_buf_clear(&r->st.note);
    pc_strlist_clear(&r->st.affils);
    if (r->row.n > r->n_head && !r->extra_reported) {
        pc_diag_emit(r->ctx, PC_SEV_WARNING, r->file, r->row_line, 1,
                     "CSV row has more cells than the header's %zu columns; the cells past the header "
                     "kept as \"column N\" (noted once)",
                     r->n_head);
        r->extra_reported = true;
    }
    char name[40];
    for (size_t i = 0; i < r->row.n; i++) {
        const pc_map_row *row = i < r->n_head ? r->col_row[i] : NULL;
        if (row && row->how == PC_MAP_SPECIAL && !pc_scopus_readers[row->handler] &&
            r->st.col_of[row->handler] == i)
            continue; /* read at the row's end, with the columns it goes with */
        if (row && row->how == PC_MAP_SPECIAL && !pc_scopus_readers[row->handler])
            row = NULL; /* a second column of that name: kept as it is */
        scopus_value x = {.v = clean_cell(r, i)};
        x.n = r->st.tmp.len;
        if (!x.n)
            continue;
        if (i >= r->n_head) {
            snprintf(name, sizeof name, "column %zu", i + 1);
            pc_record_add_extra(rec, fmt_name, name, strlen(name), x.v, x.n);
            continue;
        }
        x.header = r->head[i];
        pc_map_read_row(&scopus_cols, row, rec, &r->st, &x);
    }
    pc_scopus_finish(&r->st, rec);
}

pc_read_status pc_scopus_read_next(void *state, pc_record *rec)
{
    scopus_reader *r = state;
    if (!r->have_header) {
        size_t ctx_n = 0;
        const char *ctx_p = pc_source_continued(r->src) ? pc_source_context(r->src, &ctx_n) : NULL;
        if (!(ctx_p ? context_header(r, ctx_p, ctx_n) : read_header(r)))
            return PC_READ_EOF;
    }
    for (;;) {
        if (!next_row(r))
            return PC_READ_EOF;
        if (r->row_bad)
            return PC_READ_SKIP;
        bool empty = true; /* a row of empty cells (",,,") is no record */
        for (size_t i = 0; i < r->row.n && empty; i++)
            empty = r->row.len[i] == 0;
        if (!empty)
            break;
    }
    build(r, rec);
    return PC_READ_RECORD;
}

/* ---- detection ---------------------------------------------------------------------- */

/* The header names that tell a Scopus export (8.8 of the notes): three of
 * them in the first line. */
static const char *const scopus_marks[] = {"Authors", "Title", "Year", "Source title", "EID",
                                           "Link", "Document Type", "Source", "Author full names",
                                           "Author(s) ID"};

static bool is_mark(const char *s, size_t n)
{
    for (size_t k = 0; k < sizeof scopus_marks / sizeof *scopus_marks; k++)
        if (strlen(scopus_marks[k]) == n && !memcmp(scopus_marks[k], s, n))
            return true;
    return false;
}

/* The first line's cells (quotes stripped: the header's names hold none),
 * counted against the marks. */
int pc_scopus_sniff(const char *head, size_t n)
{
    size_t i = 0;
    if (n >= 3 && !memcmp(head, "\xEF\xBB\xBF", 3))
        i = 3;
    size_t e = i;
    while (e < n && head[e] != '\n' && head[e] != '\r')
        e++;
    unsigned char delim = pc_scopus_header_delim(head + i, e - i);
    int marks = 0;
    while (i < e) {
        size_t c = i;
        while (c < e && head[c] != (char)delim)
            c++;
        const char *s = head + i;
        size_t m = c - i;
        pc_trim(&s, &m);
        if (m >= 2 && s[0] == '"' && s[m - 1] == '"')
            s++, m -= 2;
        marks += is_mark(s, m);
        i = c + 1;
    }
    return marks >= 3 ? 85 : 0;
}
