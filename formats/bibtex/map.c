/* SPDX-License-Identifier: MIT */
/* map.c — the tables of the BibTeX and biblatex formats: which field of
 * either dialect holds which model field (pc_map rows), the entry types
 * (and the type each dialect writes for a record: the writer writes it,
 * the reader compares the type it reads with it), biblatex's localisation
 * keys, langid names, editor types and biber's crossref inheritance rules.
 * Tables and lookups only; read.c and write.c apply them.
 *
 * One list of rows (rows.def) makes both dialects' tables: each row says
 * how it goes in classic BibTeX (what plain.bst and the other standard
 * styles read) and in biblatex, as one of the directions READ (a spelling
 * the reader accepts), BOTH (read and written) or WRITE.  Rows are in the
 * order fields are written; among rows that read the same model field, the
 * earlier one wins (`journaltitle` over `journal`, `date` over `year`) and
 * the other value stays in the record as it was written (pass-through).
 * After the list, every field of the model has a row under its own name
 * (from fields.def), so that BibTeX holds what no standard field holds
 * (`collection-editor = {...}`, `archive_location = {...}`) and reads it
 * back.  Rows whose field is PC_F_NONE are read by the code of another
 * row (editortype with editor, eprinttype with eprint, maintitle with the
 * title group). */
#include "bibtex.h"

#include <stdlib.h>

/* ---- kinds the rows depend on ------------------------------------------------- */

#define K_ALL ((((pc_kindset)1 << PC_KIND_COUNT) - 1) & ~(pc_kindset)1)
/* a journal (issue: `number`), or the journal itself */
#define K_ARTICLE                                                                              \
    (PC_KINDS(ARTICLE) | PC_KINDS(ARTICLE_MAGAZINE) | PC_KINDS(ARTICLE_NEWSPAPER) |            \
     PC_KINDS(PERIODICAL) | PC_KINDS(REVIEW) | PC_KINDS(REVIEW_BOOK))
/* a part of a book: its container is `booktitle` */
#define K_INBOOK                                                                               \
    (PC_KINDS(CHAPTER) | PC_KINDS(CONFERENCE) | PC_KINDS(ENTRY) | PC_KINDS(ENTRY_DICTIONARY) | \
     PC_KINDS(ENTRY_ENCYCLOPEDIA))
/* books and their parts: `number` is the number in the series */
#define K_BOOK (PC_KINDS(BOOK) | PC_KINDS(CLASSIC) | PC_KINDS(COLLECTION) | K_INBOOK)
#define K_THESIS PC_KINDS(THESIS)
#define K_REPORT (PC_KINDS(REPORT) | PC_KINDS(STANDARD))
/* what classic BibTeX writes as @misc or @booklet: `howpublished` */
#define K_MISC (K_ALL & ~(K_ARTICLE | K_BOOK | K_THESIS | K_REPORT))

/* ---- the rows ------------------------------------------------------------------------ */

/* The directions of rows.def. */

#define R PC_MAP_READ
#define W PC_MAP_WRITE
#define B PC_MAP_BOTH

/* The rows of rows.def as each table holds them: how is TEXT, SPLIT or
 * SPECIAL(handler). */
#define HOW_TEXT .how = PC_MAP_TEXT
#define HOW_SPLIT .how = PC_MAP_SPLIT
#define HOW_SPECIAL(h) .how = PC_MAP_SPECIAL, .handler = PC_BIB_H_##h
#define ROW(nm, f, how, d, k) {.name = nm, .field = PC_F_##f, HOW_##how, .dir = d, .kinds = k}

/* Every field of the model under its own name, last: how it is written
 * depends on the kind of value only (and pages, on its range's dashes). */
#define FIELD_HOW(id, kind)                                                                    \
    .how = PC_FK_##kind == PC_FK_NAME || PC_FK_##kind == PC_FK_DATE || PC_F_##id == PC_F_PAGE  \
               ? PC_MAP_SPECIAL                                                                \
           : PC_FK_##kind == PC_FK_LIST ? PC_MAP_SPLIT                                         \
                                        : PC_MAP_TEXT,                                         \
    .handler = PC_FK_##kind == PC_FK_NAME   ? PC_BIB_H_NAMES                                   \
               : PC_FK_##kind == PC_FK_DATE ? PC_BIB_H_DATE                                    \
               : PC_F_##id == PC_F_PAGE     ? PC_BIB_H_PAGES                                   \
                                            : PC_BIB_H_NONE
