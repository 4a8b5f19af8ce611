/* SPDX-License-Identifier: MIT */
/* test_api.c — paperconv.h under a hostile caller: every public function
 * called with NULL handles, empty, huge and invalid-UTF-8 arguments where
 * the header allows them, out-of-range ids, indexes and options; records
 * built through the setters (odd names, every field) written by every
 * writer and read back; readers over a path, a FILE * (no descriptor) and
 * memory; writers onto a FILE *, a failing callback and a buffer; the
 * allocator hooks (counting, and failing for the handles).  make check
 * runs it under ASan + UBSan + LeakSanitizer too.  Only paperconv.h is
 * used: what a program sees. */
#define _GNU_SOURCE /* fmemopen */
#include "harness.h"
#include "paperconv.h"

#include <limits.h>
#include <stdint.h>

#define OK(h, cond, ...) h_result(h, (cond) ? 1 : 0, __VA_ARGS__)

static const char bad_utf8[] = "caf\xC3 \xFF\xFE overlong \xC0\xAF";

/* ---- the allocator: counting, and failing on demand ------------------------ */

static long n_live;   /* blocks allocated and not freed */
static bool fail_now; /* the next allocations return NULL */

static void *count_malloc(size_t n)
{
    if (fail_now)
        return NULL;
    void *p = malloc(n);
    n_live += p != NULL;
    return p;
}

static void *count_realloc(void *p, size_t n)
{
    if (fail_now)
        return NULL;
    void *q = realloc(p, n);
    n_live += q && !p;
    return q;
}

static void count_free(void *p)
{
    n_live -= p != NULL;
    free(p);
}

/* ---- NULL handles: accessors answer NULL/0/false, the rest PC_ERR_USAGE ------ */

static void null_handles(harness *h)
{
    pc_record_free(NULL);
    pc_record_clear(NULL);
    pc_record_unset(NULL, PC_F_TITLE);
    pc_converter_free(NULL);
    pc_reader_close(NULL);
    pc_writer_free(NULL);
    pc_free(NULL);
    OK(h, pc_record_clone(NULL) == NULL, "pc_record_clone(NULL) is NULL");
    OK(h, pc_record_kind(NULL) == PC_KIND_NONE && !pc_record_key(NULL) && !pc_record_has(NULL, PC_F_TITLE),
       "kind, key, has of a NULL record");
    unsigned long line = 7;
    OK(h, !pc_record_source(NULL, &line) && line == 0 && !pc_record_source(NULL, NULL), "source of a NULL record");
    OK(h, !pc_record_get(NULL, PC_F_TITLE) && !pc_record_text_truncated(NULL, PC_F_TITLE) &&
              !pc_record_markup_count(NULL, PC_F_TITLE) && !pc_record_protected_count(NULL, PC_F_TITLE) &&
              !pc_record_protected(NULL, PC_F_TITLE, 0),
       "text accessors of a NULL record");
    OK(h, pc_record_markup(NULL, PC_F_TITLE, 0, NULL, NULL, NULL) == PC_ERR_USAGE, "pc_record_markup(NULL)");
    OK(h, !pc_record_name_count(NULL, PC_F_AUTHOR) && !pc_record_name_part(NULL, PC_F_AUTHOR, 0, PC_NAME_FAMILY) &&
              !pc_record_name_flags(NULL, PC_F_AUTHOR, 0) && !pc_record_affiliation_count(NULL, PC_F_AUTHOR, 0) &&
              !pc_record_affiliation(NULL, PC_F_AUTHOR, 0, 0) && !pc_record_et_al(NULL, PC_F_AUTHOR),
       "name accessors of a NULL record");
    OK(h, !pc_record_date_part(NULL, PC_F_ISSUED, PC_DATE_YEAR) && !pc_record_date_literal(NULL, PC_F_ISSUED) &&
              !pc_record_list_count(NULL, PC_F_KEYWORD) && !pc_record_list_item(NULL, PC_F_KEYWORD, 0) &&
              !pc_record_passthrough_count(NULL),
       "date, list, pass-through accessors of a NULL record");
    OK(h, pc_record_passthrough(NULL, 0, NULL, NULL, NULL) == PC_ERR_USAGE, "pc_record_passthrough(NULL)");
    pc_status setters[] = {
        pc_record_set_kind(NULL, PC_KIND_BOOK),
        pc_record_set_key(NULL, "k"),
        pc_record_set_text(NULL, PC_F_TITLE, "t", 1),
        pc_record_add_person(NULL, PC_F_AUTHOR, "F", "G", NULL),
        pc_record_add_organization(NULL, PC_F_AUTHOR, "O", NULL),
        pc_record_set_name_part(NULL, PC_F_AUTHOR, 0, PC_NAME_SUFFIX, "Jr."),
        pc_record_set_name_flags(NULL, PC_F_AUTHOR, 0, 0),
        pc_record_add_affiliation(NULL, PC_F_AUTHOR, 0, "A"),
        pc_record_set_et_al(NULL, PC_F_AUTHOR, true),
        pc_record_set_date_parts(NULL, PC_F_ISSUED, 2020, 1, 1),
        pc_record_set_date_part(NULL, PC_F_ISSUED, PC_DATE_DAY, 1),
        pc_record_set_date_text(NULL, PC_F_ISSUED, "soon"),
        pc_record_add_list_item(NULL, PC_F_KEYWORD, "k"),
        pc_record_add_passthrough(NULL, "bibtex", "n", "v"),
    };
    bool all = true;
    for (size_t i = 0; i < sizeof setters / sizeof *setters; i++)
        all = all && setters[i] == PC_ERR_USAGE;
    OK(h, all, "every record setter refuses a NULL record");

    OK(h, !pc_format_name(NULL) && !pc_format_description(NULL) && !pc_format_alias(NULL, 0) &&
              !pc_format_extension(NULL, 0) && !pc_format_can_read(NULL) && !pc_format_can_write(NULL),
       "format accessors of NULL");
    bool amb = true;
    OK(h, !pc_format_find(NULL) && !pc_format_find_reader(NULL) && !pc_format_by_extension(NULL, true) &&
              !pc_format_sniff(NULL, 10, &amb) && !amb &&
              pc_format_sniff("@article{x, title = {T}}", 24, NULL) != NULL,
       "format lookups of NULL (and sniff without *ambiguous)");
    OK(h, !pc_format_at(SIZE_MAX) && !pc_format_at(pc_format_count()), "pc_format_at past the last");

    OK(h, pc_converter_set_option(NULL, PC_OPT_STRICT, 1) == PC_ERR_USAGE &&
              pc_converter_set_string(NULL, PC_OPT_STYLE, "apa") == PC_ERR_USAGE &&
              pc_converter_set_diag(NULL, NULL, NULL) == PC_ERR_USAGE &&
              pc_converter_set_progress(NULL, NULL, NULL) == PC_ERR_USAGE &&
              pc_converter_count(NULL, PC_COUNT_READ) == 0 && pc_converter_drop_count(NULL) == 0 &&
              pc_converter_drop(NULL, 0, NULL, NULL, NULL) == PC_ERR_USAGE &&
              strcmp(pc_converter_errmsg(NULL), "") == 0,
       "converter calls with NULL");
    pc_reader *rd = (pc_reader *)&amb;
    OK(h, pc_reader_open_path(NULL, NULL, NULL, &rd) == PC_ERR_USAGE, "pc_reader_open_path(NULL path)");
    OK(h, pc_reader_open_path(NULL, "x", NULL, NULL) == PC_ERR_USAGE, "pc_reader_open_path(NULL out)");
    OK(h, pc_reader_open_file(NULL, NULL, "x", NULL, &rd) == PC_ERR_USAGE && !rd, "pc_reader_open_file(NULL stream)");
    OK(h, pc_reader_open_memory(NULL, NULL, 5, NULL, NULL, &rd) == PC_ERR_USAGE, "pc_reader_open_memory(NULL, 5)");
    OK(h, pc_reader_next(NULL, NULL) == PC_ERR_USAGE && !pc_reader_format(NULL) &&
              strcmp(pc_reader_errmsg(NULL), "") == 0,
       "reader calls with NULL");
    pc_writer *w = (pc_writer *)&amb;
    const pc_format *bib = pc_format_find("bibtex");
    OK(h, pc_writer_open_file(NULL, bib, NULL, &w) == PC_ERR_USAGE, "pc_writer_open_file(NULL stream)");
    OK(h, pc_writer_open_file(NULL, NULL, stdout, &w) == PC_ERR_USAGE && !w, "pc_writer_open_file(NULL format)");
    OK(h, pc_writer_open_callback(NULL, bib, NULL, NULL, &w) == PC_ERR_USAGE, "pc_writer_open_callback(NULL fn)");
    OK(h, pc_writer_open_buffer(NULL, bib, NULL) == PC_ERR_USAGE, "pc_writer_open_buffer(NULL out)");
    size_t len = 9;
    OK(h, pc_writer_write(NULL, NULL) == PC_ERR_USAGE && pc_writer_finish(NULL) == PC_ERR_USAGE &&
              !pc_writer_data(NULL, &len) && len == 0 && strcmp(pc_writer_errmsg(NULL), "") == 0,
       "writer calls with NULL");
    OK(h, pc_convert(NULL, NULL, 0, NULL) == PC_ERR_USAGE, "pc_convert(NULL writer)");
    char *out = (char *)&amb;
    OK(h, pc_convert_buffer(NULL, NULL, "bibtex", NULL, 0, NULL, NULL) == PC_ERR_USAGE, "pc_convert_buffer(NULL out)");
    OK(h, pc_convert_buffer(NULL, NULL, NULL, "x", 1, &out, NULL) == PC_ERR_USAGE && !out, "pc_convert_buffer(NULL to)");
    OK(h, pc_convert_buffer(NULL, NULL, "bibtex", NULL, 3, &out, &len) == PC_ERR_USAGE && !out && !len,
       "pc_convert_buffer(NULL input, with a length)");
}

