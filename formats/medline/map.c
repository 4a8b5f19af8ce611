/* SPDX-License-Identifier: MIT */
/* map.c — the MEDLINE / PubMed format's tables: which tag holds which model
 * field (NLM's "MEDLINE/PubMed Data Element (Field) Descriptions", with the
 * NCBI Bookshelf and ERIC tags written the same way), the publication
 * types, detection, and the format's entry.
 *
 *   TEXT     the value is the field's text (the first wins; a different
 *            later one is kept as a pass-through value of its tag)
 *   LIST     one item a tag (GR funders; OT, MH, KW keywords)
 *   SPECIAL  values.c and write.c: the name blocks (FAU with its AU,
 *            AUID and AD lines; CN; FED/ED; FIR/IR/IRAD), TI and AB (two
 *            are joined), DP, DEP and PHST dates, PG (abbreviated ranges
 *            expanded), LID and AID ("[doi]", "[pii]", a bare e-location),
 *            IS and ISBN, PT (the kind), GN (notes)
 *   EXTRA    a tag of NLM's with no model field (OWN, STAT, the dates of
 *            the record's history, JID, SB, comments and corrections, ...):
 *            kept as a pass-through value, written back by this writer,
 *            counted by every other
 *
 * The rows the writer writes come first, in PubMed's order. */
#include "medline.h"

#include <stdlib.h>

#define K(x) PC_KINDS(x)
#define K_ALL ((((pc_kindset)1 << PC_KIND_COUNT) - 1) & ~(pc_kindset)1)
#define K_CHAPTER (K(CHAPTER) | K(ENTRY) | K(ENTRY_DICTIONARY) | K(ENTRY_ENCYCLOPEDIA))
#define K_BOOK (K(BOOK) | K(CLASSIC) | K(COLLECTION) | K(PERIODICAL) | K(PAMPHLET))

/* how: TEXT, LIST, SPLIT or SPECIAL(handler), the handler one of the
 * format header's PC_MD_H_* */
#define HOW_TEXT .how = PC_MAP_TEXT
#define HOW_LIST .how = PC_MAP_LIST
#define HOW_SPLIT .how = PC_MAP_SPLIT
#define HOW_SPECIAL(h) .how = PC_MAP_SPECIAL, .handler = PC_MD_H_##h
#define ROW(tag, f, how, d, k) {.name = tag, .field = PC_F_##f, HOW_##how, .dir = PC_MAP_##d, .kinds = k}
#define KEEP(tag) {.name = tag, .field = PC_F_NONE, .how = PC_MAP_EXTRA, .dir = PC_MAP_READ, .kinds = 0}

