/* SPDX-License-Identifier: MIT */
/* map.c — the EndNote tagged format's tables: which `%` tag holds which
 * model field for which kind of work (EndNote's map, and refer's), the
 * `%0` reference types, detection, and the entries of the endnote and refer
 * formats.
 *
 * The facts come from the research notes of issue 23 (EndNote's generic
 * fields and per-type labels, the EndNote X8.2 import filter, bibutils'
 * endtypes.c, Zotero's Refer/BibIX and JabRef's EndNote importer, refer(1)).
 * As in RIS (formats/ris/map.c), one tag means different fields for
 * different kinds: %B is the book of a chapter or a conference paper (the
 * proceedings, where bibutils and JabRef read a booktitle), the series of
 * a book; %E the editor of a chapter, the
 * series editor of a book, the recipient of a letter.  Rows of one tag
 * have disjoint kind sets, and the writer takes the rows of the kind its
 * `%0` line reads back as, so a tag means one field for each kind both
 * ways.
 *
 *   TEXT     the value is the field's text (the first wins; a different
 *            later one is kept as a pass-through value of its tag)
 *   LIST     one item a line (%K keywords, %U URLs)
 *   SPECIAL  values.c and write.c: names (one a line; Wiley's comma
 *            lists; a trailing comma marks an organisation), %+ (the
 *            address of the author before it), dates (%D the year, %8 the
 *            month and day, %7 an article's e-pub date, %[ the access
 *            date), %R (a DOI), %M (an arXiv id, a Web of Science UT or
 *            another accession number), %@ (ISSN, ISBN, or a report's number), %2
 *            (a PMCID), %O (a journal's abbreviation, else a note), %X,
 *            %Z; with no field: %0 (the type) and %F (the citation key)
 *   EXTRA    a tag of EndNote's with no model field: kept as a pass-through
 *            value, written back by this writer, counted by every other
 *
 * Tags no row names are kept as pass-through values too.  The rows the
 * writer writes come first, in the order it writes them. */
#include "endnote.h"

#include <stdlib.h>

/* ---- kinds of work ------------------------------------------------------------ */

#define K(x) PC_KINDS(x)
#define K_ALL ((((pc_kindset)1 << PC_KIND_COUNT) - 1) & ~(pc_kindset)1)
#define K_JOURNAL (K(ARTICLE) | K(REVIEW) | K(REVIEW_BOOK))
#define K_SERIAL (K_JOURNAL | K(ARTICLE_MAGAZINE) | K(ARTICLE_NEWSPAPER))
#define K_BOOK (K(BOOK) | K(CLASSIC) | K(COLLECTION) | K(PERIODICAL) | K(PAMPHLET))
#define K_CHAPTER (K(CHAPTER) | K(ENTRY) | K(ENTRY_DICTIONARY) | K(ENTRY_ENCYCLOPEDIA))
#define K_CONF K(CONFERENCE)
#define K_REPORT (K(REPORT) | K(STANDARD))
#define K_FILM (K(MOTION_PICTURE) | K(BROADCAST))
#define K_LETTER K(PERSONAL_COMMUNICATION)
#define K_SONG K(SONG)
#define K_SOFTWARE K(SOFTWARE)
#define K_DATASET K(DATASET)
#define K_MAP K(MAP)
#define K_CASE K(LEGAL_CASE)
#define K_PATENT K(PATENT)
#define NUMPAGES (K_BOOK | K(THESIS) | K(MANUSCRIPT))

/* The kinds each tag's special rows take; its default row has the rest. */
#define E_OWN (K_BOOK | K_REPORT | K_LETTER | K_SONG)
#define Y_OWN (K_BOOK | K_FILM)
#define SUB_OWN (K_CONF | K_FILM)
#define B_SERIES (K_BOOK | K_REPORT | K_SOFTWARE | K_MAP)
#define B_OWN (K_SERIAL | B_SERIES)
#define N_SERIES (K_BOOK | K_CHAPTER)
#define AMP_OWN (K_CHAPTER | K_JOURNAL)
#define V7_OWN (K_SOFTWARE | K_DATASET)
#define AT_NUMBER (K_REPORT | K_PATENT)

const pc_kindset pc_endnote_numpages_kinds = NUMPAGES;
const pc_kindset pc_endnote_serial_kinds = K_SERIAL;