/* ---- ids, names, versions, statuses ------------------------------------------ */

static void tables(harness *h)
{
    int ids[] = {INT_MIN, -1, 0, (int)pc_field_count() + 1, INT_MAX};
    bool all = true;
    for (size_t i = 0; i < sizeof ids / sizeof *ids; i++)
        all = all && !pc_field_name((pc_field)ids[i]) && pc_field_value_kind((pc_field)ids[i]) == PC_FK_NONE &&
              pc_field_flags((pc_field)ids[i]) == 0 && strcmp(pc_kind_name((pc_kind)ids[i]), "unknown") == 0 &&
              pc_kind_broader((pc_kind)ids[i]) == PC_KIND_NONE;
    OK(h, all, "field and kind ids out of range");
    OK(h, pc_field_by_name(NULL, 5) == PC_F_NONE && pc_field_by_name("", 0) == PC_F_NONE &&
              pc_field_by_name(bad_utf8, strlen(bad_utf8)) == PC_F_NONE &&
              pc_field_by_name("title", 5) == PC_F_TITLE && pc_field_by_name("titlex", 5) == PC_F_TITLE,
       "pc_field_by_name: NULL, empty, invalid UTF-8, a prefix by length");
    OK(h, pc_kind_by_name(NULL, 3) == PC_KIND_NONE && pc_kind_by_name("", 0) == PC_KIND_NONE &&
              pc_kind_by_name("book", 4) == PC_KIND_BOOK,
       "pc_kind_by_name: NULL, empty, a name");
    char v[32];
    snprintf(v, sizeof v, "%d.%d.%d", PC_VERSION_MAJOR, PC_VERSION_MINOR, PC_VERSION_PATCH);
    OK(h, strcmp(v, PC_VERSION) == 0 && strcmp(pc_version(), PC_VERSION) == 0 &&
              pc_version_number() == PC_VERSION_NUMBER &&
              PC_VERSION_NUMBER == PC_VERSION_MAJOR * 10000 + PC_VERSION_MINOR * 100 + PC_VERSION_PATCH,
       "PC_VERSION = MAJOR.MINOR.PATCH = pc_version(); PC_VERSION_NUMBER = pc_version_number()");
    OK(h, strcmp(pc_status_string(PC_OK), "ok") == 0 && strcmp(pc_status_string((pc_status)-1), "unknown status") == 0 &&
              strcmp(pc_status_string((pc_status)INT_MAX), "unknown status") == 0,
       "pc_status_string, also of values no status has");
    OK(h, pc_set_allocator(malloc, NULL, free) == PC_ERR_USAGE, "pc_set_allocator with one NULL is refused");
}

