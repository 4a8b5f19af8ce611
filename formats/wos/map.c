/* SPDX-License-Identifier: MIT */
/* map.c — the Web of Science tagged format's tables: which tag holds which
 * model field (Clarivate's "Web of Science Core Collection Field Tags",
 * with the BIOSIS, CABI and Inspec tags its other databases write), the
 * types (PT with DT), detection, and the format's entry.
 *
 *   TEXT     the value is the field's text (the first wins; a different
 *            later one is kept as a pass-through value of its tag)
 *   SPLIT    one value holds a list, ";" between the items (DE and ID
 *            keywords, WC and SC categories, FU funders)
 *   SPECIAL  values.c and write.c: PT (with DT: the kind), the names (AU
 *            and AF one a line, AF over AU; CA group authors; BE editors;
 *            BF a chapter's book authors), C1 ("[Smith, J; Doe, A] Univ X":
 *            each author's affiliation), OI ("Smith, John/0000-...": each
 *            author's ORCID), PY with PD (the issued date), CY and EA
 *            (dates), BP/EP/PS (pages), DI, SN/EI (ISSNs), J9 (the short
 *            title when there is no JI), UT ("WOS:...": the accession
 *            number; "MEDLINE:..." the PMID)
 *   EXTRA    a tag with no model field (CR cited references, TC times
 *            cited, RP, EM, RI, ...): kept as a pass-through value, written
 *            back by this writer, counted by every other
 *
 * The rows the writer writes come first, in the order it writes them. */
#include "wos.h"

#include <stdlib.h>

#define K(x) PC_KINDS(x)
#define K_CHAPTER (K(CHAPTER) | K(ENTRY) | K(ENTRY_DICTIONARY) | K(ENTRY_ENCYCLOPEDIA))
#define K_SERIAL (K(ARTICLE) | K(REVIEW) | K(REVIEW_BOOK) | K(ARTICLE_MAGAZINE) | K(ARTICLE_NEWSPAPER))

/* how: TEXT, LIST, SPLIT or SPECIAL(handler), the handler one of the
 * format header's PC_WOS_H_* */
#define HOW_TEXT .how = PC_MAP_TEXT
#define HOW_LIST .how = PC_MAP_LIST
#define HOW_SPLIT .how = PC_MAP_SPLIT
#define HOW_SPECIAL(h) .how = PC_MAP_SPECIAL, .handler = PC_WOS_H_##h
#define ROW(tag, f, how, d, k) {.name = tag, .field = PC_F_##f, HOW_##how, .dir = PC_MAP_##d, .kinds = k}
#define KEEP(tag) {.name = tag, .field = PC_F_NONE, .how = PC_MAP_EXTRA, .dir = PC_MAP_READ, .kinds = 0}

