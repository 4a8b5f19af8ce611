/* SPDX-License-Identifier: MIT */
/* map.c — the Word bibliography XML format's tables: which element of a
 * <b:Source> holds which model field for which kind (both directions),
 * the source types, the LCIDs, and the format's entry.
 *
 * The facts: ECMA-376 Part 1's shared bibliography schema (the elements of
 * CT_SourceType, ST_SourceType, CT_AuthorType's roles), Word's "Create
 * Source" labels, JabRef's MSBib mapping, bibutils' wordout (research notes
 * §7).  A row's name is the element's path below <b:Source> by local name
 * ("Author/Editor": the editors' name list; "JournalName").  The container
 * of each kind has its own element (JournalName, PeriodicalTitle,
 * BookTitle, ConferenceName, InternetSiteTitle, AlbumTitle,
 * BroadcastTitle, Reporter, else PublicationTitle); the rows of the kind
 * the SourceType reads back as are the writer's (a thesis is a Report with
 * a ThesisType: read back as a thesis).
 *
 *   TEXT     the element's text is the field
 *   LIST     one value per element (URL)
 *   SPLIT    JabRef's BIBTEX_KeyWords
 *   SPECIAL  read.c and write.c: Tag (the key), SourceType (the kind),
 *            names, dates (Year, Month, Day; the accessed ones), LCID,
 *            StandardNumber (ISBN, ISSN or a number, by shape), the DOI,
 *            Comments (the note), ThesisType, StateProvince
 *   EXTRA    kept and written back (Guid, Department, Station, ...) */
#include "wordbib.h"

#define K(x) PC_KINDS(x)
#define K_ALL ((((pc_kindset)1 << PC_KIND_COUNT) - 1) & ~(pc_kindset)1)
#define K_JOURNAL (K(ARTICLE) | K(REVIEW) | K(REVIEW_BOOK))
#define K_PERIODICAL (K(ARTICLE_MAGAZINE) | K(ARTICLE_NEWSPAPER) | K(PERIODICAL))
#define K_CHAPTER (K(CHAPTER) | K(ENTRY) | K(ENTRY_DICTIONARY) | K(ENTRY_ENCYCLOPEDIA))
#define K_CONF (K(CONFERENCE) | K(EVENT))
#define K_WEB (K(WEBPAGE) | K(POST) | K(POST_WEBLOG))
#define K_SONG K(SONG)
#define K_FILM (K(MOTION_PICTURE) | K(BROADCAST))
#define K_CASE (K(LEGAL_CASE) | K(LEGISLATION) | K(BILL) | K(REGULATION) | K(TREATY) | K(HEARING))
#define K_REPORT (K(REPORT) | K(STANDARD) | K(THESIS) | K(MANUSCRIPT))
#define K_PATENT K(PATENT)
#define CONTAINER_OWN (K_JOURNAL | K_PERIODICAL | K_CHAPTER | K_CONF | K_WEB | K_SONG | K_FILM | K(INTERVIEW) | K_CASE)
#define PUB_OWN (K_REPORT | K_FILM | K_CASE)
#define NUM_OWN (K_PATENT | K_CASE | K_SONG | K_FILM | K_REPORT)

