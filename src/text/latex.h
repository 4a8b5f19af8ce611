/* SPDX-License-Identifier: MIT */
/* latex.h — LaTeX <-> Unicode, shared by every reader and writer.
 *
 * Decoding (latex.c) turns BibTeX/arXiv text into NFC Unicode: accents
 * (\'a, \v{c}, {\'{\i}}), letters and symbols (\ss, \o, \S, \textdegree),
 * logos (\TeX, \LaTeX), escapes (\&), dashes, quote ligatures (`` '' ,,
 * << >>) and quoting commands (\enquote, \mkbibquote: “...”, ‘...’
 * inside), formatting commands reduced to their text and markup (italic,
 * bold, super/subscript), case-protecting braces dropped (and remembered).
 * What each command does is a table, latex_commands.inc; the README's
 * "LaTeX" section lists them.  Math is copied verbatim ($...$), \(...\)
 * and \ensuremath{...} become $...$ and \[...\] $$...$$ (what pandoc and
 * our writers read as math).  A command the table does not have is kept as
 * written with its arguments (\foo[x]{y}), as a PC_MARK_TEX span when
 * markup is asked for, and reported.
 * Encoding (latex_encode.c) is the reverse, for the BibTeX writer: it
 * writes what plain BibTeX styles print as the text (no package needed
 * beyond LaTeX's own: “...” as ``...'', not \enquote).
 *
 * Both run in time linear in the input (n log n at worst) on any input:
 * groups and commands nest at most PC_LATEX_MAX_DEPTH deep in the decoder
 * (deeper ones are kept as written and counted in the report), braces are
 * matched by a scan whose total length is bounded (past the bound, by a
 * table of every brace pair built in one pass), and math is found by the
 * one scanner of markup.h, pc_markup_math_span. */
#ifndef PC_LATEX_H
#define PC_LATEX_H

#include "text/markup.h"
#include "model/record.h"
#include "util/buf.h"

#include <stdint.h>

/* The unknown command names a run has reported, so that each is reported
 * once per run: zero-initialise one per reader (pc_latex_seen seen = {0}),
 * point pc_latex_report.seen at it for every decode call of the run, and
 * free it with pc_latex_seen_free when the run ends.  It holds at most
 * PC_LATEX_SEEN_MAX names (the first 40 bytes of each): past that, new
 * names are reported every time, so memory stays bounded. */
typedef struct pc_latex_seen {
    pc_strlist names; /* hashed past a few (pc_strlist's index) */
} pc_latex_seen;
#define PC_LATEX_SEEN_MAX 1000

/* Frees what the set holds and empties it (NULL is fine). */
void pc_latex_seen_free(pc_latex_seen *seen);

/* What a decode or encode call had to leave as it was.  Zero it before
 * each call.  A reader warns once per field:
 *
 *     pc_latex_report rep = {.seen = &reader->seen};
 *     pc_latex_decode_marked(value, n, &out, &prot, &spans, &rep);
 *     if (rep.n_unknown)  // position: value + rep.first_offset
 *         warn("unknown LaTeX command %s kept as written", rep.first_name);
 */