const pc_map_row pc_wos_rows[] = {
    {.name = "PT", .field = PC_F_NONE, HOW_SPECIAL(TYPE), .dir = PC_MAP_BOTH | PC_MAP_ALWAYS, .kinds = 0}, /* PT and DT */
    ROW("AU", AUTHOR, SPECIAL(SHORT_NAMES), BOTH, 0), /* AU, AF, CA, C1 and OI */
    ROW("BE", EDITOR, SPECIAL(EDITORS), BOTH, 0),
    ROW("BF", CONTAINER_AUTHOR, SPECIAL(NAMES), BOTH, K_CHAPTER), /* the book's authors */
    ROW("TI", TITLE, TEXT, BOTH, 0),
    ROW("SO", CONTAINER_TITLE, TEXT, BOTH, 0),
    ROW("SE", COLLECTION_TITLE, TEXT, BOTH, 0),
    ROW("LA", LANGUAGE, TEXT, BOTH, 0),
    ROW("CT", EVENT_TITLE, TEXT, BOTH, 0),
    ROW("CY", EVENT_DATE, SPECIAL(DATE), BOTH, 0), /* "JUN 12-15, 2018" */
    ROW("CL", EVENT_PLACE, TEXT, BOTH, 0),
    ROW("DE", KEYWORD, SPLIT, BOTH, 0),         /* author keywords */
    ROW("AB", ABSTRACT, SPECIAL(ABSTRACT), BOTH, 0),
    ROW("FU", FUNDER, SPLIT, BOTH, 0),
    ROW("PU", PUBLISHER, TEXT, BOTH, 0),
    ROW("PI", PUBLISHER_PLACE, TEXT, BOTH, 0),
    ROW("SN", ISSN, SPECIAL(SERIAL), BOTH, 0),  /* EI the second */
    ROW("BN", ISBN, TEXT, BOTH, 0),
    ROW("JI", CONTAINER_TITLE_SHORT, TEXT, BOTH, 0),
    ROW("PY", ISSUED, SPECIAL(YEAR), BOTH, 0),  /* PY the year, PD the rest */
    ROW("VL", VOLUME, TEXT, BOTH, 0),
    ROW("IS", ISSUE, TEXT, BOTH, 0),
    ROW("PN", PART, TEXT, BOTH, 0),
    ROW("SU", SUPPLEMENT, TEXT, BOTH, 0),
    ROW("BP", PAGE, SPECIAL(PAGES), BOTH, 0),   /* BP-EP */
    ROW("AR", NUMBER, TEXT, BOTH, K_SERIAL),    /* an article's number */
    ROW("DI", DOI, SPECIAL(DOI), BOTH, 0),
    ROW("PG", NUMBER_OF_PAGES, TEXT, BOTH, 0),
    ROW("EA", AVAILABLE_DATE, SPECIAL(DATE), BOTH, 0), /* early access */
    ROW("WC", CATEGORIES, SPLIT, BOTH, 0),
    ROW("PM", PMID, TEXT, BOTH, 0),
    ROW("UT", WOS_UT, SPECIAL(UT), BOTH, 0),    /* "WOS:000286597100004" */
    ROW("UT", ARCHIVE_LOCATION, SPECIAL(UT), BOTH, 0), /* "INSPEC:8863438", "CABI:..." */

    /* ---- read only ---- */
    ROW("AF", AUTHOR, SPECIAL(NAMES), READ, 0), /* full names, over AU */
    ROW("CA", AUTHOR, SPECIAL(GROUPS), READ, 0), /* group authors, after the persons */
    ROW("DT", NONE, SPECIAL(DT), READ, 0),      /* with PT (read.c) */
    ROW("C1", NONE, SPECIAL(C1), READ, 0),
    ROW("OI", NONE, SPECIAL(OI), READ, 0),
    ROW("ID", KEYWORD, SPLIT, READ, 0),         /* Keywords Plus */
    ROW("SC", CATEGORIES, SPLIT, READ, 0),      /* research areas */
    ROW("EI", ISSN, SPECIAL(SERIAL), READ, 0),
    ROW("J9", CONTAINER_TITLE_SHORT, SPECIAL(J9), READ, 0),
    ROW("PD", ISSUED, SPECIAL(PD), READ, 0),
    ROW("EP", PAGE, SPECIAL(PAGES), READ, 0),
    ROW("PS", PAGE, SPECIAL(PAGES), READ, 0),   /* page span, Inspec and Medline */

    /* ---- Web of Science's fields with no model field ---- */
    KEEP("BA"), KEEP("GP"), KEEP("BS"), KEEP("SP"), KEEP("HO"), KEEP("C3"), KEEP("RP"), KEEP("EM"),
    KEEP("RI"), KEEP("FX"), KEEP("CR"), KEEP("NR"), KEEP("TC"), KEEP("Z9"), KEEP("U1"), KEEP("U2"),
    KEEP("PA"), KEEP("D2"), KEEP("EY"), KEEP("P2"), KEEP("WE"), KEEP("GA"), KEEP("OA"), KEEP("HC"),
    KEEP("HP"), KEEP("DA"), KEEP("SI"), KEEP("MA"), KEEP("AR"),
    /* BIOSIS, CABI, Inspec */
    KEEP("FT"), KEEP("ME"), KEEP("MC"), KEEP("CC"), KEEP("TA"), KEEP("DS"), KEEP("CH"), KEEP("GN"),
    KEEP("SD"), KEEP("GE"), KEEP("TM"), KEEP("MQ"), KEEP("PR"), KEEP("MI"), KEEP("DG"), KEEP("AE"),
    KEEP("PC"), KEEP("PL"), KEEP("BD"), KEEP("OR"), KEEP("CN"), KEEP("AN"), KEEP("CO"), KEEP("PV"),
};

const size_t pc_wos_n_rows = sizeof pc_wos_rows / sizeof *pc_wos_rows;

#undef ROW
#undef KEEP

