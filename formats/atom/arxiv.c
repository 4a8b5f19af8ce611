/* SPDX-License-Identifier: MIT */
/* arxiv.c — what arXiv's feeds add to an entry (see atom.h).
 *
 * The arXiv API (Atom): the id URL gives the id and version
 * (http://arxiv.org/abs/2610.01234v2, math/0211159v1), `published` is the
 * first version's date, text is TeX, arXiv's error feed is one entry
 * "Error" by "arXiv api core".  rss.arxiv.org: the description is
 * "arXiv:ID Announce Type: new Abstract: ...", the guid
 * oai:arXiv.org:ID, `arxiv:announce_type` says why the paper is listed
 * today; the old RSS 1.0 layout (before 2024) ended titles with
 * ". (arXiv:1901.00123v1 [cs.DL] UPDATED)" and wrapped abstracts in <p>.
 *
 * Kind: an arXiv entry stays a preprint even with a DOI or journal_ref.
 * The feed describes the e-print; the journal reference is free text
 * ("ActaAstron.56:1-50,2006") that cannot be split into journal, volume
 * and pages reliably, so it is kept as the journal reference (BibTeX:
 * note) and the DOI as the DOI, for a Crossref lookup to describe the
 * published version. */
#include "atom.h"

#include <stdlib.h>

/* The id of an arXiv abstract URL (http(s)://arxiv.org/abs/ID, also
 * export.arxiv.org and www.arxiv.org): true and id/version set. */
static bool id_from_url(const char *s, size_t n, pc_buf *id, int *version)
{
    pc_trim(&s, &n);
    return n > 8 && memcmp(s, "http", 4) == 0 && pc_arxiv_parse(s, n, id, version);
}

bool pc_atom_arxiv_error(pc_atom_map *m)
{
    const pc_atom_entry *e = m->e;
    size_t n;
    const char *t = pc_atom_text(e, PC_AS_TITLE, &n);
    if (!t)
        return false;
    pc_trim(&t, &n);
    if (n != 5 || memcmp(t, "Error", 5) != 0)
        return false;
    const char *id = pc_atom_text(e, PC_AS_ID, &n);
    bool error = id && pc_atom_find(id, n, "arxiv.org/api/errors");
    for (size_t i = 0; !error && i < e->n_persons; i++) {
        const char *a = e->persons[i].name.ptr;
        size_t an = e->persons[i].name.len;
        pc_trim(&a, &an);
        error = an == 14 && memcmp(a, "arXiv api core", 14) == 0;
    }
    if (!error)
        return false;
    const char *s = pc_atom_text(e, PC_AS_SUMMARY, &n);
    if (!s || !pc_atom_decode(m, s, n, false, false, NULL, NULL, e->line[PC_AS_SUMMARY]))
        pc_buf_clear(&m->tmp);
    pc_diag_emit(m->ctx, PC_SEV_ERROR, m->file, e->has[PC_AS_SUMMARY] ? e->line[PC_AS_SUMMARY] : e->line_start,
                 0, "arXiv API error: %s", m->tmp.len ? m->tmp.ptr : "(no message)");
    return true;
}

/* RSS: the id from the description, the guid or the link; the abstract
 * part of the description. */
static void find_rss(pc_atom_map *m, pc_atom_arxiv *a)
{
    const pc_atom_entry *e = m->e;
    size_t n, dn;
    const char *s, *desc = pc_atom_text(e, PC_AS_SUMMARY, &dn);
    a->abstract = desc;
    a->abstract_n = dn;
    if (desc) {
        const char *d = desc;
        size_t k = dn;
        pc_trim(&d, &k);
        if (pc_atom_starts_with(d, k, "arXiv:")) {
            a->have_id = pc_arxiv_scan(d + 6, k - 6, &m->idbuf, &a->version) > 0;
            const char *abs = a->have_id ? pc_atom_find(d, k, "Abstract:") : NULL;
            if (abs) {
                a->abstract = abs + 9;
                a->abstract_n = k - (size_t)(a->abstract - d);
            }
        }
    }
    if (!a->have_id && (s = pc_atom_text(e, PC_AS_GUID, &n))) {
        pc_trim(&s, &n);
        if (pc_atom_starts_with(s, n, "oai:arXiv.org:"))
            a->have_id = pc_arxiv_scan(s + 14, n - 14, &m->idbuf, &a->version) == n - 14;
    }
    if (!a->have_id && (s = pc_atom_text(e, PC_AS_LINK, &n)))
        a->have_id = id_from_url(s, n, &m->idbuf, &a->version);
}