typedef struct pc_latex_report {
    size_t n_unknown;       /* decode: unknown commands kept verbatim (with
                               `seen`: those whose name is new to the run) */
    size_t first_offset;    /* decode: byte offset of the first one */
    char first_name[64];    /* decode: its name, e.g. "\foo" (truncated);
                               with `seen`, every new name that fits,
                               ", " between them (the others stay new) */
    size_t n_unencodable;   /* encode: characters kept as UTF-8 */
    int32_t first_unencodable;
    size_t n_too_deep;      /* decode: groups or commands nested deeper than
                               PC_LATEX_MAX_DEPTH, kept as written */
    size_t first_too_deep;  /* decode: byte offset of the first one */
    pc_latex_seen *seen;    /* decode, optional: the run's names reported */
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

/* Like pc_latex_decode, and markup becomes spans in `markup` (offsets
 * relative to out->len on entry) instead of only text: italic and bold
 * (\emph{...}, \textit, \textbf, {\em ...}, {\bf ...}; \emph inside \emph
 * is upright: the outer span is cut around it), superscript and subscript
 * that Unicode cannot write as characters (\textsuperscript{th}), and
 * every unknown command as written (PC_MARK_TEX, holding no other span;
 * a group that is only an unknown command, {\foo{x}}, braces included).
 * Give every field a BibTeX writer may write back a spanlist: its TeX
 * spans are what pc_latex_encode_rich writes verbatim.  markup may be NULL
 * (unknown commands are then plain text). */
void pc_latex_decode_marked(const char *s, size_t n, pc_buf *out, pc_strlist *protected_words,
                            pc_spanlist *markup, pc_latex_report *rep);

enum {
    PC_TEX_MATH = 1,    /* copy well-formed $...$ spans verbatim */
    PC_TEX_UNICODE = 2, /* keep non-ASCII as UTF-8 (biblatex/biber users) */
    PC_TEX_TITLE = 4,   /* pc_latex_encode_rich: brace the words a title
                           must keep the case of (and math) */
    PC_TEX_LISTED = 8,  /* pc_latex_encode_rich: brace the text's listed
                           protected words (and math) only, not words by
                           their shape (a booktitle, a series) */
};

/* Appends [s, s+n) (UTF-8) as LaTeX text safe inside a braced BibTeX value:
 * specials escaped, braces balanced, non-ASCII as commands ({\'a}, {\v{c}},
 * {\^{\d{a}}}, “ ” as `` '', „ as {\quotedblbase}) unless PC_TEX_UNICODE;
 * runs of Unicode super/subscript digits and signs as \textsuperscript{..}
 * / \textsubscript{..}.  Characters with no LaTeX form stay UTF-8 and are
 * counted in rep. */
void pc_latex_encode(const char *s, size_t n, pc_buf *out, unsigned flags, pc_latex_report *rep);

/* Appends a text field with its markup, for a braced BibTeX value: the
 * text as pc_latex_encode writes it, italic as \emph{...}, bold as
 * \textbf{...}, super/subscript as \textsuperscript{...} /
 * \textsubscript{...}, a TeX span verbatim (as the decoder kept it; if its
 * braces do not balance, as text), and "…" ({\ldots}) after a truncated
 * text.  PC_TEX_TITLE: a word the title must keep the case of (one in
 * t->protected_words, or with an upper-case letter after the first letter
 * of one of its hyphen parts: LLM, MoE, QK-Norm) and a word with math in it
 * are braced ({LLM}, {$x$-ray}).  The BibTeX writer needs no span logic of
 * its own: one call per field. */
void pc_latex_encode_rich(const pc_text *t, pc_buf *out, unsigned flags, pc_latex_report *rep);

/* Whether a title word keeps its case by its shape: an upper-case letter
 * after the first letter of one of its hyphen- or slash-separated parts
 * (QK-Norm, LLM, MoE, NVFP4, dLLM).  Writers brace such words without
 * being told (PC_TEX_TITLE). */
bool pc_latex_word_keeps_case(const char *s, size_t n);
/* Whether LaTeX kept as written can go into a braced BibTeX value as it is:
 * its braces balance as BibTeX counts them (a backslash does not escape a
 * brace there) and it does not end in a backslash. */
bool pc_latex_bibtex_balanced(const char *s, size_t n);
/* Whether a BibTeX writer braces this title word whatever the record
 * says: its shape keeps its case, or it holds math.  Such a word is
 * protected whether or not a record lists it (X -> BibTeX -> X may list
 * it afterwards: the braces the writer added come back as protection). */
bool pc_latex_title_word_braced(const char *s, size_t n);

/* Length of a math span a writer may copy verbatim ($...$ or $$...$$,
 * braces balanced, on one line) starting at s[i] == '$', or 0 if there is
 * none: pc_markup_math_span(s, i, n, PC_MATH_STRICT), the one math scanner. */
static inline size_t pc_latex_math_span(const char *s, size_t i, size_t n)
{
    return pc_markup_math_span(s, i, n, PC_MATH_STRICT);
}

/* The symbol table, for tests: entry i (false past the end). */
bool pc_latex_table_entry(size_t i, int32_t *cp, const char **tex, char *kind);
/* The decoder's command table, for tests: the name (without backslash)
 * of entry i and its text (NULL if it has none); false past the end. */
bool pc_latex_command_entry(size_t i, const char **name, const char **text);
/* The AASTeX journal macro table (latex_journals.inc), for tests: the
 * name of entry i and its text; false past the end. */
bool pc_latex_journal_entry(size_t i, const char **name, const char **text);
/* The accent table, for tests: combining mark and command of entry i. */
bool pc_latex_accent_entry(size_t i, int32_t *mark, const char **cmd);

#endif
