/* SPDX-License-Identifier: MIT */
/* serial.h — a compact binary form of a pc_record, for the temporary
 * files of the operations that hold more records than memory should
 * (the sort's runs, the de-duplication spool).  Not a file format: only
 * the same build reads what it wrote (field ids are numbers), and the
 * files live only for one run.
 *
 * Everything the record holds is kept: kind, key, place (file, line),
 * every text with its truncated flag, markup spans and protected words,
 * every name list (et al.) with every part, ORCID, affiliations and
 * flags, every date with all its parts, flags and literal, every list,
 * and every pass-through value; arrays keep their order, so a record read
 * back writes the same bytes again.
 *
 * Layout: unsigned LEB128 numbers (zig-zag for signed ones), strings as
 * length + 1 then the bytes (0 = NULL).  A record is one blob; in a file
 * each blob follows its length.  Reading checks every count against the
 * bytes left before allocating, every field id and its kind, so a damaged
 * file is an error, never a crash or a huge allocation. */
#ifndef PC_SERIAL_H
#define PC_SERIAL_H

#include "model/record.h"
#include "util/buf.h"

#include <stdint.h>
#include <stdio.h>

/* The strings records read back point at but do not own (their file name,
 * their pass-through values' format name), interned: each distinct one is
 * stored once and lives until pc_serial_names_free, so the records read
 * through a table must be cleared before it is freed. */
typedef struct pc_serial_names pc_serial_names;
pc_serial_names *pc_serial_names_new(void);
void pc_serial_names_free(pc_serial_names *t); /* NULL is fine */
/* The interned copy of s (NULL stays NULL). */
const char *pc_serial_intern(pc_serial_names *t, const char *s, size_t n);

/* Calls fn once per field rec holds (texts, names, dates, lists; not the
 * kind, key or pass-through values) with a hash of the value as its blob
 * holds it: a reader that kept a record's text as written tells by it
 * which values changed since (formats/bibtex/keep.c).  scratch is used. */
void pc_serial_each_hash(const pc_record *rec, pc_buf *scratch, void (*fn)(void *u, pc_field f, uint64_t h),
                         void *u);

/* Appends rec's blob to out. */
void pc_serial_put(pc_buf *out, const pc_record *rec);

/* Reads the blob [p, p+n) into rec (cleared first); false when the blob
 * is damaged (rec is then cleared). */
bool pc_serial_get(const char *p, size_t n, pc_serial_names *names, pc_record *rec);

/* Writes rec's length and blob to f (scratch: a buffer to reuse); false
 * when writing failed. */
bool pc_serial_write(FILE *f, const pc_record *rec, pc_buf *scratch);

/* Reads the next record of f: 1 read, 0 at the end, -1 a damaged file or
 * a read error. */
int pc_serial_read(FILE *f, pc_serial_names *names, pc_record *rec, pc_buf *scratch);

/* Number helpers the sort's run files share: an unsigned LEB128 number
 * appended to out; read from [*p, end) (false past end or past 64 bits). */
void pc_serial_put_uint(pc_buf *out, unsigned long long v);
bool pc_serial_get_uint(const char **p, const char *end, unsigned long long *v);
/* The same read from a file: 1, 0 at a clean end, -1 damaged. */
int pc_serial_read_uint(FILE *f, unsigned long long *v);

#endif