#define FIELD_ROW(id, num, nm, kind, flags) {.name = nm, .field = PC_F_##id, FIELD_HOW(id, kind), .dir = B},

const pc_map_row pc_bib_classic_rows[PC_BIB_N_ROWS] = {
#define BIB_ROW(nm, f, how, c, b, k) ROW(nm, f, how, c, k),
#include "rows.def"
#undef BIB_ROW
#define PC_FIELD FIELD_ROW
#include "paperconv/fields.def"
#undef PC_FIELD
};

const pc_map_row pc_bib_biblatex_rows[PC_BIB_N_ROWS] = {
#define BIB_ROW(nm, f, how, c, b, k) ROW(nm, f, how, b, k),
#include "rows.def"
#undef BIB_ROW
#define PC_FIELD FIELD_ROW
#include "paperconv/fields.def"
#undef PC_FIELD
};

/* The reader's rows: every name of both dialects, in the same order (a row
 * one dialect only writes reads in the other table). */
#define FIELD_READ_ROW(id, num, nm, kind, flags) {.name = nm, .field = PC_F_##id, FIELD_HOW(id, kind), .dir = R},

const pc_map_row pc_bib_read_rows[PC_BIB_N_ROWS] = {
#define BIB_ROW(nm, f, how, c, b, k) ROW(nm, f, how, ((c) | (b)) & R ? R : 0, k),
#include "rows.def"
#undef BIB_ROW
#define PC_FIELD FIELD_READ_ROW
#include "paperconv/fields.def"
#undef PC_FIELD
};

#undef R
#undef W
#undef B

/* ---- entry types --------------------------------------------------------------------- */

enum {
    C = PC_BIB_T_CLASSIC,
    L = PC_BIB_T_BIBLATEX,
    CM = PC_BIB_T_CLASSIC | PC_BIB_T_MAIN_CLASSIC,
    LM = PC_BIB_T_BIBLATEX | PC_BIB_T_MAIN_BIBLATEX,
    A = PC_BIB_T_ALIAS,
};

/* Sorted by name (binary search).  Kinds as pandoc reads them, but where
 * CSL 1.0.2 has a closer type (collection is an archive's, not an edited
 * book: book; software, standard, performance have their own). */