/* ---- building records ------------------------------------------------------------- */

static void text_setters(harness *h, pc_record *r)
{
    OK(h, pc_record_set_text(r, PC_F_TITLE, bad_utf8, sizeof bad_utf8 - 1) == PC_ERR_USAGE &&
              !pc_record_has(r, PC_F_TITLE),
       "text: invalid UTF-8 is refused, nothing set");
    OK(h, pc_record_set_text(r, PC_F_TITLE, "a\0b", 3) == PC_ERR_USAGE, "text: a NUL inside is refused");
    OK(h, pc_record_set_text(r, PC_F_TITLE, NULL, 4) == PC_ERR_USAGE, "text: NULL with a length is refused");
    OK(h, pc_record_set_text(r, PC_F_AUTHOR, "x", 1) == PC_ERR_USAGE, "text into a name field is refused");
    OK(h, pc_record_set_text(r, (pc_field)INT_MAX, "x", 1) == PC_ERR_USAGE, "text into field INT_MAX is refused");
    OK(h, pc_record_set_text(r, PC_F_TITLE, "Cafe\xCC\x81 {LLM}", strlen("Cafe\xCC\x81 {LLM}")) == PC_OK &&
              strcmp(pc_record_get(r, PC_F_TITLE), "Caf\xC3\xA9 {LLM}") == 0,
       "text is NFC-normalised");
    OK(h, pc_record_set_text(r, PC_F_NOTE, "", 0) == PC_OK && !pc_record_has(r, PC_F_NOTE), "empty text removes");
    size_t big = 4u << 20;
    char *huge = malloc(big);
    memset(huge, 'x', big);
    OK(h, pc_record_set_text(r, PC_F_ABSTRACT, huge, big) == PC_OK && strlen(pc_record_get(r, PC_F_ABSTRACT)) == big,
       "a 4 MB text");
    free(huge);
    OK(h, pc_record_markup(r, PC_F_TITLE, SIZE_MAX, NULL, NULL, NULL) == PC_ERR_USAGE &&
              !pc_record_protected(r, PC_F_TITLE, SIZE_MAX),
       "markup and protected words past the last");
    OK(h, pc_record_set_kind(r, (pc_kind)INT_MAX) == PC_ERR_USAGE && pc_record_set_kind(r, (pc_kind)-1) == PC_ERR_USAGE &&
              pc_record_set_kind(r, PC_KIND_ARTICLE) == PC_OK && pc_record_kind(r) == PC_KIND_ARTICLE,
       "kinds out of range refused, a kind set");
    OK(h, pc_record_set_key(r, bad_utf8) == PC_ERR_USAGE && pc_record_set_key(r, "a key, {odd}") == PC_OK &&
              strcmp(pc_record_key(r), "a key, {odd}") == 0 && pc_record_set_key(r, "") == PC_OK && !pc_record_key(r) &&
              pc_record_set_key(r, "x") == PC_OK,
       "keys: invalid UTF-8 refused, odd kept as given, empty removes");
}

static void name_setters(harness *h, pc_record *r)
{
    size_t i = 99;
    OK(h, pc_record_add_person(r, PC_F_AUTHOR, NULL, NULL, &i) == PC_ERR_USAGE &&
              pc_record_add_person(r, PC_F_AUTHOR, "", "", &i) == PC_ERR_USAGE && i == 99,
       "a person needs a family or given name");
    OK(h, pc_record_add_person(r, PC_F_TITLE, "F", "G", NULL) == PC_ERR_USAGE, "a person in a text field is refused");
    OK(h, pc_record_add_person(r, PC_F_AUTHOR, bad_utf8, "G", NULL) == PC_ERR_USAGE &&
              !pc_record_name_count(r, PC_F_AUTHOR),
       "a person with invalid UTF-8 is refused, no empty list left");
    OK(h, pc_record_add_person(r, PC_F_AUTHOR, "Gaulle", "Charles", &i) == PC_OK && i == 0 &&
              pc_record_set_name_part(r, PC_F_AUTHOR, 0, PC_NAME_PARTICLE, "de") == PC_OK &&
              pc_record_set_name_part(r, PC_F_AUTHOR, 0, PC_NAME_SUFFIX, "Jr.") == PC_OK &&
              pc_record_set_name_part(r, PC_F_AUTHOR, 0, PC_NAME_ORCID, "0000-0002-1825-0097") == PC_OK &&
              pc_record_set_name_flags(r, PC_F_AUTHOR, 0, PC_NAME_COMMA_SUFFIX) == PC_OK &&
              pc_record_add_affiliation(r, PC_F_AUTHOR, 0, "CNRS") == PC_OK &&
              pc_record_add_affiliation(r, PC_F_AUTHOR, 0, "CNRS") == PC_OK &&
              pc_record_affiliation_count(r, PC_F_AUTHOR, 0) == 1,
       "a person with particle, suffix, ORCID, flags, one affiliation (twice)");
    OK(h, pc_record_add_person(r, PC_F_AUTHOR, NULL, "Plato", &i) == PC_OK && i == 1 &&
              pc_record_set_name_part(r, PC_F_AUTHOR, 1, PC_NAME_GIVEN, NULL) == PC_ERR_USAGE &&
              strcmp(pc_record_name_part(r, PC_F_AUTHOR, 1, PC_NAME_GIVEN), "Plato") == 0,
       "a mononym; its last part cannot be removed");
    OK(h, pc_record_add_organization(r, PC_F_AUTHOR, "The ATLAS Collaboration", &i) == PC_OK && i == 2 &&
              pc_record_add_organization(r, PC_F_EDITOR, "", NULL) == PC_ERR_USAGE,
       "an organisation; an empty one refused");
    OK(h, pc_record_set_name_part(r, PC_F_AUTHOR, SIZE_MAX, PC_NAME_FAMILY, "x") == PC_ERR_USAGE &&
              pc_record_set_name_part(r, PC_F_AUTHOR, 0, (pc_name_part)INT_MAX, "x") == PC_ERR_USAGE &&
              pc_record_set_name_part(r, PC_F_AUTHOR, 0, PC_NAME_FAMILY, bad_utf8) == PC_ERR_USAGE &&
              pc_record_set_name_flags(r, PC_F_AUTHOR, 0, ~0u) == PC_ERR_USAGE &&
              pc_record_add_affiliation(r, PC_F_AUTHOR, 7, "x") == PC_ERR_USAGE &&
              pc_record_add_affiliation(r, PC_F_AUTHOR, 0, NULL) == PC_ERR_USAGE,
       "names: index, part, flags out of range, invalid UTF-8, NULL refused");
    OK(h, pc_record_set_et_al(r, PC_F_EDITOR, true) == PC_ERR_USAGE &&
              pc_record_set_et_al(r, PC_F_AUTHOR, true) == PC_OK && pc_record_et_al(r, PC_F_AUTHOR),
       "et al.: not on an empty role");
    OK(h, !pc_record_name_part(r, PC_F_AUTHOR, SIZE_MAX, PC_NAME_FAMILY) &&
              !pc_record_affiliation(r, PC_F_AUTHOR, 0, SIZE_MAX) && pc_record_name_count(r, PC_F_TITLE) == 0,
       "name accessors past the end");
}

