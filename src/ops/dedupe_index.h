/* SPDX-License-Identifier: MIT */
/* dedupe_index.h — which records are one work, for --dedupe: a compact
 * index from identity keys (ops/identity.h) to groups of record numbers.
 *
 * Pass 1 adds every record in input order (its number is the count of
 * records added before it).  A record whose key an earlier record has
 * joins that record's group (union-find over record numbers, so records
 * linked through any chain of shared keys are one group), with one
 * exception: two groups whose DOIs differ are never joined, whatever else
 * links them.  Such a refused link is a conflict: the records stay apart
 * (each in the group it had), the link is counted and the first
 * PC_DEDUPE_MAX_CONFLICTS are kept for -v.  Since a key points at the
 * first record that had it and records are added in input order, the
 * groups depend only on the input (deterministic): with A (DOI x, arXiv
 * a), B (DOI y, arXiv a), C (arXiv a), C joins A's group and B stays
 * alone.
 *
 * pc_dedupe_finish then turns the forest into groups: each record knows
 * its group's first member (the group's smallest number: that record's
 * key and position are the merged record's) and the next member in input
 * order.  Pass 2 asks pc_dedupe_first / pc_dedupe_next.
 *
 * Memory: the keys are not stored, only a 64-bit fingerprint of each
 * (kind and value) with its first record, 12 bytes a slot at most 3/4
 * full, plus 12 bytes per record in pass 1 (parent, the group's DOI
 * fingerprint) and 8 after finish (first member, next member); the key
 * table is freed by pc_dedupe_finish.  About 50 bytes per record with
 * three keys each.  Time: one hash and two near-constant finds per key.
 *
 * Collisions: fingerprints are SipHash-2-4 under a 128-bit key drawn from
 * `seed`.  Two different keys share a fingerprint with probability 2^-64
 * (about 1 in 4 million for ten million distinct keys in one run), and
 * then two records are taken for one work: that risk is accepted, not
 * confirmed (confirming would need the keys).  With a secret seed (the
 * driver draws one per run) no input can aim at a collision; a fixed seed
 * (tests) gives the same fingerprints every run. */
#ifndef PC_OPS_DEDUPE_INDEX_H
#define PC_OPS_DEDUPE_INDEX_H

#include "ops/identity.h"

#include <stdint.h>

#define PC_DEDUPE_NONE UINT32_MAX
enum { PC_DEDUPE_MAX_CONFLICTS = 10000 };

typedef struct pc_dedupe pc_dedupe;

/* One refused link: record `rec` shares a key of kind `kind` with the
 * earlier record `other`, and their groups' DOIs differ. */
typedef struct pc_dedupe_conflict {
    uint32_t rec, other;
    pc_id_kind kind;
} pc_dedupe_conflict;

pc_dedupe *pc_dedupe_new(uint64_t seed);
void pc_dedupe_free(pc_dedupe *d); /* NULL is fine */

/* Pass 1: adds the next record with its keys; returns its number, or
 * PC_DEDUPE_NONE past UINT32_MAX - 1 records (then it is in no group). */
uint32_t pc_dedupe_add(pc_dedupe *d, const pc_identity *id);

/* Ends pass 1 (further adds are ignored). */
void pc_dedupe_finish(pc_dedupe *d);

/* After finish: the first member of rec's group (rec itself when it is
 * the first or alone), and the member after rec (PC_DEDUPE_NONE after the
 * last).  rec out of range: rec, PC_DEDUPE_NONE. */
uint32_t pc_dedupe_first(const pc_dedupe *d, uint32_t rec);
uint32_t pc_dedupe_next(const pc_dedupe *d, uint32_t rec);

/* Counts: records added; groups of two or more (after finish); records
 * merged into an earlier one (after finish); refused links. */
size_t pc_dedupe_n_records(const pc_dedupe *d);
size_t pc_dedupe_n_groups(const pc_dedupe *d);
size_t pc_dedupe_n_merged(const pc_dedupe *d);
size_t pc_dedupe_n_conflicts(const pc_dedupe *d);
/* Conflict i (i < min(n_conflicts, PC_DEDUPE_MAX_CONFLICTS)), in the
 * order found; NULL past the end. */
const pc_dedupe_conflict *pc_dedupe_conflict_at(const pc_dedupe *d, size_t i);

/* Bytes the index holds now (its arrays), for tests and -v. */
size_t pc_dedupe_bytes(const pc_dedupe *d);

/* The fingerprint of a key, for tests (never 0). */
uint64_t pc_dedupe_fingerprint(const pc_dedupe *d, pc_id_kind kind, const char *s, size_t n);

#endif
