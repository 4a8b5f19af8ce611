/* SPDX-License-Identifier: MIT */
/* map.c — the RIS format's tables: which tag holds which model field for
 * which kind of work (both directions), the TY types, and the format's
 * entry in the format table.
 *
 * The facts come from the RIS specification (RefMan, 2011), Zotero's RIS
 * translator (its fieldMap and the CSL names of its fields; Zotero follows
 * EndNote's use of the A2/A3/T2/T3 tags), and what real exports do
 * (JabRef's, bibutils' and rispy's test files).  One tag may mean different
 * fields for different kinds: A2 is the editor of an article or a chapter,
 * the series editor of a book, the recipient of a letter; T2 is the journal
 * of an article and the series of a book.  Rows of one tag have disjoint
 * kind sets (a default row covers every kind its special rows leave out),
 * so a tag means one field for each kind in both directions, and the
 * writer, which walks the rows in order, writes each field under the tag
 * that reads it back.  The kind that counts is the kind TY reads back as:
 * a kind with no TY code of its own is written with its broader kind's
 * code and read back as that kind, so the writer takes that kind's rows
 * (an interview, written GEN, has the rows of a generic work: its A2
 * would read back as an editor, so its interviewer is counted, not
 * written).  A kind in a row's set with no TY reading as it (a review, an
 * entry) is there because its broader kind is.
 *
 *   TEXT     the value is the field's text (first value wins; a different
 *            later value is kept as a pass-through value of its own tag)
 *   LIST     one value per line (KW)
 *   SPECIAL  code, named by the row's handler (ris.h; read_values.c and
 *            write.c hold the functions): names, dates, pages, the DOI, URLs, the
 *            abstract, the note, SN (ISBN, ISSN or a number, by shape and
 *            kind), AN (arXiv id or accession number), M3 (a DOI or the
 *            type of work), OP (original date or title), J2 (not written
 *            without the container it abbreviates), JO and J9 (decided at
 *            the record's end), L3 (a DOI, else kept); with no field: the
 *            record's structure (TY, ER, ID) and AD (an author's address)
 *   NONE     a tag of the specification with no model field (for that
 *            kind): kept as a pass-through value, written back by the RIS
 *            writer and counted by every other
 *
 * Tags no row names are kept as pass-through values too.  The rows the
 * writer writes come first, in the order it writes them (names, titles,
 * dates, numbers, pages, publisher, identifiers, the rest; then the
 * pass-through values), then the rows only the reader uses. */
#include "ris.h"

#include <stdlib.h>

/* ---- kinds of work ------------------------------------------------------------ */

_Static_assert(PC_KIND_COUNT < 64, "a pc_kindset holds every kind");

#define K(x) PC_KINDS(x)
/* every kind (bit 0, PC_KIND_NONE, is never a record's kind when read) */
#define K_ALL ((((pc_kindset)1 << PC_KIND_COUNT) - 1) & ~(pc_kindset)1)
#define K_JOURNAL (K(ARTICLE) | K(REVIEW) | K(REVIEW_BOOK))
#define K_SERIAL (K_JOURNAL | K(ARTICLE_MAGAZINE) | K(ARTICLE_NEWSPAPER) | K(PERIODICAL))
#define K_BOOK (K(BOOK) | K(CLASSIC) | K(COLLECTION) | K(PAMPHLET))
#define K_CHAPTER (K(CHAPTER) | K(ENTRY) | K(ENTRY_DICTIONARY) | K(ENTRY_ENCYCLOPEDIA))
#define K_CONF K(CONFERENCE)
#define K_REPORT (K(REPORT) | K(STANDARD))
#define K_THESIS K(THESIS)
#define K_MANUSCRIPT K(MANUSCRIPT)
#define K_SOFTWARE K(SOFTWARE)
#define K_DATASET K(DATASET)
#define K_PATENT K(PATENT)
#define K_MAP K(MAP)
#define K_FILM (K(MOTION_PICTURE) | K(BROADCAST))
#define K_SONG K(SONG)
#define K_ART (K(GRAPHIC) | K(FIGURE))
#define K_LETTER K(PERSONAL_COMMUNICATION)
#define K_SPEECH K(SPEECH)
#define K_BILL K(BILL)
#define K_HEARING K(HEARING)
#define K_CASE K(LEGAL_CASE)
#define K_STATUTE (K(LEGISLATION) | K(REGULATION))
#define K_LEGAL (K_BILL | K_HEARING | K_CASE | K_STATUTE)

