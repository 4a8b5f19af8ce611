/* SPDX-License-Identifier: MIT */
/* dialect.h — RIS as databases write it: the dialects (dialect.c
 * recognises a record's and re-reads the tags each gives another meaning;
 * dialect_write.c writes those fields back under the dialect's tags when
 * the output is RIS).  Shared by read.c, write.c and those two files. */
#ifndef PC_RIS_DIALECT_H
#define PC_RIS_DIALECT_H

#include "read.h"

/* The dialects, in the order they are recognised (the first whose
 * evidence a record has wins). */
typedef enum ris_dialect {
    RIS_D_NONE = 0,
    RIS_D_WOS,           /* Web of Science: WE, AN "WOS:" with J9, PI, PA */
    RIS_D_SCOPUS,        /* DB "Scopus", a scopus.com record URL */
    RIS_D_OVID_MEDLINE,  /* Ovid: DB "Ovid MEDLINE(R)..." with an Ovid link or ID */
    RIS_D_OVID_PSYCINFO, /* Ovid: DB "APA PsycInfo <...>" */
    RIS_D_OVID_ERIC,     /* Ovid: DB "ERIC <...>" */
    RIS_D_OVID_EMBASE,   /* Ovid: DB "Embase" */
    RIS_D_EMBASE,        /* Embase.com: U2 "L" + digits, an embase.com URL */
    RIS_D_EBSCO,         /* EBSCOhost (CINAHL, Academic Search...): DP "EBSCOhost" */
    RIS_D_EPPI,          /* EPPI-Reviewer: the keyword "eppi-reviewer" */
    RIS_D_IEEE,          /* IEEE Xplore: VO beside an IEEE journal or a 10.1109 DOI */
    RIS_D_PUBMED,        /* PubMed records as RIS: DB or DP "PubMed" */
    RIS_D_COUNT
} ris_dialect;

#define RIS_D(x) (1u << RIS_D_##x)
#define RIS_D_OVID (RIS_D(OVID_MEDLINE) | RIS_D(OVID_PSYCINFO) | RIS_D(OVID_ERIC) | RIS_D(OVID_EMBASE))

/* The dialect's name ("wos", "ovid-eric"), the value of the record's
 * ris-dialect field; RIS_D_NONE for a name no dialect has. */
const char *pc_ris_dialect_name(ris_dialect d);
ris_dialect pc_ris_dialect_find(const char *name);

/* The record's dialect from its fields (r->f) into r->dialect; sets rec's
 * ris-dialect; -v says when it changes. */
void pc_ris_dialect_begin(ris_reader *r, pc_record *rec);

/* True if dialect d reads tag after the record's names (the tags that
 * name authors: affiliations, ORCIDs). */
bool pc_ris_dialect_late(int d, const char *tag);

/* What the dialect makes of one value (x, of r->dialect's record). */
typedef enum ris_dialect_read {
    RIS_READ_GENERIC = 0, /* the generic map reads it (x may have been rewritten) */
    RIS_READ_DONE,        /* read into its field */
    RIS_READ_KEEP,        /* a pass-through value of its tag: no field means it here */
} ris_dialect_read;
/* x->v may be pointed at a rewritten value (in r->dval) and *as at another
 * tag the generic map reads it as (else *as is x's own tag). */
ris_dialect_read pc_ris_dialect_read(ris_reader *r, pc_record *rec, ris_value *x, const char **as);

/* ---- writing back (dialect_write.c) ---- */

/* The fields the dialect writes under its own tags, or that a line kept
 * as it is writes back, ended by PC_F_NONE, after `own` (the writer's own,
 * copied first): pc_map_write's skip list.  cap: the size of out. */
void pc_ris_dialect_skip(ris_dialect d, const pc_record *r, const pc_field *own, pc_field *out, size_t cap);
/* Writes those fields of r under the dialect's tags to out ("TAG  - value"
 * lines, CRLF); tmp: scratch. */
void pc_ris_dialect_write(ris_dialect d, const pc_record *r, pc_buf *out, pc_buf *tmp);
/* True if the authors' affiliations (ORCIDs) of r are written back by the
 * lines they were read from, kept as they are: not as AD lines (counted). */
bool pc_ris_dialect_own_affiliations(ris_dialect d, const pc_record *r);
bool pc_ris_dialect_own_orcid(ris_dialect d, const pc_record *r);
/* True if the dialect's AD lines are the record's addresses, not the
 * affiliations of the author before them. */
bool pc_ris_dialect_record_ad(ris_dialect d);

/* ---- the remaps (dialect.c), for dialect_write.c ---- */

typedef enum ris_remap_how {
    RM_FIELD,   /* the value is the field's text (the first wins) */
    RM_LIST,    /* one item of a list field */
    RM_SPLIT,   /* "; "-separated items of a list field */
    RM_KEEP,    /* a pass-through value: the generic meaning does not hold */
    RM_SPECIAL, /* a function of dialect.c (ris_special) */
} ris_remap_how;

typedef struct ris_remap {
    unsigned dialects;  /* RIS_D(...) bits */
    char tag[3];
    ris_remap_how how;
    pc_field field;     /* RM_FIELD, RM_LIST, RM_SPLIT; a special's field */
    unsigned special;   /* RM_SPECIAL: its function */
    const char *prefix; /* stripped on reading ("WOS:"), written back */
    bool write;         /* written back under tag (field, with prefix) */
    bool also;          /* ... and under the generic tag too (IEEE's VO beside VL) */
} ris_remap;

extern const ris_remap pc_ris_remaps[];
extern const size_t pc_ris_n_remaps;

#endif
