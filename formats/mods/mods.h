/* SPDX-License-Identifier: MIT */
/* mods.h — what the files of the MODS format share (private to
 * formats/mods/).
 *
 *   map.c    the element map (paths below <mods>: the host, series,
 *            original and reviewed works are relatedItem[type=...]
 *            components), the roles (MARC relator codes), the genres and
 *            resource types of each kind, the format's entry
 *   read.c   the reader: the shared XML reader gives each <mods> (in a
 *            <modsCollection>, alone, or inside OAI-PMH, METS or SRU
 *            wrappers) as items
 *   write.c  the writer: a <modsCollection> of MODS 3.8, through the rows
 *
 * MODS 3.x, namespace http://www.loc.gov/mods/v3: the Library of
 * Congress' format and bibutils' hub (every bibutils program reads or
 * writes it). */
#ifndef PC_MODS_H
#define PC_MODS_H

#include "format.h"
#include "io/xmlread.h"

#define PC_NS_MODS "http://www.loc.gov/mods/v3"

extern const pc_map_row pc_mods_rows[];
extern const size_t pc_mods_n_rows;

/* Kinds whose container is a host relatedItem holding the part (volume,
 * issue, pages): serials, chapters, entries, conference papers. */
extern const pc_kindset pc_mods_hosted;

static inline bool pc_mods_kind_in(pc_kindset set, pc_kind k)
{
    return (unsigned)k < PC_KIND_COUNT && (set & ((pc_kindset)1 << k));
}

/* A role: its MARC relator code and term, and the field it is at the top
 * of a record. */
typedef struct pc_mods_role {
    const char *code; /* "aut" */
    const char *term; /* "author" */
    pc_field field;
} pc_mods_role;
/* The role of a code or a term (case-insensitive), or NULL. */
const pc_mods_role *pc_mods_role_find(const char *s);
/* The role the writer gives field f (its first row), or NULL. */
const pc_mods_role *pc_mods_role_of(pc_field f);

/* What the writer says of a kind: typeOfResource, a marcgt and a
 * bibutilsgt genre (NULL: none), and the host's genres and issuance. */
typedef struct pc_mods_kind {
    pc_kind kind;
    const char *resource;
    const char *marcgt, *bibutilsgt;
    const char *host_marcgt, *host_bibutilsgt, *host_issuance;
    const char *issuance; /* the record's own */
} pc_mods_kind;
const pc_mods_kind *pc_mods_kind_info(pc_kind k);
/* The kind a genre term (any authority but csl) or a typeOfResource
 * names, or PC_KIND_NONE; `host` for a host's genre. */
pc_kind pc_mods_genre_kind(const char *term, bool host);

/* Where its input may be cut for -j (src/io/xmlchunk.h). */
extern const pc_chunker pc_mods_chunker;
void *pc_mods_read_open(pc_source *src, pc_ctx *ctx);
pc_read_status pc_mods_read_next(void *state, pc_record *rec);
void pc_mods_read_close(void *state);
int pc_mods_sniff(const char *head, size_t n);
void *pc_mods_write_begin(FILE *out, pc_ctx *ctx);
bool pc_mods_write_record(void *state, const pc_record *rec);
bool pc_mods_write_end(void *state);

#endif
