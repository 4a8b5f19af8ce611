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

/* Line-by-line reading with one line of push-back, for line-based readers
 * (listing, RIS).  Lines come without their "\r\n"; a UTF-8 byte-order
 * mark at the start of the first line is removed. */
typedef struct pc_lines {
    pc_source *src;
    pc_buf line;          /* the current line */
    unsigned long lineno; /* its number, from 1 */
    bool have_line;       /* `line` was pushed back and comes again */
    bool eof;
} pc_lines;

void pc_lines_init(pc_lines *l, pc_source *src);
void pc_lines_free(pc_lines *l);
/* Next line into l->line; false at the end of input. */
bool pc_lines_next(pc_lines *l);
/* Makes the next pc_lines_next return the current line again. */
void pc_lines_unread(pc_lines *l);
/* True if the buffer holds only white space. */
bool pc_buf_is_blank(const pc_buf *b);

#endif
