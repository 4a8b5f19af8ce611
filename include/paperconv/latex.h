/* latex.h — LaTeX <-> Unicode, shared by every reader and writer.
 *
 * Decoding turns BibTeX/arXiv text into NFC Unicode: accents (\'a, \v{c},
 * {\'{\i}}), letter commands (\ss, \o), escapes (\&), dashes and quotes,
 * formatting commands reduced to their text, case-protecting braces dropped
 * (and remembered).  Math ($...$, \(...\), \[...\]) is copied verbatim.
 * Encoding is the reverse, for the BibTeX writer.  One table drives both.
 *
 * Both run in time linear in the input (n log n at worst) on any input:
 * groups and commands nest at most PC_LATEX_MAX_DEPTH deep in the decoder
 * (deeper ones are kept as written and counted in the report), braces are
 * matched by a scan whose total length is bounded (past the bound, by a
 * table of every brace pair built in one pass), and math is found by the
 * one scanner of markup.h, pc_markup_math_span. */
#ifndef PC_LATEX_H
#define PC_LATEX_H

#include "paperconv/markup.h"
#include "paperconv.h"
#include "paperconv/buf.h"

#include <stdint.h>

/* What a decode or encode call had to leave as it was. */
typedef struct pc_latex_report {
    size_t n_unknown;       /* decode: unknown commands kept verbatim */
    size_t first_offset;    /* decode: byte offset of the first one */
    char first_name[40];    /* decode: its name, e.g. "\foo" (truncated) */
    size_t n_unencodable;   /* encode: characters kept as UTF-8 */
    int32_t first_unencodable;
    size_t n_too_deep;      /* decode: groups or commands nested deeper than
                               PC_LATEX_MAX_DEPTH, kept as written */
    size_t first_too_deep;  /* decode: byte offset of the first one */
} pc_latex_report;

/* How deep the decoder follows nested groups and commands ({...},
 * \'{...}, \emph{...}): deeper, a brace is dropped and a command kept as
 * written (its text is decoded at the depth reached), and rep->n_too_deep
 * counts it. */
#define PC_LATEX_MAX_DEPTH 64

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

/* Length of a math span a writer may copy verbatim ($...$ or $$...$$,
 * braces balanced, on one line) starting at s[i] == '$', or 0 if there is
 * none: pc_markup_math_span(s, i, n, PC_MATH_STRICT), the one math scanner. */
static inline size_t pc_latex_math_span(const char *s, size_t i, size_t n)
{
    return pc_markup_math_span(s, i, n, PC_MATH_STRICT);
}

/* The symbol table, for tests: entry i (false past the end). */
bool pc_latex_table_entry(size_t i, int32_t *cp, const char **tex, char *kind);
/* The accent table, for tests: combining mark and command of entry i. */
bool pc_latex_accent_entry(size_t i, int32_t *mark, const char **cmd);

#endif
