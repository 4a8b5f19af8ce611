/* SPDX-License-Identifier: MIT */
/* map.c — the PubMed XML reader's tables: which element of a
 * <PubmedArticle> or <PubmedBookArticle> holds which model field, the
 * publication types, and the format's entry in the format table.
 *
 * The facts: NLM's "MEDLINE/PubMed XML Element Descriptions" and the
 * pubmed_190101 DTD, as the research notes (§4) give them with Zotero's
 * and JabRef's readings.  A row's name is the element's path below the
 * record element as the shared XML reader names it: an attribute that
 * says what an element holds is part of its component
 * ("ELocationID[EIdType=doi]", "ArticleId[IdType=pmc]"); a date's row
 * names the date element (its Year, Month, Day, Season and MedlineDate
 * are read together), a name's the Author element.  A record read from a
 * <MedlineCitationSet> has the same rows (read.c puts "MedlineCitation/"
 * before its paths).  Every row is read only: PubMed XML is not written.
 *
 *   TEXT     the element's text is the field
 *   LIST     one value per element
 *   SPECIAL  read.c: names, dates, the title (its final period), the
 *            abstract (its labelled sections), pages, identifiers, ISSNs,
 *            languages, grants, MeSH headings, notes
 *   EXTRA    kept as a pass-through value (-v counts it) */
#include "pubmed.h"

