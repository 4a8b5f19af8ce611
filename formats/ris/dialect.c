/* SPDX-License-Identifier: MIT */
/* dialect.c — RIS as databases write it: which database wrote a record
 * (its dialect), and the tags each dialect gives another meaning than the
 * specification (section 9 of the issue-23 notes: real exports of the same
 * records from each platform).
 *
 * Recognition is per record, from decisive evidence only (a lone M1 is
 * none): Web of Science's WE, or AN "WOS:" with J9, PI, PA or its "Times
 * Cited" N1 (an AN "WOS:" alone is what our own writer makes of an
 * archive location); Scopus' DB "Scopus" or a
 * scopus.com record URL; Ovid's DB (MEDLINE, PsycInfo, ERIC, Embase) with
 * an ovidsp link or an ID line; Embase.com's U2 accession "L..." or an
 * embase.com URL; EBSCOhost's DP or link (CINAHL and the other EBSCO
 * databases); EPPI-Reviewer's "eppi-reviewer" keyword; IEEE Xplore's VO
 * beside an IEEE journal or a 10.1109 DOI; DB or DP "PubMed".  A record with
 * no evidence of its own is read as the specification says (files merged by
 * EndNote or Rayyan mix databases; every database above marks each of its
 * records); -v says which dialect is read, once and at each change.
 *
 * The remaps are one table (pc_ris_remaps): {dialects, tag, how, field,
 * special, prefix, write}.  A tag a dialect does not name goes through the
 * generic map (map.c) unchanged.  The values whose structure no field has
 * (Embase's M1 "(names) affiliation", PsycInfo's M2 "Name: affiliation",
 * Ovid's AI/AO "Name; ORCID: ...", Scopus' and EBSCO's labelled N1) are read
 * into their fields AND kept as they are, so RIS output writes the line
 * back as it was (dialect_write.c skips the fields read from it); the plain
 * remaps (Scopus C2, Embase C5: the PMID; WoS AN: the UT; AD: the record's
 * addresses; ...) are written back under their tag from the field. */
#include "dialect.h"

#include <stdint.h>
#include <stdlib.h>

/* ---- names ------------------------------------------------------------------------ */

static const char *const dialect_names[RIS_D_COUNT] = {
    [RIS_D_WOS] = "wos",
    [RIS_D_SCOPUS] = "scopus",
    [RIS_D_OVID_MEDLINE] = "ovid-medline",
    [RIS_D_OVID_PSYCINFO] = "ovid-psycinfo",
    [RIS_D_OVID_ERIC] = "ovid-eric",
    [RIS_D_OVID_EMBASE] = "ovid-embase",
    [RIS_D_EMBASE] = "embase",
    [RIS_D_EBSCO] = "ebsco",
    [RIS_D_EPPI] = "eppi",
    [RIS_D_IEEE] = "ieee",
    [RIS_D_PUBMED] = "pubmed",
};

const char *pc_ris_dialect_name(ris_dialect d)
{
    return (unsigned)d < RIS_D_COUNT ? dialect_names[d] : NULL;
}

ris_dialect pc_ris_dialect_find(const char *name)
{
    for (int d = 1; name && d < RIS_D_COUNT; d++)
        if (!strcmp(dialect_names[d], name))
            return (ris_dialect)d;
    return RIS_D_NONE;
}

/* ---- recognition ---------------------------------------------------------------------- */

static bool starts(const char *s, size_t n, const char *p)
{
    size_t k = strlen(p);
    return n >= k && !pc_strncasecmp(s, p, k);
}

static bool holds(const char *s, size_t n, const char *p)
{
    size_t k = strlen(p);
    for (size_t i = 0; i + k <= n; i++)
        if (s[i] == p[0] && !memcmp(s + i, p, k))
            return true;
    return false;
}

/* The evidence of one record, gathered in one pass over its tags. */
typedef struct evidence {
    bool wos, wos_an, wos_more, scopus, ovid_link, id, embase, ebsco, eppi, vo, ieee_name, pubmed;
    ris_dialect ovid_db; /* the Ovid database DB names, if any */
    bool embase_db;
} evidence;

/* What a DB value says: an Ovid database (by its name, coverage "<...>"
 * after it), Scopus, Embase.com's "Embase"/"Medline", PubMed. */
static void db_evidence(evidence *e, const char *v, size_t n)
{
    if (starts(v, n, "Scopus"))
        e->scopus = true;
    else if (starts(v, n, "Ovid MEDLINE"))
        e->ovid_db = RIS_D_OVID_MEDLINE;
    else if (holds(v, n, "PsycInfo") || holds(v, n, "PsycINFO"))
        e->ovid_db = RIS_D_OVID_PSYCINFO;
    else if (starts(v, n, "ERIC"))
        e->ovid_db = RIS_D_OVID_ERIC;
    else if (starts(v, n, "Embase")) {
        e->embase_db = true;
        if (!e->ovid_db)
            e->ovid_db = RIS_D_OVID_EMBASE;
    } else if (starts(v, n, "PubMed"))
        e->pubmed = true;
}

