# SPDX-License-Identifier: MIT
# gen_xml_shapes.py — hostile shapes for the XML readers of issue 23
# (endnotexml, pubmedxml, mods, wordbib), for tests/robust/test_xml_shapes.sh:
#
#   python3 gen_xml_shapes.py FORMAT SHAPE N OUT
#
# SHAPE: authors (one record of N authors, then a plain record), keywords
# (N keywords; Word XML has none: N URLs), records (N plain records),
# deep (a title nested N elements deep, then a plain record), cut (a
# plain record, then a record without its end tag: the file ends in it).
# Prints the number of records a reader must write ("2", "N", ...).
import sys

fmt, shape, n, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]

F = {
    'endnotexml': dict(
        head='<?xml version="1.0" encoding="UTF-8"?><xml><records>\n', tail='</records></xml>\n',
        open='<record><ref-type name="Journal Article">17</ref-type>', close='</record>\n',
        title='<titles><title>%s</title></titles>', author='<author>Family%d, Given</author>',
        authors='<contributors><authors>%s</authors></contributors>',
        keyword='<keyword>word %d</keyword>', keywords='<keywords>%s</keywords>',
        inline=('<style face="italic">', '</style>')),
    'pubmedxml': dict(
        head='<?xml version="1.0"?>\n<PubmedArticleSet>\n', tail='</PubmedArticleSet>\n',
        open='<PubmedArticle><MedlineCitation><PMID>1</PMID>', close='</MedlineCitation></PubmedArticle>\n',
        title='<Article><ArticleTitle>%s</ArticleTitle></Article>',
        author='<Author><LastName>Family%d</LastName><ForeName>Given</ForeName></Author>',
        authors='<Article><AuthorList>%s</AuthorList></Article>',
        keyword='<Keyword>word %d</Keyword>', keywords='<KeywordList>%s</KeywordList>',
        inline=('<i>', '</i>')),
    'mods': dict(
        head='<?xml version="1.0"?>\n<modsCollection xmlns="http://www.loc.gov/mods/v3">\n',
        tail='</modsCollection>\n', open='<mods>', close='</mods>\n',
        title='<titleInfo><title>%s</title></titleInfo>',
        author='<name type="personal"><namePart type="family">Family%d</namePart></name>', authors='%s',
        keyword='<subject><topic>word %d</topic></subject>', keywords='%s',
        inline=('<relatedItem type="host">', '</relatedItem>')),
    'wordbib': dict(
        head='<?xml version="1.0"?>\n<b:Sources xmlns:b="http://schemas.openxmlformats.org/officeDocument/2006/bibliography">\n',
        tail='</b:Sources>\n', open='<b:Source><b:SourceType>Book</b:SourceType>', close='</b:Source>\n',
        title='<b:Title>%s</b:Title>',
        author='<b:Person><b:Last>Family%d</b:Last></b:Person>',
        authors='<b:Author><b:Author><b:NameList>%s</b:NameList></b:Author></b:Author>',
        keyword='<b:URL>https://example.org/%d</b:URL>', keywords='%s',
        inline=('<b:Extra>', '</b:Extra>')),
}[fmt]

def plain(i):
    return F['open'] + F['title'] % ('Plain %d' % i) + F['close']

with open(out, 'w', encoding='utf-8') as o:
    o.write(F['head'])
    if shape == 'authors':
        o.write(F['open'] + F['title'] % 'Many authors')
        o.write(F['authors'] % ''.join(F['author'] % i for i in range(n)))
        o.write(F['close'] + plain(1))
        want = 2
    elif shape == 'keywords':
        o.write(F['open'] + F['title'] % 'Many keywords')
        o.write(F['keywords'] % ''.join(F['keyword'] % i for i in range(n)))
        o.write(F['close'] + plain(1))
        want = 2
    elif shape == 'records':
        o.write(''.join(plain(i) for i in range(n)))
        want = n
    elif shape == 'deep':
        a, b = F['inline']
        if fmt == 'mods':  # nested hosts: the record's own elements
            o.write(F['open'] + a * n + F['title'] % 'Deep' + b * n + F['close'])
        elif fmt == 'wordbib':
            o.write(F['open'] + a * n + 'x' + b * n + F['close'])
        else:
            o.write(F['open'] + F['title'] % (a * n + 'Deep' + b * n) + F['close'])
        o.write(plain(1))
        want = 1  # the deep one is refused (positioned), the next read
    elif shape == 'cut':
        o.write(plain(1) + F['open'] + F['title'] % 'Cut')
        want = 1
    else:
        sys.exit('unknown shape ' + shape)
    if shape != 'cut':
        o.write(F['tail'])
print(want)
