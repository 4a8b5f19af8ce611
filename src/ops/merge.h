/* SPDX-License-Identifier: MIT */
/* merge.h — one record from the records of one work (a group of
 * ops/dedupe_index.h), for --merge=combine|first|last.
 *
 * Members are added in input order.  The merged record always has the
 * first member's key and place; every other member's key (and any ids
 * they had: the ids field, biblatex's ids pass-through value) goes to its
 * ids field, so old citations still resolve.
 *
 *   combine (the default)  the first member, plus every field a later one
 *            has and it lacks; a value both have that differs (not only in
 *            case, accents or punctuation: pc_fold_match) is a conflict,
 *            and the first's stays.  Special cases, none of them a
 *            conflict: a truncated text gives way to an untruncated one; a
 *            date gains the month or day it lacked when the year (and
 *            month) agree; lists are united; names are matched (family
 *            name and first initial, folded), never duplicated: the richer
 *            given name (more letters: "John" over "J.") wins and a missing
 *            ORCID, particle or suffix is taken, affiliations united; a name
 *            the first lacks is appended; the list is cut (et al.) only
 *            when every member's was.
 *   first    the first member as it is; every value of a later one that
 *            differs or that the first lacks is a conflict (dropped).
 *   last     the last member with the first's key and place; each member's
 *            values that the member after it lacks or holds otherwise are
 *            conflicts (dropped).
 *
 * A conflict is (field, kept value and its place, other value and its
 * place): -v names both.  At most PC_MERGE_MAX_CONFLICTS are kept per
 * group, all are counted.  Time linear in the members' sizes (names are
 * matched through a hash index). */
#ifndef PC_OPS_MERGE_H
#define PC_OPS_MERGE_H

#include "model/record.h"

typedef enum pc_merge_mode {
    PC_MERGE_NONE = 0,
    PC_MERGE_COMBINE,
    PC_MERGE_FIRST,
    PC_MERGE_LAST,
} pc_merge_mode;

/* "combine", "first", "last" -> the mode; PC_MERGE_NONE for another word. */
pc_merge_mode pc_merge_mode_by_name(const char *s);

enum { PC_MERGE_MAX_CONFLICTS = 100 };

typedef struct pc_merge_conflict {
    const char *field; /* a field's name (static), "type", or a pass-through name (owned by the merge) */
    char *kept;        /* the value kept (owned), NULL when the kept record has none */
    char *other;       /* the value not kept (owned) */
    const char *kept_file, *other_file; /* not owned: the records' src_file */
    unsigned long kept_line, other_line;
} pc_merge_conflict;

struct pc_merge_names;

typedef struct pc_merge {
    pc_merge_mode mode;
    pc_record out;       /* the merged record so far */
    size_t n_members;
    pc_merge_conflict *conflicts; /* the first PC_MERGE_MAX_CONFLICTS */
    size_t n_conflicts, n_kept_conflicts;
    size_t n_names_enriched; /* names that took a richer given name or a part */
    /* private */
    char *first_key;
    const char *first_file;
    unsigned long first_line;
    pc_strlist ids, owned;
    struct pc_merge_names *names[PC_F_COUNT], *extras; /* indexes of out's names and extras */
} pc_merge;

void pc_merge_init(pc_merge *m, pc_merge_mode mode);
/* Frees everything m holds (the merged record too). */
void pc_merge_free(pc_merge *m);
/* Adds the next member (copied: rec stays the caller's). */
void pc_merge_add(pc_merge *m, const pc_record *rec);
/* Ends the group: the merged record, with its ids; owned by m (the
 * caller may write it, or move it out and pc_record_init m->out). */
pc_record *pc_merge_finish(pc_merge *m);

#endif