/* The kinds each tag's special rows take; its default row has the rest. */
#define A2_OWN (K_BOOK | K_REPORT | K_SONG | K_LETTER | K_PATENT | K_CASE | K_BILL | K_SPEECH)
#define A3_OWN (K_BOOK | K_FILM | K_THESIS | K_BILL)
#define A4_OWN (K_CONF | K_FILM | K_DATASET | K_CASE)
#define T2_OWN (K_BOOK | K_REPORT | K_SOFTWARE | K_MAP | K_SPEECH | K_HEARING)
#define T3_OWN (K_HEARING | K_BILL)
#define BT_OWN (K_BOOK | K_MANUSCRIPT)
#define OP_OWN (K_LEGAL | K_PATENT)
#define IS_OWN K_CHAPTER
#define NV_OWN (K_DATASET | K_CHAPTER)
#define SE_OWN (K_CHAPTER | K_CASE)
#define NUMPAGES (K_BOOK | K_THESIS | K_MANUSCRIPT)
#define ET_OWN (K_BILL | K_HEARING | K_STATUTE | K_SOFTWARE | K_DATASET)
#define PB_OWN (K_CASE | K_PATENT)
#define M3_OWN (K_ART | K_FILM)

const pc_kindset pc_ris_numpages_kinds = NUMPAGES;
const pc_kindset pc_ris_serial_kinds = K_SERIAL;

/* ---- the tag map ---------------------------------------------------------------- */

/* how: TEXT, LIST or SPECIAL(handler), the handler one of ris.h's PC_RIS_H_* */
#define HOW_TEXT .how = PC_MAP_TEXT
#define HOW_LIST .how = PC_MAP_LIST
#define HOW_SPECIAL(h) .how = PC_MAP_SPECIAL, .handler = PC_RIS_H_##h
#define ROW(tag, f, how, d, k) {.name = tag, .field = PC_F_##f, HOW_##how, .dir = PC_MAP_##d, .kinds = k}
/* a tag of the specification with no model field (for these kinds) */
#define KEEP(tag, k) {.name = tag, .field = PC_F_NONE, .how = PC_MAP_EXTRA, .dir = PC_MAP_READ, .kinds = k}

