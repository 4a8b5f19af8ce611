/* SPDX-License-Identifier: MIT */
/* citekey.h — citation keys: building the base key of a record, and giving
 * keys with the place of the record that got them.
 *
 * Key = ASCII-folded lower-case family name of the first author + year +
 * first significant word of the title ("ilin2026qkwanda").  The set of keys
 * already given (pc_keyset, in paperconv.h) adds a, b, c... to repeats,
 * compared without case for a format whose keys are (pc_keyset_new_for). */
#ifndef PC_CITEKEY_H
#define PC_CITEKEY_H

#include "model/keyformula.h"
#include "paperconv.h"
#include "util/buf.h"

#include <stdint.h>

/* Appends the base key (no uniqueness suffix) of rec to out: today's rule,
 * which the formula PC_KEYFORMULA_DEFAULT (keyformula.h) spells out. */
void pc_citekey_base(const pc_record *rec, pc_buf *out);

/* Appends the lower-case ASCII letters and digits of [s, s+n) folded to
 * ASCII (pc_ascii_fold): "Müller-Lüdenscheidt" gives "mullerludenscheidt". */
void pc_citekey_put_folded(pc_buf *out, const char *s, size_t n);
/* Whether [w, w+n) (lower-case ASCII) is a stop word, a title word a key
 * skips ("the", "of", "von"). */
bool pc_citekey_is_stopword(const char *w, size_t n);
/* Calls put(out, ...) with each stretch of the word [w, w+n) outside its
 * math ($...$ within the word): "$\alpha$-stable" gives "-stable". */
void pc_citekey_word_pieces(const char *w, size_t n, pc_buf *out,
                            void (*put)(pc_buf *out, const char *s, size_t n));
/* Length of the character at s (n bytes left) when a key may hold it, else
 * 0: letters, marks and digits of any script, and - _ : . / + ; ? ! ( ) * @
 * [ ] & (what BibTeX, biber and pandoc all take in a key). */
size_t pc_citekey_char(const char *s, size_t n);

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

/* Makes ks generate keys with kf and tell repeats apart with pf; ks owns
 * both from now on (NULL: today's rule, and "%a").  A formula that gives a
 * record nothing gives it today's key. */
void pc_keyset_set_rule(pc_keyset *ks, pc_keyformula *kf, pc_keypostfix *pf);
/* Sets ks's rule from ctx->opt.key_format and key_postfix.  False after
 * reporting one that does not compile ("--key-format:COL: ..."). */
bool pc_keyset_use_options(pc_keyset *ks, pc_ctx *ctx);

#endif
