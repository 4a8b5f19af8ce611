/* SPDX-License-Identifier: MIT */
/* keyformula.h — citation-key formulas (--key-format) and the postfix that
 * tells repeated keys apart (--key-postfix), on Better BibTeX's model.
 *
 * A formula is compiled once into a small tree and evaluated per record:
 *
 *     formula := alternatives
 *     alternatives := sequence ('|' sequence)*   first non-empty wins
 *     sequence := term ('+' term)*               joined
 *     term := (function | "text" | 'text' | '(' alternatives ')') ('.' filter)*
 *     function, filter := NAME ['(' [argument (',' argument)*] ')']
 *
 * Functions read the record (auth, authors(n), authEtAl, authIni(n),
 * family, year, shortyear, month, title, shorttitle(n,m), veryshorttitle(n,m),
 * journal, firstpage, type, type(T,...), field(NAME)); filters change the
 * text before them (lower, upper, capitalize, ascii, transliterate,
 * alphanum, clean, nopunct(dash), skipwords, substring(start,n),
 * condense(sep), select(start,n), codepoint).  Both are rows of tables in
 * keyformula.c; doc/paperconv.1 (KEY FORMULAS) says what each does.  The
 * key is what the formula gives without the characters a key cannot hold
 * (pc_citekey_char): white space, braces, commas, ...  A key depends on its
 * record only.
 *
 * PC_KEYFORMULA_DEFAULT is today's key rule, pc_citekey_base: the formula
 * gives the same bytes for every record (test_keyformula.c checks it over
 * every fixture and sample). */
#ifndef PC_KEYFORMULA_H
#define PC_KEYFORMULA_H

#include "model/record.h"
#include "util/buf.h"

#define PC_KEYFORMULA_DEFAULT                                                                      \
    "(auth.ascii.alphanum.lower | family.codepoint | \"anon\") + year + "                          \
    "title.ascii.alphanum.lower.skipwords.select(1,1)"

/* Why a formula or postfix was refused: the 1-based column (in characters)
 * it points at, and a message (owned: pc_buf_free it). */
typedef struct pc_keyformula_error {
    size_t col;
    pc_buf msg;
} pc_keyformula_error;

typedef struct pc_keyformula pc_keyformula;

/* Compiles `text` (UTF-8).  Returns NULL and fills *err (initialised here)
 * when it is not a formula.  The caller frees the result. */
pc_keyformula *pc_keyformula_compile(const char *text, pc_keyformula_error *err);
void pc_keyformula_free(pc_keyformula *kf);
/* Appends rec's key by kf (no postfix) to out: empty when every
 * alternative is.  kf keeps scratch buffers between calls (not const: one
 * caller at a time). */
void pc_keyformula_eval(pc_keyformula *kf, const pc_record *rec, pc_buf *out);

/* ---- the postfix of a repeated key -------------------------------------- */

typedef struct pc_keypostfix pc_keypostfix;

/* Compiles a postfix: text with exactly one of %a (a, b, ..., z, aa, ab...),
 * %A (A, B, ...) or %n (1, 2, ...), the rest characters a key may hold
 * ("-%n", "_%A").  NULL and *err on a bad one. */
pc_keypostfix *pc_keypostfix_compile(const char *text, pc_keyformula_error *err);
void pc_keypostfix_free(pc_keypostfix *pf);
/* Appends the postfix of the k-th repeat of a key (k >= 1); pf NULL is "%a". */
void pc_keypostfix_put(const pc_keypostfix *pf, pc_buf *out, unsigned long k);

#endif
