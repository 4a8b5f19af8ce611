/* SPDX-License-Identifier: MIT */
/* map.c — the Scopus CSV format's tables: which export column (by its
 * header name) holds which model field, the Document Type table, and the
 * format's entry in the format table.
 *
 * The column list is Scopus' "Export -> CSV" with every column chosen, in
 * its default order (a 2024 export; older ones name the same columns).
 * The user chooses the columns and so their order: a column is always
 * found by its name (map.c's rows through pc_map_find), never by position.
 *
 *   TEXT     the cell is the field's text
 *   LIST     the cell is one item (Link)
 *   SPLIT    the cell holds "; "-separated items (keywords, funders)
 *   SPECIAL  code, named by the row's handler (scopus.h; values.c holds
 *            the functions): names with their ids and affiliations, the
 *            pages, the year, ISSN, ISBN, the DOI, the abstract, the type,
 *            the stage, and the columns kept in the note as "Name: value"
 *   EXTRA    a column with no model field (citation counts, references,
 *            CODEN, ...): kept as a pass-through value of its name, so
 *            that every other writer counts it (-v) instead of losing it
 *
 * A column no row names is kept as a pass-through value too, with a note
 * once per input. */
#include "scopus.h"

#define HOW_TEXT .how = PC_MAP_TEXT
#define HOW_LIST .how = PC_MAP_LIST
#define HOW_SPLIT .how = PC_MAP_SPLIT
#define HOW_SPECIAL(h) .how = PC_MAP_SPECIAL, .handler = SC_H_##h
#define COL(col, f, how) {.name = col, .field = PC_F_##f, HOW_##how, .dir = PC_MAP_READ, .kinds = 0}
#define KEEP(col) {.name = col, .field = PC_F_NONE, .how = PC_MAP_EXTRA, .dir = PC_MAP_READ, .kinds = 0}

const pc_map_row pc_scopus_rows[] = {
    COL("Authors", AUTHOR, SPECIAL(AUTHORS)),          /* when no "Author full names" */
    COL("Author full names", AUTHOR, SPECIAL(FULL_NAMES)),
    COL("Author(s) ID", SCOPUS_AUTHOR_ID, SPECIAL(AUTHOR_IDS)),
    COL("Title", TITLE, TEXT),
    COL("Year", ISSUED, SPECIAL(YEAR)),
    COL("Source title", CONTAINER_TITLE, TEXT),
    COL("Volume", VOLUME, TEXT),
    COL("Issue", ISSUE, TEXT),
    COL("Art. No.", NUMBER, TEXT),                    /* the article number */
    COL("Page start", PAGE, SPECIAL(PAGE_START)),
    COL("Page end", PAGE, SPECIAL(PAGE_END)),
    COL("Page count", NUMBER_OF_PAGES, TEXT),
    KEEP("Cited by"),                                 /* a citation count */
    COL("DOI", DOI, SPECIAL(DOI)),
    COL("Link", URL, LIST),
    COL("Affiliations", AUTHOR_ADDRESS, SPECIAL(AFFILIATIONS)),
    COL("Authors with affiliations", AUTHOR, SPECIAL(AUTHOR_AFFILS)),
    COL("Abstract", ABSTRACT, SPECIAL(ABSTRACT)),
    COL("Author Keywords", KEYWORD, SPLIT),
    COL("Index Keywords", KEYWORD, SPLIT),
    COL("Molecular Sequence Numbers", NOTE, SPECIAL(NOTE)),
    COL("Chemicals/CAS", NOTE, SPECIAL(NOTE)),
    COL("Tradenames", NOTE, SPECIAL(NOTE)),
    COL("Manufacturers", NOTE, SPECIAL(NOTE)),
    COL("Funding Details", FUNDER, SPLIT),
    COL("Funding Texts", NOTE, SPECIAL(FUNDING_TEXT)),
    COL("Funding Text 1", NOTE, SPECIAL(FUNDING_TEXT)),
    COL("Funding Text 2", NOTE, SPECIAL(FUNDING_TEXT)),
    KEEP("References"),                               /* the cited references */
    COL("Correspondence Address", NOTE, SPECIAL(NOTE)),
    COL("Editors", EDITOR, SPECIAL(EDITORS)),
    COL("Publisher", PUBLISHER, TEXT),
    COL("Sponsors", NOTE, SPECIAL(NOTE)),
    COL("Conference name", EVENT_TITLE, TEXT),
    COL("Conference date", EVENT_DATE, SPECIAL(EVENT_DATE)),
    COL("Conference location", EVENT_PLACE, TEXT),
    KEEP("Conference code"),
    COL("ISSN", ISSN, SPECIAL(ISSN)),
    COL("ISBN", ISBN, SPECIAL(ISBN)),
    KEEP("CODEN"),
    COL("PubMed ID", PMID, TEXT),
    COL("Language of Original Document", LANGUAGE, TEXT),
    COL("Abbreviated Source Title", CONTAINER_TITLE_SHORT, TEXT),
    COL("Document Type", GENRE, SPECIAL(TYPE)),
    COL("Publication Stage", STATUS, SPECIAL(STAGE)),
    KEEP("Open Access"),
    COL("Source", ARCHIVE, TEXT),                     /* "Scopus": the database, as RIS DB */
    COL("EID", SCOPUS_EID, TEXT),
};