#define ROW(path, f, h, d, k) \
    {.name = path, .field = PC_F_##f, .how = PC_MAP_##h, .dir = PC_MAP_##d, .kinds = k, \
     .handler = (PC_MAP_##h == PC_MAP_SPECIAL ? PC_XML_H_SPECIAL : 0)}
#define ALWAYS(path) \
    {.name = path, .field = PC_F_NONE, .how = PC_MAP_SPECIAL, .dir = PC_MAP_BOTH | PC_MAP_ALWAYS, .handler = PC_XML_H_SPECIAL}
#define KEEP(path) {.name = path, .field = PC_F_NONE, .how = PC_MAP_EXTRA, .dir = PC_MAP_READ}

const pc_map_row pc_wb_rows[] = {
    ALWAYS("Tag"),        /* the citation key */
    ALWAYS("SourceType"), /* the kind */
    KEEP("Guid"),
    ROW("LCID", LANGUAGE, SPECIAL, BOTH, 0),
    /* names: one NameList per role (CT_AuthorType) */
    ROW("Author/Author", AUTHOR, SPECIAL, BOTH, 0),
    ROW("Author/BookAuthor", CONTAINER_AUTHOR, SPECIAL, BOTH, 0),
    ROW("Author/Editor", EDITOR, SPECIAL, BOTH, 0),
    ROW("Author/Translator", TRANSLATOR, SPECIAL, BOTH, 0),
    ROW("Author/Compiler", COMPILER, SPECIAL, BOTH, 0),
    ROW("Author/Composer", COMPOSER, SPECIAL, BOTH, 0),
    ROW("Author/Director", DIRECTOR, SPECIAL, BOTH, 0),
    ROW("Author/Interviewer", INTERVIEWER, SPECIAL, BOTH, 0),
    ROW("Author/Performer", PERFORMER, SPECIAL, BOTH, 0),
    ROW("Author/ProducerName", PRODUCER, SPECIAL, BOTH, 0),
    ROW("Author/Writer", SCRIPT_WRITER, SPECIAL, BOTH, 0),
    /* titles: the container by kind */
    ROW("Title", TITLE, TEXT, BOTH, 0),
    ROW("ShortTitle", TITLE_SHORT, TEXT, BOTH, 0),
    ROW("JournalName", CONTAINER_TITLE, TEXT, BOTH, K_JOURNAL),
    ROW("PeriodicalTitle", CONTAINER_TITLE, TEXT, BOTH, K_PERIODICAL),
    ROW("BookTitle", CONTAINER_TITLE, TEXT, BOTH, K_CHAPTER),
    ROW("ConferenceName", CONTAINER_TITLE, TEXT, BOTH, K_CONF),
    ROW("InternetSiteTitle", CONTAINER_TITLE, TEXT, BOTH, K_WEB),
    ROW("AlbumTitle", CONTAINER_TITLE, TEXT, BOTH, K_SONG),
    ROW("BroadcastTitle", CONTAINER_TITLE, TEXT, BOTH, K_FILM | K(INTERVIEW)),
    ROW("Reporter", CONTAINER_TITLE, TEXT, BOTH, K_CASE),
    ROW("PublicationTitle", CONTAINER_TITLE, TEXT, BOTH, K_ALL & ~CONTAINER_OWN),
    /* dates */
    ROW("Year", ISSUED, SPECIAL, BOTH, 0), /* with Month and Day */
    ROW("YearAccessed", ACCESSED, SPECIAL, BOTH, 0),
    /* where, by whom */
    ROW("City", PUBLISHER_PLACE, TEXT, BOTH, 0),
    ROW("CountryRegion", JURISDICTION, TEXT, BOTH, K_PATENT),
    ROW("Publisher", PUBLISHER, TEXT, BOTH, K_ALL & ~PUB_OWN),
    ROW("Institution", PUBLISHER, TEXT, BOTH, K_REPORT),
    ROW("Distributor", PUBLISHER, TEXT, BOTH, K_FILM),
    ROW("Court", AUTHORITY, TEXT, BOTH, K_CASE),
    KEEP("Department"),
    ROW("ThesisType", GENRE, SPECIAL, BOTH, K_REPORT), /* "Ph.D. thesis": a thesis */
    ROW("Type", GENRE, TEXT, BOTH, K_ALL & ~K_REPORT),
    /* numbers */
    ROW("Edition", EDITION, TEXT, BOTH, 0),
    ROW("Volume", VOLUME, TEXT, BOTH, 0),
    ROW("NumberVolumes", NUMBER_OF_VOLUMES, TEXT, BOTH, 0),
    ROW("Issue", ISSUE, TEXT, BOTH, 0),
    ROW("Pages", PAGE, TEXT, BOTH, 0),
    ROW("ChapterNumber", CHAPTER_NUMBER, TEXT, BOTH, 0),
    ROW("PatentNumber", NUMBER, TEXT, BOTH, K_PATENT),
    ROW("CaseNumber", NUMBER, TEXT, BOTH, K_CASE),
    ROW("RecordingNumber", NUMBER, TEXT, BOTH, K_SONG | K_FILM),
    ROW("StandardNumber", NUMBER, SPECIAL, BOTH, K_REPORT), /* a report's or standard's number */
    ROW("StandardNumber", ISBN, SPECIAL, BOTH, 0),
    ROW("StandardNumber", ISSN, SPECIAL, BOTH, 0),
    KEEP("AbbreviatedCaseNumber"),
    /* links, media, notes */
    ROW("URL", URL, LIST, BOTH, 0),
    ROW("DOI", DOI, SPECIAL, BOTH, 0),
    ROW("Medium", MEDIUM, TEXT, BOTH, 0),
    ROW("Version", VERSION, TEXT, BOTH, 0),
    ROW("Theater", EVENT_PLACE, TEXT, BOTH, 0),
    KEEP("Station"),
    ROW("Comments", NOTE, SPECIAL, BOTH, 0),
    ROW("Comments", JOURNAL_REF, SPECIAL, WRITE, 0), /* a line "Journal reference: ..." */

    /* ---- read only ---- */
    ROW("MonthAccessed", ACCESSED, SPECIAL, READ, 0),
    ROW("DayAccessed", ACCESSED, SPECIAL, READ, 0),
    ROW("Month", ISSUED, SPECIAL, READ, 0),
    ROW("Day", ISSUED, SPECIAL, READ, 0),
    ROW("StateProvince", PUBLISHER_PLACE, SPECIAL, READ, 0), /* ", State" after the city */
    ROW("CountryRegion", PUBLISHER_PLACE, SPECIAL, READ, K_ALL & ~K_PATENT),
    ROW("Publisher", PUBLISHER, TEXT, READ, PUB_OWN), /* a report's, a film's (the writer writes Institution, Distributor) */
    ROW("ProductionCompany", PUBLISHER, TEXT, READ, 0),
    ROW("Broadcaster", PUBLISHER, TEXT, READ, 0),
    ROW("Author/Conductor", CONTRIBUTOR, SPECIAL, READ, 0),
    ROW("Author/Counsel", CONTRIBUTOR, SPECIAL, READ, 0),
    ROW("Author/Interviewee", AUTHOR, SPECIAL, READ, 0),
    ROW("Author/Inventor", AUTHOR, SPECIAL, READ, 0),
    ROW("Author/Artist", AUTHOR, SPECIAL, READ, 0),
    ROW("Url", URL, LIST, READ, 0), /* bibutils' spelling */
    {.name = "RefOrder", .field = PC_F_NONE, .how = PC_MAP_SPECIAL, .dir = PC_MAP_READ, .handler = PC_XML_H_SPECIAL}, /* a document's citation order: dropped */
    /* JabRef's BibTeX fields (not in the schema) */
    ROW("BIBTEX_Abstract", ABSTRACT, TEXT, READ, 0),
    ROW("BIBTEX_KeyWords", KEYWORD, SPLIT, READ, 0),
    ROW("BIBTEX_Series", COLLECTION_TITLE, TEXT, READ, 0),
    ROW("BIBTEX_Affiliation", AUTHOR_ADDRESS, SPLIT, READ, 0),
    ROW("BIBTEX_Pubstate", STATUS, TEXT, READ, 0),
    ROW("BIBTEX_Copyright", LICENSE, TEXT, READ, 0),
};

const size_t pc_wb_n_rows = sizeof pc_wb_rows / sizeof *pc_wb_rows;

/* ---- source types ------------------------------------------------------------------ */

/* ST_SourceType's values and what they read as; the writer's choice per
 * kind is the first row naming it in `writes`, else the broader kind's. */
static const pc_wb_type types[] = {
    {"JournalArticle", PC_KIND_ARTICLE},
    {"ArticleInAPeriodical", PC_KIND_ARTICLE_MAGAZINE},
    {"Book", PC_KIND_BOOK},
    {"BookSection", PC_KIND_CHAPTER},
    {"ConferenceProceedings", PC_KIND_CONFERENCE},
    {"Report", PC_KIND_REPORT},
    {"SoundRecording", PC_KIND_SONG},
    {"Performance", PC_KIND_PERFORMANCE},
    {"Art", PC_KIND_GRAPHIC},
    {"DocumentFromInternetSite", PC_KIND_WEBPAGE},
    {"InternetSite", PC_KIND_WEBPAGE},
    {"Film", PC_KIND_MOTION_PICTURE},
    {"Interview", PC_KIND_INTERVIEW},
    {"Patent", PC_KIND_PATENT},
    {"ElectronicSource", PC_KIND_SOFTWARE},
    {"Case", PC_KIND_LEGAL_CASE},
    {"Misc", PC_KIND_OTHER},
    {"Proceedings", PC_KIND_CONFERENCE}, /* bibutils' (not in the schema) */
};

static const struct {
    pc_kind kind;
    const char *type;
    pc_kind reads_as;
} writes[] = {
    {PC_KIND_ARTICLE, "JournalArticle", PC_KIND_ARTICLE},
    {PC_KIND_ARTICLE_MAGAZINE, "ArticleInAPeriodical", PC_KIND_ARTICLE_MAGAZINE},
    {PC_KIND_ARTICLE_NEWSPAPER, "ArticleInAPeriodical", PC_KIND_ARTICLE_MAGAZINE},
    {PC_KIND_PERIODICAL, "ArticleInAPeriodical", PC_KIND_ARTICLE_MAGAZINE},
    {PC_KIND_BOOK, "Book", PC_KIND_BOOK},
    {PC_KIND_CHAPTER, "BookSection", PC_KIND_CHAPTER},
    {PC_KIND_CONFERENCE, "ConferenceProceedings", PC_KIND_CONFERENCE},
    {PC_KIND_REPORT, "Report", PC_KIND_REPORT},
    {PC_KIND_THESIS, "Report", PC_KIND_THESIS}, /* with its ThesisType */
    {PC_KIND_SONG, "SoundRecording", PC_KIND_SONG},
    {PC_KIND_PERFORMANCE, "Performance", PC_KIND_PERFORMANCE},
    {PC_KIND_SPEECH, "Performance", PC_KIND_PERFORMANCE},
    {PC_KIND_GRAPHIC, "Art", PC_KIND_GRAPHIC},
    {PC_KIND_FIGURE, "Art", PC_KIND_GRAPHIC},
    {PC_KIND_MAP, "Art", PC_KIND_GRAPHIC},
    {PC_KIND_WEBPAGE, "InternetSite", PC_KIND_WEBPAGE},
    {PC_KIND_POST, "DocumentFromInternetSite", PC_KIND_WEBPAGE},
    {PC_KIND_MOTION_PICTURE, "Film", PC_KIND_MOTION_PICTURE},
    {PC_KIND_BROADCAST, "Film", PC_KIND_MOTION_PICTURE},
    {PC_KIND_INTERVIEW, "Interview", PC_KIND_INTERVIEW},
    {PC_KIND_PATENT, "Patent", PC_KIND_PATENT},
    {PC_KIND_SOFTWARE, "ElectronicSource", PC_KIND_SOFTWARE},
    {PC_KIND_DATASET, "ElectronicSource", PC_KIND_SOFTWARE},
    {PC_KIND_LEGAL_CASE, "Case", PC_KIND_LEGAL_CASE},
    {PC_KIND_LEGISLATION, "Case", PC_KIND_LEGAL_CASE},
    {PC_KIND_BILL, "Case", PC_KIND_LEGAL_CASE},
    {PC_KIND_REGULATION, "Case", PC_KIND_LEGAL_CASE},
    {PC_KIND_TREATY, "Case", PC_KIND_LEGAL_CASE},
    {PC_KIND_HEARING, "Case", PC_KIND_LEGAL_CASE},
    {PC_KIND_OTHER, "Misc", PC_KIND_OTHER},
};

const pc_wb_type *pc_wb_type_find(const char *name)
{
    for (size_t i = 0; i < sizeof types / sizeof *types; i++)
        if (!pc_strcasecmp(types[i].name, name))
            return &types[i];
    return NULL;
}

const char *pc_wb_type_of_kind(pc_kind k, pc_kind *reads_as)
{
    if ((unsigned)k >= PC_KIND_COUNT || k == PC_KIND_NONE)
        k = PC_KIND_PREPRINT;
    for (;;) {
        for (size_t i = 0; i < sizeof writes / sizeof *writes; i++)
            if (writes[i].kind == k) {
                *reads_as = writes[i].reads_as;
                return writes[i].type;
            }
        pc_kind b = pc_kind_broader(k);
        if (b == k) {
            *reads_as = PC_KIND_OTHER;
            return "Misc";
        }
        k = b;
    }
}

/* A ThesisType that names a thesis. */
bool pc_wb_thesis_type(const char *s)
{
    static const char *const words[] = {"thesis", "dissertation", "ph.d", "phd", "doctor", "master",
                                        "habilitation", "diplom", "licentiate"};
    pc_buf low = PC_BUF_INIT;
    for (; s && *s; s++)
        pc_buf_putc(&low, (char)pc_to_lower((unsigned char)*s));
    bool hit = false;
    for (size_t i = 0; low.len && !hit && i < sizeof words / sizeof *words; i++)
        hit = strstr(low.ptr, words[i]) != NULL;
    pc_buf_free(&low);
    return hit;
}

/* ---- LCIDs ----------------------------------------------------------------------------- */

static const struct {
    int lcid;
    const char *tag;
} lcids[] = {
    {1025, "ar-SA"}, {1028, "zh-TW"}, {1029, "cs-CZ"}, {1030, "da-DK"}, {1031, "de-DE"}, {1032, "el-GR"},
    {1033, "en-US"}, {1035, "fi-FI"}, {1036, "fr-FR"}, {1037, "he-IL"}, {1038, "hu-HU"}, {1040, "it-IT"},
    {1041, "ja-JP"}, {1042, "ko-KR"}, {1043, "nl-NL"}, {1044, "nb-NO"}, {1045, "pl-PL"}, {1046, "pt-BR"},
    {1049, "ru-RU"}, {1053, "sv-SE"}, {1055, "tr-TR"}, {1058, "uk-UA"}, {1081, "hi-IN"}, {2052, "zh-CN"},
    {2055, "de-CH"}, {2057, "en-GB"}, {2058, "es-MX"}, {2067, "nl-BE"}, {2070, "pt-PT"}, {3079, "de-AT"},
    {3081, "en-AU"}, {3082, "es-ES"}, {3084, "fr-CA"}, {4105, "en-CA"},
};

const char *pc_wb_lcid_tag(int lcid)
{
    for (size_t i = 0; i < sizeof lcids / sizeof *lcids; i++)
        if (lcids[i].lcid == lcid)
            return lcids[i].tag;
    return NULL;
}

int pc_wb_tag_lcid(const char *tag)
{
    for (size_t i = 0; tag && i < sizeof lcids / sizeof *lcids; i++)
        if (!pc_strcasecmp(lcids[i].tag, tag))
            return lcids[i].lcid;
    return 0;
}

/* ---- the format ---------------------------------------------------------------------- */

static const char *const wb_aliases[] = {"msbib", "word", "word-xml", NULL};
static const char *const wb_exts[] = {"xml", NULL};
static const char *const wb_write_exts[] = {NULL}; /* .xml names no writer: -t wordbib */

const pc_format pc_format_wordbib = {
    .name = "wordbib",
    .aliases = wb_aliases,
    .extensions = wb_exts,
    .write_extensions = wb_write_exts,
    .description = "Word 2007+ bibliography XML (b:Sources: Word's Sources.xml, a .docx's customXml part)",
    .sniff = pc_wb_sniff,
    .read_open = pc_wb_read_open,
    .read_next = pc_wb_read_next,
    .read_close = pc_wb_read_close,
    .write_begin = pc_wb_write_begin,
    .write_record = pc_wb_write_record,
    .write_end = pc_wb_write_end,
    .map = pc_wb_rows,
    .map_len = sizeof pc_wb_rows / sizeof *pc_wb_rows,
    .chunker = &pc_wb_chunker,
};