static void date_setters(harness *h, pc_record *r)
{
    int bad[][3] = {{2023, 2, 29}, {2024, 13, 1}, {2024, 0, 5}, {INT_MIN, 1, 1}, {INT_MAX, 0, 0},
                    {10000, 1, 1}, {2024, -1, 0}, {2024, 1, 32}, {2024, 4, 31}};
    bool all = true;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        all = all && pc_record_set_date_parts(r, PC_F_ISSUED, bad[i][0], bad[i][1], bad[i][2]) == PC_ERR_USAGE;
    OK(h, all && !pc_record_has(r, PC_F_ISSUED), "dates the model does not hold are refused");
    OK(h, pc_record_set_date_part(r, PC_F_ISSUED, PC_DATE_DAY, 1) == PC_ERR_USAGE, "a part without a year refused");
    OK(h, pc_record_set_date_parts(r, PC_F_ISSUED, -877, 0, 0) == PC_OK &&
              pc_record_set_date_parts(r, PC_F_ISSUED, 2024, 2, 29) == PC_OK &&
              pc_record_set_date_part(r, PC_F_ISSUED, PC_DATE_END_YEAR, 2025) == PC_OK &&
              pc_record_set_date_part(r, PC_F_ISSUED, PC_DATE_END_MONTH, 3) == PC_OK &&
              pc_record_set_date_part(r, PC_F_ISSUED, PC_DATE_END_DAY, 31) == PC_OK &&
              pc_record_set_date_part(r, PC_F_ISSUED, PC_DATE_FLAGS, PC_DATE_CIRCA) == PC_OK &&
              pc_record_date_part(r, PC_F_ISSUED, PC_DATE_END_DAY) == 31 &&
              pc_record_date_part(r, PC_F_ISSUED, PC_DATE_FLAGS) == PC_DATE_CIRCA,
       "a range, circa");
    OK(h, pc_record_set_date_part(r, PC_F_ISSUED, PC_DATE_SEASON, 5) == PC_ERR_USAGE &&
              pc_record_set_date_part(r, PC_F_ISSUED, PC_DATE_FLAGS, -1) == PC_ERR_USAGE &&
              pc_record_set_date_part(r, PC_F_ISSUED, PC_DATE_END_DAY, 32) == PC_ERR_USAGE &&
              pc_record_set_date_part(r, PC_F_ISSUED, (pc_date_part)INT_MAX, 1) == PC_ERR_USAGE &&
              pc_record_set_date_part(r, PC_F_ISSUED, PC_DATE_END_YEAR, INT_MIN) == PC_ERR_USAGE,
       "date parts out of range refused");
    OK(h, pc_record_date_part(r, PC_F_ISSUED, (pc_date_part)INT_MAX) == 0 &&
              pc_record_date_part(r, PC_F_TITLE, PC_DATE_YEAR) == 0,
       "date accessors of no part, of a text field");
    OK(h, pc_record_set_date_text(r, PC_F_ACCESSED, bad_utf8) == PC_ERR_USAGE &&
              pc_record_set_date_text(r, PC_F_ACCESSED, "in press") == PC_OK &&
              strcmp(pc_record_date_literal(r, PC_F_ACCESSED), "in press") == 0 &&
              pc_record_set_date_text(r, PC_F_TITLE, "x") == PC_ERR_USAGE,
       "date literals");
    pc_record_set_date_parts(r, PC_F_ORIGINAL_DATE, 1900, 0, 0);
    OK(h, pc_record_set_date_part(r, PC_F_ORIGINAL_DATE, PC_DATE_SEASON, 2) == PC_OK &&
              pc_record_set_date_part(r, PC_F_ORIGINAL_DATE, PC_DATE_YEAR, 0) == PC_OK &&
              !pc_record_has(r, PC_F_ORIGINAL_DATE),
       "a season; year 0 removes the parts");
}

