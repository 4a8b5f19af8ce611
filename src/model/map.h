/* SPDX-License-Identifier: MIT */
/* paperconv/map.h — field maps: how a format's fields or tags meet the model.
 *
 * Each format declares one const table of rows {its name, model field,
 * how, direction, kinds}.  One generic loop applies the rows both ways:
 *
 *   reading  pc_map_find() finds the row of a field the input holds, and
 *            pc_map_read() stores the (decoded) value in the record: as the
 *            text, as one more list item, or split into list items; a name
 *            with no row goes to the record's pass-through list;
 *   writing  pc_map_write() walks the rows in order and hands each value
 *            the record holds to the format's sink, the first row that fits
 *            a field winning; then it counts (pc_ctx_dropped) every field
 *            and pass-through value that no row wrote, so nothing is lost
 *            silently.
 *
 * Only true special cases (names, dates, pages, entry types) are code: a
 * PC_MAP_SPECIAL row names the field so the loop calls the format back for
 * it and the README's field matrix lists it.  A SPECIAL row may have field
 * PC_F_NONE for a structural tag (RIS TY, ER); a PC_MAP_EXTRA row always
 * has it. */
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
    PC_MAP_SPECIAL, /* the format's code reads and writes it (sink->special) */
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
} pc_map_row;

/* A compiled map: the rows indexed by name for reading. */
typedef struct pc_map pc_map;

enum {
    PC_MAP_FOLD_CASE = 1u << 0, /* names match case-insensitively (ASCII): BibTeX */
};

/* Indexes n rows (which must outlive the map).  Returns the owned map. */
pc_map *pc_map_new(const pc_map_row *rows, size_t n, unsigned flags);
void pc_map_free(pc_map *m);

/* The readable row named [name, name+n) that holds for `kind` (rows for
 * other kinds are skipped; PC_KIND_NONE matches rows for any kind set), or
 * NULL. */
const pc_map_row *pc_map_find(const pc_map *m, const char *name, size_t n, pc_kind kind);

/* Stores a decoded value read through `row` (PC_MAP_TEXT, LIST or SPLIT):
 * TEXT replaces the field (markup is moved in when not NULL), LIST adds one
 * item, SPLIT adds every item between `seps` characters (e.g. ",;").
 * Returns false when the field already had a different text value (the
 * caller decides whether that is worth a warning); the new value wins. */
bool pc_map_read(const pc_map_row *row, pc_record *rec, const char *s, size_t n,
                 pc_spanlist *markup, const char *seps);

/* What pc_map_write calls.  Every callback may be NULL when the format has
 * no row of that kind.  Each returns false when the output failed. */
typedef struct pc_map_sink {
    /* a TEXT or SPLIT value (SPLIT: the items joined with `joiner`) */
    bool (*text)(void *user, const pc_map_row *row, const pc_text *value);
    /* one item of a LIST row */
    bool (*item)(void *user, const pc_map_row *row, const char *item);
    /* a SPECIAL row whose field the record has; *wrote = false when the
     * format could not hold it after all (then it is counted as dropped) */
    bool (*special)(void *user, const pc_map_row *row, bool *wrote);
    /* a pass-through value read by this same format */
    bool (*extra)(void *user, const pc_extra *extra);
    const char *joiner; /* SPLIT rows: ", " */
    /* pass-through values whose format is this name are handed to `extra`
     * (NULL: the format name given to pc_map_write) */
    const char *family;
} pc_map_sink;

/* Writes rec through the rows (see the top of this file) and counts what
 * no row could hold under the format name `fmt`.  Fields in `skip` (an
 * array ended by PC_F_NONE, or NULL) are the format's own business: neither
 * written nor counted.  Returns false when a sink call failed. */
bool pc_map_write(const pc_map_row *rows, size_t n, const pc_record *rec, pc_ctx *ctx,
                  const char *fmt, const pc_map_sink *sink, void *user, const pc_field *skip);

#ifdef __cplusplus
}
#endif

#endif