/* ---- EndNote's tag map -------------------------------------------------------- */

/* how: TEXT, LIST, SPLIT or SPECIAL(handler), the handler one of the
 * format header's PC_EN_H_* */
#define HOW_TEXT .how = PC_MAP_TEXT
#define HOW_LIST .how = PC_MAP_LIST
#define HOW_SPLIT .how = PC_MAP_SPLIT
#define HOW_SPECIAL(h) .how = PC_MAP_SPECIAL, .handler = PC_EN_H_##h
#define ROW(tag, f, how, d, k) {.name = tag, .field = PC_F_##f, HOW_##how, .dir = PC_MAP_##d, .kinds = k}
#define KEEP(tag) {.name = tag, .field = PC_F_NONE, .how = PC_MAP_EXTRA, .dir = PC_MAP_READ, .kinds = 0}

const pc_map_row pc_endnote_rows[] = {
    /* names, one a line ("Family, Given, Suffix"; "Name," an organisation);
     * %A writes the editors of an Edited Book too, and each author's %+ */
    {.name = "%A", .field = PC_F_AUTHOR, HOW_SPECIAL(NAMES), .dir = PC_MAP_BOTH | PC_MAP_ALWAYS, .kinds = 0},
    ROW("%E", COLLECTION_EDITOR, SPECIAL(NAMES), BOTH, K_BOOK | K_REPORT), /* series editor */
    ROW("%E", RECIPIENT, SPECIAL(NAMES), BOTH, K_LETTER),
    ROW("%E", PERFORMER, SPECIAL(NAMES), BOTH, K_SONG),
    ROW("%E", EDITOR, SPECIAL(NAMES), BOTH, K_ALL & ~E_OWN),
    ROW("%Y", EDITOR, SPECIAL(NAMES), BOTH, K_BOOK), /* tertiary author: a book's editor */
    ROW("%Y", PRODUCER, SPECIAL(NAMES), BOTH, K_FILM),
    ROW("%Y", COLLECTION_EDITOR, SPECIAL(NAMES), BOTH, K_ALL & ~Y_OWN),
    ROW("%?", CONTRIBUTOR, SPECIAL(NAMES), BOTH, SUB_OWN), /* subsidiary author */
    ROW("%?", TRANSLATOR, SPECIAL(NAMES), BOTH, K_ALL & ~SUB_OWN),
    ROW("%H", TRANSLATED_AUTHOR, SPECIAL(NAMES), BOTH, 0),

    /* titles */
    ROW("%T", TITLE, TEXT, BOTH, 0),
    ROW("%!", TITLE_SHORT, TEXT, BOTH, 0),
    ROW("%J", CONTAINER_TITLE, TEXT, BOTH, K_SERIAL),
    ROW("%B", COLLECTION_TITLE, TEXT, BOTH, B_SERIES), /* a book's series */
    ROW("%B", CONTAINER_TITLE, TEXT, BOTH, K_ALL & ~B_OWN),
    ROW("%O", CONTAINER_TITLE_SHORT, SPECIAL(TEXT), BOTH, K_SERIAL), /* alternate journal */
    ROW("%S", COLLECTION_TITLE, TEXT, BOTH, K_ALL & ~B_SERIES), /* tertiary title */
    ROW("%Q", TRANSLATED_TITLE, TEXT, BOTH, 0),
    ROW("%(", ORIGINAL_TITLE, TEXT, BOTH, 0),          /* original publication */
    ROW("%*", REVIEWED_TITLE, TEXT, BOTH, 0),

    /* dates: %D the year, %8 the rest */
    ROW("%D", ISSUED, SPECIAL(ISSUED), BOTH, 0),
    ROW("%7", AVAILABLE_DATE, SPECIAL(DATE), BOTH, K_JOURNAL), /* an article's e-pub date */
    ROW("%[", ACCESSED, SPECIAL(DATE), BOTH, 0),

    /* numbers */
    ROW("%V", VOLUME, TEXT, BOTH, 0),
    ROW("%N", COLLECTION_NUMBER, TEXT, BOTH, N_SERIES), /* series volume */
    ROW("%N", ISSUE, TEXT, BOTH, K_ALL & ~N_SERIES),
    ROW("%6", NUMBER_OF_VOLUMES, TEXT, BOTH, 0),
    ROW("%]", NUMBER, TEXT, BOTH, K_SERIAL),            /* custom 7: article number */
    ROW("%&", CHAPTER_NUMBER, TEXT, BOTH, K_CHAPTER),
    ROW("%&", PAGE_FIRST, TEXT, BOTH, K_JOURNAL),       /* "start page" */
    ROW("%&", SECTION, TEXT, BOTH, K_ALL & ~AMP_OWN),
    ROW("%P", NUMBER_OF_PAGES, TEXT, BOTH, NUMPAGES),
    ROW("%P", PAGE, TEXT, BOTH, K_ALL & ~NUMPAGES),
    ROW("%7", VERSION, TEXT, BOTH, V7_OWN),
    ROW("%7", EDITION, TEXT, BOTH, K_ALL & ~(K_JOURNAL | V7_OWN)),

    /* publication */
    ROW("%I", AUTHORITY, TEXT, BOTH, K_CASE),           /* the court */
    ROW("%I", PUBLISHER, TEXT, BOTH, K_ALL & ~K_CASE),
    ROW("%C", EVENT_PLACE, TEXT, BOTH, K_CONF),         /* conference location */
    ROW("%C", PUBLISHER_PLACE, TEXT, BOTH, K_ALL & ~K_CONF),

    /* identifiers */
    ROW("%@", NUMBER, SPECIAL(TEXT), BOTH, AT_NUMBER),  /* report or patent number */
    ROW("%@", ISSN, SPECIAL(TEXT), BOTH, K_SERIAL),
    ROW("%@", ISBN, SPECIAL(TEXT), BOTH, K_ALL & ~(K_SERIAL | AT_NUMBER)),
    ROW("%R", DOI, SPECIAL(TEXT), BOTH, 0),
    ROW("%M", ARXIV_ID, SPECIAL(TEXT), BOTH, 0),        /* accession number "arXiv:ID vN [class]" */
    ROW("%M", WOS_UT, SPECIAL(TEXT), BOTH, 0),          /* "WOS:..." */
    ROW("%M", ARCHIVE_LOCATION, SPECIAL(TEXT), BOTH, 0), /* any other accession number */
    ROW("%2", PMCID, SPECIAL(TEXT), BOTH, 0),           /* custom 2 */
    ROW("%$", NIHMSID, TEXT, BOTH, K_SERIAL),           /* custom 6 */
    ROW("%L", CALL_NUMBER, TEXT, BOTH, 0),
    ROW("%~", ARCHIVE, TEXT, BOTH, 0),                  /* name of database (RIS DB) */
    ROW("%W", SOURCE, TEXT, BOTH, 0),                   /* database provider (RIS DP) */

    /* about the work */
    ROW("%G", LANGUAGE, TEXT, BOTH, 0),
    ROW("%9", GENRE, TEXT, BOTH, 0),                    /* type of work */
    ROW("%U", URL, LIST, BOTH, 0),
    ROW("%K", KEYWORD, LIST, BOTH, 0),
    ROW("%X", ABSTRACT, SPECIAL(TEXT), BOTH, 0),
    ROW("%Z", NOTE, SPECIAL(TEXT), BOTH, 0),
    ROW("%Z", JOURNAL_REF, SPECIAL(TEXT), WRITE, 0),    /* "%Z Journal reference: ..." */
    ROW("%<", ANNOTE, TEXT, BOTH, 0),                   /* research notes */

    /* ---- read only ---- */
    ROW("%0", NONE, SPECIAL(TYPE), READ, 0),            /* the type (read.c) */
    ROW("%F", NONE, SPECIAL(KEY), READ, 0),             /* label: the citation key */
    ROW("%+", NONE, SPECIAL(ADDRESS), READ, 0),         /* the address of the author before it */
    ROW("%8", ISSUED, SPECIAL(ISSUED), READ, 0),        /* with %D */
    ROW("%O", NOTE, SPECIAL(TEXT), READ, K_ALL & ~K_SERIAL), /* what bibutils and Zotero write there */

    /* ---- EndNote's fields with no model field ---- */
    KEEP("%1"), KEEP("%3"), KEEP("%4"), KEEP("%#"), KEEP("%$"), KEEP("%)"), KEEP("%^"),
    KEEP("%>"), KEEP("%="),
};