static const pc_bib_type types[] = {
    {"article", PC_KIND_ARTICLE, NULL, CM | LM},
    {"artwork", PC_KIND_GRAPHIC, NULL, LM},
    {"audio", PC_KIND_SONG, NULL, L},
    {"bibnote", PC_KIND_OTHER, NULL, L},
    {"book", PC_KIND_BOOK, NULL, CM | LM},
    {"book_section", PC_KIND_CHAPTER, NULL, 0}, /* Mendeley */
    {"bookinbook", PC_KIND_CHAPTER, NULL, L},
    {"booklet", PC_KIND_PAMPHLET, NULL, CM | LM},
    {"collection", PC_KIND_BOOK, NULL, L},
    {"commentary", PC_KIND_BOOK, NULL, L},
    {"conference", PC_KIND_CONFERENCE, NULL, C | L | A},
    {"customa", PC_KIND_OTHER, NULL, L},
    {"customb", PC_KIND_OTHER, NULL, L},
    {"customc", PC_KIND_OTHER, NULL, L},
    {"customd", PC_KIND_OTHER, NULL, L},
    {"custome", PC_KIND_OTHER, NULL, L},
    {"customf", PC_KIND_OTHER, NULL, L},
    {"data", PC_KIND_DATASET, NULL, 0},
    {"dataset", PC_KIND_DATASET, NULL, LM},
    {"electronic", PC_KIND_WEBPAGE, NULL, L | A},
    {"generic", PC_KIND_NONE, NULL, 0}, /* Mendeley's "Generic": as @misc */
    {"image", PC_KIND_GRAPHIC, NULL, L},
    {"inbook", PC_KIND_CHAPTER, NULL, C | L},
    {"incollection", PC_KIND_CHAPTER, NULL, CM | LM},
    {"inproceedings", PC_KIND_CONFERENCE, NULL, CM | LM},
    {"inreference", PC_KIND_ENTRY_ENCYCLOPEDIA, NULL, LM},
    {"jurisdiction", PC_KIND_LEGAL_CASE, NULL, LM},
    {"legal", PC_KIND_TREATY, NULL, LM},
    {"legislation", PC_KIND_LEGISLATION, NULL, LM},
    {"letter", PC_KIND_PERSONAL_COMMUNICATION, NULL, LM},
    {"letters", PC_KIND_PERSONAL_COMMUNICATION, NULL, 0},
    {"manual", PC_KIND_BOOK, NULL, C | L},
    {"mastersthesis", PC_KIND_THESIS, "Master's thesis", C | L | A},
    {"misc", PC_KIND_NONE, NULL, CM | LM},
    {"movie", PC_KIND_MOTION_PICTURE, NULL, LM},
    {"music", PC_KIND_SONG, NULL, LM},
    {"mvbook", PC_KIND_BOOK, NULL, L},
    {"mvcollection", PC_KIND_BOOK, NULL, L},
    {"mvproceedings", PC_KIND_BOOK, NULL, L},
    {"mvreference", PC_KIND_BOOK, NULL, L},
    {"newsarticle", PC_KIND_ARTICLE_NEWSPAPER, NULL, 0},
    {"online", PC_KIND_WEBPAGE, NULL, LM},
    {"patent", PC_KIND_PATENT, NULL, LM},
    {"performance", PC_KIND_PERFORMANCE, NULL, LM},
    {"periodical", PC_KIND_PERIODICAL, NULL, LM},
    {"phdthesis", PC_KIND_THESIS, "PhD thesis", CM | L | A},
    {"proceedings", PC_KIND_BOOK, NULL, C | L},
    {"reference", PC_KIND_BOOK, NULL, L},
    {"report", PC_KIND_REPORT, NULL, LM},
    {"review", PC_KIND_REVIEW, NULL, LM},
    {"set", PC_KIND_OTHER, NULL, L},
    {"software", PC_KIND_SOFTWARE, NULL, LM},
    {"standard", PC_KIND_STANDARD, NULL, LM},
    {"suppbook", PC_KIND_CHAPTER, NULL, L},
    {"suppcollection", PC_KIND_CHAPTER, NULL, L},
    {"suppperiodical", PC_KIND_ARTICLE, NULL, L},
    {"techreport", PC_KIND_REPORT, NULL, CM | L | A},
    {"thesis", PC_KIND_THESIS, NULL, LM},
    {"unpublished", PC_KIND_MANUSCRIPT, NULL, CM | LM},
    {"video", PC_KIND_MOTION_PICTURE, NULL, L},
    {"web_page", PC_KIND_WEBPAGE, NULL, 0}, /* Mendeley */
    {"www", PC_KIND_WEBPAGE, NULL, L | A},
    {"xdata", PC_KIND_OTHER, NULL, L | PC_BIB_T_SKIP},
};

static int name_cmp(const void *key, const void *elem)
{
    return strcmp(key, *(const char *const *)elem);
}

const pc_bib_type *pc_bib_type_find(const char *name)
{
    return bsearch(name, types, sizeof types / sizeof *types, sizeof *types, name_cmp);
}

/* Levenshtein distance of a and b (b at most 15 bytes, as the type names
 * are), stopping early: more than `max` is max + 1. */
static size_t distance(const char *a, size_t an, const char *b, size_t max)
{
    size_t bn = strlen(b), row[16];
    if (bn >= 16 || (an > bn ? an - bn : bn - an) > max)
        return max + 1;
    for (size_t j = 0; j <= bn; j++)
        row[j] = j;
    for (size_t i = 1; i <= an; i++) {
        size_t diag = row[0], best = row[0] = i;
        for (size_t j = 1; j <= bn; j++) {
            size_t up = row[j];
            size_t v = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < v)
                v = up + 1;
            if (row[j - 1] + 1 < v)
                v = row[j - 1] + 1;
            row[j] = v;
            diag = up;
            best = v < best ? v : best;
        }
        if (best > max)
            return max + 1;
    }
    return row[bn];
}

