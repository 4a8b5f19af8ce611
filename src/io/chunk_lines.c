/* SPDX-License-Identifier: MIT */
/* chunk_lines.c — the line walk of the chunkers whose records end at a
 * line of some shape (RIS's "ER  -", WoS's ER, a blank line of the other
 * tagged formats): pc_chunk_by_lines (format_table.h). */
#include "io/format_table.h"

#include <string.h>

size_t pc_chunk_by_lines(const char *p, size_t n, size_t from, pc_chunk_line_fn ends)
{
    size_t i = from;
    if (i > 0 && i < n && p[i - 1] != '\n') { /* from the next line start */
        const char *lf = memchr(p + i, '\n', n - i);
        if (!lf)
            return 0;
        i = (size_t)(lf - p) + 1;
    }
    while (i < n) {
        const char *lf = memchr(p + i, '\n', n - i);
        if (!lf)
            return 0;
        size_t e = (size_t)(lf - p), cut = ends(p, n, i, e);
        if (cut)
            return cut;
        i = e + 1;
    }
    return 0;
}
