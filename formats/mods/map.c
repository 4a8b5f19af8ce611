/* SPDX-License-Identifier: MIT */
/* map.c — the MODS format's tables: which element below <mods> holds
 * which model field (both directions), the MARC relator roles, the genres
 * and resource types of each kind, and the format's entry.
 *
 * The facts: the MODS User Guidelines v3 and the 3.3-3.8 schemas'
 * annotations, the MARC code list for relators and marcgt genres, and what
 * bibutils 7 and Zotero's MODS translator read and write (research notes
 * §6).  A row's name is the element's path below <mods> as the shared XML
 * reader names it: the attribute that says what an element is belongs to
 * its component ("titleInfo[type=abbreviated]/title",
 * "relatedItem[type=host]/part/detail[type=volume]/number",
 * "identifier[type=doi]").  The writer walks the rows in order, which is
 * MODS's conventional element order (titleInfo, name, typeOfResource,
 * genre, originInfo, language, physicalDescription, abstract, note,
 * subject, classification, relatedItem, identifier, location,
 * accessCondition, part, recordInfo) with the rows of one container
 * together, so each is opened once.  The part (volume, issue, pages) of
 * an article, a chapter, an entry or a conference paper is in its host
 * relatedItem, as Zotero writes it; of any other kind at the top, as
 * bibutils writes it; both are read for every kind.
 *
 *   TEXT     the element's text is the field
 *   LIST     one value per element
 *   SPECIAL  read.c and write.c: names (one row per role), dates, pages,
 *            the title's nonSort, languages, identifiers, URLs, the
 *            abstract and notes, subjects, the type (typeOfResource,
 *            genres, issuance: no field), the citation key
 *   EXTRA    a MODS element no field holds: kept, written back */
#include "mods.h"

#define K(x) PC_KINDS(x)
#define K_ALL ((((pc_kindset)1 << PC_KIND_COUNT) - 1) & ~(pc_kindset)1)
#define K_JOURNAL (K(ARTICLE) | K(REVIEW) | K(REVIEW_BOOK))
#define K_SERIAL (K_JOURNAL | K(ARTICLE_MAGAZINE) | K(ARTICLE_NEWSPAPER))
#define K_CHAPTER (K(CHAPTER) | K(ENTRY) | K(ENTRY_DICTIONARY) | K(ENTRY_ENCYCLOPEDIA))
#define K_HOSTED (K_SERIAL | K_CHAPTER | K(CONFERENCE))
#define K_BOOKISH (K_CHAPTER | K(CONFERENCE)) /* the host is a book: its editors, ISBN */

const pc_kindset pc_mods_hosted = K_HOSTED;