/* One value a line: names, addresses, cited references, e-mail addresses. */
bool pc_wos_per_line(const char *tag)
{
    static const char tags[][3] = {"AU", "AF", "BA", "BF", "CA", "GP", "BE", "C1", "CR", "EM"};
    if (!tag[0] || !tag[1] || tag[2]) /* every one is two characters */
        return false;
    for (size_t i = 0; i < sizeof tags / sizeof *tags; i++)
        if (tag[0] == tags[i][0] && tag[1] == tags[i][1])
            return true;
    return false;
}

/* ---- types ------------------------------------------------------------------------ */

/* PT: J journal, B book, S book in a series, P patent, C conference (and
 * bibutils' words); 0 for another. */
static char pt_letter(const char *pt, size_t n)
{
    static const struct {
        const char *name;
        char letter;
    } pts[] = {{"J", 'J'},       {"B", 'B'},    {"S", 'S'},       {"P", 'P'},      {"C", 'C'},
               {"Journal", 'J'}, {"Book", 'B'}, {"Chapter", 'S'}, {"Unknown", 'J'}};
    for (size_t i = 0; i < sizeof pts / sizeof *pts; i++)
        if (strlen(pts[i].name) == n && !pc_strncasecmp(pts[i].name, pt, n))
            return pts[i].letter;
    return 0;
}

/* Document types that tell a kind (Clarivate's, and those of the other
 * citation indexes: ProQuest's "Dissertation/Thesis", the Preprint and
 * Data Citation Indexes'); the writer gives them to kinds that have no PT
 * of their own. */
static const struct {
    const char *dt;
    pc_kind kind;
} dt_kinds[] = {
    {"Book Review", PC_KIND_REVIEW_BOOK}, {"Data Paper", PC_KIND_DATASET}, {"Data Set", PC_KIND_DATASET},
    {"Report", PC_KIND_REPORT},           {"Dissertation/Thesis", PC_KIND_THESIS},
    {"Preprint", PC_KIND_PREPRINT},       {"Software", PC_KIND_SOFTWARE},
    {"Legal Case", PC_KIND_LEGAL_CASE},   {"Legislation", PC_KIND_LEGISLATION},
};

enum { DT_PROCEEDINGS = 1u << 30, DT_CHAPTER = 1u << 29 }; /* beside dt_kinds' bits */

/* Which of the document types that tell a kind DT's "; "-parted list holds:
 * bit i for dt_kinds[i], and the two above (one pass over the list). */
static unsigned dt_set(const char *dt, size_t n)
{
    unsigned set = 0;
    for (size_t i = 0; i < n;) {
        size_t e = i;
        while (e < n && dt[e] != ';')
            e++;
        const char *p = dt + i;
        size_t pn = e - i;
        pc_trim(&p, &pn);
        for (size_t k = 0; k < sizeof dt_kinds / sizeof *dt_kinds; k++)
            if (strlen(dt_kinds[k].dt) == pn && !pc_strncasecmp(p, dt_kinds[k].dt, pn))
                set |= 1u << k;
        if (pn == 17 && !pc_strncasecmp(p, "Proceedings Paper", pn))
            set |= DT_PROCEEDINGS;
        if (pn == 12 && !pc_strncasecmp(p, "Book Chapter", pn))
            set |= DT_CHAPTER;
        i = e + 1;
    }
    return set;
}

pc_kind pc_wos_kind(const char *pt, size_t ptn, const char *dt, size_t dtn, bool *known)
{
    char c = pt_letter(pt, ptn);
    *known = c != 0;
    if (c == 'P')
        return PC_KIND_PATENT;
    unsigned set = dt_set(dt, dtn);
    if (c == 'C' || (set & DT_PROCEEDINGS))
        return PC_KIND_CONFERENCE;
    for (size_t i = 0; i < sizeof dt_kinds / sizeof *dt_kinds; i++) /* the table's order decides */
        if (set & (1u << i))
            return dt_kinds[i].kind;
    if (c == 'S' || (c == 'B' && (set & DT_CHAPTER)))
        return PC_KIND_CHAPTER;
    return c == 'B' ? PC_KIND_BOOK : PC_KIND_ARTICLE;
}