const pc_bib_type *pc_bib_type_near(const char *name)
{
    size_t n = strlen(name), max = n <= 4 ? 1 : 2, best = max + 1;
    const pc_bib_type *near = NULL;
    for (size_t i = 0; i < sizeof types / sizeof *types; i++) {
        if (!(types[i].flags & (PC_BIB_T_CLASSIC | PC_BIB_T_BIBLATEX)) || (types[i].flags & PC_BIB_T_SKIP))
            continue;
        size_t d = distance(name, n, types[i].name, max);
        if (d < best) { /* the first of equals: the table is sorted */
            best = d;
            near = &types[i];
        }
    }
    return near;
}

const pc_bib_type *pc_bib_type_for(pc_kind k, pc_bib_dialect d)
{
    unsigned main = d == PC_BIB_CLASSIC ? PC_BIB_T_MAIN_CLASSIC : PC_BIB_T_MAIN_BIBLATEX;
    if (k == PC_KIND_NONE)
        k = PC_KIND_PREPRINT;
    for (int step = 0; step < PC_KIND_COUNT; step++) { /* bounded, should kinds.def hold a cycle */
        for (size_t i = 0; i < sizeof types / sizeof *types; i++)
            if (types[i].kind == k && (types[i].flags & main))
                return &types[i];
        pc_kind b = pc_kind_broader(k);
        if (b == k)
            break;
        k = b;
    }
    return pc_bib_type_find("misc");
}

bool pc_bib_kind_in_book(pc_kind k) { return k != PC_KIND_NONE && (K_INBOOK & ((pc_kindset)1 << k)); }

const char *pc_bib_written_type(const pc_record *rec, pc_bib_dialect d)
{
    const pc_extra *kept = pc_record_extra(rec, PC_BIB_FAMILY, PC_BIB_X_TYPE);
    const pc_bib_type *t = kept ? pc_bib_type_find(kept->value) : NULL;
    if (t && (t->flags & (d == PC_BIB_CLASSIC ? PC_BIB_T_CLASSIC : PC_BIB_T_BIBLATEX)))
        return t->name;
    if (kept && !t && *kept->value) /* a type no table knows (@artcle): as the source wrote it */
        return kept->value;
    t = pc_bib_type_for(rec->kind, d);
    if (d == PC_BIB_BIBLATEX)
        return t->name;
    /* classic: no type plain.bst would warn about for a missing field that
     * another type does not need */
    const char *g = pc_record_get(rec, PC_F_GENRE);
    if (t->kind == PC_KIND_THESIS && g && strcmp(g, "Master's thesis") == 0)
        return "mastersthesis";
    bool container = pc_record_has(rec, PC_F_CONTAINER_TITLE);
    /* a chapter of no named book: a part of the book the title names */
    if (strcmp(t->name, "incollection") == 0 && !container)
        return "inbook";
    if ((strcmp(t->name, "article") == 0 || strcmp(t->name, "inproceedings") == 0) && !container)
        return "misc";
    if (strcmp(t->name, "unpublished") == 0 && !pc_record_has(rec, PC_F_NOTE))
        return "misc";
    return t->name;
}

/* ---- biblatex localisation keys (english.lbx) ------------------------------------------------ */

/* The keys a .bib holds in `type`, `pubstate` and `series` instead of
 * text; the first row of a text is the key written back. */
static const struct {
    const char *key, *text;
} keys[] = {
    {"mathesis", "Master's thesis"},
    {"phdthesis", "PhD thesis"},
    {"candthesis", "Candidate thesis"},
    {"techreport", "technical report"},
    {"resreport", "research report"},
    {"software", "computer software"},
    {"datacd", "CD-ROM"},
    {"audiocd", "audio CD"},
    {"patent", "patent"},
    {"patentde", "German patent"},
    {"patenteu", "European patent"},
    {"patentfr", "French patent"},
    {"patentuk", "British patent"},
    {"patentus", "U.S. patent"},
    {"patreq", "patent request"},
    {"patreqde", "German patent request"},
    {"patreqeu", "European patent request"},
    {"patreqfr", "French patent request"},
    {"patrequk", "British patent request"},
    {"patrequs", "U.S. patent request"},
    {"inpreparation", "in preparation"},
    {"submitted", "submitted"},
    {"forthcoming", "forthcoming"},
    {"inpress", "in press"},
    {"prepublished", "pre-published"},
    {"newseries", "new series"},
    {"oldseries", "old series"},
};