const pc_map_row pc_ris_rows[] = {
    /* ---- the rows the writer writes, in the order it writes them (TY and
     * ID come first, from write.c) ---- */

    /* names ("Family, Given, Suffix", one per line); AU is the author of
     * every kind (Zotero reads it as the director of a film, the composer
     * of a recording: CSL styles print those where they print an author) */
    ROW("AU", AUTHOR, SPECIAL(NAMES), BOTH, 0),
    ROW("A2", EDITOR, SPECIAL(NAMES), BOTH, K_ALL & ~A2_OWN),
    ROW("A2", COLLECTION_EDITOR, SPECIAL(NAMES), BOTH, K_BOOK | K_REPORT),
    ROW("A2", PERFORMER, SPECIAL(NAMES), BOTH, K_SONG),
    ROW("A2", RECIPIENT, SPECIAL(NAMES), BOTH, K_LETTER),
    ROW("A2", AUTHORITY, TEXT, BOTH, K_PATENT),       /* issuing authority */
    ROW("A2", CONTAINER_TITLE, TEXT, BOTH, K_CASE),   /* the reporter */
    ROW("A3", EDITOR, SPECIAL(NAMES), BOTH, K_BOOK),
    ROW("A3", PRODUCER, SPECIAL(NAMES), BOTH, K_FILM),
    ROW("A3", CONTRIBUTOR, SPECIAL(NAMES), BOTH, K_THESIS),
    ROW("A3", COLLECTION_EDITOR, SPECIAL(NAMES), BOTH, K_ALL & ~A3_OWN),
    ROW("A4", CONTRIBUTOR, SPECIAL(NAMES), BOTH, K_CONF | K_FILM | K_DATASET),
    ROW("A4", TRANSLATOR, SPECIAL(NAMES), BOTH, K_ALL & ~A4_OWN),
    ROW("C2", CONTAINER_AUTHOR, SPECIAL(NAMES), BOTH, K_CHAPTER), /* the book's author */

    /* titles */
    ROW("TI", TITLE, TEXT, BOTH, 0),
    ROW("ST", TITLE_SHORT, TEXT, BOTH, 0),
    ROW("T2", COLLECTION_TITLE, TEXT, BOTH, K_BOOK | K_REPORT | K_SOFTWARE | K_MAP),
    ROW("T2", EVENT_TITLE, TEXT, BOTH, K_SPEECH),     /* the meeting */
    ROW("T2", SECTION, TEXT, BOTH, K_HEARING),        /* the committee */
    ROW("T2", CONTAINER_TITLE, TEXT, BOTH, K_ALL & ~T2_OWN),
    ROW("J2", CONTAINER_TITLE_SHORT, SPECIAL(J2), BOTH, 0), /* not alone: see write.c */
    ROW("T3", AUTHORITY, TEXT, BOTH, T3_OWN),         /* the legislative body */
    ROW("T3", COLLECTION_TITLE, TEXT, BOTH, K_ALL & ~T3_OWN),

    /* dates: PY is written with DA (the whole date) */
    ROW("PY", ISSUED, SPECIAL(DATE), BOTH, 0),
    ROW("Y2", ACCESSED, SPECIAL(DATE), BOTH, 0),
    ROW("C1", SUBMITTED, SPECIAL(DATE), BOTH, K_PATENT),    /* filing date */
    ROW("OP", REFERENCES, TEXT, BOTH, K_LEGAL),       /* history */
    ROW("OP", ORIGINAL_DATE, SPECIAL(DATE), BOTH, K_ALL & ~OP_OWN),
    ROW("OP", ORIGINAL_TITLE, SPECIAL(ORIGINAL_TITLE), BOTH, K_ALL & ~OP_OWN),

    /* numbers */
    ROW("VL", VOLUME, TEXT, BOTH, 0),
    ROW("IS", NUMBER_OF_VOLUMES, TEXT, BOTH, IS_OWN), /* Zotero's book section */
    ROW("IS", ISSUE, TEXT, BOTH, K_ALL & ~IS_OWN),
    ROW("NV", NUMBER, TEXT, BOTH, K_DATASET),         /* identifier */
    ROW("NV", NUMBER_OF_VOLUMES, TEXT, BOTH, K_ALL & ~NV_OWN),
    ROW("SE", CHAPTER_NUMBER, TEXT, BOTH, K_CHAPTER),
    ROW("SE", SECTION, TEXT, BOTH, K_ALL & ~SE_OWN),
    ROW("SV", COLLECTION_NUMBER, TEXT, BOTH, K_CHAPTER), /* EndNote */
    ROW("SV", NUMBER, TEXT, BOTH, K_CASE),            /* docket number */
    ROW("M1", COLLECTION_NUMBER, TEXT, BOTH, K_BOOK),
    ROW("M1", NUMBER, TEXT, BOTH, K_BILL | K_HEARING | K_STATUTE | K_FILM),
    ROW("M1", MEDIUM, TEXT, BOTH, K_SOFTWARE),        /* system */
    ROW("M1", CALL_NUMBER, TEXT, BOTH, K_PATENT),     /* application number */
    ROW("C7", NUMBER, TEXT, BOTH, K_SERIAL),          /* article number */

    /* pages: SP-EP, or a book's number of pages, or a film's running time */
    ROW("SP", DIMENSIONS, TEXT, BOTH, K_FILM),
    ROW("SP", NUMBER_OF_PAGES, SPECIAL(NUMPAGES), BOTH, NUMPAGES),
    ROW("SP", PAGE, SPECIAL(PAGES), BOTH, K_ALL & ~K_FILM),

    /* publication */
    ROW("ET", CHAPTER_NUMBER, TEXT, BOTH, K_BILL | K_HEARING | K_STATUTE), /* session */
    ROW("ET", VERSION, TEXT, BOTH, K_SOFTWARE | K_DATASET),
    ROW("ET", EDITION, TEXT, BOTH, K_ALL & ~ET_OWN),
    ROW("PB", AUTHORITY, TEXT, BOTH, K_CASE),         /* court */
    ROW("PB", PUBLISHER, TEXT, BOTH, K_ALL & ~PB_OWN),
    ROW("CY", EVENT_PLACE, TEXT, BOTH, K_SPEECH),
    ROW("CY", PUBLISHER_PLACE, TEXT, BOTH, K_ALL & ~K_SPEECH),
    ROW("C1", EVENT_PLACE, TEXT, BOTH, K_CONF),
    ROW("C1", SCALE, TEXT, BOTH, K_MAP),

    /* identifiers */
    ROW("SN", NUMBER, SPECIAL(NUMBER), BOTH, K_PATENT | K_REPORT), /* patent or report number */
    ROW("SN", ISBN, SPECIAL(SERIAL), BOTH, 0),
    ROW("SN", ISSN, SPECIAL(SERIAL), BOTH, 0),
    ROW("DO", DOI, SPECIAL(DOI), BOTH, 0),
    ROW("AN", ARXIV_ID, SPECIAL(ARXIV), BOTH, 0),            /* "arXiv:2610.01234v2 [cs.LG]" */
    ROW("AN", ARCHIVE_LOCATION, SPECIAL(ACCESSION), BOTH, 0),    /* any other accession number */
    ROW("DB", ARCHIVE, TEXT, BOTH, 0),
    ROW("DP", SOURCE, TEXT, BOTH, 0),
    ROW("CN", CALL_NUMBER, TEXT, BOTH, 0),

    /* about the work */
    ROW("LA", GENRE, TEXT, BOTH, K_SOFTWARE),         /* programming language */
    ROW("LA", LANGUAGE, TEXT, BOTH, K_ALL & ~K_SOFTWARE),
    ROW("M3", MEDIUM, SPECIAL(MEDIUM), BOTH, K_ART),
    ROW("M3", GENRE, SPECIAL(MEDIUM), BOTH, K_ALL & ~M3_OWN), /* type of work (or a DOI) */
    ROW("C4", GENRE, TEXT, BOTH, K_FILM),
    ROW("C3", DIMENSIONS, TEXT, BOTH, K_ART),
    ROW("C5", REFERENCES, TEXT, BOTH, K_PATENT),
    ROW("C5", MEDIUM, TEXT, BOTH, K_SONG | K_FILM),
    ROW("C6", STATUS, TEXT, BOTH, K_PATENT),          /* legal status */
    ROW("LB", CITATION_LABEL, TEXT, BOTH, 0),
    ROW("RI", REVIEWED_TITLE, TEXT, BOTH, K_ALL & ~K_STATUTE),

    /* links, keywords, abstract, notes */
    ROW("UR", URL, SPECIAL(URL), BOTH, 0),
    ROW("KW", KEYWORD, LIST, BOTH, 0),
    ROW("AB", ABSTRACT, SPECIAL(ABSTRACT), BOTH, 0),
    ROW("N1", NOTE, SPECIAL(NOTE), BOTH, 0),
    ROW("N1", JOURNAL_REF, SPECIAL(JREF), WRITE, 0),        /* "N1  - Journal reference: ..." */
    ROW("RN", ANNOTE, TEXT, BOTH, 0),                 /* research notes */

    /* ---- read only: other spellings, and kind-specific readings ---- */

    /* the record's structure: TY and ER delimit it, ID is the citation key */
    ROW("TY", NONE, SPECIAL(RECORD), READ, 0),
    ROW("ER", NONE, SPECIAL(RECORD), READ, 0),
    ROW("ID", NONE, SPECIAL(ID), READ, 0),
    ROW("A1", AUTHOR, SPECIAL(NAMES), READ, 0),
    ROW("AD", NONE, SPECIAL(ADDRESS), READ, 0), /* the address of the author before it */
    ROW("A2", AUTHOR, SPECIAL(NAMES), READ, K_BILL | K_SPEECH), /* sponsor, presenter */
    ROW("ED", EDITOR, SPECIAL(NAMES), READ, 0),
    ROW("T1", TITLE, TEXT, READ, 0),
    ROW("CT", TITLE, TEXT, READ, 0),
    ROW("BT", TITLE, TEXT, READ, BT_OWN),
    ROW("BT", CONTAINER_TITLE, TEXT, READ, K_ALL & ~BT_OWN),
    /* JO is the journal, or beside another journal title (JF, T2) its
     * abbreviation, as Zotero reads it: JO "J. Chem. Phys." beside JF "The
     * Journal of Chemical Physics"; ScienceDirect gives the journal in JO */
    ROW("JO", CONTAINER_TITLE, SPECIAL(JO), READ, 0),
    ROW("JF", CONTAINER_TITLE, TEXT, READ, 0),
    ROW("C3", CONTAINER_TITLE, TEXT, READ, K_CONF),   /* Zotero's proceedings title */
    ROW("JA", CONTAINER_TITLE_SHORT, TEXT, READ, 0),
    ROW("J1", CONTAINER_TITLE_SHORT, TEXT, READ, 0),
    /* Web of Science: JI the ISO abbreviation, J9 its 29-character one (the
     * short title only when no other tag gives one), PU the publisher, PI
     * its city (PA, its street address, has no field: kept) */
    ROW("JI", CONTAINER_TITLE_SHORT, TEXT, READ, 0),
    ROW("J9", CONTAINER_TITLE_SHORT, SPECIAL(J9), READ, 0),
    ROW("PU", PUBLISHER, TEXT, READ, 0),
    ROW("PI", PUBLISHER_PLACE, TEXT, READ, 0),
    ROW("Y1", ISSUED, SPECIAL(DATE), READ, 0),
    ROW("DA", ISSUED, SPECIAL(DATE), READ, 0),
    ROW("C2", ISSUED, SPECIAL(DATE), READ, K_PATENT),       /* issue date */
    ROW("OP", ISSUE, TEXT, READ, K_PATENT),           /* priority numbers */
    ROW("VO", VOLUME, TEXT, READ, 0),
    ROW("CP", ISSUE, TEXT, READ, 0),
    ROW("NV", NUMBER_OF_VOLUMES, TEXT, READ, K_CHAPTER),
    ROW("EP", PAGE, SPECIAL(EP), READ, 0),
    ROW("PP", PUBLISHER_PLACE, TEXT, READ, 0),
    ROW("DI", DOI, SPECIAL(DOI), READ, 0),
    ROW("L3", DOI, SPECIAL(RELATED), READ, 0), /* "related records": CINAHL puts the DOI there */
    ROW("AV", ARCHIVE_LOCATION, TEXT, READ, 0),
    ROW("LK", URL, SPECIAL(URL), READ, 0),
    ROW("L2", URL, SPECIAL(URL), READ, 0),                 /* full-text link */
    ROW("N2", ABSTRACT, SPECIAL(N2), READ, 0),

    /* ---- tags of the specification with no model field: kept as they
     * are (the kind-specific ones first: a tag's catch-all row is last) ---- */
    KEEP("A3", K_BILL),   /* cosponsor */
    KEEP("A4", K_CASE),   /* counsel */
    KEEP("SE", K_CASE),   /* file date */
    KEEP("PB", K_PATENT), /* assignee */
    KEEP("RI", K_STATUTE), /* article number */
    KEEP("TA", 0),        /* translated author */
    KEEP("TT", 0),        /* translated title: CSL 1.0.2 has no variable for it */
    KEEP("C1", 0), KEEP("C2", 0), KEEP("C3", 0), KEEP("C4", 0), KEEP("C5", 0),
    KEEP("C6", 0), KEEP("C7", 0), KEEP("C8", 0), KEEP("M1", 0), KEEP("M3", 0),
    KEEP("CA", 0), KEEP("CR", 0), KEEP("RP", 0), KEEP("L1", 0),
    KEEP("L4", 0), KEEP("M2", 0), KEEP("U1", 0), KEEP("U2", 0), KEEP("U3", 0),
    KEEP("U4", 0), KEEP("U5", 0), KEEP("H1", 0), KEEP("H2", 0),
};

