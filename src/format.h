/* SPDX-License-Identifier: MIT */
/* format.h — everything a format needs, and nothing else: the header a
 * reader or writer in formats/ includes.  All of it is internal (not
 * installed); a program sees only include/paperconv.h.
 *
 *   paperconv.h           the public API: field and kind ids, handles
 *   model/record.h        the record's structs and the internal record API
 *   io/ctx.h              the conversion context: options, diagnostics
 *   io/format_table.h     struct pc_format, the entry a format exports
 *   model/map.h           field maps: a format's rows and the generic loop
 *   util/buf.h            allocation that aborts on failure, pc_buf
 *   io/source.h           buffered input, lines (pc_lines), look-ahead
 *   io/encoding.h         encodings: the --encoding hint of invalid-UTF-8 messages
 *   text/unicode.h        UTF-8 checks, NFC, folding (utf8proc)
 *   text/latex.h          LaTeX <-> Unicode
 *   text/markup.h         italic/bold as LaTeX, CSL tags, Markdown
 *   text/html.h           HTML, JATS and CSL rich text: tags, entities
 *   text/names.h          names: parsing, lists, display
 *   text/names_bibtex.h   names as BibTeX splits them
 *   model/dates.h         dates: written forms, ISO, EDTF
 *   model/ids.h           DOIs and arXiv ids
 *
 * A format of the CSL family includes formats/csl/csl.h too (it needs
 * jansson's json_t). */
#ifndef PAPERCONV_FORMAT_H
#define PAPERCONV_FORMAT_H

#include "paperconv.h"
#include "model/record.h"
#include "io/ctx.h"
#include "io/format_table.h"
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
