/* SPDX-License-Identifier: MIT */
/* paperconv/format.h — everything a format needs, and nothing else: the
 * header a reader or writer in formats/ includes (it uses no private
 * header of src/).
 *
 *   paperconv.h          the record model, the field table, diagnostics,
 *                        the pc_format entry a format exports
 *   paperconv/map.h      field maps: a format's rows and the generic loop
 *   paperconv/buf.h      allocation that aborts on failure, pc_buf
 *   paperconv/source.h   buffered input, lines (pc_lines), look-ahead
 *   paperconv/encoding.h the --encoding hint of invalid-UTF-8 messages
 *   paperconv/unicode.h  UTF-8 checks, NFC, folding (utf8proc)
 *   paperconv/latex.h    LaTeX <-> Unicode
 *   paperconv/markup.h   italic/bold as LaTeX, CSL tags, Markdown
 *   paperconv/html.h     HTML, JATS and CSL rich text: tags, entities
 *   paperconv/names.h    names: parsing, lists, display
 *   paperconv/bibnames.h names as BibTeX splits them
 *   paperconv/dates.h    dates: written forms, ISO, EDTF
 *   paperconv/ids.h      DOIs and arXiv ids
 *
 * A format of the CSL family includes paperconv/csl.h too (it needs
 * jansson's json_t). */
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
