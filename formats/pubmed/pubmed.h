/* SPDX-License-Identifier: MIT */
/* pubmed.h — what the files of the PubMed XML reader share (private to
 * formats/pubmed/).
 *
 *   map.c   the element map (paths below <PubmedArticle> and
 *           <PubmedBookArticle>), the publication types, the format's entry
 *   read.c  the reader: the shared XML reader (io/xmlread.h) gives each
 *           article as items; names, dates, abstracts and identifiers are
 *           assembled here, the rest mapped by the rows
 *
 * PubMed XML: E-utilities efetch (db=pubmed, retmode=xml), PubMed's "Save
 * as XML", the annual baseline files; read only (no reference manager
 * imports it that does not import MEDLINE/nbib too). */
#ifndef PC_PUBMED_H
#define PC_PUBMED_H

#include "format.h"
#include "io/xmlread.h"

/* The element map (map.c), read only: {path, field, how, direction, kinds}. */
extern const pc_map_row pc_pubmed_rows[];
extern const size_t pc_pubmed_n_rows;

/* The kind a PublicationType decides, or PC_KIND_NONE when it decides
 * none (Research Support, Comparative Study, ...). */
pc_kind pc_pubmed_type(const char *pt);

/* Where its input may be cut for -j (src/io/xmlchunk.h). */
extern const pc_chunker pc_pubmed_chunker;
void *pc_pubmed_read_open(pc_source *src, pc_ctx *ctx);
pc_read_status pc_pubmed_read_next(void *state, pc_record *rec);
void pc_pubmed_read_close(void *state);
int pc_pubmed_sniff(const char *head, size_t n);

#endif