static void url_evidence(evidence *e, const char *v, size_t n)
{
    e->ovid_link |= holds(v, n, "ovidsp.ovid.com") || holds(v, n, "ovidsp.dc");
    e->scopus |= holds(v, n, "www.scopus.com/inward/record.ur");
    e->embase |= holds(v, n, "www.embase.com");
    e->ebsco |= holds(v, n, "search.ebscohost.com");
}

static void field_evidence(evidence *e, const ris_field *f)
{
    const char *v = f->val.ptr, *t = f->tag;
    size_t n = f->val.len;
    if (!n)
        return;
    switch (t[0]) {
    case 'A': e->wos_an |= t[1] == 'N' && starts(v, n, "WOS:"); break;
    case 'D':
        if (t[1] == 'B')
            db_evidence(e, v, n);
        else if (t[1] == 'P') {
            e->ebsco |= starts(v, n, "EBSCOhost");
            e->pubmed |= starts(v, n, "PubMed");
        } else if (t[1] == 'O')
            e->ieee_name |= starts(v, n, "10.1109/");
        break;
    case 'I': e->id |= t[1] == 'D'; break;
    case 'J':
        e->wos_more |= t[1] == '9';
        e->ieee_name |= (t[1] == 'O' || t[1] == 'F' || t[1] == 'A') && starts(v, n, "IEEE"); break;
    case 'K': e->eppi |= t[1] == 'W' && n == 13 && !pc_strncasecmp(v, "eppi-reviewer", 13); break;
    case 'L': if (t[1] == '2') url_evidence(e, v, n); break;
    case 'T': e->ieee_name |= t[1] == '2' && starts(v, n, "IEEE"); break;
    case 'U':
        if (t[1] == 'R')
            url_evidence(e, v, n);
        else if (t[1] == '2' && n > 1 && v[0] == 'L' && pc_is_digit((unsigned char)v[1]))
            e->embase = true;
        break;
    case 'N': e->wos_more |= t[1] == '1' && starts(v, n, "Times Cited"); break;
    case 'P': e->wos_more |= t[1] == 'I' || t[1] == 'A'; break;
    case 'V': e->vo |= t[1] == 'O'; break;
    case 'W': e->wos |= t[1] == 'E'; break;
    default: break;
    }
}

/* The first dialect the evidence names, in the order of ris_dialect. */
static ris_dialect decide(const evidence *e)
{
    if (e->wos || (e->wos_an && e->wos_more)) /* AN "WOS:" alone: our own RIS writes it */
        return RIS_D_WOS;
    if (e->scopus)
        return RIS_D_SCOPUS;
    if (e->ovid_db && (e->ovid_link || e->id) && !e->embase)
        return e->ovid_db;
    if (e->embase || (e->embase_db && !e->ovid_link))
        return RIS_D_EMBASE;
    if (e->ebsco)
        return RIS_D_EBSCO;
    if (e->eppi)
        return RIS_D_EPPI;
    if (e->vo && e->ieee_name)
        return RIS_D_IEEE;
    if (e->pubmed)
        return RIS_D_PUBMED;
    return RIS_D_NONE;
}

void pc_ris_dialect_begin(ris_reader *r, pc_record *rec)
{
    evidence e = {0};
    for (size_t i = 1; i < r->nf; i++)
        field_evidence(&e, &r->f[i]);
    r->dialect = (int)decide(&e);
    if (!r->dialect)
        return;
    pc_record_set_str(rec, PC_F_RIS_DIALECT, dialect_names[r->dialect]);
    if (r->dialect != r->dialect_said) {
        pc_diag_emit(r->ctx, PC_SEV_NOTE, r->file, r->f[0].line, 1, "ris: dialect %s",
                     dialect_names[r->dialect]);
        r->dialect_said = r->dialect;
    }
}

/* ---- the remaps ------------------------------------------------------------------------- */

