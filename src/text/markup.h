/* SPDX-License-Identifier: MIT */
/* markup.h — markup inside text fields (pc_spanlist), shared by every
 * reader and writer that has markup.
 *
 * The model keeps a field's text plain and its markup as spans beside it
 * (include/paperconv.h): italic, bold, superscript, subscript, and raw TeX
 * (PC_MARK_TEX: a LaTeX command the decoder does not know, whose text is
 * the command as written and which holds no other span).  This module
 * owns the three ways markup is written in the formats we speak, in both
 * directions:
 *   - LaTeX (\emph, \textit, \textbf, {\em ...}, \textsuperscript, ...):
 *     the decoder in latex.c leaves marker characters in its output and
 *     pc_markup_fold turns them into spans; the BibTeX writer writes the
 *     spans back with pc_latex_encode_rich (latex.h);
 *   - CSL's HTML-like tags (<i>, <b>, <sup>, <sub>, <span class="nocase">)
 *     for CSL-JSON; a TeX span is plain text there;
 *   - pandoc's Markdown (*...*, **...**, ^...^, ~...~, backslash escapes)
 *     for CSL-YAML, which pandoc reads as Markdown; a TeX span is text
 *     escaped so that pandoc shows it as it is.
 * It also owns the one math scanner ($...$, \(...\)): math is the text no
 * markup touches, in LaTeX and in pandoc's Markdown alike.  latex.c builds
 * on this module (it leaves markers, folds them, scans math); this module
 * includes nothing of latex.h. */
#ifndef PC_MARKUP_H
#define PC_MARKUP_H

#include "model/record.h"
#include "util/buf.h"

/* ---- math spans ---------------------------------------------------------- */

enum {
    PC_MATH_STRICT = 0,  /* a span a writer may copy verbatim (below) */
    PC_MATH_LENIENT = 1, /* a span as the LaTeX decoder reads it */
};

/* Length of the math span that starts at s[i] ($...$, $$...$$, \(...\) or
 * \[...\]) within [0, n), or 0 if none starts there.  Inside, a backslash
 * takes the next byte with it.
 *   PC_MATH_LENIENT: $ ends at the next $, $$ at the next $$ (and is not
 *   empty), \( at \), \[ at \].
 *   PC_MATH_STRICT: also on one line, braces balanced and no \{ or \}
 *   (BibTeX counts those), no lone $ inside $$...$$.
 * No span starts at a $ or \ escaped by an odd run of backslashes before
 * it, and \( \[ end at the next \( or \[ (TeX does not nest them): so every
 * scan ends at the next place a span may start, and calls at each place in
 * turn take time linear in n altogether. */
size_t pc_markup_math_span(const char *s, size_t i, size_t n, unsigned mode);

/* ---- markers: how the LaTeX decoder hands markup to pc_markup_fold ------ */

/* Appends the marker that opens or closes `mark` (a Unicode noncharacter,
 * U+FDD0..U+FDD3, which no input is allowed to carry through). */
void pc_markup_put_marker(pc_buf *b, pc_mark mark, bool open);
/* Whether [s, s+n) holds a marker character. */
bool pc_markup_has_markers(const char *s, size_t n);
/* Appends [s, s+n) to out with white space folded as pc_buf_put_folded
 * does and the markers removed; each marked range becomes a span in
 * `spans`, offsets relative to out->len on entry, trimmed of white space at
 * both ends; empty ones are dropped. */
void pc_markup_fold(const char *s, size_t n, pc_buf *out, pc_spanlist *spans);
/* Removes marker characters from b in place. */
void pc_markup_strip_markers(pc_buf *b);

/* Cuts spans at `len` (the field's text was shortened to len bytes). */
void pc_markup_clip(pc_spanlist *spans, size_t len);

/* ---- walking: how writers render spans --------------------------------- */

