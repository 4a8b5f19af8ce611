/* SPDX-License-Identifier: MIT */
/* names.h — personal and organisation names, shared by every reader and writer.
 *
 * Parses natural order ("Given von Family Jr."), BibTeX orders ("von Family,
 * Given", "von Family, Jr, Given") and author lists ("A, B and C", with
 * parenthesised affiliations and "et al."), following BibTeX's own rules so
 * that what we write, BibTeX splits the same way (tests/interop checks it).
 *
 * Rules (also in README):
 *  - a lowercase word before the family name starts the particle ("van der");
 *  - a capitalised particle inside a natural-order name (Van, Von, Der, Den,
 *    Dos, Das, Del, Della, De, Di, Da, Du, La, Le, Ten, Ter, Zu) starts the
 *    family name: "Ana Dos Santos" -> given "Ana", family "Dos Santos";
 *  - "al-"/"el-" before a capitalised family name is a particle;
 *  - initials glued to a family name split after the last dot ("J.P.Hague");
 *  - one word is a family name alone (mononym);
 *  - organisations (The ..., ... Collaboration/Consortium/Team/Group/...) are
 *    literal names, never split. */
#ifndef PC_NAMES_H
#define PC_NAMES_H

#include "model/record.h"
#include "util/buf.h"

/* Parses one name (UTF-8, LaTeX already decoded) into *out (cleared first). */
void pc_name_parse(const char *s, size_t n, pc_name *out);
/* Fills *out from API parts (given/family/suffix, any may be NULL), moving a
 * lowercase particle out of the family ("van der Berg") or off the end of
 * the given name ("Ludwig van"). */
void pc_name_from_parts(const char *given, const char *family, const char *suffix, pc_name *out);
/* True if the text names an organisation rather than a person. */
bool pc_name_is_organisation(const char *s, size_t n);
/* True if the word is a name suffix (Jr., Sr., II, III, IV). */
bool pc_name_is_suffix(const char *s, size_t n);

/* Splits a name list ("A (Aff), B and C et al.") and appends each name to
 * `list`; text in parentheses becomes that name's affiliations ("; "
 * separates several); "et al." / "and others" set list->et_al. */
void pc_names_parse_list(const char *s, size_t n, pc_names *list);

/* True if a particle is written joined to the family name, without a
 * space: it ends in "-" or an apostrophe ("al-", "d'"). */
bool pc_particle_joins(const char *particle);

/* Appends "Given particle Family, Suffix" (or the literal). */
void pc_name_display(const pc_name *nm, pc_buf *out);

#endif