/* The functions of RM_SPECIAL rows. */
enum {
    SP_NONE = 0,
    SP_PREFIXED,     /* the value after the row's prefix is the field (WoS AN "WOS:") */
    SP_WOS_N1,       /* N1 "Times Cited ...": citation counts, kept */
    SP_WOS_DA,       /* DA "SEP 22", "DEC": month and day of PY's year */
    SP_SERIAL,       /* SN "20411723 (ISSN)", "E2196-7822", "... (electronic)" */
    SP_SCOPUS_UR,    /* UR: the EID in a scopus.com record URL */
    SP_LABELS,       /* N1 "Label: value; Label: value" (Scopus, EBSCO) */
    SP_GROUP_AFFIL,  /* M1 "(Family I., email; ...) affiliation" (Embase) */
    SP_NAMED_AFFIL,  /* M2 "Family, Given: affiliation" (PsycInfo) */
    SP_ORCID,        /* AI, AO "Family, Given; ORCID: https://orcid.org/..." */
    SP_EMBASE_ACC,   /* U2 "L2029880245": the Embase accession */
    SP_DOI_LINK,     /* L1, L2 a DOI URL: the DOI when there is none */
    SP_OVID_ACC,     /* ID, AN: the accession (MEDLINE: the PMID) */
    SP_OVID_PT,      /* PT: the publication type: the genre, and ERIC's books */
    SP_STAR,         /* KW "*Major Heading": the star off */
    SP_COPYRIGHT,    /* AB "Copyright of ... is the property of ...": the licence */
    SP_EPPI_KW,      /* KW "eppi-reviewer": EPPI's marker, kept */
    SP_DATE_NOTE,    /* N1 "2024-02-06": an import date, kept */
    SP_AS_DATE,      /* Y2 (ERIC): the publication date, as DA */
    SP_PUBMED_AN,    /* AN digits: the PMID */
    SP_INITIALS_LAST, /* A1 "Brownstein C D": family, then initials, no comma (EPPI) */
    SP_GENERIC,      /* read as the generic map reads it; a row to write the field back */
};

