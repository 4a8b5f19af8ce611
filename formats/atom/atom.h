/* SPDX-License-Identifier: MIT */
/* atom.h — the Atom/RSS reader's parts (formats/atom/, private).
 *
 *   read.c   libxml2 plumbing: the input pieces and the look-ahead (scan.c)
 *            that keep oversized entries from libxml2 (and find the long
 *            CDATA sections and attribute values split.c changes so that
 *            libxml2 stays linear on them), errors, and the
 *            node walk that collects the raw text of one entry at a time
 *            into a pc_atom_entry;
 *   feed.c   the generic mapper: an entry of any Atom 1.0, RSS 2.0 or RSS
 *            1.0 feed (title, persons, dates, summary, links, categories,
 *            and the elements mapped by rows: Dublin Core, PRISM, Atom
 *            rights, arXiv's journal reference and comment; any other
 *            element with text is a pass-through value);
 *   arxiv.c  what arXiv's feeds add: the id and version from URLs and the
 *            RSS description, TeX, the error entry, the old RSS titles'
 *            suffix, the announce type;
 *   text.c   what those three share: a slot's text, decoded (TeX, HTML or
 *            plain) or set into a field, and byte searches.
 * Uses run one way: read.c -> feed.c -> arxiv.c, and each of them -> text.c. */
#ifndef PC_FORMATS_ATOM_H
#define PC_FORMATS_ATOM_H

#include "format.h"

#define NS_ATOM "http://www.w3.org/2005/Atom"
#define NS_ATOM03 "http://purl.org/atom/ns#"
#define NS_ARXIV "http://arxiv.org/schemas/atom"
#define NS_DC "http://purl.org/dc/elements/1.1/"
#define NS_DCTERMS "http://purl.org/dc/terms/"
#define NS_PRISM "http://prismstandard.org/namespaces/basic/2.0/"
#define NS_RSS1 "http://purl.org/rss/1.0/"
#define NS_RDF "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
#define NS_CONTENT "http://purl.org/rss/1.0/modules/content/"

typedef enum pc_atom_kind { PC_ATOM_NONE = 0, PC_ATOM_ATOM, PC_ATOM_RSS } pc_atom_kind;

/* Where the text of an element of an entry (or of the RSS channel) goes. */
typedef enum pc_atom_slot {
    PC_AS_NONE = 0,
    PC_AS_ID,
    PC_AS_TITLE,
    PC_AS_SUMMARY, /* Atom summary, RSS description */
    PC_AS_CONTENT, /* Atom content, RSS content:encoded */
    PC_AS_PUBLISHED,
    PC_AS_UPDATED, /* Atom updated, dc:date */
    PC_AS_PUBDATE, /* RSS pubDate */
    PC_AS_LINK,    /* RSS link */
    PC_AS_GUID,
    PC_AS_DOI,     /* arxiv:doi */
    PC_AS_ANNOUNCE, /* arxiv:announce_type */
    PC_AS_PERSON_NAME, /* from here on each value is kept apart */
    PC_AS_PERSON_URI,
    PC_AS_AFFIL,
    PC_AS_CATEGORY,
    PC_AS_CREATOR,     /* dc:creator, RSS author */
    PC_AS_CONTRIBUTOR, /* dc:contributor */
    PC_AS_VALUE,       /* an element a row maps, or a pass-through one */
    PC_AS_CH_TITLE,
    PC_AS_CH_DESC,
    PC_AS_COUNT,
} pc_atom_slot;

/* An Atom author or contributor. */
typedef struct pc_atom_person {
    pc_field role; /* PC_F_AUTHOR, PC_F_CONTRIBUTOR */
    pc_buf name, uri;
    pc_strlist affs;
} pc_atom_person;

/* An element of the entry outside the slots: mapped by `row`, or kept as
 * a pass-through value under `name` ("dc:source", "{uri}local"). */
typedef struct pc_atom_value {
    const pc_map_row *row; /* NULL: pass-through */
    pc_buf name, text;
    unsigned long line;
    bool html; /* Atom type="html" */
} pc_atom_value;

