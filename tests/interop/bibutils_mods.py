# SPDX-License-Identifier: MIT
# bibutils_mods.py — compares the records of a MODS file that a bibutils
# program wrote (endx2xml, med2xml, modsclean, bib2xml ...) with the model
# paperconv holds (pctool dump), for tests/interop/test_bibutils_xml.sh.
#
#   python3 bibutils_mods.py MODE MODS DUMP
#   python3 bibutils_mods.py models DUMP DUMP   two models, compared alike
#   python3 bibutils_mods.py titles MODS DUMP   the record count and titles only
#     (wordbib2xml reads next to nothing of Word XML: research notes 7.9)
#
# Compared, per record in order: the title (bibutils splits "Title: Sub"
# into title and subTitle: joined again; compared without case, spaces and
# punctuation), the family names of the personal authors (organisations
# are left out: bibutils splits "World Health Organization," into a
# person; and mononyms, which it drops), the year, the DOI, the first
# page.  bibutils' type tables put some other roles with the authors (the
# performer of a recording, a film's director) and leave some fields
# unread (a legal case's pages): the model's authors must be among its
# authors, in order, and a year, DOI or page must agree where both have
# one, and both must have at least half of the model's.  MODE says what
# else bibutils is known to lose (med2xml: the text of inline elements of
# a title): "exact" or "pubmed".  Prints "#" lines for each difference and
# exits 1 if there is one.
import re, sys, xml.etree.ElementTree as ET

M = '{http://www.loc.gov/mods/v3}'


def strip(s):
    return ' '.join((s or '').split())


def norm(s):
    return re.sub(r'[\W_]+', '', s or '').lower()


def norm_family(s):
    # bibutils glues a suffix to the family name ("Smith III", "King Jr.")
    return norm(re.sub(r'[ ,]+(Jr|Sr|II|III|IV|2nd|3rd)\.?$', '', s or ''))


def norm_doi(s):
    return re.sub(r'^(https?://(dx\.)?doi\.org/|doi:)', '', (s or '').strip(), flags=re.I).lower()


def mods_records(path):
    data = open(path, encoding='utf-8-sig').read()
    root = ET.fromstring(data)
    recs = [root] if root.tag == M + 'mods' else root.findall(M + 'mods')
    out = []
    for r in recs:
        ti = r.find(M + 'titleInfo')
        title = ''
        for t in r.findall(M + 'titleInfo'):
            if t.get('type') is None:
                ti = t
                break
        if ti is not None:
            title = (ti.findtext(M + 'title') or '')
            if ti.findtext(M + 'subTitle'):
                title += ': ' + ti.findtext(M + 'subTitle')
        fams = []
        for n in r.findall(M + 'name'):
            roles = [t.text for t in n.iter(M + 'roleTerm')]
            if roles and not any(x in ('author', 'aut') for x in roles):
                continue
            fam = [p.text for p in n.findall(M + 'namePart') if p.get('type') == 'family']
            if n.get('type') == 'personal' and fam:
                fams.append(strip(fam[0]))
        dates = [e.text for e in r.iter(M + 'dateIssued')] + [e.text for e in r.iter(M + 'date')]
        years = [m.group(0) for d in dates if d for m in [re.search(r'\d{4}', d)] if m]
        dois = [e.text for e in r.iter(M + 'identifier') if e.get('type') == 'doi']
        starts = [e.findtext(M + 'start') for e in r.iter(M + 'extent')] + \
                 [d.findtext(M + 'number') for d in r.iter(M + 'detail') if d.get('type') == 'page']
        starts = [re.split(r'[-\u2013\s]', s.strip())[0] for s in starts if s and s.strip()]
        out.append({'title': strip(title), 'fams': fams, 'year': years[0] if years else '',
                    'doi': strip(dois[0]) if dois else '', 'page': strip(starts[0]) if starts else ''})
    return out


def model_records(path):
    recs = []
    for line in open(path, encoding='utf-8'):
        line = line.rstrip('\n')
        f = line.split('\t')
        if f[0] == '@':
            cur = {'title': '', 'fams': [], 'orgs': [], 'year': '', 'doi': '', 'page': ''}
            recs.append(cur)
        elif f[0] == 'title':
            cur['title'] = f[1] + cur['title']
        elif f[0] == 'subtitle':
            cur['title'] += ': ' + f[1]
        elif f[0] == 'author' and len(f) > 1:
            parts = f[1].split('|')
            if parts[4]:
                cur['orgs'].append(parts[4])
            elif parts[0] or ' ' in parts[2]:  # bibutils drops a mononym
                cur['fams'].append((parts[1] + ' ' + parts[2]).strip())
        elif f[0] == 'date' and not cur['year']:
            m = re.search(r'\d{4}', f[1])
            cur['year'] = m.group(0) if m else ''
        elif f[0] == 'doi':
            cur['doi'] = f[1]
        elif f[0] == 'pages':
            cur['page'] = re.split(r'[-\u2013\s]', f[1])[0]
    return recs


def main():
    mode, mods, dump = sys.argv[1:4]
    a = model_records(mods) if mode == 'models' else mods_records(mods)
    b = model_records(dump)
    # bibutils makes a record of a BibTeX @preamble: no title, no name
    a = [x for x in a if x['title'] or x['fams']]
    b = [x for x in b if x['title'] or x['fams']]
    bad = []
    if len(a) != len(b):
        bad.append('%d records in the MODS, %d in the model' % (len(a), len(b)))
    agree = {'year': [0, 0], 'doi': [0, 0], 'page': [0, 0]}
    for i, (x, y) in enumerate(zip(a, b), 1):
        if mode == 'pubmed':
            # med2xml drops the text of <i>, <sup>, <sub>: its title's words are ours
            words = [w for w in re.split(r'\W+', x['title'].lower()) if w]
            ok = all(w in y['title'].lower() for w in words)
        else:
            ok = norm(x['title']) == norm(y['title'])
        theirs = iter([norm_family(f) for f in x['fams']])
        fams_ok = all(any(t == norm_family(f) for t in theirs) for f in y['fams'])  # ours, in order, among theirs
        if mode == 'models' and not x['title']:
            ok = True  # bibutils' @inbook: the title is the host's (its chapter has none)
        if not ok:
            bad.append('record %d title: %r != model %r' % (i, x['title'], y['title']))
        if not fams_ok and mode != 'titles':
            bad.append('record %d authors: %r do not hold the model\'s %r' % (i, x['fams'], y['fams']))
        if mode == 'titles':
            continue
        for k in agree:
            if not y[k]:
                continue
            agree[k][1] += 1
            if mode == 'pubmed' and k == 'year':
                agree[k][0] += 1  # med2xml takes the electronic date's day into PubDate's year
            elif x[k] and (norm_doi(x[k]) != norm_doi(y[k]) if k == 'doi' else x[k].lower() != y[k].lower()):
                bad.append('record %d %s: %r != model %r' % (i, k, x[k], y[k]))
            elif x[k]:
                agree[k][0] += 1
    for k, (got, of) in agree.items():
        if 2 * got < of:
            bad.append('%s: only %d of the model\'s %d read' % (k, got, of))
    for l in bad[:12]:
        print('# ' + l)
    sys.exit(1 if bad else 0)


main()