const pc_map_row pc_medline_rows[] = {
    ROW("PMID", PMID, TEXT, BOTH, 0),
    ROW("IS", ISSN, SPECIAL(SERIAL), BOTH, 0),  /* "0955-2359 (Print)": the qualifier dropped */
    ROW("ISBN", ISBN, SPECIAL(SERIAL), BOTH, 0),
    ROW("VI", VOLUME, TEXT, BOTH, 0),
    ROW("IP", ISSUE, TEXT, BOTH, 0),
    ROW("DP", ISSUED, SPECIAL(ISSUED), BOTH, 0), /* "2019 Mar-Apr", "2020 Winter" */
    ROW("TI", TITLE, SPECIAL(TITLE), BOTH, 0),  /* several TI lines are one title */
    ROW("BTI", CONTAINER_TITLE, TEXT, BOTH, K_CHAPTER), /* the book of a chapter */
    ROW("CTI", COLLECTION_TITLE, TEXT, BOTH, 0),
    ROW("VTI", VOLUME_TITLE, TEXT, BOTH, 0),
    ROW("TT", ORIGINAL_TITLE, TEXT, BOTH, 0),   /* transliterated title */
    ROW("PG", PAGE, SPECIAL(PAGES), BOTH, 0),   /* "454-81" is 454-481 */
    ROW("LID", EID, SPECIAL(ID), BOTH, 0),      /* a bare e-location: "e0123" */
    ROW("AB", ABSTRACT, SPECIAL(ABSTRACT), BOTH, 0),
    ROW("CI", LICENSE, TEXT, BOTH, 0),          /* copyright information */
    ROW("FAU", AUTHOR, SPECIAL(NAMES), BOTH, 0), /* FAU, AU, AUID, AD per author; CN */
    ROW("FED", EDITOR, SPECIAL(NAMES), BOTH, 0), /* FED, ED */
    ROW("FIR", CONTRIBUTOR, SPECIAL(NAMES), BOTH, 0), /* investigators: FIR, IR, IRAD */
    ROW("LA", LANGUAGE, TEXT, BOTH, 0),
    ROW("GR", FUNDER, LIST, BOTH, 0),
    {.name = "PT", .field = PC_F_NONE, HOW_SPECIAL(TYPE), .dir = PC_MAP_BOTH | PC_MAP_ALWAYS, .kinds = 0}, /* the kind */
    ROW("DEP", AVAILABLE_DATE, SPECIAL(DATE), BOTH, 0), /* electronic publication, YYYYMMDD */
    ROW("PL", PUBLISHER_PLACE, TEXT, BOTH, 0),
    ROW("TA", CONTAINER_TITLE_SHORT, TEXT, BOTH, 0),
    ROW("JT", CONTAINER_TITLE, TEXT, BOTH, K_ALL & ~K_CHAPTER),
    ROW("PB", PUBLISHER, TEXT, BOTH, 0),
    ROW("EN", EDITION, TEXT, BOTH, 0),
    ROW("CP", CHAPTER_NUMBER, TEXT, BOTH, 0),
    ROW("OT", KEYWORD, LIST, BOTH, 0),          /* author keywords; MeSH terms (MH) read too */
    ROW("PMC", PMCID, TEXT, BOTH, 0),
    ROW("MID", NIHMSID, TEXT, BOTH, 0),
    ROW("GN", NOTE, SPECIAL(NOTE), BOTH, 0),    /* general note */
    ROW("PHST", SUBMITTED, SPECIAL(HISTORY), BOTH, 0), /* "2019/01/21 00:00 [received]" */
    ROW("AID", DOI, SPECIAL(ID), BOTH, 0),      /* "10.1136/x [doi]" */
    ROW("AID", PII, SPECIAL(ID), BOTH, 0),      /* "S1769-7212(19)30059-X [pii]" */

    /* ---- read only ---- */
    ROW("AU", AUTHOR, SPECIAL(NAMES), READ, 0), /* with its FAU, or alone (before 2002) */
    ROW("CN", AUTHOR, SPECIAL(NAMES), READ, 0), /* a collective name */
    ROW("ED", EDITOR, SPECIAL(NAMES), READ, 0),
    ROW("IR", CONTRIBUTOR, SPECIAL(NAMES), READ, 0),
    ROW("AUID", NONE, SPECIAL(ABOUT_NAME), READ, 0), /* "ORCID: 0000-..." of the name before it */
    ROW("AD", NONE, SPECIAL(ABOUT_NAME), READ, 0), /* an affiliation of the name before it */
    ROW("IRAD", NONE, SPECIAL(ABOUT_NAME), READ, 0),
    ROW("BTI", TITLE, TEXT, READ, K_BOOK),      /* a Bookshelf book's title */
    ROW("ISSN", ISSN, SPECIAL(SERIAL), READ, 0), /* ERIC: "ISSN - EISSN-2375-5636" */
    ROW("MH", KEYWORD, LIST, READ, 0),          /* MeSH terms, "Humans", "*Genome/genetics" */
    ROW("KW", KEYWORD, LIST, READ, 0),          /* KoreaMed */

    /* ---- NLM's fields with no model field ---- */
    KEEP("OWN"), KEEP("STAT"), KEEP("DA"), KEEP("DCOM"), KEEP("LR"), KEEP("CRDT"), KEEP("EDAT"),
    KEEP("MHDA"), KEEP("PST"), KEEP("JID"), KEEP("SB"), KEEP("OTO"), KEEP("PMCR"), KEEP("OID"),
    KEEP("SI"), KEEP("RN"), KEEP("NM"), KEEP("GS"), KEEP("COIS"), KEEP("CON"), KEEP("CIN"),
    KEEP("EIN"), KEEP("EFR"), KEEP("CRI"), KEEP("CRF"), KEEP("ECI"), KEEP("ECF"), KEEP("RPI"),
    KEEP("RPF"), KEEP("RIN"), KEEP("ROF"), KEEP("UIN"), KEEP("UOF"), KEEP("SPIN"), KEEP("ORI"),
    KEEP("PRIN"), KEEP("PROF"), KEEP("RRI"), KEEP("RRF"), KEEP("NR"), KEEP("RF"), KEEP("OAB"),
    KEEP("OABL"), KEEP("OCI"), KEEP("PS"), KEEP("FPS"), KEEP("PSID"), KEEP("DRDT"), KEEP("CTDT"),
    KEEP("CDAT"), KEEP("SFM"), KEEP("PUBM"), KEEP("SO"),
};

