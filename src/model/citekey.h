/* SPDX-License-Identifier: MIT */
/* citekey.h — the pieces of a citation key: the base key of a record,
 * the characters a key may hold, stop words (keyset.h gives the keys).
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

#endif
