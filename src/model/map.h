/* SPDX-License-Identifier: MIT */
/* model/map.h — field maps: how a format's fields or tags meet the model.
 *
 * Each format declares one const table of rows {its name, model field,
 * how, direction, kinds, handler}.  One generic loop applies the rows both
 * ways:
 *
 *   reading  pc_map_find() finds the row of a field the input holds, and
 *            pc_map_read_row() hands the value to the reader's function
 *            for its row (pc_map_read() stores a decoded value in the
 *            record: as the text, as one more list item, or split into
 *            list items); a name with no row goes to the record's
 *            pass-through list;
 *   writing  pc_map_write() walks the rows in order and hands each value
 *            the record holds to the format's sink, the first row that fits
 *            a field winning; then it counts (pc_ctx_dropped) every field
 *            and pass-through value that no row wrote, so nothing is lost
 *            silently.
 *
 * Only true special cases (names, dates, pages, entry types) are code: a
 * PC_MAP_SPECIAL row names its handler (`handler`, an index into the
 * format's tables of handlers, one table per direction, as redis's command
 * table names each command's function), so the loop calls that function
 * for it and the README's field matrix lists it.  A SPECIAL row may have
 * field PC_F_NONE for a structural tag (RIS TY, ER); a PC_MAP_EXTRA row
 * always has it.
 *
 * A compiled map (pc_map_new) keeps, per kind, what applies to that kind,
 * built on first use: the row each name finds, and the rows that write
 * (a plan).  It belongs to the reader or writer that made it (not to be
 * shared between threads). */
#ifndef PAPERCONV_MAP_H
#define PAPERCONV_MAP_H

#include "io/ctx.h"
#include "model/record.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum pc_map_how {
    PC_MAP_NONE = 0,
    PC_MAP_TEXT,    /* the value is the field's text */
    PC_MAP_LIST,    /* each occurrence is one item of a LIST field (RIS KW, UR) */
    PC_MAP_SPLIT,   /* one value holds a LIST field's items, split at the map's
                       separators on reading and joined with its joiner on writing */
    PC_MAP_SPECIAL, /* the format's code reads and writes it: the row's handler */
    PC_MAP_IGNORE,  /* read and dropped on purpose, with a -v note (never written) */
    PC_MAP_EXTRA,   /* a field of the format with no model field (field
                       PC_F_NONE): kept as a pass-through value, so the same
                       format writes it back; named so the matrix lists it */
} pc_map_how;

/* Row direction: a read-only row is another spelling the reader accepts. */
enum {
    PC_MAP_READ = 1u << 0,
    PC_MAP_WRITE = 1u << 1,
    PC_MAP_BOTH = PC_MAP_READ | PC_MAP_WRITE,
    /* writing: visit the row even when the record has no value for its
     * field (a SPECIAL row that writes a fallback: CSL's publisher "arXiv") */
    PC_MAP_ALWAYS = 1u << 2,
};

/* A set of kinds, for rows that hold only for some (RIS SN is the ISBN of a
 * book, the ISSN of a journal article): PC_KINDS(BOOK) | PC_KINDS(CHAPTER). */
typedef uint64_t pc_kindset;
#define PC_KINDS(k) ((pc_kindset)1 << PC_KIND_##k)

typedef struct pc_map_row {
    const char *name; /* the format's field or tag */
    pc_field field;
    pc_map_how how;
    unsigned dir;     /* PC_MAP_READ, PC_MAP_WRITE or PC_MAP_BOTH */
    pc_kindset kinds; /* 0: every kind; else the row holds only for these */
    /* PC_MAP_SPECIAL: its handler, the index of its functions in the
     * format's tables (pc_map_reader.special, pc_map_sink.special), named
     * by the format's enum; never 0.  Other rows: 0. */
    unsigned handler;
} pc_map_row;

/* A compiled map: the rows indexed by name for reading, and per kind the
 * rows that write (built on first use). */
typedef struct pc_map pc_map;

enum {
    PC_MAP_FOLD_CASE = 1u << 0, /* names match case-insensitively (ASCII): BibTeX */
};

/* Indexes n rows (which must outlive the map).  Returns the owned map. */
pc_map *pc_map_new(const pc_map_row *rows, size_t n, unsigned flags);
void pc_map_free(pc_map *m);

/* The readable row named [name, name+n) that holds for `kind` (rows for
 * other kinds are skipped; PC_KIND_NONE matches rows for any kind set), or
 * NULL.  The answer is remembered per name and kind. */
const pc_map_row *pc_map_find(pc_map *m, const char *name, size_t n, pc_kind kind);

/* Stores a decoded value read through `row` (PC_MAP_TEXT, LIST or SPLIT):
 * TEXT replaces the field (markup is moved in when not NULL), LIST adds one
 * item, SPLIT adds every item between `seps` characters (e.g. ",;").
 * Returns false when the field already had a different text value (the
 * caller decides whether that is worth a warning); the new value wins. */