static void list_setters(harness *h, pc_record *r)
{
    OK(h, pc_record_add_list_item(r, PC_F_KEYWORD, "  graphs ") == PC_OK &&
              pc_record_add_list_item(r, PC_F_KEYWORD, "graphs") == PC_OK &&
              pc_record_add_list_item(r, PC_F_KEYWORD, "   ") == PC_OK &&
              pc_record_list_count(r, PC_F_KEYWORD) == 1 &&
              strcmp(pc_record_list_item(r, PC_F_KEYWORD, 0), "graphs") == 0,
       "lists: trimmed, de-duplicated, blank ignored");
    OK(h, pc_record_add_list_item(r, PC_F_KEYWORD, bad_utf8) == PC_ERR_USAGE &&
              pc_record_add_list_item(r, PC_F_KEYWORD, NULL) == PC_ERR_USAGE &&
              pc_record_add_list_item(r, PC_F_TITLE, "x") == PC_ERR_USAGE &&
              !pc_record_list_item(r, PC_F_KEYWORD, SIZE_MAX),
       "lists: invalid UTF-8, NULL, a text field refused; past the last");
    OK(h, pc_record_add_passthrough(r, "bibtex", "groups", "A, B") == PC_OK &&
              pc_record_add_passthrough(r, "", "n", "v") == PC_ERR_USAGE &&
              pc_record_add_passthrough(r, "bibtex", "", "v") == PC_ERR_USAGE &&
              pc_record_add_passthrough(r, "bibtex", "n", bad_utf8) == PC_ERR_USAGE &&
              pc_record_add_passthrough(r, "bibtex", "n", NULL) == PC_ERR_USAGE,
       "pass-through: one kept; empty family or name, invalid UTF-8, NULL refused");
    const char *fam = NULL, *name = NULL, *value = NULL;
    OK(h, pc_record_passthrough_count(r) == 1 && pc_record_passthrough(r, 0, &fam, &name, &value) == PC_OK &&
              strcmp(fam, "bibtex") == 0 && strcmp(name, "groups") == 0 && strcmp(value, "A, B") == 0 &&
              pc_record_passthrough(r, 1, &fam, NULL, NULL) == PC_ERR_USAGE,
       "pass-through read back; past the last");
    /* the table of family names is bounded: a program cannot grow it without end */
    pc_record *t = pc_record_new();
    pc_status last = PC_OK;
    char fam_name[32];
    for (int i = 0; i < 100 && last == PC_OK; i++) {
        snprintf(fam_name, sizeof fam_name, "family-%d", i);
        last = pc_record_add_passthrough(t, fam_name, "n", "v");
    }
    OK(h, last == PC_ERR_USAGE && pc_record_add_passthrough(t, "bibtex", "n", "v") == PC_OK,
       "past 64 family names, a new one is refused (a known one is not)");
    pc_record_free(t);
}

/* Sets every field of the table (each kind of value) on r. */
static void every_field(pc_record *r)
{
    for (size_t f = 1; f <= pc_field_count(); f++) {
        const char *name = pc_field_name((pc_field)f);
        switch (pc_field_value_kind((pc_field)f)) {
        case PC_FK_TEXT: pc_record_set_text(r, (pc_field)f, name, strlen(name)); break;
        case PC_FK_NUMBER: pc_record_set_text(r, (pc_field)f, "12", 2); break;
        case PC_FK_NAME: pc_record_add_person(r, (pc_field)f, "Name\x01\x7f", "Odd \"quoted\" {brace}", NULL); break;
        case PC_FK_DATE: pc_record_set_date_parts(r, (pc_field)f, 2001, 2, 3); break;
        case PC_FK_LIST: pc_record_add_list_item(r, (pc_field)f, "https://example.org/{x}%20y"); break;
        case PC_FK_NONE: break;
        }
    }
}

/* A record of hostile values: controls, markup characters of every
 * format, braces, an unbalanced one, a huge title. */
static pc_record *hostile_record(void)
{
    pc_record *r = pc_record_new();
    static const char title[] = "\x01\x02\x7f<i>&amp;</i> {unbalanced \\emph{x} $\\alpha$ % # ~ ^ _ \" ' TY  - ER  -\n\n";
    pc_record_set_text(r, PC_F_TITLE, title, sizeof title - 1);
    pc_record_set_key(r, "key with spaces, {braces} and \"quotes\"");
    pc_record_add_person(r, PC_F_AUTHOR, "}", "{", NULL);
    pc_record_add_person(r, PC_F_AUTHOR, "and", "and", NULL);
    pc_record_add_organization(r, PC_F_EDITOR, "\\}\\", NULL);
    pc_record_set_date_parts(r, PC_F_ISSUED, -9999, 12, 31);
    pc_record_set_date_text(r, PC_F_ACCESSED, "}\n{");
    pc_record_add_passthrough(r, "bibtex", "x}", "{");
    pc_record_add_passthrough(r, "ris", "M1", "\n");
    pc_record_add_passthrough(r, "csl", "note", "\"");
    return r;
}

/* Writes recs with every writer into a buffer; readable outputs are read
 * back and must give as many records. */
static void every_writer(harness *h, pc_record **recs, size_t n, const char *what)
{
    for (size_t i = 0; i < pc_format_count(); i++) {
        const pc_format *f = pc_format_at(i);
        if (!pc_format_can_write(f))
            continue;
        pc_converter *c = pc_converter_new();
        pc_writer *w = NULL;
        pc_status st = pc_writer_open_buffer(c, f, &w);
        for (size_t k = 0; k < n && st == PC_OK; k++)
            st = pc_writer_write(w, recs[k]);
        pc_status end = pc_writer_finish(w);
        size_t len = 0;
        const char *data = pc_writer_data(w, &len);
        OK(h, st == PC_OK && end == PC_OK && data && strlen(data) == len,
           "%s: %s writes them (%s, %s)", what, pc_format_name(f), pc_status_string(st), pc_status_string(end));
        if (end != PC_OK)
            printf("#   %s\n", pc_writer_errmsg(w));
        if (pc_format_can_read(f) && data) { /* read back by the same format */
            const pc_format *back = f;
            pc_reader *rd = NULL;
            size_t got = 0;
            pc_record *rec = pc_record_new();
            st = pc_reader_open_memory(NULL, data, len, "out", back, &rd);
            while (st == PC_OK && (st = pc_reader_next(rd, rec)) == PC_OK)
                got++;
            OK(h, st == PC_END && got == n, "%s: %s reads its own output back (%zu of %zu records, %s)", what,
               pc_format_name(f), got, n, pc_status_string(st));
            pc_reader_close(rd);
            pc_record_free(rec);
        }
        pc_writer_free(w);
        pc_converter_free(c);
    }
}

