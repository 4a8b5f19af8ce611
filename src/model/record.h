/* SPDX-License-Identifier: MIT */
/* record.h — the record model as the library's own code sees it: the
 * structs behind paperconv.h's opaque pc_record (values: pc_text, pc_name,
 * pc_names, pc_date, pc_datevar, pc_listvar, pc_extra; lists: pc_strlist,
 * pc_spanlist), the field table's rows, and the internal record API that
 * readers and writers use directly (no accessor call per field in a hot
 * loop).  Not installed: a program sees only paperconv.h's accessors
 * (src/api/record.c), and these structs may change in any release.
 *
 * Ownership rule: a pc_record owns every string and array it points to.
 * pc_record_clear() frees them all; free functions accept NULL.  Out of
 * memory aborts (pc_xmalloc, util/buf.h), so no call here reports it. */
#ifndef PC_MODEL_RECORD_H
#define PC_MODEL_RECORD_H

#include "paperconv.h"
#include "util/buf.h"

/* One more than the highest field id (ids are dense: 1 .. PC_F_COUNT - 1,
 * which src/model/fields.c checks at compile time). */
enum pc_field_count_ {
    PC_F_COUNT_ = 1
#define PC_FIELD(id, num, name, kind, flags) +1
#include "paperconv/fields.def"
#undef PC_FIELD
};
#define PC_F_COUNT ((int)PC_F_COUNT_)

/* One more than the highest kind id (dense as the fields). */
enum pc_kind_count_ {
    PC_KIND_COUNT_ = 1
#define PC_KIND(id, num, csl, broader) +1
#include "paperconv/kinds.def"
#undef PC_KIND
};
#define PC_KIND_COUNT ((int)PC_KIND_COUNT_)

/* ---- the field table ---------------------------------------------------------- */

typedef struct pc_field_info {
    pc_field id;
    const char *name; /* CSL name (PC_FF_CSL) or ours: "arxiv-id" */
    pc_field_kind kind;
    unsigned flags;
} pc_field_info;

/* The row of f; NULL for PC_F_NONE or out of range. */
const pc_field_info *pc_field_get(pc_field f);

/* ---- values ------------------------------------------------------------------ */

/* A growable list of owned UTF-8 strings.  Past a few items a hash index
 * (set) is kept beside it, so pc_strlist_has and pc_strlist_add_unique
 * take constant time on lists of any length. */
typedef struct pc_strlist {
    char **items;
    size_t n, cap;
    struct pc_strset *set; /* private: the hash index, or NULL */
} pc_strlist;

/* Inline markup over a text field: the bytes [start, end) of the field's
 * text are italic or bold (pc_mark, paperconv.h).  A list is sorted by
 * start, outer spans before the spans they contain, and spans nest properly
 * (src/text/markup.c checks and renders them).  The text itself stays
 * plain: writers without markup use it as it is. */
typedef struct pc_span {
    size_t start, end; /* byte offsets into the field's text */
    pc_mark mark;
} pc_span;

typedef struct pc_spanlist {
    pc_span *items;
    size_t n, cap;
} pc_spanlist;

/* A text or number field's value.  `s` is owned, NFC UTF-8 with LaTeX
 * decoded (math, $...$, kept verbatim), never empty. */
typedef struct pc_text {
    pc_field field;
    bool truncated; /* the source cut it ("…"); the ellipsis is not in s */
    char *s;
    pc_spanlist markup;         /* italic/bold (PC_FF_RICH fields) */
    pc_strlist protected_words; /* words the input braced to keep their case ({LLM}) */
    /* protected_words: one entry per brace group or nocase span, a word
     * or a run of words ({RNA Polymerase II}); a writer finds them in the
     * text with pc_markup_with_nocase (markup.h) */
} pc_text;

/* One person or organisation.  Personal names fill given/particle/family/
 * suffix; organisations ("The ATLAS Collaboration") fill literal only.
 * All strings are owned, NFC UTF-8, and NULL when absent.  flags:
 * PC_NAME_COMMA_SUFFIX, PC_NAME_STATIC_ORDER (paperconv.h). */
typedef struct pc_name {
    char *given;     /* "Jean-Luc", "D. E." */
    char *dparticle; /* CSL dropping-particle: "de" in "Charles de Gaulle" when a
                        style drops it with the given name */
    char *particle;  /* CSL non-dropping-particle: "van der", "de la" (stays with the family) */
    char *family;    /* "Berg" */
    char *suffix;    /* "Jr.", "III" */
    char *literal;   /* organisations: the whole name, never split */
    char *orcid;     /* "0000-0002-1825-0097", without the URL */
    pc_strlist affiliations;
    unsigned flags; /* PC_NAME_* */
} pc_name;

