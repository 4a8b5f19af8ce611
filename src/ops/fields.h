/* SPDX-License-Identifier: MIT */
/* fields.h — what --omit, --keep, --rename, --remove-empty and
 * --max-authors do to a record, with a count of each action for -v.
 *
 * Names: a model field by its name (the CSL variable name, or ours:
 * "arxiv-id"); else a name of the output format's map (its rows, case
 * ignored: BibTeX "journal" is container-title, RIS "SN" is ISBN for a
 * book and ISSN for an article, as the row's kinds say); else the name of
 * a pass-through value (BibTeX "groups"), whatever format kept it.
 *
 *   omit        removes those fields (and pass-through values)
 *   keep        removes every other field and pass-through value (the key,
 *               the type and a reader's structural values, "@type", stay)
 *   rename      FROM=TO moves FROM's value to TO (two fields of one kind,
 *               or two pass-through names); a record that has TO already
 *               keeps both as they are, counted as not renamed
 *   remove-empty  removes texts of white space only, name lists without a
 *               name, lists without an item, pass-through values of
 *               white space only or "{}"
 *   max-authors N  cuts the author list after N names and marks it cut
 *               ("and others", et al.)
 *
 * Order of application: rename, omit, keep, remove-empty, max-authors.
 * Time per record linear in its fields (tables by field id, hashed name
 * sets). */
#ifndef PC_OPS_FIELDS_H
#define PC_OPS_FIELDS_H

#include "model/record.h"
#include "util/buf.h"

typedef enum pc_fieldop {
    PC_FOP_NONE = 0,
    PC_FOP_OMIT,         /* removed by --omit */
    PC_FOP_KEEP,         /* removed by --keep (not kept) */
    PC_FOP_RENAME,       /* renamed */
    PC_FOP_RENAME_HELD,  /* not renamed: the record has TO already */
    PC_FOP_EMPTY,        /* removed as empty */
    PC_FOP_MAX_AUTHORS,  /* author list cut */
    PC_FOP_COUNT
} pc_fieldop;

typedef struct pc_fieldops pc_fieldops;

/* fmt: the output format whose names are accepted beside the model's
 * (NULL: model and pass-through names only). */
pc_fieldops *pc_fieldops_new(const pc_format *fmt);
void pc_fieldops_free(pc_fieldops *o); /* NULL is fine */

/* "title,note" (spaces around names ignored).  False with a message in
 * err for an empty name. */
bool pc_fieldops_omit(pc_fieldops *o, const char *list, pc_buf *err);
bool pc_fieldops_keep(pc_fieldops *o, const char *list, pc_buf *err);
/* "FROM=TO"; false with a message when it is not that, or the two are
 * fields of different kinds, or a field and a pass-through name. */
bool pc_fieldops_rename(pc_fieldops *o, const char *from_to, pc_buf *err);
void pc_fieldops_remove_empty(pc_fieldops *o);
void pc_fieldops_max_authors(pc_fieldops *o, size_t n);
/* Whether any operation was asked for. */
bool pc_fieldops_active(const pc_fieldops *o);

/* Applies the operations to rec, counting each action. */
void pc_fieldops_apply(pc_fieldops *o, pc_record *rec);

/* Calls fn for every non-zero count: the action, the field or
 * pass-through name (for a rename, "FROM=TO"), the number of records; in
 * field-table order, then pass-through names in first-seen order (the
 * first 64 distinct ones; any further are counted under "(other)"). */
void pc_fieldops_each(const pc_fieldops *o,
                      void (*fn)(void *u, pc_fieldop op, const char *name, unsigned long n),
                      void *u);

#endif
