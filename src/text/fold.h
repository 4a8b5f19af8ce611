/* SPDX-License-Identifier: MIT */
/* fold.h — text folded for comparing and sorting, the same on every
 * machine: no locale, only utf8proc's tables.
 *
 * Both folds apply Unicode case folding, compatibility decomposition and
 * strip combining marks (Émile -> emile, ﬁ -> fi, Straße -> strasse); a
 * letter with no decomposition that pc_ascii_fold spells in ASCII becomes
 * that spelling (ø -> o, ł -> l, æ -> ae), any other letter stays itself
 * (Greek, CJK).  Invalid UTF-8 is read byte by byte (ASCII kept, the rest
 * dropped).  Linear in the input. */
#ifndef PC_FOLD_H
#define PC_FOLD_H

#include "util/buf.h"

/* Appends the letters and digits of [s, s+n), folded, with nothing
 * between them: what two spellings of one title or name have in common
 * ("The {LLM}: a Survey!" and "the llm -- A survey" both "thellmasurvey"). */
void pc_fold_match(pc_buf *out, const char *s, size_t n);

/* Appends [s, s+n) folded for collation: its words (runs of letters and
 * digits), one space between two words, punctuation and symbols dropped.
 * Byte order of the result is the sort order (code point order of the
 * folded text). */
void pc_fold_collate(pc_buf *out, const char *s, size_t n);

#endif
