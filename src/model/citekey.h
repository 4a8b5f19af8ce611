/* SPDX-License-Identifier: MIT */
/* citekey.h — citation keys: building the base key of a record, and giving
 * keys with the place of the record that got them.
 *
 * Key = ASCII-folded lower-case family name of the first author + year +
 * first significant word of the title ("ilin2026qkwanda").  The set of keys
 * already given (pc_keyset) adds a, b, c... to repeats,
 * compared without case for a format whose keys are (pc_keyset_new_for). */
#ifndef PC_CITEKEY_H
#define PC_CITEKEY_H

#include "model/record.h"
#include "util/buf.h"

#include <stdint.h>

typedef struct pc_keyset pc_keyset; /* unique citation keys */

pc_keyset *pc_keyset_new(void);
/* A set whose keys are unique the way `to` compares them: without case
 * when to->keys_fold_case ("Key" after "key" becomes "Keya"), else
 * byte-wise (pc_keyset_new). */
pc_keyset *pc_keyset_new_for(const pc_format *to);
void pc_keyset_free(pc_keyset *ks);
/* Gives rec a key that is unique within ks: the input key unless `rekey`
 * or absent (letters and digits of any script and - _ : . / + ; ? ! ( ) * @
 * [ ] & kept, other runs becoming one "_"), else family+year+first title
 * word; duplicates get a, b, c. */
void pc_keyset_assign(pc_keyset *ks, pc_record *rec, bool rekey);

/* Appends the base key (no uniqueness suffix) of rec to out. */
void pc_citekey_base(const pc_record *rec, pc_buf *out);

/* What pc_keyset_assign_at found when the key a record wanted was taken. */
typedef struct pc_key_clash {
    size_t wanted;  /* length of the key it wanted, a prefix of rec->key; 0 = no clash */
    bool input_key; /* that key came from the input (else it was generated) */
    uint32_t first; /* the place given with the record that has it (0 = unknown) */
    bool case_only; /* that record's key differs from this one in case only
                     * (a set that folds case; 1 in 256 such is missed) */
    char *refused;  /* the input's key when it held characters a key cannot
                     * (else NULL); the caller frees it */
} pc_key_clash;

/* pc_keyset_assign, remembering `place` (a number the caller chooses to find
 * the record again, 0 = none) with the key given; fills *clash (may be NULL). */
void pc_keyset_assign_at(pc_keyset *ks, pc_record *rec, bool rekey, uint32_t place,
                         pc_key_clash *clash);

#endif
