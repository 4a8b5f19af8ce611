/* SPDX-License-Identifier: MIT */
/* format.c — the two formats of formats/bibtex/: `bibtex` and `biblatex`
 * read the same (both dialects, read.c) and write their own dialect
 * (write.c); their field maps are map.c's two tables. */
#include "bibtex.h"

static const char *const bibtex_aliases[] = {"bib", NULL};
static const char *const bibtex_exts[] = {"bib", "bibtex", NULL};
static const char *const biblatex_aliases[] = {"biber", NULL};
static const char *const no_exts[] = {NULL};

const pc_format pc_format_bibtex = {
    .name = "bibtex",
    .aliases = bibtex_aliases,
    .extensions = bibtex_exts,
    .description = "BibTeX database (.bib): reads BibTeX and biblatex, writes classic BibTeX",
    .sniff = pc_bib_sniff,
    .read_open = pc_bib_read_open_classic,
    .read_next = pc_bib_read_next,
    .read_close = pc_bib_read_close,
    .write_begin = pc_bib_write_begin_classic,
    .write_record = pc_bib_write,
    .write_end = pc_bib_write_end,
    .map = pc_bib_classic_rows,
    .map_len = PC_BIB_N_ROWS,
    .keys_fold_case = true, /* bibtex: "Repeated entry" is case-folded */
    .encoding_header = pc_encoding_jabref, /* JabRef's "% Encoding: NAME" */
    .chunker = &pc_bib_chunker,
};

const pc_format pc_format_biblatex = {
    .name = "biblatex",
    .aliases = biblatex_aliases,
    .extensions = no_exts,
    .description = "biblatex database (.bib): reads BibTeX and biblatex, writes biblatex",
    .read_open = pc_bib_read_open_biblatex,
    .read_next = pc_bib_read_next,
    .read_close = pc_bib_read_close,
    .write_begin = pc_bib_write_begin_biblatex,
    .write_record = pc_bib_write,
    .write_end = pc_bib_write_end,
    .map = pc_bib_biblatex_rows,
    .map_len = PC_BIB_N_ROWS,
    .keys_fold_case = true, /* biblatex with backend=bibtex; biber is byte-wise */
    .encoding_header = pc_encoding_jabref,
    .chunker = &pc_bib_chunker,
};