typedef struct pc_markup_sink {
    /* text [from, to) of the whole field s (the writer may look around it) */
    void (*text)(void *user, const char *s, size_t from, size_t to);
    void (*open)(void *user, pc_mark mark);
    void (*close)(void *user, pc_mark mark);
    /* the marks it renders besides italic, bold and nocase, as bits
     * 1u << PC_MARK_...: spans of other marks are skipped (0: none) */
    unsigned marks;
} pc_markup_sink;

/* Calls the sink for the text of s (n bytes) and the spans in order.
 * Spans that are out of range, not on UTF-8 boundaries, empty, out of
 * order, crossing another span, inside a TeX span, or of a mark the sink
 * does not render are skipped (their text still goes out). */
void pc_markup_walk(const char *s, size_t n, const pc_spanlist *spans, const pc_markup_sink *sink,
                    void *user);

/* The core of the title word [*start, *end): without opening ( " [ and
 * closing punctuation, the part a case-protection rule looks at. */
void pc_markup_word_core(const char *s, size_t *start, size_t *end);

/* Copies `spans` into `out` (cleared first) with a PC_MARK_NOCASE span
 * around every run of words of s that is an entry of `words` (a title's
 * protected words and runs: {DNA}, {RNA Polymerase II}), in walk order.
 * A run matches wherever its words stand in a row, each compared by its
 * core (pc_markup_word_core); overlapping runs become one span, runs that
 * only touch stay apart; a run that would cross a span of `spans` is left
 * out.  Linear in s and the entries (Aho-Corasick over words). */
void pc_markup_with_nocase(const char *s, const pc_spanlist *spans, const pc_strlist *words,
                           pc_spanlist *out);

/* Adds [s, s+n), trimmed, to `words` as one protected entry (a whole
 * <span class="nocase">, [...]{.nocase} or brace group: one run, not one
 * entry per word), unless it is empty or there already. */
void pc_markup_add_protected(pc_strlist *words, const char *s, size_t n);

/* ---- CSL rich text ----------------------------------------------------- */

/* Appends s with its spans as CSL's HTML-like tags (<i>, <b>, <sup>,
 * <sub>, <span class="nocase">); the text of a TeX span as it is. */
void pc_markup_to_html(const char *s, const pc_spanlist *spans, pc_buf *out);
/* Parses CSL rich text [s, s+n): <i>/<em>, <b>/<strong> become spans and
 * <span class="nocase"> is removed (its text goes to `nocase` as one
 * entry, pc_markup_add_protected, when not NULL).
 * Unmatched or unknown tags stay as text.  Appends the plain text to out;
 * span offsets are relative to out->len on entry.  The one HTML reader
 * does it (html.c, PC_HTML_CSL): it is defined there. */
void pc_markup_from_html(const char *s, size_t n, pc_buf *out, pc_spanlist *spans,
                         pc_strlist *nocase);

/* ---- pandoc Markdown ----------------------------------------------------- */

/* Appends s as pandoc Markdown inline text: spans as *...*, **...**,
 * ^...^ and ~...~ (spaces inside these two written "\ "), characters
 * Markdown would act on backslash-escaped, math spans ($...$) kept as they
 * are (pandoc reads them as math) except inside a TeX span, whose text is
 * escaped whole, case protection as pandoc's [...]{.nocase}. */
void pc_markup_to_markdown(const char *s, const pc_spanlist *spans, pc_buf *out);
/* The reverse for the inline subset pc_markup_to_markdown writes, and
 * pandoc's _..._ and __...__: appends the plain text to out, spans
 * relative to out->len on entry, words in [...]{.nocase} to `nocase` (when
 * not NULL; each span's text one entry).  ^...^ and ~...~ are super- and subscript when nothing
 * inside is an unescaped space; "\ " is a no-break space (U+00A0), as
 * pandoc reads it. */
void pc_markup_from_markdown(const char *s, size_t n, pc_buf *out, pc_spanlist *spans,
                             pc_strlist *nocase);

#endif