#define ROW(d, t, h, f, w) {.dialects = (d), .tag = t, .how = RM_##h, .field = PC_F_##f, .write = (w)}
#define SPEC(d, t, sp, f, pre, w) \
    {.dialects = (d), .tag = t, .how = RM_SPECIAL, .field = PC_F_##f, .special = SP_##sp, .prefix = pre, .write = (w)}

#define D_ADDR (RIS_D(WOS) | RIS_D(SCOPUS) | RIS_D(EMBASE) | RIS_D_OVID)

const ris_remap pc_ris_remaps[] = {
    /* the record's addresses (not the author's before them): WoS, Scopus
     * write one line per address, Embase and Ovid the correspondence */
    ROW(D_ADDR, "AD", LIST, AUTHOR_ADDRESS, true),
    /* Web of Science */
    SPEC(RIS_D(WOS), "AN", PREFIXED, WOS_UT, "WOS:", true),
    ROW(RIS_D(WOS), "C3", KEEP, NONE, false),          /* organisations, not a proceedings title */
    ROW(RIS_D(WOS), "WE", KEEP, NONE, false),          /* the WoS edition */
    ROW(RIS_D(WOS), "FU", SPLIT, FUNDER, true),
    SPEC(RIS_D(WOS), "N1", WOS_N1, NONE, NULL, false),
    SPEC(RIS_D(WOS), "DA", WOS_DA, ISSUED, NULL, false),
    /* Scopus */
    ROW(RIS_D(SCOPUS), "C2", FIELD, PMID, true),
    SPEC(RIS_D(SCOPUS) | RIS_D_OVID | RIS_D(EBSCO), "SN", SERIAL, NONE, NULL, false),
    SPEC(RIS_D(SCOPUS), "UR", SCOPUS_UR, SCOPUS_EID, NULL, false),
    SPEC(RIS_D(SCOPUS) | RIS_D(EBSCO), "N1", LABELS, NONE, NULL, false),
    /* Embase.com */
    ROW(RIS_D(EMBASE), "C5", FIELD, PMID, true),
    SPEC(RIS_D(EMBASE) | RIS_D(OVID_EMBASE), "M1", GROUP_AFFIL, NONE, NULL, false),
    SPEC(RIS_D(EMBASE), "U2", EMBASE_ACC, ARCHIVE_LOCATION, NULL, true),
    ROW(RIS_D(EMBASE), "U3", KEEP, NONE, false),       /* entry date */
    ROW(RIS_D(EMBASE), "U4", KEEP, NONE, false),       /* update date */
    ROW(RIS_D(EMBASE), "LK", KEEP, NONE, false),       /* a library's link resolver */
    SPEC(RIS_D(EMBASE) | RIS_D_OVID, "L2", DOI_LINK, DOI, NULL, false),
    SPEC(RIS_D(OVID_ERIC), "L1", DOI_LINK, DOI, NULL, false),
    /* Ovid */
    /* the accession: MEDLINE's is the PMID; written back as AN (the
     * writer's ID is the citation key) */
    SPEC(RIS_D(OVID_MEDLINE), "AN", OVID_ACC, PMID, NULL, true),
    SPEC(RIS_D_OVID & ~RIS_D(OVID_MEDLINE), "AN", OVID_ACC, ARCHIVE_LOCATION, NULL, true),
    SPEC(RIS_D_OVID, "ID", OVID_ACC, NONE, NULL, false),
    SPEC(RIS_D_OVID, "AI", ORCID, NONE, NULL, false),
    SPEC(RIS_D_OVID, "AO", ORCID, NONE, NULL, false),
    ROW(RIS_D_OVID, "NL", FIELD, CONTAINER_TITLE_SHORT, true),
    SPEC(RIS_D_OVID, "PT", OVID_PT, GENRE, NULL, true),
    SPEC(RIS_D_OVID | RIS_D(EBSCO), "KW", STAR, KEYWORD, NULL, false),
    SPEC(RIS_D(OVID_ERIC), "Y2", AS_DATE, ISSUED, NULL, false),
    ROW(RIS_D(OVID_PSYCINFO), "A2", KEEP, NONE, false), /* the cited references' authors */
    ROW(RIS_D(OVID_PSYCINFO), "M1", KEEP, NONE, false), /* one cited reference a line */
    ROW(RIS_D(OVID_PSYCINFO), "M3", KEEP, NONE, false), /* a classification code */
    SPEC(RIS_D(OVID_PSYCINFO), "M2", NAMED_AFFIL, NONE, NULL, false),
    /* EBSCOhost */
    SPEC(RIS_D(EBSCO), "AB", COPYRIGHT, LICENSE, NULL, true),
    SPEC(RIS_D(EBSCO), "L3", GENERIC, DOI, NULL, true), /* the DOI (generic L3) */
    /* EPPI-Reviewer */
    SPEC(RIS_D(EPPI), "KW", EPPI_KW, NONE, NULL, false),
    ROW(RIS_D(EPPI), "ST", FIELD, CITATION_LABEL, true), /* "Family (Year)": a label */
    ROW(RIS_D(EPPI), "U1", FIELD, ARCHIVE_LOCATION, true), /* the EPPI item id */
    SPEC(RIS_D(EPPI), "N1", DATE_NOTE, NONE, NULL, false),
    SPEC(RIS_D(EPPI), "A1", INITIALS_LAST, NONE, NULL, false),
    SPEC(RIS_D(EPPI), "AU", INITIALS_LAST, NONE, NULL, false),
    /* IEEE Xplore: VO beside VL, both the volume; written back both */
    {.dialects = RIS_D(IEEE), .tag = "VO", .how = RM_SPECIAL, .field = PC_F_VOLUME, .special = SP_GENERIC,
     .write = true, .also = true},
    /* PubMed */
    SPEC(RIS_D(PUBMED), "AN", PUBMED_AN, PMID, NULL, true),
};

const size_t pc_ris_n_remaps = sizeof pc_ris_remaps / sizeof *pc_ris_remaps;

static const ris_remap *find_remap(int d, const char *tag)
{
    unsigned bit = 1u << d;
    for (size_t i = 0; i < pc_ris_n_remaps; i++)
        if ((pc_ris_remaps[i].dialects & bit) && pc_ris_remaps[i].tag[0] == tag[0] &&
            pc_ris_remaps[i].tag[1] == tag[1])
            return &pc_ris_remaps[i];
    return NULL;
}

bool pc_ris_dialect_late(int d, const char *tag)
{
    const ris_remap *m = find_remap(d, tag);
    return m && m->how == RM_SPECIAL &&
           (m->special == SP_GROUP_AFFIL || m->special == SP_NAMED_AFFIL || m->special == SP_ORCID);
}

/* ---- the specials' helpers ---------------------------------------------------------------- */

/* True if the record has a value under tag. */
static bool has_tag(const ris_reader *r, const char *tag)
{
    for (size_t i = 1; i < r->nf; i++)
        if (r->f[i].tag[0] == tag[0] && r->f[i].tag[1] == tag[1] && r->f[i].val.len)
            return true;
    return false;
}

/* Sets a text field unless it has one (then the value is kept). */
static void set_first(pc_record *rec, pc_field f, const ris_value *x, const char *v, size_t n)
{
    pc_ris_set_first(rec, f, x->f, v, n);
}

static bool all_digits(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!pc_is_digit((unsigned char)s[i]))
            return false;
    return n > 0;
}

/* The family name of a "Family I." / "Family I., email" / "Family" list
 * item (Embase's M1). */