const size_t pc_medline_n_rows = sizeof pc_medline_rows / sizeof *pc_medline_rows;

#undef ROW
#undef KEEP

/* ---- publication types ---------------------------------------------------------- */

#define W(name, kind) {name, PC_KIND_##kind, true, false}
#define R(name, kind) {name, PC_KIND_##kind, false, false}

/* The PT values that tell the kind (NLM's Publication Types, and what
 * NCBI Bookshelf, ERIC and bibutils write).  The first that a record has
 * decides; the rest (Review, Letter, Research Support, ...) are kept as
 * they are. */
static const pc_medline_type types[] = {
    W("Journal Article", ARTICLE),       W("Newspaper Article", ARTICLE_NEWSPAPER),
    W("Preprint", PREPRINT),             W("Book", BOOK),
    W("Book Chapter", CHAPTER),          W("Technical Report", REPORT),
    W("Academic Dissertation", THESIS),  W("Congress", CONFERENCE),
    W("Legal Case", LEGAL_CASE),         W("Legislation", LEGISLATION),
    W("Video-Audio Media", MOTION_PICTURE), W("Dataset", DATASET),
    R("Chapter", CHAPTER),               R("Dissertation", THESIS),
    R("Dissertations/Theses - Doctoral Dissertations", THESIS),
    R("Clinical Conference", CONFERENCE), R("Consensus Development Conference", CONFERENCE),
    R("Consensus Development Conference, NIH", CONFERENCE),
    R("Journal Articles", ARTICLE),      /* ERIC */
    {"Reports - Research", PC_KIND_REPORT, false, true},
    {"Reports - Evaluative", PC_KIND_REPORT, false, true},
    {"Reports - Descriptive", PC_KIND_REPORT, false, true},
};

#undef W
#undef R

const pc_medline_type *pc_medline_type_find(const char *name, size_t n)
{
    for (size_t i = 0; i < sizeof types / sizeof *types; i++)
        if (strlen(types[i].name) == n && !pc_strncasecmp(types[i].name, name, n))
            return &types[i];
    return NULL;
}

const pc_medline_type *pc_medline_type_of_kind(pc_kind k)
{
    if ((unsigned)k >= PC_KIND_COUNT || k == PC_KIND_NONE)
        k = PC_KIND_PREPRINT;
    for (;;) {
        for (size_t i = 0; i < sizeof types / sizeof *types && types[i].write; i++)
            if (types[i].kind == k)
                return &types[i];
        pc_kind b = pc_kind_broader(k);
        if (b == k)
            return NULL;
        k = b;
    }
}

/* ---- detection -------------------------------------------------------------------- */

bool pc_medline_tag_line(const char *s, size_t n, pc_tagged_tag *t)
{
    if (n < 3 || !pc_is_upper((unsigned char)s[0]))
        return false;
    size_t i = 1;
    while (i < n && i < 4 && (pc_is_upper((unsigned char)s[i]) || pc_is_digit((unsigned char)s[i])))
        i++;
    size_t len = i;
    if (len < 2)
        return false;
    while (i < n && s[i] == ' ')
        i++;
    if (i >= n || s[i] != '-' || i > 5)
        return false;
    size_t dash = i++;
    if (i < n && s[i] != ' ' && dash != 4)
        return false; /* "HIV-1 ..." is text; "PMID-22664220" (the standard column) a tag */
    t->start = 0;
    t->len = len;
    t->val = i;
    return true;
}