#define ROW(path, f, h, d, k) \
    {.name = path, .field = PC_F_##f, .how = PC_MAP_##h, .dir = PC_MAP_##d, .kinds = k, \
     .handler = (PC_MAP_##h == PC_MAP_SPECIAL ? PC_XML_H_SPECIAL : 0)}
#define ALWAYS(path) \
    {.name = path, .field = PC_F_NONE, .how = PC_MAP_SPECIAL, .dir = PC_MAP_BOTH | PC_MAP_ALWAYS, .handler = PC_XML_H_SPECIAL}
#define KEEP(path) {.name = path, .field = PC_F_NONE, .how = PC_MAP_EXTRA, .dir = PC_MAP_READ}
#define NAME(field) ROW("name", field, SPECIAL, BOTH, 0)
#define RI_HOST "relatedItem[type=host]/"
#define HPART RI_HOST "part/"

const pc_map_row pc_mods_rows[] = {
    /* ---- titles ---- */
    ROW("titleInfo/nonSort", TITLE, SPECIAL, READ, 0), /* "The " before the title */
    ROW("titleInfo/title", TITLE, TEXT, BOTH, 0),
    ROW("titleInfo/subTitle", SUBTITLE, TEXT, BOTH, 0),
    ROW("titleInfo/partNumber", PART, TEXT, BOTH, 0),
    ROW("titleInfo/partName", PART_TITLE, TEXT, BOTH, 0),
    ROW("titleInfo[type=abbreviated]/title", TITLE_SHORT, TEXT, BOTH, 0),
    ROW("titleInfo[type=translated]/title", TRANSLATED_TITLE, TEXT, BOTH, 0),
    ROW("titleInfo[type=alternative]/title", ALTERNATIVE_TITLE, TEXT, BOTH, 0),
    KEEP("titleInfo[type=uniform]/title"),

    /* ---- names: one row per role (the codes: pc_mods_role_find) ---- */
    NAME(AUTHOR), NAME(TRANSLATOR), NAME(CONTRIBUTOR), NAME(COLLECTION_EDITOR),
    ROW("name", EDITOR, SPECIAL, BOTH, K_ALL & ~K_BOOKISH), /* a chapter's editors are its book's */
    NAME(ILLUSTRATOR), NAME(COMPOSER), NAME(DIRECTOR), NAME(CURATOR), NAME(ORGANIZER), NAME(PERFORMER),
    NAME(PRODUCER), NAME(NARRATOR), NAME(INTERVIEWER), NAME(RECIPIENT), NAME(COMPILER), NAME(SCRIPT_WRITER),
    NAME(HOST), NAME(INTRODUCTION), NAME(FOREWORD), NAME(AFTERWORD), NAME(ANNOTATOR), NAME(COMMENTATOR),
    NAME(HOLDER), NAME(EDITORIAL_DIRECTOR), NAME(EXECUTIVE_PRODUCER), NAME(GUEST), NAME(CHAIR),
    NAME(SERIES_CREATOR), NAME(TRANSLATED_AUTHOR),
    ROW("name[type=conference]/namePart", EVENT_TITLE, SPECIAL, BOTH, 0),

    /* ---- the type ---- */
    ALWAYS("typeOfResource"), /* and the genres of the kind */
    ROW("genre", GENRE, SPECIAL, BOTH, 0), /* a genre that names no kind */

    /* ---- originInfo ---- */
    ROW("originInfo/place/placeTerm[type=text]", PUBLISHER_PLACE, TEXT, BOTH, 0),
    ROW("originInfo/place/placeTerm", PUBLISHER_PLACE, TEXT, READ, 0),
    ROW("originInfo/publisher", PUBLISHER, TEXT, BOTH, 0),
    ROW("originInfo/agent/namePart", PUBLISHER, TEXT, READ, 0), /* MODS 3.8 */
    ROW("originInfo/dateIssued", ISSUED, SPECIAL, BOTH, 0),
    ROW("originInfo/dateCaptured", ACCESSED, SPECIAL, BOTH, 0),
    ROW("originInfo/dateOther[type=submitted]", SUBMITTED, SPECIAL, BOTH, 0),
    ROW("originInfo/copyrightDate", ISSUED, SPECIAL, READ, 0), /* a fallback */
    ROW("originInfo/dateCreated", ISSUED, SPECIAL, READ, 0),
    ROW("originInfo/edition", EDITION, TEXT, BOTH, 0),
    ALWAYS("originInfo/issuance"),
    KEEP("originInfo/dateModified"),
    KEEP("originInfo/dateOther"),
    KEEP("originInfo/frequency"),

    /* ---- language, physical description, abstract, notes, subjects ---- */
    ROW("language/languageTerm", LANGUAGE, SPECIAL, BOTH, 0),
    ROW("language", LANGUAGE, SPECIAL, READ, 0), /* MODS 3.0's bare text */
    ROW("physicalDescription/extent", NUMBER_OF_PAGES, SPECIAL, BOTH, 0), /* "389 p." */
    ROW("physicalDescription/form", MEDIUM, TEXT, BOTH, 0),
    KEEP("physicalDescription/internetMediaType"),
    KEEP("physicalDescription/digitalOrigin"),
    ROW("abstract", ABSTRACT, SPECIAL, BOTH, 0),
    KEEP("tableOfContents"),
    ROW("note", NOTE, SPECIAL, BOTH, 0),
    ROW("note", JOURNAL_REF, SPECIAL, WRITE, 0), /* a line "Journal reference: ..." */
    ROW("note[type=funding]", FUNDER, LIST, BOTH, 0),
    KEEP("note[type=statement of responsibility]"),
    ROW("subject/topic", KEYWORD, SPECIAL, BOTH, 0), /* a subject of several parts: one keyword "a--b" */
    ROW("subject/cartographics/scale", SCALE, TEXT, BOTH, 0),
    ROW("classification", CALL_NUMBER, TEXT, BOTH, 0),

    /* ---- the host: journal, book, proceedings, web site ---- */
    ROW(RI_HOST "titleInfo/title", CONTAINER_TITLE, TEXT, BOTH, 0),
    ROW(RI_HOST "titleInfo/subTitle", CONTAINER_SUBTITLE, TEXT, BOTH, 0),
    ROW(RI_HOST "titleInfo[type=abbreviated]/title", CONTAINER_TITLE_SHORT, TEXT, BOTH, 0),
    ROW(RI_HOST "name", EDITOR, SPECIAL, BOTH, K_BOOKISH),
    ROW(RI_HOST "name", CONTAINER_AUTHOR, SPECIAL, BOTH, 0),
    ALWAYS(RI_HOST "originInfo/issuance"), /* and the host's genres */
    ROW(RI_HOST "identifier[type=issn]", ISSN, SPECIAL, BOTH, K_SERIAL),
    ROW(RI_HOST "identifier[type=isbn]", ISBN, SPECIAL, BOTH, K_BOOKISH),
    ROW(HPART "detail[type=volume]/number", VOLUME, TEXT, BOTH, K_HOSTED),
    ROW(HPART "detail[type=issue]/number", ISSUE, TEXT, BOTH, K_HOSTED),
    ROW(HPART "detail[type=number]/number", NUMBER, TEXT, BOTH, K_HOSTED),
    ROW(HPART "detail[type=chapter]/number", CHAPTER_NUMBER, TEXT, BOTH, K_HOSTED),
    ROW(HPART "detail[type=section]/number", SECTION, TEXT, BOTH, K_HOSTED),
    ROW(HPART "detail[type=supplement]/number", SUPPLEMENT, TEXT, BOTH, K_HOSTED),
    ROW(HPART "extent[unit=page]/start", PAGE, SPECIAL, BOTH, K_HOSTED), /* and end */
    /* the host's other spellings, read for every kind */
    ROW(RI_HOST "identifier[type=issn]", ISSN, SPECIAL, READ, 0),
    ROW(RI_HOST "identifier[type=isbn]", ISBN, SPECIAL, READ, 0),
    ROW(RI_HOST "identifier[type=serial number]", ISSN, SPECIAL, READ, 0),
    ROW(HPART "detail[type=volume]/number", VOLUME, TEXT, READ, 0),
    ROW(HPART "detail[type=issue]/number", ISSUE, TEXT, READ, 0),
    ROW(HPART "detail[type=number]/number", NUMBER, TEXT, READ, 0),
    ROW(HPART "detail[type=chapter]/number", CHAPTER_NUMBER, TEXT, READ, 0),
    ROW(HPART "detail[type=page]/number", PAGE, SPECIAL, READ, 0),
    ROW(HPART "extent[unit=page]/start", PAGE, SPECIAL, READ, 0),
    ROW(HPART "extent[unit=pages]/start", PAGE, SPECIAL, READ, 0),
    ROW(HPART "extent/start", PAGE, SPECIAL, READ, 0),
    ROW(HPART "extent[unit=page]/end", PAGE, SPECIAL, READ, 0),
    ROW(HPART "extent[unit=pages]/end", PAGE, SPECIAL, READ, 0),
    ROW(HPART "extent/end", PAGE, SPECIAL, READ, 0),
    ROW(HPART "extent[unit=page]/list", PAGE, SPECIAL, READ, 0),
    ROW(HPART "extent/list", PAGE, SPECIAL, READ, 0),
    ROW(HPART "extent[unit=page]/total", NUMBER_OF_PAGES, TEXT, READ, 0),
    ROW(HPART "extent/total", NUMBER_OF_PAGES, TEXT, READ, 0),
    ROW(HPART "date", ISSUED, SPECIAL, READ, 0),
    ROW(RI_HOST "originInfo/publisher", PUBLISHER, TEXT, READ, 0),
    ROW(RI_HOST "originInfo/place/placeTerm[type=text]", PUBLISHER_PLACE, TEXT, READ, 0),
    ROW(RI_HOST "originInfo/place/placeTerm", PUBLISHER_PLACE, TEXT, READ, 0),
    ROW(RI_HOST "originInfo/dateIssued", ISSUED, SPECIAL, READ, 0),
    ROW(RI_HOST "originInfo/edition", EDITION, TEXT, READ, 0),
    ROW(RI_HOST "relatedItem[type=series]/titleInfo/title", COLLECTION_TITLE, TEXT, READ, 0),

    /* ---- the series, the original, the work reviewed ---- */
    ROW("relatedItem[type=series]/titleInfo/title", COLLECTION_TITLE, TEXT, BOTH, 0),
    ROW("relatedItem[type=series]/part/detail[type=volume]/number", COLLECTION_NUMBER, TEXT, BOTH, 0),
    ROW("relatedItem[type=original]/titleInfo/title", ORIGINAL_TITLE, TEXT, BOTH, 0),
    ROW("relatedItem[type=original]/name", ORIGINAL_AUTHOR, SPECIAL, BOTH, 0),
    ROW("relatedItem[type=original]/originInfo/place/placeTerm[type=text]", ORIGINAL_PUBLISHER_PLACE, TEXT, BOTH, 0),
    ROW("relatedItem[type=original]/originInfo/publisher", ORIGINAL_PUBLISHER, TEXT, BOTH, 0),
    ROW("relatedItem[type=original]/originInfo/dateIssued", ORIGINAL_DATE, SPECIAL, BOTH, 0),
    ROW("relatedItem[type=reviewOf]/titleInfo/title", REVIEWED_TITLE, TEXT, BOTH, 0),
    ROW("relatedItem[type=reviewOf]/name", REVIEWED_AUTHOR, SPECIAL, BOTH, 0),

    /* ---- identifiers, location, rights ---- */
    ALWAYS("identifier[type=citekey]"), /* the citation key (bibutils, JabRef) */
    ROW("identifier[type=doi]", DOI, SPECIAL, BOTH, 0),
    ROW("identifier[type=isbn]", ISBN, SPECIAL, BOTH, K_ALL & ~K_BOOKISH),
    ROW("identifier[type=issn]", ISSN, SPECIAL, BOTH, K_ALL & ~K_SERIAL),
    ROW("identifier[type=pmid]", PMID, TEXT, BOTH, 0),
    ROW("identifier[type=pmc]", PMCID, TEXT, BOTH, 0),
    ROW("identifier[type=arxiv]", ARXIV_ID, SPECIAL, BOTH, 0),
    ROW("location/url", URL, SPECIAL, BOTH, 0), /* dateLastAccessed: the access date */
    ROW("location/url[access=object in context]", URL, SPECIAL, READ, 0),
    ROW("location/url[access=raw object]", URL, SPECIAL, READ, 0),
    KEEP("location/url[access=preview]"), /* a thumbnail */
    ROW("location/physicalLocation", ARCHIVE, TEXT, BOTH, 0),
    ROW("location/shelfLocator", ARCHIVE_LOCATION, TEXT, BOTH, 0),
    ROW("accessCondition", LICENSE, TEXT, BOTH, 0),

    /* ---- the part of a work with no host ---- */
    ROW("part/detail[type=volume]/number", VOLUME, TEXT, BOTH, K_ALL & ~K_HOSTED),
    ROW("part/detail[type=issue]/number", ISSUE, TEXT, BOTH, K_ALL & ~K_HOSTED),
    ROW("part/detail[type=number]/number", NUMBER, TEXT, BOTH, K_ALL & ~K_HOSTED),
    ROW("part/detail[type=chapter]/number", CHAPTER_NUMBER, TEXT, BOTH, K_ALL & ~K_HOSTED),
    ROW("part/detail[type=section]/number", SECTION, TEXT, BOTH, K_ALL & ~K_HOSTED),
    ROW("part/detail[type=supplement]/number", SUPPLEMENT, TEXT, BOTH, K_ALL & ~K_HOSTED),
    ROW("part/extent[unit=page]/start", PAGE, SPECIAL, BOTH, K_ALL & ~K_HOSTED),
    ROW("recordInfo/recordContentSource", SOURCE, TEXT, BOTH, 0),

    /* ---- read only: other spellings ---- */
    ROW("part/detail[type=volume]/number", VOLUME, TEXT, READ, 0),
    ROW("part/detail[type=issue]/number", ISSUE, TEXT, READ, 0),
    ROW("part/detail[type=number]/number", NUMBER, TEXT, READ, 0),
    ROW("part/detail[type=chapter]/number", CHAPTER_NUMBER, TEXT, READ, 0),
    ROW("part/detail[type=page]/number", PAGE, SPECIAL, READ, 0),
    ROW("part/extent[unit=page]/start", PAGE, SPECIAL, READ, 0),
    ROW("part/extent[unit=pages]/start", PAGE, SPECIAL, READ, 0),
    ROW("part/extent/start", PAGE, SPECIAL, READ, 0),
    ROW("part/extent[unit=page]/end", PAGE, SPECIAL, READ, 0),
    ROW("part/extent[unit=pages]/end", PAGE, SPECIAL, READ, 0),
    ROW("part/extent/end", PAGE, SPECIAL, READ, 0),
    ROW("part/extent[unit=page]/list", PAGE, SPECIAL, READ, 0),
    ROW("part/extent/list", PAGE, SPECIAL, READ, 0),
    ROW("part/extent[unit=page]/total", NUMBER_OF_PAGES, TEXT, READ, 0),
    ROW("physicalDescription/extent[unit=page]/total", NUMBER_OF_PAGES, TEXT, READ, 0),
    ROW("physicalDescription/extent[unit=pages]/total", NUMBER_OF_PAGES, TEXT, READ, 0),
    /* the type: read.c's record_kind */
    ROW(RI_HOST "genre", NONE, SPECIAL, READ, 0),
    ROW(RI_HOST "typeOfResource", NONE, SPECIAL, READ, 0),
    ROW("part/extent/total", NUMBER_OF_PAGES, TEXT, READ, 0),
    ROW("part/date", ISSUED, SPECIAL, READ, 0),
    ROW("identifier[type=isbn]", ISBN, SPECIAL, READ, 0),
    ROW("identifier[type=issn]", ISSN, SPECIAL, READ, 0),
    ROW("identifier[type=issn-l]", ISSN, SPECIAL, READ, 0),
    ROW("identifier[type=serial number]", ISSN, SPECIAL, READ, 0), /* bibutils: ISSN or ISBN */
    ROW("identifier[type=pubmed]", PMID, TEXT, READ, 0),            /* bibutils' med2xml */
    ROW("identifier[type=pmcid]", PMCID, TEXT, READ, 0),
    ROW("identifier[type=uri]", URL, LIST, READ, 0),
    ROW("identifier[type=url]", URL, LIST, READ, 0),
    ROW("identifier[type=DOI]", DOI, SPECIAL, READ, 0),
    ROW("identifier[type=ISBN]", ISBN, SPECIAL, READ, 0),
    ROW("identifier[type=ISSN]", ISSN, SPECIAL, READ, 0),
    ROW("subject/geographic", KEYWORD, SPECIAL, READ, 0),
    ROW("subject/temporal", KEYWORD, SPECIAL, READ, 0),
    ROW("subject/genre", KEYWORD, SPECIAL, READ, 0),
    ROW("subject", KEYWORD, SPECIAL, READ, 0), /* a subject of text alone */
};

const size_t pc_mods_n_rows = sizeof pc_mods_rows / sizeof *pc_mods_rows;

/* ---- roles: MARC relator codes and terms ------------------------------------------ */

/* The first row of a field is what the writer writes for it; the reader
 * takes codes and terms of every row (case-insensitive). */
static const pc_mods_role roles[] = {
    {"aut", "author", PC_F_AUTHOR},          {"cre", "creator", PC_F_AUTHOR},
    {"inv", "inventor", PC_F_AUTHOR},        {"edt", "editor", PC_F_EDITOR},
    {"edc", "editor of compilation", PC_F_EDITOR}, {"trl", "translator", PC_F_TRANSLATOR},
    {"ctb", "contributor", PC_F_CONTRIBUTOR}, {"ths", "thesis advisor", PC_F_CONTRIBUTOR},
    {"pbd", "publishing director", PC_F_COLLECTION_EDITOR}, {"ill", "illustrator", PC_F_ILLUSTRATOR},
    {"cmp", "composer", PC_F_COMPOSER},      {"drt", "director", PC_F_DIRECTOR},
    {"cur", "curator", PC_F_CURATOR},        {"orm", "organizer", PC_F_ORGANIZER},
    {"org", "originator", PC_F_ORGANIZER},   {"prf", "performer", PC_F_PERFORMER},
    {"pro", "producer", PC_F_PRODUCER},      {"nrt", "narrator", PC_F_NARRATOR},
    {"ivr", "interviewer", PC_F_INTERVIEWER}, {"ive", "interviewee", PC_F_AUTHOR},
    {"rcp", "addressee", PC_F_RECIPIENT},    {"rcp", "recipient", PC_F_RECIPIENT},
    {"com", "compiler", PC_F_COMPILER},      {"aus", "screenwriter", PC_F_SCRIPT_WRITER},
    {"hst", "host", PC_F_HOST},              {"aui", "author of introduction, etc.", PC_F_INTRODUCTION},
    {"wpr", "writer of preface", PC_F_FOREWORD}, {"aft", "author of afterword, colophon, etc.", PC_F_AFTERWORD},
    {"ann", "annotator", PC_F_ANNOTATOR},    {"cwt", "commentator for written text", PC_F_COMMENTATOR},
    {"pth", "patent holder", PC_F_HOLDER},   {"pdr", "project director", PC_F_EDITORIAL_DIRECTOR},
    {"fmp", "film producer", PC_F_EXECUTIVE_PRODUCER}, {"spk", "speaker", PC_F_GUEST},
    {"mod", "moderator", PC_F_CHAIR},
    /* no MARC code: the term alone (free text, as MODS allows) */
    {"", "series creator", PC_F_SERIES_CREATOR}, {"", "translated author", PC_F_TRANSLATED_AUTHOR},
};

const pc_mods_role *pc_mods_role_find(const char *s)
{
    for (size_t i = 0; *s && i < sizeof roles / sizeof *roles; i++)
        if (!pc_strcasecmp(roles[i].code, s) || !pc_strcasecmp(roles[i].term, s))
            return &roles[i];
    return NULL;
}

const pc_mods_role *pc_mods_role_of(pc_field f)
{
    for (size_t i = 0; i < sizeof roles / sizeof *roles; i++)
        if (roles[i].field == f)
            return &roles[i];
    return NULL;
}

/* ---- kinds: what the writer says, what the reader takes ------------------------------ */

#define KI(k, res, marc, bib, hmarc, hbib, hiss, iss) {PC_KIND_##k, res, marc, bib, hmarc, hbib, hiss, iss}
static const pc_mods_kind kinds[] = {
    KI(ARTICLE, "text", NULL, "journal article", "periodical", "academic journal", "continuing", NULL),
    KI(ARTICLE_MAGAZINE, "text", NULL, "magazine article", "periodical", "magazine", "continuing", NULL),
    KI(ARTICLE_NEWSPAPER, "text", NULL, "newspaper article", "newspaper", NULL, "continuing", NULL),
    KI(PERIODICAL, "text", "periodical", NULL, NULL, NULL, NULL, "continuing"),
    KI(BOOK, "text", "book", NULL, NULL, NULL, NULL, "monographic"),
    KI(CHAPTER, "text", NULL, "book chapter", "book", NULL, "monographic", NULL),
    KI(ENTRY_DICTIONARY, "text", NULL, "book chapter", "dictionary", NULL, "monographic", NULL),
    KI(ENTRY_ENCYCLOPEDIA, "text", NULL, "book chapter", "encyclopedia", NULL, "monographic", NULL),
    KI(CONFERENCE, "text", NULL, NULL, "conference publication", NULL, "monographic", NULL),
    KI(THESIS, "text", "thesis", NULL, NULL, NULL, NULL, "monographic"),
    KI(REPORT, "text", "technical report", NULL, NULL, NULL, NULL, "monographic"),
    KI(STANDARD, "text", "standard or specification", NULL, NULL, NULL, NULL, "monographic"),
    KI(PATENT, "text", "patent", NULL, NULL, NULL, NULL, NULL),
    KI(WEBPAGE, "text", "web site", NULL, NULL, NULL, NULL, NULL),
    KI(DATASET, "software, multimedia", "database", NULL, NULL, NULL, NULL, NULL),
    KI(SOFTWARE, "software, multimedia", NULL, NULL, NULL, NULL, NULL, NULL),
    KI(MAP, "cartographic", "map", NULL, NULL, NULL, NULL, NULL),
    KI(LEGAL_CASE, "text", "legal case and case notes", NULL, NULL, NULL, NULL, NULL),
    KI(LEGISLATION, "text", "legislation", NULL, NULL, NULL, NULL, NULL),
    KI(BILL, "text", "legislation", NULL, NULL, NULL, NULL, NULL),
    KI(REGULATION, "text", "legislation", NULL, NULL, NULL, NULL, NULL),
    KI(PERSONAL_COMMUNICATION, "text", "letter", NULL, NULL, NULL, NULL, NULL),
    KI(INTERVIEW, "text", "interview", NULL, NULL, NULL, NULL, NULL),
    KI(MOTION_PICTURE, "moving image", "motion picture", NULL, NULL, NULL, NULL, NULL),
    KI(BROADCAST, "moving image", "motion picture", NULL, NULL, NULL, NULL, NULL),
    KI(GRAPHIC, "still image", "art original", NULL, NULL, NULL, NULL, NULL),
    KI(FIGURE, "still image", "chart", NULL, NULL, NULL, NULL, NULL),
    KI(SONG, "sound recording", NULL, NULL, NULL, NULL, NULL, NULL),
    KI(MUSICAL_SCORE, "notated music", NULL, NULL, NULL, NULL, NULL, NULL),
    KI(SPEECH, "sound recording-nonmusical", NULL, NULL, NULL, NULL, NULL, NULL),
    KI(MANUSCRIPT, "text", NULL, "unpublished", NULL, NULL, NULL, NULL),
    KI(PREPRINT, "text", NULL, "unpublished", NULL, NULL, NULL, NULL),
    KI(OTHER, "text", NULL, "miscellaneous", NULL, NULL, NULL, NULL),
};

const pc_mods_kind *pc_mods_kind_info(pc_kind k)
{
    if ((unsigned)k >= PC_KIND_COUNT || k == PC_KIND_NONE)
        k = PC_KIND_PREPRINT;
    for (;;) {
        for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
            if (kinds[i].kind == k)
                return &kinds[i];
        pc_kind b = pc_kind_broader(k);
        if (b == k)
            return &kinds[sizeof kinds / sizeof *kinds - 1];
        k = b;
    }
}

static const struct {
    const char *term;
    pc_kind kind, host_kind; /* as the record's own genre, as its host's */
} genres[] = {
    {"journal article", PC_KIND_ARTICLE, PC_KIND_NONE},
    {"article", PC_KIND_ARTICLE, PC_KIND_NONE},
    {"journal", PC_KIND_ARTICLE, PC_KIND_ARTICLE},
    {"periodical", PC_KIND_ARTICLE, PC_KIND_ARTICLE},
    {"academic journal", PC_KIND_ARTICLE, PC_KIND_ARTICLE},
    {"magazine", PC_KIND_ARTICLE_MAGAZINE, PC_KIND_ARTICLE_MAGAZINE},
    {"magazine article", PC_KIND_ARTICLE_MAGAZINE, PC_KIND_NONE},
    {"newspaper", PC_KIND_ARTICLE_NEWSPAPER, PC_KIND_ARTICLE_NEWSPAPER},
    {"newspaper article", PC_KIND_ARTICLE_NEWSPAPER, PC_KIND_NONE},
    {"book", PC_KIND_BOOK, PC_KIND_CHAPTER},
    {"festschrift", PC_KIND_BOOK, PC_KIND_CHAPTER},
    {"collection", PC_KIND_BOOK, PC_KIND_CHAPTER},
    {"fiction", PC_KIND_BOOK, PC_KIND_NONE},
    {"novel", PC_KIND_BOOK, PC_KIND_NONE},
    {"biography", PC_KIND_BOOK, PC_KIND_NONE},
    {"handbook", PC_KIND_BOOK, PC_KIND_CHAPTER},
    {"yearbook", PC_KIND_BOOK, PC_KIND_CHAPTER},
    {"book chapter", PC_KIND_CHAPTER, PC_KIND_NONE},
    {"chapter", PC_KIND_CHAPTER, PC_KIND_NONE},
    {"conference publication", PC_KIND_CONFERENCE, PC_KIND_CONFERENCE},
    {"conference paper", PC_KIND_CONFERENCE, PC_KIND_NONE},
    {"proceedings", PC_KIND_CONFERENCE, PC_KIND_CONFERENCE},
    {"thesis", PC_KIND_THESIS, PC_KIND_NONE},
    {"theses", PC_KIND_THESIS, PC_KIND_NONE},
    {"Ph.D. thesis", PC_KIND_THESIS, PC_KIND_NONE},
    {"Masters thesis", PC_KIND_THESIS, PC_KIND_NONE},
    {"Diploma thesis", PC_KIND_THESIS, PC_KIND_NONE},
    {"Doctoral thesis", PC_KIND_THESIS, PC_KIND_NONE},
    {"Habilitation thesis", PC_KIND_THESIS, PC_KIND_NONE},
    {"Licentiate thesis", PC_KIND_THESIS, PC_KIND_NONE},
    {"technical report", PC_KIND_REPORT, PC_KIND_NONE},
    {"report", PC_KIND_REPORT, PC_KIND_NONE},
    {"standard", PC_KIND_STANDARD, PC_KIND_NONE},
    {"standard or specification", PC_KIND_STANDARD, PC_KIND_NONE},
    {"patent", PC_KIND_PATENT, PC_KIND_NONE},
    {"legislation", PC_KIND_LEGISLATION, PC_KIND_NONE},
    {"legal case and case notes", PC_KIND_LEGAL_CASE, PC_KIND_NONE},
    {"legal case", PC_KIND_LEGAL_CASE, PC_KIND_NONE},
    {"letter", PC_KIND_PERSONAL_COMMUNICATION, PC_KIND_NONE},
    {"interview", PC_KIND_INTERVIEW, PC_KIND_NONE},
    {"map", PC_KIND_MAP, PC_KIND_NONE},
    {"atlas", PC_KIND_MAP, PC_KIND_NONE},
    {"globe", PC_KIND_MAP, PC_KIND_NONE},
    {"cartographic", PC_KIND_MAP, PC_KIND_NONE},
    {"art original", PC_KIND_GRAPHIC, PC_KIND_NONE},
    {"art reproduction", PC_KIND_GRAPHIC, PC_KIND_NONE},
    {"picture", PC_KIND_GRAPHIC, PC_KIND_NONE},
    {"graphic", PC_KIND_GRAPHIC, PC_KIND_NONE},
    {"still image", PC_KIND_GRAPHIC, PC_KIND_NONE},
    {"chart", PC_KIND_FIGURE, PC_KIND_NONE},
    {"motion picture", PC_KIND_MOTION_PICTURE, PC_KIND_NONE},
    {"videorecording", PC_KIND_MOTION_PICTURE, PC_KIND_NONE},
    {"filmstrip", PC_KIND_MOTION_PICTURE, PC_KIND_NONE},
    {"moving image", PC_KIND_MOTION_PICTURE, PC_KIND_NONE},
    {"sound", PC_KIND_SONG, PC_KIND_NONE},
    {"sound recording", PC_KIND_SONG, PC_KIND_NONE},
    {"sound recording-musical", PC_KIND_SONG, PC_KIND_NONE},
    {"sound recording-nonmusical", PC_KIND_SPEECH, PC_KIND_NONE},
    {"speech", PC_KIND_SPEECH, PC_KIND_NONE},
    {"notated music", PC_KIND_MUSICAL_SCORE, PC_KIND_NONE},
    {"web site", PC_KIND_WEBPAGE, PC_KIND_WEBPAGE},
    {"web page", PC_KIND_WEBPAGE, PC_KIND_NONE},
    {"online system or service", PC_KIND_WEBPAGE, PC_KIND_NONE},
    {"blog", PC_KIND_POST_WEBLOG, PC_KIND_POST_WEBLOG},
    {"blog post", PC_KIND_POST_WEBLOG, PC_KIND_NONE},
    {"dictionary", PC_KIND_BOOK, PC_KIND_ENTRY_DICTIONARY},
    {"encyclopedia", PC_KIND_BOOK, PC_KIND_ENTRY_ENCYCLOPEDIA},
    {"database", PC_KIND_DATASET, PC_KIND_NONE},
    {"dataset", PC_KIND_DATASET, PC_KIND_NONE},
    {"numeric data", PC_KIND_DATASET, PC_KIND_NONE},
    {"software", PC_KIND_SOFTWARE, PC_KIND_NONE},
    {"software, multimedia", PC_KIND_SOFTWARE, PC_KIND_NONE},
    {"computer program", PC_KIND_SOFTWARE, PC_KIND_NONE},
    {"multimedia", PC_KIND_SOFTWARE, PC_KIND_NONE},
    {"unpublished", PC_KIND_MANUSCRIPT, PC_KIND_NONE},
    {"manuscript", PC_KIND_MANUSCRIPT, PC_KIND_NONE},
    {"loose-leaf", PC_KIND_MANUSCRIPT, PC_KIND_NONE},
    {"miscellaneous", PC_KIND_OTHER, PC_KIND_NONE},
    {"generic", PC_KIND_OTHER, PC_KIND_NONE},
};

pc_kind pc_mods_genre_kind(const char *term, bool host)
{
    for (size_t i = 0; i < sizeof genres / sizeof *genres; i++)
        if (!pc_strcasecmp(genres[i].term, term))
            return host ? genres[i].host_kind : genres[i].kind;
    return PC_KIND_NONE;
}

/* ---- the format ---------------------------------------------------------------------- */

static const char *const mods_aliases[] = {"mods-xml", NULL};
static const char *const mods_exts[] = {"mods", "xml", NULL};
static const char *const mods_write_exts[] = {"mods", NULL};

const pc_format pc_format_mods = {
    .name = "mods",
    .aliases = mods_aliases,
    .extensions = mods_exts,
    .write_extensions = mods_write_exts,
    .description = "MODS 3.x XML (Library of Congress; bibutils' hub format; OAI-PMH, METS, SRU records)",
    .sniff = pc_mods_sniff,
    .read_open = pc_mods_read_open,
    .read_next = pc_mods_read_next,
    .read_close = pc_mods_read_close,
    .write_begin = pc_mods_write_begin,
    .write_record = pc_mods_write_record,
    .write_end = pc_mods_write_end,
    .map = pc_mods_rows,
    .map_len = sizeof pc_mods_rows / sizeof *pc_mods_rows,
    .chunker = &pc_mods_chunker,
};
