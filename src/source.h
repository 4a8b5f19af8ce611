/* source.h — buffered byte input with look-ahead, for readers.
 *
 * A pc_source reads a file descriptor (or a memory block) through one
 * fixed-size buffer, so memory does not grow with the input.  Readers pull
 * lines or raw blocks; the format detector peeks at the first bytes without
 * consuming them. */
#ifndef PC_SOURCE_H
#define PC_SOURCE_H

#include "paperconv.h"
#include "util.h"

#include <sys/types.h>

/* Makes up to `want` bytes available without consuming them; returns how many
 * are (fewer only at end of input or on error) and points *p at them. */
size_t pc_source_peek(pc_source *src, size_t want, const char **p);
/* Copies up to n bytes; returns the count, 0 at end, -1 on a read error. */
ssize_t pc_source_read(pc_source *src, char *dst, size_t n);
/* Reads one line into `line` (cleared first) without its "\n" (a "\r" before
 * it is kept: readers decide).  Returns false at end of input or on error. */
bool pc_source_getline(pc_source *src, pc_buf *line);
/* errno of the first read error, 0 if none. */
int pc_source_error(const pc_source *src);
/* Bytes consumed so far. */
unsigned long long pc_source_offset(const pc_source *src);

#endif