/* What the lines of a sniffed window are. */
typedef struct md_sniff {
    size_t tags;   /* tag lines with the dash at PubMed's column 5 */
    bool pmid;     /* the first is a PMID line (ERIC's "OWN - ERIC", JabRef's "PMC -"/"PMCR-") */
    bool ris;      /* the first is RIS's "TY  - " */
    bool nbib_tag; /* a line of a tag RIS never has: three or four characters, or PT */
    bool strange;  /* a whole line that is neither a tag line nor a continuation */
} md_sniff;

/* One non-blank line [s, s+n) of the window; `first` for the first.
 * False if it is no tag line. */
static bool sniff_line(md_sniff *m, const char *s, size_t n, bool first)
{
    pc_tagged_tag t;
    if (!pc_medline_tag_line(s, n, &t)) {
        m->strange |= s[0] != ' ';
        return false;
    }
    if (first) {
        m->pmid = (t.len == 4 && !memcmp(s, "PMID", 4)) || (n >= 10 && !memcmp(s, "OWN - ERIC", 10)) ||
                  (t.len == 3 && !memcmp(s, "PMC", 3)) || (t.len == 4 && !memcmp(s, "PMCR", 4));
        m->ris = t.len == 2 && !memcmp(s, "TY", 2);
    }
    bool col5 = n > 4 && s[4] == '-';
    m->tags += col5;
    m->nbib_tag |= col5 && (t.len > 2 || !memcmp(s, "PT", 2));
    return true;
}

/* The first line that is not blank is a PMID line (also ERIC's "OWN -
 * ERIC", JabRef's "PMC -"/"PMCR-" records without one), and at least three
 * of the lines are tag lines with the dash at PubMed's column 5 (RIS's
 * "TY  - " has it there too, but no RIS tag is "PMID").  Records without a
 * PMID (as our writer gives them) are nbib more weakly: every line a tag
 * line or a continuation, the first not RIS's TY, and a tag RIS never has
 * (FAU, ISBN, PT). */
static int medline_sniff(const char *head, size_t n)
{
    size_t i = 0;
    md_sniff m = {0};
    bool first = true;
    if (n >= 3 && !memcmp(head, "\xEF\xBB\xBF", 3))
        i = 3;
    while (i < n) {
        size_t e = i;
        while (e < n && head[e] != '\n' && head[e] != '\r')
            e++;
        bool blank = true;
        for (size_t k = i; k < e && blank; k++)
            blank = head[k] == ' ' || head[k] == '\t';
        if (!blank && (e < n || first)) { /* the window's cut last line is not judged */
            if (!sniff_line(&m, head + i, e - i, first) && first)
                return 0;
            first = false;
        }
        i = e + 1;
    }
    if (m.tags < 3)
        return 0;
    if (m.pmid)
        return 80;
    return !m.ris && !m.strange && m.nbib_tag ? 60 : 0;
}

/* ---- the format -------------------------------------------------------------------- */

static const char *const medline_aliases[] = {"medline", "pubmed", NULL};
static const char *const medline_exts[] = {"nbib", "medline", NULL};

const pc_format pc_format_nbib = {.name = "nbib", .aliases = medline_aliases, .extensions = medline_exts, .description = "MEDLINE / PubMed (PMID- , FAU - , ...: PubMed's .nbib export, ERIC, NCBI Bookshelf)", .sniff = medline_sniff, .read_open = pc_medline_read_open, .read_next = pc_medline_read_next, .read_close = pc_medline_read_close, .write_begin = pc_medline_write_begin, .write_record = pc_medline_write_record, .write_end = pc_medline_write_end, .map = pc_medline_rows, .map_len = sizeof pc_medline_rows / sizeof *pc_medline_rows, .chunker = &pc_tagged_blank_chunker};
