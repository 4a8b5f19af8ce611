/* SPDX-License-Identifier: MIT */
/* fields.c — the field table and the kind table (include/paperconv/
 * fields.def and kinds.def) and lookups by name.
 *
 * Names are found by binary search in an index sorted by (length, bytes)
 * that the Makefile generates from fields.def ($(BUILD)/fields_index.inc),
 * so the table is written once. */
#include "model/record.h"
#include "util/buf.h"

/* Indexed by id.  The numbers of fields.def are checked here: one out of
 * 1 .. PC_F_COUNT - 1 overflows the array, a repeated one (or a 0, which
 * meets [0] below) initialises an entry twice (-Woverride-init, an error
 * with -Werror); so every id in 1 .. PC_F_COUNT - 1 has exactly one row. */
static const pc_field_info fields[PC_F_COUNT] = {
    [PC_F_NONE] = {.id = PC_F_NONE},
#define PC_FIELD(id_, num_, name_, kind_, flags_) \
    [PC_F_##id_] = {.id = PC_F_##id_, .name = name_, .kind = PC_FK_##kind_, .flags = flags_},
#include "paperconv/fields.def"
#undef PC_FIELD
};

const pc_field_info *pc_field_get(pc_field f)
{
    return f > PC_F_NONE && f < PC_F_COUNT ? &fields[f] : NULL;
}

size_t pc_field_count(void) { return PC_F_COUNT - 1; }

const char *pc_field_name(pc_field f)
{
    const pc_field_info *fi = pc_field_get(f);
    return fi ? fi->name : NULL;
}

pc_field_kind pc_field_value_kind(pc_field f)
{
    const pc_field_info *fi = pc_field_get(f);
    return fi ? fi->kind : PC_FK_NONE;
}

unsigned pc_field_flags(pc_field f)
{
    const pc_field_info *fi = pc_field_get(f);
    return fi ? fi->flags : 0;
}

typedef struct name_entry {
    const char *name;
    size_t len;
    pc_field field;
} name_entry;

static const name_entry by_name[] = {
#include "fields_index.inc"
};

/* CSL 1.0.2's other spellings of a variable. */
static const name_entry aliases[] = {
    {"event", 5, PC_F_EVENT_TITLE},                   /* deprecated in 1.0.2 */
    {"shortTitle", 10, PC_F_TITLE_SHORT},             /* citeproc-js's spelling */
    {"journalAbbreviation", 19, PC_F_CONTAINER_TITLE_SHORT},
};

static int cmp_name(const char *a, size_t an, const char *b, size_t bn)
{
    if (an != bn)
        return an < bn ? -1 : 1;
    return memcmp(a, b, an);
}

pc_field pc_field_by_name(const char *name, size_t n)
{
    if (!name)
        return PC_F_NONE;
    size_t lo = 0, hi = sizeof by_name / sizeof *by_name;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = cmp_name(name, n, by_name[mid].name, by_name[mid].len);
        if (!c)
            return by_name[mid].field;
        if (c > 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (size_t i = 0; i < sizeof aliases / sizeof *aliases; i++)
        if (!cmp_name(name, n, aliases[i].name, aliases[i].len))
            return aliases[i].field;
    return PC_F_NONE;
}

/* ---- kinds ------------------------------------------------------------------ */

static const struct {
    const char *csl;
    pc_kind broader;
} kinds[PC_KIND_COUNT] = {
    [PC_KIND_NONE] = {"unknown", PC_KIND_NONE}, /* kinds.def's numbers are checked as fields' */
#define PC_KIND(id, num_, csl_, broader_) [PC_KIND_##id] = {.csl = csl_, .broader = PC_KIND_##broader_},
#include "paperconv/kinds.def"
#undef PC_KIND
};

const char *pc_kind_name(pc_kind k)
{
    return (unsigned)k < PC_KIND_COUNT ? kinds[k].csl : "unknown";
}

size_t pc_kind_count(void) { return PC_KIND_COUNT - 1; }

pc_kind pc_kind_by_name(const char *s, size_t n)
{
    if (!s)
        return PC_KIND_NONE;
    for (unsigned k = 1; k < PC_KIND_COUNT; k++)
        if (strlen(kinds[k].csl) == n && memcmp(kinds[k].csl, s, n) == 0)
            return (pc_kind)k;
    return PC_KIND_NONE;
}

pc_kind pc_kind_broader(pc_kind k)
{
    return (unsigned)k < PC_KIND_COUNT ? kinds[k].broader : PC_KIND_NONE;
}
