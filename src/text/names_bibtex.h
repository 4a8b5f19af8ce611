/* SPDX-License-Identifier: MIT */
/* names_bibtex.h — BibTeX name lists and names, read from raw LaTeX.
 *
 * The BibTeX-order companion of names.h: names.c parses decoded text for
 * every format; this file follows BibTeX's own rules on the raw field,
 * where braces and special characters still decide how a name splits, and
 * only then decodes each part with pc_latex_decode.
 *
 * Rules (bibtex.web's, with the exceptions marked *):
 *  - a list splits at "and" between white space at brace depth 0, in any
 *    case ("AND"); a name "others" sets the list's et_al;
 *  - words are separated by white space, '~' and '-' at depth 0; a brace
 *    group is part of its word; a word's case is that of its first letter
 *    at depth 0, or inside a special character ({\'E}, {\v s}, {\o}) the
 *    case of its letter; other brace groups decide nothing;
 *    * a non-ASCII UTF-8 letter decides by its Unicode case (bibtex, being
 *      8-bit, skips it; biber and pandoc do the same as us);
 *  - no comma: "First von Last": von runs from the first lower-case word
 *    to the last lower-case word before the last word; with no von, Last is
 *    the last word plus any words joined to it by '-';
 *  - "von Last, First" and "von Last, Jr, First": von is every word up to
 *    the last lower-case word before the last word of the first part; more
 *    than two commas is reported, the rest is First;
 *  - a name that is one brace group ("{Barnes and Noble}",
 *    "{The ATLAS Collaboration}") is a literal (organisation) name;
 *  - * a name without commas that pc_name_is_organisation() recognises
 *    ("The ATLAS Collaboration" unbraced) is literal too;
 *  - * "John Smith Jr." (three words or more, the last one a suffix by
 *    pc_name_is_suffix) and "Smith, Jr." take it as the suffix, where
 *    bibtex would make it the Last or First name;
 *  - * in the comma forms, lower-case words ending First after a
 *    capitalised one ("la Fontaine, Jean de") are the dropping particle
 *    (CSL's dropping-particle; von is the non-dropping one): where our
 *    writer puts it to keep CSL's two particles apart; a word joined by a
 *    hyphen stays in First ("Lee, Seung-jae": given "Seung-jae", as bibtex);
 *  - * a trailing "and" ("Smith, J and") ends the list, a leading one
 *    starts it (reported), where bibtex would make it a name part;
 *  - * a first item of "key=value" pairs with no name key
 *    ("nosortothers=false and ..."): biblatex's per-list options, no name
 *    (reported, not kept);
 *  - biblatex's extended form "family=Adler, given=Alfred, prefix=von,
 *    suffix=Jr" (values optionally braced or quoted); useprefix, id and the
 *    -i (initials) keys are accepted and ignored;
 *  - custom delimiters (biber's "und"/"andere" options) are not BibTeX and
 *    are not recognised: "A und B" is one name, as biber reads it by default.
 */
#ifndef PC_NAMES_BIBTEX_H
#define PC_NAMES_BIBTEX_H

#include "text/latex.h"
#include "model/record.h"
#include "util/buf.h"

/* What a parse could not do cleanly; the caller reports it with a position. */
typedef struct pc_bibtex_names_report {
    size_t n_problems;      /* names with too many commas, empty names, bad keys */
    size_t first_offset;    /* byte offset in the list of the first problem */
    const char *first_what; /* static text describing it */
    pc_latex_report tex;    /* unknown LaTeX commands met while decoding */
} pc_bibtex_names_report;

/* Parses one raw BibTeX name [s, s+n) into *out (cleared first).  `rep`
 * may be NULL; `base` is the start of the list, for offsets in rep. */
void pc_bibtex_name_parse(const char *s, size_t n, pc_name *out, const char *base,
                          pc_bibtex_names_report *rep);

/* Splits a raw BibTeX name list and appends each name to `list` (which
 * owns them); "others" sets list->et_al.  `rep` may be NULL. */
void pc_bibtex_names_parse_list(const char *s, size_t n, pc_names *list,
                                pc_bibtex_names_report *rep);

/* The case of the raw BibTeX word [s, s+n) as bibtex's von_token_found
 * sees it (the rules above): 1 upper, -1 lower, 0 undecided.  The one
 * case rule: the reader splits names with it (unicode = true: a non-ASCII
 * letter decides by its Unicode case, the extension marked * above) and
 * the BibTeX writer asks it whether a family name needs braces for the
 * real, 8-bit bibtex (unicode = false: bytes >= 0x80 decide nothing, so
 * "Ångström" is lower case there). */
int pc_bibtex_word_case(const char *s, size_t n, bool unicode);

/* Calls fn for each item of a raw " and "-separated list at brace depth 0
 * (items trimmed; empty items are passed too).  Used for names and for the
 * writer's parallel `affiliation` list. */
void pc_bibtex_split_and(const char *s, size_t n,
                         void (*fn)(void *u, const char *item, size_t len), void *u);

#endif
