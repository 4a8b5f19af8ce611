/* SPDX-License-Identifier: MIT */
/* format.h — everything a format needs, and nothing else: the header a
 * reader or writer in formats/ includes, the shared modules of src/ it
 * may use (a format needs no other header of src/).
 *
 *   paperconv.h          the record model, the field table, diagnostics,
 *                        the pc_format entry a format exports
 *   model/map.h          field maps: a format's rows and the generic loop
 *   util/buf.h           allocation that aborts on failure, pc_buf
 *   io/source.h          buffered input, lines (pc_lines), look-ahead
 *   io/encoding.h        the --encoding hint of invalid-UTF-8 messages
 *   text/unicode.h       UTF-8 checks, NFC, folding (utf8proc)
 *   text/latex.h         LaTeX <-> Unicode
 *   text/markup.h        italic/bold as LaTeX, CSL tags, Markdown
 *   text/html.h          HTML, JATS and CSL rich text: tags, entities
 *   text/names.h         names: parsing, lists, display
 *   text/names_bibtex.h  names as BibTeX splits them
 *   model/dates.h        dates: written forms, ISO, EDTF
 *   model/ids.h          DOIs and arXiv ids
 *
 * A format of the CSL family includes its folder's formats/csl/csl.h too
 * (it needs jansson's json_t). */
#ifndef PAPERCONV_FORMAT_H
#define PAPERCONV_FORMAT_H

#include "paperconv.h"
#include "text/names_bibtex.h"
#include "util/buf.h"
#include "model/dates.h"
#include "io/encoding.h"
#include "text/html.h"
#include "model/ids.h"
#include "text/latex.h"
#include "model/map.h"
#include "text/markup.h"
#include "text/names.h"
#include "io/source.h"
#include "text/unicode.h"

#endif
