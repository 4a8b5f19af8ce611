/* SPDX-License-Identifier: MIT */
/* xmlwrite.h — what the XML writers (EndNote XML, MODS, Word's
 * bibliography XML) share, over libxml2's xmlTextWriter
 * (src/io/xmlwrite.c).
 *
 * Owns: the document (declaration, the end), escaping (libxml2's: no
 * hand-written escaping), and making any text XML can hold: XML 1.0 has no
 * way to write most C0 control characters, even as character references,
 * so they are dropped and counted (pc_ctx_dropped: -v says how many
 * values lost one), and bytes that are not UTF-8 become U+FFFD, counted
 * the same way.  Layout: one element per line, indented by two spaces a
 * level; an element with text on one line (its inline elements, EndNote's
 * <style> runs, on that line too: no white space is added inside a value).
 * Containers are opened and closed by path (pc_xw_path), so a writer that
 * walks its map rows in order ("titles/title", "titles/secondary-title",
 * "dates/year") opens <titles> once for the rows that share it.  Output
 * failures are remembered: pc_xw_end says. */
#ifndef PC_IO_XMLWRITE_H
#define PC_IO_XMLWRITE_H

#include "paperconv.h"
#include "model/record.h"
#include "io/ctx.h"
#include "model/map.h"
#include "util/buf.h"

typedef struct pc_xw pc_xw;

/* Starts a document on out: `<?xml version="1.0" encoding="UTF-8"?>`
 * (standalone="yes" when `standalone`).  `fmt` names the format in drop
 * counts (a static string). */
pc_xw *pc_xw_begin(FILE *out, pc_ctx *ctx, const char *fmt, bool standalone);
/* Closes every element left open, ends the document, flushes and frees w;
 * false when the output failed at any point. */
bool pc_xw_end(pc_xw *w);
/* Flushes what is written so far (after each record, and counts once
 * what its text lost: pc_xw_clean); false when the output failed. */
bool pc_xw_flush(pc_xw *w);

/* An element on a line of its own (name as written: "b:Source"). */
void pc_xw_open(pc_xw *w, const char *name);
/* An element inside a value's text (no line break, no indentation). */
void pc_xw_open_inline(pc_xw *w, const char *name);
/* An attribute of the element just opened (nothing when value is NULL). */
void pc_xw_attr(pc_xw *w, const char *name, const char *value);
/* Text (NULL: nothing); "\n" is written as a character reference to CR
 * when `cr_lines` (EndNote's &#xD;), else as it is. */
void pc_xw_text(pc_xw *w, const char *s, bool cr_lines);
/* Ends the element opened last. */
void pc_xw_close(pc_xw *w);
/* <name>text</name> on its own line; nothing when text is NULL or "". */
void pc_xw_leaf(pc_xw *w, const char *name, const char *text);

/* An element of a path's component ("identifier[type=doi]": with its
 * attribute) with text, on its own line; nothing when text is NULL or "". */
void pc_xw_element(pc_xw *w, const char *comp, size_t n, const char *text);
/* The containers of path's parent (pc_xw_path), then its last component
 * as pc_xw_element: pc_xw_put(w, "titleInfo[type=abbreviated]/title", t). */
void pc_xw_put(pc_xw *w, const char *path, const char *text);
/* Opens the element of a path's component (with its attribute). */
void pc_xw_open_comp(pc_xw *w, const char *comp, size_t n);

/* The containers below the current base become exactly those of `path`
 * ("a/b[type=host]/c", n bytes; "" or n == 0: none): the open ones that
 * differ are closed, the missing ones opened ("b[type=host]" is <b
 * type="host">). */
void pc_xw_path(pc_xw *w, const char *path, size_t n);
/* Makes the element opened last the base of pc_xw_path (its containers go
 * inside it); pc_xw_unbase closes them and goes back to the base before. */
void pc_xw_base(pc_xw *w);
void pc_xw_unbase(pc_xw *w);

/* The writer's scratch buffer (cleared by the caller), and its context. */
pc_buf *pc_xw_tmp(pc_xw *w);
pc_ctx *pc_xw_ctx(pc_xw *w);

/* Appends s made XML-safe: invalid UTF-8 as U+FFFD, characters XML 1.0
 * cannot hold (C0 controls but TAB, LF, CR; U+FFFE, U+FFFF) left out.
 * Returns how many of each via *replaced and *dropped (may be NULL). */
void pc_xw_clean(const char *s, size_t n, pc_buf *out, size_t *replaced, size_t *dropped);

/* ---- rows and pass-through values in element order ---------------------------------- */

/* The rows a writer writes for records that read back as kind k: the
 * written rows and the EXTRA rows (pass-through elements, in their place)
 * that hold for k, their kind sets cleared, in the map's order; built on
 * the first record of that kind.  (As the RIS writer's rows_of.) */
typedef struct pc_xw_rows {
    pc_map_row *rows[PC_KIND_COUNT];
    size_t n[PC_KIND_COUNT];
} pc_xw_rows;
const pc_map_row *pc_xw_rows_of(pc_xw_rows *c, const pc_map_row *rows, size_t n, pc_kind k, size_t *out_n);
void pc_xw_rows_free(pc_xw_rows *c);

/* The pass-through values of one record and family, each written once,
 * where its place among the rows is (pc_xr_extra_rank): before the first
 * row past it that the writer writes (pc_xw_extras_upto, from the writer's
 * sink before each row it writes), the rest at the end
 * (pc_xw_extras_rest). */
typedef struct pc_xw_extras {
    const pc_record *rec;
    const char *family;
    const pc_map_row *rows;
    size_t n_rows;
    bool *done;
    size_t *rank;
    size_t cap;
    void (*put)(void *user, const pc_extra *e);
    void *user;
} pc_xw_extras;
void pc_xw_extras_start(pc_xw_extras *x, const pc_record *rec, const char *family, const pc_map_row *rows,
                        size_t n, void (*put)(void *user, const pc_extra *e), void *user);
/* Writes the values of the EXTRA rows before `row` (a row of the same
 * array), then moves past it. */
void pc_xw_extras_upto(pc_xw_extras *x, const pc_map_row *row);
/* Writes what is left: the values of the remaining EXTRA rows, then every
 * other value of the family, in the record's order. */
void pc_xw_extras_rest(pc_xw_extras *x);
void pc_xw_extras_free(pc_xw_extras *x);

#endif
