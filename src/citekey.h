/* citekey.h — citation keys: building the base key of a record.
 *
 * Key = ASCII-folded lower-case family name of the first author + year +
 * first significant word of the title ("ilin2026qkwanda").  The set of keys
 * already given (pc_keyset, in paperconv.h) adds a, b, c... to repeats. */
#ifndef PC_CITEKEY_H
#define PC_CITEKEY_H

#include "paperconv.h"
#include "util.h"

/* Appends the base key (no uniqueness suffix) of rec to out. */
void pc_citekey_base(const pc_record *rec, pc_buf *out);

#endif