bool pc_map_read(const pc_map_row *row, pc_record *rec, const char *s, size_t n,
                 pc_spanlist *markup, const char *seps);

/* A reader's function for a row's value: `value` is the reader's own (a
 * BibTeX field, a RIS line, a JSON value).  False when the model has no
 * place for it after all: then it is kept (pc_map_reader.keep). */
typedef bool pc_map_read_fn(void *user, const pc_map_row *row, pc_record *rec, void *value);

/* What pc_map_read_row calls.  `keep` may be NULL (the reader keeps what
 * it did not read its own way). */
typedef struct pc_map_reader {
    pc_map_read_fn *value; /* a TEXT, LIST or SPLIT row */
    /* a SPECIAL row: special[row->handler] (n_special entries); a NULL
     * entry reads nothing here (the value goes with another row's, or is
     * read when the record is finished) */
    pc_map_read_fn *const *special;
    size_t n_special;
    /* a value of no row (row NULL), of an EXTRA row, or not read above */
    void (*keep)(void *user, const pc_map_row *row, pc_record *rec, void *value);
} pc_map_reader;

/* Reads one value found under `row` (or under no row: NULL) as its row
 * says: the one dispatch of every reader.  IGNORE rows read nothing.
 * Inline: readers call it for every field of every record. */
static inline void pc_map_read_row(const pc_map_reader *rd, const pc_map_row *row, pc_record *rec,
                                   void *user, void *value)
{
    bool read = false;
    switch (row ? row->how : PC_MAP_EXTRA) {
    case PC_MAP_TEXT:
    case PC_MAP_LIST:
    case PC_MAP_SPLIT: read = rd->value(user, row, rec, value); break;
    case PC_MAP_SPECIAL: {
        pc_map_read_fn *fn = row->handler < rd->n_special ? rd->special[row->handler] : NULL;
        read = !fn || fn(user, row, rec, value);
        break;
    }
    case PC_MAP_NONE:
    case PC_MAP_IGNORE: read = true; break;
    case PC_MAP_EXTRA: break;
    }
    if (!read && rd->keep)
        rd->keep(user, row, rec, value);
}

/* A writer's function for a SPECIAL row whose field the record has (or an
 * ALWAYS row): *wrote = false when the format could not hold it after all
 * (then the next row of the field is tried, and it is counted as dropped
 * when none writes it).  False when the output failed. */
typedef bool pc_map_write_fn(void *user, const pc_map_row *row, bool *wrote);

/* What pc_map_write calls.  Every callback may be NULL when the format has
 * no row of that kind.  Each returns false when the output failed. */
typedef struct pc_map_sink {
    /* a TEXT or SPLIT value (SPLIT: the items joined with `joiner`) */
    bool (*text)(void *user, const pc_map_row *row, const pc_text *value);
    /* one item of a LIST row */
    bool (*item)(void *user, const pc_map_row *row, const char *item);
    /* a SPECIAL row: special[row->handler] (n_special entries; a NULL
     * entry writes nothing) */
    pc_map_write_fn *const *special;
    size_t n_special;
    /* a pass-through value read by this same format */
    bool (*extra)(void *user, const pc_extra *extra);
    const char *joiner; /* SPLIT rows: ", " */
    /* pass-through values whose format is this name are handed to `extra`
     * (NULL: the format name given to pc_map_write) */
    const char *family;
    /* the format writes each value on one line: a line break in a text
     * value it writes becomes a space, counted as "line breaks in F" */
    bool one_line;
} pc_map_sink;

/* Writes rec through the map's rows that hold for `kind` (see the top of
 * this file; a record of no kind is written as a preprint) and counts what
 * no row could hold under the format name `fmt`.  Fields in `skip` (an
 * array ended by PC_F_NONE, or NULL) are the format's own business:
 * neither written nor counted.  Only the rows of the fields rec has (and
 * the ALWAYS rows) are looked at, from the kind's plan.  Returns false
 * when a sink call failed. */
bool pc_map_write(pc_map *m, pc_kind kind, const pc_record *rec, pc_ctx *ctx, const char *fmt,
                  const pc_map_sink *sink, void *user, const pc_field *skip);
/* The same through n rows with no compiled map, rec's own kind: every row
 * is looked at (for a writer that keeps nothing between records). */
bool pc_map_write_rows(const pc_map_row *rows, size_t n, const pc_record *rec, pc_ctx *ctx,
                       const char *fmt, const pc_map_sink *sink, void *user, const pc_field *skip);
/* True if a row of the map writes field f for `kind`. */
bool pc_map_writes(pc_map *m, pc_kind kind, pc_field f);

#ifdef __cplusplus
}
#endif

#endif
