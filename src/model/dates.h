/* SPDX-License-Identifier: MIT */
/* dates.h — date parsing and formatting shared by every format.
 *
 * Reads ISO 8601 (2026-10-02, 2026-10, 2026, with a time), RIS slashes
 * (2026/10/02/, 2026///), RFC 822 (Mon, 2 Apr 2007 19:18:42 GMT) and
 * written dates in English, French, German and Spanish ("2 octobre 2026",
 * "1er octobre 2026", "October 2, 2026", "Oct. 2, 2026", "févr. 2026"),
 * month names with or without accents. */
#ifndef PC_DATES_H
#define PC_DATES_H

#include "model/record.h"
#include "util/buf.h"

/* Parses [s, s+n); false (and *d zeroed) if it is not a date we know. */
bool pc_date_parse(const char *s, size_t n, pc_date *d);
/* True if the parts make a real date (unknown parts are 0 and allowed, but a
 * day needs a month and a month needs a year). */
bool pc_date_valid(const pc_date *d);
/* Appends ISO 8601 with only the known parts: 2026-10-02, 2026-10, 2026.
 * Its years are astronomical, the model's are CSL's: the model's -877
 * (877 BC) is -0876, its -1 (1 BC) 0000; pc_date_parse_edtf reads them
 * back so. */
void pc_date_iso(const pc_date *d, pc_buf *out);
/* Parses an EDTF date (ISO 8601-2 levels 0 and 1, as CSL and biblatex
 * write them): -0876, 2011-05-25, 2011-05~, 2011?, 2011-23 (a season),
 * 2011-05/2012-02 (a range), 2011/.. and ../2011 (open).  False (and *d
 * zeroed) when [s, s+n) is not one.
 * Also: a range of seasons (2012-22/2012-23: the end's in end_season); an
 * unknown start or end, /2011 and 2011/, read as open (CSL and pandoc
 * cannot tell unknown from open); date-times (2004-01-01T10:10:10Z, a
 * range of two), whose time of day the model does not keep. */
bool pc_date_parse_edtf(const char *s, size_t n, pc_date *d);
/* Appends d as EDTF: the reverse of pc_date_parse_edtf. */
void pc_date_edtf(const pc_date *d, pc_buf *out);
/* Month number for a month name or abbreviation in any supported language
 * (case and accents ignored, trailing '.' allowed); 0 if none. */
int pc_month_from_name(const char *s, size_t n);
/* BibTeX month macro ("jan".."dec") for 1..12, else NULL. */
const char *pc_month_macro(int month);

#endif
