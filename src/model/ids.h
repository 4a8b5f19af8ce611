/* SPDX-License-Identifier: MIT */
/* ids.h — identifiers every format meets: DOIs and arXiv ids, in all the
 * spellings readers find them (bare, "doi:", resolver URLs, "arXiv:",
 * arxiv.org URLs, the arXiv DOI).  One parser, shared by every reader. */
#ifndef PC_IDS_H
#define PC_IDS_H

#include "model/record.h"
#include "util/buf.h"

/* The bare DOI ("10.1234/x") in [s, s+n): bare, "doi:…", a doi.org or
 * dx.doi.org URL, or any URL holding "/10.…/…"; the first of several
 * space-separated ones.  Writes it to `out` (cleared) and returns true, or
 * false if there is no DOI. */
bool pc_doi_parse(const char *s, size_t n, pc_buf *out);

/* Reads an arXiv id at the start of [s, s+n): new style 2610.01234 (4.4 or
 * 4.5 digits) or old style math/0211159, hep-th/9901001 (a subject class,
 * math.AG/0211159, is dropped: the canonical id has none), then "vN".
 * Writes the id without version to `id` (cleared), the version (0 if none)
 * to *version, and returns the length read, or 0 if no id starts there. */
size_t pc_arxiv_scan(const char *s, size_t n, pc_buf *id, int *version);

/* True if all of [s, s+n) (trimmed) is an arXiv id: bare, "arXiv:ID",
 * an arxiv.org abs/pdf URL, or the arXiv DOI 10.48550/arXiv.ID; fills
 * id and *version as pc_arxiv_scan does. */
bool pc_arxiv_parse(const char *s, size_t n, pc_buf *id, int *version);

/* An ORCID iD is 19 bytes: four groups of four digits joined by "-", the
 * last character a digit or X (0000-0002-1825-0097). */
#define PC_ORCID_LEN 19

/* The ORCID iD [s, s+n) holds, bare or as an orcid.org URL ("https://
 * orcid.org/0000-...", any scheme or subdomain, any case, trailing
 * slashes), white space around: *id points at its PC_ORCID_LEN bytes inside
 * s.  False if s holds no ORCID iD.  The one reading of an ORCID for every
 * reader (Atom person URIs, Crossref and OpenAlex authors, CSL names). */
bool pc_orcid_parse(const char *s, size_t n, const char **id);


#endif