/* The raw text of one entry, reused from entry to entry. */
typedef struct pc_atom_entry {
    pc_buf text[PC_AS_COUNT];
    bool has[PC_AS_COUNT];
    unsigned long line[PC_AS_COUNT]; /* where the element starts */
    bool html[PC_AS_COUNT];          /* Atom type="html" */
    pc_atom_person *persons;
    size_t n_persons, cap_persons;
    pc_atom_value *values;
    size_t n_values, cap_values;
    pc_strlist categories, creators, contributors;
    pc_strlist links; /* links no slot took (a second alternate, related,
                         enclosure, RSS enclosure): URLs */
    char *alt, *pdf, *doi_href, *license, *primary;
    bool seen_arxiv; /* an element in arXiv's namespace */
    bool bad;        /* an error was reported inside: skip it */
    bool deep_reported;
    unsigned long line_start, col_start; /* of the <entry> / <item> tag */
} pc_atom_entry;

/* What the mappers work with: the entry and the reader's context. */
typedef struct pc_atom_map {
    pc_ctx *ctx;
    const char *file;
    pc_atom_kind kind;
    pc_atom_entry *e;
    pc_buf tmp, tmp2, idbuf; /* scratch */
} pc_atom_map;

/* ---- feed.c -------------------------------------------------------------------- */

/* The rows of the elements mapped straight to a field, by "prefix:local"
 * (atom:, rss:, dc:, dcterms:, prism:, arxiv:, content:). */
extern const pc_map_row pc_atom_rows[];
extern const size_t pc_atom_n_rows;
/* The prefix of a namespace URI in those names ("dc"), NULL if none. */
const char *pc_atom_prefix(const char *uri);

/* Turns the collected entry into rec.  PC_READ_NONE: no record (arXiv's
 * error entry, reported); PC_READ_SKIP: reported. */
pc_read_status pc_atom_build(pc_atom_map *m, pc_record *rec);

/* ---- text.c -------------------------------------------------------------------- */

/* The raw text of slot f, or NULL when the entry has none. */
const char *pc_atom_text(const pc_atom_entry *e, pc_atom_slot f, size_t *n);
/* Decodes [s, s+n) into m->tmp: TeX for arXiv text, HTML for an HTML text
 * (pc_html_read), else plain; white space folded, NFC.  False (after
 * reporting at `line`) for invalid UTF-8. */
bool pc_atom_decode(pc_atom_map *m, const char *s, size_t n, bool tex, bool html,
                    pc_strlist *protect, pc_spanlist *markup, unsigned long line);
/* Sets field dst to slot f decoded (with its italic and bold); false after
 * reporting invalid UTF-8. */
bool pc_atom_set(pc_atom_map *m, pc_record *rec, pc_field dst, pc_atom_slot f, bool tex);
bool pc_atom_starts_with(const char *s, size_t n, const char *p);
/* [s, s+n) holds needle; NULL if not (memmem is not in C11/POSIX). */
const char *pc_atom_find(const char *s, size_t n, const char *needle);

/* ---- arxiv.c ------------------------------------------------------------------- */

/* What arXiv's feeds say about an entry. */
typedef struct pc_atom_arxiv {
    bool have_id;        /* m->idbuf holds the id */
    int version;
    bool tex;            /* an arXiv entry: TeX text, a preprint */
    const char *abstract; /* RSS: the abstract within the description */
    size_t abstract_n;
} pc_atom_arxiv;

/* arXiv's error feed: one entry "Error" by "arXiv api core": reported;
 * true if this is it. */
bool pc_atom_arxiv_error(pc_atom_map *m);
/* Looks for the arXiv id: the Atom id URL; the RSS description
 * ("arXiv:ID Announce Type: new Abstract: ..."), the guid
 * (oai:arXiv.org:ID) or the link. */
void pc_atom_arxiv_find(pc_atom_map *m, pc_atom_arxiv *a);
/* Sets the id, version and primary class (warns about an arXiv entry
 * whose id is no abstract URL); the old RSS titles' suffix ". (arXiv:ID
 * [class] UPDATED)" gives them too and is cut. */
void pc_atom_arxiv_ids(pc_atom_map *m, pc_atom_arxiv *a, pc_record *rec);
/* RSS: the abstract within the description, TeX (arXiv's RSS 1.0 wrapped
 * it in <p>); false after reporting. */
bool pc_atom_arxiv_abstract(pc_atom_map *m, const pc_atom_arxiv *a, pc_record *rec);
/* The announce type (new, cross, replace) as a line of the note. */
void pc_atom_arxiv_announce(pc_atom_map *m, pc_record *rec);

#endif
