/* SPDX-License-Identifier: MIT */
/* translit.h — text in Latin letters, for citation keys (the key formula's
 * `transliterate` filter, src/model/keyformula.c).
 *
 * Latin letters lose their marks by decomposition (pc_ascii_fold: é → e,
 * ß → ss, ø → o), Greek and Cyrillic letters are looked up in a sorted
 * table (translit.inc: ж → zh, θ → th), and every other character (CJK,
 * Arabic, Devanagari, symbols) is kept as it is. */
#ifndef PC_TRANSLIT_H
#define PC_TRANSLIT_H

#include "util/buf.h"

#include <stdint.h>

/* Appends [s, s+n) (UTF-8; invalid bytes are skipped) transliterated as
 * above: Ж before a capital is ZH, else Zh; υ after α ε η ο is u; a
 * combining mark after a letter written in Latin is dropped; white space a
 * compatibility decomposition would make (U+00A0, U+2003) is not, the
 * character is kept. */
void pc_translit(pc_buf *out, const char *s, size_t n);

/* Appends [s, s+n) folded to ASCII as pc_ascii_fold does (Latin letters
 * without their marks, everything else dropped), except that a character
 * whose folding is white space only (U+00A0, U+2003, the spacing accent ´)
 * gives nothing: no word is split where the text had none. */
void pc_translit_ascii(pc_buf *out, const char *s, size_t n);

/* The Greek and Cyrillic table, for tests: entry i (false past the end). */
bool pc_translit_entry(size_t i, int32_t *cp, const char **latin);

#endif
