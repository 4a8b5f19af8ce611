/* SPDX-License-Identifier: MIT */
/* map.c — the EndNote XML format's tables: which element of a <record>
 * holds which model field for which kind of work (both directions), the
 * ref-type names and numbers, and the format's entry in the format table.
 *
 * The facts come from the research notes (/work/notes/formats23.md §1:
 * EndNote's generic field names and their per-type renames, Zotero's
 * Endnote XML translator's fieldMap, bibutils' endxmlin.c, JabRef's
 * importer tests).  A row's name is the element's path below <record>,
 * the way the shared XML reader names it ("titles/secondary-title"); the
 * writer walks the rows in order, and that order is EndNote's element
 * order, so the rows of one container (titles, dates, urls) are
 * consecutive and the writer opens it once.  One element may mean
 * different fields for different kinds (secondary-title is the journal of
 * an article, the series of a book): rows of one element have disjoint kind
 * sets, and the kind that counts is the one the ref-type reads back as
 * (pc_enx_type_of_kind), as for RIS.
 *
 *   TEXT     the element's text is the field (rich text for titles: the
 *            <style> runs' italic, bold, superscript, subscript)
 *   LIST     one value per element (keywords/keyword, urls/.../url)
 *   SPLIT    one element holds a list, one item per line (&#xD;):
 *            auth-address
 *   SPECIAL  read.c and write.c: names, dates, the DOI, ISBN/ISSN, the
 *            accession number (a PMID or kept), the label (a citation
 *            key), ref-type
 *   EXTRA    an element with no model field: kept as a pass-through value
 *            and written back by this writer
 * The provenance the writer makes anew (database, source-app, rec-number,
 * foreign-keys, modified-date) is a SPECIAL row of no field: read and
 * dropped. */
#include "endnotexml.h"

_Static_assert(PC_KIND_COUNT < 64, "a pc_kindset holds every kind");

#define K(x) PC_KINDS(x)
#define K_ALL ((((pc_kindset)1 << PC_KIND_COUNT) - 1) & ~(pc_kindset)1)
#define K_JOURNAL (K(ARTICLE) | K(REVIEW) | K(REVIEW_BOOK))
#define K_SERIAL (K_JOURNAL | K(ARTICLE_MAGAZINE) | K(ARTICLE_NEWSPAPER) | K(PERIODICAL))
#define K_BOOK (K(BOOK) | K(CLASSIC) | K(COLLECTION) | K(PAMPHLET))
#define K_CHAPTER (K(CHAPTER) | K(ENTRY) | K(ENTRY_DICTIONARY) | K(ENTRY_ENCYCLOPEDIA))
#define K_CONF K(CONFERENCE)
#define K_REPORT (K(REPORT) | K(STANDARD))
#define K_THESIS K(THESIS)
#define K_SOFTWARE K(SOFTWARE)
#define K_FILM (K(MOTION_PICTURE) | K(BROADCAST))
#define K_LETTER K(PERSONAL_COMMUNICATION)
#define K_PATENT K(PATENT)
#define K_MAP K(MAP)
#define K_SONG K(SONG)
#define K_HEARING K(HEARING)
#define K_BILL K(BILL)
#define K_CASE K(LEGAL_CASE)

/* the kinds each element's special rows take; its default row has the rest */
#define AU_OWN K_FILM
#define A2_OWN (K_BOOK | K_REPORT | K_LETTER | K_SONG | K_PATENT)
#define A3_OWN (K_BOOK | K_FILM)
#define A4_OWN (K_CONF | K_FILM)
#define T2_OWN (K_BOOK | K_REPORT | K_SOFTWARE | K_MAP | K_HEARING | K(SPEECH))
#define T3_OWN (K_HEARING | K_BILL)
#define ALT_OWN K_SERIAL
#define NUMPAGES (K_BOOK | K_THESIS | K(MANUSCRIPT))
#define NUM_OWN (K_SERIAL | K_BOOK | K_CHAPTER)
#define ISS_OWN (K_SERIAL | K_CHAPTER)
#define ED_OWN (K_JOURNAL | K_SOFTWARE | K(DATASET))
#define SEC_OWN (K_JOURNAL | K_CHAPTER)
#define PUB_OWN (K_CASE | K_PATENT)
#define ISBN_NUM (K_REPORT | K_PATENT)

const pc_kindset pc_enx_numpages_kinds = NUMPAGES;
const pc_kindset pc_enx_serial_kinds = K_SERIAL;

