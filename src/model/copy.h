/* SPDX-License-Identifier: MIT */
/* copy.h — copying fields between records through the record setters:
 * a text with its markup, protected words and truncated flag, a name list
 * with every part, a date with its literal, a list, a whole record. */
#ifndef PC_COPY_H
#define PC_COPY_H

#include "model/record.h"

/* Copies field f of src into dst as field `as` (the same kind of value;
 * as = f for the same field), replacing dst's value.  src and dst must
 * be different records.  False when src lacks f or the kinds differ. */
bool pc_record_copy_field(pc_record *dst, pc_field as, const pc_record *src, pc_field f);
/* Appends a copy of name s to list l. */
pc_name *pc_names_add_copy(pc_names *l, const pc_name *s);
/* Makes dst (cleared first) a copy of src: kind, key, place, every field
 * and pass-through value, arrays in the same order. */
void pc_record_copy(pc_record *dst, const pc_record *src);

#endif