const size_t pc_ris_n_rows = sizeof pc_ris_rows / sizeof *pc_ris_rows;

/* ---- types ----------------------------------------------------------------------- */

#define W(code, kind) {code, PC_KIND_##kind, true, false}
#define R(code, kind) {code, PC_KIND_##kind, false, false}

/* TY codes of the specification (and long names seen in real files, as
 * rispy's "Journal Article"), compared case-insensitively.  The first
 * W row of a kind is the code the writer gives it; a kind with none is
 * written as its broader kind (kinds.def), ending at GEN.  The reader
 * takes the first row of a code: a code written for two kinds reads back
 * as the first. */
static const pc_ris_type ris_types[] = {
    W("UNPB", PREPRINT),           W("JOUR", ARTICLE),       W("MGZN", ARTICLE_MAGAZINE),
    W("NEWS", ARTICLE_NEWSPAPER),  W("CONF", CONFERENCE),    W("BOOK", BOOK),
    W("CLSWK", CLASSIC),           W("JFULL", PERIODICAL),   W("PAMP", PAMPHLET),
    W("CHAP", CHAPTER),            W("DICT", ENTRY_DICTIONARY), W("ENCYC", ENTRY_ENCYCLOPEDIA),
    W("THES", THESIS),             W("RPRT", REPORT),        W("STAND", STANDARD),
    W("PAT", PATENT),              W("ELEC", WEBPAGE),       W("BLOG", POST_WEBLOG),
    W("DATA", DATASET),            W("COMP", SOFTWARE),      W("MANSCPT", MANUSCRIPT),
    W("SLIDE", SPEECH),            W("PCOMM", PERSONAL_COMMUNICATION),
    W("MPCT", MOTION_PICTURE),     W("SOUND", SONG),         W("MUSIC", MUSICAL_SCORE),
    W("MPCT", BROADCAST), /* as Zotero writes a TV broadcast: read back as a film */
    W("FIGURE", FIGURE),           W("ART", GRAPHIC),        W("MAP", MAP),
    W("BILL", BILL),               W("HEAR", HEARING),       W("CASE", LEGAL_CASE),
    W("STAT", LEGISLATION),        W("LEGAL", REGULATION),   W("GEN", OTHER),
    /* other codes of the specification and of Zotero's import */
    R("ABST", ARTICLE),            R("INPR", ARTICLE),       R("EJOUR", ARTICLE),
    R("CPAPER", CONFERENCE),       R("EBOOK", BOOK),         R("ECHAP", CHAPTER),
    {"EDBOOK", PC_KIND_BOOK, false, true},                   R("ANCIENT", CLASSIC),
    R("SER", PERIODICAL),          R("GOVDOC", REPORT),      R("WEB", WEBPAGE),
    R("DBASE", DATASET),           R("AGGR", DATASET),       R("UNPD", PREPRINT),
    R("ICOMM", PERSONAL_COMMUNICATION), R("VIDEO", MOTION_PICTURE), R("ADVS", MOTION_PICTURE),
    R("MULTI", MOTION_PICTURE),    R("CHART", GRAPHIC),      R("UNBILL", BILL),
    R("CTLG", OTHER),              R("EQUA", OTHER),         R("GRNT", OTHER),
    /* long names (EndNote's reference types) */
    R("Journal Article", ARTICLE), R("Electronic Article", ARTICLE),
    R("Magazine Article", ARTICLE_MAGAZINE), R("Newspaper Article", ARTICLE_NEWSPAPER),
    R("Conference Paper", CONFERENCE), R("Conference Proceedings", CONFERENCE),
    R("Book", BOOK),               R("Electronic Book", BOOK), {"Edited Book", PC_KIND_BOOK, false, true},
    R("Book Section", CHAPTER),    R("Electronic Book Section", CHAPTER),
    R("Thesis", THESIS),           R("Report", REPORT),      R("Web Page", WEBPAGE),
    R("Blog", POST_WEBLOG),        R("Dataset", DATASET),    R("Computer Program", SOFTWARE),
    R("Unpublished Work", PREPRINT), R("Manuscript", MANUSCRIPT), R("Generic", OTHER),
    R("Patent", PATENT),           R("Map", MAP),            R("Standard", STANDARD),
    R("Dictionary", ENTRY_DICTIONARY), R("Encyclopedia", ENTRY_ENCYCLOPEDIA),
    R("Film or Broadcast", MOTION_PICTURE), R("Personal Communication", PERSONAL_COMMUNICATION),
    R("Artwork", GRAPHIC),         R("Figure", FIGURE),      R("Music", MUSICAL_SCORE),
    R("Bill", BILL),               R("Case", LEGAL_CASE),    R("Hearing", HEARING),
    R("Statute", LEGISLATION),     R("Pamphlet", PAMPHLET),  R("Classical Work", CLASSIC),
    R("Government Document", REPORT), R("Serial", PERIODICAL),
};