#define ROW(path, f, h, d, k) \
    {.name = path, .field = PC_F_##f, .how = PC_MAP_##h, .dir = PC_MAP_##d, .kinds = k, \
     .handler = (PC_MAP_##h == PC_MAP_SPECIAL ? PC_XML_H_SPECIAL : 0)}
#define KEEP(path) {.name = path, .field = PC_F_NONE, .how = PC_MAP_EXTRA, .dir = PC_MAP_READ}
#define DROP(path) {.name = path, .field = PC_F_NONE, .how = PC_MAP_SPECIAL, .dir = PC_MAP_READ, .handler = PC_XML_H_SPECIAL} /* provenance: read.c drops it */

const pc_map_row pc_enx_rows[] = {
    /* ---- in the order the writer writes them (ref-type first, from write.c) ---- */
    ROW("contributors/authors/author", AUTHOR, SPECIAL, BOTH, K_ALL & ~AU_OWN),
    ROW("contributors/authors/author", DIRECTOR, SPECIAL, BOTH, K_FILM),
    ROW("contributors/secondary-authors/author", EDITOR, SPECIAL, BOTH, K_ALL & ~A2_OWN),
    ROW("contributors/secondary-authors/author", COLLECTION_EDITOR, SPECIAL, BOTH, K_BOOK | K_REPORT),
    ROW("contributors/secondary-authors/author", RECIPIENT, SPECIAL, BOTH, K_LETTER),
    ROW("contributors/secondary-authors/author", PERFORMER, SPECIAL, BOTH, K_SONG),
    ROW("contributors/secondary-authors/author", HOLDER, SPECIAL, BOTH, K_PATENT), /* issuing body */
    ROW("contributors/tertiary-authors/author", EDITOR, SPECIAL, BOTH, K_BOOK),
    ROW("contributors/tertiary-authors/author", PRODUCER, SPECIAL, BOTH, K_FILM),
    ROW("contributors/tertiary-authors/author", COLLECTION_EDITOR, SPECIAL, BOTH, K_ALL & ~A3_OWN),
    ROW("contributors/subsidiary-authors/author", CONTRIBUTOR, SPECIAL, BOTH, A4_OWN),
    ROW("contributors/subsidiary-authors/author", TRANSLATOR, SPECIAL, BOTH, K_ALL & ~A4_OWN),
    ROW("contributors/translated-authors/author", TRANSLATED_AUTHOR, SPECIAL, BOTH, 0),
    ROW("auth-address", AUTHOR_ADDRESS, SPLIT, BOTH, 0),
    ROW("auth-affiliaton", AUTHOR_ADDRESS, SPLIT, READ, 0), /* sic: Zotero's spelling */
    ROW("auth-affiliation", AUTHOR_ADDRESS, SPLIT, READ, 0),

    ROW("titles/title", TITLE, TEXT, BOTH, 0),
    ROW("titles/secondary-title", COLLECTION_TITLE, TEXT, BOTH, K_BOOK | K_REPORT | K_SOFTWARE | K_MAP),
    ROW("titles/secondary-title", EVENT_TITLE, TEXT, BOTH, K(SPEECH)),
    ROW("titles/secondary-title", SECTION, TEXT, BOTH, K_HEARING), /* committee */
    ROW("titles/secondary-title", CONTAINER_TITLE, TEXT, BOTH, K_ALL & ~T2_OWN),
    ROW("titles/tertiary-title", AUTHORITY, TEXT, BOTH, T3_OWN), /* legislative body */
    ROW("titles/tertiary-title", COLLECTION_TITLE, TEXT, BOTH, K_ALL & ~T3_OWN),
    ROW("titles/alt-title", CONTAINER_TITLE_SHORT, TEXT, BOTH, ALT_OWN), /* "Alternate Journal" */
    ROW("titles/alt-title", ALTERNATIVE_TITLE, TEXT, BOTH, K_ALL & ~ALT_OWN),
    ROW("titles/short-title", TITLE_SHORT, TEXT, BOTH, 0),
    ROW("titles/translated-title", TRANSLATED_TITLE, TEXT, BOTH, 0),

    ROW("pages", NUMBER_OF_PAGES, TEXT, BOTH, NUMPAGES),
    ROW("pages", PAGE, TEXT, BOTH, K_ALL & ~NUMPAGES),
    ROW("volume", VOLUME, TEXT, BOTH, 0),
    ROW("number", ISSUE, TEXT, BOTH, K_SERIAL),
    ROW("number", COLLECTION_NUMBER, TEXT, BOTH, K_BOOK | K_CHAPTER), /* series volume */
    ROW("number", NUMBER, TEXT, BOTH, K_ALL & ~NUM_OWN),
    ROW("issue", NUMBER_OF_VOLUMES, TEXT, BOTH, K_CHAPTER), /* Zotero's book section */
    ROW("issue", ISSUE, TEXT, BOTH, K_ALL & ~ISS_OWN),
    ROW("issue", ISSUE, TEXT, READ, K_SERIAL),
    KEEP("secondary-volume"),
    KEEP("secondary-issue"),
    ROW("num-vols", NUMBER_OF_VOLUMES, TEXT, BOTH, K_ALL & ~K_CHAPTER),
    ROW("edition", AVAILABLE_DATE, SPECIAL, BOTH, K_JOURNAL), /* "Epub Date" */
    ROW("edition", VERSION, TEXT, BOTH, K_SOFTWARE | K(DATASET)),
    ROW("edition", EDITION, TEXT, BOTH, K_ALL & ~ED_OWN),
    ROW("section", PAGE_FIRST, TEXT, BOTH, K_JOURNAL), /* "Start Page" */
    ROW("section", CHAPTER_NUMBER, TEXT, BOTH, K_CHAPTER),
    ROW("section", SECTION, TEXT, BOTH, K_ALL & ~SEC_OWN),
    KEEP("reprint-edition"),
    KEEP("reprint-status"),
    ROW("keywords/keyword", KEYWORD, LIST, BOTH, 0),

    ROW("dates/year", ISSUED, SPECIAL, BOTH, 0), /* with dates/pub-dates/date */
    KEEP("dates/copyright-dates/date"),
    ROW("pub-location", PUBLISHER_PLACE, TEXT, BOTH, 0),
    ROW("publisher", AUTHORITY, TEXT, BOTH, K_CASE), /* court */
    ROW("publisher", PUBLISHER, TEXT, BOTH, K_ALL & ~PUB_OWN),
    KEEP("orig-pub"),
    ROW("isbn", NUMBER, SPECIAL, BOTH, ISBN_NUM), /* report or patent number */
    ROW("isbn", ISSN, SPECIAL, BOTH, K_SERIAL),
    ROW("isbn", ISBN, SPECIAL, BOTH, 0),
    ROW("isbn", ISSN, SPECIAL, BOTH, 0),
    ROW("accession-num", PMID, SPECIAL, BOTH, 0),
    ROW("accession-num", ARCHIVE_LOCATION, SPECIAL, BOTH, 0), /* "ISI:000200148800007" */
    ROW("call-num", CALL_NUMBER, TEXT, BOTH, 0),
    KEEP("report-id"),
    KEEP("coden"),
    ROW("electronic-resource-num", DOI, SPECIAL, BOTH, 0),
    ROW("abstract", ABSTRACT, SPECIAL, BOTH, 0),
    /* the citation key (Zotero's export, EndNote 20's "Citation Key"); a
     * label with spaces in it is a citation label */
    {.name = "label", .field = PC_F_CITATION_LABEL, .how = PC_MAP_SPECIAL, .dir = PC_MAP_BOTH | PC_MAP_ALWAYS,
     .handler = PC_XML_H_SPECIAL},
    KEEP("image"),
    KEEP("caption"),
    ROW("notes", NOTE, SPECIAL, BOTH, 0),
    ROW("notes", JOURNAL_REF, SPECIAL, WRITE, 0), /* a line "Journal reference: ..." */
    ROW("research-notes", ANNOTE, TEXT, BOTH, 0),
    ROW("work-type", GENRE, TEXT, BOTH, 0),
    ROW("reviewed-item", REVIEWED_TITLE, TEXT, BOTH, 0),
    KEEP("availability"),
    KEEP("remote-source"),
    ROW("meeting-place", EVENT_PLACE, TEXT, BOTH, 0),
    KEEP("work-location"),
    KEEP("work-extent"),
    KEEP("pack-method"),
    KEEP("size"),
    KEEP("repro-ratio"),
    ROW("remote-database-name", ARCHIVE, TEXT, BOTH, 0),   /* RIS DB */
    ROW("remote-database-provider", SOURCE, TEXT, BOTH, 0), /* RIS DP */
    ROW("language", LANGUAGE, TEXT, BOTH, 0),
    ROW("urls/related-urls/url", URL, LIST, BOTH, 0),
    ROW("urls/pdf-urls/url", ATTACHMENT, LIST, BOTH, 0),
    ROW("access-date", ACCESSED, SPECIAL, BOTH, 0),
    ROW("custom1", SUBMITTED, SPECIAL, BOTH, K_PATENT), /* filing date */
    ROW("custom1", SCALE, TEXT, BOTH, K_MAP),
    ROW("custom2", PMCID, SPECIAL, BOTH, 0),            /* PMC\d+; anything else kept */
    ROW("custom3", EVENT_TITLE, TEXT, BOTH, K_CONF),
    ROW("custom3", JURISDICTION, TEXT, BOTH, K_PATENT),
    ROW("custom5", REFERENCES, TEXT, BOTH, K_PATENT),
    ROW("custom5", MEDIUM, TEXT, BOTH, K_SONG | K_FILM),
    ROW("custom6", STATUS, TEXT, BOTH, K_PATENT),       /* legal status */
    ROW("custom7", NUMBER, TEXT, BOTH, K_SERIAL),       /* article number */
    ROW("custom1", EVENT_PLACE, TEXT, READ, K_CONF),    /* conference location (meeting-place is written) */

    /* ---- read only ---- */
    ROW("ref-type", NONE, SPECIAL, READ, 0),
    ROW("dates/pub-dates/date", ISSUED, SPECIAL, READ, 0),
    ROW("periodical/full-title", CONTAINER_TITLE, SPECIAL, READ, 0),  /* a fallback */
    ROW("periodical/abbr-1", CONTAINER_TITLE_SHORT, SPECIAL, READ, 0),
    ROW("periodical/abbr-2", CONTAINER_TITLE_SHORT, SPECIAL, READ, 0),
    ROW("periodical/abbr-3", CONTAINER_TITLE_SHORT, SPECIAL, READ, 0),
    ROW("alt-periodical/full-title", CONTAINER_TITLE_SHORT, SPECIAL, READ, 0),
    ROW("alt-periodical/abbr-1", CONTAINER_TITLE_SHORT, SPECIAL, READ, 0),
    ROW("alt-periodical/abbr-2", CONTAINER_TITLE_SHORT, SPECIAL, READ, 0),
    ROW("alt-periodical/abbr-3", CONTAINER_TITLE_SHORT, SPECIAL, READ, 0),
    ROW("urls/web-urls/url", URL, LIST, READ, 0),       /* EndNote before X2, Zotero */
    ROW("urls/text-urls/url", ATTACHMENT, LIST, READ, 0),
    ROW("urls/image-urls/url", ATTACHMENT, LIST, READ, 0),
    DROP("database"),
    DROP("source-app"),
    DROP("rec-number"),
    DROP("foreign-keys/key"),
    DROP("modified-date"),
    /* the custom fields with no model field for the kind: kept */
    KEEP("custom1"), KEEP("custom2"), KEEP("custom3"), KEEP("custom4"), KEEP("custom5"),
    KEEP("custom6"), KEEP("custom7"), KEEP("custom8"), KEEP("misc1"), KEEP("misc2"), KEEP("misc3"),
};

const size_t pc_enx_n_rows = sizeof pc_enx_rows / sizeof *pc_enx_rows;

/* ---- ref-types -------------------------------------------------------------------- */

#define W(name, num, kind) {name, num, PC_KIND_##kind, true, false}
#define R(name, num, kind) {name, num, PC_KIND_##kind, false, false}

/* EndNote X9-21's types (§1.3 of the notes): the first W row of a kind is
 * what the writer gives it; the reader takes a name first (Mendeley writes
 * numbers that contradict the names), then the number. */
static const pc_enx_type enx_types[] = {
    W("Journal Article", 17, ARTICLE),         W("Magazine Article", 19, ARTICLE_MAGAZINE),
    W("Newspaper Article", 23, ARTICLE_NEWSPAPER), W("Book", 6, BOOK),
    W("Classical Work", 49, CLASSIC),           W("Serial", 57, PERIODICAL),
    W("Pamphlet", 24, PAMPHLET),                W("Book Section", 5, CHAPTER),
    W("Dictionary", 52, ENTRY_DICTIONARY),      W("Encyclopedia", 53, ENTRY_ENCYCLOPEDIA),
    W("Conference Paper", 47, CONFERENCE),      W("Thesis", 32, THESIS),
    W("Report", 27, REPORT),                    W("Standard", 58, STANDARD),
    W("Patent", 25, PATENT),                    W("Statute", 31, LEGISLATION),
    W("Bill", 4, BILL),                         W("Case", 7, LEGAL_CASE),
    W("Hearing", 14, HEARING),                  W("Legal Rule or Regulation", 50, REGULATION),
    W("Web Page", 12, WEBPAGE),                 W("Blog", 56, POST_WEBLOG),
    W("Dataset", 59, DATASET),                  W("Computer Program", 9, SOFTWARE),
    W("Film or Broadcast", 21, MOTION_PICTURE), W("Film or Broadcast", 21, BROADCAST),
    W("Music", 61, SONG),                       W("Artwork", 2, GRAPHIC),
    W("Figure", 37, FIGURE),                    W("Map", 20, MAP),
    W("Personal Communication", 26, PERSONAL_COMMUNICATION),
    W("Personal Communication", 26, INTERVIEW), W("Manuscript", 36, MANUSCRIPT),
    W("Manuscript", 36, PREPRINT),              W("Generic", 13, OTHER),
    R("Electronic Article", 43, ARTICLE),       R("Electronic Book", 44, BOOK),
    {"Edited Book", 28, PC_KIND_BOOK, false, true},
    R("Electronic Book Section", 60, CHAPTER),  R("Ancient Text", 51, CLASSIC),
    R("Conference Proceedings", 10, CONFERENCE), R("Grant", 54, REPORT),
    R("Government Document", 46, REPORT),       R("Electronic Source", 16, WEBPAGE),
    R("Online Database", 45, WEBPAGE),          R("Aggregated Database", 55, WEBPAGE),
    R("Online Multimedia", 48, WEBPAGE),        R("Audiovisual Material", 3, MOTION_PICTURE),
    R("Chart or Table", 38, FIGURE),            R("Equation", 39, FIGURE),
    R("Unpublished Work", 34, MANUSCRIPT),      R("Catalog", 8, BOOK),
    /* EndNote 20/21 additions, by name only (their numbers are not known) */
    R("Interview", 0, INTERVIEW),               R("Podcast", 0, BROADCAST),
    R("Press Release", 0, ARTICLE_NEWSPAPER),   R("Social Media", 0, POST),
    R("Television Episode", 0, BROADCAST),      R("Discussion Forum", 0, POST),
    R("Multimedia Application", 0, SOFTWARE),
};

#undef W
#undef R

enum { N_TYPES = sizeof enx_types / sizeof *enx_types };

const pc_enx_type *pc_enx_type_by_name(const char *name)
{
    for (size_t i = 0; i < N_TYPES; i++)
        if (!pc_strcasecmp(enx_types[i].name, name))
            return &enx_types[i];
    return NULL;
}

const pc_enx_type *pc_enx_type_by_number(int number)
{
    for (size_t i = 0; number > 0 && i < N_TYPES; i++)
        if (enx_types[i].number == number)
            return &enx_types[i];
    return NULL;
}

const pc_enx_type *pc_enx_type_of_kind(pc_kind k)
{
    if ((unsigned)k >= PC_KIND_COUNT || k == PC_KIND_NONE)
        k = PC_KIND_PREPRINT;
    for (;;) {
        for (size_t i = 0; i < N_TYPES && enx_types[i].write; i++)
            if (enx_types[i].kind == k)
                return pc_enx_type_by_name(enx_types[i].name); /* the row the reader finds */
        pc_kind b = pc_kind_broader(k);
        if (b == k)
            return pc_enx_type_by_name("Generic");
        k = b;
    }
}

/* ---- dates ------------------------------------------------------------------------------ */

bool pc_enx_parse_date(const char *y, size_t yn, const char *d, size_t dn, pc_date *out)
{
    pc_date yd = {0};
    int year = 0;
    if (yn && (y[0] == '-' ? pc_date_parse_edtf(y, yn, &yd) : pc_date_parse_loose(y, yn, 0, &yd)) &&
        !yd.month && !yd.end_year && !yd.season)
        year = yd.year;
    else if (yn)
        return false;
    if (!dn) {
        *out = yd;
        return year != 0;
    }
    if (!pc_date_parse_loose(d, dn, year, out))
        return false;
    return !year || out->year == year; /* a date of another year than <year>: as written */
}

/* ---- the format ---------------------------------------------------------------------- */

static const char *const enx_aliases[] = {"endx", "endnote-xml", NULL};
static const char *const enx_exts[] = {"xml", NULL};
static const char *const enx_write_exts[] = {NULL}; /* .xml names no writer: -t endnotexml */

const pc_format pc_format_endnotexml = {
    .name = "endnotexml",
    .aliases = enx_aliases,
    .extensions = enx_exts,
    .write_extensions = enx_write_exts,
    .description = "EndNote XML (EndNote X9-21, Zotero, JabRef, Bookends: <xml><records>)",
    .sniff = pc_enx_sniff,
    .read_open = pc_enx_read_open,
    .read_next = pc_enx_read_next,
    .read_close = pc_enx_read_close,
    .write_begin = pc_enx_write_begin,
    .write_record = pc_enx_write_record,
    .write_end = pc_enx_write_end,
    .map = pc_enx_rows,
    .map_len = sizeof pc_enx_rows / sizeof *pc_enx_rows,
    .chunker = &pc_enx_chunker,
};
