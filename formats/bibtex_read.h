/* bibtex_read.h — the BibTeX / biblatex reader (issue 6), plugged into
 * pc_format_bibtex by formats/bibtex.c.  See bibtex_read.c for what is
 * read, kept and skipped. */
#ifndef PC_BIBTEX_READ_H
#define PC_BIBTEX_READ_H

#include "paperconv/format.h"

/* Reader state over src (not owned); never NULL. */
void *pc_bibtex_read_open(pc_source *src, pc_ctx *ctx);
/* Fills rec with the next entry; PC_READ_SKIP after reporting a bad one. */
pc_read_status pc_bibtex_read_next(void *state, pc_record *rec);
/* Reports the fields it dropped (one note each, with -v) and frees state. */
void pc_bibtex_read_close(void *state);
/* Sniffer: a line starting with "@type{" (or "@type("). */
int pc_bibtex_sniff(const char *head, size_t n);

#endif