static void family_of(const char *s, size_t n, const char **fam, size_t *fn)
{
    pc_trim(&s, &n);
    const char *c = memchr(s, ',', n);
    if (c)
        n = (size_t)(c - s);
    for (size_t i = n; i-- > 1;)
            if (s[i] == ' ') {
                bool initials = true;
                for (size_t k = i + 1; k < n && initials; k++)
                    initials = pc_is_upper((unsigned char)s[k]) || s[k] == '.' || s[k] == '-';
                if (initials)
                    n = i;
                break;
            }
    pc_trim(&s, &n);
    *fam = s;
    *fn = n;
}

/* The author whose family name is [fam, fam+fn) (ASCII case ignored), and,
 * when `given` is not empty, whose given name starts with its first letter.
 * At most *budget authors are looked at over the record (then none is
 * found), so that many names in many lines stay linear. */
static pc_name *find_author(pc_record *rec, const char *fam, size_t fn, const char *given, size_t gn,
                            size_t *budget)
{
    pc_names *au = pc_record_names_mut(rec, PC_F_AUTHOR);
    for (size_t i = 0; i < au->n && *budget; i++, (*budget)--) {
        pc_name *nm = &au->items[i];
        const char *f = nm->family ? nm->family : nm->literal;
        if (!f || strlen(f) != fn || pc_strncasecmp(f, fam, fn))
            continue;
        if (gn && nm->given && pc_to_lower((unsigned char)nm->given[0]) != pc_to_lower((unsigned char)given[0]))
            continue;
        return nm;
    }
    return NULL;
}

enum { MATCH_BUDGET = 1 << 20 };

/* M1 "(Yang Z., zyang@ucc.ie; McNamara M.E.) School of ..., Ireland" (Embase;
 * Ovid Embase lists family names: "(Kumar, Atkinson) Dept ..."): the
 * affiliation of each author named; with no author matched, one of the
 * record's addresses. */
static void group_affil(ris_reader *r, pc_record *rec, const char *v, size_t n)
{
    const char *close = n && v[0] == '(' ? memchr(v, ')', n) : NULL;
    if (!close) {
        pc_record_list_add(rec, PC_F_AUTHOR_ADDRESS, v, n);
        return;
    }
    const char *aff = close + 1;
    size_t an = n - (size_t)(aff - v);
    pc_trim(&aff, &an);
    bool any = false, semis = memchr(v, ';', (size_t)(close - v)) != NULL;
    for (const char *p = v + 1; p < close && an;) {
        const char *e = p;
        while (e < close && *e != ';' && (semis || *e != ','))
            e++;
        const char *fam;
        size_t fn;
        const char *comma = memchr(p, ',', (size_t)(e - p));
        if (!memchr(p, '@', (size_t)((comma ? comma : e) - p))) { /* not an email */
            family_of(p, (size_t)(e - p), &fam, &fn);
            pc_name *nm = fn ? find_author(rec, fam, fn, "", 0, &r->match_budget) : NULL;
            if (nm) {
                pc_strlist_add_unique(&nm->affiliations, aff, an);
                any = true;
            }
        }
        p = e + 1;
    }
    if (!any && an)
        pc_record_list_add(rec, PC_F_AUTHOR_ADDRESS, aff, an);
}

/* The author named by "Family, Given" before `end` in v. */
static pc_name *named_author(ris_reader *r, pc_record *rec, const char *v, const char *end)
{
    const char *c = memchr(v, ',', (size_t)(end - v));
    const char *fam = v, *given = c ? c + 1 : end;
    size_t fn = (size_t)((c ? c : end) - v), gn = (size_t)(end - given);
    pc_trim(&fam, &fn);
    pc_trim(&given, &gn);
    return find_author(rec, fam, fn, given, gn, &r->match_budget);
}

/* M2 "Keefer, Amy: Center for Autism ..., Baltimore, MD, US" (PsycInfo). */
static void named_affil(ris_reader *r, pc_record *rec, const char *v, size_t n)
{
    const char *colon = memchr(v, ':', n);
    pc_name *nm = colon ? named_author(r, rec, v, colon) : NULL;
    const char *a = colon ? colon + 1 : v;
    size_t an = n - (size_t)(a - v);
    pc_trim(&a, &an);
    if (nm && an)
        pc_strlist_add_unique(&nm->affiliations, a, an);
    else if (an)
        pc_record_list_add(rec, PC_F_AUTHOR_ADDRESS, a, an);
}

/* AI/AO "Keefer, Amy; ORCID: https://orcid.org/0000-0001-6931-0232": that
 * author's ORCID.  False when the value is not that shape or no author has
 * the name (the value is then only kept). */