void pc_atom_arxiv_find(pc_atom_map *m, pc_atom_arxiv *a)
{
    size_t n;
    const char *s;
    *a = (pc_atom_arxiv){0};
    if (m->kind == PC_ATOM_RSS)
        find_rss(m, a);
    else if ((s = pc_atom_text(m->e, PC_AS_ID, &n)))
        a->have_id = id_from_url(s, n, &m->idbuf, &a->version);
    a->tex = a->have_id || m->e->seen_arxiv;
    if (!a->tex || m->kind != PC_ATOM_RSS)
        a->abstract = NULL; /* the summary: any other feed's (feed.c) */
}

/* The old RSS titles' ". (arXiv:1901.00123v1 [cs.DL] UPDATED)": the id's
 * version and the primary category are taken from it, then it is cut. */
static void title_suffix(pc_atom_map *m, pc_atom_arxiv *a, pc_record *rec)
{
    pc_text *tt = pc_record_text_mut(rec, PC_F_TITLE);
    char *title = tt ? tt->s : NULL; /* cut in place (tt may move: title stays) */
    char *cut = title ? strstr(title, " (arXiv:") : NULL;
    if (!cut || cut == title || title[strlen(title) - 1] != ')')
        return;
    const char *p = cut + 8;
    int v = 0;
    size_t k = pc_arxiv_scan(p, strlen(p), &m->tmp2, &v);
    if (k && (!a->have_id || !strcmp(m->tmp2.ptr, m->idbuf.ptr))) {
        if (!a->have_id) {
            pc_buf_clear(&m->idbuf);
            pc_buf_put(&m->idbuf, m->tmp2.ptr, m->tmp2.len);
        }
        a->have_id = true;
        a->version = a->version ? a->version : v;
        if (p[k] == ' ' && p[k + 1] == '[') {
            const char *close = strchr(p + k + 2, ']');
            if (close && close > p + k + 2)
                pc_record_set(rec, PC_F_ARXIV_CLASS, p + k + 2, (size_t)(close - (p + k + 2)));
        }
    }
    if (cut > title && cut[-1] == '.')
        cut--;
    *cut = '\0';
}

void pc_atom_arxiv_ids(pc_atom_map *m, pc_atom_arxiv *a, pc_record *rec)
{
    const pc_atom_entry *e = m->e;
    if (m->kind == PC_ATOM_RSS && a->tex)
        title_suffix(m, a, rec);
    if (a->have_id) {
        pc_record_set(rec, PC_F_ARXIV_ID, m->idbuf.ptr, m->idbuf.len);
        pc_record_set_arxiv_version(rec, a->version);
    } else if (a->tex && m->kind == PC_ATOM_ATOM && e->has[PC_AS_ID]) {
        size_t n;
        const char *s = pc_atom_text(e, PC_AS_ID, &n);
        pc_diag_emit(m->ctx, PC_SEV_WARNING, m->file, e->line[PC_AS_ID], 0,
                     "not an arXiv abstract URL: \"%.*s\" (no arXiv id kept)", (int)(n > 80 ? 80 : n), s);
    }
    if (e->primary && pc_utf8_valid(e->primary, strlen(e->primary), NULL))
        pc_record_set_str(rec, PC_F_ARXIV_CLASS, e->primary);
}

bool pc_atom_arxiv_abstract(pc_atom_map *m, const pc_atom_arxiv *a, pc_record *rec)
{
    /* arXiv's RSS 1.0 feeds (before 2024) wrapped the TeX abstract in <p>:
     * the tags go first (only then: "$a<b$" is no tag) */
    const char *s = a->abstract;
    size_t n = a->abstract_n;
    pc_trim(&s, &n);
    if (pc_atom_starts_with(s, n, "<p>")) {
        pc_buf_clear(&m->tmp2);
        pc_html_read(s, n, PC_HTML_DOC, &m->tmp2, NULL, NULL);
        s = m->tmp2.ptr; /* pc_atom_decode writes m->tmp only */
        n = m->tmp2.len;
    }
    pc_spanlist markup = {0};
    bool ok = pc_atom_decode(m, s, n, true, false, NULL, &markup, m->e->line[PC_AS_SUMMARY]);
    if (ok && m->tmp.len)
        pc_record_set_abstract(rec, m->tmp.ptr, m->tmp.len, &markup, false);
    pc_spanlist_clear(&markup);
    return ok;
}

void pc_atom_arxiv_announce(pc_atom_map *m, pc_record *rec)
{
    size_t n;
    const char *s = pc_atom_text(m->e, PC_AS_ANNOUNCE, &n);
    if (!s || !pc_atom_decode(m, s, n, false, false, NULL, NULL, m->e->line[PC_AS_ANNOUNCE]) || !m->tmp.len)
        return;
    pc_buf_clear(&m->tmp2);
    pc_buf_puts(&m->tmp2, "arXiv announce type: ");
    pc_buf_put(&m->tmp2, m->tmp.ptr, m->tmp.len);
    pc_record_append(rec, PC_F_NOTE, "; ", m->tmp2.ptr, m->tmp2.len);
}