/* The names of one role. */
typedef struct pc_names {
    pc_field role; /* PC_F_AUTHOR, PC_F_EDITOR, ... */
    bool et_al;    /* the list was cut ("et al.", "and others") */
    pc_name *items;
    size_t n, cap;
} pc_names;

/* A date, or a range of two.  0 means unknown for each part.  Years are
 * counted as CSL counts them, with no year 0: -1 is 1 BC, -877 is 877 BC
 * (EDTF, ISO 8601 and biblatex count astronomically, 0000 and -0876:
 * pc_date_parse_edtf and pc_date_iso convert).  A value type: no pointers
 * (a literal date lives in pc_datevar).  flags: PC_DATE_CIRCA, ... */
typedef struct pc_date {
    int year;  /* e.g. 2026; 0 = unknown */
    int month; /* 1..12; 0 = unknown */
    int day;   /* 1..31; 0 = unknown */
    int end_year, end_month, end_day; /* a range's end; end_year 0 = not a range */
    int season;    /* 1 spring, 2 summer, 3 autumn, 4 winter (EDTF 21-24); 0 none */
    unsigned flags; /* PC_DATE_* */
    int end_season; /* the range end's season (EDTF 2012-22/2012-23); 0 none */
} pc_date;

/* A date field's value: parts, or a literal ("in press", "Spring 1999 or
 * so") that no part holds, or both (the literal is how the source wrote it). */
typedef struct pc_datevar {
    pc_field field;
    pc_date date;
    char *literal; /* owned, or NULL */
} pc_datevar;

/* A list field's value. */
typedef struct pc_listvar {
    pc_field field;
    pc_strlist list;
} pc_listvar;

/* A pass-through value: an input field with no model field, kept as the
 * input wrote it so a writer of the same format can write it back; any
 * other writer counts it in -v. */
typedef struct pc_extra {
    const char *format; /* not owned: the reader's format name ("bibtex") */
    char *name;         /* owned: the field or tag as written ("groups", "M1") */
    char *value;        /* owned: the raw value */
} pc_extra;

/* The one record type.  Fields live in small arrays, one per kind of value,
 * in the order they were set; `slot` finds a field's entry in constant time
 * (1 + its index, 0 = absent), so a record holds only what it has. */
struct pc_record {
    pc_kind kind;
    char *key; /* citation key from the input or assigned by the driver */
    pc_text *texts;
    size_t n_texts, cap_texts;
    pc_names *names;
    size_t n_names, cap_names;
    pc_datevar *dates;
    size_t n_dates, cap_dates;
    pc_listvar *lists;
    size_t n_lists, cap_lists;
    pc_extra *extras;
    size_t n_extras, cap_extras;
    unsigned char slot[PC_F_COUNT];
    /* where the record starts in its input, for diagnostics */
    const char *src_file; /* not owned: lives as long as the input */
    unsigned long src_line;
};

void pc_record_init(pc_record *r);
/* pc_record_clear (frees everything r owns and re-initialises it; r itself
 * is not freed) is public: paperconv.h. */

/* -- text and number fields -- */

/* The value of text/number field f, or NULL when absent: pc_record_get,
 * paperconv.h. */
/* The whole entry of f (markup, protected words, truncated), or NULL. */
const pc_text *pc_record_text(const pc_record *r, pc_field f);
pc_text *pc_record_text_mut(pc_record *r, pc_field f);
/* Sets f to a copy of [s, s+n), replacing any value; markup and protected
 * words are reset.  An empty value removes the field and returns NULL. */
pc_text *pc_record_set(pc_record *r, pc_field f, const char *s, size_t n);
/* The same for a NUL-terminated string (NULL removes the field). */
pc_text *pc_record_set_str(pc_record *r, pc_field f, const char *s);
/* Takes ownership of s (malloc'd; freed when empty). */
pc_text *pc_record_take(pc_record *r, pc_field f, char *s);
/* Sets f and moves *markup (which may be NULL) into it: spans outside the
 * text are clipped; *markup is left empty. */
pc_text *pc_record_set_rich(pc_record *r, pc_field f, const char *s, size_t n,
                            pc_spanlist *markup);
/* Appends [s, s+n) to f after `sep` (when f has a value): "a" + "; " + "b". */
pc_text *pc_record_append(pc_record *r, pc_field f, const char *sep, const char *s, size_t n);
/* pc_record_unset and pc_record_has are public (paperconv.h). */

/* -- names -- */