static void records(harness *h)
{
    pc_record *r = pc_record_new();
    text_setters(h, r);
    name_setters(h, r);
    date_setters(h, r);
    list_setters(h, r);
    pc_record *c = pc_record_clone(r);
    pc_record_free(r);
    OK(h, c && strcmp(pc_record_get(c, PC_F_TITLE), "Caf\xC3\xA9 {LLM}") == 0 &&
              strcmp(pc_record_name_part(c, PC_F_AUTHOR, 0, PC_NAME_PARTICLE), "de") == 0 &&
              pc_record_affiliation_count(c, PC_F_AUTHOR, 0) == 1 && pc_record_et_al(c, PC_F_AUTHOR) &&
              pc_record_date_part(c, PC_F_ISSUED, PC_DATE_END_YEAR) == 2025 &&
              pc_record_list_count(c, PC_F_KEYWORD) == 1 && pc_record_passthrough_count(c) == 1 &&
              pc_record_kind(c) == PC_KIND_ARTICLE,
       "a clone outlives its original, with everything");
    pc_record *all = pc_record_new();
    every_field(all);
    pc_record_set_kind(all, PC_KIND_BOOK);
    pc_record *hostile = hostile_record();
    pc_record *empty = pc_record_new();
    pc_record *recs[] = {c, all, hostile, empty};
    every_writer(h, recs, 4, "built records");
    pc_record_clear(c);
    OK(h, !pc_record_has(c, PC_F_TITLE) && !pc_record_key(c) && pc_record_kind(c) == PC_KIND_NONE,
       "pc_record_clear empties");
    pc_record_free(c);
    pc_record_free(all);
    pc_record_free(hostile);
    pc_record_free(empty);
}

/* ---- readers ------------------------------------------------------------------------ */

static const char bib[] = "@book{parent, title = {Parent}, publisher = {P}, year = 2001}\n"
                          "@inbook{child, crossref = {parent}, title = {Child}, author = {Doe, Jane}}\n"
                          "@article{broken, title = {Unclosed\n";

/* Reads rd to its end; the records read, *end the last status, *child
 * (when not NULL) a copy of the record keyed "child". */
static size_t read_all(pc_reader *rd, pc_status *end, pc_record **child)
{
    pc_record *rec = pc_record_new();
    size_t n = 0;
    pc_status st;
    while ((st = pc_reader_next(rd, rec)) == PC_OK || st == PC_SKIPPED) {
        n += st == PC_OK;
        if (st == PC_OK && child && pc_record_key(rec) && strcmp(pc_record_key(rec), "child") == 0) {
            pc_record_free(*child);
            *child = pc_record_clone(rec);
        }
    }
    *end = st;
    pc_record_free(rec);
    return n;
}

/* The container title of *child, or "". */
static const char *container(pc_record *const *child)
{
    const char *s = *child ? pc_record_get(*child, PC_F_CONTAINER_TITLE) : NULL;
    return s ? s : "";
}

static void readers(harness *h, const char *root)
{
    pc_converter *c = pc_converter_new();
    pc_reader *rd = NULL;
    pc_status end;
    pc_record *child = NULL, *rec = pc_record_new();
    /* memory: BibTeX with a crossref (resolved without opening anything
     * by the input's name) and a broken entry at the end */
    OK(h, pc_reader_open_memory(c, bib, sizeof bib - 1, "refs.bib", NULL, &rd) == PC_OK &&
              strcmp(pc_format_name(pc_reader_format(rd)), "bibtex") == 0,
       "memory: opened, told BibTeX by content");
    size_t n = read_all(rd, &end, &child);
    OK(h, n == 2 && pc_converter_count(c, PC_COUNT_READ) == 3 && pc_converter_count(c, PC_COUNT_SKIPPED) == 1 &&
              strcmp(container(&child), "Parent") == 0,
       "memory: 2 records read, the crossref resolved, the broken one skipped (%zu)", n);
    OK(h, pc_reader_next(rd, rec) == end && pc_reader_next(rd, rec) == end,
       "memory: every call after the end returns the same (%s)", pc_status_string(end));
    pc_reader_close(rd);
    OK(h, strstr(pc_converter_errmsg(c), "refs.bib:") != NULL, "the skipped record's error is the last error: %s",
       pc_converter_errmsg(c));
    /* a FILE * with no descriptor (fmemopen): read through stdio */
    FILE *f = fmemopen((void *)bib, sizeof bib - 1, "r");
    OK(h, f && pc_reader_open_file(c, f, NULL, pc_format_find("bibtex"), &rd) == PC_OK, "FILE *: opened");
    pc_record_free(child);
    child = NULL;
    n = read_all(rd, &end, &child);
    OK(h, n == 2 && strcmp(container(&child), "Parent") == 0,
       "FILE *: 2 records, the crossref resolved from what was read (%zu)", n);
    pc_reader_close(rd);
    fclose(f);
    /* paths */
    char path[1024];
    snprintf(path, sizeof path, "%s/samples/references.bib", root);
    OK(h, pc_reader_open_path(NULL, path, NULL, &rd) == PC_OK, "path: opened with a converter of its own");
    n = read_all(rd, &end, NULL);
    OK(h, n > 0 && end == PC_END, "path: %zu records, then the end", n);
    pc_reader_close(rd);
    bool ok = pc_reader_open_path(c, "/no/such/file.bib", NULL, &rd) == PC_ERR_IO && !rd &&
              strstr(pc_converter_errmsg(c), "/no/such/file.bib") != NULL;
    OK(h, ok, "path: a missing file is PC_ERR_IO, said: %s", pc_converter_errmsg(c));
    OK(h, pc_reader_open_path(c, root, NULL, &rd) == PC_ERR_IO && !rd, "path: a directory is PC_ERR_IO");
    OK(h, pc_reader_open_memory(c, "x", 1, NULL, pc_format_find("html"), &rd) == PC_ERR_USAGE && !rd,
       "a writer-only format cannot read: PC_ERR_USAGE");
    /* content no reader knows, invalid UTF-8, empty */
    ok = pc_reader_open_memory(c, bad_utf8, sizeof bad_utf8 - 1, NULL, NULL, &rd) == PC_ERR_INPUT && !rd;
    OK(h, ok, "memory: content no reader knows is PC_ERR_INPUT: %s", pc_converter_errmsg(c));
    OK(h, pc_reader_open_memory(c, NULL, 0, NULL, NULL, &rd) == PC_OK && !pc_reader_format(rd) &&
              pc_reader_next(rd, rec) == PC_END,
       "memory: an empty input has no record");
    pc_reader_close(rd);
    /* every reader over hostile bytes: never a crash */
    for (size_t i = 0; i < pc_format_count(); i++) {
        const pc_format *fm = pc_format_at(i);
        if (!pc_format_can_read(fm))
            continue;
        static const char *const junk[] = {bad_utf8, "", "\xEF\xBB\xBF", "{\"a\":[[[[[", "TY  - \nER  -",
                                           "@a{", "<?xml version=\"1.0\"?><feed><entry>", "---\n- [",
                                           "\xFF\xFE\x00\x00"};
        bool fine = true;
        for (size_t k = 0; k < sizeof junk / sizeof *junk; k++) {
            pc_status st = pc_reader_open_memory(c, junk[k], strlen(junk[k]), "junk", fm, &rd);
            if (st == PC_OK) {
                read_all(rd, &end, NULL);
                fine = fine && (end == PC_END || end == PC_ERR_INPUT);
            } else {
                fine = fine && st == PC_ERR_INPUT && !rd;
            }
            pc_reader_close(rd);
            rd = NULL;
        }
        OK(h, fine, "%s: hostile bytes end in PC_END or PC_ERR_INPUT", pc_format_name(fm));
    }
    pc_record_free(child);
    pc_record_free(rec);
    pc_converter_free(c);
}