const size_t pc_endnote_n_rows = sizeof pc_endnote_rows / sizeof *pc_endnote_rows;

/* ---- refer's tag map ---------------------------------------------------------- */

/* refer(1) (no %0 line): the kind is told by the tags (values.c:
 * pc_refer_kind), so the rows hold for every kind except where a journal
 * and a book differ; %R is a report's number (a DOI when it has the
 * shape), %Q an organisation as author, %L the label; %O, %H (header
 * commentary), %Y (contents), %Z and %M (memorandum) are notes. */
const pc_map_row pc_refer_rows[] = {
    {.name = "%A", .field = PC_F_AUTHOR, HOW_SPECIAL(NAMES), .dir = PC_MAP_BOTH | PC_MAP_ALWAYS, .kinds = 0},
    ROW("%E", EDITOR, SPECIAL(NAMES), BOTH, 0),
    ROW("%T", TITLE, TEXT, BOTH, 0),
    ROW("%J", CONTAINER_TITLE, TEXT, BOTH, K_SERIAL),
    ROW("%B", CONTAINER_TITLE, TEXT, BOTH, K_ALL & ~K_SERIAL),
    ROW("%S", COLLECTION_TITLE, TEXT, BOTH, 0),
    ROW("%D", ISSUED, SPECIAL(ISSUED), BOTH, 0),
    ROW("%V", VOLUME, TEXT, BOTH, 0),
    ROW("%N", ISSUE, TEXT, BOTH, 0),
    ROW("%P", PAGE, TEXT, BOTH, 0),
    ROW("%I", PUBLISHER, TEXT, BOTH, 0),
    ROW("%C", PUBLISHER_PLACE, TEXT, BOTH, 0),
    ROW("%R", DOI, SPECIAL(TEXT), BOTH, 0),
    ROW("%R", NUMBER, SPECIAL(TEXT), BOTH, 0),
    ROW("%U", URL, LIST, BOTH, 0),
    ROW("%K", KEYWORD, LIST, BOTH, 0),
    ROW("%X", ABSTRACT, SPECIAL(TEXT), BOTH, 0),
    ROW("%O", NOTE, SPECIAL(TEXT), BOTH, 0),
    ROW("%O", JOURNAL_REF, SPECIAL(TEXT), WRITE, 0),
    /* read only */
    ROW("%Q", AUTHOR, SPECIAL(NAMES), READ, 0), /* an organisation (written as %A "Name,") */
    ROW("%L", NONE, SPECIAL(KEY), READ, 0), /* the label: the citation key */
    ROW("%8", ISSUED, SPECIAL(ISSUED), READ, 0),
    ROW("%H", NOTE, SPECIAL(TEXT), READ, 0),
    ROW("%Y", NOTE, SPECIAL(TEXT), READ, 0),
    ROW("%Z", NOTE, SPECIAL(TEXT), READ, 0),
    ROW("%M", NOTE, SPECIAL(TEXT), READ, 0),
    KEEP("%F"), KEEP("%G"),
};