/* The names of `role`, or NULL when there are none. */
const pc_names *pc_record_names(const pc_record *r, pc_field role);
/* The names of `role`, created empty when absent. */
pc_names *pc_record_names_mut(pc_record *r, pc_field role);
/* Appends a zeroed name to `role` and returns it; the record owns it. */
pc_name *pc_record_add_name(pc_record *r, pc_field role);
/* Appends a zeroed name to a list and returns it. */
pc_name *pc_names_add(pc_names *l);
/* Number of authors (PC_F_AUTHOR), 0 when none. */
size_t pc_record_n_authors(const pc_record *r);
/* The i-th author (i < pc_record_n_authors). */
const pc_name *pc_record_author(const pc_record *r, size_t i);
/* Frees what n owns and zeroes it; NULL is allowed. */
void pc_name_clear(pc_name *n);

/* -- dates -- */

/* The date of f, or NULL when f has no date parts (see pc_record_date_literal,
 * paperconv.h). */
const pc_date *pc_record_date(const pc_record *r, pc_field f);
/* Sets f's parts (the literal, if any, stays). A date with no year removes the parts. */
void pc_record_set_date(pc_record *r, pc_field f, const pc_date *d);
/* Sets f's literal (copied; empty removes it). */
void pc_record_set_date_literal(pc_record *r, pc_field f, const char *s, size_t n);

/* -- lists -- */

/* The list of f, or NULL when empty. */
const pc_strlist *pc_record_list(const pc_record *r, pc_field f);
/* Appends [s, s+n) (trimmed) to list f unless empty or already there;
 * returns whether it was added.  Constant time (hashed). */
bool pc_record_list_add(pc_record *r, pc_field f, const char *s, size_t n);

/* -- pass-through -- */

/* Keeps an input field that has no model field (copies name and value;
 * `format` must outlive the record: a format's static name). */
void pc_record_add_extra(pc_record *r, const char *format, const char *name, size_t name_n,
                         const char *value, size_t value_n);
/* The first pass-through value `name` kept under `format` (NULL: any
 * format), or NULL. */
const pc_extra *pc_record_extra(const pc_record *r, const char *format, const char *name);

/* -- conventions every reader shares (one place, not one per reader) -- */

/* Sets the abstract: a final "…" (or, with `dots`, "...") marks it
 * truncated and is removed, with the white space before it; markup as
 * pc_record_set_rich. */
pc_text *pc_record_set_abstract(pc_record *r, const char *s, size_t n, pc_spanlist *markup,
                                bool dots);
/* Sets the DOI from any spelling ("doi:", resolver URLs): the bare DOI; the
 * arXiv DOI (10.48550/arXiv.ID) sets the arXiv id instead.  False when
 * [s, s+n) holds no DOI (then nothing is set). */
bool pc_record_set_doi(pc_record *r, const char *s, size_t n);
/* Sets the arXiv id and version from any spelling (bare, arXiv:ID, an
 * arxiv.org URL, the arXiv DOI); false when it is not one. */
bool pc_record_set_arxiv(pc_record *r, const char *s, size_t n);
/* Sets the arXiv version ("2" for v2); 0 or less removes it. */
void pc_record_set_arxiv_version(pc_record *r, int version);
/* The note as CSL, RIS and BibTeX writers write it: the note, then the
 * journal reference on a line "Journal reference: ..." (Zotero's habit). */
void pc_record_note_compose(const pc_record *r, pc_buf *out);
/* The reverse: a "Journal reference: " line becomes the journal reference,
 * the rest the note. */
void pc_record_note_split(pc_record *r, const char *s, size_t n);
/* Makes `updated` the issued date when opt.date says so (arXiv readers keep
 * both; the driver calls this before writing with --date updated). */
void pc_record_choose_date(pc_record *r, bool use_updated);

/* -- lists of strings and spans -- */

void pc_strlist_push(pc_strlist *l, const char *s); /* copies s */
void pc_strlist_push_n(pc_strlist *l, const char *s, size_t n);
/* Pushes a copy unless an equal string is there; returns whether it was added. */
bool pc_strlist_add_unique(pc_strlist *l, const char *s, size_t n);
/* Adds each space-separated word of s[0, n) that l does not hold yet. */
void pc_strlist_add_words(pc_strlist *l, const char *s, size_t n);
void pc_strlist_clear(pc_strlist *l);
bool pc_strlist_has(const pc_strlist *l, const char *s);
bool pc_strlist_has_n(const pc_strlist *l, const char *s, size_t n);
/* Appends a span (end may be filled in later) and returns its index. */
size_t pc_spanlist_push(pc_spanlist *l, size_t start, size_t end, pc_mark mark);
void pc_spanlist_clear(pc_spanlist *l);

#endif