const char *pc_bib_key_text(const char *key, size_t n)
{
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        if (strlen(keys[i].key) == n && pc_strncasecmp(keys[i].key, key, n) == 0)
            return keys[i].text;
    return NULL;
}

const char *pc_bib_text_key(const char *text)
{
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        if (strcmp(keys[i].text, text) == 0)
            return keys[i].key;
    return NULL;
}

/* ---- langid <-> language tags (as pandoc's toIETF) ------------------------------------------ */

/* The first row of a tag is the name written back. */
static const struct {
    const char *langid, *tag;
} langs[] = {
    {"english", "en-US"},   {"american", "en-US"},   {"usenglish", "en-US"},
    {"canadian", "en-US"},  {"british", "en-GB"},    {"ukenglish", "en-GB"},
    {"australian", "en-GB"}, {"newzealand", "en-GB"}, {"afrikaans", "af-ZA"},
    {"arabic", "ar"},       {"basque", "eu"},        {"bulgarian", "bg-BG"},
    {"catalan", "ca-AD"},   {"croatian", "hr-HR"},   {"czech", "cs-CZ"},
    {"danish", "da-DK"},    {"dutch", "nl-NL"},      {"estonian", "et-EE"},
    {"finnish", "fi-FI"},   {"french", "fr-FR"},     {"francais", "fr-FR"},
    {"canadien", "fr-CA"},  {"acadian", "fr-CA"},    {"german", "de-DE"},
    {"ngerman", "de-DE"},   {"germanb", "de-DE"},    {"austrian", "de-AT"},
    {"naustrian", "de-AT"}, {"greek", "el-GR"},      {"polutonikogreek", "el-GR"},
    {"hebrew", "he-IL"},    {"hungarian", "hu-HU"},  {"magyar", "hu-HU"},
    {"icelandic", "is-IS"}, {"italian", "it-IT"},    {"japanese", "ja-JP"},
    {"latvian", "lv-LV"},   {"lithuanian", "lt-LT"}, {"mongolian", "mn-MN"},
    {"norsk", "nb-NO"},     {"nynorsk", "nn-NO"},    {"farsi", "fa-IR"},
    {"polish", "pl-PL"},    {"brazilian", "pt-BR"},  {"brazil", "pt-BR"},
    {"portuguese", "pt-PT"}, {"portugues", "pt-PT"}, {"romanian", "ro-RO"},
    {"russian", "ru-RU"},   {"serbian", "sr-RS"},    {"serbianc", "sr-RS"},
    {"slovak", "sk-SK"},    {"slovene", "sl-SL"},    {"spanish", "es-ES"},
    {"swedish", "sv-SE"},   {"thai", "th-TH"},       {"turkish", "tr-TR"},
    {"ukrainian", "uk-UA"}, {"vietnamese", "vi-VN"}, {"latin", "la"},
};

const char *pc_bib_langid_tag(const char *langid, size_t n)
{
    for (size_t i = 0; i < sizeof langs / sizeof *langs; i++)
        if (strlen(langs[i].langid) == n && pc_strncasecmp(langs[i].langid, langid, n) == 0)
            return langs[i].tag;
    return NULL;
}

const char *pc_bib_tag_langid(const char *tag)
{
    for (size_t i = 0; i < sizeof langs / sizeof *langs; i++)
        if (pc_strcasecmp(langs[i].tag, tag) == 0)
            return langs[i].langid;
    return NULL;
}

/* ---- editor types ------------------------------------------------------------------------------- */

/* biblatex's editor types and the CSL role each names (founder,
 * continuator, redactor and reviser have none: those stay editors, the
 * type kept as written).  The first row of a role is written back. */
static const struct {
    const char *type;
    pc_field role;
} editor_types[] = {
    {"editor", PC_F_EDITOR},           {"compiler", PC_F_COMPILER},
    {"director", PC_F_DIRECTOR},       {"organizer", PC_F_ORGANIZER},
    {"collaborator", PC_F_CONTRIBUTOR},
};

