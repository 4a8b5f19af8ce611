/* SPDX-License-Identifier: MIT */
/* text.c — the text of an entry as the Atom reader's files read it (see
 * atom.h): a slot's raw text, decoded as TeX (arXiv), HTML or plain text
 * into the mapper's scratch, set into a field with its markup, and the
 * byte searches the mappers share (a prefix, a needle).  feed.c, arxiv.c
 * and read.c use them; they use nothing of those. */
#include "atom.h"

bool pc_atom_starts_with(const char *s, size_t n, const char *p)
{
    size_t k = strlen(p);
    return n >= k && memcmp(s, p, k) == 0;
}

const char *pc_atom_find(const char *s, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    for (const char *p = s; k <= n && (p = memchr(p, needle[0], (size_t)(s + n - p))) != NULL; p++)
        if ((size_t)(s + n - p) >= k && memcmp(p, needle, k) == 0)
            return p;
    return NULL;
}

const char *pc_atom_text(const pc_atom_entry *e, pc_atom_slot f, size_t *n)
{
    *n = e->has[f] ? e->text[f].len : 0;
    return e->has[f] ? e->text[f].ptr : NULL;
}

bool pc_atom_decode(pc_atom_map *m, const char *s, size_t n, bool tex, bool html,
                    pc_strlist *protect, pc_spanlist *markup, unsigned long line)
{
    pc_buf_clear(&m->tmp);
    if (!pc_utf8_valid(s, n, NULL)) { /* libxml2 checks it: a second line of defence */
        pc_diag_emit(m->ctx, PC_SEV_ERROR, m->file, line, 0, "invalid UTF-8 in the text");
        return false;
    }
    if (tex) {
        pc_latex_report rep = {0};
        pc_latex_decode_marked(s, n, &m->tmp, protect, markup, &rep);
        if (rep.n_unknown)
            pc_diag_emit(m->ctx, PC_SEV_WARNING, m->file, line, 0,
                         "%zu unknown LaTeX command(s) kept as written (first: %s)", rep.n_unknown,
                         rep.first_name);
    } else if (html) {
        pc_html_read(s, n, PC_HTML_DOC, &m->tmp, markup, NULL);
    } else {
        pc_buf_put_folded(&m->tmp, s, n);
        pc_utf8_nfc(&m->tmp);
    }
    return true;
}

bool pc_atom_set(pc_atom_map *m, pc_record *rec, pc_field dst, pc_atom_slot f, bool tex)
{
    size_t n;
    const char *s = pc_atom_text(m->e, f, &n);
    if (!s)
        return true;
    pc_spanlist markup = {0};
    bool ok = pc_atom_decode(m, s, n, tex, m->e->html[f], NULL, &markup, m->e->line[f]);
    if (ok && dst == PC_F_ABSTRACT)
        pc_record_set_abstract(rec, m->tmp.ptr, m->tmp.len, &markup, false);
    else if (ok)
        pc_record_set_rich(rec, dst, m->tmp.ptr, m->tmp.len, &markup);
    pc_spanlist_clear(&markup);
    return ok;
}
