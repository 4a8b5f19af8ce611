/* SPDX-License-Identifier: MIT */
/* wordbib.h — what the files of the Word bibliography XML format share
 * (private to formats/wordbib/).
 *
 *   map.c    the element map (paths below <b:Source>), the source types,
 *            the roles, the LCIDs, the format's entry
 *   read.c   the reader: each <b:Source> of <b:Sources> (Word's
 *            Sources.xml, a .docx's customXml/item1.xml, JabRef's export)
 *   write.c  the writer, through the same rows
 *
 * ECMA-376 Part 1 "Shared bibliography", namespace
 * http://schemas.openxmlformats.org/officeDocument/2006/bibliography:
 * flat elements of text per source, names in <b:Author> by role. */
#ifndef PC_WORDBIB_H
#define PC_WORDBIB_H

#include "format.h"
#include "io/xmlread.h"

#define PC_NS_WORDBIB "http://schemas.openxmlformats.org/officeDocument/2006/bibliography"

extern const pc_map_row pc_wb_rows[];
extern const size_t pc_wb_n_rows;

static inline bool pc_wb_kind_in(pc_kindset set, pc_kind k)
{
    return (unsigned)k < PC_KIND_COUNT && (set & ((pc_kindset)1 << k));
}

/* A SourceType (ST_SourceType) and the kind it reads as. */
typedef struct pc_wb_type {
    const char *name;
    pc_kind kind;
} pc_wb_type;
/* The type of a SourceType value, or NULL. */
const pc_wb_type *pc_wb_type_find(const char *name);
/* The SourceType the writer gives kind k (broader kinds down to Misc);
 * *reads_as is the kind the record reads back as. */
const char *pc_wb_type_of_kind(pc_kind k, pc_kind *reads_as);

/* The language tag of a Windows LCID ("1033" -> "en-US"), or NULL; the
 * LCID of a tag (exact, case-insensitive), or 0. */
const char *pc_wb_lcid_tag(int lcid);
int pc_wb_tag_lcid(const char *tag);

/* True if a ThesisType names a thesis ("Ph.D. thesis", "Dissertation"):
 * a Report with it reads as a thesis. */
bool pc_wb_thesis_type(const char *s);

/* Where its input may be cut for -j (src/io/xmlchunk.h). */
extern const pc_chunker pc_wb_chunker;
void *pc_wb_read_open(pc_source *src, pc_ctx *ctx);
pc_read_status pc_wb_read_next(void *state, pc_record *rec);
void pc_wb_read_close(void *state);
int pc_wb_sniff(const char *head, size_t n);
void *pc_wb_write_begin(FILE *out, pc_ctx *ctx);
bool pc_wb_write_record(void *state, const pc_record *rec);
bool pc_wb_write_end(void *state);

#endif