pc_field pc_bib_editor_role(const char *type, size_t n)
{
    for (size_t i = 0; i < sizeof editor_types / sizeof *editor_types; i++)
        if (strlen(editor_types[i].type) == n && pc_strncasecmp(editor_types[i].type, type, n) == 0)
            return editor_types[i].role;
    return PC_F_NONE;
}

const char *pc_bib_role_editortype(pc_field role)
{
    for (size_t i = 0; i < sizeof editor_types / sizeof *editor_types; i++)
        if (editor_types[i].role == role)
            return editor_types[i].type;
    return NULL;
}

/* ---- crossref inheritance (biblatex manual, appendix B; biber's defaults) -------------------- */

/* Fields a child never takes from its parent. */
static const char *const not_inherited[] = {
    "crossref", "entryset", "entrysubtype", "execute", "ids",       "label",
    "options",  "presort",  "related",      "relatedoptions",   "relatedstring", "relatedtype",
    "shorthand", "shorthandintro", "sortkey", "xdata", "xref",
};

/* The titles a parent gives under another name, per rule. */
typedef enum title_rule { T_SAME = 0, T_MAIN, T_BOOK, T_JOURNAL } title_rule;

static const struct {
    const char *name;
    const char *as[4]; /* by title_rule: same, main..., book..., journal... (NULL: not inherited) */
} title_fields[] = {
    {"title", {"title", "maintitle", "booktitle", "journaltitle"}},
    {"subtitle", {"subtitle", "mainsubtitle", "booksubtitle", "journalsubtitle"}},
    {"titleaddon", {"titleaddon", "maintitleaddon", "booktitleaddon", NULL}},
    {"shorttitle", {"shorttitle", NULL, NULL, NULL}},
    {"sorttitle", {"sorttitle", NULL, NULL, NULL}},
    {"indextitle", {"indextitle", NULL, NULL, NULL}},
    {"indexsorttitle", {"indexsorttitle", NULL, NULL, NULL}},
};

/* Type pairs with a rule: the parent's type, the children's types. */
static const struct {
    const char *parent;
    const char *children; /* space-separated, with a space at both ends */
    title_rule rule;
    bool bookauthor; /* the parent's author is the child's bookauthor (and author) */
} pairs[] = {
    {"mvbook", " book inbook bookinbook suppbook ", T_MAIN, true},
    {"mvcollection", " collection reference incollection inreference suppcollection ", T_MAIN, false},
    {"mvreference", " collection reference incollection inreference suppcollection ", T_MAIN, false},
    {"mvproceedings", " proceedings inproceedings ", T_MAIN, false},
    {"book", " inbook bookinbook suppbook ", T_BOOK, true},
    {"collection", " incollection inreference suppcollection ", T_BOOK, false},
    {"reference", " incollection inreference suppcollection ", T_BOOK, false},
    {"proceedings", " inproceedings ", T_BOOK, false},
    {"periodical", " article suppperiodical ", T_JOURNAL, false},
};

static bool in_list(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strstr(list, name); p; p = strstr(p + 1, name))
        if (p[-1] == ' ' && p[n] == ' ')
            return true;
    return false;
}

size_t pc_bib_inherit_names(const char *parent, const char *child, const char *name, const char *as[2])
{
    for (size_t i = 0; i < sizeof not_inherited / sizeof *not_inherited; i++)
        if (strcmp(not_inherited[i], name) == 0)
            return 0;
    title_rule rule = T_SAME;
    bool bookauthor = false;
    for (size_t i = 0; parent && i < sizeof pairs / sizeof *pairs; i++)
        if (strcmp(pairs[i].parent, parent) == 0 && in_list(pairs[i].children, child)) {
            rule = pairs[i].rule;
            bookauthor = pairs[i].bookauthor;
            break;
        }
    if (bookauthor && strcmp(name, "author") == 0) {
        as[0] = "bookauthor";
        as[1] = "author";
        return 2;
    }
    as[0] = name;
    for (size_t i = 0; i < sizeof title_fields / sizeof *title_fields; i++)
        if (strcmp(title_fields[i].name, name) == 0)
            as[0] = title_fields[i].as[rule];
    return as[0] != NULL;
}