#define ROW(path, f, h, k) \
    {.name = path, .field = PC_F_##f, .how = PC_MAP_##h, .dir = PC_MAP_READ, .kinds = k, \
     .handler = (PC_MAP_##h == PC_MAP_SPECIAL ? PC_XML_H_SPECIAL : 0)}
#define KEEP(path) {.name = path, .field = PC_F_NONE, .how = PC_MAP_EXTRA, .dir = PC_MAP_READ}
#define MC "MedlineCitation/"
#define AR "MedlineCitation/Article/"
#define BD "BookDocument/"
#define BK "BookDocument/Book/"

const pc_map_row pc_pubmed_rows[] = {
    /* ---- journal articles: MedlineCitation and PubmedData ---- */
    ROW(MC "PMID", PMID, SPECIAL, 0),
    ROW(AR "ArticleTitle", TITLE, SPECIAL, 0),
    ROW(AR "VernacularTitle", ORIGINAL_TITLE, TEXT, 0),
    ROW(AR "AuthorList/Author", AUTHOR, SPECIAL, 0),
    ROW(AR "AuthorList[Type=authors]/Author", AUTHOR, SPECIAL, 0),
    ROW(AR "AuthorList[Type=editors]/Author", EDITOR, SPECIAL, 0),
    ROW(MC "InvestigatorList/Investigator", CONTRIBUTOR, SPECIAL, 0),
    ROW(AR "Journal/Title", CONTAINER_TITLE, TEXT, 0),
    ROW(AR "Journal/ISOAbbreviation", CONTAINER_TITLE_SHORT, TEXT, 0),
    ROW(MC "MedlineJournalInfo/MedlineTA", CONTAINER_TITLE_SHORT, SPECIAL, 0), /* without ISOAbbreviation */
    ROW(AR "Journal/ISSN", ISSN, SPECIAL, 0),
    ROW(MC "MedlineJournalInfo/ISSNLinking", ISSN, SPECIAL, 0),
    ROW(AR "Journal/JournalIssue/Volume", VOLUME, TEXT, 0),
    ROW(AR "Journal/JournalIssue/Issue", ISSUE, TEXT, 0),
    ROW(AR "Journal/JournalIssue/PubDate", ISSUED, SPECIAL, 0),
    ROW(AR "ArticleDate", AVAILABLE_DATE, SPECIAL, 0), /* the electronic publication */
    ROW(AR "Pagination/MedlinePgn", PAGE, SPECIAL, 0),
    ROW(AR "Pagination/StartPage", PAGE, SPECIAL, 0),
    ROW(AR "Pagination/EndPage", PAGE, SPECIAL, 0),
    ROW(AR "ELocationID[EIdType=doi]", DOI, SPECIAL, 0),
    KEEP(AR "ELocationID[EIdType=pii]"),
    ROW(AR "Abstract/AbstractText", ABSTRACT, SPECIAL, 0),
    ROW(AR "Abstract/CopyrightInformation", LICENSE, TEXT, 0),
    ROW(AR "Language", LANGUAGE, SPECIAL, 0),
    ROW(AR "GrantList/Grant", FUNDER, SPECIAL, 0),
    ROW(AR "PublicationTypeList/PublicationType", NONE, SPECIAL, 0), /* the kind; kept */
    ROW(MC "MeshHeadingList/MeshHeading", KEYWORD, SPECIAL, 0), /* MEDLINE MH lines: descriptor, then "/" and each qualifier, "*" before the major ones */
    ROW(MC "KeywordList/Keyword", KEYWORD, LIST, 0),
    ROW(MC "GeneralNote", NOTE, SPECIAL, 0),
    ROW(MC "CoiStatement", NOTE, SPECIAL, 0),
    ROW(MC "CommentsCorrectionsList/CommentsCorrections", NOTE, SPECIAL, 0), /* "ErratumIn: ..." */
    ROW("PubmedData/History/PubMedPubDate[PubStatus=received]", SUBMITTED, SPECIAL, 0),
    ROW("PubmedData/ArticleIdList/ArticleId[IdType=pubmed]", PMID, SPECIAL, 0),
    ROW("PubmedData/ArticleIdList/ArticleId[IdType=doi]", DOI, SPECIAL, 0),
    ROW("PubmedData/ArticleIdList/ArticleId[IdType=pmc]", PMCID, TEXT, 0),
    ROW("PubmedData/ArticleIdList/ArticleId[IdType=url]", URL, LIST, 0),
    KEEP("PubmedData/ArticleIdList/ArticleId[IdType=pii]"),
    KEEP("PubmedData/ArticleIdList/ArticleId[IdType=mid]"), /* NIHMSID */
    KEEP("PubmedData/PublicationStatus"),
    KEEP(MC "OtherAbstract/AbstractText"),

    /* ---- NCBI Bookshelf: BookDocument and PubmedBookData ---- */
    ROW(BD "PMID", PMID, SPECIAL, 0),
    ROW(BD "ArticleTitle", TITLE, SPECIAL, 0), /* a chapter's */
    ROW(BK "BookTitle", TITLE, SPECIAL, PC_KINDS(BOOK)),
    ROW(BK "BookTitle", CONTAINER_TITLE, TEXT, PC_KINDS(CHAPTER)),
    ROW(BD "AuthorList/Author", AUTHOR, SPECIAL, 0),
    ROW(BD "AuthorList[Type=authors]/Author", AUTHOR, SPECIAL, 0),
    ROW(BD "AuthorList[Type=editors]/Author", EDITOR, SPECIAL, 0),
    ROW(BK "AuthorList[Type=authors]/Author", CONTAINER_AUTHOR, SPECIAL, PC_KINDS(CHAPTER)),
    ROW(BK "AuthorList[Type=authors]/Author", AUTHOR, SPECIAL, PC_KINDS(BOOK)),
    ROW(BK "AuthorList[Type=editors]/Author", EDITOR, SPECIAL, 0),
    ROW(BK "Publisher/PublisherName", PUBLISHER, TEXT, 0),
    ROW(BK "Publisher/PublisherLocation", PUBLISHER_PLACE, TEXT, 0),
    ROW(BK "PubDate", ISSUED, SPECIAL, 0),
    ROW(BK "CollectionTitle", COLLECTION_TITLE, TEXT, 0),
    ROW(BK "Volume", VOLUME, TEXT, 0),
    ROW(BK "Edition", EDITION, TEXT, 0),
    ROW(BK "Medium", MEDIUM, TEXT, 0),
    ROW(BK "ReportNumber", NUMBER, TEXT, 0),
    ROW(BK "Isbn", ISBN, SPECIAL, 0),
    ROW(BK "ELocationID[EIdType=doi]", DOI, SPECIAL, 0),
    ROW(BD "ELocationID[EIdType=doi]", DOI, SPECIAL, 0),
    ROW(BD "Pagination/MedlinePgn", PAGE, SPECIAL, 0),
    ROW(BD "Language", LANGUAGE, SPECIAL, 0),
    ROW(BD "PublicationType", NONE, SPECIAL, 0),
    ROW(BD "Abstract/AbstractText", ABSTRACT, SPECIAL, 0),
    ROW(BD "Abstract/CopyrightInformation", LICENSE, TEXT, 0),
    ROW(BD "KeywordList/Keyword", KEYWORD, LIST, 0),
    ROW(BD "GrantList/Grant", FUNDER, SPECIAL, 0),
    ROW(BD "ArticleIdList/ArticleId[IdType=bookaccession]", URL, SPECIAL, 0), /* NBK51812: its Bookshelf page */
    ROW(BD "ArticleIdList/ArticleId[IdType=doi]", DOI, SPECIAL, 0),
    ROW("PubmedBookData/ArticleIdList/ArticleId[IdType=pubmed]", PMID, SPECIAL, 0),
    ROW("PubmedBookData/ArticleIdList/ArticleId[IdType=doi]", DOI, SPECIAL, 0),
    ROW("PubmedBookData/History/PubMedPubDate[PubStatus=received]", SUBMITTED, SPECIAL, 0),
    KEEP("PubmedBookData/PublicationStatus"),
};

const size_t pc_pubmed_n_rows = sizeof pc_pubmed_rows / sizeof *pc_pubmed_rows;

/* ---- publication types (§3.3 of the notes) ----------------------------------------- */

static const struct {
    const char *pt;
    pc_kind kind;
} pubmed_types[] = {
    {"Journal Article", PC_KIND_ARTICLE},
    /* the kinds of journal article: decided (a Letter that is also a
     * Preprint is a letter in a journal) */
    {"Review", PC_KIND_ARTICLE},
    {"Systematic Review", PC_KIND_ARTICLE},
    {"Meta-Analysis", PC_KIND_ARTICLE},
    {"Letter", PC_KIND_ARTICLE},
    {"Editorial", PC_KIND_ARTICLE},
    {"Comment", PC_KIND_ARTICLE},
    {"News", PC_KIND_ARTICLE},
    {"Case Reports", PC_KIND_ARTICLE},
    {"Clinical Trial", PC_KIND_ARTICLE},
    {"Randomized Controlled Trial", PC_KIND_ARTICLE},
    {"Historical Article", PC_KIND_ARTICLE},
    {"Published Erratum", PC_KIND_ARTICLE},
    {"Newspaper Article", PC_KIND_ARTICLE_NEWSPAPER},
    {"Preprint", PC_KIND_PREPRINT},
    {"Book", PC_KIND_BOOK},
    {"Book Chapter", PC_KIND_CHAPTER},
    {"Technical Report", PC_KIND_REPORT},
    {"Dissertation", PC_KIND_THESIS},
    {"Legal Case", PC_KIND_LEGAL_CASE},
    {"Legislation", PC_KIND_LEGISLATION},
    {"Video-Audio Media", PC_KIND_MOTION_PICTURE},
    {"Dataset", PC_KIND_DATASET},
    {"Clinical Conference", PC_KIND_CONFERENCE},
    {"Consensus Development Conference", PC_KIND_CONFERENCE},
    {"Consensus Development Conference, NIH", PC_KIND_CONFERENCE},
    {"Congress", PC_KIND_CONFERENCE},
};

pc_kind pc_pubmed_type(const char *pt)
{
    for (size_t i = 0; i < sizeof pubmed_types / sizeof *pubmed_types; i++)
        if (!pc_strcasecmp(pubmed_types[i].pt, pt))
            return pubmed_types[i].kind;
    return PC_KIND_NONE;
}

/* ---- the format ------------------------------------------------------------------- */

static const char *const pubmed_aliases[] = {"pubmed-xml", "medline-xml", NULL};
static const char *const pubmed_exts[] = {"xml", NULL};

const pc_format pc_format_pubmedxml = {
    .name = "pubmedxml",
    .aliases = pubmed_aliases,
    .extensions = pubmed_exts,
    .description = "PubMed XML (efetch, PubMed's Save as XML, baseline files: PubmedArticleSet)",
    .sniff = pc_pubmed_sniff,
    .read_open = pc_pubmed_read_open,
    .read_next = pc_pubmed_read_next,
    .read_close = pc_pubmed_read_close,
    .map = pc_pubmed_rows,
    .map_len = sizeof pc_pubmed_rows / sizeof *pc_pubmed_rows,
    .chunker = &pc_pubmed_chunker,
};
