/* SPDX-License-Identifier: MIT */
/* extsort.h — an external merge sort of (key, value) byte strings in
 * bounded memory, for --sort on inputs of any size: the keys come from
 * ops/sortkey.h, the values are records in the binary form of
 * model/serial.h.
 *
 * Items are held in memory up to `budget` bytes (items plus 24 bytes of
 * bookkeeping each); past it the held run is sorted and spilled to a
 * temporary file under $TMPDIR (else /tmp; unlinked as soon as it is
 * made, so nothing is left behind even on a crash).  PC_EXTSORT_FANIN
 * runs are merged into one as soon as there are that many, so at most
 * that many files are open and the merge reads each item about
 * log_FANIN(total / budget) + 1 times.  The order is memcmp of the keys
 * (a shorter key that is a prefix of another first), ties in the order
 * the items were added: the sort is stable.  Memory: the budget while
 * adding; while merging, a stdio buffer and the current item per run. */
#ifndef PC_OPS_EXTSORT_H
#define PC_OPS_EXTSORT_H

#include <stdbool.h>
#include <stddef.h>

enum { PC_EXTSORT_FANIN = 32 };

typedef struct pc_extsort pc_extsort;

/* budget in bytes (at least 4096 are used); tmpdir NULL: $TMPDIR, else /tmp. */
pc_extsort *pc_extsort_new(size_t budget, const char *tmpdir);
void pc_extsort_free(pc_extsort *s); /* NULL is fine; closes the temporary files */

/* Adds one item (copied).  False when a temporary file could not be made
 * or written (errno says why); the sort is then unusable. */
bool pc_extsort_add(pc_extsort *s, const char *key, size_t kn, const char *val, size_t vn);

/* Ends adding; false on a temporary file error. */
bool pc_extsort_finish(pc_extsort *s);

/* The next item in order: 1 (the pointers stay valid until the next call),
 * 0 after the last, -1 on a temporary file error. */
int pc_extsort_next(pc_extsort *s, const char **key, size_t *kn, const char **val, size_t *vn);

/* How many runs were spilled to files in all (0: it fitted in memory). */
size_t pc_extsort_spilled(const pc_extsort *s);

#endif