/* ---- writers and conversions ---------------------------------------------------- */

static bool refuse_all(void *user, const char *data, size_t n)
{
    (void)user, (void)data, (void)n;
    return false;
}

static bool keep_all(void *user, const char *data, size_t n)
{
    size_t *total = user;
    (void)data;
    *total += n;
    return true;
}

static void writers(harness *h, const char *root)
{
    pc_converter *c = pc_converter_new();
    pc_writer *w = NULL;
    const pc_format *atom = pc_format_find("atom"), *ris = pc_format_find("ris");
    bool ok = atom && !pc_format_can_write(atom) && pc_writer_open_buffer(c, atom, &w) == PC_ERR_USAGE && !w &&
              strstr(pc_converter_errmsg(c), "atom") != NULL;
    OK(h, ok, "a reader-only format as the output is PC_ERR_USAGE: %s", pc_converter_errmsg(c));
    /* a callback that refuses everything */
    OK(h, pc_writer_open_callback(c, ris, refuse_all, NULL, &w) == PC_OK, "callback writer opened");
    pc_record *r = hostile_record();
    pc_status st = pc_writer_write(w, r);
    pc_status end = pc_writer_finish(w);
    OK(h, end == PC_ERR_IO && pc_converter_count(c, PC_COUNT_OUTPUT_FAILED) == 1 &&
              strstr(pc_writer_errmsg(w), "cannot write the output") != NULL,
       "a failing callback: PC_ERR_IO, said once (%s, %s)", pc_status_string(st), pc_writer_errmsg(w));
    OK(h, pc_writer_finish(w) == PC_ERR_IO && pc_writer_write(w, r) == PC_ERR_USAGE && !pc_writer_data(w, NULL),
       "after finishing: the same status, no more records, no data (not a buffer)");
    pc_writer_free(w);
    /* a callback that keeps everything; a writer freed unfinished */
    size_t total = 0;
    pc_converter *c2 = pc_converter_new();
    OK(h, pc_writer_open_callback(c2, ris, keep_all, &total, &w) == PC_OK && pc_writer_write(w, r) == PC_OK,
       "callback writer writes");
    pc_writer_free(w); /* finishes the document */
    OK(h, total > 0 && pc_converter_count(c2, PC_COUNT_WRITTEN) == 1, "freeing a writer finishes it (%zu bytes)", total);
    /* the keys a writer gives */
    pc_writer_open_buffer(c2, pc_format_find("bibtex"), &w);
    pc_record *a = pc_record_new(), *b = pc_record_new();
    pc_record_set_key(a, "Same");
    pc_record_set_key(b, "same");
    pc_writer_write(w, a);
    pc_writer_write(w, b);
    OK(h, pc_writer_data(w, NULL) == NULL, "no data before pc_writer_finish");
    pc_writer_finish(w);
    OK(h, strcmp(pc_record_key(a), "Same") == 0 && strcmp(pc_record_key(b), "Same") != 0 &&
              strstr(pc_writer_data(w, NULL), pc_record_key(b)) != NULL,
       "keys unique the way BibTeX compares them (without case): %s", pc_record_key(b));
    pc_writer_free(w);
    pc_record_free(a);
    pc_record_free(b);
    /* pc_convert */
    pc_writer_open_buffer(c2, ris, &w);
    const char *none[] = {NULL};
    OK(h, pc_convert(w, NULL, 2, NULL) == PC_ERR_USAGE && pc_convert(w, none, 1, NULL) == PC_ERR_USAGE &&
              pc_convert(w, NULL, 0, pc_format_find("html")) == PC_ERR_USAGE,
       "pc_convert: NULL paths, a NULL path, a writer-only format as input: PC_ERR_USAGE");
    char p1[1024], p2[1024];
    snprintf(p1, sizeof p1, "%s/samples/references.bib", root);
    snprintf(p2, sizeof p2, "%s/samples/zotero-export.ris", root);
    const char *paths[] = {p1, p2, "/no/such/input.ris"};
    OK(h, pc_convert(w, paths, 2, NULL) == PC_OK, "pc_convert: two files into one writer");
    OK(h, pc_convert(w, paths + 2, 1, NULL) == PC_ERR_INPUT, "pc_convert: a missing file is PC_ERR_INPUT");
    OK(h, pc_writer_finish(w) == PC_ERR_INPUT && strlen(pc_writer_data(w, NULL)) > 100,
       "pc_writer_finish says the document misses an input");
    OK(h, pc_convert(w, paths, 1, NULL) == PC_ERR_USAGE, "pc_convert into a finished writer: PC_ERR_USAGE");
    pc_writer_free(w);
    pc_converter_free(c2);
    pc_record_free(r);
    pc_converter_free(c);
}