static bool orcid_line(ris_reader *r, pc_record *rec, const char *v, size_t n)
{
    const char *semi = memchr(v, ';', n), *id;
    if (!semi)
        return false;
    const char *o = semi + 1;
    size_t on = n - (size_t)(o - v);
    pc_trim(&o, &on);
    if (starts(o, on, "ORCID:"))
        o += 6, on -= 6;
    if (!pc_orcid_parse(o, on, &id))
        return false;
    pc_name *nm = named_author(r, rec, v, semi);
    if (!nm)
        return false;
    if (!nm->orcid)
        pc_set_strn(&nm->orcid, id, PC_ORCID_LEN);
    return true;
}

/* N1 "Label: value; Label: value" — the labels that have a field: Scopus'
 * funding and conference, EBSCO's accession number and number of pages. */
static const struct {
    const char *label;
    pc_field field;
    bool list;
} n1_labels[] = {
    {"Funding details: ", PC_F_FUNDER, true},
    {"Conference name: ", PC_F_EVENT_TITLE, false},
    {"Conference location: ", PC_F_EVENT_PLACE, false},
    {"Accession Number: ", PC_F_ARCHIVE_LOCATION, false},
    {"Number of Pages: ", PC_F_NUMBER_OF_PAGES, false},
};

static bool labels(pc_record *rec, const char *v, size_t n)
{
    bool any = false;
    for (const char *p = v, *end = v + n; p < end;) {
        const char *e = p;
        while (e + 1 < end && !(e[0] == ';' && e[1] == ' '))
            e++;
        if (e + 1 >= end)
            e = end;
        for (size_t k = 0; k < sizeof n1_labels / sizeof *n1_labels; k++) {
            size_t ln = strlen(n1_labels[k].label);
            if ((size_t)(e - p) <= ln || memcmp(p, n1_labels[k].label, ln))
                continue;
            const char *s = p + ln;
            size_t sn = (size_t)(e - s);
            if (n1_labels[k].field == PC_F_NUMBER_OF_PAGES)
                while (sn && !pc_is_digit((unsigned char)s[sn - 1]))
                    sn--; /* "60p" */
            if (n1_labels[k].list)
                pc_record_list_add(rec, n1_labels[k].field, s, sn);
            else if (!pc_record_has(rec, n1_labels[k].field))
                pc_record_set(rec, n1_labels[k].field, s, sn);
            any = true;
        }
        p = e + 2;
    }
    return any;
}

/* SN: "20411723 (ISSN)" -> "2041-1723", "9780128... (ISBN)" -> the ISBN,
 * "E2196-7822" -> "2196-7822", "1866-1947 (electronic)" -> "1866-1947"
 * (into r->dval; the generic SN reads it). */
static void serial_clean(ris_reader *r, ris_value *x)
{
    const char *v = x->v;
    size_t n = x->n;
    static const char *const suffixes[] = {" (ISSN)", " (ISBN)", " (electronic)", " (print)", " (Electronic)",
                                           " (Print)", " (Linking)"};
    for (size_t k = 0; k < sizeof suffixes / sizeof *suffixes; k++) {
        size_t sl = strlen(suffixes[k]);
        if (n > sl && !memcmp(v + n - sl, suffixes[k], sl)) {
            n -= sl;
            break;
        }
    }
    if (n == 10 && (v[0] == 'E' || v[0] == 'e') && v[5] == '-')
        v++, n--;
    pc_buf_clear(&r->dval);
    bool bare = n == 8 && all_digits(v, 7) && (pc_is_digit((unsigned char)v[7]) || v[7] == 'X' || v[7] == 'x');
    if (bare) {
        pc_buf_put(&r->dval, v, 4);
        pc_buf_putc(&r->dval, '-');
        pc_buf_put(&r->dval, v + 4, 3);
        pc_buf_putc(&r->dval, v[7] == 'x' ? 'X' : v[7]);
    } else {
        pc_buf_put(&r->dval, v, n);
    }
    x->v = r->dval.ptr;
    x->n = r->dval.len;
}

/* WoS DA "SEP 22", "DEC", "JUL-DEC" (no year): PY's year is put before it
 * ("2010 SEP 22", read by the shared date parser through the generic DA);
 * a DA with a year is left as it is. */
