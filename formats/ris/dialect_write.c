/* SPDX-License-Identifier: MIT */
/* dialect_write.c — RIS output of a record read in a database's dialect
 * (its ris-dialect field): the fields the dialect reads from its own tags
 * are written back under those tags (Scopus' PMID as C2, WoS's UT as
 * "AN  - WOS:...", the record's addresses as AD, ...), so RIS -> RIS keeps
 * the dialect's tags; the fields read from a line that is also kept as it
 * is (Embase's M1 affiliations, Ovid's AI ORCIDs, Scopus' and EBSCO's
 * labelled N1) are not written again: the kept line is.  A record of no
 * dialect is not touched. */
#include "dialect.h"

/* The fields a dialect reads out of a line it keeps as it is, and that
 * line's tag: written back by that line alone. */
static const struct {
    unsigned dialects;
    pc_field field;
    char from[3];
} derived[] = {
    {RIS_D(SCOPUS), PC_F_FUNDER, "N1"},
    {RIS_D(SCOPUS), PC_F_EVENT_TITLE, "N1"},
    {RIS_D(SCOPUS), PC_F_EVENT_PLACE, "N1"},
    {RIS_D(SCOPUS), PC_F_SCOPUS_EID, "UR"},
    {RIS_D(EBSCO), PC_F_ARCHIVE_LOCATION, "N1"},
    {RIS_D(EBSCO), PC_F_NUMBER_OF_PAGES, "N1"},
};

/* True if the record holds the kept line (UR: a URL). */
static bool has_source(const pc_record *r, const char *tag)
{
    if (!strcmp(tag, "UR"))
        return pc_record_has(r, PC_F_URL);
    return pc_record_extra(r, "ris", tag) != NULL;
}

static void add_skip(pc_field *out, size_t *n, size_t cap, pc_field f)
{
    for (size_t i = 0; i < *n; i++)
        if (out[i] == f)
            return;
    if (*n + 1 < cap)
        out[(*n)++] = f;
}

void pc_ris_dialect_skip(ris_dialect d, const pc_record *r, const pc_field *own, pc_field *out, size_t cap)
{
    size_t n = 0;
    for (; own && *own && n + 1 < cap; own++)
        out[n++] = *own;
    unsigned bit = 1u << d;
    if (d)
        add_skip(out, &n, cap, PC_F_RIS_DIALECT); /* what TY and the tags say */
    for (size_t i = 0; d && i < pc_ris_n_remaps; i++)
        if ((pc_ris_remaps[i].dialects & bit) && pc_ris_remaps[i].write && !pc_ris_remaps[i].also)
            add_skip(out, &n, cap, pc_ris_remaps[i].field);
    for (size_t i = 0; d && i < sizeof derived / sizeof *derived; i++)
        if ((derived[i].dialects & bit) && has_source(r, derived[i].from))
            add_skip(out, &n, cap, derived[i].field);
    out[n] = PC_F_NONE;
}

/* One "TAG  - prefix value" line, the value folded onto it. */
static void put_line(pc_buf *out, const char *tag, const char *prefix, const char *v)
{
    size_t mark = out->len;
    pc_buf_put(out, tag, 2);
    pc_buf_puts(out, "  - ");
    if (prefix)
        pc_buf_puts(out, prefix);
    size_t text = out->len;
    pc_line_fold(out, v, strlen(v));
    if (out->len == text) {
        pc_buf_truncate(out, mark);
        return;
    }
    pc_buf_put(out, "\r\n", 2);
}

void pc_ris_dialect_write(ris_dialect d, const pc_record *r, pc_buf *out, pc_buf *tmp)
{
    unsigned bit = 1u << d;
    for (size_t i = 0; d && i < pc_ris_n_remaps; i++) {
        const ris_remap *m = &pc_ris_remaps[i];
        if (!(m->dialects & bit) || !m->write)
            continue;
        const pc_strlist *l = pc_record_list(r, m->field);
        if (l && m->how == RM_SPLIT) { /* one line, "; "-joined, as read */
            pc_buf_clear(tmp);
            for (size_t k = 0; k < l->n; k++) {
                if (k)
                    pc_buf_puts(tmp, "; ");
                pc_buf_puts(tmp, l->items[k]);
            }
            if (tmp->len)
                put_line(out, m->tag, m->prefix, tmp->ptr);
        } else if (l) {
            for (size_t k = 0; k < l->n; k++)
                put_line(out, m->tag, m->prefix, l->items[k]);
        } else if (pc_record_get(r, m->field)) {
            put_line(out, m->tag, m->prefix, pc_record_get(r, m->field));
        }
    }
}

/* The dialects whose affiliations and ORCIDs are read from lines kept as
 * they are (M1, M2; AI, AO): the AU's AD lines would repeat them. */
bool pc_ris_dialect_own_affiliations(ris_dialect d, const pc_record *r)
{
    if (d == RIS_D_EMBASE || d == RIS_D_OVID_EMBASE)
        return has_source(r, "M1");
    if (d == RIS_D_OVID_PSYCINFO)
        return has_source(r, "M2");
    return false;
}

bool pc_ris_dialect_own_orcid(ris_dialect d, const pc_record *r)
{
    return (RIS_D_OVID & (1u << d)) && (has_source(r, "AI") || has_source(r, "AO"));
}

/* True if the dialect's AD lines are the record's addresses (no author's):
 * an author's affiliations are not written as AD after its AU there. */
bool pc_ris_dialect_record_ad(ris_dialect d)
{
    const ris_remap *m = NULL;
    for (size_t i = 0; d && i < pc_ris_n_remaps && !m; i++)
        if ((pc_ris_remaps[i].dialects & (1u << d)) && !strcmp(pc_ris_remaps[i].tag, "AD"))
            m = &pc_ris_remaps[i];
    return m && m->field == PC_F_AUTHOR_ADDRESS;
}
