/* SPDX-License-Identifier: MIT */
/* identity.h — what makes two records one work, for --dedupe: a record's
 * identity keys, each a kind and a normalised string.
 *
 *   DOI       pc_doi_parse, ASCII lower-cased (DOIs ignore case)
 *   ARXIV     the arXiv id without version (2101.00001, hep-th/9901001)
 *   ISBN      ISBN-13 digits; an ISBN-10 converted (978 + 9 digits + check);
 *             every ISBN of the field (print, e-book), at most PC_ID_MAX_ISBN
 *   PMID      digits, leading zeros dropped
 *   PMCID     "PMC" + digits
 *   OPENALEX  "W" + digits: the OpenAlex reader keeps the work's id as the
 *             pass-through value openalex/id (the model has no field for it)
 *   S2        the Semantic Scholar paperId (40 hex digits, lower case): the
 *             pass-through value s2/paperId
 *   FUZZY     (only when asked) the title and subtitle folded to letters and
 *             digits (pc_fold_match: case, accents, LaTeX, punctuation and
 *             markup folded), the first author's family name (or an
 *             organisation's whole name; else the first editor's) folded the
 *             same way, and the issued year: "title|family|year"; none when
 *             the record lacks any of the three.
 *
 * A value that does not parse as its identifier gives no key (a typo is not
 * an identity).  Linear in the record's size. */
#ifndef PC_OPS_IDENTITY_H
#define PC_OPS_IDENTITY_H

#include "model/record.h"
#include "util/buf.h"

typedef enum pc_id_kind {
    PC_ID_NONE = 0,
    PC_ID_DOI,
    PC_ID_ARXIV,
    PC_ID_ISBN,
    PC_ID_PMID,
    PC_ID_PMCID,
    PC_ID_OPENALEX,
    PC_ID_S2,
    PC_ID_FUZZY,
    PC_ID_COUNT
} pc_id_kind;

enum { PC_ID_MAX_ISBN = 16 };

typedef struct pc_idkey {
    pc_id_kind kind;
    size_t off, len; /* the normalised value: text.ptr + off, len bytes */
} pc_idkey;

/* A record's keys.  Zero-initialise (or pc_identity_init), fill with
 * pc_identity_of as often as wanted, free with pc_identity_free. */
typedef struct pc_identity {
    pc_buf text;    /* the values, NUL after each */
    pc_idkey *keys; /* in kind order, DOI first */
    size_t n, cap;
    pc_buf tmp;     /* scratch */
} pc_identity;

void pc_identity_init(pc_identity *id);
void pc_identity_free(pc_identity *id);

/* Replaces id's keys with those of rec; FUZZY too when `fuzzy`. */
void pc_identity_of(const pc_record *rec, bool fuzzy, pc_identity *id);

/* The value of key i (NUL-terminated, owned by id). */
static inline const char *pc_identity_value(const pc_identity *id, size_t i)
{
    return id->text.ptr + id->keys[i].off;
}

/* The key of kind k (the first, for ISBN), or NULL. */
const char *pc_identity_get(const pc_identity *id, pc_id_kind k);

/* "DOI", "arXiv", "ISBN", "PMID", "PMCID", "OpenAlex", "S2", "title";
 * "" for PC_ID_NONE. */
const char *pc_id_kind_name(pc_id_kind k);

/* The fuzzy parts alone, for tests and -v: title, family and year folded
 * into out ("title|family|year"); false when one is missing. */
bool pc_identity_fuzzy(const pc_record *rec, pc_buf *out);

#endif
