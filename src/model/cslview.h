/* SPDX-License-Identifier: MIT */
/* cslview.h — how a record reads as CSL variables where a variable holds
 * more than one model field (the title's subtitle and addon), and the name
 * of CSL's pass-through family: what the CSL writers, the CSL reader and
 * the CSL processor (src/citeproc) all need, without the JSON/YAML code of
 * formats/csl/. */
#ifndef PC_CSLVIEW_H
#define PC_CSLVIEW_H

#include "model/record.h"

struct pc_buf;

/* The pass-through family of CSL: variables a CSL reader does not know
 * are kept under this format name and written back by both CSL writers. */
#define PC_CSL_FAMILY "csl"

/* Parts CSL has no variable for that a CSL variable holds, as pandoc and
 * Zotero write them: the title is "Title: Subtitle. Addon" (after a
 * punctuation mark only a space joins).  The parts are also kept in custom,
 * so that a CSL reader splits the whole again.  Adding one is a row of cslview.c
 * (the whole's row in formats/csl's pc_csl_map must be SPECIAL, with
 * PC_MAP_ALWAYS and the title's handler, which joins the parts). */
typedef struct pc_csl_join {
    pc_field part, whole;
    char sep;
} pc_csl_join;
#define PC_CSL_N_JOINS 2
extern const pc_csl_join pc_csl_joins[PC_CSL_N_JOINS];
/* Appends `part` to the whole's text s as a join with `sep` writes it:
 * nothing before it when s is empty, else "sep " or, after !?.,:; in s,
 * a space. */
void pc_csl_join_append(struct pc_buf *s, const char *part, char sep);

#endif
