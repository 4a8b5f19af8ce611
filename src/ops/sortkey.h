/* SPDX-License-Identifier: MIT */
/* sortkey.h — the sort order of --sort=key|author|year|date|title|type|added,
 * as one byte string per record whose memcmp order is the order asked for
 * (ops/extsort.h sorts by it).
 *
 * Each component of the spec is encoded so that comparing bytes compares
 * the component: text is folded for collation (pc_fold_collate: case,
 * accents and punctuation folded, locale independent) and ended by a 0
 * byte; numbers are big-endian with the sign bit flipped.  A component
 * the record lacks sorts after every value, ascending or descending; a
 * descending component ('-year') has its bytes inverted.  Ties are left to
 * the sorter, which keeps input order (stable).
 *
 *   key     the citation key (folded, then as written)
 *   author  the authors (else the editors): family (or organisation) then
 *           given name, name after name
 *   year    the issued year;  date  the issued year, month, day (a month
 *           or day missing sorts before the known ones of that year)
 *   title   the title and subtitle;  type  the kind's CSL name
 *   added   input order (the number the caller gives each record) */
#ifndef PC_OPS_SORTKEY_H
#define PC_OPS_SORTKEY_H

#include "model/record.h"
#include "util/buf.h"

typedef enum pc_sort_by {
    PC_SORT_NONE = 0,
    PC_SORT_KEY,
    PC_SORT_AUTHOR,
    PC_SORT_YEAR,
    PC_SORT_DATE,
    PC_SORT_TITLE,
    PC_SORT_TYPE,
    PC_SORT_ADDED,
} pc_sort_by;

enum { PC_SORT_MAX = 8 };

typedef struct pc_sort_spec {
    pc_sort_by by[PC_SORT_MAX];
    bool desc[PC_SORT_MAX];
    size_t n;
} pc_sort_spec;

/* Parses "author,-year" into *spec; false with a message in err (a word
 * not known, an empty item, more than PC_SORT_MAX). */
bool pc_sort_spec_parse(pc_sort_spec *spec, const char *s, pc_buf *err);

/* Appends rec's sort key to out (`seq`: its input order, for "added"). */
void pc_sortkey_build(const pc_sort_spec *spec, const pc_record *rec, unsigned long long seq,
                      pc_buf *out);

#endif