static void buffers(harness *h)
{
    char *out = NULL;
    size_t len = 0;
    static const char item[] = "[{\"id\": \"k\", \"type\": \"book\", \"title\": \"T\", \"groups\": 1}]";
    OK(h, pc_convert_buffer(NULL, NULL, "bibtex", item, sizeof item - 1, &out, &len) == PC_OK && out &&
              strlen(out) == len && strstr(out, "@book{k,") != NULL,
       "CSL-JSON to BibTeX in one call");
    pc_free(out);
    pc_converter *c = pc_converter_new();
    OK(h, pc_convert_buffer(c, "csljson", "ris", item, sizeof item - 1, &out, NULL) == PC_OK &&
              pc_converter_drop_count(c) >= 1,
       "a value RIS has no place for is counted (%zu)", pc_converter_drop_count(c));
    const char *fmt = NULL, *field = NULL;
    unsigned long n = 0;
    OK(h, pc_converter_drop(c, 0, &fmt, &field, &n) == PC_OK && strcmp(fmt, "ris") == 0 && n == 1 &&
              pc_converter_drop(c, SIZE_MAX, NULL, NULL, NULL) == PC_ERR_USAGE,
       "the drop tally: %s lost %s", fmt ? fmt : "?", field ? field : "?");
    pc_free(out);
    bool ok = pc_convert_buffer(c, "nosuch", "ris", "x", 1, &out, NULL) == PC_ERR_USAGE && !out &&
              pc_convert_buffer(c, NULL, "nosuch", "x", 1, &out, NULL) == PC_ERR_USAGE &&
              pc_convert_buffer(c, "html", "ris", "x", 1, &out, NULL) == PC_ERR_USAGE &&
              pc_convert_buffer(c, NULL, "atom", "x", 1, &out, NULL) == PC_ERR_USAGE && !out;
    OK(h, ok, "unknown formats, a writer as input, a reader as output: PC_ERR_USAGE (%s)", pc_converter_errmsg(c));
    OK(h, pc_convert_buffer(c, NULL, "csljson", "", 0, &out, &len) == PC_OK && out, "an empty input: %s", out ? out : "");
    pc_free(out);
    OK(h, pc_convert_buffer(c, NULL, "csljson", bad_utf8, sizeof bad_utf8 - 1, &out, &len) == PC_ERR_INPUT && out,
       "content no reader knows: PC_ERR_INPUT, the (empty) document still given");
    pc_free(out);
    OK(h, pc_convert_buffer(c, "bibtex", "csljson", bad_utf8, sizeof bad_utf8 - 1, &out, &len) != PC_OK && out,
       "invalid UTF-8 read as BibTeX: an error, no crash");
    pc_free(out);
    /* huge: 20 000 records in one buffer */
    {
        size_t cap = 20000 * 64, used = 0;
        char *big = malloc(cap);
        for (int i = 0; i < 20000; i++)
            used += (size_t)snprintf(big + used, cap - used, "@misc{k%d, title = {Title %d}}\n", i, i);
        OK(h, pc_convert_buffer(c, NULL, "ris", big, used, &out, &len) == PC_OK && len > used,
           "20 000 records in one buffer (%zu bytes out)", len);
        pc_free(out);
        free(big);
    }
    /* options */
    OK(h, pc_converter_set_option(c, PC_OPT_STRICT, 2) == PC_ERR_USAGE &&
              pc_converter_set_option(c, PC_OPT_DATE, INT_MAX) == PC_ERR_USAGE &&
              pc_converter_set_option(c, PC_OPT_VERBOSE, -1) == PC_ERR_USAGE &&
              pc_converter_set_option(c, PC_OPT_ENCODING, 1) == PC_ERR_USAGE &&
              pc_converter_set_option(c, (pc_option)INT_MAX, 1) == PC_ERR_USAGE &&
              pc_converter_set_string(c, PC_OPT_STRICT, "x") == PC_ERR_USAGE &&
              pc_converter_set_string(c, PC_OPT_ENCODING, "no-such-encoding") == PC_ERR_USAGE &&
              pc_converter_set_string(c, PC_OPT_ENCODING, bad_utf8) == PC_ERR_USAGE,
       "options out of range, of the other type, an unknown encoding: PC_ERR_USAGE");
    static const char latin1[] = "@misc{k, title = {Caf\xE9}}\n";
    OK(h, pc_converter_set_string(c, PC_OPT_ENCODING, "latin1") == PC_OK &&
              pc_convert_buffer(c, "bibtex", "csljson", latin1, sizeof latin1 - 1, &out, NULL) == PC_OK &&
              strstr(out, "Caf\xC3\xA9") != NULL,
       "an encoding option, copied, applies");
    pc_free(out);
    OK(h, pc_converter_set_string(c, PC_OPT_ENCODING, NULL) == PC_OK && pc_converter_set_option(c, PC_OPT_STRICT, 1) == PC_OK &&
              pc_converter_count(c, (pc_counter)INT_MAX) == 0,
       "options reset; a counter out of range is 0");
    pc_converter_free(c);
}

/* ---- the allocator ----------------------------------------------------------------- */

static void allocator(harness *h, const char *root)
{
    OK(h, pc_set_allocator(count_malloc, count_realloc, count_free) == PC_OK, "a counting allocator installed");
    long before = n_live;
    char path[1024];
    snprintf(path, sizeof path, "%s/samples/references.bib", root);
    pc_converter *c = pc_converter_new();
    pc_writer *w = NULL;
    pc_writer_open_buffer(c, pc_format_find("csljson"), &w);
    const char *paths[] = {path};
    pc_status st = pc_convert(w, paths, 1, NULL);
    pc_writer_finish(w);
    long during = n_live - before;
    pc_writer_free(w);
    pc_converter_free(c);
    OK(h, st == PC_OK && during > 0 && n_live == before,
       "a whole conversion allocates through it (%ld blocks live at its end) and frees it all", during);
    fail_now = true;
    pc_reader *rd = (pc_reader *)&st;
    bool none = !pc_record_new() && !pc_converter_new() &&
                pc_reader_open_memory(NULL, "x", 1, NULL, NULL, &rd) == PC_ERR_NOMEM && !rd &&
                pc_writer_open_buffer(NULL, pc_format_find("ris"), &w) == PC_ERR_NOMEM && !w;
    fail_now = false;
    OK(h, none, "with no memory, constructors return NULL or PC_ERR_NOMEM");
    OK(h, pc_set_allocator(NULL, NULL, NULL) == PC_OK, "the default allocator back");
}

int main(int argc, char **argv)
{
    harness h = {.root = argc > 1 ? argv[1] : "."};
    null_handles(&h);
    tables(&h);
    records(&h);
    readers(&h, h.root);
    writers(&h, h.root);
    buffers(&h);
    allocator(&h, h.root);
    return h_done(&h);
}
