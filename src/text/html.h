/* SPDX-License-Identifier: MIT */
/* html.h — the one reader of HTML-like rich text, for every format that
 * meets some: CSL's tags in CSL-JSON, JATS abstracts from Crossref, HTML
 * titles and abstracts from OpenAlex, Atom `type="html"` texts, RSS
 * descriptions.
 *
 * Two readings of the same syntax:
 *   PC_HTML_CSL  CSL rich text as citeproc-js and pandoc read it: only
 *                <i>, <em>, <b>, <strong> and <span class="nocase">, in
 *                pairs that match, are markup (italic, bold, case-protected
 *                words); every other tag, an unmatched one and every '&'
 *                stay text, and the text is not otherwise changed;
 *   PC_HTML_DOC  a fragment of an HTML or JATS document: every tag is
 *                removed (block elements leave a space), italic and bold
 *                (<i>, <em>, <b>, <strong>, JATS <italic>, <bold>, any
 *                namespace prefix) become spans, <sup>/<sub> holding only
 *                digits, signs and parentheses become Unicode super- and
 *                subscripts (10⁶, H₂O), comments, processing instructions
 *                and the content of <script>/<style> are dropped, CDATA
 *                is text, entities are decoded (libxml2's HTML table and
 *                numeric references; an unknown one stays text), a
 *                heading "Abstract" that opens the text (Crossref's
 *                <jats:title>) is dropped; white space is folded and the
 *                text put in NFC.
 *
 * The names come from libxml2's HTML module (htmlEntityLookup for
 * entities, htmlTagLookup for which elements are blocks).  libxml2's HTML
 * parser itself (htmlReadMemory) is not used: it compares every attribute
 * of a start tag with each one before it and searches the whole stack of
 * open elements for each unmatched end tag (quadratic on hostile input,
 * and it cannot be stopped midway), and it repairs what it does not know
 * (auto-closing, a <title> moved to <head>) where CSL needs unknown tags
 * kept as text.  This reader is one pass, time linear in its input, no
 * recursion, nothing loaded, no network.  A tag that is not closed by a
 * '>' (or holds an unclosed quote) is text, and so is every '<' after it. */
#ifndef PC_HTML_H
#define PC_HTML_H

#include "model/record.h"
#include "util/buf.h"

typedef enum pc_html_mode {
    PC_HTML_CSL = 0, /* CSL rich text (above) */
    PC_HTML_DOC,     /* an HTML or JATS fragment (above) */
} pc_html_mode;

/* Appends the text of [s, s+n) (UTF-8) to out, read as `mode` says; its
 * italic and bold go to `spans` (offsets relative to out->len on entry;
 * NULL: text only), the text of each <span class="nocase"> (CSL) to
 * `nocase` as one entry (NULL: not kept).  An input that holds markup's
 * own marker characters (U+FDD0..U+FDD3, markup.h) gets no
 * spans in PC_HTML_DOC. */
void pc_html_read(const char *s, size_t n, pc_html_mode mode, pc_buf *out, pc_spanlist *spans,
                  pc_strlist *nocase);

/* True if [s, s+n) holds a '<' or an '&': text PC_HTML_DOC could change
 * beyond folding white space (the cheap test before calling it). */
bool pc_html_has_markup(const char *s, size_t n);

#endif