const size_t pc_refer_n_rows = sizeof pc_refer_rows / sizeof *pc_refer_rows;

#undef ROW
#undef KEEP

/* ---- types ------------------------------------------------------------------------ */

#define W(name, kind) {name, PC_KIND_##kind, true, false}
#define R(name, kind) {name, PC_KIND_##kind, false, false}

/* EndNote's reference types (X9 to 21), compared case-insensitively.  The
 * first W row of a kind is the name the writer gives it; a kind with none
 * is written as its broader kind (kinds.def), ending at Generic. */
static const pc_endnote_type types[] = {
    W("Journal Article", ARTICLE),         W("Magazine Article", ARTICLE_MAGAZINE),
    W("Newspaper Article", ARTICLE_NEWSPAPER), W("Book", BOOK),
    W("Classical Work", CLASSIC),          W("Serial", PERIODICAL),
    W("Pamphlet", PAMPHLET),               W("Book Section", CHAPTER),
    W("Dictionary", ENTRY_DICTIONARY),     W("Encyclopedia", ENTRY_ENCYCLOPEDIA),
    W("Conference Paper", CONFERENCE),     W("Thesis", THESIS),
    W("Report", REPORT),                   W("Standard", STANDARD),
    W("Patent", PATENT),                   W("Web Page", WEBPAGE),
    W("Blog", POST_WEBLOG),                W("Dataset", DATASET),
    W("Computer Program", SOFTWARE),       W("Manuscript", MANUSCRIPT),
    W("Unpublished Work", PREPRINT),       W("Personal Communication", PERSONAL_COMMUNICATION),
    W("Film or Broadcast", MOTION_PICTURE), W("Music", SONG),
    W("Artwork", GRAPHIC),                 W("Figure", FIGURE),
    W("Map", MAP),                         W("Bill", BILL),
    W("Hearing", HEARING),                 W("Case", LEGAL_CASE),
    W("Statute", LEGISLATION),             W("Legal Rule or Regulation", REGULATION),
    W("Generic", OTHER),
    /* read only: other names of these kinds */
    {"Edited Book", PC_KIND_BOOK, false, true},
    R("Electronic Article", ARTICLE),      R("Electronic Book", BOOK),
    R("Electronic Book Section", CHAPTER), R("Ancient Text", CLASSIC),
    R("Conference Proceedings", CONFERENCE), R("Conference Proceeding", CONFERENCE),
    R("Grant", REPORT),                    R("Government Document", REPORT),
    R("Electronic Source", WEBPAGE),       R("Online Database", WEBPAGE),
    R("Online Multimedia", WEBPAGE),       R("Aggregated Database", DATASET),
    R("Audiovisual Material", MOTION_PICTURE), R("Chart or Table", FIGURE),
    R("Equation", FIGURE),                 R("Catalog", BOOK),
    R("Legal Rule/Regulation", REGULATION), R("Interview", INTERVIEW),
    R("Television Episode", BROADCAST),    R("Podcast", BROADCAST),
    R("Press Release", ARTICLE_NEWSPAPER), R("Social Media", POST),
    R("Discussion Forum", POST),           R("Multimedia Application", SOFTWARE),
};

