/* SPDX-License-Identifier: MIT */
/* cited.h — what a document cites, for --cited FILE...: the keys cited
 * by LaTeX .aux files, biblatex .bcf files, pandoc Markdown (R Markdown,
 * Quarto) and plain lists of keys, as one hashed set with the place of
 * each key's first citation.
 *
 *   .aux       \citation{a,b} (\nocite{*} is \citation{*}: every record),
 *              \bibdata{refs,more} (the .bib files, kept for the driver),
 *              \@input{ch1.aux} followed: relative to the first .aux's
 *              folder (as LaTeX writes them), breadth first, each file
 *              once (by real path), at most PC_CITED_MAX_DEPTH deep and
 *              PC_CITED_MAX_FILES files; a missing one is a warning
 *   .bcf       biblatex's XML control file (libxml2's reader: no network,
 *              no DTD, no entity substitution): the text of every
 *              bcf:citekey ("*" = every record), every bcf:datasource of
 *              type file
 *   Markdown   pandoc's citation syntax: @key and [@key; -@key, p. 3]
 *              where the @ follows no letter or digit (so e-mail addresses
 *              are not citations) and is not escaped; a key starts with a
 *              letter, digit or _ and goes on with letters, digits, _ and
 *              the punctuation :.#$%&-+?<>~/ followed by a letter, digit
 *              or _ (so "@doe99." is doe99); @{any key} braced (on one
 *              line); "@*" every
 *              record (nocite); nothing in code spans (`...`, as long as
 *              the run of backticks) or fenced code blocks (``` or ~~~);
 *              indented code blocks are read as text (a list's
 *              continuation lines look the same)
 *   list       keys separated by white space or commas; a line starting
 *              with # or % is a comment
 *
 * The kind is told by the file's extension (.aux, .bcf, .md, .markdown,
 * .Rmd, .qmd; .keys, .list, .lst), else by its content.  Memory: the
 * keys (once each) and the file being read; time linear (hashed keys,
 * backtick runs matched by a table, no nested scans). */
#ifndef PC_OPS_CITED_H
#define PC_OPS_CITED_H

#include "io/ctx.h"
#include "model/record.h"

typedef enum pc_cited_kind {
    PC_CITED_NONE = 0,
    PC_CITED_AUX,
    PC_CITED_BCF,
    PC_CITED_MARKDOWN,
    PC_CITED_LIST,
} pc_cited_kind;

enum { PC_CITED_MAX_DEPTH = 32, PC_CITED_MAX_FILES = 4096 };

/* A cited key: where it was first cited, how often. */
typedef struct pc_citation {
    const char *key;  /* NUL-terminated; valid while the set lives */
    size_t key_len;
    const char *file; /* the citing file, as named */
    unsigned long line, col;
    unsigned long count;  /* citations of it (0: only a parent, see below) */
    unsigned long parent; /* cited records naming it in crossref or xdata */
    bool found;           /* pc_cited_mark saw it in an input */
} pc_citation;

typedef struct pc_cited pc_cited;

pc_cited *pc_cited_new(void);
void pc_cited_free(pc_cited *c); /* NULL is fine */

/* The kind of a citation source: by the extension of path, else by its
 * first bytes. */
pc_cited_kind pc_cited_detect(const char *path, const char *head, size_t n);

/* Reads a source into the set (kind PC_CITED_NONE: detected).  Problems
 * are warnings through ctx naming FILE:LINE:COL; false (after an error)
 * when the file cannot be read at all. */
bool pc_cited_read_file(pc_cited *c, pc_ctx *ctx, const char *path, pc_cited_kind kind);
/* The same from memory (`name` in messages, `data` need not outlive the
 * call); an .aux read so follows \@input relative to the current folder. */
bool pc_cited_read_mem(pc_cited *c, pc_ctx *ctx, const char *name, const char *data, size_t n,
                       pc_cited_kind kind);

/* Whether some source cited every record (\nocite{*}, "*", @*). */
bool pc_cited_all(const pc_cited *c);
/* Number of distinct keys (parents included). */
size_t pc_cited_count(const pc_cited *c);
/* The entry of key [k, k+n), or NULL. */
const pc_citation *pc_cited_find(const pc_cited *c, const char *k, size_t n);
/* The .bib files \bibdata and bcf:datasource named (paths as resolved). */
const pc_strlist *pc_cited_bibdata(const pc_cited *c);

/* Parents (bibtex's min-crossrefs, bibtool -c): when rec is cited, each
 * key its crossref and xdata values name (BibTeX's pass-through values)
 * gets one more parent reference.  Call it for every record of pass 1. */
void pc_cited_note_parents(pc_cited *c, const pc_record *rec);
/* Whether a record keyed [k, k+n) goes out: every record with "all"; a
 * cited one; a parent named by at least min_crossrefs cited records (1:
 * bibtool -c, every parent; 2: bibtex's default). */
bool pc_cited_wants(const pc_cited *c, const char *k, size_t n, unsigned min_crossrefs);

/* Marks key [k, k+n) as present in an input; returns whether it is cited
 * (or a parent). */
bool pc_cited_mark(pc_cited *c, const char *k, size_t n);
/* Calls fn for each cited key no input had (count > 0, not found), in
 * the order first cited. */
void pc_cited_each_missing(const pc_cited *c, void (*fn)(void *u, const pc_citation *cit),
                           void *u);

#endif