const size_t pc_scopus_n_rows = sizeof pc_scopus_rows / sizeof *pc_scopus_rows;

/* ---- Document Type ------------------------------------------------------------ */

/* Scopus' document types; `plain` marks the one that says no more than its
 * kind (no genre is kept for it). */
static const struct {
    const char *type;
    pc_kind kind;
    bool plain;
} scopus_types[] = {
    {"Article", PC_KIND_ARTICLE, true},        {"Review", PC_KIND_ARTICLE, false},
    {"Letter", PC_KIND_ARTICLE, false},        {"Note", PC_KIND_ARTICLE, false},
    {"Editorial", PC_KIND_ARTICLE, false},     {"Erratum", PC_KIND_ARTICLE, false},
    {"Short Survey", PC_KIND_ARTICLE, false},  {"Data Paper", PC_KIND_ARTICLE, false},
    {"Retracted", PC_KIND_ARTICLE, false},     {"Article in Press", PC_KIND_ARTICLE, false},
    {"Conference Paper", PC_KIND_CONFERENCE, true}, {"Conference Review", PC_KIND_CONFERENCE, false},
    {"Book", PC_KIND_BOOK, true},              {"Book Chapter", PC_KIND_CHAPTER, true},
    {"Report", PC_KIND_REPORT, true},
};

pc_kind pc_scopus_kind(const char *type, bool *plain)
{
    for (size_t i = 0; i < sizeof scopus_types / sizeof *scopus_types; i++)
        if (!pc_strcasecmp(scopus_types[i].type, type)) {
            *plain = scopus_types[i].plain;
            return scopus_types[i].kind;
        }
    *plain = false; /* unknown: a journal article, the type kept as its genre */
    return PC_KIND_ARTICLE;
}

/* ---- the format ---------------------------------------------------------------------- */

static const char *const scopus_aliases[] = {"scopus", NULL};
static const char *const scopus_exts[] = {"csv", NULL};

const pc_format pc_format_scopuscsv = {.name = "scopuscsv", .aliases = scopus_aliases, .extensions = scopus_exts, .description = "Scopus CSV export (read only)", .sniff = pc_scopus_sniff, .read_open = pc_scopus_read_open, .read_next = pc_scopus_read_next, .read_close = pc_scopus_read_close, .chunker = &pc_scopus_chunker, .map = pc_scopus_rows, .map_len = sizeof pc_scopus_rows / sizeof *pc_scopus_rows};
