/* SPDX-License-Identifier: MIT */
/* endnote.h — what the files of the EndNote tagged format share (private to
 * formats/endnote/): EndNote's export (`%0 Journal Article`, `%A Smith,
 * John`, `.enw`) and the classic refer(1) databases it grew from, which
 * have no `%0` line.
 *
 *   map.c    the tag maps (EndNote's, one row per tag and kind of work;
 *            refer's), the `%0` types, detection, and the two formats'
 *            entries (endnote, refer)
 *   read.c   the reader: records through src/io/tagged.c, a record with a
 *            `%0` line through EndNote's map, one without through refer's
 *   values.c the values of the special rows: names, dates, identifiers,
 *            the abstract, notes, affiliations, the type of a refer record
 *   write.c  the writers (endnote: `%0` and EndNote's tags; refer: refer's
 *            tags, no `%0`) */
#ifndef PC_ENDNOTE_H
#define PC_ENDNOTE_H

#include "format.h"
#include "io/tagged.h"

/* The handlers of the special rows (map.c names one in each; values.c
 * has their readers, write.c their writers). */
enum {
    PC_EN_H_NONE = 0,
    PC_EN_H_TYPE,    /* %0: the type (read.c) */
    PC_EN_H_KEY,     /* %F, refer's %L: the citation key */
    PC_EN_H_ADDRESS, /* %+: the address of the author before it */
    PC_EN_H_NAMES,   /* %A %E %Y %? %H, refer's %Q: one name a line */
    PC_EN_H_ISSUED,  /* %D with %8 */
    PC_EN_H_DATE,    /* %7, %[: a date of its own */
    PC_EN_H_TEXT,    /* %@ %R %M %O %X %Z ...: identifiers, abstract, notes */
    PC_EN_N_HANDLERS
};

/* The tag maps: {tag, model field, how, direction, kinds, handler}. */
extern const pc_map_row pc_endnote_rows[];
extern const size_t pc_endnote_n_rows;
extern const pc_map_row pc_refer_rows[];
extern const size_t pc_refer_n_rows;

/* Kinds whose %P is the number of pages (a book, a thesis, a manuscript). */
extern const pc_kindset pc_endnote_numpages_kinds;
/* Kinds whose container is a serial (%J, %O its abbreviation, %@ ISSN). */
extern const pc_kindset pc_endnote_serial_kinds;

static inline bool pc_endnote_kind_in(pc_kindset set, pc_kind k)
{
    return (unsigned)k < PC_KIND_COUNT && (set & ((pc_kindset)1 << k));
}

/* One `%0` reference type. */
typedef struct pc_endnote_type {
    const char *name; /* "Journal Article" */
    pc_kind kind;
    bool write;       /* the name the writer gives `kind` (its first such row) */
    bool au_editors;  /* %A names the editors (Edited Book) */
} pc_endnote_type;

/* The type named (case-insensitive; "Journal...", "Conference...",
 * "Review..." by their start), or NULL. */
const pc_endnote_type *pc_endnote_type_find(const char *name, size_t n);
/* The type the writer gives kind k: its own, else its broader kind's, else
 * Generic.  Its `kind` is the kind the record reads back as. */
const pc_endnote_type *pc_endnote_type_of_kind(pc_kind k);
/* The Edited Book type (a book with editors and no authors). */
const pc_endnote_type *pc_endnote_edited_book(void);

/* True if a %O value of a serial reads as the journal's abbreviation
 * ("J. Ref. Form.") rather than a note: short, no sentence in it. */
bool pc_endnote_is_abbreviation(const char *s, size_t n);
/* True if a name value ending in "," is Wiley's list of several names
 * ("A. X. Last, N. B. Next,") rather than an organisation. */
bool pc_endnote_is_name_list(const char *s, size_t n);

/* True if [s, s+n) is a tag line: "%X value" or "%X" alone, the tag
 * character a letter, a digit or one of !@#$^&*()+=?[]~<>, after any
 * indentation. */
bool pc_endnote_tag_line(const char *s, size_t n, pc_tagged_tag *t);

/* The reader (read.c) and the writers (write.c). */
void *pc_endnote_read_open(pc_source *src, pc_ctx *ctx);
pc_read_status pc_endnote_read_next(void *state, pc_record *rec);
void pc_endnote_read_close(void *state);
void *pc_endnote_write_begin(FILE *out, pc_ctx *ctx);
void *pc_refer_write_begin(FILE *out, pc_ctx *ctx);
bool pc_endnote_write_record(void *state, const pc_record *rec);
bool pc_endnote_write_end(void *state);

/* A %+ line: the address of an author, told at the record's end. */
typedef struct en_address {
    char *value;                /* owned */
    size_t authors;             /* names of the %A role read before it */
    const pc_tagged_field *f;   /* its field (for keeping it as it is) */
} en_address;

/* The reader's state, for values.c. */
typedef struct en_reader {
    pc_ctx *ctx;
    const char *file;
    pc_tagged in;
    pc_map *endnote_map, *refer_map;
    pc_tagged_apply apply;
    const pc_endnote_type *type; /* NULL: a refer record */
    pc_field au_role;            /* what %A names: authors, or an Edited Book's editors */
    /* values gathered over the record, set at its end */
    pc_buf year, date8;          /* %D, %8 */
    pc_buf issued_lit;           /* a second %D: the date as written */
    const pc_tagged_field *year_f, *date8_f;
    pc_buf abstract, note;       /* %X values, %Z and %O lines */
    pc_buf tmp;                  /* scratch */
    bool editors_marked;         /* refer's "(eds)" after an %A */
    pc_strlist issn, isbn, number; /* %@ values, each once */
    en_address *addr;            /* the %+ lines */
    size_t n_addr, cap_addr;
    bool reported[128];          /* unknown tags noted once per input */
} en_reader;

/* values.c: the special rows' readers (by handler; a pc_tagged_value
 * each), and the record's start and end. */
extern pc_map_read_fn *const pc_endnote_readers[PC_EN_N_HANDLERS];
void pc_endnote_read_start(en_reader *r, pc_record *rec);
void pc_endnote_read_finish(en_reader *r, pc_record *rec);
/* The kind of a refer record (no %0), from the tags it has (has['J']:
 * it has a %J line): a journal's article (%J), a chapter (%B), a report
 * (%R), a book (%I), else an article. */
pc_kind pc_refer_kind(const bool has[128]);

#endif