#undef W
#undef R

/* Names read by their start, as JabRef reads them ("%0 Journal"). */
static const pc_endnote_type prefixes[] = {
    {"Journal", PC_KIND_ARTICLE, false, false},
    {"Conference", PC_KIND_CONFERENCE, false, false},
    {"Review", PC_KIND_REVIEW, false, false},
};

const pc_endnote_type *pc_endnote_type_find(const char *name, size_t n)
{
    for (size_t i = 0; i < sizeof types / sizeof *types; i++)
        if (strlen(types[i].name) == n && !pc_strncasecmp(types[i].name, name, n))
            return &types[i];
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++) {
        size_t k = strlen(prefixes[i].name);
        if (n >= k && !pc_strncasecmp(prefixes[i].name, name, k))
            return &prefixes[i];
    }
    return NULL;
}

const pc_endnote_type *pc_endnote_edited_book(void)
{
    return pc_endnote_type_find("Edited Book", 11);
}

const pc_endnote_type *pc_endnote_type_of_kind(pc_kind k)
{
    if ((unsigned)k >= PC_KIND_COUNT || k == PC_KIND_NONE)
        k = PC_KIND_PREPRINT;
    for (;;) { /* every chain of broader kinds ends at a kind with a type (OTHER: Generic) */
        for (size_t i = 0; i < sizeof types / sizeof *types && types[i].write; i++)
            if (types[i].kind == k)
                return &types[i];
        pc_kind b = pc_kind_broader(k);
        if (b == k)
            return pc_endnote_type_find("Generic", 7);
        k = b;
    }
}

/* ---- the shapes of values both directions agree on ------------------------------ */

bool pc_endnote_is_abbreviation(const char *s, size_t n)
{
    if (!n || n > 60)
        return false;
    size_t words = 1;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == ';' || s[i] == '!' || s[i] == '?' || s[i] == ':')
            return false;
        if (s[i] == ' ') {
            words++;
            if (i > 0 && s[i - 1] == '.' && i + 1 < n && pc_is_lower((unsigned char)s[i + 1]))
                return false; /* ". a": a sentence goes on */
        }
    }
    return words <= 8 && !(n >= 5 && !pc_strncasecmp(s, "Artn ", 5));
}