static bool wos_da(ris_reader *r, ris_value *x)
{
    for (size_t i = 0; i + 4 <= x->n; i++)
        if (all_digits(x->v + i, 4))
            return false;
    const char *py = NULL;
    size_t pn = 0;
    for (size_t i = 1; i < r->nf && !py; i++)
        if (!memcmp(r->f[i].tag, "PY", 2) && r->f[i].val.len >= 4 && all_digits(r->f[i].val.ptr, 4))
            py = r->f[i].val.ptr, pn = 4;
    int month = 0;
    const char *s = x->v;
    size_t k = 0;
    while (k < x->n && pc_is_alpha((unsigned char)s[k]))
        k++;
    month = pc_month_from_name(s, k);
    if (!py || !month)
        return false;
    int day = 0;
    while (k < x->n && s[k] == ' ')
        k++;
    for (; k < x->n && pc_is_digit((unsigned char)s[k]) && day < 100; k++)
        day = day * 10 + s[k] - '0';
    pc_buf_clear(&r->dval);
    pc_buf_put(&r->dval, py, pn);
    pc_buf_printf(&r->dval, "/%02d/", month);
    if (day > 0 && day <= 31 && k == x->n)
        pc_buf_printf(&r->dval, "%02d", day);
    pc_buf_putc(&r->dval, '/');
    x->v = r->dval.ptr;
    x->n = r->dval.len;
    return true;
}

/* "Brownstein C D" -> "Brownstein, C D" (read by the generic AU): the
 * one- or two-letter capital words at the end are initials. */
static void initials_last(ris_reader *r, ris_value *x)
{
    if (memchr(x->v, ',', x->n))
        return;
    size_t end = x->n, cut = x->n;
    while (cut > 0) {
        size_t w = cut;
        while (w > 0 && x->v[w - 1] != ' ')
            w--;
        size_t len = cut - w;
        bool initial = w > 0 && len >= 1 && len <= 2;
        for (size_t k = w; k < cut && initial; k++)
            initial = pc_is_upper((unsigned char)x->v[k]);
        if (!initial)
            break;
        cut = w - 1;
    }
    if (cut == end || !cut)
        return;
    pc_buf_clear(&r->dval);
    pc_buf_put(&r->dval, x->v, cut);
    pc_buf_puts(&r->dval, ", ");
    pc_buf_put(&r->dval, x->v + cut + 1, end - cut - 1);
    x->v = r->dval.ptr;
    x->n = r->dval.len;
}

/* The kinds of work ERIC's and Ovid's PT names (ERIC exports every record
 * as JOUR, books too). */
static const struct {
    const char *prefix;
    pc_kind kind;
} pt_kinds[] = {
    {"Books", PC_KIND_BOOK},
    {"Dissertations", PC_KIND_THESIS},
    {"Speeches/Meeting Papers", PC_KIND_CONFERENCE},
    {"Preprint", PC_KIND_PREPRINT},
};

static void ovid_pt(ris_reader *r, pc_record *rec, const ris_value *x)
{
    set_first(rec, PC_F_GENRE, x, x->v, x->n);
    for (size_t k = 0; k < sizeof pt_kinds / sizeof *pt_kinds; k++)
        if (starts(x->v, x->n, pt_kinds[k].prefix) && rec->kind == PC_KIND_ARTICLE) {
            rec->kind = r->kind = pt_kinds[k].kind;
            return;
        }
    if (starts(x->v, x->n, "Reports") && rec->kind == PC_KIND_ARTICLE) {
        bool journal = false;
        for (size_t i = 1; i < r->nf && !journal; i++)
            journal = !memcmp(r->f[i].tag, "JF", 2) || !memcmp(r->f[i].tag, "JO", 2) || !memcmp(r->f[i].tag, "T2", 2);
        if (!journal)
            rec->kind = r->kind = PC_KIND_REPORT;
    }
}

/* ---- one value ------------------------------------------------------------------------------ */

/* The functions of the RM_SPECIAL rows that read a value into a field and
 * keep it as it is (its structure has no field): they return KEEP, and
 * mark it read (pc_ris_dialect_read's caller counts it as read). */