#undef W
#undef R

const pc_ris_type *pc_ris_type_find(const char *code)
{
    for (size_t i = 0; i < sizeof ris_types / sizeof *ris_types; i++)
        if (!pc_strcasecmp(ris_types[i].code, code))
            return &ris_types[i];
    return NULL;
}

/* The code the writer gives kind k itself, or NULL. */
static const char *own_code(pc_kind k)
{
    for (size_t i = 0; i < sizeof ris_types / sizeof *ris_types && ris_types[i].write; i++)
        if (ris_types[i].kind == k)
            return ris_types[i].code;
    return NULL;
}

const pc_ris_type *pc_ris_type_of_kind(pc_kind k)
{
    if ((unsigned)k >= PC_KIND_COUNT)
        k = PC_KIND_OTHER;
    for (;;) { /* every chain of broader kinds ends at a kind with a code (OTHER: GEN) */
        const char *code = own_code(k);
        pc_kind b = pc_kind_broader(k);
        if (code || b == k)
            return pc_ris_type_find(code ? code : "GEN");
        k = b;
    }
}

/* Preprints (and records of no known kind) are UNPB, "unpublished work":
 * it says what a preprint is, not yet published, which GEN ("generic")
 * does not.  A record of no kind that names a container is a journal
 * article, as in the BibTeX writer. */
pc_kind pc_ris_kind_of(const pc_record *r)
{
    if (r->kind == PC_KIND_NONE || (unsigned)r->kind >= PC_KIND_COUNT)
        return pc_record_has(r, PC_F_CONTAINER_TITLE) ? PC_KIND_ARTICLE : PC_KIND_PREPRINT;
    return r->kind;
}

/* ---- the format ---------------------------------------------------------------------- */

static const char *const ris_aliases[] = {NULL};
static const char *const ris_exts[] = {"ris", NULL};

const pc_format pc_format_ris = {.name = "ris", .aliases = ris_aliases, .extensions = ris_exts, .description = "RIS (Research Information Systems: Zotero, EndNote, Scopus, ...)", .sniff = pc_ris_sniff, .read_open = pc_ris_read_open, .read_next = pc_ris_read_next, .read_close = pc_ris_read_close, .write_begin = pc_ris_write_begin, .write_record = pc_ris_write_record, .write_end = pc_ris_write_end, .map = pc_ris_rows, .map_len = sizeof pc_ris_rows / sizeof *pc_ris_rows, .chunker = &pc_ris_chunker};
