/* latex.h — LaTeX <-> Unicode, shared by every reader and writer.
 *
 * Decoding turns BibTeX/arXiv text into NFC Unicode: accents (\'a, \v{c},
 * {\'{\i}}), letter commands (\ss, \o), escapes (\&), dashes and quotes,
 * formatting commands reduced to their text, case-protecting braces dropped
 * (and remembered).  Math ($...$, \(...\), \[...\]) is copied verbatim.
 * Encoding is the reverse, for the BibTeX writer.  One table drives both. */
#ifndef PC_LATEX_H
#define PC_LATEX_H

#include "paperconv.h"
#include "util.h"

#include <stdint.h>

/* What a decode or encode call had to leave as it was. */
typedef struct pc_latex_report {
    size_t n_unknown;       /* decode: unknown commands kept verbatim */
    size_t first_offset;    /* decode: byte offset of the first one */
    char first_name[40];    /* decode: its name, e.g. "\foo" (truncated) */
    size_t n_unencodable;   /* encode: characters kept as UTF-8 */
    int32_t first_unencodable;
} pc_latex_report;

/* Appends the decoded text of [s, s+n) to out: NFC, white space folded to
 * single spaces and trimmed.  Words that braces protected from case changes
 * ({LLM}) are appended to `protected_words` when it is not NULL.  `rep` may
 * be NULL. */
void pc_latex_decode(const char *s, size_t n, pc_buf *out, pc_strlist *protected_words,
                     pc_latex_report *rep);

/* Like pc_latex_decode, and italic/bold (\emph{...}, \textit, \textbf,
 * {\em ...}, {\bf ...}) become spans in `markup` (offsets relative to
 * out->len on entry) instead of only text.  markup may be NULL. */
void pc_latex_decode_marked(const char *s, size_t n, pc_buf *out, pc_strlist *protected_words,
                            pc_spanlist *markup, pc_latex_report *rep);

enum {
    PC_TEX_MATH = 1,    /* copy well-formed $...$ spans verbatim */
    PC_TEX_UNICODE = 2, /* keep non-ASCII as UTF-8 (biblatex/biber users) */
};

/* Appends [s, s+n) (UTF-8) as LaTeX text safe inside a braced BibTeX value:
 * specials escaped, braces balanced, non-ASCII as commands ({\'a}, {\v{c}},
 * {\^{\d{a}}}) unless PC_TEX_UNICODE.  Characters with no LaTeX form stay
 * UTF-8 and are counted in rep. */
void pc_latex_encode(const char *s, size_t n, pc_buf *out, unsigned flags, pc_latex_report *rep);

/* Length of a well-formed math span ($...$ or $$...$$, braces balanced, on
 * one line) starting at s[i] == '$', or 0 if there is none. */
size_t pc_latex_math_span(const char *s, size_t i, size_t n);

/* The symbol table, for tests: entry i (false past the end). */
bool pc_latex_table_entry(size_t i, int32_t *cp, const char **tex, char *kind);
/* The accent table, for tests: combining mark and command of entry i. */
bool pc_latex_accent_entry(size_t i, int32_t *mark, const char **cmd);

#endif