static ris_dialect_read special(ris_reader *r, pc_record *rec, const ris_remap *m, ris_value *x,
                                const char **as)
{
    switch (m->special) {
    case SP_PREFIXED: {
        size_t pl = strlen(m->prefix);
        if (x->n <= pl || memcmp(x->v, m->prefix, pl))
            return RIS_READ_GENERIC;
        set_first(rec, m->field, x, x->v + pl, x->n - pl);
        return RIS_READ_DONE;
    }
    case SP_WOS_N1: return starts(x->v, x->n, "Times Cited") ? RIS_READ_KEEP : RIS_READ_GENERIC;
    case SP_WOS_DA: wos_da(r, x); return RIS_READ_GENERIC;
    case SP_SERIAL: serial_clean(r, x); return RIS_READ_GENERIC;
    case SP_SCOPUS_UR: {
        const char *p = NULL;
        for (size_t i = 0; i + 4 <= x->n && !p; i++)
            if (!memcmp(x->v + i, "eid=", 4))
                p = x->v + i + 4;
        size_t k = 0;
        while (p && p + k < x->v + x->n && p[k] != '&')
            k++;
        if (k)
            set_first(rec, m->field, x, p, k);
        return RIS_READ_GENERIC;
    }
    case SP_LABELS: return labels(rec, x->v, x->n) ? (r->read_too = true, RIS_READ_KEEP) : RIS_READ_GENERIC;
    case SP_GROUP_AFFIL: group_affil(r, rec, x->v, x->n); return r->read_too = true, RIS_READ_KEEP;
    case SP_NAMED_AFFIL: named_affil(r, rec, x->v, x->n); return r->read_too = true, RIS_READ_KEEP;
    case SP_ORCID: r->read_too = orcid_line(r, rec, x->v, x->n); return RIS_READ_KEEP;
    case SP_EMBASE_ACC:
        if (x->n < 2 || x->v[0] != 'L' || !all_digits(x->v + 1, x->n - 1))
            return RIS_READ_GENERIC;
        set_first(rec, m->field, x, x->v, x->n);
        return RIS_READ_DONE;
    case SP_DOI_LINK:
        if (!holds(x->v, x->n, "doi.org/10."))
            return RIS_READ_GENERIC;
        *as = "DO";
        return RIS_READ_GENERIC;
    case SP_OVID_ACC: {
        if (x->f->tag[0] == 'I' && has_tag(r, "AN"))
            return RIS_READ_GENERIC; /* beside AN, ID is the citation key (our RIS writes both) */
        pc_field f = r->dialect == RIS_D_OVID_MEDLINE && all_digits(x->v, x->n) ? PC_F_PMID : PC_F_ARCHIVE_LOCATION;
        set_first(rec, f, x, x->v, x->n);
        return RIS_READ_DONE;
    }
    case SP_OVID_PT: ovid_pt(r, rec, x); return RIS_READ_DONE;
    case SP_STAR:
        if (x->n > 1 && x->v[0] == '*' && !memchr(x->f->val.ptr, '\n', x->f->val.len)) {
            pc_record_list_add(rec, PC_F_KEYWORD, x->v + 1, x->n - 1);
            return RIS_READ_DONE;
        }
        return RIS_READ_GENERIC;
    case SP_COPYRIGHT:
        if (!starts(x->v, x->n, "Copyright of "))
            return RIS_READ_GENERIC;
        set_first(rec, m->field, x, x->v, x->n);
        return RIS_READ_DONE;
    case SP_EPPI_KW: return x->n == 13 && !pc_strncasecmp(x->v, "eppi-reviewer", 13) ? RIS_READ_KEEP : RIS_READ_GENERIC;
    case SP_DATE_NOTE: {
        pc_date d;
        bool iso = x->n == 10 && x->v[4] == '-' && x->v[7] == '-' && pc_date_parse(x->v, x->n, &d);
        return iso ? RIS_READ_KEEP : RIS_READ_GENERIC;
    }
    case SP_AS_DATE: /* "1983-03//": ERIC's month, as RIS writes dates */
        *as = "DA";
        if (x->n >= 7 && all_digits(x->v, 4) && x->v[4] == '-' && all_digits(x->v + 5, 2)) {
            pc_buf_clear(&r->dval);
            pc_buf_put(&r->dval, x->v, x->n);
            r->dval.ptr[4] = '/';
            x->v = r->dval.ptr;
        }
        return RIS_READ_GENERIC;
    case SP_INITIALS_LAST: initials_last(r, x); return RIS_READ_GENERIC;
    case SP_PUBMED_AN:
        if (!all_digits(x->v, x->n))
            return RIS_READ_GENERIC;
        set_first(rec, m->field, x, x->v, x->n);
        return RIS_READ_DONE;
    default: return RIS_READ_GENERIC;
    }
}

ris_dialect_read pc_ris_dialect_read(ris_reader *r, pc_record *rec, ris_value *x, const char **as)
{
    *as = x->f->tag;
    r->read_too = false;
    const ris_remap *m = find_remap(r->dialect, x->f->tag);
    if (!m)
        return RIS_READ_GENERIC;
    switch (m->how) {
    case RM_FIELD: set_first(rec, m->field, x, x->v, x->n); return RIS_READ_DONE;
    case RM_LIST: pc_record_list_add(rec, m->field, x->v, x->n); return RIS_READ_DONE;
    case RM_SPLIT: {
        pc_map_row row = {.field = m->field, .how = PC_MAP_SPLIT};
        pc_map_read(&row, rec, x->v, x->n, NULL, ";");
        return RIS_READ_DONE;
    }
    case RM_KEEP: return RIS_READ_KEEP;
    case RM_SPECIAL: return special(r, rec, m, x, as);
    }
    return RIS_READ_GENERIC;
}