bool pc_endnote_is_name_list(const char *s, size_t n)
{
    if (n < 2 || s[n - 1] != ',' || pc_name_is_organisation(s, n))
        return false;
    size_t parts = 0;
    for (size_t i = 0; i < n - 1;) {
        size_t e = i;
        while (e < n - 1 && s[e] != ',')
            e++;
        const char *p = s + i;
        size_t pn = e - i;
        pc_trim(&p, &pn);
        if (!pn || !memchr(p, ' ', pn))
            return false; /* each part is "Given Family" */
        parts++;
        i = e + 1;
    }
    return parts >= 2;
}

/* ---- detection ------------------------------------------------------------------------ */

/* The tag character of "%X": a letter, a digit or one of EndNote's
 * punctuation tags. */
static bool tag_char(char c)
{
    return pc_is_alnum((unsigned char)c) || (c && strchr("!@#$^&*()+=?[]~<>", c) != NULL);
}

bool pc_endnote_tag_line(const char *s, size_t n, pc_tagged_tag *t)
{
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++; /* an indented tag is a tag (Zotero, JabRef) */
    if (n - i < 2 || s[i] != '%' || !tag_char(s[i + 1]) || (n - i > 2 && s[i + 2] != ' '))
        return false;
    t->start = i;
    t->len = 2;
    t->val = n - i > 2 ? i + 3 : n;
    return true;
}

/* Scores the first 4 KB: the first line that is not blank must be a tag
 * line, with at least one more tag line before any BibTeX entry line
 * ("@word{"); a %0 line makes it EndNote, else refer.  Returns 0, or
 * the score of `want_endnote`'s format. */
static int sniff(const char *head, size_t n, bool want_endnote)
{
    size_t i = 0, tags = 0;
    bool has0 = false;
    char first = 0;
    if (n >= 3 && !memcmp(head, "\xEF\xBB\xBF", 3))
        i = 3;
    while (i < n) {
        size_t e = i;
        while (e < n && head[e] != '\n' && head[e] != '\r')
            e++;
        size_t s = i;
        while (s < e && (head[s] == ' ' || head[s] == '\t'))
            s++;
        pc_tagged_tag t;
        if (pc_endnote_tag_line(head + s, e - s, &t)) {
            if (!tags)
                first = head[s + 1];
            tags++;
            has0 |= head[s + 1] == '0';
        } else if (s < e && !tags) {
            return 0; /* text before the first tag */
        } else if (s < e && head[s] == '@' && tags < 2) {
            return 0; /* BibTeX after a "%A"-like comment */
        }
        i = e + 1;
    }
    if (tags < 2)
        return 0;
    if (want_endnote)
        return first == '0' ? 80 : has0 ? 70 : 0;
    return !has0 && first ? 70 : 0;
}

static int endnote_sniff(const char *head, size_t n) { return sniff(head, n, true); }
static int refer_sniff(const char *head, size_t n) { return sniff(head, n, false); }

/* ---- the formats ------------------------------------------------------------------------ */

static const char *const endnote_aliases[] = {"enw", NULL};
static const char *const endnote_exts[] = {"enw", NULL};
static const char *const refer_aliases[] = {NULL};
static const char *const refer_exts[] = {NULL};

const pc_format pc_format_endnote = {.name = "endnote", .aliases = endnote_aliases, .extensions = endnote_exts, .description = "EndNote tagged (%0 Journal Article, %A, %T, ...: EndNote, Zotero, JabRef, bibutils)", .sniff = endnote_sniff, .read_open = pc_endnote_read_open, .read_next = pc_endnote_read_next, .read_close = pc_endnote_read_close, .write_begin = pc_endnote_write_begin, .write_record = pc_endnote_write_record, .write_end = pc_endnote_write_end, .map = pc_endnote_rows, .map_len = sizeof pc_endnote_rows / sizeof *pc_endnote_rows, .chunker = &pc_tagged_blank_chunker};

const pc_format pc_format_refer = {.name = "refer", .aliases = refer_aliases, .extensions = refer_exts, .description = "refer(1) database (%A, %T, %J, ... without %0; read also by the endnote reader)", .sniff = refer_sniff, .read_open = pc_endnote_read_open, .read_next = pc_endnote_read_next, .read_close = pc_endnote_read_close, .write_begin = pc_refer_write_begin, .write_record = pc_endnote_write_record, .write_end = pc_endnote_write_end, .map = pc_refer_rows, .map_len = sizeof pc_refer_rows / sizeof *pc_refer_rows, .chunker = &pc_tagged_blank_chunker};