static const struct {
    pc_kind kind;
    const char *pt, *dt;
} written[] = {
    {PC_KIND_ARTICLE, "J", "Article"},        {PC_KIND_REVIEW, "J", "Review"},
    {PC_KIND_REVIEW_BOOK, "J", "Book Review"}, {PC_KIND_CONFERENCE, "J", "Proceedings Paper"},
    {PC_KIND_CHAPTER, "B", "Book Chapter"},   {PC_KIND_BOOK, "B", "Book"},
    {PC_KIND_PATENT, "P", "Patent"},          {PC_KIND_DATASET, "J", "Data Paper"},
    {PC_KIND_REPORT, "J", "Report"},          {PC_KIND_THESIS, "B", "Dissertation/Thesis"},
    {PC_KIND_PREPRINT, "J", "Preprint"},      {PC_KIND_SOFTWARE, "J", "Software"},
    {PC_KIND_LEGAL_CASE, "J", "Legal Case"},  {PC_KIND_LEGISLATION, "J", "Legislation"},
};

bool pc_wos_type_of_kind(pc_kind k, const char **pt, const char **dt, pc_kind *back)
{
    if ((unsigned)k >= PC_KIND_COUNT || k == PC_KIND_NONE)
        k = PC_KIND_PREPRINT;
    for (;;) {
        for (size_t i = 0; i < sizeof written / sizeof *written; i++)
            if (written[i].kind == k) {
                *pt = written[i].pt, *dt = written[i].dt;
                bool known;
                *back = pc_wos_kind(*pt, strlen(*pt), *dt, strlen(*dt), &known);
                return true;
            }
        pc_kind b = pc_kind_broader(k);
        if (b == k)
            break;
        k = b;
    }
    *pt = "J", *dt = "Article", *back = PC_KIND_ARTICLE;
    return false;
}

/* ---- detection ------------------------------------------------------------------------ */

bool pc_wos_tag_line(const char *s, size_t n, pc_tagged_tag *t)
{
    if (n < 2 || !pc_is_upper((unsigned char)s[0]) ||
        !(pc_is_upper((unsigned char)s[1]) || pc_is_digit((unsigned char)s[1])))
        return false;
    if (n > 2 && s[2] != ' ' && !(n >= 5 && !memcmp(s, "EFFN ", 5)))
        return false; /* "EFFN ...": EF and the next file's FN on one line */
    t->start = 0;
    t->len = 2;
    t->val = n > 2 ? 3 : 2;
    return true;
}

/* The first line that is not blank is "FN ", "VR " or "PT " (bibutils
 * writes no header), there are at least three tag lines and a PT line, and
 * no line has RIS's shape ("TY  - "). */
static int wos_sniff(const char *head, size_t n)
{
    size_t i = 0, tags = 0;
    bool first = true, ok = false, pt = false;
    if (n >= 3 && !memcmp(head, "\xEF\xBB\xBF", 3))
        i = 3;
    while (i < n) {
        size_t e = i;
        while (e < n && head[e] != '\n' && head[e] != '\r')
            e++;
        size_t len = e - i;
        bool blank = true;
        for (size_t k = i; k < e && blank; k++)
            blank = head[k] == ' ' || head[k] == '\t';
        pc_tagged_tag t;
        if (!blank && len >= 5 && head[i + 2] == ' ' && head[i + 3] == ' ' && head[i + 4] == '-')
            return 0; /* RIS */
        if (!blank && pc_wos_tag_line(head + i, len, &t)) {
            if (first)
                ok = len >= 3 && (!memcmp(head + i, "FN ", 3) || !memcmp(head + i, "VR ", 3) ||
                                  !memcmp(head + i, "PT ", 3));
            pt |= len >= 3 && !memcmp(head + i, "PT ", 3);
            tags++;
            first = false;
        } else if (!blank && first) {
            return 0;
        }
        i = e + 1;
    }
    return ok && pt && tags >= 3 ? 80 : 0;
}

/* ---- the format -------------------------------------------------------------------- */

static const char *const wos_aliases[] = {"wos", "webofscience", NULL};
static const char *const wos_exts[] = {"isi", "ciw", NULL};

const pc_format pc_format_isi = {.name = "isi", .aliases = wos_aliases, .extensions = wos_exts, .description = "Web of Science tagged (FN, PT J, AU, AF, TI, ..., ER: savedrecs.txt, .ciw, bibutils' xml2isi)", .sniff = wos_sniff, .read_open = pc_wos_read_open, .read_next = pc_wos_read_next, .read_close = pc_wos_read_close, .write_begin = pc_wos_write_begin, .write_record = pc_wos_write_record, .write_end = pc_wos_write_end, .map = pc_wos_rows, .map_len = sizeof pc_wos_rows / sizeof *pc_wos_rows, .chunker = &pc_wos_chunker};
